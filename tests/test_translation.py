"""Every case under tests/cases (and every example) diagnosed in Chinese: the same verdict in
other words. Two checks on the prose - Error, Analysis, Solution:

- composed: diagnosed with a translator that brackets each message, nothing is left outside
  the brackets but spaces and punctuation - every sentence the engine writes goes through the
  catalogue, with its parameters inside it;
- translated: diagnosed in zh_CN, no English sentence of the engine's (a message it asked the
  catalogue for, or a piece of one between placeholders) is left in the prose, except where
  the workload's own text (a quoted log line, an event, a pod's status) says the same.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agent.diagnosis import gather
from agent.engine.rules import judge
from agent.engine.signatures import builtin_catalogue
from agent.engine.verdict import Verdict
from agent.evaluation import load_case
from agent.i18n import Translator, translator
from collectors.collecting import Target
from collectors.fields import pod_summary
from collectors.snapshot import SnapshotSource
from tests.conftest import CASES, EXAMPLES, case_dirs

FOLDERS = case_dirs(CASES) + sorted(p.parent for p in EXAMPLES.glob("*/expected.yaml"))
PROSE = ("error", "analysis", "solution")
# What the words must not change.
FACTS = {"healthy", "category", "culprit", "signature", "target", "status", "engine", "notes"}
OPEN, CLOSE = "\u27e6", "\u27e7"
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%%")
CJK = re.compile(r"[\u4e00-\u9fff]")


class Marking:
    """Brackets every message it is asked for, so what was composed outside the catalogue shows."""

    def gettext(self, message: str, /) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return f"{OPEN}{singular if n == 1 else plural}{CLOSE}"


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


def outside_brackets(text: str) -> str:
    """What of ``text`` is not inside a (possibly nested) bracketed message."""
    out, depth = [], 0
    for ch in text:
        if ch == OPEN:
            depth += 1
        elif ch == CLOSE:
            depth -= 1
        elif depth == 0:
            out.append(ch)
    assert depth == 0, text
    return "".join(out)


def english_pieces(message: str) -> list[str]:
    """The runs of a message between its placeholders that are English words (two at least)."""
    pieces = (p.strip(" .,;:()-\"'") for p in PLACEHOLDER.split(message))
    return [p for p in pieces if len(re.findall(r"[A-Za-z]{2,}", p)) >= 2]


def workload_text(folder: Path, evidence: object) -> str:
    """Everything the workload itself says: the snapshot's files, and the pod states and notes
    the collectors word (they are Kubernetes' facts, quoted as they are)."""
    files = " ".join(p.read_text(encoding="utf-8", errors="replace") for p in folder.rglob("*") if p.is_file())
    pods = [pod_summary(p) for p in getattr(evidence, "pods")]
    return " ".join([files, *pods, *getattr(evidence, "notes")])


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_every_case_reads_in_chinese(folder: Path) -> None:
    case = load_case(folder)
    snapshot = folder / "snapshot" if (folder / "snapshot").is_dir() else folder
    evidence = gather(Target(case.kind, case.name, case.namespace), SnapshotSource(snapshot))
    catalogue = builtin_catalogue()
    english = judge(evidence, catalogue)
    asked = Recording(translator("zh"))
    chinese: Verdict = judge(evidence, catalogue, tr=asked)
    marked = judge(evidence, catalogue, tr=Marking())

    assert chinese.model_dump(include=FACTS) == english.model_dump(include=FACTS)
    assert [(e.source, e.pod, e.container) for e in chinese.evidence] == \
        [(e.source, e.pod, e.container) for e in english.evidence]

    bare = {field: outside_brackets(getattr(marked, field)) for field in PROSE}
    assert not [v for v in bare.values() if re.search(r"\w", v)], f"composed outside the catalogue: {bare}"

    prose = " ".join(getattr(chinese, field) for field in PROSE)
    assert all(CJK.search(getattr(chinese, field)) for field in PROSE), prose
    said = workload_text(snapshot, evidence)
    left = sorted({piece for message in asked.asked for piece in english_pieces(message)
                   if piece in prose and piece not in said})
    assert not left, f"English left in the Chinese verdict: {left}\n{prose}"
