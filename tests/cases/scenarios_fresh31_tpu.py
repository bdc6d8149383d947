"""Fresh round 31: real public threads about TPU training: JAX, PyTorch/XLA, TPU VMs and GKE TPU slices.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Scenarios, stamped
from tests.cases.scenarios_real_accelerators import _resources
from tests.cases.scenarios_real_containers import _job_case

SCENARIOS = Scenarios()


# -- 1. TensorFlow on a Cloud TPU VM v3-8: the TPU compilation fails and a CHECK aborts the trainer --


@SCENARIOS.add
def crash_signal_job_tensorflow_tpu_compile_failed_check_xla_tpu_programs_size() -> CaseSpec:
    at = Clock(datetime(2021, 7, 27, 14, 40, tzinfo=timezone.utc))
    name, ns = "conformer-tpu-train", "asr-train"
    # The trainer's TPU lines as the thread pasted them (its own glog times, kept).
    lines = [
        "2021-07-27 14:46:12.541836: I tensorflow/core/tpu/kernels/tpu_compilation_cache_interface.cc:435] TPU host "
        "compilation cache miss: cache_key(7086181526061168380), session_name()",
        "2021-07-27 14:46:14.141350: I tensorflow/core/tpu/kernels/tpu_compile_op_common.cc:66] TpuCompileOp was "
        "cancelled. Sleeping for 300 seconds to give time for TPUCompileOp to finished.",
        "2021-07-27 14:46:17.250612: I tensorflow/core/tpu/kernels/tpu_compile_op_common.cc:175] Compilation of "
        "7086181526061168380 with session name  took 4.708620071s and failed",
        "2021-07-27 14:46:17.250711: F tensorflow/core/tpu/kernels/tpu_program_group.cc:86] Check failed: "
        "xla_tpu_programs.size() > 0 (0 vs. 0)",
    ]
    ctr = Container(
        "train",
        "registry.example/asr/tensorflowasr:tf2.6.0-tpuvm",
        command=["python3", "examples/conformer/train.py", "--tpu"],
        resources=_resources("google.com/tpu", 4, "300Gi", "96"),
    )
    return _job_case(
        id="crash-signal-job-tensorflow-tpu-compile-failed-check-xla-tpu-programs-size",
        name=name,
        ns=ns,
        at=at,
        ctr=ctr,
        exit_code=134,
        ran=(40, 378),
        log=stamped(lines, at(372.542), [1.6, 3.11, 0.0001]),
        category="crash-signal",
        evidence="Check failed: xla_tpu_programs.size() > 0 (0 vs. 0)",
        description="A TensorFlow 2.6 training of a Conformer speech model (TensorFlowASR) on a Cloud TPU VM v3-8: "
        "the model's TPU program misses the host compilation cache, TpuCompileOp is cancelled, the compilation "
        "'took 4.708620071s and failed', and TensorFlow's TPU runtime then hits a fatal CHECK "
        "('F ... tpu_program_group.cc:86] Check failed: xla_tpu_programs.size() > 0 (0 vs. 0)') that aborts the "
        "process. The thread says no more of why the compilation failed (it was closed without an answer), so the "
        "cause that stops the job is the native abort after the failed TPU compilation. Verbatim from the thread: "
        "the four TPU lines with their own times (the F line complete as the same user pasted the same log, same "
        "times, in TensorSpeech/TensorFlowASR#214; the symbolize URL after it is cut in the stored copy and left "
        "out). Reconstructed: the thread ran on a TPU VM; here the trainer is a batch Job whose one pod has the "
        "v3-8's TPU attached (google.com/tpu) - the Job, the image, the command, the resources, the node, exit "
        "code 134 (SIGABRT, what a glog F-level CHECK ends in) and the times.",
        title="TensorFlow 2.6 on a Cloud TPU VM v3-8: TPU compilation 'took 4.708620071s and failed', then "
        "'F tpu_program_group.cc:86] Check failed: xla_tpu_programs.size() > 0 (0 vs. 0)' aborts the trainer",
        source="https://github.com/tensorflow/tensorflow/issues/50980",
        captured=600,
        node_name="gke-tpu-v3-8-pool-1",
    )


# -- 2. A vLLM-on-TPU eval on a v5p-8 VM reused after preemption: /dev/vfio/0 is still held --


@SCENARIOS.add
def cuda_error_job_vllm_tpu_v5p_init_dev_vfio_busy_after_preemption() -> CaseSpec:
    at = Clock(datetime(2026, 4, 15, 4, 0, tzinfo=timezone.utc))
    name, ns = "ruler-full-8b-base-eval", "llm-eval"
    lines = [
        "jax.errors.JaxRuntimeError: UNKNOWN: TPU initialization failed: open(/dev/vfio/0): Device or resource "
        "busy: Device or resource busy; Couldn't open iommu group /dev/vfio/0",
    ]
    ctr = Container(
        "eval",
        "registry.example/llm/eval-vllm-tpu:latest",
        command=["python", "-m", "experiments.evals.run_ruler", "--model", "8b-base"],
        resources=_resources("google.com/tpu", 4, "400Gi", "200"),
    )
    return _job_case(
        id="cuda-error-job-vllm-tpu-v5p-init-dev-vfio-busy-after-preemption",
        name=name,
        ns=ns,
        at=at,
        ctr=ctr,
        exit_code=1,
        ran=(30, 96),
        log=stamped(lines, at(95)),
        category="cuda-error",
        evidence="TPU initialization failed: open(/dev/vfio/0): Device or resource busy",
        description="A batch long-context evaluation (RULER) of an 8B base model runs vLLM on a preemptible TPU "
        "v5p-8. It had been preempted and rescheduled many times; its last attempt landed on a TPU VM that had just "
        "been given back after a preemption, and the vLLM engine's first JAX TPU initialisation fails before the "
        "eval runs: 'TPU initialization failed: open(/dev/vfio/0): Device or resource busy ... Couldn't open "
        "iommu group /dev/vfio/0' - the TPU is still held by the previous tenant's process, so the job has no "
        "usable accelerator (deleting that TPU VM and resubmitting was the fix; not a model or memory problem, the "
        "thread says). Verbatim from the thread: the error line. Reconstructed: the thread's scheduler runs the "
        "job as a container on the TPU VM; here it is a batch Job whose one pod has the v5p-8's four chips "
        "(google.com/tpu) - the Job, the image, the command, the resources, the node (its name shortened), "
        "exit code 1 and the times; the earlier, preempted attempts are not shown.",
        title="vLLM-on-TPU eval on a preemptible v5p-8, reused right after a preemption: 'TPU initialization "
        "failed: open(/dev/vfio/0): Device or resource busy; Couldn't open iommu group /dev/vfio/0'",
        source="https://github.com/marin-community/marin/issues/4783",
        captured=300,
        node_name="tpu-v5p-preemptible-8-us-east5-a-2bc4c0c2",
    )


# -- 3. torch_xla 2019 on a Cloud TPU whose software is older than the client: an XRT op is missing --


@SCENARIOS.add
def dependency_error_job_torch_xla_tpu_runtime_too_old_xrt_op_not_registered() -> CaseSpec:
    at = Clock(datetime(2019, 5, 7, 1, 39, 50, tzinfo=timezone.utc))
    name, ns = "torch-xla-app", "tpu-research"
    xrt = "I tensorflow/compiler/xla/xla_client/xrt_computation_client.cc:44]"
    lines = [
        "2019-05-07 01:40:15.424331: I tensorflow/compiler/xla/xla_client/computation_client.cc:125] Loading XRT "
        "configuration from /home/user/.pytorch_tpu.conf",
        f"2019-05-07 01:40:15.424560: {xrt} XRT device CPU:0 -> /job:tpu_worker/replica:0/task:0/device:XLA_CPU:0",
        f"2019-05-07 01:40:15.424578: {xrt} XRT device TPU:0 -> /job:tpu_worker/replica:0/task:0/device:TPU:0",
        f"2019-05-07 01:40:15.424602: {xrt} XRT device TPU:1 -> /job:tpu_worker/replica:0/task:0/device:TPU:1",
        f"2019-05-07 01:40:15.424611: {xrt} XRT device TPU:2 -> /job:tpu_worker/replica:0/task:0/device:TPU:2",
        f"2019-05-07 01:40:15.424621: {xrt} XRT device TPU:3 -> /job:tpu_worker/replica:0/task:0/device:TPU:3",
        f"2019-05-07 01:40:15.424630: {xrt} XRT device TPU:4 -> /job:tpu_worker/replica:0/task:0/device:TPU:4",
        "RuntimeError: tensorflow/compiler/xla/xla_client/xrt_computation_client.cc:105 : Check failed: "
        "session_work.first->session()->Run( session_work.second.feed_inputs, session_work.second.outputs_handles, "
        "&outputs) == ::tensorflow::Status::OK() (Not found: Op type not registered 'XRTAllocateFromTensor' in "
        "binary running on n-0a1b2c3d-w-0. Make sure the Op and Kernel are registered in the binary running in "
        "this process. Note that if you are loading a saved graph which used ops from tf.contrib, accessing (e.g.) "
        "`tf.contrib.resampler` should be done before importing the graph, as contrib ops are lazily registered "
        "when the module is first accessed. vs. OK)",
    ]
    ctr = Container(
        "app",
        "registry.example/tpu/pytorch-xla:nightly-20190506",
        command=["python", "app.py"],
        resources={"limits": {"cloud-tpus.google.com/v3": "8"}, "requests": {"cloud-tpus.google.com/v3": "8"}},
    )
    return _job_case(
        id="dependency-error-job-torch-xla-tpu-runtime-too-old-xrt-op-not-registered",
        name=name,
        ns=ns,
        at=at,
        ctr=ctr,
        exit_code=1,
        ran=(20, 27),
        log=stamped(lines, at(25.425), [0.00001] * 6 + [1.2]),
        category="dependency-error",
        evidence="Op type not registered 'XRTAllocateFromTensor'",
        description="An early (2019) PyTorch/XLA program on a Cloud TPU v3-8: torch_xla loads its XRT "
        "configuration and maps the TPU's devices, then its first call to the TPU fails - the TPU's own software "
        "does not know the op the client sends ('Op type not registered 'XRTAllocateFromTensor' in binary running "
        "on <the TPU host>'). The maintainer's answer: the TPU runs a software version too old for this torch_xla "
        "(a newer TPU version fixes it), so the cause is a version mismatch between the client library and the "
        "TPU runtime. Verbatim from the thread: the opener's XRT lines as far as the stored copy shows them (the "
        "terminal's line wraps joined, the home directory's user name neutralised) and the RuntimeError the "
        "maintainer quotes from the same thread as 'the same issue' (the TPU host's generated name neutralised); "
        "the traceback frames between are not in the thread and left out. Reconstructed: the thread ran on a GCE "
        "VM with a Cloud TPU; here it is a batch Job whose one pod has the v3-8 attached (GKE's "
        "cloud-tpus.google.com/v3 resource of that time) - the Job, the image, the command, the resources, the "
        "node, exit code 1 and the times.",
        title="torch_xla on a Cloud TPU whose software version is too old: 'Not found: Op type not registered "
        "'XRTAllocateFromTensor' in binary running on' the TPU host",
        source="https://github.com/pytorch/xla/issues/659",
        captured=300,
        node_name="gke-tpu-pool-2",
    )
