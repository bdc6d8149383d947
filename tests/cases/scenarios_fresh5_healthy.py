"""Fresh round 5: healthy traps built from real public threads - jobs that run fine while their logs look alarming: fp16 loss scalers skipping steps on overflow, an experiment tracker's network errors it retries and resolves, torch.compile warning that it hit its recompile limit and falls back.

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml. Every one of them is healthy: jobdoctor must not call it broken.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    PodPlan,
    Scenarios,
    batch_job,
    gpu,
    job_pod,
    kubeflow_conditions,
    kubeflow_with_pods,
    running,
    stamped,
    text,
)
from tests.cases.logtext import torchrun_start

SCENARIOS = Scenarios()


def _running_job(
    at: Clock, name: str, ns: str, ctr: Container, lines: list[str], node: str, gaps: float | list[float] = 5.0
) -> tuple[list[dict], dict[str, str]]:
    """A batch Job with one running pod whose container logs ``lines``."""
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=ctr, active=1, ready=1, start=at(1), conditions=[]
    )
    c = Container(ctr.name, ctr.image, command=ctr.command, resources=ctr.resources, state=running(at(25)), ready=True)
    p = job_pod(job, [c], created=at(1), phase="Running", node=node, scheduled=at(2))
    return [job, p], {f"{p['metadata']['name']}/{ctr.name}": stamped(lines, at(30), gaps)}


# -- fp16 dynamic loss scaling: skipped steps are the scaler doing its job -------------------------------


@SCENARIOS.add
def healthy_running_apex_overflow_every_2000_steps() -> CaseSpec:
    at = Clock(datetime(2020, 5, 31, 20, 0, tzinfo=timezone.utc))
    name, ns = "gpt2-fp16-o2", "lm-research"
    ctr = Container(
        "trainer",
        "registry.corp.example/lm/apex-gpt2:torch1.5-cu101",
        command=["python", "run_language_modeling.py", "--fp16", "--fp16_opt_level", "O2"],
        resources=gpu(1, "32Gi", "8"),
    )
    lines = [
        "Selected optimization level O2:  FP16 training with FP32 batchnorm and FP32 master weights.",
        "Defaults for this optimization level are:",
        "enabled                : True",
        "opt_level              : O2",
        "loss_scale             : dynamic",
        "Processing user overrides (additional kwargs that are not None)...",
        "After processing overrides, optimization options are:",
        "Gradient overflow. Skipping step, loss scaler 0 reducing loss scale to 32768.0",
    ]
    for block in range(1, 6):
        lines += [
            f"Iteration: {block * 2000 - 400 + i * 100}/20000 loss={3.41 - block * 0.07 - i * 0.003:.4f}"
            for i in range(4)
        ]
        lines.append("Gradient overflow. Skipping step, loss scaler 0 reducing loss scale to 262144.0")
    objects, logs = _running_job(at, name, ns, ctr, lines, "gpu-rtx-a-3", 30.0)
    return CaseSpec(
        id="healthy-running-apex-overflow-every-2000-steps",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="apex AMP O2 prints a gradient overflow every 2000 steps: the dynamic loss scaler tries a "
        "higher scale after a run of good steps, overflows, skips that one step and goes back. Training goes on.",
        objects=objects,
        logs=logs,
        captured=at(30 + 30 * len(lines) + 40),
        title="Gradient overflow. Skipping step, loss scaler 0 reducing loss scale to 262144.0 every 2000 steps "
        "in fp16 O2 training - is it a problem? (no: the scaler works as designed)",
        source="https://github.com/NVIDIA/apex/issues/864",
    )


@SCENARIOS.add
def healthy_running_swav_overflow_each_epoch() -> CaseSpec:
    at = Clock(datetime(2020, 12, 8, 9, 0, tzinfo=timezone.utc))
    name, ns = "swav-rn50-800ep", "ssl-vision"
    ctr = Container(
        "pytorch",
        "registry.corp.example/vision/swav:apex-torch1.7",
        command=[
            "python",
            "-m",
            "torch.distributed.launch",
            "--nproc_per_node=8",
            "main_swav.py",
            "--use_fp16",
            "true",
        ],
        resources=gpu(8, "480Gi", "64"),
    )
    lines = [*torchrun_start(at(30))]
    scale = 65536.0
    for epoch in range(3):
        lines.append(
            f"INFO - 12/08/20 09:{10 + epoch * 15:02d}:11 - 0:{epoch * 15 + 9:02d}:58 - ============ Starting epoch {epoch} ... ============"
        )
        for _ in range(2):
            scale /= 2
            lines.append(f"Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to {scale}")
        lines += [
            f"INFO - 12/08/20 09:{11 + epoch * 15 + i:02d}:02 - 0:{epoch * 15 + 11 + i:02d}:49 - Epoch: [{epoch}][{i * 50}]"
            f"\tTime 0.412 (0.433)\tData 0.001 (0.012)\tLoss {8.0069 - epoch * 0.31 - i * 0.02:.4f} "
            f"({8.0069 - epoch * 0.3:.4f})\tLr: 0.6000"
            for i in range(10)
        ]
        scale *= 4
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[PodPlan("master", 0, running(at(25)), log=text(*lines))],
        restart_policy="OnFailure",
        conditions=kubeflow_conditions("PyTorchJob", name, at(1)),
        statuses={"Master": {"active": 1}},
    )
    return CaseSpec(
        id="healthy-running-swav-overflow-each-epoch",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="Self-supervised training in mixed precision prints a few apex gradient overflows at the "
        "start of every epoch; the maintainers answer that this is expected with dynamic loss scaling.",
        objects=[job, *pods],
        logs=logs,
        captured=at(2900),
        title='SwAV training prints "Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to ***" '
        "a few times each epoch - expected with mixed precision",
        source="https://github.com/facebookresearch/swav/issues/47",
    )


# -- an experiment tracker that loses its network for a while and says it recovered ----------------------


@SCENARIOS.add
def healthy_running_wandb_network_error_resolved() -> CaseSpec:
    at = Clock(datetime(2021, 7, 15, 20, 0, tzinfo=timezone.utc))
    name, ns = "yolov5l-parts-832", "inspection"
    ctr = Container(
        "yolov5",
        "registry.corp.example/vision/yolov5:v5.0",
        command=["python", "train.py", "--img", "832", "--batch", "16", "--epochs", "100", "--data", "parts.yaml"],
        resources=gpu(1, "48Gi", "8"),
    )
    resolved = "wandb: Network error resolved after 0:01:10.030828, resuming normal operation."
    lines = [
        "wandb: Currently logged in as: team-vision (use `wandb login --relogin` to force relogin)",
        "wandb: Tracking run with wandb version 0.10.33",
        "wandb: Syncing run exp14",
        "     Epoch   gpu_mem       box       obj       cls     total    labels  img_size",
        "wandb: Network error (ConnectionError), entering retry loop.",
    ]
    rows = [
        ("26/99", "2.57G", "0.0183", "0.01445", "0.07", "0.1028", "10", "64%|▋| 1192/1860 [04:49<02:49,  3.94it/s]"),
        (
            "26/99",
            "2.57G",
            "0.01829",
            "0.01443",
            "0.07002",
            "0.1027",
            "10",
            "65%|▋| 1201/1860 [04:51<02:36,  4.21it/s]",
        ),
        ("26/99", "2.57G", "0.0183", "0.01442", "0.07007", "0.1028", "7", "65%|▋| 1209/1860 [04:53<02:46,  3.92it/s]"),
        ("26/99", "2.57G", "0.0183", "0.01442", "0.0701", "0.1028", "35", "65%|▋| 1217/1860 [04:55<02:39,  4.02it/s]"),
        (
            "26/99",
            "2.57G",
            "0.01832",
            "0.01447",
            "0.07011",
            "0.1029",
            "21",
            "66%|▋| 1226/1860 [04:57<02:34,  4.09it/s]",
        ),
        ("26/99", "2.57G", "0.01836", "0.01446", "0.07014", "0.103", "38", "66%|▋| 1235/1860 [04:59<02:33,  4.07it/s]"),
    ]
    for ep, mem, box, obj, cls, total, lab, bar in rows:
        lines.append(
            f"     {ep}     {mem}    {box}   {obj}   {cls}    {total}        {lab}       832:  {bar}{resolved}"
        )
    lines += [
        f"     26/99     2.57G   0.0184   0.0145   0.0702    0.1031        {12 + i}       832:  {67 + i}%|▋| "
        f"{1245 + i * 60}/1860 [05:{i * 15:02d}<02:2{i},  4.05it/s]"
        for i in range(4)
    ]
    objects, logs = _running_job(at, name, ns, ctr, lines, "gpu-t4-2", 2.0)
    return CaseSpec(
        id="healthy-running-wandb-network-error-resolved",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="The W&B client loses the network for a minute, retries, and then repeats 'Network error "
        "resolved ... resuming normal operation' glued to every progress bar update. The detector trains on.",
        objects=objects,
        logs=logs,
        captured=at(120),
        title="wandb: Network error resolved after 0:01:10.030828, resuming normal operation. printed on every "
        "progress update while YOLOv5 keeps training",
        source="https://github.com/ultralytics/yolov5/issues/4015",
    )


@SCENARIOS.add
def healthy_running_wandb_readtimeout_retry_loop() -> CaseSpec:
    at = Clock(datetime(2020, 8, 12, 14, 0, tzinfo=timezone.utc))
    name, ns = "sweep-agent-lr-7", "hparam-sweeps"
    ctr = Container(
        "agent",
        "registry.corp.example/research/sweeps:torch1.6-wandb0.9",
        command=["wandb", "agent", "team-research/graphs/3kq9x2ab"],
        resources=gpu(1, "24Gi", "6"),
    )
    lines = [
        "wandb: Starting wandb agent 🕵️",
        "2020-08-12 14:00:31,902 - wandb.wandb_agent - INFO - Running runs: []",
        "2020-08-12 14:00:32,211 - wandb.wandb_agent - INFO - Agent received command: run",
        "2020-08-12 14:00:32,212 - wandb.wandb_agent - INFO - Agent starting run with config:",
        "\tlr: 0.0031",
        "\tdepth: 6",
        "wandb: Tracking run with wandb version 0.9.4",
        "epoch 1 | train loss 0.6931 | val acc 0.5012",
        "epoch 2 | train loss 0.6512 | val acc 0.6120",
        "wandb: Network error (ReadTimeout), entering retry loop. See /workspace/wandb/debug.log for full traceback.",
        "epoch 3 | train loss 0.6204 | val acc 0.6503",
        "epoch 4 | train loss 0.5988 | val acc 0.6617",
        "wandb: Network error (ReadTimeout), entering retry loop. See /workspace/wandb/debug.log for full traceback.",
        "epoch 5 | train loss 0.5801 | val acc 0.6790",
        "epoch 6 | train loss 0.5650 | val acc 0.6842",
        "epoch 7 | train loss 0.5512 | val acc 0.6901",
    ]
    objects, logs = _running_job(at, name, ns, ctr, lines, "gpu-v100-5", 40.0)
    return CaseSpec(
        id="healthy-running-wandb-readtimeout-retry-loop",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="A sweep agent's W&B client times out talking to the server and enters its retry loop; "
        "the run keeps training between the messages and the client recovers when the service comes back.",
        objects=objects,
        logs=logs,
        captured=at(30 + 40 * len(lines) + 30),
        title="wandb: Network error (ReadTimeout), entering retry loop during a sweep - runs go on and recover "
        "after the outage",
        source="https://github.com/wandb/wandb/issues/1185",
    )


# -- torch.compile: a recompile limit reached is a warning, the frame falls back to eager ---------------


@SCENARIOS.add
def healthy_running_dynamo_recompile_limit_warning() -> CaseSpec:
    at = Clock(datetime(2025, 10, 21, 10, 0, tzinfo=timezone.utc))
    name, ns = "thunder-bench-llama", "compilers"
    ctr = Container(
        "bench",
        "registry.corp.example/compilers/thunder:torch2.9-cu128",
        command=["python", "bench_compile.py", "--steps", "400"],
        resources=gpu(1, "64Gi", "8"),
    )
    w = "W1021 10:44:18.989000 2926727 torch/_dynamo/convert_frame.py:1355] [0/8]"
    lines = [f"bench step {i}/400 | 41.2 ms/it" for i in range(1, 9)]
    lines += [
        f"{w} torch._dynamo hit config.recompile_limit (8)",
        f"{w}    function: 'foo' (/opt/bench/test_thunder_recompile.py:4)",
        f"{w}    last reason: 0/7: y == 7                                                   # return x + y  "
        "# pt/bench/test_thunder_recompile.py:5 in foo",
        f'{w} To log all recompilation reasons, use TORCH_LOGS="recompiles".',
        f"{w} To diagnose recompilation issues, see https://pytorch.org/docs/main/torch.compiler_troubleshooting.html",
    ]
    lines += [f"bench step {i}/400 | {44.0 + (i % 3) * 0.4:.1f} ms/it" for i in range(9, 60)]
    objects, logs = _running_job(at, name, ns, ctr, lines, "gpu-h100-1", 3.0)
    return CaseSpec(
        id="healthy-running-dynamo-recompile-limit-warning",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="torch.compile recompiles a function for every new Python int and warns once that it hit "
        "config.recompile_limit (8); from then on that frame runs eagerly. A warning about speed, not a failure: "
        "the benchmark carries on.",
        objects=objects,
        logs=logs,
        captured=at(30 + 3 * len(lines) + 30),
        title="W torch/_dynamo/convert_frame.py] torch._dynamo hit config.recompile_limit (8) - a warning, the "
        "program goes on",
        source="https://github.com/Lightning-AI/lightning-thunder/issues/2682",
    )


@SCENARIOS.add
def healthy_running_dynamo_cache_size_limit_video_gen() -> CaseSpec:
    at = Clock(datetime(2024, 10, 29, 21, 0, tzinfo=timezone.utc))
    name, ns = "mochi-clips-batch", "genmedia"
    ctr = Container(
        "generate",
        "registry.corp.example/genmedia/mochi-wrapper:torch2.5-cu124",
        command=["python", "generate_clips.py", "--prompts", "/data/prompts.jsonl", "--compile"],
        resources=gpu(1, "96Gi", "16"),
    )
    w = "W1029 21:16:44.769000 20836 site-packages/torch/_dynamo/convert_frame.py:844] [1/8]"
    lines = []
    for clip in range(1, 5):
        lines += [
            f"Processing Samples: 100%|██████████| 50/50 [02:{10 + clip:02d}<00:00,  2.6{clip}s/it]",
            f"clip {clip}/12 written to /data/out/clip_{clip:03d}.mp4",
        ]
    lines += [
        "Processing Samples:   0%|                                        | 0/50 [00:00<?, ?it/s]",
        f"{w} torch._dynamo hit config.cache_size_limit (8)",
        f"{w}    function: 'forward' (/app/mochi_preview/dit/joint_model/asymm_models_joint.py:320)",
        f"{w}    last reason: 1/0: L['packed_indices']['max_seqlen_in_batch_kv'] == 31868",
        f'{w} To log all recompilation reasons, use TORCH_LOGS="recompiles".',
        f"{w} To diagnose recompilation issues, see https://pytorch.org/docs/main/torch.compiler_troubleshooting.html.",
        "Processing Samples: 100%|██████████| 50/50 [03:41<00:00,  4.43s/it]",
        "clip 5/12 written to /data/out/clip_005.mp4",
        "Processing Samples: 100%|██████████| 50/50 [03:39<00:00,  4.39s/it]",
        "clip 6/12 written to /data/out/clip_006.mp4",
        "Processing Samples:  42%|████▏     | 21/50 [01:32<02:07,  4.40s/it]",
    ]
    gaps = [130.0, 1.0] * 4 + [1.0] * 6 + [221.0, 1.0, 219.0, 1.0]
    objects, logs = _running_job(at, name, ns, ctr, lines, "gpu-l40s-2", gaps)
    return CaseSpec(
        id="healthy-running-dynamo-cache-size-limit-video-gen",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="A compiled video model meets a new sequence length with every prompt; after eight "
        "recompiles dynamo warns it hit config.cache_size_limit and runs that frame uncompiled. Clips come out "
        "slower, but they come out.",
        objects=objects,
        logs=logs,
        captured=at(30 + sum(gaps) + 95),
        title="torch._dynamo hit config.cache_size_limit (8) after a few clips - generation goes on, slower",
        source="https://github.com/kijai/ComfyUI-MochiWrapper/issues/44",
    )


# -- library chatter at start-up: a verbs provider the node does not have, a gather of scalar losses -----


@SCENARIOS.add
def healthy_running_libibverbs_driver_warning_roce() -> CaseSpec:
    at = Clock(datetime(2023, 10, 30, 8, 0, tzinfo=timezone.utc))
    name, ns = "llm-pretrain-roce", "foundation"
    ctr = Container(
        "pytorch",
        "registry.corp.example/foundation/megatron:23.09-py3",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=8", "pretrain_gpt.py", "--fp16"],
        resources=gpu(8, "900Gi", "96"),
    )
    warn = (
        "libibverbs: Warning: couldn't load driver 'libipathverbs-rdmav25.so': libipathverbs-rdmav25.so: "
        "cannot open shared object file: No such file or directory"
    )

    def log(host: str, base: int) -> str:
        lines = [*torchrun_start(at(30))]
        for r in range(8):
            pid = base + r
            lines += [
                warn,
                f"{host}:{pid}:{pid} [{r}] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal "
                "implementation",
                f"{host}:{pid}:{pid} [{r}] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_1:1/RoCE ; "
                "OOB eth0:10.42.3.17<0>",
                f"{host}:{pid}:{pid} [{r}] NCCL INFO Using network IB",
            ]
        lines += [
            f" iteration {i * 10:8d}/  500000 | consumed samples: {i * 10 * 512:12d} | elapsed time per iteration "
            f"(ms): {1830.4 + (i % 4) * 3.1:.1f} | learning rate: {1.5e-4 * i / 200:.3E} | global batch size:   512 | "
            f"lm loss: {10.9 - i * 0.05:.6E} | loss scale: 65536.0 | grad norm: {2.1 - i * 0.02:.3f} | "
            "number of skipped iterations:   0 | number of nan iterations:   0 |"
            for i in range(1, 40)
        ]
        return text(*lines)

    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, running(at(25)), log=log("llm-pretrain-roce-master-0", 2301)),
            PodPlan("worker", 0, running(at(26)), log=log("llm-pretrain-roce-worker-0", 2288)),
        ],
        restart_policy="OnFailure",
        conditions=kubeflow_conditions("PyTorchJob", name, at(1)),
        statuses={"Master": {"active": 1}, "Worker": {"active": 1}},
    )
    return CaseSpec(
        id="healthy-running-libibverbs-driver-warning-roce",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="libibverbs tries every provider listed under /etc/libibverbs.d and warns about one whose "
        "library the image lacks (an Intel/QLogic driver these nodes never use). NCCL opens the Mellanox RoCE "
        "devices and trains over IB.",
        objects=[job, *pods],
        logs=logs,
        captured=at(30 + 40 * 75),
        title="libibverbs: Warning: couldn't load driver 'libipathverbs-rdmav25.so' on a RoCE cluster - raised by "
        "libibverbs for a provider the node does not use, not by NCCL",
        source="https://github.com/NVIDIA/nccl/issues/1044",
    )


@SCENARIOS.add
def healthy_running_dataparallel_gather_scalars_warning() -> CaseSpec:
    at = Clock(datetime(2020, 8, 28, 11, 0, tzinfo=timezone.utc))
    name, ns = "wseg-voc-rn38", "segmentation"
    ctr = Container(
        "train",
        "registry.corp.example/seg/wseg:torch1.4-cu101",
        command=["bash", "./launch/run_voc_resnet38.sh"],
        resources=gpu(8, "240Gi", "32"),
    )
    warn = [
        "/opt/conda/lib/python3.6/site-packages/torch/nn/parallel/_functions.py:61: UserWarning: Was asked to gather "
        "along dimension 0, but all input tensors were scalars; will instead unsqueeze and return a vector.",
        "  warnings.warn('Was asked to gather along dimension 0, but all '",
    ]
    lines = ["Config: ./configs/voc_resnet38.yaml", "Using 8 GPUs with nn.DataParallel", "Epoch 0/24"]
    for i in range(1, 31):
        lines += warn
        if i % 5 == 0:
            lines.append(
                f"Epoch 0 [{i * 20}/661] loss_cls {0.412 - i * 0.004:.4f} loss_seg {1.08 - i * 0.01:.4f} "
                f"lr 0.00100 | {2.41 + (i % 3) * 0.02:.2f}s/it"
            )
    objects, logs = _running_job(at, name, ns, ctr, lines, "gpu-v100-8x-2", 2.4)
    return CaseSpec(
        id="healthy-running-dataparallel-gather-scalars-warning",
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="nn.DataParallel warns on every step that the replicas returned scalar losses and it stacks "
        "them into a vector instead; the maintainers say it does not matter. The log is mostly this warning, "
        "with the loss lines in between.",
        objects=objects,
        logs=logs,
        captured=at(30 + 2.4 * len(lines) + 30),
        title="UserWarning: Was asked to gather along dimension 0, but all input tensors were scalars on every "
        "step of an 8-GPU DataParallel run - harmless",
        source="https://github.com/visinf/1-stage-wseg/issues/14",
    )
