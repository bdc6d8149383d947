"""Which failure came first. Pure functions over evidence and findings.

Times come from Kubernetes (container finish times, condition transitions, event times),
never from log timestamps when a Kubernetes time exists: log clocks may run in another
time zone, Kubernetes clocks do not. A job's own condition ("1 Master replica(s) failed")
names the replica whose failure ended the job, which is often the last to fail, not the
first; it is not used to pick the culprit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from agent.engine.findings import Finding, Timeline
from collectors.evidence import PodFacts

# Failures this close together are one moment: between them, the more specific cause wins
# (a pod preempted at 13:10:02 and its replacement unschedulable at 13:10:06 are one event).
SIMULTANEOUS = timedelta(seconds=5)


@dataclass(frozen=True)
class Suspect:
    """A place where a cause showed: a pod, or the workload itself (pod None)."""

    pod: PodFacts | None
    time: datetime | None
    cause: Finding


def failure_time(pod: PodFacts, findings: Iterable[Finding], timeline: Timeline) -> datetime | None:
    """When the pod first got into the trouble it is in now, by Kubernetes' clock."""
    times: list[datetime | None] = []
    for ctr in pod.containers:
        if ctr.current.failed:
            times.append(ctr.current.finished_at)
        if ctr.last is not None and timeline.unrecovered_last(pod, ctr):
            times.append(ctr.last.finished_at)
    unscheduled = pod.unschedulable
    if unscheduled is not None:
        times.append(unscheduled.time or pod.created_at)
    disruption = pod.condition("DisruptionTarget")
    if disruption is not None and disruption.status == "True":
        times.append(disruption.time)
    logged: list[datetime | None] = []
    for f in findings:
        if f.live:
            continue
        (logged if f.source == "log" else times).append(f.time)
    known = [t for t in times if t is not None]
    if known:
        return min(known)
    if any(ctr.current.waiting_on_error for ctr in pod.containers):
        return pod.started_at or pod.created_at
    known = [t for t in logged if t is not None]
    return min(known) if known else None


def strongest(findings: Iterable[Finding], *, last: bool = False) -> Finding | None:
    """The most specific finding; among equals the earliest (a cause shows first), or with
    ``last`` the latest (a symptom says most just before the end); a log line over the
    status or event it explains, because it says more."""
    order = {"log": 0, "event": 1, "status": 2}
    sign = -1 if last else 1

    def key(f: Finding) -> tuple[int, int, float]:
        # Log lines are ordered by position (not every line has a time); the rest by time.
        if f.source == "log":
            return (-f.specificity, 0, sign * f.line)
        return (-f.specificity, order[f.source], sign * f.time.timestamp() if f.time else float("inf"))

    ranked = sorted(findings, key=key)
    return ranked[0] if ranked else None


def outlived(causes: Sequence[Finding]) -> list[Finding]:
    """A pod's causes without the states its process carried on in (a signature that counts
    ``while_running: anywhere``: CUDA unusable so it runs on the CPU, a model server that kept
    serving without its model) when, later in the same log, the process met a failure reaching
    a service outside it (network-error): no state of its own devices or models brings about a
    timeout, refusal or DNS failure at a hub, object store or index, so that is why it stopped."""
    reached = [(f.container, f.previous, f.line) for f in causes if f.source == "log" and f.category == "network-error"]
    return [
        f
        for f in causes
        if not (
            f.source == "log"
            and f.signature.while_running == "anywhere"
            and f.category != "network-error"
            and any(c == f.container and p == f.previous and line > f.line for c, p, line in reached)
        )
    ]


def first_cause(suspects: Sequence[Suspect]) -> Suspect:
    """The suspect whose cause showed first; within ``SIMULTANEOUS`` of the first, the
    most specific; then the earliest; then the primary role and lowest index."""
    timed = [s for s in suspects if s.time is not None]
    pool = list(suspects)
    if timed:
        t0 = min(s.time for s in timed if s.time is not None)
        # A setting of the workload or its owner (a workflow's spec) has no time: it holds
        # from the start, so it stands with the first failure, not after every one.
        pool = [
            s
            for s in suspects
            if (s.time is not None and s.time <= t0 + SIMULTANEOUS) or (s.time is None and _setting(s))
        ]

    def rank(s: Suspect) -> tuple[int, float, int, int, str]:
        pod = s.pod
        return (
            -s.cause.specificity,
            s.time.timestamp() if s.time else float("inf"),
            pod.role_rank if pod else -1,
            (pod.index or 0) if pod else -1,
            pod.name if pod else "",
        )

    return min(pool, key=rank)


def _setting(s: Suspect) -> bool:
    return s.pod is None and s.cause.source == "status"
