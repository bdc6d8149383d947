"""Cases built from real public failure reports - scheduling, queues and quotas, volumes, image
pulls, evictions and preemptions (a third round, written blind before any rule was changed).

Each keeps the lines people pasted verbatim (names neutralised) and says where they came
from: ``title`` (what happened) and ``source`` (the thread) go into expected.yaml. Where a
thread pasted only the decisive lines, the rest of the snapshot (object shapes, the kubelet's
and the controllers' events around them) is what Kubernetes writes in that situation.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    Scenarios,
    batch_job,
    condition,
    cpu_only,
    event,
    gpu,
    healthy_node_conditions,
    job_pod,
    kueue_workload,
    metav1_condition,
    node,
    pod,
    running,
    stamped,
    uid,
    waiting,
)
from tests.cases.scenarios_real_platform import _rs_pod, _sts_pod

SCENARIOS = Scenarios()


def _scheduled(p: Obj, at: datetime, host: str) -> Obj:
    meta = p["metadata"]
    return event(
        p,
        "Scheduled",
        f"Successfully assigned {meta['namespace']}/{meta['name']} to {host}",
        at,
        type_="Normal",
        component="default-scheduler",
    )


# -- scheduling -----------------------------------------------------------------------------------


@SCENARIOS.add
def unschedulable_pod_gpu_node_untolerated_custom_taint() -> CaseSpec:
    at = Clock(datetime(2026, 9, 1, 7, 0, tzinfo=timezone.utc))
    name, ns, host = "gpu-pod", "default", "ws-gpu-01"
    c = Container(
        "cuda-container",
        "nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda11.7.1",
        resources={"limits": {"nvidia.com/gpu": "1"}},
    )
    msg = (
        "0/1 nodes are available: 1 node(s) had untolerated taint {gpu: }. preemption: 0/1 nodes are "
        "available: 1 Preemption is not helpful for scheduling.."
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
        restart_policy="OnFailure",
    )
    n = node(
        host,
        at(-7200),
        gpus=1,
        product="NVIDIA-GeForce-RTX-3090",
        conditions=healthy_node_conditions(at(-7200), at(1790)),
        taints=[{"key": "gpu", "effect": "NoSchedule"}],
    )
    events = [event(p, "FailedScheduling", msg, at(2), last=at(1500), count=6, component="default-scheduler")]
    return CaseSpec(
        id="unschedulable-pod-gpu-node-untolerated-custom-taint",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=name,
        evidence="had untolerated taint {gpu: }",
        description="The single node was labelled and tainted gpu:NoSchedule to keep other pods off it; the test "
        "pod has no toleration for that taint, so the scheduler has nowhere to put it (and the device "
        "plugin's DaemonSet, without the toleration either, never starts there).",
        objects=[p, n, *events],
        captured=at(1800),
        title="After tainting the only node 'gpu', a GPU test pod stays Pending: '1 node(s) had untolerated taint "
        "{gpu: }'",
        source="https://github.com/NVIDIA/k8s-device-plugin/issues/421",
    )


@SCENARIOS.add
def unschedulable_pod_coscheduling_group_short_of_min_member() -> CaseSpec:
    at = Clock(datetime(2026, 9, 1, 9, 30, tzinfo=timezone.utc))
    name, ns = "ray-head-urm-exp--1-klbn8", "default"
    c = Container(
        "ray-head",
        "rayproject/ray:2.0.0-py38",
        command=["ray", "start", "--head", "--block"],
        resources=cpu_only("16Gi", "4"),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"pod-group.scheduling.sigs.k8s.io": "ray-pg", "ray.io/node-type": "head"},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Pending",
        unschedulable="optimistic rejection in PostFilter",
        scheduler="scheduler-plugins-scheduler",
        restart_policy="Always",
    )
    pg = {
        "apiVersion": "scheduling.sigs.k8s.io/v1alpha1",
        "kind": "PodGroup",
        "metadata": {"name": "ray-pg", "namespace": ns, "creationTimestamp": "2026-09-01T09:29:58Z"},
        "spec": {"minMember": 8, "scheduleTimeoutSeconds": 10},
        "status": {"phase": "Pending", "scheduled": 0},
    }
    sched = "scheduler-plugins-scheduler"
    events = [
        event(
            p,
            "FailedScheduling",
            f"0/10 nodes are available: 10 pre-filter pod {name} cannot find enough sibling pods, current pods "
            "number: 1, minMember of group: 8.",
            at(1),
            component=sched,
        ),
        event(
            p,
            "FailedScheduling",
            "0/10 nodes are available: 10 pod with pgName: default/ray-pg last failed in 3s, deny.",
            at(3),
            component=sched,
        ),
        event(
            p,
            "FailedScheduling",
            "optimistic rejection in PostFilter",
            at(60),
            last=at(1250),
            count=5,
            component=sched,
        ),
    ]
    return CaseSpec(
        id="unschedulable-pod-coscheduling-group-short-of-min-member",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=name,
        evidence="cannot find enough sibling pods",
        description="The pod belongs to a coscheduling PodGroup with minMember 8, but only one of its pods "
        "exists; the coscheduling plugin rejects it until the whole gang can be placed, so it waits "
        "forever.",
        objects=[p, pg, *events],
        captured=at(1270),
        title="Co-scheduled pods never get scheduled: 'pre-filter pod ... cannot find enough sibling pods, "
        "current pods number: 1, minMember of group: 8', then 'optimistic rejection in PostFilter'",
        source="https://github.com/kubernetes-sigs/scheduler-plugins/issues/416",
    )


@SCENARIOS.add
def unschedulable_pod_fuse_sidecar_ephemeral_storage_request() -> CaseSpec:
    at = Clock(datetime(2026, 9, 1, 11, 0, tzinfo=timezone.utc))
    deployment, ns = "gcs-fuse-csi-example-static-pvc", "default"
    c = Container(
        "writer",
        "busybox",
        command=["/bin/sh", "-c", "touch /data/${MY_POD_NAME} && sleep infinity"],
        resources={"limits": {"cpu": "250m", "memory": "256Mi"}, "requests": {"cpu": "250m", "memory": "256Mi"}},
        mounts=[{"name": "gcs-fuse-csi-static", "mountPath": "/data"}],
    )
    sidecar = Container(
        "gke-gcsfuse-sidecar",
        "gke.gcr.io/gcs-fuse-csi-driver-sidecar-mounter:v0.1.14-gke.1",
        resources={
            "limits": {"cpu": "250m", "ephemeral-storage": "5Gi", "memory": "256Mi"},
            "requests": {"cpu": "250m", "ephemeral-storage": "5Gi", "memory": "256Mi"},
        },
    )
    msg = (
        "0/3 nodes are available: 3 Insufficient ephemeral-storage. preemption: 0/3 nodes are available: 3 No "
        "preemption victims found for incoming pod.."
    )
    p = _rs_pod(
        deployment,
        ns,
        [sidecar, c],
        created=at(0),
        phase="Pending",
        unschedulable=msg,
        scheduler="gke.io/optimize-utilization-scheduler",
        annotations={"gke-gcsfuse/volumes": "true"},
        volumes=[{"name": "gcs-fuse-csi-static", "persistentVolumeClaim": {"claimName": "gcs-fuse-csi-static-pvc"}}],
    )
    events = [
        event(
            p, "FailedScheduling", msg, at(3), last=at(6), count=2, component="gke.io/optimize-utilization-scheduler"
        ),
        event(
            p,
            "NotTriggerScaleUp",
            "pod didn't trigger scale-up: 3 Insufficient ephemeral-storage",
            at(6),
            type_="Normal",
            component="cluster-autoscaler",
        ),
    ]
    name = p["metadata"]["name"]
    return CaseSpec(
        id="unschedulable-pod-fuse-sidecar-ephemeral-storage-request",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=name,
        evidence="Insufficient ephemeral-storage",
        description="With the gcsfuse annotation set, the webhook injects a sidecar that requests 5Gi of "
        "ephemeral storage; none of the three small nodes has that much allocatable, and the autoscaler "
        "will not add one. A scheduling failure, not a full disk.",
        objects=[p, *events],
        captured=at(36),
        title="After enabling the gcsfuse annotation, the example pod stays Pending: '3 Insufficient "
        "ephemeral-storage', and the autoscaler does not scale up",
        source="https://github.com/GoogleCloudPlatform/gcs-fuse-csi-driver/issues/153",
    )


# -- queues and quotas ------------------------------------------------------------------------------


@SCENARIOS.add
def quota_exceeded_pod_gpu_admission_exceeds_gpu_quota() -> CaseSpec:
    at = Clock(datetime(2026, 9, 2, 3, 0, tzinfo=timezone.utc))
    name, ns = "vcuda", "default"
    c = Container(
        "nvidia",
        "nvidia/cuda:10.1-runtime-ubuntu18.04",
        command=["/usr/local/nvidia/bin/nvidia-smi", "pmon", "-d", "10"],
        resources={
            "limits": {"tencent.com/vcuda-core": "50", "tencent.com/vcuda-memory": "30"},
            "requests": {"tencent.com/vcuda-core": "50", "tencent.com/vcuda-memory": "30"},
        },
    )
    msg = "0/2 nodes are available: 2 ExceedsGPUQuota."
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
        restart_policy="Always",
    )
    quota = {
        "apiVersion": "v1",
        "kind": "ConfigMap",
        "metadata": {"name": "gpuquota", "namespace": "kube-system", "creationTimestamp": "2026-09-02T02:40:00Z"},
        "data": {"gpuquota": '{"default": {"pool": ["public"], "quota": {"M40": 0}}}'},
    }
    events = [event(p, "FailedScheduling", msg, at(1), last=at(3), count=3, component="default-scheduler")]
    return CaseSpec(
        id="quota-exceeded-pod-gpu-admission-exceeds-gpu-quota",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="ExceedsGPUQuota",
        description="The GPU-admission scheduler extender filters every node because the namespace's GPU quota "
        "(set in its ConfigMap) has no room for the pod; the nodes have free GPUs. A quota holds the pod, "
        "not a lack of nodes.",
        objects=[p, quota, *events],
        captured=at(30),
        title="With the GPU quota ConfigMap of gpu-admission deployed, a vGPU pod stays Pending: '0/2 nodes are "
        "available: 2 ExceedsGPUQuota.'",
        source="https://github.com/tkestack/gpu-manager/issues/24",
    )


@SCENARIOS.add
def quota_exceeded_job_namespace_requests_quota_used_up() -> CaseSpec:
    at = Clock(datetime(2026, 9, 2, 8, 15, tzinfo=timezone.utc))
    name, ns = "claims-reindex", "money-claims"
    ctr = Container(
        "reindex",
        "registry.example.org/claims/reindex:2.3.0",
        command=["java", "-jar", "/opt/app/reindex.jar"],
        resources={"requests": {"cpu": "20", "memory": "60Gi"}},
    )
    job = batch_job(name=name, namespace=ns, created=at(0), container=ctr, start=at(1), conditions=[])
    pod_name = f"{name}-m5xkq"
    msg = (
        f'Error creating: pods "{pod_name}" is forbidden: exceeded quota: money-claims-quota, requested: '
        "requests.cpu=20,requests.memory=60Gi, used: requests.cpu=32575m,requests.memory=90368Mi, limited: "
        "requests.cpu=50,requests.memory=140Gi"
    )
    rq = {
        "apiVersion": "v1",
        "kind": "ResourceQuota",
        "metadata": {"name": "money-claims-quota", "namespace": ns, "creationTimestamp": "2026-06-01T00:00:00Z"},
        "spec": {"hard": {"requests.cpu": "50", "requests.memory": "140Gi"}},
        "status": {
            "hard": {"requests.cpu": "50", "requests.memory": "140Gi"},
            "used": {"requests.cpu": "32575m", "requests.memory": "90368Mi"},
        },
    }
    events = [event(job, "FailedCreate", msg, at(1), last=at(880), count=9, component="job-controller")]
    return CaseSpec(
        id="quota-exceeded-job-namespace-requests-quota-used-up",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="exceeded quota: money-claims-quota",
        description="The namespace's ResourceQuota has 17.4 CPUs left and the pod asks for 20, so the API server "
        "refuses every pod the Job controller tries to create; no pod ever exists.",
        objects=[job, rq, *events],
        captured=at(900),
        title="A pod asking for 20 CPUs and 60Gi is refused: 'exceeded quota: ..., requested: "
        "requests.cpu=20,requests.memory=60Gi, used: requests.cpu=32575m,..., limited: requests.cpu=50,...'",
        source="https://github.com/hmcts/cnp-flux-config/pull/2122",
    )


# -- volumes -------------------------------------------------------------------------------------


@SCENARIOS.add
def volume_error_pod_ebs_attachment_timeout() -> CaseSpec:
    at = Clock(datetime(2026, 9, 3, 14, 0, tzinfo=timezone.utc))
    name, ns, host = "app", "default", "ip-172-18-26-100.ec2.internal"
    c = Container(
        "app",
        "centos",
        command=["/bin/sh"],
        args=["-c", "while true; do echo $(date -u) >> /data/out.txt; sleep 5; done"],
        mounts=[{"name": "persistent-storage", "mountPath": "/data"}],
        state=waiting("ContainerCreating"),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        qos="BestEffort",
        restart_policy="Always",
        volumes=[{"name": "persistent-storage", "persistentVolumeClaim": {"claimName": "ebs-claim"}}],
    )
    pv = "pvc-5dea601a-f076-40d5-8d0a-fe1ea4e04e74"
    events = [
        _scheduled(p, at(1), host),
        event(
            p,
            "FailedAttachVolume",
            f'AttachVolume.Attach failed for volume "{pv}" : attachment timeout for volume vol-0ddf92e13636fa667',
            at(16),
            component="attachdetach-controller",
        ),
        event(
            p,
            "FailedMount",
            f'Unable to mount volumes for pod "app_default({p["metadata"]["uid"]})": timeout expired waiting for '
            'volumes to attach or mount for pod "default"/"app". list of unmounted volumes=[persistent-storage]. '
            "list of unattached volumes=[persistent-storage default-token-qz8h2]",
            at(124),
            host=host,
        ),
        event(
            p,
            "FailedAttachVolume",
            f'AttachVolume.Attach failed for volume "{pv}" : rpc error: code = DeadlineExceeded desc = context '
            "deadline exceeded",
            at(17),
            last=at(144),
            count=8,
            component="attachdetach-controller",
        ),
    ]
    return CaseSpec(
        id="volume-error-pod-ebs-attachment-timeout",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=name,
        evidence="AttachVolume.Attach failed",
        description="The EBS CSI driver provisions the volume, but EC2 leaves it in 'attaching': the attach "
        "times out, the kubelet gives up waiting to mount, and the pod stays in ContainerCreating.",
        objects=[p, *events],
        captured=at(252),
        title="A pod with a freshly provisioned EBS volume stays ContainerCreating: 'AttachVolume.Attach failed "
        "... attachment timeout for volume', then 'rpc error: code = DeadlineExceeded'",
        source="https://github.com/kubernetes-sigs/aws-ebs-csi-driver/issues/292",
    )


@SCENARIOS.add
def volume_error_pod_csi_node_without_node_id() -> CaseSpec:
    at = Clock(datetime(2026, 9, 3, 16, 20, tzinfo=timezone.utc))
    name, ns, host = "app", "storage-test", "worker-node-2"
    c = Container(
        "app",
        "busybox",
        command=["/bin/sh", "-c"],
        args=["tail -f /dev/null"],
        state=waiting("ContainerCreating"),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        qos="BestEffort",
        restart_policy="Always",
        volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "block-claim"}}],
    )
    events = [
        _scheduled(p, at(1), host),
        event(
            p,
            "FailedAttachVolume",
            f'AttachVolume.Attach failed for volume "pvc-068ebc92-4b78-4dea-9" : node "{host}" has no NodeID '
            "annotation",
            at(2),
            last=at(1180),
            count=17,
            component="attachdetach-controller",
        ),
    ]
    return CaseSpec(
        id="volume-error-pod-csi-node-without-node-id",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=name,
        evidence="has no NodeID annotation",
        description="The EBS CSI node plugin never registered on the worker, so the node carries no CSI NodeID "
        "and the attacher refuses to attach the block volume there; the pod never gets its device.",
        objects=[p, *events],
        captured=at(1200),
        title="A pod using an EBS block PVC never starts: 'AttachVolume.Attach failed for volume ... : node ... has "
        "no NodeID annotation'",
        source="https://github.com/kubernetes-sigs/aws-ebs-csi-driver/issues/453",
    )


@SCENARIOS.add
def volume_error_pod_gcsfuse_sidecar_not_injected() -> CaseSpec:
    at = Clock(datetime(2026, 9, 3, 18, 0, tzinfo=timezone.utc))
    deployment, ns, host = "gcs-fuse-csi-example-static-pvc", "default", "gke-cluster-1-default-pool-7c1d2e3f-x9k2"
    c = Container(
        "writer",
        "busybox",
        command=["/bin/sh", "-c", "touch /data/${MY_POD_NAME} && sleep infinity"],
        resources=cpu_only("256Mi", "250m"),
        mounts=[{"name": "gcs-fuse-csi-static", "mountPath": "/data"}],
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
        volumes=[{"name": "gcs-fuse-csi-static", "persistentVolumeClaim": {"claimName": "gcs-fuse-csi-static-pvc"}}],
    )
    events = [
        _scheduled(p, at(1), host),
        event(
            p,
            "FailedMount",
            'MountVolume.SetUp failed for volume "gcs-fuse-csi-pv" : rpc error: code = FailedPrecondition desc = '
            "failed to find the sidecar container in Pod spec",
            at(3),
            last=at(1750),
            count=24,
            host=host,
        ),
    ]
    name = p["metadata"]["name"]
    return CaseSpec(
        id="volume-error-pod-gcsfuse-sidecar-not-injected",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=name,
        evidence="failed to find the sidecar container in Pod spec",
        description="The pod template lacks the gke-gcsfuse/volumes annotation, so the webhook never injects the "
        "gcsfuse sidecar and the CSI driver refuses to mount the bucket volume.",
        objects=[p, *events],
        captured=at(1800),
        title="The static-PVC example of the Cloud Storage FUSE CSI driver stays ContainerCreating: 'rpc error: "
        "code = FailedPrecondition desc = failed to find the sidecar container in Pod spec'",
        source="https://github.com/GoogleCloudPlatform/gcs-fuse-csi-driver/issues/153",
    )


@SCENARIOS.add
def volume_error_pod_azure_file_cifs_mount_permission_denied() -> CaseSpec:
    at = Clock(datetime(2026, 9, 4, 10, 0, tzinfo=timezone.utc))
    name, ns, host = "mypod", "elastic-system", "aks-default-17728794-vmss00001d"
    c = Container(
        "mypod",
        "mcr.microsoft.com/oss/nginx/nginx:1.15.5-alpine",
        resources=cpu_only("256Mi", "250m"),
        mounts=[{"name": "log", "mountPath": "/mnt/log", "readOnly": True}],
        state=waiting("ContainerCreating"),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        restart_policy="Always",
        volumes=[
            {"name": "log", "azureFile": {"secretName": "azure-secret", "shareName": "log-active", "readOnly": True}}
        ],
    )
    mount = (
        'MountVolume.SetUp failed for volume "log" : mount failed: exit status 32\n'
        "Mounting command: mount\n"
        "Mounting arguments: -t cifs -o ro,file_mode=0777,dir_mode=0777,vers=3.0,actimeo=30,mfsymlinks,<masked> "
        f"//<redacted>.file.core.windows.net/log-active /var/lib/kubelet/pods/{p['metadata']['uid']}/volumes/"
        "kubernetes.io~azure-file/log\n"
        "Output: mount error(13): Permission denied\n"
        "Refer to the mount.cifs(8) manual page (e.g. man mount.cifs)"
    )
    events = [
        _scheduled(p, at(1), host),
        event(
            p,
            "FailedMount",
            "Unable to attach or mount volumes: unmounted volumes=[log], unattached volumes=[default-token-whr4b "
            "log]: timed out waiting for the condition",
            at(122),
            host=host,
        ),
        event(p, "FailedMount", mount, at(2), last=at(686), count=13, host=host),
    ]
    return CaseSpec(
        id="volume-error-pod-azure-file-cifs-mount-permission-denied",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=name,
        evidence="mount error(13): Permission denied",
        description="The Azure file share refuses the CIFS mount (the storage account key in the secret no longer "
        "matches); the kubelet retries the mount and the pod never leaves ContainerCreating. The "
        "'Permission denied' is the mount's, not the application's.",
        objects=[p, *events],
        captured=at(720),
        title="An AKS pod with an Azure file volume never starts: 'MountVolume.SetUp failed ... mount failed: exit "
        "status 32 ... Output: mount error(13): Permission denied'",
        source="https://github.com/Azure/AKS/issues/2383",
    )


@SCENARIOS.add
def volume_error_pod_azure_file_share_missing() -> CaseSpec:
    at = Clock(datetime(2026, 9, 4, 13, 0, tzinfo=timezone.utc))
    sts, ns, host = "statefulset-azurefile", "default", "aks-nodepool1-31716608-vmss000001"
    pv = "pvc-6a256ac3-8344-44ca-8f54-db3881f2e84e"
    c = Container(
        "statefulset-azurefile",
        "mcr.microsoft.com/oss/nginx/nginx:1.19.5",
        command=[
            "/bin/bash",
            "-c",
            "set -euo pipefail; while true; do echo $(date) >> /mnt/azurefile/outfile; sleep 1; done",
        ],
        mounts=[{"name": "persistent-storage", "mountPath": "/mnt/azurefile"}],
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
        qos="BestEffort",
        extra_labels={"app": "nginx"},
        volumes=[{"name": "persistent-storage", "persistentVolumeClaim": {"claimName": f"persistent-storage-{sts}-0"}}],
    )
    mount = (
        f'MountVolume.MountDevice failed for volume "{pv}" : rpc error: code = Internal desc = '
        f'volume(<ResourceGroup>#{pv}#) mount "//<STORAGE-ACCOUNT>.file.core.windows.net/{pv}" on '
        f'"/var/lib/kubelet/plugins/kubernetes.io/csi/pv/{pv}/globalmount" failed with mount failed: exit status 32\n'
        "Mounting command: mount\n"
        "Mounting arguments: -t cifs -o dir_mode=0777,file_mode=0777,uid=0,gid=0,mfsymlinks,cache=strict,"
        f"nosharesock,actimeo=30,<masked> //<STORAGE-ACCOUNT>.file.core.windows.net/{pv} "
        f"/var/lib/kubelet/plugins/kubernetes.io/csi/pv/{pv}/globalmount\n"
        "Output: mount error(2): No such file or directory\n"
        "Refer to the mount.cifs(8) manual page (e.g. man mount.cifs)"
    )
    events = [
        _scheduled(p, at(1), host),
        event(p, "FailedMount", mount, at(4), last=at(1180), count=19, host=host),
    ]
    return CaseSpec(
        id="volume-error-pod-azure-file-share-missing",
        kind="Pod",
        name=p["metadata"]["name"],
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=p["metadata"]["name"],
        evidence="mount error(2): No such file or directory",
        description="The storage class points the driver at an existing storage account whose file share the "
        "node cannot reach; mount.cifs answers 'No such file or directory' for the share and the "
        "StatefulSet's pod never starts. A volume that cannot be provided, not a missing file of the job.",
        objects=[p, *events],
        captured=at(1200),
        title="A StatefulSet pod with a dynamically provisioned Azure file volume stays ContainerCreating: "
        "'MountVolume.MountDevice failed ... Output: mount error(2): No such file or directory'",
        source="https://github.com/kubernetes-sigs/azurefile-csi-driver/issues/687",
    )


# -- images --------------------------------------------------------------------------------------


def _pull_failure(
    p: Obj, image: str, failure: str, at: Clock, first: float, last: float, count: int, host: str
) -> list[Obj]:
    """The kubelet's events for a pull that keeps failing with ``failure`` (its whole Failed message)."""
    return [
        event(
            p, "Pulling", f'Pulling image "{image}"', at(first), last=at(last), count=count, type_="Normal", host=host
        ),
        event(p, "Failed", failure, at(first + 1), last=at(last + 1), count=count, host=host),
        event(p, "Failed", "Error: ErrImagePull", at(first + 1), last=at(last + 1), count=count, host=host),
        event(
            p,
            "BackOff",
            f'Back-off pulling image "{image}"',
            at(first + 2),
            last=at(last + 30),
            count=count * 6,
            type_="Normal",
            host=host,
        ),
        event(p, "Failed", "Error: ImagePullBackOff", at(first + 2), last=at(last + 30), count=count * 6, host=host),
    ]


@SCENARIOS.add
def image_pull_error_pod_harbor_oauth_token_forbidden() -> CaseSpec:
    at = Clock(datetime(2026, 9, 5, 2, 0, tzinfo=timezone.utc))
    deployment, ns, host = "feature-store-api", "ml-platform", "k8s-worker-07"
    image = "harbor.example.io/ml/feature-store-api:1.4.2"
    c = Container(
        "api",
        image,
        resources=cpu_only("2Gi", "1"),
        state=waiting("ImagePullBackOff", f'Back-off pulling image "{image}"'),
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1))
    failure = (
        f'Failed to pull image "{image}": rpc error: code = Unknown desc = Error response from daemon: Get '
        "https://harbor.example.io/v2/ml/feature-store-api/manifests/1.4.2: no available registry endpoint: "
        "failed to fetch oauth token: unexpected status: 403 Forbidden"
    )
    events = [_scheduled(p, at(1), host), *_pull_failure(p, image, failure, at, 3, 1500, 8, host)]
    return CaseSpec(
        id="image-pull-error-pod-harbor-oauth-token-forbidden",
        kind="Pod",
        name=p["metadata"]["name"],
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=p["metadata"]["name"],
        evidence="failed to fetch oauth token: unexpected status: 403 Forbidden",
        description="The pull secret is right (docker pull with it works by hand), but the node's runtime cannot "
        "get a token from the private Harbor project: the token service answers 403, so the image is "
        "never pulled.",
        objects=[p, *events],
        captured=at(1560),
        title="Pulling from a private Harbor project fails in the cluster: 'no available registry endpoint: failed "
        "to fetch oauth token: unexpected status: 403 Forbidden'",
        source="https://github.com/goharbor/harbor/issues/10004",
    )


@SCENARIOS.add
def image_pull_error_job_sandbox_pause_image_no_credentials() -> CaseSpec:
    at = Clock(datetime(2026, 9, 5, 5, 40, tzinfo=timezone.utc))
    name, ns, host = "nightly-etl", "data-jobs", "i-0b9bd5da0497cb428"
    ctr = Container(
        "etl",
        "123456789101.dkr.ecr.ap-southeast-2.amazonaws.com/data/etl:2026.09",
        command=["python", "-m", "etl.nightly"],
        resources=cpu_only("4Gi", "2"),
    )
    job = batch_job(name=name, namespace=ns, created=at(0), container=ctr, active=1, start=at(1), conditions=[])
    c = Container(ctr.name, ctr.image, command=ctr.command, resources=ctr.resources, state=waiting("ContainerCreating"))
    p = job_pod(job, [c], created=at(1), phase="Pending", node=host, scheduled=at(2))
    pause = "123456789101.dkr.ecr.ap-southeast-2.amazonaws.com/k8s-example/pause"
    digest_ = "sha256:7031c1b283388d2c2e09b57badb803c05ebed362dc88d84b480cc47f72a21097"
    sandbox = (
        f'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox image "{pause}:3.9@'
        f'{digest_}": failed to pull image "{pause}:3.9@{digest_}": failed to pull and unpack image "{pause}@{digest_}": '
        f'failed to resolve reference "{pause}@{digest_}": pull access denied, repository does not exist or may '
        "require authorization: authorization failed: no basic auth credentials"
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
        _scheduled(p, at(2), host),
        event(p, "FailedCreatePodSandBox", sandbox, at(3), last=at(1710), count=78, host=host),
    ]
    return CaseSpec(
        id="image-pull-error-job-sandbox-pause-image-no-credentials",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=p["metadata"]["name"],
        evidence="failed to get sandbox image",
        description="The nodes are configured to take the pause (sandbox) image from a private ECR proxy, but "
        "containerd pulls it without credentials; no pod sandbox can be created, so the job's own image "
        "is never even tried.",
        objects=[job, p, *events],
        captured=at(1740),
        title="Pods stay ContainerCreating when the sandbox image comes from a private ECR mirror: 'failed to get "
        "sandbox image ... pull access denied ... no basic auth credentials'",
        source="https://github.com/kubernetes/kops/issues/16762",
    )


@SCENARIOS.add
def image_pull_error_pod_gcr_manifest_forbidden() -> CaseSpec:
    at = Clock(datetime(2026, 9, 5, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "monolith", "default", "gke-fancy-cluster-default-pool-69633fd6-dnh1"
    image = "gcr.io/acme-scratch/monolith:1.0.0"
    c = Container(
        "monolith",
        image,
        state=waiting("ImagePullBackOff", f'Back-off pulling image "{image}"'),
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1), qos="BestEffort")
    failure = (
        f'Failed to pull image "{image}": rpc error: code = Unknown desc = failed to pull and unpack image "{image}": '
        f'failed to resolve reference "{image}": pulling from host gcr.io failed with status code [manifests '
        "1.0.0]: 403 Forbidden"
    )
    events = [_scheduled(p, at(1), host), *_pull_failure(p, image, failure, at, 30, 90, 4, host)]
    return CaseSpec(
        id="image-pull-error-pod-gcr-manifest-forbidden",
        kind="Pod",
        name=p["metadata"]["name"],
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=p["metadata"]["name"],
        evidence="403 Forbidden",
        description="The GKE nodes' service account may not read the project's Container Registry bucket: the "
        "registry answers 403 for the manifest and the pod sits in ImagePullBackOff.",
        objects=[p, *events],
        captured=at(1500),
        title="A codelab deployment on GKE sits in ImagePullBackOff: 'pulling from host gcr.io failed with status "
        "code [manifests 1.0.0]: 403 Forbidden'",
        source="https://github.com/googlecodelabs/monolith-to-microservices/issues/59",
    )


@SCENARIOS.add
def image_pull_error_pod_registry_certificate_unknown_authority() -> CaseSpec:
    at = Clock(datetime(2026, 9, 5, 12, 0, tzinfo=timezone.utc))
    deployment, ns, host = "cpd-install-operator", "zen", "crc-rtgqw-master-0"
    image = "default-route-openshift-image-registry.apps-crc.testing/zen/cpd-operator-init:v1.0.1-x86_64"
    c = Container(
        "cpd-install-operator",
        image,
        state=waiting("ImagePullBackOff", f'Back-off pulling image "{image}"'),
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1), qos="BestEffort")
    failure = (
        f'Failed to pull image "{image}": rpc error: code = Unknown desc = error pinging docker registry '
        "default-route-openshift-image-registry.apps-crc.testing: Get "
        "https://default-route-openshift-image-registry.apps-crc.testing/v2/: x509: certificate signed by unknown "
        "authority"
    )
    events = [_scheduled(p, at(1), host), *_pull_failure(p, image, failure, at, 2, 610, 7, host)]
    return CaseSpec(
        id="image-pull-error-pod-registry-certificate-unknown-authority",
        kind="Pod",
        name=p["metadata"]["name"],
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=p["metadata"]["name"],
        evidence="x509: certificate signed by unknown authority",
        description="The image lives behind the cluster registry's default route, whose certificate the node's "
        "runtime does not trust; every pull fails the TLS handshake and the operator pod never starts.",
        objects=[p, *events],
        captured=at(660),
        title="Pods that pull from the registry's external route fail: 'error pinging docker registry ...: x509: "
        "certificate signed by unknown authority'",
        source="https://github.com/crc-org/crc/issues/1376",
    )


# -- evictions -----------------------------------------------------------------------------------


@SCENARIOS.add
def evicted_pod_memory_over_zero_request_then_memory_pressure() -> CaseSpec:
    at = Clock(datetime(2026, 9, 6, 4, 0, tzinfo=timezone.utc))
    deployment, ns, host = "egg", "fate-10000", "aks-nodepool1-24681357-0"
    image = "federatedai/egg:1.2.0-release"
    first_msg = (
        "The node was low on resource: memory. Container egg was using 5053216Ki, which exceeds its request of 0."
    )
    c1 = Container(
        "egg",
        image,
        state={
            "terminated": {
                "exitCode": 137,
                "reason": "Error",
                "startedAt": "2026-09-06T01:12:03Z",
                "finishedAt": "2026-09-06T04:00:31Z",
            }
        },
    )
    evicted = _rs_pod(
        deployment,
        ns,
        [c1],
        created=at(-10200),
        phase="Failed",
        node=host,
        scheduled=at(-10199),
        qos="BestEffort",
        reason="Evicted",
        message=first_msg,
    )
    replacement = _rs_pod(
        deployment,
        ns,
        [Container("egg", image)],
        created=at(4),
        phase="Failed",
        n=1,
        node=host,
        scheduled=at(4),
        qos="BestEffort",
        reason="Evicted",
        message="The node had condition: [MemoryPressure]. ",
    )
    replacement["status"].pop("containerStatuses", None)
    replacement["status"].pop("podIP", None)
    name = evicted["metadata"]["name"]
    events = [
        event(evicted, "Evicted", first_msg, at(0), host=host),
        event(evicted, "Killing", "Stopping container egg", at(0), type_="Normal", host=host),
        event(
            evicted,
            "ExceededGracePeriod",
            "Container runtime did not kill the pod within specified grace period.",
            at(11),
            host=host,
        ),
        _scheduled(replacement, at(4), host),
        event(replacement, "Evicted", "The node had condition: [MemoryPressure].", at(4), host=host),
    ]
    return CaseSpec(
        id="evicted-pod-memory-over-zero-request-then-memory-pressure",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="evicted",
        culprit=name,
        evidence="The node was low on resource: memory",
        description="During training the egg service grew to 5 GB with no memory request; when the node ran "
        "low on memory the kubelet evicted it first, and its replacement was rejected at once while the "
        "node still had MemoryPressure.",
        objects=[evicted, replacement, *events],
        captured=at(250),
        title="A federated-learning service pod is Evicted during training: 'The node was low on resource: "
        "memory. Container egg was using 5053216Ki, which exceeds its request of 0.'",
        source="https://github.com/FederatedAI/KubeFATE/issues/64",
    )


@SCENARIOS.add
def evicted_pod_statefulset_node_over_request_container_status_unknown() -> CaseSpec:
    at = Clock(datetime(2026, 9, 6, 18, 4, tzinfo=timezone.utc))
    sts, ns, host = "cosmoshub-fullnode", "cosmos", "gke-cosmos-pool-2-8d1c3b7a-q7wd"
    msg = (
        "The node was low on resource: memory. Container node was using 35505620Ki,\n"
        "    which exceeds its request of 12Gi. "
    ).replace("\n    ", " ")
    c = Container(
        "node",
        "ghcr.io/strangelove-ventures/heighliner/gaia:v7.1.0",
        resources={"limits": {"cpu": "4", "memory": "48Gi"}, "requests": {"cpu": "2", "memory": "12Gi"}},
        state={
            "terminated": {
                "exitCode": 137,
                "reason": "ContainerStatusUnknown",
                "message": "The container could not be located when the pod was terminated",
                "startedAt": "2026-09-06T18:04:30Z",
                "finishedAt": "2026-09-07T02:41:12Z",
            }
        },
    )
    p = _sts_pod(
        sts,
        0,
        ns,
        [c],
        created=at(0),
        phase="Failed",
        node=host,
        scheduled=at(0),
        qos="Burstable",
        reason="Evicted",
        message=msg,
    )
    events = [
        event(p, "Evicted", msg, at(31000), host=host),
        event(p, "Killing", "Stopping container node", at(31000), type_="Normal", host=host),
    ]
    return CaseSpec(
        id="evicted-pod-statefulset-node-over-request-container-status-unknown",
        kind="Pod",
        name=p["metadata"]["name"],
        namespace=ns,
        healthy=False,
        category="evicted",
        culprit=p["metadata"]["name"],
        evidence="The node was low on resource: memory",
        description="The full node used 34 GiB against a 12 GiB request; under node memory pressure the kubelet "
        "evicted it, and the container status is left as ContainerStatusUnknown (exit 137) - an "
        "eviction, not an OOM kill of the container.",
        objects=[p, *events],
        captured=at(31300),
        title="A blockchain full-node pod is Evicted and left in ContainerStatusUnknown: 'The node was low on "
        "resource: memory. Container node was using 35505620Ki, which exceeds its request of 12Gi.'",
        source="https://github.com/amygdala-labs/cosmos-operator/issues/185",
    )


@SCENARIOS.add
def evicted_pod_controller_memory_over_zero_request() -> CaseSpec:
    at = Clock(datetime(2026, 9, 7, 3, 0, tzinfo=timezone.utc))
    deployment, ns, host = "istio-citadel", "istio-system", "k8s-107"
    msg = "The node was low on resource: memory. Container citadel was using 43536Ki, which exceeds its request of 0."
    c = Container(
        "citadel",
        "docker.io/istio/citadel:1.1.7",
        state={
            "terminated": {
                "exitCode": 0,
                "reason": "Completed",
                "startedAt": "2026-05-28T02:10:44Z",
                "finishedAt": "2026-09-07T03:00:02Z",
            }
        },
    )
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(-8815000),
        phase="Failed",
        node=host,
        scheduled=at(-8814999),
        qos="BestEffort",
        reason="Evicted",
        message=msg,
    )
    events = [
        event(p, "Evicted", msg, at(0), host=host),
        event(p, "Killing", "Stopping container citadel", at(0), type_="Normal", host=host),
    ]
    return CaseSpec(
        id="evicted-pod-controller-memory-over-zero-request",
        kind="Pod",
        name=p["metadata"]["name"],
        namespace=ns,
        healthy=False,
        category="evicted",
        culprit=p["metadata"]["name"],
        evidence="The node was low on resource: memory",
        description="The node's working set (page cache included) reached its eviction threshold although free "
        "showed memory available; the kubelet evicted pods with no memory request first, this one "
        "among them.",
        objects=[p, *events],
        captured=at(300),
        title="A control-plane add-on pod is Evicted after 102 days: 'The node was low on resource: memory. "
        "Container citadel was using 43536Ki, which exceeds its request of 0.'",
        source="https://github.com/kubernetes/kubernetes/issues/112927",
    )


@SCENARIOS.add
def unschedulable_pod_pipeline_gpu_step_tainted_pools_and_no_free_gpu() -> CaseSpec:
    at = Clock(datetime(2026, 9, 7, 9, 0, tzinfo=timezone.utc))
    name, ns = "gpu-training-pipeline-x7k2p-2913517306", "odh-pipelines"
    c = Container(
        "main",
        "quay.io/thoth-station/s2i-minimal-gpu-notebook:v0.3.0",
        command=["sh", "-c"],
        args=["python3 -m pip install papermill && papermill train.ipynb out.ipynb"],
        resources={"limits": {"cpu": "4", "memory": "16Gi", "nvidia.com/gpu": "1"}},
    )
    msg = (
        "0/13 nodes are available: 3 Insufficient nvidia.com/gpu, 3 node(s) had taint "
        "{node-role.kubernetes.io/infra: }, that the pod didn't tolerate, 3 node(s) had taint "
        "{node-role.kubernetes.io/master: }, that the pod didn't tolerate, 4 node(s) had taint "
        "{odh/notebook: true}, that the pod didn't tolerate."
    )
    workflow_owner = {
        "apiVersion": "argoproj.io/v1alpha1",
        "kind": "Workflow",
        "name": "gpu-training-pipeline-x7k2p",
        "uid": "3f1b6c0e-5a61-4a0a-9d0e-2c1f3a8b7e55",
        "controller": True,
        "blockOwnerDeletion": True,
    }
    p = pod(
        name=name,
        namespace=ns,
        labels={
            "workflows.argoproj.io/workflow": "gpu-training-pipeline-x7k2p",
            "pipelines.kubeflow.org/v2_component": "true",
        },
        owner=workflow_owner,
        containers=[c],
        created=at(0),
        phase="Pending",
        unschedulable=msg,
        qos="Guaranteed",
        restart_policy="Never",
    )
    events = [event(p, "FailedScheduling", msg, at(2), last=at(1140), count=20, component="default-scheduler")]
    return CaseSpec(
        id="unschedulable-pod-pipeline-gpu-step-tainted-pools-and-no-free-gpu",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=name,
        evidence="Insufficient nvidia.com/gpu",
        description="The GPU step of a notebook pipeline has no tolerations: the GPU nodes it could use are "
        "tainted for notebooks only, the remaining worker nodes have no free GPU, so no node fits.",
        objects=[p, *events],
        captured=at(1200),
        title="A Kubeflow pipeline step that needs a GPU never starts: '0/13 nodes are available: 3 Insufficient "
        "nvidia.com/gpu, ... 4 node(s) had taint {odh/notebook: true}, that the pod didn't tolerate.'",
        source="https://github.com/elyra-ai/elyra/issues/2681",
    )


# -- preemption and lost nodes -----------------------------------------------------------------


@SCENARIOS.add
def preempted_vcjob_low_priority_evicted_by_scheduler_preempt() -> CaseSpec:
    at = Clock(datetime(2026, 9, 8, 2, 33, 32, tzinfo=timezone.utc))
    name, ns, host = "l-20260821023332-6v52w", "ai-platform", "gpu-node-3"
    ctr = Container("ai-platform-main", "registry.example.ai/platform/trainer:test", resources=gpu(1, "32Gi", "8"))
    job = {
        "apiVersion": "batch.volcano.sh/v1alpha1",
        "kind": "Job",
        "metadata": {
            "name": name,
            "namespace": ns,
            "uid": "0b6f4a92-7d1e-4c35-a1f7-5e2b9c8d3a61",
            "creationTimestamp": "2026-09-08T02:33:32Z",
            "generation": 1,
        },
        "spec": {
            "schedulerName": "volcano",
            "minAvailable": 2,
            "maxRetry": 2147483647,
            "queue": "default",
            "priorityClassName": "low-priority",
            "policies": [
                {"action": "TerminateJob", "event": "PodFailed"},
                {"action": "RestartJob", "event": "PodEvicted"},
            ],
            "tasks": [
                {
                    "name": task,
                    "replicas": 1,
                    "minAvailable": 1,
                    "maxRetry": 3,
                    "template": {
                        "spec": {"containers": [{"name": ctr.name, "image": ctr.image, "resources": ctr.resources}]}
                    },
                }
                for task in ("low-test-c-master", "low-test-c-worker")
            ],
        },
        "status": {
            "state": {"phase": "Terminated", "lastTransitionTime": "2026-09-08T02:41:07Z"},
            "minAvailable": 2,
            "failed": 2,
            "retryCount": 0,
            "conditions": [
                {"status": "Pending", "lastTransitionTime": "2026-09-08T02:33:32Z"},
                {"status": "Running", "lastTransitionTime": "2026-09-08T02:33:40Z"},
                {"status": "Terminating", "lastTransitionTime": "2026-09-08T02:41:05Z"},
                {"status": "Terminated", "lastTransitionTime": "2026-09-08T02:41:07Z"},
            ],
        },
    }
    owner = {
        "apiVersion": "batch.volcano.sh/v1alpha1",
        "kind": "Job",
        "name": name,
        "uid": job["metadata"]["uid"],
        "controller": True,
        "blockOwnerDeletion": True,
    }
    evict = "Pod is evicted, because of preempt"
    pods, events = [], []
    for i, task in enumerate(("low-test-c-master", "low-test-c-worker")):
        c = Container(
            ctr.name,
            ctr.image,
            resources=ctr.resources,
            state={
                "terminated": {
                    "exitCode": 143,
                    "reason": "Error",
                    "startedAt": "2026-09-08T02:33:40Z",
                    "finishedAt": "2026-09-08T02:41:04Z",
                }
            },
        )

        p = pod(
            name=f"{name}-{task}-0",
            namespace=ns,
            labels={"volcano.sh/job-name": name, "volcano.sh/task-spec": task, "volcano.sh/queue-name": "default"},
            owner=owner,
            containers=[c],
            created=at(1),
            phase="Failed",
            node=host,
            scheduled=at(2),
            scheduler="volcano",
            restart_policy="Never",
            extra_conditions=[condition("Ready", False, at(450), "Evict", evict)],
        )
        pods.append(p)
        events.append(event(p, "Evict", evict, at(450 + i), component="volcano"))
        events.append(event(p, "Killing", f"Stopping container {ctr.name}", at(450 + i), type_="Normal", host=host))
    events.append(
        event(
            job,
            "ExecuteAction",
            "Start to execute action TerminateJob",
            at(453),
            type_="Normal",
            component="vc-controller-manager",
        )
    )
    return CaseSpec(
        id="preempted-vcjob-low-priority-evicted-by-scheduler-preempt",
        kind="vcjob",
        name=name,
        namespace=ns,
        healthy=False,
        category="preempted",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="Pod is evicted, because of preempt",
        description="A higher-priority job arrived and the Volcano scheduler's preempt action evicted this "
        "low-priority job's pods; the pods ended Failed, so the job's PodFailed policy terminated it "
        "instead of the PodEvicted restart the user expected.",
        objects=[job, *pods, *events],
        captured=at(900),
        title="A low-priority Volcano Job whose pods the scheduler evicts for preemption is terminated instead of "
        "restarted: both PodEvicted and PodFailed fire",
        source="https://github.com/volcano-sh/volcano/issues/5885",
    )


@SCENARIOS.add
def preempted_job_spot_node_reclaimed_not_ready() -> CaseSpec:
    at = Clock(datetime(2026, 9, 9, 6, 0, tzinfo=timezone.utc))
    name, ns, host = "feature-backfill", "data-jobs", "ip-10-0-93-120.ap-northeast-2.compute.internal"
    ctr = Container(
        "backfill",
        "123456789012.dkr.ecr.ap-northeast-2.amazonaws.com/data/backfill:5.1",
        command=["python", "-m", "backfill.run", "--since", "2026-09-01"],
        resources=cpu_only("48Gi", "7"),
    )
    job = batch_job(name=name, namespace=ns, created=at(0), container=ctr, active=1, start=at(1), conditions=[])
    c = Container(ctr.name, ctr.image, command=ctr.command, resources=ctr.resources, state=running(at(40)), ready=False)

    p = job_pod(
        job,
        [c],
        created=at(1),
        phase="Running",
        node=host,
        scheduled=at(2),
        deletion=at(2580),
        extra_conditions=[
            condition(
                "DisruptionTarget",
                True,
                at(2580),
                "DeletionByTaintManager",
                "Taint manager: deleting due to NoExecute taint",
            )
        ],
    )
    for cond in p["status"]["conditions"]:
        if cond["type"] == "Ready":
            cond["lastTransitionTime"] = "2026-09-09T06:38:20Z"
    stopped = "Kubelet stopped posting node status."
    n = node(
        host,
        at(-3600),
        gpus=0,
        labels={
            "karpenter.sh/capacity-type": "spot",
            "karpenter.sh/provisioner-name": "default",
            "node.kubernetes.io/instance-type": "r6i.2xlarge",
            "topology.kubernetes.io/zone": "ap-northeast-2b",
        },
        conditions=[
            {
                "type": t,
                "status": "Unknown",
                "reason": "NodeStatusUnknown",
                "message": stopped,
                "lastHeartbeatTime": "2026-09-09T06:37:41Z",
                "lastTransitionTime": "2026-09-09T06:38:20Z",
            }
            for t in ("MemoryPressure", "DiskPressure", "PIDPressure", "Ready")
        ],
        taints=[
            {"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": "2026-09-09T06:38:20Z"},
            {"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": "2026-09-09T06:38:25Z"},
        ],
    )
    pod_name = p["metadata"]["name"]
    events = [
        event(job, "SuccessfulCreate", f"Created pod: {pod_name}", at(1), type_="Normal", component="job-controller"),
        _scheduled(p, at(2), host),
        event(p, "NodeNotReady", "Node is not ready", at(2300), component="node-controller"),
        event(
            p,
            "TaintManagerEviction",
            f"Marking for deletion Pod {ns}/{pod_name}",
            at(2580),
            type_="Normal",
            component="taint-eviction-controller",
        ),
    ]
    return CaseSpec(
        id="preempted-job-spot-node-reclaimed-not-ready",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="preempted",
        culprit=pod_name,
        evidence="Node is not ready",
        description="AWS reclaimed the spot instance under the pod; the node stopped reporting, went NotReady "
        "and unreachable, and the pod sits Terminating on a node that no longer exists.",
        objects=[job, p, n, *events],
        captured=at(3000),
        title="When AWS reclaims a spot instance the node goes NotReady ('Kubelet stopped posting node status') "
        "and the pods on it stay Terminating",
        source="https://github.com/aws/karpenter-provider-aws/issues/4784",
    )


@SCENARIOS.add
def preempted_job_kueue_workload_preempted_for_higher_priority() -> CaseSpec:
    at = Clock(datetime(2026, 9, 10, 11, 0, tzinfo=timezone.utc))
    name, ns, queue = "p2-job", "default", "user-queue"
    ctr = Container(
        "dummy-job",
        "registry.k8s.io/e2e-test-images/agnhost:2.53",
        args=["entrypoint-tester", "hello", "world"],
        resources={"requests": {"cpu": "1", "memory": "200Mi"}},
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        start=at(2),
        parallelism=3,
        completions=3,
        suspend=True,
        labels={"kueue.x-k8s.io/queue-name": queue, "kueue.x-k8s.io/priority-class": "p2"},
        conditions=[],
    )
    job["status"]["conditions"] = [
        {
            "type": "Suspended",
            "status": "True",
            "reason": "JobSuspended",
            "message": "Job suspended",
            "lastProbeTime": "2026-09-10T11:11:05Z",
            "lastTransitionTime": "2026-09-10T11:11:05Z",
        }
    ]

    preempted = "Preempted to accommodate a higher priority Workload"
    wl = kueue_workload(
        job,
        at(1),
        queue=queue,
        pod_sets=[{"name": "main", "count": 3}],
        conditions=[
            metav1_condition(
                "QuotaReserved",
                at(665),
                "Pending",
                "couldn't assign flavors to pod set main: insufficient unused quota for cpu in flavor "
                "default-flavor, 3 more needed",
                status=False,
            ),
            metav1_condition("Evicted", at(664), "Preempted", preempted),
            metav1_condition("Admitted", at(665), "NoReservation", "The workload has no reservation", status=False),
        ],
    )
    events = [
        event(
            wl,
            "Preempted",
            preempted,
            at(664),
            type_="Normal",
            component="kueue-admission",
        ),
        event(job, "Stopped", preempted, at(665), type_="Normal", component="kueue-job-controller"),
    ]
    return CaseSpec(
        id="preempted-job-kueue-workload-preempted-for-higher-priority",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="preempted",
        culprit=None,
        evidence="Preempted to accommodate a higher priority Workload",
        description="A Job of a higher WorkloadPriorityClass arrived in the same ClusterQueue; Kueue evicted this "
        "running Job's Workload, suspended the Job (its pods are gone) and requeued it, where it now "
        "waits for quota. Preemption, not a quota misconfiguration, stopped it.",
        objects=[job, wl, *events],
        captured=at(700),
        title="A running low-priority Job is suspended when a higher-priority one arrives: its Workload says "
        "'Preempted to accommodate a higher priority Workload'",
        source="https://github.com/kubernetes-sigs/kueue/pull/1742",
    )


# -- healthy traps -------------------------------------------------------------------------------


@SCENARIOS.add
def healthy_pod_volume_mount_timed_out_then_started() -> CaseSpec:
    at = Clock(datetime(2026, 9, 11, 13, 0, tzinfo=timezone.utc))
    deployment, ns, host = "prometheus-prometheus-server", "prometheus", "ip-172-20-55-145.us-west-2.compute.internal"
    c = Container(
        "prometheus-server",
        "prom/prometheus:v1.5.2",
        args=["--config.file=/etc/config/prometheus.yml", "--storage.local.path=/data"],
        mounts=[{"name": "storage-volume", "mountPath": "/data"}],
        state=running(at(425)),
        ready=True,
    )
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        qos="BestEffort",
        volumes=[{"name": "storage-volume", "persistentVolumeClaim": {"claimName": "prometheus-prometheus-server"}}],
    )
    name = p["metadata"]["name"]
    events = [
        _scheduled(p, at(1), host),
        event(
            p,
            "FailedMount",
            f'Unable to mount volumes for pod "{name}_{ns}({p["metadata"]["uid"]})": timeout expired waiting for '
            f'volumes to attach/mount for pod "{ns}"/"{name}". list of unattached/unmounted volumes=[storage-volume]',
            at(122),
            last=at(302),
            count=3,
            host=host,
        ),
        event(p, "Pulling", 'pulling image "prom/prometheus:v1.5.2"', at(420), type_="Normal", host=host),
        event(p, "Pulled", 'Successfully pulled image "prom/prometheus:v1.5.2"', at(423), type_="Normal", host=host),
        event(p, "Created", "Created container prometheus-server", at(424), type_="Normal", host=host),
        event(p, "Started", "Started container prometheus-server", at(425), type_="Normal", host=host),
    ]
    lines = [
        'time="2026-09-11T13:07:05Z" level=info msg="Starting prometheus (version=1.5.2, branch=master, '
        'revision=bd1182d29f462c39544f94cc822830e1c64cf55b)" source="main.go:75"',
        'time="2026-09-11T13:07:05Z" level=info msg="Loading configuration file /etc/config/prometheus.yml" '
        'source="main.go:247"',
        'time="2026-09-11T13:07:05Z" level=info msg="Loading series map and head chunks..." source="storage.go:373"',
        'time="2026-09-11T13:07:06Z" level=info msg="0 series loaded." source="storage.go:378"',
        'time="2026-09-11T13:07:06Z" level=info msg="Listening on :9090" source="web.go:259"',
        'time="2026-09-11T13:07:06Z" level=info msg="Starting target manager..." source="targetmanager.go:61"',
        'time="2026-09-11T13:12:06Z" level=info msg="Checkpointing in-memory metrics and chunks..." '
        'source="persistence.go:633"',
        'time="2026-09-11T13:12:06Z" level=info msg="Done checkpointing in-memory metrics and chunks in '
        '62.318172ms." source="persistence.go:665"',
        'time="2026-09-11T13:17:06Z" level=info msg="Checkpointing in-memory metrics and chunks..." '
        'source="persistence.go:633"',
        'time="2026-09-11T13:17:06Z" level=info msg="Done checkpointing in-memory metrics and chunks in '
        '97.55001ms." source="persistence.go:665"',
    ]

    log = stamped(lines, at(425), [0.1, 0.2, 0.6, 0.1, 0.1, 300, 0.1, 300, 0.1])
    return CaseSpec(
        id="healthy-pod-volume-mount-timed-out-then-started",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="The EBS volume took several minutes to attach after the pod moved nodes; the kubelet's "
        "mount wait timed out three times, then the mount went through and the server has been running "
        "for over ten minutes. The FailedMount warnings are history.",
        objects=[p, *events],
        captured=at(1100),
        logs={f"{name}/prometheus-server": log},
        title="A pod with a PVC reports 'timeout expired waiting for volumes to attach/mount' for a few minutes, "
        "then the kubelet's retry mounts it and the container starts",
        source="https://github.com/kubernetes/kubernetes/issues/53062",
    )


@SCENARIOS.add
def healthy_pod_flexvolume_mount_failed_once_then_running() -> CaseSpec:
    at = Clock(datetime(2026, 9, 11, 16, 0, tzinfo=timezone.utc))
    name, ns, host = "nginx-flex-kv-podid", "flexvoltest", "aks-agentpool-11854310-5"
    c = Container(
        "nginx-flex-kv-podid",
        "nginx",
        mounts=[{"name": "test", "mountPath": "/kvmnt", "readOnly": True}],
        state=running(at(9)),
        ready=True,
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"aadpodidbinding": "kv-reader"},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        qos="BestEffort",
        restart_policy="Always",
        volumes=[
            {
                "name": "test",
                "flexVolume": {
                    "driver": "azure/kv",
                    "options": {
                        "keyvaultname": "kv-example",
                        "keyvaultobjectnames": "testsecret",
                        "usepodidentity": "true",
                    },
                },
            }
        ],
    )
    events = [
        _scheduled(p, at(1), host),
        event(
            p,
            "FailedMount",
            'MountVolume.SetUp failed for volume "test" : mount command failed, status: Failure, reason: '
            "/etc/kubernetes/volumeplugins/azure~kv/azurekeyvault-flexvolume failed, failed to get key vault",
            at(2),
            host=host,
        ),
        event(p, "Pulling", 'pulling image "nginx"', at(7), type_="Normal", host=host),
        event(p, "Pulled", 'Successfully pulled image "nginx"', at(8), type_="Normal", host=host),
        event(p, "Created", "Created container", at(9), type_="Normal", host=host),
        event(p, "Started", "Started container", at(9), type_="Normal", host=host),
    ]
    return CaseSpec(
        id="healthy-pod-flexvolume-mount-failed-once-then-running",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="The Key Vault FlexVolume's first mount attempt ran before the pod identity was ready and "
        "failed; the kubelet retried, the secret was mounted and nginx has been running since. One "
        "early FailedMount is not a volume error.",
        objects=[p, *events],
        captured=at(300),
        title="A pod with a Key Vault FlexVolume shows 'MountVolume.SetUp failed ... failed to get key vault' once, "
        "yet starts and reads the secret",
        source="https://github.com/Azure/kubernetes-keyvault-flexvol/issues/68",
    )


# -- a fourth blind batch ------------------------------------------------------------------------


@SCENARIOS.add
def unschedulable_pod_node_full_of_pods_others_excluded_by_affinity() -> CaseSpec:
    at = Clock(datetime(2026, 9, 12, 8, 0, tzinfo=timezone.utc))
    deployment, ns = "kube-fledged-controller", "kube-fledged"
    c = Container(
        "controller",
        "docker.io/senthilrch/kubefledged-controller:v0.10.0",
        command=["/opt/bin/kubefledged-controller"],
        resources=cpu_only("64Mi", "10m"),
    )
    msg = (
        "0/7 nodes are available: 1 Too many pods, 6 node(s) didn't match Pod's node affinity/selector. preemption: "
        "0/7 nodes are available: 1 No preemption victims found for incoming pod, 6 Preemption is not helpful for "
        "scheduling."
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", unschedulable=msg)
    events = [event(p, "FailedScheduling", msg, at(1), last=at(3500), count=14, component="default-scheduler")]
    name = p["metadata"]["name"]
    return CaseSpec(
        id="unschedulable-pod-node-full-of-pods-others-excluded-by-affinity",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=name,
        evidence="Too many pods",
        description="The pod's affinity allows one node only, and that small instance already runs as many pods "
        "as its ENI-based pod limit allows (8); the cluster is a quarter used, but no node can take the "
        "pod.",
        objects=[p, *events],
        captured=at(3600),
        title="After the nodes were recreated a controller pod stays Pending at 25% cluster use: '1 Too many pods, "
        "6 node(s) didn't match Pod's node affinity/selector'",
        source="https://github.com/Panfactum/stack/issues/129",
    )


@SCENARIOS.add
def volume_error_pod_hub_claim_without_storage_class() -> CaseSpec:
    at = Clock(datetime(2026, 9, 12, 10, 0, tzinfo=timezone.utc))
    deployment, ns = "hub", "jhub"
    c = Container(
        "hub",
        "jupyterhub/k8s-hub:0.10.6",
        command=["jupyterhub", "--config", "/usr/local/etc/jupyterhub/jupyterhub_config.py"],
        resources={"requests": {"cpu": "200m", "memory": "512Mi"}},
        mounts=[{"name": "hub-db-dir", "mountPath": "/srv/jupyterhub"}],
    )
    msg = "0/3 nodes are available: 3 pod has unbound immediate PersistentVolumeClaims."
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Pending",
        unschedulable=msg,
        volumes=[{"name": "hub-db-dir", "persistentVolumeClaim": {"claimName": "hub-db-dir"}}],
    )
    pvc = {
        "apiVersion": "v1",
        "kind": "PersistentVolumeClaim",
        "metadata": {
            "name": "hub-db-dir",
            "namespace": ns,
            "uid": uid(ns, "PersistentVolumeClaim", "hub-db-dir"),
            "creationTimestamp": "2026-09-12T10:00:00Z",
            "labels": {"app": "jupyterhub", "component": "hub", "release": "jhub"},
        },
        "spec": {
            "accessModes": ["ReadWriteOnce"],
            "resources": {"requests": {"storage": "1Gi"}},
            "volumeMode": "Filesystem",
        },
        "status": {"phase": "Pending"},
    }
    events = [
        event(p, "FailedScheduling", msg, at(1), last=at(660), count=11, component="default-scheduler"),
        event(
            pvc,
            "FailedBinding",
            "no persistent volumes available for this claim and no storage class is set",
            at(1),
            last=at(660),
            count=42,
            type_="Normal",
            component="persistentvolume-controller",
        ),
    ]
    name = p["metadata"]["name"]
    return CaseSpec(
        id="volume-error-pod-hub-claim-without-storage-class",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=name,
        evidence="unbound immediate PersistentVolumeClaims",
        description="The self-built cluster on three EC2 instances has no default StorageClass and no "
        "PersistentVolume; the hub's claim can never bind, so the scheduler cannot place the pod.",
        objects=[p, pvc, *events],
        captured=at(680),
        title="The JupyterHub hub pod stays Pending: '0/3 nodes are available: 3 pod has unbound immediate "
        "PersistentVolumeClaims', the claim has no storage class",
        source="https://github.com/kubernetes/website/issues/26943",
    )


@SCENARIOS.add
def image_pull_error_pod_plain_http_registry() -> CaseSpec:
    at = Clock(datetime(2026, 9, 12, 12, 0, tzinfo=timezone.utc))
    deployment, ns, host = "core", "apps", "worker-1"
    image = "192.168.1.100:32000/core:0.2.19"
    c = Container("core", image, state=waiting("ImagePullBackOff", f'Back-off pulling image "{image}"'))
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1), qos="BestEffort")
    failure = (
        f'Failed to pull image "{image}": rpc error: code = Unknown desc = failed to pull and unpack image "{image}": '
        f'failed to resolve reference "{image}": failed to do request: Head '
        "https://192.168.1.100:32000/v2/core/manifests/0.2.19: http: server gave HTTP response to HTTPS client"
    )
    events = [_scheduled(p, at(1), host), *_pull_failure(p, image, failure, at, 2, 900, 9, host)]
    return CaseSpec(
        id="image-pull-error-pod-plain-http-registry",
        kind="Pod",
        name=p["metadata"]["name"],
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=p["metadata"]["name"],
        evidence="server gave HTTP response to HTTPS client",
        description="The local registry speaks plain HTTP; the docker daemon on the workstation lists it as "
        "insecure, but the cluster's containerd does not, so every pull tries HTTPS and fails.",
        objects=[p, *events],
        captured=at(960),
        title="An app image in a local plain-HTTP registry cannot be pulled in the cluster: 'failed to do request: "
        "Head https://...: http: server gave HTTP response to HTTPS client'",
        source="https://github.com/siderolabs/talos/issues/1524",
    )


@SCENARIOS.add
def evicted_pod_workspace_node_low_on_disk() -> CaseSpec:
    at = Clock(datetime(2026, 9, 12, 14, 0, tzinfo=timezone.utc))
    name, ns, host = "ws-bcb4047d-a077-43ff-a7e5-66e5cfe5bc9c", "workspaces", "ws-us02-node-7"
    msg = "Pod The node was low on resource: [DiskPressure]. "
    c = Container(
        "workspace", "eu.gcr.io/gitpod-core-dev/build/workspace-images:commit-1f3e9a", resources=cpu_only("8Gi", "4")
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"component": "workspace", "workspaceType": "regular"},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Failed",
        node=host,
        scheduled=at(1),
        qos="Burstable",
        restart_policy="Never",
        reason="Evicted",
        message=msg,
    )
    p["status"].pop("containerStatuses", None)
    p["status"].pop("podIP", None)
    events = [
        _scheduled(p, at(1), host),
        event(p, "Evicted", "The node was low on resource: [DiskPressure].", at(2), host=host),
    ]
    return CaseSpec(
        id="evicted-pod-workspace-node-low-on-disk",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="evicted",
        culprit=name,
        evidence="DiskPressure",
        description="The workspace pod lands on a node whose disk is under pressure and the kubelet rejects it "
        "at once with reason Evicted; the workspace never opens.",
        objects=[p, *events],
        captured=at(120),
        title="A cloud IDE workspace will not load: 'Evicted: Pod The node was low on resource: [DiskPressure].'",
        source="https://github.com/gitpod-io/gitpod/issues/1187",
    )


@SCENARIOS.add
def preempted_pod_node_down_pod_still_shown_running() -> CaseSpec:
    at = Clock(datetime(2026, 9, 12, 3, 49, 44, tzinfo=timezone.utc))
    deployment, ns, host = "nginx-test", "default", "docker3005.se.example.net"
    c = Container("nginx-test", "nginx:1.13", state=running(at(8)), ready=False)
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        qos="BestEffort",
        deletion=at(197),
    )
    for cond in p["status"]["conditions"]:
        if cond["type"] == "Ready":
            cond["lastTransitionTime"] = "2026-09-12T03:52:31Z"
    n = node(
        host,
        at(-64800),
        gpus=0,
        labels={"beta.kubernetes.io/arch": "amd64", "beta.kubernetes.io/os": "linux"},
        conditions=[
            {
                "type": t,
                "status": "Unknown",
                "reason": "NodeStatusUnknown",
                "message": "Kubelet stopped posting node status.",
                "lastHeartbeatTime": "2026-09-12T03:51:40Z",
                "lastTransitionTime": "2026-09-12T03:52:31Z",
            }
            for t in ("MemoryPressure", "DiskPressure", "Ready")
        ],
        taints=[{"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": "2026-09-12T03:52:31Z"}],
    )
    events = [
        _scheduled(p, at(1), host),
        event(p, "NodeNotReady", "Node is not ready", at(167), component="node-controller"),
    ]
    name = p["metadata"]["name"]
    return CaseSpec(
        id="preempted-pod-node-down-pod-still-shown-running",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="preempted",
        culprit=name,
        evidence="Node is not ready",
        description="The node went down; the node controller marked it NotReady and deleted its pods, but with no "
        "kubelet to confirm, the pod still shows phase Running with a deletion timestamp. Its node was "
        "lost, the pod did nothing wrong.",
        objects=[p, n, *events],
        captured=at(1800),
        title="One node is down, yet the pods on it still show phase Running (with a deletionTimestamp) long "
        "after the node went NotReady",
        source="https://github.com/kubernetes/kubernetes/issues/48920",
    )
