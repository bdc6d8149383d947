"""Fresh round 9: real public threads about Kubeflow Pipelines, Argo Workflows, Tekton and Katib: steps, drivers, artifacts, trials.

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
    digest,
    event,
    job_pod,
    owner_ref,
    pod,
    running,
    stamped,
    terminated,
    text,
    ts,
    uid,
)
from tests.cases.scenarios_fresh7_pipelines import _step_failed, _step_pod, _workflow

SCENARIOS = Scenarios()


# -- shared shapes ----------------------------------------------------------------------------------


def _owner(api: str, kind: str, ns: str, name: str, at: Clock, status: Obj) -> Obj:
    """The custom resource that owns a step's or a trial's pod (a TaskRun, a Trial), as `kubectl get -o yaml`."""
    return {
        "apiVersion": api,
        "kind": kind,
        "metadata": {
            "name": name,
            "namespace": ns,
            "uid": uid(ns, kind, name),
            "creationTimestamp": ts(at(0)),
            "resourceVersion": "2281934",
        },
        "status": status,
    }


def _argo_wait(image: str, state: Obj) -> Container:
    """Argo's wait container (argoexec), which saves a step's outputs once its main container ends."""
    return Container(
        "wait", image, command=["argoexec", "wait", "--loglevel", "info"], state=state, ready="running" in state
    )


def _kfp_labels(run_id: str) -> dict[str, str]:
    return {
        "pipeline/runid": run_id,
        "pipelines.kubeflow.org/cache_enabled": "true",
        "pipelines.kubeflow.org/enable_caching": "true",
    }


# -- Katib trials -------------------------------------------------------------------------------------


@SCENARIOS.add
def network_error_job_katib_metrics_collector_db_manager_timeout() -> CaseSpec:
    at = Clock(datetime(2026, 4, 19, 3, 27, 30, tzinfo=timezone.utc))
    ns, name, host = "kubeflow-user", "median-stop-665dv8gm", "worker-node-2"
    trial = _owner(
        "kubeflow.org/v1beta1",
        "Trial",
        ns,
        name,
        at,
        {
            "startTime": ts(at(0)),
            "conditions": [
                {
                    "type": "Created",
                    "status": "True",
                    "reason": "TrialCreated",
                    "message": "Trial is created",
                    "lastUpdateTime": ts(at(0)),
                    "lastTransitionTime": ts(at(0)),
                },
                {
                    "type": "Running",
                    "status": "True",
                    "reason": "TrialRunning",
                    "message": "Trial is running",
                    "lastUpdateTime": ts(at(2)),
                    "lastTransitionTime": ts(at(2)),
                },
            ],
        },
    )
    train_cmd = (
        "python3 /opt/mxnet-mnist/mnist.py --batch-size=64 --lr=0.0217 --num-layers=3 --optimizer=sgd "
        "1>/var/log/katib/metrics.log 2>&1 && echo completed > /var/log/katib/$$$$.pid"
    )
    training = Container(
        "training-container",
        "docker.io/kubeflowkatib/mxnet-mnist:v1beta1-45c5727",
        command=["sh", "-c"],
        args=[train_cmd],
        resources=cpu_only("2Gi", "1"),
        mounts=[{"name": "metrics-volume", "mountPath": "/var/log/katib"}],
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(1),
        container=training,
        failed=1,
        start=at(1),
        conditions=backoff_conditions(at(205)),
        owner=owner_ref(trial),
        labels={"katib.kubeflow.org/experiment": "median-stop", "katib.kubeflow.org/trial": name},
    )
    training.state = terminated(0, at(8), at(176))
    collector = Container(
        "metrics-logger-and-collector",
        "docker.io/kubeflowkatib/file-metrics-collector:v0.11.0",
        args=[
            "-t",
            name,
            "-m",
            "Validation-accuracy;Train-accuracy",
            "-o-type",
            "maximize",
            "-s-db",
            "katib-db-manager.kubeflow:6789",
            "-path",
            "/var/log/katib/metrics.log",
            "-format",
            "TEXT",
        ],
        resources=cpu_only("100Mi", "500m"),
        mounts=[{"name": "metrics-volume", "mountPath": "/var/log/katib"}],
        state=terminated(255, at(8), at(202)),
    )
    p = job_pod(
        job,
        [training, collector],
        created=at(2),
        phase="Failed",
        node=host,
        scheduled=at(3),
        qos="Burstable",
        volumes=[{"name": "metrics-volume", "emptyDir": {}}],
    )
    pod_name = p["metadata"]["name"]
    epochs = []
    for e in range(10):
        epochs += [
            *[
                f"Epoch[{e}] Batch [{b}-{b + 100}]\tSpeed: {24310.5 + e * 97.3 + b:.2f} samples/sec\t"
                f"accuracy={0.8617 + e * 0.011 + b / 100000:.6f}"
                for b in (0, 100, 200, 300, 400, 500, 600, 700, 800)
            ],
            f"Epoch[{e}] Train-accuracy={0.9231 + e * 0.0061:.6f}",
            f"Epoch[{e}] Time cost={2.493 + e * 0.02:.3f}",
            f"Epoch[{e}] Validation-accuracy={0.9494 + e * 0.0029:.6f}",
        ]
    t0 = at(11)
    collector_lines = [f"I0419 03:27:38.512804      30 main.go:342] Trial Name: {name}"]
    for i, line in enumerate(epochs):
        t = t0 + timedelta(seconds=i * 1.37)
        collector_lines.append(f"I0419 {t.strftime('%H:%M:%S')}.{(i * 7919) % 1000000:06d}      30 main.go:139] {line}")
    collector_lines += [
        "I0419 03:30:22.905874      30 main.go:385] In median-stop-665dv8gm 20 metrics will be reported.",
        "F0419 03:30:52.909001      30 main.go:397] Failed to Report logs: rpc error: code = Unavailable desc = "
        'connection error: desc = "transport: Error while dialing dial tcp 10.108.188.143:6789: i/o timeout"',
    ]
    events = [
        event(job, "SuccessfulCreate", f"Created pod: {pod_name}", at(2), type_="Normal", component="job-controller"),
        event(
            job,
            "BackoffLimitExceeded",
            "Job has reached the specified backoff limit",
            at(205),
            component="job-controller",
        ),
    ]
    return CaseSpec(
        id="network-error-job-katib-metrics-collector-db-manager-timeout",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="network-error",
        culprit=pod_name,
        evidence="Failed to Report logs",
        description="The trial's training finished (exit 0), but Katib's metrics collector sidecar cannot reach "
        "katib-db-manager's gRPC port to store the metrics it parsed (a network policy or mesh sidecar in the "
        "user's namespace blocks the call to the kubeflow namespace): it exits 255, so the pod and the trial's "
        "Job fail.",
        objects=[job, p, trial, *events],
        logs={f"{pod_name}/metrics-logger-and-collector": text(*collector_lines)},
        captured=at(900),
        title="Katib's metrics-logger-and-collector fails the trial: 'Failed to Report logs: rpc error: code = "
        "Unavailable desc = connection error: ... dial tcp ...:6789: i/o timeout' to katib-db-manager",
        source="https://github.com/kubeflow/katib/issues/1517",
    )


# -- Argo Workflows and Kubeflow Pipelines: artifacts ---------------------------------------------------


@SCENARIOS.add
def permission_denied_pod_argo_wait_s3_access_key_id_unknown() -> CaseSpec:
    at = Clock(datetime(2026, 5, 28, 1, 16, 30, tzinfo=timezone.utc))
    ns, wf = "argo", "artifact-passing-tzfl4"
    node_id = f"{wf}-2538550521"
    message = "failed to put file: The Access Key Id you provided does not exist in our records."
    workflow = _workflow(ns, wf, at, "Failed", f"child '{node_id}' failed", 22)
    main = Container(
        "main",
        "docker/whalesay:latest",
        command=["sh", "-c"],
        args=["sleep 1; cowsay hello world | tee /tmp/hello_world.txt"],
        state=terminated(0, at(12), at(14)),
    )
    wait = _argo_wait("quay.io/argoproj/argoexec:v3.1.0-rc8", terminated(1, at(11), at(17), message=message))
    p = _step_pod(workflow, "generate-artifact", node_id, [wait, main], at, phase="Failed", host="minikube")
    main_log = stamped(
        [
            " _____________ ",
            "< hello world >",
            " ------------- ",
            "    \\",
            "     \\",
            "      \\     ",
            "                    ##        .            ",
            "              ## ## ##       ==            ",
            "           ## ## ## ##      ===            ",
            '       /""""""""""""""""___/ ===        ',
            "  ~~~ {~~ ~~~~ ~~~ ~~~~ ~~ ~ /  ===- ~~~   ",
            "       \\______ o          __/            ",
            "        \\    \\        __/             ",
            "          \\____\\______/   ",
        ],
        at(13),
        0.0,
    )
    wait_log = text(
        'time="2026-05-28T01:16:41.219Z" level=info msg="Starting Workflow Executor" executorType=emissary '
        "version=v3.1.0-rc8",
        'time="2026-05-28T01:16:41.224Z" level=info msg="Executor initialized" deadline="0001-01-01 00:00:00 +0000 '
        'UTC" includeScriptOutput=false namespace=argo podName=' + node_id + ' template="{\\"name\\":\\"whalesay\\",'
        '\\"outputs\\":{\\"artifacts\\":[{\\"name\\":\\"hello-art\\",\\"path\\":\\"/tmp/hello_world.txt\\"}]}}" '
        'version="&Version{Version:v3.1.0-rc8,}"',
        'time="2026-05-28T01:16:41.225Z" level=info msg="Starting deadline monitor"',
        'time="2026-05-28T01:16:46.226Z" level=info msg="Main container completed"',
        'time="2026-05-28T01:16:46.226Z" level=info msg="No Script output reference in workflow. Capturing script '
        'output ignored"',
        'time="2026-05-28T01:16:46.226Z" level=info msg="Saving logs"',
        'time="2026-05-28T01:16:46.227Z" level=info msg="Saving output parameters"',
        'time="2026-05-28T01:16:46.227Z" level=info msg="Saving output artifacts"',
        'time="2026-05-28T01:16:46.227Z" level=info msg="Staging artifact: hello-art"',
        'time="2026-05-28T01:16:46.227Z" level=info msg="Staging /tmp/hello_world.txt from mirrored volume mount to '
        '/tmp/argo/outputs/artifacts/hello-art.tgz"',
        'time="2026-05-28T01:16:46.229Z" level=info msg="Taring /tmp/hello_world.txt"',
        'time="2026-05-28T01:16:47.758Z" level=info msg="S3 Save path: /tmp/argo/outputs/artifacts/hello-art.tgz, '
        'key: whalesay/output-artifact.tgz"',
        'time="2026-05-28T01:16:47.758Z" level=info msg="Creating minio client 172-17-0-7.default.pod.cluster.local:'
        '9000 using static credentials"',
        'time="2026-05-28T01:16:47.758Z" level=info msg="Saving from /tmp/argo/outputs/artifacts/hello-art.tgz to s3 '
        '(endpoint: 172-17-0-7.default.pod.cluster.local:9000, bucket: my-bucket, key: whalesay/output-artifact.tgz)"',
        'time="2026-05-28T01:16:47.788Z" level=info msg="not deleting local artifact" '
        "localArtPath=/tmp/argo/outputs/artifacts/hello-art.tgz",
        'time="2026-05-28T01:16:47.788Z" level=info msg="Successfully saved file: '
        '/tmp/argo/outputs/artifacts/hello-art.tgz"',
        'time="2026-05-28T01:16:47.789Z" level=info msg="Annotating pod with output"',
        'time="2026-05-28T01:16:47.845Z" level=info msg="Patch pods 200"',
        'time="2026-05-28T01:16:47.858Z" level=info msg="Killing sidecars []"',
        'time="2026-05-28T01:16:47.859Z" level=info msg="Alloc=10128 TotalAlloc=15760 Sys=73041 NumGC=4 Goroutines=12"',
        f'time="2026-05-28T01:16:47.859Z" level=fatal msg="{message}"',
    )
    events = _step_failed(workflow, "generate-artifact", node_id, message, at, 19, 22)
    return CaseSpec(
        id="permission-denied-pod-argo-wait-s3-access-key-id-unknown",
        kind="Pod",
        name=node_id,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=node_id,
        evidence="The Access Key Id you provided does not exist",
        description="The step ran (exit 0) and its output artifact went to the in-cluster MinIO, but the wait "
        "container's next upload is signed with an access key the object store does not know: S3 refuses it, "
        "the wait container exits 1 and the step fails. The artifact repository's key Secret holds the wrong "
        "credentials for that endpoint.",
        objects=[p, workflow, *events],
        logs={f"{node_id}/main": main_log, f"{node_id}/wait": wait_log},
        captured=at(600),
        title="Argo artifact passing fails in the wait container: 'level=fatal msg=\"failed to put file: The Access "
        "Key Id you provided does not exist in our records.\"'",
        source="https://github.com/argoproj/argo-workflows/issues/6041",
    )


@SCENARIOS.add
def permission_denied_pod_kfp_v2_launcher_upload_artifact_access_denied() -> CaseSpec:
    at = Clock(datetime(2026, 8, 11, 23, 47, 50, tzinfo=timezone.utc))
    ns, wf = "kubeflow", "tutorial-v2-lightweight-python-components-8xkq2"
    node_id = f"{wf}-1794223511"
    run_id = "31b88af6-8aad-45a1-aed8-58c935ea3fb5"
    uri = (
        f"minio://mlpipeline/v2/artifacts/pipeline/[Tutorial] V2 lightweight Python components/{run_id}/preprocess/"
        "output_dataset_one"
    )
    key = f"pipeline/[Tutorial] V2 lightweight Python components/{run_id}/preprocess/output_dataset_one"
    workflow = _workflow(ns, wf, at, "Failed", f"child '{node_id}' failed", 61)
    launcher = Container(
        "kfp-launcher",
        "gcr.io/ml-pipeline/kfp-launcher:1.7.0",
        command=["launcher", "--copy", "/kfp-launcher/launch"],
        mounts=[{"name": "kfp-launcher", "mountPath": "/kfp-launcher"}],
        state=terminated(0, at(6), at(7)),
    )
    main = Container(
        "main",
        "python:3.7",
        command=[
            "/kfp-launcher/launch",
            "--mlmd_server_address",
            "$(METADATA_GRPC_SERVICE_HOST)",
            "--mlmd_server_port",
            "$(METADATA_GRPC_SERVICE_PORT)",
            "--runtime_info_json",
            "$(KFP_V2_RUNTIME_INFO)",
            "--container_image",
            "$(KFP_V2_IMAGE)",
            "--task_name",
            "preprocess",
            "--pipeline_name",
            "pipeline/[Tutorial] V2 lightweight Python components",
            "--run_id",
            "$(KFP_RUN_ID)",
            "--run_resource",
            "workflows.argoproj.io/$(WORKFLOW_ID)",
            "--namespace",
            "$(KFP_NAMESPACE)",
            "--pod_name",
            "$(KFP_POD_NAME)",
            "--pod_uid",
            "$(KFP_POD_UID)",
            "--pipeline_root",
            "",
            "--enable_caching",
            "$(ENABLE_CACHING)",
            "--",
            "message=Hello world",
            "--",
        ],
        args=["sh", "-ec", "program_path=$(mktemp) ...", "--executor_input", "{{$}}", "--function_to_execute"],
        mounts=[{"name": "kfp-launcher", "mountPath": "/kfp-launcher"}],
        state=terminated(255, at(9), at(52)),
    )
    wait = _argo_wait("gcr.io/ml-pipeline/argoexec:v3.1.6-patch-license-compliance", terminated(0, at(8), at(55)))
    p = _step_pod(
        workflow,
        "preprocess",
        node_id,
        [wait, main],
        at,
        phase="Failed",
        host="gke-ai-platform-pipeline-default-pool-3c1e",
        init=[launcher],
        service_account="pipeline-runner",
        volumes=[{"name": "kfp-launcher", "emptyDir": {}}],
    )
    p["metadata"]["labels"].update(_kfp_labels(run_id) | {"pipelines.kubeflow.org/v2_component": "true"})
    fatal = (
        f"F0811 23:48:42.309367      20 main.go:72] Failed to execute component: failed to upload output artifact "
        f'"output_dataset_one" to remote storage URI "{uri}": uploadFile(): unable to complete copying '
        f'"/minio/mlpipeline/v2/artifacts/{key}" to remote storage "{key}": failed to close Writer for bucket: '
        f'blob (key "{key}") (code=Unknown): AccessDenied: Access Denied.'
    )
    main_log = stamped(
        [
            'I0811 23:48:00.118422      20 launcher.go:144] PipelineRoot defaults to "minio://mlpipeline/v2/artifacts".',
            "I0811 23:48:00.118690      20 cache.go:120] Connecting to cache endpoint 10.4.14.37:8887",
            "WARNING: Running pip as the 'root' user can result in broken permissions and conflicting behaviour with "
            "the system package manager. It is recommended to use a virtual environment instead: "
            "https://pip.pypa.io/warnings/venv",
            "WARNING: You are using pip version 21.1.3; however, version 21.2.4 is available.",
            "You should consider upgrading via the '/usr/local/bin/python -m pip install --upgrade pip' command.",
            fatal,
            "\tstatus code: 403, request id: 169A656A37803974, host id: ",
        ],
        at(10),
        [6.0, 21.0, 0.1, 0.0, 14.7, 0.0],
    )
    events = _step_failed(workflow, "preprocess", node_id, "Error (exit code 255)", at, 57, 61)
    return CaseSpec(
        id="permission-denied-pod-kfp-v2-launcher-upload-artifact-access-denied",
        kind="Pod",
        name=node_id,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=node_id,
        evidence="AccessDenied: Access Denied",
        description="A v2-compatible component ran, but its launcher cannot upload the output artifact: the "
        "default pipeline root minio://mlpipeline points at a bucket the deployment's managed storage does not "
        "give this pipeline, and the store answers 403 Access Denied. The launcher exits 255 and the step fails; "
        "setting the pipeline root to a bucket the pipeline may write fixes it.",
        objects=[p, workflow, *events],
        logs={f"{node_id}/main": main_log},
        captured=at(900),
        title="The v2-compatible tutorial fails with managed storage: 'Failed to execute component: failed to "
        "upload output artifact ... AccessDenied: Access Denied. status code: 403'",
        source="https://github.com/kubeflow/pipelines/issues/5779",
    )


@SCENARIOS.add
def config_error_pod_kfp_wait_cannot_get_key_for_artifact_location() -> CaseSpec:
    at = Clock(datetime(2026, 9, 15, 6, 12, 10, tzinfo=timezone.utc))
    ns, wf = "kubeflow-user-example-com", "addition-pipeline-7kxvq"
    node_id = f"{wf}-3413260817"
    message = "key unsupported: cannot get key for artifact location, because it is invalid"
    workflow = _workflow(ns, wf, at, "Error", f"child '{node_id}' failed", 31)
    main = Container(
        "main",
        "python:3.7",
        command=["sh", "-ec", 'program_path=$(mktemp)\nprintf "%s" "$0" > "$program_path"\npython3 -u "$program_path"'],
        args=["def add(a, b): ...", "--a", "1", "--b", "4", "----output-paths", "/tmp/outputs/Output/data"],
        state=terminated(0, at(9), at(11)),
    )
    wait = _argo_wait(
        "gcr.io/ml-pipeline/argoexec:v3.2.3-license-compliance", terminated(1, at(8), at(14), message=message)
    )
    p = _step_pod(
        workflow,
        "add",
        node_id,
        [wait, main],
        at,
        phase="Failed",
        host="k8s-worker-03",
        service_account="default-editor",
    )
    p["metadata"]["labels"].update(_kfp_labels("6f1b0e5a-4c92-4a0e-9d1e-2b7f3c3a9e10"))
    wait_log = text(
        'time="2026-09-15T06:12:18.311Z" level=info msg="Starting Workflow Executor" executorType=emissary '
        "version=v3.2.3",
        'time="2026-09-15T06:12:18.316Z" level=info msg="Creating a emissary executor"',
        'time="2026-09-15T06:12:18.316Z" level=info msg="Executor initialized" deadline="0001-01-01 00:00:00 +0000 '
        'UTC" includeScriptOutput=false namespace=' + ns + " podName=" + node_id,
        'time="2026-09-15T06:12:18.317Z" level=info msg="Starting deadline monitor"',
        'time="2026-09-15T06:12:21.318Z" level=info msg="Main container completed"',
        'time="2026-09-15T06:12:21.318Z" level=info msg="No Script output reference in workflow. Capturing script '
        'output ignored"',
        'time="2026-09-15T06:12:21.318Z" level=info msg="Saving logs"',
        f'time="2026-09-15T06:12:21.319Z" level=error msg="executor error: {message}"',
        'time="2026-09-15T06:12:21.319Z" level=info msg="Saving output parameters"',
        'time="2026-09-15T06:12:21.319Z" level=info msg="Saving path output parameter: Output"',
        'time="2026-09-15T06:12:21.320Z" level=info msg="Copying /tmp/outputs/Output/data from base image layer"',
        'time="2026-09-15T06:12:21.320Z" level=info msg="Successfully saved output parameter: Output"',
        'time="2026-09-15T06:12:21.320Z" level=info msg="Saving output artifacts"',
        'time="2026-09-15T06:12:21.320Z" level=info msg="Staging artifact: add-Output"',
        'time="2026-09-15T06:12:21.321Z" level=info msg="Staging /tmp/outputs/Output/data from mirrored volume mount '
        'to /tmp/argo/outputs/artifacts/add-Output.tgz"',
        'time="2026-09-15T06:12:21.321Z" level=info msg="Taring /tmp/outputs/Output/data"',
        f'time="2026-09-15T06:12:21.322Z" level=error msg="executor error: {message}"',
        'time="2026-09-15T06:12:21.322Z" level=info msg="Annotating pod with output"',
        'time="2026-09-15T06:12:21.341Z" level=info msg="Killing sidecars []"',
        'time="2026-09-15T06:12:21.341Z" level=info msg="Alloc=6131 TotalAlloc=11937 Sys=19154 NumGC=4 Goroutines=9"',
        f'time="2026-09-15T06:12:21.342Z" level=fatal msg="{message}"',
    )
    events = _step_failed(workflow, "add", node_id, f"Error (exit code 1): {message}", at, 26, 31)
    return CaseSpec(
        id="config-error-pod-kfp-wait-cannot-get-key-for-artifact-location",
        kind="Pod",
        name=node_id,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=node_id,
        evidence="cannot get key for artifact location",
        description="The component itself succeeded, but Argo has no usable artifact repository for this "
        "namespace (no keyFormat/key in the artifactRepository configuration it resolves), so the wait "
        "container cannot name where to store the step's outputs and logs: it exits 1 and the step errors.",
        objects=[p, workflow, *events],
        logs={f"{node_id}/wait": wait_log},
        captured=at(600),
        title="Every Kubeflow pipeline step ends in 'This step is in Error state with this message: Error (exit code "
        "1): key unsupported: cannot get key for artifact location, because it is invalid'",
        source="https://github.com/kubeflow/pipelines/issues/8269",
    )


@SCENARIOS.add
def healthy_pod_kfp_v2_launcher_cannot_detect_minio_service_default() -> CaseSpec:
    at = Clock(datetime(2026, 6, 26, 8, 49, 10, tzinfo=timezone.utc))
    ns, wf = "kubeflow-user-example-com", "object-detection-training-vwd8k"
    node_id = f"{wf}-system-container-impl-1208541732"
    workflow = _workflow(ns, wf, at, "Running", None, None)
    launcher = Container(
        "kfp-launcher",
        "gcr.io/ml-pipeline/kfp-launcher:2.0.0",
        command=["launcher-v2", "--copy", "/kfp-launcher/launch"],
        mounts=[{"name": "kfp-launcher", "mountPath": "/kfp-launcher"}],
        state=terminated(0, at(9), at(10)),
    )
    main = Container(
        "main",
        "registry.example.com/ml/object-detection-components:1.4.2",
        command=[
            "/kfp-launcher/launch",
            "--pipeline_name",
            "object-detection-training",
            "--run_id",
            "$(KFP_RUN_ID)",
            "--execution_id",
            "$(KFP_EXECUTION_ID)",
            "--executor_input",
            "{{$}}",
            "--component_spec",
            '{"executorLabel":"exec-download-dataset-component", ...}',
            "--pod_name",
            "$(KFP_POD_NAME)",
            "--pod_uid",
            "$(KFP_POD_UID)",
            "--mlmd_server_address",
            "$(METADATA_GRPC_SERVICE_HOST)",
            "--mlmd_server_port",
            "$(METADATA_GRPC_SERVICE_PORT)",
            "--",
        ],
        args=["python3", "-m", "kfp.dsl.executor_main"],
        resources=cpu_only("8Gi", "2"),
        mounts=[{"name": "kfp-launcher", "mountPath": "/kfp-launcher"}],
        state=running(at(12)),
        ready=True,
    )
    wait = _argo_wait("gcr.io/ml-pipeline/argoexec:v3.3.10-license-compliance", running(at(11)))
    p = _step_pod(
        workflow,
        "download-dataset-component",
        node_id,
        [wait, main],
        at,
        phase="Running",
        host="ip-192-168-44-17.ec2.internal",
        init=[launcher],
        service_account="default-editor",
        volumes=[{"name": "kfp-launcher", "emptyDir": {}}],
    )
    p["metadata"]["labels"].update(_kfp_labels("9d7c3b61-0f4e-4f39-a7a8-5e0d3c2f1b47"))
    module = "/pipelines/component/src/download_dataset_component.py"
    lines = [
        'time="2026-06-26T08:49:23.763Z" level=info msg="capturing logs" argo=true',
        "I0626 08:49:23.777058      51 cache.go:139] Cannot detect ml-pipeline in the same namespace, default to "
        "ml-pipeline.kubeflow:8887 as KFP endpoint.",
        "I0626 08:49:23.777075      51 cache.go:116] Connecting to cache endpoint ml-pipeline.kubeflow:8887",
        "I0626 08:49:23.920653      51 object_store.go:306] Cannot detect minio-service in the same namespace, "
        "default to minio-service.kubeflow:9000 as MinIO endpoint.",
        "[KFP Executor 2026-06-26 08:49:24,351 INFO]: --component_module_path is not specified. Looking for "
        "component `download_dataset_component` in config file `kfp_config.ini` instead",
        f'[KFP Executor 2026-06-26 08:49:24,351 INFO]: Loading KFP component "download_dataset_component" from '
        f'{module} (directory "/pipelines/component/src" and module name "download_dataset_component")',
        "Downloading s3://ml-datasets-example/coco/coco-2017-subset.zip to /tmp/coco-2017-subset.zip",
        *[f"Downloaded {i * 512} MiB of 6144 MiB" for i in range(1, 13)],
        "Download complete, extracting to /tmp/outputs/dataset",
        *[f"Extracted {i * 4000} of 123287 files" for i in range(1, 19)],
    ]
    log = stamped(lines, at(13), [0.0, 0.0, 0.1, 0.4, 0.0, 0.9, *([21.0] * 12), 3.0, *([17.5] * 17)])
    return CaseSpec(
        id="healthy-pod-kfp-v2-launcher-cannot-detect-minio-service-default",
        kind="Pod",
        name=node_id,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="A KFP v2 step in a user namespace is downloading and unpacking its dataset at a steady pace. "
        "The launcher's 'Cannot detect ml-pipeline / minio-service in the same namespace, default to ...' "
        "lines are how it always finds the shared services in multi-user mode, not errors.",
        objects=[p, workflow],
        logs={f"{node_id}/main": log},
        captured=at(13 + 1.4 + 21.0 * 12 + 3.0 + 17.5 * 17 + 25),
        title="A KFP v2 component step while it still runs: the launcher prints 'Cannot detect minio-service in the "
        "same namespace, default to minio-service.kubeflow:9000 as MinIO endpoint.' and carries on",
        source="https://github.com/awslabs/kubeflow-manifests/issues/762",
    )


# -- Tekton ---------------------------------------------------------------------------------------------------


@SCENARIOS.add
def permission_denied_pod_tekton_kaniko_push_unauthorized() -> CaseSpec:
    at = Clock(datetime(2026, 1, 9, 8, 38, 0, tzinfo=timezone.utc))
    ns, tr = "default", "build-docker-image-from-git-source-task-run"
    pod_name = f"{tr}-pod-8dmvq"
    dest = "index.docker.io/example-user/leeroy-web:latest"
    exited = (
        '"step-build-and-push" exited with code 1 (image: "docker-pullable://gcr.io/kaniko-project/executor@sha256:'
        f'{digest("gcr.io/kaniko-project/executor:v1.3.0")}"); for logs run: kubectl -n {ns} logs {pod_name} -c '
        "step-build-and-push"
    )
    taskrun = _owner(
        "tekton.dev/v1beta1",
        "TaskRun",
        ns,
        tr,
        at,
        {
            "podName": pod_name,
            "startTime": ts(at(0)),
            "completionTime": ts(at(47)),
            "conditions": [
                {
                    "type": "Succeeded",
                    "status": "False",
                    "reason": "Failed",
                    "message": exited,
                    "lastTransitionTime": ts(at(47)),
                }
            ],
        },
    )

    def step(name: str, image: str, entry: str, args: list[str], state: Obj) -> Container:
        return Container(
            name,
            image,
            command=["/tekton/tools/entrypoint"],
            args=[
                "-wait_file",
                "/tekton/downward/ready",
                "-post_file",
                f"/tekton/tools/{name}",
                "-termination_path",
                "/tekton/termination",
                "-entrypoint",
                entry,
                "--",
                *args,
            ],
            mounts=[
                {"name": "tekton-internal-tools", "mountPath": "/tekton/tools"},
                {"name": "tekton-internal-workspace", "mountPath": "/workspace"},
            ],
            state=state,
        )

    tools = Container(
        "place-tools",
        "gcr.io/tekton-releases/github.com/tektoncd/pipeline/cmd/entrypoint:v0.19.0",
        command=["/ko-app/entrypoint", "cp", "/ko-app/entrypoint", "/tekton/tools/entrypoint"],
        mounts=[{"name": "tekton-internal-tools", "mountPath": "/tekton/tools"}],
        state=terminated(0, at(4), at(4)),
    )
    steps = [
        step(
            "step-create-dir-builtimage-zffbm",
            "busybox",
            "mkdir",
            ["-p", "/workspace/output/builtImage"],
            terminated(0, at(7), at(8)),
        ),
        step(
            "step-git-source-skaffold-git-lmfz8",
            "gcr.io/tekton-releases/github.com/tektoncd/pipeline/cmd/git-init:v0.19.0",
            "/ko-app/git-init",
            [
                "-url",
                "https://github.com/GoogleContainerTools/skaffold",
                "-revision",
                "v0.32.0",
                "-path",
                "/workspace/docker-source",
            ],
            terminated(0, at(8), at(13)),
        ),
        step(
            "step-build-and-push",
            "gcr.io/kaniko-project/executor:v1.3.0",
            "/kaniko/executor",
            [
                "--dockerfile=/workspace/docker-source/examples/microservices/leeroy-web/Dockerfile",
                f"--destination={dest}",
                "--context=/workspace/docker-source/examples/microservices/leeroy-web/",
            ],
            terminated(1, at(13), at(15)),
        ),
        step(
            "step-image-digest-exporter-46zrj",
            "gcr.io/tekton-releases/github.com/tektoncd/pipeline/cmd/imagedigestexporter:v0.19.0",
            "/ko-app/imagedigestexporter",
            ["-images", '[{"name":"builtImage","type":"image","url":"' + dest + '"}]'],
            terminated(1, at(16), at(16)),
        ),
    ]
    p = pod(
        name=pod_name,
        namespace=ns,
        labels={
            "app.kubernetes.io/managed-by": "tekton-pipelines",
            "tekton.dev/task": "build-docker-image-from-git-source",
            "tekton.dev/taskRun": tr,
        },
        owner=owner_ref(taskrun),
        containers=steps,
        init=[tools],
        created=at(2),
        phase="Failed",
        node="minikube",
        scheduled=at(3),
        service_account="tutorial-service",
        annotations={"pipeline.tekton.dev/release": "v0.19.0", "tekton.dev/ready": "READY"},
        volumes=[
            {"name": "tekton-internal-tools", "emptyDir": {}},
            {"name": "tekton-internal-workspace", "emptyDir": {}},
        ],
        qos="BestEffort",
    )
    git_log = text(
        '{"level":"info","ts":1767947291.0271,"caller":"git/git.go:165","msg":"Successfully cloned '
        "https://github.com/GoogleContainerTools/skaffold @ 6a5fe6ea1ef2dbcb24d6a7e0e4b1d45ea5d1c1c6 (grafted, HEAD, "
        'tag: v0.32.0) in path /workspace/docker-source"}',
        '{"level":"info","ts":1767947291.0898,"caller":"git/git.go:203","msg":"Successfully initialized and updated '
        'submodules in path /workspace/docker-source"}',
    )
    kaniko_log = stamped(
        [
            "E0109 08:38:14.402175      13 aws_credentials.go:77] while getting AWS credentials "
            "NoCredentialProviders: no valid providers in chain. Deprecated.",
            "\tFor verbose messaging see aws.Config.CredentialsChainVerboseErrors",
            "error checking push permissions -- make sure you entered the correct tag name, and that you are "
            f'authenticated correctly, and try again: checking push permission for "{dest}": POST '
            "https://index.docker.io/v2/example-user/leeroy-web/blobs/uploads/: UNAUTHORIZED: authentication "
            "required; [map[Action:pull Class: Name:example-user/leeroy-web Type:repository] map[Action:push Class: "
            "Name:example-user/leeroy-web Type:repository]]",
        ],
        at(14),
        [0.0, 0.9],
    )
    events = [
        event(taskrun, "Started", "", at(0), type_="Normal", component="TaskRun"),
        event(
            taskrun,
            "Pending",
            'pod status "Initialized":"False"; message: "Waiting for init containers"',
            at(2),
            type_="Normal",
            component="TaskRun",
        ),
        event(
            taskrun,
            "Running",
            "Not all Steps in the Task have finished executing",
            at(6),
            type_="Normal",
            component="TaskRun",
        ),
        event(taskrun, "Failed", exited, at(47), component="TaskRun"),
    ]
    return CaseSpec(
        id="permission-denied-pod-tekton-kaniko-push-unauthorized",
        kind="Pod",
        name=pod_name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=pod_name,
        evidence="error checking push permissions",
        description="The TaskRun's kaniko step checks that it may push to the destination repository before "
        "building; the registry answers 401 (no credentials kaniko reads for it), so the step exits 1, the "
        "digest exporter after it is skipped and the TaskRun fails.",
        objects=[p, taskrun, *events],
        logs={
            f"{pod_name}/step-git-source-skaffold-git-lmfz8": git_log,
            f"{pod_name}/step-build-and-push": kaniko_log,
        },
        captured=at(600),
        title="Tekton's kaniko tutorial fails with 'error checking push permissions -- make sure you entered the "
        "correct tag name, and that you are authenticated correctly ... UNAUTHORIZED: authentication required'",
        source="https://github.com/tektoncd/pipeline/issues/3669",
    )
