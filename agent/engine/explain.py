"""Putting a rule decision into words: error, analysis, solution and the evidence lines."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timezone
from typing import Any

from agent.engine.decision import Decision
from agent.engine.findings import Finding, Timeline, event_text
from agent.engine.taxonomy import meaning
from agent.engine.verdict import Culprit, EvidenceLine, Verdict
from agent.i18n import ENGLISH, N_, Translator, sentences, translated
from collectors.evidence import Evidence, LogDigest, PodFacts, one_line
from collectors.fields import pod_summary
from collectors.timestamps import format_duration, format_time

MAX_EVIDENCE = 6
QUOTE_CHARS = 300  # in the error line
ANALYSIS_QUOTE_CHARS = 160  # the analysis repeats the line only to say where it came from
EVIDENCE_CHARS = 1000  # in an evidence line
NEVER_SEEN = datetime.min.replace(tzinfo=timezone.utc)


def explain(evidence: Evidence, d: Decision, timeline: Timeline, tr: Translator = ENGLISH) -> Verdict:
    """The verdict's words, in ``tr``'s language: every sentence is a message of the catalogue
    (agent/i18n), its parameters - names, times, quoted lines - put in by name."""
    w = evidence.workload
    common: dict[str, Any] = {"target": w.ref, "status": w.status, "notes": list(evidence.notes), "engine": "rules"}
    if d.outcome == "healthy":
        return Verdict(
            healthy=True,
            category=d.category,
            error=_no_error(w.ref, w.status, tr),
            analysis=_healthy_analysis(evidence, d, timeline, tr),
            solution=_healthy_solution(w.status, tr),
            evidence=_healthy_evidence(evidence, tr),
            **common,
        )
    if d.outcome == "stalled":
        return _stalled(evidence, d, common, tr)
    if d.outcome == "cause" and d.decisive is not None:
        return _cause(evidence, d, d.decisive, common, tr)
    return _symptoms(evidence, d, common, tr)


# -- a cause was found ----------------------------------------------------------------------

# Where the decisive line was read, as the sentence quoting it begins: the culprit's own log,
# event or status, or an event or status of another object about it (its node, its owner).
_SHOWS = {
    "log": N_('Its log shows: "%(line)s" - %(meaning)s'),
    "previous": N_('Its log from the previous run shows: "%(line)s" - %(meaning)s'),
    "event": N_('An event about it shows: "%(line)s" - %(meaning)s'),
    "status": N_('Its status shows: "%(line)s" - %(meaning)s'),
    "other event": N_('An event about its %(subject)s shows: "%(line)s" - %(meaning)s'),
    "other status": N_('The status of %(subject)s shows: "%(line)s" - %(meaning)s'),
}
# What became of a culprit that is no pod of the workload now.
_ABSENT = {
    "replaced": N_(
        "That pod was replaced by a new pod of the same name; what happened to the old one is told "
        'by its events: "%(line)s" - %(meaning)s'
    ),
    "gone": N_('That pod no longer exists; what happened to it is told by its events: "%(line)s" - %(meaning)s'),
    "refused": N_('That pod was never created; the API server refused it: "%(line)s" - %(meaning)s'),
}


def _cause(evidence: Evidence, d: Decision, f: Finding, common: dict[str, Any], tr: Translator) -> Verdict:
    _ = tr.gettext
    w = evidence.workload
    sig = f.signature
    subject = d.pod.label if d.pod else d.absent or w.ref
    summary = sig.summary_in(tr) or _("shows %(category)s") % {"category": d.category}
    error = _("%(subject)s %(summary)s: %(line)s") % {
        "subject": subject,
        "summary": summary,
        "line": _quote(f.text, f.signature.pattern),
    }
    parts = [_is(w.ref, w.status, tr)]
    quoted = one_line(f.text, ANALYSIS_QUOTE_CHARS)
    if d.pod is not None:
        state = pod_summary(d.pod)
        parts.append(
            _("%(pod)s is where it first went wrong at %(time)s: %(state)s.")
            % {"pod": d.pod.label, "time": format_time(d.time), "state": state}
            if d.time
            else _("%(pod)s is where it first went wrong: %(state)s.") % {"pod": d.pod.label, "state": state}
        )
        own = f.pod == d.pod.name
        shows = _SHOWS[
            "previous"
            if f.source == "log" and f.previous
            else f.source
            if f.source == "log" or own
            else "other " + f.source
        ]
        parts.append(_(shows) % {"line": quoted, "meaning": _category_words(d.category, tr), "subject": f.subject})
    elif d.absent is not None:
        parts.append(
            _("%(pod)s is where it first went wrong at %(time)s.") % {"pod": d.absent, "time": format_time(d.time)}
            if d.time
            else _("%(pod)s is where it first went wrong.") % {"pod": d.absent}
        )
        gone = f.subject == f"Pod {d.absent}"
        state = "replaced" if gone and evidence.pod(d.absent) is not None else "gone" if gone else "refused"
        parts.append(_(_ABSENT[state]) % {"line": quoted, "meaning": _category_words(d.category, tr)})
        parts.extend(
            _("%(kind)s %(name)s: %(summary)s.") % {"kind": r.kind, "name": r.name, "summary": r.summary}
            for r in evidence.related
            if r.summary
        )
    else:
        own = not f.subject or f.subject == w.ref or f.subject == f"{w.kind} {w.name}"
        values = {"kind": w.kind, "subject": f.subject, "line": quoted, "meaning": _category_words(d.category, tr)}
        parts.append(
            (
                _('The %(kind)s itself reports: "%(line)s" - %(meaning)s')
                if own
                else _('Its %(subject)s reports: "%(line)s" - %(meaning)s')
            )
            % values
        )
        parts.extend(
            _("%(kind)s %(name)s: %(summary)s.") % {"kind": r.kind, "name": r.name, "summary": r.summary}
            for r in evidence.related
            if r.summary
        )
    parts.extend(_cascade(d, tr))
    parts.extend(_condition_note(evidence, d, tr))
    parts.extend(_ignored_note(d, tr))
    support = _support(d, f)
    lines = _lines([f, *support[:3]]) + _status_lines(evidence, d.pod, exclude=[f, *support])
    lines += _lines(support[3:])
    return Verdict(
        healthy=False,
        category=d.category,
        error=error,
        analysis=sentences(parts),
        solution=sig.solution_in(tr) or _category_words(d.category, tr),
        culprit=Culprit(pod=d.pod.name, container=d.container)
        if d.pod
        else Culprit(pod=d.absent)
        if d.absent
        else None,
        evidence=_dedupe(lines),
        signature=sig.id,
        **common,
    )


def _support(d: Decision, decisive: Finding) -> list[Finding]:
    """The culprit's other findings (its own category first), then one from the cascade."""
    own = [f for f in d.findings if f.pod == decisive.pod and f is not decisive and not f.live]
    own.sort(key=lambda f: (f.category != d.category, -f.specificity, *f.order))
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


def _cascade(d: Decision, tr: Translator) -> list[str]:
    if not d.later:
        return []
    _ = tr.gettext
    pods = [p for p, _t in d.later]
    times = [t for _p, t in d.later if t is not None]
    n = len(pods)
    shown = _listed([p.name for p in pods[:4]], tr)
    if n > 4:
        shown = _("%(pods)s and %(count)d more") % {"pods": shown, "count": n - 4}
    values: dict[str, Any] = {"count": n, "pods": shown}
    if not times:
        failed = (
            tr.ngettext(
                "%(count)d other pod failed after it: %(pods)s", "%(count)d other pods failed after it: %(pods)s", n
            )
            % values
        )
    elif format_time(min(times)) == format_time(max(times)):
        failed = tr.ngettext(
            "%(count)d other pod failed after it (%(time)s): %(pods)s",
            "%(count)d other pods failed after it (%(time)s): %(pods)s",
            n,
        ) % {**values, "time": format_time(min(times))}
    else:
        failed = tr.ngettext(
            "%(count)d other pod failed after it (%(first)s to %(last)s): %(pods)s",
            "%(count)d other pods failed after it (%(first)s to %(last)s): %(pods)s",
            n,
        ) % {**values, "first": format_time(min(times)), "last": format_time(max(times))}
    what = sorted(
        {
            f.signature.summary
            for f in d.findings
            if f.pod in {p.name for p in pods} and not f.live and f.signature.summary
        }
    )
    if what:
        said = _listed([translated(tr, w) for w in what[:3]], tr)
        failed = _("%(failed)s; they show that they %(what)s.") % {"failed": failed, "what": said}
    else:
        failed = _("%(failed)s.") % {"failed": failed}
    return [failed, _("That follows from the first failure; it needs no fix of its own.")]


def _condition_note(evidence: Evidence, d: Decision, tr: Translator) -> list[str]:
    """The job's Failed condition often names the replica that failed last."""
    if d.pod is None or d.pod.role is None:
        return []
    for c in evidence.workload.conditions:
        if c.type == "Failed" and c.status == "True" and c.message:
            named = [r.role for r in evidence.workload.replicas if f"{r.role.capitalize()} replica" in c.message]
            if named and d.pod.role not in named:
                return [
                    tr.gettext(
                        'The job\'s condition says "%(message)s": that names the replica whose failure '
                        "ended the job, not the one that failed first."
                    )
                    % {"message": one_line(c.message)}
                ]
    return []


def _ignored_note(d: Decision, tr: Translator) -> list[str]:
    if not d.ignored:
        return []
    # Chosen and ordered by their English words, so every language names the same three.
    said = {f"{f.pod}: {f.signature.summary or f.category}": f for f in d.ignored}
    shown = _clauses(
        [
            tr.gettext("%(pod)s: %(what)s") % {"pod": str(f.pod), "what": f.signature.summary_in(tr) or f.category}
            for _key, f in sorted(said.items(), key=lambda kv: kv[0])[:3]
        ],
        tr,
    )
    return [
        tr.gettext("Processes that are still running logged errors they survived (%(errors)s); they are not the cause.")
        % {"errors": shown}
    ]


# -- stalled, symptoms only, healthy ------------------------------------------------------


def _stalled(evidence: Evidence, d: Decision, common: dict[str, Any], tr: Translator) -> Verdict:
    _ = tr.gettext
    w = evidence.workload
    pod = d.pod
    label = pod.label if pod else w.ref
    culprit = Culprit(pod=pod.name, container=d.container) if pod else None
    if d.reason == "restart-loop":
        error = _("%(pod)s restarts over and over: its container exits without an error and is started again.") % {
            "pod": label
        }
        analysis = (
            _("%(workload)s is %(status)s. %(state)s.")
            % {"workload": w.ref, "status": w.status, "state": pod_summary(pod)}
            if pod
            else _is(w.ref, w.status, tr)
        )
        return Verdict(
            healthy=False,
            category=d.category,
            error=error,
            analysis=analysis,
            solution=_(
                "A program that exits 0 in a pod with restartPolicy Always or OnFailure is restarted "
                "forever. Make it run until its work is done, or run it as a Job."
            ),
            culprit=culprit,
            evidence=_status_lines(evidence, pod, exclude=[], limit=2),
            **common,
        )
    silent = d.silent
    assert silent is not None and silent.last_time is not None
    quiet = format_duration((evidence.now - silent.last_time).total_seconds())
    # The last words that say something: a harmless warning printed after them (noise) tells
    # nothing of where the process stands.
    last = d.said.text if d.said is not None else _last_line(silent)
    said_at = d.said.time if d.said is not None and d.said.time is not None else silent.last_time
    error = _("%(pod)s has printed nothing for %(quiet)s; its last output, at %(time)s, was: %(line)s") % {
        "pod": label,
        "quiet": quiet,
        "time": format_time(said_at),
        "line": _quote(last),
    }
    parts = [
        _(
            "%(workload)s is %(status)s and none of its pods failed, but %(pod)s has been silent for %(quiet)s "
            "before %(now)s."
        )
        % {"workload": w.ref, "status": w.status, "pod": label, "quiet": quiet, "now": format_time(evidence.now)}
    ]
    # Lines a fraction of a second apart (start-up) say nothing of a rhythm.
    if d.cadence is not None and d.cadence >= 1:
        parts.append(
            _("It usually prints a line or makes a step at least every %(cadence)s.")
            % {"cadence": format_duration(d.cadence)}
        )
    if d.warned is not None:
        # A symptom before the silence names what the process lost, not why it waits.
        parts.append(
            _(
                "Just before the silence it reported that it %(summary)s, and it has made no progress since: "
                "it waits for what it lost instead of failing."
            )
            % {"summary": d.warned.signature.summary_in(tr)}
        )
    elif d.awaits:
        parts.append(
            _(
                "Its last words say it was joining the job's process group, which returns within seconds once "
                "every rank has joined: the ranks never all met."
            )
        )
    else:
        parts.append(
            _(
                "No error precedes the silence: the process is alive and making no progress - a hung "
                "collective, a stuck I/O call (a checkpoint on a network file system), or a deadlock."
            )
        )
    if d.awaits:
        solution = _(
            "Check that every rank started and printed the same line, that each pod reaches MASTER_ADDR and "
            "MASTER_PORT (a sidecar injected into the pods, such as a service mesh proxy, or a NetworkPolicy "
            "can block it), and that the world size matches the replicas. Pass timeout= to "
            "init_process_group so a rank that cannot join fails instead of waiting."
        )
    else:
        solution = _(
            "Find where it hangs: `kubectl exec` into the pod and run `py-spy dump --pid 1` (or on the "
            "training process), and check the storage it was writing to at its last line. To make hangs "
            "fail fast next time, lower the collective timeout (timeout= in init_process_group) and set "
            "TORCH_NCCL_ASYNC_ERROR_HANDLING=1."
        )
    if d.warned is not None and d.warned.signature.solution:
        solution = f"{d.warned.signature.solution_in(tr)} {solution}"
    lines = [
        EvidenceLine(
            source="log",
            pod=silent.pod,
            container=silent.container,
            text=_("last output at %(time)s, %(quiet)s before the snapshot: %(line)s")
            % {"time": format_time(said_at), "quiet": quiet, "line": last},
        )
    ]
    if d.progress and d.progress != last:
        lines.append(
            EvidenceLine(
                source="log",
                pod=silent.pod,
                container=silent.container,
                text=_("last progress: %(line)s") % {"line": one_line(d.progress, EVIDENCE_CHARS)},
            )
        )
    if d.warned is not None and d.warned.text != last:
        lines.append(
            EvidenceLine(
                source="log",
                pod=silent.pod,
                container=silent.container,
                text=_("before the silence: %(line)s") % {"line": one_line(d.warned.text, EVIDENCE_CHARS)},
            )
        )
    return Verdict(
        healthy=False,
        category=d.category,
        error=error,
        analysis=sentences(parts),
        solution=solution,
        culprit=culprit,
        evidence=lines,
        **common,
    )


def _symptoms(evidence: Evidence, d: Decision, common: dict[str, Any], tr: Translator) -> Verdict:
    _ = tr.gettext
    w = evidence.workload
    f = d.decisive
    if d.reason == "no-controller":
        age = format_duration((evidence.now - w.created_at).total_seconds()) if w.created_at else "?"
        return Verdict(
            healthy=False,
            category=d.category,
            error=_(
                "%(workload)s has no status and no pods %(age)s after it was created: %(operator)s never took it up."
            )
            % {"workload": w.ref, "age": age, "operator": w.operator},
            analysis=_(
                "Nothing has written a status on %(workload)s - no condition, no start time - and no pod of it "
                "exists: the operator that runs this kind never reconciled it."
            )
            % {"workload": w.ref},
            solution=_(
                "Check that %(operator)s is running, that it watches namespace %(namespace)s (an operator started "
                "with --namespace watches only that one) and that it serves %(api_version)s: read its log."
            )
            % {"operator": w.operator, "namespace": w.namespace, "api_version": w.api_version},
            evidence=[EvidenceLine(source="status", text=_workload_state(evidence, tr))],
            **common,
        )
    if d.reason == "no-pods":
        error = (
            _("%(workload)s has no pods %(age)s after it was created.")
            % {"workload": w.ref, "age": format_duration((evidence.now - w.created_at).total_seconds())}
            if w.created_at
            else _("%(workload)s has no pods long after it was created.") % {"workload": w.ref}
        )
        return Verdict(
            healthy=False,
            category=d.category,
            error=error,
            analysis=_("%(workload)s is %(status)s and no pod of it exists, and no event says why.")
            % {"workload": w.ref, "status": w.status},
            solution=_(
                "Check that its controller (the training operator, the Job controller) is running "
                "and accepts it: kubectl describe it and read the controller's log."
            ),
            evidence=[EvidenceLine(source="status", text=_workload_state(evidence, tr))],
            **common,
        )
    subject = d.pod.label if d.pod else w.ref
    state = pod_summary(d.pod) if d.pod else w.status  # the subject names the kind
    if d.reason == "guess" and f is not None:
        error = _("%(subject)s failed on an error no signature knows, whose words point at %(category)s: %(line)s") % {
            "subject": subject,
            "category": d.category,
            "line": _quote(f.text),
        }
    elif d.category == "unknown":
        error = (
            _("%(subject)s failed without a recognisable error (%(state)s); the last sign of trouble: %(line)s")
            % {"subject": subject, "state": state, "line": _quote(f.text)}
            if f
            else _("%(subject)s failed without a recognisable error (%(state)s)") % {"subject": subject, "state": state}
        )
    elif f is not None:
        error = _("%(subject)s %(summary)s: %(line)s") % {
            "subject": subject,
            "summary": f.signature.summary_in(tr) or _("failed"),
            "line": _quote(f.text, f.signature.pattern),
        }
    else:
        error = _("%(subject)s failed without a recognisable error: %(state)s") % {"subject": subject, "state": state}
    parts = [_is(w.ref, w.status, tr)]
    if d.pod is not None:
        parts.append(
            _("%(pod)s failed first at %(time)s: %(state)s.")
            % {"pod": d.pod.label, "time": format_time(d.time), "state": state}
            if d.time
            else _("%(pod)s failed first: %(state)s.") % {"pod": d.pod.label, "state": state}
        )
    if d.reason == "guess":
        parts.append(
            _(
                "No signature knows its last error line, but its words point at %(category)s - %(meaning)s "
                "This is a guess from words, not a recognised failure: check it against the lines before."
            )
            % {"category": d.category, "meaning": _category_words(d.category, tr)}
        )
    elif d.category == "unknown":
        parts.append(
            _(
                "Nothing read names a cause: what it shows is what any failure leaves behind "
                "(an exit code, torchrun's summary, a restart back-off)."
            )
        )
    else:
        parts.append(
            _(
                "What it shows is usually a symptom (%(symptom)s), but no pod shows an earlier failure, so it "
                "is taken as the cause - %(meaning)s"
            )
            % {"symptom": f.signature.summary_in(tr) if f else d.category, "meaning": _category_words(d.category, tr)}
        )
    parts.extend(_cascade(d, tr))
    parts.extend(_ignored_note(d, tr))
    if evidence.notes:
        parts.append(_("Some evidence could not be read: %(notes)s.") % {"notes": _clauses(evidence.notes, tr)})
    generic = _(
        "Read the culprit's whole log (kubectl logs, with --previous after a restart) for the first error; "
        "if the process exits without one, run it with more logging (PYTHONFAULTHANDLER=1, "
        "NCCL_DEBUG=INFO)."
    )
    solution = (
        sentences([f.signature.solution_in(tr), generic])
        if f and (d.category == "unknown" or d.reason == "guess")
        else (f.signature.solution_in(tr) if f else generic)
    )
    found = [f] if f else []
    if d.pod is not None:
        # The culprit's strongest other findings, not its first: a weak symptom printed early
        # and often (a server waiting for its workers) must not crowd out the errors after it.
        others = [g for g in d.findings if g.pod == d.pod.name and g is not f and not g.live]
        found += sorted(others, key=lambda g: -g.signature.specificity)[:3]
    found += [g for g in d.findings if g.pod is None and g is not f][:2]
    lines = _lines(found) + _status_lines(evidence, d.pod, exclude=found) + _warning_lines(evidence, d.pod)
    return Verdict(
        healthy=False,
        category=d.category,
        error=error,
        analysis=sentences(parts),
        solution=solution,
        culprit=Culprit(pod=d.pod.name, container=d.container or (f.container if f else None)) if d.pod else None,
        evidence=_dedupe(lines),
        signature=f.signature.id if f else None,
        **common,
    )


def _healthy_analysis(evidence: Evidence, d: Decision, timeline: Timeline, tr: Translator) -> str:
    _ = tr.gettext
    w = evidence.workload
    parts = [_is(w.ref, w.status, tr)]
    phases: dict[str, int] = {}
    for p in evidence.pods:
        phases[p.phase] = phases.get(p.phase, 0) + 1
    if phases:
        counts = _listed([_("%(count)d %(phase)s") % {"count": n, "phase": ph} for ph, n in sorted(phases.items())], tr)
        parts.append(_("Pods: %(counts)s.") % {"counts": counts})
    starting = [p for p in evidence.pods if p.phase == "Pending"]
    if starting:
        parts.append(
            tr.ngettext(
                "%(count)d pod is still starting, with no error so far: %(pods)s.",
                "%(count)d pods are still starting, with no error so far: %(pods)s.",
                len(starting),
            )
            % {"count": len(starting), "pods": _clauses([_starting(evidence, p, tr) for p in starting[:3]], tr)}
        )
    restarted = [
        (p, c)
        for p in evidence.pods
        for c in p.containers
        if c.last is not None and c.last.failed and timeline.recovered(p, c)
    ]
    for p, c in restarted[:2]:
        parts.append(
            tr.ngettext(
                "%(pod)s restarted %(count)d time (last run %(state)s) and has run since %(time)s: it recovered.",
                "%(pod)s restarted %(count)d times (last run %(state)s) and has run since %(time)s: it recovered.",
                c.restart_count,
            )
            % {
                "pod": p.label,
                "count": c.restart_count,
                "state": c.last.describe() if c.last else "",
                "time": format_time(c.current.started_at),
            }
        )
    if w.status == "Succeeded" and any(c.restart_count for p in evidence.pods for c in p.containers):
        parts.append(_("Failures on the way were retried and the job completed."))
    parts.extend(_ignored_note(d, tr))
    return sentences(parts)


def _healthy_solution(status: str, tr: Translator) -> str:
    if status in ("Pending", "Created"):
        return tr.gettext("Nothing to do yet; if pods stay Pending for long, run jobdoctor again.")
    return tr.gettext("Nothing to do.")


def _healthy_evidence(evidence: Evidence, tr: Translator) -> list[EvidenceLine]:
    w = evidence.workload
    lines: list[EvidenceLine] = []
    state = [c for c in w.conditions if c.status == "True" and c.message]
    if state:
        c = max(state, key=lambda c: c.time.timestamp() if c.time else 0)
        lines.append(
            EvidenceLine(
                source="status",
                text=tr.gettext("%(workload)s condition %(type)s: %(message)s")
                % {"workload": w.ref, "type": c.type, "message": one_line(c.message or "")},
            )
        )
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


def _starting(evidence: Evidence, pod: PodFacts, tr: Translator) -> str:
    ev = [e for e in evidence.events if e.object_kind == "Pod" and e.object_name == pod.name]
    if ev:
        e = ev[-1]
        return tr.gettext("%(pod)s: %(reason)s since %(time)s") % {
            "pod": pod.name,
            "reason": e.reason,
            "time": format_time(e.first_seen),
        }
    return f"{pod.name}: Pending"


# -- helpers --------------------------------------------------------------------------------


def _workload_state(evidence: Evidence, tr: Translator) -> str:
    w = evidence.workload
    true = ", ".join(c.type for c in w.conditions if c.status == "True") or tr.gettext("none")
    values = {"workload": w.ref, "status": w.status, "conditions": true, "time": format_time(w.created_at)}
    if w.created_at:
        return (
            tr.gettext("%(workload)s: status %(status)s, created %(time)s, conditions %(conditions)s, 0 pods") % values
        )
    return tr.gettext("%(workload)s: status %(status)s, conditions %(conditions)s, 0 pods") % values


# A healthy workload's state, by status; any other status is said as it is.
_NO_ERROR = {
    "Succeeded": N_("No error: %(workload)s completed successfully."),
    "Running": N_("No error: %(workload)s is running."),
    "Pending": N_("No error: %(workload)s is starting."),
    "Created": N_("No error: %(workload)s is starting."),
    "Restarting": N_("No error: %(workload)s is restarting."),
}


def _no_error(ref: str, status: str, tr: Translator) -> str:
    template = _NO_ERROR.get(status, N_("No error: %(workload)s is %(status)s."))
    return tr.gettext(template) % {"workload": ref, "status": status}


def _is(ref: str, status: str, tr: Translator) -> str:
    """``PyTorchJob team-nlp/llama-ft is Failed.``"""
    return tr.gettext("%(workload)s is %(status)s.") % {"workload": ref, "status": status}


def _listed(items: list[str], tr: Translator) -> str:
    # Translators: what separates the items of a list (pod names, phrases): ", " in English.
    return tr.gettext(", ").join(items)


def _clauses(items: list[str], tr: Translator) -> str:
    # Translators: what separates clauses that each hold a comma of their own: "; " in English.
    return tr.gettext("; ").join(items)


def _category_words(category: str, tr: Translator) -> str:
    """What the category means, to follow a dash mid-sentence: English's first letter in lower case."""
    text = meaning(category, tr)
    if text == category:
        return category
    return text[0].lower() + text[1:] if text.isascii() else text


def _quote(text: str, around: str | None = None) -> str:
    """A line as the error quotes it: cut between words, around ``around``'s match (the
    signature's pattern) when the line is long."""
    return one_line(text, QUOTE_CHARS, around)


def _last_line(d: LogDigest) -> str:
    """The last line that says something (not the last timed one: a live log's kubelet times
    every line, a snapshot's may not)."""
    return next((ln.text for ln in reversed(d.tail) if ln.text.strip()), "")


def _lines(findings: Iterable[Finding]) -> list[EvidenceLine]:
    return _dedupe(
        EvidenceLine(source=f.source, pod=f.pod, container=f.container, text=one_line(f.text, EVIDENCE_CHARS))
        for f in findings
    )


def _status_lines(
    evidence: Evidence, pod: PodFacts | None, exclude: Iterable[Finding], limit: int = 1
) -> list[EvidenceLine]:
    """The culprit's own status (exit code, state), when no finding already quotes it; for
    the workload itself (``pod`` None), its conditions."""
    taken = {f.text for f in exclude}
    name = pod.name if pod else None
    return [
        EvidenceLine(source="status", pod=name, container=fact.container, text=one_line(fact.text, EVIDENCE_CHARS))
        for fact in evidence.status_facts()
        if fact.pod == name and fact.text not in taken
    ][:limit]


def _warning_lines(evidence: Evidence, pod: PodFacts | None, limit: int = 2) -> list[EvidenceLine]:
    """Warning events about the pod, newest first: they say what Kubernetes saw, even when
    no signature knows what it means."""
    if pod is None:
        return []
    warnings = [
        e for e in evidence.events if e.type == "Warning" and e.object_kind == "Pod" and e.object_name == pod.name
    ]
    warnings.sort(key=lambda e: e.last_seen or e.first_seen or NEVER_SEEN, reverse=True)
    return [
        EvidenceLine(source="event", pod=pod.name, text=one_line(event_text(e), EVIDENCE_CHARS))
        for e in warnings[:limit]
    ]


def _dedupe(lines: Iterable[EvidenceLine]) -> list[EvidenceLine]:
    out: list[EvidenceLine] = []
    seen: set[str] = set()
    for line in lines:
        if line.text not in seen:
            seen.add(line.text)
            out.append(line)
    return out[:MAX_EVIDENCE]
