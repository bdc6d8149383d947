"""Evidence built in memory, for table tests of the pure core.

Times are minutes relative to ``NOW``: ``at(-30)`` is half an hour before the evidence was
read. Logs go through the real scanner with the built-in catalogue, so a test states log
lines, not matches.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta, timezone
from typing import Any

from agent.engine.signatures import builtin_catalogue
from collectors.evidence import (
    Condition,
    ContainerFacts,
    ContainerInstance,
    EventFacts,
    Evidence,
    LogDigest,
    PodFacts,
    RelatedFacts,
    ReplicaFacts,
    WorkloadFacts,
)
from collectors.logs import scan_log

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=timezone.utc)


def at(minutes: float) -> datetime:
    return NOW + timedelta(minutes=minutes)


def running(started: float = -120) -> ContainerInstance:
    return ContainerInstance(state="running", started_at=at(started))


def terminated(exit_code: int, finished: float, reason: str | None = None, started: float = -120) -> ContainerInstance:
    return ContainerInstance(
        state="terminated",
        exit_code=exit_code,
        reason=reason or ("Completed" if exit_code == 0 else "Error"),
        started_at=at(started),
        finished_at=at(finished),
    )


def waiting(reason: str, message: str | None = None) -> ContainerInstance:
    return ContainerInstance(state="waiting", reason=reason, message=message)


def pod(
    name: str,
    current: ContainerInstance | None = None,
    *,
    role: str | None = None,
    index: int | None = None,
    phase: str | None = None,
    last: ContainerInstance | None = None,
    restarts: int = 0,
    container: str = "main",
    conditions: Sequence[Condition] = (),
    reason: str | None = None,
    message: str | None = None,
    created: float = -130,
) -> PodFacts:
    current = current or running()
    if phase is None:
        phase = {"running": "Running", "waiting": "Pending", "unknown": "Pending"}.get(current.state) or (
            "Succeeded" if current.exit_code == 0 else "Failed"
        )
    return PodFacts(
        name=name,
        role=role,
        index=index,
        phase=phase,
        node="node-1",
        reason=reason,
        message=message,
        created_at=at(created),
        started_at=at(created + 1),
        conditions=list(conditions),
        containers=[
            ContainerFacts(name=container, current=current, last=last, restart_count=restarts or (1 if last else 0))
        ],
    )


def unschedulable(name: str, message: str, since: float = -60, **kw: Any) -> PodFacts:
    return pod(
        name,
        ContainerInstance(state="unknown"),
        phase="Pending",
        created=since,
        conditions=[
            Condition(type="PodScheduled", status="False", reason="Unschedulable", message=message, time=at(since))
        ],
        **kw,
    )


def event(
    reason: str,
    message: str,
    *,
    obj: str,
    kind: str = "Pod",
    type_: str = "Warning",
    first: float = -60,
    last: float | None = None,
    count: int = 1,
) -> EventFacts:
    return EventFacts(
        type=type_,
        reason=reason,
        message=message,
        count=count,
        first_seen=at(first),
        last_seen=at(last if last is not None else first),
        object_kind=kind,
        object_name=obj,
    )


def log(pod_name: str, lines: Sequence[str], *, container: str = "main", previous: bool = False) -> LogDigest:
    data = ("\n".join(lines) + "\n").encode()
    return scan_log(
        [data], builtin_catalogue().line_matcher, pod=pod_name, container=container, previous=previous, year=NOW.year
    )


def condition(
    type_: str, status: str = "True", reason: str | None = None, message: str | None = None, time: float = -1
) -> Condition:
    return Condition(type=type_, status=status, reason=reason, message=message, time=at(time))


def evidence(
    pods: Sequence[PodFacts] = (),
    *,
    kind: str = "PyTorchJob",
    status: str = "Failed",
    conditions: Sequence[Condition] = (),
    events: Sequence[EventFacts] = (),
    logs: Sequence[LogDigest] = (),
    related: Sequence[RelatedFacts] = (),
    replicas: Sequence[ReplicaFacts] | None = None,
    name: str = "train",
    namespace: str = "ml",
    created: float = -130,
) -> Evidence:
    family = {"PyTorchJob": "kubeflow", "MPIJob": "kubeflow", "Job": "job", "Pod": "pod"}[kind]
    operator = "training-operator" if family == "kubeflow" else None
    if replicas is None:
        roles = sorted({p.role for p in pods if p.role})
        replicas = [
            ReplicaFacts(
                role=r, expected=sum(1 for p in pods if p.role == r), created=sum(1 for p in pods if p.role == r)
            )
            for r in roles
        ]
    workload = WorkloadFacts(
        kind=kind,
        api_version="kubeflow.org/v1",
        name=name,
        namespace=namespace,
        family=family,
        status=status,
        conditions=list(conditions),
        replicas=list(replicas),
        created_at=at(created),
        primary_roles=["master", "launcher"],
        operator=operator,
    )
    return Evidence(
        workload=workload, pods=list(pods), events=list(events), logs=list(logs), related=list(related), now=NOW
    )


NCCL_TIMEOUT = (
    "[rank3]:[E ProcessGroupNCCL.cpp:563] [Rank 3] Watchdog caught collective operation timeout: "
    "WorkNCCL(SeqNum=77, OpType=ALLREDUCE, Timeout(ms)=600000) ran for 600031 milliseconds before timing out."
)
CUDA_OOM = (
    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB"
)
TRAINING = [
    "{'loss': 1.52, 'learning_rate': 2e-05, 'epoch': 0.1}",
    "{'loss': 1.41, 'learning_rate': 2e-05, 'epoch': 0.2}",
]
