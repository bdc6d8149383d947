"""Fresh round 7: real public threads about model servers on Kubernetes (vLLM, TGI, KServe, Triton, Ray Serve, SGLang, llama.cpp): loading, memory, probes, engine crashes.

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
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
    pod,
    running,
    stamped,
    terminated,
    text,
)
from tests.cases.scenarios_real_platform import _backoff, _crash_loop, _http_probe, _rs_name, _rs_pod

SCENARIOS = Scenarios()


def _startup_probe(path: str, port: int, *, period: int, failures: int) -> Obj:
    return {
        "startupProbe": {
            "httpGet": {"path": path, "port": port, "scheme": "HTTP"},
            "periodSeconds": period,
            "failureThreshold": failures,
            "timeoutSeconds": 1,
            "successThreshold": 1,
        }
    }


def _crash_looping(
    at: Clock,
    deployment: str,
    ns: str,
    host: str,
    c: Container,
    *,
    ran: tuple[float, float],
    restarts: int,
    volumes: tuple[Obj, ...] = (),
) -> tuple[Obj, str]:
    """A Deployment's server pod whose container exits 1 after running ``ran`` and is backing off."""
    c.state = _crash_loop(c.name, _rs_name(deployment, ns), ns)
    c.last = terminated(1, at(ran[0]), at(ran[1]))
    c.restarts = restarts
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        qos="Guaranteed",
        volumes=list(volumes),
    )
    return p, p["metadata"]["name"]


def _tgi_server(
    at: Clock,
    deployment: str,
    ns: str,
    host: str,
    image: str,
    args: list[str],
    *,
    ran: tuple[float, float],
    restarts: int,
) -> tuple[Obj, str]:
    """A sharded TGI server (weights on a claim, a memory-backed /dev/shm) that keeps failing to start."""
    c = Container(
        "tgi",
        image,
        args=args,
        resources=gpu(2, "96Gi", "16"),
        mounts=[{"name": "data", "mountPath": "/data"}, {"name": "dshm", "mountPath": "/dev/shm"}],
    )
    volumes = (
        {"name": "data", "persistentVolumeClaim": {"claimName": "tgi-data"}},
        {"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "1Gi"}},
    )
    return _crash_looping(at, deployment, ns, host, c, ran=ran, restarts=restarts, volumes=volumes)


def _tgi_prelude(stamps: list[str], model: str) -> list[str]:
    """TGI's launcher from its arguments to starting two shards, at the six ``stamps`` given."""
    return [
        _tgi_args_line(stamps[0], model, 2, "trust_remote_code: false, "),
        f"{stamps[0]}  INFO text_generation_launcher: Sharding model on 2 processes",
        f"{stamps[1]}  INFO download: text_generation_launcher: Starting download process.",
        f"{stamps[2]}  INFO text_generation_launcher: Files are already present on the host. Skipping download.",
        "",
        f"{stamps[3]}  INFO download: text_generation_launcher: Successfully downloaded weights.",
        f"{stamps[4]}  INFO shard-manager: text_generation_launcher: Starting shard rank=0",
        f"{stamps[5]}  INFO shard-manager: text_generation_launcher: Starting shard rank=1",
    ]


# -- engines that die while the server waits for them ---------------------------------------------


@SCENARIOS.add
def gpu_oom_pod_vllm_rbln_engine_lacks_device_memory_probe_restarts() -> CaseSpec:
    at = Clock(datetime(2026, 8, 26, 17, 45, tzinfo=timezone.utc))
    deployment, ns, host = "minimax-m2-5-decode", "llm-serving", "npu-atom-node-3"
    args = [
        "vllm",
        "serve",
        "/models/MiniMax-M2.5-FP8",
        "--max-model-len=196608",
        "--block-size=8192",
        "--pipeline-parallel-size=4",
        "--enable-expert-parallel",
        "--port=8000",
    ]
    probes = {**_startup_probe("/health", 8000, period=30, failures=240), **_http_probe("/health", 8000)}
    resources = {
        "limits": {"cpu": "64", "memory": "512Gi", "rebellions.ai/ATOM": "16"},
        "requests": {"cpu": "64", "memory": "512Gi", "rebellions.ai/ATOM": "16"},
    }
    c = Container(
        "vllm",
        "registry.example.com/serving/vllm-rbln:0.10.1-rbln",
        args=args,
        resources=resources,
        probes=probes,
        state=running(at(14405)),
        last=terminated(143, at(7205), at(14400)),
        restarts=2,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]

    def attempt(start: float, waiting: int) -> list[tuple[float, str]]:
        lines = [
            (0, "(APIServer pid=1) INFO 08-26 {t} [api_server.py:1896] vLLM API server version 0.10.1"),
            (
                1,
                "(APIServer pid=1) INFO 08-26 {t} [utils.py:326] non-default args: {{'model_tag': "
                "'/models/MiniMax-M2.5-FP8', 'model': '/models/MiniMax-M2.5-FP8', 'max_model_len': 196608, "
                "'block_size': 8192, 'pipeline_parallel_size': 4, 'enable_expert_parallel': True}}",
            ),
            (9, "(EngineCore_DP0 pid=212) INFO 08-26 {t} [core.py:654] Waiting for init message from front-end."),
            (
                12,
                "(EngineCore_DP0 pid=212) INFO 08-26 {t} [core.py:76] Initializing a V1 LLM engine (v0.10.1) with "
                "config: model='/models/MiniMax-M2.5-FP8', max_seq_len=196608, pipeline_parallel_size=4, "
                "device_config=rbln, quantization=fp8",
            ),
            (95, "(Worker_PP2_EP0 pid=405) INFO 08-26 {t} [rbln_worker.py:212] Compiling model for RBLN NPU ..."),
            (700, "(Worker_PP2_EP0 pid=405) ERROR 08-26 {t} [multiproc_executor.py:596] Worker_PP2_EP0"),
            (
                700,
                "(Worker_PP2_EP0 pid=405) ERROR 08-26 {t} [multiproc_executor.py:596] "
                "torch._dynamo.exc.BackendCompilerFailed: backend='_rbln_backend' raised:",
            ),
            (
                700,
                "(Worker_PP2_EP0 pid=405) ERROR 08-26 {t} [multiproc_executor.py:596] RuntimeError: SYS_EBUSY: "
                "Lack of device memory. (code: -16)",
            ),
            (
                701,
                "(EngineCore_DP0 pid=212) ERROR 08-26 {t} [core.py:718] Not enough memory for 24 blocks of KV cache.",
            ),
            (
                701,
                "(EngineCore_DP0 pid=212) ERROR 08-26 {t} [core.py:718] Try reducing the number of blocks by "
                "setting --num-gpu-blocks-override.",
            ),
        ]
        for i in range(waiting):
            lines.append(
                (
                    711 + 10 * i,
                    "(APIServer pid=1) INFO 08-26 {t} [utils.py:783] Waiting for 1 local, 0 remote core engine "
                    "proc(s) to start.",
                )
            )
        out = []
        for offset, line in lines:
            t = at(start + offset)
            out.append((start + offset, line.format(t=t.strftime("%H:%M:%S"))))
        return out

    def render(pairs: list[tuple[float, str]]) -> str:
        return "".join(stamped([line], at(s)) for s, line in pairs)

    prev = attempt(7205, 645)
    prev.append((14399, "(APIServer pid=1) INFO 08-26 21:44:59 [launcher.py:80] Shutting down FastAPI HTTP server."))
    current = attempt(14405, 44)
    events = [
        event(
            p,
            "Unhealthy",
            'Startup probe failed: Get "http://10.244.7.31:8000/health": dial tcp 10.244.7.31:8000: connect: '
            "connection refused",
            at(35),
            last=at(15540),
            count=518,
            host=host,
        ),
        event(
            p,
            "Killing",
            "Container vllm failed startup probe, will be restarted",
            at(7200),
            last=at(14400),
            count=2,
            type_="Normal",
            host=host,
        ),
    ]
    return CaseSpec(
        id="gpu-oom-pod-vllm-rbln-engine-lacks-device-memory-probe-restarts",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=name,
        evidence="Lack of device memory",
        description="Twelve minutes into each start the engine core dies: compiling for the NPU runs out of "
        "device memory and there is no room for 24 blocks of KV cache at this context length and block size. "
        "The API server does not exit but waits for the dead engine, so the pod sits unready until the "
        "two-hour startup probe budget ends and the kubelet sends SIGTERM (exit 143); each restart meets the "
        "same memory limit. The probe kill is the symptom, not the cause.",
        objects=[p, *events],
        logs={f"{name}/vllm": render(current), f"{name}/vllm.previous": render(prev)},
        captured=at(15550),
        title="Engine core death during startup does not terminate the API server: 'SYS_EBUSY: Lack of device "
        "memory' and 'Not enough memory for 24 blocks of KV cache', then the pod waits for the startupProbe "
        "budget and restarts (exit 143)",
        source="https://github.com/RBLN-SW/vllm-rbln/issues/1000",
    )


# -- launch options the engine refuses -------------------------------------------------------------


@SCENARIOS.add
def config_error_pod_dynamo_vllm_tensor_parallel_larger_than_visible_gpus() -> CaseSpec:
    at = Clock(datetime(2025, 12, 12, 19, 25, 10, tzinfo=timezone.utc))
    ns, host = "llm", "gpu-b200-node-4"
    clique = "vllm-agg-0-vllmdecodeworker-0-vllmdecodeworker-ldr"
    name = f"{clique}-chfdw"
    owner = {
        "apiVersion": "grove.io/v1alpha1",
        "kind": "PodClique",
        "name": clique,
        "uid": "5f0c4d2e-9a51-4d8e-b1a3-2c7e0f6b9d14",
        "controller": True,
        "blockOwnerDeletion": True,
    }
    c = Container(
        "main",
        "nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.7.0",
        command=["/bin/sh", "-c"],
        args=[
            "python3 -m dynamo.vllm --model Qwen/Qwen3-32B --tensor-parallel-size 2 --nnodes 2 --node-rank 0 "
            "--master-addr ${LWS_LEADER_ADDRESS} --kv-transfer-config "
            '\'{"kv_connector":"NixlConnector","kv_role":"kv_both"}\''
        ],
        resources=gpu(1, "160Gi", "16"),
        probes=_http_probe("/live", 9090, kinds=("livenessProbe",), delay=60)
        | _http_probe("/health", 9090, kinds=("readinessProbe",), delay=60),
        state=_crash_loop("main", name, ns),
        last=terminated(1, at(1180), at(1211)),
        restarts=7,
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={
            "grove.io/podclique": clique,
            "nvidia.com/dynamo-graph-deployment-name": "vllm-agg",
            "nvidia.com/dynamo-component": "VllmDecodeWorker",
            "role": "leader",
        },
        owner=owner,
        containers=[c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        restart_policy="Always",
        qos="Guaranteed",
    )
    prev = text(
        "2025-12-12T19:44:51.112390Z  INFO dynamo_runtime::system_status_server: System status server started "
        "address=0.0.0.0:9090",
        "INFO 12-12 19:44:54 [__init__.py:216] Automatically detected platform cuda.",
        "2025-12-12T19:44:57.902114Z  INFO dynamo.vllm.main: Starting VllmDecodeWorker (multi-node leader, node "
        "rank 0 of 2)",
        "Traceback (most recent call last):",
        '  File "/opt/dynamo/venv/lib/python3.12/site-packages/dynamo/vllm/main.py", line 112, in init',
        "    engine_client, vllm_config, default_sampling_params = setup_vllm_engine(config)",
        '  File "/opt/dynamo/venv/lib/python3.12/site-packages/dynamo/vllm/main.py", line 258, in setup_vllm_engine',
        "    vllm_config = engine_args.create_engine_config(usage_context=usage_context)",
        '  File "/opt/dynamo/venv/lib/python3.12/site-packages/vllm/engine/arg_utils.py", line 1460, in '
        "create_engine_config",
        "    parallel_config = ParallelConfig(",
        '  File "/opt/dynamo/venv/lib/python3.12/site-packages/pydantic/_internal/_dataclasses.py", line 123, in '
        "__init__",
        "    s.__pydantic_validator__.validate_python(ArgsKwargs(args, kwargs), self_instance=s)",
        "pydantic_core._pydantic_core.ValidationError: 1 validation error for ParallelConfig",
        "  Value error, Tensor parallel size (2) cannot be larger than the number of available GPUs (1). "
        "[type=value_error, input_value=ArgsKwargs((), {'pipeline...'_api_process_rank': 0}), "
        "input_type=ArgsKwargs]",
        "    For further information visit https://errors.pydantic.dev/2.11/v/value_error",
        "2025-12-12T19:45:20.469133Z ERROR http-request: tower_http::trace::on_failure: response failed "
        "classification=Status code: 503 Service Unavailable latency=0 ms method=GET uri=/live version=HTTP/1.1",
    )
    return CaseSpec(
        id="config-error-pod-dynamo-vllm-tensor-parallel-larger-than-visible-gpus",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="cannot be larger than the number of available GPUs",
        description="The leader of a two-node vLLM worker asks for tensor parallel 2 across two pods of one GPU "
        "each; vLLM 0.12 validates the size against the GPUs this node can see and rejects the configuration "
        "before anything loads, so the leader exits and crash-loops. The 503 on /live is the status server "
        "answering the probe while the worker is down.",
        objects=[p, _backoff(p, "main", at, 90, 1230, 31)],
        logs={f"{name}/main.previous": prev},
        captured=at(1250),
        title="vllm multi-node tp/pp not working with vllm v0.12.0: 'Value error, Tensor parallel size (2) cannot "
        "be larger than the number of available GPUs (1)', the leader pod crash-loops",
        source="https://github.com/ai-dynamo/dynamo/issues/4934",
    )


@SCENARIOS.add
def config_error_pod_vllm_heads_not_divisible_pydantic_value_error() -> CaseSpec:
    at = Clock(datetime(2026, 8, 15, 14, 50, tzinfo=timezone.utc))
    deployment, ns, host = "deepseek-v4-flash", "llm-serving", "gpu-h200-node-12"
    model = "/app/data/deepseek-v4-flash-0731/model"
    args = [
        "vllm",
        "serve",
        model,
        "--served-model-name",
        "deepseek-v4-flash-0731",
        "--tensor-parallel-size",
        "3",
        "--enable-expert-parallel",
        "--block-size",
        "256",
        "--gpu-memory-utilization",
        "0.875",
        "--kv-cache-dtype",
        "fp8",
    ]
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.21.0",
        args=args,
        resources=gpu(3, "480Gi", "48"),
        mounts=[{"name": "models", "mountPath": "/app/data"}],
        probes=_http_probe("/health", 8000, delay=600),
    )
    claim = {"name": "models", "persistentVolumeClaim": {"claimName": "deepseek-weights"}}
    p, name = _crash_looping(at, deployment, ns, host, c, ran=(610, 634), restarts=5, volumes=(claim,))
    prev = text(
        "(APIServer pid=415) INFO 08-15 14:56:15 api_utils.py:273] non-default args: {'model_tag': "
        "'/app/data/deepseek-v4-flash-0731/model', 'model': '/app/data/deepseek-v4-flash-0731/model', "
        "'served_model_name': ['deepseek-v4-flash-0731'], 'tensor_parallel_size': 3, 'enable_expert_parallel': "
        "True, 'block_size': 256, 'gpu_memory_utilization': 0.875, 'kv_cache_dtype': 'fp8'}",
        "(APIServer pid=415) INFO 08-15 14:56:22 [model.py:547] Resolved architecture: DeepseekV4ForCausalLM",
        "(APIServer pid=415) INFO 08-15 14:56:22 [model.py:1510] Using max model len 1048576",
        "(APIServer pid=415) Traceback (most recent call last):",
        '(APIServer pid=415)   File "/usr/local/bin/vllm", line 10, in <module>',
        "(APIServer pid=415)     sys.exit(main())",
        '(APIServer pid=415)   File "/usr/local/lib/python3.12/dist-packages/vllm/engine/arg_utils.py", line '
        "1612, in create_engine_config",
        "(APIServer pid=415)     config = VllmConfig(",
        '(APIServer pid=415)   File "/usr/local/lib/python3.12/dist-packages/pydantic/_internal/_dataclasses.py", '
        "line 121, in __init__",
        "(APIServer pid=415)     s.__pydantic_validator__.validate_python(ArgsKwargs(args, kwargs), self_instance=s)",
        "(APIServer pid=415) pydantic_core._pydantic_core.ValidationError: 1 validation error for VllmConfig",
        "(APIServer pid=415)   Value error, Total number of attention heads (64) must be divisible by tensor "
        "parallel size (3). [type=value_error, input_value=ArgsKwargs((), {'model_co...additional_config': {}}), "
        "input_type=ArgsKwargs]",
        "(APIServer pid=415)     For further information visit https://errors.pydantic.dev/2.12/v/value_error",
    )
    return CaseSpec(
        id="config-error-pod-vllm-heads-not-divisible-pydantic-value-error",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="must be divisible by tensor parallel size",
        description="The model's 64 attention heads cannot be split across three tensor-parallel ranks; vLLM's "
        "config validation (now a pydantic ValidationError, 'Value error, ...') rejects the launch options and "
        "the server exits before loading. Use a tensor parallel size dividing 64, or pipeline parallelism.",
        objects=[p, _backoff(p, "vllm", at, 60, 640, 18)],
        logs={f"{name}/vllm.previous": prev},
        captured=at(660),
        title="Serving DeepSeek-V4-Flash with --tensor-parallel-size 3 fails: 'Value error, Total number of "
        "attention heads (64) must be divisible by tensor parallel size (3).'",
        source="https://github.com/vllm-project/vllm/issues/52435",
    )


# -- TGI shards that never come up ---------------------------------------------------------------


def _tgi_args_line(t: str, model: str, shards: int, version_fields: str) -> str:
    return (
        f'{t}  INFO text_generation_launcher: Args {{ model_id: "{model}", revision: None, '
        f"validation_workers: 2, sharded: None, num_shard: Some({shards}), quantize: None, dtype: None, "
        f"{version_fields}max_concurrent_requests: 128, max_best_of: 2, max_stop_sequences: 4, "
        "max_input_length: 1024, max_total_tokens: 4096, waiting_served_ratio: 1.2, max_batch_prefill_tokens: "
        '4096, max_batch_total_tokens: None, max_waiting_tokens: 20, hostname: "0.0.0.0", port: 80, '
        'shard_uds_path: "/tmp/text-generation-server", master_addr: "localhost", master_port: 29500, '
        'huggingface_hub_cache: Some("/data"), weights_cache_override: None, disable_custom_kernels: false, '
        "json_output: false, otlp_endpoint: None, cors_allow_origin: [], watermark_gamma: None, "
        "watermark_delta: None, ngrok: false, env: false }"
    )


@SCENARIOS.add
def nccl_error_pod_tgi_sharded_allreduce_watchdog_timeout() -> CaseSpec:
    at = Clock(datetime(2023, 10, 5, 23, 30, tzinfo=timezone.utc))
    deployment, ns, host = "llama-2-7b-chat-tgi", "tgi", "g5-12xlarge-node-1"
    model = "meta-llama/Llama-2-7b-chat-hf"
    args = ["--model-id", model, "--num-shard", "2", "--max-total-tokens", "4096"]
    image = "ghcr.io/huggingface/text-generation-inference:1.0.3"
    p, name = _tgi_server(at, deployment, ns, host, image, args, ran=(520, 607), restarts=4)
    prev = text(
        *_tgi_prelude(
            [
                "2023-10-05T23:38:40.112077Z",
                "2023-10-05T23:38:40.112254Z",
                "2023-10-05T23:38:42.901533Z",
                "2023-10-05T23:38:43.314560Z",
                "2023-10-05T23:38:43.314840Z",
                "2023-10-05T23:38:43.314914Z",
            ],
            model,
        ),
        "2023-10-05T23:38:53.325017Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be "
        "ready... rank=0",
        "2023-10-05T23:38:53.325102Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be "
        "ready... rank=1",
        "2023-10-05T23:39:03.335511Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be "
        "ready... rank=0",
        "2023-10-05T23:39:03.335570Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be "
        "ready... rank=1",
        "2023-10-05T23:39:13.346002Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be "
        "ready... rank=0",
        "2023-10-05T23:39:13.346071Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be "
        "ready... rank=1",
        "2023-10-05T23:39:23.356499Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be "
        "ready... rank=0",
        "2023-10-05T23:39:23.356548Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be "
        "ready... rank=1",
        "2023-10-05T23:39:33.366907Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be "
        "ready... rank=0",
        "2023-10-05T23:39:33.366981Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be "
        "ready... rank=1",
        "2023-10-05T23:39:43.377350Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be "
        "ready... rank=0",
        "2023-10-05T23:39:43.377412Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be "
        "ready... rank=1",
        "2023-10-05T23:39:53.387818Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be "
        "ready... rank=0",
        "2023-10-05T23:39:53.387880Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be "
        "ready... rank=1",
        "2023-10-05T23:40:03.398266Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be "
        "ready... rank=0",
        "2023-10-05T23:40:03.398301Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be "
        "ready... rank=1",
        "2023-10-05T23:40:07.398435Z ERROR shard-manager: text_generation_launcher: Shard complete standard error "
        "output:",
        "",
        "-> [W socket.cpp:601] [c10d] The client socket has failed to connect to [localhost]:29500 (errno: 99 - "
        "Cannot assign requested address).",
        "You are using a model of type llama to instantiate a model of type . This is not supported for all "
        "configurations of models and can yield errors.",
        "[E ProcessGroupNCCL.cpp:828] [Rank 1] Watchdog caught collective operation timeout: "
        "WorkNCCL(SeqNum=1, OpType=ALLREDUCE, Timeout(ms)=60000) ran for 69027 milliseconds before timing out.",
        "[E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due to the asynchronous "
        "nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        "[E ProcessGroupNCCL.cpp:460] To avoid data inconsistency, we are taking the entire process down.",
        " rank=1",
        "2023-10-05T23:40:07.398512Z ERROR shard-manager: text_generation_launcher: Shard process was signaled to "
        "shutdown with signal 6 rank=1",
        "2023-10-05T23:40:07.496120Z ERROR text_generation_launcher: Shard 1 failed to start",
        "2023-10-05T23:40:07.496147Z  INFO text_generation_launcher: Shutting down shards",
        "2023-10-05T23:40:07.609823Z  INFO shard-manager: text_generation_launcher: Shard terminated rank=0",
        "Error: ShardCannotStart",
    )
    return CaseSpec(
        id="nccl-error-pod-tgi-sharded-allreduce-watchdog-timeout",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=name,
        evidence="Watchdog caught collective operation timeout",
        description="Two TGI shards on a four-A10G node load the weights, but their first all-reduce never "
        "completes: the NCCL watchdog times out after 60 s and aborts the shard (signal 6), and the launcher "
        "gives up with ShardCannotStart. No shard failed for another reason first; the c10d socket warning is a "
        "retried connect and the model-type line is a harmless transformers note.",
        objects=[p, _backoff(p, "tgi", at, 120, 615, 9)],
        logs={f"{name}/tgi.previous": prev},
        captured=at(640),
        title="No longer can shard Llama-2-7b-chat-hf: '[Rank 1] Watchdog caught collective operation timeout: "
        "WorkNCCL(SeqNum=1, OpType=ALLREDUCE, Timeout(ms)=60000)', Error: ShardCannotStart",
        source="https://github.com/huggingface/text-generation-inference/issues/1106",
    )


@SCENARIOS.add
def cuda_error_pod_tgi_sharded_llama_needs_flash_attention_on_v100() -> CaseSpec:
    at = Clock(datetime(2023, 7, 24, 2, 30, tzinfo=timezone.utc))
    deployment, ns, host = "llama-2-13b-tgi", "text-generation", "gpu-v100-sxm2-node-2"
    model = "meta-llama/Llama-2-13b-chat-hf"
    image = "ghcr.io/huggingface/text-generation-inference:0.9.3"
    p, name = _tgi_server(
        at, deployment, ns, host, image, ["--model-id", model, "--num-shard", "2"], ran=(540, 560), restarts=5
    )
    prev = text(
        *_tgi_prelude(
            [
                "2023-07-24T02:39:00.528310Z",
                "2023-07-24T02:39:00.528490Z",
                "2023-07-24T02:39:03.711204Z",
                "2023-07-24T02:39:04.132958Z",
                "2023-07-24T02:39:04.133230Z",
                "2023-07-24T02:39:04.133311Z",
            ],
            model,
        ),
        "2023-07-24T02:39:14.143614Z  INFO shard-manager: text_generation_launcher: Waiting for shard 0 to be "
        "ready... rank=0",
        "2023-07-24T02:39:14.143690Z  INFO shard-manager: text_generation_launcher: Waiting for shard 1 to be "
        "ready... rank=1",
        "2023-07-24T02:39:19.746433Z  WARN text_generation_launcher: Could not import Flash Attention enabled "
        "models: GPU with CUDA capability 7 0 is not supported",
        "",
        "2023-07-24T02:39:19.998093Z ERROR text_generation_launcher: Error when initializing model",
        "Traceback (most recent call last):",
        '  File "/opt/conda/bin/text-generation-server", line 8, in <module>',
        "    sys.exit(app())",
        '  File "/opt/conda/lib/python3.9/site-packages/typer/main.py", line 311, in __call__',
        "    return get_command(self)(*args, **kwargs)",
        '  File "/opt/conda/lib/python3.9/site-packages/click/core.py", line 1130, in __call__',
        "    return self.main(*args, **kwargs)",
        '  File "/opt/conda/lib/python3.9/asyncio/base_events.py", line 634, in run_until_complete',
        "    self.run_forever()",
        "",
        '  File "/opt/conda/lib/python3.9/asyncio/base_events.py", line 647, in run_until_complete',
        "    return future.result()",
        "",
        '  File "/opt/conda/lib/python3.9/site-packages/text_generation_server/server.py", line 137, in serve_inner',
        "    model = get_model(",
        "",
        '  File "/opt/conda/lib/python3.9/site-packages/text_generation_server/models/__init__.py", line 193, in '
        "get_model",
        '    raise NotImplementedError(FLASH_ATT_ERROR_MESSAGE.format("Sharded Llama"))',
        "",
        "NotImplementedError: Sharded Llama requires Flash Attention enabled models.",
        " rank=0",
        "2023-07-24T02:39:20.704629Z ERROR text_generation_launcher: Shard 0 failed to start",
        "2023-07-24T02:39:20.704663Z  INFO text_generation_launcher: Shutting down shards",
        "2023-07-24T02:39:20.781260Z  INFO shard-manager: text_generation_launcher: Shard terminated rank=1",
        "Error: ShardCannotStart",
    )
    return CaseSpec(
        id="cuda-error-pod-tgi-sharded-llama-needs-flash-attention-on-v100",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="cuda-error",
        culprit=name,
        evidence="Flash Attention enabled models",
        description="TGI shards Llama only with its Flash Attention models, and those refuse a V100 (compute "
        "capability 7.0); the shard cannot build the model and the launcher stops with ShardCannotStart. The "
        "GPU generation is the cause: run unsharded, or on Ampere or newer.",
        objects=[p, _backoff(p, "tgi", at, 90, 565, 12)],
        logs={f"{name}/tgi.previous": prev},
        captured=at(590),
        title="Tesla V100 cannot run the inference server: 'NotImplementedError: Sharded Llama requires Flash "
        "Attention enabled models.', Shard 0 failed to start",
        source="https://github.com/huggingface/text-generation-inference/issues/686",
    )


# -- healthy traps -------------------------------------------------------------------------------


@SCENARIOS.add
def healthy_pod_inference_sim_restarted_until_render_sidecar_listened() -> CaseSpec:
    at = Clock(datetime(2026, 8, 11, 16, 55, 20, tzinfo=timezone.utc))
    deployment, ns, host = "vllm-sim", "default", "kind-worker"
    render_url = "http://localhost:8082"
    sim = Container(
        "vllm-sim",
        "ghcr.io/llm-d/llm-d-inference-sim:v0.10.2",
        args=["--model", "Qwen/Qwen2.5-0.5B-Instruct", "--port", "8000", "--render-url", render_url],
        resources={"requests": {"cpu": "100m", "memory": "128Mi"}},
        ports=[{"containerPort": 8000, "name": "http", "protocol": "TCP"}],
        probes=_http_probe("/health", 8000, kinds=("readinessProbe",), period=5),
        state=running(at(14)),
        last=terminated(1, at(12), at(13)),
        restarts=3,
        ready=True,
    )
    render = Container(
        "vllm-render",
        "ghcr.io/llm-d/vllm-render:v0.10.2",
        args=["--model", "Qwen/Qwen2.5-0.5B-Instruct", "--port", "8082"],
        resources={"requests": {"cpu": "500m", "memory": "1Gi"}},
        ports=[{"containerPort": 8082, "name": "render", "protocol": "TCP"}],
        state=running(at(3)),
        ready=True,
    )
    p = _rs_pod(deployment, ns, [sim, render], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]

    def klog(t: float, level: str, source: str, msg: str) -> str:
        ts = at(t)
        return f"{level}{ts.strftime('%m%d %H:%M:%S')}.{int(t * 1000) % 1000:03d}412       1 {source}] {msg}"

    prev = text(
        klog(12.1, "I", "hf_tokenizer.go:47", f'"HF tokenizer created" render URL="{render_url}"'),
        klog(12.1, "I", "render_client.go:46", f'"Render client created" render URL="{render_url}"'),
        klog(
            12.2,
            "E",
            "dataset.go:136",
            '"failed to tokenize" err="RenderRequest: post /v1/completions/render: Post '
            '\\"http://localhost:8082/v1/completions/render\\": dial tcp [::1]:8082: connect: connection refused"',
        ),
        klog(
            12.2,
            "E",
            "cmd.go:54",
            '"failed to create vLLM simulator" err="dataset initialization error: failed to initialize random '
            'dataset: RenderRequest: ...dial tcp [::1]:8082: connect: connection refused"',
        ),
    )
    current = text(
        klog(14.2, "I", "hf_tokenizer.go:47", f'"HF tokenizer created" render URL="{render_url}"'),
        klog(14.2, "I", "render_client.go:46", f'"Render client created" render URL="{render_url}"'),
        klog(14.9, "I", "dataset.go:98", '"Random dataset initialized"'),
        klog(15.0, "I", "simulator.go:312", '"Server starting" protocol="HTTP" port=8000'),
    )
    render_log = stamped(
        [
            "INFO 08-11 16:55:31 [render_server.py:88] Loading tokenizer for Qwen/Qwen2.5-0.5B-Instruct",
            "INFO:     Started server process [1]",
            "INFO:     Waiting for application startup.",
            "INFO:     Application startup complete.",
            "INFO:     Uvicorn running on http://0.0.0.0:8082 (Press CTRL+C to quit)",
            'INFO:     ::1:51724 - "POST /v1/completions/render HTTP/1.1" 200 OK',
        ],
        at(4),
        [7.0, 1.0, 0.1, 0.1, 2.3],
    )
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
            "BackOff",
            f"Back-off restarting failed container vllm-sim in pod {name}_{ns}({p['metadata']['uid']})",
            at(5),
            last=at(11),
            count=2,
            host=host,
        ),
    ]
    return CaseSpec(
        id="healthy-pod-inference-sim-restarted-until-render-sidecar-listened",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="The simulator started before its render sidecar listened on port 8082, could not tokenize "
        "and exited; after three quick restarts the sidecar was up, the simulator started and both containers "
        "have been ready for six and a half minutes. A start-up race that resolved itself (a startup probe on "
        "the sidecar would avoid the restarts), not a failure now.",
        objects=[p, *events],
        logs={
            f"{name}/vllm-sim.previous": prev,
            f"{name}/vllm-sim": current,
            f"{name}/vllm-render": render_log,
        },
        captured=at(403),
        title="vLLM-render sidecar missing startupProbe: vllm-sim restarts three times with 'dial tcp "
        "[::1]:8082: connect: connection refused', then runs 2/2",
        source="https://github.com/llm-d/llm-d-inference-sim/issues/616",
    )


@SCENARIOS.add
def healthy_pod_vllm_startup_probe_refused_seconds_after_image_pull() -> CaseSpec:
    at = Clock(datetime(2025, 5, 6, 17, 37, 6, tzinfo=timezone.utc))
    deployment, ns, host = "deepseek-r1-distill-llama-8b", "default", "minikube"
    image = "vllm/vllm-openai:v0.7.1"
    model = "deepseek-ai/DeepSeek-R1-Distill-Llama-8B"
    probes = {
        **_startup_probe("/health", 8000, period=5, failures=120),
        **_http_probe("/health", 8000, delay=90, period=5),
    }
    c = Container(
        "vllm-openai",
        image,
        command=[
            "python3",
            "-m",
            "vllm.entrypoints.openai.api_server",
            "--host",
            "0.0.0.0",
            "--port",
            "8000",
            "--uvicorn-log-level",
            "warning",
            "--model",
            model,
            "--served-model-name",
            deployment,
        ],
        resources=gpu(1, "24Gi", "4"),
        ports=[{"containerPort": 8000, "protocol": "TCP"}],
        probes=probes,
        state=running(at(313)),
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(0))
    p["metadata"]["labels"]["model.aibrix.ai/name"] = deployment
    name = p["metadata"]["name"]
    log = stamped(
        [
            "INFO 05-06 17:42:22 __init__.py:183] Automatically detected platform cuda.",
            "INFO 05-06 17:42:25 api_server.py:838] vLLM API server version 0.7.1",
            "INFO 05-06 17:42:25 api_server.py:839] args: Namespace(host='0.0.0.0', port=8000, "
            "uvicorn_log_level='warning', model='deepseek-ai/DeepSeek-R1-Distill-Llama-8B', "
            "served_model_name=['deepseek-r1-distill-llama-8b'])",
            "INFO 05-06 17:42:25 api_server.py:204] Started engine process with PID 76",
            "INFO 05-06 17:42:30 config.py:526] This model supports multiple tasks: {'generate', 'reward', "
            "'classify', 'embed', 'score'}. Defaulting to 'generate'.",
            "INFO 05-06 17:42:31 llm_engine.py:232] Initializing a V0 LLM engine (v0.7.1) with config: "
            "model='deepseek-ai/DeepSeek-R1-Distill-Llama-8B', dtype=torch.bfloat16, max_seq_len=131072, "
            "tensor_parallel_size=1, pipeline_parallel_size=1, device_config=cuda",
            "INFO 05-06 17:42:32 cuda.py:235] Using Flash Attention backend.",
            "INFO 05-06 17:42:33 model_runner.py:1111] Starting to load model "
            "deepseek-ai/DeepSeek-R1-Distill-Llama-8B...",
            "INFO 05-06 17:42:34 weight_utils.py:251] Using model weights format ['*.safetensors']",
        ],
        at(316),
        [3.0, 0.1, 0.2, 5.0, 1.0, 1.0, 1.0, 1.0],
    )
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to {host}",
            at(0),
            type_="Normal",
            component="default-scheduler",
        ),
        event(p, "Pulling", f'Pulling image "{image}"', at(8), type_="Normal", host=host),
        event(
            p,
            "Pulled",
            f'Successfully pulled image "{image}" in 4m47.129s (5m3.623s including waiting). Image size: '
            "16525161745 bytes.",
            at(312),
            type_="Normal",
            host=host,
        ),
        event(p, "Created", "Created container: vllm-openai", at(312), type_="Normal", host=host),
        event(p, "Started", "Started container vllm-openai", at(313), type_="Normal", host=host),
        event(
            p,
            "Unhealthy",
            'Startup probe failed: Get "http://10.244.0.13:8000/health": dial tcp 10.244.0.13:8000: connect: '
            "connection refused",
            at(318),
            last=at(328),
            count=3,
            host=host,
        ),
    ]
    return CaseSpec(
        id="healthy-pod-vllm-startup-probe-refused-seconds-after-image-pull",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="Five minutes went to pulling the 16 GB vLLM image; the container started 18 seconds ago "
        "and is loading the model's weights. Three refused startup probes in its first seconds are what a "
        "startup probe is for: the server does not listen until the model is loaded, and the probe allows "
        "ten minutes.",
        objects=[p, *events],
        logs={f"{name}/vllm-openai": log},
        captured=at(331),
        title="'Startup probe failed: ... connect: connection refused' seconds after a vLLM container started, "
        "following the AIBrix quickstart",
        source="https://github.com/vllm-project/aibrix/issues/1054",
    )


@SCENARIOS.add
def healthy_pod_tgi_v100_falls_back_from_flash_attention() -> CaseSpec:
    at = Clock(datetime(2023, 6, 1, 8, 0, tzinfo=timezone.utc))
    deployment, ns, host = "falcon-7b-instruct-tgi", "text-generation", "gpu-v100-node-5"
    model = "tiiuae/falcon-7b-instruct"
    c = Container(
        "tgi",
        "ghcr.io/huggingface/text-generation-inference:0.8",
        args=["--model-id", model, "--num-shard", "1"],
        resources=gpu(1, "48Gi", "8"),
        mounts=[{"name": "data", "mountPath": "/data"}],
        probes=_http_probe("/health", 80),
        state=running(at(5)),
        ready=True,
    )
    volumes = [{"name": "data", "persistentVolumeClaim": {"claimName": "tgi-data"}}]
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), volumes=volumes)
    name = p["metadata"]["name"]
    start = [
        "INFO text_generation_launcher: Starting download process.",
        "INFO download: text_generation_launcher: Files are already present on the host. Skipping download.",
        "INFO text_generation_launcher: Successfully downloaded weights.",
        "INFO text_generation_launcher: Starting shard 0",
        "WARN shard-manager: text_generation_launcher: Could not import Flash Attention enabled models: GPU with "
        "CUDA capability 7 0 is not supported",
        " rank=0",
        "INFO text_generation_launcher: Waiting for shard 0 to be ready...",
        "INFO shard-manager: text_generation_launcher: Server started at unix:///tmp/text-generation-server-0 rank=0",
        "INFO text_generation_launcher: Shard 0 ready in 41.223176452s",
        "INFO text_generation_launcher: Starting Webserver",
        "INFO text_generation_router: router/src/main.rs:178: Connected",
    ]
    served = [
        "INFO HTTP request{otel.name=POST /generate http.client_ip= http.flavor=1.1 http.host=falcon-7b-instruct-tgi "
        "http.method=POST http.route=/generate}: text_generation_router::server: router/src/server.rs:289: Success"
        for _ in range(40)
    ]
    log = stamped(start, at(7), [2.0, 0.3, 0.2, 6.0, 4.0, 0.1, 31.0, 0.2, 0.5, 1.2]) + stamped(served, at(120), 45)
    return CaseSpec(
        id="healthy-pod-tgi-v100-falls-back-from-flash-attention",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="On a V100 TGI cannot import its Flash Attention models and says so at start, then serves "
        "the unsharded model with the slower implementation; it has been Ready and answering requests for half "
        "an hour. The warning is about speed, not a failure.",
        objects=[p],
        logs={f"{name}/tgi": log},
        captured=at(120 + 45 * 40 + 30),
        title="'GPU with CUDA capability 7 0 is not supported' on a Tesla V100: TGI falls back to the non-flash "
        "models and runs",
        source="https://github.com/huggingface/text-generation-inference/issues/398",
    )
