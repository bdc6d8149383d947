"""Deleting JobDiagnoses past their TTL (``spec.ttlSecondsAfterFinished``, counted from
``status.finishedAt``, as a Job's own TTL is).

A list every ``sweep_every`` - one request a minute for the whole cluster, paginated - is
all it costs, and it needs nothing remembered: a restarted controller, or a new leader,
deletes what expired while none ran. A delete names the uid it read, so an object
re-created under the same name in between is not the one deleted.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from agent.operator.objects import Objects, ObjectsError
from agent.operator.reconciling import expired

log = logging.getLogger("jobdoctor.operator.ttl")
# How often a sleeping sweeper looks whether it should stop.
POLL = 0.2


class Sweeper:
    def __init__(
        self,
        objects: Objects,
        namespaces: Sequence[str],
        *,
        default_ttl: timedelta | None,
        clock: Callable[[], datetime],
    ) -> None:
        self._objects = objects
        self._namespaces: list[str | None] = [None] if "*" in namespaces else list(namespaces)
        self._default_ttl = default_ttl
        self._clock = clock

    def run(self, every: float, stop: threading.Event, ended: threading.Event) -> None:
        """Sweep now and every ``every`` seconds until ``stop`` (the controller's) or
        ``ended`` (kopf stopped on its own) is set."""
        next_at = 0.0
        while not (stop.is_set() or ended.is_set()):
            if time.monotonic() >= next_at:
                next_at = time.monotonic() + every
                try:
                    self.sweep()
                except ObjectsError as exc:
                    log.warning("cannot sweep JobDiagnoses past their TTL now (%s); trying again in %g s", exc, every)
            stop.wait(POLL)

    def sweep(self) -> int:
        """One pass: the number of objects deleted. Raises ObjectsError when a list fails."""
        deleted = 0
        for namespace in self._namespaces:
            now = self._clock()
            for obj in self._objects.list(namespace):
                if not expired(obj, now, self._default_ttl):
                    continue
                meta = obj.get("metadata") or {}
                try:
                    if self._objects.delete(
                        str(meta.get("namespace")), str(meta.get("name")), uid=str(meta.get("uid"))
                    ):
                        deleted += 1
                        log.info("deleted JobDiagnosis %s/%s: past its TTL", meta.get("namespace"), meta.get("name"))
                except ObjectsError as exc:
                    log.warning(
                        "cannot delete JobDiagnosis %s/%s past its TTL (%s)",
                        meta.get("namespace"),
                        meta.get("name"),
                        exc,
                    )
        return deleted
