"""Capture: write what a diagnosis reads as a snapshot directory, so that ``jobdoctor
diagnose KIND NAME --snapshot DIR`` gives the same verdict anywhere, without the cluster.

A capture is a diagnosis's own reading: ``collect()`` runs over a ``RecordingSource``
that keeps every object and log chunk the real source hands it. The snapshot therefore
holds exactly what the verdict is made from - the workload, its children and queue
objects, its pods, their events, the logs of the chosen containers within the same line
and byte budgets - and nothing else: no Source reads Secrets. ``capturedAt`` is the
moment the diagnosis was made at.

Before anything is written: objects lose ``managedFields`` and the
``kubectl.kubernetes.io/last-applied-configuration`` annotation (a copy of the spec, env
values included), then pass through the ``Redactor`` (secret-named env values, tokens in
any string); logs are redacted line by line.

What the user had is never destroyed: the snapshot is written to a staging directory
inside DIR and moved into place at the end; a failed capture leaves DIR as it was. A
non-empty DIR is refused unless ``force``, and then the entries a snapshot is made of
(objects.yaml, snapshot.yaml, logs/) are moved to ``DIR/.replaced-<time>/``, not deleted.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TextIO

import yaml

from collectors.collecting import Budget, Target, collect
from collectors.documents import dump_list_item
from collectors.errors import InputError
from collectors.logs import LineMatcher
from collectors.redaction import Redactor, secret_env_values
from collectors.snapshot import LOGS_DIR, META_FILE, OBJECTS_FILE
from collectors.source import K8sObject, ObjectRef, Source

# Annotations that copy the whole spec, env values included: never worth their risk.
DROPPED_ANNOTATIONS = ("kubectl.kubernetes.io/last-applied-configuration",)
SNAPSHOT_ENTRIES = (OBJECTS_FILE, META_FILE, LOGS_DIR)
# Where a capture is staged inside DIR; a capture killed outright (SIGKILL) leaves one behind,
# which the next capture does not count as the user's.
STAGING_PREFIX = ".jobdoctor-capture-"
# Objects between two progress messages.
PROGRESS_EVERY = 1000


@dataclass(frozen=True)
class CaptureReport:
    """What a capture wrote, and what it could not read."""

    directory: Path
    captured_at: datetime
    objects: int
    logs: int
    log_bytes: int
    notes: list[str]
    replaced: Path | None = None


class RecordingSource:
    """A Source that passes another through and records what it returns: objects, redacted,
    to ``objects`` (an open objects.yaml) as they arrive, and logs, redacted line by line into
    ``logs_dir`` as they stream. Nothing is held: a capture costs what the diagnosis costs,
    plus the writing."""

    def __init__(
        self,
        source: Source,
        logs_dir: Path,
        redactor: Redactor,
        objects: TextIO,
        progress: Callable[[str], None] | None = None,
    ) -> None:
        self._source = source
        self._logs_dir = logs_dir
        self._redactor = redactor
        self._out = objects
        self._out.write("apiVersion: v1\nkind: List\nitems:\n")
        self._written: set[tuple[str, str, str, str]] = set()
        self._literals: set[str] = set()
        self._progress = progress
        self._lock = threading.Lock()
        self.log_files: list[Path] = []

    @property
    def objects(self) -> int:
        """How many objects were written."""
        with self._lock:
            return len(self._written)

    # -- Source ---------------------------------------------------------------------------

    @property
    def captured_at(self) -> datetime | None:
        return self._source.captured_at

    @property
    def notes(self) -> list[str]:
        return self._source.notes

    def get_object(self, api_version: str, kind: str, name: str, namespace: str | None) -> K8sObject | None:
        obj = self._source.get_object(api_version, kind, name, namespace)
        if obj is not None:
            self._keep([obj])
        return obj

    def list_objects(
        self, api_version: str, kind: str, namespace: str | None, *, label_selector: str | None = None
    ) -> list[K8sObject]:
        return self._keep(self._source.list_objects(api_version, kind, namespace, label_selector=label_selector))

    def list_events(self, namespace: str, involved: Sequence[ObjectRef]) -> list[K8sObject]:
        return self._keep(self._source.list_events(namespace, involved))

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
        chunks = self._source.read_log(
            namespace, pod, container, previous=previous, tail_lines=tail_lines, limit_bytes=limit_bytes
        )
        path = self._logs_dir / pod / f"{container}{'.previous' if previous else ''}.log"
        return self._tee(chunks, path, limit_bytes)

    # -- recording ------------------------------------------------------------------------

    def _keep(self, objects: list[K8sObject]) -> list[K8sObject]:
        with self._lock:
            for obj in objects:
                if obj.get("kind") == "Secret":  # no Source returns one; a capture never holds one
                    continue
                raw = obj.get("metadata")
                meta = raw if isinstance(raw, dict) else {}
                key = (
                    str(obj.get("apiVersion")),
                    str(obj.get("kind")),
                    str(meta.get("namespace")),
                    str(meta.get("name")),
                )
                if key in self._written:  # read twice (the workload, a pod): recorded once
                    continue
                # A log may echo a secret env value without its name: redact the value itself
                # in every object and log read after this one (pods are read before their logs).
                literals = (secret_env_values(obj) if obj.get("kind") != "Event" else set()) - self._literals
                if literals:
                    self._literals |= literals
                    self._redactor = self._redactor.with_literals(literals)
                self._out.write(dump_list_item(self._redactor.object(_trimmed(obj))))
                self._written.add(key)
                if self._progress is not None and len(self._written) % PROGRESS_EVERY == 0:
                    self._progress(f"captured {len(self._written):,} objects")
        return objects

    def _tee(self, chunks: Iterator[bytes], path: Path, limit_bytes: int | None) -> Iterator[bytes]:
        """Yields the log as read, and writes it redacted: line by line, since a secret
        may be cut across two chunks but never across two lines."""
        out = None
        pending = b""
        try:
            for chunk in chunks:
                yield chunk
                if out is None:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    out = path.open("wb")
                    with self._lock:
                        self.log_files.append(path)
                pending += chunk
                *lines, pending = pending.split(b"\n")
                for line in lines:
                    out.write(self._redact(line) + b"\n")
            if out is not None and pending:
                out.write(self._redact(pending))
        finally:
            if out is not None:
                out.close()
        if out is not None and limit_bytes is not None and path.stat().st_size > limit_bytes:
            _keep_last_bytes(path, limit_bytes)

    def _redact(self, line: bytes) -> bytes:
        # surrogateescape: bytes that are not UTF-8 go through untouched.
        return self._redactor.text(line.decode("utf-8", "surrogateescape")).encode("utf-8", "surrogateescape")


def capture(
    source: Source,
    target: Target,
    directory: str | os.PathLike[str],
    *,
    matcher: LineMatcher,
    budget: Budget = Budget(),
    redactor: Redactor | None = None,
    force: bool = False,
    now: datetime | None = None,
    progress: Callable[[str], None] | None = None,
) -> CaptureReport:
    """Reads ``target`` as a diagnosis would and writes it to ``directory`` as a snapshot.

    Raises ``InputError`` for a directory that cannot be used (checked before any request),
    and whatever ``collect()`` raises; on any error the directory is left as it was.
    """
    if not os.fspath(directory).strip():
        raise InputError("capture: the output directory is empty; name one with -o DIR")
    out = Path(directory)
    created = _check_directory(out, force=force)
    try:
        staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=out))
    except OSError as exc:
        if created:
            shutil.rmtree(out, ignore_errors=True)
        raise InputError(f"capture {out}: cannot write there ({exc.strerror})") from exc
    try:
        with (staging / OBJECTS_FILE).open("w", encoding="utf-8") as objects:
            recorder = RecordingSource(source, staging / LOGS_DIR, redactor or Redactor(), objects, progress)
            evidence = collect(recorder, target, matcher, budget=budget, now=now, progress=progress)
        # Microseconds kept: "now" is what ages and silences are measured from.
        meta = {
            "capturedAt": evidence.now.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
            "workload": {
                "apiVersion": evidence.workload.api_version,
                "kind": evidence.workload.kind,
                "namespace": target.namespace,
                "name": target.name,
            },
            "capturedBy": "jobdoctor capture",
        }
        (staging / META_FILE).write_text(yaml.safe_dump(meta, sort_keys=False), encoding="utf-8")
        logs = [p for p in recorder.log_files if p.is_file()]
        replaced = _install(staging, out)
    except BaseException as exc:
        shutil.rmtree(staging, ignore_errors=True)
        if created:
            shutil.rmtree(out, ignore_errors=True)
        if isinstance(exc, OSError):  # the directory filled up or went away: nothing was left in it
            raise InputError(f"capture {out}: cannot write there ({exc.strerror or exc})") from exc
        raise
    return CaptureReport(
        directory=out,
        captured_at=evidence.now,
        objects=recorder.objects,
        logs=len(logs),
        log_bytes=sum(p.stat().st_size for p in (out / LOGS_DIR).rglob("*.log")),
        notes=list(evidence.notes),
        replaced=replaced,
    )


def _check_directory(out: Path, *, force: bool) -> bool:
    """Whether ``out`` was created here. Refuses a file, a filesystem root, and a non-empty
    directory unless forced (a killed capture's own staging folder does not count)."""
    resolved = out.resolve()
    if resolved == Path(resolved.anchor):
        raise InputError(f"capture {out}: is the root of a filesystem; name a directory for the snapshot")
    if out.exists() and not out.is_dir():
        raise InputError(f"capture {out}: exists and is not a directory")
    if out.is_dir():
        try:
            theirs = [p for p in out.iterdir() if not p.name.startswith(STAGING_PREFIX)]
        except OSError as exc:
            raise InputError(f"capture {out}: cannot be read ({exc.strerror})") from exc
        if theirs and not force:
            raise InputError(
                f"capture {out}: directory is not empty; choose another, or pass --force "
                "(what a snapshot there holds is moved to a .replaced-* folder, not deleted)"
            )
        return False
    try:
        out.mkdir(parents=True)
    except OSError as exc:
        raise InputError(f"capture {out}: cannot create the directory ({exc.strerror})") from exc
    return True


def _install(staging: Path, out: Path) -> Path | None:
    """Moves the staged snapshot into ``out``; what it replaces goes to a .replaced-* folder."""
    existing = [name for name in SNAPSHOT_ENTRIES if (out / name).exists() or (out / name).is_symlink()]
    backup = None
    if existing:
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        backup = Path(tempfile.mkdtemp(prefix=f".replaced-{stamp}-", dir=out))
        for name in existing:
            os.replace(out / name, backup / name)
    for name in SNAPSHOT_ENTRIES:
        if (staging / name).exists():
            os.replace(staging / name, out / name)
    staging.rmdir()
    return backup


def _trimmed(obj: K8sObject) -> K8sObject:
    # Recorded as the source gave it, before it is checked (collectors/shapes.py): any shape.
    meta = dict(obj["metadata"]) if isinstance(obj.get("metadata"), dict) else {}
    meta.pop("managedFields", None)
    found = meta.get("annotations")
    annotations = {k: v for k, v in (found if isinstance(found, dict) else {}).items() if k not in DROPPED_ANNOTATIONS}
    if annotations:
        meta["annotations"] = annotations
    else:
        meta.pop("annotations", None)
    return {**obj, "metadata": meta}


def _keep_last_bytes(path: Path, limit: int) -> None:
    """Redaction can lengthen a log past the byte budget it was read within; the end is
    what a diagnosis reads, so the first lines go."""
    data = path.read_bytes()
    cut = len(data) - limit
    start = data.find(b"\n", cut) + 1 if cut > 0 else 0
    path.write_bytes(data[start:] if start > 0 else data[-limit:])
