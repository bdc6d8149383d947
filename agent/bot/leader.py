"""Leader election with a Lease (coordination.k8s.io/v1) in the bot's namespace: one
replica does the work, the others stand by to take over.

    lead(api_client, namespace, config, work=watcher.run, stop=stop) -> bool

runs ``work(stop)`` while this process holds the Lease ``config.lease_name``, and returns
True when the caller set ``stop``, False when leading (or trying to) ended any other way:
the caller then exits non-zero and Kubernetes restarts it as a follower. Whatever else must
run on one replica only calls it the same way with a Lease of its own (a ``LeaderElection``
with another ``lease_name``, and that name in deploy/base/role.yaml), or runs inside the
same ``work`` to share the watcher's. ``work`` must stop doing anything visible - posting,
writing - as soon as ``stop`` is set: that is how a leader that lost the Lease is fenced.

The rules are client-go's (the kubernetes Python client's own ``leaderelection`` is not
used: its LeaseLock catches only ApiException, so one refused connection killed the
election thread, and its requests have no timeout, so a hung API server kept a leader
leading past its deadline):

- Every request has a timeout, and any failure - refused, timed out, a 5xx, a 403 from an
  API server whose RBAC cache is still loading, an answer that is not a Lease - is one
  failed attempt, tried again ``retry_seconds`` later. Followers try for ever.
- A follower reads the Lease every ``retry_seconds`` and takes it when it has no holder,
  names this replica (a restarted leader takes it back at once), or has not changed for
  its ``leaseDurationSeconds`` by the follower's own clock - clocks on different machines
  are never compared. The write carries the resourceVersion read: of two followers, one wins.
- A leader renews every ``retry_seconds``. It leads until ``renew_seconds`` after the
  last successful renewal was sent; at that instant a watchdog sets ``stop``, whatever
  the requests are doing. No follower takes over before ``lease_seconds`` after it saw
  that renewal, so an old leader has stopped ``lease_seconds - renew_seconds`` earlier.
- A leader that finds another holder stops at once. One asked to stop hands the Lease
  back (no holder), so that a follower takes it within ``retry_seconds``.
- If the election thread or ``work`` dies, ``lead`` sets ``stop`` and returns False: no
  replica is left running without an election.

A follower looks again the moment the Lease it watches would expire, so after a leader
dies it takes over within ``lease_seconds + retry_seconds`` (and a request or two):
measured in tests/bot/test_leader.py, 14.7-15.0 s with the defaults (15, 10, 2).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

from agent.bot.config import LeaderElection
from agent.bot.kube import Kube, KubeError, dedicated_client
from collectors.source import K8sObject

log = logging.getLogger("jobdoctor.bot.leader")
# How long a stopping ``work`` may take to close its streams and workers.
STOP_SECONDS = 15.0
# A request may take this share of the renew deadline (and at least a second): a hung
# API server leaves a leader time for two more attempts before its deadline.
REQUEST_SHARE = 1 / 3
MIN_REQUEST_SECONDS = 1.0
# How often the watchdog looks at the caller's ``stop`` (it wakes at the deadline itself).
STOP_POLL = 0.1

Work = Callable[[threading.Event], None]


def identity(config: LeaderElection) -> str:
    return config.identity or os.environ.get("POD_NAME") or socket.gethostname()


def lead(api_client: Any, namespace: str, config: LeaderElection, *, work: Work, stop: threading.Event) -> bool:
    """Run ``work(stop)`` while this process holds the Lease. Blocks until ``stop`` is set
    (returns True) or leading ends otherwise (sets ``stop``, returns False)."""
    name = identity(config)
    # Its own client, closed after the Lease is handed back (the watcher closes its own as
    # it stops); its User-Agent names the replica in the API server's audit log.
    client = dedicated_client(api_client, connections=2, user_agent=f"jobdoctor-leader ({name})")
    try:
        elector = Elector(
            Kube(client),
            namespace,
            config.lease_name,
            name,
            lease_seconds=config.lease_seconds,
            renew_seconds=config.renew_seconds,
            retry_seconds=config.retry_seconds,
        )
        return elector.run(work, stop)
    finally:
        client.close()


class _Lost(Exception):
    """Another replica holds the Lease, or it is gone: stop leading now."""


class Elector:
    """Campaigns for one Lease, and runs ``work`` while it holds it. One ``run`` per object."""

    def __init__(
        self,
        kube: Kube,
        namespace: str,
        name: str,
        identity: str,
        *,
        lease_seconds: float,
        renew_seconds: float,
        retry_seconds: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.namespace, self.name, self.identity = namespace, name, identity
        self._kube = kube
        self._lease_seconds, self._renew_seconds, self._retry_seconds = lease_seconds, renew_seconds, retry_seconds
        self._timeout = max(MIN_REQUEST_SECONDS, renew_seconds * REQUEST_SHARE)
        self._clock = clock
        self._cond = threading.Condition()
        self._lease: K8sObject | None = None  # as this replica last wrote it
        self._seen: tuple[str, float] | None = None  # another holder's Lease: (resourceVersion, first seen)
        self._valid_until: float | None = None  # leading until then (clock); None: a follower
        self._ended: str | None = None  # why leading or campaigning ended; None while it goes on
        self._error = ""  # the last failed attempt, for the log

    def run(self, work: Work, stop: threading.Event) -> bool:
        """Blocks until ``stop`` is set (True) or leading ends otherwise (sets ``stop``, False)."""
        campaign = threading.Thread(target=self._campaign, args=(stop,), daemon=True, name=f"lease-{self.name}")
        campaign.start()
        worker: threading.Thread | None = None
        with self._cond:
            while not stop.is_set() and self._ended is None:
                if self._valid_until is None:
                    self._cond.wait(STOP_POLL)
                    continue
                left = self._valid_until - self._clock()
                if left <= 0:
                    self._ended = (
                        f"the Lease was not renewed within {self._renew_seconds:g} s ({self._error or 'no answer'})"
                    )
                    break
                if worker is None:
                    worker = threading.Thread(target=self._work, args=(work, stop), daemon=True, name="leading")
                    worker.start()
                self._cond.wait(min(left, STOP_POLL))
            ended, led = self._ended, self._valid_until is not None
        stop.set()  # fences the work: from here on it posts and writes nothing
        if ended is not None:
            log.error(
                "%s (Lease %s/%s): %s",
                "stopped leading" if led else "stopped campaigning",
                self.namespace,
                self.name,
                ended,
            )
        if worker is not None:
            # Let the work wind down: a thread still writing to stderr while the interpreter
            # exits aborts it.
            worker.join(STOP_SECONDS)
        campaign.join(self._timeout + 1)
        if ended is None and led and not campaign.is_alive():
            self._release()
        return ended is None

    # -- the election thread --------------------------------------------------------------

    def _campaign(self, stop: threading.Event) -> None:
        try:
            while not stop.is_set():
                started = self._clock()
                try:
                    again = self._attempt(started)
                except KubeError as exc:
                    self._failed(str(exc))
                    again = started + self._retry_seconds
                stop.wait(max(0.0, again - self._clock()))
        except _Lost as exc:
            self._end(str(exc))
        except BaseException:  # the edge of the thread: whatever it was, this replica must not go on without it
            log.exception("the election for Lease %s/%s failed", self.namespace, self.name)
            self._end("the election thread died")

    def _attempt(self, started: float) -> float:
        """One try to acquire or renew; the clock time of the next one."""
        with self._cond:
            leading = self._valid_until is not None
        if leading:
            self._renew(started)
            return started + self._retry_seconds
        return self._acquire(started)

    def _acquire(self, started: float) -> float:
        lease = self._kube.read_lease(self.namespace, self.name, timeout=self._timeout)
        if lease is None:
            sent = self._clock()
            self._won(self._kube.create_lease(self.namespace, self._record(None), timeout=self._timeout), sent)
            return sent + self._retry_seconds
        spec = _spec(lease)
        holder = _holder(spec)
        if holder is not None and holder != self.identity:
            version = str((lease.get("metadata") or {}).get("resourceVersion") or "")
            now = self._clock()
            if self._seen is None or self._seen[0] != version:
                self._seen = (version, now)
            expires = self._seen[1] + _seconds(spec.get("leaseDurationSeconds"), self._lease_seconds)
            if now < expires:
                self._answered()
                return min(started + self._retry_seconds, expires)
            log.info(
                "the Lease %s/%s held by %s was not renewed for %.1f s; taking it over",
                self.namespace,
                self.name,
                holder,
                now - self._seen[1],
            )
        sent = self._clock()
        self._won(self._kube.replace_lease(self.namespace, self.name, self._record(lease), timeout=self._timeout), sent)
        return sent + self._retry_seconds

    def _renew(self, sent: float) -> None:
        try:
            lease = self._kube.replace_lease(
                self.namespace, self.name, self._record(self._lease), timeout=self._timeout
            )
        except KubeError as exc:
            if exc.status == 404:
                raise _Lost("the Lease was deleted") from exc
            if exc.status != 409:
                raise
            # Written by someone since: another replica, or our own renewal whose answer was lost.
            current = self._kube.read_lease(self.namespace, self.name, timeout=self._timeout)
            if current is None:
                raise _Lost("the Lease was deleted") from exc
            holder = _holder(_spec(current))
            if holder != self.identity:
                raise _Lost(f"{holder or 'no one'} holds it now") from exc
            sent = self._clock()
            lease = self._kube.replace_lease(self.namespace, self.name, self._record(current), timeout=self._timeout)
        with self._cond:
            if self._ended is None and self._valid_until is not None:
                self._lease = lease
                self._valid_until = max(self._valid_until, sent + self._renew_seconds)
        self._answered()

    def _won(self, lease: K8sObject, sent: float) -> None:
        with self._cond:
            self._lease = lease
            self._valid_until = sent + self._renew_seconds
            self._error = ""
            self._cond.notify_all()
        log.info("leading as %s (Lease %s/%s)", self.identity, self.namespace, self.name)

    def _answered(self) -> None:
        with self._cond:
            self._error = ""

    def _failed(self, error: str) -> None:
        with self._cond:
            repeated, self._error = error == self._error, error
        if not repeated:  # one line per new kind of failure, not one per retry
            log.warning(
                "Lease %s/%s: %s; trying again every %g s", self.namespace, self.name, error, self._retry_seconds
            )

    def _end(self, why: str) -> None:
        with self._cond:
            if self._ended is None:
                self._ended = why
            self._cond.notify_all()

    def _work(self, work: Work, stop: threading.Event) -> None:
        try:
            work(stop)
        except BaseException:  # the edge of the thread: the Lease must not outlive the work it guards
            log.exception("the work done while leading failed")
            self._end("the work failed")
            return
        if not stop.is_set():
            self._end("the work ended on its own")

    def _release(self) -> None:
        """Hand the Lease back after a requested stop: a follower need not wait it out."""
        with self._cond:
            lease = self._lease if self._valid_until is not None and self._clock() < self._valid_until else None
        if lease is None:
            return
        try:
            self._kube.replace_lease(
                self.namespace, self.name, self._record(lease, release=True), timeout=self._timeout
            )
            log.info("handed the Lease %s/%s back", self.namespace, self.name)
        except KubeError as exc:
            log.warning(
                "could not hand the Lease %s/%s back (%s); a follower takes it when it expires",
                self.namespace,
                self.name,
                exc,
            )

    def _record(self, current: K8sObject | None, *, release: bool = False) -> K8sObject:
        """The Lease to write: ``current`` held (or renewed) by this replica, or released."""
        now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")  # a MicroTime
        spec = dict(_spec(current))
        if not release and _holder(spec) != self.identity:
            spec["acquireTime"] = now
            spec["leaseTransitions"] = int(_seconds(spec.get("leaseTransitions"), 0)) + (1 if current else 0)
        # Released as client-go does: no holder, and a duration of one second.
        spec.update(
            holderIdentity=None if release else self.identity,
            renewTime=now,
            leaseDurationSeconds=1 if release else int(self._lease_seconds),
        )
        meta = dict((current or {}).get("metadata") or {}) or {"name": self.name, "namespace": self.namespace}
        return {"apiVersion": "coordination.k8s.io/v1", "kind": "Lease", "metadata": meta, "spec": spec}


def _spec(lease: K8sObject | None) -> dict[str, Any]:
    spec = (lease or {}).get("spec")
    return spec if isinstance(spec, dict) else {}


def _holder(spec: dict[str, Any]) -> str | None:
    holder = spec.get("holderIdentity")
    return str(holder) if holder else None


def _seconds(value: Any, default: float) -> float:
    """A number from a Lease someone else wrote; ``default`` when it is not one."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return default
    return number if number >= 0 else default
