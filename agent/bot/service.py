"""The part of the bot every platform shares: admit a request, diagnose it off the event
loop, hand the verdict to the platform's reply function.

A platform module verifies and parses its request, then calls ``Service.admit`` (access,
rate limits, the queue bound) and ``Service.submit``; the diagnosis and the reply run in a
worker thread, so the HTTP handler acknowledges at once. ``diagnose()`` is the same call
the CLI makes, over one shared ``Source``.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from agent.bot.authz import allowed, refusal
from agent.bot.config import BotConfig
from agent.bot.limits import Deliveries, RateLimiter
from agent.bot.metrics import Metrics
from agent.bot.parsing import DiagnoseAsk
from agent.engine.signatures import Catalogue
from agent.engine.verdict import Verdict
from agent.errors import ClusterError, InputError, JobdoctorError
from agent.settings import Settings
from collectors.redaction import Redactor
from collectors.source import Source

log = logging.getLogger("jobdoctor.bot")

Outcome = Verdict | str
"""A verdict, or one line saying why there is none."""
Reply = Callable[[Outcome], None]


@dataclass(frozen=True)
class Requester:
    platform: str  # slack | lark | generic
    channel: str
    user: str


class Service:
    """Diagnoses on a bounded pool of threads. Thread-safe."""

    def __init__(
        self,
        config: BotConfig,
        *,
        source: Source,
        settings: Settings,
        catalogue: Catalogue,
        advisor: Any = None,
        metrics: Metrics | None = None,
        redactor: Redactor | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.config = config
        self.source = source
        self.settings = settings
        self.catalogue = catalogue
        self.advisor = advisor
        self.metrics = metrics or Metrics()
        self.redactor = redactor or Redactor(settings.redact_patterns)
        self.limiter = RateLimiter(config.limits.per_user_per_minute, config.limits.global_per_minute, clock=clock)
        self.deliveries = Deliveries(config.limits.dedup_seconds, clock=clock)
        self._pool = ThreadPoolExecutor(config.limits.max_concurrent, thread_name_prefix="diagnose")
        # Help texts and refusals posted through an API (mentions) must not wait behind diagnoses.
        self._messages = ThreadPoolExecutor(2, thread_name_prefix="reply")
        self._lock = threading.Lock()
        self._outstanding = 0
        self.closing = False

    # -- admission ------------------------------------------------------------------------

    def duplicate(self, platform: str, delivery: str) -> bool:
        """Whether this delivery was answered already (a platform retry or a replay)."""
        if self.deliveries.first(f"{platform}:{delivery}"):
            return False
        self.metrics.rejected.labels(platform, "duplicate").inc()
        return True

    def admit(self, who: Requester, ask: DiagnoseAsk) -> str | None:
        """None when the request may be diagnosed; otherwise the message that refuses it."""
        if not allowed(self.config.access, channel=who.channel, user=who.user, namespace=ask.namespace):
            self.metrics.rejected.labels(who.platform, "forbidden").inc()
            log.info("refused %s user %s channel %s: %s", who.platform, who.user, who.channel, ask.target)
            return refusal(channel=who.channel, user=who.user, namespace=ask.namespace)
        limit = self.limiter.admit(f"{who.platform}:{who.user}")
        if limit is not None:
            self.metrics.rejected.labels(who.platform, "rate_limited").inc()
            if limit == "user":
                return (
                    f"Slow down: at most {self.config.limits.per_user_per_minute:g} diagnoses a minute per person. "
                    "Try again in a minute."
                )
            return "jobdoctor is answering many requests right now; try again in a minute."
        with self._lock:
            if self.closing or self._outstanding >= self.config.limits.max_concurrent + self.config.limits.max_queued:
                self.metrics.rejected.labels(who.platform, "busy").inc()
                return "jobdoctor has too many diagnoses queued; try again in a few minutes."
            self._outstanding += 1
        return None

    # -- work -----------------------------------------------------------------------------

    def submit(self, who: Requester, ask: DiagnoseAsk, reply: Reply) -> Future[Outcome]:
        """Diagnose in a worker thread, then ``reply`` there. Call only after ``admit``."""
        return self._pool.submit(self._run, who, ask, reply)

    def post(self, reply: Reply, message: str) -> None:
        """A message (help, refusal) sent through a platform API, off the event loop."""
        self._messages.submit(_guarded, reply, message)

    def verdict(self, ask: DiagnoseAsk, *, origin: str) -> Verdict:
        """One diagnosis, counted. Raises InputError and ClusterError, like diagnose()."""
        from agent.diagnosis import diagnose
        from collectors.collecting import Target

        started = time.monotonic()
        try:
            verdict = diagnose(
                Target(ask.kind, ask.name, ask.namespace),
                self.source,
                catalogue=self.catalogue,
                settings=self.settings,
                advisor=self.advisor,
            )
        except JobdoctorError as exc:
            reason = (
                "input" if isinstance(exc, InputError) else "cluster" if isinstance(exc, ClusterError) else "internal"
            )
            self.metrics.failures.labels(origin, reason).inc()
            raise
        self.metrics.verdict(verdict, origin=origin, seconds=time.monotonic() - started, model=self.settings.model)
        return verdict

    def diagnose(self, ask: DiagnoseAsk, *, origin: str) -> Outcome:
        """The verdict, or a line (redacted) saying why there is none."""
        try:
            return self.verdict(ask, origin=origin)
        except JobdoctorError as exc:
            return self.redactor.text(f"Could not diagnose {ask.target}: {' '.join(str(exc).split())}")

    def _run(self, who: Requester, ask: DiagnoseAsk, reply: Reply) -> Outcome:
        try:
            try:
                outcome = self.diagnose(ask, origin=who.platform)
            except Exception:  # the edge of a worker thread: a bug must still get an answer out
                log.exception("diagnosing %s failed", ask.target)
                self.metrics.failures.labels(who.platform, "internal").inc()
                outcome = f"Could not diagnose {ask.target}: internal error (see the bot's log)."
            _guarded(reply, outcome)
            return outcome
        finally:
            with self._lock:
                self._outstanding -= 1

    @property
    def ready(self) -> bool:
        with self._lock:
            return (
                not self.closing
                and self._outstanding < self.config.limits.max_concurrent + self.config.limits.max_queued
            )

    def close(self) -> None:
        with self._lock:
            self.closing = True
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._messages.shutdown(wait=False, cancel_futures=True)


def _guarded(reply: Reply, outcome: Outcome) -> None:
    """Posting a reply failed (the platform is down, the token revoked): log it; nobody
    else can be told."""
    try:
        reply(outcome)
    except Exception:  # the edge: a reply that cannot be delivered is logged, never raised into the pool
        log.exception("posting a reply failed")
