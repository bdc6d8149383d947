"""What a triage found: one row per workload that needs attention, and a summary. Pure.

``Row`` is a line of the table, an element of ``-o json``'s ``rows``, the structured content
of the MCP ``triage`` tool and (with its verdict) what a results file records per workload.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from agent.engine.verdict import Verdict
from collectors.redaction import Redactor

SCHEMA_VERSION = 1
# The table's ERROR column: a line, not the whole message (the verdict holds it all).
ERROR_CHARS = 100

Trigger = Literal["failed", "pending", "stall-check"]


class Row(BaseModel):
    """One workload triage diagnosed, or tried to."""

    model_config = ConfigDict(extra="forbid")
    kind: str
    api_version: str
    namespace: str
    name: str
    snapshot: str | None = Field(None, description="the snapshot folder it was read from (--snapshots)")
    trigger: Trigger = Field(
        description="why it was diagnosed: failed within --since, pending too long, or "
        "running long enough to be checked for a stall"
    )
    status: str = Field(description="the workload's status as read: Failed, Pending, Running, Suspended, ...")
    category: str | None = Field(None, description="the verdict's category; none when it could not be diagnosed")
    culprit: str | None = Field(None, description="pod/container where the cause first showed")
    at: datetime | None = Field(None, description="when it failed, was created (pending) or started (running)")
    age_seconds: int | None = Field(None, description="seconds from `at` to the triage")
    error: str = Field(description="the error in one line, or why the workload could not be diagnosed")
    confidence: str | None = None
    engine: str | None = None
    diagnosed: bool = Field(description="false: it could not be read or timed out (the reason is in error)")
    resumed: bool = Field(False, description="taken from the results file of an earlier run")
    verdict: Verdict | None = None

    @property
    def workload(self) -> str:
        return f"{self.kind} {self.namespace}/{self.name}"

    @property
    def needs_attention(self) -> bool:
        """Shown in the table: not diagnosed, not healthy, or failed (a failed workload is
        news whatever its verdict)."""
        return not self.diagnosed or self.trigger == "failed" or (self.verdict is not None and not self.verdict.healthy)


class Report(BaseModel):
    """``jobdoctor triage -o json``."""

    model_config = ConfigDict(extra="forbid")
    schema_version: int = SCHEMA_VERSION
    scope: str = Field(description="where it looked: a namespace, all namespaces, or snapshots")
    now: datetime
    since_seconds: int
    listed: int = Field(description="workloads listed in scope")
    checked: int = Field(description="workloads due a diagnosis: failed, pending too long, or running long")
    fine: int = Field(description="of those, diagnosed healthy (not in rows)")
    rows: list[Row]
    summary: list[str]
    notes: list[str] = Field([], description="what could not be listed, and why")


def verdict_row(base: Row, verdict: Verdict) -> Row:
    culprit = None
    if verdict.culprit is not None:
        culprit = verdict.culprit.pod + (f"/{verdict.culprit.container}" if verdict.culprit.container else "")
    confidence = getattr(verdict, "confidence", None)  # the engine's confidence, once it gives one
    return base.model_copy(
        update={
            "status": verdict.status or base.status,
            "category": verdict.category,
            "culprit": culprit,
            "error": one_line(verdict.error),
            "confidence": str(confidence) if confidence is not None else None,
            "engine": verdict.engine,
            "diagnosed": True,
            "verdict": verdict,
        }
    )


def redacted(row: Row, redactor: Redactor) -> Row:
    """The row with every string, the verdict's included, through the redactor."""
    return Row.model_validate(redactor.object(row.model_dump(mode="json")))


def one_line(text: str) -> str:
    return " ".join(text.split())


def summarize(rows: list[Row], *, fine: int) -> list[str]:
    """``5 failed: 3 gpu-oom, 1 image-pull-error, 1 nccl-error``, one line per kind of trouble."""
    shown = [r for r in rows if r.needs_attention]
    lines = []
    for trigger, label in (
        ("failed", "failed"),
        ("pending", "pending too long"),
        ("stall-check", "in trouble while running"),
    ):
        group = [r for r in shown if r.trigger == trigger and r.diagnosed]
        if group:
            counts = Counter(r.category or "unknown" for r in group)
            ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
            lines.append(f"{len(group)} {label}: " + ", ".join(f"{n} {category}" for category, n in ranked))
    unread = [r for r in shown if not r.diagnosed]
    if unread:
        lines.append(f"{len(unread)} could not be diagnosed (the reason is in its row)")
    if not shown:
        lines.append("nothing needs attention")
    if fine:
        lines.append(f"{fine} more checked and found fine")
    return lines
