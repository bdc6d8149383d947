"""Findings: where a signature shows in the evidence, and whether it still matters.

Pure functions over ``Evidence`` and a ``Catalogue``. A finding is *current* when it
belongs to the state the workload is in now: a failure in a container's last run counts
until the container has run again long enough to call it recovered; a warning event about
a pod that now runs fine does not count; a log line printed by a process that is still
running is *live*: the process survived it, so it only matters if nothing else does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Literal

from agent.engine.signatures import Catalogue, Signature
from collectors.evidence import ContainerFacts, EventFacts, Evidence, LogDigest, LogLine, PodFacts

# A restarted container that has been running this long is taken to have recovered from
# its last failure. Crash loops restart within minutes (back-off caps at 5 minutes).
RECOVERED_AFTER = timedelta(minutes=10)
# ...or sooner, a server that passes its readiness probe again and has been up this long, and
# this many times as long as its failed run lasted: a start-up race (a sidecar not listening
# yet, a dependency still starting) that a restart got past. A server that fails again at its
# own pace (an OOM under load every few minutes) has runs as long as the current one.
READY_RECOVERED_AFTER = timedelta(minutes=2)
READY_RECOVERED_RATIO = 20
# ...but not a container the kernel has killed at its memory limit more than once, up for less
# than its killed run lasted: memory that grows back (a cache, a leak) is killed again at about
# the same age, so a snapshot taken between kills only looks recovered.
RECURRING_OOM_RESTARTS = 2
# ...unless other pods are failing now, within this long after it: a rank that crashed and
# restarted at once may look recovered by the time its peers' collectives time out (10 to
# 30 minutes later). Its crash is then where the cascade began, not history.
CASCADE_WINDOW = timedelta(minutes=60)
# How near the end of a log a line must be to say what the process is doing now.
LAST_WORDS = 50
# An error a running process printed this many times, the last among its last lines this
# many, is what it is doing now (NVML failing every 5 s), not one it got past.
REPEATED = 3
# The lines of a container that exited 0 in which an error still says why it stopped: the
# record a launcher prints as it gives up, not the retries of its start-up.
QUIET_EXIT_LAST_WORDS = 10
_DIGITS = re.compile(r"\d+")
# A Python traceback: its header, and the lines between it and the exception - frames, their
# source lines (indented), chained tracebacks' joining sentences and ^^^ markers. loguru's
# tracebacks (logger.exception, backtrace=True) mark the frame that caught the exception with
# '> File "...' at the start of the line; its variable annotations are indented.
_TRACEBACK = re.compile(r"Traceback \(most recent call last\):\s*$")
_FRAME = re.compile(r'^(?:\s+|> )File "')
# The lines that join a chained exception's tracebacks, and those lines with the next header.
_CHAINED = re.compile(r"^During handling of the above exception|^The above exception was the direct cause")
_CHAIN_GLUE = re.compile(_CHAINED.pattern + "|^" + _TRACEBACK.pattern)
_TRACEBACK_BODY = re.compile(r'^\s|^$|^> File "|' + _CHAINED.pattern + r"|^Traceback \(")
# A node event may be recorded a little before the pod it affects (clocks, batching).
SIMULTANEOUS_WITH_NODE = timedelta(seconds=30)
# How the API server names a pod it refused or could not find: 'pods "llama-worker-1" is forbidden'.
_NAMED_POD = re.compile(r'\bpods? "([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)"')
# Starting takes a while (pulling a 20 GB image, loading weights behind a readiness probe);
# past these, a pod that is still Pending, or running but not Ready, is in trouble.
PENDING_TOO_LONG = timedelta(minutes=15)
UNREADY_TOO_LONG = timedelta(minutes=15)
# The kubelet's Killing event for a container it restarts because a probe failed ("Container
# vllm failed startup probe, will be restarted"). The process may exit 0 on that SIGTERM (a
# server shutting down gracefully); the run was still ended from outside. The kill belongs to
# the last run when it was seen before that run finished, give or take the grace period.
_PROBE_KILL = re.compile(r"failed (?:liveness|startup) probe")
PROBE_KILL_GRACE = timedelta(minutes=2)

# The kubelet waiting before it restarts a container that failed: about the last run.
BACK_OFF = "CrashLoopBackOff"


@dataclass(frozen=True)
class StallPolicy:
    """When silence means a stall: longer than ``min_silence`` and ``cadence_factor``
    times the log's usual quiet spell, with a timestamp on one of its last lines."""

    min_silence: timedelta = timedelta(minutes=45)
    # ...or, when a pod of the job went away as the silence began (a rank deleted or
    # preempted: the others wait for it), this long: the silence is explained, not inferred.
    min_silence_explained: timedelta = timedelta(minutes=5)
    # ...or, for a server that has run for long without ever becoming Ready (its readiness
    # probe refused or failing), this long: it is not quiet between requests, it has none, and
    # a start-up that prints nothing for this long (no weights loading, no error) is hung.
    min_silence_unready: timedelta = timedelta(minutes=20)
    # ...or, for a log whose last words announce that it waits for the job's other processes
    # (a process group being initialised) while no container reports progress, this long:
    # once all have joined that returns within seconds, so a start-up this long stuck there
    # is a hang (the ranks never met), not a slow start.
    min_silence_awaiting: timedelta = timedelta(minutes=20)
    cadence_factor: float = 20.0
    # The snapshot's time and Kubernetes' own times are kept to the second, a log's stamps to
    # the nanosecond: a silence within this of its limit cannot be told from reaching it.
    grain: timedelta = timedelta(seconds=1)
    # Untimed lines after the last timestamp (a progress bar), or lines that arrived with it,
    # leave the silence unproven.
    max_untimed_tail: int = 2
    # Lines stamped this close to the last one arrived with it: a flushed buffer, a replayed
    # log (a kubelet stamps each line of a chunk microseconds apart).
    together: timedelta = timedelta(milliseconds=100)
    # ...and each within this of the line before it. The runtime reads a flushed buffer in one
    # chunk and the kubelet stamps its lines microseconds apart; lines milliseconds apart were
    # separate writes - a program writing as it goes - whose silence after them is measured.
    chunk: timedelta = timedelta(milliseconds=5)


@dataclass(frozen=True)
class Finding:
    signature: Signature
    source: Literal["log", "event", "status"]
    text: str
    pod: str | None = None
    container: str | None = None
    time: datetime | None = None
    previous: bool = False
    live: bool = False
    line: int = 0
    subject: str = ""
    """What the fact is about, as a reader names it: "Job train-node-0", "Node gpu-7"."""

    @property
    def former_pod(self) -> str | None:
        """For a finding about no current pod: the pod it names, if any - one that is gone
        (its events remain) or that was never created (a quota refused it)."""
        if self.pod is not None:
            return None
        if self.subject.startswith("Pod "):
            return self.subject[4:]
        m = _NAMED_POD.search(self.text)
        return m.group(1) if m else None

    @property
    def category(self) -> str:
        return self.signature.category or "unknown"

    @property
    def specificity(self) -> int:
        return self.signature.specificity

    @property
    def is_cause(self) -> bool:
        return self.signature.kind == "cause"

    @property
    def order(self) -> tuple[int, int, float]:
        """Where the finding stands in what was read: log lines by position (a previous run
        before the current one), the rest by time. A log line's own time is not used: many
        lines have none, and a live log's times are the kubelet's, given to every line."""
        if self.source == "log":
            return (0, 0 if self.previous else 1, self.line)
        return (1, 0, self.time.timestamp() if self.time else float("inf"))


@dataclass(frozen=True)
class Timeline:
    """What is past and what is present in one piece of evidence."""

    now: datetime
    past: frozenset[tuple[str, str]] = frozenset()
    """(pod, container) pairs whose last failure is history."""
    gone: frozenset[str] = frozenset()
    """Pods that are history: failed and replaced by a pod that runs, or still starting while
    the cluster autoscaler adds the node they wait for."""
    probe_killed: frozenset[str] = frozenset()
    """Pods whose container's last run the kubelet ended for a failed liveness or startup
    probe, and that have not run long enough since to call it recovered."""

    @classmethod
    def of(cls, evidence: Evidence) -> Timeline:
        now = evidence.now
        gone = frozenset(_replaced(evidence.pods, now) | _awaiting_scale_up(evidence, now))
        killed = _probe_killed(evidence, now)
        if killed:
            return cls._of(evidence, now, gone).with_probe_killed(killed)
        return cls._of(evidence, now, gone)

    def with_probe_killed(self, pods: frozenset[str]) -> Timeline:
        return Timeline(self.now, self.past, self.gone, pods)

    @classmethod
    def _of(cls, evidence: Evidence, now: datetime, gone: frozenset[str]) -> Timeline:
        settled = {
            (p.name, c.name): c
            for p in evidence.pods
            for c in p.containers
            if c.last is not None and c.last.failed and recovered(c, now)
        }
        if not settled:
            return cls(now, gone=gone)
        provisional = cls(now, frozenset(settled), gone)
        ongoing = [t for p in evidence.pods if provisional.failing(p) for t in _failure_times(p, provisional)]
        if not ongoing:
            return provisional
        since = min(ongoing)
        return cls(
            now,
            frozenset(
                k
                for k, c in settled.items()
                if c.last is not None and c.last.finished_at is not None and c.last.finished_at < since - CASCADE_WINDOW
            ),
            gone,
        )

    def recovered(self, pod: PodFacts, ctr: ContainerFacts) -> bool:
        return (pod.name, ctr.name) in self.past

    def unrecovered_last(self, pod: PodFacts, ctr: ContainerFacts) -> bool:
        """The container's last run failed, and that failure still matters."""
        return ctr.last is not None and ctr.last.failed and not self.recovered(pod, ctr)

    def failing(self, pod: PodFacts) -> bool:
        """Whether the pod is in trouble now, not just in its past."""
        if pod.name in self.gone:
            return False
        if pod.phase in ("Failed", "Unknown") or pod.unschedulable is not None or pod.reason:
            return True
        if pod.name in self.probe_killed:
            return True
        if pod.phase == "Pending" and pod.created_at is not None and self.now - pod.created_at >= PENDING_TOO_LONG:
            return True
        return any(
            c.current.failed or c.current.waiting_on_error or unready(c, self.now) or self.unrecovered_last(pod, c)
            for c in pod.containers
        )


def _probe_killed(evidence: Evidence, now: datetime) -> frozenset[str]:
    """Pods a failed probe got restarted, whose container has not recovered since."""
    kills = [
        e
        for e in evidence.events
        if e.reason == "Killing" and e.last_seen is not None and _PROBE_KILL.search(e.message)
    ]
    pods: set[str] = set()
    for pod in evidence.pods:
        for ctr in pod.containers:
            last = ctr.last
            if last is None or last.finished_at is None or recovered(ctr, now):
                continue
            if any(
                e.object_name == pod.name
                and e.last_seen is not None
                and (last.started_at is None or e.last_seen >= last.started_at)
                and e.last_seen <= last.finished_at + PROBE_KILL_GRACE
                for e in kills
            ):
                pods.add(pod.name)
    return frozenset(pods)


def _replaced(pods: Sequence[PodFacts], now: datetime) -> set[str]:
    """Failed pods a controller replaced with one of the same role and index that has run
    since long enough to call it recovered, or has succeeded (a Job retrying an evicted
    pod). Controllers that recreate a pod under its own name never leave such a pair."""
    healthy = [
        p
        for p in pods
        if p.phase == "Succeeded"
        or (p.phase == "Running" and p.containers and all(recovered(c, now) for c in p.containers if not c.init))
    ]
    out = set()
    for pod in pods:
        if pod.phase != "Failed" or pod.created_at is None:
            continue
        if any(
            h.role == pod.role and h.index == pod.index and h.created_at is not None and h.created_at > pod.created_at
            for h in healthy
        ):
            out.add(pod.name)
    return out


def _awaiting_scale_up(evidence: Evidence, now: datetime) -> set[str]:
    """Young unscheduled pods the cluster autoscaler is adding a node for: starting, not
    stuck. The scheduler keeps reporting FailedScheduling until the node is up; only a
    NotTriggerScaleUp after the scale-up says the autoscaler gave up."""
    out = set()
    for pod in evidence.pods:
        if pod.unschedulable is None or pod.created_at is None or now - pod.created_at >= PENDING_TOO_LONG:
            continue
        about = [e for e in evidence.events if e.object_kind == "Pod" and e.object_name == pod.name]
        triggered = [t for e in about if e.reason == "TriggeredScaleUp" for t in (e.last_seen or e.first_seen,) if t]
        refused = [t for e in about if e.reason == "NotTriggerScaleUp" for t in (e.last_seen or e.first_seen,) if t]
        if triggered and not any(r > max(triggered) for r in refused):
            out.add(pod.name)
    return out


def _failure_times(pod: PodFacts, timeline: Timeline) -> list[datetime]:
    times = [c.current.finished_at for c in pod.containers if c.current.failed]
    times += [c.last.finished_at for c in pod.containers if c.last and timeline.unrecovered_last(pod, c)]
    if pod.unschedulable is not None:
        times.append(pod.unschedulable.time or pod.created_at)
    return [t for t in times if t is not None] or [t for t in (pod.started_at, pod.created_at) if t is not None][:1]


def find_all(
    evidence: Evidence, catalogue: Catalogue, timeline: Timeline | None = None, stall: StallPolicy = StallPolicy()
) -> list[Finding]:
    """Every current finding in the evidence."""
    timeline = timeline or Timeline.of(evidence)
    pods = {p.name: p for p in evidence.pods}
    findings = [
        *_recast_status(list(_from_status(evidence, catalogue.where("status"))), evidence, catalogue),
        *_from_events(evidence, catalogue.where("event")),
        *_from_logs(evidence, catalogue, stall),
    ]
    current = [f for f in findings if _current(f, evidence, pods, timeline)]
    if any(f.is_cause and f.source == "log" for f in current):
        return current
    return current + [
        f for f in _from_messages(evidence, catalogue.where("log")) if _current(f, evidence, pods, timeline)
    ]


def gone_pod_causes(evidence: Evidence, catalogue: Catalogue) -> list[Finding]:
    """Causes reported about pods that are gone (deleted, or replaced under the same name),
    current or not: what ended a rank may be why the others hang."""
    return [
        f
        for f in _from_events(evidence, catalogue.where("event"))
        if f.is_cause and f.pod is None and f.subject.startswith("Pod ")
    ]


def progress_lines(digest: LogDigest, progress: Sequence[Signature]) -> list[LogLine]:
    """The progress lines among a log's last lines."""
    return [line for line in digest.tail if any(sig.search(line.text) for sig in progress)]


def _halted_after(progress: list[LogLine], now: datetime, stall: StallPolicy) -> datetime | None:
    """The latest moment after which an error that stopped progress has been followed by none
    for far longer than the log's pace (``cadence_factor`` times the usual gap between its
    timed progress lines, at least ``min_silence_explained``); None when progress has no pace."""
    times = [line.time for line in progress if line.time is not None]
    gaps = sorted((b - a).total_seconds() for a, b in zip(times, times[1:], strict=False) if b > a)
    if len(gaps) < 3:
        return None
    usual = gaps[min(len(gaps) - 1, int(len(gaps) * 0.9))]
    return now - max(stall.min_silence_explained, timedelta(seconds=stall.cadence_factor * usual))


def on_node(evidence: Evidence, node: str, when: datetime | None) -> list[PodFacts]:
    """The workload's pods that ran on ``node`` when something happened to it: a node's
    trouble is its pods' trouble, not the workload's, and trouble from before a pod was
    created is the node's history."""
    return [
        p
        for p in evidence.pods
        if p.node == node and (when is None or p.created_at is None or when >= p.created_at - SIMULTANEOUS_WITH_NODE)
    ]


def best(signatures: Sequence[Signature], **fact: object) -> list[Signature]:
    """The most specific signatures matching one fact: a fact means one thing."""
    hits = [s for s in signatures if s.matches(**fact)]  # type: ignore[arg-type]
    if not hits:
        return []
    top = max(s.specificity for s in hits)
    return [s for s in hits if s.specificity == top][:1]


def _from_status(evidence: Evidence, signatures: Sequence[Signature]) -> Iterator[Finding]:
    despite = [s for s in signatures if s.despite_success]
    facts = [(f, signatures) for f in evidence.status_facts()]
    facts += [(f, despite) for f in evidence.clean_exit_facts()]
    for fact, among in facts:
        hits = best(among, text=fact.text, reason=fact.reason, subject=fact.kind, exit_code=fact.exit_code)
        # A node's condition is about the pods that ran there.
        pods = (
            [p.name for p in on_node(evidence, fact.subject.split(" ", 1)[1], fact.time)]
            if fact.scope == "node"
            else [fact.pod]
        )
        for sig in hits:
            for pod in pods:
                yield Finding(
                    sig,
                    "status",
                    fact.text,
                    pod,
                    fact.container,
                    fact.time,
                    previous=fact.previous,
                    subject=fact.subject,
                )


def _from_messages(evidence: Evidence, signatures: Sequence[Signature]) -> Iterator[Finding]:
    """A workload condition whose message holds lines its application printed - a RayService
    deployment's traceback, which no pod's log shows - read line by line as a log is: the
    causes its lines name are the workload's, quoted by the line that names them. Read only
    when no pod's log names a cause: a message that quotes logs (a RayJob's "last available
    logs") repeats their tail, and the logs themselves tell the story in order. One-line
    messages are the controller's own words, read by the status signatures."""
    causes = [s for s in signatures if s.kind == "cause"]
    for fact in evidence.status_facts():
        if fact.scope != "workload" or not fact.message or "\n" not in fact.message.strip():
            continue
        for line in fact.message.splitlines():
            for sig in best(causes, text=line):
                yield Finding(sig, "status", line.strip(), None, None, fact.time, subject=fact.subject)


def _from_events(evidence: Evidence, signatures: Sequence[Signature]) -> Iterator[Finding]:
    pods = {p.name: p for p in evidence.pods}
    for e in evidence.events:
        hits = best(signatures, text=e.message, reason=e.reason)
        if not hits:
            continue
        when = e.first_seen or e.last_seen
        subject = f"{e.object_kind} {e.object_name}"
        if e.object_kind == "Node":
            about: list[str | None] = [p.name for p in on_node(evidence, e.object_name, e.last_seen or when)]
        elif e.object_kind == "Pod":
            pod = pods.get(e.object_name)
            former = pod is None or (e.object_uid is not None and pod.uid is not None and e.object_uid != pod.uid)
            # About a pod that is gone (deleted, evicted and replaced, or an earlier pod of
            # the same name): no pod of the workload now, the story of a former one.
            about = [None if former else e.object_name]
        else:
            about = [None]
        for sig in hits:
            for name in about:
                yield Finding(sig, "event", event_text(e), name, None, when, subject=subject)


def event_text(e: EventFacts) -> str:
    count = f" (x{e.count})" if e.count > 1 else ""
    return f"{e.reason}: {' '.join(e.message.split())}{count}"


def _live(digest: LogDigest, evidence: Evidence) -> bool:
    """The log of a process running now - unless it has been running without ever becoming
    ready: then its errors are why."""
    pod = evidence.pod(digest.pod)
    ctr = pod.container(digest.container) if pod else None
    return ctr is not None and not digest.previous and ctr.current.state == "running" and not unready(ctr, evidence.now)


def _worked_on(logs: Sequence[LogDigest], progress: Sequence[list[LogLine]]) -> dict[tuple[str, str], datetime]:
    """When each running container last reported progress (a step, an epoch), by pod and
    container, from each log's progress lines (none for a log that is not live)."""
    worked: dict[tuple[str, str], datetime] = {}
    for digest, lines in zip(logs, progress, strict=True):
        times = [ln.time for ln in lines if ln.time is not None]
        if times:
            worked[(digest.pod, digest.container)] = max(times)
    return worked


def _from_logs(evidence: Evidence, catalogue: Catalogue, stall: StallPolicy) -> Iterator[Finding]:
    lives = [_live(digest, evidence) for digest in evidence.logs]
    progresses = [
        progress_lines(digest, catalogue.progress) if live else []
        for digest, live in zip(evidence.logs, lives, strict=True)
    ]
    worked = _worked_on(evidence.logs, progresses)
    for digest, live, progress in zip(evidence.logs, lives, progresses, strict=True):
        pod = evidence.pod(digest.pod)
        # What a running process logged is what it survived (but see below): ``live``.
        # An error in one container of a pod whose other container went on working after it
        # first showed is one the pod's work survived: a metrics sidecar that lost NVML beside
        # a trainer still stepping. A helper whose failure stops the work (a model loader
        # beside an idle server) has no such progress after it.
        work_went_on = [t for (p, c), t in worked.items() if p == digest.pod and c != digest.container]
        began = _first_times(digest)
        moved_on = progress[-1].line if progress else 0
        halted = _halted_after(progress, evidence.now, stall)
        ends_on = unhandled_at_the_end(digest) if live else None
        recast = _recasts(digest, catalogue)
        found: list[Finding] = []
        for m in digest.matches:
            sig = catalogue.by_id.get(m.signature)
            if sig is not None and sig.id in recast and m.line > recast[sig.id][0]:
                sig = recast[sig.id][1]
            if sig is None or sig.kind not in ("cause", "symptom"):
                continue  # noise, hints and progress decide nothing
            if sig.accelerators_only and not (pod is not None and pod.accelerators):
                continue
            if sig.without_accelerators and (pod is None or pod.accelerators):
                continue
            # A NaN loss or a stall report among the last lines counts even from a running
            # process - unless training progressed after it (a stall inspector's warning at
            # start-up, a loss spike the loss scaler skipped).
            now = m.line > digest.lines - LAST_WORDS and m.line >= moved_on
            lasting = sig.while_running == "anywhere" or (sig.while_running is True and now)
            # An error after which the process, which reported progress before, went on printing
            # but made no progress for far longer than its pace: it did not survive it - its
            # work loop died and only its shell (a server answering health checks) lives on. A
            # process silent since the error is left to the stall rules.
            stopped = (
                sig.kind == "cause"
                and m.line > moved_on
                and halted is not None
                and m.time is not None
                and m.time <= halted
                and digest.last_time is not None
                and digest.last_time - m.time >= stall.min_silence_explained
            )
            # The same error over and over up to the last lines: it is what the process does now.
            repeating = sig.kind == "cause" and m.count >= REPEATED and m.line > digest.lines - REPEATED
            # An exception nothing handled, the last words of a process still running: its work
            # (a training loop's thread, a server's session) died on it, and nothing since says
            # it went on. A handled one is followed by what the process did next.
            unhandled = sig.kind == "cause" and m.line == ends_on
            first = began.get(m.signature)
            carried_on = first is not None and any(t > first for t in work_went_on)
            still = live and (carried_on or not (lasting or stopped or repeating or unhandled))
            found.append(
                Finding(
                    sig,
                    "log",
                    m.text,
                    digest.pod,
                    digest.container,
                    m.time,
                    previous=digest.previous,
                    live=still,
                    line=m.line,
                )
            )
        yield from gave_up_on(found, moved_on) if live else found
        if live:
            again = repeated_to_the_end(digest, catalogue)
            if again is not None:
                sig, line = again
                yield Finding(sig, "log", line.text, digest.pod, digest.container, line.time, line=line.line)


def _first_times(digest: LogDigest) -> dict[str, datetime]:
    """When each signature's lines began in this log (its matches are the first and last)."""
    first: dict[str, datetime] = {}
    for m in digest.matches:
        if m.time is not None and (m.signature not in first or m.time < first[m.signature]):
            first[m.signature] = m.time
    return first


def gave_up_on(found: Sequence[Finding], moved_on: int) -> list[Finding]:
    """A running process's log findings, with the errors it printed on its way to one it did
    not survive - after its last progress, of that error's category - not survived either: the
    reasons a launcher gives before its verdict ("ssh: Could not resolve hostname ...", then
    "ORTE was unable to reliably start one or more daemons") are part of the same failure.
    They take its time: the process failed when it gave up, and a line with no time of its own
    (a library's "cudaMalloc failed") would otherwise be dated by whoever stamped it - the
    kubelet, live, with the line before's time; a snapshot's file, not at all."""
    fatal = next((f for f in found if f.is_cause and not f.live and f.line > moved_on), None)
    if fatal is None:
        return list(found)
    return [
        replace(f, live=False, time=fatal.time)
        if f.live and f.is_cause and moved_on < f.line < fatal.line and f.category == fatal.category
        else f
        for f in found
    ]


def unhandled_at_the_end(digest: LogDigest) -> int | None:
    """The line number of the log's last line when it is the exception a Python traceback
    ends on: ``Traceback (most recent call last):``, then only frames up to that line (or of
    the exception a chain began with, when the log stops at the chain's glue)."""
    lines = [ln for ln in digest.tail if ln.text.strip()]
    if not lines or lines[-1].line != digest.lines:
        return None
    # A copy cut just after a chained exception's glue ("The above exception was the direct
    # cause of the following exception:", the next traceback's header) ends, as far as it
    # goes, on the exception before the glue: the one the chain began with.
    glue = len(lines)
    while glue > 0 and _CHAIN_GLUE.match(lines[glue - 1].text):
        glue -= 1
    if glue < len(lines) and any(_CHAINED.match(ln.text) for ln in lines[glue:]):
        lines = lines[:glue]
    if len(lines) < 2 or _TRACEBACK_BODY.match(lines[-1].text):
        return None
    for ln in reversed(lines[:-1]):
        if _TRACEBACK.search(ln.text):
            return lines[-1].line
        if not _TRACEBACK_BODY.match(ln.text):
            return None
    # Nothing but a traceback's body from the first line read: the log, or the part of it
    # read, begins inside a traceback whose header came before it (a traceback longer than
    # the tail, a log the kubelet rotated mid-traceback).
    return lines[-1].line if _FRAME.match(lines[0].text) else None


def repeated_to_the_end(digest: LogDigest, catalogue: Catalogue) -> tuple[Signature, LogLine] | None:
    """The error a running process ends its log on and printed this way again and again, the
    same words but for numbers, with no progress since the first time: a server that stays up
    (often Ready: its health endpoint does not touch what fails) and fails every request. Read
    as a cause although no signature knows its words; one said once, or among other lines, is
    a process getting past it."""
    lines = [ln for ln in digest.tail if ln.text.strip()]
    if not lines or not catalogue.repeating:
        return None
    last = lines[-1]
    # Read by nothing but hints (a signature that knows the words decides as itself).
    ids = catalogue.line_matcher.classify(last.text)
    if not ids or any(catalogue.kind_of(i) != "hint" for i in ids):
        return None
    sig = next((s for s in catalogue.repeating if s.search(last.text)), None)
    if sig is None:
        return None
    words = shape(last.text)
    same = [ln for ln in lines if shape(ln.text) == words]
    progress = progress_lines(digest, catalogue.progress)
    if len(same) < REPEATED or (progress and progress[-1].line > same[0].line):
        return None
    return sig, last


def shape(text: str) -> str:
    """A line with its numbers and spacing left out: the same error at another time, address or count."""
    return " ".join(_DIGITS.sub("#", text).split())


def _recasts(digest: LogDigest, catalogue: Catalogue) -> dict[str, tuple[int, Signature]]:
    """The causes this log's earlier lines recast (see ``Signature.recasts``): by the id of
    the cause, the line after which it is read otherwise, and what it is read as - the
    recasting signature, as a cause as specific as the line it takes over, plus one; or, when
    the recasting signature is a symptom (a process announcing it kills itself), as that
    symptom: what it takes over is its own doing, not a cause."""
    out: dict[str, tuple[int, Signature]] = {}
    for m in digest.matches:
        sig = catalogue.by_id.get(m.signature)
        if sig is None or not sig.recasts:
            continue
        for target in sig.recasts:
            original = catalogue.by_id.get(target)
            if original is None or original.kind != "cause" or (target in out and out[target][0] <= m.line):
                continue
            if sig.kind == "symptom":
                read_as = sig.model_copy(update={"recasts": None})
            else:
                read_as = sig.model_copy(
                    update={"kind": "cause", "specificity": min(100, original.specificity + 1), "recasts": None}
                )
            out[target] = (m.line, read_as)
    return out


def _recast_status(findings: list[Finding], evidence: Evidence, catalogue: Catalogue) -> list[Finding]:
    """Status findings read as what the log of the run that ended in them recasts them to
    (see ``Signature.recasts``): a server that said it kills its own process tree exited 137
    by its own hand."""
    digests = {(d.pod, d.container, d.previous): d for d in evidence.logs}
    cache: dict[tuple[str, str, bool], dict[str, tuple[int, Signature]]] = {}
    out: list[Finding] = []
    for f in findings:
        key = (f.pod or "", f.container or "", f.previous)
        digest = digests.get(key) if f.source == "status" else None
        if digest is not None:
            if key not in cache:
                cache[key] = _recasts(digest, catalogue)
            recast = cache[key].get(f.signature.id)
            if recast is not None:
                f = replace(f, signature=recast[1])
        out.append(f)
    return out


def _former_current(f: Finding, evidence: Evidence, timeline: Timeline) -> bool:
    """What ended a pod that is gone still matters when no pod replaced it, or when pods of
    the workload are failing now and began to within ``CASCADE_WINDOW`` after it (a rank
    preempted and recreated while the others time out waiting for it). A pod replaced by
    one that runs fine is history (unless the job stalled when it went: rules.decide)."""
    return not evidence.pods or _cascade_after(f, evidence, timeline) or _ended_the_workload(f, evidence, timeline)


def _ended_the_workload(f: Finding, evidence: Evidence, timeline: Timeline) -> bool:
    """The workload failed within ``CASCADE_WINDOW`` after ``f`` while none of its pods is
    failing: the pod that went is the replica its operator counted as failed (a TFJob whose
    evaluator was deleted by hand, its other replicas still training)."""
    w = evidence.workload
    if f.time is None or w.status != "Failed" or any(timeline.failing(p) for p in evidence.pods):
        return False
    return any(
        c.type == "Failed" and c.status == "True" and c.time is not None and f.time <= c.time <= f.time + CASCADE_WINDOW
        for c in w.conditions
    )


def _cascade_after(f: Finding, evidence: Evidence, timeline: Timeline) -> bool:
    """Pods of the workload are failing now, and began to within ``CASCADE_WINDOW`` after
    ``f``. Only what came before the failures explains them: pods an operator deletes after a
    job failed (cleanPodPolicy) leave their Killing events behind, after the failure."""
    times = [t for p in evidence.pods if timeline.failing(p) for t in _failure_times(p, timeline)]
    if f.time is None:
        return bool(times)
    return any(f.time <= t <= f.time + CASCADE_WINDOW for t in times)


def recovered(ctr: ContainerFacts, now: datetime) -> bool:
    """Running again, long enough since its last restart to call the last failure past."""
    cur = ctr.current
    if cur.state != "running" or cur.started_at is None:
        return False
    up = now - cur.started_at
    if _oom_killed_again_soon(ctr, up):
        return False
    if up >= RECOVERED_AFTER:
        return True
    last = ctr.last
    return (
        ctr.probed
        and ctr.ready is True
        and up >= READY_RECOVERED_AFTER
        and last is not None
        and last.started_at is not None
        and last.finished_at is not None
        and up >= READY_RECOVERED_RATIO * (last.finished_at - last.started_at)
    )


def _oom_killed_again_soon(ctr: ContainerFacts, up: timedelta) -> bool:
    last = ctr.last
    return (
        ctr.restart_count >= RECURRING_OOM_RESTARTS
        and last is not None
        and last.reason == "OOMKilled"
        and last.started_at is not None
        and last.finished_at is not None
        and up < last.finished_at - last.started_at
    )


def unready(ctr: ContainerFacts, now: datetime) -> bool:
    """Running for long, yet never Ready: a readiness or startup probe keeps failing."""
    cur = ctr.current
    return (
        cur.state == "running"
        and ctr.ready is False
        and cur.started_at is not None
        and now - cur.started_at >= UNREADY_TOO_LONG
    )


def _current(f: Finding, evidence: Evidence, pods: dict[str, PodFacts], timeline: Timeline) -> bool:
    if f.pod is None:
        return _workload_finding_current(f, evidence, timeline)
    pod = pods.get(f.pod)
    if pod is None or pod.name in timeline.gone:
        return False
    if f.subject.startswith("Node "):
        # A node's trouble explains its pod when the pod is failing, or when the pod hangs
        # while its peers fail after it (a GPU lost under a rank that never exits).
        return pod.phase == "Pending" or timeline.failing(pod) or _cascade_after(f, evidence, timeline)
    if f.source == "event":
        if _deletion_kill(f) and _failed_before(pod, f.time, timeline):
            # A pod deleted after a container of it had already failed (an operator's
            # RestartJob or cleanPodPolicy, stopping a sidecar that still ran): the deletion
            # came after the failure and did not cause it.
            return False
        # Warnings explain a pod that is failing or still pending; about a pod that runs
        # fine now they are history.
        return pod.phase == "Pending" or timeline.failing(pod)
    ctr = pod.container(f.container) if f.container else None
    if ctr is None:
        return True
    if f.source == "status" and not f.previous and ctr.current.state == "waiting" and ctr.current.reason != BACK_OFF:
        # The container cannot be created or started now (CreateContainerError, StartError,
        # a config error): that is current whether or not it ever ran before. A back-off
        # waits on the last run, judged below.
        return ctr.current.waiting_on_error
    if f.previous or ctr.current.state == "waiting":
        # The last run: it counts while the container has not recovered from it.
        return timeline.unrecovered_last(pod, ctr)
    if ctr.current.state == "terminated":
        # A trainer that stopped itself on a diverged loss may exit 0: what it said about
        # why it stopped still counts (see despite_success).
        return ctr.current.failed or f.signature.despite_success or _last_words_of_a_quiet_exit(f, ctr, evidence)
    return True  # running: kept, marked live


def _last_words_of_a_quiet_exit(f: Finding, ctr: ContainerFacts, evidence: Evidence) -> bool:
    """An error among the very last lines of a main container that exited 0 while its
    workload has not succeeded: a launcher or wrapper that swallowed its child's exit code (an
    elastic agent whose rendezvous failed, shown Completed). The same words from a workload
    that succeeded are how its processes part (a store closing as the last rank leaves); an
    init container's are what it retried and got past before it handed over."""
    if (
        f.source != "log"
        or f.previous
        or ctr.init
        or f.signature.kind != "cause"
        or evidence.workload.status == "Succeeded"
    ):
        return False
    digest = next((d for d in evidence.logs if (d.pod, d.container, d.previous) == (f.pod, f.container, False)), None)
    return digest is not None and f.line > digest.lines - QUIET_EXIT_LAST_WORDS


def _deletion_kill(f: Finding) -> bool:
    """The kubelet stopping a container because its pod was deleted (not for a failed probe)."""
    return f.category == "killed-externally" and f.text.startswith("Killing: ") and not _PROBE_KILL.search(f.text)


def _failed_before(pod: PodFacts, when: datetime | None, timeline: Timeline) -> bool:
    """A container of ``pod`` had failed on its own before ``when``."""
    if when is None:
        return False
    times = [c.current.finished_at for c in pod.containers if c.current.failed]
    times += [c.last.finished_at for c in pod.containers if c.last and timeline.unrecovered_last(pod, c)]
    return any(t is not None and t < when for t in times)


def _workload_finding_current(f: Finding, evidence: Evidence, timeline: Timeline) -> bool:
    w = evidence.workload
    if f.source == "status":
        return True
    if f.subject.startswith("Pod "):
        return _former_current(f, evidence, timeline)
    # Rejections (quota, invalid template) matter while pods are missing; once every
    # replica exists they are history.
    missing = any(r.expected is not None and r.created < r.expected for r in w.replicas) or not evidence.pods
    # A PodGroup held back (its queue has no quota left, its gang cannot be placed) keeps its
    # pods waiting unplaced, whatever the workload's own status says (a batch Job is Running
    # with its pod Pending): current while a pod still waits for a node.
    held = f.subject.startswith("PodGroup ") and any(p.phase == "Pending" and p.node is None for p in evidence.pods)
    return w.status not in ("Running", "Succeeded") or missing or held
