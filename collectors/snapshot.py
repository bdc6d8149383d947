"""A ``Source`` over a snapshot directory, the format users make with kubectl::

    SNAPSHOT/
      objects.yaml                       YAML documents: objects or `kind: List` (kubectl get -o yaml)
      logs/POD/CONTAINER.log             kubectl logs POD -c CONTAINER [--timestamps]
      logs/POD/CONTAINER.previous.log    kubectl logs POD -c CONTAINER --previous
      snapshot.yaml                      optional: capturedAt: <RFC 3339>

Secrets in ``objects.yaml`` are dropped on load: nothing downstream needs them, and nothing
downstream can then leak them.

A snapshot comes from someone else, so nothing in it is trusted:

- only regular files inside the directory are read, never through a symbolic link
  (collectors/files.py), so a log linked to a host file is refused, not copied into a prompt;
- objects.yaml is loaded within ``collectors.documents.Limits`` (no alias bombs, no
  50,000-deep nesting) and at most ``MAX_OBJECTS_BYTES``; each object's fields are checked
  (collectors/shapes.py) and those of the wrong type left out, with a note;
- two different copies of one object (a snapshot merged from two captures) are one: the newest
  by resourceVersion, with a note saying so;
- a log that cannot be read as text, or not at all, is left out with a note, and the
  diagnosis goes on with the rest; a line longer than ``MAX_LINE_BYTES`` is cut to its head
  and tail while the log is read from its end, so a huge last line cannot push the lines
  before it out of the window.

What the source left out or chose is in ``notes``; the diagnosis carries them.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, BinaryIO

import yaml

from collectors.documents import Unbounded, load_document, load_documents
from collectors.errors import SnapshotError, Unreadable
from collectors.files import Refused, open_in_snapshot
from collectors.shapes import identity_problem, repair
from collectors.source import K8sObject, ObjectRef, involvement
from collectors.timestamps import parse_time

OBJECTS_FILE = "objects.yaml"
META_FILE = "snapshot.yaml"
LOGS_DIR = "logs"
CHUNK_BYTES = 1 << 20
# How far back from the end a tail may look for its first line, in bytes kept, before
# giving up and taking `limit_bytes` from the end: bounds the work on a log of a few
# thousand long lines.
TAIL_SCAN_FACTOR = 4
# A line longer than this is kept as its first and last halves: a progress bar rewritten
# with `\r` for hours is one line, and so is a runaway print; no line a diagnosis needs is
# this long (the longest JSON log records are tens of kilobytes).
MAX_LINE_BYTES = 1 << 20
# How far back the search for a line's start goes, in bytes read, whatever the budgets: a
# 2 GB file without a newline costs this much reading, not two gigabytes.
MAX_SCAN_BYTES = 512 << 20
# A NUL byte in the last block of a log (read first) marks binary data or UTF-16, not a
# UTF-8 text log: git's test for binary files.
BINARY_PROBE_BYTES = 8192
# objects.yaml of a 1,000-pod job with 50,000 events is under 40 MB.
MAX_OBJECTS_BYTES = 128 << 20
_NEWEST = "; the newest time in objects.yaml is used as capturedAt"
# Notes on objects with fields of the wrong type, before the rest are only counted.
MAX_OBJECT_NOTES = 10

try:  # libyaml is ~10x faster on a 1,000-pod objects.yaml
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Loader = yaml.SafeLoader

# Fields whose times say when the snapshot was taken, when snapshot.yaml does not.
_TIME_KEYS = frozenset(
    {
        "creationTimestamp",
        "lastTimestamp",
        "firstTimestamp",
        "eventTime",
        "lastTransitionTime",
        "startedAt",
        "finishedAt",
        "lastProbeTime",
        "lastUpdateTime",
        "completionTime",
        "startTime",
    }
)


class SnapshotSource:
    """Serves a snapshot directory. Objects are read once; logs are streamed on demand."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._label = str(path).rstrip("/") + "/"
        self._notes: list[str] = []
        self._lock = threading.Lock()
        try:
            if not self.path.is_dir():
                raise SnapshotError(f"snapshot {self._label}: no such directory")
        except OSError as exc:
            raise SnapshotError(f"snapshot {self._label}: cannot be read ({exc.strerror})") from exc
        self._objects = self._load_objects()
        self._captured_at = self._load_captured_at()

    # -- Source ---------------------------------------------------------------------------

    @property
    def captured_at(self) -> datetime | None:
        return self._captured_at

    @property
    def notes(self) -> list[str]:
        with self._lock:
            return list(self._notes)

    def get_object(self, api_version: str, kind: str, name: str, namespace: str | None) -> K8sObject | None:
        for obj in self._objects:
            if (
                _same_kind(obj, kind)
                and obj.get("apiVersion") == api_version
                and _name(obj) == name
                and (namespace is None or _namespace(obj) in (namespace, None))
            ):
                return obj
        return None

    def list_objects(
        self, api_version: str, kind: str, namespace: str | None, *, label_selector: str | None = None
    ) -> list[K8sObject]:
        wanted = parse_selector(label_selector)
        found = []
        for obj in self._objects:
            if not _same_kind(obj, kind) or obj.get("apiVersion") != api_version:
                continue
            if namespace is not None and _namespace(obj) not in (namespace, None):
                continue
            labels = obj["metadata"].get("labels") or {}
            if all(labels.get(k) == v for k, v in wanted.items()):
                found.append(obj)
        # In the API server's order - by namespace, then name (its storage keys) - whatever the
        # file's: a diagnosis of a snapshot is the diagnosis of the cluster it was taken from.
        return sorted(found, key=lambda obj: (_namespace(obj) or "", _name(obj)))

    def list_events(self, namespace: str, involved: Sequence[ObjectRef]) -> list[K8sObject]:
        # Events about nodes belong to no namespace of their own ("default" on a cluster):
        # a snapshot may hold them in any.
        about = involvement(involved)
        return [
            obj
            for obj in self._objects
            if obj["kind"] == "Event" and about(obj) and (_namespace(obj) in (namespace, None) or _about_node(obj))
        ]

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
            if not part or "/" in part or "\\" in part or part.startswith(".") or "\x00" in part:
                raise Unreadable(f"{part!r} cannot name a log file in a snapshot: not read")
        rel = f"{LOGS_DIR}/{pod}/{container}{'.previous' if previous else ''}.log"
        try:
            f = open_in_snapshot(self.path, rel)
        except Refused as exc:
            raise Unreadable(f"{rel}: {exc}") from None
        if f is None:
            return iter(())
        try:
            ranges, cut, window = _window(f, tail_lines, limit_bytes)
        except OSError as exc:
            f.close()
            raise Unreadable(f"{rel}: cannot be read ({exc.strerror or exc})") from None
        except Unreadable as exc:
            f.close()
            raise Unreadable(f"{rel}: {exc}") from None
        if cut:
            self._note(
                f"{rel}: {cut} line{'s' if cut > 1 else ''} longer than {MAX_LINE_BYTES >> 20} MiB cut to "
                f"{'their' if cut > 1 else 'its'} first and last {MAX_LINE_BYTES >> 11} KiB"
            )
        return _emit(f, ranges, limit_bytes, from_start=window)

    # -- loading --------------------------------------------------------------------------

    def _note(self, note: str) -> None:
        with self._lock:
            if note not in self._notes:
                self._notes.append(note)

    def _load_objects(self) -> list[K8sObject]:
        try:
            f = open_in_snapshot(self.path, OBJECTS_FILE)
        except Refused as exc:
            raise SnapshotError(f"snapshot {self._label}: {OBJECTS_FILE}: {exc}") from None
        if f is None:
            raise SnapshotError(f"snapshot {self._label}: {OBJECTS_FILE} is missing")
        where = f"snapshot {self._label}: {OBJECTS_FILE}"
        notes: list[str] = []
        try:
            with f:
                data = f.read(MAX_OBJECTS_BYTES + 1)
            if len(data) > MAX_OBJECTS_BYTES:
                raise SnapshotError(f"{where}: larger than {MAX_OBJECTS_BYTES >> 20} MiB: not read")
            documents = load_documents(data, notes=notes)
        except Unbounded as exc:
            raise SnapshotError(f"{where}: refused: {exc}") from None
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = f" line {mark.line + 1}" if mark else ""
            raise SnapshotError(f"{where}{line}: not valid YAML ({exc.problem})") from exc
        except (yaml.YAMLError, UnicodeDecodeError) as exc:
            raise SnapshotError(f"{where}: not valid YAML") from exc
        except OSError as exc:
            raise SnapshotError(f"{where}: cannot be read ({exc.strerror})") from exc
        self._notes.extend(f"{OBJECTS_FILE}: {note}" for note in notes)
        objects: dict[tuple[str, str, str | None, str], tuple[K8sObject, str]] = {}
        repaired: list[str] = []
        unusable: list[str] = []
        for number, doc in enumerate(documents, start=1):
            if doc is None:
                continue
            listed = isinstance(doc, dict) and "items" in doc
            for item, obj in enumerate(_flatten(doc), start=1):
                at = f"document {number}" + (f" item {item}" if listed else "")
                problem = identity_problem(obj)
                if problem:  # nothing can ask for an object without a kind and a name
                    unusable.append(f"{at}: {problem}")
                    continue
                if obj["kind"] == "Secret":
                    continue
                note = repair(obj)
                if note:
                    repaired.append(note)
                self._keep(objects, obj, at)
        if unusable and not objects:
            raise SnapshotError(f"{where} {unusable[0]}")
        left_out = [f"{at}: left out" for at in unusable] + repaired
        self._notes.extend(
            f"{OBJECTS_FILE} {note}" if note.startswith("document") else f"{OBJECTS_FILE}: {note}"
            for note in left_out[:MAX_OBJECT_NOTES]
        )
        if len(left_out) > MAX_OBJECT_NOTES:
            self._notes.append(
                f"{OBJECTS_FILE}: {len(left_out) - MAX_OBJECT_NOTES} more objects without an identity "
                "or with fields of the wrong type, left out the same way"
            )
        return [obj for obj, _ in objects.values()]

    def _keep(
        self, objects: dict[tuple[str, str, str | None, str], tuple[K8sObject, str]], obj: K8sObject, where: str
    ) -> None:
        """Adds ``obj`` unless a copy of it is there; of two different copies, the newest
        (by resourceVersion, then the later in the file) stays, and a note says which.
        Events are records, not state: hand-made snapshots give several the same name."""
        key = (obj["apiVersion"], obj["kind"], _namespace(obj), _name(obj) if obj["kind"] != "Event" else where)
        seen = objects.get(key)
        if seen is None:
            objects[key] = (obj, where)
            return
        if seen[0] == obj:
            return
        newer = _resource_version(obj) >= _resource_version(seen[0])
        used, other = ((obj, where), seen) if newer else (seen, (obj, where))
        objects[key] = used
        version = str(used[0]["metadata"].get("resourceVersion") or "")
        self._notes.append(
            f"{OBJECTS_FILE} holds two different copies of {obj['kind']} {_qualified(obj)}: the one in "
            f"{used[1]}{f' (resourceVersion {version})' if version else ''} is used, the one in "
            f"{other[1]} is not"
        )

    def _load_captured_at(self) -> datetime | None:
        try:
            f = open_in_snapshot(self.path, META_FILE)
        except Refused as exc:
            self._note(f"{META_FILE}: {exc}{_NEWEST}")
            f = None
        if f is not None:
            data = self._read_meta(f)
            if data is not None and data.get("capturedAt") is not None:
                t = parse_time(data["capturedAt"])
                if t is None:
                    shown = repr(data["capturedAt"])
                    shown = shown if len(shown) <= 60 else shown[:57] + "..."
                    raise SnapshotError(
                        f"snapshot {self._label}: {META_FILE}: capturedAt {shown} is not an RFC 3339 "
                        "time of the years 1900 to 9000 (2026-05-14T09:37:55Z)"
                    )
                return t
        newest: datetime | None = None
        for obj in self._objects:
            for t in _times(obj):
                if newest is None or t > newest:
                    newest = t
        return newest

    def _read_meta(self, f: BinaryIO) -> dict[str, Any] | None:
        """snapshot.yaml's mapping; None, with a note, when it cannot be read as text."""
        fallback = _NEWEST
        try:
            with f:
                raw = f.read(1 << 20)
            text = raw.decode("utf-8")
        except OSError as exc:
            self._note(f"{META_FILE}: cannot be read ({exc.strerror}){fallback}")
            return None
        except UnicodeDecodeError:
            self._note(f"{META_FILE}: not UTF-8 text{fallback}")
            return None
        try:
            data = load_document(text) or {}
        except yaml.YAMLError as exc:
            raise SnapshotError(f"snapshot {self._label}: {META_FILE}: not valid YAML ({exc})") from exc
        if not isinstance(data, dict):
            raise SnapshotError(f"snapshot {self._label}: {META_FILE}: expected a mapping with capturedAt")
        return data


def _window(f: BinaryIO, tail_lines: int | None, limit_bytes: int | None) -> tuple[list[tuple[int, int]], int, bool]:
    """What to read of a log: byte ranges in file order, how many overlong lines were cut
    (each is two ranges, its head and its tail), and whether the ranges are the whole tail
    window (then ``limit_bytes`` counts from its start, as the API server counts) rather than
    what the scan budget reached (then the last ``limit_bytes`` are what is read).

    Reads from the end, in blocks; raises ``Unreadable`` when the end is binary."""
    size = os.fstat(f.fileno()).st_size
    if size == 0:
        return [], 0, True
    # Without a tail, the whole log is the window (up to MAX_SCAN_BYTES).
    wanted = tail_lines if tail_lines is not None else size + 1
    budget = (limit_bytes or CHUNK_BYTES * 16) * TAIL_SCAN_FACTOR if tail_lines is not None else size + 1
    ranges: list[tuple[int, int]] = []  # from the end backwards
    cut = lines = kept = 0
    line_end = size  # end (exclusive, its newline included) of the line being looked for
    pos = size  # everything from here on has been read
    first = True

    def keep(start: int, end: int) -> None:
        nonlocal cut, lines, kept
        lines += 1
        if end - start > MAX_LINE_BYTES:
            half = MAX_LINE_BYTES // 2
            ranges.append((end - half, end))
            ranges.append((-1, -1))  # where the cut was
            ranges.append((start, start + half))
            cut += 1
            kept += MAX_LINE_BYTES
        elif ranges and ranges[-1][0] == end:
            ranges[-1] = (start, ranges[-1][1])
            kept += end - start
        else:
            ranges.append((start, end))
            kept += end - start

    while pos > 0 and lines < wanted and kept < budget and size - pos < MAX_SCAN_BYTES:
        step = min(CHUNK_BYTES, pos)
        block_start = pos - step
        f.seek(block_start)
        block = f.read(step)
        if first:
            if b"\x00" in block[-BINARY_PROBE_BYTES:]:
                raise Unreadable("binary data or UTF-16, not a UTF-8 text log: not read")
            first = False
        # The newline that ends the line being looked for is its own; search before it.
        idx = block.rfind(b"\n", 0, max(0, line_end - 1 - block_start))
        while idx >= 0 and lines < wanted:
            start = block_start + idx + 1
            keep(start, line_end)
            line_end = start
            idx = block.rfind(b"\n", 0, idx)
        pos = block_start
    whole = lines >= wanted or pos == 0
    if lines < wanted and line_end > pos and (pos == 0 or line_end - pos > MAX_LINE_BYTES):
        keep(pos, line_end)  # the first line of the file, or the part of a huge one read
    ranges.reverse()
    return ranges, cut, whole


_CUT_LINE = f" [... cut by jobdoctor: a line longer than {MAX_LINE_BYTES >> 20} MiB ...] ".encode()


def _emit(f: BinaryIO, ranges: list[tuple[int, int]], limit_bytes: int | None, *, from_start: bool) -> Iterator[bytes]:
    """The ranges' bytes in chunks of at most CHUNK_BYTES, at most ``limit_bytes`` of them:
    the first ones of a whole window, else the last ones."""
    with f:
        total = sum(max(0, end - start) for start, end in ranges) + sum(len(_CUT_LINE) for s, _ in ranges if s < 0)
        skip = 0
        remaining = total
        if limit_bytes is not None and total > limit_bytes:
            if from_start:
                remaining = limit_bytes
            else:
                skip = total - limit_bytes
                remaining = limit_bytes
        for start, end in ranges:
            if remaining <= 0:
                break
            if start < 0:
                piece = _CUT_LINE
                if skip >= len(piece):
                    skip -= len(piece)
                    continue
                piece = piece[skip : skip + remaining]
                skip = 0
                remaining -= len(piece)
                yield piece
                continue
            length = end - start
            if skip >= length:
                skip -= length
                continue
            start += skip
            skip = 0
            f.seek(start)
            while start < end and remaining > 0:
                chunk = f.read(min(CHUNK_BYTES, end - start, remaining))
                if not chunk:
                    return
                start += len(chunk)
                remaining -= len(chunk)
                yield chunk


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


def _same_kind(obj: K8sObject, kind: str) -> bool:
    """An API server finds objects by resource name, whatever their kind's capitals: the first
    TFJob operator's objects say ``TfJob``. No group serves two kinds that differ only so."""
    return str(obj["kind"]).lower() == kind.lower()


def _about_node(event: K8sObject) -> bool:
    return ((event.get("involvedObject") or event.get("regarding") or {}).get("kind")) == "Node"


def _name(obj: K8sObject) -> str:
    return str(obj["metadata"]["name"])


def _namespace(obj: K8sObject) -> str | None:
    ns = obj["metadata"].get("namespace")
    return str(ns) if ns else None


def _qualified(obj: K8sObject) -> str:
    ns = _namespace(obj)
    return f"{ns}/{_name(obj)}" if ns else _name(obj)


def _resource_version(obj: K8sObject) -> int:
    version = str(obj["metadata"].get("resourceVersion") or "")
    return int(version) if version.isdigit() and len(version) < 30 else -1


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
