"""Cases for the kinds added with live clusters: Kubeflow Trainer v2 TrainJob, JobSet,
RayJob, Volcano Job, and Kueue admission for any job.

Written with the case builders (tests/cases/builders.py), laid out by ``python -m
tests.kinds.generate`` under tests/kinds/<id>/ and, for one case per kind, as an example
under examples/snapshots/. Object shapes follow the controllers' own types: kubeflow/trainer
pkg/apis/trainer/v1alpha1, kubernetes-sigs/jobset api/jobset/v1alpha2 and its constants,
ray-project/kuberay ray-operator/apis/ray/v1, volcano-sh/apis batch and scheduling, and
kubernetes-sigs/kueue apis/kueue/v1beta1.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    batch_job,
    event,
    gpu,
    job_condition,
    job_pod,
    kubeflow_with_pods,
    owner_ref,
    pod,
    running,
    stamped,
    suffix,
    terminated,
    ts,
    uid,
)

JOBSET = "jobset.x-k8s.io/v1alpha2"
TRAINER = "trainer.kubeflow.org/v1alpha1"
KUEUE = "kueue.x-k8s.io/v1beta1"


def _meta(
    namespace: str,
    kind: str,
    name: str,
    created: datetime,
    *,
    owner: Obj | None = None,
    labels: dict[str, str] | None = None,
) -> Obj:
    meta: Obj = {
        "name": name,
        "namespace": namespace,
        "uid": uid(namespace, kind, name),
        "generation": 1,
        "resourceVersion": "1",
        "creationTimestamp": ts(created),
    }
    if labels:
        meta["labels"] = labels
    if owner is not None:
        meta["ownerReferences"] = [owner]
    return meta


def _metav1(type_: str, t: datetime, reason: str, message: str, status: str = "True") -> Obj:
    """A metav1.Condition, as JobSet, Trainer and Kueue write them."""
    return {
        "type": type_,
        "status": status,
        "reason": reason,
        "message": message,
        "lastTransitionTime": ts(t),
        "observedGeneration": 1,
    }


def _jobset_pod(
    job: Obj,
    jobset: str,
    rjob: str,
    job_index: int,
    completion_index: int,
    attempt: int,
    ctr: Container,
    *,
    created: datetime,
    phase: str,
    node: str,
    **kw: object,
) -> Obj:
    """A pod of a JobSet's child Job, labelled as the JobSet controller labels its templates."""
    job_name = job["metadata"]["name"]
    labels = {
        "batch.kubernetes.io/controller-uid": job["metadata"]["uid"],
        "batch.kubernetes.io/job-name": job_name,
        "batch.kubernetes.io/job-completion-index": str(completion_index),
        "jobset.sigs.k8s.io/jobset-name": jobset,
        "jobset.sigs.k8s.io/replicatedjob-name": rjob,
        "jobset.sigs.k8s.io/job-index": str(job_index),
        "jobset.sigs.k8s.io/restart-attempt": str(attempt),
        "jobset.sigs.k8s.io/job-key": uid(jobset, job_name)[:8],
    }
    return pod(
        name=f"{job_name}-{completion_index}-{suffix(job_name, str(attempt), str(completion_index))}",
        namespace=job["metadata"]["namespace"],
        labels=labels,
        owner=owner_ref(job),
        containers=[ctr],
        created=created,
        phase=phase,
        node=node,
        scheduled=created + timedelta(seconds=1),
        **kw,
    )


def _child_job(
    namespace: str,
    jobset: Obj,
    rjob: str,
    index: int,
    attempt: int,
    created: datetime,
    *,
    parallelism: int,
    conditions: list[Obj],
    failed: int = 0,
    active: int = 0,
    deadline: int | None = None,
    container: Container,
) -> Obj:
    name = f"{jobset['metadata']['name']}-{rjob}-{index}"
    labels = {
        "jobset.sigs.k8s.io/jobset-name": jobset["metadata"]["name"],
        "jobset.sigs.k8s.io/replicatedjob-name": rjob,
        "jobset.sigs.k8s.io/job-index": str(index),
        "jobset.sigs.k8s.io/restart-attempt": str(attempt),
    }
    job = batch_job(
        name=name,
        namespace=namespace,
        created=created,
        container=container,
        conditions=conditions,
        failed=failed,
        active=active,
        start=created + timedelta(seconds=1),
        completions=parallelism,
        parallelism=parallelism,
        active_deadline=deadline,
        owner=owner_ref(jobset),
        labels=labels,
        extra_labels=labels,
    )
    job["spec"]["completionMode"] = "Indexed"
    return job


# -- Kubeflow Trainer v2 ----------------------------------------------------------------------


def trainjob_child_job_deadline() -> CaseSpec:
    """A TrainJob fails with FailedJobs; only its child Job says the deadline was reached."""
    ns, name = "llm-train", "mistral-sft"
    at = Clock(datetime(2026, 6, 3, 8, 0, tzinfo=timezone.utc))
    deadline_at = at(4 * 3600 + 60)
    ctr = Container(
        "node",
        "ghcr.io/acme/mistral-sft:1.3",
        command=["torchrun", "/workspace/train.py"],
        resources=gpu(8, "900Gi", "96"),
    )
    train = {
        "apiVersion": TRAINER,
        "kind": "TrainJob",
        "metadata": _meta(ns, "TrainJob", name, at(0)),
        "spec": {
            "runtimeRef": {
                "name": "torch-distributed",
                "apiGroup": "trainer.kubeflow.org",
                "kind": "ClusterTrainingRuntime",
            },
            "trainer": {"image": ctr.image, "command": ctr.command, "numNodes": 2, "resourcesPerNode": ctr.resources},
            "managedBy": "trainer.kubeflow.org/trainjob-controller",
        },
        "status": {
            "conditions": [
                _metav1(
                    "Failed",
                    deadline_at + timedelta(seconds=3),
                    "FailedJobs",
                    "jobset failed due to one or more job failures",
                )
            ],
            "jobsStatus": [{"name": "node", "ready": 0, "succeeded": 0, "failed": 1, "active": 0, "suspended": 0}],
        },
    }
    jobset = {
        "apiVersion": JOBSET,
        "kind": "JobSet",
        "metadata": _meta(
            ns,
            "JobSet",
            name,
            at(1),
            owner=owner_ref(train),
            labels={"trainer.kubeflow.org/trainjob-ancestor-step": "trainer"},
        ),
        "spec": {
            "replicatedJobs": [
                {
                    "name": "node",
                    "replicas": 1,
                    "template": {
                        "spec": {
                            "parallelism": 2,
                            "completions": 2,
                            "backoffLimit": 0,
                            "activeDeadlineSeconds": 14400,
                            "completionMode": "Indexed",
                            "template": {"spec": {"containers": [{"name": "node", "image": ctr.image}]}},
                        }
                    },
                }
            ],
            "network": {"enableDNSHostnames": True, "subdomain": name},
            "successPolicy": {"operator": "All"},
            "suspend": False,
        },
        "status": {
            "conditions": [
                _metav1(
                    "Failed",
                    deadline_at + timedelta(seconds=2),
                    "FailedJobs",
                    "jobset failed due to one or more job failures",
                )
            ],
            "restarts": 0,
            "terminalState": "Failed",
            "replicatedJobsStatus": [
                {"name": "node", "ready": 0, "succeeded": 0, "failed": 1, "active": 0, "suspended": 0}
            ],
        },
    }
    message = "Job was active longer than specified deadline"
    job = _child_job(
        ns,
        jobset,
        "node",
        0,
        0,
        at(2),
        parallelism=2,
        deadline=14400,
        failed=2,
        container=ctr,
        conditions=[
            job_condition("FailureTarget", deadline_at, "DeadlineExceeded", message),
            job_condition("Failed", deadline_at + timedelta(seconds=1), "DeadlineExceeded", message),
        ],
    )
    pods, logs = [], {}
    for i in range(2):
        c = Container(
            ctr.name,
            ctr.image,
            command=ctr.command,
            resources=ctr.resources,
            state=terminated(143, at(40), deadline_at + timedelta(seconds=2)),
        )
        p = _jobset_pod(job, name, "node", 0, i, 0, c, created=at(3), phase="Failed", node=f"h100-node-{17 + i}")
        pods.append(p)
        steps = [
            f"{{'loss': {1.92 - 0.0001 * s:.4f}, 'grad_norm': 0.41, 'learning_rate': 1.9e-05, 'epoch': {s / 4200:.2f}}}"
            for s in range(11900, 12000, 20)
        ]
        logs[f"{p['metadata']['name']}/node"] = stamped(
            [
                f"[rank{8 * i}]: Loading checkpoint shards: 100%|##########| 3/3",
                *steps,
                "W0603 12:01:02.118000 1 torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM "
                "death signal, shutting down workers",
                "torch.distributed.elastic.multiprocessing.api.SignalException: Process 1 got signal: 15",
            ],
            deadline_at - timedelta(seconds=600),
            step=[45] * 5 + [602, 0],
        )
    events = [
        event(job, "DeadlineExceeded", message, deadline_at, component="job-controller"),
        *[event(p, "Killing", "Stopping container node", deadline_at, type_="Normal") for p in pods],
        event(
            jobset,
            "FailedJobs",
            "jobset failed due to one or more job failures",
            deadline_at + timedelta(seconds=2),
            component="jobset",
        ),
    ]
    return CaseSpec(
        id="deadline-exceeded-trainjob-child-job",
        kind="TrainJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="deadline-exceeded",
        culprit=None,
        evidence="active longer than specified deadline",
        description="""A TrainJob's JobSet reports FailedJobs; only the child Job's DeadlineExceeded says the
        four-hour activeDeadlineSeconds ran out. The ranks' SIGTERM is what the deadline did to them.""",
        objects=[train, jobset, job, *pods, *events],
        captured=deadline_at + timedelta(minutes=12),
        logs=logs,
    )


# -- JobSet -------------------------------------------------------------------------------


def jobset_restart_current_attempt() -> CaseSpec:
    """A JobSet restarted once: the first attempt's pods (still terminating) failed on the
    network; the current attempt ran out of GPU memory. Only the current attempt counts."""
    ns, name = "vision", "vit-pretrain"
    at = Clock(datetime(2026, 6, 4, 1, 0, tzinfo=timezone.utc))
    ctr = Container(
        "trainer",
        "us-docker.pkg.dev/acme/vit/pretrain:0.9",
        command=["python", "-m", "vit.pretrain"],
        resources=gpu(8, "800Gi", "96"),
    )
    restart_at, failed_at = at(420), at(2 * 3600)
    jobset = {
        "apiVersion": JOBSET,
        "kind": "JobSet",
        "metadata": _meta(ns, "JobSet", name, at(0)),
        "spec": {
            "replicatedJobs": [
                {
                    "name": "workers",
                    "replicas": 2,
                    "template": {
                        "spec": {
                            "parallelism": 1,
                            "completions": 1,
                            "backoffLimit": 0,
                            "completionMode": "Indexed",
                            "template": {"spec": {"containers": [{"name": "trainer", "image": ctr.image}]}},
                        }
                    },
                }
            ],
            "failurePolicy": {"maxRestarts": 1},
            "suspend": False,
        },
        "status": {
            "conditions": [
                _metav1(
                    "Failed",
                    failed_at + timedelta(seconds=2),
                    "ReachedMaxRestarts",
                    "jobset failed due to reaching max number of restarts",
                )
            ],
            "restarts": 1,
            "restartsCountTowardsMax": 1,
            "terminalState": "Failed",
            "replicatedJobsStatus": [
                {"name": "workers", "ready": 0, "succeeded": 0, "failed": 1, "active": 1, "suspended": 0}
            ],
        },
    }
    jobs, pods, logs = [], [], {}
    # The first attempt: its Jobs are gone, its pods still terminating.
    for i in range(2):
        job_name = f"{name}-workers-{i}"
        old_job = {
            "apiVersion": "batch/v1",
            "kind": "Job",
            "metadata": {"name": job_name, "namespace": ns, "uid": uid(ns, "Job", job_name, "attempt-0")},
            "spec": {"template": {"spec": {"restartPolicy": "Never"}}},
        }
        c = Container(
            ctr.name, ctr.image, command=ctr.command, resources=ctr.resources, state=terminated(1, at(20), at(400 + i))
        )
        p = _jobset_pod(
            old_job,
            name,
            "workers",
            i,
            0,
            0,
            c,
            created=at(5),
            phase="Failed",
            node=f"a3-node-{i}",
            deletion=restart_at,
        )
        pods.append(p)
        logs[f"{p['metadata']['name']}/trainer"] = stamped(
            [
                "Downloading shards from gs://acme-vit/imagenet-22k ...",
                "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='huggingface.co', port=443): Max retries "
                "exceeded with url: /api/models/google/vit-huge (Caused by NewConnectionError: Failed to establish a new "
                "connection: [Errno 101] Network is unreachable)",
            ],
            at(380),
            step=20 + i,
        )
    # The current attempt: worker 0 runs out of GPU memory, worker 1 is left waiting on it.
    oom_at = failed_at - timedelta(seconds=6)
    for i in range(2):
        failed = i == 0
        job = _child_job(
            ns,
            jobset,
            "workers",
            i,
            1,
            restart_at + timedelta(seconds=5),
            parallelism=1,
            container=ctr,
            failed=1 if failed else 0,
            active=0 if failed else 1,
            conditions=[
                job_condition(
                    "FailureTarget",
                    oom_at + timedelta(seconds=1),
                    "BackoffLimitExceeded",
                    "Job has reached the specified backoff limit",
                ),
                job_condition(
                    "Failed",
                    oom_at + timedelta(seconds=2),
                    "BackoffLimitExceeded",
                    "Job has reached the specified backoff limit",
                ),
            ]
            if failed
            else [],
        )
        jobs.append(job)
        state = (
            terminated(1, restart_at + timedelta(seconds=30), oom_at)
            if failed
            else running(restart_at + timedelta(seconds=31))
        )
        c = Container(ctr.name, ctr.image, command=ctr.command, resources=ctr.resources, state=state, ready=not failed)
        p = _jobset_pod(
            job,
            name,
            "workers",
            i,
            0,
            1,
            c,
            created=restart_at + timedelta(seconds=6),
            phase="Failed" if failed else "Running",
            node=f"a3-node-{2 + i}",
        )
        pods.append(p)
        progress = [f"step {s} loss {6.1 - s / 900:.3f} img/s 2210" for s in range(5400, 5600, 50)]
        tail = (
            [
                "Traceback (most recent call last):",
                '  File "/app/vit/pretrain.py", line 211, in train_step',
                "    logits = model(images)",
                "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.06 GiB. GPU 0 has a total capacity "
                "of 79.10 GiB of which 1.21 GiB is free.",
            ]
            if failed
            else []
        )
        logs[f"{p['metadata']['name']}/trainer"] = stamped(
            [*progress, *tail], oom_at - timedelta(seconds=240), step=60 if not failed else [60, 60, 60, 59, 1, 0, 0]
        )
    events = [
        event(jobset, "Restarting", "restarting jobset, attempt 1", restart_at, type_="Normal", component="jobset"),
        event(
            jobs[0],
            "BackoffLimitExceeded",
            "Job has reached the specified backoff limit",
            oom_at + timedelta(seconds=2),
            component="job-controller",
        ),
        event(
            jobset,
            "ReachedMaxRestarts",
            "jobset failed due to reaching max number of restarts",
            failed_at + timedelta(seconds=2),
            component="jobset",
        ),
    ]
    return CaseSpec(
        id="gpu-oom-jobset-current-restart-attempt",
        kind="JobSet",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=pods[2]["metadata"]["name"],
        evidence="CUDA out of memory",
        description="""The JobSet restarted once: the first attempt's pods, still terminating, failed reaching the
        hub; the current attempt's worker 0 ran out of GPU memory. Only the current attempt explains the
        failure the JobSet is in.""",
        objects=[jobset, *jobs, *pods, *events],
        captured=failed_at + timedelta(minutes=5),
        logs=logs,
    )


# -- KubeRay ------------------------------------------------------------------------------


def rayjob_driver_missing_module() -> CaseSpec:
    """A RayJob fails with AppFailed: the driver's ImportError is in the submitter's log."""
    ns, name = "ray-apps", "batch-infer"
    at = Clock(datetime(2026, 6, 5, 14, 0, tzinfo=timezone.utc))
    cluster = f"{name}-raycluster-{suffix(name, 'cluster')}"
    image = "rayproject/ray-ml:2.40.0-gpu"
    end = at(190)
    message = (
        "Job entrypoint command failed with exit code 1, last available logs (truncated to 20,000 chars):\n"
        "ModuleNotFoundError: No module named 'vllm'\n"
    )
    rayjob = {
        "apiVersion": "ray.io/v1",
        "kind": "RayJob",
        "metadata": _meta(ns, "RayJob", name, at(0)),
        "spec": {
            "entrypoint": "python /home/ray/app/infer.py --model llama-3-8b",
            "submissionMode": "K8sJobMode",
            "shutdownAfterJobFinishes": False,
            "backoffLimit": 0,
            "rayClusterSpec": {
                "rayVersion": "2.40.0",
                "headGroupSpec": {
                    "rayStartParams": {},
                    "template": {"spec": {"containers": [{"name": "ray-head", "image": image}]}},
                },
                "workerGroupSpecs": [
                    {
                        "groupName": "gpu-workers",
                        "replicas": 2,
                        "minReplicas": 2,
                        "maxReplicas": 2,
                        "rayStartParams": {},
                        "template": {"spec": {"containers": [{"name": "ray-worker", "image": image}]}},
                    }
                ],
            },
        },
        "status": {
            "jobId": f"{name}-{suffix(name, 'job')}",
            "rayClusterName": cluster,
            "dashboardURL": f"{cluster}-head-svc.{ns}.svc.cluster.local:8265",
            "jobStatus": "FAILED",
            "jobDeploymentStatus": "Failed",
            "reason": "AppFailed",
            "message": message,
            "startTime": ts(at(1)),
            "endTime": ts(end),
            "failed": 1,
            "succeeded": 0,
            "observedGeneration": 1,
            "rayJobInfo": {"startTime": ts(at(95)), "endTime": ts(end - timedelta(seconds=2))},
        },
    }
    raycluster = {
        "apiVersion": "ray.io/v1",
        "kind": "RayCluster",
        "metadata": _meta(
            ns,
            "RayCluster",
            cluster,
            at(1),
            owner=owner_ref(rayjob),
            labels={"ray.io/originated-from-crd": "RayJob", "ray.io/originated-from-cr-name": name},
        ),
        "spec": rayjob["spec"]["rayClusterSpec"],
        "status": {
            "state": "ready",
            "readyWorkerReplicas": 2,
            "availableWorkerReplicas": 2,
            "desiredWorkerReplicas": 2,
            "conditions": [
                _metav1("HeadPodReady", at(40), "HeadPodRunningAndReady", ""),
                _metav1("RayClusterProvisioned", at(80), "AllPodRunningAndReadyFirstTime", ""),
            ],
        },
    }
    pods, logs = [], {}
    for role, group, n in (("head", "headgroup", 1), ("worker", "gpu-workers", 2)):
        for i in range(n):
            pod_name = (
                f"{cluster}-head-{suffix(cluster, 'head')}"
                if role == "head"
                else f"{cluster}-{group}-worker-{suffix(cluster, str(i))}"
            )
            c = Container(
                f"ray-{role}",
                image,
                resources=gpu(0 if role == "head" else 1, "64Gi", "16"),
                state=running(at(30 + 10 * i)),
                ready=True,
            )
            p = pod(
                name=pod_name,
                namespace=ns,
                owner=owner_ref(raycluster),
                containers=[c],
                created=at(2),
                phase="Running",
                node=f"g2-node-{i + (0 if role == 'head' else 1)}",
                labels={
                    "ray.io/cluster": cluster,
                    "ray.io/node-type": role,
                    "ray.io/group": group,
                    "ray.io/is-ray-node": "yes",
                    "app.kubernetes.io/created-by": "kuberay-operator",
                    "app.kubernetes.io/name": "kuberay",
                },
                restart_policy="Always",
            )
            pods.append(p)
            if role == "head":
                logs[f"{pod_name}/ray-head"] = stamped(
                    [
                        "2026-06-05 14:00:31,102\tINFO usage_lib.py:467 -- Usage stats collection is enabled by default.",
                        "2026-06-05 14:00:31,877\tINFO scripts.py:768 -- Local node IP: 10.4.2.17",
                        "2026-06-05 14:00:33,440\tSUCC scripts.py:804 -- Ray runtime started.",
                        "2026-06-05 14:01:36,012\tINFO job_manager.py:530 -- Starting job with submission_id: "
                        f"{rayjob['status']['jobId']}",
                    ],
                    at(31),
                    step=[1, 2, 63],
                )
    submitter = batch_job(
        name=name,
        namespace=ns,
        created=at(90),
        owner=owner_ref(rayjob),
        container=Container("ray-job-submitter", image),
        failed=1,
        start=at(90),
        conditions=[
            job_condition(
                "FailureTarget",
                end - timedelta(seconds=1),
                "BackoffLimitExceeded",
                "Job has reached the specified backoff limit",
            ),
            job_condition("Failed", end, "BackoffLimitExceeded", "Job has reached the specified backoff limit"),
        ],
        labels={"ray.io/originated-from-crd": "RayJob", "ray.io/originated-from-cr-name": name},
    )
    sub_ctr = Container(
        "ray-job-submitter",
        image,
        command=["ray", "job", "submit"],
        state=terminated(1, at(92), end - timedelta(seconds=2)),
    )
    sub = job_pod(submitter, [sub_ctr], created=at(91), phase="Failed", node="g2-node-0", scheduled=at(91))
    pods.append(sub)
    job_id = rayjob["status"]["jobId"]
    logs[f"{sub['metadata']['name']}/ray-job-submitter"] = stamped(
        [
            f"Job submission server address: http://{cluster}-head-svc.{ns}.svc.cluster.local:8265",
            "-------------------------------------------------------",
            f"Job '{job_id}' submitted successfully",
            "-------------------------------------------------------",
            "Next steps",
            "  Query the logs of the job:",
            f"    ray job logs {job_id}",
            "Tailing logs until the job exits (disable with --no-wait):",
            "2026-06-05 14:01:38,504\tINFO worker.py:1636 -- Using address 10.4.2.17:6379 set in the environment",
            "2026-06-05 14:01:38,506\tINFO worker.py:1777 -- Connecting to existing Ray cluster at address: 10.4.2.17:6379...",
            "Traceback (most recent call last):",
            '  File "/home/ray/app/infer.py", line 6, in <module>',
            "    from vllm import LLM, SamplingParams",
            "ModuleNotFoundError: No module named 'vllm'",
            "-------------------------------------------",
            f"Job '{job_id}' failed",
            "-------------------------------------------",
            "Status message: Job entrypoint command failed with exit code 1",
        ],
        at(93),
        step=[0, 1, 0, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 90, 0, 0, 0],
    )
    events = [
        event(
            rayjob,
            "Created",
            f"Created RayCluster {ns}/{cluster}",
            at(1),
            type_="Normal",
            component="rayjob-controller",
        ),
        event(
            rayjob,
            "Created",
            f"Created Kubernetes Job {ns}/{name}",
            at(90),
            type_="Normal",
            component="rayjob-controller",
        ),
        event(
            submitter,
            "BackoffLimitExceeded",
            "Job has reached the specified backoff limit",
            end,
            component="job-controller",
        ),
    ]
    return CaseSpec(
        id="dependency-error-rayjob-driver-missing-module",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="dependency-error",
        culprit=sub["metadata"]["name"],
        evidence="No module named 'vllm'",
        description="""A RayJob fails with AppFailed; its submitter pod tails the driver's output, where the
        import of vllm fails: the image lacks the package. The Ray cluster itself is healthy.""",
        objects=[rayjob, raycluster, submitter, *pods, *events],
        captured=end + timedelta(minutes=8),
        logs=logs,
    )


# -- Volcano ------------------------------------------------------------------------------


def _vcjob(
    ns: str, name: str, created: datetime, *, tasks: dict[str, int], phase: str, ctr: Container, queue: str
) -> Obj:
    return {
        "apiVersion": "batch.volcano.sh/v1alpha1",
        "kind": "Job",
        "metadata": _meta(ns, "vcjob", name, created),
        "spec": {
            "schedulerName": "volcano",
            "minAvailable": sum(tasks.values()),
            "queue": queue,
            "plugins": {"pytorch": ["--master=master", "--worker=worker", "--port=23456"], "svc": []},
            "policies": [{"event": "PodEvicted", "action": "RestartJob"}],
            "tasks": [
                {
                    "name": task,
                    "replicas": n,
                    "template": {
                        "spec": {
                            "restartPolicy": "OnFailure",
                            "containers": [{"name": ctr.name, "image": ctr.image, "resources": ctr.resources}],
                        }
                    },
                }
                for task, n in tasks.items()
            ],
        },
        "status": {
            "state": {"phase": phase, "lastTransitionTime": ts(created + timedelta(seconds=1))},
            "minAvailable": sum(tasks.values()),
            "pending": sum(tasks.values()) if phase != "Pending" else 0,
            "version": 1,
            "conditions": [{"status": phase, "lastTransitionTime": ts(created + timedelta(seconds=1))}],
        },
    }


def _podgroup(job: Obj, created: datetime, *, phase: str, min_member: int, queue: str, conditions: list[Obj]) -> Obj:
    meta = job["metadata"]
    return {
        "apiVersion": "scheduling.volcano.sh/v1beta1",
        "kind": "PodGroup",
        "metadata": _meta(
            meta["namespace"], "PodGroup", f"{meta['name']}-{meta['uid']}", created, owner=owner_ref(job)
        ),
        "spec": {
            "minMember": min_member,
            "queue": queue,
            "priorityClassName": "",
            "minResources": {"count/pods": str(min_member), "nvidia.com/gpu": str(8 * min_member)},
        },
        "status": {"phase": phase, "conditions": conditions},
    }


def volcano_job_gang_unschedulable() -> CaseSpec:
    ns, name, queue = "cv-team", "resnet-dist", "gpu-queue"
    at = Clock(datetime(2026, 6, 6, 9, 30, tzinfo=timezone.utc))
    ctr = Container(
        "pytorch", "nvcr.io/nvidia/pytorch:24.05-py3", command=["python", "train.py"], resources=gpu(8, "500Gi", "64")
    )
    job = _vcjob(ns, name, at(0), tasks={"master": 1, "worker": 3}, phase="Pending", ctr=ctr, queue=queue)
    gang = (
        "4/4 tasks in gang unschedulable: pod group is not ready, 4 Pending, 4 minAvailable; Pending: 4 Unschedulable"
    )
    group = _podgroup(
        job,
        at(1),
        phase="Inqueue",
        min_member=4,
        queue=queue,
        conditions=[
            {
                "type": "Unschedulable",
                "status": "True",
                "reason": "NotEnoughResources",
                "message": gang,
                "transitionID": uid(name, "transition"),
                "lastTransitionTime": ts(at(4)),
            }
        ],
    )
    pods = []
    nodes = (
        "0/12 nodes are unavailable: 9 Insufficient nvidia.com/gpu, 3 node(s) had untolerated taint {dedicated: infer}."
    )
    for task, n in (("master", 1), ("worker", 3)):
        for i in range(n):
            c = Container(ctr.name, ctr.image, command=ctr.command, resources=ctr.resources)
            p = pod(
                name=f"{name}-{task}-{i}",
                namespace=ns,
                owner=owner_ref(job),
                containers=[c],
                created=at(3),
                phase="Pending",
                unschedulable=nodes,
                scheduler="volcano",
                restart_policy="OnFailure",
                labels={
                    "volcano.sh/job-name": name,
                    "volcano.sh/job-namespace": ns,
                    "volcano.sh/queue-name": queue,
                    "volcano.sh/task-spec": task,
                    "volcano.sh/task-index": str(i),
                },
                annotations={
                    "scheduling.k8s.io/group-name": group["metadata"]["name"],
                    "volcano.sh/job-name": name,
                    "volcano.sh/task-spec": task,
                    "volcano.sh/template-uid": f"{name}-{task}",
                },
            )
            pods.append(p)
    events = [
        event(group, "Unschedulable", gang, at(4), last=at(3600), count=118, component="volcano"),
        *[event(p, "FailedScheduling", nodes, at(4), last=at(3600), count=60, component="volcano") for p in pods],
    ]
    return CaseSpec(
        id="unschedulable-volcano-job-gang",
        kind="vcjob",
        name=name,
        namespace=ns,
        healthy=False,
        category="unschedulable",
        culprit=None,
        evidence="tasks in gang unschedulable",
        description="""A Volcano Job of four 8-GPU tasks: its PodGroup is in the queue, but no four nodes with
        8 free GPUs exist at once, so Volcano places none of the gang.""",
        objects=[job, group, *pods, *events],
        captured=at(3600 + 60),
        logs={},
    )


def volcano_job_queue_quota() -> CaseSpec:
    ns, name, queue = "cv-team", "detr-finetune", "research"
    at = Clock(datetime(2026, 6, 6, 11, 0, tzinfo=timezone.utc))
    ctr = Container("pytorch", "nvcr.io/nvidia/pytorch:24.05-py3", resources=gpu(8, "500Gi", "64"))
    job = _vcjob(ns, name, at(0), tasks={"master": 1, "worker": 1}, phase="Pending", ctr=ctr, queue=queue)
    group = _podgroup(
        job,
        at(1),
        phase="Pending",
        min_member=2,
        queue=queue,
        conditions=[
            {
                "type": "Unschedulable",
                "status": "True",
                "reason": "NotEnoughResources",
                "message": "0/0 tasks in gang unschedulable: pod group is not ready, 2 minAvailable",
                "transitionID": uid(name, "transition"),
                "lastTransitionTime": ts(at(2)),
            }
        ],
    )
    events = [
        event(
            group,
            "Unschedulable",
            "queue resource quota insufficient: insufficient nvidia.com/gpu",
            at(2),
            last=at(1800),
            count=300,
            type_="Normal",
            component="volcano",
        )
    ]
    return CaseSpec(
        id="quota-exceeded-volcano-job-queue",
        kind="job.batch.volcano.sh",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="queue resource quota insufficient",
        description="""The research queue's capability has no 16 GPUs left: Volcano never admits the PodGroup
        to the queue, so not one pod exists.""",
        objects=[job, group, *events],
        captured=at(1800 + 30),
        logs={},
    )


# -- Kueue --------------------------------------------------------------------------------


def _kueue_workload(
    job: Obj, created: datetime, *, queue: str, conditions: list[Obj], pod_sets: list[Obj], admission: Obj | None = None
) -> Obj:
    meta = job["metadata"]
    name = f"{job['kind'].lower()}-{meta['name']}-{suffix(meta['name'], 'wl')}"
    wl: Obj = {
        "apiVersion": KUEUE,
        "kind": "Workload",
        "metadata": _meta(
            meta["namespace"],
            "Workload",
            name,
            created,
            owner=owner_ref(job),
            labels={"kueue.x-k8s.io/job-uid": meta["uid"]},
        ),
        "spec": {"queueName": queue, "active": True, "podSets": pod_sets, "priority": 0},
        "status": {"conditions": conditions},
    }
    if admission is not None:
        wl["status"]["admission"] = admission
    return wl


def kueue_pytorchjob_quota_pending() -> CaseSpec:
    ns, name, queue = "nlp", "bert-large-ft", "team-nlp"
    at = Clock(datetime(2026, 6, 7, 7, 0, tzinfo=timezone.utc))
    ctr = Container("pytorch", "ghcr.io/acme/bert-ft:2.1", resources=gpu(8, "400Gi", "48"))
    job, _, _ = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[],
        conditions=[
            job_condition("Created", at(1), "PyTorchJobCreated", f"PyTorchJob {name} is created."),
            job_condition("Suspended", at(1), "PyTorchJobSuspended", f"PyTorchJob {name} is suspended."),
        ],
        statuses={},
        run_policy={"backoffLimit": 0, "cleanPodPolicy": "None", "suspend": True},
    )
    job["spec"]["pytorchReplicaSpecs"] = {
        "Master": {
            "replicas": 1,
            "restartPolicy": "OnFailure",
            "template": {"spec": {"containers": [{"name": "pytorch", "image": ctr.image, "resources": ctr.resources}]}},
        },
        "Worker": {
            "replicas": 3,
            "restartPolicy": "OnFailure",
            "template": {"spec": {"containers": [{"name": "pytorch", "image": ctr.image, "resources": ctr.resources}]}},
        },
    }
    job["metadata"]["labels"] = {"kueue.x-k8s.io/queue-name": queue}
    job["status"].pop("startTime", None)
    quota = (
        "couldn't assign flavors to pod set worker: insufficient unused quota for nvidia.com/gpu in flavor "
        "h100-80gb, 16 more needed"
    )
    wl = _kueue_workload(
        job,
        at(1),
        queue=queue,
        conditions=[_metav1("QuotaReserved", at(2), "Pending", quota, "False")],
        pod_sets=[{"name": "master", "count": 1}, {"name": "worker", "count": 3}],
    )
    events = [event(wl, "Pending", quota, at(2), last=at(2700), count=45, type_="Warning", component="kueue-admission")]
    return CaseSpec(
        id="quota-exceeded-kueue-pytorchjob-pending",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="quota-exceeded",
        culprit=None,
        evidence="insufficient unused quota",
        description="""Kueue keeps the PyTorchJob suspended: its ClusterQueue has 16 GPUs too few for the four
        8-GPU replicas. Only the Workload object says so; the job shows just Suspended.""",
        objects=[job, wl, *events],
        captured=at(2700 + 60),
        logs={},
    )


def kueue_job_preempted() -> CaseSpec:
    ns, name, queue = "batch-eval", "nightly-eval", "eval"
    at = Clock(datetime(2026, 6, 7, 2, 0, tzinfo=timezone.utc))
    preempted_at = at(1500)
    ctr = Container(
        "eval",
        "ghcr.io/acme/eval-harness:5.2",
        command=["python", "-m", "harness.run"],
        resources=gpu(4, "200Gi", "32"),
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        suspend=True,
        start=at(2),
        labels={"kueue.x-k8s.io/queue-name": queue},
        conditions=[job_condition("Suspended", preempted_at + timedelta(seconds=1), "JobSuspended", "Job suspended")],
    )
    message = (
        "Preempted to accommodate a workload (UID: 4f8c2a1e-7d3b-4c5a-9e21-0b6d8f3c7a15, JobUID: "
        "9b1d4e2f-3a6c-4d8b-a7e5-2c9f1b0d6e43) due to prioritization in the ClusterQueue"
    )
    wl = _kueue_workload(
        job,
        at(1),
        queue=queue,
        pod_sets=[{"name": "main", "count": 1}],
        conditions=[
            _metav1("QuotaReserved", preempted_at, "Pending", message, "False"),
            _metav1("Admitted", preempted_at, "NoReservation", "The workload has no reservation", "False"),
            _metav1("Evicted", preempted_at, "Preempted", message),
            _metav1("Preempted", preempted_at, "InClusterQueue", message),
            _metav1("Requeued", preempted_at, "Preempted", message),
            _metav1(
                "PodsReady", preempted_at + timedelta(seconds=2), "PodsReady", "All pods reached readiness", "False"
            ),
        ],
    )
    c = Container(
        ctr.name,
        ctr.image,
        command=ctr.command,
        resources=ctr.resources,
        state=terminated(143, at(12), preempted_at + timedelta(seconds=2)),
    )
    p = job_pod(
        job,
        [c],
        created=at(3),
        phase="Failed",
        node="a100-node-3",
        scheduled=at(4),
        deletion=preempted_at + timedelta(seconds=1),
    )
    log = stamped(
        [f"[eval] task mmlu shard {s}/57 done, acc=0.{700 + s}" for s in range(40, 48)]
        + ["Received SIGTERM, flushing partial results to /results/partial.jsonl"],
        preempted_at - timedelta(seconds=240),
        step=30,
    )
    events = [
        event(wl, "Preempted", message, preempted_at, component="kueue-admission"),
        event(job, "Stopped", message, preempted_at, type_="Normal", component="kueue-job-controller"),
        event(p, "Killing", "Stopping container eval", preempted_at + timedelta(seconds=1), type_="Normal"),
    ]
    return CaseSpec(
        id="preempted-kueue-job-in-cluster-queue",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="preempted",
        culprit=None,
        evidence="Preempted to accommodate a workload",
        description="""Kueue preempted the nightly evaluation for a higher-priority workload in the same
        ClusterQueue: the Job is suspended again and its pod got SIGTERM.""",
        objects=[job, wl, p, *events],
        captured=preempted_at + timedelta(minutes=6),
        logs={f"{p['metadata']['name']}/eval": log},
    )


SCENARIOS = [
    trainjob_child_job_deadline,
    jobset_restart_current_attempt,
    rayjob_driver_missing_module,
    volcano_job_gang_unschedulable,
    volcano_job_queue_quota,
    kueue_pytorchjob_quota_pending,
    kueue_job_preempted,
]

# One example snapshot per kind: example folder -> the case it shows.
EXAMPLE_CASES = {
    "trainjob-child-job-deadline": "deadline-exceeded-trainjob-child-job",
    "jobset-restart-gpu-oom": "gpu-oom-jobset-current-restart-attempt",
    "rayjob-driver-missing-module": "dependency-error-rayjob-driver-missing-module",
    "volcano-job-gang-unschedulable": "unschedulable-volcano-job-gang",
    "pytorchjob-kueue-quota-pending": "quota-exceeded-kueue-pytorchjob-pending",
}
