"""The template fields users' Aegis prompts rely on: names, content, order, budget."""

from __future__ import annotations

from collectors.evidence import LogLine, ReplicaFacts
from collectors.fields import collapse, final_traceback, log_info, metadata, template_fields
from tests.builders import CUDA_OOM, NCCL_TIMEOUT, TRAINING, condition, event, evidence, log, pod, running, terminated


def _job():  # type: ignore[no-untyped-def]
    return evidence(
        [
            pod("t-master-0", terminated(1, -5), role="master", index=0),
            pod("t-worker-0", running(), role="worker", index=0),
            pod("t-worker-1", terminated(1, -20), role="worker", index=1),
        ],
        replicas=[
            ReplicaFacts(role="master", expected=1, created=1),
            ReplicaFacts(role="worker", expected=3, created=2),
        ],
        conditions=[condition("Failed", reason="PyTorchJobFailed", message="1 Master replica(s) failed.", time=-4)],
        events=[
            event("BackOff", "Back-off restarting failed container", obj="t-worker-1", first=-19, count=3),
            event("BackOff", "Back-off restarting failed container", obj="t-worker-1", first=-18, count=2),
            event("Scheduled", "Successfully assigned", obj="t-worker-1", type_="Normal", first=-120),
        ],
        logs=[
            log("t-master-0", [*TRAINING, NCCL_TIMEOUT]),
            log(
                "t-worker-1",
                [*TRAINING, "Traceback (most recent call last):", '  File "t.py", line 1, in <module>', CUDA_OOM],
            ),
        ],
    )


def test_metadata_uses_aegis_keys() -> None:
    meta = metadata(_job())
    assert meta["JobName"] == "train" and meta["JobStatus"] == "Failed" and meta["Kind"] == "PyTorchJob"
    assert (meta["MasterExpected"], meta["MasterCreatedCount"], meta["WorkerExpected"], meta["WorkerCreatedCount"]) == (
        "1",
        "1",
        "3",
        "2",
    )
    assert meta["WorkerDiagnosis"].startswith(
        "2 pods, 1 Running, 1 abnormal: t-worker-1 main terminated: Error, exit code 1"
    )
    assert "t-master-0 main terminated" in meta["MasterDiagnosis"]


def test_error_info_is_earliest_first() -> None:
    lines = template_fields(_job(), log_chars=4000)["ErrorInfo"].splitlines()
    assert "t-worker-1" in lines[0] and "t-master-0" in lines[1] and "condition Failed" in lines[2]


def test_event_info_merges_repeats_and_drops_routine_events() -> None:
    text = template_fields(_job(), log_chars=4000)["EventInfo"]
    assert text.count("BackOff") == 1 and "x5" in text
    assert "Scheduled" not in text


def test_log_info_puts_the_first_failure_first_with_its_traceback() -> None:
    text = log_info(_job(), budget=4000)
    assert text.index("t-worker-1/main") < text.index("t-master-0/main")
    assert "Traceback (most recent call last):" in text and "CUDA out of memory" in text


def test_log_info_respects_its_budget() -> None:
    lines = [f"step {i} " + "x" * 200 for i in range(3000)] + [CUDA_OOM]
    ev = evidence(
        [pod(f"t-worker-{i}", terminated(1, -5 - i), role="worker", index=i) for i in range(6)],
        logs=[log(f"t-worker-{i}", lines) for i in range(6)],
    )
    assert len(log_info(ev, budget=3000)) < 3000 + 600


def test_repeats_collapse_and_chained_tracebacks_stay_whole() -> None:
    rows = [LogLine(line=i, text=f"retry {i} failed") for i in range(1, 6)]
    assert collapse(rows) == ["retry 1 failed", "  … 4 similar lines"]
    tail = [
        LogLine(line=i, text=t)
        for i, t in enumerate(
            [
                "Traceback (most recent call last):",
                "socket.gaierror: [Errno -3] Temporary failure in name resolution",
                "",
                "The above exception was the direct cause of the following exception:",
                "",
                "Traceback (most recent call last):",
                "OSError: We couldn't connect to 'https://huggingface.co'",
            ],
            start=1,
        )
    ]
    assert final_traceback(tail)[0].line == 1
