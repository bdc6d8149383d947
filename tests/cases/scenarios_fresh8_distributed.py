"""Fresh round 8: real public threads about multi-node training: torchrun/elastic agents, NCCL and Gloo collectives, DeepSpeed and Megatron launchers, MPI.

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
    PodPlan,
    Scenarios,
    cpu_only,
    gpu,
    running,
    stamped,
    terminated,
)
from tests.cases.logtext import torchrun_start
from tests.cases.scenarios_fresh4_distributed import _jax_indexed_job
from tests.cases.scenarios_real_training import _kubeflow_case

SCENARIOS = Scenarios()


_TORCH = "/usr/local/lib/python3.10/dist-packages/torch/distributed"


def _stuck_watchdog(rank: int, stamp: str) -> list[str]:
    """What PyTorch 2.6's heartbeat monitor prints for one rank whose watchdog stopped moving."""
    pg = f"[PG ID 0 PG GUID 0(default_pg) Rank {rank}]"
    return [
        f"[rank{rank}]:[E{stamp} ProcessGroupNCCL.cpp:1746] {pg} ProcessGroupNCCL's watchdog got stuck for 480 "
        "seconds without making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA "
        "API (e.g., CudaEventDestroy) hang blocking the watchdog, and could be triggered by another thread holding "
        "the GIL inside a CUDA api (for example, CudaEventDestroy), or other deadlock-prone behaviors.If you suspect "
        "the watchdog is not actually stuck and a longer timeout would help, you can either increase the timeout "
        "(TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the heartbeat monitor "
        "(TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an issue to PyTorch "
        "about the short timeout or false positive abort; otherwise, please attempt to debug the hang. ",
        f"[rank{rank}]:[E{stamp} ProcessGroupNCCL.cpp:1536] {pg} ProcessGroupNCCL preparing to dump debug info. "
        "Include stack trace: 1",
    ]


def _llamafactory_head(first_rank: int) -> list[str]:
    return [
        f"[INFO|2026-07-04 13:21:{10 + first_rank:02d}] llamafactory.hparams.parser:406 >> Process rank: "
        f"{first_rank}, world size: 8, device: cuda:0, distributed training: True, compute dtype: torch.bfloat16",
        "[INFO|2026-07-04 13:21:40] llamafactory.data.loader:143 >> Loading dataset sft_mix_streaming.jsonl...",
        "[INFO|2026-07-04 13:22:31] llamafactory.model.model_utils.checkpointing:143 >> Gradient checkpointing "
        "enabled.",
        "[INFO|2026-07-04 13:22:31] llamafactory.model.adapter:143 >> Fine-tuning method: Full",
        "[INFO|trainer.py:2414] 2026-07-04 13:22:58,004 >> ***** Running training *****",
        "[INFO|trainer.py:2416] 2026-07-04 13:22:58,004 >>   Num examples = 1,024,000",
        "[INFO|trainer.py:2418] 2026-07-04 13:22:58,004 >>   Instantaneous batch size per device = 4",
        "[INFO|trainer.py:2424] 2026-07-04 13:22:58,004 >>   Total optimization steps = 4,000",
    ]


@SCENARIOS.add
def stalled_pytorchjob_streaming_sft_watchdog_stuck_every_rank() -> CaseSpec:
    at = Clock(datetime(2026, 7, 4, 13, 20, tzinfo=timezone.utc))
    name, ns = "qwen-sft-streaming", "llm-sft"
    steps = [
        f"{{'loss': {1.412 - i * 0.021:.4f}, 'grad_norm': {1.83 - i * 0.05:.4f}, 'learning_rate': "
        f"{9.95e-06 - i * 2e-8:.4e}, 'epoch': {0.01 + i * 0.0025:.4f}}}"
        for i in range(5)
    ]
    bar = [f" {i}%|▏         | {(i + 1) * 40}/4000 [{6 + i * 4:02d}:1{i}<5:51:02, 5.31s/it]" for i in range(5)]
    progress = [line for pair in zip(steps, bar, strict=True) for line in pair]
    plans = []
    for role, base in (("master", 0), ("worker", 4)):
        stuck = [line for r in range(base, base + 4) for line in _stuck_watchdog(r, "704 13:48:58.2605")]
        lines = [*torchrun_start(at(31), 142), *_llamafactory_head(base), *progress, *stuck]
        gaps = [0.0] * 3 + [10.0, 30.0, 50.0, 0.0, 27.0, 0.0, 0.0, 0.0] + [106.0] * 10 + [1080.0] + [0.01] * 8
        plans.append(PodPlan(role, 0, running(at(30)), log=stamped(lines, at(31), gaps)))
    return _kubeflow_case(
        id="stalled-pytorchjob-streaming-sft-watchdog-stuck-every-rank",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/llm/llamafactory:0.9.3-torch2.6-cu124",
        command=["llamafactory-cli", "train", "/config/qwen2_5_7b_full_sft_streaming.yaml"],
        resources=gpu(4, "480Gi", "48"),
        plans=plans,
        category="stalled",
        culprit=f"{name}-master-0",
        evidence="watchdog got stuck for 480 seconds",
        description="Full SFT with a streaming dataset on two nodes of four GPUs. After step 200 no rank logs "
        "anything; eighteen minutes later the heartbeat monitor of every rank on both nodes reports that "
        "ProcessGroupNCCL's watchdog got stuck for 480 seconds and prepares to dump debug info. Both pods are "
        "still Running: the job is hung in a collective, no rank failed first, and it has not been killed yet.",
        title="使用 streaming 模式的时候训练卡住 (training hangs in streaming mode): every rank prints "
        '"ProcessGroupNCCL\'s watchdog got stuck for 480 seconds without making progress"',
        source="https://github.com/hiyouga/LlamaFactory/issues/8549",
        captured=31 + 30 + 1200 + 1080 + 200,
    )


def _launch_configs(t: str, pid: int, endpoint: str) -> list[str]:
    head = f"I0517 {t} {pid} torch/distributed/launcher/api.py:188]"
    return [
        f"{head} Starting elastic_operator with launch configs:",
        f"{head}   entrypoint       : /workspace/train_ddp.py",
        f"{head}   min_nodes        : 2",
        f"{head}   max_nodes        : 2",
        f"{head}   nproc_per_node   : 8",
        f"{head}   run_id           : vit-ddp",
        f"{head}   rdzv_backend     : c10d",
        f"{head}   rdzv_endpoint    : {endpoint}",
        f"{head}   rdzv_configs     : {{'timeout': 900}}",
        f"{head}   max_restarts     : 0",
        f"{head}   monitor_interval : 5",
        f"{head}   log_dir          : None",
        f"{head}   metrics_cfg      : {{}}",
        f"{head} ",
    ]


@SCENARIOS.add
def rendezvous_error_pytorchjob_c10d_rdzv_port_29400_in_use() -> CaseSpec:
    at = Clock(datetime(2026, 5, 17, 8, 0, tzinfo=timezone.utc))
    name, ns = "vit-ddp", "vision"
    endpoint = f"{name}-master-0:29400"
    agent = f"{_TORCH}/elastic/agent/server/api.py"
    c10d = f"{_TORCH}/elastic/rendezvous/c10d_rendezvous_backend.py"
    master_err = [
        "[W socket.cpp:436] [c10d] The server socket has failed to bind to [::]:29400 (errno: 98 - Address already "
        "in use).",
        "[W socket.cpp:436] [c10d] The server socket has failed to bind to 0.0.0.0:29400 (errno: 98 - Address "
        "already in use).",
        "[E socket.cpp:472] [c10d] The server socket has failed to listen on any local network address.",
        "Traceback (most recent call last):",
        f'  File "{c10d}", line 155, in _create_tcp_store',
        "    store = TCPStore(",
        "RuntimeError: The server socket has failed to listen on any local network address. The server socket has "
        "failed to bind to [::]:29400 (errno: 98 - Address already in use). The server socket has failed to bind to "
        "0.0.0.0:29400 (errno: 98 - Address already in use).",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        f'  File "{_TORCH}/run.py", line 806, in main',
        "    run(args)",
        f'  File "{_TORCH}/launcher/api.py", line 241, in launch_agent',
        "    rdzv_handler=rdzv_registry.get_rendezvous_handler(rdzv_parameters),",
        f'  File "{_TORCH}/elastic/rendezvous/registry.py", line 36, in _create_c10d_handler',
        "    backend, store = create_backend(params)",
        f'  File "{c10d}", line 253, in create_backend',
        "    store = _create_tcp_store(params)",
        f'  File "{c10d}", line 175, in _create_tcp_store',
        "    raise RendezvousConnectionError(",
        "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has "
        "failed. See inner exception for details.",
    ]
    worker = [
        *_launch_configs("08:00:33.912000", 57, endpoint),
        f"I0517 08:00:33.915000 57 {agent}:840] [default] starting workers for entrypoint: python",
        f"I0517 08:00:33.915000 57 {agent}:652] [default] Rendezvous'ing worker group",
    ]
    plans = [
        PodPlan(
            "master",
            0,
            terminated(1, at(31), at(36)),
            log=stamped([*_launch_configs("08:00:32.118000", 61, endpoint), *master_err], at(32), 0.01),
        ),
        PodPlan("worker", 0, running(at(33)), log=stamped(worker, at(34), 0.01)),
    ]
    return _kubeflow_case(
        id="rendezvous-error-pytorchjob-c10d-rdzv-port-29400-in-use",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/vision/vit-train:torch2.1.0-cu121",
        command=[
            "torchrun",
            "--nnodes=2",
            "--nproc_per_node=8",
            "--rdzv_backend=c10d",
            f"--rdzv_endpoint={endpoint}",
            "--rdzv_id=vit-ddp",
            "/workspace/train_ddp.py",
        ],
        resources=gpu(8, "900Gi", "96"),
        plans=plans,
        category="rendezvous-error",
        culprit=f"{name}-master-0",
        evidence="Address already in use",
        description="Two-node torchrun with the c10d rendezvous backend hosted on the master at port 29400. "
        "Another process on the master's network (a leftover torchrun of an earlier run) still holds the port, so "
        "the master's agent cannot start the rendezvous store: errno 98, then RendezvousConnectionError, and the "
        "master exits. The worker keeps waiting in the rendezvous. Free the port or pick another one.",
        title='Potential issue of "errno: 98 - Address already in use" error in DDP (with torchrun): the c10d '
        "server socket cannot bind 29400",
        source="https://github.com/pytorch/pytorch/issues/126510",
        captured=300,
        failed=("Master", 37),
    )


@SCENARIOS.add
def nccl_error_job_jax_nccl_socket_ifname_matches_no_interface() -> CaseSpec:
    at = Clock(datetime(2026, 7, 4, 16, 0, tzinfo=timezone.utc))
    name, ns = "lm-2x8-h100", "lm-train"
    n = 2

    def log(i: int, t0: float, cascade: bool) -> str:
        host = f"a3mega-node-{i:02d}"
        pre = [
            f"I0704 16:00:{40 + i:02d}.118422 1 distributed.py:101] Starting JAX distributed service on "
            f"[::]:8476, advertise_host=10.168.206.{71 + i}",
            "I0704 16:00:44.551203 1 coordination_service_agent.cc:319] Successfully connected to coordination "
            "service.",
            f"INFO:levanter.distributed:Initialized jax.distributed with {n} processes, 16 devices",
            "INFO:levanter.trainer:Building mesh with axes data=2, model=8",
            f"{host}:{311 + i}:{402 + i} [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to =enp90s0np0",
            f"{host}:{311 + i}:{402 + i} [0] misc/socket.cc:428 NCCL WARN Bootstrap : no socket interface found",
            f"{host}:{311 + i}:{402 + i} [0] NCCL INFO init.cc:1872 -> 5",
        ]
        err = [
            "Traceback (most recent call last):",
            '  File "/opt/levanter/src/levanter/main/train_lm.py", line 231, in <module>',
            "    levanter.config.main(main)()",
            '  File "/opt/levanter/src/levanter/main/train_lm.py", line 128, in main',
            "    state = trainer.initial_state(training_key, model_init=lambda: model_init())",
            "jaxlib._jax.XlaRuntimeError: INTERNAL: Failed to create NCCL communicator: INTERNAL: "
            "ncclCommInitRankConfig(&comm, nranks, clique_id, rank, &comm_config) failed: invalid usage (run with "
            "NCCL_DEBUG=WARN for details); current tracing scope: all-reduce-start; current profiling annotation: "
            "XlaModule:#prefix=jit__psum,hlo_module=jit__psum,program_id=7#. Last NCCL warning(error) log entry "
            "(may be unrelated) 'Bootstrap : no socket interface found'.",
        ]
        tail = [
            "E0704 16:03:05.204411 1 coordination_service_agent.cc:711] Coordination agent is set to ERROR: "
            "UNAVAILABLE: Shutdown barrier has failed. Barrier result: 'INTERNAL: Shutdown barrier has been passed "
            "with status: 'DEADLINE_EXCEEDED: Barrier timed out. Id: Shutdown::1. This usually happens because a "
            "task triggered the barrier too early or too slowly.",
        ]
        lines = [*pre, *err, *(tail if cascade else [])]
        return stamped(lines, at(t0), [1.0, 3.0, 0.5, 2.0, 0.1, 0.1] + [0.01] * 6 + [100.0])

    logs_by_index = {i: (log(i, 41 + i * 4, cascade=i == 1), end) for i, end in enumerate((60.0, 170.0))}
    job, pods, logs = _jax_indexed_job(at, name, ns, n, logs_by_index, failed=n)
    env = [{"name": "NCCL_SOCKET_IFNAME", "value": "=enp90s0np0"}, {"name": "NCCL_DEBUG", "value": "WARN"}]
    for spec in (job["spec"]["template"]["spec"], *(p["spec"] for p in pods)):
        spec["containers"][0]["env"] = env
    return CaseSpec(
        id="nccl-error-job-jax-nccl-socket-ifname-matches-no-interface",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="nccl-error",
        culprit=pods[0]["metadata"]["name"],
        evidence="no socket interface found",
        description="A two-host JAX (levanter) training Job whose pods get NCCL_SOCKET_IFNAME='=enp90s0np0' from the "
        "cluster defaults. The exact-match prefix is not honoured by the NCCL in the image, so the filter matches no "
        "interface: at the first cross-host collective NCCL's bootstrap finds no socket interface and the "
        "communicator init fails with invalid usage. Host 0 exits first; host 1 fails the same way and then on the "
        "coordination service's shutdown barrier. Set NCCL_SOCKET_IFNAME to a plain interface name (enp90s0np0).",
        objects=[job, *pods],
        logs=logs,
        captured=at(400),
        title='cw-rno2a NCCL_SOCKET_IFNAME "=enp90s0np0" breaks multi-node NCCL bootstrap: "Failed to create NCCL '
        "communicator ... invalid usage ... 'Bootstrap : no socket interface found'\"",
        source="https://github.com/marin-community/marin/issues/6940",
    )


@SCENARIOS.add
def application_error_pytorchjob_nemo_world_size_not_divisible_by_expert_parallel() -> CaseSpec:
    at = Clock(datetime(2025, 9, 29, 7, 0, tzinfo=timezone.utc))
    name, ns = "gpt-oss-20b-pretrain", "nemo"
    venv = "/opt/venv/lib/python3.12/site-packages"

    def ranks(first: int, t: str) -> list[str]:
        out = []
        for r in range(first, first + 2):
            out += [
                f"[NeMo I 2025-09-29 07:01:{t} nemo_logging:393] Rank {r} has data parallel group : [{r}]",
                f"[NeMo I 2025-09-29 07:01:{t} nemo_logging:393] Initializing torch.distributed with local_rank: "
                f"{r % 2}, rank: {r}, world_size: 4",
            ]
        return out

    def error(node: int) -> list[str]:
        lines = [
            f"{node}: Traceback (most recent call last):",
            f'{node}:   File "{venv}/lightning/pytorch/strategies/launchers/subprocess_script.py", line 105, in launch',
            f"{node}:     return function(*args, **kwargs)",
            f"{node}:            ^^^^^^^^^^^^^^^^^^^^^^^^^",
            f'{node}:   File "{venv}/lightning/pytorch/trainer/trainer.py", line 605, in _fit_impl',
            f"{node}:     self._run(model, ckpt_path=ckpt_path)",
            f'{node}:   File "{venv}/lightning/pytorch/trainer/trainer.py", line 974, in _run',
            f"{node}:     self.strategy.setup_environment()",
            f'{node}:   File "{venv}/lightning/pytorch/strategies/ddp.py", line 154, in setup_environment',
            f"{node}:     self.setup_distributed()",
            f'{node}:   File "/nemo_run/code/nemo/lightning/pytorch/strategies/megatron_strategy.py", line 612, in '
            "setup_distributed",
            f"{node}:     setup_parallel_ranks(self)",
            f'{node}:   File "/nemo_run/code/nemo/lightning/megatron_parallel.py", line 1082, in init_model_parallel',
            f"{node}:     parallel_state.initialize_model_parallel(",
            f'{node}:   File "/opt/megatron-lm/megatron/core/parallel_state.py", line 793, in '
            "initialize_model_parallel",
            f"{node}:     raise RuntimeError(",
            f"{node}: RuntimeError: decoder world_size (4) is not divisible by expert_tensor_model_pipeline_parallel "
            "size (8)",
        ]
        return lines

    def log(node: int, t: str) -> str:
        lines = [
            f"{node}: [NeMo I 2025-09-29 07:01:{t} nemo_logging:393] Experiments will be logged at "
            "/nemo_run/experiments/pretrain_gpt_oss_20b",
            f"{node}: GPU available: True (cuda), used: True",
            *(f"{node}: {line}" for line in ranks(node * 2, t)),
            *error(node),
        ]
        return stamped(lines, at(32 + node * 2), [0.5, 0.1, 0.2, 0.2, 0.2, 0.2] + [0.0] * 20)

    plans = [
        PodPlan("master", 0, terminated(1, at(30), at(40)), log=log(0, "04")),
        PodPlan("worker", 0, terminated(1, at(31), at(45)), log=log(1, "06")),
    ]
    return _kubeflow_case(
        id="application-error-pytorchjob-nemo-world-size-not-divisible-by-expert-parallel",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="nvcr.io/nvidia/nemo:25.07.gpt_oss",
        command=["python", "/nemo_run/code/scripts/performance/llm/pretrain_gpt_oss_20b.py", "--nodes=2"],
        resources=gpu(2, "400Gi", "48"),
        plans=plans,
        category="application-error",
        culprit=f"{name}-master-0",
        evidence="is not divisible by expert_tensor_model_pipeline_parallel size",
        description="A NeMo performance recipe for two nodes (tp1 pp2 ep2 etp1) is started on two pods with two "
        "GPUs each. Megatron's initialize_model_parallel finds the world size of 4 not divisible by the "
        "expert x tensor x pipeline parallel product the recipe computes (8) and every rank raises the same "
        "RuntimeError, the master first. The parallel layout does not fit the GPUs the job has.",
        title="Wrong calculations of expert_tensor_model_pipeline_parallel size? RuntimeError: decoder world_size "
        "(4) is not divisible by expert_tensor_model_pipeline_parallel size (8)",
        source="https://github.com/NVIDIA-NeMo/Speech/issues/14838",
        captured=400,
        failed=("Master", 41),
    )


def _imagenet_epoch(epoch: int, first: int, n: int, loss: float) -> list[str]:
    return [
        f"Epoch: [{epoch}][{i:4d}/1563]\tTime  3.6{i % 10} ( 4.46{i % 7})\tData  0.068 ( 0.095)\tLoss "
        f"{loss - i * 0.0004:.4e} ({loss + 0.3:.4e})\tAcc@1   3.12 (  2.27)\tAcc@5   6.25 (  9.22)"
        for i in range(first, first + n * 10, 10)
    ]


@SCENARIOS.add
def healthy_pytorchjob_elastic_c10d_workers_restarted_after_peer_deleted() -> CaseSpec:
    at = Clock(datetime(2026, 7, 20, 3, 0, tzinfo=timezone.utc))
    name, ns = "elastic-example-imagenet", "kubeflow"
    agent = "INFO:torch.distributed.elastic.agent.server.api:[default]"

    def start(restart: int, addr_port: int) -> list[str]:
        return [
            "INFO:torch.distributed.launcher.api:Starting elastic_operator with launch configs:",
            "  entrypoint       : /workspace/examples/imagenet.py",
            "  min_nodes        : 2",
            "  max_nodes        : 3",
            "  nproc_per_node   : 1",
            "  run_id           : none",
            "  rdzv_backend     : c10d",
            f"  rdzv_endpoint    : {name}-worker-0:23456",
            "  rdzv_configs     : {'timeout': 900}",
            "  max_restarts     : 100",
            "  monitor_interval : 5",
            "  log_dir          : None",
            "  metrics_cfg      : {}",
            "",
            f"{agent} starting workers for entrypoint: python",
            f"{agent} Rendezvous'ing worker group",
            f"{agent} Rendezvous complete for workers. Result:",
            f"  restart_count={restart}",
            f"  master_addr={name}-worker-0",
            f"  master_port={addr_port}",
            "  group_rank=0",
            "  group_world_size=2",
            "  local_ranks=[0]",
            "  role_ranks=[0]",
            "  global_ranks=[0]",
            "  role_world_sizes=[2]",
            "  global_world_sizes=[2]",
            "",
            f"{agent} Starting worker group",
            "=> creating model: resnet18",
        ]

    crash = [
        "Traceback (most recent call last):",
        '  File "/workspace/examples/imagenet.py", line 453, in train',
        "    loss.backward()",
        '  File "/opt/conda/lib/python3.7/site-packages/torch/_tensor.py", line 307, in backward',
        "    torch.autograd.backward(self, gradient, retain_graph, create_graph, inputs=inputs)",
        '  File "/opt/conda/lib/python3.7/site-packages/torch/autograd/__init__.py", line 156, in backward',
        "    allow_unreachable=True, accumulate_grad=True)  # allow_unreachable flag",
        "RuntimeError: [/opt/conda/conda-bld/pytorch_1634272168290/work/third_party/gloo/gloo/transport/tcp/"
        "pair.cc:598] Connection closed by peer [10.244.48.107]:12717",
        "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 58) of binary: "
        "/opt/conda/bin/python",
        f"{agent} Worker group FAILED. 100/100 attempts left; will restart worker group",
        f"{agent} Stopping worker group",
        f"{agent} Rendezvous'ing worker group",
        "Traceback (most recent call last):",
        '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/elastic/agent/server/api.py", line 475, '
        "in _rendezvous",
        "    store, group_rank, group_world_size = spec.rdzv_handler.next_rendezvous()",
        '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py",'
        " line 1031, in next_rendezvous",
        "    self._op_executor.run(join_op, deadline)",
        '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py",'
        " line 637, in run",
        "    raise RendezvousClosedError()",
        "torch.distributed.elastic.rendezvous.api.RendezvousClosedError",
    ]
    before = [
        *start(0, 34818),
        "=> no workers have checkpoints, starting from epoch 0",
        *_imagenet_epoch(0, 400, 5, 4.9532),
        *crash,
    ]
    after = [
        *start(0, 41273),
        "=> loading checkpoint file: /log/checkpoint.pth.tar",
        "=> loaded checkpoint file: /log/checkpoint.pth.tar",
        "=> using checkpoint from rank: 0, max_epoch: 0",
        "=> checkpoint broadcast size is: 93588601",
        *_imagenet_epoch(0, 0, 30, 5.01),
    ]
    w1_after = [line.replace("group_rank=0", "group_rank=1") for line in after]
    w1_after = [line.replace("global_ranks=[0]", "global_ranks=[1]") for line in w1_after]
    plans = [
        PodPlan(
            "worker",
            0,
            running(at(1900)),
            last=terminated(1, at(31), at(1898)),
            restarts=1,
            previous_log=stamped(before, at(32), [0.01] * 29 + [2.0, 900.0] + [36.0] * 4 + [0.5] + [0.01] * 30),
            log=stamped(after, at(1901), [0.01] * 29 + [6.0, 1.0, 1.0, 0.5, 0.5] + [36.0] * 30),
        ),
        PodPlan(
            "worker",
            1,
            running(at(1895)),
            log=stamped(w1_after, at(1896), [0.01] * 29 + [11.0, 1.0, 1.0, 0.5, 0.5] + [36.0] * 30),
        ),
    ]
    return _kubeflow_case(
        id="healthy-pytorchjob-elastic-c10d-workers-restarted-after-peer-deleted",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="kubeflow/pytorch-elastic-example-imagenet:latest",
        command=[
            "python",
            "-m",
            "torch.distributed.run",
            "/workspace/examples/imagenet.py",
            "--arch=resnet18",
            "--epochs=20",
            "--batch-size=32",
            "--workers=0",
            "--checkpoint-file=/log/checkpoint.pth.tar",
            "/workspace/data/tiny-imagenet-200",
        ],
        resources=cpu_only("8Gi", "4"),
        plans=plans,
        category="healthy",
        culprit=None,
        evidence="Epoch: [0]",
        description="An elastic PyTorchJob (c10d rendezvous, 2 to 3 workers, restartPolicy OnFailure). The user "
        "deleted worker-1 to test fault tolerance: worker-0's gloo allreduce failed with 'Connection closed by "
        "peer', its agent's new rendezvous was closed and the container exited 1. Kubernetes restarted it and "
        "recreated worker-1; both met again, loaded the checkpoint and have been training for 18 minutes. The "
        "errors are in the previous container's log; the job recovered.",
        title="All pods of an elastic PytorchJob get restarted when one pod is down with c10d backend: gloo "
        "'Connection closed by peer', RendezvousClosedError, then the workers rejoin",
        source="https://github.com/kubeflow/trainer/issues/1638",
        captured=1901 + 36 * 30 + 60,
        restart_policy="OnFailure",
    )
