"""Fresh round 7: real public threads about pipelines and orchestrators around the job (Kubeflow Pipelines, Argo Workflows, Katib, Ray/KubeRay jobs, Airflow KubernetesPodOperator): steps killed, terminated or timed out.

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
    cpu_only,
    event,
    job_pod,
    node,
    node_event,
    owner_ref,
    pod,
    running,
    stamped,
    terminated,
    text,
    ts,
    uid,
)
from tests.cases.scenarios_ecosystems import _kuberay, _ray_cluster_name, _submitter

SCENARIOS = Scenarios()


# -- Argo Workflows and Kubeflow Pipelines steps ----------------------------------------------------


def _workflow(ns: str, name: str, at: Clock, phase: str, message: str | None, finished: float | None) -> Obj:
    """The Argo Workflow that owns a step pod, as `kubectl get wf -o yaml` shows its head."""
    status: Obj = {"phase": phase, "startedAt": ts(at(0))}
    if message:
        status["message"] = message
    if finished is not None:
        status["finishedAt"] = ts(at(finished))
    return {
        "apiVersion": "argoproj.io/v1alpha1",
        "kind": "Workflow",
        "metadata": {
            "name": name,
            "namespace": ns,
            "uid": uid(ns, "Workflow", name),
            "creationTimestamp": ts(at(0)),
            "resourceVersion": "4410387",
            "labels": {"workflows.argoproj.io/completed": "true" if finished is not None else "false"},
        },
        "spec": {"entrypoint": name.rsplit("-", 1)[0], "serviceAccountName": "pipeline-runner"},
        "status": status,
    }


def _step_pod(
    workflow: Obj,
    step: str,
    node_id: str,
    containers: list[Container],
    at: Clock,
    *,
    phase: str,
    host: str,
    **kw: object,
) -> Obj:
    """A step pod the workflow controller created (its name is the node id), wait container first."""
    wf = workflow["metadata"]["name"]
    return pod(
        name=node_id,
        namespace=workflow["metadata"]["namespace"],
        owner=owner_ref(workflow),
        containers=containers,
        created=at(2),
        phase=phase,
        node=host,
        scheduled=at(3),
        labels={
            "workflows.argoproj.io/workflow": wf,
            "workflows.argoproj.io/completed": "false" if phase in ("Running", "Pending") else "true",
        },
        annotations={"workflows.argoproj.io/node-name": f"{wf}.{step}"},
        qos="Burstable",
        **kw,  # type: ignore[arg-type]
    )


def _docker_wait(image: str, state: Obj) -> Container:
    """The ``argoexec wait`` container of Argo's docker executor (Argo 2.x): it reads the main container
    through the node's Docker daemon."""
    return Container(
        "wait",
        image,
        command=["argoexec"],
        args=["wait"],
        mounts=[
            {"name": "docker-lib", "mountPath": "/var/lib/docker", "readOnly": True},
            {"name": "docker-sock", "mountPath": "/var/run/docker.sock", "readOnly": True},
        ],
        state=state,
    )


def _docker_step_pod(
    workflow: Obj, step: str, node_id: str, wait: Container, main: Container, at: Clock, *, phase: str, host: str
) -> Obj:
    """A Kubeflow Pipelines step pod of the docker executor: ``_step_pod`` run as pipeline-runner, with the
    node's Docker directory and socket mounted for the wait container."""
    return _step_pod(
        workflow,
        step,
        node_id,
        [wait, main],
        at,
        phase=phase,
        host=host,
        service_account="pipeline-runner",
        volumes=[
            {"name": "docker-lib", "hostPath": {"path": "/var/lib/docker", "type": "Directory"}},
            {"name": "docker-sock", "hostPath": {"path": "/var/run/docker.sock", "type": "Socket"}},
        ],
    )


def _step_failed(
    workflow: Obj, step: str, node_id: str, message: str, at: Clock, errored: float, failed: float
) -> list[Obj]:
    """The workflow controller's events when a step errors and fails its workflow."""
    wf = workflow["metadata"]["name"]
    return [
        event(
            workflow,
            "WorkflowNodeError",
            f"Error node {wf}.{step}: {message}",
            at(errored),
            component="workflow-controller",
        ),
        event(workflow, "WorkflowFailed", f"child '{node_id}' failed", at(failed), component="workflow-controller"),
    ]


def _ray_submitter_pod(
    submitter: Obj, job_id: str, dashboard: str, at: Clock, state: Obj, phase: str, host: str
) -> Obj:
    """The submitter Job's pod, running ``ray job submit`` against the head's dashboard."""
    image = submitter["spec"]["template"]["spec"]["containers"][0]["image"]
    c = Container(
        "ray-job-submitter",
        image,
        command=["ray", "job", "submit", "--address", dashboard, "--submission-id", job_id],
        resources=cpu_only("1Gi", "500m"),
        state=state,
        ready=phase == "Running",
    )
    return job_pod(submitter, [c], created=at(61), phase=phase, node=host, scheduled=at(61))


@SCENARIOS.add
def permission_denied_pod_argo_wait_forbidden_pods_log() -> CaseSpec:
    at = Clock(datetime(2026, 10, 4, 5, 26, 30, tzinfo=timezone.utc))
    ns, wf = "research-core", "adviser-261004052630-8f31c2d0"
    node_id = f"{wf}-1600130538"
    workflow = _workflow(ns, wf, at, "Failed", f"child '{node_id}' failed", 92)
    main = Container(
        "main",
        "registry.corp.example/research/adviser:v0.31.2",
        command=["python3", "adviser.py", "--requirements", "/mnt/inputs/requirements.txt"],
        resources=cpu_only("2Gi", "1"),
        state=terminated(0, at(9), at(83)),
    )
    wait = Container(
        "wait",
        "quay.io/argoproj/argoexec:v3.0.7",
        command=["argoexec", "wait", "--loglevel", "info"],
        resources=cpu_only("256Mi", "100m"),
        state=terminated(1, at(8), at(85)),
    )
    p = _step_pod(
        workflow, "advise", node_id, [wait, main], at, phase="Failed", host="ocp-worker-b7", service_account="argo"
    )
    forbidden = (
        f'executor error: pods \\"{node_id}\\" is forbidden: User \\"system:serviceaccount:{ns}:argo\\" cannot get '
        f'resource \\"pods/log\\" in API group \\"\\" in the namespace \\"{ns}\\"'
    )
    main_log = stamped(
        [
            "2026-10-04 05:26:40,118 adviser INFO  Resolving 41 direct dependencies",
            *[f"2026-10-04 05:27:{i:02d},312 adviser INFO  Scored {i * 160} candidate stacks" for i in range(1, 60, 6)],
            "2026-10-04 05:27:52,004 adviser INFO  Writing report to /mnt/outputs/report.json",
        ],
        at(10),
        [*([6.0] * 11), 1.0],
    )
    wait_log = text(
        'time="2026-10-04T05:26:38.211Z" level=info msg="Starting Workflow Executor" executorType=k8sapi '
        "version=v3.0.7",
        'time="2026-10-04T05:26:38.214Z" level=info msg="Executor initialized" deadline="0001-01-01 00:00:00 +0000 '
        'UTC" includeScriptOutput=false namespace=' + ns + " podName=" + node_id + ' template="{\\"name\\":'
        '\\"advise\\",\\"archiveLocation\\":{\\"archiveLogs\\":true}}" version="&Version{Version:v3.0.7,}"',
        'time="2026-10-04T05:26:38.215Z" level=info msg="Starting annotations monitor"',
        'time="2026-10-04T05:26:38.215Z" level=info msg="Starting deadline monitor"',
        'time="2026-10-04T05:27:53.601Z" level=info msg="Main container completed"',
        'time="2026-10-04T05:27:53.601Z" level=info msg="No Script output reference in workflow. Capturing script '
        'output ignored"',
        'time="2026-10-04T05:27:53.601Z" level=info msg="Saving logs"',
        f'time="2026-10-04T05:27:53.623Z" level=error msg="{forbidden}"',
        'time="2026-10-04T05:27:53.624Z" level=info msg="No output parameters"',
        'time="2026-10-04T05:27:53.624Z" level=info msg="No output artifacts"',
        'time="2026-10-04T05:27:53.624Z" level=info msg="Annotating pod with output"',
        'time="2026-10-04T05:27:53.640Z" level=info msg="Killing sidecars" podName=' + node_id,
        'time="2026-10-04T05:27:53.641Z" level=info msg="Alloc=6297 TotalAlloc=13021 Sys=73297 NumGC=4 Goroutines=10"',
        f'time="2026-10-04T05:27:53.641Z" level=fatal msg="{forbidden.replace("executor error: ", "")}"',
    )
    events = _step_failed(
        workflow,
        "advise",
        node_id,
        f'pods "{node_id}" is forbidden: User "system:serviceaccount:{ns}:argo" '
        f'cannot get resource "pods/log" in API group "" in the namespace "{ns}"',
        at,
        88,
        92,
    )
    return CaseSpec(
        id="permission-denied-pod-argo-wait-forbidden-pods-log",
        kind="Pod",
        name=node_id,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=node_id,
        evidence="is forbidden",
        description="The step's own program finished (exit 0), but archiving its logs to the artifact store "
        "needs the workflow's service account to read pods/log; the role lacks it, so the wait container "
        "fails and the step errors.",
        objects=[p, workflow, *events],
        logs={f"{node_id}/main": main_log, f"{node_id}/wait": wait_log},
        captured=at(600),
        title="Argo's wait container cannot obtain logs: 'executor error: pods ... is forbidden: User "
        "system:serviceaccount:...:argo cannot get resource pods/log'",
        source="https://github.com/thoth-station/thoth-application/issues/1557",
    )


@SCENARIOS.add
def permission_denied_pod_kfp_executor_mkdir_argo_outputs() -> CaseSpec:
    at = Clock(datetime(2026, 10, 4, 14, 2, tzinfo=timezone.utc))
    ns, wf = "kubeflow", "artifact-passing-b2j7k"
    node_id = f"{wf}-1148074540"
    workflow = _workflow(ns, wf, at, "Failed", f"child '{node_id}' failed", 40)
    main = Container(
        "main",
        "docker.io/library/alpine:3.9",
        command=["sh", "-c"],
        args=["echo -n 'Hello world' > /tmp/outputs/hello/data"],
        resources=cpu_only("256Mi", "250m"),
        state=terminated(0, at(12), at(13)),
    )
    wait = Container(
        "wait",
        "gcr.io/ml-pipeline/argoexec:v2.7.5-license-compliance",
        command=["argoexec", "wait"],
        resources=cpu_only("256Mi", "100m"),
        state=terminated(1, at(11), at(16)),
    )
    p = _step_pod(
        workflow,
        "produce-message",
        node_id,
        [wait, main],
        at,
        phase="Failed",
        host="ocp-app-node-3",
        service_account="pipeline-runner",
    )
    wait_log = text(
        'time="2026-10-04T14:02:11Z" level=info msg="Creating a K8sAPI executor"',
        'time="2026-10-04T14:02:11Z" level=info msg="Executor (version: v2.7.5+ede163e.dirty, build_date: '
        "2020-04-21T01:12:08Z) initialized (pod: kubeflow/" + node_id + ') with template:\\n{\\"name\\":'
        '\\"produce-message\\",\\"arguments\\":{},\\"inputs\\":{},\\"outputs\\":{\\"artifacts\\":[{\\"name\\":'
        '\\"produce-message-data\\",\\"path\\":\\"/tmp/outputs/hello/data\\"}]}}"',
        'time="2026-10-04T14:02:11Z" level=info msg="Waiting on main container"',
        'time="2026-10-04T14:02:13Z" level=info msg="main container started with container ID: '
        'cri-o://6b0c8c2e1f0a4d77c0f1b45d9f0e1c3b"',
        'time="2026-10-04T14:02:13Z" level=info msg="Starting annotations monitor"',
        'time="2026-10-04T14:02:13Z" level=info msg="Starting deadline monitor"',
        'time="2026-10-04T14:02:14Z" level=info msg="main container exited"',
        'time="2026-10-04T14:02:14Z" level=info msg="Annotations monitor stopped"',
        'time="2026-10-04T14:02:14Z" level=info msg="Saving logs"',
        'time="2026-10-04T14:02:14Z" level=info msg="No output parameters"',
        'time="2026-10-04T14:02:14Z" level=info msg="Saving output artifacts"',
        'time="2026-10-04T14:02:14Z" level=info msg="Staging artifact: produce-message-data"',
        'time="2026-10-04T14:02:14Z" level=info msg="Copying /tmp/outputs/hello/data from container base image '
        'layer to /argo/outputs/artifacts/produce-message-data.tgz"',
        'time="2026-10-04T14:02:14Z" level=error msg="executor error: mkdir /argo/outputs: permission denied"',
        'time="2026-10-04T14:02:14Z" level=info msg="Killing sidecars"',
        'time="2026-10-04T14:02:14Z" level=info msg="Alloc=4270 TotalAlloc=10907 Sys=70080 NumGC=4 Goroutines=9"',
        'time="2026-10-04T14:02:14Z" level=fatal msg="mkdir /argo/outputs: permission denied"',
    )
    events = _step_failed(
        workflow,
        "produce-message",
        node_id,
        "mkdir /argo/outputs: permission denied",
        at,
        30,
        40,
    )
    return CaseSpec(
        id="permission-denied-pod-kfp-executor-mkdir-argo-outputs",
        kind="Pod",
        name=node_id,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=node_id,
        evidence="mkdir /argo/outputs: permission denied",
        description="A Kubeflow Pipelines sample on OpenShift: the step writes its output, but the Argo executor "
        "in the wait container runs under an arbitrary non-root user and may not create /argo/outputs to "
        "stage the artifact (fixed by granting the pipeline-runner service account the anyuid SCC).",
        objects=[p, workflow, *events],
        logs={f"{node_id}/main": "", f"{node_id}/wait": wait_log},
        captured=at(900),
        title="Kubeflow Pipelines on OpenShift: the artifact-passing sample fails with 'executor error: mkdir "
        "/argo/outputs: permission denied'",
        source="https://github.com/opendatahub-io/manifests/issues/17",
    )


@SCENARIOS.add
def config_error_pod_kfp_wait_cannot_connect_docker_daemon() -> CaseSpec:
    at = Clock(datetime(2026, 10, 5, 8, 40, tzinfo=timezone.utc))
    ns, wf = "kubeflow-user", "xgboost-training-pipeline-n2fq8"
    node_id = f"{wf}-3016712208"
    workflow = _workflow(ns, wf, at, "Error", f"child '{node_id}' failed", 230)
    main = Container(
        "main",
        "gcr.io/ml-pipeline/sample/keras/train_classifier:0.2.1",
        command=["python3", "-u", "-c"],
        args=["from kfp.components import ...", "--training-set-features", "/tmp/inputs/features/data"],
        resources=cpu_only("4Gi", "2"),
        state=terminated(0, at(14), at(205)),
    )
    docker = "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?"
    wait = Container(
        "wait",
        "gcr.io/ml-pipeline/argoexec:v3.0.8-license-compliance",
        command=["argoexec", "wait", "--loglevel", "info"],
        resources=cpu_only("256Mi", "100m"),
        mounts=[{"name": "docker-sock", "mountPath": "/var/run/docker.sock", "readOnly": True}],
        state=terminated(1, at(13), at(207)),
    )
    p = _step_pod(
        workflow,
        "train-classifier",
        node_id,
        [wait, main],
        at,
        phase="Failed",
        host="gke-kf-pool-1-containerd-4b2c",
        service_account="default-editor",
        volumes=[{"name": "docker-sock", "hostPath": {"path": "/var/run/docker.sock", "type": "Socket"}}],
    )
    main_log = stamped(
        [
            *[f"Epoch {e}/30 - loss: {0.69 - e * 0.011:.4f} - accuracy: {0.55 + e * 0.012:.4f}" for e in range(1, 31)],
            "Saved model to /tmp/outputs/model/data",
        ],
        at(16),
        6.2,
    )
    wait_log = text(
        'time="2026-10-05T08:40:13.411Z" level=info msg="Starting Workflow Executor" executorType=docker '
        "version=v3.0.8",
        'time="2026-10-05T08:40:13.415Z" level=info msg="Creating a docker executor"',
        'time="2026-10-05T08:40:13.415Z" level=info msg="Executor initialized" deadline="0001-01-01 00:00:00 +0000 '
        'UTC" includeScriptOutput=false namespace=' + ns + " podName=" + node_id,
        'time="2026-10-05T08:40:13.416Z" level=info msg="Starting annotations monitor"',
        'time="2026-10-05T08:40:13.416Z" level=info msg="docker ps --all --no-trunc --format={{.Status}}|{{.Label '
        '\\"io.kubernetes.container.name\\"}}|{{.ID}}|{{.CreatedAt}} --filter=label=io.kubernetes.pod.namespace='
        + ns
        + " --filter=label=io.kubernetes.pod.name="
        + node_id
        + '"',
        'time="2026-10-05T08:40:13.416Z" level=info msg="Starting deadline monitor"',
        f'time="2026-10-05T08:40:13.452Z" level=warning msg="failed to list containers: {docker}"',
        *[
            f'time="2026-10-05T08:4{m}:{s:02d}.45{m}Z" level=warning msg="failed to list containers: {docker}"'
            for m in range(1, 4)
            for s in (13, 43)
        ],
        'time="2026-10-05T08:43:27.003Z" level=info msg="Main container completed"',
        'time="2026-10-05T08:43:27.003Z" level=info msg="Saving logs"',
        f'time="2026-10-05T08:43:27.041Z" level=error msg="executor error: {docker}"',
        'time="2026-10-05T08:43:27.041Z" level=info msg="Killing sidecars" podName=' + node_id,
        'time="2026-10-05T08:43:27.043Z" level=info msg="Alloc=5921 TotalAlloc=12204 Sys=73553 NumGC=4 Goroutines=8"',
        f'time="2026-10-05T08:43:27.043Z" level=fatal msg="{docker}"',
    )
    events = _step_failed(
        workflow,
        "train-classifier",
        node_id,
        f"failed to save outputs: {docker}",
        at,
        215,
        230,
    )
    return CaseSpec(
        id="config-error-pod-kfp-wait-cannot-connect-docker-daemon",
        kind="Pod",
        name=node_id,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=node_id,
        evidence="Cannot connect to the Docker daemon",
        description="Kubeflow Pipelines' Argo is configured with the docker executor, but the cluster's nodes run "
        "containerd: the wait container finds no Docker socket, cannot save the finished step's outputs, "
        "and the step errors (the fix is containerRuntimeExecutor: emissary).",
        objects=[p, workflow, *events],
        logs={f"{node_id}/main": main_log, f"{node_id}/wait": wait_log},
        captured=at(1200),
        title="Kubeflow pipeline steps fail with 'This step is in Error state with this message: failed to save "
        "outputs: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon "
        "running?'",
        source="https://github.com/kubeflow/pipelines/issues/5718",
    )


@SCENARIOS.add
def preempted_pod_kfp_step_deleted_by_autoscaler_scale_down() -> CaseSpec:
    at = Clock(datetime(2026, 10, 6, 1, 10, tzinfo=timezone.utc))
    ns, wf = "kubeflow-user-ml", "churn-retrain-9xq4v"
    node_id = f"{wf}-2207158741"
    host = "ip-10-42-17-201.ec2.internal"
    workflow = _workflow(ns, wf, at, "Running", None, None)
    image = "123456789012.dkr.ecr.us-east-1.amazonaws.com/ml/churn-train:2.4.1"
    end = 2890
    main = Container(
        "main",
        image,
        command=["python", "-m", "churn.train", "--epochs", "40"],
        resources=cpu_only("6Gi", "2"),
        state=terminated(143, at(20), at(end + 1)),
    )
    wait = Container(
        "wait",
        "gcr.io/ml-pipeline/argoexec:v3.1.6-patch-license-compliance",
        command=["argoexec", "wait", "--loglevel", "info"],
        resources=cpu_only("256Mi", "100m"),
        state=terminated(0, at(19), at(end + 3)),
    )
    p = _step_pod(
        workflow,
        "train",
        node_id,
        [wait, main],
        at,
        phase="Failed",
        host=host,
        service_account="default-editor",
        deletion=at(end + 30),
    )
    n = node(
        host,
        at(-86400),
        gpus=0,
        capacity={"cpu": "8", "memory": "32408328Ki", "pods": "58"},
        labels={"eks.amazonaws.com/nodegroup": "ml-cpu-8x32", "node.kubernetes.io/instance-type": "m5.2xlarge"},
        taints=[
            {"key": "ToBeDeletedByClusterAutoscaler", "value": str(int(at(end).timestamp())), "effect": "NoSchedule"}
        ],
    )
    main_log = stamped(
        [
            "INFO:churn.train:loaded 1843201 rows from s3://ml-data/churn/2026-10-05/",
            *[
                f"INFO:churn.train:epoch {e}/40 train_loss={0.52 - e * 0.006:.4f} val_auc={0.71 + e * 0.004:.4f}"
                for e in range(1, 21)
            ],
        ],
        at(22),
        [40, *([141] * 19)],
    )
    wait_log = text(
        'time="2026-10-06T01:10:19.226Z" level=info msg="Starting Workflow Executor" executorType=emissary '
        "version=v3.1.6",
        'time="2026-10-06T01:10:19.229Z" level=info msg="Starting deadline monitor"',
        'time="2026-10-06T01:58:11.402Z" level=info msg="Main container completed"',
        'time="2026-10-06T01:58:11.402Z" level=info msg="No Script output reference in workflow. Capturing script '
        'output ignored"',
        'time="2026-10-06T01:58:11.402Z" level=info msg="No output parameters"',
        'time="2026-10-06T01:58:11.402Z" level=info msg="No output artifacts"',
        'time="2026-10-06T01:58:11.402Z" level=info msg="Alloc=6418 TotalAlloc=12118 Sys=19410 NumGC=5 Goroutines=7"',
    )
    events = [
        node_event(
            n,
            "ScaleDown",
            "marked the node as toBeDeleted/unschedulable",
            at(end - 2),
            type_="Normal",
            component="cluster-autoscaler",
        ),
        event(
            p,
            "ScaleDown",
            "deleting pod for node scale down",
            at(end - 1),
            type_="Normal",
            component="cluster-autoscaler",
        ),
        event(p, "Killing", "Stopping container main", at(end), type_="Normal", host=host),
        event(p, "Killing", "Stopping container wait", at(end), type_="Normal", host=host),
        event(
            workflow,
            "WorkflowNodeError",
            f"Error node {wf}.train: pod deleted during operation",
            at(end + 31),
            component="workflow-controller",
        ),
    ]
    return CaseSpec(
        id="preempted-pod-kfp-step-deleted-by-autoscaler-scale-down",
        kind="Pod",
        name=node_id,
        namespace=ns,
        healthy=False,
        category="preempted",
        culprit=node_id,
        evidence="scale down",
        description="An EKS cluster-autoscaler finds the training step's node under its utilization threshold "
        "and scales it down: it evicts the step's pod (main stops with 143 mid-training) and Argo marks the "
        "step 'pod deleted during operation'.",
        objects=[p, n, workflow, *events],
        logs={f"{node_id}/main": main_log, f"{node_id}/wait": wait_log},
        captured=at(end + 40),
        title="Kubeflow pipeline step fails with 'This step is in Error state with this message: pod deleted "
        "during operation' - the EKS cluster-autoscaler scaled its node down",
        source="https://github.com/kubeflow/kubeflow/issues/6067",
    )


# -- Airflow KubernetesPodOperator ---------------------------------------------------------------------


def _airflow_worker(name: str, ns: str, host: str, c: Container, at: Clock, phase: str, dag: str, task: str) -> Obj:
    """A KubernetesExecutor worker pod running one task instance (it launches the operator's pod)."""
    return pod(
        name=name,
        namespace=ns,
        owner=None,
        containers=[c],
        created=at(0),
        phase=phase,
        node=host,
        scheduled=at(1),
        restart_policy="Never",
        qos="Burstable",
        service_account="airflow-worker",
        labels={
            "airflow-worker": "31",
            "airflow_version": c.image.rsplit(":", 1)[1].split("-")[0],
            "dag_id": dag,
            "task_id": task,
            "try_number": "1",
            "kubernetes_executor": "True",
        },
    )


@SCENARIOS.add
def deadline_exceeded_pod_airflow_kpo_execution_timeout() -> CaseSpec:
    at = Clock(datetime(2026, 9, 30, 3, 44, tzinfo=timezone.utc))
    dag, task = "nightly_processing", "run_processing"
    name, ns, host = "nightlyprocessingrunprocessing-5f0d2a9c41b84e37", "airflow", "ip-172-31-40-118"
    launched = "run-processing-ec9d835e49604024aa90b5867b1797a0"
    site = "/opt/bitnami/airflow/venv/lib/python3.6/site-packages/airflow"
    end = 7229
    c = Container(
        "base",
        "docker.io/bitnami/airflow-worker:1.10.12-debian-10-r20",
        args=[
            "airflow",
            "run",
            dag,
            task,
            "2026-09-29T03:00:00+00:00",
            "--local",
            "--pool",
            "default_pool",
            "-sd",
            "/opt/bitnami/airflow/dags/nightly_processing.py",
        ],
        resources=cpu_only("1Gi", "500m"),
        state=terminated(1, at(12), at(end + 2)),
    )
    p = _airflow_worker(name, ns, host, c, at, "Failed", dag, task)

    def clock(s: float) -> str:
        return at(s).strftime("%Y-%m-%d %H:%M:%S,") + f"{int(s * 1000) % 1000:03d}"

    lines = [
        f"[{clock(14.118)}] {{taskinstance.py:670}} INFO - Dependencies all met for <TaskInstance: {dag}.{task} "
        "2026-09-29T03:00:00+00:00 [queued]>",
        f"[{clock(14.131)}] {{taskinstance.py:880}} INFO - Starting attempt 1 of 1",
        f"[{clock(14.140)}] {{taskinstance.py:901}} INFO - Executing <Task(KubernetesPodOperator): {task}> on "
        "2026-09-29T03:00:00+00:00",
        f"[{clock(14.146)}] {{standard_task_runner.py:54}} INFO - Started process 12846 to run task",
        f"[{clock(16.512)}] {{pod_launcher.py:173}} INFO - Event: {launched} had an event of type Pending",
        f"[{clock(16.513)}] {{pod_launcher.py:139}} WARNING - Pod not yet started: {launched}",
        f"[{clock(19.601)}] {{pod_launcher.py:173}} INFO - Event: {launched} had an event of type Running",
    ]
    for s in range(40, end - 10, 300):
        lines += [
            f"[{clock(s + 0.065)}] {{pod_launcher.py:173}} INFO - Event: {launched} had an event of type Running",
            f"[{clock(s + 0.065)}] {{pod_launcher.py:166}} INFO - Pod {launched} has state running",
        ]
    lines += [
        f"[{clock(end - 2.935)}] {{pod_launcher.py:173}} INFO - Event: {launched} had an event of type Running",
        f"[{clock(end - 2.935)}] {{pod_launcher.py:166}} INFO - Pod {launched} has state running",
        f"[{clock(end - 0.848)}] {{pod_launcher.py:173}} INFO - Event: {launched} had an event of type Running",
        f"[{clock(end - 0.847)}] {{pod_launcher.py:166}} INFO - Pod {launched} has state running",
        f"[{clock(end - 0.077)}] {{timeout.py:42}} ERROR - Process timed out, PID: 12846",
        f"[{clock(end + 0.060)}] {{taskinstance.py:1150}} ERROR - Pod Launching failed: Pod Launching failed: "
        "Timeout, PID: 12846",
        "Traceback (most recent call last):",
        f'  File "{site}/contrib/operators/kubernetes_pod_operator.py", line 403, in create_new_pod_for_operator',
        "    final_state, result = launcher.monitor_pod(pod=pod, get_logs=self.get_logs)",
        f'  File "{site}/kubernetes/pod_launcher.py", line 167, in monitor_pod',
        "    time.sleep(2)",
        f'  File "{site}/utils/timeout.py", line 43, in handle_timeout',
        "    raise AirflowTaskTimeout(self.error_message)",
        "airflow.exceptions.AirflowTaskTimeout: Timeout, PID: 12846",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        "Traceback (most recent call last):",
        f'  File "{site}/models/taskinstance.py", line 984, in _run_raw_task',
        "    result = task_copy.execute(context=context)",
        f'  File "{site}/contrib/operators/kubernetes_pod_operator.py", line 284, in execute',
        "    raise AirflowException('Pod Launching failed: {error}'.format(error=ex))",
        "airflow.exceptions.AirflowException: Pod Launching failed: Pod Launching failed: Timeout, PID: 12846",
        f"[{clock(end + 0.061)}] {{taskinstance.py:1194}} INFO - Marking task as FAILED. dag_id={dag}, "
        f"task_id={task}, execution_date=20260929T030000, start_date=20260930T034414, end_date=20260930T054429",
        f"[{clock(end + 1.2)}] {{local_task_job.py:102}} INFO - Task exited with return code 1",
    ]
    return CaseSpec(
        id="deadline-exceeded-pod-airflow-kpo-execution-timeout",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="deadline-exceeded",
        culprit=name,
        evidence="Process timed out",
        description="A long KubernetesPodOperator task runs into the task's execution_timeout of two hours: "
        "Airflow's timeout handler interrupts the operator while it is still watching the running pod, and "
        "the task fails with AirflowTaskTimeout wrapped as 'Pod Launching failed: Timeout'.",
        objects=[p],
        logs={f"{name}/base": text(*lines)},
        captured=at(end + 300),
        title="Long-running KubernetesPodOperator tasks fail after about two hours: 'Process timed out, PID' and "
        "'Pod Launching failed: Pod Launching failed: Timeout'",
        source="https://github.com/apache/airflow/issues/11201",
    )


@SCENARIOS.add
def healthy_pod_airflow_kpo_pod_not_yet_started_warnings() -> CaseSpec:
    at = Clock(datetime(2026, 10, 8, 19, 45, 50, tzinfo=timezone.utc))
    dag, task = "run_notebook_pipeline", "notebook_node_3"
    name, ns, host = "runnotebookpipelinenotebooknode3-0c6fe1d8a97e", "airflow", "worker-pool-b-12"
    launched = "notebook-e2adebf786694e4e9f71b9fe544ff350"
    c = Container(
        "base",
        "docker.io/apache/airflow:1.10.15-python3.8",
        args=[
            "airflow",
            "run",
            dag,
            task,
            "2026-10-08T19:45:00+00:00",
            "--local",
            "--pool",
            "default_pool",
            "-sd",
            "/opt/airflow/dags/run_notebook_pipeline.py",
        ],
        resources=cpu_only("1Gi", "500m"),
        state=running(at(6)),
        ready=True,
    )
    p = _airflow_worker(name, ns, host, c, at, "Running", dag, task)

    def clock(s: float) -> str:
        return at(s).strftime("%Y-%m-%d %H:%M:%S,") + f"{int(s * 1000) % 1000:03d}"

    lines = [
        f"[{clock(8.101)}] {{taskinstance.py:901}} INFO - Executing <Task(NotebookOp): {task}> on "
        "2026-10-08T19:45:00+00:00",
        f"[{clock(8.120)}] {{standard_task_runner.py:54}} INFO - Started process 41 to run task",
    ]
    for s in range(10, 58):
        lines += [
            f"[{clock(s + 0.416)}] {{pod_launcher.py:173}} INFO - Event: {launched} had an event of type Pending",
            f"[{clock(s + 0.417)}] {{pod_launcher.py:139}} WARNING - Pod not yet started: {launched}",
        ]
    lines += [
        f"[{clock(58.402)}] {{pod_launcher.py:173}} INFO - Event: {launched} had an event of type Running",
        f"[{clock(58.530)}] {{pod_launcher.py:149}} INFO - 'elyra' - Processing dependencies...",
        f"[{clock(59.104)}] {{pod_launcher.py:149}} INFO - 'elyra' - Processing dependencies completed "
        "(duration: 0.574 secs)",
        f"[{clock(59.901)}] {{pod_launcher.py:149}} INFO - 'elyra' - Processing notebook 'train.ipynb'...",
    ]
    for i, s in enumerate(range(75, 1140, 35), start=1):
        lines.append(
            f"[{clock(s + 0.21)}] {{pod_launcher.py:149}} INFO - Executing:  {min(100, i * 3)}%|"
            f"{'#' * min(10, i // 3):<10}| {i}/32 [{s // 60:02d}:{s % 60:02d}<00:00, 33.2s/cell]"
        )
    return CaseSpec(
        id="healthy-pod-airflow-kpo-pod-not-yet-started-warnings",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="The Airflow worker waited a minute for the operator's pod to pull its image, logging a "
        "WARNING 'Pod not yet started' every second; the pod then started and the notebook has been "
        "executing cell after cell for eighteen minutes.",
        objects=[p],
        logs={f"{name}/base": text(*lines)},
        captured=at(1150),
        title="An Elyra notebook pipeline run by Airflow's pod operator logs 'WARNING - Pod not yet started' "
        "for a minute before the pod runs",
        source="https://github.com/elyra-ai/elyra/pull/1529",
    )


# -- Ray jobs on KubeRay ---------------------------------------------------------------------------------


@SCENARIOS.add
def healthy_rayjob_autoscaler_no_node_type_false_positive() -> CaseSpec:
    at = Clock(datetime(2026, 10, 9, 6, 0, tzinfo=timezone.utc))
    name, ns = "ppo-league-train", "rl-research"
    image = "rayproject/ray:2.9.3-py310"
    cluster = _ray_cluster_name(name)
    dashboard = f"http://{cluster}-head-svc.{ns}.svc.cluster.local:8265"
    rayjob, raycluster, pods = _kuberay(
        at=at,
        name=name,
        ns=ns,
        image=image,
        entrypoint="python /app/train_league.py --num-env-runners 24",
        group="cpu",
        head=Container("ray-head", image, resources=cpu_only("16Gi", "4"), state=running(at(20)), ready=True),
        workers=[
            Container("ray-worker", image, resources=cpu_only("32Gi", "8"), state=running(at(24)), ready=True)
            for _ in range(3)
        ],
        status={"jobStatus": "RUNNING", "jobDeploymentStatus": "Running"},
        nodes=["cpu-c6i-11", "cpu-c6i-12", "cpu-c6i-13", "cpu-c6i-14"],
    )
    submitter = _submitter(rayjob, at, 60, active=1)
    job_id = rayjob["status"]["jobId"]
    sub = _ray_submitter_pod(submitter, job_id, dashboard, at, running(at(62)), "Running", "cpu-c6i-11")
    lines = [
        f"Job submission server address: {dashboard}",
        f"Job '{job_id}' submitted successfully",
        "Tailing logs until the job exits (disable with --no-wait):",
        "2026-10-09 06:01:07,114\tINFO worker.py:1540 -- Using address 10.244.5.17:6379 set in the environment "
        "variable RAY_ADDRESS",
        "2026-10-09 06:01:07,130\tINFO worker.py:1715 -- Connecting to existing Ray cluster at address: "
        "10.244.5.17:6379...",
    ]
    gaps = [1, 1, 1, 0.1]
    for i in range(1, 150):
        lines.append(
            f"(PPO pid=412) iteration {i}: episode_reward_mean={-120 + i * 1.4:.1f} "
            f"num_env_steps_sampled={i * 4000} time_this_iter_s=28.{i % 10}"
        )
        gaps.append(28.5)
        if i == 97:
            lines.append(
                "(scheduler +47m11s, ip=10.244.5.17) Error: No available node types can fulfill resource request "
                "{'node:10.244.6.23': 0.0562}. Add suitable node types to this cluster to resolve this issue."
            )
            gaps.append(2)
    return CaseSpec(
        id="healthy-rayjob-autoscaler-no-node-type-false-positive",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="A RayJob trains for over an hour; midway the Ray scheduler prints an 'Error: No available "
        "node types can fulfill resource request' about a node-affinity resource of a worker that is there "
        "(a known false positive of the autoscaler's event stream), and the iterations go on.",
        objects=[rayjob, raycluster, submitter, *pods, sub],
        logs={f"{sub['metadata']['name']}/ray-job-submitter": stamped(lines, at(63), gaps)},
        captured=at(63 + sum(gaps) + 15),
        title="Ray prints '(scheduler +2h13m57s) Error: No available node types can fulfill resource request "
        "{'node:...': 0.0562}' while the job runs on: a false positive from the autoscaler events",
        source="https://github.com/ray-project/ray/issues/18979",
    )


@SCENARIOS.add
def dependency_error_rayjob_runtime_env_pip_setup_failed() -> CaseSpec:
    at = Clock(datetime(2026, 10, 9, 15, 35, tzinfo=timezone.utc))
    name, ns = "feature-backfill", "ray-batch"
    image = "rayproject/ray:2.9.3-py310"
    cluster = _ray_cluster_name(name)
    dashboard = f"http://{cluster}-head-svc.{ns}.svc.cluster.local:8265"
    end = at(171)
    status = (
        "runtime_env setup failed: Failed to set up runtime environment.\nCould not create the actor because its "
        "associated runtime env failed to be created."
    )
    rayjob, raycluster, pods = _kuberay(
        at=at,
        name=name,
        ns=ns,
        image=image,
        entrypoint="python /app/backfill.py",
        group="cpu",
        head=Container("ray-head", image, resources=cpu_only("8Gi", "2"), state=running(at(20)), ready=True),
        workers=[Container("ray-worker", image, resources=cpu_only("16Gi", "4"), state=running(at(24)), ready=True)],
        status={
            "jobStatus": "FAILED",
            "jobDeploymentStatus": "Failed",
            "reason": "AppFailed",
            "message": status,
            "endTime": ts(end),
            "failed": 1,
            "succeeded": 0,
        },
        nodes=["cpu-m6i-21", "cpu-m6i-22"],
    )
    rayjob["spec"]["runtimeEnvYAML"] = "pip:\n  - pandas==2.1.4\n  - featurestore-client==0.9.2\n"
    submitter = _submitter(rayjob, at, 60, failed=1, conditions=backoff_conditions(end))
    job_id = rayjob["status"]["jobId"]
    sub = _ray_submitter_pod(
        submitter, job_id, dashboard, at, terminated(1, at(62), end - timedelta(seconds=2)), "Failed", "cpu-m6i-21"
    )
    venv = "/tmp/ray/session_2026-10-09_08-35-21_114806_1/runtime_resources/pip/3f1e0b6c2a94d8e71c55b0f4a2d9c7e6"
    lines = [
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
        "",
        "---------------------------------------",
        f"Job '{job_id}' failed",
        "---------------------------------------",
        "",
        "Status message: runtime_env setup failed: Failed to set up runtime environment.",
        "Could not create the actor because its associated runtime env failed to be created.",
        "Traceback (most recent call last):",
        '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/_private/runtime_env/agent/runtime_env_agent.py"'
        ", line 375, in _create_runtime_env_with_retry",
        "    runtime_env_context = await asyncio.wait_for(",
        '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/_private/runtime_env/pip.py", line 229, in '
        "_install_pip_packages",
        "    await check_output_cmd(pip_install_cmd, logger=logger, cwd=cwd, env=pip_env)",
        '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/_private/runtime_env/utils.py", line 101, in '
        "check_output_cmd",
        "    raise SubprocessCalledProcessError(",
        "ray._private.runtime_env.utils.SubprocessCalledProcessError: Run cmd[9] failed with the following details.",
        f"Command '['{venv}/virtualenv/bin/python', '-m', 'pip', 'install', '--disable-pip-version-check', "
        f"'--no-cache-dir', '-r', '{venv}/ray_runtime_env_internal_pip_requirements.txt']' returned non-zero exit "
        "status 1.",
        "Last 50 lines of stdout:",
        f"    Collecting pandas==2.1.4 (from -r {venv}/ray_runtime_env_internal_pip_requirements.txt (line 1))",
        "      Downloading pandas-2.1.4-cp310-cp310-manylinux_2_17_x86_64.manylinux2014_x86_64.whl.metadata (18 kB)",
        "    ERROR: Could not find a version that satisfies the requirement featurestore-client==0.9.2 (from versions: "
        "none)",
        "    ERROR: No matching distribution found for featurestore-client==0.9.2",
    ]
    gaps = [0.1, 0, 0.9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.1, 103, *([0] * 40)]
    return CaseSpec(
        id="dependency-error-rayjob-runtime-env-pip-setup-failed",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="dependency-error",
        culprit=sub["metadata"]["name"],
        evidence="No matching distribution found",
        description="The RayJob's runtime_env asks pip for a package version the index does not have; Ray cannot "
        "build the job's environment, the job fails before the entrypoint runs, and the submitter prints the "
        "status message with pip's output.",
        objects=[rayjob, raycluster, submitter, *pods, sub],
        logs={f"{sub['metadata']['name']}/ray-job-submitter": stamped(lines, at(63), gaps)},
        captured=end + timedelta(minutes=4),
        title="A Ray job submitted with a runtime_env whose pip package does not exist fails: 'Status message: "
        "runtime_env setup failed: Failed to set up runtime environment.'",
        source="https://github.com/ray-project/ray/issues/22472",
    )


@SCENARIOS.add
def config_error_pod_argo_emissary_non_root_exec_hangs() -> CaseSpec:
    at = Clock(datetime(2026, 10, 7, 9, 12, tzinfo=timezone.utc))
    ns, wf = "kubeflow", "hello-world-x7rzm"
    node_id = wf
    workflow = _workflow(ns, wf, at, "Running", None, None)
    main = Container(
        "main",
        "gcr.io/ml-pipeline/sample/nonroot-python:3.8-slim",
        command=["/var/run/argo/argoexec", "emissary", "--", "sh", "-c", "echo hello"],
        resources=cpu_only("128Mi", "100m"),
        mounts=[{"name": "var-run-argo", "mountPath": "/var/run/argo"}],
        state=terminated(1, at(9), at(9)),
    )
    wait = Container(
        "wait",
        "gcr.io/ml-pipeline/argoexec:v3.1.0-license-compliance",
        command=["argoexec", "wait", "--loglevel", "info"],
        resources=cpu_only("128Mi", "100m"),
        mounts=[{"name": "var-run-argo", "mountPath": "/var/run/argo"}],
        state=running(at(8)),
        ready=True,
    )
    init = Container(
        "init",
        "gcr.io/ml-pipeline/argoexec:v3.1.0-license-compliance",
        command=["argoexec", "init", "--loglevel", "info"],
        mounts=[{"name": "var-run-argo", "mountPath": "/var/run/argo"}],
        state=terminated(0, at(6), at(7)),
    )
    p = _step_pod(
        workflow,
        wf,
        node_id,
        [wait, main],
        at,
        phase="Running",
        host="gke-kfp-default-pool-3e1a-7kq2",
        init=[init],
        volumes=[{"name": "var-run-argo", "emptyDir": {}}],
    )
    p["metadata"]["annotations"]["workflows.argoproj.io/node-name"] = wf
    wait_log = text(
        'time="2026-10-07T09:12:08.104Z" level=info msg="Starting Workflow Executor" executorType=emissary '
        "version=v3.1.0",
        'time="2026-10-07T09:12:08.107Z" level=info msg="Executor initialized" deadline="0001-01-01 00:00:00 +0000 '
        'UTC" includeScriptOutput=false namespace=kubeflow podName=' + node_id + ' template="{\\"name\\":\\"hw\\",'
        '\\"inputs\\":{},\\"outputs\\":{},\\"metadata\\":{},\\"container\\":{\\"name\\":\\"\\",\\"command\\":[\\"sh\\",'
        '\\"-c\\",\\"echo hello\\"],\\"resources\\":{}}}" version="&Version{Version:v3.1.0,}"',
        'time="2026-10-07T09:12:08.107Z" level=info msg="Starting deadline monitor"',
        *[
            f'time="2026-10-07T{9 + (m // 60):02d}:{m % 60:02d}:08.108Z" level=info msg="Alloc=5842 TotalAlloc=11204 '
            f'Sys=73041 NumGC={3 + m // 5} Goroutines=7"'
            for m in range(17, 17 + 125, 5)
        ],
    )
    return CaseSpec(
        id="config-error-pod-argo-emissary-non-root-exec-hangs",
        kind="Pod",
        name=node_id,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=node_id,
        evidence="exec user process caused",
        description="With the emissary executor, the main container runs /var/run/argo/argoexec, which the init "
        "container copied into an emptyDir without execute permission for the image's non-root user: the "
        "program cannot be executed (exit 126's kind, a config error as for a script without +x), the "
        "main container fails at once, and the wait container, never told, waits forever with the pod Running.",
        objects=[p, workflow],
        logs={
            f"{node_id}/main": text('standard_init_linux.go:211: exec user process caused "permission denied"'),
            f"{node_id}/wait": wait_log,
        },
        captured=at(7600),
        title="[emissary] pod hangs running as non-root: main container logs 'standard_init_linux.go:211: exec user "
        'process caused "permission denied"\' and the wait container keeps running forever',
        source="https://github.com/argoproj/argo-workflows/issues/6238",
    )
