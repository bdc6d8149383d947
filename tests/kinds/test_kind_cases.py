"""The cases under tests/kinds/: each verdict agrees with its expected.yaml as ``jobdoctor
eval`` scores it, and the folders are what tests/kinds/scenarios.py writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.diagnosis import diagnose
from agent.evaluation import compare, load_case
from collectors.collecting import Target
from collectors.snapshot import SnapshotSource
from tests.kinds.generate import HERE, differences
from tests.kinds.scenarios import EXAMPLE_CASES, SCENARIOS

FOLDERS = sorted(p.parent for p in HERE.glob("*/expected.yaml"))


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_verdict_matches_expected(folder: Path) -> None:
    case = load_case(folder)
    verdict = diagnose(Target(case.kind, case.name, case.namespace), SnapshotSource(folder / "snapshot"))
    assert compare(case, verdict) == [], verdict.error


def test_every_new_kind_has_a_case_and_an_example() -> None:
    kinds = {load_case(f).kind.lower() for f in FOLDERS}
    assert {"trainjob", "jobset", "rayjob", "vcjob", "pytorchjob", "job"} <= kinds
    assert len(FOLDERS) == len(SCENARIOS) and set(EXAMPLE_CASES.values()) <= {f.name for f in FOLDERS}


def test_folders_are_what_the_scenarios_write() -> None:
    assert differences() == [], "run: python -m tests.kinds.generate"
