"""Fresh round 44: real public threads about GPU faults and native crashes (gpu-hardware-error, crash-signal).

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Scenarios, cpu_only, gpu, stamped
from tests.cases.scenarios_real_training import _job_case

SCENARIOS = Scenarios()


# -- 1. ai-toolkit LoRA training on a rented RTX PRO 6000: "CUDA error: uncorrectable ECC error encountered" ----


@SCENARIOS.add
def gpu_hardware_error_job_ai_toolkit_rtx_pro_6000_uncorrectable_ecc() -> CaseSpec:
    at = Clock(datetime(2025, 10, 20, 14, 0, tzinfo=timezone.utc))
    ran = 186.4
    lines = [
        "CUDA error: uncorrectable ECC error encountered",
        "Search for `cudaErrorECCUncorrectable' in "
        "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
        "might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    ]
    return _job_case(
        id="gpu-hardware-error-job-ai-toolkit-rtx-pro-6000-uncorrectable-ecc",
        name="ai-toolkit-lora-train",
        ns="diffusion",
        at=at,
        image="registry.example/diffusion/ai-toolkit:latest",
        command=["python", "run.py", "config/train_lora.yaml"],
        resources=gpu(1, "96Gi", "16"),
        exit_code=1,
        ran=(4, ran),
        log=stamped(lines, at(ran - 0.4), 0.001),
        category="gpu-hardware-error",
        evidence="CUDA error: uncorrectable ECC error encountered",
        description="ostris/ai-toolkit (LoRA training for diffusion models) run on a rented GPU container with an "
        "RTX PRO 6000, set up by following a video tutorial: the training stops with 'CUDA error: uncorrectable "
        "ECC error encountered' - the GPU reported an uncorrectable memory (ECC) error, a hardware fault of that "
        "card, not something in the configuration. Verbatim: the error text as the reporter pasted it; the paste "
        "ran PyTorch's five message lines together on one line and they are given here one to a line, as PyTorch "
        "prints them (no word changed). Reconstructed: the run as a batch Job whose one pod (one GPU) runs "
        "ai-toolkit's run.py on a training config and exits 1 about three minutes in; the config name, image, "
        "resources, node and times. The training output before the error and the traceback above it are not in "
        "the thread and none is added.",
        title="ai-toolkit training on an RTX PRO 6000 stops with 'CUDA error: uncorrectable ECC error encountered'",
        source="https://github.com/ostris/ai-toolkit/issues/470",
        captured=ran + 240,
        node_name="gpu-node-31",
    )


# -- 2. Anomaly_Prediction: train.py runs about 100 epochs, then "segmentation fault (core dumped)" --------------


@SCENARIOS.add
def crash_signal_job_anomaly_prediction_train_segfault_after_100_epochs() -> CaseSpec:
    at = Clock(datetime(2021, 1, 13, 2, 0, tzinfo=timezone.utc))
    ran = 5 * 3600 + 412.7
    return _job_case(
        id="crash-signal-job-anomaly-prediction-train-segfault-after-100-epochs",
        name="anomaly-prediction-train",
        ns="video-anomaly",
        at=at,
        image="registry.example/video-anomaly/anomaly-prediction:latest",
        command=["bash", "-c", "python train.py"],
        resources=gpu(1, "32Gi", "8"),
        exit_code=139,
        ran=(4, ran),
        log=stamped(["segmentation fault (core dumped)"], at(ran - 0.2), 0.0),
        category="crash-signal",
        evidence="segmentation fault (core dumped)",
        description="Anomaly_Prediction (future-frame prediction for video anomaly detection, PyTorch): 'when i "
        'exec the "train.py" for about 100 epoch, the terminal display "segmentation fault (core dumped)"\' - '
        "the training process dies of SIGSEGV, a native crash with no Python traceback. The reporter later found "
        "the fix: moving 'from tensorboardX import SummaryWriter' to the top of the imports made it go away (an "
        "import-order clash between native libraries, not a missing or wrong package). Verbatim: the line as the "
        "reporter wrote it (in lower case), the only one the thread has. Reconstructed: the run as a batch Job "
        "whose one pod (one GPU) runs train.py through a shell, which prints that line and exits 139 (128 + "
        "SIGSEGV) after about five hours; the image, resources, node and times. The epochs' output before the "
        "crash is not in the thread and none is added.",
        title="Anomaly_Prediction train.py runs about 100 epochs, then dies with 'segmentation fault (core dumped)'",
        source="https://github.com/feiyuhuahuo/Anomaly_Prediction/issues/18",
        captured=ran + 240,
        node_name="gpu-node-14",
    )


# -- 3. torchtitan with torchao on a cu128 nightly: "Fatal Python error: Aborted" in torch.ops.load_library ------


@SCENARIOS.add
def crash_signal_job_torchtitan_torchao_load_library_fatal_python_error_aborted() -> CaseSpec:
    at = Clock(datetime(2025, 8, 14, 18, 0, tzinfo=timezone.utc))
    ran = 21.6
    env = "/home/user/.conda/envs/ao2/lib/python3.13"
    lines = [
        "[rank0]:Fatal Python error: Aborted",
        "[rank0]:",
        "[rank0]:Thread 0x00007fcbbb400640 (most recent call first):",
        f'[rank0]:  File "{env}/threading.py", line 363 in wait',
        f'[rank0]:  File "{env}/threading.py", line 659 in wait',
        f'[rank0]:  File "{env}/site-packages/tqdm/_monitor.py", line 60 in run',
        f'[rank0]:  File "{env}/threading.py", line 1043 in _bootstrap_inner',
        f'[rank0]:  File "{env}/threading.py", line 1014 in _bootstrap',
        "[rank0]:",
        "[rank0]:Current thread 0x00007fcf650a3440 (most recent call first):",
        f'[rank0]:  File "{env}/ctypes/__init__.py", line 390 in __init__',
        f'[rank0]:  File "{env}/site-packages/torch/_ops.py", line 1487 in load_library',
        '[rank0]:  File "/home/user/ao/torchao/__init__.py", line 31 in <module>',
    ]
    return _job_case(
        id="crash-signal-job-torchtitan-torchao-load-library-fatal-python-error-aborted",
        name="torchtitan-float8-train",
        ns="llm-pretrain",
        at=at,
        image="registry.example/llm/torchtitan:nightly-cu128",
        command=["bash", "-c", "NGPU=8 ./run_train.sh"],
        resources=gpu(8, "512Gi", "64"),
        exit_code=1,
        ran=(4, ran),
        log=stamped(lines, at(ran - 1.2), 0.001),
        category="crash-signal",
        evidence="Fatal Python error: Aborted",
        description="A torchtitan training run that uses torchao, with the latest PyTorch cu128 nightly: as "
        "torchao is imported, its __init__ calls torch.ops.load_library on its native library and the process "
        "aborts - rank 0 prints 'Fatal Python error: Aborted' with the faulthandler's thread stacks, the current "
        "one in ctypes under load_library. The reporter (a torchao developer) files it against PyTorch: the same "
        "call works with earlier builds and breaks only with that nightly; the stored thread shows no fix. A "
        "native abort while loading a library, so crash-signal. Verbatim: the lines as pasted (the user name in "
        "the paths neutralised); the paste goes on past torchao's __init__ and those frames are not stored, so "
        "the log ends there. Reconstructed: the run as a batch Job whose one pod (eight GPUs) starts torchtitan's "
        "run_train.sh (torchrun, rank 0's output) and exits 1 some twenty seconds in; the image, resources, node "
        "and times. torchrun's own failure summary is not in the thread and none is added.",
        title="torchtitan with torchao on the latest cu128 nightly: 'Fatal Python error: Aborted' in "
        "torch.ops.load_library as torchao is imported",
        source="https://github.com/pytorch/pytorch/issues/160657",
        captured=ran + 240,
        node_name="gpu-node-22",
    )


# -- 4. TensorFlow 1.6 wheel on a CPU without AVX: "import tensorflow" dies with "Illegal instruction" -------------


@SCENARIOS.add
def crash_signal_job_tensorflow_1_6_import_illegal_instruction_no_avx() -> CaseSpec:
    at = Clock(datetime(2018, 3, 4, 16, 0, tzinfo=timezone.utc))
    ran = 2.9
    return _job_case(
        id="crash-signal-job-tensorflow-1-6-import-illegal-instruction-no-avx",
        name="tf-version-check",
        ns="ml-sandbox",
        at=at,
        image="registry.example/ml/tensorflow-venv:py27-tf1.6.0",
        command=["bash", "-c", 'python -c "import tensorflow as tf; print(tf.GIT_VERSION, tf.VERSION)"'],
        resources=cpu_only("4Gi", "2"),
        exit_code=132,
        ran=(3, ran),
        log=stamped(["Illegal instruction (core dumped)"], at(ran - 0.1), 0.0),
        category="crash-signal",
        evidence="Illegal instruction (core dumped)",
        description="TensorFlow 1.6.0 installed with pip into a fresh Python 2.7 virtualenv on Ubuntu 16.04, on "
        "an Intel Core i3 M 330: 'import tensorflow' gives 'Illegal instruction (core dumped)', so even python -c "
        '"import tensorflow as tf; print(tf.GIT_VERSION, tf.VERSION)" fails. In the thread the cause is the CPU: '
        "prebuilt TensorFlow binaries from 1.6 on use AVX instructions and that processor has none; TensorFlow "
        "1.5, or a build from source, works. Verbatim: the line and the version command, both the reporter's. "
        "Reconstructed: the check as a batch Job whose one pod (CPU only) runs that command through a shell on a "
        "node whose CPU lacks AVX, the shell printing the line and exiting 132 (128 + SIGILL); the image, "
        "resources, node and times.",
        title="TensorFlow 1.6 on a CPU without AVX: 'import tensorflow' dies with 'Illegal instruction (core dumped)'",
        source="https://github.com/tensorflow/tensorflow/issues/17411",
        captured=ran + 240,
        node_name="cpu-node-03",
    )


# -- 5. fast-rcnn: tools/train_net.py on VGG16 ends in "Floating point exception (core dumped)" ------------------


@SCENARIOS.add
def crash_signal_job_fast_rcnn_train_net_vgg16_floating_point_exception() -> CaseSpec:
    at = Clock(datetime(2017, 11, 22, 7, 0, tzinfo=timezone.utc))
    ran = 48.3
    return _job_case(
        id="crash-signal-job-fast-rcnn-train-net-vgg16-floating-point-exception",
        name="fast-rcnn-vgg16-train",
        ns="detection",
        at=at,
        image="registry.example/detection/fast-rcnn:caffe-cuda8",
        command=[
            "bash",
            "-c",
            "./tools/train_net.py --gpu 0 --solver models/VGG16/solver.prototxt "
            "--weights data/imagenet_models/VGG16.v2.caffemodel",
        ],
        resources=gpu(1, "32Gi", "8"),
        exit_code=136,
        ran=(4, ran),
        log=stamped(["Floating point exception (core dumped)"], at(ran - 0.2), 0.0),
        category="crash-signal",
        evidence="Floating point exception (core dumped)",
        description="Training Fast R-CNN (rbgirshick/fast-rcnn, its Caffe fork) on VGG16 with './tools/train_net.py "
        "--gpu 0 --solver models/VGG16/solver.prototxt --weights data/imagenet_models/VGG16.v2.caffemodel': it "
        "'reported an error \"Floating point exception (core dumped)\"' - the training process dies of SIGFPE, a "
        "native crash. Another user who hit the same got past it by turning off USE_CUDNN in Caffe's "
        "Makefile.config and rebuilding (the old fork with a newer cuDNN). Verbatim: the command and the line, "
        "the only one the thread has. Reconstructed: the run as a batch Job whose one pod (one GPU) runs the "
        "command through a shell, which prints that line and exits 136 (128 + SIGFPE) under a minute in; the "
        "image, resources, node and times. Caffe's set-up output before the crash is not in the thread and none "
        "is added.",
        title="fast-rcnn train_net.py on VGG16 dies with 'Floating point exception (core dumped)'",
        source="https://github.com/rbgirshick/fast-rcnn/issues/167",
        captured=ran + 240,
        node_name="gpu-node-05",
    )
