"""Fresh round 11: real public threads about collective communication and multi-node launch (NCCL, Gloo, MPI, Horovod, torchrun rendezvous).

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    MPIPlan,
    PodPlan,
    Scenarios,
    failed_job_case,
    gpu,
    mpijob_v2,
    stamped,
    terminated,
)
from tests.cases.logtext import rank_traceback, torchrun_failed, torchrun_start
from tests.cases.scenarios_fresh9_distributed import _mpirun_exit
from tests.cases.scenarios_real_training import _kubeflow_case

SCENARIOS = Scenarios()

_PY310 = "/usr/local/lib/python3.10/dist-packages"


def _launcher_case(
    *,
    id: str,
    name: str,
    ns: str,
    at: Clock,
    image: str,
    launcher_cmd: list[str],
    workers: int,
    slots: int,
    ran: tuple[float, float],
    log: str,
    worker_resources: dict[str, object],
    category: str,
    evidence: str,
    description: str,
    title: str,
    source: str,
    captured: float,
) -> CaseSpec:
    """An mpi-operator MPIJob whose launcher failed (``ran``: its start and end), the workers
    running sshd; the launcher's log names the failure and the launcher is the culprit."""
    objects, logs, launcher = mpijob_v2(
        at=at,
        name=name,
        ns=ns,
        image=image,
        launcher_cmd=launcher_cmd,
        workers=workers,
        slots=slots,
        plan=MPIPlan(launcher_state=terminated(1, at(ran[0]), at(ran[1])), launcher_log=log),
        worker_resources=worker_resources,
    )
    return CaseSpec(
        id=id,
        kind="MPIJob",
        name=name,
        namespace=ns,
        healthy=False,
        category=category,
        culprit=launcher,
        evidence=evidence,
        description=description,
        objects=objects,
        logs=logs,
        captured=at(captured),
        title=title,
        source=source,
    )


# -- 1. composer on two nodes: NCCL's proxy cannot connect to the other node -------------------


@SCENARIOS.add
def nccl_error_pytorchjob_composer_proxy_connect_closed_by_remote_peer() -> CaseSpec:
    at = Clock(datetime(2026, 10, 6, 11, 0, tzinfo=timezone.utc))
    name, ns = "sd2-512-composer", "genai"
    master_host, worker_host = f"{name}-master-0", f"{name}-worker-0"

    def boot(host: str, node_rank: int, pids: tuple[int, int]) -> list[str]:
        out = [
            "Running command: python -u run.py --config-path yamls/hydra-yamls --config-name SD-512.yaml",
            f"Launching processes with global ranks {node_rank * 2}, {node_rank * 2 + 1} (world size 4, node "
            f"rank {node_rank}, master {name}-master-0:29500)",
        ]
        for r, pid in enumerate(pids):
            out += [
                f"{host}:{pid}:{pid} [{r}] NCCL INFO Bootstrap : Using eth0:10.244.{3 + node_rank}.{17 + r}<0>",
                f"{host}:{pid}:{pid} [{r}] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal "
                "implementation",
                f"{host}:{pid}:{pid} [{r}] NCCL INFO NET/IB : No device found.",
                f"{host}:{pid}:{pid} [{r}] NCCL INFO NET/Socket : Using [0]eth0:10.244.{3 + node_rank}.{17 + r}<0>",
                f"{host}:{pid}:{pid} [{r}] NCCL INFO Using network Socket",
            ]
        if node_rank == 0:
            out.insert(4, "NCCL version 2.18.1+cuda12.1")
        return out

    # The lines the thread pasted from node rank 0 (host names neutralised).
    pasted = [
        f"{master_host}:6015:6225 [1] proxy.cc:1119 NCCL WARN [Proxy Service 1] Failed to execute operation "
        "Connect from rank 1, retcode 6",
        "",
        f"{master_host}:6015:6224 [1] misc/socket.cc:538 NCCL WARN Net : Connection closed by remote peer "
        f"{worker_host}<59227>",
        f"{master_host}:6015:6224 [1] NCCL INFO misc/socket.cc:546 -> 6",
        f"{master_host}:6015:6224 [1] NCCL INFO misc/socket.cc:558 -> 6",
        f"{master_host}:6015:6224 [1] NCCL INFO proxy.cc:881 -> 6",
        "",
        f"{master_host}:6015:6224 [1] proxy.cc:884 NCCL WARN Proxy Call to rank 1 failed (Connect)",
        f"{master_host}:6015:6224 [1] NCCL INFO transport/net.cc:265 -> 6",
        f"{master_host}:6015:6224 [1] NCCL INFO transport.cc:124 -> 6",
        f"{master_host}:6015:6224 [1] NCCL INFO init.cc:790 -> 6",
        f"{master_host}:6015:6224 [1] NCCL INFO init.cc:1089 -> 6",
        f"{master_host}:6015:6224 [1] NCCL INFO group.cc:64 -> 6 [Async thread]",
        f"{master_host}:6015:6015 [1] NCCL INFO group.cc:421 -> 3",
        f"{master_host}:6015:6015 [1] NCCL INFO group.cc:106 -> 3",
        f"{master_host}:6015:6015 [1] NCCL INFO comm 0x1b838b90 rank 1 nranks 4 cudaDev 1 busId 7000 - Abort COMPLETE",
    ]
    tail_master = [
        "ERROR:composer.cli.launcher:Rank 1 crashed with exit code 1.",
        "Waiting up to 30 seconds for all training processes to terminate. Press Ctrl-C to exit immediately.",
        "Global rank 0 (PID 6014) exited with code -15",
        "Global rank 1 (PID 6015) exited with code 1",
        "ERROR:composer.cli.launcher:Global rank 0 (PID 6014) exited with code -15",
    ]
    worker_err = [
        f"{worker_host}:4120:4301 [0] misc/socket.cc:538 NCCL WARN Net : Connection closed by remote peer "
        f"{master_host}<41873>",
        f"{worker_host}:4120:4301 [0] NCCL INFO misc/socket.cc:546 -> 6",
        f"{worker_host}:4120:4301 [0] proxy.cc:884 NCCL WARN Proxy Call to rank 2 failed (Connect)",
        f"{worker_host}:4120:4120 [0] NCCL INFO comm 0x2c1f4a80 rank 2 nranks 4 cudaDev 0 busId 1000 - Abort COMPLETE",
        "ERROR:composer.cli.launcher:Rank 2 crashed with exit code 1.",
        "Waiting up to 30 seconds for all training processes to terminate. Press Ctrl-C to exit immediately.",
        "Global rank 2 (PID 4120) exited with code 1",
        "Global rank 3 (PID 4121) exited with code -15",
    ]
    mlines = [*boot(master_host, 0, (6014, 6015)), *pasted, *tail_master]
    wlines = [*boot(worker_host, 1, (4120, 4121)), *worker_err]
    mgaps = [1.5] + [0.05] * 11 + [24.0] + [0.0] * (len(pasted) - 1) + [0.5, 0.1, 1.2, 0.0, 0.0]
    wgaps = [1.5] + [0.05] * 10 + [24.6] + [0.0] * 3 + [0.4, 0.1, 1.2, 0.0]
    plans = [
        PodPlan("master", 0, terminated(1, at(31), at(62)), log=stamped(mlines, at(33), mgaps)),
        PodPlan("worker", 0, terminated(1, at(31), at(63)), log=stamped(wlines, at(34), wgaps)),
    ]
    return _kubeflow_case(
        id="nccl-error-pytorchjob-composer-proxy-connect-closed-by-remote-peer",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/genai/mosaic-diffusion:torch2.1.0-cu121",
        command=[
            "sh",
            "-c",
            "composer --world_size 4 --node_rank $RANK -v --master_port 29500 --master_addr $MASTER_ADDR run.py "
            "--config-path yamls/hydra-yamls --config-name SD-512.yaml",
        ],
        resources=gpu(2, "96Gi", "16"),
        plans=plans,
        category="nccl-error",
        culprit=[master_host, worker_host],
        evidence="Proxy Call to rank 1 failed (Connect)",
        description="Stable Diffusion training with MosaicML composer on two pods of two GPUs each (world size 4). "
        "While NCCL builds its communicator, the proxy of rank 1 cannot connect to its peer on the other pod: the "
        "socket is closed by the remote peer (retcode 6, ncclRemoteError), the communicator is aborted and "
        "composer ends the ranks on both pods. The ranks cannot talk across the nodes over NCCL's socket transport "
        "(interface, ports or routing between the pods); nothing else failed first.",
        title="Multi-node training: composer --world_size 4 --node_rank 0 ... outputs nccl errors - NCCL WARN "
        "[Proxy Service 1] Failed to execute operation Connect from rank 1, retcode 6",
        source="https://github.com/mosaicml/diffusion/issues/110",
        captured=900,
        failed=("Worker", 64),
    )


# -- 2. gpt-neox with DeepSpeed's launcher: NCCL internal error, recv refused -----------------


@SCENARIOS.add
def nccl_error_mpijob_neox_nccl_internal_error_recv_connection_refused() -> CaseSpec:
    at = Clock(datetime(2026, 4, 14, 8, 0, tzinfo=timezone.utc))
    name, ns = "neox-125m-2node", "llm-pretrain"
    n1, n2 = f"{name}-worker-0", f"{name}-worker-1"
    start = [
        f"[2026-04-14 08:01:02,118] [INFO] [runner.py:460:main] Using IP address of 10.244.7.21 for node {n1}",
        f"[2026-04-14 08:01:02,120] [INFO] [multinode_runner.py:72:get_cmd] Running on the following workers: {n1},{n2}",
        "[2026-04-14 08:01:02,120] [INFO] [runner.py:555:main] cmd = pdsh -S -f 1024 -w "
        f"{n1},{n2} export PYTHONPATH=/workspace/gpt-neox;  cd /workspace/gpt-neox; /usr/bin/python -u -m "
        "deepspeed.launcher.launch --world_info=<hidden> --node_rank=%n --master_addr=10.244.7.21 "
        "--master_port=29500 train.py --deepspeed_config <hidden> --megatron_config <hidden>",
        f"{n1}: [2026-04-14 08:01:05,402] [INFO] [launch.py:145:main] WORLD INFO DICT: {{'{n1}': [0, 1, 2, 3, 4, 5, "
        f"6, 7], '{n2}': [0, 1, 2, 3, 4, 5, 6, 7]}}",
        f"{n2}: [2026-04-14 08:01:05,519] [INFO] [launch.py:151:main] nnodes=2, num_local_procs=8, node_rank=1",
        f"{n1}: NeoXArgs.configure_distributed_args() using world size: 16 and model-parallel size: 1",
        f"{n1}: > building GPT2BPETokenizer tokenizer ...",
        f"{n1}: > initializing torch distributed ...",
        f"{n1}: [2026-04-14 08:01:21,774] [INFO] [comm.py:652:init_distributed] Initializing TorchBackend in "
        "DeepSpeed with backend nccl",
        f"{n1}: > initializing model parallel with size 1",
        f"{n1}: > building train, validation, and test datasets ...",
        f"{n1}: setting training iterations to 320000",
        f"{n1}: done with setups ...",
        f"{n1}: time (ms) | model and optimizer: 2981.22 | train/valid/test data iterators: 1270.44",
        f"{n1}: training ...",
    ]
    err = [
        f"{n2}: Traceback (most recent call last):",
        f'{n2}:   File "train.py", line 27, in <module>',
        f"{n2}:     pretrain(neox_args=neox_args)",
        f'{n2}:   File "/workspace/gpt-neox/megatron/training.py", line 226, in pretrain',
        f"{n2}:     iteration = train(",
        f'{n2}:   File "/workspace/gpt-neox/megatron/training.py", line 778, in train',
        f"{n2}:     loss_dict, skipped_iter = train_step(",
        f"{n2}: RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1269, internal error, NCCL version 2.14.3",
        f"{n2}: ncclInternalError: Internal check failed.",
        # Pasted verbatim (the host names and the peer's address neutralised).
        f"{n2}: Last error:",
        f"{n2}: Net : Call to recv from 10.244.9.14<56843> failed : Connection refused",
        f"{n1}: {n1}:15874:17284 [4] NCCL INFO P2P is disabled between connected GPUs 4 and 3. You can repress "
        "this message with NCCL_IGNORE_DISABLED_P2P=1.",
        f"{n1}: {n1}:15874:17284 [4] NCCL INFO Could not enable P2P between dev 4(=61000) and dev 3(=42000)",
        f"{n1}: {n1}:15874:17284 [4] NCCL INFO Channel 00 : 4[61000] -> 3[42000] via SHM/direct/direct",
        f"{n1}: {n1}:15874:17284 [4] NCCL INFO P2P is disabled between connected GPUs 4 and 3. You can repress "
        "this message with NCCL_IGNORE_DISABLED_P2P=1.",
        f"{n2}: [2026-04-14 08:03:48,903] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 21406",
        f"{n2}: [2026-04-14 08:03:49,311] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', "
        "'train.py', '--local_rank=7', '--deepspeed_config', '<hidden>', '--megatron_config', '<hidden>'] exits "
        "with return code = 1",
        f"pdsh@{name}-launcher: {n2}: ssh exited with exit code 1",
        f"{n1}: [2026-04-14 08:03:52,027] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 15874",
        f"pdsh@{name}-launcher: {n1}: ssh exited with exit code 1",
    ]
    lines = [*start, *err]
    gaps = [0.002, 0.0, 3.3, 0.1, 4.0, 1.0, 9.0, 1.3, 0.6, 4.0, 3.0, 0.0, 2.0, 0.0, 135.0] + [0.0] * 15 + [0.4, 0.0]
    gaps += [2.7, 0.0]
    return _launcher_case(
        id="nccl-error-mpijob-neox-nccl-internal-error-recv-connection-refused",
        at=at,
        name=name,
        ns=ns,
        image="registry.corp.example/llm/gpt-neox:2.0-torch1.13-cu117",
        launcher_cmd=["python", "./deepy.py", "train.py", "configs/125M.yml", "configs/local_setup.yml"],
        workers=2,
        ran=(58, 235),
        log=stamped(lines, at(62), gaps),
        worker_resources=gpu(8, "900Gi", "96"),
        slots=8,
        category="nccl-error",
        evidence="Call to recv from 10.244.9.14<56843> failed : Connection refused",
        description="GPT-NeoX 125M on two 8-GPU workers, started from the MPIJob's launcher with DeepSpeed's "
        "pdsh runner and a hostfile. Shortly after training begins the ranks on the second node fail in NCCL "
        "('NCCL error in: ProcessGroupNCCL.cpp:1269, internal error'): the socket to a peer is refused ('Net : Call "
        "to recv from ... failed : Connection refused'), and DeepSpeed kills the ranks on both nodes; the launcher "
        "exits. The nodes cannot reach each other on NCCL's ports or interface (NCCL_SOCKET_IFNAME, firewall).",
        captured=1200,
        title="NCCL error in: ProcessGroupNCCL.cpp:1269, internal error, NCCL version 2.14.3 (two nodes, hostfile; "
        "Last error: Net : Call to recv from NODE2_IP<56843> failed : Connection refused)",
        source="https://github.com/EleutherAI/gpt-neox/issues/1147",
    )


# -- 3. lmdeploy across two nodes under mpirun: a rank dies of SIGILL --------------------------


@SCENARIOS.add
def crash_signal_mpijob_lmdeploy_rank_illegal_instruction() -> CaseSpec:
    at = Clock(datetime(2026, 3, 9, 13, 0, tzinfo=timezone.utc))
    name, ns = "internlm2-tp16-serve", "inference"
    bar = "-" * 74
    lines = [
        "2026-03-09 13:01:04,551 - lmdeploy - INFO - input backend=turbomind, backend_config=TurbomindEngineConfig("
        "model_name='internlm2-chat-20b', model_format='hf', tp=16, session_len=None, max_batch_size=128, "
        "cache_max_entry_count=0.8, quant_policy=0)",
        "2026-03-09 13:01:04,552 - lmdeploy - INFO - input chat_template_config=None",
        "2026-03-09 13:01:06,918 - lmdeploy - WARNING - model_source: hf_model",
        "[TM][INFO] NCCL group_id = 0",
        f"{name}-worker-0:212:212 [0] NCCL INFO Bootstrap : Using eth0:10.244.12.8<0>",
        f"{name}-worker-0:212:212 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal "
        "implementation",
        f"{name}-worker-0:212:212 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE ; OOB eth0:10.244.12.8<0>",
        f"{name}-worker-0:212:212 [0] NCCL INFO Using network IB",
        "NCCL version 2.18.3+cuda12.2",
        "[TM][INFO] Loading weights ...",
        bar,
        # Pasted verbatim (the node's address neutralised).
        "mpirun noticed that process rank 1 with PID 13580 on node 10.244.13.5 exited on signal 4 (Illegal "
        "instruction).",
        bar,
    ]
    gaps = [0.001, 2.4, 0.3, 0.5, 0.01, 0.01, 0.01, 0.01, 1.2, 17.0, 0.0, 0.0]
    return _launcher_case(
        id="crash-signal-mpijob-lmdeploy-rank-illegal-instruction",
        at=at,
        name=name,
        ns=ns,
        image="registry.corp.example/inference/lmdeploy:v0.2.5-cu122",
        launcher_cmd=[
            "mpirun",
            "--allow-run-as-root",
            "-np",
            "2",
            "--hostfile",
            "/etc/mpi/hostfile",
            "-x",
            "NCCL_IB_GID_INDEX=3",
            "lmdeploy",
            "serve",
            "api_server",
            "/models/internlm2-chat-20b",
            "--tp",
            "16",
        ],
        workers=2,
        slots=1,
        ran=(58, 96),
        log=stamped(lines, at(64), gaps),
        worker_resources=gpu(8, "800Gi", "64"),
        category="crash-signal",
        evidence="exited on signal 4 (Illegal instruction)",
        description="lmdeploy's TurboMind engine served with tensor parallelism across two 8-GPU nodes, one MPI "
        "rank per node, from an MPIJob launcher. While the weights load, the rank on the second node dies of "
        "SIGILL and mpirun ends the job ('exited on signal 4 (Illegal instruction)'). A native crash: the build in "
        "the image uses CPU instructions the second node's processor lacks (or is otherwise broken there); the "
        "NCCL setup around it is not the cause.",
        captured=900,
        title="[Bug] multi-nodes bug, nccl error while loading the model in a multi-node deployment: mpirun noticed "
        "that process rank 1 with PID 13580 on node ... exited on signal 4 (Illegal instruction)",
        source="https://github.com/InternLM/lmdeploy/issues/1221",
    )


# -- 4. GRPO on two nodes: unhandled cuda error in NCCL at the first loss ---------------------


@SCENARIOS.add
def nccl_error_pytorchjob_grpo_first_step_nccl_unhandled_cuda_error() -> CaseSpec:
    at = Clock(datetime(2026, 9, 21, 2, 0, tzinfo=timezone.utc))
    name, ns = "t2i-r1-janus-grpo", "genai-rl"
    src = "/workspace/T2I-R1/src/t2i-r1/src"
    frames = [
        (f"{src}/open_r1/grpo.py", 329, "<module>", "main(script_args, training_args, model_args)"),
        (f"{src}/open_r1/grpo.py", 318, "main", "trainer.train()"),
        (f"{_PY310}/transformers/trainer.py", 2245, "train", "return inner_training_loop("),
        (
            f"{_PY310}/transformers/trainer.py",
            2556,
            "_inner_training_loop",
            "tr_loss_step = self.training_step(model, inputs, num_items_in_batch)",
        ),
        (
            f"{_PY310}/transformers/trainer.py",
            3718,
            "training_step",
            "loss = self.compute_loss(model, inputs, num_items_in_batch=num_items_in_batch)",
        ),
        (
            f"{src}/open_r1/trainer/grpo_trainer.py",
            512,
            "compute_loss",
            "prompt_completion_ids = unwrapped_model.generate(",
        ),
        (
            f"{_PY310}/torch/distributed/distributed_c10d.py",
            3479,
            "all_gather_into_tensor",
            "work = group._allgather_base(output_tensor, input_tensor, opts)",
        ),
    ]
    error = (
        "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, "
        "unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\n"
        "ncclUnhandledCudaError: Call to CUDA function failed.\n"
        "Last error:\n"
        "Cuda failure 'invalid argument'"
    )

    def log(rank: int, local: int, host: str, pid: int, t0: float) -> str:
        head = [
            *torchrun_start(at(t0), 1),
            f"[2026-09-21 02:01:{10 + rank // 8:02d},204] [INFO] [real_accelerator.py:219:get_accelerator] Setting "
            "ds_accelerator to cuda (auto detect)",
            f"[2026-09-21 02:01:{21 + rank // 8:02d},870] [INFO] [comm.py:652:init_distributed] cdb=None",
            "Loading checkpoint shards: 100%|██████████| 2/2 [00:09<00:00,  4.61s/it]",
            "  0%|          | 0/1742 [00:00<?, ?it/s]",
        ]
        tail = rank_traceback(rank, frames, error)
        failed = torchrun_failed(
            at(t0 + 160), rank=rank, local_rank=local, exitcode=1, pid=pid, host=host, script=f"{src}/open_r1/grpo.py"
        )
        lines = [*head, *tail, *failed]
        gaps = [0.0] * 3 + [30.0, 11.0, 38.0, 2.0, 79.0] + [0.0] * (len(tail) - 1) + [1.0] + [0.0] * 40
        return stamped(lines, at(t0), gaps)

    master, worker = f"{name}-master-0", f"{name}-worker-0"
    plans = [
        PodPlan("master", 0, terminated(1, at(31), at(194)), log=log(3, 3, master, 211, 33)),
        PodPlan("worker", 0, terminated(1, at(31), at(195)), log=log(11, 3, worker, 187, 34)),
    ]
    return _kubeflow_case(
        id="nccl-error-pytorchjob-grpo-first-step-nccl-unhandled-cuda-error",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/genai/t2i-r1:torch2.5.1-cu124",
        command=[
            "sh",
            "-c",
            'torchrun --nproc_per_node="8" --nnodes=$WORLD_SIZE --node_rank=$RANK --master_addr=$MASTER_ADDR '
            f"--master_port=$MASTER_PORT {src}/open_r1/grpo.py --use_vllm False --deepspeed "
            "/workspace/T2I-R1/src/t2i-r1/configs/zero2.json --output_dir janus/outputs/run "
            "--model_name_or_path deepseek-ai/Janus-Pro-7B",
        ],
        resources=gpu(8, "960Gi", "96"),
        plans=plans,
        category="nccl-error",
        culprit=[master, worker],
        evidence="unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
        description="GRPO training of Janus-Pro-7B with DeepSpeed ZeRO-2 on two 8-GPU pods. Training on one node "
        "works; across two, the first collective of the first loss computation fails in NCCL on both pods "
        "('NCCLUtils.hpp:317, unhandled cuda error ... NCCL version 2.21.5') and torchrun ends each pod's ranks. "
        "NCCL failed setting up its inter-node transport (a CUDA call inside NCCL), nothing in the user's code or "
        "another rank failed first.",
        title="Training with multiple nodes: multinode consistently crashes with an NCCL error during the first "
        "loss computation (DistBackendError ... NCCLUtils.hpp:317, unhandled cuda error, NCCL version 2.21.5)",
        source="https://github.com/CaraJ7/T2I-R1/issues/17",
        captured=1200,
        failed=("Worker", 196),
    )


# -- 5. Horovod on TensorFlow: ncclAllReduce refuses the data type ----------------------------


@SCENARIOS.add
def nccl_error_mpijob_horovod_ncclallreduce_invalid_data_type() -> CaseSpec:
    at = Clock(datetime(2026, 11, 14, 15, 0, tzinfo=timezone.utc))
    name, ns = "art-classifier-hvd", "vision"
    venv = "/usr/local/lib/python2.7/dist-packages"
    app = "/workspace/art/art/slimext"
    tf_start = [
        "2026-11-14 15:01:12.201877: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1030] Found device 0 with "
        "properties: ",
        "name: Tesla P100-PCIE-16GB major: 6 minor: 0 memoryClockRate(GHz): 1.3285",
        "2026-11-14 15:01:12.202011: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1120] Creating TensorFlow "
        "device (/device:GPU:0) -> (device: 0, name: Tesla P100-PCIE-16GB, pci bus id: 0000:04:00.0, compute "
        "capability: 6.0)",
        "INFO:tensorflow:Running local_init_op.",
        "INFO:tensorflow:Done running local_init_op.",
        "INFO:tensorflow:Starting Session.",
        "INFO:tensorflow:Starting Queues.",
    ]
    tb = [
        "Traceback (most recent call last):",
        '  File "train_image_classifier_joint_horovod.py", line 778, in <module>',
        "    tf.app.run()",
        f'  File "{venv}/tensorflow/python/platform/app.py", line 48, in run',
        "    _sys.exit(main(_sys.argv[:1] + flags_passthrough))",
        '  File "train_image_classifier_joint_horovod.py", line 774, in main',
        "    session_config=session_config)",
        f'  File "{app}/learning_horovod.py", line 194, in train',
        "    sess, train_op, global_step, train_step_kwargs)",
        f'  File "{app}/learning.py", line 79, in train_step',
        "    run_metadata=run_metadata)",
        f'  File "{venv}/tensorflow/python/training/monitored_session.py", line 521, in run',
        "    run_metadata=run_metadata)",
        f'  File "{venv}/tensorflow/python/training/monitored_session.py", line 892, in run',
        "    run_metadata=run_metadata)",
        f'  File "{venv}/tensorflow/python/client/session.py", line 1336, in _do_call',
        "    raise type(e)(node_def, op, message)",
        "tensorflow.python.framework.errors_impl.UnknownError: ncclAllReduce failed: invalid data type",
        "\t [[Node: DistributedMomentumOptimizer_Allreduce/HorovodAllreduce_gradients_AddN_2_0 = "
        'HorovodAllreduce[T=DT_FLOAT, _device="/job:localhost/replica:0/task:0/device:GPU:0"](gradients/AddN_2)]]',
        "",
        "Caused by op u'DistributedMomentumOptimizer_Allreduce/HorovodAllreduce_gradients_AddN_2_0', defined at:",
        f'  File "{venv}/horovod/tensorflow/mpi_ops.py", line 78, in _allreduce',
        "    return MPI_LIB.horovod_allreduce(tensor, name=name)",
        '  File "<string>", line 37, in horovod_allreduce',
        f'  File "{venv}/tensorflow/python/framework/op_def_library.py", line 328, in apply_op',
        "    op_type_name, name, **keywords)",
        f'  File "{venv}/tensorflow/python/framework/op_def_library.py", line 787, in _apply_op_helper',
        "    op_def=op_def)",
        f'  File "{venv}/tensorflow/python/framework/ops.py", line 2956, in create_op',
        "    op_def=op_def)",
        f'  File "{venv}/tensorflow/python/framework/ops.py", line 1470, in __init__',
        "    self._traceback = self._graph._extract_stack()  # pylint: disable=protected-access",
        "",
        "UnknownError (see above for traceback): ncclAllReduce failed: invalid data type",
        "         [[Node: DistributedMomentumOptimizer_Allreduce/HorovodAllreduce_gradients_AddN_2_0 = "
        'HorovodAllreduce[T=DT_FLOAT, _device="/job:localhost/replica:0/task:0/device:GPU:0"](gradients/AddN_2)]]',
        "         [[Node: train_op/_747 = _Recv[client_terminated=false, "
        'recv_device="/job:localhost/replica:0/task:0/device:CPU:0", '
        'send_device="/job:localhost/replica:0/task:0/device:GPU:0", send_device_incarnation=1, '
        'tensor_name="edge_1926_train_op", tensor_type=DT_FLOAT, '
        '_device="/job:localhost/replica:0/task:0/device:CPU:0"]()]]',
    ]
    lines = [*tf_start, *tb, *_mpirun_exit(30431, 0)]
    gaps = [0.0, 0.0, 3.1, 0.4, 0.2, 0.1, 6.5] + [0.0] * (len(tb) - 1) + [1.1] + [0.0] * 12
    return _launcher_case(
        id="nccl-error-mpijob-horovod-ncclallreduce-invalid-data-type",
        at=at,
        name=name,
        ns=ns,
        image="registry.corp.example/vision/tf-horovod:tf1.4-hvd0.10-py27",
        launcher_cmd=[
            "mpirun",
            "--allow-run-as-root",
            "-np",
            "2",
            "-x",
            "PATH",
            "-x",
            "LD_LIBRARY_PATH",
            "-x",
            "CUDA_VISIBLE_DEVICES",
            "python",
            "train_image_classifier_joint_horovod.py",
        ],
        workers=1,
        slots=2,
        ran=(58, 100),
        log=stamped(lines, at(72), gaps),
        worker_resources=gpu(2, "120Gi", "24"),
        category="nccl-error",
        evidence="ncclAllReduce failed: invalid data type",
        description="A TensorFlow 1.x image classifier trained with Horovod on two GPUs of one worker, launched "
        "by mpirun from an MPIJob. At the first training step Horovod's NCCL allreduce of a float32 gradient fails "
        "('UnknownError ... ncclAllReduce failed: invalid data type'), and mpirun aborts the job. Horovod's NCCL "
        "collective fails, typically because the NCCL library loaded at run time is not the one Horovod was built "
        "against; Horovod built without NCCL trains.",
        captured=900,
        title="ERROR: ncclAllReduce failed: invalid data type (Horovod on 2 GPUs, mpirun -np 2, first sess.run of "
        "train_op)",
        source="https://github.com/horovod/horovod/issues/91",
    )


# -- 6. torch_xla on a TPU host: a save outlasts the mesh rendezvous --------------------------


@SCENARIOS.add
def rendezvous_error_job_torch_xla_save_failed_to_meet_rendezvous() -> CaseSpec:
    at = Clock(datetime(2026, 3, 29, 13, 0, tzinfo=timezone.utc))
    name, ns = "vit-large-tpu-train", "research"
    ip = "10.8.0.42"

    def x(t: str, ordinal: int, msg: str) -> str:
        return f"2026-03-29 {t} {ip} [{ordinal}] {msg}"

    steps = [
        x(
            f"13:{10 + i * 4:02d}:00",
            0,
            f"| Training Device=xla:1/0 Epoch=2 Step={1200 + i * 200} "
            f"Loss={2.412 - i * 0.021:.5f} Rate=1843.{i}1 GlobalRate=1820.{i}7 Time=13:{10 + i * 4:02d}:00",
        )
        for i in range(8)
    ]
    save = [
        x("13:44:03", 0, "| Epoch 2 done, saving checkpoint to /ckpt/vit-large/epoch2.pt"),
    ]
    err = [
        x(
            "13:52:59",
            1,
            "Exception in device=TPU:1: tensorflow/compiler/xla/xla_client/mesh_service.cc:364 : "
            "Failed to meet rendezvous 'torch_xla.core.xla_model.save': Connection reset by peer (14)",
        ),
        x("13:52:59", 1, "Traceback (most recent call last):"),
        x(
            "13:52:59",
            1,
            '  File "/usr/local/lib/python3.8/dist-packages/torch_xla/distributed/xla_multiprocessing.py", '
            "line 331, in _mp_start_fn",
        ),
        x("13:52:59", 1, "    _start_fn(index, pf_cfg, fn, args)"),
        x("13:52:59", 1, '  File "/workspace/train_vit.py", line 241, in train_loop'),
        x("13:52:59", 1, "    xm.save(model.state_dict(), ckpt_path)"),
        x(
            "13:52:59",
            1,
            '  File "/usr/local/lib/python3.8/dist-packages/torch_xla/core/xla_model.py", line 1034, in save',
        ),
        x("13:52:59", 1, "    rendezvous('torch_xla.core.xla_model.save')"),
        # Pasted verbatim (the date and the host's address neutralised).
        x(
            "13:52:59",
            1,
            "RuntimeError: tensorflow/compiler/xla/xla_client/mesh_service.cc:364 : Failed to meet "
            "rendezvous 'torch_xla.core.xla_model.save': Connection reset by peer (14)",
        ),
        "Traceback (most recent call last):",
        '  File "/usr/local/lib/python3.8/dist-packages/torch_xla/distributed/xla_dist.py", line 647, in <module>',
        "    main()",
        '  File "/usr/local/lib/python3.8/dist-packages/torch_xla/distributed/xla_dist.py", line 641, in main',
        "    client.run(cmd)",
        "RuntimeError: Remote execution failed",
    ]
    lines = [*steps, *save, *err]
    gaps = [240.0] * 7 + [363.0] + [536.0] + [0.0] * (len(err) - 1)
    container = Container(
        "trainer",
        "registry.corp.example/research/torch-xla:r1.13-tpuvm",
        command=[
            "python",
            "-m",
            "torch_xla.distributed.xla_dist",
            "--tpu=$(TPU_NAME)",
            "--",
            "python",
            "/workspace/train_vit.py",
            "--model=vit_large",
            "--save-every-epoch",
        ],
        resources={
            "limits": {"cpu": "96", "memory": "300Gi", "google.com/tpu": "8"},
            "requests": {"cpu": "96", "memory": "300Gi", "google.com/tpu": "8"},
        },
    )
    spec = failed_job_case(
        id="rendezvous-error-job-torch-xla-save-failed-to-meet-rendezvous",
        category="rendezvous-error",
        evidence="Failed to meet rendezvous 'torch_xla.core.xla_model.save'",
        description="A large model trained with torch_xla's multiprocessing on the eight cores of a TPU host. At the "
        "end of an epoch every process calls xm.save, which meets the others at a rendezvous; writing the checkpoint "
        "takes longer than the mesh service waits, the rendezvous connection is reset and the process of ordinal 1 "
        "fails ('Failed to meet rendezvous 'torch_xla.core.xla_model.save': Connection reset by peer (14)'); "
        "xla_dist ends the run. The processes cannot meet in time (save faster, or without the rendezvous).",
        name=name,
        namespace=ns,
        at=at,
        container=container,
        exit_code=1,
        ran=(30, 3200),
        node="gke-tpu-v3-8-pool-7f2c",
        log=stamped(lines, at(600), gaps),
        captured=3600,
    )
    spec.title = (
        "Increasing rendezvous timeout patience? Saving takes >5 minutes: RuntimeError: "
        "tensorflow/compiler/xla/xla_client/mesh_service.cc:364 : Failed to meet rendezvous "
        "'torch_xla.core.xla_model.save': Connection reset by peer (14)"
    )
    spec.source = "https://github.com/pytorch/xla/issues/4831"
    return spec


# -- second batch (queries: gloo connection error / deepspeed multi node ssh / ChildFailedError /
# -- nccl watchdog timeout) ------------------------------------------------------------------


@dataclass
class Run:
    """How a batch Job's one pod ran: its log, exit code, start and end, node and when it was captured."""

    name: str
    namespace: str
    at: Clock
    container: Container
    log: str
    exit_code: int
    ran: tuple[float, float]
    node: str
    captured: float


def _job(run: Run, *, title: str, source: str, **case: Any) -> CaseSpec:
    """``failed_job_case`` with the thread's title and source."""
    spec = failed_job_case(**vars(run), **case)  # the fields of Run are failed_job_case's own arguments
    spec.title, spec.source = title, source
    return spec


_GLOO_NO_ERROR = "Gloo connectFullMesh failed with [../third_party/gloo/gloo/transport/tcp/pair.cc:144] no error"


# -- 7. sglang on two nodes: the TP ranks cannot build Gloo's full mesh -----------------------


@SCENARIOS.add
def nccl_error_job_sglang_two_node_gloo_connectfullmesh_no_error() -> CaseSpec:
    at = Clock(datetime(2026, 1, 30, 18, 10, tzinfo=timezone.utc))
    name, ns = "dsv3-sglang-node0", "inference"
    banner = [
        "",
        "==========",
        "== CUDA ==",
        "==========",
        "",
        "CUDA Version 12.4.1",
        "",
        "Container image Copyright (c) 2016-2023, NVIDIA CORPORATION & AFFILIATES. All rights reserved.",
        "",
        "This container image and its contents are governed by the NVIDIA Deep Learning Container License.",
        "By pulling and using the container, you accept the terms and conditions of this license:",
        "https://developer.nvidia.com/ngc/nvidia-deep-learning-container-license",
        "",
        "A copy of this license is made available in this container at /NGC-DL-CONTAINER-LICENSE for your convenience.",
        "",
    ]
    boot = [
        "[2025-01-30 18:11:14] server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-V3', "
        "tokenizer_path='deepseek-ai/DeepSeek-V3', tokenizer_mode='auto', load_format='auto', "
        "trust_remote_code=True, dtype='auto', kv_cache_dtype='auto', quantization=None, context_length=None, "
        "device='cuda', served_model_name='deepseek-ai/DeepSeek-V3', host='0.0.0.0', port=30000, tp_size=16, "
        "dist_init_addr='10.42.0.17:5000', nnodes=2, node_rank=0)",
    ]
    for tp, sec in ((1, 27), (2, 28), (3, 28), (7, 28), (0, 28), (4, 28), (5, 28), (6, 28)):
        boot += [
            f"[2025-01-30 18:11:{sec} TP{tp}] MLA optimization is turned on. Use triton backend.",
            f"[2025-01-30 18:11:{sec} TP{tp}] Init torch distributed begin.",
        ]
    mesh = [
        f"[rank{r}]:[E130 18:13:29.{518237402 + r * 1711} ProcessGroupGloo.cpp:143] {_GLOO_NO_ERROR}"
        for r in (3, 1, 6, 0, 2, 7, 5, 4)
    ]
    sl = f"{_PY310}/sglang/srt"
    exc = [
        "[2025-01-30 18:13:29 TP3] Scheduler hit an exception: Traceback (most recent call last):",
        f'  File "{sl}/managers/scheduler.py", line 1787, in run_scheduler_process',
        "    scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)",
        f'  File "{sl}/managers/scheduler.py", line 240, in __init__',
        "    self.tp_worker = TpWorkerClass(",
        f'  File "{sl}/managers/tp_worker_overlap_thread.py", line 63, in __init__',
        "    self.worker = TpModelWorker(server_args, gpu_id, tp_rank, dp_rank, nccl_port)",
        f'  File "{sl}/managers/tp_worker.py", line 68, in __init__',
        "    self.model_runner = ModelRunner(",
        f'  File "{sl}/model_executor/model_runner.py", line 187, in __init__',
        "    min_per_gpu_memory = self.init_torch_distributed()",
        f'  File "{sl}/model_executor/model_runner.py", line 265, in init_torch_distributed',
        "    initialize_model_parallel(tensor_model_parallel_size=self.tp_size)",
        f'  File "{_PY310}/vllm/distributed/parallel_state.py", line 1064, in initialize_model_parallel',
        "    _TP = init_model_parallel_group(group_ranks,",
        f'  File "{_PY310}/vllm/distributed/parallel_state.py", line 157, in __init__',
        '    cpu_group = torch.distributed.new_group(ranks, backend="gloo")',
        f'  File "{_PY310}/torch/distributed/distributed_c10d.py", line 4125, in new_group',
        "    return _new_group_with_tag(",
        f'  File "{_PY310}/torch/distributed/distributed_c10d.py", line 4205, in _new_group_with_tag',
        "    pg, pg_store = _new_process_group_helper(",
        f'  File "{_PY310}/torch/distributed/distributed_c10d.py", line 1569, in _new_process_group_helper',
        "    backend_class = ProcessGroupGloo(",
        f"RuntimeError: {_GLOO_NO_ERROR}",
        "",
        "[2025-01-30 18:13:29] Received sigquit from a child process. It usually means the child failed.",
    ]
    lines = [*banner, *boot, *mesh, *exc]
    gaps = [0.0] * (len(banner) - 1) + [41.0, 13.0] + [0.1] * (len(boot) - 2) + [120.0] + [0.0] * (len(mesh) + 30)
    container = Container(
        "sglang",
        "lmsysorg/sglang:v0.4.2-cu124",
        command=[
            "python3",
            "-m",
            "sglang.launch_server",
            "--model-path",
            "deepseek-ai/DeepSeek-V3",
            "--tp",
            "16",
            "--dist-init-addr",
            "10.42.0.17:5000",
            "--nnodes",
            "2",
            "--node-rank",
            "0",
            "--trust-remote-code",
            "--host",
            "0.0.0.0",
            "--port",
            "30000",
        ],
        resources=gpu(8, "1600Gi", "96"),
    )
    return _job(
        Run(name, ns, at, container, stamped(lines, at(33), gaps), 137, (30, 211), "h200-node-01", 600),
        id="nccl-error-job-sglang-two-node-gloo-connectfullmesh-no-error",
        category="nccl-error",
        evidence="Gloo connectFullMesh failed",
        description="DeepSeek-V3 served by sglang with tensor parallelism 16 over two 8-GPU nodes; this pod is node "
        "rank 0. The ranks meet at the init address, then each builds the Gloo CPU group that tensor parallelism "
        "uses: the full mesh of TCP pairs between the two nodes never connects ('Gloo connectFullMesh failed ... "
        "no error'), every scheduler process raises it and sglang tears the server down. Gloo picks the address "
        "of the hostname's interface unless GLOO_SOCKET_IFNAME says which one the nodes reach each other on.",
        title=(
            "[Bug] multinode fails with RuntimeError: Gloo connectFullMesh failed with "
            "[../third_party/gloo/gloo/transport/tcp/pair.cc:144] no error"
        ),
        source="https://github.com/sgl-project/sglang/issues/3226",
    )


# -- 8. vLLM over a two-node Ray cluster: the workers' Gloo groups cannot connect -------------


@SCENARIOS.add
def nccl_error_job_vllm_ray_two_node_gloo_connectfullmesh() -> CaseSpec:
    at = Clock(datetime(2026, 7, 25, 4, 50, tzinfo=timezone.utc))
    name, ns = "llama31-405b-serve", "serving"
    head_ip, worker_ip = "10.8.201.210", "10.8.201.208"
    ray_start = [
        "2024-07-25 04:52:12,672\tINFO usage_lib.py:467 -- Usage stats collection is enabled by default without "
        "user confirmation because this terminal is detected to be non-interactive. To disable this, add "
        "`--disable-usage-stats` to the command that starts the cluster, or run the following command: `ray "
        "disable-usage-stats` before starting the cluster. See https://docs.ray.io/en/master/cluster/usage-stats.html "
        "for more details.",
        f"2024-07-25 04:52:12,672\tINFO scripts.py:767 -- Local node IP: {head_ip}",
        "2024-07-25 04:52:14,435\tSUCC scripts.py:804 -- --------------------",
        "2024-07-25 04:52:14,435\tSUCC scripts.py:805 -- Ray runtime started.",
        "2024-07-25 04:52:14,435\tSUCC scripts.py:806 -- --------------------",
    ]
    serve = [
        "INFO 07-25 06:50:41 api_server.py:219] vLLM API server version 0.5.3.post1",
        "INFO 07-25 06:50:41 api_server.py:220] args: Namespace(host=None, port=8000, "
        "model='meta-llama/Meta-Llama-3.1-405B-Instruct', tensor_parallel_size=16, "
        "distributed_executor_backend='ray', max_model_len=8192)",
        f"INFO 07-25 06:50:44 ray_utils.py:96] Connecting to existing Ray cluster at address: {head_ip}:6379...",
        "INFO 07-25 06:50:46 llm_engine.py:176] Initializing an LLM engine (v0.5.3.post1) with config: "
        "model='meta-llama/Meta-Llama-3.1-405B-Instruct', tensor_parallel_size=16, pipeline_parallel_size=1, "
        "disable_custom_all_reduce=False, quantization=fp8, enforce_eager=False, kv_cache_dtype=auto, seed=0)",
        "INFO 07-25 06:51:09 utils.py:784] Found nccl from library libnccl.so.2",
        "INFO 07-25 06:51:09 pynccl.py:63] vLLM is using nccl==2.20.5",
    ]
    frames = [
        ('  File "/usr/local/lib/python3.10/dist-packages/vllm/distributed/parallel_state.py", line 149, in __init__'),
        '    cpu_group = torch.distributed.new_group(ranks, backend="gloo")',
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py", line 89, in wrapper',
        "    func_return = func(*args, **kwargs)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 3868, in '
        "new_group",
        "    return _new_group_with_tag(ranks, timeout, backend, pg_options, None, "
        "use_local_synchronization=use_local_synchronization)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 3939, in '
        "_new_group_with_tag",
        "    pg, pg_store = _new_process_group_helper(",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 1509, in '
        "_new_process_group_helper",
        "    backend_class = ProcessGroupGloo(backend_prefix_store, group_rank, group_size, timeout=timeout)",
        f"RuntimeError: {_GLOO_NO_ERROR}",
    ]
    remote = f"(RayWorkerWrapper pid=1355, ip={worker_ip}) ERROR 07-25 06:51:17 worker_base.py:382]"
    workers = [
        f"{remote} Error executing method init_device. This might cause deadlock in distributed execution.",
        f"{remote} Traceback (most recent call last):",
        *(f"{remote} {f} [repeated 12x across cluster]" for f in frames),
        f"(RayWorkerWrapper pid=22770) [rank7]:[E ProcessGroupGloo.cpp:144] {_GLOO_NO_ERROR} "
        "[repeated 12x across cluster]",
    ]
    driver = [
        "ERROR 07-25 07:05:40 worker_base.py:382] Error executing method init_device. This might cause deadlock "
        "in distributed execution.",
        "ERROR 07-25 07:05:40 worker_base.py:382] Traceback (most recent call last):",
        *(f"ERROR 07-25 07:05:40 worker_base.py:382] {f}" for f in frames),
        "Traceback (most recent call last):",
        '  File "/usr/lib/python3.10/runpy.py", line 196, in _run_module_as_main',
        "    return _run_code(code, main_globals, None,",
        '  File "/usr/local/lib/python3.10/dist-packages/vllm/executor/ray_gpu_executor.py", line 226, in '
        "_init_workers_ray",
        '    self._run_workers("init_device")',
        *frames[2:],
        "Exception ignored in: <function RayGPUExecutor.__del__ at 0x7f3a2c1d5ea0>",
    ]
    lines = [*ray_start, *serve, *workers, *driver]
    gaps = [0.0, 1.8, 0.0, 0.0, 7107.0, 0.0, 3.0, 2.0, 23.0, 0.0, 8.0] + [0.0] * (len(workers) - 1) + [863.0]
    gaps += [0.0] * len(driver)
    container = Container(
        "vllm",
        "vllm/vllm-openai:v0.5.3.post1",
        command=[
            "bash",
            "-c",
            "ray start --head --port=6379 --node-ip-address=$(POD_IP) && vllm serve "
            "meta-llama/Meta-Llama-3.1-405B-Instruct --tensor-parallel-size 16 --distributed-executor-backend ray",
        ],
        resources=gpu(8, "1500Gi", "96"),
    )
    return _job(
        Run(name, ns, at, container, stamped(lines, at(132), gaps), 1, (20, 8142), "h100-node-a", 8400),
        id="nccl-error-job-vllm-ray-two-node-gloo-connectfullmesh",
        category="nccl-error",
        evidence="Gloo connectFullMesh failed",
        description="Llama 3.1 405B served by vLLM with tensor parallelism 16 over a two-node Ray cluster (this pod "
        "is the Ray head and runs vllm serve). Ray schedules the workers on both nodes, but when vLLM builds the "
        "Gloo CPU group of the tensor-parallel ranks the TCP pairs between the nodes never connect ('Gloo "
        "connectFullMesh failed ... no error') on the remote workers and the driver alike; init_device fails and "
        "the server exits. Gloo uses the interface of the hostname's address unless GLOO_SOCKET_IFNAME names the "
        "one the nodes reach each other on.",
        title="[Bug]: Reproducing Llama 3.1 distributed inference from the blog",
        source="https://github.com/vllm-project/vllm/issues/6775",
    )


# -- 9. DeepSpeed's launcher in a container: the hostfile names a host ssh cannot resolve -----


@SCENARIOS.add
def rendezvous_error_job_deepspeed_hostfile_node0_unresolved() -> CaseSpec:
    at = Clock(datetime(2026, 9, 1, 9, 0, tzinfo=timezone.utc))
    name, ns = "cpm2-finetune-wmt", "nlp"
    ds_cmd = (
        "deepspeed --num_nodes 1 --num_gpus 1 --hostfile /mnt/configs/host_files/hostfile-cpm2 /mnt/finetune_cpm2.py "
        "--model-config /mnt/configs/model/cpm2_config.json --model-parallel-size 4 --batch-size 16 "
        "--gradient-accumulation-steps 2 --train-iters -1 --save /mnt/results/cpm2_finetune_wmtcn_lr0.000005const_G2/ "
        "--log-file /mnt/results/cpm2_finetune_wmtcn_lr0.000005const_G2//log.txt --load "
        "/root/thu-plm/checkpoints/cpm2-encn --data-path /root/thu-plm/data/wmt20-encn --data-ext .json --data-name "
        "wmtencn --distributed-backend nccl --lr 0.000005 --no-load-optim --lr-decay-style constant --weight-decay "
        "1e-2 --clip-grad 1.0 --warmup 0.0 --tokenizer-path /mnt/bpe_cn_en --save-interval 100000 --eval-interval 1 "
        "--eval-iters 10 --log-interval 10 --checkpoint-activations --deepspeed-activation-checkpointing --fp16 "
        "--deepspeed --deepspeed_config /mnt/configs/deepspeed/ds_full_model.json --do_train --do_valid --epochs 1"
    )
    lines = [
        ds_cmd,
        "ssh: Could not resolve hostname node0: Name or service not known",
        "Traceback (most recent call last):",
        '  File "/opt/conda/bin/deepspeed", line 6, in <module>',
        "    main()",
        '  File "/opt/conda/lib/python3.8/site-packages/deepspeed/launcher/runner.py", line 281, in main',
        "    result = subprocess.check_output(hostname_cmd, shell=True)",
        '  File "/opt/conda/lib/python3.8/subprocess.py", line 411, in check_output',
        "    return run(*popenargs, stdout=PIPE, timeout=timeout, check=True,",
        '  File "/opt/conda/lib/python3.8/subprocess.py", line 512, in run',
        "    raise CalledProcessError(retcode, process.args,",
        "subprocess.CalledProcessError: Command '['ssh node0 hostname -I']' returned non-zero exit status 255.",
    ]
    container = Container(
        "finetune",
        "registry.corp.example/nlp/cpm-2-finetune:ds0.3.16-cu111",
        command=["bash", "/mnt/scripts/finetune_cpm2_wmt_cn.sh"],
        resources=gpu(1, "64Gi", "8"),
    )
    return _job(
        Run(name, ns, at, container, stamped(lines, at(16), [0.4, 0.0]), 1, (15, 19), "gpu-node-07", 300),
        id="rendezvous-error-job-deepspeed-hostfile-node0-unresolved",
        category="rendezvous-error",
        evidence="Could not resolve hostname node0",
        description="CPM-2 fine-tuning started with DeepSpeed's launcher in a one-GPU container, with the hostfile "
        "the project ships (it names a host 'node0'). Before starting anything the launcher asks the first host "
        "of the hostfile for its address over ssh ('ssh node0 hostname -I'); no host of that name resolves in the "
        "pod, ssh exits 255 and the launcher dies with CalledProcessError. The launcher cannot reach the host its "
        "hostfile names: for one node drop --hostfile (or list localhost), otherwise list names that resolve.",
        title="Docker DeepSpeed error: ssh: Could not resolve hostname node0: Name or service not known",
        source="https://github.com/TsinghuaAI/CPM-2-Finetune/issues/42",
    )


def _watchdog_abort(
    stamp: str, rank: int, pg: str, work: str, ms: int, seqs: tuple[int, int, int], env: str
) -> list[str]:
    """What torch (2.5) prints when a rank's NCCL watchdog takes the process down after a collective timed out:
    ``stamp`` the glog prefix after ``E``, ``pg`` the process group's label, ``seqs`` (timed out, last enqueued,
    last completed)."""
    lib = f"{env}/lib/python3.11/site-packages/torch/lib"
    head = f"[rank{rank}]:[E{stamp}"
    what = f"[{pg} Rank {rank}] Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught "
    what += f"collective operation timeout: {work} ran for {ms} milliseconds before timing out."
    return [
        f"{head}539400006 ProcessGroupNCCL.cpp:1709] [{pg} Rank {rank}] Timeout at NCCL work: {seqs[0]}, last enqueued "
        f"NCCL work: {seqs[1]}, last completed NCCL work: {seqs[2]}.",
        f"{head}539423112 ProcessGroupNCCL.cpp:621] [Rank {rank}] Some NCCL operations have failed or timed out. Due "
        "to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        f"{head}539431870 ProcessGroupNCCL.cpp:627] [Rank {rank}] To avoid data inconsistency, we are taking the "
        "entire process down.",
        f"{head}540912614 ProcessGroupNCCL.cpp:1515] {what}",
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:609 (most recent "
        "call first):",
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f7958777f86 in {lib}/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, "
        f"std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f790a75f8d2 in {lib}/libtorch_cuda.so)",
        f"frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f790a766313 in {lib}/libtorch_cuda.so)",
        f"frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x7f790a7686fc in {lib}/libtorch_cuda.so)",
        f"frame #4: <unknown function> + 0xdbbf4 (0x7f7957ec7bf4 in {env}/bin/../lib/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x94ac3 (0x7f79595d5ac3 in /usr/lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: clone + 0x44 (0x7f7959666a04 in /usr/lib/x86_64-linux-gnu/libc.so.6)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  {what}",
    ]


def _torchrun_abort(at: datetime, env: str, *, rank: int, pid: int, host: str) -> list[str]:
    """torchrun's summary of a rank that the watchdog aborted (SIGABRT), in a conda env."""
    tail = torchrun_failed(
        at,
        rank=rank,
        local_rank=rank,
        exitcode=-6,
        pid=pid,
        host=host,
        agent_pid=212,
        script="llamafactory/launcher.py",
    )
    return [
        ln.replace("/usr/bin/python", f"{env}/bin/python")
        .replace("/usr/local/bin/torchrun", f"{env}/bin/torchrun")
        .replace("/usr/local/lib/python3.10/dist-packages", f"{env}/lib/python3.11/site-packages")
        for ln in tail
    ]


def _llamafactory(tag: str, config: str) -> Container:
    """LlamaFactory's trainer on one pod of eight GPUs."""
    return Container(
        "llamafactory",
        f"registry.corp.example/llm/llamafactory:{tag}",
        command=["llamafactory-cli", "train", f"/config/{config}"],
        resources=gpu(8, "900Gi", "64"),
    )


def _blocks(*blocks: tuple[list[str], datetime, float | list[float]]) -> str:
    """A log written in blocks, each stamped from its own start time."""
    return "".join(stamped(lines, start, gaps) for lines, start, gaps in blocks)


# -- 10. LlamaFactory on eight GPUs: every rank's watchdog times out in the same all-reduce -----


@SCENARIOS.add
def nccl_error_job_llamafactory_all_ranks_watchdog_allreduce_timeout() -> CaseSpec:
    at = Clock(datetime(2026, 3, 20, 23, 58, tzinfo=timezone.utc))
    name, ns = "qwen-sft-llamafactory", "llm-finetune"
    host = f"{name}-x7k2p"
    env = "/opt/conda/envs/Llama_factory"
    work = "WorkNCCL(SeqNum=1580, OpType=ALLREDUCE, NumelIn=466119168, NumelOut=466119168, Timeout(ms)=600000)"
    start = [
        "[INFO|2026-03-20 23:58:41] llamafactory.cli:157 >> Initializing 8 distributed tasks at: 127.0.0.1:29500",
        *torchrun_start(at(42), pid=212),
        "[INFO|2026-03-20 23:59:12] llamafactory.hparams.parser:384 >> Process rank: 0, world size: 8, device: "
        "cuda:0, distributed training: True, compute dtype: torch.bfloat16",
        "[INFO|trainer.py:2405] 2026-03-21 00:01:37,446 >> ***** Running training *****",
        "[INFO|trainer.py:2406] 2026-03-21 00:01:37,446 >>   Num examples = 48,312",
        "[INFO|trainer.py:2407] 2026-03-21 00:01:37,446 >>   Num Epochs = 3",
        "[INFO|trainer.py:2411] 2026-03-21 00:01:37,446 >>   Total train batch size (w. parallel, distributed & "
        "accumulation) = 64",
        "{'loss': 1.2148, 'grad_norm': 0.8912462592124939, 'learning_rate': 9.99e-06, 'epoch': 0.09}",
        " 11%|█         | 79/726 [1:55:20<15:28:09, 86.07s/it]",
    ]
    timeouts = [
        f"[rank0]:[E321 02:07:08.408271257 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective operation "
        f"timeout: {work} ran for 600060 milliseconds before timing out.",
        f"[rank4]:[E321 02:07:08.414640780 ProcessGroupNCCL.cpp:607] [Rank 4] Watchdog caught collective operation "
        f"timeout: {work} ran for 600067 milliseconds before timing out.",
        "[rank0]:[E321 02:07:08.465150152 ProcessGroupNCCL.cpp:1664] [PG 1 Rank 0] Exception (either an error or "
        "timeout) detected by watchdog at work: 1580, last enqueued NCCL work: 1582, last completed NCCL work: 1579.",
        "[rank3]:[E321 02:07:08.465224069 ProcessGroupNCCL.cpp:1664] [PG 1 Rank 3] Exception (either an error or "
        "timeout) detected by watchdog at work: 1580, last enqueued NCCL work: 1582, last completed NCCL work: 1579.",
        f"[rank2]:[E321 02:07:08.432379535 ProcessGroupNCCL.cpp:607] [Rank 2] Watchdog caught collective operation "
        f"timeout: {work} ran for 600061 milliseconds before timing out.",
    ]
    abort = _watchdog_abort("321 02:07:12.", 4, "PG 1", work, 600067, (1580, 1582, 1579), env)
    tail = _torchrun_abort(at(8090), env, rank=4, pid=309, host=host)
    # Each block stamped at its own time: the training start, the watchdogs (02:07:08), the abort, torchrun.
    log = _blocks(
        (start, at(41), [1.0] * 6 + [25.0, 145.0, 0.0, 0.0, 0.0, 1.0]),
        (timeouts, at(7748), 0.0),
        (abort, at(7752), 0.0),
        (tail, at(8090), 0.0),
    )
    container = _llamafactory("0.9.2-cu124", "qwen2_5_7b_full_sft.yaml")
    return _job(
        Run(name, ns, at, container, log, 1, (40, 8092), "a800-node-04", 8400),
        id="nccl-error-job-llamafactory-all-ranks-watchdog-allreduce-timeout",
        category="nccl-error",
        evidence="Watchdog caught collective operation timeout",
        description="Full-parameter SFT with LlamaFactory on one pod of eight GPUs (torchrun, world size 8). Almost "
        "two hours in, the ranks' all-reduce number 1580 never completes: every rank's NCCL watchdog reports the "
        "same collective timing out after 600 s (two more were already enqueued), no rank raised anything first, "
        "and the watchdog aborts the processes (SIGABRT), so torchrun reports the job failed. The collective hung "
        "between the ranks (a rank that stopped calling it or the GPUs' interconnect); the abort is its result.",
        title=(
            "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1580, OpType=ALLREDUCE, NumelIn=466119168, "
            "NumelOut=466119168, Timeout(ms)=600000) ran for 600004 milliseconds before timing out."
        ),
        source="https://github.com/hiyouga/LlamaFactory/issues/7396",
    )


# -- 11. LlamaFactory with ZeRO-3: every rank's reduce-scatter times out -----------------------


@SCENARIOS.add
def nccl_error_job_llamafactory_zero3_reduce_scatter_watchdog_timeout() -> CaseSpec:
    at = Clock(datetime(2026, 12, 6, 14, 0, tzinfo=timezone.utc))
    name, ns = "glm4-sft-zero3", "llm-finetune"
    env = "/opt/conda/envs/llamafactory"
    work = (
        "WorkNCCL(SeqNum=7753, OpType=_REDUCE_SCATTER_BASE, NumelIn=544997376, NumelOut=68124672, Timeout(ms)=600000)"
    )
    start = [
        "[INFO|2026-12-06 14:00:32] llamafactory.cli:157 >> Initializing 8 distributed tasks at: 127.0.0.1:29500",
        *torchrun_start(at(33), pid=212),
        "[INFO|2026-12-06 14:01:05] llamafactory.hparams.parser:384 >> Process rank: 0, world size: 8, device: "
        "cuda:0, distributed training: True, compute dtype: torch.bfloat16",
        "[2026-12-06 14:03:11,207] [INFO] [config.py:1003:print] DeepSpeedEngine configuration:",
        "[2026-12-06 14:03:11,208] [INFO] [config.py:1007:print]   zero_optimization_stage ...... 3",
        "[INFO|trainer.py:2369] 2026-12-06 14:03:14,530 >> ***** Running training *****",
        "{'loss': 1.8071, 'grad_norm': 2.316612720489502, 'learning_rate': 4.9e-05, 'epoch': 0.62}",
        " 21%|██        | 310/1470 [4:30:52<16:51:13, 52.30s/it]",
    ]
    timeouts = []
    for r, ms, seen, detected in (
        (0, 600061, "18:44:12.715298746", "18:44:12.715588844"),
        (4, 600099, "18:44:12.755262105", "18:44:12.755468433"),
        (3, 600089, "18:44:13.275158817", "18:44:13.275514180"),
    ):
        timeouts += [
            f"[rank{r}]:[E1206 {seen} ProcessGroupNCCL.cpp:607] [Rank {r}] Watchdog caught collective "
            f"operation timeout: {work} ran for {ms} milliseconds before timing out.",
            f"[rank{r}]:[E1206 {detected} ProcessGroupNCCL.cpp:1664] [PG 1 Rank {r}] Exception (either an error or "
            "timeout) detected by watchdog at work: 7753, last enqueued NCCL work: 7755, last completed NCCL work: 7752.",
        ]
    abort = _watchdog_abort("1206 18:44:16.", 0, "PG 1", work, 600061, (7753, 7755, 7752), env)
    tail = _torchrun_abort(at(17708), env, rank=0, pid=305, host=f"{name}-4wqzd")
    log = _blocks(
        (start, at(32), [1.0] * 4 + [32.0, 126.0, 0.0, 3.0, 1.0]),
        (timeouts, at(17052), 0.0),
        (abort, at(17056), 0.0),
        (tail, at(17708), 0.0),
    )
    container = _llamafactory("0.9.1-cu124", "glm4_9b_full_sft_ds3.yaml")
    return _job(
        Run(name, ns, at, container, log, 1, (30, 17710), "h800-node-12", 18000),
        id="nccl-error-job-llamafactory-zero3-reduce-scatter-watchdog-timeout",
        category="nccl-error",
        evidence="Watchdog caught collective operation timeout",
        description="Full fine-tuning with LlamaFactory and DeepSpeed ZeRO-3 on one pod of eight GPUs. Four and a "
        "half hours in, the ranks' reduce-scatter number 7753 never completes: the NCCL watchdogs of the ranks "
        "report the same collective timing out after 600 s, none raised anything before, and the watchdog takes "
        "the processes down (SIGABRT); torchrun reports the failure. The collective hung between the ranks; the "
        "abort follows from it.",
        title="WorkNCCL",
        source="https://github.com/hiyouga/LlamaFactory/issues/6269",
    )
