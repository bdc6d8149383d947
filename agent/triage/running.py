"""Running a triage: list every scope, select, diagnose a few at a time, record, report.

Diagnoses run ``concurrency`` at a time (the API server is shared). Each has
``workload_timeout`` seconds: past it, its row says so and the run goes on; the thread
that still waits on the API server keeps its slot until its request times out, so a stuck
diagnosis never raises the load. A workload that cannot be read, or that timed out, is a
row with the reason and no record: a run resumed with the same results file tries it again.
Anything else a diagnosis raises is a bug, and ends the run (what was recorded stays).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

from agent.diagnosis import Advisor, diagnose
from agent.engine.signatures import Catalogue
from agent.errors import JobdoctorError
from agent.settings import Settings
from agent.triage.listing import ListedSource, list_workloads
from agent.triage.report import Report, Row, one_line, redacted, summarize, verdict_row
from agent.triage.results import Record, ResultsFile
from agent.triage.selecting import DEFAULT_SINCE, PENDING_AFTER, STALLED_AFTER, Candidate, order, select, workloads
from collectors.collecting import Target
from collectors.families import workload_facts
from collectors.kinds import Kind, builtin_kinds
from collectors.redaction import Redactor, secret_env_values
from collectors.source import Source

# A few at a time: each diagnosis reads up to four logs at once itself.
DEFAULT_CONCURRENCY = 4
# Room for a slow API server and one model review (60 s by default) on top.
DEFAULT_WORKLOAD_TIMEOUT = 120.0
# How often the main thread looks for diagnoses past their time.
_TICK = 0.25

Progress = Callable[[int, int, str], None]  # (done, total, what is going on)


@dataclass(frozen=True)
class Scope:
    """Where to look: a source, a namespace (None: all), and for a snapshot its folder and
    the time it was captured at (ages and --since are measured from it)."""

    source: Source
    namespace: str | None
    origin: str = ""
    now: datetime | None = None


@dataclass(frozen=True)
class Options:
    kinds: tuple[Kind, ...] = field(default_factory=builtin_kinds)
    since: timedelta = DEFAULT_SINCE
    pending_after: timedelta = PENDING_AFTER
    stalled_after: timedelta = STALLED_AFTER
    concurrency: int = DEFAULT_CONCURRENCY
    workload_timeout: float = DEFAULT_WORKLOAD_TIMEOUT


@dataclass(frozen=True)
class _Job:
    candidate: Candidate
    scope: Scope
    source: Source
    now: datetime


def triage(
    scopes: Sequence[Scope],
    *,
    label: str,
    options: Options | None = None,
    catalogue: Catalogue | None = None,
    settings: Settings | None = None,
    advisor: Advisor | None = None,
    results: ResultsFile | None = None,
    progress: Progress | None = None,
    clock: Callable[[], datetime] | None = None,
) -> Report:
    """Lists, selects and diagnoses the workloads of ``scopes``; ``label`` names the scope in
    the report. Raises ClusterError when a scope cannot be listed at all."""
    options = options or Options()
    settings = settings or Settings()
    clock = clock or (lambda: datetime.now(timezone.utc))
    started = clock()
    redactor = Redactor(settings.redact_patterns)
    say = progress or (lambda done, total, message: None)
    jobs: list[_Job] = []
    notes: list[str] = []
    listed = 0
    for scope in scopes:
        say(0, 0, f"listing workloads in {scope.origin or label}")
        listing = list_workloads(scope.source, options.kinds, scope.namespace, origin=scope.origin)
        notes += [f"{scope.origin}: {n}" if scope.origin else n for n in listing.notes]
        listed += len(workloads(listing.items))
        now = scope.now or started
        source = ListedSource(scope.source, listing, scope.namespace)
        for candidate in select(
            listing.items,
            now=now,
            since=options.since,
            pending_after=options.pending_after,
            stalled_after=options.stalled_after,
        ):
            jobs.append(_Job(candidate, scope, source, now))
    jobs.sort(key=lambda j: order(j.candidate))

    done = results.done if results is not None else {}
    rows: dict[str, Row] = {}
    for job in jobs:
        record = done.get(job.candidate.listed.key)
        if record is not None:
            rows[job.candidate.listed.key] = _aged(record.row.model_copy(update={"resumed": True}), job.now)
    todo = [j for j in jobs if j.candidate.listed.key not in rows]
    runner = _Runner(
        todo,
        options,
        catalogue=catalogue,
        settings=settings,
        advisor=advisor,
        results=results,
        redactor=redactor,
        progress=say,
        total=len(jobs),
        already=len(rows),
    )
    rows.update(runner.run())

    ordered = [rows[j.candidate.listed.key] for j in jobs if j.candidate.listed.key in rows]
    fine = sum(1 for r in ordered if not r.needs_attention)
    shown = [r for r in ordered if r.needs_attention]
    return Report(
        scope=label,
        now=started,
        since_seconds=int(options.since.total_seconds()),
        listed=listed,
        checked=len(jobs),
        fine=fine,
        rows=shown,
        summary=summarize(shown, fine=fine),
        notes=[redactor.text(n) for n in notes],
    )


class _Runner:
    """Diagnoses jobs on a bounded pool, with a deadline each."""

    def __init__(
        self,
        jobs: list[_Job],
        options: Options,
        *,
        catalogue: Catalogue | None,
        settings: Settings,
        advisor: Advisor | None,
        results: ResultsFile | None,
        redactor: Redactor,
        progress: Progress,
        total: int,
        already: int,
    ) -> None:
        self._jobs = jobs
        self._options = options
        self._catalogue, self._settings, self._advisor = catalogue, settings, advisor
        self._results, self._redactor, self._say = results, redactor, progress
        self._total, self._done = total, already
        self._lock = threading.Lock()
        self._started: dict[str, float] = {}
        self._abandoned: set[str] = set()  # timed out: a late verdict is not recorded
        self._completed: set[str] = set()  # recorded: no longer subject to the deadline

    def run(self) -> dict[str, Row]:
        rows: dict[str, Row] = {}
        if not self._jobs:
            return rows
        pool = ThreadPoolExecutor(max_workers=self._options.concurrency, thread_name_prefix="triage")
        try:
            pending: dict[Future[Row], _Job] = {pool.submit(self._diagnose, job): job for job in self._jobs}
            while pending:
                finished, _ = wait(pending, timeout=_TICK, return_when=FIRST_COMPLETED)
                for future in finished:
                    job = pending.pop(future)
                    self._finish(rows, job, future.result())  # a bug in a diagnosis ends the run here
                for future, job in list(pending.items()):
                    if self._overdue(job):
                        del pending[future]
                        seconds = self._options.workload_timeout
                        self._finish(rows, job, self._failed(job, f"not diagnosed within {seconds:g} s"))
        finally:
            # Queued diagnoses are dropped; a running one is not waited for (its requests
            # time out on their own).
            pool.shutdown(wait=False, cancel_futures=True)
        return rows

    def _finish(self, rows: dict[str, Row], job: _Job, row: Row) -> None:
        rows[job.candidate.listed.key] = row
        self._done += 1
        self._say(self._done, self._total, f"diagnosed {row.workload}")

    def _overdue(self, job: _Job) -> bool:
        key = job.candidate.listed.key
        with self._lock:
            began = self._started.get(key)
            if began is None or key in self._completed or time.monotonic() - began < self._options.workload_timeout:
                return False
            self._abandoned.add(key)
            return True

    def _diagnose(self, job: _Job) -> Row:
        """In a worker thread: one diagnosis, its row, and its record once it is complete."""
        listed = job.candidate.listed
        with self._lock:
            self._started[listed.key] = time.monotonic()
        self._say(self._done, self._total, f"diagnosing {listed.kind.kind} {listed.namespace}/{listed.name}")
        try:
            verdict = diagnose(
                Target(listed.target_kind, listed.name, listed.namespace),
                job.source,
                catalogue=self._catalogue,
                settings=self._settings,
                advisor=self._advisor,
                now=job.scope.now,
            )
        except JobdoctorError as exc:  # deleted since it was listed, forbidden, unreachable
            return self._failed(job, one_line(str(exc)))
        row = redacted(_aged(verdict_row(_base(job), verdict), job.now), self._redactor_for(job))
        with self._lock:
            if listed.key in self._abandoned:  # its row already says it timed out; no record
                return row
            if self._results is not None:
                self._results.append(Record(key=listed.key, row=row))
            self._completed.add(listed.key)
        return row

    def _failed(self, job: _Job, reason: str) -> Row:
        row = _base(job).model_copy(update={"error": reason, "diagnosed": False})
        return redacted(_aged(row, job.now), self._redactor_for(job))

    def _redactor_for(self, job: _Job) -> Redactor:
        # The workload's secret-named env values, which its logs may echo without their names.
        return self._redactor.with_literals(secret_env_values(job.candidate.listed.obj))


def _base(job: _Job) -> Row:
    listed = job.candidate.listed
    facts = workload_facts(listed.obj, listed.kind, listed.api_version, [])
    return Row(
        kind=listed.kind.kind,
        api_version=listed.api_version,
        namespace=listed.namespace,
        name=listed.name,
        snapshot=listed.origin or None,
        trigger=job.candidate.trigger,
        status=facts.status,
        at=job.candidate.at,
        error="",
        diagnosed=False,
    )


def _aged(row: Row, now: datetime) -> Row:
    age = int((now - row.at).total_seconds()) if row.at is not None else None
    return row.model_copy(update={"age_seconds": max(age, 0) if age is not None else None})
