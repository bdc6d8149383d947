"""The rule engine as tables: evidence in, category and culprit out.

Each row is a situation an on-call engineer meets; the ids say which.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from agent.engine.rules import judge
from agent.engine.signatures import builtin_catalogue
from collectors.evidence import Evidence, PodFacts, ReplicaFacts
from tests.builders import (
    CUDA_OOM,
    NCCL_TIMEOUT,
    TRAINING,
    at,
    condition,
    event,
    evidence,
    log,
    pod,
    running,
    terminated,
    unschedulable,
    waiting,
)


@dataclass(frozen=True)
class Row:
    evidence: Evidence
    category: str
    culprit: str | None
    healthy: bool = False


def _cascade() -> Evidence:
    """worker-1 runs out of GPU memory; the others time out ten minutes later, and the job's
    condition names the Master - the last to fail."""
    return evidence(
        [
            pod("t-master-0", terminated(1, -10), role="master", index=0),
            pod("t-worker-0", terminated(1, -10), role="worker", index=0),
            pod("t-worker-1", terminated(1, -20), role="worker", index=1),
        ],
        conditions=[
            condition(
                "Failed",
                reason="PyTorchJobFailed",
                message="PyTorchJob t is failed because 1 Master replica(s) failed.",
            )
        ],
        logs=[
            log(
                "t-master-0",
                [*TRAINING, NCCL_TIMEOUT, "torch.distributed.elastic.multiprocessing.errors.ChildFailedError:"],
            ),
            log("t-worker-0", [*TRAINING, NCCL_TIMEOUT]),
            log(
                "t-worker-1",
                [*TRAINING, "Traceback (most recent call last):", '  File "train.py", line 9, in <module>', CUDA_OOM],
            ),
        ],
    )


def _oomkilled_worker() -> Evidence:
    return evidence(
        [
            pod("t-master-0", terminated(1, -5), role="master", index=0),
            pod("t-worker-3", terminated(137, -35, reason="OOMKilled"), role="worker", index=3),
        ],
        logs=[log("t-master-0", [NCCL_TIMEOUT]), log("t-worker-3", TRAINING)],
    )


def _timeouts_only() -> Evidence:
    return evidence(
        [
            pod("t-master-0", terminated(1, -5), role="master", index=0),
            pod("t-worker-0", terminated(1, -6), role="worker", index=0),
        ],
        logs=[log("t-master-0", [NCCL_TIMEOUT]), log("t-worker-0", [NCCL_TIMEOUT])],
    )


def _cause_after_symptom() -> Evidence:
    """A pod with only symptoms failed earlier than the pod with a cause: symptoms never
    make a culprit while a cause exists."""
    return evidence(
        [
            pod("t-worker-0", terminated(1, -30), role="worker", index=0),
            pod("t-worker-1", terminated(1, -20), role="worker", index=1),
        ],
        logs=[
            log("t-worker-0", ["Connection reset by peer"]),
            log("t-worker-1", ["OSError: [Errno 28] No space left on device: '/ckpt/step-900'"]),
        ],
    )


def _simultaneous() -> Evidence:
    """Two failures within seconds: the more specific one is the cause."""
    return evidence(
        [
            pod("t-worker-0", terminated(1, -20), role="worker", index=0),
            pod("t-worker-1", terminated(1, -20 + 3 / 60), role="worker", index=1),
        ],
        logs=[
            log("t-worker-0", ["ValueError: bad value"]),
            log("t-worker-1", ["RuntimeError: CUDA error: an illegal memory access was encountered"]),
        ],
    )


def _recovered() -> Evidence:
    return evidence(
        [
            pod(
                "t-master-0",
                running(started=-40),
                role="master",
                index=0,
                last=terminated(137, -41, reason="OOMKilled", started=-90),
            )
        ],
        status="Running",
        logs=[log("t-master-0", TRAINING)],
    )


def _crashlooping() -> Evidence:
    return evidence(
        [
            pod(
                "t-master-0",
                running(started=-2),
                role="master",
                index=0,
                last=terminated(137, -3, reason="OOMKilled", started=-9),
                restarts=4,
            )
        ],
        status="Running",
    )


def _survived_error() -> Evidence:
    """A still-running process logged a CUDA OOM it caught and retried."""
    return evidence(
        [pod("t-master-0", running(), role="master", index=0)],
        status="Running",
        logs=[log("t-master-0", [*TRAINING, CUDA_OOM, "retrying with a smaller batch", *TRAINING])],
    )


def _succeeded_with_errors() -> Evidence:
    return evidence(
        [pod("t-master-0", terminated(0, -1), role="master", index=0, last=terminated(1, -50))],
        status="Succeeded",
        logs=[log("t-master-0", [CUDA_OOM], previous=True)],
        conditions=[condition("Succeeded", reason="PyTorchJobSucceeded", message="succeeded")],
    )


def _succeeded_after_giving_up_on_nan() -> Evidence:
    """The trainer stopped itself because every gradient was NaN, then exited 0."""
    stop = (
        "(trainer:404) WARNING: The gradients at all steps are invalid in this epoch. Something seems wrong. "
        "This training was stopped at 2epoch"
    )
    return evidence(
        [pod("t-master-0", terminated(0, -1), role="master", index=0)],
        status="Succeeded",
        logs=[log("t-master-0", [*TRAINING, stop, "The training was finished at 1 epochs"])],
        conditions=[condition("Succeeded", reason="PyTorchJobSucceeded", message="succeeded")],
    )


def _succeeded_after_a_run_that_gave_up() -> Evidence:
    """An earlier run stopped on NaN; the retry that succeeded did not: the retry fixed it."""
    stop = "Batch 1882: Invalid loss, terminating training"
    return evidence(
        [pod("t-master-0", terminated(0, -1), role="master", index=0, last=terminated(0, -50), restarts=1)],
        status="Succeeded",
        logs=[log("t-master-0", [*TRAINING, stop], previous=True), log("t-master-0", TRAINING)],
        conditions=[condition("Succeeded", reason="PyTorchJobSucceeded", message="succeeded")],
    )


def _succeeded_though_oomkilled() -> Evidence:
    """A wrapper caught its task's failure and exited 0, but the kernel had killed a process
    of the container for memory: the status says OOMKilled on the exit 0."""
    return evidence(
        [pod("t-master-0", terminated(0, -1, reason="OOMKilled"), role="master", index=0)],
        status="Succeeded",
        logs=[log("t-master-0", [*TRAINING, "Return code -9"])],
        conditions=[condition("Succeeded", reason="PyTorchJobSucceeded", message="succeeded")],
    )


def _succeeded_though_the_script_rejected_its_arguments() -> Evidence:
    """A wrapper ran the training script with os.system (piped through tee) and exited 0 after
    argparse refused the script's options: nothing was trained."""
    return evidence(
        [pod("t-master-0", terminated(0, -1), role="master", index=0)],
        status="Succeeded",
        logs=[
            log(
                "t-master-0",
                ["Training command:", "usage: train.py [-h]", "train.py: error: unrecognized arguments: --t-mult 1"],
            )
        ],
        conditions=[condition("Succeeded", reason="PyTorchJobSucceeded", message="succeeded")],
    )


def _succeeded_on_a_retry_after_oomkilled() -> Evidence:
    """The run before was OOMKilled; the retry that succeeded was not: the retry fixed it."""
    return evidence(
        [
            pod(
                "t-master-0",
                terminated(0, -1),
                role="master",
                index=0,
                last=terminated(0, -50, reason="OOMKilled"),
                restarts=1,
            )
        ],
        status="Succeeded",
        logs=[log("t-master-0", TRAINING)],
        conditions=[condition("Succeeded", reason="PyTorchJobSucceeded", message="succeeded")],
    )


def _succeeded_search_that_dropped_a_diverging_trial() -> Evidence:
    """A hyperparameter search stopped one trial on NaN and went on to train the others."""
    trials = [f"Trial {t} Complete [00h 04m 12s] val_loss: 0.{40 + t}" for t in range(60)]
    return evidence(
        [pod("t-master-0", terminated(0, -1), role="master", index=0)],
        status="Succeeded",
        logs=[log("t-master-0", ["Batch 6: Invalid loss, terminating training", *trials])],
        conditions=[condition("Succeeded", reason="PyTorchJobSucceeded", message="succeeded")],
    )


def _stalled() -> Evidence:
    lines = [f"2026-05-01T09:{m:02d}:00Z step {m} loss 1.0" for m in range(50)]
    return evidence(
        [pod("t-master-0", running(started=-200), role="master", index=0)],
        status="Running",
        logs=[log("t-master-0", lines)],
    )


def _stalled_after_error() -> Evidence:
    lines = [f"2026-05-01T09:{m:02d}:00Z step {m} loss 1.0" for m in range(50)]
    lines.append("2026-05-01T09:50:01Z NCCL WARN NET/IB : Got completion from peer 10.0.0.2<1234> with error 12")
    return evidence(
        [pod("t-master-0", running(started=-200), role="master", index=0)],
        status="Running",
        logs=[log("t-master-0", lines)],
    )


def _quiet_recently() -> Evidence:
    lines = [f"2026-05-01T11:{m:02d}:00Z step {m} loss 1.0" for m in range(50)]
    return evidence(
        [pod("t-master-0", running(started=-200), role="master", index=0)],
        status="Running",
        logs=[log("t-master-0", lines)],
    )


def _local_clock() -> Evidence:
    """A healthy job logging in UTC-7: its last line looks 7 hours old, but its first line
    is 7 hours "before" the container started - the clock, not the job, is off."""
    lines = [f"2026-05-01 {h:02d}:{m:02d}:00 step loss 1.0" for h in (2, 3, 4) for m in range(0, 60, 2)]
    lines.append("2026-05-01 04:59:00 step loss 0.9")
    return evidence(
        [pod("t-master-0", running(started=-180), role="master", index=0)],
        status="Running",
        logs=[log("t-master-0", lines)],
    )


def _restarted_culprit() -> Evidence:
    """worker-1 ran out of GPU memory and restarted at once; 30 minutes later (the NCCL
    timeout) the others failed. worker-1 now looks recovered, but the cascade began there."""
    return evidence(
        [
            pod("t-master-0", running(started=-1), role="master", index=0, last=terminated(1, -2, started=-60)),
            pod("t-worker-0", running(started=-1), role="worker", index=0, last=terminated(1, -2, started=-60)),
            pod("t-worker-1", running(started=-31), role="worker", index=1, last=terminated(1, -32, started=-60)),
        ],
        status="Restarting",
        logs=[
            log("t-worker-1", [*TRAINING, CUDA_OOM], previous=True),
            log("t-master-0", [NCCL_TIMEOUT], previous=True),
            log("t-worker-0", [NCCL_TIMEOUT], previous=True),
        ],
    )


def _old_recovery_new_trouble() -> Evidence:
    """A crash three hours before an unrelated failure stays history."""
    return evidence(
        [
            pod("t-master-0", terminated(1, -2), role="master", index=0),
            pod(
                "t-worker-0",
                running(started=-180),
                role="worker",
                index=0,
                last=terminated(137, -181, reason="OOMKilled"),
            ),
        ],
        logs=[log("t-master-0", ["ModuleNotFoundError: No module named 'flash_attn'"])],
    )


def _diverged_while_running() -> Evidence:
    lines = [*TRAINING, *(f"{{'loss': nan, 'learning_rate': 2e-05, 'epoch': {1 + i / 10}}}" for i in range(20))]
    return evidence(
        [pod("t-master-0", running(), role="master", index=0)], status="Running", logs=[log("t-master-0", lines)]
    )


def _nan_once_then_fine() -> Evidence:
    lines = [
        *TRAINING,
        "{'loss': nan, 'epoch': 0.3}",
        *(f"{{'loss': 1.{i:02d}, 'epoch': {0.4 + i / 100}}}" for i in range(60)),
    ]
    return evidence(
        [pod("t-master-0", running(), role="master", index=0)], status="Running", logs=[log("t-master-0", lines)]
    )


def _replaced_pod() -> Evidence:
    """A Job's first pod was evicted; its replacement has run for an hour."""
    evicted = pod(
        "etl-a", terminated(137, -70), reason="Evicted", message="The node was low on resource: memory.", created=-130
    )
    return evidence([evicted, pod("etl-b", running(started=-60), created=-65)], kind="Job", status="Running")


def _scaling_up() -> Evidence:
    return evidence(
        [
            unschedulable(
                "t-master-0",
                "0/3 nodes are available: 3 Insufficient nvidia.com/gpu.",
                since=-4,
                role="master",
                index=0,
            )
        ],
        status="Created",
        events=[
            event(
                "FailedScheduling",
                "0/3 nodes are available: 3 Insufficient nvidia.com/gpu.",
                obj="t-master-0",
                first=-4,
            ),
            event(
                "TriggeredScaleUp",
                "pod triggered scale-up: [{gpu-pool 2->3 (max: 8)}]",
                obj="t-master-0",
                type_="Normal",
                first=-3,
            ),
        ],
    )


def _scale_up_too_slow() -> Evidence:
    return evidence(
        [
            unschedulable(
                "t-master-0",
                "0/3 nodes are available: 3 Insufficient nvidia.com/gpu.",
                since=-40,
                role="master",
                index=0,
            )
        ],
        status="Created",
        events=[event("TriggeredScaleUp", "pod triggered scale-up", obj="t-master-0", type_="Normal", first=-39)],
    )


def _restart_loop() -> Evidence:
    return evidence(
        [pod("server", waiting("CrashLoopBackOff"), last=terminated(0, -1), restarts=9)], kind="Pod", status="Running"
    )


def _deadline() -> Evidence:
    return evidence(
        [pod("t-master-0", running(), role="master", index=0)],
        conditions=[
            condition(
                "Failed",
                reason="DeadlineExceeded",
                message="Job t has failed because it was active longer than specified deadline",
            )
        ],
    )


def _never_reconciled() -> Evidence:
    # An MPIJob half an hour old that no operator ever touched: no status, no pods.
    return evidence([], kind="MPIJob", status="Created", replicas=[], created=-30)


def _reconciled_without_pods() -> Evidence:
    # The operator did take it up (a Created condition) and still no pod: nothing names why.
    return evidence(
        [], kind="MPIJob", status="Created", replicas=[], created=-30, conditions=[condition("Created", time=-29)]
    )


def _quota() -> Evidence:
    return evidence(
        [],
        kind="Job",
        status="Pending",
        replicas=[ReplicaFacts(role="pod", expected=1, created=0)],
        events=[
            event(
                "FailedCreate",
                'pods "x" is forbidden: exceeded quota: gpu, requested: requests.nvidia.com/gpu=8',
                obj="eval",
                kind="Job",
                count=9,
            )
        ],
    )


def _quota_history() -> Evidence:
    """Rejected once, then admitted: the job runs with every pod."""
    return evidence(
        [pod("eval-abcde", running(), role=None)],
        kind="Job",
        status="Running",
        replicas=[ReplicaFacts(role="pod", expected=1, created=1)],
        events=[event("FailedCreate", "exceeded quota: gpu", obj="eval", kind="Job", first=-100)],
    )


def _past_scheduling_trouble() -> Evidence:
    return evidence(
        [pod("t-master-0", running(), role="master", index=0)],
        status="Running",
        events=[
            event(
                "FailedScheduling",
                "0/4 nodes are available: 4 Insufficient nvidia.com/gpu.",
                obj="t-master-0",
                first=-125,
            )
        ],
    )


def _pending_mount() -> Evidence:
    return evidence(
        [
            pod("t-master-0", running(), role="master", index=0),
            pod("t-worker-0", waiting("ContainerCreating"), role="worker", index=0),
        ],
        status="Running",
        events=[
            event(
                "FailedMount",
                'MountVolume.SetUp failed for volume "data" : nfs: access denied',
                obj="t-worker-0",
                first=-12,
            )
        ],
    )


def _pulling() -> Evidence:
    return evidence(
        [
            pod("t-master-0", running(), role="master", index=0),
            pod("t-worker-0", waiting("ContainerCreating"), role="worker", index=0, created=-3),
        ],
        status="Running",
        events=[event("Pulling", 'Pulling image "train:1"', obj="t-worker-0", type_="Normal", first=-2)],
    )


def _stuck_pending() -> Evidence:
    """ContainerCreating for an hour, with warnings no signature knows: not healthy."""
    return evidence(
        [pod("t-master-0", waiting("ContainerCreating"), role="master", index=0, created=-60)],
        status="Created",
        events=[
            event(
                "FailedCreatePodSandBox",
                'rpc error: code = Unknown desc = failed to setup network for sandbox: plugin type="calico" failed',
                obj="t-master-0",
                first=-59,
                count=30,
            )
        ],
    )


def _never_ready() -> Evidence:
    """An inference server running for an hour that never became Ready: its errors count."""
    server = pod("vllm-0", running(started=-60), container="vllm")
    server = server.model_copy(update={"containers": [server.containers[0].model_copy(update={"ready": False})]})
    return evidence(
        [server],
        kind="Pod",
        status="Running",
        logs=[
            log(
                "vllm-0",
                [
                    "INFO: loading model",
                    "ValueError: No available memory for the cache blocks. "
                    "Try increasing `gpu_memory_utilization` when initializing the engine.",
                ],
                container="vllm",
            )
        ],
    )


def _probe_killed_exit_zero(since: float) -> Evidence:
    """A server the kubelet restarted for a failed startup probe; it shut down cleanly (exit 0)
    on the SIGTERM. Restarted ``since`` minutes ago."""
    server = pod(
        "vllm-0",
        running(started=since),
        container="vllm",
        last=terminated(0, since - 0.1, started=since - 3),
        restarts=2,
    )
    ready = since < -30  # long restarted: it came up and passes its probes now
    server = server.model_copy(
        update={"containers": [server.containers[0].model_copy(update={"ready": ready, "probed": True})]}
    )
    return evidence(
        [server],
        kind="Pod",
        status="Running",
        events=[
            event(
                "Unhealthy",
                'Startup probe failed: Get "http://10.0.0.7:8000/health": dial tcp 10.0.0.7:8000: connect: '
                "connection refused",
                obj="vllm-0",
                first=since - 8,
                last=since - 0.3,
                count=40,
            ),
            event(
                "Killing",
                "Container vllm failed startup probe, will be restarted",
                obj="vllm-0",
                type_="Normal",
                first=since - 5,
                last=since - 0.2,
                count=2,
            ),
        ],
    )


def _preempted_then_pending() -> Evidence:
    """The replacement pod cannot be scheduled because of the preemption: the preemption is
    the cause."""
    gone = pod(
        "job-a",
        terminated(143, -20),
        conditions=[
            condition(
                "DisruptionTarget",
                reason="PreemptionByScheduler",
                message="preempting to accommodate a higher priority pod",
                time=-20.1,
            )
        ],
    )
    return evidence(
        [gone, unschedulable("job-b", "0/8 nodes are available: 8 Insufficient nvidia.com/gpu.", since=-19.95)],
        kind="Job",
        status="Running",
    )


def _unschedulable_master() -> Evidence:
    return evidence(
        [
            unschedulable(
                "t-master-0",
                "0/9 nodes are available: 9 Insufficient nvidia.com/gpu.",
                since=-30,
                role="master",
                index=0,
            ),
            pod("t-worker-0", running(started=-5), role="worker", index=0, last=terminated(1, -6)),
        ],
        status="Running",
        logs=[
            log(
                "t-worker-0",
                [
                    "torch.distributed.DistNetworkError: The client socket has timed out after 900s "
                    "while trying to connect to (t-master-0, 23456)."
                ],
                previous=True,
            )
        ],
    )


def _failed_without_error() -> Evidence:
    return evidence(
        [pod("t-master-0", terminated(1, -3), role="master", index=0)],
        logs=[log("t-master-0", [*TRAINING, "torch.distributed.elastic.multiprocessing.errors.ChildFailedError:"])],
    )


def _failed_on_unknown_words(last: str) -> Evidence:
    """A rank that trained, then failed on an error line no signature knows (``last``)."""
    return evidence(
        [pod("t-master-0", terminated(1, -3), role="master", index=0)],
        logs=[log("t-master-0", [*TRAINING, last])],
    )


def _no_pods() -> Evidence:
    return evidence([], kind="Job", status="Created", created=-60)


def _line_means_most_specific() -> Evidence:
    return evidence(
        [pod("t-master-0", terminated(1, -3), role="master", index=0)],
        logs=[log("t-master-0", ["RuntimeError: CUDA error: out of memory"])],
    )


def _warnings_are_noise() -> Evidence:
    return evidence(
        [pod("t-master-0", terminated(1, -3), role="master", index=0)],
        logs=[
            log("t-master-0", ["/x.py:3: UserWarning: ModuleNotFoundError handled, falling back", "KeyError: 'labels'"])
        ],
    )


# -- progress judged on the container that reports it -----------------------------------------


def _stamp(minutes: float) -> str:
    t = at(minutes)
    return t.strftime("%Y-%m-%dT%H:%M:%S") + "Z"


def _quiet_workers() -> Evidence:
    """The master reports a step a minute until now; the workers printed their start-up lines
    two hours ago and nothing since - quiet by design."""
    master = [f"{_stamp(m)} step {m + 120} loss 1.0" for m in range(-119, 0)]
    start = [f"{_stamp(-120)} [INFO] rank {r}: initialized torch.distributed (nccl)" for r in range(8)]
    return evidence(
        [
            pod("t-master-0", running(started=-121), role="master", index=0),
            pod("t-worker-0", running(started=-121), role="worker", index=0),
        ],
        status="Running",
        logs=[log("t-master-0", master), log("t-worker-0", start)],
    )


def probed_ready(p: PodFacts) -> PodFacts:
    """``p`` with every container probed and Ready: a server its readiness probe passes."""
    return p.model_copy(
        update={"containers": [c.model_copy(update={"probed": True, "ready": True}) for c in p.containers]}
    )


def _nobody_reports_progress(server: bool = False) -> Evidence:
    """No container reports progress; the only one has been quiet for hours: a job hung before
    its first step - unless it is a Ready server, whose readiness probe tells its health."""
    lines = [f"{_stamp(-180 + s / 60)} [INFO] loading shard {s} of 12" for s in range(12)]
    p = pod("t-master-0", running(started=-181), role="master", index=0)
    if server:
        p = probed_ready(p)
    return evidence([p], status="Running", logs=[log("t-master-0", lines)])


def _server_silent_never_ready(quiet: float, up: float = 40) -> Evidence:
    """A server up for ``up`` minutes that never became Ready: its start-up lines a few seconds
    apart, then nothing for ``quiet`` minutes - hung while starting once both are long, still
    starting while it has not been up for long."""
    lines = [f"{_stamp(-quiet - (7 - s) / 20)} INFO starting engine, step {s} of 8" for s in range(8)]
    p = pod("srv-0", running(started=-up), container="srv")
    p = p.model_copy(
        update={"containers": [c.model_copy(update={"probed": True, "ready": False}) for c in p.containers]}
    )
    return evidence([p], kind="Pod", status="Running", logs=[log("srv-0", lines, container="srv")])


def _ranks_silent_after(line: str, quiet: float, pods: int = 2) -> Evidence:
    """Two ranks that started a few seconds apart, each printed ``line`` and then nothing for
    ``quiet`` minutes, no progress anywhere: in two pods, or both in one (``pods=1``)."""
    master = [f"{_stamp(-quiet - 0.5)} this is main", f"{_stamp(-quiet)} {line}"]
    worker = [f"{_stamp(-quiet - 0.45)} this is main", f"{_stamp(-quiet + 0.05)} {line}"]
    if pods == 1:
        return evidence(
            [pod("t-master-0", running(started=-quiet - 1), role="master", index=0)],
            status="Running",
            logs=[log("t-master-0", sorted(master + worker))],
        )
    return evidence(
        [
            pod("t-master-0", running(started=-quiet - 1), role="master", index=0),
            pod("t-worker-0", running(started=-quiet - 1), role="worker", index=0),
        ],
        status="Running",
        logs=[log("t-master-0", master), log("t-worker-0", worker)],
    )


def _server_readiness_answered(status: str, quiet: int = 1) -> Evidence:
    """A server up for half an hour, never Ready, its log quiet for the last ``quiet`` minutes:
    the kubelet's readiness probe gets ``status`` every time, to the last minute."""
    lines = [f"{_stamp(-m)} INFO 503 GET /v1/models/m (10.0.0.1) 0.5ms" for m in range(29, quiet - 1, -1)]
    p = pod("srv-0", running(started=-30), container="srv")
    p = p.model_copy(
        update={"containers": [c.model_copy(update={"probed": True, "ready": False}) for c in p.containers]}
    )
    probe = event("Unhealthy", f"Readiness probe failed: {status}", obj="srv-0", first=-29, last=-1, count=340)
    return evidence([p], kind="Pod", status="Running", events=[probe], logs=[log("srv-0", lines, container="srv")])


def _bar_says_steps_take_seconds() -> Evidence:
    """Timed lines every 40 minutes (checkpoints), an untimed bar that says a step takes 6 s,
    then three hours of nothing."""
    lines = []
    for i in range(4):
        lines.append(f"Epoch 0: {i * 10}%|#   | {i * 400}/4000 [{i * 40}:00<..., 6.00s/it]")
        lines.append(f"{_stamp(-340 + i * 40)} INFO saved checkpoint step={i * 400}")
    lines.append("Epoch 0: 40%|#   | 1600/4000 [2:40:00<..., 6.00s/it]")
    lines.append(f"{_stamp(-180)} INFO saved checkpoint step=1600")
    lines.append("Epoch 0: 41%|#   | 1610/4000 [2:41:00<..., 6.00s/it]")
    return evidence([pod("t-0", running(started=-350))], kind="Job", status="Running", logs=[log("t-0", lines)])


def _arrived_together() -> Evidence:
    """A block-buffered program: the last 40 progress lines (a buffer's worth, over 4 KiB) share
    one time - when they were written is unknown, so the silence after them is not measured."""
    lines = [f"{_stamp(-200)} step {i} loss 1.0 lr 0.0001 grad_norm 0.93 tokens/s 10234 {'.' * 60}" for i in range(40)]
    return evidence([pod("t-0", running(started=-201))], kind="Job", status="Running", logs=[log("t-0", lines)])


def _stall_inspector() -> Evidence:
    lines = [
        *(f"{_stamp(-60 + m)} step {m} loss 1.0" for m in range(30)),
        *(
            f"{_stamp(-29 + m)} [1,0]<stderr>: One or more tensors were submitted to be reduced, gathered or "
            "broadcasted by subset of ranks and are waiting for remainder of ranks for more than 60 seconds."
            for m in range(28)
        ),
    ]
    return evidence(
        [pod("t-launcher", running(started=-61), role="launcher")],
        kind="MPIJob",
        status="Running",
        logs=[log("t-launcher", lines)],
    )


def _stall_warning_then_progress() -> Evidence:
    lines = [
        f"{_stamp(-60)} One or more tensors were submitted to be reduced, gathered or broadcasted by subset of "
        "ranks and are waiting for remainder of ranks for more than 60 seconds.",
        *(f"{_stamp(-59 + m)} step {m} loss 1.0" for m in range(58)),
    ]
    return evidence(
        [pod("t-launcher", running(started=-61), role="launcher")],
        kind="MPIJob",
        status="Running",
        logs=[log("t-launcher", lines)],
    )


RECV_FAILED = (
    "[W822 03:54:49.636977195 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=15, addr=[t-1]:60560, "
    "remote=[t-0]:29500): failed to recv, got 0 bytes"
)


def _store_retries_at_the_end() -> Evidence:
    """Both ranks run; one has done nothing but retry the c10d store for twenty minutes."""
    retries = [f"{_stamp(-20 + m / 2)} {RECV_FAILED}" for m in range(40)]
    return evidence(
        [
            pod("t-node-0", running(started=-21), role="node", index=0),
            pod("t-node-1", running(started=-21), role="node", index=1),
        ],
        status="Running",
        logs=[log("t-node-0", [f"{_stamp(-21)} starting"]), log("t-node-1", retries)],
    )


def _store_retry_then_training() -> Evidence:
    """The store answered after a few retries at start-up, and training has gone on since."""
    lines = [
        *(f"{_stamp(-60 + m / 2)} {RECV_FAILED}" for m in range(4)),
        *(f"{_stamp(-58 + m)} step {m} loss 1.0" for m in range(58)),
    ]
    return evidence(
        [pod("t-node-1", running(started=-61), role="node", index=1)], status="Running", logs=[log("t-node-1", lines)]
    )


def _oomkilled_but_sigterm(code: int) -> Evidence:
    """The runtime says OOMKilled; the exit code says which signal ended the process."""
    return evidence(
        [pod("srv", running(started=-2), last=terminated(code, -3, reason="OOMKilled", started=-9), restarts=4)],
        kind="Pod",
        status="Running",
    )


# -- the cause on another object ----------------------------------------------------------------


def _former_rank_preempted() -> Evidence:
    """worker-1 was preempted and recreated under its name: its old uid's event is all that
    tells; the others timed out waiting for it."""
    recreated = pod("t-worker-1", running(started=-25), role="worker", index=1, created=-26).model_copy(
        update={"uid": "new"}
    )
    gone = event("Preempted", "Preempted by pod 5d2a on node n-7", obj="t-worker-1", type_="Normal", first=-30)
    return evidence(
        [
            pod("t-master-0", terminated(1, -19), role="master", index=0),
            pod("t-worker-0", terminated(1, -19), role="worker", index=0),
            recreated,
        ],
        events=[gone.model_copy(update={"object_uid": "old"})],
        logs=[log("t-master-0", [NCCL_TIMEOUT]), log("t-worker-0", [NCCL_TIMEOUT])],
    )


def _killed_after_the_failure() -> Evidence:
    """Pods deleted after the job failed (cleanPodPolicy) leave Killing events behind: history,
    not a cause."""
    return evidence(
        [pod("t-master-0", terminated(1, -30), role="master", index=0)],
        events=[event("Killing", "Stopping container main", obj="t-worker-0", type_="Normal", first=-29)],
        logs=[log("t-master-0", [*TRAINING, "ValueError: bad batch"])],
    )


def _deleted_after_its_own_failure(killed: float) -> Evidence:
    """A pod its operator deleted ``killed`` minutes ago (RestartJob, a sidecar stopped); its
    container exited 1 at -30 with an error of its own, or 143 after the kill."""
    code = 1 if killed > -30 else 143
    return evidence(
        [pod("t-master-0", terminated(code, -30), role="master", index=0)],
        events=[event("Killing", "Stopping container main", obj="t-master-0", type_="Normal", first=killed)],
        logs=[log("t-master-0", [*TRAINING, "RuntimeError: test error"] if code == 1 else TRAINING)],
    )


def _replica_deleted_failed_the_job(deleted: float) -> Evidence:
    """A replica deleted by hand ``deleted`` minutes ago (its Killing event on a uid no pod has
    now) and the job Failed a minute ago, the other replicas still training."""
    gone = event("Killing", "Stopping container main", obj="t-worker-1", type_="Normal", first=deleted)
    return evidence(
        [
            pod("t-master-0", running(started=-60), role="master", index=0),
            pod("t-worker-0", running(started=-60), role="worker", index=0),
        ],
        conditions=[condition("Failed", reason="JobFailed", message="1 Worker replica(s) failed.", time=-1)],
        events=[gone.model_copy(update={"object_uid": "old"})],
        logs=[log("t-master-0", TRAINING), log("t-worker-0", TRAINING)],
    )


def _gpu_fell_off_the_bus() -> Evidence:
    """The rank on node n-2 died without a word; the node's event says why."""

    def on(node: str, p: PodFacts) -> PodFacts:
        return p.model_copy(update={"node": node})

    return evidence(
        [
            on("n-1", pod("t-master-0", terminated(1, -5), role="master", index=0)),
            on("n-2", pod("t-worker-0", terminated(1, -15), role="worker", index=0)),
        ],
        events=[
            event(
                "XidCriticalError",
                "NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.",
                obj="n-2",
                kind="Node",
                first=-16,
            )
        ],
        logs=[log("t-master-0", [NCCL_TIMEOUT]), log("t-worker-0", TRAINING)],
    )


def _gpu_pod_on_cpu(accelerators: int) -> Evidence:
    lines = [
        "UserWarning: CUDA initialization: CUDA unknown error - this may be due to an incorrectly set up "
        "environment. Setting the available devices to be zero.",
        *TRAINING * 40,
    ]
    p = pod("t-0", running(started=-60)).model_copy(update={"accelerators": accelerators})
    return evidence([p], kind="Job", status="Running", logs=[log("t-0", lines)])


def _gpu_pod_on_cpu_then_hub_timeout(failure: str) -> Evidence:
    """A GPU pod warns CUDA cannot be used (it would go on on the CPU), then dies on ``failure``."""
    lines = [
        "UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 10020).",
        "Traceback (most recent call last):",
        '  File "train.py", line 3, in <module>',
        failure,
    ]
    p = pod("t-0", terminated(1, -10)).model_copy(update={"accelerators": 1})
    return evidence([p], kind="Job", status="Failed", logs=[log("t-0", lines)])


def _deepstream_elements_not_created(accelerators: int) -> Evidence:
    """deepstream-app cannot build its pipeline: the elements it names were not created."""
    lines = [
        "** ERROR: <create_multi_source_bin:1457>: Failed to create element 'src_bin_muxer'",
        "** ERROR: <create_pipeline:1327>: create_pipeline failed",
        "** ERROR: <main:697>: Failed to create pipeline",
        "App run failed",
    ]
    p = pod("ds-0", terminated(255, -10)).model_copy(update={"accelerators": accelerators})
    return evidence([p], kind="Job", logs=[log("ds-0", lines)])


def _server_engine_died() -> Evidence:
    """A server answers requests, its engine dies of OOM, and only health checks follow."""
    served = [f'{_stamp(-60 + m / 6)} "POST /v1/completions HTTP/1.1" 200 OK' for m in range(120)]
    health = [f'{_stamp(-40 + m)} "GET /health HTTP/1.1" 200 OK' for m in range(40)]
    lines = [*served, f"{_stamp(-40.5)} {CUDA_OOM}", *health]
    return evidence([pod("srv", running(started=-61))], kind="Pod", status="Running", logs=[log("srv", lines)])


def _transient_error_then_quiet() -> Evidence:
    """Progress, one error, then nothing at all for ten minutes (a long checkpoint save): a
    silence for the stall rules to judge, too short for them."""
    lines = [
        *(f"{_stamp(-40 + m / 6)} step {m} loss 1.0" for m in range(180)),
        f"{_stamp(-10)} requests.exceptions.ReadTimeout: HTTPSConnectionPool(host='hub', port=443): Read timed out.",
    ]
    return evidence([pod("t-0", running(started=-41))], kind="Job", status="Running", logs=[log("t-0", lines)])


def _same_error_to_the_last_line() -> Evidence:
    lines = [
        "Tue Mar 24 09:00:00 2026  NVIDIA-SMI 550.54  Driver Version: 550.54",
        *(f"{_stamp(-20 + m / 12)} Failed to initialize NVML: Unknown Error" for m in range(200)),
    ]
    return evidence([pod("smi", running(started=-120))], kind="Pod", status="Running", logs=[log("smi", lines)])


def _ready_server_failing(tail: Sequence[str], *, times: int = 40) -> Evidence:
    """A Ready server that loaded its model and started listening; then the same error-level
    line for every request, and ``tail`` after it."""
    started = [f"I0501 10:00:{s:02d}.000000 1 model_lifecycle.cc:818] successfully loaded 'llm'" for s in range(3)] + [
        "I0501 10:00:05.000000 1 http_server.cc:4619] Started HTTPService at 0.0.0.0:8000"
    ]
    failing = [
        f"[Engine][ERROR] request {m}: error in forward function: Input tensor 'kv_len' not found" for m in range(times)
    ]
    p = probed_ready(pod("srv", running(started=-120)))
    return evidence([p], kind="Pod", status="Running", logs=[log("srv", [*started, *failing, *tail])])


# A web app's session handler dying on an exception: the frames of its traceback, and the exception.
_FRAMES = [
    '  File "/app/server.py", line 374, in _process',
    "    await self._handle(q)",
    '  File "/app/init.py", line 124, in initialize_client',
    "    os.makedirs(data_dir, exist_ok=True)",
    "PermissionError: [Errno 13] Permission denied: '/workspace/data/user'",
]


# The same traceback as loguru prints it (logger.exception with backtrace and diagnose): the frame
# that caught the exception marked '> File', each frame's values annotated under its source line.
_LOGURU_FRAMES = [
    '> File "/app/server.py", line 374, in _process',
    "    await self._handle(q)",
    "          │    │       └ <app.server.Query object at 0x7f3c2d1e9a90>",
    "          │    └ <function Server._handle at 0x7f3c2e04b1a0>",
    "          └ <app.server.Server object at 0x7f3c2d1f0b50>",
    "",
    *_FRAMES,
]


def _ready_server_unhandled(tail: Sequence[str], frames: Sequence[str] = _FRAMES) -> Evidence:
    """A Ready web app whose session handler died on an exception (logged once, with its
    traceback ``frames``), then ``tail``."""
    traceback = ["2024-01-29 19:19:07,769 - ERROR: Unhandled exception", "Traceback (most recent call last):", *frames]
    p = probed_ready(pod("srv", running(started=-120)))
    started = ["INFO:     Uvicorn running on http://0.0.0.0:10101 (Press CTRL+C to quit)"]
    return evidence([p], kind="Pod", status="Running", logs=[log("srv", [*started, *traceback, *tail])])


def _ready_server_cut_traceback(frames: Sequence[str] = _FRAMES) -> Evidence:
    """A Ready server whose log, as read, begins inside a traceback (its header and what came
    before were rotated away) and ends on the exception."""
    p = probed_ready(pod("srv", running(started=-120)))
    return evidence([p], kind="Pod", status="Running", logs=[log("srv", frames)])


def _worker_exited_0_after_an_error(status: str, then: Sequence[str] = ()) -> Evidence:
    """An elastic agent that could not reach the rendezvous store and exited 0 (kubectl:
    Completed) while the rank hosting the store waits; the job is ``status``."""
    refused = "RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details."
    return evidence(
        [
            pod("t-worker-0", running(started=-7), role="worker", index=0),
            pod("t-worker-1", terminated(0, -6.9, started=-7), role="worker", index=1),
        ],
        status=status,
        logs=[
            log("t-worker-0", ["INFO:torch.distributed.launcher.api:Starting elastic_operator with launch configs:"]),
            log(
                "t-worker-1",
                ["INFO:torch.distributed.launcher.api:Starting elastic_operator with launch configs:", refused, *then],
            ),
        ],
    )


def _relayed_from_another_node(address: str) -> Evidence:
    """A Ray driver pod reports that Ray's memory monitor killed a task, naming the node by
    its address on the next line of the message; the worker pod at that address runs on."""
    ray_oom = [
        *TRAINING,
        "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.",
        f"Memory on the node (IP: {address}, ID: 5f0c2b1e) where the task (name=Train, pid=412, memory used=30.1GB) "
        "was running was 61.2GB / 64.0GB (0.956), which exceeds the memory usage threshold of 0.95.",
    ]
    return _ray_driver_relays(ray_oom)


def _ray_driver_relays(lines: list[str]) -> Evidence:
    """A failed Ray driver pod (10.0.0.3) whose log is ``lines``, beside a running head
    (10.0.0.5) and worker (10.0.0.7)."""
    return evidence(
        [
            pod("t-submit", terminated(1, -5), role="submitter").model_copy(update={"ip": "10.0.0.3"}),
            pod("t-head", running(), role="head").model_copy(update={"ip": "10.0.0.5"}),
            pod("t-worker-0", running(), role="worker", index=0).model_copy(update={"ip": "10.0.0.7"}),
        ],
        kind="Job",
        logs=[log("t-submit", lines)],
    )


def _worker_death_relayed(address: str) -> Evidence:
    """A Ray driver pod relays the raylet's report that a worker process died without a word
    of its own, naming where it ran only as "Worker IP address:"; the worker pod at that
    address runs on."""
    died = [
        *TRAINING,
        "(raylet) A worker died or was killed while executing a task by an unexpected system error. To troubleshoot "
        "the problem, check the logs for the dead worker. RayTask ID: ffffffffffffffff3fe856 Worker ID: fead2dfe78 "
        f"Node ID: 201f2cc4bc Worker IP address: {address} Worker port: 10046 Worker PID: 89513 Worker exit type: "
        "SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. "
        "There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory "
        "usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other "
        "unexpected errors.",
        "(TorchTrainer pid=89392) Worker 0 has failed.",
    ]
    return _ray_driver_relays(died)


def _cannot_create_never_ran() -> Evidence:
    """A container the runtime cannot create, with no run before and no event kept: its
    waiting state is the failure now, not history."""
    return evidence(
        [pod("srv", waiting("CreateContainerError", "Error response from daemon: No command specified"), created=-30)],
        kind="Pod",
        status="Pending",
    )


ROWS = {
    "cascade: first OOM, not the replica the condition names": Row(_cascade(), "gpu-oom", "t-worker-1"),
    "cascade: OOMKilled worker before NCCL timeouts": Row(_oomkilled_worker(), "oom-killed", "t-worker-3"),
    "timeouts only: earliest rank, nccl-error": Row(_timeouts_only(), "nccl-error", "t-worker-0"),
    "a cause beats an earlier symptom": Row(_cause_after_symptom(), "disk-full", "t-worker-1"),
    "simultaneous failures: the more specific cause": Row(_simultaneous(), "cuda-error", "t-worker-1"),
    "restart that recovered is history": Row(_recovered(), "healthy", None, healthy=True),
    "restart loop on OOMKilled is not recovered": Row(_crashlooping(), "oom-killed", "t-master-0"),
    "errors a running process survived": Row(_survived_error(), "healthy", None, healthy=True),
    "succeeded after a failure": Row(_succeeded_with_errors(), "healthy", None, healthy=True),
    "succeeded, but the trainer stopped itself on NaN": Row(
        _succeeded_after_giving_up_on_nan(), "nan-loss", "t-master-0"
    ),
    "succeeded: a search dropped a diverging trial and went on": Row(
        _succeeded_search_that_dropped_a_diverging_trial(), "healthy", None, healthy=True
    ),
    "succeeded, but a process was OOM-killed and the wrapper exited 0": Row(
        _succeeded_though_oomkilled(), "oom-killed", "t-master-0"
    ),
    "succeeded, but the wrapped script rejected its arguments": Row(
        _succeeded_though_the_script_rejected_its_arguments(), "application-error", "t-master-0"
    ),
    "succeeded on a retry after an OOMKilled exit 0": Row(
        _succeeded_on_a_retry_after_oomkilled(), "healthy", None, healthy=True
    ),
    "succeeded on a retry after a run stopped on NaN": Row(
        _succeeded_after_a_run_that_gave_up(), "healthy", None, healthy=True
    ),
    "silent far beyond its cadence": Row(_stalled(), "stalled", "t-master-0"),
    "silent after an error: the error": Row(_stalled_after_error(), "nccl-error", "t-master-0"),
    "quiet for a few minutes is fine": Row(_quiet_recently(), "healthy", None, healthy=True),
    "a log clock in another time zone is not a stall": Row(_local_clock(), "healthy", None, healthy=True),
    "restarting forever on exit 0": Row(_restart_loop(), "stalled", "server"),
    "a failed pod the Job replaced is history": Row(_replaced_pod(), "healthy", None, healthy=True),
    "waiting for the autoscaler's new node": Row(_scaling_up(), "healthy", None, healthy=True),
    "the autoscaler took too long": Row(_scale_up_too_slow(), "unschedulable", "t-master-0"),
    "a rank that restarted at once still started the cascade": Row(_restarted_culprit(), "gpu-oom", "t-worker-1"),
    "an old recovered crash is not the cause of a new failure": Row(
        _old_recovery_new_trouble(), "dependency-error", "t-master-0"
    ),
    "a running job whose loss is NaN now": Row(_diverged_while_running(), "nan-loss", "t-master-0"),
    "a NaN loss long ago, fine since": Row(_nan_once_then_fine(), "healthy", None, healthy=True),
    "deadline: the workload, no culprit pod": Row(_deadline(), "deadline-exceeded", None),
    "quota rejections while pods are missing: the refused pod": Row(_quota(), "quota-exceeded", "x"),
    "quota rejections that are history": Row(_quota_history(), "healthy", None, healthy=True),
    "scheduling trouble that resolved": Row(_past_scheduling_trouble(), "healthy", None, healthy=True),
    "pending pod that cannot mount": Row(_pending_mount(), "volume-error", "t-worker-0"),
    "pending pod pulling its image": Row(_pulling(), "healthy", None, healthy=True),
    "pending for an hour with unknown warnings": Row(_stuck_pending(), "unknown", "t-master-0"),
    "running but never ready: its errors count": Row(_never_ready(), "gpu-oom", "vllm-0"),
    "killed by a failed probe, exited 0: still killed": Row(_probe_killed_exit_zero(-2), "killed-externally", "vllm-0"),
    "killed by a failed probe long ago, fine since": Row(_probe_killed_exit_zero(-40), "healthy", None, healthy=True),
    "preempted, replacement unschedulable": Row(_preempted_then_pending(), "preempted", "job-a"),
    "master unschedulable, workers time out": Row(_unschedulable_master(), "unschedulable", "t-master-0"),
    "failed with no error anywhere": Row(_failed_without_error(), "unknown", "t-master-0"),
    "failed on an error no signature knows, naming NCCL: a guess": Row(
        _failed_on_unknown_words("ERROR: the NCCL communicator of rank 3 went away"), "nccl-error", "t-master-0"
    ),
    "failed on an error no signature knows, in no telling words: unknown": Row(
        _failed_on_unknown_words("ERROR: the run went away"), "unknown", "t-master-0"
    ),
    "no pods long after creation": Row(_no_pods(), "unknown", None),
    "a line means its most specific reading": Row(_line_means_most_specific(), "gpu-oom", "t-master-0"),
    "python warnings are noise": Row(_warnings_are_noise(), "application-error", "t-master-0"),
    "workers quiet by design, the master progressing": Row(_quiet_workers(), "healthy", None, healthy=True),
    "no container reports progress: silence is judged on all": Row(_nobody_reports_progress(), "stalled", "t-master-0"),
    "a Ready server is quiet between requests": Row(
        _nobody_reports_progress(server=True), "healthy", None, healthy=True
    ),
    "a server never Ready, silent for half an hour while starting: hung": Row(
        _server_silent_never_ready(30), "stalled", "srv-0"
    ),
    "a server starting for 12 minutes, silent for 11: still starting": Row(
        _server_silent_never_ready(11, up=12), "healthy", None, healthy=True
    ),
    "ranks silent for 25 minutes after announcing the process group: they never met": Row(
        _ranks_silent_after("Using distributed PyTorch with gloo backend", 25), "rendezvous-error", "t-master-0"
    ),
    "one pod's ranks silent for 25 minutes after announcing the process group: a hung collective": Row(
        _ranks_silent_after("Using distributed PyTorch with gloo backend", 25, pods=1), "stalled", "t-master-0"
    ),
    "ranks silent for 25 minutes after an ordinary start-up line: still starting": Row(
        _ranks_silent_after("Loading the dataset from /data/train", 25), "healthy", None, healthy=True
    ),
    "ranks silent for 12 minutes after announcing the process group: still joining": Row(
        _ranks_silent_after("Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/2", 12), "healthy", None, healthy=True
    ),
    "a server never Ready, its probe answered with an HTTP error": Row(
        _server_readiness_answered("HTTP probe failed with statuscode: 503"), "config-error", "srv-0"
    ),
    "a server never Ready, its log quiet for 25 minutes, its probe still answered: not hung": Row(
        _server_readiness_answered("HTTP probe failed with statuscode: 503", quiet=25), "config-error", "srv-0"
    ),
    "a server never Ready, its log quiet for 25 minutes, its probe unanswered: hung": Row(
        _server_readiness_answered(
            'Get "http://10.0.0.5:8080/v1/models/m": context deadline exceeded (Client.Timeout exceeded while '
            "awaiting headers)",
            quiet=25,
        ),
        "stalled",
        "srv-0",
    ),
    "the bar's own pace says it hangs": Row(_bar_says_steps_take_seconds(), "stalled", "t-0"),
    "lines that arrived together leave the silence unmeasured": Row(_arrived_together(), "healthy", None, healthy=True),
    "a stall inspector among the last lines": Row(_stall_inspector(), "stalled", "t-launcher"),
    "a stall warning training got past": Row(_stall_warning_then_progress(), "healthy", None, healthy=True),
    "a former rank preempted, recreated under its name": Row(_former_rank_preempted(), "preempted", "t-worker-1"),
    "pods killed after the failure are history": Row(_killed_after_the_failure(), "application-error", "t-master-0"),
    "a pod deleted after its container failed: the deletion is not why": Row(
        _deleted_after_its_own_failure(-29), "application-error", "t-master-0"
    ),
    "a pod deleted while its container ran: killed from outside": Row(
        _deleted_after_its_own_failure(-31), "killed-externally", "t-master-0"
    ),
    "a replica deleted by hand just before the job failed": Row(
        _replica_deleted_failed_the_job(-2), "killed-externally", "t-worker-1"
    ),
    "a replica deleted by hand long before the job failed: history": Row(
        _replica_deleted_failed_the_job(-100), "unknown", None
    ),
    "the node says its GPU fell off the bus": Row(_gpu_fell_off_the_bus(), "gpu-hardware-error", "t-worker-0"),
    "a GPU pod that cannot use its GPU": Row(_gpu_pod_on_cpu(1), "cuda-error", "t-0"),
    "a CPU pod's CUDA warning means nothing": Row(_gpu_pod_on_cpu(0), "healthy", None, healthy=True),
    "a GPU pod on the CPU that then times out reaching the hub died of the timeout": Row(
        _gpu_pod_on_cpu_then_hub_timeout("socket.timeout: timed out"), "network-error", "t-0"
    ),
    "a GPU pod on the CPU that then fails for another reason is still on the CPU": Row(
        _gpu_pod_on_cpu_then_hub_timeout("AssertionError: Torch not compiled with CUDA enabled"), "cuda-error", "t-0"
    ),
    "DeepStream's elements not created in a pod given no GPU": Row(
        _deepstream_elements_not_created(0), "cuda-error", "ds-0"
    ),
    "DeepStream's elements not created in a GPU pod is no GPU problem": Row(
        _deepstream_elements_not_created(1), "unknown", "ds-0"
    ),
    "a server's engine died and only health checks follow": Row(_server_engine_died(), "gpu-oom", "srv"),
    "an error, then a quiet spell too short for a stall": Row(
        _transient_error_then_quiet(), "healthy", None, healthy=True
    ),
    "the same error over and over up to the last line": Row(_same_error_to_the_last_line(), "cuda-error", "smi"),
    "a rank still retrying the rendezvous store": Row(_store_retries_at_the_end(), "rendezvous-error", "t-node-1"),
    "store retries at start-up, training since": Row(_store_retry_then_training(), "healthy", None, healthy=True),
    "OOMKilled with exit 143 was a SIGTERM": Row(_oomkilled_but_sigterm(143), "killed-externally", "srv"),
    "OOMKilled with exit 137 is the OOM killer": Row(_oomkilled_but_sigterm(137), "oom-killed", "srv"),
    "a driver relays a memory kill on another node: that node's pod": Row(
        _relayed_from_another_node("10.0.0.7"), "oom-killed", "t-worker-0"
    ),
    "a driver relays a worker process that vanished: the pod at its worker IP address": Row(
        _worker_death_relayed("10.0.0.7"), "oom-killed", "t-worker-0"
    ),
    "a container that cannot be created, never run: its waiting error": Row(
        _cannot_create_never_ran(), "config-error", "srv"
    ),
    "a Ready server failing every request with an error no signature knows": Row(
        _ready_server_failing([]), "unknown", "srv"
    ),
    "an error said twice, not again and again": Row(_ready_server_failing([], times=2), "healthy", None, healthy=True),
    "a server that failed some requests and answers others since": Row(
        _ready_server_failing(['"POST /v1/completions HTTP/1.1" 200 OK']), "healthy", None, healthy=True
    ),
    "an error repeated, then other lines: what it does now is not that error": Row(
        _ready_server_failing(["I0501 10:09:00.000000 1 model_lifecycle.cc:461] loading: llm:2"]),
        "healthy",
        None,
        healthy=True,
    ),
    "a warning repeated to the last line is a warning": Row(
        evidence(
            [pod("srv", running(started=-120))],
            kind="Pod",
            status="Running",
            logs=[
                log("srv", [f"W0501 11:5{m}:00.000000 1 socket.cpp:558] cannot connect (errno: 97)" for m in range(9)])
            ],
        ),
        "healthy",
        None,
        healthy=True,
    ),
    "an unhandled exception, a running server's last words": Row(
        _ready_server_unhandled([]), "permission-denied", "srv"
    ),
    "an unhandled exception whose traceback began before the log read: still its last words": Row(
        _ready_server_cut_traceback(), "permission-denied", "srv"
    ),
    "an unhandled exception in loguru's traceback ('> File' marks the frame that caught it): its last words": Row(
        _ready_server_unhandled([], _LOGURU_FRAMES), "permission-denied", "srv"
    ),
    "a loguru traceback whose header came before the log read: still its last words": Row(
        _ready_server_cut_traceback(_LOGURU_FRAMES), "permission-denied", "srv"
    ),
    "an unhandled exception, the copy cut at the chain's next traceback header: still its last words": Row(
        _ready_server_unhandled(
            [
                "",
                "The above exception was the direct cause of the following exception:",
                "",
                "Traceback (most recent call last):",
            ]
        ),
        "permission-denied",
        "srv",
    ),
    "the chain's glue, then requests served: the server went on": Row(
        _ready_server_unhandled(
            [
                "",
                "During handling of the above exception, another exception occurred:",
                'INFO:     10.0.0.9:51234 - "GET / HTTP/1.1" 200 OK',
            ]
        ),
        "healthy",
        None,
        healthy=True,
    ),
    "an unhandled exception, then requests served: a session failed, the server did not": Row(
        _ready_server_unhandled(['INFO:     10.0.0.9:51234 - "GET / HTTP/1.1" 200 OK']), "healthy", None, healthy=True
    ),
    "an error, then exit 0, in a job still running: the exit code was swallowed": Row(
        _worker_exited_0_after_an_error("Running"), "rendezvous-error", "t-worker-1"
    ),
    "the same words from a job that succeeded: how its ranks parted": Row(
        _worker_exited_0_after_an_error("Succeeded"), "healthy", None, healthy=True
    ),
    "an error long before a clean exit: got past": Row(
        _worker_exited_0_after_an_error("Running", then=[f"step {s} loss 0.5" for s in range(10)]),
        "healthy",
        None,
        healthy=True,
    ),
    "an operator's kind never reconciled: no controller took it up": Row(_never_reconciled(), "config-error", None),
    "reconciled, yet no pods and nothing says why": Row(_reconciled_without_pods(), "unknown", None),
    "a relayed address no pod of the job has: the pod that printed it": Row(
        _relayed_from_another_node("10.9.9.9"), "oom-killed", "t-submit"
    ),
}


@pytest.mark.parametrize("row", ROWS.values(), ids=ROWS.keys())
def test_rules(row: Row) -> None:
    verdict = judge(row.evidence, builtin_catalogue())
    assert (verdict.category, verdict.culprit.pod if verdict.culprit else None, verdict.healthy) == (
        row.category,
        row.culprit,
        row.healthy,
    ), verdict.analysis
    assert verdict.engine == "rules"
    if not verdict.healthy:
        assert verdict.evidence, "an unhealthy verdict quotes what it rests on"


def test_an_error_repeated_to_the_last_line_is_quoted_and_said_to_be_unread() -> None:
    verdict = judge(_ready_server_failing([]), builtin_catalogue())
    assert "Input tensor 'kv_len' not found" in verdict.evidence[0].text
    assert verdict.confidence == "low"


def test_cascade_names_the_symptoms_and_the_misleading_condition() -> None:
    verdict = judge(_cascade(), builtin_catalogue())
    assert "2 other pods failed after it" in verdict.analysis
    assert "names the replica whose failure ended the job" in verdict.analysis
    assert verdict.evidence[0].text.startswith("torch.OutOfMemoryError")
    assert any(e.pod == "t-master-0" for e in verdict.evidence), "one cascade line shows the symptoms"


def test_symptoms_quote_the_strongest_lines_not_the_first() -> None:
    """A server's shard times out in its first collective after the launcher waited for it: the
    culprit's stronger symptoms fill the evidence, not the launcher's waiting printed first."""
    waits = [f"INFO shard-manager: text_generation_launcher: Waiting for shard to be ready... rank={r}" for r in (0, 1)]
    abort = "ERROR shard-manager: text_generation_launcher: Shard process was signaled to shutdown with signal 6 rank=1"
    terminate = "terminate called after throwing an instance of 'std::runtime_error'"
    lines = [*waits, "Connection reset by peer", NCCL_TIMEOUT, terminate, abort]
    verdict = judge(
        evidence([pod("srv", terminated(1, -5), role="server", index=0)], logs=[log("srv", lines)]),
        builtin_catalogue(),
    )
    assert verdict.category == "nccl-error"
    quoted = [e.text for e in verdict.evidence if e.source == "log"]
    assert quoted[0] == NCCL_TIMEOUT
    assert {"Connection reset by peer", terminate, abort} <= set(quoted)
    assert not any("Waiting for shard" in q for q in quoted)


def test_stall_quotes_the_last_line_and_its_time() -> None:
    verdict = judge(_stalled(), builtin_catalogue())
    assert "09:49:00" in verdict.evidence[0].text
    assert "2h11m" in verdict.error


def _hung_at_start(last: str) -> Evidence:
    """Ranks that announced their process group and printed nothing since ``last``."""
    lines = ["2026-05-01T11:14:50Z GPU available: True, used: True", f"{last} initializing ddp: GLOBAL_RANK: 0"]
    return evidence([pod("t-0", running(started=-50))], kind="Job", status="Running", logs=[log("t-0", lines)])


def test_a_silence_is_measured_to_the_second_of_the_snapshot() -> None:
    """The snapshot's time is kept to the second: silent 45 minutes less a fraction of a second
    is silent the 45 minutes a stall needs; a second and more short of them is not."""
    assert judge(_hung_at_start("2026-05-01T11:15:00.400000000Z"), builtin_catalogue()).category == "stalled"
    assert judge(_hung_at_start("2026-05-01T11:15:01.500000000Z"), builtin_catalogue()).healthy


def test_ranks_that_never_met_are_told_to_check_the_way_to_the_master() -> None:
    """A stall on a process group's announcement says the ranks never met and where to look
    (the master's address and port), not where a running job hangs; start-up lines a fraction
    of a second apart give no rhythm to quote."""
    verdict = judge(_ranks_silent_after("Using distributed PyTorch with gloo backend", 25), builtin_catalogue())
    assert verdict.category == "rendezvous-error"
    assert "the ranks never all met" in verdict.analysis
    assert "MASTER_ADDR" in verdict.solution and "py-spy" not in verdict.solution
    assert "every 0s" not in verdict.analysis and "usually prints" not in verdict.analysis


@pytest.mark.parametrize(
    ("last", "quoted", "passed_over", "category"),
    [
        # NCCL's probe for an InfiniBand library (noise) printed after the last words of a job
        # hung at start-up: the verdict quotes where the job stands, not the probe. Ranks of
        # one pod silent after joining hang in their first collective: a stall.
        (
            [
                "2026-05-01T11:00:04Z initializing ddp: GLOBAL_RANK: 0, MEMBER: 1/2",
                "2026-05-01T11:00:05Z t-0:82:82 [0] misc/ibvwrap.cc:63 NCCL WARN Failed to open libibverbs.so[.1]",
            ],
            "MEMBER: 1/2",
            "libibverbs",
            "stalled",
        ),
        # NCCL's INFO trace decides nothing, but it says where NCCL stands: ranks hung right
        # after "Launch mode Parallel" hang in their first collective.
        (
            [
                "2026-05-01T11:00:03Z host:2217:2490 [0] NCCL INFO comm 0x7f08ac309590 rank 0 nranks 4 - Init COMPLETE",
                "2026-05-01T11:00:04Z host:2217:2490 [0] NCCL INFO Launch mode Parallel",
            ],
            "Launch mode Parallel",
            "GPU available",
            "stalled",
        ),
    ],
    ids=["not a harmless warning after them", "NCCL's last set-up step"],
)
def test_a_stall_quotes_the_last_words(last: list[str], quoted: str, passed_over: str, category: str) -> None:
    lines = ["2026-05-01T11:00:00Z GPU available: True, used: True", *last]
    ev = evidence([pod("t-0", running(started=-61))], kind="Job", status="Running", logs=[log("t-0", lines)])
    verdict = judge(ev, builtin_catalogue())
    assert verdict.category == category
    assert quoted in verdict.error
    assert "11:00:04" in verdict.evidence[0].text
    assert not any(passed_over in e.text for e in verdict.evidence)


def test_a_stall_after_a_symptom_quotes_it_and_says_what_was_lost() -> None:
    lines = [f"2026-05-01T09:{m:02d}:00Z step {m} loss 1.0" for m in range(50)]
    lines.append(
        "2026-05-01T09:49:30Z ERROR TaskSchedulerImpl:70 - Lost an executor 1 (already removed): "
        "Executor heartbeat timed out after 148604 ms"
    )
    lines.append("2026-05-01T09:49:30Z INFO KubernetesClusterSchedulerBackend:54 - Requesting to kill executor(s) 1")
    stalled = evidence(
        [pod("t-master-0", running(started=-200), role="master", index=0)],
        status="Running",
        logs=[log("t-master-0", lines)],
    )
    verdict = judge(stalled, builtin_catalogue())
    assert verdict.category == "stalled"
    assert any("before the silence" in e.text and "heartbeat timed out" in e.text for e in verdict.evidence)
    assert "No error precedes the silence" not in verdict.analysis
    assert "lost a Spark executor" in verdict.analysis
    # With no symptom before it, a stall still says nothing preceded it.
    plain = judge(_stalled(), builtin_catalogue())
    assert "No error precedes the silence" in plain.analysis
    assert not any("before the silence" in e.text for e in plain.evidence)


def test_a_guess_from_words_says_so() -> None:
    """A failure nothing names gets the category its last error line's words point at, said as
    a guess with low confidence and that line as evidence; an earlier error line is not it."""
    line = "[ERROR] worker 2: upstream model endpoint gave Connection reset while streaming"
    ev = _failed_on_unknown_words(line)
    earlier = ev.logs[0].model_copy(update={"tail": [*ev.logs[0].tail[:-1], *ev.logs[0].tail[-1:]]})
    verdict = judge(ev.model_copy(update={"logs": [earlier]}), builtin_catalogue())
    assert verdict.category == "network-error" and not verdict.healthy
    assert verdict.confidence == "low" and "guess" in (verdict.confidence_reason or "")
    assert "guess from words" in verdict.analysis and "Connection reset" in verdict.error
    assert verdict.evidence[0].text.endswith(line)
    # Two error lines: the last one's words decide.
    both = _failed_on_unknown_words(line)
    tail = both.logs[0].tail
    extra = tail[-1].model_copy(update={"line": tail[-1].line + 1, "text": "ERROR: the NCCL communicator went away"})
    both = both.model_copy(
        update={"logs": [both.logs[0].model_copy(update={"tail": [*tail, extra], "lines": extra.line})]}
    )
    assert judge(both, builtin_catalogue()).category == "nccl-error"


def test_pod_order_does_not_change_the_verdict() -> None:
    ev = _cascade()
    reordered = ev.model_copy(update={"pods": list(reversed(ev.pods)), "logs": list(reversed(ev.logs))})
    assert judge(reordered, builtin_catalogue()) == judge(ev, builtin_catalogue())


def test_recovery_needs_time() -> None:
    """The same restart, 3 minutes into the new run instead of 40: not recovered yet."""
    early = evidence(
        [
            pod(
                "t-master-0",
                running(started=-3),
                role="master",
                index=0,
                last=terminated(137, -4, reason="OOMKilled", started=-90),
            )
        ],
        status="Running",
    )
    assert judge(early, builtin_catalogue()).category == "oom-killed"


def _beside_a_sidecar_losing_nvml(last_step: float) -> Evidence:
    """A trainer stepping every minute from an hour ago until ``last_step`` minutes ago, and a
    metrics sidecar whose nvidia-smi fails every minute from half an hour ago."""
    stamp = lambda minutes: at(minutes).strftime("%Y-%m-%dT%H:%M:%S.%fZ ")  # noqa: E731 - the kubelet's prefix
    steps = [f"{stamp(m)}step {1000 + 10 * m} | loss 2.0 | 1.9 it/s" for m in range(-60, int(last_step) + 1)]
    nvml = [f"{stamp(m)}Failed to initialize NVML: Unknown Error" for m in range(-30, 0)]
    p = pod("t-master-0", running(started=-70), role="master", index=0)
    sidecar = p.containers[0].model_copy(update={"name": "gpu-metrics"})
    p = p.model_copy(update={"containers": [*p.containers, sidecar], "accelerators": 1})
    return evidence(
        [p], status="Running", logs=[log("t-master-0", steps), log("t-master-0", nvml, container="gpu-metrics")]
    )


@pytest.mark.parametrize(("last_step", "category"), [(-1, "healthy"), (-40, "cuda-error")], ids=["went-on", "stopped"])
def test_an_error_in_one_container_is_survived_when_another_of_the_pod_works_on_after_it(
    last_step: float, category: str
) -> None:
    """The pod's work is the trainer's: a sidecar's error it stepped on past is the sidecar's
    loss (metrics), while one after which nothing in the pod worked on stopped it."""
    assert judge(_beside_a_sidecar_losing_nvml(last_step), builtin_catalogue()).category == category


def _oom_killed_before(up: float, last_run: float, restarts: int) -> Evidence:
    """A server the kernel killed at its memory limit after ``last_run`` minutes, up ``up``
    minutes since, after ``restarts`` restarts."""
    last = terminated(137, -up - 0.1, reason="OOMKilled", started=-up - 0.1 - last_run)
    return evidence([pod("srv-0", running(started=-up), last=last, restarts=restarts)], status="Running")


@pytest.mark.parametrize(
    ("up", "last_run", "restarts", "healthy"),
    [
        (180, 2160, 2, False),  # killed again and again at ~36 h; 3 h into this run
        (180, 2160, 1, True),  # killed once: one kill is history after RECOVERED_AFTER
        (2200, 2160, 2, True),  # has outlived the run that was killed
    ],
    ids=["recurring", "once", "outlived"],
)
def test_an_oom_kill_that_recurs_is_not_recovered_before_its_age(
    up: float, last_run: float, restarts: int, healthy: bool
) -> None:
    """Memory that grows back (a cache, a leak) is killed again at about the same age, so a
    container killed more than once has not recovered until it outlives the killed run."""
    verdict = judge(_oom_killed_before(up, last_run, restarts), builtin_catalogue())
    assert (verdict.healthy, verdict.category) == (healthy, "healthy" if healthy else "oom-killed")


def _server_restarted(up: float, last_run: float, *, ready: bool = True) -> Evidence:
    """A server (readiness probe) whose last run failed after ``last_run`` minutes and that has
    been up ``up`` minutes since."""
    p = pod("srv-0", running(started=-up), last=terminated(1, -up - 0.1, started=-up - 0.1 - last_run))
    ctr = p.containers[0].model_copy(update={"probed": True, "ready": ready})
    return evidence([p.model_copy(update={"containers": [ctr]})], status="Running")


def test_a_ready_server_past_a_start_up_race_has_recovered() -> None:
    """Exited a second after start (a sidecar not listening yet), Ready for 6 minutes since."""
    assert judge(_server_restarted(6, 1 / 60), builtin_catalogue()).healthy


@pytest.mark.parametrize(
    ("up", "last_run", "ready"),
    [
        (6, 5, True),  # fails again at its own pace: runs as long as this one
        (6, 1 / 60, False),  # not Ready: nothing says it serves
        (1, 1 / 60, True),  # up a minute only
    ],
    ids=["same-pace", "not-ready", "too-early"],
)
def test_a_restarted_server_is_not_recovered_early_without_it(up: float, last_run: float, ready: bool) -> None:
    assert not judge(_server_restarted(up, last_run, ready=ready), builtin_catalogue()).healthy


def _failed_with(lines: list[str]) -> Evidence:
    return evidence(
        [pod("t-master-0", terminated(1, -1), role="master", index=0)],
        logs=[log("t-master-0", lines)],
    )


ENOSPC = "OSError: [Errno 28] No space left on device"
MEMORY_FS = "INFO: Pandarallel will use Memory file system to transfer data between the main process and workers."


def test_a_line_saying_where_the_data_goes_recasts_a_bare_error_after_it() -> None:
    """A bare ENOSPC after a library says it moves its data through /dev/shm is /dev/shm
    filling up; before that line, or without it, it is a full disk."""
    verdict = judge(_failed_with([MEMORY_FS, ENOSPC]), builtin_catalogue())
    assert (verdict.category, verdict.evidence[0].text) == ("shm-exhausted", ENOSPC)
    assert judge(_failed_with([ENOSPC, MEMORY_FS]), builtin_catalogue()).category == "disk-full"
    assert judge(_failed_with([ENOSPC]), builtin_catalogue()).category == "disk-full"


def test_a_recasting_line_alone_decides_nothing() -> None:
    """The announcement is a hint: a job that failed for another reason keeps that reason."""
    verdict = judge(_failed_with([MEMORY_FS, "KeyError: 'text'"]), builtin_catalogue())
    assert verdict.category == "application-error"


STORE_FRAME = [
    "Traceback (most recent call last):",
    '  File "/opt/conda/lib/python3.7/site-packages/torch/distributed/rendezvous.py", line 143, in '
    "_env_rendezvous_handler",
    "    store = TCPStore(master_addr, master_port, world_size, start_daemon)",
]


def test_a_bare_socket_error_raised_creating_the_rendezvous_store_is_a_rendezvous_error() -> None:
    """Older torch's env:// rendezvous ends with a bare 'RuntimeError: Connection timed out' when
    MASTER_ADDR cannot be reached: under the line creating its TCPStore it is the rank that cannot
    reach its store, not a download; without that line it is any service's connection."""
    timed_out = "RuntimeError: Connection timed out"
    verdict = judge(_failed_with([*STORE_FRAME, timed_out]), builtin_catalogue())
    assert (verdict.category, verdict.evidence[0].text) == ("rendezvous-error", timed_out)
    assert judge(_failed_with([timed_out]), builtin_catalogue()).category == "network-error"
    # A different failure after the store was created keeps its own reading.
    assert (
        judge(
            _failed_with([*STORE_FRAME, "CUDA out of memory. Tried to allocate 2.00 GiB"]), builtin_catalogue()
        ).category
        == "gpu-oom"
    )


FL_CLIENT = [
    "2022-08-05 18:40:44,440 - ClientRunner - INFO - [run=1]: client runner started",
    "2022-08-05 18:40:49,444 - FederatedClient - INFO - Starting to fetch execute task.",
]
FL_KILLED = "2022-08-05 18:40:53,537 - ProcessExecutor - INFO - process finished with execution code: -9"


def _fl_client(lines: list[str]) -> Evidence:
    """A federated learning client's container, still running: its parent outlives the run's process."""
    return evidence([pod("site-1", running())], kind="Pod", status="Running", logs=[log("site-1", lines)])


def test_a_federated_client_whose_run_process_was_sigkilled_is_not_healthy() -> None:
    """The parent lives on, so the container runs; its last words say the training process got SIGKILL."""
    verdict = judge(_fl_client([*FL_CLIENT, FL_KILLED]), builtin_catalogue())
    assert (verdict.healthy, verdict.category, verdict.evidence[0].text) == (False, "oom-killed", FL_KILLED)


@pytest.mark.parametrize(
    "ending",
    [
        "2023-02-10 17:02:44,765 - ClientRunner - INFO - [identity=site-1, run=f9b0d6e7]: END_RUN fired",
        "2022-03-17 00:04:08,196 - ClientRunner - INFO - [run=3]: ABORT (RUN) command received",
    ],
    ids=["end-run", "abort"],
)
def test_a_federated_client_that_ends_its_run_kills_the_process_itself(ending: str) -> None:
    """A -9 after the run was ended or aborted is the parent's own teardown, not the OOM killer."""
    assert judge(_fl_client([*FL_CLIENT, ending, FL_KILLED]), builtin_catalogue()).healthy


WATCHDOG = (
    "[rank5]:[E226 11:16:37.121617583 ProcessGroupNCCL.cpp:616] [Rank 5] Watchdog caught collective operation "
    "timeout: WorkNCCL(SeqNum=5653, OpType=ALLREDUCE, NumelIn=8, NumelOut=8, Timeout(ms)=600000) ran for 600028 "
    "milliseconds before timing out."
)
TEARDOWN = "[2025-02-26 11:16:39] Received sigquit from a child process. It usually means the child failed."


def _server_killed(lines: list[str]) -> Evidence:
    return evidence([pod("srv-0", terminated(137, -1))], logs=[log("srv-0", lines)])


def test_a_server_that_kills_its_own_tree_is_not_killed_from_outside() -> None:
    """A server that says it tears its process tree down after a child failed exits 137 by its
    own hand, and a shell's 'Killed' after that is the same kill: what the child logged decides."""
    catalogue = builtin_catalogue()
    verdict = judge(_server_killed([WATCHDOG, TEARDOWN, "Killed"]), catalogue)
    assert (verdict.category, verdict.evidence[0].text) == ("nccl-error", WATCHDOG)
    assert judge(_server_killed([WATCHDOG, TEARDOWN]), catalogue).category == "nccl-error"
    # Without the announcement the exit code and the shell's report keep their reading.
    assert judge(_server_killed([WATCHDOG]), catalogue).category == "killed-externally"
    assert judge(_server_killed([WATCHDOG, "Killed"]), catalogue).category == "oom-killed"


def test_a_teardown_alone_names_no_cause() -> None:
    """With nothing else read, the teardown says a child failed, not why."""
    assert judge(_server_killed([TEARDOWN]), builtin_catalogue()).category == "unknown"


def test_a_kind_no_operator_took_up_says_so_and_where_to_look() -> None:
    verdict = judge(_never_reconciled(), builtin_catalogue())
    assert "has no status and no pods 30m after it was created: training-operator never took it up" in verdict.error
    assert "Check that training-operator is running, that it watches namespace ml" in verdict.solution
    assert "serves kubeflow.org/v1" in verdict.solution


def test_logs_quiet_within_the_same_second_name_the_first_role_not_the_earliest_line() -> None:
    """A master and the worker it waits on both stop within one second: the worker's last line
    came a few hundred milliseconds earlier, which says nothing; the master is named."""
    start = ["2026-05-01T09:00:00Z Started server with target: grpc://localhost:2222"]
    ev = evidence(
        [
            pod("t-worker-0", running(started=-200), role="worker", index=0),
            pod("t-master-0", running(started=-200), role="master", index=0),
        ],
        status="Running",
        logs=[
            log("t-worker-0", [*start, "2026-05-01T09:00:23.500Z Initialize GrpcChannelCache for job worker"]),
            log("t-master-0", [*start, "2026-05-01T09:00:23.900Z INFO:tensorflow:Using config: {}"]),
        ],
    )
    verdict = judge(ev, builtin_catalogue())
    assert verdict.category == "stalled" and verdict.culprit is not None and verdict.culprit.pod == "t-master-0"


def test_a_gang_that_cannot_be_placed_blames_the_first_pod_it_kept_pending() -> None:
    """Only the PodGroup says why (the pods themselves have no events and no PodScheduled
    condition, as Volcano and kube-batch leave them): the cause is about the workload, and it
    shows on the pods it kept from being placed - not on none."""
    gang = "3/0 tasks in gang unschedulable: job is not ready, 3 minAvailable."
    pending = [
        pod(f"t-worker-{i}", waiting("ContainerCreating"), role="worker", index=i).model_copy(update={"node": None})
        for i in range(2)
    ]
    ev = evidence(
        pending,
        kind="MPIJob",
        status="Pending",
        events=[event("Unschedulable", gang, obj="train", kind="PodGroup", first=-50, last=-1, count=50)],
    )
    verdict = judge(ev, builtin_catalogue())
    assert verdict.category == "unschedulable"
    assert verdict.culprit is not None and verdict.culprit.pod == "t-worker-0"
    # Placed pods are not what a gang's refusal is about: with every pod on a node, none is named.
    placed = ev.model_copy(update={"pods": [p.model_copy(update={"node": "node-1"}) for p in pending]})
    assert judge(placed, builtin_catalogue()).culprit is None


def test_a_queue_holding_a_running_jobs_podgroup_is_current_while_its_pod_waits() -> None:
    """A batch Job whose pod Volcano schedules is Running (its pod exists, Pending) while the
    PodGroup Volcano made for it is held by its queue: the PodGroup's event is why the pod
    waits. Once the pod is placed, the same event is history."""
    waiting_pod = pod("prep-abcde", waiting("ContainerCreating"), role=None).model_copy(update={"node": None})
    ev = evidence(
        [waiting_pod],
        kind="Job",
        status="Running",
        replicas=[ReplicaFacts(role="pod", expected=1, created=1)],
        events=[
            event(
                "Unschedulable",
                "queue resource quota insufficient",
                obj="podgroup-0d1e",
                kind="PodGroup",
                type_="Normal",
                first=-50,
                last=-1,
                count=50,
            )
        ],
    )
    verdict = judge(ev, builtin_catalogue())
    assert verdict.category == "quota-exceeded"
    assert verdict.culprit is not None and verdict.culprit.pod == "prep-abcde"
    placed = ev.model_copy(update={"pods": [waiting_pod.model_copy(update={"node": "node-1"})]})
    assert judge(placed, builtin_catalogue()).category != "quota-exceeded"


_ORTE_GAVE_UP = "ORTE was unable to reliably start one or more daemons."


def _mpi_master(lines: list[str]) -> Evidence:
    """A launcher pod (a Volcano master, an MPIJob launcher) still running mpirun."""
    return evidence(
        [pod("t-master-0", running(started=-3), role="master", index=0)],
        status="Running",
        logs=[log("t-master-0", lines)],
    )


def test_a_running_launcher_that_gave_up_is_blamed_for_the_reason_it_gave() -> None:
    # mpirun may hang after its verdict instead of exiting: the ssh error before it is why.
    ev = _mpi_master(["ssh: Could not resolve hostname t-worker-1.t: Name or service not known", _ORTE_GAVE_UP])
    verdict = judge(ev, builtin_catalogue())
    assert verdict.category == "rendezvous-error" and verdict.culprit is not None
    assert verdict.culprit.pod == "t-master-0"
    assert "Could not resolve hostname" in verdict.error
    assert any(_ORTE_GAVE_UP in e.text for e in verdict.evidence)


def test_a_running_launcher_still_retrying_ssh_has_not_failed() -> None:
    # A start-up script waiting for the workers' names: ssh errors with no verdict after them.
    ev = _mpi_master(["ssh: Could not resolve hostname t-worker-1.t: Name or service not known"] * 2)
    assert judge(ev, builtin_catalogue()).healthy


_APP_TRACEBACK = "\n".join(
    [
        "ray::ServeReplica:app:Model.initialize_and_get_metadata() (pid=10, ip=10.0.0.1)",
        '  File "replica.py", line 965, in initialize_and_get_metadata',
        "    await self._replica_impl.initialize(deployment_config)",
        "RuntimeError: No CUDA GPUs are available",
    ]
)


def _failed_with_app_traceback(logs: Sequence[str]) -> Evidence:
    return evidence(
        [pod("t-master-0", terminated(1, -2), role="master", index=0)],
        conditions=[condition("Failed", reason="app/Model UNHEALTHY", message=_APP_TRACEBACK)],
        logs=[log("t-master-0", logs)] if logs else [],
    )


def test_a_workload_message_that_holds_a_traceback_is_read_as_a_log() -> None:
    # A RayService's deployment traceback is only in its status: its lines name the cause.
    verdict = judge(_failed_with_app_traceback([]), builtin_catalogue())
    assert verdict.category == "cuda-error" and verdict.culprit is None
    assert "No CUDA GPUs are available" in verdict.error


def test_a_workload_message_is_not_read_when_a_log_names_a_cause() -> None:
    # A message quoting logs (a RayJob's "last available logs") repeats their tail: the logs decide.
    verdict = judge(_failed_with_app_traceback([CUDA_OOM]), builtin_catalogue())
    assert verdict.category == "gpu-oom" and verdict.culprit is not None and verdict.culprit.pod == "t-master-0"
