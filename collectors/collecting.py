"""Turning a ``Source`` into ``Evidence``: find the workload, its pods and events, read logs.

The number of requests is fixed whatever the job's size: one get for the workload (per API
version tried), a few for the objects its controller creates, one list of pods per selector
tried, one list of events, and at most ``Budget.max_logs`` containers' logs, each bounded in
lines and bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from collectors.errors import Unreadable, WorkloadNotFound
from collectors.evidence import (
    NEVER,
    Condition,
    ContainerFacts,
    ContainerInstance,
    EventFacts,
    Evidence,
    LogDigest,
    PodFacts,
    RelatedFacts,
    ReplicaFacts,
    WorkloadFacts,
)
from collectors.fields import template_fields
from collectors.kinds import Kind, resolve_kind
from collectors.logs import LineMatcher, scan_log
from collectors.source import K8sObject, ObjectRef, Source
from collectors.timestamps import parse_time

# Of the failed containers, the earliest few are always read: the first failure is where
# the cause shows; the next ones tell a cascade from a common cause.
FIRST_FAILURES = 3
# Running containers read for progress and stalls: the primary role first.
RUNNING_LOGS = 3
SIDECARS = frozenset({"istio-proxy", "linkerd-proxy", "envoy", "fluent-bit", "fluentd"})


@dataclass(frozen=True)
class Target:
    """The workload a user asks about, as typed: ``pytorchjob llama-ft -n team-nlp``."""

    kind: str
    name: str
    namespace: str


@dataclass(frozen=True)
class Budget:
    """How much evidence to read. Filled from Settings by the shell."""

    max_logs: int = 8
    tail_lines: int = 5000
    limit_bytes: int = 8 << 20
    log_info_chars: int = 16000
    concurrency: int = 4


def collect(
    source: Source,
    target: Target,
    matcher: LineMatcher,
    *,
    budget: Budget = Budget(),
    now: datetime | None = None,
    progress: Callable[[str], None] | None = None,
) -> Evidence:
    """Everything jobdoctor reads about ``target``, as ``Evidence``.

    ``now`` defaults to the source's capture time, then the clock. Raises ``UnknownKind``,
    ``WorkloadNotFound`` and the source's own errors; a log or the events that cannot be read
    become notes in the evidence instead.
    """
    kind = resolve_kind(target.kind)
    say = progress or (lambda _msg: None)
    obj, api_version = _get_workload(source, kind, target)
    now = now or source.captured_at or datetime.now(timezone.utc)
    notes: list[str] = []

    children = [
        c for c in (source.get_object(ch.api_version, ch.kind, ch.name.format(name=target.name), target.namespace)
                    for ch in kind.children) if c is not None
    ]
    say(f"reading pods of {kind.kind} {target.namespace}/{target.name}")
    raw_pods = [obj] if kind.family == "pod" else _find_pods(source, kind, obj, children, target.namespace)
    pods = sorted((pod_facts(p, kind) for p in raw_pods), key=lambda p: (p.role_rank, p.index or 0, p.name))

    refs = [_ref(obj), *(_ref(c) for c in children), *(ObjectRef("Pod", p.name, target.namespace, p.uid) for p in pods)]
    say("reading events")
    try:
        events = [event_facts(e) for e in source.list_events(target.namespace, refs)]
    except Unreadable as exc:
        events = []
        notes.append(f"events: {exc}")
    events.sort(key=lambda e: e.first_seen or e.last_seen or NEVER)

    workload = workload_facts(obj, kind, api_version, pods)
    related = [*(_child_facts(c) for c in children), *_related(source, target.namespace, pods, events, notes)]

    plan = choose_logs(pods, budget.max_logs)
    say(f"reading {len(plan)} log{'s' if len(plan) != 1 else ''}")

    def read(item: tuple[str, str, bool]) -> LogDigest | str:
        pod, container, previous = item
        try:
            chunks = source.read_log(target.namespace, pod, container, previous=previous,
                                     tail_lines=budget.tail_lines, limit_bytes=budget.limit_bytes)
            return scan_log(chunks, matcher, pod=pod, container=container, previous=previous,
                            year=now.year, limit_bytes=budget.limit_bytes)
        except Unreadable as exc:
            return f"logs of {pod}/{container}{' (previous)' if previous else ''}: {exc}"

    if budget.concurrency > 1 and len(plan) > 1:
        with ThreadPoolExecutor(max_workers=budget.concurrency) as pool:
            results = list(pool.map(read, plan))
    else:
        results = [read(item) for item in plan]
    logs = [r for r in results if isinstance(r, LogDigest) and (r.lines or r.bytes)]
    notes.extend(r for r in results if isinstance(r, str))

    evidence = Evidence(workload=workload, pods=pods, events=events, logs=logs, related=related, now=now, notes=notes)
    fields = template_fields(evidence, log_chars=budget.log_info_chars)
    return evidence.model_copy(update=fields)


# -- finding objects ------------------------------------------------------------------------


def _get_workload(source: Source, kind: Kind, target: Target) -> tuple[K8sObject, str]:
    for api_version in kind.api_versions:
        obj = source.get_object(api_version, kind.kind, target.name, target.namespace)
        if obj is not None:
            return obj, api_version
    message = f"{kind.kind} {target.namespace}/{target.name} not found"
    try:
        others = sorted({_name(o) for v in kind.api_versions for o in source.list_objects(v, kind.kind, target.namespace)})
    except Unreadable:
        others = []
    if others:
        shown = ", ".join(others[:10]) + (f" and {len(others) - 10} more" if len(others) > 10 else "")
        message += f"; {kind.plural} in {target.namespace}: {shown}"
    else:
        message += f"; there are no {kind.plural} in namespace {target.namespace}"
    raise WorkloadNotFound(message)


def _find_pods(source: Source, kind: Kind, obj: K8sObject, children: list[K8sObject], namespace: str) -> list[K8sObject]:
    meta = obj.get("metadata") or {}
    uid = meta.get("uid")
    owners = {uid, *((c.get("metadata") or {}).get("uid") for c in children)} - {None}
    for template in kind.pod_selectors:
        if "{uid}" in template and not uid:
            continue
        selector = template.format(name=meta.get("name", ""), uid=uid or "")
        found = source.list_objects("v1", "Pod", namespace, label_selector=selector)
        # A pod that names a controller must name this workload (or a child of it): the
        # labels alone may be shared with an older job of the same name.
        mine = [p for p in found if _owned_by(p, owners)]
        if mine:
            return mine
    return []


def _owned_by(pod: K8sObject, owners: set[Any]) -> bool:
    refs = (pod.get("metadata") or {}).get("ownerReferences") or []
    controllers = [r for r in refs if r.get("controller")] or refs
    if not controllers or not owners:
        return True
    return any(r.get("uid") in owners for r in controllers)


def _related(source: Source, namespace: str, pods: Sequence[PodFacts], events: Sequence[EventFacts],
             notes: list[str]) -> list[RelatedFacts]:
    """Objects that explain why pods are missing: quotas named in rejections."""
    related: list[RelatedFacts] = []
    if any("exceeded quota" in e.message for e in events):
        try:
            quotas = source.list_objects("v1", "ResourceQuota", namespace)
        except Unreadable as exc:
            notes.append(f"resource quotas: {exc}")
            quotas = []
        for q in quotas:
            related.append(RelatedFacts(kind="ResourceQuota", name=_name(q), summary=_quota_summary(q)))
    return related


def _quota_summary(quota: K8sObject) -> str:
    status = quota.get("status") or {}
    hard = status.get("hard") or (quota.get("spec") or {}).get("hard") or {}
    used = status.get("used") or {}
    return ", ".join(f"{k} {used.get(k, '0')}/{v}" for k, v in sorted(hard.items()))


def _child_facts(child: K8sObject) -> RelatedFacts:
    status = child.get("status") or {}
    return RelatedFacts(kind=str(child["kind"]), name=_name(child), conditions=_conditions(status.get("conditions")))


# -- facts from objects ---------------------------------------------------------------------


def workload_facts(obj: K8sObject, kind: Kind, api_version: str, pods: Sequence[PodFacts]) -> WorkloadFacts:
    meta = obj.get("metadata") or {}
    spec = obj.get("spec") or {}
    status = obj.get("status") or {}
    conditions = _conditions(status.get("conditions"))
    true = {c.type for c in conditions if c.status == "True"}
    replicas: list[ReplicaFacts] = []
    if kind.family == "kubeflow":
        specs = spec.get(kind.replica_specs or "") or {}
        counts = status.get("replicaStatuses") or {}
        for role, rspec in specs.items():
            c = counts.get(role) or {}
            replicas.append(ReplicaFacts(
                role=role.lower(), expected=_int((rspec or {}).get("replicas"), 1),
                created=sum(1 for p in pods if p.role == role.lower()),
                active=_int(c.get("active")), succeeded=_int(c.get("succeeded")), failed=_int(c.get("failed"))))
        state = next((s for s in ("Succeeded", "Failed", "Suspended", "Restarting", "Running", "Created") if s in true), "Pending")
    elif kind.family == "job":
        replicas.append(ReplicaFacts(
            role="pod", expected=_int(spec.get("completions"), 1), created=len(pods), active=_int(status.get("active")),
            succeeded=_int(status.get("succeeded")), failed=_int(status.get("failed"))))
        if "Complete" in true or "SuccessCriteriaMet" in true:
            state = "Succeeded"
        elif "Failed" in true or "FailureTarget" in true:
            state = "Failed"
        elif "Suspended" in true or spec.get("suspend"):
            state = "Suspended"
        elif _int(status.get("active")) or _int(status.get("ready")):
            state = "Running"
        else:
            state = "Pending"
    else:
        state = str(status.get("phase") or "Unknown")
    return WorkloadFacts(
        kind=kind.kind, api_version=api_version, name=_name(obj), namespace=str(meta.get("namespace") or ""),
        uid=meta.get("uid"), family=kind.family, status=state, conditions=conditions, replicas=replicas,
        created_at=parse_time(meta.get("creationTimestamp")), started_at=parse_time(status.get("startTime")),
        completed_at=parse_time(status.get("completionTime")), primary_roles=kind.primary_roles)


def pod_facts(obj: K8sObject, kind: Kind) -> PodFacts:
    meta = obj.get("metadata") or {}
    spec = obj.get("spec") or {}
    status = obj.get("status") or {}
    labels = meta.get("labels") or {}
    role = next((str(labels[k]).lower() for k in kind.role_labels if labels.get(k)), None)
    index = _int(labels.get(kind.index_label), None) if kind.index_label else None
    statuses = {s.get("name"): s for s in status.get("containerStatuses") or []}
    init_statuses = {s.get("name"): s for s in status.get("initContainerStatuses") or []}
    containers: list[ContainerFacts] = []
    for init, declared, seen in ((True, spec.get("initContainers"), init_statuses), (False, spec.get("containers"), statuses)):
        names = [c.get("name") for c in declared or []] or list(seen)
        for name in names:
            s = seen.get(name)
            if s is None:
                containers.append(ContainerFacts(name=str(name), init=init, current=ContainerInstance(state="unknown")))
                continue
            last = _instance(s.get("lastState"))
            containers.append(ContainerFacts(
                name=str(name), init=init, image=s.get("image"), ready=bool(s.get("ready")),
                restart_count=_int(s.get("restartCount")), current=_instance(s.get("state")),
                last=last if last.state == "terminated" else None))
    return PodFacts(
        name=_name(obj), uid=meta.get("uid"), role=role, index=index, node=spec.get("nodeName"),
        phase=str(status.get("phase") or "Unknown"), reason=status.get("reason"), message=status.get("message"),
        created_at=parse_time(meta.get("creationTimestamp")), started_at=parse_time(status.get("startTime")),
        deleted_at=parse_time(meta.get("deletionTimestamp")), conditions=_conditions(status.get("conditions")),
        containers=containers)


def _instance(state: Any) -> ContainerInstance:
    state = state or {}
    for name in ("terminated", "waiting", "running"):
        s = state.get(name)
        if isinstance(s, dict):
            return ContainerInstance(
                state=name, reason=s.get("reason"), message=s.get("message"),
                exit_code=s.get("exitCode") if isinstance(s.get("exitCode"), int) else None,
                signal=s.get("signal") if isinstance(s.get("signal"), int) else None,
                started_at=parse_time(s.get("startedAt")), finished_at=parse_time(s.get("finishedAt")))
    return ContainerInstance(state="unknown")


def event_facts(obj: K8sObject) -> EventFacts:
    """A core/v1 or events.k8s.io/v1 Event, in one shape."""
    regarding = obj.get("involvedObject") or obj.get("regarding") or {}
    series = obj.get("series") or {}
    count = obj.get("count") or obj.get("deprecatedCount") or series.get("count") or 1
    first = parse_time(obj.get("firstTimestamp") or obj.get("deprecatedFirstTimestamp") or obj.get("eventTime"))
    last = parse_time(obj.get("lastTimestamp") or obj.get("deprecatedLastTimestamp") or series.get("lastObservedTime")
                      or obj.get("eventTime")) or first
    first = first or parse_time((obj.get("metadata") or {}).get("creationTimestamp"))
    return EventFacts(
        type=str(obj.get("type") or "Normal"), reason=str(obj.get("reason") or ""),
        message=str(obj.get("message") or obj.get("note") or "").strip(), count=_int(count, 1),
        first_seen=first, last_seen=last or first, object_kind=str(regarding.get("kind") or ""),
        object_name=str(regarding.get("name") or ""))


def _conditions(raw: Any) -> list[Condition]:
    out = []
    for c in raw or []:
        if isinstance(c, dict) and c.get("type"):
            out.append(Condition(
                type=str(c["type"]), status=str(c.get("status", "")), reason=c.get("reason") or None,
                message=(c.get("message") or None),
                time=parse_time(c.get("lastTransitionTime") or c.get("lastUpdateTime") or c.get("lastProbeTime"))))
    return out


# -- which logs to read ---------------------------------------------------------------------


def choose_logs(pods: Sequence[PodFacts], max_logs: int) -> list[tuple[str, str, bool]]:
    """(pod, container, previous) to read, at most ``max_logs`` containers.

    The earliest failures come first, then one container per distinct way of failing
    (reason and exit code), then running containers of the primary role for progress.
    """
    failed: list[tuple[datetime, int, int, PodFacts, ContainerFacts, tuple[Any, ...]]] = []
    for pod in pods:
        for ctr in pod.containers:
            inst = ctr.current if ctr.current.failed else ctr.last if (ctr.last and ctr.last.failed) else None
            if inst is None:
                continue
            failed.append((inst.finished_at or NEVER, pod.role_rank, pod.index or 0, pod, ctr, (inst.reason, inst.exit_code)))
    failed.sort(key=lambda f: (f[0], f[1], f[2], f[3].name))
    chosen: list[tuple[PodFacts, ContainerFacts]] = []
    taken: set[tuple[str, str]] = set()

    def take(pod: PodFacts, ctr: ContainerFacts) -> None:
        if len(chosen) < max_logs and (pod.name, ctr.name) not in taken:
            chosen.append((pod, ctr))
            taken.add((pod.name, ctr.name))

    keys: set[tuple[Any, ...]] = set()
    for i, (_, _, _, pod, ctr, key) in enumerate(failed):
        if i < FIRST_FAILURES or key not in keys:
            take(pod, ctr)
            keys.add(key)
    for _, _, _, pod, ctr, _key in failed:
        if len(chosen) >= max_logs:
            break
        take(pod, ctr)
    running = [p for p in pods if any(c.current.state == "running" for c in p.containers)]
    running.sort(key=lambda p: (p.role_rank, p.index or 0, p.name))
    for pod in running[:RUNNING_LOGS]:
        ctr = _main_container(pod)
        if ctr is not None:
            take(pod, ctr)
    plan: list[tuple[str, str, bool]] = []
    for pod, ctr in chosen:
        if ctr.current.state in ("running", "terminated"):
            plan.append((pod.name, ctr.name, False))
        if ctr.restart_count and ctr.last is not None:
            plan.append((pod.name, ctr.name, True))
    return plan


def _main_container(pod: PodFacts) -> ContainerFacts | None:
    app = [c for c in pod.containers if not c.init and c.name not in SIDECARS and c.current.state == "running"]
    return app[0] if app else None


def _ref(obj: K8sObject) -> ObjectRef:
    meta = obj.get("metadata") or {}
    return ObjectRef(str(obj.get("kind")), str(meta.get("name")), meta.get("namespace"), meta.get("uid"))


def _name(obj: K8sObject) -> str:
    return str((obj.get("metadata") or {}).get("name"))


def _int(value: Any, default: Any = 0) -> Any:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default
