"""Reading a container log in one streaming pass, in bounded memory.

A log is read in blocks of about a megabyte. Each block is searched for the few literals that
every signature match must contain (collectors/prefilter.py chooses them, for the log at hand:
rare characters found at memchr speed, short literals found by ``re`` in C); only the lines
where one was found are classified, pattern by pattern. A small block - most logs are small -
is simply classified line by line. What is kept is bounded whatever the log's size: the first
and last line each pattern matched with a few lines of context, the last ``TAIL_LINES``
lines, and counts.

The patterns come from the caller (the agent's signature catalogue): collectors know how
to read logs, not what the lines mean.
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import TYPE_CHECKING, Any
from math import log2
from time import perf_counter

from collectors.cutting import cut
from collectors.evidence import LogDigest, LogLine, LogMatch
from collectors.letters import EXOTIC_CASES, PAIR_FACTOR, PRIOR, RARE, UNFOLDED
from collectors.timestamps import line_time, split_kubectl_timestamp

if TYPE_CHECKING:
    from collectors.prefilter import Alternative, Option, Plan

# The planner (collectors.prefilter) is imported where a big log or a pattern without shipped
# keys needs it: most diagnoses read only small logs, and start-up is paid on every run.

TAIL_LINES = 300  # enough to hold a final traceback and torchrun's failure summary
CONTEXT_BEFORE = 4
CONTEXT_AFTER = 8
HEAD_LINES = 50  # where a log's first timestamp is looked for
MAX_LINE_CHARS = 2000  # longer lines are cut when kept as evidence
MAX_WINDOWS = 6  # context windows kept per log, strongest matches first
LONG_LINE_HEAD = 300  # of a long line cut around its match, the start kept too
MAX_PENDING_BYTES = 1 << 20  # a "line" longer than this is cut: bounded memory on binary-ish output
BLOCK_BYTES = 1 << 20  # text is gathered into blocks of this size before it is searched
# Below this, a block is classified line by line: planning passes would cost more than it saves.
PLAN_MIN_BYTES = 64 << 10
# Characters sampled from a block to learn what is rare in this log, and how often a log may
# change its plan (when a plan finds far more than it expected).
SAMPLE_CHARS = 256 << 10
MAX_REPLANS = 4
# Plans tried on the sample before one is kept, and how rare a piece's matches must be in it.
PLAN_ATTEMPTS = 4
RECENT_PLANS = 2  # plans kept for the next logs to start with
BUSY_CHARS = 16 << 10
SLOW_PASS_NS = 3.0  # a pass this slow on the sample is worth avoiding, whatever the estimate
CLASSIFY_SECONDS = 50e-6  # classifying one candidate line, about
REPLAN_FACTOR = 2.0
REPLAN_SLACK_NS = 2.0  # timer noise and the costs a plan does not count

_ASCII_BYTES = bytes(range(128))
_EXOTIC = "".join(EXOTIC_CASES.values())
_EXOTIC_BYTES = tuple(c.encode("utf-8") for c in _EXOTIC)
# In a pattern's source: a non-ASCII character, or an escape that may stand for one.
_NON_ASCII_SOURCE = re.compile(r"[^\x00-\x7f]|\\[uUxN0-7]")
_GLOBAL_FLAGS = re.compile(r"^\(\?([aiLmsux]+)\)")
# Terminal escape sequences: colours and cursor moves (CSI), and window titles (OSC).
ANSI_ESCAPE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


@dataclass(frozen=True)
class LogPattern:
    """A pattern to look for. ``weight`` ranks matches when choosing context to keep."""

    id: str
    regex: str
    weight: int = 0
    noise: bool = False
    keys: tuple[tuple[str, bool], ...] | None = None
    """Literals one of which every match contains (lower case when case-insensitive), as
    ``literal_keys`` computes them; None when not given or when there are none."""
    keys_known: bool = False
    """``keys`` was computed ahead of time (a catalogue ships them): no parsing at start-up."""


def scoped(regex: str) -> str:
    """``(?i)foo`` as ``(?i:foo)``, so patterns with global flags can be joined."""
    m = _GLOBAL_FLAGS.match(regex)
    if m:
        return f"(?{m.group(1)}:{regex[m.end():]})"
    return f"(?:{regex})"


@dataclass(frozen=True)
class _Passes:
    """A plan, compiled: ``finds`` maps a character to the pieces to match where it occurs;
    ``prefixes`` are searched for, in a block's ASCII copy when they are ASCII-safe. Each
    piece is a named group, and ``sources`` names the alternative and option it stands for.
    ``expected`` is the estimated cost per character."""

    finds: tuple[tuple[str, str, re.Pattern[str] | None, re.Pattern[str]], ...]  # kind, literal, searcher, pieces
    prefixes: tuple[tuple[re.Pattern[str], bool], ...]  # regex, ASCII-safe
    every_line: bool
    expected: float
    sources: dict[str, tuple[int, Option]]


class LineMatcher:
    """Many patterns matched in one pass. Lines matching a noise pattern match nothing.

    ``classify`` says what a line means; a scan (``scan_log``) calls it only on the lines
    where a pattern can match, found by the literals every match contains.
    """

    def __init__(self, patterns: Sequence[LogPattern]) -> None:
        self._signals = [p for p in patterns if not p.noise]
        self._noise_patterns = [p for p in patterns if p.noise]
        # Signals first, then noise: an index below len(self._signals) is a signal.
        self._patterns = [*self._signals, *self._noise_patterns]
        self.weights = {p.id: p.weight for p in self._signals}
        self._compiled: dict[tuple[Any, ...], _Passes] = {}
        self._plans: dict[tuple[int, ...], _Passes] = {}
        self._recent: list[_Passes] = []  # the last plans made, tried first on a new log
        # Patterns are compiled one by one, the first time a line holds one of their keys.
        self._regexes: list[re.Pattern[str] | None] = [None] * len(self._patterns)


    # Everything is compiled on first use: a diagnosis that reads only small logs never
    # plans passes, and one that reads none compiles nothing.

    @cached_property
    def _any(self) -> re.Pattern[str]:
        # `(?!)` never matches: an empty catalogue finds nothing.
        return re.compile("|".join(scoped(p.regex) for p in self._signals) or "(?!)", re.MULTILINE)

    @cached_property
    def _alternatives(self) -> list[Alternative] | None:
        """Every signal's alternatives, or None when some signal cannot be cut into pieces."""
        from collectors.prefilter import Unanchorable, alternatives

        alts: list[Alternative] = []
        try:
            for p in self._signals:
                alts.extend(alternatives(p.id, p.regex))
        except Unanchorable:
            return None
        return alts

    @cached_property
    def _key_index(self) -> tuple[dict[str, list[tuple[str, bool, int]]], tuple[int, ...], tuple[int, ...]]:
        """Keys filed under their rarest character, the patterns that have no keys, and those
        that may need a non-ASCII character (tried on every non-ASCII line): a line is checked
        only for keys whose rare character it holds."""
        index: dict[str, list[tuple[str, bool, int]]] = {}
        unkeyed, foreign = [], []
        for i, keys in enumerate(self._keys):
            if keys is None:
                unkeyed.append(i)
                continue
            if _may_need_non_ascii(self._patterns[i].regex):
                foreign.append(i)  # keys cover its matches in ASCII lines only
            for key, folds in keys:
                rare = min(key, key=lambda ch: PRIOR.get(ch, RARE))
                index.setdefault(rare, []).append((key, folds, i))
        return index, tuple(unkeyed), tuple(foreign)

    def _candidates(self, line: str) -> list[int]:
        """Indices of the patterns ``line`` holds a key of (in catalogue order), plus those
        without keys. ``line`` must hold no character that folds to an ASCII letter."""
        index, unkeyed, foreign = self._key_index
        found = set(unkeyed)
        if line.isascii():
            folded = line.lower()
        else:
            # A key is an ASCII literal: it is in the line where it is in the line's ASCII copy
            # (each other character a "?"), whose case folds as the regex engine folds it.
            found.update(foreign)
            folded = ascii_copy(line).lower()
        for ch in set(line).union(folded):
            for key, folds, i in index.get(ch, ()):
                if i not in found and key in (folded if folds else line):
                    found.add(i)
        return sorted(found)

    def span(self, pattern_id: str, line: str) -> tuple[int, int] | None:
        """Where pattern ``pattern_id`` matches ``line``, if it does."""
        for i, p in enumerate(self._signals):
            if p.id == pattern_id:
                m = self._regex(i).search(line)
                return m.span() if m else None
        return None

    def _regex(self, i: int) -> re.Pattern[str]:
        rx = self._regexes[i]
        if rx is None:
            rx = self._regexes[i] = re.compile(scoped(self._patterns[i].regex))
        return rx

    @cached_property
    def _keys(self) -> list[tuple[tuple[str, bool], ...] | None]:
        """Per pattern, the literals one of which any match contains (lowercased when
        case-insensitive), or None when some alternative has none."""
        return [p.keys if p.keys_known else literal_keys(p.regex) for p in self._patterns]

    @cached_property
    def _letters(self) -> frozenset[str]:
        """Characters whose frequency decides a plan."""
        return frozenset(ch for alt in self._alternatives or () for o in alt.options for _k, lit in o.passes
                         for ch in lit)

    def search(self, text: str, pos: int) -> re.Match[str] | None:
        """The next match of any signal pattern in ``text`` at or after ``pos`` (lines as
        they are, with ``^``/``$`` at line ends). The scan itself classifies cleaned lines."""
        return self._any.search(text, pos)

    def classify(self, line: str) -> list[str]:
        """Ids of the heaviest patterns a line matches: a line means its most specific
        reading (``RuntimeError: CUDA error: out of memory`` is out of memory, not just
        an exception)."""
        # A pattern is tried only on lines holding one of its literal keys (shipped with the
        # catalogue, or parsed once for a pattern that came without). A line with a character
        # that matches an ASCII letter case-insensitively (the Kelvin sign matches k) is tried
        # with every pattern: keys would miss it.
        exotic = not line.isascii() and any(c in line for c in _EXOTIC)
        candidates: Sequence[int] = range(len(self._patterns)) if exotic else self._candidates(line)
        # Noise first: most lines a scan finds are chatter ("NCCL INFO ... nan" in a hex id).
        signals = len(self._signals)
        if any(self._regex(i).search(line) for i in candidates if i >= signals):
            return []
        hits = [self._signals[i].id for i in candidates if i < signals and self._regex(i).search(line)]
        if len(hits) > 1:
            top = max(self.weights[h] for h in hits)
            hits = [h for h in hits if self.weights[h] == top]
        return hits

    def passes(self, sample: str, *, fresh: bool = False) -> _Passes:
        """Compiled passes, planned for text like ``sample``. The logs of one job look
        alike, so unless ``fresh`` the last plan made serves again: a scan that finds it
        slow on its log asks for a fresh one (``_check_plan``)."""
        alts = self._alternatives
        if alts is None:
            return _EVERY_LINE
        if self._recent and not fresh:
            return self._recent[-1]
        self._keys  # from now on classify() filters by literal keys
        lowered = sample.lower()
        counts = {ch: (lowered if ch.islower() else sample).count(ch) for ch in self._letters}
        total = max(1, len(sample))
        # Plans for logs that differ little are the same plan: the cache key is each
        # character's frequency to within a factor of two.
        key = tuple(int(log2((counts[ch] + 0.5) / total)) for ch in sorted(self._letters))
        if key in self._plans:
            return self._plans[key]
        from collectors.prefilter import plan

        def frequency(text: str) -> float:
            rarest = min((counts.get(ch, 0) + 0.5) / total for ch in text)
            return rarest * PAIR_FACTOR ** (len(text) - 1)

        # Character counts cannot tell how often a whole piece matches ("work" in every
        # hostname "worker-17"): try the plan on the sample, and steer pieces that match
        # often to another start.
        exclude: set[tuple[int, Option]] = set()
        best: tuple[float, _Passes] | None = None
        for _attempt in range(PLAN_ATTEMPTS):
            compiled = self._compile(plan(alts, frequency, exclude))
            spent, busy = _trial(sample, compiled)
            if best is None or spent < best[0]:
                best = (spent, compiled)
            if busy <= exclude:
                break
            exclude |= busy
        assert best is not None  # PLAN_ATTEMPTS >= 1
        self._plans[key] = best[1]
        self._recent = [*self._recent[-(RECENT_PLANS - 1):], best[1]]
        return best[1]

    def _compile(self, p: Plan) -> _Passes:
        key = (*((k, tuple(r for _n, _o, r in pieces)) for k, pieces in p.finds.items()), ("", ()),
               *((lit, tuple(r for _n, _o, r in rests)) for lit, rests in p.prefixes.items()))
        if key not in self._compiled:
            sources: dict[str, tuple[int, Option]] = {}

            def group(n: int, option: Option, regex: str) -> str:
                name = f"p{len(sources)}"
                sources[name] = (n, option)
                return f"(?P<{name}>{regex})"

            finds = tuple((kind, literal, re.compile(re.escape(literal)) if kind == "lword" else None,
                           re.compile("|".join(group(*piece) for piece in pieces)))
                          for (kind, literal), pieces in p.finds.items())
            alts = self._alternatives or []
            prefixes = tuple((re.compile(re.escape(literal) + "(?:" + "|".join(group(*rest) for rest in rests) + ")"),
                              literal.isascii() and all(alts[n].ascii_safe(option.start, option.skip)
                                                        for n, option, _ in rests))
                             for literal, rests in p.prefixes.items())
            self._compiled[key] = _Passes(finds, prefixes, p.every_line, p.cost, sources)
        return self._compiled[key]


def _trial(sample: str, passes: _Passes) -> tuple[float, set[tuple[int, Option]]]:
    """Run the passes on the sample: their cost (seconds, counting each line found as one
    to classify) and the pieces to steer elsewhere - those that match more than once every
    BUSY_CHARS characters, and all those of a pass slower than SLOW_PASS_NS a character."""
    found: Counter[str] = Counter()
    slow: list[re.Pattern[str]] = []
    spent = 0.0
    runs: list[tuple[re.Pattern[str], Callable[[], None]]] = []
    hay = _Hay(sample)
    for kind, literal, searcher, rx in passes.finds:
        # Where case cannot be folded, the sample as it is: only the plan is judged here.
        searched = hay.for_pass(kind, literal)

        def run_find(searched: str = sample if searched is None else searched, literal: str = literal,
                     searcher: re.Pattern[str] | None = searcher, rx: re.Pattern[str] = rx) -> None:
            for i in _places(searched, literal, searcher):
                m = rx.match(sample, i)
                if m is not None and m.lastgroup:
                    found[m.lastgroup] += 1

        runs.append((rx, run_find))
    for rx, safe in passes.prefixes:

        def run_prefix(rx: re.Pattern[str] = rx, searched: str = hay.for_prefix(safe)) -> None:
            for m in rx.finditer(searched):
                if m.lastgroup:
                    found[m.lastgroup] += 1

        runs.append((rx, run_prefix))
    for rx, run in runs:
        started = perf_counter()
        run()
        took = perf_counter() - started
        spent += took
        if took * 1e9 > SLOW_PASS_NS * len(sample):
            slow.append(rx)
    spent += sum(found.values()) * CLASSIFY_SECONDS
    limit = len(sample) / BUSY_CHARS
    busy = {passes.sources[name] for name, n in found.items() if n > limit}
    return spent, busy | {passes.sources[name] for rx in slow for name in rx.groupindex}


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


class _Hay:
    """A block as the find passes search it. A block holding non-ASCII characters (a progress
    bar's "█", a Chinese message) is searched in an ASCII copy of the same length, each such
    character a "?": ``find``, ``re`` and ``lower()`` run several times faster on ASCII text,
    and an ASCII literal is at the same offsets in both. A prefix pass searches the copy when
    its pieces cannot tell a non-ASCII character from "?" (``Alternative.ascii_safe``). A
    non-ASCII literal is looked for in the text itself, and only when the block's bytes hold it."""

    def __init__(self, text: str, encoded: bytes | None = None) -> None:
        self.text = text
        if text.isascii():
            self.ascii, self.others = text, b""
        else:
            self.ascii = ascii_copy(text)
            # The block's non-ASCII bytes, where a literal is checked at once: in most logs a
            # few kilobytes (progress bars).
            encoded = text.encode("utf-8", "replace") if encoded is None else encoded
            self.others = encoded.translate(None, _ASCII_BYTES)
        # Some character folds to an ASCII letter (the Kelvin sign, dotted and dotless i, long
        # s): the ASCII copy cannot be searched case-insensitively.
        self.exotic = any(c in self.others for c in _EXOTIC_BYTES)
        self._lowered: dict[bool, str | None] = {}

    def for_prefix(self, safe: bool) -> str:
        """The text a prefix pass searches: the ASCII copy when the pass is ASCII-safe."""
        return self.ascii if safe and not self.exotic else self.text

    def for_pass(self, kind: str, literal: str) -> str | None:
        """The text a pass searches for ``literal`` ("" when it cannot occur in the block), or
        None when the block cannot be searched case-insensitively: every line is a candidate."""
        if kind == "find":
            if literal.isascii():
                return self.ascii
            return self.text if literal.encode("utf-8") in self.others else ""
        exact = self.exotic or not literal.isascii()
        if exact not in self._lowered:
            self._lowered[exact] = _lowered(self.text) if exact else self.ascii.lower()
        return self._lowered[exact]


def ascii_copy(text: str) -> str:
    """``text`` with each non-ASCII character a "?": the same length, every ASCII character
    where it was."""
    return text.encode("ascii", "replace").decode("ascii")


def _lowered(text: str) -> str | None:
    """``text.lower()`` when it keeps every character where it was and folds case as the
    regex engine does; None otherwise."""
    lowered = text.lower()
    if len(lowered) != len(text) or any(c in text for c in UNFOLDED):
        return None
    return lowered


def candidate_lines(text: str, passes: _Passes, encoded: bytes | None = None) -> list[int]:
    """Offsets of the starts of the lines of ``text`` where some pattern may match, in order.
    ``encoded``: the block's bytes, when the caller has them (saves encoding it again)."""
    if passes.every_line:
        return _every_line(text)
    hay = _Hay(text, encoded)
    starts: set[int] = set()
    for kind, literal, searcher, pieces in passes.finds:
        searched = hay.for_pass(kind, literal)
        if searched is None:
            return _every_line(text)  # positions would not line up, or case would not fold
        for i in _places(searched, literal, searcher):
            if pieces.match(text, i):
                starts.add(text.rfind("\n", 0, i) + 1)
    for rx, safe in passes.prefixes:
        pos = 0
        searched = hay.for_prefix(safe)
        search = rx.search
        while (m := search(searched, pos)) is not None:
            starts.add(text.rfind("\n", 0, m.start()) + 1)
            end = text.find("\n", m.start())
            if end < 0:
                break
            pos = end + 1
    return sorted(starts)


def _places(hay: str, literal: str, searcher: re.Pattern[str] | None) -> Iterator[int]:
    if searcher is not None:
        for m in searcher.finditer(hay):
            yield m.start()
        return
    find = hay.find
    i = find(literal)
    while i >= 0:
        yield i
        i = find(literal, i + 1)


def _every_line(text: str) -> list[int]:
    return [0, *(m.end() for m in re.finditer("\n", text))]


class _Scan:
    def __init__(self, matcher: LineMatcher, year: int) -> None:
        self.matcher = matcher
        self.year = year
        self.lines = 0
        self.bytes = 0
        self.pending = b""
        self.buffered: list[bytes] = []
        self.buffered_bytes = 0
        self.tail: deque[tuple[int, str]] = deque(maxlen=TAIL_LINES)
        self.first: dict[str, tuple[int, str]] = {}
        self.last: dict[str, tuple[int, str]] = {}
        self.counts: Counter[str] = Counter()
        self.windows: dict[tuple[str, int], list[tuple[int, str]]] = {}
        # Windows still owed lines after their match: the block ended first.
        self.open_windows: list[tuple[list[tuple[int, str]], int]] = []
        self.head: list[tuple[int, str]] = []
        self.passes: _Passes | None = None
        self.replans = 0

    def feed(self, chunk: bytes) -> None:
        self.bytes += len(chunk)
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
                self._block(data.decode("utf-8", "replace"), encoded=data)
                data = b""
            self.pending = data
            return
        block = data[:cut]
        self._block(block.decode("utf-8", "replace"), encoded=block)
        self.pending = data[cut + 1:]

    def _block(self, text: str, encoded: bytes | None = None) -> None:
        if "\x1b" in text:
            # Colour codes split the words patterns look for ("ERROR:\x1b[0m inference.py");
            # they hold no newline, so dropping them leaves every line where it was.
            text = ANSI_ESCAPE.sub("", text)
        base = self.lines  # lines before this block
        block_lines = text.count("\n") + 1
        if len(self.head) < HEAD_LINES:
            for i, raw in enumerate(text.split("\n", HEAD_LINES)[: HEAD_LINES - len(self.head)]):
                self.head.append((base + i + 1, raw))
        if self.open_windows:
            self._fill_open_windows(text, block_lines)
        passes = self._passes_for(text)
        counted_to, line_no = 0, base + 1  # `line_no` is the number of the line at `counted_to`
        started = perf_counter()
        found = candidate_lines(text, passes, encoded)
        last_seen: dict[str, tuple[int, int, int]] = {}
        window: list[tuple[int, str]] | None = None
        for start in found:
            end = text.find("\n", start)
            if end < 0:
                end = len(text)
            line_no += text.count("\n", counted_to, start)
            counted_to = start
            raw = text[start:end]
            ids = self.matcher.classify(clean_line(raw)[1])
            window = None
            for pid in ids:
                self.counts[pid] += 1
                if pid not in self.first:
                    self.first[pid] = (line_no, raw)
                    window = window or self._window(line_no, text, start, end, block_lines)
                    self.windows[(pid, 0)] = window
                else:
                    self.last[pid] = (line_no, raw)
                    last_seen[pid] = (line_no, start, end)
        # Timed with the classifying: a piece that matches every training step ("step 1200 |
        # loss 2.31") costs little to find and a great deal to classify.
        self._check_plan(passes, perf_counter() - started, len(text))
        # A later line replaces a pattern's last window; build only the block's final one.
        shared: dict[int, list[tuple[int, str]]] = {}
        for pid, (n, start, end) in last_seen.items():
            if n not in shared:
                shared[n] = self._window(n, text, start, end, block_lines)
            self.windows[(pid, 1)] = shared[n]
        last_lines = text.rsplit("\n", TAIL_LINES)[-TAIL_LINES:]
        first_no = base + block_lines - len(last_lines) + 1
        self.tail.extend((first_no + i, raw) for i, raw in enumerate(last_lines))
        self.lines = base + block_lines

    def _passes_for(self, text: str) -> _Passes:
        if len(text) < PLAN_MIN_BYTES and self.passes is None:
            return _EVERY_LINE
        if self.passes is None:
            # Plan for this log from a sample of its first big block: its end, past the
            # start-up chatter, is more like what follows.
            self.passes = self.matcher.passes(text[-SAMPLE_CHARS:], fresh=self.replans > 0)
        return self.passes

    def _check_plan(self, passes: _Passes, seconds: float, chars: int) -> None:
        """Plan again, from the next block, when this one cost far more than planned: the
        log's content changed (start-up chatter, then training steps)."""
        if passes.every_line or self.replans >= MAX_REPLANS or chars < PLAN_MIN_BYTES:
            return
        if seconds * 1e9 / chars > REPLAN_FACTOR * passes.expected + REPLAN_SLACK_NS:
            self.replans += 1
            self.passes = None

    def _window(self, line_no: int, text: str, start: int, end: int, block_lines: int) -> list[tuple[int, str]]:
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
        rows = [(first_no + i, raw) for i, raw in enumerate([*before, text[start:end], *after])]
        if len(after) < CONTEXT_AFTER:
            self.open_windows.append((rows, CONTEXT_AFTER - len(after)))
        return rows

    def _fill_open_windows(self, text: str, block_lines: int) -> None:
        owed = max(n for _, n in self.open_windows)
        lines = text.split("\n", owed)[:owed]
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
            self._block(self.pending.decode("utf-8", "replace"))
            self.pending = b""
        tail = [self._line(n, raw) for n, raw in self.tail]
        timed = [ln for ln in tail if ln.time is not None]
        head_time = next((t for t in (self._line(n, raw).time for n, raw in self.head) if t is not None), None)
        matches = [LogMatch(**self._line(n, raw, pid).model_dump(), signature=pid, count=self.counts[pid])
                   for kept in (self.first, self.last) for pid, (n, raw) in kept.items()]
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


_EVERY_LINE = _Passes((), (), True, 0.0, {})


def _needs_non_ascii(alt: Alternative) -> bool:
    """Whether every match of the alternative holds a non-ASCII character (a literal in
    its own sequence, not in an optional group), so no ASCII line can match it."""
    from collectors.prefilter import LITERAL

    return any(el.op is LITERAL and el.av >= 128 for el in alt.elems)


def _may_need_non_ascii(regex: str) -> bool:
    """Whether ``regex`` may hold a non-ASCII literal, which ``literal_keys`` passes over."""
    return _NON_ASCII_SOURCE.search(regex) is not None


def literal_keys(regex: str) -> tuple[tuple[str, bool], ...] | None:
    """The literals one of which every match of ``regex`` in an ASCII line contains (lower
    case when the literal is matched case-insensitively), or None when some match needs
    none. An alternative that needs a non-ASCII literal ("段错误") cannot match an ASCII line
    and needs no key: ``classify`` tries such a pattern on every non-ASCII line."""
    from collectors.prefilter import Unanchorable, alternatives

    try:
        alts = alternatives("", regex)
    except Unanchorable:
        return None
    keys: list[tuple[str, bool]] = []
    for a in alts:
        if _needs_non_ascii(a):
            continue
        if a.key is not None:
            keys.append((a.key[0].lower() if a.key[1] else a.key[0], a.key[1]))
        elif not (a.options and all(any(not lit.isascii() for _kind, lit in o.passes) for o in a.options)):
            return None
    return tuple(dict.fromkeys(keys)) if keys else None


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
