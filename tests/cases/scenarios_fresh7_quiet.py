"""Fresh round 7: real public threads about quiet and slow jobs: stalls with and without hang messages, quiet-by-design containers, progress bars, recovered retries, alarming but harmless lines.

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timezone
from typing import Any

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    PodPlan,
    Scenarios,
    batch_job,
    failed_job,
    gpu,
    job_pod,
    kubeflow_conditions,
    kubeflow_with_pods,
    running,
    stamped,
)
from tests.cases.logtext import WATCHDOG_STUCK, torchrun_failed, torchrun_start

SCENARIOS = Scenarios()


def _timed(entries: Sequence[tuple[float, str]]) -> tuple[list[str], list[float]]:
    """Lines with the seconds each was printed after the one before it (the first entry's
    gap is ignored): the ``stamped`` arguments."""
    return [line for _, line in entries], [gap for gap, _ in entries[1:]]


def _running_job(
    at: Clock, name: str, ns: str, ctr: Container, entries: Sequence[tuple[float, str]], node: str, first: float = 30.0
) -> tuple[list[dict], dict[str, str], str]:
    """A batch Job with one running pod whose container printed ``entries`` from ``first`` seconds on."""
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=ctr, active=1, ready=1, start=at(1), conditions=[]
    )
    c = Container(
        ctr.name,
        ctr.image,
        command=ctr.command,
        resources=ctr.resources,
        mounts=ctr.mounts,
        state=running(at(25)),
        ready=True,
    )
    p = job_pod(job, [c], created=at(1), phase="Running", node=node, scheduled=at(2))
    lines, gaps = _timed(entries)
    pod_name = p["metadata"]["name"]
    return [job, p], {f"{pod_name}/{ctr.name}": stamped(lines, at(first), gaps or 1.0)}, pod_name


def _spec(
    id_: str,
    name: str,
    ns: str,
    category: str,
    culprit: str | None = None,
    evidence: str = "is running",
    kind: str = "Job",
    **rest: Any,
) -> CaseSpec:
    """A case of this module: healthy when ``category`` says so (a healthy verdict's evidence
    is that the workload runs)."""
    healthy = category == "healthy"
    return CaseSpec(
        id=id_,
        kind=kind,
        name=name,
        namespace=ns,
        healthy=healthy,
        category=category,
        culprit=culprit,
        evidence=evidence,
        **rest,
    )


def _running_case(
    id_: str,
    at: Clock,
    name: str,
    ns: str,
    ctr: Container,
    entries: Sequence[tuple[float, str]],
    node: str,
    *,
    category: str,
    silence: float,
    evidence: str = "is running",
    first: float = 30.0,
    **rest: Any,
) -> CaseSpec:
    """A running batch Job (``_running_job``, its first line ``first`` seconds in) captured
    ``silence`` seconds after its last line; its pod is the culprit unless the job is healthy."""
    objects, logs, pod_name = _running_job(at, name, ns, ctr, entries, node, first)
    culprit = None if category == "healthy" else pod_name
    captured = at(first + _elapsed(entries) + silence)
    return _spec(id_, name, ns, category, culprit, evidence, objects=objects, logs=logs, captured=captured, **rest)


def _elapsed(entries: Sequence[tuple[float, str]]) -> float:
    return sum(gap for gap, _ in entries[1:])


# -- stalls ----------------------------------------------------------------------------------------------


@SCENARIOS.add
def stalled_job_yolo_epoch_hangs_after_validation() -> CaseSpec:
    at = Clock(datetime(2023, 3, 29, 9, 0, tzinfo=timezone.utc))
    name, ns = "yolov8l-defects-640", "qa-vision"
    ctr = Container(
        "yolo",
        "registry.corp.example/vision/ultralytics:8.0.57-cu117",
        command=["yolo", "detect", "train", "data=defects.yaml", "model=yolov8l.pt", "epochs=400", "imgsz=640"],
        resources=gpu(1, "96Gi", "16"),
    )
    header = "      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size"
    entries: list[tuple[float, str]] = [
        (0, "Ultralytics YOLOv8.0.57 🚀 Python-3.7.12 torch-1.13.1 CUDA:0 (NVIDIA A100-SXM4-80GB, 81251MiB)"),
        (1, "Resuming training from runs/detect/train3/weights/last.pt from epoch 78 to 400 total epochs"),
        (2, "Image sizes 640 train, 640 val"),
        (0, "Using 8 dataloader workers"),
        (0, "Logging results to runs/detect/train3"),
        (0, "Starting training for 400 epochs..."),
    ]
    losses = {78: ("0.7102", "0.3507", "1.104"), 79: ("0.7047", "0.3449", "1.096"), 80: ("0.6966", "0.3341", "1.085")}
    for epoch, (box, cls, dfl) in losses.items():
        entries.append((2, ""))
        entries.append((0, header))
        for done, elapsed, left in ((88, "01:04", "03:13"), (176, "02:09", "02:08"), (264, "03:13", "01:04")):
            pct = done * 100 // 351
            entries.append(
                (
                    64,
                    f"     {epoch}/400      29.9G     {box}     {cls}      {dfl}         47        640:  "
                    f"{pct}%|██▌       | {done}/351 [{elapsed}<{left},  1.36it/s]",
                )
            )
        entries.append(
            (
                65,
                f"     {epoch}/400      29.9G     {box}     {cls}      {dfl}         31        640: "
                "100%|██████████| 351/351 [04:18<00:00,  1.36it/s]",
            )
        )
        entries.append(
            (
                36,
                "                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95): "
                "100%|██████████| 45/45 [00:36<00:00,  1.23it/s]",
            )
        )
        entries.append((0, "                   all       4245       4769      0.965      0.961      0.986      0.838"))
    entries += [
        (1, ""),
        (0, header),
        (
            7,
            "     81/400      29.9G     0.7018     0.3414      1.101        115        640:   3%|▎         | "
            "9/351 [00:06<04:11,  1.36it/s]",
        ),
    ]
    return _running_case(
        "stalled-job-yolo-epoch-hangs-after-validation",
        at,
        name,
        ns,
        ctr,
        entries,
        "gpu-a100-node-7",
        category="stalled",
        evidence="9/351",
        silence=13 * 3600 + 45 * 60,
        description="YOLOv8 trains an epoch every five minutes; nine batches into epoch 81 its bar stops and "
        "nothing more is printed for almost 14 hours, with no error (a dataloader worker hung). The pod still runs.",
        title="YOLOv8 training hangs at random: 81/400 ... 3%| 9/351 [13:44:50<522:24:10, 5498.98s/it] - the bar "
        "stood still for hours after a validation pass, no error until Ctrl+C showed the dataloader",
        source="https://github.com/ultralytics/ultralytics/issues/673",
    )


@SCENARIOS.add
def stalled_job_deepspeed_torch_extensions_lock_wait() -> CaseSpec:
    at = Clock(datetime(2023, 4, 14, 10, 0, tzinfo=timezone.utc))
    name, ns = "opt-1p3b-sft-lora", "llm-chat"
    ctr = Container(
        "deepspeed",
        "registry.corp.example/llm/deepspeed-chat:0.9.0-torch2.0-cu117",
        command=[
            "deepspeed",
            "main.py",
            "--model_name_or_path",
            "facebook/opt-1.3b",
            "--gradient_accumulation_steps",
            "2",
            "--lora_dim",
            "128",
            "--zero_stage",
            "0",
            "--deepspeed",
            "--output_dir",
            "./output",
        ],
        resources=gpu(2, "64Gi", "16"),
        mounts=[{"name": "cache", "mountPath": "/root/.cache"}],
    )
    stamp = "2023-04-14 10:00:{:02d},{:03d}"
    entries: list[tuple[float, str]] = [
        (
            0,
            f"[{stamp.format(31, 512)}] [INFO] [runner.py:540:main] cmd = /usr/bin/python -u -m "
            "deepspeed.launcher.launch --world_info=eyJsb2NhbGhvc3QiOiBbMCwgMV19 --master_addr=127.0.0.1 "
            "--master_port=29500 --enable_each_rank_log=None main.py --model_name_or_path facebook/opt-1.3b "
            "--gradient_accumulation_steps 2 --lora_dim 128 --zero_stage 0 --deepspeed --output_dir ./output",
        ),
        (2, f"[{stamp.format(33, 201)}] [INFO] [launch.py:222:main] 0 NCCL_VERSION=2.14.3"),
        (
            0,
            f"[{stamp.format(33, 201)}] [INFO] [launch.py:229:main] WORLD INFO DICT: "
            "defaultdict(<class 'list'>, {'localhost': [0, 1]})",
        ),
        (0, f"[{stamp.format(33, 202)}] [INFO] [launch.py:247:main] dist_world_size=2"),
        (0, f"[{stamp.format(33, 202)}] [INFO] [launch.py:249:main] Setting CUDA_VISIBLE_DEVICES=0,1"),
        (
            4,
            f"[{stamp.format(37, 846)}] [INFO] [comm.py:586:init_distributed] Initializing TorchBackend in "
            "DeepSpeed with backend nccl",
        ),
        (
            21,
            "[2023-04-14 10:00:58,377] [INFO] [partition_parameters.py:415:__exit__] finished initializing model "
            "with 1.32B parameters",
        ),
        (1, '    "zero_optimization": {'),
        (0, '        "stage": 0,'),
        (0, '        "overlap_comm": true'),
        (0, "    }"),
        (0, "}"),
        (1, "Using /root/.cache/torch_extensions/py311_cu117 as PyTorch extensions root..."),
        (0, "Using /root/.cache/torch_extensions/py311_cu117 as PyTorch extensions root..."),
    ]
    return _running_case(
        "stalled-job-deepspeed-torch-extensions-lock-wait",
        at,
        name,
        ns,
        ctr,
        entries,
        "gpu-3090-node-2",
        category="stalled",
        evidence="PyTorch extensions root",
        silence=3 * 3600 + 12 * 60,
        description="DeepSpeed-Chat step 1 on two GPUs: both ranks print the torch extensions root and then "
        "nothing for three hours - they wait on the build lock a killed earlier run left in the cache volume "
        "(py-spy: file_baton.py wait). No error; the pod runs.",
        title='DeepSpeed-Chat training gets stuck after "Using /home/.../.cache/torch_extensions/py311_cu117 as '
        'PyTorch extensions root..." (py-spy: wait in torch/utils/file_baton.py, a stale lock)',
        source="https://github.com/deepspeedai/DeepSpeedExamples/issues/302",
    )


@SCENARIOS.add
def stalled_job_detectron_step_blocks_then_silence() -> CaseSpec:
    at = Clock(datetime(2018, 8, 29, 6, 0, tzinfo=timezone.utc))
    name, ns = "mask-rcnn-r50-c4-2x", "det-research"
    ctr = Container(
        "detectron",
        "registry.corp.example/vision/detectron-pytorch:torch0.4.1-cu90",
        command=[
            "python",
            "tools/train_net_step.py",
            "--dataset",
            "coco2017",
            "--cfg",
            "configs/baselines/e2e_mask_rcnn_R-50-C4_2x.yaml",
            "--bs",
            "16",
            "--nw",
            "8",
            "--use_tfboard",
        ],
        resources=gpu(8, "240Gi", "32"),
    )
    run = "[Aug29-06-00-41_train-node_step][e2e_mask_rcnn_R-50-C4_2x.yaml]"
    entries: list[tuple[float, str]] = [
        (0, "INFO train_net_step.py: Called with args:"),
        (
            0,
            "Namespace(batch_size=16, cfg_file='configs/baselines/e2e_mask_rcnn_R-50-C4_2x.yaml', cuda=True, "
            "dataset='coco2017', load_ckpt='Outputs/e2e_mask_rcnn_R-50-C4_2x/ckpt/model_step549999.pth', "
            "num_workers=8, resume=True, use_tfboard=True)",
        ),
        (3, "INFO train_net_step.py: loading checkpoint Outputs/e2e_mask_rcnn_R-50-C4_2x/ckpt/model_step549999.pth"),
        (41, "INFO train_net_step.py: Training starts !"),
    ]
    step = 550001
    for i in range(154):
        loss = 0.6134 + (i * 37 % 11) * 0.004
        gap = 8.6 if i else 12.0
        entries += [
            (gap, f"{run}[Step {step} / 720000]"),
            (0.0002, f"\t\tloss: {loss:.6f}, lr: 0.002000 time: 0.431063, eta: {19 - i // 420}:55:{27 - i % 20:02d}"),
            (0.0001, f"\t\taccuracy_cls: {0.9664 + (i % 7) * 0.0003:.6f}"),
            (
                0.0001,
                f"\t\tloss_cls: {0.0843 + (i % 5) * 0.001:.6f}, loss_bbox: 0.096327, loss_mask: 0.213541, "
                "loss_rpn_cls: 0.017869, loss_rpn_bbox: 0.023461",
            ),
        ]
        step += 20
    return _running_case(
        "stalled-job-detectron-step-blocks-then-silence",
        at,
        name,
        ns,
        ctr,
        entries,
        "gpu-v100-node-4",
        category="stalled",
        evidence="553061",
        silence=5 * 3600 + 7 * 60,
        description="Mask R-CNN training logs a four-line stats block every 20 steps (about 9 s); after "
        "[Step 553061 / 720000] nothing more comes for five hours, GPUs idle - a DataLoader deadlock. The pod runs.",
        title="Training is stuck at [Step 553061 / 720000], GPU utilization 0% but memory not released, no error "
        "for two days (a DataLoader deadlock)",
        source="https://github.com/roytseng-tw/Detectron.pytorch/issues/140",
    )


@SCENARIOS.add
def nccl_error_job_cpo_watchdog_stuck_then_terminated() -> CaseSpec:
    at = Clock(datetime(2025, 2, 18, 11, 39, 25, tzinfo=timezone.utc))
    name, ns = "cpo-qwen-7b-8xa100", "align"
    ctr = Container(
        "trainer",
        "registry.corp.example/llm/trl:0.15.0-torch2.5.1-cu124",
        command=[
            "accelerate",
            "launch",
            "--config_file",
            "configs/multi_gpu.yaml",
            "cpo.py",
            "--packing",
            "false",
            "--per_device_train_batch_size",
            "2",
        ],
        resources=gpu(8, "900Gi", "96"),
    )
    pid0 = 213
    entries: list[tuple[float, str]] = [(0, line) for line in torchrun_start(at(30), pid=37)]
    entries += [
        (48, "Map: 100%|██████████| 61135/61135 [00:21<00:00, 2871.33 examples/s]"),
        (30, "  0%|          | 0/1910 [00:00<?, ?it/s]"),
    ]
    for i in range(1, 41):
        entries.append(
            (5.6, f"  {i * 100 // 1910}%|          | {i}/1910 [{i * 6 // 60:02d}:{i * 6 % 60:02d}<2:58:10,  5.61s/it]")
        )
        if i % 10 == 0:
            entries.append(
                (
                    0.01,
                    f"{{'loss': {0.6931 - i * 0.0021:.4f}, 'grad_norm': 14.8721, 'learning_rate': 4.9e-07, "
                    f"'rewards/chosen': -1.{i:02d}31, 'rewards/rejected': -1.{i + 3:02d}72, 'epoch': {i / 1910:.2f}}}",
                )
            )
    stuck = "[E218 11:54:18.495933619 ProcessGroupNCCL.cpp:1484] [PG ID 0 PG GUID 0(default_pg) Rank {r}] "
    first = True
    for r in (7, 2, 5, 0, 3, 6, 1, 4):
        entries.append((560 if first else 0.003, f"[rank{r}]:{stuck.format(r=r)}{WATCHDOG_STUCK}"))
        first = False
    term = (
        "[rank{r}]:[F218 12:02:18.504372857 ProcessGroupNCCL.cpp:1306] [PG ID 0 PG GUID 0(default_pg) Rank {r}] "
        "[PG ID 0 PG GUID 0(default_pg) Rank {r}] Terminating the process after attempting to dump debug info, due "
        "to ProcessGroupNCCL watchdog hang."
    )
    entries.append((480, term.format(r=3)))
    entries.append((0.004, term.format(r=2)))
    ended = 30 + _elapsed(entries) + 2
    entries += [
        (2 if i == 0 else 0, line)
        for i, line in enumerate(
            torchrun_failed(
                at(ended),
                rank=3,
                local_rank=3,
                exitcode=-6,
                pid=pid0 + 3,
                host="cpo-qwen-7b-8xa100-abcde",
                agent_pid=37,
                script="cpo.py",
            )
        )
    ]
    job, p = failed_job(
        name=name, namespace=ns, at=at, container=ctr, exit_code=1, ran=(25, ended + 3), node="gpu-a100-node-12"
    )
    pod_name = p["metadata"]["name"]
    lines, gaps = _timed(entries)
    lines = [line.replace("cpo-qwen-7b-8xa100-abcde", pod_name) for line in lines]
    return _spec(
        "nccl-error-job-cpo-watchdog-stuck-then-terminated",
        name,
        ns,
        "nccl-error",
        pod_name,
        "watchdog got stuck",
        description="CPO training on 8 GPUs with packing off: after step 40 every rank hangs in a collective; "
        "eight minutes later each reports that ProcessGroupNCCL's watchdog got stuck, and eight minutes after that "
        "the heartbeat monitor terminates the processes (SIGABRT) and torchrun gives up. No rank failed first.",
        objects=[job, p],
        logs={f"{pod_name}/{ctr.name}": stamped(lines, at(30), gaps)},
        captured=at(ended + 240),
        title="Distributed CPO/SFT training with packing=false gets stuck: \"ProcessGroupNCCL's watchdog got stuck "
        'for 480 seconds" on every rank, then "Terminating the process ... due to ProcessGroupNCCL watchdog hang"',
        source="https://github.com/huggingface/trl/issues/2879",
    )


# -- healthy traps ---------------------------------------------------------------------------------------


@SCENARIOS.add
def healthy_job_jax_xla_constant_folding_slow_alarm() -> CaseSpec:
    at = Clock(datetime(2022, 10, 12, 15, 50, tzinfo=timezone.utc))
    name, ns = "haiku-unet-downscale", "climate-ml"
    ctr = Container(
        "jax",
        "registry.corp.example/climate/jax-haiku:0.3.22-cuda11.8",
        command=["python", "train.py", "--config", "configs/unet_avgpool_same.py"],
        resources=gpu(1, "64Gi", "12"),
    )
    alarm = (
        "2022-10-12 16:01:47.590034: E external/org_tensorflow/tensorflow/compiler/xla/service/"
        "slow_operation_alarm.cc:65] Constant folding an instruction is taking > 1s:"
    )
    explain = (
        "This isn't necessarily a bug; constant-folding is inherently a trade-off between compilation time and "
        "speed at runtime.  XLA has some guards that attempt to keep constant folding from taking too long, but "
        "fundamentally you'll always be able to come up with an input program that takes a long time."
    )
    entries: list[tuple[float, str]] = [
        (
            0,
            "I1012 15:50:34.118220 140021 xla_bridge.py:355] Unable to initialize backend 'tpu_driver': NOT_FOUND: "
            "Unable to find driver in registry given worker: ",
        ),
        (
            0,
            "I1012 15:50:34.201554 140021 xla_bridge.py:355] Unable to initialize backend 'rocm': NOT_FOUND: "
            'Could not find registered platform with name: "rocm". Available platform names are: Interpreter CUDA Host',
        ),
        (3, "Wall time [Initialisation]: 0.119s"),
        (673, alarm),
        (0, ""),
        (
            0,
            "  reduce-window.16 (displaying the full instruction incurs a runtime overhead. Raise your logging level "
            "to 4 or above).",
        ),
        (0, ""),
        (0, explain),
        (0, ""),
        (0, "If you'd like to file a bug, run with envvar XLA_FLAGS=--xla_dump_to=/tmp/foo and attach the results."),
        (
            18.3,
            "2022-10-12 16:02:05.867327: E external/org_tensorflow/tensorflow/compiler/xla/service/"
            "slow_operation_alarm.cc:133] The operation took 19.277362298s",
        ),
        (0, "Constant folding an instruction is taking > 1s:"),
        (0, ""),
        (
            0,
            "  reduce-window.16 (displaying the full instruction incurs a runtime overhead. Raise your logging level "
            "to 4 or above).",
        ),
        (0, ""),
        (0, explain),
        (0, ""),
        (0, "If you'd like to file a bug, run with envvar XLA_FLAGS=--xla_dump_to=/tmp/foo and attach the results."),
        (9, "Wall time [Compilation]: 703.52s"),
    ]
    for i in range(1, 61):
        entries.append((24, f"step {i * 500:6d} | loss {0.4123 - i * 0.0021:.4f} | 0.0024 s/step | lr 3.0e-04"))
    return _running_case(
        "healthy-job-jax-xla-constant-folding-slow-alarm",
        at,
        name,
        ns,
        ctr,
        entries,
        "gpu-a10-node-3",
        category="healthy",
        silence=50,
        description="A JAX/Haiku model with avg_pool padding SAME: XLA's slow-operation alarm prints E-level "
        '"Constant folding an instruction is taking > 1s" blocks while it compiles for twelve minutes; then it '
        "trains, a step line every 24 s. Slow to compile, not broken.",
        title="Constant folding on hk.avg_pool with padding='SAME' on large arrays: E slow_operation_alarm.cc "
        '"Constant folding an instruction is taking > 1s" - compilation is slow, training then runs',
        source="https://github.com/google-deepmind/dm-haiku/issues/539",
    )


@SCENARIOS.add
def healthy_job_keras_last_batch_then_long_validation() -> CaseSpec:
    at = Clock(datetime(2018, 5, 10, 14, 0, tzinfo=timezone.utc))
    name, ns = "inceptionv3-transfer-plants", "vision-lab"
    ctr = Container(
        "keras",
        "registry.corp.example/vision/keras:2.1.6-tf1.8-gpu",
        command=["python", "transfer_inceptionv3.py", "--epochs", "25", "--steps-per-epoch", "8000"],
        resources=gpu(1, "32Gi", "8"),
    )
    entries: list[tuple[float, str]] = [
        (0, "Using TensorFlow backend."),
        (
            2,
            "2018-05-10 14:00:33.104417: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1356] Found device 0 "
            "with properties: ",
        ),
        (0, "name: Tesla P100-PCIE-16GB major: 6 minor: 0 memoryClockRate(GHz): 1.3285"),
        (
            0,
            "2018-05-10 14:00:33.104779: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1435] Adding visible "
            "gpu devices: 0",
        ),
        (4, "Found 64000 images belonging to 12 classes."),
        (1, "Found 16000 images belonging to 12 classes."),
        (2, "Epoch 1/25"),
    ]
    for done in range(250, 8000, 250):
        bar = "=" * (done * 29 // 8000)
        eta = (8000 - done) * 181 // 1000
        entries.append(
            (
                45.3,
                f"{done:4d}/8000 [{bar}>{'.' * (29 - len(bar) - 1)}] - ETA: {eta // 60}:{eta % 60:02d} - loss: "
                f"{0.6931 - done * 0.0000443:.4f} - acc: {0.5112 + done * 0.0000432:.4f}",
            )
        )
    entries.append((45.1, "7999/8000 [============================>.] - ETA: 0s - loss: 0.3368 - acc: 0.8571"))
    return _running_case(
        "healthy-job-keras-last-batch-then-long-validation",
        at,
        name,
        ns,
        ctr,
        entries,
        "gpu-p100-node-1",
        category="healthy",
        silence=22 * 60,
        description="Keras fit_generator reaches 7999/8000 of epoch 1 and then prints nothing for 22 minutes: "
        "it is running the validation pass (validation_steps set to the number of samples, not batches) before "
        "it finishes the epoch line. The thread's answer: wait, it moves on to epoch 2.",
        title="Keras freezing on last batch of first epoch (can't move to second epoch) - it is the validation "
        "pass: wait several minutes, or set validation_steps=validation_size//batch_size",
        source="https://github.com/keras-team/keras/issues/8595",
    )


@SCENARIOS.add
def healthy_pytorchjob_s3_parquet_connection_pool_full() -> CaseSpec:
    at = Clock(datetime(2021, 7, 17, 2, 0, tzinfo=timezone.utc))
    name, ns = "ctr-deepfm-s3", "recsys"
    ctr = Container(
        "pytorch",
        "registry.corp.example/recsys/deepfm:torch1.9-awswrangler2.10",
        command=[
            "torchrun",
            "--nnodes=2",
            "--nproc_per_node=1",
            "train_deepfm.py",
            "--data",
            "s3://ctr-train/parquet/",
        ],
        resources=gpu(1, "64Gi", "16"),
    )

    def log(rank: int) -> str:
        entries: list[tuple[float, str]] = [
            (0, f"INFO - train_deepfm - rank {rank}: reading 384 parquet parts from s3://ctr-train/parquet/"),
        ]
        for i in range(1, 49):
            entries.append(
                (
                    0.4 if i % 3 else 0.2,
                    "WARNING - urllib3.connectionpool - Connection pool is full, discarding connection: "
                    "ctr-train.s3.amazonaws.com",
                )
            )
            if i % 2 == 0:
                entries.append(
                    (
                        29.5,
                        f"INFO - train_deepfm - epoch 1 step {i * 50} loss {0.4721 - i * 0.0012:.4f} "
                        f"auc {0.7312 + i * 0.0008:.4f}",
                    )
                )
        lines, gaps = _timed(entries)
        return stamped(lines, at(41), gaps)

    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=[
            PodPlan("master", 0, running(at(30)), log=log(0)),
            PodPlan("worker", 0, running(at(31)), log=log(1)),
        ],
        restart_policy="OnFailure",
        conditions=kubeflow_conditions("PyTorchJob", name, at(1)),
        statuses={"Master": {"active": 1}, "Worker": {"active": 1}},
    )
    return _spec(
        "healthy-pytorchjob-s3-parquet-connection-pool-full",
        name,
        ns,
        "healthy",
        kind="PyTorchJob",
        description="Each rank streams parquet parts from S3 with more threads than urllib3's pool holds, so the "
        'console fills with "Connection pool is full, discarding connection" warnings; the extra connections '
        "are closed instead of pooled, no data is lost, and training steps keep coming.",
        objects=[job, *pods],
        logs=logs,
        captured=at(41 + 48 * 30 + 60),
        title='Distributed training reading parquet from S3 keeps printing "WARNING - urllib3.connectionpool - '
        'Connection pool is full, discarding connection: some-s3-bucket.s3.amazonaws.com" - a warning to silence',
        source="https://github.com/aws/aws-sdk-pandas/issues/821",
    )


@SCENARIOS.add
def healthy_job_torch_compile_slow_first_epoch() -> CaseSpec:
    at = Clock(datetime(2023, 3, 29, 13, 54, tzinfo=timezone.utc))
    name, ns = "tdnnf-asr-compile", "speech"
    ctr = Container(
        "trainer",
        "registry.corp.example/speech/tdnnf:torch2.0.0-cu117",
        command=["torchrun", "--nproc_per_node=4", "train.py", "--compile", "--batch-size", "64", "--epochs", "10"],
        resources=gpu(4, "192Gi", "32"),
    )
    entries: list[tuple[float, str]] = [(0, line) for line in torchrun_start(at(30), pid=1)]
    entries += [
        (6, "loading 44775 batches of training data from /data/speech/train.scp"),
        (12, "model: TDNN-F 17 layers, 20.3M parameters; compiling with torch.compile(mode=default)"),
        (
            95,
            "[2023-03-29 13:56:27,410] torch._inductor.utils: [WARNING] using triton random, expect difference from "
            "eager",
        ),
    ]
    batch = 0
    for i, per_batch in enumerate([33.0] * 4 + [16.0] * 6 + [9.5] * 3):
        batch += 20
        entries.append(
            (
                20 * per_batch,
                f"epoch 0/10 batch {batch}/44775 loss {5.8122 - i * 0.161:.4f} lr 1.0e-03 ({per_batch:.1f} s/batch)",
            )
        )
        if i in (3, 7):
            t = at(30 + _elapsed(entries) + 3)
            entries.append(
                (
                    3,
                    f"[{t:%Y-%m-%d %H:%M:%S},118] torch._inductor.utils: [WARNING] using triton random, expect "
                    "difference from eager",
                )
            )
    return _running_case(
        "healthy-job-torch-compile-slow-first-epoch",
        at,
        name,
        ns,
        ctr,
        entries,
        "gpu-a100-node-9",
        category="healthy",
        silence=140,
        description="torch.compile'd speech model: the first few hundred batches of epoch 0 take 10 to 30 s each "
        "while inductor compiles kernels (batch lines minutes apart, inductor warnings between); the maintainers: "
        "the slow start is the compilation, expected. The job is an hour in and speeding up.",
        title="The first epoch is very slow when using torch.compile (epoch 0/10 batch 262/44775 after an hour, "
        "then normal speed) - the slow start is the compilation",
        source="https://github.com/pytorch/pytorch/issues/97783",
    )
