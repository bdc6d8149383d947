"""A cluster of many workloads for triage tests: cases and examples moved to one moment and
served together by the fake API server."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from agent.evaluation import Case, load_case, snapshot_of
from tests.conftest import CASES, EXAMPLES
from tests.fakeapi.store import Store
from tests.triage.retiming import retimed, utc

# The moment the cluster is observed at.
NOW = utc("2026-11-20T12:00:00Z")

# Failed, pending, queued, stalled and healthy workloads of eleven kinds, each in its own
# namespace. Every one gives its expected verdict once moved in time (checked below).
FOLDERS = [
    EXAMPLES / "pytorchjob-gpu-oom-cascade",  # PyTorchJob failed: gpu-oom
    EXAMPLES / "jaxjob-xla-oom",  # JAXJob failed: gpu-oom
    EXAMPLES / "job-hub-download-timeout",  # Job failed: network-error
    EXAMPLES / "rayjob-driver-missing-module",  # RayJob failed: dependency-error
    EXAMPLES / "trainjob-child-job-deadline",  # TrainJob failed: deadline-exceeded
    EXAMPLES / "jobset-restart-gpu-oom",  # JobSet failed: gpu-oom
    EXAMPLES / "volcano-job-gang-unschedulable",  # Volcano Job pending: unschedulable
    EXAMPLES / "pytorchjob-kueue-quota-pending",  # PyTorchJob queued by Kueue: quota-exceeded
    CASES / "stalled-mpijob-horovod-stall-inspector",  # MPIJob running, stalled
    CASES / "stalled-pod-restart-loop-exit-zero",  # a bare Pod restarting on exit 0: stalled
    CASES / "healthy-tfjob-worker-restarted-hours-ago",  # running for hours: checked, fine
    CASES / "healthy-job-training-continues-while-metrics-nvml-fails",  # running: checked, fine
    CASES / "healthy-tfjob-succeeded-traceback-in-logs",  # succeeded: not checked
    CASES / "healthy-job-pending-autoscaler-scaling-up",  # pending, a node on its way
]
# Failed three days before NOW: outside --since 24h.
OLD = EXAMPLES / "xgboostjob-worker-evicted"


@dataclass(frozen=True)
class Served:
    cases: list[Case]  # what each served workload should be diagnosed as
    old: Case


def serve(store: Store, tmp: Path, *, now: datetime = NOW) -> Served:
    """Adds every folder, moved to ``now`` (OLD to three days before), to ``store``."""
    from datetime import timedelta

    cases = []
    for folder in FOLDERS:
        case = load_case(folder)
        store.add_snapshot(retimed(snapshot_of(folder), tmp / folder.name, now), namespace=case.namespace)
        cases.append(case)
    old = load_case(OLD)
    store.add_snapshot(retimed(snapshot_of(OLD), tmp / OLD.name, now - timedelta(days=3)), namespace=old.namespace)
    assert not store.unserved
    return Served(cases, old)
