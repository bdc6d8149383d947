"""Healthy traps: jobs that run or finished fine while their logs and history look alarming -
retries that then succeeded, NCCL INFO about plugins it does not need, fp16 loss-scale
overflows, a restart long recovered from, images still being pulled, tracebacks in a job
that succeeded, metrics named "error".
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    PodPlan,
    Replicas,
    Scenarios,
    batch_job,
    cpu_only,
    event,
    gpu,
    job_condition,
    job_pod,
    kubeflow_conditions,
    kubeflow_job,
    kubeflow_pod,
    kubeflow_with_pods,
    owner_ref,
    pod,
    running,
    stamped,
    suffix,
    terminated,
    text,
    waiting,
)
from tests.cases.logtext import torchrun_start, trainer_steps

SCENARIOS = Scenarios()


@SCENARIOS.add
def healthy_hub_download_retried_then_succeeded() -> CaseSpec:
    at = Clock(datetime(2026, 6, 20, 10, 0, tzinfo=timezone.utc))
    name, ns = "mistral-chat-sft", "assist-ft"
    ctr = Container(
        "pytorch",
        "registry.corp.example/assist/trl-train:0.11.4",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=8", "sft.py", "--model", "mistralai/Mistral-7B-v0.3"],
        resources=gpu(8, "640Gi", "64"),
    )
    head = (
        "'(ReadTimeoutError(\"HTTPSConnectionPool(host='huggingface.co', port=443): Read timed out. (read "
        "timeout=10)\"), '(Request ID: 47c9a0e1-8f3b-4e2d-9c6a-5b1d2e3f4a50)')' thrown while requesting HEAD "
        "https://huggingface.co/mistralai/Mistral-7B-v0.3/resolve/main/config.json"
    )
    lines = [
        *torchrun_start(at(40)),
        head,
        "Retrying in 1s [Retry 1/5].",
        head,
        "Retrying in 2s [Retry 2/5].",
        "Downloading shards: 100%|##########| 3/3 [02:41<00:00, 53.71s/it]",
        "Loading checkpoint shards: 100%|##########| 3/3 [00:09<00:00,  3.02s/it]",
        *trainer_steps(10, 600, 10, loss0=1.41),
    ]
    gaps = [0.1] * 4 + [10, 1, 10, 2, 161, 9] + [30] * 60

    def plan(role: str) -> PodPlan:
        return PodPlan(role, 0, running(at(38)), log=stamped(lines, at(40), gaps))

    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[plan("master"), plan("worker")],
        restart_policy="OnFailure",
        conditions=kubeflow_conditions("PyTorchJob", name, at(1)),
        statuses={"Master": {"active": 1}, "Worker": {"active": 1}},
    )
    return CaseSpec(
        id="healthy-hub-download-retried-then-succeeded",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="Two hub requests time out and are retried; the download then completes and training runs.",
        objects=[job, *pods],
        logs=logs,
        captured=at(40 + sum(gaps[: len(lines) - 1]) + 20),
    )


@SCENARIOS.add
def healthy_mpijob_v2_nccl_info_missing_plugins() -> CaseSpec:
    at = Clock(datetime(2026, 6, 21, 4, 0, tzinfo=timezone.utc))
    name, ns = "hvd-yolo-coco", "detection"
    image = "registry.corp.example/det/horovod-yolo:0.28.1-torch2.1"
    worker_ctr = Container("worker", image, command=["/usr/sbin/sshd", "-De"], resources=gpu(4, "128Gi", "32"))
    launcher_ctr = Container(
        "launcher",
        image,
        command=["mpirun", "-np", "8", "--tag-output", "-x", "NCCL_DEBUG=INFO", "python", "train.py"],
        resources=cpu_only("4Gi", "2"),
    )
    job = kubeflow_job(
        kind="MPIJob",
        name=name,
        namespace=ns,
        created=at(0),
        api_version="kubeflow.org/v2beta1",
        replicas={"Launcher": Replicas(1, launcher_ctr), "Worker": Replicas(2, worker_ctr)},
        conditions=[
            job_condition("Created", at(1), "MPIJobCreated", f"MPIJob {ns}/{name} is created."),
            job_condition("Running", at(40), "MPIJobRunning", f"MPIJob {ns}/{name} is running."),
        ],
        statuses={"Launcher": {"active": 1}, "Worker": {"active": 2}},
        start=at(1),
        extra_spec={"slotsPerWorker": 4, "mpiImplementation": "OpenMPI"},
    )
    launcher_job = batch_job(
        name=f"{name}-launcher",
        namespace=ns,
        created=at(30),
        container=launcher_ctr,
        owner=owner_ref(job),
        active=1,
        ready=1,
        start=at(30),
        conditions=[],
        labels={"training.kubeflow.org/job-name": name},
    )
    launcher_name = f"{name}-launcher-{suffix(name, 'launcher')}"
    job_uid = launcher_job["metadata"]["uid"]
    launcher = pod(
        name=launcher_name,
        namespace=ns,
        owner=owner_ref(launcher_job),
        created=at(30),
        phase="Running",
        node="cpu-pool-d-1",
        scheduled=at(31),
        restart_policy="OnFailure",
        containers=[
            Container(
                "launcher",
                image,
                command=launcher_ctr.command,
                resources=launcher_ctr.resources,
                state=running(at(35)),
                ready=True,
            )
        ],
        labels={
            "training.kubeflow.org/job-name": name,
            "training.kubeflow.org/job-role": "launcher",
            "training.kubeflow.org/operator-name": "mpi-operator",
            "training.kubeflow.org/replica-type": "launcher",
            "batch.kubernetes.io/controller-uid": job_uid,
            "batch.kubernetes.io/job-name": f"{name}-launcher",
            "controller-uid": job_uid,
            "job-name": f"{name}-launcher",
        },
    )
    workers = [
        kubeflow_pod(
            job,
            "worker",
            i,
            [
                Container(
                    "worker",
                    image,
                    command=worker_ctr.command,
                    resources=worker_ctr.resources,
                    state=running(at(20)),
                    ready=True,
                )
            ],
            created=at(2),
            phase="Running",
            node=f"v100-{i + 1}",
            scheduled=at(3),
            operator="mpi-operator",
            extra_labels={"training.kubeflow.org/job-role": "worker"},
        )
        for i in range(2)
    ]
    nccl = []
    for r in range(8):
        host = f"{name}-worker-{r // 4}"
        nccl += [
            f"[1,{r}]<stdout>:{host}:{61 + r}:{61 + r} [{r % 4}] NCCL INFO Bootstrap : Using eth0:10.244.4.{10 + r}<0>",
            f"[1,{r}]<stdout>:{host}:{61 + r}:{61 + r} [{r % 4}] NCCL INFO NET/Plugin: Could not find: "
            "libnccl-net.so. Using internal network plugin.",
            f"[1,{r}]<stdout>:{host}:{61 + r}:{61 + r} [{r % 4}] NCCL INFO Failed to open libibverbs.so[.1]",
            f"[1,{r}]<stdout>:{host}:{61 + r}:{61 + r} [{r % 4}] NCCL INFO NET/Socket : Using [0]eth0:10.244.4."
            f"{10 + r}<0>",
            f"[1,{r}]<stdout>:{host}:{61 + r}:{61 + r} [{r % 4}] NCCL INFO cudaDriverVersion 12040",
        ]
    nccl.append(f"[1,0]<stdout>:{name}-worker-0:61:201 [0] NCCL INFO Channel 00/02 :    0   1   2   3   4   5   6   7")
    nccl.append(f"[1,0]<stdout>:{name}-worker-0:61:201 [0] NCCL INFO Connected all rings")
    progress = [
        f"[1,0]<stdout>:      {e}/300      14.2G    0.0{41 - e % 9}    0.0{29 - e % 7}    0.01{e % 9}      "
        f"211       640: 100%|##########| 925/925 [05:{10 + e % 40}<00:00,  2.9it/s]"
        for e in range(1, 14)
    ]
    lines = [*nccl, *progress]
    gaps = [0.01] * len(nccl) + [330] * len(progress)
    log = stamped(lines, at(40), gaps)
    last = at(40 + sum(gaps[: len(lines) - 1]))
    return CaseSpec(
        id="healthy-mpijob-v2-nccl-info-missing-plugins",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="NCCL_DEBUG=INFO reports a missing network plugin and no InfiniBand; NCCL falls back to "
        "sockets and the epochs go by.",
        objects=[job, launcher_job, launcher, *workers],
        logs={f"{launcher_name}/launcher": log},
        captured=last + timedelta(seconds=200),
    )


@SCENARIOS.add
def healthy_deepspeed_overflow_skipping() -> CaseSpec:
    at = Clock(datetime(2026, 6, 22, 13, 0, tzinfo=timezone.utc))
    name, ns = "bloomz-3b-ft", "multilingual"
    ctr = Container(
        "pytorch",
        "registry.corp.example/ml/deepspeed:0.15.1",
        command=["deepspeed", "--num_gpus=8", "train.py", "--deepspeed", "ds_fp16.json"],
        resources=gpu(8, "400Gi", "64"),
    )
    lines = ["[2026-06-22 13:01:02,118] [INFO] [config.py:1000:print] fp16_enabled ................. True"]
    scale = 65536
    for step in range(1, 7):
        lines.append(
            f"[2026-06-22 13:01:{10 + step:02d},402] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] "
            f"OVERFLOW! Rank 0 Skipping step. Attempted loss scale: {scale}, reducing to {scale // 2}"
        )
        scale //= 2
    lines += [
        f"[2026-06-22 13:{2 + i // 6:02d}:{(i * 10) % 60:02d},511] [INFO] [logging.py:96:log_dist] [Rank 0] "
        f"step={i * 10}, skipped=6, lr=[1.99e-05], mom=[(0.9, 0.999)]"
        for i in range(1, 80)
    ]
    lines += trainer_steps(10, 790, 10, loss0=1.82)[-5:]
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[PodPlan("master", 0, running(at(50)), log=text(*lines))],
        restart_policy="OnFailure",
        conditions=kubeflow_conditions("PyTorchJob", name, at(1)),
        statuses={"Master": {"active": 1}},
    )
    return CaseSpec(
        id="healthy-deepspeed-overflow-skipping",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="fp16 dynamic loss scaling skips six early steps on overflow, as designed, then trains.",
        objects=[job, *pods],
        logs=logs,
        captured=at(900),
    )


@SCENARIOS.add
def healthy_tfjob_worker_restarted_hours_ago() -> CaseSpec:
    at = Clock(datetime(2026, 6, 23, 0, 0, tzinfo=timezone.utc))
    name, ns = "youtube-dnn", "video-reco"
    ctr = Container(
        "tensorflow", "tensorflow/tensorflow:2.15.0-gpu", command=["python", "train.py"], resources=gpu(1, "64Gi", "16")
    )
    progress = [
        f"INFO:tensorflow:loss = {0.91 - i * 0.001:.4f}, step = {i * 100} ({11.2 + i % 3 / 10:.3f} sec)"
        for i in range(1, 40)
    ]
    restarted = 3 * 3600
    job, pods, logs = kubeflow_with_pods(
        kind="TFJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        restart_policy="OnFailure",
        plans=[
            PodPlan("chief", 0, running(at(30)), log=text(*progress)),
            PodPlan("worker", 0, running(at(30)), log=text(*progress)),
            PodPlan(
                "worker",
                1,
                running(at(restarted + 15)),
                last=terminated(137, at(30), at(restarted), reason="OOMKilled"),
                restarts=1,
                log=text("INFO:tensorflow:Restoring parameters from /ckpt/model.ckpt-118200", *progress),
                previous_log=text(*progress[:20], "Killed"),
            ),
        ],
        conditions=kubeflow_conditions("TFJob", name, at(1)),
        statuses={"Chief": {"active": 1}, "Worker": {"active": 2}},
    )
    return CaseSpec(
        id="healthy-tfjob-worker-restarted-hours-ago",
        kind="TFJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="Worker 1 was OOMKilled once three hours ago, restarted from its checkpoint and has run "
        "since; the failure is history.",
        objects=[job, *pods],
        logs=logs,
        captured=at(restarted + 3 * 3600),
    )


@SCENARIOS.add
def healthy_jaxjob_pods_pulling_image() -> CaseSpec:
    at = Clock(datetime(2026, 6, 24, 16, 0, tzinfo=timezone.utc))
    name, ns = "pax-1b-pt", "jax-llm-2"
    image = "ghcr.io/nvidia/jax:pax-2024-10-01"
    ctr = Container("jax", image, command=["python3", "-m", "paxml.main"], resources=gpu(8, "900Gi", "96"))
    job = kubeflow_job(
        kind="JAXJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Worker": Replicas(2, ctr)},
        conditions=kubeflow_conditions("JAXJob", name, at(1), started=False),
        statuses={"Worker": {}},
    )
    pods, events = [], []
    for i in range(2):
        node = f"h100-new-{i + 1}"
        p = kubeflow_pod(
            job,
            "worker",
            i,
            [Container("jax", image, command=ctr.command, resources=ctr.resources, state=waiting("ContainerCreating"))],
            created=at(2),
            phase="Pending",
            node=node,
            scheduled=at(4),
        )
        pods.append(p)
        events += [
            event(
                p,
                "Scheduled",
                f"Successfully assigned {ns}/{p['metadata']['name']} to {node}",
                at(4),
                type_="Normal",
                component="default-scheduler",
                new_api=True,
            ),
            event(p, "Pulling", f'Pulling image "{image}"', at(6), type_="Normal", host=node, new_api=True),
        ]
    return CaseSpec(
        id="healthy-jaxjob-pods-pulling-image",
        kind="JAXJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="Pulling image",
        description="Four minutes after creation both pods are still pulling a 12 GB image onto new nodes.",
        objects=[job, *pods, *events],
        captured=at(240),
        as_list=False,
    )


@SCENARIOS.add
def healthy_job_succeeded_after_failed_attempt() -> CaseSpec:
    at = Clock(datetime(2026, 6, 25, 2, 0, tzinfo=timezone.utc))
    name, ns = "shard-tokenize", "corpus-prep"
    tmpl = Container(
        "tokenize",
        "registry.corp.example/corpus/tokenize:1.1",
        command=["python", "tokenize_shards.py"],
        resources=cpu_only("32Gi", "16"),
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=tmpl,
        backoff_limit=3,
        succeeded=1,
        failed=1,
        start=at(1),
        completion=at(2900),
        conditions=[
            job_condition(
                "SuccessCriteriaMet", at(2900), "CompletionsReached", "Reached expected number of succeeded pods"
            ),
            job_condition("Complete", at(2900), "CompletionsReached", "Reached expected number of succeeded pods"),
        ],
    )
    failed = job_pod(
        job,
        [
            Container(
                "tokenize",
                tmpl.image,
                command=tmpl.command,
                resources=tmpl.resources,
                state=terminated(1, at(10), at(620)),
            )
        ],
        created=at(1),
        phase="Failed",
        node="cpu-pool-e-1",
        scheduled=at(2),
        attempt=0,
    )
    ok = job_pod(
        job,
        [
            Container(
                "tokenize",
                tmpl.image,
                command=tmpl.command,
                resources=tmpl.resources,
                state=terminated(0, at(632), at(2898)),
            )
        ],
        created=at(622),
        phase="Succeeded",
        node="cpu-pool-e-4",
        scheduled=at(623),
        attempt=1,
    )
    bad_log = text(
        "tokenizing shards 0-255 with tiktoken cl100k_base",
        *[f"shard {i:03d}: 402113 docs, 811,227,004 tokens" for i in range(12)],
        "Traceback (most recent call last):",
        '  File "/app/tokenize_shards.py", line 88, in <module>',
        "    with fs.open(src) as f:",
        "ConnectionResetError: [Errno 104] Connection reset by peer",
    )
    good_log = text(
        "tokenizing shards 0-255 with tiktoken cl100k_base",
        *[f"shard {i:03d}: 402113 docs, 811,227,004 tokens" for i in range(0, 256, 8)],
        "done: 256 shards written to s3://corpus/tokenized/v7/",
    )
    return CaseSpec(
        id="healthy-job-succeeded-after-failed-attempt",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="completed successfully",
        description="The first pod died on a connection reset; the Job's retry finished the work and the Job is "
        "Complete.",
        objects=[job, failed, ok],
        logs={f"{failed['metadata']['name']}/tokenize": bad_log, f"{ok['metadata']['name']}/tokenize": good_log},
        captured=at(3000),
    )


@SCENARIOS.add
def healthy_tfjob_succeeded_traceback_in_logs() -> CaseSpec:
    at = Clock(datetime(2026, 6, 26, 6, 0, tzinfo=timezone.utc))
    name, ns = "wav-kws-tf", "voice-kws"
    ctr = Container(
        "tensorflow",
        "tensorflow/tensorflow:2.16.1-gpu",
        command=["python", "train_kws.py"],
        resources=gpu(1, "16Gi", "8"),
    )
    chief = text(
        *[
            f"Epoch {e}/20\n812/812 - 41s - loss: {0.61 - e * 0.02:.4f} - accuracy: 0.{900 + e * 4}"
            for e in range(1, 21)
        ],
        "wandb: ERROR Error while calling W&B API: internal database error (<Response [500]>)",
        "Exception in thread Thread-7 (_upload_artifact):",
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.11/dist-packages/wandb/sdk/internal/internal_api.py", line 366, in execute',
        "    return self.client.execute(*args, **kwargs)",
        "requests.exceptions.HTTPError: 500 Server Error: Internal Server Error for url: https://api.wandb.ai/graphql",
        "Saved model to /models/kws/final.keras",
    )
    job, pods, logs = kubeflow_with_pods(
        kind="TFJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("chief", 0, terminated(0, at(20), at(872)), log=chief),
            PodPlan("worker", 0, terminated(0, at(20), at(870)), log=text("Epoch 20/20", "812/812 - 41s")),
        ],
        conditions=[
            job_condition("Created", at(1), "TFJobCreated", f"TFJob {name} is created."),
            job_condition("Running", at(25), "TFJobRunning", f"TFJob {name} is running.", status=False),
            job_condition("Succeeded", at(873), "TFJobSucceeded", f"TFJob {ns}/{name} successfully completed."),
        ],
        statuses={"Chief": {"succeeded": 1}, "Worker": {"succeeded": 1}},
        completion=at(873),
    )
    return CaseSpec(
        id="healthy-tfjob-succeeded-traceback-in-logs",
        kind="TFJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="successfully completed",
        description="An experiment-tracker upload thread raised a 500 error near the end; the model was saved "
        "and the job succeeded.",
        objects=[job, *pods],
        logs=logs,
        captured=at(900),
    )


@SCENARIOS.add
def healthy_pod_metrics_named_error() -> CaseSpec:
    at = Clock(datetime(2026, 6, 27, 9, 0, tzinfo=timezone.utc))
    name, ns = "ocr-eval-stream", "doc-eval"
    node = "t4-eval-3"
    c = Container(
        "eval",
        "registry.corp.example/doc/ocr-eval:2.2",
        command=["python", "stream_eval.py"],
        resources=gpu(1, "16Gi", "4"),
        state=running(at(15)),
        ready=True,
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "ocr-eval"},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Running",
        node=node,
        scheduled=at(1),
        restart_policy="Always",
    )
    lines = []
    for i in range(1, 60):
        lines.append(
            f"batch {i:04d} | char_error_rate=0.0{31 + i % 7} | word_error_rate=0.0{82 + i % 9} | "
            f"decode_errors=0 | timeouts=0"
        )
        if i % 10 == 0:
            lines.append(
                f"window {i // 10}: mean_absolute_error=0.{112 + i} top1_error=0.0{40 + i % 9}, 0 errors, "
                "0 failed requests"
            )
    log = stamped(lines, at(20), 20)
    return CaseSpec(
        id="healthy-pod-metrics-named-error",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="A streaming evaluation whose metrics are error rates; nothing has failed.",
        objects=[p],
        logs={f"{name}/eval": log},
        captured=at(20 + 20 * (len(lines) - 1) + 15),
    )


@SCENARIOS.add
def healthy_job_cpu_pod_cuda_warning() -> CaseSpec:
    at = Clock(datetime(2026, 8, 14, 10, 0, tzinfo=timezone.utc))
    name, ns = "tabular-gbdt-features", "risk-ml"
    ctr = Container(
        "features",
        "registry.corp.example/risk/features:torch2.3-cu121",
        command=["python", "build_features.py", "--device", "cpu"],
        resources=cpu_only("32Gi", "16"),
    )
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=ctr, active=1, ready=1, start=at(1), conditions=[]
    )
    c = Container(
        "features", ctr.image, command=ctr.command, resources=ctr.resources, state=running(at(20)), ready=True
    )
    p = job_pod(job, [c], created=at(1), phase="Running", node="cpu-m6i-8", scheduled=at(2))
    lines = [
        "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:138: UserWarning: CUDA initialization: "
        "Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver "
        "from http://www.nvidia.com/Download/index.aspx (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:"
        "108.)",
        "  return torch._C._cuda_getDeviceCount() > 0",
    ]
    lines += [f"2026-08-14 10:{1 + i:02d}:00 INFO features: shard {i}/40 written (1.2M rows)" for i in range(1, 30)]
    return CaseSpec(
        id="healthy-job-cuda-warning-in-cpu-pod",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="A feature-building Job runs on CPU nodes with a CUDA build of torch: PyTorch warns that it "
        "finds no NVIDIA driver. The pod asked for no GPU; the warning means nothing here.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/features": text(*lines)},
        captured=at(1900),
    )
