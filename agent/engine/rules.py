"""The rule engine: Evidence + Catalogue -> Verdict. Pure: no files, no network, no clock.

The decision, in order:

1. A workload that succeeded is healthy, whatever its logs said on the way - unless the run
   that succeeded says it stopped itself because training diverged, or that it could not use
   the GPUs it was given and ran on the CPU, or its container's status says a process in it
   was OOM-killed (signatures marked ``despite_success``): exit code 0 then only means the
   trainer gave up cleanly, the work was done on the wrong device, or the wrapper swallowed
   its task's failure.
2. Where causes show (signatures of kind ``cause``, current, not printed by a process
   that is still running), the one that showed first decides: its pod is the culprit,
   its category the verdict's. What other pods show afterwards is the cascade. A cause
   reported about the workload's owner (an Argo Workflow) blames the pod that failed with
   it; one about a pod that is gone, or that a quota never created, names that pod; one
   about the workload that kept its pods from being placed (a gang), the first of them.
3. A running job whose container that reports progress went silent far longer than its own
   pace is stalled - unless the last lines before the silence hold a cause, which then
   decides (agent/engine/progress.py). So is a container that restarts over and over
   without an error.
4. Failing pods with only symptoms (timeouts, torchrun's summary): the pod that failed
   first is the culprit, and its strongest symptom names the category.
5. Otherwise the workload is healthy: starting, running, or running with warnings.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import replace
from datetime import datetime, timedelta

from agent.engine.confidence import confidence
from agent.engine.cues import guess
from agent.engine.decision import Decision
from agent.engine.errorlines import ErrorReader
from agent.engine.explain import explain
from agent.engine.findings import LAST_WORDS, Finding, StallPolicy, Timeline, find_all, gone_pod_causes, unready
from agent.engine.progress import Pace, pace
from agent.engine.ranking import SIMULTANEOUS, Suspect, failure_time, first_cause, outlived, strongest
from agent.engine.signatures import Catalogue, Signature
from agent.engine.taxonomy import HEALTHY, RENDEZVOUS, STALLED, UNKNOWN
from agent.engine.verdict import Verdict
from agent.i18n import ENGLISH, Translator
from collectors.evidence import NEVER, Evidence, LogDigest, PodFacts

# A workload with no pods this long after creation is not "starting" any more.
NO_PODS_AFTER = timedelta(minutes=10)
# A kind an operator runs (not Kubernetes itself) that has no pods, no conditions and no start
# time by then was never taken up - the operator is not running, watches other namespaces, or
# does not serve this apiVersion. A configuration problem, not a mystery.
NO_CONTROLLER = "config-error"
# Log clocks without a zone are read as UTC. A first line this far before the container's
# start (a Kubernetes time, always UTC), or a last line this far after the snapshot, is on
# another zone's clock.
ZONE_SUSPECT = timedelta(minutes=50)
ZONE_STEP = timedelta(minutes=15)
# A pod that went away this close to the moment a job's progress stopped is why it stopped.
STALL_ONSET = timedelta(minutes=15)
# How a log says which node a line it relays is about: Ray's driver prefixes what it relays
# with the address of the node it happened on ("(raylet, ip=10.0.3.7)", "(Trainer pid=81,
# ip=10.0.3.7)") and its memory monitor names it ("Memory on the node (IP: 10.0.3.7, ..."), as
# does its report of a worker process that died ("... Worker IP address: 10.0.3.7 Worker port:").
# Deliberately not a bare address: a peer a process talks to (NCCL's "10.0.3.7<43211>", a
# URL) is not where its error happened.
# The kubelet's word that a probe got an HTTP answer, whatever its status: the server's
# process is up and answering, however unready.
_PROBE_ANSWERED = re.compile(r"\bprobe failed with statuscode: \d+")
_NODE_ADDRESS = re.compile(r"(?:\bip=|\bIP: |\bWorker IP address: )(\d{1,3}(?:\.\d{1,3}){3})\b")
# The lines after a cause's own that still belong to its message.
RELAYED_LINES = 3


def judge(
    evidence: Evidence, catalogue: Catalogue, *, stall: StallPolicy = StallPolicy(), tr: Translator = ENGLISH
) -> Verdict:
    """The rule verdict for one workload, its prose in ``tr``'s language."""
    timeline = Timeline.of(evidence)
    findings = find_all(evidence, catalogue, timeline, stall)
    paces = [
        pace(d, catalogue.progress, stall, catalogue.mute, catalogue.waiting)
        for d in evidence.logs
        if _running_now(evidence, d)
    ]
    decision = decide(evidence, findings, stall, timeline, paces, gone_pod_causes(evidence, catalogue))
    decision = _guessed(decision, evidence, catalogue)
    level, reason = confidence(evidence, decision, paces, stall, tr)
    return explain(evidence, decision, timeline, tr).model_copy(
        update={"confidence": level, "confidence_reason": reason}
    )


def decide(
    evidence: Evidence,
    findings: list[Finding],
    stall: StallPolicy,
    timeline: Timeline,
    paces: list[Pace] | None = None,
    gone: list[Finding] | None = None,
) -> Decision:
    workload = evidence.workload
    by_pod: dict[str | None, list[Finding]] = defaultdict(list)
    for f in findings:
        by_pod[f.pod].append(f)
    live = [f for f in findings if f.live and f.is_cause]

    times = {p.name: failure_time(p, by_pod.get(p.name, []), timeline) for p in evidence.pods}
    if workload.status == "Succeeded":
        # Only the final run counts (an earlier attempt's error is what the retry fixed), and
        # of its log only the last lines: a search that stops a diverging trial and trains the
        # next (keras-tuner with TerminateOnNaN) has not given up. Its status (OOMKilled on an
        # exit 0) is about that run as a whole.
        gave_up = strongest(
            f
            for f in findings
            if f.signature.despite_success
            and not f.previous
            and (f.source == "status" or _among_last_words(evidence, f))
        )
        if gave_up is not None:
            return _blame(evidence, evidence.pod(gave_up.pod), gave_up, gave_up.time, findings, times, timeline)
        return Decision("healthy", HEALTHY, findings=findings, ignored=live)

    suspects: list[Suspect] = []
    for pod in evidence.pods:
        cause = strongest(outlived([f for f in by_pod.get(pod.name, []) if f.is_cause and not f.live]))
        if cause is not None:
            suspects.append(Suspect(pod, times[pod.name], cause))
    for f in by_pod.get(None, []):
        if f.is_cause:
            suspects.append(Suspect(None, f.time, f))
    if suspects:
        earliest = first_cause(suspects)
        # A driver (a RayJob's submitter, a Ray head) relaying what happened on another node
        # of the job: the pod at that address is where the cause is.
        origin = _relayed_from(evidence, earliest)
        if origin is not None:
            return _blame(
                evidence,
                origin,
                earliest.cause,
                earliest.time,
                findings,
                times,
                timeline,
                container=origin.containers[0].name if origin.containers else None,
            )
        partner = _failed_with(suspects, earliest) if earliest.pod is None else None
        if partner is not None:
            return _blame(
                evidence,
                partner.pod,
                earliest.cause,
                earliest.time,
                findings,
                times,
                timeline,
                container=partner.cause.container,
            )
        where = earliest.pod
        if where is None and earliest.cause.former_pod is None:
            # A cause about the workload itself (its PodGroup's gang cannot be placed, a queue
            # holds it) shows on the pods it kept from being placed: the first of them.
            where = next((p for p in evidence.pods if p.phase == "Pending" and p.node is None), None)
        return _blame(evidence, where, earliest.cause, earliest.time, findings, times, timeline)

    stalled = _stalled(evidence, paces or [], stall)
    if stalled is not None:
        silent = stalled.digest
        quiet = evidence.pod(silent.pod)
        cause = strongest(_last_words(by_pod.get(silent.pod, []), silent, causes=True))
        if cause is not None:
            return _blame(evidence, quiet, cause, silent.last_time, findings, times, timeline)
        cause = _gone_at_onset(gone or [], silent)
        if cause is not None:
            return _blame(evidence, None, cause, cause.time, findings, times, timeline)
        warned = strongest(_last_words(by_pod.get(silent.pod, []), silent, causes=False), last=True)
        return Decision(
            "stalled",
            RENDEZVOUS if _never_met(evidence, stalled, warned) else STALLED,
            pod=quiet,
            container=silent.container,
            time=silent.last_time,
            findings=findings,
            silent=silent,
            ignored=live,
            cadence=min((c for c in (silent.cadence, stalled.seconds) if c), default=None),
            progress=stalled.last.text if stalled.last else None,
            said=stalled.said,
            awaits=stalled.awaits,
            warned=warned,
        )
    # Quiet for less than a stall from silence needs, but a pod of the job went away just
    # when its progress stopped: that explains the silence.
    early = _stalled(evidence, paces or [], stall, floor=stall.min_silence_explained)
    cause = _gone_at_onset(gone or [], early.digest) if early is not None else None
    if cause is not None:
        return _blame(evidence, None, cause, cause.time, findings, times, timeline)
    looping = _restart_loop(evidence)
    if looping is not None:
        loop_pod, container = looping
        return Decision(
            "stalled",
            STALLED,
            pod=loop_pod,
            container=container,
            time=times.get(loop_pod.name),
            findings=findings,
            ignored=live,
            reason="restart-loop",
        )

    # A pod whose running process reports trouble it has not survived (an HCCL timeout among
    # its last lines, a stop after an error) is failing too, though Kubernetes sees it run.
    troubled = {f.pod for f in findings if f.source == "log" and not f.live and not f.previous}
    failing = sorted(
        (p for p in evidence.pods if timeline.failing(p) or p.name in troubled),
        key=lambda p: (times[p.name] or NEVER, p.role_rank, p.index or 0, p.name),
    )
    if failing or workload.status == "Failed":
        first = failing[0] if failing else None
        own = by_pod.get(first.name, []) if first else []
        symptom = strongest([f for f in own if not f.live], last=True) or strongest(by_pod.get(None, []), last=True)
        return Decision(
            "symptoms",
            symptom.category if symptom else UNKNOWN,
            pod=first,
            container=symptom.container if symptom else None,
            decisive=symptom,
            time=times.get(first.name) if first else None,
            findings=findings,
            later=_later(evidence, first, times, timeline),
            ignored=live,
        )

    if (
        not evidence.pods
        and workload.created_at
        and evidence.now - workload.created_at > NO_PODS_AFTER
        and workload.family != "pod"
    ):
        if workload.operator is not None and not workload.conditions and not workload.started_at and not findings:
            return Decision("symptoms", NO_CONTROLLER, findings=findings, reason="no-controller")
        return Decision("symptoms", UNKNOWN, findings=findings, reason="no-pods")
    return Decision("healthy", HEALTHY, findings=findings, ignored=live)


def _guessed(d: Decision, evidence: Evidence, catalogue: Catalogue) -> Decision:
    """A failure nothing names (a pod failed, no cause or symptom read): the category the words
    of its last error line point at, said as a guess (see agent/engine/cues.py) - or as it was."""
    if d.outcome != "symptoms" or d.category != UNKNOWN or d.pod is None or d.reason:
        return d
    hunch = guess([x for x in evidence.logs if x.pod == d.pod.name], ErrorReader.of(evidence, catalogue))
    if hunch is None:
        return d
    log, line = hunch.digest, hunch.line
    # Built, not validated: the cue's pattern is ours, read with Python's re (cues.yaml), not the scanner's.
    sig = Signature.model_construct(
        id=f"guess-{hunch.category}",
        kind="hint",
        category=hunch.category,
        where="log",
        pattern=hunch.cue.pattern.pattern,
    )
    said = Finding(sig, "log", line.text, d.pod.name, log.container, line.time, previous=log.previous, line=line.line)
    return replace(d, category=hunch.category, container=log.container, decisive=said, reason="guess")


def _among_last_words(evidence: Evidence, f: Finding) -> bool:
    d = next((d for d in evidence.logs if (d.pod, d.container, d.previous) == (f.pod, f.container, f.previous)), None)
    return d is not None and f.line > d.lines - LAST_WORDS


def _relayed_from(evidence: Evidence, suspect: Suspect) -> PodFacts | None:
    """The other pod of the workload a log cause says it happened on, by that pod's address,
    on the cause's line or the few lines of its message after it; None unless exactly one pod
    has that address (pods on the host network share their node's)."""
    f = suspect.cause
    if f.source != "log" or suspect.pod is None:
        return None
    digest = next(
        (d for d in evidence.logs if d.pod == f.pod and d.container == f.container and d.previous == f.previous),
        None,
    )
    if digest is None:
        return None
    lines = {ln.line: ln.text for window in digest.windows for ln in window}
    lines.update({ln.line: ln.text for ln in digest.tail})
    addresses = {
        m.group(1)
        for n in range(f.line, f.line + RELAYED_LINES + 1)
        for m in _NODE_ADDRESS.finditer(lines.get(n, f.text if n == f.line else ""))
    }
    if not addresses:
        return None
    named = [p for p in evidence.pods if p.ip in addresses and p is not suspect.pod]
    return named[0] if len(named) == 1 else None


def _failed_with(suspects: list[Suspect], winner: Suspect) -> Suspect | None:
    """The pod that failed together with a cause reported about the workload or its owner (an
    Argo Workflow stopped, a deadline reached): the pod is where it showed. Not for a cause
    that names a pod of its own (a former or never-created pod). A setting, with no time of
    its own, showed where the first pod failed."""
    if winner.cause.former_pod is not None:
        return None
    t0 = winner.time
    with_it = [
        s
        for s in suspects
        if s.pod is not None and s.time is not None and (t0 is None or abs(s.time - t0) <= SIMULTANEOUS)
    ]
    return min(with_it, key=lambda s: (s.time or NEVER, s.pod.role_rank if s.pod else 0)) if with_it else None


def _blame(
    evidence: Evidence,
    pod: PodFacts | None,
    cause: Finding,
    time: datetime | None,
    findings: list[Finding],
    times: dict[str, datetime | None],
    timeline: Timeline,
    container: str | None = None,
) -> Decision:
    return Decision(
        "cause",
        cause.category,
        pod=pod,
        container=container or cause.container,
        decisive=cause,
        time=time,
        findings=findings,
        later=_later(evidence, pod, times, timeline),
        ignored=[f for f in findings if f.live and f.is_cause and f.pod != (pod.name if pod else None)],
        absent=cause.former_pod if pod is None else None,
    )


def _later(
    evidence: Evidence, culprit: PodFacts | None, times: dict[str, datetime | None], timeline: Timeline
) -> list[tuple[PodFacts, datetime | None]]:
    """The other failing pods, in the order they failed: the cascade."""
    others = [p for p in evidence.pods if p is not culprit and timeline.failing(p)]
    others.sort(key=lambda p: (times[p.name] or NEVER, p.role_rank, p.index or 0))
    return [(p, times[p.name]) for p in others]


def _running_now(evidence: Evidence, d: LogDigest) -> bool:
    """The log of a container that runs now (not a previous run's)."""
    pod = evidence.pod(d.pod)
    ctr = pod.container(d.container) if pod else None
    return not d.previous and ctr is not None and ctr.current.state == "running"


def _gone_at_onset(gone: list[Finding], silent: LogDigest) -> Finding | None:
    """A cause reported about a pod that went away (deleted, preempted, evicted) when the
    silent log's progress stopped: the others wait for the rank it was."""
    onset = silent.last_time
    return strongest(
        [f for f in gone if f.time is not None and onset is not None and abs(f.time - onset) <= STALL_ONSET]
    )


def _serving(evidence: Evidence, d: LogDigest) -> bool:
    pod = evidence.pod(d.pod)
    ctr = pod.container(d.container) if pod else None
    return ctr is not None and ctr.probed and ctr.ready is True


def _last_words(findings: list[Finding], silent: LogDigest, *, causes: bool) -> list[Finding]:
    """The causes (or, with ``causes`` false, the symptoms) the silent log printed among its
    last lines."""
    return [
        f
        for f in findings
        if f.is_cause == causes
        and f.source == "log"
        and f.container == silent.container
        and f.line > silent.lines - LAST_WORDS
    ]


def _stalled(evidence: Evidence, paces: list[Pace], policy: StallPolicy, floor: timedelta | None = None) -> Pace | None:
    """The container reporting progress whose log went silent first, if one went silent too
    long. When some container reports progress, those that do not are quiet by design and not
    judged; when none does, every one is (a job hung before its first step; see
    agent/engine/progress.py)."""
    if evidence.workload.status in ("Succeeded", "Failed", "Suspended"):
        return None
    # A Ready server tells its health through its readiness probe; quiet between requests.
    working = [p for p in paces if not _serving(evidence, p.digest)]
    judged = [p for p in working if p.reports] or working
    silent: list[Pace] = []
    for p in judged:
        d = p.digest
        pod = evidence.pod(d.pod)
        ctr = pod.container(d.container) if pod else None
        if not p.measurable(policy) or ctr is None:
            continue
        if not _utc_clock(d, ctr.current.started_at, evidence.now):
            continue  # the silence cannot be measured on a clock we cannot place
        quiet = p.quiet(evidence.now)
        # A server never Ready, or ranks whose last words say they wait for the others, need less.
        sooner: timedelta | None = None
        if unready(ctr, evidence.now):
            if _answered_since(evidence, d):
                continue  # not hung: it answers its probes, and what it answers says why
            sooner = policy.min_silence_unready
        elif p.awaits and not p.reports:
            sooner = policy.min_silence_awaiting
        least = floor if sooner is None else min(floor or policy.min_silence, sooner)
        if quiet is not None and quiet + policy.grain >= p.due(policy, least):
            silent.append(p)

    if not silent:
        return None
    # Logs that went quiet within the same second went quiet together: which line came a few
    # hundred milliseconds last says nothing, so the job's first role (chief, master,
    # launcher, rank 0) is named, not a server that waits on it.
    earliest = min(p.digest.last_time or NEVER for p in silent)
    together = [p for p in silent if (p.digest.last_time or NEVER) < earliest + policy.grain]

    def first(p: Pace) -> tuple[int, int, datetime, str]:
        pod = evidence.pod(p.digest.pod)
        return (pod.role_rank if pod else 99, (pod.index or 0) if pod else 0, p.digest.last_time or NEVER, p.digest.pod)

    return min(together, key=first)


def _never_met(evidence: Evidence, stalled: Pace, warned: Finding | None) -> bool:
    """Whether a stall is ranks that cannot meet (the taxonomy's rendezvous-error, though no
    store has timed out yet to say so): silent since they announced they join the process
    group, with nothing lost before, and spread over pods, which must reach each other over the
    network. Ranks of one pod meet on the loopback: silent after joining, they hang in their
    first collective (a stall)."""
    running = {p.name for p in evidence.pods if p.phase == "Running"}
    return stalled.awaits and warned is None and len(running) > 1


def _answered_since(evidence: Evidence, d: LogDigest) -> bool:
    """Whether the pod's probes got an HTTP answer after its log went quiet: its server still
    runs, whatever it answers (a 503 while a model is not marked ready)."""
    if d.last_time is None:
        return False
    return any(
        e.object_kind == "Pod"
        and e.object_name == d.pod
        and e.last_seen is not None
        and e.last_seen > d.last_time
        and _PROBE_ANSWERED.search(e.message)
        for e in evidence.events
    )


def _utc_clock(d: LogDigest, started: datetime | None, now: datetime) -> bool:
    """Whether the log's zone-less times can be read as UTC. A line cannot be written
    before its container started, nor after the snapshot was taken: a log that says
    otherwise runs on another zone's clock, and by how much is unknowable when only part
    of the log was read."""
    if d.last_time is not None and d.last_time > now + ZONE_STEP:
        return False
    return not (d.first_time is not None and started is not None and d.first_time < started - ZONE_SUSPECT)


def _restart_loop(evidence: Evidence) -> tuple[PodFacts, str] | None:
    """A container crash-looping on exit code 0: restarting over and over without an error."""
    for pod in evidence.pods:
        for ctr in pod.containers:
            if ctr.current.reason == "CrashLoopBackOff" and ctr.last is not None and ctr.last.exit_code == 0:
                return pod, ctr.name
    return None
