"""Fresh round 18: real public threads about multi-process and multi-node jobs (NCCL, MPI Operator, torch elastic, Horovod, Ray Train).

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    PodPlan,
    Scenarios,
    backoff_conditions,
    cpu_only,
    gpu,
    job_pod,
    kubeflow_conditions,
    kubeflow_with_pods,
    running,
    stamped,
    terminated,
    ts,
)
from tests.cases.scenarios_ecosystems import _kuberay, _submitter

SCENARIOS = Scenarios()


# -- 1. A PyTorchJob over two 8-GPU H100 nodes on RoCE: NCCL's init fails with a system error ----


@SCENARIOS.add
def nccl_error_pytorchjob_h100_roce_ibext_unhandled_system_error() -> CaseSpec:
    at = Clock(datetime(2026, 7, 6, 8, 0, tzinfo=timezone.utc))
    name, ns = "summarization-long-data", "nlp"
    ctr = Container(
        "pytorch",
        "nvcr.io/nvidia/pytorch:23.06-py3",
        command=["torchrun"],
        args=["--nnodes=2", "--nproc_per_node=8", "train.py", "--config", "configs/summarization_long.yaml"],
        env=[{"name": "NCCL_DEBUG", "value": "INFO"}, {"name": "NCCL_SOCKET_IFNAME", "value": "net1"}],
        resources=gpu(8, "960Gi", "96"),
    )
    host = f"{name}-worker-0"
    lines = [
        # The NCCL_DEBUG=INFO lines the thread pasted from the worker's log, then its error line.
        f"{host}:427:534 [1] NCCL INFO NET/IB : Using [0]rocep204s0f0v6:1/RoCE [RO]; OOB net1:192.168.102.12<0>",
        f"{host}:427:534 [1] NCCL INFO Using network IBext",
        f"{host}:431:535 [5] NCCL INFO Plugin Path : /opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so",
        f"{host}:431:535 [5] NCCL INFO P2P plugin IBext",
        f"{host}:431:535 [5] NCCL INFO NCCL_SOCKET_IFNAME set by environment to net1",
        f"{host}:426:533 [0] NCCL INFO NET/IB : Using [0]rocep204s0f0v6:1/RoCE [RO]; OOB net1:192.168.102.12<0>",
        f"{host}:426:533 [0] NCCL INFO Using network IBext",
        f"{host}:433:532 [7] NCCL INFO NET/IB : Using [0]rocep204s0f0v6:1/RoCE [RO]; OOB net1:192.168.102.12<0>",
        f"{host}:433:532 [7] NCCL INFO Using network IBext",
        "NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1275, unhandled system "
        "error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.1",
        "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. ",
    ]
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, running(at(20)), node="h100-node-1"),
            PodPlan(
                "worker",
                0,
                terminated(1, at(21), at(96)),
                log=stamped(lines, at(94), 0.01),
                node="h100-node-2",
            ),
        ],
        conditions=kubeflow_conditions("PyTorchJob", name, at(22), failed=("Worker", at(98))),
        statuses={"Master": {"active": 1}, "Worker": {"failed": 1}},
    )
    return CaseSpec(
        id="nccl-error-pytorchjob-h100-roce-ibext-unhandled-system-error",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=pods[1]["metadata"]["name"],
        evidence="unhandled system error",
        description="A PyTorchJob over two nodes of eight H100s each, in NVIDIA's PyTorch container (the error names "
        "/opt/pytorch/pytorch, NCCL 2.18.1), NCCL going over RoCE through the HPC-X SHARP plugin (IBext) with a "
        "secondary interface net1 for its sockets. Most runs, the worker's ranks fail while NCCL sets up its "
        "communicators: 'NCCL error in: ProcessGroupNCCL.cpp:1275, unhandled system error'. The stored thread "
        "shows no resolution; what the lines show is NCCL's inter-node transport failing, no rank failing first "
        "for another reason. Reconstructed: the PyTorchJob (master and worker, names neutralised: the thread's pod "
        "was the job's worker-2), the pods' states and exit code, the master still running, the torchrun command; "
        "the second error line completes the thread's truncated 'ncclSyste...' with NCCL's own text for "
        "ncclSystemError. The INFO lines and the first error line are the thread's.",
        objects=[job, *pods],
        logs=logs,
        captured=at(160),
        title="2 * 8 H100 GPU: 'NCCL error in: .../ProcessGroupNCCL.cpp:1275, unhandled system error (run with "
        "NCCL_DEBUG=INFO for details), NCCL version 2.18.1' in a PyTorchJob over RoCE",
        source="https://github.com/NVIDIA/nccl/issues/1016",
    )


# -- 2. An elastic PyTorchJob (c10d rendezvous): three workers cannot reach the store, worker-0 waits --


@SCENARIOS.add
def rendezvous_error_pytorchjob_elastic_c10d_store_connection_failed() -> CaseSpec:
    at = Clock(datetime(2021, 12, 8, 12, 28, 0, tzinfo=timezone.utc))
    name, ns = "v2-pytorch-1208202754389", "training"
    endpoint = f"{name}-worker-0:23456"
    ctr = Container(
        "pytorch",
        "registry.example/xdl/pytorch:1.10.0-cuda11.3",
        command=["python", "-m", "torch.distributed.run"],
        args=["/xdl/private/trainer/train.py"],
        env=[
            {"name": "PET_NNODES", "value": "2:4"},
            {"name": "PET_RDZV_BACKEND", "value": "c10d"},
            {"name": "PET_RDZV_ENDPOINT", "value": endpoint},
            {"name": "PET_MAX_RESTARTS", "value": "100"},
        ],
        resources=gpu(1, "32Gi", "8"),
    )

    def launch(t: tuple[str, str, str, str]) -> list[str]:
        # torch.distributed.run's first lines, as the thread pasted them for both workers (their own times).
        return [
            f"[INFO] 2021-12-08 12:28:26,{t[0]} run: Running torch.distributed.run with args: "
            "['/opt/conda/lib/python3.7/site-packages/torch/distributed/run.py', '/xdl/private/trainer/train.py']",
            f"[INFO] 2021-12-08 12:28:26,{t[1]} run: Using nproc_per_node=auto.",
            f"[INFO] 2021-12-08 12:28:26,{t[2]} run: Using nproc_per_node=auto, seting to 1 since the instance has 96 "
            "gpu",
            f"[INFO] 2021-12-08 12:28:26,{t[3]} api: Starting elastic_operator with launch configs:",
            "  entrypoint       : /xdl/private/trainer/train.py",
            "  min_nodes        : 2",
            "  max_nodes        : 4",
            "  nproc_per_node   : 1",
            f"  run_id           : {name}",
            "  rdzv_backend     : c10d",
            f"  rdzv_endpoint    : {endpoint}",
            "  rdzv_configs     : {'timeout': 900}",
            "  max_restarts     : 100",
            "  monitor_interval : 5",
            "  log_dir          : None",
            "  metrics_cfg      : {}",
            "",
        ]

    w0 = [
        *launch(("050", "052", "097", "098")),
        "[INFO] 2021-12-08 12:28:26,099 c10d_rendezvous_backend: Process 8 hosts the TCP store for the C10d "
        "rendezvous backend.",
    ]
    w1 = [
        *launch(("303", "306", "354", "354")),
        "[ERROR] 2021-12-08 12:28:26,423 error_handler: {",
        '  "message": {',
        '    "message": "RendezvousConnectionError: The connection to the C10d store has failed. See inner exception '
        'for details.",',
        '    "extraInfo": {',
        '      "py_callstack": "Traceback (most recent call last):\\n  File \\"/opt/conda/lib/python3.7/site-packages/'
        'torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py\\", line 146, in _create_tcp_store\\n    '
        "host, port, is_master=is_server, timeout=timedelta(seconds=read_timeout)\\n",
    ]
    plans = [PodPlan("worker", 0, running(at(25)), log=stamped(w0, at(26.05), 0.001), node="gpu-node-3")]
    for i in (1, 2, 3):
        plans.append(
            PodPlan(
                "worker",
                i,
                terminated(0, at(25), at(27)),
                log=stamped(w1, at(26.3), 0.001) if i == 1 else None,
                node=f"gpu-node-{3 + i}",
            )
        )
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        conditions=kubeflow_conditions("PyTorchJob", name, at(26)),
        statuses={"Worker": {"active": 1, "succeeded": 3}},
        restart_policy="OnFailure",
    )
    job["spec"]["elasticPolicy"] = {"rdzvBackend": "c10d", "minReplicas": 2, "maxReplicas": 4, "maxRestarts": 100}
    return CaseSpec(
        id="rendezvous-error-pytorchjob-elastic-c10d-store-connection-failed",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="rendezvous-error",
        culprit=pods[1]["metadata"]["name"],
        evidence="The connection to the C10d store has failed",
        description="An elastic PyTorchJob of four workers (torch.distributed.run, c10d rendezvous on "
        "worker-0:23456, min 2 and max 4 nodes). worker-0 hosts the TCP store and waits; worker-1, started a "
        "quarter of a second later, fails at once: 'RendezvousConnectionError: The connection to the C10d store "
        "has failed'. kubectl shows workers 1-3 Completed and worker-0 Running for seven minutes, the rendezvous "
        "never reaching its two nodes. Reconstructed: the PyTorchJob and its elastic policy, the image, the pod "
        "states (as kubectl listed them; exit code 0 for Completed), the end of worker-0's last line (the thread's "
        "copy breaks off after 'Process 8 hosts the'; the rest is torch's own text), and the times; the user "
        "path is neutralised. The logs of workers 2 and 3 are not in the thread and are left out; worker-1's "
        "error record ends where the stored thread ends.",
        objects=[job, *pods],
        logs=logs,
        captured=at(26 + 442),
        title="pytorch elastic scheduler error: worker-0 is always running, the other workers completed after "
        "'RendezvousConnectionError: The connection to the C10d store has failed'",
        source="https://github.com/kubeflow/trainer/issues/1504",
    )


_DIED = (
    "Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. "
    "End of file. There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to "
    "high memory usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other "
    "unexpected errors."
)


def _failed_rayjob(
    *,
    at: Clock,
    name: str,
    ns: str,
    image: str,
    entrypoint: str,
    head: Container,
    worker: Container,
    group: str,
    end: float,
    driver: Callable[[str, str], tuple[list[str], list[float]]],
) -> tuple[list[Obj], list[Obj], dict[str, str]]:
    """A RayJob whose entrypoint failed, its RayCluster (a head and one worker, both still running),
    the submitter's Job and pod; ``driver(head IP, worker IP)`` gives the lines the submitter tails
    between its header and KubeRay's failure footer, and their gaps."""
    rayjob, raycluster, nodes = _kuberay(
        at=at,
        name=name,
        ns=ns,
        image=image,
        entrypoint=entrypoint,
        group=group,
        head=head,
        workers=[worker],
        status={
            "jobStatus": "FAILED",
            "jobDeploymentStatus": "Failed",
            "reason": "AppFailed",
            "message": "Job entrypoint command failed with exit code 1",
            "endTime": ts(at(end)),
            "failed": 1,
            "succeeded": 0,
        },
        nodes=["ray-node-1", "ray-node-2"],
    )
    submitter = _submitter(rayjob, at, 60, failed=1, conditions=backoff_conditions(at(end)))
    sub = job_pod(
        submitter,
        [
            Container(
                "ray-job-submitter",
                image,
                command=["ray", "job", "submit"],
                resources=cpu_only("1Gi", "500m"),
                state=terminated(1, at(62), at(end - 2)),
            )
        ],
        created=at(61),
        phase="Failed",
        node="ray-node-1",
        scheduled=at(61),
    )
    cluster = raycluster["metadata"]["name"]
    job_id = rayjob["status"]["jobId"]
    body, gaps = driver(nodes[0]["status"]["podIP"], nodes[1]["status"]["podIP"])
    # KubeRay's submitter: its header, the tailed driver output, and the footer `ray job submit` prints.
    lines = [
        f"Job submission server address: http://{cluster}-head-svc.{ns}.svc.cluster.local:8265",
        f"Job '{job_id}' submitted successfully",
        "Tailing logs until the job exits (disable with --no-wait):",
        *body,
        "---------------------------------------",
        f"Job '{job_id}' failed",
        "---------------------------------------",
        "Status message: Job entrypoint command failed with exit code 1",
    ]
    log = stamped(lines, at(63), [1, 1, *gaps, 1, 0, 0, 0])
    objects = [rayjob, raycluster, submitter, *nodes, sub]
    return objects, nodes, {f"{sub['metadata']['name']}/ray-job-submitter": log}


# -- 3. Ray's image-reading-and-training release test: a Ray Train worker process dies ------------


@SCENARIOS.add
def oom_killed_rayjob_torchtrainer_worker_died_system_error_release_test() -> CaseSpec:
    at = Clock(datetime(2024, 9, 3, 0, 17, 0, tzinfo=timezone.utc))
    name, ns = "read-images-train-4-gpu", "release-tests"
    image = "rayproject/ray:2.35.0-py310-gpu"

    def driver(head_ip: str, _worker_ip: str) -> tuple[list[str], list[float]]:
        # The lines the thread pasted (the raylet and the trainer have no ip: they run on the driver's node).
        return [
            "(raylet) A worker died or was killed while executing a task by an unexpected system error. To "
            "troubleshoot the problem, check the logs for the dead worker. RayTask ID: "
            "ffffffffffffffff3fe85624f7ebc8f28d076a0702000000 Worker ID: "
            "fead2dfe78eeee17dd8922f0569f798cf51660782f4222a9acfc8fbe Node ID: "
            f"201f2cc4bc593d830338a3ed774649489389d8695222912df0994e79 Worker IP address: {head_ip} Worker port: "
            f"10046 Worker PID: 89513 {_DIED}",
            "(TorchTrainer pid=89392) Worker 0 has failed.",
            "(pid=5463) Running. Resources: 63/63 CPU, 0/0 GPU, 23.7GB/35.9GB object_store_memory (pending: 0 CPU, "
            "0 GPU): : 4.44k row [1:08:53, 212 row/s]",
            "2024-09-03 01:27:26,208\tERROR tune_controller.py:1331 -- Trial task failed for trial "
            "TorchTrainer_551a2_00000",
        ], [4160.8, 0.1, 0.2, 0.1]

    objects, nodes, logs = _failed_rayjob(
        at=at,
        name=name,
        ns=ns,
        image=image,
        entrypoint="python multi_node_train_benchmark.py --num-workers 4 --use-gpu",
        head=Container("ray-head", image, resources=gpu(4, "180Gi", "48"), state=running(at(25)), ready=True),
        worker=Container("ray-worker", image, resources=cpu_only("64Gi", "16"), state=running(at(30)), ready=True),
        group="cpu-workers",
        end=4250,
        driver=driver,
    )
    return CaseSpec(
        id="oom-killed-rayjob-torchtrainer-worker-died-system-error-release-test",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=nodes[0]["metadata"]["name"],
        evidence="A worker died or was killed while executing a task by an unexpected system error",
        description="Ray's release test that streams images with Ray Data into a four-GPU TorchTrainer fails after an "
        "hour: the raylet reports a worker process (Train worker 0, on the driver's node) dead with "
        "'Worker exit type: SYSTEM_ERROR ... connection error code 2. End of file', the trainer reports 'Worker 0 "
        "has failed' and Tune fails the trial. No process printed an error of its own; the maintainer reads it as "
        "'a different OOM-looking issue' (the kernel's OOM killer taking the process, while Ray Data holds 23.7 of "
        "35.9 GB of object store), which is the expert reading kept here. Reconstructed: the test ran on Ray's "
        "own cluster service, here a RayJob on KubeRay (its RayCluster, submitter Job and pods, the head with the "
        "GPUs and the driver, its IP standing for the thread's), the entrypoint, and the submitter's header and "
        "failure footer; the driver lines are the thread's.",
        objects=objects,
        logs=logs,
        captured=at(4250 + 300),
        title="Release test read_images_train_4_gpu.aws failed: '(raylet) A worker died or was killed while executing "
        "a task by an unexpected system error ... Worker exit type: SYSTEM_ERROR', 'Worker 0 has failed'",
        source="https://github.com/ray-project/ray/issues/47461",
    )


# -- 4. A TorchTrainer in a container: the Train worker dies as the train function returns --------


@SCENARIOS.add
def oom_killed_rayjob_torchtrainer_worker_died_after_train_func() -> CaseSpec:
    at = Clock(datetime(2023, 1, 17, 16, 0, 0, tzinfo=timezone.utc))
    name, ns = "torch-trainer-hdfs", "ml-train"
    image = "registry.example/ml/ray-train:2.0.0-py39"

    def driver(_head_ip: str, ip: str) -> tuple[list[str], list[float]]:
        return [
            f"\x1b[2m\x1b[36m(RayTrainWorker pid=1942, ip={ip})\x1b[0m 17-Jan-23 17:21:19 [Worker:0] [INFO] Final "
            "Sync to HDFS completed!",
            f"\x1b[2m\x1b[36m(RayTrainWorker pid=1942, ip={ip})\x1b[0m 17-Jan-23 17:21:19 [Worker:0] [INFO] Returning "
            "from train func!!",
            "2023-01-17 17:21:35,472\tWARNING worker.py:1829 -- A worker died or was killed while executing a task by "
            "an unexpected system error. To troubleshoot the problem, check the logs for the dead worker. RayTask ID: "
            "ffffffffffffffff686c4586a18aa58bf9747eb504000000 Worker ID: "
            "0c62b78d30f3642bc1fc9a6f3cb257202e1230b03d988031722bc993 Node ID: "
            f"38300cefdc3b42caebdba478cc1da1adbba154304cecb24fd8ba1a7e Worker IP address: {ip} Worker port: 10016 "
            f"Worker PID: 1942 {_DIED}",
            "2023-01-17 17:21:35,509\tERROR trial_runner.py:980 -- Trial TorchTrainer_b13e7_00000: Error processing "
            "event.",
            f"ray.exceptions.RayTaskError(RuntimeError): \x1b[36mray::TrainTrainable.train()\x1b[39m (pid=1876, ip={ip}, "
            "repr=TorchTrainer)",
        ], [4814, 0.01, 16.46, 0.04, 0.01]

    objects, nodes, logs = _failed_rayjob(
        at=at,
        name=name,
        ns=ns,
        image=image,
        entrypoint="python train.py",
        head=Container("ray-head", image, resources=cpu_only("8Gi", "4"), state=running(at(25)), ready=True),
        worker=Container("ray-worker", image, resources=cpu_only("16Gi", "8"), state=running(at(30)), ready=True),
        group="workers",
        end=4900,
        driver=driver,
    )
    return CaseSpec(
        id="oom-killed-rayjob-torchtrainer-worker-died-after-train-func",
        kind="RayJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="oom-killed",
        culprit=nodes[1]["metadata"]["name"],
        evidence="A worker died or was killed while executing a task by an unexpected system error",
        description="A Ray Train TorchTrainer (Ray 2.0) trains, syncs its results to HDFS and returns from its train "
        "function; sixteen seconds later the driver warns that the Train worker process died ('Worker exit type: "
        "SYSTEM_ERROR ... connection error code 2. End of file') and Tune fails the trial with "
        "RayTaskError(RuntimeError). The reporter resolved it by giving the container more memory: the worker "
        "process was killed for memory. Reconstructed: the RayJob on KubeRay (RayCluster, submitter Job and pods; the "
        "thread says only that it ran in a container), the resources, the worker pod's IP standing for the "
        "thread's, and the submitter's header and failure footer; the driver lines are the thread's (colour codes "
        "as Ray prints them; the traceback that followed names an internal path and is left out).",
        objects=objects,
        logs=logs,
        captured=at(4900 + 300),
        title="[AIR] TorchTrainer exit failed during _fetch_next_result: 'A worker died or was killed while executing "
        "a task by an unexpected system error', resolved by more container memory",
        source="https://github.com/ray-project/ray/issues/31828",
    )
