"""The four template fields, written from the structured evidence.

``Metadata`` is a dict of strings (Aegis's keys for Kubeflow jobs, equivalents for Jobs and
Pods); ``ErrorInfo``, ``EventInfo`` and ``LogInfo`` are text, earliest first, with repeats
collapsed, ``LogInfo`` under a size budget.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from collectors.evidence import NEVER, EventFacts, Evidence, LogDigest, LogLine, PodFacts, one_line
from collectors.timestamps import format_time

# Normal events worth showing next to the warnings: they mark turns in a job's life.
NOTABLE_NORMAL = re.compile(
    r"(Failed|Succeeded|Restarting|Suspended|Resumed|Preempted|Evicted|Killing|Pulling|ExitedWithCode|BackOff|"
    r"Unhealthy|Pending|QuotaReserved|Admitted|Evict\w*|Preempt\w*|NodeNotReady|TaintManagerEviction)$"
)
TRACEBACK_START = "Traceback (most recent call last)"
CHAINED = ("The above exception was the direct cause", "During handling of the above exception")
TRACEBACK_LINES = 80
LAST_LINES = 8
_DIGITS = re.compile(r"\d+")


def template_fields(evidence: Evidence, *, log_chars: int) -> dict[str, Any]:
    return {
        "Metadata": metadata(evidence),
        "ErrorInfo": error_info(evidence),
        "EventInfo": event_info(evidence.events),
        "LogInfo": log_info(evidence, budget=log_chars),
    }


# -- Metadata -------------------------------------------------------------------------------


def metadata(evidence: Evidence) -> dict[str, str]:
    w = evidence.workload
    meta = {"Kind": w.kind, "Namespace": w.namespace}
    if w.family == "pod":
        pod = evidence.pods[0] if evidence.pods else None
        meta.update(
            {
                "PodName": w.name,
                "PodPhase": w.status,
                "Node": (pod.node if pod else None) or "",
                "PodDiagnosis": pod_summary(pod) if pod else "",
            }
        )
        return meta
    meta.update({"JobName": w.name, "JobStatus": w.status})
    if w.family == "job":
        r = w.replicas[0] if w.replicas else None
        if r:
            meta.update(
                {
                    "Completions": str(r.expected),
                    "Active": str(r.active),
                    "Succeeded": str(r.succeeded),
                    "Failed": str(r.failed),
                    "PodsCreated": str(r.created),
                }
            )
        meta["PodDiagnosis"] = role_summary(evidence.pods)
        return meta
    for r in w.replicas:
        role = r.role.capitalize()
        meta[f"{role}Expected"] = str(r.expected)
        meta[f"{role}CreatedCount"] = str(r.created)
        pods = [p for p in evidence.pods if p.role == r.role]
        if r.role == "launcher":
            meta["LauncherStatus"] = pods[0].phase if pods else "NotCreated"
        meta[f"{role}Diagnosis"] = role_summary(pods)
    return meta


def pod_summary(pod: PodFacts) -> str:
    """One line: how a pod stands, naming its first abnormal container."""
    unsched = pod.unschedulable
    if unsched is not None:
        return f"{pod.name} Pending, not scheduled: {one_line(unsched.message or unsched.reason or '')}"
    if pod.reason:
        return f"{pod.name} {pod.phase}: {pod.reason}{': ' + one_line(pod.message) if pod.message else ''}"
    for ctr in pod.containers:
        cur = ctr.current
        if cur.failed:
            return f"{pod.name} {ctr.name} {cur.describe()} at {format_time(cur.finished_at)}"
        if cur.waiting_on_error:
            last = f"; last run {ctr.last.describe()}" if ctr.last else ""
            return f"{pod.name} {ctr.name} {cur.describe()}{last}, {ctr.restart_count} restarts"
        if ctr.last is not None and ctr.last.failed:
            return (
                f"{pod.name} {ctr.name} {cur.state} after {ctr.restart_count} restarts; "
                f"last run {ctr.last.describe()} at {format_time(ctr.last.finished_at)}"
            )
    if pod.phase == "Pending":
        since = f" since {format_time(pod.created_at)}" if pod.created_at else ""
        waiting = next((c for c in pod.containers if c.current.state == "waiting"), None)
        return f"{pod.name} Pending{since}" + (f", {waiting.name} {waiting.current.describe()}" if waiting else "")
    return f"{pod.name} {pod.phase}"


def abnormal(pod: PodFacts) -> bool:
    """Failed, waiting on an error, unscheduled, or carrying a failed last run."""
    return (
        pod.phase in ("Failed", "Unknown")
        or pod.unschedulable is not None
        or bool(pod.reason)
        or any(
            c.current.failed or c.current.waiting_on_error or (c.last is not None and c.last.failed)
            for c in pod.containers
        )
    )


def role_summary(pods: Sequence[PodFacts]) -> str:
    """One line for a replica type: counts, then its abnormal pods, earliest first."""
    if not pods:
        return "no pods"
    normal = [p for p in pods if not abnormal(p)]
    abnormal_pods = sorted((p for p in pods if abnormal(p)), key=_pod_time)
    phases = sorted({p.phase for p in normal})
    head = f"{len(pods)} pods" + (f", {len(normal)} {'/'.join(phases)}" if normal else "")
    if not abnormal_pods:
        return head
    shown = "; ".join(pod_summary(p) for p in abnormal_pods[:3])
    more = f"; and {len(abnormal_pods) - 3} more" if len(abnormal_pods) > 3 else ""
    return f"{head}, {len(abnormal_pods)} abnormal: {shown}{more}"


def _pod_time(pod: PodFacts) -> Any:
    times = [t for c in pod.containers for t in (c.current.finished_at, c.last.finished_at if c.last else None) if t]
    return min(times) if times else pod.created_at or NEVER


# -- ErrorInfo and EventInfo ----------------------------------------------------------------


def error_info(evidence: Evidence) -> str:
    lines = [f"{format_time(f.time)} {f.text}" for f in evidence.status_facts()]
    lines += [f"could not read {note}" for note in evidence.notes]
    return "\n".join(lines) if lines else "No abnormal status."


def event_info(events: Iterable[EventFacts]) -> str:
    merged: dict[tuple[str, str, str, str], EventFacts] = {}
    for e in events:
        if e.type != "Warning" and not NOTABLE_NORMAL.search(e.reason):
            continue
        key = (e.object_kind, e.object_name, e.reason, _DIGITS.sub("#", e.message))
        seen = merged.get(key)
        if seen is None:
            merged[key] = e
        else:
            merged[key] = seen.model_copy(
                update={
                    "count": seen.count + e.count,
                    "first_seen": min((t for t in (seen.first_seen, e.first_seen) if t), default=None),
                    "last_seen": max((t for t in (seen.last_seen, e.last_seen) if t), default=None),
                }
            )
    lines = []
    for e in sorted(merged.values(), key=lambda e: e.first_seen or NEVER):
        when = format_time(e.first_seen)
        if e.count > 1 and e.last_seen and e.last_seen != e.first_seen:
            when += f"..{format_time(e.last_seen)} x{e.count}"
        lines.append(f"{when} {e.type} {e.reason} {e.object_kind}/{e.object_name}: {one_line(e.message)}")
    return "\n".join(lines) if lines else "No warning events."


# -- LogInfo --------------------------------------------------------------------------------


def log_info(evidence: Evidence, *, budget: int) -> str:
    """For each log read, failures first: lines around its strongest matches, its final
    traceback and its last lines, repeats collapsed, the whole under ``budget`` characters."""
    if not evidence.logs:
        return "No logs were read."
    order = {p.name: i for i, p in enumerate(sorted(evidence.pods, key=_pod_time))}
    logs = sorted(evidence.logs, key=lambda d: (order.get(d.pod, len(order)), not d.previous))
    share = max(budget // len(logs), 600)
    parts: list[str] = []
    used = 0
    for d in logs:
        text = _log_section(d, share)
        if used + len(text) > budget and parts:
            parts.append(f"[{len(logs) - len(parts)} more logs left out: size budget]")
            break
        parts.append(text)
        used += len(text)
    return "\n\n".join(parts)


def _log_section(d: LogDigest, share: int) -> str:
    header = f"== {d.label}: {d.lines} lines" + (", cut to its last part" if d.limited else "")
    if d.last_time:
        header += f", last timestamp {format_time(d.last_time)}"
    blocks: list[list[LogLine]] = list(d.windows)
    tb = final_traceback(d.tail)
    if tb:
        blocks.append(tb)
    blocks.append(d.tail[-LAST_LINES:])
    out = [header + " =="]
    used = len(out[0])
    shown: set[int] = set()
    for block in blocks:
        rows = [ln for ln in block if ln.line not in shown]
        if not rows:
            continue
        text = "\n".join(collapse(rows))
        if used + len(text) > share and len(out) > 1:
            out.append("[… cut: size budget]")
            break
        if shown and min(r.line for r in rows) > max(shown) + 1:
            out.append("[…]")
        out.append(text)
        used += len(text)
        shown.update(r.line for r in rows)
    return "\n".join(out)


def final_traceback(tail: Sequence[LogLine]) -> list[LogLine]:
    """The last Python traceback in the tail, with the tracebacks it was chained from."""
    starts = [i for i, ln in enumerate(tail) if TRACEBACK_START in ln.text]
    if not starts:
        return []
    start = starts[-1]
    for earlier in reversed(starts[:-1]):
        between = tail[earlier:start]
        if any(marker in ln.text for ln in between[-4:] for marker in CHAINED):
            start = earlier
        else:
            break
    return list(tail[start : start + TRACEBACK_LINES])


def collapse(lines: Sequence[LogLine]) -> list[str]:
    """Lines as text, a run of lines that differ only in numbers shown once with a count."""
    out: list[str] = []
    prev_key = None
    run = 0
    for ln in lines:
        key = _DIGITS.sub("#", ln.text)
        if key == prev_key:
            run += 1
            continue
        if run:
            out.append(f"  … {run} similar line{'s' if run > 1 else ''}")
        out.append(ln.text)
        prev_key, run = key, 0
    if run:
        out.append(f"  … {run} similar line{'s' if run > 1 else ''}")
    return out
