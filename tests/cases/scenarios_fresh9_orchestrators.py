"""Fresh round 9: real public threads about Airflow, Flyte, Metaflow, Prefect, Dagster, Spark-on-Kubernetes and Ray (KubeRay) jobs.

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
    batch_job,
    cpu_only,
    event,
    object_meta,
    owner_ref,
    pod,
    running,
    stamped,
    terminated,
    text,
    uid,
)
from tests.cases.scenarios_ecosystems import _kuberay, _ray_cluster_name, _submitter
from tests.cases.scenarios_fresh7_pipelines import _airflow_worker, _ray_submitter_pod
from tests.cases.scenarios_real_application import _spark_app, _spark_pod

SCENARIOS = Scenarios()


# -- Spark on Kubernetes ----------------------------------------------------------------------------


@SCENARIOS.add
def oom_killed_pod_spark_driver_jvm_heap_kill_9() -> CaseSpec:
    at = Clock(datetime(2026, 11, 3, 9, 46, 30, tzinfo=timezone.utc))
    ns, app_name = "spark", "spark-pi"
    app = _spark_app(ns, app_name, at)
    driver = f"{app_name}-driver"
    p = _spark_pod(
        app,
        driver,
        "driver",
        "registry.corp.example/data/spark:3.0.0",
        terminated(137, at(8), at(41)),
        at,
        owner=owner_ref(app),
        args=[
            "driver",
            "--properties-file",
            "/opt/spark/conf/spark.properties",
            "--class",
            "org.apache.spark.examples.SparkPi",
            "local:///opt/spark/examples/jars/spark-examples_2.12-3.0.0.jar",
            "100000000",
        ],
    )
    t = "19/10/18"
    lines = [
        f"{t} 09:46:40 INFO SparkContext: Running Spark version 3.0.0",
        f"{t} 09:46:41 INFO SparkContext: Submitted application: Spark Pi",
        f"{t} 09:46:45 INFO Utils: Successfully started service 'SparkUI' on port 4040.",
        f"{t} 09:46:49 INFO BlockManagerMaster: Registered BlockManager BlockManagerId(driver, "
        f"{driver}-svc.{ns}.svc, 7079, None)",
        f"{t} 09:46:58 INFO KubernetesClusterSchedulerBackend$KubernetesDriverEndpoint: Registered executor "
        "NettyRpcEndpointRef(spark-client://Executor) (172.17.0.5:55032) with ID 1",
        f"{t} 09:47:02 INFO KubernetesClusterSchedulerBackend: SchedulerBackend is ready for scheduling beginning "
        "after reached minRegisteredResourcesRatio: 0.8",
        f"{t} 09:47:02 INFO BlockManagerMasterEndpoint: Registering block manager 172.17.0.6:33435 with 413.9 MiB "
        "RAM, BlockManagerId(2, 172.17.0.6, 33435, None)",
        f"{t} 09:47:03 INFO SparkContext: Starting job: reduce at SparkPi.scala:38",
        f"{t} 09:47:03 INFO DAGScheduler: Got job 0 (reduce at SparkPi.scala:38) with 100000000 output partitions",
        "#",
        "# java.lang.OutOfMemoryError: Java heap space",
        '# -XX:OnOutOfMemoryError="kill -9 %p"',
        '#   Executing /bin/sh -c "kill -9 14"...',
    ]
    events = [
        event(
            app,
            "SparkApplicationSubmitted",
            f"SparkApplication {app_name} was submitted successfully",
            at(1),
            type_="Normal",
            component="spark-operator",
        ),
        event(app, "SparkDriverFailed", f"Driver {driver} failed", at(42), component="spark-operator"),
        event(
            app,
            "SparkApplicationFailed",
            f"SparkApplication {app_name} failed: driver container failed with ExitCode: 137, Reason: Error",
            at(43),
            component="spark-operator",
        ),
    ]
    return CaseSpec(
        id="oom-killed-pod-spark-driver-jvm-heap-kill-9",
        kind="Pod",
        name=driver,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=driver,
        evidence="Java heap space",
        description="SparkPi with a hundred million partitions: the driver's JVM runs out of heap building the "
        "task set, and the -XX:OnOutOfMemoryError hook Spark's entrypoint sets kills it with kill -9, so the "
        "driver container exits 137 with reason Error rather than OOMKilled and the application fails.",
        objects=[p, *events],
        logs={f"{driver}/spark-kubernetes-driver": stamped(lines, at(10), [1, 4, 4, 9, 4, 0, 1, 0, 6, 0, 0, 0])},
        captured=at(300),
        title='Spark driver on Kubernetes: "# java.lang.OutOfMemoryError: Java heap space" and the '
        '-XX:OnOutOfMemoryError="kill -9 %p" hook kills it (exit 137)',
        source="https://github.com/apache/spark/pull/26161",
    )


@SCENARIOS.add
def config_error_pod_spark_driver_system_memory_below_minimum() -> CaseSpec:
    at = Clock(datetime(2026, 11, 4, 14, 2, tzinfo=timezone.utc))
    ns, app_name = "stackable-spark", "pyspark-ny-taxi"
    app: Obj = {
        "apiVersion": "spark.stackable.tech/v1alpha1",
        "kind": "SparkApplication",
        "metadata": object_meta(ns, "SparkApplication", app_name, at(0)),
        "spec": {
            "mode": "cluster",
            "mainApplicationFile": "s3a://spark-jobs/ny_tlc_report.py",
            "driver": {"config": {"resources": {"memory": {"limit": "512Mi"}}}},
        },
    }
    driver = f"{app_name}-{uid(app_name, 'drv')[:8].replace('-', '')}-driver"
    c = Container(
        "spark",
        "docker.stackable.tech/stackable/spark-k8s:3.3.0-stackable23.4.0",
        args=["driver", "--properties-file", "/opt/spark/conf/spark.properties", "s3a://spark-jobs/ny_tlc_report.py"],
        resources={"limits": {"memory": "512Mi", "cpu": "1"}, "requests": {"memory": "512Mi", "cpu": "250m"}},
        state=terminated(1, at(14), at(22)),
    )
    p = pod(
        name=driver,
        namespace=ns,
        labels={
            "app.kubernetes.io/name": "spark-k8s",
            "app.kubernetes.io/instance": app_name,
            "spark-app-selector": f"spark-{uid(app_name)[:32].replace('-', '')}",
            "spark-role": "driver",
        },
        owner=None,
        containers=[c],
        created=at(10),
        phase="Failed",
        node="k8s-worker-3",
        scheduled=at(11),
        qos="Burstable",
        service_account="spark-k8s",
    )
    t = "23/06/30"
    lines = [
        "+ /stackable/spark/bin/spark-submit --deploy-mode client --conf spark.driver.bindAddress=10.244.2.31 "
        "--properties-file /opt/spark/conf/spark.properties s3a://spark-jobs/ny_tlc_report.py",
        f"{t} 14:02:17 WARN NativeCodeLoader: Unable to load native-hadoop library for your platform... using "
        "builtin-java classes where applicable",
        f"{t} 14:02:19 INFO SparkContext: Running Spark version 3.3.0",
        f"{t} 14:02:19 INFO ResourceUtils: No custom resources configured for spark.driver.",
        f"{t} 14:02:19 INFO SparkContext: Submitted application: NY TLC Report",
        f"{t} 14:02:20 ERROR SparkContext: Error initializing SparkContext.",
        'Exception in thread "main" java.lang.IllegalArgumentException: System memory 129761280 must be at least '
        "471859200. Please increase heap size using the --driver-memory option or spark.driver.memory in Spark "
        "configuration.",
        "    at org.apache.spark.memory.UnifiedMemoryManager$.getMaxMemory(UnifiedMemoryManager.scala:221)",
        "    at org.apache.spark.memory.UnifiedMemoryManager$.apply(UnifiedMemoryManager.scala:201)",
        "    at org.apache.spark.SparkEnv$.create(SparkEnv.scala:325)",
        "    at org.apache.spark.SparkEnv$.createDriverEnv(SparkEnv.scala:196)",
        "    at org.apache.spark.SparkContext.createSparkEnv(SparkContext.scala:279)",
        "    at org.apache.spark.SparkContext.<init>(SparkContext.scala:464)",
        "    at org.apache.spark.api.java.JavaSparkContext.<init>(JavaSparkContext.scala:58)",
        f"{t} 14:02:21 INFO ShutdownHookManager: Shutdown hook called",
        f"{t} 14:02:21 INFO ShutdownHookManager: Deleting directory /tmp/spark-6f1c2b7e-3d0a-4c55-9e61-0b8a2f4d7c13",
    ]
    return CaseSpec(
        id="config-error-pod-spark-driver-system-memory-below-minimum",
        kind="Pod",
        name=driver,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=driver,
        evidence="System memory 129761280 must be at least 471859200",
        description="The SparkApplication gives the driver a 512Mi memory limit, from which the operator "
        "derives a JVM heap of about 124 MiB; Spark's memory manager refuses to start below 450 MiB, so the "
        "driver fails while creating its SparkContext. The fix is in the resource settings, not the code.",
        objects=[app, p],
        logs={f"{driver}/spark": stamped(lines, at(15), [2, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0])},
        captured=at(200),
        title='Spark driver with a 512Mi memory limit: "java.lang.IllegalArgumentException: System memory '
        '129761280 must be at least 471859200. Please increase heap size using the --driver-memory option"',
        source="https://github.com/stackabletech/spark-k8s-operator/issues/254",
    )


# -- Dagster ------------------------------------------------------------------------------------------


@SCENARIOS.add
def config_error_job_dagster_step_service_account_not_found() -> CaseSpec:
    at = Clock(datetime(2026, 11, 5, 7, 30, tzinfo=timezone.utc))
    ns, sa = "analytics", "analytics-dev-pipeline-ksa"
    name = "dagster-step-9e444eb50ab0a42ccdc7564292447f69"
    ctr = Container(
        "dagster",
        "registry.corp.example/data/analytics-pipelines:2024.09.2",
        args=["dagster", "api", "execute_step", '{"__class__": "ExecuteStepArgs", "step_keys_to_execute": ["load"]}'],
        resources=cpu_only("2Gi", "1"),
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        start=at(1),
        conditions=[],
        labels={
            "app.kubernetes.io/component": "step_worker",
            "app.kubernetes.io/instance": "dagster",
            "app.kubernetes.io/name": "dagster",
            "dagster/job": "daily_load",
            "dagster/op": "load",
        },
    )
    job["spec"]["template"]["spec"]["serviceAccountName"] = sa
    msg = (
        f'Error creating: pods "{name}-" is forbidden: error looking up service account {ns}/{sa}: '
        f'serviceaccount "{sa}" not found'
    )
    events = [event(job, "FailedCreate", msg, at(1), last=at(1150), count=25, component="job-controller")]
    return CaseSpec(
        id="config-error-job-dagster-step-service-account-not-found",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=None,
        evidence=f'serviceaccount "{sa}" not found',
        description="The service account the Dagster k8s_job_executor puts in every step Job was deleted; the "
        "Job controller cannot create the step's pod and retries for twenty minutes while the Dagster run "
        "hangs, since no pod ever fails.",
        objects=[job, *events],
        captured=at(1200),
        title='Dagster step Job never gets a pod: "FailedCreate ... is forbidden: error looking up service '
        'account ...: serviceaccount \\"...\\" not found" and the run hangs',
        source="https://github.com/dagster-io/dagster/issues/24595",
    )


# -- Airflow KubernetesPodOperator -----------------------------------------------------------------------


@SCENARIOS.add
def deadline_exceeded_pod_airflow_kpo_pod_took_too_long_to_start() -> CaseSpec:
    at = Clock(datetime(2026, 11, 6, 2, 0, 5, tzinfo=timezone.utc))
    dag, task = "etl_daily", "extract_orders"
    name, ns, host = "etldailyextractorders-3b7e1f0c9d2a4c6e8f10", "airflow", "ip-10-0-12-87"
    launched = "extract-orders-5c2e9a7d41f84b0c9e6a3d12f7b8c051"
    site = "/usr/local/lib/python3.7/site-packages/airflow"
    end = 135
    c = Container(
        "base",
        "registry.corp.example/data/airflow:1.10.10-python3.7",
        args=[
            "airflow",
            "run",
            dag,
            task,
            "2026-11-05T02:00:00+00:00",
            "--local",
            "--pool",
            "default_pool",
            "-sd",
            "/usr/local/airflow/dags/etl_daily.py",
        ],
        resources=cpu_only("1Gi", "500m"),
        state=terminated(1, at(6), at(end + 2)),
    )
    p = _airflow_worker(name, ns, host, c, at, "Failed", dag, task)

    def clock(s: float) -> str:
        return at(s).strftime("%Y-%m-%d %H:%M:%S,") + f"{int(s * 1000) % 1000:03d}"

    lines = [
        f"[{clock(8.204)}] {{taskinstance.py:669}} INFO - Dependencies all met for <TaskInstance: {dag}.{task} "
        "2026-11-05T02:00:00+00:00 [queued]>",
        f"[{clock(8.217)}] {{taskinstance.py:879}} INFO - Starting attempt 1 of 1",
        f"[{clock(8.231)}] {{taskinstance.py:900}} INFO - Executing <Task(KubernetesPodOperator): {task}> on "
        "2026-11-05T02:00:00+00:00",
        f"[{clock(8.240)}] {{standard_task_runner.py:53}} INFO - Started process 214 to run task",
    ]
    for s in range(11, 11 + 121):
        lines += [
            f"[{clock(s + 0.311)}] {{pod_launcher.py:173}} INFO - Event: {launched} had an event of type Pending",
            f"[{clock(s + 0.312)}] {{pod_launcher.py:139}} WARNING - Pod not yet started: {launched}",
        ]
    lines += [
        f"[{clock(end - 2.41)}] {{taskinstance.py:1145}} ERROR - Pod Launching failed: Pod took too long to start",
        "Traceback (most recent call last):",
        f'  File "{site}/contrib/operators/kubernetes_pod_operator.py", line 251, in execute',
        "    final_state, _, result = self.create_new_pod_for_operator(labels, launcher)",
        f'  File "{site}/contrib/operators/kubernetes_pod_operator.py", line 381, in create_new_pod_for_operator',
        "    launcher.start_pod(self.pod, startup_timeout=self.startup_timeout_seconds)",
        f'  File "{site}/kubernetes/pod_launcher.py", line 111, in start_pod',
        '    raise AirflowException("Pod took too long to start")',
        "airflow.exceptions.AirflowException: Pod took too long to start",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        "Traceback (most recent call last):",
        f'  File "{site}/models/taskinstance.py", line 983, in _run_raw_task',
        "    result = task_copy.execute(context=context)",
        f'  File "{site}/contrib/operators/kubernetes_pod_operator.py", line 268, in execute',
        "    raise AirflowException('Pod Launching failed: {error}'.format(error=ex))",
        "airflow.exceptions.AirflowException: Pod Launching failed: Pod took too long to start",
        f"[{clock(end - 2.39)}] {{taskinstance.py:1202}} INFO - Marking task as FAILED. dag_id={dag}, "
        f"task_id={task}, execution_date=20261105T020000, start_date=20261106T020013, end_date=20261106T020217",
        f"[{clock(end - 1.1)}] {{local_task_job.py:102}} INFO - Task exited with return code 1",
    ]
    return CaseSpec(
        id="deadline-exceeded-pod-airflow-kpo-pod-took-too-long-to-start",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="deadline-exceeded",
        culprit=name,
        evidence="Pod took too long to start",
        description="The KubernetesPodOperator's pod stays Pending while the cluster scales up and pulls its "
        "image; after the operator's startup_timeout_seconds (120 s) Airflow gives up with 'Pod took too long "
        "to start' and fails the task, although the pod later starts and completes.",
        objects=[p],
        logs={f"{name}/base": text(*lines)},
        captured=at(end + 240),
        title="KubernetesPodOperator tasks fail with 'Pod took too long to start' while the pod, slow to start, "
        "runs and completes later",
        source="https://github.com/apache/airflow/issues/11190",
    )


# -- Flyte ----------------------------------------------------------------------------------------------


@SCENARIOS.add
def missing_file_pod_flyte_task_failed_to_convert_inputs() -> CaseSpec:
    at = Clock(datetime(2026, 11, 7, 11, 20, tzinfo=timezone.utc))
    ns, execution = "image-moderation-development", "a8kd2xq7mtr4pl9wz5vn"
    name = f"{execution}-n1-0"
    wf: Obj = {
        "apiVersion": "flyte.lyft.com/v1alpha1",
        "kind": "FlyteWorkflow",
        "metadata": object_meta(ns, "FlyteWorkflow", execution, at(0)),
    }
    c = Container(
        name,
        "registry.corp.example/ml/image-moderation:9f3c1e2",
        args=[
            "pyflyte-fast-execute",
            "--additional-distribution",
            "s3://flyte-metadata/image-moderation/development/fast/5b0d4e.tar.gz",
            "--dest-dir",
            "/root",
            "--",
            "pyflyte-execute",
            "--inputs",
            f"s3://flyte-metadata/metadata/propeller/image-moderation-development-{execution}/n1/data/inputs.pb",
            "--output-prefix",
            f"s3://flyte-metadata/metadata/propeller/image-moderation-development-{execution}/n1/data/0",
            "--resolver",
            "flytekit.core.python_auto_container.default_task_resolver",
            "--",
            "task-module",
            "src.fetch_images",
            "task-name",
            "fetch_images",
        ],
        resources=cpu_only("1Gi", "1"),
        state=terminated(1, at(9), at(21)),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={
            "domain": "development",
            "execution-id": execution,
            "interruptible": "false",
            "node-id": "n1",
            "project": "image-moderation",
            "shard-key": "11",
            "task-name": "src-fetch-images-fetch-images",
            "workflow-name": "src-workflows-moderate-images",
        },
        owner=owner_ref(wf),
        containers=[c],
        created=at(5),
        phase="Failed",
        node="ip-10-20-33-140.ec2.internal",
        scheduled=at(6),
        qos="Guaranteed",
    )
    raw = "/tmp/flyte-6j8s0f7x/raw/557cfc528c40ae92c7c7a199f162b51c/a0ec49912229432d8e6622c907047e4d"
    lines = [
        "tar: Removing leading `/' from member names",
        "Welcome to Flyte! Version: 1.12.0",
        "Traceback (most recent call last):",
        "",
        '      File "/usr/local/lib/python3.12/site-packages/flytekit/exceptions/scopes.py", line 183, in '
        "system_entry_point",
        "        return wrapped(*args, **kwargs)",
        "               ^^^^^^^^^^^^^^^^^^^^^^^^",
        '      File "/usr/local/lib/python3.12/site-packages/flytekit/core/base_task.py", line 701, in '
        "dispatch_execute",
        "        raise type(exc)(msg) from exc",
        "",
        "Message:",
        "",
        "    FileNotFoundError: Failed to convert inputs of task 'image-moderation.src.fetch_images.fetch_images':",
        f"  [Errno 2] No such file or directory: '{raw}'",
        "",
        "SYSTEM ERROR! Contact platform administrators.",
    ]
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to ip-10-20-33-140.ec2.internal",
            at(6),
            type_="Normal",
            component="default-scheduler",
        ),
        event(
            wf,
            "NodeFailed",
            "[1/1] currentAttempt done. Last Error: SYSTEM::Traceback (most recent call last): ... "
            f"FileNotFoundError: Failed to convert inputs of task 'image-moderation.src.fetch_images.fetch_images': "
            f"[Errno 2] No such file or directory: '{raw}'",
            at(24),
            component="flytepropeller",
        ),
    ]
    return CaseSpec(
        id="missing-file-pod-flyte-task-failed-to-convert-inputs",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=name,
        evidence="No such file or directory",
        description="A Flyte task's input is a file the upstream task returned as a local path that was never "
        "uploaded; flytekit cannot find it when it converts the task's inputs and fails with a "
        "FileNotFoundError it labels 'SYSTEM ERROR! Contact platform administrators.'",
        objects=[wf, p, *events],
        logs={f"{name}/{name}": stamped(lines, at(10), [1.5, 8.2] + [0.0] * 13)},
        captured=at(300),
        title="Flyte task fails before running: \"FileNotFoundError: Failed to convert inputs of task '...': "
        "[Errno 2] No such file or directory: '/tmp/flyte-.../raw/...'\" and 'SYSTEM ERROR! Contact platform "
        "administrators.'",
        source="https://github.com/flyteorg/flyte/issues/5439",
    )


# -- Ray (KubeRay) --------------------------------------------------------------------------------------


@SCENARIOS.add
def healthy_rayjob_node_marked_dead_after_autoscaler_scale_down() -> CaseSpec:
    at = Clock(datetime(2026, 11, 8, 16, 0, tzinfo=timezone.utc))
    name, ns = "batch-embed", "ray-jobs"
    image = "rayproject/ray:2.9.3-py310"
    cluster = _ray_cluster_name(name)
    dashboard = f"http://{cluster}-head-svc.{ns}.svc.cluster.local:8265"
    rayjob, raycluster, pods = _kuberay(
        at=at,
        name=name,
        ns=ns,
        image=image,
        entrypoint="python /app/embed.py --input s3://corpus/shards --stages 2",
        group="cpu",
        head=Container("ray-head", image, resources=cpu_only("8Gi", "2"), state=running(at(20)), ready=True),
        workers=[
            Container("ray-worker", image, resources=cpu_only("16Gi", "4"), state=running(at(24)), ready=True)
            for _ in range(2)
        ],
        status={"jobStatus": "RUNNING", "jobDeploymentStatus": "Running"},
        nodes=["cpu-m6i-31", "cpu-m6i-32", "cpu-m6i-33"],
    )
    rayjob["spec"]["rayClusterSpec"]["enableInTreeAutoscaling"] = True
    rayjob["spec"]["rayClusterSpec"]["workerGroupSpecs"][0].update({"minReplicas": 0, "maxReplicas": 6})
    submitter = _submitter(rayjob, at, 60, active=1)
    job_id = rayjob["status"]["jobId"]
    sub = _ray_submitter_pod(submitter, job_id, dashboard, at, running(at(62)), "Running", "cpu-m6i-31")
    lines = [
        f"Job submission server address: {dashboard}",
        f"Job '{job_id}' submitted successfully",
        "Tailing logs until the job exits (disable with --no-wait):",
        "2026-11-08 16:01:07,114\tINFO worker.py:1540 -- Using address 10.244.5.17:6379 set in the environment "
        "variable RAY_ADDRESS",
        "2026-11-08 16:01:07,130\tINFO worker.py:1715 -- Connecting to existing Ray cluster at address: "
        "10.244.5.17:6379...",
    ]
    gaps = [1, 1, 1, 0.1]
    dead = [
        ("40d7709d4275bb0784e227591eceeeb9a8604fb30e5a28e4c90d9c04", "192.168.77.252"),
        ("9c3e1a0b6f2d48e7a5c1b9d0e4f3a2c7b6d5e8f1a0c9b2d3e4f5a6b7", "192.168.77.248"),
        ("e2b7c4d1a9f0386e5b2c7d4a1f9e0b3c6d2a5f8e1b4c7d0a3f6e9b2c", "192.168.77.251"),
        ("5f8a2c6e0b4d9173a6e2c5b8f1d4a7e0c3b6f9d2a5e8b1c4f7a0d3e6", "192.168.77.244"),
    ]
    for i in range(1, 121):
        lines.append(
            f"Running: {min(6, 2 + i // 8)}.0/{min(6, 2 + i // 8) * 4 + 2}.0 CPU, 0.0/0.0 GPU, "
            f"{i * 0.21:.1f} GiB/{min(6, 2 + i // 8) * 4.6 + 2.3:.1f} GiB object_store_memory: "
            f"{i * 38}/4560 batches embedded"
            if i < 60
            else f"Stage 2 (write): {(i - 59) * 76}/4560 batches written to s3://corpus/embeddings"
        )
        gaps.append(30.0)
        if i == 60:
            for node_id, ip in dead:
                lines.append(
                    f"The node with node id: {node_id} and ip: {ip} has been marked dead because the detector has "
                    "missed too many heartbeats from it. This can happen when a raylet crashes unexpectedly or has "
                    "lagging heartbeats."
                )
                gaps.append(0.4)
    return CaseSpec(
        id="healthy-rayjob-node-marked-dead-after-autoscaler-scale-down",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="An autoscaling RayJob finishes its CPU-heavy stage and the autoscaler removes four idle "
        "worker pods; the driver prints 'has been marked dead because the detector has missed too many "
        "heartbeats' for each removed node, and the write stage goes on at its usual pace on the two workers "
        "left.",
        objects=[rayjob, raycluster, submitter, *pods, sub],
        logs={f"{sub['metadata']['name']}/ray-job-submitter": stamped(lines, at(63), gaps)},
        captured=at(63 + sum(gaps) + 15),
        title="After the Ray autoscaler scales down idle workers the driver prints 'The node with node id: ... has "
        "been marked dead because the detector has missed too many heartbeats from it' while the job runs on",
        source="https://github.com/ray-project/ray/issues/15467",
    )


@SCENARIOS.add
def oom_killed_pod_flyte_task_subprocess_killed_pod_succeeded() -> CaseSpec:
    at = Clock(datetime(2026, 11, 9, 0, 42, tzinfo=timezone.utc))
    ns, execution = "research-development", "fb914714b21564db2842"
    name = f"{execution}-n0-0"
    host = "ip-10-105-5-28.us-east-2.compute.internal"
    wf: Obj = {
        "apiVersion": "flyte.lyft.com/v1alpha1",
        "kind": "FlyteWorkflow",
        "metadata": object_meta(ns, "FlyteWorkflow", execution, at(0)),
    }
    state = terminated(0, at(8), at(16))
    state["terminated"]["reason"] = "OOMKilled"
    c = Container(
        name,
        "registry.corp.example/research/oom-repro:7c1d2e0",
        args=[
            "pyflyte-execute",
            "--inputs",
            f"s3://flyte-metadata/metadata/propeller/research-development-{execution}/n0/data/inputs.pb",
            "--output-prefix",
            f"s3://flyte-metadata/metadata/propeller/research-development-{execution}/n0/data/0",
            "--resolver",
            "flytekit.core.python_auto_container.default_task_resolver",
            "--",
            "task-module",
            "workflows.oom",
            "task-name",
            "subproc_oom",
        ],
        resources={"limits": {"memory": "500Mi", "cpu": "2"}, "requests": {"memory": "500Mi", "cpu": "2"}},
        state=state,
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={
            "domain": "development",
            "execution-id": execution,
            "interruptible": "false",
            "node-id": "n0",
            "project": "research",
            "shard-key": "4",
            "task-name": "workflows-oom-subproc-oom",
            "workflow-name": "workflows-oom-workflow",
        },
        owner=owner_ref(wf),
        containers=[c],
        created=at(0),
        phase="Succeeded",
        node=host,
        scheduled=at(0),
        qos="Guaranteed",
    )
    lines = [
        "Welcome to Flyte! Version: 1.10.2",
        "Return code -9",
        '{"asctime": "2026-11-09 00:42:15,902", "name": "flytekit", "levelname": "ERROR", "message": "Exception '
        "when executing task workflows.oom.subproc_oom, reason Command '['tail', '/dev/zero']' died with "
        '<Signals.SIGKILL: 9>."}',
        '{"asctime": "2026-11-09 00:42:15,903", "name": "flytekit", "levelname": "ERROR", "message": "!! Begin '
        'Unknown System Error Captured by Flyte !!"}',
        '{"asctime": "2026-11-09 00:42:15,904", "name": "flytekit", "levelname": "ERROR", "message": "!! End '
        'Error Captured by Flyte !!"}',
    ]
    events = [
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to {host}",
            at(0),
            type_="Normal",
            component="default-scheduler",
        ),
        event(p, "Started", f"Started container {name}", at(8), type_="Normal", host=host),
    ]
    return CaseSpec(
        id="oom-killed-pod-flyte-task-subprocess-killed-pod-succeeded",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=name,
        evidence="OOMKilled",
        description="A Flyte task runs a subprocess that eats memory; the kernel kills it at the 500Mi limit, "
        "the task catches the CalledProcessError (return code -9) and re-raises, and pyflyte-execute exits 0, "
        "so the pod is Succeeded while its container's reason is OOMKilled and Flyte reports the task failed "
        "without naming the memory.",
        objects=[wf, p, *events],
        logs={f"{name}/{name}": stamped(lines, at(9), [6.8, 0.1, 0.0, 0.0])},
        captured=at(600),
        title="Flyte task whose subprocess is OOM-killed: the pod completes, its container says OOMKilled, and "
        "Flyte does not identify the failure as out of memory",
        source="https://github.com/flyteorg/flyte/issues/4704",
    )
