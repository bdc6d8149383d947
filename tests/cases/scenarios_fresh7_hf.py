"""Fresh round 7: real public threads about Hugging Face training stacks (transformers, accelerate, peft, trl, DeepSpeed, FSDP) whose generic exceptions name a specific cause.

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

from tests.cases.builders import CaseSpec, Clock, PodPlan, Scenarios, gpu, stamped, terminated
from tests.cases.logtext import torchrun_failed, torchrun_start
from tests.cases.scenarios_real_application import _failed, _running, _tb
from tests.cases.scenarios_real_training import _kubeflow_case

SCENARIOS = Scenarios()

_SITE = "/usr/local/lib/python3.10/dist-packages"


def _still_running(*, category: str, evidence: str, **running: Any) -> CaseSpec:
    """A batch Job whose one pod still runs (``_running``), but whose log shows a failure."""
    case = _running(**running)
    case.healthy = False
    case.category = category
    case.culprit = case.objects[1]["metadata"]["name"]
    case.evidence = evidence
    return case


# -- launchers and arguments --------------------------------------------------------------------


@SCENARIOS.add
def config_error_job_accelerate_cli_unrecognized_arguments() -> CaseSpec:
    lines = [
        "+ accelerate launch --config_file scripts/sft.yaml --num_processes 8 --num_machines 1 --machine_rank 0 "
        "--deepspeed_multinode_launcher standard scripts/finetune.py --experiment_name medical-sft "
        "--model_path /models/base-7b --gradient_accumulation_steps 8",
        "usage: accelerate <command> [<args>]",
        "Accelerate CLI tool: error: unrecognized arguments: --deepspeed_multinode_launcher",
    ]
    return _failed(
        id="config-error-job-accelerate-cli-unrecognized-arguments",
        day=1,
        name="medical-sft-7b",
        ns="llm-finetune",
        image="registry.corp.example/llm/sft-accelerate:0.20",
        command=["bash", "-xc", "accelerate launch --config_file scripts/sft.yaml scripts/finetune.py"],
        resources=gpu(8, "512Gi", "64"),
        lines=lines,
        exit_code=2,
        every=0.4,
        category="config-error",
        evidence="unrecognized arguments: --deepspeed_multinode_launcher",
        description="A supervised fine-tune is started with accelerate launch and a DeepSpeed option the installed "
        "accelerate does not take in that form; accelerate's own argument parser rejects its command line "
        "(usage: accelerate <command>) and exits 2 before any training process starts. The launcher's command "
        "line is what must change, not the training script.",
        title="Accelerate CLI tool: error: unrecognized arguments: --deepspeed_multinode_launcher",
        source="https://github.com/FreedomIntelligence/HuatuoGPT/issues/25",
    )


@SCENARIOS.add
def application_error_job_hfargumentparser_unused_arguments() -> CaseSpec:
    lines = [
        "[2026-09-02 07:00:30,112] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda "
        "(auto detect)",
        "[2026-09-02 07:00:32,530] [WARNING] [runner.py:212:fetch_hostfile] Unable to find hostfile, will proceed "
        "with training with local resources only.",
        "[2026-09-02 07:00:32,531] [INFO] [runner.py:585:main] cmd = /opt/conda/envs/llava/bin/python -u -m "
        "deepspeed.launcher.launch --world_info=eyJsb2NhbGhvc3QiOiBbMCwgMSwgMiwgM119 --master_addr=127.0.0.1 "
        "--master_port=29500 --enable_each_rank_log=None llava/train/train_mem.py --deepspeed ./scripts/zero2.json "
        "--model_name_or_path /models/vicuna-7b-v1.5 --version plain --scale_factor 2 --bf16 True",
        "[2026-09-02 07:00:35,004] [INFO] [launch.py:146:main] WORLD INFO DICT: {'localhost': [0, 1, 2, 3]}",
        "[2026-09-02 07:00:35,004] [INFO] [launch.py:152:main] nnodes=1, num_local_procs=4, node_rank=0",
        "[2026-09-02 07:00:35,005] [INFO] [launch.py:256:main] process 14659 spawned with command: "
        "['/opt/conda/envs/llava/bin/python', '-u', 'llava/train/train_mem.py', '--local_rank=0', '--deepspeed', "
        "'./scripts/zero2.json', '--model_name_or_path', '/models/vicuna-7b-v1.5', '--version', 'plain', "
        "'--scale_factor', '2', '--bf16', 'True']",
        *_tb(
            [
                ("/workspace/TokenPacker/llava/train/train_mem.py", 13, "<module>", "train()"),
                (
                    "/workspace/LLaVA/llava/train/train.py",
                    793,
                    "train",
                    "model_args, data_args, training_args = parser.parse_args_into_dataclasses()",
                ),
                (
                    "/opt/conda/envs/llava/lib/python3.10/site-packages/transformers/hf_argparser.py",
                    348,
                    "parse_args_into_dataclasses",
                    'raise ValueError(f"Some specified arguments are not used by the HfArgumentParser: '
                    '{remaining_args}")',
                ),
            ],
            "ValueError: Some specified arguments are not used by the HfArgumentParser: ['--scale_factor', '2']",
        ),
        "[2026-09-02 07:00:41,916] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 14659",
        "[2026-09-02 07:00:41,917] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 14660",
        "[2026-09-02 07:00:42,091] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 14661",
        "[2026-09-02 07:00:42,225] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 14662",
        "[2026-09-02 07:00:42,226] [ERROR] [launch.py:321:sigkill_handler] ['/opt/conda/envs/llava/bin/python', "
        "'-u', 'llava/train/train_mem.py', '--local_rank=3', '--deepspeed', './scripts/zero2.json', "
        "'--model_name_or_path', '/models/vicuna-7b-v1.5', '--version', 'plain', '--scale_factor', '2', "
        "'--bf16', 'True'] exits with return code = 1",
    ]
    return _failed(
        id="application-error-job-hfargumentparser-unused-arguments",
        day=2,
        name="tokenpacker-pretrain",
        ns="vlm-research",
        image="registry.corp.example/vlm/llava-train:1.2",
        command=["deepspeed", "llava/train/train_mem.py", "--deepspeed", "./scripts/zero2.json", "--scale_factor", "2"],
        resources=gpu(4, "256Gi", "32"),
        lines=lines,
        gaps=[2.4, 0.01, 2.5, 0.01, 0.01, *[0.1] * 8, 6.5, 0.01, 0.2, 0.1, 0.01],
        category="application-error",
        evidence="Some specified arguments are not used by the HfArgumentParser",
        description="A vision-language pretraining stage passes --scale_factor to a training script whose "
        "argument dataclasses (ModelArguments, DataArguments, TrainingArguments) have no such field, so the "
        "Hugging Face argument parser refuses the leftover arguments in every rank and DeepSpeed's launcher kills "
        "the others. The script and its command line disagree; the fix is in the code's arguments.",
        title="ValueError: Some specified arguments are not used by the HfArgumentParser: ['--scale_factor', '2']",
        source="https://github.com/CircleRadon/TokenPacker/issues/23",
    )


# -- training that diverged, and training that is fine ------------------------------------------


@SCENARIOS.add
def nan_loss_job_trainer_grad_norm_nan_loss_zero() -> CaseSpec:
    log = "log_util.py[pid:3753348;line:52:log_in_local_rank_0] - INFO"
    head = [
        f"2026-09-03 07:00:30,104 - {log}: Start training...",
        f"2026-09-03 07:00:30,671 - {log}: Number of the model parameters: 113.352M",
        f"2026-09-03 07:00:30,671 - {log}: Loading dataset...",
        f"2026-09-03 07:00:32,094 - {log}: Processing dataset to fixed-size sub-sequences...",
        "100%|██████████| 3/3 [00:00<00:00, 71.69it/s]",
        "Detected kernel version 5.4.0, which is below the recommended minimum of 5.5.0; this can cause the process "
        "to hang. It is recommended to upgrade the kernel to the minimum version or higher.",
    ]
    good = [
        f"{{'loss': {0.5356 - 0.0021 * i:.4f}, 'grad_norm': {0.12 - 0.0009 * i:.17f}, 'learning_rate': 5e-05, "
        f"'epoch': {0.01 + 0.0136 * i:.2f}}}"
        for i in range(38)
    ]
    bad = [
        f"{{'loss': 0.0, 'grad_norm': nan, 'learning_rate': 5e-05, 'epoch': {0.53 + 0.0136 * i:.2f}}}"
        for i in range(12)
    ]
    lines = [*head, *good, *bad]
    return _still_running(
        category="nan-loss",
        evidence="'grad_norm': nan",
        id="nan-loss-job-trainer-grad-norm-nan-loss-zero",
        day=3,
        name="timemoe-50m-finetune",
        ns="forecasting",
        image="registry.corp.example/ts/time-moe:1.0",
        command=[
            "python",
            "main.py",
            "-d",
            "/data/sales.jsonl",
            "-m",
            "/models/TimeMoE-50M",
            "--micro_batch_size",
            "1",
        ],
        lines=lines,
        gaps=[0.6, 0.01, 1.4, 0.5, 0.3, *[21.0] * (len(good) + len(bad))],
        description="A time-series foundation model is fine-tuned with the Hugging Face Trainer at micro batch "
        "size 1; after half an epoch the gradient norm becomes NaN and the logged loss drops to exactly 0.0 on "
        "every step since. The process keeps running and logging, but it no longer learns anything: training "
        "diverged (the thread's fix was a larger micro batch).",
        title="{'loss': 0.0, 'grad_norm': nan, 'learning_rate': 5e-05, 'epoch': 0.54} - every step after half an "
        "epoch of fine-tuning",
        source="https://github.com/Time-MoE/Time-MoE/issues/31",
    )


@SCENARIOS.add
def healthy_job_deepspeed_zero3_allocator_cache_flushes() -> CaseSpec:
    flush = (
        "[WARNING] [stage3.py:2069:step] {n} pytorch allocator cache flushes since last step. this happens when "
        "there is high memory pressure and is detrimental to performance. if this is happening frequently consider "
        "adjusting settings to reduce memory consumption. If you are unable to make the cache flushes go away "
        "consider adding get_accelerator().empty_cache() calls in your training loop to ensure that all ranks "
        "flush their caches at the same time"
    )
    lines = [
        "[2026-09-04 07:00:30,215] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda "
        "(auto detect)",
        "[2026-09-04 07:03:12,880] [INFO] [config.py:1000:print] DeepSpeedEngine configuration:",
        "[2026-09-04 07:03:12,881] [INFO] [config.py:1004:print]   zero_optimization_stage ...... 3",
        "***** Running training *****",
        "  Num examples = 779,289",
        "  Num Epochs = 1",
        "  Instantaneous batch size per device = 2",
        "  Total train batch size (w. parallel, distributed & accumulation) = 160",
        "  Gradient Accumulation steps = 10",
        "  Total optimization steps = 4,870",
    ]
    gaps = [162.6, 0.01, 1.2, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01]
    start = datetime(2026, 9, 4, 7, 0, 30, tzinfo=timezone.utc)
    for step in range(38, 52):
        gaps.append(6.0 if step > 38 else 40.0)
        t = start + timedelta(seconds=sum(gaps[: len(lines)]))
        lines.append(f"[{t.strftime('%Y-%m-%d %H:%M:%S')},{t.microsecond // 1000:03d}] {flush.format(n=1 + step % 4)}")
        lines.append("Cache cleared ")
        lines.append(
            f"{{'loss': {1.05 - (step - 38) * 0.006:.4f}, 'grad_norm': {4.9 - (step % 5) * 0.12:.15f}, "
            f"'learning_rate': {2.72e-06 + (step - 38) * 6.8e-08:.15e}, 'epoch': 0.01}}"
        )
        lines.append(
            f"  1%|▊         | {step}/4870 [{(step * 6) // 60:02d}:{(step * 6) % 60:02d}<8:45:34,  "
            f"{6.45 + (step % 3) * 0.04:.2f}s/it]"
        )
        gaps.extend([0.2, 0.3, 0.1])
    return _running(
        id="healthy-job-deepspeed-zero3-allocator-cache-flushes",
        day=4,
        name="llava-next-sft-stage2",
        ns="vlm-research",
        image="registry.corp.example/vlm/llava-next:0.2",
        command=["deepspeed", "llava/train/train_mem.py", "--deepspeed", "scripts/zero3.json", "--bf16", "True"],
        resources=gpu(8, "960Gi", "96"),
        lines=lines,
        gaps=gaps,
        description="A LLaVA-NeXT fine-tune under DeepSpeed ZeRO-3 warns at every step that PyTorch's allocator "
        "flushed its cache because of high memory pressure; the team added a callback that empties the cache "
        "after each step. The warning is about speed, not a failure: steps keep coming at about 6.5 s each and "
        "the loss falls.",
        title="[WARNING] [stage3.py:2069:step] 3 pytorch allocator cache flushes since last step - while training "
        "goes on",
        source="https://github.com/LLaVA-VL/LLaVA-NeXT/issues/247",
    )


@SCENARIOS.add
def healthy_job_sft_use_cache_gradient_checkpointing_warning() -> CaseSpec:
    lines = [
        "[INFO:swift] Setting torch_dtype: torch.bfloat16",
        "[INFO:swift] Loading the model using model_dir: /models/qwen-7b-chat",
        "Loading checkpoint shards: 100%|██████████| 8/8 [00:12<00:00,  1.52s/it]",
        "[INFO:swift] lora_config: LoRAConfig(r=8, target_modules=['c_attn'], lora_alpha=32, lora_dropout=0.05)",
        "[INFO:swift] [PeftModel] trainable params: 4,194,304 || all params: 7,725,518,848 || trainable%: 0.0543",
        "[INFO:swift] train_dataset: Dataset({features: ['input_ids', 'labels'], num_rows: 18934})",
        "  0%|          | 0/1184 [00:00<?, ?it/s]`use_cache=True` is incompatible with gradient checkpointing. "
        "Setting `use_cache=False`...",
        f"{_SITE}/torch/utils/checkpoint.py:429: UserWarning: torch.utils.checkpoint: please pass in "
        "use_reentrant=True or use_reentrant=False explicitly. The default value of use_reentrant will be updated "
        "to be False in the future. To maintain current behavior, pass use_reentrant=True. It is recommended that "
        "you use use_reentrant=False. Refer to docs for more details on the differences between the two variants.",
        "  warnings.warn(",
    ]
    gaps = [1.0, 14.0, 0.5, 0.8, 2.0, 3.0, 0.5, 0.01]
    for i in range(1, 13):
        lines.append(
            f"Train: {i * 2:3d}%|{'█' * (i // 5):<10}| {i * 24}/1184 [{i * 24 * 11 // 60:02d}:"
            f"{i * 24 * 11 % 60:02d}<3:10:05,  10.93s/it]"
        )
        lines.append(
            f"{{'loss': {1.8421 - i * 0.031:.8f}, 'acc': {0.5912 + i * 0.004:.8f}, 'learning_rate': "
            f"{9.8e-05 - i * 1e-07:.4e}, 'epoch': {0.02 * i:.2f}, 'global_step': {i * 24}}}"
        )
        gaps.extend([262.0, 0.1])
    return _running(
        id="healthy-job-sft-use-cache-gradient-checkpointing-warning",
        day=5,
        name="qwen-7b-lora-sft",
        ns="llm-finetune",
        image="registry.corp.example/llm/ms-swift:1.0",
        command=[
            "python",
            "llm_sft.py",
            "--model_type",
            "qwen-7b-chat",
            "--sft_type",
            "lora",
            "--gradient_checkpointing",
            "true",
        ],
        lines=lines,
        gaps=gaps[: len(lines) - 1],
        description="A LoRA fine-tune with gradient checkpointing logs, at its first step, that use_cache=True is "
        "incompatible with gradient checkpointing and is being turned off, and torch's checkpoint warns about "
        "use_reentrant. Both are warnings the libraries print on every such run; the run trains on, logging loss "
        "and accuracy every 24 steps. Nothing is wrong.",
        title="`use_cache=True` is incompatible with gradient checkpointing. Setting `use_cache=False`... - reported "
        "as an error while the fine-tune runs",
        source="https://github.com/modelscope/ms-swift/issues/22",
    )


# -- generic exceptions that name their cause -----------------------------------------------------


@SCENARIOS.add
def cuda_error_job_trainer_fp16_driver_too_old() -> CaseSpec:
    env = "/opt/conda/envs/llama_etuning/lib/python3.10/site-packages"
    src = "/workspace/LLaMA-Efficient-Tuning/src"
    lines = [
        f"{env}/torch/cuda/__init__.py:138: UserWarning: CUDA initialization: The NVIDIA driver on your system is "
        "too old (found version 11040). Please update your GPU driver by downloading and installing a new version "
        "from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to "
        "install a PyTorch version that has been compiled with your version of the CUDA driver. (Triggered "
        "internally at ../c10/cuda/CUDAFunctions.cpp:108.)",
        "  return torch._C._cuda_getDeviceCount() > 0",
        "FlashAttention-2 is not installed, ignore this if you are not using FlashAttention.",
        *_tb(
            [
                (f"{src}/train_bash.py", 14, "<module>", "main()"),
                (f"{src}/train_bash.py", 5, "main", "run_exp()"),
                (
                    f"{src}/llmtuner/tuner/tune.py",
                    20,
                    "run_exp",
                    "model_args, data_args, training_args, finetuning_args, generating_args = get_train_args(args)",
                ),
                (
                    f"{src}/llmtuner/tuner/core/parser.py",
                    78,
                    "get_train_args",
                    "model_args, data_args, training_args, finetuning_args, generating_args = parse_train_args(args)",
                ),
                (
                    f"{src}/llmtuner/tuner/core/parser.py",
                    44,
                    "parse_train_args",
                    "return _parse_args(parser, args)",
                ),
                (
                    f"{src}/llmtuner/tuner/core/parser.py",
                    30,
                    "_parse_args",
                    "return parser.parse_args_into_dataclasses()",
                ),
                (f"{env}/transformers/hf_argparser.py", 338, "parse_args_into_dataclasses", "obj = dtype(**inputs)"),
                ("<string>", 117, "__init__", ""),
                (f"{env}/transformers/training_args.py", 1409, "__post_init__", "raise ValueError("),
            ],
            "ValueError: FP16 Mixed precision training with AMP or APEX (`--fp16`) and FP16 half precision "
            "evaluation (`--fp16_full_eval`) can only be used on CUDA or NPU devices.",
        ),
    ]
    return _failed(
        id="cuda-error-job-trainer-fp16-driver-too-old",
        day=6,
        name="llama-wiki-pretrain-lora",
        ns="llm-finetune",
        image="registry.corp.example/llm/llama-efficient-tuning:0.1.8-cu121",
        command=["python", "src/train_bash.py", "--stage", "pt", "--do_train", "--finetuning_type", "lora", "--fp16"],
        lines=lines,
        gaps=[0.01, 1.8, 2.1, *[0.01] * 20],
        category="cuda-error",
        evidence="NVIDIA driver on your system is too old",
        description="A LoRA pretraining run starts in an image whose PyTorch is built for a newer CUDA than the "
        "node's NVIDIA driver supports (found version 11040, CUDA 11.4). CUDA initialisation fails with a "
        "warning, torch sees no GPU, and the Trainer's argument check then refuses --fp16 because there is no "
        "CUDA device. The ValueError is the consequence; the driver too old for the image's CUDA is the cause.",
        title="UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 11040), "
        "then ValueError: FP16 Mixed precision training ... can only be used on CUDA devices",
        source="https://github.com/hiyouga/LlamaFactory/issues/1132",
    )


@SCENARIOS.add
def missing_file_job_peft_adapter_config_not_found() -> CaseSpec:
    site = "/usr/local/lib/python3.11/dist-packages"
    lines = [
        "Loading checkpoint shards: 100%|██████████| 4/4 [00:41<00:00, 10.32s/it]",
        "generation_config.json: 100%|██████████| 184/184 [00:00<00:00, 1.21MB/s]",
        "Merging adapter ver_1 into /models/base-8b-instruct",
        *_tb(
            [
                ("/app/merge_adapter.py", 37, "<module>", 'model = PeftModel.from_pretrained(model, f"ver_{VER}")'),
                (
                    f"{site}/peft/peft_model.py",
                    440,
                    "from_pretrained",
                    "PeftConfig._get_peft_type(",
                ),
                (
                    f"{site}/peft/config.py",
                    269,
                    "_get_peft_type",
                    "raise ValueError(f\"Can't find '{CONFIG_NAME}' at '{model_id}'\")",
                ),
            ],
            "ValueError: Can't find 'adapter_config.json' at 'ver_1'",
        ),
    ]
    return _failed(
        id="missing-file-job-peft-adapter-config-not-found",
        day=7,
        name="merge-lora-ver1",
        ns="llm-finetune",
        image="registry.corp.example/llm/peft-merge:0.16",
        command=["python", "/app/merge_adapter.py", "--version", "1"],
        lines=lines,
        gaps=[0.3, 2.0, 0.5, *[0.01] * 10],
        category="missing-file",
        evidence="Can't find 'adapter_config.json'",
        description="A job loads a base model and then the LoRA adapter of an earlier fine-tune from the relative "
        "directory ver_1 to merge it; the directory is not there (the fine-tune wrote its adapter elsewhere), so "
        "PEFT falls back to the hub, finds nothing, and says it cannot find adapter_config.json. The adapter files "
        "the job needs are missing from where it looks.",
        title="ValueError: Can't find 'adapter_config.json' at 'ver_1' - loading a PEFT adapter from a path that "
        "does not exist",
        source="https://github.com/huggingface/peft/issues/2690",
    )


@SCENARIOS.add
def missing_file_job_hub_validation_local_model_path() -> CaseSpec:
    site = "/opt/conda/lib/python3.11/site-packages"
    path = "/mnt/models/Qwen1.5-0.5B"
    invalid = (
        "huggingface_hub.errors.HFValidationError: Repo id must be in the form 'repo_name' or "
        f"'namespace/repo_name': '{path}'. Use `repo_type` argument if needed."
    )
    validate = [
        (f"{site}/huggingface_hub/utils/_validators.py", 106, "_inner_fn", "validate_repo_id(arg_value)"),
        (f"{site}/huggingface_hub/utils/_validators.py", 154, "validate_repo_id", "raise HFValidationError("),
    ]
    lines = [
        "[INFO|2026-09-08 07:00:30] llamafactory.hparams.parser:401 >> Process rank: 0, world size: 1, device: "
        "cuda:0, distributed training: False, compute dtype: torch.bfloat16",
        *_tb([(f"{site}/transformers/utils/hub.py", 424, "cached_files", "hf_hub_download("), *validate], invalid),
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        *_tb(
            [
                ("/opt/conda/bin/llamafactory-cli", 8, "<module>", "sys.exit(main())"),
                (f"{site}/llamafactory/cli.py", 112, "main", "run_exp()"),
                (
                    f"{site}/llamafactory/train/tuner.py",
                    110,
                    "run_exp",
                    '_training_function(config={"args": args, "callbacks": callbacks})',
                ),
                (
                    f"{site}/llamafactory/train/tuner.py",
                    72,
                    "_training_function",
                    "run_sft(model_args, data_args, training_args, finetuning_args, generating_args, callbacks)",
                ),
                (
                    f"{site}/llamafactory/train/sft/workflow.py",
                    48,
                    "run_sft",
                    "tokenizer_module = load_tokenizer(model_args)",
                ),
                (
                    f"{site}/llamafactory/model/loader.py",
                    90,
                    "load_tokenizer",
                    "tokenizer = AutoTokenizer.from_pretrained(",
                ),
                (
                    f"{site}/transformers/models/auto/tokenization_auto.py",
                    950,
                    "from_pretrained",
                    "tokenizer_config = get_tokenizer_config(pretrained_model_name_or_path, **kwargs)",
                ),
                (
                    f"{site}/transformers/models/auto/tokenization_auto.py",
                    782,
                    "get_tokenizer_config",
                    "resolved_config_file = cached_file(",
                ),
                (
                    f"{site}/transformers/utils/hub.py",
                    266,
                    "cached_file",
                    "file = cached_files(path_or_repo_id=path_or_repo_id, filenames=[filename], **kwargs)",
                ),
                (f"{site}/transformers/utils/hub.py", 470, "cached_files", "resolved_files = ["),
                (
                    f"{site}/transformers/utils/hub.py",
                    134,
                    "_get_cache_file_to_return",
                    "resolved_file = try_to_load_from_cache(path_or_repo_id, full_filename, cache_dir=cache_dir, "
                    "revision=revision)",
                ),
                *validate,
            ],
            invalid,
        ),
    ]
    return _failed(
        id="missing-file-job-hub-validation-local-model-path",
        day=8,
        name="qwen-sft-lora-demo",
        ns="llm-finetune",
        image="registry.corp.example/llm/llamafactory:0.9.2",
        command=["llamafactory-cli", "train", "/config/qwen1_5_lora_sft.yaml"],
        lines=lines,
        gaps=[1.2, *[0.01] * 40],
        category="missing-file",
        evidence="Repo id must be in the form",
        description="A LoRA fine-tune is configured with model_name_or_path set to a directory on the models "
        "volume that does not exist (the model was copied under another name). Transformers only treats an "
        "existing directory as local, so it takes the absolute path for a hub repo id and huggingface_hub "
        "refuses it as an invalid repo id. The message is about repo id syntax; the cause is a model directory "
        "that is not where the job looks.",
        title="huggingface_hub.errors.HFValidationError: Repo id must be in the form 'repo_name' or "
        "'namespace/repo_name': '/mnt/c/models/Qwen1.5-0.5B' - a local model path that does not exist",
        source="https://github.com/hiyouga/LlamaFactory/issues/7684",
    )


@SCENARIOS.add
def application_error_pytorchjob_ddp_parameter_marked_ready_twice() -> CaseSpec:
    at = Clock(datetime(2026, 9, 9, 7, 0, tzinfo=timezone.utc))
    name, ns = "blip2-vqa-lora", "vlm-research"
    site = "/opt/conda/lib/python3.10/site-packages"
    error = (
        "RuntimeError: Expected to mark a variable ready only once. This error is caused by one of the following "
        "reasons: 1) Use of a module parameter outside the `forward` function. Please make sure model parameters "
        "are not shared across multiple concurrent forward-backward passes. or try to use _set_static_graph() as a "
        "workaround if this module graph does not change during training loop.2) Reused parameters in multiple "
        "reentrant backward passes. For example, if you use multiple `checkpoint` functions to wrap the same part "
        "of your model, it would result in the same set of parameters been used by different reentrant backward "
        "passes multiple times, and hence marking a variable ready multiple times. DDP does not support such use "
        "cases in default. You can try to use _set_static_graph() as a workaround if your module graph does not "
        "change over iterations.\n"
        "Parameter at index 385 with name vision_model.encoder.layers.23.mlp.fc2.weight has been marked as ready "
        "twice. This means that multiple autograd engine hooks have fired for this particular parameter during "
        "this iteration."
    )
    frames = [
        ("/workspace/finetune_vqa.py", 188, "<module>", "main()"),
        ("/workspace/finetune_vqa.py", 161, "main", "accelerator.backward(loss)"),
        (f"{site}/accelerate/accelerator.py", 1923, "backward", "loss.backward(**kwargs)"),
        (
            f"{site}/torch/_tensor.py",
            492,
            "backward",
            "torch.autograd.backward(",
        ),
        (
            f"{site}/torch/autograd/__init__.py",
            251,
            "backward",
            "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
        ),
        (f"{site}/torch/autograd/function.py", 288, "apply", "return user_fn(self, *args)"),
        (
            f"{site}/torch/utils/checkpoint.py",
            288,
            "backward",
            "torch.autograd.backward(outputs_with_grad, args_with_grad)",
        ),
    ]

    def rank_log(rank: int, t: datetime, pid: int) -> str:
        lines = [
            *torchrun_start(t - timedelta(seconds=95), pid=1),
            "trainable params: 5,242,880 || all params: 3,749,922,816 || trainable%: 0.1398",
            f"{site}/torch/utils/checkpoint.py:429: UserWarning: torch.utils.checkpoint: please pass in "
            "use_reentrant=True or use_reentrant=False explicitly.",
            "  warnings.warn(",
            *_tb(frames, error),
            *torchrun_failed(
                t + timedelta(seconds=2),
                rank=rank,
                local_rank=0,
                exitcode=1,
                pid=pid,
                host=f"{name}-{'master' if rank == 0 else 'worker'}-0",
                script="finetune_vqa.py",
            ),
        ]
        gaps = [0, 0, 0, 80.0, 14.0, 0.01, *[0.01] * (len(lines) - 7), 2.0]
        return stamped(lines, t - timedelta(seconds=95), gaps)

    master_end, worker_end = 30 + 95 + 4, 30 + 95 + 7
    return _kubeflow_case(
        id="application-error-pytorchjob-ddp-parameter-marked-ready-twice",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/vlm/blip2-peft:0.5",
        command=[
            "accelerate",
            "launch",
            "--multi_gpu",
            "--num_machines=2",
            "finetune_vqa.py",
            "--gradient_checkpointing",
        ],
        resources=gpu(1, "96Gi", "12"),
        plans=[
            PodPlan("master", 0, terminated(1, at(20), at(master_end)), log=rank_log(0, at(125), 4121)),
            PodPlan("worker", 0, terminated(1, at(21), at(worker_end)), log=rank_log(1, at(128), 4133)),
        ],
        category="application-error",
        culprit=f"{name}-master-0",
        evidence="Expected to mark a variable ready only once",
        description="A LoRA fine-tune of a BLIP-2 model runs under DistributedDataParallel (through accelerate) "
        "with gradient checkpointing and find_unused_parameters=True; the reentrant checkpoint's backward fires "
        "the same parameter's gradient hook twice, and DDP raises on both ranks at the first backward pass. It is "
        "the training code's combination of options (use find_unused_parameters=False or non-reentrant "
        "checkpointing), not the cluster or the network.",
        title="RuntimeError: Expected to mark a variable ready only once ... Parameter ... has been marked as ready "
        "twice (gradient checkpointing with find_unused_parameters)",
        source="https://github.com/huggingface/accelerate/issues/2017",
        captured=worker_end + 300,
        failed=("Master", master_end),
    )
