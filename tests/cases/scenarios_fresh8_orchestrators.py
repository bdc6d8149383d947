"""Fresh round 8: real public threads about Ray and KubeRay jobs and clusters, Katib trials, Argo and Kubeflow Pipelines steps, second round.

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
    backoff_conditions,
    batch_job,
    cpu_only,
    event,
    gpu,
    job_condition,
    job_pod,
    object_meta,
    owner_ref,
    running,
    stamped,
    terminated,
    text,
    ts,
)
from tests.cases.scenarios_ecosystems import _kuberay, _ray_cluster_name, _submitter
from tests.cases.scenarios_fresh7_pipelines import _ray_submitter_pod, _step_failed, _step_pod, _workflow

SCENARIOS = Scenarios()


def _submit_banner(dashboard: str, job_id: str) -> list[str]:
    """What ``ray job submit`` prints before it tails the job's logs."""
    return [
        f"Job submission server address: {dashboard}",
        "",
        "-------------------------------------------------------",
        f"Job '{job_id}' submitted successfully",
        "-------------------------------------------------------",
        "",
        "Next steps",
        "  Query the logs of the job:",
        f"    ray job logs {job_id}",
        "  Query the status of the job:",
        f"    ray job status {job_id}",
        "  Request the job to be stopped:",
        f"    ray job stop {job_id}",
        "",
        "Tailing logs until the job exits (disable with --no-wait):",
    ]


def _job_failed(job_id: str, status: str, *last: str) -> list[str]:
    """What ``ray job submit`` prints when the job it tails fails: the banner, the status message
    and the last lines Ray kept."""
    return [
        "",
        "---------------------------------------",
        f"Job '{job_id}' failed",
        "---------------------------------------",
        "",
        f"Status message: {status}",
        *last,
    ]


def _failed(reason: str, message: str, end: datetime) -> Obj:
    """A RayJob's status once KubeRay has marked it failed."""
    status = "" if reason == "SubmissionFailed" else "FAILED"
    return {
        "jobStatus": status,
        "jobDeploymentStatus": "Failed",
        "reason": reason,
        "message": message,
        "endTime": ts(end),
        "failed": 1,
        "succeeded": 0,
    }


def _ray_job(
    at: Clock,
    name: str,
    ns: str,
    image: str,
    entrypoint: str,
    *,
    head: Container,
    workers: list[Container],
    nodes: list[str],
    status: Obj,
    sub_state: Obj,
    end: datetime | None,
    group: str = "gpu",
) -> tuple[list[Obj], Obj, str, str]:
    """A RayJob with its cluster, pods and submitter Job and pod (failed when ``end`` is given):
    the objects, the submitter pod, the dashboard address and the job id."""
    dashboard = f"http://{_ray_cluster_name(name)}-head-svc.{ns}.svc.cluster.local:8265"
    rayjob, raycluster, pods = _kuberay(
        at=at,
        name=name,
        ns=ns,
        image=image,
        entrypoint=entrypoint,
        group=group,
        head=head,
        workers=workers,
        status=status,
        nodes=nodes,
    )
    if end is None:
        submitter = _submitter(rayjob, at, 60, active=1)
    else:
        submitter = _submitter(rayjob, at, 60, failed=1, conditions=backoff_conditions(end))
    job_id = rayjob["status"]["jobId"]
    phase = "Running" if "running" in sub_state else "Failed"
    sub = _ray_submitter_pod(submitter, job_id, dashboard, at, sub_state, phase, nodes[0])
    return [rayjob, raycluster, submitter, *pods, sub], sub, dashboard, job_id


# -- Argo Workflows and Kubeflow Pipelines steps ----------------------------------------------------


@SCENARIOS.add
def missing_file_pod_argo_output_artifact_bucket_does_not_exist() -> CaseSpec:
    at = Clock(datetime(2026, 10, 14, 8, 52, tzinfo=timezone.utc))
    ns, wf = "data-prep", "artifact-passing-pnksc"
    node_id = f"{wf}-2829170215"
    workflow = _workflow(ns, wf, at, "Failed", f"child '{node_id}' failed", 80)
    main = Container(
        "main",
        "registry.corp.example/ml/tokenize:1.4.0",
        command=["sh", "-c"],
        args=["python -m prep.tokenize --out /tmp/hello_world.txt | tee /tmp/hello_world.txt"],
        resources=cpu_only("2Gi", "1"),
        state=terminated(0, at(10), at(66)),
    )
    wait = Container(
        "wait",
        "argoproj/argoexec:v2.4.1",
        command=["argoexec", "wait"],
        resources=cpu_only("256Mi", "100m"),
        state=terminated(1, at(9), at(70)),
    )
    p = _step_pod(workflow, "generate-artifact", node_id, [wait, main], at, phase="Failed", host="pool-cpu-4k2x9")
    key = f"{wf}/{node_id}/hello-art.tgz"
    main_log = stamped(
        [
            "2026-10-14 08:52:11,402 prep INFO  loading vocabulary from /opt/vocab/wordpiece-32k.txt",
            *[f"2026-10-14 08:52:{12 + i * 5:02d},118 prep INFO  tokenized shard {i:03d}/010" for i in range(1, 11)],
            "2026-10-14 08:53:05,884 prep INFO  wrote 1843221 lines to /tmp/hello_world.txt",
        ],
        at(11),
        [1.0, *([5.0] * 9), 3.5],
    )
    put = (
        'msg="Saving from /tmp/argo/outputs/artifacts/hello-art.tgz to s3 (endpoint: argo-artifacts.default:9000, '
        f'bucket: my-bucket, key: {key})"'
    )
    wait_log = text(
        'time="2026-10-14T08:52:09Z" level=info msg="Creating a docker executor"',
        f'time="2026-10-14T08:52:09Z" level=info msg="Executor (version: v2.4.1, build_date: 2019-10-08T23:29:17Z) '
        f'initialized (pod: {ns}/{node_id}) with template:\\n{{\\"name\\":\\"whalesay\\",\\"outputs\\":'
        '{\\"artifacts\\":[{\\"name\\":\\"hello-art\\",\\"path\\":\\"/tmp/hello_world.txt\\"}]}}"',
        'time="2026-10-14T08:52:09Z" level=info msg="Waiting on main container"',
        'time="2026-10-14T08:52:10Z" level=info msg="main container started with container ID: '
        '2bb40ef4a935253f438e8e8c2d27c04e"',
        'time="2026-10-14T08:52:10Z" level=info msg="Starting annotations monitor"',
        'time="2026-10-14T08:52:10Z" level=info msg="Starting deadline monitor"',
        'time="2026-10-14T08:53:06Z" level=info msg="main container exited"',
        'time="2026-10-14T08:53:06Z" level=info msg="Annotations monitor stopped"',
        'time="2026-10-14T08:53:06Z" level=info msg="Saving logs"',
        'time="2026-10-14T08:53:06Z" level=info msg="No output parameters"',
        'time="2026-10-14T08:53:06Z" level=info msg="Saving output artifacts"',
        'time="2026-10-14T08:53:06Z" level=info msg="Staging artifact: hello-art"',
        'time="2026-10-14T08:53:06Z" level=info msg="Copying /tmp/hello_world.txt from container base image layer '
        'to /tmp/argo/outputs/artifacts/hello-art.tgz"',
        'time="2026-10-14T08:53:06Z" level=info msg="Taring /tmp/hello_world.txt"',
        *[
            f'time="2026-10-14T08:53:0{s}Z" level=info {put}\n'
            f'time="2026-10-14T08:53:0{s}Z" level=warning msg="Failed to put file: The specified bucket does not exist"'
            for s in (7, 7, 8, 9)
        ],
        'time="2026-10-14T08:53:09Z" level=error msg="executor error: timed out waiting for the condition"',
        'time="2026-10-14T08:53:09Z" level=info msg="Killing sidecars"',
        'time="2026-10-14T08:53:09Z" level=info msg="No Script output reference in workflow. Capturing script '
        'output ignored"',
        'time="2026-10-14T08:53:09Z" level=info msg="Annotating pod with output"',
        'time="2026-10-14T08:53:09Z" level=info msg="Alloc=5454 TotalAlloc=15888 Sys=70078 NumGC=5 Goroutines=19"',
        'time="2026-10-14T08:53:09Z" level=fatal msg="timed out waiting for the condition"',
    )
    events = _step_failed(
        workflow,
        "generate-artifact",
        node_id,
        "failed to save outputs: timed out waiting for the condition",
        at,
        74,
        80,
    )
    return CaseSpec(
        id="missing-file-pod-argo-output-artifact-bucket-does-not-exist",
        kind="Pod",
        name=node_id,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=node_id,
        evidence="The specified bucket does not exist",
        description="The step's program finished, but the artifact repository the workflow controller is "
        "configured with names an S3 bucket that was never created; the wait container retries the upload, "
        "gives up with 'timed out waiting for the condition' and the step fails with 'failed to save outputs'.",
        objects=[p, workflow, *events],
        logs={f"{node_id}/main": main_log, f"{node_id}/wait": wait_log},
        captured=at(600),
        title="Argo step fails with 'failed to save outputs: timed out waiting for the condition'; the wait "
        "container shows 'Failed to put file: The specified bucket does not exist'",
        source="https://github.com/argoproj/argo-workflows/issues/1674",
    )


@SCENARIOS.add
def evicted_pod_kfp_step_node_low_on_memory_zero_request() -> CaseSpec:
    at = Clock(datetime(2026, 10, 15, 13, 5, tzinfo=timezone.utc))
    ns, wf = "kubeflow", "object-detection-train-7hxq2"
    node_id = f"{wf}-1839274410"
    host = "gke-kfp-default-pool-5d1c7e2a-q8vb"
    message = (
        "The node was low on resource: memory. Container main was using 1783932Ki, which exceeds its request of 0. "
        "Container wait was using 13296Ki, which exceeds its request of 0. "
    )
    workflow = _workflow(ns, wf, at, "Failed", f"child '{node_id}' failed", 1490)
    end = 1466
    main = Container(
        "main",
        "gcr.io/example-project/object-detection-train:v3",
        command=["python", "/models/research/object_detection/model_main.py"],
        args=["--pipeline_config_path=/pets_data/faster_rcnn_resnet101_pets.config", "--model_dir=/pets_data/train"],
        state=terminated(137, at(40), at(end)),
    )
    wait = Container(
        "wait", "argoproj/argoexec:v2.3.0", command=["argoexec", "wait"], state=terminated(0, at(38), at(end + 3))
    )
    p = _step_pod(
        workflow,
        "train",
        node_id,
        [wait, main],
        at,
        phase="Failed",
        host=host,
        reason="Evicted",
        message=message,
        service_account="pipeline-runner",
    )
    p["status"]["qosClass"] = "BestEffort"
    main_log = stamped(
        [
            "W1015 13:05:44.201113 140187 deprecation.py:323] From /models/research/object_detection/model_main.py:109: "
            "The name tf.app.run is deprecated. Please use tf.compat.v1.app.run instead.",
            "INFO:tensorflow:Maybe overwriting train_steps: 20000",
            "INFO:tensorflow:Create CheckpointSaverHook.",
            "INFO:tensorflow:Graph was finalized.",
            "INFO:tensorflow:Running local_init_op.",
            "INFO:tensorflow:Done running local_init_op.",
            "INFO:tensorflow:Saving checkpoints for 0 into /pets_data/train/model.ckpt.",
            *[
                f"INFO:tensorflow:loss = {1.92 - i * 0.061:.7f}, step = {i * 100} ({118.4 + i % 3:.3f} sec)"
                for i in range(1, 12)
            ],
            "INFO:tensorflow:global_step/sec: 0.844771",
        ],
        at(42),
        [6, 4, 2, 1, 1, 3, *([118.0] * 11)],
    )
    events = [
        event(p, "Evicted", message, at(end - 2), host=host),
        event(p, "Killing", "Stopping container main", at(end - 2), type_="Normal", host=host),
        event(p, "Killing", "Stopping container wait", at(end - 2), type_="Normal", host=host),
        event(
            workflow,
            "WorkflowNodeFailed",
            f"Failed node {wf}.train: {message.strip()}",
            at(end + 10),
            component="workflow-controller",
        ),
        event(workflow, "WorkflowFailed", f"child '{node_id}' failed", at(1490), component="workflow-controller"),
    ]
    return CaseSpec(
        id="evicted-pod-kfp-step-node-low-on-memory-zero-request",
        kind="Pod",
        name=node_id,
        namespace=ns,
        healthy=False,
        category="evicted",
        culprit=node_id,
        evidence="low on resource: memory",
        description="A Kubeflow Pipelines training step declares no memory request (BestEffort); when the node "
        "runs short of memory the kubelet evicts it first, and the run shows 'This step is in Failed state "
        "with this message: The node was low on resource: memory'.",
        objects=[p, workflow, *events],
        logs={f"{node_id}/main": main_log, f"{node_id}/wait": ""},
        captured=at(2400),
        title="Kubeflow pipeline step fails with 'This step is in Failed state with this message: The node was low "
        "on resource: memory. Container main was using 1783932Ki, which exceeds its request of 0.'",
        source="https://github.com/kubeflow/pipelines/issues/4275",
    )


# -- Ray jobs on KubeRay ------------------------------------------------------------------------------


@SCENARIOS.add
def missing_file_rayjob_entrypoint_script_not_found() -> CaseSpec:
    at = Clock(datetime(2026, 10, 16, 2, 10, tzinfo=timezone.utc))
    name, ns = "ppo-math-reasoning", "rl-train"
    image = "rayproject/ray:2.12.0-py310-gpu"
    script = "/examples/script/train_ppo_qwen_base_math_lv35_new_1_node.sh"
    end = at(131)
    status = (
        "Job entrypoint command failed with exit code 127, last available logs (truncated to 20,000 chars):\n"
        f"/bin/bash: {script}: No such file or directory\n"
    )
    objects, sub, dashboard, job_id = _ray_job(
        at,
        name,
        ns,
        image,
        f"/bin/bash {script}",
        head=Container("ray-head", image, resources=gpu(8, "512Gi", "64"), state=running(at(30)), ready=True),
        workers=[],
        nodes=["gpu-h100-03"],
        status=_failed("AppFailed", status, end),
        sub_state=terminated(1, at(62), end - timedelta(seconds=2)),
        end=end,
    )
    objects[0]["spec"]["runtimeEnvYAML"] = "pip:\n  - ray==2.12.0\n  - latex2sympy2\n  - timeout_decorator\n"
    lines = [
        *_submit_banner(dashboard, job_id),
        "2026-10-16 02:11:03,771\tINFO job_manager.py:530 -- Runtime env is setting up.",
        f"/bin/bash: {script}: No such file or directory",
        *_job_failed(
            job_id,
            "Job entrypoint command failed with exit code 127, last available logs (truncated to 20,000 chars):",
            f"/bin/bash: {script}: No such file or directory",
        ),
        "",
    ]
    gaps = [*([0] * 15), 0.4, 62, 0.2, 0, 0, 0, 0, 0.1]
    return CaseSpec(
        id="missing-file-rayjob-entrypoint-script-not-found",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=sub["metadata"]["name"],
        evidence="No such file or directory",
        description="The RayJob's entrypoint runs a shell script at an absolute path that does not exist in the "
        "image (the README's command had a typo and a leading slash); bash exits 127 and Ray reports the "
        "entrypoint failed with the missing path in its last logs.",
        objects=objects,
        logs={f"{sub['metadata']['name']}/ray-job-submitter": stamped(lines, at(63), gaps)},
        captured=end + timedelta(minutes=3),
        title="ray job submit fails: 'Status message: Job entrypoint command failed with exit code 127 ... /bin/bash: "
        "/examples/script/...sh: No such file or directory'",
        source="https://github.com/hkust-nlp/simpleRL-reason/issues/14",
    )


@SCENARIOS.add
def config_error_rayjob_submitter_ray_command_not_found() -> CaseSpec:
    at = Clock(datetime(2026, 10, 16, 9, 30, tzinfo=timezone.utc))
    name, ns = "rayjob-sample", "ml-platform"
    image = "quay.io/example/ray-runtime:2.46.0-py311"
    end = at(75)
    objects, sub, dashboard, job_id = _ray_job(
        at,
        name,
        ns,
        image,
        "python /home/ray/samples/sample_code.py",
        group="small-group",
        head=Container("ray-head", image, resources=cpu_only("2Gi", "1"), state=running(at(20)), ready=True),
        workers=[Container("ray-worker", image, resources=cpu_only("1Gi", "1"), state=running(at(25)), ready=True)],
        nodes=["ocp-worker-1", "ocp-worker-2"],
        status=_failed("SubmissionFailed", "Submitter job has failed", end),
        sub_state=terminated(127, at(63), at(63)),
        end=end,
    )
    c = sub["spec"]["containers"][0]
    c["command"] = ["/bin/bash", "-ce", "--"]
    c["args"] = [
        f"if ! ray job status --address {dashboard} {job_id} >/dev/null 2>&1 ; then ray job submit --address "
        f"{dashboard} --no-wait --submission-id {job_id} -- python /home/ray/samples/sample_code.py ; fi ; ray job "
        f"logs --address {dashboard} --follow {job_id}"
    ]
    return CaseSpec(
        id="config-error-rayjob-submitter-ray-command-not-found",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=sub["metadata"]["name"],
        evidence="ray: command not found",
        description="The RayCluster is up, but the submitter Job KubeRay creates runs its shell command in an "
        "image whose PATH has no `ray` CLI; bash exits 127 at once, the submitter Job fails and the RayJob "
        "never submits anything.",
        objects=objects,
        logs={f"{sub['metadata']['name']}/ray-job-submitter": text("/bin/bash: line 1: ray: command not found")},
        captured=end + timedelta(minutes=5),
        title="KubeRay RayJob sample: the submitter pod errors with '/bin/bash: line 1: ray: command not found'",
        source="https://github.com/ray-project/kuberay/issues/3856",
    )


@SCENARIOS.add
def application_error_rayjob_tune_torchtrainer_tensors_on_two_devices() -> CaseSpec:
    at = Clock(datetime(2026, 10, 17, 14, 20, tzinfo=timezone.utc))
    name, ns = "tracking-hp-tuning", "physics-ml"
    image = "rayproject/ray-ml:2.3.0-py310-gpu"
    end = at(640)
    site = "/home/ray/anaconda3/lib/python3.10/site-packages"
    status = "Job entrypoint command failed with exit code 1, last available logs (truncated to 20,000 chars):"
    objects, sub, dashboard, job_id = _ray_job(
        at,
        name,
        ns,
        image,
        "python /app/hp_tuning/hp_tuning_ddp.py --num-samples 8",
        head=Container("ray-head", image, resources=cpu_only("32Gi", "8"), state=running(at(22)), ready=True),
        workers=[
            Container("ray-worker", image, resources=gpu(2, "120Gi", "16"), state=running(at(30)), ready=True)
            for _ in range(2)
        ],
        nodes=["cpu-node-7", "gpu-p100-01", "gpu-p100-02"],
        status=_failed("AppFailed", status, end),
        sub_state=terminated(1, at(62), end - timedelta(seconds=2)),
        end=end,
    )
    trial = "TorchTrainer_9416e_00001"
    err = "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!"
    tb = [
        f"2026-10-17 14:21:48,003\tERROR trial_runner.py:1062 -- Trial {trial}: Error processing event.",
        "ray.exceptions.RayTaskError(RuntimeError): ray::_Inner.train() (pid=3120005, ip=10.42.3.19, "
        "repr=TorchTrainer)",
        f'  File "{site}/ray/tune/trainable/trainable.py", line 368, in train',
        "    raise skipped from exception_cause(skipped)",
        f'  File "{site}/ray/train/_internal/utils.py", line 54, in check_for_failure',
        "    ray.get(object_ref)",
        "ray.exceptions.RayTaskError(RuntimeError): ray::RayTrainWorker._RayTrainWorker__execute() (pid=3120093, "
        "ip=10.42.3.19, repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x1554c04c10c0>)",
        f'  File "{site}/ray/train/_internal/worker_group.py", line 31, in __execute',
        "    raise skipped from exception_cause(skipped)",
        f'  File "{site}/ray/train/_internal/utils.py", line 129, in discard_return_wrapper',
        "    train_func(*args, **kwargs)",
        '  File "/app/hp_tuning/hp_tuning_ddp.py", line 136, in train_func',
        "    train_epoch(train_loader, model, criterion, optimizer, scaler)",
        '  File "/app/hp_tuning/hp_tuning_ddp.py", line 71, in train_epoch',
        "    loss = criterion(output, target)",
        err,
    ]
    table = [
        "== Status ==",
        "Current time: 2026-10-17 14:30:58 (running for 00:09:21.88)",
        "Memory usage on this node: 10.1/251.4 GiB ",
        "PopulationBasedTraining: 0 checkpoints, 0 perturbs",
        "Resources requested: 0/32 CPUs, 0/4 GPUs, 0.0/341.07 GiB heap, 0.0/150.16 GiB objects",
        "Result logdir: /home/ray/ray_results/TorchTrainer_2026-10-17_14-21-37",
        "Number of trials: 8/8 (8 ERROR)",
        "Number of errored trials: 8",
        "+--------------------------+--------------+---------------------------------------------------------------+",
        "| Trial name               |   # failures | error file                                                    |",
        "|--------------------------+--------------+---------------------------------------------------------------|",
        *[
            f"| TorchTrainer_9416e_0000{i} |            1 | /home/ray/ray_results/TorchTrainer_2026-10-17_14-21-37/"
            f"TorchTrainer_9416e_0000{i}_{i}/error.txt |"
            for i in range(8)
        ],
        "+--------------------------+--------------+---------------------------------------------------------------+",
        "",
        "Traceback (most recent call last):",
        '  File "/app/hp_tuning/hp_tuning_ddp.py", line 212, in <module>',
        "    results = tuner.fit()",
        f'  File "{site}/ray/tune/tuner.py", line 292, in fit',
        "    return self._local_tuner.fit()",
        f'  File "{site}/ray/tune/execution/tuner_internal.py", line 181, in fit',
        "    analysis = self._fit_internal(trainable, param_space)",
        f'  File "{site}/ray/tune/tune.py", line 752, in run',
        '    raise TuneError("Trials did not complete", incomplete_trials)',
        "ray.tune.error.TuneError: ('Trials did not complete', [TorchTrainer_9416e_00000, TorchTrainer_9416e_00001, "
        "TorchTrainer_9416e_00002, TorchTrainer_9416e_00003, TorchTrainer_9416e_00004, TorchTrainer_9416e_00005, "
        "TorchTrainer_9416e_00006, TorchTrainer_9416e_00007])",
    ]
    lines = [
        *_submit_banner(dashboard, job_id),
        "2026-10-17 14:21:31,204\tINFO worker.py:1352 -- Using address 10.42.1.7:6379 set in the environment variable "
        "RAY_ADDRESS",
        "2026-10-17 14:21:31,221\tINFO worker.py:1529 -- Connecting to existing Ray cluster at address: "
        "10.42.1.7:6379...",
        "2026-10-17 14:21:31,240\tINFO worker.py:1713 -- Connected to Ray cluster. View the dashboard at "
        "http://10.42.1.7:8265 ",
        "(RayTrainWorker pid=3120093, ip=10.42.3.19) 2026-10-17 14:21:44,512\tINFO config.py:86 -- Setting up "
        "process group for: env:// [rank=0, world_size=2]",
        *tb,
        *table,
        *_job_failed(job_id, status, err),
    ]
    gaps = [*([0] * 15), 28, 0, 0, 13, 4, *([0] * (len(tb) - 1)), 550, *([0] * (len(table) + 8))]
    return CaseSpec(
        id="application-error-rayjob-tune-torchtrainer-tensors-on-two-devices",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="application-error",
        culprit=sub["metadata"]["name"],
        evidence="Expected all tensors to be on the same device",
        description="Every Ray Tune trial of a TorchTrainer fails in the user's training function: the loss is "
        "computed on a tensor left on the CPU while the model is on the GPU. Ray wraps it as "
        "RayTaskError(RuntimeError) and the driver ends with TuneError 'Trials did not complete'.",
        objects=objects,
        logs={f"{sub['metadata']['name']}/ray-job-submitter": stamped(lines, at(63), gaps)},
        captured=end + timedelta(minutes=4),
        title="Ray Tune with TorchTrainer: trials fail with 'ray.exceptions.RayTaskError(RuntimeError) ... Expected "
        "all tensors to be on the same device'",
        source="https://github.com/ray-project/ray/issues/33011",
    )


@SCENARIOS.add
def healthy_rayjob_xgboost_actors_cannot_be_scheduled_warnings() -> CaseSpec:
    at = Clock(datetime(2026, 10, 18, 11, 0, tzinfo=timezone.utc))
    name, ns = "xgb-ctr-train", "ads-ml"
    image = "rayproject/ray-ml:2.9.3-py310"
    objects, sub, dashboard, job_id = _ray_job(
        at,
        name,
        ns,
        image,
        "python /app/train_xgb.py --num-actors 24 --cpus-per-actor 1",
        group="cpu",
        head=Container("ray-head", image, resources=cpu_only("16Gi", "4"), state=running(at(20)), ready=True),
        workers=[
            Container("ray-worker", image, resources=cpu_only("32Gi", "8"), state=running(at(26)), ready=True)
            for _ in range(3)
        ],
        nodes=["cpu-m5-21", "cpu-m5-22", "cpu-m5-23", "cpu-m5-24"],
        status={"jobStatus": "RUNNING", "jobDeploymentStatus": "Running"},
        sub_state=running(at(62)),
        end=None,
    )
    pending = (
        "WARNING worker.py:1050 -- The actor or task with ID ffffffffffffffff{aid}0a000000 cannot be scheduled right "
        "now. It requires {{CPU: 1.000000}} for placement, but this node only has remaining {{actor_cpus: 4.000000}}, "
        "{{node:10.244.7.{ip}: 1.000000}}, {{memory: 10.498047 GiB}}, {{object_store_memory: 3.076172 GiB}}. In "
        "total there are 0 pending tasks and 1 pending actors on this node. This is likely due to all cluster "
        "resources being claimed by actors. To resolve the issue, consider creating fewer actors or increase the "
        "resources available to this Ray cluster. You can ignore this message if this Ray cluster is expected to "
        "auto-scale."
    )
    lines = [
        *_submit_banner(dashboard, job_id)[:5],
        "Tailing logs until the job exits (disable with --no-wait):",
        "2026-10-18 11:01:09,340\tINFO worker.py:1540 -- Using address 10.244.7.12:6379 set in the environment "
        "variable RAY_ADDRESS",
        "2026-10-18 11:01:09,352\tINFO worker.py:1715 -- Connecting to existing Ray cluster at address: "
        "10.244.7.12:6379...",
        "2026-10-18 11:01:12,880\tINFO main.py:1140 -- [RayXGBoost] Created 24 new actors (24 total actors). Waiting "
        "until actors are ready for training.",
        f"2026-10-18 11:01:13,109\t{pending.format(aid='3ee74f33', ip='207')}",
        f"2026-10-18 11:01:14,278\t{pending.format(aid='b37a0891', ip='17')}",
        "2026-10-18 11:01:15,002\tWARNING worker.py:1050 -- WARNING: 28 PYTHON worker processes have been started on "
        "node: 3738e1f74ff547b9f368c09710b064194328f7bc884887383f22e1ee with address: 10.244.7.12. This could be a "
        "result of using a large number of actors, or due to tasks blocked in ray.get() calls (see "
        "https://github.com/ray-project/ray/issues/3644 for some discussion of workarounds).",
        "2026-10-18 11:01:31,551\tINFO main.py:1187 -- [RayXGBoost] Starting XGBoost training.",
        "(_RemoteRayXGBoostActor pid=433, ip=10.244.7.31) [11:01:31] task [xgboost.ray]:140226741 got new rank 0",
    ]
    gaps: list[float] = [0, 0, 0, 0, 0.1, 1, 0, 3.5, 0.2, 1.2, 0.7, 16.5, 0.1]
    for i in range(1, 160):
        lines.append(
            f"2026-10-18 {11 + (91 + i * 22) // 3600:02d}:{((91 + i * 22) % 3600) // 60:02d}:"
            f"{(91 + i * 22) % 60:02d},{i * 7 % 1000:03d}\tINFO main.py:1233 -- [RayXGBoost] Training in progress "
            f"({i * 22} seconds since last restart). [{i}]\ttrain-logloss:{0.52 - i * 0.0011:.5f}"
            f"\teval-logloss:{0.53 - i * 0.001:.5f}"
        )
        gaps.append(22)
    return CaseSpec(
        id="healthy-rayjob-xgboost-actors-cannot-be-scheduled-warnings",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="An xgboost_ray RayJob starts 24 training actors; while they are placed Ray warns that some "
        "actor 'cannot be scheduled right now' and that many Python worker processes were started, then all "
        "actors come up and the boosting rounds go on for an hour.",
        objects=objects,
        logs={f"{sub['metadata']['name']}/ray-job-submitter": stamped(lines, at(63), gaps)},
        captured=at(63 + sum(gaps) + 12),
        title="xgboost_ray prints 'WARNING worker.py -- The actor or task with ID ... cannot be scheduled right now' "
        "while its actors are being placed; training goes on",
        source="https://github.com/ray-project/xgboost_ray/issues/13",
    )


@SCENARIOS.add
def disk_full_rayjob_object_store_spill_out_of_disk() -> CaseSpec:
    at = Clock(datetime(2026, 10, 19, 3, 0, tzinfo=timezone.utc))
    name, ns = "xgb-fleet-training", "forecasting"
    image = "rayproject/ray:2.39.0-py311"
    end = at(4210)
    err = (
        "ray.exceptions.OutOfDiskError: Local disk is full\nThe object cannot be created because the local object "
        "store is full and the local disk's utilization is over capacity (95% by default).Tip: Use `df` on this node "
        "to check disk usage and `ray memory` to check object store memory usage."
    )
    status = "Job entrypoint command failed with exit code 1, last available logs (truncated to 20,000 chars):"
    objects, sub, dashboard, job_id = _ray_job(
        at,
        name,
        ns,
        image,
        "python /app/train_fleet.py --concurrency 30",
        group="highmem",
        head=Container("ray-head", image, resources=cpu_only("64Gi", "16"), state=running(at(20)), ready=True),
        workers=[
            Container("ray-worker", image, resources=cpu_only("900Gi", "96"), state=running(at(40)), ready=True)
            for _ in range(3)
        ],
        nodes=["r7i-head-01", "r7i-48xl-01", "r7i-48xl-02", "r7i-48xl-03"],
        status=_failed("AppFailed", f"{status}\n{err}", end),
        sub_state=terminated(1, at(62), end - timedelta(seconds=2)),
        end=end,
    )
    session = "/tmp/ray/session_2026-10-19_03-00-21_554404_1"
    monitor = [
        f"(raylet, ip=10.80.4.{ip}) [2026-10-19 04:0{m}:{s:02d},313 E 95 131] file_system_monitor.cc:116: {session} "
        f"is over 95% full, available space: {4.6 - m * 0.3:.4f} GB; capacity: 98.3 GB. Object creation will fail "
        "if spilling is required."
        for m in range(1, 6)
        for s, ip in ((7, 21), (37, 22))
    ]
    site = "/home/ray/anaconda3/lib/python3.11/site-packages"
    lines = [
        *_submit_banner(dashboard, job_id),
        "2026-10-19 03:01:09,340\tINFO worker.py:1601 -- Using address 10.80.4.11:6379 set in the environment "
        "variable RAY_ADDRESS",
        "2026-10-19 03:01:09,352\tINFO worker.py:1777 -- Connecting to existing Ray cluster at address: "
        "10.80.4.11:6379...",
        *[
            f"2026-10-19 03:{5 + i * 4:02d}:11,402\tINFO train_fleet.py:88 -- model {i:03d}/200 trained"
            for i in range(12)
        ],
        *monitor,
        "Traceback (most recent call last):",
        '  File "/app/train_fleet.py", line 141, in <module>',
        "    results = ray.get(pending)",
        f'  File "{site}/ray/_private/auto_init_hook.py", line 21, in auto_init_wrapper',
        "    return fn(*args, **kwargs)",
        f'  File "{site}/ray/_private/worker.py", line 2753, in get',
        "    values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)",
        f'  File "{site}/ray/_private/worker.py", line 906, in get_objects',
        "    raise value.as_instanceof_cause()",
        "ray.exceptions.RayTaskError(OutOfDiskError): ray::ingest_and_train() (pid=4411, ip=10.80.4.21)",
        '  File "/app/train_fleet.py", line 63, in ingest_and_train',
        "    frame_ref = ray.put(frame)",
        *err.split("\n"),
        *_job_failed(job_id, status, *err.split("\n")),
    ]
    gaps = [*([0] * 15), 6, 0, 240, *([240] * 11), *([30] * len(monitor)), *([0] * 40)]
    return CaseSpec(
        id="disk-full-rayjob-object-store-spill-out-of-disk",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="disk-full",
        culprit=sub["metadata"]["name"],
        evidence="Local disk is full",
        description="Many concurrent Ray tasks each put tens of gigabytes into the object store; it fills, Ray "
        "spills to the node's local disk under /tmp/ray until that disk is over 95% used, and then refuses to "
        "create objects with OutOfDiskError, failing the task and the job.",
        objects=objects,
        logs={f"{sub['metadata']['name']}/ray-job-submitter": stamped(lines, at(63), gaps)},
        captured=end + timedelta(minutes=4),
        title="Ray tasks fail with 'ray.exceptions.OutOfDiskError: Local disk is full' once the object store "
        "spills to a nearly full local disk",
        source="https://github.com/ray-project/ray/issues/49173",
    )


# -- Katib trials -------------------------------------------------------------------------------------


@SCENARIOS.add
def config_error_job_katib_trial_objective_metric_not_in_logs() -> CaseSpec:
    at = Clock(datetime(2026, 10, 20, 11, 20, tzinfo=timezone.utc))
    ns, exp = "ml-team-profile", "iris-log"
    name = f"{exp}-8xnppxc5"
    host = "worker-pool-b-7"
    trial: Obj = {
        "apiVersion": "kubeflow.org/v1beta1",
        "kind": "Trial",
        "metadata": object_meta(ns, "Trial", name, at(0), labels={"katib.kubeflow.org/experiment": exp}),
        "spec": {
            "objective": {"type": "maximize", "goal": 0.99, "objectiveMetricName": "accuracy"},
            "metricsCollector": {
                "collector": {"kind": "File"},
                "source": {"fileSystemPath": {"kind": "File", "path": "/var/log/katib/metrics.log"}},
            },
            "parameterAssignments": [{"name": "neighbors", "value": "7"}],
            "primaryContainerName": "training-container",
        },
        "status": {
            "startTime": ts(at(1)),
            "completionTime": ts(at(75)),
            "conditions": [
                job_condition("Created", at(0), "TrialCreated", "Trial is created"),
                job_condition("Running", at(75), "TrialRunning", "Trial is running", status=False),
                job_condition("MetricsUnavailable", at(75), "TrialMetricsUnavailable", "Metrics are not available"),
            ],
            "observation": {
                "metrics": [{"name": "accuracy", "latest": "unavailable", "min": "unavailable", "max": "unavailable"}]
            },
        },
    }
    done = at(74)
    train = Container(
        "training-container",
        "registry.corp.example/katib-sklearn:v4",
        command=["sh", "-c"],
        args=[
            "python3 /app/iris_log.py --neighbors=7 1>/var/log/katib/metrics.log 2>&1 && echo completed > "
            "/var/log/katib/$$$$.pid"
        ],
        resources={"limits": {"cpu": "4", "memory": "10Gi"}, "requests": {"cpu": "2", "memory": "6Gi"}},
        mounts=[{"name": "metrics-volume", "mountPath": "/var/log/katib"}],
        state=terminated(0, at(12), done - timedelta(seconds=4)),
    )
    collector = Container(
        "metrics-logger-and-collector",
        "docker.io/kubeflowkatib/file-metrics-collector:v0.15.0",
        args=[
            "-t",
            name,
            "-m",
            "accuracy",
            "-o-type",
            "maximize",
            "-s-db",
            "katib-db-manager.kubeflow:6789",
            "-path",
            "/var/log/katib/metrics.log",
            "-format",
            "TEXT",
        ],
        resources={"limits": {"cpu": "500m", "memory": "100Mi"}, "requests": {"cpu": "50m", "memory": "10Mi"}},
        mounts=[{"name": "metrics-volume", "mountPath": "/var/log/katib"}],
        state=terminated(0, at(12), done),
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(1),
        container=train,
        conditions=[
            job_condition(
                "SuccessCriteriaMet", done, "CompletionsReached", "Reached expected number of succeeded pods"
            ),
            job_condition("Complete", done, "CompletionsReached", "Reached expected number of succeeded pods"),
        ],
        succeeded=1,
        start=at(1),
        completion=done,
        owner=owner_ref(trial),
    )
    p = job_pod(
        job,
        [train, collector],
        created=at(2),
        phase="Succeeded",
        node=host,
        scheduled=at(3),
        volumes=[{"name": "metrics-volume", "emptyDir": {}}],
        annotations={"sidecar.istio.io/inject": "false"},
        qos="Burstable",
    )
    pod_name = p["metadata"]["name"]
    collector_log = text(
        f"I1020 11:20:13.418011      14 main.go:396] Trial Name: {name}",
        "I1020 11:21:09.904113      14 main.go:139] Loading iris dataset: 150 samples, 4 features",
        "I1020 11:21:09.904190      14 main.go:139] Training KNeighborsClassifier(n_neighbors=7)",
        "I1020 11:21:10.002201      14 main.go:139] Accuracy: 0.9666666666666667",
        "I1020 11:21:10.102517      14 main.go:455] Objective metric accuracy is not found in training logs, "
        'unavailable value is reported. metric:<name:"accuracy" value:"unavailable" >',
        "I1020 11:21:10.118342      14 main.go:471] Metrics reported. :",
        'metric_logs:<time_stamp:"0001-01-01T00:00:00Z" metric:<name:"accuracy" value:"unavailable" > >',
    )
    events = [
        event(trial, "JobCreated", f"Job {name} has been created", at(1), type_="Normal", component="trial-controller"),
        event(
            trial,
            "JobRunning",
            f"Job {name} is running: ",
            at(2),
            type_="Normal",
            component="trial-controller",
            count=2,
        ),
        event(
            trial,
            "MetricsUnavailable",
            f"Metrics are not available for Job {name}",
            at(75),
            component="trial-controller",
            count=2,
        ),
    ]
    return CaseSpec(
        id="config-error-job-katib-trial-objective-metric-not-in-logs",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=pod_name,
        evidence="is not found in training logs",
        description="A Katib trial's training job completes, but the program prints 'Accuracy: 0.97' while the "
        "File metrics collector's default TEXT filter expects 'accuracy=0.97'; the collector finds no objective "
        "metric, reports 'unavailable' and the trial ends MetricsUnavailable, useless to the experiment.",
        objects=[job, p, trial, *events],
        logs={f"{pod_name}/training-container": "", f"{pod_name}/metrics-logger-and-collector": collector_log},
        captured=at(900),
        title="Katib trial ends MetricsUnavailable: 'Objective metric accuracy is not found in training logs, "
        "unavailable value is reported'",
        source="https://github.com/kubeflow/katib/issues/2175",
    )
