"""Cases an expert decides by reasoning about time and state rather than by one error line: two
plausible causes where the earlier one decides, an error printed by a process that kept running,
a failed job whose pods were cleaned up so only events remain, a pending pod for which the
cluster autoscaler is already adding a node, and an evicted pod whose replacement runs fine.
Shapes follow public threads (kubernetes/autoscaler, kubeflow/training-operator cleanPodPolicy,
kubernetes/kubernetes on evicted Job pods, wandb/wandb, huggingface/huggingface_hub); names and
namespaces are made up.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    Replicas,
    Scenarios,
    backoff_conditions,
    batch_job,
    condition,
    event,
    failed_job_case,
    gpu,
    indexed_job_pod,
    job_pod,
    kubeflow_conditions,
    kubeflow_job,
    running,
    stamped,
    terminated,
    text,
)

SCENARIOS = Scenarios()


@SCENARIOS.add
def network_error_job_download_failed_then_weights_missing() -> CaseSpec:
    at = Clock(datetime(2026, 10, 1, 4, 0, tzinfo=timezone.utc))
    name, ns = "offline-batch-summarize", "batch-infer"
    tmpl = Container(
        "infer",
        "vllm/vllm-openai:v0.6.3",
        command=[
            "bash",
            "-c",
            "huggingface-cli download Qwen/Qwen2-7B-Instruct --local-dir "
            "/models/qwen2-7b || echo 'download failed, using whatever is in /models'; "
            "python /app/summarize.py --model /models/qwen2-7b",
        ],
        resources=gpu(1, "48Gi", "8"),
    )
    head = (
        "'(ReadTimeoutError(\"HTTPSConnectionPool(host='huggingface.co', port=443): Read timed out. (read "
        "timeout=10)\"), '(Request ID: 5d0c1b2e-7a4f-4d3e-9b8a-61c2f0e4d7a9)')' thrown while requesting HEAD "
        "https://huggingface.co/Qwen/Qwen2-7B-Instruct/resolve/main/config.json"
    )
    log = stamped(
        [
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
            "huggingface_hub.errors.LocalEntryNotFoundError: An error happened while trying to locate the file on the "
            "Hub and we cannot find the requested files in the local cache. Please check your connection and try "
            "again or make sure your Internet connection is on.",
            "download failed, using whatever is in /models",
            "INFO 10-01 04:01:58 summarize.py:22] loading /models/qwen2-7b",
            "Traceback (most recent call last):",
            '  File "/app/summarize.py", line 24, in <module>',
            "    llm = LLM(model=args.model, max_model_len=8192)",
            '  File "/usr/local/lib/python3.12/dist-packages/transformers/configuration_utils.py", line 808, in '
            "_get_config_dict",
            "    raise EnvironmentError(",
            "OSError: /models/qwen2-7b does not appear to have a file named config.json. Checkout "
            "'https://huggingface.co//models/qwen2-7b/tree/None' for available files.",
        ],
        at(9),
        [10, 1, 10, 2, 10, 4, 10, 8, 10, 9, 0.5, 1, 0.2, 0, 0, 0, 0, 0],
    )
    return failed_job_case(
        id="network-error-job-download-failed-then-weights-missing",
        category="network-error",
        evidence="Read timed out",
        description="The weights download times out five times and gives up; the script carries on and the "
        "model loader then finds no config.json. Two causes show in one log; the earlier one - the "
        "hub that could not be reached - explains the later one.",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=1,
        ran=(8, 131),
        node="l4-batch-6",
        log=log,
        captured=200,
    )


@SCENARIOS.add
def network_error_job_first_shard_failed_first() -> CaseSpec:
    at = Clock(datetime(2026, 10, 2, 10, 0, tzinfo=timezone.utc))
    name, ns = "sharded-translate-eval", "mt-eval"
    tmpl = Container(
        "eval",
        "registry.corp.example/mt/translate-eval:1.2",
        command=["python", "eval_shard.py", "--shards", "2"],
        resources=gpu(1, "40Gi", "8"),
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=tmpl,
        failed=2,
        start=at(1),
        completions=2,
        parallelism=2,
        backoff_limit=1,
        conditions=backoff_conditions(at(905)),
        completion_mode="Indexed",
    )
    first = stamped(
        [
            "[shard 0] fetching test set flores200/devtest from https://datasets.mt-eval.example/flores200",
            "[shard 0] GET https://datasets.mt-eval.example/flores200/devtest.jsonl -> 503, retrying in 30s",
            "[shard 0] GET https://datasets.mt-eval.example/flores200/devtest.jsonl -> 503, retrying in 60s",
            "Traceback (most recent call last):",
            '  File "/app/eval_shard.py", line 48, in <module>',
            "    resp.raise_for_status()",
            "requests.exceptions.HTTPError: 503 Server Error: Service Unavailable for url: "
            "https://datasets.mt-eval.example/flores200/devtest.jsonl",
        ],
        at(12),
        [1, 30, 60, 0, 0, 0],
    )
    second = stamped(
        [
            "[shard 1] fetching test set flores200/devtest from https://datasets.mt-eval.example/flores200",
            "[shard 1] loaded 1012 sentences from cache /cache/flores200/devtest.jsonl",
            *[f"[shard 1] translated {i * 64}/506 sentences" for i in range(1, 7)],
            "Traceback (most recent call last):",
            '  File "/app/eval_shard.py", line 91, in <module>',
            "    out = model.generate(**batch, num_beams=8, max_new_tokens=512)",
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.12 GiB. GPU 0 has a total capacity of "
            "39.38 GiB of which 1.07 GiB is free.",
        ],
        at(12),
        [2, 120, 120, 120, 120, 120, 120, 170, 0, 0],
    )
    pods = []
    logs = {}
    for i, (log, finish) in enumerate(((first, 104), (second, 903))):
        c = Container(
            "eval", tmpl.image, command=tmpl.command, resources=tmpl.resources, state=terminated(1, at(11), at(finish))
        )
        p = indexed_job_pod(job, i, [c], created=at(2), phase="Failed", node=f"a100-40g-{i + 6}", scheduled=at(3))
        pods.append(p)
        logs[f"{p['metadata']['name']}/eval"] = log
    return CaseSpec(
        id="network-error-job-first-shard-failed-first",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="network-error",
        culprit=pods[0]["metadata"]["name"],
        evidence="503 Server Error",
        description="Two shards of an indexed evaluation fail for different reasons: shard 0 cannot fetch the "
        "test set (503) within two minutes, shard 1 runs out of GPU memory thirteen minutes later. "
        "The first failure decides; the more specific-looking second one is not what stopped the Job "
        "first.",
        objects=[job, *pods],
        logs=logs,
        captured=at(960),
    )


@SCENARIOS.add
def application_error_job_tracker_error_survived_then_keyerror() -> CaseSpec:
    at = Clock(datetime(2026, 10, 3, 15, 0, tzinfo=timezone.utc))
    name, ns = "reward-model-eval", "rlhf-eval"
    tmpl = Container(
        "eval",
        "registry.corp.example/rlhf/rm-eval:0.7",
        command=["python", "eval_rm.py"],
        resources=gpu(1, "48Gi", "8"),
    )
    log = stamped(
        [
            "wandb: Currently logged in as: rlhf-bot (rlhf-team). Use `wandb login --relogin` to force relogin",
            "wandb: Tracking run with wandb version 0.17.9",
            *[f"eval step {i * 50}/2000 | pairwise_acc=0.{701 + i} | margin=1.{12 + i}" for i in range(1, 12)],
            "wandb: Network error (ReadTimeout), entering retry loop.",
            "wandb: ERROR Error while calling W&B API: context deadline exceeded (<Response [503]>)",
            "Exception in thread Thread-9 (_upload_files):",
            "Traceback (most recent call last):",
            '  File "/usr/local/lib/python3.10/dist-packages/wandb/sdk/internal/file_stream.py", line 421, in _send',
            "    response.raise_for_status()",
            "requests.exceptions.HTTPError: 503 Server Error: Service Unavailable for url: "
            "https://api.wandb.ai/files/rlhf-team/rm-eval/9x2kq1ab/file_stream",
            *[f"eval step {i * 50}/2000 | pairwise_acc=0.{701 + i} | margin=1.{12 + i}" for i in range(12, 24)],
            "Traceback (most recent call last):",
            '  File "/app/eval_rm.py", line 133, in <module>',
            '    chosen, rejected = pair["chosen"], pair["rejected"]',
            "KeyError: 'rejected'",
        ],
        at(12),
        [1, *([60] * 11), 2, 1, 0, 0, 0, 0, 0, *([50] * 12), 4, 0, 0, 0],
    )
    return failed_job_case(
        id="application-error-job-tracker-error-survived-then-keyerror",
        category="application-error",
        evidence="KeyError: 'rejected'",
        description="The experiment tracker's upload thread hits a 503 and dies, but the evaluation goes on for "
        "ten more minutes; it then stops on a record without a 'rejected' field. The upload error "
        "was printed by a process that kept running: the KeyError is why the Job failed.",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=1,
        ran=(10, 1450),
        node="a10g-eval-11",
        log=log,
        captured=1500,
    )


@SCENARIOS.add
def evicted_pytorchjob_pods_cleaned_up_events_only() -> CaseSpec:
    at = Clock(datetime(2026, 10, 4, 6, 0, tzinfo=timezone.utc))
    name, ns = "seg-unet-ft", "medical-vision"
    tmpl = Container(
        "pytorch",
        "registry.corp.example/med/unet-train:torch2.3",
        command=["torchrun", "train.py"],
        resources={
            "requests": {"cpu": "16", "memory": "64Gi", "nvidia.com/gpu": "4"},
            "limits": {"cpu": "16", "memory": "160Gi", "nvidia.com/gpu": "4"},
        },
    )
    job = kubeflow_job(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Master": Replicas(1, tmpl, "Never"), "Worker": Replicas(2, tmpl, "Never")},
        conditions=kubeflow_conditions("PyTorchJob", name, at(60), failed=("Master", at(2902))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 2}},
        start=at(1),
        completion=at(2902),
        run_policy={"backoffLimit": 0, "cleanPodPolicy": "All"},
    )

    def gone(role: str, index: int) -> Obj:
        """The pod as events still name it after the operator deleted it (cleanPodPolicy: All)."""
        pod_name = f"{name}-{role}-{index}"
        return {
            "apiVersion": "v1",
            "kind": "Pod",
            "metadata": {"name": pod_name, "namespace": ns, "uid": f"{pod_name}-deleted"},
        }

    evict = (
        "The node was low on resource: memory. Threshold quantity: 750Mi, available: 512004Ki. Container "
        "pytorch was using 151320012Ki, which exceeds its request of 64Gi. "
    )
    events = [
        *[
            event(
                job,
                "SuccessfulCreatePod",
                f"Created pod: {name}-{r}-{i}",
                at(2),
                type_="Normal",
                component="pytorchjob-controller",
            )
            for r, i in (("master", 0), ("worker", 0), ("worker", 1))
        ],
        event(gone("worker", 1), "Evicted", evict, at(2290), host="gpu-r7-11"),
        event(gone("worker", 1), "Killing", "Stopping container pytorch", at(2290), type_="Normal", host="gpu-r7-11"),
        event(
            job,
            "ExitedWithCode",
            f"Pod: {ns}.{name}-worker-1 exited with code 137",
            at(2292),
            type_="Normal",
            component="pytorchjob-controller",
        ),
        event(
            job,
            "ExitedWithCode",
            f"Pod: {ns}.{name}-worker-0 exited with code 1",
            at(2898),
            type_="Normal",
            component="pytorchjob-controller",
        ),
        event(
            job,
            "ExitedWithCode",
            f"Pod: {ns}.{name}-master-0 exited with code 1",
            at(2901),
            type_="Normal",
            component="pytorchjob-controller",
        ),
        event(
            job,
            "PyTorchJobFailed",
            f"PyTorchJob {name} is failed because 1 Master replica(s) failed.",
            at(2902),
            type_="Normal",
            component="pytorchjob-controller",
        ),
        *[
            event(
                job,
                "SuccessfulDeletePod",
                f"Deleted pod: {name}-{r}-{i}",
                at(2903),
                type_="Normal",
                component="pytorchjob-controller",
            )
            for r, i in (("master", 0), ("worker", 0), ("worker", 1))
        ],
    ]
    return CaseSpec(
        id="evicted-pytorchjob-pods-cleaned-up-events-only",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="evicted",
        culprit=None,
        evidence="The node was low on resource: memory",
        description="With cleanPodPolicy: All the operator deleted every pod when the job failed; only the events "
        "remain. They say worker 1 was evicted for node memory pressure ten minutes before the other "
        "replicas exited, and the job's condition names the master.",
        objects=[job, *events],
        captured=at(3000),
    )


@SCENARIOS.add
def healthy_job_pending_autoscaler_scaling_up() -> CaseSpec:
    at = Clock(datetime(2026, 10, 5, 11, 0, tzinfo=timezone.utc))
    name, ns = "weekly-retrieval-eval", "search-eval"
    tmpl = Container(
        "eval",
        "registry.corp.example/search/retrieval-eval:2.0",
        command=["python", "eval.py"],
        resources=gpu(1, "32Gi", "8"),
    )
    job = batch_job(name=name, namespace=ns, created=at(0), container=tmpl, active=1, start=at(1), conditions=[])
    message = (
        "0/7 nodes are available: 3 node(s) didn't match Pod's node affinity/selector, 4 Insufficient "
        "nvidia.com/gpu. preemption: 0/7 nodes are available: 3 Preemption is not helpful for scheduling, 4 "
        "No preemption victims found for incoming pod."
    )
    c = Container("eval", tmpl.image, command=tmpl.command, resources=tmpl.resources)
    p = job_pod(job, [c], created=at(1), phase="Pending", unschedulable=message)
    events = [
        event(
            job,
            "SuccessfulCreate",
            f"Created pod: {p['metadata']['name']}",
            at(1),
            type_="Normal",
            component="job-controller",
        ),
        event(p, "FailedScheduling", message, at(2), last=at(150), count=4, component="default-scheduler"),
        event(
            p,
            "TriggeredScaleUp",
            "pod triggered scale-up: [{eks-gpu-a10g-ng-2b7c 1->2 (max: 6)}]",
            at(14),
            type_="Normal",
            component="cluster-autoscaler",
        ),
    ]
    return CaseSpec(
        id="healthy-job-pending-autoscaler-scaling-up",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="Three minutes after creation the pod is Pending for lack of a GPU, but the cluster "
        "autoscaler triggered a scale-up for it at once: a node is on its way, and the job is "
        "still starting within normal time.",
        objects=[job, p, *events],
        captured=at(180),
    )


@SCENARIOS.add
def healthy_job_evicted_pod_replaced() -> CaseSpec:
    at = Clock(datetime(2026, 10, 6, 20, 0, tzinfo=timezone.utc))
    name, ns = "feature-backfill-0930", "growth-ds"
    tmpl = Container(
        "backfill",
        "registry.corp.example/ds/feature-backfill:1.6",
        command=["python", "backfill.py"],
        resources={"requests": {"cpu": "8", "memory": "16Gi"}, "limits": {"cpu": "8", "memory": "48Gi"}},
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=tmpl,
        active=1,
        failed=1,
        ready=1,
        start=at(1),
        backoff_limit=4,
        conditions=[],
    )
    evict = (
        "The node was low on resource: memory. Threshold quantity: 100Mi, available: 80120Ki. Container "
        "backfill was using 30120044Ki, which exceeds its request of 16Gi. "
    )
    first = job_pod(
        job,
        [
            Container(
                "backfill",
                tmpl.image,
                command=tmpl.command,
                resources=tmpl.resources,
                state=terminated(137, at(10), at(1202)),
            )
        ],
        created=at(1),
        phase="Failed",
        node="cpu-m5-7",
        scheduled=at(2),
        attempt=0,
        reason="Evicted",
        message=evict,
        qos="Burstable",
        extra_conditions=[condition("DisruptionTarget", True, at(1200), "TerminationByKubelet", evict)],
    )
    second = job_pod(
        job,
        [
            Container(
                "backfill",
                tmpl.image,
                command=tmpl.command,
                resources=tmpl.resources,
                state=running(at(1216)),
                ready=True,
            )
        ],
        created=at(1203),
        phase="Running",
        node="cpu-m5-2",
        scheduled=at(1204),
        attempt=1,
        qos="Burstable",
    )
    progress = [f"backfilled partition dt=2026-09-{d:02d} ({118_000 + d * 311} rows)" for d in range(1, 30)]
    events = [
        event(first, "Evicted", evict, at(1200), host="cpu-m5-7"),
        event(first, "Killing", "Stopping container backfill", at(1200), type_="Normal", host="cpu-m5-7"),
        event(
            job,
            "SuccessfulCreate",
            f"Created pod: {second['metadata']['name']}",
            at(1203),
            type_="Normal",
            component="job-controller",
        ),
    ]
    return CaseSpec(
        id="healthy-job-evicted-pod-replaced",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="The Job's first pod was evicted under node memory pressure; the Job controller created a "
        "replacement on another node, which has been running for over an hour. The eviction is "
        "history: the Job is running.",
        objects=[job, first, second, *events],
        logs={
            f"{first['metadata']['name']}/backfill": text(*progress[:6]),
            f"{second['metadata']['name']}/backfill": stamped(progress, at(1220), 150),
        },
        captured=at(1220 + 150 * 28 + 60),
    )
