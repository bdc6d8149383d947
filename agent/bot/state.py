"""Which notifications were delivered, kept in a ConfigMap the watcher owns.

A notification is identified by its workload's uid and its trigger (``failed.UID``); its
entry lists the sinks that accepted it. A sink is added only after its post succeeded, so
a watcher killed at any point, restarted, reads the ConfigMap and posts exactly what was
not yet delivered: to the sinks missing from the entry, nothing for a complete one.

The one gap no watcher can close: a sink that accepted a post, and the process killed
before the ConfigMap write that records it. That post is made again after the restart.
Every post carries the notification's key (the generic webhook as an ``Idempotency-Key``
header) so a receiver can drop the repeat; the window is one API request long.

Writes are read-modify-write with the ConfigMap's resourceVersion (409 means someone else
wrote: read again and merge). A write that fails is kept in memory - this process will not
post the notification again - and written with the next one. Entries older than the
retention are dropped.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from typing import Any

from agent.bot.kube import Kube, KubeError

log = logging.getLogger("jobdoctor.bot.state")
# A ConfigMap holds 1 MiB; an entry is about 150 bytes: thousands of notifications a retention.
_KEY = re.compile(r"[^-._a-zA-Z0-9]")
CONFLICT_RETRIES = 5


def notification_key(trigger: str, obj: dict[str, Any]) -> str:
    meta = obj.get("metadata") or {}
    ident = meta.get("uid") or f"{meta.get('namespace')}.{obj.get('kind')}.{meta.get('name')}"
    return _KEY.sub("-", f"{trigger}.{ident}")[:253]


class NotifiedState:
    def __init__(
        self,
        kube: Kube,
        namespace: str,
        name: str,
        *,
        retention: timedelta,
        clock: Callable[[], datetime] = lambda: datetime.now(timezone.utc),
    ) -> None:
        self._kube = kube
        self.namespace = namespace
        self.name = name
        self._retention = retention
        self._clock = clock
        self._lock = threading.Lock()
        self._entries: dict[str, dict[str, Any]] = {}
        self._unsaved = False
        self._version: str | None = None  # of the ConfigMap as last read or written

    def load(self) -> None:
        """Read the ConfigMap, creating it empty when it does not exist. Raises KubeError."""
        cm = self._kube.read_configmap(self.namespace, self.name)
        if cm is None:
            try:
                cm = self._kube.create_configmap(self.namespace, self._body({}, None))
            except KubeError as exc:
                if exc.status != 409:
                    raise
                cm = self._kube.read_configmap(self.namespace, self.name) or {}
        with self._lock:
            self._entries = {**_entries(cm), **self._entries}
            self._version = (cm.get("metadata") or {}).get("resourceVersion")

    def refresh(self) -> None:
        """Read the ConfigMap again and add what another writer recorded (a leader before
        this one, which may have finished a post after this one loaded). Raises KubeError."""
        cm = self._kube.read_configmap(self.namespace, self.name)
        if cm is not None:
            with self._lock:
                self._merge(cm)

    def delivered(self, key: str) -> frozenset[str]:
        with self._lock:
            return frozenset((self._entries.get(key) or {}).get("sinks") or ())

    def record(self, key: str, sink: str, *, target: str) -> None:
        """Remember that ``sink`` accepted notification ``key``, durably if the API allows."""
        with self._lock:
            entry = self._entries.setdefault(
                key, {"target": target, "sinks": [], "at": self._clock().strftime("%Y-%m-%dT%H:%M:%SZ")}
            )
            if sink not in entry["sinks"]:
                entry["sinks"].append(sink)
            self._unsaved = True
            try:
                self._save()
            except KubeError as exc:
                log.warning(
                    "could not record notification %s in ConfigMap %s/%s (%s); will retry with the next one",
                    key,
                    self.namespace,
                    self.name,
                    exc,
                )

    def flush(self) -> None:
        """Write what a failed write left in memory."""
        with self._lock:
            if self._unsaved:
                self._save()

    def _save(self) -> None:
        # One request when nobody else wrote: a replace at the version last seen. The
        # shorter the time from a sink's answer to this write, the smaller the window in
        # which a kill makes a post go out twice.
        for _ in range(CONFLICT_RETRIES):
            self._prune()
            try:
                if self._version is None:
                    cm = self._kube.create_configmap(self.namespace, self._body(self._entries, None))
                else:
                    cm = self._kube.replace_configmap(
                        self.namespace, self.name, self._body(self._entries, self._version)
                    )
            except KubeError as exc:
                if exc.status not in (404, 409):
                    raise
                self._merge(self._kube.read_configmap(self.namespace, self.name))
                continue
            self._version = (cm.get("metadata") or {}).get("resourceVersion")
            self._unsaved = False
            return
        raise KubeError(409, f"ConfigMap {self.namespace}/{self.name} kept changing under {CONFLICT_RETRIES} writes")

    def _merge(self, cm: dict[str, Any] | None) -> None:
        """Another writer's entries, and sinks, survive ours."""
        self._version = (cm or {}).get("metadata", {}).get("resourceVersion")
        for key, entry in (_entries(cm) if cm else {}).items():
            mine = self._entries.setdefault(key, entry)
            mine["sinks"] = sorted(set(mine["sinks"]) | set(entry.get("sinks") or ()))

    def _prune(self) -> None:
        oldest = (self._clock() - self._retention).strftime("%Y-%m-%dT%H:%M:%SZ")
        self._entries = {k: v for k, v in self._entries.items() if str(v.get("at", "")) >= oldest}

    def _body(self, entries: dict[str, dict[str, Any]], version: str | None) -> dict[str, Any]:
        meta: dict[str, Any] = {
            "name": self.name,
            "namespace": self.namespace,
            "labels": {"app.kubernetes.io/name": "jobdoctor", "app.kubernetes.io/component": "watcher-state"},
        }
        if version:
            meta["resourceVersion"] = version
        return {
            "apiVersion": "v1",
            "kind": "ConfigMap",
            "metadata": meta,
            "data": {k: json.dumps(v, sort_keys=True) for k, v in sorted(entries.items())},
        }


def _entries(cm: dict[str, Any]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for key, value in ((cm or {}).get("data") or {}).items():
        try:
            entry = json.loads(value)
        except ValueError:
            continue  # someone edited the ConfigMap by hand; an unreadable entry is no record
        if isinstance(entry, dict) and isinstance(entry.get("sinks"), list):
            out[key] = entry
    return out
