"""Fresh round 10: real public threads about pipelines and orchestrators (Kubeflow Pipelines, Argo Workflows, Tekton, Airflow, Flyte, KubeRay, Spark).

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
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
    event,
    object_meta,
    owner_ref,
    pod,
    stamped,
    terminated,
    text,
    ts,
)
from tests.cases.scenarios_fresh7_pipelines import _docker_step_pod, _docker_wait, _step_failed, _step_pod, _workflow
from tests.cases.scenarios_fresh9_pipelines import _argo_wait, _owner
from tests.cases.scenarios_real_application import _spark_app, _spark_pod

SCENARIOS = Scenarios()


# -- Kubeflow Pipelines steps on Argo ---------------------------------------------------------------


@SCENARIOS.add
def missing_file_pod_kfp_wait_output_path_not_in_archive() -> CaseSpec:
    at = Clock(datetime(2026, 11, 12, 10, 30, 40, tzinfo=timezone.utc))
    ns, wf = "kubeflow", "mnist-train-pipeline-6vdqm"
    node_id = f"{wf}-2714302955"
    workflow = _workflow(ns, wf, at, "Failed", f"child '{node_id}' failed", 95)
    main = Container(
        "main",
        "registry.corp.example/ml/mnist-train:0.3.1",
        command=["python", "/opt/train.py"],
        args=["--epochs", "2", "--output-dir", "/output"],
        resources=cpu_only("4Gi", "2"),
        state=terminated(0, at(9), at(82)),
    )
    wait = _docker_wait("gcr.io/ml-pipeline/argoexec:v2.3.0-license-compliance", terminated(1, at(8), at(86)))
    p = _docker_step_pod(workflow, "train", node_id, wait, main, at, phase="Failed", host="k8s-node-02")
    p["metadata"]["labels"].update({"pipelines.kubeflow.org/cache_enabled": "true"})
    missing = (
        "path /mlpipeline-ui-metadata.json does not exist (or /mlpipeline-ui-metadata.json is empty) in archive "
        "/argo/outputs/artifacts/mlpipeline-ui-metadata.tgz"
    )
    stack = (
        "\\ngithub.com/argoproj/argo/errors.New\\n\\t/go/src/github.com/argoproj/argo/errors/errors.go:49"
        "\\ngithub.com/argoproj/argo/errors.Errorf\\n\\t/go/src/github.com/argoproj/argo/errors/errors.go:55"
        "\\ngithub.com/argoproj/argo/workflow/executor/docker.(*DockerExecutor).CopyFile"
        "\\n\\t/go/src/github.com/argoproj/argo/workflow/executor/docker/docker.go:66"
        "\\ngithub.com/argoproj/argo/workflow/executor.(*WorkflowExecutor).stageArchiveFile"
        "\\n\\t/go/src/github.com/argoproj/argo/workflow/executor/executor.go:347"
        "\\ngithub.com/argoproj/argo/workflow/executor.(*WorkflowExecutor).saveArtifact"
        "\\n\\t/go/src/github.com/argoproj/argo/workflow/executor/executor.go:248"
        "\\ngithub.com/argoproj/argo/workflow/executor.(*WorkflowExecutor).SaveArtifacts"
        "\\n\\t/go/src/github.com/argoproj/argo/workflow/executor/executor.go:234"
        "\\ngithub.com/argoproj/argo/cmd/argoexec/commands.waitContainer"
        "\\n\\t/go/src/github.com/argoproj/argo/cmd/argoexec/commands/wait.go:54"
        "\\nruntime.goexit\\n\\t/usr/local/go/src/runtime/asm_amd64.s:1333"
    )
    cid = digest(node_id, "main", "0")
    wait_log = text(
        'time="2019-07-03T10:30:48Z" level=info msg="Creating a docker executor"',
        'time="2019-07-03T10:30:48Z" level=info msg="Executor (version: v2.3.0, build_date: 2019-05-20T22:10:54Z) '
        f'initialized (pod: {ns}/{node_id}) with template:\\n{{\\"name\\":\\"train\\",\\"outputs\\":{{\\"artifacts\\":'
        '[{\\"name\\":\\"mlpipeline-ui-metadata\\",\\"path\\":\\"/mlpipeline-ui-metadata.json\\"},{\\"name\\":'
        '\\"mlpipeline-metrics\\",\\"path\\":\\"/mlpipeline-metrics.json\\"}]}}"',
        'time="2019-07-03T10:30:48Z" level=info msg="Waiting on main container"',
        f'time="2019-07-03T10:30:50Z" level=info msg="main container started with container ID: {cid}"',
        'time="2019-07-03T10:30:50Z" level=info msg="Starting annotations monitor"',
        f'time="2019-07-03T10:30:50Z" level=info msg="docker wait {cid}"',
        'time="2019-07-03T10:30:50Z" level=info msg="Starting deadline monitor"',
        'time="2019-07-03T10:32:02Z" level=info msg="Main container completed"',
        'time="2019-07-03T10:32:02Z" level=info msg="No sidecars"',
        'time="2019-07-03T10:32:02Z" level=info msg="No output parameters"',
        'time="2019-07-03T10:32:02Z" level=info msg="Saving output artifacts"',
        'time="2019-07-03T10:32:02Z" level=info msg="Staging artifact: mlpipeline-ui-metadata"',
        'time="2019-07-03T10:32:02Z" level=info msg="Copying /mlpipeline-ui-metadata.json from container base image '
        'layer to /argo/outputs/artifacts/mlpipeline-ui-metadata.tgz"',
        f'time="2019-07-03T10:32:02Z" level=info msg="Archiving {cid}:/mlpipeline-ui-metadata.json to '
        '/argo/outputs/artifacts/mlpipeline-ui-metadata.tgz"',
        f'time="2019-07-03T10:32:02Z" level=info msg="sh -c docker cp -a {cid}:/mlpipeline-ui-metadata.json - | '
        'gzip > /argo/outputs/artifacts/mlpipeline-ui-metadata.tgz"',
        'time="2019-07-03T10:32:02Z" level=info msg="Archiving completed"',
        f'time="2019-07-03T10:32:02Z" level=error msg="executor error: {missing}{stack}"',
        'time="2019-07-03T10:32:02Z" level=info msg="Killing sidecars"',
        'time="2019-07-03T10:32:02Z" level=info msg="Alloc=4407 TotalAlloc=11094 Sys=70590 NumGC=4 Goroutines=8"',
        f'time="2019-07-03T10:32:02Z" level=fatal msg="{missing}{stack}"',
    )
    main_log = stamped(
        [
            "Downloading mnist dataset to /tmp/data",
            "Train on 60000 samples, validate on 10000 samples",
            "Epoch 1/2",
            "60000/60000 [==============================] - 31s 518us/sample - loss: 0.2941 - accuracy: 0.9148",
            "Epoch 2/2",
            "60000/60000 [==============================] - 30s 506us/sample - loss: 0.1424 - accuracy: 0.9577",
            "Saved model to /output/model.h5",
        ],
        at(10),
        [4.0, 0.5, 31.0, 0.5, 30.0, 1.0],
    )
    events = _step_failed(workflow, "train", node_id, f"failed to save outputs: {missing}", at, 90, 95)
    return CaseSpec(
        id="missing-file-pod-kfp-wait-output-path-not-in-archive",
        kind="Pod",
        name=node_id,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=node_id,
        evidence="/mlpipeline-ui-metadata.json does not exist",
        description="The step's program trains and exits 0, but the component declares /mlpipeline-ui-metadata.json "
        "as an output artifact and never writes it; Argo's wait container finds nothing at that path when it "
        "archives the outputs, fails with 'failed to save outputs', and the step errors although the training "
        "itself succeeded.",
        objects=[p, workflow, *events],
        logs={f"{node_id}/main": main_log, f"{node_id}/wait": wait_log},
        captured=at(600),
        title="Kubeflow Pipelines step in Error: 'failed to save outputs: path /mlpipeline-ui-metadata.json does not "
        "exist (or /mlpipeline-ui-metadata.json is empty) in archive /argo/outputs/artifacts/...'",
        source="https://github.com/kubeflow/pipelines/issues/1589",
    )


@SCENARIOS.add
def config_error_pod_kfp_driver_failed_to_resolve_inputs() -> CaseSpec:
    at = Clock(datetime(2026, 11, 12, 19, 34, 50, tzinfo=timezone.utc))
    ns, wf = "team-ml", "outer-pipeline-p8m4x"
    node_id = f"{wf}-system-container-driver-1829431077"
    run_id = "2fda42a6-a492-4f81-8a7f-f08118a34bcb"
    workflow = _workflow(ns, wf, at, "Failed", f"child '{node_id}' failed", 30)
    main = Container(
        "main",
        "ghcr.io/kubeflow/kfp-driver:2.3.0",
        command=["driver"],
        args=[
            "--type",
            "CONTAINER",
            "--pipeline_name",
            "outer-pipeline",
            "--run_id",
            run_id,
            "--dag_execution_id",
            "234",
            "--iteration_index",
            "-1",
            "--cached_decision_path",
            "/tmp/outputs/cached-decision",
            "--pod_spec_patch_path",
            "/tmp/outputs/pod-spec-patch",
            "--condition_path",
            "/tmp/outputs/condition",
        ],
        resources={"limits": {"cpu": "500m", "memory": "512Mi"}, "requests": {"cpu": "100m", "memory": "64Mi"}},
        state=terminated(1, at(19), at(21)),
    )
    wait = _argo_wait("quay.io/argoproj/argoexec:v3.4.17", terminated(0, at(18), at(22)))
    init = Container(
        "init",
        "quay.io/argoproj/argoexec:v3.4.17",
        command=["argoexec", "init", "--loglevel", "info"],
        state=terminated(0, at(16), at(17)),
    )
    p = _step_pod(
        workflow,
        "outer-comp-driver",
        node_id,
        [wait, main],
        at,
        phase="Failed",
        host="gke-kfp-pool-1-8d2f",
        init=[init],
        service_account="pipeline-runner",
    )
    p["metadata"]["labels"].update({"pipeline/runid": run_id, "pipelines.kubeflow.org/v2_component": "true"})
    resolve = (
        f"F0903 19:35:11.286410      18 main.go:79] KFP driver: driver.Container(pipelineName=outer-pipeline, runID={run_id}, "
        'task="outer-comp", component="comp-outer-comp", dagExecutionID=234, componentSpec) failed: failed to resolve '
        'inputs: resolving input parameter input with spec task_output_parameter:{producer_task:"inner-pipeline"  '
        'output_parameter_key:"Output"}: cannot find output parameter key "Output" in producer task "inner-pipeline"'
    )
    main_log = stamped(
        [
            'time="2024-09-03T19:35:10.904Z" level=info msg="capturing logs" argo=true',
            "I0903 19:35:10.951270      18 main.go:108] Setting log level to: '1'",
            "I0903 19:35:10.952733      18 cache.go:89] Connecting to cache endpoint ml-pipeline.kubeflow:8887",
            'I0903 19:35:11.062919      18 client.go:302] Pipeline Context: id:231 name:"outer-pipeline" '
            'type_id:11 type:"system.Pipeline"',
            f'I0903 19:35:11.118514      18 client.go:311] Pipeline Run Context: id:232 name:"{run_id}" type_id:12 '
            'type:"system.PipelineRun"',
            "I0903 19:35:11.201532      18 driver.go:926] parent DAG input parameters: map[], artifacts: map[]",
            resolve,
            'time="2024-09-03T19:35:11.709Z" level=info msg="sub-process exited" argo=true error="<nil>"',
            'time="2024-09-03T19:35:11.709Z" level=error msg="cannot save parameter /tmp/outputs/pod-spec-patch" '
            'argo=true error="open /tmp/outputs/pod-spec-patch: no such file or directory"',
            'time="2024-09-03T19:35:11.710Z" level=error msg="cannot save parameter /tmp/outputs/cached-decision" '
            'argo=true error="open /tmp/outputs/cached-decision: no such file or directory"',
            'time="2024-09-03T19:35:11.710Z" level=error msg="cannot save parameter /tmp/outputs/condition" argo=true '
            'error="open /tmp/outputs/condition: no such file or directory"',
            "Error: exit status 1",
        ],
        at(19),
        [0.05, 0.0, 0.11, 0.06, 0.08, 0.09, 0.42, 0.0, 0.0, 0.0, 0.0],
    )
    events = _step_failed(workflow, "outer-comp-driver", node_id, "Error (exit code 1)", at, 25, 30)
    return CaseSpec(
        id="config-error-pod-kfp-driver-failed-to-resolve-inputs",
        kind="Pod",
        name=node_id,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=node_id,
        evidence="failed to resolve inputs",
        description="A pipeline nests another pipeline and feeds its 'Output' into the next component; the KFP "
        "driver that prepares that component cannot find an output parameter 'Output' on the inner pipeline's "
        "task, so it fails before the component's own pod is created. The 'cannot save parameter ... no such "
        "file' lines are the driver's empty outputs after it failed, not the cause.",
        objects=[p, workflow, *events],
        logs={f"{node_id}/main": main_log},
        captured=at(400),
        title='Nested KFP v2 pipeline: the driver fails with "failed to resolve inputs: ... cannot find output '
        'parameter key \\"Output\\" in producer task \\"inner-pipeline\\""',
        source="https://github.com/kubeflow/pipelines/issues/10039",
    )


# -- Spark on Kubernetes ----------------------------------------------------------------------------


@SCENARIOS.add
def healthy_pod_spark_driver_executor_deleted_and_replaced() -> CaseSpec:
    at = Clock(datetime(2026, 11, 13, 23, 47, 40, tzinfo=timezone.utc))
    ns, app_name = "spark-jobs", "spark-pi-1493941665060"
    app = _spark_app(ns, app_name, at)
    driver = f"{app_name}-driver"
    p = _spark_pod(
        app,
        driver,
        "driver",
        "registry.corp.example/data/spark-driver:v2.1.0-kubernetes-0.2.0",
        terminated(0, at(8), at(190)),
        at,
        owner=None,
        args=[
            "driver",
            "--class",
            "org.apache.spark.examples.SparkPi",
            "local:///opt/spark/examples/jars/spark-examples_2.11-2.1.0-k8s-0.2.0.jar",
            "100000",
        ],
    )
    p["status"]["phase"] = "Succeeded"
    for cond in p["status"].get("conditions", []):
        if cond["type"] in ("Ready", "ContainersReady"):
            cond["status"] = "False"
            cond["reason"] = "PodCompleted"
    k = "KubernetesClusterSchedulerBackend"
    d = "2017-05-04"
    lines = [
        f"{d} 23:47:50 INFO  SparkContext:54 - Running Spark version 2.1.0-k8s-0.2.0",
        f"{d} 23:47:51 INFO  SparkContext:54 - Submitted application: Spark Pi",
        f"{d} 23:47:53 INFO  Utils:54 - Successfully started service 'SparkUI' on port 4040.",
        f"{d} 23:47:55 INFO  {k}:54 - Requesting a new executor, total executors is now 1",
        f"{d} 23:47:55 INFO  {k}:54 - Requesting a new executor, total executors is now 2",
        f"{d} 23:47:55 INFO  {k}:54 - Requesting a new executor, total executors is now 3",
        f"{d} 23:48:05 INFO  {k}$KubernetesDriverEndpoint:54 - Registered executor NettyRpcEndpointRef(null) "
        "(10.42.0.3:48712) with ID 1",
        f"{d} 23:48:06 INFO  {k}$KubernetesDriverEndpoint:54 - Registered executor NettyRpcEndpointRef(null) "
        "(10.42.0.4:51144) with ID 2",
        f"{d} 23:48:06 INFO  {k}$KubernetesDriverEndpoint:54 - Registered executor NettyRpcEndpointRef(null) "
        "(10.42.0.5:39020) with ID 3",
        f"{d} 23:48:06 INFO  {k}:54 - SchedulerBackend is ready for scheduling beginning after reached "
        "minRegisteredResourcesRatio: 0.8",
        f"{d} 23:48:07 INFO  SparkContext:54 - Starting job: reduce at SparkPi.scala:38",
        f"{d} 23:48:07 INFO  DAGScheduler:54 - Got job 0 (reduce at SparkPi.scala:38) with 100000 output partitions",
        f"{d} 23:48:47 INFO  {k}$KubernetesDriverEndpoint:54 - Disabling executor 1.",
        f"{d} 23:48:47 INFO  DAGScheduler:54 - Executor lost: 1 (epoch 0)",
        f"{d} 23:48:47 INFO  BlockManagerMasterEndpoint:54 - Trying to remove executor 1 from BlockManagerMaster.",
        f"{d} 23:48:47 INFO  BlockManagerMasterEndpoint:54 - Removing block manager BlockManagerId(1, 10.42.0.3, "
        "7079, None)",
        f"{d} 23:48:47 INFO  {k}:54 - Received action DELETED for pod  {app_name}-exec-1",
        f"{d} 23:48:47 INFO  {k}:54 - Received delete pod {app_name}-exec-1 event. Reason: null",
        f"{d} 23:48:47 INFO  BlockManagerMaster:54 - Removed 1 successfully in removeExecutor",
        f"{d} 23:48:47 INFO  DAGScheduler:54 - Shuffle files lost for executor: 1 (epoch 0)",
        f"{d} 23:48:47 WARN  TaskSetManager:66 - Lost task 41.0 in stage 0.0 (TID 41, 10.42.0.3, executor 1): "
        "ExecutorLostFailure (executor 1 exited unrelated to the running tasks) Reason: The executor with id 1 was "
        "deleted by a user or the framework.",
        f"{d} 23:48:52 INFO  {k}:54 - Requesting 1 additional executor(s) from the cluster manager",
        f"{d} 23:48:52 INFO  {k}:54 - Requesting 1 additional executors, expecting total 4 and currently expected 3",
        f"{d} 23:49:01 INFO  {k}$KubernetesDriverEndpoint:54 - Registered executor NettyRpcEndpointRef(null) "
        "(10.42.0.6:40318) with ID 4",
        f"{d} 23:50:41 INFO  DAGScheduler:54 - ResultStage 0 (reduce at SparkPi.scala:38) finished in 153.912 s",
        f"{d} 23:50:41 INFO  DAGScheduler:54 - Job 0 finished: reduce at SparkPi.scala:38, took 154.108213 s",
        "Pi is roughly 3.1415771115788573",
        f"{d} 23:50:42 INFO  SparkUI:54 - Stopped Spark web UI at http://{driver}-svc.{ns}.svc:4040",
        f"{d} 23:50:42 INFO  {k}:54 - Shutting down all executors",
        f"{d} 23:50:42 INFO  {k}$KubernetesDriverEndpoint:54 - Asking each executor to shut down",
        f"{d} 23:50:43 INFO  SparkContext:54 - Successfully stopped SparkContext",
        f"{d} 23:50:43 INFO  ShutdownHookManager:54 - Shutdown hook called",
    ]
    gaps = [1, 2, 2, 0, 0, 10, 1, 0, 0, 1, 0, 40, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 9, 100, 0, 0, 1, 0, 0, 1, 0]
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{driver} to worker-pool-2-k7x",
            at(3),
            type_="Normal",
            component="default-scheduler",
        ),
        event(p, "Started", "Started container spark-kubernetes-driver", at(8), type_="Normal", component="kubelet"),
    ]
    return CaseSpec(
        id="healthy-pod-spark-driver-executor-deleted-and-replaced",
        kind="Pod",
        name=driver,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence=None,
        description="While SparkPi runs, one executor pod is deleted; the driver logs the lost executor, its "
        "lost task (ExecutorLostFailure) and its shuffle files, requests a replacement, reruns the task on the "
        "new executor and finishes the job. The driver exits 0: the loss was absorbed, nothing is wrong.",
        objects=[p, *events],
        logs={f"{driver}/spark-kubernetes-driver": stamped(lines, at(10), gaps)},
        captured=at(400),
        title="Spark on Kubernetes replaces a deleted executor: 'Received delete pod ...-exec-1 event', "
        "'Requesting 1 additional executor(s) from the cluster manager', and the job still finishes",
        source="https://github.com/apache-spark-on-k8s/spark/pull/244",
    )


# -- Tekton -----------------------------------------------------------------------------------------


@SCENARIOS.add
def permission_denied_pod_tekton_git_init_could_not_read_username() -> CaseSpec:
    at = Clock(datetime(2026, 11, 14, 15, 17, 20, tzinfo=timezone.utc))
    ns, tr = "ci-builds", "app-build-run-x7k2p"
    pod_name = f"{tr}-pod-m4r9q"
    git_image = "gcr.io/tekton-releases/github.com/tektoncd/pipeline/cmd/git-init:v0.12.1"
    exited = (
        f'"step-git-source-clone" exited with code 1 (image: "docker-pullable://{git_image.split(":")[0]}@sha256:'
        f'{digest(git_image)}"); for logs run: kubectl -n {ns} logs {pod_name} -c step-git-source-clone'
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
            "completionTime": ts(at(21)),
            "conditions": [
                {
                    "type": "Succeeded",
                    "status": "False",
                    "reason": "Failed",
                    "message": exited,
                    "lastTransitionTime": ts(at(21)),
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
                {"name": "tekton-internal-home", "mountPath": "/tekton/home"},
            ],
            state=state,
        )

    tools = Container(
        "place-tools",
        "gcr.io/tekton-releases/github.com/tektoncd/pipeline/cmd/entrypoint:v0.12.1",
        command=["cp", "/ko-app/entrypoint", "/tekton/tools/entrypoint"],
        mounts=[{"name": "tekton-internal-tools", "mountPath": "/tekton/tools"}],
        state=terminated(0, at(4), at(4)),
    )
    creds = Container(
        "credential-initializer",
        "gcr.io/tekton-releases/github.com/tektoncd/pipeline/cmd/creds-init:v0.12.1",
        command=["/ko-app/creds-init"],
        args=["-ssh-git=ssh-key=github.corp.example"],
        mounts=[{"name": "tekton-internal-home", "mountPath": "/tekton/home"}],
        state=terminated(0, at(5), at(5)),
    )
    steps = [
        step(
            "step-git-source-clone",
            git_image,
            "/ko-app/git-init",
            [
                "-url",
                "https://github.corp.example/platform/app.git",
                "-revision",
                "master",
                "-path",
                "/workspace/source",
            ],
            terminated(1, at(8), at(10)),
        ),
        step(
            "step-build",
            "registry.corp.example/ci/maven:3.6-jdk-11",
            "mvn",
            ["-B", "-f", "/workspace/source/pom.xml", "package"],
            terminated(1, at(11), at(11)),
        ),
    ]
    p = pod(
        name=pod_name,
        namespace=ns,
        labels={
            "app.kubernetes.io/managed-by": "tekton-pipelines",
            "tekton.dev/task": "app-build",
            "tekton.dev/taskRun": tr,
        },
        owner=owner_ref(taskrun),
        containers=steps,
        init=[creds, tools],
        created=at(2),
        phase="Failed",
        node="ocp-app-node-3",
        scheduled=at(3),
        service_account="build-bot",
        annotations={"pipeline.tekton.dev/release": "v0.12.1", "tekton.dev/ready": "READY"},
        volumes=[
            {"name": "tekton-internal-tools", "emptyDir": {}},
            {"name": "tekton-internal-workspace", "emptyDir": {}},
            {"name": "tekton-internal-home", "emptyDir": {}},
        ],
        qos="BestEffort",
    )
    git_log = text(
        '{"level":"warn","ts":1590679054.1125467,"caller":"logging/config.go:69","msg":"Fetch GitHub commit ID '
        'from kodata failed: \\"KO_DATA_PATH\\" does not exist or is empty"}',
        '{"level":"error","ts":1590679054.7200413,"caller":"git/git.go:41","msg":"Error running git [fetch '
        "--recurse-submodules=yes --depth=1 origin --update-head-ok --force master]: exit status 128\\nfatal: could "
        'not read Username for \'https://github.corp.example\':  No such device or address\\n","stacktrace":'
        '"github.com/tektoncd/pipeline/pkg/git.run\\n\\tgithub.com/tektoncd/pipeline/pkg/git/git.go:41\\n'
        "github.com/tektoncd/pipeline/pkg/git.Fetch\\n\\tgithub.com/tektoncd/pipeline/pkg/git/git.go:116\\n"
        'main.main\\n\\tgithub.com/tektoncd/pipeline/cmd/git-init/main.go:53\\nruntime.main\\n\\truntime/proc.go:203"}',
        '{"level":"fatal","ts":1590679054.7201803,"caller":"git-init/main.go:54","msg":"Error fetching git '
        'repository: exit status 128","stacktrace":"main.main\\n\\tgithub.com/tektoncd/pipeline/cmd/git-init/'
        'main.go:54\\nruntime.main\\n\\truntime/proc.go:203"}',
    )
    events = [
        event(taskrun, "Started", "", at(0), type_="Normal", component="TaskRun"),
        event(
            taskrun,
            "Running",
            "Not all Steps in the Task have finished executing",
            at(7),
            type_="Normal",
            component="TaskRun",
        ),
        event(taskrun, "Failed", exited, at(21), component="TaskRun"),
    ]
    return CaseSpec(
        id="permission-denied-pod-tekton-git-init-could-not-read-username",
        kind="Pod",
        name=pod_name,
        namespace=ns,
        healthy=False,
        category="permission-denied",
        culprit=pod_name,
        evidence="could not read Username",
        description="The TaskRun clones a private repository over HTTPS, but the only credential its service "
        "account carries is an SSH key for that host, so git gets no HTTPS credentials and, with no terminal to "
        "prompt on, gives up with 'could not read Username'; the git-init step exits 1 and the build step after "
        "it is skipped. Use an SSH URL for the key, or add a basic-auth Secret annotated for the https host.",
        objects=[p, taskrun, *events],
        logs={f"{pod_name}/step-git-source-clone": git_log},
        captured=at(600),
        title="Tekton git resource clone of an enterprise GitHub repository fails: 'fatal: could not read Username "
        "for https://...: No such device or address'",
        source="https://github.com/tektoncd/pipeline/issues/2703",
    )


# -- Flyte ------------------------------------------------------------------------------------------


@SCENARIOS.add
def healthy_pod_flyte_task_secret_cache_sync_timeout_then_ran() -> CaseSpec:
    at = Clock(datetime(2026, 10, 26, 9, 48, 30, tzinfo=timezone.utc))
    ns, execution = "quant-research-development", "f3kq8zr1vx7m2dn5bw9c"
    name = f"{execution}-n1-0"
    wf: Obj = {
        "apiVersion": "flyte.lyft.com/v1alpha1",
        "kind": "FlyteWorkflow",
        "metadata": object_meta(ns, "FlyteWorkflow", execution, at(0)),
    }
    prefix = f"s3://flyte-metadata/metadata/propeller/quant-research-development-{execution}/n1/data"
    c = Container(
        "primary",
        "registry.corp.example/research/backtest:2023.10.3",
        args=[
            "pyflyte-execute",
            "--inputs",
            f"{prefix}/inputs.pb",
            "--output-prefix",
            f"{prefix}/0",
            "--raw-output-data-prefix",
            "s3://flyte-data/raw/fc/" + execution,
            "--resolver",
            "flytekit.core.python_auto_container.default_task_resolver",
            "--",
            "task-module",
            "research.backtest",
            "task-name",
            "run_shard",
        ],
        env=[{"name": "FLYTE_SECRETS_DEFAULT_DIR", "value": "/etc/flyte/secrets"}],
        mounts=[{"name": "market-data-token", "mountPath": "/etc/flyte/secrets/market-data", "readOnly": True}],
        resources=cpu_only("2Gi", "1"),
        state=terminated(0, at(210), at(412)),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={
            "domain": "development",
            "execution-id": execution,
            "interruptible": "false",
            "node-id": "n1",
            "project": "quant-research",
            "shard-key": "4",
            "task-name": "research-backtest-run-shard",
            "workflow-name": "research-workflows-backtest-all",
        },
        owner=owner_ref(wf),
        containers=[c],
        created=at(3),
        phase="Succeeded",
        node="ip-10-40-12-77.ec2.internal",
        scheduled=at(4),
        qos="Guaranteed",
        volumes=[{"name": "market-data-token", "secret": {"secretName": "market-data-token"}}],
    )
    sync = "Error: failed to sync secret cache: timed out waiting for the condition"
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to ip-10-40-12-77.ec2.internal",
            at(4),
            type_="Normal",
            component="default-scheduler",
        ),
        event(
            p,
            "Pulled",
            'Container image "registry.corp.example/research/backtest:2023.10.3" already present on machine',
            at(7),
            last=at(200),
            count=2,
            type_="Normal",
            field_path="spec.containers{primary}",
        ),
        event(p, "Failed", sync, at(130), field_path="spec.containers{primary}"),
        event(
            p, "Created", "Created container primary", at(208), type_="Normal", field_path="spec.containers{primary}"
        ),
        event(
            p, "Started", "Started container primary", at(210), type_="Normal", field_path="spec.containers{primary}"
        ),
    ]
    lines = [
        "Welcome to Flyte! Version: 1.10.0",
        "Loading market data for shard 17 of 64 from s3://research-data/ticks/2023-10/",
        "Loaded 4,118,203 rows in 38.2s",
        "Backtest shard 17: 312 strategies, 21 trading days",
        "Backtest shard 17: 50% done",
        "Backtest shard 17: 100% done",
        f"Writing results to s3://flyte-data/raw/fc/{execution}/shard-17.parquet",
    ]
    return CaseSpec(
        id="healthy-pod-flyte-task-secret-cache-sync-timeout-then-ran",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence=None,
        description="With tens of thousands of task pods launching, the kubelet times out syncing the secret "
        "cache for this pod's mounted secret and reports CreateContainerConfigError once; it retries, creates "
        "the container, and the task runs and exits 0. The pod itself is healthy; Flyte's propeller marking the "
        "task failed from the transient event is the bug the thread reports.",
        objects=[p, wf, *events],
        logs={f"{name}/primary": stamped(lines, at(211), [1.0, 38.2, 0.4, 80.0, 78.0, 3.0])},
        captured=at(600),
        title='Flyte task pod reports "Error: failed to sync secret cache: timed out waiting for the condition" '
        "once, then starts and completes",
        source="https://github.com/flyteorg/flyte/issues/4309",
    )
