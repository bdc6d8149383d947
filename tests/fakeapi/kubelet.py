"""What the kubelet does to a log asked for with ``timestamps=true``: an RFC 3339 time and one
space before every line.

A real kubelet stamps each line with the moment the runtime received it. A snapshot only
keeps what the lines say themselves, so the time is rebuilt the way a reader would guess it:
the line's own timestamp (found as jobdoctor finds it, collectors.timestamps.line_time), else
the previous line's time, else the container's start. Lines already stamped (a snapshot taken
with ``kubectl logs --timestamps``) keep their stamp. Untimed lines therefore arrive in
bursts that share one time - as they do from a program whose output is block-buffered, or
from a log replayed into a container at start-up.
"""

from __future__ import annotations

from datetime import datetime, timezone

from collectors.logs import ANSI_ESCAPE, clean_line
from collectors.timestamps import line_time, split_kubectl_timestamp


def rfc3339_nano(t: datetime) -> str:
    """Go's time.RFC3339Nano, as the kubelet writes it: trailing zeros of the fraction dropped."""
    t = t.astimezone(timezone.utc)
    fraction = f"{t.microsecond:06d}".rstrip("0")
    return t.strftime("%Y-%m-%dT%H:%M:%S") + (f".{fraction}" if fraction else "") + "Z"


def own_time(raw: bytes, year: int) -> datetime | None:
    """The time a line carries: its ``--timestamps`` prefix, else what its text says."""
    line = ANSI_ESCAPE.sub(b"", raw).decode("utf-8", "replace")
    stamp, _ = split_kubectl_timestamp(line)
    if stamp is not None:
        return stamp
    return line_time(clean_line(line)[1], year=year)


def stamp(lines: list[bytes], start: datetime, *, before: datetime | None = None) -> list[bytes]:
    """``lines`` (each with its newline, if it has one) with the kubelet's prefix. ``before`` is
    the time of the last timed line before them, when they are a tail of a longer log."""
    out = []
    current = before or start
    for raw in lines:
        if split_kubectl_timestamp(raw[:40].decode("utf-8", "replace"))[0] is not None:
            current = own_time(raw, start.year) or current
            out.append(raw)
            continue
        current = own_time(raw, start.year) or current
        out.append(rfc3339_nano(current).encode() + b" " + raw)
    return out


def last_time_before(lines: list[bytes], end: int, year: int) -> datetime | None:
    """The time of the last line before index ``end`` that carries one."""
    for raw in reversed(lines[:end]):
        t = own_time(raw, year)
        if t is not None:
            return t
    return None
