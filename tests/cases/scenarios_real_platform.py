"""Cases built from real public failure reports - the platform and serving: scheduling, quotas and queues (Kueue, Volcano), volumes, images, nodes and GPUs, Ascend, inference servers and batch inference.

Each keeps the lines people pasted verbatim (names neutralised) and says where they came
from: ``title`` (what happened) and ``source`` (the thread) go into expected.yaml. Where a
thread pasted only the decisive lines, the rest of the snapshot (object shapes, start-up
lines a server always prints) is what Kubernetes and the tool write in that situation.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    PodPlan,
    Replicas,
    Scenarios,
    backoff_conditions,
    batch_job,
    condition,
    cpu_only,
    digest,
    event,
    failed_job_case,
    gpu,
    healthy_node_conditions,
    job_condition,
    job_pod,
    kubeflow_conditions,
    kubeflow_job,
    kubeflow_pod,
    kubeflow_with_pods,
    kueue_workload,
    metav1_condition,
    node,
    node_condition,
    node_event,
    object_meta,
    pod,
    pod_group,
    podgroup_condition,
    running,
    stamped,
    suffix,
    terminated,
    text,
    ts,
    uid,
    volcano_job,
    volcano_pod,
    waiting,
)
from tests.cases.logtext import torchrun_failed, trainer_steps, watchdog

SCENARIOS = Scenarios()

# -- helpers ----------------------------------------------------------------------------------


def _rs_name(deployment: str, namespace: str, n: int = 0) -> str:
    rs = f"{deployment}-{digest(namespace, deployment, 'rs', n=10)}"
    return f"{rs}-{suffix(rs, str(n))}"


def _rs_pod(
    deployment: str,
    namespace: str,
    containers: list[Container],
    *,
    created: datetime,
    phase: str,
    n: int = 0,
    **kw: Any,
) -> Obj:
    """The ``n``-th pod a Deployment's ReplicaSet created (serving pods are diagnosed as Pods)."""
    template_hash = digest(namespace, deployment, "rs", n=10)
    rs = f"{deployment}-{template_hash}"
    owner = {
        "apiVersion": "apps/v1",
        "kind": "ReplicaSet",
        "name": rs,
        "uid": uid(namespace, "ReplicaSet", rs),
        "controller": True,
        "blockOwnerDeletion": True,
    }
    kw.setdefault("restart_policy", "Always")
    kw.setdefault("qos", "Burstable")
    return pod(
        name=_rs_name(deployment, namespace, n),
        namespace=namespace,
        labels={"app": deployment, "pod-template-hash": template_hash},
        owner=owner,
        containers=containers,
        created=created,
        phase=phase,
        **kw,
    )


def _sts_pod(
    statefulset: str,
    ordinal: int,
    namespace: str,
    containers: list[Container],
    *,
    created: datetime,
    phase: str,
    extra_labels: dict[str, str] | None = None,
    **kw: Any,
) -> Obj:
    """Pod ``ordinal`` of a StatefulSet (notebooks, model workspaces)."""
    name = f"{statefulset}-{ordinal}"
    owner = {
        "apiVersion": "apps/v1",
        "kind": "StatefulSet",
        "name": statefulset,
        "uid": uid(namespace, "StatefulSet", statefulset),
        "controller": True,
        "blockOwnerDeletion": True,
    }
    labels = {
        "controller-revision-hash": f"{statefulset}-{digest(statefulset, n=10)}",
        "statefulset.kubernetes.io/pod-name": name,
        **(extra_labels or {}),
    }
    kw.setdefault("restart_policy", "Always")
    return pod(
        name=name,
        namespace=namespace,
        labels=labels,
        owner=owner,
        containers=containers,
        created=created,
        phase=phase,
        **kw,
    )


def _former(p: Obj, incarnation: str = "deleted") -> Obj:
    """A pod as events still name it after it was deleted: same name, the old uid."""
    meta = p["metadata"]
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {
            "name": meta["name"],
            "namespace": meta["namespace"],
            "uid": uid(meta["namespace"], "pod", meta["name"], incarnation),
        },
    }


def _rejected(p: Obj) -> Obj:
    """A pod the kubelet refused at admission: it never ran, so no container status."""
    p["status"].pop("containerStatuses", None)
    p["status"].pop("podIP", None)
    return p


def _pulling(
    p: Obj, image: str, failure: str, first: float, last: float, count: int, at: Clock, host: str, prefix: str = ""
) -> list[Obj]:
    """The kubelet's image-pull events for a pull that keeps failing: ``failure`` is the Failed message."""
    return [
        event(
            p,
            "Pulling",
            f'{prefix}Pulling image "{image}"',
            at(first),
            last=at(last),
            count=count,
            type_="Normal",
            host=host,
        ),
        event(p, "Failed", f"{prefix}{failure}", at(first + 20), last=at(last + 20), count=count, host=host),
        event(p, "Failed", f"{prefix}Error: ErrImagePull", at(first + 20), last=at(last + 20), count=count, host=host),
        event(
            p,
            "BackOff",
            f'{prefix}Back-off pulling image "{image}"',
            at(first + 21),
            last=at(last + 40),
            count=count * 4,
            type_="Normal",
            host=host,
        ),
        event(
            p,
            "Failed",
            f"{prefix}Error: ImagePullBackOff",
            at(first + 21),
            last=at(last + 40),
            count=count * 4,
            host=host,
        ),
    ]


def _crash_loop(container: str, pod_name: str, namespace: str, back_off: str = "5m0s") -> Obj:
    return waiting(
        "CrashLoopBackOff",
        f"back-off {back_off} restarting failed container={container} "
        f"pod={pod_name}_{namespace}({uid(namespace, 'pod', pod_name)})",
    )


def _backoff(p: Obj, container: str, at: Clock, first: float, last: float, count: int) -> Obj:
    """The kubelet's BackOff event for a container that keeps failing to start."""
    meta = p["metadata"]
    return event(
        p,
        "BackOff",
        f"Back-off restarting failed container {container} in pod {meta['name']}_{meta['namespace']}({meta['uid']})",
        at(first),
        last=at(last),
        count=count,
        host=p["spec"]["nodeName"],
    )


def _gpu_node(
    name: str,
    created: datetime,
    heartbeat: datetime,
    *,
    extra: list[Obj] | None = None,
    product: str = "NVIDIA-H100-80GB-HBM3",
) -> Obj:
    return node(
        name, created, product=product, conditions=[*healthy_node_conditions(created, heartbeat), *(extra or [])]
    )


# -- queues and quotas --------------------------------------------------------------------------


@SCENARIOS.add
def quota_exceeded_vcjob_default_queue_quota_insufficient() -> CaseSpec:
    at = Clock(datetime(2026, 8, 3, 2, 45, tzinfo=timezone.utc))
    name, ns = "datapack-266", "data-pipeline"
    ctr = Container(
        "datapack",
        "registry.corp.example/data/datapack:3.4.1",
        command=["python", "-m", "datapack.run", "--shard", "266"],
        resources=cpu_only("32Gi", "8"),
    )
    job = volcano_job(
        name=name,
        namespace=ns,
        created=at(0),
        queue="default",
        tasks={"datapack": ctr},
        replicas={"datapack": 1},
        phase="Pending",
        min_available=1,
    )
    gang = "0/0 tasks in gang unschedulable: pod group is not ready, 1 minAvailable"
    group = pod_group(
        job,
        at(1),
        phase="Pending",
        queue="default",
        min_member=1,
        min_resources={"cpu": "8", "memory": "32Gi"},
        conditions=[podgroup_condition("Unschedulable", at(2), "NotEnoughResources", gang, name)],
    )
    events = [
        event(group, "Unschedulable", gang, at(2), last=at(2390), count=240, component="volcano"),
        event(
            group,
            "Unschedulable",
            "queue resource quota insufficient",
            at(3),
            last=at(2391),
            count=241,
            type_="Normal",
            component="volcano",
        ),
    ]
    return CaseSpec(
        id="quota-exceeded-vcjob-default-queue-quota-insufficient",
        kind="vcjob",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="queue resource quota insufficient",
        description="The Volcano Job names the default queue (weight 1, no guarantee, no capability), whose "
        "deserved share has no room left; the PodGroup stays Pending and no pod is ever created. Only "
        "the PodGroup's events say why.",
        objects=[job, group, *events],
        captured=at(2400),
        title="A Volcano Job submitted to the default queue never gets a pod: its PodGroup reports 'queue resource "
        "quota insufficient', while the same job bound to a new queue schedules at once",
        source="https://github.com/volcano-sh/volcano/issues/4479",
    )


@SCENARIOS.add
def quota_exceeded_vcjob_queue_capability_full() -> CaseSpec:
    at = Clock(datetime(2026, 8, 4, 9, 12, tzinfo=timezone.utc))
    name, ns, queue = "lidar-seg-eval-6", "adas-perception", "adas-eval"
    ctr = Container(
        "eval",
        "harbor.adas.example/perception/lidar-seg:1.7.0",
        command=["python", "tools/test.py", "configs/lidar_seg.py"],
        resources=gpu(1, "64Gi", "8"),
    )
    job = volcano_job(
        name=name,
        namespace=ns,
        created=at(0),
        queue=queue,
        tasks={"eval": ctr},
        replicas={"eval": 1},
        phase="Pending",
        min_available=1,
        counts={"pending": 1},
    )
    gang = "1/0 tasks in gang unschedulable: pod group is not ready, 1 minAvailable"
    group = pod_group(
        job,
        at(1),
        phase="Pending",
        queue=queue,
        min_member=1,
        min_resources={"cpu": "8", "memory": "64Gi", "nvidia.com/gpu": "1"},
        conditions=[podgroup_condition("Unschedulable", at(3), "NotEnoughResources", gang, name)],
    )
    c = Container(ctr.name, ctr.image, command=ctr.command, resources=ctr.resources)
    p = volcano_pod(job, "eval", 0, [c], group, created=at(2), phase="Pending", unschedulable=gang)
    events = [
        event(
            job,
            "PodGroupPending",
            f"PodGroup {ns}:{name} unschedule,reason: {gang}",
            at(3),
            last=at(1750),
            count=35,
            component="vc-controller-manager",
        ),
        event(
            group,
            "Unschedulable",
            "queue resource quota insufficient",
            at(3),
            last=at(1790),
            count=179,
            type_="Normal",
            component="volcano",
        ),
    ]
    return CaseSpec(
        id="quota-exceeded-vcjob-queue-capability-full",
        kind="vcjob",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="queue resource quota insufficient",
        description="What the queue has allocated plus the new job's request exceeds the queue's capability: "
        "the pod exists but Volcano never admits its PodGroup (Volcano 1.7); the queue, not the pod, "
        "holds the job back. The job's PodGroupPending "
        "event only repeats the gang message; the PodGroup's own event names the queue quota.",
        objects=[job, group, p, *events],
        captured=at(1800),
        title="Volcano Job pods stay Pending when the queue's allocated resources plus the new request exceed "
        "its capability; the PodGroup says 'queue resource quota insufficient'",
        source="https://github.com/volcano-sh/volcano/issues/3198",
    )


@SCENARIOS.add
def quota_exceeded_jobset_kueue_resource_unavailable_in_cluster_queue() -> CaseSpec:
    at = Clock(datetime(2026, 8, 5, 14, 0, tzinfo=timezone.utc))
    name, ns, queue = "llama3-70b-tpu-pretrain", "default", "multislice-queue"
    tpu = {
        "limits": {"cpu": "200", "memory": "400Gi", "google.com/tpu": "4"},
        "requests": {"cpu": "200", "memory": "400Gi", "google.com/tpu": "4"},
    }
    ctr = {
        "name": "jax-tpu",
        "image": "us-docker.pkg.dev/acme-ml/jax/maxtext:2025-08-01",
        "command": ["python3", "MaxText/train.py", "MaxText/configs/base.yml"],
        "resources": tpu,
    }
    jobset = {
        "apiVersion": "jobset.x-k8s.io/v1alpha2",
        "kind": "JobSet",
        "metadata": {
            **object_meta(ns, "JobSet", name, at(0)),
            "labels": {"kueue.x-k8s.io/queue-name": queue, "xpk.google.com/workload": name},
        },
        "spec": {
            "suspend": True,
            "replicatedJobs": [
                {
                    "name": "job",
                    "replicas": 2,
                    "template": {
                        "spec": {
                            "parallelism": 4,
                            "completions": 4,
                            "backoffLimit": 0,
                            "template": {"spec": {"restartPolicy": "Never", "containers": [ctr]}},
                        }
                    },
                }
            ],
            "failurePolicy": {"maxRestarts": 0},
        },
        "status": {
            "conditions": [metav1_condition("Suspended", at(1), "SuspendedJobs", "jobset is suspended")],
            "restarts": 0,
        },
    }
    cpu_msg = "couldn't assign flavors to pod set job: resource cpu unavailable in ClusterQueue"
    mem_msg = "couldn't assign flavors to pod set job: resource memory unavailable in ClusterQueue"
    wl = kueue_workload(
        jobset,
        at(1),
        queue=queue,
        pod_sets=[{"name": "job", "count": 8}],
        conditions=[metav1_condition("QuotaReserved", at(2), "Pending", cpu_msg, status=False)],
    )
    events = [
        event(wl, "Pending", cpu_msg, at(2), last=at(2), count=3, component="kueue-admission"),
        event(wl, "Pending", mem_msg, at(2), component="kueue-admission"),
        event(
            jobset,
            "CreatedWorkload",
            f"Created Workload: {ns}/{wl['metadata']['name']}",
            at(1),
            type_="Normal",
            component="kueue-jobset-controller",
        ),
    ]
    return CaseSpec(
        id="quota-exceeded-jobset-kueue-resource-unavailable-in-cluster-queue",
        kind="JobSet",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="resource cpu unavailable in ClusterQueue",
        description="XPK configured the ClusterQueue with TPU quota only; the JobSet also requests CPU and memory, "
        "which the queue does not cover, so Kueue never admits it. The JobSet only says it is "
        "suspended; the Workload's QuotaReserved condition and events say why.",
        objects=[jobset, wl, *events],
        captured=at(265),
        title="A JobSet that requests CPU and memory besides TPUs stays suspended: Kueue cannot assign flavors "
        "because the XPK-made ClusterQueue covers no cpu or memory",
        source="https://github.com/AI-Hypercomputer/xpk/issues/603",
    )


# -- scheduling -----------------------------------------------------------------------------------


@SCENARIOS.add
def unschedulable_pod_device_plugin_advertises_no_gpu() -> CaseSpec:
    at = Clock(datetime(2026, 8, 6, 8, 0, tzinfo=timezone.utc))
    name, ns, host = "gpu-pod", "gpu-test", "minikube"
    c = Container(
        "cuda-container",
        "nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0",
        resources={"limits": {"nvidia.com/gpu": "1"}},
    )
    msg = (
        "0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: 1 No "
        "preemption victims found for incoming pod."
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Pending",
        unschedulable=msg,
        qos="BestEffort",
        restart_policy="Never",
    )
    n = node(
        host,
        at(-86400),
        conditions=healthy_node_conditions(at(-86400), at(43190)),
        capacity={
            "cpu": "32",
            "ephemeral-storage": "959863856Ki",
            "hugepages-1Gi": "0",
            "hugepages-2Mi": "0",
            "memory": "263750300Ki",
            "pods": "110",
        },
        labels={"minikube.k8s.io/name": "minikube", "node-role.kubernetes.io/control-plane": ""},
    )
    events = [event(p, "FailedScheduling", msg, at(5), last=at(43200 - 1560), count=150, component="default-scheduler")]
    return CaseSpec(
        id="unschedulable-pod-device-plugin-advertises-no-gpu",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=name,
        evidence="Insufficient nvidia.com/gpu",
        description="The only node has an L40S and a driver, but the device plugin never registered it: the Node "
        "lists no nvidia.com/gpu in capacity or allocatable, so the scheduler finds no GPU for the pod "
        "for twelve hours.",
        objects=[p, n, *events],
        captured=at(43200),
        title="A GPU pod stays Pending for 12 hours with 'Insufficient nvidia.com/gpu' on a single-node minikube "
        "cluster whose device plugin does not advertise the node's L40S",
        source="https://github.com/NVIDIA/k8s-device-plugin/issues/852",
    )


@SCENARIOS.add
def unschedulable_job_autoscaler_wouldnt_fit_new_node() -> CaseSpec:
    at = Clock(datetime(2026, 8, 7, 6, 30, tzinfo=timezone.utc))
    name, ns = "embedding-refresh", "search-ml"
    tmpl = Container(
        "embed",
        "123456789012.dkr.ecr.us-east-1.amazonaws.com/search/embedder:4.2",
        command=["python", "refresh_embeddings.py"],
        resources=gpu(8, "180Gi", "44"),
    )
    job = batch_job(name=name, namespace=ns, created=at(0), container=tmpl, active=1, start=at(1), conditions=[])
    sched = "0/5 nodes are available: 5 Insufficient nvidia.com/gpu."
    p = job_pod(
        job,
        [Container("embed", tmpl.image, command=tmpl.command, resources=tmpl.resources)],
        created=at(1),
        phase="Pending",
        unschedulable=sched,
    )
    events = [
        event(
            job,
            "SuccessfulCreate",
            f"Created pod: {p['metadata']['name']}",
            at(1),
            type_="Normal",
            component="job-controller",
        ),
        event(p, "FailedScheduling", sched, at(2), last=at(3540), count=59, component="default-scheduler"),
        event(
            p,
            "NotTriggerScaleUp",
            "pod didn't trigger scale-up (it wouldn't fit if a new node is added): 2 Insufficient nvidia.com/gpu",
            at(12),
            last=at(3590),
            count=356,
            type_="Normal",
            component="cluster-autoscaler",
        ),
    ]
    return CaseSpec(
        id="unschedulable-job-autoscaler-wouldnt-fit-new-node",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=p["metadata"]["name"],
        evidence="wouldn't fit if a new node is added",
        description="The pod asks for 8 GPUs; neither GPU node group's instance type has that many, so the "
        "cluster autoscaler refuses to scale up and the pod stays Pending for an hour.",
        objects=[job, p, *events],
        captured=at(3600),
        title="On EKS a GPU pod never triggers a scale-up: 'pod didn't trigger scale-up (it wouldn't fit if a new "
        "node is added): 2 Insufficient nvidia.com/gpu'",
        source="https://github.com/kubernetes/autoscaler/issues/4181",
    )


@SCENARIOS.add
def unschedulable_pod_gpu_node_group_scale_from_zero() -> CaseSpec:
    at = Clock(datetime(2026, 8, 7, 11, 27, tzinfo=timezone.utc))
    deployment, ns = "simple-gpu-test", "default"
    c = Container(
        "cuda",
        "nvidia/cuda:12.2.0-base-ubuntu22.04",
        command=["sleep", "infinity"],
        resources={"limits": {"nvidia.com/gpu": "1"}},
    )
    sched = "0/3 nodes are available: 3 Insufficient nvidia.com/gpu."
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", unschedulable=sched, qos="BestEffort")
    events = [
        event(p, "FailedScheduling", sched, at(1), last=at(2650), count=45, component="default-scheduler"),
        event(
            p,
            "NotTriggerScaleUp",
            "pod didn't trigger scale-up (it wouldn't fit if a new node is added)",
            at(10),
            last=at(2690),
            count=268,
            type_="Normal",
            component="cluster-autoscaler",
        ),
    ]
    return CaseSpec(
        id="unschedulable-pod-gpu-node-group-scale-from-zero",
        kind="Pod",
        name=p["metadata"]["name"],
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=p["metadata"]["name"],
        evidence="wouldn't fit if a new node is added",
        description="The GPU node group is scaled to zero; the autoscaler builds its template node from the "
        "instance type without nvidia.com/gpu and decides a new node would not fit the pod, so the "
        "group never scales up from 0.",
        objects=[p, *events],
        captured=at(2700),
        title="A GPU pod never gets a node when the GPU node group sits at 0: the autoscaler's template node has "
        "no nvidia.com/gpu, so 'pod didn't trigger scale-up'",
        source="https://github.com/kubernetes/autoscaler/issues/929",
    )


# -- volumes -------------------------------------------------------------------------------------


@SCENARIOS.add
def volume_error_pod_inferenceservice_pvc_multi_attach() -> CaseSpec:
    at = Clock(datetime(2026, 8, 8, 10, 0, tzinfo=timezone.utc))
    ns, host = "model-serving", "ocp-worker-lr9xs"
    name = "mnist-clf-predictor-00001-deployment-5f6cc667dxgpjm"
    init = Container(
        "storage-initializer",
        "kserve/storage-initializer:v0.11.2",
        args=["/mnt/pvc/mnist", "/mnt/models"],
        state=waiting("PodInitializing"),
    )
    main = Container(
        "kserve-container",
        "kserve/sklearnserver:v0.11.2",
        args=["--model_name=mnist-clf", "--model_dir=/mnt/models", "--http_port=8080"],
        resources=cpu_only("2Gi", "1"),
        state=waiting("PodInitializing"),
    )
    owner = {
        "apiVersion": "apps/v1",
        "kind": "ReplicaSet",
        "name": "mnist-clf-predictor-00001-deployment-5f6cc667d",
        "uid": uid(ns, "ReplicaSet", "mnist-clf-predictor-00001"),
        "controller": True,
        "blockOwnerDeletion": True,
    }
    p = pod(
        name=name,
        namespace=ns,
        owner=owner,
        containers=[main],
        init=[init],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        restart_policy="Always",
        qos="Burstable",
        labels={
            "app": "mnist-clf-predictor-00001",
            "component": "predictor",
            "serving.kserve.io/inferenceservice": "mnist-clf",
            "pod-template-hash": "5f6cc667d",
        },
        volumes=[
            {"name": "kserve-pvc-source", "persistentVolumeClaim": {"claimName": "task-pv-claim", "readOnly": True}},
            {"name": "kserve-provision-location", "emptyDir": {}},
        ],
    )
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to {host}",
            at(1),
            type_="Normal",
            component="default-scheduler",
        ),
        event(
            p,
            "FailedAttachVolume",
            'Multi-Attach error for volume "pvc-6d1de1c7-1c8e-4de8-9963-212010be3f20" '
            "Volume is already used by pod(s) model-store-pod",
            at(2),
            last=at(2300),
            count=12,
            component="attachdetach-controller",
        ),
        event(
            p,
            "FailedMount",
            "Unable to attach or mount volumes: unmounted volumes=[kserve-pvc-source], "
            "unattached volumes=[kube-api-access-fnr57 kserve-pvc-source kserve-provision-location]: timed "
            "out waiting for the condition",
            at(123),
            last=at(2283),
            count=10,
            host=host,
        ),
    ]
    return CaseSpec(
        id="volume-error-pod-inferenceservice-pvc-multi-attach",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=name,
        evidence="Multi-Attach error",
        description="The model PVC is ReadWriteOnce and still attached for the helper pod that copied the model "
        "onto it; the predictor lands on another node and its storage-initializer never starts.",
        objects=[p, *events],
        captured=at(2400),
        title="A KServe InferenceService reading its model from a PVC stays in Init: Multi-Attach error, the "
        "volume is still used by the pod that uploaded the model",
        source="https://github.com/kserve/kserve/issues/3409",
    )


@SCENARIOS.add
def volume_error_pod_notebook_disk_still_attached_elsewhere() -> CaseSpec:
    at = Clock(datetime(2026, 8, 8, 19, 30, tzinfo=timezone.utc))
    ns, sts, host = "forest-biomass", "odbiz-more-ram", "aks-useruc-22411332-vmss000003"
    c = Container(
        "odbiz-more-ram",
        "k8scc01covidacr.azurecr.io/jupyterlab-cpu:v2.4.0",
        resources=cpu_only("48Gi", "6"),
        mounts=[{"name": "workspace", "mountPath": "/home/jovyan"}],
        state=waiting("ContainerCreating"),
    )
    p = _sts_pod(
        sts,
        0,
        ns,
        [c],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        extra_labels={"notebook-name": sts, "app": sts},
        volumes=[{"name": "workspace", "persistentVolumeClaim": {"claimName": "odbiz-more-ram-workspace"}}],
    )
    name = p["metadata"]["name"]
    multi = (
        'Multi-Attach error for volume "pvc-011a6924-f1cc-4f04-b414-c07dfbac6274" Volume is already exclusively '
        "attached to one node and can't be attached to another"
    )
    notebook = {
        "apiVersion": "kubeflow.org/v1beta1",
        "kind": "Notebook",
        "metadata": object_meta(ns, "Notebook", sts, at(-60)),
    }
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to {host}",
            at(1),
            type_="Normal",
            component="default-scheduler",
        ),
        event(p, "FailedAttachVolume", multi, at(2), last=at(3300), count=9, component="attachdetach-controller"),
        event(
            notebook,
            "FailedAttachVolume",
            f"Reissued from pod/{name}: {multi}",
            at(2),
            last=at(3300),
            count=9,
            component="notebook-controller",
        ),
        event(
            p,
            "FailedMount",
            "Unable to attach or mount volumes: unmounted volumes=[workspace], unattached "
            "volumes=[workspace kube-api-access-x2kqn]: timed out waiting for the condition",
            at(123),
            last=at(3243),
            count=15,
            host=host,
        ),
    ]
    return CaseSpec(
        id="volume-error-pod-notebook-disk-still-attached-elsewhere",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=name,
        evidence="already exclusively attached",
        description="The notebook's Azure disk would not detach from the node the notebook ran on before (the "
        "detach failed on a VM extension error); the restarted pod on another node waits for it.",
        objects=[p, *events],
        captured=at(3360),
        title="A Kubeflow notebook cannot start: Multi-Attach error, its ReadWriteOnce disk is still exclusively "
        "attached to the node the notebook left",
        source="https://github.com/StatCan/aaw/issues/1583",
    )


@SCENARIOS.add
def volume_error_pod_pipeline_step_unbound_rwx_claim() -> CaseSpec:
    at = Clock(datetime(2026, 8, 9, 11, 46, tzinfo=timezone.utc))
    ns, wf = "kubeflow", "volumeop-sequential-w8gjk"
    name = f"{wf}-1193245012"
    main = Container(
        "main",
        "library/bash:4.4.23",
        command=["sh", "-c"],
        args=["echo 1 | tee /mnt/file1 && cat /mnt/file1"],
        mounts=[{"name": "mypvc", "mountPath": "/mnt"}],
    )
    wait = Container("wait", "gcr.io/ml-pipeline/argoexec:v2.3.0-license-compliance", command=["argoexec", "wait"])
    owner = {
        "apiVersion": "argoproj.io/v1alpha1",
        "kind": "Workflow",
        "name": wf,
        "uid": uid(ns, "Workflow", wf),
        "controller": True,
        "blockOwnerDeletion": True,
    }
    msg = "pod has unbound immediate PersistentVolumeClaims (repeated 2 times)"
    p = pod(
        name=name,
        namespace=ns,
        owner=owner,
        containers=[main, wait],
        created=at(0),
        phase="Pending",
        unschedulable=msg,
        restart_policy="Never",
        qos="BestEffort",
        labels={"workflows.argoproj.io/completed": "false", "workflows.argoproj.io/workflow": wf},
        annotations={
            "workflows.argoproj.io/node-name": f"{wf}.step1",
            "pipelines.kubeflow.org/component_spec": '{"name": "step1"}',
        },
        volumes=[{"name": "mypvc", "persistentVolumeClaim": {"claimName": f"{wf}-newpvc"}}],
    )
    events = [event(p, "FailedScheduling", msg, at(1), last=at(2390), count=41, component="default-scheduler")]
    return CaseSpec(
        id="volume-error-pod-pipeline-step-unbound-rwx-claim",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=name,
        evidence="unbound immediate PersistentVolumeClaims",
        description="The pipeline's VolumeOp created a ReadWriteMany claim, but the cluster's default storage "
        "class cannot provision ReadWriteMany volumes; the claim never binds and the first step that "
        "mounts it stays Pending.",
        objects=[p, *events],
        captured=at(2400),
        title="A Kubeflow Pipelines step stays Pending with 'pod has unbound immediate PersistentVolumeClaims': "
        "the ReadWriteMany claim of the volumeop_sequential sample never binds on GKE",
        source="https://github.com/kubeflow/pipelines/issues/3251",
    )


# -- images ----------------------------------------------------------------------------------------


@SCENARIOS.add
def image_pull_error_job_nim_cache_ngc_auth_required() -> CaseSpec:
    at = Clock(datetime(2026, 8, 10, 9, 0, tzinfo=timezone.utc))
    name, ns, host = "meta-llama3-8b-instruct-job", "nemo", "ocp-gpu-worker-2"
    image = (
        "nvcr.io/nim/meta/llama-3.1-8b-instruct@sha256:088a7f400286291e9c1512e326596f4caedd2ed7aa30b909d78cbd3727b55ee8"
    )
    tmpl = Container("nim-cache", image, command=["download-to-cache"], resources=cpu_only("8Gi", "2"))
    cache = {
        "apiVersion": "apps.nvidia.com/v1alpha1",
        "kind": "NIMCache",
        "name": "meta-llama3-8b-instruct",
        "uid": uid(ns, "NIMCache", "meta-llama3-8b-instruct"),
        "controller": True,
        "blockOwnerDeletion": True,
    }
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=tmpl, active=1, start=at(1), conditions=[], owner=cache
    )
    pull = (
        f'Failed to pull image "{image}": unable to retrieve auth token: invalid username/password: '
        "authentication required"
    )
    c = Container(
        "nim-cache",
        image,
        command=tmpl.command,
        resources=tmpl.resources,
        state=waiting("ImagePullBackOff", f'Back-off pulling image "{image}"'),
    )
    p = job_pod(job, [c], created=at(1), phase="Pending", node=host, scheduled=at(2))
    events = [
        event(
            job,
            "SuccessfulCreate",
            f"Created pod: {p['metadata']['name']}",
            at(1),
            type_="Normal",
            component="job-controller",
        ),
        *_pulling(p, image, pull, 3, 1700, 10, at, host),
    ]
    return CaseSpec(
        id="image-pull-error-job-nim-cache-ngc-auth-required",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=p["metadata"]["name"],
        evidence="authentication required",
        description="The NIM operator's cache Job pulls the model image from nvcr.io, but the pod does not get the "
        "NGC pull secret (the secret works with podman login by hand): every pull is refused.",
        objects=[job, p, *events],
        captured=at(1800),
        title="A NIMCache's download Job never starts on OpenShift: pulling the NIM image from nvcr.io fails with "
        "'unable to retrieve auth token: invalid username/password: authentication required'",
        source="https://github.com/NVIDIA/k8s-nim-operator/issues/343",
    )


@SCENARIOS.add
def image_pull_error_pod_tag_not_in_registry() -> CaseSpec:
    at = Clock(datetime(2026, 8, 10, 1, 0, tzinfo=timezone.utc))
    deployment, ns, host = "async-processor", "llm-d", "gpu-a10-node-4"
    image = "ghcr.io/llm-d/async-processor:v0.6.1"
    c = Container(
        "async-processor",
        image,
        resources=cpu_only("2Gi", "1"),
        state=waiting("ImagePullBackOff", f'Back-off pulling image "{image}"'),
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1))
    field = "spec.containers{async-processor}: "
    hours = 46 * 3600
    events = [
        event(
            p,
            "BackOff",
            f'{field}Back-off pulling image "{image}"',
            at(40),
            last=at(hours),
            count=12341,
            type_="Normal",
            host=host,
        ),
        event(p, "Failed", f"{field}Error: ImagePullBackOff", at(40), last=at(hours), count=12341, host=host),
    ]
    return CaseSpec(
        id="image-pull-error-pod-tag-not-in-registry",
        kind="Pod",
        name=p["metadata"]["name"],
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=p["metadata"]["name"],
        evidence="Back-off pulling image",
        description="The guide points at an image the project never published under that name (docker pull says "
        "manifest unknown; the release lives under another organisation): the pod has been in "
        "ImagePullBackOff for 46 hours. Events carry the newer kubelet's field-path prefix.",
        objects=[p, *events],
        captured=at(hours + 200),
        title="A deployment following the asynchronous-processing guide sits in ImagePullBackOff for 46 hours: "
        "the image tag named in the guide does not exist in that registry",
        source="https://github.com/llm-d/llm-d/issues/1597",
    )


@SCENARIOS.add
def image_pull_error_tfjob_worker_registry_timeout() -> CaseSpec:
    at = Clock(datetime(2018, 3, 5, 16, 0, tzinfo=timezone.utc))
    name, ns = "tf-cnn", "kubeflow"
    image = "gcr.io/kubeflow/tf-benchmarks-gpu:v20171202-bdab599-dirty-284af3"
    ctr = Container(
        "tensorflow",
        image,
        command=["python", "tf_cnn_benchmarks.py", "--model=resnet50"],
        resources=gpu(1, "16Gi", "4"),
    )
    ps_log = stamped(
        [
            "INFO:tensorflow:Starting parameter server job ps task 0",
            "I0305 16:00:41.118204 1 grpc_server_lib.cc:307] Started server with target: grpc://localhost:2222",
        ],
        at(40),
        0.3,
    )
    job, pods, logs = kubeflow_with_pods(
        kind="TFJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("ps", 0, running(at(40)), log=ps_log),
            PodPlan("worker", 0, waiting("ImagePullBackOff", f'Back-off pulling image "{image}"'), phase="Pending"),
        ],
        conditions=kubeflow_conditions("TFJob", name, at(1), started=False),
        statuses={"PS": {"active": 1}, "Worker": {}},
    )
    worker = pods[1]
    host = worker["spec"]["nodeName"]
    timeout = (
        f'Failed to pull image "{image}": rpc error: code = Unknown desc = Error response from daemon: Get '
        "https://gcr.io/v2/: net/http: request canceled while waiting for connection (Client.Timeout exceeded "
        "while awaiting headers)"
    )
    events = [
        event(worker, "Pulling", f'pulling image "{image}"', at(4), last=at(1020), count=6, type_="Normal", host=host),
        event(worker, "Failed", timeout, at(19), last=at(1035), count=5, host=host),
        event(
            worker,
            "Failed",
            f'Failed to pull image "{image}": rpc error: code = Canceled desc = context canceled',
            at(640),
            host=host,
        ),
        event(
            worker,
            "BackOff",
            f'Back-off pulling image "{image}"',
            at(20),
            last=at(1170),
            count=44,
            type_="Normal",
            host=host,
        ),
        event(worker, "Failed", "Error: ImagePullBackOff", at(20), last=at(1170), count=44, host=host),
    ]
    return CaseSpec(
        id="image-pull-error-tfjob-worker-registry-timeout",
        kind="TFJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=worker["metadata"]["name"],
        evidence="Client.Timeout exceeded",
        description="The parameter server, on a node that already had the image, runs; the worker's node cannot "
        "reach gcr.io and every pull times out, so the benchmark never starts. The image itself exists.",
        objects=[job, *pods, *events],
        logs=logs,
        captured=at(1200),
        title="A TFJob's worker cannot pull its image: 'net/http: request canceled while waiting for connection "
        "(Client.Timeout exceeded while awaiting headers)' from gcr.io, while the PS pod runs",
        source="https://github.com/kubeflow/kubeflow/issues/348",
    )


@SCENARIOS.add
def image_pull_error_pod_nim_insufficient_scope() -> CaseSpec:
    at = Clock(datetime(2026, 8, 12, 8, 0, tzinfo=timezone.utc))
    deployment, ns, host = "llama3-8b-instruct", "nim", "s2e-worker-1"
    image = "nvcr.io/nim/meta/llama3-8b-instruct:1.0.0"
    c = Container(
        "nim-llm",
        image,
        resources=gpu(1, "32Gi", "8"),
        state=waiting("ImagePullBackOff", f'Back-off pulling image "{image}"'),
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    scope = (
        f'Failed to pull image "{image}": failed to pull and unpack image "{image}": failed to copy: '
        "httpReadSeeker: failed open: server message: insufficient_scope: authorization failed"
    )
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to {host}",
            at(1),
            type_="Normal",
            component="default-scheduler",
        ),
        event(p, "Pulling", f'Pulling image "{image}"', at(2), last=at(1575), count=2, type_="Normal", host=host),
        event(p, "Failed", scope, at(1560), host=host),
        event(p, "Failed", "Error: ErrImagePull", at(1560), host=host),
        event(p, "BackOff", f'Back-off pulling image "{image}"', at(1561), type_="Normal", host=host),
        event(p, "Failed", "Error: ImagePullBackOff", at(1561), host=host),
    ]
    return CaseSpec(
        id="image-pull-error-pod-nim-insufficient-scope",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=name,
        evidence="insufficient_scope",
        description="The pull of the multi-gigabyte NIM image runs for 26 minutes (the node's memory visibly "
        "drops) and then the registry refuses a layer: the NGC key is not entitled to that image.",
        objects=[p, *events],
        captured=at(1720),
        title="A NIM deployed with its Helm chart fails to pull after 26 minutes of downloading: nvcr.io answers "
        "'insufficient_scope: authorization failed'",
        source="https://github.com/NVIDIA/nim-deploy/issues/42",
    )


# -- the pod spec ----------------------------------------------------------------------------------


@SCENARIOS.add
def config_error_pod_entrypoint_crlf_bad_interpreter() -> CaseSpec:
    at = Clock(datetime(2026, 8, 12, 20, 0, tzinfo=timezone.utc))
    deployment, ns, host = "sd-webui", "genai-apps", "rtx-node-2"
    c = Container(
        "sd",
        "registry.corp.example/genai/stable-diffusion-webui:2022-08-29",
        command=["/bin/bash", "-c", "/sd/entrypoint.sh"],
        resources=gpu(1, "24Gi", "6"),
        state=_crash_loop("sd", _rs_name(deployment, ns), ns),
        last=terminated(126, at(610), at(610)),
        restarts=7,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    events = [_backoff(p, "sd", at, 60, 900, 40)]
    prev = text("/bin/bash: /sd/entrypoint.sh: /bin/bash^M: bad interpreter: No such file or directory")
    return CaseSpec(
        id="config-error-pod-entrypoint-crlf-bad-interpreter",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="bad interpreter",
        description="entrypoint.sh was committed with CRLF line endings, so its shebang names '/bin/bash\\r': the "
        "container exits 126 at once and crash-loops.",
        objects=[p, *events],
        logs={f"{name}/sd.previous": prev},
        captured=at(930),
        title="A Stable Diffusion web UI container crash-loops at start: its entrypoint.sh uses CRLF line "
        "endings, '/bin/bash^M: bad interpreter: No such file or directory'",
        source="https://github.com/Sygil-Dev/stable-diffusion/issues/104",
    )


@SCENARIOS.add
def config_error_job_torchrun_command_not_found() -> CaseSpec:
    at = Clock(datetime(2026, 8, 13, 3, 0, tzinfo=timezone.utc))
    name, ns = "mixtral-zh-pretrain", "llm-cn"
    ctr = Container(
        "train",
        "registry.corp.example/llm/mixtral-zh:cu121-torch2.1",
        command=["bash", "scripts/train-pt.sh"],
        resources=gpu(8, "900Gi", "96"),
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        failed=1,
        start=at(1),
        conditions=backoff_conditions(at(48)),
    )
    c = Container(
        "train", ctr.image, command=ctr.command, resources=ctr.resources, state=terminated(127, at(44), at(46))
    )
    p = job_pod(job, [c], created=at(1), phase="Failed", node="a800-node-11", scheduled=at(2))
    log = text(
        "+ export NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3",
        "+ export OMP_NUM_THREADS=8",
        "+ torchrun --nnodes 1 --nproc_per_node 8 train.py --model_name_or_path /models/Mixtral-8x7B-v0.1 "
        "--train_file /data/zh_corpus --deepspeed configs/ds_zero3.json",
        "scripts/train-pt.sh: line 38: torchrun: command not found",
    )
    return CaseSpec(
        id="config-error-job-torchrun-command-not-found",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=p["metadata"]["name"],
        evidence="torchrun: command not found",
        description="The training script calls torchrun, but the container's PATH does not hold the environment "
        "torch was installed into; bash exits 127 before any Python runs.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/train": log},
        captured=at(300),
        title="Continued pre-training of Chinese-Mixtral fails immediately: 'torchrun: command not found' in "
        "every environment tried, the launcher is not on the container's PATH",
        source="https://github.com/HIT-SCIR/Chinese-Mixtral-8x7B/issues/23",
    )


@SCENARIOS.add
def config_error_pod_model_hf_token_secret_missing() -> CaseSpec:
    at = Clock(datetime(2026, 8, 13, 15, 0, tzinfo=timezone.utc))
    deployment, ns, host = "qwen2-5-7b-instruct", "team-chat", "gpu-l4-node-3"
    image = "vllm/vllm-openai:v0.8.5"
    c = Container(
        "vllm",
        image,
        args=["--model", "Qwen/Qwen2.5-7B-Instruct"],
        resources=gpu(1, "32Gi", "8"),
        env=[{"name": "HF_TOKEN", "valueFrom": {"secretKeyRef": {"name": "hf-token-secret", "key": "token"}}}],
        state=waiting("CreateContainerConfigError", 'secret "hf-token-secret" not found'),
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to {host}",
            at(1),
            type_="Normal",
            component="default-scheduler",
        ),
        event(
            p,
            "Pulled",
            f'Container image "{image}" already present on machine',
            at(3),
            last=at(880),
            count=76,
            type_="Normal",
            host=host,
        ),
        event(p, "Failed", 'Error: secret "hf-token-secret" not found', at(3), last=at(880), count=76, host=host),
    ]
    return CaseSpec(
        id="config-error-pod-model-hf-token-secret-missing",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence='secret "hf-token-secret" not found',
        description="The model deployment references a Hugging Face token Secret that nothing created in the new "
        "namespace; the kubelet cannot build the container's environment.",
        objects=[p, *events],
        captured=at(900),
        title="A newly deployed model never starts: 'Error: secret \"hf-token-secret\" not found' - nothing "
        "creates the token Secret in the model's namespace",
        source="https://github.com/ai-runway/airunway/issues/28",
    )


# -- nodes, GPUs and who stopped a pod ---------------------------------------------------------------


def _mnist_lines(epochs: range, per_epoch: int = 6) -> list[str]:
    """What the pytorch-operator's mnist example prints from rank 0."""
    out = []
    for e in epochs:
        for b in range(per_epoch):
            seen = b * 10000
            out.append(f"Train Epoch: {e} [{seen}/60000 ({seen / 600:.0f}%)]\tloss={2.3 / (e + b * 0.2):.4f}")
    return out


@SCENARIOS.add
def killed_externally_pytorchjob_worker_deleted_by_hand() -> CaseSpec:
    at = Clock(datetime(2026, 8, 14, 9, 0, tzinfo=timezone.utc))
    name, ns = "mnist-ddp", "dist-test"
    ctr = Container(
        "pytorch",
        "registry.corp.example/dl/pytorch-dist-mnist:1.10-cuda11.3",
        command=["python", "/opt/mnist/src/mnist.py", "--backend", "nccl", "--epochs", "20"],
        resources=gpu(1, "16Gi", "4"),
    )
    deleted = 600
    head = ["Using distributed PyTorch with nccl backend"]
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        restart_policy="OnFailure",
        plans=[
            PodPlan(
                "master",
                0,
                running(at(30)),
                node="gpu-node-160",
                log=stamped(head + _mnist_lines(range(1, 10)), at(31), 10.5),
            ),
            PodPlan("worker", 0, running(at(31)), node="gpu-node-160", log=stamped(head, at(32), 1)),
            PodPlan("worker", 2, running(at(32)), node="gpu-node-161", log=stamped(head, at(33), 1)),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(2)),
        statuses={"Master": {"active": 1}, "Worker": {"active": 3}},
    )
    c = Container(
        "pytorch", ctr.image, command=ctr.command, resources=ctr.resources, state=running(at(deleted + 9)), ready=True
    )
    reborn = kubeflow_pod(
        job,
        "worker",
        1,
        [c],
        created=at(deleted + 2),
        phase="Running",
        node="gpu-node-161",
        scheduled=at(deleted + 3),
        restart_policy="OnFailure",
    )
    former = _former(reborn)
    events = [
        *[
            event(
                job,
                "SuccessfulCreatePod",
                f"Created pod: {p['metadata']['name']}",
                at(2),
                type_="Normal",
                component="pytorchjob-controller",
            )
            for p in [*pods, reborn]
        ],
        event(former, "Killing", "Stopping container pytorch", at(deleted), type_="Normal", host="gpu-node-161"),
        event(
            job,
            "SuccessfulCreatePod",
            f"Created pod: {name}-worker-1",
            at(deleted + 2),
            type_="Normal",
            component="pytorchjob-controller",
        ),
        event(
            reborn,
            "Scheduled",
            f"Successfully assigned {ns}/{name}-worker-1 to gpu-node-161",
            at(deleted + 3),
            type_="Normal",
            component="default-scheduler",
        ),
        event(reborn, "Started", "Started container pytorch", at(deleted + 9), type_="Normal", host="gpu-node-161"),
    ]
    logs[f"{name}-worker-1/pytorch"] = stamped(head, at(deleted + 10), 1)
    return CaseSpec(
        id="killed-externally-pytorchjob-worker-deleted-by-hand",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="killed-externally",
        culprit=f"{name}-worker-1",
        evidence="Stopping container pytorch",
        description="Worker 1 was deleted with kubectl; restartPolicy OnFailure made the operator create a new pod "
        "with the same name, which waits to join a process group that already formed, while rank 0 "
        "stopped reporting epochs the moment its peer vanished. Only a Killing event on the old pod's "
        "uid tells what happened.",
        objects=[job, *pods, reborn, *events],
        logs=logs,
        captured=at(deleted + 3000),
        title="Deleting one worker pod of a running DDP PyTorchJob stops the training: the pod is recreated "
        "under the same name but never rejoins, and the other ranks wait forever",
        source="https://github.com/kubeflow/pytorch-operator/issues/364",
    )


@SCENARIOS.add
def preempted_pytorchjob_worker_graceful_node_shutdown() -> CaseSpec:
    at = Clock(datetime(2026, 8, 15, 4, 0, tzinfo=timezone.utc))
    name, ns = "asr-conformer-ft", "speech"
    ctr = Container(
        "pytorch",
        "europe-docker.pkg.dev/acme/speech/conformer-train:2.2",
        command=["python", "train.py", "--config", "conf/conformer_ctc.yaml"],
        resources=gpu(4, "128Gi", "24"),
    )
    shutdown = 4200
    msg = "Pod was terminated in response to imminent node shutdown."
    steps = [f"epoch 3 | step {s} | ctc_loss {41.2 - s / 500:.3f} | lr 4.00e-04" for s in range(2000, 2600, 20)]
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        restart_policy="OnFailure",
        plans=[
            PodPlan(
                "worker",
                0,
                running(at(40)),
                node="gke-gpu-preemptible-3a9f",
                log=stamped(steps, at(shutdown - 900), 30),
            ),
            PodPlan(
                "worker",
                1,
                terminated(143, at(41), at(shutdown + 25)),
                node="gke-gpu-preemptible-7c2d",
                log=stamped(steps, at(shutdown - 885), 30),
                phase="Failed",
                extra={
                    "reason": "Terminated",
                    "message": msg,
                    "extra_conditions": [
                        condition("DisruptionTarget", True, at(shutdown), "TerminationByKubelet", msg)
                    ],
                },
            ),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(2), failed=("Worker", at(shutdown + 27))),
        statuses={"Worker": {"active": 1, "failed": 1}},
        completion=at(shutdown + 27),
    )
    events = [
        event(
            job,
            "PyTorchJobFailed",
            f"PyTorchJob {name} is failed because 1 Worker replica(s) failed.",
            at(shutdown + 27),
            type_="Normal",
            component="pytorchjob-controller",
        )
    ]
    return CaseSpec(
        id="preempted-pytorchjob-worker-graceful-node-shutdown",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="preempted",
        culprit=f"{name}-worker-1",
        evidence="imminent node shutdown",
        description="The preemptible node under worker 1 was reclaimed; graceful node shutdown terminated the pod "
        "and left it Failed. With restartPolicy OnFailure the operator did not recreate it and failed "
        "the whole job instead.",
        objects=[job, *pods, *events],
        logs=logs,
        captured=at(shutdown + 300),
        title="A PyTorchJob with restartPolicy OnFailure fails when a preemptible GKE node shuts down: the worker "
        "pod terminated by graceful node shutdown is not recreated",
        source="https://github.com/kubeflow/trainer/issues/1570",
    )


@SCENARIOS.add
def preempted_tfjob_worker_node_not_ready() -> CaseSpec:
    at = Clock(datetime(2026, 8, 16, 1, 0, tzinfo=timezone.utc))
    name, ns, lost = "census-widedeep", "recsys", "gpu-node-7"
    ctr = Container(
        "tensorflow",
        "registry.corp.example/recsys/widedeep-tf:1.8-gpu",
        command=["python", "trainer.py", "--train_steps=2000000"],
        resources=gpu(1, "32Gi", "8"),
    )
    down = 3600
    steps = [f"INFO:tensorflow:global_step/sec: {41.7 + (i % 3) * 0.3:.3f}" for i in range(50)]
    job, pods, logs = kubeflow_with_pods(
        kind="TFJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan(
                "ps",
                0,
                running(at(30)),
                node="cpu-node-2",
                log=stamped(["INFO:tensorflow:Starting parameter server job ps task 0"], at(31), 1),
            ),
            PodPlan("worker", 0, running(at(32)), node="gpu-node-3", log=stamped(steps, at(down - 49 * 60), 60)),
            PodPlan("worker", 1, running(at(33)), node=lost, log=stamped(steps[:-1], at(down - 49 * 60 + 7), 60)),
        ],
        conditions=kubeflow_conditions("TFJob", name, at(2)),
        restart_policy="OnFailure",
        statuses={"PS": {"active": 1}, "Worker": {"active": 2}},
    )
    worker = pods[2]
    wname = worker["metadata"]["name"]
    worker["status"]["containerStatuses"][0]["ready"] = False
    for cond in worker["status"]["conditions"]:
        if cond["type"] in ("Ready", "ContainersReady"):
            cond.update(status="False", lastTransitionTime=ts(at(down + 40)))
    worker["status"].update(reason="NodeLost", message=f"Node {lost} which was running pod {wname} is unresponsive")
    worker["metadata"].update(deletionTimestamp=ts(at(down + 340)), deletionGracePeriodSeconds=30)
    stale = [
        node_condition(
            t, "Unknown", at(down + 40), at(down), "NodeStatusUnknown", "Kubelet stopped posting node status."
        )
        for t in ("MemoryPressure", "DiskPressure", "PIDPressure", "Ready")
    ]
    n = node(
        lost,
        at(-864000),
        conditions=stale,
        capacity={"cpu": "32", "memory": "263750300Ki", "nvidia.com/gpu": "4", "pods": "110"},
        taints=[
            {"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": ts(at(down + 40))},
            {"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": ts(at(down + 40))},
        ],
        labels={"node.kubernetes.io/instance-type": "gpu-4x"},
    )
    events = [
        event(worker, "NodeNotReady", "Node is not ready", at(down + 40), component="node-controller"),
        event(
            worker,
            "TaintManagerEviction",
            f"Marking for deletion Pod {ns}/{wname}",
            at(down + 340),
            type_="Normal",
            component="taint-controller",
        ),
        node_event(
            n,
            "NodeNotReady",
            f"Node {lost} status is now: NodeNotReady",
            at(down + 40),
            type_="Normal",
            component="node-controller",
        ),
    ]
    return CaseSpec(
        id="preempted-tfjob-worker-node-not-ready",
        kind="TFJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="preempted",
        culprit=wname,
        evidence="Node is not ready",
        description="Worker 1's node went NotReady: its pod is stuck Unknown and Terminating because no kubelet "
        "answers, the operator does not replace it, and the synchronous training blocks on the missing "
        "worker until the node comes back.",
        objects=[job, *pods, n, *events],
        logs=logs,
        captured=at(down + 2700),
        title="A TFJob blocks when a worker's node goes NotReady: the worker pod is stuck in Unknown and is never "
        "rebuilt, so training waits for the node",
        source="https://github.com/kubeflow/trainer/issues/720",
    )


@SCENARIOS.add
def evicted_pod_predictor_node_disk_pressure() -> CaseSpec:
    at = Clock(datetime(2026, 8, 17, 6, 0, tzinfo=timezone.utc))
    deployment, ns, host = "log-clustering-sklearn-default-0-classifier", "ds-ml-workflows", "compute-09"
    msg = "Pod The node had condition: [DiskPressure]. "
    pods, events = [], []
    for i in range(3):
        c = Container("classifier", "quay.io/ds-ml/log-clustering-classifier:0.4", resources=cpu_only("1Gi", "500m"))
        p = _rejected(
            _rs_pod(
                deployment,
                ns,
                [c],
                created=at(i * 95),
                phase="Failed",
                n=i,
                node=host,
                scheduled=at(i * 95 + 1),
                reason="Evicted",
                message=msg,
            )
        )
        pods.append(p)
        events.append(event(p, "Evicted", "The node had condition: [DiskPressure].", at(i * 95 + 2), host=host))
    n = node(
        host,
        at(-4000000),
        capacity={"cpu": "48", "memory": "394761060Ki", "pods": "250", "ephemeral-storage": "125293548Ki"},
        labels={"node-role.kubernetes.io/worker": "", "node.openshift.io/os_id": "rhcos"},
        conditions=[
            node_condition(
                "MemoryPressure",
                False,
                at(-4000000),
                at(300),
                "KubeletHasSufficientMemory",
                "kubelet has sufficient memory available",
            ),
            node_condition(
                "DiskPressure", True, at(-600), at(300), "KubeletHasDiskPressure", "kubelet has disk pressure"
            ),
            node_condition(
                "PIDPressure",
                False,
                at(-4000000),
                at(300),
                "KubeletHasSufficientPID",
                "kubelet has sufficient PID available",
            ),
            node_condition("Ready", True, at(-4000000), at(300), "KubeletReady", "kubelet is posting ready status"),
        ],
    )
    first = pods[0]["metadata"]["name"]
    return CaseSpec(
        id="evicted-pod-predictor-node-disk-pressure",
        kind="Pod",
        name=first,
        namespace=ns,
        healthy=False,
        category="evicted",
        culprit=first,
        evidence="The node had condition: [DiskPressure]",
        description="The node's disk filled up; every predictor pod placed there is rejected at admission with "
        "reason Evicted, and the ReplicaSet keeps creating more of them.",
        objects=[*pods, n, *events],
        captured=at(320),
        title="Model-serving predictor pods on one compute node are all Evicted: 'Pod The node had condition: "
        "[DiskPressure]'",
        source="https://github.com/operate-first/apps/issues/1352",
    )


@SCENARIOS.add
def evicted_pod_comfyui_node_low_ephemeral_storage() -> CaseSpec:
    at = Clock(datetime(2026, 8, 17, 13, 0, tzinfo=timezone.utc))
    deployment, ns, host = "comfy2", "genai-lease-7", "prd-dgx-41"
    image = "registry.corp.example/genai/comfyui:cu121-2023.10"
    msg = "The node was low on resource: ephemeral-storage. Threshold quantity: 15763389861, available: 12139364Ki. "
    c = Container("comfyui", image, resources=gpu(1, "64Gi", "8"), state=terminated(137, at(40), at(1201)))
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Failed",
        node=host,
        scheduled=at(1),
        reason="Evicted",
        message=msg,
        qos="Guaranteed",
        extra_conditions=[condition("DisruptionTarget", True, at(1200), "TerminationByKubelet", msg)],
    )
    c2 = Container("comfyui", image, resources=gpu(1, "64Gi", "8"), state=waiting("ContainerCreating"))
    p2 = _rs_pod(
        deployment,
        ns,
        [c2],
        created=at(1205),
        phase="Pending",
        n=1,
        node="prd-dgx-43",
        scheduled=at(1206),
        qos="Guaranteed",
    )
    n = node(
        host,
        at(-900000),
        product="NVIDIA-A100-SXM4-80GB",
        capacity={
            "cpu": "256",
            "memory": "2113457484Ki",
            "nvidia.com/gpu": "8",
            "pods": "110",
            "ephemeral-storage": "157541568Ki",
        },
        conditions=[
            node_condition(
                "DiskPressure", True, at(1190), at(1290), "KubeletHasDiskPressure", "kubelet has disk pressure"
            ),
            node_condition("Ready", True, at(-900000), at(1290), "KubeletReady", "kubelet is posting ready status"),
        ],
    )
    events = [
        event(p, "Evicted", msg, at(1200), host=host),
        event(p, "Killing", "Stopping container comfyui", at(1200), type_="Normal", host=host),
        event(p2, "Pulling", f'Pulling image "{image}"', at(1207), type_="Normal", host="prd-dgx-43"),
        node_event(n, "EvictionThresholdMet", "Attempting to reclaim ephemeral-storage", at(1190), component="kubelet"),
    ]
    name = p["metadata"]["name"]
    return CaseSpec(
        id="evicted-pod-comfyui-node-low-ephemeral-storage",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="evicted",
        culprit=name,
        evidence="low on resource: ephemeral-storage",
        description="The image was not cached, so pulling it and the models filled the node's disk; the kubelet "
        "evicted the running pod under disk pressure and the replacement is still pulling elsewhere.",
        objects=[p, p2, n, *events],
        captured=at(1300),
        title="A ComfyUI deployment on a DGX node is evicted after 20 minutes: 'The node was low on resource: "
        "ephemeral-storage', the node reports disk pressure",
        source="https://github.com/akash-network/support/issues/138",
    )


@SCENARIOS.add
def gpu_hardware_error_pytorchjob_gpu_fell_off_bus_node_event() -> CaseSpec:
    at = Clock(datetime(2026, 8, 18, 2, 0, tzinfo=timezone.utc))
    name, ns = "qwen2-72b-sft", "llm-train"
    ctr = Container(
        "pytorch",
        "registry.corp.example/llm/sft-trainer:torch2.4-cu124",
        command=["torchrun", "--nnodes=4", "--nproc_per_node=8", "sft.py", "--config", "qwen2_72b.yaml"],
        resources=gpu(8, "1600Gi", "96"),
    )
    lost, timeout_at = 5400, 5400 + 1800
    nodes = {"master": "gpu-h100-14", "worker-0": "gpu-h100-15", "worker-1": "gpu-h100-16", "worker-2": "gpu-h100-17"}
    steps = trainer_steps(10, 450, 10)
    start = at(lost - 120 * (len(steps) - 1))

    def failed_log(rank: int, host: str) -> str:
        tail = [
            *watchdog(rank, at(timeout_at), seq=18342, timeout_ms=1800000),
            *torchrun_failed(
                at(timeout_at + 2), rank=rank, local_rank=0, exitcode=-6, pid=331, host=host, script="sft.py"
            ),
        ]
        return stamped(steps, start, 120) + stamped(tail, at(timeout_at), 0.01)

    plans = [
        PodPlan(
            "master",
            0,
            terminated(1, at(60), at(timeout_at + 3)),
            node=nodes["master"],
            log=failed_log(0, nodes["master"]),
        ),
        *[
            PodPlan(
                "worker",
                i,
                terminated(1, at(60), at(timeout_at + 3 + i)),
                node=nodes[f"worker-{i}"],
                log=failed_log(8 * (i + 1), nodes[f"worker-{i}"]),
            )
            for i in (0, 1)
        ],
        PodPlan("worker", 2, running(at(61)), node=nodes["worker-2"], log=stamped(steps, start, 120)),
    ]
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        conditions=kubeflow_conditions("PyTorchJob", name, at(2), failed=("Master", at(timeout_at + 5))),
        statuses={"Master": {"failed": 1}, "Worker": {"active": 1, "failed": 2}},
        completion=at(timeout_at + 5),
    )
    xid = "NVRM: Xid (PCI:0000:44:00): 79, GPU has fallen off the bus"
    objs: list[Obj] = []
    for key, host in nodes.items():
        extra = [
            node_condition(
                "GPUHardwareFailure",
                key == "worker-2",
                at(lost if key == "worker-2" else -86400),
                at(timeout_at + 240),
                "Xid79Detected" if key == "worker-2" else "NoGPUHardwareFailure",
                xid if key == "worker-2" else "GPU hardware is healthy",
            )
        ]
        objs.append(_gpu_node(host, at(-2000000), at(timeout_at + 240), extra=extra))
    bad = objs[-1]
    events = [
        node_event(bad, "Xid79Detected", xid, at(lost), component="kernel-monitor"),
        event(
            job,
            "PyTorchJobFailed",
            f"PyTorchJob {name} is failed because 1 Master replica(s) failed.",
            at(timeout_at + 5),
            type_="Normal",
            component="pytorchjob-controller",
        ),
    ]
    return CaseSpec(
        id="gpu-hardware-error-pytorchjob-gpu-fell-off-bus-node-event",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-hardware-error",
        culprit=f"{name}-worker-2",
        evidence="fallen off the bus",
        description="A GPU under worker 2 fell off the bus mid-step: worker 2's process hangs and prints nothing, "
        "the other three ranks hit the 30-minute NCCL watchdog and fail. Only the node's kernel log, "
        "surfaced by node-problem-detector as a Node condition and event, names the fault.",
        objects=[job, *pods, *objs, *events],
        logs=logs,
        captured=at(timeout_at + 300),
        title="A GPU falls off the bus during multi-node training: dmesg says 'NVRM: Xid ... 79, GPU has fallen "
        "off the bus', with no XID-aware agent the job only shows NCCL timeouts on the other ranks",
        source="https://github.com/NVIDIA/NVSentinel/issues/155",
    )


@SCENARIOS.add
def gpu_hardware_error_pod_cuda_validator_xid48_double_bit() -> CaseSpec:
    at = Clock(datetime(2026, 8, 18, 10, 43, tzinfo=timezone.utc))
    name, ns, host = "nvidia-cuda-validator-p7wq2", "gpu-operator", "worker4"
    image = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.9.0"
    init = Container(
        "cuda-validation",
        image,
        command=["sh", "-c"],
        args=["vectorAdd"],
        state=waiting(
            "CrashLoopBackOff",
            f"back-off 5m0s restarting failed container=cuda-validation pod={name}_{ns}({uid(ns, 'pod', name)})",
        ),
        last=terminated(1, at(1480), at(1481)),
        restarts=8,
    )
    main = Container(
        "nvidia-cuda-validator",
        image,
        command=["sh", "-c"],
        args=["echo cuda workload validated"],
        state=waiting("PodInitializing"),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "nvidia-cuda-validator"},
        owner=None,
        containers=[main],
        init=[init],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        restart_policy="OnFailure",
        qos="BestEffort",
    )
    xid = (
        "NVRM: Xid (PCI:0000:07:00): 48, pid='<unknown>', name=<unknown>, An uncorrectable double bit error (DBE) "
        "has been detected on GPU in the framebuffer at physAddr 0x7fdd60000 partition"
    )
    n = _gpu_node(
        host,
        at(-3000000),
        at(1500),
        product="NVIDIA-A100-SXM4-40GB",
        extra=[node_condition("GPUProblem", True, at(-20), at(1500), "GPUHardwareError", xid)],
    )
    events = [
        node_event(n, "GPUHardwareError", xid, at(-20), component="kernel-monitor"),
        _backoff(p, "cuda-validation", at, 40, 1490, 60),
    ]
    prev = text("Failed to allocate device vector A (error code unknown error)!", "[Vector addition of 50000 elements]")
    return CaseSpec(
        id="gpu-hardware-error-pod-cuda-validator-xid48-double-bit",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-hardware-error",
        culprit=name,
        evidence="uncorrectable double bit error",
        description="On one node the GPU operator's CUDA validator keeps crashing: the sample cannot allocate "
        "device memory ('unknown error'). The node's kernel log has an Xid 48 double-bit ECC error "
        "on that GPU; the pod's own log never names the hardware.",
        objects=[p, n, *events],
        logs={f"{name}/cuda-validation.previous": prev},
        captured=at(1500),
        title="The GPU operator's nvidia-cuda-validator crash-loops on one node with 'Failed to allocate device "
        "vector A (error code unknown error)!'; the syslog shows an Xid 48 uncorrectable double bit error",
        source="https://github.com/NVIDIA/gpu-operator/issues/1146",
    )


@SCENARIOS.add
def gpu_hardware_error_pod_vllm_uncorrectable_ecc() -> CaseSpec:
    at = Clock(datetime(2026, 8, 19, 7, 0, tzinfo=timezone.utc))
    deployment, ns, host = "vllm-llama3-8b", "inference", "gpu-a100-node-12"
    image = "vllm/vllm-openai:v0.4.3"
    c = Container(
        "vllm",
        image,
        args=["--model", "meta-llama/Meta-Llama-3-8B-Instruct", "--max-model-len", "8192"],
        resources=gpu(1, "64Gi", "8"),
        state=_crash_loop("vllm", _rs_name(deployment, ns), ns),
        last=terminated(1, at(1160), at(1214)),
        restarts=6,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    prev = text(
        "INFO 06-03 07:19:22 api_server.py:177] vLLM API server version 0.4.3",
        "INFO 06-03 07:19:22 llm_engine.py:161] Initializing an LLM engine (v0.4.3) with config: "
        "model='meta-llama/Meta-Llama-3-8B-Instruct', speculative_config=None, tokenizer='meta-llama/Meta-Llama-3-8B-"
        "Instruct', skip_tokenizer_init=False, tokenizer_mode=auto, revision=None, rope_scaling=None, "
        "tokenizer_revision=None, trust_remote_code=False, dtype=torch.bfloat16, max_seq_len=8192, download_dir=None, "
        "load_format=LoadFormat.AUTO, tensor_parallel_size=1, disable_custom_all_reduce=False, "
        "quantization=None, enforce_eager=False, kv_cache_dtype=auto, quantization_param_path=None, "
        "device_config=cuda, decoding_config=DecodingConfig(guided_decoding_backend='outlines'), seed=0, "
        "served_model_name=meta-llama/Meta-Llama-3-8B-Instruct)",
        "Traceback (most recent call last):",
        '  File "/usr/lib/python3.10/runpy.py", line 196, in _run_module_as_main',
        "    return _run_code(code, main_globals, None,",
        '  File "/usr/local/lib/python3.10/dist-packages/vllm/worker/worker.py", line 118, in init_device',
        "    torch.cuda.set_device(self.device)",
        "RuntimeError: CUDA error: uncorrectable ECC error encountered",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might "
        "be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    )
    events = [_backoff(p, "vllm", at, 200, 1230, 21)]
    return CaseSpec(
        id="gpu-hardware-error-pod-vllm-uncorrectable-ecc",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-hardware-error",
        culprit=name,
        evidence="uncorrectable ECC error",
        description="vLLM dies on every start with an uncorrectable ECC error from the GPU it was given; the same "
        "deployment works on other hardware. The GPU is faulty.",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(1240),
        title="A vLLM server fails at start with 'RuntimeError: CUDA error: uncorrectable ECC error encountered' - "
        "a hardware fault, the same setup works on other hardware",
        source="https://github.com/vllm-project/vllm/issues/5222",
    )


@SCENARIOS.add
def cuda_error_pod_nvml_lost_after_daemon_reload() -> CaseSpec:
    at = Clock(datetime(2026, 8, 19, 12, 0, tzinfo=timezone.utc))
    name, ns, host = "cuda-nvidia-smi-loop", "gpu-test", "a100-pcie-node-2"
    c = Container(
        "cuda",
        "nvcr.io/nvidia/cuda:12.0.0-base-ubuntu20.04",
        command=["/bin/sh", "-c"],
        args=["while true; do nvidia-smi -L; sleep 5; done"],
        resources={"limits": {"nvidia.com/gpu": "1"}},
        state=running(at(10)),
        ready=True,
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        restart_policy="OnFailure",
        qos="BestEffort",
    )
    good = ["GPU 0: NVIDIA A100-PCIE-40GB (UUID: GPU-551720f0-caf0-22b7-f525-2a51a6ab478d)"] * 60
    bad = ["Failed to initialize NVML: Unknown Error"] * 120
    log = stamped(good + bad, at(11), 5)
    return CaseSpec(
        id="cuda-error-pod-nvml-lost-after-daemon-reload",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="cuda-error",
        culprit=name,
        evidence="Failed to initialize NVML: Unknown Error",
        description="A systemctl daemon-reload on the node made systemd rewrite the container's device cgroup; "
        "the running container lost access to its GPU device nodes and every nvidia-smi call since "
        "fails. The pod still runs, but it has no usable GPU.",
        objects=[p],
        logs={f"{name}/cuda": log},
        captured=at(11 + 5 * 180),
        title="A running GPU container loses its GPU after 'systemctl daemon-reload' on the node: nvidia-smi "
        "starts failing with 'Failed to initialize NVML: Unknown Error'",
        source="https://github.com/NVIDIA/nvidia-docker/issues/1730",
    )


@SCENARIOS.add
def evicted_job_lightning_train_node_memory_pressure() -> CaseSpec:
    at = Clock(datetime(2026, 8, 20, 19, 30, tzinfo=timezone.utc))
    name, ns, host = "train-seg-t4-run-0412", "zutils", "gke-zutils-x3-gpu-n1-highmem-8-t4-non-a60edc7f-7lpz"
    ctr = Container(
        "train",
        "us-east1-docker.pkg.dev/acme-em/zutils/zetta-utils:py3.10-torch2.0",
        command=["zetta", "run", "specs/train_seg.cue"],
        resources={
            "requests": {"cpu": "6", "memory": "40Gi", "nvidia.com/gpu": "1"},
            "limits": {"memory": "52Gi", "nvidia.com/gpu": "1"},
        },
    )
    evict = 5487
    msg = (
        "The node was low on resource: memory. Threshold quantity: 100Mi, available: 91204Ki. Container train was "
        "using 50881232Ki, which exceeds its request of 40Gi. "
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        failed=1,
        start=at(1),
        conditions=backoff_conditions(at(evict + 3)),
    )
    job["spec"]["podFailurePolicy"] = {
        "rules": [{"action": "Ignore", "onPodConditions": [{"type": "DisruptionTarget", "status": "True"}]}]
    }
    c = Container(
        "train", ctr.image, command=ctr.command, resources=ctr.resources, state=terminated(137, at(30), at(evict + 1))
    )
    p = job_pod(
        job,
        [c],
        created=at(1),
        phase="Failed",
        node=host,
        scheduled=at(2),
        reason="Evicted",
        message=msg,
        qos="Burstable",
        extra_conditions=[condition("DisruptionTarget", True, at(evict), "TerminationByKubelet", msg)],
    )
    pname = p["metadata"]["name"]
    log = stamped(
        [
            f"Epoch 7:  {pct}%|#####     | {pct * 12}/1200 [03:{pct % 60:02d}<03:01, 3.31it/s, v_num=0, "
            f"loss={0.412 - pct / 2000:.3f}]"
            for pct in range(2, 98, 4)
        ],
        at(evict - 240),
        10,
    )
    events = [
        event(p, "Evicted", msg, at(evict), host=host),
        event(p, "Killing", "Stopping container train", at(evict), type_="Normal", host=host),
        event(
            job,
            "BackoffLimitExceeded",
            "Job has reached the specified backoff limit",
            at(evict + 3),
            component="job-controller",
        ),
    ]
    return CaseSpec(
        id="evicted-job-lightning-train-node-memory-pressure",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="evicted",
        culprit=pname,
        evidence="The node was low on resource: memory",
        description="The T4 node ran out of memory and the kubelet evicted the training pod, whose usage exceeded "
        "its request. The Job's pod failure policy was meant to ignore disruptions, yet the Job failed "
        "instead of starting the training again on another node; the training log just stops.",
        objects=[job, p, *events],
        logs={f"{pname}/train": log},
        captured=at(evict + 600),
        title="A Lightning training Job on GKE shuts down after its T4 node runs out of memory: the pod is evicted "
        "and the Job fails although its pod failure policy should have ignored the disruption",
        source="https://github.com/ZettaAI/zetta_utils/issues/524",
    )


@SCENARIOS.add
def cuda_error_job_no_cuda_gpus_without_gpu_request() -> CaseSpec:
    at = Clock(datetime(2026, 8, 21, 10, 0, tzinfo=timezone.utc))
    name, ns = "vllm-offline-inference", "llm-batch"
    ctr = Container(
        "infer",
        "nvidia/cuda:12.3.1-devel-ubi8",
        command=["bash", "-c", "pip install vllm && python examples/offline_inference.py"],
        resources=cpu_only("32Gi", "8"),
    )
    log = text(
        "Successfully installed vllm-0.3.2 xformers-0.0.23.post1",
        "Traceback (most recent call last):",
        '  File "/workspace/examples/offline_inference.py", line 14, in <module>',
        '    llm = LLM(model="facebook/opt-125m")',
        '  File "/usr/local/lib/python3.9/site-packages/vllm/entrypoints/llm.py", line 109, in __init__',
        "    self.llm_engine = LLMEngine.from_engine_args(engine_args)",
        '  File "/usr/local/lib/python3.9/site-packages/vllm/worker/worker.py", line 79, in init_model',
        "    torch.cuda.set_device(self.device)",
        '  File "/usr/local/lib/python3.9/site-packages/torch/cuda/__init__.py", line 302, in _lazy_init',
        "    torch._C._cuda_init()",
        "RuntimeError: No CUDA GPUs are available",
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        failed=1,
        start=at(1),
        conditions=backoff_conditions(at(302)),
    )
    c = Container("infer", ctr.image, command=ctr.command, resources=ctr.resources, state=terminated(1, at(8), at(300)))
    p = job_pod(job, [c], created=at(1), phase="Failed", node="gpu-a10g-node-1", scheduled=at(2))
    for spec in (job["spec"]["template"]["spec"], p["spec"]):
        spec["nodeSelector"] = {"nvidia.com/gpu.present": "true"}
    return CaseSpec(
        id="cuda-error-job-no-cuda-gpus-without-gpu-request",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="cuda-error",
        culprit=p["metadata"]["name"],
        evidence="No CUDA GPUs are available",
        description="The pod is pinned to a GPU node by a node selector but requests no nvidia.com/gpu, so no GPU "
        "is mounted into the container and torch finds none.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/infer": log},
        captured=at(600),
        title="vLLM's offline inference example fails on Kubernetes with 'No CUDA GPUs are available' although "
        "the pod runs on the GPU node",
        source="https://github.com/vllm-project/vllm/issues/3019",
    )


@SCENARIOS.add
def cuda_error_pytorchjob_prestart_hook_no_cuda_device() -> CaseSpec:
    at = Clock(datetime(2026, 8, 21, 15, 0, tzinfo=timezone.utc))
    name, ns, host = "random-exp-jvhbdvqd", "kubeflow-user", "minikube"
    ctr = Container(
        "pytorch",
        "docker.io/kubeflowkatib/pytorch-mnist:v1beta1-45c5727",
        command=[
            "python3",
            "/opt/pytorch-mnist/mnist.py",
            "--epochs=1",
            "--no-cuda=True",
            "--lr=0.0189",
            "--momentum=0.6277",
        ],
    )
    hook = (
        'Error: failed to start container "pytorch": Error response from daemon: OCI runtime create failed: '
        'container_linux.go:346: starting container process caused "process_linux.go:449: container init caused '
        '\\"process_linux.go:432: running prestart hook 0 caused \\\\\\"error running hook: exit status 1, '
        "stdout: , "
        "stderr: nvidia-container-cli: initialization error: cuda error: no cuda-capable device is detected"
        '\\\\\\\\n\\\\\\"\\"": unknown'
    )
    reason = hook.removeprefix('Error: failed to start container "pytorch": Error response from daemon: ')
    plan = PodPlan(
        "master",
        0,
        _crash_loop("pytorch", f"{name}-master-0", ns, "40s"),
        last=terminated(128, at(160), at(160), reason="ContainerCannotRun", message=reason),
        restarts=3,
        node=host,
        phase="Running",
    )
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[plan],
        restart_policy="OnFailure",
        conditions=kubeflow_conditions("PyTorchJob", name, at(2)),
        statuses={"Master": {"active": 1}},
    )
    master = pods[0]
    events = [
        event(master, "Failed", hook, at(20), last=at(160), count=3, host=host),
        event(master, "BackOff", "Back-off restarting failed container", at(21), last=at(175), count=5, host=host),
    ]
    return CaseSpec(
        id="cuda-error-pytorchjob-prestart-hook-no-cuda-device",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="cuda-error",
        culprit=master["metadata"]["name"],
        evidence="no cuda-capable device is detected",
        description="Minikube runs with the nvidia container runtime as default but has no GPU: the runtime's "
        "prestart hook fails for every container whose image asks for the GPU, even with --no-cuda, "
        "and the trial's master never starts.",
        objects=[job, *pods, *events],
        logs=logs,
        captured=at(180),
        title="The Katib PyTorch example never starts on minikube: 'nvidia-container-cli: initialization error: "
        "cuda error: no cuda-capable device is detected' from the runtime's prestart hook",
        source="https://github.com/kubeflow/katib/issues/1112",
    )


# -- Ascend NPUs ---------------------------------------------------------------------------------------


def _npus(n: int, memory: str, cpu: str) -> Obj:
    return {
        "limits": {"cpu": cpu, "memory": memory, "huawei.com/Ascend910": str(n)},
        "requests": {"cpu": cpu, "memory": memory, "huawei.com/Ascend910": str(n)},
    }


@SCENARIOS.add
def nccl_error_job_ascend_hccl_notify_wait_timeout() -> CaseSpec:
    at = Clock(datetime(2023, 9, 12, 6, 0, tzinfo=timezone.utc))
    name, ns = "llama2-13b-sft-npu", "ascend-llm"
    ctr = Container(
        "train",
        "registry.corp.example/ascend/llama-factory:cann7.0-torch2.1",
        command=[
            "accelerate",
            "launch",
            "--config_file",
            "npu_8.yaml",
            "src/train_bash.py",
            "--stage",
            "sft",
            "--model_name_or_path",
            "/models/Llama-2-13b-hf",
        ],
        resources=_npus(8, "900Gi", "128"),
    )
    hang, fail = 1710, 1710 + 1800
    lines = [
        *trainer_steps(10, 260, 10, total=3000),
        "npuSynchronizeDevice:/usr1/02/workspace/j_vqN6BFvg/pytorch/torch_npu/csrc/core/npu/NPUStream.cpp:370 "
        "NPU error, error code is 107020.",
        "EI0002: The wait execution of the Notify register times out. Reason: The Notify register has not "
        "received the Notify record from remote rank [4294967295].base information: [streamID:[1], taskID[39], "
        "taskType[Notify Wait], tag[AllReduce_192.168.0.116%enp69s0_60000_0_1694500287022627].] task "
        "information: [notify id:[0x0000000500000010], stage:[0], remote rank:[local].]",
        "        Possible Cause: 1. An exception occurs during the execution on some NPUs in the cluster. As a "
        "result, collective communication operation failed.2. The execution speed on some NPU in the cluster "
        "is too slow to complete a communication operation within the timeout interval. (default 1800s, You "
        "can set the interval by using HCCL_EXEC_TIMEOUT.)3. The number of training samples of each NPU is "
        "inconsistent.4. Packet loss or other connectivity problems occur on the communication link.",
        "        Solution: 1. If this error is reported on part of these ranks, check other ranks to see whether "
        "other errors have been reported earlier.2. If this error is reported for all ranks, check whether the "
        "error reporting time is consistent (the maximum difference must not exceed 1800s).",
    ]
    n_steps = len(lines) - 4
    log = stamped(lines, at(hang - 60 * (n_steps - 1)), [60.0] * (n_steps - 1) + [1800.0, 0.01])
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        failed=1,
        start=at(1),
        conditions=backoff_conditions(at(fail + 12)),
    )
    c = Container(
        "train", ctr.image, command=ctr.command, resources=ctr.resources, state=terminated(1, at(20), at(fail + 10))
    )
    p = job_pod(job, [c], created=at(1), phase="Failed", node="atlas-800t-a2-03", scheduled=at(2))
    return CaseSpec(
        id="nccl-error-job-ascend-hccl-notify-wait-timeout",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=p["metadata"]["name"],
        evidence="EI0002",
        description="Fine-tuning on eight NPUs with accelerate's MULTI_NPU: an all-reduce never completes, and "
        "after HCCL's 1800 s execution timeout the Notify wait fails (EI0002) and the run dies.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/train": log},
        captured=at(fail + 300),
        title="LLaMA-Factory on Ascend NPUs with accelerate MULTI_NPU dies with a timeout: 'EI0002: The wait "
        "execution of the Notify register times out' in an AllReduce",
        source="https://github.com/hiyouga/LlamaFactory/pull/975",
    )


@SCENARIOS.add
def nccl_error_job_grpo_vllm_ascend_hccl_socket_timeout() -> CaseSpec:
    at = Clock(datetime(2025, 4, 8, 17, 0, tzinfo=timezone.utc))
    name, ns = "grpo-r1-npu", "rl-ascend"
    ctr = Container(
        "grpo",
        "registry.corp.example/ascend/r1-grpo:vllm-ascend0.7.3-cann8.0",
        command=["torchrun", "--nproc_per_node=8", "grpo.py", "--use_vllm", "true"],
        resources=_npus(8, "1000Gi", "160"),
    )
    fail = 4040  # 18:07:20
    r = "[rank1]:"
    err = [
        f"{r} Traceback (most recent call last):",
        f'{r}   File "/workspace/r1/vllm/vllm/distributed/parallel_state.py", line 363, in all_reduce',
        f"{r}     return self.device_communicator.all_reduce(input_)",
        f'{r}   File "/workspace/r1/vllm/vllm/distributed/device_communicators/base_device_communicator.py", '
        "line 35, in all_reduce",
        f"{r}     dist.all_reduce(input_, group=self.device_group)",
        f'{r}   File "/data/miniconda3/envs/env-3.10.14/lib/python3.10/site-packages/torch/distributed/'
        'c10d_logger.py", line 83, in wrapper',
        f"{r}     return func(*args, **kwargs)",
        f'{r}   File "/data/miniconda3/envs/env-3.10.14/lib/python3.10/site-packages/torch/distributed/'
        'distributed_c10d.py", line 2501, in all_reduce',
        f"{r}     work = group.allreduce([tensor], opts)",
        f"{r} RuntimeError: InnerRunOpApi:torch_npu/csrc/framework/OpParamMaker.cpp:281 OPS function error: "
        "HcclAllreduce, error code is 6",
        f"{r} [ERROR] 2025-04-08-18:07:20 (PID:1292363, Device:1, RankID:1) ERR01100 OPS call acl api failed",
        f"{r} EI0006: [PID: 1292363] 2025-04-08-18:07:20.444.436 Getting socket times out. Reason: Remote Rank "
        "did not send the data in time. Please check the reason for the rank being stuck",
        f"{r}         Solution: 1. Check the rank service processes with other errors or no errors in the "
        "cluster.2. If this error is reported for all NPUs, check whether the time difference between the "
        "earliest and latest errors is greater than the connect timeout interval (120s by default)",
    ]
    steps = [
        f"{{'loss': 0.0{i % 7 + 1}, 'grad_norm': 0.{i + 31}, 'learning_rate': 9.{i % 10}e-07, "
        f"'rewards/accuracy_reward': 0.{i + 40}, 'epoch': 0.0{i // 10}}}"
        for i in range(20)
    ]
    log = stamped(steps, at(fail - 150 - 19 * 150), 150) + stamped(err, at(fail), 0.001)
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        failed=1,
        start=at(1),
        conditions=backoff_conditions(at(fail + 8)),
    )
    c = Container(
        "grpo", ctr.image, command=ctr.command, resources=ctr.resources, state=terminated(1, at(25), at(fail + 6))
    )
    p = job_pod(job, [c], created=at(1), phase="Failed", node="atlas-800t-a2-11", scheduled=at(2))
    return CaseSpec(
        id="nccl-error-job-grpo-vllm-ascend-hccl-socket-timeout",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=p["metadata"]["name"],
        evidence="EI0006",
        description="GRPO training with vLLM inference co-located on the same NPUs: an HCCL all-reduce inside "
        "vLLM's tensor-parallel group times out getting its socket (EI0006) and the run aborts.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/grpo": log},
        captured=at(fail + 400),
        title="GRPO training with vLLM co-located on Ascend NPUs fails: 'HcclAllreduce, error code is 6', "
        "'EI0006: Getting socket times out. Reason: Remote Rank did not send the data in time'",
        source="https://github.com/vllm-project/vllm-ascend/issues/486",
    )


@SCENARIOS.add
def nccl_error_pod_lmdeploy_ascend_hccl_task_timeout_hang() -> CaseSpec:
    at = Clock(datetime(2025, 3, 20, 8, 0, tzinfo=timezone.utc))
    deployment, ns, host = "lmdeploy-qwen-72b", "llm-serving", "atlas-800i-a2-02"
    c = Container(
        "lmdeploy",
        "openmmlab/lmdeploy:v0.7.2.post1-ascend",
        command=[
            "lmdeploy",
            "serve",
            "api_server",
            "/models/Qwen2.5-72B-Instruct",
            "--backend",
            "pytorch",
            "--device",
            "ascend",
            "--tp",
            "8",
        ],
        resources=_npus(8, "800Gi", "96"),
        state=running(at(20)),
        ready=True,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    served = [
        f'INFO:     10.1.4.{20 + i % 7}:{41000 + i} - "POST /v1/chat/completions HTTP/1.1" 200 OK' for i in range(60)
    ]
    stuck = 2400
    err = [
        "        Solution: 1. If this error is reported on part of these ranks, check other ranks to see whether "
        "other errors have been reported earlier.2. If this error is reported for all ranks, check whether the "
        "error reporting time is consistent (the maximum difference must not exceed 1800s). If not, locate the "
        "cause or adjust the locate the cause or set the HCCL_EXEC_TIMEOUT environment variable to a larger "
        "value.3. Check whether the completion queue element (CQE) of the error exists in the plog(grep -rn "
        "'error cqe'). If so, check the network connection status. (For details, see the TLS command and HCCN "
        "connectivity check examples.)4. Ensure that the number of training samples of each NPU is consistent.",
        "        TraceBack (most recent call last):",
        "        The error from device(chipId:5, dieId:0), serial number is 17, hccl fftsplus task timeout occurred "
        "during task execution, stream_id:7, sq_id:7, task_id:9865, stuck notify num:3, timeout:1836."
        "[FUNC:ProcessStarsHcclFftsPlusTimeoutErrorInfo][FILE:device_error_proc.cc][LINE:1657]",
        "        The 0 stuck notify wait context info:(context_id=13, notify_id=17)."
        "[FUNC:ProcessStarsHcclFftsPlusTimeoutErrorInfo][FILE:device_error_proc.cc][LINE:1664]",
        "        The 1 stuck notify wait context info:(context_id=15, notify_id=19)."
        "[FUNC:ProcessStarsHcclFftsPlusTimeoutErrorInfo][FILE:device_error_proc.cc][LINE:1664]",
    ]
    log = stamped(served, at(stuck - 59 * 10), 10) + stamped(err, at(stuck + 1836), 0.001)
    return CaseSpec(
        id="nccl-error-pod-lmdeploy-ascend-hccl-task-timeout-hang",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=name,
        evidence="hccl fftsplus task timeout",
        description="Under a serving benchmark the tensor-parallel HCCL collective got stuck: requests stop being "
        "answered, and after the 1836 s HCCL execution timeout the device reports an fftsplus task "
        "timeout with stuck notifies. The process stays up but serves nothing.",
        objects=[p],
        logs={f"{name}/lmdeploy": log},
        captured=at(stuck + 1836 + 600),
        title="LMDeploy serving on Ascend freezes at random under a speed test: 'hccl fftsplus task timeout "
        "occurred during task execution ... stuck notify num:3'",
        source="https://github.com/InternLM/lmdeploy/issues/3354",
    )


@SCENARIOS.add
def cuda_error_pod_vllm_ascend_graph_mode_kernel_launch_failed() -> CaseSpec:
    at = Clock(datetime(2026, 6, 17, 22, 0, tzinfo=timezone.utc))
    deployment, ns, host = "glm-5-1-serving", "llm-serving", "atlas-a3-node-5"
    crash = 17035  # 02:43:55 the next day, as the runtime's own lines say
    c = Container(
        "vllm",
        "quay.io/ascend/vllm-ascend:v0.21.0rc1",
        command=["vllm", "serve", "/models/GLM-5.1", "--tensor-parallel-size", "16", "--served-model-name", "glm-5.1"],
        resources=_npus(16, "1500Gi", "192"),
        state=running(at(crash + 20)),
        last=terminated(134, at(30), at(crash + 2)),
        restarts=1,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    served = [
        f'(APIServer pid=1) INFO:     10.3.0.{i % 9 + 2}:{52000 + i} - "POST /v1/chat/completions HTTP/1.1" 200 OK'
        for i in range(30)
    ]
    crash_lines = [
        "terminate called after throwing an instance of 'terminate called after throwing an instance of "
        "'std::runtime_errorstd::runtime_error'",
        "'",
        "[rank1]:[E618 02:43:55.606664868 OpParamMaker.cpp:454] operator():../third_party/op-plugin/op_plugin/utils/"
        "op_api_common.h:192 NPU function error: call failed, error code is 507011",
        "[ERROR] 2026-06-18-02:43:55 (PID:859, Device:1, RankID:-1) ERR00100 PTA call acl api failed",
        "[Error]: Model execution failed. ",
        "        Rectify the fault based on the error information in the ascend log.",
        "[PID: 859] 2026-06-18-02:43:55.862.637 AclNN_Runtime_Error(EZ9903): aclrtLaunchKernelWithHostArgs failed: "
        "507011",
        "        Solution: In this scenario, collect the plog when the fault occurs and locate the fault based on the "
        "plog.",
        "        TraceBack (most recent call last):",
        "        The error from device(chipId:1, dieId:0), serial number is 6, there is an exception of fftsplus "
        "aivector error, core id is 1, error code = 0x800000, dump info: pc start: 0x1308593b547c, current: "
        "0x1308593b6d54, vec error info: 0x631fa7c210, mte error info: 0xdb0600005f, ifu error info: "
        "0x6b2030a9ad0c0, ccu error info: 0x167a2aea16160332, cube error info: 0, biu error info: 0, aic error "
        "mask: 0x6500020bd00028c, para base: 0x12c141971080.[FUNC:PrintCoreInfo][FILE:device_error_core_proc.cc]"
        "[LINE:6",
    ]
    prev = stamped(served, at(crash - 290), 10) + stamped(crash_lines, at(crash), 0.001)
    events = [
        event(
            p,
            "Pulled",
            'Container image "quay.io/ascend/vllm-ascend:v0.21.0rc1" already present on machine',
            at(crash + 19),
            type_="Normal",
            host=host,
        ),
        event(p, "Started", "Started container vllm", at(crash + 20), type_="Normal", host=host),
    ]
    return CaseSpec(
        id="cuda-error-pod-vllm-ascend-graph-mode-kernel-launch-failed",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="cuda-error",
        culprit=name,
        evidence="aclrtLaunchKernelWithHostArgs failed",
        description="Served in graph mode (no enforce_eager), GLM-5.1 crashes after hours of traffic: a kernel "
        "launch fails with an AI-core vector exception and the process aborts. The container has just "
        "been restarted and is loading the model again; the crash is in its previous log.",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(crash + 80),
        title="vLLM-Ascend serving GLM-5.1 without enforce_eager crashes after running a while: "
        "'AclNN_Runtime_Error(EZ9903): aclrtLaunchKernelWithHostArgs failed: 507011', fftsplus aivector error",
        source="https://github.com/vllm-project/vllm-ascend/issues/10700",
    )


@SCENARIOS.add
def nccl_error_pytorchjob_ascend_stream_sync_timeout() -> CaseSpec:
    at = Clock(datetime(2024, 9, 3, 8, 0, tzinfo=timezone.utc))
    name, ns = "intent-cls-1p2m", "ascend-nlp"
    ctr = Container(
        "pytorch",
        "registry.corp.example/ascend/torch-npu:2.1.0-cann8.0.rc2",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=8", "train.py"],
        env=[{"name": "HCCL_EXEC_TIMEOUT", "value": "17340"}],
        resources=_npus(8, "900Gi", "96"),
    )
    fail = 31800  # 16:50:00, the time the runtime prints in its own line
    err = [
        "W NPUStream.cpp:409] Warning: NPU warning, error code is 507046[Error]: ",
        "[Error]: In the specified timeout waiting event, all tasks in the specified stream are not completed. ",
        "        Rectify the fault based on the error information in the ascend log.",
        "EE1002: 2024-09-03-16:50:00.041.231 Stream synchronize timeout. rtDeviceSynchronize execute failed, "
        "reason=[stream sync timeout]",
        "        Possible Cause: 1. The timeout interval may be improperly set.",
        "        Solution: 1. Check whether the timeout interval is properly set. 2. Check whether the network is "
        "normal.",
        "        TraceBack (most recent call last):",
        "        wait for compute device to finish failed, runtime result = 507046.[FUNC:ReportCallError]"
        "[FILE:log_inner.cpp][LINE:161]",
        " (function npuSynchronizeUsedDevices)",
    ]
    steps = [f"epoch 0 step {s} loss {1.92 - s / 9000:.4f}" for s in range(100, 2100, 100)]

    def log(offset: float) -> str:
        return stamped(steps, at(fail - 17340 - 19 * 300 + offset), 300) + stamped(err, at(fail + offset), 0.001)

    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        restart_policy="Never",
        plans=[
            PodPlan("master", 0, terminated(1, at(30), at(fail + 2)), node="atlas-a2-07", log=log(0)),
            PodPlan("worker", 0, terminated(1, at(31), at(fail + 3)), node="atlas-a2-08", log=log(0.4)),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(2), failed=("Master", at(fail + 5))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1}},
        completion=at(fail + 5),
    )
    return CaseSpec(
        id="nccl-error-pytorchjob-ascend-stream-sync-timeout",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=[f"{name}-master-0", f"{name}-worker-0"],
        evidence="Stream synchronize timeout",
        description="Sixteen-NPU training on 1.2M samples: after a collective stops progressing both nodes wait "
        "out the raised HCCL_EXEC_TIMEOUT and fail together with a stream synchronize timeout (EE1002); "
        "no rank shows an earlier error of its own.",
        objects=[job, *pods],
        logs=logs,
        captured=at(fail + 600),
        title="Training on 16 Ascend NPUs fails with 'EE1002: Stream synchronize timeout. rtDeviceSynchronize "
        "execute failed' although HCCL_EXEC_TIMEOUT was raised to 17340",
        source="https://github.com/Ascend/pytorch/issues/48",
    )


# -- inference servers ---------------------------------------------------------------------------------


def _http_probe(
    path: str,
    port: int,
    *,
    kinds: tuple[str, ...] = ("livenessProbe", "readinessProbe"),
    delay: int = 0,
    period: int = 10,
    failures: int = 3,
) -> Obj:
    probe = {
        "httpGet": {"path": path, "port": port, "scheme": "HTTP"},
        "initialDelaySeconds": delay,
        "periodSeconds": period,
        "failureThreshold": failures,
        "timeoutSeconds": 1,
        "successThreshold": 1,
    }
    return {k: dict(probe) for k in kinds}


@SCENARIOS.add
def gpu_oom_pod_vllm_no_memory_for_cache_blocks() -> CaseSpec:
    at = Clock(datetime(2024, 11, 18, 17, 40, tzinfo=timezone.utc))
    deployment, ns, host = "qwen2-5-0-5b-instruct", "llm-dev", "gpu-rtx4090-1"
    args = ["--model", "/models/Qwen2.5-0.5B-Instruct", "--gpu-memory-utilization", "0.3", "--max-model-len", "4096"]
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.6.4.post1",
        args=args,
        resources=gpu(1, "16Gi", "4"),
        state=_crash_loop("vllm", _rs_name(deployment, ns), ns),
        last=terminated(1, at(1600), at(1648)),
        restarts=5,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    w = "ERROR 11-18 18:07:28 engine.py:366]"
    prev = text(
        "INFO 11-18 18:07:05 api_server.py:585] vLLM API server version 0.6.4.post1",
        "INFO 11-18 18:07:21 model_runner.py:1077] Loading model weights took 0.9277 GB",
        "INFO 11-18 18:07:27 worker.py:232] Memory profiling results: total_gpu_memory=23.65GiB "
        "initial_memory_usage=14.37GiB peak_torch_memory=2.36GiB memory_usage_post_profile=14.45GiB "
        "non_torch_memory=13.41GiB kv_cache_size=-8.67GiB gpu_memory_utilization=0.30",
        f"{w} No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing "
        "the engine.",
        f"{w} Traceback (most recent call last):",
        f'{w}   File "/usr/local/lib/python3.12/dist-packages/vllm/engine/multiprocessing/engine.py", line 357, in '
        "run_mp_engine",
        f"{w}     engine = MQLLMEngine.from_engine_args(engine_args=engine_args,",
        f'{w}   File "/usr/local/lib/python3.12/dist-packages/vllm/worker/worker.py", line 493, in '
        "raise_if_cache_size_invalid",
        f'{w}     raise ValueError("No available memory for the cache blocks. "',
        f"{w} ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when "
        "initializing the engine.",
    )
    events = [_backoff(p, "vllm", at, 300, 1660, 22)]
    return CaseSpec(
        id="gpu-oom-pod-vllm-no-memory-for-cache-blocks",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=name,
        evidence="No available memory for the cache blocks",
        description="vLLM may use 30% of a GPU that other processes already hold; after the weights nothing of "
        "that share is left for the KV cache, so every start fails - lowering the fraction further only "
        "makes it worse.",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(1680),
        title="vLLM 0.6.4.post1 cannot start even Qwen2.5-0.5B-Instruct: 'No available memory for the cache "
        "blocks' for every gpu_memory_utilization tried between 0.03 and 0.4",
        source="https://github.com/vllm-project/vllm/issues/10439",
    )


@SCENARIOS.add
def permission_denied_pod_triton_vllm_gated_model() -> CaseSpec:
    at = Clock(datetime(2024, 8, 6, 21, 30, tzinfo=timezone.utc))
    deployment, ns, host = "nvidia-triton-server-triton-inference-server", "triton-vllm", "ip-100-64-21-7"
    c = Container(
        "triton-inference-server",
        "nvcr.io/nvidia/tritonserver:24.05-vllm-python-py3",
        command=[
            "tritonserver",
            "--model-repository=/models",
            "--model-control-mode=explicit",
            "--load-model=llama3",
            "--load-model=mistral7b",
        ],
        resources=gpu(1, "64Gi", "8"),
        state=_crash_loop("triton-inference-server", _rs_name(deployment, ns), ns),
        last=terminated(1, at(1300), at(1366)),
        restarts=6,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    gated = (
        'I0806 21:52:45.863589 1 pb_stub.cc:366] "Failed to initialize Python stub: OSError: You are trying to '
        "access a gated repo.\\nMake sure to have access to it at "
        "https://huggingface.co/meta-llama/Meta-Llama-3-8B-Instruct.\\n403 Client Error. (Request ID: "
        "Root=1-66b29b2d-360bea0d76518b604809e08c;c38d10d6-674e-466b-9a56-a7b3f7c07a4e)\\n\\nCannot access gated "
        "repo for url https://huggingface.co/meta-llama/Meta-Llama-3-8B-Instruct/resolve/main/config.json.\\n"
        "Access to model meta-llama/Meta-Llama-3-8B-Instruct is restricted and you are not in the authorized "
        'list. Visit https://huggingface.co/meta-llama/Meta-Llama-3-8B-Instruct to ask for access."'
    )
    prev = text(
        "I0806 21:52:20.511802 1 pinned_memory_manager.cc:275] Pinned memory pool is created at '0x7f2a1e000000' "
        "with size 268435456",
        "I0806 21:52:20.512447 1 cuda_memory_manager.cc:107] CUDA memory pool is created on device 0 with size "
        "67108864",
        "I0806 21:52:20.519306 1 model_lifecycle.cc:469] loading: llama3:1",
        "I0806 21:52:22.804112 1 python_be.cc:2404] TRITONBACKEND_ModelInstanceInitialize: llama3_0_0 (GPU device 0)",
        gated,
        "E0806 21:52:46.142036 1 model_lifecycle.cc:638] failed to load 'llama3' version 1: Internal: OSError: You "
        "are trying to access a gated repo.",
        "I0806 21:52:46.142118 1 model_lifecycle.cc:773] failed to load 'llama3'",
        "error: creating server: Internal - failed to load all models",
    )
    events = [_backoff(p, "triton-inference-server", at, 200, 1380, 17)]
    return CaseSpec(
        id="permission-denied-pod-triton-vllm-gated-model",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=name,
        evidence="gated repo",
        description="Triton's vLLM backend downloads Llama 3 from the hub at start; the token's account has not "
        "accepted the model's licence, so the hub answers 403 and Triton exits because not all models "
        "loaded.",
        objects=[p, *events],
        logs={f"{name}/triton-inference-server.previous": prev},
        captured=at(1400),
        title="Triton with the vLLM backend on EKS crash-loops: the Python stub fails with 'You are trying to access "
        "a gated repo ... 403 Client Error' for Meta-Llama-3-8B-Instruct",
        source="https://github.com/awslabs/data-on-eks/issues/605",
    )


@SCENARIOS.add
def killed_externally_pod_inference_sim_liveness_404() -> CaseSpec:
    at = Clock(datetime(2025, 6, 3, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "vllm-standalone-3b-vllm-llama-3-3b-instruct", "llm-d", "ocp-worker-gpu-2"
    cname = deployment
    probes = _http_probe("/health", 8000, delay=15)
    c = Container(
        cname,
        "ghcr.io/llm-d/llm-d-inference-sim:v0.1.1",
        args=["--model", "meta-llama/Llama-3.2-3B-Instruct", "--port", "8000"],
        resources=cpu_only("1Gi", "1"),
        probes=probes,
        state=running(at(1082)),
        last=terminated(2, at(980), at(1080)),
        restarts=6,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    image = "ghcr.io/llm-d/llm-d-inference-sim:v0.1.1"
    events = [
        event(
            p,
            "Pulled",
            f'Successfully pulled image "{image}" in 2.311s (2.311s including waiting). Image size: 119461385 bytes.',
            at(180),
            type_="Normal",
            host=host,
        ),
        event(
            p,
            "Unhealthy",
            "Liveness probe failed: HTTP probe failed with statuscode: 404",
            at(40),
            last=at(1060),
            count=21,
            host=host,
        ),
        event(
            p,
            "Killing",
            f"Container {cname} failed liveness probe, will be restarted",
            at(60),
            last=at(1080),
            count=6,
            type_="Normal",
            host=host,
        ),
        event(p, "Pulling", f'Pulling image "{image}"', at(2), last=at(1081), count=7, type_="Normal", host=host),
        event(p, "Started", f"Started container {cname}", at(5), last=at(1082), count=7, type_="Normal", host=host),
    ]
    return CaseSpec(
        id="killed-externally-pod-inference-sim-liveness-404",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="killed-externally",
        culprit=name,
        evidence="failed liveness probe",
        description="The simulator serves no health endpoint where the liveness probe looks, so every probe gets "
        "404 and the kubelet restarts a container that works: six restarts in twenty minutes, never "
        "ready.",
        objects=[p, *events],
        captured=at(1200),
        title="The llm-d inference simulator restarts every few minutes on OpenShift: 'Liveness probe failed: HTTP "
        "probe failed with statuscode: 404', the container lacks the probed endpoint",
        source="https://github.com/llm-d/llm-d-inference-sim/issues/45",
    )


@SCENARIOS.add
def killed_externally_pod_triton_liveness_while_loading_models() -> CaseSpec:
    at = Clock(datetime(2024, 4, 24, 10, 0, tzinfo=timezone.utc))
    deployment, ns, host = "example-triton-inference-server", "default", "10.0.10.95"
    probes = {
        **_http_probe("/v2/health/live", 8000, kinds=("livenessProbe",), delay=180),
        **_http_probe("/v2/health/ready", 8000, kinds=("readinessProbe",), delay=5, period=5),
    }
    image = "nvcr.io/nvidia/tritonserver:24.03-py3"
    c = Container(
        "triton-inference-server",
        image,
        command=[
            "tritonserver",
            "--model-store=s3://https://objectstorage.us-ashburn-1.example.com:443/triton-model-repo",
        ],
        resources=gpu(1, "32Gi", "8"),
        probes=probes,
        state=running(at(211)),
        last=terminated(137, at(1), at(210)),
        restarts=1,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(0))
    name = p["metadata"]["name"]
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to {host}",
            at(0),
            type_="Normal",
            component="default-scheduler",
        ),
        event(
            p,
            "Unhealthy",
            'Liveness probe failed: Get "http://10.0.10.177:8000/v2/health/live": dial tcp '
            "10.0.10.177:8000: connect: connection refused",
            at(180),
            last=at(200),
            count=3,
            host=host,
        ),
        event(
            p,
            "Killing",
            "Container triton-inference-server failed liveness probe, will be restarted",
            at(200),
            type_="Normal",
            host=host,
        ),
        event(
            p,
            "Pulled",
            f'Container image "{image}" already present on machine',
            at(1),
            last=at(210),
            count=2,
            type_="Normal",
            host=host,
        ),
        event(
            p,
            "Unhealthy",
            'Readiness probe failed: Get "http://10.0.10.177:8000/v2/health/ready": dial tcp '
            "10.0.10.177:8000: connect: connection refused",
            at(175),
            last=at(240),
            count=13,
            host=host,
        ),
    ]
    prev = text(
        "I0424 10:00:03.551920 1 pinned_memory_manager.cc:275] Pinned memory pool is created at "
        "'0x7f1d5c000000' with size 268435456",
        "I0424 10:00:03.552731 1 cuda_memory_manager.cc:107] CUDA memory pool is created on device 0 with "
        "size 67108864",
        "I0424 10:00:04.014276 1 model_lifecycle.cc:469] loading: simple:1",
        "I0424 10:00:04.014377 1 model_lifecycle.cc:469] loading: densenet_onnx:1",
        "I0424 10:00:04.014431 1 model_lifecycle.cc:469] loading: inception_graphdef:1",
    )
    return CaseSpec(
        id="killed-externally-pod-triton-liveness-while-loading-models",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="killed-externally",
        culprit=name,
        evidence="failed liveness probe",
        description="Triton is still fetching its model repository from object storage and has not opened port "
        "8000 when the liveness probe starts; three refused probes and the kubelet kills it, and the "
        "restarted container starts the download again.",
        objects=[p, *events],
        logs={f"{name}/triton-inference-server.previous": prev},
        captured=at(250),
        title="Triton deployed with the OCI Helm chart never becomes Running: 'Liveness probe failed ... connect: "
        "connection refused', 'Container triton-inference-server failed liveness probe, will be restarted'",
        source="https://github.com/triton-inference-server/server/issues/7154",
    )


@SCENARIOS.add
def gpu_oom_pod_sglang_scheduler_oom_server_stays_up() -> CaseSpec:
    at = Clock(datetime(2025, 3, 24, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "sglang-r1-distill-qwen-7b", "llm-serving", "gpu-h100-node-6"
    c = Container(
        "sglang",
        "lmsysorg/sglang:v0.4.1.post7-cu124",
        command=[
            "python3",
            "-m",
            "sglang.launch_server",
            "--model-path",
            "deepseek-ai/DeepSeek-R1-Distill-Qwen-7B",
            "--host",
            "0.0.0.0",
            "--port",
            "30000",
        ],
        resources={
            "requests": {"cpu": "4", "ephemeral-storage": "200Mi", "memory": "32Gi", "nvidia.com/gpu": "1"},
            "limits": {"memory": "32Gi", "nvidia.com/gpu": "1"},
        },
        state=running(at(30)),
        ready=True,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    oom_at = 1840
    served = []
    for i in range(24):
        served.append(
            f"[2025-03-24 09:{29 + i // 12:02d}:{(i * 5) % 60:02d} TP0] Prefill batch. #new-seq: "
            f"{40 + i}, #new-token: {8192}, #cached-token: {1200 + i * 37}, cache hit rate: 12.{i:02d}%, "
            f"token usage: 0.{60 + i}, #running-req: {700 + i * 40}, #queue-req: {900 - i * 20}"
        )
    crash = [
        "[2025-03-24 09:30:40 TP0] Scheduler hit an exception: Traceback (most recent call last):",
        '  File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 1781, in run_scheduler_process',
        "    scheduler.event_loop_overlap()",
        '  File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 494, in event_loop_overlap',
        "    result = self.run_batch(batch)",
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 616.00 MiB.",
    ]
    log = (
        stamped(served, at(oom_at - 120), 5)
        + stamped(crash, at(oom_at), 0.001)
        + stamped(
            [
                f'[2025-03-24 09:{31 + i}:00] INFO:     10.8.1.14:{50200 + i} - "GET /health HTTP/1.1" 200 OK'
                for i in range(20)
            ],
            at(oom_at + 20),
            60,
        )
    )
    return CaseSpec(
        id="gpu-oom-pod-sglang-scheduler-oom-server-stays-up",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=name,
        evidence="CUDA out of memory",
        description="Under a 1800-concurrency benchmark the scheduler process runs out of GPU memory and dies, but "
        "the HTTP server keeps answering health checks: the pod stays Running and Ready while no "
        "request is served. Kubernetes never restarts it.",
        objects=[p],
        logs={f"{name}/sglang": log},
        captured=at(oom_at + 1260),
        title="SGLang on Kubernetes does not exit after torch.OutOfMemoryError in its scheduler: the pod stays "
        "Running and Ready but serves nothing",
        source="https://github.com/sgl-project/sglang/issues/4730",
    )


@SCENARIOS.add
def missing_file_pod_triton_model_pt_not_found() -> CaseSpec:
    at = Clock(datetime(2021, 6, 9, 10, 40, tzinfo=timezone.utc))
    deployment, ns, host = "clearml-serving-triton", "clearml", "gpu-t4-node-1"
    c = Container(
        "triton",
        "nvcr.io/nvidia/tritonserver:21.03-py3",
        command=["tritonserver", "--model-repository=/models", "--strict-model-config=false"],
        resources=gpu(1, "16Gi", "4"),
        state=_crash_loop("triton", _rs_name(deployment, ns), ns),
        last=terminated(1, at(1530), at(1539)),
        restarts=5,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    prev = text(
        "I0609 11:05:39.611042 697 model_repository_manager.cc:787] loading: cub200_resnet34:1",
        "E0609 11:05:39.787741 697 model_repository_manager.cc:1242] failed to load 'cub200_resnet34' version 1: "
        "Unavailable: unable to find '/models/cub200_resnet34/1/model.pt' for model instance 'cub200_resnet34'",
        "I0609 11:05:39.787824 697 server.cc:500] ",
        "+------------------+------+",
        "| Repository Agent | Path |",
        "+------------------+------+",
        "+------------------+------+",
        "I0609 11:05:39.788103 697 server.cc:570] ",
        "+-----------------+---------+-----------------------------------------------------------------------------"
        "---------------------------------------+",
        "| Model           | Version | Status                                                                      "
        "                                       |",
        "| cub200_resnet34 | 1       | UNAVAILABLE: Unavailable: unable to find '/models/cub200_resnet34/1/"
        "model.pt' for model instance 'cub200_resnet34' |",
        "error: creating server: Internal - failed to load all models",
    )
    events = [_backoff(p, "triton", at, 120, 1550, 26)]
    return CaseSpec(
        id="missing-file-pod-triton-model-pt-not-found",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=name,
        evidence="unable to find '/models/cub200_resnet34/1/model.pt'",
        description="The serving service registered the model but the file never reached the model repository "
        "under the name Triton's PyTorch backend expects; Triton cannot load it and exits.",
        objects=[p, *events],
        logs={f"{name}/triton.previous": prev},
        captured=at(1560),
        title="The Triton engine of a serving setup exits at start: \"failed to load 'cub200_resnet34' version 1: "
        "Unavailable: unable to find '/models/cub200_resnet34/1/model.pt'\"",
        source="https://github.com/clearml/clearml-serving/issues/3",
    )


# -- batch inference, evaluation, workflow engines and deadlines ------------------------------------------


@SCENARIOS.add
def deadline_exceeded_job_parallel_run_invocation_timeout() -> CaseSpec:
    at = Clock(datetime(2021, 4, 13, 3, 0, tzinfo=timezone.utc))
    name, ns = "batchscoring-prs-0413", "azureml-batch"
    ctr = Container(
        "prs-agent",
        "viennaglobal.azurecr.io/azureml/azureml_prs:20210405.v1",
        command=["python", "driver/amlbi_main.py", "--mini_batch_size", "1", "--run_invocation_timeout", "90"],
        resources=cpu_only("28Gi", "4"),
    )
    job = batch_job(name=name, namespace=ns, created=at(0), container=ctr, active=1, start=at(1), conditions=[])
    c = Container(
        "prs-agent", ctr.image, command=ctr.command, resources=ctr.resources, state=running(at(20)), ready=True
    )
    p = job_pod(job, [c], created=at(1), phase="Running", node="aml-compute-d16-2", scheduled=at(2))
    base = datetime(2021, 4, 13, 3, 23, 5, 649000, tzinfo=timezone.utc)

    def stopped(k: int) -> str:
        t = base + timedelta(seconds=95 * k)
        return (
            f"{t.strftime('%Y-%m-%d %H:%M:%S')},{t.microsecond // 1000:03d}|ERROR|334|Stop for run() unable to "
            f'finish within 90 seconds for {{"agent": "process00{k % 4}", "task_id": {16 + k}, "dequeue_count": '
            '1, "total": 2, "succeeded": 0, "method": "run", "exc_type": ""}'
        )

    noise = [
        "Traceback (most recent call last):",
        'File "/mnt/batch/tasks/shared/LS_root/jobs//azureml//wd/prs_prod/lib/python3.8/site-packages/'
        'azureml_sys/parallel_run/agent_manager.py", line 237, in check',
        "self.task_manager.set_task_visible(result)",
        'File "/mnt/batch/tasks/shared/LS_root/jobs//azureml//wd/prs_prod/lib/python3.8/site-packages/'
        'azureml_sys/parallel_run/task_manager.py", line 135, in set_task_visible',
        "raise exc",
        'File "/mnt/batch/tasks/shared/LS_root/jobs//azureml/***/wd/prs_prod/lib/python3.8/site-'
        'packages/azureml_sys/parallel_run/task_manager.py", line 128, in set_task_visible',
        "task = self.agent_state.picked_tasks[(result.task_id, result.dequeue_count)]",
        "KeyError: (187, 1)",
        "2021-04-13 03:25:50,285|ERROR|254|140325028292352|Failed to set task visible because of (195, 1).",
    ]
    # The harness's KeyError (a noise bug) lands between the second and third timeouts, at 03:25:50.
    lines = [stopped(0), stopped(1), *noise, *(stopped(k) for k in range(2, 16))]
    gaps = [95.0, 70.6, *[0.001] * (len(noise) - 1), 25.4, *[95.0] * 13]
    log = stamped(lines, at(1385.649), gaps)
    return CaseSpec(
        id="deadline-exceeded-job-parallel-run-invocation-timeout",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="deadline-exceeded",
        culprit=p["metadata"]["name"],
        evidence="unable to finish within 90 seconds",
        description="Every call of the entry script's run() on a mini-batch takes longer than the parallel-run "
        "step's 90 s invocation timeout, so each one is stopped and retried and no mini-batch is ever "
        "processed. The KeyError tracebacks around them are a harmless bug of the harness.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/prs-agent": log},
        captured=at(1385 + 95 * 16 + 120),
        title="An Azure ML ParallelRunStep processes no batches: every run() is stopped with 'Stop for run() unable "
        "to finish within 90 seconds', amid harmless 'Failed to set task visible' KeyErrors",
        source="https://github.com/Azure/MachineLearningNotebooks/issues/1429",
    )


@SCENARIOS.add
def deadline_exceeded_job_parallel_job_run_timeout_default() -> CaseSpec:
    at = Clock(datetime(2022, 8, 11, 13, 0, tzinfo=timezone.utc))
    name, ns = "score-invoices-parallel", "azureml-batch"
    ctr = Container(
        "prs-agent",
        "mcr.microsoft.com/azureml/openmpi4.1.0-ubuntu20.04:20220729.v1",
        command=["python", "driver/amlbi_main.py", "--scoring_module_name", "score.py"],
        resources=cpu_only("14Gi", "4"),
    )
    lines = []
    for k in range(12):
        lines.append(
            f'{{"agent": "process000", "task_id": {k}, "dequeue_count": {k // 4 + 1}, "method": "run", '
            f'"run_method_duration": {90.25895500183105 + k * 0.0131:.14f}, "status": "RUN_TIMEOUT"}}'
        )
    lines[0] = (
        '{"agent": "process000", "task_id": 0, "dequeue_count": 1, "method": "run", '
        '"run_method_duration": 90.25895500183105, "status": "RUN_TIMEOUT"}'
    )
    end = 60 + 12 * 91
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        failed=1,
        start=at(1),
        conditions=backoff_conditions(at(end + 3)),
    )
    c = Container(
        "prs-agent", ctr.image, command=ctr.command, resources=ctr.resources, state=terminated(42, at(20), at(end))
    )
    p = job_pod(job, [c], created=at(1), phase="Failed", node="aml-compute-f4s-1", scheduled=at(2))
    log = stamped(lines, at(151), 91)
    return CaseSpec(
        id="deadline-exceeded-job-parallel-job-run-timeout-default",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="deadline-exceeded",
        culprit=p["metadata"]["name"],
        evidence="RUN_TIMEOUT",
        description="The parallel step was given a 1800 s timeout, but submitted through the v2 Python SDK the "
        "setting was dropped: every run() call is cut at the default 90 s (RUN_TIMEOUT) and the job "
        "fails once the retries are spent.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/prs-agent": log},
        captured=at(end + 300),
        title="An Azure ML parallel job submitted with the Python SDK v2 ignores its 1800 s timeout: every run() "
        "is cancelled after 90 s with status RUN_TIMEOUT",
        source="https://github.com/Azure/azure-sdk-for-python/issues/25675",
    )


@SCENARIOS.add
def network_error_job_lm_eval_hub_proxy_error() -> CaseSpec:
    at = Clock(datetime(2023, 8, 10, 2, 0, tzinfo=timezone.utc))
    name, ns = "open-llm-leaderboard-truthfulqa", "llm-eval"
    ctr = Container(
        "lm-eval",
        "registry.corp.example/eval/lm-evaluation-harness:0.3.0",
        command=[
            "python3",
            "/mmlu/lm-evaluation-harness/main.py",
            "--model=hf-causal",
            "--model_args=pretrained=/models/llama2-7b-sft",
            "--tasks=truthfulqa_mc",
            "--num_fewshot=0",
            "--batch_size=2",
        ],
        resources=gpu(1, "64Gi", "8"),
    )
    log = text(
        "Selected Tasks: ['truthfulqa_mc']",
        "Using device 'cuda'",
        "Traceback (most recent call last):",
        '  File "/mmlu/lm-evaluation-harness/main.py", line 93, in <module>',
        "    main()",
        '  File "/mmlu/lm-evaluation-harness/main.py", line 59, in main',
        "    results = evaluator.simple_evaluate(",
        '  File "/mmlu/lm-evaluation-harness/lm_eval/utils.py", line 243, in _wrapper',
        "    return fn(*args, **kwargs)",
        '  File "/mmlu/lm-evaluation-harness/lm_eval/evaluator.py", line 100, in simple_evaluate',
        "    task_dict = lm_eval.tasks.get_task_dict(tasks)",
        '  File "/mmlu/lm-evaluation-harness/lm_eval/tasks/__init__.py", line 411, in get_task_dict',
        "    task_name_dict = {",
        '  File "/mmlu/lm-evaluation-harness/lm_eval/tasks/__init__.py", line 412, in <dictcomp>',
        "    task_name: get_task(task_name)()",
        "ConnectionError: Couldn't reach 'truthful_qa' on the Hub (ProxyError)",
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        failed=1,
        start=at(1),
        conditions=backoff_conditions(at(98)),
    )
    c = Container(
        "lm-eval", ctr.image, command=ctr.command, resources=ctr.resources, state=terminated(1, at(9), at(96))
    )
    p = job_pod(job, [c], created=at(1), phase="Failed", node="gpu-a100-node-4", scheduled=at(2))
    return CaseSpec(
        id="network-error-job-lm-eval-hub-proxy-error",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="network-error",
        culprit=p["metadata"]["name"],
        evidence="Couldn't reach 'truthful_qa' on the Hub",
        description="The evaluation harness loads the TruthfulQA dataset from the Hugging Face hub through the "
        "cluster's proxy, which refuses the connection; the evaluation fails before the model is run.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/lm-eval": log},
        captured=at(400),
        title="Reproducing the Open LLM Leaderboard with lm-evaluation-harness fails: \"ConnectionError: Couldn't "
        "reach 'truthful_qa' on the Hub (ProxyError)\"",
        source="https://github.com/EleutherAI/lm-evaluation-harness/issues/762",
    )


@SCENARIOS.add
def killed_externally_pod_airflow_task_sigterm() -> CaseSpec:
    at = Clock(datetime(2020, 5, 15, 7, 20, tzinfo=timezone.utc))
    name, ns, host = "featurebuilddailytrain-8c41a1d2b3e94c0f9d7e", "airflow", "ip-192-168-41-12"
    c = Container(
        "base",
        "quay.io/mojanalytics/airflow:1.10.3",
        args=[
            "airflow",
            "run",
            "feature_build",
            "daily_train",
            "2020-05-14T07:00:00+00:00",
            "--local",
            "--pool",
            "default_pool",
            "-sd",
            "/usr/local/airflow/dags/feature_build.py",
        ],
        resources=cpu_only("2Gi", "1"),
        state=terminated(1, at(20), at(715)),
    )
    p = pod(
        name=name,
        namespace=ns,
        owner=None,
        containers=[c],
        created=at(0),
        phase="Failed",
        node=host,
        scheduled=at(1),
        restart_policy="Never",
        qos="Burstable",
        labels={
            "airflow-worker": "8c41a1d2",
            "dag_id": "feature_build",
            "task_id": "daily_train",
            "execution_date": "2020-05-14T07_00_00_plus_00_00",
            "try_number": "1",
        },
    )
    log = text(
        "[2020-05-15 07:20:31,118] {__init__.py:1353} INFO - Starting attempt 1 of 1",
        "[2020-05-15 07:20:31,140] {__init__.py:1374} INFO - Executing <Task(KubernetesPodOperator): daily_train> "
        "on 2020-05-14T07:00:00+00:00",
        "[2020-05-15 07:20:33,512] {pod_launcher.py:125} INFO - Event: daily-train-4b7e1f was created",
        "[2020-05-15 07:31:52,314] {logging_mixin.py:95} INFO - [2020-05-15 07:31:52,314] {jobs.py:2536} ERROR - "
        "Received SIGTERM. Terminating subprocesses",
        "[2020-05-15 07:31:52,315] {helpers.py:281} INFO - Sending Signals.SIGTERM to GPID 15",
        "[2020-05-15 07:31:52,315] {__init__.py:1416} ERROR - Received SIGTERM. Terminating subprocesses.",
        "[2020-05-15 07:31:53,024] {__init__.py:1580} ERROR - Pod Launching failed: Task received SIGTERM signal",
    )
    return CaseSpec(
        id="killed-externally-pod-airflow-task-sigterm",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="killed-externally",
        culprit=name,
        evidence="Received SIGTERM",
        description="Something outside Airflow sends SIGTERM to the worker pod running the task; the task "
        "terminates its subprocess, the pod it launched included, and is marked failed. Several tasks "
        "of different DAGs die the same second.",
        objects=[p],
        logs={f"{name}/base": log},
        captured=at(1000),
        title="Airflow tasks running as pods on Kubernetes are killed at random: 'Received SIGTERM. Terminating "
        "subprocesses', 'Pod Launching failed: Task received SIGTERM signal'",
        source="https://github.com/ministryofjustice/analytics-platform/issues/118",
    )


@SCENARIOS.add
def killed_externally_pod_airflow_worker_spark_submit_sigterm() -> CaseSpec:
    at = Clock(datetime(2022, 3, 25, 13, 20, tzinfo=timezone.utc))
    name, ns, host = "sales-forecast-train-spark-7f3c9a0e1b2d4e5f", "airflow", "aks-workers-31174512-vmss00000b"
    c = Container(
        "base",
        "registry.corp.example/data/airflow:2.2.3-python3.8",
        args=[
            "airflow",
            "tasks",
            "run",
            "sales_forecast",
            "train_spark",
            "scheduled__2022-03-24T13:00:00+00:00",
            "--local",
            "--subdir",
            "DAGS_FOLDER/sales_forecast.py",
        ],
        resources=cpu_only("4Gi", "2"),
        state=terminated(1, at(15), at(1188)),
    )
    p = pod(
        name=name,
        namespace=ns,
        owner=None,
        containers=[c],
        created=at(0),
        phase="Failed",
        node=host,
        scheduled=at(1),
        restart_policy="Never",
        qos="Burstable",
        labels={
            "airflow-worker": "412",
            "dag_id": "sales_forecast",
            "task_id": "train_spark",
            "kubernetes_executor": "True",
        },
    )
    log = text(
        "[2022-03-25, 18:50:31 IST] {taskinstance.py:1244} INFO - Executing <Task(SparkSubmitOperator): train_spark> "
        "on 2022-03-24 13:00:00+00:00",
        "[2022-03-25, 18:50:33 IST] {spark_submit.py:335} INFO - Spark-Submit cmd: spark-submit --master k8s://"
        "https://kubernetes.default.svc --name arrow-spark --deploy-mode cluster /opt/jobs/train_forecast.py",
        "[2022-03-25, 19:09:45 IST] {local_task_job.py:82} ERROR - Received SIGTERM. Terminating subprocesses",
        "[2022-03-25, 19:09:45 IST] {process_utils.py:120} INFO - Sending Signals.SIGTERM to group 121. PIDs of all "
        "processes in the group: [122, 121]",
        "[2022-03-25, 19:09:45 IST] {process_utils.py:75} INFO - Sending the signal Signals.SIGTERM to group 121",
        "[2022-03-25, 19:09:45 IST] {taskinstance.py:1408} ERROR - Received SIGTERM. Terminating subprocesses.",
        "[2022-03-25, 19:09:45 IST] {spark_submit.py:623} INFO - Sending kill signal to spark-submit",
        "[2022-03-25, 19:09:45 IST] {taskinstance.py:1700} ERROR - Task failed with exception",
        "Traceback (most recent call last):",
        '  File "/home/airflow/.local/lib/python3.8/site-packages/airflow/models/taskinstance.py", line 1329, in '
        "_run_raw_task",
        "    self._execute_task_with_callbacks(context)",
        '  File "/home/airflow/.local/lib/python3.8/site-packages/airflow/models/taskinstance.py", line 1410, in '
        "signal_handler",
        '    raise AirflowException("Task received SIGTERM signal")',
        "airflow.exceptions.AirflowException: Task received SIGTERM signal",
    )
    return CaseSpec(
        id="killed-externally-pod-airflow-worker-spark-submit-sigterm",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="killed-externally",
        culprit=name,
        evidence="Received SIGTERM",
        description="With the KubernetesExecutor, the worker pod running a Spark submission was terminated from "
        "outside mid-run; the task handles SIGTERM by killing spark-submit and is marked failed.",
        objects=[p],
        logs={f"{name}/base": log},
        captured=at(1500),
        title="An Airflow 2.2.3 worker pod under the KubernetesExecutor is terminated during a Spark job: "
        "'Received SIGTERM. Terminating subprocesses', the job is marked failed",
        source="https://github.com/apache/airflow/issues/22528",
    )


@SCENARIOS.add
def deadline_exceeded_job_data_job_active_deadline() -> CaseSpec:
    at = Clock(datetime(2021, 10, 13, 2, 0, tzinfo=timezone.utc))
    name, ns = "sc-ingest-features-1634090400", "data-jobs"
    deadline = 129600
    ctr = Container(
        "sc-ingest-features",
        "registry.corp.example/vdk/sc-ingest-features:release-2021-10-12",
        command=["vdk", "run", "/job"],
        resources=cpu_only("8Gi", "2"),
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        failed=1,
        start=at(1),
        active_deadline=deadline,
        conditions=[
            job_condition(
                "FailureTarget", at(deadline + 1), "DeadlineExceeded", "Job was active longer than specified deadline"
            ),
            job_condition(
                "Failed", at(deadline + 31), "DeadlineExceeded", "Job was active longer than specified deadline"
            ),
        ],
    )
    c = Container(
        ctr.name,
        ctr.image,
        command=ctr.command,
        resources=ctr.resources,
        state=terminated(143, at(20), at(deadline + 3)),
    )
    p = job_pod(
        job, [c], created=at(1), phase="Failed", node="worker-pool-3-x9k", scheduled=at(2), deletion=at(deadline + 1)
    )
    steps = [
        f"2021-10-14 {10 + i // 6:02d}:{(i % 6) * 10:02d}:00,{101 + i:03d} [VDK] sc-ingest-features "
        f"[INFO ] vdk.plugin.ingest_features.ingest   ingest.py:211  ingest - Ingested batch {4100 + i} "
        f"(5000 rows) into features.sc_daily"
        for i in range(24)
    ]
    log = stamped(steps, at(deadline - 24 * 600), 600)
    events = [
        event(
            job,
            "DeadlineExceeded",
            "Job was active longer than specified deadline",
            at(deadline + 1),
            component="job-controller",
        ),
        event(
            p, "Killing", f"Stopping container {ctr.name}", at(deadline + 1), type_="Normal", host="worker-pool-3-x9k"
        ),
        event(
            job,
            "SuccessfulDelete",
            f"Deleted pod: {p['metadata']['name']}",
            at(deadline + 2),
            type_="Normal",
            component="job-controller",
        ),
    ]
    return CaseSpec(
        id="deadline-exceeded-job-data-job-active-deadline",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="deadline-exceeded",
        culprit=None,
        evidence="active longer than specified deadline",
        description="A data job still ingesting after 36 hours runs into the activeDeadlineSeconds its platform "
        "sets on every execution; the Job controller kills its pod. The job was simply too slow; its "
        "log shows steady progress up to the kill.",
        objects=[job, p, *events],
        logs={f"{p['metadata']['name']}/sc-ingest-features": log},
        captured=at(deadline + 600),
        title="A data job running longer than the 36-hour activeDeadlineSeconds is terminated by Kubernetes "
        "(DeadlineExceeded) and was misreported as a platform error",
        source="https://github.com/vmware-archive/versatile-data-kit/issues/404",
    )


# -- healthy: alarming but normal ------------------------------------------------------------------------


@SCENARIOS.add
def healthy_pytorchjob_pulling_large_image() -> CaseSpec:
    at = Clock(datetime(2026, 8, 22, 9, 0, tzinfo=timezone.utc))
    name, ns = "sdxl-lora-ft", "genai-train"
    image = "registry.corp.example/genai/pytorch-train:2.3.0-cuda12.1-cudnn8-devel"
    ctr = Container(
        "pytorch",
        image,
        command=["torchrun", "--nnodes=3", "--nproc_per_node=8", "train_lora.py"],
        resources=gpu(8, "900Gi", "96"),
    )
    plans = [
        PodPlan(role, i, waiting("ContainerCreating"), node=f"gpu-a100-node-{20 + k}", phase="Pending")
        for k, (role, i) in enumerate((("master", 0), ("worker", 0), ("worker", 1)))
    ]
    job, pods, _ = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        conditions=kubeflow_conditions("PyTorchJob", name, at(1), started=False),
        statuses={"Master": {}, "Worker": {}},
    )
    events = []
    for p in pods:
        host = p["spec"]["nodeName"]
        events += [
            event(
                p,
                "Scheduled",
                f"Successfully assigned {ns}/{p['metadata']['name']} to {host}",
                at(3),
                type_="Normal",
                component="default-scheduler",
            ),
            event(p, "Pulling", f'Pulling image "{image}"', at(5), type_="Normal", host=host),
        ]
    return CaseSpec(
        id="healthy-pytorchjob-pulling-large-image",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="Pulling image",
        description="Three fresh nodes are pulling a 14 GB PyTorch development image for the first time; six and a "
        "half minutes in, nothing has failed - pulls of images this size take ten to twenty minutes.",
        objects=[job, *pods, *events],
        captured=at(390),
        title="Deploying a pod with a large PyTorch image takes 10-20 minutes on a node that has not cached it; "
        "the pod waits in ContainerCreating while the image is pulled",
        source="https://github.com/Datura-ai/lium-io/pull/476",
    )


@SCENARIOS.add
def healthy_pod_gpu_runner_pending_node_group_scaling_from_zero() -> CaseSpec:
    at = Clock(datetime(2024, 9, 3, 5, 43, tzinfo=timezone.utc))
    name, ns = "gpu-runner-set-s6bqn-runner-5pcqx", "arc-runners"
    c = Container(
        "runner",
        "ghcr.io/actions/actions-runner:2.319.1",
        command=["/home/runner/run.sh"],
        resources={
            "limits": {"nvidia.com/gpu": "1"},
            "requests": {"cpu": "3", "memory": "12Gi", "nvidia.com/gpu": "1"},
        },
    )
    owner = {
        "apiVersion": "actions.github.com/v1alpha1",
        "kind": "EphemeralRunner",
        "name": name,
        "uid": uid(ns, "EphemeralRunner", name),
        "controller": True,
        "blockOwnerDeletion": True,
    }
    sched = (
        "0/4 nodes are available: 4 Insufficient nvidia.com/gpu. preemption: 0/4 nodes are available: 4 No "
        "preemption victims found for incoming pod."
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"actions-ephemeral-runner": "True", "actions.github.com/scale-set-name": "gpu-runner-set"},
        owner=owner,
        containers=[c],
        created=at(0),
        phase="Pending",
        unschedulable=sched,
        restart_policy="Never",
        qos="Burstable",
    )
    events = [
        event(p, "FailedScheduling", sched, at(1), last=at(121), count=3, component="default-scheduler"),
        event(
            p,
            "TriggeredScaleUp",
            "pod triggered scale-up: [{eks-gpu-nodes-20240903054531560000000d 0->1 (max: 4)}]",
            at(11),
            type_="Normal",
            component="cluster-autoscaler",
        ),
    ]
    return CaseSpec(
        id="healthy-pod-gpu-runner-pending-node-group-scaling-from-zero",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is starting",
        description="The GPU node group is at zero by design; the runner pod is unschedulable until the cluster "
        "autoscaler's new node joins, and the autoscaler has already started adding one. Two and a half "
        "minutes in, this is the normal path.",
        objects=[p, *events],
        captured=at(150),
        title="A GPU runner pod waits while the cluster autoscaler scales the EKS GPU node group up from 0 for it",
        source="https://github.com/kubernetes/autoscaler/issues/7268",
    )


@SCENARIOS.add
def healthy_pod_vllm_started_after_startup_probe_failures() -> CaseSpec:
    at = Clock(datetime(2025, 3, 21, 20, 12, tzinfo=timezone.utc))
    deployment, ns, host = "vllm-llama3-8b-instruct", "inference-gateway", "gpu-h100-node-2"
    probes = {
        "startupProbe": {
            "httpGet": {"path": "/health", "port": 8000, "scheme": "HTTP"},
            "periodSeconds": 1,
            "failureThreshold": 600,
            "timeoutSeconds": 1,
            "successThreshold": 1,
        },
        **_http_probe("/health", 8000),
    }
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.8.1",
        args=["--model", "meta-llama/Llama-3.1-8B-Instruct", "--gpu-memory-utilization", "0.90"],
        resources=gpu(1, "64Gi", "12"),
        probes=probes,
        state=running(at(10)),
        ready=True,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    startup = [
        "INFO 03-21 20:12:14 [api_server.py:912] vLLM API server version 0.8.1",
        "INFO 03-21 20:12:51 [gpu_model_runner.py:1179] Model loading took 14.9889 GB and 35.118 seconds",
        "INFO 03-21 20:15:44 [monitor.py:33] torch.compile takes 28.77 s in total",
        "INFO 03-21 20:15:45 [worker.py:267] Memory profiling takes 34.26 seconds",
        "INFO 03-21 20:15:45 [worker.py:267] the current vLLM instance can use total_gpu_memory (79.19GiB) x "
        "gpu_memory_utilization (0.90) = 71.27GiB",
        "INFO 03-21 20:15:45 [worker.py:267] model weights take 12.55GiB; non_torch_memory takes 0.16GiB; "
        "PyTorch activation peak memory takes 2.38GiB; the rest of the memory reserved for KV Cache is "
        "56.18GiB.",
        "INFO 03-21 20:15:46 [executor_base.py:111] # cuda blocks: 7191, # CPU blocks: 512",
        "INFO 03-21 20:15:58 [api_server.py:958] Starting vLLM API server on http://0.0.0.0:8000",
        "INFO:     Started server process [1]",
        "INFO:     Waiting for application startup.",
        "INFO:     Application startup complete.",
    ]
    gaps = [37.0, 173.0, 1.0, 0.0, 0.0, 1.0, 12.0, 0.1, 0.1, 0.1]
    health = [f'INFO:     10.0.2.{15 + i % 3}:{39400 + i} - "GET /health HTTP/1.1" 200 OK' for i in range(90)]
    log = stamped(startup, at(14), gaps) + stamped(health, at(240), 10)
    events = [
        event(
            p,
            "Unhealthy",
            'Startup probe failed: Get "http://10.244.3.17:8000/health": dial tcp '
            "10.244.3.17:8000: connect: connection refused",
            at(12),
            last=at(237),
            count=226,
            host=host,
        )
    ]
    return CaseSpec(
        id="healthy-pod-vllm-started-after-startup-probe-failures",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="vLLM took four minutes to load, compile and profile before its HTTP server listened; the "
        "startup probe failed 226 times meanwhile, exactly what a startup probe is for. The server has "
        "been Ready and answering health checks since.",
        objects=[p, *events],
        logs={f"{name}/vllm": log},
        captured=at(1140),
        title="A vLLM deployment configured with a startup probe on /health: the probe fails until the model is "
        "loaded and compiled, then the server is ready",
        source="https://github.com/kubernetes-sigs/gateway-api-inference-extension/pull/550",
    )


@SCENARIOS.add
def healthy_pod_vllm_idle_only_probe_requests() -> CaseSpec:
    at = Clock(datetime(2026, 4, 28, 6, 0, tzinfo=timezone.utc))
    deployment, ns, host = "rl-inference", "rl-hosted", "gpu-h200-node-9"
    probes = {
        **_http_probe("/health", 8000, kinds=("livenessProbe",), delay=300, period=30),
        **_http_probe("/v1/models", 8000, kinds=("readinessProbe",), delay=60, period=30),
    }
    c = Container(
        "inference",
        "registry.corp.example/rl/prime-rl-inference:0.4.2",
        command=["uv", "run", "inference", "@", "configs/qwen3_8b.toml"],
        resources=gpu(8, "1000Gi", "96"),
        probes=probes,
        state=running(at(20)),
        ready=True,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    start = [
        "(APIServer pid=333) INFO 04-28 06:02:41 [api_server.py:1880] Starting vLLM API server 0 on "
        "http://0.0.0.0:8000",
        "(APIServer pid=333) INFO:     Started server process [333]",
        "(APIServer pid=333) INFO:     Waiting for application startup.",
        "(APIServer pid=333) INFO:     Application startup complete.",
    ]
    probes_seen = []
    for i in range(240):
        path = "/health" if i % 2 == 0 else "/v1/models"
        probes_seen.append(f'(APIServer pid=333) INFO:     10.40.4.194:{60062 + i} - "GET {path} HTTP/1.1" 200 OK')
    log = stamped(start, at(161), 0.2) + stamped(probes_seen, at(300), 15)
    return CaseSpec(
        id="healthy-pod-vllm-idle-only-probe-requests",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="An inference server waiting for the trainer's next rollout: for an hour its log holds "
        "nothing but the kubelet's probes on /health and /v1/models, every one answered 200. Quiet is "
        "what an idle server looks like.",
        objects=[p],
        logs={f"{name}/inference": log},
        captured=at(300 + 15 * 240 + 20),
        title="A vLLM inference server between rollouts logs only the probes' GET /health and GET /v1/models, "
        "200 OK: idle, not stuck",
        source="https://github.com/PrimeIntellect-ai/prime-rl/pull/2375",
    )


@SCENARIOS.add
def healthy_job_failed_scheduling_before_scale_up_now_running() -> CaseSpec:
    at = Clock(datetime(2026, 8, 23, 13, 0, tzinfo=timezone.utc))
    name, ns = "nightly-clip-eval", "vision-eval"
    image = "registry.corp.example/vision/clip-eval:5.1"
    tmpl = Container(
        "eval", image, command=["python", "-m", "clip_eval", "--suite", "nightly"], resources=gpu(1, "48Gi", "8")
    )
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=tmpl, active=1, ready=1, start=at(1), conditions=[]
    )
    c = Container("eval", image, command=tmpl.command, resources=tmpl.resources, state=running(at(272)), ready=True)
    p = job_pod(job, [c], created=at(1), phase="Running", node="gpu-l4-node-new-7x2", scheduled=at(150))
    host = p["spec"]["nodeName"]
    sched = (
        "0/5 nodes are available: 2 node(s) had untolerated taint {node.kubernetes.io/not-ready: }, 3 "
        "Insufficient nvidia.com/gpu. preemption: 0/5 nodes are available: 5 No preemption victims found for "
        "incoming pod."
    )
    events = [
        event(
            job,
            "SuccessfulCreate",
            f"Created pod: {p['metadata']['name']}",
            at(1),
            type_="Normal",
            component="job-controller",
        ),
        event(p, "FailedScheduling", sched, at(2), last=at(140), count=4, component="default-scheduler"),
        event(
            p,
            "TriggeredScaleUp",
            "pod triggered scale-up: [{gke-eval-l4-pool-2c1f 1->2 (max: 8)}]",
            at(12),
            type_="Normal",
            component="cluster-autoscaler",
        ),
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{p['metadata']['name']} to {host}",
            at(150),
            type_="Normal",
            component="default-scheduler",
        ),
        event(p, "Pulling", f'Pulling image "{image}"', at(151), type_="Normal", host=host),
        event(
            p,
            "Pulled",
            f'Successfully pulled image "{image}" in 1m58.402s (1m58.402s including waiting)',
            at(269),
            type_="Normal",
            host=host,
        ),
        event(p, "Started", "Started container eval", at(272), type_="Normal", host=host),
    ]
    progress = [
        f"[clip_eval] {ds}: zero-shot top1={acc:.3f} ({n} images)"
        for ds, acc, n in (
            ("imagenet1k", 0.763, 50000),
            ("imagenet-v2", 0.701, 10000),
            ("cifar100", 0.794, 10000),
            ("food101", 0.921, 25250),
            ("stl10", 0.985, 8000),
        )
    ]
    log = stamped(["[clip_eval] loading ViT-L-14 from /models/clip", *progress], at(280), 240)
    return CaseSpec(
        id="healthy-job-failed-scheduling-before-scale-up-now-running",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="The evaluation pod waited two and a half minutes for the autoscaler's new node, then two "
        "minutes for the image on it; the FailedScheduling warnings are history and the evaluation has "
        "been running for twenty minutes.",
        objects=[job, p, *events],
        logs={f"{p['metadata']['name']}/eval": log},
        captured=at(1500),
        title="A workspace pod waits a couple of minutes on a fresh node that is still pulling its images after a "
        "scale-up, then starts normally",
        source="https://github.com/gitpod-io/gitpod/issues/1456",
    )


@SCENARIOS.add
def healthy_job_unbound_claim_while_provisioning_then_running() -> CaseSpec:
    at = Clock(datetime(2026, 8, 24, 4, 0, tzinfo=timezone.utc))
    name, ns = "tokenize-corpus-v7", "data-prep"
    tmpl = Container(
        "tokenize",
        "registry.corp.example/data/tokenizer-job:1.12",
        command=["python", "tokenize_corpus.py", "--out", "/scratch/tokens"],
        resources=cpu_only("64Gi", "16"),
        mounts=[{"name": "scratch", "mountPath": "/scratch"}],
    )
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=tmpl, active=1, ready=1, start=at(1), conditions=[]
    )
    c = Container(
        "tokenize",
        tmpl.image,
        command=tmpl.command,
        resources=tmpl.resources,
        mounts=tmpl.mounts,
        state=running(at(41)),
        ready=True,
    )
    p = job_pod(
        job,
        [c],
        created=at(1),
        phase="Running",
        node="cpu-c3-node-4",
        scheduled=at(32),
        volumes=[{"name": "scratch", "persistentVolumeClaim": {"claimName": f"{name}-scratch"}}],
    )
    sched = (
        "0/6 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/6 nodes are "
        "available: 6 Preemption is not helpful for scheduling."
    )
    events = [
        event(p, "FailedScheduling", sched, at(2), last=at(24), count=3, component="default-scheduler"),
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{p['metadata']['name']} to cpu-c3-node-4",
            at(32),
            type_="Normal",
            component="default-scheduler",
        ),
        event(
            p,
            "SuccessfulAttachVolume",
            'AttachVolume.Attach succeeded for volume "pvc-3b1c77a2-5d8e-4f0c-9a61-2e8d4f1b7c90"',
            at(36),
            type_="Normal",
            component="attachdetach-controller",
        ),
    ]
    shards = [
        f"tokenized shard {i:05d}/04096 -> /scratch/tokens/shard-{i:05d}.bin (2.1M tokens)" for i in range(0, 2400, 40)
    ]
    log = stamped(shards, at(45), 60)
    return CaseSpec(
        id="healthy-job-unbound-claim-while-provisioning-then-running",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="For the first half minute the scheduler said the pod had an unbound claim: the dynamically "
        "provisioned volume was still being created. It bound, the pod started and has been "
        "tokenizing for an hour.",
        objects=[job, p, *events],
        logs={f"{p['metadata']['name']}/tokenize": log},
        captured=at(45 + 60 * 60),
        title="'pod has unbound immediate PersistentVolumeClaims' shows up for a while even when the run later "
        "succeeds: the claim is still being provisioned",
        source="https://github.com/tektoncd/pipeline/issues/899",
    )


@SCENARIOS.add
def healthy_job_pod_evicted_at_admission_replacement_running() -> CaseSpec:
    at = Clock(datetime(2026, 8, 24, 16, 0, tzinfo=timezone.utc))
    name, ns = "shard-reindex-0824", "search-infra"
    tmpl = Container(
        "reindex",
        "registry.corp.example/search/reindexer:9.0",
        command=["reindex", "--all-shards"],
        resources=cpu_only("16Gi", "4"),
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=tmpl,
        active=1,
        failed=1,
        ready=1,
        start=at(1),
        backoff_limit=6,
        conditions=[],
    )
    msg = "Pod The node had condition: [DiskPressure]. "
    first = _rejected(
        job_pod(
            job,
            [Container("reindex", tmpl.image, command=tmpl.command, resources=tmpl.resources)],
            created=at(1),
            phase="Failed",
            node="cpu-node-31",
            scheduled=at(2),
            reason="Evicted",
            message=msg,
        )
    )
    c = Container(
        "reindex", tmpl.image, command=tmpl.command, resources=tmpl.resources, state=running(at(19)), ready=True
    )
    second = job_pod(job, [c], created=at(13), phase="Running", node="cpu-node-12", scheduled=at(14), attempt=1)
    events = [
        event(first, "Evicted", "The node had condition: [DiskPressure].", at(3), host="cpu-node-31"),
        event(
            job,
            "SuccessfulCreate",
            f"Created pod: {second['metadata']['name']}",
            at(13),
            type_="Normal",
            component="job-controller",
        ),
    ]
    log = stamped([f"reindexed shard {s}/64 ({1_204_000 + s * 913} docs)" for s in range(1, 33)], at(30), 90)
    return CaseSpec(
        id="healthy-job-pod-evicted-at-admission-replacement-running",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="The first pod landed on a node under disk pressure and was rejected at admission; the Job "
        "controller created a replacement on a healthy node seconds later, which has been reindexing "
        "for 45 minutes. An eviction that was recovered from is history.",
        objects=[job, first, second, *events],
        logs={f"{second['metadata']['name']}/reindex": log},
        captured=at(30 + 90 * 31 + 60),
        title="Pods evicted by a node under disk pressure are a temporary issue: the replacement pod usually "
        "comes up fine seconds later",
        source="https://github.com/Shopify/krane/issues/230",
    )


@SCENARIOS.add
def healthy_job_training_continues_while_metrics_nvml_fails() -> CaseSpec:
    at = Clock(datetime(2026, 8, 25, 0, 0, tzinfo=timezone.utc))
    name, ns = "whisper-distill-run12", "speech"
    tmpl = Container(
        "train",
        "registry.corp.example/speech/distil-whisper:0.4",
        command=["python", "train.py"],
        resources=gpu(1, "96Gi", "16"),
    )
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=tmpl, active=1, ready=1, start=at(1), conditions=[]
    )
    train = Container(
        "train", tmpl.image, command=tmpl.command, resources=tmpl.resources, state=running(at(20)), ready=True
    )
    metrics = Container(
        "gpu-metrics",
        "nvcr.io/nvidia/cuda:12.0.0-base-ubuntu20.04",
        command=["/bin/sh", "-c"],
        args=["nvidia-smi --query-gpu=utilization.gpu,memory.used --format=csv,noheader -l 60"],
        state=running(at(20)),
        ready=True,
    )
    p = job_pod(job, [train, metrics], created=at(1), phase="Running", node="gpu-a100-node-31", scheduled=at(2))
    pname = p["metadata"]["name"]
    reload_at = 7200
    train_log = stamped(
        [f"step {s} | loss {2.31 - s / 40000:.4f} | {1.92 + (s % 7) / 100:.2f} it/s" for s in range(9000, 16000, 100)],
        at(reload_at - 3600),
        90,
    )
    metrics_log = stamped(
        ["98 %, 61344 MiB"] * 60 + ["Failed to initialize NVML: Unknown Error"] * 60, at(reload_at - 3600), 60
    )
    return CaseSpec(
        id="healthy-job-training-continues-while-metrics-nvml-fails",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="After a systemd reload on the node, new nvidia-smi calls in the metrics sidecar fail with "
        "'Failed to initialize NVML: Unknown Error', but the training process, which opened its GPU "
        "before, keeps stepping at the same speed. Only the metrics are lost.",
        objects=[job, p],
        logs={f"{pname}/train": train_log, f"{pname}/gpu-metrics": metrics_log},
        captured=at(reload_at + 3600 + 30),
        title="nvidia-smi fails with 'Failed to initialize NVML: Unknown Error' after some time in pods on "
        "systemd-cgroup nodes, while applications already running on the GPU remain fully functional",
        source="https://github.com/akash-network/support/issues/266",
    )


@SCENARIOS.add
def healthy_pod_tgi_quiet_between_requests() -> CaseSpec:
    at = Clock(datetime(2023, 7, 10, 13, 55, tzinfo=timezone.utc))
    deployment, ns, host = "tgi-falcon-7b-instruct", "llm-serving", "gpu-a10g-node-3"
    c = Container(
        "tgi",
        "ghcr.io/huggingface/text-generation-inference:0.9",
        args=["--model-id", "tiiuae/falcon-7b-instruct", "--port", "80"],
        resources=gpu(1, "32Gi", "8"),
        probes=_http_probe("/health", 80, kinds=("readinessProbe",), period=30),
        state=running(at(60)),
        ready=True,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    lines = [
        '2023-07-10T13:56:01.118204Z  INFO text_generation_launcher: Args { model_id: "tiiuae/falcon-7b-'
        'instruct", revision: None, sharded: None, num_shard: None, quantize: None, trust_remote_code: false, '
        "max_concurrent_requests: 128, max_input_length: 1000, max_total_tokens: 1512, port: 80 }",
        "2023-07-10T13:56:01.118413Z  INFO text_generation_launcher: Starting download process.",
        "2023-07-10T13:56:04.207791Z  INFO download: text_generation_launcher: Files are already present on "
        "the host. Skipping download.",
        "2023-07-10T13:56:04.812338Z  INFO text_generation_launcher: Successfully downloaded weights.",
        "2023-07-10T13:56:04.812671Z  INFO text_generation_launcher: Starting shard 0",
        "2023-07-10T13:56:31.442105Z  INFO shard-manager: text_generation_launcher: Shard 0 ready in 26.629s rank=0",
        "2023-07-10T13:56:31.539270Z  INFO text_generation_launcher: Starting Webserver",
        "2023-07-10T13:56:32.017736Z  INFO text_generation_router: router/src/main.rs:178: Warming up model",
        "2023-07-10T13:56:34.662941Z  INFO text_generation_router: router/src/main.rs:208: Connected",
    ]
    log = stamped(lines, at(61.118), [0.0, 3.1, 0.6, 0.0, 26.6, 0.1, 0.5, 2.6])
    return CaseSpec(
        id="healthy-pod-tgi-quiet-between-requests",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="At the default log level TGI prints nothing per request: after 'Connected' its log has been "
        "silent for five hours while the pod stays Ready and serves. Silence from a server is not a "
        "stall.",
        objects=[p],
        logs={f"{name}/tgi": log},
        captured=at(94 + 5 * 3600),
        title="A TGI server logs nothing about the requests it serves at the default log level; its log stays "
        "quiet after 'Connected'",
        source="https://github.com/huggingface/text-generation-inference/issues/577",
    )


@SCENARIOS.add
def healthy_pod_vllm_loading_large_model_within_normal_time() -> CaseSpec:
    at = Clock(datetime(2025, 6, 19, 12, 0, tzinfo=timezone.utc))
    deployment, ns, host = "llama-4-scout-17b-16e", "llm-d-bench", "gpu-h100-node-14"
    probes = {
        "startupProbe": {
            "httpGet": {"path": "/health", "port": 8000, "scheme": "HTTP"},
            "periodSeconds": 10,
            "failureThreshold": 90,
            "timeoutSeconds": 1,
            "successThreshold": 1,
        },
        **_http_probe("/health", 8000),
    }
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.9.1",
        args=[
            "--model",
            "meta-llama/Llama-4-Scout-17B-16E-Instruct",
            "--tensor-parallel-size",
            "4",
            "--max-model-len",
            "65536",
        ],
        resources=gpu(4, "512Gi", "48"),
        probes=probes,
        state=running(at(15)),
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    head = [
        "INFO 06-19 12:00:21 [__init__.py:244] Automatically detected platform cuda.",
        "INFO 06-19 12:00:27 [api_server.py:1287] vLLM API server version 0.9.1",
        "INFO 06-19 12:00:44 [config.py:823] This model supports multiple tasks: {'generate', 'classify', "
        "'embed', 'score', 'reward'}. Defaulting to 'generate'.",
        "INFO 06-19 12:00:44 [config.py:1946] Defaulting to use mp for distributed inference",
        "(VllmWorker rank=0 pid=211) INFO 06-19 12:01:02 [gpu_model_runner.py:1595] Starting to load model "
        "meta-llama/Llama-4-Scout-17B-16E-Instruct...",
    ]
    shards = [
        f"Loading safetensors checkpoint shards: {round(100 * k / 50):>3}% Completed | {k}/50 "
        f"[{(k * 9) // 60:02d}:{(k * 9) % 60:02d}<{((50 - k) * 9) // 60:02d}:{((50 - k) * 9) % 60:02d},  "
        "9.02s/it]"
        for k in range(1, 34)
    ]
    log = stamped(head, at(21), [6.0, 17.0, 0.1, 18.0]) + stamped(shards, at(62 + 9), 9.02)
    events = [
        event(
            p,
            "Unhealthy",
            'Startup probe failed: Get "http://10.244.7.31:8000/health": dial tcp '
            "10.244.7.31:8000: connect: connection refused",
            at(25),
            last=at(365),
            count=35,
            host=host,
        )
    ]
    return CaseSpec(
        id="healthy-pod-vllm-loading-large-model-within-normal-time",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="Six minutes after start vLLM is two thirds through loading Llama 4 Scout's 50 shards across "
        "four H100s; loading takes about ten minutes, and the startup probe allows fifteen. Not ready yet "
        "is expected.",
        objects=[p, *events],
        logs={f"{name}/vllm": log},
        captured=at(375),
        title="Loading Llama-4-Scout-17B-16E-Instruct with tensor parallel 4 on H100s takes about 10 minutes: the "
        "probes' initial delay must allow for it",
        source="https://github.com/llm-d/llm-d-benchmark/issues/83",
    )


@SCENARIOS.add
def healthy_job_pending_while_slow_scale_up_completes() -> CaseSpec:
    at = Clock(datetime(2026, 8, 26, 19, 21, tzinfo=timezone.utc))
    name, ns = "dlws-finetune-4471", "dlws-jobs"
    tmpl = Container(
        "trainer",
        "registry.corp.example/dlws/pytorch:2.2-cu121",
        command=["python", "finetune.py"],
        resources=gpu(4, "220Gi", "32"),
    )
    job = batch_job(name=name, namespace=ns, created=at(0), container=tmpl, active=1, start=at(1), conditions=[])
    sched = "0/2 nodes are available: 2 Insufficient nvidia.com/gpu."
    p = job_pod(
        job,
        [Container("trainer", tmpl.image, command=tmpl.command, resources=tmpl.resources)],
        created=at(1),
        phase="Pending",
        unschedulable=sched,
    )
    events = [
        event(
            job,
            "SuccessfulCreate",
            f"Created pod: {p['metadata']['name']}",
            at(1),
            type_="Normal",
            component="job-controller",
        ),
        event(p, "FailedScheduling", sched, at(2), last=at(470), count=9, component="default-scheduler"),
        event(
            p,
            "TriggeredScaleUp",
            "pod triggered scale-up: [{dlws-worker-asg 2->3 (max: 10)}]",
            at(20),
            type_="Normal",
            component="cluster-autoscaler",
        ),
    ]
    return CaseSpec(
        id="healthy-job-pending-while-slow-scale-up-completes",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="The autoscaler decided on a new GPU node within seconds, but the cloud takes over ten minutes "
        "to deliver it: eight minutes in, the pod is still waiting for a node that is on its way.",
        objects=[job, p, *events],
        captured=at(480),
        title="A cluster-autoscaler scale-up for pending pods takes 11 minutes to complete; the pods become Running "
        "only once the new node has joined",
        source="https://github.com/kubernetes/autoscaler/issues/687",
    )


# -- fresh held-out platform cases (written before any rule change) ---------------------------------


@SCENARIOS.add
def unschedulable_pod_vcuda_extended_resource_insufficient() -> CaseSpec:
    at = Clock(datetime(2026, 9, 2, 7, 30, tzinfo=timezone.utc))
    deployment, ns = "mnist-test", "default"
    c = Container(
        "mnist-test",
        "localhost:5000/usecase/mnist:latest",
        resources={
            "limits": {"tencent.com/vcuda-core": "100", "tencent.com/vcuda-memory": "100"},
            "requests": {"tencent.com/vcuda-core": "100", "tencent.com/vcuda-memory": "100"},
        },
    )
    msg = "0/1 nodes are available: 1 Insufficient tencent.com/vcuda-core, 1 Insufficient tencent.com/vcuda-memory."
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", unschedulable=msg, qos="BestEffort")
    name = p["metadata"]["name"]
    events = [event(p, "FailedScheduling", msg, at(2), last=at(1750), count=28, component="default-scheduler")]
    return CaseSpec(
        id="unschedulable-pod-vcuda-extended-resource-insufficient",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=name,
        evidence="Insufficient tencent.com/vcuda-core",
        description="The pod asks for GPU shares through a vGPU manager's extended resources, but the node "
        "advertises none of them (the manager is not registered with the kubelet): no node can take it.",
        objects=[p, *events],
        captured=at(1800),
        title="A pod requesting tencent.com/vcuda-core and vcuda-memory stays Pending: '0/1 nodes are available: "
        "1 Insufficient tencent.com/vcuda-core, 1 Insufficient tencent.com/vcuda-memory'",
        source="https://github.com/tkestack/gpu-manager/issues/87",
    )


@SCENARIOS.add
def unschedulable_pod_pipeline_gpu_step_untolerated_taints() -> CaseSpec:
    at = Clock(datetime(2026, 9, 2, 9, 0, tzinfo=timezone.utc))
    ns, wf = "ml-team", "notebook-pipeline-x7k2p"
    name = f"{wf}-2043118790"
    main = Container(
        "main",
        "quay.io/thoth-station/s2i-lab-elyra:v0.1.5",
        command=["sh", "-c"],
        args=["python3 bootstrapper.py --file train.ipynb"],
        resources={"limits": {"nvidia.com/gpu": "1"}, "requests": {"nvidia.com/gpu": "1"}},
    )
    owner = {
        "apiVersion": "argoproj.io/v1alpha1",
        "kind": "Workflow",
        "name": wf,
        "uid": uid(ns, "Workflow", wf),
        "controller": True,
        "blockOwnerDeletion": True,
    }
    msg = (
        "0/13 nodes are available: 3 Insufficient nvidia.com/gpu, 3 node(s) had taint "
        "{node-role.kubernetes.io/infra: }, that the pod didn't tolerate, 3 node(s) had taint "
        "{node-role.kubernetes.io/master: }, that the pod didn't tolerate, 4 node(s) had taint {odh/notebook: true}, "
        "that the pod didn't tolerate."
    )
    p = pod(
        name=name,
        namespace=ns,
        owner=owner,
        containers=[main],
        created=at(0),
        phase="Pending",
        unschedulable=msg,
        qos="BestEffort",
        labels={"workflows.argoproj.io/completed": "false", "workflows.argoproj.io/workflow": wf},
    )
    events = [event(p, "FailedScheduling", msg, at(1), last=at(1190), count=20, component="default-scheduler")]
    return CaseSpec(
        id="unschedulable-pod-pipeline-gpu-step-untolerated-taints",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=name,
        evidence="that the pod didn't tolerate",
        description="The GPU nodes carry a taint the pipeline step does not tolerate; every other node has no GPU "
        "or another taint. The step stays Pending.",
        objects=[p, *events],
        captured=at(1200),
        title="A Kubeflow pipeline step that needs a GPU never schedules: every GPU node has a taint the pod "
        "does not tolerate",
        source="https://github.com/elyra-ai/elyra/issues/2681",
    )


@SCENARIOS.add
def quota_exceeded_vcjob_queue_overused_by_stale_podgroups() -> CaseSpec:
    at = Clock(datetime(2026, 9, 3, 10, 0, tzinfo=timezone.utc))
    name, ns, queue = "etl-train-1121", "data-jobs", "default"
    ctr = Container(
        "worker",
        "registry.corp.example/data/etl-train:2.3",
        command=["python", "run.py"],
        resources=cpu_only("4Gi", "2"),
    )
    job = volcano_job(
        name=name,
        namespace=ns,
        created=at(0),
        queue=queue,
        tasks={"worker": ctr},
        replicas={"worker": 1},
        phase="Pending",
        min_available=1,
        counts={"pending": 1},
    )
    gang = (
        "1/1 tasks in gang unschedulable: pod group is not ready, 1 Pending, 1 minAvailable; Pending: 1 Unschedulable"
    )
    group = pod_group(
        job,
        at(1),
        phase="Inqueue",
        queue=queue,
        min_member=1,
        min_resources={"cpu": "2", "memory": "4Gi"},
        conditions=[podgroup_condition("Unschedulable", at(3), "NotEnoughResources", gang, name)],
    )
    c = Container(ctr.name, ctr.image, command=ctr.command, resources=ctr.resources)
    p = volcano_pod(job, "worker", 0, [c], group, created=at(2), phase="Pending", unschedulable=gang)
    events = [
        event(group, "Unschedulable", gang, at(3), last=at(590), count=12, component="volcano"),
        event(
            group,
            "Unschedulable",
            "resource in cluster is overused",
            at(3),
            last=at(595),
            count=13,
            type_="Normal",
            component="volcano",
        ),
    ]
    return CaseSpec(
        id="quota-exceeded-vcjob-queue-overused-by-stale-podgroups",
        kind="vcjob",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="overused",
        description="Nodes are mostly idle, but PodGroups of completed jobs whose pods were deleted by hand still "
        "count their minResources against the queue: Volcano considers the queue overused and holds the "
        "new job.",
        objects=[job, group, p, *events],
        captured=at(600),
        title="Volcano jobs stay Pending with 'resource in cluster is overused' although nodes are idle: PodGroups "
        "left by completed jobs still hold the queue's minResources",
        source="https://github.com/volcano-sh/volcano/issues/2633",
    )


@SCENARIOS.add
def volume_error_pod_nfs_mount_bad_option_no_helper() -> CaseSpec:
    at = Clock(datetime(2026, 9, 4, 12, 0, tzinfo=timezone.utc))
    deployment, ns, host = "dataset-cache", "media", "worker-node-2"
    pv = "pvc-bee16797-fef3-4baa-b79f-5addf4455af1"
    c = Container(
        "cache",
        "registry.corp.example/data/dataset-cache:1.4",
        mounts=[{"name": "config", "mountPath": "/config"}],
        state=waiting("ContainerCreating"),
    )
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        volumes=[{"name": "config", "persistentVolumeClaim": {"claimName": "dataset-cache-config"}}],
    )
    mount = (
        f'MountVolume.SetUp failed for volume "{pv}" : mount failed: exit status 32\n'
        "Mounting command: mount\n"
        f"Mounting arguments: -t nfs 192.168.2.173:/volume1/k8s/media-dataset-cache-config-{pv} "
        f"/var/lib/kubelet/pods/{p['metadata']['uid']}/volumes/kubernetes.io~nfs/{pv}\n"
        f"Output: mount: /var/lib/kubelet/pods/{p['metadata']['uid']}/volumes/kubernetes.io~nfs/{pv}: bad option; "
        "for several filesystems (e.g. nfs, cifs) you might need a /sbin/mount.<type> helper program."
    )
    events = [
        event(p, "FailedMount", mount, at(2), last=at(1780), count=16, host=host),
        event(
            p,
            "FailedMount",
            "Unable to attach or mount volumes: unmounted volumes=[config], unattached volumes=[config "
            "kube-api-access]: timed out waiting for the condition",
            at(122),
            last=at(1682),
            count=14,
            host=host,
        ),
    ]
    name = p["metadata"]["name"]
    return CaseSpec(
        id="volume-error-pod-nfs-mount-bad-option-no-helper",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=name,
        evidence="mount failed: exit status 32",
        description="The node has no NFS mount helper the kubelet's mount can use: every attempt to mount the "
        "NFS-provisioned volume fails with 'bad option' and the pod stays in ContainerCreating.",
        objects=[p, *events],
        captured=at(1800),
        title="A pod using an nfs-subdir-external-provisioner volume never starts: 'mount failed: exit status 32 "
        "... bad option; ... you might need a /sbin/mount.<type> helper program'",
        source="https://github.com/kubernetes-sigs/nfs-subdir-external-provisioner/issues/342",
    )


@SCENARIOS.add
def volume_error_pod_nfs_export_path_missing_on_server() -> CaseSpec:
    at = Clock(datetime(2026, 9, 4, 15, 0, tzinfo=timezone.utc))
    sts, ns, host = "feature-store", "ml-platform", "node-121-2"
    pv = "pvc-e4b3c5e9-ab2b-4b6f-aa9a-4ae74d19bef5"
    c = Container(
        "store",
        "registry.corp.example/ml/feature-store:2.0.1",
        resources=cpu_only("4Gi", "2"),
        mounts=[{"name": "datadir", "mountPath": "/data"}],
        state=waiting("ContainerCreating"),
    )
    p = _sts_pod(
        sts,
        0,
        ns,
        [c],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        volumes=[{"name": "datadir", "persistentVolumeClaim": {"claimName": f"datadir-{sts}-0"}}],
    )
    puid = p["metadata"]["uid"]
    target = f"/var/lib/kubelet/pods/{puid}/volumes/kubernetes.io~nfs/{pv}"
    export = f"192.168.137.121:/nfs/nfs-data/{ns}-datadir-{sts}-0-{pv}"
    mount = (
        f'(combined from similar events): MountVolume.SetUp failed for volume "{pv}" : mount failed: exit status 32 '
        "Mounting command: systemd-run Mounting arguments: --description=Kubernetes transient mount for "
        f"{target} --scope -- mount -t nfs {export} {target} Output: Running scope as unit run-124486.scope. "
        f"mount.nfs: mounting {export} failed, reason given by server: No such file or directory"
    )
    events = [event(p, "FailedMount", mount, at(3), last=at(3580), count=31, host=host)]
    return CaseSpec(
        id="volume-error-pod-nfs-export-path-missing-on-server",
        kind="Pod",
        name=p["metadata"]["name"],
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=p["metadata"]["name"],
        evidence="reason given by server: No such file or directory",
        description="The PersistentVolume points at an NFS export directory that no longer exists on the server: "
        "the mount is refused and the StatefulSet's pod never leaves ContainerCreating.",
        objects=[p, *events],
        captured=at(3600),
        title="A StatefulSet pod on an NFS-provisioned volume stays in ContainerCreating: 'mount.nfs: mounting ... "
        "failed, reason given by server: No such file or directory'",
        source="https://github.com/alibaba/nacos/issues/5203",
    )


@SCENARIOS.add
def config_error_job_init_sidecar_configmap_missing() -> CaseSpec:
    at = Clock(datetime(2026, 9, 5, 8, 0, tzinfo=timezone.utc))
    name, ns, host = "stress-load-7f2c", "default", "db-node-1"
    tmpl = Container(
        "stress",
        "ghcr.io/example/stress-runner:5.0",
        command=["stress", "run", "--duration", "1h"],
        resources=cpu_only("2Gi", "2"),
    )
    job = batch_job(name=name, namespace=ns, created=at(0), container=tmpl, active=1, start=at(1), conditions=[])
    sidecar = Container(
        "otel-sidecar",
        "otel/opentelemetry-collector-contrib:0.104.0",
        env=[
            {
                "name": "CLUSTER_NAME",
                "valueFrom": {"configMapKeyRef": {"name": "cluster-config", "key": "cluster_name"}},
            }
        ],
        state=waiting("CreateContainerConfigError", 'configmap "cluster-config" not found'),
    )
    main = Container(
        tmpl.name,
        tmpl.image,
        command=tmpl.command,
        resources=tmpl.resources,
        state=waiting("PodInitializing"),
    )
    p = job_pod(job, [main], init=[sidecar], created=at(1), phase="Pending", node=host, scheduled=at(2))
    pname = p["metadata"]["name"]
    events = [
        event(job, "SuccessfulCreate", f"Created pod: {pname}", at(1), type_="Normal", component="job-controller"),
        event(
            p,
            "Pulled",
            'Container image "otel/opentelemetry-collector-contrib:0.104.0" already present on machine',
            at(4),
            last=at(590),
            count=50,
            type_="Normal",
            host=host,
        ),
        event(p, "Failed", 'Error: configmap "cluster-config" not found', at(4), last=at(590), count=50, host=host),
    ]
    return CaseSpec(
        id="config-error-job-init-sidecar-configmap-missing",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=pname,
        evidence='configmap "cluster-config" not found',
        description="The Job's init sidecar reads an environment variable from a ConfigMap that nothing creates "
        "on a fresh cluster; the kubelet cannot create the init container, so the main container never "
        "starts.",
        objects=[job, p, *events],
        captured=at(600),
        title="A stress Job never runs: its otel-sidecar init container references a 'cluster-config' ConfigMap "
        "that does not exist, Init:CreateContainerConfigError",
        source="https://github.com/rustyrazorblade/easy-db-lab/issues/733",
    )


@SCENARIOS.add
def config_error_pod_secret_key_missing() -> CaseSpec:
    at = Clock(datetime(2026, 9, 5, 11, 0, tzinfo=timezone.utc))
    deployment, ns, host = "workload-demo", "default", "kind-worker"
    image = "localhost:5000/workload-demo-using-init-container:0.15.6"
    c = Container(
        "main",
        image,
        env=[{"name": "VALUE", "valueFrom": {"secretKeyRef": {"name": "app-secret-workload-demo", "key": "VALUE"}}}],
        state=waiting(
            "CreateContainerConfigError", "couldn't find key VALUE in Secret default/app-secret-workload-demo"
        ),
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    events = [
        event(
            p,
            "Pulled",
            f'Container image "{image}" already present on machine',
            at(8),
            last=at(60),
            count=5,
            type_="Normal",
            host=host,
        ),
        event(
            p,
            "Failed",
            "Error: couldn't find key VALUE in Secret default/app-secret-workload-demo",
            at(8),
            last=at(60),
            count=5,
            host=host,
        ),
    ]
    return CaseSpec(
        id="config-error-pod-secret-key-missing",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="couldn't find key VALUE in Secret",
        description="The Secret exists but has no key the container's environment refers to: the kubelet refuses "
        "to create the container (CreateContainerConfigError).",
        objects=[p, *events],
        captured=at(62),
        title="A workload pod is stuck in CreateContainerConfigError: 'Error: couldn't find key VALUE in Secret "
        "default/...'",
        source="https://github.com/shieldworks/aegis/issues/293",
    )


@SCENARIOS.add
def config_error_job_training_image_exec_format_error() -> CaseSpec:
    at = Clock(datetime(2026, 9, 6, 6, 0, tzinfo=timezone.utc))
    name, ns, host = "tf-estimator-train-0616", "ml-training", "ip-10-0-41-7.ec2.internal"
    tmpl = Container(
        "tensorflow",
        "123456789012.dkr.ecr.us-east-1.amazonaws.com/custom-tf-training:2.4.1-cpu",
        command=["python", "train.py"],
        resources=cpu_only("16Gi", "4"),
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=tmpl,
        failed=1,
        start=at(1),
        conditions=backoff_conditions(at(40)),
    )
    c = Container(
        tmpl.name,
        tmpl.image,
        command=tmpl.command,
        resources=tmpl.resources,
        state=terminated(1, at(30), at(30)),
    )
    p = job_pod(job, [c], created=at(1), phase="Failed", node=host, scheduled=at(2))
    pname = p["metadata"]["name"]
    log = text("standard_init_linux.go:219: exec user process caused: exec format error")
    events = [
        event(job, "SuccessfulCreate", f"Created pod: {pname}", at(1), type_="Normal", component="job-controller"),
        event(
            job,
            "BackoffLimitExceeded",
            "Job has reached the specified backoff limit",
            at(40),
            component="job-controller",
        ),
    ]
    return CaseSpec(
        id="config-error-job-training-image-exec-format-error",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=pname,
        evidence="exec format error",
        description="The custom training image was built on an arm64 laptop and pushed as-is; on the amd64 node "
        "the entrypoint cannot be executed and the container exits at once.",
        objects=[job, p, *events],
        logs={f"{pname}/tensorflow": log},
        captured=at(60),
        title="A TensorFlow training container exits immediately with 'standard_init_linux.go:219: exec user "
        "process caused: exec format error'",
        source="https://github.com/aws/deep-learning-containers/issues/1157",
    )


@SCENARIOS.add
def permission_denied_pod_init_wait_cannot_list_pods() -> CaseSpec:
    at = Clock(datetime(2026, 9, 6, 14, 0, tzinfo=timezone.utc))
    deployment, ns, host = "inference-api", "serving-prod", "node-pool-a-3"
    init = Container(
        "pod-dependency-init",
        "ylonkar/pod-dependency-init-container:1.0.2",
        env=[{"name": "POD_LABELS", "value": "app=redis-cache"}, {"name": "MAX_RETRY", "value": "10"}],
        state=_crash_loop("pod-dependency-init", _rs_name(deployment, ns), ns),
        last=terminated(1, at(700), at(701)),
        restarts=9,
    )
    main = Container(
        "api",
        "registry.corp.example/serving/inference-api:3.2",
        resources=cpu_only("2Gi", "1"),
        state=waiting("PodInitializing"),
    )
    p = _rs_pod(deployment, ns, [main], init=[init], created=at(0), phase="Pending", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    line = (
        'code: 403, statusCode: 403 } pods is forbidden: User "system:serviceaccount:serving-prod:default" cannot '
        'list resource "pods" in API group "" at the cluster scope Error: pods is forbidden: User '
        '"system:serviceaccount:serving-prod:default" cannot list resource "pods" in API group "" at the cluster scope'
    )
    events = [_backoff(p, "pod-dependency-init", at, 40, 890, 35)]
    return CaseSpec(
        id="permission-denied-pod-init-wait-cannot-list-pods",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=name,
        evidence="cannot list resource",
        description="The init container waits for other pods by listing them through the API, but the pod runs "
        "as the namespace's default service account with no RBAC to list pods: every try is forbidden and "
        "the init container crash-loops.",
        objects=[p, *events],
        logs={f"{name}/pod-dependency-init.previous": text(line)},
        captured=at(900),
        title="A pod-dependency init container fails with 'pods is forbidden: User "
        '"system:serviceaccount:...:default" cannot list resource "pods" in API group "" at the cluster scope\'',
        source="https://github.com/yogeshlonkar/pod-dependency-init-container/issues/1",
    )


@SCENARIOS.add
def image_pull_error_job_dockerhub_token_401() -> CaseSpec:
    at = Clock(datetime(2026, 9, 7, 3, 0, tzinfo=timezone.utc))
    name, ns, host = "workspace-tuning-phi-3", "default", "aks-gpu-31520147-vmss000000"
    tmpl = Container(
        "workspace-tuning-phi-3",
        "mcr.microsoft.com/aks/kaito/kaito-tuning-phi-3-mini-128k-instruct:0.0.1",
        resources=gpu(1, "100Gi", "10"),
    )
    job = batch_job(name=name, namespace=ns, created=at(0), container=tmpl, active=1, start=at(1), conditions=[])
    curl = "curlimages/curl"
    init = Container(
        "data-downloader",
        curl,
        state=waiting("ImagePullBackOff", f'Back-off pulling image "{curl}"'),
    )
    main = Container(tmpl.name, tmpl.image, resources=tmpl.resources, state=waiting("PodInitializing"))
    p = job_pod(job, [main], init=[init], created=at(1), phase="Pending", node=host, scheduled=at(2))
    failure = (
        f'Failed to pull image "{curl}": failed to pull and unpack image "docker.io/curlimages/curl:latest": failed '
        'to resolve reference "docker.io/curlimages/curl:latest": failed to authorize: failed to fetch oauth token: '
        "unexpected status from GET request to https://auth.docker.io/token?scope=repository%3Acurlimages%2Fcurl%3A"
        "pull&service=registry.docker.io: 401 Unauthorized"
    )
    events = _pulling(p, curl, failure, 5, 1500, 9, at, host)
    return CaseSpec(
        id="image-pull-error-job-dockerhub-token-401",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=p["metadata"]["name"],
        evidence="401 Unauthorized",
        description="The fine-tuning Job's data-download init container pulls a public Docker Hub image, but the "
        "registry's token service answers 401: the init container never starts and neither does the "
        "tuning container.",
        objects=[job, p, *events],
        captured=at(1600),
        title="A fine-tuning workspace pod is stuck: pulling 'curlimages/curl' fails with 'failed to fetch oauth "
        "token: ... 401 Unauthorized'",
        source="https://github.com/kaito-project/kaito/issues/609",
    )


@SCENARIOS.add
def image_pull_error_pod_model_server_registry_no_permission() -> CaseSpec:
    at = Clock(datetime(2026, 9, 7, 10, 0, tzinfo=timezone.utc))
    deployment, ns, host = "openvino", "kubeflow", "ip-172-30-1-180"
    image = "gcr.io/example-project-173123/inference_server/openvino-model-server"
    c = Container(
        "openvino",
        image,
        resources=cpu_only("4Gi", "2"),
        state=waiting("ImagePullBackOff", f'Back-off pulling image "{image}"'),
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    failure = (
        f'Failed to pull image "{image}": rpc error: code = Unknown desc = Error response from daemon: unauthorized: '
        "You don't have the needed permissions to perform this operation, and you may have invalid credentials. "
        "To authenticate your request, follow the steps in: "
        "https://cloud.google.com/container-registry/docs/advanced-authentication"
    )
    events = [
        event(
            p,
            "Pulling",
            f'pulling image "{image}"',
            at(11),
            last=at(112),
            count=4,
            type_="Normal",
            host=host,
        ),
        event(p, "Failed", failure, at(12), last=at(112), count=4, host=host),
        event(
            p,
            "BackOff",
            f'Back-off pulling image "{image}"',
            at(30),
            last=at(97),
            count=6,
            type_="Normal",
            host=host,
        ),
    ]
    return CaseSpec(
        id="image-pull-error-pod-model-server-registry-no-permission",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=name,
        evidence="needed permissions",
        description="The model server's image lives in a private project's registry the cluster has no pull "
        "credentials for: every pull is refused and the pod sits in ImagePullBackOff.",
        objects=[p, *events],
        captured=at(583),
        title="The OpenVINO model server of a Kubeflow install cannot be pulled: 'unauthorized: You don't have "
        "the needed permissions to perform this operation'",
        source="https://github.com/kubeflow/kubeflow/issues/2731",
    )


@SCENARIOS.add
def oom_killed_pod_operator_memory_limit() -> CaseSpec:
    at = Clock(datetime(2026, 9, 8, 16, 0, tzinfo=timezone.utc))
    deployment, ns, host = "databricks-operator-controller-manager", "databricks-operator-system", "aks-node-2"
    c = Container(
        "manager",
        "mcr.microsoft.com/k8s/azure-databricks/operator:1.0",
        command=["/manager"],
        resources={"limits": {"cpu": "100m", "memory": "30Mi"}, "requests": {"cpu": "100m", "memory": "20Mi"}},
        state=_crash_loop("manager", _rs_name(deployment, ns), ns),
        last=terminated(137, at(1180), at(1195), reason="OOMKilled"),
        restarts=8,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    events = [_backoff(p, "manager", at, 300, 1290, 30)]
    prev = text(
        '2026-09-08T16:19:41.221Z\tINFO\tcontroller-runtime.metrics\tmetrics server is starting to listen\t{"addr": '
        '"127.0.0.1:8080"}',
        "2026-09-08T16:19:41.318Z\tINFO\tsetup\tstarting manager",
    )
    return CaseSpec(
        id="oom-killed-pod-operator-memory-limit",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=name,
        evidence="OOMKilled",
        description="The operator's memory limit is far below what its informers' caches need: the kernel kills "
        "it seconds after start (Reason: OOMKilled, Exit Code: 137) and it crash-loops.",
        objects=[p, *events],
        logs={f"{name}/manager.previous": prev},
        captured=at(1300),
        title="An operator's manager container keeps restarting: 'Last State: Terminated, Reason: OOMKilled, Exit "
        "Code: 137' - its memory limit is too low",
        source="https://github.com/Azure/azure-databricks-operator/issues/62",
    )


@SCENARIOS.add
def missing_file_pod_kserve_model_dir_not_populated() -> CaseSpec:
    at = Clock(datetime(2026, 9, 9, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "sklearn-iris-predictor-00001-deployment", "kserve-test", "minikube"
    c = Container(
        "kserve-container",
        "kserve/sklearnserver:v0.11.2",
        args=["--model_name=sklearn-iris", "--model_dir=/mnt/models", "--http_port=8080"],
        resources=cpu_only("2Gi", "1"),
        state=_crash_loop("kserve-container", _rs_name(deployment, ns), ns),
        last=terminated(1, at(880), at(884)),
        restarts=6,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    prev = text(
        "INFO:root:Copying contents of /mnt/models to local",
        "ERROR:root:fail to locate model file for model sklearn-iris under dir /mnt/models,trying loading from model "
        "repository.",
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.9/runpy.py", line 197, in _run_module_as_main',
        "    return _run_code(code, main_globals, None,",
        '  File "/usr/local/lib/python3.9/runpy.py", line 87, in _run_code',
        "    exec(code, run_globals)",
        '  File "/sklearnserver/sklearnserver/__main__.py", line 42, in <module>',
        "    kserve.ModelServer(registered_models=SKLearnModelRepository(args.model_dir)).start(",
        '  File "/sklearnserver/sklearnserver/sklearn_model_repository.py", line 24, in __init__',
        "    self.load_models()",
        '  File "/kserve/kserve/model_repository.py", line 37, in load_models',
        "    for name in os.listdir(self.models_dir):",
        "FileNotFoundError: [Errno 2] No such file or directory: '/mnt/models'",
    )
    events = [_backoff(p, "kserve-container", at, 60, 890, 25)]
    return CaseSpec(
        id="missing-file-pod-kserve-model-dir-not-populated",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=name,
        evidence="No such file or directory: '/mnt/models'",
        description="No storage-initializer ran before the predictor (the webhook did not inject it), so the "
        "model directory the server reads does not exist; the server exits and crash-loops.",
        objects=[p, *events],
        logs={f"{name}/kserve-container.previous": prev},
        captured=at(900),
        title='The KServe getting-started sklearn predictor crash-loops: "FileNotFoundError: [Errno 2] No such '
        "file or directory: '/mnt/models'\"",
        source="https://github.com/kserve/kserve/issues/3499",
    )


@SCENARIOS.add
def disk_full_pod_training_ephemeral_limit_from_sidecar() -> CaseSpec:
    at = Clock(datetime(2026, 9, 10, 13, 0, tzinfo=timezone.utc))
    ns, host = "substratus", "gke-ml-l4-pool-3f9a2c1e-k2xw"
    name = "falcon-7b-finetune-modeller"
    model = Container(
        "model",
        "us-docker.pkg.dev/example/substratus/falcon-7b-trainer:latest",
        command=["python", "train.py"],
        resources=gpu(1, "48Gi", "8"),
        mounts=[{"name": "trained", "mountPath": "/model/trained"}],
        state=terminated(137, at(40), at(2215)),
    )
    fuse = Container(
        "gke-gcsfuse-sidecar",
        "gke.gcr.io/gcs-fuse-csi-driver-sidecar-mounter:v0.1.4-gke.0",
        resources={"limits": {"cpu": "250m", "ephemeral-storage": "5Gi", "memory": "256Mi"}},
        state=terminated(0, at(30), at(2206), reason="Completed"),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"role": "run", "component": "model"},
        owner=None,
        containers=[fuse, model],
        created=at(0),
        phase="Failed",
        node=host,
        scheduled=at(2),
        reason="Evicted",
        message="Pod ephemeral local storage usage exceeds the total limit of containers 5Gi. ",
        qos="Burstable",
    )
    events = [
        event(
            p,
            "Evicted",
            "Pod ephemeral local storage usage exceeds the total limit of containers 5Gi.",
            at(2205),
            host=host,
        ),
        event(p, "Killing", "Stopping container gke-gcsfuse-sidecar", at(2205), type_="Normal", host=host),
        event(p, "Killing", "Stopping container model", at(2205), type_="Normal", host=host),
        event(
            p,
            "ExceededGracePeriod",
            "Container runtime did not kill the pod within specified grace period.",
            at(2215),
            host=host,
        ),
    ]
    log = stamped(
        [
            "{'loss': 1.2031, 'learning_rate': 0.0002, 'epoch': 0.41}",
            "{'loss': 1.1187, 'learning_rate': 0.0002, 'epoch': 0.82}",
            "Saving model checkpoint to /model/trained/checkpoint-500",
        ],
        at(1900),
        [150.0, 150.0],
    )
    return CaseSpec(
        id="disk-full-pod-training-ephemeral-limit-from-sidecar",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="disk-full",
        culprit=name,
        evidence="ephemeral local storage usage exceeds the total limit",
        description="The training writes its checkpoints into the container's writable layer; the storage sidecar's "
        "5Gi ephemeral-storage limit becomes the pod's limit, and the kubelet evicts the pod when the "
        "checkpoint pushes it over.",
        objects=[p, *events],
        logs={f"{name}/model": log},
        captured=at(2400),
        title="A fine-tuning pod is evicted while saving: 'Pod ephemeral local storage usage exceeds the total "
        "limit of containers 5Gi.' - the GCS FUSE sidecar's limit applies to the whole pod",
        source="https://github.com/substratusai/runbooks/issues/92",
    )


@SCENARIOS.add
def quota_exceeded_job_resourcequota_requires_limits() -> CaseSpec:
    at = Clock(datetime(2026, 9, 11, 8, 0, tzinfo=timezone.utc))
    name, ns = "hap-operator-kubernetes-ingress-crdjob-1", "ingress-stack"
    tmpl = Container(
        "crd", "haproxytech/kubernetes-ingress:1.11.3", command=["/haproxy-ingress-controller", "--job-check-crd"]
    )
    job = batch_job(name=name, namespace=ns, created=at(0), container=tmpl, conditions=[], backoff_limit=6)
    events = []
    for k, t in enumerate((1, 11, 31, 71, 151, 311)):
        pod_name = f"{name}-{suffix(name, str(k))}"
        events.append(
            event(
                job,
                "FailedCreate",
                f'Error creating: pods "{pod_name}" is forbidden: failed quota: ingress-stack: must specify '
                "limits.cpu for: crd; limits.memory for: crd; requests.cpu for: crd; requests.memory for: crd",
                at(t),
                component="job-controller",
            )
        )
    return CaseSpec(
        id="quota-exceeded-job-resourcequota-requires-limits",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="failed quota",
        description="The namespace's ResourceQuota covers cpu and memory, so every pod must declare requests and "
        "limits; the chart's Job sets none, and the API server refuses each pod the Job controller tries "
        "to create.",
        objects=[job, *events],
        captured=at(330),
        title="A Helm chart's CRD Job never creates a pod in a namespace with a ResourceQuota: 'failed quota: ...: "
        "must specify limits.cpu for: crd; limits.memory for: crd; ...'",
        source="https://github.com/haproxytech/helm-charts/issues/236",
    )


@SCENARIOS.add
def quota_exceeded_job_kueue_pending_preemption_of_lower_priority() -> CaseSpec:
    at = Clock(datetime(2026, 9, 12, 6, 33, tzinfo=timezone.utc))
    name, ns, queue = "sample-job-high-priority", "default", "user-queue"
    tmpl = Container(
        "dummy-job",
        "registry.k8s.io/e2e-test-images/agnhost:2.53",
        args=["entrypoint-tester", "hello", "world"],
        resources={"requests": {"cpu": "1", "memory": "2Gi"}},
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=tmpl,
        conditions=[],
        suspend=True,
        labels={"kueue.x-k8s.io/queue-name": queue, "kueue.x-k8s.io/priority-class": "high-priority"},
    )
    msg = (
        "couldn't assign flavors to pod set main: insufficient unused quota for memory in flavor default, "
        "1953125Ki more needed. Pending the preemption of 1 workload(s)"
    )
    wl = kueue_workload(
        job,
        at(1),
        queue=queue,
        pod_sets=[{"name": "main", "count": 1}],
        conditions=[metav1_condition("QuotaReserved", at(1), "Pending", msg, status=False)],
    )
    events = [
        event(
            job,
            "CreatedWorkload",
            f"Created Workload: {ns}/{wl['metadata']['name']}",
            at(1),
            type_="Normal",
            component="kueue-job-controller",
        ),
        event(wl, "Pending", msg, at(1), last=at(895), count=40, component="kueue-admission"),
    ]
    return CaseSpec(
        id="quota-exceeded-job-kueue-pending-preemption-of-lower-priority",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="insufficient unused quota for memory",
        description="The high-priority Job does not fit in the ClusterQueue's remaining memory quota; Kueue keeps "
        "it suspended while it waits for the lower-priority workload it chose to preempt, which never "
        "releases its quota.",
        objects=[job, wl, *events],
        captured=at(900),
        title="A high-priority Job stays suspended: 'couldn't assign flavors to pod set main: insufficient unused "
        "quota for memory in flavor default, ... Pending the preemption of 1 workload(s)'",
        source="https://github.com/kubernetes-sigs/kueue/issues/7350",
    )


@SCENARIOS.add
def network_error_pod_llm_server_model_download_read_timeout() -> CaseSpec:
    at = Clock(datetime(2026, 9, 13, 17, 0, tzinfo=timezone.utc))
    deployment, ns, host = "llama-2-13b-chat", "llm", "node-pool-cpu-4"
    c = Container(
        "ialacol",
        "ghcr.io/chenhunghan/ialacol:0.11.2",
        env=[
            {"name": "DEFAULT_MODEL_HG_REPO_ID", "value": "TheBloke/Llama-2-13B-chat-GGML"},
            {"name": "DEFAULT_MODEL_FILE", "value": "llama-2-13b-chat.ggmlv3.q4_0.bin"},
        ],
        resources=cpu_only("16Gi", "4"),
        state=_crash_loop("ialacol", _rs_name(deployment, ns), ns),
        last=terminated(1, at(1150), at(1212)),
        restarts=5,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    prev = text(
        "INFO:     Downloading model... TheBloke/Llama-2-13B-chat-GGML/llama-2-13b-chat.ggmlv3.q4_0.bin",
        "ERROR: Error downloading model: HTTPSConnectionPool(host='cdn-lfs.huggingface.co', port=443): Read timed out.",
    )
    events = [_backoff(p, "ialacol", at, 300, 1290, 14)]
    return CaseSpec(
        id="network-error-pod-llm-server-model-download-read-timeout",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="network-error",
        culprit=name,
        evidence="Read timed out",
        description="The server downloads its model from the Hugging Face CDN at start; the download times out at "
        "the same point every time, the server exits and crash-loops without retrying.",
        objects=[p, *events],
        logs={f"{name}/ialacol.previous": prev},
        captured=at(1300),
        title='An LLM server pod cannot download its model: "Error downloading model: HTTPSConnectionPool('
        "host='cdn-lfs.huggingface.co', port=443): Read timed out.\"",
        source="https://github.com/chenhunghan/ialacol/issues/58",
    )


@SCENARIOS.add
def killed_externally_pod_vllm_startup_probe_keyboardinterrupt() -> CaseSpec:
    at = Clock(datetime(2025, 5, 29, 10, 0, tzinfo=timezone.utc))
    deployment, ns, host = "gemma-3-1b-it", "default", "gke-l4-pool-7c2d"
    probes = {
        "startupProbe": {
            "httpGet": {"path": "/health", "port": 8000, "scheme": "HTTP"},
            "periodSeconds": 5,
            "failureThreshold": 30,
            "timeoutSeconds": 1,
            "successThreshold": 1,
        },
        **_http_probe("/health", 8000),
    }
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.8.5",
        args=["--model", "google/gemma-3-1b-it", "--max-model-len", "8192"],
        env=[{"name": "VLLM_TRACE_FUNCTION", "value": "1"}],
        resources=gpu(1, "24Gi", "4"),
        probes=probes,
        state=running(at(470)),
        last=terminated(130, at(315), at(465)),
        restarts=2,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    prev = text(
        "INFO 05-29 10:05:21 [__init__.py:239] Automatically detected platform cuda.",
        "INFO 05-29 10:05:27 [api_server.py:1043] vLLM API server version 0.8.5",
        "WARNING 05-29 10:05:28 [logger.py:186] VLLM_TRACE_FUNCTION is enabled. It will record every function "
        "executed by Python. This will slow down the code. It is suggested to be used for debugging hang or "
        "crashes only.",
        "INFO 05-29 10:06:40 [gpu_model_runner.py:1329] Starting to load model google/gemma-3-1b-it...",
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.12/dist-packages/vllm/entrypoints/openai/api_server.py", line 1121, in '
        "signal_handler",
        '    raise KeyboardInterrupt("terminated")',
        "KeyboardInterrupt: terminated",
    )
    events = [
        event(
            p,
            "Unhealthy",
            'Startup probe failed: Get "http://10.8.2.14:8000/health": dial tcp 10.8.2.14:8000: connect: '
            "connection refused",
            at(20),
            last=at(610),
            count=84,
            host=host,
        ),
        event(
            p,
            "Killing",
            "Container vllm failed startup probe, will be restarted",
            at(165),
            last=at(465),
            count=3,
            type_="Normal",
            host=host,
        ),
    ]
    return CaseSpec(
        id="killed-externally-pod-vllm-startup-probe-keyboardinterrupt",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="killed-externally",
        culprit=name,
        evidence="failed startup probe",
        description="With function tracing enabled the server needs far longer than the startup probe's 150 "
        "seconds to come up; the kubelet kills it each time (vLLM logs 'KeyboardInterrupt: terminated' on "
        "SIGTERM) and it starts over.",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(620),
        title="vLLM serving gemma-3-1b-it on Kubernetes is interrupted with 'KeyboardInterrupt: terminated': the "
        "startup probe kills it before it is ready",
        source="https://github.com/vllm-project/vllm/issues/17386",
    )


# -- a second fresh sample, written after the first round of rule changes -------------------------


@SCENARIOS.add
def shm_exhausted_pod_vllm_tensor_parallel_default_shm() -> CaseSpec:
    at = Clock(datetime(2025, 3, 13, 4, 0, tzinfo=timezone.utc))
    deployment, ns, host = "vllm-opt125m-deployment-vllm", "default", "gpu-node-2"
    c = Container(
        "vllm",
        "vllm/vllm-openai:latest",
        args=[
            "vllm",
            "serve",
            "facebook/opt-125m",
            "--max-model-len",
            "200",
            "--dtype",
            "bfloat16",
            "--disable-log-requests",
            "--gpu-memory-utilization",
            "0.1",
            "--tensor-parallel-size",
            "2",
        ],
        resources=gpu(2, "16Gi", "6"),
        probes=_http_probe("/health", 8000),
        state=_crash_loop("vllm", _rs_name(deployment, ns), ns),
        last=terminated(1, at(700), at(731)),
        restarts=6,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    prev = text(
        "INFO 03-13 04:11:48 [api_server.py:912] vLLM API server version 0.7.3",
        "INFO 03-13 04:11:58 [config.py:1382] Defaulting to use mp for distributed inference",
        "(VllmWorkerProcess pid=231) INFO 03-13 04:12:04 [multiproc_worker_utils.py:229] Worker ready; awaiting tasks",
        "INFO 03-13 04:12:05 [utils.py:950] Found nccl from library libnccl.so.2",
        "INFO 03-13 04:12:05 [pynccl.py:69] vLLM is using nccl==2.21.5",
        "ERROR 03-13 04:12:06 [engine.py:400] NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, "
        "unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.12/dist-packages/vllm/distributed/device_communicators/custom_all_reduce.py",'
        " line 140, in __init__",
        "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, "
        "unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
        "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. ",
        "Last error:",
        "Error while creating shared memory segment /dev/shm/nccl-F9ffgB (size 9637888)",
    )
    events = [_backoff(p, "vllm", at, 120, 890, 18)]
    return CaseSpec(
        id="shm-exhausted-pod-vllm-tensor-parallel-default-shm",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="shm-exhausted",
        culprit=name,
        evidence="Error while creating shared memory segment",
        description="Serving with tensor parallelism over two GPUs needs NCCL shared-memory segments, but the "
        "chart's shmSize never reached the pod: /dev/shm is the runtime's default 64 MB and NCCL cannot "
        "create its segment, so the engine fails at start.",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(900),
        title="A vLLM deployment with tensor parallel 2 fails at start: 'Error while creating shared memory "
        "segment /dev/shm/nccl-... (size 9637888)' - the pod's /dev/shm is only 64M",
        source="https://github.com/vllm-project/production-stack/issues/276",
    )


@SCENARIOS.add
def permission_denied_pod_triton_hf_cache_home_not_writable() -> CaseSpec:
    at = Clock(datetime(2024, 3, 21, 14, 0, tzinfo=timezone.utc))
    deployment, ns, host = "triton-trtllm", "llm-serving", "dgx-node-1"
    c = Container(
        "triton-inference-server",
        "nvcr.io/nvidia/tritonserver:24.02-trtllm-python-py3",
        command=["tritonserver", "--model-repository=/models"],
        resources=gpu(1, "64Gi", "8"),
        state=_crash_loop("triton-inference-server", _rs_name(deployment, ns), ns),
        last=terminated(1, at(610), at(655)),
        restarts=5,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    cache = (
        "There was a problem when trying to write in your cache folder (/home/triton-server/.cache/huggingface/hub). "
        "You should set the environment variable TRANSFORMERS_CACHE to a writable directory."
    )
    prev = text(
        "I0321 14:10:21.541163 1 pinned_memory_manager.cc:275] Pinned memory pool is created at '0x7f1c6a000000' "
        "with size 268435456",
        cache,
        cache,
        "None of PyTorch, TensorFlow >= 2.0, or Flax have been found. Models won't be available and only tokenizers, "
        "configuration and file/data utilities can be used.",
        "I0321 14:10:23.693707 1 python_be.cc:2362] TRITONBACKEND_ModelInstanceInitialize: preprocessing_0_0 (CPU "
        "device 0)",
        "I0321 14:10:23.695166 1 python_be.cc:2362] TRITONBACKEND_ModelInstanceInitialize: postprocessing_0_0 (CPU "
        "device 0)",
        "Traceback (most recent call last):",
        '  File "/models/preprocessing/1/model.py", line 67, in initialize',
        "    self.tokenizer = AutoTokenizer.from_pretrained(tokenizer_dir, legacy=False, padding_side='left')",
        "PermissionError: [Errno 13] Permission denied: '/home/triton-server'",
        "E0321 14:10:54.812230 1 model_lifecycle.cc:621] failed to load 'preprocessing' version 1: Internal: "
        "PermissionError: [Errno 13] Permission denied: '/home/triton-server'",
        "error: creating server: Internal - failed to load all models",
    )
    events = [_backoff(p, "triton-inference-server", at, 120, 890, 15)]
    return CaseSpec(
        id="permission-denied-pod-triton-hf-cache-home-not-writable",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=name,
        evidence="Permission denied: '/home/triton-server'",
        description="The pod runs as a user that cannot write the image's home directory; the Python backend's "
        "tokenizer download cannot create its Hugging Face cache there, the model fails to load and the "
        "server exits.",
        objects=[p, *events],
        logs={f"{name}/triton-inference-server.previous": prev},
        captured=at(900),
        title='Triton with TensorRT-LLM on Kubernetes fails to load its preprocessing model: "PermissionError: '
        "[Errno 13] Permission denied: '/home/triton-server'\" while caching the tokenizer",
        source="https://github.com/triton-inference-server/server/issues/7015",
    )


@SCENARIOS.add
def unschedulable_pod_gpu_workspace_pod_affinity_to_cpu_node() -> CaseSpec:
    at = Clock(datetime(2025, 1, 1, 18, 0, tzinfo=timezone.utc))
    name, ns = "devpod-ml-workspace-5f2a1", "devpod"
    c = Container(
        "devpod",
        "mcr.microsoft.com/devcontainers/python:3.11",
        command=["sleep", "infinity"],
        resources={"limits": {"nvidia.com/gpu": "1"}, "requests": {"nvidia.com/gpu": "1"}},
    )
    msg = (
        "0/4 nodes are available: 1 node(s) didn't match pod affinity rules, 3 Insufficient nvidia.com/gpu. "
        "preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims "
        "found for incoming pod."
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"devpod.sh/created": "true"},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Pending",
        unschedulable=msg,
        qos="BestEffort",
        restart_policy="Never",
    )
    events = [event(p, "FailedScheduling", msg, at(2), last=at(3500), count=40, component="default-scheduler")]
    return CaseSpec(
        id="unschedulable-pod-gpu-workspace-pod-affinity-to-cpu-node",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=name,
        evidence="didn't match pod affinity rules",
        description="The workspace pod must run next to its helper pod (pod affinity), which landed on a node "
        "without a GPU; the only GPU node fails the affinity rule and the others have no GPU.",
        objects=[p, *events],
        captured=at(3600),
        title="A GPU workspace pod stays Pending: '1 node(s) didn't match pod affinity rules, 3 Insufficient "
        "nvidia.com/gpu' - its affinity ties it to a pod on a CPU node",
        source="https://github.com/loft-sh/devpod-provider-kubernetes/issues/63",
    )


# -- a third fresh sample: storage that goes away under a running job, node runtimes ------------


@SCENARIOS.add
def volume_error_job_s3_fuse_transport_endpoint_not_connected() -> CaseSpec:
    at = Clock(datetime(2024, 7, 12, 3, 31, tzinfo=timezone.utc))
    name, ns, host = "trainingjob-a1217562-task2", "hero-user", "gpu-node-13"
    ctr = Container(
        "trainer",
        "registry.corp.example/hero/pytorch-train:2.1-cu121",
        command=["python", "train.py", "--logdir", "/output/lgy/log/3"],
        resources=gpu(1, "64Gi", "8"),
        mounts=[{"name": "output", "mountPath": "/output"}],
    )
    case = failed_job_case(
        id="volume-error-job-s3-fuse-transport-endpoint-not-connected",
        category="volume-error",
        evidence="Transport endpoint is not connected",
        description="The job's output claim is an S3 bucket mounted through a FUSE CSI driver; the FUSE "
        "process behind the mount went away and every write to it fails, so training dies at its first "
        "TensorBoard write.",
        name=name,
        namespace=ns,
        at=at,
        container=ctr,
        exit_code=1,
        ran=(2, 95),
        node=host,
        log=stamped(
            [
                "Epoch 1/50: loading dataset from /data/train (128000 samples)",
                "Traceback (most recent call last):",
                '  File "/workspace/train.py", line 211, in <module>',
                "    writer = SummaryWriter(log_dir=args.logdir)",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/tensorboard/writer.py", line 247, in '
                "__init__",
                "    self._get_file_writer()",
                '  File "/usr/local/lib/python3.10/dist-packages/tensorboard/summary/writer/event_file_writer.py", '
                "line 72, in __init__",
                '    self._general_file_writer = tf.io.gfile.GFile(self._file_name, "wb")',
                "OSError: [Errno 107] Transport endpoint is not connected: b'/output/lgy/log/3/events.out.tfevents."
                "1720755089.trainingjob-a1217562-task2-0.13.0'",
            ],
            at(80),
            [5.0, 0.1, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
        ),
        captured=120,
    )
    case.title = (
        'Every pod of a distributed training job fails writing its logs to a csi-s3 volume: "OSError: [Errno 107] '
        'Transport endpoint is not connected"'
    )
    case.source = "https://github.com/yandex-cloud/k8s-csi-s3/issues/124"
    return case


@SCENARIOS.add
def volume_error_pod_stale_nfs_handle_at_container_create() -> CaseSpec:
    at = Clock(datetime(2025, 9, 4, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "dataset-indexer", "media", "worker-3"
    image = "ghcr.io/example/dataset-indexer:release-4.0.13"
    pvc = "pvc-a7eb6f61-4806-49e8-843e-2ea463c057ce"
    c = Container(
        "indexer",
        image,
        resources=cpu_only("2Gi", "1"),
        mounts=[{"name": "media", "mountPath": "/media"}],
        state=waiting("CreateContainerError", "failed to generate container spec"),
    )
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        volumes=[{"name": "media", "persistentVolumeClaim": {"claimName": "media-smb"}}],
    )
    name = p["metadata"]["name"]
    mount = f"/var/lib/kubelet/pods/{p['metadata']['uid']}/volumes/kubernetes.io~csi/{pvc}/mount"
    events = []
    for k, t in enumerate((33, 34, 48, 75, 130)):
        cid = digest(name, "create", str(k))
        events.append(
            event(
                p,
                "Failed",
                f'Error: failed to generate container "{cid}" spec: failed to apply OCI options: failed to stat '
                f'"{mount}": stat {mount}: stale NFS file handle',
                at(t),
                host=host,
            )
        )
    events.append(
        event(
            p,
            "Pulled",
            f'Successfully pulled image "{image}" in 556ms (556ms including waiting). Image size: 108531273 bytes.',
            at(33),
            last=at(130),
            count=5,
            type_="Normal",
            host=host,
        )
    )
    return CaseSpec(
        id="volume-error-pod-stale-nfs-handle-at-container-create",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=name,
        evidence="stale NFS file handle",
        description="The file server behind the CSI volume went away and came back; the node still holds the old "
        "mount, whose handle is stale, so the runtime cannot even stat the mount point to build the "
        "container.",
        objects=[p, *events],
        captured=at(140),
        title="Pods on an SMB/NFS CSI volume fail with 'failed to generate container spec: ... stat .../mount: "
        "stale NFS file handle' after the server went away",
        source="https://github.com/kubernetes-csi/csi-driver-smb/issues/419",
    )


@SCENARIOS.add
def cuda_error_pod_runtimeclass_nvidia_not_configured() -> CaseSpec:
    at = Clock(datetime(2024, 6, 3, 10, 0, tzinfo=timezone.utc))
    ns, host = "gpu-operator", "i-071a4e5a302e4025b"
    name = "nvidia-device-plugin-daemonset-w72xb"
    owner = {
        "apiVersion": "apps/v1",
        "kind": "DaemonSet",
        "name": "nvidia-device-plugin-daemonset",
        "uid": uid(ns, "DaemonSet", "nvidia-device-plugin-daemonset"),
        "controller": True,
        "blockOwnerDeletion": True,
    }
    c = Container(
        "nvidia-device-plugin",
        "nvcr.io/nvidia/k8s-device-plugin:v0.14.5-ubi8",
        command=["nvidia-device-plugin"],
        state=waiting("ContainerCreating"),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "nvidia-device-plugin-daemonset"},
        owner=owner,
        containers=[c],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        restart_policy="Always",
        qos="BestEffort",
    )
    p["spec"]["runtimeClassName"] = "nvidia"
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to {host}",
            at(1),
            type_="Normal",
            component="default-scheduler",
        ),
        event(
            p,
            "FailedCreatePodSandBox",
            "Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime "
            'for "nvidia" is configured',
            at(12),
            last=at(131),
            count=10,
            host=host,
        ),
    ]
    return CaseSpec(
        id="cuda-error-pod-runtimeclass-nvidia-not-configured",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="cuda-error",
        culprit=name,
        evidence='no runtime for "nvidia" is configured',
        description="The pod asks for the nvidia RuntimeClass, but the node's containerd has no nvidia runtime "
        "handler (the container toolkit never configured it): the sandbox cannot be created and the pod "
        "stays in ContainerCreating.",
        objects=[p, *events],
        captured=at(140),
        title="GPU operator pods stay in ContainerCreating: 'Failed to create pod sandbox: ... no runtime for "
        '"nvidia" is configured\'',
        source="https://github.com/NVIDIA/gpu-operator/issues/730",
    )


@SCENARIOS.add
def disk_full_pod_image_layer_extract_no_space() -> CaseSpec:
    at = Clock(datetime(2022, 10, 3, 15, 0, tzinfo=timezone.utc))
    sts, ns, host = "tableau-server", "analytics", "ip-10-0-7-21.ec2.internal"
    image = "registry.corp.example/analytics/tableau-server:2022.1.7"
    c = Container(
        "tableau-server",
        image,
        resources=cpu_only("128Gi", "16"),
        state=waiting("ImagePullBackOff", f'Back-off pulling image "{image}"'),
    )
    p = _sts_pod(sts, 0, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1), qos="Guaranteed")
    failure = (
        f'Failed to pull image "{image}": rpc error: code = Unknown desc = failed to register layer: Error processing '
        "tar file(exit status 1): write /tableau-server-2022-1-7.x86_64.rpm: no space left on device"
    )
    events = _pulling(p, image, failure, 5, 1900, 6, at, host)
    return CaseSpec(
        id="disk-full-pod-image-layer-extract-no-space",
        kind="Pod",
        name=p["metadata"]["name"],
        namespace=ns,
        healthy=False,
        category="disk-full",
        culprit=p["metadata"]["name"],
        evidence="no space left on device",
        description="The image is larger than the free space of the node's root disk: the pull downloads every "
        "layer, then fails writing one out, and the pod never starts. The registry and the name are fine.",
        objects=[p, *events],
        captured=at(2000),
        title="A very large image cannot be pulled on Kubernetes: 'failed to register layer: Error processing tar "
        "file(exit status 1): write ...: no space left on device' - the node's disk is too small",
        source="https://github.com/tableau/tableau-server-in-kubernetes/issues/14",
    )


@SCENARIOS.add
def image_pull_error_pod_large_image_pull_context_canceled() -> CaseSpec:
    at = Clock(datetime(2025, 9, 15, 8, 0, tzinfo=timezone.utc))
    deployment, ns, host = "qwen3-32b-vllm", "inference", "gpu-rhel9-node-4"
    image = "registry.corp.example/mirror/vllm/vllm-openai:v0.10.1"
    c = Container(
        "vllm",
        image,
        args=["--model", "Qwen/Qwen3-32B", "--tensor-parallel-size", "2"],
        resources=gpu(2, "128Gi", "16"),
        state=waiting(
            "ErrImagePull",
            "pulling image: rpc error: code = Canceled desc = copying system image from "
            "manifest list: copying config: context canceled",
        ),
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1), qos="Guaranteed")
    failure = (
        f'Failed to pull image "{image}": pulling image: rpc error: code = Canceled desc = copying system image from '
        "manifest list: copying config: context canceled"
    )
    events = _pulling(p, image, failure, 3, 1700, 7, at, host)
    return CaseSpec(
        id="image-pull-error-pod-large-image-pull-context-canceled",
        kind="Pod",
        name=p["metadata"]["name"],
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=p["metadata"]["name"],
        evidence="context canceled",
        description="CRI-O cancels a pull that makes no progress for 10 seconds (pull_progress_timeout); the "
        "multi-gigabyte serving image's large layers take longer, so every pull is cancelled and the pod "
        "never starts.",
        objects=[p, *events],
        captured=at(1800),
        title="Pulling a large container image fails under CRI-O: 'rpc error: code = Canceled desc = copying system "
        "image from manifest list: copying config: context canceled'",
        source="https://github.com/kubernetes-sigs/kubespray/issues/12554",
    )


# -- a fifth fresh sample -------------------------------------------------------------------------


@SCENARIOS.add
def shm_exhausted_tfjob_nccl_posix_fallocate_default_shm() -> CaseSpec:
    at = Clock(datetime(2021, 6, 20, 9, 0, tzinfo=timezone.utc))
    name, ns = "tf2-mirrored-t4x4", "kubeflow-user"
    ctr = Container(
        "tensorflow",
        "gcr.io/deeplearning-platform-release/tf2-gpu.2-4:m69",
        command=["python", "/opt/train/train_mirrored.py"],
        resources=gpu(4, "60Gi", "16"),
    )
    lines = [
        "2021-06-20 09:01:12.318402: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1720] Found device 0 with "
        "properties: pciBusID: 0000:00:04.0 name: Tesla T4 computeCapability: 7.5",
        "INFO:tensorflow:Using MirroredStrategy with devices ('/job:localhost/replica:0/task:0/device:GPU:0', "
        "'/job:localhost/replica:0/task:0/device:GPU:1', '/job:localhost/replica:0/task:0/device:GPU:2', "
        "'/job:localhost/replica:0/task:0/device:GPU:3')",
        "Epoch 1/20",
        "[3] include/shm.h:28 NCCL WARN Call to posix_fallocate failed : No space left on device",
        "[3] NCCL INFO include/shm.h:41 -> 2",
        "[3] include/shm.h:48 NCCL WARN Error while creating shared memory segment nccl-shm-recv-1462445a6f01cbfc-1-"
        "2-3 (size 9637888)",
        "tensorflow.python.framework.errors_impl.UnknownError:  ncclSystemError: System call (socket, malloc, munmap, "
        "etc) failed.",
    ]
    log = stamped(lines, at(40), [2.0, 3.0, 9.0, 0.0, 0.0, 0.4])
    job, pods, logs = kubeflow_with_pods(
        kind="TFJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[PodPlan("worker", 0, terminated(1, at(35), at(60)), log=log, node="gke-kf-t4x4-pool-7f1c")],
        conditions=kubeflow_conditions("TFJob", name, at(1), failed=("Worker", at(61))),
        statuses={"Worker": {"failed": 1}},
        completion=at(61),
    )
    return CaseSpec(
        id="shm-exhausted-tfjob-nccl-posix-fallocate-default-shm",
        kind="TFJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="shm-exhausted",
        culprit=pods[0]["metadata"]["name"],
        evidence="posix_fallocate failed",
        description="Four GPUs in one pod talk through NCCL's shared-memory transport, but the pod's /dev/shm is "
        "the container runtime's 64 MB: NCCL cannot allocate its segments and the first all-reduce fails.",
        objects=[job, *pods],
        logs=logs,
        captured=at(120),
        title="A Kubeflow job on a 4xT4 node fails in NCCL: 'NCCL WARN Call to posix_fallocate failed : No space "
        "left on device' creating a shared memory segment",
        source="https://github.com/NVIDIA/nccl/issues/525",
    )


@SCENARIOS.add
def evicted_pod_notebook_node_disk_full_while_pulling() -> CaseSpec:
    at = Clock(datetime(2023, 12, 15, 19, 19, tzinfo=timezone.utc))
    name, ns, host = "jupyter-yarikoptic", "dandihub", "i-0c3fd348f0ea4da64"
    image = "dandiarchive/dandihub:latest"
    init = [
        Container("nfs-fixer", "alpine", state=terminated(0, at(362), at(363))),
        Container(
            "block-cloud-metadata",
            "jupyterhub/k8s-network-tools:2.0.1-0.dev.git.6000.h3053d41b",
            state=terminated(0, at(363), at(364)),
        ),
    ]
    c = Container("notebook", image, resources=cpu_only("8Gi", "2"), state=waiting("ContainerCreating"))
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "jupyterhub", "component": "singleuser-server"},
        owner=None,
        containers=[c],
        init=init,
        created=at(0),
        phase="Failed",
        node=host,
        scheduled=at(0),
        reason="Evicted",
        message="The node was low on resource: ephemeral-storage. ",
        qos="Burstable",
    )
    events = [
        event(p, "Pulling", f'Pulling image "{image}"', at(364), type_="Normal", host=host),
        event(p, "Evicted", "The node was low on resource: ephemeral-storage.", at(384), host=host),
        event(
            p,
            "ExceededGracePeriod",
            "Container runtime did not kill the pod within specified grace period.",
            at(394),
            host=host,
        ),
    ]
    return CaseSpec(
        id="evicted-pod-notebook-node-disk-full-while-pulling",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="evicted",
        culprit=name,
        evidence="low on resource: ephemeral-storage",
        description="While the node pulls the notebook's multi-gigabyte image its disk crosses the kubelet's "
        "eviction threshold; the kubelet evicts the pod before its container ever starts.",
        objects=[p, *events],
        captured=at(420),
        title="A JupyterHub server never starts: while its image is pulled the pod is evicted, 'The node was low on "
        "resource: ephemeral-storage.'",
        source="https://github.com/dandi/dandi-hub/issues/89",
    )


@SCENARIOS.add
def permission_denied_pod_tgi_json_log_gated_model_401() -> CaseSpec:
    at = Clock(datetime(2024, 6, 14, 10, 0, tzinfo=timezone.utc))
    deployment, ns, host = "chatqna-tgi", "default", "xeon-node-1"
    c = Container(
        "tgi",
        "ghcr.io/huggingface/text-generation-inference:2.0.1",
        args=["--model-id", "meta-llama/Meta-Llama-3-8B", "--json-output"],
        env=[{"name": "HUGGING_FACE_HUB_TOKEN", "valueFrom": {"secretKeyRef": {"name": "hf-token", "key": "token"}}}],
        resources=cpu_only("32Gi", "8"),
        state=_crash_loop("tgi", _rs_name(deployment, ns), ns),
        last=terminated(1, at(600), at(604)),
        restarts=6,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    trace = (
        'Download encountered an error: \\nTraceback (most recent call last):\\n\\n  File \\"/opt/conda/lib/python3.10/'
        'site-packages/huggingface_hub/utils/_errors.py\\", line 270, in hf_raise_for_status\\n    response.raise_for_'
        'status()\\n\\n  File \\"/opt/conda/lib/python3.10/site-packages/requests/models.py\\", line 1021, in raise_'
        "for_status\\n    raise HTTPError(http_error_msg, response=self)\\n\\nrequests.exceptions.HTTPError: 401 Client "
        "Error: Unauthorized for url: https://huggingface.co/api/models/meta-llama/Meta-Llama-3-8B\\n\\n\\nThe above "
        "exception was the direct cause of the following exception:\\n\\n\\nTraceback (most recent call last):\\n\\n  "
        'File \\"/opt/conda/bin/text-generation-server\\", line 8, in <module>\\n    sys.exit(app())\\n'
    )
    prev = text(
        '{"timestamp":"2024-06-14T10:09:58.114511Z","level":"INFO","fields":{"message":"Starting download process."},'
        '"target":"text_generation_launcher","span":{"name":"download"},"spans":[{"name":"download"}]}',
        '{"timestamp":"2024-06-14T10:10:02.370152Z","level":"ERROR","fields":{"message":"' + trace + '"},'
        '"target":"text_generation_launcher"}',
        '{"timestamp":"2024-06-14T10:10:02.532907Z","level":"ERROR","fields":{"message":"Download process exited with '
        'an unknown status."},"target":"text_generation_launcher"}',
        "Error: DownloadError",
    )
    events = [_backoff(p, "tgi", at, 60, 890, 20)]
    return CaseSpec(
        id="permission-denied-pod-tgi-json-log-gated-model-401",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=name,
        evidence="401 Client Error",
        description="The Hugging Face token reaches the server, but the account it belongs to has no access to the "
        "gated model; TGI's download step is refused (401) and the server exits. Its log is JSON, the traceback "
        "escaped inside one record.",
        objects=[p, *events],
        logs={f"{name}/tgi.previous": prev},
        captured=at(900),
        title="TGI in a Helm-installed ChatQnA cannot download Meta-Llama-3-8B: '401 Client Error: Unauthorized for "
        "url: https://huggingface.co/api/models/...' in its JSON log",
        source="https://github.com/opea-project/GenAIInfra/issues/100",
    )


# -- round 2 fresh sample: scored before any rule was changed -------------------------------------


@SCENARIOS.add
def unschedulable_pod_triton_insufficient_gpu_no_preemption_victims() -> CaseSpec:
    at = Clock(datetime(2023, 8, 4, 6, 0, tzinfo=timezone.utc))
    deployment, ns = "triton-inference-server", "default"
    c = Container(
        "triton-server",
        "triton_server:latest",
        env=[{"name": "DP_DISABLE_HEALTHCHECKS", "value": "xids"}],
        ports=[{"containerPort": p, "protocol": "TCP"} for p in (8000, 8001, 8002)],
        resources={"limits": {"nvidia.com/gpu": "1"}, "requests": {"nvidia.com/gpu": "1"}},
        mounts=[{"name": "model-repository", "mountPath": "/models"}],
    )
    msg = (
        "0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: 1 No "
        "preemption victims found for incoming pod.."
    )
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Pending",
        unschedulable=msg,
        qos="BestEffort",
        volumes=[{"name": "model-repository", "hostPath": {"path": "/srv/triton/models", "type": ""}}],
    )
    name = p["metadata"]["name"]
    events = [event(p, "FailedScheduling", msg, at(1), last=at(1700), count=31, component="default-scheduler")]
    return CaseSpec(
        id="unschedulable-pod-triton-insufficient-gpu-no-preemption-victims",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=name,
        evidence="Insufficient nvidia.com/gpu",
        description="The only node advertises no allocatable nvidia.com/gpu (the device plugin reports none), so "
        "the Triton pod that asks for one GPU cannot be placed and preemption cannot help.",
        objects=[p, *events],
        captured=at(1800),
        title="A Triton server Deployment stays Pending: '0/1 nodes are available: 1 Insufficient nvidia.com/gpu. "
        "preemption: ... No preemption victims found for incoming pod'",
        source="https://github.com/NVIDIA/k8s-device-plugin/issues/430",
    )


@SCENARIOS.add
def killed_externally_pod_vllm_liveness_probe_kills_during_download() -> CaseSpec:
    at = Clock(datetime(2025, 2, 28, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "deepseek-r1-distill-llama-8b", "default", "gke-gpu-l4-pool-3b1f"
    c = Container(
        "vllm-openai",
        "vllm/vllm-openai:v0.7.1",
        command=["python3", "-m", "vllm.entrypoints.openai.api_server"],
        args=["--host", "0.0.0.0", "--port", "8000", "--model", "deepseek-ai/DeepSeek-R1-Distill-Llama-8B"],
        resources=gpu(1, "32Gi", "8"),
        probes=_http_probe("/health", 8000, delay=90, period=5, failures=3),
        state=_crash_loop("vllm-openai", _rs_name(deployment, ns), ns, "2m40s"),
        last=terminated(137, at(1090), at(1196)),
        restarts=5,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    prev = text(
        "INFO 02-28 09:18:12 __init__.py:190] Automatically detected platform cuda.",
        "INFO 02-28 09:18:14 api_server.py:840] vLLM API server version 0.7.1",
        "INFO 02-28 09:18:26 config.py:542] This model supports multiple tasks: {'generate', 'embed', 'reward', "
        "'score', 'classify'}. Defaulting to 'generate'.",
        "INFO 02-28 09:18:31 model_runner.py:1110] Starting to load model deepseek-ai/DeepSeek-R1-Distill-Llama-8B...",
        "INFO 02-28 09:18:32 weight_utils.py:252] Using model weights format ['*.safetensors']",
    )
    events = [
        event(
            p,
            "Unhealthy",
            'Liveness probe failed: Get "http://10.52.1.17:8000/health": dial tcp 10.52.1.17:8000: connect: '
            "connection refused",
            at(92),
            last=at(1195),
            count=18,
            host=host,
        ),
        event(
            p,
            "Unhealthy",
            'Readiness probe failed: Get "http://10.52.1.17:8000/health": dial tcp 10.52.1.17:8000: connect: '
            "connection refused",
            at(92),
            last=at(1195),
            count=40,
            host=host,
        ),
        event(
            p,
            "Killing",
            "Container vllm-openai failed liveness probe, will be restarted",
            at(106),
            last=at(1196),
            count=5,
            type_="Normal",
            host=host,
        ),
        _backoff(p, "vllm-openai", at, 240, 1290, 9),
    ]
    return CaseSpec(
        id="killed-externally-pod-vllm-liveness-probe-kills-during-download",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="killed-externally",
        culprit=name,
        evidence="failed liveness probe",
        description="The liveness probe starts after 90 seconds, while vLLM is still downloading the model's "
        "weights and has not opened its port; the kubelet kills the container every time before the model is "
        "loaded.",
        objects=[p, *events],
        logs={f"{name}/vllm-openai.previous": prev},
        captured=at(1300),
        title="The quickstart vLLM model pod keeps restarting: its liveness and readiness probes kill it before "
        "the model has downloaded",
        source="https://github.com/vllm-project/aibrix/issues/772",
    )


@SCENARIOS.add
def oom_killed_pod_kserve_agent_sidecar_model_download() -> CaseSpec:
    at = Clock(datetime(2024, 10, 25, 3, 0, tzinfo=timezone.utc))
    deployment, ns, host = "sklearn-large-predictor", "kserve-test", "gke-cpu-pool-9d2e"
    main = Container(
        "kserve-container",
        "kserve/sklearnserver:v0.13.1",
        args=["--model_name=sklearn-large", "--model_dir=/mnt/models", "--http_port=8080"],
        resources=cpu_only("4Gi", "1"),
        state=running(at(40)),
    )
    agent = Container(
        "agent",
        "kserve/agent:v0.13.1",
        args=["--enable-puller", "--config-dir", "/mnt/configs", "--model-dir", "/mnt/models"],
        resources={"limits": {"cpu": "1", "memory": "1Gi"}, "requests": {"cpu": "100m", "memory": "100Mi"}},
        state=_crash_loop("agent", _rs_name(deployment, ns), ns),
        last=terminated(137, at(880), at(941), reason="OOMKilled"),
        restarts=7,
    )
    p = _rs_pod(deployment, ns, [main, agent], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    prev = text(
        '{"level":"info","ts":1729825681.04,"logger":"fallback-logger","caller":"agent/main.go:212","msg":"Starting '
        'the model puller"}',
        '{"level":"info","ts":1729825681.12,"logger":"fallback-logger","caller":"agent/puller.go:139","msg":'
        '"Downloading model","modelName":"sklearn-large","storageUri":"gs://models-bucket/sklearn/large"}',
    )
    events = [_backoff(p, "agent", at, 200, 1150, 14)]
    return CaseSpec(
        id="oom-killed-pod-kserve-agent-sidecar-model-download",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=name,
        evidence="OOMKilled",
        description="The KServe agent sidecar pulls the model from Google Cloud Storage into memory; the model is "
        "larger than the agent's 1Gi limit, so the kernel kills it (OOMKilled) and it crash-loops while the "
        "predictor container itself runs.",
        objects=[p, *events],
        logs={f"{name}/agent.previous": prev},
        captured=at(1200),
        title="The KServe agent is OOMKilled while downloading a model larger than its memory limit",
        source="https://github.com/kserve/kserve/issues/4017",
    )


@SCENARIOS.add
def missing_file_pod_kserve_triton_config_pbtxt_not_found() -> CaseSpec:
    at = Clock(datetime(2020, 9, 3, 2, 30, tzinfo=timezone.utc))
    deployment, ns, host = "bert-large-predictor-default-rtjz2-deployment", "kfserving-test", "gpu-node-v100-2"
    init = [
        Container(
            "storage-initializer",
            "gcr.io/kfserving/storage-initializer:v0.4.0",
            args=["gs://kfserving-samples/models/triton/bert", "/mnt/models"],
            state=terminated(0, at(40), at(312)),
        )
    ]
    c = Container(
        "kfserving-container",
        "nvcr.io/nvidia/tritonserver:20.08-py3",
        command=["tritonserver"],
        args=["--model-store=/mnt/models", "--grpc-port=9000", "--http-port=8080", "--allow-grpc=true"],
        resources=gpu(1, "16Gi", "4"),
        state=_crash_loop("kfserving-container", _rs_name(deployment, ns), ns),
        last=terminated(1, at(660), at(662)),
        restarts=5,
    )
    p = _rs_pod(deployment, ns, [c], init=init, created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    prev = text(
        "2020-09-03 02:41:47.565925: I tensorflow/stream_executor/platform/default/dso_loader.cc:44] Successfully "
        "opened dynamic library libcudart.so.10.2",
        "I0903 02:41:47.612648 1 metrics.cc:164] found 1 GPUs supporting NVML metrics",
        "I0903 02:41:47.618143 1 metrics.cc:173]   GPU 0: Tesla V100-SXM2-16GB",
        "I0903 02:41:47.618395 1 server.cc:120] Initializing Triton Inference Server",
        "E0903 02:41:47.836537 1 model_repository_manager.cc:1519] failed to open text file for read "
        "/mnt/models/1/config.pbtxt: No such file or directory",
        "error: creating server: INTERNAL - failed to load all models",
    )
    events = [_backoff(p, "kfserving-container", at, 330, 700, 9)]
    return CaseSpec(
        id="missing-file-pod-kserve-triton-config-pbtxt-not-found",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=name,
        evidence="config.pbtxt: No such file or directory",
        description="The storage URI points one level too deep into the model repository: the files land in "
        "/mnt/models without the model's directory, Triton finds no config.pbtxt where it expects one and exits.",
        objects=[p, *events],
        logs={f"{name}/kfserving-container.previous": prev},
        captured=at(720),
        title="A KFServing Triton BERT predictor crash-loops: 'failed to open text file for read "
        "/mnt/models/1/config.pbtxt: No such file or directory'",
        source="https://github.com/kserve/kserve/issues/1075",
    )


@SCENARIOS.add
def image_pull_error_pod_dockerhub_pull_rate_limit() -> CaseSpec:
    at = Clock(datetime(2021, 6, 30, 8, 0, tzinfo=timezone.utc))
    deployment, ns, host = "kafdrop", "myproject", "compute-0"
    image = "obsidiandynamics/kafdrop:latest"
    c = Container(
        "kafdrop",
        image,
        resources=cpu_only("512Mi", "500m"),
        state=waiting("ImagePullBackOff", f'Back-off pulling image "{image}"'),
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    failure = (
        f'Failed to pull image "{image}": rpc error: code = Unknown desc = Error reading manifest latest in '
        "docker.io/obsidiandynamics/kafdrop: toomanyrequests: You have reached your pull rate limit. You may "
        "increase the limit by authenticating and upgrading: https://www.docker.com/increase-rate-limit"
    )
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to {host}",
            at(1),
            type_="Normal",
            component="default-scheduler",
        ),
        *_pulling(p, image, failure, 3, 80, 2, at, host),
    ]
    return CaseSpec(
        id="image-pull-error-pod-dockerhub-pull-rate-limit",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=name,
        evidence="toomanyrequests",
        description="The cluster pulls from Docker Hub anonymously and has used up the pull rate limit; every "
        "pull of the image is refused with 429 toomanyrequests.",
        objects=[p, *events],
        captured=at(154),
        title="A test deployment cannot start: 'toomanyrequests: You have reached your pull rate limit' pulling "
        "from Docker Hub",
        source="https://github.com/red-hat-storage/ocs-ci/issues/4494",
    )


@SCENARIOS.add
def config_error_pytorchjob_pod_webhook_denies_every_pod() -> CaseSpec:
    at = Clock(datetime(2024, 12, 18, 7, 0, tzinfo=timezone.utc))
    name, ns = "pytorch-tcp-dist-mnist", "default"
    tmpl = Container("pytorch", "busybox:latest", command=["/bin/sleep", "infinity"])
    job = kubeflow_job(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Master": Replicas(1, tmpl, "OnFailure")},
        conditions=kubeflow_conditions("PyTorchJob", name, at(0), started=False),
        statuses={"Master": {}},
    )
    events = [
        event(
            job,
            "FailedCreatePod",
            'Error creating: admission webhook "mpod.kb.io" denied the request: Internal error occurred: the spec '
            'replicas field ".spec.pytorchReplicaSpecs.Worker.replicas" does not exist',
            at(2),
            last=at(435),
            count=17,
            component="pytorchjob-controller",
        )
    ]
    return CaseSpec(
        id="config-error-pytorchjob-pod-webhook-denies-every-pod",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=None,
        evidence="denied the request",
        description="A mutating pod webhook installed by another operator looks up the job's Worker replicas, "
        "which this Master-only PyTorchJob does not have, and rejects every pod the training operator creates; "
        "no pod ever exists.",
        objects=[job, *events],
        captured=at(440),
        title='A PyTorchJob never gets a pod: \'Error creating: admission webhook "mpod.kb.io" denied the request: '
        '... the spec replicas field ".spec.pytorchReplicaSpecs.Worker.replicas" does not exist\'',
        source="https://github.com/openkruise/kruise/issues/1863",
    )


@SCENARIOS.add
def gpu_oom_pod_vllm_no_memory_for_cache_blocks_v100() -> CaseSpec:
    at = Clock(datetime(2024, 2, 6, 5, 0, tzinfo=timezone.utc))
    deployment, ns, host = "qwen15-14b-chat", "llm", "v100-node-04"
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.3.0",
        command=["python", "-m", "vllm.entrypoints.openai.api_server"],
        args=[
            "--model",
            "/data/Qwen1.5-14B-Chat",
            "--host",
            "0.0.0.0",
            "--port",
            "30005",
            "--dtype",
            "half",
            "--gpu-memory-utilization",
            "0.95",
        ],
        resources=gpu(1, "64Gi", "8"),
        state=_crash_loop("vllm", _rs_name(deployment, ns), ns),
        last=terminated(1, at(700), at(781)),
        restarts=4,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    prev = text(
        "INFO 02-06 05:11:41 llm_engine.py:72] Initializing an LLM engine with config: model='/data/Qwen1.5-14B-Chat',"
        " tokenizer='/data/Qwen1.5-14B-Chat', tokenizer_mode=auto, revision=None, trust_remote_code=False, "
        "dtype=torch.float16, max_seq_len=32768, download_dir=None, load_format=auto, tensor_parallel_size=1, "
        "disable_custom_all_reduce=False, quantization=None, enforce_eager=False, kv_cache_dtype=auto, seed=0)",
        "INFO 02-06 05:12:55 llm_engine.py:322] # GPU blocks: 0, # CPU blocks: 327",
        "Traceback (most recent call last):",
        '  File "/usr/lib/python3.10/runpy.py", line 196, in _run_module_as_main',
        "    return _run_code(code, main_globals, None,",
        '  File "/workspace/vllm/entrypoints/openai/api_server.py", line 217, in <module>',
        "    engine = AsyncLLMEngine.from_engine_args(engine_args)",
        '  File "/workspace/vllm/engine/llm_engine.py", line 331, in _init_cache',
        '    raise ValueError("No available memory for the cache blocks. "',
        "ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when "
        "initializing the engine.",
    )
    events = [_backoff(p, "vllm", at, 400, 800, 7)]
    return CaseSpec(
        id="gpu-oom-pod-vllm-no-memory-for-cache-blocks-v100",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=name,
        evidence="No available memory for the cache blocks",
        description="A 14B model in fp16 takes about 28 GB of the V100's 32 GB; after the weights and the "
        "profiling run nothing is left for the KV cache (0 GPU blocks) and vLLM refuses to start.",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(820),
        title="vLLM serving Qwen1.5-14B-Chat on a 32 GB V100 fails: 'ValueError: No available memory for the cache "
        "blocks. Try increasing `gpu_memory_utilization`'",
        source="https://github.com/QwenLM/Qwen3/issues/12",
    )


@SCENARIOS.add
def permission_denied_pod_controller_cannot_list_pods_rbac() -> CaseSpec:
    at = Clock(datetime(2021, 12, 27, 8, 0, tzinfo=timezone.utc))
    deployment, ns, host = "cleanup-operator", "default", "worker-2"
    c = Container(
        "cleanup-operator",
        "quay.io/lwolf/kube-cleanup-operator:0.8.1",
        args=["--namespace=default", "--delete-successful-after=15m", "--delete-failed-after=0", "-v", "1"],
        resources=cpu_only("64Mi", "50m"),
        state=running(at(20)),
        ready=True,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    lines = []
    for i in range(12):
        t = 5 + 60 * i
        stamp = f"E1227 08:{t // 60:02d}:{t % 60:02d}.712122"
        lines.append(
            f"{stamp}       1 reflector.go:178] pkg/controller/controller.go:154: Failed to list *v1.Pod: pods is "
            'forbidden: User "system:serviceaccount:default:cleanup-operator" cannot list resource "pods" in API '
            'group "" in the namespace "default"'
        )
    log = text(
        "I1227 08:00:21.102311       1 main.go:84] Starting the kube-cleanup-operator",
        "I1227 08:00:21.102811       1 controller.go:107] Controller will delete successful jobs after 15m0s",
        *lines,
    )
    return CaseSpec(
        id="permission-denied-pod-controller-cannot-list-pods-rbac",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=name,
        evidence="cannot list resource",
        description="The Helm chart was installed without its RBAC objects: the controller's service account may "
        "not list pods, so it runs but does nothing, logging the Forbidden error every minute.",
        objects=[p],
        logs={f"{name}/cleanup-operator": log},
        captured=at(740),
        title="A job clean-up controller does nothing: 'pods is forbidden: User "
        '"system:serviceaccount:default:cleanup-operator" cannot list resource "pods"\'',
        source="https://github.com/lwolf/kube-cleanup-operator/issues/81",
    )


@SCENARIOS.add
def volume_error_pod_pipeline_step_unbound_immediate_pvc() -> CaseSpec:
    at = Clock(datetime(2020, 5, 4, 11, 0, tzinfo=timezone.utc))
    name, ns = "titanic-ml-kfhrw-3204567519", "kubeflow-user"
    c = Container(
        "main",
        "gcr.io/arrikto/kale-example:titanic",
        command=["python3", "-u", "-c", "from kale.rpc import run; run('loaddata')"],
        resources=cpu_only("1Gi", "500m"),
        mounts=[{"name": "kale-marshal-volume", "mountPath": "/marshal"}],
    )
    wait = Container("wait", "argoproj/argoexec:v2.3.0", command=["argoexec", "wait"])
    msg = "pod has unbound immediate PersistentVolumeClaims (repeated 2 times)"
    p = pod(
        name=name,
        namespace=ns,
        labels={"workflows.argoproj.io/workflow": "titanic-ml-kfhrw"},
        owner={
            "apiVersion": "argoproj.io/v1alpha1",
            "kind": "Workflow",
            "name": "titanic-ml-kfhrw",
            "uid": uid(ns, "Workflow", "titanic-ml-kfhrw"),
            "controller": True,
            "blockOwnerDeletion": True,
        },
        containers=[wait, c],
        created=at(0),
        phase="Pending",
        unschedulable=msg,
        qos="Burstable",
        volumes=[
            {"name": "kale-marshal-volume", "persistentVolumeClaim": {"claimName": "titanic-ml-kfhrw-kale-marshal-pvc"}}
        ],
    )
    pvc: Obj = {
        "apiVersion": "v1",
        "kind": "PersistentVolumeClaim",
        "metadata": {
            "name": "titanic-ml-kfhrw-kale-marshal-pvc",
            "namespace": ns,
            "uid": uid(ns, "PersistentVolumeClaim", "titanic-ml-kfhrw-kale-marshal-pvc"),
            "creationTimestamp": ts(at(0)),
        },
        "spec": {"accessModes": ["ReadWriteMany"], "resources": {"requests": {"storage": "1Gi"}}},
        "status": {"phase": "Pending"},
    }
    events = [
        event(p, "FailedScheduling", msg, at(1), last=at(900), count=14, component="default-scheduler"),
        event(
            pvc,
            "ProvisioningFailed",
            'Failed to provision volume with StorageClass "default": Azure disk does not support access mode '
            "ReadWriteMany",
            at(1),
            last=at(900),
            count=20,
            component="persistentvolume-controller",
        ),
    ]
    return CaseSpec(
        id="volume-error-pod-pipeline-step-unbound-immediate-pvc",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=name,
        evidence="unbound immediate PersistentVolumeClaims",
        description="The pipeline's shared marshal volume asks for ReadWriteMany, which the cluster's default "
        "storage class cannot provision; the claim stays Pending and the first step never schedules.",
        objects=[p, pvc, *events],
        captured=at(960),
        title="A Kubeflow (Kale) pipeline step stays Pending: 'Unschedulable: pod has unbound immediate "
        "PersistentVolumeClaims (repeated 2 times)'",
        source="https://github.com/kubeflow-kale/examples/issues/6",
    )


@SCENARIOS.add
def cuda_error_pod_device_plugin_could_not_load_nvml() -> CaseSpec:
    at = Clock(datetime(2021, 8, 27, 22, 40, tzinfo=timezone.utc))
    name, ns, host = "nvidia-device-plugin-daemonset-7xk2p", "gpu-operator-resources", "gpu-worker-1"
    c = Container(
        "nvidia-device-plugin-ctr",
        "nvcr.io/nvidia/k8s-device-plugin:v0.9.0-ubi8",
        args=["--mig-strategy=single", "--pass-device-specs=true", "--fail-on-init-error=true"],
        state=_crash_loop("nvidia-device-plugin-ctr", name, ns),
        last=terminated(1, at(1430), at(1430)),
        restarts=9,
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "nvidia-device-plugin-daemonset"},
        owner={
            "apiVersion": "apps/v1",
            "kind": "DaemonSet",
            "name": "nvidia-device-plugin-daemonset",
            "uid": uid(ns, "DaemonSet", "nvidia-device-plugin-daemonset"),
            "controller": True,
            "blockOwnerDeletion": True,
        },
        containers=[c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(0),
        restart_policy="Always",
        qos="BestEffort",
    )
    prev = text(
        "2021/08/27 23:03:50 Loading NVML",
        "2021/08/27 23:03:50 Failed to initialize NVML: could not load NVML library.",
        "2021/08/27 23:03:50 If this is a GPU node, did you set the docker default runtime to `nvidia`?",
        "2021/08/27 23:03:50 You can check the prerequisites at: https://github.com/NVIDIA/k8s-device-plugin"
        "#prerequisites",
        "2021/08/27 23:03:50 You can learn how to set the runtime at: https://github.com/NVIDIA/k8s-device-plugin"
        "#quick-start",
        "2021/08/27 23:03:50 If this is not a GPU node, you should set up a toleration or nodeSelector to only deploy "
        "this plugin on GPU nodes",
    )
    events = [_backoff(p, "nvidia-device-plugin-ctr", at, 60, 1500, 30)]
    return CaseSpec(
        id="cuda-error-pod-device-plugin-could-not-load-nvml",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="cuda-error",
        culprit=name,
        evidence="could not load NVML library",
        description="The node's container runtime does not inject the NVIDIA driver libraries (nvidia is not its "
        "default runtime), so the device plugin cannot load libnvidia-ml and exits; the node never advertises "
        "its GPUs.",
        objects=[p, *events],
        logs={f"{name}/nvidia-device-plugin-ctr.previous": prev},
        captured=at(1520),
        title="The GPU operator's device plugin crash-loops on a GPU node: 'Failed to initialize NVML: could not "
        "load NVML library'",
        source="https://github.com/NVIDIA/gpu-operator/issues/250",
    )


@SCENARIOS.add
def missing_file_pod_tgi_cannot_load_tokenizer_shard_cannot_start() -> CaseSpec:
    at = Clock(datetime(2023, 8, 28, 9, 50, tzinfo=timezone.utc))
    deployment, ns, host = "fire13b-tgi", "inference", "a100-node-2"
    c = Container(
        "tgi",
        "ghcr.io/huggingface/text-generation-inference:1.0.2",
        args=["--model-id", "db-atlas/fire13b_0825"],
        resources=gpu(1, "64Gi", "8"),
        state=_crash_loop("tgi", _rs_name(deployment, ns), ns),
        last=terminated(1, at(470), at(563)),
        restarts=3,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    prev = text(
        '2023-08-28T09:58:10.212233Z  INFO text_generation_launcher: Args { model_id: "db-atlas/fire13b_0825", '
        "revision: None, validation_workers: 2, sharded: None, num_shard: None, quantize: None }",
        "2023-08-28T09:58:10.212389Z  INFO download: text_generation_launcher: Starting download process.",
        "2023-08-28T09:58:14.871511Z  INFO text_generation_launcher: Files are already present on the host. "
        "Skipping download.",
        "2023-08-28T09:58:15.501287Z  INFO download: text_generation_launcher: Successfully downloaded weights.",
        "2023-08-28T09:58:15.501620Z  INFO shard-manager: text_generation_launcher: Starting shard rank=0",
        "2023-08-28T09:59:22.612792Z ERROR shard-manager: text_generation_launcher: Shard complete standard error "
        "output:",
        "Traceback (most recent call last):",
        '  File "/opt/conda/lib/python3.9/site-packages/text_generation_server/models/flash_llama.py", line 45, in '
        "__init__",
        "    tokenizer = LlamaTokenizerFast.from_pretrained(",
        "OSError: Can't load tokenizer for 'db-atlas/fire13b_0825'. If you were trying to load it from "
        "'https://huggingface.co/models', make sure you don't have a local directory with the same name. Otherwise, "
        "make sure 'db-atlas/fire13b_0825' is the correct path to a directory containing all relevant files for a "
        "LlamaTokenizerFast tokenizer.",
        " rank=0",
        "2023-08-28T09:59:22.710328Z ERROR text_generation_launcher: Shard 0 failed to start",
        "2023-08-28T09:59:22.710368Z  INFO text_generation_launcher: Shutting down shards",
        "Error: ShardCannotStart",
    )
    events = [_backoff(p, "tgi", at, 300, 600, 5)]
    return CaseSpec(
        id="missing-file-pod-tgi-cannot-load-tokenizer-shard-cannot-start",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=name,
        evidence="Can't load tokenizer",
        description="The fine-tuned model's repository holds the weights but not the tokenizer files; TGI's shard "
        "cannot build the tokenizer and the launcher stops (ShardCannotStart).",
        objects=[p, *events],
        logs={f"{name}/tgi.previous": prev},
        captured=at(620),
        title="TGI cannot start a fine-tuned Llama model: \"OSError: Can't load tokenizer for ...\" then 'Shard 0 "
        "failed to start'",
        source="https://github.com/huggingface/autotrain-advanced/issues/232",
    )


@SCENARIOS.add
def healthy_pod_tgi_llama3_tokenizer_added_token_warnings() -> CaseSpec:
    at = Clock(datetime(2024, 5, 30, 13, 12, tzinfo=timezone.utc))
    deployment, ns, host = "llama3-70b-tgi", "llm", "h100-node-1"
    c = Container(
        "tgi",
        "ghcr.io/huggingface/text-generation-inference:2.0.4",
        args=["--model-id", "meta-llama/Meta-Llama-3-70B-Instruct", "--num-shard", "2"],
        resources=gpu(2, "200Gi", "16"),
        probes=_http_probe("/health", 80, kinds=("readinessProbe",)),
        state=running(at(20)),
        ready=True,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    warn = (
        "2024-05-30T13:14:36.{:06d}Z  WARN tokenizers::tokenizer::serialization: /usr/local/cargo/registry/src/"
        "index.crates.io-6f17d22bba15001f/tokenizers-0.19.1/src/tokenizer/serialization.rs:159: Warning: Token "
        "'<|reserved_special_token_{}|>' was expected to have ID '{}' but was given ID 'None'"
    )
    log = text(
        "2024-05-30T13:13:21.641187Z  INFO text_generation_launcher: Sharding model on 2 processes",
        "2024-05-30T13:13:21.641402Z  INFO download: text_generation_launcher: Starting download process.",
        "2024-05-30T13:13:24.120337Z  INFO text_generation_launcher: Files are already present on the host. "
        "Skipping download.",
        "2024-05-30T13:13:24.944809Z  INFO shard-manager: text_generation_launcher: Starting shard rank=0",
        "2024-05-30T13:13:24.944872Z  INFO shard-manager: text_generation_launcher: Starting shard rank=1",
        "2024-05-30T13:14:31.968900Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be ready... "
        "rank=0",
        "2024-05-30T13:14:34.600199Z  INFO shard-manager: text_generation_launcher: Shard ready in 72.923632276s "
        "rank=1",
        "2024-05-30T13:14:34.700341Z  INFO shard-manager: text_generation_launcher: Shard ready in 73.011236814s "
        "rank=0",
        "2024-05-30T13:14:34.797210Z  INFO text_generation_launcher: Starting Webserver",
        *[warn.format(100000 + i, 240 + i, 128248 + i) for i in range(8)],
        "2024-05-30T13:14:36.871110Z  INFO text_generation_router: router/src/main.rs:323: Using config Some(Llama)",
        "2024-05-30T13:14:37.201554Z  INFO text_generation_router::server: router/src/server.rs:1591: Warming up model",
        "2024-05-30T13:14:49.511201Z  INFO text_generation_router::server: router/src/server.rs:1617: Setting max "
        "batch total tokens to 135760",
        "2024-05-30T13:14:49.511224Z  INFO text_generation_router::server: router/src/server.rs:1618: Connected",
    )
    return CaseSpec(
        id="healthy-pod-tgi-llama3-tokenizer-added-token-warnings",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence=None,
        description="The tokenizer library warns about every added special token of the Llama 3 tokenizer while "
        "the router loads it; the shards are ready, the router connected and the pod is Ready.",
        objects=[p],
        logs={f"{name}/tgi": log},
        captured=at(300),
        title="TGI serving Llama 3 prints a WARN line for every reserved special token ('was expected to have ID "
        "... but was given ID None') and then serves",
        source="https://github.com/huggingface/text-generation-inference/issues/1984",
    )


@SCENARIOS.add
def healthy_pod_vllm_moe_triton_error_message_can_be_ignored() -> CaseSpec:
    at = Clock(datetime(2025, 4, 12, 7, 40, tzinfo=timezone.utc))
    deployment, ns, host = "deepseek-r1-awq", "llm", "a100x8-node-1"
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.8.4",
        args=["--model", "cognitivecomputations/DeepSeek-R1-AWQ", "--tensor-parallel-size", "8", "--port", "8000"],
        resources=gpu(8, "900Gi", "64"),
        probes=_http_probe("/health", 8000, kinds=("readinessProbe",)),
        state=running(at(30)),
        ready=True,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    pids = [528, 500, 521, 486, 514, 507, 563, 556]
    log = text(
        "INFO 04-12 07:41:02 [api_server.py:1034] vLLM API server version 0.8.4",
        "INFO 04-12 07:52:40 [gpu_model_runner.py:1216] Model loading took 47.1523 GiB and 690.11 seconds",
        *[
            f"(VllmWorkerProcess pid={pid}) WARNING 04-12 07:54:01 [triton_decode_attention.py:44] The following "
            "error message 'operation scheduled before its operands' can be ignored."
            for pid in pids
        ],
        "error: operation scheduled before its operands",
        "INFO 04-12 07:55:12 [kv_cache_utils.py:566] GPU KV cache size: 1,204,480 tokens",
        "INFO 04-12 07:56:40 [core.py:163] init engine (profile, create kv cache, warmup model) took 239.77 seconds",
        "INFO 04-12 07:56:41 [api_server.py:1081] Starting vLLM API server on http://0.0.0.0:8000",
        "INFO:     Started server process [1]",
        "INFO:     Application startup complete.",
        'INFO:     10.0.3.17:52114 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    )
    return CaseSpec(
        id="healthy-pod-vllm-moe-triton-error-message-can-be-ignored",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence=None,
        description="vLLM warns that the Triton compiler's 'operation scheduled before its operands' error can be "
        "ignored, the compiler prints it, and the server starts and answers requests.",
        objects=[p],
        logs={f"{name}/vllm": log},
        captured=at(1080),
        title="vLLM with the MoE WNA16 kernel prints 'error: operation scheduled before its operands' after its "
        "own warning that the message can be ignored, then serves",
        source="https://github.com/vllm-project/vllm/pull/14447",
    )


@SCENARIOS.add
def unschedulable_pod_kvcache_untolerated_gpu_node_taint() -> CaseSpec:
    at = Clock(datetime(2025, 3, 27, 8, 0, tzinfo=timezone.utc))
    deployment, ns = "deepseek-coder-7b-kvcache", "default"
    c = Container(
        "kvcache",
        "aibrix/vineyardd:20241120",
        command=["/bin/bash", "-c", "vineyardd --socket /var/run/vineyard.sock --etcd_endpoint http://etcd:2379"],
        resources=cpu_only("4Gi", "2"),
        mounts=[{"name": "vineyard-socket", "mountPath": "/var/run"}],
    )
    msg = (
        "0/1 nodes are available: 1 node(s) had untolerated taint {nvidia.com/gpu: present}. preemption: 0/1 nodes "
        "are available: 1 Preemption is not helpful for scheduling."
    )
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Pending",
        unschedulable=msg,
        qos="Guaranteed",
        volumes=[{"name": "vineyard-socket", "hostPath": {"path": "/var/run/vineyard-kubernetes/default", "type": ""}}],
    )
    name = p["metadata"]["name"]
    events = [event(p, "FailedScheduling", msg, at(1), last=at(3600), count=42, component="default-scheduler")]
    return CaseSpec(
        id="unschedulable-pod-kvcache-untolerated-gpu-node-taint",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=name,
        evidence="untolerated taint",
        description="GKE taints GPU nodes nvidia.com/gpu=present:NoSchedule and adds the toleration only to pods "
        "that request a GPU; the KV-cache pod requests none, has no toleration, and the cluster has only GPU "
        "nodes.",
        objects=[p, *events],
        captured=at(3620),
        title="A KV-cache pod created by an operator stays Pending on GKE: '1 node(s) had untolerated taint "
        "{nvidia.com/gpu: present}'",
        source="https://github.com/vllm-project/aibrix/pull/909",
    )


@SCENARIOS.add
def disk_full_pod_vllm_evicted_ray_logs_fill_ephemeral_storage() -> CaseSpec:
    at = Clock(datetime(2024, 7, 10, 2, 0, tzinfo=timezone.utc))
    deployment, ns, host = "qwen2-72b-vllm", "llm", "a800-node-07"
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.5.1",
        args=["--model", "/models/Qwen2-72B-Instruct", "--tensor-parallel-size", "4", "--port", "8000"],
        resources={
            "limits": {"cpu": "32", "memory": "256Gi", "nvidia.com/gpu": "4", "ephemeral-storage": "10Gi"},
            "requests": {"cpu": "32", "memory": "256Gi", "nvidia.com/gpu": "4", "ephemeral-storage": "10Gi"},
        },
        state=terminated(137, at(60), at(30900), reason="Error"),
    )
    msg = "Pod ephemeral local storage usage exceeds the total limit of containers 10Gi. "
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Failed",
        node=host,
        scheduled=at(1),
        reason="Evicted",
        message=msg,
        qos="Guaranteed",
    )
    name = p["metadata"]["name"]
    log = text(
        "INFO 07-10 02:01:12 api_server.py:206] vLLM API server version 0.5.1",
        "2024-07-10 02:01:20,118\tINFO worker.py:1771 -- Started a local Ray instance. View the dashboard at "
        "127.0.0.1:8265",
        "INFO 07-10 02:01:25 llm_engine.py:169] Initializing an LLM engine (v0.5.1) with config: "
        "model='/models/Qwen2-72B-Instruct', tensor_parallel_size=4, distributed_executor_backend=ray",
        "INFO 07-10 02:09:41 ray_gpu_executor.py:400] # GPU blocks: 11204, # CPU blocks: 3276",
        "INFO:     Application startup complete.",
        'INFO:     10.0.8.21:41822 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
        'INFO:     10.0.8.21:41830 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
    )
    events = [
        event(p, "Evicted", msg, at(30890), host=host),
        event(p, "Killing", "Stopping container vllm", at(30890), type_="Normal", host=host),
    ]
    return CaseSpec(
        id="disk-full-pod-vllm-evicted-ray-logs-fill-ephemeral-storage",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="disk-full",
        culprit=name,
        evidence="ephemeral local storage usage exceeds",
        description="Ray, which vLLM uses for tensor parallelism, writes its session logs under /tmp in the "
        "container's writable layer; after hours of serving they pass the pod's ephemeral-storage limit and the "
        "kubelet evicts the pod.",
        objects=[p, *events],
        logs={f"{name}/vllm": log},
        captured=at(31000),
        title="A vLLM pod on a cluster with ephemeral-storage limits is evicted: Ray's log files in /tmp fill the "
        "pod's ephemeral storage",
        source="https://github.com/vllm-project/vllm/issues/6290",
    )


@SCENARIOS.add
def quota_exceeded_job_kueue_no_flavor_has_unused_quota() -> CaseSpec:
    at = Clock(datetime(2023, 10, 27, 3, 0, tzinfo=timezone.utc))
    name, ns, queue = "sample-job-8lx2q", "default", "flavor-fungibility-queue"
    tmpl = Container(
        "dummy-job",
        "gcr.io/k8s-staging-perf-tests/sleep:v0.1.0",
        args=["30s"],
        resources={"requests": {"cpu": "500m", "memory": "200Mi"}},
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=tmpl,
        conditions=[],
        suspend=True,
        labels={"kueue.x-k8s.io/queue-name": queue},
    )
    msg = (
        "couldn't assign flavors to pod set main: insufficient unused quota for cpu in flavor x86, 500m more "
        "needed, insufficient unused quota for cpu in flavor arm, 500m more needed"
    )
    wl = kueue_workload(
        job,
        at(1),
        queue=queue,
        pod_sets=[{"name": "main", "count": 1}],
        conditions=[metav1_condition("QuotaReserved", at(1), "Pending", msg, status=False)],
    )
    events = [
        event(
            job,
            "CreatedWorkload",
            f"Created Workload: {ns}/{wl['metadata']['name']}",
            at(1),
            type_="Normal",
            component="kueue-job-controller",
        ),
        event(wl, "Pending", msg, at(1), last=at(590), count=25, component="kueue-admission"),
    ]
    return CaseSpec(
        id="quota-exceeded-job-kueue-no-flavor-has-unused-quota",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="insufficient unused quota for cpu",
        description="Both flavors of the ClusterQueue have their nominal CPU quota in use and the queue may not "
        "borrow; Kueue keeps the Job suspended.",
        objects=[job, wl, *events],
        captured=at(600),
        title="A Job in a ClusterQueue with two flavors stays suspended: neither flavor has unused CPU quota and it "
        "does not borrow",
        source="https://github.com/kubernetes-sigs/kueue/issues/1276",
    )


@SCENARIOS.add
def volume_error_pod_rollout_rwo_volume_multi_attach() -> CaseSpec:
    at = Clock(datetime(2023, 10, 27, 7, 54, tzinfo=timezone.utc))
    deployment, ns, host = "kubegems-api", "kubegems", "master02"
    old = _rs_name(deployment, ns, 1)
    init = [Container("init", "docker.io/kubegems/kubegems:v1.23.8", state=waiting("PodInitializing"))]
    c = Container(
        "api",
        "docker.io/kubegems/kubegems:v1.23.8",
        args=["service", "--config", "/app/config/config.yaml"],
        resources=cpu_only("1Gi", "500m"),
        mounts=[{"name": "data", "mountPath": "/app/data"}],
        state=waiting("PodInitializing"),
    )
    p = _rs_pod(
        deployment,
        ns,
        [c],
        init=init,
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "kubegems-api-data"}}],
    )
    name = p["metadata"]["name"]
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to {host}",
            at(1),
            type_="Normal",
            component="default-scheduler",
        ),
        event(
            p,
            "FailedAttachVolume",
            'Multi-Attach error for volume "pvc-3f5a2c0e-7d44-4b7e-9a2f-5c1d8e6b9f01" Volume is already used by '
            f"pod(s) {old}",
            at(2),
            component="attachdetach-controller",
        ),
        event(
            p,
            "FailedMount",
            "Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data "
            "kube-api-access-7x2mq]: timed out waiting for the condition",
            at(124),
            last=at(1330),
            count=9,
            host=host,
        ),
    ]
    return CaseSpec(
        id="volume-error-pod-rollout-rwo-volume-multi-attach",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=name,
        evidence="Multi-Attach error",
        description="A rolling update starts the new pod on another node while the old pod still holds the "
        "ReadWriteOnce volume; the volume cannot be attached to a second node and the new pod waits forever.",
        objects=[p, *events],
        captured=at(1400),
        title='After an upgrade the new API pod stays Pending: \'Multi-Attach error for volume "pvc-..." Volume is '
        "already used by pod(s) ...'",
        source="https://github.com/kubegems/kubegems/issues/483",
    )


@SCENARIOS.add
def healthy_pod_running_after_transient_unbound_pvc() -> CaseSpec:
    at = Clock(datetime(2019, 1, 6, 15, 0, tzinfo=timezone.utc))
    deployment, ns, host = "lms", "openedx", "minikube"
    c = Container(
        "lms",
        "regis/openedx:ironwood",
        resources=cpu_only("2Gi", "1"),
        mounts=[{"name": "data", "mountPath": "/openedx/data"}],
        state=running(at(140)),
        ready=True,
    )
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(95),
        volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "lms-data"}}],
    )
    name = p["metadata"]["name"]
    events = [
        event(
            p,
            "FailedScheduling",
            "pod has unbound immediate PersistentVolumeClaims (repeated 2 times)",
            at(1),
            last=at(60),
            count=4,
            component="default-scheduler",
        ),
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to {host}",
            at(95),
            type_="Normal",
            component="default-scheduler",
        ),
        event(
            p,
            "Pulled",
            'Container image "regis/openedx:ironwood" already present on machine',
            at(138),
            type_="Normal",
            host=host,
        ),
        event(p, "Created", "Created container lms", at(139), type_="Normal", host=host),
        event(p, "Started", "Started container lms", at(140), type_="Normal", host=host),
    ]
    log = text(
        "[2019-01-06 15:02:31 +0000] [1] [INFO] Starting gunicorn 19.9.0",
        "[2019-01-06 15:02:31 +0000] [1] [INFO] Listening at: http://0.0.0.0:8000 (1)",
        "[2019-01-06 15:02:31 +0000] [9] [INFO] Booting worker with pid: 9",
    )
    return CaseSpec(
        id="healthy-pod-running-after-transient-unbound-pvc",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence=None,
        description="The claims are provisioned a minute after the pods are created; until then the scheduler "
        "reports unbound claims, then the pod is scheduled, starts and serves.",
        objects=[p, *events],
        logs={f"{name}/lms": log},
        captured=at(600),
        title="A dashboard shows 'pod has unbound immediate PersistentVolumeClaims' for freshly deployed pods, which "
        "turn green a couple of minutes later",
        source="https://github.com/overhangio/tutor/issues/119",
    )


@SCENARIOS.add
def cuda_error_pod_gpu_daemonset_start_error_libnvidia_ml_missing() -> CaseSpec:
    at = Clock(datetime(2023, 3, 20, 10, 0, tzinfo=timezone.utc))
    name, ns, host = "nvidia-dcgm-exporter-qc5p2", "gpu-operator-resources", "gpu-worker-3"
    msg = (
        "failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create "
        "failed: unable to start container process: error during container init: error running hook #0: error "
        "running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\n"
        "nvidia-container-cli.real: initialization error: load library failed: libnvidia-ml.so.1: cannot open "
        "shared object file: no such file or directory: unknown"
    )
    c = Container(
        "nvidia-dcgm-exporter",
        "nvcr.io/nvidia/k8s/dcgm-exporter:3.1.3-3.1.2-ubuntu20.04",
        state=_crash_loop("nvidia-dcgm-exporter", name, ns),
        last=terminated(128, at(3600), at(3600), reason="StartError", message=msg),
        restarts=16,
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "nvidia-dcgm-exporter"},
        owner={
            "apiVersion": "apps/v1",
            "kind": "DaemonSet",
            "name": "nvidia-dcgm-exporter",
            "uid": uid(ns, "DaemonSet", "nvidia-dcgm-exporter"),
            "controller": True,
            "blockOwnerDeletion": True,
        },
        containers=[c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(0),
        restart_policy="Always",
        qos="BestEffort",
    )
    events = [
        event(p, "Failed", f"Error: {msg}", at(30), last=at(3600), count=17, host=host),
        _backoff(p, "nvidia-dcgm-exporter", at, 40, 3700, 300),
    ]
    return CaseSpec(
        id="cuda-error-pod-gpu-daemonset-start-error-libnvidia-ml-missing",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="cuda-error",
        culprit=name,
        evidence="libnvidia-ml.so.1",
        description="The NVIDIA container runtime hook cannot find the driver's libnvidia-ml on the node (the "
        "driver is not installed where the toolkit looks for it), so every GPU container fails to start.",
        objects=[p, *events],
        captured=at(3720),
        title="GPU operator daemonset pods fail: 'nvidia-container-cli.real: initialization error: load library "
        "failed: libnvidia-ml.so.1: cannot open shared object file: no such file or directory: unknown'",
        source="https://github.com/NVIDIA/gpu-operator/issues/511",
    )


@SCENARIOS.add
def gpu_oom_pod_vllm_max_seq_len_larger_than_kv_cache() -> CaseSpec:
    at = Clock(datetime(2024, 4, 11, 6, 0, tzinfo=timezone.utc))
    deployment, ns, host = "qwen15-7b-chat", "llm", "a10-node-02"
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.4.0",
        command=["python", "-m", "vllm.entrypoints.openai.api_server"],
        args=["--served-model-name", "Qwen1.5-7B-Chat", "--model", "/models--Qwen--Qwen1.5-7B-Chat"],
        resources=gpu(1, "48Gi", "8"),
        state=_crash_loop("vllm", _rs_name(deployment, ns), ns),
        last=terminated(1, at(610), at(668)),
        restarts=5,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    prev = text(
        "INFO 04-11 06:10:12 api_server.py:149] vLLM API server version 0.4.0",
        "INFO 04-11 06:10:13 llm_engine.py:74] Initializing an LLM engine (v0.4.0) with config: "
        "model='/models--Qwen--Qwen1.5-7B-Chat', tokenizer='/models--Qwen--Qwen1.5-7B-Chat', "
        "tokenizer_mode=auto, revision=None, trust_remote_code=False, dtype=torch.bfloat16, max_seq_len=32768, "
        "download_dir=None, load_format=auto, tensor_parallel_size=1, disable_custom_all_reduce=True, "
        "quantization=None, enforce_eager=False, kv_cache_dtype=auto, device_config=cuda, seed=0)",
        "INFO 04-11 06:10:58 model_runner.py:104] Loading model weights took 14.3919 GB",
        "INFO 04-11 06:11:05 gpu_executor.py:94] # GPU blocks: 459, # CPU blocks: 512",
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.10/dist-packages/vllm/engine/llm_engine.py", line 188, in '
        "_initialize_kv_caches",
        "    self.model_executor.initialize_cache(num_gpu_blocks, num_cpu_blocks)",
        '  File "/usr/local/lib/python3.10/dist-packages/vllm/worker/worker.py", line 170, in '
        "_check_if_can_support_max_seq_len",
        "    raise ValueError(",
        "ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be stored "
        "in KV cache (7344). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing "
        "the engine.",
    )
    events = [_backoff(p, "vllm", at, 300, 700, 8)]
    return CaseSpec(
        id="gpu-oom-pod-vllm-max-seq-len-larger-than-kv-cache",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=name,
        evidence="larger than the maximum number of tokens that can be stored in KV cache",
        description="After the weights, the 24 GB GPU has room for a KV cache of about 7,300 tokens, but the model's "
        "default context is 32,768 tokens; vLLM refuses to start unless the context is shortened or more memory "
        "is given to the cache.",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(720),
        title="vLLM serving Qwen1.5-7B-Chat exits: \"The model's max seq len (32768) is larger than the maximum "
        'number of tokens that can be stored in KV cache (7344)"',
        source="https://github.com/QwenLM/Qwen3/issues/295",
    )


@SCENARIOS.add
def config_error_pod_vllm_port_env_collides_with_api_port() -> CaseSpec:
    at = Clock(datetime(2024, 6, 26, 14, 0, tzinfo=timezone.utc))
    deployment, ns, host = "llm-server", "ml-serving", "gpu-node-5"
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.5.0.post1",
        command=["/bin/sh", "-c"],
        args=[
            "python -u -m vllm.entrypoints.openai.api_server --host 0.0.0.0 --port $VLLM_PORT --model "
            "$launch_model --tensor-parallel-size $NUM_GPUS --download-dir /data"
        ],
        env=[
            {"name": "VLLM_PORT", "value": "9000"},
            {"name": "launch_model", "value": "mistralai/Mistral-7B-Instruct-v0.2"},
            {"name": "NUM_GPUS", "value": "2"},
        ],
        resources=gpu(2, "64Gi", "16"),
        state=_crash_loop("vllm", _rs_name(deployment, ns), ns),
        last=terminated(1, at(820), at(905)),
        restarts=4,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    prev = text(
        "INFO 06-26 14:13:41 api_server.py:177] vLLM API server version 0.5.0.post1",
        "INFO 06-26 14:13:48 llm_engine.py:161] Initializing an LLM engine (v0.5.0.post1) with config: "
        "model='mistralai/Mistral-7B-Instruct-v0.2', tensor_parallel_size=2, download_dir='/data', seed=0)",
        "INFO 06-26 14:14:30 model_runner.py:160] Loading model weights took 6.7505 GB",
        "INFO 06-26 14:14:36 distributed_gpu_executor.py:56] # GPU blocks: 27161, # CPU blocks: 4096",
        "INFO 06-26 14:14:58 serving_chat.py:92] Using default chat template",
        "INFO:     Started server process [1]",
        "INFO:     Waiting for application startup.",
        "INFO:     Application startup complete.",
        "ERROR:    [Errno 98] error while attempting to bind on address ('0.0.0.0', 9000): address already in use",
        "INFO:     Waiting for application shutdown.",
        "INFO:     Application shutdown complete.",
    )
    events = [_backoff(p, "vllm", at, 420, 920, 6)]
    return CaseSpec(
        id="config-error-pod-vllm-port-env-collides-with-api-port",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="address already in use",
        description="The pod sets VLLM_PORT and passes the same value to --port; vLLM reads VLLM_PORT for its own "
        "internal distributed communication, which takes the port first, so the API server cannot bind it.",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(940),
        title="vLLM 0.5 exits on Kubernetes: \"[Errno 98] error while attempting to bind on address ('0.0.0.0', "
        "9000): address already in use\" - VLLM_PORT is also vLLM's own internal port",
        source="https://github.com/vllm-project/vllm/issues/5867",
    )


@SCENARIOS.add
def image_pull_error_pod_operator_image_no_match_for_platform() -> CaseSpec:
    at = Clock(datetime(2025, 6, 6, 18, 0, tzinfo=timezone.utc))
    deployment, ns, host = "fdb-kubernetes-operator-controller-manager", "default", "lima-arm64-worker"
    image = "foundationdb/fdb-kubernetes-operator:v2.6.0"
    c = Container(
        "manager",
        image,
        command=["/manager"],
        resources=cpu_only("256Mi", "500m"),
        state=waiting("ImagePullBackOff", f'Back-off pulling image "{image}"'),
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    failure = (
        f'Failed to pull image "{image}": rpc error: code = NotFound desc = failed to pull and unpack image '
        f'"docker.io/{image}": no match for platform in manifest: not found'
    )
    events = _pulling(p, image, failure, 3, 300, 5, at, host)
    return CaseSpec(
        id="image-pull-error-pod-operator-image-no-match-for-platform",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=name,
        evidence="no match for platform in manifest",
        description="The image tag exists but is published for linux/amd64 only; the node is arm64, so the "
        "runtime finds no manifest for its platform and the pull fails.",
        objects=[p, *events],
        captured=at(333),
        title="An operator's pod is stuck in ImagePullBackOff on an arm64 node: 'no match for platform in "
        "manifest: not found'",
        source="https://github.com/FoundationDB/fdb-kubernetes-operator/issues/2294",
    )


@SCENARIOS.add
def volume_error_pod_nfs_csi_driver_not_registered() -> CaseSpec:
    at = Clock(datetime(2025, 5, 28, 3, 30, tzinfo=timezone.utc))
    name, ns, host = "prometheus-server-0", "monitoring", "k8s-worker-2"
    c = Container(
        "prometheus-server",
        "quay.io/prometheus/prometheus:v3.4.0",
        args=["--storage.tsdb.path=/data", "--config.file=/etc/config/prometheus.yml"],
        resources=cpu_only("2Gi", "1"),
        mounts=[{"name": "storage-volume", "mountPath": "/data"}],
        state=waiting("ContainerCreating"),
    )
    p = _sts_pod(
        "prometheus-server",
        0,
        ns,
        [c],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        volumes=[
            {"name": "storage-volume", "persistentVolumeClaim": {"claimName": "storage-volume-prometheus-server-0"}}
        ],
    )
    events = [
        event(
            p,
            "FailedMount",
            'MountVolume.MountDevice failed for volume "pvc-d37818b3-5bb4-49ea-99c7-984579fe6871" : kubernetes.io/csi: '
            "attacher.MountDevice failed to create newCsiDriverClient: driver name nfs.csi.k8s.io not found in the "
            "list of registered CSI drivers",
            at(3),
            last=at(82800),
            count=702,
            host=host,
        )
    ]
    return CaseSpec(
        id="volume-error-pod-nfs-csi-driver-not-registered",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=name,
        evidence="not found in the list of registered CSI drivers",
        description="The NFS CSI node plugin runs, but its registrar never registers the driver with this node's "
        "kubelet (a kubelet path that differs from the chart's default); the claim is bound but cannot be "
        "mounted.",
        objects=[p, *events],
        captured=at(82900),
        title="A pod with an NFS CSI volume never starts: 'driver name nfs.csi.k8s.io not found in the list of "
        "registered CSI drivers' although the driver's pods are ready",
        source="https://github.com/kubernetes-csi/csi-driver-nfs/issues/918",
    )


@SCENARIOS.add
def gpu_hardware_error_pod_admission_fails_gpu_is_lost() -> CaseSpec:
    at = Clock(datetime(2021, 3, 5, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "inference-worker", "ml", "node-11"
    msg = (
        "Pod Allocate failed due to device plugin GetPreferredAllocation rpc failed with err: rpc error: code = "
        "Unknown desc = Unable to retrieve list of available devices: error creating nvml.Device 3: nvml: GPU is "
        "lost, which is unexpected"
    )
    c = Container(
        "worker",
        "registry.example.com/ml/inference-worker:2.4.1",
        resources=gpu(1, "16Gi", "4"),
        state=waiting("ContainerCreating"),
    )
    p = _rejected(
        _rs_pod(
            deployment,
            ns,
            [c],
            created=at(0),
            phase="Failed",
            node=host,
            scheduled=at(1),
            reason="UnexpectedAdmissionError",
            message=msg,
            qos="Guaranteed",
        )
    )
    name = p["metadata"]["name"]
    events = [event(p, "UnexpectedAdmissionError", msg, at(2), host=host)]
    return CaseSpec(
        id="gpu-hardware-error-pod-admission-fails-gpu-is-lost",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-hardware-error",
        culprit=name,
        evidence="GPU is lost",
        description="One of the node's four GPUs has crashed (nvidia-smi: 'GPU is lost. Reboot the system'); the "
        "device plugin cannot enumerate the devices, so the kubelet rejects every GPU pod placed on the node.",
        objects=[p, *events],
        captured=at(60),
        title="GPU pods on one node fail at admission: 'Pod Allocate failed due to device plugin "
        "GetPreferredAllocation rpc failed ... nvml: GPU is lost, which is unexpected'",
        source="https://github.com/NVIDIA/k8s-device-plugin/issues/231",
    )


@SCENARIOS.add
def config_error_pod_triton_trtllm_grpc_port_already_in_use() -> CaseSpec:
    at = Clock(datetime(2024, 7, 5, 8, 0, tzinfo=timezone.utc))
    deployment, ns, host = "trtllm-llama-tp2", "inference", "h100-node-3"
    c = Container(
        "triton",
        "nvcr.io/nvidia/tritonserver:24.05-trtllm-python-py3",
        command=["python3", "/app/scripts/launch_triton_server.py"],
        args=["--world_size", "2", "--model_repo", "/models/triton_model_repo", "--grpc_port", "18001"],
        resources=gpu(2, "128Gi", "16"),
        state=_crash_loop("triton", _rs_name(deployment, ns), ns),
        last=terminated(1, at(520), at(590)),
        restarts=4,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    grpc_core = (
        "E0705 08:07:40.219476055   79386 chttp2_server.cc:1080]      UNKNOWN:No address added out of total 1 "
        "resolved for '0.0.0.0:18001' {created_time:\"2024-07-05T08:07:40.219384819+00:00\", children:[UNKNOWN:"
        'Failed to add any wildcard listeners {created_time:"2024-07-05T08:07:40.219362598+00:00", children:'
        '[UNKNOWN:Unable to configure socket {fd:180, created_time:"2024-07-05T08:07:40.21932451+00:00", '
        'children:[UNKNOWN:Address already in use {syscall:"bind", os_error:"Address already in use", errno:98, '
        'created_time:"2024-07-05T08:07:40.21928166+00:00"}]}]}]}'
    )
    prev = text(
        "I0705 08:07:31.102337 79385 pinned_memory_manager.cc:275] Pinned memory pool is created at "
        "'0x7f2a9c000000' with size 268435456",
        "I0705 08:07:31.102521 79385 cuda_memory_manager.cc:107] CUDA memory pool is created on device 0 with "
        "size 67108864",
        "I0705 08:07:38.911223 79385 model_lifecycle.cc:838] successfully loaded 'tensorrt_llm'",
        "I0705 08:07:39.822114 79385 model_lifecycle.cc:838] successfully loaded 'ensemble'",
        grpc_core,
        "E0705 08:07:40.219789 79386 main.cc:245] failed to start GRPC service: Unavailable - Socket '0.0.0.0:18001' "
        "already in use ",
        "I0705 08:07:40.229760 79385 metrics.cc:770] Collecting CPU metrics",
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
    )
    events = [_backoff(p, "triton", at, 300, 600, 6)]
    return CaseSpec(
        id="config-error-pod-triton-trtllm-grpc-port-already-in-use",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="already in use",
        description="The launch script starts one Triton server per tensor-parallel rank under mpirun, and both "
        "were given the same gRPC port; the second cannot bind it, exits, and mpirun aborts the whole server.",
        objects=[p, *events],
        logs={f"{name}/triton.previous": prev},
        captured=at(620),
        title='A two-GPU TensorRT-LLM Triton server exits: "failed to start GRPC service: Unavailable - Socket '
        "'0.0.0.0:18001' already in use\"",
        source="https://github.com/triton-inference-server/tensorrtllm_backend/issues/524",
    )


@SCENARIOS.add
def config_error_pod_uvicorn_port_env_overridden_by_service_link() -> CaseSpec:
    at = Clock(datetime(2025, 10, 29, 7, 0, tzinfo=timezone.utc))
    deployment, ns, host = "server", "tronbyt", "k3s-node-1"
    c = Container(
        "tronbyt",
        "ghcr.io/tronbyt/server:1.5.1",
        env=[{"name": "SERVER_HOSTNAME_OR_IP", "value": ""}, {"name": "PRODUCTION", "value": "1"}],
        ports=[{"containerPort": 8000, "protocol": "TCP"}],
        probes=_http_probe("/app/healthcheck.py", 8000, kinds=("livenessProbe",), failures=10000),
        resources=cpu_only("512Mi", "500m"),
        state=_crash_loop("tronbyt", _rs_name(deployment, ns), ns),
        last=terminated(2, at(600), at(603)),
        restarts=7,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    prev = text(
        "Already up to date.",
        "Usage: uvicorn [OPTIONS] APP",
        "Try 'uvicorn --help' for help.",
        "",
        "Error: Invalid value for '--port': 'tcp://10.43.3.59:8000' is not a valid integer.",
    )
    events = [
        event(
            p,
            "Unhealthy",
            'Liveness probe failed: Get "http://10.42.3.59:8000/app/healthcheck.py": dial tcp 10.42.3.59:8000: '
            "connect: connection refused",
            at(5),
            last=at(600),
            count=12,
            host=host,
        ),
        _backoff(p, "tronbyt", at, 30, 620, 30),
    ]
    return CaseSpec(
        id="config-error-pod-uvicorn-port-env-overridden-by-service-link",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="is not a valid integer",
        description="The new release reads its port from SERVER_PORT; because the Service is named 'server', "
        "Kubernetes injects SERVER_PORT=tcp://<service IP>:8000 into the pod, and uvicorn rejects it as a port.",
        objects=[p, *events],
        logs={f"{name}/tronbyt.previous": prev},
        captured=at(640),
        title="A web server's pod crash-loops after an upgrade: \"Error: Invalid value for '--port': "
        "'tcp://10.43.3.59:8000' is not a valid integer\"",
        source="https://github.com/tronbyt/server/issues/405",
    )


@SCENARIOS.add
def config_error_pod_vllm_tensor_parallel_not_dividing_heads() -> CaseSpec:
    at = Clock(datetime(2024, 4, 21, 2, 0, tzinfo=timezone.utc))
    deployment, ns, host = "qwen15-32b-chat", "llm", "t4x8-node-1"
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.4.1",
        args=["--model", "Qwen/Qwen1.5-32B-Chat", "--tensor-parallel-size", "6", "--dtype", "half"],
        resources=gpu(6, "180Gi", "24"),
        state=_crash_loop("vllm", _rs_name(deployment, ns), ns),
        last=terminated(1, at(400), at(421)),
        restarts=4,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    prev = text(
        "INFO 04-21 02:06:38 api_server.py:149] vLLM API server version 0.4.1",
        "INFO 04-21 02:06:38 api_server.py:150] args: Namespace(host=None, port=8000, model='Qwen/Qwen1.5-32B-Chat', "
        "dtype='half', tensor_parallel_size=6)",
        "Traceback (most recent call last):",
        '  File "/usr/lib/python3.10/runpy.py", line 196, in _run_module_as_main',
        "    return _run_code(code, main_globals, None,",
        '  File "/usr/local/lib/python3.10/dist-packages/vllm/entrypoints/openai/api_server.py", line 159, in <module>',
        "    engine = AsyncLLMEngine.from_engine_args(",
        '  File "/usr/local/lib/python3.10/dist-packages/vllm/engine/arg_utils.py", line 438, in create_engine_config',
        "    model_config.verify_with_parallel_config(parallel_config)",
        '  File "/usr/local/lib/python3.10/dist-packages/vllm/config.py", line 225, in verify_with_parallel_config',
        "    raise ValueError(",
        "ValueError: Total number of attention heads (40) must be divisible by tensor parallel size (6).",
    )
    events = [_backoff(p, "vllm", at, 200, 430, 6)]
    return CaseSpec(
        id="config-error-pod-vllm-tensor-parallel-not-dividing-heads",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="must be divisible by tensor parallel size",
        description="The server is started with a tensor-parallel size of 6 for a model with 40 attention heads; "
        "vLLM refuses the option before loading anything. A size that divides the heads (4 or 8) is needed.",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(440),
        title="vLLM serving Qwen1.5-32B on six T4s exits: 'Total number of attention heads (40) must be divisible "
        "by tensor parallel size (6)'",
        source="https://github.com/vllm-project/vllm/issues/4232",
    )


@SCENARIOS.add
def config_error_job_pods_forbidden_by_pod_security_restricted() -> CaseSpec:
    at = Clock(datetime(2022, 12, 19, 8, 0, tzinfo=timezone.utc))
    name, ns = "tekton-resource-pruner-mnf9n-27829440", "tekton-pipelines"
    ctr = Container(
        "pruner-tkn-tekton-pipelines-g2v7z",
        "gcr.io/tekton-releases/dogfooding/tkn@sha256:025de221fb059ca24a3b2d988889ea34bce48dc76c0cf0d6b4499edb8c21325f",
        command=["/bin/sh", "-c"],
        args=["tkn taskrun delete --keep=100 -f ; tkn pipelinerun delete --keep=100 -f"],
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        conditions=[],
        active=0,
        backoff_limit=6,
        start=at(0),
    )
    msg = (
        f'Error creating: pods "{name}-4w6rm" is forbidden: violates PodSecurity "restricted:latest": '
        'allowPrivilegeEscalation != false (container "pruner-tkn-tekton-pipelines-g2v7z" must set '
        "securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "
        '"pruner-tkn-tekton-pipelines-g2v7z" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != '
        'true (pod or container "pruner-tkn-tekton-pipelines-g2v7z" must set securityContext.runAsNonRoot=true), '
        'seccompProfile (pod or container "pruner-tkn-tekton-pipelines-g2v7z" must set '
        'securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")'
    )
    events = [
        event(
            job,
            "FailedCreate",
            "(combined from similar events): " + msg,
            at(1),
            last=at(1500),
            count=14,
            component="job-controller",
        )
    ]
    return CaseSpec(
        id="config-error-job-pods-forbidden-by-pod-security-restricted",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=None,
        evidence="violates PodSecurity",
        description="The namespace enforces the 'restricted' Pod Security Standard and the Job's pod template sets "
        "none of the security context it requires; admission rejects every pod, so the Job never runs one.",
        objects=[job, *events],
        captured=at(1560),
        title="A clean-up CronJob's Job never creates a pod: 'Error creating: pods ... is forbidden: violates "
        'PodSecurity "restricted:latest"\'',
        source="https://github.com/tektoncd/operator/issues/1223",
    )


@SCENARIOS.add
def shm_exhausted_pod_triton_python_backend_shm_region() -> CaseSpec:
    at = Clock(datetime(2023, 8, 16, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "triton-ensemble", "inference", "rtx3090-node-1"
    c = Container(
        "triton",
        "nvcr.io/nvidia/tritonserver:23.07-py3",
        command=["tritonserver", "--model-repository=/mnt/model-repository"],
        resources=gpu(2, "32Gi", "8"),
        mounts=[{"name": "models", "mountPath": "/mnt/model-repository"}],
        state=_crash_loop("triton", _rs_name(deployment, ns), ns),
        last=terminated(1, at(400), at(431)),
        restarts=4,
    )
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        volumes=[{"name": "models", "persistentVolumeClaim": {"claimName": "model-repository"}}],
    )
    name = p["metadata"]["name"]
    prev = text(
        "NOTE: The SHMEM allocation limit is set to the default of 64MB.  This may be",
        "   insufficient for the inference server.  NVIDIA recommends the use of the following flags:",
        "   docker run --gpus all --shm-size=1g --ulimit memlock=-1 -p 8000:8000 -p 8001:8001 -p 8002:8002 ...",
        "I0816 09:06:52.102211 1 pinned_memory_manager.cc:241] Pinned memory pool is created at '0x7f3a2c000000' "
        "with size 268435456",
        "I0816 09:06:52.104560 1 cuda_memory_manager.cc:107] CUDA memory pool is created on device 0 with size "
        "67108864",
        "I0816 09:06:52.104571 1 cuda_memory_manager.cc:107] CUDA memory pool is created on device 1 with size "
        "67108864",
        "I0816 09:06:52.410233 1 model_lifecycle.cc:462] loading: tokenizer:1",
        "I0816 09:06:52.410498 1 model_lifecycle.cc:462] loading: classifier:1",
        "E0816 09:06:53.077902 1 model_lifecycle.cc:626] failed to load 'tokenizer' version 1: Internal: Unable to "
        "initialize shared memory key 'triton_python_backend_shm_region_3' to requested size (67108864 bytes). If "
        "you are running Triton inside docker, use '--shm-size' flag to control the shared memory region size. Each "
        "Python backend model instance requires at least 64MBs of shared memory. Error: No space left on device",
        "I0816 09:06:55.880120 1 model_lifecycle.cc:817] successfully loaded 'classifier'",
        "E0816 09:06:55.880377 1 model_repository_manager.cc:563] Invalid argument: ensemble 'pipeline' depends on "
        "'tokenizer' which has no loaded version. Model 'tokenizer' loading failed with error: version 1 is at "
        "UNAVAILABLE state: Internal: Unable to initialize shared memory key 'triton_python_backend_shm_region_3' to "
        "requested size (67108864 bytes).",
        "error: creating server: Internal - failed to load all models",
    )
    events = [_backoff(p, "triton", at, 200, 450, 6)]
    return CaseSpec(
        id="shm-exhausted-pod-triton-python-backend-shm-region",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="shm-exhausted",
        culprit=name,
        evidence="Unable to initialize shared memory key",
        description="Each instance of a Triton Python-backend model needs 64 MB of /dev/shm and the pod has only "
        "the runtime's default 64 MB; the second region cannot be created, the model does not load and the server "
        "exits. 'No space left on device' here is /dev/shm, not the disk.",
        objects=[p, *events],
        logs={f"{name}/triton.previous": prev},
        captured=at(460),
        title='Triton with a Python-backend model fails: "Unable to initialize shared memory key '
        "'triton_python_backend_shm_region_3' to requested size (67108864 bytes) ... Error: No space left on device\"",
        source="https://github.com/triton-inference-server/server/issues/6195",
    )


@SCENARIOS.add
def missing_file_pod_kserve_tfserving_base_path_not_found() -> CaseSpec:
    at = Clock(datetime(2022, 4, 8, 10, 0, tzinfo=timezone.utc))
    deployment, ns, host = "flower-sample-predictor-default-00001-deployment", "kserve", "linux-server-1"
    c = Container(
        "kserve-container",
        "tensorflow/serving:2.6.2",
        command=["/usr/bin/tensorflow_model_server"],
        args=["--port=9000", "--rest_api_port=8080", "--model_name=flower-sample", "--model_base_path=/mnt/models"],
        resources=cpu_only("2Gi", "1"),
        state=running(at(20)),
    )
    queue = Container(
        "queue-proxy",
        "gcr.io/knative-releases/knative.dev/serving/cmd/queue:v1.0.0",
        resources={"requests": {"cpu": "25m"}},
        probes=_http_probe("/", 8012, kinds=("readinessProbe",)),
        state=running(at(21)),
    )
    p = _rs_pod(deployment, ns, [c, queue], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    err = (
        "E tensorflow_serving/sources/storage_path/file_system_storage_path_source.cc:365] "
        "FileSystemStoragePathSource encountered a filesystem access error: Could not find base path /mnt/models "
        "for servable flower-sample with error Not found: /mnt/models not found"
    )
    lines = [
        "I tensorflow_serving/model_servers/server.cc:89] Building single TensorFlow model file config:  "
        "model_name: flower-sample model_base_path: /mnt/models",
        "I tensorflow_serving/model_servers/server_core.cc:465] Adding/updating models.",
        "I tensorflow_serving/model_servers/server_core.cc:591]  (Re-)adding model: flower-sample",
        "[warn] getaddrinfo: address family for nodename not supported",
        "[evhttp_server.cc : 245] NET_LOG: Entering the event loop ...",
        "I tensorflow_serving/model_servers/server.cc:409] Exporting HTTP/REST API at:localhost:8080 ...",
    ] + [err] * 12
    log = stamped(lines, at(21), [0.1, 0.1, 0.1, 0.2, 0.1, 0.1] + [1.0] * 12)
    events = [
        event(
            p,
            "Unhealthy",
            'Readiness probe failed: Get "http://10.244.1.17:8012/": context deadline exceeded',
            at(30),
            last=at(880),
            count=85,
            host=host,
        )
    ]
    return CaseSpec(
        id="missing-file-pod-kserve-tfserving-base-path-not-found",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=name,
        evidence="Could not find base path /mnt/models",
        description="No storage-initializer was injected into the predictor pod, so nothing downloads the model "
        "into /mnt/models; TensorFlow Serving keeps running but finds no model and the pod never becomes ready.",
        objects=[p, *events],
        logs={f"{name}/kserve-container": log},
        captured=at(900),
        title="A KServe TensorFlow predictor never becomes ready: 'Could not find base path /mnt/models for servable "
        "flower-sample' - the storage initializer did not run",
        source="https://github.com/kserve/kserve/issues/2137",
    )


@SCENARIOS.add
def oom_killed_pod_vllm_rocm_memory_limit_while_loading_weights() -> CaseSpec:
    at = Clock(datetime(2025, 11, 19, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "kimi-k2", "ai-test", "mi300x-node-2"
    c = Container(
        "vllm-leader",
        "rocm/vllm-dev:nightly_main_20251119",
        command=["/bin/sh", "-c"],
        args=[
            "python3 -m vllm.entrypoints.openai.api_server --port 8080 --served-model-name kimi-k2 --model "
            "/models/moonshotai/Kimi-K2-Thinking --trust-remote-code --max-model-len 100K --max-num-seqs 16 "
            "--tensor-parallel-size 4 --enforce-eager"
        ],
        resources={
            "limits": {"cpu": "32", "memory": "256Gi", "amd.com/gpu": "4"},
            "requests": {"cpu": "32", "memory": "256Gi", "amd.com/gpu": "4"},
        },
        state=_crash_loop("vllm-leader", _rs_name(deployment, ns), ns),
        last=terminated(137, at(1210), at(1745), reason="OOMKilled"),
        restarts=2,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    prev = text(
        "INFO 11-19 09:20:14 [__init__.py:225] Automatically detected platform rocm.",
        "(APIServer pid=1) INFO 11-19 09:20:21 [api_server.py:1839] vLLM API server version 0.11.2.dev",
        "(EngineCore_DP0 pid=412) INFO 11-19 09:21:02 [multiproc_executor.py:720] Creating 4 workers",
        "(Worker_TP0 pid=598) INFO 11-19 09:21:40 [gpu_model_runner.py:2930] Starting to load model "
        "/models/moonshotai/Kimi-K2-Thinking...",
        "(Worker_TP0 pid=598) Loading safetensors checkpoint shards:   0% Completed | 0/62 [00:00<?, ?it/s]",
        "(Worker_TP0 pid=598) Loading safetensors checkpoint shards:  19% Completed | 12/62 [03:02<12:40, 15.21s/it]",
        "(Worker_TP0 pid=598) Loading safetensors checkpoint shards:  37% Completed | 23/62 [06:11<10:29, 16.14s/it]",
    )
    events = [_backoff(p, "vllm-leader", at, 1750, 1800, 2)]
    return CaseSpec(
        id="oom-killed-pod-vllm-rocm-memory-limit-while-loading-weights",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=name,
        evidence="OOMKilled",
        description="While the four tensor-parallel workers read the checkpoint shards, the container's host "
        "memory passes its 256Gi limit and the kernel kills it (OOMKilled) partway through loading.",
        objects=[p, *events],
        logs={f"{name}/vllm-leader.previous": prev},
        captured=at(1820),
        title="vLLM serving Kimi-K2 on AMD MI300X is killed while loading weights: the container crosses its "
        "memory limit (OOMKilled)",
        source="https://github.com/vllm-project/vllm/issues/28923",
    )
