"""Fresh round 37: real public threads about ranks that cannot meet: rendezvous and store timeouts, master address, world size.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone
from typing import Any

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    PodPlan,
    Scenarios,
    gpu,
    kubeflow_conditions,
    kubeflow_with_pods,
    running,
    stamped,
    terminated,
)
from tests.cases.scenarios_fresh13_training import _hung_job
from tests.cases.scenarios_real_containers import _job_case

SCENARIOS = Scenarios()


# -- helpers ----------------------------------------------------------------------------------------------


def _two_node_torchrun(
    *, at: Clock, name: str, ns: str, ctr: Container, plans: list[PodPlan], failed: bool, captured: float, **case: Any
) -> CaseSpec:
    """A PyTorchJob of one Master and one Worker (the thread's two machines), both the culprit; ``failed`` when
    the pods exited non-zero, else both still run."""
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        conditions=kubeflow_conditions("PyTorchJob", name, at(22), failed=("Master", at(200)) if failed else None),
        statuses={"Master": {"failed": 1}, "Worker": {"failed": 1}}
        if failed
        else {"Master": {"active": 1}, "Worker": {"active": 1}},
    )
    return CaseSpec(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        culprit=[p["metadata"]["name"] for p in pods],
        objects=[job, *pods],
        logs=logs,
        captured=at(captured),
        **case,
    )


# -- 1. PCCL over two 8-GPU nodes: the peers cannot reach their master (MASTER_CONNECTION_FAILED) -------------


@SCENARIOS.add
def rendezvous_error_pytorchjob_pccl_connect_master_connection_failed() -> CaseSpec:
    at = Clock(datetime(2025, 5, 25, 9, 0, tzinfo=timezone.utc))
    name, ns = "pccl-diloco-2node", "llm-train"
    args = ["--nproc_per_node=8", "--nnodes=2", "--master_addr=$(MASTER_ADDR)", "--master_port=29500", "train_pccl.py"]
    ctr = Container(
        "pytorch",
        "registry.example/llm-train/pccl-train:0.1-cuda12.4",
        command=["torchrun"],
        args=args,
        resources=gpu(8, "512Gi", "64"),
    )
    line = ["pcclConnect failed with error: MASTER_CONNECTION_FAILED: MASTER_CONNECTION_FAILED"]
    plans = [
        PodPlan("master", 0, terminated(1, at(20), at(61)), node="gpu-node-a", log=stamped(line, at(60.2))),
        PodPlan("worker", 0, terminated(1, at(21), at(61)), node="gpu-node-b", log=stamped(line, at(60.4))),
    ]
    return _two_node_torchrun(
        at=at,
        name=name,
        ns=ns,
        ctr=ctr,
        plans=plans,
        failed=True,
        captured=400,
        id="rendezvous-error-pytorchjob-pccl-connect-master-connection-failed",
        category="rendezvous-error",
        evidence="pcclConnect failed with error: MASTER_CONNECTION_FAILED",
        description="A training run over two 8-GPU machines with PCCL (Prime Collective Communications Library), "
        "started on each machine with 'torchrun --nproc_per_node=8 --nnodes=2 --node_rank=0|1 --master_addr=IP "
        "--master_port=29500 train_pccl.py --config_path=default_config_gpu0|1.json'. The same launch with the "
        "NCCL variant of the script (train_nccl.py) trains; with PCCL every run fails with 'pcclConnect failed "
        "with error: MASTER_CONNECTION_FAILED: MASTER_CONNECTION_FAILED', although 'nc -zv IP 29500' from the "
        "worker machine connects. Pointing the config's ccoip_host at IP:29500 only makes the worker hang before "
        "the Communicator is created. The thread has no answer; the error is PCCL's own: its peers cannot "
        "connect to the PCCL master their config names (the thread shows no master process started, and "
        "torchrun's port is not one), so the ranks cannot meet. "
        "Verbatim from the thread: the error line. Reconstructed: the two machines as a PyTorchJob of a Master "
        "and a Worker with eight GPUs each, torchrun as their command (the per-node rank and config file left "
        "out), the image, the error line in both pods' logs (the thread does not say which machine printed it), "
        "both exiting 1, and the times.",
        title="train_nccl.py works, train_pccl.py fails with 'pcclConnect failed with error: "
        "MASTER_CONNECTION_FAILED: MASTER_CONNECTION_FAILED'",
        source="https://github.com/PrimeIntellect-ai/pccl/issues/21",
    )


# -- 2. DCGAN with mp.spawn on an AWS GPU host: the env:// rendezvous cannot connect to MASTER_ADDR --------


@SCENARIOS.add
def rendezvous_error_job_dcgan_mp_spawn_tcpstore_connection_timed_out() -> CaseSpec:
    at = Clock(datetime(2020, 4, 26, 17, 0, tzinfo=timezone.utc))
    env = "/home/user/anaconda3/envs/pytorch_p36/lib/python3.7/site-packages/torch"
    lines = [
        'File "artGAN512_impre_v8.py", line 286, in main',
        " mp.spawn(train, nprocs=args.gpus, args=(args,))",
        f'  File "{env}/multiprocessing/spawn.py", line 167, in spawn',
        "    while not spawn_context.join():",
        f'  File "{env}/multiprocessing/spawn.py", line 114, in join',
        "    raise Exception(msg)",
        "Exception: ",
        "",
        "-- Process 0 terminated with the following error:",
        "Traceback (most recent call last):",
        f'  File "{env}/multiprocessing/spawn.py", line 19, in _wrap',
        "    fn(i, *args)",
        '  File "/home/user/dcgan/artGAN512_impre_v8.py", line 167, in train',
        "    world_size=args.world_size, rank=rank)",
        f'  File "{env}/distributed/distributed_c10d.py", line 406, in init_process_group',
        "    store, rank, world_size = next(rendezvous(url))",
        f'  File "{env}/distributed/rendezvous.py", line 143, in _env_rendezvous_handler',
        "    store = TCPStore(master_addr, master_port, world_size, start_daemon)",
        "RuntimeError: Connection timed out",
    ]
    ctr = Container(
        "train",
        "registry.example/gan/dcgan-train:pytorch1.4-py37",
        command=["python", "artGAN512_impre_v8.py"],
        resources=gpu(4, "96Gi", "16"),
    )
    # The spawned rank waits for the store until its connect times out (about two minutes on Linux).
    return _job_case(
        id="rendezvous-error-job-dcgan-mp-spawn-tcpstore-connection-timed-out",
        name="artgan512-dcgan-train",
        ns="gan",
        at=at,
        ctr=ctr,
        exit_code=1,
        ran=(20.0, 152.0),
        log=stamped(lines, at(151.0), 0.001),
        category="rendezvous-error",
        evidence="RuntimeError: Connection timed out",
        description="A DCGAN training script written after a DistributedDataParallel tutorial (torch.multiprocessing"
        ".spawn of one process per GPU, 'rank = args.nr * args.gpus + gpu', init_process_group with the env:// "
        "method) on an AWS deep-learning host (conda env pytorch_p36). Process 0 fails inside init_process_group: "
        "the env:// rendezvous creates its TCPStore at MASTER_ADDR:MASTER_PORT and 'RuntimeError: Connection timed "
        "out' - the connection to MASTER_ADDR:MASTER_PORT times out, so the ranks never meet and mp.spawn "
        "raises. Verbatim from the thread: the traceback as pasted (it starts at the script's 'main' "
        "frame; user name neutralised). Reconstructed: the run as a batch Job whose one pod (four GPUs; the "
        "thread does not say how many) exits 1, the image, the command without its arguments, and the times "
        "(the connect is given about two minutes before it times out).",
        title="Error with distributed mp: init_process_group -> _env_rendezvous_handler -> TCPStore(master_addr, "
        "master_port, ...) RuntimeError: Connection timed out",
        source="https://github.com/yangkky/distributed_tutorial/issues/3",
        captured=400.0,
        node_name="gpu-node-21",
    )


# -- 3. PyTorch 1.0, two processes on one 8-P100 server: rank 1 never returns from init_process_group ---------


@SCENARIOS.add
def rendezvous_error_job_launch_two_procs_rank1_init_never_returns() -> CaseSpec:
    at = Clock(datetime(2018, 12, 30, 10, 0, tzinfo=timezone.utc))
    name, ns = "dist-init-check", "research"
    ctr = Container(
        "train",
        "registry.example/research/pytorch:1.0.0-cuda9.0-py36",
        command=["python", "-m", "torch.distributed.launch", "--nproc_per_node", "2", "a.py"],
        resources=gpu(2, "32Gi", "8"),
        state=running(at(20)),
        ready=True,
    )
    lines = [
        "before 1 - {'backend': 'nccl', 'init_method': 'env://', 'rank': 1, 'world_size': 2}",
        "",
        "before 0 - {'backend': 'nccl', 'init_method': 'env://', 'rank': 0, 'world_size': 2}",
        "",
        "after 0",
    ]
    spec = _hung_job(
        id="rendezvous-error-job-launch-two-procs-rank1-init-never-returns",
        at=at,
        name=name,
        ns=ns,
        ctr=ctr,
        node_name="gpu-node-05",
        lines=lines,
        gaps=[0.001, 0.01, 0.001, 0.05],
        quiet=40 * 60,
        start=24,
        evidence="after 0",
        description="A two-process check of torch.distributed on one Ubuntu 16.04 server with eight P100s "
        "(PyTorch 1.0.0, CUDA 9.0): 'python -m torch.distributed.launch --nproc_per_node 2 a.py', where a.py "
        "prints its init_process_group arguments before the call and 'after RANK' once it returns. Sometimes it "
        "works; often rank 0 returns ('after 0') and rank 1 never does - gdb attached to the hung process shows "
        "it inside c10d::TCPStore::TCPStore -> c10d::tcputil::connect: rank 1 cannot connect to the c10d store "
        "rank 0 serves, so the two ranks never meet, with no error and no timeout. Verbatim: the output the "
        "thread pastes (blank lines included). Reconstructed: the run as a batch Job whose one pod (two GPUs) "
        "still runs forty minutes after the last line (the reporter's plain Linux server placed in a pod), the "
        "image, node and times; the gdb backtrace is the reporter's and is in no log.",
        title="init_process_group() sometimes hangs (not stable) with pytorch 1.0.0: rank 1 never returns, stuck "
        "in c10d::tcputil::connect",
        source="https://github.com/pytorch/pytorch/issues/15638",
    )
    return replace(spec, category="rendezvous-error")


# -- 4. launch.py over two servers: both ranks print their MASTER_ADDR and hang in init_process_group --------


@SCENARIOS.add
def rendezvous_error_pytorchjob_launch_nnode2_both_ranks_hang_in_init() -> CaseSpec:
    at = Clock(datetime(2021, 2, 25, 14, 0, tzinfo=timezone.utc))
    name, ns = "msg3d-ddp-2node", "action-recognition"
    ctr = Container(
        "pytorch",
        "registry.example/action-recognition/msg3d:torch1.7-py36",
        command=["python3", "-m", "torch.distributed.launch"],
        args=[
            "--nnode=2", "--node_rank=$(RANK)", "--nproc_per_node=1",
            "msg3d/MSG3D/tuturial_DistributedDataParallel.py", "--local_world_size=1",
        ],
        env=[{"name": "NCCL_DEBUG", "value": "INFO"}, {"name": "NCCL_DEBUG_SUBSYS", "value": "ALL"}],
        resources=gpu(1, "32Gi", "8"),
    )  # fmt: skip
    master_line = [
        "[26236] Initializing process group with: {'MASTER_ADDR': '203.0.113.43', 'MASTER_PORT': '29500', "
        "'RANK': '0', 'WORLD_SIZE': '2'}"
    ]
    worker_line = [
        "[17186] Initializing process group with: {'MASTER_ADDR': '203.0.113.43', 'MASTER_PORT': '29500', "
        "'RANK': '1', 'WORLD_SIZE': '2'}"
    ]
    plans = [
        PodPlan("master", 0, running(at(20)), node="gpu-node-m1", log=stamped(master_line, at(26.3))),
        PodPlan("worker", 0, running(at(21)), node="gpu-node-m2", log=stamped(worker_line, at(27.1))),
    ]
    return _two_node_torchrun(
        at=at,
        name=name,
        ns=ns,
        ctr=ctr,
        plans=plans,
        failed=False,
        captured=26.3 + 20 * 60,
        id="rendezvous-error-pytorchjob-launch-nnode2-both-ranks-hang-in-init",
        category="rendezvous-error",
        evidence="Initializing process group with:",
        description="DistributedDataParallel over two servers, one process each, started with torch.distributed."
        "launch --nnode=2 --node_rank=0|1 --nproc_per_node=1 and NCCL_DEBUG=INFO; the script sets MASTER_ADDR to "
        "the first server's public address and calls init_process_group(backend='nccl'). Each rank prints "
        "'Initializing process group with: {MASTER_ADDR, MASTER_PORT 29500, RANK 0|1, WORLD_SIZE 2}' and then "
        "nothing more on either server - not one NCCL INFO line, so the process group's store rendezvous never "
        "completes - until, after 30 minutes, an error whose text the stored copy of the thread cuts off. Later "
        "comments trace such hangs to ranks that cannot find each other (world size or ranks set wrong, nodes "
        "that cannot reach the master's port): the two ranks never meet. Verbatim: the two printed lines (the "
        "server's public address neutralised). Reconstructed: the two servers as "
        "a PyTorchJob of a Master and a Worker with one GPU each, the launch command in their spec, the image, "
        "and the times: the snapshot is taken twenty minutes after the lines, before the timeout.",
        title="init_process_group with launch.py --nnode=2 hangs always in all machines",
        source="https://github.com/pytorch/pytorch/issues/52848",
    )
