"""Fresh round 12: real public threads about schedulers, queues and operators (Volcano, Kueue, YuniKorn, training-operator, JobSet, LeaderWorkerSet).

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
    batch_job,
    event,
    gpu,
    healthy_node_conditions,
    kueue_workload,
    metav1_condition,
    node,
    node_condition,
    pod,
    pod_group,
    terminated,
    text,
    ts,
    uid,
    volcano_job,
    volcano_pod,
)
from tests.cases.scenarios_fresh10_scheduling import _created_workload, _suspended

SCENARIOS = Scenarios()


# -- Volcano: a job deleted and created again at once fails with no pods after three RestartJob ------


def _vcjob(
    *,
    name: str,
    ns: str,
    created: datetime,
    queue: str,
    tasks: dict[str, Container],
    replicas: dict[str, int],
    phase: str,
    max_retry: int,
    policies: list[Obj],
    counts: dict[str, int] | None = None,
) -> Obj:
    """A Volcano Job with the job-level ``policies`` and ``maxRetry`` the thread's spec had."""
    job = volcano_job(
        name=name,
        namespace=ns,
        created=created,
        queue=queue,
        tasks=tasks,
        replicas=replicas,
        phase=phase,
        counts=counts,
    )
    job["spec"]["maxRetry"] = max_retry
    job["spec"]["policies"] = policies
    job["spec"]["plugins"] = {"env": [], "svc": []}
    return job


@SCENARIOS.add
def killed_externally_vcjob_recreated_same_name_restartjob_no_pods() -> CaseSpec:
    at = Clock(datetime(2020, 12, 31, 7, 41, tzinfo=timezone.utc))
    name, ns = "pytorch-job", "default"
    image = "registry.example/ml/pytorch-train:1.7.0-cuda11.0"
    cmd = ["python", "/workspace/train.py", "--backend", "nccl", "--epochs", "20"]
    master = Container("pytorch", image, command=cmd, resources=gpu(1, "16Gi", "4"))
    worker = Container("pytorch", image, command=cmd, resources=gpu(1, "16Gi", "4"))
    job = _vcjob(
        name=name,
        ns=ns,
        created=at(0),
        queue="default",
        tasks={"master": master, "worker": worker},
        replicas={"master": 1, "worker": 1},
        phase="Failed",
        max_retry=3,
        policies=[{"event": "PodEvicted", "action": "RestartJob"}],
    )
    job["status"].update(
        {
            "retryCount": 3,
            "runningDuration": "1m5.558433347s",
            "version": 10,
            "state": {"phase": "Failed", "lastTransitionTime": ts(at(90))},
        }
    )
    events = [
        event(
            job,
            "ExecuteAction",
            "Start to execute action RestartJob",
            at(17),
            last=at(70),
            count=3,
            type_="Normal",
            component="vc-controller-manager",
        ),
    ]
    return CaseSpec(
        id="killed-externally-vcjob-recreated-same-name-restartjob-no-pods",
        kind="vcjob",
        name=name,
        namespace=ns,
        healthy=False,
        category="killed-externally",
        culprit=None,
        evidence="RestartJob",
        description="A script deletes a Volcano Job (master + worker, minAvailable 2, policy PodEvicted -> "
        "RestartJob, maxRetry 3) and creates it again five seconds later under the same name. The old job's "
        "pods are still being deleted; the job controller takes their deletion for PodEvicted events of the new "
        "job and executes RestartJob, which kills the new pods. After three restarts the job is Failed with no "
        "pod left and no error from the training code. The pods were killed from outside the job (the deletion "
        "of the previous job's pods, mis-attributed); submitting again later works.",
        objects=[job, *events],
        captured=at(17 * 60),
        title="Volcano job deleted and re-created at once under the same name: three 'Start to execute action "
        "RestartJob', phase Failed, no pods",
        source="https://github.com/volcano-sh/volcano/issues/1241",
    )


# -- Volcano (TorchX): a script raises, RestartJob on PodFailed deletes the only pod at maxRetry 0 -----


@SCENARIOS.add
def application_error_vcjob_runtime_error_pod_deleted_by_restartjob() -> CaseSpec:
    at = Clock(datetime(2021, 8, 20, 0, 6, 22, tzinfo=timezone.utc))
    name, ns, task = "sh-fb9dd3d3", "default", "sh-0"
    image = "registry.example/ml-tests/torchx-tests:latest"
    cmd = ["/bin/sh", "-c", "python my_job.py"]
    tmpl = Container(task, image, command=cmd)
    job = _vcjob(
        name=name,
        ns=ns,
        created=at(0),
        queue="test",
        tasks={task: tmpl},
        replicas={task: 1},
        phase="Failed",
        max_retry=0,
        policies=[],
        counts={"failed": 1},
    )
    job["spec"]["tasks"][0]["maxRetry"] = 0
    job["spec"]["tasks"][0]["policies"] = [
        {"action": "RestartJob", "event": "PodEvicted"},
        {"action": "RestartJob", "event": "PodFailed"},
    ]
    job["spec"]["tasks"][0]["template"]["spec"]["restartPolicy"] = "Never"
    job["status"]["state"] = {"phase": "Failed", "lastTransitionTime": ts(at(9))}
    group = pod_group(
        job,
        at(1),
        phase="Running",
        queue="test",
        min_member=1,
        min_resources={},
        conditions=[],
    )
    ctr = Container(task, image, command=cmd, state=terminated(1, at(4), at(5)))
    p = volcano_pod(
        job,
        task,
        0,
        [ctr],
        group,
        created=at(2),
        phase="Failed",
        node="ip-10-0-3-17.ec2.internal",
        scheduled=at(3),
        restart_policy="Never",
        deletion=at(8),
        qos="BestEffort",
    )
    pod_name = p["metadata"]["name"]
    log = text(
        "Traceback (most recent call last):",
        '  File "my_job.py", line 1, in <module>',
        "    raise RuntimeError('test error')",
        "RuntimeError: test error",
    )
    events = [
        event(
            job,
            "ExecuteAction",
            "Start to execute action RestartJob",
            at(7),
            type_="Normal",
            component="vc-controller-manager",
        ),
        event(
            p,
            "Scheduled",
            f"Successfully assigned {ns}/{pod_name} to ip-10-0-3-17.ec2.internal",
            at(3),
            type_="Normal",
            component="volcano",
        ),
        event(p, "Started", f"Started container {task}", at(4), type_="Normal", host="ip-10-0-3-17.ec2.internal"),
        event(p, "Killing", f"Stopping container {task}", at(8), type_="Normal", host="ip-10-0-3-17.ec2.internal"),
    ]
    return CaseSpec(
        id="application-error-vcjob-runtime-error-pod-deleted-by-restartjob",
        kind="vcjob",
        name=name,
        namespace=ns,
        healthy=False,
        category="application-error",
        culprit=pod_name,
        evidence="RuntimeError: test error",
        description="A one-pod Volcano Job submitted by TorchX (maxRetry 0, RestartJob on PodFailed and "
        "PodEvicted) runs a script that raises RuntimeError('test error'). The pod fails with exit 1; the job "
        "controller executes RestartJob, which deletes the failed pod although no retry is left, so the job ends "
        "Failed and the pod vanishes from 'kubectl get pods' with its log. Caught while the pod is being deleted: "
        "the cause is the script's own exception.",
        objects=[job, group, p, *events],
        logs={f"{pod_name}/{task}": log},
        captured=at(9),
        title="Volcano Job with RestartJob on PodFailed and maxRetry 0: the pod raises RuntimeError('test error') "
        "and then disappears from the pod list",
        source="https://github.com/volcano-sh/volcano/issues/1688",
    )


# -- Kueue: a Job's Workload name is taken by an admitted Workload; the Job is never resumed -----------


@SCENARIOS.add
def quota_exceeded_job_kueue_workload_name_taken_never_unsuspended() -> CaseSpec:
    at = Clock(datetime(2024, 2, 12, 8, 10, tzinfo=timezone.utc))
    name, ns, lq, cq = "ml-job-annotator-gpu", "ml-batch", "lq-all-resources", "cq-all-resources"
    image = "registry.example/ml/facekit:2024.02"
    ctr = Container(
        "ml-job",
        image,
        command=["bash", "-c"],
        args=[
            'export PATH="/opt/venv/bin/:${PATH}" &&\ncd /data/workspace/facekit &&\npip install -e . &&\n'
            "facekit face_annotator multiface ${WORKLOAD_ARGS} --processes 30\n"
        ],
        env=[
            {"name": "WORKLOAD_ARGS", "value": ""},
            {"name": "OMP_NUM_THREADS", "value": "1"},
            {"name": "NUMEXPR_NUM_THREADS", "value": "1"},
        ],
        resources=gpu(1, "64Gi", "30"),
    )
    labels = {"app": "ml-job", "kueue.x-k8s.io/queue-name": lq, "kueue.x-k8s.io/priority-class": "ml-low"}
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        suspend=True,
        labels=labels,
        conditions=[_suspended(at(1260))],
    )
    # The Workload under the name Kueue derives for this Job was created for an earlier Job of the same
    # name (another uid) and is still admitted; Kueue finds no Workload owned by this Job and cannot create one.
    earlier = {**job, "metadata": {**job["metadata"], "uid": uid(ns, "Job", name, "earlier")}}
    wl = kueue_workload(
        earlier,
        at(-3600),
        queue=lq,
        pod_sets=[{"name": "main", "count": 1}],
        conditions=[
            metav1_condition("QuotaReserved", at(-3598), "QuotaReserved", f"Quota reserved in ClusterQueue {cq}"),
            metav1_condition("Admitted", at(-3598), "Admitted", "The workload is admitted"),
        ],
        admission={
            "clusterQueue": cq,
            "podSetAssignments": [{"name": "main", "count": 1, "flavors": {"nvidia.com/gpu": "gpu-a100"}}],
        },
    )
    wl["metadata"]["name"] = f"job-{name}-ff6d8"
    events = [
        event(job, "Suspended", "Job suspended", at(1), type_="Normal", component="job-controller"),
        event(job, "Resumed", "Job resumed", at(1200), type_="Normal", component="job-controller"),
        event(
            job, "Stopped", "Not admitted by cluster queue", at(1201), type_="Normal", component="kueue-job-controller"
        ),
        event(job, "Suspended", "Job suspended", at(1260), type_="Normal", component="job-controller"),
    ]
    return CaseSpec(
        id="quota-exceeded-job-kueue-workload-name-taken-never-unsuspended",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="Job suspended",
        description="A Kueue-managed GPU Job is never un-suspended. The Workload named after it "
        "(job-<name>-ff6d8) already exists and is admitted, but belongs to an earlier Job of the same name, so "
        "Kueue's job reconciler finds no Workload for this Job and fails to create one ('workloads.kueue.x-k8s.io "
        "... already exists', 'Handling job with no workload'). Patching the Job to suspend: false is undone at "
        "once: Kueue stops it again as not admitted. The queue holds the Job; no pod is ever created.",
        objects=[job, wl, *events],
        captured=at(1500),
        title="Kueue Job whose Workload name already exists: 'Handling job with no workload', the Job is never "
        "un-suspended and is suspended again when patched",
        source="https://github.com/kubernetes-sigs/kueue/issues/1726",
    )


# -- Kueue: the Workload is admitted but the Job stays Suspended ---------------------------------------


@SCENARIOS.add
def quota_exceeded_job_kueue_workload_admitted_job_stays_suspended() -> CaseSpec:
    at = Clock(datetime(2025, 1, 7, 10, 20, tzinfo=timezone.utc))
    name, ns, lq, cq = "test-job-one", "kueue-jobs", "ml-training-queue", "cluster-queue"
    ctr = Container(
        "dummy-job",
        "registry.k8s.io/e2e-test-images/agnhost:2.53",
        args=["entrypoint-tester", "hello", "world"],
        resources={"requests": {"cpu": "100m", "memory": "200Mi"}},
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        suspend=True,
        labels={"kueue.x-k8s.io/queue-name": lq},
        conditions=[_suspended(at(1))],
    )
    reserved = f"Quota reserved in ClusterQueue {cq}, wait time since queued was 1s"
    wl = kueue_workload(
        job,
        at(1),
        queue=lq,
        pod_sets=[{"name": "main", "count": 1}],
        conditions=[
            metav1_condition("QuotaReserved", at(2), "QuotaReserved", reserved),
            metav1_condition("Admitted", at(2), "Admitted", "The workload is admitted"),
        ],
        admission={
            "clusterQueue": cq,
            "podSetAssignments": [
                {"name": "main", "count": 1, "flavors": {"cpu": "default-flavor", "memory": "default-flavor"}}
            ],
        },
    )
    wl["metadata"]["name"] = f"job-{name}-5e3de"
    events = [
        event(job, "Suspended", "Job suspended", at(1), type_="Normal", component="job-controller"),
        _created_workload(job, wl, at(1)),
        event(wl, "QuotaReserved", reserved, at(2), type_="Normal", component="kueue-admission"),
        event(
            wl,
            "Admitted",
            f"Admitted by ClusterQueue {cq}, wait time since reservation was 0s",
            at(2),
            type_="Normal",
            component="kueue-admission",
        ),
    ]
    return CaseSpec(
        id="quota-exceeded-job-kueue-workload-admitted-job-stays-suspended",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="Job suspended",
        description="A first test of Kueue: a Job labelled for the LocalQueue ml-training-queue gets a Workload "
        "that is admitted by cluster-queue at once, but the Job itself stays Suspended (0/1) and no pod is "
        "created; Kueue never lifts the suspension it set. Nothing in the Job runs; the queueing layer holds it.",
        objects=[job, wl, *events],
        captured=at(112),
        title="Kueue Workload admitted (RESERVED IN cluster-queue, ADMITTED True) while its Job stays Suspended 0/1",
        source="https://github.com/kubernetes-sigs/kueue/issues/3936",
    )


# -- TF Serving on GKE asks for a GPU no node offers --------------------------------------------------


@SCENARIOS.add
def unschedulable_pod_tf_serving_gpu_insufficient_nvidia_gpu() -> CaseSpec:
    at = Clock(datetime(2019, 2, 14, 9, 30, tzinfo=timezone.utc))
    ns, rs = "default", "xyz-v1-5c5b57cf9c"
    server = Container(
        "model",
        "tensorflow/serving:1.11.1-gpu",
        command=["/usr/bin/tensorflow_model_server"],
        args=["--port=9000", "--model_name=xyz", "--model_base_path=gs://xyz-models/export/"],
        ports=[{"containerPort": 9000, "protocol": "TCP"}],
        resources={
            "limits": {"cpu": "4", "memory": "4Gi", "nvidia.com/gpu": "1"},
            "requests": {"cpu": "1", "memory": "1Gi", "nvidia.com/gpu": "1"},
        },
    )
    proxy = Container(
        "model-http-proxy",
        "gcr.io/kubeflow-images-public/tf-model-server-http-proxy:v20180606-9dfda4f2",
        command=["python", "/usr/src/app/server.py", "--port=8000", "--rpc_port=9000", "--rpc_timeout=10.0"],
        ports=[{"containerPort": 8000, "protocol": "TCP"}],
        resources={"limits": {"cpu": "1", "memory": "1Gi"}, "requests": {"cpu": "500m", "memory": "500Mi"}},
    )
    owner = {
        "apiVersion": "apps/v1",
        "kind": "ReplicaSet",
        "name": rs,
        "uid": uid(ns, "ReplicaSet", rs),
        "controller": True,
        "blockOwnerDeletion": True,
    }
    why = "0/3 nodes are available: 3 Insufficient nvidia.com/gpu."
    p = pod(
        name=f"{rs}-kvjxn",
        namespace=ns,
        labels={"app": "xyz", "pod-template-hash": "1716137957", "version": "v1"},
        owner=owner,
        containers=[server, proxy],
        created=at(0),
        phase="Pending",
        unschedulable=why,
        restart_policy="Always",
        qos="Burstable",
    )
    pod_name = p["metadata"]["name"]
    events = [
        event(p, "FailedScheduling", why, at(1), last=at(1780), count=34, component="default-scheduler"),
    ]
    return CaseSpec(
        id="unschedulable-pod-tf-serving-gpu-insufficient-nvidia-gpu",
        kind="Pod",
        name=pod_name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=pod_name,
        evidence="Insufficient nvidia.com/gpu",
        description="A TensorFlow Serving Deployment on GKE (the Kubeflow object-detection example) asks for one "
        "nvidia.com/gpu, but no node in the cluster offers an allocatable GPU (no GPU node pool with the driver "
        "installer running), so the pod stays Pending: 'Cannot schedule pods: Insufficient nvidia.com/gpu'.",
        objects=[p, *events],
        captured=at(1800),
        title="TF Serving GPU pod on GKE stays Pending: 'PodUnschedulable Cannot schedule pods: Insufficient "
        "nvidia.com/gpu'",
        source="https://github.com/NVIDIA/k8s-device-plugin/issues/96",
    )


# -- A single-node test cluster whose node advertises no nvidia.com/gpu -------------------------------


@SCENARIOS.add
def unschedulable_pod_single_node_no_gpu_capacity_device_plugin() -> CaseSpec:
    at = Clock(datetime(2018, 7, 11, 8, 27, tzinfo=timezone.utc))
    ns, host = "default", "127.0.0.1"
    n = node(
        host,
        at(-1200),
        capacity={"cpu": "12", "memory": "65865752Ki", "pods": "110"},
        labels={"beta.kubernetes.io/arch": "amd64", "beta.kubernetes.io/os": "linux"},
        conditions=[
            node_condition(
                "OutOfDisk",
                False,
                at(-1200),
                at(0),
                "KubeletHasSufficientDisk",
                "kubelet has sufficient disk space available",
            ),
            *healthy_node_conditions(at(-1200), at(0)),
        ],
    )
    c = Container(
        "cuda-container",
        "nvidia/cuda:9.0-devel",
        resources={"limits": {"nvidia.com/gpu": "1"}, "requests": {"nvidia.com/gpu": "1"}},
    )
    why = "0/1 nodes are available: 1 Insufficient nvidia.com/gpu."
    p = pod(
        name="gpu-pod",
        namespace=ns,
        labels={},
        owner=None,
        containers=[c],
        created=at(0),
        phase="Pending",
        unschedulable=why,
        qos="BestEffort",
    )
    events = [event(p, "FailedScheduling", why, at(1), last=at(600), count=14, component="default-scheduler")]
    return CaseSpec(
        id="unschedulable-pod-single-node-no-gpu-capacity-device-plugin",
        kind="Pod",
        name="gpu-pod",
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit="gpu-pod",
        evidence="Insufficient nvidia.com/gpu",
        description="A one-node test cluster (kubelet on 127.0.0.1) with a GPU that nvidia-smi sees in Docker: "
        "the node's capacity lists cpu, memory and pods but no nvidia.com/gpu, because the device plugin has "
        "not registered the GPU with the kubelet, so a pod that asks for one GPU cannot be placed.",
        objects=[n, p, *events],
        captured=at(620),
        title="'0/1 nodes are available: 1 Insufficient nvidia.com/gpu' on a single-node cluster whose node "
        "reports no nvidia.com/gpu capacity",
        source="https://github.com/NVIDIA/k8s-device-plugin/issues/33",
    )
