"""Fresh round 15: real public threads about pipelines and orchestrators (Kubeflow Pipelines, Argo Workflows, Tekton, Airflow, Flyte, KubeRay, Spark).

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    Scenarios,
    cpu_only,
    digest,
    stamped,
    terminated,
    text,
)
from tests.cases.scenarios_fresh7_pipelines import _step_failed, _step_pod, _workflow
from tests.cases.scenarios_fresh11_workflows import _normal

SCENARIOS = Scenarios()


# -- Kubeflow Pipelines steps whose Argo wait container uses the docker executor -------------------

_SOCK_MOUNT: Obj = {"name": "docker-sock", "mountPath": "/var/run/docker.sock", "readOnly": True}
_LIB_MOUNT: Obj = {"name": "docker-lib", "mountPath": "/var/lib/docker", "readOnly": True}
_SOCK: Obj = {"name": "docker-sock", "hostPath": {"path": "/var/run/docker.sock", "type": "Socket"}}
_LIB: Obj = {"name": "docker-lib", "hostPath": {"path": "/var/lib/docker", "type": "Directory"}}


def _wait_failed_case(
    case_id: str,
    at: Clock,
    workflow: Obj,
    step: tuple[str, str, str],
    containers: list[Container],
    volumes: list[Obj],
    logs: dict[str, str],
    message: str,
    times: tuple[float, float, float, float, float],
    verdict: tuple[str, str, str, str],
) -> CaseSpec:
    """A KFP step pod whose main container exited 0 but whose wait container failed to save its outputs.

    ``step`` is (template, node id, node); ``times`` are when the wait and main containers started, when the
    step errored, when the workflow failed and when the snapshot was taken; ``verdict`` is (evidence,
    description, title, source).
    """
    template, node_id, host = step
    ns = workflow["metadata"]["namespace"]
    p = _step_pod(
        workflow,
        template,
        node_id,
        containers,
        at,
        phase="Failed",
        host=host,
        service_account="pipeline-runner",
        volumes=volumes,
    )
    wait_at, main_at, errored, failed, captured = times
    events = [
        _normal(p, "Scheduled", f"Successfully assigned {ns}/{node_id} to {host}", at(3), "default-scheduler"),
        _normal(p, "Started", "Started container wait", at(wait_at)),
        _normal(p, "Started", "Started container main", at(main_at)),
        *_step_failed(workflow, template, node_id, message, at, errored, failed),
    ]
    evidence, description, title, source = verdict
    return CaseSpec(
        id=case_id,
        kind="Pod",
        name=node_id,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=node_id,
        evidence=evidence,
        description=description,
        objects=[p, workflow, *events],
        logs={f"{node_id}/{c}": log for c, log in logs.items()},
        captured=at(captured),
        title=title,
        source=source,
    )


@SCENARIOS.add
def config_error_pod_kfp_tfx_wait_no_such_container_k8s_1_19() -> CaseSpec:
    at = Clock(datetime(2026, 11, 28, 3, 7, tzinfo=timezone.utc))
    ns, wf = "kubeflow", "tfx-taxi-pipeline-5xq7d"
    node_id = f"{wf}-2391046518"
    host = "gke-kfp-marketplace-default-pool-8c0d51e2-w4nk"
    workflow = _workflow(ns, wf, at, "Failed", f"child '{node_id}' failed", 188)
    cid = "b715c336e667d305429003d1ce1c9b795ced595aa76b2bf252c679d2947b3643"
    message = f"failed to save outputs: Error response from daemon: No such container: {cid}"
    main = Container(
        "main",
        "gcr.io/tfx-oss-public/tfx:0.27.0",
        command=["python", "/tfx-src/tfx/orchestration/kubeflow/container_entrypoint.py"],
        args=[
            "--pipeline_name",
            "tfx-taxi-pipeline",
            "--pipeline_root",
            "gs://example-ml-artifacts/tfx_pipeline_output/tfx-taxi-pipeline",
            "--component_launcher_class_path",
            "tfx.orchestration.launcher.in_process_component_launcher.InProcessComponentLauncher",
            "--node_id",
            "CsvExampleGen",
        ],
        resources=cpu_only("4Gi", "2"),
        state=terminated(0, at(14), at(171)),
    )
    wait = Container(
        "wait",
        "gcr.io/ml-pipeline/argoexec:v2.12.9-license-compliance",
        command=["argoexec", "wait"],
        resources=cpu_only("256Mi", "100m"),
        mounts=[_SOCK_MOUNT],
        state=terminated(1, at(13), at(173), message=message),
    )
    d = "2026-11-28T03:0"
    wait_log = text(
        f'time="{d}7:13.402Z" level=info msg="Starting Workflow Executor" version=v2.12.9',
        f'time="{d}7:13.418Z" level=info msg="Creating a docker executor"',
        f'time="{d}7:13.419Z" level=info msg="Executor (version: v2.12.9, build_date: 2021-02-16T22:51:48Z) '
        f'initialized (pod: {ns}/{node_id}) with template:\\n{{\\"name\\":\\"csvexamplegen\\",\\"inputs\\":{{}},'
        '\\"outputs\\":{\\"artifacts\\":[{\\"name\\":\\"mlpipeline-ui-metadata\\",\\"path\\":'
        '\\"/mlpipeline-ui-metadata.json\\"}]}}"',
        f'time="{d}7:13.419Z" level=info msg="Starting annotations monitor"',
        f'time="{d}7:13.420Z" level=info msg="Starting deadline monitor"',
        f'time="{d}9:53.447Z" level=info msg="Main container completed"',
        f'time="{d}9:53.447Z" level=info msg="No Script output reference in workflow. Capturing script output ignored"',
        f'time="{d}9:53.447Z" level=info msg="Capturing script exit code"',
        f'time="{d}9:53.447Z" level=info msg="Saving logs"',
        f'time="{d}9:53.448Z" level=info msg="[docker logs {cid}]"',
        f'time="{d}9:53.471Z" level=error msg="executor error: {message}"',
        f'time="{d}9:53.471Z" level=info msg="Annotating pod with output"',
        f'time="{d}9:53.502Z" level=info msg="Killing sidecars"',
        f'time="{d}9:53.503Z" level=info msg="Alloc=6021 TotalAlloc=13107 Sys=73553 NumGC=5 Goroutines=10"',
        f'time="{d}9:53.503Z" level=fatal msg="{message}"',
    )
    main_log = stamped(
        [
            "INFO:absl:Running driver for CsvExampleGen",
            "INFO:absl:MetadataStore with gRPC connection initialized",
            "INFO:absl:select span and version = (0, None)",
            "INFO:absl:latest span and version = (0, None)",
            "INFO:absl:Running executor for CsvExampleGen",
            "INFO:absl:Generating examples.",
            "INFO:absl:Processing input csv data gs://example-ml-data/chicago_taxi/data/* to TFExample.",
            "INFO:absl:Examples generated.",
            "INFO:absl:Running publisher for CsvExampleGen",
            "INFO:absl:MetadataStore with gRPC connection initialized",
            "INFO:absl:Component CsvExampleGen is finished.",
        ],
        at(15),
        [2, 1, 0, 1, 1, 2, 140, 6, 1, 1],
    )
    return _wait_failed_case(
        "config-error-pod-kfp-tfx-wait-no-such-container-k8s-1-19",
        at,
        workflow,
        ("csvexamplegen", node_id, host),
        [wait, main],
        [_SOCK],
        {"main": main_log, "wait": wait_log},
        message,
        (13, 14, 176, 188, 600),
        (
            "No such container",
            "The TFX taxi sample on a Kubeflow Pipelines 1.4.1 marketplace install: on a GKE node of Kubernetes 1.19 "
            "or above the pods run under containerd, but Argo's wait container still uses the docker executor, so "
            "after CsvExampleGen's main container finishes (exit 0) the Docker daemon knows no container with that "
            "id and the step fails with 'failed to save outputs: ... No such container' (switch the workflow "
            "controller to the emissary or pns executor).",
            "KFP marketplace 1.4.1 on Kubernetes 1.19+: the TFX csvexamplegen step ends in Error with 'failed to save "
            "outputs: Error response from daemon: No such container: b715c336...' though its main container ran",
            "https://github.com/kubeflow/pipelines/issues/5663",
        ),
    )


@SCENARIOS.add
def config_error_pod_kfp_sequential_wait_no_such_container_containerd() -> CaseSpec:
    at = Clock(datetime(2026, 11, 28, 15, 25, tzinfo=timezone.utc))
    ns, wf = "kubeflow", "sequential-slxd2"
    node_id = f"{wf}-1203497474"
    workflow = _workflow(ns, wf, at, "Failed", f"child '{node_id}' failed", 31)
    cid = digest(ns, node_id, "main", "0")
    message = f"failed to save outputs: Error response from daemon: No such container: {cid}"
    main = Container(
        "main",
        "google/cloud-sdk:216.0.0",
        command=["sh", "-c"],
        args=["gsutil cat $0 | tee $1", "gs://ml-pipeline-playground/shakespeare1.txt", "/tmp/results.txt"],
        state=terminated(0, at(18), at(20)),
    )
    wait = Container(
        "wait",
        "argoproj/argoexec:v2.2.0",
        command=["argoexec"],
        args=["wait"],
        env=[{"name": "ARGO_POD_NAME", "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.name"}}}],
        mounts=[{"name": "podmetadata", "mountPath": "/argo/podmetadata"}, _LIB_MOUNT, _SOCK_MOUNT],
        state=terminated(1, at(19), at(20), message=message),
    )
    podmetadata = {
        "name": "podmetadata",
        "downwardAPI": {"items": [{"path": "annotations", "fieldRef": {"fieldPath": "metadata.annotations"}}]},
    }
    d = "2026-11-28T15:25:"
    wait_log = text(
        f'time="{d}19Z" level=info msg="Creating a docker executor"',
        f'time="{d}19Z" level=info msg="Executor (version: v2.2.0, build_date: 2018-08-30T08:52:54Z) initialized '
        "with template:\\narchiveLocation: {}\\ncontainer:\\n  args:\\n  - gsutil cat $0 | tee $1\\n  - "
        "gs://ml-pipeline-playground/shakespeare1.txt\\n  - /tmp/results.txt\\n  command:\\n  - sh\\n  - -c\\n  "
        'image: google/cloud-sdk:216.0.0\\n  name: \\"\\"\\n  resources: {}\\ninputs: {}\\nmetadata: {}\\nname: '
        "gcs-download\\noutputs:\\n  parameters:\\n  - name: gcs-download-data\\n    valueFrom:\\n      path: "
        '/tmp/results.txt\\n"',
        f'time="{d}19Z" level=info msg="Waiting on main container"',
        f'time="{d}19Z" level=info msg="main container started with container ID: {cid}"',
        f'time="{d}19Z" level=info msg="Starting annotations monitor"',
        f'time="{d}19Z" level=info msg="docker wait {cid}"',
        f'time="{d}19Z" level=info msg="Starting deadline monitor"',
        f'time="{d}20Z" level=error msg="`docker wait {cid}` failed: Error response from daemon: No such '
        f'container: {cid}\\n"',
        f'time="{d}20Z" level=warning msg="Failed to wait for container id \'{cid}\': Error response from daemon: '
        f'No such container: {cid}"',
        f'time="{d}20Z" level=error msg="executor error: Error response from daemon: No such container: {cid}"',
        f'time="{d}20Z" level=info msg="No sidecars"',
        f'time="{d}20Z" level=info msg="Saving output parameters"',
        f'time="{d}20Z" level=info msg="Saving path output parameter: gcs-download-data"',
        f'time="{d}20Z" level=info msg="[sh -c docker cp -a {cid}:/tmp/results.txt - | tar -ax -O]"',
        f'time="{d}20Z" level=error msg="`[sh -c docker cp -a {cid}:/tmp/results.txt - | tar -ax -O]` stderr:'
        f"\\nError: No such container:path: {cid}:/tmp/results.txt\\ntar: This does not look like a tar archive"
        '\\ntar: Exiting with failure status due to previous errors\\n"',
        f'time="{d}20Z" level=error msg="executor error: {message}"',
        f'time="{d}20Z" level=info msg="Alloc=2883 TotalAlloc=8651 Sys=10086 NumGC=4 Goroutines=9"',
        f'time="{d}20Z" level=fatal msg="{message}"',
    )
    main_log = text(
        "With which he yoketh your rebellious necks Razeth your cities and subverts your towns And in a moment "
        "makes them desolate"
    )
    return _wait_failed_case(
        "config-error-pod-kfp-sequential-wait-no-such-container-containerd",
        at,
        workflow,
        ("gcs-download", node_id, "ml-workstation"),
        [main, wait],
        [podmetadata, _LIB, _SOCK],
        {"main": main_log, "wait": wait_log},
        message,
        (19, 18, 24, 31, 900),
        (
            "No such container",
            "The basic 'sequential' Kubeflow pipeline on MicroK8s: the step's main container (gsutil cat) completes "
            "with exit 0, but its containers were started by containerd (containerd:// ids) while Argo's wait "
            "container uses the docker executor through /var/run/docker.sock, so 'docker wait' and 'docker cp' find "
            "no such container and the step fails with 'failed to save outputs' (the executor does not match the "
            "node's container runtime).",
            "Kubeflow Pipelines samples on MicroK8s: every step ends in Error with 'failed to save outputs: Error "
            "response from daemon: No such container' - main Completed (exit 0), wait (argoexec v2.2.0) Error exit 1",
            "https://github.com/kubeflow/pipelines/issues/1471",
        ),
    )


@SCENARIOS.add
def config_error_pod_kfp_wait_docker_binary_exec_format_error() -> CaseSpec:
    at = Clock(datetime(2026, 11, 29, 19, 4, tzinfo=timezone.utc))
    ns, wf = "kubeflow", "load-data-2-mctsc"
    node_id = f"{wf}-3737213461"
    workflow = _workflow(ns, wf, at, "Failed", f"child '{node_id}' failed", 58)
    cid = "9f20576bc2d9b749429bc259cf10c932a4636fbdd1041043c8cc5550d2d74158"
    reason = "fork/exec /usr/local/bin/docker: exec format error"
    message = f"failed to save outputs: {reason}"
    main = Container(
        "main",
        "load_data2:v0.0.2",
        command=["python", "load_data.py"],
        state=terminated(0, at(41), at(47)),
    )
    wait = Container(
        "wait",
        "gcr.io/ml-pipeline/argoexec:v2.3.0-license-compliance",
        command=["argoexec", "wait"],
        mounts=[_LIB_MOUNT, _SOCK_MOUNT],
        state=terminated(1, at(42), at(48), message=message),
    )
    stack = (
        f"{reason}\\ngithub.com/argoproj/argo/errors.InternalWrapError\\n\\t/go/src/github.com/argoproj/argo/"
        "errors/errors.go:64\\ngithub.com/argoproj/argo/workflow/common.RunCommand\\n\\t/go/src/github.com/argoproj/"
        "argo/workflow/common/util.go:388\\ngithub.com/argoproj/argo/workflow/executor/docker.(*DockerExecutor)."
        "Wait\\n\\t/go/src/github.com/argoproj/argo/workflow/executor/docker/docker.go:99\\ngithub.com/argoproj/"
        "argo/workflow/executor.(*WorkflowExecutor).Wait\\n\\t/go/src/github.com/argoproj/argo/workflow/executor/"
        "executor.go:873\\ngithub.com/argoproj/argo/cmd/argoexec/commands.waitContainer\\n\\t/go/src/github.com/"
        "argoproj/argo/cmd/argoexec/commands/wait.go:40\\nruntime.goexit\\n\\t/usr/local/go/src/runtime/"
        "asm_amd64.s:1337"
    )
    d = "2026-11-29T19:04:"
    wait_log = text(
        f'time="{d}42Z" level=info msg="Creating a docker executor"',
        f'time="{d}42Z" level=info msg="Executor (version: v2.3.0, build_date: 2019-05-20T22:10:54Z) initialized '
        f'(pod: {ns}/{node_id}) with template:\\n{{\\"name\\":\\"load-data\\",\\"inputs\\":{{}},\\"outputs\\":'
        '{\\"artifacts\\":[{\\"name\\":\\"load-data-X_train\\",\\"path\\":\\"/X_train.npy\\"}]},\\"metadata\\":{},'
        '\\"container\\":{\\"name\\":\\"\\",\\"image\\":\\"load_data2:v0.0.2\\",\\"command\\":[\\"python\\",'
        '\\"load_data.py\\"],\\"resources\\":{}},\\"archiveLocation\\":{\\"s3\\":{\\"endpoint\\":'
        '\\"minio-service.kubeflow:9000\\",\\"bucket\\":\\"mlpipeline\\",\\"insecure\\":true,\\"accessKeySecret\\":'
        '{\\"name\\":\\"mlpipeline-minio-artifact\\",\\"key\\":\\"accesskey\\"},\\"secretKeySecret\\":{\\"name\\":'
        '\\"mlpipeline-minio-artifact\\",\\"key\\":\\"secretkey\\"},\\"key\\":\\"artifacts/load-data-2-mctsc/'
        'load-data-2-mctsc-3737213461\\"}}}"',
        f'time="{d}42Z" level=info msg="Waiting on main container"',
        f'time="{d}42Z" level=info msg="main container started with container ID: {cid}"',
        f'time="{d}42Z" level=info msg="Starting annotations monitor"',
        f'time="{d}42Z" level=info msg="docker wait {cid}"',
        f'time="{d}42Z" level=error msg="executor error: {stack}"',
        f'time="{d}42Z" level=info msg="Killing sidecars"',
        f'time="{d}42Z" level=info msg="Alloc=3108 TotalAlloc=9241 Sys=70078 NumGC=4 Goroutines=7"',
        f'time="{d}48Z" level=fatal msg="{message}"',
    )
    main_log = text(
        "Loading the breast cancer data set",
        "X_train: (455, 30), X_test: (114, 30)",
        "Saved X_train.npy, X_test.npy, y_train.npy, y_test.npy",
    )
    return _wait_failed_case(
        "config-error-pod-kfp-wait-docker-binary-exec-format-error",
        at,
        workflow,
        ("load-data", node_id, "kf-node-1"),
        [wait, main],
        [_LIB, _SOCK],
        {"main": main_log, "wait": wait_log},
        message,
        (42, 41, 50, 58, 400),
        (
            "exec format error",
            "The first step of a Kubeflow pipeline (load_data.py writes X_train.npy and exits 0) ends in Error: "
            "Argo's wait container uses the docker executor, and the docker binary it runs to wait for and copy out "
            "of the main container cannot be executed on this node ('fork/exec /usr/local/bin/docker: exec format "
            "error'), so the step fails with 'failed to save outputs'. The executor does not fit the node (switch "
            "the workflow controller to the pns or emissary executor); the component's code ran fine.",
            "Kubeflow pipeline step in Error: 'failed to save outputs: fork/exec /usr/local/bin/docker: exec format "
            "error' from the wait container (argoexec v2.3.0, docker executor)",
            "https://github.com/kubeflow/pipelines/issues/5347",
        ),
    )
