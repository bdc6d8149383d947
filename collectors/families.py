"""How each family of workload reports its state, and what its related objects say.

Pure functions from objects as the API serves them to facts. A family is a way of
reporting status: Kubeflow's replicaStatuses and conditions, a batch Job's counts, a
JobSet's replicated jobs, a TrainJob through its JobSet, a RayJob's deployment status, a
Volcano Job's phase. Related objects (child Jobs, a PodGroup, a Kueue Workload) become
``RelatedFacts`` holding only the conditions that describe trouble now.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from collectors.evidence import NEVER, Condition, PodFacts, RelatedFacts, ReplicaFacts, WorkloadFacts
from collectors.kinds import Kind
from collectors.source import K8sObject
from collectors.timestamps import parse_time

# Conditions that say things are fine: a child or queue object reporting them says nothing
# about a failure, and a thousand of them would drown the one that does.
NORMAL_CONDITIONS = frozenset(
    {
        "Created",
        "Running",
        "Succeeded",
        "Complete",
        "Completed",
        "SuccessCriteriaMet",
        "Ready",
        "PodsReady",
        "QuotaReserved",
        "Admitted",
        "Finished",
        "HeadPodReady",
        "RayClusterProvisioned",
        "StartupPolicyCompleted",
        "StartupPolicyInProgress",
        "Scheduled",
    }
)
# Pod phases counted as active in replica counts.
ACTIVE_PHASES = ("Pending", "Running")

State = tuple[str, list[Condition], list[ReplicaFacts]]


def workload_facts(
    obj: K8sObject, kind: Kind, api_version: str, pods: Sequence[PodFacts], children: Sequence[K8sObject] = ()
) -> WorkloadFacts:
    """The workload's own facts: its state in the words the rules use, conditions, replicas."""
    meta = obj.get("metadata") or {}
    status = obj.get("status") or {}
    state, conds, replicas = _READERS[kind.family](obj, kind, pods, children)
    return WorkloadFacts(
        kind=kind.kind,
        api_version=api_version,
        name=str(meta.get("name")),
        namespace=str(meta.get("namespace") or ""),
        uid=meta.get("uid"),
        family=kind.family,
        status=state,
        conditions=conds,
        replicas=replicas,
        created_at=parse_time(meta.get("creationTimestamp")),
        started_at=parse_time(status.get("startTime")),
        completed_at=parse_time(status.get("completionTime") or status.get("endTime")),
        primary_roles=kind.primary_roles,
        operator=kind.operators.get(api_version),
    )


def _kubeflow(obj: K8sObject, kind: Kind, pods: Sequence[PodFacts], children: Sequence[K8sObject]) -> State:
    spec, status = obj.get("spec") or {}, obj.get("status") or {}
    conds = conditions(status.get("conditions"))
    true = _true(conds)
    counts = status.get("replicaStatuses") or {}
    replicas = []
    for role, rspec in (spec.get(kind.replica_specs or "") or {}).items():
        c = counts.get(role) or {}
        replicas.append(
            ReplicaFacts(
                role=role.lower(),
                expected=as_int((rspec or {}).get("replicas"), 1),
                created=sum(1 for p in pods if p.role == role.lower()),
                active=as_int(c.get("active")),
                succeeded=as_int(c.get("succeeded")),
                failed=as_int(c.get("failed")),
            )
        )
    state: str | None = next(
        (s for s in ("Succeeded", "Failed", "Suspended", "Restarting", "Running", "Created") if s in true), None
    )
    if state is None:
        state, conds = _first_tfjob_state(status, conds)
    return state, conds, replicas


def _first_tfjob_state(status: K8sObject, conds: list[Condition]) -> tuple[str, list[Condition]]:
    """The first TFJob operator's TfJob (mlkube.io/v1beta1, tensorflow.org/v1alpha1) wrote no
    conditions but a state (Running, Succeeded, Failed), a phase (Creating ... Failed, Done)
    and a reason: read as the state and, when it failed, a Failed condition with the reason."""
    state = "Failed" if status.get("phase") == "Failed" else str(status.get("state") or "")
    reason = status.get("reason")
    if state == "Failed" and not conds and isinstance(reason, str) and reason.strip():
        conds = [Condition(type="Failed", status="True", message=reason)]
    return (state if state in ("Running", "Succeeded", "Failed") else "Pending"), conds


def _job(obj: K8sObject, kind: Kind, pods: Sequence[PodFacts], children: Sequence[K8sObject]) -> State:
    spec, status = obj.get("spec") or {}, obj.get("status") or {}
    conds = conditions(status.get("conditions"))
    true = _true(conds)
    replicas = [
        ReplicaFacts(
            role="pod",
            expected=as_int(spec.get("completions"), 1),
            created=len(pods),
            active=as_int(status.get("active")),
            succeeded=as_int(status.get("succeeded")),
            failed=as_int(status.get("failed")),
        )
    ]
    if "Complete" in true or "SuccessCriteriaMet" in true:
        state = "Succeeded"
    elif "Failed" in true or "FailureTarget" in true:
        state = "Failed"
    elif "Suspended" in true or spec.get("suspend"):
        state = "Suspended"
    elif as_int(status.get("active")) or as_int(status.get("ready")):
        state = "Running"
    else:
        state = "Pending"
    return state, conds, replicas


def _pod(obj: K8sObject, kind: Kind, pods: Sequence[PodFacts], children: Sequence[K8sObject]) -> State:
    return str((obj.get("status") or {}).get("phase") or "Unknown"), [], []


def _jobset(obj: K8sObject, kind: Kind, pods: Sequence[PodFacts], children: Sequence[K8sObject]) -> State:
    spec, status = obj.get("spec") or {}, obj.get("status") or {}
    conds = conditions(status.get("conditions"))
    return _jobset_state(conds, spec, status, pods), conds, _jobset_replicas(spec, pods)


def _trainjob(obj: K8sObject, kind: Kind, pods: Sequence[PodFacts], children: Sequence[K8sObject]) -> State:
    """A TrainJob reads like its JobSet, with its own Complete / Failed / Suspended."""
    spec, status = obj.get("spec") or {}, obj.get("status") or {}
    conds = conditions(status.get("conditions"))
    jobset = next((c for c in children if c.get("kind") == "JobSet"), {})
    js_spec, js_status = jobset.get("spec") or {}, jobset.get("status") or {}
    if "Complete" in _true(conds):
        state = "Succeeded"
    else:
        merged = {**js_spec, "suspend": spec.get("suspend") or js_spec.get("suspend")}
        state = _jobset_state(conds, merged, js_status, pods)
    replicas = _jobset_replicas(js_spec, pods) if js_spec else _replicas_of_pods(pods)
    return state, conds, replicas


def _jobset_state(
    conds: list[Condition], spec: dict[str, Any], status: dict[str, Any], pods: Sequence[PodFacts]
) -> str:
    true = _true(conds)
    if "Completed" in true or "Complete" in true:
        return "Succeeded"
    if "Failed" in true:
        return "Failed"
    if "Suspended" in true or spec.get("suspend"):
        return "Suspended"
    if any(p.phase == "Running" for p in pods):
        return "Running"
    # A restart recreates every Job: until the new pods run, the set is restarting.
    return "Restarting" if as_int(status.get("restarts")) else "Pending"


def _jobset_replicas(spec: dict[str, Any], pods: Sequence[PodFacts]) -> list[ReplicaFacts]:
    replicas = []
    for rjob in spec.get("replicatedJobs") or []:
        role = str(rjob.get("name", "")).lower()
        job_spec = ((rjob.get("template") or {}).get("spec")) or {}
        per_job = as_int(job_spec.get("parallelism"), 1)
        replicas.append(_counted(role, as_int(rjob.get("replicas"), 1) * per_job, pods))
    return replicas


def _ray(obj: K8sObject, kind: Kind, pods: Sequence[PodFacts], children: Sequence[K8sObject]) -> State:
    """A RayJob has no conditions of its own: its deployment status, job status and
    reason are read as a state and, when it failed, as a Failed condition."""
    spec, status = obj.get("spec") or {}, obj.get("status") or {}
    deployment = str(status.get("jobDeploymentStatus") or "")
    job = str(status.get("jobStatus") or "")
    if deployment == "Complete":
        state = "Succeeded" if job in ("SUCCEEDED", "") else "Failed"
    elif deployment in ("Failed", "ValidationFailed"):
        state = "Failed"
    elif deployment in ("Suspended", "Suspending") or spec.get("suspend"):
        state = "Suspended"
    elif deployment == "Retrying":
        state = "Restarting"
    elif deployment == "Running":
        state = "Running"
    else:  # "", New, Initializing, Waiting
        state = "Pending"
    conds = conditions(status.get("conditions"))
    if state == "Failed" and (status.get("reason") or status.get("message")):
        conds.append(
            Condition(
                type="Failed",
                status="True",
                reason=status.get("reason") or None,
                message=status.get("message") or None,
                time=parse_time(status.get("endTime") or status.get("startTime")),
            )
        )
    replicas = _ray_replicas(spec.get("rayClusterSpec") or {}, pods)
    if spec.get("submissionMode", "K8sJobMode") == "K8sJobMode":
        replicas.append(_counted("submitter", 1, pods))
    return state, conds, replicas


# A Ray Serve application or deployment in these states does not serve: its deployments
# failed to start (a constructor raised) or stopped passing their health checks.
_SERVE_FAILED = ("DEPLOY_FAILED", "UNHEALTHY")


def _rayservice(obj: K8sObject, kind: Kind, pods: Sequence[PodFacts], children: Sequence[K8sObject]) -> State:
    """A RayService serves its applications from a RayCluster: it is Failed while an
    application of its cluster (the pending one first) failed to deploy or is unhealthy, the
    failing deployments' messages (their constructors' tracebacks) as its Failed conditions;
    Running once KubeRay says it serves; Pending before."""
    spec, status = obj.get("spec") or {}, obj.get("status") or {}
    conds = conditions(status.get("conditions"))
    for side in ("pendingServiceStatus", "activeServiceStatus"):
        apps = (status.get(side) or {}).get("applicationStatuses") or {}
        for app_name, app in sorted(apps.items()) if isinstance(apps, dict) else ():
            app = app if isinstance(app, dict) else {}
            deployments = app.get("serveDeploymentStatuses") or {}
            failed = [
                (name, d)
                for name, d in (sorted(deployments.items()) if isinstance(deployments, dict) else ())
                if isinstance(d, dict) and d.get("status") in _SERVE_FAILED
            ]
            if app.get("status") not in _SERVE_FAILED and not failed:
                continue
            for name, d in failed or [("", app)]:
                conds.append(
                    Condition(
                        type="Failed",
                        status="True",
                        reason=" ".join(x for x in (f"{app_name}{'/' + name if name else ''}", d.get("status")) if x),
                        message=d.get("message") or app.get("message") or None,
                        time=parse_time(d.get("healthLastUpdateTime") or app.get("healthLastUpdateTime")),
                    )
                )
        if any(c.type == "Failed" for c in conds):
            break
    ready = any(c.type == "Ready" and c.status == "True" for c in conds)
    if any(c.type == "Failed" for c in conds):
        state = "Failed"
    elif ready or status.get("serviceStatus") == "Running":
        state = "Running"
    else:
        state = "Pending"
    return state, conds, _ray_replicas(spec.get("rayClusterConfig") or {}, pods)


def _raycluster_state(obj: K8sObject, kind: Kind, pods: Sequence[PodFacts], children: Sequence[K8sObject]) -> State:
    """A RayCluster diagnosed on its own: Failed when KubeRay's state says so (the reason it
    could not create its pods as a Failed condition), Running once ready, Pending before."""
    spec, status = obj.get("spec") or {}, obj.get("status") or {}
    conds = conditions(status.get("conditions"))
    failed = _raycluster_failed(status)
    state_word = str(status.get("state") or "").lower()
    if failed is not None:
        conds.append(failed)
    if state_word == "failed":
        state = "Failed"
    elif state_word == "suspended" or spec.get("suspend"):
        state = "Suspended"
    elif state_word == "ready":
        state = "Running"
    else:
        state = "Pending"
    return state, conds, _ray_replicas(spec, pods)


def _ray_replicas(cluster: dict[str, Any], pods: Sequence[PodFacts]) -> list[ReplicaFacts]:
    """A RayCluster spec's head and workers (every group's replicas, else its minimum)."""
    workers = sum(
        as_int(g.get("replicas"), as_int(g.get("minReplicas"), 0)) for g in cluster.get("workerGroupSpecs") or []
    )
    return [_counted("head", 1, pods), _counted("worker", workers, pods)]


def _volcano(obj: K8sObject, kind: Kind, pods: Sequence[PodFacts], children: Sequence[K8sObject]) -> State:
    """A Volcano Job reports a phase with a reason, not Kubernetes-style conditions (its
    status.conditions are a phase history without types)."""
    spec, status = obj.get("spec") or {}, obj.get("status") or {}
    phase_state = status.get("state") or {}
    phase = str(phase_state.get("phase") or "Pending")
    state = {
        "Completed": "Succeeded",
        "Running": "Running",
        "Completing": "Running",
        "Restarting": "Restarting",
        "Failed": "Failed",
        "Terminating": "Failed",
        "Terminated": "Failed",
        "Aborting": "Suspended",
        "Aborted": "Suspended",
    }.get(phase, "Pending")
    conds: list[Condition] = []
    if state == "Failed" and (phase_state.get("reason") or phase_state.get("message")):
        conds.append(
            Condition(
                type=phase,
                status="True",
                reason=phase_state.get("reason") or None,
                message=phase_state.get("message") or None,
                time=parse_time(phase_state.get("lastTransitionTime")),
            )
        )
    replicas = [
        _counted(str(t.get("name", "")).lower(), as_int(t.get("replicas"), 1), pods) for t in spec.get("tasks") or []
    ]
    return state, conds, replicas


_READERS: dict[str, Callable[[K8sObject, Kind, Sequence[PodFacts], Sequence[K8sObject]], State]] = {
    "kubeflow": _kubeflow,
    "job": _job,
    "pod": _pod,
    "jobset": _jobset,
    "trainjob": _trainjob,
    "ray": _ray,
    "rayservice": _rayservice,
    "raycluster": _raycluster_state,
    "volcano": _volcano,
}


def _counted(role: str, expected: int, pods: Sequence[PodFacts]) -> ReplicaFacts:
    """Replica counts from the pods themselves, for kinds whose status counts Jobs, not pods."""
    mine = [p for p in pods if p.role == role]
    return ReplicaFacts(
        role=role,
        expected=expected,
        created=len(mine),
        active=sum(1 for p in mine if p.phase in ACTIVE_PHASES),
        succeeded=sum(1 for p in mine if p.phase == "Succeeded"),
        failed=sum(1 for p in mine if p.phase == "Failed"),
    )


def _replicas_of_pods(pods: Sequence[PodFacts]) -> list[ReplicaFacts]:
    roles = sorted({p.role for p in pods if p.role})
    return [_counted(role, sum(1 for p in pods if p.role == role), pods) for role in roles]


# -- related objects ------------------------------------------------------------------------


def related_facts(obj: K8sObject) -> RelatedFacts:
    """What a child or queue object says about the workload's trouble now."""
    reader = _RELATED.get(str(obj.get("kind")), _abnormal_conditions)
    return reader(obj)


def _abnormal_conditions(obj: K8sObject) -> RelatedFacts:
    conds = [
        c
        for c in conditions((obj.get("status") or {}).get("conditions"))
        if c.status == "True" and c.type not in NORMAL_CONDITIONS
    ]
    return RelatedFacts(kind=str(obj.get("kind")), name=_name(obj), conditions=conds)


def _podgroup(obj: K8sObject) -> RelatedFacts:
    """A Volcano PodGroup keeps its Unschedulable condition after it is placed: it only
    explains the present while the group is still waiting."""
    spec, status = obj.get("spec") or {}, obj.get("status") or {}
    phase = str(status.get("phase") or "Pending")
    waiting = phase in ("Pending", "Inqueue", "Unknown")
    conds = [
        c
        for c in conditions(status.get("conditions"))
        if waiting and c.status == "True" and c.type not in NORMAL_CONDITIONS
    ]
    summary = f"phase {phase}, minMember {spec.get('minMember', '?')}" + (
        f", queue {spec['queue']}" if spec.get("queue") else ""
    )
    return RelatedFacts(kind="PodGroup", name=_name(obj), summary=summary, conditions=conds)


def _kueue_workload(obj: K8sObject) -> RelatedFacts:
    """A Kueue Workload: while it is not admitted, why (QuotaReserved=False, and Evicted or
    Preempted when it was running and lost its quota); once admitted, nothing to blame."""
    spec, status = obj.get("spec") or {}, obj.get("status") or {}
    conds = conditions(status.get("conditions"))
    true = _true(conds)
    queue = spec.get("queueName")
    cluster_queue = (status.get("admission") or {}).get("clusterQueue")
    if "Admitted" in true or "QuotaReserved" in true or "Finished" in true:
        summary = "admitted" + (f" by ClusterQueue {cluster_queue}" if cluster_queue else "")
        return RelatedFacts(kind="Workload", name=_name(obj), summary=summary)
    keep = [
        c
        for c in conds
        if (c.type == "QuotaReserved" and c.status == "False")
        or (c.type in ("Evicted", "Preempted") and c.status == "True")
    ]
    # Quota reserved but an admission check (a ProvisioningRequest for nodes, MultiKueue) not
    # Ready: the check's own message says why ("Max nodepool size reached"), the conditions
    # only that checks failed. Kept as a condition of type AdmissionCheck, its state the status.
    keep += [
        Condition(
            type="AdmissionCheck",
            status=str(check.get("state")),
            reason=str(check.get("state")),
            message=f"{check.get('name') or '?'}: {check['message']}",
            time=parse_time(check.get("lastTransitionTime")),
        )
        for check in status.get("admissionChecks") or []
        if isinstance(check, dict)
        and check.get("state") != "Ready"
        and isinstance(check.get("message"), str)
        and check["message"].strip()
    ]
    summary = "not admitted" + (f", waiting in LocalQueue {queue}" if queue else "")
    return RelatedFacts(kind="Workload", name=_name(obj), summary=summary, conditions=keep)


def _raycluster(obj: K8sObject) -> RelatedFacts:
    """A RayCluster: its abnormal conditions and, from KubeRay before conditions (and still
    alongside them), ``status.state: failed`` with the reason it could not create its pods
    (a quota or admission webhook refusing them) - the RayJob on it only says Initializing."""
    facts = _abnormal_conditions(obj)
    failed = _raycluster_failed(obj.get("status") or {})
    if failed is not None:
        facts = RelatedFacts(kind=facts.kind, name=facts.name, conditions=[*facts.conditions, failed])
    return facts


def _raycluster_failed(status: dict[str, Any]) -> Condition | None:
    """KubeRay's ``state: failed`` and its reason, as a Failed condition (None otherwise)."""
    reason = status.get("reason")
    if str(status.get("state") or "").lower() != "failed" or not isinstance(reason, str) or not reason.strip():
        return None
    return Condition(type="Failed", status="True", message=reason, time=parse_time(status.get("lastUpdateTime")))


def _argo_workflow(obj: K8sObject) -> RelatedFacts:
    """An Argo Workflow that owns the pod, only when its spec says someone stopped it: Argo's
    shutdown strategies (``argo stop``/``terminate``), and Kubeflow Pipelines' Terminate
    button, which (before KFP used those) set the workflow's activeDeadlineSeconds to 0 - so
    Argo reported the same "Step exceeded its deadline" as for a real time limit, and only the
    spec tells the two apart."""
    spec, status = obj.get("spec") or {}, obj.get("status") or {}
    said = []
    if spec.get("shutdown"):
        said.append(f"spec.shutdown {spec['shutdown']}")
    if "activeDeadlineSeconds" in spec and as_int(spec["activeDeadlineSeconds"], None) == 0:
        said.append("spec.activeDeadlineSeconds 0")
    if not said:
        return RelatedFacts(kind="Workflow", name=_name(obj))
    phase = status.get("phase")
    message = status.get("message")
    summary = ", ".join(said) + (f"; phase {phase}" if isinstance(phase, str) and phase else "")
    summary += f": {message}" if isinstance(message, str) and message.strip() else ""
    return RelatedFacts(kind="Workflow", name=_name(obj), summary=summary)


# Owners of a workload that may stop it and say so in their spec: read (one get) when they
# control it. Every other owner is known by its events alone.
_OWNERS: dict[str, Callable[[K8sObject], RelatedFacts]] = {"Workflow": _argo_workflow}
_RELATED: dict[str, Callable[[K8sObject], RelatedFacts]] = {
    "PodGroup": _podgroup,
    "Workload": _kueue_workload,
    "RayCluster": _raycluster,
    **_OWNERS,
}


def reads_owner(kind: str) -> bool:
    """Whether the owner of this kind is read, not only its events."""
    return kind in _OWNERS


def first_trouble(facts: RelatedFacts) -> Any:
    """When a related object's trouble began: to keep the earliest few of many."""
    return min((c.time for c in facts.conditions if c.time), default=NEVER)


# -- shared readers -------------------------------------------------------------------------


def conditions(raw: Any) -> list[Condition]:
    out = []
    for c in raw or []:
        if isinstance(c, dict) and c.get("type"):
            out.append(
                Condition(
                    type=str(c["type"]),
                    status=str(c.get("status", "")),
                    reason=c.get("reason") or None,
                    message=(c.get("message") or None),
                    time=parse_time(c.get("lastTransitionTime") or c.get("lastUpdateTime") or c.get("lastProbeTime")),
                )
            )
    return out


def as_int(value: Any, default: Any = 0) -> Any:
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: .inf
        return default


def _true(conds: Sequence[Condition]) -> set[str]:
    return {c.type for c in conds if c.status == "True"}


def _name(obj: K8sObject) -> str:
    return str((obj.get("metadata") or {}).get("name"))
