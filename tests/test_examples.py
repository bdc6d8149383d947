"""Every snapshot under examples/snapshots/ diagnoses, to the category it was made to show.

The workload is found in the snapshot itself (the object of a known kind that nothing owns),
so a new example needs only its folder and a row in ``EXPECTED``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from agent.diagnosis import diagnose
from collectors.collecting import Target
from collectors.errors import UnknownKind
from collectors.kinds import resolve_kind
from collectors.snapshot import SnapshotSource
from tests.conftest import EXAMPLES

# example folder -> the category its verdict must name
EXPECTED = {
    "pytorchjob-gpu-oom-cascade": "gpu-oom",
    "tfjob-ps-oom-cascade": "oom-killed",
    "xgboostjob-worker-evicted": "evicted",
    "paddlejob-dataloader-oom": "oom-killed",
    "jaxjob-xla-oom": "gpu-oom",
    "mpijob-launcher-rank-killed": "oom-killed",
    "job-hub-download-timeout": "network-error",
    "pod-vllm-kv-cache-oom": "gpu-oom",
    "trainjob-child-job-deadline": "deadline-exceeded",
    "jobset-restart-gpu-oom": "gpu-oom",
    "rayjob-driver-missing-module": "dependency-error",
    "volcano-job-gang-unschedulable": "unschedulable",
    "pytorchjob-kueue-quota-pending": "quota-exceeded",
}

SNAPSHOTS = sorted(p.parent for p in EXAMPLES.glob("*/objects.yaml"))


def _objects(snapshot: Path) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for doc in yaml.safe_load_all((snapshot / "objects.yaml").read_text(encoding="utf-8")):
        if doc:
            out.extend(doc["items"] if str(doc.get("kind", "")).endswith("List") else [doc])
    return out


def _is_workload_kind(kind: str) -> bool:
    try:
        resolve_kind(kind)
    except UnknownKind:
        return False
    return True


def workload_of(snapshot: Path) -> Target:
    """The one object of a workload kind with no owner: a Pod owned by a Job is not it."""
    tops = [o for o in _objects(snapshot) if _is_workload_kind(o["kind"]) and not o["metadata"].get("ownerReferences")]
    assert len(tops) == 1, f"{snapshot.name}: expected one unowned workload, found {[o['kind'] for o in tops]}"
    meta = tops[0]["metadata"]
    group = tops[0]["apiVersion"].rpartition("/")[0]  # a Volcano Job is not a batch Job
    return Target(f"{tops[0]['kind']}.{group}" if group else tops[0]["kind"], meta["name"], meta["namespace"])


def test_every_example_has_an_expected_category() -> None:
    assert {s.name for s in SNAPSHOTS} == set(EXPECTED)


@pytest.mark.parametrize("snapshot", SNAPSHOTS, ids=[s.name for s in SNAPSHOTS])
def test_example_diagnoses_to_its_category(snapshot: Path) -> None:
    verdict = diagnose(workload_of(snapshot), SnapshotSource(snapshot))
    assert verdict.category == EXPECTED[snapshot.name], verdict.error
    assert not verdict.healthy
    assert verdict.evidence, "an example shows why"
    # Where: the pod that failed first. A queue, a gang or a deadline holds the whole
    # workload, and its decisive line names no pod.
    assert verdict.culprit is not None or verdict.evidence[0].pod is None, "an example shows where"


def test_examples_cover_every_kind() -> None:
    kinds = {resolve_kind(workload_of(s).kind).kind for s in SNAPSHOTS}
    assert {"PyTorchJob", "TFJob", "XGBoostJob", "PaddleJob", "JAXJob", "MPIJob", "Job", "Pod", "TrainJob", "JobSet",
            "RayJob"} <= kinds
