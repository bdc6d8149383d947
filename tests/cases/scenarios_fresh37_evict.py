"""Fresh round 37: real public threads about evictions and time limits: node pressure, ephemeral storage, activeDeadlineSeconds, job time limits.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Scenarios,
    cpu_only,
    event,
    pod,
    terminated,
    uid,
)
from tests.cases.scenarios_fresh7_pipelines import _workflow
from tests.cases.scenarios_fresh11_platform import _pod_case
from tests.cases.scenarios_fresh12_workflows import _argo_nodes, _node_failed
from tests.cases.scenarios_fresh17_workflows import _argo_step_pod, _argoexec
from tests.cases.scenarios_real_platform import _rejected

SCENARIOS = Scenarios()


# -- Argo Workflows: a running step evicted when its node runs low on ephemeral storage ------------


@SCENARIOS.add
def evicted_pod_argo_step_node_low_ephemeral_storage_wait_request_zero() -> CaseSpec:
    at = Clock(datetime(2022, 4, 27, 14, 5, 12, tzinfo=timezone.utc))
    ns, wf, host = "data-pipelines", "daily-etl-x7q2m", "ip-10-12-40-118.eu-west-1.compute.internal"
    node_id, step = f"{wf}-1873401527", "transform"
    name = f"{wf}-{step}-1873401527"
    message = (
        "The node was low on resource: ephemeral-storage. Container wait was using 60Ki, which exceeds its "
        "request of 0. "
    )
    evicted_at = 1260
    main = Container(
        "main",
        "registry.example.com/data/etl-transform:2022.04",
        command=["/var/run/argo/argoexec", "emissary", "--", "python", "transform.py"],
        resources={
            "requests": {"cpu": "1", "memory": "4Gi", "ephemeral-storage": "20Gi"},
            "limits": {"memory": "4Gi", "ephemeral-storage": "20Gi"},
        },
        mounts=[{"name": "var-run-argo", "mountPath": "/var/run/argo"}],
        state=terminated(137, at(9), at(evicted_at + 2)),
    )
    small = cpu_only("64Mi", "10m")
    wait = _argoexec("wait", "v3.3.3", small, terminated(137, at(8), at(evicted_at + 2)))
    init = _argoexec("init", "v3.3.3", small, terminated(0, at(5), at(6)))
    workflow = _workflow(ns, wf, at, "Failed", f"child '{node_id}' failed", evicted_at + 5)
    workflow["status"]["nodes"] = _argo_nodes(workflow, node_id, step, "Failed", message, at, evicted_at + 3)
    p, events = _argo_step_pod(workflow, name, step, node_id, [wait, main], init, at, host)
    p["status"]["reason"] = "Evicted"
    p["status"]["message"] = message
    events += [
        event(p, "Evicted", message.rstrip(), at(evicted_at), host=host),
        *_node_failed(workflow, step, node_id, message, at, evicted_at + 3, evicted_at + 5),
    ]
    return CaseSpec(
        id="evicted-pod-argo-step-node-low-ephemeral-storage-wait-request-zero",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="evicted",
        culprit=name,
        evidence="The node was low on resource: ephemeral-storage",
        description="Argo Workflows (the then latest release, emissary executor): some workflow step pods fail "
        "with 'The node was low on resource: ephemeral-storage. Container wait was using 60Ki, which exceeds its "
        "request of 0.' (verbatim, the whole report); a later comment adds that this is what a step gets when the "
        "disk of the node it runs on fills to ~90%+. The kubelet evicted the running step under node disk "
        "pressure, and the workflow, with no retry, failed. Reconstructed: the workflow, step, image and "
        "command (the thread gives none), the main container's ephemeral-storage request (consistent with the "
        "message naming only the wait container as over its request), the version (v3.3.3, the latest in April "
        "2022), the containers' exit code 137 when the kubelet killed them, the kubelet's Evicted event and the "
        "workflow controller's events carrying the same message, the node name and the times. No log lines: the "
        "thread shows none.",
        objects=[p, workflow, *sorted(events, key=lambda e: e["firstTimestamp"])],
        captured=at(evicted_at + 120),
        title="Argo workflow step pods fail: 'The node was low on resource: ephemeral-storage. Container wait was "
        "using 60Ki, which exceeds its request of 0.'",
        source="https://github.com/argoproj/argo-workflows/issues/8526",
    )


# -- Volcano: a pod bound to a node without the ephemeral storage it requests, refused by the kubelet --


@SCENARIOS.add
def unschedulable_pod_volcano_bound_node_out_of_ephemeral_storage() -> CaseSpec:
    at = Clock(datetime(2022, 9, 20, 8, 30, tzinfo=timezone.utc))
    name, ns, host = "batch-train-0", "batch", "node-gpu-07"
    admit = (
        "Node didn't have enough resource: ephemeral-storage, requested: 549755813888, used: 1073741824000, "
        "capacity: 1599539908608"
    )
    c = Container(
        "main",
        "registry.example.com/batch/train:1.0",
        resources={
            "requests": {"cpu": "8", "memory": "32Gi", "ephemeral-storage": "512Gi"},
            "limits": {"cpu": "8", "memory": "32Gi", "ephemeral-storage": "512Gi"},
        },
    )
    p = _rejected(
        pod(
            name=name,
            namespace=ns,
            labels={},
            owner=None,
            containers=[c],
            created=at(0),
            phase="Failed",
            node=host,
            scheduled=at(1),
            scheduler="volcano",
            annotations={"scheduling.k8s.io/group-name": f"podgroup-{uid(ns, 'pod', name)}"},
            reason="OutOfephemeral-storage",
            message=admit,
        )
    )
    events = [
        event(
            p, "Scheduled", f"Successfully assigned {ns}/{name} to {host}", at(1), type_="Normal", component="volcano"
        ),
        event(p, "OutOfephemeral-storage", admit, at(2), host=host),
    ]
    return _pod_case(
        "unschedulable-pod-volcano-bound-node-out-of-ephemeral-storage",
        p,
        "unschedulable",
        "Node didn't have enough resource: ephemeral-storage",
        description="Volcano v1.2 on Kubernetes v1.16.10: a pod that requests ephemeral-storage is bound by the "
        "Volcano scheduler to a node that lacks it, and the kubelet refuses it at admission: 'OutOfephemeral-"
        "storage | Node didn't have enough resource: ephemeral-storage, requested: 549755813888, used: "
        "1073741824000, capacity: 1599539908608' (verbatim: the pod's reason and message). The reporter traced it "
        "to Volcano treating ephemeral-storage as a scalar resource, so its scheduler does not account for it. "
        "Reconstructed: the pod's name, namespace, node, image and times, its spec (one container requesting "
        "512Gi, the number in the message; schedulerName volcano and the podgroup annotation Volcano gives a "
        "plain pod), no container status (the kubelet never started it), and the Scheduled and "
        "OutOfephemeral-storage events that go with that status.",
        objects=[p, *events],
        captured=at(120),
        title="Volcano schedules a pod onto a node without the ephemeral storage it requests; the kubelet rejects "
        "it: 'OutOfephemeral-storage | Node didn't have enough resource: ephemeral-storage'",
        source="https://github.com/volcano-sh/volcano/issues/2501",
    )
