"""Fresh round 10: real public threads about model servers and inference platforms (vLLM, SGLang, TGI, Triton, KServe, Ray Serve, Ollama).

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    Scenarios,
    cpu_only,
    gpu,
    running,
    stamped,
    terminated,
    text,
)
from tests.cases.scenarios_fresh9_serving import _serving
from tests.cases.scenarios_real_platform import _backoff, _crash_loop, _http_probe, _rs_name

SCENARIOS = Scenarios()


_TRITON_PORTS = [
    {"name": "http", "containerPort": 8000, "protocol": "TCP"},
    {"name": "grpc", "containerPort": 8001, "protocol": "TCP"},
    {"name": "metrics", "containerPort": 8002, "protocol": "TCP"},
]


def _triton_pod(
    at: Clock,
    deployment: str,
    ns: str,
    host: str,
    image: str,
    repo: str,
    claim: str,
    resources: Obj,
    *,
    ran: tuple[float, float] | None = None,
    restarts: int = 0,
) -> tuple[Obj, str]:
    """A Deployment's tritonserver pod serving the model repository on a claim mounted at ``repo``: backing
    off after it exited 1 over ``ran`` (seconds), or, without ``ran``, running and Ready since ``at(12)``."""
    c = Container(
        "tritonserver",
        image,
        command=["tritonserver"],
        args=[f"--model-repository={repo}"],
        ports=_TRITON_PORTS,
        resources=resources,
        mounts=[{"name": "model-repo", "mountPath": repo}],
        probes=_http_probe("/v2/health/ready", 8000, kinds=("readinessProbe",), delay=10, period=10),
        state=_crash_loop("tritonserver", _rs_name(deployment, ns), ns) if ran else running(at(12)),
        last=terminated(1, at(ran[0]), at(ran[1])) if ran else {},
        restarts=restarts,
        ready=ran is None,
    )
    return _serving(at, deployment, ns, host, c, {"name": "model-repo", "persistentVolumeClaim": {"claimName": claim}})


def _triton_banner(version: str, build: str, server: str) -> list[str]:
    return [
        "",
        "=============================",
        "== Triton Inference Server ==",
        "=============================",
        "",
        f"NVIDIA Release {version} (build {build})",
        f"Triton Server Version {server}",
        "",
        "Copyright (c) 2018-2023, NVIDIA CORPORATION & AFFILIATES.  All rights reserved.",
        "",
    ]


def _triton_exit(stamp: str, pid: int) -> list[str]:
    return [
        f"I{stamp} {pid} server.cc:307] Waiting for in-flight requests to complete.",
        f"I{stamp} {pid} server.cc:323] Timeout 30: Found 0 model versions that have in-flight inferences",
        f"I{stamp} {pid} server.cc:338] All models are stopped, unloading models",
        f"I{stamp} {pid} server.cc:345] Timeout 30: Found 0 live models and 0 in-flight non-inference requests",
        "error: creating server: Internal - failed to load all models",
    ]


def _exits(p: Obj, prev: str, at: Clock, backoff: tuple[float, float, int], **spec: Any) -> CaseSpec:
    """The case of a crash-looping tritonserver pod ``p`` whose last run logged ``prev`` (the kubelet backing
    off over ``backoff``: first, last, count); ``spec`` holds the rest: id, category, evidence, texts."""
    name = p["metadata"]["name"]
    return CaseSpec(
        kind="Pod",
        name=name,
        namespace=p["metadata"]["namespace"],
        healthy=False,
        culprit=name,
        objects=[p, _backoff(p, "tritonserver", at, *backoff)],
        logs={f"{name}/tritonserver.previous": prev},
        **spec,
    )


# -- the server never starts -----------------------------------------------------------------------


@SCENARIOS.add
def config_error_pod_triton_trtllm_model_configs_with_unfilled_template_fields() -> CaseSpec:
    at = Clock(datetime(2024, 4, 7, 20, 30, tzinfo=timezone.utc))
    deployment, ns, host = "mistral-7b-trtllm", "llm-serving", "gpu-a10g-node-1"
    repo = "/tensorrtllm_backend/triton_model_repo"
    p, name = _triton_pod(
        at,
        deployment,
        ns,
        host,
        "nvcr.io/nvidia/tritonserver:24.03-trtllm-python-py3",
        repo,
        "trtllm-model-repo",
        gpu(1, "32Gi", "8"),
        ran=(1004, 1007),
        restarts=7,
    )
    pb = (
        "[libprotobuf ERROR /tmp/tritonbuild/tritonserver/build/_deps/repo-third-party-build/grpc-repo/src/grpc/"
        "third_party/protobuf/src/google/protobuf/text_format.cc:335] Error parsing text-format "
        "inference.ModelConfig: 29:17: Expected integer, got: $"
    )
    s = "0407 20:46:46.98"
    poll = [
        line
        for i, model in enumerate(["ensemble", "postprocessing", "preprocessing", "tensorrt_llm", "tensorrt_llm_bls"])
        for line in (
            pb,
            f"E{s}{6017 + 157 * i} 111 model_repository_manager.cc:1309] Poll failed for model directory "
            f"'{model}': failed to read text proto from {repo}/{model}/config.pbtxt",
        )
    ]
    prev = text(
        *_triton_banner("24.03", "86102629", "2.44.0"),
        "I0407 20:46:46.951163 111 pinned_memory_manager.cc:275] Pinned memory pool is created at "
        "'0x7f2a4e000000' with size 268435456",
        "I0407 20:46:46.951533 111 cuda_memory_manager.cc:107] CUDA memory pool is created on device 0 with size "
        "67108864",
        *poll,
        "I0407 20:46:46.987102 111 server.cc:607]",
        "+------------------+------+",
        "| Repository Agent | Path |",
        "+------------------+------+",
        "+------------------+------+",
        "",
        "I0407 20:46:46.987144 111 server.cc:634]",
        "+---------+------+--------+",
        "| Backend | Path | Config |",
        "+---------+------+--------+",
        "+---------+------+--------+",
        "",
        "I0407 20:46:46.987168 111 server.cc:677]",
        "+-------+---------+--------+",
        "| Model | Version | Status |",
        "+-------+---------+--------+",
        "+-------+---------+--------+",
        "",
        "I0407 20:46:47.043811 111 metrics.cc:877] Collecting metrics for GPU 0: NVIDIA A10G",
        *_triton_exit("0407 20:46:47.051940", 111),
    )
    return _exits(
        p,
        prev,
        at,
        (90, 1010, 31),
        id="config-error-pod-triton-trtllm-model-configs-with-unfilled-template-fields",
        category="config-error",
        evidence="Expected integer, got: $",
        description="The tensorrtllm_backend model repository was copied from the templates without running "
        "fill_template.py, so every config.pbtxt still holds ${...} placeholders where numbers belong; Triton "
        "cannot parse a single model configuration, loads nothing and exits. The model configuration is wrong, not "
        "the engine or the image.",
        captured=at(1030),
        title="Triton TensorRT-LLM model repository with unfilled template fields: 'Error parsing text-format "
        "inference.ModelConfig: 29:17: Expected integer, got: $', 'Poll failed for model directory'",
        source="https://github.com/triton-inference-server/tensorrtllm_backend/issues/393",
    )


@SCENARIOS.add
def cuda_error_pod_triton_tensorrt_plan_built_on_another_gpu() -> CaseSpec:
    at = Clock(datetime(2023, 7, 13, 10, 0, tzinfo=timezone.utc))
    deployment, ns, host = "detector-trt", "vision-serving", "gpu-t4-node-2"
    repo = "/models"
    p, name = _triton_pod(
        at,
        deployment,
        ns,
        host,
        "nvcr.io/nvidia/tritonserver:23.05-py3",
        repo,
        "detector-model-repo",
        gpu(1, "16Gi", "4"),
        ran=(905, 913),
        restarts=6,
    )
    cause = (
        "6: The engine plan file is generated on an incompatible device, expecting compute 7.5 got compute 8.6, "
        "please rebuild."
    )
    fail = (
        "Internal: unable to create TensorRT engine: 2: [engine.cpp::deserializeEngine::951] Error Code 2: "
        "Internal Error (Assertion engine->deserialize(start, size, allocator, runtime) failed. )"
    )
    prev = text(
        *_triton_banner("23.05", "61161506", "2.34.0"),
        "I0713 10:15:10.118342 1 pinned_memory_manager.cc:241] Pinned memory pool is created at '0x7f9b10000000' "
        "with size 268435456",
        "I0713 10:15:10.118689 1 cuda_memory_manager.cc:107] CUDA memory pool is created on device 0 with size "
        "67108864",
        "I0713 10:15:10.121950 1 model_lifecycle.cc:462] loading: detector:1",
        "I0713 10:15:10.174107 1 tensorrt.cc:65] TRITONBACKEND_Initialize: tensorrt",
        "I0713 10:15:10.174133 1 tensorrt.cc:75] Triton TRITONBACKEND API version: 1.12",
        "I0713 10:15:10.174139 1 tensorrt.cc:81] 'tensorrt' TRITONBACKEND API version: 1.12",
        "I0713 10:15:10.174143 1 tensorrt.cc:105] backend configuration:",
        '{"cmdline":{"auto-complete-config":"true","min-compute-capability":"6.000000","backend-directory":'
        '"/opt/tritonserver/backends","default-max-batch-size":"4"}}',
        "I0713 10:15:10.174851 1 tensorrt.cc:222] TRITONBACKEND_ModelInitialize: detector (version 1)",
        "I0713 10:15:10.512604 1 logging.cc:49] Loaded engine size: 87 MiB",
        f"E0713 10:15:10.681437 1 logging.cc:40] {cause}",
        "E0713 10:15:10.690215 1 logging.cc:40] 2: [engine.cpp::deserializeEngine::951] Error Code 2: Internal "
        "Error (Assertion engine->deserialize(start, size, allocator, runtime) failed. )",
        "I0713 10:15:10.690418 1 tensorrt.cc:265] TRITONBACKEND_ModelFinalize: delete model state",
        f"E0713 10:15:10.690520 1 model_lifecycle.cc:626] failed to load 'detector' version 1: {fail}",
        "I0713 10:15:10.690561 1 model_lifecycle.cc:755] failed to load 'detector'",
        "I0713 10:15:10.690742 1 server.cc:583]",
        "+------------------+------+",
        "| Repository Agent | Path |",
        "+------------------+------+",
        "+------------------+------+",
        "",
        "I0713 10:15:10.690790 1 server.cc:610]",
        "+----------+-----------------------------------------------------------+--------+",
        "| Backend  | Path                                                      | Config |",
        "+----------+-----------------------------------------------------------+--------+",
        "| tensorrt | /opt/tritonserver/backends/tensorrt/libtriton_tensorrt.so | {...}  |",
        "+----------+-----------------------------------------------------------+--------+",
        "",
        "I0713 10:15:10.690832 1 server.cc:653]",
        "+----------+---------+--------------------------------------------------------------------------+",
        "| Model    | Version | Status                                                                   |",
        "+----------+---------+--------------------------------------------------------------------------+",
        "| detector | 1       | UNAVAILABLE: Internal: unable to create TensorRT engine: 2: [engine.cpp: |",
        "|          |         | :deserializeEngine::951] Error Code 2: Internal Error (Assertion engine- |",
        "|          |         | >deserialize(start, size, allocator, runtime) failed. )                  |",
        "+----------+---------+--------------------------------------------------------------------------+",
        "",
        "I0713 10:15:10.748213 1 metrics.cc:817] Collecting metrics for GPU 0: Tesla T4",
        *_triton_exit("0713 10:15:10.749630", 1),
    )
    return _exits(
        p,
        prev,
        at,
        (60, 915, 29),
        id="cuda-error-pod-triton-tensorrt-plan-built-on-another-gpu",
        category="cuda-error",
        evidence="incompatible device",
        description="The model.plan was built with trtexec on an Ampere GPU (compute 8.6) and served from a T4 "
        "(compute 7.5); a TensorRT engine only deserialises on the GPU architecture it was built for, so Triton "
        "cannot create the engine and exits. Rebuild the plan on the serving GPU type (or pin the pod to nodes of "
        "the GPU it was built on).",
        captured=at(930),
        title="Triton 23.05 on a T4 loading a TensorRT plan built on an sm86 GPU: 'The engine plan file is "
        "generated on an incompatible device, expecting compute 7.5 got compute 8.6, please rebuild.'",
        source="https://github.com/NVIDIA/TensorRT/issues/3130",
    )


@SCENARIOS.add
def dependency_error_pod_triton_trtllm_image_without_onnxruntime_backend() -> CaseSpec:
    at = Clock(datetime(2025, 8, 13, 7, 0, tzinfo=timezone.utc))
    deployment, ns, host = "speech-triton", "speech-serving", "gpu-l4-node-3"
    repo = "/models"
    p, name = _triton_pod(
        at,
        deployment,
        ns,
        host,
        "nvcr.io/nvidia/tritonserver:25.06-trtllm-python-py3",
        repo,
        "speech-model-repo",
        gpu(1, "32Gi", "8"),
        ran=(1203, 1209),
        restarts=8,
    )
    err = (
        "Invalid argument: unable to find backend library for backend 'onnxruntime', try specifying runtime on "
        "the model configuration."
    )
    prev = text(
        *_triton_banner("25.06", "179165340", "2.59.0"),
        'I0813 07:20:05.318207 1 pinned_memory_manager.cc:277] "Pinned memory pool is created at '
        "'0x7f5c7e000000' with size 268435456\"",
        'I0813 07:20:05.318596 1 cuda_memory_manager.cc:107] "CUDA memory pool is created on device 0 with size '
        '67108864"',
        'I0813 07:20:05.327114 1 model_lifecycle.cc:473] "loading: ambernet:1"',
        'I0813 07:20:05.327190 1 model_lifecycle.cc:473] "loading: speech_postprocess:1"',
        'I0813 07:20:05.327795 1 python_be.cc:2289] "TRITONBACKEND_ModelInstanceInitialize: '
        'speech_postprocess_0_0 (CPU device 0)"',
        f"E0813 07:20:05.328021 1 model_lifecycle.cc:654] \"failed to load 'ambernet' version 1: {err}\"",
        "I0813 07:20:05.328060 1 model_lifecycle.cc:789] \"failed to load 'ambernet'\"",
        "I0813 07:20:06.912475 1 model_lifecycle.cc:849] \"successfully loaded 'speech_postprocess'\"",
        "I0813 07:20:06.912630 1 server.cc:604] ",
        "+------------------+------+",
        "| Repository Agent | Path |",
        "+------------------+------+",
        "+------------------+------+",
        "",
        "I0813 07:20:06.912672 1 server.cc:631] ",
        "+---------+-------------------------------------------------------+------------------------------------+",
        "| Backend | Path                                                  | Config                             |",
        "+---------+-------------------------------------------------------+------------------------------------+",
        '| python  | /opt/tritonserver/backends/python/libtriton_python.so | {"cmdline":{"auto-complete-config": |',
        '|         |                                                       | "true","backend-directory":"/opt/t |',
        '|         |                                                       | ritonserver/backends"}}            |',
        "+---------+-------------------------------------------------------+------------------------------------+",
        "",
        "I0813 07:20:06.912709 1 server.cc:674] ",
        "+--------------------+---------+------------------------------------------------------------------------+",
        "| Model              | Version | Status                                                                 |",
        "+--------------------+---------+------------------------------------------------------------------------+",
        "| ambernet           | 1       | UNAVAILABLE: Invalid argument: unable to find backend library for back |",
        "|                    |         | end 'onnxruntime', try specifying runtime on the model configuration.  |",
        "| speech_postprocess | 1       | READY                                                                  |",
        "+--------------------+---------+------------------------------------------------------------------------+",
        "",
        'I0813 07:20:06.981140 1 metrics.cc:890] "Collecting metrics for GPU 0: NVIDIA L4"',
        'I0813 07:20:06.990522 1 server.cc:314] "Waiting for in-flight requests to complete."',
        'I0813 07:20:06.990537 1 server.cc:330] "Timeout 30: Found 0 model versions that have in-flight inferences"',
        'I0813 07:20:06.991308 1 server.cc:345] "All models are stopped, unloading models"',
        'I0813 07:20:06.991320 1 server.cc:352] "Timeout 30: Found 1 live models and 0 in-flight non-inference '
        'requests"',
        "I0813 07:20:08.119023 1 model_lifecycle.cc:636] \"successfully unloaded 'speech_postprocess' version 1\"",
        'I0813 07:20:08.991437 1 server.cc:352] "Timeout 29: Found 0 live models and 0 in-flight non-inference '
        'requests"',
        "error: creating server: Internal - failed to load all models",
    )
    return _exits(
        p,
        prev,
        at,
        (100, 1215, 33),
        id="dependency-error-pod-triton-trtllm-image-without-onnxruntime-backend",
        category="dependency-error",
        evidence="unable to find backend library for backend 'onnxruntime'",
        description="An ONNX model (backend: onnxruntime) is served from the TensorRT-LLM flavour of the Triton "
        "image, which ships only the tensorrtllm and python backends; /opt/tritonserver/backends has no "
        "onnxruntime directory, the model cannot load and Triton exits. Use the general tritonserver image (or "
        "add the onnxruntime backend to this one).",
        captured=at(1230),
        title="Triton 25.06 TensorRT-LLM container loading an ONNX model: \"failed to load 'ambernet' version 1: "
        "Invalid argument: unable to find backend library for backend 'onnxruntime'\"",
        source="https://github.com/triton-inference-server/server/issues/8342",
    )


# -- healthy ---------------------------------------------------------------------------------------


@SCENARIOS.add
def healthy_pod_triton_cpu_only_warns_cuda_driver_insufficient() -> CaseSpec:
    at = Clock(datetime(2023, 9, 19, 5, 30, tzinfo=timezone.utc))
    deployment, ns, host = "bert-ner-triton", "nlp-serving", "cpu-node-7"
    repo = "/models"
    p, name = _triton_pod(
        at,
        deployment,
        ns,
        host,
        "nvcr.io/nvidia/tritonserver:22.08-py3",
        repo,
        "bert-model-repo",
        cpu_only("8Gi", "4"),
    )
    start = [
        *_triton_banner("22.08", "42766143", "2.25.0")[1:8],
        "WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.",
        "   Use the NVIDIA Container Toolkit to start this container with GPU support; see",
        "   https://docs.nvidia.com/datacenter/cloud-native/ .",
        "",
        "W0919 05:30:14.822862 1 pinned_memory_manager.cc:236] Unable to allocate pinned system memory, pinned "
        "memory pool will not be available: CUDA driver version is insufficient for CUDA runtime version",
        "I0919 05:30:14.822978 1 cuda_memory_manager.cc:115] CUDA memory pool disabled",
        "I0919 05:30:14.827356 1 model_lifecycle.cc:459] loading: bert_ner:1",
        "I0919 05:30:14.828964 1 onnxruntime.cc:2459] TRITONBACKEND_Initialize: onnxruntime",
        "I0919 05:30:14.828986 1 onnxruntime.cc:2469] Triton TRITONBACKEND API version: 1.10",
        "I0919 05:30:14.828995 1 onnxruntime.cc:2475] 'onnxruntime' TRITONBACKEND API version: 1.10",
        "I0919 05:30:14.829002 1 onnxruntime.cc:2505] backend configuration:",
        '{"cmdline":{"auto-complete-config":"true","min-compute-capability":"6.000000","backend-directory":'
        '"/opt/tritonserver/backends","default-max-batch-size":"4"}}',
        "I0919 05:30:14.843495 1 onnxruntime.cc:2563] TRITONBACKEND_ModelInitialize: bert_ner (version 1)",
        "I0919 05:30:15.391257 1 onnxruntime.cc:2606] TRITONBACKEND_ModelInstanceInitialize: bert_ner_0 (CPU device 0)",
        "I0919 05:30:16.702118 1 model_lifecycle.cc:693] successfully loaded 'bert_ner' version 1",
        "I0919 05:30:16.702260 1 server.cc:561]",
        "+------------------+------+",
        "| Repository Agent | Path |",
        "+------------------+------+",
        "+------------------+------+",
        "",
        "I0919 05:30:16.702311 1 server.cc:588]",
        "+-------------+-----------------------------------------------------------------+--------+",
        "| Backend     | Path                                                            | Config |",
        "+-------------+-----------------------------------------------------------------+--------+",
        "| onnxruntime | /opt/tritonserver/backends/onnxruntime/libtriton_onnxruntime.so | {...}  |",
        "+-------------+-----------------------------------------------------------------+--------+",
        "",
        "I0919 05:30:16.702346 1 server.cc:631]",
        "+----------+---------+--------+",
        "| Model    | Version | Status |",
        "+----------+---------+--------+",
        "| bert_ner | 1       | READY  |",
        "+----------+---------+--------+",
        "",
        "I0919 05:30:16.702498 1 tritonserver.cc:2214]",
        "+----------------------------------+------------------------------------------+",
        "| Option                           | Value                                    |",
        "+----------------------------------+------------------------------------------+",
        "| server_id                        | triton                                   |",
        "| server_version                   | 2.25.0                                   |",
        "| model_repository_path[0]         | /models                                  |",
        "| model_control_mode               | MODE_NONE                                |",
        "| strict_model_config              | 0                                        |",
        "| rate_limit                       | OFF                                      |",
        "| pinned_memory_pool_byte_size     | 268435456                                |",
        "| response_cache_byte_size         | 0                                        |",
        "| min_supported_compute_capability | 6.0                                      |",
        "| strict_readiness                 | 1                                        |",
        "| exit_timeout                     | 30                                       |",
        "+----------------------------------+------------------------------------------+",
        "",
        "I0919 05:30:16.703871 1 grpc_server.cc:4610] Started GRPCInferenceService at 0.0.0.0:8001",
        "I0919 05:30:16.704156 1 http_server.cc:3316] Started HTTPService at 0.0.0.0:8000",
        "I0919 05:30:16.745902 1 http_server.cc:178] Started Metrics Service at 0.0.0.0:8002",
    ]
    return CaseSpec(
        id="healthy-pod-triton-cpu-only-warns-cuda-driver-insufficient",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="A CPU-only Triton pod (no GPU requested, on a node without a driver) serving an ONNX model "
        "on the CPU: the GPU image warns that no driver was found and that pinned memory is unavailable "
        "('CUDA driver version is insufficient for CUDA runtime version'), which is expected without a GPU; the "
        "model is READY, the endpoints are up and the pod has been Ready for hours.",
        objects=[p],
        logs={f"{name}/tritonserver": stamped(start, at(13), 0.05)},
        captured=at(4 * 3600),
        title="Triton 22.08 started without a GPU: 'Unable to allocate pinned system memory, pinned memory pool "
        "will not be available: CUDA driver version is insufficient for CUDA runtime version', then serving the "
        "ONNX model on the CPU",
        source="https://github.com/triton-inference-server/server/issues/6325",
    )
