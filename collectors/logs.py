"""Reading a container log in one streaming pass, in bounded memory.

A log is read in blocks of about a megabyte. Hyperscan searches a block for every signal
pattern at once, in one call (collectors/matching.py); only the lines it reports are cleaned
and classified, RE2 matching the line against every pattern in one pass. Small logs - most
are - are classified line by line and never wait for Hyperscan's compile. What is kept is
bounded whatever the log's size: the first and last line each pattern matched with a few
lines of context, the last ``TAIL_LINES`` lines, and counts.

The patterns come from the caller (the agent's signature catalogue): collectors know how
to read logs, not what the lines mean. How a pattern is read, and which are refused, is
collectors/patterns.py's business.
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property

from collectors.cutting import cut
from collectors.evidence import LogDigest, LogLine, LogMatch
from collectors.matching import Database, RegexSet, cached_database
from collectors.patterns import Translation, translate
from collectors.timestamps import line_time, split_kubectl_timestamp

TAIL_LINES = 300  # enough to hold a final traceback and torchrun's failure summary
CONTEXT_BEFORE = 4
CONTEXT_AFTER = 8
HEAD_LINES = 50  # where a log's first timestamp is looked for
MAX_LINE_CHARS = 2000  # longer lines are cut when kept as evidence
MAX_WINDOWS = 6  # context windows kept per log, strongest matches first
LONG_LINE_HEAD = 300  # of a long line cut around its match, the start kept too
MAX_PENDING_BYTES = 1 << 20  # a "line" longer than this is cut: bounded memory on binary-ish output
BLOCK_BYTES = 1 << 20  # text is gathered into blocks of this size before it is searched
# A block this big is searched by Hyperscan when its database is at hand (compiled in this
# process, or in the cache); a smaller one is classified line by line.
SCAN_MIN_BYTES = 64 << 10
# Compiling the database costs a second or two, once per machine (it is cached); classifying
# line by line, about 20 ms a megabyte. A matcher compiles it once it has read this much
# without it: a diagnosis of small logs never pays for it, one of big logs soon stops paying
# the slower way.
COMPILE_AFTER_BYTES = 16 << 20

# Terminal escape sequences: colours and cursor moves (CSI), and window titles (OSC).
ANSI_ESCAPE = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


@dataclass(frozen=True)
class LogPattern:
    """A pattern to look for. ``weight`` ranks matches when choosing context to keep.
    ``translation``: ``translate(regex)``, when the caller has it already."""

    id: str
    regex: str
    weight: int = 0
    noise: bool = False
    translation: Translation | None = None


class LineMatcher:
    """Many patterns matched at once. Lines matching a noise pattern match nothing.

    ``classify`` says what a line means; a scan (``scan_log``) calls it only on the lines
    where ``candidates`` found a signal pattern may match. Everything is compiled on first
    use: a diagnosis that reads only small logs never compiles the Hyperscan database.
    """

    def __init__(self, patterns: Sequence[LogPattern]) -> None:
        self._signals = [p for p in patterns if not p.noise]
        self._noise_patterns = [p for p in patterns if p.noise]
        # Signals first, then noise: an index below len(self._signals) is a signal.
        self._patterns = [*self._signals, *self._noise_patterns]
        self.weights = {p.id: p.weight for p in self._signals}
        self._database: Database | None = None
        self._looked_in_cache = False
        self.lined_bytes = 0  # bytes of big blocks classified line by line, for want of the database

    @cached_property
    def _set(self) -> RegexSet:
        return RegexSet([p.translation or translate(p.regex) for p in self._signals])

    @cached_property
    def _noise(self) -> RegexSet:
        # Apart from the signals: asked only about lines a signal matches, which keeps the
        # signals' automaton smaller, and quicker to build as the first lines are read.
        return RegexSet([p.translation or translate(p.regex) for p in self._noise_patterns])

    def compile(self) -> None:
        """Compile the RE2 sets now rather than on the first line: patterns RE2 cannot hold
        together (over its memory bound) are refused before anything is read. Raises PatternError."""
        _ = self._set, self._noise

    def classify(self, line: str) -> list[str]:
        """Ids of the heaviest patterns a line matches: a line means its most specific
        reading (``RuntimeError: CUDA error: out of memory`` is out of memory, not just
        an exception). A line that matches a noise pattern matches nothing: most lines a scan
        finds are chatter ("NCCL INFO ... nan" in a hex id)."""
        hits = self._set.matching(line)
        if not hits or self._noise.matching(line):
            return []
        ids = [self._signals[i].id for i in hits]
        if len(ids) > 1:
            top = max(self.weights[h] for h in ids)
            ids = [h for h in ids if self.weights[h] == top]
        return ids

    def span(self, pattern_id: str, line: str) -> tuple[int, int] | None:
        """Where pattern ``pattern_id`` matches ``line``, if it does."""
        for i, p in enumerate(self._signals):
            if p.id == pattern_id:
                return self._set.regex(i).span(line)
        return None

    def database(self, size: int) -> Database | None:
        """Hyperscan's database of the signal patterns, for a block of ``size`` bytes - or
        None when it is not worth its compile (yet): see SCAN_MIN_BYTES, COMPILE_AFTER_BYTES."""
        if self._database is not None or size < SCAN_MIN_BYTES or not self._signals:
            return self._database
        if not self._looked_in_cache:
            self._looked_in_cache = True
            self._database = cached_database(*self._expressions(), compile_missing=False)
        if self._database is None and self.lined_bytes >= COMPILE_AFTER_BYTES:
            self._database = cached_database(*self._expressions())
        return self._database

    def load_database(self) -> None:
        """Load or compile the database now, for a caller that knows big logs are coming."""
        if self._database is None and self._signals:
            self._database = cached_database(*self._expressions())

    def _expressions(self) -> tuple[list[str], list[int]]:
        import hyperscan

        # Multi-line: the relaxed ^ and $ stand at each line's ends in a block. After the
        # signals, the byte patterns of INVALID_UTF8, which read bytes as they are.
        signals = [t.relaxed for t in self._set.translations]
        return (
            [*signals, *INVALID_UTF8],
            [hyperscan.HS_FLAG_UTF8 | hyperscan.HS_FLAG_MULTILINE] * len(signals) + [0] * len(INVALID_UTF8),
        )

    def candidates(self, database: Database, data: bytes, lo: int, hi: int) -> tuple[bytes, int, int, list[int]]:
        """The starts of the lines of ``data[lo:hi]`` where some signal pattern may match once
        the line is cleaned, in order - with the text they are offsets in: ``data, lo, hi``,
        or a copy made valid UTF-8 (Hyperscan reads UTF-8, and matches no character at an
        invalid byte, where the line as classified holds U+FFFD)."""
        signals = len(self._signals)
        ends: list[int] = []
        invalid: list[int] = []

        def on_match(pid: int, _from: int, end: int, _flags: int, _context: object) -> None:
            (ends if pid < signals else invalid).append(end)

        database.scan(data, on_match)
        # An invalid sequence in the block: its pattern may end one byte past it (a character
        # cut short at the block's end takes the newline after it).
        if any(lo < end <= hi + 1 for end in invalid):
            data = data[lo:hi].decode("utf-8", "replace").encode("utf-8")
            lo, hi = 0, len(data)
            ends.clear()
            database.scan(data, on_match)
        starts: list[int] = []
        line_end = lo - 1
        for end in sorted(ends):
            if end <= line_end or end > hi:
                continue  # this line is in already; or it is past the block (an unfinished line)
            # The match's last character is at end - 1; a match that ran into the next line
            # (\s takes a newline) is counted for the line its newline ends.
            start = max(lo, data.rfind(b"\n", lo, end - 1) + 1)
            if not starts or start > starts[-1]:
                starts.append(start)
            line_end = data.find(b"\n", start, hi)
            if line_end < 0:
                break
        return data, lo, hi, starts


# Invalid UTF-8, as byte patterns: a byte no UTF-8 holds, a leading byte without the
# continuation bytes it needs, a continuation byte nothing leads. Scanned with the signals,
# they cost nothing on valid text; decoding a block to check it would cost more than the scan.
INVALID_UTF8 = [
    r"[\xc0\xc1\xf5-\xff]",
    r"[\xc2-\xdf](?:[^\x80-\xbf]|\z)",
    r"\xe0(?:[^\xa0-\xbf]|\z|[\xa0-\xbf](?:[^\x80-\xbf]|\z))",
    r"[\xe1-\xec\xee\xef](?:[^\x80-\xbf]|\z|[\x80-\xbf](?:[^\x80-\xbf]|\z))",
    r"\xed(?:[^\x80-\x9f]|\z|[\x80-\x9f](?:[^\x80-\xbf]|\z))",
    r"\xf0(?:[^\x90-\xbf]|\z|[\x90-\xbf](?:[^\x80-\xbf]|\z|[\x80-\xbf](?:[^\x80-\xbf]|\z)))",
    r"[\xf1-\xf3](?:[^\x80-\xbf]|\z|[\x80-\xbf](?:[^\x80-\xbf]|\z|[\x80-\xbf](?:[^\x80-\xbf]|\z)))",
    r"\xf4(?:[^\x80-\x8f]|\z|[\x80-\x8f](?:[^\x80-\xbf]|\z|[\x80-\xbf](?:[^\x80-\xbf]|\z)))",
    r"(?:\A|[\x00-\x7f])[\x80-\xbf]",
    r"[\xc2-\xdf][\x80-\xbf]{2}|[\xe0-\xef][\x80-\xbf]{3}|[\xf0-\xf4][\x80-\xbf]{4}",
]


class _Scan:
    def __init__(self, matcher: LineMatcher, year: int) -> None:
        self.matcher = matcher
        self.year = year
        self.lines = 0
        self.bytes = 0
        self.pending = b""
        self.buffered: list[bytes] = []
        self.buffered_bytes = 0
        self.tail: deque[tuple[int, bytes]] = deque(maxlen=TAIL_LINES)
        self.first: dict[str, tuple[int, str]] = {}
        self.last: dict[str, tuple[int, str]] = {}
        self.counts: Counter[str] = Counter()
        self.windows: dict[tuple[str, int], list[tuple[int, str]]] = {}
        # Windows still owed lines after their match: the block ended first.
        self.open_windows: list[tuple[list[tuple[int, str]], int]] = []
        self.head: list[tuple[int, str]] = []

    def feed(self, chunk: bytes) -> None:
        self.bytes += len(chunk)
        if not self.buffered and len(chunk) >= BLOCK_BYTES:
            first = chunk.find(b"\n")
            if first >= 0:
                # A chunk the size of a block is searched where it lies, not copied: the line
                # it finishes is a block of its own, and what follows its last newline waits.
                last = chunk.rfind(b"\n")
                self._block(self.pending + chunk[:first])
                if last > first:
                    self._block(chunk, first + 1, last)
                self.pending = chunk[last + 1 :]
                return
        self.buffered.append(chunk)
        self.buffered_bytes += len(chunk)
        if self.buffered_bytes >= BLOCK_BYTES:
            self._flush()

    def _flush(self) -> None:
        data = self.pending + b"".join(self.buffered)
        self.buffered, self.buffered_bytes = [], 0
        cut = data.rfind(b"\n")
        if cut < 0:
            if len(data) > MAX_PENDING_BYTES:
                self._block(data)
                data = b""
            self.pending = data
            return
        self._block(data, 0, cut)
        self.pending = data[cut + 1 :]

    def _block(self, data: bytes, lo: int = 0, hi: int | None = None) -> None:
        """The lines of ``data[lo:hi]``: ``lo`` starts a line, ``hi`` is a newline or the end."""
        hi = len(data) if hi is None else hi
        if data.find(b"\x1b", lo, hi) >= 0:
            # Colour codes split the words patterns look for ("ERROR:\x1b[0m inference.py");
            # they hold no newline, so dropping them leaves every line where it was.
            data = ANSI_ESCAPE.sub(b"", data[lo:hi])
            lo, hi = 0, len(data)
        base = self.lines  # lines before this block
        if len(self.head) < HEAD_LINES:
            for i, head in enumerate(_first_lines(data, lo, hi, HEAD_LINES - len(self.head))):
                self.head.append((base + i + 1, _text(head)))
        if self.open_windows:
            self._fill_open_windows(data, lo, hi)
        database = self.matcher.database(hi - lo)
        if database is not None:
            data, lo, hi, found = self.matcher.candidates(database, data, lo, hi)
        else:
            if hi - lo >= SCAN_MIN_BYTES:
                self.matcher.lined_bytes += hi - lo
            found = [lo, *(m.end() for m in _NEWLINE.finditer(data, lo, hi))]
        counted_to, line_no = lo, base + 1  # `line_no` is the number of the line at `counted_to`
        last_seen: dict[str, tuple[int, int, int]] = {}
        for start in found:
            end = data.find(b"\n", start, hi)
            if end < 0:
                end = hi
            line_no += data.count(b"\n", counted_to, start)
            counted_to = start
            raw = _text(data[start:end])
            ids = self.matcher.classify(clean_line(raw)[1])
            window = None
            for pid in ids:
                self.counts[pid] += 1
                if pid not in self.first:
                    self.first[pid] = (line_no, raw)
                    window = window or self._window(line_no, data, lo, hi, start, end)
                    self.windows[(pid, 0)] = window
                else:
                    self.last[pid] = (line_no, raw)
                    last_seen[pid] = (line_no, start, end)
        # A later line replaces a pattern's last window; build only the block's final one.
        shared: dict[int, list[tuple[int, str]]] = {}
        for pid, (n, start, end) in last_seen.items():
            if n not in shared:
                shared[n] = self._window(n, data, lo, hi, start, end)
            self.windows[(pid, 1)] = shared[n]
        # Newlines are counted once: up to the last line classified above, then the rest.
        block_lines = line_no - base + data.count(b"\n", counted_to, hi)
        last_lines = _last_lines(data, lo, hi, TAIL_LINES)
        first_no = base + block_lines - len(last_lines) + 1
        self.tail.extend((first_no + i, raw) for i, raw in enumerate(last_lines))
        self.lines = base + block_lines

    def _window(self, line_no: int, data: bytes, lo: int, hi: int, start: int, end: int) -> list[tuple[int, str]]:
        before: list[str] = []
        pos = start
        while len(before) < CONTEXT_BEFORE and pos > lo:
            prev = max(lo, data.rfind(b"\n", lo, pos - 1) + 1)
            before.insert(0, _text(data[prev : pos - 1]))
            pos = prev
        if len(before) < CONTEXT_BEFORE and pos == lo and self.tail:
            # The window starts in the previous block, whose last lines are in the tail.
            need = CONTEXT_BEFORE - len(before)
            before = [_text(raw) for _, raw in list(self.tail)[-need:]] + before
        after: list[str] = []
        pos = end
        while len(after) < CONTEXT_AFTER and pos < hi:
            nxt = data.find(b"\n", pos + 1, hi)
            nxt = hi if nxt < 0 else nxt
            after.append(_text(data[pos + 1 : nxt]))
            pos = nxt
        first_no = line_no - len(before)
        rows = [(first_no + i, raw) for i, raw in enumerate([*before, _text(data[start:end]), *after])]
        if len(after) < CONTEXT_AFTER:
            self.open_windows.append((rows, CONTEXT_AFTER - len(after)))
        return rows

    def _fill_open_windows(self, data: bytes, lo: int, hi: int) -> None:
        owed = max(n for _, n in self.open_windows)
        lines = [_text(raw) for raw in _first_lines(data, lo, hi, owed)]
        still: list[tuple[list[tuple[int, str]], int]] = []
        seen: set[int] = set()
        for rows, n in self.open_windows:
            if id(rows) in seen:
                continue
            seen.add(id(rows))
            take = lines[:n]
            rows.extend((self.lines + 1 + i, raw) for i, raw in enumerate(take))
            if len(take) < n:
                still.append((rows, n - len(take)))
        self.open_windows = still

    def finish(self, pod: str, container: str, previous: bool, limit_bytes: int | None) -> LogDigest:
        if self.buffered:
            self._flush()
        if self.pending:
            self._block(self.pending)
            self.pending = b""
        tail = [self._line(n, _text(raw)) for n, raw in self.tail]
        timed = [ln for ln in tail if ln.time is not None]
        head_time = next((t for t in (self._line(n, raw).time for n, raw in self.head) if t is not None), None)
        matches = [
            LogMatch(**self._line(n, raw, pid).model_dump(), signature=pid, count=self.counts[pid])
            for kept in (self.first, self.last)
            for pid, (n, raw) in kept.items()
        ]
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

    def _line(self, n: int, raw: str, pattern_id: str | None = None) -> LogLine:
        t, text = clean_line(raw)
        if t is None:
            t = line_time(text, year=self.year)
        span = self.matcher.span(pattern_id, text) if pattern_id and len(text) > MAX_LINE_CHARS else None
        return LogLine(line=n, text=_cut(text, span), time=t)


_NEWLINE = re.compile(b"\n")


def _first_lines(data: bytes, lo: int, hi: int, n: int) -> list[bytes]:
    """The first ``n`` lines of ``data[lo:hi]``, without copying the rest."""
    out: list[bytes] = []
    pos = lo
    while len(out) < n and pos <= hi:
        end = data.find(b"\n", pos, hi)
        end = hi if end < 0 else end
        out.append(data[pos:end])
        pos = end + 1
    return out


def _last_lines(data: bytes, lo: int, hi: int, n: int) -> list[bytes]:
    """The last ``n`` lines of ``data[lo:hi]``, without copying the rest."""
    pos = hi
    for _ in range(n):
        pos = data.rfind(b"\n", lo, pos)
        if pos < 0:
            pos = lo - 1
            break
    return data[pos + 1 : hi].split(b"\n")[-n:]


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


def clean_line(raw: str) -> tuple[datetime | None, str]:
    """The ``--timestamps`` time and the text a terminal would show (after the last ``\\r``)."""
    t, text = split_kubectl_timestamp(raw)
    if "\r" in text:
        text = text.rstrip("\r").rsplit("\r", 1)[-1]
    return t, text


def _cut(text: str, span: tuple[int, int] | None = None) -> str:
    """A line short enough to keep (collectors/cutting.py). A long one keeps its head and,
    when ``span`` says where a pattern matched, the text around the match: in a JSON record
    the exception that decides comes last, thousands of characters in."""
    return cut(text, MAX_LINE_CHARS, around=span or (0, 0), lead=LONG_LINE_HEAD)


def _cadence(timed: list[LogLine]) -> float | None:
    """The 90th percentile of seconds between timestamped lines: how long this log is
    normally quiet."""
    gaps = sorted(
        (b.time - a.time).total_seconds()
        for a, b in zip(timed, timed[1:], strict=False)
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
