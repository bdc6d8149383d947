"""Fresh round 37: real public threads about dependency failures: undefined symbols, missing shared libraries, version requirements.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Scenarios, gpu, stamped
from tests.cases.scenarios_real_training import _job_case

SCENARIOS = Scenarios()


# -- 1. extension-cpp's own test: the installed extension_cpp/_C.so misses a torch::jit symbol ---------------


@SCENARIOS.add
def dependency_error_job_extension_cpp_test_undefined_symbol_parse_schema() -> CaseSpec:
    at = Clock(datetime(2024, 10, 1, 8, 0, 0, tzinfo=timezone.utc))
    site = "/root/miniconda3/lib/python3.11/site-packages/extension_cpp"
    lines = [
        "Traceback (most recent call last):",
        '  File "/workspace/code/extension-cpp-master/test/test_extension.py", line 5, in <module>',
        "    import extension_cpp",
        f'  File "{site}/__init__.py", line 2, in <module>',
        "    from . import _C, ops",
        f"ImportError: {site}/_C.cpython-311-x86_64-linux-gnu.so: undefined symbol: _ZN5torch3jit11parseSchemaERKSsb",
    ]
    return _job_case(
        id="dependency-error-job-extension-cpp-test-undefined-symbol-parse-schema",
        name="extension-cpp-test",
        ns="ml-platform",
        at=at,
        image="registry.example/ml/extension-cpp:py311",
        command=["python", "test/test_extension.py"],
        resources=gpu(1, "16Gi", "4"),
        exit_code=1,
        ran=(5, 9.4),
        log=stamped(lines, at(9.0), 0.01),
        category="dependency-error",
        evidence="undefined symbol: _ZN5torch3jit11parseSchemaERKSsb",
        description="Following pytorch/extension-cpp's tutorial, the reporter builds the extension_cpp custom-op "
        "package and runs its test, 'python test/test_extension.py'; the first import fails: 'ImportError: "
        ".../extension_cpp/_C.cpython-311-x86_64-linux-gnu.so: undefined symbol: "
        "_ZN5torch3jit11parseSchemaERKSsb' (torch::jit::parseSchema taking a std::string of the old C++ ABI, "
        "which the installed torch does not export). The reporter solved it with a pytorch_geometric comment on "
        "the same error: the compiled extension does not fit the installed torch (C++ ABI / torch version) - a "
        "dependency mismatch. Verbatim: the traceback of the thread (the code folder '/gemini/code' neutralised "
        "to '/workspace/code'). Reconstructed: the run as a batch Job whose one pod (one GPU) runs the test "
        "script from the repo's folder and exits 1, the image, resources, node and times.",
        title="extension-cpp test: 'import extension_cpp' fails, '_C...so: undefined symbol: "
        "_ZN5torch3jit11parseSchemaERKSsb' (extension built against another torch ABI)",
        source="https://github.com/pytorch/extension-cpp/issues/103",
        captured=9.4 + 240,
    )


# -- 2. The LLTM C++ extension imported before torch: undefined symbol THPVariableClass ---------------------


@SCENARIOS.add
def dependency_error_job_lltm_cpp_extension_undefined_symbol_thpvariableclass() -> CaseSpec:
    at = Clock(datetime(2018, 5, 1, 10, 0, 0, tzinfo=timezone.utc))
    egg = "/home/user/anaconda3/lib/python3.6/site-packages/sort2_cuda-0.0.0-py3.6-linux-x86_64.egg"
    lines = [f"ImportError: {egg}/lltm_cpp.cpython-36m-x86_64-linux-gnu.so: undefined symbol: THPVariableClass"]
    return _job_case(
        id="dependency-error-job-lltm-cpp-extension-undefined-symbol-thpvariableclass",
        name="lltm-cpp-benchmark",
        ns="ml-research",
        at=at,
        image="registry.example/research/lltm:pytorch0.4.0-cuda9.0",
        command=["python", "benchmark.py", "cpp"],
        resources=gpu(1, "16Gi", "4"),
        exit_code=1,
        ran=(5, 7.3),
        log=stamped(lines, at(7.2), 0.1),
        category="dependency-error",
        evidence="undefined symbol: THPVariableClass",
        description="A user's C++/CUDA extension built from the extension-cpp tutorial (PyTorch 0.4.0 from conda, "
        "CUDA 9.0, Titan XP, Ubuntu 16.04) fails at runtime, and so does the tutorial's own LLTM example: "
        "'.../lltm_cpp.cpython-36m-x86_64-linux-gnu.so: undefined symbol: THPVariableClass' - the extension "
        "needs a symbol of torch's own shared library, which is not loaded yet; the maintainer answers that "
        "torch must be imported before the extension, and the reporter confirms that fixes it. Verbatim: the "
        "error line (user name neutralised; the thread pastes it without the exception's name, written here as "
        "Python prints it, 'ImportError: ...'). Reconstructed: the run as a batch Job whose one pod (one GPU) "
        "runs the tutorial's benchmark script and exits 1 (the thread does not say which script ran; the "
        "traceback frames above the line are not in it), the image, command, resources, node and times.",
        title="LLTM C++ extension: import fails with 'lltm_cpp...so: undefined symbol: THPVariableClass' "
        "(extension imported before torch)",
        source="https://github.com/pytorch/extension-cpp/issues/6",
        captured=7.3 + 240,
    )


# -- 3. VideoComposer in a container image: a compiled module needs GLIBC_2.32 -------------------------------


@SCENARIOS.add
def dependency_error_job_videocomposer_glibc_2_32_not_found() -> CaseSpec:
    at = Clock(datetime(2023, 7, 12, 6, 0, 0, tzinfo=timezone.utc))
    lines = ["ImportError: /usr/lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.32' not found"]
    return _job_case(
        id="dependency-error-job-videocomposer-glibc-2-32-not-found",
        name="videocomposer-infer",
        ns="video-gen",
        at=at,
        image="registry.example/video/videocomposer:cu117",
        command=["python", "run_net.py", "--cfg", "configs/exp02_motion_transfer.yaml"],
        resources=gpu(1, "64Gi", "8"),
        exit_code=1,
        ran=(5, 11.6),
        log=stamped(lines, at(11.5), 0.1),
        category="dependency-error",
        evidence="version `GLIBC_2.32' not found",
        description="Running ali-vilab's VideoComposer from the reporter's container image fails on an import: "
        "'ImportError: /usr/lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.32' not found' - a compiled "
        "module the code loads was built against a newer glibc than the C library it finds at run time (the "
        "reporter says the image has GLIBC 2.35; the thread has no answer). A system library older than a "
        "binary dependency requires: a dependency error. Verbatim: the error line. Reconstructed: the run as a "
        "batch Job whose one pod (one GPU) runs VideoComposer's run_net.py with one of its configs and exits 1 "
        "(the thread names neither the script nor the module whose import failed; the traceback frames are not "
        "in it), the image, resources, node and times.",
        title="VideoComposer run: 'ImportError: /usr/lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.32' not "
        "found' (a compiled module needs a newer glibc)",
        source="https://github.com/ali-vilab/videocomposer/issues/18",
        captured=11.6 + 240,
    )


# -- 4. The CNTK binary on a CUDA 8.0 host: libcudart.so.7.5 cannot be loaded (exit 127) ---------------------


@SCENARIOS.add
def dependency_error_job_cntk_libcudart_7_5_not_found_exit_127() -> CaseSpec:
    at = Clock(datetime(2016, 12, 6, 9, 0, 0, tzinfo=timezone.utc))
    lines = [
        "cntk: error while loading shared libraries: libcudart.so.7.5: cannot open shared object file: "
        "No such file or directory"
    ]
    return _job_case(
        id="dependency-error-job-cntk-libcudart-7-5-not-found-exit-127",
        name="cntk-simple2d-train",
        ns="ml-research",
        at=at,
        image="registry.example/research/cntk:2.0beta5-cuda8.0",
        command=["cntk", "configFile=Simple.cntk"],
        resources=gpu(1, "16Gi", "4"),
        exit_code=127,
        ran=(5, 5.1),
        log=stamped(lines, at(5.05), 0.1),
        category="dependency-error",
        evidence="libcudart.so.7.5: cannot open shared object file",
        description="Running CNTK (v2.0 beta 5, from the binary install script and also built from source) on "
        "Ubuntu 16.04 with a GTX 1070 and CUDA 8.0 fails before the program starts: 'cntk: error while loading "
        "shared libraries: libcudart.so.7.5: cannot open shared object file: No such file or directory' - the "
        "cntk binary is linked against the CUDA 7.5 runtime, the host has only libcudart.so, libcudart.so.8.0 "
        "and libcudart.so.8.0.44 (CNTK's maintainers said in other threads of the time that the binary drop was "
        "still built with CUDA 7.5): a shared library the program needs is missing. Verbatim: the error line. Reconstructed: the run as a batch Job whose one "
        "pod (one GPU) runs cntk with an example config (the thread does not say which) and exits 127, as the "
        "dynamic loader does when a needed library is missing, the image, resources, node and times.",
        title="CNTK: 'cntk: error while loading shared libraries: libcudart.so.7.5: cannot open shared object "
        "file' on a CUDA 8.0 host",
        source="https://github.com/microsoft/CNTK/issues/1134",
        captured=5.1 + 240,
    )


# -- 5. tsne-cuda: importing tsnecuda cannot load libcudart.so.11.0 -------------------------------------------


@SCENARIOS.add
def dependency_error_job_tsnecuda_libcudart_11_0_not_found() -> CaseSpec:
    at = Clock(datetime(2023, 9, 3, 4, 0, 0, tzinfo=timezone.utc))
    lines = ["ImportError: libcudart.so.11.0: cannot open shared object file: No such file or directory"]
    return _job_case(
        id="dependency-error-job-tsnecuda-libcudart-11-0-not-found",
        name="tsne-embedding",
        ns="data-science",
        at=at,
        image="registry.example/ds/tsnecuda:latest",
        command=["python", "embed_tsne.py"],
        resources=gpu(1, "32Gi", "8"),
        exit_code=1,
        ran=(5, 6.8),
        log=stamped(lines, at(6.7), 0.1),
        category="dependency-error",
        evidence="libcudart.so.11.0: cannot open shared object file",
        description="A run using CannyLab's tsne-cuda (GPU t-SNE) fails on import: 'ImportError: "
        "libcudart.so.11.0: cannot open shared object file: No such file or directory'. The maintainer answers "
        "that the library is linked against the CUDA 11.0 runtime, which is not installed or not on the "
        "library path (LD_LIBRARY_PATH): a shared library the package needs is missing. Verbatim: the error "
        "line (the whole report). Reconstructed: the run as a batch Job whose one pod (one GPU) runs a t-SNE "
        "script that imports tsnecuda and exits 1 (the thread shows neither the script nor the traceback frames), "
        "the image, command, resources, node and times.",
        title="tsne-cuda run: 'ImportError: libcudart.so.11.0: cannot open shared object file' (CUDA 11.0 "
        "runtime missing)",
        source="https://github.com/CannyLab/tsne-cuda/issues/126",
        captured=6.8 + 240,
    )
