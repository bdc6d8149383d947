"""Fresh round 9: real public threads about schedulers and operators: Volcano, Kueue, YuniKorn, training-operator TFJob/PaddleJob/XGBoostJob/JAXJob, device plugins.

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
    Replicas,
    Scenarios,
    batch_job,
    cpu_only,
    digest,
    event,
    gpu,
    job_pod,
    kubeflow_conditions,
    kubeflow_job,
    kubeflow_pod,
    kueue_workload,
    metav1_condition,
    node,
    pod,
    running,
    stamped,
    ts,
    uid,
    waiting,
)

SCENARIOS = Scenarios()


# -- training-operator: a TFJob replica deleted by hand under restartPolicy ExitCode -------------------

_TF_IMAGE = "registry.example/ml/tf-estimator-mnist:2.8.0"


def _tf_progress(role: str, steps: range) -> list[str]:
    """What an Estimator chief or worker prints while it trains."""
    return [
        f"INFO:tensorflow:loss = {2.31 - i * 0.0011:.4f}, step = {i * 100} ({4.8 + (i % 3) * 0.1:.3f} sec)"
        if role == "chief"
        else f"INFO:tensorflow:global_step/sec: {20.4 + (i % 5) * 0.3:.4g}"
        for i in steps
    ]


@SCENARIOS.add
def killed_externally_tfjob_evaluator_deleted_exitcode_policy() -> CaseSpec:
    at = Clock(datetime(2026, 11, 24, 9, 5, tzinfo=timezone.utc))
    name, ns = "mnist-estimator", "ml-team"
    ctr = Container(
        "tensorflow",
        _TF_IMAGE,
        command=["python", "/opt/model/train.py", "--train_steps=200000", "--model_dir=/ckpt/mnist"],
        resources=cpu_only("8Gi", "4"),
    )
    end = 1830  # the evaluator's container gave up its 30 s grace and was killed
    conditions = kubeflow_conditions("TFJob", name, at(2), failed=("Evaluator", at(end + 1)))
    job = kubeflow_job(
        kind="TFJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={
            "Chief": Replicas(1, ctr, "ExitCode"),
            "PS": Replicas(1, ctr, "ExitCode"),
            "Worker": Replicas(2, ctr, "ExitCode"),
            "Evaluator": Replicas(1, ctr, "ExitCode"),
        },
        conditions=conditions,
        statuses={"Chief": {"active": 1}, "PS": {"active": 1}, "Worker": {"active": 2}, "Evaluator": {"failed": 1}},
        start=at(1),
        completion=at(end + 1),
    )
    tf_config_line = "INFO:tensorflow:TF_CONFIG environment variable: {'cluster': {'chief': ['mnist-estimator-chief-0.ml-team.svc:2222'], 'ps': ['mnist-estimator-ps-0.ml-team.svc:2222'], 'worker': ['mnist-estimator-worker-0.ml-team.svc:2222', 'mnist-estimator-worker-1.ml-team.svc:2222']}, 'task': {'type': '%s', 'index': %d}}"
    start_lines = [
        "2026-11-24 09:05:14.102884: I tensorflow/core/platform/cpu_feature_guard.cc:151] This TensorFlow binary "
        "is optimized with oneAPI Deep Neural Network Library (oneDNN) to use the following CPU instructions in "
        "performance-critical operations:  AVX2 AVX512F FMA",
        "INFO:tensorflow:Using config: {'_model_dir': '/ckpt/mnist', '_save_checkpoints_steps': 2000, "
        "'_keep_checkpoint_max': 5, '_log_step_count_steps': 100}",
    ]
    pods: list[Obj] = []
    logs: dict[str, str] = {}
    for role, index in (("chief", 0), ("ps", 0), ("worker", 0), ("worker", 1)):
        c = Container(
            ctr.name, ctr.image, command=ctr.command, resources=ctr.resources, state=running(at(12)), ready=True
        )
        p = kubeflow_pod(
            job,
            role,
            index,
            [c],
            created=at(3),
            phase="Running",
            node=f"cpu-pool-{digest(name, role, str(index), n=4)}",
            scheduled=at(4),
            restart_policy="Never",
        )
        pods.append(p)
        head = [*start_lines, tf_config_line % (role, index)]
        if role == "ps":
            body = [
                "INFO:tensorflow:Start Tensorflow server.",
                "2026-11-24 09:05:15.411020: I tensorflow/core/distributed_runtime/rpc/grpc_server_lib.cc:437] "
                "Started server with target: grpc://mnist-estimator-ps-0.ml-team.svc:2222",
            ]
            logs[f"{p['metadata']['name']}/tensorflow"] = stamped([*head, *body], at(13), 1.0)
        else:
            body = [
                "INFO:tensorflow:Calling model_fn.",
                "INFO:tensorflow:Done calling model_fn.",
                "INFO:tensorflow:Create CheckpointSaverHook."
                if role == "chief"
                else "INFO:tensorflow:Graph was finalized.",
                *_tf_progress(role, range(1, 400)),
            ]
            logs[f"{p['metadata']['name']}/tensorflow"] = stamped([*head, *body], at(13), [1.0] * 5 + [5.0])
    evaluator = f"{name}-evaluator-0"
    gone = {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": evaluator, "namespace": ns, "uid": uid(ns, "pod", evaluator, "deleted")},
    }
    events = [
        *(
            event(job, "SuccessfulCreatePod", f"Created pod: {n}", at(3), type_="Normal", component="tfjob-controller")
            for n in [*(p["metadata"]["name"] for p in pods), evaluator]
        ),
        event(gone, "Killing", "Stopping container tensorflow", at(end - 30), type_="Normal", host="cpu-pool-e1a7"),
        event(
            job,
            "ExitedWithCode",
            f"Pod: {ns}.{evaluator} exited with code 137",
            at(end + 1),
            type_="Normal",
            component="tfjob-controller",
        ),
        event(
            job,
            "TFJobFailed",
            f"TFJob {name} is failed because 1 Evaluator replica(s) failed.",
            at(end + 1),
            component="tfjob-controller",
        ),
    ]
    return CaseSpec(
        id="killed-externally-tfjob-evaluator-deleted-exitcode-policy",
        kind="TFJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="killed-externally",
        culprit=evaluator,
        evidence="Stopping container tensorflow",
        description="Every replica runs with restartPolicy ExitCode. The evaluator pod was deleted by hand; the "
        "kubelet stopped its container, which outlived its grace period and ended with 137. 137 is a "
        "retryable code under ExitCode, but the training operator marked the whole TFJob Failed instead of "
        "recreating the evaluator. The chief, PS and workers were still training (cleanPodPolicy None).",
        objects=[job, *pods, *events],
        logs=logs,
        captured=at(end + 300),
        title="Deleting a TFJob's evaluator pod (exit 137) under restartPolicy ExitCode fails the whole TFJob "
        "instead of restarting the replica",
        source="https://github.com/kubeflow/trainer/issues/1560",
    )


# -- Kueue Topology-Aware Scheduling: quota found, but the topology has no room ---------------------------


@SCENARIOS.add
def unschedulable_job_kueue_tas_topology_cannot_fit() -> CaseSpec:
    at = Clock(datetime(2026, 11, 20, 14, 2, tzinfo=timezone.utc))
    name, ns, queue = "llm-sft-8x", "research", "gpu-tas"
    ctr = Container(
        "trainer",
        "registry.example/llm/sft-trainer:2026.04",
        command=["torchrun", "--nnodes=4", "--nproc_per_node=8", "sft.py", "--config", "configs/8b.yaml"],
        resources={
            "requests": {"cpu": "40", "memory": "600Gi", "nvidia.com/gpu": "8"},
            "limits": {"nvidia.com/gpu": "8"},
        },
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        suspend=True,
        completions=4,
        parallelism=4,
        completion_mode="Indexed",
        labels={"kueue.x-k8s.io/queue-name": queue, "kueue.x-k8s.io/priority-class": "high"},
        conditions=[],
    )
    job["spec"]["template"]["metadata"]["annotations"] = {
        "kueue.x-k8s.io/podset-required-topology": "cloud.google.com/gce-topology-block"
    }
    job["status"]["conditions"] = [
        {
            "type": "Suspended",
            "status": "True",
            "reason": "JobSuspended",
            "message": "Job suspended",
            "lastProbeTime": ts(at(1)),
            "lastTransitionTime": ts(at(1)),
        }
    ]
    why = (
        "couldn't assign flavors to pod set main: topology \"gpu-topology\" doesn't allow to fit any of 4 pod(s). "
        'Total nodes: 15; excluded: resource "nvidia.com/gpu": 15'
    )
    wl = kueue_workload(
        job,
        at(1),
        queue=queue,
        pod_sets=[{"name": "main", "count": 4, "topologyRequest": {"required": "cloud.google.com/gce-topology-block"}}],
        conditions=[metav1_condition("QuotaReserved", at(2), "Pending", why, status=False)],
    )
    wl["spec"]["priority"] = 1000
    wl["spec"]["priorityClassName"] = "high"
    wl["status"]["resourceRequests"] = [
        {"name": "main", "resources": {"cpu": "160", "memory": "2400Gi", "nvidia.com/gpu": "32"}}
    ]
    events = [event(wl, "Pending", why, at(2), last=at(3590), count=211, type_="Normal", component="kueue-admission")]
    return CaseSpec(
        id="unschedulable-job-kueue-tas-topology-cannot-fit",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=None,
        evidence="doesn't allow to fit any of 4 pod(s)",
        description="The ClusterQueue has nominal quota for the 32 GPUs, but the workload asks for Topology-Aware "
        "Scheduling within one block and every one of the 15 nodes of the flavor's topology is excluded for "
        "lack of free nvidia.com/gpu (a node of the flavor is cordoned, the others are busy). Kueue does not "
        "fall back to preempting in the other flavor, so the Job stays suspended and no pod is created.",
        objects=[job, wl, *events],
        captured=at(3600),
        title="A high-priority Kueue TAS workload stays Pending indefinitely: 'couldn't assign flavors to pod set: "
        "topology doesn't allow to fit any of N pod(s). Total nodes: 15; excluded: resource \"nvidia.com/gpu\": 15'",
        source="https://github.com/kubernetes-sigs/kueue/issues/10824",
    )


# -- YuniKorn rejects the application: its queue cannot be created ------------------------------------


@SCENARIOS.add
def config_error_pod_yunikorn_application_rejected_queue() -> CaseSpec:
    at = Clock(datetime(2026, 11, 18, 6, 40, tzinfo=timezone.utc))
    app, ns = "spark-3f6c0a1b9e2d4c7f8a5b6c7d8e9f0a1b", "spark"
    name = "spark-pi-driver"
    c = Container(
        "spark-kubernetes-driver",
        "apache/spark:3.5.1",
        args=[
            "driver",
            "--class",
            "org.apache.spark.examples.SparkPi",
            "local:///opt/spark/examples/jars/spark-examples.jar",
        ],
        resources={"requests": {"cpu": "1", "memory": "1408Mi"}, "limits": {"memory": "1408Mi"}},
        state=waiting("ContainerCreating"),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={
            "spark-app-selector": app,
            "spark-role": "driver",
            "queue": "root.spark",
            "applicationId": app,
        },
        owner=None,
        containers=[c],
        created=at(0),
        phase="Failed",
        unschedulable=None,
        scheduler="yunikorn",
        service_account="spark",
        qos="Burstable",
        reason="ApplicationRejected",
        message=f" application '{app}' rejected, cannot create queue 'root.spark' without placement rules",
    )
    # YuniKorn never bound it: no node, no start, and the shim failed it with the core's reason.
    p["status"] = {
        "phase": "Failed",
        "qosClass": "Burstable",
        "reason": "ApplicationRejected",
        "message": f" application '{app}' rejected, cannot create queue 'root.spark' without placement rules",
        "conditions": [
            {
                "type": "PodScheduled",
                "status": "False",
                "lastProbeTime": None,
                "lastTransitionTime": ts(at(1)),
                "reason": "ApplicationRejected",
                "message": f" application '{app}' rejected, cannot create queue 'root.spark' without placement rules",
            }
        ],
    }
    events = [
        event(
            p,
            "Scheduling",
            f"{ns}/{name} is queued and waiting for allocation",
            at(1),
            type_="Normal",
            component="yunikorn",
        ),
    ]
    return CaseSpec(
        id="config-error-pod-yunikorn-application-rejected-queue",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=name,
        evidence="cannot create queue 'root.spark' without placement rules",
        description="The Spark driver asks YuniKorn for the queue root.spark, which is not in the queue "
        "configuration, and the partition has no placement rules that could create it; the scheduler core "
        "rejects the application and the shim fails its pod before it is ever bound.",
        objects=[p, *events],
        captured=at(300),
        title="A Spark driver scheduled by YuniKorn fails at once with reason ApplicationRejected: 'application "
        "... rejected, cannot create queue 'root.spark' without placement rules'",
        source="https://github.com/apache/yunikorn-k8shim/pull/258",
    )


# -- Karpenter: no NodePool can satisfy the pod's selector and tolerations ----------------------------


@SCENARIOS.add
def unschedulable_job_karpenter_taint_and_unknown_label() -> CaseSpec:
    at = Clock(datetime(2026, 11, 10, 3, 12, tzinfo=timezone.utc))
    name, ns = "mx-p2p-dp2-source-7f3a", "ci-gpu"
    ctr = Container(
        "mx-source",
        "registry.example/ci/modelexpress-vllm:pr-600",
        command=["python", "-m", "modelexpress.p2p.source", "--dp", "2", "--engine", "vllm"],
        resources=gpu(2, "64Gi", "16"),
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        conditions=[],
        active=1,
        start=at(0),
        backoff_limit=0,
    )
    job["spec"]["template"]["spec"]["nodeSelector"] = {"agentpool": "gpuh100"}
    unsched = (
        "0/3 nodes are available: 3 node(s) had untolerated taint {CriticalAddonsOnly: true}. preemption: 0/3 "
        "nodes are available: 3 Preemption is not helpful for scheduling."
    )
    p = job_pod(job, [ctr], created=at(1), phase="Pending", unschedulable=unsched, qos="Burstable")
    p["spec"]["nodeSelector"] = {"agentpool": "gpuh100"}
    nodes = [
        node(
            f"aks-system-{i}-vmss00000{i}",
            at(-86400),
            gpus=0,
            labels={"agentpool": "system", "kubernetes.azure.com/mode": "system"},
            capacity={"cpu": "8", "memory": "32863092Ki", "pods": "110"},
            taints=[{"key": "CriticalAddonsOnly", "value": "true", "effect": "NoSchedule"}],
        )
        for i in range(3)
    ]
    karpenter = (
        "Failed to schedule pod, did not tolerate taint (taint=CriticalAddonsOnly=true:NoSchedule); incompatible "
        'requirements, label "agentpool" does not have known values'
    )
    events = [
        event(p, "FailedScheduling", unsched, at(1), last=at(1290), count=22, component="default-scheduler"),
        event(p, "FailedScheduling", karpenter, at(3), last=at(1283), count=41, component="karpenter"),
    ]
    return CaseSpec(
        id="unschedulable-job-karpenter-taint-and-unknown-label",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=p["metadata"]["name"],
        evidence="did not tolerate taint",
        description="The CI job's GPU pod selects nodes by agentpool=gpuh100. The only nodes are the tainted "
        "system pool, and node auto-provisioning (Karpenter) has no NodePool offering an agentpool label, "
        "so it provisions nothing; the pod stays Pending until the CI run times out.",
        objects=[job, p, *nodes, *events],
        captured=at(1300),
        title="CI GPU pods never start: Karpenter says 'Failed to schedule pod, did not tolerate taint "
        '(taint=CriticalAddonsOnly=true:NoSchedule); incompatible requirements, label "agentpool" does not '
        "have known values'",
        source="https://github.com/ai-dynamo/modelexpress/pull/600",
    )


# -- healthy: a notebook that waited on taints, then was scheduled -----------------------------------


@SCENARIOS.add
def healthy_pod_notebook_scheduled_after_taint_warning() -> CaseSpec:
    at = Clock(datetime(2026, 11, 2, 0, 33, 47, tzinfo=timezone.utc))
    name, ns = "jupyterhub-nb-user-a7", "odh-jupyterhub"
    host = "ip-10-0-252-130.ec2.internal"
    c = Container(
        "notebook",
        "quay.io/thoth-station/s2i-minimal-notebook:v0.3.0",
        command=["start-singleuser.sh", "--ip=0.0.0.0", "--port=8080"],
        resources=cpu_only("8Gi", "1"),
        ports=[{"containerPort": 8080, "name": "notebook-port", "protocol": "TCP"}],
        state=running(at(41)),
        ready=True,
    )
    claim = f"pvc-{uid(ns, 'pvc', name)}"
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "jupyterhub", "component": "singleuser-server", "heritage": "jupyterhub"},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(13),
        restart_policy="OnFailure",
        volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "jupyterhub-nb-user-a7-pvc"}}],
        qos="Burstable",
    )
    unsched = (
        "0/13 nodes are available: 2 node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't "
        "tolerate, 2 node(s) were unschedulable, 3 node(s) didn't match Pod's node affinity/selector, 3 node(s) "
        "had taint {node-role.kubernetes.io/infra: }, that the pod didn't tolerate, 3 node(s) had taint "
        "{nvidia.com/gpu: }, that the pod didn't tolerate."
    )
    log = stamped(
        [
            "Executing the command: jupyter labhub --ip=0.0.0.0 --port=8080",
            "[I 2026-11-02 00:34:31.820 SingleUserLabApp manager:344] jupyterlab | extension was successfully linked.",
            "[W 2026-11-02 00:34:32.121 SingleUserLabApp configurable:193] Config option `open_browser` not "
            "recognized by `SingleUserLabApp`.  Did you mean `browser_open_file`?",
            "[I 2026-11-02 00:34:32.514 SingleUserLabApp serverapp:2391] Serving notebooks from local directory: "
            "/opt/app-root/src",
            "[I 2026-11-02 00:34:32.514 SingleUserLabApp serverapp:2391] Jupyter Server 1.13.5 is running at:",
            "[I 2026-11-02 00:34:32.515 SingleUserLabApp serverapp:2391] http://jupyterhub-nb-user-a7:8080/notebook/"
            "odh-jupyterhub/jupyterhub-nb-user-a7/lab",
            "[I 2026-11-02 00:34:32.620 SingleUserLabApp mixins:576] Updating Hub with activity every 300 seconds",
            "[I 2026-11-02 00:35:02.301 SingleUserLabApp log:189] 302 GET /notebook/odh-jupyterhub/"
            "jupyterhub-nb-user-a7/ -> /notebook/odh-jupyterhub/jupyterhub-nb-user-a7/lab? (@10.128.2.14) 0.96ms",
            "[I 2026-11-02 00:35:03.511 SingleUserLabApp kernelmanager:179] Kernel started: "
            "7c6f9d3e-2f1a-4a5b-9c8d-0e1f2a3b4c5d",
        ],
        at(43),
        [0.7, 0.3, 0.4, 0.0, 0.1, 0.1, 29.7, 1.2],
    )
    events = [
        event(p, "FailedScheduling", unsched, at(0), component="default-scheduler"),
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{name} to {host}",
            at(13),
            type_="Normal",
            component="default-scheduler",
        ),
        event(
            p,
            "SuccessfulAttachVolume",
            f'AttachVolume.Attach succeeded for volume "{claim}"',
            at(15),
            type_="Normal",
            component="attachdetach-controller",
        ),
        event(
            p, "Pulled", f'Container image "{c.image}" already present on machine', at(40), type_="Normal", host=host
        ),
        event(p, "Created", "Created container notebook", at(40), type_="Normal", host=host),
        event(p, "Started", "Started container notebook", at(41), type_="Normal", host=host),
    ]
    return CaseSpec(
        id="healthy-pod-notebook-scheduled-after-taint-warning",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description="The spawner's event feed shows a FailedScheduling warning listing every tainted, cordoned "
        "and non-matching node, but 13 seconds later a worker freed room, the pod was assigned, its volume "
        "attached and the notebook server runs and serves the user. The warning is history.",
        objects=[p, *events],
        logs={f"{name}/notebook": log},
        captured=at(1200),
        title="A notebook server's start-up shows '0/13 nodes are available: ... had taint ... that the pod didn't "
        "tolerate' and looks stuck, but it is assigned seconds later and runs",
        source="https://github.com/os-climate/os_c_data_commons/issues/170",
    )
