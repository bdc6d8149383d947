"""When a watched workload deserves a notification (agent/bot/triggers.py)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from agent.bot.triggers import Policy, describe, due
from collectors.kinds import resolve_kind

NOW = datetime(2026, 5, 14, 12, 0, tzinfo=timezone.utc)
POLICY = Policy(pending_after=timedelta(minutes=30), stalled_after=timedelta(hours=1), lookback=timedelta(hours=1))


def ts(minutes: float) -> str:
    return (NOW + timedelta(minutes=minutes)).strftime("%Y-%m-%dT%H:%M:%SZ")


def pytorchjob(
    created: float,
    conditions: list[tuple[str, float]] = (),
    labels: dict[str, str] | None = None,  # type: ignore[assignment]
    suspend: bool = False,
) -> dict[str, Any]:
    return {
        "apiVersion": "kubeflow.org/v1",
        "kind": "PyTorchJob",
        "metadata": {
            "name": "j",
            "namespace": "ns",
            "uid": "u1",
            "creationTimestamp": ts(created),
            "labels": labels or {},
        },
        "spec": {"runPolicy": {"suspend": suspend}, "pytorchReplicaSpecs": {"Master": {"replicas": 1}}},
        "status": {"conditions": [{"type": t, "status": "True", "lastTransitionTime": ts(at)} for t, at in conditions]},
    }


@pytest.mark.parametrize(
    ("obj", "trigger"),
    [
        (pytorchjob(-90, [("Created", -90), ("Running", -80), ("Failed", -5)]), "failed"),
        (pytorchjob(-900, [("Created", -900), ("Failed", -120)]), None),  # failed before the lookback
        (pytorchjob(-45, [("Created", -45)]), "pending"),
        (pytorchjob(-10, [("Created", -10)]), None),
        (pytorchjob(-45, [("Suspended", -45)], labels={"kueue.x-k8s.io/queue-name": "q"}, suspend=True), "pending"),
        (pytorchjob(-45, [("Suspended", -45)], suspend=True), None),  # suspended by hand, not queued
        (pytorchjob(-120, [("Created", -120), ("Running", -90)]), "stall-check"),
        (pytorchjob(-40, [("Created", -40), ("Running", -30)]), None),
        (pytorchjob(-120, [("Created", -120), ("Running", -100), ("Succeeded", -2)]), None),
    ],
    ids=[
        "failed",
        "failed-long-ago",
        "pending-too-long",
        "pending-briefly",
        "queued-too-long",
        "suspended-by-hand",
        "running-long",
        "running-briefly",
        "succeeded",
    ],
)
def test_due(obj: dict[str, Any], trigger: str | None) -> None:
    assert due(obj, resolve_kind("pytorchjob"), now=NOW, policy=POLICY) == trigger


def test_describe_says_how_long_a_job_has_waited() -> None:
    assert describe("pending", pytorchjob(-47), now=NOW) == "pending for 47 min"
    assert describe("failed", pytorchjob(-47), now=NOW) == "failed"
