"""Fresh round 42: real public threads about jobs that stop making progress: deadlocks, synchronisation, dataset loading, after warm-up, silent for hours.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Scenarios
from tests.cases.scenarios_fresh13_training import _hung_job
from tests.cases.scenarios_fresh33_vision import _train

SCENARIOS = Scenarios()


# -- 1. FaceChain LoRA training: load_dataset sits on 'Downloading and preparing dataset imagefolder/...' ----


@SCENARIOS.add
def stalled_job_facechain_lora_stuck_in_load_dataset_imagefolder() -> CaseSpec:
    at = Clock(datetime(2023, 9, 14, 9, 0, tzinfo=timezone.utc))
    command = [
        "sh",
        "train_lora.sh",
        "ly261666/cv_portrait_model",
        "v2.0",
        "film/film",
        "./imgs",
        "./processed",
        "./output",
    ]
    ctr = _train("registry.example/portrait/facechain:torch2.0-cu117", command, 1, at(2))
    lines = [
        "Downloading and preparing dataset imagefolder/personalizaition_lora_labeled to /root/.cache/huggingface/"
        "datasets/imagefolder/personalizaition_lora_labeled-3de72a2657913bda/0.0.0/"
        "37fbb85cc714a338bea574ac6c7d0b5be5aff46c1862c1989b20e0771199e93f...",
    ]
    return _hung_job(
        id="stalled-job-facechain-lora-stuck-in-load-dataset-imagefolder",
        at=at,
        name="facechain-lora-train",
        ns="portrait",
        ctr=ctr,
        node_name="gpu-node-05",
        lines=lines,
        start=75,
        gaps=[],
        quiet=2 * 3600,
        evidence="Downloading and preparing dataset imagefolder/personalizaition_lora_labeled",
        description="Training FaceChain's personal portrait LoRA (train_lora.sh, accelerate launch of "
        "train_text_to_image_lora.py): now and then the run sits in datasets' load_dataset for a very long "
        "time - the last line it prints is 'Downloading and preparing dataset imagefolder/...' into the "
        "Hugging Face datasets cache under /root, then nothing, no error. Commenters guess at the network (it "
        "depends on the download speed and whether models were downloaded before; Hugging Face may be blocked, "
        "try a proxy); the thread was merged into another issue, no cause is confirmed. The line is the "
        "thread's, verbatim (the only one it quotes). Reconstructed: the run as a batch Job whose one pod "
        "holds one GPU and still runs two hours after that line (the reporter's Linux host, a root user's "
        "cache, placed in a pod), the script's arguments (the repository's README defaults), image, resources, "
        "node and the kubelet's times.",
        title="FaceChain LoRA training stuck for a long time in load_dataset at 'Downloading and preparing "
        "dataset imagefolder/...', no error",
        source="https://github.com/modelscope/facechain/issues/246",
    )
