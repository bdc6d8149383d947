"""What collection learns about a workload: structured facts, and the four template fields.

The structured facts (``workload``, ``pods``, ``events``, ``logs``, ``related``, ``nodes``) are
what the rule engine reasons over.

What a reader (or the model review) can find beyond the rules' own findings:

- ``events`` also holds the events of the workload's former pods (deleted, evicted or
  replaced: ``object_uid`` tells an earlier incarnation of a pod from the one that runs now),
  of the object that owns the workload (an Argo Workflow, a CronJob), and of the nodes its
  failed pods ran on (``object_kind == "Node"``: node-problem-detector's Xid reports, NotReady);
- ``nodes`` holds those nodes' abnormal conditions;
- each ``LogDigest.matches`` keeps the first and last line of every signal signature found,
  including ``hint`` signatures: error-like lines no more specific signature explains ("...
  failed", "FATAL", "timed out", NaN), which decide nothing but show what a failing pod said. ``Metadata``, ``ErrorInfo``, ``EventInfo`` and ``LogInfo`` are the
same facts written out as text for prompt templates; their names follow Aegis so that its
users' templates carry over. They are filled once, by ``collectors.collecting.collect``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime, timezone
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from collectors.cutting import cut
from collectors.kinds import Family
from collectors.timestamps import format_time

# Sorts after every real time: facts with no time come last.
NEVER = datetime.max.replace(tzinfo=timezone.utc)
# Container states that are normal on the way to running.
STARTING_REASONS = frozenset({"ContainerCreating", "PodInitializing"})
# Roles whose pods speak for a job, in the order ties are broken. "submitter" is a
# RayJob's `ray job submit` pod, "node" a TrainJob's training node.
ROLE_ORDER = ("master", "chief", "launcher", "submitter", "driver", "head", "worker", "node", "ps", "evaluator")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ContainerInstance(_Model):
    """One run of a container: the current one, or the last one that ended."""

    state: Literal["waiting", "running", "terminated", "unknown"]
    reason: str | None = None
    message: str | None = None
    exit_code: int | None = None
    signal: int | None = None
    started_at: datetime | None = None
    finished_at: datetime | None = None

    @property
    def failed(self) -> bool:
        """Ended with an error (non-zero exit or a failure reason)."""
        if self.state != "terminated":
            return False
        if self.exit_code is not None:
            return self.exit_code != 0
        return self.reason not in (None, "Completed")

    @property
    def waiting_on_error(self) -> bool:
        return self.state == "waiting" and self.reason not in (None, *STARTING_REASONS)

    def describe(self) -> str:
        """``terminated: OOMKilled, exit code 137`` and the like."""
        parts = [self.reason] if self.reason else []
        if self.exit_code is not None:
            parts.append(f"exit code {self.exit_code}")
        if self.signal:
            parts.append(f"signal {self.signal}")
        text = self.state + (": " + ", ".join(parts) if parts else "")
        if self.message:
            text += f" ({one_line(self.message)})"
        return text


class ContainerFacts(_Model):
    name: str
    init: bool = False
    image: str | None = None
    ready: bool | None = Field(None, description="None when the status does not say")
    probed: bool = Field(False, description="has a readiness probe: a server, whose health the probe reports")
    restart_count: int = 0
    current: ContainerInstance
    last: ContainerInstance | None = Field(default=None, description="lastState.terminated, if any")


class Condition(_Model):
    type: str
    status: str
    reason: str | None = None
    message: str | None = None
    time: datetime | None = None


class PodFacts(_Model):
    name: str
    uid: str | None = None
    role: str | None = None
    index: int | None = None
    node: str | None = None
    ip: str | None = Field(None, description="the pod's address (status.podIP), as logs that relay from it name it")
    phase: str = "Unknown"
    reason: str | None = None
    message: str | None = None
    created_at: datetime | None = None
    started_at: datetime | None = None
    deleted_at: datetime | None = None
    accelerators: int = Field(0, description="GPUs (or NPUs, TPUs) its containers request")
    conditions: list[Condition] = []
    containers: list[ContainerFacts] = []

    @property
    def label(self) -> str:
        """``llama-ft-worker-1 (worker 1)``: the name and, where there is one, the role."""
        if self.role is None:
            return self.name
        return f"{self.name} ({self.role}{'' if self.index is None else ' ' + str(self.index)})"

    def condition(self, type_: str) -> Condition | None:
        return next((c for c in self.conditions if c.type == type_), None)

    @property
    def unschedulable(self) -> Condition | None:
        c = self.condition("PodScheduled")
        if c and c.status == "False" and self.phase == "Pending":
            return c
        return None

    @property
    def role_rank(self) -> int:
        return ROLE_ORDER.index(self.role) if self.role in ROLE_ORDER else len(ROLE_ORDER)

    def container(self, name: str | None) -> ContainerFacts | None:
        return next((c for c in self.containers if c.name == name), None)


class EventFacts(_Model):
    type: str = "Normal"
    reason: str = ""
    message: str = ""
    count: int = 1
    first_seen: datetime | None = None
    last_seen: datetime | None = None
    object_kind: str = ""
    object_name: str = ""
    object_uid: str | None = Field(None, description="the uid of the object it is about, when the event says")


class NodeFacts(_Model):
    """A node a failed pod ran on: what is wrong with it, if anything."""

    name: str
    cordoned: bool = False
    conditions: list[Condition] = Field(
        [], description="abnormal conditions only: Ready not True, pressure, node-problem-detector's problems"
    )


class ReplicaFacts(_Model):
    role: str
    expected: int | None = None
    created: int = 0
    active: int = 0
    succeeded: int = 0
    failed: int = 0


class WorkloadFacts(_Model):
    kind: str
    api_version: str
    name: str
    namespace: str
    uid: str | None = None
    family: Family
    status: str = Field(description="Created, Running, Restarting, Succeeded, Failed, Suspended, Pending")
    conditions: list[Condition] = []
    replicas: list[ReplicaFacts] = []
    created_at: datetime | None = None
    started_at: datetime | None = None
    completed_at: datetime | None = None
    primary_roles: list[str] = []
    operator: str | None = Field(
        default=None, description="The controller that must reconcile it; None for a kind Kubernetes runs itself"
    )

    @property
    def ref(self) -> str:
        return f"{self.kind} {self.namespace}/{self.name}"


class RelatedFacts(_Model):
    """An object that explains the workload's state: a child Job, a quota, a claim, a queue entry."""

    kind: str
    name: str
    summary: str = ""
    conditions: list[Condition] = []


class LogLine(_Model):
    line: int = Field(description="1-based line number within what was read")
    text: str
    time: datetime | None = None


class LogMatch(LogLine):
    signature: str
    count: int = 1


class LogDigest(_Model):
    """What one container log contained, kept in bounded memory however long the log."""

    pod: str
    container: str
    previous: bool = False
    lines: int = 0
    bytes: int = 0
    limited: bool = Field(False, description="the byte or line budget cut the log")
    matches: list[LogMatch] = Field([], description="first and last line matched by each signature")
    windows: list[list[LogLine]] = Field([], description="lines around the strongest matches")
    tail: list[LogLine] = []
    first_time: datetime | None = None
    last_time: datetime | None = None
    lines_after_last_time: int = 0
    cadence: float | None = Field(None, description="seconds this log is normally quiet (90th percentile gap)")

    @property
    def label(self) -> str:
        return f"{self.pod}/{self.container}{' (previous)' if self.previous else ''}"

    def kept(self) -> list[LogLine]:
        """What was kept of the log, in order: the matches, the windows around them, the tail."""
        by_number: dict[int, LogLine] = {}
        for ln in [*self.matches, *(ln for w in self.windows for ln in w), *self.tail]:
            by_number.setdefault(ln.line, LogLine(line=ln.line, text=ln.text, time=ln.time))
        return [by_number[n] for n in sorted(by_number)]


class StatusFact(_Model):
    """One abnormal fact of status, in the words ErrorInfo and the rules share."""

    scope: Literal["container", "pod", "workload", "related", "node"]
    subject: str = Field("", description="what the fact is about, as a reader names it: 'Job train-node-0'")
    time: datetime | None = None
    pod: str | None = None
    container: str | None = None
    previous: bool = Field(False, description="about the last run of a restarted container")
    kind: str = Field("", description="what the fact is about: a condition type, a container state")
    reason: str | None = None
    message: str | None = None
    exit_code: int | None = None
    text: str


class Evidence(_Model):
    """Everything collection learned about one workload at one moment (``now``)."""

    workload: WorkloadFacts
    pods: list[PodFacts] = []
    events: list[EventFacts] = []
    logs: list[LogDigest] = []
    related: list[RelatedFacts] = []
    nodes: list[NodeFacts] = Field([], description="the nodes the failed pods ran on")
    now: datetime
    notes: list[str] = Field([], description="what could not be read, and why")

    Metadata: dict[str, str] = {}
    ErrorInfo: str = ""
    EventInfo: str = ""
    LogInfo: str = ""

    def pod(self, name: str | None) -> PodFacts | None:
        return next((p for p in self.pods if p.name == name), None)

    def status_facts(self) -> list[StatusFact]:
        return status_facts(self.workload, self.pods, self.related, self.nodes)

    def clean_exit_facts(self) -> list[StatusFact]:
        """Containers that exited 0 yet ended with a reason other than Completed (OOMKilled: a
        process in them was killed for memory). Status facts leave them out, as successes;
        only a signature that decides despite success reads them."""
        return [
            container_fact(pod, ctr)
            for pod in self.pods
            for ctr in pod.containers
            if ctr.current.state == "terminated"
            and ctr.current.exit_code == 0
            and ctr.current.reason not in (None, "Completed")
        ]


def status_facts(
    workload: WorkloadFacts, pods: Iterable[PodFacts], related: Iterable[RelatedFacts], nodes: Iterable[NodeFacts] = ()
) -> list[StatusFact]:
    """The abnormal facts of status, earliest first: what ErrorInfo shows and rules match."""
    facts: list[StatusFact] = []
    for c in workload.conditions:
        if c.status == "True" and c.type not in (
            "Created",
            "Running",
            "Succeeded",
            "Complete",
            "QuotaReserved",
            "Admitted",
        ):
            facts.append(_condition_fact("workload", workload.ref, c))
    for pod in pods:
        if pod.reason or (pod.message and pod.phase in ("Failed", "Unknown")):
            said = ": ".join(x for x in (pod.reason, one_line(pod.message or "")) if x)
            text = f"pod {pod.label} {pod.phase}: {said}"
            facts.append(
                StatusFact(
                    scope="pod",
                    time=_pod_time(pod),
                    pod=pod.name,
                    kind="Pod",
                    reason=pod.reason,
                    message=pod.message,
                    text=text,
                )
            )
        for c in pod.conditions:
            abnormal = (c.type == "PodScheduled" and c.status == "False") or (
                c.type in ("DisruptionTarget",) and c.status == "True"
            )
            if abnormal:
                fact = _condition_fact("pod", f"pod {pod.label}", c)
                facts.append(fact.model_copy(update={"pod": pod.name}))
        for ctr in pod.containers:
            where = f"pod {pod.label} {'init ' if ctr.init else ''}container {ctr.name}"
            cur = ctr.current
            if cur.failed or cur.waiting_on_error or (cur.state == "waiting" and cur.reason in STARTING_REASONS):
                facts.append(container_fact(pod, ctr))
            last = ctr.last
            if last is not None and last.failed:
                facts.append(
                    StatusFact(
                        scope="container",
                        time=last.finished_at,
                        pod=pod.name,
                        container=ctr.name,
                        previous=True,
                        kind="terminated",
                        reason=last.reason,
                        message=last.message,
                        exit_code=last.exit_code,
                        text=f"{where} last run {last.describe()} at {format_time(last.finished_at)}, "
                        f"{ctr.restart_count} restarts, now {cur.state}",
                    )
                )
    for r in related:
        for c in r.conditions:
            facts.append(_condition_fact("related", f"{r.kind} {r.name}", c))
        if r.summary and not r.conditions:
            facts.append(
                StatusFact(
                    scope="related", subject=f"{r.kind} {r.name}", kind=r.kind, text=f"{r.kind} {r.name}: {r.summary}"
                )
            )
    for n in nodes:
        for c in n.conditions:
            facts.append(_condition_fact("node", f"node {n.name}", c).model_copy(update={"subject": f"Node {n.name}"}))
    facts.sort(key=lambda f: f.time or NEVER)
    return facts


def container_fact(pod: PodFacts, ctr: ContainerFacts) -> StatusFact:
    """The current state of one container as a status fact."""
    cur = ctr.current
    restarts = f", {ctr.restart_count} restarts" if ctr.restart_count else ""
    return StatusFact(
        scope="container",
        time=cur.finished_at or pod.started_at or pod.created_at,
        pod=pod.name,
        container=ctr.name,
        kind=cur.state,
        reason=cur.reason,
        message=cur.message,
        exit_code=cur.exit_code,
        text=f"pod {pod.label} {'init ' if ctr.init else ''}container {ctr.name} {cur.describe()}{restarts}",
    )


def _condition_fact(scope: Literal["workload", "pod", "related", "node"], subject: str, c: Condition) -> StatusFact:
    detail = f" ({c.reason})" if c.reason else ""
    message = f": {one_line(c.message)}" if c.message else ""
    return StatusFact(
        scope=scope,
        subject=subject,
        time=c.time,
        kind=c.type,
        reason=c.reason,
        message=c.message,
        text=f"{subject} condition {c.type}={c.status}{detail}{message}",
    )


def _pod_time(pod: PodFacts) -> datetime | None:
    ends = [c.current.finished_at for c in pod.containers if c.current.finished_at]
    return min(ends) if ends else pod.started_at or pod.created_at


def one_line(text: str, limit: int = 600, around: str | None = None) -> str:
    """Whitespace collapsed, and over ``limit`` cut between words (collectors/cutting.py):
    around the first match of the regex ``around`` when given and found, else keeping both
    ends, because errors put their point at the end ("...: 401 Unauthorized") as often as at
    the start."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    match = re.search(around, flat) if around else None
    return cut(flat, limit, around=match.span() if match else None)
