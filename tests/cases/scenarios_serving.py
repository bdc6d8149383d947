"""Cases from model-test, evaluation and inference pipelines: evaluation harnesses run as Jobs
(lm-evaluation-harness, opencompass-style platform scripts) and inference servers run as Pods
(vLLM, SGLang, TGI, Triton with TensorRT-LLM). Error text follows what people paste in public
issue threads (EleutherAI/lm-evaluation-harness, vllm-project/vllm, sgl-project/sglang,
huggingface/text-generation-inference, triton-inference-server/tensorrtllm_backend, pypa/pip);
names and namespaces are made up.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    Scenarios,
    digest,
    event,
    failed_job,
    failed_job_case,
    gpu,
    pod,
    running,
    stamped,
    suffix,
    terminated,
    text,
    uid,
    waiting,
)

SCENARIOS = Scenarios()


def _replica_set_owner(namespace: str, deployment: str) -> tuple[str, Obj]:
    """The pod-template-hash and the ownerReference a Deployment's ReplicaSet puts on its pods:
    serving pods are diagnosed as Pods, but they carry the owner a Deployment gives them."""
    template_hash = digest(namespace, deployment, n=10)
    rs = f"{deployment}-{template_hash}"
    return template_hash, {
        "apiVersion": "apps/v1",
        "kind": "ReplicaSet",
        "name": rs,
        "uid": uid(namespace, "ReplicaSet", rs),
        "controller": True,
        "blockOwnerDeletion": True,
    }


def _served_name(deployment: str, namespace: str) -> str:
    return f"{deployment}-{_replica_set_owner(namespace, deployment)[0]}-{suffix(deployment, namespace)}"


def _served_pod(
    *, deployment: str, namespace: str, container: Container, at: Clock, node: str, phase: str = "Running"
) -> Obj:
    template_hash, owner = _replica_set_owner(namespace, deployment)
    name = _served_name(deployment, namespace)
    return pod(
        name=name,
        namespace=namespace,
        labels={"app": deployment, "pod-template-hash": template_hash},
        owner=owner,
        containers=[container],
        created=at(0),
        phase=phase,
        node=node,
        scheduled=at(1),
        restart_policy="Always",
        qos="Guaranteed",
    )


def _crash_loop(container: str, pod_name: str, back_off: str = "5m0s") -> Obj:
    return waiting("CrashLoopBackOff", f"back-off {back_off} restarting failed container={container} pod={pod_name}")


def _crash_looping_server(
    *,
    id: str,
    category: str,
    evidence: str,
    description: str,
    deployment: str,
    namespace: str,
    at: Clock,
    container: Container,
    node: str,
    previous_log: str,
    back_off: str,
    back_offs: tuple[float, float, int],
    captured: float,
) -> CaseSpec:
    """A server pod that exits while starting and crash-loops: only its previous log holds the error,
    and the kubelet's BackOff event (first, last, count) says it keeps restarting."""
    name = _served_name(deployment, namespace)
    container.state = _crash_loop(container.name, f"{name}_{namespace}", back_off)
    p = _served_pod(deployment=deployment, namespace=namespace, container=container, at=at, node=node)
    first, last, count = back_offs
    events = [
        event(
            p,
            "BackOff",
            f"Back-off restarting failed container {container.name} in pod {name}",
            at(first),
            last=at(last),
            count=count,
            host=node,
        )
    ]
    return CaseSpec(
        id=id,
        kind="Pod",
        name=name,
        namespace=namespace,
        healthy=False,
        category=category,
        culprit=name,
        evidence=evidence,
        description=description,
        objects=[p, *events],
        logs={f"{name}/{container.name}.previous": previous_log},
        captured=at(captured),
    )


# -- evaluation and model-test Jobs ----------------------------------------------------------


@SCENARIOS.add
def network_error_job_eval_dataset_read_timeout() -> CaseSpec:
    at = Clock(datetime(2026, 7, 1, 3, 0, tzinfo=timezone.utc))
    name, ns = "nightly-mmlu-eval", "model-qa"
    tmpl = Container(
        "harness",
        "registry.corp.example/eval/lm-eval:0.4.4-cu121",
        command=[
            "accelerate",
            "launch",
            "--multi_gpu",
            "--num_processes",
            "2",
            "-m",
            "lm_eval",
            "--model",
            "hf",
            "--model_args",
            "pretrained=/models/candidate",
            "--tasks",
            "mmlu,arc_challenge",
            "--batch_size",
            "8",
        ],
        resources=gpu(2, "96Gi", "16"),
    )
    job, p = failed_job(name=name, namespace=ns, at=at, container=tmpl, exit_code=1, ran=(12, 171), node="a10g-eval-4")
    frames = [
        (
            "/usr/local/lib/python3.10/dist-packages/lm_eval/__main__.py",
            382,
            "cli_evaluate",
            "results = evaluator.simple_evaluate(",
        ),
        (
            "/usr/local/lib/python3.10/dist-packages/lm_eval/evaluator.py",
            235,
            "simple_evaluate",
            "task_dict = get_task_dict(tasks, task_manager)",
        ),
        (
            "/usr/local/lib/python3.10/dist-packages/datasets/load.py",
            1914,
            "dataset_module_factory",
            "raise e1 from None",
        ),
    ]

    def rank_lines(rank: int) -> list[str]:
        out = [f"[rank{rank}]: Traceback (most recent call last):"]
        for path, line, func, source in frames:
            out += [f'[rank{rank}]:   File "{path}", line {line}, in {func}', f"[rank{rank}]:     {source}"]
        out.append(f"[rank{rank}]: ConnectionError: Couldn't reach 'cais/mmlu' on the Hub (ReadTimeout)")
        return out

    lines = [
        "2026-07-01:03:00:31,114 INFO     [__main__.py:279] Verbosity set to INFO",
        "2026-07-01:03:00:39,870 INFO     [__main__.py:376] Selected Tasks: ['arc_challenge', 'mmlu']",
        "2026-07-01:03:00:39,902 INFO     [evaluator.py:161] Setting random seed to 0 | Setting numpy seed to 1234",
        "2026-07-01:03:00:41,338 INFO     [huggingface.py:367] Model parallel was set to False, max memory was not "
        "set, and device map was set to {'': 'cuda:0'}",
        "Loading checkpoint shards: 100%|##########| 4/4 [00:21<00:00,  5.31s/it]",
        "'(ReadTimeoutError(\"HTTPSConnectionPool(host='huggingface.co', port=443): Read timed out. (read "
        "timeout=10)\"), '(Request ID: 3c1e7a92-0d4b-4f6e-8a1d-b2c9e5f07a13)')' thrown while requesting GET "
        "https://huggingface.co/api/datasets/cais/mmlu/revision/main",
        "Retrying in 1s [Retry 1/5].",
        *rank_lines(1),
        *rank_lines(0),
        "W0701 03:02:49.118000 140031 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 118 "
        "closing signal SIGTERM",
        "E0701 03:02:49.402000 140031 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) "
        "local_rank: 0 (pid: 117) of binary: /usr/bin/python3",
        "subprocess.CalledProcessError: Command '['/usr/bin/python3', '-m', 'torch.distributed.run', "
        "'--nproc_per_node', '2', '-m', 'lm_eval']' returned non-zero exit status 1.",
    ]
    pod_name = p["metadata"]["name"]
    return CaseSpec(
        id="network-error-job-eval-dataset-read-timeout",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="network-error",
        culprit=pod_name,
        evidence="Couldn't reach 'cais/mmlu' on the Hub (ReadTimeout)",
        description="A nightly evaluation under accelerate cannot fetch its benchmark from the hub: both ranks "
        "fail loading the dataset with a read timeout (lm-evaluation-harness#762 shape), and "
        "accelerate's CalledProcessError follows.",
        objects=[job, p],
        logs={f"{pod_name}/harness": stamped(lines, at(14), [8, 0.1, 1.5, 22, 9, 1, 0.2])},
        captured=at(240),
    )


@SCENARIOS.add
def volume_error_job_eval_model_volume_not_mounted() -> CaseSpec:
    at = Clock(datetime(2026, 7, 2, 9, 0, tzinfo=timezone.utc))
    name, ns = "release-gate-ocr-v7", "model-qa"
    tmpl = Container(
        "modeltest",
        "registry.corp.example/qa/model-test-runner:3.2",
        command=["/opt/runner/entrypoint.sh"],
        resources=gpu(1, "32Gi", "8"),
    )
    log = text(
        "[runner] model-test-runner 3.2 starting, suite=ocr-release-gate",
        "[runner] checking MODEL_DIR=/mnt/models/ocr-v7",
        "[runner] WARNING: /mnt/models is not a mountpoint - the model volume claim is not mounted in this pod",
        "[runner] listing /mnt/models/ocr-v7: (empty)",
        "Traceback (most recent call last):",
        '  File "/opt/runner/run_suite.py", line 57, in <module>',
        "    model = load_model(os.environ['MODEL_DIR'])",
        '  File "/opt/runner/loader.py", line 22, in load_model',
        "    with open(os.path.join(path, 'model_config.yaml')) as f:",
        "FileNotFoundError: [Errno 2] No such file or directory: '/mnt/models/ocr-v7/model_config.yaml'",
    )
    return failed_job_case(
        id="volume-error-job-eval-model-volume-not-mounted",
        category="volume-error",
        evidence="is not a mountpoint",
        description="A model-test Job whose pod template lost its volumes: the runner says the model claim is "
        "not mounted, then the model file is missing. The missing file follows from the missing "
        "mount, which is what to fix.",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=1,
        ran=(8, 14),
        node="t4-qa-9",
        log=log,
        captured=60,
    )


@SCENARIOS.add
def dependency_error_job_pip_invalid_requirement() -> CaseSpec:
    at = Clock(datetime(2026, 7, 3, 14, 0, tzinfo=timezone.utc))
    name, ns = "eval-reranker-bench", "search-eval"
    tmpl = Container(
        "bench",
        "python:3.11-slim",
        command=[
            "sh",
            "-c",
            "pip install -q -r /workspace/requirements.txt; lm_eval --tasks "
            "/workspace/tasks --model hf --model_args pretrained=/models/reranker",
        ],
        resources=gpu(1, "24Gi", "6"),
    )
    log = text(
        "ERROR: Invalid requirement: 'lm_eval[hf]=0.4.4': Expected end or semicolon (after name and no valid "
        "version specifier)",
        "    lm_eval[hf]=0.4.4",
        "               ^ (from line 3 of /workspace/requirements.txt)",
        "Hint: = is not a valid operator. Did you mean == ?",
        "",
        "[notice] A new release of pip is available: 24.0 -> 24.2",
        "[notice] To update, run: pip install --upgrade pip",
        "sh: 1: lm_eval: not found",
    )
    return failed_job_case(
        id="dependency-error-job-pip-invalid-requirement",
        category="dependency-error",
        evidence="Invalid requirement",
        description="A typo in requirements.txt ('=' for '==') makes pip install nothing; the shell goes on and "
        "exits 127 because the harness was never installed. The pip failure is the cause, the "
        "missing command its consequence.",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=127,
        ran=(9, 13),
        node="l4-eval-7",
        log=log,
        captured=60,
    )


@SCENARIOS.add
def network_error_job_pip_index_unreachable() -> CaseSpec:
    at = Clock(datetime(2026, 7, 3, 20, 0, tzinfo=timezone.utc))
    name, ns = "asr-wer-weekly", "speech-eval"
    tmpl = Container(
        "wer",
        "python:3.10-slim",
        command=["sh", "-c", "pip install jiwer==3.0.4 openai-whisper==20231117 && python wer.py"],
        resources=gpu(1, "24Gi", "6"),
    )

    def retry(total: int) -> str:
        return (
            f"WARNING: Retrying (Retry(total={total}, connect=None, read=None, redirect=None, status=None)) after "
            "connection broken by 'NewConnectionError('<pip._vendor.urllib3.connection.HTTPSConnection object "
            "at 0x7f35eebdf490>: Failed to establish a new connection: [Errno -3] Temporary failure in name "
            "resolution')': /simple/jiwer/"
        )

    log = stamped(
        [
            *[retry(t) for t in range(4, -1, -1)],
            "ERROR: Could not find a version that satisfies the requirement jiwer==3.0.4 (from versions: none)",
            "ERROR: No matching distribution found for jiwer==3.0.4",
        ],
        at(8),
        [0.5, 1, 2, 4, 8, 0.1],
    )
    return failed_job_case(
        id="network-error-job-pip-index-unreachable",
        category="network-error",
        evidence="Temporary failure in name resolution",
        description="The evaluation installs its packages at start in a namespace without egress: every retry to "
        "the package index fails to resolve its name, and pip then says no version exists "
        "('from versions: none'), which only means it could not ask (kubernetes-client/python#1975 "
        "shape).",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=1,
        ran=(7, 39),
        node="t4-eval-12",
        log=log,
        captured=90,
    )


@SCENARIOS.add
def missing_file_job_hub_offline_not_cached() -> CaseSpec:
    at = Clock(datetime(2026, 7, 4, 2, 0, tzinfo=timezone.utc))
    name, ns = "airgap-rerank-eval", "search-eval"
    tmpl = Container(
        "eval",
        "registry.corp.example/search/rerank-eval:1.1",
        command=["python", "eval.py", "--model", "BAAI/bge-reranker-v2-m3"],
        env=[{"name": "HF_HUB_OFFLINE", "value": "1"}, {"name": "HF_HOME", "value": "/hf-cache"}],
        resources=gpu(1, "24Gi", "6"),
    )
    log = text(
        "Traceback (most recent call last):",
        '  File "/app/eval.py", line 30, in <module>',
        "    model = AutoModelForSequenceClassification.from_pretrained(args.model)",
        '  File "/usr/local/lib/python3.10/site-packages/huggingface_hub/file_download.py", line 1437, in '
        "_raise_on_head_call_error",
        "    raise LocalEntryNotFoundError(",
        "huggingface_hub.errors.LocalEntryNotFoundError: Cannot find the requested files in the disk cache and "
        "outgoing traffic has been disabled. To enable hf.co look-ups and downloads online, set 'local_files_only' "
        "to False.",
    )
    return failed_job_case(
        id="missing-file-job-hub-offline-not-cached",
        category="missing-file",
        evidence="Cannot find the requested files in the disk cache",
        description="An air-gapped evaluation runs with HF_HUB_OFFLINE=1 on purpose; the model it names was never "
        "copied into the cache volume. Nothing tried the network: the file is simply not there.",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=1,
        ran=(6, 19),
        node="a10-eval-5",
        log=log,
        captured=60,
    )


@SCENARIOS.add
def dependency_error_job_pip_requires_different_python() -> CaseSpec:
    at = Clock(datetime(2026, 7, 4, 6, 30, tzinfo=timezone.utc))
    name, ns = "embed-mteb-weekly", "search-eval"
    tmpl = Container(
        "mteb",
        "registry.corp.example/base/py38-cuda118:2023.10",
        command=["bash", "-c", "set -e; pip install mteb==1.14.0; python run_mteb.py"],
        resources=gpu(1, "32Gi", "8"),
    )
    log = stamped(
        [
            "Collecting mteb==1.14.0",
            "  Downloading mteb-1.14.0-py3-none-any.whl.metadata (27 kB)",
            "Collecting datasets<3.0.0,>=2.19.0 (from mteb==1.14.0)",
            "  Downloading datasets-2.21.0-py3-none-any.whl.metadata (21 kB)",
            "INFO: pip is looking at multiple versions of mteb to determine which version is compatible with other "
            "requirements. This could take a while.",
            "ERROR: Package 'mteb' requires a different Python: 3.8.10 not in '>=3.9'",
        ],
        at(8),
        [1.2, 0.8, 1.1, 4.0, 20],
    )
    return failed_job_case(
        id="dependency-error-job-pip-requires-different-python",
        category="dependency-error",
        evidence="requires a different Python",
        description="The benchmark package needs Python 3.9 or newer and the base image has 3.8: pip's version "
        "floor check stops the Job before anything runs (google/mcp-security#43 shape).",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=1,
        ran=(7, 41),
        node="a10g-eval-1",
        log=log,
        captured=120,
    )


@SCENARIOS.add
def missing_file_job_entry_script_not_found_timestamped() -> CaseSpec:
    at = Clock(datetime(2026, 7, 5, 11, 0, tzinfo=timezone.utc))
    name, ns = "submission-4417-infer", "model-test"
    tmpl = Container(
        "infer",
        "registry.corp.example/model-test/sandbox:2.0",
        command=["/opt/sandbox/run.sh", "/workspace/submission"],
        resources=gpu(1, "24Gi", "8"),
    )
    log = stamped(
        [
            "[2026-07-05 11:00:07] INFO: sandbox 2.0, submission=/workspace/submission",
            "[2026-07-05 11:00:07] INFO: unpacking submission.tar.gz (11 files)",
            "[2026-07-05 11:00:08] INFO: looking for entry script inference.py",
            "[2026-07-05 11:00:08] ERROR: inference.py NOT FOUND in /workspace/submission",
            "[2026-07-05 11:00:08] INFO: files found: model/, utils.py, predict_v2.py, requirements.txt, README.md",
            "[2026-07-05 11:00:09] INFO: exiting with code 2",
        ],
        at(7),
        [0.2, 0.9, 0.1, 0.1, 0.8],
    )
    return failed_job_case(
        id="missing-file-job-entry-script-not-found-timestamped",
        category="missing-file",
        evidence="inference.py NOT FOUND",
        description="A model-test sandbox cannot find the submission's entry script; its own log lines carry a "
        "bracketed time before the level, and the snapshot was taken with --timestamps.",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=2,
        ran=(6, 9),
        node="t4-sandbox-2",
        log=log,
        captured=60,
    )


@SCENARIOS.add
def missing_file_job_baseline_download_zh() -> CaseSpec:
    at = Clock(datetime(2026, 7, 6, 2, 0, tzinfo=timezone.utc))
    name, ns = "asr-regression-0706", "model-test"
    tmpl = Container(
        "regress",
        "registry.corp.example/model-test/regression:1.9",
        command=["python", "regress.py", "--model", "/models/asr-zh-v5", "--baseline-tag", "v4.3"],
        resources=gpu(1, "32Gi", "8"),
    )
    log = text(
        "2026-07-06 02:00:12,401 [INFO] 加载模型 /models/asr-zh-v5 完成，耗时 21.4s",
        "2026-07-06 02:00:33,950 [INFO] 开始下载基线文件 baselines/asr-zh/v4.3/metrics.json",
        "2026-07-06 02:00:34,118 [WARNING] 第 1 次下载失败，HTTP 404，2 秒后重试",
        "2026-07-06 02:00:36,201 [WARNING] 第 2 次下载失败，HTTP 404，4 秒后重试",
        "2026-07-06 02:00:40,288 [WARNING] 第 3 次下载失败，HTTP 404，8 秒后重试",
        "2026-07-06 02:00:48,371 [ERROR] 基线文件下载失败: baselines/asr-zh/v4.3/metrics.json (HTTP 404)，"
        "无法进行回归对比",
        "2026-07-06 02:00:48,372 [ERROR] 任务退出，退出码 3",
    )
    return failed_job_case(
        id="missing-file-job-baseline-download-zh",
        category="missing-file",
        evidence="基线文件下载失败",
        description="A regression test whose platform script logs in Chinese: the baseline metrics file for "
        "the tag does not exist (404), so nothing can be compared.",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=3,
        ran=(10, 52),
        node="a10-test-3",
        log=log,
        captured=90,
    )


@SCENARIOS.add
def gpu_oom_job_lm_eval_vllm_logprobs() -> CaseSpec:
    at = Clock(datetime(2026, 7, 7, 20, 0, tzinfo=timezone.utc))
    name, ns = "leaderboard-qwen72b", "model-qa"
    tmpl = Container(
        "harness",
        "registry.corp.example/eval/lm-eval-vllm:0.4.7",
        command=[
            "lm_eval",
            "--model",
            "vllm",
            "--model_args",
            "pretrained=/models/qwen72b-sft,tensor_parallel_size=8,gpu_memory_utilization=0.9",
            "--tasks",
            "leaderboard",
            "--batch_size",
            "auto",
        ],
        resources=gpu(8, "900Gi", "96"),
    )
    log = stamped(
        [
            "INFO 07-07 20:01:02 llm_engine.py:237] Initializing an LLM engine (v0.6.6) with config: "
            "model='/models/qwen72b-sft', tensor_parallel_size=8, max_seq_len=32768",
            "INFO 07-07 20:04:51 model_runner.py:1099] Loading model weights took 16.9776 GB",
            "INFO 07-07 20:05:40 distributed_gpu_executor.py:57] # GPU blocks: 11825, # CPU blocks: 6553",
            *[
                f"Running loglikelihood requests:  {i * 6}%|{'#' * (i // 2)}| {i * 4113}/68520 [{i * 6:02d}:10<..., "
                "11.2it/s]"
                for i in range(1, 15)
            ],
            '[rank0]:   File "/usr/local/lib/python3.11/site-packages/vllm/model_executor/layers/sampler.py", '
            "line 904, in get_logprobs",
            "[rank0]:     logprobs[query_indices_gpu],",
            "[rank0]:     ~~~~~~~~^^^^^^^^^^^^^^^^^^^",
            "[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.04 GiB. GPU 0 has a total "
            "capacity of 79.19 GiB of which 7.02 GiB is free. Including non-PyTorch memory, this process has 72.16 GiB "
            "memory in use.",
            "ERROR 07-07 21:26:58 multiproc_worker_utils.py:116] Worker VllmWorkerProcess pid=412 died, exit code: -15",
        ],
        at(16),
        [46, 229, 49, *([300] * 14), 1, 0, 0, 1],
    )
    return failed_job_case(
        id="gpu-oom-job-lm-eval-vllm-logprobs",
        category="gpu-oom",
        evidence="CUDA out of memory",
        description="An hour into a leaderboard run, vLLM's sampler runs out of GPU memory computing "
        "log-probabilities for a long loglikelihood batch (lm-evaluation-harness#2779 shape).",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=1,
        ran=(15, 5222),
        node="a100-80g-11",
        log=log,
        captured=5300,
    )


# -- inference servers ------------------------------------------------------------------------


@SCENARIOS.add
def gpu_oom_pod_sglang_not_enough_memory() -> CaseSpec:
    at = Clock(datetime(2026, 7, 8, 13, 0, tzinfo=timezone.utc))
    deployment, ns = "sglang-qwen32b", "llm-serving"
    c = Container(
        "sglang",
        "lmsysorg/sglang:v0.4.3.post2-cu124",
        command=[
            "python3",
            "-m",
            "sglang.launch_server",
            "--model-path",
            "/models/qwen2.5-32b-instruct",
            "--tp",
            "2",
            "--mem-fraction-static",
            "0.80",
            "--port",
            "30000",
        ],
        resources=gpu(2, "160Gi", "16"),
        last=terminated(1, at(1130), at(1242)),
        restarts=6,
    )
    prev = text(
        "[2026-07-08 13:18:52] server_args=ServerArgs(model_path='/models/qwen2.5-32b-instruct', tp_size=2, "
        "mem_fraction_static=0.8, max_running_requests=None, chunked_prefill_size=8192)",
        "[2026-07-08 13:19:03 TP0] Init torch distributed begin.",
        "[2026-07-08 13:19:05 TP1] Init torch distributed ends. mem usage=0.00 GB",
        "[2026-07-08 13:19:06 TP0] Load weight begin. avail mem=43.75 GB",
        "Loading safetensors checkpoint shards: 100% Completed | 17/17 [01:02<00:00,  3.66s/it]",
        "[2026-07-08 13:20:11 TP0] Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=13.05 GB, "
        "mem usage=30.70 GB.",
        "[2026-07-08 13:20:11 TP0] Scheduler hit an exception: Traceback (most recent call last):",
        '  File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 1816, in run_scheduler_process',
        "    scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
        '  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py", line 669, in '
        "init_memory_pool",
        "    raise RuntimeError(",
        "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.",
        "",
        "[2026-07-08 13:20:11] Received sigquit from a child process. It usually means the child failed.",
    )
    return _crash_looping_server(
        id="gpu-oom-pod-sglang-not-enough-memory",
        category="gpu-oom",
        evidence="Not enough memory",
        description="SGLang's static memory fraction leaves no room for the KV cache pool once a 32B model's "
        "weights are loaded on two 48 GB GPUs; the server exits at start and the pod crash-loops "
        "(sglang#4330).",
        deployment=deployment,
        namespace=ns,
        at=at,
        container=c,
        node="l40s-serve-5",
        previous_log=prev,
        back_off="5m0s",
        back_offs=(300, 1250, 19),
        captured=1260,
    )


@SCENARIOS.add
def gpu_oom_pod_tgi_prefill_warmup() -> CaseSpec:
    at = Clock(datetime(2026, 7, 9, 8, 0, tzinfo=timezone.utc))
    deployment, ns = "tgi-llama70b-gptq", "llm-serving"
    c = Container(
        "tgi",
        "ghcr.io/huggingface/text-generation-inference:2.0.4",
        args=[
            "--model-id",
            "/data/llama-2-70b-chat-gptq",
            "--quantize",
            "gptq",
            "--num-shard",
            "2",
            "--max-batch-prefill-tokens",
            "8192",
        ],
        resources=gpu(2, "120Gi", "16"),
        last=terminated(1, at(610), at(702)),
        restarts=3,
    )
    prev = text(
        '2026-07-09T08:10:11.204118Z  INFO text_generation_launcher: Args { model_id: "/data/llama-2-70b-chat-gptq", '
        "quantize: Some(Gptq), num_shard: Some(2), max_batch_prefill_tokens: Some(8192) }",
        "2026-07-09T08:10:11.311907Z  INFO text_generation_launcher: Starting shard rank=0",
        "2026-07-09T08:10:11.312202Z  INFO text_generation_launcher: Starting shard rank=1",
        "2026-07-09T08:11:32.877410Z  INFO text_generation_launcher: Shard ready in 81.56s rank=0",
        "2026-07-09T08:11:33.010245Z  INFO text_generation_launcher: Shard ready in 81.69s rank=1",
        "2026-07-09T08:11:33.102331Z  INFO text_generation_launcher: Starting Webserver",
        "2026-07-09T08:11:33.210875Z  INFO text_generation_router: router/src/main.rs:317: Warming up model",
        "2026-07-09T08:11:39.441902Z ERROR warmup{max_input_length=4095 max_prefill_tokens=8192 "
        "max_total_tokens=4096}:warmup: text_generation_client: router/client/src/lib.rs:33: Server error: Not "
        "enough memory to handle 8192 prefill tokens. You need to decrease `--max-batch-prefill-tokens`",
        'Error: Warmup(Generation("Not enough memory to handle 8192 prefill tokens. You need to decrease '
        '`--max-batch-prefill-tokens`"))',
        "2026-07-09T08:11:39.602114Z ERROR text_generation_launcher: Webserver Crashed",
        "2026-07-09T08:11:39.602160Z  INFO text_generation_launcher: Shutting down shards",
    )
    return _crash_looping_server(
        id="gpu-oom-pod-tgi-prefill-warmup",
        category="gpu-oom",
        evidence="Not enough memory to handle 8192 prefill tokens",
        description="TGI's warmup finds no room on two 24 GB GPUs for the prefill batch it was told to accept "
        "(text-generation-inference#755); the router exits and the pod crash-loops.",
        deployment=deployment,
        namespace=ns,
        at=at,
        container=c,
        node="a10g-serve-8",
        previous_log=prev,
        back_off="1m20s",
        back_offs=(240, 705, 7),
        captured=720,
    )


@SCENARIOS.add
def gpu_oom_pod_vllm_cuda_graph_capture() -> CaseSpec:
    at = Clock(datetime(2026, 7, 10, 17, 0, tzinfo=timezone.utc))
    deployment, ns = "vllm-gemma27b", "llm-serving"
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.8.4",
        args=[
            "--model",
            "/models/gemma-2-27b-it",
            "--tensor-parallel-size",
            "2",
            "--gpu-memory-utilization",
            "0.97",
            "--max-num-seqs",
            "512",
        ],
        resources=gpu(2, "120Gi", "16"),
        last=terminated(1, at(420), at(561)),
        restarts=2,
    )
    # vLLM colours the process prefix of its worker processes (bold cyan), also in container logs.
    w1 = "\x1b[1;36m(VllmWorker rank=1 pid=341)\x1b[0;0m"
    w0 = "\x1b[1;36m(VllmWorker rank=0 pid=340)\x1b[0;0m"
    prev = text(
        "INFO 07-10 17:07:02 [api_server.py:1043] vLLM API server version 0.8.4",
        "INFO 07-10 17:07:13 [core.py:58] Initializing a V1 LLM engine (v0.8.4) with config: "
        "model='/models/gemma-2-27b-it', tensor_parallel_size=2, max_seq_len=8192",
        f"{w0} INFO 07-10 17:08:40 [gpu_model_runner.py:1291] Model loading took 25.8122 GiB and 81.44 seconds",
        f"{w0} INFO 07-10 17:08:58 [backends.py:416] Using cache directory: /root/.cache/vllm/torch_compile_cache",
        "INFO 07-10 17:09:05 [kv_cache_utils.py:634] GPU KV cache size: 9,664 tokens",
        f"{w1} INFO 07-10 17:09:06 [gpu_model_runner.py:1626] Capturing cudagraphs for decoding. This may lead to "
        "unexpected consequences if the model is not static.",
        f"{w1} ERROR 07-10 17:09:08 [multiproc_executor.py:470] WorkerProc hit an exception.",
        f"{w1} ERROR 07-10 17:09:08 [multiproc_executor.py:470] Traceback (most recent call last):",
        f'{w1} ERROR 07-10 17:09:08 [multiproc_executor.py:470]   File "/usr/local/lib/python3.12/dist-packages/'
        'vllm/v1/worker/gpu_model_runner.py", line 1645, in capture_model',
        f"{w1} ERROR 07-10 17:09:08 [multiproc_executor.py:470] torch.OutOfMemoryError: CUDA out of memory. Tried "
        "to allocate 416.00 MiB. GPU 1 has a total capacity of 22.05 GiB of which 231.12 MiB is free.",
        "ERROR 07-10 17:09:09 [core.py:396] EngineCore failed to start.",
        "RuntimeError: Engine core initialization failed. See root cause above.",
    )
    return _crash_looping_server(
        id="gpu-oom-pod-vllm-cuda-graph-capture",
        category="gpu-oom",
        evidence="CUDA out of memory",
        description="With gpu_memory_utilization at 0.97 nothing is left for CUDA graph capture; a tensor-parallel "
        "worker runs out of memory while capturing and the engine core fails to start. Worker lines "
        "carry vLLM's coloured process prefix.",
        deployment=deployment,
        namespace=ns,
        at=at,
        container=c,
        node="l4-serve-12",
        previous_log=prev,
        back_off="40s",
        back_offs=(200, 565, 5),
        captured=580,
    )


@SCENARIOS.add
def gpu_oom_pod_vllm_free_memory_below_utilization() -> CaseSpec:
    at = Clock(datetime(2026, 7, 10, 21, 0, tzinfo=timezone.utc))
    deployment, ns = "vllm-phi3-shared", "llm-sandbox"
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.9.1",
        args=["--model", "/models/phi-3-medium-4k-instruct", "--gpu-memory-utilization", "0.95"],
        resources=gpu(1, "48Gi", "8"),
        last=terminated(1, at(300), at(352)),
        restarts=4,
    )
    core = "(EngineCore_0 pid=211)"
    prev = text(
        "INFO 07-10 21:05:01 [api_server.py:1287] vLLM API server version 0.9.1",
        f"{core} INFO 07-10 21:05:12 [core.py:70] Initializing a V1 LLM engine (v0.9.1) with config: "
        "model='/models/phi-3-medium-4k-instruct', max_seq_len=4096",
        f"{core} ERROR 07-10 21:05:19 [core.py:515] EngineCore failed to start.",
        f"{core} ERROR 07-10 21:05:19 [core.py:515] Traceback (most recent call last):",
        f'{core} ERROR 07-10 21:05:19 [core.py:515]   File "/usr/local/lib/python3.12/dist-packages/vllm/v1/worker/'
        'gpu_worker.py", line 180, in init_device',
        f"{core} ERROR 07-10 21:05:19 [core.py:515]     raise ValueError(",
        f"{core} ERROR 07-10 21:05:19 [core.py:515] ValueError: Free memory on device (31.44/47.38 GiB) on startup is "
        "less than desired GPU memory utilization (0.95, 45.01 GiB). Decrease GPU memory utilization or reduce GPU "
        "memory used by other processes.",
        "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}",
    )
    return _crash_looping_server(
        id="gpu-oom-pod-vllm-free-memory-below-utilization",
        category="gpu-oom",
        evidence="less than desired GPU memory utilization",
        description="The node shares its GPUs between pods (time-slicing): another workload holds 16 GiB of the "
        "48 GiB card, so vLLM cannot take the 95% it was told to and exits at start (vllm#20305).",
        deployment=deployment,
        namespace=ns,
        at=at,
        container=c,
        node="l40s-shared-2",
        previous_log=prev,
        back_off="2m40s",
        back_offs=(90, 360, 9),
        captured=380,
    )


@SCENARIOS.add
def missing_file_pod_triton_config_pbtxt_missing() -> CaseSpec:
    at = Clock(datetime(2026, 7, 14, 19, 0, tzinfo=timezone.utc))
    deployment, ns = "triton-detector", "vision-serving"
    c = Container(
        "triton",
        "nvcr.io/nvidia/tritonserver:24.05-py3",
        command=["tritonserver", "--model-repository=/models"],
        resources=gpu(1, "16Gi", "4"),
        last=terminated(1, at(420), at(424)),
        restarts=5,
    )
    prev = text(
        "I0714 19:07:00.402113 1 pinned_memory_manager.cc:275] Pinned memory pool is created at '0x7f2a44000000' "
        "with size 268435456",
        "I0714 19:07:00.404660 1 cuda_memory_manager.cc:107] CUDA memory pool is created on device 0 with size "
        "67108864",
        "E0714 19:07:00.411734 1 model_repository_manager.cc:1307] Poll failed for model directory "
        "'yolov8_detector': failed to open text file for read /models/yolov8_detector/config.pbtxt: No such file "
        "or directory",
        "I0714 19:07:00.418240 1 model_lifecycle.cc:461] loading: yolov8_postprocess:1",
        "I0714 19:07:01.102117 1 model_lifecycle.cc:827] successfully loaded 'yolov8_postprocess'",
        "I0714 19:07:01.103902 1 server.cc:307] Waiting for in-flight requests to complete.",
        "error: creating server: Internal - failed to load all models",
    )
    return _crash_looping_server(
        id="missing-file-pod-triton-config-pbtxt-missing",
        category="missing-file",
        evidence="config.pbtxt",
        description="The model repository volume holds the detector's weights but not its config.pbtxt; Triton "
        "fails to load all models and exits, and the pod crash-loops (triton-inference-server/server"
        "#748, #4488).",
        deployment=deployment,
        namespace=ns,
        at=at,
        container=c,
        node="t4-serve-6",
        previous_log=prev,
        back_off="5m0s",
        back_offs=(60, 430, 11),
        captured=440,
    )


@SCENARIOS.add
def dependency_error_pod_vllm_architecture_unsupported() -> CaseSpec:
    at = Clock(datetime(2026, 7, 11, 10, 0, tzinfo=timezone.utc))
    deployment, ns = "vllm-qwen3-8b", "llm-serving"
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.6.1",
        args=["--model", "/models/qwen3-8b", "--max-model-len", "32768"],
        resources=gpu(1, "48Gi", "8"),
        last=terminated(1, at(930), at(952)),
        restarts=7,
    )
    supported = ", ".join(
        f"'{a}'"
        for a in [
            "AquilaModel",
            "AquilaForCausalLM",
            "ArcticForCausalLM",
            "BaiChuanForCausalLM",
            "BaichuanForCausalLM",
            "BloomForCausalLM",
            "CohereForCausalLM",
            "DbrxForCausalLM",
            "DeciLMForCausalLM",
            "DeepseekForCausalLM",
            "DeepseekV2ForCausalLM",
            "ExaoneForCausalLM",
            "FalconForCausalLM",
            "GemmaForCausalLM",
            "Gemma2ForCausalLM",
            "GPT2LMHeadModel",
            "GPTBigCodeForCausalLM",
            "GPTJForCausalLM",
            "GPTNeoXForCausalLM",
            "InternLMForCausalLM",
            "InternLM2ForCausalLM",
            "JAISLMHeadModel",
            "JambaForCausalLM",
            "LlamaForCausalLM",
            "LLaMAForCausalLM",
            "MambaForCausalLM",
            "MistralForCausalLM",
            "MixtralForCausalLM",
            "QuantMixtralForCausalLM",
            "MptForCausalLM",
            "MPTForCausalLM",
            "MiniCPMForCausalLM",
            "NemotronForCausalLM",
            "OlmoForCausalLM",
            "OPTForCausalLM",
            "OrionForCausalLM",
            "PersimmonForCausalLM",
            "PhiForCausalLM",
            "Phi3ForCausalLM",
            "PhiMoEForCausalLM",
            "Qwen2ForCausalLM",
            "Qwen2MoeForCausalLM",
            "RWForCausalLM",
            "StableLMEpochForCausalLM",
            "StableLmForCausalLM",
            "Starcoder2ForCausalLM",
            "SolarForCausalLM",
            "XverseForCausalLM",
            "BartModel",
            "BartForConditionalGeneration",
            "Blip2ForConditionalGeneration",
            "ChameleonForConditionalGeneration",
            "ChatGLMModel",
            "ChatGLMForConditionalGeneration",
            "FuyuForCausalLM",
            "InternVLChatModel",
            "LlavaForConditionalGeneration",
            "LlavaNextForConditionalGeneration",
            "MiniCPMV",
            "PaliGemmaForConditionalGeneration",
            "Phi3VForCausalLM",
            "UltravoxModel",
            "MedusaModel",
            "EAGLEModel",
            "MLPSpeculatorPreTrainedModel",
        ]
    )
    prev = text(
        "INFO 07-11 10:15:31 api_server.py:495] vLLM API server version 0.6.1",
        "INFO 07-11 10:15:31 api_server.py:496] args: Namespace(host=None, port=8000, model='/models/qwen3-8b', "
        "max_model_len=32768, trust_remote_code=False, tensor_parallel_size=1)",
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.12/dist-packages/vllm/engine/llm_engine.py", line 333, in __init__',
        "    self.model_executor = executor_class(",
        '  File "/usr/local/lib/python3.12/dist-packages/vllm/model_executor/models/__init__.py", line 179, in '
        "resolve_model_cls",
        "    raise ValueError(",
        f"ValueError: Model architectures ['Qwen3ForCausalLM'] are not supported for now. Supported architectures: "
        f"[{supported}]",
    )
    return _crash_looping_server(
        id="dependency-error-pod-vllm-architecture-unsupported",
        category="dependency-error",
        evidence="are not supported for now",
        description="The served image's vLLM predates the model's architecture; vLLM says so on one very long "
        "line listing every architecture it does support (vllm#10990, vllm#3463).",
        deployment=deployment,
        namespace=ns,
        at=at,
        container=c,
        node="a10g-serve-2",
        previous_log=prev,
        back_off="5m0s",
        back_offs=(120, 960, 24),
        captured=980,
    )


@SCENARIOS.add
def dependency_error_job_transformers_model_type_unrecognized() -> CaseSpec:
    at = Clock(datetime(2026, 7, 12, 4, 0, tzinfo=timezone.utc))
    name, ns = "vlm-mmbench-eval", "model-qa"
    tmpl = Container(
        "eval",
        "registry.corp.example/eval/vlmeval:2024.09",
        command=["python", "run.py", "--data", "MMBench_DEV_EN", "--model", "/models/qwen2.5-vl-7b"],
        resources=gpu(1, "64Gi", "8"),
    )
    log = text(
        "[2026-07-12 04:00:19] WARNING - RUN - run.py: main - 145: --reuse is not set, will not reuse previous "
        "temporary files",
        "Traceback (most recent call last):",
        '  File "/opt/vlmeval/run.py", line 212, in <module>',
        "    model = build_model(args.model)",
        '  File "/usr/local/lib/python3.10/dist-packages/transformers/models/auto/configuration_auto.py", line '
        "1040, in from_pretrained",
        "    raise ValueError(",
        "ValueError: The checkpoint you are trying to load has model type `qwen2_5_vl` but Transformers does not "
        "recognize this architecture. This could be because of an issue with the checkpoint, or because your "
        "version of Transformers is out of date.",
    )
    return failed_job_case(
        id="dependency-error-job-transformers-model-type-unrecognized",
        category="dependency-error",
        evidence="does not recognize this architecture",
        description="The evaluation image's transformers is older than the model it is asked to load "
        "(vllm#13579, runpod-workers/worker-vllm#114).",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=1,
        ran=(11, 38),
        node="a100-40g-3",
        log=log,
        captured=90,
    )


@SCENARIOS.add
def dependency_error_pod_tokenizers_untagged_enum() -> CaseSpec:
    at = Clock(datetime(2026, 7, 13, 15, 0, tzinfo=timezone.utc))
    deployment, ns = "tulu-chat-api", "llm-serving"
    c = Container(
        "server",
        "registry.corp.example/serving/hf-chat-server:1.3",
        command=["python", "-m", "chat_server", "--model", "/models/llama-3.1-tulu-3-8b"],
        resources=gpu(1, "48Gi", "8"),
        last=terminated(1, at(700), at(731)),
        restarts=5,
    )
    prev = text(
        "INFO:chat_server:loading tokenizer from /models/llama-3.1-tulu-3-8b",
        "Traceback (most recent call last):",
        '  File "/app/chat_server/__main__.py", line 41, in <module>',
        "    tokenizer = AutoTokenizer.from_pretrained(args.model)",
        '  File "/usr/local/lib/python3.10/site-packages/transformers/tokenization_utils_fast.py", line 111, in '
        "__init__",
        "    fast_tokenizer = TokenizerFast.from_file(fast_tokenizer_file)",
        "Exception: data did not match any variant of untagged enum ModelWrapper at line 1251012 column 3",
    )
    return _crash_looping_server(
        id="dependency-error-pod-tokenizers-untagged-enum",
        category="dependency-error",
        evidence="untagged enum ModelWrapper",
        description="The model's tokenizer.json was written by a newer tokenizers than the image has; the fast "
        "tokenizer cannot parse it (allenai/open-instruct#738).",
        deployment=deployment,
        namespace=ns,
        at=at,
        container=c,
        node="l40s-serve-1",
        previous_log=prev,
        back_off="5m0s",
        back_offs=(150, 740, 14),
        captured=760,
    )


@SCENARIOS.add
def gpu_oom_pod_triton_trtllm_never_ready() -> CaseSpec:
    at = Clock(datetime(2026, 7, 14, 6, 0, tzinfo=timezone.utc))
    deployment, ns = "triton-mistral-trtllm", "llm-serving"
    probes = {
        "readinessProbe": {
            "httpGet": {"path": "/v2/health/ready", "port": 8000, "scheme": "HTTP"},
            "periodSeconds": 10,
            "failureThreshold": 3,
            "timeoutSeconds": 1,
            "successThreshold": 1,
        }
    }
    c = Container(
        "triton",
        "nvcr.io/nvidia/tritonserver:24.02-trtllm-python-py3",
        command=["tritonserver", "--model-repository=/models/triton_model_repo", "--exit-on-error=false"],
        resources=gpu(2, "96Gi", "16"),
        probes=probes,
        state=running(at(20)),
        ready=False,
    )
    p = _served_pod(deployment=deployment, namespace=ns, container=c, at=at, node="a10g-serve-14")
    name = p["metadata"]["name"]
    trt = (
        "[TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMallocAsync(ptr, n, mCudaStream->get()): out of memory "
        "(/app/tensorrt_llm/cpp/tensorrt_llm/runtime/tllmBuffers.h:112)"
    )
    log = stamped(
        [
            "I0714 06:00:21.402113 1 pinned_memory_manager.cc:275] Pinned memory pool is created at '0x7f1c8a000000' "
            "with size 268435456",
            "I0714 06:00:21.518260 1 model_lifecycle.cc:469] loading: preprocessing:1",
            "I0714 06:00:21.518301 1 model_lifecycle.cc:469] loading: tensorrt_llm:1",
            "[TensorRT-LLM][INFO] Loaded engine size: 13890 MiB",
            "I0714 06:01:02.114873 1 model_lifecycle.cc:835] successfully loaded 'preprocessing'",
            f"E0714 06:01:40.201554 1 backend_model.cc:691] ERROR: Failed to create instance: unexpected error when "
            f"creating modelInstanceState: {trt}",
            f"E0714 06:01:40.201702 1 model_lifecycle.cc:638] failed to load 'tensorrt_llm' version 1: Internal: "
            f"unexpected error when creating modelInstanceState: {trt}",
            "I0714 06:01:40.201760 1 model_lifecycle.cc:773] failed to load 'tensorrt_llm'",
            "I0714 06:01:40.212001 1 server.cc:676] ",
            "| tensorrt_llm   | 1       | UNAVAILABLE: Internal: unexpected error when creating modelInstanceState |",
            "I0714 06:01:40.310882 1 grpc_server.cc:2513] Started GRPCInferenceService at 0.0.0.0:8001",
            "I0714 06:01:40.311120 1 http_server.cc:4497] Started HTTPService at 0.0.0.0:8000",
            "I0714 06:01:40.352641 1 http_server.cc:270] Started Metrics Service at 0.0.0.0:8002",
        ],
        at(21),
        [0.1, 0, 2, 39, 38, 0, 0, 0, 0, 0.1, 0, 0],
    )
    events = [
        event(
            p,
            "Unhealthy",
            "Readiness probe failed: HTTP probe failed with statuscode: 400",
            at(60),
            last=at(2390),
            count=233,
            host="a10g-serve-14",
        )
    ]
    return CaseSpec(
        id="gpu-oom-pod-triton-trtllm-never-ready",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=name,
        evidence="out of memory",
        description="Triton keeps running with --exit-on-error=false, but the TensorRT-LLM model failed to "
        "allocate its buffers; the pod has been Running and never Ready for forty minutes "
        "(tensorrtllm_backend#281, #195). The error is logged by a process still running, and it "
        "is why the pod is not ready.",
        objects=[p, *events],
        logs={f"{name}/triton": log},
        captured=at(2400),
    )


@SCENARIOS.add
def healthy_pod_tgi_request_oom_survived() -> CaseSpec:
    at = Clock(datetime(2026, 7, 15, 0, 0, tzinfo=timezone.utc))
    deployment, ns = "tgi-mixtral-chat", "llm-serving"
    c = Container(
        "tgi",
        "ghcr.io/huggingface/text-generation-inference:2.3.1",
        args=["--model-id", "/data/mixtral-8x7b-instruct", "--num-shard", "4"],
        resources=gpu(4, "320Gi", "32"),
        state=running(at(30)),
        ready=True,
    )
    p = _served_pod(deployment=deployment, namespace=ns, container=c, at=at, node="a100-serve-3")
    name = p["metadata"]["name"]

    def served(minute: int, ms: int) -> str:
        return (
            f"2026-07-15T0{minute // 60}:{minute % 60:02d}:14.{ms:06d}Z  INFO chat_completions"
            f'{{total_time="{ms // 1000}.{ms % 1000:03d}s" validation_time="1.2ms" queue_time="88µs"}}: '
            "text_generation_router::server: router/src/server.rs:322: Success"
        )

    lines = [
        '2026-07-15T00:00:31.118204Z  INFO text_generation_launcher: Args { model_id: "/data/mixtral-8x7b-instruct", '
        "num_shard: Some(4) }",
        "2026-07-15T00:03:02.440117Z  INFO text_generation_router: router/src/main.rs:345: Connected",
        *[served(m, 812000 + m) for m in range(4, 130, 3)],
        '2026-07-15T02:11:40.228119Z ERROR chat_completions{total_time="2.31s"}:generate_stream{parameters='
        "GenerateParameters { max_new_tokens: Some(4096) }}:infer:send_error: text_generation_router::infer: "
        "router/src/infer/mod.rs:866: Request failed during generation: Server error: CUDA out of memory. Tried to "
        "allocate 2.12 GiB. GPU 2 has a total capacity of 79.15 GiB of which 1.38 GiB is free.",
        *[served(m, 790000 + m) for m in range(132, 190, 3)],
    ]
    return CaseSpec(
        id="healthy-pod-tgi-request-oom-survived",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="TGI fails one oversized request with CUDA out of memory, clears its cache and keeps serving: "
        "the pod is Ready and later requests succeed. An error printed by a process that kept "
        "running is one it survived.",
        objects=[p],
        logs={f"{name}/tgi": text(*lines)},
        captured=at(11420),
    )
