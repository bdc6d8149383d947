"""What the fake API server serves: objects by resource, and container logs. Thread-safe.

Fill it from a snapshot directory (``Store.from_snapshot``) or object by object
(``add``, ``put_log``). Every change bumps ``resource_version`` and is passed to the
listeners registered with ``subscribe``: the hook a watch implementation needs.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import yaml

from tests.fakeapi.resources import Resource, by_kind

Obj = dict[str, Any]
Listener = Callable[[str, Resource, Obj], None]  # ("ADDED" | "MODIFIED" | "DELETED", resource, object)


class Store:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._objects: dict[Resource, dict[tuple[str | None, str], Obj]] = {}
        self._logs: dict[tuple[str, str, str, bool], bytes | Path] = {}
        self._listeners: list[Listener] = []
        self.resource_version = 1
        self.unserved: list[Obj] = []  # objects of kinds the fake has no resource for

    @classmethod
    def from_snapshot(cls, path: str | Path, *, namespace: str = "default") -> Store:
        """A snapshot directory's objects and logs. Objects without a namespace (and the
        logs, which name none) are put in ``namespace``."""
        return cls().add_snapshot(path, namespace=namespace)

    def add_snapshot(self, path: str | Path, *, namespace: str = "default") -> Store:
        """Adds a snapshot directory's objects and logs to what is served (several snapshots
        make one cluster: a namespace of many workloads). Returns the store."""
        root = Path(path)
        with (root / "objects.yaml").open("rb") as f:
            docs = list(yaml.load_all(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))
        for doc in docs:
            for obj in _flatten(doc):
                self.add(obj, namespace=namespace)
        logs = root / "logs"
        if logs.is_dir():
            for file in sorted(logs.glob("*/*.log")):
                container, previous = file.name[: -len(".log")], False
                if container.endswith(".previous"):
                    container, previous = container[: -len(".previous")], True
                self.put_log(file.parent.name, container, file, previous=previous, namespace=namespace)
        return self

    # -- changing -------------------------------------------------------------------------

    def add(self, obj: Obj, *, namespace: str = "default") -> None:
        """Adds or replaces an object (a copy), keyed by its kind, namespace and name."""
        res = by_kind(str(obj.get("apiVersion")), str(obj.get("kind")))
        obj = copy.deepcopy(obj)
        if res is None:
            self.unserved.append(obj)
            return
        meta = obj.setdefault("metadata", {})
        if res.namespaced:
            meta.setdefault("namespace", namespace)
        with self._lock:
            self.resource_version += 1
            meta.setdefault("resourceVersion", str(self.resource_version))
            key = (meta.get("namespace"), meta["name"])
            event = "MODIFIED" if key in self._objects.setdefault(res, {}) else "ADDED"
            self._objects[res][key] = obj
            listeners = list(self._listeners)
        for listener in listeners:
            listener(event, res, obj)

    def add_all(self, objects: Iterable[Obj], *, namespace: str = "default") -> None:
        for obj in objects:
            self.add(obj, namespace=namespace)

    def delete(self, api_version: str, kind: str, name: str, namespace: str | None = None) -> None:
        res = by_kind(api_version, kind)
        if res is None:
            return
        with self._lock:
            obj = self._objects.get(res, {}).pop((namespace if res.namespaced else None, name), None)
            self.resource_version += 1
            listeners = list(self._listeners)
        if obj is not None:
            for listener in listeners:
                listener("DELETED", res, obj)

    def put_log(
        self, pod: str, container: str, data: bytes | str | Path, *, previous: bool = False, namespace: str = "default"
    ) -> None:
        """A container's log: bytes, text, or a file read when served."""
        with self._lock:
            self._logs[(namespace, pod, container, previous)] = data.encode() if isinstance(data, str) else data

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Calls ``listener`` on every change; returns the function that unsubscribes."""
        with self._lock:
            self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    # -- reading --------------------------------------------------------------------------

    def get(self, res: Resource, namespace: str | None, name: str) -> Obj | None:
        with self._lock:
            obj = self._objects.get(res, {}).get((namespace if res.namespaced else None, name))
            return copy.deepcopy(obj) if obj is not None else None

    def list(self, res: Resource, namespace: str | None) -> list[Obj]:
        """Objects of a resource in a namespace (all namespaces: None), in etcd's key order.
        Core and events.k8s.io events are one store seen two ways, as in a real cluster."""
        with self._lock:
            found = [
                copy.deepcopy(o)
                for (ns, _), o in self._objects.get(res, {}).items()
                if namespace is None or ns == namespace
            ]
            other = (
                by_kind("events.k8s.io/v1" if res.group == "" else "v1", "Event") if res.plural == "events" else None
            )
            if other is not None:
                convert = to_core_event if res.group == "" else to_events_v1
                found += [
                    convert(copy.deepcopy(o))
                    for (ns, _), o in self._objects.get(other, {}).items()
                    if namespace is None or ns == namespace
                ]
        found.sort(key=lambda o: (o["metadata"].get("namespace") or "", o["metadata"]["name"]))
        return found

    def log(self, namespace: str, pod: str, container: str, previous: bool) -> bytes | None:
        with self._lock:
            data = self._logs.get((namespace, pod, container, previous))
        return data.read_bytes() if isinstance(data, Path) else data


def to_core_event(event: Obj) -> Obj:
    """An events.k8s.io/v1 Event as core/v1 serves it (the API server's own conversion)."""
    out: Obj = {"apiVersion": "v1", "kind": "Event", "metadata": event.get("metadata", {})}
    renames = {
        "regarding": "involvedObject",
        "note": "message",
        "deprecatedCount": "count",
        "deprecatedFirstTimestamp": "firstTimestamp",
        "deprecatedLastTimestamp": "lastTimestamp",
        "reportingController": "reportingComponent",
    }
    for key, value in event.items():
        if key not in ("apiVersion", "kind", "metadata"):
            out[renames.get(key, key)] = value
    return out


def to_events_v1(event: Obj) -> Obj:
    """A core/v1 Event as events.k8s.io/v1 serves it."""
    out: Obj = {"apiVersion": "events.k8s.io/v1", "kind": "Event", "metadata": event.get("metadata", {})}
    renames = {
        "involvedObject": "regarding",
        "message": "note",
        "count": "deprecatedCount",
        "firstTimestamp": "deprecatedFirstTimestamp",
        "lastTimestamp": "deprecatedLastTimestamp",
        "reportingComponent": "reportingController",
        "source": "deprecatedSource",
    }
    for key, value in event.items():
        if key not in ("apiVersion", "kind", "metadata"):
            out[renames.get(key, key)] = value
    return out


def _flatten(doc: Any) -> Iterable[Obj]:
    if isinstance(doc, dict) and isinstance(doc.get("items"), list) and str(doc.get("kind", "")).endswith("List"):
        for item in doc["items"]:
            yield from _flatten(item)
    elif isinstance(doc, dict):
        yield doc
