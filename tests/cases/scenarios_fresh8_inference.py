"""Fresh round 8: real public threads about model servers on Kubernetes, second round (vLLM, TGI, KServe, Triton, Ray Serve, SGLang, Ollama, llama.cpp).

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
    Scenarios,
    cpu_only,
    event,
    gpu,
    running,
    terminated,
    text,
    waiting,
)
from tests.cases.scenarios_fresh7_inference import _crash_looping
from tests.cases.scenarios_real_platform import _backoff, _http_probe, _rs_name, _rs_pod

SCENARIOS = Scenarios()


# -- the model never reaches the server ------------------------------------------------------------


@SCENARIOS.add
def permission_denied_pod_kserve_storage_initializer_minio_access_denied() -> CaseSpec:
    at = Clock(datetime(2021, 9, 7, 3, 30, tzinfo=timezone.utc))
    deployment, ns, host = "cifar10-predictor-default-00001-deployment", "kubeflow-user", "worker-2"
    uri = "s3://test/cifar10"
    init = Container(
        "storage-initializer",
        "kfserving/storage-initializer:v0.5.1",
        args=[uri, "/mnt/models"],
        env=[
            {"name": "AWS_ACCESS_KEY_ID", "valueFrom": {"secretKeyRef": {"name": "minio-s3", "key": "awsAccessKeyID"}}},
            {
                "name": "AWS_SECRET_ACCESS_KEY",
                "valueFrom": {"secretKeyRef": {"name": "minio-s3", "key": "awsSecretAccessKey"}},
            },
            {"name": "S3_ENDPOINT", "value": "minio-service.kubeflow:9000"},
            {"name": "S3_USE_HTTPS", "value": "0"},
        ],
        resources={"limits": {"cpu": "1", "memory": "1Gi"}, "requests": {"cpu": "100m", "memory": "100Mi"}},
        mounts=[{"name": "kfserving-provision-location", "mountPath": "/mnt/models"}],
        state=waiting(
            "CrashLoopBackOff",
            f"back-off 5m0s restarting failed container=storage-initializer pod={_rs_name(deployment, ns)}_{ns}",
        ),
        last=terminated(1, at(598), at(601)),
        restarts=6,
    )
    server = Container(
        "kfserving-container",
        "tensorflow/serving:1.14.0",
        args=["--port=9000", "--rest_api_port=8080", "--model_name=cifar10", "--model_base_path=/mnt/models"],
        resources=cpu_only("2Gi", "1"),
        mounts=[{"name": "kfserving-provision-location", "mountPath": "/mnt/models", "readOnly": True}],
        state=waiting("PodInitializing"),
    )
    p = _rs_pod(
        deployment,
        ns,
        [server],
        init=[init],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        annotations={"internal.serving.kubeflow.org/storage-initializer-sourceuri": uri},
        service_account="sa",
        volumes=[{"name": "kfserving-provision-location", "emptyDir": {}}],
    )
    name = p["metadata"]["name"]
    site = "/usr/local/lib/python3.7/site-packages"
    prev = text(
        f"[I 210907 03:40:05 initializer-entrypoint:13] Initializing, args: src_uri [{uri}] dest_path[ [/mnt/models]",
        f"[I 210907 03:40:05 storage:45] Copying contents of {uri} to local",
        "Traceback (most recent call last):",
        '  File "/storage-initializer/scripts/initializer-entrypoint", line 14, in <module>',
        "    kfserving.Storage.download(src_uri, dest_path)",
        f'  File "{site}/kfserving/storage.py", line 62, in download',
        "    Storage._download_s3(uri, out_dir)",
        f'  File "{site}/kfserving/storage.py", line 89, in _download_s3',
        "    for obj in objects:",
        f'  File "{site}/minio/api.py", line 2297, in _list_objects',
        "    query=query,",
        f'  File "{site}/minio/api.py", line 2229, in _url_open',
        "    object_name).get_exception()",
        "minio.error.AccessDenied: AccessDenied: message: Access Denied",
    )
    events = [_backoff(p, "storage-initializer", at, 40, 600, 24)]
    return CaseSpec(
        id="permission-denied-pod-kserve-storage-initializer-minio-access-denied",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=name,
        evidence="Access Denied",
        description="The storage-initializer reaches the in-cluster MinIO but the object store refuses to list "
        "the bucket for the keys it was given (AccessDenied), so the init container exits 1 on every try and "
        "the model server never starts. The keys or the bucket policy have to allow reading the model prefix.",
        objects=[p, *events],
        logs={f"{name}/storage-initializer.previous": prev},
        captured=at(620),
        title="KServe storage-initializer against MinIO: minio.error.AccessDenied 'Access Denied' while listing "
        "the model prefix, pod stuck in Init:CrashLoopBackOff",
        source="https://github.com/kserve/kserve/issues/1793",
    )


@SCENARIOS.add
def config_error_pod_triton_s3_repository_url_with_scheme() -> CaseSpec:
    at = Clock(datetime(2023, 2, 9, 22, 5, tzinfo=timezone.utc))
    deployment, ns, host = "example-triton-inference-server", "triton", "tkg-gpu-worker-1"
    repo = "s3://https://URL/triton-model-repository"
    c = Container(
        "triton-inference-server",
        "nvcr.io/nvidia/tritonserver:21.03-py3",
        command=["tritonserver"],
        args=[f"--model-store={repo}", "--model-control-mode=poll", "--repository-poll-secs=5"],
        env=[
            {"name": "AWS_DEFAULT_REGION", "valueFrom": {"secretKeyRef": {"name": "aws-credentials", "key": "region"}}},
            {"name": "AWS_ACCESS_KEY_ID", "valueFrom": {"secretKeyRef": {"name": "aws-credentials", "key": "id"}}},
            {"name": "AWS_SECRET_ACCESS_KEY", "valueFrom": {"secretKeyRef": {"name": "aws-credentials", "key": "key"}}},
        ],
        ports=[
            {"name": "http", "containerPort": 8000, "protocol": "TCP"},
            {"name": "grpc", "containerPort": 8001, "protocol": "TCP"},
            {"name": "metrics", "containerPort": 8002, "protocol": "TCP"},
        ],
        resources=gpu(1, "8Gi", "2"),
        probes=_http_probe("/v2/health/live", 8000, kinds=("livenessProbe",), delay=15, period=5)
        | _http_probe("/v2/health/ready", 8000, kinds=("readinessProbe",), delay=5, period=5),
    )
    p, name = _crash_looping(at, deployment, ns, host, c, ran=(795, 797), restarts=7)
    prev = text(
        "",
        "=============================",
        "== Triton Inference Server ==",
        "=============================",
        "",
        "NVIDIA Release 21.03 (build 21072411)",
        "",
        "Copyright (c) 2018-2021, NVIDIA CORPORATION.  All rights reserved.",
        "",
        "This container image and its contents are governed by the NVIDIA Deep Learning Container License.",
        "By pulling and using the container, you accept the terms and conditions of this license:",
        "https://ngc.nvidia.com/legal/nvidia-deep-learning-container-license",
        "",
        "I0209 22:18:33.311402 1 metrics.cc:221] Collecting metrics for GPU 0: Tesla T4",
        "I0209 22:18:33.519856 1 pinned_memory_manager.cc:206] Pinned memory pool is created at '0x7f3e9a000000' "
        "with size 268435456",
        "I0209 22:18:33.520344 1 cuda_memory_manager.cc:103] CUDA memory pool is created on device 0 with size "
        "67108864",
        "I0209 22:18:33.528474 1 server.cc:246] No server context available. Exiting immediately.",
        f"error: creating server: Internal - failed to stat file  {repo}",
    )
    events = [_backoff(p, "triton-inference-server", at, 30, 800, 33)]
    return CaseSpec(
        id="config-error-pod-triton-s3-repository-url-with-scheme",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="failed to stat file",
        description="The Helm values put a whole URL after the s3:// prefix, so Triton is told to read its model "
        "repository from 's3://https://URL/...', cannot stat it and exits before it creates the server. Triton "
        "wants 's3://host:port/bucket/path' (or 's3://bucket/path' for AWS): the repository option is wrong, "
        "not the store.",
        objects=[p, *events],
        logs={f"{name}/triton-inference-server.previous": prev},
        captured=at(820),
        title="Triton from the k8s-onprem Helm chart in CrashLoopBackOff: 'error: creating server: Internal - "
        "failed to stat file  s3://https://URL/triton-model-repository'",
        source="https://github.com/triton-inference-server/server/issues/5341",
    )


@SCENARIOS.add
def missing_file_pod_llamacpp_server_model_path_not_a_gguf_file() -> CaseSpec:
    at = Clock(datetime(2024, 8, 17, 4, 50, tzinfo=timezone.utc))
    deployment, ns, host = "llama2-7b-chat", "llmaz", "cpu-pool-node-2"
    model = "/workspace/models/llama-2-7b-chat.Q2_K.gguf"
    c = Container(
        "model-runner",
        "ghcr.io/ggerganov/llama.cpp:server",
        command=["./llama-server"],
        args=["-m", model, "--port", "8080", "--host", "0.0.0.0"],
        resources=cpu_only("8Gi", "8"),
        mounts=[{"name": "model-volume", "mountPath": "/workspace/models", "readOnly": True}],
        ports=[{"name": "http", "containerPort": 8080, "protocol": "TCP"}],
    )
    volumes = ({"name": "model-volume", "emptyDir": {}},)
    p, name = _crash_looping(at, deployment, ns, host, c, ran=(421, 422), restarts=6, volumes=volumes)
    tid = "140639870356032"
    prev = text(
        f'INFO [                    main] build info | tid="{tid}" timestamp=1723870590 build=3590 commit="4b9afbbe"',
        f'INFO [                    main] system info | tid="{tid}" timestamp=1723870590 n_threads=4 '
        'n_threads_batch=4 total_threads=8 system_info="AVX = 1 | AVX_VNNI = 0 | AVX2 = 1 | AVX512 = 0 | '
        "AVX512_VBMI = 0 | AVX512_VNNI = 0 | AVX512_BF16 = 0 | FMA = 1 | NEON = 0 | SVE = 0 | ARM_FMA = 0 | "
        "F16C = 1 | FP16_VA = 0 | WASM_SIMD = 0 | BLAS = 0 | SSE3 = 1 | SSSE3 = 1 | VSX = 0 | MATMUL_INT8 = 0 | "
        'LLAMAFILE = 1 | "',
        f'INFO [                    main] HTTP server is listening | tid="{tid}" timestamp=1723870590 '
        'n_threads_http="7" port="8080" hostname="0.0.0.0"',
        f'INFO [                    main] loading model | tid="{tid}" timestamp=1723870590 n_threads_http="7" '
        'port="8080" hostname="0.0.0.0"',
        "gguf_init_from_file: invalid magic characters '\ufffd'",
        f"llama_model_load: error loading model: llama_model_loader: failed to load model from {model}",
        "",
        "llama_load_model_from_file: failed to load model",
        f"llama_init_from_gpt_params: error: failed to load model '{model}'",
        f' ERR [              load_model] unable to load model | tid="{tid}" timestamp=1723870590 model="{model}"',
    )
    events = [_backoff(p, "model-runner", at, 20, 425, 28)]
    return CaseSpec(
        id="missing-file-pod-llamacpp-server-model-path-not-a-gguf-file",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=name,
        evidence="invalid magic characters",
        description="llama-server is pointed at a path that is not a GGUF model file (here the folder the model "
        "was downloaded into, named like the file), so the GGUF header check fails with 'invalid magic "
        "characters', the model does not load and the server exits; each restart reads the same path. Point -m "
        "at the .gguf file inside the folder.",
        objects=[p, *events],
        logs={f"{name}/model-runner.previous": prev},
        captured=at(440),
        title="llama.cpp server on Kubernetes exits at start: 'gguf_init_from_file: invalid magic characters' then "
        "'llama_model_loader: failed to load model from .../llama-2-7b-chat.Q2_K.gguf' (the path was a folder)",
        source="https://github.com/ggml-org/llama.cpp/issues/9061",
    )


# -- the engine refuses the model ------------------------------------------------------------------


@SCENARIOS.add
def dependency_error_pod_kserve_vllm_nvembed_architecture_unsupported() -> CaseSpec:
    at = Clock(datetime(2024, 6, 25, 13, 20, tzinfo=timezone.utc))
    deployment, ns, host = "nv-embed-predictor", "embeddings", "gpu-a100-node-1"
    c = Container(
        "kserve-container",
        "vllm/vllm-openai:v0.5.0.post1",
        args=[
            "--model=/mnt/models/",
            "--port=8080",
            "--trust-remote-code",
            "--download-dir=/models-cache",
            "--max-model-len=8000",
        ],
        resources=gpu(1, "48Gi", "8"),
        mounts=[
            {"name": "kserve-provision-location", "mountPath": "/mnt/models", "readOnly": True},
            {"name": "models-cache", "mountPath": "/models-cache"},
        ],
        probes=_http_probe("/health", 8080, kinds=("readinessProbe",), delay=30),
    )
    volumes = (
        {"name": "kserve-provision-location", "emptyDir": {}},
        {"name": "models-cache", "emptyDir": {}},
    )
    p, name = _crash_looping(at, deployment, ns, host, c, ran=(915, 941), restarts=5, volumes=volumes)
    pkg = "/usr/local/lib/python3.10/dist-packages/vllm"
    supported = (
        "['AquilaModel', 'AquilaForCausalLM', 'BaiChuanForCausalLM', 'BaichuanForCausalLM', 'BloomForCausalLM', "
        "'ChatGLMModel', 'ChatGLMForConditionalGeneration', 'CohereForCausalLM', 'DbrxForCausalLM', "
        "'DeciLMForCausalLM', 'DeepseekForCausalLM', 'DeepseekV2ForCausalLM', 'FalconForCausalLM', "
        "'GemmaForCausalLM', 'GPT2LMHeadModel', 'GPTBigCodeForCausalLM', 'GPTJForCausalLM', 'GPTNeoXForCausalLM', "
        "'InternLMForCausalLM', 'InternLM2ForCausalLM', 'JAISLMHeadModel', 'LlamaForCausalLM', "
        "'LlavaForConditionalGeneration', 'LLaMAForCausalLM', 'MistralForCausalLM', 'MixtralForCausalLM', "
        "'QuantMixtralForCausalLM', 'MptForCausalLM', 'MPTForCausalLM', 'MiniCPMForCausalLM', 'OlmoForCausalLM', "
        "'OPTForCausalLM', 'OrionForCausalLM', 'PhiForCausalLM', 'Phi3ForCausalLM', 'QWenLMHeadModel', "
        "'Qwen2ForCausalLM', 'Qwen2MoeForCausalLM', 'RWForCausalLM', 'StableLMEpochForCausalLM', "
        "'StableLmForCausalLM', 'Starcoder2ForCausalLM', 'ArcticForCausalLM', 'XverseForCausalLM', "
        "'Phi3SmallForCausalLM', 'MistralModel']"
    )
    prev = text(
        "INFO 06-25 13:36:15 api_server.py:177] vLLM API server version 0.5.0.post1",
        "INFO 06-25 13:36:15 api_server.py:178] args: Namespace(host=None, port=8080, uvicorn_log_level='info', "
        "allow_credentials=False, allowed_origins=['*'], allowed_methods=['*'], allowed_headers=['*'], "
        "api_key=None, lora_modules=None, chat_template=None, response_role='assistant', ssl_keyfile=None, "
        "ssl_certfile=None, ssl_ca_certs=None, ssl_cert_reqs=0, root_path=None, middleware=[], "
        "model='/mnt/models/', tokenizer=None, skip_tokenizer_init=False, revision=None, code_revision=None, "
        "tokenizer_revision=None, tokenizer_mode='auto', trust_remote_code=True, download_dir='/models-cache', "
        "load_format='auto', dtype='auto', kv_cache_dtype='auto', quantization_param_path=None, "
        "max_model_len=8000, guided_decoding_backend='outlines', distributed_executor_backend=None, "
        "worker_use_ray=False, pipeline_parallel_size=1, tensor_parallel_size=1, "
        "max_parallel_loading_workers=None, ray_workers_use_nsight=False, block_size=16, "
        "enable_prefix_caching=False, disable_sliding_window=False, use_v2_block_manager=False, "
        "num_lookahead_slots=0, seed=0, swap_space=4, gpu_memory_utilization=0.9, num_gpu_blocks_override=None, "
        "max_num_batched_tokens=None, max_num_seqs=256, max_logprobs=20, disable_log_stats=False, "
        "quantization=None, enforce_eager=False, max_context_len_to_capture=None, max_seq_len_to_capture=8192, "
        "disable_custom_all_reduce=False, tokenizer_pool_size=0, tokenizer_pool_type='ray', "
        "tokenizer_pool_extra_config=None, enable_lora=False, max_loras=1, max_lora_rank=16, "
        "device='auto', engine_use_ray=False, disable_log_requests=False, max_log_len=None)",
        "WARNING 06-25 13:36:15 config.py:1222] Casting torch.float32 to torch.float16.",
        "INFO 06-25 13:36:15 llm_engine.py:161] Initializing an LLM engine (v0.5.0.post1) with config: "
        "model='/mnt/models/', speculative_config=None, tokenizer='/mnt/models/', skip_tokenizer_init=False, "
        "tokenizer_mode=auto, revision=None, rope_scaling=None, rope_theta=None, tokenizer_revision=None, "
        "trust_remote_code=True, dtype=torch.float16, max_seq_len=8000, download_dir='/models-cache', "
        "load_format=LoadFormat.AUTO, tensor_parallel_size=1, disable_custom_all_reduce=False, "
        "quantization=None, enforce_eager=False, kv_cache_dtype=auto, quantization_param_path=None, "
        "device_config=cuda, decoding_config=DecodingConfig(guided_decoding_backend='outlines'), seed=0, "
        "served_model_name=/mnt/models/)",
        "INFO 06-25 13:36:16 weight_utils.py:218] Using model weights format ['*.safetensors']",
        "Traceback (most recent call last):",
        '  File "/usr/lib/python3.10/runpy.py", line 196, in _run_module_as_main',
        "    return _run_code(code, main_globals, None,",
        '  File "/usr/lib/python3.10/runpy.py", line 86, in _run_code',
        "    exec(code, run_globals)",
        f'  File "{pkg}/entrypoints/openai/api_server.py", line 196, in <module>',
        "    engine = AsyncLLMEngine.from_engine_args(",
        f'  File "{pkg}/engine/async_llm_engine.py", line 398, in from_engine_args',
        "    engine = cls(",
        f'  File "{pkg}/engine/llm_engine.py", line 237, in __init__',
        "    self.model_executor = executor_class(",
        f'  File "{pkg}/executor/gpu_executor.py", line 24, in _init_executor',
        "    self.driver_worker.load_model()",
        f'  File "{pkg}/worker/model_runner.py", line 146, in load_model',
        "    self.model = get_model(",
        f'  File "{pkg}/model_executor/model_loader/loader.py", line 261, in load_model',
        "    model = _initialize_model(model_config, self.load_config,",
        f'  File "{pkg}/model_executor/model_loader/utils.py", line 35, in get_model_architecture',
        "    raise ValueError(",
        f"ValueError: Model architectures ['NVEmbedModel'] are not supported for now. Supported architectures: "
        f"{supported}",
    )
    events = [_backoff(p, "kserve-container", at, 60, 950, 19)]
    return CaseSpec(
        id="dependency-error-pod-kserve-vllm-nvembed-architecture-unsupported",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="dependency-error",
        culprit=name,
        evidence="are not supported for now",
        description="The vLLM release in the image has no implementation of the model's architecture "
        "(NVEmbedModel, an embedding model with custom code), so loading stops with 'Model architectures "
        "[...] are not supported for now' and the server exits on every start. A vLLM version that supports "
        "the architecture, or another server for this model, is needed.",
        objects=[p, *events],
        logs={f"{name}/kserve-container.previous": prev},
        captured=at(960),
        title='vLLM in a Kubernetes cluster serving nvidia/NV-Embed-v1: "ValueError: Model architectures '
        "['NVEmbedModel'] are not supported for now\"",
        source="https://github.com/vllm-project/vllm/issues/5826",
    )


# -- healthy servers with alarming lines -----------------------------------------------------------


@SCENARIOS.add
def healthy_pod_ollama_answers_404_for_unpulled_model() -> CaseSpec:
    at = Clock(datetime(2024, 7, 4, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "ollama", "ollama", "kind-control-plane"
    c = Container(
        "ollama",
        "ollama/ollama:0.1.48",
        env=[{"name": "OLLAMA_HOST", "value": "0.0.0.0"}],
        ports=[{"name": "http", "containerPort": 11434, "protocol": "TCP"}],
        resources={},
        mounts=[{"name": "ollama-data", "mountPath": "/root/.ollama"}],
        probes=_http_probe("/", 11434, delay=60, period=10, failures=6)
        | _http_probe("/", 11434, kinds=("readinessProbe",), delay=30, period=5, failures=6),
        state=running(at(4)),
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
        volumes=[{"name": "ollama-data", "emptyDir": {}}],
    )
    name = p["metadata"]["name"]
    env = (
        "map[CUDA_VISIBLE_DEVICES: GPU_DEVICE_ORDINAL: HIP_VISIBLE_DEVICES: HSA_OVERRIDE_GFX_VERSION: "
        "OLLAMA_DEBUG:false OLLAMA_FLASH_ATTENTION:false OLLAMA_HOST:http://0.0.0.0:11434 OLLAMA_INTEL_GPU:false "
        "OLLAMA_KEEP_ALIVE:5m0s OLLAMA_LLM_LIBRARY: OLLAMA_MAX_LOADED_MODELS:0 OLLAMA_MAX_QUEUE:512 "
        "OLLAMA_MAX_VRAM:0 OLLAMA_MODELS:/root/.ollama/models OLLAMA_NOHISTORY:false OLLAMA_NOPRUNE:false "
        "OLLAMA_NUM_PARALLEL:0 OLLAMA_ORIGINS:[http://localhost https://localhost http://localhost:* "
        "https://localhost:* http://127.0.0.1 https://127.0.0.1 http://127.0.0.1:* https://127.0.0.1:* "
        "http://0.0.0.0 https://0.0.0.0 http://0.0.0.0:* https://0.0.0.0:* app://* file://* tauri://*] "
        "OLLAMA_RUNNERS_DIR: OLLAMA_SCHED_SPREAD:false OLLAMA_TMPDIR: ROCR_VISIBLE_DEVICES:]"
    )
    lines = [
        f'2024/07/04 09:00:05 routes.go:1064: INFO server config env="{env}"',
        'time=2024-07-04T09:00:05.118Z level=INFO source=images.go:730 msg="total blobs: 0"',
        'time=2024-07-04T09:00:05.118Z level=INFO source=images.go:737 msg="total unused blobs removed: 0"',
        'time=2024-07-04T09:00:05.119Z level=INFO source=routes.go:1111 msg="Listening on [::]:11434 (version 0.1.48)"',
        'time=2024-07-04T09:00:05.120Z level=INFO source=payload.go:30 msg="extracting embedded files" '
        "dir=/tmp/ollama2871150331/runners",
        'time=2024-07-04T09:00:09.412Z level=INFO source=payload.go:44 msg="Dynamic LLM libraries '
        '[cpu cpu_avx cpu_avx2 cuda_v11 rocm_v60101]"',
        'time=2024-07-04T09:00:09.413Z level=INFO source=gpu.go:205 msg="looking for compatible GPUs"',
        'time=2024-07-04T09:00:09.416Z level=INFO source=gpu.go:346 msg="no compatible GPUs were discovered"',
        'time=2024-07-04T09:00:09.416Z level=INFO source=types.go:98 msg="inference compute" id=0 library=cpu '
        'compute="" driver=0.0 name="" total="15.6 GiB" available="13.9 GiB"',
    ]
    for i in range(70):
        t = at(35 + 10 * i)
        lines.append(
            f"[GIN] {t:%Y/%m/%d - %H:%M:%S} | 200 |      {31 + (i * 7) % 40}.{(i * 13) % 10}µs |      "
            f'10.244.0.1 | GET      "/"'
        )
        if i in (41, 44):
            lines.append(
                f"[GIN] {at(38 + 10 * i):%Y/%m/%d - %H:%M:%S} | 404 |     {412 + i}.{i % 10}µs |     "
                f'10.244.0.17 | POST     "/api/generate"'
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
            "Pulled",
            'Container image "ollama/ollama:0.1.48" already present on machine',
            at(2),
            type_="Normal",
            host=host,
        ),
        event(p, "Created", "Created container ollama", at(2), type_="Normal", host=host),
        event(p, "Started", "Started container ollama", at(3), type_="Normal", host=host),
    ]
    return CaseSpec(
        id="healthy-pod-ollama-answers-404-for-unpulled-model",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="The Ollama server is up, Ready and answering its probes. A client asked it to generate with "
        "a model that was never pulled into this pod's store (the client got 'model ... not found, try pulling "
        "it first'), which the server logs as a 404 on /api/generate. That is a client-side miss, not a failed "
        "server: pull the model (or list it in the chart's models) and the same server answers.",
        objects=[p, *events],
        logs={f"{name}/ollama": "\n".join(lines) + "\n"},
        captured=at(735),
        title="Ollama Helm chart on kind: the server runs but a generate call returns "
        '{"error":"model \'tinyllama\' not found, try pulling it first"}',
        source="https://github.com/otwld/ollama-helm/issues/61",
    )
