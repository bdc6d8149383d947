"""Snapshots moved in time: every timestamp in objects.yaml and the logs shifted by the same
amount, so that snapshots captured months apart make one cluster observed at one moment."""

from __future__ import annotations

import re
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

from collectors.snapshot import SnapshotSource

# RFC 3339 (objects, kubelet --timestamps) and Python logging's "2026-05-14 09:37:55,123".
_TIME = re.compile(
    r"(?P<date>\d{4}-\d{2}-\d{2})(?P<sep>[T ])(?P<time>\d{2}:\d{2}:\d{2})(?P<frac>[.,]\d+)?"
    r"(?P<zone>Z|[+-]\d{2}:\d{2})?"
)


def _shift(text: str, delta: timedelta) -> str:
    def moved(m: re.Match[str]) -> str:
        t = datetime.strptime(f"{m['date']} {m['time']}", "%Y-%m-%d %H:%M:%S") + delta
        return f"{t:%Y-%m-%d}{m['sep']}{t:%H:%M:%S}{m['frac'] or ''}{m['zone'] or ''}"

    return _TIME.sub(moved, text)


def retimed(snapshot: Path, to: Path, captured_at: datetime) -> Path:
    """A copy of ``snapshot`` under ``to`` whose capture time is ``captured_at``."""
    delta = captured_at - (SnapshotSource(snapshot).captured_at or captured_at)
    shutil.copytree(snapshot, to)
    for file in [to / "objects.yaml", to / "snapshot.yaml", *sorted((to / "logs").glob("*/*.log"))]:
        if file.is_file():
            file.write_bytes(
                _shift(file.read_bytes().decode("utf-8", "surrogateescape"), delta).encode("utf-8", "surrogateescape")
            )
    return to


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(timezone.utc)
