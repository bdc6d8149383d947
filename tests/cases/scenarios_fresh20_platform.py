"""Fresh round 20: real public threads about the platform under a job: GPU scheduling, drivers, memory limits, quotas, retries, admission.

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
    event,
    healthy_node_conditions,
    node,
    pod,
    suffix,
    terminated,
)
from tests.cases.scenarios_fresh11_platform import _daemonset_pod, _pod_case
from tests.cases.scenarios_fresh15_platform import start_failure_events
from tests.cases.scenarios_real_platform import _crash_loop

SCENARIOS = Scenarios()


# -- the device plugin's quick start: a GPU pod no node can hold -------------------------------


@SCENARIOS.add
def unschedulable_pod_quick_start_gpu_pod_six_nodes_insufficient_gpu() -> CaseSpec:
    at = Clock(datetime(2021, 5, 6, 23, 0, tzinfo=timezone.utc))
    name, ns, host = "gpu-pod", "default", "aks-gpupool-vmss000000"
    containers = [
        Container("cuda-container", "nvcr.io/nvidia/cuda:9.0-devel", resources={"limits": {"nvidia.com/gpu": "2"}}),
        Container(
            "digits-container",
            "nvcr.io/nvidia/digits:20.12-tensorflow-py3",
            resources={"limits": {"nvidia.com/gpu": "2"}},
        ),
    ]
    msg = "0/6 nodes are available: 6 Insufficient nvidia.com/gpu."
    p = pod(
        name=name,
        namespace=ns,
        labels={},
        owner=None,
        containers=containers,
        created=at(0),
        phase="Pending",
        unschedulable=msg,
        qos="BestEffort",
        restart_policy="Always",
    )
    n = node(
        host,
        at(-86400),
        conditions=healthy_node_conditions(at(-86400), at(36000 - 10)),
        capacity={
            "attachable-volumes-azure-disk": "24",
            "cpu": "6",
            "ephemeral-storage": "129900528Ki",
            "hugepages-1Gi": "0",
            "hugepages-2Mi": "0",
            "memory": "57584828Ki",
            "nvidia.com/gpu": "1",
            "pods": "110",
        },
        labels={},
    )
    n["status"]["allocatable"] = {
        "attachable-volumes-azure-disk": "24",
        "cpu": "5840m",
        "ephemeral-storage": "119716326407",
        "hugepages-1Gi": "0",
        "hugepages-2Mi": "0",
        "memory": "51573948Ki",
        "nvidia.com/gpu": "1",
        "pods": "110",
    }
    events = [event(p, "FailedScheduling", msg, at(2), component="default-scheduler")]
    return CaseSpec(
        id="unschedulable-pod-quick-start-gpu-pod-six-nodes-insufficient-gpu",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=name,
        evidence="Insufficient nvidia.com/gpu",
        description="On an Azure cluster with a GPU VM scale set, the device plugin's quick-start pod stays Pending: "
        "the scheduler's FailedScheduling event (10h old, verbatim) says '0/6 nodes are available: 6 Insufficient "
        "nvidia.com/gpu.' The GPU node the reporter described (verbatim capacity and allocatable) advertises one "
        "nvidia.com/gpu. Reconstructed: the pod spec is the quick start's of that time (cuda-container and "
        "digits-container asking for 2 GPUs each; the thread says the quick-start yaml was applied but its copy "
        "is not kept), the node's name and conditions, and the capture time (10h after the event). The thread's "
        "NotTriggerScaleUp event is left out: its message is cut off in the stored copy; the other five nodes "
        "are not described, so they are left out too.",
        objects=[p, n, *events],
        captured=at(36000),
        title="The device plugin's quick-start GPU pod stays Pending for 10h on an Azure GPU scale set: "
        "'0/6 nodes are available: 6 Insufficient nvidia.com/gpu.'",
        source="https://github.com/NVIDIA/k8s-device-plugin/issues/245",
    )


# -- the GPU operator's driver container cannot start: the runtime hook needs a driver ---------


@SCENARIOS.add
def cuda_error_pod_driver_daemonset_runtime_hook_driver_failed_to_process_request() -> CaseSpec:
    at = Clock(datetime(2021, 1, 19, 2, 28, tzinfo=timezone.utc))
    ns, host, restarts = "gpu-operator-resources", "gpu-node-1", 5
    name = f"nvidia-driver-daemonset-{suffix(ns, host, 'driver')}"
    daemon_error = (
        "OCI runtime create failed: container_linux.go:370: starting container process caused: "
        "process_linux.go:459: container init caused: Running hook #0:: error running hook: exit status 1, "
        "stdout: , stderr: nvidia-container-cli.real: initialization error: driver error: failed to process "
        "request: unknown"
    )
    ctr = Container(
        "nvidia-driver-ctr",
        "nvcr.io/nvidia/driver:450.80.02-ubuntu18.04",
        command=["nvidia-driver"],
        args=["init"],
        state=_crash_loop("nvidia-driver-ctr", name, ns),
        last=terminated(128, at(40 * restarts), at(40 * restarts), reason="ContainerCannotRun", message=daemon_error),
        restarts=restarts,
    )
    p = _daemonset_pod(
        name,
        ns,
        "nvidia-driver-daemonset",
        containers=[ctr],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(0),
    )
    return _pod_case(
        "cuda-error-pod-driver-daemonset-runtime-hook-driver-failed-to-process-request",
        p,
        "cuda-error",
        "nvidia-container-cli.real: initialization error: driver error: failed to process request",
        description="The GPU operator (Helm, driver 450.80.02 in its ClusterPolicy) runs its driver container on a "
        "Docker node, and Docker cannot even start it: the NVIDIA runtime's prestart hook runs for the driver "
        "container too and fails with 'nvidia-container-cli.real: initialization error: driver error: failed to "
        "process request', so nvidia-driver-daemonset (and the driver validation pod after it) sit in "
        "CrashLoopBackOff and no GPU is usable on the node. The 'Error: failed to start container' line is the "
        "reporter's verbatim. Reconstructed: the pod's name, node and times, the driver image tag (the "
        "ClusterPolicy names only the version), the restart count, the exit 128 ContainerCannotRun last state that "
        "goes with that kubelet event, and the BackOff event of a CrashLoopBackOff. The validation pod is left "
        "out: the thread gives it no line.",
        objects=[p, *start_failure_events(p, ctr.name, daemon_error, at, restarts)],
        captured=at(40 * restarts + 60),
        title="GPU operator's nvidia-driver-daemonset in CrashLoopBackOff: Docker cannot start the driver container, "
        "'nvidia-container-cli.real: initialization error: driver error: failed to process request'",
        source="https://github.com/NVIDIA/gpu-operator/issues/130",
    )
