"""The cases under tests/cases/: the rule engine's verdict must agree with each expected.yaml
in category, health, culprit and evidence, exactly as ``jobdoctor eval`` scores them.

The folders are written by tests/cases/generate.py (see tests/cases/README.md); a test
checks that they are what the generator writes today.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from agent.diagnosis import diagnose
from agent.evaluation import Case, compare, load_case
from agent.engine.taxonomy import categories
from agent.engine.verdict import Verdict
from collectors.collecting import Target
from collectors.snapshot import SnapshotSource
from tests.cases.generate import differences
from tests.conftest import CASES, EXAMPLES

CASE_DIRS = sorted(p.parent for p in CASES.glob("*/expected.yaml"))

# Cases the engine gets wrong because of its logic, not its catalogue. Each reason says what
# is wrong and where; strict, so a fix shows up as an unexpected pass to remove here.
ENGINE_GAPS: dict[str, str] = {
    # A generic exception whose message names the cause: read the message before the type.
    "nan-loss-pytorchjob-megatron-nan-grad-norm": "AssertionError 'found NaN in local grad norm' read as "
    "application-error; NaN/Inf in a loss or gradient message should win over the exception type",
    "nan-loss-job-nemo-unexpected-result-nan": "RuntimeError 'Unexpected result nan (found NaN in local grad "
    "norm ...)' read as application-error; same rule: NaN in the message means nan-loss",
    "nan-loss-tfjob-deeplab-nan-in-summary-histogram": "InvalidArgumentError 'Nan in summary histogram' read as "
    "application-error; a NaN named in the message is divergence (nan-loss)",
    "missing-file-tfjob-ps-checkpoint-not-on-shared-disk": "tf NotFoundError 'Failed to find any matching files "
    "for <ckpt>' read as application-error; 'not found'/'no matching files' for a checkpoint means missing-file",
    "missing-file-tfjob-object-detection-fine-tune-checkpoint": "NotFoundError 'Unsuccessful TensorSliceReader "
    "constructor: Failed to find any matching files' read as application-error; same missing-file rule",
    "gpu-oom-paddlejob-llama-resource-exhausted": "Paddle 'ResourceExhaustedError: ... Out of memory error on GPU 0' "
    "(message on the line after the type) read as application-error; join an error type with its message lines",
    # Launchers and tools whose own failure lines the catalogue does not know.
    "config-error-mpijob-hydra-rejects-openmpi-option": "Hydra/MPICH 'match_arg ... unrecognized argument' is not "
    "recognised (unknown); a launcher rejecting its own options is config-error",
    "rendezvous-error-xgboostjob-rabit-tracker-localhost": "rabit 'connect to (failed): [host]' / 'Socket Connect "
    "Error' after retries is not recognised (unknown); a worker that cannot reach its tracker is rendezvous-error",
    # Quiet-by-design containers: judge progress on the container that reports it.
    "healthy-pytorchjob-c10d-ipv6-socket-warnings": "called stalled because the worker is silent after start-up "
    "while rank 0 (master) logs epochs; judge the stall on the container that reports progress",
    "healthy-pytorchjob-nccl-no-ib-device-uses-sockets": "called stalled because the worker logs nothing after "
    "NCCL init while the master reports iterations every minute; same rule",
    "healthy-pytorchjob-elastic-worker-group-restarted": "called stalled: the worker's agent is silent after the "
    "recovered rendezvous while the master trains; same rule (and the restart is history)",
    "healthy-pytorchjob-deepspeed-overflow-then-recovers": "called stalled because the worker is silent after "
    "torchrun start-up while rank 0 logs steps; same rule",
    "healthy-mpijob-benchmark-sshd-workers-quiet": "called stalled because MPI workers run only sshd; the launcher "
    "reports images/sec every 48 s - sshd workers must not be judged for progress",
    # The cause is on another object.
    "killed-externally-pytorchjob-worker-pod-deleted-by-hand": "called stalled with worker-0 as culprit; a Killing "
    "event on a former uid of worker-1 (pod deleted by hand, recreated) should make worker-1 the culprit, "
    "killed-externally",
    "gpu-hardware-error-pytorchjob-xid79-node-event-only": "blames worker-1's exit 137 as killed-externally; the Node "
    "event 'Xid 79 ... GPU has fallen off the bus' on the node it ran on should make it gpu-hardware-error",
    # A running job that requested GPUs and uses none.
    "cuda-error-pytorchjob-cuda-unknown-error-trains-on-cpu": "called healthy; 'CUDA initialization: CUDA unknown "
    "error ... Setting the available devices to be zero' in a running pod that holds a GPU is cuda-error",
    # tests/cases/scenarios_real_platform.py (cases from real reports: platform and serving)
    "cuda-error-pod-nvml-lost-after-daemon-reload":
        "called healthy: a running container whose every line since some point is the same GPU-initialisation "
        "failure (NVML Unknown Error) has no GPU now; an error repeated up to the last line is not one it survived",
    "cuda-error-pod-vllm-ascend-graph-mode-kernel-launch-failed":
        "called crash-signal from exit 134: the abort follows an Ascend runtime error (AclNN_Runtime_Error EZ9903, "
        "aclrtLaunchKernel... failed: 507011, aivector error); an NPU runtime error before the abort is the cause",
    "deadline-exceeded-job-parallel-job-run-timeout-default":
        "unknown: a batch-inference harness reporting each mini-batch as \"status\": \"RUN_TIMEOUT\" ran into its "
        "per-invocation deadline; needs batch-inference timeout signatures",
    "deadline-exceeded-job-parallel-run-invocation-timeout":
        "called healthy: a running batch-scoring driver that only logs 'Stop for run() unable to finish within N "
        "seconds' makes no progress; explicit per-batch timeout lines are evidence even from a running process",
    "evicted-pod-comfyui-node-low-ephemeral-storage":
        "called disk-full: 'The node was low on resource: ephemeral-storage' is node disk pressure (evicted); only "
        "a pod exceeding its own ephemeral-storage limit is disk-full",
    "gpu-hardware-error-pod-cuda-validator-xid48-double-bit":
        "unknown: the node the failing pod ran on has an Xid 48 (double bit ECC) Node condition and event from "
        "node-problem-detector; read the failed pods' Node objects and events",
    "gpu-hardware-error-pytorchjob-gpu-fell-off-bus-node-event":
        "blames the master's NCCL watchdog: worker 2's node reports 'Xid 79, GPU has fallen off the bus' (Node "
        "condition and event) when its log went silent; a node GPU fault under a silent rank is the first failure",
    "gpu-oom-pod-sglang-scheduler-oom-server-stays-up":
        "called healthy: a server's scheduler died of CUDA OOM ('Scheduler hit an exception') and only health "
        "checks follow; a fatal exception in a serving process that then serves nothing is not survived",
    "healthy-pod-tgi-quiet-between-requests":
        "called stalled: an inference server that logs nothing per request is quiet by design once Ready; judge "
        "stalls only on containers that report progress, never on an idle Ready server",
    "killed-externally-pytorchjob-worker-deleted-by-hand":
        "called stalled on worker 0: a Killing event on a former uid of worker-1 (deleted by hand, recreated "
        "under the same name) is where the job broke; read events of the workload's former pods",
    "missing-file-pod-triton-model-pt-not-found":
        "unknown: Triton's \"unable to find '/models/.../model.pt' for model instance\" names a missing model file "
        "(missing-file); needs the signature",
    "nccl-error-pod-lmdeploy-ascend-hccl-task-timeout-hang":
        "called healthy: a serving pod whose last lines are an HCCL 'fftsplus task timeout ... stuck notify' is "
        "hung in a collective; HCCL timeouts from a still-running process are not survived",
    "nccl-error-pytorchjob-ascend-stream-sync-timeout":
        "unknown: 'EE1002 ... Stream synchronize timeout' (507046) on every NPU rank is a collective that never "
        "completed (nccl-error); needs the Ascend runtime signature",
}


def _params() -> list[Any]:
    out = []
    for folder in CASE_DIRS:
        gap = ENGINE_GAPS.get(folder.name)
        marks = [pytest.mark.xfail(reason=gap, strict=True)] if gap else []
        out.append(pytest.param(folder, id=folder.name, marks=marks))
    return out


def _show(verdict: Verdict) -> str:
    culprit = verdict.culprit.pod if verdict.culprit else None
    lines = [f"verdict: {verdict.category} (healthy={verdict.healthy}), culprit {culprit}, "
             f"signature {verdict.signature}", f"error: {verdict.error}"]
    lines += [f"  [{e.source} {e.pod}] {e.text}" for e in verdict.evidence]
    return "\n".join(lines)


@pytest.mark.parametrize("folder", _params())
def test_verdict_matches_expected(folder: Path) -> None:
    case = load_case(folder)
    verdict = diagnose(Target(case.kind, case.name, case.namespace), SnapshotSource(folder / "snapshot"))
    misses = compare(case, verdict)
    assert not misses, "; ".join(misses) + "\n" + _show(verdict)


def _pod_names(folder: Path) -> set[str]:
    names = set()
    for doc in yaml.safe_load_all((folder / "snapshot" / "objects.yaml").read_text(encoding="utf-8")):
        for obj in doc.get("items", [doc]) if doc else []:
            if obj.get("kind") == "Pod":
                names.add(obj["metadata"]["name"])
    return names


@pytest.mark.parametrize("folder", CASE_DIRS, ids=[f.name for f in CASE_DIRS])
def test_expected_is_a_valid_case(folder: Path) -> None:
    raw = yaml.safe_load((folder / "expected.yaml").read_text(encoding="utf-8"))
    case = Case.model_validate(raw)
    assert raw["id"] == folder.name
    assert case.category in categories()
    assert case.healthy == (case.category == "healthy")
    culprits = [case.culprit] if isinstance(case.culprit, str) else case.culprit or []
    assert set(culprits) <= _pod_names(folder), "a culprit names a pod the snapshot does not hold"
    assert (folder / "snapshot" / "snapshot.yaml").is_file(), "every case pins its capture time"


def test_every_category_has_a_case() -> None:
    covered = {load_case(folder).category for folder in CASE_DIRS}
    assert set(categories()) - covered == set()


def test_case_folders_are_what_the_generator_writes() -> None:
    assert differences(CASES, EXAMPLES) == [], "run: python -m tests.cases.generate"


def test_engine_gaps_name_existing_cases() -> None:
    assert set(ENGINE_GAPS) <= {f.name for f in CASE_DIRS}
