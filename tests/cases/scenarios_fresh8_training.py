"""Fresh round 8: real public threads about training code and its libraries (Hugging Face, Lightning, DeepSpeed, Megatron, timm, detectron, mmcv): the message of a generic exception names the cause.

Each case was written from its thread before any rule was changed for it (its blind verdict is
in the commit that added it). It keeps the lines people pasted verbatim (names neutralised) and
says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from tests.cases.builders import CaseSpec, Clock, PodPlan, Scenarios, gpu, stamped, terminated
from tests.cases.logtext import rank_traceback, torchrun_failed, torchrun_start
from tests.cases.scenarios_real_application import _failed, _running, _tb
from tests.cases.scenarios_real_training import _kubeflow_case

SCENARIOS = Scenarios()

_SITE = "/usr/local/lib/python3.10/dist-packages"
_CONDA = "/opt/conda/lib/python3.8/site-packages"


# -- a library's version check, a checkpoint that is not there, a hub out of reach ---------------


@SCENARIOS.add
def dependency_error_job_mmdet_mmcv_version_incompatible() -> CaseSpec:
    site = "/usr/local/Python-3.8/lib/python3.8/site-packages"
    lines = [
        "+ python tools/train.py configs/faster_rcnn/faster-rcnn_r50_fpn_1x_coco.py --work-dir /work_dirs/frcnn-parts",
        f"{site}/mmcv/__init__.py:20: UserWarning: On January 1, 2023, MMCV will release v2.0.0, in which it will "
        "remove components related to the training process and add a data transformation module. In addition, it "
        "will rename the package names mmcv to mmcv-lite and mmcv-full to mmcv. See "
        "https://github.com/open-mmlab/mmcv/blob/master/docs/en/compatibility.md for more details.",
        "  warnings.warn(",
        *_tb(
            [
                (
                    "/workspace/mmdetection/tools/train.py",
                    12,
                    "<module>",
                    "from mmdet.apis import init_detector, inference_detector, train_detector",
                ),
                (
                    f"{site}/mmdet/__init__.py",
                    24,
                    "<module>",
                    "assert (mmcv_version >= digit_version(mmcv_minimum_version)",
                ),
            ],
            "AssertionError: MMCV==2.1.0 is used but incompatible. Please install mmcv>=1.3.17, <=1.8.0.",
        ),
    ]
    return _failed(
        id="dependency-error-job-mmdet-mmcv-version-incompatible",
        day=11,
        name="frcnn-parts-train",
        ns="vision-detect",
        image="registry.corp.example/vision/mmdet-train:3.3",
        command=["bash", "-xc", "python tools/train.py configs/faster_rcnn/faster-rcnn_r50_fpn_1x_coco.py"],
        lines=lines,
        gaps=[1.2, 0.01, 2.5, *[0.01] * 6],
        category="dependency-error",
        evidence="MMCV==2.1.0 is used but incompatible",
        description="A detection training image carries mmcv 2.1.0 next to an mmdet whose import-time version "
        "check only accepts mmcv 1.3.17 to 1.8.0; importing mmdet fails its assertion before any training code "
        "runs. The assertion's text names the incompatible library version: the installed packages disagree, the "
        "training script is not at fault.",
        title="AssertionError: MMCV==2.1.0 is used but incompatible. Please install mmcv>=1.3.17, <=1.8.0. "
        "(importing mmdet)",
        source="https://github.com/open-mmlab/mmdetection/issues/11636",
    )


@SCENARIOS.add
def missing_file_job_lightning_ddp_resume_checkpoint_not_found() -> CaseSpec:
    pl = f"{_CONDA}/pytorch_lightning"
    lines = [
        "Global seed set to 3211215663",
        "Initializing distributed: GLOBAL_RANK: 1, MEMBER: 2/2",
        "Global seed set to 3211215663",
        "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/2",
        "[2026-09-12 07:00:41,509][torch.distributed.distributed_c10d][INFO] - Added key: "
        "store_based_barrier_key:1 to store for rank: 0",
        "[2026-09-12 07:00:41,510][torch.distributed.distributed_c10d][INFO] - Added key: "
        "store_based_barrier_key:1 to store for rank: 1",
        "[2026-09-12 07:00:41,511][torch.distributed.distributed_c10d][INFO] - Rank 1: Completed store-based "
        "barrier for key:store_based_barrier_key:1 with 2 nodes.",
        "[2026-09-12 07:00:41,520][torch.distributed.distributed_c10d][INFO] - Rank 0: Completed store-based "
        "barrier for key:store_based_barrier_key:1 with 2 nodes.",
        "-" * 100,
        "distributed_backend=nccl",
        "All distributed processes registered. Starting with 2 processes",
        "-" * 100,
        "",
        "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1]",
        "LOCAL_RANK: 1 - CUDA_VISIBLE_DEVICES: [0,1]",
        "Error executing job with overrides: ['general.experiment_name=muti_benchmark_01', "
        "'general.checkpoint=saved/muti_benchmark_01/last-epoch.ckpt', 'general.train_mode=true']",
        *_tb(
            [
                ("/workspace/mask3d/main_instance_segmentation.py", 109, "main", "train(cfg)"),
                ("/workspace/mask3d/main_instance_segmentation.py", 85, "train", "runner.fit(model)"),
                (f"{pl}/trainer/trainer.py", 696, "fit", "self._call_and_handle_interrupt("),
                (f"{pl}/trainer/trainer.py", 648, "_call_and_handle_interrupt", "return trainer_fn(*args, **kwargs)"),
                (f"{pl}/trainer/trainer.py", 735, "_fit_impl", "results = self._run(model, ckpt_path=self.ckpt_path)"),
                (f"{pl}/trainer/trainer.py", 1097, "_run", "self._restore_modules_and_callbacks(ckpt_path)"),
                (
                    f"{pl}/trainer/trainer.py",
                    1047,
                    "_restore_modules_and_callbacks",
                    "self._checkpoint_connector.resume_start(checkpoint_path)",
                ),
                (
                    f"{pl}/trainer/connectors/checkpoint_connector.py",
                    83,
                    "resume_start",
                    "loaded_checkpoint = self.trainer.strategy.load_checkpoint(checkpoint_path)",
                ),
                (
                    f"{pl}/strategies/strategy.py",
                    325,
                    "load_checkpoint",
                    "return self.checkpoint_io.load_checkpoint(checkpoint_path)",
                ),
                (
                    f"{_CONDA}/lightning_lite/plugins/io/torch_io.py",
                    80,
                    "load_checkpoint",
                    'raise FileNotFoundError(f"Checkpoint at {path} not found. Aborting training.")',
                ),
            ],
            "FileNotFoundError: Checkpoint at saved/muti_benchmark_01/last-epoch.ckpt not found. Aborting training.",
        ),
        "",
        "Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.",
    ]
    return _failed(
        id="missing-file-job-lightning-ddp-resume-checkpoint-not-found",
        day=12,
        name="mask3d-multi-benchmark",
        ns="3d-perception",
        image="registry.corp.example/3d/mask3d:1.7",
        command=[
            "python",
            "main_instance_segmentation.py",
            "general.experiment_name=muti_benchmark_01",
            "general.checkpoint=saved/muti_benchmark_01/last-epoch.ckpt",
            "general.train_mode=true",
        ],
        resources=gpu(2, "128Gi", "16"),
        lines=lines,
        gaps=[0.3, 0.02, 0.02, 1.1, 0.001, 0.001, 0.009, 0.01, 0.01, 0.01, 0.01, 0.01, 0.5, 0.01, 0.6, *[0.01] * 25],
        category="missing-file",
        evidence="Checkpoint at saved/muti_benchmark_01/last-epoch.ckpt not found",
        description="A Lightning DDP run on two GPUs is told to resume from saved/<experiment>/last-epoch.ckpt, "
        "but no such checkpoint exists at that path in the container (the experiment had never saved one there). "
        "Lightning's checkpoint loader refuses to start from scratch and raises FileNotFoundError; Hydra wraps it "
        "and the process exits 1. The path the job was given must point at a checkpoint that exists, or the "
        "resume option must go.",
        title="FileNotFoundError: Checkpoint at saved/muti_benchmark_01/last-epoch.ckpt not found. Aborting "
        "training. (Lightning DDP on 2 GPUs)",
        source="https://github.com/Lightning-AI/pytorch-lightning/issues/18413",
    )


@SCENARIOS.add
def network_error_pytorchjob_hf_hub_network_unreachable() -> CaseSpec:
    name, ns = "llmopt-sft-qwen", "optimization-llm"
    at = Clock(datetime(2026, 9, 13, 7, 0, tzinfo=timezone.utc))
    model = "Qwen/Qwen2-7B-Instruct"
    frames_hub = [
        (f"{_SITE}/transformers/utils/hub.py", 402, "cached_file", "resolved_file = hf_hub_download("),
        (f"{_SITE}/huggingface_hub/utils/_validators.py", 114, "_inner_fn", "return fn(*args, **kwargs)"),
        (f"{_SITE}/huggingface_hub/file_download.py", 862, "hf_hub_download", "return _hf_hub_download_to_cache_dir("),
        (
            f"{_SITE}/huggingface_hub/file_download.py",
            969,
            "_hf_hub_download_to_cache_dir",
            "_raise_on_head_call_error(head_call_error, force_download, local_files_only)",
        ),
        (
            f"{_SITE}/huggingface_hub/file_download.py",
            1489,
            "_raise_on_head_call_error",
            "raise LocalEntryNotFoundError(",
        ),
    ]
    frames_app = [
        ("/usr/LLMOPT/LLMOPT/sft/train.py", 148, "<module>", "train()"),
        ("/usr/LLMOPT/LLMOPT/sft/train.py", 97, "train", "tokenizer = AutoTokenizer.from_pretrained("),
        (
            f"{_SITE}/transformers/models/auto/tokenization_auto.py",
            853,
            "from_pretrained",
            "tokenizer_config = get_tokenizer_config(pretrained_model_name_or_path, **kwargs)",
        ),
        (
            f"{_SITE}/transformers/models/auto/tokenization_auto.py",
            685,
            "get_tokenizer_config",
            "resolved_config_file = cached_file(",
        ),
        (f"{_SITE}/transformers/utils/hub.py", 445, "cached_file", "raise EnvironmentError("),
    ]

    def rank_log(rank: int, t: datetime, pid: int, host: str) -> str:
        lines = [
            *torchrun_start(t - timedelta(seconds=40), pid=1),
            f"'[Errno 101] Network is unreachable' thrown while requesting HEAD "
            f"https://huggingface.co/{model}/resolve/main/tokenizer_config.json",
            "Retrying in 1s [Retry 1/5].",
            f"'[Errno 101] Network is unreachable' thrown while requesting HEAD "
            f"https://huggingface.co/{model}/resolve/main/tokenizer_config.json",
            "Retrying in 2s [Retry 2/5].",
            f"'[Errno 101] Network is unreachable' thrown while requesting HEAD "
            f"https://huggingface.co/{model}/resolve/main/tokenizer_config.json",
            "Retrying in 4s [Retry 3/5].",
            f"'[Errno 101] Network is unreachable' thrown while requesting HEAD "
            f"https://huggingface.co/{model}/resolve/main/tokenizer_config.json",
            "Retrying in 8s [Retry 4/5].",
            f"'[Errno 101] Network is unreachable' thrown while requesting HEAD "
            f"https://huggingface.co/{model}/resolve/main/tokenizer_config.json",
            "Retrying in 8s [Retry 5/5].",
            *rank_traceback(
                rank,
                frames_hub,
                "huggingface_hub.errors.LocalEntryNotFoundError: An error happened while trying to locate the file "
                "on the Hub and we cannot find the requested files in the local cache. Please check your connection "
                "and try again or make sure your Internet connection is on.",
            ),
            "",
            f"[rank{rank}]: The above exception was the direct cause of the following exception:",
            "",
            *rank_traceback(
                rank,
                frames_app,
                f"OSError: We couldn't connect to 'https://huggingface.co' to load this file, couldn't find it in "
                f"the cached files and it looks like {model} is not the path to a directory containing a file named "
                "tokenizer_config.json.\nCheckout your internet connection or see how to run the library in offline "
                "mode at 'https://huggingface.co/docs/transformers/installation#offline-mode'.",
            ),
            *torchrun_failed(
                t + timedelta(seconds=2), rank=rank, local_rank=0, exitcode=1, pid=pid, host=host, script="train.py"
            ),
        ]
        gaps = [0, 0, 0, 22.0, 0.01, 1.0, 0.01, 2.0, 0.01, 4.0, 0.01, 8.0, 0.01, 8.0, *[0.001] * (len(lines) - 15)]
        return stamped(lines, t - timedelta(seconds=40), gaps)

    master_end, worker_end = 30 + 40 + 3, 30 + 41 + 3
    return _kubeflow_case(
        id="network-error-pytorchjob-hf-hub-network-unreachable",
        kind="PyTorchJob",
        name=name,
        ns=ns,
        at=at,
        image="registry.corp.example/llm/llmopt-sft:0.2",
        command=["torchrun", "--nnodes=2", "--nproc_per_node=1", "sft/train.py", "--model_name_or_path", model],
        resources=gpu(1, "128Gi", "16"),
        plans=[
            PodPlan(
                "master",
                0,
                terminated(1, at(20), at(master_end)),
                log=rank_log(0, at(30 + 40), 311, f"{name}-master-0"),
            ),
            PodPlan(
                "worker",
                0,
                terminated(1, at(21), at(worker_end)),
                log=rank_log(1, at(30 + 41), 317, f"{name}-worker-0"),
            ),
        ],
        category="network-error",
        culprit=f"{name}-master-0",
        evidence="Network is unreachable",
        description="A two-node supervised fine-tune loads its tokenizer by Hub name; the pods have no route to "
        "huggingface.co (Errno 101, Network is unreachable), huggingface_hub retries five times, finds nothing in "
        "the local cache and transformers raises its generic OSError on both ranks. The code and the cluster are "
        "fine: the job needs a route to the Hub (or a proxy), a pre-populated cache, or HF_HUB_OFFLINE with a "
        "local model path.",
        title="[rank0]: OSError: [Errno 101] Network is unreachable - LocalEntryNotFoundError, then OSError: We "
        "couldn't connect to 'https://huggingface.co' to load this file",
        source="https://github.com/BaranziniLab/KG_RAG/issues/46",
        captured=worker_end + 300,
        failed=("Master", master_end),
    )


# -- training that diverged, a resume that no longer fits, a warning that is fine ---------------


@SCENARIOS.add
def nan_loss_job_detectron2_fast_rcnn_loss_infinite() -> CaseSpec:
    d2 = "/opt/conda/lib/python3.7/site-packages/detectron2"
    head = [
        "Command Line Args: Namespace(config_file='configs/COCO-Detection/fast_rcnn_R_50_FPN_1x.yaml', "
        "dist_url='tcp://127.0.0.1:50152', eval_only=False, machine_rank=0, num_gpus=8, num_machines=1, opts=[], "
        "resume=False)",
        "[11/28 07:00:41 detectron2]: Rank of current process: 0. World size: 8",
        "[11/28 07:01:12 d2.engine.train_loop]: Starting training from iteration 0",
    ]
    events = [
        f"[11/28 07:01:{20 + i:02d} d2.utils.events]:  eta: 9:41:{50 - i:02d}  iter: {19 + i}  total_loss: "
        f"{1.412 - 0.01 * i:.3f}  loss_cls: {0.931 - 0.006 * i:.3f}  loss_box_reg: {0.481 - 0.004 * i:.3f}  time: "
        f"0.3861  data_time: 0.0153  lr: {0.000400 + 0.00002 * i:.6f}  max_mem: 2694M"
        for i in range(0, 8, 7)
    ]
    lines = [
        *head,
        *events,
        "ERROR [11/28 07:01:29 d2.engine.train_loop]: Exception during training:",
        *_tb(
            [
                (f"{d2}/engine/train_loop.py", 132, "train", "self.run_step()"),
                (f"{d2}/engine/train_loop.py", 216, "run_step", "self._detect_anomaly(losses, loss_dict)"),
                (f"{d2}/engine/train_loop.py", 239, "_detect_anomaly", "self.iter, loss_dict"),
            ],
            "FloatingPointError: Loss became infinite or NaN at iteration=27!\n"
            "loss_dict = {'loss_cls': tensor(nan, device='cuda:1', grad_fn=<NllLossBackward>), 'loss_box_reg': "
            "tensor(0.2576, device='cuda:1', grad_fn=<DivBackward0>)}",
        ),
        "[11/28 07:01:29 d2.engine.hooks]: Total training time: 0:00:16 (0:00:00 on hooks)",
        *_tb(
            [
                ("tools/train_net.py", 161, "<module>", "args=(args,),"),
                (f"{d2}/engine/launch.py", 49, "launch", "daemon=False,"),
                (
                    "/opt/conda/lib/python3.7/site-packages/torch/multiprocessing/spawn.py",
                    171,
                    "spawn",
                    "while not spawn_context.join():",
                ),
                (
                    "/opt/conda/lib/python3.7/site-packages/torch/multiprocessing/spawn.py",
                    118,
                    "join",
                    "raise Exception(msg)",
                ),
            ],
            "Exception: \n\n-- Process 1 terminated with the following error:",
        ),
        *_tb(
            [
                (
                    "/opt/conda/lib/python3.7/site-packages/torch/multiprocessing/spawn.py",
                    19,
                    "_wrap",
                    "fn(i, *args)",
                ),
                (f"{d2}/engine/launch.py", 84, "_distributed_worker", "main_func(*args)"),
                ("/workspace/detectron2/tools/train_net.py", 149, "main", "return trainer.train()"),
                (f"{d2}/engine/defaults.py", 401, "train", "super().train(self.start_iter, self.max_iter)"),
                (f"{d2}/engine/train_loop.py", 132, "train", "self.run_step()"),
                (f"{d2}/engine/train_loop.py", 216, "run_step", "self._detect_anomaly(losses, loss_dict)"),
                (f"{d2}/engine/train_loop.py", 239, "_detect_anomaly", "self.iter, loss_dict"),
            ],
            "FloatingPointError: Loss became infinite or NaN at iteration=27!\n"
            "loss_dict = {'loss_cls': tensor(nan, device='cuda:1', grad_fn=<NllLossBackward>), 'loss_box_reg': "
            "tensor(0.2576, device='cuda:1', grad_fn=<DivBackward0>)}",
        ),
    ]
    return _failed(
        id="nan-loss-job-detectron2-fast-rcnn-loss-infinite",
        day=14,
        name="fast-rcnn-coco-8gpu",
        ns="detection",
        image="registry.corp.example/vision/detectron2:0.6-cu101",
        command=[
            "python",
            "tools/train_net.py",
            "--num-gpus",
            "8",
            "--config-file",
            "configs/COCO-Detection/fast_rcnn_R_50_FPN_1x.yaml",
        ],
        resources=gpu(8, "480Gi", "64"),
        lines=lines,
        gaps=[11.0, 31.0, 8.0, 7.0, 2.0, *[0.01] * 60],
        category="nan-loss",
        evidence="Loss became infinite or NaN at iteration=27",
        description="An 8-GPU detectron2 Fast R-CNN training starts and after 27 iterations the classification "
        "loss on one worker becomes NaN; detectron2's anomaly check raises FloatingPointError, that worker's "
        "process ends and torch.multiprocessing.spawn re-raises it in the parent. Training diverged (learning "
        "rate and warm-up for this batch size, or bad boxes in the data), nothing in the cluster failed.",
        title="FloatingPointError: Loss became infinite or NaN at iteration=27! loss_dict = {'loss_cls': "
        "tensor(nan, ...)} (Fast R-CNN on COCO, 8 GPUs)",
        source="https://github.com/facebookresearch/detectron2/issues/425",
    )


@SCENARIOS.add
def application_error_job_rave_resume_state_dict_size_mismatch() -> CaseSpec:
    py = "/opt/conda/lib/python3.9/site-packages"
    run = "/data/runs/kerner_ld16_7f75f71f61/version_5/checkpoints"
    lines = [
        "I0919 07:00:30.698927 140319021629824 resource_reader.py:50] system_path_file_exists:v2.gin",
        "E0919 07:00:30.699349 140319021629824 resource_reader.py:55] Path not found: v2.gin",
        "I0919 07:00:30.703001 140319021629824 resource_reader.py:50] system_path_file_exists:wasserstein.gin",
        "E0919 07:00:30.703297 140319021629824 resource_reader.py:55] Path not found: wasserstein.gin",
        f"{py}/torch/utils/data/dataloader.py:554: UserWarning: This DataLoader will create 8 worker processes in "
        "total. Our suggested max number of worker in current system is 2, which is smaller than what this "
        "DataLoader is going to create. Please be aware that excessive worker creation might get DataLoader running "
        "slow or even freeze, lower the worker number to avoid potential slowness/freeze if necessary.",
        "  warnings.warn(_create_warning_msg(",
        "selected gpu: [0]",
        "GPU available: True (cuda), used: True",
        "TPU available: False, using: 0 TPU cores",
        "IPU available: False, using: 0 IPUs",
        "HPU available: False, using: 0 HPUs",
        f"Restoring states from the checkpoint path at {run}/last.ckpt",
        *_tb(
            [
                ("/opt/conda/bin/rave", 8, "<module>", "sys.exit(main())"),
                (f"{py}/scripts/main_cli.py", 28, "main", "app.run(train.main)"),
                (f"{py}/absl/app.py", 308, "run", "_run_main(main, args)"),
                (f"{py}/absl/app.py", 254, "_run_main", "sys.exit(main(argv))"),
                (f"{py}/scripts/train.py", 229, "main", "trainer.fit(model, train, val, ckpt_path=run)"),
                (f"{py}/pytorch_lightning/trainer/trainer.py", 608, "fit", "call._call_and_handle_interrupt("),
                (
                    f"{py}/pytorch_lightning/trainer/call.py",
                    38,
                    "_call_and_handle_interrupt",
                    "return trainer_fn(*args, **kwargs)",
                ),
                (
                    f"{py}/pytorch_lightning/trainer/trainer.py",
                    650,
                    "_fit_impl",
                    "self._run(model, ckpt_path=self.ckpt_path)",
                ),
                (
                    f"{py}/pytorch_lightning/trainer/trainer.py",
                    1093,
                    "_run",
                    "self._checkpoint_connector.restore_model()",
                ),
                (
                    f"{py}/pytorch_lightning/trainer/connectors/checkpoint_connector.py",
                    238,
                    "restore_model",
                    "self.trainer.strategy.load_model_state_dict(self._loaded_checkpoint)",
                ),
                (
                    f"{py}/pytorch_lightning/strategies/strategy.py",
                    319,
                    "load_model_state_dict",
                    'self.lightning_module.load_state_dict(checkpoint["state_dict"])',
                ),
                (
                    f"{py}/torch/nn/modules/module.py",
                    1671,
                    "load_state_dict",
                    "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(",
                ),
            ],
            "RuntimeError: Error(s) in loading state_dict for RAVE:\n"
            "\tsize mismatch for decoder.net.22.weight_g: copying a param with shape torch.Size([16, 1, 1]) from "
            "checkpoint, the shape in current model is torch.Size([32, 1, 1]).\n"
            "\tsize mismatch for decoder.net.22.weight_v: copying a param with shape torch.Size([16, 96, 7]) from "
            "checkpoint, the shape in current model is torch.Size([32, 96, 7]).",
        ),
    ]
    return _failed(
        id="application-error-job-rave-resume-state-dict-size-mismatch",
        day=15,
        name="rave-kerner-ld16",
        ns="audio-gen",
        image="registry.corp.example/audio/rave:2.2",
        command=[
            "rave",
            "train",
            "--config",
            "v2.gin",
            "--config",
            "wasserstein",
            "--override",
            "LATENT_SIZE=16",
            "--db_path",
            "/data/kerner/meta/",
            "--name",
            "kerner_ld16",
            "--ckpt",
            f"{run}/",
        ],
        lines=lines,
        gaps=[0.001, 0.004, 0.001, 3.1, 0.01, 0.4, 0.2, 0.01, 0.01, 0.01, 1.8, *[0.01] * 40],
        category="application-error",
        evidence="Error(s) in loading state_dict for RAVE",
        description="An audio autoencoder training is resumed from its last checkpoint, but the model the "
        "command line builds now has a different decoder width than the one that wrote the checkpoint (the "
        "latent-size override no longer reaches that layer the same way); Lightning's restore calls "
        "load_state_dict, which raises on the size mismatches. The gin 'Path not found' lines are the config "
        "reader probing paths before it finds the packaged configs, not the failure. The model's configuration "
        "and the checkpoint disagree: the code or its options must change, not the cluster.",
        title="Resume training: RuntimeError: Error(s) in loading state_dict for RAVE: size mismatch for "
        "decoder.net.22.weight_g",
        source="https://github.com/acids-ircam/RAVE/issues/196",
    )


@SCENARIOS.add
def healthy_job_bert_weights_newly_initialized_training() -> CaseSpec:
    unused = (
        "['bert.pooler.dense.weight', 'cls.predictions.bias', 'cls.predictions.transform.dense.bias', "
        "'cls.seq_relationship.weight', 'cls.predictions.transform.LayerNorm.bias', "
        "'cls.predictions.transform.dense.weight', 'bert.pooler.dense.bias', "
        "'cls.predictions.transform.LayerNorm.weight', 'cls.seq_relationship.bias', 'cls.predictions.decoder.weight']"
    )
    lines = [
        "Namespace(lr=3e-05, data='WebOfScience', batch=8, early_stop=4, device='cuda', name='test4', update=1, "
        "warmup=2000, contrast=1, graph=1, layer=1, multi=True, lamb=0.05, thre=0.02, tau=1.5, seed=3, wandb=False)",
        "2026-09-16 07:00:31 | INFO | fairseq.data.data_utils | loaded 46985 examples from: data/WebOfScience/tok",
        "2026-09-16 07:00:31 | INFO | fairseq.data.data_utils | loaded 46985 examples from: data/WebOfScience/Y",
        f"Some weights of the model checkpoint at bert-base-uncased were not used when initializing ContrastModel: "
        f"{unused}",
        "- This IS expected if you are initializing ContrastModel from the checkpoint of a model trained on another "
        "task or with another architecture (e.g. initializing a BertForSequenceClassification model from a "
        "BertForPreTraining model).",
        "- This IS NOT expected if you are initializing ContrastModel from the checkpoint of a model that you expect "
        "to be exactly identical (initializing a BertForSequenceClassification model from a "
        "BertForSequenceClassification model).",
        "Some weights of ContrastModel were not initialized from the model checkpoint at bert-base-uncased and are "
        "newly initialized: ['bert.embeddings.position_ids', 'classifier.weight', 'classifier.bias', "
        "'contrast_proj.weight', 'contrast_proj.bias', 'graph_encoder.hir_attn.0.weight', "
        "'graph_encoder.hir_attn.0.bias']",
        "You should probably TRAIN this model on a down-stream task to be able to use it for predictions and "
        "inference.",
        "/usr/local/lib/python3.10/dist-packages/transformers/optimization.py:411: FutureWarning: This "
        "implementation of AdamW is deprecated and will be removed in a future version. Use the PyTorch "
        "implementation torch.optim.AdamW instead, or set `no_deprecation_warning=True` to disable this warning",
        "  warnings.warn(",
        *(
            f"Epoch {e}: {'100%|██████████| 3524/3524':s} [{15 + e:02d}:{(7 * e) % 60:02d}<00:00, "
            f"{3.7 + 0.01 * e:.2f}it/s, loss={0.61 - 0.07 * e:.4f}]"
            for e in range(3)
        ),
        *(f"macro-F1: {0.7212 + 0.012 * e:.4f}, micro-F1: {0.8046 + 0.009 * e:.4f}, best: {e}" for e in range(1)),
    ]
    return _running(
        id="healthy-job-bert-weights-newly-initialized-training",
        day=16,
        name="htc-wos-contrast",
        ns="nlp-classify",
        image="registry.corp.example/nlp/contrastive-htc:0.1",
        command=[
            "python",
            "train.py",
            "--name",
            "test4",
            "--batch",
            "8",
            "--data",
            "WebOfScience",
            "--lamb",
            "0.05",
            "--thre",
            "0.02",
            "--early-stop",
            "4",
            "--tau=1.5",
        ],
        lines=lines,
        gaps=[1.2, 0.01, 6.5, 0.01, 0.01, 0.2, 0.01, 1.4, 0.01, 960.0, 951.0, 948.0, 40.0],
        description="A hierarchical text classifier is fine-tuned from bert-base-uncased; transformers reports "
        "that the masked-LM head's weights were not used and that the classifier and projection layers were "
        "newly initialised ('You should probably TRAIN this model'), and an AdamW deprecation warning follows. "
        "Both are expected when a pre-trained encoder gets a new head, and the job is doing exactly that: three "
        "epochs have completed with falling loss and it is still training.",
        title="Some weights of ContrastModel were not initialized from the model checkpoint at bert-base-uncased "
        "and are newly initialized - is this expected during training?",
        source="https://github.com/wzh9969/contrastive-htc/issues/21",
    )


# -- a generic exception whose text names the GPU driver, a file the Hub cache lost -------------


@SCENARIOS.add
def missing_file_job_colbert_hf_cache_safetensors_missing() -> CaseSpec:
    py = "/opt/conda/envs/colbert/lib/python3.8/site-packages"
    snap = "/root/.cache/huggingface/hub/models--bert-base-uncased/snapshots/86b5e0934494bd15c9632b12f734a8a67f723594"
    lines = [
        "[May 09, 07:00:31] #> Creating directory /experiments/msmarco/none/2026-09/18/07.00.29",
        "{",
        '    "query_token_id": "[unused0]",',
        '    "doc_token_id": "[unused1]",',
        '    "checkpoint": "bert-base-uncased",',
        '    "triples": "/data/msmarco/triples.train.small.tsv",',
        '    "bsize": 32,',
        '    "accumsteps": 1,',
        '    "nranks": 1',
        "}",
        "Using config.bsize = 32 (per process) and config.accumsteps = 1",
        "[May 09, 07:00:34] #> Loading the queries from /data/msmarco/queries.train.tsv ...",
        "[May 09, 07:00:36] #> Got 808731 queries. All QIDs are unique.",
        "Process Process-1:",
        *_tb(
            [
                ("/usr/lib/python3.8/multiprocessing/process.py", 315, "_bootstrap", "self.run()"),
                (
                    "/usr/lib/python3.8/multiprocessing/process.py",
                    108,
                    "run",
                    "self._target(*self._args, **self._kwargs)",
                ),
                (f"{py}/colbert/infra/launcher.py", 134, "setup_new_process", "return_val = callee(config, *args)"),
                (
                    f"{py}/colbert/training/training.py",
                    45,
                    "train",
                    "colbert = ColBERT(name=config.checkpoint, colbert_config=config)",
                ),
                (
                    f"{py}/colbert/modeling/base_colbert.py",
                    34,
                    "__init__",
                    "self.model = HF_ColBERT.from_pretrained(name_or_path, colbert_config=self.colbert_config)",
                ),
                (
                    f"{py}/transformers/modeling_utils.py",
                    3677,
                    "from_pretrained",
                    "state_dict = load_state_dict(resolved_archive_file)",
                ),
                (
                    f"{py}/transformers/modeling_utils.py",
                    516,
                    "load_state_dict",
                    "return safe_load_file(checkpoint_file)",
                ),
                (f"{py}/safetensors/torch.py", 311, "load_file", "result[k] = f.get_tensor(k)"),
            ],
            f"RuntimeError: unable to open file <{snap}/model.safetensors> in read-only mode: No such file or "
            "directory (2)",
        ),
    ]
    return _failed(
        id="missing-file-job-colbert-hf-cache-safetensors-missing",
        day=18,
        name="colbert-msmarco-train",
        ns="retrieval",
        image="registry.corp.example/search/colbert:0.2.19",
        command=["python", "-m", "train_colbert", "--checkpoint", "bert-base-uncased", "--bsize", "32"],
        lines=lines,
        gaps=[0.01, *[0.001] * 9, 0.3, 2.7, 2.1, 1.4, *[0.01] * 30],
        category="missing-file",
        evidence="unable to open file",
        description="A ColBERT training process starts from bert-base-uncased out of the Hugging Face cache on its "
        "volume; the cache's snapshot lists model.safetensors but the file behind it is gone (a download that "
        "never finished, or a cache copied without its blobs), so safetensors cannot open it and the training "
        "process dies with RuntimeError (No such file or directory). The weights file the job needs is missing: "
        "clear that snapshot and download it again.",
        title="RuntimeError: unable to open file </root/.cache/huggingface/hub/models--bert-base-uncased/snapshots/"
        "86b5e09.../model.safetensors> in read-only mode: No such file or directory (2)",
        source="https://github.com/stanford-futuredata/ColBERT/issues/342",
    )


@SCENARIOS.add
def dependency_error_job_swift_resume_torch26_weights_only() -> CaseSpec:
    py = "/opt/conda/envs/swift/lib/python3.10/site-packages"
    frames = [
        (f"{py}/swift/cli/sft.py", 10, "<module>", "sft_main()"),
        (f"{py}/swift/llm/train/sft.py", 335, "sft_main", "return SwiftSft(args).main()"),
        (f"{py}/swift/llm/base.py", 49, "main", "result = self.run()"),
        (f"{py}/swift/llm/train/sft.py", 150, "run", "return self.train(trainer)"),
        (f"{py}/swift/llm/train/sft.py", 210, "train", "trainer.train(trainer.args.resume_from_checkpoint)"),
        (f"{py}/swift/trainers/mixin.py", 459, "train", "res = super().train(*args, **kwargs)"),
        (f"{py}/transformers/trainer.py", 2245, "train", "return inner_training_loop("),
        (
            f"{py}/transformers/trainer.py",
            2402,
            "_inner_training_loop",
            "deepspeed_load_checkpoint(",
        ),
        (
            f"{py}/transformers/integrations/deepspeed.py",
            489,
            "deepspeed_load_checkpoint",
            "load_path, _ = deepspeed_engine.load_checkpoint(",
        ),
        (
            f"{py}/deepspeed/runtime/engine.py",
            2989,
            "load_checkpoint",
            "load_path, client_states = self._load_checkpoint(load_dir,",
        ),
        (
            f"{py}/deepspeed/runtime/engine.py",
            3052,
            "_load_checkpoint",
            "checkpoint = self.checkpoint_engine.load(load_path, map_location=torch.device('cpu'))",
        ),
        (
            f"{py}/deepspeed/runtime/checkpoint_engine/torch_checkpoint_engine.py",
            28,
            "load",
            "partition = torch.load(path, map_location=map_location)",
        ),
        (
            f"{py}/torch/serialization.py",
            1470,
            "load",
            "raise pickle.UnpicklingError(_get_wo_message(str(e))) from None",
        ),
    ]
    error = (
        "_pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to do so you have two "
        "options, do those steps only if you trust the source of the checkpoint. \n"
        "\t(1) In PyTorch 2.6, we changed the default value of the `weights_only` argument in `torch.load` from "
        "`False` to `True`. Re-running `torch.load` with `weights_only` set to `False` will likely succeed, but it "
        "can result in arbitrary code execution. Do it only if you got the file from a trusted source.\n"
        "\t(2) Alternatively, to load with `weights_only=True` please check the recommended steps in the following "
        "error message.\n"
        "\tWeightsUnpickler error: Unsupported global: GLOBAL deepspeed.runtime.fp16.loss_scaler.LossScaler was not "
        "an allowed global by default. Please use `torch.serialization.add_safe_globals([LossScaler])` or the "
        "`torch.serialization.safe_globals([LossScaler])` context manager to allowlist this global if you trust "
        "this class/function.\n"
        "\n"
        "Check the documentation of torch.load to learn more about types accepted by default with weights_only "
        "https://pytorch.org/docs/stable/generated/torch.load.html."
    )
    ckpt = "/output/qwen2_5-7b-sft/v3-20260919-070012/checkpoint-1200"
    lines = [
        *torchrun_start(datetime(2026, 9, 19, 7, 0, 30, tzinfo=timezone.utc), pid=1),
        "[INFO:swift] Loading the model using model_dir: /models/Qwen2.5-7B-Instruct",
        "[INFO:swift] model_kwargs: {'device_map': 'cuda:0'}",
        "Loading checkpoint shards: 100%|██████████| 4/4 [00:07<00:00,  1.79s/it]",
        "[INFO:swift] lora_config: LoraConfig(r=8, lora_alpha=32, target_modules={'all-linear'})",
        f"[INFO:swift] resume_from_checkpoint: {ckpt}",
        "[INFO:swift] The SftArguments will be saved in: /output/qwen2_5-7b-sft/v3-20260919-070012/args.json",
        f"[2026-09-19 07:02:11,402] [INFO] [torch_checkpoint_engine.py:27:load] [Torch] Loading checkpoint from "
        f"{ckpt}/global_step1200/mp_rank_00_model_states.pt...",
        *rank_traceback(0, frames, error),
        *torchrun_failed(
            datetime(2026, 9, 19, 7, 2, 14, tzinfo=timezone.utc),
            rank=0,
            local_rank=0,
            exitcode=1,
            pid=9841,
            host="qwen-sft-resume-v3-x8rjm",
            script="swift/cli/sft.py",
        ),
    ]
    case = _failed(
        id="dependency-error-job-swift-resume-torch26-weights-only",
        day=19,
        name="qwen-sft-resume-v3",
        ns="llm-finetune",
        image="registry.corp.example/llm/ms-swift:3.5.0-torch2.6",
        command=[
            "swift",
            "sft",
            "--model",
            "/models/Qwen2.5-7B-Instruct",
            "--train_type",
            "lora",
            "--deepspeed",
            "zero2",
            "--resume_from_checkpoint",
            ckpt,
            "--resume_only_model",
            "false",
        ],
        resources=gpu(4, "480Gi", "48"),
        lines=lines,
        gaps=[0, 0, 0, 9.0, 0.1, 7.5, 1.9, 0.4, 0.1, 75.0, *[0.01] * 80],
        category="dependency-error",
        evidence="In PyTorch 2.6, we changed the default value of the `weights_only` argument",
        description="A LoRA fine-tune on four A100s is resumed from its own DeepSpeed checkpoint after the image "
        "moved to PyTorch 2.6. torch.load now defaults to weights_only=True, and the DeepSpeed/transformers resume "
        "path in this image still calls it without weights_only=False, so unpickling the optimizer state's "
        "LossScaler is refused and every rank exits. The checkpoint is intact and a fresh run works: the installed "
        "torch and the training libraries' resume code do not fit together (pin torch below 2.6 or move to "
        "releases that load their own checkpoints with weights_only=False).",
        title="_pickle.UnpicklingError: Weights only load failed ... In PyTorch 2.6, we changed the default value of "
        "the `weights_only` argument ... Unsupported global: GLOBAL deepspeed.runtime.fp16.loss_scaler.LossScaler "
        "(resume_from_checkpoint)",
        source="https://github.com/modelscope/ms-swift/issues/5808",
    )
    pod = case.culprit
    assert isinstance(pod, str)
    case.logs = {key: log.replace("qwen-sft-resume-v3-x8rjm", pod) for key, log in case.logs.items()}
    return case
