"""Cases built from real public failure reports - what a container runs into inside its pod:
memory limits, /dev/shm, disk and ephemeral storage, a spec the kubelet cannot start, and
access refused (file permissions, read-only file systems, RBAC from inside the pod).

Each keeps the lines people pasted verbatim (names neutralised) and says where they came
from: ``title`` (what happened) and ``source`` (the thread) go into expected.yaml. Where a
thread pasted only the decisive lines, the rest of the snapshot (object shapes, start-up
lines a server always prints) is what Kubernetes and the tool write in that situation.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    Scenarios,
    backoff_conditions,
    batch_job,
    cpu_only,
    event,
    failed_job,
    gpu,
    job_pod,
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
from tests.cases.scenarios_ecosystems import _kuberay, _ray_cluster_name, _submitter
from tests.cases.scenarios_real_platform import _backoff, _crash_loop, _http_probe, _rs_name, _rs_pod, _sts_pod

SCENARIOS = Scenarios()


def _job_case(
    *,
    id: str,
    name: str,
    ns: str,
    at: Clock,
    ctr: Container,
    exit_code: int,
    ran: tuple[float, float],
    log: str,
    category: str,
    evidence: str,
    description: str,
    title: str,
    source: str,
    captured: float,
    node_name: str = "gpu-node-11",
    extra: tuple[Obj, ...] = (),
) -> CaseSpec:
    """A batch Job whose one pod failed and left one log: the pod is the culprit."""
    job, p = failed_job(name=name, namespace=ns, at=at, container=ctr, exit_code=exit_code, ran=ran, node=node_name)
    pod_name = p["metadata"]["name"]
    return CaseSpec(
        id=id,
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category=category,
        culprit=pod_name,
        evidence=evidence,
        description=description,
        title=title,
        source=source,
        objects=[job, p, *extra],
        logs={f"{pod_name}/{ctr.name}": log},
        captured=at(captured),
    )


# -- permission denied ---------------------------------------------------------------------------


@SCENARIOS.add
def permission_denied_pod_vllm_openshift_config_and_triton_dirs() -> CaseSpec:
    at = Clock(datetime(2026, 5, 7, 14, 0, tzinfo=timezone.utc))
    deployment, ns, host = "optimized-baseline-decode", "llm-serving", "worker-gpu-3"
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.19.1",
        args=["--model", "Qwen/Qwen3-8B", "--port", "8000", "--tensor-parallel-size", "1"],
        resources=gpu(1, "64Gi", "8"),
        mounts=[{"name": "torch-compile-cache", "mountPath": "/.cache"}],
        probes=_http_probe("/health", 8000, kinds=("startupProbe",), period=30, failures=60),
        state=_crash_loop("vllm", _rs_name(deployment, ns), ns),
        last=terminated(1, at(610), at(702)),
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
        volumes=[{"name": "torch-compile-cache", "emptyDir": {}}],
    )
    name = p["metadata"]["name"]
    prev = text(
        "INFO 05-07 14:10:11 [__init__.py:239] Automatically detected platform cuda.",
        "INFO 05-07 14:10:14 [api_server.py:1043] vLLM API server version 0.19.1",
        "INFO 05-07 14:10:26 [config.py:717] This model supports multiple tasks: {'generate'}. Defaulting to "
        "'generate'.",
        "INFO 05-07 14:10:31 [core.py:58] Initializing a V1 LLM engine (v0.19.1) with config: model='Qwen/Qwen3-8B'",
        "(EngineCore pid=84) INFO 05-07 14:10:44 [gpu_model_runner.py:1329] Model loading took 15.27 GiB and "
        "11.402 seconds",
        "(EngineCore pid=84) WARNING 05-07 14:10:45 [usage_lib.py:200] Failed to write usage stats",
        "(EngineCore pid=84) PermissionError: [Errno 13] Permission denied: '/.config'",
        "(EngineCore pid=84) INFO 05-07 14:10:51 [backends.py:430] Using cache directory: "
        "/.cache/vllm/torch_compile_cache/2d4e1c0a9b for vLLM's torch.compile",
        "(EngineCore pid=84) ERROR 05-07 14:11:41 [core.py:396] EngineCore failed to start.",
        "(EngineCore pid=84) ERROR 05-07 14:11:41 [core.py:396] Traceback (most recent call last):",
        "(EngineCore pid=84) ERROR 05-07 14:11:41 [core.py:396]   File "
        '"/usr/local/lib/python3.12/dist-packages/vllm/v1/engine/core.py", line 387, in run_engine_core',
        "(EngineCore pid=84) ERROR 05-07 14:11:41 [core.py:396]     engine_core = EngineCoreProc(*args, **kwargs)",
        "(EngineCore pid=84) torch._inductor.exc.InductorError: PermissionError: [Errno 13] Permission denied: "
        "'/.triton'",
        "(EngineCore pid=84) ERROR 05-07 14:11:41 [core.py:396] EngineCore failed to start.",
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/vllm", line 10, in <module>',
        "    sys.exit(main())",
        "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}",
    )
    events = [_backoff(p, "vllm", at, 710, 1790, 14)]
    return CaseSpec(
        id="permission-denied-pod-vllm-openshift-config-and-triton-dirs",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=name,
        evidence="Permission denied: '/.triton'",
        description="Under OpenShift's restricted SCC the server runs as an arbitrary UID with HOME=/, so vLLM's "
        "usage-stats dir /.config and Triton's compiler cache /.triton cannot be created; the Triton one is "
        "fatal and the engine core never starts.",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(1800),
        title="vLLM model server crash-loops on OpenShift: PermissionError: [Errno 13] Permission denied: "
        "'/.config' and InductorError: ... Permission denied: '/.triton', Engine core initialization failed",
        source="https://github.com/llm-d/llm-d/issues/1430",
    )


@SCENARIOS.add
def permission_denied_pod_vllm_model_cache_pvc_mounted_read_only() -> CaseSpec:
    at = Clock(datetime(2026, 3, 18, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "llama-8b-decode", "inference", "xpu-node-1"
    c = Container(
        "vllm",
        "ghcr.io/llm-d/llm-d-xpu:v0.5.1",
        args=["vllm", "serve", "meta-llama/Llama-3.1-8B-Instruct", "--port", "8000"],
        env=[{"name": "HF_HUB_CACHE", "value": "/model-cache"}, {"name": "HF_HUB_OFFLINE", "value": "1"}],
        resources={"limits": {"cpu": "16", "memory": "64Gi", "gpu.intel.com/i915": "1"}},
        mounts=[{"name": "model-storage", "mountPath": "/model-cache", "readOnly": True}],
        state=_crash_loop("vllm", _rs_name(deployment, ns), ns),
        last=terminated(1, at(400), at(431)),
        restarts=4,
    )
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        volumes=[{"name": "model-storage", "persistentVolumeClaim": {"claimName": "model-pvc", "readOnly": True}}],
    )
    name = p["metadata"]["name"]
    prev = text(
        "INFO 03-18 09:06:42 [__init__.py:243] Automatically detected platform xpu.",
        "INFO 03-18 09:06:45 [api_server.py:1289] vLLM API server version 0.9.1",
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/vllm", line 8, in <module>',
        "    sys.exit(main())",
        '  File "/usr/local/lib/python3.12/dist-packages/huggingface_hub/file_download.py", line 1008, in '
        "_hf_hub_download_to_cache_dir",
        "    os.makedirs(os.path.dirname(blob_path), exist_ok=True)",
        '  File "<frozen os>", line 215, in makedirs',
        '  File "<frozen os>", line 225, in makedirs',
        "OSError: [Errno 30] Read-only file system: '/model-cache/models--meta-llama--Llama-3.1-8B-Instruct'",
    )
    events = [_backoff(p, "vllm", at, 120, 560, 9)]
    return CaseSpec(
        id="permission-denied-pod-vllm-model-cache-pvc-mounted-read-only",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=name,
        evidence="Read-only file system: '/model-cache/",
        description="The chart mounts the model PVC read-only, but the Hugging Face cache layout needs to write "
        "lock files and metadata beside the weights; the server dies at start and crash-loops.",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(600),
        title="vLLM with a PVC-backed Hugging Face cache fails: OSError: [Errno 30] Read-only file system: "
        "'/model-cache/models--meta-llama--Llama-3.1-8B-Instruct' - the chart hardcodes readOnly: true",
        source="https://github.com/llm-d-incubation/llm-d-modelservice/issues/243",
    )


# -- shared memory ---------------------------------------------------------------------------------


@SCENARIOS.add
def shm_exhausted_pod_ray_head_object_store_exceeds_dev_shm() -> CaseSpec:
    at = Clock(datetime(2026, 3, 22, 6, 0, tzinfo=timezone.utc))
    ns, host = "ray-system", "cpu-node-4"
    cluster = "raycluster-batch"
    c = Container(
        "ray-head",
        "rayproject/ray:1.11.0",
        command=["/bin/bash", "-lc", "--"],
        args=[
            "ulimit -n 65536; ray start --head --dashboard-host=0.0.0.0 --object-store-memory=10240000000 "
            "--block --num-cpus=1 --memory=8000000000"
        ],
        resources={"limits": {"cpu": "1", "memory": "12G"}, "requests": {"cpu": "500m", "memory": "8G"}},
        mounts=[{"name": "shared-mem", "mountPath": "/dev/shm"}],
        state=_crash_loop("ray-head", f"{cluster}-head-x7k2p", ns),
        last=terminated(1, at(380), at(384)),
        restarts=5,
    )
    p = pod(
        name=f"{cluster}-head-x7k2p",
        namespace=ns,
        labels={
            "ray.io/cluster": cluster,
            "ray.io/node-type": "head",
            "ray.io/group": "headgroup",
            "ray.io/is-ray-node": "yes",
            "app.kubernetes.io/created-by": "kuberay-operator",
        },
        owner={
            "apiVersion": "ray.io/v1alpha1",
            "kind": "RayCluster",
            "name": cluster,
            "uid": uid(ns, "RayCluster", cluster),
            "controller": True,
            "blockOwnerDeletion": True,
        },
        containers=[c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        restart_policy="Always",
        qos="Burstable",
        volumes=[{"name": "shared-mem", "emptyDir": {"medium": "Memory", "sizeLimit": "8G"}}],
    )
    name = p["metadata"]["name"]
    prev = text(
        "Usage stats collection will be enabled by default in the next release. See "
        "https://github.com/ray-project/ray/issues/20857 for more details.",
        "Traceback (most recent call last):",
        '  File "/home/ray/anaconda3/bin/ray", line 8, in <module>',
        "    sys.exit(main())",
        '  File "/home/ray/anaconda3/lib/python3.7/site-packages/ray/scripts/scripts.py", line 2269, in main',
        "    return cli()",
        '  File "/home/ray/anaconda3/lib/python3.7/site-packages/ray/scripts/scripts.py", line 633, in start',
        "    ray_params, head=True, shutdown_at_exit=block, spawn_reaper=block)",
        '  File "/home/ray/anaconda3/lib/python3.7/site-packages/ray/node.py", line 276, in __init__',
        "    self.start_ray_processes()",
        '  File "/home/ray/anaconda3/lib/python3.7/site-packages/ray/node.py", line 1114, in start_ray_processes',
        "    huge_pages=self._ray_params.huge_pages,",
        '  File "/home/ray/anaconda3/lib/python3.7/site-packages/ray/_private/services.py", line 1896, in '
        "determine_plasma_store_config",
        "    raise ValueError(",
        "ValueError: The configured object store size (10.24 GB) exceeds /dev/shm size (8.0 GB). This will harm "
        "performance. Consider deleting files in /dev/shm or increasing its size with --shm-size in Docker. To "
        "ignore this warning, set RAY_OBJECT_STORE_ALLOW_SLOW_STORAGE=1.",
    )
    events = [_backoff(p, "ray-head", at, 60, 590, 11)]
    return CaseSpec(
        id="shm-exhausted-pod-ray-head-object-store-exceeds-dev-shm",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="shm-exhausted",
        culprit=name,
        evidence="exceeds /dev/shm size",
        description="The operator sizes the head pod's /dev/shm from the memory request (8G), smaller than the "
        "object store the head is started with (10.24 GB); ray start refuses to run and the head crash-loops.",
        objects=[p, *events],
        logs={f"{name}/ray-head.previous": prev},
        captured=at(600),
        title="KubeRay head fails to start: ValueError: The configured object store size (10.24 GB) exceeds "
        "/dev/shm size (8.0 GB) when requests and limits differ",
        source="https://github.com/ray-project/kuberay/issues/201",
    )


@SCENARIOS.add
def healthy_pod_vllm_ray_object_store_falls_back_to_tmp() -> CaseSpec:
    at = Clock(datetime(2025, 1, 14, 3, 0, tzinfo=timezone.utc))
    ns, host = "llmaz-system", "gpu-node-8"
    c = Container(
        "model-runner",
        "vllm/vllm-openai:v0.6.4",
        args=[
            "--model",
            "/workspace/models/models--Qwen--Qwen2-0.5B-Instruct",
            "--port",
            "8080",
            "--tensor-parallel-size",
            "1",
            "--pipeline-parallel-size",
            "2",
            "--distributed-executor-backend",
            "ray",
        ],
        resources=gpu(1, "32Gi", "8"),
        state=running(at(40)),
        ready=True,
    )
    sts = "qwen2-0--5b-lws"
    p = pod(
        name=f"{sts}-0",
        namespace=ns,
        labels={
            "leaderworkerset.sigs.k8s.io/name": sts,
            "leaderworkerset.sigs.k8s.io/worker-index": "0",
            "statefulset.kubernetes.io/pod-name": f"{sts}-0",
        },
        owner={
            "apiVersion": "apps/v1",
            "kind": "StatefulSet",
            "name": sts,
            "uid": uid(ns, "StatefulSet", sts),
            "controller": True,
            "blockOwnerDeletion": True,
        },
        containers=[c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        restart_policy="Always",
    )
    name = p["metadata"]["name"]
    log = stamped(
        [
            "2025-01-14 03:00:41,902\tINFO usage_lib.py:441 -- Usage stats collection is enabled by default without "
            "user confirmation because this terminal is detected to be non-interactive.",
            "2025-01-14 03:00:41,903\tINFO scripts.py:767 -- Local node IP: 10.244.3.17",
            "2025-01-14 03:08:29,081\tWARNING services.py:2022 -- WARNING: The object store is using /tmp instead of "
            "/dev/shm because /dev/shm has only 67108864 bytes available. This will harm performance! You may be "
            "able to free up space by deleting files in /dev/shm. If you are inside a Docker container, you can "
            "increase /dev/shm size by passing '--shm-size=5.04gb' to 'docker run' (or add it to the run_options "
            "list in a Ray cluster config). Make sure to set this to more than 30% of available RAM.",
            "2025-01-14 03:08:29,205\tINFO worker.py:1821 -- Started a local Ray instance.",
            "INFO 01-14 03:08:33 ray_gpu_executor.py:135 -- use_ray_spmd_worker: False",
            "INFO 01-14 03:09:12 model_runner.py:1077] Loading model weights took 0.4701 GB",
            "INFO 01-14 03:09:20 distributed_gpu_executor.py:57] # GPU blocks: 72013, # CPU blocks: 10922",
            "INFO 01-14 03:09:24 api_server.py:578] vLLM API server version 0.6.4",
            "INFO:     Started server process [1]",
            "INFO:     Waiting for application startup.",
            "INFO:     Application startup complete.",
            "INFO:     Uvicorn running on http://0.0.0.0:8080 (Press CTRL+C to quit)",
            'INFO:     10.244.1.9:51204 - "GET /health HTTP/1.1" 200 OK',
            'INFO:     10.244.1.9:51230 - "POST /v1/chat/completions HTTP/1.1" 200 OK',
            "INFO 01-14 03:12:40 metrics.py:449] Avg prompt throughput: 3.1 tokens/s, Avg generation throughput: "
            "24.8 tokens/s, Running: 0 reqs, Swapped: 0 reqs, Pending: 0 reqs, GPU KV cache usage: 0.0%, CPU KV "
            "cache usage: 0.0%.",
        ],
        at(41),
        [1.0, 1.0, 467.0, 0.2, 4.0, 39.0, 8.0, 4.0, 0.1, 0.1, 0.1, 0.1, 20.0, 60.0, 100.0],
    )
    return CaseSpec(
        id="healthy-pod-vllm-ray-object-store-falls-back-to-tmp",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="Ray, started by vLLM for multi-host serving, warns that the object store falls back to /tmp "
        "because /dev/shm is the default 64 MiB. That is a performance warning, not a failure: the server "
        "started and answers requests.",
        objects=[p],
        logs={f"{name}/model-runner": log},
        captured=at(800),
        title="Serving with Ray on Kubernetes warns 'The object store is using /tmp instead of /dev/shm because "
        "/dev/shm has only 67108864 bytes available' - the server runs",
        source="https://github.com/InftyAI/llmaz/issues/238",
    )


# -- disk ----------------------------------------------------------------------------------------


@SCENARIOS.add
def disk_full_job_datasets_not_enough_disk_space_for_download() -> CaseSpec:
    at = Clock(datetime(2026, 4, 2, 11, 0, tzinfo=timezone.utc))
    ctr = Container(
        "prepare",
        "registry.corp.example/nlp/qa-prep:1.9.0",
        command=["python", "prepare_nq.py", "--dataset_cache_dir", "/mnt/data/hf-cache"],
        resources=cpu_only("32Gi", "8"),
        mounts=[{"name": "data", "mountPath": "/mnt/data"}],
    )
    log = text(
        "Downloading and preparing dataset natural_questions/default (download: 41.97 GiB, generated: 92.95 GiB, "
        "post-processed: Unknown size, total: 134.92 GiB) to /mnt/data/hf-cache/natural_questions/default/0.0.2/"
        "867dbbaf9137c1b8",
        "Traceback (most recent call last):",
        '  File "prepare_nq.py", line 61, in <module>',
        '    dataset = load_dataset("natural_questions", download_config=dataset_config)',
        '  File "/usr/local/lib/python3.8/dist-packages/datasets/load.py", line 852, in load_dataset',
        "    builder_instance.download_and_prepare(",
        '  File "/usr/local/lib/python3.8/dist-packages/datasets/builder.py", line 561, in download_and_prepare',
        "    raise OSError(",
        "OSError: Not enough disk space. Needed: 134.92 GiB (download: 41.97 GiB, generated: 92.95 GiB, "
        "post-processed: Unknown size)",
    )
    return _job_case(
        id="disk-full-job-datasets-not-enough-disk-space-for-download",
        name="nq-prepare",
        ns="nlp-data",
        at=at,
        ctr=ctr,
        exit_code=1,
        ran=(5, 19),
        log=log,
        category="disk-full",
        evidence="Not enough disk space. Needed: 134.92 GiB",
        description="datasets checks the free space before it downloads and prepares a dataset; the volume "
        "under the cache has less than the 135 GiB it needs, so it refuses with OSError before writing.",
        title="load_dataset('natural_questions') fails: OSError: Not enough disk space. Needed: 134.92 GiB "
        "(download: 41.97 GiB, generated: 92.95 GiB, post-processed: Unknown size)",
        source="https://github.com/huggingface/datasets/issues/2972",
        captured=200,
        node_name="cpu-node-02",
    )


@SCENARIOS.add
def disk_full_job_swift_dataset_map_cache_no_space() -> CaseSpec:
    at = Clock(datetime(2025, 3, 18, 2, 0, tzinfo=timezone.utc))
    ctr = Container(
        "sft",
        "registry.corp.example/llm/ms-swift:3.0.3",
        command=[
            "swift",
            "sft",
            "--model",
            "Qwen/Qwen2.5-3B-Instruct",
            "--dataset",
            "/data/train.jsonl",
            "--train_type",
            "full",
            "--deepspeed",
            "zero2",
        ],
        resources=gpu(8, "512Gi", "64"),
    )
    frames = [
        "[rank4]: Traceback (most recent call last):",
        '[rank4]:   File "/workdir/conda_envs/swift_conda_env/lib/python3.10/site-packages/swift/cli/sft.py", line 5, '
        "in <module>",
        "[rank4]:     sft_main()",
        '[rank4]:   File "/workdir/conda_envs/swift_conda_env/lib/python3.10/site-packages/datasets/arrow_dataset.py", '
        "line 3546, in _map_single",
        "[rank4]:     writer.write(example)",
        '[rank4]:   File "/workdir/conda_envs/swift_conda_env/lib/python3.10/site-packages/datasets/arrow_writer.py", '
        "line 575, in write_table",
        "[rank4]:     self.pa_writer.write_table(pa_table, writer_batch_size)",
        '[rank4]:   File "pyarrow/ipc.pxi", line 529, in pyarrow.lib._CRecordBatchWriter.write_table',
        '[rank4]:   File "pyarrow/error.pxi", line 89, in pyarrow.lib.check_status',
        '[rank4]:   File "/workdir/conda_envs/swift_conda_env/lib/python3.10/site-packages/fsspec/implementations/'
        'local.py", line 426, in write',
        "[rank4]:     return self.f.write(*args, **kwargs)",
        "[rank4]: OSError: [Errno 28] No space left on device",
    ]
    log = text(
        "[INFO:swift] Start time of running main: 2025-03-18 02:01:12.441236",
        "[INFO:swift] Downloading the dataset from ModelScope, dataset_id: /data/train.jsonl",
        "Map (num_proc=8):  61%|██████    | 5501120/9000000 [41:07<26:09, 2229.71 examples/s]",
        *frames,
        "W0318 02:43:02.118000 1 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 212 closing "
        "signal SIGTERM",
        "E0318 02:43:03.520000 1 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) "
        "local_rank: 4 (pid: 216) of binary: /workdir/conda_envs/swift_conda_env/bin/python",
    )
    return _job_case(
        id="disk-full-job-swift-dataset-map-cache-no-space",
        name="qwen25-3b-sft",
        ns="llm-finetune",
        at=at,
        ctr=ctr,
        exit_code=1,
        ran=(10, 2584),
        log=log,
        category="disk-full",
        evidence="No space left on device",
        description="Preprocessing nine million examples writes the mapped dataset as Arrow files into the "
        "cache under /root/.cache on the container's small root disk; it fills and the write fails on rank 4.",
        title="ms-swift SFT on 9M local examples fails during dataset map: [rank4]: OSError: [Errno 28] No space "
        "left on device (pyarrow write_table) - the cache under /root/.cache is on the small system disk",
        source="https://github.com/modelscope/ms-swift/issues/3551",
        captured=2700,
    )


# -- spec the kubelet cannot start ----------------------------------------------------------------


@SCENARIOS.add
def config_error_pod_args_replace_cmd_exec_dash_c_not_found() -> CaseSpec:
    at = Clock(datetime(2025, 7, 11, 10, 0, tzinfo=timezone.utc))
    deployment, ns, host = "lightspeed-core", "llm", "gpu1"
    msg = (
        "failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create "
        'failed: unable to start container process: error during container init: exec: "-c": executable file '
        "not found in $PATH: unknown"
    )
    c = Container(
        "lightspeed-core",
        "quay.io/lightspeed-core/lightspeed-stack:dev-20250708-8e24e8b",
        args=["-c", "/app-config/lightspeed-stack.yaml"],
        ports=[{"containerPort": 8080, "protocol": "TCP"}],
        resources=cpu_only("1Gi", "500m"),
        state=waiting("RunContainerError", msg),
        last=terminated(128, at(9), at(9), reason="StartError", message=msg),
        restarts=1,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(0))
    name = p["metadata"]["name"]
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
            'Container image "quay.io/lightspeed-core/lightspeed-stack:dev-20250708-8e24e8b" '
            "already present on machine",
            at(2),
            last=at(9),
            count=2,
            type_="Normal",
            host=host,
        ),
        event(
            p, "Created", "Created container: lightspeed-core", at(2), last=at(9), count=2, type_="Normal", host=host
        ),
        event(p, "Failed", f"Error: {msg}", at(3), last=at(9), count=2, host=host),
        _backoff(p, "lightspeed-core", at, 10, 11, 2),
    ]
    return CaseSpec(
        id="config-error-pod-args-replace-cmd-exec-dash-c-not-found",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence='exec: "-c": executable file not found in $PATH',
        description="The Deployment gives only args; the image has a CMD and no ENTRYPOINT, so the args replace "
        "the CMD and the runtime tries to execute '-c' as the program. The container cannot start.",
        objects=[p, *events],
        captured=at(12),
        title='lightspeed-stack on Kubernetes: Last State Terminated, Reason StartError, exec: "-c": executable '
        "file not found in $PATH, Exit Code 128 - args override the image's CMD",
        source="https://github.com/lightspeed-core/lightspeed-stack/issues/226",
    )


@SCENARIOS.add
def config_error_job_integration_tests_configmap_not_found() -> CaseSpec:
    at = Clock(datetime(2022, 6, 20, 9, 0, tzinfo=timezone.utc))
    name, ns, host = "integration-tests-prod", "thoth-test-core", "worker-5"
    tmpl = Container(
        "integration-tests",
        "quay.io/thoth-station/thoth-application-integration-tests:v0.9.2",
        command=["/bin/bash", "-c", "behave --format pretty"],
        env=[
            {
                "name": "THOTH_DEPLOYMENT_NAME",
                "valueFrom": {"configMapKeyRef": {"name": "thoth", "key": "deployment-name"}},
            },
        ],
        resources=cpu_only("1Gi", "1"),
    )
    job = batch_job(name=name, namespace=ns, created=at(0), container=tmpl, active=1, start=at(1), conditions=[])
    main = Container(
        tmpl.name,
        tmpl.image,
        command=tmpl.command,
        env=tmpl.env,
        resources=tmpl.resources,
        state=waiting("CreateContainerConfigError", 'configmap "thoth" not found'),
    )
    p = job_pod(job, [main], created=at(1), phase="Pending", node=host, scheduled=at(2))
    pname = p["metadata"]["name"]
    events = [
        event(job, "SuccessfulCreate", f"Created pod: {pname}", at(1), type_="Normal", component="job-controller"),
        event(
            p,
            "Pulled",
            f'Container image "{tmpl.image}" already present on machine',
            at(5),
            last=at(1180),
            count=98,
            type_="Normal",
            host=host,
        ),
        event(p, "Failed", 'Error: configmap "thoth" not found', at(5), last=at(1180), count=98, host=host),
    ]
    return CaseSpec(
        id="config-error-job-integration-tests-configmap-not-found",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=pname,
        evidence='configmap "thoth" not found',
        description="The test Job's container takes an environment variable from a ConfigMap that is not in the "
        "namespace; the kubelet refuses to create the container and the pod stays Pending.",
        objects=[job, p, *events],
        captured=at(1200),
        title='Integration test Job stuck at CreateContainerConfigError: configmap "thoth" not found',
        source="https://github.com/thoth-station/thoth-application/issues/2593",
    )


# -- batch 2 ----------------------------------------------------------------------------------------


@SCENARIOS.add
def oom_killed_pod_training_operator_container_init_oom_killed() -> CaseSpec:
    at = Clock(datetime(2022, 9, 14, 11, 30, tzinfo=timezone.utc))
    deployment, ns, host = "training-operator", "kubeflow", "dgx-a100-01"
    msg = (
        'container create failed: time="2022-09-14T11:35:13Z" level=error msg="runc create failed: unable to start '
        'container process: container init was OOM-killed (memory limit too low?)"'
    )
    c = Container(
        "training-operator",
        "kubeflow/training-operator:v1-5a5f92d",
        command=["/manager"],
        resources={"limits": {"cpu": "100m", "memory": "30Mi"}, "requests": {"cpu": "100m", "memory": "20Mi"}},
        state=waiting("CreateContainerError", msg),
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to {host}",
            at(1),
            type_="Normal",
            component="default-scheduler",
        ),
        event(
            p,
            "Pulled",
            'Container image "kubeflow/training-operator:v1-5a5f92d" already present on machine',
            at(4),
            last=at(147),
            count=9,
            type_="Normal",
            host=host,
        ),
        event(p, "Failed", f"Error: {msg}", at(6), last=at(149), count=9, host=host),
    ]
    return CaseSpec(
        id="oom-killed-pod-training-operator-container-init-oom-killed",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=name,
        evidence="container init was OOM-killed",
        description="The operator's memory limit is so low that the runtime's container init process is killed "
        "by the kernel's OOM killer before the program starts; the kubelet reports CreateContainerError on every "
        "attempt.",
        objects=[p, *events],
        captured=at(150),
        title="Training Operator pod fails to start on OpenShift: CreateContainerError, runc create failed: "
        "container init was OOM-killed (memory limit too low?)",
        source="https://github.com/kubeflow/trainer/issues/1661",
    )


@SCENARIOS.add
def oom_killed_pod_ray_head_sample_cluster_at_start() -> CaseSpec:
    at = Clock(datetime(2025, 12, 17, 10, 50, tzinfo=timezone.utc))
    ns, host, cluster = "default", "kind-worker", "raycluster-autoscaler"
    name = f"{cluster}-head-{suffix(cluster, 'head')}"
    head = Container(
        "ray-head",
        "rayproject/ray:2.46.0",
        resources={"limits": {"cpu": "1", "memory": "2G"}, "requests": {"cpu": "1", "memory": "2G"}},
        ports=[{"containerPort": 6379, "name": "gcs", "protocol": "TCP"}],
        state=_crash_loop("ray-head", name, ns),
        last=terminated(137, at(395), at(404), reason="OOMKilled"),
        restarts=4,
    )
    autoscaler = Container(
        "autoscaler",
        "rayproject/ray:2.46.0",
        resources={"limits": {"cpu": "500m", "memory": "512Mi"}, "requests": {"cpu": "500m", "memory": "512Mi"}},
        state=running(at(20)),
        ready=True,
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={
            "ray.io/cluster": cluster,
            "ray.io/node-type": "head",
            "ray.io/group": "headgroup",
            "ray.io/is-ray-node": "yes",
            "app.kubernetes.io/created-by": "kuberay-operator",
        },
        owner={
            "apiVersion": "ray.io/v1",
            "kind": "RayCluster",
            "name": cluster,
            "uid": uid(ns, "RayCluster", cluster),
            "controller": True,
            "blockOwnerDeletion": True,
        },
        containers=[head, autoscaler],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        restart_policy="Always",
    )
    prev = text(
        "2025-12-17 10:56:37,102\tINFO usage_lib.py:467 -- Usage stats collection is enabled by default without "
        "user confirmation because this terminal is detected to be non-interactive. To disable this, add "
        "`--disable-usage-stats` to the command that starts the cluster, or run the following command: `ray "
        "disable-usage-stats` before starting the cluster. See https://docs.ray.io/en/master/cluster/usage-stats.html "
        "for more details.",
        "2025-12-17 10:56:37,103\tINFO scripts.py:865 -- Local node IP: 10.244.1.5",
        "2025-12-17 10:56:41,512\tSUCC scripts.py:902 -- --------------------",
        "2025-12-17 10:56:41,512\tSUCC scripts.py:903 -- Ray runtime started.",
        "2025-12-17 10:56:41,512\tSUCC scripts.py:904 -- --------------------",
    )
    events = [_backoff(p, "ray-head", at, 120, 590, 9)]
    return CaseSpec(
        id="oom-killed-pod-ray-head-sample-cluster-at-start",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=name,
        evidence="OOMKilled",
        description="The sample RayCluster's head container gets a 2G limit; Ray's head processes (GCS, dashboard, "
        "raylet) go over it seconds after start and the kernel kills the container (137, OOMKilled).",
        objects=[p, *events],
        logs={f"{name}/ray-head.previous": prev},
        captured=at(600),
        title="Head pod of the sample RayCluster crashes: lastState terminated exitCode 137, reason OOMKilled, "
        "right after start",
        source="https://github.com/ray-project/kuberay/issues/4287",
    )


@SCENARIOS.add
def oom_killed_pod_kserve_triton_bert_limit_lowered() -> CaseSpec:
    at = Clock(datetime(2022, 7, 30, 13, 30, tzinfo=timezone.utc))
    deployment, ns, host = "bert-v2-predictor-default-00003-deployment", "kserve-test", "gke-pool-1-a1b2"
    tail = (
        "ow.cc:1876] TRITONBACKEND_Initialize: tensorflow\n"
        "I0730 13:42:15.149528 1 tensorflow.cc:1889] Triton TRITONBACKEND API version: 1.0\n"
        "I0730 13:42:15.149560 1 tensorflow.cc:1895] 'tensorflow' TRITONBACKEND API version: 1.0\n"
        "I0730 13:42:15.149602 1 tensorflow.cc:1916] backend configuration:\n"
        "{}\n"
        "I0730 13:42:15.149796 1 tensorflow.cc:1978] TRITONBACKEND_ModelInitialize: bert_tf_v2_large_fp16_128_v2 "
        "(version 1)\n"
    )
    c = Container(
        "kserve-container",
        "nvcr.io/nvidia/tritonserver:21.09-py3",
        args=[
            "tritonserver",
            "--model-store=/mnt/models",
            "--grpc-port=9000",
            "--http-port=8080",
            "--allow-grpc=true",
            "--allow-http=true",
        ],
        resources={"limits": {"cpu": "1", "memory": "500Mi"}, "requests": {"cpu": "1", "memory": "500Mi"}},
        state=_crash_loop("kserve-container", _rs_name(deployment, ns), ns),
        last=terminated(137, at(580), at(612), reason="OOMKilled", message=tail),
        restarts=6,
    )
    proxy = Container(
        "queue-proxy",
        "gcr.io/knative-releases/knative.dev/serving/cmd/queue:v1.0.0",
        resources={"requests": {"cpu": "25m"}},
        state=running(at(5)),
        ready=False,
    )
    p = _rs_pod(deployment, ns, [c, proxy], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    prev = text(
        "I0730 13:42:14.902113 1 metrics.cc:290] Collecting metrics for GPU 0: Tesla T4",
        "I0730 13:42:15.148911 1 tensorflow.cc:1876] TRITONBACKEND_Initialize: tensorflow",
        "I0730 13:42:15.149528 1 tensorflow.cc:1889] Triton TRITONBACKEND API version: 1.0",
        "I0730 13:42:15.149560 1 tensorflow.cc:1895] 'tensorflow' TRITONBACKEND API version: 1.0",
        "I0730 13:42:15.149602 1 tensorflow.cc:1916] backend configuration:",
        "{}",
        "I0730 13:42:15.149796 1 tensorflow.cc:1978] TRITONBACKEND_ModelInitialize: bert_tf_v2_large_fp16_128_v2 "
        "(version 1)",
    )
    events = [_backoff(p, "kserve-container", at, 100, 640, 10)]
    return CaseSpec(
        id="oom-killed-pod-kserve-triton-bert-limit-lowered",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=name,
        evidence="OOMKilled",
        description="With the predictor's memory lowered to 500Mi, Triton is killed by the kernel while it "
        "initialises the BERT model (exit 137, OOMKilled); the last lines of its log are the termination message.",
        objects=[p, *events],
        logs={f"{name}/kserve-container.previous": prev},
        captured=at(650),
        title="KServe Triton BERT predictor with memory reduced to 500Mi: CrashLoopBackOff, lastFailureInfo "
        "exitCode 137 while TRITONBACKEND_ModelInitialize",
        source="https://github.com/kserve/kserve/pull/2290",
    )


@SCENARIOS.add
def oom_killed_rayjob_memory_monitor_kills_llm_actors() -> CaseSpec:
    at = Clock(datetime(2025, 4, 24, 17, 40, tzinfo=timezone.utc))
    name, ns = "lmm-r1-grpo", "rl-train"
    image = "rayproject/ray:2.43.0-py311-gpu"
    end = at(4510)
    cluster = _ray_cluster_name(name)
    rayjob, raycluster, pods = _kuberay(
        at=at,
        name=name,
        ns=ns,
        image=image,
        entrypoint="python3 -m openrlhf.cli.train_ppo_ray --vllm_num_engines 8 --colocate_all_models",
        group="gpu",
        head=Container("ray-head", image, resources=gpu(8, "512Gi", "96"), state=running(at(25)), ready=True),
        workers=[],
        status={
            "jobStatus": "FAILED",
            "jobDeploymentStatus": "Failed",
            "reason": "AppFailed",
            "message": "Job entrypoint command failed with exit code 1",
            "endTime": ts(end),
            "failed": 1,
            "succeeded": 0,
        },
        nodes=["h800-node-3"],
    )
    head = pods[0]
    head_ip = head["status"]["podIP"]
    submitter = _submitter(rayjob, at, 60, failed=1, conditions=backoff_conditions(end))
    sub = job_pod(
        submitter,
        [
            Container(
                "ray-job-submitter",
                image,
                command=["ray", "job", "submit"],
                resources=cpu_only("1Gi", "500m"),
                state=terminated(1, at(62), end - timedelta(seconds=2)),
            )
        ],
        created=at(61),
        phase="Failed",
        node="h800-node-3",
        scheduled=at(61),
    )
    job_id = "raysubmit_LKFSP4hfiq2xPuz6"
    oom = (
        f"ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.\n"
        f"Memory on the node (IP: {head_ip}, ID: 5f0c2b1e9a7d4c3b8e6f1a2d0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a59) where "
        "the task (actor ID: 9c1a7b3e5d2f4a6b8c0e1d3f01000000, name=LLMRayActor.__init__, pid=95409, memory "
        "used=13.43GB) was running was 478.21GB / 503.02GB (0.950676), which exceeds the memory usage threshold "
        "of 0.95. Ray killed this worker (ID: 7b2e4c6a8d0f1e3c5a7b9d1f3e5c7a9b1d3f5e7c9a1b3d5f7e9c1a3b) because it "
        "was the most recently scheduled task; to see more information about memory usage on this node, use "
        f"`ray logs raylet.out -ip {head_ip}`. To see the logs of the worker, use `ray logs "
        f"worker-7b2e4c6a8d0f1e3c5a7b9d1f3e5c7a9b1d3f5e7c9a1b3d5f7e9c1a3b*out -ip {head_ip}. Top 10 memory users:\n"
        "PID\tMEM(GB)\tCOMMAND"
    )
    sub_log = stamped(
        [
            f"Job submission server address: http://{cluster}-head-svc.{ns}.svc.cluster.local:8265",
            f"Job '{job_id}' submitted successfully",
            "Tailing logs until the job exits (disable with --no-wait):",
            "\x1b[36m(LLMRayActor pid=95409)\x1b[0m INFO 04-24 18:22:16 [block_pool.py:264] Successfully reset "
            "prefix cache\x1b[32m [repeated 7x across cluster]\x1b[0m",
            "\x1b[36m(LLMRayActor pid=95409)\x1b[0m INFO 04-24 18:22:18 [gpu_worker.py:81] Sleep mode freed 61.25 "
            "GiB memory, 12.87 GiB memory is still in use.",
            "Traceback (most recent call last):",
            '  File "/openrlhf/cli/train_ppo_ray.py", line 201, in <module>',
            "    train(args)",
            *oom.split("\n"),
            "95412\t14.05\tray::LLMRayActor",
            "95410\t13.86\tray::LLMRayActor",
            "95414\t13.85\tray::LLMRayActor",
            "95411\t13.61\tray::LLMRayActor",
            "95415\t13.49\tray::LLMRayActor",
            "95409\t13.43\tray::LLMRayActor",
            "Refer to the documentation on how to address the out of memory issue: "
            "https://docs.ray.io/en/latest/ray-core/scheduling/ray-oom-prevention.html. Consider provisioning more "
            "memory on this node or reducing task parallelism by requesting more CPUs per task. Set max_restarts "
            "and max_task_retries to enable retry when the task crashes due to OOM. To adjust the kill threshold, "
            "set the environment variable `RAY_memory_usage_threshold` when starting Ray. To disable worker killing, "
            "set the environment variable `RAY_memory_monitor_refresh_ms` to zero.",
            "2025-04-24 18:57:03,337 ERR cli.py:71 -- \x1b[31m---------------------------------------\x1b[39m",
            f"2025-04-24 18:57:03,337 ERR cli.py:72 -- \x1b[31mJob '{job_id}' failed\x1b[39m",
            "2025-04-24 18:57:03,337 ERR cli.py:73 -- \x1b[31m---------------------------------------\x1b[39m",
            "2025-04-24 18:57:03,337 INFO cli.py:86 -- Status message: Job entrypoint command failed with exit code "
            "1, last available logs (truncated to 20,000 chars):",
        ],
        at(63),
        [1, 0, 2410, 2, 2000, *([0] * 30)],
    )
    events = [
        event(
            rayjob,
            "Created",
            f"Created RayCluster {ns}/{cluster}",
            at(1),
            type_="Normal",
            component="rayjob-controller",
        ),
        event(
            submitter,
            "BackoffLimitExceeded",
            "Job has reached the specified backoff limit",
            end,
            component="job-controller",
        ),
    ]
    return CaseSpec(
        id="oom-killed-rayjob-memory-monitor-kills-llm-actors",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=head["metadata"]["name"],
        evidence="Task was killed due to the node running low on memory",
        description="Eight colocated vLLM actors each hold ~14 GB of host memory; the node passes Ray's 95% "
        "threshold and Ray's memory monitor kills the newest actor, so the driver fails with OutOfMemoryError. "
        "No kernel OOM kill: Ray kills before the kernel would.",
        objects=[rayjob, raycluster, submitter, *pods, sub, *events],
        logs={f"{sub['metadata']['name']}/ray-job-submitter": sub_log},
        captured=end + timedelta(minutes=5),
        title="GRPO RayJob fails: Ray killed LLMRayActor workers for memory (top memory users ray::LLMRayActor "
        "~14 GB each) - 'Refer to the documentation on how to address the out of memory issue'",
        source="https://github.com/TideDra/lmm-r1/issues/71",
    )


@SCENARIOS.add
def shm_exhausted_job_dataloader_unable_to_write_to_torch_file() -> CaseSpec:
    at = Clock(datetime(2018, 8, 10, 6, 0, tzinfo=timezone.utc))
    ctr = Container(
        "train",
        "registry.corp.example/vision/pytorch-imagenet:0.4.1-py36",
        command=["python", "pytorch/main.py", "--workers", "8", "--batch-size", "256"],
        resources=gpu(1, "64Gi", "16"),
    )
    log = text(
        "Epoch: [0][0/5005]\tTime 9.812 (9.812)\tData 8.946 (8.946)\tLoss 6.9431 (6.9431)\tPrec@1 0.000 (0.000)",
        "Epoch: [0][10/5005]\tTime 0.561 (1.402)\tData 0.002 (0.815)\tLoss 6.9217 (6.9364)\tPrec@1 0.391 (0.178)",
        "Traceback (most recent call last):",
        '  File "pytorch/main.py", line 205, in <module>',
        "    main()",
        '  File "pytorch/main.py", line 116, in main',
        "    train(train_loader, model, criterion, optimizer, epoch)",
        '  File "pytorch/main.py", line 136, in train',
        "    for i, (input, target) in enumerate(train_loader):",
        '  File "/usr/local/anaconda3/lib/python3.6/site-packages/torch/utils/data/dataloader.py", line 286, in '
        "__next__",
        "    return self._process_next_batch(batch)",
        '  File "/usr/local/anaconda3/lib/python3.6/site-packages/torch/utils/data/dataloader.py", line 307, in '
        "_process_next_batch",
        "    raise batch.exc_type(batch.exc_msg)",
        "RuntimeError: Traceback (most recent call last):",
        '  File "/usr/local/anaconda3/lib/python3.6/site-packages/torch/utils/data/dataloader.py", line 57, in '
        "_worker_loop",
        "    samples = collate_fn([dataset[i] for i in batch_indices])",
        '  File "/usr/local/anaconda3/lib/python3.6/site-packages/torch/utils/data/dataloader.py", line 138, in '
        "default_collate",
        "    return [default_collate(samples) for samples in transposed]",
        '  File "/usr/local/anaconda3/lib/python3.6/site-packages/torch/utils/data/dataloader.py", line 115, in '
        "default_collate",
        "    storage = batch[0].storage()._new_shared(numel)",
        '  File "/usr/local/anaconda3/lib/python3.6/site-packages/torch/storage.py", line 114, in _new_shared',
        "    return cls._new_using_fd(size)",
        "RuntimeError: unable to write to file </torch_76_3625483894> at /pytorch/aten/src/TH/THAllocator.c:383",
    )
    return _job_case(
        id="shm-exhausted-job-dataloader-unable-to-write-to-torch-file",
        name="imagenet-resnet50",
        ns="vision",
        at=at,
        ctr=ctr,
        exit_code=1,
        ran=(8, 130),
        log=log,
        category="shm-exhausted",
        evidence="unable to write to file </torch_",
        description="DataLoader workers pass batches through shared-memory files (/torch_*) in /dev/shm; the "
        "training container has the runtime's small default /dev/shm, so the first large batch cannot be "
        "written there.",
        title="PyTorch training job on a managed cluster: RuntimeError: unable to write to file "
        "</torch_76_3625483894> at /pytorch/aten/src/TH/THAllocator.c:383",
        source="https://github.com/huaweicloud/dls-example/issues/26",
        captured=300,
    )


@SCENARIOS.add
def permission_denied_job_pytorchjob_client_forbidden_in_pod() -> CaseSpec:
    at = Clock(datetime(2021, 4, 9, 15, 20, tzinfo=timezone.utc))
    ns = "ml-team"
    body = (
        '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"pytorchjobs.kubeflow.org is '
        'forbidden: User \\"system:serviceaccount:ml-team:default\\" cannot list resource \\"pytorchjobs\\" in API '
        'group \\"kubeflow.org\\" in the namespace \\"kubeflow\\"","reason":"Forbidden","details":{"group":'
        '"kubeflow.org","kind":"pytorchjobs"},"code":403}'
    )
    ctr = Container(
        "launcher",
        "registry.corp.example/ml/pytorchjob-launcher:0.3",
        command=["python", "launch.py", "--namespace", "kubeflow"],
        resources=cpu_only("512Mi", "500m"),
    )
    log = text(
        "ptc.get(namespace='kubeflow')",
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.7/site-packages/kubeflow/pytorchjob/api/py_torch_job_client.py", line 134, '
        "in get",
        "    pytorchjob = thread.get(constants.APISERVER_TIMEOUT)",
        '  File "/usr/local/lib/python3.7/multiprocessing/pool.py", line 657, in get',
        "    raise self._value",
        '  File "/usr/local/lib/python3.7/multiprocessing/pool.py", line 121, in worker',
        "    result = (True, func(*args, **kwds))",
        '  File "/usr/local/lib/python3.7/site-packages/kubernetes/client/api_client.py", line 176, in __call_api',
        "    _request_timeout=_request_timeout)",
        '  File "/usr/local/lib/python3.7/site-packages/kubernetes/client/api_client.py", line 366, in request',
        "    headers=headers)",
        '  File "/usr/local/lib/python3.7/site-packages/kubernetes/client/rest.py", line 241, in GET',
        "    query_params=query_params)",
        '  File "/usr/local/lib/python3.7/site-packages/kubernetes/client/rest.py", line 231, in request',
        "    raise ApiException(http_resp=r)",
        "kubernetes.client.rest.ApiException: (403)",
        "Reason: Forbidden",
        "HTTP response headers: HTTPHeaderDict({'Cache-Control': 'no-cache, private', 'Content-Type': "
        "'application/json', 'X-Content-Type-Options': 'nosniff', 'Date': 'Fri, 09 Apr 2021 15:24:19 GMT', "
        "'Content-Length': '350'})",
        f"HTTP response body: {body}",
    )
    return _job_case(
        id="permission-denied-job-pytorchjob-client-forbidden-in-pod",
        name="pytorchjob-launcher",
        ns=ns,
        at=at,
        ctr=ctr,
        exit_code=1,
        ran=(4, 9),
        log=log,
        category="permission-denied",
        evidence="ApiException: (403)",
        description="A launcher pod uses the Kubeflow PyTorchJob SDK with its in-cluster service account, which "
        "has no RBAC rule for pytorchjobs in the target namespace; the API server answers 403 Forbidden.",
        title="Using PyTorchJobClient inside a pod: kubernetes.client.rest.ApiException: (403) Reason: Forbidden",
        source="https://github.com/kubeflow/pytorch-operator/issues/330",
        captured=120,
        node_name="cpu-node-05",
    )


@SCENARIOS.add
def permission_denied_pod_pipeline_step_cannot_create_seldondeployment() -> CaseSpec:
    at = Clock(datetime(2021, 4, 3, 9, 0, tzinfo=timezone.utc))
    ns, wf_name = "kubeflow", "simple-sci-kit-kf-pipeline-8jgpg"
    name = f"{wf_name}-992827095"
    workflow = {
        "apiVersion": "argoproj.io/v1alpha1",
        "kind": "Workflow",
        "metadata": {
            "name": wf_name,
            "namespace": ns,
            "uid": uid(ns, "Workflow", wf_name),
            "creationTimestamp": ts(at(0)),
            "resourceVersion": "88121",
        },
        "spec": {"entrypoint": "simple-sci-kit-kf-pipeline", "serviceAccountName": "pipeline-runner"},
        "status": {"phase": "Failed", "startedAt": ts(at(0)), "finishedAt": ts(at(95))},
    }
    err = (
        'Error from server (Forbidden): error when creating "/tmp/manifest.yaml": seldondeployments.machinelearning.'
        'seldon.io is forbidden: User "system:serviceaccount:kubeflow:pipeline-runner" cannot create resource '
        '"seldondeployments" in API group "machinelearning.seldon.io" in the namespace "kubeflow"'
    )
    main = Container(
        "main",
        "argoproj/argoexec:v2.12.9",
        command=["argoexec", "resource", "create"],
        resources=cpu_only("256Mi", "100m"),
        state=terminated(1, at(80), at(88), message=err),
    )
    p = pod(
        name=name,
        namespace=ns,
        owner={
            "apiVersion": "argoproj.io/v1alpha1",
            "kind": "Workflow",
            "name": wf_name,
            "uid": uid(ns, "Workflow", wf_name),
            "controller": True,
            "blockOwnerDeletion": True,
        },
        containers=[main],
        created=at(75),
        phase="Failed",
        node="minikube",
        scheduled=at(76),
        service_account="pipeline-runner",
        labels={"workflows.argoproj.io/workflow": wf_name, "workflows.argoproj.io/completed": "true"},
        annotations={"workflows.argoproj.io/node-name": f"{wf_name}.serve"},
    )
    log = stamped(
        [
            'time="2021-04-03T09:01:20.512Z" level=info msg="Starting Workflow Executor" version=v2.12.9',
            'time="2021-04-03T09:01:20.519Z" level=info msg="Creating a docker executor"',
            'time="2021-04-03T09:01:20.519Z" level=info msg="Executor (version: v2.12.9, build_date: '
            "2021-02-16T22:51:48Z) initialized (pod: kubeflow/simple-sci-kit-kf-pipeline-8jgpg-992827095) with "
            'template:\\n{\\"name\\":\\"serve\\",\\"resource\\":{\\"action\\":\\"create\\"}}"',
            'time="2021-04-03T09:01:20.520Z" level=info msg="Loading manifest to /tmp/manifest.yaml"',
            'time="2021-04-03T09:01:20.520Z" level=info msg="kubectl create -f /tmp/manifest.yaml -o json"',
            f'time="2021-04-03T09:01:27.861Z" level=error msg="executor error: {err}"',
        ],
        at(80),
        [0.01, 0.01, 0.01, 0.01, 7.3],
    )
    events = [
        event(
            workflow,
            "WorkflowNodeFailed",
            f"Failed node {wf_name}.serve: {err}",
            at(89),
            component="workflow-controller",
        ),
    ]
    return CaseSpec(
        id="permission-denied-pod-pipeline-step-cannot-create-seldondeployment",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=name,
        evidence='cannot create resource "seldondeployments"',
        description="The pipeline's serve step creates a SeldonDeployment with the pipeline-runner service "
        "account, which has no Role for that resource; the API server refuses it and the step fails.",
        objects=[workflow, p, *events],
        logs={f"{name}/main": log},
        captured=at(200),
        title="Kubeflow pipeline serve step fails: Error from server (Forbidden) ... seldondeployments is "
        'forbidden: User "system:serviceaccount:kubeflow:pipeline-runner" cannot create resource',
        source="https://github.com/intro-to-ml-with-kubeflow/intro-to-ml-with-kubeflow-examples/issues/140",
    )


@SCENARIOS.add
def disk_full_pod_container_exceeded_its_ephemeral_storage_limit() -> CaseSpec:
    at = Clock(datetime(2025, 1, 22, 3, 51, tzinfo=timezone.utc))
    deployment, ns, host = "kubeplus-deployment", "default", "ip-10-0-2-27.us-west-2.compute.internal"
    storage = {
        "limits": {"cpu": "200m", "memory": "256Mi", "ephemeral-storage": "20Mi"},
        "requests": {"cpu": "100m", "memory": "128Mi", "ephemeral-storage": "10Mi"},
    }
    ui = Container(
        "consumerui",
        "gcr.io/cloudark-kubeplus/consumerui:4.0.0",
        resources=storage,
        state=terminated(
            137,
            at(10),
            at(347580),
            reason="ContainerStatusUnknown",
            message="The container could not be located when the pod was terminated",
        ),
    )
    helmer = Container(
        "helmer",
        "gcr.io/cloudark-kubeplus/helm-pod:4.0.0",
        resources=storage,
        state=terminated(
            137,
            at(10),
            at(347580),
            reason="ContainerStatusUnknown",
            message="The container could not be located when the pod was terminated",
        ),
    )
    msg = 'Container consumerui exceeded its local ephemeral storage limit "20Mi". '
    p = _rs_pod(
        deployment,
        ns,
        [ui, helmer],
        created=at(0),
        phase="Failed",
        node=host,
        scheduled=at(1),
        reason="Evicted",
        message=msg,
        service_account="kubeplus-saas-provider",
    )
    name = p["metadata"]["name"]
    events = [
        event(p, "Evicted", msg, at(347570), host=host),
        event(p, "Killing", "Stopping container consumerui", at(347570), type_="Normal", host=host),
        event(p, "Killing", "Stopping container helmer", at(347570), type_="Normal", host=host),
    ]
    return CaseSpec(
        id="disk-full-pod-container-exceeded-its-ephemeral-storage-limit",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="disk-full",
        culprit=name,
        evidence="exceeded its local ephemeral storage limit",
        description="A container writes more than its own 20Mi ephemeral-storage limit into its writable layer "
        "and logs; the kubelet evicts the pod for it. The node itself was not under pressure.",
        objects=[p, *events],
        captured=at(347900),
        title="Pod evicted in production: Container consumerui exceeded its local ephemeral storage limit "
        '"20Mi", containers ContainerStatusUnknown',
        source="https://github.com/cloud-ark/kubeplus/issues/1389",
    )


@SCENARIOS.add
def healthy_job_dataloader_suggested_max_workers_warning() -> CaseSpec:
    at = Clock(datetime(2024, 7, 29, 14, 0, tzinfo=timezone.utc))
    name, ns = "slideflow-xception-train", "pathology"
    ctr = Container(
        "train",
        "registry.corp.example/pathology/slideflow:3.0",
        command=["python", "train.py", "--model", "xception", "--tile-px", "299"],
        resources=gpu(1, "32Gi", "2"),
        state=running(at(20)),
        ready=True,
    )
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=ctr, active=1, ready=1, start=at(1), conditions=[]
    )
    p = job_pod(job, [ctr], created=at(1), phase="Running", node="a100-node-4", scheduled=at(2))
    pname = p["metadata"]["name"]
    warn = (
        "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py:558: UserWarning: This DataLoader "
        "will create 4 worker processes in total. Our suggested max number of worker in current system is 2, which "
        "is smaller than what this DataLoader is going to create. Please be aware that excessive worker creation "
        "might get DataLoader running slow or even freeze, lower the worker number to avoid potential "
        "slowness/freeze if necessary."
    )
    lines = [
        "[INFO] Training model xception-category-HP0-kfold1...",
        "[INFO] Using 1 GPU(s): NVIDIA A100-SXM4-40GB",
        warn,
        "  warnings.warn(_create_warning_msg(",
        *[
            f"Epoch 1/10 - step {s}/1870 - loss: {1.21 - s / 4000:.4f} - acc: {0.41 + s / 5000:.4f}"
            for s in range(100, 1900, 100)
        ],
        "[INFO] Epoch 1 validation: loss=0.7712 acc=0.6884",
        *[
            f"Epoch 2/10 - step {s}/1870 - loss: {0.80 - s / 9000:.4f} - acc: {0.66 + s / 9000:.4f}"
            for s in range(100, 900, 100)
        ],
    ]
    log = stamped(lines, at(30), [1, 20, 0, 40] + [45] * 30)
    return CaseSpec(
        id="healthy-job-dataloader-suggested-max-workers-warning",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="The pod has two CPUs and the trainer asks for four DataLoader workers: PyTorch warns it "
        "might be slow or freeze, but training proceeds and logs steady progress.",
        objects=[job, p],
        logs={f"{pname}/train": log},
        captured=at(30 + 65 + 45 * 27),
        title="Slideflow training on a GPU node with 2 CPUs warns 'This DataLoader will create 4 worker processes "
        "in total. Our suggested max number of worker in current system is 2' - training runs",
        source="https://github.com/slideflow/slideflow/issues/396",
    )


# -- batch 3 ----------------------------------------------------------------------------------------


@SCENARIOS.add
def config_error_pod_run_as_non_root_image_runs_as_root() -> CaseSpec:
    at = Clock(datetime(2024, 7, 15, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "platform-unleash-edge", "platform-backend", "cluster-worker4"
    c = Container(
        "unleash-edge",
        "unleashorg/unleash-edge:v19.1",
        args=["edge"],
        resources=cpu_only("128Mi", "100m"),
        state=waiting(
            "CreateContainerConfigError",
            f'container has runAsNonRoot and image will run as root (pod: "{_rs_name(deployment, ns)}_{ns}('
            f'{uid(ns, "pod", _rs_name(deployment, ns))})", container: unleash-edge)',
        ),
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(0))
    p["spec"]["securityContext"] = {"runAsNonRoot": True}
    name = p["metadata"]["name"]
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
            'Container image "unleashorg/unleash-edge:v19.1" already present on machine',
            at(1),
            last=at(107),
            count=10,
            type_="Normal",
            host=host,
        ),
        event(
            p,
            "Failed",
            "Error: container has runAsNonRoot and image will run as root (pod: "
            f'"{name}_{ns}({p["metadata"]["uid"]})", container: unleash-edge)',
            at(1),
            last=at(107),
            count=10,
            host=host,
        ),
    ]
    return CaseSpec(
        id="config-error-pod-run-as-non-root-image-runs-as-root",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="container has runAsNonRoot and image will run as root",
        description="The pod's security context requires a non-root user, but the image declares no USER (so "
        "it would run as root); the kubelet refuses to create the container.",
        objects=[p, *events],
        captured=at(114),
        title="unleash-edge under a runAsNonRoot security context: CreateContainerConfigError, Error: container "
        "has runAsNonRoot and image will run as root",
        source="https://github.com/Unleash/unleash-edge/issues/483",
    )


@SCENARIOS.add
def shm_exhausted_pod_pipeline_train_step_dataloader_bus_error() -> CaseSpec:
    at = Clock(datetime(2021, 11, 8, 10, 0, tzinfo=timezone.utc))
    ns, wf_name = "kubeflow-user", "yolo-train-pipeline-7xk2p"
    name = f"{wf_name}-2211406872"
    main = Container(
        "main",
        "registry.corp.example/vision/yolo-train:1.4",
        command=["python", "train.py", "--batch-size", "64", "--workers", "8"],
        resources=gpu(1, "32Gi", "8"),
        state=terminated(1, at(40), at(1312)),
    )
    wait = Container(
        "wait",
        "gcr.io/ml-pipeline/argoexec:v3.1.6-patch-license-compliance",
        command=["argoexec", "wait", "--loglevel", "info"],
        resources=cpu_only("128Mi", "100m"),
        state=terminated(0, at(39), at(1314), reason="Completed"),
    )
    p = pod(
        name=name,
        namespace=ns,
        owner={
            "apiVersion": "argoproj.io/v1alpha1",
            "kind": "Workflow",
            "name": wf_name,
            "uid": uid(ns, "Workflow", wf_name),
            "controller": True,
            "blockOwnerDeletion": True,
        },
        containers=[wait, main],
        created=at(30),
        phase="Failed",
        node="gpu-pool-t4-2",
        scheduled=at(31),
        service_account="default-editor",
        labels={"workflows.argoproj.io/workflow": wf_name, "pipelines.kubeflow.org/cache_enabled": "true"},
        annotations={"workflows.argoproj.io/node-name": f"{wf_name}.train"},
    )
    lines = [
        *[
            "      Epoch   gpu_mem       box       obj       cls    labels  img_size"
            if i == 0
            else f"       0/99     5.21G   0.1{i:02d}   0.0{i % 9}1   0.0{i % 7}2       {40 + i}       640: {i * 4}%|"
            for i in range(12)
        ],
        "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).",
        "Traceback (most recent call last):",
        '  File "/opt/conda/lib/python3.8/site-packages/torch/utils/data/dataloader.py", line 990, in _try_get_data',
        "    data = self._data_queue.get(timeout=timeout)",
        '  File "/opt/conda/lib/python3.8/site-packages/torch/utils/data/_utils/signal_handling.py", line 66, in '
        "handler",
        "    _error_if_any_worker_fails()",
        "RuntimeError: DataLoader worker (pid 181) is killed by signal: Bus error. It is possible that dataloader's "
        "workers are out of shared memory. Please try to raise your shared memory limit.",
    ]
    return CaseSpec(
        id="shm-exhausted-pod-pipeline-train-step-dataloader-bus-error",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="shm-exhausted",
        culprit=name,
        evidence="out of shared memory",
        description="A pipeline's training step runs as a plain pod with the runtime's 64 MiB /dev/shm; with a "
        "larger batch the DataLoader workers die with SIGBUS. Mounting a memory-backed emptyDir at /dev/shm "
        "fixes it.",
        objects=[p],
        logs={f"{name}/main": stamped(lines, at(45), 100.0)},
        captured=at(1400),
        title="PyTorch training as a Kubeflow Pipelines step fails with 'Bus error. It is possible that "
        "dataloader's workers are out of shared memory. Please try to raise your shared memory limit.'",
        source="https://github.com/kubeflow/pipelines/issues/6880",
    )


@SCENARIOS.add
def disk_full_pod_emptydir_usage_exceeds_size_limit() -> CaseSpec:
    at = Clock(datetime(2023, 11, 8, 2, 0, tzinfo=timezone.utc))
    deployment, ns, host = "feature-extractor", "batch-inference", "mem-node-12"
    msg = 'Usage of EmptyDir volume "scratch" exceeds the limit "5Gi". '
    c = Container(
        "extractor",
        "registry.corp.example/inference/feature-extractor:2.3.0",
        args=["--scratch-dir", "/scratch", "--workers", "16"],
        resources={"limits": {"cpu": "16", "memory": "160Gi"}, "requests": {"cpu": "16", "memory": "160Gi"}},
        mounts=[{"name": "scratch", "mountPath": "/scratch"}],
        state=terminated(
            137,
            at(30),
            at(20410),
            reason="ContainerStatusUnknown",
            message="The container could not be located when the pod was terminated",
        ),
    )
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Failed",
        node=host,
        scheduled=at(1),
        reason="Evicted",
        message=msg,
        qos="Guaranteed",
        volumes=[{"name": "scratch", "emptyDir": {"sizeLimit": "5Gi"}}],
    )
    name = p["metadata"]["name"]
    log = stamped(
        [f"INFO batch {b:05d} done: 4096 items, scratch spill {b * 0.021:.2f} GiB" for b in range(10, 250, 10)],
        at(400),
        800.0,
    )
    events = [
        event(p, "Evicted", msg, at(20400), host=host),
        event(p, "Killing", "Stopping container extractor", at(20400), type_="Normal", host=host),
    ]
    return CaseSpec(
        id="disk-full-pod-emptydir-usage-exceeds-size-limit",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="disk-full",
        culprit=name,
        evidence="exceeds the limit",
        description="The pod spills to an emptyDir with a 5Gi sizeLimit; when usage passes it the kubelet evicts "
        "the pod, though its memory (100 of 160 GB) was fine and the node had room.",
        objects=[p, *events],
        logs={f"{name}/extractor": log},
        captured=at(20700),
        title="Pods evicted although memory was well below limits: the emptyDir limit was 5 GB and when it was "
        "exceeded Kubernetes evicted the pods, containers ContainerStatusUnknown",
        source="https://github.com/kubernetes/kubernetes/issues/116986",
    )


@SCENARIOS.add
def permission_denied_pod_whisper_read_only_root_home_nonexistent() -> CaseSpec:
    at = Clock(datetime(2024, 3, 11, 20, 0, tzinfo=timezone.utc))
    deployment, ns, host = "wyoming-whisper", "home-automation", "k3s-node-2"
    c = Container(
        "whisper",
        "rhasspy/wyoming-whisper:2.0.0",
        args=["--model", "tiny-int8", "--language", "en", "--uri", "tcp://0.0.0.0:10300", "--data-dir", "/data"],
        resources=cpu_only("2Gi", "2"),
        mounts=[{"name": "data", "mountPath": "/data"}],
        state=_crash_loop("whisper", _rs_name(deployment, ns), ns),
        last=terminated(1, at(600), at(609)),
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
        volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "whisper-data"}}],
    )
    p["spec"]["containers"][0]["securityContext"] = {"readOnlyRootFilesystem": True, "runAsUser": 65534}
    name = p["metadata"]["name"]
    prev = text(
        "INFO:__main__:Downloading FasterWhisperModel.TINY_INT8 to /data",
        "Traceback (most recent call last):",
        '  File "/usr/lib/python3.9/runpy.py", line 197, in _run_module_as_main',
        "    return _run_code(code, main_globals, None,",
        '  File "/usr/lib/python3.9/runpy.py", line 87, in _run_code',
        "    exec(code, run_globals)",
        '  File "/usr/local/lib/python3.9/dist-packages/wyoming_faster_whisper/__main__.py", line 149, in <module>',
        "    run()",
        '  File "/usr/local/lib/python3.9/dist-packages/wyoming_faster_whisper/__main__.py", line 144, in run',
        "    asyncio.run(main())",
        '  File "/usr/lib/python3.9/asyncio/runners.py", line 44, in run',
        "    return loop.run_until_complete(main)",
        '  File "/usr/lib/python3.9/asyncio/base_events.py", line 642, in run_until_complete',
        "    return future.result()",
        '  File "/usr/local/lib/python3.9/dist-packages/wyoming_faster_whisper/__main__.py", line 119, in main',
        "    whisper_model = faster_whisper.WhisperModel(",
        '  File "/usr/local/lib/python3.9/dist-packages/faster_whisper/transcribe.py", line 146, in __init__',
        "    self.hf_tokenizer = tokenizers.Tokenizer.from_pretrained(",
        '  File "/usr/local/lib/python3.9/dist-packages/huggingface_hub/utils/_validators.py", line 118, in _inner_fn',
        "    return fn(*args, **kwargs)",
        '  File "/usr/local/lib/python3.9/dist-packages/huggingface_hub/file_download.py", line 1403, in '
        "hf_hub_download",
        "    os.makedirs(os.path.dirname(blob_path), exist_ok=True)",
        '  File "/usr/lib/python3.9/os.py", line 215, in makedirs',
        "    makedirs(head, exist_ok=exist_ok)",
        '  File "/usr/lib/python3.9/os.py", line 225, in makedirs',
        "    mkdir(name, mode)",
        "OSError: [Errno 30] Read-only file system: '/nonexistent'",
    )
    events = [_backoff(p, "whisper", at, 60, 700, 12)]
    return CaseSpec(
        id="permission-denied-pod-whisper-read-only-root-home-nonexistent",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=name,
        evidence="Read-only file system: '/nonexistent'",
        description="The speech server runs as nobody (HOME=/nonexistent) with a read-only root file system; the "
        "new image downloads its tokenizer through the Hugging Face cache under HOME, which cannot be created.",
        objects=[p, *events],
        logs={f"{name}/whisper.previous": prev},
        captured=at(720),
        title="wyoming-faster-whisper in Kubernetes with a read-only root file system: OSError: [Errno 30] "
        "Read-only file system: '/nonexistent' - set HF_HUB_CACHE to a writable path",
        source="https://github.com/OHF-Voice/wyoming-faster-whisper/issues/27",
    )


@SCENARIOS.add
def permission_denied_pod_pipeline_step_cannot_get_pods_cluster_scope() -> CaseSpec:
    at = Clock(datetime(2021, 8, 27, 5, 0, tzinfo=timezone.utc))
    ns, wf_name = "kubeflow-user", "titanic-ml-kale-4m7qz"
    name = f"{wf_name}-3088124519"
    main = Container(
        "main",
        "registry.corp.example/ml/kale-jupyter:0.7.0",
        command=["sh", "-c", "python3 -u /kale/step.py"],
        resources=cpu_only("2Gi", "1"),
        state=terminated(1, at(35), at(52)),
    )
    p = pod(
        name=name,
        namespace=ns,
        owner={
            "apiVersion": "argoproj.io/v1alpha1",
            "kind": "Workflow",
            "name": wf_name,
            "uid": uid(ns, "Workflow", wf_name),
            "controller": True,
            "blockOwnerDeletion": True,
        },
        containers=[main],
        created=at(30),
        phase="Failed",
        node="worker-3",
        scheduled=at(31),
        service_account="default-editor",
        labels={"workflows.argoproj.io/workflow": wf_name},
        annotations={"workflows.argoproj.io/node-name": f"{wf_name}.loaddata"},
    )
    body = (
        '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"pods is forbidden: User '
        '\\"system:serviceaccount:kubeflow-user:default-editor\\" cannot get resource \\"pods\\" in API group \\"\\" '
        'at the cluster scope","reason":"Forbidden","details":{"kind":"pods"},"code":403}'
    )
    log = text(
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.6/dist-packages/kale/common/podutils.py", line 94, in get_pod',
        "    return k8s_client.read_namespaced_pod(name, namespace)",
        '  File "/usr/local/lib/python3.6/dist-packages/kubernetes/client/apis/core_v1_api.py", line 18510, in '
        "read_namespaced_pod",
        "    (data) = self.read_namespaced_pod_with_http_info(name, namespace, **kwargs)",
        '  File "/usr/local/lib/python3.6/dist-packages/kubernetes/client/apis/core_v1_api.py", line 18537, in '
        "read_namespaced_pod_with_http_info",
        "    collection_formats=collection_formats)",
        '  File "/usr/local/lib/python3.6/dist-packages/kubernetes/client/api_client.py", line 334, in call_api',
        "    _return_http_data_only, collection_formats, _preload_content, _request_timeout)",
        '  File "/usr/local/lib/python3.6/dist-packages/kubernetes/client/api_client.py", line 168, in __call_api',
        "    _request_timeout=_request_timeout)",
        '  File "/usr/local/lib/python3.6/dist-packages/kubernetes/client/api_client.py", line 355, in request',
        "    headers=headers)",
        '  File "/usr/local/lib/python3.6/dist-packages/kubernetes/client/rest.py", line 231, in GET',
        "    query_params=query_params)",
        '  File "/usr/local/lib/python3.6/dist-packages/kubernetes/client/rest.py", line 222, in request',
        "    raise ApiException(http_resp=r)",
        "kubernetes.client.rest.ApiException: (403)",
        "Reason: Forbidden",
        "HTTP response headers: HTTPHeaderDict({'Audit-Id': '5b1f0c2e-8d3a-4f6b-9e2c-7a1d0b3c4e5f', "
        "'Cache-Control': 'no-cache, private', 'Content-Type': 'application/json', 'X-Content-Type-Options': "
        "'nosniff', 'Date': 'Fri, 27 Aug 2021 05:00:51 GMT', 'Content-Length': '300'})",
        f"HTTP response body: {body}",
    )
    return CaseSpec(
        id="permission-denied-pod-pipeline-step-cannot-get-pods-cluster-scope",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=name,
        evidence="403",
        description="A Kale pipeline step reads its own pod through the Kubernetes API; the namespace's "
        "default-editor account may not get pods at the cluster scope and the step fails with 403.",
        objects=[p],
        logs={f"{name}/main": log},
        captured=at(300),
        title="Kale pipeline step fails: kubernetes.client.rest.ApiException: (403) Forbidden - serviceaccount "
        "cannot get resource pods at the cluster scope",
        source="https://github.com/kubeflow/kale/issues/366",
    )


# -- batch 4 ----------------------------------------------------------------------------------------


@SCENARIOS.add
def disk_full_job_llamafactory_safetensors_storage_full() -> CaseSpec:
    at = Clock(datetime(2024, 8, 12, 2, 51, tzinfo=timezone.utc))
    out = "saves/Qwen2-7B/lora/train_2024-08-12-02-51-43"
    ctr = Container(
        "train",
        "registry.corp.example/llm/llamafactory:0.8.4",
        command=[
            "llamafactory-cli",
            "train",
            "--stage",
            "sft",
            "--model_name_or_path",
            "qwen2-7b",
            "--finetuning_type",
            "lora",
            "--save_steps",
            "100",
            "--output_dir",
            out,
        ],
        resources=gpu(2, "96Gi", "16"),
    )
    steps = [
        f"{{'loss': {2.41 - i * 0.09:.4f}, 'grad_norm': {1.9 - i * 0.1:.4f}, 'learning_rate': 4.99e-05, "
        f"'epoch': {0.02 * (i + 1):.2f}, 'num_input_tokens_seen': {81920 * (i + 1)}}}"
        for i in range(0, 20, 2)
    ]
    lines = [
        *steps,
        f"[INFO|trainer.py:3478] 2024-08-12 03:40:07,118 >> Saving model checkpoint to {out}/checkpoint-100",
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 3496, in _save',
        "    self.model.save_pretrained(",
        '  File "/usr/local/lib/python3.10/dist-packages/peft/peft_model.py", line 289, in save_pretrained',
        "    safe_save_file(",
        '  File "/usr/local/lib/python3.10/dist-packages/safetensors/torch.py", line 286, in save_file',
        "    serialize_file(_flatten(tensors), filename, metadata=metadata)",
        "safetensors_rust.SafetensorError: Error while serializing: IoError(Os { code: 28, kind: StorageFull, "
        'message: "No space left on device" })',
    ]
    return _job_case(
        id="disk-full-job-llamafactory-safetensors-storage-full",
        name="qwen2-7b-lora-sft",
        ns="llm-finetune",
        at=at,
        ctr=ctr,
        exit_code=1,
        ran=(20, 2950),
        log=stamped(lines, at(60), 280.0),
        category="disk-full",
        evidence="StorageFull",
        description="The first checkpoint save writes the adapter with safetensors into the output directory on "
        "a full volume; the Rust writer reports the OS error 28 as StorageFull and the run ends.",
        title="LoRA SFT fails at the first checkpoint: safetensors_rust.SafetensorError: Error while serializing: "
        'IoError(Os { code: 28, kind: StorageFull, message: "No space left on device" })',
        source="https://github.com/hiyouga/LlamaFactory/issues/5155",
        captured=3100,
    )


@SCENARIOS.add
def config_error_pod_vllm_runtime_unrecognized_argument() -> CaseSpec:
    at = Clock(datetime(2026, 7, 9, 17, 0, tzinfo=timezone.utc))
    deployment, ns, host = "tinyllama-vllm", "default", "a10-node-1"
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.19.0",
        args=["serve", "TinyLlama/TinyLlama-1.1B-Chat-v1.0", "--port", "8000", "--enable-metrics"],
        resources=gpu(1, "16Gi", "4"),
        state=_crash_loop("vllm", _rs_name(deployment, ns), ns),
        last=terminated(2, at(300), at(306)),
        restarts=5,
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    prev = text(
        "usage: vllm [-h] [-v]",
        "            {chat,complete,serve,launch,bench,collect-env,run-batch} ...",
        "vllm: error: unrecognized arguments: --enable-metrics",
    )
    events = [_backoff(p, "vllm", at, 40, 420, 9)]
    return CaseSpec(
        id="config-error-pod-vllm-runtime-unrecognized-argument",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="unrecognized arguments: --enable-metrics",
        description="The operator's vLLM runtime passes a flag this vLLM version does not have; vllm's argument "
        "parser rejects it and exits 2 before loading anything, on every restart.",
        objects=[p, *events],
        logs={f"{name}/vllm.previous": prev},
        captured=at(430),
        title="Every InferenceService with the vLLM runtime fails to start: vllm: error: unrecognized arguments: "
        "--enable-metrics",
        source="https://github.com/defilantech/LLMKube/issues/1030",
    )


@SCENARIOS.add
def config_error_pod_configmap_mounted_over_a_file_not_a_directory() -> CaseSpec:
    at = Clock(datetime(2018, 5, 18, 3, 0, tzinfo=timezone.utc))
    deployment, ns, host = "monitoring-influxdb", "kube-system", "node-2"
    msg = (
        'failed to start container "influxdb": Error response from daemon: oci runtime error: container_linux.go:247: '
        'starting container process caused "process_linux.go:364: container init caused \\"rootfs_linux.go:54: '
        'mounting \\\\\\"/var/lib/kubelet/pods/e76b2d64-5a5e-11e8-b179-080027c9c16c/volumes/kubernetes.io~configmap/'
        'influxdb-config\\\\\\" to rootfs \\\\\\"/var/lib/docker/overlay2/e50b7f32607a/merged\\\\\\" at '
        '\\\\\\"/var/lib/docker/overlay2/e50b7f32607a/merged/etc/config.toml\\\\\\" caused \\\\\\"not a directory\\\\\\"'
        '\\"" : Are you trying to mount a directory onto a file (or vice-versa)? Check if the specified host path '
        "exists and is the expected type"
    )
    c = Container(
        "influxdb",
        "k8s.gcr.io/heapster-influxdb-amd64:v1.3.3",
        mounts=[{"name": "influxdb-config", "mountPath": "/etc/config.toml"}],
        resources=cpu_only("512Mi", "500m"),
        state=waiting(
            "CrashLoopBackOff",
            f"back-off 5m0s restarting failed container=influxdb pod="
            f"{_rs_name(deployment, ns)}_{ns}({uid(ns, 'pod', _rs_name(deployment, ns))})",
        ),
        last=terminated(128, at(600), at(600), reason="ContainerCannotRun", message=msg),
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
        volumes=[{"name": "influxdb-config", "configMap": {"name": "influxdb-config"}}],
    )
    name = p["metadata"]["name"]
    events = [
        event(p, "Failed", f"Error: {msg}", at(5), last=at(600), count=8, host=host),
        _backoff(p, "influxdb", at, 6, 700, 30),
    ]
    return CaseSpec(
        id="config-error-pod-configmap-mounted-over-a-file-not-a-directory",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="Are you trying to mount a directory onto a file",
        description="The whole ConfigMap volume (a directory) is mounted at a path that is a file in the image; "
        "the runtime cannot set up the container's root file system, so it never runs. It needs subPath.",
        objects=[p, *events],
        captured=at(720),
        title='InfluxDB Deployment fails: container init caused "not a directory" : Are you trying to mount a '
        "directory onto a file (or vice-versa)?",
        source="https://github.com/rootsongjc/kubernetes-handbook/issues/218",
    )


@SCENARIOS.add
def oom_killed_rayjob_raylet_kills_workers_on_a_worker_node() -> CaseSpec:
    at = Clock(datetime(2024, 8, 25, 18, 30, tzinfo=timezone.utc))
    name, ns = "plantf-feature-cache", "planning"
    image = "rayproject/ray:2.9.3-py39"
    end = at(3300)
    cluster = _ray_cluster_name(name)
    worker = Container("ray-worker", image, resources=cpu_only("64Gi", "16"), state=running(at(30)), ready=True)
    rayjob, raycluster, pods = _kuberay(
        at=at,
        name=name,
        ns=ns,
        image=image,
        entrypoint="python run_training.py py_func=cache +training=train_planTF worker.threads_per_node=16",
        group="cpu-workers",
        head=Container("ray-head", image, resources=cpu_only("16Gi", "4"), state=running(at(25)), ready=True),
        workers=[
            worker,
            Container("ray-worker", image, resources=cpu_only("64Gi", "16"), state=running(at(30)), ready=True),
        ],
        status={
            "jobStatus": "FAILED",
            "jobDeploymentStatus": "Failed",
            "reason": "AppFailed",
            "message": "Job entrypoint command failed with exit code 1",
            "endTime": ts(end),
            "failed": 1,
            "succeeded": 0,
        },
        nodes=["cpu-node-1", "cpu-node-2", "cpu-node-3"],
    )
    victim = pods[1]
    ip = victim["status"]["podIP"]
    submitter = _submitter(rayjob, at, 60, failed=1, conditions=backoff_conditions(end))
    sub = job_pod(
        submitter,
        [
            Container(
                "ray-job-submitter",
                image,
                command=["ray", "job", "submit"],
                resources=cpu_only("1Gi", "500m"),
                state=terminated(1, at(62), end - timedelta(seconds=2)),
            )
        ],
        created=at(61),
        phase="Failed",
        node="cpu-node-1",
        scheduled=at(61),
    )
    job_id = rayjob["status"]["jobId"]
    lines = [
        f"Job submission server address: http://{cluster}-head-svc.{ns}.svc.cluster.local:8265",
        f"Job '{job_id}' submitted successfully",
        "Tailing logs until the job exits (disable with --no-wait):",
        "Starting to extract features for 1,130,492 scenarios",
        f"(raylet) [2024-08-25 19:21:02,241 E 1111013 1111013] (raylet) node_manager.cc:3064: 12 Workers (tasks / "
        f"actors) killed due to memory pressure (OOM), 0 Workers crashed due to other reasons at node (ID: "
        f"b8aad7ac53c083fcae4851424e0362cec4a21916876b69bb1722ed29, IP: {ip}) over the last time period. To see "
        f"more information about the Workers killed on this node, use `ray logs raylet.out -ip {ip}`",
        "(raylet) ",
        "(raylet) Refer to the documentation on how to address the out of memory issue: "
        "https://docs.ray.io/en/latest/ray-core/scheduling/ray-oom-prevention.html. Consider provisioning more "
        "memory on this node or reducing task parallelism by requesting more CPUs per task. To adjust the kill "
        "threshold, set the environment variable `RAY_memory_usage_threshold` when starting Ray. To disable worker "
        "killing, set the environment variable `RAY_memory_monitor_refresh_ms` to zero.",
        "Traceback (most recent call last):",
        '  File "/app/run_training.py", line 68, in main',
        "    cache_data(cfg=cfg, worker=worker)",
        "ray.exceptions.WorkerCrashedError: The worker died unexpectedly while executing this task. Check "
        "python-core-worker-*.log files for more information.",
        "---------------------------------------",
        f"Job '{job_id}' failed",
        "---------------------------------------",
        "Status message: Job entrypoint command failed with exit code 1",
    ]
    sub_log = stamped(lines, at(63), [1, 0, 5, 3000, 0, 0, 20, 0, 0, 0, 0, 0, 0, 0])
    events = [
        event(
            rayjob,
            "Created",
            f"Created RayCluster {ns}/{cluster}",
            at(1),
            type_="Normal",
            component="rayjob-controller",
        ),
        event(
            submitter,
            "BackoffLimitExceeded",
            "Job has reached the specified backoff limit",
            end,
            component="job-controller",
        ),
    ]
    return CaseSpec(
        id="oom-killed-rayjob-raylet-kills-workers-on-a-worker-node",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=victim["metadata"]["name"],
        evidence="killed due to memory pressure (OOM)",
        description="Sixteen feature-caching tasks per worker node hold more memory than the node has; the raylet "
        "on one worker kills twelve of them for memory, the driver's task fails, and the submitter relays the "
        "raylet's report naming that node's address.",
        objects=[rayjob, raycluster, submitter, *pods, sub, *events],
        logs={f"{sub['metadata']['name']}/ray-job-submitter": sub_log},
        captured=end + timedelta(minutes=5),
        title="Feature caching with Ray fails: (raylet) 12 Workers (tasks / actors) killed due to memory pressure "
        "(OOM) at node (IP: ...)",
        source="https://github.com/jchengai/planTF/issues/28",
    )


@SCENARIOS.add
def healthy_pod_modelmesh_triton_chmod_operation_not_permitted() -> CaseSpec:
    at = Clock(datetime(2021, 9, 23, 8, 0, tzinfo=timezone.utc))
    deployment, ns, host = "modelmesh-serving-triton-2.x", "modelmesh-serving", "worker-3"
    triton = Container(
        "triton",
        "nvcr.io/nvidia/tritonserver:21.06.1-py3",
        command=["/bin/sh"],
        args=[
            "-c",
            "mkdir -p /models/_triton_models; chmod 777 -R /models/_triton_models; exec tritonserver "
            "--model-repository=/models/_triton_models --model-control-mode=explicit --strict-model-config=false "
            "--strict-readiness=false --allow-http=true --allow-sagemaker=false",
        ],
        resources=cpu_only("2Gi", "1"),
        probes=_http_probe("/v2/health/ready", 8000, kinds=("readinessProbe",)),
        state=running(at(40)),
        ready=True,
    )
    adapter = Container(
        "triton-adapter",
        "kserve/modelmesh-runtime-adapter:v0.7.0",
        resources=cpu_only("512Mi", "100m"),
        state=running(at(38)),
        ready=True,
    )
    p = _rs_pod(deployment, ns, [triton, adapter], created=at(0), phase="Running", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    log = stamped(
        [
            "chmod: changing permissions of '/models/_triton_models/simple-string-1180__ksp-a53a19561f/config.pbtxt': "
            "Operation not permitted",
            "chmod: changing permissions of '/models/_triton_models/simple-string-167__ksp-a53a19561f': Operation not "
            "permitted",
            "chmod: changing permissions of '/models/_triton_models/simple-string-167__ksp-a53a19561f/config.pbtxt': "
            "Operation not permitted",
            "I0923 08:00:42.118201 1 server.cc:543] ",
            "I0923 08:00:42.118333 1 server.cc:592] Started GRPCInferenceService at 0.0.0.0:8001",
            "I0923 08:00:42.118612 1 http_server.cc:2728] Started HTTPService at 0.0.0.0:8000",
            "I0923 08:00:42.160118 1 http_server.cc:2747] Started Metrics Service at 0.0.0.0:8002",
            "I0923 08:01:15.442310 1 model_repository_manager.cc:1045] loading: simple-string-1180__ksp-a53a19561f:1",
            "I0923 08:01:15.498113 1 model_repository_manager.cc:1212] successfully loaded "
            "'simple-string-1180__ksp-a53a19561f' version 1",
        ],
        at(41),
        [0.01, 0.01, 1.0, 0.01, 0.01, 0.05, 33.0, 0.06],
    )
    return CaseSpec(
        id="healthy-pod-modelmesh-triton-chmod-operation-not-permitted",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="After a restart, the runtime's start-up chmod -R touches model files the adapter container "
        "owns and prints 'Operation not permitted' for each; only the directory needs it. Triton starts, serves "
        "and loads models - the errors are noise.",
        objects=[p],
        logs={f"{name}/triton": log},
        captured=at(900),
        title="ModelMesh Triton runtime logs 'chmod: changing permissions of ... Operation not permitted' after a "
        "restart - unnecessary errors, the server runs",
        source="https://github.com/kserve/modelmesh-serving/pull/36",
    )


@SCENARIOS.add
def missing_file_pod_triton_repository_path_shm_note_and_permission_noise() -> CaseSpec:
    at = Clock(datetime(2020, 8, 26, 7, 20, tzinfo=timezone.utc))
    deployment, ns, host = "triton-inference-server", "default", "gpu-node-1"
    c = Container(
        "triton-inference-server",
        "nvcr.io/nvidia/tritonserver:20.07-v1-py3",
        args=["trtserver", "--model-store=/triton-inference-server-2.1.0/docs/examples/model_repository"],
        resources=gpu(1, "8Gi", "4"),
        mounts=[{"name": "models", "mountPath": "/models"}],
        state=_crash_loop("triton-inference-server", _rs_name(deployment, ns), ns),
        last=terminated(1, at(680), at(684)),
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
        volumes=[{"name": "models", "hostPath": {"path": "/data/model_repository", "type": "Directory"}}],
    )
    name = p["metadata"]["name"]
    prev = text(
        "=============================",
        "== Triton Inference Server ==",
        "=============================",
        "",
        "NVIDIA Release 20.07 (build 14602913)",
        "",
        "Copyright (c) 2018-2020, NVIDIA CORPORATION.  All rights reserved.",
        "",
        "find: '/usr/lib/ssl/private': Permission denied",
        "",
        "NOTE: The SHMEM allocation limit is set to the default of 64MB.  This may be",
        "   insufficient for the inference server.  NVIDIA recommends the use of the following flags:",
        "   nvidia-docker run --shm-size=1g --ulimit memlock=-1 --ulimit stack=67108864 ...",
        "",
        "2020-08-26 07:31:44.308416: I tensorflow/stream_executor/platform/default/dso_loader.cc:48] Successfully "
        "opened dynamic library libcudart.so.11.0",
        "I0826 07:31:44.391923 1 metrics.cc:164] found 1 GPUs supporting NVML metrics",
        "I0826 07:31:44.399476 1 metrics.cc:173]   GPU 0: GeForce RTX 2080 Ti",
        "I0826 07:31:44.399905 1 server.cc:127] Initializing Triton Inference Server",
        "error: creating server: Internal - failed to stat file "
        "/triton-inference-server-2.1.0/docs/examples/model_repository",
    )
    events = [_backoff(p, "triton-inference-server", at, 60, 690, 14)]
    return CaseSpec(
        id="missing-file-pod-triton-repository-path-shm-note-and-permission-noise",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=name,
        evidence="failed to stat file",
        description="The chart points the server at a model repository path that exists on the author's machine, "
        "not in the pod (the volume is mounted at /models). The start-up banner's 64MB SHMEM note and a "
        "'Permission denied' from find are printed on every start and are not why it fails.",
        objects=[p, *events],
        logs={f"{name}/triton-inference-server.previous": prev},
        captured=at(700),
        title="Triton on Kubernetes via helm: error: creating server: Internal - failed to stat file (model "
        "repository path), after the SHMEM 64MB note and find: Permission denied",
        source="https://github.com/triton-inference-server/server/issues/1931",
    )


# -- batch 5 ----------------------------------------------------------------------------------------


@SCENARIOS.add
def disk_full_pod_sglang_hub_download_not_enough_free_space() -> CaseSpec:
    at = Clock(datetime(2025, 1, 8, 9, 0, tzinfo=timezone.utc))
    deployment, ns, host = "sglang-llama-8b", "inference", "h100-node-2"
    c = Container(
        "sglang",
        "lmsysorg/sglang:v0.4.1-cu124",
        command=["python3", "-m", "sglang.launch_server"],
        args=["--model-path", "meta-llama/Llama-3.1-8B-Instruct", "--host", "0.0.0.0", "--port", "30000"],
        env=[{"name": "HF_HOME", "value": "/workspace/models"}],
        resources=gpu(1, "64Gi", "8"),
        mounts=[{"name": "models", "mountPath": "/workspace/models"}],
        probes=_http_probe("/health", 30000, kinds=("readinessProbe",), delay=30, period=10),
        state=running(at(12)),
        ready=False,
    )
    p = _rs_pod(
        deployment,
        ns,
        [c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        volumes=[{"name": "models", "persistentVolumeClaim": {"claimName": "models-10g"}}],
    )
    name = p["metadata"]["name"]
    log = stamped(
        [
            "[2025-01-08 09:00:19] server_args=ServerArgs(model_path='meta-llama/Llama-3.1-8B-Instruct', "
            "tokenizer_path='meta-llama/Llama-3.1-8B-Instruct', host='0.0.0.0', port=30000, tp_size=1)",
            "[2025-01-08 09:00:27 TP0] Init torch distributed begin.",
            "[2025-01-08 09:00:28 TP0] Load weight begin. avail mem=78.50 GB",
            "[2025-01-08 09:00:29 TP0] Using model weights format ['*.safetensors']",
            "/usr/local/lib/python3.10/dist-packages/huggingface_hub/file_download.py:651: UserWarning: Not enough free "
            "disk space to download the file. The expected file size is: 4915.92 MB. The target location "
            "/workspace/models/models--meta-llama--Llama-3.1-8B-Instruct/blobs only has 748.94 MB free disk space.",
            "  warnings.warn(",
        ],
        at(19),
        [8, 1, 1, 2, 0.01],
    )
    events = [
        event(
            p,
            "Unhealthy",
            'Readiness probe failed: Get "http://10.244.2.31:30000/health": dial tcp '
            "10.244.2.31:30000: connect: connection refused",
            at(40),
            last=at(2390),
            count=236,
            host=host,
        ),
    ]
    return CaseSpec(
        id="disk-full-pod-sglang-hub-download-not-enough-free-space",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="disk-full",
        culprit=name,
        evidence="Not enough free disk space to download the file",
        description="The volume for the Hugging Face cache has 749 MB free for a 4.9 GB shard; huggingface_hub "
        "only warns, the download never completes, and the server neither exits nor becomes ready.",
        objects=[p, *events],
        logs={f"{name}/sglang": log},
        captured=at(2400),
        title="SGLang server never starts and never exits: UserWarning: Not enough free disk space to download the "
        "file. The expected file size is: 4915.92 MB ... only has 748.94 MB free disk space",
        source="https://github.com/sgl-project/sglang/issues/2801",
    )


@SCENARIOS.add
def shm_exhausted_job_multiprocessing_semlock_no_space() -> CaseSpec:
    at = Clock(datetime(2023, 8, 14, 6, 0, tzinfo=timezone.utc))
    ctr = Container(
        "train",
        "registry.corp.example/tts/vits-finetune:1.2",
        command=[
            "python",
            "finetune_speaker_v2.py",
            "-m",
            "./OUTPUT_MODEL",
            "--max_epochs",
            "1000",
            "--drop_speaker_embed",
            "True",
        ],
        resources=gpu(1, "32Gi", "8"),
    )
    lines = [
        "/root/miniconda3/envs/vits/lib/python3.8/site-packages/joblib/_multiprocessing_helpers.py:46: UserWarning: "
        "[Errno 28] No space left on device.  joblib will operate in serial mode",
        "  warnings.warn('%s.  joblib will operate in serial mode' % (e,))",
        "Traceback (most recent call last):",
        '  File "finetune_speaker_v2.py", line 372, in <module>',
        "    main()",
        '  File "finetune_speaker_v2.py", line 55, in main',
        "    mp.spawn(run, nprocs=n_gpus, args=(n_gpus, hps,))",
        '  File "/root/miniconda3/envs/vits/lib/python3.8/site-packages/torch/multiprocessing/spawn.py", line 239, in '
        "spawn",
        "    return start_processes(fn, args, nprocs, join, daemon, start_method='spawn')",
        '  File "/root/miniconda3/envs/vits/lib/python3.8/site-packages/torch/multiprocessing/spawn.py", line 182, in '
        "start_processes",
        "    error_queue = mp.SimpleQueue()",
        '  File "/root/miniconda3/envs/vits/lib/python3.8/multiprocessing/context.py", line 113, in SimpleQueue',
        "    return SimpleQueue(ctx=self.get_context())",
        '  File "/root/miniconda3/envs/vits/lib/python3.8/multiprocessing/queues.py", line 336, in __init__',
        "    self._rlock = ctx.Lock()",
        '  File "/root/miniconda3/envs/vits/lib/python3.8/multiprocessing/context.py", line 68, in Lock',
        "    return Lock(ctx=self.get_context())",
        '  File "/root/miniconda3/envs/vits/lib/python3.8/multiprocessing/synchronize.py", line 162, in __init__',
        "    SemLock.__init__(self, SEMAPHORE, 1, 1, ctx=ctx)",
        '  File "/root/miniconda3/envs/vits/lib/python3.8/multiprocessing/synchronize.py", line 57, in __init__',
        "    sl = self._semlock = _multiprocessing.SemLock(",
        "OSError: [Errno 28] No space left on device",
    ]
    return _job_case(
        id="shm-exhausted-job-multiprocessing-semlock-no-space",
        name="vits-speaker-finetune",
        ns="speech",
        at=at,
        ctr=ctr,
        exit_code=1,
        ran=(6, 21),
        log=text(*lines),
        category="shm-exhausted",
        evidence="SemLock",
        description="Python's multiprocessing creates its locks as POSIX semaphores in /dev/shm; with the "
        "container's tiny /dev/shm full, creating one fails with ENOSPC though the disks have room (joblib "
        "already fell back to serial mode for the same reason).",
        title="VITS fine-tuning fails at start: multiprocessing SemLock -> OSError: [Errno 28] No space left on "
        "device, though there is enough disk space",
        source="https://github.com/Plachtaa/VITS-fast-fine-tuning/issues/397",
        captured=200,
    )


@SCENARIOS.add
def oom_killed_job_datasets_map_subprocess_abruptly_died() -> CaseSpec:
    at = Clock(datetime(2025, 3, 2, 10, 0, tzinfo=timezone.utc))
    ctr = Container(
        "sft",
        "registry.corp.example/llm/unsloth-sft:2025.2",
        command=["python", "sft_unsloth.py", "--dataset", "/data/chat.jsonl", "--num-proc", "16"],
        resources=gpu(1, "32Gi", "8"),
    )
    lines = [
        "==((====))==  Unsloth 2025.2.15: Fast Qwen2 patching. Transformers: 4.49.0.",
        "Unsloth: Standardizing formats (num_proc=16):  38%|███▊      | 190000/500000 [01:12<01:58, 2611.42 "
        "examples/s]",
        "Traceback (most recent call last):",
        '  File "/opt/conda/lib/python3.11/site-packages/datasets/arrow_dataset.py", line 3166, in map',
        "    for rank, done, content in iflatmap_unordered(",
        '  File "/opt/conda/lib/python3.11/site-packages/datasets/utils/py_utils.py", line 713, in iflatmap_unordered',
        "    raise RuntimeError(",
        "RuntimeError: One of the subprocesses has abruptly died during map operation.To debug the error, disable "
        "multiprocessing.",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        "Traceback (most recent call last):",
        '  File "/app/sft_unsloth.py", line 44, in <module>',
        "    dataset = standardize_data_formats(dataset)",
        '  File "/opt/conda/lib/python3.11/site-packages/unsloth_zoo/dataset_utils.py", line 471, in '
        "standardize_data_formats",
        "    raise RuntimeError(",
        "RuntimeError: Unsloth: Process crashed: One of the subprocesses has abruptly died during map operation.To "
        "debug the error, disable multiprocessing.",
        "Try reducing num_proc (currently 16) to a lower value.",
    ]
    return _job_case(
        id="oom-killed-job-datasets-map-subprocess-abruptly-died",
        name="qwen-chat-sft",
        ns="llm-finetune",
        at=at,
        ctr=ctr,
        exit_code=1,
        ran=(8, 140),
        log=text(*lines),
        category="oom-killed",
        evidence="One of the subprocesses has abruptly died during map operation",
        description="Sixteen map processes each hold a copy of their shard; the container's memory runs out and "
        "the kernel kills one of them (SIGKILL), which datasets reports only as a subprocess that abruptly died.",
        title="Memory exhaustion crashes datasets' multiprocessing map in standardize_data_formats: RuntimeError: "
        "One of the subprocesses has abruptly died during map operation",
        source="https://github.com/unslothai/unsloth-zoo/issues/87",
        captured=400,
    )


@SCENARIOS.add
def permission_denied_pod_git_sync_key_too_open_publickey() -> CaseSpec:
    at = Clock(datetime(2023, 9, 22, 2, 10, tzinfo=timezone.utc))
    ns, host = "data-eng", "worker-7"
    sts = "spark-master"
    err = (
        '"msg"="too many failures, aborting" "error"="Run(git clone -v --no-checkout -b main '
        'git@gitlab.corp.example:data/sparks-job.git /data): exit status 128: { stdout: \\"\\", stderr: '
        "\\\"Cloning into '/data'...\\\\nFailed to add the ECDSA host key for IP address '192.168.0.11' to the list "
        "of known hosts (/etc/git-secret/known_hosts).\\\\r\\\\n@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@"
        "@@@@@@\\\\r\\\\n@         WARNING: UNPROTECTED PRIVATE KEY FILE!          @\\\\r\\\\n@@@@@@@@@@@@@@@@@@@@@@@@@"
        "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\\\\r\\\\nPermissions 0440 for '/etc/git-secret/ssh' are too open.\\\\r\\\\n"
        "It is required that your private key files are NOT accessible by others.\\\\r\\\\nThis private key will be "
        'ignored.\\\\r\\\\nLoad key \\\\\\"/etc/git-secret/ssh\\\\\\": bad permissions\\\\r\\\\n'
        "git@gitlab.corp.example: Permission denied (publickey).\\\\r\\\\nfatal: Could not read from remote "
        'repository.\\\\n\\\\nPlease make sure you have the correct access rights\\\\nand the repository exists.\\\\n\\" }"'
    )
    sync = Container(
        "git-sync-sparks-job",
        "registry.k8s.io/git-sync/git-sync:v3.6.5",
        env=[
            {"name": "GIT_SYNC_REPO", "value": "git@gitlab.corp.example:data/sparks-job.git"},
            {"name": "GIT_SYNC_SSH", "value": "true"},
        ],
        mounts=[{"name": "git-secret", "mountPath": "/etc/git-secret", "readOnly": True}],
        resources=cpu_only("128Mi", "100m"),
        state=_crash_loop("git-sync-sparks-job", f"{sts}-0", ns),
        last=terminated(1, at(560), at(561)),
        restarts=6,
    )
    spark = Container(
        "spark-master",
        "docker.io/bitnami/spark:3.4.1",
        resources=cpu_only("4Gi", "2"),
        state=running(at(20)),
        ready=True,
    )
    p = _sts_pod(
        sts,
        0,
        ns,
        [spark, sync],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        volumes=[{"name": "git-secret", "secret": {"secretName": "git-creds", "defaultMode": 288}}],
    )
    name = p["metadata"]["name"]
    prev = text(
        "INFO: detected pid 1, running init handler",
        'I0922 02:14:53.822649      12 main.go:401] "level"=0 "msg"="starting up" "pid"=12 "args"=["/git-sync"]',
        'I0922 02:14:53.838928      12 main.go:950] "level"=0 "msg"="cloning repo" '
        '"origin"="git@gitlab.corp.example:data/sparks-job.git" "path"="/data"',
        f"E0922 02:14:53.967181      12 main.go:547] {err}",
    )
    events = [_backoff(p, "git-sync-sparks-job", at, 30, 570, 12)]
    return CaseSpec(
        id="permission-denied-pod-git-sync-key-too-open-publickey",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=name,
        evidence="Permission denied (publickey)",
        description="The deploy key is mounted from a Secret with mode 0440; ssh refuses a private key readable "
        "by the group and ignores it, so the Git server denies the clone and the git-sync sidecar crash-loops.",
        objects=[p, *events],
        logs={f"{name}/git-sync-sparks-job.previous": prev},
        captured=at(600),
        title="git-sync sidecar in a Spark master pod fails: Permissions 0440 for '/etc/git-secret/ssh' are too "
        "open ... Permission denied (publickey)",
        source="https://github.com/bitnami/charts/issues/19445",
    )


@SCENARIOS.add
def config_error_pod_image_without_cmd_no_command_specified() -> CaseSpec:
    at = Clock(datetime(2019, 10, 29, 14, 0, tzinfo=timezone.utc))
    deployment, ns, host = "ecm-cpe", "ecm", "worker-2"
    c = Container(
        "ecm-cpe",
        "registry.corp.example/ecm/cpe:ga-553-p8cpe",
        resources=cpu_only("3Gi", "1"),
        state=waiting("CreateContainerError", "Error response from daemon: No command specified"),
    )
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1))
    name = p["metadata"]["name"]
    events = [
        event(
            p,
            "Pulled",
            'Container image "registry.corp.example/ecm/cpe:ga-553-p8cpe" already present on machine',
            at(3),
            last=at(880),
            count=60,
            type_="Normal",
            host=host,
        ),
        event(
            p,
            "Failed",
            "Error: Error response from daemon: No command specified",
            at(3),
            last=at(880),
            count=60,
            host=host,
        ),
    ]
    return CaseSpec(
        id="config-error-pod-image-without-cmd-no-command-specified",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="No command specified",
        description="The image (loaded from an archive that lost its config) has no CMD or ENTRYPOINT and the pod "
        "spec gives no command, so the runtime cannot create the container.",
        objects=[p, *events],
        captured=at(900),
        title="Deployment's pod never starts: Error: Error response from daemon: No command specified",
        source="https://github.com/ibm-ecm/ibm-fncm-containers/issues/11",
    )


# -- batch 6 ----------------------------------------------------------------------------------------


@SCENARIOS.add
def config_error_pod_run_as_non_root_non_numeric_user() -> CaseSpec:
    at = Clock(datetime(2021, 9, 9, 15, 0, tzinfo=timezone.utc))
    deployment, ns, host = "kuard", "default", "worker-1"
    c = Container(
        "kuard",
        "gcr.io/kuar-demo/kuard-amd64:blue",
        ports=[{"containerPort": 8080, "protocol": "TCP"}],
        resources=cpu_only("128Mi", "100m"),
    )
    name = _rs_name(deployment, ns)
    msg = (
        "container has runAsNonRoot and image has non-numeric user (nobody), cannot verify user is non-root (pod: "
        f'"{name}_{ns}({uid(ns, "pod", name)})", container: kuard)'
    )
    c.state = waiting("CreateContainerConfigError", msg)
    p = _rs_pod(deployment, ns, [c], created=at(0), phase="Pending", node=host, scheduled=at(1))
    p["spec"]["securityContext"] = {"runAsNonRoot": True}
    events = [
        event(
            p,
            "Pulled",
            'Container image "gcr.io/kuar-demo/kuard-amd64:blue" already present on machine',
            at(2),
            last=at(17),
            count=3,
            type_="Normal",
            host=host,
        ),
        event(p, "Failed", f"Error: {msg}", at(2), last=at(17), count=3, host=host),
    ]
    return CaseSpec(
        id="config-error-pod-run-as-non-root-non-numeric-user",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="cannot verify user is non-root",
        description="The image runs as USER nobody:nobody, a name; with runAsNonRoot the kubelet must verify the "
        "user is not root before it starts the container and cannot from a name, so it refuses.",
        objects=[p, *events],
        captured=at(25),
        title="kuard fails to start with runAsNonRoot: Error: container has runAsNonRoot and image has non-numeric "
        "user (nobody), cannot verify user is non-root",
        source="https://github.com/kubernetes-up-and-running/kuard/issues/43",
    )


@SCENARIOS.add
def permission_denied_pod_gitpuller_init_cannot_create_work_tree() -> CaseSpec:
    at = Clock(datetime(2024, 7, 23, 12, 10, tzinfo=timezone.utc))
    ns, host = "neurohack", "user-pool-node-3"
    name = "jupyter-user-7f3a"
    init = Container(
        "jupyterhub-gitpuller-init",
        "quay.io/jupyterhub/k8s-network-tools:3.3.7",
        command=["sh", "-xc", 'gitpuller "$REPO_URL" "$BRANCH" "$TARGET"'],
        mounts=[{"name": "home", "mountPath": "/home/jovyan"}],
        state=_crash_loop("jupyterhub-gitpuller-init", name, ns),
        last=terminated(1, at(95), at(97)),
        restarts=3,
    )
    nb = Container(
        "notebook",
        "quay.io/2i2c/neurohackademy-image:2024.07",
        resources=cpu_only("4Gi", "1"),
        state=waiting("PodInitializing"),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "jupyterhub", "component": "singleuser-server", "hub.jupyter.org/username": "user-7f3a"},
        owner=None,
        containers=[nb],
        init=[init],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(1),
        volumes=[{"name": "home", "persistentVolumeClaim": {"claimName": "home-nfs"}}],
    )
    prev = text(
        "+ '[' -z curriculum ']'",
        "+ '[' -z https://github.com/NeuroHackademy2024/curriculum ']'",
        "+ '[' -z main ']'",
        "+ gitpuller https://github.com/NeuroHackademy2024/curriculum main /home/jovyan/curriculum",
        "[2024-07-23 12:12:15,831] INFO -- Repo /home/jovyan/curriculum doesn't exist. Cloning...",
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/gitpuller", line 8, in <module>',
        "$ git clone --depth 1 --branch main -- https://github.com/NeuroHackademy2024/curriculum "
        "/home/jovyan/curriculum",
        "",
        "fatal: could not create work tree dir '/home/jovyan/curriculum': Permission denied",
        "",
        "    sys.exit(main())",
        "             ^^^^^^",
        '  File "/usr/local/lib/python3.12/site-packages/nbgitpuller/pull.py", line 361, in main',
        "    for line in GitPuller(",
        '  File "/usr/local/lib/python3.12/site-packages/nbgitpuller/pull.py", line 48, in execute_cmd',
        "    raise subprocess.CalledProcessError(ret, cmd)",
        "subprocess.CalledProcessError: Command '['git', 'clone', '--depth', '1', '--branch', 'main', '--', "
        "'https://github.com/NeuroHackademy2024/curriculum', '/home/jovyan/curriculum']' returned non-zero exit "
        "status 128.",
    )
    events = [_backoff(p, "jupyterhub-gitpuller-init", at, 20, 290, 6)]
    return CaseSpec(
        id="permission-denied-pod-gitpuller-init-cannot-create-work-tree",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=name,
        evidence="could not create work tree dir '/home/jovyan/curriculum': Permission denied",
        description="The init container that clones the course material runs as a user that may not write the "
        "freshly provisioned home volume (owned by root), so git cannot create the checkout directory and the "
        "user's server never starts.",
        objects=[p, *events],
        logs={f"{name}/jupyterhub-gitpuller-init.previous": prev},
        captured=at(300),
        title="gitpuller init container fails: fatal: could not create work tree dir '/home/jovyan/curriculum': "
        "Permission denied",
        source="https://github.com/2i2c-org/infrastructure/pull/4477",
    )


@SCENARIOS.add
def disk_full_pod_runtime_cannot_write_resolv_conf_no_space() -> CaseSpec:
    at = Clock(datetime(2023, 7, 26, 7, 41, tzinfo=timezone.utc))
    ns, host = "binder-ovh", "user-202211a-node-7cb28d"
    name = "jupyter-deltares-2ddfm-5ftools-2dwwkth8hu"
    err = (
        "failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create "
        "failed: unable to start container process: error during container init: error mounting "
        '"/var/lib/containerd/io.containerd.grpc.v1.cri/sandboxes/5836d2ab87a4df94658270fc3f27d2a445ffbc1dfe7946ffef17'
        'c527a7b00158/resolv.conf" to rootfs at "/etc/resolv.conf": open /run/containerd/io.containerd.runtime.v2.task/'
        "k8s.io/tc-init/rootfs/etc/resolv.conf: no space left on device: unknown"
    )
    init = Container(
        "tc-init",
        "jupyterhub/mybinder.org-tc-init:2020.12.4-0.dev.git.4289.h140cef52",
        state=waiting("RunContainerError", err),
        last=terminated(128, at(3), at(3), reason="StartError", message=err),
        restarts=1,
    )
    nb = Container(
        "notebook",
        "registry.example/mybinder-builds/r2d-g5b5b759deltares-2ddfm-5ftools-eff2ec:13738de3a180",
        resources=cpu_only("2Gi", "1"),
        state=waiting("PodInitializing"),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "jupyterhub", "component": "singleuser-server"},
        owner=None,
        containers=[nb],
        init=[init],
        created=at(0),
        phase="Pending",
        node=host,
        scheduled=at(0),
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
            'Container image "jupyterhub/mybinder.org-tc-init:2020.12.4-0.dev.git.4289.h140cef52" '
            "already present on machine",
            at(2),
            type_="Normal",
            host=host,
        ),
        event(p, "Created", "Created container tc-init", at(2), type_="Normal", host=host),
        event(p, "Failed", f"Error: {err}", at(3), host=host),
        event(
            p,
            "Failed",
            "Error: write /var/lib/kubelet/pods/129e7996-a61c-483a-ba70-5dadf255bc81/etc-hosts: no "
            "space left on device",
            at(4),
            host=host,
        ),
    ]
    return CaseSpec(
        id="disk-full-pod-runtime-cannot-write-resolv-conf-no-space",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="disk-full",
        culprit=name,
        evidence="no space left on device",
        description="The node's disk is full: the container runtime cannot even write the container's resolv.conf "
        "and the kubelet its etc-hosts, so the pod's init container cannot start. Nothing is wrong with the spec.",
        objects=[p, *events],
        captured=at(60),
        title="A user server fails to launch: OCI runtime create failed ... /etc/resolv.conf: no space left on "
        "device, and write .../etc-hosts: no space left on device",
        source="https://github.com/jupyterhub/mybinder.org-user-guide/issues/283",
    )


# -- batch 7 ----------------------------------------------------------------------------------------


@SCENARIOS.add
def shm_exhausted_pod_tgi_download_process_signal_7() -> CaseSpec:
    at = Clock(datetime(2023, 6, 13, 12, 0, tzinfo=timezone.utc))
    deployment, ns, host = "tgi-bloom-560m", "llm-serving", "a100-node-1"
    c = Container(
        "text-generation-inference",
        "ghcr.io/huggingface/text-generation-inference:0.8",
        args=["--model-id", "bigscience/bloom-560m", "--num-shard", "2"],
        resources=gpu(2, "64Gi", "16"),
        mounts=[{"name": "data", "mountPath": "/data"}],
        state=_crash_loop("text-generation-inference", _rs_name(deployment, ns), ns),
        last=terminated(1, at(400), at(436)),
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
        volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "tgi-data"}}],
    )
    name = p["metadata"]["name"]
    prev = text(
        '2023-06-13T12:06:40.118204Z  INFO text_generation_launcher: Args { model_id: "bigscience/bloom-560m", '
        "revision: None, sharded: None, num_shard: Some(2), quantize: None, trust_remote_code: false, "
        'max_concurrent_requests: 128, hostname: "0.0.0.0", port: 80, shard_uds_path: '
        '"/tmp/text-generation-server", master_addr: "localhost", master_port: 29500, huggingface_hub_cache: '
        'Some("/data"), weights_cache_override: None, disable_custom_kernels: false, json_output: false, '
        "otlp_endpoint: None, cors_allow_origin: [], watermark_gamma: None, watermark_delta: None, env: false }",
        "2023-06-13T12:06:40.118260Z  INFO text_generation_launcher: Sharding model on 2 processes",
        "2023-06-13T12:06:40.118413Z  INFO text_generation_launcher: Starting download process.",
        "2023-06-13T12:07:15.771420Z ERROR text_generation_launcher: Download process was signaled to shutdown "
        "with signal 7",
        "Error: DownloadError",
    )
    events = [_backoff(p, "text-generation-inference", at, 60, 590, 10)]
    return CaseSpec(
        id="shm-exhausted-pod-tgi-download-process-signal-7",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="shm-exhausted",
        culprit=name,
        evidence="signal 7",
        description="Sharded serving needs a shared-memory volume at /dev/shm; without it the launcher's child "
        "dies of SIGBUS (signal 7) and the launcher gives up. The fix is mounting the shm volume.",
        objects=[p, *events],
        logs={f"{name}/text-generation-inference.previous": prev},
        captured=at(600),
        title="TGI with --num-shard 2: Error: Download process was signaled to shutdown with signal 7 - the shm "
        "volume was not mounted",
        source="https://github.com/huggingface/text-generation-inference/issues/446",
    )


@SCENARIOS.add
def disk_full_pod_notebook_ephemeral_limit_inherited_from_sidecar() -> CaseSpec:
    at = Clock(datetime(2023, 10, 7, 9, 0, tzinfo=timezone.utc))
    ns, host = "default", "gke-nb-l4-pool-9a1c-x2k4"
    sts = "falcon-7b-notebook"
    msg = "Pod ephemeral local storage usage exceeds the total limit of containers 100Gi. "
    nb = Container(
        "notebook",
        "us-docker.pkg.dev/example/substratus/falcon-7b-notebook:latest",
        resources=gpu(1, "32Gi", "8"),
        state=terminated(137, at(30), at(9020), reason="Error"),
    )
    fuse = Container(
        "gke-gcsfuse-sidecar",
        "gke.gcr.io/gcs-fuse-csi-driver-sidecar-mounter:v0.1.4-gke.0",
        resources={"limits": {"cpu": "250m", "ephemeral-storage": "100Gi", "memory": "256Mi"}},
        state=terminated(0, at(20), at(9012), reason="Completed"),
    )
    p = _sts_pod(
        sts,
        0,
        ns,
        [fuse, nb],
        created=at(0),
        phase="Failed",
        node=host,
        scheduled=at(2),
        reason="Evicted",
        message=msg,
        qos="Burstable",
    )
    name = p["metadata"]["name"]
    events = [
        event(p, "Evicted", msg, at(9010), host=host),
        event(p, "Killing", "Stopping container gke-gcsfuse-sidecar", at(9010), type_="Normal", host=host),
        event(p, "Killing", "Stopping container notebook", at(9010), type_="Normal", host=host),
    ]
    return CaseSpec(
        id="disk-full-pod-notebook-ephemeral-limit-inherited-from-sidecar",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="disk-full",
        culprit=name,
        evidence="ephemeral local storage usage exceeds the total limit",
        description="Only the storage sidecar sets an ephemeral-storage limit, but the kubelet applies the sum of "
        "the containers' limits to the whole pod; the notebook's writes pass 100Gi and the pod is evicted though "
        "the node had room.",
        objects=[p, *events],
        captured=at(9300),
        title="Notebook evicted: Pod ephemeral local storage usage exceeds the total limit of containers 100Gi - "
        "every container inherits the sidecar's limit",
        source="https://github.com/substratusai/runbooks/issues/246",
    )


@SCENARIOS.add
def permission_denied_job_dataset_initializer_hf_cache_root() -> CaseSpec:
    at = Clock(datetime(2026, 6, 24, 10, 0, tzinfo=timezone.utc))
    ctr = Container(
        "dataset-initializer",
        "ghcr.io/kubeflow/trainer/dataset-initializer:v2.0.0",
        env=[{"name": "STORAGE_URI", "value": "hf://tatsu-lab/alpaca"}],
        resources=cpu_only("2Gi", "1"),
    )
    log = text(
        "2026-06-24T10:00:21Z INFO     [__main__.py:28] Starting dataset initialization",
        "2026-06-24T10:00:21Z INFO     [huggingface.py:36] Downloading dataset: tatsu-lab/alpaca",
        "Traceback (most recent call last):",
        '  File "/app/kubeflow/trainer/dataset_initializer/huggingface.py", line 44, in download_dataset',
        "    huggingface_hub.snapshot_download(",
        '  File "/usr/local/lib/python3.11/site-packages/huggingface_hub/_snapshot_download.py", line 209, in '
        "snapshot_download",
        "    os.makedirs(storage_folder, exist_ok=True)",
        '  File "<frozen os>", line 215, in makedirs',
        '  File "<frozen os>", line 225, in makedirs',
        "PermissionError: [Errno 13] Permission denied: '/.cache'",
    )
    return _job_case(
        id="permission-denied-job-dataset-initializer-hf-cache-root",
        name="fine-tune-qwen-dataset-initializer",
        ns="ml-team",
        at=at,
        ctr=ctr,
        exit_code=1,
        ran=(20, 23),
        log=log,
        category="permission-denied",
        evidence="Permission denied: '/.cache'",
        description="Under OpenShift's restricted SCC the initializer runs as an arbitrary UID with no writable "
        "HOME; with HF_HOME unset, huggingface_hub writes to /.cache and is refused.",
        title="fine_tune on OpenShift: initializer pods crash with PermissionError: [Errno 13] Permission denied: "
        "'/.cache' - no HF_HOME set",
        source="https://github.com/kubeflow/mcp-server/issues/33",
        captured=200,
        node_name="cpu-node-09",
    )
