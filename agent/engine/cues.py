"""Words that point at a category when nothing names the cause: a guess, said as one.

A pod failed and no signature reads a cause or a symptom in anything collected: the rules
would say ``unknown``. The pod's last error lines - those only the catalogue's hints read
("error", "failed", a logger's ERROR level) - often still say in plain words where the failure
lies: "NCCL", "CUDA", "Connection reset", "not found". ``guess`` names the category they point
at, and the verdict says it is a guess (low confidence) - a better start than no category, and
the line a model review or a new signature takes from there. cues.yaml holds the words, most
telling first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import yaml

from agent.engine.errorlines import ErrorReader
from agent.engine.taxonomy import is_category
from collectors.evidence import LogDigest, LogLine

# How far back from a log's end an error line still counts: the failure is at the end.
LAST_LINES = 200


@dataclass(frozen=True)
class Cue:
    category: str
    pattern: re.Pattern[str]


@dataclass(frozen=True)
class Guess:
    category: str
    digest: LogDigest
    line: LogLine
    cue: Cue


@lru_cache(maxsize=1)
def cues() -> tuple[Cue, ...]:
    """The cues of cues.yaml, in order; a category the taxonomy does not know is an error."""
    text = resources.files("agent.engine").joinpath("cues.yaml").read_text(encoding="utf-8")
    out = []
    for entry in yaml.safe_load(text)["cues"]:
        if not is_category(entry["category"]):
            raise ValueError(f"cues.yaml: {entry['category']!r} is no taxonomy category")
        out.append(Cue(entry["category"], re.compile(entry["pattern"])))
    return tuple(out)


def guess(logs: list[LogDigest], errors: ErrorReader) -> Guess | None:
    """The category the last error line of ``logs`` (one pod's) points at, if any line's words do."""
    lines = [(d, ln) for d in logs for ln in d.kept() if ln.line > d.lines - LAST_LINES]
    for d, ln in sorted(lines, key=lambda x: (x[1].time is not None, x[1].time, x[1].line), reverse=True):
        ids = errors.catalogue.line_matcher.classify(ln.text)
        if not (errors.hinted(ids) and errors.unexplained(d, ln.text, ids)):
            continue
        cue = next((c for c in cues() if c.pattern.search(ln.text)), None)
        if cue is not None:
            return Guess(cue.category, d, ln, cue)
    return None
