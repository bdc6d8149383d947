"""Fresh round 16: real public threads about schedulers, queues and operators (Volcano, Kueue, YuniKorn, training-operator, JobSet, LeaderWorkerSet).

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
    event,
    gpu,
    object_meta,
    owner_ref,
    pod,
    pod_group,
    podgroup_condition,
    running,
    stamped,
    volcano_job,
    volcano_pod,
)

SCENARIOS = Scenarios()


@SCENARIOS.add
def unschedulable_mpijob_volcano_gang_podgroup_sees_no_tasks() -> CaseSpec:
    at = Clock(datetime(2026, 9, 17, 3, 8, 31, tzinfo=timezone.utc))
    name, ns = "mxnet-horovod-job", "default"
    image = "registry.example/horovod/horovod:0.16.4-mxnet1.4.1-py3.5"
    worker = Container(
        "mpi-worker",
        image,
        command=["sh", "-c", "sleep 365d"],
        resources=gpu(1, "16Gi", "4"),
    )
    launcher = Container(
        "mpi-launcher",
        image,
        command=["mpirun", "-np", "2", "--allow-run-as-root", "python", "/examples/mxnet_mnist.py"],
    )
    job: Obj = {
        "apiVersion": "kubeflow.org/v1alpha2",
        "kind": "MPIJob",
        "metadata": object_meta(ns, "MPIJob", name, at(0)),
        "spec": {
            "slotsPerWorker": 1,
            "cleanPodPolicy": "Running",
            "mpiReplicaSpecs": {
                "Launcher": {
                    "replicas": 1,
                    "template": {"spec": {"schedulerName": "volcano", "containers": [launcher.spec()]}},
                },
                "Worker": {
                    "replicas": 2,
                    "template": {"spec": {"schedulerName": "volcano", "containers": [worker.spec()]}},
                },
            },
        },
        "status": {"replicaStatuses": {"Worker": {}, "Launcher": {}}, "startTime": "2026-09-17T03:08:31Z"},
    }
    gang = "3/0 tasks in gang unschedulable: job is not ready, 3 minAvailable."
    group: Obj = {
        "apiVersion": "scheduling.incubator.k8s.io/v1alpha1",
        "kind": "PodGroup",
        "metadata": {**object_meta(ns, "PodGroup", name, at(0), owner=owner_ref(job)), "generation": 40},
        "spec": {"minMember": 3},
        "status": {
            "conditions": [podgroup_condition("Unschedulable", at(39), "NotEnoughResources", gang, name)],
            "phase": "Inqueue",
        },
    }
    sts: Obj = {
        "apiVersion": "apps/v1",
        "kind": "StatefulSet",
        "metadata": object_meta(ns, "StatefulSet", f"{name}-worker", at(0), owner=owner_ref(job)),
        "spec": {"replicas": 2, "podManagementPolicy": "Parallel", "serviceName": f"{name}-worker"},
        "status": {"replicas": 2, "readyReplicas": 0},
    }
    labels = {"mpi_job_name": name, "mpi_role_type": "worker", "group_name": "kubeflow.org"}
    workers = [
        pod(
            name=f"{name}-worker-{i}",
            namespace=ns,
            labels={**labels, "statefulset.kubernetes.io/pod-name": f"{name}-worker-{i}"},
            owner=owner_ref(sts),
            containers=[Container(worker.name, worker.image, command=worker.command, resources=worker.resources)],
            created=at(1),
            phase="Pending",
            annotations={"scheduling.k8s.io/group-name": name},
            scheduler="volcano",
            restart_policy="Always",
        )
        for i in range(2)
    ]
    events = [event(group, "Unschedulable", gang, at(39), last=at(3570), count=120, component="volcano")]
    return CaseSpec(
        id="unschedulable-mpijob-volcano-gang-podgroup-sees-no-tasks",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=[f"{name}-worker-0", f"{name}-worker-1"],
        evidence="tasks in gang unschedulable",
        description="An mpi-operator v1alpha2 MPIJob with gang scheduling on Volcano: both GPU workers stay "
        "Pending for an hour with no scheduling event and the launcher is never created; the PodGroup the "
        "operator made (minMember 3) is Inqueue with 'Unschedulable / NotEnoughResources: 3/0 tasks in gang "
        "unschedulable', although the user says the cluster has free GPUs. Without gang scheduling the same "
        "job starts.",
        objects=[job, group, sts, *workers, *events],
        captured=at(3600),
        title="An MPIJob never launches after Volcano is installed: its PodGroup says '3/0 tasks in gang "
        "unschedulable: job is not ready, 3 minAvailable' and the workers stay Pending",
        source="https://github.com/volcano-sh/volcano/issues/452",
    )


@SCENARIOS.add
def unschedulable_vcjob_gang_partly_placed_twelve_workers_pending() -> CaseSpec:
    at = Clock(datetime(2026, 9, 18, 9, 20, tzinfo=timezone.utc))
    name, ns, queue = "b06a5ce9eb5994fb3abd0bf9963d06a97", "train-jobs", "default"
    ctr = Container(
        "trainning",
        "registry.example/ml/dist-train:1.12",
        command=["sh", "-c", "mkdir -p /var/run/sshd; /usr/sbin/sshd -D"],
        resources=gpu(8, "512Gi", "64"),
    )
    job = volcano_job(
        name=name,
        namespace=ns,
        created=at(0),
        queue=queue,
        tasks={"trainning": ctr},
        replicas={"trainning": 20},
        phase="Pending",
        min_available=20,
        counts={"pending": 12, "running": 8},
    )
    gang = "12/8 tasks in gang unschedulable: pod group is not ready, 20 minAvailable, 8 Running"
    group = pod_group(
        job,
        at(1),
        phase="Unknown",
        queue=queue,
        min_member=20,
        min_resources={"cpu": "1280", "memory": "10240Gi", "nvidia.com/gpu": "160"},
        conditions=[podgroup_condition("Unschedulable", at(19), "NotEnoughResources", gang, name)],
    )
    group["status"]["running"] = 8
    pods: list[Obj] = []
    logs: dict[str, str] = {}
    for i in range(20):
        if i < 8:
            c = Container(
                ctr.name,
                ctr.image,
                command=ctr.command,
                resources=ctr.resources,
                state=running(at(30 + i)),
                ready=True,
            )
            p = volcano_pod(
                job,
                "trainning",
                i,
                [c],
                group,
                created=at(2),
                phase="Running",
                node=f"gpu-a100-{i:02d}",
                scheduled=at(20 + i),
            )
            logs[f"{p['metadata']['name']}/{ctr.name}"] = stamped(
                ["Server listening on 0.0.0.0 port 22.", "Server listening on :: port 22."], at(31 + i), 0.01
            )
        else:
            c = Container(ctr.name, ctr.image, command=ctr.command, resources=ctr.resources)
            p = volcano_pod(job, "trainning", i, [c], group, created=at(2), phase="Pending", unschedulable=gang)
        pods.append(p)
    events = [event(group, "Unschedulable", gang, at(19), last=at(1790), count=90, component="volcano")]
    return CaseSpec(
        id="unschedulable-vcjob-gang-partly-placed-twelve-workers-pending",
        kind="vcjob",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=[p["metadata"]["name"] for p in pods[8:]],
        evidence="tasks in gang unschedulable",
        description="A Volcano Job of 20 GPU training workers (minAvailable 20, required node affinity): 8 "
        "were bound and run sshd, 12 stay Pending; the PodGroup is Unschedulable (NotEnoughResources) with "
        "phase Unknown because the gang cannot be placed whole, so training never starts.",
        objects=[job, group, *pods, *events],
        logs=logs,
        captured=at(1800),
        title="Volcano places 8 of 20 training workers although minAvailable is 20: PodGroup '12/8 tasks in gang "
        "unschedulable: pod group is not ready, 20 minAvailable, 8 Running', phase Unknown",
        source="https://github.com/volcano-sh/volcano/issues/2462",
    )


@SCENARIOS.add
def quota_exceeded_vcjob_gpu_queue_capability_extra_resources() -> CaseSpec:
    at = Clock(datetime(2026, 11, 22, 8, 20, 13, tzinfo=timezone.utc))
    name, ns, queue = "det-train-3090-0147", "perception", "tmp-nv3090-13"
    ctr = Container(
        "train",
        "registry.example/perception/det-train:2.1.0",
        command=["python", "tools/train.py", "configs/det_r50.py"],
        resources=gpu(1, "32Gi", "8"),
    )
    job = volcano_job(
        name=name,
        namespace=ns,
        created=at(30),
        queue=queue,
        tasks={"train": ctr},
        replicas={"train": 1},
        phase="Pending",
        min_available=1,
    )
    q: Obj = {
        "apiVersion": "scheduling.volcano.sh/v1beta1",
        "kind": "Queue",
        "metadata": {
            "name": queue,
            "uid": "e71ea131-c3c5-420e-b611-b2a6930912f4",
            "generation": 1,
            "resourceVersion": "4125550",
            "creationTimestamp": "2026-11-22T08:20:13Z",
        },
        "spec": {
            "capability": {
                "cpu": "99999",
                "memory": "999999Gi",
                "rdma.example.com/hca": "9999",
                "nvidia.com/gpu": "9999",
            },
            "reclaimable": False,
            "weight": 1,
        },
        "status": {"allocated": {"cpu": "0", "memory": "0"}, "pending": 1, "reservation": {}, "state": "Open"},
    }
    gang = "0/0 tasks in gang unschedulable: pod group is not ready, 1 minAvailable"
    group = pod_group(
        job,
        at(31),
        phase="Pending",
        queue=queue,
        min_member=1,
        min_resources={"cpu": "8", "memory": "32Gi", "nvidia.com/gpu": "1"},
        conditions=[podgroup_condition("Unschedulable", at(32), "NotEnoughResources", gang, name)],
    )
    events = [
        event(
            group,
            "Unschedulable",
            "queue resource quota insufficient",
            at(32),
            last=at(1190),
            count=120,
            type_="Normal",
            component="volcano",
        ),
        event(group, "Unschedulable", gang, at(32), last=at(1191), count=119, component="volcano"),
    ]
    return CaseSpec(
        id="quota-exceeded-vcjob-gpu-queue-capability-extra-resources",
        kind="vcjob",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="queue resource quota insufficient",
        description="A one-GPU training Volcano Job bound to a queue whose capability is huge and whose "
        "allocation is zero still never gets a pod: the PodGroup stays Pending with 'queue resource quota "
        "insufficient'. Removing the GPU and RDMA entries from the queue's capability let it schedule.",
        objects=[job, q, group, *events],
        captured=at(1200),
        title="Queue resources are ample but a Volcano Job stays Pending with no pod: 'queue resource quota "
        "insufficient' until the extended resources are taken out of the queue capability",
        source="https://github.com/volcano-sh/volcano/issues/3220",
    )


# One thread of this round's sample is not a case yet: volcano#3606, a Volcano Job Terminated
# whose only decisive line is an event about the cluster-scoped Volcano Queue it names in
# spec.queue (a SyncQueue failure), which the collector does not read. It was written and
# scored blind with the others (missed); its scenario and snapshot are in commit f79cb9c
# (quota-exceeded-vcjob-mpi-queue-status-invalid-job-terminated) - bring it back once the
# collector reads that Queue and the events about it.
