"""Reading a container log in one streaming pass, in bounded memory.

A log is read as blocks of bytes. Each block is searched once with a single regular
expression that joins every pattern; only the lines it hits are classified pattern by
pattern. What is kept is bounded whatever the log's size: the first and last line each
pattern matched with a few lines of context, the last ``TAIL_LINES`` lines, and counts.

The patterns come from the caller (the agent's signature catalogue): collectors know how
to read logs, not what the lines mean.
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from collectors.evidence import LogDigest, LogLine, LogMatch
from collectors.timestamps import line_time, split_kubectl_timestamp

TAIL_LINES = 300  # enough to hold a final traceback and torchrun's failure summary
CONTEXT_BEFORE = 4
CONTEXT_AFTER = 8
HEAD_LINES = 50  # where a log's first timestamp is looked for
MAX_LINE_CHARS = 2000  # longer lines are cut when kept as evidence
MAX_WINDOWS = 6  # context windows kept per log, strongest matches first
MAX_PENDING_BYTES = 1 << 20  # a "line" longer than this is cut: bounded memory on binary-ish output

_GLOBAL_FLAGS = re.compile(r"^\(\?([aiLmsux]+)\)")


@dataclass(frozen=True)
class LogPattern:
    """A pattern to look for. ``weight`` ranks matches when choosing context to keep."""

    id: str
    regex: str
    weight: int = 0
    noise: bool = False


def scoped(regex: str) -> str:
    """``(?i)foo`` as ``(?i:foo)``, so patterns with global flags can be joined."""
    m = _GLOBAL_FLAGS.match(regex)
    if m:
        return f"(?{m.group(1)}:{regex[m.end():]})"
    return f"(?:{regex})"


class LineMatcher:
    """Many patterns matched in one pass. Lines matching a noise pattern match nothing."""

    def __init__(self, patterns: Sequence[LogPattern]) -> None:
        signals = [p for p in patterns if not p.noise]
        noise = [p for p in patterns if p.noise]
        self.weights = {p.id: p.weight for p in signals}
        self._each = [(p.id, re.compile(scoped(p.regex))) for p in signals]
        self._noise = re.compile("|".join(scoped(p.regex) for p in noise)) if noise else None
        # `(?!)` never matches: an empty catalogue scans nothing.
        self._any = re.compile("|".join(scoped(p.regex) for p in signals) or "(?!)", re.MULTILINE)

    def search(self, text: str, pos: int) -> re.Match[str] | None:
        return self._any.search(text, pos)

    def classify(self, line: str) -> list[str]:
        """Ids of the heaviest patterns a line matches: a line means its most specific
        reading (``RuntimeError: CUDA error: out of memory`` is out of memory, not just
        an exception)."""
        if self._noise is not None and self._noise.search(line):
            return []
        hits = [pid for pid, rx in self._each if rx.search(line)]
        if len(hits) > 1:
            top = max(self.weights[h] for h in hits)
            hits = [h for h in hits if self.weights[h] == top]
        return hits


def clean_line(raw: str) -> tuple[datetime | None, str]:
    """The ``--timestamps`` time and the text a terminal would show (after the last ``\\r``)."""
    t, text = split_kubectl_timestamp(raw)
    if "\r" in text:
        text = text.rstrip("\r").rsplit("\r", 1)[-1]
    return t, text


def _cut(text: str) -> str:
    return text if len(text) <= MAX_LINE_CHARS else text[: MAX_LINE_CHARS - 1] + "…"


class _Scan:
    def __init__(self, matcher: LineMatcher, year: int) -> None:
        self.matcher = matcher
        self.year = year
        self.lines = 0
        self.bytes = 0
        self.pending = b""
        self.tail: deque[tuple[int, str]] = deque(maxlen=TAIL_LINES)
        self.first: dict[str, tuple[int, str]] = {}
        self.last: dict[str, tuple[int, str]] = {}
        self.counts: Counter[str] = Counter()
        self.windows: dict[tuple[str, int], list[tuple[int, str]]] = {}
        self.head: list[tuple[int, str]] = []

    def feed(self, chunk: bytes) -> None:
        self.bytes += len(chunk)
        data = self.pending + chunk
        cut = data.rfind(b"\n")
        if cut < 0:
            if len(data) > MAX_PENDING_BYTES:
                self._block(data.decode("utf-8", "replace"))
                data = b""
            self.pending = data
            return
        self._block(data[:cut].decode("utf-8", "replace"))
        self.pending = data[cut + 1:]

    def _block(self, text: str) -> None:
        base = self.lines  # lines before this block
        if len(self.head) < HEAD_LINES:
            for i, raw in enumerate(text.split("\n", HEAD_LINES)[: HEAD_LINES - len(self.head)]):
                self.head.append((base + i + 1, raw))
        counted_to, line_no = 0, base + 1  # `line_no` is the number of the line at `counted_to`
        pos = 0
        search = self.matcher.search
        while True:
            m = search(text, pos)
            if m is None:
                break
            start = text.rfind("\n", 0, m.start()) + 1
            end = text.find("\n", m.start())
            if end < 0:
                end = len(text)
            line_no += text.count("\n", counted_to, start)
            counted_to = start
            raw = text[start:end]
            ids = self.matcher.classify(clean_line(raw)[1])
            if ids:
                self._record(ids, line_no, raw, text, start, end)
            pos = end + 1
            if pos > len(text):
                break
        block_lines = text.count("\n") + 1
        last_lines = text.rsplit("\n", TAIL_LINES)[-TAIL_LINES:]
        first_no = base + block_lines - len(last_lines) + 1
        self.tail.extend((first_no + i, raw) for i, raw in enumerate(last_lines))
        self.lines = base + block_lines

    def _record(self, ids: list[str], line_no: int, raw: str, text: str, start: int, end: int) -> None:
        window: list[tuple[int, str]] | None = None
        for pid in ids:
            self.counts[pid] += 1
            if pid not in self.first:
                self.first[pid] = (line_no, raw)
                window = window or self._window(line_no, text, start, end)
                self.windows[(pid, 0)] = window
            elif self.last.get(pid, (0, ""))[0] != line_no:
                self.last[pid] = (line_no, raw)
                window = window or self._window(line_no, text, start, end)
                self.windows[(pid, 1)] = window

    def _window(self, line_no: int, text: str, start: int, end: int) -> list[tuple[int, str]]:
        before: list[str] = []
        pos = start
        while len(before) < CONTEXT_BEFORE and pos > 0:
            prev = text.rfind("\n", 0, pos - 1) + 1
            before.insert(0, text[prev:pos - 1])
            pos = prev
        if len(before) < CONTEXT_BEFORE and pos == 0 and self.tail:
            # The window starts in the previous block, whose last lines are in the tail.
            need = CONTEXT_BEFORE - len(before)
            before = [raw for _, raw in list(self.tail)[-need:]] + before
        after: list[str] = []
        pos = end
        while len(after) < CONTEXT_AFTER and pos < len(text):
            nxt = text.find("\n", pos + 1)
            nxt = len(text) if nxt < 0 else nxt
            after.append(text[pos + 1:nxt])
            pos = nxt
        first_no = line_no - len(before)
        rows = [*before, text[start:end], *after]
        return [(first_no + i, raw) for i, raw in enumerate(rows)]

    def finish(self, pod: str, container: str, previous: bool, limit_bytes: int | None) -> LogDigest:
        if self.pending:
            self._block(self.pending.decode("utf-8", "replace"))
            self.pending = b""
        tail = [self._line(n, raw) for n, raw in self.tail]
        timed = [ln for ln in tail if ln.time is not None]
        head_time = next((t for t in (self._line(n, raw).time for n, raw in self.head) if t is not None), None)
        matches = []
        for pid, (n, raw) in self.first.items():
            matches.append(LogMatch(**self._line(n, raw).model_dump(), signature=pid, count=self.counts[pid]))
        for pid, (n, raw) in self.last.items():
            matches.append(LogMatch(**self._line(n, raw).model_dump(), signature=pid, count=self.counts[pid]))
        matches.sort(key=lambda m: (m.line, m.signature))
        weights = self.matcher.weights
        ranked = sorted(self.windows.items(), key=lambda kv: (-weights.get(kv[0][0], 0), kv[1][0][0]))
        windows: list[list[LogLine]] = []
        seen: set[int] = set()
        for _, rows in ranked:
            if rows[len(rows) // 2][0] in seen:
                continue
            seen.update(n for n, _ in rows)
            windows.append([self._line(n, raw) for n, raw in rows])
            if len(windows) >= MAX_WINDOWS:
                break
        last_timed = timed[-1] if timed else None
        return LogDigest(
            pod=pod,
            container=container,
            previous=previous,
            lines=self.lines,
            bytes=self.bytes,
            limited=limit_bytes is not None and self.bytes >= limit_bytes,
            matches=matches,
            windows=windows,
            tail=tail,
            first_time=head_time,
            last_time=last_timed.time if last_timed else None,
            lines_after_last_time=(self.lines - last_timed.line) if last_timed else 0,
            cadence=_cadence(timed),
        )

    def _line(self, n: int, raw: str) -> LogLine:
        t, text = clean_line(raw)
        if t is None:
            t = line_time(text, year=self.year)
        return LogLine(line=n, text=_cut(text), time=t)



def _cadence(timed: list[LogLine]) -> float | None:
    """The 90th percentile of seconds between timestamped lines: how long this log is
    normally quiet."""
    gaps = sorted(
        (b.time - a.time).total_seconds()
        for a, b in zip(timed, timed[1:])
        if a.time is not None and b.time is not None and b.time > a.time
    )
    if len(gaps) < 3:
        return None
    return gaps[min(len(gaps) - 1, int(len(gaps) * 0.9))]


def scan_log(
    chunks: Iterable[bytes],
    matcher: LineMatcher,
    *,
    pod: str,
    container: str,
    previous: bool = False,
    year: int,
    limit_bytes: int | None = None,
) -> LogDigest:
    """Read a log once and keep what matters. ``year`` completes month-day timestamps."""
    scan = _Scan(matcher, year)
    for chunk in chunks:
        scan.feed(chunk)
    return scan.finish(pod, container, previous, limit_bytes)
