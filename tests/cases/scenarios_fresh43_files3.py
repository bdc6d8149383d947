"""Fresh round 43: real public threads about missing files: configs, resumed checkpoints, dataset paths, tokenizers, safetensors, data directories.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Scenarios, cpu_only, gpu, stamped
from tests.cases.scenarios_real_training import _job_case

SCENARIOS = Scenarios()


# -- 1. faster-whisper: the converted model has no tokenizer.json and the Hub lookup fails --------------------


@SCENARIOS.add
def network_error_job_faster_whisper_tiny_en_hub_no_tokenizer() -> CaseSpec:
    at = Clock(datetime(2023, 3, 9, 14, 0, 0, tzinfo=timezone.utc))
    lines = ['Exception: Model "openai/whisper-tiny.en" on the Hub doesn\'t have a tokenizer']
    return _job_case(
        id="network-error-job-faster-whisper-tiny-en-hub-no-tokenizer",
        name="whisper-tiny-en-transcribe",
        ns="speech",
        at=at,
        image="registry.example/asr/faster-whisper:latest",
        command=["python", "transcribe.py"],
        resources=gpu(1, "16Gi", "4"),
        exit_code=1,
        ran=(5, 14.6),
        log=stamped(lines, at(14.4), 0.001),
        category="network-error",
        evidence="on the Hub doesn't have a tokenizer",
        description="faster-whisper (CTranslate2 Whisper) loading a converted tiny.en model: when the model "
        "directory has no tokenizer.json, faster-whisper falls back to "
        'tokenizers.Tokenizer.from_pretrained("openai/whisper-tiny" + ".en"), and that call raises '
        "'Exception: Model \"openai/whisper-tiny.en\" on the Hub doesn't have a tokenizer'. The reporter first "
        "thinks the Hub removed the model; the maintainer shows openai/whisper-tiny.en is still on the Hub with "
        "its tokenizer.json, and the reporter calls it a 'weird transient issue' (worked around by saving "
        "tokenizer.json into the converted model directory): the Hub answered the tokenizer lookup wrongly for "
        "a while, the model and code were fine. Verbatim: the exception line (the thread's title and report). "
        "Reconstructed: the transcription run as a batch Job whose one pod (one GPU) runs a transcription "
        "script (its name is not in the thread) and exits 1, the image, resources, node and times; the "
        "traceback frames above the exception are not in the thread and are left out.",
        title='faster-whisper with a converted tiny.en model: \'Exception: Model "openai/whisper-tiny.en" on the '
        "Hub doesn't have a tokenizer' - a transient Hub failure of the tokenizer.json fallback",
        source="https://github.com/SYSTRAN/faster-whisper/issues/34",
        captured=14.6 + 240,
    )


# -- 2. ktransformers: a stray safetensors file in the GGUF folder, lm_head looked up in it ----------------------


@SCENARIOS.add
def application_error_job_ktransformers_output_weight_not_in_safetensor_files() -> CaseSpec:
    at = Clock(datetime(2025, 3, 20, 9, 0, 0, tzinfo=timezone.utc))
    env = "/home/user/miniforge3/envs/ktr/lib/python3.11/site-packages/ktransformers"
    lines = [
        "Traceback (most recent call last):",
        f'  File "{env}/optimize/optimize.py", line 130, in optimize_and_load_gguf',
        '    load_weights(module.lm_head, gguf_loader, "lm_head.")',
        f'  File "{env}/util/utils.py", line 110, in load_weights',
        "    module.load()",
        f'  File "{env}/operators/linear.py", line 691, in load',
        "    self.generate_linear.load(w=w)",
        f'  File "{env}/operators/linear.py", line 151, in load',
        "    if w is None: w = self.load_weight(device=device)",
        "                      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        f'  File "{env}/operators/linear.py", line 86, in load_weight',
        "    tensor = self.gguf_loader.safetensor_loader.load_tensor(key+'.weight')",
        "             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        f'  File "{env}/util/custom_loader.py", line 61, in load_tensor',
        '    raise KeyError(f"Key {key} not found in Safetensor files")',
        "KeyError: 'Key output.weight not found in Safetensor files'",
    ]
    return _job_case(
        id="application-error-job-ktransformers-output-weight-not-in-safetensor-files",
        name="ktransformers-local-chat",
        ns="llm-inference",
        at=at,
        image="registry.example/llm/ktransformers:latest",
        command=["python", "-m", "ktransformers.local_chat"],
        resources=gpu(1, "256Gi", "32"),
        exit_code=1,
        ran=(5, 96.8),
        log=stamped(lines, at(96.6), 0.001),
        category="application-error",
        evidence="KeyError: 'Key output.weight not found in Safetensor files'",
        description="ktransformers (CPU/GPU hybrid LLM inference from GGUF weights, Ubuntu 24.10, Python 3.11, "
        "PyTorch 2.6, CUDA) fails while optimize_and_load_gguf loads the lm_head: the loader asks its "
        "safetensor_loader for 'output.weight' and custom_loader.load_tensor raises \"KeyError: 'Key "
        "output.weight not found in Safetensor files'\". The reporter's title says why: the loader attempts a "
        "random safetensors file (one that is not part of the GGUF weights) found with the weights, and then "
        "looks the lm_head up there: the files are present, but the loader reads the wrong set and the key it "
        "expects is not in it - a mismatch between the loader and the weight folder, not a missing file. "
        "Verbatim: the traceback frames and the KeyError as the stored thread shows them (user name in the "
        "conda path neutralised). Reconstructed: the run as a batch Job whose one pod (one GPU) runs "
        "ktransformers.local_chat (its --model_path/--gguf_path options are not in the stored copy and are "
        "left out) and exits 1, the image, resources, node and times; the frames above optimize.py line 130 and "
        "the model-injection output are not in the stored copy and are left out.",
        title="ktransformers loading GGUF weights: \"KeyError: 'Key output.weight not found in Safetensor files'\" - "
        "a stray safetensors file is read instead of the GGUF weights",
        source="https://github.com/kvcache-ai/ktransformers/issues/953",
        captured=96.8 + 240,
    )


# -- 3. gae (graph auto-encoder): the Cora files are not under data/ ----------------------------------------------


@SCENARIOS.add
def missing_file_job_gae_cora_ind_x_not_found() -> CaseSpec:
    at = Clock(datetime(2021, 7, 26, 5, 0, 0, tzinfo=timezone.utc))
    lines = ["FileNotFoundError: [Errno 2] No such file or directory: 'data/ind.cora.x'"]
    return _job_case(
        id="missing-file-job-gae-cora-ind-x-not-found",
        name="gae-cora-train",
        ns="graph-learning",
        at=at,
        image="registry.example/graph/gae:tf1",
        command=["python", "train.py"],
        resources=cpu_only("8Gi", "4"),
        exit_code=1,
        ran=(5, 11.3),
        log=stamped(lines, at(11.1), 0.001),
        category="missing-file",
        evidence="No such file or directory: 'data/ind.cora.x'",
        description="tkipf/gae (graph auto-encoders, TensorFlow) trained on Cora with 'python train.py': "
        "input_data.load_data reads the Planetoid files from a relative data/ folder and the run stops with "
        "\"FileNotFoundError: [Errno 2] No such file or directory: 'data/ind.cora.x'\" - the dataset file is not "
        "where the script looks for it (relative to the working directory). Verbatim: the error line (the whole "
        "report). Reconstructed: the run as a batch Job whose one CPU pod runs the repository's documented "
        "'python train.py' and exits 1 seconds after it started, the image, resources, node and times; the "
        "traceback frames and anything printed before the error are not in the thread and are left out.",
        title="gae train.py on Cora: \"FileNotFoundError: [Errno 2] No such file or directory: 'data/ind.cora.x'\"",
        source="https://github.com/tkipf/gae/issues/77",
        captured=11.3 + 240,
    )


# -- 4. SDAE-recommendation: the MovieLens split R1_train.npy was never created ----------------------------------


@SCENARIOS.add
def missing_file_job_sdae_ml100k_r1_train_npy_not_found() -> CaseSpec:
    at = Clock(datetime(2018, 7, 5, 3, 0, 0, tzinfo=timezone.utc))
    lines = ["FileNotFoundError: [Errno 2] No such file or directory: './data/ml-100k/R1_train.npy'"]
    return _job_case(
        id="missing-file-job-sdae-ml100k-r1-train-npy-not-found",
        name="sdae-mlprec-train",
        ns="recsys",
        at=at,
        image="registry.example/recsys/sdae-recommendation:tf1",
        command=["python", "trainMLPrec.py"],
        resources=gpu(1, "16Gi", "4"),
        exit_code=1,
        ran=(5, 9.8),
        log=stamped(lines, at(9.6), 0.001),
        category="missing-file",
        evidence="No such file or directory: './data/ml-100k/R1_train.npy'",
        description="SDAE-recommendation (stacked denoising auto-encoder recommender, TensorFlow, MovieLens "
        'ml-100k) stops with "FileNotFoundError: [Errno 2] No such file or directory: '
        "'./data/ml-100k/R1_train.npy'\"; the reporter checks and confirms the file is indeed not there (the "
        "repository ships only User.npy, Item.npy and u.item under data/ml-100k): the training split the job "
        "reads was never created. Verbatim: the error line (the thread's title). Reconstructed: the run as a "
        "batch Job whose one pod (one GPU) runs trainMLPrec.py (the entry the README names; the thread does not "
        "say which script was run) and exits 1, the image, resources, node and times; the traceback frames are "
        "not in the thread and are left out.",
        title='SDAE-recommendation training: "FileNotFoundError: [Errno 2] No such file or directory: '
        "'./data/ml-100k/R1_train.npy'\" - the split file does not exist",
        source="https://github.com/hello-world-zsp/SDAE-recommendation/issues/2",
        captured=9.8 + 240,
    )
