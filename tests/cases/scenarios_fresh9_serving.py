"""Fresh round 9: real public threads about LLM model servers (vLLM, SGLang, llama.cpp/Ollama, TensorRT-LLM, TGI).

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Obj, Scenarios, gpu, running, stamped, terminated, text
from tests.cases.scenarios_real_platform import _backoff, _crash_loop, _http_probe, _rs_name, _rs_pod

SCENARIOS = Scenarios()


_DIST = "/usr/local/lib/python3.10/dist-packages"


def _vllm_crash_looping(
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
    """A vLLM Deployment's pod whose server exits 1 while it builds its engine, backing off."""
    c = Container(
        "vllm",
        image,
        args=args,
        ports=[{"name": "http", "containerPort": 8000, "protocol": "TCP"}],
        resources=gpu(1, "32Gi", "8"),
        mounts=[{"name": "models", "mountPath": "/models"}, {"name": "dshm", "mountPath": "/dev/shm"}],
        probes=_http_probe("/health", 8000, kinds=("readinessProbe",), delay=30, period=10),
        state=_crash_loop("vllm", _rs_name(deployment, ns), ns),
        last=terminated(1, at(ran[0]), at(ran[1])),
        restarts=restarts,
    )
    models = {"name": "models", "persistentVolumeClaim": {"claimName": f"{deployment}-models"}}
    return _serving(
        at, deployment, ns, host, c, models, {"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "8Gi"}}
    )


def _serving(at: Clock, deployment: str, ns: str, host: str, c: Container, *volumes: Obj) -> tuple[Obj, str]:
    """A Deployment's model-server pod, scheduled and running since ``at(0)``, with its volumes."""
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


def _kubectl_stamped(lines: list[str]) -> str:
    """``kubectl logs --timestamps`` of a server that stamps its own lines ``[YYYY-MM-DD HH:MM:SS]``:
    each line at its own stamp, or at the last one before it (a traceback's lines)."""
    out, when = [], None
    for line in lines:
        if line.startswith("[20"):
            when = datetime.strptime(line[1:20], "%Y-%m-%d %H:%M:%S").replace(tzinfo=timezone.utc)
        assert when is not None, line
        out.append(stamped([line], when, 0))
    return "".join(out)


# -- the server never starts -----------------------------------------------------------------------


@SCENARIOS.add
def config_error_pod_vllm_custom_model_config_without_trust_remote_code() -> CaseSpec:
    at = Clock(datetime(2024, 6, 4, 8, 0, tzinfo=timezone.utc))
    deployment, ns, host = "phi3-small-128k", "llm-serving", "gpu-a100-node-3"
    model = "/models/huggingface/Phi-3-small-128k-instruct/"
    args = ["--model", model, "--served-model-name", "phi-3-small", "--max-model-len", "32768"]
    p, name = _vllm_crash_looping(at, deployment, ns, host, "vllm/vllm-openai:v0.4.3", args, ran=(900, 909), restarts=6)
    venv = "/venvs/lib/python3.9/site-packages"
    prev = text(
        "INFO 06-04 08:15:03 api_server.py:177] vLLM API server version 0.4.3",
        "INFO 06-04 08:15:03 api_server.py:178] args: Namespace(host=None, port=8000, uvicorn_log_level='info', "
        "allow_credentials=False, allowed_origins=['*'], allowed_methods=['*'], allowed_headers=['*'], api_key=None, "
        "lora_modules=None, chat_template=None, response_role='assistant', ssl_keyfile=None, ssl_certfile=None, "
        f"ssl_ca_certs=None, ssl_cert_reqs=0, root_path=None, middleware=[], model='{model}', tokenizer=None, "
        "skip_tokenizer_init=False, revision=None, code_revision=None, tokenizer_revision=None, tokenizer_mode='auto', "
        "trust_remote_code=False, download_dir=None, load_format='auto', dtype='auto', kv_cache_dtype='auto', "
        "max_model_len=32768, tensor_parallel_size=1, gpu_memory_utilization=0.9, served_model_name=['phi-3-small'])",
        "Traceback (most recent call last):",
        f'  File "{venv}/vllm/transformers_utils/config.py", line 27, in get_config',
        "    config = AutoConfig.from_pretrained(",
        f'  File "{venv}/transformers/models/auto/configuration_auto.py", line 937, in from_pretrained',
        "    trust_remote_code = resolve_trust_remote_code(",
        f'  File "{venv}/transformers/dynamic_module_utils.py", line 639, in resolve_trust_remote_code',
        "    raise ValueError(",
        f"ValueError: Loading {model} requires you to execute the configuration file in that repo on your local "
        "machine. Make sure you have read the code there to avoid malicious use, then set the option "
        "`trust_remote_code=True` to remove this error.",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        "Traceback (most recent call last):",
        '  File "/usr/lib/python3.9/runpy.py", line 197, in _run_module_as_main',
        "    return _run_code(code, main_globals, None,",
        '  File "/usr/lib/python3.9/runpy.py", line 87, in _run_code',
        "    exec(code, run_globals)",
        f'  File "{venv}/vllm/entrypoints/openai/api_server.py", line 186, in <module>',
        "    engine = AsyncLLMEngine.from_engine_args(",
        f'  File "{venv}/vllm/engine/async_llm_engine.py", line 372, in from_engine_args',
        "    engine_config = engine_args.create_engine_config()",
        f'  File "{venv}/vllm/engine/arg_utils.py", line 559, in create_engine_config',
        "    model_config = ModelConfig(",
        f'  File "{venv}/vllm/config.py", line 122, in __init__',
        "    self.hf_config = get_config(self.model, trust_remote_code, revision,",
        f'  File "{venv}/vllm/transformers_utils/config.py", line 40, in get_config',
        "    raise RuntimeError(err_msg) from e",
        "RuntimeError: Failed to load the model config. If the model is a custom model not yet available in the "
        "HuggingFace transformers library, consider setting `trust_remote_code=True` in LLM or using the "
        "`--trust-remote-code` flag in the CLI.",
    )
    events = [_backoff(p, "vllm", at, 120, 915, 21)]
    return CaseSpec(
        id="config-error-pod-vllm-custom-model-config-without-trust-remote-code",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="trust_remote_code",
        description="Phi-3-small ships its own configuration code, which transformers runs only when told to "
        "trust it; the server's arguments leave out --trust-remote-code, so vLLM cannot even read the model's "
        "config and exits on every start. The container's arguments are wrong, not the model or the image.",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(930),
        title="vLLM 0.4.3 serving Phi-3-small-128k-instruct without --trust-remote-code: 'ValueError: Loading "
        "... requires you to execute the configuration file in that repo', then 'Failed to load the model config'",
        source="https://github.com/vllm-project/vllm/issues/5244",
    )


@SCENARIOS.add
def cuda_error_pod_vllm_awq_quantization_needs_newer_gpu() -> CaseSpec:
    at = Clock(datetime(2024, 4, 19, 17, 10, tzinfo=timezone.utc))
    deployment, ns, host = "qwen1-5-32b-chat-awq", "llm-serving", "gpu-v100-node-1"
    model = "/data/qwen1.5/Qwen1.5-32B-Chat-AWQ"
    args = ["--model", model, "--served-model-name", "Qwen1.5-32B-Chat-AWQ", "--port", "8001", "--max-model-len", "512"]
    p, name = _vllm_crash_looping(
        at, deployment, ns, host, "vllm/vllm-openai:v0.4.0.post1", args, ran=(880, 902), restarts=6
    )
    w = f"{_DIST}/vllm"
    prev = text(
        "INFO 04-19 17:25:10 api_server.py:149] vLLM API server version 0.4.0.post1",
        "INFO 04-19 17:25:10 api_server.py:150] args: Namespace(host=None, port=8001, uvicorn_log_level='info', "
        "allow_credentials=False, allowed_origins=['*'], allowed_methods=['*'], allowed_headers=['*'], api_key=None, "
        "served_model_name='Qwen1.5-32B-Chat-AWQ', lora_modules=None, chat_template=None, response_role='assistant', "
        f"model='{model}', tokenizer=None, revision=None, code_revision=None, tokenizer_revision=None, "
        "tokenizer_mode='auto', trust_remote_code=False, download_dir=None, load_format='auto', dtype='auto', "
        "kv_cache_dtype='auto', max_model_len=512, worker_use_ray=False, pipeline_parallel_size=1, "
        "tensor_parallel_size=1, gpu_memory_utilization=0.9, quantization=None, enforce_eager=False)",
        "WARNING 04-19 17:25:10 config.py:211] awq quantization is not fully optimized yet. The speed can be "
        "slower than non-quantized models.",
        "INFO 04-19 17:25:10 llm_engine.py:74] Initializing an LLM engine (v0.4.0.post1) with config: "
        f"model='{model}', tokenizer='{model}', tokenizer_mode=auto, revision=None, tokenizer_revision=None, "
        "trust_remote_code=False, dtype=torch.float16, max_seq_len=512, download_dir=None, load_format=auto, "
        "tensor_parallel_size=1, disable_custom_all_reduce=True, quantization=awq, enforce_eager=False, "
        "kv_cache_dtype=auto, device_config=cuda, seed=0)",
        "INFO 04-19 17:25:11 selector.py:40] Cannot use FlashAttention backend for Volta and Turing GPUs.",
        "INFO 04-19 17:25:11 selector.py:25] Using XFormers backend.",
        "Traceback (most recent call last):",
        '  File "/usr/lib/python3.10/runpy.py", line 196, in _run_module_as_main',
        "    return _run_code(code, main_globals, None,",
        '  File "/usr/lib/python3.10/runpy.py", line 86, in _run_code',
        "    exec(code, run_globals)",
        f'  File "{w}/entrypoints/openai/api_server.py", line 157, in <module>',
        "    engine = AsyncLLMEngine.from_engine_args(",
        f'  File "{w}/engine/async_llm_engine.py", line 348, in from_engine_args',
        "    engine = cls(",
        f'  File "{w}/engine/llm_engine.py", line 118, in __init__',
        "    self.model_executor = executor_class(model_config, cache_config,",
        f'  File "{w}/executor/gpu_executor.py", line 40, in __init__',
        "    self._init_worker()",
        f'  File "{w}/executor/gpu_executor.py", line 69, in _init_worker',
        "    self.driver_worker.load_model()",
        f'  File "{w}/worker/model_runner.py", line 173, in load_model',
        "    self.model = get_model(",
        f'  File "{w}/model_executor/model_loader.py", line 62, in get_model',
        "    raise ValueError(",
        "ValueError: The quantization method awq is not supported for the current GPU. Minimum capability: 75. "
        "Current capability: 70.",
    )
    events = [_backoff(p, "vllm", at, 100, 910, 20)]
    return CaseSpec(
        id="cuda-error-pod-vllm-awq-quantization-needs-newer-gpu",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="cuda-error",
        culprit=name,
        evidence="is not supported for the current GPU",
        description="An AWQ-quantized model on a V100: vLLM's AWQ kernels need compute capability 7.5 (Turing) "
        "or newer and the V100 has 7.0, so the engine refuses to load the weights on every start. The GPU is "
        "too old for the chosen quantization: schedule on newer GPUs or serve an unquantized or GPTQ build.",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(925),
        title="vLLM 0.4.0.post1 serving Qwen1.5-32B-Chat-AWQ on a V100: 'The quantization method awq is not "
        "supported for the current GPU. Minimum capability: 75. Current capability: 70.'",
        source="https://github.com/vllm-project/vllm/issues/4202",
    )


@SCENARIOS.add
def cuda_error_pod_vllm_bfloat16_model_on_t4() -> CaseSpec:
    at = Clock(datetime(2024, 10, 22, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "llama-3-1-8b-instruct", "substratus", "gke-t4-pool-7f3a"
    args = ["--model", "meta-llama/Meta-Llama-3.1-8B-Instruct", "--max-model-len", "8192"]
    p, name = _vllm_crash_looping(
        at, deployment, ns, host, "substratusai/vllm:v0.6.3", args, ran=(700, 741), restarts=5
    )
    w = f"{_DIST}/vllm"
    prev = text(
        "INFO 10-22 09:11:40 api_server.py:528] vLLM API server version 0.6.3",
        "INFO 10-22 09:11:40 api_server.py:529] args: Namespace(subparser='serve', model_tag=None, config='', "
        "host='0.0.0.0', port=8080, model='meta-llama/Meta-Llama-3.1-8B-Instruct', dtype='auto', "
        "max_model_len=8192, tensor_parallel_size=1, gpu_memory_utilization=0.9, quantization=None)",
        "INFO 10-22 09:11:40 api_server.py:166] Multiprocessing frontend to use "
        "ipc:///tmp/8e0a8d2c-6f29-4b63-9a4c-0c54f7cbf1d0 for IPC Path.",
        "INFO 10-22 09:11:40 api_server.py:179] Started engine process with PID 77",
        "config.json: 100%|██████████| 855/855 [00:00<00:00, 7.61MB/s]",
        "Process SpawnProcess-1:",
        "Traceback (most recent call last):",
        '  File "/usr/lib/python3.10/multiprocessing/process.py", line 314, in _bootstrap',
        "    self.run()",
        '  File "/usr/lib/python3.10/multiprocessing/process.py", line 108, in run',
        "    self._target(*self._args, **self._kwargs)",
        f'  File "{w}/engine/multiprocessing/engine.py", line 390, in run_mp_engine',
        "    engine = MQLLMEngine.from_engine_args(engine_args=engine_args,",
        f'  File "{w}/engine/llm_engine.py", line 317, in __init__',
        "    self.model_executor = executor_class(",
        f'  File "{w}/worker/worker.py", line 485, in _check_if_gpu_supports_dtype',
        "    raise ValueError(",
        "ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla T4 GPU "
        "has compute capability 7.5. You can use float16 instead by explicitly setting the`dtype` flag in CLI, for "
        "example: --dtype=half.",
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/vllm", line 8, in <module>',
        "    sys.exit(main())",
        f'  File "{w}/entrypoints/openai/api_server.py", line 223, in build_async_engine_client_from_engine_args',
        '    raise RuntimeError("Engine process failed to start")',
        "RuntimeError: Engine process failed to start",
    )
    events = [_backoff(p, "vllm", at, 90, 750, 18)]
    return CaseSpec(
        id="cuda-error-pod-vllm-bfloat16-model-on-t4",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="cuda-error",
        culprit=name,
        evidence="Bfloat16 is only supported on GPUs with compute capability",
        description="The image passes no --dtype, so vLLM takes the model's bfloat16; the T4 (compute capability "
        "7.5) has no bfloat16 and the engine process refuses to start, after which the API server gives up. "
        "Passing --dtype=half, or scheduling on Ampere or newer, lets it run.",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(770),
        title="vLLM container on a T4 node: 'ValueError: Bfloat16 is only supported on GPUs with compute "
        "capability of at least 8.0. Your Tesla T4 GPU has compute capability 7.5', no way to pass --dtype",
        source="https://github.com/substratusai/vllm-docker/issues/37",
    )


# -- the server runs, the model does not -----------------------------------------------------------


@SCENARIOS.add
def gpu_oom_pod_ollama_model_buffer_larger_than_gpu() -> CaseSpec:
    at = Clock(datetime(2025, 1, 16, 4, 0, tzinfo=timezone.utc))
    deployment, ns, host = "ollama", "ollama", "gpu-rtx3090-node-1"
    env = [
        {"name": "OLLAMA_FLASH_ATTENTION", "value": "1"},
        {"name": "OLLAMA_KV_CACHE_TYPE", "value": "q8_0"},
        {"name": "OLLAMA_NUM_PARALLEL", "value": "1"},
        {"name": "OLLAMA_GPU_OVERHEAD", "value": "8G"},
    ]
    c = Container(
        "ollama",
        "ollama/ollama:0.5.6",
        env=env,
        ports=[{"name": "http", "containerPort": 11434, "protocol": "TCP"}],
        resources=gpu(1, "600Gi", "40"),
        mounts=[{"name": "ollama-data", "mountPath": "/root/.ollama"}],
        probes=_http_probe("/", 11434, delay=10, period=10),
        state=running(at(12)),
        ready=True,
    )
    p, name = _serving(
        at, deployment, ns, host, c, {"name": "ollama-data", "persistentVolumeClaim": {"claimName": "ollama"}}
    )
    blob = "/root/.ollama/models/blobs/sha256-d83c18fb2a2ccca56d641920f01e6fe533dfb3fcf4b77c007c931497cd24a517"

    def attempt(hhmmss: str, port: int, took: str) -> list[str]:
        t = f"2025-01-16T{hhmmss}"
        return [
            f'time={t}.412Z level=INFO source=server.go:104 msg="system memory" total="629.7 GiB" '
            'free="611.2 GiB" free_swap="0 B"',
            f'time={t}.415Z level=INFO source=memory.go:356 msg="offload to cuda" layers.requested=-1 '
            'layers.model=62 layers.offload=3 layers.split="" memory.available="[23.3 GiB]" '
            'memory.gpu_overhead="8.0 GiB" memory.required.full="376.0 GiB" memory.required.partial="14.6 GiB" '
            'memory.required.kv="5.2 GiB" memory.required.allocations="[14.6 GiB]" memory.weights.total="360.7 GiB" '
            'memory.weights.repeating="359.9 GiB" memory.weights.nonrepeating="725.0 MiB" '
            'memory.graph.full="548.0 MiB" memory.graph.partial="1.3 GiB"',
            f'time={t}.418Z level=INFO source=server.go:376 msg="starting llama server" '
            f'cmd="/usr/lib/ollama/runners/cuda_v12_avx/ollama_llama_server runner --model {blob} --ctx-size 2048 '
            f"--batch-size 512 --n-gpu-layers 3 --threads 40 --flash-attn --kv-cache-type q8_0 --parallel 1 "
            f'--port {port}"',
            f'time={t}.419Z level=INFO source=sched.go:449 msg="loaded runners" count=1',
            f'time={t}.419Z level=INFO source=server.go:555 msg="waiting for llama runner to start responding"',
            f'time={t}.420Z level=INFO source=server.go:589 msg="waiting for server to become available" '
            'status="llm server error"',
            "ggml_cuda_init: GGML_CUDA_FORCE_MMQ:    no",
            "ggml_cuda_init: GGML_CUDA_FORCE_CUBLAS: no",
            "ggml_cuda_init: found 1 CUDA devices:",
            "  Device 0: NVIDIA GeForce RTX 3090, compute capability 8.6, VMM: yes",
            f'time={t}.986Z level=INFO source=runner.go:937 msg=system info="CUDA : ARCHS = '
            "600,610,620,700,720,750,800,860,870,890,900 | USE_GRAPHS = 1 | PEER_MAX_BATCH_SIZE = 128 | CPU : SSE3 = 1 "
            '| SSSE3 = 1 | AVX = 1 | LLAMAFILE = 1 | AARCH64_REPACK = 1 | cgo(gcc)" threads=40',
            f'time={t}.987Z level=INFO source=.:0 msg="Server listening on 127.0.0.1:{port}"',
            "llama_load_model_from_file: using device CUDA0 (NVIDIA GeForce RTX 3090) - 23871 MiB free",
            "llm_load_print_meta: model type       = 671B",
            "llm_load_print_meta: model ftype      = Q4_K - Medium",
            "llm_load_print_meta: model params     = 671.03 B",
            "llm_load_print_meta: model size       = 376.65 GiB (4.82 BPW)",
            "llm_load_print_meta: max token length = 256",
            "llm_load_print_meta: n_layer_dense_lead   = 3",
            "llm_load_print_meta: n_lora_q             = 1536",
            "llm_load_print_meta: n_lora_kv            = 512",
            "llm_load_print_meta: n_ff_exp             = 2048",
            "llm_load_print_meta: n_expert_shared      = 1",
            "llm_load_print_meta: expert_weights_scale = 2.5",
            "llm_load_print_meta: expert_weights_norm  = 1",
            "llm_load_print_meta: expert_gating_func   = sigmoid",
            "llm_load_print_meta: rope_yarn_log_mul    = 0.1000",
            "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 35533.34 MiB on device 0: cudaMalloc failed: "
            "out of memory",
            "llama_model_load: error loading model: unable to allocate CUDA0 buffer",
            "llama_load_model_from_file: failed to load model",
            f"panic: unable to load model: {blob}",
            "",
            "goroutine 7 [running]:",
            "github.com/ollama/ollama/llama/runner.(*Server).loadModel(0xc0000be1b0, {0x5, 0x0, 0x1, 0x0, {0x0, 0x0, "
            "0x0}, 0xc000026200, 0x0}, ...)",
            "\tgithub.com/ollama/ollama/llama/runner/runner.go:852 +0x3ad",
            "created by github.com/ollama/ollama/llama/runner.Execute in goroutine 1",
            "\tgithub.com/ollama/ollama/llama/runner/runner.go:973 +0xd0d",
            f'time={t[:-2]}{int(t[-2:]) + 9:02d}.652Z level=ERROR source=sched.go:455 msg="error loading llama server" '
            'error="llama runner process has terminated: error loading model: unable to allocate CUDA0 buffer"',
            f"[GIN] 2025/01/16 - {hhmmss[:-2]}{int(hhmmss[-2:]) + 9:02d} | 500 | {took} |      10.42.0.31 | "
            'POST     "/api/chat"',
        ]

    log = text(
        '2025/01/16 04:00:12 routes.go:1259: INFO server config env="map[CUDA_VISIBLE_DEVICES: '
        "GPU_DEVICE_ORDINAL: HIP_VISIBLE_DEVICES: HSA_OVERRIDE_GFX_VERSION: HTTPS_PROXY: HTTP_PROXY: NO_PROXY: "
        "OLLAMA_DEBUG:false OLLAMA_FLASH_ATTENTION:true OLLAMA_GPU_OVERHEAD:8589934592 OLLAMA_HOST:http://0.0.0.0:11434 "
        "OLLAMA_KEEP_ALIVE:5m0s OLLAMA_KV_CACHE_TYPE:q8_0 OLLAMA_LLM_LIBRARY: OLLAMA_LOAD_TIMEOUT:5m0s "
        'OLLAMA_MAX_LOADED_MODELS:0 OLLAMA_MAX_QUEUE:512 OLLAMA_MODELS:/root/.ollama/models OLLAMA_NUM_PARALLEL:1]"',
        'time=2025-01-16T04:00:12.380Z level=INFO source=images.go:757 msg="total blobs: 9"',
        'time=2025-01-16T04:00:12.380Z level=INFO source=images.go:764 msg="total unused blobs removed: 0"',
        'time=2025-01-16T04:00:12.381Z level=INFO source=routes.go:1310 msg="Listening on [::]:11434 (version 0.5.6)"',
        'time=2025-01-16T04:00:12.382Z level=INFO source=routes.go:1339 msg="Dynamic LLM libraries" '
        'runners="[cpu cpu_avx cpu_avx2 cuda_v11_avx cuda_v12_avx]"',
        'time=2025-01-16T04:00:12.390Z level=INFO source=gpu.go:226 msg="looking for compatible GPUs"',
        'time=2025-01-16T04:00:12.611Z level=INFO source=types.go:131 msg="inference compute" '
        "id=GPU-8d1b3c4e-2f6a-7b90-c1d2-e3f405162738 library=cuda variant=v12 compute=8.6 driver=12.4 "
        'name="NVIDIA GeForce RTX 3090" total="23.6 GiB" available="23.3 GiB"',
        '[GIN] 2025/01/16 - 04:28:14 | 200 |      41.983µs |      10.42.0.31 | HEAD     "/"',
        '[GIN] 2025/01/16 - 04:28:14 | 200 |   31.207314ms |      10.42.0.31 | POST     "/api/show"',
        *attempt("04:29:41", 37017, "  9.412345s"),
        '[GIN] 2025/01/16 - 04:31:02 | 200 |      37.102µs |      10.42.0.31 | HEAD     "/"',
        '[GIN] 2025/01/16 - 04:31:02 | 200 |    28.90561ms |      10.42.0.31 | POST     "/api/show"',
        *attempt("04:31:03", 40863, "  9.308112s"),
    )
    return CaseSpec(
        id="gpu-oom-pod-ollama-model-buffer-larger-than-gpu",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=name,
        evidence="unable to allocate CUDA0 buffer",
        description="Ollama itself runs and answers its probe, but every request for DeepSeek V3 starts a llama "
        "runner that asks the 24 GiB RTX 3090 for a 35 GiB buffer and dies with cudaMalloc out of memory, so each "
        "chat ends in a 500. The model's layers on the GPU have to fit its memory (fewer GPU layers, a smaller "
        "quantisation, a bigger GPU).",
        objects=[p],
        logs={f"{name}/ollama": log},
        captured=at(32 * 60),
        title="Ollama 0.5.6 on one RTX 3090 with DeepSeek V3: 'cudaMalloc failed: out of memory', 'unable to "
        "allocate CUDA0 buffer', the runner panics and every /api/chat answers 500",
        source="https://github.com/ollama/ollama/issues/8447",
    )


# -- healthy ---------------------------------------------------------------------------------------


@SCENARIOS.add
def healthy_pod_vllm_prompt_over_context_length_answered_400() -> CaseSpec:
    at = Clock(datetime(2025, 7, 3, 1, 30, tzinfo=timezone.utc))
    deployment, ns, host = "qwen2-5-14b-instruct", "llm-serving", "gpu-l40s-node-4"
    model = "/models/Qwen2.5-14B-Instruct"
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.9.1",
        args=["--model", model, "--served-model-name", "qwen2.5-14b", "--max-model-len", "16384"],
        ports=[{"name": "http", "containerPort": 8000, "protocol": "TCP"}],
        resources=gpu(1, "64Gi", "8"),
        mounts=[{"name": "models", "mountPath": "/models"}],
        probes=_http_probe("/health", 8000, delay=60, period=10),
        state=running(at(20)),
        ready=True,
    )
    p, name = _serving(
        at, deployment, ns, host, c, {"name": "models", "persistentVolumeClaim": {"claimName": "llm-models"}}
    )
    site = "/usr/local/lib/python3.12/dist-packages/vllm/entrypoints/openai"
    start = [
        "INFO 07-03 01:30:41 [api_server.py:1287] vLLM API server version 0.9.1",
        f"INFO 07-03 01:30:41 [cli_args.py:309] non-default args: {{'model': '{model}', 'served_model_name': "
        "['qwen2.5-14b'], 'max_model_len': 16384}",
        "INFO 07-03 01:31:58 [gpu_model_runner.py:1595] Model loading took 27.5984 GiB and 70.416823 seconds",
        "INFO 07-03 01:32:21 [kv_cache_utils.py:715] GPU KV cache size: 47,248 tokens",
        "INFO 07-03 01:32:21 [kv_cache_utils.py:719] Maximum concurrency for 16,384 tokens per request: 2.88x",
        "INFO 07-03 01:32:40 [gpu_model_runner.py:2033] Graph capturing finished in 19 secs, took 0.61 GiB",
        "INFO 07-03 01:32:41 [api_server.py:1349] Starting vLLM API server 0 on http://0.0.0.0:8000",
        "INFO:     Started server process [1]",
        "INFO:     Waiting for application startup.",
        "INFO:     Application startup complete.",
    ]
    traffic = []
    for i in range(40):
        traffic.append(f'INFO:     10.42.3.17:{41200 + i} - "POST /v1/chat/completions HTTP/1.1" 200 OK')
        if i % 4 == 3:
            traffic.append(
                f"INFO 07-03 02:{i + 10:02d}:00 [loggers.py:118] Engine 000: Avg prompt throughput: 812.4 tokens/s, Avg "
                "generation throughput: 96.3 tokens/s, Running: 1 reqs, Waiting: 0 reqs, GPU KV cache usage: 9.1%, "
                "Prefix cache hit rate: 41.7%"
            )
    e = "ERROR 07-03 03:19:15 [serving_chat.py:200]"
    refused = [
        f"{e} Error in preprocessing prompt inputs",
        f"{e} Traceback (most recent call last):",
        f'{e}   File "{site}/serving_chat.py", line 183, in create_chat_completion',
        f"{e}     ) = await self._preprocess_chat(",
        f'{e}   File "{site}/serving_engine.py", line 835, in _preprocess_chat',
        f"{e}     prompt_inputs = await self._tokenize_prompt_input_async(",
        f'{e}   File "/usr/lib/python3.12/concurrent/futures/thread.py", line 59, in run',
        f"{e}     result = self.fn(*self.args, **self.kwargs)",
        f'{e}   File "{site}/serving_engine.py", line 590, in _tokenize_prompt_input',
        f"{e}     return next(",
        f'{e}   File "{site}/serving_engine.py", line 613, in _tokenize_prompt_inputs',
        f"{e}     yield self._normalize_prompt_text_to_input(",
        f'{e}   File "{site}/serving_engine.py", line 478, in _normalize_prompt_text_to_input',
        f"{e}     return self._validate_input(request, input_ids, input_text)",
        f'{e}   File "{site}/serving_engine.py", line 560, in _validate_input',
        f"{e}     raise ValueError(",
        f"{e} ValueError: This model's maximum context length is 16384 tokens. However, you requested 122946 tokens "
        "(112946 in the messages, 10000 in the completion). Please reduce the length of the messages or completion.",
        'INFO:     10.42.3.17:41288 - "POST /v1/chat/completions HTTP/1.1" 400 Bad Request',
    ]
    after = [f'INFO:     10.42.3.17:{41300 + i} - "POST /v1/chat/completions HTTP/1.1" 200 OK' for i in range(30)]
    log = (
        stamped(start, at(21), 7)
        + stamped(traffic, at(40 * 60), 60)
        + stamped(refused, at(6555), 0)
        + stamped(after, at(6600), 45)
    )
    return CaseSpec(
        id="healthy-pod-vllm-prompt-over-context-length-answered-400",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="A client sent 113k tokens to a server started with a 16k context: vLLM logs the refusal with "
        "a traceback at ERROR level and answers 400 Bad Request, then goes on serving the next requests. The "
        "request was wrong, not the server.",
        objects=[p],
        logs={f"{name}/vllm": log},
        captured=at(6600 + 45 * 30 + 30),
        title="vLLM 0.9 logs 'ERROR ... Error in preprocessing prompt inputs ... ValueError: This model's maximum "
        "context length is 16384 tokens. However, you requested 122946 tokens' and answers 400, still serving",
        source="https://github.com/vllm-project/vllm/issues/20409",
    )


@SCENARIOS.add
def config_error_pod_triton_trtllm_tensor_parallel_engine_without_mpirun() -> CaseSpec:
    at = Clock(datetime(2023, 11, 14, 9, 10, tzinfo=timezone.utc))
    deployment, ns, host = "baichuan2-7b-trtllm", "llm-serving", "gpu-a10-node-2"
    c = Container(
        "tritonserver",
        "nvcr.io/nvidia/tritonserver:23.10-trtllm-python-py3",
        command=["tritonserver"],
        args=["--model-repository=/tensorrtllm_backend/triton_model_repo", "--log-verbose=0"],
        ports=[
            {"name": "http", "containerPort": 8000, "protocol": "TCP"},
            {"name": "grpc", "containerPort": 8001, "protocol": "TCP"},
            {"name": "metrics", "containerPort": 8002, "protocol": "TCP"},
        ],
        resources=gpu(2, "64Gi", "16"),
        mounts=[{"name": "engines", "mountPath": "/tensorrtllm_backend"}],
        state=_crash_loop("tritonserver", _rs_name(deployment, ns), ns),
        last=terminated(1, at(1180), at(1201)),
        restarts=7,
    )
    p, name = _serving(
        at, deployment, ns, host, c, {"name": "engines", "persistentVolumeClaim": {"claimName": "trtllm-engines"}}
    )
    lib = "/opt/tritonserver/backends/tensorrtllm/libtriton_tensorrtllm.so"
    frames = [
        f"1       0x7f06d27ff645 {lib}(+0x17645) [0x7f06d27ff645]",
        f"2       0x7f06d280c48b {lib}(+0x2448b) [0x7f06d280c48b]",
        f"3       0x7f06d283e9e2 {lib}(+0x569e2) [0x7f06d283e9e2]",
        f"4       0x7f06d28395f5 {lib}(+0x515f5) [0x7f06d28395f5]",
        f"5       0x7f06d28374db {lib}(+0x4f4db) [0x7f06d28374db]",
        f"6       0x7f06d281b182 {lib}(+0x33182) [0x7f06d281b182]",
        "7       0x7f06d281b235 TRITONBACKEND_ModelInstanceInitialize + 101",
        "8       0x7f07859a1926 /opt/tritonserver/bin/../lib/libtritonserver.so(+0x1ad926) [0x7f07859a1926]",
        "19      0x7f07859c38b2 /opt/tritonserver/bin/../lib/libtritonserver.so(+0x3cd8b2) [0x7f07859c38b2]",
        "20      0x7f0785064253 /usr/lib/x86_64-linux-gnu/libstdc++.so.6(+0xdc253) [0x7f0785064253]",
        "21      0x7f0784df4ac3 /usr/lib/x86_64-linux-gnu/libc.so.6(+0x94ac3) [0x7f0784df4ac3]",
        "22      0x7f0784e85bf4 clone + 68",
    ]
    assertion = (
        "[TensorRT-LLM][ERROR] Assertion failed: mpiSize == tp * pp "
        "(/app/tensorrt_llm/cpp/tensorrt_llm/runtime/worldConfig.cpp:80)"
    )
    prev = text(
        "I1114 09:29:52.117402 6946 pinned_memory_manager.cc:241] Pinned memory pool is created at "
        "'0x7f0740000000' with size 268435456",
        "I1114 09:29:52.118735 6946 cuda_memory_manager.cc:107] CUDA memory pool is created on device 0 with size "
        "67108864",
        "I1114 09:29:52.118744 6946 cuda_memory_manager.cc:107] CUDA memory pool is created on device 1 with size "
        "67108864",
        "I1114 09:29:52.347061 6946 model_lifecycle.cc:461] loading: preprocessing:1",
        "I1114 09:29:52.347110 6946 model_lifecycle.cc:461] loading: postprocessing:1",
        "I1114 09:29:52.347152 6946 model_lifecycle.cc:461] loading: tensorrt_llm:1",
        "I1114 09:29:52.395527 6946 python_be.cc:2199] TRITONBACKEND_ModelInstanceInitialize: preprocessing_0_0 "
        "(CPU device 0)",
        "I1114 09:29:52.395913 6946 python_be.cc:2199] TRITONBACKEND_ModelInstanceInitialize: postprocessing_0_0 "
        "(CPU device 0)",
        "[TensorRT-LLM][WARNING] max_tokens_in_paged_kv_cache is not specified, will use default value",
        "[TensorRT-LLM][WARNING] batch_scheduler_policy parameter was not found or is invalid (must be "
        "max_utilization or guaranteed_no_evict)",
        "[TensorRT-LLM][WARNING] kv_cache_free_gpu_mem_fraction is not specified, will use default value of 0.9 or "
        "max_tokens_in_paged_kv_cache",
        "I1114 09:29:54.102775 6946 model_lifecycle.cc:818] successfully loaded 'postprocessing'",
        "I1114 09:29:54.117215 6946 model_lifecycle.cc:818] successfully loaded 'preprocessing'",
        "E1114 09:30:00.910920 6946 model_lifecycle.cc:621] failed to load 'tensorrt_llm' version 1: Internal: "
        f"unexpected error when creating modelInstanceState: {assertion}",
        *frames,
        "I1114 09:30:00.911004 6946 model_lifecycle.cc:756] failed to load 'tensorrt_llm'",
        "E1114 09:30:00.911183 6946 model_repository_manager.cc:563] Invalid argument: ensemble 'ensemble' depends "
        "on 'tensorrt_llm' which has no loaded version. Model 'tensorrt_llm' loading failed with error: version 1 "
        f"is at UNAVAILABLE state: Internal: unexpected error when creating modelInstanceState: {assertion}",
        "I1114 09:30:01.895051 6945 server.cc:619]",
        "I1114 09:30:01.895623 6946 server.cc:662]",
        "+----------------+---------+--------------------------------------------------------------------------+",
        "| Model          | Version | Status                                                                   |",
        "+----------------+---------+--------------------------------------------------------------------------+",
        "| postprocessing | 1       | READY                                                                    |",
        "| preprocessing  | 1       | READY                                                                    |",
        "| tensorrt_llm   | 1       | UNAVAILABLE: Internal: unexpected error when creating modelInstanceState: |",
        "|                |         | [TensorRT-LLM][ERROR] Assertion failed: mpiSize == tp * pp               |",
        "+----------------+---------+--------------------------------------------------------------------------+",
        "I1114 09:30:01.962174 6946 server.cc:307] Waiting for in-flight requests to complete.",
        "I1114 09:30:01.962188 6946 server.cc:323] Timeout 30: Found 0 model versions that have in-flight inferences",
        "I1114 09:30:01.963117 6946 server.cc:338] All models are stopped, unloading models",
        "error: creating server: Internal - failed to load all models",
    )
    events = [_backoff(p, "tritonserver", at, 150, 1210, 26)]
    return CaseSpec(
        id="config-error-pod-triton-trtllm-tensor-parallel-engine-without-mpirun",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="mpiSize == tp * pp",
        description="The TensorRT-LLM engine was built for two-way tensor parallelism, but the pod starts a single "
        "tritonserver process; the backend needs one MPI rank per GPU of the engine (mpirun -n 2, or the "
        "backend's launch_triton_server.py --world_size 2), finds a world of one and refuses the model, so Triton "
        "exits. The launch command is wrong, not the engine.",
        objects=[p, *events],
        logs={f"{name}/tritonserver.previous": prev},
        captured=at(1230),
        title="Triton with a 2-way tensor-parallel TensorRT-LLM engine started without mpirun: '[TensorRT-LLM][ERROR] "
        "Assertion failed: mpiSize == tp * pp', 'failed to load all models'",
        source="https://github.com/triton-inference-server/tensorrtllm_backend/issues/129",
    )


@SCENARIOS.add
def network_error_pod_sglang_tokenizer_download_rate_limited_never_ready() -> CaseSpec:
    at = Clock(datetime(2026, 3, 26, 8, 20, tzinfo=timezone.utc))
    deployment, ns, host = "qwen3-8b-sglang", "llm-serving", "gpu-h100-node-6"
    c = Container(
        "sglang",
        "lmsysorg/sglang:v0.5.9-cu129",
        command=["python3", "-m", "sglang.launch_server"],
        args=["--model-path", "Qwen/Qwen3-8B", "--host", "0.0.0.0", "--port", "30000"],
        ports=[{"name": "http", "containerPort": 30000, "protocol": "TCP"}],
        resources=gpu(1, "80Gi", "12"),
        mounts=[{"name": "hf-cache", "mountPath": "/root/.cache/huggingface"}],
        probes=_http_probe("/health_generate", 30000, kinds=("readinessProbe",), delay=30, period=10),
        state=running(at(15)),
        ready=False,
    )
    p, name = _serving(at, deployment, ns, host, c, {"name": "hf-cache", "emptyDir": {}})
    site = "/usr/local/lib/python3.12/dist-packages"
    start = [
        "[2026-03-26 08:20:31] server_args=ServerArgs(model_path='Qwen/Qwen3-8B', tokenizer_path='Qwen/Qwen3-8B', "
        "tokenizer_mode='auto', host='0.0.0.0', port=30000, tp_size=1, mem_fraction_static=0.871)",
        "[2026-03-26 08:20:40] Using default HuggingFace chat template with detected content format: string",
        "[2026-03-26 08:20:49] Load weight begin. avail mem=78.62 GB",
        "[2026-03-26 08:21:02] DetokenizerManager hit an exception: Traceback (most recent call last):",
        f'  File "{site}/sglang/srt/managers/detokenizer_manager.py", line 290, in run_detokenizer_process',
        "    manager = DetokenizerManager(server_args, port_args)",
        f'  File "{site}/sglang/srt/managers/detokenizer_manager.py", line 97, in __init__',
        "    self.tokenizer = get_tokenizer(",
        f'  File "{site}/huggingface_hub/utils/_http.py", line 482, in hf_raise_for_status',
        "    raise _format(HfHubHTTPError, str(e), response) from e",
        "httpx.HTTPStatusError: Client error '429 Too Many Requests' for url "
        "'https://huggingface.co/api/models/Qwen/Qwen3-8B/tree/main/additional_chat_templates?recursive=false"
        "&expand=false'",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        "Traceback (most recent call last):",
        f'  File "{site}/transformers/tokenization_utils_base.py", line 2343, in _from_pretrained',
        "    tokenizer = cls(*init_inputs, **init_kwargs)",
        "OSError: Unable to load vocabulary from file. Please check that the provided vocabulary is accessible and "
        "not corrupted.",
        "",
        "Process Process-2:",
        "Traceback (most recent call last):",
        '  File "/usr/lib/python3.12/multiprocessing/process.py", line 314, in _bootstrap',
        "    self.run()",
        '  File "/usr/lib/python3.12/multiprocessing/process.py", line 108, in run',
        "    self._target(*self._args, **self._kwargs)",
        f'  File "{site}/sglang/srt/managers/detokenizer_manager.py", line 296, in run_detokenizer_process',
        "    manager.maybe_clear_socket_mapping()",
        "UnboundLocalError: cannot access local variable 'manager' where it is not associated with a value",
        "[2026-03-26 08:21:14] Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=63.21 GB, "
        "mem usage=15.41 GB.",
        "[2026-03-26 08:21:15] KV Cache is allocated. #tokens: 440115, K size: 30.22 GB, V size: 30.22 GB",
        "[2026-03-26 08:21:33] Capture cuda graph end. Time elapsed: 17.58 s. mem usage=0.62 GB. avail mem=1.73 GB.",
        "[2026-03-26 08:21:35] INFO:     Started server process [1]",
        "[2026-03-26 08:21:35] INFO:     Waiting for application startup.",
        "[2026-03-26 08:21:35] INFO:     Application startup complete.",
        "[2026-03-26 08:21:35] INFO:     Uvicorn running on http://0.0.0.0:30000 (Press CTRL+C to quit)",
    ]
    probes = [
        f"[2026-03-26 {8 + (96 + 10 * i) // 3600:02d}:{((96 + 10 * i) % 3600) // 60:02d}:{(96 + 10 * i) % 60:02d}] "
        f'INFO:     10.42.6.1:{38764 + 7 * i} - "GET /health_generate HTTP/1.1" 503 Service Unavailable'
        for i in range(120)
    ]
    return CaseSpec(
        id="network-error-pod-sglang-tokenizer-download-rate-limited-never-ready",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="network-error",
        culprit=name,
        evidence="429 Too Many Requests",
        description="SGLang's detokenizer process asks the Hugging Face hub for the model's files at start, is "
        "answered 429 Too Many Requests, cannot load the tokenizer and dies; its handler then fails itself, so the "
        "server is never told and stays up half-dead, answering 503 on /health_generate for twenty minutes. The hub "
        "refused the download: use a token, a local model path or a pre-filled cache.",
        objects=[p],
        logs={f"{name}/sglang": _kubectl_stamped([*start, *probes])},
        captured=at(96 + 10 * 120 + 5),
        title="SGLang never becomes ready after 'DetokenizerManager hit an exception: ... 429 Too Many Requests', "
        "'OSError: Unable to load vocabulary from file', /health_generate 503 Service Unavailable",
        source="https://github.com/sgl-project/sglang/pull/21471",
    )
