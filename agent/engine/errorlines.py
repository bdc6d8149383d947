"""Error lines no signature explains: one definition for the rules' guess and a model's evidence.

A line the catalogue's causes and symptoms do not read may still report a problem: the hints
read plain error words ("error", "fatal", "failed", a logger's ERROR level, a timeout or NaN)
without deciding anything. Such a line is *unexplained*. The rules guess a category from the
words of a failed pod's last one (cues.py); a model is shown them and may stand on them
(agent/review/support.py). Both read them here, so what counts as an error line is decided once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from agent.engine.findings import Timeline, repeated_to_the_end, shape
from agent.engine.signatures import Catalogue
from agent.engine.taxonomy import UNKNOWN
from collectors.evidence import Evidence, LogDigest


@dataclass(frozen=True)
class ErrorReader:
    """Which lines no cause or symptom reads still report a problem, in one piece of evidence."""

    catalogue: Catalogue
    failing: frozenset[str] = frozenset()  # pods that failed or keep failing: every hint counts
    # (pod, container, shape) of the error a running process repeats up to its last line: the
    # rules read it as a cause (findings.repeated_to_the_end), so it is an error line however
    # the hints read it.
    repeated: frozenset[tuple[str, str, str]] = frozenset()

    @classmethod
    def of(cls, evidence: Evidence, catalogue: Catalogue) -> ErrorReader:
        timeline = Timeline.of(evidence)
        return cls(
            catalogue,
            frozenset(p.name for p in evidence.pods if timeline.failing(p) or p.phase == "Failed"),
            frozenset(
                (d.pod, d.container, shape(again[1].text))
                for d in evidence.logs
                if not d.previous and (again := repeated_to_the_end(d, catalogue)) is not None
            ),
        )

    @cached_property
    def hints(self) -> frozenset[str]:
        return self.catalogue.hints()

    @cached_property
    def lasting(self) -> frozenset[str]:
        """The hints that count from a process still running: explicit stall or timeout messages."""
        return frozenset(i for i in self.hints if self.catalogue.by_id[i].while_running)

    @cached_property
    def plain(self) -> frozenset[str]:
        """The hints that read plain error words. One with a category of its own (a frame that
        says where an error was raised) marks no error line by itself."""
        return frozenset(i for i in self.hints if self.catalogue.by_id[i].category in (None, UNKNOWN))

    def hinted(self, ids: Sequence[str]) -> bool:
        """Whether a line read as ``ids`` is read by hints alone, one of them a plain error word:
        an error in words no cause, symptom, noise or progress signature knows."""
        return bool(ids) and self.hints.issuperset(ids) and not self.plain.isdisjoint(ids)

    def unexplained(self, d: LogDigest, text: str, ids: Sequence[str]) -> bool:
        """Whether a line of ``d`` (read as ``ids``) is an error line no signature explains."""
        if not ids and text[:1].isspace():
            # Runtimes indent their error messages too, and the traceback-frame noise hides
            # every indented line: read it for what it says.
            ids = self.catalogue.line_matcher.classify(text.lstrip())
        if not d.previous and (d.pod, d.container, shape(text)) in self.repeated:
            return True
        wanted = self.hints if d.pod in self.failing or d.previous else self.lasting
        if not any(i in wanted or i not in self.hints for i in ids):
            return False
        # A progress line is none ("number of nan iterations: 0").
        return not any(p.matches(text=text) for p in self.catalogue.progress)
