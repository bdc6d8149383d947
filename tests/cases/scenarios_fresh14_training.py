"""Fresh round 14: real public threads about training code, launchers and their libraries (HF, DeepSpeed, Megatron, Lightning, torchrun).

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    PodPlan,
    Scenarios,
    cpu_only,
    gpu,
    kubeflow_conditions,
    kubeflow_with_pods,
    running,
    stamped,
)
from tests.cases.logtext import glog, torchrun_start
from tests.cases.scenarios_fresh12_training import _DS_HEAD_GAPS, _ds_launcher_head, _one_pod_job

SCENARIOS = Scenarios()


# -- LLaMA-Factory PPO with LoRA under DeepSpeed ZeRO-3 in a cluster pod: 'Tensors must be CUDA and dense' -


@SCENARIOS.add
def application_error_job_llamafactory_ppo_zero3_tensors_must_be_cuda() -> CaseSpec:
    py = "/usr/local/lib/python3.8/dist-packages"
    host = "ppo-lora-llama2-13b-launcher.ppo-lora-llama2-13b-launcher.llm-rlhf.svc.cluster.local"
    t0 = datetime(2026, 11, 21, 9, 0, 30, tzinfo=timezone.utc)
    t_fail = datetime(2026, 11, 21, 9, 2, 41, tzinfo=timezone.utc)

    def frames(rank: int) -> list[str]:
        return [
            "Traceback (most recent call last):",
            '  File "src/train_bash.py", line 14, in <module>',
            "    main()",
            '  File "src/train_bash.py", line 5, in main',
            "    run_exp()",
            '  File "/workspace/LLaMA-Factory/src/llmtuner/train/tuner.py", line 35, in run_exp',
            "    run_ppo(model_args, data_args, training_args, finetuning_args, generating_args, callbacks)",
            '  File "/workspace/LLaMA-Factory/src/llmtuner/train/ppo/workflow.py", line 40, in run_ppo',
            "    reward_model = create_reward_model(model, model_args, finetuning_args)",
            '  File "/workspace/LLaMA-Factory/src/llmtuner/train/utils.py", line 98, in create_reward_model',
            "    reward_model, _ = load_model_and_tokenizer(",
            '  File "/workspace/LLaMA-Factory/src/llmtuner/model/loader.py", line 94, in load_model_and_tokenizer',
            "    model = AutoModelForCausalLM.from_pretrained(",
            f'  File "{py}/transformers/modeling_utils.py", line 3850, in _load_pretrained_model',
            "    with deepspeed.zero.GatheredParameters(params_to_gather, modifier_rank=0):",
            f'  File "{py}/deepspeed/runtime/zero/partition_parameters.py", line 2099, in <listcomp>',
            "    handles = [dist.broadcast(p, self.src_rank, group=p.ds_process_group, async_op=True) for p in "
            "self.params]",
            f'  File "{py}/deepspeed/comm/comm.py", line 117, in log_wrapper',
            "    return func(*args, **kwargs)",
            f'  File "{py}/deepspeed/comm/comm.py", line 224, in broadcast',
            "    return cdb.broadcast(tensor=tensor, src=src, group=group, async_op=async_op)",
            f'  File "{py}/deepspeed/comm/torch.py", line 196, in broadcast',
            "    return torch.distributed.broadcast(tensor=tensor, src=src, group=group, async_op=async_op)",
            f'  File "{py}/torch/distributed/distributed_c10d.py", line 1451, in wrapper',
            "    return func(*args, **kwargs)",
            f'  File "{py}/torch/distributed/distributed_c10d.py", line 1566, in broadcast',
            "    work = default_pg.broadcast([tensor], opts)",
            "RuntimeError: Tensors must be CUDA and dense",
        ]

    def failure(i: int) -> list[str]:
        return [
            f"[{i}]:",
            "  time      : 2026-11-21_09:02:41",
            f"  host      : {host}",
            f"  rank      : {i} (local_rank: {i})",
            f"  exitcode  : 1 (pid: {3606 + i})",
            "  error_file: <N/A>",
            "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
        ]

    ranks = [
        line
        for i in range(4)
        for line in (
            f"11/21/2026 09:00:41 - INFO - llmtuner.hparams.parser - Process rank: {i}, device: cuda:{i}, n_gpu: 1",
            "  distributed training: True, compute dtype: torch.bfloat16",
        )
    ]
    # (first gap, lines, gap between them)
    parts: list[tuple[float, list[str], float]] = [
        (0.0, torchrun_start(t0, pid=3571), 0.0),
        (
            7.9,
            [
                f"[2026-11-21 09:00:38,{412 + i * 3}] [INFO] [real_accelerator.py:161:get_accelerator] Setting "
                "ds_accelerator to cuda (auto detect)"
                for i in range(4)
            ],
            0.0,
        ),
        (
            2.8,
            [f"[2026-11-21 09:00:41,{205 + i}] [INFO] [comm.py:637:init_distributed] cdb=None" for i in range(4)],
            0.0,
        ),
        (
            0.0,
            [
                "[2026-11-21 09:00:41,207] [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in "
                "DeepSpeed with backend nccl",
                *ranks,
            ],
            0.0,
        ),
        (1.0, ["11/21/2026 09:00:42 - INFO - llmtuner.data.loader - Loading dataset rlhf_prompts.json..."], 0.0),
        (
            23.0,
            [
                "11/21/2026 09:01:05 - INFO - llmtuner.model.patcher - Gradient checkpointing enabled.",
                "11/21/2026 09:01:05 - INFO - llmtuner.model.adapter - Fine-tuning method: LoRA",
                "11/21/2026 09:01:06 - INFO - llmtuner.model.adapter - Loaded adapter(s): /models/llama2-13b-sft-lora",
            ],
            0.5,
        ),
        (
            91.0,
            [
                "11/21/2026 09:02:37 - INFO - llmtuner.model.utils - Loaded valuehead from checkpoint: "
                "/models/llama2-13b-sft-lora",
                "11/21/2026 09:02:38 - INFO - llmtuner.model.loader - trainable params: 6558721 || all params: "
                "13022426113 || trainable%: 0.0504",
                "11/21/2026 09:02:38 - INFO - llmtuner.train.utils - Use reward model from /models/llama2-13b-rm-lora",
            ],
            0.6,
        ),
        (2.1, [*frames(0), *frames(1)], 0.0),
        (
            0.8,
            [
                glog(
                    "E",
                    t_fail,
                    3571,
                    "torch/distributed/elastic/multiprocessing/api.py:828",
                    "failed (exitcode: 1) local_rank: 0 (pid: 3606) of binary: /usr/bin/python",
                ),
                "Traceback (most recent call last):",
                '  File "/usr/local/bin/torchrun", line 8, in <module>',
                "    sys.exit(main())",
                f'  File "{py}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 346, in wrapper',
                "    return f(*args, **kwargs)",
                f'  File "{py}/torch/distributed/run.py", line 806, in main',
                "    run(args)",
                f'  File "{py}/torch/distributed/run.py", line 797, in run',
                "    elastic_launch(",
                f'  File "{py}/torch/distributed/launcher/api.py", line 134, in __call__',
                "    return launch_agent(self._config, self._entrypoint, list(args))",
                f'  File "{py}/torch/distributed/launcher/api.py", line 250, in launch_agent',
                "    raise ChildFailedError(",
                "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
                "============================================================",
                "src/train_bash.py FAILED",
                "------------------------------------------------------------",
                "Failures:",
                *failure(1),
                *failure(2),
                *failure(3),
                "------------------------------------------------------------",
                "Root Cause (first observed failure):",
                *failure(0),
                "============================================================",
            ],
            0.0,
        ),
    ]
    lines = [line for _, part, _ in parts for line in part]
    gaps = [g for first, part, inner in parts for g in (first, *[inner] * (len(part) - 1))][1:]
    return _one_pod_job(
        id="application-error-job-llamafactory-ppo-zero3-tensors-must-be-cuda",
        day=21,
        name="ppo-lora-llama2-13b-launcher",
        ns="llm-rlhf",
        image="registry.corp.example/llm/llama-factory:0.5.2-torch2.1-ds0.13",
        command=[
            "torchrun",
            "--nproc_per_node",
            "4",
            "src/train_bash.py",
            "--deepspeed",
            "ds_z3_config.json",
            "--stage",
            "ppo",
            "--do_train",
            "--finetuning_type",
            "lora",
            "--reward_model",
            "/models/llama2-13b-rm-lora",
        ],  # fmt: skip
        resources=gpu(4, "320Gi", "32"),
        lines=lines,
        gaps=gaps,
        category="application-error",
        evidence="Tensors must be CUDA and dense",
        description="PPO with LoRA in LLaMA-Factory 0.5.2 under DeepSpeed ZeRO-3, four ranks started by torchrun "
        "in a launcher pod of the cluster. While the reward model is loaded, ZeRO-3's GatheredParameters "
        "broadcasts parameters that sit on the CPU, and every rank fails in torch.distributed.broadcast with "
        "'RuntimeError: Tensors must be CUDA and dense' (the NCCL process group only takes GPU tensors); torchrun "
        "then reports ChildFailedError for all four ranks. Nothing is wrong with NCCL or the GPUs: this PPO path "
        "does not support ZeRO-3 (the maintainers' answer in related threads is to train PPO without ZeRO-3, "
        "e.g. ZeRO-2 or plain DDP).",
        title="DeepSpeed ZeRO-3 PPO LoRA fine-tuning with LLaMA-Factory 0.5.2 fails: 'RuntimeError: Tensors must be "
        "CUDA and dense'",
        source="https://github.com/hiyouga/LlamaFactory/issues/2555",
    )


# -- Llama-2-70b SFT with DeepSpeed on one 8-GPU machine, in a container: 'exits with return code = -7' ---


@SCENARIOS.add
def shm_exhausted_job_llamafactory_llama2_70b_sft_return_code_7() -> CaseSpec:
    python = "/opt/conda/bin/python"
    args = (
        "--stage sft --model_name_or_path /models/Llama-2-70b-chat-hf --do_train --dataset alpaca_gpt4_zh "
        "--template llama2 --finetuning_type lora --output_dir /tmp/output --per_device_train_batch_size 1 "
        "--gradient_accumulation_steps 4 --lr_scheduler_type cosine --logging_steps 1 --save_steps 1000 "
        "--learning_rate 5e-5 --num_train_epochs 1.0 --plot_loss --fp16 --deepspeed ds_config.json"
    )
    argv = ", ".join(f"'{a}'" for a in args.split(" "))
    targs = [
        "load_best_model_at_end=False,",
        "local_rank=6,",
        "log_level=passive,",
        "log_level_replica=warning,",
        "log_on_each_node=True,",
        "logging_dir=/tmp/output/runs/Jul31_19-12-49_ds-node-0,",
        "logging_first_step=False,",
        "logging_nan_inf_filter=True,",
        "logging_steps=1.0,",
        "logging_strategy=steps,",
        "lr_scheduler_type=cosine,",
        "max_grad_norm=1.0,",
        "max_steps=-1,",
        "metric_for_best_model=None,",
        "mp_parameters=,",
        "no_cuda=False,",
        "num_train_epochs=1.0,",
        "optim=adamw_torch,",
        "optim_args=None,",
        "output_dir=/tmp/output,",
        "overwrite_output_dir=False,",
        "past_index=-1,",
        "per_device_eval_batch_size=8,",
        "per_device_train_batch_size=1,",
        "predict_with_generate=False,",
        "prediction_loss_only=False,",
        "push_to_hub=False,",
        "push_to_hub_model_id=None,",
        "push_to_hub_organization=None,",
        "push_to_hub_token=<PUSH_TO_HUB_TOKEN>,",
        "ray_scope=last,",
        "remove_unused_columns=True,",
        "report_to=['tensorboard'],",
        "resume_from_checkpoint=None,",
        "run_name=/tmp/output,",
        "save_on_each_node=False,",
        "save_safetensors=False,",
        "save_steps=1000,",
        "save_strategy=steps,",
        "save_total_limit=None,",
        "seed=42,",
        "sharded_ddp=[],",
        "skip_memory_metrics=True,",
        "sortish_sampler=False,",
        "tf32=None,",
        "torch_compile=False,",
        "torch_compile_backend=None,",
        "torch_compile_mode=None,",
        "torchdynamo=None,",
        "tpu_metrics_debug=False,",
        "tpu_num_cores=None,",
        "use_ipex=False,",
        "use_legacy_prediction_loop=False,",
        "use_mps_device=False,",
        "warmup_ratio=0.0,",
        "warmup_steps=0,",
        "weight_decay=0.0,",
        "xpu_backend=None,",
        ")",
    ]
    lines = [
        *_ds_launcher_head(
            22, python, "eyJsb2NhbGhvc3QiOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN119", 8, f"src/train_bash.py {args}"
        ),  # fmt: skip
        *[
            "[2026-11-22 09:00:39,118] [INFO] [real_accelerator.py:110:get_accelerator] Setting ds_accelerator to "
            "cuda (auto detect)"
        ]
        * 8,
        "[2026-11-22 09:00:43,902] [INFO] [comm.py:631:init_distributed] cdb=None",
        "[2026-11-22 09:00:43,902] [INFO] [comm.py:662:init_distributed] Initializing TorchBackend in DeepSpeed with "
        "backend nccl",
        "07/31/2026 09:00:44 - WARNING - llmtuner.tuner.core.parser - We recommend enable fp16 mixed precision "
        "training for LLaMA.",
        "07/31/2026 09:00:44 - INFO - llmtuner.tuner.core.parser - Process rank: 6, device: cuda:6, n_gpu: 1",
        "  distributed training: True, compute dtype: torch.float16",
        "07/31/2026 09:00:44 - INFO - llmtuner.tuner.core.parser - Training/evaluation parameters "
        "Seq2SeqTrainingArguments(",
        *targs,
        *[
            f"[2026-11-22 09:03:{12 + i // 4:02d},{118 + i * 61}] [INFO] [launch.py:315:sigkill_handler] Killing "
            f"subprocess {2201 + i}"
            for i in range(8)
        ],
        f"[2026-11-22 09:03:14,402] [ERROR] [launch.py:321:sigkill_handler] ['{python}', '-u', "
        f"'src/train_bash.py', '--local_rank=7', {argv}] exits with return code = -7",
    ]
    gaps = [*_DS_HEAD_GAPS, 4.1, *[0.0] * 7, 4.8, 0.0, 0.9, 0.0, 0.0, 0.0, *[0.0] * len(targs)]
    gaps += [146.6, *[0.2] * 7, 1.3]
    assert len(gaps) == len(lines) - 1, (len(gaps), len(lines))
    return _one_pod_job(
        id="shm-exhausted-job-llamafactory-llama2-70b-sft-return-code-7",
        day=22,
        name="llama2-70b-chat-sft",
        ns="llm-finetune",
        image="registry.corp.example/llm/llama-efficient-tuning:torch2.0-ds0.10",
        command=["deepspeed", "--num_gpus", "8", "src/train_bash.py", *args.split(" ")],
        resources=gpu(8, "900Gi", "96"),
        lines=lines,
        gaps=gaps,
        exit_code=249,
        category="shm-exhausted",
        evidence="exits with return code = -7",
        description="Single-node, eight-GPU DeepSpeed SFT of Llama-2-70b-chat-hf with LLaMA-Efficient-Tuning "
        "(LLaMA-Factory's old name), in a container. The ranks start, print their training arguments, and a few "
        "minutes later the deepspeed launcher kills them all and reports only 'exits with return code = -7' with "
        "no error detail: a rank died of signal 7, SIGBUS. In a container that is the shared memory at /dev/shm "
        "running out (the runtime's small default; the pod mounts no memory-backed emptyDir there); the thread "
        "was closed as solved.",
        title="Single-node multi-GPU DeepSpeed SFT of Llama2-70b-chat-hf: 'exits with return code = -7' with no "
        "error output",
        source="https://github.com/hiyouga/LlamaFactory/issues/285",
    )


# -- TF 2.4 ParameterServerStrategy with an Estimator in a TFJob with an evaluator: the chief hangs -----


@SCENARIOS.add
def stalled_tfjob_ps_strategy_v2_estimator_evaluator_hangs() -> CaseSpec:
    at = Clock(datetime(2026, 11, 23, 9, 0, tzinfo=timezone.utc))
    name = "ctr-search-mlp"
    ns = "rec-training"
    svc = f"{name}-{{role}}-{{i}}.{ns}.svc:2222"
    spec = (
        "ClusterSpec({'chief': ['" + svc.format(role="chief", i=0) + "'], 'evaluator': ['"
        + svc.format(role="evaluator", i=0) + "'], 'ps': ['" + svc.format(role="ps", i=0) + "', '"
        + svc.format(role="ps", i=1) + "'], 'worker': ['" + svc.format(role="worker", i=0) + "', '"
        + svc.format(role="worker", i=1) + "']})"
    )  # fmt: skip

    def tf_start(role: str, i: int) -> list[str]:
        return [
            "2026-11-23 09:00:21.402117: I tensorflow/stream_executor/platform/default/dso_loader.cc:49] "
            "Successfully opened dynamic library libcudart.so.11.0",
            "2026-11-23 09:00:23.918840: I tensorflow/compiler/jit/xla_cpu_device.cc:41] Not creating XLA devices, "
            "tf_xla_enable_xla_devices not set",
            "2026-11-23 09:00:23.921605: I tensorflow/core/platform/cpu_feature_guard.cc:142] This TensorFlow "
            "binary is optimized with oneAPI Deep Neural Network Library (oneDNN) to use the following CPU "
            "instructions in performance-critical operations:  AVX2 AVX512F FMA",
            "2026-11-23 09:00:23.934407: I tensorflow/core/distributed_runtime/rpc/grpc_channel.cc:301] Initialize "
            "GrpcChannelCache for job chief -> {0 -> " + svc.format(role="chief", i=0) + "}",
            "2026-11-23 09:00:23.934455: I tensorflow/core/distributed_runtime/rpc/grpc_channel.cc:301] Initialize "
            "GrpcChannelCache for job evaluator -> {0 -> " + svc.format(role="evaluator", i=0) + "}",
            "2026-11-23 09:00:23.934471: I tensorflow/core/distributed_runtime/rpc/grpc_channel.cc:301] Initialize "
            "GrpcChannelCache for job ps -> {0 -> " + svc.format(role="ps", i=0) + ", 1 -> "
            + svc.format(role="ps", i=1) + "}",
            "2026-11-23 09:00:23.934490: I tensorflow/core/distributed_runtime/rpc/grpc_channel.cc:301] Initialize "
            "GrpcChannelCache for job worker -> {0 -> " + svc.format(role="worker", i=0) + ", 1 -> "
            + svc.format(role="worker", i=1) + "}",
            "2026-11-23 09:00:23.935712: I tensorflow/core/distributed_runtime/rpc/grpc_server_lib.cc:411] Started "
            f"server with target: grpc://{name}-{role}-{i}.{ns}.svc:2222" if role != "chief" else
            "2026-11-23 09:00:23.935712: I tensorflow/core/distributed_runtime/rpc/grpc_server_lib.cc:411] Started "
            "server with target: grpc://localhost:2222",
        ]  # fmt: skip

    chief_lines = [
        *tf_start("chief", 0),
        "INFO:tensorflow:ParameterServerStrategyV2 is now connecting to cluster with cluster_spec: " + spec,
        "INFO:tensorflow:Using config: {'_model_dir': '/data/ckpt/ctr-search-mlp', '_tf_random_seed': None, "
        "'_save_summary_steps': 100, '_save_checkpoints_steps': 2000, '_save_checkpoints_secs': None, "
        "'_keep_checkpoint_max': 5, '_log_step_count_steps': 100, '_train_distribute': "
        "<tensorflow.python.distribute.parameter_server_strategy_v2.ParameterServerStrategyV2 object at "
        "0x7f3c1c2b4d30>, '_task_type': 'chief', '_task_id': 0, '_num_ps_replicas': 2, '_num_worker_replicas': 3}",
    ]
    server_log = {
        (role, i): stamped(tf_start(role, i), at(21), [2.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0])
        for role, i in (("evaluator", 0), ("ps", 0), ("ps", 1), ("worker", 0), ("worker", 1))
    }
    ctr = Container(
        "tensorflow",
        "registry.corp.example/rec/ctr-mlp:tf2.4.1-gpu",
        command=["python", "/app/train_estimator.py", "--model_dir=/data/ckpt/ctr-search-mlp"],
        resources=cpu_only("16Gi", "8"),
    )
    started = running(at(18))
    plans = [
        PodPlan("chief", 0, started, log=stamped(chief_lines, at(21), [2.5, *[0.0] * 6, 0.4, 0.0]), node="cpu-node-3"),
        *[
            PodPlan(role, i, started, log=server_log[(role, i)], node=f"cpu-node-{4 + k}")
            for k, (role, i) in enumerate(server_log)
        ],
    ]
    job, pods, logs = kubeflow_with_pods(
        kind="TFJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        conditions=kubeflow_conditions("TFJob", name, at(1)),
        statuses={"Chief": {"active": 1}, "Evaluator": {"active": 1}, "PS": {"active": 2}, "Worker": {"active": 2}},
        restart_policy="OnFailure",
    )
    return CaseSpec(
        id="stalled-tfjob-ps-strategy-v2-estimator-evaluator-hangs",
        kind="TFJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="stalled",
        culprit=pods[0]["metadata"]["name"],
        evidence="09:00:23",
        description="A TFJob (chief, evaluator, two parameter servers, two workers) training an Estimator with "
        "TensorFlow 2.4's ParameterServerStrategy. The chief connects to the cluster, prints its RunConfig and "
        "then nothing more for over an hour; every pod is Running, no step is ever logged and nothing fails. In "
        "TF 2.4 the strategy is the new single-client ParameterServerStrategyV2, which does not work with "
        "Estimator and waits on every task of the cluster spec, including the evaluator, which starts no server "
        "for it (TF #46169); the Estimator path needs tf.compat.v1.distribute.experimental.ParameterServerStrategy.",
        objects=[job, *pods],
        logs=logs,
        captured=at(21 + 2.9 + 3900),
        title="TensorFlow 2.4 ParameterServerStrategy + Estimator gets stuck after connecting to the cluster",
        source="https://github.com/tensorflow/tensorflow/issues/46827",
    )
