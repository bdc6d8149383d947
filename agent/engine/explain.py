"""Putting a rule decision into words: error, analysis, solution and the evidence lines."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timezone
from typing import Any

from agent.engine.decision import Decision
from agent.engine.findings import Finding, Timeline, event_text
from agent.engine.taxonomy import categories
from agent.engine.verdict import Culprit, EvidenceLine, Verdict
from collectors.evidence import Evidence, LogDigest, PodFacts, one_line
from collectors.fields import pod_summary
from collectors.timestamps import format_duration, format_time

MAX_EVIDENCE = 6
QUOTE_CHARS = 300  # in the error line
ANALYSIS_QUOTE_CHARS = 160  # the analysis repeats the line only to say where it came from
EVIDENCE_CHARS = 1000  # in an evidence line
NEVER_SEEN = datetime.min.replace(tzinfo=timezone.utc)


def explain(evidence: Evidence, d: Decision, timeline: Timeline) -> Verdict:
    w = evidence.workload
    common: dict[str, Any] = {"target": w.ref, "status": w.status, "notes": list(evidence.notes), "engine": "rules"}
    if d.outcome == "healthy":
        return Verdict(healthy=True, category=d.category, error=f"No error: {w.ref} {_doing(w.status)}.",
                       analysis=_healthy_analysis(evidence, d, timeline), solution=_healthy_solution(w.status),
                       evidence=_healthy_evidence(evidence), **common)
    if d.outcome == "stalled":
        return _stalled(evidence, d, common)
    if d.outcome == "cause" and d.decisive is not None:
        return _cause(evidence, d, d.decisive, common)
    return _symptoms(evidence, d, common)


# -- a cause was found ----------------------------------------------------------------------


def _cause(evidence: Evidence, d: Decision, f: Finding, common: dict[str, Any]) -> Verdict:
    w = evidence.workload
    sig = f.signature
    subject = d.pod.label if d.pod else w.ref
    summary = sig.summary or f"shows {d.category}"
    error = f"{subject} {summary}: {_quote(f.text, f.signature.pattern)}"
    parts = [f"{w.ref} is {w.status}."]
    if d.pod is not None:
        when = f" at {format_time(d.time)}" if d.time else ""
        parts.append(f"{d.pod.label} is where it first went wrong{when}: {pod_summary(d.pod)}.")
        where = {"log": "Its log" + (" from the previous run" if f.previous else ""),
                 "event": "An event about it", "status": "Its status"}[f.source]
        parts.append(f'{where} shows: "{one_line(f.text, ANALYSIS_QUOTE_CHARS)}" - {_category_words(d.category)}')
    else:
        own = not f.subject or f.subject == w.ref or f.subject == f"{w.kind} {w.name}"
        who = f"The {w.kind} itself" if own else f"Its {f.subject}"
        parts.append(f'{who} reports: "{one_line(f.text, ANALYSIS_QUOTE_CHARS)}" - {_category_words(d.category)}')
        parts.extend(f"{r.kind} {r.name}: {r.summary}." for r in evidence.related if r.summary)
    parts.extend(_cascade(d))
    parts.extend(_condition_note(evidence, d))
    parts.extend(_ignored_note(d))
    support = _support(d, f)
    lines = _lines([f, *support[:3]]) + _status_lines(evidence, d.pod, exclude=[f, *support])
    lines += _lines(support[3:])
    return Verdict(healthy=False, category=d.category, error=error, analysis=" ".join(parts),
                   solution=sig.solution or _category_words(d.category),
                   culprit=Culprit(pod=d.pod.name, container=f.container) if d.pod else None,
                   evidence=_dedupe(lines), signature=sig.id, **common)


def _support(d: Decision, decisive: Finding) -> list[Finding]:
    """The culprit's other findings (its own category first), then one from the cascade."""
    own = [f for f in d.findings if f.pod == decisive.pod and f is not decisive and not f.live]
    own.sort(key=lambda f: (f.category != d.category, -f.specificity, f.time.timestamp() if f.time else 0, f.line))
    chosen: list[Finding] = []
    seen = {decisive.text}
    for f in own:
        if f.text not in seen and len(chosen) < 3:
            chosen.append(f)
            seen.add(f.text)
    for pod, _ in d.later[:1]:
        theirs = [f for f in d.findings if f.pod == pod.name and not f.live]
        theirs.sort(key=lambda f: (-f.specificity, f.line))
        if theirs:
            chosen.append(theirs[0])
    return chosen


def _cascade(d: Decision) -> list[str]:
    if not d.later:
        return []
    pods = [p for p, _ in d.later]
    times = [t for _, t in d.later if t is not None]
    span = ""
    if times:
        first, last = format_time(min(times)), format_time(max(times))
        span = f" ({first})" if first == last else f" ({first} to {last})"
    shown = ", ".join(p.name for p in pods[:4]) + (f" and {len(pods) - 4} more" if len(pods) > 4 else "")
    what = sorted({f.signature.summary for f in d.findings
                   if f.pod in {p.name for p in pods} and not f.live and f.signature.summary})
    said = f"; they show that they {', '.join(what[:3])}" if what else ""
    n = len(pods)
    return [f"{n} other pod{'s' if n > 1 else ''} failed after it{span}: {shown}{said}. "
            f"That follows from the first failure; it needs no fix of its own."]


def _condition_note(evidence: Evidence, d: Decision) -> list[str]:
    """The job's Failed condition often names the replica that failed last."""
    if d.pod is None or d.pod.role is None:
        return []
    for c in evidence.workload.conditions:
        if c.type == "Failed" and c.status == "True" and c.message:
            named = [r.role for r in evidence.workload.replicas if f"{r.role.capitalize()} replica" in c.message]
            if named and d.pod.role not in named:
                return [f'The job\'s condition says "{one_line(c.message)}": that names the replica whose '
                        f"failure ended the job, not the one that failed first."]
    return []


def _ignored_note(d: Decision) -> list[str]:
    if not d.ignored:
        return []
    shown = "; ".join(sorted({f"{f.pod}: {f.signature.summary or f.category}" for f in d.ignored})[:3])
    return [f"Processes that are still running logged errors they survived ({shown}); they are not the cause."]


# -- stalled, symptoms only, healthy ------------------------------------------------------


def _stalled(evidence: Evidence, d: Decision, common: dict[str, Any]) -> Verdict:
    w = evidence.workload
    pod = d.pod
    label = pod.label if pod else w.ref
    culprit = Culprit(pod=pod.name, container=d.container) if pod else None
    if d.reason == "restart-loop":
        error = f"{label} restarts over and over: its container exits without an error and is started again."
        return Verdict(healthy=False, category=d.category, error=error,
                       analysis=f"{w.ref} is {w.status}. {pod_summary(pod) if pod else ''}.",
                       solution="A program that exits 0 in a pod with restartPolicy Always or OnFailure is restarted "
                                "forever. Make it run until its work is done, or run it as a Job.",
                       culprit=culprit, evidence=_status_lines(evidence, pod, exclude=[], limit=2), **common)
    silent = d.silent
    assert silent is not None and silent.last_time is not None
    quiet = format_duration((evidence.now - silent.last_time).total_seconds())
    last = _last_timed_line(silent)
    error = (f"{label} has printed nothing for {quiet}; its last line, at {format_time(silent.last_time)}, "
             f"was: {_quote(last)}")
    cadence = (f" It usually prints a line at least every {format_duration(silent.cadence)}."
               if silent.cadence else "")
    analysis = (f"{w.ref} is {w.status} and none of its pods failed, but {label} has been silent for {quiet} "
                f"before {format_time(evidence.now)}.{cadence} No error precedes the silence: the process is "
                f"alive and making no progress - a hung collective, a stuck I/O call (a checkpoint on a network "
                f"file system), or a deadlock.")
    solution = ("Find where it hangs: `kubectl exec` into the pod and run `py-spy dump --pid 1` (or on the "
                "training process), and check the storage it was writing to at its last line. To make hangs "
                "fail fast next time, lower the collective timeout (timeout= in init_process_group) and set "
                "TORCH_NCCL_ASYNC_ERROR_HANDLING=1.")
    line = EvidenceLine(source="log", pod=silent.pod, container=silent.container,
                        text=f"last output at {format_time(silent.last_time)}, {quiet} before the snapshot: {last}")
    return Verdict(healthy=False, category=d.category, error=error, analysis=analysis, solution=solution,
                   culprit=culprit, evidence=[line], **common)


def _symptoms(evidence: Evidence, d: Decision, common: dict[str, Any]) -> Verdict:
    w = evidence.workload
    f = d.decisive
    if d.reason == "no-pods":
        age = format_duration((evidence.now - w.created_at).total_seconds()) if w.created_at else "long"
        return Verdict(healthy=False, category=d.category,
                       error=f"{w.ref} has no pods {age} after it was created.",
                       analysis=f"{w.ref} is {w.status} and no pod of it exists, and no event says why.",
                       solution="Check that its controller (the training operator, the Job controller) is running "
                                "and accepts it: kubectl describe it and read the controller's log.",
                       evidence=[EvidenceLine(source="status", text=_workload_state(evidence))], **common)
    subject = d.pod.label if d.pod else w.ref
    state = pod_summary(d.pod) if d.pod else f"{w.kind} {w.status}"
    if d.category == "unknown":
        last = f"; the last sign of trouble: {_quote(f.text)}" if f else ""
        error = f"{subject} failed without a recognisable error ({state}){last}"
    elif f is not None:
        error = f"{subject} {f.signature.summary or 'failed'}: {_quote(f.text, f.signature.pattern)}"
    else:
        error = f"{subject} failed without a recognisable error: {state}"
    parts = [f"{w.ref} is {w.status}."]
    if d.pod is not None:
        when = f" at {format_time(d.time)}" if d.time else ""
        parts.append(f"{d.pod.label} failed first{when}: {state}.")
    if d.category == "unknown":
        parts.append("Nothing read names a cause: what it shows is what any failure leaves behind "
                     "(an exit code, torchrun's summary, a restart back-off).")
    else:
        parts.append(f"What it shows is usually a symptom ({f.signature.summary if f else d.category}), but no "
                     f"pod shows an earlier failure, so it is taken as the cause - {_category_words(d.category)}")
    parts.extend(_cascade(d))
    parts.extend(_ignored_note(d))
    if evidence.notes:
        parts.append("Some evidence could not be read: " + "; ".join(evidence.notes) + ".")
    generic = ("Read the culprit's whole log (kubectl logs, with --previous after a restart) for the first error; "
               "if the process exits without one, run it with more logging (PYTHONFAULTHANDLER=1, "
               "NCCL_DEBUG=INFO).")
    solution = f"{f.signature.solution} {generic}" if f and d.category == "unknown" else \
        (f.signature.solution if f else generic)
    found = [f] if f else []
    if d.pod is not None:
        found += [g for g in d.findings if g.pod == d.pod.name and g is not f and not g.live][:3]
    found += [g for g in d.findings if g.pod is None and g is not f][:2]
    lines = _lines(found) + _status_lines(evidence, d.pod, exclude=found) + _warning_lines(evidence, d.pod)
    return Verdict(healthy=False, category=d.category, error=error, analysis=" ".join(parts), solution=solution,
                   culprit=Culprit(pod=d.pod.name, container=d.container or (f.container if f else None))
                   if d.pod else None, evidence=_dedupe(lines), signature=f.signature.id if f else None, **common)


def _healthy_analysis(evidence: Evidence, d: Decision, timeline: Timeline) -> str:
    w = evidence.workload
    parts = [f"{w.ref} is {w.status}."]
    phases: dict[str, int] = {}
    for p in evidence.pods:
        phases[p.phase] = phases.get(p.phase, 0) + 1
    if phases:
        parts.append("Pods: " + ", ".join(f"{n} {ph}" for ph, n in sorted(phases.items())) + ".")
    starting = [p for p in evidence.pods if p.phase == "Pending"]
    if starting:
        parts.append(f"{len(starting)} pod{'s are' if len(starting) > 1 else ' is'} still starting, with no error "
                     f"so far: {'; '.join(_starting(evidence, p) for p in starting[:3])}.")
    restarted = [(p, c) for p in evidence.pods for c in p.containers
                 if c.last is not None and c.last.failed and timeline.recovered(p, c)]
    for p, c in restarted[:2]:
        parts.append(f"{p.label} restarted {c.restart_count} time{'s' if c.restart_count > 1 else ''} "
                     f"(last run {c.last.describe() if c.last else ''}) and has run since "
                     f"{format_time(c.current.started_at)}: it recovered.")
    if w.status == "Succeeded" and any(c.restart_count for p in evidence.pods for c in p.containers):
        parts.append("Failures on the way were retried and the job completed.")
    parts.extend(_ignored_note(d))
    return " ".join(parts)


def _healthy_solution(status: str) -> str:
    if status in ("Pending", "Created"):
        return "Nothing to do yet; if pods stay Pending for long, run jobdoctor again."
    return "Nothing to do."


def _healthy_evidence(evidence: Evidence) -> list[EvidenceLine]:
    w = evidence.workload
    lines: list[EvidenceLine] = []
    state = [c for c in w.conditions if c.status == "True" and c.message]
    if state:
        c = max(state, key=lambda c: c.time.timestamp() if c.time else 0)
        lines.append(EvidenceLine(source="status", text=f"{w.ref} condition {c.type}: {one_line(c.message or '')}"))
    for p in evidence.pods:
        if p.phase == "Pending" and len(lines) < 3:
            ev = [e for e in evidence.events if e.object_kind == "Pod" and e.object_name == p.name]
            if ev:
                e = max(ev, key=lambda e: e.last_seen or e.first_seen or NEVER_SEEN)
                lines.append(EvidenceLine(source="event", pod=p.name, text=f"{e.reason}: {one_line(e.message)}"))
    progress = _progress_log(evidence)
    if progress is not None:
        text = next((ln.text for ln in reversed(progress.tail) if ln.text.strip()), "")
        if text:
            lines.append(EvidenceLine(source="log", pod=progress.pod, container=progress.container, text=_quote(text)))
    return lines[:MAX_EVIDENCE]


def _progress_log(evidence: Evidence) -> LogDigest | None:
    """The current log of the running pod that speaks for the job (master, launcher)."""
    ranked: list[tuple[int, int, LogDigest]] = []
    for d in evidence.logs:
        pod = evidence.pod(d.pod)
        if pod is None or d.previous or not d.tail:
            continue
        primary = 0 if pod.role in evidence.workload.primary_roles else 1
        ranked.append((primary, pod.role_rank, d))
    ranked.sort(key=lambda r: (r[0], r[1], r[2].pod))
    return ranked[0][2] if ranked else None


def _starting(evidence: Evidence, pod: PodFacts) -> str:
    ev = [e for e in evidence.events if e.object_kind == "Pod" and e.object_name == pod.name]
    if ev:
        e = ev[-1]
        return f"{pod.name}: {e.reason} since {format_time(e.first_seen)}"
    return f"{pod.name}: Pending"


# -- helpers --------------------------------------------------------------------------------


def _workload_state(evidence: Evidence) -> str:
    w = evidence.workload
    true = [c.type for c in w.conditions if c.status == "True"]
    created = f", created {format_time(w.created_at)}" if w.created_at else ""
    return f"{w.ref}: status {w.status}{created}, conditions {', '.join(true) or 'none'}, 0 pods"


def _doing(status: str) -> str:
    return {"Succeeded": "completed successfully", "Running": "is running", "Pending": "is starting",
            "Created": "is starting", "Restarting": "is restarting"}.get(status, f"is {status}")


def _category_words(category: str) -> str:
    text = categories().get(category, "")
    return text[0].lower() + text[1:] if text else category


def _quote(text: str, around: str | None = None) -> str:
    """A line as the error quotes it: cut between words, around ``around``'s match (the
    signature's pattern) when the line is long."""
    return one_line(text, QUOTE_CHARS, around)


def _last_timed_line(d: LogDigest) -> str:
    for ln in reversed(d.tail):
        if ln.time is not None:
            return ln.text
    return d.tail[-1].text if d.tail else ""


def _lines(findings: Iterable[Finding]) -> list[EvidenceLine]:
    return _dedupe(EvidenceLine(source=f.source, pod=f.pod, container=f.container,
                                text=one_line(f.text, EVIDENCE_CHARS)) for f in findings)


def _status_lines(evidence: Evidence, pod: PodFacts | None, exclude: Iterable[Finding], limit: int = 1) -> list[EvidenceLine]:
    """The culprit's own status (exit code, state), when no finding already quotes it; for
    the workload itself (``pod`` None), its conditions."""
    taken = {f.text for f in exclude}
    name = pod.name if pod else None
    return [EvidenceLine(source="status", pod=name, container=fact.container, text=one_line(fact.text, EVIDENCE_CHARS))
            for fact in evidence.status_facts() if fact.pod == name and fact.text not in taken][:limit]


def _warning_lines(evidence: Evidence, pod: PodFacts | None, limit: int = 2) -> list[EvidenceLine]:
    """Warning events about the pod, newest first: they say what Kubernetes saw, even when
    no signature knows what it means."""
    if pod is None:
        return []
    warnings = [e for e in evidence.events if e.type == "Warning" and e.object_kind == "Pod" and e.object_name == pod.name]
    warnings.sort(key=lambda e: e.last_seen or e.first_seen or NEVER_SEEN, reverse=True)
    return [EvidenceLine(source="event", pod=pod.name, text=one_line(event_text(e), EVIDENCE_CHARS))
            for e in warnings[:limit]]


def _dedupe(lines: Iterable[EvidenceLine]) -> list[EvidenceLine]:
    out: list[EvidenceLine] = []
    seen: set[str] = set()
    for line in lines:
        if line.text not in seen:
            seen.add(line.text)
            out.append(line)
    return out[:MAX_EVIDENCE]
