"""Every case under tests/cases (and every example) diagnosed in Chinese: the same verdict in
other words. Two checks on the prose - Error, Analysis, Solution and the confidence's reason:

- composed: diagnosed with a translator that blots out every message's own words (keeping
  its placeholders), what is left are the values put into them, and each is the workload's
  own text (a quoted line, an event, a pod's state, a note) or a name, a time, an id - never
  words the engine wrote without the catalogue;
- translated: diagnosed in zh_CN, no English sentence of the engine's (a message it asked the
  catalogue for, or a piece of one between placeholders) is left in the prose, except where
  the workload's own text says the same.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agent.diagnosis import gather
from agent.engine.findings import event_text
from agent.engine.rules import judge
from agent.engine.signatures import builtin_catalogue
from agent.engine.verdict import Verdict
from agent.evaluation import load_case
from agent.i18n import Translator, translator
from collectors.collecting import Target
from collectors.evidence import Evidence
from collectors.fields import pod_summary
from collectors.snapshot import SnapshotSource
from tests.conftest import CASES, EXAMPLES, case_dirs

FOLDERS = case_dirs(CASES) + sorted(p.parent for p in EXAMPLES.glob("*/expected.yaml"))
PROSE = ("error", "analysis", "solution")
# What the words must not change.
FACTS = {"healthy", "category", "culprit", "signature", "target", "status", "engine", "notes", "confidence"}
# Prose the engine writes besides the three fields, when there is any.
MORE_PROSE = ("confidence_reason",)
BLOT = "\u2591"
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%%")
CJK = re.compile(r"[\u4e00-\u9fff]")
CUT = re.compile(r"\[… [\d,]+ chars cut\]|…")
TWO_WORDS = re.compile(r"[A-Za-z]{2,}[,;:]? +[A-Za-z]{2,}")


class Blotting:
    """Blots out every message's own text, placeholders kept: what the engine then writes that
    is not blotted was put in through a placeholder, or written without the catalogue."""

    def gettext(self, message: str, /) -> str:
        return re.sub(r"(%\(\w+\)[sd])|[^%]+|%%?", lambda m: m.group(1) or BLOT, message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return self.gettext(singular if n == 1 else plural)


class Recording:
    """A translator that remembers which messages it was asked for."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.asked: set[str] = set()

    def gettext(self, message: str, /) -> str:
        self.asked.add(message)
        return self.tr.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        self.asked.update((singular, plural))
        return self.tr.ngettext(singular, plural, n)


def flat(text: str) -> str:
    return " ".join(text.split())


def strings(value: object) -> list[str]:
    """Every string in a dumped model."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in strings(v)]
    return []


def workload_words(evidence: Evidence) -> str:
    """Everything the workload itself says, as the collectors read and word it: log lines,
    events, conditions, pod and container states (Kubernetes' facts, quoted as they are)."""
    said = strings(evidence.model_dump())
    said += [pod_summary(p) for p in evidence.pods]
    said += [i.describe() for p in evidence.pods for c in p.containers for i in (c.current, c.last) if i]
    said += [text for f in evidence.status_facts() for text in (f.text, f.subject)]
    said += [f.text for f in evidence.clean_exit_facts()]
    said += [text for e in evidence.events for text in (event_text(e), f"{e.object_kind} {e.object_name}")]
    said += [evidence.workload.ref, *(f"{r.kind} {r.name}" for r in evidence.related)]  # names: "Pod ns/x"
    return "\n".join(flat(s) for s in said)


def written_outside_the_catalogue(text: str, said: str) -> list[str]:
    """The values in a blotted text that are neither the workload's words nor a single token
    (a name, a time, a duration, an id)."""
    odd = []
    for run in re.split(BLOT + "+", text):
        for piece in CUT.split(run):
            piece = flat(piece).strip(" .,;:()-\"'")
            if TWO_WORDS.search(piece) and piece not in said:
                odd.append(piece)
    return odd


def english_pieces(message: str) -> list[str]:
    """The runs of a message between its placeholders that are English words (two at least)."""
    pieces = (p.strip(" .,;:()-\"'") for p in PLACEHOLDER.split(message))
    return [p for p in pieces if len(re.findall(r"[A-Za-z]{2,}", p)) >= 2]


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_every_case_reads_in_chinese(folder: Path) -> None:
    case = load_case(folder)
    snapshot = folder / "snapshot" if (folder / "snapshot").is_dir() else folder
    evidence: Evidence = gather(Target(case.kind, case.name, case.namespace), SnapshotSource(snapshot))
    catalogue = builtin_catalogue()
    english = judge(evidence, catalogue)
    asked = Recording(translator("zh"))
    chinese: Verdict = judge(evidence, catalogue, tr=asked)
    blotted = judge(evidence, catalogue, tr=Blotting())

    assert chinese.model_dump(include=FACTS) == english.model_dump(include=FACTS)
    assert [(e.source, e.pod, e.container) for e in chinese.evidence] == [
        (e.source, e.pod, e.container) for e in english.evidence
    ]

    said = workload_words(evidence)
    odd = {field: written_outside_the_catalogue(getattr(blotted, field) or "", said) for field in PROSE + MORE_PROSE}
    assert not any(odd.values()), f"written without the catalogue: {odd}"

    prose = " ".join(getattr(chinese, field) or "" for field in PROSE + MORE_PROSE)
    assert all(CJK.search(getattr(chinese, field)) for field in PROSE), prose
    assert (chinese.confidence_reason is None) is (english.confidence_reason is None)
    left = sorted(
        {piece for message in asked.asked for piece in english_pieces(message) if piece in prose and piece not in said}
    )
    assert not left, f"English left in the Chinese verdict: {left}\n{prose}"
