"""The results file of ``jobdoctor triage --results FILE``: one JSON line per workload.

A workload counts as done only once its whole line is written and flushed to disk (fsync):
a run killed at any point - SIGKILL included - leaves every line it finished and, at
worst, one torn last line. Opening the file again:

- checks that it is a results file (every complete line a record), refusing anything else
  with one line (exit 3) rather than appending to a file the user wrote;
- cuts a torn last line off (the workload it was about is diagnosed again), so nothing is
  appended after half a line;
- takes an exclusive lock (flock), so a second triage cannot write the same file at once;
  the kernel drops the lock when the process dies, however it dies.

Nothing else is ever truncated, rewritten or moved.
"""

from __future__ import annotations

import fcntl
import os
import threading
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from agent.errors import InputError
from agent.triage.report import Row

# How every record starts (pydantic writes fields in declaration order, without spaces): a
# torn last line is a prefix of a record, so it starts with this, or is a prefix of it.
MARKER = b'{"jobdoctor":"triage-result"'


class Record(BaseModel):
    """One line of a results file."""

    model_config = ConfigDict(extra="forbid")
    jobdoctor: Literal["triage-result"] = "triage-result"
    version: Literal[1] = 1
    key: str
    row: Row


class ResultsFile:
    """An open results file: what earlier runs finished (``done``), and ``append``. Thread-safe."""

    def __init__(self, path: Path, fd: int, done: dict[str, Record]) -> None:
        self.path = path
        self._fd = fd
        self._lock = threading.Lock()
        self.done = done

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> ResultsFile:
        """Opens (or creates) the file, locks it, reads its records and cuts a torn last line."""
        path = Path(path)
        label = f"results file {path}"
        if path.is_dir():
            raise InputError(f"{label}: a directory, not a file")
        created = not path.exists()
        try:
            # O_APPEND: every write lands at the end, whatever was read or cut before it.
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            raise InputError(f"{label}: cannot be opened ({exc.strerror})") from exc
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise InputError(
                    f"{label}: another jobdoctor triage is writing it; wait for it to finish "
                    "or pass another --results FILE"
                ) from None
            data = _read_all(fd)
            done, complete = parse(data, label)
            if complete < len(data):
                os.ftruncate(fd, complete)
                os.fsync(fd)
            if created:
                _sync_directory(path.parent)
        except BaseException:
            os.close(fd)
            raise
        return cls(path, fd, done)

    def append(self, record: Record) -> None:
        """Writes the record's line and flushes it to disk; only then is it done."""
        line = record.model_dump_json().encode("utf-8") + b"\n"
        with self._lock:
            if self._fd < 0:  # closed (the run was interrupted): not recorded, so diagnosed again next time
                return
            view = memoryview(line)
            while view:
                written = os.write(self._fd, view)
                view = view[written:]
            os.fsync(self._fd)
            self.done[record.key] = record

    def close(self) -> None:
        with self._lock:
            if self._fd >= 0:
                os.close(self._fd)  # releases the lock
                self._fd = -1

    def __enter__(self) -> ResultsFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def parse(data: bytes, label: str) -> tuple[dict[str, Record], int]:
    """The records of a results file's bytes, by key (a later line wins), and how many bytes
    hold complete lines. Raises InputError for anything that is not a results file."""
    complete = data.rfind(b"\n") + 1
    tail = data[complete:]
    if tail and not (MARKER.startswith(tail) or tail.startswith(MARKER) or not tail.strip(b"\0")):
        # A file system that lost a write after a crash can leave NUL bytes: torn too.
        raise InputError(
            f"{label}: not a jobdoctor triage results file (it does not end in a result); "
            "pass a new file or one a triage wrote"
        )
    done: dict[str, Record] = {}
    for number, line in enumerate(data[:complete].split(b"\n")[:-1], start=1):
        if not line.strip():
            continue
        try:
            record = Record.model_validate_json(line)
        except ValidationError:
            raise InputError(
                f"{label} line {number}: not a jobdoctor triage result; pass a new file or one a triage wrote"
            ) from None
        done[record.key] = record
    return done, complete


def _read_all(fd: int) -> bytes:
    chunks: list[bytes] = []
    offset = 0
    while True:
        chunk = os.pread(fd, 1 << 20, offset)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        offset += len(chunk)


def _sync_directory(directory: Path) -> None:
    """A new file's name is on disk only once its directory is flushed too."""
    try:
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:  # some file systems cannot flush a directory; the data is flushed regardless
        pass
    finally:
        os.close(fd)
