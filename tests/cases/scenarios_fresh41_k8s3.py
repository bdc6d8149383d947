"""Fresh round 41: real public threads about Kubernetes-level failures of ML workloads: scheduling, quotas, images, volumes, evictions, deadlines.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Scenarios, event, object_meta, owner_ref, pod
from tests.cases.scenarios_fresh11_platform import _pod_case

SCENARIOS = Scenarios()


# -- 1. HAMi (k8s-vgpu-scheduler v2.2.12): a ChatGLM serving pod stays Pending after a failed rollback -------


@SCENARIOS.add
def unschedulable_pod_vgpu_scheduler_chatglm_node_unregistered_after_rollback() -> CaseSpec:
    at = Clock(datetime(2023, 6, 18, 3, 12, 5, tzinfo=timezone.utc))
    ns, rs, name = "llm", "chatglm-698d67bff", "chatglm-698d67bff-6f9qh"
    c = Container(
        "chatglm",
        "registry.example.com/llm/chatglm:latest",
        resources={
            "limits": {
                "cpu": "1",
                "memory": "1Gi",
                "aliyun.com/gpu-mem": "1",
                "nvidia.com/gpumem": "1000",
                "nvidia.com/gpucores": "0",
            },
            "requests": {"cpu": "1", "memory": "1Gi"},
        },
    )
    why = "0/10 nodes are available: 1 node unregisterd, 6 node(s) didn't match Pod's node affinity/selector."
    owner = owner_ref(
        {"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": object_meta(ns, "ReplicaSet", rs, at(0))}
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "chatglm", "pod-template-hash": "698d67bff"},
        owner=owner,
        containers=[c],
        created=at(0),
        phase="Pending",
        unschedulable=why,
        scheduler="4pd-scheduler",
        restart_policy="Always",
    )
    events = [event(p, "FailedScheduling", why, at(0.5), last=at(1500.5), count=26, component="4pd-scheduler")]
    return _pod_case(
        "unschedulable-pod-vgpu-scheduler-chatglm-node-unregistered-after-rollback",
        p,
        "unschedulable",
        "1 node unregisterd",
        description="On a ten-node cluster the GPU-sharing scheduler (4paradigm k8s-vgpu-scheduler, later HAMi) "
        "was upgraded, the new images could not be pulled, the rollback failed, and the old v2.2.12 was installed "
        "again from its README; after that the ChatGLM serving pod (namespace llm, Deployment chatglm) is not "
        "placed. Verbatim from the thread: the scheduler's error 'err=\"0/10 nodes are available: 1 node "
        "unregisterd, 6 node(s) didn't match Pod's node affinity/selector.\"' (kept with its misspelling; that "
        "message is what the scheduler writes into the FailedScheduling event and the PodScheduled condition), the "
        "pod's name llm/chatglm-698d67bff-6f9qh (its PostFilter status: '1 No victims found on node ... for "
        "preemptor pod chatglm-698d67bff-6f9qh' on every node), and the resource block of the pod yaml the "
        "reporter pasted (cpu 1, memory 1Gi, aliyun.com/gpu-mem 1, nvidia.com/gpumem 1000, nvidia.com/gpucores 0). "
        "Reconstructed: the stored copy prints the err line for a pod whose name is cut off ('...db8f8dd-86gkm') "
        "and the PostFilter lines for the ChatGLM pod, both from the same scheduler on the same ten nodes; the err "
        "line is put on the ChatGLM pod's event. Also reconstructed: the container's name and image, the "
        "schedulerName 4pd-scheduler (the name that version's webhook sets), the event's count and times, and the "
        "capture time. The nodes are left out (the thread names them only).",
        objects=[p, *events],
        captured=at(1510),
        title="vGPU scheduler reinstalled after a failed rollback: a ChatGLM serving pod stays Pending with '0/10 "
        "nodes are available: 1 node unregisterd, 6 node(s) didn't match Pod's node affinity/selector.'",
        source="https://github.com/Project-HAMi/HAMi/issues/75",
    )
