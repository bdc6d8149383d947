"""Fresh round 30: real public threads about healthy traps: ML jobs and servers whose logs hold alarming but harmless lines.

Threads were taken in the order a neutral search returned them, not picked for novelty, so the
blind verdict (in the commit that added each case) estimates how the engine does on failures
nobody wrote a case for. Each case keeps the lines people pasted verbatim (names neutralised)
and says where they came from: ``title`` (what happened) and ``source`` (the thread) go into
expected.yaml.
"""

from __future__ import annotations

from datetime import datetime, timezone

from tests.cases.builders import CaseSpec, Clock, Container, Scenarios, gpu
from tests.cases.scenarios_fresh7_quiet import _running_job, _spec

SCENARIOS = Scenarios()


# -- ml4h (ml4cvd) training in its Docker image: the tensor generator's per-epoch error summary --------------


@SCENARIOS.add
def healthy_job_ml4h_tensor_generator_epoch_error_summary() -> CaseSpec:
    at = Clock(datetime(2019, 10, 16, 15, 0, tzinfo=timezone.utc))
    name, ns = "ecg-bmi-regression", "cardio-ml"
    ctr = Container(
        "ml4cvd",
        "registry.corp.example/cardio/ml4cvd:tf2-latest-gpu",
        command=["python", "ml4cvd/recipes.py", "--mode", "train", "--tensors", "/mnt/disks/tensors/"],
        resources=gpu(1, "64Gi", "8"),
    )
    # The default training log the pull request shows, verbatim (a block printed at the end of a true epoch).
    entries: list[tuple[float, str]] = [
        (0, "2019-10-16 15:16:26,801 - tensor_generators:129 - INFO - In epoch 1 the following errors occurred:"),
        (0, "    [exercise phase is not full length] - 771"),
        (0, "    [Max load not high enough] - 623"),
        (0, "    [Tensor contains nans.] - 167"),
        (0, "    [TensorMap 23104_Body-mass-index-BMI_0_0 failed range check.] - 86"),
        (0, "    [pretest phase is not full length] - 22"),
        (0, "    [rest phase is not full length] - 11"),
        (
            0.001,
            "2019-10-16 15:16:26,802 - tensor_generators:130 - INFO - Generator looped & shuffled over 6766 tensors.",
        ),
        (
            0.001,
            "2019-10-16 15:16:26,803 - tensor_generators:131 - INFO - True epoch number:1 in which 5084 tensors "
            "were presented.",
        ),
    ]
    first = 16 * 60 + 26.801
    objects, logs, _ = _running_job(at, name, ns, ctr, entries, "gpu-node-2", first=first)
    return _spec(
        "healthy-job-ml4h-tensor-generator-epoch-error-summary",
        name,
        ns,
        "healthy",
        description="ml4h (then ml4cvd) trains a Keras model from HD5 tensors in its Docker image. Its tensor "
        "generator skips every sample whose TensorMap raises (a short exercise phase, NaNs, a value out of range) "
        "and, at the end of each true epoch, logs an INFO summary 'In epoch 1 the following errors occurred:' "
        "with counts, then how many tensors it looped over and presented; training goes on. The pull request "
        "moved the per-sample error traces to DEBUG and shows this block as the default training log. The nine "
        "lines are the thread's, verbatim. Reconstructed: the batch Job and its one running pod with 1 GPU "
        "(image, node, resources and command made up; the thread ran in ml4h's Docker image), the kubelet times "
        "(matching the printed ones), the capture 40 s after the block. No other line of the run is added.",
        objects=objects,
        logs=logs,
        captured=at(first + 40),
        title="ml4h training logs 'In epoch 1 the following errors occurred: [Tensor contains nans.] - 167 ...' "
        "after each true epoch - skipped samples summarised at INFO, training continues",
        source="https://github.com/broadinstitute/ml4h/pull/64",
    )
