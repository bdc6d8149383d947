"""Cases whose logs are written in ways that defeat naive line matching: ANSI colour codes,
JSON structured logs (one line per record, tracebacks escaped inside), CRLF line endings from
containers with a TTY or scripts edited on Windows, very long lines, messages in a zh_CN locale,
and ``kubectl logs --timestamps``. The failures themselves are common ones (a missing entry
script, a KeyError, a full disk); what is tested is reading them. Shapes follow public threads
(python/cpython on coloured tracebacks, kserve/modelmesh-serving, pypa/pip, GNU coreutils and
bash zh_CN translations); names and namespaces are made up.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    PodPlan,
    Scenarios,
    cpu_only,
    event,
    failed_job,
    failed_job_case,
    gpu,
    kubeflow_conditions,
    kubeflow_with_pods,
    pod,
    stamped,
    terminated,
    text,
    waiting,
)

SCENARIOS = Scenarios()

ESC = "\x1b"


def _crlf(body: str) -> str:
    """A log written through a TTY (``tty: true``): the terminal driver ends lines with CRLF."""
    return body.replace("\n", "\r\n")


def _with_tty(p: Obj) -> Obj:
    for c in p["spec"]["containers"]:
        c["tty"] = True
        c["stdin"] = True
    return p


@SCENARIOS.add
def missing_file_job_ansi_colored_entry_script() -> CaseSpec:
    at = Clock(datetime(2026, 9, 1, 8, 0, tzinfo=timezone.utc))
    name, ns = "submission-5120-infer", "model-test"
    tmpl = Container(
        "infer",
        "registry.corp.example/model-test/sandbox:2.1",
        command=["/opt/sandbox/run.sh", "/workspace/submission"],
        resources=gpu(1, "24Gi", "8"),
    )
    red, green, reset = f"{ESC}[1;31m", f"{ESC}[32m", f"{ESC}[0m"
    log = text(
        f"{green}INFO:{reset} sandbox 2.1, submission=/workspace/submission",
        f"{green}INFO:{reset} unpacking submission.tar.gz (9 files)",
        f"{red}ERROR:{reset} inference.py NOT FOUND in /workspace/submission",
        f"{green}INFO:{reset} exiting with code 2",
    )
    return failed_job_case(
        id="missing-file-job-ansi-colored-entry-script",
        category="missing-file",
        evidence="inference.py NOT FOUND",
        description="The sandbox colours its log levels (FORCE_COLOR is set in the image): the entry-script "
        "check's ERROR line carries ANSI escape codes around its level.",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=2,
        ran=(6, 8),
        node="t4-sandbox-5",
        log=log,
        captured=60,
    )


@SCENARIOS.add
def application_error_pod_python313_colored_traceback_crlf() -> CaseSpec:
    at = Clock(datetime(2026, 9, 2, 14, 0, tzinfo=timezone.utc))
    name, ns = "caption-worker-7c5d9", "vision-batch"
    node = "l4-batch-3"
    c = Container(
        "worker",
        "registry.corp.example/vision/caption-worker:3.13",
        command=["python", "-m", "caption_worker", "--queue", "captions-high"],
        resources=gpu(1, "32Gi", "8"),
        state=waiting("CrashLoopBackOff", f"back-off 2m40s restarting failed container=worker pod={name}_{ns}"),
        last=terminated(1, at(610), at(640)),
        restarts=5,
    )
    p = _with_tty(
        pod(
            name=name,
            namespace=ns,
            labels={"app": "caption-worker"},
            owner=None,
            containers=[c],
            created=at(0),
            phase="Running",
            node=node,
            scheduled=at(1),
            restart_policy="Always",
        )
    )
    mag, bold_mag, reset = f"{ESC}[35m", f"{ESC}[1;35m", f"{ESC}[0m"
    prev = _crlf(
        text(
            "caption-worker 3.13 listening on captions-high",
            "took job 81f2c0d4 (12 images)",
            "Traceback (most recent call last):",
            f'  File {mag}"/app/caption_worker/__main__.py"{reset}, line {mag}58{reset}, in {mag}<module>{reset}',
            f"    {mag}main(){reset}",
            f'  File {mag}"/app/caption_worker/handler.py"{reset}, line {mag}41{reset}, in {mag}handle{reset}',
            f'    path = {mag}job["image_path"]{reset}',
            f"{bold_mag}KeyError{reset}: {mag}'image_path'{reset}",
        )
    )
    events = [
        event(
            p,
            "BackOff",
            f"Back-off restarting failed container worker in pod {name}",
            at(200),
            last=at(650),
            count=12,
            host=node,
        )
    ]
    return CaseSpec(
        id="application-error-pod-python313-colored-traceback-crlf",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="application-error",
        culprit=name,
        evidence="KeyError",
        description="A queue worker on Python 3.13 with tty: true: the interpreter colours its traceback (the "
        "exception name in bold magenta) and the terminal driver ends every line with CRLF. The "
        "jobs it takes no longer carry the key it reads.",
        objects=[p, *events],
        logs={f"{name}/worker.previous": prev},
        captured=at(660),
    )


def _json_record(**fields: object) -> str:
    return json.dumps(fields, ensure_ascii=False)


def _scoring_traceback(frames: int) -> str:
    """A traceback as a JSON logger stores it: one string, lines joined by newlines."""
    lines = ["Traceback (most recent call last):"]
    for i in range(frames):
        module = f"/usr/local/lib/python3.11/site-packages/evalkit/pipeline/stage_{i:02d}_postprocess_and_aggregate.py"
        lines += [
            f'  File "{module}", line {40 + 3 * i}, in run_stage_{i:02d}',
            "    return self.next_stage.run(batch, context=context, metrics=metrics, options=self.options)",
        ]
    lines += ['  File "/app/score.py", line 77, in score', '    ref = sample["reference"]', "KeyError: 'reference'"]
    return "\n".join(lines)


@SCENARIOS.add
def application_error_job_json_log_escaped_traceback() -> CaseSpec:
    at = Clock(datetime(2026, 9, 3, 3, 0, tzinfo=timezone.utc))
    name, ns = "rag-answer-scoring", "eval-platform"
    tmpl = Container(
        "scorer",
        "registry.corp.example/eval/scorer:4.0",
        command=["python", "/app/score.py"],
        resources=cpu_only("8Gi", "4"),
    )
    records = [
        _json_record(
            timestamp="2026-09-03T03:00:06.118Z",
            level="info",
            logger="scorer",
            message="loaded 1200 samples from s3://eval-sets/rag-v2/answers.jsonl",
        ),
        *[
            _json_record(
                timestamp=f"2026-09-03T03:00:{10 + i * 5:02d}.402Z",
                level="info",
                logger="scorer",
                message=f"scored batch {i}/12",
                mean_f1=round(0.61 + i / 100, 3),
            )
            for i in range(1, 10)
        ],
        _json_record(
            timestamp="2026-09-03T03:01:14.907Z",
            level="error",
            logger="scorer",
            message="scoring failed",
            exc_info=_scoring_traceback(1),
        ),
    ]
    return failed_job_case(
        id="application-error-job-json-log-escaped-traceback",
        category="application-error",
        evidence="KeyError: 'reference'",
        description="The scorer logs JSON, one record per line; its traceback is a string inside the record, "
        "so the exception line follows an escaped newline, not the start of a line.",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=1,
        ran=(5, 75),
        node="cpu-c7i-9",
        log=text(*records),
        captured=120,
    )


@SCENARIOS.add
def application_error_job_json_log_long_line() -> CaseSpec:
    at = Clock(datetime(2026, 9, 4, 3, 0, tzinfo=timezone.utc))
    name, ns = "summ-answer-scoring", "eval-platform"
    tmpl = Container(
        "scorer",
        "registry.corp.example/eval/scorer:4.0",
        command=["python", "/app/score.py"],
        resources=cpu_only("8Gi", "4"),
    )
    records = [
        _json_record(
            timestamp="2026-09-04T03:00:06.118Z",
            level="info",
            logger="scorer",
            message="loaded 800 samples from s3://eval-sets/summ-v1/answers.jsonl",
        ),
        _json_record(
            timestamp="2026-09-04T03:01:14.907Z",
            level="error",
            logger="scorer",
            message="scoring failed",
            exc_info=_scoring_traceback(24),
        ),
        # raise SystemExit(f"scoring failed: {exc!r}"): Python prints the message on stderr.
        "scoring failed: KeyError('reference')",
    ]
    return failed_job_case(
        id="application-error-job-json-log-long-line",
        category="application-error",
        evidence="KeyError: 'reference'",
        description="The same JSON logger with a deep pipeline: the record holding the traceback is one line of "
        "several thousand characters, and the exception is at its very end. The script's exit "
        "message repeats only the exception's repr.",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=1,
        ran=(5, 75),
        node="cpu-c7i-2",
        log=text(*records),
        captured=120,
    )


@SCENARIOS.add
def network_error_pod_json_log_model_puller_dns() -> CaseSpec:
    at = Clock(datetime(2026, 9, 5, 12, 0, tzinfo=timezone.utc))
    name, ns = "ranker-v3-predictor-6f9c8", "serving-prod"
    node = "cpu-serve-4"
    puller = Container(
        "model-puller",
        "registry.corp.example/platform/model-puller:0.9.2",
        args=["--src", "s3://models/ranker/v3", "--dest", "/mnt/models"],
        resources=cpu_only("1Gi", "500m"),
        state=waiting("CrashLoopBackOff", f"back-off 2m40s restarting failed container=model-puller pod={name}_{ns}"),
        last=terminated(1, at(500), at(531)),
        restarts=5,
    )
    server = Container(
        "kserve-container",
        "registry.corp.example/serving/ranker-server:3.0",
        resources=cpu_only("8Gi", "4"),
        state=waiting("PodInitializing"),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "ranker-v3-predictor"},
        owner=None,
        containers=[server],
        init=[puller],
        created=at(0),
        phase="Pending",
        node=node,
        scheduled=at(1),
        restart_policy="Always",
    )
    lookup = "dial tcp: lookup minio.ml-storage.svc.cluster.local on 10.96.0.10:53: no such host"
    prev = text(
        _json_record(
            level="info",
            ts="2026-09-05T12:08:21.102Z",
            logger="puller",
            msg="starting model pull",
            src="s3://models/ranker/v3",
            dest="/mnt/models",
        ),
        *[
            _json_record(
                level="warn",
                ts=f"2026-09-05T12:08:{22 + 2 * i}.118Z",
                logger="puller",
                msg="list objects failed, retrying",
                attempt=i,
                error=f'Get "https://minio.ml-storage.svc.cluster.local:9000/models?prefix=ranker%2Fv3%2F": {lookup}',
            )
            for i in range(1, 4)
        ],
        _json_record(
            level="error",
            ts="2026-09-05T12:08:30.733Z",
            logger="puller",
            msg="model pull failed",
            error=f'RequestError: send request failed\ncaused by: Get "https://minio.ml-storage.svc.'
            f'cluster.local:9000/models?prefix=ranker%2Fv3%2F": {lookup}',
        ),
    )
    events = [
        event(
            p,
            "BackOff",
            f"Back-off restarting failed container model-puller in pod {name}",
            at(100),
            last=at(540),
            count=9,
            host=node,
        )
    ]
    return CaseSpec(
        id="network-error-pod-json-log-model-puller-dns",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="network-error",
        culprit=name,
        evidence="no such host",
        description="A serving pod's model-puller init container (a Go binary logging JSON) cannot resolve the "
        "object store's service name - Go's resolver says 'lookup ... no such host' - so the pod "
        "never gets past Init:CrashLoopBackOff.",
        objects=[p, *events],
        logs={f"{name}/model-puller.previous": prev},
        captured=at(560),
    )


@SCENARIOS.add
def config_error_job_crlf_entrypoint_script() -> CaseSpec:
    at = Clock(datetime(2026, 9, 6, 9, 0, tzinfo=timezone.utc))
    name, ns = "ocr-eval-nightly", "doc-eval"
    tmpl = Container(
        "eval",
        "registry.corp.example/doc/ocr-eval:2.3",
        command=["bash", "/scripts/run_eval.sh"],
        resources=gpu(1, "16Gi", "4"),
    )
    job, p = failed_job(name=name, namespace=ns, at=at, container=tmpl, exit_code=2, ran=(6, 7), node="t4-eval-8")
    p = _with_tty(p)
    p["spec"]["volumes"].insert(0, {"name": "scripts", "configMap": {"name": "ocr-eval-scripts", "defaultMode": 493}})
    p["spec"]["containers"][0]["volumeMounts"].insert(0, {"name": "scripts", "mountPath": "/scripts"})
    # bash echoes the carriage return that ends each line of the script: on a terminal the
    # text after it overwrites the line.
    log = _crlf(
        text(
            "/scripts/run_eval.sh: line 2: $'\\r': command not found",
            "/scripts/run_eval.sh: line 3: set: -\r: invalid option",
            "set: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [arg ...]",
            "/scripts/run_eval.sh: line 5: cd: $'/workspace/ocr-eval\\r': No such file or directory",
            "python3: can't open file '/run_eval.py\\r': [Errno 2] No such file or directory",
        )
    )
    pod_name = p["metadata"]["name"]
    return CaseSpec(
        id="config-error-job-crlf-entrypoint-script",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=pod_name,
        evidence="command not found",
        description="The entrypoint script in the ConfigMap was saved with Windows line endings: bash reads "
        "every line with a trailing carriage return, so 'cd' and the script path fail. The container "
        "runs with a TTY, so its log lines end in CRLF too.",
        objects=[job, p],
        logs={f"{pod_name}/eval": log},
        captured=at(60),
    )


@SCENARIOS.add
def missing_file_job_zh_locale_script() -> CaseSpec:
    at = Clock(datetime(2026, 9, 7, 1, 0, tzinfo=timezone.utc))
    name, ns = "cn-asr-benchmark", "model-test"
    tmpl = Container(
        "bench",
        "registry.cn-beijing.example.com/speech/asr-bench:1.4",
        command=["bash", "/workspace/bench/run_benchmark.sh"],
        env=[{"name": "LANG", "value": "zh_CN.UTF-8"}],
        resources=gpu(1, "32Gi", "8"),
    )
    log = text("bash: /workspace/bench/run_benchmark.sh: 没有那个文件或目录")
    return failed_job_case(
        id="missing-file-job-zh-locale-script",
        category="missing-file",
        evidence="没有那个文件或目录",
        description="The image sets LANG=zh_CN.UTF-8, so bash reports the missing benchmark script in Chinese "
        "(ENOENT: 没有那个文件或目录) and exits 127.",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=127,
        ran=(5, 5),
        node="a10-bench-2",
        log=log,
        captured=60,
    )


@SCENARIOS.add
def disk_full_pytorchjob_zh_locale_cp_no_space() -> CaseSpec:
    at = Clock(datetime(2026, 9, 8, 6, 0, tzinfo=timezone.utc))
    name, ns = "baichuan-sft-cn", "nlp-cn"
    ctr = Container(
        "pytorch",
        "registry.cn-beijing.example.com/llm/sft:torch2.3-cu121",
        command=["bash", "-c", "torchrun --nproc_per_node=8 sft.py && cp -r /tmp/ckpt/* /mnt/ckpt/"],
        env=[{"name": "LANG", "value": "zh_CN.UTF-8"}],
        resources=gpu(8, "640Gi", "64"),
    )
    steps = [
        f"{{'loss': {1.21 - i * 0.004:.4f}, 'learning_rate': {2e-5 * (1 - i / 90):.4e}, 'epoch': {i / 30:.2f}}}"
        for i in range(1, 90, 4)
    ]
    master = stamped(
        [
            *steps,
            "{'train_runtime': 14211.5, 'train_samples_per_second': 21.4, 'train_loss': 1.0312, 'epoch': 3.0}",
            "cp: 写入 '/mnt/ckpt/step_4000/model-00003-of-00004.safetensors' 出错: 设备上没有空间",
            "cp: 写入 '/mnt/ckpt/step_4000/optimizer.pt' 出错: 设备上没有空间",
        ],
        at(40),
        [600] * len(steps) + [2, 1],
    )
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[PodPlan("master", 0, terminated(1, at(38), at(40 + 600 * len(steps) + 5)), log=master)],
        conditions=kubeflow_conditions("PyTorchJob", name, at(39), failed=("Master", at(40 + 600 * len(steps) + 6))),
        statuses={"Master": {"failed": 1}},
        completion=at(40 + 600 * len(steps) + 6),
    )
    return CaseSpec(
        id="disk-full-pytorchjob-zh-locale-cp-no-space",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="disk-full",
        culprit=f"{name}-master-0",
        evidence="设备上没有空间",
        description="Training finishes, then copying the checkpoint to the shared volume fails: coreutils in a "
        "zh_CN locale says 'No space left on device' as 设备上没有空间.",
        objects=[job, *pods],
        logs=logs,
        captured=at(40 + 600 * len(steps) + 60),
    )


@SCENARIOS.add
def oom_killed_job_zh_shell_killed_timestamps() -> CaseSpec:
    at = Clock(datetime(2026, 9, 9, 19, 0, tzinfo=timezone.utc))
    name, ns = "corpus-dedup-cn", "data-cn"
    tmpl = Container(
        "dedup",
        "registry.cn-beijing.example.com/data/dedup:2.2",
        command=["bash", "/opt/dedup/run.sh"],
        env=[{"name": "LANG", "value": "zh_CN.UTF-8"}],
        resources=cpu_only("64Gi", "32"),
    )
    log = stamped(
        [
            "[dedup] 读取分片 0-511 (minhash, num_perm=256)",
            *[f"[dedup] 已处理 {i * 32}/512 个分片, 候选重复对 {i * 118_203}" for i in range(1, 15)],
            "/opt/dedup/run.sh: 行 14:    57 已杀死               python -m dedup.minhash --shards 0-511 --num-proc 32",
        ],
        at(8),
        [150] * 14 + [180],
    )
    return failed_job_case(
        id="oom-killed-job-zh-shell-killed-timestamps",
        category="oom-killed",
        evidence="已杀死",
        description="The kernel's OOM killer takes the Python child of the job's shell script, not the container: "
        "the container exits 137 without OOMKilled, and bash, in a zh_CN locale, reports the child "
        "'已杀死' (Killed). The snapshot was taken with --timestamps.",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=137,
        ran=(6, 2412),
        node="cpu-r6i-11",
        log=log,
        captured=2500,
    )
