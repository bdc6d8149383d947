"""Fresh round 11: real public threads about training code, launchers and their libraries (HF, DeepSpeed, Megatron, Lightning, torchrun).

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Scenarios, cpu_only, gpu, node, node_event, text
from tests.cases.scenarios_real_application import _failed, _tb
from tests.cases.scenarios_real_training import _job_case

SCENARIOS = Scenarios()


_PY39 = "/home/ray/anaconda3/lib/python3.9/site-packages"
_PY38 = "/opt/conda/lib/python3.8/site-packages"


# -- DeepSpeed imported on a CPU-only node: triton 3.2 wants exactly one GPU driver -----------------


@SCENARIOS.add
def dependency_error_job_deepspeed_import_triton_no_active_driver() -> CaseSpec:
    lines = [
        "[2026-10-02 07:00:31,138] [WARNING] [real_accelerator.py:181:get_accelerator] Setting accelerator to CPU. "
        "If you have GPU or other accelerator, we were unable to detect it.",
        "[2026-10-02 07:00:31,156] [INFO] [real_accelerator.py:222:get_accelerator] Setting ds_accelerator to cpu "
        "(auto detect)",
        *_tb(
            [
                ("/app/train_text_classifier.py", 14, "<module>", "import deepspeed"),
                (f"{_PY39}/deepspeed/__init__.py", 25, "<module>", "from . import ops"),
                (f"{_PY39}/deepspeed/ops/__init__.py", 11, "<module>", "from . import transformer"),
                (
                    f"{_PY39}/deepspeed/ops/transformer/__init__.py",
                    7,
                    "<module>",
                    "from .inference.config import DeepSpeedInferenceConfig",
                ),
                (
                    f"{_PY39}/deepspeed/ops/transformer/inference/__init__.py",
                    7,
                    "<module>",
                    "from .triton.ops import *",
                ),
                (
                    f"{_PY39}/deepspeed/ops/transformer/inference/triton/triton_matmul_kernel.py",
                    51,
                    "<module>",
                    "@triton.autotune(",
                ),
                (
                    f"{_PY39}/triton/runtime/autotuner.py",
                    368,
                    "decorator",
                    "return Autotuner(fn, fn.arg_names, configs, key, reset_to_zero, restore_value, pre_hook=pre_hook,",
                ),
                (
                    f"{_PY39}/triton/runtime/autotuner.py",
                    130,
                    "__init__",
                    "self.do_bench = driver.active.get_benchmarker()",
                ),
                (f"{_PY39}/triton/runtime/driver.py", 23, "__getattr__", "self._initialize_obj()"),
                (f"{_PY39}/triton/runtime/driver.py", 20, "_initialize_obj", "self._obj = self._init_fn()"),
                (
                    f"{_PY39}/triton/runtime/driver.py",
                    8,
                    "_create_driver",
                    'raise RuntimeError(f"{len(actives)} active drivers ({actives}). There should only be one.")',
                ),
            ],
            "RuntimeError: 0 active drivers ([]). There should only be one.",
        ),
    ]
    return _failed(
        id="dependency-error-job-deepspeed-import-triton-no-active-driver",
        day=2,
        name="text-classifier-ds-driver",
        ns="ml-train",
        image="registry.corp.example/ml/ray-deepspeed:2.42-py39",
        command=["python", "/app/train_text_classifier.py"],
        resources=cpu_only("16Gi", "4"),
        lines=lines,
        gaps=[0.02] * (len(lines) - 1),
        category="dependency-error",
        evidence="0 active drivers",
        description="The CPU-only driver of a DeepSpeed training job (the process that packages the environment "
        "before the GPU workers start) runs 'import deepspeed'. DeepSpeed 0.16.3 decorates a Triton matmul kernel "
        "with @triton.autotune at import time, and Triton 3.2.0 (pulled in by torch 2.6) builds its autotuner "
        "eagerly, asking for the one active GPU driver: on a node without a GPU there is none, so the import "
        "itself fails with 'RuntimeError: 0 active drivers ([]). There should only be one.' The package versions "
        "do not fit together on a CPU node - pin triton 3.1 (with torch 2.5) or a DeepSpeed release that imports "
        "its Triton kernels lazily.",
        title="import deepspeed crashes on a CPU-only node with deepspeed 0.16.3 and triton 3.2.0: "
        "'RuntimeError: 0 active drivers ([]). There should only be one.'",
        source="https://github.com/deepspeedai/DeepSpeed/issues/7028",
    )


# -- DeepSpeed-Chat step 1 on a small host: the training process is killed, launcher says -9 --------


@SCENARIOS.add
def oom_killed_job_deepspeed_chat_opt125m_return_code_9() -> CaseSpec:
    at = Clock(datetime(2026, 10, 3, 7, 0, tzinfo=timezone.utc))
    name, ns = "dschat-actor-125m", "rlhf"
    args = (
        "['/usr/bin/python3', '-u', 'main.py', '--local_rank=0', '--data_path', 'Dahoas/rm-static', "
        "'Dahoas/full-hh-rlhf', 'Dahoas/synthetic-instruct-gptj-pairwise', 'yitingxie/rlhf-reward-datasets', "
        "'openai/webgpt_comparisons', 'stanfordnlp/SHP', '--data_split', '2,4,4', '--model_name_or_path', "
        "'facebook/opt-125m', '--per_device_train_batch_size', '2', '--per_device_eval_batch_size', '8', "
        "'--max_seq_len', '512', '--learning_rate', '9.65e-6', '--weight_decay', '0.1', '--num_train_epochs', '2', "
        "'--gradient_accumulation_steps', '1', '--lr_scheduler_type', 'cosine', '--num_warmup_steps', '0', "
        "'--seed', '1234', '--zero_stage', '2', '--deepspeed', '--output_dir', "
        "'/content/DeepSpeedExamples/applications/DeepSpeed-Chat/output/actor-models/125m']"
    )
    lines = [
        "[2026-10-03 07:00:31,201] [INFO] [runner.py:550:main] cmd = /usr/bin/python3 -u -m deepspeed.launcher.launch "
        "--world_info=eyJsb2NhbGhvc3QiOiBbMF19 --master_addr=127.0.0.1 --master_port=29500 --enable_each_rank_log=None "
        "main.py --model_name_or_path facebook/opt-125m --gradient_accumulation_steps 1 --zero_stage 2 --deepspeed",
        "[2026-10-03 07:00:33,412] [INFO] [launch.py:142:main] WORLD INFO DICT: {'localhost': [0]}",
        "[2026-10-03 07:00:33,412] [INFO] [launch.py:148:main] nnodes=1, num_local_procs=1, node_rank=0",
        "[2026-10-03 07:00:33,412] [INFO] [launch.py:162:main] dist_world_size=1",
        "[2026-10-03 07:00:33,412] [INFO] [launch.py:164:main] Setting CUDA_VISIBLE_DEVICES=0",
        "[2026-10-03 07:04:58,879] [INFO] [launch.py:428:sigkill_handler] Killing subprocess 13266",
        f"[2026-10-03 07:04:58,885] [ERROR] [launch.py:434:sigkill_handler] {args} exits with return code = -9",
    ]
    gpu_node = node("gpu-node-31", at(-86400), product="Tesla-T4")
    extra = [
        gpu_node,
        node_event(
            gpu_node,
            "SystemOOM",
            "System OOM encountered, victim process: python3, pid: 13266",
            at(298),
            component="kubelet",
        ),
    ]
    return _job_case(
        id="oom-killed-job-deepspeed-chat-opt125m-return-code-9",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/llm/deepspeed-chat:0.9.0-torch2.0",
        command=["bash", "training_scripts/single_gpu/run_1.3b.sh"],
        resources={
            "limits": {"nvidia.com/gpu": "1"},
            "requests": {"cpu": "2", "memory": "12Gi", "nvidia.com/gpu": "1"},
        },
        exit_code=247,
        ran=(28, 300),
        log=text(*lines),
        category="oom-killed",
        evidence="return code = -9",
        description="DeepSpeed-Chat step 1 (supervised fine-tuning of the actor, OPT-125m, ZeRO-2) on a single small "
        "GPU host. While the six Hugging Face datasets are loaded and tokenised the host runs out of memory, the "
        "kernel kills the training process with SIGKILL and the DeepSpeed launcher only reports "
        "'Killing subprocess' and 'exits with return code = -9'; the node's SystemOOM event names the victim. Give "
        "the pod more memory or load fewer datasets at once.",
        title="DeepSpeed-Chat OPT-125m actor training: '[ERROR] [launch.py:434:sigkill_handler] ... exits with return "
        "code = -9' (host memory exhausted)",
        source="https://github.com/deepspeedai/DeepSpeed/issues/3232",
        captured=420,
        node_name="gpu-node-31",
        extra=extra,
    )


# -- simpletransformers model wrapped in nn.DataParallel: the wrapper has no train_model ------------


@SCENARIOS.add
def application_error_job_dataparallel_wrapper_no_train_model() -> CaseSpec:
    lines = [
        "Some weights of the model checkpoint at roberta-base were not used when initializing "
        "RobertaForSequenceClassification: ['lm_head.dense.weight', 'lm_head.layer_norm.bias', 'lm_head.bias', "
        "'lm_head.layer_norm.weight', 'lm_head.dense.bias', 'lm_head.decoder.weight']",
        "- This IS expected if you are initializing RobertaForSequenceClassification from the checkpoint of a model "
        "trained on another task or with another architecture (e.g. initializing a BertForSequenceClassification "
        "model from a BertForPreTraining model).",
        *_tb(
            [
                ("/app/train.py", 38, "<module>", "model.train_model(train_df, eval_data=eval_df)"),
                (
                    f"{_PY38}/torch/nn/modules/module.py",
                    779,
                    "__getattr__",
                    "type(self).__name__, name))",
                ),
            ],
            "torch.nn.modules.module.ModuleAttributeError: 'DataParallel' object has no attribute 'train_model'",
        ),
    ]
    return _failed(
        id="application-error-job-dataparallel-wrapper-no-train-model",
        day=4,
        name="roberta-cls-multigpu",
        ns="nlp",
        image="registry.corp.example/nlp/simpletransformers:0.61-torch1.7",
        command=["python", "/app/train.py"],
        resources=gpu(2, "64Gi", "8"),
        lines=lines,
        gaps=[0.5, 3.0, *[0.01] * 10],
        category="application-error",
        evidence="'DataParallel' object has no attribute 'train_model'",
        description="To use two GPUs the training script wraps a simpletransformers ClassificationModel in "
        "torch.nn.DataParallel and then calls model.train_model(...). DataParallel only forwards forward() to the "
        "wrapped module, so the attribute lookup fails: 'ModuleAttributeError: 'DataParallel' object has no "
        "attribute 'train_model''. The library does its own multi-GPU handling (n_gpu in its args); the wrapping "
        "is a mistake in the user's script.",
        title="simpletransformers multi-GPU: 'DataParallel' object has no attribute 'train_model' after wrapping the "
        "model in nn.DataParallel",
        source="https://github.com/ThilinaRajapakse/simpletransformers/issues/1144",
    )


# -- HF Trainer sees two GPUs and wraps in DataParallel: a custom compute_loss calls model.compute_loss -


@SCENARIOS.add
def application_error_job_trainer_dataparallel_no_compute_loss() -> CaseSpec:
    py = "/opt/conda/lib/python3.8/site-packages"
    lines = [
        "[INFO|trainer.py:1760] 2026-10-05 07:00:52,114 >> ***** Running training *****",
        "[INFO|trainer.py:1761] 2026-10-05 07:00:52,114 >>   Num examples = 14,195",
        "[INFO|trainer.py:1762] 2026-10-05 07:00:52,114 >>   Num Epochs = 3",
        "[INFO|trainer.py:1763] 2026-10-05 07:00:52,114 >>   Instantaneous batch size per device = 4",
        "[INFO|trainer.py:1766] 2026-10-05 07:00:52,114 >>   Total train batch size (w. parallel, distributed & "
        "accumulation) = 8",
        "[INFO|trainer.py:1767] 2026-10-05 07:00:52,114 >>   Gradient Accumulation steps = 1",
        "[INFO|trainer.py:1768] 2026-10-05 07:00:52,114 >>   Total optimization steps = 5,325",
        "  0%|          | 0/5325 [00:00<?, ?it/s]",
        *_tb(
            [
                ("/app/src/training/train_hf.py", 191, "<module>", "main()"),
                (
                    "/app/src/training/train_hf.py",
                    173,
                    "main",
                    "train_result = trainer.train(resume_from_checkpoint=checkpoint)",
                ),
                (f"{py}/transformers/trainer.py", 1591, "train", "return inner_training_loop("),
                (
                    f"{py}/transformers/trainer.py",
                    1892,
                    "_inner_training_loop",
                    "tr_loss_step = self.training_step(model, inputs)",
                ),
                (
                    f"{py}/transformers/trainer.py",
                    2776,
                    "training_step",
                    "loss = self.compute_loss(model, inputs)",
                ),
                (
                    f"{py}/deep_training/trainer/hf/trainer.py",
                    101,
                    "compute_loss",
                    "outputs = model.compute_loss(**inputs)",
                ),
                (
                    f"{py}/torch/nn/modules/module.py",
                    1695,
                    "__getattr__",
                    "raise AttributeError(f\"'{type(self).__name__}' object has no attribute '{name}'\")",
                ),
            ],
            "AttributeError: 'DataParallel' object has no attribute 'compute_loss'",
        ),
        "  0%|          | 0/5325 [00:01<?, ?it/s]",
    ]
    return _failed(
        id="application-error-job-trainer-dataparallel-no-compute-loss",
        day=5,
        name="bpo-train-hf",
        ns="llm-train",
        image="registry.corp.example/llm/transformers:4.34-deeptraining0.2.4",
        command=["python", "/app/src/training/train_hf.py"],
        resources=gpu(2, "96Gi", "12"),
        lines=lines,
        gaps=[0.0] * 7 + [0.3, 1.2, *[0.01] * 30],
        category="application-error",
        evidence="'DataParallel' object has no attribute 'compute_loss'",
        description="A prompt-optimisation model is trained with the project's train_hf.py, which plugs the "
        "deep_training library's Trainer subclass into Hugging Face's Trainer. With two GPUs visible and no "
        "distributed launcher, the Trainer wraps the model in torch.nn.DataParallel, and the subclass's compute_loss "
        "calls model.compute_loss(...) on the wrapper, which has no such attribute: 'AttributeError: 'DataParallel' "
        "object has no attribute 'compute_loss''. The maintainers point to the project's other entry script "
        "(train.py) for multi-GPU runs - the training code does not support DataParallel.",
        title="HF Trainer with two visible GPUs: 'DataParallel' object has no attribute 'compute_loss' in a custom "
        "compute_loss",
        source="https://github.com/thu-coai/BPO/issues/7",
    )


# -- A single-GPU research model run on two GPUs: a per-sample tensor reaches .item() ----------------


@SCENARIOS.add
def application_error_job_unsb_two_gpus_tensor_item() -> CaseSpec:
    lines = [
        "----------------- Options ---------------",
        "               batch_size: 1",
        "                  dataroot: /data/horse2zebra                    ",
        "                  gpu_ids: 0,1                                   \t[default: 0]",
        "                    model: sb                                    \t[default: cut]",
        "----------------- End -------------------",
        "dataset [UnalignedDataset] was created",
        "model [SBModel] was created",
        "The number of training images = 1334",
        "create web directory ./checkpoints/h2z_sb/web...",
        *_tb(
            [
                ("train.py", 44, "<module>", "model.data_dependent_initialize(data,data2)"),
                (
                    "models/sb_model.py",
                    106,
                    "data_dependent_initialize",
                    "self.forward()                     # compute fake images: G(A)",
                ),
                ("models/sb_model.py", 184, "forward", "for t in range(self.time_idx.int().item()+1):"),
            ],
            "ValueError: only one element tensors can be converted to Python scalars",
        ),
    ]
    return _failed(
        id="application-error-job-unsb-two-gpus-tensor-item",
        day=6,
        name="unsb-h2z-train",
        ns="vision",
        image="registry.corp.example/vision/unsb:torch1.13-cu117",
        command=["python", "train.py", "--dataroot", "/data/horse2zebra", "--name", "h2z_sb", "--gpu_ids", "0,1"],
        resources=gpu(2, "32Gi", "8"),
        lines=lines,
        gaps=[0.0] * 6 + [0.8, 2.5, 0.1, 0.1, *[0.01] * 10],
        category="application-error",
        evidence="only one element tensors can be converted to Python scalars",
        description="An unpaired image translation model (UNSB) is trained with gpu_ids 0,1. Its forward pass turns a "
        "time-step tensor into a Python int with .item(), which only works for a single element; with the batch "
        "spread over two GPUs the tensor holds more than one value and the first forward fails: 'ValueError: only "
        "one element tensors can be converted to Python scalars'. The authors say this version trains only on one GPU "
        "with batch size 1 - a limitation of the training code, not of the cluster.",
        title="UNSB training on two GPUs: ValueError: only one element tensors can be converted to Python scalars",
        source="https://github.com/cyclomon/UNSB/issues/6",
    )


# -- second batch of round 11 (queries: accelerate multi node, peft lora, trl sft, fsdp) ------------


_PY310 = "/usr/local/lib/python3.10/dist-packages"


def _accelerate_tail(py: str, launcher: str, error: str) -> list[str]:
    """What ``accelerate launch`` prints after its child failed: its own traceback ending in ``error``."""
    frames = [
        ("/usr/local/bin/accelerate", 8, "<module>", "sys.exit(main())"),
        (f"{py}/accelerate/commands/accelerate_cli.py", 46, "main", "args.func(args)"),
        (f"{py}/accelerate/commands/launch.py", 1069, "launch_command", f"{launcher}(args)"),
    ]
    if launcher == "simple_launcher":
        frames.append(
            (
                f"{py}/accelerate/commands/launch.py",
                703,
                "simple_launcher",
                "raise subprocess.CalledProcessError(returncode=process.returncode, cmd=cmd)",
            )
        )
    else:
        frames += [
            (f"{py}/accelerate/commands/launch.py", 718, launcher, "distrib_run.run(args)"),
            (f"{py}/torch/distributed/run.py", 870, "run", "elastic_launch("),
            (
                f"{py}/torch/distributed/launcher/api.py",
                132,
                "__call__",
                "return launch_agent(self._config, self._entrypoint, list(args))",
            ),
            (f"{py}/torch/distributed/launcher/api.py", 263, "launch_agent", "raise ChildFailedError("),
        ]
    return _tb(frames, error)


# -- SimpleTuner FLUX LoRA: 500 steps train, then saving the adapter reads a UNet that FLUX has not ---


@SCENARIOS.add
def application_error_job_simpletuner_flux_lora_unwind_unet_none() -> CaseSpec:
    lines = [
        "Epoch 1/250, Steps:   0%|          | 0/500 [00:00<?, ?it/s]",
        "Epoch 250/250, Steps: 100%|##########| 500/500 [47:12<00:00,  5.61s/it, lr=0.0001, step_loss=0.412]",
        "2026-09-10 07:47:43,448 [INFO] (__main__) Exiting training loop. Beginning model unwind at epoch 250, "
        "step 500",
        "'NoneType' object has no attribute 'peft_config'",
        *_tb(
            [
                ("/workspace/SimpleTuner/train.py", 2651, "<module>", "main()"),
                ("/workspace/SimpleTuner/train.py", 2375, "main", "get_peft_model_state_dict(unet)"),
                (
                    f"{_PY310}/peft/utils/save_and_load.py",
                    71,
                    "get_peft_model_state_dict",
                    "config = model.peft_config[adapter_name]",
                ),
            ],
            "AttributeError: 'NoneType' object has no attribute 'peft_config'",
        ),
        *_accelerate_tail(
            _PY310,
            "simple_launcher",
            "subprocess.CalledProcessError: Command '['/usr/bin/python3', 'train.py']' returned non-zero exit "
            "status 1.",
        ),
    ]
    return _failed(
        id="application-error-job-simpletuner-flux-lora-unwind-unet-none",
        day=10,
        name="flux-lora-portrait",
        ns="diffusion",
        image="registry.corp.example/diffusion/simpletuner:flux-2024.08",
        command=["accelerate", "launch", "--mixed_precision=bf16", "--num_processes=1", "train.py"],
        resources=gpu(1, "96Gi", "12"),
        lines=lines,
        gaps=[2832.0, 0.5, 0.3, *[0.01] * 30],
        category="application-error",
        evidence="'NoneType' object has no attribute 'peft_config'",
        description="A SimpleTuner LoRA run on FLUX trains all 500 steps and then, while 'unwinding' the model to "
        "save the adapter, calls peft's get_peft_model_state_dict(unet). FLUX is a transformer model, so the "
        "trainer's unet variable is None and peft fails with \"AttributeError: 'NoneType' object has no attribute "
        "'peft_config'\"; accelerate's launcher then reports the non-zero exit. The save path of the training script "
        "does not handle FLUX (it should take the adapter state from the transformer) - a bug in the trainer "
        "version, fixed upstream; the trained weights of this run are lost unless a checkpoint was kept.",
        title="SimpleTuner FLUX LoRA: after training completes, \"AttributeError: 'NoneType' object has no attribute "
        "'peft_config'\" in get_peft_model_state_dict(unet)",
        source="https://github.com/bghira/SimpleTuner/issues/627",
    )


# -- text-generation-webui LoRA training: the target modules do not exist in the loaded model ---------


@SCENARIOS.add
def application_error_job_webui_lora_target_modules_not_found() -> CaseSpec:
    lines = [
        "Loading llama-7b-hf...",
        "Loading checkpoint shards: 100%|##########| 33/33 [00:41<00:00,  1.26s/it]",
        "Loaded the model in 44.12 seconds.",
        "Loading raw text file dataset...",
        "Getting model ready...",
        "Prepping for training...",
        "Creating LoRA model...",
        *_tb(
            [
                (
                    "/app/text-generation-webui/modules/training.py",
                    190,
                    "do_train",
                    "lora_model = get_peft_model(shared.model, config)",
                ),
                (
                    f"{_PY310}/peft/mapping.py",
                    145,
                    "get_peft_model",
                    "return MODEL_TYPE_TO_PEFT_MODEL_MAPPING[peft_config.task_type](model, peft_config)",
                ),
                (f"{_PY310}/peft/peft_model.py", 514, "__init__", "super().__init__(model, peft_config)"),
                (f"{_PY310}/peft/peft_model.py", 79, "__init__", "self.base_model = LoraModel(peft_config, model)"),
                (f"{_PY310}/peft/tuners/lora.py", 118, "__init__", "self._find_and_replace()"),
                (f"{_PY310}/peft/tuners/lora.py", 181, "_find_and_replace", "raise ValueError("),
            ],
            "ValueError: Target modules ['q_proj', 'v_proj'] not found in the base model. Please check the target "
            "modules and try again.",
        ),
    ]
    return _failed(
        id="application-error-job-webui-lora-target-modules-not-found",
        day=11,
        name="webui-lora-rawtext",
        ns="llm-tune",
        image="registry.corp.example/llm/text-generation-webui:2023.03",
        command=["python", "/app/text-generation-webui/train_lora.py", "--model", "llama-7b-hf"],
        resources=gpu(1, "48Gi", "8"),
        lines=lines,
        gaps=[0.5, 42.0, 1.0, 0.4, 0.2, 0.2, 0.3, *[0.01] * 20],
        category="application-error",
        evidence="not found in the base model",
        description="A LoRA training run from text-generation-webui's training module (raw text dataset, "
        "LLaMA-7B) builds a peft LoraConfig with target_modules ['q_proj', 'v_proj'] and calls get_peft_model. peft "
        'finds no module of those names in the model it was given and stops: "ValueError: Target modules '
        "['q_proj', 'v_proj'] not found in the base model\". The model object the training code wraps does not "
        "expose LLaMA's projection names (an early webui/transformers pairing handed over a model whose layers "
        "are named differently); matching the target modules to the model's real layer names, or the webui and "
        "transformers versions to each other, fixes it.",
        title="text-generation-webui LoRA training: ValueError: Target modules ['q_proj', 'v_proj'] not found in the "
        "base model",
        source="https://github.com/oobabooga/textgen/issues/636",
    )


# -- LLM-Dojo GKD distillation against trl from git main: SFTScriptArguments was renamed ---------------


@SCENARIOS.add
def dependency_error_job_trl_main_sftscriptarguments_renamed() -> CaseSpec:
    script = "/usr/local/src/LLM-Dojo/rlhf/train_gkd.py"
    err = [
        *_tb(
            [
                (script, 3, "<module>", "from trl import ("),
            ],
            f"ImportError: cannot import name 'SFTScriptArguments' from 'trl' ({_PY310}/trl/__init__.py)",
        ),
    ]
    lines = [
        "W0912 07:00:31.402000 140211931563840 torch/distributed/run.py:779] ",
        "W0912 07:00:31.402000 140211931563840 torch/distributed/run.py:779] *****************************************",
        "W0912 07:00:31.402000 140211931563840 torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment "
        "variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the "
        "variable for optimal performance in your application as needed. ",
        "W0912 07:00:31.402000 140211931563840 torch/distributed/run.py:779] *****************************************",
        "[2026-09-12 07:00:35,118] [INFO] [real_accelerator.py:219:get_accelerator] Setting ds_accelerator to cuda "
        "(auto detect)",
        "[2026-09-12 07:00:35,121] [INFO] [real_accelerator.py:219:get_accelerator] Setting ds_accelerator to cuda "
        "(auto detect)",
        *err,
        *err,
        "E0912 07:00:38.904000 140211931563840 torch/distributed/elastic/multiprocessing/api.py:833] failed "
        "(exitcode: 1) local_rank: 0 (pid: 2081) of binary: /usr/bin/python",
        *_accelerate_tail(
            _PY310,
            "deepspeed_launcher",
            "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        ),
        "============================================================",
        f"{script} FAILED",
        "------------------------------------------------------------",
        "Failures:",
        "[1]:",
        "  time      : 2026-09-12_07:00:38",
        "  host      : llm-dojo-gkd-4bz4m",
        "  rank      : 1 (local_rank: 1)",
        "  exitcode  : 1 (pid: 2082)",
        "  error_file: <N/A>",
        "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
        "------------------------------------------------------------",
        "Root Cause (first observed failure):",
        "[0]:",
        "  time      : 2026-09-12_07:00:38",
        "  host      : llm-dojo-gkd-4bz4m",
        "  rank      : 0 (local_rank: 0)",
        "  exitcode  : 1 (pid: 2081)",
        "  error_file: <N/A>",
        "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
        "============================================================",
    ]
    return _failed(
        id="dependency-error-job-trl-main-sftscriptarguments-renamed",
        day=12,
        name="llm-dojo-gkd",
        ns="llm-tune",
        image="registry.corp.example/llm/llm-dojo:trl-main",
        command=[
            "accelerate",
            "launch",
            "--config_file",
            "/usr/local/src/LLM-Dojo/rlhf/ds_config/ds_zero3.yaml",
            script,
            "--model_name_or_path",
            "/models/Llama-3.2-1B-Instruct",
            "--teacher_model_name_or_path",
            "/models/Meta-Llama-3-8B-Instruct",
            "--use_peft",
        ],
        resources=gpu(2, "64Gi", "16"),
        lines=lines,
        gaps=[0.0, 0.0, 0.0, 0.0, 3.7, 0.0, *[0.01] * 80],
        category="dependency-error",
        evidence="cannot import name 'SFTScriptArguments' from 'trl'",
        description="A GKD distillation script (student Llama-3.2-1B, teacher Llama-3-8B, LoRA, DeepSpeed ZeRO-3 "
        "through accelerate) is run in an image where trl was installed from its git main branch. trl had "
        "renamed SFTScriptArguments to ScriptArguments, so both ranks fail on the script's first import: "
        "\"ImportError: cannot import name 'SFTScriptArguments' from 'trl'\", and torchrun reports the children "
        "failed. The installed trl does not fit the code - pin the trl release the script was written for, or "
        "update the script to the new name.",
        title="LLM-Dojo distillation with trl from git: ImportError: cannot import name 'SFTScriptArguments' from "
        "'trl'",
        source="https://github.com/mst272/LLM-Dojo/issues/28",
    )


# -- LLaMA-Factory fsdp_qlora: a rank dies of SIGSEGV a third of the way through training --------------


@SCENARIOS.add
def crash_signal_job_llamafactory_fsdp_qlora_exitcode_11() -> CaseSpec:
    py = "/opt/LLaMA-Factory/v/lib/python3.11/site-packages"
    bar = "#" * 54
    lines = [
        "{'loss': 1.0731, 'grad_norm': 1.2880131006240845, 'learning_rate': 8.52141075681512e-05, 'epoch': 0.74}",
        "{'loss': 1.0558, 'grad_norm': 1.4117002487182617, 'learning_rate': 8.306258836466416e-05, 'epoch': 0.81}",
        "{'loss': 1.0392, 'grad_norm': 1.531546711921692, 'learning_rate': 8.078577175829324e-05, 'epoch': 0.88}",
        f" 32%|{bar}           | 65/204 [39:24<1:23:19, 35.97s/it]W0913 07:40:23.858000 140417675919424 "
        "torch/distributed/elastic/multiprocessing/api.py:851] Sending process 101092 closing signal SIGTERM",
        "E0913 07:40:24.875000 140417675919424 torch/distributed/elastic/multiprocessing/api.py:826] failed "
        "(exitcode: -11) local_rank: 0 (pid: 101091) of binary: /opt/LLaMA-Factory/v/bin/python",
        *_accelerate_tail(
            py, "multi_gpu_launcher", "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: "
        ),
        "=======================================================",
        "src/train.py FAILED",
        "-------------------------------------------------------",
        "Failures:",
        "  <NO_OTHER_FAILURES>",
        "-------------------------------------------------------",
        "Root Cause (first observed failure):",
        "[0]:",
        "  time      : 2026-09-13_07:40:23",
        "  host      : lf-fsdp-qlora-70b-f4szc",
        "  rank      : 0 (local_rank: 0)",
        "  exitcode  : -11 (pid: 101091)",
        "  error_file: <N/A>",
        "  traceback : Signal 11 (SIGSEGV) received by PID 101091",
        "=======================================================",
    ]
    return _failed(
        id="crash-signal-job-llamafactory-fsdp-qlora-exitcode-11",
        day=13,
        name="lf-fsdp-qlora-70b",
        ns="llm-tune",
        image="registry.corp.example/llm/llama-factory:0.7.1-py311",
        command=[
            "accelerate",
            "launch",
            "--config_file",
            "examples/accelerate/fsdp_config.yaml",
            "src/train.py",
            "examples/extras/fsdp_qlora/llama3_lora_sft.yaml",
        ],
        resources=gpu(2, "120Gi", "16"),
        lines=lines,
        gaps=[70.0, 70.0, 2223.0, 1.0, *[0.01] * 60],
        category="crash-signal",
        evidence="SIGSEGV",
        description="LLaMA-Factory's FSDP + QLoRA example (a 4-bit quantised model sharded over two GPUs with "
        "bitsandbytes and FSDP) trains normally for 65 of 204 steps, loss falling, then rank 0 dies without a "
        "Python traceback: torchrun's agent reports 'failed (exitcode: -11)' and 'Signal 11 (SIGSEGV) received', "
        "sends SIGTERM to the other rank, and accelerate exits with ChildFailedError. A native segmentation fault "
        "inside the training process (the quantised-kernel / FSDP native code), not an exception in the script; "
        "it recurs at a different step on each run. Upgrading the bitsandbytes/torch pairing, or training without "
        "the FSDP+QLoRA combination, avoids it.",
        title="LLaMA-Factory fsdp_qlora: training dies mid-run with 'failed (exitcode: -11)' - Signal 11 (SIGSEGV)",
        source="https://github.com/hiyouga/LlamaFactory/issues/3907",
    )
