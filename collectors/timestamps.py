"""Times as Kubernetes writes them, and as training programs print them in their logs.

Log lines carry no time zone in most formats; they are read as UTC, the zone almost every
training image runs in. Only the time-of-day formats are skipped: without a date they cannot
be placed against ``capturedAt``.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

_RFC3339 = re.compile(r"(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d):(\d\d)(?:[.,](\d{1,9}))?\s?(Z|z|[+-]\d\d:?\d\d)?")


# Times outside these years are no times a cluster or a log wrote, and arithmetic near
# datetime's own bounds (year 1 and 9999) overflows: they read as absent.
YEARS = range(1900, 9001)


def parse_time(value: object) -> datetime | None:
    """An aware UTC datetime from an RFC 3339 string (or a datetime); None when absent or bad."""
    if isinstance(value, datetime):
        if value.year not in YEARS:
            return None
        return value if value.tzinfo else value.replace(tzinfo=timezone.utc)
    if not isinstance(value, str) or not value:
        return None
    m = _RFC3339.match(value.strip())
    return _from_match(m) if m else None


def _from_match(m: re.Match[str]) -> datetime | None:
    year, month, day, hour, minute, second = (int(g) for g in m.group(1, 2, 3, 4, 5, 6))
    micro = int((m.group(7) or "0")[:6].ljust(6, "0"))
    if year not in YEARS:
        return None
    try:
        t = datetime(year, month, day, hour, minute, second, micro, tzinfo=timezone.utc)
    except ValueError:
        return None
    zone = m.group(8)
    if zone and zone not in ("Z", "z"):
        sign = 1 if zone[0] == "+" else -1
        digits = zone[1:].replace(":", "")
        offset = sign * (int(digits[:2]) * 60 + int(digits[2:]))
        t -= timedelta(minutes=offset)
    return t


# `kubectl logs --timestamps` puts an RFC 3339 time and one space before every line.
KUBECTL_PREFIX = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:\d\d)) ")

# Formats found at or near the start of ML log lines, tried in order.
_ISO_IN_LINE = re.compile(r"(\d{4})-(\d\d)-(\d\d)[T _:](\d\d):(\d\d):(\d\d)(?:[.,](\d{1,9}))?(Z)?")
_GLOG = re.compile(r"(?:^|[\[\s])[IWEF](\d{1,2})(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?")
_US_DATE = re.compile(r"(\d\d)/(\d\d)/(\d{4}) (\d\d):(\d\d):(\d\d)")

# Only the head of a line is searched: a time deeper in the text is usually a value
# (a checkpoint name, a copied date), not when the line was written.
_HEAD = 64


def split_kubectl_timestamp(line: str) -> tuple[datetime | None, str]:
    """The ``--timestamps`` time of a line, and the line without it."""
    m = KUBECTL_PREFIX.match(line)
    if not m:
        return None, line
    return parse_time(m.group(1)), line[m.end() :]


def line_time(line: str, *, year: int) -> datetime | None:
    """When a log line says it was written, or None. ``year`` completes glog's month-day."""
    head = line[:_HEAD]
    m = _ISO_IN_LINE.search(head)
    if m:
        return _from_match(m)
    m = _US_DATE.search(head)
    if m:
        month, day, yr, hour, minute, second = (int(g) for g in m.groups())
        return _safe(yr, month, day, hour, minute, second, 0)
    m = _GLOG.search(head)
    if m:
        month, day, hour, minute, second = (int(g) for g in m.group(1, 2, 3, 4, 5))
        micro = int((m.group(6) or "0")[:6].ljust(6, "0"))
        return _safe(year, month, day, hour, minute, second, micro)
    return None


def _safe(year: int, month: int, day: int, hour: int, minute: int, second: int, micro: int) -> datetime | None:
    if year not in YEARS:
        return None
    try:
        return datetime(year, month, day, hour, minute, second, micro, tzinfo=timezone.utc)
    except ValueError:
        return None


def format_time(t: datetime | None) -> str:
    """``2026-03-02T10:30:51Z``: how times appear in verdicts and evidence."""
    if t is None:
        return "unknown time"
    return t.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def format_duration(seconds: float) -> str:
    """``4h19m``, ``12m``, ``95s``: short and exact enough for a human."""
    s = int(round(seconds))
    if s < 120:
        return f"{s}s"
    m = int(round(s / 60))
    if m < 90:
        return f"{m}m"
    h, m = divmod(s // 60, 60)
    if h < 48:
        return f"{h}h{m:02d}m"
    return f"{h // 24}d{h % 24}h"
