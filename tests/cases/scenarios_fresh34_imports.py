"""Fresh round 34: real public threads about dependency and import failures: CUDA extensions, version conflicts, missing modules.

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


# -- 1. A Gaussian-splatting project imports Goliath's sgutils extension: undefined symbol from c10::cuda -------


@SCENARIOS.add
def dependency_error_job_mesh_splatting_sgutils_undefined_symbol_c10_cuda_set_device() -> CaseSpec:
    at = Clock(datetime(2024, 10, 28, 6, 0, 0, tzinfo=timezone.utc))
    ext = "/home/user/GMS/gaussian-mesh-splatting/extensions/sgutils"
    lines = [
        f"ImportError: {ext}/sgutilslib.cpython-38-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi"
    ]
    return _job_case(
        id="dependency-error-job-mesh-splatting-sgutils-undefined-symbol-c10-cuda-set-device",
        name="gaussian-mesh-splatting-train",
        ns="vision-research",
        at=at,
        image="registry.example/vision/gaussian-mesh-splatting:py38-cu118",
        command=["python", "train.py"],
        resources=gpu(1, "32Gi", "8"),
        exit_code=1,
        ran=(5, 9.2),
        log=stamped(lines, at(9.0), 0.1),
        category="dependency-error",
        evidence="undefined symbol: _ZN3c104cuda9SetDeviceEi",
        description="A Gaussian mesh-splatting project uses the sgutils CUDA extension from Meta's Goliath repo "
        "(built into the project's extensions/sgutils); importing it fails: 'sgutilslib.cpython-38-x86_64-linux-"
        "gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi' (c10::cuda::SetDevice(int), a symbol of the torch "
        "the extension was compiled against). A maintainer says to recompile the extension where the code runs; "
        "the reporter solved it: the CUDA version of the PyTorch in the virtual environment and the system's CUDA "
        "the extension was built with did not match - a compiled extension that does not fit the installed torch. "
        "Verbatim: the .so path and the undefined symbol (user name neutralised); the thread shows them under a "
        "debugger's 'ImportError (note: full exception trace is shown but execution is paused at: "
        "_run_module_as_main)' header, here written as Python prints the exception, 'ImportError: <message>'. "
        "Reconstructed: the run as a batch Job whose one pod (one GPU) runs the project's training script and "
        "exits 1, the image, command, resources, node and times; the traceback frames above the error are not "
        "in the thread and are left out.",
        title="Gaussian mesh-splatting run: importing the sgutils extension fails, 'sgutilslib...so: undefined "
        "symbol: _ZN3c104cuda9SetDeviceEi' (extension built for another CUDA/torch)",
        source="https://github.com/facebookresearch/goliath/issues/23",
        captured=9.2 + 240,
    )


# -- 2. Shift-GCN's run.sh: the freshly built shift_cuda extension lacks an at::Error symbol ---------------------


@SCENARIOS.add
def dependency_error_job_shift_gcn_shift_cuda_undefined_symbol_at_error() -> CaseSpec:
    at = Clock(datetime(2020, 6, 27, 2, 0, 0, tzinfo=timezone.utc))
    env = "/home/user/anaconda3/envs/pytorch0.4/lib/python3.7/site-packages"
    egg = f"{env}/shift_cuda_linear_cpp-0.0.0-py3.7-linux-x86_64.egg"
    lines = [
        f"Installed {egg}",
        "Processing dependencies for shift-cuda-linear-cpp==0.0.0",
        "Finished processing dependencies for shift-cuda-linear-cpp==0.0.0",
        "Traceback (most recent call latt):",
        '  File "demo.py", line 10, in <module>',
        "    from cuda.shift import ShiftFunction, Shift",
        '  FIle "/home/user/work/Shift-GCN-master/model/Temporal_shift/cuda/shift.py", lin 5, in <module>',
        "    import shift_cuda",
        f"ImportError: {egg}/shift_cuda.cpython-37m-x86_64-linux-gnu.so: undefined symbol: "
        "_ZN2at5ErrorC1ENS_14SourceLocationESs",
    ]
    return _job_case(
        id="dependency-error-job-shift-gcn-shift-cuda-undefined-symbol-at-error",
        name="shift-gcn-run",
        ns="skeleton-action",
        at=at,
        image="registry.example/research/shift-gcn:pytorch0.4.1-cuda9.0",
        command=["bash", "run.sh"],
        resources=gpu(1, "32Gi", "8"),
        exit_code=1,
        ran=(5, 62.4),
        log=stamped(lines, at(61.0), [0.1, 0.2, 0.8, 0.01]),
        category="dependency-error",
        evidence="undefined symbol: _ZN2at5ErrorC1ENS_14SourceLocationESs",
        description="Shift-GCN's run.sh (PyTorch 0.4.1, CUDA 9.0, g++ 5.5 in a conda env) builds and installs the "
        "shift_cuda extension, then demo.py imports it and fails: 'ImportError: .../shift_cuda.cpython-37m-x86_64-"
        "linux-gnu.so: undefined symbol: _ZN2at5ErrorC1ENS_14SourceLocationESs' - the compiled extension "
        "references an ATen symbol (at::Error with a std::string of the old C++ ABI) that the installed torch does "
        "not export: extension and torch do not fit (compiler ABI / torch version). The maintainer points to the "
        "same error in mmdetection, flownet2 and pytorch_geometric, solved by matching the build to the torch. "
        "Verbatim: the install lines and the traceback as the reporter pasted it (their typos 'latt', 'FIle', "
        "'lin' kept; user and folder names neutralised; indentation as Python prints it; the ImportError's .so "
        "path and 'undefined symbol' that the paste wraps are one line). Reconstructed: the run as a batch Job "
        "whose one pod (one GPU) runs run.sh and exits 1, the setup.py output above 'Installed' left out, the "
        "image, resources, node and times.",
        title="Shift-GCN run.sh: demo.py's 'import shift_cuda' fails with 'undefined symbol: "
        "_ZN2at5ErrorC1ENS_14SourceLocationESs' (extension does not fit the installed torch)",
        source="https://github.com/kchengiva/Shift-GCN/issues/2",
        captured=62.4 + 240,
    )


# -- 3. DDF (ddfnet): its CUDA ops extension, built under CUDA 11.3, misses a libstdc++ symbol ----------------


@SCENARIOS.add
def dependency_error_job_ddfnet_ddf_mul_ext_undefined_symbol_exception_ptr() -> CaseSpec:
    at = Clock(datetime(2021, 6, 29, 7, 0, 0, tzinfo=timezone.utc))
    lines = [
        "    from . import ddf_mul_ext, ddf_mul_faster_ext, ddf_add_ext, ddf_add_faster_ext",
        "ImportError: /home/user/Desktop/xx/DDF/ddf/ddf_mul_ext.cpython-37m-x86_64-linux-gnu.so: undefined symbol: "
        "_ZNSt15__exception_ptr13exception_ptr9_M_addrefEv",
    ]
    return _job_case(
        id="dependency-error-job-ddfnet-ddf-mul-ext-undefined-symbol-exception-ptr",
        name="ddfnet-train",
        ns="vision-research",
        at=at,
        image="registry.example/vision/ddfnet:cuda11.3",
        command=["python", "train.py"],
        resources=gpu(1, "16Gi", "4"),
        exit_code=1,
        ran=(5, 8.1),
        log=stamped(lines, at(8.0), 0.001),
        category="dependency-error",
        evidence="undefined symbol: _ZNSt15__exception_ptr13exception_ptr9_M_addrefEv",
        description="DDF (decoupled dynamic filter networks) imports its compiled CUDA ops: 'from . import "
        "ddf_mul_ext, ...' fails with 'ImportError: .../ddf_mul_ext.cpython-37m-x86_64-linux-gnu.so: undefined "
        "symbol: _ZNSt15__exception_ptr13exception_ptr9_M_addrefEv' (a libstdc++ symbol the extension was linked "
        "against and the runtime does not provide). The reporter runs CUDA 11.3 / nvcc 11.3.58 on an RTX 2070; the "
        "maintainer is not sure the code supports CUDA 11 and recommends CUDA 10.1 as the README says: the "
        "extension was built with a toolchain the code and runtime do not fit. Verbatim: the two lines of the "
        "thread (the user's folder neutralised). Reconstructed: the run as a batch Job whose one pod (one GPU) "
        "runs the repo's training script (the thread does not say which script imported the ops; the frames "
        "above the two lines are not in it) and exits 1, the image, command, resources, node and times.",
        title="DDF: importing the ddf_mul_ext CUDA extension fails, 'undefined symbol: "
        "_ZNSt15__exception_ptr13exception_ptr9_M_addrefEv' (built with CUDA 11.3, README asks 10.1)",
        source="https://github.com/theFoxofSky/ddfnet/issues/7",
        captured=8.1 + 240,
    )


# -- 4. transformers' run_lm_finetuning.py from a source zip that was never installed: 'unknown location' ------


@SCENARIOS.add
def dependency_error_job_run_lm_finetuning_cannot_import_weights_name_unknown_location() -> CaseSpec:
    at = Clock(datetime(2019, 12, 2, 15, 0, 0, tzinfo=timezone.utc))
    lines = [
        "Traceback (most recent call last):",
        '  File "run_lm_finetuning.py", line 45, in <module>',
        "    from transformers import (WEIGHTS_NAME, AdamW, get_linear_schedule_with_warmup,",
        "ImportError: cannot import name 'WEIGHTS_NAME' from 'transformers' (unknown location)",
    ]
    return _job_case(
        id="dependency-error-job-run-lm-finetuning-cannot-import-weights-name-unknown-location",
        name="gpt2-lm-finetune",
        ns="nlp-research",
        at=at,
        image="registry.example/nlp/transformers-examples:torch1.3.1-cpu",
        command=["python", "run_lm_finetuning.py"],
        resources=cpu_only("16Gi", "8"),
        exit_code=1,
        ran=(5, 6.3),
        log=stamped(lines, at(6.2), 0.001),
        category="dependency-error",
        evidence="cannot import name 'WEIGHTS_NAME' from 'transformers' (unknown location)",
        description="transformers' example script run_lm_finetuning.py (GPT-2, PyTorch 1.3.1+cpu, no GPU), taken "
        "from a zip of the GitHub repo, fails on its first import: 'ImportError: cannot import name "
        "'WEIGHTS_NAME' from 'transformers' (unknown location)' - '(unknown location)' means Python found no "
        "installed transformers package, only a namespace directory of that name; the maintainers answer that "
        "the import works with transformers installed (from pip or the cloned repo): the library is not "
        "installed where the script runs. Verbatim: the traceback of the thread. Reconstructed: the run as a "
        "batch Job whose one CPU-only pod runs the example script and exits 1 (the script's arguments, from the "
        "documentation's example, are not in the thread), the image, resources, node and times.",
        title="run_lm_finetuning.py: 'ImportError: cannot import name 'WEIGHTS_NAME' from 'transformers' (unknown "
        "location)' (transformers from a zip, not installed)",
        source="https://github.com/huggingface/transformers/issues/2030",
        captured=6.3 + 240,
    )


# -- 5. GLM-4.5V inference with transformers: 4.53.1 next to the 4.56 preview, TransformersKwargs missing -------


@SCENARIOS.add
def dependency_error_job_glm45v_transformers_infer_cannot_import_transformers_kwargs() -> CaseSpec:
    at = Clock(datetime(2025, 8, 14, 3, 0, 0, tzinfo=timezone.utc))
    lines = [
        "ImportError: cannot import name 'TransformersKwargs' from 'transformers.utils' "
        "(/usr/local/lib/python3.10/site-packages/transformers/utils/__init__.py)",
    ]
    return _job_case(
        id="dependency-error-job-glm45v-transformers-infer-cannot-import-transformers-kwargs",
        name="glm45v-transformers-infer",
        ns="llm-inference",
        at=at,
        image="registry.example/llm/glm-v:transformers",
        command=["python", "inference.py"],
        resources=gpu(1, "64Gi", "8"),
        exit_code=1,
        ran=(5, 14.2),
        log=stamped(lines, at(14.1), 0.1),
        category="dependency-error",
        evidence="cannot import name 'TransformersKwargs' from 'transformers.utils'",
        description="Inference of GLM-4.5V with transformers fails: 'cannot import name 'TransformersKwargs' from "
        "'transformers.utils' (/usr/local/lib/python3.10/site-packages/transformers/utils/__init__.py)'. The "
        "reporter's environment (pip list in the thread) has transformers 4.53.1 installed next to "
        "'transformers-v4.55.0-GLM-4.5V-preview 4.56.0.dev0', torch 2.2.2: the transformers that Python imports "
        "is 4.53.1, older than the GLM-4.5V code needs - a package version conflict. Verbatim: the error line "
        "(the thread pastes it without the exception's name; written here as Python prints it, 'ImportError: "
        "...'). Reconstructed: the run as a batch Job whose one pod (one GPU) runs an inference script and exits "
        "1, the image, command, resources, node and times; the traceback frames are not in the thread and are "
        "left out.",
        title="GLM-4.5V transformers inference: 'cannot import name 'TransformersKwargs' from 'transformers.utils'' "
        "(transformers 4.53.1 imported, the 4.56 preview needed)",
        source="https://github.com/zai-org/GLM-V/issues/132",
        captured=14.2 + 240,
    )
