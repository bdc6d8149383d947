"""Fresh round 13: real public threads about training code, launchers and their libraries (HF, DeepSpeed, Megatron, Lightning, torchrun).

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timezone
from typing import Any

from tests.cases.builders import CaseSpec, Clock, Container, Scenarios, batch_job, gpu, job_pod, running, stamped
from tests.cases.logtext import torchrun_start
from tests.cases.scenarios_fresh12_training import _DS_HEAD_GAPS, _ds_launcher_head, _one_pod_job, _system_oom
from tests.cases.scenarios_real_application import _tb

SCENARIOS = Scenarios()


def _hung_job(
    *,
    at: Clock,
    name: str,
    ns: str,
    ctr: Container,
    node_name: str,
    lines: Sequence[str],
    gaps: Sequence[float],
    quiet: float,
    start: float = 30,
    **case: Any,
) -> CaseSpec:
    """A Job whose one pod still runs: its log (kubelet-stamped from ``start`` s, ``gaps`` apart) has been
    silent for ``quiet`` seconds when the snapshot is taken; the pod is the culprit of a stall."""
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=ctr, active=1, ready=1, start=at(1), conditions=[]
    )
    p = job_pod(job, [ctr], created=at(1), phase="Running", node=node_name, scheduled=at(2))
    pod_name = p["metadata"]["name"]
    return CaseSpec(
        objects=[job, p],
        culprit=pod_name,
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        logs={f"{pod_name}/{ctr.name}": stamped(lines, at(start), gaps)},
        captured=at(start + sum(gaps) + quiet),
        **case,
    )


# -- tensorpack: DistributedTrainerReplicated given a string for its gpus, in a TF 1.4 image ---------


@SCENARIOS.add
def application_error_job_tensorpack_distributed_trainer_gpus_argument() -> CaseSpec:
    tp = "/usr/local/lib/python2.7/dist-packages"
    lines = [
        "2026-11-13 09:00:30.118250: I tensorflow/core/platform/cpu_feature_guard.cc:137] Your CPU supports "
        "instructions that this TensorFlow binary was not compiled to use: SSE4.1 SSE4.2 AVX AVX2 FMA",
        "2026-11-13 09:00:30.402731: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1030] Found device 0 with "
        "properties: ",
        "name: Tesla P100-PCIE-16GB major: 6 minor: 0 memoryClockRate(GHz): 1.3285",
        "pciBusID: 0000:00:04.0",
        "totalMemory: 15.89GiB freeMemory: 15.60GiB",
        "2026-11-13 09:00:30.402799: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1120] Creating TensorFlow "
        "device (/device:GPU:0) -> (device: 0, name: Tesla P100-PCIE-16GB, pci bus id: 0000:00:04.0, compute "
        "capability: 6.0)",
        "2026-11-13 09:00:30.431652: I tensorflow/core/distributed_runtime/rpc/grpc_channel.cc:215] Initialize "
        "GrpcChannelCache for job ps -> {0 -> cifar-ps-0.cifar:2222}",
        "2026-11-13 09:00:30.431701: I tensorflow/core/distributed_runtime/rpc/grpc_channel.cc:215] Initialize "
        "GrpcChannelCache for job worker -> {0 -> localhost:2222, 1 -> cifar-worker-1.cifar:2222}",
        "2026-11-13 09:00:30.433217: I tensorflow/core/distributed_runtime/rpc/grpc_server_lib.cc:324] Started "
        "server with target: grpc://localhost:2222",
        "[1113 09:00:30 @logger.py:67] Argv: cifar10-resnet.py --gpu 0 --job worker --task 0",
        "[1113 09:00:31 @cifar.py:33] Found cifar10 data in /data/cifar10_data.",
        "[1113 09:00:33 @parallel.py:175] [MultiProcessPrefetchData] Will fork a dataflow more than one times. "
        "This assumes the datapoints are i.i.d.",
        *_tb(
            [
                ("cifar10-resnet.py", 183, "<module>", "launch_train_with_config(config, trainer)"),
                (
                    f"{tp}/tensorpack/train/interface.py",
                    88,
                    "launch_train_with_config",
                    "session_creator=config.session_creator,",
                ),
                (
                    f"{tp}/tensorpack/train/config.py",
                    160,
                    "session_creator",
                    "return NewSessionCreator(config=self.session_config)",
                ),
            ],
            "AttributeError: 'TrainConfig' object has no attribute 'session_config'",
        ),
    ]
    return _one_pod_job(
        id="application-error-job-tensorpack-distributed-trainer-gpus-argument",
        day=13,
        name="cifar-resnet-dist-worker0",
        ns="vision",
        image="registry.corp.example/vision/tensorpack:tf1.4.0-gpu",
        command=["python", "cifar10-resnet.py", "--gpu", "0", "--job", "worker", "--task", "0"],
        resources=gpu(1, "32Gi", "8"),
        lines=lines,
        gaps=[0.28, 0.0, 0.0, 0.0, 0.0, 0.03, 0.0, 0.0, 0.4, 1.1, 2.0, 0.2, *[0.01] * 8],
        category="application-error",
        evidence="object has no attribute 'session_config'",
        description="A proof of concept of tensorpack's distributed training (ResNet on CIFAR-10, one parameter "
        "server and two workers) in the TensorFlow 1.4.0 image. The script builds "
        "DistributedTrainerReplicated(os.getenv('CUDA_VISIBLE_DEVICES'), server) and calls "
        "launch_train_with_config(config, trainer); the worker fails before the first step with "
        "\"AttributeError: 'TrainConfig' object has no attribute 'session_config'\" (without "
        "launch_train_with_config: \"'DistributedTrainerReplicated' object has no attribute '_callbacks'\"). The "
        "maintainer: the trainer's first argument, gpus, must be an int or a list of ints, not the string from "
        "the environment - a wrong argument in the user's script; the team went back to the v1 trainer, which works.",
        title='tensorpack DistributedTrainerReplicated with launch_train_with_config: "AttributeError: '
        "'TrainConfig' object has no attribute 'session_config'\" (TF 1.4 docker image)",
        source="https://github.com/tensorpack/tensorpack/issues/505",
    )


# -- T5-XL fine-tuning with the HF Trainer and DeepSpeed on four GPUs: return code -7 early in training -


@SCENARIOS.add
def shm_exhausted_job_deepspeed_t5_xl_trainer_return_code_7() -> CaseSpec:
    python = "/opt/conda/bin/python"
    argv = [
        "--model_name_or_path", "google/t5-v1_1-xl", "--train_file", "data/quoref/proc_train.json",
        "--validation_file", "data/quoref/proc_val.json", "--context_column", "context", "--question_column",
        "question", "--answer_column", "answer", "--do_train", "--per_device_train_batch_size", "2",
        "--per_device_eval_batch_size", "48", "--learning_rate", "1e-4", "--num_train_epochs", "3",
        "--max_seq_length", "512", "--eval_accumulation_steps", "100", "--predict_with_generate",
        "--save_strategy", "no", "--save_total_limit", "1", "--gradient_checkpointing", "True",
        "--overwrite_cache", "True", "--report_to", "wandb", "--logging_steps", "5", "--output_dir",
        "models/t5_xl_finetuned_quoref_bs2", "--overwrite_output_dir", "True", "--deepspeed",
        "src/configs/ds_new_config.json",
    ]  # fmt: skip
    quoted = ", ".join(f"'{a}'" for a in argv)
    steps = [
        "{'loss': 11.2184, 'learning_rate': 9.995e-05, 'epoch': 0.0}",
        "  0%|          | 5/7725 [00:21<8:41:28,  4.05s/it]",
        "{'loss': 6.9032, 'learning_rate': 9.99e-05, 'epoch': 0.0}",
        "  0%|          | 10/7725 [00:41<8:40:02,  4.04s/it]",
        "{'loss': 4.1175, 'learning_rate': 9.984e-05, 'epoch': 0.01}",
        "  0%|          | 15/7725 [01:01<8:39:51,  4.04s/it]",
        "{'loss': 3.0561, 'learning_rate': 9.979e-05, 'epoch': 0.01}",
        "  0%|          | 20/7725 [01:21<8:39:37,  4.05s/it]",
    ]
    lines = [
        *_ds_launcher_head(
            14, python, "eyJsb2NhbGhvc3QiOiBbMCwgMSwgMiwgM119", 4, f"src/experiments/run_gen_qa.py {' '.join(argv)}"
        ),
        "[2026-11-14 09:00:39,112] [INFO] [comm.py:637:init_distributed] cdb=None",
        "[2026-11-14 09:00:39,112] [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with "
        "backend nccl",
        "Found cached dataset json (/root/.cache/huggingface/datasets/json/default-4f8c1e29b7d0a3c5/0.0.0)",
        "Running tokenizer on train dataset: 100%|██████████| 20/20 [00:14<00:00,  1.41ba/s]",
        "[2026-11-14 09:01:37,804] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.9.2, "
        "git-hash=unknown, git-branch=unknown",
        "[2026-11-14 09:01:41,260] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed Final Optimizer = AdamW",
        "[2026-11-14 09:01:41,262] [INFO] [config.py:955:print_user_config]   json = {",
        '    "bf16": {',
        '        "enabled": true',
        "    }, ",
        '    "zero_optimization": {',
        '        "stage": 3, ',
        '        "offload_optimizer": {',
        '            "device": "cpu", ',
        '            "pin_memory": true',
        "        }, ",
        '        "offload_param": {',
        '            "device": "cpu", ',
        '            "pin_memory": true',
        "        }",
        "    }",
        "}",
        "***** Running training *****",
        "  Num examples = 19399",
        "  Num Epochs = 3",
        "  Instantaneous batch size per device = 2",
        "  Total train batch size (w. parallel, distributed & accumulation) = 8",
        "  Gradient Accumulation steps = 1",
        "  Total optimization steps = 7725",
        "  Number of trainable parameters = 2849757184",
        *steps,
        *[
            f"[2026-11-14 09:03:{11 + i:02d},{640 + i * 97}] [INFO] [launch.py:315:sigkill_handler] Killing "
            f"subprocess {2811 + i}"
            for i in range(4)
        ],
        f"[2026-11-14 09:03:15,806] [ERROR] [launch.py:321:sigkill_handler] ['{python}', '-u', "
        f"'src/experiments/run_gen_qa.py', '--local_rank=3', {quoted}] exits with return code = -7",
    ]
    cfg = 16
    head = len(_DS_HEAD_GAPS) + 1
    gaps = [*_DS_HEAD_GAPS, 4.8, 0.0, 1.3, 14.2, 42.8, 3.5, 0.0, *[0.0] * cfg]
    gaps += [0.3, *[0.0] * 6, 21.0, 0.0, 20.0, 0.0, 20.0, 0.0, 20.0, 0.0, 9.2, 1.1, 1.1, 1.1, 0.9]
    assert len(gaps) == len(lines) - 1, (len(gaps), len(lines), head)
    return _one_pod_job(
        id="shm-exhausted-job-deepspeed-t5-xl-trainer-return-code-7",
        day=14,
        name="t5-xl-quoref-ft",
        ns="qa-research",
        image="registry.corp.example/qa/t5-finetune:torch2.0-ds0.9.2",
        command=["bash", "scripts/finetune_t5_xl.sh"],
        resources=gpu(4, "240Gi", "32"),
        lines=lines,
        gaps=gaps,
        exit_code=249,
        category="shm-exhausted",
        evidence="exits with return code = -7",
        description="Fine-tuning google/t5-v1_1-xl on Quoref with the Hugging Face Trainer and DeepSpeed ZeRO-3 "
        "(bf16, optimizer and parameters offloaded to pinned CPU memory) on four GPUs, following a Flan-T5 "
        "DeepSpeed tutorial. Early in training, after a few logged steps, the launcher kills the ranks and "
        "reports only 'exits with return code = -7', with no traceback: a rank died of signal 7, SIGBUS. The "
        "threads this one links (DeepSpeed #2897, #4002) found the cause in the container's /dev/shm, the "
        "runtime's 64 MB default, too small for the shared memory the ranks map; a larger /dev/shm fixes it. "
        "The pod mounts no memory-backed emptyDir at /dev/shm.",
        title="Fine-tuning t5-xl with the HF Trainer and DeepSpeed crashes early in training: 'exits with return "
        "code = -7' with no other traceback",
        source="https://github.com/deepspeedai/DeepSpeed/issues/3603",
    )


# -- GPT-J under DeepSpeed-Inference in a Docker image: after dozens of runs, a floating point exception -


@SCENARIOS.add
def crash_signal_job_deepspeed_inference_gptj_floating_point_exception() -> CaseSpec:
    lines = [
        "[2026-11-15 09:00:30,227] [INFO] [logging.py:68:log_dist] [Rank -1] DeepSpeed info: version=0.7.7, "
        "git-hash=unknown, git-branch=unknown",
        "[2026-11-15 09:00:30,228] [INFO] [logging.py:68:log_dist] [Rank -1] quantize_bits = 8 mlp_extra_grouping = "
        "False, quantize_groups = 1",
        "Using /root/.cache/torch_extensions/py38_cu116 as PyTorch extensions root...",
        "Detected CUDA files, patching ldflags",
        "Emitting ninja build file /root/.cache/torch_extensions/py38_cu116/transformer_inference/build.ninja...",
        "Building extension module transformer_inference...",
        "Allowing ninja to set a default number of workers... (overridable by setting the environment variable "
        "MAX_JOBS=N)",
        "ninja: no work to do.",
        "Loading extension module transformer_inference...",
        "Time to load transformer_inference op: 0.2716963291168213 seconds",
        "[2026-11-15 09:00:30,731] [INFO] [logging.py:68:log_dist] [Rank -1] DeepSpeed-Inference config: "
        "{'layer_id': 0, 'hidden_size': 4096, 'intermediate_size': 16384, 'heads': 16, 'num_hidden_layers': -1, "
        "'fp16': True, 'pre_layer_norm': True, 'local_rank': -1, 'stochastic_mode': False, 'epsilon': 1e-05, "
        "'mp_size': 1, 'q_int8': False, 'scale_attention': True, 'triangular_masking': True, 'local_attention': "
        "False, 'window_size': 1, 'rotary_dim': 64, 'rotate_half': False, 'rotate_every_two': True, "
        "'return_tuple': True, 'mlp_after_attn': False, 'mlp_act_func_type': <ActivationFuncType.GELU: 1>, "
        "'specialized_mode': False, 'training_mp_size': 1, 'bigscience_bloom': False, 'max_out_tokens': 1024, "
        "'scale_attn_by_inverse_layer_idx': False}",
        *[f"run {i}: generated 200 tokens in {1.62 + (i % 3) * 0.04:.2f}s" for i in range(1, 38)],
        "Floating point exception (core dumped)",
    ]
    gaps = [0.0, 0.2, 0.0, 0.0, 0.0, 0.0, 0.05, 0.05, 0.15, 0.0, *[1.7] * 37, 0.9]
    return _one_pod_job(
        id="crash-signal-job-deepspeed-inference-gptj-floating-point-exception",
        day=15,
        name="gptj-ds-inference-bench",
        ns="llm-bench",
        image="registry.corp.example/llm/finetune-gptneo-gptj6b:ds0.7.7",
        command=["bash", "-c", "cd /workspace/inference/benchmark && python benchmark_deepspeed.py"],
        resources=gpu(1, "64Gi", "8"),
        lines=lines,
        gaps=gaps,
        exit_code=136,
        category="crash-signal",
        evidence="Floating point exception (core dumped)",
        description="A benchmark of GPT-J 6B under DeepSpeed-Inference (kernel injection, fp16) from a Docker "
        "image: it generates over and over, 2-3x faster than plain PyTorch, and after a few dozen runs the "
        "process dies natively with 'Floating point exception (core dumped)' (other times 'OverflowError: out "
        "of range integral type conversion attempted'); the model has to be reloaded. The shell reports the "
        "signal and exits 136 (128 + SIGFPE). DeepSpeed-MII, built on the same kernels, behaves the same.",
        title="GPT-J DeepSpeed-Inference crashes after a number of runs: 'Floating point exception (core dumped)'",
        source="https://github.com/deepspeedai/DeepSpeed/issues/2696",
    )


# -- ZeRO-2 with the optimizer offloaded: the process segfaults while cpu_adam is built, in one image ---


@SCENARIOS.add
def crash_signal_job_deepspeed_zero2_cpu_adam_segfault() -> CaseSpec:
    py = "/home/work/.conda/miniconda3/envs/udop/lib/python3.11/site-packages"
    ext = "/home/work/.cache/torch_extensions/py311_cu118"
    argv = [
        "--deepspeed", "configs/zero2_offload.json", "--model_name_or_path", "/models/udop-large", "--output_dir",
        "/output/udop-zero2", "--per_device_train_batch_size", "4", "--bf16", "True",
    ]  # fmt: skip
    quoted = ", ".join(f"'{a}'" for a in argv)
    nvcc = (
        '-DTORCH_EXTENSION_NAME=cpu_adam -DTORCH_API_INCLUDE_EXTENSION_H -DPYBIND11_COMPILER_TYPE=\\"_gcc\\" '
        '-DPYBIND11_STDLIB=\\"_libstdcpp\\" -DPYBIND11_BUILD_ABI=\\"_cxxabi1011\\" '
        f"-I{py}/deepspeed/ops/csrc/includes -I/usr/local/cuda/include -isystem {py}/torch/include -isystem "
        f"{py}/torch/include/torch/csrc/api/include -isystem {py}/torch/include/TH"
    )
    lines = [
        *_ds_launcher_head(
            16,
            "/home/work/.conda/miniconda3/envs/udop/bin/python",
            "eyJsb2NhbGhvc3QiOiBbMCwgMSwgMiwgM119",
            4,
            f"train.py {' '.join(argv)}",
        ),
        "[2026-11-16 09:00:41,902] [INFO] [comm.py:637:init_distributed] cdb=None",
        "[2026-11-16 09:00:41,902] [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with "
        "backend nccl",
        "[2026-11-16 09:01:54,556] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.12.2, "
        "git-hash=unknown, git-branch=unknown",
        "[2026-11-16 09:01:54,577] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed Flops Profiler Enabled: False",
        f"Using {ext} as PyTorch extensions root...",
        f"Creating extension directory {ext}/cpu_adam...",
        "Detected CUDA files, patching ldflags",
        f"Emitting ninja build file {ext}/cpu_adam/build.ninja...",
        "Building extension module cpu_adam...",
        "Allowing ninja to set a default number of workers... (overridable by setting the environment variable "
        "MAX_JOBS=N)",
        "lang: 35555505",
        "mae: 11230058",
        f"[1/4] /usr/local/cuda/bin/nvcc  {nvcc} -c {py}/deepspeed/ops/csrc/common/custom_cuda_kernel.cu -o "
        "custom_cuda_kernel.cuda.o",
        f"[2/4] c++ -MMD -MF cpu_adam.o.d {nvcc} -c {py}/deepspeed/ops/csrc/adam/cpu_adam.cpp -o cpu_adam.o",
        f"[3/4] c++ -MMD -MF cpu_adam_impl.o.d {nvcc} -c {py}/deepspeed/ops/csrc/adam/cpu_adam_impl.cpp -o "
        "cpu_adam_impl.o",
        f"[4/4] c++ cpu_adam.o cpu_adam_impl.o custom_cuda_kernel.cuda.o -shared -lcurand -L{py}/torch/lib -lc10 "
        "-lc10_cuda -ltorch_cpu -ltorch_cuda -ltorch -ltorch_python -L/usr/local/cuda/lib64 -lcudart -o cpu_adam.so",
        "Loading extension module cpu_adam...",
        "Time to load cpu_adam op: 31.80640697479248 seconds",
        *[
            f"[2026-11-16 09:02:29,{310 + i * 121}] [INFO] [launch.py:315:sigkill_handler] Killing subprocess "
            f"{41277 + i}"
            for i in range(4)
        ],
        f"[2026-11-16 09:02:29,902] [ERROR] [launch.py:321:sigkill_handler] "
        f"['/home/work/.conda/miniconda3/envs/udop/bin/python', '-u', 'train.py', '--local_rank=3', {quoted}] "
        "exits with return code = -11",
    ]
    gaps = [*_DS_HEAD_GAPS, 7.6, 0.0, 72.7, 0.02, 0.01, 0.0, 0.0, 0.02, 0.0, 0.0, 0.1, 0.0, 9.8, 8.7, 6.9, 5.8]
    gaps += [0.05, 0.4, 2.1, 0.12, 0.12, 0.12, 0.23]
    return _one_pod_job(
        id="crash-signal-job-deepspeed-zero2-cpu-adam-segfault",
        day=16,
        name="udop-zero2-offload",
        ns="doc-ai",
        image="registry.corp.example/doc-ai/udop-train:torch2.1-cu118-ds0.12.2",
        command=["deepspeed", "--num_gpus", "4", "train.py", "--deepspeed", "configs/zero2_offload.json"],
        resources=gpu(4, "256Gi", "32"),
        lines=lines,
        gaps=gaps,
        exit_code=245,
        category="crash-signal",
        evidence="exits with return code = -11",
        description="Training with DeepSpeed 0.12 ZeRO-2 (optimizer offloaded to pinned CPU memory), transformers "
        "4.35, torch 2.1 and CUDA 11.8. The same set-up runs everywhere but in one Docker image on a cluster: "
        "DeepSpeed JIT-builds its cpu_adam extension for the offloaded optimizer, loads it, and the ranks die "
        "of a segmentation fault (the launcher: 'exits with return code = -11', signal 11); ZeRO-3 with CPU "
        "offload fails the same way. A native crash in the CPU Adam extension built in that image.",
        title="DeepSpeed ZeRO-2 with CPU optimizer offload fails with a segmentation fault after building cpu_adam, "
        "in one docker image on a cluster",
        source="https://github.com/deepspeedai/DeepSpeed/issues/4745",
    )


# -- DeepSpeed ZeRO-2 fine-tuning on two GPUs hangs after four steps, in loss.backward -----------------


@SCENARIOS.add
def stalled_job_deepspeed_zero2_stuck_after_four_steps() -> CaseSpec:
    at = Clock(datetime(2026, 11, 17, 9, 0, tzinfo=timezone.utc))
    name, ns = "llava-zero2-sft", "mm-train"
    argv = (
        "llava/train/train_mem.py --deepspeed ./scripts/zero2.json --model_name_or_path /models/vicuna-7b-v1.5 "
        "--data_path /data/llava_v1_5_mix665k.json --image_folder /data/images --bf16 True --output_dir "
        "/output/llava-v1.5-7b --num_train_epochs 1 --per_device_train_batch_size 16 --gradient_accumulation_steps 1"
    )
    overflow = [(4294967296, 2147483648), (2147483648, 1073741824), (1073741824, 536870912), (536870912, 268435456)]
    steps: list[str] = []
    for i, (was, now) in enumerate(overflow, start=1):
        t = at(185.2 + 8.3 * i)  # the stamped time of step i: 8.3 s a step from 09:03:05
        steps.append(
            f"[{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d}] [INFO] [loss_scaler.py:183:update_scale] "
            f"[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: {was}, reducing to {now}"
        )
        left = (20791 - i) * 8.3
        steps.append(
            f"  0%|          | {i}/20791 [00:{round(8.3 * i):02d}<{int(left // 3600)}:{int(left % 3600 // 60):02d}:"
            f"{int(left % 60):02d},  8.3{i}s/it]"
        )
    lines = [
        *_ds_launcher_head(17, "/opt/conda/bin/python", "eyJsb2NhbGhvc3QiOiBbMCwgMV19", 2, argv),
        "[2026-11-17 09:00:41,118] [INFO] [comm.py:637:init_distributed] cdb=None",
        "[2026-11-17 09:00:41,118] [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with "
        "backend nccl",
        "Loading checkpoint shards: 100%|██████████| 2/2 [00:09<00:00,  4.62s/it]",
        "Using /root/.cache/torch_extensions/py310_cu116 as PyTorch extensions root...",
        "Emitting ninja build file /root/.cache/torch_extensions/py310_cu116/fused_adam/build.ninja...",
        "Building extension module fused_adam...",
        "ninja: no work to do.",
        "Loading extension module fused_adam...",
        "Time to load fused_adam op: 0.10256075859069824 seconds",
        "[2026-11-17 09:02:58,604] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.10.3, "
        "git-hash=unknown, git-branch=unknown",
        "[2026-11-17 09:03:02,871] [INFO] [stage_1_and_2.py:146:__init__] Reduce bucket size 500000000",
        "[2026-11-17 09:03:02,871] [INFO] [stage_1_and_2.py:147:__init__] Allgather bucket size 500000000",
        "[2026-11-17 09:03:04,227] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed Final Optimizer = AdamW",
        "  0%|          | 0/20791 [00:00<?, ?it/s]",
        *steps,
    ]
    gaps = [*_DS_HEAD_GAPS, 6.8, 0.0, 12.3, 2.1, 0.2, 0.1, 0.3, 0.0, 0.0, 122.5, 4.3, 0.0, 1.4, 0.9]
    gaps += [8.3, 0.0] * 4
    ctr = Container(
        "train",
        "registry.corp.example/mm/llava:torch2.0-ds0.10.3",
        command=["deepspeed", "--num_gpus", "2", *argv.split(" ")],
        resources=gpu(2, "160Gi", "24"),
        state=running(at(20)),
        ready=True,
    )
    return _hung_job(
        id="stalled-job-deepspeed-zero2-stuck-after-four-steps",
        at=at,
        name=name,
        ns=ns,
        ctr=ctr,
        node_name="gpu-node-22",
        lines=lines,
        gaps=gaps,
        quiet=2 * 3600 + 300,
        evidence="4/20791",
        description="Fine-tuning with the Hugging Face Trainer and DeepSpeed ZeRO-2 on two GPUs. The model loads, "
        "fused_adam is loaded from the extension cache, and training starts: four steps, each skipped by the "
        "fp16 loss scaler ('[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 536870912, "
        "reducing to 268435456'), then nothing - the ranks sit in loss.backward and the pod keeps running with "
        "no output for hours. ZeRO-0 trains; NCCL_P2P_DISABLE=1 did not help; deleting the stale "
        "~/.cache/torch_extensions build and reinstalling DeepSpeed did.",
        title="DeepSpeed training gets stuck when the model starts training: after 4 steps of 'OVERFLOW! Rank 0 "
        "Skipping step', no progress (stuck in loss.backward)",
        source="https://github.com/deepspeedai/DeepSpeed/issues/4443",
    )


# -- LLaMA-Factory under accelerate launch with ten processes: CUDA peer mapping resources exhausted ---


@SCENARIOS.add
def cuda_error_job_accelerate_ten_processes_peer_mapping_exhausted() -> CaseSpec:
    py = "/opt/conda/lib/python3.10/site-packages"
    t = datetime(2026, 11, 18, 9, 0, 30, tzinfo=timezone.utc)
    err = [
        "RuntimeError: CUDA error: peer mapping resources exhausted",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might "
        "be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    ]
    frames = [
        ("/app/LLaMA-Factory/src/train_bash.py", 14, "<module>", "main()"),
        ("/app/LLaMA-Factory/src/train_bash.py", 5, "main", "run_exp()"),
        (
            "/app/LLaMA-Factory/src/llmtuner/tuner/tune.py",
            26,
            "run_exp",
            "run_sft(model_args, data_args, training_args, finetuning_args, generating_args, callbacks)",
        ),
        (
            "/app/LLaMA-Factory/src/llmtuner/tuner/sft/workflow.py",
            67,
            "run_sft",
            "train_result = trainer.train(resume_from_checkpoint=training_args.resume_from_checkpoint)",
        ),
        (f"{py}/transformers/trainer.py", 1591, "train", "return inner_training_loop("),
        (
            f"{py}/transformers/trainer.py",
            1726,
            "_inner_training_loop",
            "model, self.optimizer = self.accelerator.prepare(self.model, self.optimizer)",
        ),
        (f"{py}/accelerate/accelerator.py", 1202, "prepare", "result = tuple("),
        (
            f"{py}/accelerate/accelerator.py",
            1203,
            "<genexpr>",
            "self._prepare_one(obj, first_pass=True, device_placement=d) for obj, d in zip(args, device_placement)",
        ),
        (
            f"{py}/accelerate/accelerator.py",
            1030,
            "_prepare_one",
            "return self.prepare_model(obj, device_placement=device_placement)",
        ),
        (
            f"{py}/accelerate/accelerator.py",
            1340,
            "prepare_model",
            "model = torch.nn.parallel.DistributedDataParallel(",
        ),
        (
            f"{py}/torch/nn/parallel/distributed.py",
            795,
            "__init__",
            "_verify_param_shape_across_processes(self.process_group, parameters)",
        ),
        (
            f"{py}/torch/distributed/utils.py",
            265,
            "_verify_param_shape_across_processes",
            "return dist._verify_params_across_processes(process_group, tensors, logger)",
        ),
    ]
    lines = [
        *torchrun_start(t, pid=1),
        "11/18/2026 09:00:41 - WARNING - llmtuner.tuner.core.parser - We recommend enable fp16 mixed precision "
        "training.",
        "11/18/2026 09:00:41 - INFO - llmtuner.tuner.core.parser - Process rank: 0, device: cuda:0, n_gpu: 1",
        "  distributed training: True, compute dtype: torch.float16",
        "[INFO|tokenization_utils_base.py:2013] 2026-11-18 09:00:42,318 >> loading file tokenizer.model",
        "[INFO|modeling_utils.py:2990] 2026-11-18 09:00:43,702 >> loading weights file "
        "/models/Baichuan2-13B-Chat/pytorch_model.bin.index.json",
        "Loading checkpoint shards: 100%|██████████| 3/3 [00:21<00:00,  7.21s/it]",
        "11/18/2026 09:01:06 - INFO - llmtuner.tuner.core.utils - Gradient checkpointing enabled.",
        "11/18/2026 09:01:06 - INFO - llmtuner.tuner.core.adapter - Fine-tuning method: LoRA",
        "11/18/2026 09:01:07 - INFO - llmtuner.tuner.core.loader - trainable params: 6553600 || all params: "
        "13903221760 || trainable%: 0.0471",
        "Running tokenizer on dataset: 100%|██████████| 1000/1000 [00:02<00:00, 441.27 examples/s]",
        *_tb(frames, "\n".join(err)),
        "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 1187) of "
        "binary: /opt/conda/bin/python",
        *_tb(
            [
                ("/opt/conda/bin/accelerate", 8, "<module>", "sys.exit(main())"),
                (f"{py}/accelerate/commands/accelerate_cli.py", 47, "main", "args.func(args)"),
                (f"{py}/accelerate/commands/launch.py", 985, "launch_command", "multi_gpu_launcher(args)"),
                (f"{py}/accelerate/commands/launch.py", 654, "multi_gpu_launcher", "distrib_run.run(args)"),
                (f"{py}/torch/distributed/run.py", 797, "run", "elastic_launch("),
                (
                    f"{py}/torch/distributed/launcher/api.py",
                    134,
                    "__call__",
                    "return launch_agent(self._config, self._entrypoint, list(args))",
                ),
                (f"{py}/torch/distributed/launcher/api.py", 264, "launch_agent", "raise ChildFailedError("),
            ],
            "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        ),
        "============================================================",
        "src/train_bash.py FAILED",
        "------------------------------------------------------------",
        "Failures:",
        "  <NO_OTHER_FAILURES>",
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
        "[0]:",
        "  time      : 2026-11-18_09:01:12",
        "  host      : baichuan2-13b-lora-sft-6qk2x",
        "  rank      : 0 (local_rank: 0)",
        "  exitcode  : 1 (pid: 1187)",
        "  error_file: <N/A>",
        "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
        "============================================================",
    ]
    n_tb = 1 + 2 * len(frames) + len(err)
    gaps = [0.0, 0.0, 0.0, 10.9, 0.0, 0.0, 1.3, 1.4, 22.1, 0.3, 0.9, 2.6, 2.4, *[0.0] * (n_tb - 1), 1.2]
    gaps += [0.0] * (len(lines) - 1 - len(gaps))
    return _one_pod_job(
        id="cuda-error-job-accelerate-ten-processes-peer-mapping-exhausted",
        day=18,
        name="baichuan2-13b-lora-sft",
        ns="llm-ft",
        image="registry.corp.example/llm/llama-factory:0.2.0-torch2.1",
        command=["accelerate", "launch", "--config_file", "/etc/accelerate/default_config.yaml", "src/train_bash.py"],
        resources=gpu(10, "640Gi", "80"),
        lines=lines,
        gaps=gaps,
        category="cuda-error",
        evidence="peer mapping resources exhausted",
        description="LoRA SFT with LLaMA-Factory started by 'accelerate launch src/train_bash.py' on one machine with "
        "ten GPUs, from an accelerate config written by 'accelerate config' (distributed_type MULTI_GPU, "
        "num_processes 10, gpu_ids all). When the model is wrapped in DistributedDataParallel the ranks fail "
        "with 'RuntimeError: CUDA error: peer mapping resources exhausted' - CUDA lets a GPU map the memory of "
        "at most eight peers, and ten processes exceed it. The thread's fix was the accelerate configuration; "
        "with it (fewer processes per peer group) training runs.",
        title="LLaMA-Factory with accelerate launch on MULTI_GPU (num_processes 10): 'RuntimeError: CUDA error: "
        "peer mapping resources exhausted'",
        source="https://github.com/hiyouga/LlamaFactory/issues/1213",
    )


# -- ai-toolkit LoRA training of FLUX.1-schnell: diffusers' LoRA loader finds no PEFT backend ----------


@SCENARIOS.add
def dependency_error_job_ai_toolkit_flux_peft_backend_required() -> CaseSpec:
    app = "/app/ai-toolkit"
    site = f"{app}/venv/lib/python3.10/site-packages"
    lines = [
        "Running  1 process",
        "Loading Flux model",
        "Loading transformer",
        "Fusing in LoRA",
        "Error running job: PEFT backend is required for this method.",
        "",
        "========================================",
        "Result:",
        " - 0 completed jobs",
        " - 1 failure",
        "========================================",
        *_tb(
            [
                (f"{app}/run.py", 90, "<module>", "main()"),
                (f"{app}/run.py", 86, "main", "raise e"),
                (f"{app}/run.py", 78, "main", "job.run()"),
                (f"{app}/jobs/ExtensionJob.py", 22, "run", "process.run()"),
                (f"{app}/jobs/process/BaseSDTrainProcess.py", 1230, "run", "self.sd.load_model()"),
                (
                    f"{app}/toolkit/stable_diffusion_model.py",
                    540,
                    "load_model",
                    'pipe.load_lora_weights(self.model_config.lora_path, adapter_name="lora1")',
                ),
                (
                    f"{site}/diffusers/loaders/lora_pipeline.py",
                    1607,
                    "load_lora_weights",
                    'raise ValueError("PEFT backend is required for this method.")',
                ),
            ],
            "ValueError: PEFT backend is required for this method.",
        ),
    ]
    return _one_pod_job(
        id="dependency-error-job-ai-toolkit-flux-peft-backend-required",
        day=19,
        name="flux-schnell-lora",
        ns="genai",
        image="registry.corp.example/genai/ai-toolkit:2024-08",
        command=["python", "run.py", "config/train_lora_flux_schnell_24gb.yaml"],
        resources=gpu(1, "64Gi", "8"),
        lines=lines,
        gaps=[2.1, 0.4, 38.6, 0.2, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, *[0.0] * 16],
        category="dependency-error",
        evidence="PEFT backend is required for this method",
        description="LoRA training of FLUX.1-schnell with ostris' ai-toolkit. The transformer loads, and when the "
        "assistant LoRA is fused in, diffusers' load_lora_weights refuses: 'ValueError: PEFT backend is required "
        "for this method.' - diffusers only uses its PEFT backend when the peft package (and a recent enough "
        "transformers) is installed, and this environment lacks it. The job reports '0 completed jobs, 1 "
        "failure' and exits 1. Installing the requirements (peft) fixes it.",
        title="ai-toolkit, LoRA training FLUX.schnell: 'Error running job: PEFT backend is required for this method.'",
        source="https://github.com/ostris/ai-toolkit/issues/92",
    )


# -- Lightning DDP on two GPUs of one machine: both ranks register, then nothing more is printed ------


@SCENARIOS.add
def stalled_job_lightning_ddp_two_gpus_stuck_after_init() -> CaseSpec:
    at = Clock(datetime(2026, 11, 20, 9, 0, tzinfo=timezone.utc))
    name, ns = "boring-model-ddp", "research"
    lines = [
        "GPU available: True, used: True",
        "TPU available: False, using: 0 TPU cores",
        "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1]",
        "Using native 16bit precision.",
        "LOCAL_RANK: 1 - CUDA_VISIBLE_DEVICES: [0,1]",
        "Using native 16bit precision.",
        "initializing ddp: GLOBAL_RANK: 1, MEMBER: 2/2",
        "initializing ddp: GLOBAL_RANK: 0, MEMBER: 1/2",
        "boring-model-ddp-x7k2q:82845:82845 [1] misc/ibvwrap.cc:63 NCCL WARN Failed to open libibverbs.so[.1]",
    ]
    gaps = [0.0, 0.6, 0.0, 3.9, 0.0, 0.4, 0.1, 1.2]
    ctr = Container(
        name="train",
        image="registry.corp.example/research/lightning:1.5.1-torch1.9-cu111",
        command=["python", "boring_model.py"],
        resources=gpu(2, "64Gi", "16"),
        env=[{"name": "NCCL_DEBUG", "value": "WARN"}],
        state=running(at(20)),
        ready=True,
    )
    return _hung_job(
        id="stalled-job-lightning-ddp-two-gpus-stuck-after-init",
        at=at,
        name=name,
        ns=ns,
        ctr=ctr,
        node_name="gpu-node-07",
        lines=lines,
        gaps=gaps,
        quiet=45 * 60,
        evidence="MEMBER: 1/2",
        description="Lightning's boring model with strategy ddp on the two GPUs of one machine (16-bit). Both "
        "ranks start and print 'initializing ddp: GLOBAL_RANK: 0/1, MEMBER: 1/2 / 2/2', and then the job prints "
        "nothing more: it sits in DDP setup forever, while the same code runs with dp, or with ddp on one GPU. "
        "With NCCL_DEBUG=WARN, NCCL's only line is 'Failed to open libibverbs.so[.1]' - a red herring (NCCL "
        "just falls back to sockets when there is no InfiniBand); a bare PyTorch DDP script on the same machine "
        "works. The process is alive and not failing: a hang at DDP initialisation, not a crash.",
        title="DDP is not working with Pytorch Lightning: stuck forever after 'initializing ddp: GLOBAL_RANK: 0, "
        "MEMBER: 1/2' on one machine with 2 GPUs",
        source="https://github.com/Lightning-AI/pytorch-lightning/issues/10471",
    )


# -- Lightning 0.5 ddp: mp.spawn cannot start the rank processes, 'bad value(s) in fds_to_keep' -------


@SCENARIOS.add
def application_error_job_lightning_ddp_spawn_fds_to_keep() -> CaseSpec:
    py = "/home/ubuntu/anaconda3/envs/pytorch_p36/lib/python3.6"
    lines = [
        "gpu available: True, used: True",
        "VISIBLE GPUS: 0,1,2,3",
        *_tb(
            [
                ("train.py", 86, "<module>", "main(config)"),
                ("train.py", 41, "main", "trainer.fit(model)"),
                (
                    f"{py}/site-packages/pytorch_lightning/trainer/trainer.py",
                    343,
                    "fit",
                    "mp.spawn(self.ddp_train, nprocs=self.num_gpus, args=(model,))",
                ),
                (f"{py}/site-packages/torch/multiprocessing/spawn.py", 162, "spawn", "process.start()"),
                (f"{py}/multiprocessing/process.py", 105, "start", "self._popen = self._Popen(self)"),
                (f"{py}/multiprocessing/context.py", 284, "_Popen", "return Popen(process_obj)"),
                (f"{py}/multiprocessing/popen_spawn_posix.py", 32, "__init__", "super().__init__(process_obj)"),
                (f"{py}/multiprocessing/popen_fork.py", 19, "__init__", "self._launch(process_obj)"),
                (f"{py}/multiprocessing/popen_spawn_posix.py", 59, "_launch", "cmd, self._fds)"),
                (f"{py}/multiprocessing/util.py", 417, "spawnv_passfds", "False, False, None)"),
            ],
            "ValueError: bad value(s) in fds_to_keep",
        ),
    ]
    return _one_pod_job(
        id="application-error-job-lightning-ddp-spawn-fds-to-keep",
        day=21,
        name="seg-unet-ddp",
        ns="vision",
        image="registry.corp.example/vision/lightning:0.5.3-torch1.3",
        command=["python", "train.py", "--config", "configs/unet.yaml"],
        resources=gpu(4, "120Gi", "32"),
        lines=lines,
        gaps=[0.0, 2.4, *[0.0] * 22],
        category="application-error",
        evidence="bad value(s) in fds_to_keep",
        description="A LightningModule trained with distributed_backend='ddp' on four GPUs (Lightning 0.5, "
        "PyTorch 1.3). trainer.fit() starts the ranks with torch.multiprocessing.spawn, which pickles the "
        "model for each child; starting the first child fails with 'ValueError: bad value(s) in fds_to_keep' "
        "and the job exits 1 before any rank runs. The model held a tensor that cannot be shared this way (a "
        "view such as a Parameter's .data, or a tensor wrapped by spectral_norm, kept as an attribute); the "
        "same model runs on one GPU and with dp. Fix it in the model: keep no such tensor on the module before "
        "fit, or create it inside the rank.",
        title="ValueError: bad value(s) in fds_to_keep, when attempting DDP (Lightning trainer.fit -> mp.spawn)",
        source="https://github.com/Lightning-AI/pytorch-lightning/issues/538",
    )


# -- Lightning ddp on four GPUs: 'c10::Error ... CUDA error: initialization error' in a worker ---------


@SCENARIOS.add
def cuda_error_job_lightning_ddp_c10_error_initialization_error() -> CaseSpec:
    env = "/home/groups/sleep/miniconda3/envs/nml/lib/python3.7/site-packages"
    lines = [
        "GPU available: True, used: True",
        "TPU available: False, using: 0 TPU cores",
        "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]",
        "initializing ddp: GLOBAL_RANK: 0, MEMBER: 1/4",
        "initializing ddp: GLOBAL_RANK: 2, MEMBER: 3/4",
        "initializing ddp: GLOBAL_RANK: 1, MEMBER: 2/4",
        "initializing ddp: GLOBAL_RANK: 3, MEMBER: 4/4",
        "",
        "  | Name     | Type              | Params",
        "-----------------------------------------------",
        "0 | backbone | ResNetEncoder     | 3.1 M ",
        "1 | head     | Linear            | 2.6 K ",
        "Epoch 3:  41%|████      | 1260/3072 [05:12<07:29,  4.03it/s, loss=0.614, v_num=17]",
        "terminate called after throwing an instance of 'c10::Error' ",
        "  what():  CUDA error: initialization error ",
        "Exception raised from insert_events at /opt/conda/conda-bld/pytorch_1595629427478/work/c10/cuda/"
        "CUDACachingAllocator.cpp:717 (most recent call first): ",
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x4d (0x7fcc65f5177d in {env}/torch/lib/"
        "libc10.so) ",
        "frame #1: c10::cuda::CUDACachingAllocator::raw_delete(void*) + 0x1130 (0x7fcc661a2370 in "
        f"{env}/torch/lib/libc10_cuda.so) ",
        f"frame #2: c10::TensorImpl::release_resources() + 0x4d (0x7fcc65f3db1d in {env}/torch/lib/libc10.so) ",
        f"frame #3: <unknown function> + 0x51f9a2 (0x7fcc969ae9a2 in {env}/torch/lib/libtorch_python.so) ",
        "<omitting python frames>",
        "",
        *_tb(
            [
                ("train.py", 97, "<module>", "trainer.fit(model, datamodule=dm)"),
                (
                    f"{env}/pytorch_lightning/trainer/trainer.py",
                    440,
                    "fit",
                    "results = self.accelerator_backend.train()",
                ),
                (f"{env}/torch/utils/data/dataloader.py", 1085, "_next_data", "idx, data = self._get_data()"),
                (
                    f"{env}/torch/utils/data/_utils/signal_handling.py",
                    66,
                    "handler",
                    "_error_if_any_worker_fails()",
                ),
            ],
            "RuntimeError: DataLoader worker (pid 41873) is killed by signal: Aborted. ",
        ),
    ]
    return _one_pod_job(
        id="cuda-error-job-lightning-ddp-c10-error-initialization-error",
        day=22,
        name="sleep-staging-ddp",
        ns="research",
        image="registry.corp.example/research/lightning:1.0.4-torch1.6-cu102",
        command=["python", "train.py", "--gpus", "4", "--distributed_backend", "ddp"],
        resources=gpu(4, "160Gi", "20"),
        lines=lines,
        gaps=[0.0, 0.5, 4.2, 0.3, 0.2, 0.2, 1.1, 0.0, 0.0, 0.0, 0.0, 1960.0, 0.4, *[0.0] * 30],
        category="cuda-error",
        evidence="CUDA error: initialization error",
        description="Lightning ddp on one node with 20 CPUs and 4 GPUs (PyTorch 1.6). Every so often, in training "
        'or in validation and on no particular GPU, a process dies with "terminate called after throwing an '
        "instance of 'c10::Error' what(): CUDA error: initialization error\" raised from the CUDA caching "
        "allocator freeing a tensor; the DataLoader worker that hit it is aborted and the rank fails. A forked "
        "DataLoader worker touched a CUDA tensor it inherited (a CUDA context cannot be used after fork); "
        "others fixed it by not logging CUDA tensors from every rank (Lightning #8821's rank_zero_only), by "
        "fewer workers, or by the gloo backend. A CUDA runtime error, not a bug in the model's maths.",
        title="Help with understanding unknown 'c10::Error' thrown during DDP training: 'CUDA error: "
        "initialization error' from CUDACachingAllocator",
        source="https://github.com/Lightning-AI/pytorch-lightning/issues/4471",
    )


# -- DMD2 SDXL under accelerate launch with FSDP: local rank 2 is killed (-9), the others get SIGTERM --


@SCENARIOS.add
def oom_killed_job_accelerate_fsdp_sdxl_local_rank_exitcode_9() -> CaseSpec:
    py = "/home/work/miniconda3/envs/dmd2/lib/python3.8/site-packages"
    lines = [
        "The following values were not passed to `accelerate launch` and had defaults used instead:",
        "\t`--dynamo_backend` was set to a value of `'no'`",
        "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`.",
        "Loading pipeline components...: 100%|██████████| 7/7 [00:04<00:00,  1.52it/s]",
        "Loading pipeline components...: 100%|██████████| 7/7 [00:04<00:00,  1.49it/s]",
        "Loading pipeline components...: 100%|██████████| 7/7 [00:05<00:00,  1.38it/s]",
        "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 26827 closing signal SIGTERM",
        "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 26828 closing signal SIGTERM",
        "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 26830 closing signal SIGTERM",
        "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -9) local_rank: 2 (pid: 26829) of "
        "binary: /home/work/miniconda3/envs/dmd2/bin/python",
        *_tb(
            [
                ("/home/work/miniconda3/envs/dmd2/bin/accelerate", 8, "<module>", "sys.exit(main())"),
                (f"{py}/accelerate/commands/accelerate_cli.py", 47, "main", "args.func(args)"),
                (f"{py}/accelerate/commands/launch.py", 1008, "launch_command", "multi_gpu_launcher(args)"),
                (f"{py}/accelerate/commands/launch.py", 666, "multi_gpu_launcher", "distrib_run.run(args)"),
                (f"{py}/torch/distributed/run.py", 785, "run", "elastic_launch("),
                (
                    f"{py}/torch/distributed/launcher/api.py",
                    134,
                    "__call__",
                    "return launch_agent(self._config, self._entrypoint, list(args))",
                ),
                (f"{py}/torch/distributed/launcher/api.py", 250, "launch_agent", "raise ChildFailedError("),
            ],
            "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        ),
        "========================================================",
        "main/train_sd.py FAILED",
        "--------------------------------------------------------",
        "Failures:",
        "  <NO_OTHER_FAILURES>",
        "--------------------------------------------------------",
        "Root Cause (first observed failure):",
        "[0]:",
        "  time      : 2026-11-23_09:01:48",
        "  host      : sdxl-dmd2-fsdp-4mq8d",
        "  rank      : 2 (local_rank: 2)",
        "  exitcode  : -9 (pid: 26829)",
        "  error_file: <N/A>",
        "  traceback : Signal 9 (SIGKILL) received by PID 26829",
        "========================================================",
    ]
    return _one_pod_job(
        id="oom-killed-job-accelerate-fsdp-sdxl-local-rank-exitcode-9",
        day=23,
        name="sdxl-dmd2-fsdp",
        ns="genai",
        image="registry.corp.example/genai/dmd2:torch2.0-cu118",
        command=["accelerate", "launch", "--config_file", "fsdp_configs/fsdp_sdxl.yaml", "main/train_sd.py"],
        resources={
            "limits": {"nvidia.com/gpu": "4"},
            "requests": {"cpu": "16", "memory": "64Gi", "nvidia.com/gpu": "4"},
        },
        lines=lines,
        gaps=[0.0, 0.0, 9.8, 0.3, 0.6, 58.2, 0.0, 0.0, 0.9, *[0.01] * 40],
        category="oom-killed",
        evidence="exitcode: -9",
        description="DMD2 distillation of SDXL under accelerate launch with FSDP (4 processes, one machine, "
        "fp16, no parameter offload); the same code trained SD 1.5 under torchrun. While the ranks each load "
        "the SDXL pipelines (generator, real and fake UNets) in host memory, local rank 2 is killed with "
        "SIGKILL: the launcher reports 'failed (exitcode: -9) local_rank: 2', sends the other three SIGTERM and "
        "exits 1, with no Python error from any rank. The pod has no memory limit; the node ran out of memory "
        "and the kubelet's SystemOOM event names the victim, a rank's python. Load the models once per node "
        "(or with low_cpu_mem_usage), or give the pod memory that fits four copies.",
        title="sdv15 trains with torchrun, but SDXL with FSDP fails: 'failed (exitcode: -9) local_rank: 2' after "
        "'Sending process ... closing signal SIGTERM'",
        source="https://github.com/tianweiy/DMD2/issues/18",
        extra=_system_oom("gpu-node-14", "python", 26829),
    )


# -- DPO with FSDPTrainer: starting 8 processes fails with 'bad value(s) in fds_to_keep' -------------


@SCENARIOS.add
def application_error_job_dpo_fsdp_trainer_fds_to_keep() -> CaseSpec:
    overrides = (
        "['model=baichuan', 'datasets=[rsrt]', 'loss=dpo', 'loss.beta=0.1', 'exp_name=anthropic_dpo_baichuan', "
        "'gradient_accumulation_steps=2', 'batch_size=32', 'eval_batch_size=16', 'trainer=FSDPTrainer', "
        "'sample_during_eval=false', 'model.fsdp_policy_mp=bfloat16', "
        "'model.archive=.cache/dpo/anthropic_sft_baichuan_2026-11-24_08-47-58_047333/LATEST/policy.pt']"
    )
    lines = [
        "building policy",
        "Loading checkpoint shards: 100%|███████████████████████████████████████████████████████████████| 2/2 "
        "[00:17<00:00,  8.58s/it]",
        "building reference model",
        "Loading checkpoint shards: 100%|███████████████████████████████████████████████████████████████| 2/2 "
        "[00:13<00:00,  7.00s/it]",
        "loading pre-trained weights at step 19808 from "
        ".cache/dpo/anthropic_sft_baichuan_2026-11-24_08-47-58_047333/LATEST/policy.pt with metrics {}",
        "loaded pre-trained weights",
        "starting 8 processes for FSDP training",
        f"Error executing job with overrides: {overrides}",
        "╭─────────────────────────────── Traceback (most recent call last) ────────────────────────────────╮",
        "│ /workspace/direct-preference-optimization/train.py:111 in <module>                               │",
        "│                                                                                                  │",
        "│   108                                                                                            │",
        "│   109                                                                                            │",
        "│   110 if __name__ == '__main__':                                                                 │",
        "│ ❱ 111 │   main()                                                                                 │",
        "│                                                                                                  │",
        "│ /opt/conda/lib/python3.10/multiprocessing/util.py:452 in spawnv_passfds                          │",
        "│                                                                                                  │",
        "│   449 │   errpipe_read, errpipe_write = os.pipe()                                                │",
        "│   450 │   try:                                                                                   │",
        "│   451 │   │   return _posixsubprocess.fork_exec(                                                 │",
        "│ ❱ 452 │   │   │   args, [os.fsencode(path)], True, passfds, None, None,                          │",
        "│   453 │   │   │   -1, -1, -1, -1, -1, -1, errpipe_read, errpipe_write,                           │",
        "│   454 │   │   │   False, False, None, None, None, -1, None)                                      │",
        "│   455 │   finally:                                                                               │",
        "╰──────────────────────────────────────────────────────────────────────────────────────────────────╯",
        "ValueError: bad value(s) in fds_to_keep",
    ]
    return _one_pod_job(
        id="application-error-job-dpo-fsdp-trainer-fds-to-keep",
        day=24,
        name="dpo-baichuan-fsdp",
        ns="llm-align",
        image="registry.corp.example/llm-align/dpo:torch2.0-cu118",
        command=["python", "-u", "train.py", "model=baichuan", "loss=dpo", "trainer=FSDPTrainer"],
        resources=gpu(8, "900Gi", "64"),
        lines=lines,
        gaps=[2.3, 17.6, 1.8, 13.4, 21.7, 0.1, 0.2, *[0.0] * 30],
        category="application-error",
        evidence="bad value(s) in fds_to_keep",
        description="Eric Mitchell's DPO reference code run with trainer=FSDPTrainer on 8 GPUs for a Baichuan "
        "model. The parent process builds the policy and the reference model and loads the SFT weights, then "
        "starts 8 processes with torch.multiprocessing.spawn, passing the models to each; spawning fails with "
        "'ValueError: bad value(s) in fds_to_keep' (the models hold tensors that cannot be handed to a spawned "
        "process this way - Baichuan's remote code keeps views of its weights) and the job exits 1 before "
        "any rank trains. A problem in how the script passes the model to its ranks, not in the cluster.",
        title="error when training dpo on multiple cards using FSDPTrainer: 'bad value(s) in fds_to_keep'",
        source="https://github.com/eric-mitchell/direct-preference-optimization/issues/14",
    )
