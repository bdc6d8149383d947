"""The newer kinds' status, read as the rules read every kind; their related objects keep
only the trouble they show now; kinds.yaml templates and spellings."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import pytest

from agent.diagnosis import gather
from collectors.collecting import MAX_SELECTED_CHILDREN, Target, _child_facts
from collectors.families import related_facts, workload_facts
from collectors.kinds import ChildRef, fill, resolve_kind
from tests.fakeapi.fixtures import FakeCluster
from tests.kinds.generate import HERE as KINDS

T = "2026-06-01T10:00:00Z"


def _cond(type_: str, status: str = "True", reason: str = "R", message: str = "m", at: str = T) -> dict[str, Any]:
    return {"type": type_, "status": status, "reason": reason, "message": message, "lastTransitionTime": at}


def _state(kind: str, status: dict[str, Any], spec: dict[str, Any] | None = None) -> Any:
    k = resolve_kind(kind)
    obj = {
        "apiVersion": k.api_versions[0],
        "kind": k.kind,
        "metadata": {"name": "w", "namespace": "n"},
        "spec": spec or {},
        "status": status,
    }
    return workload_facts(obj, k, k.api_versions[0], [])


@pytest.mark.parametrize(
    ("deployment", "job", "state"),
    [
        ("Complete", "SUCCEEDED", "Succeeded"),
        ("Complete", "FAILED", "Failed"),
        ("Failed", "FAILED", "Failed"),
        ("ValidationFailed", "", "Failed"),
        ("Running", "RUNNING", "Running"),
        ("Initializing", "", "Pending"),
        ("Waiting", "", "Pending"),
        ("Suspended", "", "Suspended"),
        ("Retrying", "", "Restarting"),
        ("", "", "Pending"),
    ],
)
def test_rayjob_states(deployment: str, job: str, state: str) -> None:
    facts = _state(
        "rayjob",
        {"jobDeploymentStatus": deployment, "jobStatus": job, "reason": "AppFailed", "message": "boom", "endTime": T},
    )
    assert facts.status == state
    # A failure is read as a Failed condition carrying the RayJob's reason and message.
    failed = [(c.type, c.reason, c.message) for c in facts.conditions]
    assert failed == ([("Failed", "AppFailed", "boom")] if state == "Failed" else [])


def _serve(status: str, deployment: str = "HEALTHY", message: str = "") -> dict[str, Any]:
    return {
        "rayClusterName": "svc-raycluster-abcde",
        "applicationStatuses": {
            "app": {
                "status": status,
                "serveDeploymentStatuses": {"Model": {"status": deployment, "message": message}},
            }
        },
    }


@pytest.mark.parametrize(
    ("status", "state", "failed"),
    [
        ({"serviceStatus": "Running", "activeServiceStatus": _serve("RUNNING")}, "Running", []),
        ({"conditions": [_cond("Ready", reason="RayServiceReady")]}, "Running", []),
        ({"serviceStatus": "WaitForServeDeploymentReady", "pendingServiceStatus": _serve("DEPLOYING")}, "Pending", []),
        (
            {"pendingServiceStatus": _serve("DEPLOY_FAILED", "UNHEALTHY", "Traceback\nRuntimeError: boom")},
            "Failed",
            [("app/Model UNHEALTHY", "Traceback\nRuntimeError: boom")],
        ),
        (
            {"serviceStatus": "Running", "activeServiceStatus": _serve("UNHEALTHY", "UNHEALTHY", "health check")},
            "Failed",
            [("app/Model UNHEALTHY", "health check")],
        ),
    ],
)
def test_rayservice_states(status: dict[str, Any], state: str, failed: list[tuple[str, str]]) -> None:
    facts = _state("rayservice", status)
    assert facts.status == state
    # A failed application is read as Failed conditions carrying its failing deployments' messages.
    assert [(c.reason, c.message) for c in facts.conditions if c.type == "Failed"] == failed


@pytest.mark.parametrize(
    ("status", "state", "failed"),
    [
        ({"state": "ready", "conditions": [_cond("HeadPodReady", reason="HeadPodRunningAndReady")]}, "Running", []),
        ({}, "Pending", []),
        ({"state": "suspended"}, "Suspended", []),
        ({"state": "failed", "reason": "pods refused", "lastUpdateTime": T}, "Failed", ["pods refused"]),
        # A failed state without a reason is still Failed, with no condition to read a cause from.
        ({"state": "failed"}, "Failed", []),
    ],
)
def test_raycluster_states(status: dict[str, Any], state: str, failed: list[str]) -> None:
    facts = _state("raycluster", status, {"workerGroupSpecs": [{"groupName": "gpu", "replicas": 2}]})
    assert facts.status == state
    # KubeRay's reason for a failed cluster is read as a Failed condition, as for a RayJob's cluster.
    assert [c.message for c in facts.conditions if c.type == "Failed"] == failed
    assert [(r.role, r.expected) for r in facts.replicas] == [("head", 1), ("worker", 2)]


@pytest.mark.parametrize(
    ("phase", "state"),
    [
        ("Pending", "Pending"),
        ("Inqueue", "Pending"),
        ("Running", "Running"),
        ("Restarting", "Restarting"),
        ("Completed", "Succeeded"),
        ("Failed", "Failed"),
        ("Terminated", "Failed"),
        ("Aborted", "Suspended"),
    ],
)
def test_volcano_job_phases(phase: str, state: str) -> None:
    facts = _state(
        "vcjob",
        {"state": {"phase": phase, "reason": "PodFailed", "message": "pod failed"}},
        {"tasks": [{"name": "Master", "replicas": 1}, {"name": "worker", "replicas": 3}]},
    )
    assert facts.status == state
    assert [(r.role, r.expected) for r in facts.replicas] == [("master", 1), ("worker", 3)]


@pytest.mark.parametrize(
    ("conditions", "restarts", "state"),
    [
        ([_cond("Completed")], 0, "Succeeded"),
        ([_cond("Failed", reason="ReachedMaxRestarts")], 2, "Failed"),
        ([_cond("Suspended")], 0, "Suspended"),
        ([], 1, "Restarting"),
        ([], 0, "Pending"),
    ],
)
def test_jobset_states(conditions: list[dict[str, Any]], restarts: int, state: str) -> None:
    spec = {"replicatedJobs": [{"name": "workers", "replicas": 4, "template": {"spec": {"parallelism": 2}}}]}
    facts = _state("jobset", {"conditions": conditions, "restarts": restarts}, spec)
    assert facts.status == state and [(r.role, r.expected) for r in facts.replicas] == [("workers", 8)]


@pytest.mark.parametrize(
    ("status", "state", "failed"),
    [
        ({}, "Pending", []),
        ({"phase": "Creating", "state": "Running"}, "Running", []),
        ({"phase": "Done", "state": "Succeeded"}, "Succeeded", []),
        ({"phase": "Failed", "reason": "invalid job spec: x"}, "Failed", ["invalid job spec: x"]),
        ({"phase": "CleanUp", "state": "Failed", "reason": "boom"}, "Failed", ["boom"]),
        ({"phase": "Creating", "state": "Unknown"}, "Pending", []),
    ],
)
def test_the_first_tfjob_operators_state(status: dict[str, Any], state: str, failed: list[str]) -> None:
    # TfJob of mlkube.io/v1beta1 and tensorflow.org/v1alpha1: no conditions, a state, a phase, a reason.
    k = resolve_kind("TfJob")
    obj = {"apiVersion": "mlkube.io/v1beta1", "kind": "TfJob", "metadata": {"name": "w"}, "status": status}
    facts = workload_facts(obj, k, "mlkube.io/v1beta1", [])
    assert facts.status == state and facts.operator == "tf-operator"
    assert [c.message for c in facts.conditions if c.type == "Failed"] == failed


def _workload(conditions: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "apiVersion": "kueue.x-k8s.io/v1beta1",
        "kind": "Workload",
        "metadata": {"name": "wl"},
        "spec": {"queueName": "team"},
        "status": {"conditions": conditions, "admission": {"clusterQueue": "gpu"}},
    }


def test_a_kueue_workload_blames_only_while_it_is_not_admitted() -> None:
    pending = related_facts(
        _workload(
            [
                _cond("QuotaReserved", "False", "Pending", "insufficient unused quota"),
                _cond("Admitted", "False", "NoReservation"),
            ]
        )
    )
    assert [(c.type, c.reason) for c in pending.conditions] == [("QuotaReserved", "Pending")]
    assert pending.summary == "not admitted, waiting in LocalQueue team"
    # Preempted once, admitted again and running: the eviction is history.
    admitted = related_facts(
        _workload([_cond("QuotaReserved"), _cond("Admitted"), _cond("Evicted", reason="Preempted")])
    )
    assert admitted.conditions == [] and admitted.summary == "admitted by ClusterQueue gpu"


def test_a_podgroup_blames_only_while_the_gang_waits() -> None:
    def group(phase: str) -> dict[str, Any]:
        return {
            "apiVersion": "scheduling.volcano.sh/v1beta1",
            "kind": "PodGroup",
            "metadata": {"name": "pg"},
            "spec": {"minMember": 4, "queue": "q"},
            "status": {
                "phase": phase,
                "conditions": [_cond("Unschedulable", reason="NotEnoughResources"), _cond("Scheduled")],
            },
        }

    assert [c.type for c in related_facts(group("Inqueue")).conditions] == ["Unschedulable"]
    assert related_facts(group("Running")).conditions == []
    assert related_facts(group("Running")).summary == "phase Running, minMember 4, queue q"


_REFUSED = 'pods "c-worker-x" is forbidden: exceeded quota: q'


@pytest.mark.parametrize(
    ("status", "failed"),
    [
        # KubeRay before conditions: the state and the reconcile error that failed it.
        ({"state": "failed", "reason": _REFUSED}, [("Failed", _REFUSED)]),
        # Its ReplicaFailure condition, read as any abnormal condition, with the state beside it.
        (
            {"state": "failed", "reason": "r", "conditions": [_cond("ReplicaFailure")]},
            [("ReplicaFailure", "m"), ("Failed", "r")],
        ),
        ({"state": "ready", "reason": "stale"}, []),
        ({"state": "failed"}, []),
    ],
)
def test_a_failed_raycluster_says_why(status: dict[str, Any], failed: list[tuple[str, str]]) -> None:
    cluster = {"apiVersion": "ray.io/v1", "kind": "RayCluster", "metadata": {"name": "c"}, "status": status}
    assert [(c.type, c.message) for c in related_facts(cluster).conditions] == failed


@pytest.mark.parametrize(
    ("spec", "summary"),
    [
        # Kubeflow Pipelines' Terminate (before Argo's shutdown strategies): a deadline of 0.
        ({"activeDeadlineSeconds": 0}, "spec.activeDeadlineSeconds 0; phase Failed: Step exceeded its deadline"),
        ({"shutdown": "Terminate"}, "spec.shutdown Terminate; phase Failed: Step exceeded its deadline"),
        # A real time limit, or none: the events say it all.
        ({"activeDeadlineSeconds": 3600}, ""),
        ({}, ""),
        ({"activeDeadlineSeconds": ["0"], "shutdown": ""}, ""),
    ],
)
def test_a_workflow_says_only_that_someone_stopped_it(spec: dict[str, Any], summary: str) -> None:
    workflow = {
        "apiVersion": "argoproj.io/v1alpha1",
        "kind": "Workflow",
        "metadata": {"name": "run-1"},
        "spec": spec,
        "status": {"phase": "Failed", "message": "Step exceeded its deadline"},
    }
    assert related_facts(workflow).summary == summary


def test_of_many_failed_child_jobs_the_earliest_few_are_kept() -> None:
    by_selector = ChildRef(api_version="batch/v1", kind="Job", selector="a={name}")
    by_name = ChildRef(api_version="jobset.x-k8s.io/v1alpha2", kind="JobSet", names=["{name}"])

    def job(i: int, failed: bool) -> dict[str, Any]:
        conds = (
            [_cond("Failed", reason="BackoffLimitExceeded", at=f"2026-06-01T10:{59 - i % 60:02d}:00Z")]
            if failed
            else [_cond("Complete")]
        )
        return {"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": f"j{i}"}, "status": {"conditions": conds}}

    children = [
        (by_name, {"apiVersion": "jobset.x-k8s.io/v1alpha2", "kind": "JobSet", "metadata": {"name": "js"}}),
        *[(by_selector, job(i, failed=i % 2 == 0)) for i in range(40)],
    ]
    facts = _child_facts(children)
    assert facts[0].name == "js" and len(facts) == 1 + MAX_SELECTED_CHILDREN
    assert [f.name for f in facts[1:4]] == ["j38", "j36", "j34"]  # the latest index failed first


def test_templates() -> None:
    jobset = {"metadata": {"name": "vit", "uid": "u1", "namespace": "ns"}, "status": {"restarts": 3}}
    assert fill("jobset-name={name},attempt={status.restarts|0}", jobset) == "jobset-name=vit,attempt=3"
    assert fill("attempt={status.missing|0}", jobset) == "attempt=0"
    assert fill("{status.rayClusterName}", jobset) is None  # cannot be filled: skipped
    assert fill("{JobSet:status.restarts|0}", {"metadata": {}}, [{"kind": "JobSet", "status": {"restarts": 2}}]) == "2"
    assert fill("{name}-{uid}", jobset) == "vit-u1"


@pytest.mark.parametrize(
    ("typed", "api_version"),
    [
        ("trainjob", "trainer.kubeflow.org/v1alpha1"),
        ("TrainJobs", "trainer.kubeflow.org/v1alpha1"),
        ("jobset", "jobset.x-k8s.io/v1alpha2"),
        ("rayjob", "ray.io/v1"),
        ("vcjob", "batch.volcano.sh/v1alpha1"),
        ("job.batch.volcano.sh", "batch.volcano.sh/v1alpha1"),
        ("job", "batch/v1"),
        ("jobs.batch", "batch/v1"),
    ],
)
def test_spellings_of_the_new_kinds(typed: str, api_version: str) -> None:
    assert resolve_kind(typed).api_versions[0] == api_version


def test_a_trainjob_is_also_looked_up_as_the_training_operators_v2alpha1() -> None:
    # Before the trainer.kubeflow.org group (early 2025) TrainJob was kubeflow.org/v2alpha1.
    kind = resolve_kind("trainjob")
    assert kind.api_versions == ["trainer.kubeflow.org/v1alpha1", "kubeflow.org/v2alpha1"]
    assert set(kind.operators) == set(kind.api_versions)


def test_pods_of_a_child_that_cannot_be_read_are_still_found(fake_api: FakeCluster) -> None:
    fake_api.serve_snapshot(KINDS / "dependency-error-rayjob-driver-missing-module" / "snapshot", namespace="ray-apps")
    fake_api.server.forbid("rayclusters")
    evidence = gather(
        Target("rayjob", "batch-infer", "ray-apps"),
        fake_api.source(),
        now=datetime(2026, 6, 5, 15, 0, tzinfo=timezone.utc),
    )
    assert sorted({p.role for p in evidence.pods} - {None}) == ["head", "submitter", "worker"]
    assert evidence.notes[0].startswith("RayCluster objects of RayJob batch-infer: forbidden - needs RBAC rule")


def test_a_queue_is_asked_only_about_workloads_it_may_hold(fake_api: FakeCluster) -> None:
    fake_api.serve_snapshot(KINDS / "quota-exceeded-kueue-pytorchjob-pending" / "snapshot", namespace="nlp")
    gather(Target("pytorchjob", "bert-large-ft", "nlp"), fake_api.source())
    assert fake_api.server.count(resource="workloads") == 1
    fake_api.serve_snapshot(
        KINDS.parent.parent / "examples" / "snapshots" / "pytorchjob-gpu-oom-cascade", namespace="team-nlp"
    )
    fake_api.server.reset_requests()
    gather(Target("pytorchjob", "llama-ft", "team-nlp"), fake_api.source())
    assert fake_api.server.count(resource="workloads") == 0
