"""Every snapshot under examples/snapshots/ diagnoses to what its expected.yaml says - the
file `jobdoctor eval examples/snapshots` scores - and the examples cover every kind.

A new example is its folder: the snapshot and an expected.yaml beside objects.yaml (written
by tests/cases/generate.py or tests/kinds/generate.py for the examples they make).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.diagnosis import diagnose
from agent.evaluation import compare, load_case
from collectors.collecting import Target
from collectors.kinds import resolve_kind
from collectors.snapshot import SnapshotSource
from tests.conftest import EXAMPLES

SNAPSHOTS = sorted(p.parent for p in EXAMPLES.glob("*/objects.yaml"))


def workload_of(snapshot: Path) -> Target:
    """The workload an example shows, as its expected.yaml names it."""
    case = load_case(snapshot)
    return Target(case.kind, case.name, case.namespace)


def test_every_example_has_an_expected_yaml() -> None:
    assert SNAPSHOTS
    assert [s.name for s in SNAPSHOTS if not (s / "expected.yaml").is_file()] == []


@pytest.mark.parametrize("snapshot", SNAPSHOTS, ids=[s.name for s in SNAPSHOTS])
def test_example_diagnoses_as_expected(snapshot: Path) -> None:
    case = load_case(snapshot)
    verdict = diagnose(workload_of(snapshot), SnapshotSource(snapshot))
    assert compare(case, verdict) == [], verdict.error
    assert not verdict.healthy
    assert verdict.evidence, "an example shows why"
    # Where: the pod that failed first. A queue, a gang or a deadline holds the whole
    # workload, and its decisive line names no pod.
    assert verdict.culprit is not None or verdict.evidence[0].pod is None, "an example shows where"


def test_examples_cover_every_kind() -> None:
    kinds = {resolve_kind(load_case(s).kind).kind for s in SNAPSHOTS}
    assert {
        "PyTorchJob",
        "TFJob",
        "XGBoostJob",
        "PaddleJob",
        "JAXJob",
        "MPIJob",
        "Job",
        "Pod",
        "TrainJob",
        "JobSet",
        "RayJob",
    } <= kinds
