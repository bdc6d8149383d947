"""Cases beyond PyTorch on NVIDIA GPUs: Ascend NPUs (HCCL, CANN error codes), JAX on TPUs, Ray
(RayJob and Ray Train drivers), TensorFlow multi-worker, Horovod and DeepSpeed under
mpi-operator, Lightning, accelerate and distributed LightGBM. Error text follows public issue
threads (Ascend/pytorch, vllm-project/vllm-ascend, hiyouga/LlamaFactory, jax-ml/jax,
ray-project/ray, ray-project/kuberay, tensorflow/tensorflow, horovod/horovod,
microsoft/DeepSpeed, Lightning-AI/pytorch-lightning, huggingface/peft, lightgbm-org/LightGBM);
names and namespaces are made up.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    PodPlan,
    Replicas,
    Scenarios,
    backoff_conditions,
    batch_job,
    cpu_only,
    event,
    failed_job_case,
    gpu,
    indexed_job_pod,
    job_condition,
    job_pod,
    kubeflow_conditions,
    kubeflow_job,
    kubeflow_pod,
    kubeflow_with_pods,
    object_meta,
    owner_ref,
    pod,
    running,
    stamped,
    suffix,
    terminated,
    text,
    ts,
)
from tests.cases.logtext import torchrun_failed

SCENARIOS = Scenarios()


def _ascend(n: int, memory: str, cpu: str) -> Obj:
    """Resources of a pod on Ascend 910 NPUs (the device plugin's resource name)."""
    return {
        "limits": {"cpu": cpu, "memory": memory, "huawei.com/Ascend910": str(n)},
        "requests": {"cpu": cpu, "memory": memory, "huawei.com/Ascend910": str(n)},
    }


def _tpu(chips: int, memory: str, cpu: str) -> Obj:
    return {
        "limits": {"cpu": cpu, "memory": memory, "google.com/tpu": str(chips)},
        "requests": {"cpu": cpu, "memory": memory, "google.com/tpu": str(chips)},
    }


# -- Ascend NPUs -------------------------------------------------------------------------------


def _hccl_timeout(rank: int, when: datetime, pid: int) -> list[str]:
    """What a rank prints when a peer NPU stops answering its collective (HCCL's EI0006)."""
    stamp = f"{when.strftime('%Y-%m-%d-%H:%M:%S')}.{when.microsecond // 1000:03d}.436"
    return [
        f"[rank{rank}]: RuntimeError: InnerRunOpApi:torch_npu/csrc/framework/OpParamMaker.cpp:281 OPS function "
        "error: HcclAllreduce, error code is 6",
        f"[rank{rank}]: [ERROR] {when.strftime('%Y-%m-%d-%H:%M:%S')} (PID:{pid}, Device:{rank % 8}, "
        f"RankID:{rank}) ERR01100 OPS call acl api failed.",
        f"[rank{rank}]: EI0006: [PID: {pid}] {stamp} Getting socket times out. Reason: Remote Rank did not send "
        "the data in time. Please check the reason for the rank being stuck",
        f"[rank{rank}]:         Solution: 1. Check the rank service processes with other errors or no errors in "
        "the cluster.2. If this error is reported for all NPUs, check whether the time difference between the "
        "earliest and latest errors is greater than the connect timeout interval (120s by default).",
    ]


@SCENARIOS.add
def gpu_oom_pytorchjob_ascend_el0004_cascade() -> CaseSpec:
    at = Clock(datetime(2026, 8, 1, 2, 0, tzinfo=timezone.utc))
    name, ns = "qwen-npu-sft", "ascend-train"
    ctr = Container(
        "pytorch",
        "swr.cn-south-1.example.com/ascend/llamafactory:0.9.1-cann8.0.rc3-torch2.1",
        command=["torchrun", "--nnodes=3", "--nproc_per_node=8", "src/train.py", "sft_qwen14b.yaml"],
        resources=_ascend(8, "1200Gi", "160"),
    )
    steps = [
        f"{{'loss': {1.92 - i * 0.012:.4f}, 'grad_norm': 1.{31 + i % 7}, 'learning_rate': 9.{80 - i}e-06, "
        f"'epoch': {i * 0.01:.2f}}}"
        for i in range(1, 30)
    ]
    oom_at = at(2400)
    el0004 = [
        "[rank9]: Traceback (most recent call last):",
        '[rank9]:   File "/workspace/LLaMA-Factory/src/train.py", line 28, in <module>',
        "[rank9]:     main()",
        '[rank9]:   File "/usr/local/python3.10/lib/python3.10/site-packages/transformers/trainer.py", line 3485, '
        "in training_step",
        "[rank9]:     self.accelerator.backward(loss, **kwargs)",
        "[rank9]: RuntimeError: The Inner error is reported as above. The process exits for this inner error, and "
        "the current working operator name is MatMulV2.",
        "[rank9]: Since the operator is called asynchronously, the stacktrace may be inaccurate. If you want to get "
        "the accurate stacktrace, please set the environment variable ASCEND_LAUNCH_BLOCKING=1.",
        "[rank9]: [ERROR] 2026-08-01-02:40:00 (PID:2231, Device:1, RankID:9) ERR00100 PTA call acl api failed.",
        "[rank9]: [PID: 2231] 2026-08-01-02:39:59.884.102 Memory_Allocation_Failure(EL0004): Failed to allocate "
        "memory requested by GE module.",
        "[rank9]:         Possible Cause: Available memory is insufficient.",
        "[rank9]:         Solution: Close applications not in use.",
    ]
    w1 = text(
        *steps,
        *el0004,
        *torchrun_failed(
            oom_at + timedelta(seconds=3),
            rank=9,
            local_rank=1,
            exitcode=1,
            pid=2231,
            host=f"{name}-worker-1",
            script="src/train.py",
        ),
    )
    hang = at(2400 + 1805)
    master = text(
        *steps,
        *_hccl_timeout(3, hang, 1877),
        *torchrun_failed(
            hang + timedelta(seconds=4),
            rank=3,
            local_rank=3,
            exitcode=1,
            pid=1877,
            host=f"{name}-master-0",
            script="src/train.py",
        ),
    )
    w0 = text(
        *steps,
        *_hccl_timeout(12, hang + timedelta(seconds=1), 1904),
        *torchrun_failed(
            hang + timedelta(seconds=5),
            rank=12,
            local_rank=4,
            exitcode=1,
            pid=1904,
            host=f"{name}-worker-0",
            script="src/train.py",
        ),
    )
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(1, at(60), at(4211)), log=master, node="ascend-910b-01"),
            PodPlan("worker", 0, terminated(1, at(60), at(4212)), log=w0, node="ascend-910b-02"),
            PodPlan("worker", 1, terminated(1, at(60), at(2405)), log=w1, node="ascend-910b-03"),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(65), failed=("Master", at(4213))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 2}},
        completion=at(4213),
    )
    return CaseSpec(
        id="gpu-oom-pytorchjob-ascend-el0004-cascade",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=f"{name}-worker-1",
        evidence="EL0004",
        description="On Ascend 910B, a rank on worker 1 fails to allocate NPU memory (CANN's EL0004, "
        "Memory_Allocation_Failure); half an hour later the other ranks' HCCL allreduce times out "
        "(EI0006, 'Remote Rank did not send the data in time') and the job's condition names the "
        "master (vllm-ascend#486, Helios#62 shapes).",
        objects=[job, *pods],
        logs=logs,
        captured=at(4300),
    )


@SCENARIOS.add
def nccl_error_pytorchjob_ascend_hccp_init() -> CaseSpec:
    at = Clock(datetime(2026, 8, 2, 9, 0, tzinfo=timezone.utc))
    name, ns = "glm-npu-pretrain", "ascend-train"
    ctr = Container(
        "pytorch",
        "swr.cn-south-1.example.com/ascend/mindspeed-llm:1.0.0-cann8.0-torch2.1",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=8", "pretrain_gpt.py"],
        resources=_ascend(8, "1000Gi", "160"),
    )
    master = text(
        "The backend in torch.distributed.init_process_group set to hccl now..",
        "The torch.cuda.* and torch.cuda.amp.* are replaced with torch.npu.* and torch.npu.amp.* now..",
        "[rank2]: Traceback (most recent call last):",
        '[rank2]:   File "/workspace/MindSpeed-LLM/pretrain_gpt.py", line 121, in <module>',
        "[rank2]:     pretrain(train_valid_test_datasets_provider, model_provider, ModelType.encoder_or_decoder)",
        '[rank2]:   File "/usr/local/python3.10/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py", '
        "line 3439, in barrier",
        "[rank2]:     work = default_pg.barrier(opts=opts)",
        "[rank2]: RuntimeError: [ERROR] HCCL error in: torch_npu/csrc/distributed/ProcessGroupHCCL.cpp:64",
        "[rank2]: [ERROR] 2026-08-02-09:01:14 (PID:915, Device:2, RankID:2) ERR02200 DIST call hccl api failed.",
        "[rank2]: EJ0001: 2026-08-02-09:01:14.167.645 Failed to initialize the HCCP process. Reason: Maybe the last "
        "training process is running.",
        "[rank2]:         Solution: Wait for 10s after killing the last training process and try again.",
        *torchrun_failed(
            at(76), rank=2, local_rank=2, exitcode=1, pid=915, host=f"{name}-master-0", script="pretrain_gpt.py"
        ),
    )
    worker = text(
        "The backend in torch.distributed.init_process_group set to hccl now..",
        "[rank11]: torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. "
        "Did the remote server shutdown or crash?",
        *torchrun_failed(
            at(79), rank=11, local_rank=3, exitcode=1, pid=922, host=f"{name}-worker-0", script="pretrain_gpt.py"
        ),
    )
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(1, at(50), at(77)), log=master, node="ascend-910b-07"),
            PodPlan("worker", 0, terminated(1, at(50), at(80)), log=worker, node="ascend-910b-08"),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(55), failed=("Worker", at(81))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1}},
        completion=at(81),
    )
    return CaseSpec(
        id="nccl-error-pytorchjob-ascend-hccp-init",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=f"{name}-master-0",
        evidence="Failed to initialize the HCCP process",
        description="HCCL cannot start its HCCP process on the master's node, which a previous run's process "
        "still holds (LlamaFactory#3839); the worker then loses the rendezvous store.",
        objects=[job, *pods],
        logs=logs,
        captured=at(200),
    )


# -- JAX on TPUs ---------------------------------------------------------------------------


@SCENARIOS.add
def gpu_oom_job_jax_tpu_hbm_compile() -> CaseSpec:
    at = Clock(datetime(2026, 8, 3, 5, 0, tzinfo=timezone.utc))
    name, ns = "gemma-tpu-pretrain", "tpu-research"
    tmpl = Container(
        "jax",
        "us-docker.pkg.dev/acme-ml/jax/maxtext:2024.12-tpu",
        command=["python3", "MaxText/train.py", "MaxText/configs/base.yml", "per_device_batch_size=16"],
        resources=_tpu(4, "400Gi", "200"),
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=tmpl,
        failed=4,
        start=at(1),
        completions=4,
        parallelism=4,
        conditions=backoff_conditions(at(352)),
        completion_mode="Indexed",
    )
    job["spec"]["template"]["spec"]["nodeSelector"] = {
        "cloud.google.com/gke-tpu-accelerator": "tpu-v5-lite-podslice",
        "cloud.google.com/gke-tpu-topology": "4x4",
    }
    pods, logs = [], {}
    for i in range(4):
        finish = 340 + i
        c = Container(
            "jax", tmpl.image, command=tmpl.command, resources=tmpl.resources, state=terminated(1, at(40), at(finish))
        )
        p = indexed_job_pod(job, i, [c], created=at(2), phase="Failed", node=f"gke-tpu-v5e-{i}", scheduled=at(3))
        pods.append(p)
        logs[f"{p['metadata']['name']}/jax"] = stamped(
            [
                f"I0803 05:00:41.118204 140245 distributed.py:89] Connecting to JAX distributed service on "
                f"{name}-0.{name}:8476",
                f"I0803 05:00:49.402111 140245 max_utils.py:212] System Information: Jax Version: 0.4.37, Jaxlib "
                f"Version: 0.4.36, process_index: {i}",
                "I0803 05:01:02.551877 140245 train.py:512] Compiling train_step for per_device_batch_size=16...",
                "Traceback (most recent call last):",
                '  File "/deps/MaxText/train.py", line 812, in <module>',
                "    app.run(main)",
                '  File "/deps/MaxText/train.py", line 640, in train_loop',
                "    p_train_step = jax.jit(functional_train, in_shardings=in_shard, out_shardings=out_shard).lower(",
                "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: XLA:TPU compile permanent error. Ran out of "
                "memory in memory space hbm. Used 17.68G of 15.48G hbm. Exceeded hbm capacity by 2.20G.",
            ],
            at(41),
            [8, 13, finish - 64, 0, 0, 0, 0, 0],
        )
    return CaseSpec(
        id="gpu-oom-job-jax-tpu-hbm-compile",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=[p["metadata"]["name"] for p in pods],
        evidence="Ran out of memory in memory space hbm",
        description="An indexed Job of four TPU v5e hosts: XLA cannot fit the train step in each chip's HBM at "
        "the batch size asked for, and every process fails compiling the same program.",
        objects=[job, *pods],
        logs=logs,
        captured=at(420),
    )


# -- Ray -------------------------------------------------------------------------------------


def _ray_cluster_name(rayjob: str) -> str:
    return f"{rayjob}-raycluster-{suffix(rayjob, 'cluster')}"


def _kuberay(
    *,
    at: Clock,
    name: str,
    ns: str,
    image: str,
    entrypoint: str,
    group: str,
    head: Container,
    workers: list[Container],
    status: Obj,
    nodes: list[str],
) -> tuple[Obj, Obj, list[Obj]]:
    """A RayJob, the RayCluster it created and that cluster's pods (head first, on ``nodes``), as
    KubeRay writes them; ``status`` is the RayJob's job and deployment status."""
    cluster = _ray_cluster_name(name)
    rayjob: Obj = {
        "apiVersion": "ray.io/v1",
        "kind": "RayJob",
        "metadata": object_meta(ns, "RayJob", name, at(0)),
        "spec": {
            "entrypoint": entrypoint,
            "submissionMode": "K8sJobMode",
            "shutdownAfterJobFinishes": False,
            "backoffLimit": 0,
            "rayClusterSpec": {
                "rayVersion": image.split(":")[1].split("-")[0],
                "headGroupSpec": {
                    "rayStartParams": {},
                    "template": {"spec": {"containers": [{"name": head.name, "image": image}]}},
                },
                "workerGroupSpecs": [
                    {
                        "groupName": group,
                        "replicas": len(workers),
                        "minReplicas": len(workers),
                        "maxReplicas": len(workers),
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
            "startTime": ts(at(1)),
            "observedGeneration": 1,
            **status,
        },
    }
    raycluster: Obj = {
        "apiVersion": "ray.io/v1",
        "kind": "RayCluster",
        "metadata": object_meta(
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
            "readyWorkerReplicas": len(workers),
            "availableWorkerReplicas": len(workers),
            "desiredWorkerReplicas": len(workers),
        },
    }
    labels = {
        "ray.io/cluster": cluster,
        "app.kubernetes.io/created-by": "kuberay-operator",
        "app.kubernetes.io/name": "kuberay",
        "ray.io/is-ray-node": "yes",
    }
    pods = [
        pod(
            name=f"{cluster}-head-{suffix(cluster, 'head')}",
            namespace=ns,
            owner=owner_ref(raycluster),
            containers=[head],
            created=at(2),
            phase="Running",
            node=nodes[0],
            scheduled=at(3),
            restart_policy="Always",
            labels={**labels, "ray.io/node-type": "head", "ray.io/group": "headgroup"},
        )
    ]
    for i, c in enumerate(workers):
        pods.append(
            pod(
                name=f"{cluster}-{group}-worker-{suffix(cluster, str(i))}",
                namespace=ns,
                owner=owner_ref(raycluster),
                containers=[c],
                created=at(2),
                phase="Running",
                node=nodes[i + 1],
                scheduled=at(3),
                restart_policy="Always",
                labels={**labels, "ray.io/node-type": "worker", "ray.io/group": group},
            )
        )
    return rayjob, raycluster, pods


def _submitter(
    rayjob: Obj,
    at: Clock,
    created: float,
    *,
    failed: int = 0,
    active: int = 0,
    conditions: list[Obj] | None = None,
    backoff_limit: int = 0,
) -> Obj:
    """The batch Job KubeRay creates to run ``ray job submit``, named like the RayJob."""
    meta = rayjob["metadata"]
    image = rayjob["spec"]["rayClusterSpec"]["headGroupSpec"]["template"]["spec"]["containers"][0]["image"]
    return batch_job(
        name=meta["name"],
        namespace=meta["namespace"],
        created=at(created),
        owner=owner_ref(rayjob),
        container=Container("ray-job-submitter", image),
        failed=failed,
        active=active,
        ready=active,
        start=at(created),
        backoff_limit=backoff_limit,
        conditions=conditions or [],
        labels={"ray.io/originated-from-crd": "RayJob", "ray.io/originated-from-cr-name": meta["name"]},
    )


@SCENARIOS.add
def oom_killed_rayjob_worker_actor_died() -> CaseSpec:
    at = Clock(datetime(2026, 8, 4, 11, 0, tzinfo=timezone.utc))
    name, ns = "embed-backfill-ray", "ray-batch"
    cluster = _ray_cluster_name(name)
    image = "rayproject/ray:2.40.0-py310-gpu"
    end = at(1560)
    oom = Container(
        "ray-worker",
        image,
        resources=cpu_only("32Gi", "8"),
        state=running(at(1508)),
        last=terminated(137, at(30), at(1501), reason="OOMKilled"),
        restarts=1,
        ready=True,
    )
    rayjob, raycluster, nodes = _kuberay(
        at=at,
        name=name,
        ns=ns,
        image=image,
        entrypoint="python /app/backfill.py --shards 4096",
        group="cpu-workers",
        head=Container("ray-head", image, resources=cpu_only("16Gi", "4"), state=running(at(25)), ready=True),
        workers=[
            oom,
            Container("ray-worker", image, resources=cpu_only("32Gi", "8"), state=running(at(30)), ready=True),
        ],
        status={
            "jobStatus": "FAILED",
            "jobDeploymentStatus": "Failed",
            "reason": "AppFailed",
            "message": "Job entrypoint command failed with exit code 1",
            "endTime": ts(end),
            "failed": 1,
            "succeeded": 0,
        },
        nodes=["cpu-m6i-1", "cpu-m6i-2", "cpu-m6i-3"],
    )
    submitter = _submitter(rayjob, at, 60, failed=1, conditions=backoff_conditions(end))
    sub = job_pod(
        submitter,
        [
            Container(
                "ray-job-submitter",
                image,
                command=["ray", "job", "submit"],
                resources=cpu_only("1Gi", "500m"),
                state=terminated(1, at(62), end - timedelta(seconds=2)),
            )
        ],
        created=at(61),
        phase="Failed",
        node="cpu-m6i-1",
        scheduled=at(61),
    )
    job_id = rayjob["status"]["jobId"]
    worker_ip = "10.244.7.31"
    died = (
        "The actor is dead because its worker process has died. Worker exit type: SYSTEM_ERROR Worker exit "
        "detail: Worker unexpectedly exits with a connection error code 2. End of file. There are some potential "
        "root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop "
        "--force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other unexpected errors."
    )
    sub_log = stamped(
        [
            f"Job submission server address: http://{cluster}-head-svc.{ns}.svc.cluster.local:8265",
            f"Job '{job_id}' submitted successfully",
            "Tailing logs until the job exits (disable with --no-wait):",
            "2026-08-04 11:01:05,504\tINFO worker.py:1636 -- Using address 10.244.3.9:6379 set in the environment",
            *[
                f"(Embedder pid={301 + k % 4}, ip={worker_ip}) embedded shard {k:04d}/4096 (2048 docs)"
                for k in range(0, 1400, 100)
            ],
            "Traceback (most recent call last):",
            '  File "/app/backfill.py", line 88, in <module>',
            "    results = ray.get(refs)",
            "ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.",
            "\tclass_name: Embedder",
            "\tactor_id: 28507c63735529c3265367b501000000",
            "\tpid: 302",
            f"\tip: {worker_ip}",
            died,
            "---------------------------------------",
            f"Job '{job_id}' failed",
            "---------------------------------------",
            "Status message: Job entrypoint command failed with exit code 1",
        ],
        at(63),
        [1, 0, 2, *([100] * 14), 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
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
            submitter,
            "BackoffLimitExceeded",
            "Job has reached the specified backoff limit",
            end,
            component="job-controller",
        ),
    ]
    return CaseSpec(
        id="oom-killed-rayjob-worker-actor-died",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=nodes[1]["metadata"]["name"],
        evidence="OOMKilled",
        description="A Ray worker pod goes over its memory limit and is OOMKilled; the driver, tailed by the "
        "RayJob's submitter, fails with ActorDiedError, whose text lists SIGSEGV among possible "
        "causes (verl#4921, simpleRL-reason#25). The worker pod restarted and runs again.",
        objects=[rayjob, raycluster, submitter, *nodes, sub, *events],
        logs={f"{sub['metadata']['name']}/ray-job-submitter": sub_log},
        captured=end + timedelta(minutes=5),
    )


@SCENARIOS.add
def dependency_error_job_ray_train_worker_missing_module() -> CaseSpec:
    at = Clock(datetime(2026, 8, 5, 16, 0, tzinfo=timezone.utc))
    name, ns = "lora-ray-train", "ray-batch"
    tmpl = Container(
        "driver",
        "registry.corp.example/ml/ray-driver:2.40.0",
        command=["python", "train_lora.py", "--ray-address", "ray://ml-ray-head-svc:10001", "--num-workers", "4"],
        resources=cpu_only("4Gi", "2"),
    )
    prefix = "(RayTrainWorker pid=812, ip=10.244.5.17)"
    log = stamped(
        [
            "2026-08-05 16:00:09,112\tINFO client_builder.py:243 -- Passing the following kwargs to ray.init() on the "
            "server: log_to_driver",
            "View detailed results here: /home/ray/ray_results/TorchTrainer_2026-08-05_16-00-12",
            "(TrainController pid=611) Started distributed worker processes:",
            f"{prefix} Setting up process group for: env:// [rank=0, world_size=4]",
            f"{prefix} Traceback (most recent call last):",
            f'{prefix}   File "/tmp/ray/session_2026-08-05/runtime_resources/working_dir_files/train_lora.py", line 5, in '
            "train_loop_per_worker",
            f"{prefix}     from peft import LoraConfig, get_peft_model",
            f"{prefix} ModuleNotFoundError: No module named 'peft'",
            "ray.exceptions.RayTaskError(ModuleNotFoundError): ray::_RayTrainWorker__execute.get_next() (pid=812, "
            "ip=10.244.5.17, actor_id=5a3d40cd27b1f0c8e26b1a7f02000000, repr=<ray.train._internal.worker_group."
            "RayTrainWorker object at 0x7f3b2c1e4d90>)",
            "ModuleNotFoundError: No module named 'peft'",
            "Training errored after 0 iterations at 2026-08-05 16:01:31. Total running time: 1min 19s",
        ],
        at(7),
        [3, 4, 61, 0.5, 0, 0, 0, 0.4, 0.1, 0.2],
    )
    return failed_job_case(
        id="dependency-error-job-ray-train-worker-missing-module",
        category="dependency-error",
        evidence="No module named 'peft'",
        description="A Ray client driver run as a Job: the cluster's workers lack a package the training "
        "function imports. The workers' tracebacks reach the driver's log behind Ray's "
        "'(RayTrainWorker pid=..., ip=...)' prefix, then as RayTaskError(ModuleNotFoundError).",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=1,
        ran=(6, 94),
        node="cpu-c6i-3",
        log=log,
        captured=150,
    )


# -- TensorFlow multi-worker -----------------------------------------------------------------


@SCENARIOS.add
def gpu_oom_tfjob_dst_tensor_not_initialized() -> CaseSpec:
    at = Clock(datetime(2026, 8, 6, 7, 0, tzinfo=timezone.utc))
    name, ns = "ctr-mwms", "ads-ranking"
    ctr = Container(
        "tensorflow",
        "tensorflow/tensorflow:2.15.0-gpu",
        command=["python", "/app/train_ctr.py"],
        resources=gpu(1, "64Gi", "12"),
    )
    epochs = [f"Epoch {e}/40\n9375/9375 - 212s - loss: 0.{4412 - e * 9} - auc: 0.{7710 + e * 3}" for e in range(1, 4)]
    oom = text(
        *epochs,
        "Epoch 4/40",
        "2026-08-06 07:11:02.118204: W tensorflow/core/common_runtime/bfc_allocator.cc:479] Allocator (GPU_0_bfc) ran "
        "out of memory trying to allocate 6.00GiB (rounded to 6442450944)requested by op _EagerConst",
        "Traceback (most recent call last):",
        '  File "/app/train_ctr.py", line 143, in <module>',
        "    model.fit(train_ds, epochs=40, steps_per_epoch=9375, callbacks=callbacks)",
        "tensorflow.python.framework.errors_impl.InternalError: Failed copying input tensor from "
        "/job:worker/replica:0/task:1/device:CPU:0 to /job:worker/replica:0/task:1/device:GPU:0 in order to run "
        "_EagerConst: Dst tensor is not initialized.",
    )
    peer = text(
        *epochs,
        "Epoch 4/40",
        "Traceback (most recent call last):",
        '  File "/app/train_ctr.py", line 143, in <module>',
        "    model.fit(train_ds, epochs=40, steps_per_epoch=9375, callbacks=callbacks)",
        "tensorflow.python.framework.errors_impl.UnavailableError: Collective ops is aborted by: failed to connect "
        "to all addresses; last error: UNKNOWN: ipv4:10.244.6.21:2222: Failed to connect to remote host: "
        "Connection refused",
        "The error could be from a previous operation. Restart your program to reset.",
    )
    job, pods, logs = kubeflow_with_pods(
        kind="TFJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("worker", 0, terminated(1, at(30), at(705)), log=peer),
            PodPlan("worker", 1, terminated(1, at(30), at(663)), log=oom),
            PodPlan("worker", 2, terminated(1, at(30), at(707)), log=peer),
        ],
        conditions=kubeflow_conditions("TFJob", name, at(35), failed=("Worker", at(708))),
        statuses={"Worker": {"failed": 3}},
        completion=at(708),
    )
    return CaseSpec(
        id="gpu-oom-tfjob-dst-tensor-not-initialized",
        kind="TFJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=f"{name}-worker-1",
        evidence="Dst tensor is not initialized",
        description="MultiWorkerMirroredStrategy: worker 1 cannot copy a batch into GPU memory - TensorFlow's "
        "words for out of memory are 'Dst tensor is not initialized' (tensorflow#7025, #55502); "
        "the other workers' collectives abort with UnavailableError after it.",
        objects=[job, *pods],
        logs=logs,
        captured=at(780),
    )


# -- MPI: Horovod and DeepSpeed under mpi-operator -----------------------------------------------


def _mpijob_v2(
    *,
    at: Clock,
    name: str,
    ns: str,
    image: str,
    launcher_cmd: list[str],
    workers: int,
    failed_at: float,
    exit_code: int,
    worker_gpus: int = 8,
) -> tuple[list[Obj], str]:
    """An mpi-operator v2beta1 MPIJob whose launcher (a batch Job) failed at ``failed_at``; the
    workers run sshd and stay Running. The objects and the launcher pod's name."""
    worker_ctr = Container(
        "worker", image, command=["/usr/sbin/sshd", "-De"], resources=gpu(worker_gpus, "480Gi", "64")
    )
    launcher_ctr = Container("launcher", image, command=launcher_cmd, resources=cpu_only("4Gi", "2"))
    job = kubeflow_job(
        kind="MPIJob",
        name=name,
        namespace=ns,
        created=at(0),
        api_version="kubeflow.org/v2beta1",
        replicas={
            "Launcher": Replicas(1, launcher_ctr, "OnFailure"),
            "Worker": Replicas(workers, worker_ctr, "OnFailure"),
        },
        conditions=[
            job_condition("Created", at(1), "MPIJobCreated", f"MPIJob {ns}/{name} is created."),
            job_condition("Running", at(40), "MPIJobRunning", f"MPIJob {ns}/{name} is running.", status=False),
            job_condition("Failed", at(failed_at + 2), "MPIJobFailed", f"MPIJob {ns}/{name} has failed"),
        ],
        statuses={"Launcher": {"failed": 1}, "Worker": {"active": workers}},
        start=at(1),
        completion=at(failed_at + 2),
        extra_spec={"slotsPerWorker": worker_gpus, "sshAuthMountPath": "/root/.ssh", "mpiImplementation": "OpenMPI"},
    )
    kf = {"training.kubeflow.org/job-name": name, "training.kubeflow.org/operator-name": "mpi-operator"}
    launcher_job = batch_job(
        name=f"{name}-launcher",
        namespace=ns,
        created=at(30),
        container=launcher_ctr,
        owner=owner_ref(job),
        failed=1,
        start=at(30),
        conditions=backoff_conditions(at(failed_at + 1)),
        labels={**kf, "training.kubeflow.org/job-role": "launcher"},
    )
    launcher_name = f"{name}-launcher-{suffix(name, 'launcher')}"
    lc = Container(
        "launcher",
        image,
        command=launcher_cmd,
        resources=launcher_ctr.resources,
        state=terminated(exit_code, at(35), at(failed_at)),
    )
    launcher_pod = pod(
        name=launcher_name,
        namespace=ns,
        owner=owner_ref(launcher_job),
        containers=[lc],
        created=at(30),
        phase="Failed",
        node="cpu-pool-d-4",
        scheduled=at(31),
        restart_policy="Never",
        labels={
            **kf,
            "training.kubeflow.org/job-role": "launcher",
            "training.kubeflow.org/replica-type": "launcher",
            "batch.kubernetes.io/controller-uid": launcher_job["metadata"]["uid"],
            "batch.kubernetes.io/job-name": f"{name}-launcher",
            "controller-uid": launcher_job["metadata"]["uid"],
            "job-name": f"{name}-launcher",
        },
    )
    pods = []
    for i in range(workers):
        wc = Container(
            "worker",
            image,
            command=worker_ctr.command,
            resources=worker_ctr.resources,
            state=running(at(20)),
            ready=True,
        )
        pods.append(
            kubeflow_pod(
                job,
                "worker",
                i,
                [wc],
                created=at(2),
                phase="Running",
                node=f"h100-c-{i + 11}",
                scheduled=at(3),
                operator="mpi-operator",
                extra_labels={"training.kubeflow.org/job-role": "worker"},
                restart_policy="OnFailure",
            )
        )
    events = [
        event(
            launcher_job,
            "SuccessfulCreate",
            f"Created pod: {launcher_name}",
            at(30),
            type_="Normal",
            component="job-controller",
        ),
        event(job, "MPIJobFailed", f"MPIJob {ns}/{name} has failed", at(failed_at + 2), component="mpi-job-controller"),
    ]
    return [job, launcher_job, launcher_pod, *pods, *events], launcher_name


@SCENARIOS.add
def missing_file_mpijob_horovod_stderr_prefix() -> CaseSpec:
    at = Clock(datetime(2026, 8, 7, 22, 0, tzinfo=timezone.utc))
    name, ns = "hvd-resnet-imagenet", "vision-train"
    image = "horovod/horovod:0.28.1"
    objects, launcher = _mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image=image,
        workers=2,
        failed_at=131,
        exit_code=1,
        worker_gpus=4,
        launcher_cmd=[
            "mpirun",
            "-np",
            "8",
            "--tag-output",
            "python",
            "pytorch_imagenet_resnet50.py",
            "--train-dir",
            "/data/imagenet/train",
        ],
    )
    lines = [f"[1,{r}]<stdout>:Horovod rank {r}/8 on {name}-worker-{r // 4}, local rank {r % 4}" for r in range(8)]
    lines += [
        "[1,3]<stderr>:Traceback (most recent call last):",
        '[1,3]<stderr>:  File "/examples/pytorch_imagenet_resnet50.py", line 262, in <module>',
        "[1,3]<stderr>:    train_dataset = datasets.ImageFolder(args.train_dir, transform=train_transform)",
        '[1,3]<stderr>:  File "/usr/local/lib/python3.10/dist-packages/torchvision/datasets/folder.py", line 40, '
        "in find_classes",
        "[1,3]<stderr>:    classes = sorted(entry.name for entry in os.scandir(directory) if entry.is_dir())",
        "[1,3]<stderr>:FileNotFoundError: [Errno 2] No such file or directory: '/data/imagenet/train'",
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
        "--------------------------------------------------------------------------",
        "mpirun detected that one or more processes exited with non-zero status, thus causing",
        "the job to be terminated. The first process to do so was:",
        "",
        "  Process name: [[31221,1],3]",
        "  Exit code:    1",
        "--------------------------------------------------------------------------",
    ]
    return CaseSpec(
        id="missing-file-mpijob-horovod-stderr-prefix",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=launcher,
        evidence="No such file or directory: '/data/imagenet/train'",
        description="Horovod under mpi-operator v2: rank 3, on the worker whose dataset volume is empty, cannot "
        "find the training directory. mpirun's --tag-output puts '[1,3]<stderr>:' before every line "
        "of the traceback, frames included.",
        objects=objects,
        logs={f"{launcher}/launcher": text(*lines)},
        captured=at(200),
    )


@SCENARIOS.add
def rendezvous_error_mpijob_deepspeed_pdsh_unresolved() -> CaseSpec:
    at = Clock(datetime(2026, 8, 8, 13, 0, tzinfo=timezone.utc))
    name, ns = "ds-sft-13b", "llm-train"
    image = "registry.corp.example/llm/deepspeed:0.15.1-torch2.4"
    objects, launcher = _mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image=image,
        workers=2,
        failed_at=52,
        exit_code=255,
        launcher_cmd=[
            "deepspeed",
            "--hostfile",
            "/etc/mpi/hostfile",
            "--launcher",
            "pdsh",
            "sft.py",
            "--deepspeed",
            "ds_z3.json",
        ],
    )
    host0, host1 = f"{name}-worker-0.{name}-worker", f"{name}-worker-1.{name}-worker"
    log = text(
        f"[2026-08-08 13:00:41,118] [INFO] [runner.py:463:main] Using IP address of 10.244.4.18 for node {host0}",
        f"[2026-08-08 13:00:41,120] [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: "
        f"{host0},{host1}",
        f"[2026-08-08 13:00:41,121] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w {host0},{host1} export "
        "PYTHONPATH=/workspace; cd /workspace; /usr/bin/python -u -m deepspeed.launcher.launch "
        "--world_info=eyJkcy1zZnQ= --node_rank=%n --master_addr=10.244.4.18 --master_port=29500 sft.py",
        f"{host1}: ssh: Could not resolve hostname {host1}: Name or service not known",
        f"pdsh@{launcher}: {host1}: ssh exited with exit code 255",
        f"{host0}: [2026-08-08 13:00:44,902] [INFO] [launch.py:146:main] WORLD INFO DICT: "
        f"{{'{host0}': [0, 1, 2, 3, 4, 5, 6, 7], '{host1}': [0, 1, 2, 3, 4, 5, 6, 7]}}",
        f"{host0}: [2026-08-08 13:00:44,903] [INFO] [launch.py:152:main] nnodes=2, num_local_procs=8, node_rank=0",
        f"pdsh@{launcher}: interrupt (one more within 1 sec to abort)",
        f"pdsh@{launcher}:  (^Z within 1 sec to cancel pending threads)",
        f"{host0}: [2026-08-08 13:00:51,440] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 402",
        f"{host0}: [2026-08-08 13:00:51,602] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', "
        "'sft.py', '--local_rank=7', '--deepspeed', 'ds_z3.json'] exits with return code = -15",
        f"pdsh@{launcher}: {host0}: ssh exited with exit code 1",
    )
    return CaseSpec(
        id="rendezvous-error-mpijob-deepspeed-pdsh-unresolved",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=launcher,
        evidence="Could not resolve hostname",
        description="DeepSpeed's pdsh launcher starts before the second worker's DNS record exists: ssh cannot "
        "resolve it, pdsh tears the first node down, and DeepSpeed's sigkill handler reports the "
        "SIGTERM it was sent.",
        objects=objects,
        logs={f"{launcher}/launcher": log},
        captured=at(120),
    )


@SCENARIOS.add
def dependency_error_pytorchjob_deepspeed_cuda_home_missing() -> CaseSpec:
    at = Clock(datetime(2026, 8, 8, 20, 0, tzinfo=timezone.utc))
    name, ns = "mistral-ds-offload", "llm-train"
    ctr = Container(
        "pytorch",
        "pytorch/pytorch:2.3.1-cuda12.1-cudnn8-runtime",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=4", "sft.py", "--deepspeed", "ds_z3_offload.json"],
        resources=gpu(4, "320Gi", "32"),
    )

    def rank_log(rank: int, host: str) -> str:
        return text(
            "[2026-08-08 20:01:02,118] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to "
            "cuda (auto detect)",
            f"[rank{rank}]: Traceback (most recent call last):",
            f'[rank{rank}]:   File "/workspace/sft.py", line 96, in <module>',
            f"[rank{rank}]:     trainer.train()",
            f'[rank{rank}]:   File "/opt/conda/lib/python3.10/site-packages/deepspeed/ops/op_builder/builder.py", '
            "line 51, in installed_cuda_version",
            f'[rank{rank}]:     raise MissingCUDAException("CUDA_HOME does not exist, unable to compile CUDA op(s)")',
            f"[rank{rank}]: deepspeed.ops.op_builder.builder.MissingCUDAException: CUDA_HOME does not exist, unable "
            "to compile CUDA op(s)",
            *torchrun_failed(
                at(75), rank=rank, local_rank=rank % 4, exitcode=1, pid=230 + rank % 4, host=host, script="sft.py"
            ),
        )

    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(1, at(40), at(77)), log=rank_log(0, f"{name}-master-0")),
            PodPlan("worker", 0, terminated(1, at(40), at(78)), log=rank_log(4, f"{name}-worker-0")),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(45), failed=("Worker", at(79))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1}},
        completion=at(79),
    )
    return CaseSpec(
        id="dependency-error-pytorchjob-deepspeed-cuda-home-missing",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="dependency-error",
        culprit=[f"{name}-master-0", f"{name}-worker-0"],
        evidence="CUDA_HOME does not exist",
        description="ZeRO-3 offload needs DeepSpeed's CPU Adam op, compiled just in time; the image is a CUDA "
        "runtime image without the toolkit (no nvcc, no CUDA_HOME), so every rank fails building it "
        "(DeepSpeed#2772, #2337).",
        objects=[job, *pods],
        logs=logs,
        captured=at(150),
    )


# -- Lightning and accelerate ------------------------------------------------------------------


@SCENARIOS.add
def rendezvous_error_pytorchjob_lightning_clients_joined() -> CaseSpec:
    at = Clock(datetime(2026, 8, 9, 1, 0, tzinfo=timezone.utc))
    name, ns = "vit-lightning", "vision-train"
    ctr = Container(
        "pytorch",
        "registry.corp.example/vision/lightning:2.4.0-torch2.4",
        command=["python", "train.py", "trainer.num_nodes=4", "trainer.devices=8"],
        resources=gpu(8, "640Gi", "64"),
    )

    def node_log(rank: int, member: int) -> str:
        return text(
            "Using bfloat16 Automatic Mixed Precision (AMP)",
            "GPU available: True (cuda), used: True",
            "TPU available: False, using: 0 TPU cores",
            f"Initializing distributed: GLOBAL_RANK: {rank}, MEMBER: {member}/32",
            *(
                []
                if rank
                else [
                    "Traceback (most recent call last):",
                    '  File "/workspace/train.py", line 77, in <module>',
                    "    trainer.fit(model, datamodule=dm)",
                    '  File "/usr/local/lib/python3.10/dist-packages/lightning/fabric/utilities/distributed.py", line 297, '
                    "in _init_dist_connection",
                    "    torch.distributed.init_process_group(torch_distributed_backend, rank=global_rank, "
                    "world_size=world_size, **kwargs)",
                    "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 16/32 clients "
                    "joined.",
                ]
            ),
            *(
                []
                if not rank
                else [
                    "[rank8]: torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely "
                    "closed. Did the remote server shutdown or crash?"
                ]
            ),
        )

    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(1, at(40), at(1846)), log=node_log(0, 1)),
            PodPlan("worker", 0, terminated(1, at(40), at(1848)), log=node_log(8, 9)),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(45), failed=("Worker", at(1849))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1}},
        completion=at(1849),
    )
    return CaseSpec(
        id="rendezvous-error-pytorchjob-lightning-clients-joined",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=f"{name}-master-0",
        evidence="16/32 clients joined",
        description="Lightning is told to train on four nodes, but the PyTorchJob has two replicas: the store "
        "waits 30 minutes for 32 processes, sees 16, and the master times out; the worker then "
        "loses the store.",
        objects=[job, *pods],
        logs=logs,
        captured=at(1900),
    )


@SCENARIOS.add
def application_error_job_accelerate_unscale_fp16() -> CaseSpec:
    at = Clock(datetime(2026, 8, 10, 18, 0, tzinfo=timezone.utc))
    name, ns = "peft-summarize", "summarize-ft"
    tmpl = Container(
        "train",
        "registry.corp.example/nlp/peft-train:0.12",
        command=[
            "accelerate",
            "launch",
            "--num_processes",
            "4",
            "--mixed_precision",
            "fp16",
            "train_lora.py",
            "--torch_dtype",
            "float16",
        ],
        resources=gpu(4, "192Gi", "32"),
    )
    lines = ["trainable params: 8,388,608 || all params: 6,746,804,224 || trainable%: 0.1243"]
    for rank in (2, 0, 1, 3):
        lines += [
            f"[rank{rank}]: Traceback (most recent call last):",
            f'[rank{rank}]:   File "/workspace/train_lora.py", line 184, in <module>',
            f"[rank{rank}]:     accelerator.clip_grad_norm_(model.parameters(), 1.0)",
            f'[rank{rank}]:   File "/usr/local/lib/python3.10/dist-packages/torch/amp/grad_scaler.py", line 259, '
            "in _unscale_grads_",
            f'[rank{rank}]:     raise ValueError("Attempting to unscale FP16 gradients.")',
            f"[rank{rank}]: ValueError: Attempting to unscale FP16 gradients.",
        ]
    lines += [
        "W0810 18:04:59.118000 140031 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 219 "
        "closing signal SIGTERM",
        "E0810 18:05:00.002000 140031 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) "
        "local_rank: 2 (pid: 220) of binary: /usr/bin/python",
        "subprocess.CalledProcessError: Command '['/usr/bin/python', '-m', 'torch.distributed.run', "
        "'--nproc_per_node', '4', 'train_lora.py']' returned non-zero exit status 1.",
    ]
    return failed_job_case(
        id="application-error-job-accelerate-unscale-fp16",
        category="application-error",
        evidence="Attempting to unscale FP16 gradients",
        description="The LoRA script loads the base model in float16 and asks accelerate for fp16 mixed precision: "
        "the grad scaler refuses to unscale fp16 gradients on every rank (huggingface/peft threads).",
        name=name,
        namespace=ns,
        at=at,
        container=tmpl,
        exit_code=1,
        ran=(12, 301),
        node="a10g-train-6",
        log=text(*lines),
        captured=360,
    )


# -- LightGBM -----------------------------------------------------------------------------------


@SCENARIOS.add
def rendezvous_error_job_lightgbm_connect_refused() -> CaseSpec:
    at = Clock(datetime(2026, 8, 11, 3, 0, tzinfo=timezone.utc))
    name, ns = "churn-lgbm-dist", "growth-ds"
    tmpl = Container(
        "lgbm",
        "registry.corp.example/ds/lightgbm-dist:4.5.0",
        command=[
            "python",
            "train_dist.py",
            "--machines",
            f"{name}-0.{name}:12400,{name}-1.{name}:12400",
            "--local-listen-port",
            "12401",
        ],
        resources=cpu_only("64Gi", "16"),
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=tmpl,
        failed=2,
        start=at(1),
        completions=2,
        parallelism=2,
        conditions=backoff_conditions(at(262)),
        completion_mode="Indexed",
    )
    delays = [int(200 * 1.3**i) for i in range(20)]
    rank0 = stamped(
        [
            "[LightGBM] [Info] Trying to bind port 12401...",
            "[LightGBM] [Info] Binding port 12401 succeeded",
            "[LightGBM] [Info] Listening...",
            *[f"[LightGBM] [Warning] Connecting to rank 1 failed, waiting for {d} milliseconds" for d in delays],
            "[LightGBM] [Fatal] Socket recv error, Connection refused (code: 111)",
            "Traceback (most recent call last):",
            '  File "/app/train_dist.py", line 61, in <module>',
            "    booster = lgb.train(params, train_set, num_boost_round=2000)",
            '  File "/usr/local/lib/python3.11/site-packages/lightgbm/basic.py", line 263, in _safe_call',
            '    raise LightGBMError(_LIB.LGBM_GetLastError().decode("utf-8"))',
            "lightgbm.basic.LightGBMError: Socket recv error, Connection refused (code: 111)",
        ],
        at(20),
        [0.1, 0.1, *[d / 1000 for d in delays], 0.1, 0, 0, 0, 0, 0, 0],
    )
    rank1 = stamped(
        [
            "[LightGBM] [Info] Trying to bind port 12401...",
            "[LightGBM] [Info] Binding port 12401 succeeded",
            "[LightGBM] [Info] Listening...",
        ],
        at(21),
        0.1,
    )
    pods, logs = [], {}
    for i, (log, state) in enumerate(
        ((rank0, terminated(1, at(19), at(260))), (rank1, terminated(143, at(20), at(263))))
    ):
        c = Container("lgbm", tmpl.image, command=tmpl.command, resources=tmpl.resources, state=state)
        p = indexed_job_pod(job, i, [c], created=at(2), phase="Failed", node=f"cpu-r6i-{i + 4}", scheduled=at(3))
        pods.append(p)
        logs[f"{p['metadata']['name']}/lgbm"] = log
    return CaseSpec(
        id="rendezvous-error-job-lightgbm-connect-refused",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=pods[0]["metadata"]["name"],
        evidence="Connection refused (code: 111)",
        description="Distributed LightGBM in an indexed Job: the machines list names port 12400 but every process "
        "listens on 12401, so rank 0 retries rank 1 twenty times and gives up "
        "(LightGBM#6117 shape); the Job controller then stops rank 1.",
        objects=[job, *pods],
        logs=logs,
        captured=at(320),
    )


@SCENARIOS.add
def healthy_rayjob_submitter_retried_after_dashboard_not_ready() -> CaseSpec:
    at = Clock(datetime(2026, 8, 12, 9, 0, tzinfo=timezone.utc))
    name, ns = "doc-embed-ray", "ray-batch"
    image = "rayproject/ray:2.9.3-py310"
    dashboard = f"http://{_ray_cluster_name(name)}-head-svc.{ns}.svc.cluster.local:8265"
    rayjob, raycluster, nodes = _kuberay(
        at=at,
        name=name,
        ns=ns,
        image=image,
        entrypoint="python /app/embed.py",
        group="cpu",
        head=Container("ray-head", image, resources=cpu_only("16Gi", "4"), state=running(at(20)), ready=True),
        workers=[Container("ray-worker", image, resources=cpu_only("16Gi", "4"), state=running(at(20)), ready=True)],
        status={"jobStatus": "RUNNING", "jobDeploymentStatus": "Running"},
        nodes=["cpu-m6i-5", "cpu-m6i-6"],
    )
    submitter = _submitter(rayjob, at, 60, failed=1, active=1, backoff_limit=2)
    sub_cmd = ["ray", "job", "submit", "--address", dashboard, "--submission-id", rayjob["status"]["jobId"]]
    first = job_pod(
        submitter,
        [
            Container(
                "ray-job-submitter",
                image,
                command=sub_cmd,
                resources=cpu_only("1Gi", "500m"),
                state=terminated(1, at(62), at(71)),
            )
        ],
        created=at(61),
        phase="Failed",
        node="cpu-m6i-5",
        scheduled=at(61),
        attempt=0,
    )
    second = job_pod(
        submitter,
        [
            Container(
                "ray-job-submitter",
                image,
                command=sub_cmd,
                resources=cpu_only("1Gi", "500m"),
                state=running(at(84)),
                ready=True,
            )
        ],
        created=at(82),
        phase="Running",
        node="cpu-m6i-5",
        scheduled=at(82),
        attempt=1,
    )
    failed_log = text(
        "Traceback (most recent call last):",
        '  File "/home/ray/anaconda3/lib/python3.10/site-packages/ray/dashboard/modules/dashboard_sdk.py", line 278, '
        "in _check_connection_and_version_with_url",
        "    raise ConnectionError(",
        f"ConnectionError: Failed to connect to Ray at address: {dashboard}.",
    )
    running_log = stamped(
        [
            f"Job submission server address: {dashboard}",
            f"Job '{rayjob['status']['jobId']}' submitted successfully",
            "Tailing logs until the job exits (disable with --no-wait):",
            *[f"embedded batch {i}/400 (1024 docs, 3.1s)" for i in range(1, 60)],
        ],
        at(86),
        [1, 1, *([40] * 58)],
    )
    return CaseSpec(
        id="healthy-rayjob-submitter-retried-after-dashboard-not-ready",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="The RayJob's first submitter pod started before the head's dashboard answered and failed to "
        "connect (kuberay#1381); the submitter Job retried and its second pod has been tailing a "
        "running Ray job for forty minutes.",
        objects=[rayjob, raycluster, submitter, *nodes, first, second],
        logs={
            f"{first['metadata']['name']}/ray-job-submitter": failed_log,
            f"{second['metadata']['name']}/ray-job-submitter": running_log,
        },
        captured=at(86 + 2 + 40 * 58 + 30),
    )


# -- launchers, NPUs, batch inference harnesses, GPUs that cannot be used ------------------


@SCENARIOS.add
def config_error_mpijob_intel_mpi_rejects_allow_run_as_root() -> CaseSpec:
    at = Clock(datetime(2026, 8, 9, 6, 0, tzinfo=timezone.utc))
    name, ns = "wrf-ml-emulator", "climate-ml"
    image = "registry.corp.example/climate/emulator:intelmpi-2021.12"
    objects, launcher = _mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image=image,
        workers=2,
        failed_at=41,
        exit_code=255,
        worker_gpus=4,
        launcher_cmd=["mpirun", "--allow-run-as-root", "-np", "8", "-bind-to", "none", "python", "train_emulator.py"],
    )
    lines = [
        f"[mpiexec@{launcher}] match_arg (../../../../../src/pm/i_hydra/libhydra/arg/hydra_arg.c:91): "
        "unrecognized argument allow-run-as-root",
        f"[mpiexec@{launcher}] Similar arguments:",
        f"[mpiexec@{launcher}] \t rmk",
        f"[mpiexec@{launcher}] HYD_arg_parse_array (../../../../../src/pm/i_hydra/libhydra/arg/hydra_arg.c:128): "
        "argument matching returned error",
        f"[mpiexec@{launcher}] mpiexec_get_parameters (../../../../../src/pm/i_hydra/mpiexec/mpiexec_params.c:1359)"
        ": error parsing input array",
        f"[mpiexec@{launcher}] main (../../../../../src/pm/i_hydra/mpiexec/mpiexec.c:1784): error parsing parameters",
    ]
    return CaseSpec(
        id="config-error-mpijob-intel-mpi-rejects-allow-run-as-root",
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="config-error",
        culprit=launcher,
        evidence="unrecognized argument allow-run-as-root",
        description="The image ships Intel MPI, whose Hydra mpiexec rejects Open MPI's --allow-run-as-root that the "
        "launcher command was written for; the launcher exits at once.",
        objects=objects,
        logs={f"{launcher}/launcher": text(*lines)},
        captured=at(120),
    )


@SCENARIOS.add
def nccl_error_pytorchjob_ascend_network_port_down() -> CaseSpec:
    at = Clock(datetime(2026, 8, 10, 2, 0, tzinfo=timezone.utc))
    name, ns = "qwen-npu-grpo", "ascend-train"
    ctr = Container(
        "pytorch",
        "swr.cn-south-1.example.com/ascend/verl:0.4-cann8.1-torch2.5",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=8", "main_ppo.py"],
        resources=_ascend(8, "1000Gi", "160"),
    )
    master = text(
        "The backend in torch.distributed.init_process_group set to hccl now..",
        "[rank5]: Traceback (most recent call last):",
        '[rank5]:   File "/usr/local/python3.10/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py", '
        "line 2501, in all_reduce",
        "[rank5]:     work = group.allreduce([tensor], opts)",
        "[rank5]: RuntimeError: createHCCLComm:torch_npu/csrc/distributed/ProcessGroupHCCL.cpp:2166 HCCL function "
        "error: HcclCommInitRootInfoConfig(numRanks, &rootInfo, rank, config, &(comm->hcclComm_)), error code is 7",
        "[rank5]: [ERROR] 2026-08-10-02:01:31 (PID:1022, Device:5, RankID:5) ERR02200 DIST call hccl api failed.",
        "[rank5]: EJ0002: [PID: 1022] 2026-08-10-02:01:31.202.787 The network port is down.",
        "[rank5]:         Solution: Check the network port status of the NPU (hccn_tool -i 5 -link -g).",
        *torchrun_failed(
            at(93), rank=5, local_rank=5, exitcode=1, pid=1022, host=f"{name}-master-0", script="main_ppo.py"
        ),
    )
    worker = text(
        "The backend in torch.distributed.init_process_group set to hccl now..",
        "[rank13]: RuntimeError: InnerRunOpApi:torch_npu/csrc/framework/OpParamMaker.cpp:281 OPS function error: "
        "HcclAllreduce, error code is 6",
        "[rank13]: EI0006: [PID: 1031] 2026-08-10-02:03:32.444.436 Getting socket times out. Reason: Remote Rank did "
        "not send the data in time. Please check the reason for the rank being stuck",
        *torchrun_failed(
            at(215), rank=13, local_rank=5, exitcode=1, pid=1031, host=f"{name}-worker-0", script="main_ppo.py"
        ),
    )
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, terminated(1, at(50), at(94)), log=master, node="ascend-910b-21"),
            PodPlan("worker", 0, terminated(1, at(50), at(216)), log=worker, node="ascend-910b-22"),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(55), failed=("Worker", at(217))),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1}},
        completion=at(217),
    )
    return CaseSpec(
        id="nccl-error-pytorchjob-ascend-network-port-down",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=f"{name}-master-0",
        evidence="The network port is down",
        description="An NPU port of the master's node is down (CANN EJ0002) and HCCL cannot build its links; "
        "the worker's ranks time out two minutes later (EI0006), which is the symptom.",
        objects=[job, *pods],
        logs=logs,
        captured=at(300),
    )


def _parallel_run_job(
    at: Clock, name: str, ns: str, log: str, *, state: Obj, phase: str, conditions: list[Obj]
) -> tuple[list[Obj], str]:
    """A batch-inference Job running Azure ML's parallel-run driver (amlbi_main.py) in one pod."""
    ctr = Container(
        "driver",
        "registry.corp.example/batch/parallel-run:1.54-cu121",
        command=[
            "python",
            "driver/amlbi_main.py",
            "--scoring_module_name",
            "score.py",
            "--mini_batch_size",
            "16",
            "--run_invocation_timeout",
            "600",
        ],
        resources=gpu(1, "96Gi", "12"),
    )
    job = batch_job(
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        start=at(1),
        conditions=conditions,
        active=1 if phase == "Running" else 0,
        failed=1 if phase == "Failed" else 0,
        ready=1 if phase == "Running" else 0,
    )
    c = Container(
        "driver", ctr.image, command=ctr.command, resources=ctr.resources, state=state, ready=phase == "Running"
    )
    p = job_pod(job, [c], created=at(1), phase=phase, node="a10-pool-4", scheduled=at(2))
    return [job, p], p["metadata"]["name"]


@SCENARIOS.add
def deadline_exceeded_job_batch_mini_batch_timeout() -> CaseSpec:
    at = Clock(datetime(2026, 8, 11, 4, 0, tzinfo=timezone.utc))
    name, ns = "claims-ocr-batch", "doc-ai"
    lines = [
        f"2026-08-11 04:0{1 + i // 6}:{i * 9 % 60:02d},113|INFO|parallel_run|Processed mini batch {i}: 16 items."
        for i in range(24)
    ]
    lines += [
        "2026-08-11 04:45:12,551|ERROR|parallel_run|mini batch 24 did not finish in 600 seconds. Stopping this "
        "process.",
        "2026-08-11 04:45:12,553|ERROR|parallel_run|Process abort with unfinished mini batch 24.",
        "Traceback (most recent call last):",
        '  File "driver/amlbi_main.py", line 275, in <module>',
        "    main()",
        '  File "driver/amlbi_main.py", line 226, in main',
        "    sys.exit(exitcode_candidate)",
        "SystemExit: 71",
    ]
    objects, pod_name = _parallel_run_job(
        at,
        name,
        ns,
        text(*lines),
        state=terminated(71, at(30), at(2715)),
        phase="Failed",
        conditions=backoff_conditions(at(2717)),
    )
    return CaseSpec(
        id="deadline-exceeded-job-batch-mini-batch-timeout",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="deadline-exceeded",
        culprit=pod_name,
        evidence="did not finish in 600 seconds",
        description="A batch-inference run's entry script hangs on one mini-batch; the harness stops it when "
        "run_invocation_timeout (600 s) passes and the job fails with its exit code 71.",
        objects=objects,
        logs={f"{pod_name}/driver": text(*lines)},
        captured=at(2800),
    )


@SCENARIOS.add
def stalled_job_batch_no_progress_update() -> CaseSpec:
    at = Clock(datetime(2026, 8, 12, 4, 0, tzinfo=timezone.utc))
    name, ns = "catalog-embed-batch", "search-ml"
    lines = [
        "2026-08-12 04:00:31.226929 Start the simulator.",
        "2026-08-12 04:00:54.767763 Scheduling finished. Scheduled 276 mini batches in 22 seconds. There are "
        "276 tasks with 4410 items.",
    ]
    lines += [f"2026-08-12 04:{1 + i:02d}:05.{i:06d} Processed {i * 3} of 276 mini batches." for i in range(1, 12)]
    lines += [
        f"2026-08-12 04:{17 + i * 5:02d}:05.000000 No progress update in {270 + i * 300} seconds." for i in range(8)
    ]
    objects, pod_name = _parallel_run_job(
        at, name, ns, text(*lines), state=running(at(20)), phase="Running", conditions=[]
    )
    return CaseSpec(
        id="stalled-job-batch-no-progress-update",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        culprit=pod_name,
        evidence="No progress update in",
        description="A batch-inference run processes mini-batches for ten minutes, then its own watchdog reports "
        "no progress, again and again; the pod still runs.",
        objects=objects,
        logs={f"{pod_name}/driver": text(*lines)},
        captured=at(3000),
    )


@SCENARIOS.add
def cuda_error_job_gpu_pod_trains_on_cpu() -> CaseSpec:
    at = Clock(datetime(2026, 8, 13, 9, 0, tzinfo=timezone.utc))
    name, ns = "asr-conformer-ft", "speech"
    ctr = Container(
        "trainer",
        "registry.corp.example/speech/nemo-asr:1.23-cu118",
        command=["python", "speech_to_text_finetune.py", "trainer.devices=-1"],
        resources=gpu(1, "64Gi", "16"),
    )
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=ctr, active=1, ready=1, start=at(1), conditions=[]
    )
    c = Container("trainer", ctr.image, command=ctr.command, resources=ctr.resources, state=running(at(25)), ready=True)
    p = job_pod(job, [c], created=at(1), phase="Running", node="t4-pool-2", scheduled=at(2))
    lines = [
        "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py:138: UserWarning: CUDA initialization: "
        "CUDA unknown error - this may be due to an incorrectly set up environment, e.g. changing env variable "
        "CUDA_VISIBLE_DEVICES after program start. Setting the available devices to be zero. (Triggered "
        "internally at ../c10/cuda/CUDAFunctions.cpp:108.)",
        "  return torch._C._cuda_getDeviceCount() > 0",
        "GPU available: False, used: False",
        "TPU available: False, using: 0 TPU cores",
        "HPU available: False, using: 0 HPUs",
    ]
    lines += [
        f"Epoch 0:   {i}%|          | {i * 12}/1180 [{i * 12 * 31 // 60:02d}:{i * 12 * 31 % 60:02d}<10:05:12, "
        f"31.2s/it, v_num=0, train_loss={3.1 - i * 0.01:.3f}]"
        for i in range(1, 9)
    ]
    return CaseSpec(
        id="cuda-error-job-gpu-pod-trains-on-cpu",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="cuda-error",
        culprit=p["metadata"]["name"],
        evidence="CUDA unknown error",
        description="The pod was given a GPU, but CUDA fails to initialise (a driver upgraded without a reboot): "
        "PyTorch sets the device count to zero and Lightning trains on the CPU, 31 s a step. It runs "
        "and logs progress - and is broken.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/trainer": stamped(lines, at(30), [0.01] * 5 + [372])},
        captured=at(30 + 5 * 0.01 + 7 * 372 + 100),
    )
