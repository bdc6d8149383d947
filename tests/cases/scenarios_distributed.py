"""Distributed jobs: one rank fails first and the others print symptoms afterwards (NCCL
watchdog timeouts, lost peers, launchers tearing down), collectives that fail on their own,
ranks that cannot meet, and jobs that stop making progress.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
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
    node,
    node_event,
    owner_ref,
    pod,
    running,
    stamped,
    suffix,
    terminated,
    text,
    ts,
    uid,
    waiting,
)
from tests.cases.logtext import (
    HF_TRAIN_FRAMES,
    rank_traceback,
    torchrun_failed,
    torchrun_start,
    trainer_steps,
    watchdog,
)

SCENARIOS = Scenarios()


def _victim(
    steps: list[str], rank: int, host: str, fail: datetime, script: str = "train.py", timeout_ms: int = 600000
) -> str:
    """The log of a rank that waited for a dead peer: progress, the watchdog, torchrun's summary."""
    return text(
        *steps,
        *watchdog(rank, fail, 48211, timeout_ms=timeout_ms),
        *torchrun_failed(
            fail + timedelta(seconds=2),
            rank=rank,
            local_rank=rank % 8,
            exitcode=-6,
            pid=300 + rank % 8,
            host=host,
            script=script,
        ),
    )


@SCENARIOS.add
def gpu_oom_worker_found_in_previous_log() -> CaseSpec:
    at = Clock(datetime(2026, 6, 1, 8, 0, tzinfo=timezone.utc))
    name, ns = "pixart-ft", "diffusion-lab"
    ctr = Container(
        "pytorch",
        "registry.corp.example/diffusion/pixart-train:torch2.4-cu124",
        command=["torchrun", "--nnodes=4", "--nproc_per_node=8", "train_pixart.py"],
        resources=gpu(8, "700Gi", "96"),
    )
    steps = trainer_steps(10, 610, 10, loss0=0.142)
    oom, restarted, timeout = 3000, 3011, 3300
    culprit_prev = text(
        *torchrun_start(at(40)),
        *steps,
        *rank_traceback(
            21,
            [
                *HF_TRAIN_FRAMES,
                (
                    "/workspace/diffusion/model/nets/PixArt_blocks.py",
                    188,
                    "forward",
                    "attn = (q @ k.transpose(-2, -1)) * self.scale",
                ),
            ],
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 12.00 GiB. GPU 5 has a total "
            "capacity of 79.10 GiB of which 7.81 GiB is free. Including non-PyTorch memory, this process "
            "has 71.28 GiB memory in use. Of the allocated memory 63.02 GiB is allocated by PyTorch, and "
            "6.77 GiB is reserved by PyTorch but unallocated.",
        ),
        *torchrun_failed(
            at(oom - 1),
            rank=21,
            local_rank=5,
            exitcode=1,
            pid=318,
            host=f"{name}-worker-2",
            script="train_pixart.py",
            error_file="/tmp/torchelastic_x8b2/none_/attempt_0/5/error.json",
            traceback="Traceback (most recent call last):",
        ),
    )
    waiting_again = stamped(
        [
            *torchrun_start(at(restarted + 1)),
            "[I601 08:50:14.402118 1 torch/distributed/elastic/rendezvous/static_tcp_rendezvous.py:"
            "60] Creating TCPStore as the c10d::Store implementation",
        ],
        at(restarted + 1),
        0.2,
    )
    plans = []
    for role, idx, rank in (("master", 0, 3), ("worker", 0, 11), ("worker", 1, 19)):
        host = f"{name}-{role}-{idx}"
        plans.append(
            PodPlan(
                role,
                idx,
                running(at(timeout + 12)),
                last=terminated(1, at(40), at(timeout + 2)),
                restarts=1,
                log=stamped(torchrun_start(at(timeout + 13)), at(timeout + 13), 0.1),
                previous_log=_victim(steps, rank, host, at(timeout - 1), "train_pixart.py", 300000),
            )
        )
    plans.insert(
        3,
        PodPlan(
            "worker",
            2,
            running(at(restarted)),
            last=terminated(1, at(40), at(oom)),
            restarts=1,
            previous_log=culprit_prev,
            log=waiting_again,
        ),
    )
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        restart_policy="OnFailure",
        run_policy={"backoffLimit": 10, "cleanPodPolicy": "None"},
        conditions=[
            job_condition("Created", at(1), "PyTorchJobCreated", f"PyTorchJob {name} is created."),
            job_condition("Running", at(45), "PyTorchJobRunning", f"PyTorchJob {name} is running.", status=False),
            job_condition(
                "Restarting",
                at(timeout + 3),
                "PyTorchJobRestarting",
                f"PyTorchJob {name} is restarting because 1 Master replica(s) failed.",
            ),
        ],
        statuses={"Master": {"active": 1}, "Worker": {"active": 3}},
    )
    return CaseSpec(
        id="gpu-oom-worker-found-in-previous-log",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=f"{name}-worker-2",
        evidence="CUDA out of memory",
        description="Every container has restarted once (restartPolicy OnFailure) and runs again. Only worker "
        "2's previous log shows the first failure, a CUDA OOM five minutes before the other ranks' "
        "watchdog timeouts; the Restarting condition names the master.",
        objects=[job, *pods],
        logs=logs,
        captured=at(timeout + 100),
    )


@SCENARIOS.add
def oom_killed_tfjob_ps_cascade() -> CaseSpec:
    at = Clock(datetime(2026, 6, 2, 1, 0, tzinfo=timezone.utc))
    name, ns = "dlrm-tf", "feed-ranking"
    ctr = Container(
        "tensorflow",
        "registry.corp.example/feed/dlrm-tf:2.13-ps",
        command=["python", "train_dlrm.py", "--strategy=parameter_server"],
        resources=cpu_only("96Gi", "32"),
    )
    kill = 5200
    lost = (
        "tensorflow.python.framework.errors_impl.UnavailableError: From /job:ps/replica:0/task:0:\n"
        "Socket closed\nAdditional GRPC error information from remote target /job:ps/replica:0/task:0:\n"
        ':{"created":"@1780362018.118224","description":"Error received from peer '
        'ipv4:10.244.31.9:2222","grpc_message":"Socket closed","grpc_status":14}'
    )
    progress = [f"INFO:tensorflow:global_step/sec: {38.1 + i % 3 * 0.4:.2f}" for i in range(30)]
    ps_log = text(
        "2026-06-02 01:00:31.441207: I tensorflow/core/distributed_runtime/rpc/grpc_server_lib.cc:457] "
        "Started server with target: grpc://dlrm-tf-ps-0.feed-ranking.svc:2222",
        "INFO:tensorflow:Restoring embedding tables from /ckpt/dlrm/latest",
    )
    worker_log = text(
        *progress,
        "Traceback (most recent call last):",
        '  File "/app/train_dlrm.py", line 402, in <module>',
        "    coordinator.join()",
        *lost.split("\n"),
    )
    job, pods, logs = kubeflow_with_pods(
        kind="TFJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("chief", 0, terminated(1, at(25), at(kill + 22)), log=worker_log),
            PodPlan("ps", 0, terminated(137, at(25), at(kill), reason="OOMKilled"), log=ps_log),
            PodPlan("worker", 0, terminated(1, at(25), at(kill + 14)), log=worker_log),
            PodPlan("worker", 1, terminated(1, at(25), at(kill + 15)), log=worker_log),
        ],
        conditions=[
            job_condition("Created", at(1), "TFJobCreated", f"TFJob {name} is created."),
            job_condition("Running", at(30), "TFJobRunning", f"TFJob {name} is running.", status=False),
            job_condition(
                "Failed",
                at(kill + 23),
                "TFJobFailed",
                f"TFJob {ns}/{name} has failed because 1 Chief replica(s) failed.",
            ),
        ],
        statuses={"Chief": {"failed": 1}, "PS": {"failed": 1}, "Worker": {"failed": 2}},
        completion=at(kill + 23),
    )
    return CaseSpec(
        id="oom-killed-tfjob-ps-cascade",
        kind="TFJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=f"{name}-ps-0",
        evidence="OOMKilled",
        description="The parameter server holding the embedding tables is OOMKilled; workers and chief lose it "
        "('Socket closed') seconds later and the condition names the chief.",
        objects=[job, *pods],
        logs=logs,
        captured=at(kill + 120),
    )


@SCENARIOS.add
def oom_killed_mpijob_v2_launcher_signal9() -> CaseSpec:
    at = Clock(datetime(2026, 6, 3, 12, 0, tzinfo=timezone.utc))
    name, ns = "hvd-wavenet", "audio-gen"
    image = "registry.corp.example/audio/horovod-wavenet:0.28.1-torch2.1"
    worker_ctr = Container("worker", image, command=["/usr/sbin/sshd", "-De"], resources=gpu(4, "96Gi", "32"))
    launcher_ctr = Container(
        "launcher",
        image,
        command=["mpirun", "-np", "8", "--tag-output", "-bind-to", "none", "python", "train_wavenet.py"],
        resources=cpu_only("4Gi", "2"),
    )
    job = kubeflow_job(
        kind="MPIJob",
        name=name,
        namespace=ns,
        created=at(0),
        api_version="kubeflow.org/v2beta1",
        replicas={"Launcher": Replicas(1, launcher_ctr, "OnFailure"), "Worker": Replicas(2, worker_ctr, "OnFailure")},
        conditions=[
            job_condition("Created", at(1), "MPIJobCreated", f"MPIJob {ns}/{name} is created."),
            job_condition("Running", at(40), "MPIJobRunning", f"MPIJob {ns}/{name} is running.", status=False),
            job_condition("Failed", at(3903), "MPIJobFailed", f"MPIJob {ns}/{name} has failed"),
        ],
        statuses={"Launcher": {"failed": 1}, "Worker": {"active": 2}},
        start=at(1),
        completion=at(3903),
        extra_spec={"slotsPerWorker": 4, "sshAuthMountPath": "/root/.ssh", "mpiImplementation": "OpenMPI"},
    )
    launcher_job = batch_job(
        name=f"{name}-launcher",
        namespace=ns,
        created=at(30),
        container=launcher_ctr,
        owner=owner_ref(job),
        failed=1,
        start=at(30),
        conditions=[
            job_condition(
                "FailureTarget", at(3902), "BackoffLimitExceeded", "Job has reached the specified backoff limit"
            ),
            job_condition("Failed", at(3902), "BackoffLimitExceeded", "Job has reached the specified backoff limit"),
        ],
        labels={
            "training.kubeflow.org/job-name": name,
            "training.kubeflow.org/operator-name": "mpi-operator",
            "training.kubeflow.org/job-role": "launcher",
        },
    )
    kf = {"training.kubeflow.org/job-name": name, "training.kubeflow.org/operator-name": "mpi-operator"}
    launcher_name = f"{name}-launcher-{suffix(name, 'launcher')}"
    lc = Container(
        "launcher",
        image,
        command=launcher_ctr.command,
        resources=launcher_ctr.resources,
        state=terminated(137, at(35), at(3901)),
    )
    launcher_pod = pod(
        name=launcher_name,
        namespace=ns,
        owner=owner_ref(launcher_job),
        containers=[lc],
        created=at(30),
        phase="Failed",
        node="cpu-pool-c-2",
        scheduled=at(31),
        restart_policy="Never",
        labels={
            **kf,
            "training.kubeflow.org/job-role": "launcher",
            "training.kubeflow.org/replica-type": "launcher",
            "batch.kubernetes.io/controller-uid": launcher_job["metadata"]["uid"],
            "batch.kubernetes.io/job-name": f"{name}-launcher",
            "controller-uid": launcher_job["metadata"]["uid"],
            "job-name": f"{name}-launcher",
        },
    )
    workers = []
    for i in range(2):
        wc = Container(
            "worker",
            image,
            command=worker_ctr.command,
            resources=worker_ctr.resources,
            state=running(at(20)),
            ready=True,
        )
        workers.append(
            kubeflow_pod(
                job,
                "worker",
                i,
                [wc],
                created=at(2),
                phase="Running",
                node=f"a100-40g-{i + 5}",
                scheduled=at(3),
                operator="mpi-operator",
                extra_labels={"training.kubeflow.org/job-role": "worker"},
                restart_policy="OnFailure",
            )
        )
    steps = [
        f"[1,{r}]<stdout>:epoch 4 step {s} loss {2.91 - s / 9000:.4f} ({2.2 + r / 10:.2f} it/s)"
        for s in range(100, 3100, 100)
        for r in (0,)
    ]
    log = text(
        *steps,
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
        "--------------------------------------------------------------------------",
        f"mpirun noticed that process rank 6 with PID 0 on node {name}-worker-1 exited on signal 9 (Killed).",
        "--------------------------------------------------------------------------",
    )
    events = [
        event(
            launcher_job,
            "SuccessfulCreate",
            f"Created pod: {launcher_name}",
            at(30),
            type_="Normal",
            component="job-controller",
        ),
        event(
            launcher_job,
            "BackoffLimitExceeded",
            "Job has reached the specified backoff limit",
            at(3902),
            component="job-controller",
        ),
        event(job, "MPIJobFailed", f"MPIJob {ns}/{name} has failed", at(3903), component="mpi-job-controller"),
    ]
    return CaseSpec(
        id="oom-killed-mpijob-v2-launcher-signal9",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=launcher_name,
        evidence="exited on signal 9 (Killed)",
        description="mpi-operator v2beta1 runs the launcher as a batch Job. A rank on worker 1 is SIGKILLed by "
        "the kernel's OOM killer; the worker pods stay Running (their sshd is fine) and only the "
        "launcher's mpirun output says what happened.",
        objects=[job, launcher_job, launcher_pod, *workers, *events],
        logs={f"{launcher_name}/launcher": log},
        captured=at(3960),
    )


@SCENARIOS.add
def application_error_shape_mismatch_cascade() -> CaseSpec:
    at = Clock(datetime(2026, 6, 4, 14, 0, tzinfo=timezone.utc))
    name, ns = "sam-seg-ft", "seg-team"
    ctr = Container(
        "pytorch",
        "registry.corp.example/seg/sam-train:1.3-torch2.4",
        command=["torchrun", "--nnodes=4", "--nproc_per_node=8", "train.py"],
        resources=gpu(8, "600Gi", "64"),
    )
    steps = trainer_steps(10, 400, 10, loss0=0.55)
    fail = 1800
    culprit = text(
        *steps,
        *rank_traceback(
            9,
            [
                *HF_TRAIN_FRAMES,
                (
                    "/workspace/seg/heads.py",
                    61,
                    "forward",
                    "return self.proj(torch.cat([img_emb, prompt_emb], dim=-1))",
                ),
            ],
            "RuntimeError: mat1 and mat2 shapes cannot be multiplied (4096x1024 and 768x3072)",
        ),
        *torchrun_failed(
            at(fail - 1),
            rank=9,
            local_rank=1,
            exitcode=1,
            pid=301,
            host=f"{name}-worker-1",
            error_file="/tmp/torchelastic_4k1s/none_/attempt_0/1/error.json",
            traceback="Traceback (most recent call last):",
        ),
    )
    plans = [
        PodPlan(
            "master",
            0,
            terminated(1, at(50), at(fail + 605)),
            log=_victim(steps, 2, f"{name}-master-0", at(fail + 601)),
        ),
        PodPlan(
            "worker",
            0,
            terminated(1, at(50), at(fail + 604)),
            log=_victim(steps, 12, f"{name}-worker-0", at(fail + 600)),
        ),
        PodPlan("worker", 1, terminated(1, at(50), at(fail)), log=culprit),
        PodPlan(
            "worker",
            2,
            terminated(1, at(50), at(fail + 606)),
            log=_victim(steps, 27, f"{name}-worker-2", at(fail + 602)),
        ),
    ]
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        conditions=kubeflow_conditions("PyTorchJob", name, at(55), failed=("Master", at(fail + 606))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 3}},
        completion=at(fail + 606),
    )
    return CaseSpec(
        id="application-error-shape-mismatch-cascade",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="application-error",
        culprit=f"{name}-worker-1",
        evidence="mat1 and mat2 shapes cannot be multiplied",
        description="A batch with an unexpected prompt embedding size reaches rank 9 only; the others wait in "
        "the next all-reduce until the watchdog fires.",
        objects=[job, *pods],
        logs=logs,
        captured=at(fail + 700),
    )


@SCENARIOS.add
def gpu_hardware_error_fallen_off_bus_cascade() -> CaseSpec:
    at = Clock(datetime(2026, 6, 5, 2, 0, tzinfo=timezone.utc))
    name, ns = "olmo-7b-pt", "pretrain-lab"
    ctr = Container(
        "pytorch",
        "registry.corp.example/pretrain/olmo:torch2.3-cu121",
        command=["/entrypoint.sh", "torchrun", "--nnodes=4", "--nproc_per_node=8", "scripts/train.py"],
        resources=gpu(8, "1500Gi", "128"),
    )
    steps = [
        f"[2026-06-05 0{2 + i // 60}:{i % 60:02d}:11] INFO     [olmo.train:967, rank=0] [step={1200 + i * 10}"
        f"/739328]\n    train/CrossEntropyLoss={2.91 - i * 0.002:.4f}\n    throughput/device/tokens_per_second="
        f"9{400 + i}.1"
        for i in range(0, 60, 2)
    ]
    steps = [part for s in steps for part in s.split("\n")]
    fail = 3700
    culprit = text(
        *steps,
        "[rank22]:[E605 03:01:39.114207552 ProcessGroupNCCL.cpp:1515] [PG 0 (default_pg) Rank 22] Process group "
        "watchdog thread terminated with exception: CUDA error: unknown error",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might "
        "be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        *torchrun_failed(
            at(fail - 2),
            rank=22,
            local_rank=6,
            exitcode=-6,
            pid=406,
            host=f"{name}-worker-2",
            script="scripts/train.py",
        ),
        "entrypoint: training exited with status 1; GPU health check follows",
        "Unable to determine the device handle for GPU0000:9B:00.0: Unknown Error",
        "entrypoint: nvidia-smi failed with status 255",
    )
    plans = [
        PodPlan(
            "master",
            0,
            terminated(1, at(80), at(fail + 603)),
            log=_victim(steps, 1, f"{name}-master-0", at(fail + 600), "scripts/train.py"),
        ),
        PodPlan(
            "worker",
            0,
            terminated(1, at(80), at(fail + 603)),
            log=_victim(steps, 9, f"{name}-worker-0", at(fail + 600), "scripts/train.py"),
        ),
        PodPlan(
            "worker",
            1,
            terminated(1, at(80), at(fail + 604)),
            log=_victim(steps, 17, f"{name}-worker-1", at(fail + 601), "scripts/train.py"),
        ),
        PodPlan("worker", 2, terminated(1, at(80), at(fail)), log=culprit, node="h100-sxm-rack4-17"),
    ]
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        conditions=kubeflow_conditions("PyTorchJob", name, at(85), failed=("Master", at(fail + 604))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 3}},
        completion=at(fail + 604),
    )
    return CaseSpec(
        id="gpu-hardware-error-fallen-off-bus-cascade",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-hardware-error",
        culprit=f"{name}-worker-2",
        evidence="Unable to determine the device handle",
        description="A GPU on worker 2's node falls off the bus (Xid 79): CUDA reports an unknown error and "
        "nvidia-smi can no longer see the device; the other ranks abort on the NCCL watchdog.",
        objects=[job, *pods],
        logs=logs,
        captured=at(fail + 700),
    )


@SCENARIOS.add
def cuda_error_illegal_memory_access_cascade() -> CaseSpec:
    at = Clock(datetime(2026, 6, 6, 6, 0, tzinfo=timezone.utc))
    name, ns = "mamba-ssm-pt", "arch-research"
    ctr = Container(
        "pytorch",
        "registry.corp.example/arch/mamba-train:2.2.2-triton3.0",
        command=["torchrun", "--nnodes=3", "--nproc_per_node=8", "train.py", "--config", "mamba2-2.7b"],
        resources=gpu(8, "800Gi", "96"),
    )
    steps = trainer_steps(10, 300, 10, loss0=3.1)
    fail = 1400
    culprit = text(
        *steps,
        *rank_traceback(
            8,
            [
                *HF_TRAIN_FRAMES,
                (
                    "/usr/local/lib/python3.10/dist-packages/mamba_ssm/ops/triton/ssd_combined.py",
                    330,
                    "_mamba_chunk_scan_combined_fwd",
                    "states = _chunk_state_fwd(B, x, dt, dA_cumsum, seq_idx=seq_idx)",
                ),
            ],
            "RuntimeError: CUDA error: an illegal memory access was encountered\n"
            "CUDA kernel errors might be asynchronously reported at some other API call, so the "
            "stacktrace below might be incorrect.\n"
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        ),
        *torchrun_failed(
            at(fail - 1),
            rank=8,
            local_rank=0,
            exitcode=1,
            pid=300,
            host=f"{name}-worker-0",
            traceback="Traceback (most recent call last):",
        ),
    )
    plans = [
        PodPlan(
            "master",
            0,
            terminated(1, at(50), at(fail + 603)),
            log=_victim(steps, 4, f"{name}-master-0", at(fail + 600)),
        ),
        PodPlan("worker", 0, terminated(1, at(50), at(fail)), log=culprit),
        PodPlan(
            "worker",
            1,
            terminated(1, at(50), at(fail + 602)),
            log=_victim(steps, 20, f"{name}-worker-1", at(fail + 600)),
        ),
    ]
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        conditions=kubeflow_conditions("PyTorchJob", name, at(55), failed=("Master", at(fail + 604))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 2}},
        completion=at(fail + 604),
    )
    return CaseSpec(
        id="cuda-error-illegal-memory-access-cascade",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="cuda-error",
        culprit=f"{name}-worker-0",
        evidence="an illegal memory access was encountered",
        description="A custom Triton kernel reads out of bounds on rank 8; ten minutes later the others abort.",
        objects=[job, *pods],
        logs=logs,
        captured=at(fail + 700),
    )


@SCENARIOS.add
def nccl_error_unhandled_system_error_socket() -> CaseSpec:
    at = Clock(datetime(2026, 6, 7, 17, 0, tzinfo=timezone.utc))
    name, ns = "e5-embed-ft", "embeddings"
    ctr = Container(
        "pytorch",
        "nvcr.io/nvidia/pytorch:24.04-py3",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=8", "finetune_e5.py"],
        env=[{"name": "NCCL_SOCKET_IFNAME", "value": "eth0"}, {"name": "NCCL_IB_DISABLE", "value": "1"}],
        resources=gpu(8, "400Gi", "64"),
    )

    def log(rank: int, host: str, peer: str) -> str:
        return text(
            *torchrun_start(at(40)),
            f"{host}:{300 + rank % 8}:{512 + rank % 8} [{rank % 8}] NCCL INFO Bootstrap : Using eth0:{peer}<0>",
            f"{host}:{300 + rank % 8}:{1022 + rank % 8} [{rank % 8}] misc/socket.cc:484 NCCL WARN socketStartConnect: "
            "Connect to 10.244.7.31<41993> failed : Software caused connection abort",
            f"{host}:{300 + rank % 8}:{1022 + rank % 8} [{rank % 8}] NCCL INFO misc/socket.cc:565 -> 2",
            *rank_traceback(
                rank,
                [
                    ("/workspace/finetune_e5.py", 211, "<module>", "main()"),
                    (
                        "/usr/local/lib/python3.10/dist-packages/torch/nn/parallel/distributed.py",
                        825,
                        "__init__",
                        "_verify_param_shape_across_processes(self.process_group, parameters)",
                    ),
                ],
                "torch.distributed.DistBackendError: NCCL error in: "
                "../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled system error (run "
                "with NCCL_DEBUG=INFO for details), NCCL version 2.20.5\n"
                "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or "
                "device error. \nLast error:\nsocketStartConnect: Connect to 10.244.7.31<41993> failed : "
                "Software caused connection abort",
            ),
            *torchrun_failed(
                at(101),
                rank=rank,
                local_rank=rank % 8,
                exitcode=1,
                pid=300 + rank % 8,
                host=host,
                script="finetune_e5.py",
            ),
        )

    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(1, at(38), at(103)), log=log(0, f"{name}-master-0", "10.244.3.12")),
            PodPlan("worker", 0, terminated(1, at(38), at(103)), log=log(8, f"{name}-worker-0", "10.244.7.31")),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(40), failed=("Master", at(104))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1}},
        completion=at(104),
    )
    return CaseSpec(
        id="nccl-error-unhandled-system-error-socket",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="unhandled system error",
        description="NCCL's first connection between the two nodes is cut (a firewall on the data ports); both "
        "ranks fail at DDP construction.",
        objects=[job, *pods],
        logs=logs,
        captured=at(200),
    )


@SCENARIOS.add
def nccl_error_watchdog_timeout_no_failed_rank() -> CaseSpec:
    at = Clock(datetime(2026, 6, 8, 0, 0, tzinfo=timezone.utc))
    name, ns = "yi-34b-cpt", "pretrain-ops"
    ctr = Container(
        "pytorch",
        "registry.corp.example/pretrain/megatron:24.06",
        command=["torchrun", "--nnodes=3", "--nproc_per_node=8", "pretrain_gpt.py"],
        resources=gpu(8, "1500Gi", "128"),
    )
    steps = [
        f" iteration {i:8d}/  100000 | consumed samples: {i * 1024:12d} | elapsed time per iteration (ms): "
        f"{9812.4 + i % 7:.1f} | learning rate: 2.9{i % 10}E-04 | lm loss: {2.1 - i / 100000:.6E} |"
        for i in range(700, 740)
    ]
    fail = 7200
    plans = []
    for role, idx, rank, fin in (("master", 0, 3, fail + 2), ("worker", 0, 11, fail + 1), ("worker", 1, 19, fail + 2)):
        plans.append(
            PodPlan(
                role,
                idx,
                terminated(1, at(60), at(fin)),
                log=_victim(steps, rank, f"{name}-{role}-{idx}", at(fail - 2), "pretrain_gpt.py"),
            )
        )
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        conditions=kubeflow_conditions("PyTorchJob", name, at(65), failed=("Worker", at(fail + 3))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 2}},
        completion=at(fail + 3),
    )
    return CaseSpec(
        id="nccl-error-watchdog-timeout-no-failed-rank",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=None,
        evidence="Watchdog caught collective operation timeout",
        description="Every rank times out in the same all-reduce within seconds; none failed before for another "
        "reason, so the collective itself is the problem.",
        objects=[job, *pods],
        logs=logs,
        captured=at(fail + 120),
    )


@SCENARIOS.add
def rendezvous_error_client_socket_timeout() -> CaseSpec:
    at = Clock(datetime(2026, 6, 9, 9, 0, tzinfo=timezone.utc))
    name, ns = "roberta-dapt", "legal-nlp"
    ctr = Container(
        "pytorch",
        "registry.corp.example/legal/dapt:2.3",
        command=[
            "torchrun",
            "--nnodes=3",
            "--nproc_per_node=4",
            "--rdzv_backend=c10d",
            f"--rdzv_endpoint={name}-master-0:23456",
            "run_mlm.py",
        ],
        resources=gpu(4, "200Gi", "32"),
    )
    master = text(
        *torchrun_start(at(40)),
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_'
        'backend.py", line 155, in _create_tcp_store',
        "    store = TCPStore(",
        "torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients. 1/3 clients joined.",
    )

    def worker(host: str) -> str:
        return text(
            *torchrun_start(at(41)),
            "[W609 09:15:41.118204 1 socket.cpp:697] [c10d] The client socket has timed out after 900000ms while "
            f"trying to connect to ({name}-master-0, 23456).",
            "Traceback (most recent call last):",
            '  File "/usr/local/bin/torchrun", line 8, in <module>',
            "    sys.exit(main())",
            "torch.distributed.DistNetworkError: The client socket has timed out after 900000ms while trying to "
            f"connect to ({name}-master-0, 23456).",
        )

    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(1, at(39), at(942)), log=master),
            PodPlan("worker", 0, terminated(1, at(40), at(942)), log=worker(f"{name}-worker-0")),
            PodPlan("worker", 1, terminated(1, at(40), at(943)), log=worker(f"{name}-worker-1")),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(42), failed=("Master", at(944))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 2}},
        completion=at(944),
    )
    return CaseSpec(
        id="rendezvous-error-client-socket-timeout",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="timed out",
        description="A NetworkPolicy drops traffic to the rendezvous port: the master's store waits for clients "
        "that cannot reach it, and both sides give up after 15 minutes.",
        objects=[job, *pods],
        logs=logs,
        captured=at(1000),
    )


@SCENARIOS.add
def rendezvous_error_jaxjob_barrier_timeout() -> CaseSpec:
    at = Clock(datetime(2026, 6, 10, 22, 0, tzinfo=timezone.utc))
    name, ns = "maxtext-8b", "jax-llm"
    ctr = Container(
        "jax",
        "ghcr.io/nvidia/jax:maxtext-2024-11-04",
        command=["python3", "-m", "MaxText.train", "MaxText/configs/base.yml"],
        resources=gpu(8, "1000Gi", "96"),
    )
    w0 = text(
        "I0610 22:00:41.552210 139914 distributed.py:89] Starting JAX distributed service on [::]:6666",
        "I0610 22:00:41.553012 139914 distributed.py:106] Connecting to JAX distributed service on "
        f"{name}-worker-0:6666",
        "E0610 22:05:41.560714 140021 coordination_service.cc:1011] Stopping coordination service as cluster "
        "registration failed. This may be due to 1) some tasks crashed earlier before connecting, 2) some tasks "
        "were never scheduled, or 3) scheduling delays.",
        "Traceback (most recent call last):",
        '  File "/opt/maxtext/MaxText/train.py", line 1011, in <module>',
        "    jax.distributed.initialize()",
        "jaxlib.xla_extension.XlaRuntimeError: DEADLINE_EXCEEDED: Barrier timed out. Id: "
        "[Init]Wait_for_all_tasks_to_register::0. This usually happens because a task triggered the barrier too "
        "early or too slowly. Please look at the task logs (both timed out and first task) to debug further.",
    )
    w1 = text(
        "I0610 22:00:44.018234 140233 distributed.py:106] Connecting to JAX distributed service on "
        f"{name}-worker-0.{name}:6666",
        "Traceback (most recent call last):",
        '  File "/opt/maxtext/MaxText/train.py", line 1011, in <module>',
        "    jax.distributed.initialize()",
        "jaxlib.xla_extension.XlaRuntimeError: DEADLINE_EXCEEDED: Deadline Exceeded",
        "Additional GRPC error information from remote target coordination_service while calling "
        "/tensorflow.CoordinationService/RegisterTask:",
    )
    job, pods, logs = kubeflow_with_pods(
        kind="JAXJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("worker", 0, terminated(1, at(38), at(343)), log=w0),
            PodPlan("worker", 1, terminated(1, at(40), at(345)), log=w1),
        ],
        conditions=kubeflow_conditions("JAXJob", name, at(42), failed=("Worker", at(346))),
        statuses={"Worker": {"failed": 2}},
        completion=at(346),
    )
    return CaseSpec(
        id="rendezvous-error-jaxjob-barrier-timeout",
        kind="JAXJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="Barrier timed out",
        description="Process 1 dials a coordinator name that does not resolve to process 0's service; process 0's "
        "registration barrier times out after five minutes.",
        objects=[job, *pods],
        logs=logs,
        captured=at(400),
    )


@SCENARIOS.add
def stalled_pytorchjob_silent_hang() -> CaseSpec:
    at = Clock(datetime(2026, 6, 11, 3, 0, tzinfo=timezone.utc))
    name, ns = "nemotron-sft", "llm-align"
    ctr = Container(
        "pytorch",
        "nvcr.io/nvidia/nemo:24.07",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=8", "megatron_gpt_finetuning.py"],
        resources=gpu(8, "1000Gi", "96"),
    )
    lines = [
        f"Epoch 0: : {i}/8000 [{i * 44 // 60:02d}:{i * 44 % 60:02d}<4:10:11, "
        f"reduced_train_loss={1.9 - i / 900:.3f}, "
        f"global_step={i}.0, consumed_samples={i * 256}.0, train_step_timing in s=43.9]"
        for i in range(1, 82)
    ]
    last = at(60 + 80 * 44)

    def plan(role: str, idx: int) -> PodPlan:
        return PodPlan(role, idx, running(at(55)), log=stamped(lines, at(60), 44))

    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[plan("master", 0), plan("worker", 0)],
        restart_policy="OnFailure",
        conditions=kubeflow_conditions("PyTorchJob", name, at(1)),
        statuses={"Master": {"active": 1}, "Worker": {"active": 1}},
    )
    return CaseSpec(
        id="stalled-pytorchjob-silent-hang",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        culprit=None,
        evidence=last.strftime("%H:%M:%S"),
        description="Both pods run, but after step 81 (a line every 44 s) nothing has been printed for two hours.",
        objects=[job, *pods],
        logs=logs,
        captured=last + timedelta(hours=2, minutes=3),
    )


@SCENARIOS.add
def stalled_pod_restart_loop_exit_zero() -> CaseSpec:
    at = Clock(datetime(2026, 6, 12, 7, 0, tzinfo=timezone.utc))
    name, ns = "embedding-refresh", "recs-online"
    node = "cpu-m6a-12"
    c = Container(
        "refresh",
        "registry.corp.example/recs/embedding-refresh:4.0",
        command=["python", "refresh.py"],
        resources=cpu_only("8Gi", "4"),
        state=waiting("CrashLoopBackOff", "back-off 5m0s restarting failed container=refresh"),
        last=terminated(0, at(6900), at(6904)),
        restarts=23,
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "embedding-refresh"},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Running",
        node=node,
        scheduled=at(1),
        restart_policy="Always",
    )
    prev = text(
        "2026-06-12 08:55:00,114 INFO refresh: checking item queue",
        "2026-06-12 08:55:03,902 INFO refresh: no new items to embed; exiting",
    )
    events = [
        event(
            p,
            "BackOff",
            "Back-off restarting failed container refresh in pod " + name,
            at(300),
            last=at(7000),
            count=271,
            host=node,
        )
    ]
    return CaseSpec(
        id="stalled-pod-restart-loop-exit-zero",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        culprit=name,
        evidence="CrashLoopBackOff",
        description="A queue consumer written as a one-shot script exits 0 when the queue is empty; with "
        "restartPolicy Always it loops forever without an error.",
        objects=[p, *events],
        logs={f"{name}/refresh.previous": prev},
        captured=at(7010),
    )


@SCENARIOS.add
def unknown_rank_exits_silently_peers_remote_error() -> CaseSpec:
    at = Clock(datetime(2026, 6, 13, 15, 0, tzinfo=timezone.utc))
    name, ns = "siglip-ft", "vl-align"
    ctr = Container(
        "pytorch",
        "registry.corp.example/vl/open-clip-train:2.26",
        command=["torchrun", "--nnodes=3", "--nproc_per_node=8", "-m", "open_clip_train.main"],
        resources=gpu(8, "700Gi", "96"),
    )
    steps = [
        f"2026-06-13,15:{10 + i // 4:02d}:{(i * 15) % 60:02d} | INFO | Train Epoch: 2 [{i * 16384:>9d}/"
        f"12800000 ({i / 7.8:.0f}%)] Data (t): 0.112 Batch (t): 1.402, 11686.3/s, 487.0/s/gpu LR: 0.000500 "
        f"Logit Scale: 99.9 Contrastive_loss: {1.91 - i / 900:.4f}"
        for i in range(1, 60)
    ]
    silent_at = 1850

    def peer(rank: int, host: str, fin: int) -> str:
        return text(
            *steps,
            *rank_traceback(
                rank,
                [
                    (
                        "/usr/local/lib/python3.10/dist-packages/open_clip_train/train.py",
                        155,
                        "train_one_epoch",
                        "total_loss.backward()",
                    )
                ],
                "torch.distributed.DistBackendError: NCCL error in: "
                "../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, remote process exited or there was a "
                "network error, NCCL version 2.21.5\nncclRemoteError: A call failed possibly due to a "
                "network error or a remote process exiting prematurely.",
            ),
            *torchrun_failed(
                at(fin - 1),
                rank=rank,
                local_rank=rank % 8,
                exitcode=1,
                pid=300 + rank % 8,
                host=host,
                script="open_clip_train.main",
            ),
        )

    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan(
                "master", 0, terminated(1, at(60), at(silent_at + 9)), log=peer(5, f"{name}-master-0", silent_at + 9)
            ),
            PodPlan(
                "worker", 0, terminated(1, at(60), at(silent_at + 8)), log=peer(12, f"{name}-worker-0", silent_at + 8)
            ),
            PodPlan("worker", 1, terminated(1, at(60), at(silent_at)), log=text(*steps)),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(62), failed=("Master", at(silent_at + 10))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 2}},
        completion=at(silent_at + 10),
    )
    return CaseSpec(
        id="unknown-rank-exits-silently-peers-remote-error",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="unknown",
        culprit=f"{name}-worker-1",
        evidence="exit code 1",
        description="Worker 1 exits 1 without a word; seconds later the others raise ncclRemoteError ('remote "
        "process exited or there was a network error'), which reports the dead peer and is no cause "
        "of its own.",
        objects=[job, *pods],
        logs=logs,
        captured=at(silent_at + 100),
    )


@SCENARIOS.add
def rendezvous_error_store_based_barrier_timeout() -> CaseSpec:
    at = Clock(datetime(2026, 6, 14, 2, 0, tzinfo=timezone.utc))
    name, ns = "detr-coco-ft", "det-legacy"
    ctr = Container(
        "pytorch",
        "pytorch/pytorch:1.13.1-cuda11.6-cudnn8-runtime",
        command=[
            "python",
            "-m",
            "torch.distributed.launch",
            "--nproc_per_node=8",
            "--nnodes=3",
            "main.py",
            "--coco_path",
            "/data/coco",
        ],
        env=[{"name": "WORLD_SIZE", "value": "3"}],
        resources=gpu(8, "400Gi", "64"),
    )

    def log(rank: int) -> str:
        return text(
            "/opt/conda/lib/python3.10/site-packages/torch/distributed/launch.py:181: FutureWarning: The module "
            "torch.distributed.launch is deprecated and will be removed in future. Use torchrun.",
            f"| distributed init (rank {rank}): env://",
            "Traceback (most recent call last):",
            '  File "/workspace/detr/main.py", line 248, in <module>',
            "    main(args)",
            '  File "/workspace/detr/util/misc.py", line 437, in init_distributed_mode',
            "    torch.distributed.init_process_group(backend=args.dist_backend, init_method=args.dist_url,",
            "RuntimeError: Timed out initializing process group in store based barrier on rank: "
            f"{rank}, for key: store_based_barrier_key:1 (world_size=24, worker_count=16, timeout=0:30:00)",
        )

    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(1, at(30), at(1835)), log=log(0)),
            PodPlan("worker", 0, terminated(1, at(30), at(1835)), log=log(8)),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(32), failed=("Master", at(1836))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1}},
        completion=at(1836),
    )
    return CaseSpec(
        id="rendezvous-error-store-based-barrier-timeout",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="store based barrier",
        description="--nnodes=3 with only two replicas: 16 of 24 ranks reach the store-based barrier and it "
        "times out after 30 minutes (torch 1.x wording).",
        objects=[job, *pods],
        logs=logs,
        captured=at(1900),
    )


# -- progress judged on the container that reports it ---------------------------------------


@SCENARIOS.add
def stalled_job_progress_bar_says_steps_take_seconds() -> CaseSpec:
    at = Clock(datetime(2026, 6, 14, 2, 0, tzinfo=timezone.utc))
    name, ns = "vit-h-distill", "vision-research"
    image = "registry.corp.example/vision/distill:lightning2.3-cu121"
    ctr = Container(
        "trainer",
        image,
        command=["python", "train_distill.py", "--devices=8", "--max_steps=2000"],
        resources=gpu(8, "640Gi", "64"),
    )
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=ctr, active=1, ready=1, start=at(1), conditions=[]
    )
    c = Container("trainer", image, command=ctr.command, resources=ctr.resources, state=running(at(30)), ready=True)
    p = job_pod(job, [c], created=at(1), phase="Running", node="h100-d-07", scheduled=at(2))
    # Lightning's bar goes to stderr without a time of its own; the checkpoint callback logs
    # with its time every 200 steps. The bar says a step takes 6 s.
    lines = [
        "2026-06-14 02:00:40,118 INFO distill: world size 8, 2000 steps per epoch",
        "Epoch 0:   0%|          | 0/2000 [00:00<?, ?it/s]",
    ]
    for step in range(200, 1001, 200):
        done = step * 6.01
        lines.append(
            f"Epoch 0:  {step // 20:2d}%|{'█' * (step // 200)}{' ' * (10 - step // 200)}| {step}/2000 "
            f"[{int(done // 3600)}:{int(done % 3600 // 60):02d}:{int(done % 60):02d}<"
            f"{int((12020 - done) // 3600)}:{int((12020 - done) % 3600 // 60):02d}:00,  6.01s/it, v_num=3, "
            f"train_loss={2.6 - step / 1000:.2f}]"
        )
        t = at(40 + done + 3)
        lines.append(
            f"{t.strftime('%Y-%m-%d %H:%M:%S')},551 INFO distill: saved checkpoint step={step} to "
            f"/ckpt/vit-h/step-{step}.ckpt"
        )
    lines.append("Epoch 0:  51%|█████     | 1020/2000 [1:42:10<1:38:10,  6.01s/it, v_num=3, train_loss=1.83]")
    last = at(40 + 1000 * 6.01 + 3)
    return CaseSpec(
        id="stalled-job-progress-bar-says-steps-take-seconds",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        culprit=p["metadata"]["name"],
        evidence="1020/2000",
        description="A Lightning job logs a timed line only at each checkpoint (every 20 minutes); its untimed "
        "progress bar says a step takes 6 s. Three hours after step 1020 nothing has come: by the "
        "checkpoints' own pace it is not late, by the bar's it hangs.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/trainer": text(*lines)},
        captured=last + timedelta(hours=3),
    )


@SCENARIOS.add
def healthy_pytorchjob_ranks_quiet_after_startup() -> CaseSpec:
    at = Clock(datetime(2026, 6, 15, 6, 0, tzinfo=timezone.utc))
    name, ns = "qwen2-72b-cpt", "llm-pretrain"
    ctr = Container(
        "pytorch",
        "registry.corp.example/llm/megatron:24.09",
        command=["torchrun", "--nnodes=3", "--nproc_per_node=8", "pretrain_gpt.py"],
        resources=gpu(8, "1800Gi", "96"),
    )
    start = [f"[INFO] rank {r}: initialized torch.distributed (nccl), world size 24" for r in range(8)]
    master = stamped(
        [
            *start,
            *(
                f" [2026-06-15 {6 + (60 + i * 95) // 3600:02d}:{(60 + i * 95) % 3600 // 60:02d}:"
                f"{(60 + i * 95) % 60:02d}] iteration {i * 10:8d}/  120000 | consumed samples: "
                f"{i * 10 * 1024:10d} | elapsed time per iteration (ms): 9512.4 | lm loss: "
                f"{2.9 - i * 0.004:.6E} |"
                for i in range(1, 160)
            ),
        ],
        at(60),
        [0.01] * 8 + [95],
    )
    plans = [PodPlan("master", 0, running(at(55)), log=master)]
    for i in (0, 1):
        plans.append(
            PodPlan(
                "worker",
                i,
                running(at(55)),
                log=stamped(
                    [
                        f"[INFO] rank {8 * (i + 1) + r}: initialized torch.distributed (nccl), world size 24"
                        for r in range(8)
                    ],
                    at(61),
                    0.01,
                ),
            )
        )
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        restart_policy="OnFailure",
        conditions=kubeflow_conditions("PyTorchJob", name, at(1)),
        statuses={"Master": {"active": 1}, "Worker": {"active": 2}},
    )
    return CaseSpec(
        id="healthy-pytorchjob-ranks-quiet-after-startup",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="Megatron prints progress on the last rank of the master only: the workers' logs stop after "
        "start-up, four hours ago, while the master reports an iteration every 95 s. Quiet by design.",
        objects=[job, *pods],
        logs=logs,
        captured=at(60 + 159 * 95 + 40),
    )


@SCENARIOS.add
def stalled_pytorchjob_hangs_at_first_step_quiet_workers() -> CaseSpec:
    at = Clock(datetime(2026, 6, 16, 9, 0, tzinfo=timezone.utc))
    name, ns = "mixtral-dpo", "llm-align"
    ctr = Container(
        "pytorch",
        "registry.corp.example/llm/trl:0.12-ds0.15",
        command=["accelerate", "launch", "--num_machines=3", "dpo.py"],
        resources=gpu(8, "1800Gi", "96"),
    )
    shards = [
        f"Loading checkpoint shards: {p:3d}%|{'█' * (p // 10)}{' ' * (10 - p // 10)}| {p * 19 // 100}/19 "
        f"[{p * 19 // 100 * 21 // 60:02d}:{p * 19 // 100 * 21 % 60:02d}<00:00, 21.0s/it]"
        for p in (100,)
    ]
    header = [
        "***** Running training *****",
        "  Num examples = 61,135",
        "  Num Epochs = 1",
        "  Total optimization steps = 3000",
    ]
    master = stamped([*shards, *header, "  0%|          | 0/3000 [00:00<?, ?it/s]"], at(460), [1, 0.01, 0.01, 0.01, 2])
    plans = [PodPlan("master", 0, running(at(40)), log=master)]
    for i in (0, 1):
        plans.append(PodPlan("worker", i, running(at(40)), log=stamped(shards, at(459 + i), 1)))
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        restart_policy="OnFailure",
        conditions=kubeflow_conditions("PyTorchJob", name, at(1)),
        statuses={"Master": {"active": 1}, "Worker": {"active": 2}},
    )
    return CaseSpec(
        id="stalled-pytorchjob-hangs-at-first-step-quiet-workers",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        culprit=f"{name}-master-0",
        evidence="0/3000",
        description="The master's progress bar appears at step 0 and nothing follows for five hours; the workers, "
        "which print nothing after loading the model, went quiet a little earlier - by design.",
        objects=[job, *pods],
        logs=logs,
        captured=at(465 + 5 * 3600),
    )


def _running_mpijob(at: Clock, name: str, ns: str, launcher_cmd: list[str], nodes: str) -> tuple[list[Obj], str]:
    """An mpi-operator v2beta1 MPIJob that runs: a launcher (a batch Job's pod) and two sshd
    workers with 4 GPUs each. The objects and the launcher pod's name."""
    image = "horovod/horovod:0.28.1"
    worker_ctr = Container("worker", image, command=["/usr/sbin/sshd", "-De"], resources=gpu(4, "240Gi", "32"))
    launcher_ctr = Container("launcher", image, command=launcher_cmd, resources=cpu_only("4Gi", "2"))
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
    kf = {"training.kubeflow.org/job-name": name, "training.kubeflow.org/operator-name": "mpi-operator"}
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
        labels={**kf, "training.kubeflow.org/job-role": "launcher"},
    )
    launcher_name = f"{name}-launcher-{suffix(name, 'launcher')}"
    launcher = pod(
        name=launcher_name,
        namespace=ns,
        owner=owner_ref(launcher_job),
        created=at(30),
        phase="Running",
        node="cpu-pool-d-2",
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
            **kf,
            "training.kubeflow.org/job-role": "launcher",
            "training.kubeflow.org/replica-type": "launcher",
            "batch.kubernetes.io/controller-uid": launcher_job["metadata"]["uid"],
            "batch.kubernetes.io/job-name": f"{name}-launcher",
            "controller-uid": launcher_job["metadata"]["uid"],
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
            node=f"{nodes}-{i + 1}",
            scheduled=at(3),
            operator="mpi-operator",
            extra_labels={"training.kubeflow.org/job-role": "worker"},
        )
        for i in range(2)
    ]
    return [job, launcher_job, launcher, *workers], launcher_name


@SCENARIOS.add
def stalled_mpijob_horovod_rank_never_submits() -> CaseSpec:
    at = Clock(datetime(2026, 6, 17, 13, 0, tzinfo=timezone.utc))
    name, ns = "hvd-bert-squad", "nlp-train"
    objects, launcher_name = _running_mpijob(
        at, name, ns, ["horovodrun", "-np", "8", "python", "run_squad_hvd.py"], "a100-e"
    )
    steps = [
        f"[1,0]<stdout>:Iteration:  {p:3d}%|{'#' * (p // 10):10s}| {p * 52:4d}/5202 [{p * 52 * 2 // 60:02d}:"
        f"{p * 52 * 2 % 60:02d}<..., 1.98it/s, loss=1.2{p % 10}]"
        for p in range(1, 38)
    ]
    stall = (
        "[1,0]<stderr>:[2026-06-17 14:05:12.881902: W /tmp/pip-install-x2b7/horovod_0f5e/horovod/common/"
        "stall_inspector.cc:107] One or more tensors were submitted to be reduced, gathered or broadcasted by "
        "subset of ranks and are waiting for remainder of ranks for more than 60 seconds. This may indicate "
        "that different ranks are trying to submit different tensors or that only subset of ranks is "
        "submitting tensors, which will cause deadlock. "
    )
    missing = [
        "[1,0]<stderr>:Missing ranks:",
        "[1,0]<stderr>:5: [DistributedAdam_Allreduce/cond_124/HorovodAllreduce_bert_encoder_layer_11_output_"
        "dense_kernel_0]",
        "[1,0]<stderr>:5: [DistributedAdam_Allreduce/cond_125/HorovodAllreduce_bert_encoder_layer_11_output_"
        "LayerNorm_gamma_0]",
    ]
    lines = [*steps, *[x for _ in range(6) for x in (stall, *missing)]]
    gaps = [58] * (len(steps) - 1) + [60] + [0.01, 0.01, 0.01, 60] * 6
    log = stamped(lines, at(60), gaps[: len(lines) - 1])
    return CaseSpec(
        id="stalled-mpijob-horovod-rank-never-submits",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        culprit=launcher_name,
        evidence="waiting for remainder of ranks",
        description="Horovod's stall inspector reports, every minute, that rank 5 never submits the tensors the "
        "other ranks wait for; the job still runs and makes no progress.",
        objects=objects,
        logs={f"{launcher_name}/launcher": log},
        captured=at(60 + sum(gaps[: len(lines) - 1]) + 50),
    )


@SCENARIOS.add
def healthy_mpijob_horovod_stall_warning_then_training() -> CaseSpec:
    at = Clock(datetime(2026, 6, 18, 8, 0, tzinfo=timezone.utc))
    name, ns = "hvd-effnet", "vision-train"
    objects, launcher_name = _running_mpijob(
        at, name, ns, ["horovodrun", "-np", "8", "python", "train_effnet.py"], "a100-f"
    )
    # Rank 0 reads the whole dataset index before its first broadcast: the others wait a
    # minute and the stall inspector says so, once; then training runs.
    warn = (
        "[1,1]<stderr>:[2026-06-18 08:02:44.019288: W /tmp/pip-install-k2/horovod_7a/horovod/common/"
        "stall_inspector.cc:107] One or more tensors were submitted to be reduced, gathered or broadcasted by "
        "subset of ranks and are waiting for remainder of ranks for more than 60 seconds. This may indicate "
        "that different ranks are trying to submit different tensors or that only subset of ranks is "
        "submitting tensors, which will cause deadlock. "
    )
    lines = [
        "[1,0]<stdout>:Loading dataset index from /data/imagenet-wds (1281 shards)",
        warn,
        "[1,1]<stderr>:Missing ranks:",
        "[1,1]<stderr>:0: [broadcast.model.stem.conv.weight]",
    ]
    lines += [
        f"[1,0]<stdout>:Train Epoch #1: {i:3d}%|{'#' * (i // 10):10s}| {i * 25}/2502 [{i * 25 // 60:02d}:"
        f"{i * 25 % 60:02d}<..., 4.1it/s, loss={6.9 - i * 0.02:.2f}]"
        for i in range(1, 25)
    ]
    gaps = [95, 0.01, 0.01, 61] + [60] * 23
    return CaseSpec(
        id="healthy-mpijob-horovod-stall-warning-then-training",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="Horovod's stall inspector warns once at start-up while rank 0 reads its dataset index; "
        "training then runs for half an hour: a warning it got past, not a hang.",
        objects=objects,
        logs={f"{launcher_name}/launcher": stamped(lines, at(40), gaps)},
        captured=at(40 + sum(gaps) + 30),
    )


@SCENARIOS.add
def gpu_hardware_error_node_xid_silent_rank() -> CaseSpec:
    at = Clock(datetime(2026, 6, 19, 1, 0, tzinfo=timezone.utc))
    name, ns = "llama3-70b-sft", "llm-align"
    ctr = Container(
        "pytorch",
        "registry.corp.example/llm/sft:torch2.4-cu124",
        command=["torchrun", "--nnodes=4", "--nproc_per_node=8", "sft.py"],
        resources=gpu(8, "1800Gi", "96"),
    )
    steps = trainer_steps(10, 1200, 10, loss0=1.4, total=6000)
    lost, timeout = 4100, 4100 + 600
    plans = []
    for role, i, rank in (("master", 0, 0), ("worker", 0, 8), ("worker", 1, 16), ("worker", 2, 24)):
        host = f"h100-g-{rank // 8 + 31}"
        if (role, i) == ("worker", 1):
            # Its GPU fell off the bus: the process died without a word of its own.
            plans.append(
                PodPlan(
                    role, i, terminated(1, at(40), at(lost + 2)), node=host, log=text(*torchrun_start(at(40)), *steps)
                )
            )
            continue
        plans.append(
            PodPlan(
                role,
                i,
                terminated(1, at(40), at(timeout + 3)),
                node=host,
                log=text(
                    *torchrun_start(at(40)),
                    *steps,
                    *watchdog(rank + 3, at(timeout), 61204),
                    *torchrun_failed(
                        at(timeout + 2),
                        rank=rank + 3,
                        local_rank=3,
                        exitcode=-6,
                        pid=415,
                        host=f"{name}-{role}-{i}",
                        script="sft.py",
                    ),
                ),
            )
        )
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        conditions=kubeflow_conditions("PyTorchJob", name, at(1), failed=("Master", at(timeout + 5))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 3}},
        completion=at(timeout + 5),
    )
    bad = node("h100-g-33", at(-86400))
    xid = node_event(
        bad,
        "XidCriticalError",
        "NVRM: Xid (PCI:0000:9b:00): 79, pid=40231, name=python, GPU has fallen off the bus.",
        at(lost),
        component="node-problem-detector",
    )
    fine = node("h100-g-31", at(-86400))
    return CaseSpec(
        id="gpu-hardware-error-node-xid-silent-rank",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-hardware-error",
        culprit=f"{name}-worker-1",
        evidence="fallen off the bus",
        description="A GPU of worker 1's node falls off the bus (Xid 79, reported by node-problem-detector as a "
        "Node event); worker 1 dies without a line of its own and ten minutes later the other ranks "
        "time out in the NCCL watchdog.",
        objects=[job, *pods, bad, fine, xid],
        logs=logs,
        captured=at(timeout + 300),
    )


def _recreated_rank(
    at: Clock, name: str, ns: str, gone_at: float, events_of_old: list[tuple[str, str, str]]
) -> tuple[list[Obj], dict[str, str], str]:
    """A PyTorchJob whose worker 1 was removed at ``gone_at`` and recreated under its own name
    (a new uid) by the operator; the master and worker 0 then time out in the NCCL watchdog.
    ``events_of_old`` are (reason, message, type) events about the removed pod's old uid."""
    ctr = Container(
        "pytorch",
        "registry.corp.example/vision/det-train:torch2.3",
        command=["torchrun", "--nnodes=3", "--nproc_per_node=8", "train_det.py"],
        resources=gpu(8, "900Gi", "64"),
    )
    steps = trainer_steps(10, 700, 10, loss0=0.9, total=3000)
    timeout = gone_at + 600
    plans = [
        PodPlan(
            role,
            i,
            terminated(1, at(40), at(timeout + 3)),
            log=text(
                *torchrun_start(at(40)),
                *steps,
                *watchdog(rank + 1, at(timeout), 30117),
                *torchrun_failed(
                    at(timeout + 2),
                    rank=rank + 1,
                    local_rank=1,
                    exitcode=-6,
                    pid=302,
                    host=f"{name}-{role}-{i}",
                    script="train_det.py",
                ),
            ),
        )
        for role, i, rank in (("master", 0, 0), ("worker", 0, 8))
    ]
    plans.append(PodPlan("worker", 1, running(at(gone_at + 20)), log=text(*torchrun_start(at(gone_at + 20)))))
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        conditions=kubeflow_conditions("PyTorchJob", name, at(1), failed=("Master", at(timeout + 5))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1, "active": 1}},
        completion=at(timeout + 5),
    )
    # The pod there now is the one the operator created after the old one went away.
    new = pods[-1]
    new["metadata"]["creationTimestamp"] = new["status"]["startTime"] = ts(at(gone_at + 2))
    for c in new["status"]["conditions"]:
        c["lastTransitionTime"] = max(c["lastTransitionTime"], ts(at(gone_at + 3)))
    old = dict(new)
    old["metadata"] = {**new["metadata"], "uid": uid(ns, "pod", f"{name}-worker-1", "before")}
    events = [
        event(old, reason, message, at(gone_at), type_=type_, host="h100-h-17", component=component)
        for reason, message, type_, component in [(*e, "kubelet") for e in events_of_old]
    ]
    return [job, *pods, *events], logs, f"{name}-worker-1"


@SCENARIOS.add
def preempted_pytorchjob_worker_recreated_under_its_name() -> CaseSpec:
    at = Clock(datetime(2026, 6, 20, 3, 0, tzinfo=timezone.utc))
    name, ns = "det-dino-large", "vision-train"
    objects, logs, culprit = _recreated_rank(
        at,
        name,
        ns,
        2500,
        [
            ("Preempted", "Preempted by pod 5d2a9c1e-77b0-4b6e-a0f4-1c9e3b2d8f6a on node h100-h-17", "Normal"),
            ("Killing", "Stopping container pytorch", "Normal"),
        ],
    )
    return CaseSpec(
        id="preempted-pytorchjob-worker-recreated-under-its-name",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="preempted",
        culprit=culprit,
        evidence="Preempted by pod",
        description="Worker 1 is preempted and the operator recreates it under the same name: only the events of "
        "its old uid tell. The master and worker 0 time out waiting for the rank that vanished.",
        objects=objects,
        logs=logs,
        captured=at(3300),
    )


@SCENARIOS.add
def killed_externally_pytorchjob_rank_deleted_recreated_same_name() -> CaseSpec:
    at = Clock(datetime(2026, 6, 21, 3, 0, tzinfo=timezone.utc))
    name, ns = "det-yolo-xl", "vision-train"
    objects, logs, culprit = _recreated_rank(at, name, ns, 1800, [("Killing", "Stopping container pytorch", "Normal")])
    return CaseSpec(
        id="killed-externally-pytorchjob-rank-deleted-recreated-same-name",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="killed-externally",
        culprit=culprit,
        evidence="Stopping container pytorch",
        description="Someone deletes worker 1 with kubectl; the operator recreates it under the same name. All "
        "that is left of the deletion is a Killing event on the old uid; ten minutes later the other "
        "ranks time out in the NCCL watchdog.",
        objects=objects,
        logs=logs,
        captured=at(2600),
    )
