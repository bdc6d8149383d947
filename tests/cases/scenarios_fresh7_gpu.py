"""Fresh round 7: real public threads about accelerators and their runtime: drivers, device plugins, CUDA initialisation, MIG, Xid and ECC faults, NCCL transports, ROCm, Ascend NPU, TPU.

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    Scenarios,
    batch_job,
    gpu,
    job_pod,
    running,
    stamped,
    terminated,
)
from tests.cases.logtext import torchrun_failed, torchrun_start
from tests.cases.scenarios_fresh4_accelerators import _resources
from tests.cases.scenarios_real_application import _tb
from tests.cases.scenarios_real_platform import _backoff, _crash_loop, _http_probe, _rs_name, _rs_pod
from tests.cases.scenarios_real_training import _job_case

SCENARIOS = Scenarios()

_NCCL_DEBUG = {"name": "NCCL_DEBUG", "value": "INFO"}


def _timeline(start: datetime, items: list[tuple[float, str]]) -> str:
    """``kubectl logs --timestamps`` of lines that carry their own time: each item is the gap before the line
    (seconds) and the line, where ``{t}`` becomes vLLM's time (``03-22 18:30:12``) and ``{T}`` NCCL's
    (``2025-03-22 18:30:12``), so both clocks agree with the kubelet's."""
    lines: list[str] = []
    gaps: list[float] = []
    t = start
    for i, (gap, line) in enumerate(items):
        if i:
            t += timedelta(seconds=gap)
            gaps.append(gap)
        lines.append(line.replace("{t}", t.strftime("%m-%d %H:%M:%S")).replace("{T}", t.strftime("%Y-%m-%d %H:%M:%S")))
    return stamped(lines, start, gaps or 1.0)


def _vllm_worker_traceback(prefix: str, site: str, tail: list[tuple[str, int, str, str]], error: str) -> list[str]:
    """A vLLM V1 worker that failed while it set up its tensor-parallel group, as multiproc_executor logs it:
    every line behind the worker's ``(VllmWorker rank=N pid=P) ERROR ... [multiproc_executor.py:NNN]`` prefix."""
    frames = [
        (f"{site}/vllm/v1/executor/multiproc_executor.py", 520, "worker_main", "worker = WorkerProc(*args, **kwargs)"),
        (f"{site}/vllm/v1/executor/multiproc_executor.py", 391, "__init__", "self.worker.init_device()"),
        (f"{site}/vllm/worker/worker_base.py", 606, "init_device", "self.worker.init_device()  # type: ignore"),
        (
            f"{site}/vllm/v1/worker/gpu_worker.py",
            164,
            "init_device",
            "init_worker_distributed_environment(self.vllm_config, self.rank,",
        ),
        (
            f"{site}/vllm/v1/worker/gpu_worker.py",
            373,
            "init_worker_distributed_environment",
            "ensure_model_parallel_initialized(parallel_config.tensor_parallel_size,",
        ),
        (
            f"{site}/vllm/distributed/parallel_state.py",
            1089,
            "ensure_model_parallel_initialized",
            "initialize_model_parallel(tensor_model_parallel_size,",
        ),
        (
            f"{site}/vllm/distributed/parallel_state.py",
            1036,
            "initialize_model_parallel",
            "_TP = init_model_parallel_group(group_ranks,",
        ),
        (f"{site}/vllm/distributed/parallel_state.py", 858, "init_model_parallel_group", "return GroupCoordinator("),
        (f"{site}/vllm/distributed/parallel_state.py", 236, "__init__", "self.device_communicator = device_comm_cls("),
        (
            f"{site}/vllm/distributed/device_communicators/cuda_communicator.py",
            39,
            "__init__",
            "self.pynccl_comm = PyNcclCommunicator(",
        ),
        *tail,
        (
            f"{site}/vllm/distributed/device_communicators/pynccl_wrapper.py",
            256,
            "NCCL_CHECK",
            'raise RuntimeError(f"NCCL error: {error_str}")',
        ),
    ]
    return [f"{prefix} {line}" for line in ["WorkerProc failed to start.", *_tb(frames, error)]]


def _vllm_engine_failed(stamp: str, pid: int, site: str, proc: str = "EngineCore_0") -> list[str]:
    """The engine core and the API server giving up after a worker failed to start."""
    core = f"({proc} pid={pid}) ERROR {stamp} [core.py:586]"
    return [
        f"{core} EngineCore failed to start.",
        f"{core} Traceback (most recent call last):",
        f'{core}   File "{site}/vllm/v1/engine/core.py", line 577, in run_engine_core',
        f"{core}     engine_core = EngineCoreProc(*args, **kwargs)",
        f'{core}   File "{site}/vllm/v1/executor/multiproc_executor.py", line 94, in _init_executor',
        f"{core}     self.workers = WorkerProc.wait_for_ready(unready_workers)",
        f'{core}   File "{site}/vllm/v1/executor/multiproc_executor.py", line 472, in wait_for_ready',
        f"{core}     raise e from None",
        f"{core} Exception: WorkerProc initialization failed due to an exception in a background process. See "
        "stack trace for root cause.",
        "Traceback (most recent call last):",
        '  File "<frozen runpy>", line 198, in _run_module_as_main',
        '  File "<frozen runpy>", line 88, in _run_code',
        f'  File "{site}/vllm/entrypoints/openai/api_server.py", line 1387, in <module>',
        "    uvloop.run(run_server(args))",
        f'  File "{site}/vllm/v1/engine/utils.py", line 470, in wait_for_engine_startup',
        '    raise RuntimeError("Engine core initialization failed. "',
        "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}",
    ]


# -- GPU runtime faults -----------------------------------------------------------------------------


@SCENARIOS.add
def cuda_error_job_rocm_hw_exception_gpu_hang() -> CaseSpec:
    at = Clock(datetime(2025, 9, 2, 11, 0, tzinfo=timezone.utc))
    name, ns = "pointmap-recon-train", "vision-3d"
    steps = [
        f"Epoch: [{2 + i // 25}]  [{(i % 25) * 100:>4}/2500]  eta: {2 - i // 40}:{(59 - i) % 60:02d}:11  lr: "
        f"0.000{98 - i // 10:02d}  Loss/train_mean_inlier_rep_error: {4.9102 - i * 0.0031:.4f} "
        f"({4.8800 - i * 0.0026:.4f}) | Grad/pos_proj: {1.2104 - i * 0.0019:.4f} ({1.5358:.4f}) | Grad/point: "
        f"{71.4402 - i * 0.09:.4f} (74.0430)"
        for i in range(72)
    ]
    head = [
        *torchrun_start(at(20)),
        "[rank0] using device cuda:0 (AMD Instinct MI300X, gfx942:sramecc+:xnack-), world_size=4",
        "[rank0] train set: 214,608 pairs, val set: 5,120 pairs",
        *steps,
        "Loss/train_mean_inlier_rep_error: 4.7540 (4.7279) | Grad/pos_proj: 1.0838 (1.5358) | Grad/point_encoder: "
        "0.0000 (0.0000) | Grad/point_decoder: 7.3522 (6.8609) | Grad/point: 65.9949 (74.0430) | Grad/conf_decoder: "
        "0.0125 (0.0336) | Grad/conf_head: 0.1573 (1.1025) | Grad/decoder: 0.8831 (1.3174) | "
        "Grad/register_token,query_token: 0.0038 (0.0064)",
        "HW Exception by GPU node-4 (Agent handle: 0x1ebc04e0) reason :GPU Hang",
        "HW Exception by GPU node-4 (Agent handle: 0x2df30600) reason :GPU Hang",
        "HW Exception by GPU node-4 (Agent handle: 0x33c245e0) reason :GPU Hang",
        "HW Exception by GPU node-4 (Agent handle: 0x462ca2e0) reason :GPU Hang",
    ]
    gaps = [0, 0, 0, 3, 1] + [120] * len(steps) + [30, 0, 0, 0, 0.5]
    failed = 20 + sum(gaps)  # torchrun's summary, half a second after the last hang report
    lines = [
        *head,
        *torchrun_failed(
            at(failed), rank=0, local_rank=0, exitcode=-6, pid=225, host=f"{name}-5mq2d", script="train.py"
        ),
    ]
    return _job_case(
        id="cuda-error-job-rocm-hw-exception-gpu-hang",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/vision/pointmap:rocm6.4-torch2.6",
        command=["torchrun", "--nproc_per_node=4", "train.py", "--config", "configs/pointmap_base.yaml"],
        resources=_resources("amd.com/gpu", 4, "512Gi", "64"),
        exit_code=1,
        ran=(15, failed + 1),
        log=stamped(lines, at(20), [*gaps, 0]),
        category="cuda-error",
        evidence="reason :GPU Hang",
        description="A 4-GPU PyTorch training on AMD MI300X (ROCm) runs for hours, then the ROCm runtime reports "
        "'HW Exception by GPU node-4 (Agent handle: ...) reason :GPU Hang' on every queue of one GPU and aborts "
        "rank 0 (exitcode -6); torchrun tears the other ranks down. A GPU that stopped answering (a hung "
        "kernel, the driver resetting the GPU) is the GPU runtime failing under the job, ROCm's counterpart of "
        "a CUDA launch failure - the abort and torchrun's summary are how it ends.",
        title="[Issue]: gfx942 GPU hang using torch - 'HW Exception by GPU node-4 (Agent handle: ...) reason :GPU "
        "Hang' after hours of training, torchrun 'failed (exitcode: -6)'",
        source="https://github.com/ROCm/legacy-rocm-build/issues/5259",
        captured=failed + 120,
        node_name="mi300x-node-11",
    )


@SCENARIOS.add
def cuda_error_job_jax_gke_tpu_no_device_found() -> CaseSpec:
    at = Clock(datetime(2023, 1, 11, 9, 0, tzinfo=timezone.utc))
    name, ns = "jax-lm-pretrain-tpu", "research-tpu"
    site = "/usr/local/lib/python3.9/dist-packages"
    lines = [
        "I0111 09:00:40.201133 140153221818176 train.py:58] JAX_PLATFORMS=tpu, devices requested: 8",
        "Traceback (most recent call last):",
        f'  File "{site}/jax/_src/lib/xla_bridge.py", line 335, in backends',
        "    backend = _init_backend(platform)",
        f'  File "{site}/jax/_src/lib/xla_bridge.py", line 387, in _init_backend',
        "    backend = factory()",
        f'  File "{site}/jax/_src/lib/xla_bridge.py", line 191, in tpu_client_timer_callback',
        "    client = xla_client.make_tpu_client()",
        f'  File "{site}/jaxlib/xla_client.py", line 126, in make_tpu_client',
        "    return _xla.get_tpu_client(",
        "jaxlib.xla_extension.XlaRuntimeError: NOT_FOUND: No ba16c7433 device found.",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        "Traceback (most recent call last):",
        '  File "/workspace/train.py", line 212, in <module>',
        "    main()",
        '  File "/workspace/train.py", line 61, in main',
        "    devices = jax.devices()",
        f'  File "{site}/jax/_src/lib/xla_bridge.py", line 512, in devices',
        "    return get_backend(backend).devices()",
        f'  File "{site}/jax/_src/lib/xla_bridge.py", line 446, in get_backend',
        "    return _get_backend_uncached(platform)",
        f'  File "{site}/jax/_src/lib/xla_bridge.py", line 426, in _get_backend_uncached',
        "    bs = backends()",
        f'  File "{site}/jax/_src/lib/xla_bridge.py", line 350, in backends',
        "    raise RuntimeError(err_msg)",
        "RuntimeError: Unable to initialize backend 'tpu': NOT_FOUND: No ba16c7433 device found. (set "
        "JAX_PLATFORMS='' to automatically choose an available backend)",
    ]
    return _job_case(
        id="cuda-error-job-jax-gke-tpu-no-device-found",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/research/jax-lm:0.4.1-tpu",
        command=["python3", "train.py", "--config", "configs/lm_base.py"],
        resources=_resources("cloud-tpus.google.com/v3", 8, "64Gi", "8"),
        exit_code=1,
        ran=(20, 43),
        log=stamped(lines, at(40), [1] + [0.01] * 40),
        category="cuda-error",
        evidence="No ba16c7433 device found",
        description="A JAX image that runs on a TPU VM is run on GKE with a Cloud TPU requested "
        "(cloud-tpus.google.com/v3: 8): libtpu looks for a local TPU chip ('NOT_FOUND: No ba16c7433 device "
        "found' - ba16c7433 is the TPU's PCI id), finds none (the TPU is a network-attached TPU Node, not a local "
        "chip), and with JAX_PLATFORMS=tpu JAX cannot initialise its backend. The accelerator runtime cannot "
        "reach the device the pod was given: no usable accelerator.",
        title="Can't initialize cloud TPU on GKE TPU Nodes: 'XlaRuntimeError: NOT_FOUND: No ba16c7433 device found.'",
        source="https://github.com/jax-ml/jax/issues/13969",
        captured=200,
        node_name="gke-tpu-pool-7f3a",
    )


# -- NCCL and CUDA under an inference server ----------------------------------------------------------


def _vllm_crash_case(
    at: Clock,
    *,
    id: str,
    category: str,
    evidence: str,
    description: str,
    title: str,
    source: str,
    deployment: str,
    ns: str,
    host: str,
    image: str,
    args: list[str],
    resources: Obj,
    items: list[tuple[float, str]],
    env: list[Obj] | None = None,
    security: Obj | None = None,
) -> CaseSpec:
    """A vLLM Deployment's pod whose server keeps failing at start-up (CrashLoopBackOff); ``items`` are the
    last run's log (see ``_timeline``), which began 20 minutes after the pod was created; ``security`` is the
    pod's securityContext."""
    start = 1290.0
    end = start + sum(gap for gap, _ in items) + 2
    c = Container(
        "vllm",
        image,
        args=args,
        env=env or [],
        resources=resources,
        ports=[{"name": "http", "containerPort": 8000, "protocol": "TCP"}],
        probes=_http_probe("/health", 8000, kinds=("readinessProbe",), delay=60),
        state=_crash_loop("vllm", _rs_name(deployment, ns), ns),
        last=terminated(1, at(start - 1), at(end)),
        restarts=5,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    if security:
        p["spec"]["securityContext"] = security
    name = p["metadata"]["name"]
    log = _timeline(at(start), [(gap, line.replace("{pod}", name)) for gap, line in items])
    return CaseSpec(
        id=id,
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category=category,
        culprit=name,
        evidence=evidence,
        description=description,
        objects=[p, _backoff(p, "vllm", at, 130, end + 10, 21)],
        logs={f"{name}/vllm.previous": log},
        captured=at(end + 60),
        title=title,
        source=source,
    )


@SCENARIOS.add
def nccl_error_pod_vllm_nvls_multicast_cuda_failure() -> CaseSpec:
    at = Clock(datetime(2025, 7, 21, 18, 40, tzinfo=timezone.utc))
    deployment, ns, host = "qwen3-235b-serve", "llm-serving", "dgx-h100-004"
    site = "/usr/local/lib/python3.12/dist-packages"
    workers = [(r, 27906 + r) for r in range(8)]
    worker_error = _vllm_worker_traceback(
        "(VllmWorker rank=1 pid=27907) ERROR {t} [multiproc_executor.py:546]",
        site,
        [
            (f"{site}/vllm/distributed/device_communicators/pynccl.py", 111, "__init__", "self.all_reduce(data)"),
            (
                f"{site}/vllm/distributed/device_communicators/pynccl.py",
                135,
                "all_reduce",
                "self.nccl.ncclAllReduce(buffer_type(in_tensor.data_ptr()),",
            ),
            (
                f"{site}/vllm/distributed/device_communicators/pynccl_wrapper.py",
                310,
                "ncclAllReduce",
                'self.NCCL_CHECK(self._funcs["ncclAllReduce"](sendbuff, recvbuff, count,',
            ),
        ],
        "RuntimeError: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details)",
    )
    items: list[tuple[float, str]] = [
        (0, "INFO {t} [__init__.py:244] Automatically detected platform cuda."),
        (4, "INFO {t} [api_server.py:1395] vLLM API server version 0.9.2"),
        (
            7,
            "INFO {t} [config.py:841] This model supports multiple tasks: {'embed', 'generate', 'classify', "
            "'reward'}. Defaulting to 'generate'.",
        ),
        (0, "INFO {t} [config.py:1472] Defaulting to use mp for distributed inference"),
        (7, "INFO {t} [core.py:526] Waiting for init message from front-end."),
        (
            0,
            "INFO {t} [core.py:69] Initializing a V1 LLM engine (v0.9.2) with config: "
            "model='/models/Qwen3-235B-A22B-FP8', speculative_config=None, tokenizer='/models/Qwen3-235B-A22B-FP8', "
            "skip_tokenizer_init=False, tokenizer_mode=auto, revision=None, trust_remote_code=False, "
            "dtype=torch.bfloat16, max_seq_len=32768, download_dir=None, load_format=auto, tensor_parallel_size=8, "
            "pipeline_parallel_size=1, disable_custom_all_reduce=False, quantization=fp8, enforce_eager=False",
        ),
        *(
            (
                8 if r == 0 else 0.1,
                f"(VllmWorker rank={r} pid={pid}) INFO {{t}} [utils.py:1126] Found nccl from library libnccl.so.2",
            )
            for r, pid in workers
        ),
        *(
            (0, f"(VllmWorker rank={r} pid={pid}) INFO {{t}} [pynccl.py:70] vLLM is using nccl==2.26.2")
            for r, pid in workers
        ),
        (0, "{pod}:27906:27906 [0] NCCL INFO Bootstrap: Using eth0:10.233.71.18<0>"),
        (0, "{pod}:27906:27906 [0] NCCL INFO cudaDriverVersion 12090"),
        (0, "{pod}:27906:27906 [0] NCCL INFO NCCL version 2.26.2+cuda12.2"),
        *(
            (
                0.2 if r == 0 else 0,
                f"{{pod}}:{pid}:{pid} [{r}] NCCL INFO NVLS multicast support is available on dev {r}",
            )
            for r, pid in workers
        ),
        (
            0.3,
            "{pod}:27906:27906 [0] NCCL INFO NVLS comm 0x55d0b5c1a2f0 headRank 0 nHeads 8 buffSize 1048576 "
            "memSize 2097152 nvlsPerRankSize 201326592 nvlsTotalSize 1610612736",
        ),
        (0.1, "{pod}:27907:27907 [1] NCCL INFO NVLS importing shareableHandle 0x7ffd4224e570 from rank 0"),
        (
            0.2,
            "[{T}] {pod}:27907:27907 [1] transport/nvls.cc:254 NCCL WARN Cuda failure 401 'the operation cannot "
            "be performed in the present state'",
        ),
        (0, "{pod}:27907:27907 [1] NCCL INFO transport/nvls.cc:409 -> 1"),
        (0, "{pod}:27907:27907 [1] NCCL INFO init.cc:1424 -> 1"),
        (0, "{pod}:27907:27907 [1] NCCL INFO init.cc:1756 -> 1"),
        *((0, line) for line in worker_error),
        *((1.5 if i == 0 else 0, line) for i, line in enumerate(_vllm_engine_failed("{t}", 27801, site))),
    ]
    return _vllm_crash_case(
        at,
        id="nccl-error-pod-vllm-nvls-multicast-cuda-failure",
        category="nccl-error",
        evidence="transport/nvls.cc",
        description="vLLM with tensor parallelism 8 on an 8xH100 NVSwitch node ran for a month, then every start "
        "fails in NCCL's NVLS (NVLink SHARP multicast) transport: 'transport/nvls.cc:254 NCCL WARN Cuda failure 401 "
        "'the operation cannot be performed in the present state'' when a rank adds its GPU to the multicast "
        "object, so the first all-reduce fails with 'unhandled cuda error' and the engine gives up. The GPUs and "
        "CUDA work; NCCL's multicast transport over the NVSwitch fabric does not (NCCL_NVLS_ENABLE=0 avoids it).",
        title="[Issue]: NCCL multicast error - vLLM on 8xH100 fails with 'transport/nvls.cc:254 NCCL WARN Cuda "
        "failure 401 'the operation cannot be performed in the present state''",
        source="https://github.com/NVIDIA/nccl/issues/1788",
        deployment=deployment,
        ns=ns,
        host=host,
        image="vllm/vllm-openai:v0.9.2",
        args=["--model", "/models/Qwen3-235B-A22B-FP8", "--tensor-parallel-size", "8", "--max-model-len", "32768"],
        resources=gpu(8, "480Gi", "64"),
        items=items,
        env=[_NCCL_DEBUG],
    )


@SCENARIOS.add
def cuda_error_pod_vllm_vgpu_nccl_mempool_not_supported() -> CaseSpec:
    at = Clock(datetime(2026, 4, 13, 19, 30, tzinfo=timezone.utc))
    deployment, ns, host = "chat-endpoint-llama", "model-endpoints", "esxi-vgpu-worker-3"
    site = "/usr/local/lib/python3.12/dist-packages"
    worker_error = _vllm_worker_traceback(
        "(Worker pid=509) ERROR {t} [multiproc_executor.py:800]",
        site,
        [
            (
                f"{site}/vllm/distributed/device_communicators/pynccl.py",
                106,
                "__init__",
                "self.comm: ncclComm_t = self.nccl.ncclCommInitRank(",
            ),
            (
                f"{site}/vllm/distributed/device_communicators/pynccl_wrapper.py",
                277,
                "ncclCommInitRank",
                'self.NCCL_CHECK(self._funcs["ncclCommInitRank"](ctypes.byref(comm),',
            ),
        ],
        "RuntimeError: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details)",
    )
    items: list[tuple[float, str]] = [
        (0, "INFO {t} [__init__.py:216] Automatically detected platform cuda."),
        (3, "(APIServer pid=1) INFO {t} [api_server.py:1839] vLLM API server version 0.11.0"),
        (5, "(APIServer pid=1) INFO {t} [__init__.py:1815] Using max model len 131072"),
        (5, "(EngineCore_DP0 pid=401) INFO {t} [core.py:654] Waiting for init message from front-end."),
        (
            0,
            "(EngineCore_DP0 pid=401) INFO {t} [core.py:76] Initializing a V1 LLM engine (v0.11.0) with config: "
            "model='/models/Llama-3.1-70B-Instruct-AWQ', speculative_config=None, tensor_parallel_size=2, "
            "pipeline_parallel_size=1, quantization=awq_marlin, enforce_eager=False",
        ),
        (8, "(Worker pid=508) INFO {t} [pynccl.py:103] vLLM is using nccl==2.27.5"),
        (0, "(Worker pid=509) INFO {t} [pynccl.py:103] vLLM is using nccl==2.27.5"),
        (0, "{pod}:508:508 [0] NCCL INFO cudaDriverVersion 12080"),
        (0, "{pod}:508:508 [0] NCCL INFO NCCL version 2.27.5+cuda12.9"),
        (0, "{pod}:508:508 [0] NCCL INFO NCCL_CUMEM_ENABLE set by environment to 0."),
        (0.4, "[{T}] {pod}:508:508 [0] init.cc:426 NCCL WARN Cuda failure 'operation not supported'"),
        (0, "{pod}:508:508 [0] NCCL INFO init.cc:1437 -> 1"),
        (0, "{pod}:508:508 [0] NCCL INFO init.cc:1832 -> 1"),
        (0, "{pod}:508:508 [0] NCCL INFO init.cc:1858 -> 1"),
        (0, "(Worker pid=508) INFO {t} [multiproc_executor.py:749] Parent process exited, terminating worker"),
        (0, "(Worker pid=509) INFO {t} [multiproc_executor.py:749] Parent process exited, terminating worker"),
        *((0, line) for line in worker_error),
        *(
            (1.2 if i == 0 else 0, line)
            for i, line in enumerate(_vllm_engine_failed("{t}", 401, site, "EngineCore_DP0"))
        ),
    ]
    return _vllm_crash_case(
        at,
        id="cuda-error-pod-vllm-vgpu-nccl-mempool-not-supported",
        category="cuda-error",
        evidence="Cuda failure 'operation not supported'",
        description="vLLM with tensor parallelism 2 on VMware vGPUs whose profile has unified memory (UVM) "
        "disabled: NCCL 2.27 creates a CUDA memory pool while it initialises its communicator "
        "(init.cc:426, cudaMemPoolCreate), the vGPU driver answers 'operation not supported', and NCCL returns "
        "'unhandled cuda error' - with NCCL_CUMEM_ENABLE=0 set. The GPU environment lacks a CUDA feature the "
        "library needs; no rank failed and no network is involved.",
        title='[Issue]: NCCL 2.27.5 fails with "operation not supported" (init.cc:426) on VMware vGPU when UVM is '
        "disabled, ignoring CUMEM disable flags",
        source="https://github.com/NVIDIA/nccl/issues/2101",
        deployment=deployment,
        ns=ns,
        host=host,
        image="vllm/vllm-openai:v0.11.0",
        args=["--model", "/models/Llama-3.1-70B-Instruct-AWQ", "--tensor-parallel-size", "2"],
        resources=gpu(2, "480Gi", "64"),
        items=items,
        env=[_NCCL_DEBUG],
    )


@SCENARIOS.add
def cuda_error_pod_vllm_rocm_no_hip_gpus_render_group() -> CaseSpec:
    at = Clock(datetime(2025, 11, 11, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "qwen25-7b-rocm", "llm-serving", "strix-halo-node-2"
    site = "/opt/venv/lib64/python3.12/site-packages"
    items: list[tuple[float, str]] = [
        (0, "INFO {t} [__init__.py:225] Automatically detected platform rocm."),
        (4, "(APIServer pid=1) INFO {t} [api_server.py:1896] vLLM API server version 0.11.1rc2.dev161"),
        (
            0,
            "(APIServer pid=1) INFO {t} [utils.py:253] non-default args: {'model_tag': 'Qwen/Qwen2.5-7B-Instruct', "
            "'host': '0.0.0.0', 'model': 'Qwen/Qwen2.5-7B-Instruct', 'max_model_len': 32768, "
            "'gpu_memory_utilization': 0.9}",
        ),
        (6, "(APIServer pid=1) INFO {t} [model.py:658] Resolved architecture: Qwen2ForCausalLM"),
        (0, "(APIServer pid=1) INFO {t} [model.py:1745] Using max model len 32768"),
        (0, "Traceback (most recent call last):"),
        *(
            (0, line)
            for line in _tb(
                [
                    ("/opt/venv/bin/vllm", 10, "<module>", "sys.exit(main())"),
                    (f"{site}/vllm/entrypoints/cli/main.py", 73, "main", "args.dispatch_function(args)"),
                    (f"{site}/vllm/entrypoints/cli/serve.py", 59, "cmd", "uvloop.run(run_server(args))"),
                    (
                        f"{site}/vllm/entrypoints/openai/api_server.py",
                        1944,
                        "run_server",
                        "await run_server_worker(listen_address, sock, args, **uvicorn_kwargs)",
                    ),
                    (
                        f"{site}/vllm/engine/arg_utils.py",
                        1331,
                        "create_engine_config",
                        "device_config = DeviceConfig(device=cast(Device, current_platform.device_type))",
                    ),
                    (
                        f"{site}/vllm/config/device.py",
                        58,
                        "__post_init__",
                        "self.device = torch.device(torch.cuda.current_device())",
                    ),
                    (f"{site}/torch/cuda/__init__.py", 1069, "current_device", "_lazy_init()"),
                    (f"{site}/torch/cuda/__init__.py", 410, "_lazy_init", "torch._C._cuda_init()"),
                ],
                "RuntimeError: No HIP GPUs are available",
            )
        ),
    ]
    return _vllm_crash_case(
        at,
        id="cuda-error-pod-vllm-rocm-no-hip-gpus-render-group",
        category="cuda-error",
        evidence="No HIP GPUs are available",
        description="A vLLM ROCm server on an AMD GPU node: the pod gets its GPU (amd.com/gpu: 1, /dev/kfd and "
        "/dev/dri/renderD128 in the container) but runs as a non-root user that is not in the group owning the "
        "device nodes (the host's render GID), so the HIP runtime enumerates no device and torch raises 'No HIP "
        "GPUs are available' at the first CUDA call - the ROCm counterpart of 'No CUDA GPUs are available'. "
        "Adding the host's render GID to supplementalGroups fixes it.",
        title="RuntimeError: No HIP GPUs are available - the vLLM ROCm container cannot open /dev/kfd: the device "
        "nodes are owned by the host's render GID, which the container user does not have",
        source="https://github.com/kyuz0/amd-strix-halo-vllm-toolboxes/issues/6",
        deployment=deployment,
        ns=ns,
        host=host,
        image="registry.corp.example/llm/vllm-therock-gfx1151:2025-11-10",
        args=["serve", "Qwen/Qwen2.5-7B-Instruct", "--host", "0.0.0.0", "--max-model-len", "32768"],
        resources=_resources("amd.com/gpu", 1, "96Gi", "16"),
        items=items,
        security={"runAsUser": 1000, "runAsGroup": 1000, "runAsNonRoot": True, "fsGroup": 1000},
    )


# -- healthy traps ------------------------------------------------------------------------------------


@SCENARIOS.add
def healthy_pod_vllm_custom_allreduce_disabled_pcie_gpus() -> CaseSpec:
    at = Clock(datetime(2025, 3, 22, 18, 30, tzinfo=timezone.utc))
    deployment, ns, host = "deepseek-r1-gguf", "llm-lab", "gpu-a6000x8-1"
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.8.1",
        args=[
            "--model",
            "/models/DeepSeek-R1-UD-IQ1_S.gguf",
            "--tokenizer",
            "/models/DeepSeek-R1",
            "--tensor-parallel-size",
            "8",
            "--max-model-len",
            "16384",
        ],
        resources=gpu(8, "400Gi", "48"),
        ports=[{"name": "http", "containerPort": 8000, "protocol": "TCP"}],
        probes=_http_probe("/health", 8000, kinds=("readinessProbe",), delay=600),
        state=running(at(2)),
        ready=True,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    workers = range(278, 285)
    warn = (
        "Custom allreduce is disabled because it's not supported on more than two PCIe-only GPUs. To silence this "
        "warning, specify disable_custom_all_reduce=True explicitly."
    )
    items: list[tuple[float, str]] = [
        (0, "INFO {t} [__init__.py:256] Automatically detected platform cuda."),
        (3, "INFO {t} [api_server.py:977] vLLM API server version 0.8.1"),
        (13, "WARNING {t} [config.py:2599] Casting torch.bfloat16 to torch.float16."),
        (0, "INFO {t} [config.py:1460] Defaulting to use mp for distributed inference"),
        (
            3,
            "WARNING {t} [multiproc_worker_utils.py:306] Reducing Torch parallelism from 48 threads to 1 to avoid "
            "unnecessary CPU contention. Set OMP_NUM_THREADS in the external environment to tune this value as "
            "needed.",
        ),
        *(
            (
                3 if i == 0 else 0.2,
                f"(VllmWorkerProcess pid={pid}) INFO {{t}} [multiproc_worker_utils.py:229] Worker "
                "ready; awaiting tasks",
            )
            for i, pid in enumerate(workers)
        ),
        (6, "INFO {t} [pynccl.py:69] vLLM is using nccl==2.21.5"),
        *(
            (0, f"(VllmWorkerProcess pid={pid}) INFO {{t}} [pynccl.py:69] vLLM is using nccl==2.21.5")
            for pid in workers
        ),
        *(
            (0.5 if i == 0 else 0, f"(VllmWorkerProcess pid={pid}) WARNING {{t}} [custom_all_reduce.py:137] {warn}")
            for i, pid in enumerate(workers)
        ),
        (0, f"WARNING {{t}} [custom_all_reduce.py:137] {warn}"),
        (
            0,
            "INFO {t} [shm_broadcast.py:258] vLLM message queue communication handle: "
            "Handle(local_reader_ranks=[1, 2, 3, 4, 5, 6, 7], buffer_handle=(7, 4194304, 6, 'psm_c8657217'), "
            "local_subscribe_addr='ipc:///tmp/59169403-03a0-4321-9215-d9317b8825e8', remote_subscribe_addr=None, "
            "remote_addr_ipv6=False)",
        ),
        (15, "INFO {t} [model_runner.py:1110] Starting to load model /models/DeepSeek-R1-UD-IQ1_S.gguf..."),
        (698, "INFO {t} [model_runner.py:1146] Model loading took 19.6032 GiB and 698.114 seconds"),
        (51, "INFO {t} [worker.py:267] Memory profiling takes 50.31 seconds"),
        (0, "INFO {t} [executor_base.py:111] # cuda blocks: 10348, # CPU blocks: 3276"),
        (0, "INFO {t} [executor_base.py:116] Maximum concurrency for 16384 tokens per request: 10.10x"),
        (48, "INFO {t} [model_runner.py:1570] Graph capturing finished in 48 secs, took 1.21 GiB"),
        (
            0,
            "INFO {t} [llm_engine.py:447] init engine (profile, create kv cache, warmup model) took 98.92 seconds",
        ),
        (1, "INFO {t} [api_server.py:1024] Starting vLLM API server on http://0.0.0.0:8000"),
        (0.1, "INFO:     Started server process [1]"),
        (0, "INFO:     Waiting for application startup."),
        (0, "INFO:     Application startup complete."),
    ]
    for i in range(30):
        items += [
            (110, f'INFO:     10.233.4.{17 + i % 3}:{40112 + i * 7} - "POST /v1/chat/completions HTTP/1.1" 200 OK'),
            (
                10,
                f"INFO {{t}} [metrics.py:471] Avg prompt throughput: {41.2 + i % 5:.1f} tokens/s, Avg generation "
                f"throughput: {18.4 + i % 4 * 0.3:.1f} tokens/s, Running: 1 reqs, Swapped: 0 reqs, Pending: 0 reqs, "
                f"GPU KV cache usage: {2.1 + i % 7 * 0.4:.1f}%, CPU KV cache usage: 0.0%.",
            ),
        ]
    return CaseSpec(
        id="healthy-pod-vllm-custom-allreduce-disabled-pcie-gpus",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="vLLM serves a DeepSeek-R1 GGUF quantisation with tensor parallelism 8 on eight PCIe GPUs "
        "without NVLink. Every worker warns 'Custom allreduce is disabled because it's not supported on more "
        "than two PCIe-only GPUs' - vLLM falls back to NCCL's all-reduce, as designed - and the server has been "
        "Ready and answering requests for an hour.",
        objects=[p],
        logs={f"{name}/vllm": _timeline(at(12), items)},
        captured=at(12 + sum(gap for gap, _ in items) + 40),
        title="DeepSeek R1 GGUF on vLLM with 8 PCIe GPUs: 'WARNING custom_all_reduce.py:137 Custom allreduce is "
        "disabled because it's not supported on more than two PCIe-only GPUs' on every worker, the server runs",
        source="https://github.com/vllm-project/vllm/issues/15340",
    )


@SCENARIOS.add
def healthy_running_rocm_training_amdgpu_ids_missing() -> CaseSpec:
    at = Clock(datetime(2024, 8, 8, 6, 0, tzinfo=timezone.utc))
    name, ns = "resnet50-rocm-bench", "ml-platform"
    ctr = Container(
        "train",
        "registry.corp.example/ml/torch-rocm:2.4.0-rocm6.1-ubuntu22.04",
        command=["torchrun", "--nproc_per_node=8", "train_imagenet.py", "--arch", "resnet50", "--amp"],
        resources=_resources("amd.com/gpu", 8, "512Gi", "96"),
        state=running(at(20)),
        ready=True,
    )
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=ctr, active=1, ready=1, start=at(1), conditions=[]
    )
    p = job_pod(job, [ctr], created=at(1), phase="Running", node="mi250-node-03", scheduled=at(2))
    pod_name = p["metadata"]["name"]
    steps = [
        f"Epoch: [{i // 20}][{(i % 20) * 250:>4}/5005]\tTime  0.212 ( 0.215)\tData  0.002 ( 0.004)\tLoss "
        f"{6.91 - i * 0.035:.4e} ({6.93 - i * 0.034:.4e})\tAcc@1  {0.1 + i * 0.42:6.2f} ({0.1 + i * 0.4:6.2f})\tAcc@5 "
        f"{0.5 + i * 0.9:6.2f} ({0.5 + i * 0.88:6.2f})"
        for i in range(60)
    ]
    lines = [
        *torchrun_start(at(25)),
        *(["amdgpu.ids: No such file or directory"] * 8),
        "=> creating model 'resnet50'",
        "=> using AMD Instinct MI250X/MI250 x8 (gfx90a), torch 2.4.0+rocm6.1, HIP 6.1.40091-a8dbc0c19",
        "=> loading ImageNet from /data/imagenet: 1281167 train, 50000 val images",
        *steps,
    ]
    log = stamped(lines, at(25), [0, 0, 0, 2] + [0.02] * 7 + [1, 0.5, 4] + [53] * 60)
    return CaseSpec(
        id="healthy-running-rocm-training-amdgpu-ids-missing",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="An 8-GPU ResNet-50 run on AMD MI250X with a ROCm build of PyTorch: every rank prints "
        "'amdgpu.ids: No such file or directory' at start-up - libdrm looking for the table of marketing names, "
        "which the pip wheel does not ship - then finds its GPU and trains; the step lines keep coming.",
        objects=[job, p],
        logs={f"{pod_name}/train": log},
        captured=at(25 + 2 + 0.14 + 5.5 + 53 * 59 + 30),
        title="[ROCm] 'amdgpu.ids: No such file or directory' printed once per GPU by the ROCm PyTorch wheel in "
        "a container, where the GPUs work",
        source="https://github.com/pytorch/pytorch/issues/132987",
    )
