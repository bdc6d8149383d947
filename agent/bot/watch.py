"""The failure watcher: watch workloads, diagnose the ones that failed, stay Pending or
stall, and post each verdict once to the configured sinks.

Threads, all stopped by one ``threading.Event``:

- one stream per (kind, namespace): list, then watch from the list's resourceVersion,
  resuming from the last version seen when a watch ends, listing again on 410 Expired;
- a sweep every ``sweep_every``: Pending and running jobs are judged again as time passes;
- ``workers`` workers taking notifications from a queue ordered by when they are due. A
  post that fails is put back with exponential backoff rather than waited for, so one
  chat API being down never holds up another job's notification.

What was delivered is read from, and written to, the ConfigMap (agent/bot/state.py) before
and after every post: see there for exactly-once across restarts. Nothing is posted while
the ConfigMap cannot be read (a post then could not be recorded either), nor once ``stop``
is set: that is how a leader that lost its Lease is kept from posting (agent/bot/leader.py).
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone

from agent.bot.config import WatchConfig
from agent.bot.kube import Expired, Kube, KubeError, Resource
from agent.bot.limits import retry_delay
from agent.bot.metrics import Metrics
from agent.bot.parsing import DiagnoseAsk
from agent.bot.sinks import Notice, Sink, SinkError
from agent.bot.state import NotifiedState, notification_key
from agent.bot.triggers import Policy, describe, due
from agent.engine.verdict import Verdict
from agent.errors import ClusterError, InputError
from collectors.kinds import Kind
from collectors.source import K8sObject

log = logging.getLogger("jobdoctor.bot.watch")
# A watch request lasts this long before it is resumed (the API server caps it anyway).
WATCH_SECONDS = 300
# A kind whose CRD is not installed is looked for again this often.
MISSING_KIND_RETRY = 300.0
# Waits after a failed list or watch: first, and longest.
STREAM_BACKOFF = (1.0, 60.0)

Diagnoser = Callable[[DiagnoseAsk], Verdict]


@dataclass(order=True)
class _Work:
    at: float
    seq: int
    key: str = field(compare=False)
    trigger: str = field(compare=False)  # failed | pending | stall-check
    obj: K8sObject = field(compare=False)
    kind: Kind = field(compare=False)
    attempt: int = field(default=0, compare=False)
    verdict: Verdict | None = field(default=None, compare=False)


class Watcher:
    def __init__(
        self,
        config: WatchConfig,
        *,
        kube: Kube,
        state: NotifiedState,
        sinks: list[Sink],
        kinds: list[Kind],
        diagnose: Diagnoser,
        metrics: Metrics,
        clock: Callable[[], datetime] = lambda: datetime.now(timezone.utc),
        monotonic: Callable[[], float] | None = None,
        cleanup: list[Callable[[], None]] | None = None,
    ) -> None:
        import time

        self.config = config
        self._kube, self._state, self._sinks, self._kinds = kube, state, sinks, kinds
        self._diagnose, self._metrics, self._clock = diagnose, metrics, clock
        self._monotonic = monotonic or time.monotonic
        self._cleanup = cleanup or []  # called when run() returns: the sinks' HTTP client
        self._policy = Policy(config.pending_after, config.stalled_after, config.lookback)
        self._objects: dict[tuple[str, str, str], tuple[Kind, K8sObject]] = {}
        self._queue: list[_Work] = []
        self._queued: set[str] = set()  # keys queued or being worked on
        # Keys this process will not try again: gave up posting, or the workload is gone.
        # A restart tries the undelivered ones again.
        self._settled: set[str] = set()
        self._next_stall_check: dict[str, float] = {}
        self._seq = itertools.count()
        self._cond = threading.Condition()
        self.synced = threading.Event()  # every stream has listed once

    # -- running --------------------------------------------------------------------------

    def run(self, stop: threading.Event) -> None:
        """Blocks until ``stop`` is set."""
        attempt = 0
        while not stop.is_set():
            try:
                self._state.load()
                break
            except KubeError as exc:
                attempt += 1
                log.warning("cannot read ConfigMap %s/%s (%s); retrying", self._state.namespace, self._state.name, exc)
                stop.wait(retry_delay(attempt, first=STREAM_BACKOFF[0], longest=STREAM_BACKOFF[1]))
        namespaces = [None if ns == "*" else ns for ns in self.config.namespaces]
        streams = [(kind, ns) for kind in self._kinds for ns in namespaces]
        listed = threading.Semaphore(0)
        threads = [
            threading.Thread(
                target=self._stream,
                args=(kind, ns, stop, listed),
                daemon=True,
                name=f"watch-{kind.plural}-{ns or 'all'}",
            )
            for kind, ns in streams
        ]
        threads += [
            threading.Thread(target=self._work, args=(stop,), daemon=True, name=f"notify-{i}")
            for i in range(self.config.workers)
        ]
        for t in threads:
            t.start()
        for _ in streams:
            while not listed.acquire(timeout=0.2) and not stop.is_set():
                pass
        self.synced.set()
        log.info("watching %d kinds in %s", len(self._kinds), ", ".join(self.config.namespaces))
        try:
            while not stop.wait(self.config.sweep_every.total_seconds()):
                self.sweep()
                try:
                    self._state.flush()
                except KubeError as exc:
                    log.warning("state still not written: %s", exc)
        finally:
            self._kube.close_streams()
            for t in threads:
                t.join(timeout=5)
            for close in self._cleanup:
                close()

    def sweep(self) -> None:
        with self._cond:
            objects = list(self._objects.values())
        for kind, obj in objects:
            self.observe(kind, obj)

    # -- streams --------------------------------------------------------------------------

    def _stream(self, kind: Kind, namespace: str | None, stop: threading.Event, listed: threading.Semaphore) -> None:
        res: Resource | None = None
        version: str | None = None
        failures = 0
        first = True
        while not stop.is_set():
            try:
                if res is None or version is None:
                    res, version = self._relist(kind, namespace)
                    if first:
                        first = False
                        listed.release()
                    if res is None or version is None:
                        stop.wait(MISSING_KIND_RETRY)
                        continue
                for event, obj in self._kube.watch(res, namespace, version, WATCH_SECONDS):
                    version = str((obj.get("metadata") or {}).get("resourceVersion") or version)
                    if event == "BOOKMARK":
                        continue
                    if event == "DELETED":
                        self._forget(kind, obj)
                    else:
                        self._remember(kind, obj)
                    if stop.is_set():
                        return
                failures = 0
            except Expired:
                log.info("watch of %s in %s expired; listing again", kind.plural, namespace or "all namespaces")
                version = None
            except KubeError as exc:
                if stop.is_set():
                    return
                failures += 1
                log.warning("watch of %s in %s failed (%s)", kind.plural, namespace or "all namespaces", exc)
                if first:
                    first = False
                    listed.release()
                stop.wait(retry_delay(failures, first=STREAM_BACKOFF[0], longest=STREAM_BACKOFF[1]))

    def _relist(self, kind: Kind, namespace: str | None) -> tuple[Resource | None, str | None]:
        """List at the first API version the cluster serves; (None, None) when none is."""
        for api_version in kind.api_versions:
            res = Resource(kind, api_version)
            try:
                items, version = self._kube.list(res, namespace)
            except KubeError as exc:
                if exc.status == 404:
                    continue
                raise
            with self._cond:
                stale = [k for k in self._objects if k[0] == kind.kind and (namespace is None or k[1] == namespace)]
                for k in stale:
                    del self._objects[k]
            for obj in items:
                self._remember(kind, obj)
            return res, version
        log.info("%s is not served by this cluster; looking again in %.0f s", kind.kind, MISSING_KIND_RETRY)
        return None, None

    def _remember(self, kind: Kind, obj: K8sObject) -> None:
        meta = obj.get("metadata") or {}
        with self._cond:
            self._objects[(kind.kind, str(meta.get("namespace")), str(meta.get("name")))] = (kind, obj)
        self.observe(kind, obj)

    def _forget(self, kind: Kind, obj: K8sObject) -> None:
        meta = obj.get("metadata") or {}
        with self._cond:
            self._objects.pop((kind.kind, str(meta.get("namespace")), str(meta.get("name"))), None)

    # -- deciding -------------------------------------------------------------------------

    def observe(self, kind: Kind, obj: K8sObject) -> None:
        """Queue a notification when the object deserves one and it was not delivered."""
        trigger = due(obj, kind, now=self._clock(), policy=self._policy)
        if trigger is None:
            return
        key = notification_key("stalled" if trigger == "stall-check" else trigger, obj)
        if self._complete(key):
            return
        now = self._monotonic()
        with self._cond:
            if key in self._queued or key in self._settled:
                return
            if trigger == "stall-check":
                if self._next_stall_check.get(key, 0.0) > now:
                    return
                self._next_stall_check[key] = now + self.config.stall_check_every.total_seconds()
            self._push(_Work(now, next(self._seq), key, trigger, obj, kind))

    def _complete(self, key: str) -> bool:
        return {s.name for s in self._sinks} <= self._state.delivered(key)

    def _push(self, work: _Work) -> None:
        """Call with the lock held."""
        self._queued.add(work.key)
        heapq.heappush(self._queue, work)
        self._cond.notify()

    # -- notifying ------------------------------------------------------------------------

    def _work(self, stop: threading.Event) -> None:
        while not stop.is_set():
            with self._cond:
                if not self._queue or self._queue[0].at > self._monotonic():
                    wait = self._queue[0].at - self._monotonic() if self._queue else 1.0
                    self._cond.wait(min(max(wait, 0.01), 1.0))
                    continue
                work = heapq.heappop(self._queue)
            again = False
            try:
                again = self._notify(work, stop)
            except Exception:  # the edge of a worker: a bug in one notification must not stop the others
                log.exception("notifying %s failed", work.key)
                work.attempt += 1
                again = work.attempt < self.config.retry_attempts
                if not again:
                    self._settle(work.key)
            with self._cond:
                if again and not stop.is_set():
                    work.at = self._monotonic() + retry_delay(
                        work.attempt,
                        first=self.config.retry_first.total_seconds(),
                        longest=self.config.retry_max.total_seconds(),
                    )
                    heapq.heappush(self._queue, work)
                else:
                    self._queued.discard(work.key)

    def _missing(self, work: _Work) -> list[Sink]:
        return [s for s in self._sinks if s.name not in self._state.delivered(work.key)]

    def _settle(self, key: str) -> None:
        with self._cond:
            self._settled.add(key)

    def _notify(self, work: _Work, stop: threading.Event) -> bool:
        """Diagnose (once) and post to every sink that has not accepted it yet. True: try
        again later."""
        if not self._missing(work):
            return False
        meta = work.obj.get("metadata") or {}
        ask = DiagnoseAsk(work.kind.kind, str(meta.get("namespace")), str(meta.get("name")))
        if work.verdict is None:
            try:
                work.verdict = self._diagnose(ask)
            except InputError as exc:  # deleted since, or not readable as this kind
                log.info("not notifying %s: %s", ask.target, exc)
                self._settle(work.key)
                return False
            except ClusterError as exc:
                work.attempt += 1
                log.warning("cannot diagnose %s now (%s); retrying", ask.target, exc)
                return work.attempt < self.config.retry_attempts
            if work.trigger == "stall-check" and work.verdict.category != "stalled":
                return False
        if stop.is_set():
            return True
        try:
            # What another writer recorded since: a leader before this one, finishing a post.
            self._state.refresh()
        except KubeError as exc:
            work.attempt += 1
            log.warning(
                "not posting %s now: ConfigMap %s/%s cannot be read to check and record it (%s)",
                ask.target,
                self._state.namespace,
                self._state.name,
                exc,
            )
            return work.attempt < self.config.retry_attempts
        missing = self._missing(work)
        if not missing:
            return False
        trigger = "stalled" if work.trigger == "stall-check" else work.trigger
        notice = Notice(
            work.key,
            work.verdict,
            describe(trigger, work.obj, now=self._clock()),
            {
                "apiVersion": work.obj.get("apiVersion"),
                "kind": work.obj.get("kind") or work.kind.kind,
                "name": meta.get("name"),
                "namespace": meta.get("namespace"),
                "uid": meta.get("uid"),
            },
        )
        failed = 0
        for sink in missing:
            if stop.is_set():  # fenced: checked before every post, the one thing a lost leader must not do
                return True
            try:
                sink.post(notice)
            except SinkError as exc:
                failed += 1
                self._metrics.notifications.labels(sink.name, "retry").inc()
                log.warning("posting %s to %s failed (attempt %d): %s", ask.target, sink.name, work.attempt + 1, exc)
                continue
            self._state.record(work.key, sink.name, target=ask.target)
            self._metrics.notifications.labels(sink.name, "sent").inc()
            log.info("notified %s: %s (%s)", sink.name, ask.target, trigger)
        if not failed:
            return False
        work.attempt += 1
        if work.attempt >= self.config.retry_attempts:
            for sink in missing:
                if sink.name not in self._state.delivered(work.key):
                    self._metrics.notifications.labels(sink.name, "gave_up").inc()
            log.error(
                "gave up notifying %s after %d attempts; it is tried again when the watcher restarts",
                ask.target,
                work.attempt,
            )
            self._settle(work.key)
            return False
        return True
