"""Fresh round 11: real public threads about schedulers, queues and operators (Volcano, Kueue, YuniKorn, training-operator, JobSet, LeaderWorkerSet).

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
    MPIPlan,
    Obj,
    Replicas,
    Scenarios,
    batch_job,
    event,
    gpu,
    job_condition,
    job_pod,
    kubeflow_job,
    kubeflow_pod,
    kueue_workload,
    metav1_condition,
    mpijob_v2,
    owner_ref,
    pod,
    podgroup_condition,
    running,
    stamped,
    suffix,
    terminated,
    text,
    ts,
    uid,
    waiting,
)
from tests.cases.scenarios_fresh7_operators import _ORTE_UNABLE

SCENARIOS = Scenarios()


def _gang(job: Obj, created: datetime, *, min_member: int, min_resources: Obj, message: str, since: datetime) -> Obj:
    """The PodGroup a KubeDL job gets under Volcano (named as the job), Unschedulable with ``message``."""
    meta = job["metadata"]
    name, ns = meta["name"], meta["namespace"]
    return {
        "apiVersion": "scheduling.volcano.sh/v1beta1",
        "kind": "PodGroup",
        "metadata": {
            "name": name,
            "namespace": ns,
            "uid": uid(ns, "PodGroup", name),
            "creationTimestamp": ts(created),
            "ownerReferences": [owner_ref(job)],
        },
        "spec": {"minMember": min_member, "minResources": min_resources, "queue": "default"},
        "status": {
            "phase": "Inqueue",
            "conditions": [podgroup_condition("Unschedulable", since, "NotEnoughResources", message, name)],
        },
    }


def _kubedl_pod(
    job: Obj, role: str, index: int, container: Container, *, created: datetime, gang: str, qos: str
) -> Obj:
    """A pod KubeDL created for ``role`` ``index``, labelled as KubeDL does, waiting on Volcano's gang."""
    name = job["metadata"]["name"]
    labels = {"group-name": "training.kubedl.io", "job-name": name}
    if role in ("master", "launcher"):
        labels["job-role"] = role
    labels |= {"replica-index": str(index), "replica-type": role}
    return pod(
        name=f"{name}-{role}-{index}",
        namespace=job["metadata"]["namespace"],
        labels=labels,
        owner=owner_ref(job),
        containers=[container],
        created=created,
        phase="Pending",
        unschedulable=gang,
        scheduler="volcano",
        annotations={"scheduling.k8s.io/group-name": name},
        restart_policy="Never",
        qos=qos,
    )


# -- Kueue admits a PyTorchJob on aggregate GPU quota; no single node has 8 free GPUs -----------------


@SCENARIOS.add
def unschedulable_pytorchjob_kueue_admitted_gpus_fragmented_across_nodes() -> CaseSpec:
    at = Clock(datetime(2026, 11, 29, 9, 12, tzinfo=timezone.utc))
    name, ns, queue, cq = "pytorch-8x2-dist", "ml-team", "user-queue", "cluster-queue"
    image = "registry.example/ml-team/pytorch-ddp:2.1.0-cuda12.1"
    cmd = ["torchrun", "--nnodes=2", "--nproc_per_node=8", "/workspace/train.py", "--epochs", "10"]
    ctr = Container("pytorch", image, command=cmd, resources=gpu(8, "200Gi", "32"))
    job = kubeflow_job(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Master": Replicas(1, ctr), "Worker": Replicas(1, ctr)},
        conditions=[
            job_condition("Created", at(3), "PyTorchJobCreated", f"PyTorchJob {name} is created."),
        ],
        statuses={"Master": {}, "Worker": {}},
        run_policy={"backoffLimit": 0, "cleanPodPolicy": "None", "suspend": False},
    )
    job["metadata"]["labels"] = {"kueue.x-k8s.io/queue-name": queue}
    reserved = f"Quota reserved in ClusterQueue {cq}, wait time since queued was 1s"
    wl = kueue_workload(
        job,
        at(1),
        queue=queue,
        pod_sets=[{"name": "master", "count": 1}, {"name": "worker", "count": 1}],
        conditions=[
            metav1_condition("QuotaReserved", at(2), "QuotaReserved", reserved),
            metav1_condition("Admitted", at(2), "Admitted", "The workload is admitted"),
        ],
        admission={
            "clusterQueue": cq,
            "podSetAssignments": [
                {"name": "master", "count": 1, "flavors": {"nvidia.com/gpu": "default-flavor"}},
                {"name": "worker", "count": 1, "flavors": {"nvidia.com/gpu": "default-flavor"}},
            ],
        },
    )
    why = (
        "0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: "
        "3 No preemption victims found for incoming pod.."
    )
    pods = [
        kubeflow_pod(
            job,
            role,
            0,
            [Container("pytorch", image, command=cmd, resources=ctr.resources)],
            created=at(3),
            phase="Pending",
            unschedulable=why,
            extra_labels={"kueue.x-k8s.io/queue-name": queue},
            qos="Guaranteed",
        )
        for role in ("master", "worker")
    ]
    events = [
        event(
            job,
            "CreatedWorkload",
            f"Created Workload: {ns}/{wl['metadata']['name']}",
            at(1),
            type_="Normal",
            component="kueue-pytorchjob-controller",
        ),
        event(wl, "QuotaReserved", reserved, at(2), type_="Normal", component="kueue-admission"),
        event(
            wl,
            "Admitted",
            f"Admitted by ClusterQueue {cq}, wait time since reservation was 0s",
            at(2),
            type_="Normal",
            component="kueue-admission",
        ),
        event(
            job,
            "Started",
            "Admitted by clusterQueue cluster-queue",
            at(2),
            type_="Normal",
            component="kueue-pytorchjob-controller",
        ),
        *(
            event(
                job,
                "SuccessfulCreatePod",
                f"Created pod: {p['metadata']['name']}",
                at(3),
                type_="Normal",
                component="pytorchjob-controller",
            )
            for p in pods
        ),
        *(
            event(p, "FailedScheduling", why, at(3), last=at(2680), count=41, component="default-scheduler")
            for p in pods
        ),
    ]
    return CaseSpec(
        id="unschedulable-pytorchjob-kueue-admitted-gpus-fragmented-across-nodes",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="Insufficient nvidia.com/gpu",
        description="Three nodes with 8 GPUs each, all under one Kueue ClusterQueue of 24 GPUs. Two 1-GPU jobs "
        "already run on two of the nodes (7, 7 and 8 GPUs free). A PyTorchJob with a master and a worker of "
        "8 GPUs each fits the ClusterQueue's aggregate quota, so Kueue admits it, but only one node has 8 free "
        "GPUs: both pods sit Pending in the default scheduler's queue (partial admission is off) until another "
        "node frees up. Kueue's quota is not node-aware; the pods cannot be placed.",
        objects=[job, wl, *pods, *events],
        captured=at(2700),
        title="PyTorchJob admitted by Kueue on aggregate GPU quota (16 of 24 free) while no two nodes have 8 free "
        "GPUs each: master and worker stay Pending",
        source="https://github.com/kubernetes-sigs/kueue/issues/1476",
    )


# -- KubeDL PyTorchJob under Volcano gang scheduling: DAG scheduling holds the worker back -----------


@SCENARIOS.add
def unschedulable_pytorchjob_kubedl_volcano_gang_dag_master_pending() -> CaseSpec:
    at = Clock(datetime(2026, 11, 28, 14, 2, tzinfo=timezone.utc))
    name, ns = "pytorch-dist-mnist-nccl", "default"
    image = "registry.example/cv/kubeflow-pytorch-dist-mnist-test:latest"
    ctr = Container(
        "pytorch",
        image,
        args=["--backend", "nccl"],
        ports=[{"containerPort": 23456, "name": "pytorchjob-port", "protocol": "TCP"}],
        resources={"limits": {"nvidia.com/gpu": "1"}, "requests": {"nvidia.com/gpu": "1"}},
    )
    job = kubeflow_job(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Master": Replicas(1, ctr), "Worker": Replicas(1, ctr)},
        conditions=[
            job_condition("Created", at(1), "JobCreated", f"PyTorchJob {name} is created."),
        ],
        statuses={"Master": {}, "Worker": {}},
        api_version="training.kubedl.io/v1alpha1",
        run_policy={"backoffLimit": 3, "cleanPodPolicy": "None", "schedulingPolicy": {"minAvailable": 2}},
    )
    gang = "1/1 tasks in gang unschedulable: pod group is not ready, 1 Pending, 2 minAvailable"
    group = _gang(job, at(1), min_member=2, min_resources={"nvidia.com/gpu": "2"}, message=gang, since=at(3))
    env = [
        {"name": "MASTER_PORT", "value": "23456"},
        {"name": "MASTER_ADDR", "value": "localhost"},
        {"name": "WORLD_SIZE", "value": "2"},
        {"name": "RANK", "value": "0"},
        {"name": "PYTHONUNBUFFERED", "value": "0"},
    ]
    master = _kubedl_pod(
        job,
        "master",
        0,
        Container("pytorch", image, args=ctr.args, env=env, ports=ctr.ports, resources=ctr.resources),
        created=at(1),
        gang=gang,
        qos="BestEffort",
    )
    events = [
        event(
            job,
            "SuccessfulCreatePod",
            f"Created pod: {master['metadata']['name']}",
            at(1),
            type_="Normal",
            component="kubedl-pytorchjob-controller",
        ),
        event(group, "Unschedulable", gang, at(3), last=at(1790), count=298, component="volcano"),
        event(master, "FailedScheduling", gang, at(3), last=at(1790), count=298, component="volcano"),
    ]
    return CaseSpec(
        id="unschedulable-pytorchjob-kubedl-volcano-gang-dag-master-pending",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=master["metadata"]["name"],
        evidence="tasks in gang unschedulable",
        description="A KubeDL PyTorchJob (master + 1 worker, 1 GPU each) with Volcano gang scheduling "
        "(minAvailable 2). KubeDL's DAG scheduling creates the worker only once the master runs, while Volcano "
        "places nothing until both members of the gang exist: the master waits Pending with 'tasks in gang "
        "unschedulable' although 6 GPUs are free, and the worker is never created. With kube-scheduler the "
        "same job runs. The gang can never be completed; the fix was in KubeDL (DAG off with gang scheduling).",
        objects=[job, group, master, *events],
        captured=at(1800),
        title="KubeDL PyTorchJob with Volcano gang scheduling: master Pending, 'tasks in gang unschedulable', "
        "worker never created (DAG scheduling conflicts with the gang)",
        source="https://github.com/volcano-sh/volcano/issues/1959",
    )


# -- NNI trial on FrameworkController: the trial's GPU workers cannot be placed ------------------------


@SCENARIOS.add
def unschedulable_pod_nni_frameworkcontroller_trial_gpu_insufficient() -> CaseSpec:
    at = Clock(datetime(2026, 11, 28, 7, 40, tzinfo=timezone.utc))
    fw, ns = "nniexpzxv06e2ctrialhvno1", "default"
    fw_uid = "a37273e6-9b2c-44d7-ad71-12fd1fb76e59"
    cm_name = f"{fw}-attempt"
    cm = {
        "apiVersion": "v1",
        "kind": "ConfigMap",
        "metadata": {
            "name": cm_name,
            "namespace": ns,
            "uid": "1782153f-6c26-449f-bdb5-f9daf72cc876",
            "creationTimestamp": ts(at(0)),
            "ownerReferences": [
                {
                    "apiVersion": "frameworkcontroller.microsoft.com/v1",
                    "kind": "Framework",
                    "name": fw,
                    "uid": fw_uid,
                    "controller": True,
                    "blockOwnerDeletion": True,
                }
            ],
        },
        "data": {},
    }
    why = "0/1 nodes are available: 1 Insufficient nvidia.com/gpu."
    trial_cmd = [
        "sh",
        "/tmp/mount/nni/zxv06e2c/hvno1_run.sh",
    ]
    pods: list[Obj] = []
    for i in range(2):
        pod_name = f"{fw}-worker-{i}"
        barrier_env = [
            {"name": "FC_FRAMEWORK_NAMESPACE", "value": ns},
            {"name": "FC_FRAMEWORK_NAME", "value": fw},
            {"name": "FC_TASKROLE_NAME", "value": "worker"},
            {"name": "FC_TASK_INDEX", "value": str(i)},
            {"name": "FC_CONFIGMAP_NAME", "value": cm_name},
            {"name": "FC_POD_NAME", "value": pod_name},
            {"name": "FC_FRAMEWORK_UID", "value": fw_uid},
            {"name": "FC_FRAMEWORK_ATTEMPT_ID", "value": "0"},
            {"name": "FC_FRAMEWORK_ATTEMPT_INSTANCE_UID", "value": "0_1782153f-6c26-449f-bdb5-f9daf72cc876"},
            {"name": "FC_CONFIGMAP_UID", "value": "1782153f-6c26-449f-bdb5-f9daf72cc876"},
            {"name": "FC_TASKROLE_UID", "value": "0087edfe-0a39-11ec-b7b6-0242ac110008"},
            {"name": "FC_TASK_ATTEMPT_ID", "value": "0"},
        ]
        p = pod(
            name=pod_name,
            namespace=ns,
            labels={"FC_FRAMEWORK_NAME": fw, "FC_TASKROLE_NAME": "worker", "FC_TASK_INDEX": str(i)},
            owner=owner_ref(cm),
            containers=[
                Container(
                    "framework",
                    "registry.example/nni/nni-trial:v2.4-cuda11",
                    command=trial_cmd,
                    resources={
                        "limits": {"cpu": "1", "memory": "8Gi", "nvidia.com/gpu": "1"},
                        "requests": {"cpu": "1", "memory": "8Gi", "nvidia.com/gpu": "1"},
                    },
                )
            ],
            init=[Container("frameworkbarrier", "frameworkcontroller/frameworkbarrier", env=barrier_env)],
            created=at(2),
            phase="Pending",
            unschedulable=why,
            annotations={
                "FC_CONFIGMAP_NAME": cm_name,
                "FC_CONFIGMAP_UID": "1782153f-6c26-449f-bdb5-f9daf72cc876",
                "FC_FRAMEWORK_ATTEMPT_ID": "0",
                "FC_FRAMEWORK_ATTEMPT_INSTANCE_UID": "0_1782153f-6c26-449f-bdb5-f9daf72cc876",
                "FC_FRAMEWORK_NAME": fw,
                "FC_FRAMEWORK_NAMESPACE": ns,
                "FC_FRAMEWORK_UID": fw_uid,
                "FC_POD_NAME": pod_name,
                "FC_TASKROLE_NAME": "worker",
                "FC_TASKROLE_UID": "0087edfe-0a39-11ec-b7b6-0242ac110008",
                "FC_TASK_ATTEMPT_ID": "0",
                "FC_TASK_INDEX": str(i),
            },
            service_account="frameworkbarrier",
        )
        pods.append(p)
    events = [
        event(p, "FailedScheduling", why, at(3), last=at(1500), count=26, component="default-scheduler") for p in pods
    ]
    return CaseSpec(
        id="unschedulable-pod-nni-frameworkcontroller-trial-gpu-insufficient",
        kind="Pod",
        name=pods[0]["metadata"]["name"],
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=pods[0]["metadata"]["name"],
        evidence="Insufficient nvidia.com/gpu",
        description="An NNI experiment in frameworkcontroller mode on a one-node minikube: each trial is a "
        "Framework whose worker pods (a frameworkbarrier init container, then the trial with gpuNum 1) stay "
        "Pending. The scheduler finds no node with a free nvidia.com/gpu for the trial's workers. The thread shows "
        "the pods Pending but does not paste the scheduler's event; the message here is the one kube-scheduler "
        "gives for a node without a free nvidia.com/gpu.",
        objects=[cm, *pods, *events],
        captured=at(1510),
        title="NNI frameworkcontroller trial workers Pending: the GPU they request cannot be scheduled",
        source="https://github.com/microsoft/nni/issues/4130",
    )


# -- KubeDL MPIJob under Volcano gang scheduling: the launcher is never created (DAG scheduling) -----


@SCENARIOS.add
def unschedulable_mpijob_kubedl_volcano_gang_dag_no_launcher() -> CaseSpec:
    at = Clock(datetime(2026, 11, 27, 11, 20, tzinfo=timezone.utc))
    name, ns = "mpi-demo", "default"
    image = "registry.example/kubedl/horovod-mnist:0.22.1-tf2.5-cpu"
    launcher_ctr = Container(
        "mpi",
        image,
        command=["mpirun", "-np", "2", "--allow-run-as-root", "python", "/examples/tensorflow2_mnist.py"],
        resources={"requests": {"cpu": "1", "memory": "2Gi"}},
    )
    worker_ctr = Container(
        "mpi", image, command=["sleep"], args=["365d"], resources={"requests": {"cpu": "2", "memory": "4Gi"}}
    )
    job = kubeflow_job(
        kind="MPIJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Launcher": Replicas(1, launcher_ctr, "Never"), "Worker": Replicas(2, worker_ctr, "Never")},
        conditions=[job_condition("Created", at(1), "JobCreated", f"MPIJob {name} is created.")],
        statuses={"Launcher": {}, "Worker": {}},
        api_version="training.kubedl.io/v1alpha1",
        run_policy={"backoffLimit": 0, "cleanPodPolicy": "Running", "schedulingPolicy": {"minAvailable": 3}},
        extra_spec={"slotsPerWorker": 1},
    )
    gang = "3/2 tasks in gang unschedulable: pod group is not ready, 2 Pending, 3 minAvailable."
    group = _gang(job, at(1), min_member=3, min_resources={"cpu": "5", "memory": "10Gi"}, message=gang, since=at(2))
    workers = [
        _kubedl_pod(
            job,
            "worker",
            i,
            Container("mpi", image, command=["sleep"], args=["365d"], resources=worker_ctr.resources),
            created=at(1),
            gang=gang,
            qos="Burstable",
        )
        for i in range(2)
    ]
    events = [
        *(
            event(
                job,
                "SuccessfulCreatePod",
                f"Created pod: {w['metadata']['name']}",
                at(1),
                type_="Normal",
                component="kubedl-mpijob-controller",
            )
            for w in workers
        ),
        event(group, "Unschedulable", gang, at(2), last=at(1195), count=199, component="volcano"),
        *(event(w, "FailedScheduling", gang, at(2), last=at(1195), count=199, component="volcano") for w in workers),
    ]
    return CaseSpec(
        id="unschedulable-mpijob-kubedl-volcano-gang-dag-no-launcher",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=[w["metadata"]["name"] for w in workers],
        evidence="tasks in gang unschedulable",
        description="A KubeDL MPIJob (launcher + 2 workers) with Volcano gang scheduling, minAvailable 3. KubeDL's "
        "DAG scheduling creates the launcher only after the workers run, but Volcano's gang waits for all three "
        "members: the two workers stay Pending ('3/2 tasks in gang unschedulable: pod group is not ready, 2 "
        "Pending, 3 minAvailable') and no launcher pod exists. Turning DAGScheduling off in KubeDL fixes it.",
        objects=[job, group, *workers, *events],
        captured=at(1200),
        title="KubeDL MPIJob under Volcano gang scheduling: workers Pending, 'tasks in gang unschedulable', no "
        "launcher pod (DAG scheduling and gang scheduling conflict)",
        source="https://github.com/kubedl-io/kubedl/issues/180",
    )


# -- Katib trial on minikube: the trial Job's GPU pod waits for a GPU the node does not have -----------


@SCENARIOS.add
def unschedulable_job_katib_trial_gpu_minikube_no_gpu() -> CaseSpec:
    at = Clock(datetime(2026, 11, 26, 13, 14, tzinfo=timezone.utc))
    name, ns = "random-mnist-gpu-psgqx427", "kubeflow"
    trial = {
        "apiVersion": "kubeflow.org/v1alpha2",
        "kind": "Trial",
        "metadata": {"name": name, "namespace": ns, "uid": uid(ns, "Trial", name)},
    }
    ctr = Container(
        name,
        "registry.example/katib-user/tf-mnist-gpu:1.14.0-gpu",
        command=["python", "/app/mnist.py", "--lr=0.0247"],
        resources={"limits": {"nvidia.com/gpu": "1"}},
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        conditions=[],
        active=1,
        start=at(1),
        backoff_limit=6,
        owner=owner_ref(trial),
        restart_policy="Never",
    )
    why = "0/1 nodes are available: 1 Insufficient nvidia.com/gpu."
    p = job_pod(
        job,
        [Container(ctr.name, ctr.image, command=ctr.command, resources=ctr.resources)],
        created=at(1),
        phase="Pending",
        unschedulable=why,
    )
    p["metadata"]["name"] = f"{name}-z985z"
    events = [
        event(
            job,
            "SuccessfulCreate",
            f"Created pod: {p['metadata']['name']}",
            at(1),
            type_="Normal",
            component="job-controller",
        ),
        event(p, "FailedScheduling", why, at(1), last=at(7740), count=97, component="default-scheduler"),
    ]
    return CaseSpec(
        id="unschedulable-job-katib-trial-gpu-minikube-no-gpu",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=p["metadata"]["name"],
        evidence="Insufficient nvidia.com/gpu",
        description="A Katib (v1alpha2) random-search experiment of a TensorFlow MNIST model on a single-node "
        "minikube running in VirtualBox. Each trial's Job asks for one nvidia.com/gpu; the node advertises none "
        "(no GPU passed through, no device plugin), so the three trial pods stay Pending for two hours while "
        "'kubectl get trials' says Running. The thread shows the pods Pending; the scheduler's message is the one "
        "kube-scheduler gives for a node without nvidia.com/gpu.",
        objects=[job, p, *events],
        captured=at(7750),
        title="Katib trial pods for a GPU experiment stay Pending on minikube: the node has no nvidia.com/gpu",
        source="https://github.com/kubeflow/katib/issues/705",
    )


# -- LeaderWorkerSet vLLM group: the leader deleted by hand, the group recreated (twice) and up again ---


def _sts(name: str, ns: str, created: datetime, owner: Obj) -> Obj:
    """A StatefulSet as LWS creates it (the leaders' one is owned by the LWS, a group's by its leader pod)."""
    return {
        "apiVersion": "apps/v1",
        "kind": "StatefulSet",
        "metadata": {
            "name": name,
            "namespace": ns,
            "uid": uid(ns, "StatefulSet", name),
            "creationTimestamp": ts(created),
            "ownerReferences": [owner_ref(owner)],
        },
    }


@SCENARIOS.add
def healthy_pod_lws_vllm_leader_deleted_group_recreated() -> CaseSpec:
    at = Clock(datetime(2026, 11, 29, 8, 0, tzinfo=timezone.utc))
    lws_name, ns, host0, host1 = "vllm", "default", "gpu-node-1", "gpu-node-2"
    lws = {
        "apiVersion": "leaderworkerset.x-k8s.io/v1",
        "kind": "LeaderWorkerSet",
        "metadata": {"name": lws_name, "namespace": ns, "uid": uid(ns, "LeaderWorkerSet", lws_name)},
    }
    leaders = _sts(lws_name, ns, at(0), lws)
    image = "registry.example/vllm/vllm-openai:v0.8.3"
    model = "meta-llama/Meta-Llama-3.1-8B-Instruct"
    labels = {
        "leaderworkerset.sigs.k8s.io/name": lws_name,
        "leaderworkerset.sigs.k8s.io/group-index": "0",
        "leaderworkerset.sigs.k8s.io/group-key": "bdd9d6de3d6e4d2d8a2cb08ed5b7c8cbd5b94d1c",
        "leaderworkerset.sigs.k8s.io/template-revision-hash": "5c9f8b7d9d",
    }
    # the leader vllm-0 was deleted at 08:08:09 (age 8m9s); its group came back, then was recreated once more
    born = at(493)
    leader_ctr = Container(
        "vllm-leader",
        image,
        command=["sh", "-c"],
        args=[
            "bash /vllm-workspace/examples/online_serving/multi-node-serving.sh leader "
            "--ray_cluster_size=$(LWS_GROUP_SIZE); python3 -m vllm.entrypoints.openai.api_server --port 8080 "
            f"--model {model} --tensor-parallel-size 1 --pipeline_parallel_size 2"
        ],
        env=[{"name": "LWS_GROUP_SIZE", "value": "2"}],
        ports=[{"containerPort": 8080}],
        resources=gpu(1, "64Gi", "8"),
        state=running(at(498)),
    )
    leader = pod(
        name=f"{lws_name}-0",
        namespace=ns,
        labels={**labels, "leaderworkerset.sigs.k8s.io/worker-index": "0", "apps.kubernetes.io/pod-index": "0"},
        owner=owner_ref(leaders),
        containers=[leader_ctr],
        created=born,
        phase="Running",
        node=host0,
        scheduled=at(493),
        restart_policy="Always",
        annotations={"leaderworkerset.sigs.k8s.io/size": "2"},
    )
    group = _sts(f"{lws_name}-0", ns, at(494), leader)
    worker_ctr = Container(
        "vllm-worker",
        image,
        command=["sh", "-c"],
        args=[
            "bash /vllm-workspace/examples/online_serving/multi-node-serving.sh worker --ray_address=$(LWS_LEADER_ADDRESS)"
        ],
        env=[{"name": "LWS_LEADER_ADDRESS", "value": f"{lws_name}-0.{lws_name}.{ns}"}],
        resources=gpu(1, "64Gi", "8"),
        state=running(at(499)),
        ready=True,
    )
    worker = pod(
        name=f"{lws_name}-0-1",
        namespace=ns,
        labels={**labels, "leaderworkerset.sigs.k8s.io/worker-index": "1", "apps.kubernetes.io/pod-index": "1"},
        owner=owner_ref(group),
        containers=[worker_ctr],
        created=at(494),
        phase="Running",
        node=host1,
        scheduled=at(494),
        restart_policy="Always",
    )
    log = text(
        "[INFO] Ray head node started, waiting for 2 nodes",
        "[INFO] All ray workers are active and the ray cluster is initialized successfully.",
        "INFO 11-29 08:08:24 [api_server.py:1034] vLLM API server version 0.8.3",
        f"INFO 11-29 08:08:24 [api_server.py:1035] args: Namespace(host=None, port=8080, model='{model}', "
        "tensor_parallel_size=1, pipeline_parallel_size=2)",
        "INFO 11-29 08:08:31 [config.py:1693] Defaulting to use ray for distributed inference",
        "INFO 11-29 08:08:32 [ray_distributed_executor.py:176] use_ray_spmd_worker: True",
        "INFO 11-29 08:08:40 [loader.py:447] Loading weights took 6.12 seconds",
        "INFO 11-29 08:08:41 [model_runner.py:1140] Model loading took 7.5122 GiB and 6.874573 seconds",
    )
    events = [
        event(leader, "Killing", "Stopping container vllm-leader", at(489), count=2, type_="Normal", host=host0),
        event(worker, "Killing", "Stopping container vllm-worker", at(490), type_="Normal", host=host1),
        event(
            leaders,
            "SuccessfulCreate",
            f"create Pod {lws_name}-0 in StatefulSet {lws_name} successful",
            at(490),
            last=at(493),
            count=2,
            type_="Normal",
            component="statefulset-controller",
        ),
        event(
            group,
            "SuccessfulCreate",
            f"create Pod {lws_name}-0-1 in StatefulSet {lws_name}-0 successful",
            at(494),
            type_="Normal",
            component="statefulset-controller",
        ),
        event(
            leader,
            "Scheduled",
            f"Successfully assigned {ns}/{lws_name}-0 to {host0}",
            at(493),
            type_="Normal",
            component="default-scheduler",
        ),
        event(leader, "Started", "Started container vllm-leader", at(498), type_="Normal", host=host0),
        event(worker, "Started", "Started container vllm-worker", at(499), type_="Normal", host=host1),
    ]
    return CaseSpec(
        id="healthy-pod-lws-vllm-leader-deleted-group-recreated",
        kind="Pod",
        name=leader["metadata"]["name"],
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence=None,
        description="A vLLM LeaderWorkerSet (one leader, one worker, restartPolicy RecreateGroupOnPodRestart). "
        "The user deleted the leader pod vllm-0 with the default background propagation: the group was "
        "recreated, and an LWS race (fixed upstream) deleted the new leader once more, so vllm-0 came back twice "
        "and vllm-0-1 once. A minute later both pods run and the leader is loading the model: the group "
        "recovered from a deletion the user made; nothing is wrong with the serving job.",
        objects=[leaders, group, leader, worker, *events],
        logs={f"{lws_name}-0/vllm-leader": log},
        captured=at(555),
        title="LeaderWorkerSet with RecreateGroupOnPodRestart: after 'kubectl delete pod vllm-0' the leader is "
        "recreated twice and the worker once, then both run",
        source="https://github.com/kubernetes-sigs/lws/issues/804",
    )


# -- mpi-operator v2beta1 example: the launcher cannot resolve its running workers' names, crash-loops --


@SCENARIOS.add
def rendezvous_error_mpijob_v2beta1_launcher_worker_hostname_unresolved() -> CaseSpec:
    at = Clock(datetime(2026, 11, 28, 15, 12, tzinfo=timezone.utc))
    name, ns = "tensorflow-benchmarks", "mpi-operator"
    svc = f"{name}-worker"
    lines = [
        f"ssh: Could not resolve hostname {name}-worker-0.{svc}: Name or service not known",
        f"ssh: Could not resolve hostname {name}-worker-1.{svc}: Name or service not known",
        *_ORTE_UNABLE,
    ]
    launcher_cmd = [
        *("mpirun", "--allow-run-as-root", "-np", "2", "-bind-to", "none", "-map-by", "slot"),
        *("-x", "NCCL_DEBUG=INFO", "-x", "LD_LIBRARY_PATH", "-x", "PATH"),
        *("-mca", "pml", "ob1", "-mca", "btl", "^openib"),
        *("python", "scripts/tf_cnn_benchmarks/tf_cnn_benchmarks.py"),
        *("--model=resnet101", "--batch_size=64", "--variable_update=horovod"),
    ]
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image="mpioperator/tensorflow-benchmarks:latest",
        launcher_cmd=launcher_cmd,
        workers=2,
        slots=1,
        plan=MPIPlan(
            launcher_state=waiting(
                "CrashLoopBackOff",
                f"back-off 1m20s restarting failed container=launcher pod={name}-launcher-"
                f"{suffix(name, 'launcher')}_{ns}(6d3f0f53-3c55-4bb6-9d0b-5a43f39d2c11)",
            ),
        ),
        worker_resources={"limits": {"nvidia.com/gpu": "1"}, "requests": {"nvidia.com/gpu": "1"}},
        worker_node="gpu-node-{i}",
    )
    lp = next(o for o in objects if o["kind"] == "Pod" and o["metadata"]["name"] == launcher)
    lp["spec"]["restartPolicy"] = "OnFailure"
    lp["status"]["phase"] = "Running"
    status = lp["status"]["containerStatuses"][0]
    status["restartCount"] = 4
    status["lastState"] = terminated(1, at(212), at(213))
    logs[f"{launcher}/launcher.previous"] = stamped(lines, at(212), 0.05)
    objects += [
        event(
            lp,
            "Pulled",
            'Container image "mpioperator/tensorflow-benchmarks:latest" already present on machine',
            at(32),
            last=at(212),
            count=5,
            type_="Normal",
            host="cpu-pool-b-3",
        ),
        event(
            lp,
            "BackOff",
            "Back-off restarting failed container launcher in pod "
            f"{launcher}_{ns}(6d3f0f53-3c55-4bb6-9d0b-5a43f39d2c11)",
            at(40),
            last=at(290),
            count=9,
            host="cpu-pool-b-3",
        ),
    ]
    return CaseSpec(
        id="rendezvous-error-mpijob-v2beta1-launcher-worker-hostname-unresolved",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=launcher,
        evidence="Could not resolve hostname",
        description="mpi-operator v2beta1's tensorflow-benchmarks example (two 1-GPU workers running sshd). Every "
        "launcher attempt fails at once: ssh cannot resolve either worker's name under the workers' headless "
        "service ('Could not resolve hostname tensorflow-benchmarks-worker-0.tensorflow-benchmarks-worker: Name "
        "or service not known'), mpirun prints ORTE's generic daemon message and exits 1, and the launcher "
        "crash-loops. The thread shows the launcher's log and its CrashLoopBackOff, not the workers; here they "
        "run (as in the reporter's first attempt in the same thread), so mpirun can never reach its ranks.",
        objects=objects,
        logs=logs,
        captured=at(300),
        title="mpi-operator v2beta1 example: launcher CrashLoopBackOff with 'ssh: Could not resolve hostname "
        "tensorflow-benchmarks-worker-0.tensorflow-benchmarks-worker: Name or service not known'",
        source="https://github.com/kubeflow/mpi-operator/issues/481",
    )


# -- mpi-operator v1 MPIJob: the launcher finished, the workers keep running (status cannot be written) -


@SCENARIOS.add
def healthy_mpijob_launcher_completed_workers_left_running() -> CaseSpec:
    at = Clock(datetime(2026, 11, 25, 14, 39, 21, tzinfo=timezone.utc))
    name, ns, host0, host1 = "tf2-keras-mnist-mpi-gpu", "ml-research", "gpu-node-7", "gpu-node-8"
    image = "docker.io/horovod/horovod:0.19.3-tf2.1.0-torch-mxnet1.6.0-py3.6-gpu"
    launcher_ctr = Container(
        "keras-mnist-mpi-launcher",
        image,
        command=["mpirun"],
        args=[
            *("-np", "2", "--allow-run-as-root", "-bind-to", "none", "-map-by", "slot"),
            *("-x", "LD_LIBRARY_PATH", "-x", "PATH", "-mca", "pml", "ob1", "-mca", "btl", "^openib"),
            *("python", "/examples/tensorflow2_keras_mnist.py"),
        ],
        resources={"limits": {"cpu": "1", "memory": "2Gi"}},
    )
    worker_ctr = Container("keras-mnist-mpi-worker", image, resources=gpu(1, "8Gi", "4"))
    job = kubeflow_job(
        kind="MPIJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Launcher": Replicas(1, launcher_ctr, "Never"), "Worker": Replicas(2, worker_ctr, "Never")},
        conditions=[],
        statuses={},
        extra_spec={"slotsPerWorker": 1},
    )
    job["spec"].pop("runPolicy", None)
    job["spec"]["cleanPodPolicy"] = "Running"
    job.pop("status", None)
    mpi_labels = {"group-name": "kubeflow.org", "mpi-job-name": name}
    workers_sts = {
        "apiVersion": "apps/v1",
        "kind": "StatefulSet",
        "metadata": {"name": f"{name}-worker", "namespace": ns, "uid": uid(ns, "StatefulSet", f"{name}-worker")},
    }
    workers = [
        pod(
            name=f"{name}-worker-{i}",
            namespace=ns,
            labels={**mpi_labels, "mpi-job-role": "worker", "statefulset.kubernetes.io/pod-name": f"{name}-worker-{i}"},
            owner=owner_ref(workers_sts),
            containers=[
                Container(
                    worker_ctr.name,
                    image,
                    command=["sleep"],
                    args=["365d"],
                    resources=gpu(1, "8Gi", "4"),
                    state=running(at(40)),
                    ready=True,
                )
            ],
            created=at(2),
            phase="Running",
            node=(host0, host1)[i],
            scheduled=at(3),
            restart_policy="Always",
        )
        for i in range(2)
    ]
    launcher_job = {
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": {
            "name": f"{name}-launcher",
            "namespace": ns,
            "uid": uid(ns, "Job", f"{name}-launcher"),
            "creationTimestamp": ts(at(41)),
            "ownerReferences": [owner_ref(job)],
        },
        "spec": {"backoffLimit": 6, "completions": 1, "parallelism": 1},
        "status": {
            "succeeded": 1,
            "startTime": ts(at(41)),
            "completionTime": ts(at(214)),
            "conditions": [
                {
                    "type": "Complete",
                    "status": "True",
                    "lastProbeTime": ts(at(214)),
                    "lastTransitionTime": ts(at(214)),
                }
            ],
        },
    }
    lname = f"{name}-launcher-8jlf6"
    launcher = pod(
        name=lname,
        namespace=ns,
        labels={**mpi_labels, "mpi-job-role": "launcher", "job-name": f"{name}-launcher"},
        owner=owner_ref(launcher_job),
        containers=[
            Container(
                launcher_ctr.name,
                image,
                command=launcher_ctr.command,
                args=launcher_ctr.args,
                resources={"limits": {"cpu": "1", "memory": "2Gi"}},
                state=terminated(0, at(45), at(213)),
            )
        ],
        created=at(41),
        phase="Succeeded",
        node=host0,
        scheduled=at(41),
        qos="Burstable",
    )
    hosts = "/opt/kube/hosts"
    orted = (
        '/usr/local/bin/orted -mca ess "env" -mca ess_base_jobid "2374565888" -mca ess_base_vpid {vpid} '
        '-mca ess_base_num_procs "3" -mca orte_node_regex '
        f'"{name}-launcher-[1:8]jlf6,{name}-worker-[1:0-1]@0(3)" -mca orte_hnp_uri '
        '"2374565888.0;tcp://10.244.3.17:33245" -mca pml "ob1" -mca btl "^openib" -mca plm "rsh" '
        '--tree-spawn -mca routed "radix" -mca orte_parent_uri "2374565888.0;tcp://10.244.3.17:33245" '
        '-mca plm_rsh_agent "/etc/mpi/kubexec.sh" -mca orte_default_hostfile "/etc/mpi/hostfile" '
        '-mca pmix "^s1,s2,cray,isolated"'
    )
    env_prefix = (
        "PATH=/usr/local/bin:$PATH ; export PATH ; LD_LIBRARY_PATH=/usr/local/lib:$LD_LIBRARY_PATH ; "
        "export LD_LIBRARY_PATH ; DYLD_LIBRARY_PATH=/usr/local/lib:$DYLD_LIBRARY_PATH ; export DYLD_LIBRARY_PATH ;   "
    )
    log_lines = []
    for i in range(2):
        log_lines += [
            f"+ POD_NAME={name}-worker-{i}",
            "+ [ t = - ]",
            "+ shift",
            f"+ /opt/kube/kubectl cp {hosts} {name}-worker-{i}:/etc/hosts_of_nodes",
        ]
    for i in range(2):
        log_lines.append(
            f"+ /opt/kube/kubectl exec {name}-worker-{i} -- /bin/sh -c cat /etc/hosts_of_nodes >> /etc/hosts &&     "
            + env_prefix
            + orted.format(vpid=i + 1)
        )
    log_lines += [
        "[1,0]<stderr>:2026-11-25 14:40:12.402214: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1555] Found "
        "device 0 with properties: ",
        "[1,0]<stderr>:pciBusID: 0000:00:1e.0 name: Tesla V100-SXM2-16GB computeCapability: 7.0",
        "[1,1]<stderr>:2026-11-25 14:40:12.431877: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1697] "
        "Adding visible gpu devices: 0",
        "[1,0]<stdout>:Downloading data from https://storage.googleapis.com/tensorflow/tf-keras-datasets/mnist.npz",
        "[1,0]<stdout>:11493376/11490434 [==============================] - 0s 0us/step",
        "[1,0]<stdout>:Epoch 1/24",
        "[1,0]<stdout>:250/250 [==============================] - 9s 37ms/step - loss: 0.3817 - accuracy: 0.8834",
        "[1,0]<stdout>:Epoch 2/24",
        "[1,0]<stdout>:250/250 [==============================] - 6s 24ms/step - loss: 0.1262 - accuracy: 0.9622",
    ]
    for e in range(3, 25):
        loss = 0.1 / e
        log_lines += [
            f"[1,0]<stdout>:Epoch {e}/24",
            f"[1,0]<stdout>:250/250 [==============================] - 6s 24ms/step - loss: {loss:.4f} - "
            f"accuracy: {min(0.9990, 0.9650 + e * 0.0013):.4f}",
        ]
    events = [
        event(
            launcher_job,
            "Completed",
            "Job completed",
            at(214),
            type_="Normal",
            component="job-controller",
        ),
        event(launcher, "Started", f"Started container {launcher_ctr.name}", at(45), type_="Normal", host=host0),
    ]
    return CaseSpec(
        id="healthy-mpijob-launcher-completed-workers-left-running",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence=None,
        description="A Horovod TF2 Keras MNIST MPIJob (kubeflow.org/v1, mpi-operator installed from the Kubeflow "
        "1.1 kustomize manifests). The launcher ran mpirun over both workers, trained 24 epochs and exited 0 "
        "(its Job is Complete), but the two worker pods stay Running and the MPIJob shows no status: the "
        "installed CRD has no status subresource, so the operator's status writes fail ('the server could not "
        "find the requested resource (put mpijobs.kubeflow.org ...)') and cleanPodPolicy Running is never "
        "applied. The training itself finished successfully; the leftover workers are an operator install "
        "problem, not a failure of the job.",
        objects=[job, launcher_job, workers_sts, launcher, *workers, *events],
        logs={f"{lname}/{launcher_ctr.name}": text(*log_lines)},
        captured=at(1800),
        title="MPIJob worker pods keep running after the launcher completed (mpi-operator v1 CRD without a "
        "status subresource)",
        source="https://github.com/kubeflow/mpi-operator/issues/297",
    )
