"""Fresh round 36: real public threads about pods that cannot be scheduled: GPUs, affinity, taints, gangs.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Scenarios, event, pod
from tests.cases.scenarios_fresh11_platform import _pod_case

SCENARIOS = Scenarios()


# -- 1. A pod asking for a virtual GPU (k8s.amazonaws.com/vgpu) on a cluster with two g4dn nodes stays Pending -


@SCENARIOS.add
def unschedulable_pod_aws_vgpu_insufficient_on_all_nodes() -> CaseSpec:
    at = Clock(datetime(2022, 6, 1, 8, 0, tzinfo=timezone.utc))
    name, ns = "gpu-app", "default"
    vgpu = {"limits": {"k8s.amazonaws.com/vgpu": "1"}, "requests": {"k8s.amazonaws.com/vgpu": "1"}}
    c = Container("gpu-app", "registry.example.com/gpu-app:latest", resources=vgpu)
    msg = "0/8 nodes are available: 8 Insufficient k8s.amazonaws.com/vgpu."
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": name},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Pending",
        unschedulable=msg,
        qos="BestEffort",
        restart_policy="Always",
    )
    events = [event(p, "FailedScheduling", msg, at(1), last=at(10 * 60), count=11, component="default-scheduler")]
    return _pod_case(
        "unschedulable-pod-aws-vgpu-insufficient-on-all-nodes",
        p,
        "unschedulable",
        "Insufficient k8s.amazonaws.com/vgpu",
        description="On a Kubernetes cluster of 8 AWS nodes, two of them g4dn.xlarge with one GPU each (one of those GPUs "
        "already in use), a pod that asks for a virtual GPU from the AWS virtual GPU device plugin never starts: "
        "'0/8 nodes are available: 8 Insufficient k8s.amazonaws.com/vgpu.' No node has a free "
        "k8s.amazonaws.com/vgpu for it, so the scheduler cannot place it. Reconstructed: the pod itself (its "
        "name, image and a request of one k8s.amazonaws.com/vgpu - the thread gives only the scheduler's "
        "message), the FailedScheduling event's times and count, and the namespace.",
        objects=[p, *events],
        captured=at(10 * 60 + 30),
        title="A pod asking for k8s.amazonaws.com/vgpu stays Pending: '0/8 nodes are available: 8 Insufficient "
        "k8s.amazonaws.com/vgpu.'",
        source="https://github.com/awslabs/aws-virtual-gpu-device-plugin/issues/26",
    )
