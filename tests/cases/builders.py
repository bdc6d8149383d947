"""Kubernetes objects as the controllers and the kubelet write them, for the case generator.

Each builder returns a plain dict shaped like ``kubectl get -o yaml`` output. Names, uids,
image digests and container ids are derived from the names they belong to, so the generator
writes the same bytes on every run.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

Obj = dict[str, Any]

_UID_NAMESPACE = uuid.UUID("6f1c9a3e-2b7d-4c59-9e0a-5d3f8b1c2a47")

# Which spec field holds the replicas, and the operator-name label, per Kubeflow kind.
REPLICA_FIELD = {
    "PyTorchJob": "pytorchReplicaSpecs",
    "TFJob": "tfReplicaSpecs",
    "XGBoostJob": "xgbReplicaSpecs",
    "PaddleJob": "paddleReplicaSpecs",
    "JAXJob": "jaxReplicaSpecs",
    "MPIJob": "mpiReplicaSpecs",
}
OPERATOR_NAME = {
    "PyTorchJob": "pytorchjob-controller",
    "TFJob": "tfjob-controller",
    "XGBoostJob": "xgboostjob-controller",
    "PaddleJob": "paddlejob-controller",
    "JAXJob": "jaxjob-controller",
    "MPIJob": "mpijob-controller",
}
# The training operator marks these roles with a job-role label too.
LEADER_ROLES = {"master", "chief", "launcher"}


def uid(*parts: str) -> str:
    return str(uuid.uuid5(_UID_NAMESPACE, "/".join(parts)))


def digest(*parts: str, n: int = 64) -> str:
    return hashlib.sha256("/".join(parts).encode()).hexdigest()[:n]


def suffix(*parts: str) -> str:
    """A generateName suffix (five characters from Kubernetes' alphabet), stable per input."""
    alphabet = "bcdfghjklmnpqrstvwxz2456789"
    h = int(digest(*parts, n=16), 16)
    out = ""
    for _ in range(5):
        h, r = divmod(h, len(alphabet))
        out += alphabet[r]
    return out


def ts(t: datetime) -> str:
    return t.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def micro(t: datetime) -> str:
    return t.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@dataclass(frozen=True)
class Clock:
    """Seconds after a case's start as times: ``at(90)`` is 90 s after ``start``."""

    start: datetime

    def __call__(self, seconds: float) -> datetime:
        return self.start + timedelta(seconds=seconds)


# -- containers ---------------------------------------------------------------------------


@dataclass
class Container:
    """A container's spec and its status, in one place."""

    name: str
    image: str
    command: list[str] = field(default_factory=list)
    args: list[str] = field(default_factory=list)
    env: list[Obj] = field(default_factory=list)
    resources: Obj = field(default_factory=dict)
    mounts: list[Obj] = field(default_factory=list)
    ports: list[Obj] = field(default_factory=list)
    probes: Obj = field(default_factory=dict)
    state: Obj = field(default_factory=dict)
    last: Obj = field(default_factory=dict)
    restarts: int = 0
    ready: bool = False

    def spec(self) -> Obj:
        c: Obj = {"name": self.name, "image": self.image}
        if self.command:
            c["command"] = list(self.command)
        if self.args:
            c["args"] = list(self.args)
        if self.env:
            c["env"] = list(self.env)
        if self.ports:
            c["ports"] = list(self.ports)
        c["resources"] = self.resources or {}
        c.update(self.probes)
        c["imagePullPolicy"] = "IfNotPresent"
        c["terminationMessagePath"] = "/dev/termination-log"
        c["terminationMessagePolicy"] = "File"
        c["volumeMounts"] = [
            *self.mounts,
            {"name": "kube-api-access", "mountPath": "/var/run/secrets/kubernetes.io/serviceaccount", "readOnly": True},
        ]
        return c

    def status(self, pod_name: str) -> Obj:
        started = "running" in self.state or "terminated" in self.state
        s: Obj = {"name": self.name, "image": self.image}
        if started or self.last:
            s["imageID"] = f"{self.image.split(':')[0]}@sha256:{digest(self.image)}"
            s["containerID"] = f"containerd://{digest(pod_name, self.name, str(self.restarts))}"
        s.update(
            {
                "ready": self.ready,
                "restartCount": self.restarts,
                "started": "running" in self.state,
                "state": self.state,
                "lastState": self.last,
            }
        )
        return s


def gpu(n: int, memory: str, cpu: str) -> Obj:
    return {
        "limits": {"cpu": cpu, "memory": memory, "nvidia.com/gpu": str(n)},
        "requests": {"cpu": cpu, "memory": memory, "nvidia.com/gpu": str(n)},
    }


def cpu_only(memory: str, cpu: str) -> Obj:
    return {"limits": {"cpu": cpu, "memory": memory}, "requests": {"cpu": cpu, "memory": memory}}


def running(started: datetime) -> Obj:
    return {"running": {"startedAt": ts(started)}}


def waiting(reason: str, message: str | None = None) -> Obj:
    w: Obj = {"reason": reason}
    if message:
        w["message"] = message
    return {"waiting": w}


def terminated(
    code: int,
    started: datetime,
    finished: datetime,
    reason: str | None = None,
    message: str | None = None,
    signal: int | None = None,
) -> Obj:
    t: Obj = {
        "exitCode": code,
        "reason": reason or ("Completed" if code == 0 else "Error"),
        "startedAt": ts(started),
        "finishedAt": ts(finished),
    }
    if message:
        t["message"] = message
    if signal is not None:
        t["signal"] = signal
    return {"terminated": t}


# -- pods ---------------------------------------------------------------------------------


def condition(
    type_: str, status: bool | str, t: datetime, reason: str | None = None, message: str | None = None
) -> Obj:
    c: Obj = {
        "type": type_,
        "status": status if isinstance(status, str) else ("True" if status else "False"),
        "lastProbeTime": None,
        "lastTransitionTime": ts(t),
    }
    if reason:
        c["reason"] = reason
    if message:
        c["message"] = message
    return c


def pod(
    *,
    name: str,
    namespace: str,
    labels: dict[str, str],
    owner: Obj | None,
    containers: Sequence[Container],
    created: datetime,
    phase: str,
    node: str | None = None,
    scheduled: datetime | None = None,
    unschedulable: str | None = None,
    init: Sequence[Container] = (),
    restart_policy: str = "Never",
    volumes: Iterable[Obj] = (),
    extra_conditions: Iterable[Obj] = (),
    reason: str | None = None,
    message: str | None = None,
    deletion: datetime | None = None,
    annotations: dict[str, str] | None = None,
    service_account: str = "default",
    scheduler: str = "default-scheduler",
    qos: str = "Guaranteed",
    active_deadline: int | None = None,
) -> Obj:
    """A pod: ``scheduled`` when it was bound to ``node``, or ``unschedulable`` the scheduler's message."""
    meta: Obj = {
        "name": name,
        "namespace": namespace,
        "uid": uid(namespace, "pod", name),
        "resourceVersion": str(int(digest(name, n=6), 16) % 900000 + 100000),
        "creationTimestamp": ts(created),
        "labels": dict(labels),
    }
    if annotations:
        meta["annotations"] = dict(annotations)
    if owner is not None:
        meta["ownerReferences"] = [owner]
    if deletion is not None:
        meta["deletionTimestamp"] = ts(deletion)
        meta["deletionGracePeriodSeconds"] = 30
    spec: Obj = {
        "containers": [c.spec() for c in containers],
        "restartPolicy": restart_policy,
        "schedulerName": scheduler,
        "serviceAccountName": service_account,
        "terminationGracePeriodSeconds": 30,
        "dnsPolicy": "ClusterFirst",
        "priority": 0,
        "enableServiceLinks": True,
        "preemptionPolicy": "PreemptLowerPriority",
        "tolerations": [
            {
                "key": "node.kubernetes.io/not-ready",
                "operator": "Exists",
                "effect": "NoExecute",
                "tolerationSeconds": 300,
            },
            {
                "key": "node.kubernetes.io/unreachable",
                "operator": "Exists",
                "effect": "NoExecute",
                "tolerationSeconds": 300,
            },
        ],
        "volumes": [
            *volumes,
            {
                "name": "kube-api-access",
                "projected": {
                    "defaultMode": 420,
                    "sources": [{"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}}],
                },
            },
        ],
    }
    if init:
        spec["initContainers"] = [c.spec() for c in init]
    if active_deadline is not None:
        spec["activeDeadlineSeconds"] = active_deadline
    if node is not None:
        spec["nodeName"] = node
    status: Obj = {"phase": phase, "qosClass": qos}
    conditions: list[Obj] = []
    if unschedulable is not None:
        conditions.append(condition("PodScheduled", False, created, "Unschedulable", unschedulable))
    else:
        at = scheduled or created
        all_ready = bool(containers) and all(c.ready for c in containers)
        init_done = all("terminated" in c.state and c.state["terminated"]["exitCode"] == 0 for c in init)
        last_change = max([at, *_times(containers)])
        conditions += [
            condition("PodReadyToStartContainers", phase not in ("Pending",) or bool(init), at),
            condition("Initialized", init_done, at if init_done else created),
            condition("Ready", all_ready, last_change),
            condition("ContainersReady", all_ready, last_change),
            condition("PodScheduled", True, at),
        ]
        status["hostIP"] = "10.20." + str(int(digest(node or "", n=2), 16) % 200) + ".11"
        if phase != "Pending" or any("running" in c.state or "terminated" in c.state for c in containers):
            status["podIP"] = (
                "10.244."
                + str(int(digest(name, n=2), 16) % 250)
                + "."
                + str(int(digest(name, "ip", n=2), 16) % 250 + 2)
            )
        status["startTime"] = ts(at)
        if init:
            status["initContainerStatuses"] = [c.status(name) for c in init]
        status["containerStatuses"] = [c.status(name) for c in containers]
    conditions.extend(extra_conditions)
    status["conditions"] = conditions
    if reason:
        status["reason"] = reason
    if message:
        status["message"] = message
    return {"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": spec, "status": status}


def _times(containers: Sequence[Container]) -> list[datetime]:
    out = []
    for c in containers:
        for state in (c.state, c.last):
            for inner in state.values():
                for key in ("startedAt", "finishedAt"):
                    if key in inner:
                        out.append(datetime.strptime(inner[key], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc))
    return out


def object_meta(
    namespace: str,
    kind: str,
    name: str,
    created: datetime,
    *,
    owner: Obj | None = None,
    labels: dict[str, str] | None = None,
) -> Obj:
    """Metadata of a custom resource (RayJob, RayCluster, ...), with a uid derived from its name."""
    meta: Obj = {
        "name": name,
        "namespace": namespace,
        "uid": uid(namespace, kind, name),
        "generation": 1,
        "resourceVersion": "1",
        "creationTimestamp": ts(created),
    }
    if labels:
        meta["labels"] = labels
    if owner is not None:
        meta["ownerReferences"] = [owner]
    return meta


def owner_ref(obj: Obj) -> Obj:
    return {
        "apiVersion": obj["apiVersion"],
        "kind": obj["kind"],
        "name": obj["metadata"]["name"],
        "uid": obj["metadata"]["uid"],
        "controller": True,
        "blockOwnerDeletion": True,
    }


# -- workloads ----------------------------------------------------------------------------


@dataclass
class Replicas:
    """One replica type of a Kubeflow job: how many, and the template's container."""

    count: int
    container: Container
    restart_policy: str = "OnFailure"


def kubeflow_job(
    *,
    kind: str,
    name: str,
    namespace: str,
    created: datetime,
    replicas: dict[str, Replicas],
    conditions: list[Obj],
    statuses: dict[str, dict[str, int]],
    start: datetime | None = None,
    completion: datetime | None = None,
    run_policy: Obj | None = None,
    api_version: str = "kubeflow.org/v1",
    extra_spec: Obj | None = None,
) -> Obj:
    spec: Obj = {}
    if extra_spec:
        spec.update(extra_spec)
    spec["runPolicy"] = run_policy or {"backoffLimit": 0, "cleanPodPolicy": "None"}
    if api_version == "kubeflow.org/v2beta1":
        spec["runPolicy"].setdefault("suspend", False)
    spec[REPLICA_FIELD[kind]] = {
        role: {
            "replicas": r.count,
            "restartPolicy": r.restart_policy,
            "template": {"spec": {"containers": [_template(r.container)]}},
        }
        for role, r in replicas.items()
    }
    status: Obj = {
        "conditions": conditions,
        "replicaStatuses": {role: {k: v for k, v in counts.items() if v} for role, counts in statuses.items()},
    }
    if start is not None:
        status["startTime"] = ts(start)
    if completion is not None:
        status["completionTime"] = ts(completion)
    if api_version == "kubeflow.org/v2beta1" and conditions:
        status["lastReconcileTime"] = conditions[-1]["lastTransitionTime"]
    return {
        "apiVersion": api_version,
        "kind": kind,
        "metadata": {
            "name": name,
            "namespace": namespace,
            "uid": uid(namespace, kind, name),
            "generation": 1,
            "resourceVersion": str(int(digest(kind, name, n=6), 16) % 900000 + 100000),
            "creationTimestamp": ts(created),
        },
        "spec": spec,
        "status": status,
    }


def _template(c: Container) -> Obj:
    t: Obj = {"name": c.name, "image": c.image}
    for key in ("command", "args", "env", "ports"):
        if getattr(c, key):
            t[key] = list(getattr(c, key))
    if c.resources:
        t["resources"] = c.resources
    if c.mounts:
        t["volumeMounts"] = list(c.mounts)
    t.update(c.probes)
    return t


def job_condition(type_: str, t: datetime, reason: str, message: str, status: bool = True) -> Obj:
    """A condition as the training operator (lastUpdateTime too) and batch/v1 write it."""
    return {
        "type": type_,
        "status": "True" if status else "False",
        "reason": reason,
        "message": message,
        "lastUpdateTime": ts(t),
        "lastTransitionTime": ts(t),
    }


def kubeflow_pod(
    job: Obj,
    role: str,
    index: int,
    containers: Sequence[Container],
    *,
    created: datetime,
    phase: str,
    node: str | None = None,
    scheduled: datetime | None = None,
    name: str | None = None,
    owner: Obj | None = None,
    extra_labels: dict[str, str] | None = None,
    operator: str | None = None,
    **kw: Any,
) -> Obj:
    """A pod of a Kubeflow job, labelled and owned as its operator does it."""
    kind = job["kind"]
    job_name = job["metadata"]["name"]
    labels = {
        "training.kubeflow.org/job-name": job_name,
        "training.kubeflow.org/operator-name": operator or OPERATOR_NAME[kind],
        "training.kubeflow.org/replica-index": str(index),
        "training.kubeflow.org/replica-type": role,
    }
    if role in LEADER_ROLES:
        labels["training.kubeflow.org/job-role"] = role
    labels.update(extra_labels or {})
    restart = "Never" if role == "launcher" else "OnFailure"
    kw.setdefault("restart_policy", restart)
    return pod(
        name=name or f"{job_name}-{role}-{index}",
        namespace=job["metadata"]["namespace"],
        labels=labels,
        owner=owner or owner_ref(job),
        containers=containers,
        created=created,
        phase=phase,
        node=node,
        scheduled=scheduled,
        **kw,
    )


def batch_job(
    *,
    name: str,
    namespace: str,
    created: datetime,
    container: Container,
    conditions: list[Obj],
    active: int = 0,
    succeeded: int = 0,
    failed: int = 0,
    start: datetime | None = None,
    completion: datetime | None = None,
    backoff_limit: int = 0,
    completions: int = 1,
    parallelism: int = 1,
    active_deadline: int | None = None,
    owner: Obj | None = None,
    labels: dict[str, str] | None = None,
    suspend: bool = False,
    extra_labels: dict[str, str] | None = None,
    ready: int = 0,
    restart_policy: str = "Never",
    completion_mode: str = "NonIndexed",
) -> Obj:
    job_uid = uid(namespace, "Job", name)
    spec: Obj = {
        "backoffLimit": backoff_limit,
        "completions": completions,
        "parallelism": parallelism,
        "completionMode": completion_mode,
        "suspend": suspend,
        "podReplacementPolicy": "TerminatingOrFailed",
        "manualSelector": False,
        "selector": {"matchLabels": {"batch.kubernetes.io/controller-uid": job_uid}},
        "template": {
            "metadata": {
                "labels": {
                    "batch.kubernetes.io/controller-uid": job_uid,
                    "batch.kubernetes.io/job-name": name,
                    "controller-uid": job_uid,
                    "job-name": name,
                    **(extra_labels or {}),
                }
            },
            "spec": {"restartPolicy": restart_policy, "containers": [_template(container)]},
        },
    }
    if active_deadline is not None:
        spec["activeDeadlineSeconds"] = active_deadline
    status: Obj = {}
    if start is not None:
        status["startTime"] = ts(start)
    for key, value in (("active", active), ("succeeded", succeeded), ("failed", failed)):
        if value:
            status[key] = value
    status["ready"] = ready
    status["terminating"] = 0
    status["uncountedTerminatedPods"] = {}
    if conditions:
        status["conditions"] = conditions
    if completion is not None:
        status["completionTime"] = ts(completion)
    meta: Obj = {
        "name": name,
        "namespace": namespace,
        "uid": job_uid,
        "generation": 1,
        "resourceVersion": str(int(digest("Job", name, n=6), 16) % 900000 + 100000),
        "creationTimestamp": ts(created),
        "labels": {
            "batch.kubernetes.io/controller-uid": job_uid,
            "batch.kubernetes.io/job-name": name,
            "controller-uid": job_uid,
            "job-name": name,
            **(labels or {}),
        },
    }
    if owner is not None:
        meta["ownerReferences"] = [owner]
    return {"apiVersion": "batch/v1", "kind": "Job", "metadata": meta, "spec": spec, "status": status}


def backoff_conditions(t: datetime) -> list[Obj]:
    """A batch Job that gave up: its FailureTarget and Failed conditions."""
    return [
        job_condition("FailureTarget", t, "BackoffLimitExceeded", "Job has reached the specified backoff limit"),
        job_condition("Failed", t, "BackoffLimitExceeded", "Job has reached the specified backoff limit"),
    ]


def kubeflow_conditions(
    kind: str, name: str, since: datetime, *, started: bool = True, failed: tuple[str, datetime] | None = None
) -> list[Obj]:
    """Created and (``started``) Running, as the training operator writes them; with ``failed``
    (the role its message names, when) Running turned False and Failed."""
    created = job_condition("Created", since, f"{kind}Created", f"{kind} {name} is created.")
    if not started:
        return [created]
    running = job_condition("Running", since, f"{kind}Running", f"{kind} {name} is running.", status=failed is None)
    out = [created, running]
    if failed is not None:
        role, at = failed
        out.append(
            job_condition("Failed", at, f"{kind}Failed", f"{kind} {name} is failed because 1 {role} replica(s) failed.")
        )
    return out


def failed_job(
    *,
    name: str,
    namespace: str,
    at: Clock,
    container: Container,
    exit_code: int,
    ran: tuple[float, float],
    node: str,
    reason: str | None = None,
    message: str | None = None,
) -> tuple[Obj, Obj]:
    """A batch Job (backoffLimit 0) whose one pod ran from ``ran[0]`` to ``ran[1]`` seconds and
    exited with ``exit_code``; the Job gives up two seconds later."""
    job = batch_job(
        name=name,
        namespace=namespace,
        created=at(0),
        container=container,
        failed=1,
        start=at(1),
        conditions=backoff_conditions(at(ran[1] + 2)),
    )
    c = Container(
        container.name,
        container.image,
        command=container.command,
        resources=container.resources,
        state=terminated(exit_code, at(ran[0]), at(ran[1]), reason=reason, message=message),
    )
    return job, job_pod(job, [c], created=at(1), phase="Failed", node=node, scheduled=at(2))


def job_pod(
    job: Obj,
    containers: Sequence[Container],
    *,
    created: datetime,
    phase: str,
    attempt: int = 0,
    extra_labels: dict[str, str] | None = None,
    **kw: Any,
) -> Obj:
    """A pod the Job controller created (``attempt`` tells its retries apart)."""
    name = job["metadata"]["name"]
    job_uid = job["metadata"]["uid"]
    labels = {
        "batch.kubernetes.io/controller-uid": job_uid,
        "batch.kubernetes.io/job-name": name,
        "controller-uid": job_uid,
        "job-name": name,
        **(extra_labels or {}),
    }
    kw.setdefault("restart_policy", job["spec"]["template"]["spec"]["restartPolicy"])
    return pod(
        name=f"{name}-{suffix(name, str(attempt))}",
        namespace=job["metadata"]["namespace"],
        labels=labels,
        owner=owner_ref(job),
        containers=containers,
        created=created,
        phase=phase,
        **kw,
    )


def indexed_job_pod(job: Obj, index: int, containers: Sequence[Container], **kw: Any) -> Obj:
    """The pod of an Indexed Job for completion ``index``: the Job controller labels and annotates it."""
    marks = {"batch.kubernetes.io/job-completion-index": str(index)}
    return job_pod(job, containers, attempt=index, extra_labels=marks, annotations=marks, **kw)


# -- events -------------------------------------------------------------------------------


def event(
    about: Obj,
    reason: str,
    message: str,
    first: datetime,
    *,
    last: datetime | None = None,
    count: int = 1,
    type_: str = "Warning",
    component: str = "kubelet",
    host: str | None = None,
    new_api: bool = False,
    field_path: str | None = None,
) -> Obj:
    """An event about ``about``, as core/v1 or (``new_api``) events.k8s.io/v1 serves it."""
    meta = about["metadata"]
    name = meta["name"]
    ns = meta["namespace"]
    regarding: Obj = {
        "apiVersion": about["apiVersion"],
        "kind": about["kind"],
        "name": name,
        "namespace": ns,
        "uid": meta["uid"],
        "resourceVersion": meta.get("resourceVersion", "1"),
    }
    if field_path:
        regarding["fieldPath"] = field_path
    ev_name = f"{name}.{digest(name, reason, message, ts(first), n=16)}"
    last = last or first
    source: Obj = {"component": component}
    if host:
        source["host"] = host
    if not new_api:
        return {
            "apiVersion": "v1",
            "kind": "Event",
            "metadata": {
                "name": ev_name,
                "namespace": ns,
                "creationTimestamp": ts(first),
                "resourceVersion": str(int(digest(ev_name, n=6), 16) % 900000 + 100000),
            },
            "involvedObject": regarding,
            "reason": reason,
            "message": message,
            "source": source,
            "firstTimestamp": ts(first),
            "lastTimestamp": ts(last),
            "count": count,
            "type": type_,
            "eventTime": None,
            "reportingComponent": component,
            "reportingInstance": host or "",
        }
    ev: Obj = {
        "apiVersion": "events.k8s.io/v1",
        "kind": "Event",
        "metadata": {
            "name": ev_name,
            "namespace": ns,
            "creationTimestamp": ts(first),
            "resourceVersion": str(int(digest(ev_name, n=6), 16) % 900000 + 100000),
        },
        "eventTime": None,
        "reportingController": component,
        "reportingInstance": host or "",
        "regarding": regarding,
        "reason": reason,
        "note": message,
        "type": type_,
        "deprecatedSource": source,
        "deprecatedFirstTimestamp": ts(first),
        "deprecatedLastTimestamp": ts(last),
        "deprecatedCount": count,
    }
    if count > 1:
        ev["series"] = {"count": count, "lastObservedTime": micro(last)}
    return ev


# -- logs ---------------------------------------------------------------------------------


def stamped(lines: Iterable[str], start: datetime, step: float | Sequence[float] = 1.0) -> str:
    """``kubectl logs --timestamps``: an RFC 3339 time with nanoseconds before each line.

    ``step`` is the gap between lines, or one gap per line (the first gap is before line 2).
    """
    out = []
    t = start
    gaps = list(step) if isinstance(step, Sequence) else None
    for i, line in enumerate(lines):
        if i:
            t += timedelta(
                seconds=gaps[i - 1] if gaps is not None and i - 1 < len(gaps) else (gaps[-1] if gaps else float(step))
            )  # type: ignore[arg-type]
        nanos = f"{t.microsecond:06d}{int(digest(line, str(i), n=3), 16) % 1000:03d}"
        out.append(f"{t.strftime('%Y-%m-%dT%H:%M:%S')}.{nanos}Z {line}")
    return "\n".join(out) + "\n"


def text(*lines: str) -> str:
    return "\n".join(lines) + "\n"


# -- cases --------------------------------------------------------------------------------


@dataclass
class CaseSpec:
    """One case: the snapshot to write and what an expert says of it (expected.yaml)."""

    id: str
    kind: str
    name: str
    namespace: str
    healthy: bool
    category: str
    culprit: str | list[str] | None
    evidence: str  # a substring of the verdict's error or evidence lines
    description: str
    objects: list[Obj]
    captured: datetime
    logs: dict[str, str] = field(default_factory=dict)  # "POD/CONTAINER[.previous]" -> text
    as_list: bool = True  # objects.yaml as one `kind: List`, or as several documents
    # Cases built from a real public report: what happened, and the thread it was taken from.
    title: str | None = None
    source: str | None = None


def failed_job_case(
    *,
    id: str,
    category: str,
    evidence: str,
    description: str,
    name: str,
    namespace: str,
    at: Clock,
    container: Container,
    exit_code: int,
    ran: tuple[float, float],
    node: str,
    log: str,
    captured: float,
) -> CaseSpec:
    """The most common case: a batch Job whose one pod failed (``failed_job``) and left one log,
    which names the cause. The pod is the culprit."""
    job, p = failed_job(
        name=name, namespace=namespace, at=at, container=container, exit_code=exit_code, ran=ran, node=node
    )
    pod_name = p["metadata"]["name"]
    return CaseSpec(
        id=id,
        kind="Job",
        name=name,
        namespace=namespace,
        healthy=False,
        category=category,
        culprit=pod_name,
        evidence=evidence,
        description=description,
        objects=[job, p],
        logs={f"{pod_name}/{container.name}": log},
        captured=at(captured),
    )


# -- a Kubeflow job and its pods in one call ----------------------------------------------


@dataclass
class PodPlan:
    """How one replica's pod stands: its container's state (and last state), its logs."""

    role: str
    index: int
    state: Obj
    last: Obj = field(default_factory=dict)
    restarts: int = 0
    log: str | None = None
    previous_log: str | None = None
    node: str | None = None
    phase: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def pod_phase(state: Obj, restarts: int) -> str:
    if "running" in state:
        return "Running"
    if "terminated" in state:
        return "Succeeded" if state["terminated"]["exitCode"] == 0 else "Failed"
    return "Running" if restarts else "Pending"


def kubeflow_with_pods(
    *,
    kind: str,
    name: str,
    namespace: str,
    created: datetime,
    container: Container,
    plans: Sequence[PodPlan],
    conditions: list[Obj],
    statuses: dict[str, dict[str, int]],
    restart_policy: str = "Never",
    start: datetime | None = None,
    completion: datetime | None = None,
    run_policy: Obj | None = None,
    api_version: str = "kubeflow.org/v1",
) -> tuple[Obj, list[Obj], dict[str, str]]:
    """The job, its pods (scheduled a few seconds after ``created``) and their logs by log path."""
    roles: dict[str, int] = {}
    for plan in plans:
        roles[plan.role] = max(roles.get(plan.role, 0), plan.index + 1)
    replicas = {
        role.capitalize() if role != "ps" else "PS": Replicas(n, container, restart_policy) for role, n in roles.items()
    }
    job = kubeflow_job(
        kind=kind,
        name=name,
        namespace=namespace,
        created=created,
        replicas=replicas,
        conditions=conditions,
        statuses=statuses,
        start=start or created + timedelta(seconds=1),
        completion=completion,
        run_policy=run_policy,
        api_version=api_version,
    )
    pods: list[Obj] = []
    logs: dict[str, str] = {}
    for plan in plans:
        ctr = Container(
            container.name,
            container.image,
            command=container.command,
            args=container.args,
            env=container.env,
            resources=container.resources,
            mounts=container.mounts,
            state=plan.state,
            last=plan.last,
            restarts=plan.restarts,
            ready="running" in plan.state,
        )
        node = plan.node or f"gpu-{digest(name, plan.role, str(plan.index), n=4)}"
        p = kubeflow_pod(
            job,
            plan.role,
            plan.index,
            [ctr],
            created=created + timedelta(seconds=2),
            phase=plan.phase or pod_phase(plan.state, plan.restarts),
            node=node,
            scheduled=created + timedelta(seconds=3),
            restart_policy=restart_policy,
            **plan.extra,
        )
        pods.append(p)
        pod_name = p["metadata"]["name"]
        if plan.log is not None:
            logs[f"{pod_name}/{container.name}"] = plan.log
        if plan.previous_log is not None:
            logs[f"{pod_name}/{container.name}.previous"] = plan.previous_log
    return job, pods, logs


Scenario = Callable[[], CaseSpec]


class Scenarios(list[Scenario]):
    """A module's scenarios, in order: ``@SCENARIOS.add`` registers one."""

    def add(self, fn: Scenario) -> Scenario:
        self.append(fn)
        return fn


# -- nodes and MPIJobs with their pods -------------------------------------------------------


def node(
    name: str,
    created: datetime,
    *,
    gpus: int = 8,
    product: str = "NVIDIA-H100-80GB-HBM3",
    conditions: Sequence[Obj] = (),
    capacity: dict[str, str] | None = None,
    labels: dict[str, str] | None = None,
    taints: Sequence[Obj] = (),
) -> Obj:
    """A GPU node as ``kubectl get node -o yaml`` shows it (Ready unless ``conditions`` say more).
    ``capacity`` (also allocatable) and ``labels`` replace the GPU node's; ``taints`` go in its spec."""
    ready = [c for c in conditions if c.get("type") == "Ready"] or [
        {
            "type": "Ready",
            "status": "True",
            "reason": "KubeletReady",
            "message": "kubelet is posting ready status",
            "lastHeartbeatTime": ts(created),
            "lastTransitionTime": ts(created),
        }
    ]
    gpu_labels = {"nvidia.com/gpu.count": str(gpus), "nvidia.com/gpu.product": product}
    spec: Obj = {"taints": list(taints)} if taints else {}
    return {
        "apiVersion": "v1",
        "kind": "Node",
        "metadata": {
            "name": name,
            "uid": uid("", "Node", name),
            "creationTimestamp": ts(created),
            "resourceVersion": str(int(digest("Node", name, n=6), 16) % 900000 + 100000),
            "labels": {
                "kubernetes.io/hostname": name,
                "kubernetes.io/os": "linux",
                **(gpu_labels if labels is None else labels),
            },
        },
        "spec": spec,
        "status": {
            "capacity": dict(capacity)
            if capacity
            else {"cpu": "192", "memory": "2113457484Ki", "nvidia.com/gpu": str(gpus), "pods": "110"},
            "allocatable": dict(capacity)
            if capacity
            else {"cpu": "191500m", "memory": "2101123456Ki", "nvidia.com/gpu": str(gpus), "pods": "110"},
            "conditions": [*(c for c in conditions if c.get("type") != "Ready"), *ready],
        },
    }


def node_event(
    about: Obj,
    reason: str,
    message: str,
    first: datetime,
    *,
    component: str,
    type_: str = "Warning",
    count: int = 1,
    last: datetime | None = None,
) -> Obj:
    """An event about a Node (they live in the default namespace), as node-problem-detector or the
    kubelet report them."""
    named = {**about, "metadata": {**about["metadata"], "namespace": "default"}}
    ev = event(
        named,
        reason,
        message,
        first,
        last=last,
        count=count,
        type_=type_,
        component=component,
        host=about["metadata"]["name"],
    )
    ev["involvedObject"].pop("namespace", None)
    ev["involvedObject"]["uid"] = about["metadata"]["name"]
    return ev


@dataclass
class MPIPlan:
    """The launcher's and the workers' containers of an mpi-operator v2beta1 MPIJob."""

    launcher_state: Obj
    launcher_log: str | None = None
    worker_state: Obj | None = None  # default: running since the job started (sshd)
    worker_logs: dict[int, str] = field(default_factory=dict)


def mpijob_v2(
    *,
    at: Clock,
    name: str,
    ns: str,
    image: str,
    launcher_cmd: list[str],
    workers: int,
    plan: MPIPlan,
    worker_resources: Obj,
    launcher_node: str = "cpu-pool-b-3",
    worker_node: str = "gpu-node-{i}",
    implementation: str = "OpenMPI",
    slots: int = 8,
) -> tuple[list[Obj], dict[str, str], str]:
    """An MPIJob as mpi-operator v2 runs it: the job, the launcher's batch Job and pod, the worker
    pods running ``sshd``, the operator's events. The job is Failed, Succeeded or Running as the
    launcher's container state says. Returns the objects, the logs and the launcher pod's name."""
    term = plan.launcher_state.get("terminated")
    end = datetime.strptime(term["finishedAt"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc) if term else None
    worker_ctr = Container("worker", image, command=["/usr/sbin/sshd", "-De"], resources=worker_resources)
    launcher_ctr = Container("launcher", image, command=launcher_cmd, resources=cpu_only("2Gi", "1"))
    conditions = [
        job_condition("Created", at(1), "MPIJobCreated", f"MPIJob {ns}/{name} is created."),
        job_condition("Running", at(40), "MPIJobRunning", f"MPIJob {ns}/{name} is running.", status=end is None),
    ]
    launcher_conditions: list[Obj] = []
    counts: dict[str, int] = {"active": 1}
    if end is not None and term["exitCode"] == 0:
        conditions.append(
            job_condition(
                "Succeeded",
                end + timedelta(seconds=2),
                "MPIJobSucceeded",
                f"MPIJob {ns}/{name} successfully completed.",
            )
        )
        launcher_conditions = [job_condition("Complete", end + timedelta(seconds=1), "", "")]
        counts = {"succeeded": 1}
    elif end is not None:
        conditions.append(
            job_condition("Failed", end + timedelta(seconds=2), "MPIJobFailed", f"MPIJob {ns}/{name} has failed")
        )
        launcher_conditions = backoff_conditions(end + timedelta(seconds=1))
        counts = {"failed": 1}
    job = kubeflow_job(
        kind="MPIJob",
        name=name,
        namespace=ns,
        created=at(0),
        api_version="kubeflow.org/v2beta1",
        replicas={
            "Launcher": Replicas(1, launcher_ctr, "OnFailure"),
            "Worker": Replicas(workers, worker_ctr, "OnFailure"),
        },
        conditions=conditions,
        statuses={"Launcher": counts, "Worker": {"active": workers}},
        start=at(1),
        completion=end + timedelta(seconds=2) if end else None,
        extra_spec={"slotsPerWorker": slots, "sshAuthMountPath": "/root/.ssh", "mpiImplementation": implementation},
    )
    kf = {"training.kubeflow.org/job-name": name, "training.kubeflow.org/operator-name": "mpi-operator"}
    launcher_job = batch_job(
        name=f"{name}-launcher",
        namespace=ns,
        created=at(30),
        container=launcher_ctr,
        owner=owner_ref(job),
        start=at(30),
        conditions=launcher_conditions,
        labels={**kf, "training.kubeflow.org/job-role": "launcher"},
        **dict.fromkeys(counts, 1),
    )  # type: ignore[arg-type]
    launcher_name = f"{name}-launcher-{suffix(name, 'launcher')}"
    lc = Container(
        "launcher",
        image,
        command=launcher_cmd,
        resources=launcher_ctr.resources,
        state=plan.launcher_state,
        ready="running" in plan.launcher_state,
    )
    job_uid = launcher_job["metadata"]["uid"]
    launcher_pod = pod(
        name=launcher_name,
        namespace=ns,
        owner=owner_ref(launcher_job),
        containers=[lc],
        created=at(30),
        phase=pod_phase(plan.launcher_state, 0),
        node=launcher_node,
        scheduled=at(31),
        restart_policy="Never",
        qos="Guaranteed",
        labels={
            **kf,
            "training.kubeflow.org/job-role": "launcher",
            "training.kubeflow.org/replica-type": "launcher",
            "batch.kubernetes.io/controller-uid": job_uid,
            "batch.kubernetes.io/job-name": f"{name}-launcher",
            "controller-uid": job_uid,
            "job-name": f"{name}-launcher",
        },
    )
    objects: list[Obj] = [job, launcher_job, launcher_pod]
    logs: dict[str, str] = {}
    if plan.launcher_log is not None:
        logs[f"{launcher_name}/launcher"] = plan.launcher_log
    for i in range(workers):
        wc = Container(
            "worker",
            image,
            command=worker_ctr.command,
            resources=worker_resources,
            state=plan.worker_state or running(at(20)),
            ready="running" in (plan.worker_state or {"running": 1}),
        )
        w = kubeflow_pod(
            job,
            "worker",
            i,
            [wc],
            created=at(2),
            phase=pod_phase(wc.state, 0),
            node=worker_node.format(i=i),
            scheduled=at(3),
            operator="mpi-operator",
            extra_labels={"training.kubeflow.org/job-role": "worker"},
            restart_policy="OnFailure",
        )
        objects.append(w)
        if i in plan.worker_logs:
            logs[f"{w['metadata']['name']}/worker"] = plan.worker_logs[i]
    objects.append(
        event(
            launcher_job,
            "SuccessfulCreate",
            f"Created pod: {launcher_name}",
            at(30),
            type_="Normal",
            component="job-controller",
        )
    )
    if end is not None and term["exitCode"] != 0:
        objects.append(
            event(
                job,
                "MPIJobFailed",
                f"MPIJob {ns}/{name} has failed",
                end + timedelta(seconds=2),
                component="mpi-job-controller",
            )
        )
    return objects, logs, launcher_name


# -- node conditions, queues and the objects they keep -----------------------------------------


def node_condition(
    type_: str, status: bool | str, since: datetime, heartbeat: datetime, reason: str, message: str
) -> Obj:
    """A Node condition as the kubelet (or node-problem-detector) writes it."""
    return {
        "type": type_,
        "status": status if isinstance(status, str) else ("True" if status else "False"),
        "lastHeartbeatTime": ts(heartbeat),
        "lastTransitionTime": ts(since),
        "reason": reason,
        "message": message,
    }


def healthy_node_conditions(since: datetime, heartbeat: datetime) -> list[Obj]:
    """The kubelet's four conditions on a node with no trouble."""
    return [
        node_condition(
            "MemoryPressure",
            False,
            since,
            heartbeat,
            "KubeletHasSufficientMemory",
            "kubelet has sufficient memory available",
        ),
        node_condition(
            "DiskPressure", False, since, heartbeat, "KubeletHasNoDiskPressure", "kubelet has no disk pressure"
        ),
        node_condition(
            "PIDPressure", False, since, heartbeat, "KubeletHasSufficientPID", "kubelet has sufficient PID available"
        ),
        node_condition("Ready", True, since, heartbeat, "KubeletReady", "kubelet is posting ready status"),
    ]


def metav1_condition(type_: str, t: datetime, reason: str, message: str, status: bool = True) -> Obj:
    """A metav1.Condition, as Kueue and JobSet write them."""
    return {
        "type": type_,
        "status": "True" if status else "False",
        "reason": reason,
        "message": message,
        "lastTransitionTime": ts(t),
        "observedGeneration": 1,
    }


def volcano_job(
    *,
    name: str,
    namespace: str,
    created: datetime,
    queue: str,
    tasks: dict[str, Container],
    replicas: dict[str, int],
    phase: str,
    min_available: int | None = None,
    counts: dict[str, int] | None = None,
) -> Obj:
    """A Volcano Job (batch.volcano.sh/v1alpha1) of ``tasks``; ``phase`` its status.state.phase and
    ``counts`` its pending/running/failed/succeeded pod counts."""
    total = sum(replicas.values())
    spec_tasks = [
        {
            "name": task,
            "replicas": replicas[task],
            "template": {"spec": {"restartPolicy": "OnFailure", "containers": [_template(ctr)]}},
        }
        for task, ctr in tasks.items()
    ]
    status: Obj = {
        "state": {"phase": phase, "lastTransitionTime": ts(created + timedelta(seconds=1))},
        "minAvailable": min_available or total,
        "version": 1,
        "conditions": [{"status": phase, "lastTransitionTime": ts(created + timedelta(seconds=1))}],
    }
    status.update({k: v for k, v in (counts or {}).items() if v})
    return {
        "apiVersion": "batch.volcano.sh/v1alpha1",
        "kind": "Job",
        "metadata": object_meta(namespace, "vcjob", name, created),
        "spec": {
            "schedulerName": "volcano",
            "minAvailable": min_available or total,
            "queue": queue,
            "maxRetry": 3,
            "tasks": spec_tasks,
        },
        "status": status,
    }


def pod_group(
    job: Obj, created: datetime, *, phase: str, queue: str, min_member: int, min_resources: Obj, conditions: list[Obj]
) -> Obj:
    """The PodGroup Volcano keeps for ``job`` (named ``{job}-{uid}`` since Volcano 1.5)."""
    meta = job["metadata"]
    return {
        "apiVersion": "scheduling.volcano.sh/v1beta1",
        "kind": "PodGroup",
        "metadata": object_meta(
            meta["namespace"], "PodGroup", f"{meta['name']}-{meta['uid']}", created, owner=owner_ref(job)
        ),
        "spec": {"minMember": min_member, "minResources": min_resources, "queue": queue, "priorityClassName": ""},
        "status": {"phase": phase, "conditions": conditions},
    }


def podgroup_condition(type_: str, t: datetime, reason: str, message: str, transition: str) -> Obj:
    return {
        "type": type_,
        "status": "True",
        "reason": reason,
        "message": message,
        "transitionID": uid(transition),
        "lastTransitionTime": ts(t),
    }


def volcano_pod(job: Obj, task: str, index: int, containers: Sequence[Container], group: Obj, **kw: Any) -> Obj:
    """A pod the Volcano job controller created for ``task``'s replica ``index``."""
    meta = job["metadata"]
    name, ns = meta["name"], meta["namespace"]
    labels = {
        "volcano.sh/job-name": name,
        "volcano.sh/job-namespace": ns,
        "volcano.sh/queue-name": job["spec"]["queue"],
        "volcano.sh/task-spec": task,
        "volcano.sh/task-index": str(index),
    }
    marks = {
        "scheduling.k8s.io/group-name": group["metadata"]["name"],
        "volcano.sh/job-name": name,
        "volcano.sh/task-spec": task,
        "volcano.sh/template-uid": f"{name}-{task}",
    }
    kw.setdefault("restart_policy", "OnFailure")
    return pod(
        name=f"{name}-{task}-{index}",
        namespace=ns,
        labels=labels,
        owner=owner_ref(job),
        containers=containers,
        scheduler="volcano",
        annotations=marks,
        **kw,
    )


def kueue_workload(
    job: Obj, created: datetime, *, queue: str, pod_sets: list[Obj], conditions: list[Obj], admission: Obj | None = None
) -> Obj:
    """The Workload Kueue creates for ``job`` (labelled with the job's uid)."""
    meta = job["metadata"]
    name = f"{job['kind'].lower()}-{meta['name']}-{suffix(meta['name'], 'workload')}"
    wl: Obj = {
        "apiVersion": "kueue.x-k8s.io/v1beta1",
        "kind": "Workload",
        "metadata": object_meta(
            meta["namespace"],
            "Workload",
            name,
            created,
            owner=owner_ref(job),
            labels={"kueue.x-k8s.io/job-uid": meta["uid"]},
        ),
        "spec": {"active": True, "podSets": pod_sets, "priority": 0, "queueName": queue},
        "status": {"conditions": conditions},
    }
    if admission is not None:
        wl["status"]["admission"] = admission
    return wl
