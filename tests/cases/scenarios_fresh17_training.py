"""Fresh round 17: real public threads about single-job training failures (CUDA faults, numerics, torch.compile, quantisation libraries).

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Scenarios, gpu, pod, running, stamped
from tests.cases.scenarios_fresh9_platform import _started
from tests.cases.scenarios_fresh11_platform import _pod_case, _scheduled
from tests.cases.scenarios_fresh12_training import _one_pod_job
from tests.cases.scenarios_real_application import _tb

SCENARIOS = Scenarios()

# What PyTorch prints after a CUDA error raised from a kernel launched earlier (its wording since 2.0).
_ASYNC_HINT = [
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might "
    "be incorrect.",
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
]


# -- GPT-SoVITS's web UI in its container: the SoVITS training it started aborts, the UI keeps running ----


@SCENARIOS.add
def cuda_error_pod_sovits_webui_training_illegal_memory_access() -> CaseSpec:
    at = Clock(datetime(2026, 11, 25, 14, 0, tzinfo=timezone.utc))
    name, ns, host = "gpt-sovits-webui", "speech", "gpu-ws-03"
    image = "registry.corp.example/speech/gpt-sovits:latest"
    ports = [9880, 9871, 9872, 9873, 9874]
    ctr = Container(
        "webui",
        image,
        ports=[{"containerPort": p, "protocol": "TCP"} for p in ports],
        resources={"limits": {"nvidia.com/gpu": "1"}, "requests": {"cpu": "4", "memory": "16Gi"}},
        mounts=[{"name": "dshm", "mountPath": "/dev/shm"}, {"name": "work", "mountPath": "/workspace/GPT-SoVITS"}],
        state=running(at(6)),
        ready=True,
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"app": "gpt-sovits-webui"},
        owner=None,
        containers=[ctr],
        created=at(0),
        phase="Running",
        node=host,
        scheduled=at(1),
        restart_policy="Always",
        volumes=[
            {"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "16Gi"}},
            {"name": "work", "persistentVolumeClaim": {"claimName": "gpt-sovits-work"}},
        ],
        qos="Burstable",
    )
    lines = [
        "INFO:short_trian:Train Epoch: 1 [0%]",
        "INFO:short_trian:[2.9181134700775146, 4.161535739898682, 17.82921028137207, 25.843229293823242, 0.0, "
        "2.7403459548950195, 0, 9.99875e-05]",
        "  5%|█████████▍" + " " * 179 + "| 5/100 [00:09<03:02,  1.92s/it]",
        "terminate called after throwing an instance of 'c10::Error'",
        "  what():  CUDA error: an illegal memory access was encountered",
        *_ASYNC_HINT,
    ]
    log = stamped(lines, at(1480), [0.2, 9.4, 0.6, 0.0])
    return _pod_case(
        "cuda-error-pod-sovits-webui-training-illegal-memory-access",
        p,
        "cuda-error",
        "an illegal memory access was encountered",
        description="GPT-SoVITS's image run as a bare pod with one GPU, a 16 GiB memory-backed /dev/shm and the "
        "five web UI ports (9880, 9871-9874), as the thread's 'docker run --gpus all --shm-size=16G -p ...' runs it; "
        "the web UI starts the SoVITS (s2) training as a child process whose output goes to the container's log. Five "
        "steps into the first epoch the training aborts: 'terminate called after throwing an instance of "
        "'c10::Error'' / 'what(): CUDA error: an illegal memory access was encountered'. The web UI itself keeps "
        "running, so the pod stays Running with no restart while the training is gone. Reconstructed: the pod "
        "(image name, mounts, node) from the docker command, its Running state (the container's main process is the "
        "web UI, not the training), the timestamps. The log lines are the thread's, verbatim. A CUDA kernel wrote "
        "or read outside its memory; rerun with CUDA_LAUNCH_BLOCKING=1 to find the kernel, and check the driver "
        "(555, CUDA 12.5) against the image's PyTorch build.",
        objects=[p, _scheduled(p, at, 1), *_started(p, ctr, at, 6)],
        logs={f"{name}/webui": log},
        captured=at(1700),
        title="CUDA error: an illegal memory access was encountered (GPT-SoVITS training in its docker image)",
        source="https://github.com/RVC-Boss/GPT-SoVITS/issues/1341",
    )


# -- Protenix training with torchrun in its container: the NCCL watchdog of rank 0 hits an illegal access -----

_MC311 = "/root/miniconda3/lib/python3.11/site-packages/torch/lib"


@SCENARIOS.add
def cuda_error_job_protenix_torchrun_watchdog_illegal_memory_access() -> CaseSpec:
    lines = [
        "[rank0]:[E1212 11:37:23.484910490 ProcessGroupNCCL.cpp:1899] [PG ID 0 PG GUID 0(default_pg) Rank 0] "
        "Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was "
        "encountered",
        _ASYNC_HINT[0],
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        _ASYNC_HINT[2],
        "",
        "Exception raised from c10_cuda_check_implementation at /pytorch/c10/cuda/CUDAException.cpp:43 (most recent "
        "call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, std::char_traits<char>, "
        f"std::allocator<char> >) + 0x98 (0x7fa9633785e8 in {_MC311}/libc10.so)",
        "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::__cxx11::basic_string<char, "
        f"std::char_traits<char>, std::allocator<char> > const&) + 0xe0 (0x7fa96330d4a2 in {_MC311}/libc10.so)",
        "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x3c2 "
        f"(0x7fa963799422 in {_MC311}/libc10_cuda.so)",
    ]
    return _one_pod_job(
        id="cuda-error-job-protenix-torchrun-watchdog-illegal-memory-access",
        day=12,
        name="protenix-train",
        ns="bio-ml",
        image="registry.corp.example/bio/protenix:latest",
        command=["torchrun", "--nproc_per_node=1", "./runner/train.py"],
        resources=gpu(1, "64Gi", "16"),
        lines=lines,
        gaps=[0.0] * (len(lines) - 1),
        category="cuda-error",
        evidence="an illegal memory access was encountered",
        description="Protenix (a protein-structure model) trained with torchrun inside its container. Rank 0's NCCL "
        "watchdog thread checks its work, finds the CUDA context broken and ends the process: 'Process group "
        "watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered', with "
        "c10's stack. The fault is a CUDA kernel's out-of-bounds access on that GPU, not communication: NCCL only "
        "noticed it. Reconstructed: the batch Job and its pod, the torchrun command line, the exit code 1 torchrun "
        "returns when its worker dies. The stored thread shows the first three stack frames only, and not torchrun's "
        "summary after them; both are left out rather than made up. Rerun with CUDA_LAUNCH_BLOCKING=1 to find the "
        "kernel.",
        title="Train error with docker (Process group watchdog thread terminated with exception: CUDA error: an "
        "illegal memory access was encountered)",
        source="https://github.com/bytedance/Protenix/issues/217",
    )


# -- Neuralangelo trained in its docker image: a CUDA error out of the training step ------------------------


@SCENARIOS.add
def cuda_error_job_neuralangelo_train_step_illegal_memory_access() -> CaseSpec:
    ws = "/workspace/neuralangelo"
    frames = [
        ("train.py", 104, "<module>", "main()"),
        ("train.py", 93, "main", "trainer.train(cfg,"),
        (
            f"{ws}/projects/neuralangelo/trainer.py",
            107,
            "train",
            "super().train(cfg, data_loader, single_gpu, profile, show_pbar)",
        ),
        (
            f"{ws}/projects/nerf/trainers/base.py",
            115,
            "train",
            "super().train(cfg, data_loader, single_gpu, profile, show_pbar)",
        ),
        (
            f"{ws}/imaginaire/trainers/base.py",
            504,
            "train",
            "self.train_step(data, last_iter_in_epoch=(it == len(data_loader) - 1))",
        ),
        (f"{ws}/imaginaire/trainers/base.py", 441, "train_step", "total_loss = self.model_forward(data)"),
    ]
    lines = _tb(frames, "\n".join(["RuntimeError: CUDA error: an illegal memory access was encountered", *_ASYNC_HINT]))
    return _one_pod_job(
        id="cuda-error-job-neuralangelo-train-step-illegal-memory-access",
        day=15,
        name="neuralangelo-train",
        ns="vision-3d",
        image="registry.corp.example/vision/neuralangelo:23.04-py3",
        command=[
            "python",
            "train.py",
            "--logdir=logs/example_group/example_name",
            "--config=projects/neuralangelo/configs/custom/example.yaml",
            "--show_pbar",
        ],
        resources=gpu(1, "32Gi", "8"),
        lines=lines,
        gaps=[0.0] * (len(lines) - 1),
        category="cuda-error",
        evidence="an illegal memory access was encountered",
        description="Neuralangelo (NVIDIA's neural surface reconstruction) trained in its docker image, one GPU. A "
        "training step raises 'RuntimeError: CUDA error: an illegal memory access was encountered' out of "
        "model_forward, and the process exits 1. Reconstructed: the batch Job and its pod, the command line (the "
        "project's train.py with its usual flags), the exit code. The stored thread's traceback stops inside the "
        "frame that calls model_forward; the frames after it are left out, the error lines are the thread's. A CUDA "
        "kernel (tiny-cuda-nn's, or the ray sampler's) read or wrote outside its buffers; rerun with "
        "CUDA_LAUNCH_BLOCKING=1 to find it.",
        title="docker CUDA error (RuntimeError: CUDA error: an illegal memory access was encountered)",
        source="https://github.com/NVlabs/neuralangelo/issues/114",
    )


# -- llama.cpp's finetune in its full-cuda image on seven GPUs: ggml's CUDA check fails with error 700 -------


@SCENARIOS.add
def cuda_error_job_llamacpp_finetune_cuda_error_700() -> CaseSpec:
    model = "/var/model"
    lines = ["CUDA error 700 at ggml-cuda.cu:6963: an illegal memory access was encountered"]
    return _one_pod_job(
        id="cuda-error-job-llamacpp-finetune-cuda-error-700",
        day=18,
        name="llamacpp-finetune-hermes-13b",
        ns="llm-tuning",
        image="registry.corp.example/llm/llama.cpp:full-cuda",
        command=[
            "/app/.devops/tools.sh",
            "--finetune",
            "--model-base",
            f"{model}/NousResearch--Nous-Hermes-Llama2-13b.gguf",
            "--checkpoint-in",
            f"{model}/chk-in-noushermes-13b-LATEST.gguf",
            "--checkpoint-out",
            f"{model}/chk-in-noushermes-13b-ITERATION.gguf",
            "--lora-out",
            f"{model}/lora-noushermes-13b-ITERATION.bin",
        ],
        resources=gpu(7, "96Gi", "32"),
        lines=lines,
        gaps=[],
        category="cuda-error",
        evidence="an illegal memory access was encountered",
        description="llama.cpp's finetune (LoRA on a 13B GGUF model) run from the project's full-cuda image on seven "
        "GPUs, the model split across them. It ends with ggml's CUDA check: 'CUDA error 700 at ggml-cuda.cu:6963: an "
        "illegal memory access was encountered', and ggml exits the process with 1 (its CUDA_CHECK macro prints the "
        "error and calls exit(1)). Reconstructed: the batch Job and its pod (the thread ran it with docker run "
        "--gpus=all, seven GPUs visible), the entrypoint and the arguments up to --lora-out, the exit code. The "
        "error line is the thread's; the finetune's earlier output is not in the stored thread and is left out. "
        "A CUDA kernel of the training graph addressed memory out of range (the multi-GPU split was the suspect).",
        title="CUDA error 700 at ggml-cuda.cu:6963: an illegal memory access was encountered for finetune using cuda",
        source="https://github.com/ggml-org/llama.cpp/issues/4212",
    )


# -- Lightning on a ResNet-18 in an image built FROM pytorch/pytorch: an illegal access in the first epoch -----

_PL = "/opt/conda/lib/python3.8/site-packages/pytorch_lightning"


@SCENARIOS.add
def cuda_error_job_lightning_pytorch_image_illegal_memory_access() -> CaseSpec:
    frames = [
        ("src/lightning_test.py", 48, "<module>", "trainer.fit(model,"),
        (f"{_PL}/trainer/trainer.py", 458, "fit", "self._run(model)"),
        (f"{_PL}/trainer/trainer.py", 756, "_run", "self.dispatch()"),
        (f"{_PL}/trainer/trainer.py", 797, "dispatch", "self.accelerator.start_training(self)"),
        (
            f"{_PL}/accelerators/accelerator.py",
            96,
            "start_training",
            "self.training_type_plugin.start_training(trainer)",
        ),
    ]
    tb = _tb(frames, "RuntimeError: CUDA error: an illegal memory access was encountered")
    lines = [
        "GPU available: True, used: True",
        "TPU available: False, using: 0 TPU cores",
        "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]",
        "",
        "  | Name   | Type   | Params",
        "----------------------------------",
        "0 | resnet | ResNet | 11.2 M",
        "----------------------------------",
        "11.2 M    Trainable params",
        "0         Non-trainable params",
        "11.2 M    Total params",
        "44.911    Total estimated model params size (MB)",
        "Files already downloaded and verified",
        "Epoch 0:   1%|▏         | 11/783 [00:00<00:35, 21.78it/s, loss=4.79, v_num=60]" + tb[0],
        *tb[1:],
    ]
    gaps = [0.0, 0.0, 0.1, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.9, 1.2] + [0.0] * (len(lines) - 14)
    return _one_pod_job(
        id="cuda-error-job-lightning-pytorch-image-illegal-memory-access",
        day=19,
        name="lightning-resnet-test",
        ns="ml-dev",
        image="registry.corp.example/ml/lightning-test:dev",
        command=["python", "src/lightning_test.py"],
        resources=gpu(1, "16Gi", "4"),
        lines=lines,
        gaps=gaps,
        category="cuda-error",
        evidence="an illegal memory access was encountered",
        description="A small PyTorch Lightning test (ResNet-18 on CIFAR-10, one GPU) in an image built FROM "
        "pytorch/pytorch:latest (PyTorch 1.8.1, CUDA 10.2, an RTX 2060, driver 460). Eleven steps into the first "
        "epoch the fit fails with 'RuntimeError: CUDA error: an illegal memory access was encountered'; other runs "
        "of the same image fail with CUBLAS_STATUS_EXECUTION_FAILED or not at all. Reconstructed: the batch Job and "
        "its pod (the thread ran the image with docker run --gpus all), the exit code 1, the timestamps. The stored "
        "thread's traceback stops inside Lightning's start_training; the frames after it are left out, the "
        "error line is the one the thread names. A CUDA kernel (cuBLAS's, here) touched memory out of range; "
        "rerun with CUDA_LAUNCH_BLOCKING=1, and try another PyTorch/CUDA build and driver.",
        title="Inconsistent CUDA errors using PyTorch Docker image",
        source="https://github.com/pytorch/pytorch/issues/59890",
    )
