"""Cases built from real public failure reports - the application and its surroundings: Python dependencies and native extensions, files the job reads (checkpoints, datasets, object-store keys), services it calls (model hubs, package indexes, trackers, object stores), errors in the job's own code, and jobs that are fine despite alarming lines.

Each keeps the lines people pasted verbatim (names neutralised) and says where they came
from: ``title`` (what happened) and ``source`` (the thread) go into expected.yaml. What the
thread did not show (the pods, their states, progress lines before the failure) is built
around those lines so that the snapshot is consistent.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timezone

from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    Obj,
    Scenarios,
    batch_job,
    cpu_only,
    event,
    failed_job,
    gpu,
    job_pod,
    object_meta,
    owner_ref,
    pod,
    running,
    stamped,
    terminated,
    uid,
)

SCENARIOS = Scenarios()


def _failed(
    *,
    id: str,
    day: int,
    name: str,
    ns: str,
    image: str,
    command: list[str],
    lines: Sequence[str],
    category: str,
    evidence: str,
    description: str,
    title: str,
    source: str,
    exit_code: int = 1,
    resources: Obj | None = None,
    every: float = 2.0,
    gaps: Sequence[float] | None = None,
) -> CaseSpec:
    """A batch Job whose one pod printed ``lines`` (one every ``every`` seconds from 30 s, or
    ``gaps`` apart) and exited with ``exit_code``."""
    at = Clock(datetime(2026, 9, day, 7, 0, tzinfo=timezone.utc))
    steps = list(gaps) if gaps is not None else [every] * max(len(lines) - 1, 1)
    end = 30 + sum(steps[: len(lines) - 1]) + 1
    ctr = Container(
        "main", image, command=command, resources=resources if resources is not None else gpu(1, "64Gi", "8")
    )
    job, p = failed_job(
        name=name, namespace=ns, at=at, container=ctr, exit_code=exit_code, ran=(28, end), node="gpu-node-12"
    )
    pod_name = p["metadata"]["name"]
    return CaseSpec(
        id=id,
        kind="Job",
        name=name,
        namespace=ns,
        healthy=False,
        category=category,
        culprit=pod_name,
        evidence=evidence,
        description=description,
        title=title,
        source=source,
        objects=[job, p],
        logs={f"{pod_name}/main": stamped(lines, at(30), steps)},
        captured=at(end + 300),
    )


def _running(
    *,
    id: str,
    day: int,
    name: str,
    ns: str,
    image: str,
    command: list[str],
    lines: Sequence[str],
    gaps: Sequence[float],
    description: str,
    title: str,
    source: str,
    resources: Obj | None = None,
) -> CaseSpec:
    """A batch Job whose one pod has run since 20 s and printed ``lines`` from 30 s; captured a
    minute after the last line."""
    at = Clock(datetime(2026, 9, day, 7, 0, tzinfo=timezone.utc))
    ctr = Container(
        "main",
        image,
        command=command,
        resources=resources if resources is not None else gpu(1, "64Gi", "8"),
        state=running(at(20)),
        ready=True,
    )
    job = batch_job(
        name=name, namespace=ns, created=at(0), container=ctr, active=1, ready=1, start=at(1), conditions=[]
    )
    p = job_pod(job, [ctr], created=at(1), phase="Running", node="gpu-node-21", scheduled=at(2))
    pod_name = p["metadata"]["name"]
    last = 30 + sum(list(gaps)[: len(lines) - 1])
    return CaseSpec(
        id=id,
        kind="Job",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="",
        description=description,
        title=title,
        source=source,
        objects=[job, p],
        logs={f"{pod_name}/main": stamped(lines, at(30), gaps)},
        captured=at(last + 60),
    )


def _tb(frames: Sequence[tuple[str, int, str, str]], error: str) -> list[str]:
    """A Python traceback: ``frames`` are (file, line, function, source line)."""
    out = ["Traceback (most recent call last):"]
    for path, line, func, source in frames:
        out.append(f'  File "{path}", line {line}, in {func}')
        if source:
            out.append(f"    {source}")
    out.extend(error.split("\n"))
    return out


_SITE = "/usr/local/lib/python3.10/dist-packages"


# -- classes earlier rounds left open ------------------------------------------------------------


@SCENARIOS.add
def application_error_job_dataloader_too_many_open_files() -> CaseSpec:
    lines = [
        "[2026-09-01 07:00:31,114][__main__][INFO] - Instantiating datamodule <src.dataloaders.genomics.HG38>",
        "[2026-09-01 07:00:33,901][__main__][INFO] - Instantiating model <src.models.sequence.SequenceModel>",
        "GPU available: True (cuda), used: True",
        "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]",
        *_tb(
            [
                ("/app/train.py", 714, "main", "train(config)"),
                (
                    f"{_SITE}/torch/utils/data/dataloader.py",
                    387,
                    "_get_iterator",
                    "return _MultiProcessingDataLoaderIter(self)",
                ),
                (f"{_SITE}/torch/utils/data/dataloader.py", 1040, "__init__", "w.start()"),
                ("/usr/lib/python3.10/multiprocessing/process.py", 121, "start", "self._popen = self._Popen(self)"),
                (
                    "/usr/lib/python3.10/multiprocessing/context.py",
                    224,
                    "_Popen",
                    "return _default_context.get_context().Process._Popen(process_obj)",
                ),
                ("/usr/lib/python3.10/multiprocessing/context.py", 277, "_Popen", "return Popen(process_obj)"),
                ("/usr/lib/python3.10/multiprocessing/popen_fork.py", 19, "__init__", "self._launch(process_obj)"),
                ("/usr/lib/python3.10/multiprocessing/popen_fork.py", 68, "_launch", "parent_r, child_w = os.pipe()"),
            ],
            "OSError: [Errno 24] Too many open files",
        ),
        "",
        "Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.",
    ]
    return _failed(
        id="application-error-job-dataloader-too-many-open-files",
        day=1,
        name="caduceus-hg38-pretrain",
        ns="genomics-ml",
        image="registry.corp.example/genomics/caduceus:0.3",
        command=["python", "-m", "train", "experiment=hg38/hg38", "loader.num_workers=16"],
        lines=lines,
        category="application-error",
        evidence="Too many open files",
        description="A genomics pretraining run starts its DataLoader workers; the process has used up its open-file "
        "limit (each worker and each shared tensor holds descriptors) and os.pipe() fails with EMFILE. The fix is "
        "in how the job uses descriptors (fewer workers, the file_system sharing strategy) or a higher nofile "
        "limit; nothing failed outside the process.",
        title="OSError: [Errno 24] Too many open files when the DataLoader starts its worker processes",
        source="https://github.com/kuleshov-group/caduceus/issues/58",
    )


@SCENARIOS.add
def missing_file_job_checkpoint_zip_central_directory() -> CaseSpec:
    lines = [
        "Global seed set to 42",
        "Loading model from /models/sd-v1-4.ckpt",
        *_tb(
            [
                ("scripts/txt2img.py", 344, "<module>", "main()"),
                (
                    "scripts/txt2img.py",
                    240,
                    "main",
                    'model = load_model_from_config(config, f"{opt.ckpt}")',
                ),
                (
                    "scripts/txt2img.py",
                    50,
                    "load_model_from_config",
                    'pl_sd = torch.load(ckpt, map_location="cpu")',
                ),
                (
                    "/opt/conda/envs/ldm/lib/python3.8/site-packages/torch/serialization.py",
                    705,
                    "load",
                    "with _open_zipfile_reader(opened_file) as opened_zipfile:",
                ),
                (
                    "/opt/conda/envs/ldm/lib/python3.8/site-packages/torch/serialization.py",
                    243,
                    "__init__",
                    "super(_open_zipfile_reader, self).__init__(torch._C.PyTorchFileReader(name_or_buffer))",
                ),
            ],
            "RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory",
        ),
    ]
    return _failed(
        id="missing-file-job-checkpoint-zip-central-directory",
        day=2,
        name="sd-txt2img-batch",
        ns="genai-art",
        image="registry.corp.example/genai/stable-diffusion:1.4",
        command=["python", "scripts/txt2img.py", "--ckpt", "/models/sd-v1-4.ckpt", "--from-file", "prompts.txt"],
        lines=lines,
        category="missing-file",
        evidence="failed finding central directory",
        description="A batch image generation loads its checkpoint with torch.load: the file on the volume is not a "
        "complete PyTorch zip archive (a download that stopped part way), so the reader finds no central "
        "directory. The checkpoint the job needs is not there in usable form; downloading it again fixes it.",
        title="torch.load of the Stable Diffusion checkpoint: RuntimeError: PytorchStreamReader failed reading zip "
        "archive: failed finding central directory",
        source="https://github.com/CompVis/stable-diffusion/issues/93",
    )


@SCENARIOS.add
def missing_file_job_safetensors_metadata_incomplete_buffer() -> CaseSpec:
    layers = ", ".join(f"'model.layers.{i}.': {i < 42}" for i in range(48))
    lines = [
        ">>>> cache_utils installed",
        "found index file...",
        "found_layers:{'model.embed_tokens.': True, " + layers + ", 'model.norm.': False, 'lm_head.': False}",
        "some layer splits found, some are not, re-save all layers in case there's some corruptions.",
        "  0%|          | 0/51 [00:00<?, ?it/s]",
        *_tb(
            [
                ("/app/airllm_test.py", 9, "<module>", "model = AutoModel.from_pretrained(MODEL_PATH)"),
                (
                    f"{_SITE}/airllm/airllm_base.py",
                    78,
                    "__init__",
                    "self.checkpoint_path = find_or_create_local_splitted_path(model_local_path_or_repo_id,",
                ),
                (
                    f"{_SITE}/airllm/utils.py",
                    382,
                    "find_or_create_local_splitted_path",
                    "return Path(model_local_path_or_repo_id), split_and_save_layers(model_local_path_or_repo_id, "
                    "layer_shards_saving_path,",
                ),
                (
                    f"{_SITE}/airllm/utils.py",
                    303,
                    "split_and_save_layers",
                    "state_dict.update(load_file(checkpoint_path / shard_file, device='cpu'))",
                ),
                (
                    f"{_SITE}/safetensors/torch.py",
                    311,
                    "load_file",
                    'with safe_open(filename, framework="pt", device=device) as f:',
                ),
            ],
            "safetensors_rust.SafetensorError: Error while deserializing header: MetadataIncompleteBuffer",
        ),
    ]
    return _failed(
        id="missing-file-job-safetensors-metadata-incomplete-buffer",
        day=3,
        name="qwen-72b-layered-infer",
        ns="llm-eval",
        image="registry.corp.example/llm/airllm:2.8.3",
        command=["python", "/app/airllm_test.py"],
        lines=lines,
        category="missing-file",
        evidence="MetadataIncompleteBuffer",
        description="A layer-by-layer inference job re-splits a 72B model into per-layer files; reading one of the "
        "model's safetensors shards fails because its header is cut short - the shard on the volume is a "
        "partial download. The weights file the job needs is not complete; fetching it again fixes it.",
        title="safetensors_rust.SafetensorError: Error while deserializing header: MetadataIncompleteBuffer while "
        "splitting a model's shards into layers",
        source="https://github.com/lyogavin/airllm/issues/137",
        every=1.0,
    )


@SCENARIOS.add
def cuda_error_job_flash_attention_on_turing_gpu() -> CaseSpec:
    lines = [
        "Loading checkpoint shards: 100%|██████████| 3/3 [00:41<00:00, 13.71s/it]",
        "Map: 100%|██████████| 1800/1800 [00:01<00:00, 1402.37 examples/s]",
        "  0%|          | 0/675 [00:00<?, ?it/s]",
        *_tb(
            [
                ("/app/finetune.py", 188, "<module>", "trainer.train()"),
                (f"{_SITE}/transformers/trainer.py", 1859, "train", "return inner_training_loop("),
                (
                    f"{_SITE}/transformers/models/mistral/modeling_mistral.py",
                    498,
                    "_flash_attention_forward",
                    "attn_output = flash_attn_func(",
                ),
                (
                    f"{_SITE}/flash_attn/flash_attn_interface.py",
                    51,
                    "_flash_attn_forward",
                    "out, q, k, v, out_padded, softmax_lse, S_dmask, rng_state = flash_attn_cuda.fwd(",
                ),
            ],
            "RuntimeError: FlashAttention only supports Ampere GPUs or newer.",
        ),
    ]
    return _failed(
        id="cuda-error-job-flash-attention-on-turing-gpu",
        day=4,
        name="mistral-7b-qlora",
        ns="llm-ft",
        image="registry.corp.example/llm/trl-train:0.7.10",
        command=["python", "/app/finetune.py", "--attn_implementation", "flash_attention_2"],
        resources=gpu(1, "48Gi", "8"),
        lines=lines,
        category="cuda-error",
        evidence="FlashAttention only supports Ampere GPUs or newer",
        description="A fine-tune loads the model with attn_implementation='flash_attention_2' on a node whose GPU "
        "is a Tesla T4 (Turing, compute capability 7.5); the FlashAttention kernel refuses to run on it at "
        "the first forward pass. The GPU cannot run what the code asks of it: schedule on Ampere or newer, "
        "or use sdpa/eager attention.",
        title="RuntimeError: FlashAttention only supports Ampere GPUs or newer (Mistral-7B with flash_attention_2 "
        "on a Tesla T4)",
        source="https://github.com/Dao-AILab/flash-attention/issues/762",
    )


@SCENARIOS.add
def cuda_error_job_trainer_bf16_on_v100() -> CaseSpec:
    lines = [
        "2026-09-05 07:00:31 INFO [__main__] Loading tokenizer for EleutherAI/pythia-2.8b",
        "2026-09-05 07:00:33 INFO [__main__] Loading model for EleutherAI/pythia-2.8b",
        "2026-09-05 07:01:10 INFO [__main__] Found max lenth: 2048",
        "2026-09-05 07:01:12 INFO [__main__] Preprocessing dataset",
        "2026-09-05 07:01:40 INFO [__main__] Done preprocessing",
        *_tb(
            [
                ("/app/training/trainer.py", 283, "<module>", "main()"),
                ("/app/training/trainer.py", 182, "train", "training_args = TrainingArguments("),
                ("<string>", 105, "__init__", ""),
                (f"{_SITE}/transformers/training_args.py", 1098, "__post_init__", "raise ValueError("),
            ],
            "ValueError: Your setup doesn't support bf16/gpu. You need torch>=1.10, using Ampere GPU with cuda>=11.0",
        ),
    ]
    return _failed(
        id="cuda-error-job-trainer-bf16-on-v100",
        day=5,
        name="dolly-v2-train",
        ns="llm-ft",
        image="registry.corp.example/llm/dolly-train:2.0",
        command=["deepspeed", "--num_gpus=8", "/app/training/trainer.py", "--deepspeed", "ds_z3_bf16_config.json"],
        resources=gpu(8, "480Gi", "64"),
        lines=lines,
        category="cuda-error",
        evidence="Your setup doesn't support bf16/gpu",
        description="An instruction fine-tune asks the Trainer for bf16 on a node with eight V100s (compute "
        "capability 7.0): transformers checks the GPU before training and refuses, because bf16 needs Ampere "
        "or newer. The GPU cannot do what the job asks; switch to fp16 or schedule on Ampere nodes.",
        title="ValueError: Your setup doesn't support bf16/gpu. You need torch>=1.10, using Ampere GPU with "
        "cuda>=11.0 (training on 8 V100s)",
        source="https://github.com/databrickslabs/dolly/issues/11",
        every=1.0,
    )


# -- dependencies -----------------------------------------------------------------------------------


@SCENARIOS.add
def dependency_error_job_flash_attn_undefined_symbol() -> CaseSpec:
    lines = [
        "INFO 09-06 07:00:31 [__init__.py:239] Automatically detected platform cuda.",
        "[2026-09-06 07:00:35,402] [INFO] [real_accelerator.py:222:get_accelerator] Setting ds_accelerator to cuda "
        "(auto detect)",
        *_tb(
            [
                ("/app/verl/trainer/main_ppo.py", 64, "<module>", "main()"),
                (
                    f"{_SITE}/transformers/utils/import_utils.py",
                    1967,
                    "_get_module",
                    'return importlib.import_module("." + module_name, self.__name__)',
                ),
                (f"{_SITE}/transformers/modeling_flash_attention_utils.py", 27, "<module>", ""),
                (
                    f"{_SITE}/flash_attn/flash_attn_interface.py",
                    15,
                    "<module>",
                    "import flash_attn_2_cuda as flash_attn_gpu",
                ),
            ],
            f"ImportError: {_SITE}/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: "
            "_ZN2at4_ops5zeros4callEN3c108ArrayRefINS2_6SymIntEEENS2_8optionalINS2_10ScalarTypeEEENS6_INS2_6Layout"
            "EEENS6_INS2_6DeviceEEENS6_IbEE",
        ),
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        "RuntimeError: Failed to import transformers.models.bloom.modeling_bloom because of the following error "
        "(look up to see its traceback):",
        f"{_SITE}/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: "
        "_ZN2at4_ops5zeros4callEN3c108ArrayRefINS2_6SymIntEEENS2_8optionalINS2_10ScalarTypeEEENS6_INS2_6LayoutEEENS6_"
        "INS2_6DeviceEEENS6_IbEE",
    ]
    return _failed(
        id="dependency-error-job-flash-attn-undefined-symbol",
        day=6,
        name="bloom-ppo-rl",
        ns="llm-rl",
        image="registry.corp.example/llm/verl:0.3-torch2.7",
        command=["python", "-m", "verl.trainer.main_ppo"],
        lines=lines,
        category="dependency-error",
        evidence="undefined symbol",
        description="An RL fine-tune imports transformers' Bloom model, which imports flash_attn; the flash-attn "
        "wheel in the image was built against another torch version, so its extension references a torch "
        "symbol that the installed torch does not export.",
        title="RuntimeError: Failed to import transformers.models.bloom.modeling_bloom: flash_attn_2_cuda...so: "
        "undefined symbol (flash-attn built for another torch)",
        source="https://github.com/Dao-AILab/flash-attention/issues/1612",
        every=1.0,
    )


@SCENARIOS.add
def dependency_error_job_module_compiled_against_numpy1() -> CaseSpec:
    message = [
        "",
        "A module that was compiled using NumPy 1.x cannot be run in",
        "NumPy 2.0.0 as it may crash. To support both 1.x and 2.x",
        "versions of NumPy, modules must be compiled with NumPy 2.0.",
        "Some module may need to rebuild instead e.g. with 'pybind11>=2.12'.",
        "",
        "If you are a user of the module, the easiest solution will be to",
        "downgrade to 'numpy<2' or try to upgrade the affected module.",
        "We expect that some modules will need time to support NumPy 2.",
        "",
    ]
    lines = [
        *message,
        'Traceback (most recent call last):  File "/app/features/build.py", line 4, in <module>',
        "    import pandas as pd",
        f'  File "{_SITE}/pandas/core/nanops.py", line 52, in <module>',
        '    bn = import_optional_dependency("bottleneck", errors="warn")',
        f'  File "{_SITE}/bottleneck/__init__.py", line 7, in <module>',
        "    from .reduce import (",
        *_tb(
            [(f"{_SITE}/numpy/core/_multiarray_umath.py", 44, "__getattr__", "raise ImportError(msg)")],
            "ImportError: ",
        ),
        *message[1:],
        "",
        "AttributeError: _ARRAY_API not found",
        "ImportError: numpy.core.multiarray failed to import",
    ]
    return _failed(
        id="dependency-error-job-module-compiled-against-numpy1",
        day=7,
        name="feature-build-daily",
        ns="data-pipeline",
        image="registry.corp.example/data/features:2024.06",
        command=["python", "/app/features/build.py"],
        resources=cpu_only("16Gi", "4"),
        lines=lines,
        category="dependency-error",
        evidence="compiled using NumPy 1.x cannot be run in",
        description="A feature-building Job's image was rebuilt and pulled in NumPy 2.0.0; bottleneck (imported by "
        "pandas) is a compiled extension built against NumPy 1.x, and importing it fails. Pin numpy<2 or "
        "upgrade the extension.",
        title="ImportError: numpy.core.multiarray failed to import with NumPy 2.0.0 (bottleneck compiled against "
        "NumPy 1.x)",
        source="https://github.com/pydata/bottleneck/issues/453",
        every=0.0,
    )


# -- services outside the job ---------------------------------------------------------------------------


@SCENARIOS.add
def network_error_job_pip_install_read_timeout() -> CaseSpec:
    lines = [
        "Collecting tensorflow==2.11.0",
        "  Downloading tensorflow-2.11.0-cp310-cp310-manylinux_2_17_x86_64.manylinux2014_x86_64.whl (588.3 MB)",
        "     ━━━━━━━━━━━                            175.1/588.3 MB 68.6 MB/s eta 0:00:07",
        "ERROR: Exception:",
        *_tb(
            [
                (
                    "/usr/local/lib/python3.10/site-packages/pip/_vendor/urllib3/response.py",
                    438,
                    "_error_catcher",
                    "yield",
                ),
                (
                    "/usr/local/lib/python3.10/site-packages/pip/_vendor/urllib3/response.py",
                    561,
                    "read",
                    'data = self._fp_read(amt) if not fp_closed else b""',
                ),
                (
                    "/usr/local/lib/python3.10/site-packages/pip/_vendor/urllib3/response.py",
                    442,
                    "_error_catcher",
                    'raise ReadTimeoutError(self._pool, None, "Read timed out.")',
                ),
            ],
            "pip._vendor.urllib3.exceptions.ReadTimeoutError: HTTPSConnectionPool(host='files.pythonhosted.org', "
            "port=443): Read timed out.",
        ),
    ]
    return _failed(
        id="network-error-job-pip-install-read-timeout",
        day=8,
        name="churn-model-retrain",
        ns="analytics",
        image="python:3.10-slim-bullseye",
        command=["sh", "-c", "pip install -r requirements.txt --no-cache-dir && python train.py"],
        resources=cpu_only("8Gi", "4"),
        lines=lines,
        category="network-error",
        evidence="Read timed out",
        description="The Job installs its requirements when it starts; downloading a large wheel from the package "
        "index stalls and pip gives up with a read timeout, so the training never starts. Nothing is wrong with "
        "the requirements: the connection to the index failed (raise --default-timeout, use a mirror, or bake "
        "the packages into the image).",
        title="pip install in the job's entrypoint: pip._vendor.urllib3.exceptions.ReadTimeoutError: "
        "HTTPSConnectionPool(host='files.pythonhosted.org', port=443): Read timed out.",
        source="https://github.com/pypa/pip/issues/11717",
        gaps=[1, 7, 60, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    )


# -- healthy ------------------------------------------------------------------------------------


@SCENARIOS.add
def healthy_job_wandb_network_error_then_resumed() -> CaseSpec:
    def epoch_lines(first: int, last: int) -> list[str]:
        return [
            f"ID 3 Warm ({e}) | Ls {0.62 - e * 0.02:.2f} |: 100%|██████████| 41/41 [01:14<00:00,  1.81s/it]"
            for e in range(first, last)
        ]

    lines = [
        "wandb: Currently logged in as: seg-team. Use `wandb login --relogin` to force relogin",
        "wandb: Tracking run with wandb version 0.13.2",
        *epoch_lines(0, 4),
        "  0%|          | 0/289 [00:00<?, ?it/s]wandb: Network error (ConnectionError), entering retry loop.",
        "wandb: Network error resolved after 0:01:38.877099, resuming normal operation.",
        *[
            f"ID 3 Train ({e}) | Ls {0.48 - e * 0.01:.2f} |: 100%|██████████| 289/289 [08:41<00:00,  1.80s/it]"
            for e in range(3)
        ],
        "ID 3 Train (3) | Ls 0.45 |:  37%|███▋      | 107/289 [03:13<05:28,  1.80s/it]",
    ]
    return _running(
        id="healthy-job-wandb-network-error-then-resumed",
        day=9,
        name="psmt-voc-semi",
        ns="vision-research",
        image="registry.corp.example/vision/ps-mt:1.0",
        command=["bash", "./scripts/train_voc_aug.sh", "-l", "1323", "-g", "4", "-b", "101"],
        lines=lines,
        gaps=[2, 20, 74, 74, 74, 5, 99, 521, 521, 521, 193],
        description="A semi-supervised segmentation run logs to Weights & Biases; the tracker loses its "
        "connection for about a minute and a half, retries, and resumes. Training never stopped: epochs "
        "keep completing after the network error, and the pod is still running.",
        title="wandb: Network error (ConnectionError), entering retry loop during training - it reconnects on its "
        "own and does not affect the training",
        source="https://github.com/yyliu01/PS-MT/issues/10",
    )


@SCENARIOS.add
def healthy_job_finetune_weights_newly_initialized_warning() -> CaseSpec:
    lines = [
        "[INFO|modeling_utils.py:3991] 2026-09-10 07:00:41,605 >> Some weights of the model checkpoint at "
        "bert-base-cased were not used when initializing BertForSequenceClassification: ['cls.predictions.bias', "
        "'cls.predictions.transform.LayerNorm.bias', 'cls.predictions.transform.LayerNorm.weight', "
        "'cls.predictions.transform.dense.bias', 'cls.predictions.transform.dense.weight', "
        "'cls.seq_relationship.bias', 'cls.seq_relationship.weight']",
        "- This IS expected if you are initializing BertForSequenceClassification from the checkpoint of a model "
        "trained on another task or with another architecture (e.g. initializing a BertForSequenceClassification "
        "model from a BertForPreTraining model).",
        "- This IS NOT expected if you are initializing BertForSequenceClassification from the checkpoint of a "
        "model that you expect to be exactly identical (initializing a BertForSequenceClassification model from a "
        "BertForSequenceClassification model).",
        "[WARNING|modeling_utils.py:4003] 2026-09-10 07:00:41,605 >> Some weights of BertForSequenceClassification "
        "were not initialized from the model checkpoint at bert-base-cased and are newly initialized: "
        "['classifier.bias', 'classifier.weight']",
        "You should probably TRAIN this model on a down-stream task to be able to use it for predictions and "
        "inference.",
        "Running tokenizer on dataset: 100%|██████████| 67349/67349 [00:04<00:00, 15161.04 examples/s]",
        "huggingface/tokenizers: The current process just got forked, after parallelism has already been used. "
        "Disabling parallelism to avoid deadlocks...",
        "To disable this warning, you can either:",
        "\t- Avoid using `tokenizers` before the fork if possible",
        "\t- Explicitly set the environment variable TOKENIZERS_PARALLELISM=(true | false)",
        *[
            f"{{'loss': {0.52 - i * 0.03:.4f}, 'grad_norm': {4.1 - i * 0.2:.4f}, 'learning_rate': "
            f"{2e-5 * (1 - (i + 1) * 500 / 6315):.4e}, 'epoch': {(i + 1) * 500 / 2105:.2f}}}"
            for i in range(6)
        ],
    ]
    return _running(
        id="healthy-job-finetune-weights-newly-initialized-warning",
        day=10,
        name="sst2-bert-finetune",
        ns="nlp-research",
        image="registry.corp.example/nlp/transformers-glue:4.39",
        command=["python", "run_glue.py", "--model_name_or_path", "bert-base-cased", "--task_name", "sst2"],
        lines=lines,
        gaps=[0, 0, 0, 0, 4, 2, 0, 0, 0, 0, 140, 140, 140, 140, 140, 140],
        description="A GLUE fine-tune loads a pretrained encoder into a classification model: transformers warns "
        "that the pretraining head's weights were not used and that the new classifier is newly initialized "
        "('You should probably TRAIN this model'), and the tokenizers library warns about forking. Both are "
        "expected when fine-tuning; the loss is logged every few minutes and falls.",
        title="'Some weights of the model checkpoint at bert-base-uncased were not used when initializing "
        "BertForSequenceClassification' - what to do about this warning? Nothing: it is expected when fine-tuning",
        source="https://github.com/huggingface/transformers/issues/5421",
    )


# -- batch 2 ----------------------------------------------------------------------------------------


@SCENARIOS.add
def dependency_error_job_remote_code_requires_flash_attn() -> CaseSpec:
    lines = [
        "Loading model from /models/Emu3-Gen",
        *_tb(
            [
                ("/app/function_test.py", 14, "<module>", "model = AutoModelForCausalLM.from_pretrained("),
                (
                    f"{_SITE}/transformers/models/auto/auto_factory.py",
                    551,
                    "from_pretrained",
                    "model_class = get_class_from_dynamic_module(",
                ),
                (
                    f"{_SITE}/transformers/dynamic_module_utils.py",
                    502,
                    "get_class_from_dynamic_module",
                    "final_module = get_cached_module_file(",
                ),
                (
                    f"{_SITE}/transformers/dynamic_module_utils.py",
                    327,
                    "get_cached_module_file",
                    "modules_needed = check_imports(resolved_module_file)",
                ),
                (f"{_SITE}/transformers/dynamic_module_utils.py", 182, "check_imports", "raise ImportError("),
            ],
            "ImportError: This modeling file requires the following packages that were not found in your "
            "environment: flash_attn. Run 'pip install flash_attn'",
        ),
    ]
    return _failed(
        id="dependency-error-job-remote-code-requires-flash-attn",
        day=11,
        name="emu3-gen-sample",
        ns="genai-research",
        image="registry.corp.example/genai/emu3:0.1",
        command=["python", "/app/function_test.py"],
        lines=lines,
        category="dependency-error",
        evidence="requires the following packages that were not found in your environment",
        description="A generation job loads a model whose modeling code comes with the checkpoint "
        "(trust_remote_code); transformers checks that code's imports first and finds flash_attn missing from "
        "the image (or not importable), so the model class is never loaded.",
        title="ImportError: This modeling file requires the following packages that were not found in your "
        "environment: flash_attn",
        source="https://github.com/baaivision/Emu3/issues/21",
    )


@SCENARIOS.add
def dependency_error_job_torchvision_nms_operator_missing() -> CaseSpec:
    lines = [
        *_tb(
            [
                ("/app/detect.py", 3, "<module>", "from torchvision.ops import nms"),
                (f"{_SITE}/torchvision/__init__.py", 6, "<module>", ""),
                (f"{_SITE}/torchvision/_meta_registrations.py", 164, "<module>", ""),
                (f"{_SITE}/torch/library.py", 440, "inner", "handle = entry.abstract_impl.register(func_to_register,"),
                (
                    f"{_SITE}/torch/_library/abstract_impl.py",
                    30,
                    "register",
                    'if torch._C._dispatch_has_kernel_for_dispatch_key(self.qualname, "Meta"):',
                ),
            ],
            "RuntimeError: operator torchvision::nms does not exist",
        ),
    ]
    return _failed(
        id="dependency-error-job-torchvision-nms-operator-missing",
        day=12,
        name="frame-detect-batch",
        ns="video-analytics",
        image="registry.corp.example/video/detect:torch2.2.1-cpu",
        command=["python", "/app/detect.py", "--input", "/data/frames"],
        resources=cpu_only("16Gi", "8"),
        lines=lines,
        category="dependency-error",
        evidence="operator torchvision::nms does not exist",
        description="A detection batch Job imports torchvision; the torchvision wheel in the image was built for "
        "another torch release than the torch installed (the +cpu build), so its C++ operators are not "
        "registered and the import fails. Install the torchvision that matches the torch version and variant.",
        title="RuntimeError: operator torchvision::nms does not exist with torch 2.2.1+cpu (torch and torchvision "
        "builds that do not match)",
        source="https://github.com/pytorch/pytorch/issues/122494",
        every=0.0,
    )


@SCENARIOS.add
def network_error_job_assets_download_incomplete_read() -> CaseSpec:
    lines = [
        "2026-09-13 07:00:31,201 INFO Writing results to panguweather.grib",
        "2026-09-13 07:00:31,202 INFO Downloading https://get.ecmwf.int/repository/test-data/ai-models/pangu-weather/"
        "pangu_weather_24.onnx",
        "pangu_weather_24.onnx:   1%|          | 10.6M/1.13G [00:04<07:11, 2.58MB/s]",
        *_tb(
            [
                (
                    f"{_SITE}/requests/models.py",
                    816,
                    "generate",
                    "yield from self.raw.stream(chunk_size, decode_content=True)",
                ),
                (
                    f"{_SITE}/urllib3/response.py",
                    1057,
                    "stream",
                    "data = self.read(amt=amt, decode_content=decode_content)",
                ),
                (f"{_SITE}/urllib3/response.py", 951, "read", "data = self._raw_read(amt)"),
                (
                    f"{_SITE}/urllib3/response.py",
                    879,
                    "_raw_read",
                    "raise IncompleteRead(self._fp_bytes_read, self.length_remaining)",
                ),
            ],
            "urllib3.exceptions.IncompleteRead: IncompleteRead(11082547 bytes read, 1170628640 more expected)",
        ),
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        *_tb(
            [
                ("/usr/local/bin/ai-models", 8, "<module>", "sys.exit(main())"),
                (f"{_SITE}/ai_models/model.py", 295, "download_assets", 'download(url, path + ".download")'),
                (f"{_SITE}/requests/models.py", 818, "generate", "raise ChunkedEncodingError(e)"),
            ],
            "requests.exceptions.ChunkedEncodingError: ('Connection broken: IncompleteRead(11082547 bytes read, "
            "1170628640 more expected)', IncompleteRead(11082547 bytes read, 1170628640 more expected))",
        ),
    ]
    return _failed(
        id="network-error-job-assets-download-incomplete-read",
        day=13,
        name="panguweather-forecast",
        ns="weather-ml",
        image="registry.corp.example/weather/ai-models:0.6",
        command=["ai-models", "--download-assets", "--input", "cds", "panguweather"],
        lines=lines,
        category="network-error",
        evidence="Connection broken: IncompleteRead",
        description="A forecast Job downloads the model's ONNX weights before running; the server closes the "
        "connection after 11 MB of 1.1 GB and requests raises ChunkedEncodingError. The download from the "
        "outside service broke off; retry, resume, or stage the assets on a volume.",
        title="ai-models --download-assets panguweather breaks during the download with "
        "requests.exceptions.ChunkedEncodingError: ('Connection broken: IncompleteRead(...)')",
        source="https://github.com/ecmwf-lab/ai-models/issues/45",
        gaps=[0, 5, 0] + [0] * 30,
    )


@SCENARIOS.add
def network_error_job_hub_ssl_self_signed_chain() -> CaseSpec:
    host = "huggingface.co"
    lines = [
        "urllib3.exceptions.SSLError: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: self-signed "
        "certificate in certificate chain (_ssl.c:1007)",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        *_tb(
            [
                (f"{_SITE}/requests/adapters.py", 667, "send", "resp = conn.urlopen("),
                (f"{_SITE}/urllib3/connectionpool.py", 841, "urlopen", "retries = retries.increment("),
                (
                    f"{_SITE}/urllib3/util/retry.py",
                    519,
                    "increment",
                    "raise MaxRetryError(_pool, url, reason) from reason  # type: ignore[arg-type]",
                ),
            ],
            f"urllib3.exceptions.MaxRetryError: HTTPSConnectionPool(host='{host}', port=443): Max retries exceeded "
            "with url: /naver/DUSt3R_ViTLarge_BaseDecoder_512_dpt/resolve/main/config.json (Caused by "
            "SSLError(SSLCertVerificationError(1, '[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: "
            "self-signed certificate in certificate chain (_ssl.c:1007)')))",
        ),
    ]
    return _failed(
        id="network-error-job-hub-ssl-self-signed-chain",
        day=14,
        name="novel-view-render",
        ns="vision-research",
        image="registry.corp.example/vision/stable-virtual-camera:1.0",
        command=["python", "demo.py", "--task", "img2trajvid"],
        lines=lines,
        category="network-error",
        evidence="CERTIFICATE_VERIFY_FAILED",
        description="The job downloads model files from the hub through a network whose TLS-inspecting proxy "
        "presents its own certificate; the pod does not trust that chain, so every request fails certificate "
        "verification. Add the proxy's CA to the image (REQUESTS_CA_BUNDLE) or use a mirror.",
        title="host='huggingface.co', port=443: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: "
        "self-signed certificate in certificate chain",
        source="https://github.com/Stability-AI/stable-virtual-camera/issues/23",
        every=0.0,
    )


@SCENARIOS.add
def network_error_job_mlflow_tracking_connection_refused() -> CaseSpec:
    url = "/api/2.0/mlflow/experiments/get-by-name?experiment_name=churn-quickstart"
    caused = (
        "(Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at 0x7e710e575310>: Failed to "
        "establish a new connection: [Errno 111] Connection refused'))"
    )
    lines = [
        "before set_track",
        f"ConnectionError: HTTPConnectionPool(host='localhost', port=5000): Max retries exceeded with url: {url} "
        + caused,
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        *_tb(
            [
                ("/app/train.py", 43, "<module>", 'mlflow.set_experiment("churn-quickstart")'),
                (
                    f"{_SITE}/mlflow/tracking/fluent.py",
                    143,
                    "set_experiment",
                    "experiment = client.get_experiment_by_name(experiment_name)",
                ),
                (f"{_SITE}/mlflow/utils/rest_utils.py", 152, "http_request", "raise MlflowException("),
            ],
            "mlflow.exceptions.MlflowException: API request to http://localhost:5000/api/2.0/mlflow/experiments/"
            f"get-by-name failed with exception HTTPConnectionPool(host='localhost', port=5000): Max retries "
            f"exceeded with url: {url} " + caused,
        ),
    ]
    return _failed(
        id="network-error-job-mlflow-tracking-connection-refused",
        day=15,
        name="churn-quickstart",
        ns="mlops-demo",
        image="registry.corp.example/mlops/sklearn-mlflow:2.13",
        command=["python", "/app/train.py"],
        resources=cpu_only("4Gi", "2"),
        lines=lines,
        category="network-error",
        evidence="Connection refused",
        description="The training script logs to an MLflow tracking server at localhost:5000, but nothing listens "
        "there inside the pod (the server runs elsewhere), so every request is refused and set_experiment "
        "raises after its retries. Point MLFLOW_TRACKING_URI at the tracking service.",
        title="MlflowException: API request to http://localhost:5000/api/2.0/mlflow/experiments/get-by-name failed "
        "with exception ... [Errno 111] Connection refused",
        source="https://github.com/mlflow/mlflow/issues/12154",
        every=0.0,
    )


@SCENARIOS.add
def application_error_job_tokenizer_has_no_pad_token() -> CaseSpec:
    lines = [
        "Map: 100%|██████████| 24895/24895 [00:11<00:00, 2194.75 examples/s]",
        "  0%|          | 0/388 [00:00<?, ?it/s]",
        *_tb(
            [
                (
                    "/app/ppo_sentiment.py",
                    142,
                    "<module>",
                    "for epoch, batch in tqdm(enumerate(ppo_trainer.dataloader)):",
                ),
                (
                    f"{_SITE}/transformers/data/data_collator.py",
                    249,
                    "__call__",
                    "batch = self.tokenizer.pad(",
                ),
                (
                    f"{_SITE}/transformers/tokenization_utils_base.py",
                    2966,
                    "pad",
                    "padding_strategy, _, max_length, _ = self._get_padding_truncation_strategies(",
                ),
                (
                    f"{_SITE}/transformers/tokenization_utils_base.py",
                    2511,
                    "_get_padding_truncation_strategies",
                    "raise ValueError(",
                ),
            ],
            "ValueError: Asking to pad but the tokenizer does not have a padding token. Please select a token to use "
            "as `pad_token` `(tokenizer.pad_token = tokenizer.eos_token e.g.)` or add a new pad token via "
            "`tokenizer.add_special_tokens({'pad_token': '[PAD]'})`.",
        ),
    ]
    return _failed(
        id="application-error-job-tokenizer-has-no-pad-token",
        day=16,
        name="gpt2-sentiment-ppo",
        ns="llm-rl",
        image="registry.corp.example/llm/trl:0.4.4",
        command=["python", "/app/ppo_sentiment.py"],
        lines=lines,
        category="application-error",
        evidence="tokenizer does not have a padding token",
        description="A PPO run pads batches with the GPT-2 tokenizer, which has no padding token; the collator "
        "raises on the first batch. The script must set one (tokenizer.pad_token = tokenizer.eos_token).",
        title="ValueError: Asking to pad but the tokenizer does not have a padding token (running the trl README "
        "example)",
        source="https://github.com/huggingface/trl/issues/466",
        every=1.0,
    )


@SCENARIOS.add
def application_error_job_lightgbm_label_not_less_than_mappings() -> CaseSpec:
    lines = [
        "Start LightGBMLambdaMART on MQ2008_List >>>",
        "Fold- 1",
        f"{_SITE}/lightgbm/engine.py:151: UserWarning: Found `num_trees` in params. Will use it instead of argument",
        '  warnings.warn("Found `{}` in params. Will use it instead of argument".format(alias))',
        "[LightGBM] [Fatal] Label 1330 is not less than the number of label mappings (31)",
        *_tb(
            [
                (
                    "/app/pt_ranking.py",
                    85,
                    "<module>",
                    "evaluator.run(model_id=l2r_args.model, "
                    "dir_json=l2r_args.dir_json, debug=False, config_with_json=True)",
                ),
                (f"{_SITE}/lightgbm/engine.py", 228, "train", "booster = Booster(params=params, train_set=train_set)"),
                (f"{_SITE}/lightgbm/basic.py", 2605, "__init__", "_safe_call(_LIB.LGBM_BoosterCreate("),
                (
                    f"{_SITE}/lightgbm/basic.py",
                    125,
                    "_safe_call",
                    "raise LightGBMError(_LIB.LGBM_GetLastError().decode('utf-8'))",
                ),
            ],
            "lightgbm.basic.LightGBMError: Label 1330 is not less than the number of label mappings (31)",
        ),
    ]
    return _failed(
        id="application-error-job-lightgbm-label-not-less-than-mappings",
        day=17,
        name="ltr-lambdamart-cv",
        ns="search-ranking",
        image="registry.corp.example/search/ptranking:0.3",
        command=["python", "/app/pt_ranking.py", "-data", "MQ2008_List", "-model", "LightGBMLambdaMART"],
        resources=cpu_only("16Gi", "8"),
        lines=lines,
        category="application-error",
        evidence="is not less than the number of label mappings",
        description="A learning-to-rank job trains LambdaMART with LightGBM, but the relevance labels it reads "
        "are not small integer grades (1330 where at most 30 are mapped), so LightGBM refuses to build the "
        "booster. The job's data preparation or label_gain setting is wrong.",
        title="lightgbm.basic.LightGBMError: Label 1330 is not less than the number of label mappings (31)",
        source="https://github.com/wildltr/ptranking/issues/9",
        every=1.0,
    )


def _spark_app(ns: str, name: str, at: Clock) -> Obj:
    return {
        "apiVersion": "sparkoperator.k8s.io/v1beta2",
        "kind": "SparkApplication",
        "metadata": object_meta(ns, "SparkApplication", name, at(0)),
    }


def _spark_pod(
    app: Obj,
    name: str,
    role: str,
    image: str,
    state: Obj,
    at: Clock,
    *,
    owner: Obj,
    args: list[str],
) -> Obj:
    """A pod spark-submit created for a SparkApplication: the driver (owned by the application) or an
    executor (owned by the driver pod)."""
    app_name = app["metadata"]["name"]
    ctr = Container(
        f"spark-kubernetes-{role}",
        image,
        args=args,
        resources={"limits": {"memory": "896Mi"}, "requests": {"cpu": "1", "memory": "896Mi"}},
        state=state,
    )
    return pod(
        name=name,
        namespace=app["metadata"]["namespace"],
        labels={
            "spark-app-selector": f"spark-{uid(app_name)[:32].replace('-', '')}",
            "spark-role": role,
            "sparkoperator.k8s.io/app-name": app_name,
            "sparkoperator.k8s.io/launched-by-spark-operator": "true",
            "sparkoperator.k8s.io/submission-id": uid(app_name, "submission"),
        },
        owner=owner,
        containers=[ctr],
        created=at(2),
        phase="Failed" if "terminated" in state and state["terminated"]["exitCode"] else "Running",
        node="worker-pool-2-k7x",
        scheduled=at(3),
        restart_policy="Never",
        qos="Burstable",
        service_account="spark",
    )


@SCENARIOS.add
def missing_file_pod_spark_driver_input_path_does_not_exist() -> CaseSpec:
    at = Clock(datetime(2026, 9, 18, 7, 0, tzinfo=timezone.utc))
    ns, app_name = "spark-jobs", "spark-hive"
    app = _spark_app(ns, app_name, at)
    driver = f"{app_name}-driver"
    p = _spark_pod(
        app,
        driver,
        "driver",
        "gcr.io/spark-operator/spark:v3.1.1",
        terminated(1, at(10), at(52)),
        at,
        owner=owner_ref(app),
        args=[
            "driver",
            "--class",
            "org.apache.spark.examples.sql.hive.SparkHiveExample",
            "local:///opt/spark/examples/jars/spark-examples_2.12-3.1.1.jar",
        ],
    )
    t = "21/07/17"
    lines = [
        f"{t} 07:00:14 INFO SparkContext: Running Spark version 3.1.1",
        f"{t} 07:00:15 INFO SparkContext: Submitted application: Spark Hive Example",
        f"{t} 07:00:31 INFO KubernetesClusterSchedulerBackend: SchedulerBackend is ready for scheduling beginning "
        "after reached minRegisteredResourcesRatio: 0.8",
        f"{t} 07:00:38 INFO HiveUtils: Initializing HiveMetastoreConnection version 2.3.7 using Spark classes.",
        f"{t} 07:00:46 INFO SparkSqlParser: Parsing command: CREATE TABLE IF NOT EXISTS src (key INT, value STRING) "
        "USING hive",
        'Exception in thread "main" org.apache.spark.sql.AnalysisException: LOAD DATA input path does not exist: '
        "examples/src/main/resources/kv1.txt",
        "\tat org.apache.spark.sql.execution.command.LoadDataCommand.run(tables.scala:386)",
        "\tat org.apache.spark.sql.execution.command.ExecutedCommandExec.sideEffectResult$lzycompute(commands.scala:70)",
        "\tat org.apache.spark.sql.SparkSession.sql(SparkSession.scala:615)",
        "\tat org.apache.spark.examples.sql.hive.SparkHiveExample$.main(SparkHiveExample.scala:64)",
        "\tat org.apache.spark.examples.sql.hive.SparkHiveExample.main(SparkHiveExample.scala)",
        f"{t} 07:00:51 INFO SparkContext: Invoking stop() from shutdown hook",
        f"{t} 07:00:51 INFO SparkUI: Stopped Spark web UI at http://{app_name}-ui-svc.{ns}.svc:4040",
    ]
    events = [
        event(
            app,
            "SparkApplicationSubmitted",
            f"SparkApplication {app_name} was submitted successfully",
            at(1),
            type_="Normal",
            component="spark-operator",
        ),
        event(app, "SparkDriverFailed", f"Driver {driver} failed", at(53), component="spark-operator"),
        event(
            app,
            "SparkApplicationFailed",
            f"SparkApplication {app_name} failed: driver container failed with ExitCode: 1, Reason: Error",
            at(54),
            component="spark-operator",
        ),
    ]
    return CaseSpec(
        id="missing-file-pod-spark-driver-input-path-does-not-exist",
        kind="Pod",
        name=driver,
        namespace=ns,
        healthy=False,
        category="missing-file",
        culprit=driver,
        evidence="input path does not exist",
        description="A SparkApplication runs the Hive example; its driver's working directory is "
        "/opt/spark/work-dir, so the relative path to the example data does not exist and LOAD DATA fails. The "
        "driver exits 1 and the application fails.",
        title='SparkApplication driver: Exception in thread "main" org.apache.spark.sql.AnalysisException: LOAD '
        "DATA input path does not exist: examples/src/main/resources/kv1.txt",
        source="https://github.com/kubeflow/spark-operator/issues/1306",
        objects=[p, *events],
        logs={f"{driver}/spark-kubernetes-driver": stamped(lines, at(12), [1, 16, 7, 8, 5, 0, 0, 0, 0, 0, 0, 0])},
        captured=at(400),
    )


@SCENARIOS.add
def unknown_pod_spark_executor_failed_without_reason() -> CaseSpec:
    at = Clock(datetime(2026, 9, 19, 5, 30, tzinfo=timezone.utc))
    ns, app_name = "spark-operator", "spark-stream"
    app = _spark_app(ns, app_name, at)
    driver = _spark_pod(
        app,
        f"{app_name}-driver",
        "driver",
        "registry.corp.example/data/spark-stream:3.3.2",
        running(at(8)),
        at,
        owner=owner_ref(app),
        args=["driver", "--class", "com.example.stream.Main", "local:///opt/app/stream.jar"],
    )
    executor = f"{app_name}-3394cd8533264232-exec-3"
    ep = _spark_pod(
        app,
        executor,
        "executor",
        "registry.corp.example/data/spark-stream:3.3.2",
        terminated(1, at(40), at(7800)),
        at,
        owner=owner_ref(driver),
        args=["executor"],
    )
    t = "22/12/21"
    lines = [
        f"{t} 05:30:44 INFO CoarseGrainedExecutorBackend: Started daemon with process name: 14@{executor}",
        f"{t} 05:30:44 INFO SignalUtils: Registering signal handler for TERM",
        f"{t} 05:30:47 INFO CoarseGrainedExecutorBackend: Successfully registered with driver",
        f"{t} 05:30:47 INFO Executor: Starting executor ID 3 on host 10.244.7.19",
        *[
            f"{t} {5 + (31 + i * 6) // 60:02d}:{(31 + i * 6) % 60:02d}:02 INFO Executor: Finished task 0.0 in stage "
            f"{1200 + i}.0 (TID {4800 + i}). 2218 bytes result sent to driver"
            for i in range(20)
        ],
    ]
    events = [
        event(
            app,
            "SparkExecutorFailed",
            f"Executor [{executor} %!s(int32=1) Error] failed with ExitCode: %!d(MISSING), Reason: %!s(MISSING)",
            at(7801),
            component="spark-operator",
        ),
    ]
    return CaseSpec(
        id="unknown-pod-spark-executor-failed-without-reason",
        kind="Pod",
        name=executor,
        namespace=ns,
        healthy=False,
        category="unknown",
        culprit=executor,
        evidence="exit code 1",
        description="An executor of a streaming SparkApplication exits with code 1 after two hours of finishing "
        "tasks normally; its log stops without an error, it was not OOM-killed or evicted, and the operator's "
        "event has lost the exit code and reason in a formatting bug. Nothing read names a cause.",
        title="Spark executor failing intermittently: 'Executor [...] failed with ExitCode: %!d(MISSING), Reason: "
        "%!s(MISSING)' and nothing in its log",
        source="https://github.com/kubeflow/spark-operator/issues/1658",
        objects=[driver, ep, *events],
        logs={f"{executor}/spark-kubernetes-executor": stamped(lines, at(44), [0, 3, 0, 60] + [360] * 20)},
        captured=at(8100),
    )


# -- batch 3 ----------------------------------------------------------------------------------------


@SCENARIOS.add
def dependency_error_job_numpy_float_alias_removed() -> CaseSpec:
    lines = [
        "Using device : cuda",
        "Model params : 23.63M",
        "Restoring i1.png",
        *_tb(
            [
                (
                    "/app/main_test.py",
                    159,
                    "<module>",
                    "optimal_ref_landmarks, optimal_ref_path = optimal_reference_selection(lq_landmarks, land_path)",
                ),
                (
                    "/app/main_test.py",
                    80,
                    "optimal_reference_selection",
                    "tmp = [np.float(i) for i in line.split(' ') if i != '\\n']",
                ),
                (
                    "/app/main_test.py",
                    80,
                    "<listcomp>",
                    "tmp = [np.float(i) for i in line.split(' ') if i != '\\n']",
                ),
                (f"{_SITE}/numpy/__init__.py", 305, "__getattr__", "raise AttributeError(__former_attrs__[attr])"),
            ],
            "AttributeError: module 'numpy' has no attribute 'float'.\n"
            "`np.float` was a deprecated alias for the builtin `float`. To avoid this error in existing code, use "
            "`float` by itself. Doing this will not modify any behavior and is safe. If you specifically wanted the "
            "numpy scalar type, use `np.float64` here.\n"
            "The aliases was originally deprecated in NumPy 1.20; for more details and guidance see the original "
            "release note at:\n"
            "    https://numpy.org/devdocs/release/1.20.0-notes.html#deprecations",
        ),
    ]
    return _failed(
        id="dependency-error-job-numpy-float-alias-removed",
        day=20,
        name="face-restore-batch",
        ns="vision-apps",
        image="registry.corp.example/vision/asffnet:1.0",
        command=["python", "/app/main_test.py", "-s", "./TestExamples/TestLists.txt", "-d", "/out"],
        lines=lines,
        category="dependency-error",
        evidence="module 'numpy' has no attribute 'float'",
        description="A face-restoration batch was written for NumPy before 1.24; the image installs a newer NumPy "
        "that removed the np.float alias, so the first image fails. The code and the installed NumPy do not fit: "
        "pin numpy<1.24 (or update the code to use float).",
        title="AttributeError: module 'numpy' has no attribute 'float' (solved with pip install \"numpy<1.24\")",
        source="https://github.com/csxmli2016/ASFFNet512/issues/8",
        every=1.0,
    )


@SCENARIOS.add
def dependency_error_job_bitsandbytes_quantization_requires_accelerate() -> CaseSpec:
    lines = [
        "Load base model",
        *_tb(
            [
                ("/app/train.py", 25, "<module>", "trainer.load_base_model()"),
                (
                    "/app/QloraTrainer.py",
                    37,
                    "load_base_model",
                    "model = AutoModelForCausalLM.from_pretrained(model_id, quantization_config=bnb_config, "
                    'device_map={"":0})',
                ),
                (
                    f"{_SITE}/transformers/models/auto/auto_factory.py",
                    561,
                    "from_pretrained",
                    "return model_class.from_pretrained(",
                ),
                (
                    f"{_SITE}/transformers/modeling_utils.py",
                    3024,
                    "from_pretrained",
                    "hf_quantizer.validate_environment(",
                ),
                (
                    f"{_SITE}/transformers/quantizers/quantizer_bnb_4bit.py",
                    62,
                    "validate_environment",
                    "raise ImportError(",
                ),
            ],
            "ImportError: Using `bitsandbytes` 8-bit quantization requires Accelerate: `pip install accelerate` and "
            "the latest version of bitsandbytes: `pip install -i https://pypi.org/simple/ bitsandbytes`",
        ),
    ]
    return _failed(
        id="dependency-error-job-bitsandbytes-quantization-requires-accelerate",
        day=21,
        name="mistral-qlora-train",
        ns="llm-ft",
        image="registry.corp.example/llm/llm-qlora:0.2",
        command=["python", "/app/train.py", "/app/configs/mistralaiMistral-7B-v0.1.yaml"],
        lines=lines,
        category="dependency-error",
        evidence="quantization requires Accelerate",
        description="A QLoRA fine-tune loads its base model in 4 bits; transformers checks for accelerate and a "
        "working bitsandbytes before loading and finds one of them missing or unusable in the image, so the "
        "model never loads.",
        title="ImportError: Using `bitsandbytes` 8-bit quantization requires Accelerate: `pip install accelerate` and "
        "the latest version of bitsandbytes",
        source="https://github.com/georgesung/llm_qlora/issues/10",
        every=1.0,
    )


@SCENARIOS.add
def application_error_job_datasets_map_column_length_mismatch() -> CaseSpec:
    lines = [
        "Running tokenizer on dataset: 100%|██████████| 36718/36718 [00:21<00:00, 1718.31 examples/s]",
        "Grouping texts in chunks of 1024:   0%|          | 0/37 [00:00<?, ?ba/s]",
        *_tb(
            [
                (
                    "/app/lm_preprocessing.py",
                    134,
                    "<module>",
                    "dset = dset.map(group_texts, batched=True, batch_size=1500)",
                ),
                (
                    f"{_SITE}/datasets/arrow_dataset.py",
                    1407,
                    "map",
                    "update_data = does_function_return_dict(test_inputs, test_indices)",
                ),
                (
                    f"{_SITE}/datasets/arrow_writer.py",
                    247,
                    "write_batch",
                    "pa_table = pa.Table.from_pydict(typed_sequence_examples)",
                ),
                ("pyarrow/table.pxi", 1531, "pyarrow.lib.Table.from_pydict", ""),
                ("pyarrow/error.pxi", 84, "pyarrow.lib.check_status", ""),
            ],
            "pyarrow.lib.ArrowInvalid: Column 1 named input_ids expected length 599 but got length 1500",
        ),
    ]
    return _failed(
        id="application-error-job-datasets-map-column-length-mismatch",
        day=22,
        name="wikitext-gpt2-preprocess",
        ns="nlp-research",
        image="registry.corp.example/nlp/datasets:1.2",
        command=["python", "/app/lm_preprocessing.py"],
        resources=cpu_only("32Gi", "8"),
        lines=lines,
        category="application-error",
        evidence="expected length 599 but got length 1500",
        description="A preprocessing Job groups tokenized text into long sequences with a batched map; its "
        "function concatenates input_ids but returns the other columns unchanged, so the columns it returns "
        "have different lengths and Arrow refuses the batch. A bug in the job's own map function.",
        title="pyarrow.lib.ArrowInvalid: Column 1 named input_ids expected length 599 but got length 1500",
        source="https://github.com/huggingface/datasets/issues/1817",
        every=1.0,
    )


@SCENARIOS.add
def missing_file_job_datasets_unable_to_find_local_json() -> CaseSpec:
    lines = [
        *_tb(
            [
                (
                    "/app/pretrained/model.py",
                    48,
                    "<module>",
                    'dataset = load_dataset("json",data_files="dataset/dataset_infos.json")',
                ),
                (f"{_SITE}/datasets/load.py", 1675, "load_dataset", "**config_kwargs,"),
                (f"{_SITE}/datasets/load.py", 1496, "load_dataset_builder", "data_files=data_files,"),
                (f"{_SITE}/datasets/load.py", 1155, "dataset_module_factory", "download_mode=download_mode,"),
                (
                    f"{_SITE}/datasets/load.py",
                    800,
                    "get_module",
                    "data_files = DataFilesDict.from_local_or_remote("
                    "patterns, use_auth_token=self.downnload_config.use_auth_token)",
                ),
                (
                    f"{_SITE}/datasets/data_files.py",
                    544,
                    "from_local_or_remote",
                    "data_files = resolve_patterns_locally_or_by_urls(base_path, patterns, allowed_extensions)",
                ),
                (
                    f"{_SITE}/datasets/data_files.py",
                    194,
                    "resolve_patterns_locally_or_by_urls",
                    "raise FileNotFoundError(error_msg)",
                ),
            ],
            "FileNotFoundError: Unable to find '/app/pretrained/dataset/dataset_infos.json' at /app/pretrained",
        ),
    ]
    return _failed(
        id="missing-file-job-datasets-unable-to-find-local-json",
        day=23,
        name="coderepair-pretrain",
        ns="code-ml",
        image="registry.corp.example/code/coderepair:0.4",
        command=["python", "/app/pretrained/model.py"],
        lines=lines,
        category="missing-file",
        evidence="Unable to find '/app/pretrained/dataset/dataset_infos.json'",
        description="A pretraining Job loads a local JSON dataset by a relative path; resolved against the "
        "script's directory the file is not there (the data volume is mounted elsewhere), so load_dataset "
        "raises FileNotFoundError before anything runs.",
        title="load_dataset can't load local dataset: FileNotFoundError: Unable to find 'dataset/dataset_infos.json'",
        source="https://github.com/huggingface/datasets/issues/4192",
        every=0.0,
    )


@SCENARIOS.add
def network_error_job_pretrained_weights_urlopen_timed_out() -> CaseSpec:
    lines = [
        "Namespace(batchsize=32, color_jitter=False, data_dir='/data/Market/pytorch', erasing_p=0, gpu_ids='0', "
        "name='ft_ResNet50', train_all=True)",
        'Downloading: "https://download.pytorch.org/models/resnet50-19c8e357.pth" to '
        "/root/.cache/torch/checkpoints/resnet50-19c8e357.pth",
        *_tb(
            [
                (
                    "/usr/lib/python3.6/urllib/request.py",
                    1318,
                    "do_open",
                    "encode_chunked=req.has_header('Transfer-encoding'))",
                ),
                ("/usr/lib/python3.6/http/client.py", 964, "send", "self.connect()"),
                ("/usr/lib/python3.6/socket.py", 724, "create_connection", "raise err"),
            ],
            "TimeoutError: [Errno 110] Connection timed out",
        ),
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        *_tb(
            [
                ("train.py", 206, "<module>", "model = ft_net(len(class_names))"),
                ("/app/model.py", 48, "__init__", "model_ft = models.resnet50(pretrained=True)"),
                (
                    "/usr/local/lib/python3.6/dist-packages/torch/hub.py",
                    368,
                    "_download_url_to_file",
                    "u = urlopen(url)",
                ),
                ("/usr/lib/python3.6/urllib/request.py", 1320, "do_open", "raise URLError(err)"),
            ],
            "urllib.error.URLError: <urlopen error [Errno 110] Connection timed out>",
        ),
    ]
    return _failed(
        id="network-error-job-pretrained-weights-urlopen-timed-out",
        day=24,
        name="reid-resnet50-train",
        ns="vision-research",
        image="registry.corp.example/vision/reid-baseline:0.3",
        command=["python", "train.py", "--gpu_ids", "0", "--name", "ft_ResNet50", "--train_all"],
        lines=lines,
        category="network-error",
        evidence="Connection timed out",
        description="A person re-identification training builds ResNet-50 with pretrained=True, which downloads "
        "the ImageNet weights first; the pod cannot reach the download host and the connection times out after "
        "minutes. Put the weights in the cache volume (TORCH_HOME) or give the pod egress.",
        title="urllib.error.URLError: <urlopen error [Errno 110] Connection timed out> when train.py downloads the "
        "pretrained ResNet-50 weights",
        source="https://github.com/layumi/Person_reID_baseline_pytorch/issues/15",
        gaps=[2, 600] + [0] * 30,
    )


@SCENARIOS.add
def network_error_job_s3_endpoint_connection_error() -> CaseSpec:
    url = "https://ego4d-consortium-sharing.s3.amazonaws.com/public/v1/full_scale/0a02a1ed.mp4"
    lines = [
        "Datasets to download: {'full_scale'}",
        "Ego4D Datasets to download: 9825",
        "Checking local files: 100%|██████████| 9825/9825 [00:02<00:00, 4168.02file/s]",
        *_tb(
            [
                (f"{_SITE}/ego4d/cli/cli.py", 98, "main_cfg", "download_videos(...)"),
                (f"{_SITE}/boto3/resources/factory.py", 564, "do_action", "response = action(self, *args, **kwargs)"),
                (f"{_SITE}/botocore/client.py", 963, "_make_api_call", "http, parsed_response = self._make_request("),
                (f"{_SITE}/botocore/endpoint.py", 202, "_send_request", "while self._needs_retry("),
                (
                    f"{_SITE}/botocore/httpsession.py",
                    484,
                    "send",
                    "raise EndpointConnectionError(endpoint_url=request.url, error=e)",
                ),
            ],
            f'botocore.exceptions.EndpointConnectionError: Could not connect to the endpoint URL: "{url}"',
        ),
    ]
    return _failed(
        id="network-error-job-s3-endpoint-connection-error",
        day=25,
        name="ego4d-download",
        ns="video-data",
        image="registry.corp.example/data/ego4d-cli:1.3",
        command=["ego4d", "--output_directory=/data/ego4d", "--datasets", "full_scale", "-y"],
        resources=cpu_only("8Gi", "4"),
        lines=lines,
        category="network-error",
        evidence="Could not connect to the endpoint URL",
        description="A dataset download Job fetches videos from an S3 bucket; boto3 cannot open a connection to "
        "the bucket's endpoint from the pod and gives up after its retries. The object store was unreachable "
        "(egress, proxy or DNS), not missing or forbidden.",
        title="[EndpointConnectionError] when downloading: botocore.exceptions.EndpointConnectionError: Could not "
        "connect to the endpoint URL",
        source="https://github.com/facebookresearch/Ego4d/issues/224",
        every=1.0,
    )


@SCENARIOS.add
def healthy_job_pip_retries_then_installs_and_runs() -> CaseSpec:
    retry = (
        "  WARNING: Retrying (Retry(total={n}, connect=None, read=None, redirect=None, status=None)) after "
        "connection broken by 'ReadTimeoutError(\"HTTPSConnectionPool(host='wheels.myhloli.com', port=443): "
        "Read timed out. (read timeout=15)\")': /doclayout-yolo/"
    )
    lines = [
        "Looking in indexes: https://pypi.org/simple, https://wheels.myhloli.com",
        "Collecting magic-pdf[full]==0.10.6",
        "  Downloading magic_pdf-0.10.6-py3-none-any.whl (1.2 MB)",
        "Collecting doclayout-yolo==0.0.2",
        retry.format(n=4),
        retry.format(n=3),
        "  Downloading doclayout_yolo-0.0.2-py3-none-any.whl (711 kB)",
        "Installing collected packages: doclayout-yolo, magic-pdf",
        "Successfully installed doclayout-yolo-0.0.2 magic-pdf-0.10.6",
        "2026-09-26 07:03:02.811 | INFO     | magic_pdf.libs.pdf_check:detect_invalid_chars:57 - cid_count: 0, "
        "text_len: 48213, cid_chars_radio: 0.0",
        *[
            f"2026-09-26 07:{4 + i:02d}:1{i % 10}.402 | INFO     | magic_pdf.tools.common:do_parse:210 - local output "
            f"dir is /out/report-{1041 + i}/auto"
            for i in range(8)
        ],
    ]
    return _running(
        id="healthy-job-pip-retries-then-installs-and-runs",
        day=26,
        name="pdf-parse-batch",
        ns="doc-ai",
        image="python:3.10-slim",
        command=[
            "sh",
            "-c",
            "pip install -U 'magic-pdf[full]==0.10.6' --extra-index-url https://wheels.myhloli.com "
            "&& magic-pdf -p /in -o /out",
        ],
        resources=cpu_only("16Gi", "8"),
        lines=lines,
        gaps=[1, 1, 2, 1, 15, 30, 6, 4, 100, 60, 60, 60, 60, 60, 60, 60],
        description="A document-parsing Job installs its packages at start; pip times out twice reading an extra "
        "wheel index and retries, the third attempt succeeds, the packages install and the parser has been "
        "writing one document a minute since. The read timeouts were retries pip won.",
        title="pip prints 'WARNING: Retrying (Retry(total=4, ...)) after connection broken by ReadTimeoutError' "
        "for the extra wheel index, then installs; the install goes on",
        source="https://github.com/opendatalab/MinerU/issues/1802",
    )


# -- batch 4 ----------------------------------------------------------------------------------------


@SCENARIOS.add
def network_error_job_hub_shard_download_connection_reset() -> CaseSpec:
    lines = [
        "01/31/2026 07:00:31 - INFO - llmtuner.model.loader - Loading model from meta-llama/Llama-2-13b-hf",
        "model-00001-of-00003.safetensors:  41%|████      | 4.06G/9.95G [01:52<02:41, 36.4MB/s]",
        *_tb(
            [
                ("src/train_bash.py", 14, "<module>", "main()"),
                (
                    "/app/src/llmtuner/model/loader.py",
                    91,
                    "load_model_and_tokenizer",
                    "model = AutoModelForCausalLM.from_pretrained(",
                ),
                (
                    f"{_SITE}/transformers/modeling_utils.py",
                    3483,
                    "from_pretrained",
                    "resolved_archive_file, sharded_metadata = get_checkpoint_shard_files(",
                ),
                (
                    f"{_SITE}/transformers/utils/hub.py",
                    1025,
                    "get_checkpoint_shard_files",
                    "cached_filename = cached_file(",
                ),
                (
                    f"{_SITE}/huggingface_hub/file_download.py",
                    524,
                    "http_get",
                    "for chunk in r.iter_content(chunk_size=10 * 1024 * 1024):",
                ),
                (f"{_SITE}/requests/models.py", 822, "generate", "raise ConnectionError(e)"),
            ],
            "requests.exceptions.ConnectionError: ('Connection aborted.', ConnectionResetError(104, 'Connection reset "
            "by peer'))",
        ),
    ]
    return _failed(
        id="network-error-job-hub-shard-download-connection-reset",
        day=27,
        name="llama2-13b-sft",
        ns="llm-ft",
        image="registry.corp.example/llm/llama-factory:0.5",
        command=["python", "src/train_bash.py", "--stage", "sft", "--model_name_or_path", "meta-llama/Llama-2-13b-hf"],
        resources=gpu(4, "320Gi", "32"),
        lines=lines,
        category="network-error",
        evidence="Connection reset by peer",
        description="A single-pod fine-tune downloads the model's weight shards from the hub when it starts; "
        "half way through a shard the remote end resets the connection and from_pretrained fails. The reset "
        "is on the download from the hub, not between ranks: pre-download the weights to a volume or retry.",
        title="Keep getting 'Connection reset by peer' while from_pretrained downloads the checkpoint shards",
        source="https://github.com/hiyouga/LlamaFactory/issues/2371",
        gaps=[2, 112] + [0] * 30,
    )


@SCENARIOS.add
def dependency_error_pod_spark_driver_s3a_filesystem_class_not_found() -> CaseSpec:
    at = Clock(datetime(2026, 9, 28, 7, 0, tzinfo=timezone.utc))
    ns, app_name = "hmda-reports", "hmda-reports"
    app = _spark_app(ns, app_name, at)
    driver = f"{app_name}-driver"
    p = _spark_pod(
        app,
        driver,
        "driver",
        "registry.corp.example/reports/hmda-spark:2.4.0",
        terminated(1, at(10), at(41)),
        at,
        owner=owner_ref(app),
        args=["driver", "--class", "com.hmda.reports.MyReports", "local:///opt/spark/examples/jars/my-reports.jar"],
    )
    t = "19/03/29"
    lines = [
        f"{t} 07:00:14 INFO SparkContext: Running Spark version 2.4.0",
        f"{t} 07:00:15 INFO SparkContext: Submitted application: HMDA Reports",
        f"{t} 07:00:29 INFO SharedState: Setting hive.metastore.warehouse.dir ('null') to the value of "
        "spark.sql.warehouse.dir ('file:/opt/spark/work-dir/spark-warehouse').",
        f"{t} 07:00:31 WARN FileSystem: Cannot load filesystem",
        'Exception in thread "main" java.lang.RuntimeException: java.lang.ClassNotFoundException: Class '
        "org.apache.hadoop.fs.s3a.S3AFileSystem not found",
        "\tat org.apache.hadoop.conf.Configuration.getClass(Configuration.java:2195)",
        "\tat org.apache.hadoop.fs.FileSystem.getFileSystemClass(FileSystem.java:2654)",
        "\tat org.apache.hadoop.fs.FileSystem.createFileSystem(FileSystem.java:2667)",
        "\tat org.apache.spark.sql.execution.datasources.DataSource.resolveRelation(DataSource.scala:318)",
        "\tat org.apache.spark.sql.DataFrameReader.csv(DataFrameReader.scala:615)",
        "\tat com.hmda.reports.MyReports$.main(MyReports.scala:42)",
        "Caused by: java.lang.ClassNotFoundException: Class org.apache.hadoop.fs.s3a.S3AFileSystem not found",
        "\tat org.apache.hadoop.conf.Configuration.getClassByName(Configuration.java:2101)",
        "\tat org.apache.hadoop.conf.Configuration.getClass(Configuration.java:2193)",
        "\t... 27 more",
        f"{t} 07:00:40 INFO SparkContext: Invoking stop() from shutdown hook",
    ]
    events = [
        event(
            app,
            "SparkApplicationSubmitted",
            f"SparkApplication {app_name} was submitted successfully",
            at(1),
            type_="Normal",
            component="spark-operator",
        ),
        event(app, "SparkDriverFailed", f"Driver {driver} failed", at(42), component="spark-operator"),
    ]
    return CaseSpec(
        id="dependency-error-pod-spark-driver-s3a-filesystem-class-not-found",
        kind="Pod",
        name=driver,
        namespace=ns,
        healthy=False,
        category="dependency-error",
        culprit=driver,
        evidence="ClassNotFoundException",
        description="A SparkApplication's driver reads CSV files from s3a://; the hadoop-aws jar (and the AWS SDK "
        "it needs) is not on the driver's classpath in the image, so Hadoop cannot load the S3A filesystem "
        "class and the driver exits 1.",
        title="java.lang.ClassNotFoundException: Class org.apache.hadoop.fs.s3a.S3AFileSystem not found in the "
        "driver of a SparkApplication reading s3a://",
        source="https://github.com/kubeflow/spark-operator/issues/460",
        objects=[p, *events],
        logs={f"{driver}/spark-kubernetes-driver": stamped(lines, at(12), [1, 14, 2] + [0] * 12 + [9])},
        captured=at(400),
    )


@SCENARIOS.add
def application_error_job_hydra_override_key_not_in_struct() -> CaseSpec:
    lines = [
        "Could not override 'trainer.gpus'.",
        "To append to your config use +trainer.gpus=1",
        "Key 'gpus' is not in struct",
        "    full_key: trainer.gpus",
        "    object_type=dict",
        "",
        "Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.",
    ]
    return _failed(
        id="application-error-job-hydra-override-key-not-in-struct",
        day=29,
        name="dyn-gfn-train",
        ns="bio-ml",
        image="registry.corp.example/bio/dyn-gfn:0.1",
        command=["python", "train.py", "trainer.gpus=1"],
        lines=lines,
        category="application-error",
        evidence="Could not override 'trainer.gpus'",
        description="The job's command passes a Hydra override for a key its trainer config does not have (the "
        "config schema is closed), so Hydra rejects the command line before the script runs. The script's "
        "own arguments are wrong: use +trainer.gpus=1 or the key the config defines.",
        title="Hydra: Could not override 'trainer.gpus'. Key 'gpus' is not in struct",
        source="https://github.com/lazaratan/dyn-gfn/issues/8",
        every=0.0,
    )


@SCENARIOS.add
def missing_file_job_trainer_cant_find_valid_checkpoint() -> CaseSpec:
    lines = [
        "loaded model huggyllama/llama-7b",
        "adding LoRA modules...",
        "trainable params: 79953920.0 || all params: 3660320768 || trainable: 2.184341894267557",
        "torch.uint8 3238002688 0.8846206784649213",
        *_tb(
            [
                ("/workspace/qlora/qlora.py", 758, "<module>", "train()"),
                (
                    "/workspace/qlora/qlora.py",
                    720,
                    "train",
                    "train_result = trainer.train(resume_from_checkpoint=checkpoint_dir)",
                ),
                (
                    f"{_SITE}/transformers/trainer.py",
                    1685,
                    "train",
                    "self._load_from_checkpoint(resume_from_checkpoint)",
                ),
                (
                    f"{_SITE}/transformers/trainer.py",
                    2159,
                    "_load_from_checkpoint",
                    'raise ValueError(f"Can\'t find a valid checkpoint at {resume_from_checkpoint}")',
                ),
            ],
            "ValueError: Can't find a valid checkpoint at ./output/checkpoint-500",
        ),
    ]
    return _failed(
        id="missing-file-job-trainer-cant-find-valid-checkpoint",
        day=30,
        name="qlora-llama7b-resume",
        ns="llm-ft",
        image="registry.corp.example/llm/qlora:0.1",
        command=["python", "/workspace/qlora/qlora.py", "--model_name_or_path", "huggyllama/llama-7b"],
        lines=lines,
        category="missing-file",
        evidence="Can't find a valid checkpoint",
        description="A QLoRA run restarted after an interruption and resumes from its last checkpoint directory; "
        "that directory holds only the adapter, not the weights file the Trainer looks for, so resuming fails. "
        "The checkpoint the job needs is not where it looks.",
        title="Cannot resume from checkpoint because it is not detected as valid: ValueError: Can't find a valid "
        "checkpoint at ./output/checkpoint-500",
        source="https://github.com/artidoro/qlora/issues/27",
        gaps=[20, 1, 5] + [0] * 20,
    )


@SCENARIOS.add
def dependency_error_job_conda_packages_not_available() -> CaseSpec:
    lines = [
        "Collecting package metadata (repodata.json): ...working... done",
        "Solving environment: ...working... failed with initial frozen solve. Retrying with flexible solve.",
        "",
        "PackagesNotFoundError: The following packages are not available from current channels:",
        "",
        "  - python=3.8.5",
        "",
        "Current channels:",
        "",
        "  - https://repo.anaconda.com/pkgs/main/linux-aarch64",
        "  - https://repo.anaconda.com/pkgs/main/noarch",
        "  - https://repo.anaconda.com/pkgs/r/linux-aarch64",
        "  - https://repo.anaconda.com/pkgs/r/noarch",
        "",
        "To search for alternate channels that may provide the conda package you're",
        "looking for, navigate to",
        "",
        "    https://anaconda.org",
        "",
        "and use the search bar at the top of the page.",
    ]
    return _failed(
        id="dependency-error-job-conda-packages-not-available",
        day=18,
        name="sd-webui-env-setup",
        ns="genai-art",
        image="continuumio/miniconda3:4.12.0",
        command=["sh", "-c", "conda env create -f /app/environment.yaml && conda run -n ldm python launch.py"],
        resources=cpu_only("8Gi", "4"),
        lines=lines,
        category="dependency-error",
        evidence="PackagesNotFoundError",
        description="The Job creates its conda environment when it starts, on an arm64 node; the pinned Python "
        "is not published for linux-aarch64 on the configured channels, so the environment cannot be solved "
        "and nothing runs. Add a channel that has it (conda-forge), relax the pin, or build the environment "
        "into an image for that architecture.",
        title="conda: PackagesNotFoundError: The following packages are not available from current channels: "
        "- python=3.8.5 (linux-aarch64)",
        source="https://github.com/AbdBarho/stable-diffusion-webui-docker/issues/84",
        gaps=[4, 3] + [0] * 30,
    )


@SCENARIOS.add
def healthy_job_token_indices_longer_than_maximum_warning() -> CaseSpec:
    warn = (
        "Token indices sequence length is longer than the specified maximum sequence length for this model "
        "({n} > 512). Running this sequence through the model will result in indexing errors"
    )
    lines = [
        warn.format(n=564),
        warn.format(n=738),
        warn.format(n=549),
        warn.format(n=781),
        "Epoch: [0][  1/500]\tTime 112.567 (124.016)\tLoss 3.0156 (6.4026)\tCeLoss 3.0156 (6.4026)\t"
        "MaskLoss 1.4305 (1.5772)\tMaskBCELoss 0.9352 (1.1417)",
        *[
            f"Epoch: [0][{i:3d}/500]\tTime 3.{400 + i} (4.{100 + i})\tLoss {2.9 - i * 0.02:.4f} "
            f"({3.6 - i * 0.02:.4f})\tCeLoss {2.1 - i * 0.01:.4f} ({2.5 - i * 0.01:.4f})\tMaskLoss "
            f"{1.41 - i * 0.005:.4f} (1.4912)\tMaskBCELoss 0.9{i % 10}01 (1.0{i % 10}33)"
            for i in range(10, 70, 10)
        ],
    ]
    return _running(
        id="healthy-job-token-indices-longer-than-maximum-warning",
        day=19,
        name="lisa-7b-train",
        ns="vision-llm",
        image="registry.corp.example/vision/lisa:1.0",
        command=["deepspeed", "--master_port=24999", "train_ds.py", "--version", "LLaVA/LLaVA-Lightning-7B-v1-1"],
        resources=gpu(8, "640Gi", "64"),
        lines=lines,
        gaps=[3, 2, 4, 100, 34, 34, 34, 34, 34, 34],
        description="A segmentation-LLM training tokenizes long conversations: the tokenizer warns that some "
        "samples are longer than its nominal maximum ('will result in indexing errors'), which the training "
        "code truncates later. It is a warning; steps keep completing and the loss falls.",
        title="'Token indices sequence length is longer than the specified maximum sequence length for this "
        "model (564 > 512)' printed repeatedly during training",
        source="https://github.com/JIA-Lab-research/LISA/issues/18",
    )


# -- batch 5 ----------------------------------------------------------------------------------------


@SCENARIOS.add
def dependency_error_job_xgboost_library_gomp_version_not_found() -> CaseSpec:
    site = "/home/app/venv/lib/python3.6/site-packages"
    lines = [
        *_tb(
            [
                ("/app/score.py", 7, "<module>", "import xgboost as xgb"),
                (f"{site}/xgboost/__init__.py", 11, "<module>", "from .core import DMatrix, Booster"),
                (f"{site}/xgboost/core.py", 175, "<module>", "_LIB = _load_lib()"),
                (f"{site}/xgboost/core.py", 152, "_load_lib", "'Error message(s): {}\\n'.format(os_error_list))"),
            ],
            "xgboost.core.XGBoostError: XGBoost Library (libxgboost.so) could not be loaded.\n"
            "Likely causes:\n"
            "  * OpenMP runtime is not installed (vcomp140.dll or libgomp-1.dll for Windows, libgomp.so for UNIX-like "
            "OSes)\n"
            "  * You are running 32-bit Python on a 64-bit OS\n"
            "Error message(s): [\"/usr/lib/x86_64-linux-gnu/libgomp.so.1: version `GOMP_4.0' not found (required by "
            f'{site}/xgboost/./lib/libxgboost.so)", "/usr/lib/x86_64-linux-gnu/libgomp.so.1: version `GOMP_4.0\' not '
            f'found (required by {site}/xgboost/libxgboost.so)"]',
        ),
    ]
    return _failed(
        id="dependency-error-job-xgboost-library-gomp-version-not-found",
        day=1,
        name="risk-score-nightly",
        ns="credit-ml",
        image="registry.corp.example/credit/scoring:xgb0.90",
        command=["python", "/app/score.py"],
        resources=cpu_only("8Gi", "4"),
        lines=lines,
        category="dependency-error",
        evidence="could not be loaded",
        description="A scoring Job's image got xgboost 0.90, whose library needs a newer OpenMP runtime than the "
        "base image's libgomp provides (GOMP_4.0); importing xgboost fails before any work. Install a current "
        "libgomp1 in the image or pin the xgboost that matches it.",
        title="XGBoostError: XGBoost Library (libxgboost.so) could not be loaded: libgomp.so.1: version `GOMP_4.0' "
        "not found",
        source="https://github.com/dmlc/xgboost/issues/4489",
        every=0.0,
    )


@SCENARIOS.add
def application_error_job_xgboost_label_size_pred_size_mismatch() -> CaseSpec:
    lines = [
        "distributed.scheduler - INFO - Receive client connection: Client-7f9a31c2-1b4e-11ef-8a0b-0a580a81020e",
        "distributed.core - INFO - Starting established connection",
        *_tb(
            [
                ("/app/train_tree_level.py", 24, "<module>", 'est.fit(X_train, y_train, eval_metric="logloss")'),
                (f"{_SITE}/dask_ml/xgboost.py", 214, "fit", "self._Booster = train(client, params, X, y, **kwargs)"),
                (f"{_SITE}/xgboost/core.py", 1109, "update", "dtrain.handle))"),
                (f"{_SITE}/xgboost/core.py", 176, "_check_call", "raise XGBoostError(py_str(_LIB.XGBGetLastError()))"),
            ],
            "xgboost.core.XGBoostError: [11:41:24] /workspace/src/objective/multiclass_obj.cu:60: Check failed: "
            "preds.Size() == (static_cast<size_t>(param_.num_class) * info.labels_.Size()): SoftmaxMultiClassObj: "
            "label size and pred size does not match",
        ),
    ]
    return _failed(
        id="application-error-job-xgboost-label-size-pred-size-mismatch",
        day=2,
        name="tree-level-classifier",
        ns="retail-ml",
        image="registry.corp.example/retail/dask-xgb:2019.12",
        command=["python", "/app/train_tree_level.py"],
        resources=cpu_only("16Gi", "8"),
        lines=lines,
        category="application-error",
        evidence="label size and pred size does not match",
        description="A multi-class XGBoost model is trained through dask-ml on encoded labels whose classes do "
        "not agree with the num_class the objective was built for, so XGBoost's softmax objective refuses the "
        "first iteration. The job's labels or parameters are wrong.",
        title="[dask] XGBoostError: SoftmaxMultiClassObj: label size and pred size does not match",
        source="https://github.com/dmlc/xgboost/issues/5109",
        every=1.0,
    )


@SCENARIOS.add
def network_error_job_gce_metadata_server_refresh_500() -> CaseSpec:
    meta = (
        "http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/trainer@ml-prod.iam."
        "gserviceaccount.com/token?scopes=https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fdevstorage.read_only"
    )
    lines = [
        "2026-10-03 07:00:31,402 INFO Loading features from gs://features-daily/2026-10-02/",
        *_tb(
            [
                (
                    "/app/src/utils/cloud_storage.py",
                    13,
                    "__init__",
                    "self.bucket: Bucket = self.client.get_bucket(self.bucket_name)",
                ),
                (f"{_SITE}/google/cloud/storage/client.py", 772, "get_bucket", "bucket.reload("),
                (
                    f"{_SITE}/google/auth/compute_engine/credentials.py",
                    117,
                    "refresh",
                    "six.raise_from(new_exc, caught_exc)",
                ),
                ("<string>", 3, "raise_from", ""),
            ],
            f'google.auth.exceptions.RefreshError: ("Failed to retrieve {meta} from the Google Compute Engine '
            "metadata service. Status: 500 Response:\\nb'Internal Server Error\\\\n'\", "
            "<google.auth.transport.requests._Response object at 0x7f4b8a2320b0>)",
        ),
    ]
    return _failed(
        id="network-error-job-gce-metadata-server-refresh-500",
        day=3,
        name="feature-refresh",
        ns="ml-prod",
        image="registry.corp.example/ml/feature-refresh:3.2",
        command=["python", "-m", "src.refresh"],
        resources=cpu_only("4Gi", "2"),
        lines=lines,
        category="network-error",
        evidence="Status: 500",
        description="A Job on GKE reads from Cloud Storage with the node's workload identity; fetching the access "
        "token from the metadata server fails with an internal server error (500), so the storage client cannot "
        "authenticate. A transient error of a service outside the job: retry, or make the client retry token "
        "refreshes.",
        title="Intermittent RefreshError with Internal Server Error (Status: 500) from the GCE metadata service",
        source="https://github.com/googleapis/google-cloud-python/issues/15188",
        every=1.0,
    )


@SCENARIOS.add
def unknown_pod_pipeline_step_exit_255_without_error() -> CaseSpec:
    at = Clock(datetime(2026, 10, 4, 7, 0, tzinfo=timezone.utc))
    ns, wf = "kubeflow-user", "train-and-publish-8kq2x"
    name = f"{wf}-2817342210"
    workflow = {
        "apiVersion": "argoproj.io/v1alpha1",
        "kind": "Workflow",
        "metadata": object_meta(ns, "Workflow", wf, at(-300)),
    }
    main = Container(
        "main",
        "registry.corp.example/mlops/publish-status:1.2",
        command=["python", "/app/publish.py", "--status-path", "/tmp/inputs/status/data"],
        resources=cpu_only("1Gi", "500m"),
        state=terminated(255, at(12), at(41)),
    )
    p = pod(
        name=name,
        namespace=ns,
        labels={"workflows.argoproj.io/workflow": wf, "workflows.argoproj.io/completed": "true"},
        annotations={"workflows.argoproj.io/node-name": f"{wf}.publish-status"},
        owner=owner_ref(workflow),
        containers=[main],
        created=at(0),
        phase="Failed",
        node="cpu-pool-3-x8k",
        scheduled=at(1),
        restart_policy="Never",
        qos="Burstable",
        service_account="pipeline-runner",
    )
    lines = [
        "2026-10-04 07:00:13,118 - publish - INFO - reading status from /tmp/inputs/status/data",
        "2026-10-04 07:00:13,121 - publish - INFO - training status: SUCCEEDED (accuracy=0.9312)",
        "2026-10-04 07:00:13,402 - publish - INFO - publishing status to the model registry",
    ]
    return CaseSpec(
        id="unknown-pod-pipeline-step-exit-255-without-error",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=False,
        category="unknown",
        culprit=name,
        evidence="exit code 255",
        description="The second step of a two-step pipeline logs its progress through Python's logger and then "
        "exits 255 every time, with no exception or error line; the pipeline UI shows only the exit code. "
        "Nothing read names a cause.",
        title="Pipeline component fails with exit code 255 and '[object Object]' as its pod log; the step's own "
        "log has no error",
        source="https://github.com/kubeflow/pipelines/issues/5008",
        objects=[p],
        logs={f"{name}/main": stamped(lines, at(13), [0.003, 0.28])},
        captured=at(600),
    )


# -- batch 6 ----------------------------------------------------------------------------------------


@SCENARIOS.add
def network_error_job_paddleocr_model_download_retry_limit() -> CaseSpec:
    url = "https://paddleocr.bj.bcebos.com/PP-OCRv3/english/en_PP-OCRv3_det_infer.tar"
    reset = "('Connection aborted.', ConnectionResetError(104, 'Connection reset by peer'))"
    lines = [
        f"download {url} to /root/.paddleocr/whl/det/en/en_PP-OCRv3_det_infer/en_PP-OCRv3_det_infer.tar",
        f"[2026/10/05 07:00:44] ppocr INFO: Downloading en_PP-OCRv3_det_infer.tar from {url} failed 1 times with "
        f"exception {reset}",
        f"[2026/10/05 07:01:12] ppocr INFO: Downloading en_PP-OCRv3_det_infer.tar from {url} failed 2 times with "
        f"exception {reset}",
        f"[2026/10/05 07:01:38] ppocr INFO: Downloading en_PP-OCRv3_det_infer.tar from {url} failed 3 times with "
        f"exception {reset}",
        *_tb(
            [
                ("/app/omniparser.py", 21, "<module>", "ocr = PaddleOCR(lang='en', use_angle_cls=False)"),
                (f"{_SITE}/paddleocr/paddleocr.py", 693, "__init__", "maybe_download(params.det_model_dir, det_url)"),
                (
                    f"{_SITE}/paddleocr/ppocr/utils/network.py",
                    55,
                    "maybe_download",
                    "download_with_progressbar(url, tmp_path)",
                ),
                (f"{_SITE}/paddleocr/ppocr/utils/network.py", 31, "download_with_progressbar", "raise RuntimeError("),
            ],
            f"RuntimeError: Download from {url} failed. Retry limit reached",
        ),
    ]
    return _failed(
        id="network-error-job-paddleocr-model-download-retry-limit",
        day=5,
        name="screen-parse-batch",
        ns="agents",
        image="registry.corp.example/agents/omniparser:1.5",
        command=["python", "/app/omniparser.py", "--input", "/data/screens"],
        lines=lines,
        category="network-error",
        evidence="Retry limit reached",
        description="A screen-parsing Job builds its OCR model on start, which downloads the detection weights "
        "from the vendor's object storage; every attempt is reset by the remote end and PaddleOCR gives up "
        "after its retries. Stage the model files on a volume or give the pod a route to the host.",
        title="PaddleOCR model download: failed 3 times with ConnectionResetError(104, 'Connection reset by peer'), "
        "RuntimeError: ... failed. Retry limit reached",
        source="https://github.com/microsoft/OmniParser/issues/124",
        gaps=[14, 28, 26, 1] + [0] * 20,
    )


@SCENARIOS.add
def network_error_job_model_cdn_certificate_expired() -> CaseSpec:
    host = "model-cdn.vendor.example"
    path = "/lfs/a6/70/1d78ab3b4d972307cdec3b69d4c13f46e0d5140514f50ab7d84259324b94"
    lines = [
        "Creating model: ('PaddleOCR-VL-0.9B', None)",
        f"[Download] Error downloading /tmp/tmpjevnqw2v/temp_dir/._tmp/generation_config.json: None: Max retries "
        f"exceeded with url: https://{host}{path} (Caused by SSLError(MaxRetryError(\"HTTPSConnectionPool(host='{host}'"
        f", port=443): Max retries exceeded with url: {path} (Caused by SSLError(SSLCertVerificationError(1, '[SSL: "
        "CERTIFICATE_VERIFY_FAILED] certificate verify failed: certificate has expired (_ssl.c:1010)')))\")))",
        *_tb(
            [
                (
                    f"{_SITE}/paddlex/inference/models/__init__.py",
                    71,
                    "create_predictor",
                    "model_dir = official_models[model_name]",
                ),
                (
                    f"{_SITE}/paddlex/inference/utils/official_models.py",
                    575,
                    "__getitem__",
                    "return self._get_model_local_path(model_name)",
                ),
            ],
            "Exception: No available model hosting platforms detected. Please check your network connection.",
        ),
    ]
    return _failed(
        id="network-error-job-model-cdn-certificate-expired",
        day=6,
        name="doc-vl-parse",
        ns="doc-ai",
        image="registry.corp.example/doc/paddleocr-vl:3.3",
        command=["paddleocr", "doc_parser", "-i", "/data/in", "--save_path", "/data/out"],
        lines=lines,
        category="network-error",
        evidence="certificate has expired",
        description="A document-parsing Job downloads its model files from the vendor's CDN on start; the CDN "
        "serves an expired TLS certificate, every download fails verification and the model cannot be created. "
        "The outside service is at fault; stage the model on a volume until it is fixed.",
        title="Model download fails: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: certificate has "
        "expired (the vendor CDN's certificate)",
        source="https://github.com/PaddlePaddle/PaddleX/issues/5159",
        every=1.0,
    )


@SCENARIOS.add
def application_error_job_mindspore_matmul_dimensions() -> CaseSpec:
    lines = [
        "[WARNING] ME(412:139907155113792,MainProcess):2026-10-07-07:00:41.118.412 [mindspore/run_check/_check_version"
        ".py:102] MindSpore version 2.2.14 and cuda version 11.6.124 does not match, CUDA version [['10.1', '11.1', "
        "'11.6']] are supported.",
        "Epoch 0:   0%|          | 0/226 [00:00<?, ?it/s]",
        *_tb(
            [
                ("/app/bert_lstm_crf.py", 118, "<module>", 'trainer.run(tgt_columns="labels")'),
                (
                    f"{_SITE}/mindspore/nn/cell.py",
                    482,
                    "_run_construct",
                    "output = self.construct(*cast_inputs, **kwargs)",
                ),
                (f"{_SITE}/mindnlp/transformers/models/bert/modeling_bert.py", 802, "construct", ""),
                (f"{_SITE}/mindspore/ops/primitive.py", 647, "__check__", "fn(*(x[track] for x in args))"),
            ],
            "ValueError: For 'MatMul' the input dimensions must be equal, but got 'x1_col': 768 and 'x2_row': 3072.",
        ),
    ]
    return _failed(
        id="application-error-job-mindspore-matmul-dimensions",
        day=7,
        name="bert-lstm-crf-ner",
        ns="nlp-research",
        image="registry.corp.example/nlp/mindnlp:0.3",
        command=["python", "/app/bert_lstm_crf.py"],
        lines=lines,
        category="application-error",
        evidence="the input dimensions must be equal",
        description="A BERT-LSTM-CRF example wires the encoder's 768-wide output into a layer built for 3072 "
        "inputs; MindSpore's MatMul check rejects the first batch. The model definition in the job's code is "
        "wrong.",
        title="Bert-LSTM-CRF example: ValueError: For 'MatMul' the input dimensions must be equal, but got "
        "'x1_col': 768 and 'x2_row': 3072.",
        source="https://github.com/candle-org/MindAct/issues/986",
        every=2.0,
    )


# -- batch 7 ----------------------------------------------------------------------------------------


@SCENARIOS.add
def missing_file_job_torch_load_git_lfs_pointer() -> CaseSpec:
    site = "/opt/conda/envs/limo/lib/python3.10/site-packages"
    lines = [
        *_tb(
            [
                ("/app/generate_molecules.py", 15, "<module>", "vae.load_state_dict(torch.load('vae.pt'))"),
                (
                    f"{site}/torch/serialization.py",
                    713,
                    "load",
                    "return _legacy_load(opened_file, map_location, pickle_module, **pickle_load_args)",
                ),
                (
                    f"{site}/torch/serialization.py",
                    920,
                    "_legacy_load",
                    "magic_number = pickle_module.load(f, **pickle_load_args)",
                ),
            ],
            "_pickle.UnpicklingError: invalid load key, 'v'.",
        ),
    ]
    return _failed(
        id="missing-file-job-torch-load-git-lfs-pointer",
        day=8,
        name="limo-generate",
        ns="chem-ml",
        image="registry.corp.example/chem/limo:0.1",
        command=["python", "/app/generate_molecules.py"],
        lines=lines,
        category="missing-file",
        evidence="invalid load key",
        description="A molecule-generation Job loads its pretrained VAE; the image was built from a clone made "
        "without git-lfs, so vae.pt is the small LFS pointer text ('version https://git-lfs...') and torch.load "
        "fails on its first byte. The weights file the job needs is not really there: pull the LFS objects.",
        title="_pickle.UnpicklingError: invalid load key, 'v'. (vae.pt is a git-lfs pointer, not the weights)",
        source="https://github.com/Rose-STL-Lab/LIMO/issues/3",
        every=0.0,
    )


@SCENARIOS.add
def application_error_job_dataloader_received_0_items_of_ancdata() -> CaseSpec:
    site = "/opt/conda/envs/smoke/lib/python3.7"
    lines = [
        "[2026-10-09 07:10:12,411] smoke.trainer INFO: eta: 2 days, 1:12:40  iter: 3400  loss: 3.2153 (3.4189)  "
        "lr: 0.000250  max mem: 6122",
        "[2026-10-09 07:11:55,902] smoke.trainer INFO: eta: 2 days, 1:10:57  iter: 3410  loss: 3.1988 (3.4182)  "
        "lr: 0.000250  max mem: 6122",
        *_tb(
            [
                ("tools/plain_train_net.py", 100, "<module>", "args=(args,),"),
                (
                    f"{site}/site-packages/torch/utils/data/dataloader.py",
                    841,
                    "_next_data",
                    "idx, data = self._get_data()",
                ),
                (
                    f"{site}/site-packages/torch/utils/data/dataloader.py",
                    761,
                    "_try_get_data",
                    "data = self._data_queue.get(timeout=timeout)",
                ),
                (f"{site}/multiprocessing/queues.py", 113, "get", "return _ForkingPickler.loads(res)"),
                (
                    f"{site}/site-packages/torch/multiprocessing/reductions.py",
                    294,
                    "rebuild_storage_fd",
                    "fd = df.detach()",
                ),
                (f"{site}/multiprocessing/resource_sharer.py", 58, "detach", "return reduction.recv_handle(conn)"),
                (f"{site}/multiprocessing/reduction.py", 185, "recv_handle", "return recvfds(s, 1)[0]"),
                (f"{site}/multiprocessing/reduction.py", 161, "recvfds", "len(ancdata))"),
            ],
            "RuntimeError: received 0 items of ancdata",
        ),
    ]
    return _failed(
        id="application-error-job-dataloader-received-0-items-of-ancdata",
        day=9,
        name="smoke-kitti-train",
        ns="adas-perception",
        image="registry.corp.example/adas/smoke:1.0",
        command=["python", "tools/plain_train_net.py", "--config-file", "configs/smoke_gn_vector.yaml"],
        lines=lines,
        category="application-error",
        evidence="received 0 items of ancdata",
        description="A monocular 3D detection training runs for thousands of iterations, then a DataLoader "
        "worker's tensor cannot be handed over: the process has used up its file descriptors (the default "
        "file_descriptor sharing strategy holds one per shared tensor). The job's loader settings exhaust the "
        "limit: fewer workers, the file_system strategy, or a higher nofile limit.",
        title="RuntimeError: received 0 items of ancdata during training (DataLoader workers and the "
        "file_descriptor sharing strategy)",
        source="https://github.com/lzccccc/SMOKE/issues/21",
        gaps=[103, 40] + [0] * 30,
    )


@SCENARIOS.add
def healthy_pod_vllm_turing_gpu_uses_xformers_backend() -> CaseSpec:
    at = Clock(datetime(2026, 10, 10, 6, 0, tzinfo=timezone.utc))
    ns, deployment = "llm-serving", "qwen-7b-t4"
    template_hash = "7c9f5d6b48"
    rs = f"{deployment}-{template_hash}"
    c = Container(
        "vllm",
        "vllm/vllm-openai:v0.6.4",
        args=["--model", "Qwen/Qwen2.5-7B-Instruct-AWQ", "--dtype", "half", "--max-model-len", "8192"],
        resources=gpu(1, "32Gi", "8"),
        ports=[{"containerPort": 8000, "name": "http", "protocol": "TCP"}],
        state=running(at(15)),
        ready=True,
    )
    p = pod(
        name=f"{rs}-x2kfp",
        namespace=ns,
        labels={"app": deployment, "pod-template-hash": template_hash},
        owner={
            "apiVersion": "apps/v1",
            "kind": "ReplicaSet",
            "name": rs,
            "uid": uid(ns, "ReplicaSet", rs),
            "controller": True,
            "blockOwnerDeletion": True,
        },
        containers=[c],
        created=at(0),
        phase="Running",
        node="t4-pool-1-7hq",
        scheduled=at(1),
        restart_policy="Always",
        qos="Guaranteed",
    )
    name = p["metadata"]["name"]
    start = [
        "INFO 11-23 06:00:21 api_server.py:585] vLLM API server version 0.6.4",
        "INFO 11-23 06:00:34 llm_engine.py:249] Initializing an LLM engine (v0.6.4) with config: "
        "model='Qwen/Qwen2.5-7B-Instruct-AWQ', dtype=torch.float16, max_seq_len=8192, quantization=awq",
        "INFO 11-23 06:00:36 selector.py:247] Cannot use FlashAttention-2 backend for Volta and Turing GPUs.",
        "INFO 11-23 06:00:36 selector.py:129] Using XFormers backend.",
        "INFO 11-23 06:01:58 model_runner.py:1077] Loading model weights took 5.2028 GB",
        "INFO 11-23 06:02:07 gpu_executor.py:122] # GPU blocks: 1120, # CPU blocks: 512",
        "INFO 11-23 06:02:31 api_server.py:654] Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)",
    ]
    served = [
        f'INFO:     10.44.{2 + i % 3}.17:{51234 + i} - "POST /v1/chat/completions HTTP/1.1" 200 OK' for i in range(30)
    ]
    log = stamped(start, at(21), [13, 2, 0, 82, 9, 24]) + stamped(served, at(200), 40)
    return CaseSpec(
        id="healthy-pod-vllm-turing-gpu-uses-xformers-backend",
        kind="Pod",
        name=name,
        namespace=ns,
        healthy=True,
        category="healthy",
        culprit=None,
        evidence="is running",
        description="A vLLM server on a Tesla T4 says at start that it cannot use the FlashAttention-2 backend "
        "on Volta and Turing GPUs and picks the XFormers backend instead; it loads the model and has answered "
        "chat requests since. A choice made for the GPU, not a failure.",
        title="vLLM on a Turing GPU: 'Cannot use FlashAttention-2 backend for Volta and Turing GPUs.' - it uses "
        "XFormers and serves",
        source="https://github.com/vllm-project/vllm/issues/10592",
        objects=[p],
        logs={f"{name}/vllm": log},
        captured=at(200 + 40 * 30 + 20),
    )


# -- batch 8 ----------------------------------------------------------------------------------------


@SCENARIOS.add
def dependency_error_job_tokenizer_class_does_not_exist() -> CaseSpec:
    lines = [
        "Loading checkpoint shards: 100%|██████████| 3/3 [00:21<00:00,  7.12s/it]",
        *_tb(
            [
                ("/app/fastchat/serve/cli.py", 131, "<module>", "main(args)"),
                (
                    "/app/fastchat/serve/inference.py",
                    58,
                    "load_model",
                    "tokenizer = AutoTokenizer.from_pretrained(model_path, use_fast=False)",
                ),
                (f"{_SITE}/transformers/models/auto/tokenization_auto.py", 676, "from_pretrained", "raise ValueError("),
            ],
            "ValueError: Tokenizer class LlamaTokenizer does not exist or is not currently imported.",
        ),
    ]
    return _failed(
        id="dependency-error-job-tokenizer-class-does-not-exist",
        day=11,
        name="vicuna-13b-eval",
        ns="llm-eval",
        image="registry.corp.example/llm/fastchat:0.1.5",
        command=["python", "-m", "fastchat.serve.cli", "--model-path", "/models/vicuna-13b"],
        lines=lines,
        category="dependency-error",
        evidence="does not exist or is not currently imported",
        description="An evaluation Job loads a LLaMA-family model whose tokenizer class the transformers release "
        "in the image does not have yet, so AutoTokenizer cannot resolve it. The installed library is too old "
        "for the model: install a transformers release that includes the class.",
        title="ValueError: Tokenizer class LlamaTokenizer does not exist or is not currently imported (transformers "
        "too old for the model)",
        source="https://github.com/lm-sys/FastChat/issues/206",
        every=1.0,
    )


@SCENARIOS.add
def missing_file_job_no_weights_file_in_model_directory() -> CaseSpec:
    lines = [
        "Args in experiment:",
        "Namespace(anomaly_ratio=1.0, batch_size=128, data='SMD', gpt_layers=6, model='PeFAD', root_path='./dataset/SMD')",
        "Use GPU: cuda:0",
        *_tb(
            [
                ("/app/run.py", 141, "<module>", "exp = Exp(args)"),
                (
                    "/app/models/PeFAD.py",
                    37,
                    "__init__",
                    "self.gpt2 = GPT2Model.from_pretrained('gpt2-l', "
                    "output_attentions=True, output_hidden_states=True)",
                ),
                (f"{_SITE}/transformers/modeling_utils.py", 3118, "from_pretrained", "raise EnvironmentError("),
            ],
            "OSError: Error no file named pytorch_model.bin, tf_model.h5, model.ckpt.index or flax_model.msgpack found "
            "in directory gpt2-l.",
        ),
    ]
    return _failed(
        id="missing-file-job-no-weights-file-in-model-directory",
        day=12,
        name="pefad-smd-train",
        ns="anomaly-ml",
        image="registry.corp.example/anomaly/pefad:0.1",
        command=["python", "/app/run.py", "--data", "SMD", "--model", "PeFAD"],
        lines=lines,
        category="missing-file",
        evidence="Error no file named pytorch_model.bin",
        description="An anomaly-detection training loads GPT-2 weights from a local directory that holds the "
        "config but not the weights file; from_pretrained finds no weights in any format it knows. Put the "
        "model's weights file in that directory (or download it from the hub).",
        title="OSError: Error no file named pytorch_model.bin, tf_model.h5, model.ckpt.index or flax_model.msgpack "
        "found in directory gpt2-l.",
        source="https://github.com/xu737/PeFAD/issues/2",
        every=1.0,
    )


@SCENARIOS.add
def network_error_job_aiohttp_cannot_connect_to_hub() -> CaseSpec:
    lines = [
        "Resolving data files: 100%|██████████| 18/18 [00:00<00:00, 3201.32it/s]",
        *_tb(
            [
                ("/app/grpo_ref_split.py", 56, "<module>", "for item in ds:"),
                (f"{_SITE}/datasets/iterable_dataset.py", 1388, "__iter__", "for key, example in ex_iterable:"),
                (f"{_SITE}/fsspec/implementations/http.py", 409, "_info", "await _file_info("),
                (
                    f"{_SITE}/aiohttp/connector.py",
                    1040,
                    "_wrap_create_connection",
                    "raise client_error(req.connection_key, exc) from exc",
                ),
            ],
            "aiohttp.client_exceptions.ClientConnectorError: Cannot connect to host huggingface.co:443 ssl:default "
            "[None]",
        ),
    ]
    return _failed(
        id="network-error-job-aiohttp-cannot-connect-to-hub",
        day=13,
        name="grpo-ref-server",
        ns="llm-rl",
        image="registry.corp.example/llm/simple-grpo:0.2",
        command=["python", "/app/grpo_ref_split.py"],
        lines=lines,
        category="network-error",
        evidence="Cannot connect to host huggingface.co:443",
        description="A GRPO reference server streams its dataset from the hub; the pod has no route to the "
        "internet, so the asynchronous HTTP client cannot connect and the first read fails. Mirror the data "
        "inside the cluster or give the pod egress.",
        title="aiohttp.client_exceptions.ClientConnectorError: Cannot connect to host huggingface.co:443 "
        "ssl:default [None]",
        source="https://github.com/lsdefine/simple_GRPO/issues/34",
        every=1.0,
    )


# -- batch 9 ----------------------------------------------------------------------------------------


@SCENARIOS.add
def dependency_error_job_datasets_fsspec_cache_not_supported() -> CaseSpec:
    lines = [
        "Downloading readme: 100%|██████████| 8.47k/8.47k [00:00<00:00, 24.1MB/s]",
        "Found cached dataset wikitext (file:///root/.cache/huggingface/datasets/wikitext/wikitext-2-raw-v1/0.0.0/"
        "a241db52902eaf2c6aa732210bead40c090019a499ceb13bcbfa3f8ab646a126)",
        *_tb(
            [
                (
                    "/app/eval_ppl.py",
                    22,
                    "<module>",
                    "testdata = load_dataset('wikitext', 'wikitext-2-raw-v1', split='test')",
                ),
                (
                    f"{_SITE}/datasets/load.py",
                    1804,
                    "load_dataset",
                    "ds = builder_instance.as_dataset(split=split, "
                    "verification_mode=verification_mode, in_memory=keep_in_memory)",
                ),
                (
                    f"{_SITE}/datasets/builder.py",
                    1173,
                    "as_dataset",
                    'raise NotImplementedError(f"Loading a dataset '
                    'cached in a {type(self._fs).__name__} is not supported.")',
                ),
            ],
            "NotImplementedError: Loading a dataset cached in a LocalFileSystem is not supported.",
        ),
    ]
    return _failed(
        id="dependency-error-job-datasets-fsspec-cache-not-supported",
        day=14,
        name="ppl-eval-wikitext",
        ns="llm-eval",
        image="registry.corp.example/llm/ppl-eval:2023.10",
        command=["python", "/app/eval_ppl.py", "--model", "/models/llama-7b"],
        lines=lines,
        category="dependency-error",
        evidence="Loading a dataset cached in a LocalFileSystem is not supported",
        description="A perplexity evaluation loads wikitext with datasets; the image picked up an fsspec release "
        "(2023.10.0) that the installed datasets does not support, so loading even a cached dataset fails. "
        "Upgrade datasets or pin fsspec below that release.",
        title="NotImplementedError: Loading a dataset cached in a LocalFileSystem is not supported (fsspec 2023.10.0 "
        "with an older datasets)",
        source="https://github.com/huggingface/datasets/issues/6352",
        every=1.0,
    )


@SCENARIOS.add
def application_error_job_peft_target_modules_not_found() -> CaseSpec:
    lines = [
        "06/17/2026 07:00:58 - INFO - llmtuner.tuner.core.adapter - Fine-tuning method: LoRA",
        *_tb(
            [
                ("src/train_sft.py", 97, "<module>", "main()"),
                ("/app/src/utils/common.py", 96, "_init_adapter", "model = get_peft_model(model, lora_config)"),
                (f"{_SITE}/peft/tuners/lora.py", 181, "_find_and_replace", "raise ValueError("),
            ],
            "ValueError: Target modules ['q_proj', 'v_proj'] not found in the base model. Please check the target "
            "modules and try again.",
        ),
    ]
    return _failed(
        id="application-error-job-peft-target-modules-not-found",
        day=15,
        name="baichuan-7b-lora-sft",
        ns="llm-ft",
        image="registry.corp.example/llm/llama-efficient-tuning:0.1",
        command=[
            "python",
            "src/train_sft.py",
            "--model_name_or_path",
            "/models/baichuan-7B",
            "--finetuning_type",
            "lora",
        ],
        lines=lines,
        category="application-error",
        evidence="Target modules ['q_proj', 'v_proj'] not found in the base model",
        description="A LoRA fine-tune targets q_proj and v_proj, the projection names of LLaMA models; this model "
        "fuses them into one W_pack module, so PEFT finds none of the targets. The job's arguments do not fit "
        "the model: set lora_target to the model's module names.",
        title="ValueError: Target modules ['q_proj', 'v_proj'] not found in the base model (Baichuan uses W_pack)",
        source="https://github.com/hiyouga/LlamaFactory/issues/43",
        every=1.0,
    )


@SCENARIOS.add
def network_error_job_visdom_server_connection_refused() -> CaseSpec:
    lines = [
        "Setting up a new session...",
        *_tb(
            [
                (
                    f"{_SITE}/urllib3/connection.py",
                    141,
                    "_new_conn",
                    "(self.host, self.port), self.timeout, **extra_kw)",
                ),
                (f"{_SITE}/urllib3/util/connection.py", 73, "create_connection", "sock.connect(sa)"),
            ],
            "ConnectionRefusedError: [Errno 111] Connection refused",
        ),
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        *_tb(
            [
                (
                    "train_val.py",
                    204,
                    "<module>",
                    "train(osp.expanduser(args.data_dir), args.instruction, "
                    "args.config_file, device_id=args.device_id)",
                ),
                ("train_val.py", 69, "train", "vis = visdom.Visdom(env=exp_name)"),
                (f"{_SITE}/requests/adapters.py", 516, "send", "raise ConnectionError(e, request=request)"),
            ],
            "requests.exceptions.ConnectionError: HTTPConnectionPool(host='localhost', port=8097): Max retries "
            "exceeded with url: /env/main (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at "
            "0x7f574e887fd0>: Failed to establish a new connection: [Errno 111] Connection refused',))",
        ),
    ]
    return _failed(
        id="network-error-job-visdom-server-connection-refused",
        day=16,
        name="contactdb-train",
        ns="robotics-ml",
        image="registry.corp.example/robotics/contactdb:0.2",
        command=["python", "train_val.py", "--instruction", "handoff", "--config_file", "configs/pointnet.ini"],
        lines=lines,
        category="network-error",
        evidence="Connection refused",
        description="The training script pushes its plots to a visdom server at localhost:8097; no visdom server "
        "runs in the pod, so every connection is refused and the script stops before training. Run the server "
        "as a sidecar or service, or point the script at one.",
        title="ConnectionRefusedError: [Errno 111] Connection refused - the training pushes to a visdom server that "
        "is not running",
        source="https://github.com/samarth-robo/contactdb_prediction/issues/2",
        every=0.0,
    )


# -- batch 10 ---------------------------------------------------------------------------------------


@SCENARIOS.add
def healthy_job_datasets_map_random_hash_warning() -> CaseSpec:
    lines = [
        "INFO 12-16 07:00:41 model_runner.py:1077] Loading model weights took 2.3185 GB",
        "INFO 12-16 07:00:49 gpu_executor.py:122] # GPU blocks: 24381, # CPU blocks: 2048",
        "Parameter 'fn_kwargs'={'config': Config(...), 'llm': <vllm.entrypoints.llm.LLM object at 0x7f2961e8f5e0>, "
        "'prm': <sal.models.reward_models.RLHFFlow object at 0x7f2961e8cbe0>} of the transform "
        "datasets.arrow_dataset.Dataset._map_single couldn't be hashed properly, a random hash was used instead. "
        "Make sure your transforms and parameters are serializable with pickle or dill for the dataset "
        "fingerprinting and caching to work. If you reuse this transform, the caching mechanism will consider it to "
        "be different from the previous calls and recompute everything. This warning is only showed once. "
        "Subsequent hashing failures won't be showed.",
        *[
            f"Running search:  {p}%|{'█' * (p // 10)}{' ' * (10 - p // 10)}| {p * 5}/500 [{p // 2:02d}:{p % 60:02d}<"
            f"{(100 - p) // 2:02d}:00,  1.21s/ex]"
            for p in range(4, 44, 4)
        ],
    ]
    return _running(
        id="healthy-job-datasets-map-random-hash-warning",
        day=17,
        name="best-of-n-math500",
        ns="llm-eval",
        image="registry.corp.example/llm/search-and-learn:0.1",
        command=["python", "scripts/test_time_compute.py", "recipes/Llama-3.2-1B-Instruct/best_of_n.yaml"],
        lines=lines,
        gaps=[8, 3] + [150] * 10,
        description="A test-time-compute evaluation maps a generation function over its dataset; datasets warns "
        "once that the function's arguments (the model objects) cannot be hashed, so the map's cache will not "
        "be reused. It does not affect the run: the search advances through the problems.",
        title="Warning: `_map_single` couldn't be hashed properly, a random hash was used instead - expected, does "
        "not affect functionality",
        source="https://github.com/huggingface/search-and-learn/issues/10",
    )
