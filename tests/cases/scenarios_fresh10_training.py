"""Fresh round 10: real public threads about training code, launchers and their libraries (HF, DeepSpeed, Megatron, Lightning, torchrun).

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime

from tests.cases.builders import CaseSpec, Scenarios, gpu
from tests.cases.logtext import rank_traceback, torchrun_failed, torchrun_start
from tests.cases.scenarios_real_application import _failed, _running, _tb

SCENARIOS = Scenarios()


_PY310 = "/usr/local/lib/python3.10/site-packages"
_PY36 = "/usr/local/lib/python3.6/dist-packages"


# -- HF Trainer + LoRA: backward on a loss with no graph (gradient checkpointing, frozen inputs) ---------


@SCENARIOS.add
def application_error_job_lora_loss_without_grad_fn() -> CaseSpec:
    lines = [
        "[INFO|trainer.py:1712] 2026-09-20 07:00:55,247 >> ***** Running training *****",
        "[INFO|trainer.py:1713] 2026-09-20 07:00:55,247 >>   Num examples = 9,861",
        "[INFO|trainer.py:1714] 2026-09-20 07:00:55,247 >>   Num Epochs = 10",
        "[INFO|trainer.py:1715] 2026-09-20 07:00:55,247 >>   Instantaneous batch size per device = 1",
        "[INFO|trainer.py:1718] 2026-09-20 07:00:55,247 >>   Total train batch size (w. parallel, distributed & "
        "accumulation) = 64",
        "[INFO|trainer.py:1719] 2026-09-20 07:00:55,247 >>   Gradient Accumulation steps = 8",
        "[INFO|trainer.py:1720] 2026-09-20 07:00:55,247 >>   Total optimization steps = 1,540",
        "[INFO|trainer.py:1721] 2026-09-20 07:00:55,252 >>   Number of trainable parameters = 19,988,480",
        "  0%|          | 0/1540 [00:00<?, ?it/s][WARNING|logging.py:305] 2026-09-20 07:00:55,318 >> `use_cache=True` "
        "is incompatible with gradient checkpointing. Setting `use_cache=False`...",
        f"{_PY310}/torch/utils/checkpoint.py:31: UserWarning: None of the inputs have requires_grad=True. Gradients "
        "will be None",
        '  warnings.warn("None of the inputs have requires_grad=True. Gradients will be None")',
        *_tb(
            [
                ("/app/train/sft/finetune_clm_lora.py", 690, "<module>", "main()"),
                (
                    "/app/train/sft/finetune_clm_lora.py",
                    651,
                    "main",
                    "train_result = trainer.train(resume_from_checkpoint=checkpoint)",
                ),
                (f"{_PY310}/transformers/trainer.py", 1553, "train", "return inner_training_loop("),
                (
                    f"{_PY310}/transformers/trainer.py",
                    1835,
                    "_inner_training_loop",
                    "tr_loss_step = self.training_step(model, inputs)",
                ),
                (f"{_PY310}/transformers/trainer.py", 2690, "training_step", "self.accelerator.backward(loss)"),
                (
                    f"{_PY310}/accelerate/accelerator.py",
                    1979,
                    "backward",
                    "self.deepspeed_engine_wrapped.backward(loss, **kwargs)",
                ),
                (f"{_PY310}/accelerate/utils/deepspeed.py", 167, "backward", "self.engine.backward(loss, **kwargs)"),
                (f"{_PY310}/torch/_tensor.py", 487, "backward", "torch.autograd.backward("),
                (
                    f"{_PY310}/torch/autograd/__init__.py",
                    197,
                    "backward",
                    "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
                ),
            ],
            "RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn",
        ),
        "  0%|          | 0/1540 [00:01<?, ?it/s]",
    ]
    return _failed(
        id="application-error-job-lora-loss-without-grad-fn",
        day=20,
        name="llama2-zh-sft-lora",
        ns="llm-finetune",
        image="registry.corp.example/llm/hf-deepspeed:4.33-ds0.10",
        command=["deepspeed", "--num_gpus", "1", "/app/train/sft/finetune_clm_lora.py", "--deepspeed", "ds_z2.json"],
        resources=gpu(1, "96Gi", "12"),
        lines=lines,
        gaps=[0.0] * 8 + [0.07, 0.4, 0.0, *[0.01] * 30],
        category="application-error",
        evidence="element 0 of tensors does not require grad and does not have a grad_fn",
        description="A LoRA fine-tune of a Llama-2 model through the Hugging Face Trainer with DeepSpeed and gradient "
        "checkpointing enabled. With the base model frozen and checkpointing on, the embedding output that enters the "
        "first checkpointed block does not require grad (torch warns 'None of the inputs have requires_grad=True'), "
        "so the loss has no autograd graph and the first backward fails: 'RuntimeError: element 0 of tensors does not "
        "require grad and does not have a grad_fn'. The training script must call model.enable_input_require_grads() "
        "(or disable gradient checkpointing) before wrapping the model with PEFT - a bug in the user's training code.",
        title="RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn in the first "
        "training step of a LoRA fine-tune with gradient checkpointing",
        source="https://github.com/LlamaChinese/Llama-Chinese/issues/242",
    )


# -- OpenMMLab: the config names a model type no imported package registered ---------------------------


@SCENARIOS.add
def dependency_error_job_mmdet_model_not_in_registry() -> CaseSpec:
    lines = [
        "2026-09-21 07:00:31,118 - mmdet - INFO - Environment info:",
        "------------------------------------------------------------",
        "sys.platform: linux",
        "Python: 3.6.9 (default, Jan 26 2021, 15:33:00) [GCC 8.4.0]",
        "CUDA available: True",
        "GPU 0: Tesla V100-SXM2-16GB",
        "PyTorch: 1.3.1",
        "MMCV: 1.3.8",
        "MMDetection: 2.14.0+",
        "------------------------------------------------------------",
        "2026-09-21 07:00:31,402 - mmdet - INFO - Distributed training: False",
        "2026-09-21 07:00:31,977 - mmdet - INFO - Config:",
        "model = dict(",
        "    type='ReDet',",
        "    pretrained='work_dirs/ReResNet_pretrain/re_resnet50_c8_batch256-25b16846.pth',",
        "    backbone=dict(type='ReResNet', depth=50, num_stages=4, out_indices=(0, 1, 2, 3), frozen_stages=1),",
        "2026-09-21 07:00:32,004 - mmdet - INFO - Set random seed to None, deterministic: False",
        *_tb(
            [
                ("/app/mmdetection/tools/train.py", 95, "<module>", "main()"),
                (
                    "/app/mmdetection/tools/train.py",
                    73,
                    "main",
                    "cfg.model, train_cfg=cfg.train_cfg, test_cfg=cfg.test_cfg)",
                ),
                (
                    "/app/mmdetection/mmdet/models/builder.py",
                    58,
                    "build_detector",
                    "cfg, default_args=dict(train_cfg=train_cfg, test_cfg=test_cfg))",
                ),
                (
                    f"{_PY36}/mmcv/utils/registry.py",
                    210,
                    "build",
                    "return self.build_func(*args, **kwargs, registry=self)",
                ),
                (
                    f"{_PY36}/mmcv/cnn/builder.py",
                    26,
                    "build_model_from_cfg",
                    "return build_from_cfg(cfg, registry, default_args)",
                ),
                (
                    f"{_PY36}/mmcv/utils/registry.py",
                    44,
                    "build_from_cfg",
                    "f'{obj_type} is not in the {registry.name} registry')",
                ),
            ],
            "KeyError: 'ReDet is not in the models registry'",
        ),
    ]
    return _failed(
        id="dependency-error-job-mmdet-model-not-in-registry",
        day=21,
        name="aerial-redet-train",
        ns="remote-sensing",
        image="registry.corp.example/vision/mmdet:2.14-cu101",
        command=["python", "/app/mmdetection/tools/train.py", "configs/ReDet/ReDet_re50_refpn_1x_dota15.py"],
        resources=gpu(1, "32Gi", "8"),
        lines=lines,
        gaps=[0.0] * 10 + [0.3, 0.6, 0.0, 0.0, 0.0, 0.0, 0.03, *[0.01] * 20],
        category="dependency-error",
        evidence="KeyError: 'ReDet is not in the models registry'",
        description="An oriented-object detector from a research repository (a fork of MMDetection that registers its "
        "own detector class) is trained with the upstream MMDetection installed in the image: the config names "
        "type='ReDet', no installed package registered that class, and mmcv's build_from_cfg fails with "
        "\"KeyError: 'ReDet is not in the models registry'\". The fix in the thread was to install the repository "
        "that provides the model (or import it via custom_imports): the code the config needs is not installed.",
        title="KeyError: 'ReDet is not in the models registry' from mmcv build_from_cfg in MMDetection tools/train.py",
        source="https://github.com/csuhan/ReDet/issues/37",
    )


# -- healthy trap: a resumed HF Trainer run that warns about tied weights missing from the checkpoint -----


@SCENARIOS.add
def healthy_job_t5_resume_missing_tied_keys_warning() -> CaseSpec:
    lines = [
        "[INFO|trainer.py:2048] 2026-09-22 07:00:30,118 >> Loading model from /ckpt/codet5p-ft/checkpoint-12000.",
        "[WARNING|trainer.py:2231] 2026-09-22 07:00:31,640 >> There were missing keys in the checkpoint model loaded: "
        "['encoder.embed_tokens.weight', 'decoder.embed_tokens.weight', 'lm_head.weight'].",
        "[INFO|trainer.py:1723] 2026-09-22 07:00:31,702 >> ***** Running training *****",
        "[INFO|trainer.py:1724] 2026-09-22 07:00:31,702 >>   Num examples = 412,380",
        "[INFO|trainer.py:1725] 2026-09-22 07:00:31,702 >>   Num Epochs = 5",
        "[INFO|trainer.py:1726] 2026-09-22 07:00:31,702 >>   Instantaneous batch size per device = 16",
        "[INFO|trainer.py:1731] 2026-09-22 07:00:31,702 >>   Gradient Accumulation steps = 2",
        "[INFO|trainer.py:1732] 2026-09-22 07:00:31,702 >>   Total optimization steps = 64,435",
        "[INFO|trainer.py:1733] 2026-09-22 07:00:31,705 >>   Number of trainable parameters = 222,882,048",
        "[INFO|trainer.py:1754] 2026-09-22 07:00:31,706 >>   Continuing training from checkpoint, will skip to saved "
        "global_step",
        "[INFO|trainer.py:1755] 2026-09-22 07:00:31,706 >>   Continuing training from epoch 0",
        "[INFO|trainer.py:1756] 2026-09-22 07:00:31,706 >>   Continuing training from global step 12000",
        "{'loss': 0.4127, 'learning_rate': 4.0652e-05, 'epoch': 0.94}",
        "{'loss': 0.4093, 'learning_rate': 4.0574e-05, 'epoch': 0.95}",
        "{'loss': 0.4051, 'learning_rate': 4.0497e-05, 'epoch': 0.96}",
        "{'loss': 0.4088, 'learning_rate': 4.0419e-05, 'epoch': 0.97}",
    ]
    return _running(
        id="healthy-job-t5-resume-missing-tied-keys-warning",
        day=22,
        name="codet5p-summarise-ft",
        ns="code-models",
        image="registry.corp.example/llm/hf-train:4.35-cu117",
        command=[
            "python",
            "run_summarization.py",
            "--output_dir",
            "/ckpt/codet5p-ft",
            "--resume_from_checkpoint",
            "True",
        ],
        resources=gpu(1, "48Gi", "8"),
        lines=lines,
        gaps=[1.5, 0.06, 0.0, 0.0, 0.0, 0.0, 0.0, 0.003, 0.001, 0.0, 0.0, 48.0, 47.5, 48.2, 47.9],
        description="A T5-family summarisation fine-tune restarted with --resume_from_checkpoint. The Trainer warns "
        "'There were missing keys in the checkpoint model loaded: [encoder.embed_tokens.weight, "
        "decoder.embed_tokens.weight, lm_head.weight]': those are tied to the shared embedding, which safetensors "
        "saves once, so the warning is cosmetic: those weights are restored from the shared embedding. Training continues from "
        "global step 12000 with a steady loss and a new line every 48 s: the job is healthy.",
        title="T5 model: There were missing keys in the checkpoint model loaded: ['encoder.embed_tokens.weight', "
        "'decoder.embed_tokens.weight', 'lm_head.weight'] on resume_from_checkpoint, training continues",
        source="https://github.com/huggingface/transformers/issues/27972",
    )


# -- DeepSpeed ZeRO-3: a plain load_state_dict into partitioned parameters -------------------------------


@SCENARIOS.add
def application_error_job_zero3_load_state_dict_into_partitioned_params() -> CaseSpec:
    site = "/opt/conda/lib/python3.10/site-packages"
    lines = [
        "[2026-09-23 07:00:30,104] [INFO] [real_accelerator.py:191:get_accelerator] Setting ds_accelerator to cuda "
        "(auto detect)",
        "[2026-09-23 07:00:33,512] [INFO] [runner.py:568:main] cmd = /opt/conda/bin/python -u -m "
        "deepspeed.launcher.launch --world_info=eyJsb2NhbGhvc3QiOiBbMCwgMSwgMiwgM119 --master_addr=127.0.0.1 "
        "--master_port=29500 --enable_each_rank_log=None osprey/train/train_mem.py --deepspeed ./scripts/zero3.json",
        "[2026-09-23 07:00:36,880] [INFO] [launch.py:146:main] WORLD INFO DICT: {'localhost': [0, 1, 2, 3]}",
        "[2026-09-23 07:00:36,880] [INFO] [launch.py:152:main] nnodes=1, num_local_procs=4, node_rank=0",
        "[2026-09-23 07:00:41,226] [INFO] [comm.py:637:init_distributed] cdb=None",
        "[2026-09-23 07:00:41,226] [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with "
        "backend nccl",
        "[2026-09-23 07:00:47,905] [INFO] [partition_parameters.py:345:__exit__] finished initializing model - num_params "
        "= 291, num_elems = 7.24B",
        *rank_traceback(
            0,
            [
                ("/app/osprey/train/train_mem.py", 16, "<module>", "train()"),
                ("/app/osprey/train/train.py", 846, "train", "model.get_model().initialize_vision_modules("),
                ("/app/osprey/model/osprey_arch.py", 53, "initialize_vision_modules", "vision_tower.load_model()"),
                (
                    "/app/osprey/model/multimodal_encoder/clip_encoder.py",
                    35,
                    "load_model",
                    "self.vision_tower.load_state_dict(torch.load(self.clip_model), strict=False)",
                ),
                (
                    f"{site}/torch/nn/modules/module.py",
                    2189,
                    "load_state_dict",
                    "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(",
                ),
            ],
            "RuntimeError: Error(s) in loading state_dict for CLIP:\n\tsize mismatch for visual.trunk.stem.0.weight: "
            "copying a param with shape torch.Size([192, 3, 4, 4]) from checkpoint, the shape in current model is "
            "torch.Size([0])",
        ),
        "[2026-09-23 07:00:52,318] [INFO] [launch.py:316:sigkill_handler] Killing subprocess 2211",
        "[2026-09-23 07:00:52,540] [INFO] [launch.py:316:sigkill_handler] Killing subprocess 2212",
        "[2026-09-23 07:00:52,781] [INFO] [launch.py:316:sigkill_handler] Killing subprocess 2213",
        "[2026-09-23 07:00:52,963] [INFO] [launch.py:316:sigkill_handler] Killing subprocess 2214",
        "[2026-09-23 07:00:52,964] [ERROR] [launch.py:322:sigkill_handler] ['/opt/conda/bin/python', '-u', "
        "'osprey/train/train_mem.py', '--local_rank=3', '--deepspeed', './scripts/zero3.json'] exits with return "
        "code = 1",
    ]
    return _failed(
        id="application-error-job-zero3-load-state-dict-into-partitioned-params",
        day=23,
        name="osprey-stage2-zero3",
        ns="vlm-research",
        image="registry.corp.example/vlm/deepspeed:0.14-cu121",
        command=["deepspeed", "osprey/train/train_mem.py", "--deepspeed", "./scripts/zero3.json"],
        resources=gpu(4, "256Gi", "32"),
        lines=lines,
        gaps=[3.4, 3.4, 0.0, 4.3, 0.0, 6.7, *[0.0] * 13, 4.4, 0.2, 0.2, 0.2, 0.0],
        category="application-error",
        evidence="the shape in current model is torch.Size([0])",
        description="A vision-language model is trained with DeepSpeed ZeRO-3 (scripts/zero3.json). Under ZeRO-3 "
        "every parameter is partitioned across the ranks as the model is built, so each local tensor is empty; the "
        "training code then loads the vision tower's weights with a plain torch load_state_dict, which compares "
        "shapes and fails: 'size mismatch for visual.trunk.stem.0.weight: copying a param with shape "
        "torch.Size([192, 3, 4, 4]) from checkpoint, the shape in current model is torch.Size([0])'. The code must "
        "gather the parameters (deepspeed.zero.GatheredParameters) or load before partitioning, or run with ZeRO-2 as "
        "the maintainers advise: the user's training code does not support ZeRO-3.",
        title="RuntimeError: Error(s) in loading state_dict for CLIP: size mismatch ... the shape in current model is "
        "torch.Size([0]) with a DeepSpeed ZeRO-3 config",
        source="https://github.com/CircleRadon/Osprey/issues/38",
    )


# -- accelerate: a model spread over GPUs with device_map='auto', then launched one process per GPU ------


@SCENARIOS.add
def application_error_job_accelerate_device_map_auto_distributed() -> CaseSpec:
    site = "/usr/local/lib/python3.10/dist-packages"
    err = (
        "ValueError: You can't train a model that has been loaded with `device_map='auto'` in any distributed mode. "
        "Please rerun your script specifying `--num_processes=1` or by launching with `python {{myscript.py}}`."
    )
    frames = [
        ("/app/finetune.py", 360, "<module>", "train()"),
        ("/app/finetune.py", 353, "train", "trainer.train()"),
        (f"{site}/transformers/trainer.py", 1555, "train", "return inner_training_loop("),
        (
            f"{site}/transformers/trainer.py",
            1687,
            "_inner_training_loop",
            "model, self.optimizer, self.lr_scheduler = self.accelerator.prepare(",
        ),
        (f"{site}/accelerate/accelerator.py", 1210, "prepare", "raise ValueError("),
    ]
    lines = [
        *torchrun_start(datetime(2026, 9, 24, 7, 0, 30, 411000), pid=947),
        "[2026-09-24 07:00:36,902] [INFO] [comm.py:637:init_distributed] cdb=None",
        "[2026-09-24 07:00:36,902] [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with "
        "backend nccl",
        "Loading checkpoint shards: 100%|██████████| 8/8 [00:21<00:00,  2.66s/it]",
        "Loading data...",
        "Formatting inputs...Skip in lazy mode",
        *_tb(frames, err),
        *_tb(frames, err),
        *torchrun_failed(
            datetime(2026, 9, 24, 7, 1, 14, 748000),
            rank=0,
            local_rank=0,
            exitcode=1,
            pid=948,
            host="qwen-sft-zero3-7xk2p",
            script="finetune.py",
            agent_pid=947,
        ),
    ]
    return _failed(
        id="application-error-job-accelerate-device-map-auto-distributed",
        day=24,
        name="qwen-sft-zero3",
        ns="llm-finetune",
        image="registry.corp.example/llm/qwen-finetune:cu121-ds0.12",
        command=[
            "torchrun",
            "--nproc_per_node",
            "4",
            "finetune.py",
            "--deepspeed",
            "finetune/ds_config_zero3.json",
        ],
        resources=gpu(4, "320Gi", "32"),
        lines=lines,
        gaps=[0.0, 0.0, 0.0, 0.0, 6.5, 0.0, 22.0, 3.1, 1.2, *[0.001] * 26, 0.3, 0.3, *[0.001] * 40],
        category="application-error",
        evidence="You can't train a model that has been loaded with `device_map='auto'` in any distributed mode",
        description="A Qwen supervised fine-tune is launched with torchrun, one process on each of four GPUs, and DeepSpeed ZeRO-3, "
        "but the script loads the model with device_map='auto' (spreading its layers over all GPUs for one process). "
        "accelerate refuses to prepare such a model for distributed training: \"ValueError: You can't train a model "
        "that has been loaded with `device_map='auto'` in any distributed mode\". torchrun then stops the other ranks "
        "with SIGTERM and prints the ChildFailedError table naming rank 0. The script must load the model with "
        "device_map=None (or one device per process) under ZeRO-3/DDP - a bug in the training code.",
        title="ValueError: You can't train a model that has been loaded with `device_map='auto'` in any distributed "
        "mode, from accelerator.prepare under torchrun with ZeRO-3",
        source="https://github.com/QwenLM/Qwen/pull/833",
    )
