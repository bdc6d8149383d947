"""How sure the rules say they are: the level and the reason, as a table."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from agent.engine.rules import judge
from agent.engine.signatures import builtin_catalogue
from collectors.evidence import Evidence
from tests.builders import CUDA_OOM, NCCL_TIMEOUT, TRAINING, at, evidence, log, pod, running, terminated


def _stamp(minutes: float) -> str:
    return at(minutes).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class Row:
    evidence: Evidence
    level: str
    reason: str | None  # a phrase the reason must contain


def _oom() -> Evidence:
    return evidence(
        [pod("t-worker-1", terminated(1, -20), role="worker", index=1)], logs=[log("t-worker-1", [*TRAINING, CUDA_OOM])]
    )


def _progressing(notes: list[str] | None = None) -> Evidence:
    lines = [f"{_stamp(m)} step {m + 60} loss 1.0" for m in range(-60, 0)]
    ev = evidence(
        [pod("t-master-0", running(started=-61), role="master", index=0)],
        status="Running",
        logs=[log("t-master-0", lines)],
    )
    return ev.model_copy(update={"notes": notes or []})


def _logs_unreadable() -> Evidence:
    ev = evidence([pod("t-master-0", running(started=-61), role="master", index=0)], status="Running")
    return ev.model_copy(update={"notes": ["logs of t-master-0/main: forbidden - needs RBAC rule: ..."]})


def _stalled() -> Evidence:
    lines = [f"{_stamp(-200 + m)} step {m} loss 1.0" for m in range(50)]
    return evidence(
        [pod("t-master-0", running(started=-201), role="master", index=0)],
        status="Running",
        logs=[log("t-master-0", lines)],
    )


def _symptoms() -> Evidence:
    return evidence(
        [pod("t-master-0", terminated(1, -10), role="master", index=0)], logs=[log("t-master-0", [NCCL_TIMEOUT])]
    )


def _nothing() -> Evidence:
    return evidence([pod("t-master-0", terminated(1, -10), role="master", index=0)])


def _generic() -> Evidence:
    return evidence(
        [pod("t-master-0", terminated(1, -10), role="master", index=0)],
        logs=[log("t-master-0", ["Traceback (most recent call last):", "KeyError: 'labels'"])],
    )


def _untimed_progress() -> Evidence:
    return evidence(
        [pod("t-master-0", running(started=-61), role="master", index=0)],
        status="Running",
        logs=[log("t-master-0", TRAINING * 10)],
    )


ROWS = {
    "a line names the cause": Row(_oom(), "high", None),
    "running, with recent timed progress": Row(_progressing(), "high", None),
    "healthy, but the logs could not be read": Row(_logs_unreadable(), "low", "could not be read"),
    "a cause, but the events could not be read": Row(
        _oom().model_copy(update={"notes": ["events: forbidden - needs RBAC rule: ..."]}),
        "medium",
        "events could not be read",
    ),
    "healthy, but the events could not be read": Row(
        _progressing(["events: forbidden - needs RBAC rule: ..."]), "low", "events could not be read"
    ),
    "a stall inferred from silence": Row(_stalled(), "medium", "silence alone"),
    "only symptoms": Row(_symptoms(), "medium", "only symptoms"),
    "nothing names a cause": Row(_nothing(), "low", "nothing read names a cause"),
    "only a generic exception": Row(_generic(), "medium", "generic exception"),
    "running, progress without times": Row(_untimed_progress(), "medium", "no log shows timed progress"),
}


@pytest.mark.parametrize("row", ROWS.values(), ids=ROWS.keys())
def test_confidence(row: Row) -> None:
    verdict = judge(row.evidence, builtin_catalogue())
    assert verdict.confidence == row.level, verdict.confidence_reason
    if row.reason is None:
        assert verdict.confidence_reason is None
    else:
        assert verdict.confidence_reason is not None and row.reason in verdict.confidence_reason.lower()
