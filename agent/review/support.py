"""Which lines of the evidence show a problem: what a model may stand on to change a verdict.

A model that departs from the rule verdict must quote a line that supports its reading - a
real line is not enough: "condition Running" and "Successfully assigned" are real lines of
a healthy job. A line shows a problem when

- the catalogue reads it as a cause or a symptom (a log line, an event, a status fact),
- it is a Warning event or an abnormal status fact (not a container still starting),
- it is an unexplained error line: a line only the catalogue's hints read (an error, fatal,
  failed, timeout or NaN line no cause or symptom claims) in a failing pod, or, in a pod
  still running, one the hints that count ``while_running`` read (an explicit stall or
  timeout message: "no progress for 600 seconds", a watchdog). A progress line is none
  ("number of nan iterations: 0"): a NaN loss is the loss-nan signature's.

The unexplained lines are also what the prompt adds to the log excerpts (``error_lines``),
so a model can fix what the catalogue has never seen.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Literal

from agent.engine.errorlines import ErrorReader
from agent.engine.findings import best, event_text
from agent.engine.signatures import Catalogue, Signature
from agent.engine.taxonomy import STALLED, UNKNOWN
from agent.review.budget import flat
from collectors.evidence import STARTING_REASONS, Evidence, LogDigest, LogLine, one_line

# A cause this unspecific ("an exception was raised", "killed by SIGKILL") says that something
# failed, not what: a model quoting the line that says what may overrule it.
GENERIC_SPECIFICITY = 30
# The category of an exception the rules could not read further: its message may name the cause.
GENERIC_CATEGORY = "application-error"
# Normal events that report a disruption, not the course of things: a pod killed, preempted,
# evicted, failing its probes. (Scheduled, Pulling, Created, Started are the course of things.)
DISRUPTIONS = frozenset(
    {
        "Killing",
        "Preempted",
        "Preempting",
        "Evicted",
        "TaintManagerEviction",
        "NodeNotReady",
        "Unhealthy",
        "BackOff",
        "ExitedWithCode",
        "Rebooted",
        "NodeNotSchedulable",
    }
)
# A running container's last lines stand for a stall when it has been silent this long, and for
# more than twice its usual quiet: the rules wait twenty times that before they say so alone,
# a model that reads the silence may say it sooner (the rules' own default minimum, 45 minutes).
SILENCE_MIN = timedelta(minutes=45)
SILENCE_CADENCE_FACTOR = 2.0
SILENT_LAST_LINES = 3
# Per log and in all: the prompt's share for lines outside the excerpts stays small.
MAX_LINES_PER_LOG = 12
MAX_LINES = 40
MIN_LINE = 12  # shorter lines ("failed", "Error") say nothing a model can read

Level = Literal["cause", "symptom", "fact", "error", "silence"]


@dataclass(frozen=True)
class ProblemLine:
    """A line of the evidence that shows a problem, and what the catalogue makes of it."""

    text: str
    source: Literal["log", "event", "status"]
    level: Level  # a cause or symptom signature, a Warning event or status fact, an unexplained error line,
    # or the last words of a container silent for long
    pod: str | None = None
    category: str | None = None  # None (no signature reads it) or unknown: it may support any category
    specificity: int = 0

    @property
    def generic(self) -> bool:
        """Says that something failed, not what (a bare exception, an exit code)."""
        return self.category in (None, UNKNOWN, GENERIC_CATEGORY) or (
            self.level == "cause" and self.specificity <= GENERIC_SPECIFICITY
        )

    def supports(self, category: str) -> bool:
        """Whether this line can stand for ``category``: its own, or any when it names none."""
        if self.level == "silence":
            return category == STALLED
        return self.generic or self.category == category


@dataclass(frozen=True)
class Support:
    """The problem lines of one piece of evidence, the catalogue's solution per category, and
    how specific each signature is (to tell a specific cause from a bare exception)."""

    lines: tuple[ProblemLine, ...]
    solutions: dict[str, str]
    signatures: dict[str, tuple[str, int]]  # id -> (kind, specificity)

    @classmethod
    def of(cls, evidence: Evidence, catalogue: Catalogue) -> Support:
        lines = [
            *_status_lines(evidence, catalogue),
            *_event_lines(evidence, catalogue),
            *_log_lines(evidence, catalogue),
            *_silent_lines(evidence),
        ]
        solutions: dict[str, str] = {}
        for s in sorted(catalogue.signatures, key=lambda s: -s.specificity):
            if s.kind == "cause" and s.category and s.solution:
                solutions.setdefault(s.category, " ".join(s.solution.split()))
        return cls(tuple(lines), solutions, {s.id: (s.kind, s.specificity) for s in catalogue.signatures})

    def specific_cause(self, signature: str | None) -> bool:
        """Whether ``signature`` names a specific cause: not a symptom, not a bare exception."""
        kind, specificity = self.signatures.get(signature or "", ("", 0))
        return kind == "cause" and specificity > GENERIC_SPECIFICITY

    def backing(self, quote: str) -> list[ProblemLine]:
        """The problem lines a quote is taken from (or that it holds whole: a quote may carry
        the time and the pod the prompt put in front of a line). Pieces of a quote cut with an
        ellipsis or a redaction must each be in the line."""
        pieces = [p for p in (flat(p) for p in re.split(r"…|\.\.\.|\[REDACTED\]", quote)) if len(p) >= 4]
        whole = flat(quote)
        if not pieces:
            return []
        found = []
        for line in self.lines:
            text = flat(line.text)
            if all(p in text for p in pieces) or (len(text) >= MIN_LINE and text in whole):
                found.append(line)
        return found


def error_lines(evidence: Evidence, catalogue: Catalogue) -> list[tuple[LogDigest, LogLine]]:
    """The unexplained error lines of failing pods, and the stall messages of every pod: the
    lines no signature reads that a model should see anyway. The last ones of each log first
    (the final exception), at most ``MAX_LINES_PER_LOG`` a log and ``MAX_LINES`` in all."""
    errors = ErrorReader.of(evidence, catalogue)
    out: list[tuple[LogDigest, LogLine]] = []
    for d in evidence.logs:
        picked: list[LogLine] = []
        seen: set[str] = set()
        for ln in reversed(d.kept()):
            key = re.sub(r"\d+", "#", flat(ln.text))
            if key in seen or len(key) < MIN_LINE:
                continue
            seen.add(key)
            ids = catalogue.line_matcher.classify(ln.text)
            if ids and not errors.hints.issuperset(ids):
                continue  # read by a cause or symptom: the excerpts and the verdict show those
            if errors.unexplained(d, ln.text, ids):
                picked.append(ln)
            if len(picked) >= MAX_LINES_PER_LOG:
                break
        out += [(d, ln) for ln in sorted(picked, key=lambda ln: ln.line)]
    return out[:MAX_LINES]


def _status_lines(evidence: Evidence, catalogue: Catalogue) -> Iterator[ProblemLine]:
    signatures = catalogue.where("status")
    for fact in evidence.status_facts():
        if fact.kind == "waiting" and fact.reason in STARTING_REASONS:
            continue  # a container on its way up
        sig = _first(best(signatures, text=fact.text, reason=fact.reason, subject=fact.kind, exit_code=fact.exit_code))
        yield _line(fact.text, "status", fact.pod, sig)


def _event_lines(evidence: Evidence, catalogue: Catalogue) -> Iterator[ProblemLine]:
    signatures = catalogue.where("event")
    for e in evidence.events:
        sig = _first(best(signatures, text=e.message, reason=e.reason))
        if sig is None and e.type != "Warning" and e.reason not in DISRUPTIONS:
            continue  # a Normal event the catalogue does not read: how things should go
        pod = e.object_name if e.object_kind == "Pod" else None
        yield _line(f"{e.reason} {e.object_kind}/{e.object_name}: {one_line(e.message)}", "event", pod, sig)
        # ...and as the rule verdict quotes it ("Reason: message (x3)"), which a model may quote back.
        yield _line(event_text(e), "event", pod, sig)


def _log_lines(evidence: Evidence, catalogue: Catalogue) -> Iterator[ProblemLine]:
    """Every kept log line the catalogue reads as a cause or symptom (not only the first and
    last of each signature that ``matches`` holds), and the error lines it does not read."""
    errors = ErrorReader.of(evidence, catalogue)
    for d in evidence.logs:
        for ln in d.kept():
            ids = catalogue.line_matcher.classify(ln.text)
            sig = catalogue.by_id.get(ids[0]) if ids else None
            if sig is not None and sig.kind in ("cause", "symptom"):
                yield _line(ln.text, "log", d.pod, sig)
            elif errors.unexplained(d, ln.text, ids):
                yield ProblemLine(ln.text, "log", "error", d.pod)


def _silent_lines(evidence: Evidence) -> Iterator[ProblemLine]:
    """The last lines of running containers silent far longer than they usually are."""
    for d in evidence.logs:
        pod = evidence.pod(d.pod)
        ctr = pod.container(d.container) if pod else None
        if d.previous or ctr is None or ctr.current.state != "running" or d.last_time is None:
            continue
        quiet = evidence.now - d.last_time
        if (
            quiet < max(SILENCE_MIN, timedelta(seconds=SILENCE_CADENCE_FACTOR * (d.cadence or 0)))
            or d.last_time > evidence.now
        ):
            continue
        for ln in d.tail[-SILENT_LAST_LINES:]:
            yield ProblemLine(ln.text, "log", "silence", d.pod, STALLED)


def _line(text: str, source: Literal["log", "event", "status"], pod: str | None, sig: Signature | None) -> ProblemLine:
    if sig is None:
        return ProblemLine(text, source, "fact", pod)
    level: Level = "cause" if sig.kind == "cause" else "symptom"
    return ProblemLine(text, source, level, pod, sig.category, sig.specificity)


def _first(signatures: Sequence[Signature]) -> Signature | None:
    return signatures[0] if signatures else None
