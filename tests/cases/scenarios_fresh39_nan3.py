"""Fresh round 39: real public threads about diverging training: NaN and Inf losses and gradients, overflows in mixed precision.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Scenarios, gpu
from tests.cases.scenarios_fresh13_training import _hung_job
from tests.cases.scenarios_fresh21_accelerators import _exits_after_log
from tests.cases.scenarios_fresh33_vision import _train

SCENARIOS = Scenarios()


# Walk (queries in the brief's order, each list top down, at most two threads a query; five in all):
# 1. "loss becomes inf training": hongbo-miao/hongbomiao.com#1962, ctaguchi/multipa#4 skipped (a: pull requests);
#    mozilla/DeepSpeech#1654 skipped (b: no lines, only "loss: inf" in words); ZiweiWangTHU/BiDet#41 skipped
#    (b: no lines); intel/ipex-llm#1486 skipped (b: the stored copy has one maintainer comment whose lines show
#    a single Infinity iteration followed by finite losses, not what became of the run); twhui/LiteFlowNet#16
#    skipped (b: no lines); marco-rudolph/differnet#44 skipped (a: a question); mozilla/DeepSpeech#238 taken;
#    InternLM/xtuner#249 skipped (b: only its title is stored); bear63/sceneReco#18 skipped (b: no lines);
#    webis-de/lightning-ir#121 skipped (a: pull request); mozilla/DeepSpeech#845 skipped (b: the log is an
#    attachment, no lines in the thread).
# 2. "gradient overflow nan deepspeed": deepspeedai/DeepSpeed#2069 skipped (a/b: a question whose stored lines
#    are only routine loss-scale reductions, the "DDP error" itself is not shown); deepspeedai/DeepSpeed#1773
#    taken; deepspeedai/DeepSpeedExamples#988 skipped (b: only the config, no log lines), deepspeedai/DeepSpeed#3077 skipped (b: the hook code and
#    ds_report, not the overflow lines), deepspeedai/DeepSpeed#324 skipped (b: the stored copy holds only the
#    config print-out), DeepSpeed#416 (a: pull request), huggingface/transformers#9996 skipped (a: a success
#    report thread; the overflow comment is a side question), bobo0810/LearnDeepSpeed#1 skipped (b: routine
#    loss-scale reductions at 8192 with no failure described).
# 3. "NaN detected in tensors": alibaba/rtp-llm#562, allenai/allennlp#3158 skipped (a: pull requests);
#    Jintao-Huang/EfficientDet_PyTorch#2 taken; world-modelz/dreamax#19 skipped (a: a to-do for contributors);
#    scverse/scvi-tools#2103 skipped (b: the stored turn holds only a heading, no lines); then the list holds
#    only (b) title-only threads, a feature request (pytorch/pytorch#143658) and pull requests.
# 4. "loss nan mixed precision bf16": tensorflow/similarity#364 skipped (b: no lines, a reproduction recipe);
#    Liuhong99/Sophia#16 taken; tensorflow/tensorflow#56142 and keras-team/keras#16552 skipped (a: Windows
#    desktop); the rest are pull requests, questions or feature requests (a).
# 5. "nan values in output training": sdpython/onnxcustom#46 (b: title only), onnxcustom#49 (a: pull request),
#    nv-tlabs/FlexiCubes#24, Lotfollahi-lab/CellDISECT#10, TencentYoutuResearch/ImageMatching-OETR#6,
#    AlexYouXin/Explicit-Shape-Priors#8 (b: no lines), ds4dm/ecole#324 (b: a dump of a sample file, not a
#    run's lines), microsoft/Deep3DFaceReconstruction#213 (b: a screenshot) skipped; thodan/epos#10 taken
#    (the fifth case: the walk stops there; query 6 was not reached).


def _running_nan(*, at: Clock, image: str, command: list[str], n_gpus: int, **case: object) -> CaseSpec:
    """A training Job whose one pod still runs (the trainer does not stop on a non-finite loss)."""
    ctr = _train(image, command, n_gpus, at(2))
    spec = _hung_job(at=at, ctr=ctr, **case)  # type: ignore[arg-type]
    return replace(spec, category="nan-loss")


# -- 1. DeepSpeech (TensorFlow) training: the epoch-9 report prints an infinite training loss -----------------


@SCENARIOS.add
def nan_loss_job_deepspeech_epoch_report_training_loss_inf() -> CaseSpec:
    # The pasted report's own times put "STARTING Epoch 0009" at 17:41:55, about 8.7 hours into the run.
    at = Clock(datetime(2016, 11, 25, 9, 0, 0, tzinfo=timezone.utc))
    lines = [
        "2016-11-25 17:41:55 STARTING Epoch 0009",
        "2016-11-25 17:41:55 Training model...",
        "2016-11-25 18:29:38 Training loss=inf avg_cer=0.377731130 WER: 0.828431",
    ]
    return _running_nan(
        id="nan-loss-job-deepspeech-epoch-report-training-loss-inf",
        at=at,
        name="deepspeech-ted-train",
        ns="speech",
        image="registry.example/speech/deepspeech:tf0.11-gpu",
        command=["python", "DeepSpeech.py", "--display_step", "10"],
        n_gpus=1,
        node_name="gpu-node-03",
        lines=lines,
        start=31315.0,
        gaps=[0.0, 2863.0],
        quiet=30,
        evidence="Training loss=inf",
        description="Training DeepSpeech (the TensorFlow speech recogniser) with the report printed every 10 "
        "epochs' display step: the report of epoch 9 gives an infinite training loss; the maintainers find the "
        "learning rate too large and a smaller one (0.0001) fixes it. The three report lines are the thread's, "
        "verbatim. Reconstructed: the run as a batch Job whose one pod is still running half a minute after the "
        "report (the trainer goes on after an inf loss; the thread does not say how the run ended), the command "
        "line, image, resources, node and times (epoch 9 starting at the report's own 17:41:55).",
        title="DeepSpeech training: the epoch-9 report prints 'Training loss=inf'",
        source="https://github.com/mozilla/DeepSpeech/issues/238",
    )


# -- 2. DeepSpeed fp16 pipeline training of a 4.7B GPT-2: gradient overflow from the first step ------------------


@SCENARIOS.add
def nan_loss_job_deepspeed_fp16_gpt2_pipeline_overflow_skipping_step() -> CaseSpec:
    # The pasted lines' own times: the step-1 timing at 01:22:29, the overflow 31 s later.
    at = Clock(datetime(2022, 2, 16, 1, 20, 0, tzinfo=timezone.utc))
    lines = [
        "steps: 1 loss: 11.4926 iter time (s): 36.217 samples/sec: 70.686",
        "[2022-02-16 01:22:29,596] [INFO] [logging.py:69:log_dist] [Rank 0] rank=0 time (ms) | pipe_send_output: "
        "4606.68 | pipe_recv_grad: 753.47",
        "[2022-02-16 01:23:00,852] [INFO] [stage_1_and_2.py:1644:step] [deepscale] OVERFLOW! Rank 0 Skipping step. "
        "Attempted loss scale: 4294967296, reducing to 2147483648.0",
        "[2022-02-16 01:23:00,853] [INFO] [logging.py:69:log_dist] [Rank 0] step=2, skipped=2, lr=[0.0001, 0.0001], "
        "mom=[(0.85, 0.99), (0.85, 0.99)]",
        "[2022-02-16 01:23:00,853] [INFO] [logging.py:69:log_dist] [Rank 0] rank=0 time (ms) | batch_input: 325.46 "
        "| forward_microstep: 8068.21 | backward_microstep: 20297.51 | backward_inner_microstep: 20295.81 | "
        "backward_allreduce_microstep: 0.00 | step_microstep: 2.04",
    ]
    return _running_nan(
        id="nan-loss-job-deepspeed-fp16-gpt2-pipeline-overflow-skipping-step",
        at=at,
        name="gpt2-4b7-pipe-fp16",
        ns="llm-train",
        image="registry.example/llm/deepspeed:0.5.10-torch1.10-cu113",
        command=["deepspeed", "train_gpt2_pipe.py", "--deepspeed_config", "ds_config.json"],
        n_gpus=8,
        node_name="gpu-node-11",
        lines=lines,
        start=149.596,
        gaps=[0.0, 31.256, 0.001, 0.0],
        quiet=20,
        evidence="OVERFLOW! Rank 0 Skipping step",
        description="Training a 4.7B GPT-2 with DeepSpeed's pipeline engine in fp16: after about 220 steps the "
        "log reports gradient overflows and the dynamic loss scale keeps falling until it reaches 1 and stays "
        "there, the loss turning to NaN; with a higher initial scale power (18, 24, 32) the overflow comes at the "
        "very first step. The lines are the thread's, verbatim (the run with the higher initial scale, the only "
        "lines it pastes). Reconstructed: the run as a batch Job whose one 8-GPU pod is still running twenty "
        "seconds after the last line, the script and config names, image, resources, node and times (the lines' "
        "own times).",
        title="DeepSpeed fp16 pipeline training of a 4.7B GPT-2: '[deepscale] OVERFLOW! Rank 0 Skipping step', "
        "the loss scale falling to 1 and the loss to NaN",
        source="https://github.com/deepspeedai/DeepSpeed/issues/1773",
    )


# -- 3. EfficientDet (PyTorch) on VOC0712: the summary writer warns of a NaN or Inf scalar ------------------------


@SCENARIOS.add
def nan_loss_job_efficientdet_voc_nan_or_inf_found_in_input_tensor() -> CaseSpec:
    at = Clock(datetime(2021, 12, 24, 6, 0, 0, tzinfo=timezone.utc))
    return _running_nan(
        id="nan-loss-job-efficientdet-voc-nan-or-inf-found-in-input-tensor",
        at=at,
        name="efficientdet-voc0712",
        ns="detection",
        image="registry.example/detection/efficientdet-pytorch:torch1.10-cu113",
        command=["python", "train_VOC0712.py"],
        n_gpus=1,
        node_name="gpu-node-07",
        lines=["WARNING:root:NaN or Inf found in input tensor."],
        start=1800.0,
        gaps=[],
        quiet=60,
        evidence="NaN or Inf found in input tensor",
        description="Training an EfficientDet (a PyTorch port) on Pascal VOC 07+12 with the repository's "
        "train_VOC0712 script: the log shows 'WARNING:root:NaN or Inf found in input tensor.', the warning the "
        "TensorBoard summary writer prints when a scalar it is given (here the logged loss) is NaN or Inf. The "
        "warning is the thread's, verbatim (the only line it gives). Reconstructed: the run as a batch Job whose "
        "one pod is still running a minute after the warning (the warning does not stop training; the thread "
        "does not say how the run ended), the image, resources, node and times (half an hour in).",
        title="EfficientDet training on VOC0712: 'WARNING:root:NaN or Inf found in input tensor.'",
        source="https://github.com/Jintao-Huang/EfficientDet_PyTorch/issues/2",
    )


# -- 4. Sophia-G optimizer with fp16 AMP: the loss scaler cannot go lower and the run stops ------------------------


@SCENARIOS.add
def nan_loss_job_sophia_fp16_loss_scale_already_at_minimum() -> CaseSpec:
    at = Clock(datetime(2023, 6, 5, 8, 0, 0, tzinfo=timezone.utc))
    return _exits_after_log(
        lines=["Exception: Current loss scale already at minimum - cannot decrease scale"],
        start=5400.0,
        gaps=0.0,
        started=12,
        id="nan-loss-job-sophia-fp16-loss-scale-already-at-minimum",
        at=at,
        name="gpt2-sophiag-fp16",
        ns="llm-train",
        image="registry.example/llm/nanogpt-sophia:torch2.0-cu118",
        command=["python", "train_sophiag.py", "--precision", "16-mixed"],
        resources=gpu(1, "32Gi", "8"),
        node_name="gpu-node-02",
        category="nan-loss",
        evidence="Current loss scale already at minimum",
        description="Training with the Sophia-G optimizer in 16-mixed precision (fp16 AMP with a dynamic loss "
        "scaler): the run eventually stops with 'Current loss scale already at minimum - cannot decrease scale' "
        "- every step's gradients overflowed until the scaler had nothing left to reduce; the reporter adds that "
        "the optimizer leads to a nan loss in fp16, and the maintainer advises bf16 or a lower learning rate. The "
        "exception line is the thread's, verbatim (the only line it gives). Reconstructed: the run as a batch Job "
        "whose one pod exits 1 right after the exception, the script name and flag, image, resources, node and "
        "times (an hour and a half in).",
        title="Sophia-G training in fp16 mixed precision stops: 'Exception: Current loss scale already at minimum "
        "- cannot decrease scale'",
        source="https://github.com/Liuhong99/Sophia/issues/16",
    )


# -- 5. EPOS (TensorFlow pose estimation) on a custom YCB-V set: every loss is nan from step 100 ------------------


@SCENARIOS.add
def nan_loss_job_epos_tf_custom_ycbv_total_loss_nan() -> CaseSpec:
    at = Clock(datetime(2022, 7, 4, 2, 0, 0, tzinfo=timezone.utc))
    lines = [
        "step: 0 total_loss: 9.91135 obj_cls: 3.09097505 frag_cls: 4.15891361 frag_loc: 2.40971112",
        "step: 100 total_loss: nan obj_cls: nan frag_cls: nan frag_loc: nan",
        "INFO:tensorflow:global_step/sec: 1.57567",
        "step: 200 total_loss: nan obj_cls: nan frag_cls: nan frag_loc: nan",
        "INFO:tensorflow:global_step/sec: 1.66842",
    ]
    return _running_nan(
        id="nan-loss-job-epos-tf-custom-ycbv-total-loss-nan",
        at=at,
        name="epos-ycbv-custom-train",
        ns="pose",
        image="registry.example/pose/epos:tf1.12-gpu",
        command=["python", "train.py", "--model=ycbv_custom"],
        n_gpus=1,
        node_name="gpu-node-05",
        lines=lines,
        start=90.0,
        gaps=[63.0, 0.5, 60.0, 0.5],
        quiet=40,
        evidence="total_loss: nan",
        description="Training EPOS (6D object pose estimation, TensorFlow) on the reporter's own YCB-V-style "
        "dataset: the losses start finite at step 0 and every one of them is nan from step 100 on; the input "
        "data look right when visualised. The step and global_step/sec lines are the thread's, verbatim. "
        "Reconstructed: the run as a batch Job whose one pod is still running forty seconds after the last line "
        "(the trainer does not stop on nan), the image, resources, node and times (a step rate of about 1.6 a "
        "second, as the lines say).",
        title="EPOS training on a custom dataset: 'total_loss: nan' (every loss nan) from step 100",
        source="https://github.com/thodan/epos/issues/10",
    )
