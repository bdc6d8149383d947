"""Turning a ``Source`` into ``Evidence``: find the workload, its pods and events, read logs.

The number of requests is fixed whatever the job's size: one get for the workload (per API
version tried), one get or list per child the kind declares (kinds.yaml), one get for an
owner that may have stopped it (an Argo Workflow: families.reads_owner), one list of pods
per selector tried, one list of a queue's objects for queued or suspended workloads, one
list of events (one more for pods the controller replaced or deleted), and at most
``Budget.max_logs`` containers' logs, each bounded in lines and bytes. When pods failed, the
nodes they ran on: at most ``MAX_NODES`` gets and one list of node events. A list may take
several pages on a cluster; the number of lists does not grow.

What cannot be read becomes a note in the evidence, except the workload itself: without
it there is nothing to diagnose (``ClusterForbidden``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from collectors.errors import ClusterForbidden, ClusterUnreachable, Unreadable, WorkloadNotFound
from collectors.evidence import (
    NEVER,
    ContainerFacts,
    ContainerInstance,
    EventFacts,
    Evidence,
    LogDigest,
    NodeFacts,
    PodFacts,
    RelatedFacts,
)
from collectors.families import as_int as _int
from collectors.families import conditions as _conditions
from collectors.families import first_trouble, reads_owner, related_facts, workload_facts
from collectors.fields import abnormal, template_fields
from collectors.kinds import ChildRef, Kind, admission_refs, fill, resolve_kind
from collectors.logs import LineMatcher, scan_log
from collectors.shapes import CheckedSource
from collectors.source import K8sObject, ObjectRef, Source, generated_prefix
from collectors.timestamps import parse_time

# Of the failed containers, the earliest few are always read: the first failure is where
# the cause shows; the next ones tell a cascade from a common cause.
FIRST_FAILURES = 3
# Running containers read for progress and stalls: the primary role first.
RUNNING_LOGS = 3
SIDECARS = frozenset({"istio-proxy", "linkerd-proxy", "envoy", "fluent-bit", "fluentd"})
# Children found by selector (a JobSet's Jobs) that report trouble: the earliest few are
# kept as related facts; a thousand failed Jobs say nothing the first ten do not.
MAX_SELECTED_CHILDREN = 10
# Nodes read (one get each) for the earliest failed pods: where a failure began, its node's
# trouble (a GPU off the bus, NotReady) shows; a thousand failed ranks share a few nodes' story.
MAX_NODES = 3
# Events about cluster-scoped objects (nodes) are recorded in this namespace.
NODE_EVENTS_NAMESPACE = "default"
# Extended resources that name accelerators: nvidia.com/gpu, nvidia.com/mig-1g.10gb, amd.com/gpu,
# gpu.intel.com/i915, huawei.com/Ascend910, google.com/tpu, habana.ai/gaudi, aws.amazon.com/neuron.
ACCELERATOR = re.compile(r"(?i)/(?:\S*gpu\S*|mig-\S+|ascend\S*|npu\S*|tpu\S*|gaudi\S*|neuron\S*)$")


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
    ``WorkloadNotFound``, ``ClusterForbidden`` when the workload itself may not be read, and
    the source's own errors; anything else that cannot be read (logs, events, pods, child
    objects) becomes a note in the evidence instead.
    """
    kind = resolve_kind(target.kind)
    source = CheckedSource(source)  # every object checked where it enters (collectors/shapes.py)
    say = progress or (lambda _msg: None)
    obj, api_version = _get_workload(source, kind, target)
    now = now or source.captured_at or datetime.now(timezone.utc)
    notes: list[str] = []

    children = _children(source, kind, obj, target.namespace, notes)
    say(f"reading pods of {kind.kind} {target.namespace}/{target.name}")
    found = _find_pods(source, kind, obj, children, target.namespace, notes)
    pods = sorted(
        (pod_facts(p, kind, role=role) for p, role in found), key=lambda p: (p.role_rank, p.index or 0, p.name)
    )
    child_objects = [c for _, c in children]
    workload = workload_facts(obj, kind, api_version, pods, child_objects)
    queued = _admission(source, obj, workload.status, target.namespace, notes)

    # The workload's own controller (an Argo Workflow running a pod, a CronJob) may say why
    # it was stopped: its events are read with the rest, at no extra cost; a workflow's spec
    # too, with one get (families.reads_owner).
    refs = [
        _ref(obj),
        *_owners(obj, target.namespace),
        *(_ref(c) for c in [*child_objects, *queued]),
        *(ObjectRef("Pod", p.name, target.namespace, p.uid) for p in pods),
        *_sibling_refs(found, kind.family, target.namespace),
        *_group_refs(found, target.namespace),
    ]
    node_names = failed_nodes(pods)
    node_refs = [ObjectRef("Node", n) for n in node_names]
    together = target.namespace == NODE_EVENTS_NAMESPACE
    say("reading events")
    try:
        # Events of the same second keep the order the API server created them in
        # (resourceVersion), not the order a source happens to list them in.
        raw_events = sorted(
            source.list_events(target.namespace, refs + (node_refs if together else [])), key=_resource_version
        )
        events = [event_facts(e) for e in raw_events]
        events += _former_pod_events(source, target.namespace, events, pods)
    except Unreadable as exc:
        events = []
        notes.append(f"events: {exc}")
    nodes, node_events = _nodes(source, node_names, notes, events_read=together)
    events += node_events
    events.sort(key=lambda e: e.first_seen or e.last_seen or NEVER)

    related = [
        *_owner_facts(source, obj, target.namespace, notes),
        *_child_facts(children),
        *(related_facts(q) for q in queued),
        *_related(source, target.namespace, pods, events, notes),
    ]

    plan = choose_logs(pods, budget.max_logs)
    say(f"reading {len(plan)} log{'s' if len(plan) != 1 else ''}")

    def read(item: tuple[str, str, bool]) -> LogDigest | str:
        pod, container, previous = item
        try:
            chunks = source.read_log(
                target.namespace,
                pod,
                container,
                previous=previous,
                tail_lines=budget.tail_lines,
                limit_bytes=budget.limit_bytes,
            )
            return scan_log(
                chunks,
                matcher,
                pod=pod,
                container=container,
                previous=previous,
                year=now.year,
                limit_bytes=budget.limit_bytes,
            )
        except Unreadable as exc:
            return f"logs of {pod}/{container}{' (previous)' if previous else ''}: {exc}"

    if budget.concurrency > 1 and len(plan) > 1:
        from concurrent.futures import ThreadPoolExecutor  # only live reads wait on the network

        with ThreadPoolExecutor(max_workers=budget.concurrency) as pool:
            results = list(pool.map(read, plan))
    else:
        results = [read(item) for item in plan]
    logs = [r for r in results if isinstance(r, LogDigest) and (r.lines or r.bytes)]
    notes.extend(r for r in results if isinstance(r, str))
    # What the source left out itself: unreadable or refused files, fields of the wrong type.
    notes.extend(n for n in source.notes if n not in notes)

    evidence = Evidence(
        workload=workload, pods=pods, events=events, logs=logs, related=related, nodes=nodes, now=now, notes=notes
    )
    fields = template_fields(evidence, log_chars=budget.log_info_chars)
    return evidence.model_copy(update=fields)


# -- finding objects ------------------------------------------------------------------------


# How controllers report the pods they made and removed: the Job and ReplicaSet controllers
# ("SuccessfulCreate: Created pod: NAME"), KubeRay ("CreatedHeadPod: Created head Pod NS/NAME",
# "DeletedWorkerPod: Deleted worker Pod NS/NAME"; before 1.1 "Created: Created head pod NAME").
_CREATED_POD = re.compile(
    r"(?:Created|Deleted) (?:(?:head|worker) )?[Pp]od:? (?:[a-z0-9][-a-z0-9.]*/)?([a-z0-9][-a-z0-9.]*)"
)
_CREATED_REASONS = ("SuccessfulCreate", "SuccessfulDelete", "Created", "Deleted")


def _former_pod_events(
    source: Source, namespace: str, events: Sequence[EventFacts], pods: Sequence[PodFacts]
) -> list[EventFacts]:
    """Events about pods the workload's controller says it created or deleted and that are
    gone (a Job's evicted pod it replaced, a pod removed at a deadline, cleanPodPolicy, pod
    GC): the Evicted, Preempted or Failed that ended them is all that remains. One more list
    of events, only when there are such pods. (A pod recreated under its own name is already
    covered: its events are matched by name.)"""
    current = {p.name for p in pods} | {e.object_name for e in events if e.object_kind == "Pod"}
    names = {
        m.group(1)
        for e in events
        if e.reason.startswith(_CREATED_REASONS)
        for m in [_CREATED_POD.search(e.message)]
        if m
    } - current
    if not names:
        return []
    raw = source.list_events(namespace, [ObjectRef("Pod", n, namespace) for n in sorted(names)])
    return [event_facts(e) for e in sorted(raw, key=_resource_version)]


def _sibling_refs(found: Sequence[tuple[K8sObject, str | None]], family: str, namespace: str) -> list[ObjectRef]:
    """The pods a controller made from the same ``generateName`` as the workload's pods:
    their events are read too, so a pod that is gone and that no event left by its controller
    names (a preempted Ray head replaced under a new suffix) still says what ended it. Read
    from the one namespace list of events, no extra request. Not for a lone pod: its
    siblings are other workloads' business."""
    if family == "pod":
        return []
    prefixes = {generated_prefix(pod) for pod, _ in found}
    return [ObjectRef("Pod", p, namespace, generated=True) for p in sorted(filter(None, prefixes))]


# The annotation Volcano (and kube-batch before it) puts on every pod it schedules, naming
# the PodGroup the pod belongs to.
POD_GROUP_ANNOTATION = "scheduling.k8s.io/group-name"


def _group_refs(found: Sequence[tuple[K8sObject, str | None]], namespace: str) -> list[ObjectRef]:
    """The PodGroups the pods name: Volcano makes one for any workload whose pods it
    schedules (``podgroup-<owner uid>`` for a batch Job, a Deployment, a lone pod), and its
    events say why the group is held (its queue has no quota left, the gang cannot be
    placed) while the pods say nothing. Read from the one namespace list of events, no
    extra request."""
    names = set()
    for pod, _ in found:
        # shapes.py has already checked annotations is a mapping; its values may be anything.
        name = ((pod.get("metadata") or {}).get("annotations") or {}).get(POD_GROUP_ANNOTATION)
        if isinstance(name, str) and name:
            names.add(name)
    return [ObjectRef("PodGroup", n, namespace) for n in sorted(names)]


def _controllers(obj: K8sObject) -> list[dict[str, Any]]:
    """The workload's controller (else every owner), from its ownerReferences."""
    refs = (obj.get("metadata") or {}).get("ownerReferences") or []
    refs = (
        [r for r in refs if isinstance(r, dict) and r.get("kind") and r.get("name")] if isinstance(refs, list) else []
    )
    return [r for r in refs if r.get("controller")] or refs


def _owners(obj: K8sObject, namespace: str) -> list[ObjectRef]:
    return [
        ObjectRef(str(r["kind"]), str(r["name"]), namespace, str(r.get("uid") or "") or None) for r in _controllers(obj)
    ]


def _owner_facts(source: Source, obj: K8sObject, namespace: str, notes: list[str]) -> list[RelatedFacts]:
    """What an owner that may stop the workload says in its spec (one get; a workload has
    one controller)."""
    found = []
    for ref in _controllers(obj):
        kind, name, api_version = str(ref["kind"]), str(ref["name"]), ref.get("apiVersion")
        if not (isinstance(api_version, str) and reads_owner(kind)):
            continue
        try:
            owner = source.get_object(api_version, kind, name, namespace)
        except Unreadable as exc:
            notes.append(f"{kind} {name}: {exc}")
            continue
        facts = related_facts(owner) if owner is not None else None
        if facts is not None and facts.summary:
            found.append(facts)
    return found


def failed_nodes(pods: Sequence[PodFacts]) -> list[str]:
    """When some pod failed, the nodes of the workload's pods: those of the failed pods first,
    earliest failure first, then the others (a rank whose GPU fell off the bus may hang,
    running, while its peers fail). None when no pod failed."""
    failed = [p for p in pods if p.node and abnormal(p)]
    if not failed:
        return []
    failed.sort(
        key=lambda p: (
            min(
                [t for c in p.containers for t in (c.current.finished_at, c.last.finished_at if c.last else None) if t],
                default=p.created_at or NEVER,
            ),
            p.name,
        )
    )
    return list(dict.fromkeys(p.node for p in [*failed, *pods] if p.node))


def _nodes(
    source: Source, names: Sequence[str], notes: list[str], *, events_read: bool
) -> tuple[list[NodeFacts], list[EventFacts]]:
    """The first ``MAX_NODES`` nodes (one get each) and the events of all of them (one list):
    a GPU that fell off the bus, a kernel problem or a node going NotReady is reported on the
    node, not on the pod whose rank then failed without a word. Unless ``events_read``: the
    workload lives in the namespace node events are kept in, and they came with its own."""
    if not names:
        return [], []
    nodes: list[NodeFacts] = []
    try:
        for name in names[:MAX_NODES]:
            obj = source.get_object("v1", "Node", name, None)
            if obj is not None:
                nodes.append(node_facts(obj))
    except Unreadable as exc:
        notes.append(f"nodes: {exc}")
    if events_read:
        return nodes, []
    try:
        raw = source.list_events(NODE_EVENTS_NAMESPACE, [ObjectRef("Node", n) for n in names])
    except Unreadable as exc:
        notes.append(f"node events: {exc}")
        return nodes, []
    return nodes, [event_facts(e) for e in sorted(raw, key=_resource_version)]


def node_facts(obj: K8sObject) -> NodeFacts:
    """A node's abnormal conditions: Ready not True, and any other condition that is True
    (MemoryPressure, DiskPressure, node-problem-detector's KernelDeadlock or GPU problems)."""
    status = obj.get("status")
    conds = [
        c
        for c in _conditions(status.get("conditions") if isinstance(status, dict) else None)
        if (c.type == "Ready") != (c.status == "True")
    ]
    spec = obj.get("spec")
    return NodeFacts(
        name=_name(obj), cordoned=isinstance(spec, dict) and bool(spec.get("unschedulable")), conditions=conds
    )


def _get_workload(source: Source, kind: Kind, target: Target) -> tuple[K8sObject, str]:
    what = f"{kind.kind} {target.namespace}/{target.name}"
    for api_version in kind.api_versions:
        try:
            obj = source.get_object(api_version, kind.kind, target.name, target.namespace)
        except Unreadable as exc:
            # Without the workload there is nothing to diagnose: this one is fatal.
            raise (ClusterForbidden if exc.forbidden else ClusterUnreachable)(f"cannot read {what}: {exc}") from exc
        if obj is not None:
            return obj, api_version
    message = f"{what} not found"
    try:
        others = sorted(
            {_name(o) for v in kind.api_versions for o in source.list_objects(v, kind.kind, target.namespace)}
        )
    except Unreadable as exc:
        raise WorkloadNotFound(
            f"{message}; the {kind.plural} in {target.namespace} could not be listed: {exc}"
        ) from exc
    if others:
        shown = ", ".join(others[:10]) + (f" and {len(others) - 10} more" if len(others) > 10 else "")
        message += f"; {kind.plural} in {target.namespace}: {shown}"
    else:
        message += f"; there are no {kind.plural} in namespace {target.namespace}"
    raise WorkloadNotFound(message)


def _children(
    source: Source, kind: Kind, obj: K8sObject, namespace: str, notes: list[str]
) -> list[tuple[ChildRef, K8sObject]]:
    """The objects the kind declares between the workload and its pods, in declared order
    (a later child's template may name an earlier one: ``{JobSet:status.restarts}``)."""
    found: list[tuple[ChildRef, K8sObject]] = []
    for ref in kind.children:
        objects = [c for _, c in found]
        try:
            if ref.selector is not None:
                selector = fill(ref.selector, obj, objects)
                if selector is not None:
                    found.extend(
                        (ref, c)
                        for c in source.list_objects(ref.api_version, ref.kind, namespace, label_selector=selector)
                    )
                continue
            for template in ref.names:
                name = fill(template, obj, objects)
                child = source.get_object(ref.api_version, ref.kind, name, namespace) if name else None
                if child is not None:
                    found.append((ref, child))
                    break
        except Unreadable as exc:
            notes.append(f"{ref.kind} objects of {kind.kind} {_name(obj)}: {exc}")
    return found


def _find_pods(
    source: Source,
    kind: Kind,
    obj: K8sObject,
    children: list[tuple[ChildRef, K8sObject]],
    namespace: str,
    notes: list[str],
) -> list[tuple[K8sObject, str | None]]:
    """The workload's pods, each with the role its pod set gives it (None: its labels say).
    A lone pod is its own first pod; its pod sets add the pods it owns (a Spark driver's
    executors), which must name it as their controller."""
    objects = [c for _, c in children]
    owners = {(obj.get("metadata") or {}).get("uid"), *((c.get("metadata") or {}).get("uid") for c in objects)} - {None}
    # Pods owned by a kind of child that could not be read cannot be checked: trust them.
    unread = {ref.kind for ref in kind.children} - {str(c.get("kind")) for c in objects}
    found: list[tuple[K8sObject, str | None]] = []
    if kind.family == "pod":
        # A pod's pods are the ones it created: they must name it, whatever their labels say.
        found, owners, unread = [(obj, None)], owners or {""}, set()
    try:
        for template in kind.pod_selectors:
            selector = fill(template, obj, objects)
            if selector is None:
                continue
            # A pod that names a controller must name this workload (or a child of it): the
            # labels alone may be shared with an older job of the same name.
            mine = [
                p
                for p in source.list_objects("v1", "Pod", namespace, label_selector=selector)
                if _owned_by(p, owners, unread)
            ]
            if mine:
                found = [(p, None) for p in mine]
                break
        seen = {_name(p) for p, _ in found}
        for podset in kind.more_pods:
            selector = fill(podset.selector, obj, objects)
            if selector is None:
                continue
            for p in source.list_objects("v1", "Pod", namespace, label_selector=selector):
                if _name(p) not in seen and _owned_by(p, owners, unread, strict=kind.family == "pod"):
                    found.append((p, podset.role))
                    seen.add(_name(p))
    except Unreadable as exc:
        notes.append(f"pods of {kind.kind} {_name(obj)}: {exc}")
    return found


def _owned_by(pod: K8sObject, owners: set[Any], trusted_kinds: set[str], *, strict: bool = False) -> bool:
    """Names one of ``owners`` (or a kind that could not be read) as its controller; a pod that
    names none is trusted unless ``strict``."""
    refs = (pod.get("metadata") or {}).get("ownerReferences") or []
    controllers = [r for r in refs if r.get("controller")] or refs
    if not controllers or not owners:
        return not strict
    return any(r.get("uid") in owners or r.get("kind") in trusted_kinds for r in controllers)


def _admission(source: Source, obj: K8sObject, status: str, namespace: str, notes: list[str]) -> list[K8sObject]:
    """Queue objects about the workload (Kueue's Workload), for workloads a queue may hold."""
    labels = (obj.get("metadata") or {}).get("labels") or {}
    found: list[K8sObject] = []
    for ref in admission_refs():
        if not ((ref.when_label and ref.when_label in labels) or (ref.when_suspended and status == "Suspended")):
            continue
        selector = fill(ref.selector, obj)
        if selector is None:
            continue
        try:
            found.extend(source.list_objects(ref.api_version, ref.kind, namespace, label_selector=selector))
        except Unreadable as exc:
            notes.append(f"{ref.kind} objects of the queue: {exc}")
    return found


def _child_facts(children: list[tuple[ChildRef, K8sObject]]) -> list[RelatedFacts]:
    """Named children always; children found by selector only when they report trouble,
    the earliest few."""
    named = [related_facts(c) for ref, c in children if ref.selector is None]
    selected = [f for f in (related_facts(c) for ref, c in children if ref.selector is not None) if f.conditions]
    selected.sort(key=first_trouble)
    return named + selected[:MAX_SELECTED_CHILDREN]


def _related(
    source: Source, namespace: str, pods: Sequence[PodFacts], events: Sequence[EventFacts], notes: list[str]
) -> list[RelatedFacts]:
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


# -- facts from objects ---------------------------------------------------------------------


def pod_facts(obj: K8sObject, kind: Kind, *, role: str | None = None) -> PodFacts:
    """A pod's facts. Its role comes from the kind's role labels, else from ``role`` (the
    role of the pod set that found it)."""
    meta = obj.get("metadata") or {}
    spec = obj.get("spec") or {}
    status = obj.get("status") or {}
    labels = meta.get("labels") or {}
    role = next((str(labels[k]).lower() for k in kind.role_labels if labels.get(k)), role)
    index = _int(labels.get(kind.index_label), None) if kind.index_label else None
    statuses = {s.get("name"): s for s in status.get("containerStatuses") or []}
    init_statuses = {s.get("name"): s for s in status.get("initContainerStatuses") or []}
    containers: list[ContainerFacts] = []
    for init, declared, seen in (
        (True, spec.get("initContainers"), init_statuses),
        (False, spec.get("containers"), statuses),
    ):
        probed = {c.get("name") for c in declared or [] if isinstance(c, dict) and c.get("readinessProbe")}
        names = [c.get("name") for c in declared or []] or list(seen)
        for name in names:
            s = seen.get(name)
            if s is None:
                containers.append(
                    ContainerFacts(
                        name=str(name), init=init, probed=name in probed, current=ContainerInstance(state="unknown")
                    )
                )
                continue
            last = _instance(s.get("lastState"))
            containers.append(
                ContainerFacts(
                    name=str(name),
                    init=init,
                    image=s.get("image"),
                    probed=name in probed,
                    ready=s.get("ready") if isinstance(s.get("ready"), bool) else None,
                    restart_count=_int(s.get("restartCount")),
                    current=_instance(s.get("state")),
                    last=last if last.state == "terminated" else None,
                )
            )
    return PodFacts(
        name=_name(obj),
        uid=meta.get("uid"),
        role=role,
        index=index,
        node=spec.get("nodeName"),
        ip=status.get("podIP") if isinstance(status.get("podIP"), str) else None,
        accelerators=sum(_accelerators(c) for c in spec.get("containers") or []),
        phase=str(status.get("phase") or "Unknown"),
        reason=status.get("reason"),
        message=status.get("message"),
        created_at=parse_time(meta.get("creationTimestamp")),
        started_at=parse_time(status.get("startTime")),
        deleted_at=parse_time(meta.get("deletionTimestamp")),
        conditions=_conditions(status.get("conditions")),
        containers=containers,
    )


def _accelerators(container: Any) -> int:
    """How many accelerators a container asks for: its limits (requests when none), summed
    over the extended resources device plugins name them by."""
    resources = container.get("resources") if isinstance(container, dict) else None
    if not isinstance(resources, dict):
        return 0
    asked = resources.get("limits") or resources.get("requests")
    if not isinstance(asked, dict):  # a hand-edited snapshot may hold anything here
        return 0
    return sum(_int(str(v), 0) for k, v in asked.items() if ACCELERATOR.search(str(k)))


def _instance(state: Any) -> ContainerInstance:
    state = state or {}
    for name in ("terminated", "waiting", "running"):
        s = state.get(name)
        if isinstance(s, dict):
            return ContainerInstance(
                state=name,
                reason=s.get("reason"),
                message=s.get("message"),
                exit_code=s.get("exitCode") if isinstance(s.get("exitCode"), int) else None,
                signal=s.get("signal") if isinstance(s.get("signal"), int) else None,
                started_at=parse_time(s.get("startedAt")),
                finished_at=parse_time(s.get("finishedAt")),
            )
    return ContainerInstance(state="unknown")


def event_facts(obj: K8sObject) -> EventFacts:
    """A core/v1 or events.k8s.io/v1 Event, in one shape."""
    regarding = obj.get("involvedObject") or obj.get("regarding") or {}
    series = obj.get("series") or {}
    count = obj.get("count") or obj.get("deprecatedCount") or series.get("count") or 1
    first = parse_time(obj.get("firstTimestamp") or obj.get("deprecatedFirstTimestamp") or obj.get("eventTime"))
    last = (
        parse_time(
            obj.get("lastTimestamp")
            or obj.get("deprecatedLastTimestamp")
            or series.get("lastObservedTime")
            or obj.get("eventTime")
        )
        or first
    )
    first = first or parse_time((obj.get("metadata") or {}).get("creationTimestamp"))
    return EventFacts(
        type=str(obj.get("type") or "Normal"),
        reason=str(obj.get("reason") or ""),
        message=str(obj.get("message") or obj.get("note") or "").strip(),
        count=_int(count, 1),
        first_seen=first,
        last_seen=last or first,
        object_kind=str(regarding.get("kind") or ""),
        object_name=str(regarding.get("name") or ""),
        object_uid=str(regarding.get("uid") or "") or None,
    )


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
            failed.append(
                (inst.finished_at or NEVER, pod.role_rank, pod.index or 0, pod, ctr, (inst.reason, inst.exit_code))
            )
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
        main = _main_container(pod)
        if main is not None:
            take(pod, main)
    # A process that exited 0 may still say it gave up (a trainer that stopped itself on a NaN
    # loss): the primary role's completed containers are read last, within the budget - each
    # pod's first app container, then its others (a Katib trial's metrics collector says the
    # objective metric was never found, while the trainer beside it printed nothing wrong).
    completed = [(p, cs) for p in pods if (cs := _completed_containers(p))]
    completed.sort(key=lambda pcs: (pcs[0].role_rank, pcs[0].index or 0, pcs[0].name))
    for pod, ctrs in completed[:RUNNING_LOGS]:
        take(pod, ctrs[0])
    for pod, ctrs in completed[:RUNNING_LOGS]:
        for ctr in ctrs[1:]:
            take(pod, ctr)
    # A model server's pod runs helpers beside the server that load its models (Seldon Core
    # v2's agent beside MLServer, ModelMesh's adapter beside the runtime): a model that failed
    # to load is said in the helper's log, and the pod runs on. The running pods' other app
    # containers are read last, within the budget.
    for pod in running[:RUNNING_LOGS]:
        for ctr in pod.containers:
            if not ctr.init and ctr.name not in SIDECARS and ctr.current.state == "running":
                take(pod, ctr)
    plan: list[tuple[str, str, bool]] = []
    for pod, ctr in chosen:
        if ctr.current.state in ("running", "terminated"):
            plan.append((pod.name, ctr.name, False))
        if ctr.restart_count and ctr.last is not None:
            plan.append((pod.name, ctr.name, True))
    return plan


def _main_container(pod: PodFacts) -> ContainerFacts | None:
    """The container whose log says what a running pod does: its first running app container,
    or, while the pod is still initialising, the init container it waits on (KubeRay's
    wait-gcs-ready, a wait-for-db loop: its log says what it waits for)."""
    running = [c for c in pod.containers if c.name not in SIDECARS and c.current.state == "running"]
    app = [c for c in running if not c.init]
    if app:
        return app[0]
    return running[0] if running and pod.phase == "Pending" else None


def _completed_containers(pod: PodFacts) -> list[ContainerFacts]:
    return [
        c
        for c in pod.containers
        if not c.init and c.name not in SIDECARS and c.current.state == "terminated" and not c.current.failed
    ]


def _ref(obj: K8sObject) -> ObjectRef:
    meta = obj.get("metadata") or {}
    return ObjectRef(str(obj.get("kind")), str(meta.get("name")), meta.get("namespace"), meta.get("uid"))


def _resource_version(obj: K8sObject) -> int:
    version = str((obj.get("metadata") or {}).get("resourceVersion") or "")
    return int(version) if version.isdigit() else 0


def _name(obj: K8sObject) -> str:
    return str((obj.get("metadata") or {}).get("name"))
