"""Cases where the training program itself fails: memory, accelerators, shared memory, disks,
packages, files, the network, divergence, CUDA, GPUs, native crashes, permissions and plain
bugs. Error text as frameworks print it (pytorch/pytorch, huggingface/*, microsoft/DeepSpeed,
vllm-project/vllm, PaddlePaddle/Paddle, jax-ml/jax, tensorflow/tensorflow, dmlc/xgboost
issue threads).
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    PodPlan,
    Scenarios,
    cpu_only,
    event,
    failed_job,
    gpu,
    job_condition,
    kubeflow_conditions,
    kubeflow_with_pods,
    pod,
    running,
    stamped,
    terminated,
    text,
    waiting,
)
from tests.cases.logtext import rank_traceback, torchrun_failed, torchrun_start, trainer_steps, watchdog

SCENARIOS = Scenarios()


def backoff_conditions(at_s: datetime) -> list[dict[str, object]]:
    return [
        job_condition("FailureTarget", at_s, "BackoffLimitExceeded", "Job has reached the specified backoff limit"),
        job_condition("Failed", at_s, "BackoffLimitExceeded", "Job has reached the specified backoff limit"),
    ]


@SCENARIOS.add
def oom_killed_paddlejob_dataloader_killed() -> CaseSpec:
    at = Clock(datetime(2026, 5, 2, 4, 0, tzinfo=timezone.utc))
    name, ns = "ppocr-rec", "doc-ai"
    ctr = Container(
        "paddle",
        "paddlepaddle/paddle:2.6.1-gpu-cuda12.0-cudnn8.9-trt8.6",
        command=[
            "python",
            "-m",
            "paddle.distributed.launch",
            "--gpus=0,1,2,3",
            "tools/train.py",
            "-c",
            "configs/rec/PP-OCRv4/ch_PP-OCRv4_rec.yml",
        ],
        resources=gpu(4, "60Gi", "24"),
    )
    steps = [
        f"[2026/05/02 04:{10 + i:02d}:0{i % 10}] ppocr INFO: epoch: [1/200], global_step: {i * 10}, lr: 0.000500, "
        f"acc: 0.{40 + i}1000, norm_edit_dis: 0.{70 + i}52, CTCLoss: {9.1 - i * 0.2:.4f}, "
        f"loss: {9.3 - i * 0.2:.4f},"
        " avg_reader_cost: 0.31 s, avg_batch_cost: 0.52 s, avg_samples: 192.0, ips: 368.2 samples/s"
        for i in range(1, 20)
    ]
    w0 = text(
        "LAUNCH INFO 2026-05-02 04:00:41,210 -----------  Configuration  ----------------------",
        "LAUNCH INFO 2026-05-02 04:00:41,210 devices: 0,1,2,3",
        "LAUNCH INFO 2026-05-02 04:00:41,211 nnodes: 2",
        "LAUNCH INFO 2026-05-02 04:00:41,523 Waiting peer start...",
        "LAUNCH INFO 2026-05-02 04:00:47,991 Run Pod: zexlfr, replicas 4, status ready",
        "LAUNCH INFO 2026-05-02 04:00:48,014 Watching Pod: zexlfr, replicas 4, status running",
        *steps,
        "LAUNCH ERROR 2026-05-02 04:29:12,407 Container failed !!!",
        "Container rank 2 status failed cmd ['/usr/bin/python', '-u', 'tools/train.py', '-c', "
        "'configs/rec/PP-OCRv4/ch_PP-OCRv4_rec.yml'] code 1 log log/workerlog.2",
        "LAUNCH INFO 2026-05-02 04:29:12,407 ------------------------- ERROR LOG DETAIL -------------------------",
        "Traceback (most recent call last):",
        '  File "/paddle/PaddleOCR/tools/program.py", line 289, in train',
        "    for idx, batch in enumerate(train_dataloader):",
        '  File "/usr/local/lib/python3.10/dist-packages/paddle/io/dataloader/dataloader_iter.py", line 825, in '
        "__next__",
        "    data = self._reader.read_next_list()",
        "SystemError: (Fatal) DataLoader process (pid 1104) exited is killed by signal: Killed. (at "
        "/paddle/paddle/fluid/imperative/data_loader.cc:181)",
        "LAUNCH INFO 2026-05-02 04:29:12,408 Exit code 1",
    )
    w1 = text(
        "LAUNCH INFO 2026-05-02 04:00:44,017 -----------  Configuration  ----------------------",
        "LAUNCH INFO 2026-05-02 04:00:47,992 Run Pod: lkqzvn, replicas 4, status ready",
        *steps,
        "LAUNCH INFO 2026-05-02 04:29:31,880 Pod failed",
        "LAUNCH ERROR 2026-05-02 04:29:31,880 Container failed !!!",
        "Container rank 5 status failed cmd ['/usr/bin/python', '-u', 'tools/train.py', '-c', "
        "'configs/rec/PP-OCRv4/ch_PP-OCRv4_rec.yml'] code 1 log log/workerlog.1",
        "LAUNCH INFO 2026-05-02 04:29:31,880 ------------------------- ERROR LOG DETAIL -------------------------",
        "OSError: (External) NCCL error(5), invalid usage.",
        "  [Hint: 'ncclInvalidUsage'. The call to NCCL is incorrect. This is usually reflecting a programming "
        "error.] (at /paddle/paddle/phi/core/distributed/nccl_comm_context.cc:107)",
        "LAUNCH INFO 2026-05-02 04:29:32,001 Exit code 1",
    )
    job, pods, logs = kubeflow_with_pods(
        kind="PaddleJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("worker", 0, terminated(1, at(40), at(1753)), log=w0, node="gpu-t4-11"),
            PodPlan("worker", 1, terminated(1, at(40), at(1772)), log=w1, node="gpu-t4-12"),
        ],
        conditions=kubeflow_conditions("PaddleJob", name, at(45), failed=("Worker", at(1773))),
        statuses={"Worker": {"failed": 2}},
        completion=at(1773),
    )
    return CaseSpec(
        id="oom-killed-paddlejob-dataloader-killed",
        kind="PaddleJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=f"{name}-worker-0",
        evidence="is killed by signal: Killed",
        description="Paddle's DataLoader process is taken by the kernel's OOM killer in worker 0 (Paddle words it "
        "'exited is killed by signal: Killed'); worker 1 then fails on NCCL.",
        objects=[job, *pods],
        logs=logs,
        captured=at(1800),
    )


@SCENARIOS.add
def oom_killed_deepspeed_return_code_9() -> CaseSpec:
    at = Clock(datetime(2026, 5, 3, 9, 0, tzinfo=timezone.utc))
    name, ns = "codellama-ds", "devtools-ai"
    ctr = Container(
        "pytorch",
        "registry.corp.example/devtools/ds-train:0.14.4-torch2.3",
        command=["deepspeed", "--num_gpus=8", "--num_nodes=2", "finetune.py", "--deepspeed", "ds_zero3_offload.json"],
        resources=gpu(8, "400Gi", "64"),
    )
    ds_steps = [
        f"[2026-05-03 09:{5 + i:02d}:11,402] [INFO] [logging.py:96:log_dist] [Rank 0] step={i * 10}, "
        f"skipped=0, lr=[1.9e-05], mom=[(0.9, 0.95)]"
        for i in range(1, 40)
    ]
    w1 = text(
        "[2026-05-03 09:00:58,117] [INFO] [launch.py:256:main] process 3120 spawned with command: ['/usr/bin/python3',"
        " '-u', 'finetune.py', '--local_rank=0', '--deepspeed', 'ds_zero3_offload.json']",
        "[2026-05-03 09:01:40,902] [INFO] [stage3.py:139:__init__] Reduce bucket size 500000000",
        "[2026-05-03 09:01:41,008] [INFO] [utils.py:800:see_memory_usage] CPU Virtual Memory:  used = 371.24 GB, "
        "percent = 74.1%",
        *ds_steps,
        "[2026-05-03 09:44:50,118] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 3120",
        "[2026-05-03 09:44:50,236] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 3121",
        "[2026-05-03 09:44:50,402] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', "
        "'finetune.py', '--local_rank=3', '--deepspeed', 'ds_zero3_offload.json'] exits with return code = -9",
    )
    master_fail = at(2690 + 605)
    master = text(
        "[2026-05-03 09:00:57,201] [INFO] [launch.py:256:main] process 3340 spawned with command: "
        "['/usr/bin/python3', '-u', 'finetune.py', '--local_rank=0', '--deepspeed', 'ds_zero3_offload.json']",
        *ds_steps,
        *watchdog(2, master_fail, 18211, op="_ALLGATHER_BASE"),
        "[2026-05-03 09:54:57,771] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 3340",
        "[2026-05-03 09:54:58,002] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', "
        "'finetune.py', '--local_rank=2', '--deepspeed', 'ds_zero3_offload.json'] exits with return code = -6",
    )
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(250, at(50), at(3299)), log=master),
            PodPlan("worker", 0, running(at(50)), log=text(*ds_steps)),
            PodPlan("worker", 1, terminated(247, at(50), at(2691)), log=w1),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(55), failed=("Master", at(3300))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1, "active": 1}},
        completion=at(3300),
    )
    return CaseSpec(
        id="oom-killed-deepspeed-return-code-9",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=f"{name}-worker-1",
        evidence="exits with return code = -9",
        description="ZeRO-3 with CPU offload runs the node out of host memory: the kernel SIGKILLs a rank, "
        "DeepSpeed's launcher reports 'return code = -9' and exits 247; the master times out later.",
        objects=[job, *pods],
        logs=logs,
        captured=at(3400),
    )


@SCENARIOS.add
def gpu_oom_vllm_kv_cache() -> CaseSpec:
    at = Clock(datetime(2026, 5, 4, 15, 0, tzinfo=timezone.utc))
    name, ns = "qwen-chat-api", "serving"
    node = "a10g-serve-3"
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.6.1",
        args=["--model", "Qwen/Qwen2-7B-Instruct", "--max-model-len", "32768"],
        resources=gpu(1, "48Gi", "8"),
        state=waiting("CrashLoopBackOff", "back-off 5m0s restarting failed container=vllm"),
        last=terminated(1, at(900), at(1010)),
        restarts=6,
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "qwen-chat"},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Running",
        node=node,
        scheduled=at(1),
        restart_policy="Always",
    )
    prev = text(
        "INFO 05-04 15:15:05 api_server.py:459] vLLM API server version 0.6.1",
        "INFO 05-04 15:15:11 llm_engine.py:223] Initializing an LLM engine (v0.6.1) with config: "
        "model='Qwen/Qwen2-7B-Instruct', dtype=torch.bfloat16, max_seq_len=32768, tensor_parallel_size=1",
        "INFO 05-04 15:15:40 model_runner.py:926] Loading model weights took 14.2487 GB",
        "INFO 05-04 15:15:44 gpu_executor.py:122] # GPU blocks: 1365, # CPU blocks: 4681",
        "Process SpawnProcess-1:",
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.12/dist-packages/vllm/engine/multiprocessing/engine.py", line 236, in '
        "run_mp_engine",
        "    engine = MQLLMEngine.from_engine_args(engine_args=engine_args,",
        '  File "/usr/local/lib/python3.12/dist-packages/vllm/worker/worker.py", line 475, in '
        "raise_if_cache_size_invalid",
        "    raise ValueError(",
        "ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be stored "
        "in KV cache (21840). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing "
        "the engine.",
    )
    events = [
        event(
            p,
            "BackOff",
            "Back-off restarting failed container vllm in pod " + name,
            at(200),
            last=at(1300),
            count=22,
            host=node,
        )
    ]
    return CaseSpec(
        id="gpu-oom-vllm-kv-cache",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=name,
        evidence="maximum number of tokens that can be stored in KV cache",
        description="After loading the weights a 24 GB GPU has no room for a 32k-token KV cache; vLLM exits and "
        "the pod crash-loops. Only the previous log holds the error.",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(1320),
    )


@SCENARIOS.add
def gpu_oom_jaxjob_xla_resource_exhausted() -> CaseSpec:
    at = Clock(datetime(2026, 5, 5, 6, 0, tzinfo=timezone.utc))
    name, ns = "palm-distill", "jax-research"
    ctr = Container(
        "jax",
        "ghcr.io/nvidia/jax:maxtext-2024-10-01",
        command=["python3", "-m", "distill.train"],
        resources=gpu(8, "1000Gi", "96"),
    )
    w0 = stamped(
        [
            "I0505 06:01:02.118204 140245 distributed.py:89] Connecting to JAX distributed service on "
            f"{name}-worker-0:6666",
            "I0505 06:01:09.402111 140245 train.py:212] Compiling train_step...",
            "2026-05-05 06:03:44.910022: W external/xla/xla/service/gpu/nvptx_compiler.cc:836] The NVIDIA driver's "
            "CUDA version is 12.2 which is older than the PTX compiler version 12.6.77. Because the driver is older than "
            "the PTX compiler version, XLA is disabling parallel compilation, which may slow down compilation.",
            "2026-05-05 06:05:12.551877: W external/xla/xla/tsl/framework/bfc_allocator.cc:497] Allocator "
            "(GPU_0_bfc) ran out of memory trying to allocate 24.00GiB (rounded to 25769803776)requested by op ",
            "Traceback (most recent call last):",
            '  File "/opt/distill/train.py", line 301, in <module>',
            "    state, metrics = p_train_step(state, batch)",
            "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate "
            "25769803776 bytes.",
        ],
        at(60),
        [7, 155, 88, 0.2, 0.1, 0.1, 0.1],
    )
    w1 = stamped(
        [
            "I0505 06:01:02.311907 140733 distributed.py:89] Connecting to JAX distributed service on "
            f"{name}-worker-0:6666",
            "I0505 06:01:09.771201 140733 train.py:212] Compiling train_step...",
            "E0505 06:05:21.004512 140901 coordination_service_agent.cc:332] Polled an error from coordination "
            "service (this can be an error from this or another task).",
            "F0505 06:05:21.004623 140901 client.h:77] Terminating process because the JAX distributed service "
            "detected fatal errors. This most likely indicates that another task died; see the other task logs for "
            "more details. Disable Python buffering, i.e. `python -u`, to be sure to see all the previous output. "
            "absl::Status: UNAVAILABLE: Failed to send RPC to coordination service. Either the leader task died or "
            "this task is experiencing network issues.",
        ],
        at(60),
        [7, 251, 0.1],
    )
    job, pods, logs = kubeflow_with_pods(
        kind="JAXJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("worker", 0, terminated(1, at(50), at(314)), log=w0),
            PodPlan("worker", 1, terminated(134, at(50), at(322)), log=w1),
        ],
        conditions=kubeflow_conditions("JAXJob", name, at(55), failed=("Worker", at(323))),
        statuses={"Worker": {"failed": 2}},
        completion=at(323),
    )
    return CaseSpec(
        id="gpu-oom-jaxjob-xla-resource-exhausted",
        kind="JAXJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=f"{name}-worker-0",
        evidence="RESOURCE_EXHAUSTED: Out of memory",
        description="XLA cannot allocate 24 GiB on process 0; process 1 is then aborted by the JAX coordination "
        "service (exit 134) saying another task died.",
        objects=[job, *pods],
        logs=logs,
        captured=at(400),
    )


@SCENARIOS.add
def shm_exhausted_nccl_shm_segment() -> CaseSpec:
    at = Clock(datetime(2026, 5, 6, 10, 0, tzinfo=timezone.utc))
    name, ns = "dinov2-pt", "vision-ssl"
    ctr = Container(
        "pytorch",
        "nvcr.io/nvidia/pytorch:24.07-py3",
        command=["torchrun", "--standalone", "--nproc_per_node=8", "dinov2/train/train.py"],
        resources=gpu(8, "900Gi", "96"),
    )
    lines = [*torchrun_start(at(40))]
    for r in range(3):
        lines += [
            f"{name}-master-0:{210 + r}:{402 + r} [{r}] NCCL INFO Bootstrap : Using eth0:10.244.12.7<0>",
            f"{name}-master-0:{210 + r}:{402 + r} [{r}] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using "
            "internal network plugin.",
            f"{name}-master-0:{210 + r}:{402 + r} [{r}] include/shm.h:28 NCCL WARN Call to posix_fallocate failed : "
            "No space left on device",
            f"{name}-master-0:{210 + r}:{402 + r} [{r}] NCCL WARN Error while creating shared memory segment "
            f"/dev/shm/nccl-Xd7aM{r} (size 9637888)",
        ]
    lines += rank_traceback(
        0,
        [
            ("/workspace/dinov2/train/train.py", 318, "<module>", "main(args)"),
            ("/workspace/dinov2/train/train.py", 301, "main", 'model = SSLMetaArch(cfg).to(torch.device("cuda"))'),
            (
                "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py",
                2222,
                "broadcast",
                "work = default_pg.broadcast([tensor], opts)",
            ),
        ],
        "torch.distributed.DistBackendError: NCCL error in: "
        "../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled system error (run "
        "with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\n"
        "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or "
        "device error. \nLast error:\nError while creating shared memory segment "
        "/dev/shm/nccl-Xd7aM0 (size 9637888)",
    )
    lines += torchrun_failed(
        at(75), rank=0, local_rank=0, exitcode=1, pid=210, host=f"{name}-master-0", script="dinov2/train/train.py"
    )
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[PodPlan("master", 0, terminated(1, at(38), at(77)), log=text(*lines))],
        conditions=kubeflow_conditions("PyTorchJob", name, at(40), failed=("Master", at(78))),
        statuses={"Master": {"failed": 1}},
        completion=at(78),
    )
    return CaseSpec(
        id="shm-exhausted-nccl-shm-segment",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="shm-exhausted",
        culprit=f"{name}-master-0",
        evidence="/dev/shm/nccl",
        description="Eight ranks on one node: NCCL cannot create its shared-memory segments in the container's "
        "64 MiB /dev/shm and reports an 'unhandled system error'.",
        objects=[job, *pods],
        logs=logs,
        captured=at(120),
    )


@SCENARIOS.add
def shm_exhausted_job_unexpected_bus_error() -> CaseSpec:
    at = Clock(datetime(2026, 5, 7, 23, 0, tzinfo=timezone.utc))
    name, ns = "clip-embed-laion", "retrieval-data"
    tmpl = Container(
        "embed",
        "registry.corp.example/retrieval/clip-embed:1.2.0",
        command=["python", "embed.py", "--num-workers", "16", "--batch-size", "1024"],
        resources=gpu(1, "64Gi", "16"),
    )
    job, p = failed_job(name=name, namespace=ns, at=at, container=tmpl, exit_code=1, ran=(20, 398), node="a10g-batch-9")
    log = text(
        "Loading OpenCLIP ViT-H-14 (laion2b_s32b_b79k)",
        *[f"embedding shards: {i}/512 [{i * 9 // 60:02d}:{i * 9 % 60:02d}]" for i in range(1, 40)],
        "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).",
        "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).",
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 1243, in _try_get_data',
        "    data = self._data_queue.get(timeout=timeout)",
        "RuntimeError: DataLoader worker (pid 97) is killed by signal: Bus error. It is possible that dataloader's "
        "workers are out of shared memory. Please try to raise your shared memory limit.",
    )
    return CaseSpec(
        id="shm-exhausted-job-unexpected-bus-error",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="shm-exhausted",
        culprit=p["metadata"]["name"],
        evidence="insufficient shared memory",
        description="Sixteen DataLoader workers pass image batches through a 64 MiB /dev/shm.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/embed": log},
        captured=at(450),
    )


@SCENARIOS.add
def disk_full_xgboostjob_model_save() -> CaseSpec:
    at = Clock(datetime(2026, 5, 8, 1, 0, tzinfo=timezone.utc))
    name, ns = "fraud-xgb-daily", "risk-ml"
    ctr = Container(
        "xgboost",
        "registry.corp.example/risk/xgb-train:2.1.1",
        command=["python", "train.py"],
        resources=cpu_only("64Gi", "32"),
        mounts=[{"name": "output", "mountPath": "/output"}],
    )
    rounds = [f"[{i}]\ttrain-auc:0.{9100 + i * 3}\teval-auc:0.{9050 + i * 2}" for i in range(0, 400, 20)]
    master = text(
        *rounds,
        "Saving model to /output/model-2026-05-08.ubj",
        "Traceback (most recent call last):",
        '  File "/app/train.py", line 188, in <module>',
        '    booster.save_model(f"/output/model-{run_date}.ubj")',
        '  File "/usr/local/lib/python3.11/site-packages/xgboost/core.py", line 2569, in save_model',
        "    _check_call(_LIB.XGBoosterSaveModel(self.handle, c_str(fname)))",
        "xgboost.core.XGBoostError: [01:41:07] /workspace/dmlc-core/src/io/local_filesys.cc:209: Check failed: "
        'allow_null:  LocalFileSystem::Open "/output/model-2026-05-08.ubj": No space left on device',
    )
    job, pods, logs = kubeflow_with_pods(
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(1, at(30), at(2468)), log=master),
            PodPlan("worker", 0, terminated(0, at(30), at(2460)), log=text(*rounds)),
            PodPlan("worker", 1, terminated(0, at(30), at(2461)), log=text(*rounds)),
        ],
        conditions=kubeflow_conditions("XGBoostJob", name, at(35), failed=("Master", at(2469))),
        statuses={"Master": {"failed": 1}, "Worker": {"succeeded": 2}},
        completion=at(2469),
    )
    return CaseSpec(
        id="disk-full-xgboostjob-model-save",
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="disk-full",
        culprit=f"{name}-master-0",
        evidence="No space left on device",
        description="Training finishes, then saving the model to a full output volume fails.",
        objects=[job, *pods],
        logs=logs,
        captured=at(2500),
    )


@SCENARIOS.add
def dependency_error_pod_pip_resolution_impossible() -> CaseSpec:
    at = Clock(datetime(2026, 5, 9, 8, 0, tzinfo=timezone.utc))
    name, ns = "rag-indexer", "kb-search"
    node = "cpu-m7i-22"
    c = Container(
        "indexer",
        "python:3.11-slim",
        command=["sh", "-c", "pip install -r /code/requirements.txt && python /code/index.py"],
        resources=cpu_only("8Gi", "4"),
        state=waiting("CrashLoopBackOff", "back-off 5m0s restarting failed container=indexer"),
        last=terminated(1, at(1510), at(1561)),
        restarts=7,
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "rag-indexer"},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Running",
        node=node,
        scheduled=at(1),
        restart_policy="Always",
    )
    prev = text(
        "Collecting langchain==0.2.16 (from -r /code/requirements.txt (line 1))",
        "  Downloading langchain-0.2.16-py3-none-any.whl.metadata (7.1 kB)",
        "Collecting langchain-community==0.2.17 (from -r /code/requirements.txt (line 2))",
        "Collecting pydantic==1.10.13 (from -r /code/requirements.txt (line 5))",
        "INFO: pip is looking at multiple versions of langchain to determine which version is compatible with "
        "other requirements. This could take a while.",
        "ERROR: Cannot install -r /code/requirements.txt (line 1) and pydantic==1.10.13 because these package "
        "versions have conflicting dependencies.",
        "",
        "The conflict is caused by:",
        "    The user requested pydantic==1.10.13",
        "    langchain 0.2.16 depends on pydantic<3 and >=2.7.4",
        "",
        "To fix this you could try to:",
        "1. loosen the range of package versions you've specified",
        "2. remove package versions to allow pip to attempt to solve the dependency conflict",
        "",
        "ERROR: ResolutionImpossible: for help visit "
        "https://pip.pypa.io/en/latest/topics/dependency-resolution/#dealing-with-dependency-conflicts",
    )
    events = [
        event(
            p,
            "BackOff",
            "Back-off restarting failed container indexer in pod " + name,
            at(120),
            last=at(1580),
            count=31,
            host=node,
        )
    ]
    return CaseSpec(
        id="dependency-error-pod-pip-resolution-impossible",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="dependency-error",
        culprit=name,
        evidence="ResolutionImpossible",
        description="The container installs its requirements at start and pip cannot satisfy the pins.",
        objects=[p, *events],
        logs={f"{name}/indexer.previous": prev},
        captured=at(1600),
    )


@SCENARIOS.add
def dependency_error_mpijob_v1_glibcxx() -> CaseSpec:
    at = Clock(datetime(2026, 5, 10, 16, 0, tzinfo=timezone.utc))
    name, ns = "hvd-bert-squad", "qa-models"
    ctr = Container(
        "mpi",
        "registry.corp.example/qa/horovod:0.28.1-tf2.15-torch2.2",
        command=["mpirun", "--allow-run-as-root", "-np", "8", "--tag-output", "python", "run_squad.py"],
        resources=gpu(4, "200Gi", "32"),
    )
    launcher = text(
        "Warning: Permanently added 'hvd-bert-squad-worker-0.hvd-bert-squad-worker.qa-models.svc' (ED25519) to "
        "the list of known hosts.",
        "Warning: Permanently added 'hvd-bert-squad-worker-1.hvd-bert-squad-worker.qa-models.svc' (ED25519) to "
        "the list of known hosts.",
        "[1,0]<stderr>:Traceback (most recent call last):",
        '[1,0]<stderr>:  File "/workspace/run_squad.py", line 14, in <module>',
        "[1,0]<stderr>:    import horovod.torch as hvd",
        '[1,0]<stderr>:  File "/opt/conda/lib/python3.10/site-packages/horovod/torch/__init__.py", line 26, in '
        "<module>",
        "[1,0]<stderr>:    from horovod.torch import mpi_lib_v2 as mpi_lib",
        "[1,0]<stderr>:ImportError: /lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.30' not found "
        "(required by /opt/conda/lib/python3.10/site-packages/horovod/torch/mpi_lib_v2.cpython-310-x86_64-linux-"
        "gnu.so)",
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
        "--------------------------------------------------------------------------",
        "mpirun detected that one or more processes exited with non-zero status, thus causing",
        "the job to be terminated. The first process to do so was:",
        "",
        "  Process name: [[41253,1],0]",
        "  Exit code:    1",
        "--------------------------------------------------------------------------",
    )
    job, pods, logs = kubeflow_with_pods(
        kind="MPIJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("launcher", 0, terminated(1, at(30), at(41)), log=launcher),
            PodPlan("worker", 0, running(at(12))),
            PodPlan("worker", 1, running(at(12))),
        ],
        conditions=kubeflow_conditions("MPIJob", name, at(31), failed=("Launcher", at(42))),
        statuses={"Launcher": {"failed": 1}, "Worker": {"active": 2}},
        completion=at(42),
    )
    pods[0]["metadata"]["name"] = f"{name}-launcher"
    return CaseSpec(
        id="dependency-error-mpijob-v1-glibcxx",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="dependency-error",
        culprit=f"{name}-launcher",
        evidence="GLIBCXX_3.4.30' not found",
        description="A kubeflow.org/v1 MPIJob: Horovod's extension was built against a newer libstdc++ than the "
        "image has; mpirun's tagged output in the launcher carries the rank's ImportError.",
        objects=[job, *pods],
        logs={f"{name}-launcher/mpi": logs[f"{name}-launcher-0/mpi"]},
        captured=at(120),
    )


@SCENARIOS.add
def dependency_error_job_numpy2_abi() -> CaseSpec:
    at = Clock(datetime(2026, 5, 11, 2, 0, tzinfo=timezone.utc))
    name, ns = "tabular-automl", "auto-ml"
    tmpl = Container(
        "automl",
        "registry.corp.example/automl/runner:5.2",
        command=["python", "-m", "automl.fit"],
        resources=cpu_only("32Gi", "16"),
    )
    job, p = failed_job(name=name, namespace=ns, at=at, container=tmpl, exit_code=1, ran=(10, 28), node="cpu-c7i-04")
    log = text(
        "",
        "A module that was compiled using NumPy 1.x cannot be run in",
        "NumPy 2.0.2 as it may crash. To support both 1.x and 2.x",
        "versions of NumPy, modules must be compiled with NumPy 2.0.",
        "Some module may need to rebuild instead e.g. with 'pybind11>=2.12'.",
        "",
        "If you are a user of the module, the easiest solution will be to",
        "downgrade to 'numpy<2' or try to upgrade the affected module.",
        "We expect that some modules will need time to support NumPy 2.",
        "",
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.11/runpy.py", line 198, in _run_module_as_main',
        '  File "/opt/automl/automl/fit.py", line 9, in <module>',
        "    import lightgbm as lgb",
        "AttributeError: _ARRAY_API not found",
        "Traceback (most recent call last):",
        '  File "/opt/automl/automl/fit.py", line 9, in <module>',
        "    import lightgbm as lgb",
        "ImportError: numpy.core.multiarray failed to import",
    )
    return CaseSpec(
        id="dependency-error-job-numpy2-abi",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="dependency-error",
        culprit=p["metadata"]["name"],
        evidence="compiled using NumPy 1.x",
        description="numpy 2 was pulled in unpinned; a compiled extension built against numpy 1 fails to import.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/automl": log},
        captured=at(60),
    )


@SCENARIOS.add
def missing_file_pytorchjob_model_config() -> CaseSpec:
    at = Clock(datetime(2026, 5, 12, 13, 0, tzinfo=timezone.utc))
    name, ns = "phi3-lora", "edge-llm"
    ctr = Container(
        "pytorch",
        "registry.corp.example/edge/peft-train:0.12.0",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=2", "sft.py", "--model", "/mnt/models/phi-3-mini"],
        resources=gpu(2, "120Gi", "16"),
    )
    plans = []
    for role, idx, r0, fin in (("master", 0, 0, 52), ("worker", 0, 2, 53)):
        err = (
            "OSError: /mnt/models/phi-3-mini does not appear to have a file named config.json. Checkout "
            "'https://huggingface.co//mnt/models/phi-3-mini/tree/None' for available files."
        )
        lines = [*torchrun_start(at(40))]
        for r in (r0, r0 + 1):
            lines += rank_traceback(
                r,
                [
                    ("/workspace/sft.py", 77, "<module>", "main()"),
                    (
                        "/workspace/sft.py",
                        41,
                        "main",
                        "model = AutoModelForCausalLM.from_pretrained(args.model, torch_dtype=torch.bfloat16)",
                    ),
                ],
                err,
            )
        lines += torchrun_failed(
            at(fin - 1), rank=r0, local_rank=0, exitcode=1, pid=88, host=f"{name}-{role}-0", script="sft.py"
        )
        plans.append(PodPlan(role, idx, terminated(1, at(38), at(fin)), log=text(*lines)))
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        conditions=kubeflow_conditions("PyTorchJob", name, at(40), failed=("Master", at(54))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1}},
        completion=at(54),
    )
    return CaseSpec(
        id="missing-file-pytorchjob-model-config",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="does not appear to have a file named config.json",
        description="The model volume is mounted but the weights were never copied into it.",
        objects=[job, *pods],
        logs=logs,
        captured=at(90),
    )


@SCENARIOS.add
def missing_file_job_s3_nosuchkey() -> CaseSpec:
    at = Clock(datetime(2026, 5, 13, 6, 0, tzinfo=timezone.utc))
    name, ns = "weekly-eval-report", "ml-quality"
    tmpl = Container(
        "report",
        "registry.corp.example/quality/eval-report:3.0.2",
        command=["python", "report.py", "--run", "s3://ml-runs/ranker/2026-w19/metrics.parquet"],
        resources=cpu_only("4Gi", "2"),
    )
    job, p = failed_job(name=name, namespace=ns, at=at, container=tmpl, exit_code=1, ran=(12, 40), node="cpu-pool-a-3")
    log = stamped(
        [
            "2026-05-13 06:00:14,220 INFO report: building weekly report for ranker 2026-w19",
            "Traceback (most recent call last):",
            '  File "/app/report.py", line 66, in <module>',
            "    df = pd.read_parquet(args.run)",
            '  File "/usr/local/lib/python3.11/site-packages/s3fs/core.py", line 140, in _error_wrapper',
            "    raise err",
            "FileNotFoundError: The specified key does not exist.",
            "",
            "The above exception was the direct cause of the following exception:",
            "botocore.errorfactory.NoSuchKey: An error occurred (NoSuchKey) when calling the GetObject operation: The "
            "specified key does not exist.",
        ],
        at(14),
        0.3,
    )
    return CaseSpec(
        id="missing-file-job-s3-nosuchkey",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=p["metadata"]["name"],
        evidence="NoSuchKey",
        description="The report reads a metrics file the week's training run never wrote.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/report": log},
        captured=at(90),
    )


@SCENARIOS.add
def network_error_job_hub_read_timeout() -> CaseSpec:
    at = Clock(datetime(2026, 5, 14, 10, 0, tzinfo=timezone.utc))
    name, ns = "asr-finetune-eval", "voice-ml"
    tmpl = Container(
        "eval",
        "registry.corp.example/voice/whisper-eval:1.4",
        command=["python", "eval.py", "--model", "openai/whisper-large-v3"],
        resources=gpu(1, "32Gi", "8"),
    )
    job, p = failed_job(name=name, namespace=ns, at=at, container=tmpl, exit_code=1, ran=(10, 188), node="l4-eval-2")
    head = (
        "'(ReadTimeoutError(\"HTTPSConnectionPool(host='huggingface.co', port=443): Read timed out. (read "
        "timeout=10)\"), '(Request ID: 9b2f61d0-51c4-4d7e-b0a2-1f5c2e8a7d31)')' thrown while requesting HEAD "
        "https://huggingface.co/openai/whisper-large-v3/resolve/main/model.safetensors"
    )
    log = text(
        head,
        "Retrying in 1s [Retry 1/5].",
        head,
        "Retrying in 2s [Retry 2/5].",
        head,
        "Retrying in 4s [Retry 3/5].",
        head,
        "Retrying in 8s [Retry 4/5].",
        head,
        "Retrying in 8s [Retry 5/5].",
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.10/dist-packages/urllib3/connectionpool.py", line 536, in _make_request',
        "    response = conn.getresponse()",
        "TimeoutError: The read operation timed out",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        "Traceback (most recent call last):",
        '  File "/app/eval.py", line 31, in <module>',
        "    model = WhisperForConditionalGeneration.from_pretrained(args.model)",
        '  File "/usr/local/lib/python3.10/dist-packages/requests/adapters.py", line 713, in send',
        "    raise ReadTimeout(e, request=request)",
        "requests.exceptions.ReadTimeout: (ReadTimeoutError(\"HTTPSConnectionPool(host='huggingface.co', "
        "port=443): Read timed out. (read timeout=10)\"), '(Request ID: 9b2f61d0-51c4-4d7e-b0a2-1f5c2e8a7d31)')",
    )
    return CaseSpec(
        id="network-error-job-hub-read-timeout",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="network-error",
        culprit=p["metadata"]["name"],
        evidence="Read timed out",
        description="The hub does not answer within 10 s: five retries, then ReadTimeout ends the run.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/eval": log},
        captured=at(240),
    )


@SCENARIOS.add
def network_error_xgboostjob_object_store_unreachable() -> CaseSpec:
    at = Clock(datetime(2026, 5, 15, 4, 30, tzinfo=timezone.utc))
    name, ns = "basket-xgb", "retail-ds"
    ctr = Container(
        "xgboost",
        "registry.corp.example/retail/xgb-dask:2.1.0",
        command=["python", "train_basket.py"],
        resources=cpu_only("48Gi", "16"),
    )

    def log(rank: int) -> str:
        return text(
            f"2026-05-15 04:30:{20 + rank}.118 | INFO | rank {rank}: reading s3://features/basket/2026-05-14/",
            "Traceback (most recent call last):",
            '  File "/usr/local/lib/python3.11/site-packages/botocore/httpsession.py", line 464, in send',
            "    urllib_response = conn.urlopen(",
            "urllib3.exceptions.NewConnectionError: <botocore.awsrequest.AWSHTTPConnection object at "
            "0x7f3c9a1e2d10>: Failed to establish a new connection: [Errno 111] Connection refused",
            "",
            "During handling of the above exception, another exception occurred:",
            "",
            "botocore.exceptions.EndpointConnectionError: Could not connect to the endpoint URL: "
            '"http://minio.storage.svc.cluster.local:9000/features?list-type=2&prefix=basket%2F2026-05-14%2F"',
        )

    job, pods, logs = kubeflow_with_pods(
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(1, at(15), at(31)), log=log(0)),
            PodPlan("worker", 0, terminated(1, at(15), at(31)), log=log(1)),
            PodPlan("worker", 1, terminated(1, at(15), at(32)), log=log(2)),
        ],
        conditions=kubeflow_conditions("XGBoostJob", name, at(20), failed=("Master", at(33))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 2}},
        completion=at(33),
    )
    return CaseSpec(
        id="network-error-xgboostjob-object-store-unreachable",
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="network-error",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="Could not connect to the endpoint URL",
        description="The in-cluster object store is down; every replica fails listing its input.",
        objects=[job, *pods],
        logs=logs,
        captured=at(90),
    )


@SCENARIOS.add
def nan_loss_tfjob_check_numerics() -> CaseSpec:
    at = Clock(datetime(2026, 5, 16, 20, 0, tzinfo=timezone.utc))
    name, ns = "deepfm-ctr", "adtech-ranking"
    ctr = Container(
        "tensorflow",
        "tensorflow/tensorflow:2.15.0-gpu",
        command=["python", "train_deepfm.py"],
        resources=gpu(1, "40Gi", "8"),
    )
    steps = [
        line
        for e in range(1, 8)
        for line in (
            f"Epoch {e}/30",
            f"2400/2400 - 118s - loss: {0.4521 - e * 0.004:.4f} - auc: 0.{7712 + e * 3} - val_loss: "
            f"{0.4611 - e * 0.003:.4f} - val_auc: 0.{7650 + e * 2} - 118s/epoch",
        )
    ]
    dso = [
        "2026-05-16 20:00:12.402113: W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: "
        "Could not find TensorRT",
        "2026-05-16 20:00:12.418220: W tensorflow/compiler/xla/stream_executor/platform/default/dso_loader.cc:64] "
        "Could not load dynamic library 'libnvinfer.so.7'; dlerror: libnvinfer.so.7: cannot open shared object "
        "file: No such file or directory",
    ]
    chief = text(
        *dso,
        *steps,
        "Epoch 8/30",
        "2026-05-16 20:16:02.118244: E tensorflow/core/kernels/check_numerics_op.cc:293] abnormal_detected_host "
        "@0x7f10b4031000 = {1, 0} Loss: Tensor had NaN values",
        "Traceback (most recent call last):",
        '  File "/app/train_deepfm.py", line 204, in <module>',
        "    model.fit(train_ds, validation_data=val_ds, epochs=30, callbacks=callbacks)",
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: Graph execution error:",
        "",
        "Detected at node 'CheckNumerics' defined at (most recent call last):",
        '    File "/app/train_deepfm.py", line 204, in <module>',
        "Loss: Tensor had NaN values",
        "\t [[{{node CheckNumerics}}]] [Op:__inference_train_function_21841]",
    )
    worker = text(
        *steps,
        "Epoch 8/30",
        "2026-05-16 20:16:05.402771: E tensorflow/core/common_runtime/base_collective_executor.cc:249] "
        "BaseCollectiveExecutor::StartAbort UNAVAILABLE: Collective ops is aborted by: failed to connect to all "
        "addresses",
        "tensorflow.python.framework.errors_impl.UnavailableError: Collective ops is aborted by: Socket closed",
        "The error could be from a previous operation. Restart your program to reset.",
    )
    job, pods, logs = kubeflow_with_pods(
        kind="TFJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("chief", 0, terminated(1, at(20), at(963)), log=chief),
            PodPlan("worker", 0, terminated(1, at(20), at(967)), log=worker),
            PodPlan("worker", 1, terminated(1, at(20), at(968)), log=worker),
        ],
        conditions=kubeflow_conditions("TFJob", name, at(25), failed=("Chief", at(964))),
        statuses={"Chief": {"failed": 1}, "Worker": {"failed": 2}},
        completion=at(964),
    )
    return CaseSpec(
        id="nan-loss-tfjob-check-numerics",
        kind="TFJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="nan-loss",
        culprit=f"{name}-chief-0",
        evidence="Tensor had NaN values",
        description="tf.debugging.check_numerics stops the chief when the loss turns NaN in epoch 8; the workers' "
        "collectives are aborted afterwards.",
        objects=[job, *pods],
        logs=logs,
        captured=at(1000),
    )


@SCENARIOS.add
def cuda_error_xgboostjob_driver_insufficient() -> CaseSpec:
    at = Clock(datetime(2026, 5, 17, 9, 0, tzinfo=timezone.utc))
    name, ns = "gpu-hist-bench", "ds-platform"
    ctr = Container(
        "xgboost",
        "rapidsai/base:24.10-cuda12.5-py3.11",
        command=["python", "bench.py", "--device", "cuda"],
        resources=gpu(1, "64Gi", "16"),
    )

    def log(rank: int) -> str:
        return text(
            f"[09:00:{31 + rank}] task {rank} got new rank {rank}",
            "Traceback (most recent call last):",
            '  File "/app/bench.py", line 52, in <module>',
            '    bst = xgb.train({"tree_method": "hist", "device": "cuda"}, dtrain, 500)',
            "xgboost.core.XGBoostError: [09:00:33] /workspace/src/common/device_helpers.cuh:393: "
            "cudaErrorInsufficientDriver: CUDA driver version is insufficient for CUDA runtime version",
        )

    job, pods, logs = kubeflow_with_pods(
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(1, at(25), at(34)), log=log(0), node="gpu-legacy-1"),
            PodPlan("worker", 0, terminated(1, at(25), at(34)), log=log(1), node="gpu-legacy-2"),
        ],
        conditions=kubeflow_conditions("XGBoostJob", name, at(28), failed=("Master", at(35))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1}},
        completion=at(35),
    )
    return CaseSpec(
        id="cuda-error-xgboostjob-driver-insufficient",
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="cuda-error",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="CUDA driver version is insufficient",
        description="A CUDA 12.5 image on nodes whose driver supports CUDA 11.8 at most.",
        objects=[job, *pods],
        logs=logs,
        captured=at(60),
    )


@SCENARIOS.add
def gpu_hardware_error_pod_device_plugin_admission() -> CaseSpec:
    at = Clock(datetime(2026, 5, 18, 14, 0, tzinfo=timezone.utc))
    name, ns = "triton-ensemble-7", "model-serving"
    msg = (
        "Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 2, "
        "Available: 1, which is unexpected"
    )
    c = Container(
        "triton",
        "nvcr.io/nvidia/tritonserver:24.08-py3",
        command=["tritonserver", "--model-repository=/models"],
        resources=gpu(2, "64Gi", "16"),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "triton-ensemble"},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Failed",
        node="a100-serve-5",
        scheduled=at(1),
        reason="UnexpectedAdmissionError",
        message=msg,
    )
    p["status"].pop("containerStatuses")
    p["status"].pop("podIP", None)
    events = [event(p, "UnexpectedAdmissionError", msg, at(1), host="a100-serve-5")]
    return CaseSpec(
        id="gpu-hardware-error-pod-device-plugin-admission",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-hardware-error",
        culprit=name,
        evidence="devices unavailable",
        description="The node advertised two GPUs but its device plugin can hand out only one: a GPU went "
        "unhealthy after scheduling, and the kubelet rejects the pod.",
        objects=[p, *events],
        captured=at(120),
    )


@SCENARIOS.add
def crash_signal_job_illegal_instruction() -> CaseSpec:
    at = Clock(datetime(2026, 5, 19, 3, 0, tzinfo=timezone.utc))
    name, ns = "faiss-build-ivfpq", "vector-search"
    tmpl = Container(
        "build",
        "registry.corp.example/vector/faiss-build:1.8.0-avx512",
        command=["sh", "-c", "python build_index.py --factory IVF65536,PQ64 --train /data/train.npy"],
        resources=cpu_only("128Gi", "32"),
    )
    job, p = failed_job(
        name=name, namespace=ns, at=at, container=tmpl, exit_code=132, ran=(10, 46), node="cpu-older-gen-2"
    )
    log = text(
        "loading training vectors: (10000000, 768) float32",
        "training IVF65536,PQ64 on 10000000 vectors",
        "sh: line 1:     7 Illegal instruction     (core dumped) python build_index.py --factory IVF65536,PQ64 "
        "--train /data/train.npy",
    )
    return CaseSpec(
        id="crash-signal-job-illegal-instruction",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="crash-signal",
        culprit=p["metadata"]["name"],
        evidence="Illegal instruction",
        description="A FAISS build compiled for AVX-512 runs on an older CPU: SIGILL, exit 132.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/build": log},
        captured=at(90),
    )


@SCENARIOS.add
def permission_denied_tfjob_read_only_file_system() -> CaseSpec:
    at = Clock(datetime(2026, 5, 20, 11, 0, tzinfo=timezone.utc))
    name, ns = "bert-ner-tf", "nlp-ie"
    ctr = Container(
        "tensorflow",
        "tensorflow/tensorflow:2.16.1-gpu",
        command=["python", "train_ner.py", "--model_dir=/models/ner"],
        resources=gpu(1, "32Gi", "8"),
        mounts=[{"name": "models", "mountPath": "/models", "readOnly": True}],
    )
    chief = text(
        "Epoch 1/5",
        "1563/1563 [==============================] - 402s 251ms/step - loss: 0.1412 - accuracy: 0.9581",
        "Traceback (most recent call last):",
        '  File "/app/train_ner.py", line 133, in <module>',
        "    model.save(os.path.join(args.model_dir, 'epoch-1.keras'))",
        "tensorflow.python.framework.errors_impl.PermissionDeniedError: /models/ner; Read-only file system",
    )
    job, pods, logs = kubeflow_with_pods(
        kind="TFJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("chief", 0, terminated(1, at(20), at(431)), log=chief),
            PodPlan("worker", 0, running(at(20)), log=text("Epoch 1/5", "1563/1563 - 402s - loss: 0.1409")),
        ],
        conditions=kubeflow_conditions("TFJob", name, at(25), failed=("Chief", at(432))),
        statuses={"Chief": {"failed": 1}, "Worker": {"active": 1}},
        completion=at(432),
    )
    return CaseSpec(
        id="permission-denied-tfjob-read-only-file-system",
        kind="TFJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=f"{name}-chief-0",
        evidence="Read-only file system",
        description="The model directory is a read-only mount; saving the first checkpoint fails.",
        objects=[job, *pods],
        logs=logs,
        captured=at(500),
    )


@SCENARIOS.add
def permission_denied_mpijob_v1_launcher_rbac() -> CaseSpec:
    at = Clock(datetime(2026, 5, 21, 8, 0, tzinfo=timezone.utc))
    name, ns = "horovod-effnet", "cv-train"
    ctr = Container(
        "mpi",
        "horovod/horovod:0.28.1",
        command=["mpirun", "--allow-run-as-root", "-np", "4", "python", "train_effnet.py"],
        resources=gpu(2, "64Gi", "16"),
    )
    launcher = text(
        f'Error from server (Forbidden): pods "{name}-worker-0" is forbidden: User '
        f'"system:serviceaccount:{ns}:{name}-launcher" cannot create resource "pods/exec" in API group "" in the '
        f'namespace "{ns}"',
        "--------------------------------------------------------------------------",
        "ORTE was unable to reliably start one or more daemons.",
        "This usually is caused by:",
        "",
        "* not finding the required libraries and/or binaries on",
        "  one or more nodes. Please check your PATH and LD_LIBRARY_PATH",
        "  settings, or configure OMPI with --enable-orterun-prefix-by-default",
        "",
        "* lack of authority to execute on one or more specified nodes.",
        "  Please verify your allocation and authorities.",
        "--------------------------------------------------------------------------",
    )
    job, pods, logs = kubeflow_with_pods(
        kind="MPIJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("launcher", 0, terminated(1, at(25), at(29)), log=launcher),
            PodPlan("worker", 0, running(at(10))),
            PodPlan("worker", 1, running(at(10))),
        ],
        conditions=kubeflow_conditions("MPIJob", name, at(26), failed=("Launcher", at(30))),
        statuses={"Launcher": {"failed": 1}, "Worker": {"active": 2}},
        completion=at(30),
    )
    pods[0]["metadata"]["name"] = f"{name}-launcher"
    return CaseSpec(
        id="permission-denied-mpijob-v1-launcher-rbac",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=f"{name}-launcher",
        evidence="is forbidden",
        description="The launcher starts remote ranks through kubectl exec, but its service account may not "
        "create pods/exec; Open MPI then reports that it could not start its daemons.",
        objects=[job, *pods],
        logs={f"{name}-launcher/mpi": logs[f"{name}-launcher-0/mpi"]},
        captured=at(90),
    )


@SCENARIOS.add
def application_error_xgboostjob_keyerror() -> CaseSpec:
    at = Clock(datetime(2026, 5, 22, 5, 0, tzinfo=timezone.utc))
    name, ns = "credit-score-xgb", "lending-ml"
    ctr = Container(
        "xgboost",
        "registry.corp.example/lending/xgb-train:1.9.2",
        command=["python", "train.py"],
        resources=cpu_only("32Gi", "16"),
    )
    master = stamped(
        [
            "2026-05-22 05:00:21,004 INFO loading /data/applications/2026-05.parquet",
            "2026-05-22 05:00:48,553 INFO 1822311 rows, 212 columns",
            "Traceback (most recent call last):",
            '  File "/usr/local/lib/python3.11/site-packages/pandas/core/indexes/base.py", line 3805, in get_loc',
            "    return self._engine.get_loc(casted_key)",
            "KeyError: 'default_flag'",
            "",
            "The above exception was the direct cause of the following exception:",
            "",
            "Traceback (most recent call last):",
            '  File "/app/train.py", line 58, in <module>',
            '    y = df["default_flag"]',
            '  File "/usr/local/lib/python3.11/site-packages/pandas/core/indexes/base.py", line 3812, in get_loc',
            "    raise KeyError(key) from err",
            "KeyError: 'default_flag'",
        ],
        at(21),
        [27.5, 0.2],
    )
    worker = stamped(
        [
            "[05:00:40] WARNING: /workspace/src/collective/tracker.cc:116: Retry connect to ip(retry "
            f"time {i}): [{name}-master-0]"
            for i in range(1, 8)
        ],
        at(40),
        30,
    )
    job, pods, logs = kubeflow_with_pods(
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(1, at(18), at(50)), log=master),
            PodPlan("worker", 0, running(at(18)), log=worker),
            PodPlan("worker", 1, running(at(18)), log=worker),
        ],
        conditions=kubeflow_conditions("XGBoostJob", name, at(22), failed=("Master", at(51))),
        statuses={"Master": {"failed": 1}, "Worker": {"active": 2}},
        completion=at(51),
    )
    return CaseSpec(
        id="application-error-xgboostjob-keyerror",
        kind="XGBoostJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="application-error",
        culprit=f"{name}-master-0",
        evidence="KeyError: 'default_flag'",
        description="The month's extract renamed a column; the master fails on it while the workers wait for "
        "the tracker.",
        objects=[job, *pods],
        logs=logs,
        captured=at(260),
    )


@SCENARIOS.add
def application_error_tfjob_after_allocator_warning() -> CaseSpec:
    at = Clock(datetime(2026, 5, 23, 18, 0, tzinfo=timezone.utc))
    name, ns = "seq2rec-tf", "reco-seq"
    ctr = Container(
        "tensorflow",
        "tensorflow/tensorflow:2.15.0-gpu",
        command=["python", "train_seq2rec.py"],
        resources=gpu(1, "32Gi", "8"),
    )
    chief = text(
        "2026-05-23 18:00:41.220117: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1929] Created device "
        "/job:localhost/replica:0/task:0/device:GPU:0 with 21458 MB memory:  -> device: 0, name: NVIDIA A10G",
        "2026-05-23 18:01:09.552880: W tensorflow/core/common_runtime/bfc_allocator.cc:296] Allocator (GPU_0_bfc) "
        "ran out of memory trying to allocate 2.26GiB with freed_by_count=0. The caller indicates that this is not "
        "a failure, but this may mean that there could be performance gains if more memory were available.",
        "Epoch 1/10",
        "980/980 [==============================] - 231s 230ms/step - loss: 5.8812 - recall@20: 0.1120",
        "Epoch 2/10",
        "Traceback (most recent call last):",
        '  File "/app/train_seq2rec.py", line 177, in <module>',
        "    model.fit(train_ds, epochs=10, validation_data=val_ds)",
        '  File "/usr/local/lib/python3.11/dist-packages/keras/src/engine/input_spec.py", line 280, in '
        "assert_input_compatibility",
        "    raise ValueError(",
        'ValueError: Input 0 of layer "item_tower" is incompatible with the layer: expected axis -1 of input shape '
        "to have value 256, but received input with shape (None, 128)",
    )
    job, pods, logs = kubeflow_with_pods(
        kind="TFJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[PodPlan("chief", 0, terminated(1, at(30), at(290)), log=chief)],
        conditions=kubeflow_conditions("TFJob", name, at(35), failed=("Chief", at(291))),
        statuses={"Chief": {"failed": 1}},
        completion=at(291),
    )
    return CaseSpec(
        id="application-error-tfjob-after-allocator-warning",
        kind="TFJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="application-error",
        culprit=f"{name}-chief-0",
        evidence="ValueError",
        description="TensorFlow's BFC allocator warns it 'ran out of memory' and says itself that this is not a "
        "failure; the run ends later on a shape error in the validation set.",
        objects=[job, *pods],
        logs=logs,
        captured=at(320),
    )


@SCENARIOS.add
def unknown_job_exit_1_without_output() -> CaseSpec:
    at = Clock(datetime(2026, 5, 24, 1, 0, tzinfo=timezone.utc))
    name, ns = "nightly-dedup", "data-quality"
    tmpl = Container(
        "dedup",
        "registry.corp.example/dq/dedup:0.7.3",
        command=["/bin/dedup", "--date", "2026-05-23"],
        resources=cpu_only("16Gi", "8"),
    )
    job, p = failed_job(name=name, namespace=ns, at=at, container=tmpl, exit_code=1, ran=(8, 1208), node="cpu-pool-b-7")
    log = stamped(
        [
            "dedup: starting run for partition 2026-05-23",
            "dedup: loaded 1,204,331 rows from warehouse.events_raw",
            "dedup: 14 shards scheduled",
        ],
        at(9),
        [40, 2],
    )
    return CaseSpec(
        id="unknown-job-exit-1-without-output",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="unknown",
        culprit=p["metadata"]["name"],
        evidence="exit code 1",
        description="The binary exits 1 twenty minutes in without a word about why: nothing supports a cause.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/dedup": log},
        captured=at(1300),
    )


@SCENARIOS.add
def crash_signal_torchrun_sigsegv_cascade() -> CaseSpec:
    at = Clock(datetime(2026, 5, 25, 9, 0, tzinfo=timezone.utc))
    name, ns = "video-mae-pt", "video-understanding"
    ctr = Container(
        "pytorch",
        "registry.corp.example/video/videomae:2.1-torch2.4",
        command=["torchrun", "--nnodes=3", "--nproc_per_node=8", "run_pretrain.py"],
        resources=gpu(8, "800Gi", "96"),
    )
    steps = [
        f"Epoch: [3]  [{i * 20:4d}/2502]  eta: 1:1{i % 10}:02  lr: 0.000{600 + i}  loss: {0.81 - i * 0.001:.4f}"
        for i in range(1, 40)
    ]
    w0 = text(
        *steps,
        "Fatal Python error: Segmentation fault",
        "",
        "Thread 0x00007f2a3dfff640 (most recent call first):",
        '  File "/usr/local/lib/python3.10/dist-packages/decord/video_reader.py", line 171 in get_batch',
        '  File "/workspace/datasets/kinetics.py", line 143 in load_video',
        *torchrun_failed(
            at(4102), rank=13, local_rank=5, exitcode=-11, pid=415, host=f"{name}-worker-0", script="run_pretrain.py"
        ),
    )

    def victim(rank: int, host: str, fin: int) -> str:
        return text(
            *steps,
            *watchdog(rank, at(fin - 3), 99871),
            *torchrun_failed(
                at(fin - 1),
                rank=rank,
                local_rank=rank % 8,
                exitcode=-6,
                pid=300 + rank % 8,
                host=host,
                script="run_pretrain.py",
            ),
        )

    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(1, at(60), at(4708)), log=victim(2, f"{name}-master-0", 4708)),
            PodPlan("worker", 0, terminated(1, at(60), at(4104)), log=w0),
            PodPlan("worker", 1, terminated(1, at(60), at(4705)), log=victim(17, f"{name}-worker-1", 4705)),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(65), failed=("Master", at(4709))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 2}},
        completion=at(4709),
    )
    return CaseSpec(
        id="crash-signal-torchrun-sigsegv-cascade",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="crash-signal",
        culprit=f"{name}-worker-0",
        evidence="Segmentation fault",
        description="A video decoder segfaults in a DataLoader on worker 0; the other ranks time out ten minutes "
        "later and the condition blames the master.",
        objects=[job, *pods],
        logs=logs,
        captured=at(4800),
    )


@SCENARIOS.add
def disk_full_pytorchjob_checkpoint_write_failed() -> CaseSpec:
    at = Clock(datetime(2026, 5, 26, 12, 0, tzinfo=timezone.utc))
    name, ns = "gpt2-xl-domain", "lm-adapt"
    ctr = Container(
        "pytorch",
        "registry.corp.example/lm/hf-train:4.44-torch2.4",
        command=["torchrun", "--nproc_per_node=4", "run_clm.py", "--output_dir", "/ckpt/gpt2-xl"],
        resources=gpu(4, "240Gi", "32"),
        mounts=[{"name": "ckpt", "mountPath": "/ckpt"}],
    )
    steps = trainer_steps(50, 2000, 50, loss0=3.2)
    lines = [
        *torchrun_start(at(30)),
        *steps,
        "Saving model checkpoint to /ckpt/gpt2-xl/checkpoint-2000",
        *rank_traceback(
            0,
            [
                ("/workspace/run_clm.py", 655, "<module>", "main()"),
                (
                    "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py",
                    3125,
                    "_save_optimizer_and_scheduler",
                    "torch.save(self.optimizer.state_dict(), os.path.join(output_dir, OPTIMIZER_NAME))",
                ),
                (
                    "/usr/local/lib/python3.10/dist-packages/torch/serialization.py",
                    652,
                    "save",
                    "with _open_zipfile_writer(f) as opened_zipfile:",
                ),
            ],
            "RuntimeError: [enforce fail at inline_container.cc:603] . unexpected pos 11789604736 vs 11789604624",
        ),
        "[rank0]: During handling of the above exception, another exception occurred:",
        "[rank0]: RuntimeError: [enforce fail at inline_container.cc:778] . PytorchStreamWriter failed writing "
        "file data/412: file write failed",
        *torchrun_failed(
            at(5120), rank=0, local_rank=0, exitcode=1, pid=77, host=f"{name}-master-0", script="run_clm.py"
        ),
    ]
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[PodPlan("master", 0, terminated(1, at(28), at(5122)), log=text(*lines))],
        conditions=kubeflow_conditions("PyTorchJob", name, at(30), failed=("Master", at(5123))),
        statuses={"Master": {"failed": 1}},
        completion=at(5123),
    )
    return CaseSpec(
        id="disk-full-pytorchjob-checkpoint-write-failed",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="disk-full",
        culprit=f"{name}-master-0",
        evidence="PytorchStreamWriter failed",
        description="torch.save of the optimizer state fills the checkpoint volume; PyTorch reports a short write "
        "('unexpected pos', 'PytorchStreamWriter failed writing file'), never 'No space left'.",
        objects=[job, *pods],
        logs=logs,
        captured=at(5200),
    )


@SCENARIOS.add
def permission_denied_job_s3_forbidden() -> CaseSpec:
    at = Clock(datetime(2026, 5, 27, 7, 0, tzinfo=timezone.utc))
    name, ns = "distill-export", "model-registry"
    tmpl = Container(
        "export",
        "registry.corp.example/registry/exporter:0.9",
        command=["python", "export.py", "--dest", "s3://model-registry-prod/distilled/"],
        resources=cpu_only("8Gi", "4"),
    )
    job, p = failed_job(name=name, namespace=ns, at=at, container=tmpl, exit_code=1, ran=(9, 93), node="cpu-pool-a-9")
    log = text(
        "exporting distilled-bert-v3 (412 MB) to s3://model-registry-prod/distilled/",
        "Traceback (most recent call last):",
        '  File "/app/export.py", line 40, in <module>',
        "    s3.head_object(Bucket=bucket, Key=key)",
        '  File "/usr/local/lib/python3.11/site-packages/botocore/client.py", line 1021, in _make_api_call',
        "    raise error_class(parsed_response, operation_name)",
        "botocore.exceptions.ClientError: An error occurred (403) when calling the HeadObject operation: Forbidden",
    )
    return CaseSpec(
        id="permission-denied-job-s3-forbidden",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=p["metadata"]["name"],
        evidence="(403) when calling the HeadObject",
        description="The job's credentials may not read the production bucket; boto3 says so as a ClientError "
        "with the status in parentheses.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/export": log},
        captured=at(120),
    )


@SCENARIOS.add
def oom_killed_job_ray_memory_monitor() -> CaseSpec:
    at = Clock(datetime(2026, 5, 28, 3, 0, tzinfo=timezone.utc))
    name, ns = "caption-dedup", "vlm-data"
    tmpl = Container(
        "dedup",
        "rayproject/ray:2.35.0-py311",
        command=["python", "dedup_captions.py"],
        resources=cpu_only("64Gi", "32"),
    )
    job, p = failed_job(name=name, namespace=ns, at=at, container=tmpl, exit_code=1, ran=(10, 1898), node="cpu-r7i-2")
    log = text(
        "2026-05-28 03:00:15,002\tINFO worker.py:1786 -- Started a local Ray instance.",
        *[
            f"Running 0: {i}/{1200} [{i // 60:02d}:{i % 60:02d}<...] map_batches(MinHashDedup)"
            for i in range(50, 1200, 50)
        ],
        "(raylet) [2026-05-28 03:31:10,552 E 211 211] (raylet) node_manager.cc:3069: 4 Workers (tasks / actors) "
        "killed due to memory pressure (OOM), 0 Workers crashed due to other reasons at node (ID: 8d1f0c, IP: "
        "10.244.19.4) over the last time period.",
        "Traceback (most recent call last):",
        '  File "/app/dedup_captions.py", line 91, in <module>',
        "    ds.write_parquet(out)",
        "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.",
        "Memory on the node (IP: 10.244.19.4, ID: 8d1f0c) where the task (task ID: ffff, name=MapBatches"
        "(MinHashDedup), pid=412) was running was 60.93GB / 64.00GB (0.952), which exceeds the memory usage "
        "threshold of 0.95. Ray killed this worker (ID: 5e2a) because it was the most recently scheduled task.",
    )
    return CaseSpec(
        id="oom-killed-job-ray-memory-monitor",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=p["metadata"]["name"],
        evidence="killed due to",
        description="A local Ray instance in a Job pod: Ray's memory monitor kills tasks before the kernel would, "
        "and the driver ends with ray.exceptions.OutOfMemoryError.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/dedup": log},
        captured=at(1950),
    )


@SCENARIOS.add
def missing_file_job_hub_repository_not_found() -> CaseSpec:
    at = Clock(datetime(2026, 5, 29, 16, 0, tzinfo=timezone.utc))
    name, ns = "reranker-distill-eval", "search-eval"
    tmpl = Container(
        "eval",
        "registry.corp.example/search/eval:2.0",
        command=["python", "eval.py", "--model", "corp-search/reranker-distil-v2"],
        resources=gpu(1, "24Gi", "8"),
    )
    job, p = failed_job(name=name, namespace=ns, at=at, container=tmpl, exit_code=1, ran=(11, 19), node="l4-eval-5")
    log = text(
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.11/site-packages/huggingface_hub/utils/_http.py", line 406, in '
        "hf_raise_for_status",
        "    response.raise_for_status()",
        "requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: "
        "https://huggingface.co/corp-search/reranker-distil-v2/resolve/main/config.json",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        "huggingface_hub.errors.RepositoryNotFoundError: 401 Client Error. (Request ID: "
        "Root=1-6658a1f2-3c1e7d0b5a9f2e4d6c8b0a12;7f3e9d21-0c4b-4e8a-9b6d-2a1f5c7e9d30)",
        "",
        "Repository Not Found for url: https://huggingface.co/corp-search/reranker-distil-v2/resolve/main/config.json.",
        "Please make sure you specified the correct `repo_id` and `repo_type`.",
        "If you are trying to access a private or gated repo, make sure you are authenticated.",
        "Invalid username or password.",
    )
    return CaseSpec(
        id="missing-file-job-hub-repository-not-found",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=p["metadata"]["name"],
        evidence="Repository Not Found",
        description="A typo in the repository id ('distil' for 'distill'): the hub answers 401 as it does for a "
        "private repository, and RepositoryNotFoundError names what it concluded.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/eval": log},
        captured=at(60),
    )


# -- a generic exception read for its most specific meaning ---------------------------------


@SCENARIOS.add
def nan_loss_pytorchjob_assertion_nan_grad_norm() -> CaseSpec:
    at = Clock(datetime(2026, 5, 30, 11, 0, tzinfo=timezone.utc))
    name, ns = "gpt-13b-pt", "llm-pretrain"
    ctr = Container(
        "pytorch",
        "registry.corp.example/llm/megatron:24.05",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=8", "pretrain_gpt.py", "--fp16"],
        resources=gpu(8, "1800Gi", "96"),
    )
    its = [
        f" [2026-05-30 11:{12 + i // 2:02d}:{i * 30 % 60:02d}] iteration {8000 + i * 10:8d}/  200000 | lm loss: "
        f"{2.41 - i * 0.002:.6E} | loss scale: 65536.0 | grad norm: {0.8 + (i % 4) * 0.05:.3f} |"
        for i in range(30)
    ]
    master = text(
        *torchrun_start(at(40)),
        *its,
        *rank_traceback(
            3,
            [
                ("/workspace/Megatron-LM/pretrain_gpt.py", 248, "<module>", "pretrain("),
                (
                    "/workspace/Megatron-LM/megatron/training/training.py",
                    1244,
                    "train_step",
                    "update_successful, grad_norm, num_zeros_in_grad = optimizer.step()",
                ),
                (
                    "/workspace/Megatron-LM/megatron/core/optimizer/optimizer.py",
                    410,
                    "get_grad_norm",
                    "assert grad_norm == grad_norm, f'Rank {rank}: found NaN in local grad norm in '",
                ),
            ],
            "AssertionError: Rank 3: found NaN in local grad norm in backward pass before data-parallel "
            "communication collective. Device: 3, node: gpt-13b-pt-master-0",
        ),
        *torchrun_failed(
            at(1001), rank=3, local_rank=3, exitcode=1, pid=418, host=f"{name}-master-0", script="pretrain_gpt.py"
        ),
    )
    worker = text(
        *torchrun_start(at(40)),
        *watchdog(11, at(1600), 88120),
        *torchrun_failed(
            at(1602), rank=11, local_rank=3, exitcode=-6, pid=425, host=f"{name}-worker-0", script="pretrain_gpt.py"
        ),
    )
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(1, at(30), at(1002)), log=master),
            PodPlan("worker", 0, terminated(1, at(30), at(1603)), log=worker),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(31), failed=("Worker", at(1604))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1}},
        completion=at(1604),
    )
    return CaseSpec(
        id="nan-loss-pytorchjob-assertion-nan-grad-norm",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="nan-loss",
        culprit=f"{name}-master-0",
        evidence="found NaN in local grad norm",
        description="Megatron's own check fails as an AssertionError whose message is the diagnosis: a NaN in the "
        "gradient norm. The exception type says 'assertion'; its message says the run diverged.",
        objects=[job, *pods],
        logs=logs,
        captured=at(1700),
    )


@SCENARIOS.add
def missing_file_job_framework_config_could_not_be_found() -> CaseSpec:
    at = Clock(datetime(2026, 5, 31, 7, 0, tzinfo=timezone.utc))
    job, p = failed_job(
        name="whisper-eval-nightly",
        namespace="speech-eval",
        at=at,
        node="a10-pool-7",
        container=Container(
            "eval",
            "registry.corp.example/speech/eval:2026.05",
            command=["python", "-m", "evalkit.run", "--model", "/models/whisper-ft"],
            resources=gpu(1, "48Gi", "8"),
        ),
        exit_code=1,
        ran=(20, 61),
    )
    log = text(
        "2026-05-31 07:00:41,208 INFO evalkit: loading model from /models/whisper-ft",
        "Traceback (most recent call last):",
        '  File "/opt/evalkit/run.py", line 88, in main',
        "    model = load_model(args.model)",
        '  File "/opt/evalkit/models.py", line 142, in load_model',
        '    raise UserErrorException(f"{path}/config.json could not be found. Check the model folder.")',
        "evalkit.errors.UserErrorException: UserErrorException:",
        "\tMessage: /models/whisper-ft/config.json could not be found. Check the model folder.",
        "\tInnerException None",
        "\tErrorResponse ",
        '{"error": {"code": "UserError", "message": "/models/whisper-ft/config.json could not be found. Check '
        'the model folder."}}',
    )
    name = p["metadata"]["name"]
    return CaseSpec(
        id="missing-file-job-framework-config-could-not-be-found",
        kind="Job",
        name="whisper-eval-nightly",
        namespace="speech-eval",
        healthy=False,
        category="missing-file",
        culprit=name,
        evidence="config.json could not be found",
        description="An evaluation framework raises its own UserErrorException; the type says nothing, the "
        "message names the missing config.json of the model folder.",
        objects=[job, p],
        logs={f"{name}/eval": log},
        captured=at(200),
    )


@SCENARIOS.add
def missing_file_tfjob_checkpoint_not_found() -> CaseSpec:
    at = Clock(datetime(2026, 6, 1, 5, 0, tzinfo=timezone.utc))
    name, ns = "wide-deep-resume", "ads-ranking"
    ctr = Container(
        "tensorflow",
        "tensorflow/tensorflow:2.15.0-gpu",
        command=["python", "train.py", "--resume"],
        resources=gpu(1, "64Gi", "8"),
    )
    chief = text(
        "2026-06-01 05:00:44.118231: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1926] Created device "
        "/job:chief/replica:0/task:0/device:GPU:0 with 78910 MB memory",
        "Traceback (most recent call last):",
        '  File "/workspace/train.py", line 301, in <module>',
        "    status = checkpoint.restore(latest)",
        "tensorflow.python.framework.errors_impl.NotFoundError: Unsuccessful TensorSliceReader constructor: Failed to "
        "find any matching files for gs://ads-models/wide-deep/ckpt-1200",
    )
    job, pods, logs = kubeflow_with_pods(
        kind="TFJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("chief", 0, terminated(1, at(30), at(52)), log=chief),
            PodPlan(
                "worker",
                0,
                terminated(1, at(30), at(55)),
                log=text(
                    "tensorflow.python.framework.errors_impl.UnavailableError: From /job:chief/replica:0/task:0: "
                    "Socket closed"
                ),
            ),
        ],
        conditions=kubeflow_conditions("TFJob", name, at(31), failed=("Chief", at(56))),
        statuses={"Chief": {"failed": 1}, "Worker": {"failed": 1}},
        completion=at(56),
    )
    return CaseSpec(
        id="missing-file-tfjob-checkpoint-not-found",
        kind="TFJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=f"{name}-chief-0",
        evidence="Failed to find any matching files",
        description="TensorFlow's NotFoundError for the checkpoint the chief resumes from: it was never written "
        "under that name. The worker then loses the chief.",
        objects=[job, *pods],
        logs=logs,
        captured=at(200),
    )


@SCENARIOS.add
def permission_denied_pytorchjob_read_only_root_hydra() -> CaseSpec:
    at = Clock(datetime(2026, 6, 2, 8, 0, tzinfo=timezone.utc))
    name, ns = "asr-hydra-train", "speech"
    ctr = Container(
        "pytorch",
        "registry.corp.example/speech/asr-train:hydra1.3",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=8", "train.py"],
        resources=gpu(8, "900Gi", "64"),
    )

    def log(rank: int, host: str, t: float) -> str:
        return text(
            *torchrun_start(at(40)),
            *rank_traceback(
                rank,
                [
                    ("/workspace/train.py", 51, "<module>", "main()"),
                    (
                        "/usr/local/lib/python3.10/dist-packages/hydra/core/utils.py",
                        143,
                        "run_job",
                        "Path(str(output_dir)).mkdir(parents=True, exist_ok=True)",
                    ),
                    (
                        "/usr/lib/python3.10/pathlib.py",
                        1175,
                        "mkdir",
                        "self.mkdir(mode, parents=False, exist_ok=exist_ok)",
                    ),
                ],
                "FileNotFoundError: [Errno 2] No such file or directory: 'outputs/2026-06-02/08-00-44'\n"
                "\nDuring handling of the above exception, another exception occurred:\n\n"
                "OSError: [Errno 30] Read-only file system: 'outputs'",
            ),
            *torchrun_failed(at(t), rank=rank, local_rank=0, exitcode=1, pid=90 + rank, host=host, script="train.py"),
        )

    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(1, at(30), at(46)), log=log(0, f"{name}-master-0", 45)),
            PodPlan("worker", 0, terminated(1, at(30), at(49)), log=log(8, f"{name}-worker-0", 48)),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(31), failed=("Worker", at(50))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1}},
        completion=at(50),
    )
    return CaseSpec(
        id="permission-denied-pytorchjob-read-only-root-hydra",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=f"{name}-master-0",
        evidence="Read-only file system",
        description="A hardened pod template (readOnlyRootFilesystem) meets Hydra creating its run directory in the "
        "working directory: mkdir first reports the parent missing, then why - the file system is "
        "read-only.",
        objects=[job, *pods],
        logs=logs,
        captured=at(200),
    )


@SCENARIOS.add
def rendezvous_error_pytorchjob_master_host_not_found_c10d() -> CaseSpec:
    at = Clock(datetime(2026, 6, 3, 8, 0, tzinfo=timezone.utc))
    name, ns = "t5-xl-bench", "perf-lab"
    ctr = Container(
        "pytorch",
        "registry.corp.example/perf/t5-bench:torch1.9",
        command=["python", "-m", "torch.distributed.launch", "--nproc_per_node=8", "bench.py"],
        resources=gpu(8, "500Gi", "64"),
    )
    frames = [
        '  File "/workspace/bench.py", line 412, in main',
        "    dist.init_process_group(backend='nccl')",
        '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/rendezvous.py", line 172, in '
        "_env_rendezvous_handler",
        "    store = TCPStore(master_addr, master_port, world_size, start_daemon, timeout)",
    ]
    worker = text(
        "2026-06-03 08:00:31,118 bench INFO MASTER_ADDR=t5-xl-bench-master-0 MASTER_PORT=23456 RANK=1",
        "Traceback (most recent call last):",
        *frames,
        "ValueError: host not found: Name or service not known",
    )
    master = text(
        "2026-06-03 08:00:52,402 bench INFO MASTER_ADDR=localhost MASTER_PORT=23456 RANK=0",
        "Traceback (most recent call last):",
        *frames[:2],
        "RuntimeError: Timed out initializing process group in store based barrier on rank: 0, for key: "
        "store_based_barrier_key:1 (world_size=2, worker_count=1, timeout=0:30:00)",
    )
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(1, at(50), at(1853)), log=master),
            PodPlan("worker", 0, terminated(1, at(30), at(32)), log=worker),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(31), failed=("Master", at(1854))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1}},
        completion=at(1854),
    )
    return CaseSpec(
        id="rendezvous-error-pytorchjob-master-host-not-found-c10d",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=f"{name}-worker-0",
        evidence="host not found",
        description="The worker starts before the master's DNS name exists: older c10d raises 'ValueError: host not "
        "found' from TCPStore - a rendezvous failure, though the words are DNS's. The master then times "
        "out in the store-based barrier.",
        objects=[job, *pods],
        logs=logs,
        captured=at(1900),
    )
