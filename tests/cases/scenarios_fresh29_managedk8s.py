"""Fresh round 29: real public threads about managed Kubernetes GPU clusters: GKE, EKS, AKS, SageMaker HyperPod.

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
    Obj,
    Scenarios,
    event,
    gpu,
    object_meta,
    pod,
    running,
    suffix,
    terminated,
    ts,
    uid,
)
from tests.cases.scenarios_fresh11_platform import _pod_case, _scheduled
from tests.cases.scenarios_fresh12_platform import _start_failed
from tests.cases.scenarios_real_platform import _crash_loop, _rs_name, _rs_pod

SCENARIOS = Scenarios()


# -- 1. GKE Autopilot: KubeRay's injected init container copies the worker's GPU request; Autopilot refuses it --


def _ray_pod_labels(cluster: str, node_type: str, group: str) -> dict[str, str]:
    return {
        "ray.io/cluster": cluster,
        "ray.io/node-type": node_type,
        "ray.io/group": group,
        "ray.io/identifier": f"{cluster}-{node_type}",
        "ray.io/is-ray-node": "yes",
        "app.kubernetes.io/created-by": "kuberay-operator",
        "app.kubernetes.io/name": "kuberay",
    }


@SCENARIOS.add
def config_error_raycluster_gke_autopilot_gpu_init_container_not_supported() -> CaseSpec:
    at = Clock(datetime(2023, 10, 6, 17, 0, tzinfo=timezone.utc))
    ns, cluster = "default", "raycluster-gpu"
    image = "rayproject/ray:2.7.0-gpu"
    reason = "GPU-using init containers are not supported in Autopilot."
    head_name = f"{cluster}-head-{suffix(ns, cluster, 'head')}"
    rc: Obj = {
        "apiVersion": "ray.io/v1",
        "kind": "RayCluster",
        "metadata": object_meta(ns, "RayCluster", cluster, at(0)),
        "spec": {
            "rayVersion": "2.7.0",
            "headGroupSpec": {
                "rayStartParams": {"dashboard-host": "0.0.0.0"},
                "template": {"spec": {"containers": [{"name": "ray-head", "image": image}]}},
            },
            "workerGroupSpecs": [
                {
                    "groupName": "gpu-group",
                    "replicas": 1,
                    "minReplicas": 1,
                    "maxReplicas": 1,
                    "rayStartParams": {},
                    "template": {
                        "spec": {
                            "containers": [{"name": "ray-worker", "image": image, "resources": gpu(1, "16Gi", "4")}],
                            "nodeSelector": {"cloud.google.com/gke-accelerator": "nvidia-tesla-t4"},
                        }
                    },
                }
            ],
        },
        "status": {
            "state": "failed",
            "reason": reason,
            "desiredWorkerReplicas": 1,
            "availableWorkerReplicas": 0,
            "readyWorkerReplicas": 0,
            "head": {"podName": head_name},
            "lastUpdateTime": ts(at(40)),
        },
    }
    owner = {
        "apiVersion": "ray.io/v1",
        "kind": "RayCluster",
        "name": cluster,
        "uid": rc["metadata"]["uid"],
        "controller": True,
        "blockOwnerDeletion": True,
    }
    head = Container(
        "ray-head",
        image,
        resources={"limits": {"cpu": "2", "memory": "8Gi"}, "requests": {"cpu": "2", "memory": "8Gi"}},
        ports=[{"containerPort": 6379, "name": "gcs"}, {"containerPort": 8265, "name": "dashboard"}],
        state=running(at(95)),
        ready=True,
    )
    host = "gk3-autopilot-cluster-1-pool-2-7f3a9c1e-x2bq"
    head_pod = pod(
        name=head_name,
        namespace=ns,
        labels=_ray_pod_labels(cluster, "head", "headgroup"),
        owner=owner,
        containers=[head],
        created=at(1),
        phase="Running",
        node=host,
        scheduled=at(70),
        restart_policy="Always",
    )
    events = [
        _scheduled(head_pod, at, 70),
        event(head_pod, "Pulled", f'Container image "{image}" already present on machine', at(90), type_="Normal",
              host=host),
        event(head_pod, "Created", "Created container ray-head", at(91), type_="Normal", host=host),
        event(head_pod, "Started", "Started container ray-head", at(95), type_="Normal", host=host),
    ]  # fmt: skip
    return CaseSpec(
        id="config-error-raycluster-gke-autopilot-gpu-init-container-not-supported",
        kind="RayCluster",
        name=cluster,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=None,
        evidence="GPU-using init containers are not supported in Autopilot",
        description="A RayCluster whose worker group asks for a GPU, created with KubeRay on a GKE Autopilot "
        "cluster. KubeRay injects an init container into every worker pod that waits for the head's GCS, and "
        "that init container is given the worker container's resources, GPU included; Autopilot refuses pods "
        "whose init containers use GPUs, so no worker pod is ever created and the RayCluster's status shows "
        "'failed' with the message 'GPU-using init containers are not supported in Autopilot.' (the thread's "
        "words and error, verbatim). The fix (kuberay#1470) stops the injected init container from requesting "
        "GPUs; the workaround is disabling the init container injection or a GKE Standard cluster with a GPU "
        "node pool. The pod spec KubeRay builds is not one the platform accepts: nothing is wrong with capacity "
        "or with the job. Reconstructed: the RayCluster (names, image, resources, the worker group's T4 node "
        "selector), its status as KubeRay writes a failed reconcile (state and reason), the CPU head pod that "
        "runs (the thread shows only the cluster's status), its node and events, and the times.",
        objects=[rc, head_pod, *events],
        captured=at(600),
        title="KubeRay on GKE Autopilot: a RayCluster with GPU workers goes to 'failed', 'GPU-using init containers "
        "are not supported in Autopilot.' (KubeRay's injected init container copies the GPU request)",
        source="https://github.com/ray-project/kuberay/issues/1349",
    )


# -- 2. GKE Autopilot: TGI serving Gemma 2 stays Pending, the node scale-up fails on GCE quota ---------------------


@SCENARIOS.add
def unschedulable_pod_gke_autopilot_tgi_gemma_scale_up_gce_quota_exceeded() -> CaseSpec:
    at = Clock(datetime(2024, 12, 1, 10, 0, tzinfo=timezone.utc))
    deployment, ns = "tgi-gemma-deployment", "default"
    image = "us-docker.pkg.dev/deeplearning-platform-release/gcr.io/huggingface-text-generation-inference-cu121.2-2.ubuntu2204.py310"
    scale_up = (
        "Node scale up in zones us-central1-c associated with this pod failed: GCE quota exceeded. "
        "Pod is at risk of not being scheduled."
    )
    sched = (
        "0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are "
        "available: 2 Preemption is not helpful for scheduling."
    )
    c = Container(
        "inference-server",
        image,
        env=[
            {"name": "AIP_HTTP_PORT", "value": "8000"},
            {"name": "NUM_SHARD", "value": "1"},
            {"name": "MODEL_ID", "value": "google/gemma-2-2b-it"},
        ],
        resources={
            "limits": {"cpu": "2", "memory": "10Gi", "ephemeral-storage": "10Gi", "nvidia.com/gpu": "1"},
            "requests": {"cpu": "2", "memory": "10Gi", "ephemeral-storage": "10Gi", "nvidia.com/gpu": "1"},
        },
        ports=[{"containerPort": 8000, "protocol": "TCP"}],
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", unschedulable=sched, qos="Guaranteed")
    p["spec"]["nodeSelector"] = {"cloud.google.com/gke-accelerator": "nvidia-l4"}
    events = [
        event(p, "FailedScheduling", sched, at(1), last=at(1500), count=6, component="default-scheduler"),
        event(p, "TriggeredScaleUp", "pod triggered scale-up: [{https://www.googleapis.com/compute/v1/projects/"
              "example-project/zones/us-central1-c/instanceGroups/gk3-autopilot-cluster-1-nap-l4-1a2b3c4d-grp 0->1 "
              "(max: 1000)}]", at(12), type_="Normal", component="cluster-autoscaler"),
        event(p, "FailedScaleUp", scale_up, at(140), last=at(1440), count=9, component="cluster-autoscaler"),
    ]  # fmt: skip
    return _pod_case(
        "unschedulable-pod-gke-autopilot-tgi-gemma-scale-up-gce-quota-exceeded",
        p,
        "unschedulable",
        "GCE quota exceeded",
        description="Gemma 2 2B (instruction tuned) served with Hugging Face's TGI container on a GKE Autopilot "
        "cluster, following Google's 'serve Gemma on GPUs with TGI' tutorial (a Deployment with one L4 GPU). "
        "The pod stays Pending: Autopilot tries to add an L4 node and the scale-up fails, 'Node scale up in "
        "zones us-central1-c associated with this pod failed: GCE quota exceeded. Pod is at risk of not being "
        "scheduled.' (verbatim from the thread). The maintainer's answer: the GPU quota of the project/region "
        "(NVIDIA L4) is what blocks it, not TGI; raise it, or use a Standard cluster with an L4 node pool. "
        "No node with the GPU can be had, so the pod cannot be placed. Reconstructed: the Deployment's pod (the "
        "tutorial's names, image, env and resources), the scheduler's FailedScheduling message (no node has the "
        "L4 selector yet), the autoscaler's TriggeredScaleUp event before the failure (its node group name made "
        "up), the FailedScaleUp event's reason, type and counts, and the times.",
        objects=[p, *events],
        captured=at(1510),
        title="GKE Autopilot: the TGI Gemma 2 pod stays Pending, 'Node scale up in zones us-central1-c associated "
        "with this pod failed: GCE quota exceeded. Pod is at risk of not being scheduled.'",
        source="https://github.com/huggingface/Google-Cloud-Containers/issues/126",
    )


# -- 3. gpushare: binpack-1's container never starts, the NVIDIA hook is handed 'no-gpu-has-2MiB-to-run' ---------


@SCENARIOS.add
def cuda_error_pod_gpushare_binpack_unknown_device_id_no_gpu_has_2mib() -> CaseSpec:
    at = Clock(datetime(2019, 7, 14, 8, 0, tzinfo=timezone.utc))
    deployment, ns, host = "binpack-1", "default", "gpu-node-1"
    # The kubelet's message as the issue pasted it (the Docker 17 era 'oci runtime error' wording).
    msg = (
        r'oci runtime error: container_linux.go:235: starting container process caused "process_linux.go:339: '
        r"running prestart hook 0 caused \"error running hook: exit status 1, stdout: , stderr: exec command: "
        r"[/usr/bin/nvidia-container-cli --load-kmods configure --ldconfig=@/sbin/ldconfig "
        r"--device=no-gpu-has-2MiB-to-run --compute --utility --require=cuda>=8.0 --pid=260909 "
        r"/var/lib/docker/overlay2/64f498e224fd0a93b0e15b8769699a97527a3acab3c6288c4c8d939bbe4ca82c/merged]\\n"
        r"nvidia-container-cli: device error: unknown device id: no-gpu-has-2MiB-to-run\\n\""
    )
    name = _rs_name(deployment, ns)
    c = Container(
        "binpack-1",
        "cheyang/gpu-player:v2",
        resources={"limits": {"aliyun.com/gpu-mem": "2"}, "requests": {"aliyun.com/gpu-mem": "2"}},
        state=_crash_loop("binpack-1", name, ns),
        last=terminated(128, at(1190), at(1190), reason="ContainerCannotRun", message=msg),
        restarts=8,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="BestEffort")
    events = [
        _scheduled(p, at, 1),
        event(p, "Pulled", 'Container image "cheyang/gpu-player:v2" already present on machine', at(3),
              last=at(1189), count=9, type_="Normal", host=host),
        event(p, "Created", "Created container binpack-1", at(3), last=at(1189), count=9, type_="Normal", host=host),
        *_start_failed(p, "binpack-1", msg, at, (4, 1190, 9), (20, 1200, 50)),
    ]  # fmt: skip
    return _pod_case(
        "cuda-error-pod-gpushare-binpack-unknown-device-id-no-gpu-has-2mib",
        p,
        "cuda-error",
        "unknown device id: no-gpu-has-2MiB-to-run",
        description="Alibaba's GPU sharing (gpushare-scheduler-extender with gpushare-device-plugin) on a cluster "
        "of a master and one GPU node: the demo Deployment binpack-1 (cheyang/gpu-player:v2) asks for 2 units of "
        "aliyun.com/gpu-mem. The device plugin finds no GPU assigned to the pod and passes the NVIDIA runtime the "
        "placeholder device 'no-gpu-has-2MiB-to-run', so nvidia-container-cli's prestart hook fails with "
        "'device error: unknown device id: no-gpu-has-2MiB-to-run' and the container never starts (the "
        "maintainer asks for the device plugin's log; the pod got no GPU from the sharing stack). The kubelet's "
        "'Error: failed to start container \"binpack-1\": ...' line is the issue's, verbatim. Reconstructed: "
        "the Deployment's pod (the demo's image and request), its CrashLoopBackOff state, restart count and last "
        "termination (ContainerCannotRun, exit 128, the same message), the node name, the events' counts and the "
        "times.",
        objects=[p, *events],
        captured=at(1210),
        title="gpushare demo pod binpack-1 fails to start: 'nvidia-container-cli: device error: unknown device id: "
        "no-gpu-has-2MiB-to-run'",
        source="https://github.com/AliyunContainerService/gpushare-scheduler-extender/issues/42",
    )


# -- 4. Azure ML model deployment to AKS: the scoring pod asks for a GPU no node has ---------------------------------


@SCENARIOS.add
def unschedulable_pod_azureml_aks_webservice_insufficient_nvidia_gpu() -> CaseSpec:
    at = Clock(datetime(2019, 7, 15, 9, 0, tzinfo=timezone.utc))
    deployment, ns = "model-gpu-service", "azureml-ml-workspace"
    sched = "0/3 nodes are available: 3 Insufficient nvidia.com/gpu."
    c = Container(
        deployment,
        "mlworkspace0123.azurecr.io/azureml/azureml_6c8f0a1d2b3e4f5a6b7c8d9e0f1a2b3c:latest",
        resources=gpu(1, "4Gi", "1"),
        ports=[{"containerPort": 5001, "protocol": "TCP"}],
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", unschedulable=sched, qos="Guaranteed")
    events = [event(p, "FailedScheduling", sched, at(1), last=at(1200), count=19, component="default-scheduler")]
    return _pod_case(
        "unschedulable-pod-azureml-aks-webservice-insufficient-nvidia-gpu",
        p,
        "unschedulable",
        "3 Insufficient nvidia.com/gpu",
        description="A model deployed from the Azure ML SDK as a web service on an Azure Kubernetes Service "
        "compute target, with a GPU in its deployment configuration. The deployment polling ends 'Failed' with "
        "a Kubernetes Deployment Error whose detail is 'Unschedulable', '0/3 nodes are available: 3 Insufficient "
        "nvidia.com/gpu.' (verbatim from the thread): the AKS cluster's three nodes have no GPU to give, so the "
        "scoring pod is never placed (a GPU VM size for the cluster is the fix). Reconstructed: the Deployment's "
        "pod Azure ML creates in its workspace namespace (its name, image, resources and port), the scheduler's "
        "FailedScheduling event with the same message, its count and the times.",
        objects=[p, *events],
        captured=at(1210),
        title="Azure ML web service on AKS fails to deploy: 'Unschedulable', '0/3 nodes are available: 3 "
        "Insufficient nvidia.com/gpu.'",
        source="https://github.com/Azure/MachineLearningNotebooks/issues/487",
    )


# -- 5. Kubeflow Pipelines on AKS virtual nodes: ACI will not run a pod with Argo's downward-API volume -----------


@SCENARIOS.add
def config_error_pod_kfp_step_aks_virtual_node_aci_podmetadata_volume_unsupported() -> CaseSpec:
    at = Clock(datetime(2020, 5, 18, 11, 0, tzinfo=timezone.utc))
    ns, wf, host = "kubeflow", "kassandra-9xdk5", "virtual-node-aci-linux"
    name = f"{wf}-901437002"
    message = f"Pod {name} requires volume podmetadata which is of an unsupported type"
    image = "registry.example.com/platform-poc/ktrain-gpu:latest"
    main = Container(
        "main",
        image,
        resources={"limits": {"nvidia.com/gpu": "1"}, "requests": {"cpu": "2", "memory": "2G"}},
    )
    wait = Container(
        "wait",
        "argoproj/argoexec:v2.3.0",
        command=["argoexec"],
        args=["wait"],
        mounts=[{"name": "podmetadata", "mountPath": "/argo/podmetadata"}],
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"workflows.argoproj.io/workflow": wf, "workflows.argoproj.io/completed": "true"},
        owner={
            "apiVersion": "argoproj.io/v1alpha1",
            "kind": "Workflow",
            "name": wf,
            "uid": uid(ns, "Workflow", wf),
            "controller": True,
            "blockOwnerDeletion": True,
        },
        containers=[wait, main],
        created=at(0),
        phase="Failed",
        node=host,
        scheduled=at(1),
        annotations={"workflows.argoproj.io/node-name": f"{wf}.preprocess-and-training"},
        volumes=[
            {
                "name": "podmetadata",
                "downwardAPI": {
                    "defaultMode": 420,
                    "items": [
                        {"path": "annotations", "fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.annotations"}}
                    ],
                },
            }
        ],
        reason="ProviderFailed",
        message=message,
        qos="Burstable",
    )
    p["spec"]["nodeSelector"] = {
        "kubernetes.io/role": "agent",
        "beta.kubernetes.io/os": "linux",
        "type": "virtual-kubelet",
    }
    p["spec"]["tolerations"] += [
        {"key": "virtual-kubelet.io/provider", "operator": "Exists"},
        {"key": "azure.com/aci", "effect": "NoSchedule"},
    ]
    # The virtual kubelet never created a container group: the pod has no container statuses and no IP.
    del p["status"]["containerStatuses"]
    del p["status"]["podIP"]
    events = [_scheduled(p, at, 1)]
    return _pod_case(
        "config-error-pod-kfp-step-aks-virtual-node-aci-podmetadata-volume-unsupported",
        p,
        "config-error",
        "requires volume podmetadata which is of an unsupported type",
        description="Kubeflow installed on AKS; a one-step pipeline (a GPU training image) is sent to the "
        "cluster's virtual node (Azure Container Instances through virtual-kubelet) with the node selector "
        "type=virtual-kubelet and the tolerations virtual-kubelet.io/provider and azure.com/aci (the thread's "
        "pipeline code). The step fails at once: 'This step is in Failed state with this message: Pod "
        "kassandra-9xdk5-901437002 requires volume podmetadata which is of an unsupported type' (verbatim): "
        "Argo's step pod mounts a downward-API volume 'podmetadata' for its wait container, and the ACI "
        "provider of virtual-kubelet only runs pods whose volumes it supports, so it refuses to create the "
        "container group and marks the pod Failed. The pod's spec is not one the virtual node can run (the "
        "docs issue: Kubeflow Pipelines steps cannot run on AKS virtual nodes that way). Reconstructed: the "
        "step pod as an Argo v2 workflow creates it (its wait and main containers, the downward-API volume, "
        "labels, annotation, owner), its GPU limit (the reporter says the GPU limit was set; the later try "
        "without it is not shown), its status as virtual-kubelet writes a provider failure (phase Failed, "
        "reason ProviderFailed, the message), no container statuses, the node name, the Scheduled event and "
        "the times; the image registry is neutralised.",
        objects=[p, *events],
        captured=at(120),
        title="Kubeflow pipeline step on an AKS virtual node (ACI) fails: 'Pod ... requires volume podmetadata "
        "which is of an unsupported type'",
        source="https://github.com/kubeflow/website/issues/1958",
    )
