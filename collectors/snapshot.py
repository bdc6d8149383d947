"""A ``Source`` over a snapshot directory, the format users make with kubectl::

    SNAPSHOT/
      objects.yaml                       YAML documents: objects or `kind: List` (kubectl get -o yaml)
      logs/POD/CONTAINER.log             kubectl logs POD -c CONTAINER [--timestamps]
      logs/POD/CONTAINER.previous.log    kubectl logs POD -c CONTAINER --previous
      snapshot.yaml                      optional: capturedAt: <RFC 3339>

Secrets in ``objects.yaml`` are dropped on load: nothing downstream needs them, and nothing
downstream can then leak them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml

from collectors.documents import load_documents
from collectors.errors import SnapshotError
from collectors.source import K8sObject, ObjectRef, involves
from collectors.timestamps import parse_time

OBJECTS_FILE = "objects.yaml"
META_FILE = "snapshot.yaml"
LOGS_DIR = "logs"
CHUNK_BYTES = 1 << 20
# How far back from the end a tail may look for its first line before giving up and
# starting `limit_bytes` from the end: bounds the work on a log of a few huge lines.
TAIL_SCAN_FACTOR = 4
# A NUL byte in the first block marks a binary file, not a log.
BINARY_PROBE_BYTES = 8192

try:  # libyaml is ~10x faster on a 1,000-pod objects.yaml
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Loader = yaml.SafeLoader

# Fields whose times say when the snapshot was taken, when snapshot.yaml does not.
_TIME_KEYS = frozenset(
    {"creationTimestamp", "lastTimestamp", "firstTimestamp", "eventTime", "lastTransitionTime",
     "startedAt", "finishedAt", "lastProbeTime", "lastUpdateTime", "completionTime", "startTime"}
)


class SnapshotSource:
    """Serves a snapshot directory. Objects are read once; logs are streamed on demand."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._label = str(path).rstrip("/") + "/"
        if not self.path.is_dir():
            raise SnapshotError(f"snapshot {self._label}: no such directory")
        objects_file = self.path / OBJECTS_FILE
        if not objects_file.is_file():
            raise SnapshotError(f"snapshot {self._label}: {OBJECTS_FILE} is missing")
        self._objects = self._load_objects(objects_file)
        self._captured_at = self._load_captured_at()

    # -- Source ---------------------------------------------------------------------------

    @property
    def captured_at(self) -> datetime | None:
        return self._captured_at

    def get_object(self, api_version: str, kind: str, name: str, namespace: str | None) -> K8sObject | None:
        for obj in self._objects:
            if obj["kind"] == kind and obj.get("apiVersion") == api_version and _name(obj) == name:
                if namespace is None or _namespace(obj) in (namespace, None):
                    return obj
        return None

    def list_objects(
        self, api_version: str, kind: str, namespace: str | None, *, label_selector: str | None = None
    ) -> list[K8sObject]:
        wanted = parse_selector(label_selector)
        found = []
        for obj in self._objects:
            if obj["kind"] != kind or obj.get("apiVersion") != api_version:
                continue
            if namespace is not None and _namespace(obj) not in (namespace, None):
                continue
            labels = (obj.get("metadata") or {}).get("labels") or {}
            if all(labels.get(k) == v for k, v in wanted.items()):
                found.append(obj)
        return found

    def list_events(self, namespace: str, involved: Sequence[ObjectRef]) -> list[K8sObject]:
        # Events about nodes belong to no namespace of their own ("default" on a cluster):
        # a snapshot may hold them in any.
        return [obj for obj in self._objects
                if obj["kind"] == "Event" and involves(obj, involved)
                and (_namespace(obj) in (namespace, None) or _about_node(obj))]

    def read_log(
        self,
        namespace: str,
        pod: str,
        container: str,
        *,
        previous: bool = False,
        tail_lines: int | None = None,
        limit_bytes: int | None = None,
    ) -> Iterator[bytes]:
        for part in (pod, container):
            if not part or "/" in part or part.startswith("."):
                raise SnapshotError(f"snapshot {self._label}: {part!r} cannot name a log file")
        rel = f"{LOGS_DIR}/{pod}/{container}{'.previous' if previous else ''}.log"
        path = self.path / rel
        if not path.is_file():
            return iter(())
        try:
            f = path.open("rb")
        except OSError as exc:
            raise SnapshotError(f"snapshot {self._label}: {rel}: cannot be read ({exc.strerror})") from exc
        return self._stream(f, rel, tail_lines, limit_bytes)

    # -- loading --------------------------------------------------------------------------

    def _load_objects(self, path: Path) -> list[K8sObject]:
        try:
            with path.open("rb") as f:
                documents = load_documents(f.read())
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            where = f" line {mark.line + 1}" if mark else ""
            raise SnapshotError(f"snapshot {self._label}: {OBJECTS_FILE}{where}: not valid YAML ({exc.problem})") from exc
        except (yaml.YAMLError, UnicodeDecodeError) as exc:
            raise SnapshotError(f"snapshot {self._label}: {OBJECTS_FILE}: not valid YAML") from exc
        except OSError as exc:
            raise SnapshotError(f"snapshot {self._label}: {OBJECTS_FILE}: cannot be read ({exc.strerror})") from exc
        objects: list[K8sObject] = []
        for number, doc in enumerate(documents, start=1):
            if doc is None:
                continue
            for obj in _flatten(doc):
                problem = _malformed(obj)
                if problem:
                    raise SnapshotError(f"snapshot {self._label}: {OBJECTS_FILE} document {number}: {problem}")
                if obj["kind"] != "Secret":
                    objects.append(obj)
        return objects

    def _load_captured_at(self) -> datetime | None:
        meta = self.path / META_FILE
        if meta.is_file():
            try:
                data = yaml.load(meta.read_bytes(), Loader=_Loader) or {}
            except yaml.YAMLError as exc:
                raise SnapshotError(f"snapshot {self._label}: {META_FILE}: not valid YAML") from exc
            if not isinstance(data, dict):
                raise SnapshotError(f"snapshot {self._label}: {META_FILE}: expected a mapping with capturedAt")
            if data.get("capturedAt") is not None:
                t = parse_time(data["capturedAt"])
                if t is None:
                    raise SnapshotError(
                        f"snapshot {self._label}: {META_FILE}: capturedAt {data['capturedAt']!r} is not an RFC 3339 time"
                    )
                return t
        newest: datetime | None = None
        for obj in self._objects:
            for t in _times(obj):
                if newest is None or t > newest:
                    newest = t
        return newest

    def _stream(self, f: Any, rel: str, tail_lines: int | None, limit_bytes: int | None) -> Iterator[bytes]:
        with f:
            size = os.fstat(f.fileno()).st_size
            start = 0
            if tail_lines is not None:
                start = _tail_start(f, size, tail_lines, limit_bytes)
            f.seek(start)
            remaining = limit_bytes if limit_bytes is not None else size - start
            first = True
            while remaining > 0:
                chunk = f.read(min(CHUNK_BYTES, remaining))
                if not chunk:
                    break
                if first and b"\x00" in chunk[:BINARY_PROBE_BYTES]:
                    raise SnapshotError(f"snapshot {self._label}: {rel}: binary data, not a text log")
                first = False
                remaining -= len(chunk)
                yield chunk


def _tail_start(f: Any, size: int, tail_lines: int, limit_bytes: int | None) -> int:
    """Offset of the first of the last ``tail_lines`` lines, reading backwards in blocks."""
    if size == 0:
        return 0
    budget = (limit_bytes or CHUNK_BYTES * 16) * TAIL_SCAN_FACTOR
    pos = size
    newlines = 0
    f.seek(size - 1)
    if f.read(1) == b"\n":  # the final newline ends the last line; it does not start one
        newlines = -1
    while pos > 0 and size - pos < budget:
        step = min(CHUNK_BYTES, pos)
        pos -= step
        f.seek(pos)
        block = f.read(step)
        count = block.count(b"\n")
        if newlines + count >= tail_lines:
            # Walk to the exact newline that starts the window.
            need = tail_lines - newlines
            idx = len(block)
            for _ in range(need):
                idx = block.rfind(b"\n", 0, idx)
            return pos + idx + 1
        newlines += count
    if pos == 0:
        return 0
    return max(0, size - (limit_bytes or budget))


def parse_selector(selector: str | None) -> dict[str, str]:
    """``a=b,c==d`` as a dict. Only equality selectors: that is all jobdoctor writes."""
    wanted: dict[str, str] = {}
    for term in (selector or "").split(","):
        term = term.strip()
        if not term:
            continue
        key, sep, value = term.replace("==", "=").partition("=")
        if not sep:
            raise ValueError(f"unsupported label selector term {term!r}")
        wanted[key.strip()] = value.strip()
    return wanted


def _flatten(doc: Any) -> Iterator[Any]:
    if isinstance(doc, dict) and isinstance(doc.get("items"), list) and str(doc.get("kind", "")).endswith("List"):
        for item in doc["items"]:
            yield from _flatten(item)
    else:
        yield doc


def _malformed(obj: Any) -> str | None:
    if not isinstance(obj, dict):
        return f"expected a Kubernetes object, found {type(obj).__name__}"
    if not isinstance(obj.get("kind"), str) or not obj.get("kind"):
        return "an object has no kind"
    if not isinstance(obj.get("apiVersion"), str):
        return f"a {obj['kind']} has no apiVersion"
    meta = obj.get("metadata")
    if not isinstance(meta, dict) or not isinstance(meta.get("name"), str):
        return f"a {obj['kind']} has no metadata.name"
    return None


def _about_node(event: K8sObject) -> bool:
    return ((event.get("involvedObject") or event.get("regarding") or {}).get("kind")) == "Node"


def _name(obj: K8sObject) -> str:
    return str(obj["metadata"]["name"])


def _namespace(obj: K8sObject) -> str | None:
    ns = obj["metadata"].get("namespace")
    return str(ns) if ns else None


def _times(value: Any, key: str | None = None) -> Iterator[datetime]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _times(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _times(v, key)
    elif key in _TIME_KEYS:
        t = parse_time(value)
        if t is not None:
            yield t
