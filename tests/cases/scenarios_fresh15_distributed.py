"""Fresh round 15: real public threads about collective communication and multi-node launch (NCCL, Gloo, MPI, Horovod, torchrun).

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
    PodPlan,
    Scenarios,
    batch_job,
    gpu,
    job_condition,
    job_pod,
    kubeflow_with_pods,
    running,
    stamped,
    terminated,
)

SCENARIOS = Scenarios()


# -- 1. An elastic PyTorch job on Kubernetes: one agent's pod dies, the others fail in Gloo ------


@SCENARIOS.add
def nccl_error_pytorchjob_elastic_gloo_monitored_barrier_rank0() -> CaseSpec:
    at = Clock(datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc))
    name, ns = "effnet-multinode", "vision"
    ctr = Container(
        "pytorch",
        "registry.example/vision/effnet-train:1.11.0-cu113",
        command=["python", "-m", "torch.distributed.run"],
        args=[
            "--nnodes=4",
            "--nproc_per_node=1",
            "--rdzv_backend=c10d",
            "--rdzv_endpoint=effnet-multinode-worker-0:29400",
            "train.py",
            "backend.num_nodes=4",
        ],
        resources=gpu(1, "48Gi", "8"),
    )

    def boot(rank: int) -> list[str]:
        return [
            "INFO:torch.distributed.launcher.api:Starting elastic_operator with launch configs:",
            "  entrypoint       : train.py",
            "  min_nodes        : 4",
            "  max_nodes        : 4",
            "  nproc_per_node   : 1",
            "  run_id           : effnet-multinode",
            "  rdzv_backend     : c10d",
            "  rdzv_endpoint    : effnet-multinode-worker-0:29400",
            "  rdzv_configs     : {'timeout': 900}",
            "  max_restarts     : 0",
            "  monitor_interval : 5",
            "  log_dir          : None",
            "  metrics_cfg      : {}",
            "",
            "INFO:torch.distributed.elastic.agent.server.local_elastic_agent:log directory set to: "
            f"/tmp/torchelastic_{rank}k2x9q/effnet-multinode_0w8c1d",
            "INFO:torch.distributed.elastic.agent.server.api:[default] starting workers for entrypoint: python",
            "INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous'ing worker group",
        ]

    def steps(rank: int) -> list[str]:
        return [f"[rank {rank}] epoch 0 step {s} loss {2.31 - 0.004 * s:.4f} lr 0.0100" for s in range(100, 1100, 100)]

    def failure(rank: int) -> list[str]:
        # The lines the thread pasted from a surviving agent's pod.
        return [
            f"[E ProcessGroupGloo.cpp:136] Rank {rank} successfully reached monitoredBarrier, but received errors "
            "while waiting for send/recv from rank 0. Please check rank 0 logs for faulty rank.",
            "Error executing job with overrides: ['learning_rate=single', 'model.architecture=efflitenet40', "
            "'dataset.val.dataset_dpath=/data/wild_v4_tiny_fr_val', 'optimization.batch_size=256', "
            "'backend.num_nodes=4', 'experiment_id=experiment-01', 'logging.ckpt_nsteps=500']",
            "Traceback (most recent call last):",
            '  File "/workspace/train.py", line 88, in main',
            "    trainer.fit(model, datamodule=datamodule)",
            '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/distributed_c10d.py", line 2783, in '
            "monitored_barrier",
            "    return group_to_use.monitored_barrier(timeout, wait_all_ranks=wait_all_ranks)",
            f"RuntimeError: Rank {rank} successfully reached monitoredBarrier, but received errors while waiting for "
            "send/recv from rank 0. Please check rank 0 logs for faulty rank.",
            "",
            "Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.",
            "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 57) of "
            "binary: /opt/conda/bin/python",
            "ERROR:torch.distributed.elastic.agent.server.local_elastic_agent:[default] Worker group failed",
            "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
            "============================================================",
            "train.py FAILED",
        ]

    plans = [
        # The pod of rank 0 was lost and the operator made it again: it waits at the rendezvous.
        PodPlan(
            "worker",
            0,
            running(at(1830)),
            log=stamped(boot(0), at(1832), 0.2),
        ),
    ]
    for rank in (1, 2, 3):
        lines = [*boot(rank), *steps(rank), *failure(rank)]
        gaps = [0.2] * (len(boot(rank)) - 1) + [150.0] * len(steps(rank)) + [0.01] * len(failure(rank))
        plans.append(
            PodPlan(
                "worker",
                rank,
                terminated(1, at(12), at(1826 + rank)),
                log=stamped(lines, at(13), gaps),
            )
        )
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        conditions=[
            job_condition("Created", at(0), "PyTorchJobCreated", f"PyTorchJob {ns}/{name} is created."),
            job_condition("Running", at(14), "PyTorchJobRunning", f"PyTorchJob {ns}/{name} is running.", False),
            job_condition(
                "Failed",
                at(1830),
                "PyTorchJobFailed",
                f"PyTorchJob {ns}/{name} is failed because 3 Worker replica(s) failed.",
            ),
        ],
        statuses={"Worker": {"active": 1, "failed": 3}},
        restart_policy="Never",
    )
    return CaseSpec(
        id="nccl-error-pytorchjob-elastic-gloo-monitored-barrier-rank0",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=pods[1]["metadata"]["name"],
        evidence="received errors while waiting for send/recv from rank 0",
        description="An elastic PyTorch job on four nodes (torch.distributed.run, c10d rendezvous, max_restarts 0). "
        "The pod of rank 0 was lost and made again; the other three agents' workers fail in Gloo's monitored "
        "barrier ('received errors while waiting for send/recv from rank 0') and, with no restarts allowed, the "
        "agents give up. Collective communication with rank 0 broke; let the agents restart (--max-restarts > 0) "
        "so the group can meet again.",
        objects=[job, *pods],
        logs=logs,
        captured=at(1900),
        title="Elastic agents cannot restart after one pod dies: 'Rank 1 successfully reached monitoredBarrier, but "
        "received errors while waiting for send/recv from rank 0'",
        source="https://github.com/pytorch/pytorch/issues/76198",
    )


def _running_job(name: str, ns: str, at: Clock, ctr: Container, node: str) -> tuple[Obj, Obj]:
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=ctr, conditions=[], active=1, ready=1, start=at(1)
    )
    c = Container(ctr.name, ctr.image, command=ctr.command, resources=ctr.resources, state=running(at(10)), ready=True)
    return job, job_pod(job, [c], created=at(1), phase="Running", node=node, scheduled=at(2))


# -- 2. Horovod in one container on four GPUs: the first allreduce never returns -----------------


@SCENARIOS.add
def stalled_job_horovod_nccl_launch_mode_parallel_hang() -> CaseSpec:
    at = Clock(datetime(2026, 5, 4, 15, 0, tzinfo=timezone.utc))
    name, ns = "hvd-examples", "research"
    ctr = Container(
        "horovod",
        "horovod/horovod:0.16.4-tf1.14.0-torch1.1.0-mxnet1.4.1-py3.6",
        command=["horovodrun", "-np", "4", "-H", "localhost:4", "python", "pytorch_mnist.py"],
        resources=gpu(4, "64Gi", "16"),
    )
    job, p = _running_job(name, ns, at, ctr, "gpu-1080ti-3")
    host = "83713038d7e8"
    pid = {0: 2217, 1: 2218, 2: 2219, 3: 2220}
    tid = {0: 2490, 1: 2483, 2: 2487, 3: 2481}
    init = []
    for r in range(4):
        init += [
            f"[1,{r}]<stdout>:{host}:{pid[r]}:{pid[r]} [{r}] NCCL INFO NET/Socket : Using [0]eth0:172.17.0.2<0>",
            f"[1,{r}]<stdout>:{host}:{pid[r]}:{pid[r]} [{r}] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so).",
            f"[1,{r}]<stdout>:{host}:{pid[r]}:{pid[r]} [{r}] NCCL INFO NET/IB : No device found.",
        ]
    init.insert(3, "[1,0]<stdout>:NCCL version 2.4.7+cuda10.0")
    setup = [
        f"[1,{r}]<stdout>:{host}:{pid[r]}:{tid[r]} [{r}] NCCL INFO Setting affinity for GPU {r} to ffff,ffffffff"
        for r in range(4)
    ] + [
        "[1,0]<stdout>:83713038d7e8:2217:2490 [0] NCCL INFO Channel 00 :    0   1   2   3",
        "[1,0]<stdout>:83713038d7e8:2217:2490 [0] NCCL INFO Ring 00 : 0[0] -> 1[1] via direct shared memory",
        "[1,2]<stdout>:83713038d7e8:2219:2487 [2] NCCL INFO Ring 00 : 2[2] -> 3[3] via direct shared memory",
        # The lines the thread pasted, up to the one it stops at.
        "[1,1]<stdout>:83713038d7e8:2218:2483 [1] NCCL INFO Ring 00 : 1[1] -> 2[2] via direct shared memory",
        "[1,3]<stdout>:83713038d7e8:2220:2481 [3] NCCL INFO Ring 00 : 3[3] -> 0[0] via direct shared memory",
        "[1,0]<stdout>:83713038d7e8:2217:2490 [0] NCCL INFO Using 256 threads, Min Comp Cap 6, Trees disabled",
        "[1,0]<stdout>:83713038d7e8:2217:2490 [0] NCCL INFO comm 0x7f08ac309590 rank 0 nranks 4 cudaDev 0 nvmlDev 0 "
        "- Init COMPLETE",
        "[1,1]<stdout>:83713038d7e8:2218:2483 [1] NCCL INFO comm 0x7f6aac2f86e0 rank 1 nranks 4 cudaDev 1 nvmlDev 1 "
        "- Init COMPLETE",
        "[1,2]<stdout>:83713038d7e8:2219:2487 [2] NCCL INFO comm 0x7f27e43032a0 rank 2 nranks 4 cudaDev 2 nvmlDev 2 "
        "- Init COMPLETE",
        "[1,3]<stdout>:83713038d7e8:2220:2481 [3] NCCL INFO comm 0x7f72f0301380 rank 3 nranks 4 cudaDev 3 nvmlDev 3 "
        "- Init COMPLETE",
        "[1,0]<stdout>:83713038d7e8:2217:2490 [0] NCCL INFO Launch mode Parallel",
    ]
    lines = [
        "mpirun --allow-run-as-root --tag-output -np 4 -H localhost:4 -bind-to none -map-by slot -mca pml ob1 "
        "-mca btl ^openib -x NCCL_DEBUG=INFO -x LD_LIBRARY_PATH -x PATH python pytorch_mnist.py",
        *init,
        *setup,
    ]
    log = stamped(lines, at(14), [0.3] * 13 + [0.05] * 40)
    return CaseSpec(
        id="stalled-job-horovod-nccl-launch-mode-parallel-hang",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        culprit=p["metadata"]["name"],
        evidence="Launch mode Parallel",
        description="Horovod's PyTorch MNIST example with horovodrun -np 4 in one container on four GPUs. NCCL "
        "builds its ring over shared memory and every rank reports 'Init COMPLETE', then the first allreduce never "
        "returns: the log stops at 'NCCL INFO Launch mode Parallel' while the GPUs sit at 100%, and nothing more is "
        "written for an hour. The same example runs on GPU 0 alone; the hang is in the GPU-to-GPU path "
        "(peer-to-peer, ACS/IOMMU): test it with NCCL_P2P_DISABLE=1 or nccl-tests.",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/horovod": log},
        captured=at(3700),
        title="All Horovod examples hang after 'NCCL INFO Launch mode Parallel' when more GPUs than GPU 0 are used",
        source="https://github.com/horovod/horovod/issues/1335",
    )


# -- 3. Horovod in one container: the shared-memory reads are refused and the first epoch hangs ----


@SCENARIOS.add
def nccl_error_job_horovod_docker_read_errno_hang() -> CaseSpec:
    at = Clock(datetime(2026, 5, 5, 19, 0, tzinfo=timezone.utc))
    name, ns = "hvd-keras-mnist", "research"
    ctr = Container(
        "horovod",
        "horovod/horovod:0.16.4-tf1.12.0-torch1.1.0-mxnet1.4.1-py3.5",
        command=["horovodrun", "--verbose", "-np", "3", "-H", "localhost:3", "python", "keras_mnist_advanced.py"],
        resources=gpu(3, "48Gi", "12"),
    )
    job, p = _running_job(name, ns, at, ctr, "gpu-node-5")
    host = "edc6f559242d"
    head = (
        [
            "Filtering local host names.",
            "mpirun --allow-run-as-root --tag-output -np 3 -H localhost:3 -bind-to none -map-by slot -mca pml ob1 "
            "-mca btl ^openib   -x NCCL_DEBUG=INFO  -x PYTHON_VERSION -x PWD -x CUDA_PKG_VERSION -x CUDA_VERSION "
            "-x HOSTNAME -x LIBRARY_PATH -x PATH -x NCCL_VERSION -x LD_LIBRARY_PATH -x TENSORFLOW_VERSION "
            "python keras_mnist_advanced.py",
            "[1,0]<stderr>:2019-06-24 19:04:09.649826: I tensorflow/core/platform/cpu_feature_guard.cc:141] Your CPU "
            "supports instructions that this TensorFlow binary was not compiled to use: AVX2 FMA",
            "[1,2]<stderr>:2019-06-24 19:04:09.650743: I tensorflow/core/platform/cpu_feature_guard.cc:141] Your CPU "
            "supports instructions that this TensorFlow binary was not compiled to use: AVX2 FMA",
            "[1,1]<stderr>:2019-06-24 19:04:09.650823: I tensorflow/core/platform/cpu_feature_guard.cc:141] Your CPU "
            "supports instructions that this TensorFlow binary was not compiled to use: AVX2 FMA",
        ]
        + [
            f"[1,{r}]<stderr>:2019-06-24 19:04:11.{302118 + 97 * r}: I tensorflow/core/common_runtime/gpu/"
            f"gpu_device.cc:1115] Created TensorFlow device (/job:localhost/replica:0/task:0/device:GPU:0 with 10757 MB "
            f"memory) -> physical GPU (device: 0, name: GeForce GTX 1080 Ti, pci bus id: 0000:0{r + 2}:00.0, compute "
            "capability: 6.1)"
            for r in range(3)
        ]
        + [
            "[1,0]<stdout>:x_train shape: (60000, 28, 28, 1)",
            "[1,0]<stdout>:60000 train samples",
            "[1,0]<stdout>:10000 test samples",
        ]
    )
    # The lines the thread pasted, in the order it pasted them.
    pasted = [
        f"[1,1]<stderr>:[{host}:00026] Read -1, expected 36864, errno = 1",
        "[1,0]<stdout>:Epoch 1/24",
        "[1,2]<stdout>:Epoch 1/24",
        "[1,1]<stdout>:Epoch 1/24",
        "[1,0]<stdout>:",
        f"[1,0]<stdout>:{host}:25:223 [0] misc/ibvwrap.cu:63 NCCL WARN Failed to open libibverbs.so[.1]",
        f"[1,0]<stdout>:{host}:25:223 [0] NCCL INFO Using internal Network Socket",
        f"[1,0]<stdout>:{host}:25:223 [0] NCCL INFO NET : Using interface eth0:172.17.0.2<0>",
        f"[1,0]<stdout>:{host}:25:223 [0] NCCL INFO NET/Socket : 1 interfaces found",
        "[1,0]<stdout>:NCCL version 2.3.7+cuda9.0",
        f"[1,0]<stdout>:{host}:25:223 [0] NCCL INFO rank 0 nranks 3",
        "[1,1]<stdout>:",
        f"[1,1]<stdout>:{host}:26:224 [1] misc/ibvwrap.cu:63 NCCL WARN Failed to open libibverbs.so[.1]",
        f"[1,1]<stdout>:{host}:26:224 [1] NCCL INFO Using internal Network Socket",
        f"[1,1]<stdout>:{host}:26:224 [1] NCCL INFO rank 1 nranks 3",
        "[1,2]<stdout>:",
        f"[1,2]<stdout>:{host}:27:229 [2] misc/ibvwrap.cu:63 NCCL WARN Failed to open libibverbs.so[.1]",
        f"[1,2]<stdout>:{host}:27:229 [2] NCCL INFO Using internal Network Socket",
        f"[1,2]<stdout>:{host}:27:229 [2] NCCL INFO rank 2 nranks 3",
        f"[1,2]<stdout>:{host}:27:229 [2] NCCL INFO comm 0x7f34f0301a50 rank 2 nranks 3",
        f"[1,2]<stdout>:{host}:27:229 [2] NCCL INFO NET : Using interface eth0:172.17.0.2<0>",
        f"[1,2]<stdout>:{host}:27:229 [2] NCCL INFO NET/Socket : 1 interfaces found",
    ]
    lines = [*head, *pasted]
    log = stamped(lines, at(12), [0.5] * (len(head) - 1) + [0.05] * (len(pasted) + 1))
    return CaseSpec(
        id="nccl-error-job-horovod-docker-read-errno-hang",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=p["metadata"]["name"],
        evidence="Read -1, expected",
        description="Horovod's Keras MNIST example with horovodrun -np 3 inside the Horovod image, on one host. "
        "Open MPI's shared-memory transport reads the other rank's memory directly and the container does not "
        "permit it ('Read -1, expected 36864, errno = 1', EPERM); the first epoch starts, NCCL sets up, and the "
        "job then hangs with no further output. The ranks cannot exchange data inside the container: allow it "
        "(CAP_SYS_PTRACE) or turn the single-copy mechanism off (-mca btl_vader_single_copy_mechanism none).",
        objects=[job, p],
        logs={f"{p['metadata']['name']}/horovod": log},
        captured=at(2400),
        title="Running the Horovod example in the Horovod Docker image hangs at epoch 1 after "
        "'[host:pid] Read -1, expected 36864, errno = 1'",
        source="https://github.com/horovod/horovod/issues/1167",
    )
