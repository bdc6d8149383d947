"""Fresh round 4: cases built from real public failure reports about inference servers run as Pods, Deployments and Jobs (vLLM, TGI, SGLang, Triton, KServe, Ray Serve) and healthy traps across the categories.

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
    Scenarios,
    cpu_only,
    event,
    gpu,
    running,
    stamped,
    terminated,
    text,
    waiting,
)
from tests.cases.scenarios_real_accelerators import _succeeded_job
from tests.cases.scenarios_real_platform import _backoff, _crash_loop, _http_probe, _rs_name, _rs_pod

SCENARIOS = Scenarios()

# -- model files and engines a server cannot load ------------------------------------------------


@SCENARIOS.add
def missing_file_pod_llamacpp_gguf_failed_to_open() -> CaseSpec:
    at = Clock(datetime(2025, 9, 10, 8, 0, tzinfo=timezone.utc))
    deployment, ns, host = "llama-server-gemma3", "local-llm", "gpu-4070ti-2"
    model = "/models/ggml-org/gemma-3-12b-it-qat-q4_0.gguf"
    c = Container(
        "llama-server",
        "ghcr.io/ggml-org/llama.cpp:server-cuda-b6428",
        args=["-m", model, "--host", "0.0.0.0", "--port", "8080", "--n-gpu-layers", "99"],
        resources=gpu(1, "24Gi", "8"),
        mounts=[{"name": "models", "mountPath": "/models", "readOnly": True}],
        state=_crash_loop("llama-server", _rs_name(deployment, ns), ns),
        last=terminated(1, at(905), at(907)),
        restarts=6,
    )
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        qos="Guaranteed",
        volumes=[{"name": "models", "persistentVolumeClaim": {"claimName": "llm-models", "readOnly": True}}],
    )
    name = p["metadata"]["name"]
    prev = text(
        "ggml_cuda_init: GGML_CUDA_FORCE_MMQ:    no",
        "ggml_cuda_init: GGML_CUDA_FORCE_CUBLAS: no",
        "ggml_cuda_init: found 1 CUDA devices:",
        "  Device 0: NVIDIA GeForce RTX 4070 Ti, compute capability 8.9, VMM: yes",
        "build: 6428 (a972faeb) with cc (Ubuntu 11.4.0-1ubuntu1~22.04.2) 11.4.0 for x86_64-linux-gnu",
        "system info: n_threads = 8, n_threads_batch = 8, total_threads = 16",
        "main: binding port with default address family",
        "main: HTTP server is listening, hostname: 0.0.0.0, port: 8080, http threads: 23",
        "main: loading model",
        f"srv    load_model: loading model '{model}'",
        f"gguf_init_from_file: failed to open GGUF file '{model}'",
        "llama_model_load: error loading model: llama_model_loader: failed to load model",
        "llama_model_load_from_file_impl: failed to load model",
        f"common_init_from_params: failed to load model '{model}', try reducing --n-gpu-layers if you're running "
        "out of VRAM",
        "srv    load_model: failed to load model",
        "srv    operator(): operator(): cleaning up before exit...",
        "main: exiting due to model loading error",
    )
    return CaseSpec(
        id="missing-file-pod-llamacpp-gguf-failed-to-open",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=name,
        evidence="failed to open GGUF file",
        description="llama-server is pointed at a GGUF file that is not on the mounted volume: gguf_init cannot "
        "open it and the server exits; its parting hint about --n-gpu-layers and VRAM is generic and not the "
        "cause.",
        objects=[p, _backoff(p, "llama-server", at, 120, 910, 24)],
        logs={f"{name}/llama-server.previous": prev},
        captured=at(930),
        title="llama-server exits with 'gguf_init_from_file: failed to open GGUF file' for a model path that "
        "worked before",
        source="https://github.com/ggml-org/llama.cpp/issues/15919",
    )


@SCENARIOS.add
def dependency_error_pod_tensorrt_engine_built_with_other_version() -> CaseSpec:
    at = Clock(datetime(2022, 5, 2, 15, 10, tzinfo=timezone.utc))
    deployment, ns, host = "face-rest", "vision", "gpu-t4-7"
    c = Container(
        "face",
        "registry.example.com/vision/insightface-rest:v0.7.3.0-trt8.2.1",
        command=["uvicorn", "app:app", "--port", "18080", "--host", "0.0.0.0", "--workers", "1"],
        resources=gpu(1, "16Gi", "4"),
        mounts=[{"name": "models", "mountPath": "/models"}],
        state=_crash_loop("face", _rs_name(deployment, ns), ns),
        last=terminated(1, at(431), at(455)),
        restarts=5,
    )
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        qos="Guaranteed",
        volumes=[{"name": "models", "persistentVolumeClaim": {"claimName": "face-models"}}],
    )
    name = p["metadata"]["name"]
    prev = text(
        "Preparing models...",
        "[17:45.102] INFO  - Preparing 'scrfd_10g_gnkps' model...",
        "[17:45.103] INFO  - Reusing prepared 'scrfd_10g_gnkps' model: /models/trt-engines/scrfd_10g_gnkps/"
        "scrfd_10g_gnkps.plan",
        "Starting InsightFace-REST using 1 workers.",
        "INFO:     Started server process [1]",
        "INFO:     Waiting for application startup.",
        "[05/02/2022-15:17:45] [TRT] [E] 6: The engine plan file is not compatible with this version of TensorRT, "
        "expecting library version 8.2.3 got 8.2.1, please rebuild.",
        "[05/02/2022-15:17:45] [TRT] [E] 4: [runtime.cpp::deserializeCudaEngine::50] Error Code 4: Internal Error "
        "(Engine deserialization failed.)",
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/uvicorn", line 8, in <module>',
        "    sys.exit(main())",
        '  File "/usr/local/lib/python3.8/dist-packages/click/core.py", line 1130, in __call__',
        "    return self.main(*args, **kwargs)",
        '  File "/usr/local/lib/python3.8/dist-packages/click/core.py", line 1055, in main',
        "    rv = self.invoke(ctx)",
        '  File "/usr/local/lib/python3.8/dist-packages/click/core.py", line 1404, in invoke',
        "    return ctx.invoke(self.callback, **ctx.params)",
        '  File "/usr/local/lib/python3.8/dist-packages/click/core.py", line 760, in invoke',
        "    return __callback(*args, **kwargs)",
        '  File "/usr/local/lib/python3.8/dist-packages/uvicorn/main.py", line 407, in main',
        "    run(app, **kwargs)",
        '  File "/app/modules/model_zoo/exec_backends/trt_backend.py", line 71, in prepare',
        "    self.context = self.engine.create_execution_context()",
        "AttributeError: 'NoneType' object has no attribute 'create_execution_context'",
    )
    return CaseSpec(
        id="dependency-error-pod-tensorrt-engine-built-with-other-version",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="dependency-error",
        culprit=name,
        evidence="not compatible with this version of TensorRT",
        description="A serialized TensorRT engine cached on the volume was built by TensorRT 8.2.3; the new image "
        "ships 8.2.1, so deserialization fails and the app's AttributeError on the missing engine is only the "
        "consequence. Rebuild the plan or align the TensorRT versions.",
        objects=[p, _backoff(p, "face", at, 90, 460, 14)],
        logs={f"{name}/face.previous": prev},
        captured=at(480),
        title="The engine plan file is not compatible with this version of TensorRT, expecting library version "
        "8.2.3 got 8.2.1",
        source="https://github.com/SthPhoenix/InsightFace-REST/issues/84",
    )


# -- the pod spec around the server ----------------------------------------------------------------


@SCENARIOS.add
def config_error_pod_ollama_post_start_hook_failed() -> CaseSpec:
    at = Clock(datetime(2025, 3, 3, 6, 0, tzinfo=timezone.utc))
    deployment, ns, host = "ollama", "ollama", "k8s-node5-gpu"
    hook = {
        "lifecycle": {
            "postStart": {
                "exec": {
                    "command": [
                        "/bin/sh",
                        "-c",
                        "while ! /bin/ollama ps > /dev/null 2>&1; do sleep 5; done; /bin/ollama pull qwen2.5:14b",
                    ]
                }
            }
        }
    }
    c = Container(
        "ollama",
        "ollama/ollama:0.5.12",
        args=[],
        resources=gpu(1, "32Gi", "8"),
        ports=[{"name": "http", "containerPort": 11434, "protocol": "TCP"}],
        probes={**hook, **_http_probe("/", 11434, delay=60)},
        state=_crash_loop("ollama", _rs_name(deployment, ns), ns, "1m20s"),
        last=terminated(137, at(98), at(122), reason="Error"),
        restarts=5,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    image_present = 'Container image "ollama/ollama:0.5.12" already present on machine'
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to {host}",
            at(1),
            type_="Normal",
            component="default-scheduler",
        ),
        event(p, "Pulled", image_present, at(2), last=at(106), count=5, type_="Normal", host=host),
        event(p, "Created", "Created container: ollama", at(3), last=at(107), count=5, type_="Normal", host=host),
        event(p, "Started", "Started container ollama", at(3), last=at(107), count=5, type_="Normal", host=host),
        event(p, "FailedPostStartHook", "PostStartHook failed", at(4), last=at(109), count=5, host=host),
        event(p, "Killing", "FailedPostStartHook", at(4), last=at(109), count=5, type_="Normal", host=host),
        _backoff(p, "ollama", at, 9, 126, 19),
    ]
    prev = text(
        '2025/03/03 06:01:47 routes.go:1205: INFO server config env="map[CUDA_VISIBLE_DEVICES: '
        'OLLAMA_HOST:http://0.0.0.0:11434 OLLAMA_KEEP_ALIVE:5m0s OLLAMA_MODELS:/root/.ollama/models]"',
        'time=2025-03-03T06:01:47.212Z level=INFO source=images.go:432 msg="total blobs: 0"',
        'time=2025-03-03T06:01:47.212Z level=INFO source=images.go:439 msg="total unused blobs removed: 0"',
        'time=2025-03-03T06:01:47.213Z level=INFO source=routes.go:1256 msg="Listening on [::]:11434 (version 0.5.12)"',
        'time=2025-03-03T06:01:47.214Z level=INFO source=gpu.go:217 msg="looking for compatible GPUs"',
        'time=2025-03-03T06:01:47.602Z level=INFO source=types.go:130 msg="inference compute" '
        "id=GPU-6a1f0c2e-2b8d-4f7a-9c1e-3d5b7f9a1c2e library=cuda variant=v12 compute=8.9 driver=12.4 "
        'name="NVIDIA L4" total="22.5 GiB" available="22.3 GiB"',
    )
    return CaseSpec(
        id="config-error-pod-ollama-post-start-hook-failed",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="PostStartHook failed",
        description="The server itself starts cleanly; the postStart hook the chart adds to pull models fails, "
        "and the kubelet kills the container each time (exit 137 from that kill, not from memory), so it "
        "crash-loops without an error of its own in the log.",
        objects=[p, *events],
        logs={f"{name}/ollama.previous": prev},
        captured=at(130),
        title="Ollama Helm chart pod in CrashLoopBackOff: FailedPostStartHook 'PostStartHook failed', then "
        "Killing, and no logs that explain it",
        source="https://github.com/otwld/ollama-helm/issues/152",
    )


@SCENARIOS.add
def config_error_pod_kserve_storage_initializer_no_credentials() -> CaseSpec:
    at = Clock(datetime(2024, 8, 13, 1, 0, tzinfo=timezone.utc))
    deployment, ns, host = "tf-test-predictor", "kserve-test", "worker-3"
    init = Container(
        "storage-initializer",
        "kserve/storage-initializer:v0.13.0",
        args=["s3://model/tensorflow/test", "/mnt/models"],
        resources={"limits": {"cpu": "1", "memory": "1Gi"}, "requests": {"cpu": "100m", "memory": "100Mi"}},
        mounts=[{"name": "kserve-provision-location", "mountPath": "/mnt/models"}],
        state=waiting(
            "CrashLoopBackOff",
            f"back-off 2m40s restarting failed container=storage-initializer pod={_rs_name(deployment, ns)}_{ns}",
        ),
        last=terminated(1, at(300), at(303)),
        restarts=5,
    )
    server = Container(
        "kserve-container",
        "tensorflow/serving:2.6.2",
        args=["--port=9000", "--rest_api_port=8080", "--model_name=tf-test", "--model_base_path=/mnt/models"],
        resources=cpu_only("2Gi", "1"),
        mounts=[{"name": "kserve-provision-location", "mountPath": "/mnt/models", "readOnly": True}],
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
        annotations={
            "internal.serving.kserve.io/storage-initializer-sourceuri": "s3://model/tensorflow/test",
            "serving.kserve.io/deploymentMode": "RawDeployment",
        },
        service_account="sa-minio",
        volumes=[{"name": "kserve-provision-location", "emptyDir": {}}],
    )
    name = p["metadata"]["name"]
    venv = "/prod_venv/lib/python3.9/site-packages"
    prev = text(
        "2024-08-13 01:05:01.899 1 kserve INFO [initializer-entrypoint:<module>():16] Initializing, args: src_uri "
        "[s3://model/tensorflow/test] dest_path[ [/mnt/models]",
        "2024-08-13 01:05:01.899 1 kserve INFO [storage.py:download():66] Copying contents of "
        "s3://model/tensorflow/test to local",
        "Traceback (most recent call last):",
        '  File "/storage-initializer/scripts/initializer-entrypoint", line 17, in <module>',
        "    Storage.download(src_uri, dest_path)",
        '  File "/kserve/kserve/storage/storage.py", line 86, in download',
        "    Storage._download_s3(uri, out_dir)",
        '  File "/kserve/kserve/storage/storage.py", line 225, in _download_s3',
        "    for obj in bucket.objects.filter(Prefix=bucket_path):",
        f'  File "{venv}/boto3/resources/collection.py", line 81, in __iter__',
        "    for page in self.pages():",
        f'  File "{venv}/boto3/resources/collection.py", line 171, in pages',
        "    for page in pages:",
        f'  File "{venv}/botocore/paginate.py", line 269, in __iter__',
        "    response = self._make_request(current_kwargs)",
        f'  File "{venv}/botocore/paginate.py", line 357, in _make_request',
        "    return self._method(**current_kwargs)",
        f'  File "{venv}/botocore/client.py", line 565, in _api_call',
        "    return self._make_api_call(operation_name, kwargs)",
        f'  File "{venv}/botocore/client.py", line 999, in _make_api_call',
        "    http, parsed_response = self._make_request(",
        f'  File "{venv}/botocore/auth.py", line 418, in add_auth',
        "    raise NoCredentialsError()",
        "botocore.exceptions.NoCredentialsError: Unable to locate credentials",
    )
    events = [
        _backoff(p, "storage-initializer", at, 60, 310, 9),
    ]
    return CaseSpec(
        id="config-error-pod-kserve-storage-initializer-no-credentials",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="Unable to locate credentials",
        description="KServe's storage-initializer finds no S3 credentials for the MinIO bucket (the service "
        "account's Secret is not wired to it), so the init container fails and the model server never starts.",
        objects=[p, *events],
        logs={f"{name}/storage-initializer.previous": prev},
        captured=at(330),
        title="KServe storage-initializer with MinIO S3 fails: botocore NoCredentialsError 'Unable to locate "
        "credentials'",
        source="https://github.com/kserve/kserve/issues/3852",
    )


# -- a server that stays up while its model does not load ------------------------------------------


def _torchserve_retries(first: datetime) -> list[tuple[str, int]]:
    """When TorchServe restarts a dead worker: after 1, 1, 2, 3, 5, 8, ... seconds (its back-off
    table), each time as ``(the frontend's time stamp to the second, the next delay)``."""
    delays = [1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610]
    out, t = [], first
    for d in delays:
        if t - first > timedelta(seconds=1480):
            break
        out.append((t.strftime("%Y-%m-%dT%H:%M:%S"), d))
        t += timedelta(seconds=d)
    return out


@SCENARIOS.add
def application_error_pod_torchserve_handler_parses_worker_args() -> CaseSpec:
    at = Clock(datetime(2024, 8, 23, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "torchserve-detector", "model-serving", "cpu-pool-4"
    c = Container(
        "torchserve",
        "pytorch/torchserve:0.11.1-cpu",
        command=[
            "torchserve",
            "--start",
            "--ncs",
            "--model-store",
            "/home/model-server/model-store",
            "--models",
            "detector=detector.mar",
            "--foreground",
        ],
        resources=cpu_only("8Gi", "4"),
        ports=[{"name": "inference", "containerPort": 8080, "protocol": "TCP"}],
        probes=_http_probe("/ping", 8080, kinds=("readinessProbe",), delay=30),
        state=running(at(5)),
        restarts=0,
        ready=False,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    w = "W-9000-detector_1.0"

    def attempt(t: str, retry: int) -> list[str]:
        return [
            f"{t},101 [DEBUG] {w} org.pytorch.serve.wlm.WorkerLifeCycle - Worker cmdline: [/usr/bin/python3, "
            "/home/venv/lib/python3.9/site-packages/ts/model_service_worker.py, --sock-type, unix, --sock-name, "
            "/home/model-server/tmp/.ts.sock.9000, --metrics-config, "
            "/home/venv/lib/python3.9/site-packages/ts/configs/metrics.yaml]",
            f"{t},745 [WARN ] {w}-stderr MODEL_LOG - usage: model_service_worker.py [-h] [--threshold THRESHOLD]",
            f"{t},745 [WARN ] {w}-stderr MODEL_LOG - model_service_worker.py: error: unrecognized arguments: "
            "--sock-type unix --sock-name /tmp/.ts.sock.9000",
            f"{t},745 [INFO ] epollEventLoopGroup-5-7 org.pytorch.serve.wlm.WorkerThread - 9000 Worker "
            "disconnected. WORKER_STARTED",
            f"{t},745 [DEBUG] {w} org.pytorch.serve.wlm.WorkerThread - System state is : WORKER_STARTED",
            f"{t},745 [DEBUG] {w} org.pytorch.serve.wlm.WorkerThread - Backend worker monitoring thread "
            "interrupted or backend worker process died.",
            "java.lang.InterruptedException",
            "        at java.base/java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.awaitNanos("
            "AbstractQueuedSynchronizer.java:1668)",
            "        at java.base/java.util.concurrent.ArrayBlockingQueue.poll(ArrayBlockingQueue.java:435)",
            "        at org.pytorch.serve.wlm.WorkerThread.run(WorkerThread.java:188)",
            "        at java.base/java.lang.Thread.run(Thread.java:831)",
            f"{t},746 [WARN ] {w} org.pytorch.serve.wlm.BatchAggregator - Load model failed: detector, error: "
            "Worker died.",
            f"{t},746 [INFO ] {w} org.pytorch.serve.wlm.WorkerThread - Retry worker: 9000 in {retry} seconds.",
        ]

    log = text(
        "2024-08-23T09:00:07,845 [INFO ] main org.pytorch.serve.servingsdk.impl.PluginsManager - Initializing "
        "plugins manager...",
        "2024-08-23T09:00:08,299 [INFO ] main org.pytorch.serve.ModelServer - ",
        "Torchserve version: 0.11.1",
        "TS Home: /home/venv/lib/python3.9/site-packages",
        "Model Store: /home/model-server/model-store",
        "Initial Models: detector=detector.mar",
        "2024-08-23T09:00:08,512 [INFO ] main org.pytorch.serve.wlm.ModelManager - Model detector loaded.",
        "2024-08-23T09:00:08,602 [INFO ] main org.pytorch.serve.ModelServer - Inference API bind to: "
        "http://0.0.0.0:8080",
        "Model server started.",
        *[line for t, retry in _torchserve_retries(at(9)) for line in attempt(t, retry)],
    )
    events = [
        event(
            p,
            "Unhealthy",
            "Readiness probe failed: HTTP probe failed with statuscode: 500",
            at(40),
            last=at(1490),
            count=146,
            host=host,
        )
    ]
    return CaseSpec(
        id="application-error-pod-torchserve-handler-parses-worker-args",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="application-error",
        culprit=name,
        evidence="unrecognized arguments: --sock-type unix",
        description="The model's custom handler builds an ArgumentParser and calls parse_args() on import, so it "
        "parses the TorchServe worker's own command line and exits; the frontend stays up, retries the worker "
        "and never gets a model loaded (parse_known_args, or no argparse in the handler, fixes it).",
        objects=[p, *events],
        logs={f"{name}/torchserve": log},
        captured=at(1500),
        title="Using argparse in a TorchServe custom handler raises 'model_service_worker.py: error: unrecognized "
        "arguments: --sock-type unix --sock-name /tmp/.ts.sock.9000' and the model never loads",
        source="https://github.com/pytorch/serve/issues/3299",
    )


# -- healthy traps ----------------------------------------------------------------------------------


@SCENARIOS.add
def healthy_pod_triton_restarted_while_loading_then_serving() -> CaseSpec:
    at = Clock(datetime(2024, 1, 8, 10, 0, tzinfo=timezone.utc))
    deployment, ns, host = "triton-llm", "inference", "gpu-t4x2-3"
    c = Container(
        "triton",
        "nvcr.io/nvidia/tritonserver:23.09-pyt-python-py3",
        command=["tritonserver", "--model-repository=/models", "--log-verbose=0"],
        resources=gpu(2, "32Gi", "8"),
        ports=[
            {"name": "http", "containerPort": 8000, "protocol": "TCP"},
            {"name": "grpc", "containerPort": 8001, "protocol": "TCP"},
            {"name": "metrics", "containerPort": 8002, "protocol": "TCP"},
        ],
        probes=_http_probe("/v2/health/ready", 8000, delay=120, period=10, failures=6),
        state=running(at(1010)),
        last=terminated(137, at(760), at(1004), reason="Error"),
        restarts=5,
        ready=True,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1), qos="Guaranteed")
    name = p["metadata"]["name"]
    events = [
        event(
            p,
            "Unhealthy",
            'Liveness probe failed: Get "http://10.244.31.17:8000/v2/health/ready": dial tcp 10.244.31.17:8000: '
            "connect: connection refused",
            at(180),
            last=at(1000),
            count=30,
            host=host,
        ),
        event(
            p,
            "Killing",
            "Container triton failed liveness probe, will be restarted",
            at(240),
            last=at(1002),
            count=5,
            type_="Normal",
            host=host,
        ),
    ]
    log = stamped(
        [
            "=============================",
            "== Triton Inference Server ==",
            "=============================",
            "NVIDIA Release 23.09 (build 69741826)",
            "Triton Server Version 2.38.0",
            "I0108 10:16:52.101243 1 pinned_memory_manager.cc:241] Pinned memory pool is created at "
            "'0x7f0c5c000000' with size 268435456",
            "I0108 10:16:52.104218 1 cuda_memory_manager.cc:107] CUDA memory pool is created on device 0 with size "
            "67108864",
            "I0108 10:16:52.104230 1 cuda_memory_manager.cc:107] CUDA memory pool is created on device 1 with size "
            "67108864",
            "I0108 10:16:52.661822 1 model_lifecycle.cc:462] loading: preprocess:1",
            "I0108 10:16:52.661901 1 model_lifecycle.cc:462] loading: llm:1",
            "I0108 10:16:53.902213 1 python_be.cc:2199] TRITONBACKEND_ModelInstanceInitialize: preprocess_0_0 "
            "(CPU device 0)",
            "I0108 10:16:54.310244 1 model_lifecycle.cc:819] successfully loaded 'preprocess'",
            "I0108 10:16:54.417720 1 python_be.cc:2199] TRITONBACKEND_ModelInstanceInitialize: llm_0_0 (GPU device 0)",
            "Loading checkpoint shards: 100%|##########| 2/2 [03:41<00:00, 110.52s/it]",
            "I0108 10:20:41.880315 1 model_lifecycle.cc:819] successfully loaded 'llm'",
            "I0108 10:20:41.880527 1 server.cc:604] ",
            "+------------+---------+--------+",
            "| Model      | Version | Status |",
            "+------------+---------+--------+",
            "| llm        | 1       | READY  |",
            "| preprocess | 1       | READY  |",
            "+------------+---------+--------+",
            "I0108 10:20:41.935101 1 grpc_server.cc:2451] Started GRPCInferenceService at 0.0.0.0:8001",
            "I0108 10:20:41.935393 1 http_server.cc:3558] Started HTTPService at 0.0.0.0:8000",
            "I0108 10:20:41.977051 1 http_server.cc:187] Started Metrics Service at 0.0.0.0:8002",
        ],
        at(1012),
        [0, 0, 0, 0.2, 0.1, 0.003, 0.001, 0.56, 0.0, 1.2, 0.4, 0.1, 227, 0.001, 0, 0, 0, 0, 0, 0, 0, 0.05, 0, 0.04],
    )
    return CaseSpec(
        id="healthy-pod-triton-restarted-while-loading-then-serving",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="While a 7B model loaded, the liveness probe killed Triton five times (exit 137, failed "
        "liveness probe); the sixth start got through, both models are READY and the pod has served, Ready, "
        "for over two hours. The restarts are history - a longer initialDelaySeconds or a startupProbe would "
        "avoid them.",
        objects=[p, *events],
        logs={f"{name}/triton": log},
        captured=at(9000),
        title="Triton keeps restarting during LLM model loading until it suddenly works",
        source="https://github.com/triton-inference-server/server/issues/6773",
    )


@SCENARIOS.add
def healthy_job_vllm_data_parallel_batch_teardown_noise() -> CaseSpec:
    at = Clock(datetime(2025, 5, 27, 22, 0, tzinfo=timezone.utc))
    name, ns, host = "batch-infer-dp8-0527", "offline-inference", "h100-node-12"
    ctr = Container(
        "infer",
        "registry.example.com/inference/vllm-batch:0.9.1-cu126",
        command=[
            "python",
            "/app/dp_generate.py",
            "--model",
            "/models/qwen2.5-7b-instruct",
            "--dp-size",
            "8",
            "--input",
            "/data/prompts.jsonl",
            "--output",
            "/data/out",
        ],
        resources=gpu(8, "600Gi", "96"),
    )
    job, p, pod_name = _succeeded_job(name, ns, at, ctr, (20, 7715), host)
    frames = [
        "frame #0: c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, std::char_traits<char>, "
        "std::allocator<char> >) + 0x98 (0x7f8c600f45e8 in /usr/local/lib/python3.12/site-packages/torch/lib/"
        "libc10.so)",
        "frame #1: <unknown function> + 0x5ba8afe (0x7f8c464deafe in /usr/local/lib/python3.12/site-packages/"
        "torch/lib/libtorch_cpu.so)",
        "frame #2: <unknown function> + 0x5baae40 (0x7f8c464e0e40 in /usr/local/lib/python3.12/site-packages/"
        "torch/lib/libtorch_cpu.so)",
        "frame #3: <unknown function> + 0x5bab74a (0x7f8c464e174a in /usr/local/lib/python3.12/site-packages/"
        "torch/lib/libtorch_cpu.so)",
        "frame #4: c10d::TCPStore::check(std::vector<std::__cxx11::basic_string<char, std::char_traits<char>, "
        "std::allocator<char> >, std::allocator<std::__cxx11::basic_string<char, std::char_traits<char>, "
        "std::allocator<char> > > > const&) + 0x2a9 (0x7f8c464db1a9 in /usr/local/lib/python3.12/site-packages/"
        "torch/lib/libtorch_cpu.so)",
        "frame #5: c10d::ProcessGroupNCCL::heartbeatMonitor() + 0x379 (0x7f8bf2099989 in /usr/local/lib/"
        "python3.12/site-packages/torch/lib/libtorch_cuda.so)",
    ]
    lines = [
        "INFO 05-27 22:00:31 [__init__.py:243] Automatically detected platform cuda.",
        "huggingface/tokenizers: The current process just got forked, after parallelism has already been used. "
        "Disabling parallelism to avoid deadlocks...",
        "To disable this warning, you can either:",
        "\t- Avoid using `tokenizers` before the fork if possible",
        "\t- Explicitly set the environment variable TOKENIZERS_PARALLELISM=(true | false)",
        *[
            f"(DP rank {r}) INFO 05-27 22:01:40 [gpu_model_runner.py:1531] Model loading took 14.2488 GiB and "
            "41.08 seconds"
            for r in range(8)
        ],
        *[f"(DP rank 0) Processed prompts:  {i * 10}%|{'#' * i}| {i * 2500}/25000" for i in range(1, 11)],
        *[f"(DP rank {r}) wrote /data/out/part-{r:05d}.jsonl (25000 rows)" for r in range(8)],
        "[rank0]:[W528 00:08:14.912360481 ProcessGroupNCCL.cpp:1476] Warning: WARNING: destroy_process_group() "
        "was not called before program exit, which can leak resources. For more info, please see "
        "https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())",
        "[rank7]:[W528 00:08:15.330160171 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=190, "
        "addr=[localhost]:60524, remote=[localhost]:44431): failed to recv, got 0 bytes",
        "Exception raised from recvBytes at /pytorch/torch/csrc/distributed/c10d/Utils.hpp:678 (most recent call "
        "first):",
        *frames,
        "",
        "[rank7]:[W528 00:08:15.333902114 ProcessGroupNCCL.cpp:1659] [PG ID 0 PG GUID 0 Rank 7] Failed to check "
        'the "should dump" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: failed '
        "to recv, got 0 bytes",
        "all 8 data-parallel ranks finished: 200000 prompts, 0 failed",
    ]
    log = stamped(
        lines, at(21), [9, 0, 0, 0, 60, *([0.2] * 7), *([760] * 10), *([0.3] * 8), 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.5]
    )
    return CaseSpec(
        id="healthy-job-vllm-data-parallel-batch-teardown-noise",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="all 8 data-parallel ranks finished",
        description="An offline data-parallel vLLM run finished every prompt and exited 0; the TCPStore recv "
        "failures, C++ frames and the destroy_process_group() warning are printed while the engines shut down "
        "after the work is written, and mean nothing for the result.",
        objects=[job, p],
        logs={f"{pod_name}/infer": log},
        captured=at(7800),
        title="Data-parallel vLLM inference ends with TCPStore 'recvValue failed ... failed to recv, got 0 bytes' "
        "and destroy_process_group() warnings after all engines finished",
        source="https://github.com/vllm-project/vllm/issues/1237",
    )


@SCENARIOS.add
def dependency_error_pod_triton_trtllm_engine_version_tag() -> CaseSpec:
    at = Clock(datetime(2023, 12, 6, 3, 0, tzinfo=timezone.utc))
    deployment, ns, host = "triton-trtllm-bloom", "llm-serving", "a100-serve-2"
    c = Container(
        "triton",
        "nvcr.io/nvidia/tritonserver:23.10-trtllm-python-py3",
        command=[
            "tritonserver",
            "--model-repository=/tensorrtllm_backend/triton_model_repo",
            "--disable-auto-complete-config",
            "--backend-config=python,shm-region-prefix-name=prefix0_",
        ],
        resources=gpu(1, "64Gi", "8"),
        mounts=[{"name": "engines", "mountPath": "/tensorrtllm_backend", "readOnly": True}],
        state=_crash_loop("triton", _rs_name(deployment, ns), ns),
        last=terminated(1, at(1210), at(1262)),
        restarts=7,
    )
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        qos="Guaranteed",
        volumes=[{"name": "engines", "persistentVolumeClaim": {"claimName": "trtllm-engines", "readOnly": True}}],
    )
    name = p["metadata"]["name"]
    prev = text(
        "I1206 03:20:11.402118 1 pinned_memory_manager.cc:241] Pinned memory pool is created at '0x7f6b8a000000' "
        "with size 268435456",
        "I1206 03:20:11.404771 1 cuda_memory_manager.cc:107] CUDA memory pool is created on device 0 with size "
        "67108864",
        "I1206 03:20:11.720113 1 model_lifecycle.cc:461] loading: preprocessing:1",
        "I1206 03:20:11.720190 1 model_lifecycle.cc:461] loading: postprocessing:1",
        "I1206 03:20:11.720251 1 model_lifecycle.cc:461] loading: tensorrt_llm:1",
        "[TensorRT-LLM][WARNING] max_tokens_in_paged_kv_cache is not specified, will use default value",
        "[TensorRT-LLM][WARNING] batch_scheduler_policy parameter was not found or is invalid (must be "
        "max_utilization or guaranteed_no_evict)",
        "[TensorRT-LLM][INFO] Initializing MPI with thread mode 1",
        "[TensorRT-LLM][INFO] MPI size: 1, rank: 0",
        "I1206 03:20:12.391044 1 python_be.cc:2199] TRITONBACKEND_ModelInstanceInitialize: preprocessing_0_0 (CPU "
        "device 0)",
        "I1206 03:20:12.391602 1 python_be.cc:2199] TRITONBACKEND_ModelInstanceInitialize: postprocessing_0_0 (CPU "
        "device 0)",
        "I1206 03:20:13.102775 1 model_lifecycle.cc:818] successfully loaded 'preprocessing'",
        "I1206 03:20:13.166309 1 model_lifecycle.cc:818] successfully loaded 'postprocessing'",
        "[TensorRT-LLM][INFO] Loaded engine size: 6718 MiB",
        "[TensorRT-LLM][ERROR] 1: [stdArchiveReader.cpp::stdArchiveReaderInitCommon::47] Error Code 1: "
        "Serialization (Serialization assertion stdVersionRead == kSERIALIZATION_VERSION failed.Version tag does "
        "not match. Note: Current Version: 226, Serialized Engine Version: 228)",
        "E1206 03:20:58.551904 1 backend_model.cc:634] ERROR: Failed to create instance: unexpected error when "
        "creating modelInstanceState: [TensorRT-LLM][ERROR] Assertion failed: Failed to deserialize cuda engine "
        "(/tmp/tritonbuild/tensorrtllm/tensorrt_llm/cpp/tensorrt_llm/runtime/tllmRuntime.cpp:72)",
        "E1206 03:20:58.552011 1 model_lifecycle.cc:621] failed to load 'tensorrt_llm' version 1: Internal: "
        "unexpected error when creating modelInstanceState: [TensorRT-LLM][ERROR] Assertion failed: Failed to "
        "deserialize cuda engine (/tmp/tritonbuild/tensorrtllm/tensorrt_llm/cpp/tensorrt_llm/runtime/"
        "tllmRuntime.cpp:72)",
        "I1206 03:20:58.552047 1 model_lifecycle.cc:756] failed to load 'tensorrt_llm'",
        "E1206 03:20:58.552224 1 model_repository_manager.cc:563] Invalid argument: ensemble 'ensemble' depends "
        "on 'tensorrt_llm' which has no loaded version. Model 'tensorrt_llm' loading failed with error: version "
        "1 is at UNAVAILABLE state: Internal: unexpected error when creating modelInstanceState: "
        "[TensorRT-LLM][ERROR] Assertion failed: Failed to deserialize cuda engine",
        "I1206 03:20:58.552376 1 server.cc:592] ",
        "+----------------+---------+--------------------------------------------------------------------------+",
        "| Model          | Version | Status                                                                   |",
        "+----------------+---------+--------------------------------------------------------------------------+",
        "| postprocessing | 1       | READY                                                                    |",
        "| preprocessing  | 1       | READY                                                                    |",
        "| tensorrt_llm   | 1       | UNAVAILABLE: Internal: unexpected error when creating modelInstanceState |",
        "+----------------+---------+--------------------------------------------------------------------------+",
        "I1206 03:20:58.601773 1 server.cc:292] Waiting for in-flight requests to complete.",
        "I1206 03:20:58.601799 1 server.cc:308] Timeout 30: Found 0 model versions that have in-flight inferences",
        "I1206 03:20:58.602712 1 server.cc:323] All models are stopped, unloading models",
        "I1206 03:21:00.611240 1 server.cc:338] Timeout 28: Found 0 live models and 0 in-flight non-inference requests",
        "error: creating server: Internal - failed to load all models",
    )
    return CaseSpec(
        id="dependency-error-pod-triton-trtllm-engine-version-tag",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="dependency-error",
        culprit=name,
        evidence="Version tag does not match",
        description="The TensorRT-LLM engine on the volume was built with a newer TensorRT (engine version 228) "
        "than the one inside the Triton 23.10 image (226); the engine cannot be deserialized, the model stays "
        "UNAVAILABLE and Triton exits because not all models loaded.",
        objects=[p, _backoff(p, "triton", at, 200, 1265, 21)],
        logs={f"{name}/triton.previous": prev},
        captured=at(1290),
        title="Triton 23.10-trtllm cannot load a TensorRT-LLM engine: Serialization assertion stdVersionRead == "
        "kSERIALIZATION_VERSION failed. Version tag does not match (Current Version: 226, Serialized Engine "
        "Version: 228)",
        source="https://github.com/triton-inference-server/tensorrtllm_backend/issues/190",
    )
