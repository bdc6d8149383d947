"""Fresh round 35: real public threads about healthy traps: jobs that trained or served fine while their logs printed alarming lines.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Scenarios, gpu
from tests.cases.scenarios_fresh7_quiet import _running_case

SCENARIOS = Scenarios()


# -- DeepSpeed ZeRO-3: the parameter-prefetch trace cache is rebuilt when module order changes ---------------


@SCENARIOS.add
def healthy_job_deepspeed_invalidate_trace_cache_warning() -> CaseSpec:
    at = Clock(datetime(2025, 7, 24, 8, 0, tzinfo=timezone.utc))
    name, ns = "ross3d-sft-zero3", "mm-3d"
    ctr = Container(
        "trainer",
        "registry.corp.example/mm/ross3d:torch2.1-cu121",
        command=["bash", "scripts/train/ross3d_sft.sh"],
        resources=gpu(8, "900Gi", "96"),
    )
    # The one line the thread shows, verbatim.
    entries: list[tuple[float, str]] = [
        (0, "Invalidate trace cache @ step 327: expected module 2, but got module 724"),
    ]
    first = 3 * 3600.0
    return _running_case(
        "healthy-job-deepspeed-invalidate-trace-cache-warning",
        at,
        name,
        ns,
        ctr,
        entries,
        "gpu-h800-4",
        category="healthy",
        silence=60,
        first=first,
        description="A multimodal (3D) model is fine-tuned with DeepSpeed; during training its log prints "
        "'Invalidate trace cache @ step 327: expected module 2, but got module 724', the ZeRO-3 parameter "
        "prefetcher noting that the module order differed from the trace it recorded and rebuilding it. The "
        "reporter asks whether this is normal during training; the maintainer suggests evaluating the "
        "checkpoint. The line is the thread's, verbatim. Reconstructed: the batch Job and its one running pod "
        "with 8 GPUs (image, command, node, resources made up; the thread ran on a GPU server), the kubelet "
        "times, the capture 60 s after the line. No other line of the run is added.",
        title="DeepSpeed prints 'Invalidate trace cache @ step 327: expected module 2, but got module 724' during "
        "training - is it normal? (a ZeRO-3 prefetch notice; training goes on)",
        source="https://github.com/Haochen-Wang409/ross3d/issues/9",
    )


# -- ESPnet FastSpeech2: torch.jit TracerWarnings printed every epoch ------------------------------------------


_ESPNET_TRACER_WARNINGS = [
    "/workspace/espnet/espnet/nets/pytorch_backend/nets_utils.py:154: TracerWarning: Converting a tensor to a "
    "Python list might cause the trace to be incorrect. We can't record the data flow of Python values, so this "
    "value will be treated as a constant in the future. This means that the trace might not generalize to other "
    "inputs!",
    "  lengths = lengths.long().tolist()",
    "/workspace/espnet/espnet/nets/pytorch_backend/nets_utils.py:172: TracerWarning: Converting a tensor to a "
    "Python boolean might cause the trace to be incorrect. We can't record the data flow of Python values, so "
    "this value will be treated as a constant in the future. This means that the trace might not generalize to "
    "other inputs!",
    "  assert xs.size(0) == bs, (xs.size(0), bs)",
    "/workspace/espnet/espnet2/tts/feats_extract/log_mel_fbank.py:92: TracerWarning: Converting a tensor to a "
    "Python boolean might cause the trace to be incorrect. We can't record the data flow of Python values, so "
    "this value will be treated as a constant in the future. This means that the trace might not generalize to "
    "other inputs!",
    "  assert input_stft.shape[-1] == 2, input_stft.shape",
]


@SCENARIOS.add
def healthy_job_espnet_fastspeech2_tracer_warnings_every_epoch() -> CaseSpec:
    at = Clock(datetime(2022, 7, 27, 2, 0, tzinfo=timezone.utc))
    name, ns = "fastspeech2-tts-train", "speech"
    ctr = Container(
        "espnet",
        "registry.corp.example/speech/espnet:202207-cu113",
        command=[
            "./run.sh",
            "--stage",
            "6",
            "--stop_stage",
            "6",
            "--train_config",
            "conf/tuning/train_fastspeech2.yaml",
            "--teacher_dumpdir",
            "data",
            "--tts_stats_dir",
            "data/stats",
        ],
        resources=gpu(1, "64Gi", "8"),
    )
    epoch = 1800.0
    entries: list[tuple[float, str]] = [(0, line) for line in _ESPNET_TRACER_WARNINGS]
    entries += [(epoch if i == 0 else 0, line) for i, line in enumerate(_ESPNET_TRACER_WARNINGS)]
    first = 1200.0
    return _running_case(
        "healthy-job-espnet-fastspeech2-tracer-warnings-every-epoch",
        at,
        name,
        ns,
        ctr,
        entries,
        "gpu-node-7",
        category="healthy",
        silence=300,
        first=first,
        description="ESPnet2 FastSpeech2 training (run.sh stage 6) prints a block of torch.jit TracerWarnings "
        "('Converting a tensor to a Python list/boolean might cause the trace to be incorrect ... the trace might "
        "not generalize to other inputs!') at every epoch; the reporter says every epoch gives this, so training "
        "goes on epoch after epoch. The warning lines and the source lines under them are the thread's, verbatim "
        "(the user's checkout path neutralised; the fourth, truncated warning left out). Reconstructed: the batch "
        "Job and its one running pod with 1 GPU (image, node, resources made up; the command is the one the "
        "reporter ran), the block printed twice an epoch apart (the reporter: every epoch), the kubelet times, "
        "the capture 5 min after the second block. No progress line is added.",
        title="ESPnet FastSpeech2 training prints multiple 'TracerWarning: Converting a tensor to a Python "
        "boolean might cause the trace to be incorrect' on every epoch - training continues",
        source="https://github.com/espnet/espnet/issues/4543",
    )


# -- Keras detection training: a model output with no loss, warned about once -----------------------------


@SCENARIOS.add
def healthy_job_keras_output_missing_from_loss_dictionary() -> CaseSpec:
    at = Clock(datetime(2019, 7, 19, 6, 0, tzinfo=timezone.utc))
    name, ns = "pl-zsd-coco2014", "detection"
    ctr = Container(
        "train",
        "registry.corp.example/vision/keras-retinanet:2.2.4-tf1.13-gpu",
        command=["python", "train_vocab_w2v.py"],
        resources=gpu(1, "32Gi", "8"),
    )
    # The four lines the reporter pasted, verbatim: the warning, the source line under it, two counts.
    entries: list[tuple[float, str]] = [
        (
            0,
            'train_vocab_w2v.py:367: UserWarning: Output "nms" missing from loss dictionary. We assume this was '
            'done on purpose, and we will not be expecting any data to be passed to "nms" during training.',
        ),
        (0, "  optimizer=keras.optimizers.adam(lr=1e-5, clipnorm=0.001)"),
        (2, "202"),
        (0, "209"),
    ]
    first = 90.0
    return _running_case(
        "healthy-job-keras-output-missing-from-loss-dictionary",
        at,
        name,
        ns,
        ctr,
        entries,
        "gpu-node-3",
        category="healthy",
        silence=120,
        first=first,
        description="A Keras (RetinaNet-based) zero-shot detector is trained on COCO 2014. Compiling the model "
        "warns 'UserWarning: Output \"nms\" missing from loss dictionary. We assume this was done on purpose', "
        "because the NMS output has no loss by design. The reporter says the warning did not affect the running "
        "process; the maintainer answers it can be ignored and does not affect performance. The four lines are "
        "the thread's, verbatim. Reconstructed: the batch Job and its one running pod with 1 GPU (image, node, "
        "resources made up; the command runs the script the warning names), the kubelet times, the capture 2 min "
        "after the last line. No progress line is added.",
        title="Keras training warns 'UserWarning: Output \"nms\" missing from loss dictionary' - it did not "
        "affect the run and can be ignored",
        source="https://github.com/salman-h-khan/PL-ZSD_Release/issues/9",
    )
