"""Cases where Kubernetes itself stops the job: scheduling, quotas, volumes, images, the pod
spec, eviction, preemption, probes and deadlines. Messages as the scheduler, the kubelet,
the API server and the controllers print them (kubernetes/kubernetes, volcano-sh/volcano,
kubeflow/training-operator issue threads).
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    Replicas,
    Scenarios,
    batch_job,
    condition,
    cpu_only,
    event,
    failed_job,
    gpu,
    job_condition,
    job_pod,
    kubeflow_conditions,
    kubeflow_job,
    kubeflow_pod,
    owner_ref,
    pod,
    running,
    stamped,
    terminated,
    text,
    ts,
    uid,
    waiting,
)
from tests.cases.logtext import torchrun_failed, torchrun_start, trainer_steps, watchdog

SCENARIOS = Scenarios()


@SCENARIOS.add
def unschedulable_tfjob_untolerated_taint() -> CaseSpec:
    at = Clock(datetime(2026, 4, 7, 8, 0, tzinfo=timezone.utc))
    name, ns = "ranker-dnn", "ads-ml"
    image = "registry.corp.example/ads/ranker-tf:2.15.1-gpu"
    ctr = Container("tensorflow", image, command=["python", "/app/train.py"], resources=gpu(1, "48Gi", "12"))
    job = kubeflow_job(
        kind="TFJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Chief": Replicas(1, ctr), "PS": Replicas(1, ctr), "Worker": Replicas(2, ctr)},
        conditions=kubeflow_conditions("TFJob", name, at(1), started=False),
        statuses={"Chief": {}, "PS": {}, "Worker": {}},
    )
    message = (
        "0/14 nodes are available: 4 node(s) had untolerated taint {nvidia.com/gpu: present}, 10 node(s) "
        "didn't match Pod's node affinity/selector. preemption: 0/14 nodes are available: 14 Preemption is "
        "not helpful for scheduling."
    )
    pods = []
    for role, count in (("chief", 1), ("ps", 1), ("worker", 2)):
        for i in range(count):
            c = Container("tensorflow", image, command=["python", "/app/train.py"], resources=gpu(1, "48Gi", "12"))
            pods.append(kubeflow_pod(job, role, i, [c], created=at(2), phase="Pending", unschedulable=message))
    events: list[Obj] = [
        event(
            job,
            "SuccessfulCreatePod",
            f"Created pod: {p['metadata']['name']}",
            at(2),
            type_="Normal",
            component="tfjob-controller",
            new_api=True,
        )
        for p in pods
    ]
    events += [
        event(
            p, "FailedScheduling", message, at(3), last=at(1480), count=26, component="default-scheduler", new_api=True
        )
        for p in pods
    ]
    return CaseSpec(
        id="unschedulable-tfjob-untolerated-taint",
        kind="TFJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="untolerated taint",
        description="Every replica asks for a GPU but carries no toleration for the GPU nodes' taint; events come "
        "from the events.k8s.io/v1 API and objects.yaml holds one document per object.",
        objects=[job, *pods, *events],
        captured=at(1500),
        as_list=False,
    )


@SCENARIOS.add
def unschedulable_volcano_gang() -> CaseSpec:
    at = Clock(datetime(2026, 4, 8, 13, 20, tzinfo=timezone.utc))
    name, ns = "wav2vec-pt", "speech-lab"
    image = "harbor.lab.example/speech/wav2vec2:torch2.3-cu121"
    tmpl = Container(
        "pytorch",
        image,
        command=["torchrun", "--nnodes=4", "--nproc_per_node=8", "pretrain.py"],
        resources=gpu(8, "900Gi", "96"),
    )
    job = kubeflow_job(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Master": Replicas(1, tmpl), "Worker": Replicas(3, tmpl)},
        conditions=kubeflow_conditions("PyTorchJob", name, at(1), started=False),
        statuses={"Master": {}, "Worker": {}},
        run_policy={
            "backoffLimit": 3,
            "cleanPodPolicy": "None",
            "schedulingPolicy": {"minAvailable": 4, "queue": "speech"},
        },
    )
    gang = (
        "4/4 tasks in gang unschedulable: pod group is not ready, 4 Pending, 4 minAvailable; Pending: "
        "1 Unschedulable, 3 Schedulable"
    )
    pods = []
    for role, count in (("master", 1), ("worker", 3)):
        for i in range(count):
            c = Container("pytorch", image, command=tmpl.command, resources=gpu(8, "900Gi", "96"))
            pods.append(
                kubeflow_pod(
                    job,
                    role,
                    i,
                    [c],
                    created=at(2),
                    phase="Pending",
                    unschedulable=gang,
                    scheduler="volcano",
                    annotations={"scheduling.k8s.io/group-name": name},
                )
            )
    events = [event(p, "FailedScheduling", gang, at(4), last=at(2100), count=210, component="volcano") for p in pods]
    return CaseSpec(
        id="unschedulable-volcano-gang",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="tasks in gang unschedulable",
        description="Volcano holds all four pods: the gang of 32 GPUs cannot be placed at once.",
        objects=[job, *pods, *events],
        captured=at(2130),
    )


@SCENARIOS.add
def quota_exceeded_pytorchjob_failedcreatepod() -> CaseSpec:
    at = Clock(datetime(2026, 4, 9, 9, 0, tzinfo=timezone.utc))
    name, ns = "qwen-rm", "rlhf-team"
    image = "ghcr.io/example-org/rlhf-trainer:0.9.2"
    cmd = ["torchrun", "--nnodes=3", "--nproc_per_node=8", "--rdzv_backend=static", "train_rm.py"]
    tmpl = Container("pytorch", image, command=cmd, resources=gpu(8, "640Gi", "64"))
    job = kubeflow_job(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Master": Replicas(1, tmpl), "Worker": Replicas(2, tmpl)},
        conditions=kubeflow_conditions("PyTorchJob", name, at(1), started=False),
        statuses={"Master": {"active": 1}, "Worker": {}},
    )
    master = kubeflow_pod(
        job,
        "master",
        0,
        [Container("pytorch", image, command=cmd, resources=gpu(8, "640Gi", "64"), state=running(at(40)), ready=True)],
        created=at(2),
        phase="Running",
        node="h100-a-12",
        scheduled=at(3),
    )
    refused = []
    for i in range(2):
        refused.append(
            event(
                job,
                "FailedCreatePod",
                f'Error creating: pods "{name}-worker-{i}" is forbidden: exceeded quota: team-gpus, '
                "requested: requests.nvidia.com/gpu=8, used: requests.nvidia.com/gpu=32, "
                "limited: requests.nvidia.com/gpu=32",
                at(2),
                last=at(1150),
                count=19,
                component="pytorchjob-controller",
            )
        )
    events = [
        event(
            job,
            "SuccessfulCreatePod",
            f"Created pod: {name}-master-0",
            at(2),
            type_="Normal",
            component="pytorchjob-controller",
        ),
        *refused,
        event(
            master,
            "Scheduled",
            f"Successfully assigned {ns}/{name}-master-0 to h100-a-12",
            at(3),
            type_="Normal",
            component="default-scheduler",
        ),
        event(master, "Started", "Started container pytorch", at(40), type_="Normal", host="h100-a-12"),
    ]
    log = stamped(
        [
            *torchrun_start(at(41)),
            "[2026-04-09 09:00:52,118] torch.distributed.run: [INFO] Using nproc_per_node=8.",
            "Initializing process group: backend=nccl, world_size=24, rank=0..7",
        ],
        at(41),
        0.4,
    )
    return CaseSpec(
        id="quota-exceeded-pytorchjob-failedcreatepod",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="exceeded quota",
        description="The training operator reports quota rejections with reason FailedCreatePod (not the "
        "ReplicaSet/Job controllers' FailedCreate): the master runs and waits, the workers never exist.",
        objects=[job, master, *events],
        logs={f"{name}-master-0/pytorch": log},
        captured=at(1200),
    )


@SCENARIOS.add
def quota_exceeded_job_limitrange() -> CaseSpec:
    at = Clock(datetime(2026, 4, 10, 22, 0, tzinfo=timezone.utc))
    name, ns = "embed-backfill", "search-infra"
    ctr = Container(
        "embed",
        "registry.corp.example/search/embedder:1.8.0",
        command=["python", "backfill.py"],
        resources=cpu_only("120Gi", "16"),
    )
    job = batch_job(name=name, namespace=ns, created=at(0), container=ctr, conditions=[], backoff_limit=4)
    msg = (
        f'Error creating: pods "{name}-x7k2p" is forbidden: maximum memory usage per Container is 64Gi, but '
        "limit is 120Gi"
    )
    events = [event(job, "FailedCreate", msg, at(1), last=at(900), count=14, component="job-controller")]
    return CaseSpec(
        id="quota-exceeded-job-limitrange",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="maximum memory usage per Container",
        description="A LimitRange caps containers at 64Gi; the Job's pods are refused at creation, none exist.",
        objects=[job, *events],
        captured=at(960),
    )


@SCENARIOS.add
def volume_error_paddlejob_nfs_mount_timeout() -> CaseSpec:
    at = Clock(datetime(2026, 4, 11, 3, 15, tzinfo=timezone.utc))
    name, ns = "ernie-ft", "nlp-cn"
    image = "registry.baidubce.example/paddle/paddle:2.6.1-gpu-cuda12.0-cudnn8.9-trt8.6"
    cmd = ["python", "-m", "paddle.distributed.launch", "--gpus=0,1,2,3", "finetune.py"]
    mounts = [{"name": "dataset", "mountPath": "/data"}]
    tmpl = Container("paddle", image, command=cmd, resources=gpu(4, "200Gi", "32"), mounts=mounts)
    job = kubeflow_job(
        kind="PaddleJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Worker": Replicas(2, tmpl)},
        conditions=kubeflow_conditions("PaddleJob", name, at(1), started=False),
        statuses={"Worker": {}},
    )
    pods, events = [], []
    for i in range(2):
        node = f"gpu-v100-{i + 3:02d}"
        c = Container(
            "paddle",
            image,
            command=cmd,
            resources=gpu(4, "200Gi", "32"),
            mounts=mounts,
            state=waiting("ContainerCreating"),
        )
        p = kubeflow_pod(
            job,
            "worker",
            i,
            [c],
            created=at(2),
            phase="Pending",
            node=node,
            scheduled=at(3),
            volumes=[{"name": "dataset", "nfs": {"server": "10.40.3.9", "path": "/exports/corpus"}}],
        )
        pods.append(p)
        pod_uid = p["metadata"]["uid"]
        events += [
            event(
                p,
                "Scheduled",
                f"Successfully assigned {ns}/{p['metadata']['name']} to {node}",
                at(3),
                type_="Normal",
                component="default-scheduler",
            ),
            event(
                p,
                "FailedMount",
                'MountVolume.SetUp failed for volume "dataset" : mount failed: exit status 32\n'
                "Mounting command: mount\n"
                f"Mounting arguments: -t nfs 10.40.3.9:/exports/corpus /var/lib/kubelet/pods/{pod_uid}/volumes/"
                "kubernetes.io~nfs/dataset\n"
                "Output: mount.nfs: Connection timed out",
                at(125),
                last=at(1330),
                count=9,
                host=node,
            ),
            event(
                p,
                "FailedMount",
                "Unable to attach or mount volumes: unmounted volumes=[dataset], unattached volumes=[dataset "
                "kube-api-access-9xq2w]: timed out waiting for the condition",
                at(126),
                last=at(1326),
                count=6,
                host=node,
            ),
        ]
    return CaseSpec(
        id="volume-error-paddlejob-nfs-mount-timeout",
        kind="PaddleJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="mount.nfs: Connection timed out",
        description="The NFS server holding the corpus does not answer; both workers wait in ContainerCreating.",
        objects=[job, *pods, *events],
        captured=at(1380),
    )


@SCENARIOS.add
def volume_error_xgboostjob_pvc_not_found() -> CaseSpec:
    at = Clock(datetime(2026, 4, 12, 6, 0, tzinfo=timezone.utc))
    name, ns = "churn-gbdt", "growth-ds"
    image = "docker.io/kubeflow/xgboost-dist-iris:latest"
    mounts = [{"name": "features", "mountPath": "/features"}]
    tmpl = Container(
        "xgboost",
        image,
        args=["--job_type=Train", "--n_estimators=800"],
        resources=cpu_only("32Gi", "8"),
        mounts=mounts,
    )
    job = kubeflow_job(
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Master": Replicas(1, tmpl, "Never"), "Worker": Replicas(2, tmpl, "Never")},
        conditions=kubeflow_conditions("XGBoostJob", name, at(1), started=False),
        statuses={"Master": {}, "Worker": {}},
    )
    msg = (
        '0/9 nodes are available: persistentvolumeclaim "churn-features" not found. preemption: 0/9 nodes are '
        "available: 9 Preemption is not helpful for scheduling."
    )
    pods = []
    for role, count in (("master", 1), ("worker", 2)):
        for i in range(count):
            c = Container("xgboost", image, args=tmpl.args, resources=cpu_only("32Gi", "8"), mounts=mounts)
            pods.append(
                kubeflow_pod(
                    job,
                    role,
                    i,
                    [c],
                    created=at(2),
                    phase="Pending",
                    unschedulable=msg,
                    volumes=[{"name": "features", "persistentVolumeClaim": {"claimName": "churn-features"}}],
                )
            )
    events = [
        event(p, "FailedScheduling", msg, at(2), last=at(610), count=12, component="default-scheduler") for p in pods
    ]
    return CaseSpec(
        id="volume-error-xgboostjob-pvc-not-found",
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="volume-error",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence='persistentvolumeclaim "churn-features" not found',
        description="The pods mount a claim that was never created; the scheduler says so in FailedScheduling.",
        objects=[job, *pods, *events],
        captured=at(640),
    )


@SCENARIOS.add
def image_pull_error_jaxjob_manifest_not_found() -> CaseSpec:
    at = Clock(datetime(2026, 4, 13, 11, 0, tzinfo=timezone.utc))
    name, ns = "t5x-pretrain", "lm-jax"
    image = "us-docker.pkg.dev/acme-ml/jax/t5x:2024.11-cuda12"
    tmpl = Container("jax", image, command=["python", "-m", "t5x.train"], resources=gpu(8, "800Gi", "96"))
    job = kubeflow_job(
        kind="JAXJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Worker": Replicas(2, tmpl)},
        conditions=kubeflow_conditions("JAXJob", name, at(1), started=False),
        statuses={"Worker": {}},
    )
    pods, events = [], []
    for i in range(2):
        node = f"a3-highgpu-{i}"
        c = Container(
            "jax",
            image,
            command=tmpl.command,
            resources=gpu(8, "800Gi", "96"),
            state=waiting("ImagePullBackOff", f'Back-off pulling image "{image}"'),
        )
        p = kubeflow_pod(job, "worker", i, [c], created=at(2), phase="Pending", node=node, scheduled=at(3))
        pods.append(p)
        events += [
            event(
                p,
                "Pulling",
                f'Pulling image "{image}"',
                at(5),
                last=at(640),
                count=6,
                type_="Normal",
                host=node,
                new_api=True,
            ),
            event(
                p,
                "Failed",
                f'Failed to pull image "{image}": rpc error: code = NotFound desc = failed to pull and unpack image '
                f'"{image}": failed to resolve reference "{image}": {image}: not found',
                at(6),
                last=at(641),
                count=6,
                host=node,
                new_api=True,
            ),
            event(p, "Failed", "Error: ErrImagePull", at(6), last=at(641), count=6, host=node, new_api=True),
            event(
                p,
                "BackOff",
                f'Back-off pulling image "{image}"',
                at(20),
                last=at(700),
                count=41,
                type_="Normal",
                host=node,
                new_api=True,
            ),
            event(p, "Failed", "Error: ImagePullBackOff", at(20), last=at(700), count=41, host=node, new_api=True),
        ]
    return CaseSpec(
        id="image-pull-error-jaxjob-manifest-not-found",
        kind="JAXJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="not found",
        description="The tag was never pushed: containerd's NotFound on resolving the reference, then back-off.",
        objects=[job, *pods, *events],
        captured=at(720),
    )


@SCENARIOS.add
def image_pull_error_pod_rate_limited() -> CaseSpec:
    at = Clock(datetime(2026, 4, 14, 17, 30, tzinfo=timezone.utc))
    name, ns = "whisper-transcribe-0414", "media-asr"
    image = "pytorch/pytorch:2.3.1-cuda12.1-cudnn8-runtime"
    node = "g5-spot-17"
    c = Container(
        "transcribe",
        image,
        command=["python", "/scripts/transcribe.py", "--batch", "s3://media/0414/"],
        resources=gpu(1, "24Gi", "6"),
        state=waiting(
            "ErrImagePull", 'failed to pull and unpack image "docker.io/' + image + '": 429 Too Many Requests'
        ),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "batch-transcribe"},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Pending",
        node=node,
        scheduled=at(1),
    )
    pulled = (
        f'Failed to pull image "{image}": rpc error: code = Unknown desc = failed to pull and unpack image '
        f'"docker.io/{image}": failed to copy: httpReadSeeker: failed open: unexpected status code '
        "https://registry-1.docker.io/v2/pytorch/pytorch/manifests/sha256:"
        "11f0c7e8e3a6a1a7b8b2d6a2a84c1c4f1b3a4c2a7f2a2b5e8c3d4e5f6a7b8c9d0: 429 Too Many Requests - Server "
        "message: toomanyrequests: You have reached your pull rate limit. You may increase the limit by "
        "authenticating and upgrading: https://www.docker.com/increase-rate-limit"
    )
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to {node}",
            at(1),
            type_="Normal",
            component="default-scheduler",
        ),
        event(p, "Pulling", f'Pulling image "{image}"', at(2), last=at(300), count=4, type_="Normal", host=node),
        event(p, "Failed", pulled, at(9), last=at(305), count=4, host=node),
        event(p, "Failed", "Error: ErrImagePull", at(9), last=at(305), count=4, host=node),
        event(
            p, "BackOff", f'Back-off pulling image "{image}"', at(25), last=at(290), count=9, type_="Normal", host=node
        ),
    ]
    return CaseSpec(
        id="image-pull-error-pod-rate-limited",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=name,
        evidence="toomanyrequests",
        description="Anonymous pulls from Docker Hub hit the rate limit on a fresh spot node.",
        objects=[p, *events],
        captured=at(310),
    )


@SCENARIOS.add
def config_error_job_exec_format_error() -> CaseSpec:
    at = Clock(datetime(2026, 4, 15, 1, 0, tzinfo=timezone.utc))
    name, ns = "feature-export", "fraud-ml"
    image = "registry.corp.example/fraud/feature-export:2.1.0"
    tmpl = Container("export", image, command=["python", "-m", "export.run"], resources=cpu_only("8Gi", "4"))
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=tmpl,
        backoff_limit=2,
        failed=3,
        start=at(1),
        conditions=[
            job_condition(
                "FailureTarget", at(95), "BackoffLimitExceeded", "Job has reached the specified backoff limit"
            ),
            job_condition("Failed", at(95), "BackoffLimitExceeded", "Job has reached the specified backoff limit"),
        ],
    )
    pods, logs, events = [], {}, []
    for attempt, start in enumerate((2, 24, 66)):
        node = "arm-c7g-04"
        c = Container(
            "export",
            image,
            command=tmpl.command,
            resources=cpu_only("8Gi", "4"),
            state=terminated(255, at(start + 3), at(start + 3)),
        )
        p = job_pod(job, [c], created=at(start), phase="Failed", node=node, scheduled=at(start + 1), attempt=attempt)
        pods.append(p)
        logs[f"{p['metadata']['name']}/export"] = text("exec /usr/local/bin/python: exec format error")
        events.append(
            event(
                job,
                "SuccessfulCreate",
                f"Created pod: {p['metadata']['name']}",
                at(start),
                type_="Normal",
                component="job-controller",
            )
        )
    events.append(
        event(
            job,
            "BackoffLimitExceeded",
            "Job has reached the specified backoff limit",
            at(95),
            component="job-controller",
        )
    )
    return CaseSpec(
        id="config-error-job-exec-format-error",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=pods[0]["metadata"]["name"],
        evidence="exec format error",
        description="An amd64-only image scheduled on an arm64 node: every attempt dies at exec with exit 255.",
        objects=[job, *pods, *events],
        logs=logs,
        captured=at(120),
    )


@SCENARIOS.add
def config_error_tfjob_configmap_not_found() -> CaseSpec:
    at = Clock(datetime(2026, 4, 16, 10, 0, tzinfo=timezone.utc))
    name, ns = "wide-deep-ctr", "ads-ranking"
    image = "registry.corp.example/ads/wide-deep:tf2.14"
    mounts = [{"name": "tf-config", "mountPath": "/etc/hparams"}]
    tmpl = Container(
        "tensorflow",
        image,
        command=["python", "train.py", "--hparams=/etc/hparams/hparams.json"],
        resources=cpu_only("32Gi", "16"),
        mounts=mounts,
    )
    job = kubeflow_job(
        kind="TFJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Chief": Replicas(1, tmpl), "PS": Replicas(1, tmpl), "Worker": Replicas(2, tmpl)},
        conditions=kubeflow_conditions("TFJob", name, at(1), started=False),
        statuses={"Chief": {}, "PS": {}, "Worker": {}},
    )
    pods, events = [], []
    for role, count in (("chief", 1), ("ps", 1), ("worker", 2)):
        for i in range(count):
            node = f"cpu-m6i-{len(pods) + 10}"
            c = Container(
                "tensorflow",
                image,
                command=tmpl.command,
                resources=cpu_only("32Gi", "16"),
                mounts=mounts,
                state=waiting("ContainerCreating"),
            )
            p = kubeflow_pod(
                job,
                role,
                i,
                [c],
                created=at(2),
                phase="Pending",
                node=node,
                scheduled=at(3),
                volumes=[{"name": "tf-config", "configMap": {"name": "wide-deep-hparams"}}],
            )
            pods.append(p)
            events.append(
                event(
                    p,
                    "FailedMount",
                    'MountVolume.SetUp failed for volume "tf-config" : configmap "wide-deep-hparams" not found',
                    at(4),
                    last=at(500),
                    count=16,
                    host=node,
                )
            )
    return CaseSpec(
        id="config-error-tfjob-configmap-not-found",
        kind="TFJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence='configmap "wide-deep-hparams" not found',
        description="The hyper-parameter ConfigMap the pods mount does not exist in the namespace.",
        objects=[job, *pods, *events],
        captured=at(520),
    )


@SCENARIOS.add
def config_error_torchrun_rejects_arguments() -> CaseSpec:
    at = Clock(datetime(2026, 4, 17, 14, 0, tzinfo=timezone.utc))
    name, ns = "bert-distill", "search-relevance"
    image = "nvcr.io/nvidia/pytorch:24.05-py3"
    cmd = ["torchrun", "--nnodes=2", "--nproc_per_node=4", "--rdzv-endpoint=$(MASTER_ADDR):23456"]
    tmpl = Container("pytorch", image, command=cmd, args=[], resources=gpu(4, "256Gi", "32"))
    job = kubeflow_job(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Master": Replicas(1, tmpl), "Worker": Replicas(1, tmpl)},
        conditions=kubeflow_conditions("PyTorchJob", name, at(30), failed=("Master", at(34))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1}},
        start=at(1),
        completion=at(34),
    )
    usage = text(
        "usage: torchrun [-h] [--nnodes NNODES] [--nproc-per-node NPROC_PER_NODE] [--rdzv-backend RDZV_BACKEND]",
        "                [--rdzv-endpoint RDZV_ENDPOINT] [--rdzv-id RDZV_ID] [--rdzv-conf RDZV_CONF] [--standalone]",
        "                [--max-restarts MAX_RESTARTS] [--monitor-interval MONITOR_INTERVAL]",
        "                [--start-method {spawn,fork,forkserver}] [--role ROLE] [-m] [--no-python] [--run-path]",
        "                [--log-dir LOG_DIR] [-r REDIRECTS] [-t TEE] [--local-ranks-filter LOCAL_RANKS_FILTER]",
        "                [--node-rank NODE_RANK] [--master-addr MASTER_ADDR] [--master-port MASTER_PORT]",
        "                [--local-addr LOCAL_ADDR] [--logs-specs LOGS_SPECS]",
        "                training_script ...",
        "torchrun: error: the following arguments are required: training_script, training_script_args",
    )
    pods, logs = [], {}
    for role, node, finish in (("master", "a100-pool-2", 33), ("worker", "a100-pool-5", 33)):
        c = Container(
            "pytorch", image, command=cmd, resources=gpu(4, "256Gi", "32"), state=terminated(2, at(31), at(finish))
        )
        p = kubeflow_pod(job, role, 0, [c], created=at(2), phase="Failed", node=node, scheduled=at(3))
        pods.append(p)
        logs[f"{p['metadata']['name']}/pytorch"] = usage
    return CaseSpec(
        id="config-error-torchrun-rejects-arguments",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="torchrun: error: the following arguments are required",
        description="The training script was left out of the command; torchrun prints its usage and exits 2.",
        objects=[job, *pods],
        logs=logs,
        captured=at(300),
    )


@SCENARIOS.add
def evicted_xgboostjob_worker_memory_pressure() -> CaseSpec:
    at = Clock(datetime(2026, 4, 18, 2, 0, tzinfo=timezone.utc))
    name, ns = "ltv-xgb", "marketing-ds"
    image = "registry.corp.example/ds/xgboost-dask:2.0.3"
    tmpl = Container(
        "xgboost",
        image,
        command=["python", "train_ltv.py"],
        resources={"requests": {"cpu": "16", "memory": "64Gi"}, "limits": {"cpu": "16", "memory": "128Gi"}},
    )
    job = kubeflow_job(
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Master": Replicas(1, tmpl, "Never"), "Worker": Replicas(3, tmpl, "Never")},
        conditions=kubeflow_conditions("XGBoostJob", name, at(60), failed=("Master", at(2765))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1, "active": 2}},
        start=at(1),
        completion=at(2765),
    )
    evict = (
        "The node was low on resource: memory. Threshold quantity: 750Mi, available: 498212Ki. Container "
        "xgboost was using 101342028Ki, which exceeds its request of 64Gi. "
    )
    pods, logs, events = [], {}, []
    rounds = [f"[{i}]\ttrain-rmse:{41.2 - i * 0.21:.5f}\tvalid-rmse:{43.9 - i * 0.19:.5f}" for i in range(0, 60, 3)]
    for role, i in (("master", 0), ("worker", 0), ("worker", 1), ("worker", 2)):
        node = f"r6i-mem-{role[0]}{i}"
        res = {"requests": {"cpu": "16", "memory": "64Gi"}, "limits": {"cpu": "16", "memory": "128Gi"}}
        if role == "worker" and i == 1:
            c = Container(
                "xgboost", image, command=tmpl.command, resources=res, state=terminated(137, at(50), at(2702))
            )
            p = kubeflow_pod(
                job,
                role,
                i,
                [c],
                created=at(2),
                phase="Failed",
                node=node,
                scheduled=at(3),
                reason="Evicted",
                message=evict,
                qos="Burstable",
                extra_conditions=[condition("DisruptionTarget", True, at(2700), "TerminationByKubelet", evict)],
            )
            events += [
                event(p, "Evicted", evict, at(2700), host=node),
                event(p, "Killing", "Stopping container xgboost", at(2700), type_="Normal", host=node),
            ]
            logs[f"{p['metadata']['name']}/xgboost"] = text("[02:00:52] task 2 got new rank 2", *rounds[:14])
        elif role == "master":
            c = Container("xgboost", image, command=tmpl.command, resources=res, state=terminated(1, at(50), at(2764)))
            p = kubeflow_pod(
                job, role, i, [c], created=at(2), phase="Failed", node=node, scheduled=at(3), qos="Burstable"
            )
            logs[f"{p['metadata']['name']}/xgboost"] = text(
                "[02:00:51] task 0 got new rank 0",
                *rounds[:14],
                "Traceback (most recent call last):",
                '  File "/app/train_ltv.py", line 141, in <module>',
                "    booster = xgb.train(params, dtrain, num_boost_round=2000, evals=[(dtrain, 'train'), (dvalid, "
                "'valid')])",
                '  File "/usr/local/lib/python3.11/site-packages/xgboost/core.py", line 2101, in update',
                "    _check_call(",
                '  File "/usr/local/lib/python3.11/site-packages/xgboost/core.py", line 284, in _check_call',
                "    raise XGBoostError(py_str(_LIB.XGBGetLastError()))",
                "xgboost.core.XGBoostError: [02:46:04] /workspace/src/collective/result.cc:78: ",
                "- [allreduce.cc:117|02:46:04]: Failed to allreduce. ",
                "- [socket.cc:192|02:46:04]: Failed to recv data from the peer. Connection reset by peer",
            )
        else:
            c = Container("xgboost", image, command=tmpl.command, resources=res, state=running(at(50)), ready=True)
            p = kubeflow_pod(
                job, role, i, [c], created=at(2), phase="Running", node=node, scheduled=at(3), qos="Burstable"
            )
        pods.append(p)
    return CaseSpec(
        id="evicted-xgboostjob-worker-memory-pressure",
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="evicted",
        culprit=f"{name}-worker-1",
        evidence="The node was low on resource: memory",
        description="A Burstable worker using twice its request is evicted under node memory pressure; the "
        "master then loses its allreduce peer and the job's condition blames the master.",
        objects=[job, *pods, *events],
        logs=logs,
        captured=at(2800),
    )


@SCENARIOS.add
def disk_full_job_evicted_ephemeral_storage() -> CaseSpec:
    at = Clock(datetime(2026, 4, 19, 5, 0, tzinfo=timezone.utc))
    name, ns = "hf-dataset-prep", "data-platform"
    image = "registry.corp.example/data/hf-prep:0.4.1"
    tmpl = Container(
        "prep",
        image,
        command=["python", "prepare.py", "--dataset", "c4", "--num-proc", "32"],
        resources={
            "requests": {"cpu": "32", "memory": "128Gi", "ephemeral-storage": "20Gi"},
            "limits": {"cpu": "32", "memory": "128Gi", "ephemeral-storage": "40Gi"},
        },
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=tmpl,
        failed=1,
        start=at(1),
        conditions=[
            job_condition(
                "FailureTarget", at(3140), "BackoffLimitExceeded", "Job has reached the specified backoff limit"
            ),
            job_condition("Failed", at(3140), "BackoffLimitExceeded", "Job has reached the specified backoff limit"),
        ],
    )
    node = "c6i-16xl-08"
    evict = "Pod ephemeral local storage usage exceeds the total limit of containers 40Gi. "
    c = Container(
        "prep",
        image,
        command=tmpl.command,
        resources=tmpl.resources,
        state=terminated(
            137,
            at(20),
            at(3130),
            reason="ContainerStatusUnknown",
            message="The container could not be located when the pod was terminated",
        ),
    )
    p = job_pod(
        job,
        [c],
        created=at(1),
        phase="Failed",
        node=node,
        scheduled=at(2),
        reason="Evicted",
        message=evict,
        extra_conditions=[condition("DisruptionTarget", True, at(3100), "TerminationByKubelet", evict)],
    )
    log = stamped(
        [
            "Downloading and preparing dataset c4/en to /root/.cache/huggingface/datasets/allenai___c4/en/0.0.0",
            *[
                f"Downloading data: {i * 7}%|{'#' * (i // 2)}| {i * 22}/{3080} [{i // 6:02d}:{i % 60:02d}<10:11, "
                "5.02files/s]"
                for i in range(1, 13)
            ],
            "Generating train split: 41%|####      | 149502221/364868892 [48:03<1:09:14, 51842.21 examples/s]",
        ],
        at(25),
        240,
    )
    events = [
        event(p, "Evicted", evict, at(3100), host=node),
        event(p, "Killing", "Stopping container prep", at(3100), type_="Normal", host=node),
        event(
            job,
            "BackoffLimitExceeded",
            "Job has reached the specified backoff limit",
            at(3140),
            component="job-controller",
        ),
    ]
    return CaseSpec(
        id="disk-full-job-evicted-ephemeral-storage",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="disk-full",
        culprit=p["metadata"]["name"],
        evidence="ephemeral local storage usage exceeds",
        description="The datasets cache on the container's own disk outgrows its 40Gi ephemeral-storage limit.",
        objects=[job, p, *events],
        logs={f"{p['metadata']['name']}/prep": log},
        captured=at(3200),
    )


@SCENARIOS.add
def preempted_pytorchjob_worker_cascade() -> CaseSpec:
    at = Clock(datetime(2026, 4, 20, 7, 0, tzinfo=timezone.utc))
    name, ns = "sd3-dreambooth", "creative-ml"
    image = "registry.corp.example/creative/diffusers-train:0.30.0-torch2.4"
    cmd = ["torchrun", "--nnodes=3", "--nproc_per_node=8", "train_dreambooth_sd3.py", "--mixed_precision=bf16"]
    tmpl = Container("pytorch", image, command=cmd, resources=gpu(8, "512Gi", "64"))
    job = kubeflow_job(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Master": Replicas(1, tmpl, "Never"), "Worker": Replicas(2, tmpl, "Never")},
        conditions=kubeflow_conditions("PyTorchJob", name, at(90), failed=("Master", at(4262))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 2}},
        start=at(1),
        completion=at(4262),
    )
    preempt_at = 3600
    pods, logs, events = [], {}, []
    steps = trainer_steps(10, 880, 10, loss0=0.31, total=2000)
    for role, i, rank0 in (("master", 0, 0), ("worker", 0, 8), ("worker", 1, 16)):
        node = f"h100-b-{rank0 // 8 + 21}"
        pname = f"{name}-{role}-{i}"
        if role == "worker" and i == 1:
            c = Container(
                "pytorch",
                image,
                command=cmd,
                resources=gpu(8, "512Gi", "64"),
                state=terminated(137, at(80), at(preempt_at + 31)),
            )
            p = kubeflow_pod(
                job,
                role,
                i,
                [c],
                created=at(2),
                phase="Failed",
                node=node,
                scheduled=at(3),
                restart_policy="Never",
                extra_conditions=[
                    condition(
                        "DisruptionTarget",
                        True,
                        at(preempt_at),
                        "PreemptionByScheduler",
                        "default-scheduler: preempting to accommodate a higher priority pod",
                    )
                ],
            )
            events += [
                event(
                    p,
                    "Preempted",
                    f"Preempted by pod 6b1f0c2e-4d7a-4c0e-9a51-2f3e8d9c1b7a on node {node}",
                    at(preempt_at),
                    type_="Normal",
                    component="default-scheduler",
                ),
                event(p, "Killing", "Stopping container pytorch", at(preempt_at), type_="Normal", host=node),
            ]
            logs[f"{pname}/pytorch"] = text(*steps, "Steps:  44%|####4     | 881/2000 [59:31<1:15:36,  4.05s/it]")
        else:
            finish = 4261 if role == "master" else 4258
            c = Container(
                "pytorch", image, command=cmd, resources=gpu(8, "512Gi", "64"), state=terminated(1, at(80), at(finish))
            )
            p = kubeflow_pod(
                job, role, i, [c], created=at(2), phase="Failed", node=node, scheduled=at(3), restart_policy="Never"
            )
            fail = at(finish - 25)
            logs[f"{pname}/pytorch"] = text(
                *steps,
                *watchdog(rank0 + 2, fail, 35291),
                *torchrun_failed(
                    at(finish - 2),
                    rank=rank0 + 2,
                    local_rank=2,
                    exitcode=-6,
                    pid=412,
                    host=pname,
                    script="train_dreambooth_sd3.py",
                ),
            )
        pods.append(p)
    return CaseSpec(
        id="preempted-pytorchjob-worker-cascade",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="preempted",
        culprit=f"{name}-worker-1",
        evidence="Preempted by",
        description="A higher-priority pod preempts worker 1; ten minutes later the master and worker 0 abort on "
        "the NCCL watchdog and the job's condition names the master.",
        objects=[job, *pods, *events],
        logs=logs,
        captured=at(4300),
    )


@SCENARIOS.add
def preempted_pod_graceful_node_shutdown() -> CaseSpec:
    at = Clock(datetime(2026, 4, 21, 19, 0, tzinfo=timezone.utc))
    name, ns = "nightly-bench-a10g", "perf-eval"
    image = "registry.corp.example/perf/bench:2026.04"
    node = "g5-spot-pool-3"
    msg = "Pod was terminated in response to imminent node shutdown."
    c = Container(
        "bench",
        image,
        command=["python", "run_bench.py", "--suite", "llm-latency"],
        resources=gpu(1, "32Gi", "8"),
        state=terminated(143, at(30), at(1832)),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "nightly-bench"},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Failed",
        node=node,
        scheduled=at(1),
        reason="Terminated",
        message=msg,
        extra_conditions=[condition("DisruptionTarget", True, at(1800), "TerminationByKubelet", msg)],
    )
    log = stamped(
        [f"[bench] llm-latency case {i:02d}/48: p50=41.{i}ms p99=88.{i}ms" for i in range(1, 30)]
        + ["[bench] caught SIGTERM, flushing partial results to s3://perf-results/nightly/2026-04-21/"],
        at(40),
        60,
    )
    events = [event(p, "Killing", "Stopping container bench", at(1800), type_="Normal", host=node)]
    return CaseSpec(
        id="preempted-pod-graceful-node-shutdown",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="preempted",
        culprit=name,
        evidence="imminent node shutdown",
        description="The spot node is reclaimed; the kubelet's graceful node shutdown stops the pod with SIGTERM.",
        objects=[p, *events],
        logs={f"{name}/bench": log},
        captured=at(1900),
    )


@SCENARIOS.add
def killed_externally_liveness_probe_vllm() -> CaseSpec:
    at = Clock(datetime(2026, 4, 22, 12, 0, tzinfo=timezone.utc))
    name, ns = "llm-serve-8b", "inference"
    image = "vllm/vllm-openai:v0.6.3"
    node = "l40s-node-2"
    probes = {
        "livenessProbe": {
            "httpGet": {"path": "/health", "port": 8000, "scheme": "HTTP"},
            "initialDelaySeconds": 60,
            "periodSeconds": 10,
            "timeoutSeconds": 1,
            "successThreshold": 1,
            "failureThreshold": 3,
        }
    }
    c = Container(
        "vllm",
        image,
        args=["--model", "/models/llama-3.1-8b-instruct", "--max-model-len", "16384"],
        resources=gpu(1, "64Gi", "8"),
        probes=probes,
        ports=[{"containerPort": 8000, "protocol": "TCP"}],
        state=waiting(
            "CrashLoopBackOff",
            "back-off 2m40s restarting failed container=vllm "
            f"pod={name}_{ns}({'9d7c1e2a-5b6f-4c8d-a1e3-7f2b9c4d6e80'})",
        ),
        last=terminated(137, at(1310), at(1402)),
        restarts=5,
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "llm-serve", "model": "llama-3.1-8b"},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Running",
        node=node,
        scheduled=at(1),
        restart_policy="Always",
    )
    prev = stamped(
        [
            "INFO 04-22 12:21:52 api_server.py:528] vLLM API server version 0.6.3",
            "INFO 04-22 12:21:52 api_server.py:529] args: Namespace(host=None, port=8000, model='/models/llama-3.1-8b-"
            "instruct', max_model_len=16384, gpu_memory_utilization=0.9)",
            "INFO 04-22 12:21:58 llm_engine.py:237] Initializing an LLM engine (v0.6.3) with config: model='/models/"
            "llama-3.1-8b-instruct', dtype=torch.bfloat16, max_seq_len=16384",
            "INFO 04-22 12:22:01 model_runner.py:1056] Starting to load model /models/llama-3.1-8b-instruct...",
            "Loading safetensors checkpoint shards:   0% Completed | 0/4 [00:00<?, ?it/s]",
            "Loading safetensors checkpoint shards:  25% Completed | 1/4 [00:31<01:33, 31.02s/it]",
            "Loading safetensors checkpoint shards:  50% Completed | 2/4 [01:02<01:02, 31.11s/it]",
            "INFO 04-22 12:23:21 launcher.py:57] Shutting down FastAPI HTTP server.",
            "KeyboardInterrupt: terminated",
        ],
        at(1311),
        [6, 3, 3, 1, 31, 31, 18, 1],
    )
    probe_fail = (
        'Liveness probe failed: Get "http://10.244.9.23:8000/health": dial tcp 10.244.9.23:8000: '
        "connect: connection refused"
    )
    events = [
        event(p, "Unhealthy", probe_fail, at(70), last=at(1392), count=18, host=node),
        event(
            p,
            "Killing",
            "Container vllm failed liveness probe, will be restarted",
            at(90),
            last=at(1392),
            count=6,
            type_="Normal",
            host=node,
        ),
        event(
            p,
            "BackOff",
            "Back-off restarting failed container vllm in pod " + name,
            at(500),
            last=at(1500),
            count=11,
            host=node,
        ),
    ]
    return CaseSpec(
        id="killed-externally-liveness-probe-vllm",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="killed-externally",
        culprit=name,
        evidence="failed liveness probe",
        description="The liveness probe starts after 60 s but loading the weights from a slow volume takes "
        "longer: the kubelet kills vLLM mid-load, over and over.",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(1520),
    )


@SCENARIOS.add
def deadline_exceeded_job_active_deadline() -> CaseSpec:
    at = Clock(datetime(2026, 4, 23, 0, 0, tzinfo=timezone.utc))
    name, ns = "offline-eval-gsm8k", "eval-platform"
    image = "registry.corp.example/eval/lm-eval-harness:0.4.5"
    tmpl = Container(
        "eval", image, command=["lm_eval", "--model", "vllm", "--tasks", "gsm8k,math"], resources=gpu(2, "96Gi", "16")
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=tmpl,
        failed=1,
        start=at(1),
        active_deadline=7200,
        conditions=[
            job_condition(
                "FailureTarget", at(7201), "DeadlineExceeded", "Job was active longer than specified deadline"
            ),
            job_condition("Failed", at(7201), "DeadlineExceeded", "Job was active longer than specified deadline"),
        ],
    )
    node = "a100-80g-07"
    c = Container(
        "eval", image, command=tmpl.command, resources=gpu(2, "96Gi", "16"), state=terminated(143, at(20), at(7202))
    )
    p = job_pod(job, [c], created=at(1), phase="Failed", node=node, scheduled=at(2))
    log = stamped(
        [
            f"Running generate_until requests: {i * 4}%|{'#' * i}| {i * 53}/1319 [{i * 6}:00<..., 0.21it/s]"
            for i in range(1, 23)
        ],
        at(40),
        320,
    )
    events = [
        event(
            job,
            "DeadlineExceeded",
            "Job was active longer than specified deadline",
            at(7201),
            component="job-controller",
        ),
        event(
            job,
            "SuccessfulDelete",
            f"Deleted pod: {p['metadata']['name']}",
            at(7201),
            type_="Normal",
            component="job-controller",
        ),
    ]
    return CaseSpec(
        id="deadline-exceeded-job-active-deadline",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="deadline-exceeded",
        culprit=None,
        evidence="active longer than specified deadline",
        description="The evaluation was still generating when the Job's 2-hour activeDeadlineSeconds ran out; "
        "the pod's exit 143 is the job controller stopping it.",
        objects=[job, p, *events],
        logs={f"{p['metadata']['name']}/eval": log},
        captured=at(7300),
    )


@SCENARIOS.add
def deadline_exceeded_pod_active_deadline() -> CaseSpec:
    at = Clock(datetime(2026, 4, 24, 8, 0, tzinfo=timezone.utc))
    name, ns = "ensemble-search-0424", "ds-sandbox"
    image = "registry.corp.example/ds/optuna-runner:3.6"
    node = "cpu-c6a-31"
    c = Container(
        "search",
        image,
        command=["python", "search.py", "--trials", "4000"],
        resources=cpu_only("64Gi", "32"),
        state=terminated(137, at(15), at(14402)),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "optuna-search"},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Failed",
        node=node,
        scheduled=at(1),
        reason="DeadlineExceeded",
        message="Pod was active on the node longer than the specified deadline",
        active_deadline=14400,
    )
    log = stamped(
        [
            f"[I 2026-04-24 {8 + i // 60:02d}:{i % 60:02d}:10,512] Trial {i * 7} finished with value: "
            f"0.{8123 + i} and parameters: {{'max_depth': {3 + i % 9}, 'eta': 0.0{i % 9 + 1}}}. Best is trial "
            f"{i * 5} with value: 0.{8200 + i}."
            for i in range(1, 40)
        ],
        at(20),
        360,
    )
    events = [
        event(
            p, "DeadlineExceeded", "Pod was active on the node longer than the specified deadline", at(14400), host=node
        ),
        event(p, "Killing", "Stopping container search", at(14400), type_="Normal", host=node),
    ]
    return CaseSpec(
        id="deadline-exceeded-pod-active-deadline",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="deadline-exceeded",
        culprit=name,
        evidence="longer than the specified deadline",
        description="A bare pod with activeDeadlineSeconds: 14400 still searching when its four hours are up.",
        objects=[p, *events],
        logs={f"{name}/search": log},
        captured=at(14500),
    )


@SCENARIOS.add
def killed_externally_startup_probe_tgi() -> CaseSpec:
    at = Clock(datetime(2026, 4, 25, 9, 0, tzinfo=timezone.utc))
    name, ns = "tgi-llama-70b", "llm-gateway"
    image = "ghcr.io/huggingface/text-generation-inference:2.3.1"
    node = "h100-serve-01"
    probes = {
        "startupProbe": {
            "httpGet": {"path": "/health", "port": 80, "scheme": "HTTP"},
            "periodSeconds": 10,
            "failureThreshold": 30,
            "timeoutSeconds": 1,
            "successThreshold": 1,
        }
    }
    c = Container(
        "tgi",
        image,
        args=["--model-id", "meta-llama/Llama-3.1-70B-Instruct", "--num-shard", "4"],
        resources=gpu(4, "320Gi", "32"),
        probes=probes,
        state=running(at(1230)),
        last=terminated(143, at(920), at(1222)),
        restarts=4,
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "tgi"},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Running",
        node=node,
        scheduled=at(1),
        restart_policy="Always",
    )
    prev = text(
        '2026-04-25T09:15:21.118204Z  INFO text_generation_launcher: Args { model_id: "meta-llama/Llama-3.1-70B-'
        'Instruct", num_shard: Some(4), port: 80 }',
        "2026-04-25T09:15:21.220417Z  INFO download: text_generation_launcher: Starting check and download process "
        "for meta-llama/Llama-3.1-70B-Instruct",
        *[
            f"2026-04-25T09:{15 + i // 2:02d}:{(i * 30) % 60:02d}.402118Z  INFO text_generation_launcher: Download file: "
            f"model-{i:05d}-of-00030.safetensors"
            for i in range(1, 10)
        ],
        "2026-04-25T09:20:21.990113Z  INFO text_generation_launcher: Terminating download",
        "2026-04-25T09:20:22.001207Z  INFO text_generation_launcher: Waiting for download to gracefully shutdown",
    )
    events = [
        event(
            p,
            "Unhealthy",
            'Startup probe failed: Get "http://10.244.2.41:80/health": dial tcp 10.244.2.41:80: '
            "connect: connection refused",
            at(20),
            last=at(1520),
            count=150,
            host=node,
        ),
        event(
            p,
            "Killing",
            "Container tgi failed startup probe, will be restarted",
            at(310),
            last=at(1222),
            count=4,
            type_="Normal",
            host=node,
        ),
    ]
    return CaseSpec(
        id="killed-externally-startup-probe-tgi",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="killed-externally",
        culprit=name,
        evidence="failed startup probe",
        description="A 70B model needs longer than the startup probe's five minutes to download; the kubelet "
        "restarts the server each time, and the download starts again.",
        objects=[p, *events],
        logs={f"{name}/tgi.previous": prev},
        captured=at(1530),
    )


@SCENARIOS.add
def cuda_error_job_nvidia_runtime_driver_too_old() -> CaseSpec:
    at = Clock(datetime(2026, 4, 26, 18, 0, tzinfo=timezone.utc))
    name, ns = "bench-fp8-gemm", "kernels"
    tmpl = Container(
        "bench", "nvcr.io/nvidia/pytorch:24.10-py3", command=["python", "bench_fp8.py"], resources=gpu(1, "32Gi", "8")
    )
    node = "gpu-a100-old-3"
    hook = (
        "failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create "
        "failed: unable to start container process: error during container init: error running hook #0: error "
        "running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\n"
        "nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.6, please update your driver "
        "to a newer version, or use an earlier cuda container: unknown"
    )
    job, p = failed_job(
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=128,
        ran=(9, 9),
        node=node,
        reason="StartError",
        message=hook,
    )
    events = [event(p, "Failed", "Error: " + hook, at(9), host=node)]
    return CaseSpec(
        id="cuda-error-job-nvidia-runtime-driver-too-old",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="cuda-error",
        culprit=p["metadata"]["name"],
        evidence="unsatisfied condition: cuda>=12.6",
        description="The NVIDIA container runtime refuses to start a CUDA 12.6 image on a node whose driver "
        "supports an older CUDA; the container never runs (StartError, exit 128).",
        objects=[job, p, *events],
        captured=at(60),
    )


def backoff_conditions(t: datetime) -> list[Obj]:
    return [
        job_condition("FailureTarget", t, "BackoffLimitExceeded", "Job has reached the specified backoff limit"),
        job_condition("Failed", t, "BackoffLimitExceeded", "Job has reached the specified backoff limit"),
    ]


# -- the cause on another object: the pod's owner, a pod that is gone ------------------------


@SCENARIOS.add
def killed_externally_pod_argo_workflow_stopped() -> CaseSpec:
    at = Clock(datetime(2026, 4, 28, 13, 0, tzinfo=timezone.utc))
    name, ns = "lr-sweep-k2x9f-train-3312044871", "ml-platform"
    wf_name = "lr-sweep-k2x9f"
    workflow = {
        "apiVersion": "argoproj.io/v1alpha1",
        "kind": "Workflow",
        "metadata": {
            "name": wf_name,
            "namespace": ns,
            "uid": uid(ns, "Workflow", wf_name),
            "creationTimestamp": ts(at(0)),
            "resourceVersion": "4121",
        },
        "spec": {"entrypoint": "sweep", "shutdown": "Stop"},
        "status": {
            "phase": "Failed",
            "message": "Stopped with strategy 'Stop'",
            "startedAt": ts(at(0)),
            "finishedAt": ts(at(3905)),
        },
    }
    image = "registry.corp.example/ml/sweep-train:2026.04"
    main = Container(
        "main",
        image,
        command=["python", "train.py", "--lr", "3e-4"],
        resources=gpu(1, "48Gi", "8"),
        state=terminated(143, at(12), at(3901)),
    )
    wait = Container(
        "wait",
        "quay.io/argoproj/argoexec:v3.5.8",
        command=["argoexec", "wait"],
        resources=cpu_only("128Mi", "100m"),
        state=terminated(0, at(11), at(3902), reason="Completed"),
    )
    p = pod(
        name=name,
        namespace=ns,
        owner={**owner_ref(workflow)},
        containers=[wait, main],
        created=at(2),
        phase="Failed",
        node="a10-pool-3",
        scheduled=at(3),
        labels={"workflows.argoproj.io/workflow": wf_name, "workflows.argoproj.io/completed": "true"},
        annotations={"workflows.argoproj.io/node-name": f"{wf_name}[0].train(2:lr=3e-4)"},
    )
    steps = trainer_steps(10, 1400, 10, loss0=0.8, total=2000)
    events = [
        event(
            workflow,
            "WorkflowNodeFailed",
            f"Failed node {wf_name}[0].train(2:lr=3e-4): Stopped with strategy 'Stop'",
            at(3904),
            component="workflow-controller",
        ),
        event(workflow, "WorkflowFailed", "Stopped with strategy 'Stop'", at(3905), component="workflow-controller"),
    ]
    return CaseSpec(
        id="killed-externally-pod-argo-workflow-stopped",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="killed-externally",
        culprit=name,
        evidence="Stopped with strategy",
        description="A sweep trial run by Argo Workflows exits 143 mid-training with nothing in its log: someone "
        "ran `argo stop` on the workflow. Only the Workflow's events, on the pod's owner, say so.",
        objects=[p, workflow, *events],
        logs={
            f"{name}/main": text(*steps),
            f"{name}/wait": text(
                'time="2026-04-28T13:00:11.428Z" level=info msg="Starting Workflow Executor" version=v3.5.8',
                'time="2026-04-28T14:05:01.650Z" level=info msg="Step terminated"',
            ),
        },
        captured=at(4000),
    )


@SCENARIOS.add
def image_pull_error_job_pod_deleted_at_deadline() -> CaseSpec:
    at = Clock(datetime(2026, 4, 29, 2, 0, tzinfo=timezone.utc))
    name, ns = "embed-eval-29612040", "search-eval"
    image = "registry.corp.example/search/embed-eval:v3.1.0-rc2"
    ctr = Container("eval", image, command=["python", "eval.py"], resources=gpu(1, "32Gi", "8"))
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        failed=1,
        start=at(1),
        active_deadline=3600,
        conditions=[
            job_condition(
                "FailureTarget", at(3601), "DeadlineExceeded", "Job was active longer than specified deadline"
            ),
            job_condition("Failed", at(3602), "DeadlineExceeded", "Job was active longer than specified deadline"),
        ],
    )
    gone = job_pod(
        job,
        [
            Container(
                "eval",
                image,
                command=ctr.command,
                resources=ctr.resources,
                state={"waiting": {"reason": "ImagePullBackOff"}},
            )
        ],
        created=at(1),
        phase="Pending",
        node="a10-pool-9",
        scheduled=at(2),
    )
    pod_name = gone["metadata"]["name"]
    msg = (
        f'Failed to pull image "{image}": rpc error: code = NotFound desc = failed to pull and unpack image '
        f'"{image}": failed to resolve reference "{image}": {image}: not found'
    )
    events = [
        event(job, "SuccessfulCreate", f"Created pod: {pod_name}", at(1), type_="Normal", component="job-controller"),
        event(gone, "Failed", msg, at(5), last=at(905), count=7, host="a10-pool-9"),
        event(
            gone,
            "BackOff",
            f'Back-off pulling image "{image}"',
            at(6),
            last=at(3590),
            count=131,
            type_="Normal",
            host="a10-pool-9",
        ),
        event(
            job, "SuccessfulDelete", f"Deleted pod: {pod_name}", at(3601), type_="Normal", component="job-controller"
        ),
        event(
            job,
            "DeadlineExceeded",
            "Job was active longer than specified deadline",
            at(3602),
            component="job-controller",
        ),
    ]
    return CaseSpec(
        id="image-pull-error-job-pod-deleted-at-deadline",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=pod_name,
        evidence="not found",
        description="A nightly Job points at an image tag that was never pushed; its pod sits in ImagePullBackOff "
        "until activeDeadlineSeconds fails the Job and the pod is deleted. Only the events of the gone "
        "pod tell why; the culprit is the pod they name.",
        objects=[job, *events],
        captured=at(3700),
    )
