"""Fresh round 11: real public threads about pipelines and orchestrators (Kubeflow Pipelines, Argo Workflows, Tekton, Airflow, Flyte, KubeRay, Spark).

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
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
    cpu_only,
    event,
    object_meta,
    owner_ref,
    pod,
    running,
    stamped,
    terminated,
    text,
    waiting,
)
from tests.cases.scenarios_fresh7_pipelines import _step_failed, _step_pod, _workflow
from tests.cases.scenarios_fresh8_orchestrators import _failed, _job_failed, _ray_job, _submit_banner

SCENARIOS = Scenarios()


def _normal(obj: Obj, reason: str, message: str, t: datetime, component: str = "kubelet") -> Obj:
    """A Normal event about ``obj`` (scheduling, pulling, creating and starting its containers)."""
    return event(obj, reason, message, t, type_="Normal", component=component)


# -- KubeRay RayJobs ----------------------------------------------------------------------------------


@SCENARIOS.add
def crash_signal_rayjob_core_worker_check_failed_task_not_pending() -> CaseSpec:
    at = Clock(datetime(2026, 11, 22, 15, 30, tzinfo=timezone.utc))
    name, ns = "batch-embeddings", "ray-jobs"
    image = "rayproject/ray:2.47.1-py310"
    end = at(162)
    check = (
        "[2025-07-22 15:32:09,880 C 742 742] task_manager.cc:1068: Check failed: it != submissible_tasks_.end() "
        "Tried to fail task that was not pending 4f2321a8c2116429ffffffffffffffffffffffff02000000"
    )
    crash = [
        " - limit=1: Tasks: 0; Queued blocks: 10; Resources: 0.0 CPU, 456.0B object store: : 0.00 row "
        "[00:06, ? row/s]" + check,
        "*** StackTrace Information ***",
        "/home/ray/anaconda3/lib/python3.10/site-packages/ray/_raylet.so(+0x141afda) [0x7f9c6961bfda] "
        "ray::operator<<()",
        "/home/ray/anaconda3/lib/python3.10/site-packages/ray/_raylet.so(_ZN3ray6RayLogD1Ev+0x479) [0x7f9c6961ea59] "
        "ray::RayLog::~RayLog()",
        "/home/ray/anaconda3/lib/python3.10/site-packages/ray/_raylet.so(_ZN3ray4core11TaskManager15FailPendingTask"
        "ERKNS_6TaskIDENS_3rpc9ErrorTypeEPKNS_6StatusEPKNS5_12RayErrorInfoE+0xac2) [0x7f9c68bc4262] "
        "ray::core::TaskManager::FailPendingTask()",
        "",
        "*** SIGABRT received at time=1753223529 on cpu 3 ***",
        "PC: @     0x7f9c6ae8b9fc  (unknown)  pthread_kill",
        "    @     0x7f9c6ae37520  (unknown)  (unknown)",
        "Fatal Python error: Aborted",
    ]
    status = "Job entrypoint command failed with exit code -6, last available logs (truncated to 20,000 chars):\n"
    objects, sub, dashboard, job_id = _ray_job(
        at,
        name,
        ns,
        image,
        "python /home/ray/app/embed_batch.py",
        head=Container("ray-head", image, resources=cpu_only("16Gi", "4"), state=running(at(25)), ready=True),
        workers=[Container("ray-worker", image, resources=cpu_only("16Gi", "4"), state=running(at(40)), ready=True)],
        nodes=["pool-cpu-a1", "pool-cpu-a2"],
        status=_failed("AppFailed", status + "\n".join(crash[-4:]) + "\n", end),
        sub_state=terminated(1, at(62), end - timedelta(seconds=2)),
        end=end,
        group="cpu",
    )
    lines = [
        *_submit_banner(dashboard, job_id),
        "2025-07-22 15:31:58,102\tINFO worker.py:1554 -- Using address 10.0.3.17:6379 set in the environment "
        "variable RAY_ADDRESS",
        "2025-07-22 15:31:58,110\tINFO worker.py:1694 -- Connecting to existing Ray cluster at address: "
        "10.0.3.17:6379...",
        "2025-07-22 15:31:58,131\tINFO worker.py:1879 -- Connected to Ray cluster. View the dashboard at "
        "10.0.3.17:8265 ",
        "2025-07-22 15:32:03,514\tINFO streaming_executor.py:117 -- Starting execution of Dataset. Full logs are "
        "in /tmp/ray/session_2025-07-22_15-30-41_512331_1/logs/ray-data",
        "2025-07-22 15:32:03,514\tINFO streaming_executor.py:118 -- Execution plan of Dataset: InputDataBuffer"
        "[Input] -> TaskPoolMapOperator[ReadParquet] -> LimitOperator[limit=1]",
        *crash,
        *_job_failed(
            job_id,
            "Job entrypoint command failed with exit code -6, last available logs (truncated to 20,000 chars):",
            *crash[-4:],
        ),
        "",
    ]
    return CaseSpec(
        id="crash-signal-rayjob-core-worker-check-failed-task-not-pending",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="crash-signal",
        culprit=sub["metadata"]["name"],
        evidence="Check failed",
        description="A Ray Data job on a KubeRay cluster (one head, one worker) fails about one run in ten: an "
        "internal consistency check in Ray's core worker (task_manager.cc, 'Tried to fail task that was not "
        "pending') fails in the driver, which aborts with SIGABRT; the entrypoint exits -6 and the RayJob fails. "
        "A Ray bug, not the user's code: a native abort.",
        objects=objects,
        logs={f"{sub['metadata']['name']}/ray-job-submitter": stamped(lines, at(63), 0.05)},
        captured=end + timedelta(minutes=4),
        title="KubeRay cluster job fails with 'task_manager.cc:1068: Check failed: it != submissible_tasks_.end() "
        "Tried to fail task that was not pending'",
        source="https://github.com/ray-project/ray/issues/54846",
    )


@SCENARIOS.add
def application_error_rayjob_sample_counter_actor_assertion() -> CaseSpec:
    at = Clock(datetime(2026, 11, 23, 9, 5, tzinfo=timezone.utc))
    name, ns = "rayjob-sample", "default"
    image = "rayproject/ray:2.5.0"
    end = at(118)
    err = [
        "Traceback (most recent call last):",
        '  File "/home/ray/samples/sample_code.py", line 21, in <module>',
        "    ray.get(counter.inc.remote())",
        '  File "/home/ray/anaconda3/lib/python3.7/site-packages/ray/_private/auto_init_hook.py", line 18, in '
        "auto_init_wrapper",
        "    return fn(*args, **kwargs)",
        '  File "/home/ray/anaconda3/lib/python3.7/site-packages/ray/_private/client_mode_hook.py", line 103, in '
        "wrapper",
        "    return func(*args, **kwargs)",
        '  File "/home/ray/anaconda3/lib/python3.7/site-packages/ray/_private/worker.py", line 2540, in get',
        "    raise value",
        "ray.exceptions.RayActorError: The actor died because of an error raised in its creation task, "
        "\x1b[36mray::Counter.__init__()\x1b[39m (pid=412, ip=10.244.0.12, actor_id=7e1e9c0b9a4f3c2f1d7a6b0a01000000, "
        "repr=<sample_code.Counter object at 0x7f3c2a1b5d50>)",
        '  File "/home/ray/samples/sample_code.py", line 11, in __init__',
        '    assert self.name == "test_counter"',
        "AssertionError",
    ]
    status = "Job entrypoint command failed with exit code 1, last available logs (truncated to 20,000 chars):\n"
    head = Container("ray-head", image, resources=cpu_only("2Gi", "1"), state=running(at(20)), ready=True)
    worker = Container("ray-worker", image, resources=cpu_only("1Gi", "1"), state=running(at(34)), ready=True)
    objects, sub, dashboard, job_id = _ray_job(
        at,
        name,
        ns,
        image,
        "python /home/ray/samples/sample_code.py",
        head=head,
        workers=[worker],
        nodes=["kind-worker", "kind-worker2"],
        status=_failed("AppFailed", status + "\n".join(err[-3:]) + "\n", end),
        sub_state=terminated(1, at(62), end - timedelta(seconds=1)),
        end=end,
        group="small-group",
    )
    # KubeRay 0.6 reports the deployment as Complete once the Ray job reached a terminal state.
    objects[0]["status"]["jobDeploymentStatus"] = "Complete"
    objects[0]["spec"]["runtimeEnvYAML"] = (
        'pip:\n  - requests==2.26.0\n  - pendulum==2.1.2\nenv_vars:\n  counter_name: "test_counter"\n'
    )
    lines = [
        *_submit_banner(dashboard, job_id),
        "2026-11-23 09:06:06,214\tINFO job_manager.py:530 -- Runtime env is setting up.",
        "2026-11-23 09:06:19,871\tINFO worker.py:1314 -- Using address 10.244.0.12:6379 set in the environment "
        "variable RAY_ADDRESS",
        "2026-11-23 09:06:19,872\tINFO worker.py:1432 -- Connecting to existing Ray cluster at address: "
        "10.244.0.12:6379...",
        "2026-11-23 09:06:19,889\tINFO worker.py:1607 -- Connected to Ray cluster. View the dashboard at "
        "\x1b[1m\x1b[32m10.244.0.12:8265 \x1b[39m\x1b[22m",
        "test_counter got None",
        *err,
        *_job_failed(job_id, status.rstrip("\n"), *err[-3:]),
        "",
    ]
    return CaseSpec(
        id="application-error-rayjob-sample-counter-actor-assertion",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="application-error",
        culprit=sub["metadata"]["name"],
        evidence="AssertionError",
        description="The KubeRay RayJob sample's Counter actor asserts that the counter_name environment variable "
        "from the job's runtime environment is 'test_counter'; it reads None, the actor's constructor raises "
        "AssertionError, ray.get on it raises RayActorError and the entrypoint exits 1. The RayJob shows "
        "its deployment Complete while the job itself FAILED.",
        objects=objects,
        logs={f"{sub['metadata']['name']}/ray-job-submitter": stamped(lines, at(63), 0.2)},
        captured=end + timedelta(minutes=2),
        title="RayJob example on KubeRay v0.6.0 'shows as completed, but throws an error': "
        "'assert self.name == \"test_counter\"' (the runtimeEnvYAML variable reads None)",
        source="https://github.com/ray-project/kuberay/issues/1390",
    )


# -- Kubeflow Pipelines steps on Argo -----------------------------------------------------------------


@SCENARIOS.add
def config_error_pod_kfp_wait_docker_no_such_container_microk8s() -> CaseSpec:
    at = Clock(datetime(2026, 11, 24, 7, 12, tzinfo=timezone.utc))
    ns, wf = "kubeflow", "lightweight-component-pipeline-7hq2k"
    node_id = f"{wf}-2846157912"
    workflow = _workflow(ns, wf, at, "Failed", f"child '{node_id}' failed", 74)
    cid = "0ce88f9a09b76071189db35bddd531f1c50a559e8bd46a70f5af775f56874c0c"
    message = f"failed to save outputs: Error response from daemon: No such container: {cid}"
    main = Container(
        "main",
        "tensorflow/tensorflow:1.13.2-py3",
        command=["python3", "-u", "-c"],
        args=[
            "def add(a: float, b: float) -> float: ...",
            "--a",
            "1",
            "--b",
            "7",
            "----output-paths",
            "/tmp/outputs/Output/data",
        ],
        resources=cpu_only("1Gi", "500m"),
        state=terminated(0, at(12), at(19)),
    )
    wait = Container(
        "wait",
        "gcr.io/ml-pipeline/argoexec:v2.3.0-license-compliance",
        command=["argoexec", "wait"],
        resources=cpu_only("256Mi", "100m"),
        mounts=[{"name": "docker-sock", "mountPath": "/var/run/docker.sock", "readOnly": True}],
        state=terminated(1, at(11), at(21), message=message),
    )
    p = _step_pod(
        workflow,
        "add",
        node_id,
        [wait, main],
        at,
        phase="Failed",
        host="microk8s-vm",
        service_account="pipeline-runner",
        volumes=[{"name": "docker-sock", "hostPath": {"path": "/var/run/docker.sock", "type": "Socket"}}],
    )
    wait_log = text(
        'time="2026-11-24T07:12:11Z" level=info msg="Creating a docker executor"',
        'time="2026-11-24T07:12:11Z" level=info msg="Executor (version: v2.3.0, build_date: 2019-05-20T22:10:54Z) '
        f'initialized (pod: {ns}/{node_id}) with template:\\n{{\\"name\\":\\"add\\",\\"inputs\\":{{}},'
        '\\"outputs\\":{\\"parameters\\":[{\\"name\\":\\"add-output\\",\\"valueFrom\\":'
        '{\\"path\\":\\"/tmp/outputs/Output/data\\"}}]}}"',
        'time="2026-11-24T07:12:11Z" level=info msg="Waiting on main container"',
        f'time="2026-11-24T07:12:12Z" level=info msg="main container started with container ID: {cid}"',
        'time="2026-11-24T07:12:12Z" level=info msg="Starting annotations monitor"',
        f'time="2026-11-24T07:12:12Z" level=info msg="docker wait {cid}"',
        'time="2026-11-24T07:12:12Z" level=info msg="Starting deadline monitor"',
        f'time="2026-11-24T07:12:12Z" level=error msg="`docker wait {cid}` failed: Error response from daemon: '
        f'No such container: {cid}\\n"',
        'time="2026-11-24T07:12:12Z" level=warning msg="Failed to wait for container id '
        f"'{cid}': Error response from daemon: No such container: {cid}\"",
        'time="2026-11-24T07:12:12Z" level=error msg="executor error: Error response from daemon: No such '
        f'container: {cid}"',
        'time="2026-11-24T07:12:12Z" level=info msg="Saving logs"',
        f'time="2026-11-24T07:12:12Z" level=info msg="[docker logs {cid}]"',
        f'time="2026-11-24T07:12:12Z" level=error msg="executor error: {message}"',
        'time="2026-11-24T07:12:12Z" level=info msg="Killing sidecars"',
        'time="2026-11-24T07:12:12Z" level=info msg="Alloc=3744 TotalAlloc=10133 Sys=70078 NumGC=4 Goroutines=8"',
        f'time="2026-11-24T07:12:12Z" level=fatal msg="{message}"',
    )
    main_log = text("8.0")
    events = [
        _normal(p, "Scheduled", f"Successfully assigned {ns}/{node_id} to microk8s-vm", at(3), "default-scheduler"),
        _normal(p, "Started", "Started container wait", at(11)),
        _normal(p, "Started", "Started container main", at(12)),
        *_step_failed(workflow, "add", node_id, message, at, 60, 74),
    ]
    return CaseSpec(
        id="config-error-pod-kfp-wait-docker-no-such-container-microk8s",
        kind="Pod",
        name=node_id,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=node_id,
        evidence="No such container",
        description="Kubeflow Pipelines on MicroK8s: Argo's wait container uses the docker executor and talks to a "
        "Docker daemon installed beside MicroK8s, but the pod's containers were started by MicroK8s' containerd, "
        "so Docker knows no container with that id and the step cannot save its outputs (the executor does not "
        "match the node's container runtime; use the emissary or pns executor).",
        objects=[p, workflow, *events],
        logs={f"{node_id}/main": main_log, f"{node_id}/wait": wait_log},
        captured=at(600),
        title="Kubeflow pipeline on MicroK8s: 'failed to save outputs: Error response from daemon: No such "
        "container: 0ce88f9a...'",
        source="https://github.com/kubeflow/pipelines/issues/4302",
    )


@SCENARIOS.add
def config_error_pod_kfp_wait_oci_runtime_final_child_pid_eof() -> CaseSpec:
    at = Clock(datetime(2026, 11, 25, 3, 18, tzinfo=timezone.utc))
    ns, wf = "kubeflow", "pipeline-func-2qv86"
    node_id = f"{wf}-3719103562"
    oci = (
        'Error: failed to start container "wait": Error response from daemon: OCI runtime create failed: '
        'container_linux.go:349: starting container process caused "process_linux.go:319: getting the final '
        'child\'s pid from pipe caused \\"EOF\\"": unknown'
    )
    workflow = _workflow(ns, wf, at, "Error", f"child '{node_id}' failed", 14)
    wait = Container(
        "wait",
        "gcr.io/ml-pipeline/argoexec:v3.1.6-patch-license-compliance",
        command=["argoexec", "wait", "--loglevel", "info"],
        resources=cpu_only("256Mi", "100m"),
        state=terminated(128, at(4), at(4), reason="ContainerCannotRun", message=oci.removeprefix("Error: ")),
    )
    main = Container(
        "main",
        "python:3.7",
        command=["sh", "-ec"],
        args=['program_path=$(mktemp)\nprintf "%s" "$0" > "$program_path"\npython3 -u "$program_path" "$@"\n'],
        resources=cpu_only("512Mi", "500m"),
        state=terminated(0, at(6), at(7)),
    )
    p = _step_pod(
        workflow,
        "load-data",
        node_id,
        [wait, main],
        at,
        phase="Failed",
        host="11.xx.x.xxx",
        service_account="pipeline-runner",
    )
    events = [
        _normal(p, "Scheduled", f"Successfully assigned {ns}/{node_id} to 11.xx.x.xxx", at(0), "default-scheduler"),
        _normal(
            p,
            "Pulled",
            'Container image "gcr.io/ml-pipeline/argoexec:v3.1.6-patch-license-compliance" already present on machine',
            at(2),
            "kubelet",
        ),
        _normal(p, "Created", "Created container wait", at(3)),
        event(p, "Failed", oci, at(4), component="kubelet"),
        _normal(p, "Pulled", 'Container image "python:3.7" already present on machine', at(4)),
        _normal(p, "Created", "Created container main", at(5)),
        _normal(p, "Started", "Started container main", at(6)),
        *_step_failed(workflow, "load-data", node_id, oci.removeprefix("Error: "), at, 12, 14),
    ]
    return CaseSpec(
        id="config-error-pod-kfp-wait-oci-runtime-final-child-pid-eof",
        kind="Pod",
        name=node_id,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=node_id,
        evidence="OCI runtime create failed",
        description="A four-step Kubeflow pipeline (KFP 1.7, Kubernetes 1.19 with Docker) ends seconds after it "
        "starts: the runtime cannot start the first step's Argo wait container ('OCI runtime create failed ... "
        "getting the final child's pid from pipe caused \"EOF\"'), so the step and the run fail with status "
        "Unknown in the UI. The container never starts; nothing in the component's code ran wrong.",
        objects=[p, workflow, *events],
        logs={f"{node_id}/main": text("")},
        captured=at(300),
        title='KFP pipeline terminated immediately after startup: \'failed to start container "wait": ... OCI '
        "runtime create failed: ... getting the final child's pid from pipe caused \"EOF\"'",
        source="https://github.com/kubeflow/pipelines/issues/6896",
    )


# -- Flyte task pods ---------------------------------------------------------------------------------


def _flyte_pod(
    ns: str,
    execution: str,
    node: str,
    task: str,
    c: Container,
    at: Clock,
    *,
    phase: str,
    host: str,
) -> tuple[Obj, Obj]:
    """A Flyte task pod (``<execution>-<node>-0``) and the FlyteWorkflow that owns it."""
    project, domain = ns.rsplit("-", 1)
    wf: Obj = {
        "apiVersion": "flyte.lyft.com/v1alpha1",
        "kind": "FlyteWorkflow",
        "metadata": object_meta(ns, "FlyteWorkflow", execution, at(0)),
    }
    p = pod(
        name=f"{execution}-{node}-0",
        namespace=ns,
        labels={
            "domain": domain,
            "execution-id": execution,
            "interruptible": "false",
            "node-id": node,
            "project": project,
            "shard-key": "11",
            "task-name": task,
        },
        owner=owner_ref(wf),
        containers=[c],
        created=at(2),
        phase=phase,
        node=host,
        scheduled=at(3),
        qos="Burstable",
    )
    return p, wf


def _pyflyte_args(ns: str, execution: str, node: str, module: str, task: str) -> list[str]:
    prefix = f"s3://flyte-metadata/metadata/propeller/{ns}-{execution}/{node}/data"
    return [
        "pyflyte-fast-execute",
        "--additional-distribution",
        f"s3://flyte-data/fast/{execution}-fast.tar.gz",
        "--dest-dir",
        "/root",
        "--",
        "pyflyte-execute",
        "--inputs",
        f"{prefix}/inputs.pb",
        "--output-prefix",
        f"{prefix}/0",
        "--raw-output-data-prefix",
        f"s3://flyte-data/raw/{execution}",
        "--resolver",
        "flytekit.core.python_auto_container.default_task_resolver",
        "--",
        "task-module",
        module,
        "task-name",
        task,
    ]


def _name_reserved(p: Obj, container: str, holder: str, image: str, at: Clock, t: float) -> tuple[str, list[Obj]]:
    """A container the runtime never creates: its first CreateContainer timed out at ``t`` and left the
    name reserved, so each retry of the kubelet is refused. The waiting message and the pod's events."""
    meta = p["metadata"]
    host = p["spec"]["nodeName"]
    ctr = f"{container}_{meta['name']}_{meta['namespace']}_{meta['uid']}_0"
    reserved = f'failed to reserve container name "{ctr}": name "{ctr}" is reserved for "{holder}"'
    p["status"]["containerStatuses"][0]["state"] = waiting("CreateContainerError", reserved)
    field = f"spec.containers{{{container}}}"
    pulled = f'Container image "{image}" already present on machine'
    return reserved, [
        _normal(
            p,
            "Scheduled",
            f"Successfully assigned {meta['namespace']}/{meta['name']} to {host}",
            at(3),
            "default-scheduler",
        ),
        event(p, "Pulled", pulled, at(4), last=at(t + 75), count=5, type_="Normal", field_path=field),
        event(p, "Failed", "Error: context deadline exceeded", at(t), field_path=field),
        event(p, "Failed", f"Error: {reserved}", at(t + 14), last=at(t + 72), count=4, field_path=field),
    ]


@SCENARIOS.add
def image_pull_error_pod_flyte_train_task_registry_credentials_missing() -> CaseSpec:
    at = Clock(datetime(2026, 11, 26, 10, 4, tzinfo=timezone.utc))
    ns, execution, node = "shapematch-training-development", "af89l2cwzfjfnjpbxqfh", "trainaae"
    image = "registry.example.com/shapematch/training:2fbd809"
    name = f"{execution}-{node}-0"
    back_off = f'Back-off pulling image "{image}"'
    c = Container(
        name,
        image,
        args=_pyflyte_args(ns, execution, node, "shapematch.train", "train_aae"),
        resources={"limits": {"cpu": "4", "memory": "16Gi"}, "requests": {"cpu": "2", "memory": "8Gi"}},
        state=waiting("ImagePullBackOff", back_off),
    )
    p, wf = _flyte_pod(ns, execution, node, "shapematch-train-aae", c, at, phase="Pending", host="pool-train-b7")
    wf["status"] = {"phase": 8, "message": f"[1/1] currentAttempt done. Last Error: USER::{back_off}"}
    field = f"spec.containers{{{name}}}"
    denied = (
        f'Failed to pull image "{image}": rpc error: code = Unknown desc = failed to pull and unpack image '
        f'"{image}": failed to resolve reference "{image}": pulling from host registry.example.com failed with '
        "status code [manifests 2fbd809]: 401 Unauthorized"
    )
    events = [
        _normal(p, "Scheduled", f"Successfully assigned {ns}/{name} to pool-train-b7", at(3), "default-scheduler"),
        event(p, "Pulling", f'Pulling image "{image}"', at(4), last=at(160), count=4, type_="Normal", field_path=field),
        event(p, "Failed", denied, at(5), last=at(161), count=4, field_path=field),
        event(p, "Failed", "Error: ErrImagePull", at(5), last=at(161), count=4, field_path=field),
        event(p, "BackOff", back_off, at(6), last=at(290), count=11, type_="Normal", field_path=field),
        event(p, "Failed", "Error: ImagePullBackOff", at(6), last=at(290), count=11, field_path=field),
    ]
    return CaseSpec(
        id="image-pull-error-pod-flyte-train-task-registry-credentials-missing",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="image-pull-error",
        culprit=name,
        evidence="Back-off pulling image",
        description="A Flyte training task's pod cannot pull its image from a private registry because the "
        "project-domain namespace has no pull credentials for it (401 Unauthorized); the kubelet backs off "
        "pulling and Flyte fails the task, but leaves the pod behind, still retrying the pull.",
        objects=[p, wf, *events],
        logs={},
        captured=at(300),
        title='Flyte task failed due to "Back-off pulling image.." (pull credentials missing in the namespace); '
        "the pod is not deleted",
        source="https://github.com/flyteorg/flyte/issues/3239",
    )


@SCENARIOS.add
def config_error_pod_flyte_task_failed_to_reserve_container_name() -> CaseSpec:
    at = Clock(datetime(2026, 11, 27, 14, 22, tzinfo=timezone.utc))
    ns, execution, node = "pineapple-development", "f76be7b00ec9b4348871", "n1"
    name = f"{execution}-{node}-0"
    image = "registry.example.com/pineapple/features:1.14.2"
    c = Container(
        "main",
        image,
        args=_pyflyte_args(ns, execution, node, "pineapple.features", "build_features"),
        resources=cpu_only("6Gi", "2"),
    )
    p, wf = _flyte_pod(
        ns, execution, node, "pineapple-features-build-features", c, at, phase="Pending", host="gke-ml-pool-2-9c1e"
    )
    p["metadata"]["uid"] = "987b2aa9-b537-4038-9884-8d2bc413762a"
    holder = "6678ab271c041304d4a91e8e219dca896388098ec8a258dc49f4f9942296f669"
    reserved, events = _name_reserved(p, "main", holder, image, at, 124)
    wf["status"] = {
        "phase": 8,
        "message": f"[1/1] currentAttempt done. Last Error: USER::containers with unready status: [main]|{reserved}",
    }
    return CaseSpec(
        id="config-error-pod-flyte-task-failed-to-reserve-container-name",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="failed to reserve container name",
        description="A Flyte task's pod never starts its container: the first CreateContainer call to containerd "
        "timed out (context deadline exceeded) and every retry of the kubelet is refused because the half-created "
        "container still holds the name ('failed to reserve container name ... is reserved for ...'). The "
        "container cannot be created; Flyte fails the task on the CreateContainerError.",
        objects=[p, wf, *events],
        logs={},
        captured=at(240),
        title="Flyte task fails with 'containers with unready status: [main]|failed to reserve container name "
        '"main_f76be7b00ec9b4348871-n1-0_..." is reserved for "6678ab27..."\'',
        source="https://github.com/flyteorg/flyte/issues/1234",
    )


@SCENARIOS.add
def config_error_pod_flyte_primary_name_reserved_grace_period_exceeded() -> CaseSpec:
    at = Clock(datetime(2026, 11, 28, 2, 11, tzinfo=timezone.utc))
    ns, execution, node = "docking-production", "a4kx9m2qv7r8t1w3z6pc", "n2"
    name = f"{execution}-{node}-0"
    image = "123456789012.dkr.ecr.us-east-1.amazonaws.com/docking/scorer:v0.42.0"
    c = Container(
        "primary",
        image,
        args=_pyflyte_args(ns, execution, node, "docking.score", "score_poses"),
        resources={"limits": {"cpu": "8", "memory": "32Gi"}, "requests": {"cpu": "8", "memory": "32Gi"}},
    )
    p, wf = _flyte_pod(
        ns, execution, node, "docking-score-score-poses", c, at, phase="Pending", host="ip-10-12-7-201.ec2.internal"
    )
    p["metadata"]["annotations"] = {"primary_container_name": "primary"}
    holder = "3f1c07d9a8b24e6c95d0b7e4a21c88f0d5e6a9b3c7f2e1d4a8b6c0e9f3a7d215"
    reserved, events = _name_reserved(p, "primary", holder, image, at, 125)
    wf["status"] = {
        "phase": 8,
        "message": "[1/1] currentAttempt done. Last Error: USER::Grace period [3m0s] exceeded|containers with "
        f"unready status: [primary]|{reserved}",
    }
    return CaseSpec(
        id="config-error-pod-flyte-primary-name-reserved-grace-period-exceeded",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="failed to reserve container name",
        description="Flyte 1.15: a task pod's primary container is never created. The runtime's first "
        "CreateContainer timed out and left the container name reserved, so every retry of the kubelet fails "
        "with 'failed to reserve container name ... is reserved for ...'; after its three-minute grace period "
        "Flyte fails the task as a user error without using its retries.",
        objects=[p, wf, *events],
        logs={},
        captured=at(240),
        title="Flyte: 'Grace period [3m0s] exceeded|containers with unready status: [primary]|failed to reserve "
        'container name "primary_xxxxx_namespace_uuid_0"\' fails the task without retries',
        source="https://github.com/flyteorg/flyte/issues/6786",
    )


@SCENARIOS.add
def killed_externally_pod_flyte_task_exit_137_no_message() -> CaseSpec:
    at = Clock(datetime(2026, 11, 28, 11, 36, tzinfo=timezone.utc))
    ns, execution, node = "flytesnacks-development", "fb5562eecbc2f40f9b0d", "n0"
    name = f"{execution}-{node}-0"
    c = Container(
        name,
        "localhost:30000/openflights:v3",
        args=_pyflyte_args(ns, execution, node, "openflights.extract", "extract_reference_data"),
        resources=cpu_only("1Gi", "1"),
        state=terminated(137, at(9), at(31), reason="Error"),
    )
    p, wf = _flyte_pod(
        ns, execution, node, "openflights-extract-extract-reference-data", c, at, phase="Failed", host="sandbox"
    )
    wf["status"] = {
        "phase": 8,
        "message": "[1/1] currentAttempt done. Last Error: USER::Pod failed. No message received from kubernetes.\n"
        f"[{name}] terminated with exit code (137). Reason [Error]. Message: \n\n.",
    }
    field = f"spec.containers{{{name}}}"
    events = [
        _normal(p, "Scheduled", f"Successfully assigned {ns}/{name} to sandbox", at(3), "default-scheduler"),
        event(p, "Pulling", 'Pulling image "localhost:30000/openflights:v3"', at(4), type_="Normal", field_path=field),
        event(
            p,
            "Pulled",
            'Successfully pulled image "localhost:30000/openflights:v3" in 3.912s (3.912s including waiting)',
            at(8),
            type_="Normal",
            field_path=field,
        ),
        event(p, "Created", f"Created container {name}", at(8), type_="Normal", field_path=field),
        event(p, "Started", f"Started container {name}", at(9), type_="Normal", field_path=field),
    ]
    lines = [
        "tar: Removing leading `/' from member names",
        "Welcome to Flyte! Version: 1.2.1",
    ]
    return CaseSpec(
        id="killed-externally-pod-flyte-task-exit-137-no-message",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="killed-externally",
        culprit=name,
        evidence="137",
        description="A Flyte task (flytekit 1.2.1, a task returning a NamedTuple) fails seconds after it starts: "
        "its container ends with exit code 137, reason Error and no message, and Flyte reports 'Pod failed. No "
        "message received from kubernetes'. The process was killed with SIGKILL; nothing in the pod says it was "
        "out of memory, evicted or preempted.",
        objects=[p, wf, *events],
        logs={f"{name}/{name}": stamped(lines, at(10), 1.4)},
        captured=at(300),
        title="Flyte task returning NamedTuple fails with 'USER::Pod failed. No message received from kubernetes. "
        "[fb5562eecbc2f40f9b0d-n0-0] terminated with exit code (137). Reason [Error].'",
        source="https://github.com/flyteorg/flyte/issues/2980",
    )


# -- Argo Workflows steps ----------------------------------------------------------------------------


@SCENARIOS.add
def oom_killed_pod_argo_step_main_oom_wait_keeps_running() -> CaseSpec:
    at = Clock(datetime(2022, 4, 22, 18, 39, 50, tzinfo=timezone.utc))
    ns, wf = "argo-workflows", "my-workflow-8acc183e-ffrf2"
    node_id = f"{wf}-1452349024"
    workflow = _workflow(ns, wf, at, "Running", None, None)
    main = Container(
        "main",
        "registry.example.com/data/feature-builder:3.8.2",
        command=["/var/run/argo/argoexec", "emissary", "--", "python", "build_features.py"],
        args=["--partition", "2022-04-21"],
        resources={"limits": {"cpu": "2", "memory": "4Gi"}, "requests": {"cpu": "1", "memory": "4Gi"}},
        state=terminated(137, at(6), at(1240), reason="OOMKilled"),
    )
    wait = Container(
        "wait",
        "quay.io/argoproj/argoexec:v3.3.2",
        command=["argoexec", "wait", "--loglevel", "info"],
        resources=cpu_only("128Mi", "100m"),
        state=running(at(5)),
        ready=True,
    )
    p = _step_pod(
        workflow, "build-features", node_id, [wait, main], at, phase="Running", host="ip-10-1-44-19.ec2.internal"
    )
    lines = [
        'time="2022-04-22T18:39:55.721Z" level=info msg="Starting Workflow Executor" executorType=emissary '
        "version=v3.3.2",
        'time="2022-04-22T18:39:55.724Z" level=info msg="Creating a emissary executor"',
        'time="2022-04-22T18:39:55.725Z" level=info msg="Using executor retry strategy" Duration=1s Factor=1.6 '
        "Jitter=0.5 Steps=5",
        'time="2022-04-22T18:39:55.725Z" level=info msg="Executor initialized" deadline="0001-01-01 00:00:00 '
        f'+0000 UTC" includeScriptOutput=false namespace={ns} podName={node_id} template="..."',
        'time="2022-04-22T18:39:55.725Z" level=info msg="Starting deadline monitor"',
    ]
    allocs = [(4954, 10471, 5), (4976, 10582, 7), (4957, 10692, 10), (4978, 10800, 12), (4958, 10909, 15)]
    allocs += [(4979, 11017, 17), (4960, 11126, 20), (4981, 11234, 22), (4961, 11343, 25), (4982, 11451, 27)]
    for i, (alloc, total, gc) in enumerate(allocs):
        t = datetime(2022, 4, 22, 18, 44, 55, 726000, tzinfo=timezone.utc) + timedelta(minutes=5 * i)
        lines.append(
            f'time="{t.strftime("%Y-%m-%dT%H:%M:%S")}.726Z" level=info msg="Alloc={alloc} TotalAlloc={total} '
            f'Sys=19922 NumGC={gc} Goroutines=7"'
        )
    main_lines = [
        "INFO:build_features:reading partition 2022-04-21 (412 files)",
        "INFO:build_features:loaded 38,211,907 rows",
        "INFO:build_features:joining with user table",
    ]
    events = [
        _normal(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{node_id} to ip-10-1-44-19.ec2.internal",
            at(3),
            "default-scheduler",
        ),
        _normal(p, "Started", "Started container wait", at(5)),
        _normal(p, "Started", "Started container main", at(6)),
    ]
    return CaseSpec(
        id="oom-killed-pod-argo-step-main-oom-wait-keeps-running",
        kind="Pod",
        name=node_id,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=node_id,
        evidence="OOMKilled",
        description="An Argo Workflows step (emissary executor, v3.3.2): the main container goes over its 4Gi "
        "limit and is OOMKilled (137), but the wait container never learns the main exited and keeps running, "
        "printing only its memory statistics every five minutes, so the pod and the workflow stay Running. "
        "The step died of memory; the hang is the executor's bug.",
        objects=[p, workflow, *events],
        logs={
            f"{node_id}/wait": text(*lines),
            f"{node_id}/main": stamped(main_lines, at(7), [31.0, 40.0]),
        },
        captured=at(3300),
        title='Pod OOM sometimes causes an Argo workflow to get stuck in "Running" state (main OOMKilled, wait '
        "container still running)",
        source="https://github.com/argoproj/argo-workflows/issues/8456",
    )
