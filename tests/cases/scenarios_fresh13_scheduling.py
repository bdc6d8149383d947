"""Fresh round 13: real public threads about schedulers, queues and operators (Volcano, Kueue, YuniKorn, training-operator, JobSet, LeaderWorkerSet).

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    PodPlan,
    Replicas,
    Scenarios,
    batch_job,
    cpu_only,
    event,
    gpu,
    job_condition,
    kubeflow_conditions,
    kubeflow_job,
    kubeflow_pod,
    kubeflow_with_pods,
    kueue_workload,
    metav1_condition,
    owner_ref,
    pod,
    pod_phase,
    podgroup_condition,
    running,
    stamped,
    suffix,
    terminated,
    text,
    ts,
    uid,
    volcano_job,
    volcano_pod,
    waiting,
)
from tests.cases.scenarios_fresh7_operators import _ORTE_UNABLE
from tests.cases.scenarios_fresh10_scheduling import _suspended

SCENARIOS = Scenarios()

# mpi-operator's v1 controller: labels on the launcher and the worker pods, and the line its
# kubexec.sh traces before it starts orted on a worker.
_ENV_PREFIX = (
    "PATH=/usr/local/bin:$PATH ; export PATH ; LD_LIBRARY_PATH=/usr/local/lib:$LD_LIBRARY_PATH ; "
    "export LD_LIBRARY_PATH ; DYLD_LIBRARY_PATH=/usr/local/lib:$DYLD_LIBRARY_PATH ; export DYLD_LIBRARY_PATH ;   "
)


def _kubexec(name: str, launcher: str, workers: int, jobid: str, hnp: str) -> list[str]:
    """The launcher's trace of ``kubectl exec``-ing orted into each worker (mpi-operator v1)."""
    lines: list[str] = []
    for i in range(workers):
        lines += [
            f"+ POD_NAME={name}-worker-{i}",
            "+ shift",
            f"+ /opt/kube/kubectl exec {name}-worker-{i} -- /bin/sh -c     "
            + _ENV_PREFIX
            + f'/usr/local/bin/orted -mca ess "env" -mca ess_base_jobid "{jobid}" -mca ess_base_vpid {i + 1} '
            f'-mca ess_base_num_procs "{workers + 1}" -mca orte_node_regex '
            f'"{launcher},{name}-worker-[2:0-{workers - 1}]@0({workers + 1})" -mca orte_hnp_uri '
            f'"{jobid}.0;tcp://{hnp}" -mca plm "rsh" -mca plm_rsh_agent "/etc/mpi/kubexec.sh" '
            '-mca orte_default_hostfile "/etc/mpi/hostfile" -mca pmix "^s1,s2,cray,isolated"',
        ]
    return lines


class _MpiV1:
    """An mpi-operator v1 MPIJob (Running) with its launcher batch Job and its workers' StatefulSet,
    and the pods they create, labelled as that controller labels them."""

    def __init__(
        self, at: Clock, name: str, ns: str, launcher: Container, worker: Container, workers: int, **launcher_job: Any
    ) -> None:
        self.at, self.name, self.ns, self.launcher, self.worker, self.workers = at, name, ns, launcher, worker, workers
        self.job = kubeflow_job(
            kind="MPIJob",
            name=name,
            namespace=ns,
            created=at(0),
            replicas={"Launcher": Replicas(1, launcher, "Never"), "Worker": Replicas(workers, worker, "Never")},
            conditions=kubeflow_conditions("MPIJob", name, at(30)),
            statuses={"Launcher": {"active": 1}, "Worker": {"active": workers}},
            start=at(0),
            extra_spec={"slotsPerWorker": 8},
        )
        self.job["spec"].pop("runPolicy", None)
        self.job["spec"]["cleanPodPolicy"] = "Running"
        self.labels = {"group-name": "kubeflow.org", "mpi-job-name": name}
        self.sts = {
            "apiVersion": "apps/v1",
            "kind": "StatefulSet",
            "metadata": {
                "name": f"{name}-worker",
                "namespace": ns,
                "uid": uid(ns, "StatefulSet", f"{name}-worker"),
                "creationTimestamp": ts(at(0)),
                "labels": {**self.labels, "mpi-job-role": "worker"},
                "ownerReferences": [owner_ref(self.job)],
            },
            "spec": {"replicas": workers, "podManagementPolicy": "Parallel", "serviceName": f"{name}-worker"},
            "status": {"replicas": workers, "readyReplicas": workers, "currentReplicas": workers},
        }
        self.launcher_job = batch_job(
            name=f"{name}-launcher",
            namespace=ns,
            created=at(22),
            container=launcher,
            owner=owner_ref(self.job),
            start=at(22),
            conditions=[],
            active=1,
            backoff_limit=6,
            labels={**self.labels, "mpi-job-role": "launcher"},
            **launcher_job,
        )

    def launcher_pod(self, pod_name: str, state: Obj, created: float, node: str, **kw: Any) -> Obj:
        c = self.launcher
        extra = {k: kw.pop(k) for k in ("last", "restarts") if k in kw}
        ctr = Container(c.name, c.image, command=c.command, args=c.args, resources=c.resources, state=state, **extra)
        ctr.ready = "running" in state
        return pod(
            name=pod_name,
            namespace=self.ns,
            labels={**self.labels, "mpi-job-role": "launcher", "job-name": f"{self.name}-launcher"},
            owner=owner_ref(self.launcher_job),
            containers=[ctr],
            created=self.at(created),
            phase=kw.pop("phase", None) or pod_phase(state, extra.get("restarts", 0)),
            node=node,
            scheduled=self.at(created),
            **kw,
        )

    def worker_pods(self, recreated: dict[int, float] | None = None, node_base: int = 1) -> list[Obj]:
        """The workers, running since the job started; ``recreated`` the ones their StatefulSet made again, and when."""
        out = []
        for i in range(self.workers):
            since = (recreated or {}).get(i, 0)
            c = self.worker
            ctr = Container(
                c.name,
                c.image,
                command=c.command,
                args=c.args,
                resources=c.resources,
                state=running(self.at(since + 18)),
            )
            ctr.ready = True
            out.append(
                pod(
                    name=f"{self.name}-worker-{i}",
                    namespace=self.ns,
                    labels={
                        **self.labels,
                        "mpi-job-role": "worker",
                        "statefulset.kubernetes.io/pod-name": f"{self.name}-worker-{i}",
                    },
                    owner=owner_ref(self.sts),
                    containers=[ctr],
                    restart_policy="Always",
                    created=self.at(since + 2),
                    phase="Running",
                    node=f"gpu-node-{i + node_base}",
                    scheduled=self.at(since + 3),
                )
            )
        return out


# -- Volcano Job Pending: the PodGroup says only "tasks in gang unschedulable" (NotEnoughResources) ---


@SCENARIOS.add
def unschedulable_vcjob_gang_not_enough_resources_pod_no_events() -> CaseSpec:
    at = Clock(datetime(2026, 11, 26, 2, 17, 58, tzinfo=timezone.utc))
    name, ns = "test", "default"
    ctr = Container(
        "worker",
        "registry.example/ml/trainer:1.0",
        command=["python", "train.py"],
        resources=cpu_only("16Gi", "5"),
    )
    job = volcano_job(
        name=name,
        namespace=ns,
        created=at(0),
        queue="default",
        tasks={"worker": ctr},
        replicas={"worker": 1},
        phase="Pending",
        min_available=1,
        counts={"pending": 1},
    )
    job["status"]["state"]["lastTransitionTime"] = ts(at(0))
    job["status"]["conditions"][0]["lastTransitionTime"] = ts(at(0))
    gang = "1/1 tasks in gang unschedulable: pod group is not ready, 1 Pending, 1 minAvailable."
    captured = 110697  # 2026-11-27T09:02:55Z
    # Volcano before 1.5 names the PodGroup as its job.
    group = {
        "apiVersion": "scheduling.volcano.sh/v1beta1",
        "kind": "PodGroup",
        "metadata": {
            "name": name,
            "namespace": ns,
            "uid": uid(ns, "PodGroup", name),
            "creationTimestamp": ts(at(0)),
            "ownerReferences": [owner_ref(job)],
        },
        "spec": {"minMember": 1, "minResources": {"cpu": "5", "memory": "16Gi"}, "queue": "default"},
        "status": {
            "phase": "Inqueue",
            "conditions": [
                podgroup_condition("Unschedulable", at(captured - 69), "NotEnoughResources", gang, "pg-test")
            ],
        },
    }
    p = volcano_pod(
        job,
        "worker",
        0,
        [Container(ctr.name, ctr.image, command=ctr.command, resources=ctr.resources)],
        group,
        created=at(1),
        phase="Pending",
        unschedulable=gang,
    )
    events = [
        event(
            group,
            "Unschedulable",
            gang,
            at(captured - 93600),
            last=at(captured - 69),
            count=78789,
            component="volcano",
        ),
    ]
    return CaseSpec(
        id="unschedulable-vcjob-gang-not-enough-resources-pod-no-events",
        kind="vcjob",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=p["metadata"]["name"],
        evidence="tasks in gang unschedulable",
        description="A one-task Volcano Job (Volcano 1.0.1, queue default, minAvailable 1) has waited 31 hours: the "
        "job is Pending with no events, its pod is Pending with no events, and only the PodGroup (Inqueue) says "
        "why, in Volcano's gang words: condition Unschedulable, reason NotEnoughResources, '1/1 tasks in gang "
        "unschedulable: pod group is not ready, 1 Pending, 1 minAvailable.' repeated 78789 times over 26 hours. No "
        "node has room for the task's request (5 CPUs, 16Gi); the reporter asked Volcano to say which resource "
        "is short.",
        objects=[job, group, p, *events],
        captured=at(captured),
        title="A Volcano Job stays Pending with no events on the job or the pod; only its PodGroup says "
        "'1/1 tasks in gang unschedulable: pod group is not ready, 1 Pending, 1 minAvailable.' (NotEnoughResources)",
        source="https://github.com/volcano-sh/volcano/issues/1094",
    )


# -- MPIJob: a worker crashes, the launcher loses its daemon; the restarted launcher cannot start them -


@SCENARIOS.add
def rendezvous_error_mpijob_relaunch_orte_daemons_after_worker_crash() -> CaseSpec:
    at = Clock(datetime(2026, 11, 4, 0, 36, 19, tzinfo=timezone.utc))
    name, ns, workers = "tf-bert-libnlp-token-lr-5e-6-fp32-1572827779", "nlp", 20
    image = "registry.example/nlp/tf-bert-horovod:0.18.2-tf1.14-py3"
    launcher_ctr = Container(
        "launcher",
        image,
        command=["mpirun"],
        args=[
            *("--allow-run-as-root", "-np", "160", "-bind-to", "none", "-map-by", "slot"),
            *("-x", "NCCL_DEBUG=INFO", "-x", "LD_LIBRARY_PATH", "-x", "PATH"),
            *("python", "run_pretraining.py", "--bert_config_file=/data/bert_config.json"),
            *("--learning_rate=5e-6", "--use_fp16=false"),
        ],
        resources=cpu_only("8Gi", "2"),
    )
    worker_ctr = Container("worker", image, command=["sleep"], args=["365d"], resources=gpu(8, "480Gi", "90"))
    crash = 15007  # worker-19 is gone; launcher 1 exits
    mpi = _MpiV1(at, name, ns, launcher_ctr, worker_ctr, workers, failed=1)
    job, sts, launcher_job = mpi.job, mpi.sts, mpi.launcher_job
    first = f"{name}-launcher-gdqv7"
    second = f"{name}-launcher-{suffix(name, 'launcher', '1')}"
    pods = [
        mpi.launcher_pod(first, terminated(1, at(25), at(crash)), 22, "cpu-pool-a-2"),
        mpi.launcher_pod(second, running(at(crash + 14)), crash + 11, "cpu-pool-a-4"),
        *mpi.worker_pods({workers - 1: crash}, node_base=11),
    ]
    steps = []
    for s in range(100, 1500, 100):
        steps += [
            f"[1,0]<stderr>:INFO:tensorflow:global_step/sec: {1.60 + (s % 300) / 1000:.5f}",
            f"[1,0]<stderr>:INFO:tensorflow:loss = {7.91 - s / 420:.4f}, step = {s} ({61.2 + (s % 7) / 10:.3f} sec)",
        ]
    first_log = text(
        *_kubexec(name, first, workers, "2819096576", "10.244.37.9:41873"),
        "[1,0]<stderr>:INFO:tensorflow:***** Running training *****",
        "[1,0]<stderr>:INFO:tensorflow:  Batch size = 32",
        *steps,
        "--------------------------------------------------------------------------",
        "ORTE has lost communication with a remote daemon.",
        "",
        f"  HNP daemon   : [[43015,0],0] on node {first}",
        f"  Remote daemon: [[43015,0],20] on node {name}-worker-19",
        "",
        "This is usually due to either a failure of the TCP network",
        "connection to the node, or possibly an internal failure of",
        "the daemon itself. We cannot recover from this failure, and",
        "therefore will terminate the job.",
        "--------------------------------------------------------------------------",
    )
    second_log = stamped(
        [*_kubexec(name, second, workers, "2764832768", "10.244.52.16:38219"), *_ORTE_UNABLE],
        at(crash + 15),
        0.2,
    )
    events = [
        event(
            launcher_job,
            "SuccessfulCreate",
            f"Created pod: {first}",
            at(30),
            type_="Normal",
            component="job-controller",
        ),
        event(
            launcher_job,
            "SuccessfulCreate",
            f"Created pod: {second}",
            at(crash + 11),
            type_="Normal",
            component="job-controller",
        ),
        event(
            sts,
            "SuccessfulCreate",
            f"create Pod {name}-worker-19 in StatefulSet {name}-worker successful",
            at(crash + 3),
            type_="Normal",
            component="statefulset-controller",
        ),
    ]
    return CaseSpec(
        id="rendezvous-error-mpijob-relaunch-orte-daemons-after-worker-crash",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=second,
        evidence="ORTE was unable to reliably start one or more daemons",
        description="A 20-worker Horovod BERT pre-training MPIJob (mpi-operator: the launcher is a batch Job, the "
        "workers a StatefulSet that mpirun reaches through kubexec.sh; the thread ran an earlier API version of "
        "the same layout). After four hours worker-19 crashes and is recreated by its StatefulSet; the first "
        "launcher loses its daemon there ('ORTE has lost communication with a remote daemon ... on node "
        "...-worker-19') and exits. The Job controller starts a second launcher, which prints 'ORTE was unable to "
        "reliably start one or more daemons' and then hangs: the ranks can never be brought together again, and "
        "the job neither runs nor fails.",
        objects=[job, launcher_job, sts, *pods, *events],
        logs={f"{first}/launcher": first_log, f"{second}/launcher": second_log},
        captured=at(crash + 3600),
        title="Launcher hangs after a worker failure: 'ORTE has lost communication with a remote daemon', then "
        "the restarted launcher prints 'ORTE was unable to reliably start one or more daemons' and hangs",
        source="https://github.com/kubeflow/mpi-operator/issues/152",
    )


# -- MPIJob: the launcher crash-loops; its log says a rank on worker-1 was killed by signal 9 (OOM) -----


@SCENARIOS.add
def oom_killed_mpijob_launcher_crashloop_rank_signal9_workers_running() -> CaseSpec:
    at = Clock(datetime(2026, 11, 9, 19, 4, 12, tzinfo=timezone.utc))
    name, ns, workers = "mpi-test-2-mpijob", "default", 2
    image = "mpioperator/tensorflow-benchmarks:latest"
    launcher_ctr = Container(
        "tensorflow-benchmarks",
        image,
        command=["mpirun"],
        args=[
            *("--allow-run-as-root", "-np", "2", "-bind-to", "none", "-map-by", "slot"),
            *("python", "scripts/tf_cnn_benchmarks/tf_cnn_benchmarks.py"),
            *("--model=resnet101", "--batch_size=64", "--variable_update=horovod"),
        ],
        resources=cpu_only("2Gi", "1"),
    )
    worker_ctr = Container(
        "tensorflow-benchmarks", image, command=["sleep"], args=["365d"], resources=gpu(1, "8Gi", "4")
    )
    mpi = _MpiV1(at, name, ns, launcher_ctr, worker_ctr, workers, restart_policy="OnFailure")
    job, sts, launcher_job = mpi.job, mpi.sts, mpi.launcher_job
    lname = f"{name}-launcher-lv2fx"
    captured = 840
    backoff = f"back-off 20s restarting failed container={launcher_ctr.name} pod={lname}_{ns}({uid(ns, 'pod', lname)})"
    launcher = mpi.launcher_pod(
        lname,
        waiting("CrashLoopBackOff", backoff),
        22,
        "gpu-node-3",
        last=terminated(137, at(781), at(826)),
        restarts=2,
        phase="Running",
        restart_policy="OnFailure",
        qos="Burstable",
    )
    pods = [launcher, *mpi.worker_pods(node_base=4)]
    log = text(
        *_kubexec(name, lname, workers, "3120758784", "10.244.3.41:43511"),
        "[1,0]<stdout>:TensorFlow:  1.12",
        "[1,0]<stdout>:Model:       resnet101",
        "[1,0]<stdout>:Dataset:     imagenet (synthetic)",
        "[1,0]<stdout>:Mode:        training",
        "[1,0]<stdout>:SingleSess:  False",
        "[1,0]<stdout>:Batch size:  128 global",
        "[1,0]<stdout>:             64 per device",
        "[1,0]<stdout>:Num batches: 100",
        "[1,0]<stdout>:Num epochs:  0.01",
        "[1,0]<stdout>:Devices:     ['horovod/gpu:0', 'horovod/gpu:1']",
        "[1,0]<stdout>:Data format: NCHW",
        "[1,0]<stdout>:Optimizer:   sgd",
        "[1,0]<stdout>:Variables:   horovod",
        "[1,0]<stdout>:==========",
        "[1,0]<stdout>:Generating model",
        "-------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "-------------------------------------------------------",
        "--------------------------------------------------------------------------",
        f"mpirun.real noticed that process rank 1 with PID 39 on node {name}-worker-1 exited on signal 9 (Killed).",
        "--------------------------------------------------------------------------",
    )
    events = [
        event(
            launcher_job,
            "SuccessfulCreate",
            f"Created pod: {lname}",
            at(22),
            type_="Normal",
            component="job-controller",
        ),
        event(
            launcher,
            "BackOff",
            f"Back-off restarting failed container {launcher_ctr.name} in pod {lname}_{ns}({uid(ns, 'pod', lname)})",
            at(380),
            last=at(827),
            count=4,
            host="gpu-node-3",
        ),
    ]
    return CaseSpec(
        id="oom-killed-mpijob-launcher-crashloop-rank-signal9-workers-running",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=lname,
        evidence="exited on signal 9 (Killed)",
        description="An mpi-operator MPIJob running tf_cnn_benchmarks (ResNet-101) on two 1-GPU workers. The "
        "launcher is in CrashLoopBackOff while both workers show Running with no restarts and the launcher's Job "
        "shows only 'Created pod'. Only the launcher's log says what happened: mpirun aborted the job because rank "
        "1 on worker-1 'exited on signal 9 (Killed)'. The reporter later found that the rank had run out of "
        "memory; the worker container itself (sleep, reached through kubectl exec) never restarts, so nothing on "
        "the worker pod shows it.",
        objects=[job, launcher_job, sts, *pods, *events],
        logs={f"{lname}/{launcher_ctr.name}.previous": log},
        captured=at(captured),
        title="MPIJob launcher in CrashLoopBackOff while the workers show Running: 'mpirun.real noticed that process "
        "rank 1 with PID 39 on node ...-worker-1 exited on signal 9 (Killed)' (an OOM on the worker)",
        source="https://github.com/kubeflow/mpi-operator/issues/90",
    )


# -- PyTorchJob under Volcano gang scheduling: the operator logs a status error, training goes on -------


@SCENARIOS.add
def healthy_pytorchjob_volcano_gang_operator_status_error_training_runs() -> CaseSpec:
    at = Clock(datetime(2026, 11, 28, 9, 49, 40, tzinfo=timezone.utc))
    name, ns = "pytorch-tcp-dist-mnist", "default"
    ctr = Container(
        "pytorch",
        "gcr.io/kubeflow-ci/pytorch-dist-mnist-test:v1.0",
        args=["--backend", "gloo"],
        ports=[{"containerPort": 23456, "name": "pytorchjob-port", "protocol": "TCP"}],
        resources=cpu_only("2Gi", "1"),
    )
    gang_marks = {"scheduling.k8s.io/group-name": name}
    master_steps = [
        f"Train Epoch: 1 [{b * 640}/60000 ({round(b * 640 / 600)}%)]\tloss={2.3 * 0.93**b + 0.12:.4f}"
        for b in range(60)
    ]
    worker_steps = [
        f"Train Epoch: 1 [{b * 640}/60000 ({round(b * 640 / 600)}%)]\tloss={2.3 * 0.93**b + 0.15:.4f}"
        for b in range(60)
    ]
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        restart_policy="OnFailure",
        plans=[
            PodPlan(
                "master",
                0,
                running(at(14)),
                log=stamped(["Using distributed PyTorch with gloo backend", *master_steps], at(16), 5.0),
                node="worker-node-1",
                extra={"scheduler": "volcano", "annotations": gang_marks, "qos": "Guaranteed"},
            ),
            PodPlan(
                "worker",
                0,
                running(at(15)),
                log=stamped(["Using distributed PyTorch with gloo backend", *worker_steps], at(17), 5.0),
                node="worker-node-2",
                extra={"scheduler": "volcano", "annotations": gang_marks, "qos": "Guaranteed"},
            ),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(14)),
        statuses={"Master": {"active": 1}, "Worker": {"active": 1}},
        run_policy={"backoffLimit": 3, "cleanPodPolicy": "None", "schedulingPolicy": {"minAvailable": 2}},
    )
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
        "spec": {"minMember": 2, "minResources": {"cpu": "2", "memory": "4Gi"}, "queue": "default"},
        "status": {"phase": "Running", "running": 2},
    }
    events = [
        event(
            job,
            "SuccessfulCreatePod",
            f"Created pod: {p['metadata']['name']}",
            at(2),
            type_="Normal",
            component="pytorchjob-controller",
        )
        for p in pods
    ]
    events.append(
        event(
            job,
            "PyTorchJobRunning",
            f"PyTorchJob {name} is running.",
            at(14),
            type_="Normal",
            component="pytorchjob-controller",
        )
    )
    return CaseSpec(
        id="healthy-pytorchjob-volcano-gang-operator-status-error-training-runs",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence=None,
        description="The Kubeflow PyTorchJob MNIST example (gloo, master + 1 worker) submitted with the training "
        "operator's --enable-gang-scheduling and Volcano. The operator logs 'Reconcile PyTorchJob error ... "
        'status.replicaStatuses: Invalid value: "null": status.replicaStatuses in body must be of type object\' '
        "on its first status writes, but as the reporter says, the training goes on: the PodGroup is Running, both "
        "pods run and log 'Train Epoch: 1 [...]' with a falling loss. Nothing about the job is wrong.",
        objects=[job, group, *pods, *events],
        logs=logs,
        captured=at(16 + 60 * 5 + 4),
        title="PyTorchJob with Volcano gang scheduling: the training operator logs 'Reconcile PyTorchJob error ... "
        'status.replicaStatuses: Invalid value: "null"\', but the training process goes on',
        source="https://github.com/kubeflow/trainer/issues/1538",
    )


# -- TFJob with gang scheduling: Volcano's pod webhook rejects every pod (no PodGroup of its API group) --


@SCENARIOS.add
def config_error_tfjob_volcano_webhook_podgroup_not_found() -> CaseSpec:
    at = Clock(datetime(2026, 11, 21, 2, 21, 7, tzinfo=timezone.utc))
    name, ns = "train-task-27", "ml-train"
    ctr = Container(
        "tensorflow",
        "registry.example/ml/tf-train:1.15-gpu",
        command=["python", "/opt/task/train.py"],
        args=["--train_steps=20000", "--model_dir=/mnt/output/train-task-27"],
        resources=gpu(1, "16Gi", "4"),
    )
    replicas = {"PS": 1, "Worker": 2, "Evaluator": 1}
    job = kubeflow_job(
        kind="TFJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={
            role: Replicas(
                n,
                ctr
                if role != "PS"
                else Container(
                    "tensorflow",
                    ctr.image,
                    command=ctr.command,
                    args=[*ctr.args, "--job_name=ps"],
                    resources=cpu_only("8Gi", "4"),
                ),
            )
            for role, n in replicas.items()
        },
        conditions=[],
        statuses={},
    )
    for spec in job["spec"]["tfReplicaSpecs"].values():
        spec["template"]["spec"]["schedulerName"] = "volcano"
    # The operator's gang scheduling still writes kube-batch's PodGroup; Volcano's admission looks for its own.
    group = {
        "apiVersion": "scheduling.incubator.k8s.io/v1alpha1",
        "kind": "PodGroup",
        "metadata": {
            "name": name,
            "namespace": ns,
            "uid": uid(ns, "PodGroup", name),
            "creationTimestamp": ts(at(1)),
            "ownerReferences": [owner_ref(job)],
        },
        "spec": {"minMember": 4},
        "status": {},
    }
    members = [f"{name}-{role.lower()}-{i}" for role, n in replicas.items() for i in range(n)]
    events: list[Obj] = [
        event(
            job,
            "SuccessfulCreateService",
            f"Created service: {m}",
            at(1),
            type_="Normal",
            component="tf-operator",
        )
        for m in members
    ]
    captured = 1140
    for m in members:
        events.append(
            event(
                job,
                "FailedCreatePod",
                'Error creating: admission webhook "validatepod.volcano.sh" denied the request: failed to get '
                f'PodGroup for pod <{ns}/{m}>: podgroups.scheduling.volcano.sh "{name}" not found',
                at(1),
                last=at(captured - 12),
                count=19,
                component="tf-operator",
            )
        )
    return CaseSpec(
        id="config-error-tfjob-volcano-webhook-podgroup-not-found",
        kind="TFJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=None,
        evidence="denied the request",
        description="A TFJob (1 PS, 2 workers, 1 evaluator) submitted to a tf-operator running with "
        "--enable-gang-scheduling next to Volcano v0.3. The operator creates the job's services and a PodGroup in "
        "kube-batch's API group (scheduling.incubator.k8s.io), but Volcano's pod admission webhook looks the "
        "group up in its own (scheduling.volcano.sh) and rejects every pod: 'admission webhook "
        '"validatepod.volcano.sh" denied the request: failed to get PodGroup for pod <...>: '
        'podgroups.scheduling.volcano.sh "train-task-27" not found\'. No pod is ever created and the TFJob has '
        "no state. The operator and the scheduler disagree on the PodGroup API; it is a setup problem, not the "
        "cluster's capacity.",
        objects=[job, group, *events],
        captured=at(captured),
        title='error syncing tfjob: admission webhook "validatepod.volcano.sh" denied the request: failed to get '
        "PodGroup for pod: podgroups.scheduling.volcano.sh not found (the TFJob never gets a pod)",
        source="https://github.com/volcano-sh/volcano/issues/711",
    )


# -- PyTorchJob (restartPolicy Never): the worker exits 1 with no output; the job fails, master runs on -


@SCENARIOS.add
def unknown_pytorchjob_worker_exit_1_job_failed_master_left_running() -> CaseSpec:
    at = Clock(datetime(2026, 11, 24, 6, 12, 40, tzinfo=timezone.utc))
    name, ns = "pytorchjob", "kubeflow"
    master = Container("pytorch", "centos:7", command=["/bin/sleep"], args=["3600"])
    worker = Container("pytorch", "centos:7", command=["/bin/bash"], args=["-c", "/bin/sleep 20 && exit 1"])
    failed_at = 31
    job = kubeflow_job(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Master": Replicas(1, master, "Never"), "Worker": Replicas(1, worker, "Never")},
        conditions=kubeflow_conditions("PyTorchJob", name, at(10), failed=("Worker", at(failed_at + 1))),
        statuses={"Master": {"active": 1}, "Worker": {"failed": 1}},
        start=at(1),
        completion=at(failed_at + 1),
        run_policy={"cleanPodPolicy": "None"},
    )
    pods = []
    for role, ctr, state in (
        ("master", master, running(at(10))),
        ("worker", worker, terminated(1, at(10), at(failed_at))),
    ):
        c = Container(ctr.name, ctr.image, command=ctr.command, args=ctr.args, state=state, ready="running" in state)
        pods.append(
            kubeflow_pod(
                job,
                role,
                0,
                [c],
                created=at(2),
                phase=pod_phase(state, 0),
                node=f"node-{2 + len(pods)}",
                scheduled=at(2),
                restart_policy="Never",
                qos="BestEffort",
            )
        )
    events = [
        event(
            job,
            "SuccessfulCreatePod",
            f"Created pod: {p['metadata']['name']}",
            at(2),
            type_="Normal",
            component="pytorchjob-controller",
        )
        for p in pods
    ]
    events += [
        event(
            job,
            "ExitedWithCode",
            f"Pod: {ns}.{name}-worker-0 exited with code 1",
            at(failed_at + 1),
            type_="Normal",
            component="pytorchjob-controller",
        ),
        event(
            job,
            "PyTorchJobFailed",
            f"PyTorchJob {name} is failed because 1 Worker replica(s) failed.",
            at(failed_at + 1),
            component="pytorchjob-controller",
        ),
    ]
    return CaseSpec(
        id="unknown-pytorchjob-worker-exit-1-job-failed-master-left-running",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="unknown",
        culprit=f"{name}-worker-0",
        evidence="exit code 1",
        description="A PyTorchJob (restartPolicy Never, cleanPodPolicy None) whose master sleeps an hour and whose "
        "worker runs '/bin/sleep 20 && exit 1'. The worker exits with code 1 and prints nothing; the operator "
        "marks the job Failed ('PyTorchJob pytorchjob is failed because 1 Worker replica(s) failed.') while the "
        "master pod keeps running, which is what the reporter asked about. Nothing read names why the worker "
        "exited: the worker-0 pod with exit code 1 is the culprit and the cause is unknown.",
        objects=[job, *pods, *events],
        logs={f"{name}-master-0/pytorch": "", f"{name}-worker-0/pytorch": ""},
        captured=at(12 * 60),
        title="PyTorchJob Failed when its worker exits with code 1 (restartPolicy Never), while the master pod is "
        "still Running ('pytorchjob-worker-0 0/1 Error', 'pytorchjob-master-0 1/1 Running')",
        source="https://github.com/kubeflow/trainer/issues/1579",
    )


# -- PyTorchJob (restartPolicy ExitCode): the master exits 1, the job stays Restarting ------------------


@SCENARIOS.add
def unknown_pytorchjob_exitcode_policy_master_exit_1_stuck_restarting() -> CaseSpec:
    at = Clock(datetime(2026, 11, 27, 15, 7, 36, tzinfo=timezone.utc))
    name, ns = "kfto-01", "default"
    ctr = Container(
        "pytorch",
        "registry.example/ml/kfto-trainer:0.1",
        command=["python", "/app/train.py"],
        resources=cpu_only("4Gi", "2"),
    )
    exited = 289
    job = kubeflow_job(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        replicas={"Master": Replicas(1, ctr, "ExitCode")},
        conditions=[
            *kubeflow_conditions("PyTorchJob", name, at(12))[:1],
            job_condition("Running", at(exited), "PyTorchJobRunning", f"PyTorchJob {name} is running.", status=False),
            job_condition(
                "Restarting",
                at(exited),
                "PyTorchJobRestarting",
                f"PyTorchJob {name} is restarting because 1 Master replica(s) failed.",
            ),
        ],
        statuses={"Master": {"failed": 1}},
        start=at(1),
        run_policy={"backoffLimit": 3, "cleanPodPolicy": "None"},
    )
    c = Container(
        ctr.name,
        ctr.image,
        command=ctr.command,
        resources=ctr.resources,
        state=terminated(1, at(12), at(exited - 1)),
    )
    master = kubeflow_pod(
        job,
        "master",
        0,
        [c],
        created=at(2),
        phase="Failed",
        node="worker-node-2",
        scheduled=at(2),
        restart_policy="Never",
    )
    events = [
        event(
            job,
            "SuccessfulCreatePod",
            f"Created pod: {name}-master-0",
            at(2),
            type_="Normal",
            component="pytorchjob-controller",
        ),
        event(
            job,
            "SuccessfulCreateService",
            f"Created service: {name}-master-0",
            at(2),
            type_="Normal",
            component="pytorchjob-controller",
        ),
        event(
            job,
            "ExitedWithCode",
            f"Pod: {ns}.{name}-master-0 exited with code 1",
            at(exited),
            type_="Normal",
            component="pytorchjob-controller",
        ),
        event(
            job,
            "PyTorchJobRestarting",
            f"PyTorchJob {name} is restarting because 1 Master replica(s) failed.",
            at(exited),
            component="pytorchjob-controller",
        ),
    ]
    return CaseSpec(
        id="unknown-pytorchjob-exitcode-policy-master-exit-1-stuck-restarting",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="unknown",
        culprit=f"{name}-master-0",
        evidence="exit code 1",
        description="A one-master PyTorchJob with restartPolicy ExitCode and backoffLimit 3. The master exits with "
        "code 1 - below 128, so ExitCode treats it as permanent and the pod is not recreated - but the training "
        "operator (v1.8) leaves the job in Restarting ('PyTorchJob kfto-01 is restarting because 1 Master "
        "replica(s) failed.') and never marks it Failed. The master printed nothing that says why it exited; "
        "the failed master pod is the culprit and the cause is unknown.",
        objects=[job, master, *events],
        logs={f"{name}-master-0/pytorch": ""},
        captured=at(exited + 1800),
        title="PyTorchJob with restartPolicy ExitCode: 'Pod: default.kfto-01-master-0 exited with code 1', then "
        "'PyTorchJob kfto-01 is restarting because 1 Master replica(s) failed.' and it stays Restarting",
        source="https://github.com/kubeflow/trainer/issues/2044",
    )


# -- Volcano Job: the master task fails three times, the job is Failed, the worker is left running ------


@SCENARIOS.add
def unknown_vcjob_master_task_error_max_retry_worker_left_running() -> CaseSpec:
    at = Clock(datetime(2026, 11, 25, 13, 32, 4, tzinfo=timezone.utc))
    name, ns = "test-job", "default"
    master = Container(
        "master", "busybox:1.33", command=["sh", "-c"], args=["sleep 10; exit 1"], resources=cpu_only("512Mi", "1")
    )
    worker = Container(
        "worker", "busybox:1.33", command=["sh", "-c"], args=["sleep 3600"], resources=cpu_only("512Mi", "1")
    )
    failed_at = 3 * 60 + 35  # the third retry's master fails; Volcano gives up
    job = volcano_job(
        name=name,
        namespace=ns,
        created=at(0),
        queue="default",
        tasks={"fake-master": master, "fake-worker": worker},
        replicas={"fake-master": 1, "fake-worker": 1},
        phase="Failed",
        min_available=2,
        counts={"failed": 1, "running": 1},
    )
    job["spec"]["policies"] = [
        {"event": "PodEvicted", "action": "RestartJob"},
        {"event": "PodFailed", "action": "RestartJob"},
    ]
    for t in job["spec"]["tasks"]:
        t["template"]["spec"]["restartPolicy"] = "Never"
    job["status"].update(
        {
            "retryCount": 3,
            "runningDuration": "2m17.5289099s",
            "taskStatusCount": {
                "fake-master": {"phase": {"Failed": 1}},
                "fake-worker": {"phase": {"Running": 1}},
            },
            "version": 7,
        }
    )
    job["status"]["state"]["lastTransitionTime"] = ts(at(failed_at + 1))
    job["status"]["conditions"] = [
        {"status": s, "lastTransitionTime": ts(at(t))}
        for s, t in (("Pending", 1), ("Running", 20), ("Restarting", 32), ("Running", 151), ("Failed", failed_at + 1))
    ]
    group = {
        "apiVersion": "scheduling.volcano.sh/v1beta1",
        "kind": "PodGroup",
        "metadata": {
            "name": f"{name}-{job['metadata']['uid']}",
            "namespace": ns,
            "uid": uid(ns, "PodGroup", name),
            "creationTimestamp": ts(at(1)),
            "ownerReferences": [owner_ref(job)],
        },
        "spec": {"minMember": 2, "minResources": {"cpu": "2", "memory": "1Gi"}, "queue": "default"},
        "status": {"phase": "Running", "running": 1, "failed": 1},
    }
    start = failed_at - 12
    m = volcano_pod(
        job,
        "fake-master",
        0,
        [
            Container(
                master.name,
                master.image,
                command=master.command,
                args=master.args,
                resources=master.resources,
                state=terminated(1, at(start), at(failed_at)),
            )
        ],
        group,
        created=at(start - 3),
        phase="Failed",
        node="node-1",
        scheduled=at(start - 2),
        restart_policy="Never",
    )
    w = volcano_pod(
        job,
        "fake-worker",
        0,
        [
            Container(
                worker.name,
                worker.image,
                command=worker.command,
                args=worker.args,
                resources=worker.resources,
                state=running(at(start + 40)),
                ready=True,
            )
        ],
        group,
        created=at(start + 37),
        phase="Running",
        node="node-2",
        scheduled=at(start + 38),
        restart_policy="Never",
    )
    events = [
        event(
            job,
            "ExecuteAction",
            "Start to execute action RestartJob",
            at(32),
            last=at(failed_at - 16),
            count=3,
            type_="Normal",
            component="vc-controller-manager",
        ),
        event(
            m,
            "Started",
            "Started container master",
            at(start),
            type_="Normal",
            host="node-1",
        ),
        event(
            w,
            "Started",
            "Started container worker",
            at(start + 40),
            type_="Normal",
            host="node-2",
        ),
    ]
    return CaseSpec(
        id="unknown-vcjob-master-task-error-max-retry-worker-left-running",
        kind="vcjob",
        name=name,
        namespace=ns,
        healthy=False,
        category="unknown",
        culprit=m["metadata"]["name"],
        evidence="exit code 1",
        description="A two-task Volcano Job (fake-master, fake-worker; minAvailable 2, maxRetry 3, RestartJob on "
        "PodFailed). The master task's container exits with code 1 each time and prints nothing; after three "
        "restarts Volcano marks the job Failed (retryCount 3, taskStatusCount fake-master Failed 1, fake-worker "
        "Running 1) but leaves the worker pod running, which is the bug the reporter filed. The failed master "
        "pod is the culprit; nothing read says why it exited.",
        objects=[job, group, m, w, *events],
        logs={f"{m['metadata']['name']}/master": "", f"{w['metadata']['name']}/worker": ""},
        captured=at(start + 13 * 60),
        title="Volcano Job Failed after maxRetry (Retry Count 3): 'test-job-fake-master-0 0/1 Error', while "
        "'test-job-fake-worker-0 1/1 Running' is never deleted",
        source="https://github.com/volcano-sh/volcano/issues/1718",
    )


# -- A plain Job next to a broken JobSet install: JobSet's pod webhook has no endpoints, no pod is made --


@SCENARIOS.add
def config_error_job_jobset_pod_webhook_no_endpoints_blocks_pods() -> CaseSpec:
    at = Clock(datetime(2026, 11, 23, 1, 4, 19, tzinfo=timezone.utc))
    name, ns = "headless-job", "default"
    ctr = Container(
        "worker",
        "registry.example/ml/dist-train:2.1",
        command=["python", "train.py"],
        args=["--nodes=4"],
        resources=cpu_only("8Gi", "4"),
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        conditions=[],
        completions=4,
        parallelism=4,
        completion_mode="Indexed",
        start=at(0),
    )
    job["spec"]["template"]["spec"]["subdomain"] = "headless-svc"
    svc = {
        "apiVersion": "v1",
        "kind": "Service",
        "metadata": {
            "name": "headless-svc",
            "namespace": ns,
            "uid": uid(ns, "Service", "headless-svc"),
            "creationTimestamp": ts(at(0)),
        },
        "spec": {"clusterIP": "None", "selector": {"job-name": name}},
    }
    captured = 8 * 3600 + 540
    msg = (
        'Error creating: Internal error occurred: failed calling webhook "mpod.kb.io": failed to call webhook: '
        'Post "https://jobset-webhook-service.jobset-system.svc:443/mutate--v1-pod?timeout=10s": no endpoints '
        'available for service "jobset-webhook-service"'
    )
    events = [
        event(job, "FailedCreate", msg, at(1), last=at(captured - 537), count=47, component="job-controller"),
    ]
    return CaseSpec(
        id="config-error-job-jobset-pod-webhook-no-endpoints-blocks-pods",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=None,
        evidence="failed calling webhook",
        description="An indexed batch Job with a headless Service (4 completions), in a cluster where JobSet v0.3.0 "
        "was just installed. JobSet's controller manager never started, so its webhook service has no endpoints, "
        "yet JobSet's pod mutating webhook (mpod.kb.io) is registered for every pod: the Job controller cannot "
        'create a single pod and has said so 47 times in 8 hours (\'failed calling webhook "mpod.kb.io" ... no '
        "endpoints available for service \"jobset-webhook-service\"'). The Job itself is fine; the cluster's "
        "admission setup blocks it. There is no pod to blame.",
        objects=[job, svc, *events],
        captured=at(captured),
        title="A plain Job gets no pods after JobSet v0.3.0 is installed: FailedCreate 'failed calling webhook "
        '"mpod.kb.io" ... no endpoints available for service "jobset-webhook-service"\'',
        source="https://github.com/kubernetes-sigs/jobset/issues/361",
    )


# -- MultiKueue: a high-priority Job waits for a preemption the manager never carries out -----------------


@SCENARIOS.add
def quota_exceeded_job_multikueue_pending_preemption_never_done() -> CaseSpec:
    at = Clock(datetime(2026, 11, 22, 6, 33, 10, tzinfo=timezone.utc))
    ns, lq, cq = "default", "user-queue", "q1"
    ctr = Container(
        "main",
        "registry.k8s.io/e2e-test-images/agnhost:2.53",
        args=["pause"],
        resources={"requests": {"cpu": "1", "memory": "2G"}},
    )
    jobs: dict[str, Obj] = {}
    for prio, created in (("low", -420), ("high", 0)):
        jobs[prio] = batch_job(
            name=f"{prio}-priority-job",
            namespace=ns,
            created=at(created),
            container=ctr,
            suspend=True,
            labels={"kueue.x-k8s.io/queue-name": lq, "kueue.x-k8s.io/priority-class": f"{prio}-priority"},
            conditions=[_suspended(at(created + 1))],
        )
    low, high = jobs["low"], jobs["high"]
    pending = (
        "couldn't assign flavors to pod set main: insufficient unused quota for memory in flavor default, "
        "1953125Ki more needed. Pending the preemption of 1 workload(s)"
    )
    high_wl = kueue_workload(
        high,
        at(1),
        queue=lq,
        pod_sets=[{"name": "main", "count": 1}],
        conditions=[metav1_condition("QuotaReserved", at(8), "Pending", pending, status=False)],
    )
    high_wl["spec"]["priority"] = 1000
    high_wl["metadata"]["name"] = f"job-high-priority-job-{suffix('high-priority-job', 'wl')[:5]}"
    preempted = (
        f"Preempted to accommodate a workload (UID: {high_wl['metadata']['uid']}, JobUID: {high['metadata']['uid']}) "
        "due to prioritization in the ClusterQueue"
    )
    low_wl = kueue_workload(
        low,
        at(-419),
        queue=lq,
        pod_sets=[{"name": "main", "count": 1}],
        conditions=[
            metav1_condition("QuotaReserved", at(-419), "QuotaReserved", f"Quota reserved in ClusterQueue {cq}"),
            metav1_condition("Evicted", at(8), "Preempted", preempted),
            metav1_condition("Admitted", at(-418), "Admitted", "The workload is admitted"),
            metav1_condition("Preempted", at(8), "InClusterQueue", preempted),
        ],
        admission={
            "clusterQueue": cq,
            "podSetAssignments": [
                {"name": "main", "count": 1, "flavors": {"cpu": "default", "memory": "default"}},
            ],
        },
    )
    low_wl["metadata"]["name"] = f"job-low-priority-job-{suffix('low-priority-job', 'wl')[:5]}"
    captured = 1800
    events = [
        event(high, "Suspended", "Job suspended", at(1), type_="Normal", component="job-controller"),
        event(
            high,
            "CreatedWorkload",
            f"Created Workload: {ns}/{high_wl['metadata']['name']}",
            at(1),
            type_="Normal",
            component="kueue-job-controller",
        ),
        event(
            high_wl,
            "Pending",
            pending,
            at(8),
            last=at(captured - 20),
            count=61,
            type_="Normal",
            component="kueue-admission",
        ),
        event(
            low_wl,
            "Preempted",
            preempted,
            at(8),
            type_="Normal",
            component="kueue-admission",
        ),
    ]
    return CaseSpec(
        id="quota-exceeded-job-multikueue-pending-preemption-never-done",
        kind="Job",
        name=high["metadata"]["name"],
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="insufficient unused quota for memory",
        description="MultiKueue, on the manager cluster: a high-priority Job is queued behind a low-priority one in "
        "ClusterQueue q1. Kueue decides to preempt the low-priority Workload (Evicted, reason Preempted) but the "
        "eviction initiated on the manager never reaches the worker cluster: the low-priority Workload stays "
        "Admitted, its quota is never released, and the high-priority Job stays suspended with QuotaReserved "
        "False: 'couldn't assign flavors to pod set main: insufficient unused quota for memory in flavor default, "
        "1953125Ki more needed. Pending the preemption of 1 workload(s)'. The queue holds the Job; no pod is "
        "ever created.",
        objects=[low, high, low_wl, high_wl, *events],
        captured=at(captured),
        title="[MultiKueue] A high-priority Job stays Pending: 'insufficient unused quota for memory in flavor "
        "default, 1953125Ki more needed. Pending the preemption of 1 workload(s)' while the preempted workload "
        "stays admitted",
        source="https://github.com/kubernetes-sigs/kueue/issues/7350",
    )
