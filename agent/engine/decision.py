"""What the rules concluded, before it is put into words.

``rules.decide`` produces a ``Decision``; ``explain.explain`` turns it into a ``Verdict``.
Both import this module and not each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from agent.engine.findings import Finding
from collectors.evidence import LogDigest, LogLine, PodFacts


@dataclass(frozen=True)
class Decision:
    """What the rules concluded, before it is put into words."""

    outcome: Literal["healthy", "cause", "stalled", "symptoms"]
    category: str
    pod: PodFacts | None = None
    container: str | None = None
    decisive: Finding | None = None
    time: datetime | None = None
    findings: list[Finding] = field(default_factory=list)
    later: list[tuple[PodFacts, datetime | None]] = field(default_factory=list)
    silent: LogDigest | None = None
    ignored: list[Finding] = field(default_factory=list)
    reason: str = ""
    progress: str | None = None
    """For a stall: the last progress line of the silent log."""
    said: LogLine | None = None
    """For a stall: the silent log's last line that says something (no noise)."""
    cadence: float | None = None
    """For a stall: how often, in seconds, the silent log usually printed or progressed."""
    awaits: bool = False
    """For a stall: the silent log's last words announce a wait for the job's other processes
    (a process group being initialised) - the ranks never all met."""
    warned: Finding | None = None
    """For a stall: the strongest symptom among the silent log's last lines - what the process
    reported just before it went quiet (an executor or a peer it lost), which names no cause."""
    absent: str | None = None
    """The culprit when it is no pod of the workload now: one that is gone (deleted, evicted
    and replaced; its events remain) or one that was never created (a quota refused it)."""
