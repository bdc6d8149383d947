"""Fresh round 10: real public threads about schedulers, queues and operators (Volcano, Kueue, YuniKorn, training-operator, JobSet, LeaderWorkerSet).

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
    event,
    gpu,
    indexed_job_pod,
    job_condition,
    kubeflow_job,
    kubeflow_pod,
    kueue_workload,
    metav1_condition,
    object_meta,
    owner_ref,
    podgroup_condition,
    running,
    stamped,
    suffix,
    ts,
    uid,
)

SCENARIOS = Scenarios()


def _suspended(at: datetime, *, suspended: bool = True) -> Obj:
    """The Suspended condition the Job controller writes while Kueue holds a Job (or once it resumed it)."""
    return {
        "type": "Suspended",
        "status": "True" if suspended else "False",
        "reason": "JobSuspended" if suspended else "JobResumed",
        "message": "Job suspended" if suspended else "Job resumed",
        "lastProbeTime": ts(at),
        "lastTransitionTime": ts(at),
    }


def jobset_child_job(jobset: Obj, replicated_job: str, ctr: Container, created: datetime, conditions: list[Obj]) -> Obj:
    """The first (index 0) Job the JobSet controller creates for ``replicated_job``, suspended
    as the JobSet is, with the labels the controller puts on it."""
    name = jobset["metadata"]["name"]
    return batch_job(
        name=f"{name}-{replicated_job}-0",
        namespace=jobset["metadata"]["namespace"],
        created=created,
        container=ctr,
        suspend=True,
        completion_mode="Indexed",
        owner=owner_ref(jobset),
        labels={
            "jobset.sigs.k8s.io/jobset-name": name,
            "jobset.sigs.k8s.io/replicatedjob-name": replicated_job,
            "jobset.sigs.k8s.io/replicatedjob-replicas": "1",
            "jobset.sigs.k8s.io/job-index": "0",
            "jobset.sigs.k8s.io/restart-attempt": "0",
        },
        conditions=conditions,
    )


def _created_workload(job: Obj, wl: Obj, at: datetime) -> Obj:
    """Kueue's event on a Job when it creates the Job's Workload."""
    ns = job["metadata"]["namespace"]
    return event(
        job,
        "CreatedWorkload",
        f"Created Workload: {ns}/{wl['metadata']['name']}",
        at,
        type_="Normal",
        component="kueue-job-controller",
    )


# -- Kueue: the ClusterQueue names ResourceFlavors that do not exist, so it is inactive ------------------


@SCENARIOS.add
def quota_exceeded_job_kueue_clusterqueue_inactive_missing_flavor() -> CaseSpec:
    at = Clock(datetime(2026, 11, 27, 8, 14, tzinfo=timezone.utc))
    name, ns, queue, cq = "sample-job-x7k2p", "team-a", "team-a-queue", "team-a"
    ctr = Container(
        "dummy-job",
        "registry.k8s.io/e2e-test-images/agnhost:2.53",
        args=["entrypoint-tester", "hello", "world"],
        resources={"requests": {"cpu": "1", "memory": "200Mi"}},
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        suspend=True,
        completions=3,
        parallelism=3,
        labels={"kueue.x-k8s.io/queue-name": queue},
        conditions=[],
    )
    job["status"]["conditions"] = [_suspended(at(1))]
    why = f"ClusterQueue {cq} is inactive"
    wl = kueue_workload(
        job,
        at(1),
        queue=queue,
        pod_sets=[{"name": "main", "count": 3}],
        conditions=[metav1_condition("QuotaReserved", at(1), "Inadmissible", why, status=False)],
    )
    wl["status"]["resourceRequests"] = [{"name": "main", "resources": {"cpu": "3", "memory": "600Mi"}}]
    events = [
        event(job, "Suspended", "Job suspended", at(1), type_="Normal", component="job-controller"),
        _created_workload(job, wl, at(1)),
        event(wl, "Pending", why, at(2), last=at(1790), count=34, type_="Normal", component="kueue-admission"),
    ]
    return CaseSpec(
        id="quota-exceeded-job-kueue-clusterqueue-inactive-missing-flavor",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="is inactive",
        description="The ClusterQueue lists ResourceFlavors 'default' and 'spot', but the flavors that exist are "
        "named 'default-flavor' and 'spot-flavor'. Kueue marks the ClusterQueue Active=False (FlavorNotFound: "
        '"Can\'t admit new workloads: references missing ResourceFlavor(s): default,spot."), the LocalQueue '
        "reports ClusterQueueIsInactive, and the Job's Workload is Inadmissible: the Job stays suspended and "
        "no pod is ever created. Nothing is wrong with the Job itself; the queue cannot admit anything.",
        objects=[job, wl, *events],
        captured=at(1800),
        title="Kueue sample ClusterQueue references ResourceFlavors that do not exist: the ClusterQueue is "
        "inactive (FlavorNotFound) and the Job's Workload stays pending",
        source="https://github.com/headlamp-k8s/plugins/issues/1191",
    )


# -- training-operator MPIJob under Volcano gang scheduling: one worker runs, the rest wait -------------


@SCENARIOS.add
def unschedulable_mpijob_volcano_gang_launcher_and_worker_pending() -> CaseSpec:
    at = Clock(datetime(2026, 11, 26, 10, 6, 10, tzinfo=timezone.utc))
    name, ns = "hvd-tf1-mnist", "aios"
    image = "registry.example/aios/horovod-tf1-mnist:0.19.5-tf1.15"
    launcher_ctr = Container(
        "mpi",
        image,
        command=[
            "mpirun",
            "--allow-run-as-root",
            "-np",
            "2",
            "-bind-to",
            "none",
            "-map-by",
            "slot",
            "-x",
            "NCCL_DEBUG=INFO",
            "-x",
            "LD_LIBRARY_PATH",
            "-x",
            "PATH",
            "-mca",
            "pml",
            "ob1",
            "-mca",
            "btl",
            "^openib",
            "python",
            "/examples/tensorflow_mnist.py",
        ],
        resources=cpu_only("1Gi", "1"),
    )
    worker_ctr = Container("mpi", image, command=["sleep"], args=["365d"], resources=gpu(1, "16Gi", "4"))
    conditions = [
        job_condition("Created", at(0), "MPIJobCreated", f"MPIJob {ns}/{name} is created."),
        job_condition("Running", at(2), "MPIJobRunning", f"MPIJob {ns}/{name} is running."),
    ]
    job = kubeflow_job(
        kind="MPIJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Launcher": Replicas(1, launcher_ctr, "Never"), "Worker": Replicas(2, worker_ctr, "Never")},
        conditions=conditions,
        statuses={"Launcher": {}, "Worker": {"active": 1}},
        start=at(2),
        run_policy={"backoffLimit": 0, "cleanPodPolicy": "Running", "schedulingPolicy": {"minAvailable": 3}},
        extra_spec={"slotsPerWorker": 1},
    )
    gang = "2/1 tasks in gang unschedulable: pod group is not ready, 1 Running, 3 minAvailable"
    group = {
        "apiVersion": "scheduling.volcano.sh/v1beta1",
        "kind": "PodGroup",
        "metadata": {
            "name": name,
            "namespace": ns,
            "uid": uid(ns, "PodGroup", name),
            "creationTimestamp": ts(at(1)),
            "ownerReferences": [owner_ref(job)],
        },
        "spec": {
            "minMember": 3,
            "minResources": {"cpu": "9", "memory": "33Gi", "nvidia.com/gpu": "2"},
            "queue": "default",
        },
        "status": {
            "phase": "Unknown",
            "running": 1,
            "conditions": [podgroup_condition("Unschedulable", at(923), "NotEnoughResources", gang, "hvd-gang")],
        },
    }
    marks = {"scheduling.k8s.io/group-name": name}
    worker0 = kubeflow_pod(
        job,
        "worker",
        0,
        [
            Container(
                "mpi",
                image,
                command=["sleep"],
                args=["365d"],
                resources=worker_ctr.resources,
                state=running(at(40)),
                ready=True,
            )
        ],
        created=at(1),
        phase="Running",
        node="gpu-node-212",
        scheduled=at(5),
        scheduler="volcano",
        annotations=marks,
        restart_policy="Never",
    )
    worker1 = kubeflow_pod(
        job,
        "worker",
        1,
        [Container("mpi", image, command=["sleep"], args=["365d"], resources=worker_ctr.resources)],
        created=at(1),
        phase="Pending",
        unschedulable=gang,
        scheduler="volcano",
        annotations=marks,
        restart_policy="Never",
    )
    launcher = kubeflow_pod(
        job,
        "launcher",
        0,
        [Container("mpi", image, command=launcher_ctr.command, resources=launcher_ctr.resources)],
        name=f"{name}-launcher",
        created=at(1),
        phase="Pending",
        unschedulable=gang,
        scheduler="volcano",
        annotations=marks,
        restart_policy="Never",
    )
    events = [
        *(
            event(
                job,
                "SuccessfulCreatePod",
                f"Created pod: {p['metadata']['name']}",
                at(1),
                type_="Normal",
                component="mpijob-controller",
            )
            for p in (worker0, worker1, launcher)
        ),
        event(group, "Unschedulable", gang, at(6), last=at(955), count=160, component="volcano"),
        *(
            event(p, "FailedScheduling", gang, at(6), last=at(955), count=160, component="volcano")
            for p in (worker1, launcher)
        ),
    ]
    return CaseSpec(
        id="unschedulable-mpijob-volcano-gang-launcher-and-worker-pending",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=[launcher["metadata"]["name"], worker1["metadata"]["name"]],
        evidence="tasks in gang unschedulable",
        description="An MPIJob (training-operator, Volcano gang scheduling, minAvailable 3) shows STATE Running, "
        "but only worker-0 was placed: the PodGroup is Unschedulable (NotEnoughResources) and the launcher "
        "and worker-1 have been Pending for a quarter of an hour because the cluster has no room for the "
        "second GPU worker. worker-0 only runs sleep, waiting for a launcher that cannot start.",
        objects=[job, group, worker0, worker1, launcher, *events],
        captured=at(960),
        title="MPIJob shows Running while the Volcano PodGroup is NotEnoughResources: '2/1 tasks in gang "
        "unschedulable: pod group is not ready, 1 Running, 3 minAvailable' - launcher and worker-1 Pending",
        source="https://github.com/kubeflow/trainer/issues/1617",
    )


# -- healthy: Kueue admitted the workload; its message lists a flavor it considered and skipped ---------


@SCENARIOS.add
def healthy_job_kueue_admitted_flavor_considered_nofit() -> CaseSpec:
    at = Clock(datetime(2026, 11, 28, 16, 30, tzinfo=timezone.utc))
    name, ns, queue, cq = "resnet-tas-sweep", "vision", "tas-queue", "tas-main"
    image = "registry.example/vision/resnet-train:torch2.5-cu124"
    cmd = ["torchrun", "--nnodes=4", "--nproc_per_node=8", "train.py", "--arch", "resnet152", "--epochs", "90"]
    ctr = Container("trainer", image, command=cmd, resources=gpu(8, "640Gi", "64"))
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        completions=4,
        parallelism=4,
        completion_mode="Indexed",
        labels={"kueue.x-k8s.io/queue-name": queue},
        active=4,
        ready=4,
        start=at(5),
        conditions=[],
    )
    job["spec"]["template"]["metadata"]["annotations"] = {
        "kueue.x-k8s.io/podset-required-topology": "cloud.google.com/gce-topology-block"
    }
    job["status"]["conditions"] = [_suspended(at(5), suspended=False)]
    reserved = (
        f"Quota reserved in ClusterQueue {cq}, wait time since queued was 4s; Flavors considered: main: "
        'default(NoFit;Flavor "default" does not support TopologyAwareScheduling)'
    )
    admitted = f"Admitted by ClusterQueue {cq}, wait time since reservation was 0s"
    wl = kueue_workload(
        job,
        at(1),
        queue=queue,
        pod_sets=[{"name": "main", "count": 4, "topologyRequest": {"required": "cloud.google.com/gce-topology-block"}}],
        conditions=[
            metav1_condition("QuotaReserved", at(5), "QuotaReserved", reserved),
            metav1_condition("Admitted", at(5), "Admitted", "The workload is admitted"),
        ],
        admission={
            "clusterQueue": cq,
            "podSetAssignments": [
                {
                    "name": "main",
                    "count": 4,
                    "flavors": {"cpu": "tas-h100", "memory": "tas-h100", "nvidia.com/gpu": "tas-h100"},
                }
            ],
        },
    )
    pods: list[Obj] = []
    logs: dict[str, str] = {}
    for i in range(4):
        c = Container("trainer", image, command=cmd, resources=ctr.resources, state=running(at(70)), ready=True)
        p = indexed_job_pod(job, i, [c], created=at(6), phase="Running", node=f"h100-block-a-{i + 3}", scheduled=at(7))
        pods.append(p)
        head = [
            "W1128 16:31:12.504000 1 torch/distributed/run.py:793] ",
            "W1128 16:31:12.504000 1 torch/distributed/run.py:793] *****************************************",
            "W1128 16:31:12.504000 1 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable "
            "for each process to be 1 in default, to avoid your system being overloaded, please further tune the "
            "variable for optimal performance in your application as needed. ",
            "W1128 16:31:12.504000 1 torch/distributed/run.py:793] *****************************************",
        ]
        body = [
            f"Epoch: [0][{s:4d}/5005]\tTime  0.412 ( 0.431)\tData  0.012 ( 0.019)\tLoss 6.{90 - s // 100:02d}e+00 "
            f"(6.{91 - s // 120:02d}e+00)\tAcc@1   0.{s % 9}0 (  0.{s % 7}1)\tAcc@5   {s % 5}.20 (  {s % 4}.11)"
            for s in range(0, 2400, 10)
        ]
        if i == 0:
            logs[f"{p['metadata']['name']}/trainer"] = stamped([*head, *body], at(72), [1.0] * 4 + [4.3])
    events = [
        _created_workload(job, wl, at(1)),
        event(wl, "QuotaReserved", reserved, at(5), type_="Normal", component="kueue-admission"),
        event(wl, "Admitted", admitted, at(5), type_="Normal", component="kueue-admission"),
        event(
            job, "Started", "Admitted by clusterQueue tas-main", at(5), type_="Normal", component="kueue-job-controller"
        ),
        event(job, "Resumed", "Job resumed", at(5), type_="Normal", component="job-controller"),
        *(
            event(
                job,
                "SuccessfulCreate",
                f"Created pod: {p['metadata']['name']}",
                at(6),
                type_="Normal",
                component="job-controller",
            )
            for p in pods
        ),
    ]
    return CaseSpec(
        id="healthy-job-kueue-admitted-flavor-considered-nofit",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="Kueue admitted the Topology-Aware workload four seconds after it was queued. The "
        "QuotaReserved message lists every flavor it considered, and says the first one was skipped: "
        "'default(NoFit;Flavor \"default\" does not support TopologyAwareScheduling)'. That is a summary of the "
        "flavor search, not a rejection: the quota was reserved in the TAS flavor, all four pods run, and "
        "training progresses.",
        objects=[job, wl, *pods, *events],
        logs=logs,
        captured=at(1200),
        title="Kueue's QuotaReserved message on an admitted workload lists the flavors it considered: "
        "'Flavors considered: ...: default(NoFit;Flavor \"default\" does not support TopologyAwareScheduling)'",
        source="https://github.com/kubernetes-sigs/kueue/pull/7646",
    )


# -- Kueue suspends the child Jobs of a JobSet in a namespace it does not manage ----------------------


@SCENARIOS.add
def quota_exceeded_jobset_child_jobs_suspended_by_kueue_unmanaged_namespace() -> CaseSpec:
    at = Clock(datetime(2026, 11, 27, 13, 2, tzinfo=timezone.utc))
    name, ns = "sleep-job-x5ffx", "test"
    ctr = Container(
        "sleep",
        "registry.k8s.io/e2e-test-images/agnhost:2.53",
        command=["sleep"],
        args=["100s"],
        resources={"requests": {"cpu": "1", "memory": "200Mi"}},
    )
    replicated = ("driver", "workers")
    jobset = {
        "apiVersion": "jobset.x-k8s.io/v1alpha2",
        "kind": "JobSet",
        "metadata": object_meta(ns, "JobSet", name, at(0)),
        "spec": {
            "suspend": False,
            "network": {"enableDNSHostnames": True, "subdomain": name},
            "replicatedJobs": [
                {
                    "name": rj,
                    "replicas": 1,
                    "template": {
                        "spec": {
                            "parallelism": 1,
                            "completions": 1,
                            "backoffLimit": 0,
                            "completionMode": "Indexed",
                            "template": {"spec": {"restartPolicy": "Never", "containers": [ctr.spec()]}},
                        }
                    },
                }
                for rj in replicated
            ],
            "successPolicy": {"operator": "All"},
            "startupPolicy": {"startupPolicyOrder": "AnyOrder"},
        },
        "status": {
            "restarts": 0,
            "replicatedJobsStatus": [
                {"name": rj, "ready": 0, "succeeded": 0, "failed": 0, "active": 0, "suspended": 1} for rj in replicated
            ],
        },
    }
    objects: list[Obj] = [jobset]
    for rj in replicated:
        child = f"{name}-{rj}-0"
        job = jobset_child_job(jobset, rj, ctr, at(1), [])
        job["status"]["conditions"] = [_suspended(at(3))]
        gone = f"{child}-0-{suffix(child, 'pod')}"
        objects += [
            job,
            event(job, "SuccessfulCreate", f"Created pod: {gone}", at(2), type_="Normal", component="job-controller"),
            event(job, "Suspended", "Job suspended", at(3), type_="Normal", component="job-controller"),
            event(job, "SuccessfulDelete", f"Deleted pod: {gone}", at(3), type_="Normal", component="job-controller"),
        ]
    return CaseSpec(
        id="quota-exceeded-jobset-child-jobs-suspended-by-kueue-unmanaged-namespace",
        kind="JobSet",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="Job suspended",
        description="Kueue runs with manageJobsWithoutQueueName: true and a managedJobsNamespaceSelector that "
        "excludes the namespace 'test'. A JobSet created there is not suspended and carries no queue name, "
        "yet Kueue's Job webhook suspends its child Jobs: their first pods are deleted again, no Workload is "
        "ever created (the namespace is not managed), so nothing will resume them. The JobSet waits forever "
        "with every replicated Job suspended.",
        objects=objects,
        captured=at(960),
        title="Kueue suspends the child Jobs of a JobSet in a namespace its managedJobsNamespaceSelector excludes "
        "(manageJobsWithoutQueueName: true): the JobSet is not suspended, its Jobs stay Suspended",
        source="https://github.com/kubernetes-sigs/kueue/issues/7649",
    )
