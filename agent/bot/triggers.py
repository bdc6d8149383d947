"""When a watched workload deserves a notification. Pure: an object, its kind, the clock.

    Failed                          -> "failed", unless it failed more than ``lookback`` ago
    Pending (or Created, or held by
    a queue) for ``pending_after``  -> "pending"
    Running for ``stalled_after``   -> "stall-check": diagnose, and notify when the verdict
                                       says ``stalled`` (only logs tell a stall)

The state comes from the same reading the diagnosis uses (collectors/families.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from collectors.families import workload_facts
from collectors.kinds import Kind
from collectors.source import K8sObject
from collectors.timestamps import parse_time

Trigger = Literal["failed", "pending", "stall-check"]
QUEUE_LABEL = "kueue.x-k8s.io/queue-name"


@dataclass(frozen=True)
class Policy:
    pending_after: timedelta
    stalled_after: timedelta
    lookback: timedelta


def due(obj: K8sObject, kind: Kind, *, now: datetime, policy: Policy) -> Trigger | None:
    facts = workload_facts(obj, kind, str(obj.get("apiVersion") or kind.api_versions[0]), [])
    created = facts.created_at
    if facts.status == "Failed":
        times = [t for t in [facts.completed_at, *(c.time for c in facts.conditions if c.type == "Failed")] if t]
        failed_at = max(times) if times else None
        if failed_at is not None and now - failed_at > policy.lookback:
            return None
        return "failed"
    queued = facts.status == "Suspended" and QUEUE_LABEL in ((obj.get("metadata") or {}).get("labels") or {})
    if facts.status in ("Pending", "Created") or queued:
        return "pending" if created is not None and now - created >= policy.pending_after else None
    if facts.status == "Running":
        since = facts.started_at or created
        return "stall-check" if since is not None and now - since >= policy.stalled_after else None
    return None


def describe(trigger: str, obj: K8sObject, *, now: datetime) -> str:
    """What the notification's headline says about why it was sent."""
    if trigger == "pending":
        created = parse_time((obj.get("metadata") or {}).get("creationTimestamp"))
        minutes = int((now - created).total_seconds() // 60) if created else 0
        return f"pending for {minutes} min"
    return {"failed": "failed", "stalled": "stalled"}.get(trigger, trigger)
