"""Which listed workloads triage diagnoses (agent/triage/selecting.py): the watcher's
triggers, owners left to their owned, one row per workload, oldest first."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from agent.triage.selecting import Listed, parse_duration, select
from collectors.kinds import resolve_kind

NOW = datetime(2026, 5, 14, 12, 0, tzinfo=timezone.utc)


def ts(minutes: float) -> str:
    return (NOW + timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M:%SZ")


def job(
    name: str,
    created: float,
    conditions: list[tuple[str, float]] = (),
    *,  # type: ignore[assignment]
    active: int = 0,
    owner: tuple[str, str] | None = None,
) -> dict[str, Any]:
    meta: dict[str, Any] = {"name": name, "namespace": "ns", "uid": f"uid-{name}", "creationTimestamp": ts(created)}
    if owner is not None:
        meta["ownerReferences"] = [
            {"apiVersion": owner[0], "kind": owner[1], "name": "o", "uid": "o", "controller": True}
        ]
    return {
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": meta,
        "status": {
            "active": active,
            "startTime": ts(created),
            "conditions": [{"type": t, "status": "True", "lastTransitionTime": ts(at)} for t, at in conditions],
        },
    }


def pod(name: str, phase: str, *, created: float, finished: float | None = None, owned: bool = False) -> dict[str, Any]:
    meta: dict[str, Any] = {"name": name, "namespace": "ns", "uid": f"uid-{name}", "creationTimestamp": ts(created)}
    if owned:
        meta["ownerReferences"] = [
            {"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "rs", "uid": "rs", "controller": True}
        ]
    statuses = (
        []
        if finished is None
        else [{"name": "main", "state": {"terminated": {"exitCode": 1, "finishedAt": ts(finished)}}}]
    )
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": meta,
        "status": {"phase": phase, "startTime": ts(created), "containerStatuses": statuses},
    }


def listed(obj: dict[str, Any], kind: str = "job", api_version: str = "batch/v1") -> Listed:
    return Listed(resolve_kind(kind), api_version, obj)


@pytest.mark.parametrize(
    ("item", "trigger"),
    [
        (listed(job("a", -30, [("Failed", -5)])), "failed"),
        (listed(job("a", -3000, [("Failed", -2000)])), None),  # before --since 24h
        (listed(job("a", -45)), "pending"),
        (listed(job("a", -10)), None),  # pending, but not for long
        (listed(job("a", -120, active=1)), "stall-check"),
        (listed(job("a", -30, active=1)), None),  # running, too young to have stalled
        (listed(job("a", -120, [("Complete", -3)])), None),
        (listed(job("a", -30, [("Failed", -5)], owner=("jobset.x-k8s.io/v1alpha2", "JobSet"))), None),  # its JobSet's
        (listed(job("a", -30, [("Failed", -5)], owner=("ray.io/v1", "RayJob"))), None),  # a RayJob's submitter
        (
            listed(job("a", -30, [("Failed", -5)], owner=("batch/v1", "CronJob"))),
            "failed",
        ),  # a CronJob's run: a workload
        (listed(pod("p", "Failed", created=-30, finished=-5), "pod", "v1"), "failed"),
        (listed(pod("p", "Failed", created=-3000, finished=-2000), "pod", "v1"), None),  # the container says when
        (listed(pod("p", "Failed", created=-30, finished=-5, owned=True), "pod", "v1"), None),  # a controller's pod
        (listed(pod("p", "Pending", created=-45), "pod", "v1"), "pending"),
    ],
    ids=[
        "failed",
        "failed-long-ago",
        "pending-too-long",
        "pending-briefly",
        "running-long",
        "running-briefly",
        "succeeded",
        "owned-by-jobset",
        "owned-by-rayjob",
        "owned-by-cronjob",
        "bare-pod-failed",
        "bare-pod-failed-long-ago",
        "controlled-pod",
        "bare-pod-pending",
    ],
)
def test_select(item: Listed, trigger: str | None) -> None:
    chosen = select([item], now=NOW)
    assert [c.trigger for c in chosen] == ([trigger] if trigger else [])


def test_since_and_pending_after_are_the_users() -> None:
    items = [listed(job("failed-3h", -200, [("Failed", -180)])), listed(job("pending-20m", -20))]
    assert select(items, now=NOW) == select(items, now=NOW, since=timedelta(hours=24))
    assert [c.listed.name for c in select(items, now=NOW, since=timedelta(hours=1))] == []
    assert [c.listed.name for c in select(items, now=NOW, pending_after=timedelta(minutes=15))] == [
        "failed-3h",
        "pending-20m",
    ]


def test_oldest_first_and_each_workload_once() -> None:
    mpi = {
        "apiVersion": "kubeflow.org/v2beta1",
        "kind": "MPIJob",
        "metadata": {"name": "m", "namespace": "ns", "uid": "m", "creationTimestamp": ts(-60)},
        "status": {"conditions": [{"type": "Failed", "status": "True", "lastTransitionTime": ts(-20)}]},
    }
    items = [
        listed(job("late", -30, [("Failed", -2)])),
        listed(job("early", -30, [("Failed", -25)])),
        # A CRD served at two versions lists its objects twice.
        listed(mpi, "mpijob", "kubeflow.org/v2beta1"),
        listed({**mpi, "apiVersion": "kubeflow.org/v1"}, "mpijob", "kubeflow.org/v1"),
    ]
    chosen = select(items, now=NOW)
    assert [(c.listed.name, c.at) for c in chosen] == [
        ("early", NOW - timedelta(minutes=25)),
        ("m", NOW - timedelta(minutes=20)),
        ("late", NOW - timedelta(minutes=2)),
    ]


def test_a_volcano_job_is_named_so_diagnose_finds_it_and_keys_tell_kinds_apart() -> None:
    volcano = listed({"metadata": {"name": "j", "namespace": "ns", "uid": "u"}}, "vcjob", "batch.volcano.sh/v1alpha1")
    batch = listed({"metadata": {"name": "j", "namespace": "ns", "uid": "u"}})
    assert resolve_kind(volcano.target_kind) is volcano.kind and resolve_kind(batch.target_kind) is batch.kind
    assert volcano.key != batch.key
    recreated = listed({"metadata": {"name": "j", "namespace": "ns", "uid": "another"}})
    assert recreated.key != batch.key
    assert Listed(batch.kind, batch.api_version, batch.obj, origin="snap-1").key != batch.key


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("24h", 86400), ("90m", 5400), ("1h30m", 5400), ("2d", 172800), ("45s", 45), ("1.5h", 5400), (" 10M ", 600)],
)
def test_parse_duration(text: str, seconds: float) -> None:
    assert parse_duration(text).total_seconds() == seconds


@pytest.mark.parametrize("text", ["", "24", "h", "24x", "1h-30m", "0h", "-1h", "1 h"])
def test_parse_duration_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        parse_duration(text)
