"""Collection beyond the workload's own objects: the nodes its failed pods ran on, the events of
pods that are gone, the workload's owner; what pods ask for; what a scan keeps for a reader."""

from __future__ import annotations

from typing import Any

from agent.diagnosis import gather
from agent.engine.rules import judge
from agent.engine.signatures import builtin_catalogue
from agent.evaluation import load_case
from collectors.collecting import MAX_NODES, Target, choose_logs, failed_nodes, pod_facts
from collectors.evidence import ContainerFacts
from collectors.kinds import resolve_kind
from collectors.snapshot import SnapshotSource
from tests.builders import evidence, log, pod, running, terminated, waiting
from tests.conftest import CASES
from tests.fakeapi.fixtures import FakeCluster

XID = CASES / "gpu-hardware-error-node-xid-silent-rank"
GONE = CASES / "image-pull-error-job-pod-deleted-at-deadline"
ARGO = CASES / "killed-externally-pod-argo-workflow-stopped"
KFP_TERMINATED = CASES / "killed-externally-pod-kfp-run-terminated-step-exceeded-deadline"
HEALTHY = CASES / "healthy-pytorchjob-ranks-quiet-after-startup"
GONE_HEAD = CASES / "preempted-rayjob-head-pod-preempted-job-stuck-running"
SPARK = CASES / "oom-killed-pod-spark-k8s-executor-lost-for-unknown-reasons"
VOLCANO_JOB = CASES / "quota-exceeded-job-volcano-capacity-queue-overbooked-by-npu-jobs"


def _target(folder: Any) -> Target:
    case = load_case(folder)
    return Target(case.kind, case.name, case.namespace)


def test_the_nodes_of_failed_pods_and_their_events_from_a_snapshot_and_live(fake_api: FakeCluster) -> None:
    target = _target(XID)
    offline = gather(target, SnapshotSource(XID / "snapshot"))
    fake_api.serve_snapshot(XID / "snapshot", namespace=target.namespace)
    live = gather(target, fake_api.source(), now=offline.now)
    for ev in (offline, live):
        assert {n.name for n in ev.nodes} <= {p.node for p in ev.pods} and len(ev.nodes) <= MAX_NODES
        assert any(e.object_kind == "Node" and "fallen off the bus" in e.message for e in ev.events)
    # One list of events for the nodes, in the namespace node events are kept in.
    node_lists = [r for r in fake_api.server.requests if r.resource == "events" and r.namespace == "default"]
    assert len(node_lists) == 1
    assert fake_api.server.count(verb="get", resource="nodes") == min(MAX_NODES, len(failed_nodes(live.pods)))


def test_nodes_that_may_not_be_read_are_a_note_not_a_failure(fake_api: FakeCluster) -> None:
    target = _target(XID)
    fake_api.serve_snapshot(XID / "snapshot", namespace=target.namespace)
    fake_api.server.forbid("nodes")
    ev = gather(target, fake_api.source(), now=SnapshotSource(XID / "snapshot").captured_at)
    assert ev.nodes == [] and any(n.startswith("nodes: forbidden") for n in ev.notes)
    # The node's events were still read: the verdict stands on them.
    assert judge(ev, builtin_catalogue()).category == "gpu-hardware-error"


def test_a_healthy_job_costs_no_node_request(fake_api: FakeCluster) -> None:
    target = _target(HEALTHY)
    fake_api.serve_snapshot(HEALTHY / "snapshot", namespace=target.namespace)
    ev = gather(target, fake_api.source(), now=SnapshotSource(HEALTHY / "snapshot").captured_at)
    assert ev.nodes == [] and fake_api.server.count(resource="nodes") == 0
    assert all(r.namespace != "default" for r in fake_api.server.requests if r.resource == "events")


def test_events_of_pods_the_controller_created_and_deleted(fake_api: FakeCluster) -> None:
    target = _target(GONE)
    fake_api.serve_snapshot(GONE / "snapshot", namespace=target.namespace)
    ev = gather(target, fake_api.source(), now=SnapshotSource(GONE / "snapshot").captured_at)
    assert ev.pods == [] and any(e.object_kind == "Pod" and e.reason == "Failed" for e in ev.events)
    assert fake_api.server.count(verb="list", resource="events") == 2  # the workload's, then the gone pod's


def test_events_of_a_gone_pod_named_like_its_replacement_and_named_by_no_event(fake_api: FakeCluster) -> None:
    # The preempted Ray head is gone; the only CreatedHeadPod event left names its replacement.
    target = _target(GONE_HEAD)
    fake_api.serve_snapshot(GONE_HEAD / "snapshot", namespace=target.namespace)
    ev = gather(target, fake_api.source(), now=SnapshotSource(GONE_HEAD / "snapshot").captured_at)
    current = {p.name for p in ev.pods}
    gone = [e for e in ev.events if e.object_kind == "Pod" and e.object_name not in current]
    assert [e.reason for e in gone if e.reason == "Preempted"] == ["Preempted"]
    # Read from the one list of the namespace's events (the other list is the nodes').
    assert [r.namespace for r in fake_api.server.requests if r.resource == "events"] == [target.namespace, "default"]


def test_events_of_the_workloads_owner(fake_api: FakeCluster) -> None:
    target = _target(ARGO)
    fake_api.serve_snapshot(ARGO / "snapshot", namespace=target.namespace)
    ev = gather(target, fake_api.source(), now=SnapshotSource(ARGO / "snapshot").captured_at)
    assert any(e.object_kind == "Workflow" and "Stopped with strategy" in e.message for e in ev.events)


def test_events_of_the_podgroup_its_pods_name(fake_api: FakeCluster) -> None:
    # A batch Job whose pod Volcano schedules: the PodGroup Volcano made for it is named only in
    # the pod's scheduling.k8s.io/group-name annotation, and its events say why the pod waits.
    target = _target(VOLCANO_JOB)
    fake_api.serve_snapshot(VOLCANO_JOB / "snapshot", namespace=target.namespace)
    ev = gather(target, fake_api.source(), now=SnapshotSource(VOLCANO_JOB / "snapshot").captured_at)
    assert any(e.object_kind == "PodGroup" and "queue resource quota insufficient" in e.message for e in ev.events)
    # Read from the one list of the namespace's events: no request for the PodGroup itself.
    assert fake_api.server.count(verb="list", resource="events") == 1
    assert fake_api.server.count(resource="podgroups") == 0


def test_the_spec_of_a_workflow_that_owns_the_pod(fake_api: FakeCluster) -> None:
    # Kubeflow Pipelines' Terminate set the workflow's activeDeadlineSeconds to 0: Argo's
    # events then say "Step exceeded its deadline", only the spec says someone stopped it.
    target = _target(KFP_TERMINATED)
    now = SnapshotSource(KFP_TERMINATED / "snapshot").captured_at
    fake_api.serve_snapshot(KFP_TERMINATED / "snapshot", namespace=target.namespace)
    ev = gather(target, fake_api.source(), now=now)
    [owner] = [r for r in ev.related if r.kind == "Workflow"]
    assert "spec.activeDeadlineSeconds 0" in owner.summary
    assert fake_api.server.count(verb="get", resource="workflows") == 1
    assert judge(ev, builtin_catalogue()).category == "killed-externally"

    # Forbidden: a note, and the verdict falls back on what the events say.
    fake_api.server.forbid("workflows")
    ev = gather(target, fake_api.source(), now=now)
    assert not [r for r in ev.related if r.kind == "Workflow"]
    assert any(n.startswith("Workflow taxi-train-x5q66: forbidden") for n in ev.notes)
    assert judge(ev, builtin_catalogue()).category == "deadline-exceeded"


def test_only_an_owner_that_may_stop_the_workload_is_read(fake_api: FakeCluster) -> None:
    target = _target(ARGO)
    fake_api.serve_snapshot(ARGO / "snapshot", namespace=target.namespace)
    ev = gather(target, fake_api.source(), now=SnapshotSource(ARGO / "snapshot").captured_at)
    assert [r.summary for r in ev.related if r.kind == "Workflow"] == [
        "spec.shutdown Stop; phase Failed: Stopped with strategy 'Stop'"
    ]
    # A PyTorchJob's pods are owned by the job itself: nothing more is asked.
    before = len(fake_api.server.requests)
    fake_api.serve_snapshot(HEALTHY / "snapshot", namespace=_target(HEALTHY).namespace)
    gather(_target(HEALTHY), fake_api.source(), now=SnapshotSource(HEALTHY / "snapshot").captured_at)
    assert not [r for r in fake_api.server.requests[before:] if r.resource == "workflows"]


def test_a_driver_pod_reads_the_executor_pods_it_owns_and_no_others(fake_api: FakeCluster) -> None:
    """Spark's executors carry the driver's app label and name it as their controller. A pod
    with the same labels that names another controller, or none, is not the driver's."""
    target = _target(SPARK)
    snapshot = SnapshotSource(SPARK / "snapshot")
    [executor] = [
        p for p in snapshot.list_objects("v1", "Pod", target.namespace) if p["metadata"]["name"] != target.name
    ]
    name = executor["metadata"]["name"]
    store = fake_api.serve_snapshot(SPARK / "snapshot", namespace=target.namespace)
    other_owner = [{**executor["metadata"]["ownerReferences"][0], "uid": "another-driver"}]
    for stray, refs in (("stranger-exec-1", other_owner), ("stray-exec-1", [])):
        metadata = {**executor["metadata"], "name": stray, "uid": stray, "ownerReferences": refs}
        store.add({**executor, "metadata": metadata}, namespace=target.namespace)
    ev = gather(target, fake_api.source(), now=snapshot.captured_at)
    assert [(p.name, p.role) for p in ev.pods] == [(target.name, None), (name, "executor")]
    verdict = judge(ev, builtin_catalogue())
    assert (verdict.category, verdict.culprit and verdict.culprit.pod) == ("oom-killed", name)
    # A pod without Spark's labels asks for nothing more than itself.
    fake_api.serve_snapshot(ARGO / "snapshot", namespace=_target(ARGO).namespace)
    before = fake_api.server.count(verb="list", resource="pods")
    gather(_target(ARGO), fake_api.source(), now=SnapshotSource(ARGO / "snapshot").captured_at)
    assert fake_api.server.count(verb="list", resource="pods") == before


def test_accelerators_a_pod_asks_for() -> None:
    def asking(resources: dict[str, Any]) -> int:
        obj = {
            "metadata": {"name": "p"},
            "spec": {"containers": [{"name": "c", "resources": resources}]},
            "status": {"phase": "Running"},
        }
        return pod_facts(obj, resolve_kind("pod")).accelerators

    assert asking({"limits": {"nvidia.com/gpu": "8", "cpu": "64"}}) == 8
    assert asking({"requests": {"huawei.com/Ascend910": "4"}}) == 4
    assert asking({"limits": {"nvidia.com/mig-1g.10gb": "1"}}) == 1
    assert asking({"limits": {"google.com/tpu": "4", "memory": "64Gi"}}) == 4
    assert asking({"limits": {"cpu": "8", "memory": "32Gi", "ephemeral-storage": "10Gi"}}) == 0
    assert asking({"limits": "\x1b[31mjunk"}) == 0 and asking("junk") == 0  # type: ignore[arg-type]


def test_a_scan_keeps_unexplained_error_lines_as_hints_that_decide_nothing() -> None:
    catalogue = builtin_catalogue()
    digest = log(
        "t-0",
        [
            "step 1 loss 2.0",
            "FATAL: shard index 17 of the dataset is corrupt, giving up",
            "step 2 loss 1.9",
            "UserWarning: an error you may ignore",
        ],
    )
    found = {m.signature: m.text for m in digest.matches}
    assert catalogue.kind_of("hint-error-word") == "hint" and "hint-error-word" in found
    assert "corrupt" in found["hint-error-word"] and "ignore" not in " ".join(found.values())
    verdict = judge(evidence([pod("t-0", terminated(1, -5))], kind="Job", logs=[digest]), catalogue)
    assert verdict.category == "unknown"  # a hint is for a reader, never a cause


def test_failed_nodes_earliest_failure_first_then_the_others() -> None:
    early = pod("a", terminated(1, -50)).model_copy(update={"node": "n-early"})
    late = pod("b", terminated(1, -5)).model_copy(update={"node": "n-late"})
    running_pod = pod("c").model_copy(update={"node": "n-fine"})
    # A rank whose GPU fell off the bus may hang, running, while its peers fail.
    assert failed_nodes([late, running_pod, early]) == ["n-early", "n-late", "n-fine"]
    assert failed_nodes([running_pod]) == []  # nothing failed: no node is asked about


def test_the_logs_read_a_failure_first_and_a_run_that_exited_0_last_within_the_budget() -> None:
    # A trainer that stopped itself on a NaN loss may exit 0; its log is the only place that says so.
    done = pod("t-master-0", terminated(0, -5), role="master", index=0)
    failed = pod("t-worker-0", terminated(1, -9), role="worker", index=0)
    assert choose_logs([done, failed], max_logs=5) == [("t-worker-0", "main", False), ("t-master-0", "main", False)]
    assert choose_logs([done, failed], max_logs=1) == [("t-worker-0", "main", False)]


def test_every_container_of_a_run_that_exited_0_is_read_after_the_first_of_each_pod() -> None:
    # A Katib trial: the trainer beside the metrics collector printed nothing wrong; the
    # collector says the objective metric was never found. Both exited 0.
    trial = pod("trial-0", terminated(0, -5), role="worker", index=0)
    collector = ContainerFacts(name="metrics-logger-and-collector", current=terminated(0, -4))
    trial = trial.model_copy(update={"containers": [*trial.containers, collector]})
    other = pod("trial-1", terminated(0, -6), role="worker", index=1)
    assert choose_logs([trial, other], max_logs=5) == [
        ("trial-0", "main", False),
        ("trial-1", "main", False),
        ("trial-0", "metrics-logger-and-collector", False),
    ]
    assert choose_logs([trial, other], max_logs=2) == [("trial-0", "main", False), ("trial-1", "main", False)]


def test_the_other_running_app_containers_of_a_running_pod_are_read_last_within_the_budget() -> None:
    # Seldon Core v2's server pod: rclone, the agent that loads models, MLServer - a model that
    # failed to load is in the agent's log, while the pod runs on.
    server = pod("mlserver-0", running(), role="worker", index=0)
    agent = ContainerFacts(name="agent", current=running(started=-30))
    mesh = ContainerFacts(name="istio-proxy", current=running(started=-30))
    server = server.model_copy(update={"containers": [*server.containers, agent, mesh]})
    other = pod("mlserver-1", running(), role="worker", index=1)
    assert choose_logs([server, other], max_logs=5) == [
        ("mlserver-0", "main", False),
        ("mlserver-1", "main", False),
        ("mlserver-0", "agent", False),
    ]
    assert choose_logs([server, other], max_logs=2) == [("mlserver-0", "main", False), ("mlserver-1", "main", False)]


def test_a_pod_still_initialising_has_the_log_of_the_init_container_it_waits_on_read() -> None:
    # KubeRay's wait-gcs-ready, a wait-for-db loop: the app container has not started; what
    # the init container prints says what the pod waits for.
    stuck = pod("ray-worker-0", waiting("PodInitializing"), role="worker", index=0, phase="Pending")
    init = ContainerFacts(name="wait-gcs-ready", init=True, ready=False, current=running(started=-30))
    stuck = stuck.model_copy(update={"containers": [init, *stuck.containers]})
    assert choose_logs([stuck], max_logs=5) == [("ray-worker-0", "wait-gcs-ready", False)]
    # Once the pod runs, a native sidecar (an init container that keeps running) is not its main log.
    up = pod("ray-worker-1", running(), role="worker", index=1)
    up = up.model_copy(update={"containers": [init.model_copy(update={"name": "log-shipper"}), *up.containers]})
    assert choose_logs([up], max_logs=5) == [("ray-worker-1", "main", False)]
