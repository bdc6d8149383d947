"""Which listed workloads deserve a diagnosis. Pure: objects, their kinds and the clock.

The decision is the watcher's own (agent/bot/triggers.py ``due``), so "failed", "pending
too long" and "stalled" mean the same in ``jobdoctor triage`` as in a notification:

    failed within --since                       -> "failed"
    Pending (or queued) for --pending-after     -> "pending"
    Running for STALLED_AFTER                   -> "stall-check": kept only when the verdict
                                                   is not healthy (only logs tell a stall)

What else is decided here: objects a supported workload owns are left to their owner (a
JobSet's Jobs, a RayJob's submitter Job, a TrainJob's JobSet), and a Pod is a workload only
when no controller owns it; when each candidate happened, for sorting and ages; and the key
that identifies a candidate in a results file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from agent.bot.triggers import Policy, due
from collectors.families import workload_facts
from collectors.kinds import Kind, builtin_kinds
from collectors.source import K8sObject
from collectors.timestamps import parse_time

Trigger = Literal["failed", "pending", "stall-check"]

# The watcher's defaults (agent/bot/config.py): a job Pending this long is worth a look, and
# a job running this long is checked for a stall - younger ones cannot have been silent for
# the engine's minimum silence yet.
PENDING_AFTER = timedelta(minutes=30)
STALLED_AFTER = timedelta(minutes=60)
DEFAULT_SINCE = timedelta(hours=24)

_DURATION = re.compile(r"(\d+(?:\.\d+)?)(ms|s|m|h|d)")
_UNITS = {"ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86400}


@dataclass(frozen=True)
class Listed:
    """A workload as a list returned it, and where it came from: ``origin`` is the snapshot
    folder (relative to --snapshots) or "" for the cluster."""

    kind: Kind
    api_version: str
    obj: K8sObject
    origin: str = ""

    @property
    def namespace(self) -> str:
        return str((self.obj.get("metadata") or {}).get("namespace") or "default")

    @property
    def name(self) -> str:
        return str((self.obj.get("metadata") or {}).get("name"))

    @property
    def uid(self) -> str:
        return str((self.obj.get("metadata") or {}).get("uid") or "")

    @property
    def target_kind(self) -> str:
        """The kind as ``diagnose`` takes it, unambiguous: ``jobs.batch.volcano.sh`` is not
        ``jobs.batch``."""
        group = self.api_version.rpartition("/")[0]
        return f"{self.kind.plural}.{group}" if group else self.kind.kind.lower()

    @property
    def key(self) -> str:
        """What identifies the workload in a results file: a recreated workload (another uid)
        is another workload; a snapshot's is told apart by its folder."""
        group = self.api_version.rpartition("/")[0]
        return "|".join((self.origin, group, self.kind.kind, self.namespace, self.name, self.uid))


@dataclass(frozen=True)
class Candidate:
    listed: Listed
    trigger: Trigger
    at: datetime | None  # when it failed, was created (pending) or started (running)


def parse_duration(text: str) -> timedelta:
    """``24h``, ``90m``, ``1h30m``, ``2d``, ``45s`` (Go's durations, and days). ValueError
    for anything else, or for zero."""
    compact = text.strip().lower()
    parts = _DURATION.findall(compact)
    if not compact or "".join(n + u for n, u in parts) != compact:
        raise ValueError(f"{text!r} is not a duration: use e.g. 24h, 90m, 1h30m or 2d")
    seconds = sum(float(n) * _UNITS[u] for n, u in parts)
    if seconds <= 0:
        raise ValueError(f"{text!r}: the duration must be more than zero")
    return timedelta(seconds=seconds)


def select(
    listed: Iterable[Listed],
    *,
    now: datetime,
    since: timedelta = DEFAULT_SINCE,
    pending_after: timedelta = PENDING_AFTER,
    stalled_after: timedelta = STALLED_AFTER,
) -> list[Candidate]:
    """The workloads to diagnose, oldest first."""
    policy = Policy(pending_after=pending_after, stalled_after=stalled_after, lookback=since)
    chosen: list[Candidate] = []
    for item in workloads(listed):
        trigger = due(item.obj, item.kind, now=now, policy=policy)
        if trigger is None:
            continue
        # A failed Pod has no completion time for due() to hold against --since; its
        # containers' finish times say when it failed.
        finished = _container_finish_times(item.obj) if trigger == "failed" and item.kind.family == "pod" else []
        if finished and now - max(finished) > since:
            continue
        chosen.append(Candidate(item, trigger, happened_at(item, trigger)))
    return sorted(chosen, key=order)


def workloads(listed: Iterable[Listed]) -> list[Listed]:
    """The workloads among what was listed: each once (a workload a CRD serves at two API
    versions is listed twice), and none that another workload owns."""
    seen: set[tuple[str, str, str, str, str]] = set()
    found = []
    for item in listed:
        identity = (item.origin, item.kind.kind, item.api_version.rpartition("/")[0], item.namespace, item.name)
        if identity not in seen and not owned_by_a_workload(item.obj, item.kind):
            seen.add(identity)
            found.append(item)
    return found


def order(candidate: Candidate) -> tuple[bool, float, str]:
    """Oldest first, undated last, then by key: a stable order for the table."""
    at = candidate.at
    return (at is None, at.timestamp() if at is not None else 0.0, candidate.listed.key)


def happened_at(item: Listed, trigger: Trigger) -> datetime | None:
    facts = workload_facts(item.obj, item.kind, item.api_version, [])
    if trigger == "failed":
        times = [t for t in [facts.completed_at, *(c.time for c in facts.conditions if c.type == "Failed")] if t]
        times += _container_finish_times(item.obj) if item.kind.family == "pod" else []
        return max(times) if times else facts.created_at
    if trigger == "pending":
        return facts.created_at
    return facts.started_at or facts.created_at


def owned_by_a_workload(obj: K8sObject, kind: Kind, kinds: Sequence[Kind] | None = None) -> bool:
    """Whether the object is diagnosed through its owner: a Pod any controller owns, or any
    object a supported workload kind controls."""
    refs = [r for r in (obj.get("metadata") or {}).get("ownerReferences") or [] if r.get("controller")]
    if kind.family == "pod":
        return bool(refs)
    known = kinds if kinds is not None else builtin_kinds()
    return any(
        r.get("kind") == k.kind and _group(str(r.get("apiVersion") or "")) in {_group(v) for v in k.api_versions}
        for r in refs
        for k in known
    )


def _group(api_version: str) -> str:
    return api_version.rpartition("/")[0]


def _container_finish_times(pod: K8sObject) -> list[datetime]:
    status = pod.get("status") or {}
    found = []
    for s in [*(status.get("containerStatuses") or []), *(status.get("initContainerStatuses") or [])]:
        t = parse_time(((s.get("state") or {}).get("terminated") or {}).get("finishedAt"))
        if t is not None:
            found.append(t)
    return found
