"""Literal anchors for regular expressions: how a log scan avoids running every pattern on
every line.

A pattern is parsed with Python's own parser and flattened into its alternatives
(``CUDA out of memory|torch\\.(?:cuda\\.)?OutOfMemoryError`` has two). Any match of an
alternative contains each of its literal characters, and from any of them on, the rest of the
alternative matches too. So each literal character of an alternative gives a *piece*: the
regex from that character on. A line can match the pattern only if one of the pieces of one of
its alternatives matches somewhere in it; the scan looks for pieces, then classifies only the
lines where one matched.

A piece stops before anything whose result could differ between a line as it is classified
(kubectl timestamp and ``\\r`` overwrites removed) and the raw text the scan searches:
anchors (``^``, ``$``), lookarounds. Stopping early only makes a piece match more often,
never less, so no line is missed.

Pieces are found by *passes* over a block of text, of two kinds:

- ``find``: ``str.find`` for one character (memchr speed), then the pieces that start with
  it are matched where it occurs. Cheap when the character is rare, since every occurrence
  costs a little Python.
- ``prefix``: one compiled regex, a literal of one to three characters followed by the pieces
  that start with it; ``re`` skips to the literal in C. A fixed cost per pass, whatever the
  literal's frequency.

``plan`` chooses, for each alternative, the piece and passes that cost least for the text at
hand, counting a pass once however many alternatives share it.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
import importlib
from functools import cached_property
from typing import Any

from collectors.letters import prior_frequency

# The regex parser is private; its module moved in 3.11 (re._parser, re._constants).
try:
    sre: Any = importlib.import_module("re._constants")
    sre_parse: Any = importlib.import_module("re._parser")
except ImportError:  # pragma: no cover - Python 3.10
    sre = importlib.import_module("sre_constants")
    sre_parse = importlib.import_module("sre_parse")

LITERAL = sre.LITERAL  # an element that is one character, as the parser writes it

# Alternatives a pattern is flattened into at most; a group that would exceed it stays whole.
MAX_ALTERNATIVES = 16
# Longest literal a prefix pass starts with.
MAX_PREFIX = 3
# A piece must start with this many literal characters, where its alternative has that many
# in a row: one character checks too little where a pass finds it.
MIN_RUN = 2
# Literal characters before a piece that it checks, at most.
MAX_BEHIND = 24
# Options of an alternative weighed when planning: its cheapest few.
OPTIONS_KEPT = 12
# Estimated costs in nanoseconds per character of text: of one pass, and of one occurrence of
# what the pass looks for (a find pass handles each in Python, a prefix pass in C).
FIND_PASS_NS, FIND_HIT_NS = 0.05, 400.0
PREFIX_PASS_NS, PREFIX_HIT_NS = 1.5, 60.0

_AT_TEXT = {
    sre.AT_BEGINNING: "^", sre.AT_BEGINNING_STRING: "\\A", sre.AT_END: "$", sre.AT_END_STRING: "\\Z",
    sre.AT_BOUNDARY: "\\b", sre.AT_NON_BOUNDARY: "\\B",
}
_CATEGORY_TEXT = {
    sre.CATEGORY_DIGIT: "\\d", sre.CATEGORY_NOT_DIGIT: "\\D", sre.CATEGORY_SPACE: "\\s",
    sre.CATEGORY_NOT_SPACE: "\\S", sre.CATEGORY_WORD: "\\w", sre.CATEGORY_NOT_WORD: "\\W",
}
# Flags a regex keeps after parsing; VERBOSE only matters while parsing.
_FLAG_LETTERS = ((re.IGNORECASE, "i"), (re.MULTILINE, "m"), (re.DOTALL, "s"), (re.ASCII, "a"))
_REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT, getattr(sre, "POSSESSIVE_REPEAT", sre.MAX_REPEAT))
_ATOMIC = getattr(sre, "ATOMIC_GROUP", None)
_BACKREFS = (sre.GROUPREF, sre.GROUPREF_EXISTS)

PassKey = tuple[str, str]  # ("find", "c") or ("prefix", "lo")


class Unanchorable(Exception):
    """A pattern whose alternatives cannot be cut into pieces (it has a backreference)."""


@dataclass(frozen=True)
class _Elem:
    """One parsed element and the flags in force where it stands."""

    op: Any
    av: Any
    flags: int


@dataclass(frozen=True)
class Option:
    """Find an alternative by ``passes`` (all of them: one per spelling), then match the piece
    from element ``start``; a prefix pass has already matched its first ``skip`` elements."""

    passes: frozenset[PassKey]
    start: int
    skip: int


@dataclass
class Alternative:
    """One alternative of a pattern. ``key`` is its longest literal run (text, ignorecase): a
    line that holds no key of a pattern cannot match it."""

    pattern_id: str
    elems: list[_Elem]
    key: tuple[str, bool] | None
    ends: list[int] = field(default_factory=list)  # where the piece starting at each element ends

    def piece(self, start: int, skip: int = 0) -> str:
        """The regex from element ``start + skip`` to the end of the piece that begins at
        ``start``, behind a lookbehind for the literals just before it: found at "w", the
        piece of ``Timeout at NCCL work`` checks "Timeout at NCCL " too, or every worker's
        hostname would make a line to classify. (Literals in a match are in the raw line as
        they are in the cleaned one, so the lookbehind never rejects a line that matches.)"""
        at = start + skip
        before = self._behind(start, skip)
        # A prefix pass has matched elements start..at already; they are checked again only
        # as part of a longer lookbehind.
        behind = f"(?<={unparse(self.elems[before:at])})" if before < start else ""
        return behind + unparse(self.elems[at:self.ends[start]])

    def _behind(self, start: int, skip: int) -> int:
        """Where the lookbehind of the piece that begins at ``start`` begins."""
        before = start
        while before > max(0, start + skip - MAX_BEHIND) and self.elems[before - 1].op is sre.LITERAL:
            before -= 1
        return before

    def ascii_safe(self, start: int, skip: int = 0) -> bool:
        """Whether ``piece(start, skip)`` and the literal before it, where they match a text,
        also match its ASCII copy (``collectors.logs.ascii_copy``) - unless a character folds
        to an ASCII letter, which the scan checks apart."""
        return _ascii_safe_seq([(e.op, e.av) for e in self.elems[self._behind(start, skip):self.ends[start]]])

    @cached_property
    def options(self) -> list[Option]:
        """Every way to find this alternative: empty when it has no literal to look for."""
        variants = [_variants(el) if el.op is sre.LITERAL else None for el in self.elems]
        # The literal run from each element: a piece that starts with a short one checks
        # little where it is found, and every false find costs a line classified.
        runs = [0] * (len(variants) + 1)
        for i in range(len(variants) - 1, -1, -1):
            runs[i] = runs[i + 1] + 1 if variants[i] is not None and i < self.ends[i] else 0
        need = min(MIN_RUN, max(runs))
        options: dict[frozenset[PassKey], Option] = {}
        for i, first in enumerate(variants):
            if first is None or runs[i] < need:
                continue
            # One kind of pass for the whole literal: one with case-insensitive letters is
            # searched in the lowercased copy; one with case-sensitive letters in the text.
            word, lowered = "", None
            for k in range(i, i + min(runs[i], MAX_PREFIX)):
                chars = variants[k]
                assert chars is not None
                ch = min(chars)
                if ch.isalpha():
                    if lowered is None:
                        lowered = len(chars) > 1
                    elif lowered != (len(chars) > 1):
                        break
                word += ch.lower() if len(chars) > 1 else ch
            kinds = ("lfind", "lword") if lowered else ("find", "prefix")
            for kind, literal in ((kinds[0], word[0]), (kinds[1], word[:2]), (kinds[1], word)):
                if len(literal) == 1 and kind in ("prefix", "lword"):
                    continue
                passes = frozenset({(kind, literal)})
                # The earliest start makes the longest piece; a prefix pass has matched its literal.
                options.setdefault(passes, Option(passes, i, len(literal) if kind == "prefix" else 0))
        return list(options.values())


def alternatives(pattern_id: str, regex: str) -> list[Alternative]:
    """The alternatives of ``regex``. Raises Unanchorable."""
    parsed = sre_parse.parse(regex)
    out = []
    for elems in _expand(list(parsed), int(parsed.state.flags) & ~re.VERBOSE, top=True):
        ends = [0] * len(elems)
        end = len(elems)
        for i in range(len(elems) - 1, -1, -1):  # a piece ends before the next unsafe element
            if not _safe(elems[i].op, elems[i].av):
                end = i
            ends[i] = end
        out.append(Alternative(pattern_id, elems, _key(elems), ends))
    return out


def _variants(el: _Elem) -> set[str] | None:
    """Every character a literal element matches, or None when that is not known here."""
    ch = chr(el.av)
    if not el.flags & re.IGNORECASE or ch.lower() == ch.upper():
        return {ch}
    if not ch.isascii():
        return None  # Unicode case folding has many-to-one cases; not worth chasing
    return {ch.lower(), ch.upper()}


def _expand(items: list[Any], flags: int, top: bool = False) -> list[list[_Elem]]:
    """The sequence's alternatives, with branches and groups distributed while their count
    stays within MAX_ALTERNATIVES (a pattern's own top-level alternatives always are); each
    element carries its flags."""
    alts: list[list[_Elem]] = [[]]
    whole = top and len(items) == 1  # the sequence is one branch or group: its alternatives add up
    for op, av in items:
        _check_no_backreference(op, av)
        subs: list[list[_Elem]] | None = None
        if op is sre.BRANCH:
            subs = [s for branch in av[1] for s in _expand(list(branch), flags, top=whole)]
        elif op is sre.SUBPATTERN:
            _group, add, delete, sub = av
            subs = _expand(list(sub), (flags | int(add)) & ~int(delete), top=whole)
        if subs is not None and (whole or len(alts) * len(subs) <= MAX_ALTERNATIVES):
            alts = [a + s for a in alts for s in subs]
        else:
            alts = [a + [_Elem(op, av, flags)] for a in alts]
    return alts


def _check_no_backreference(op: Any, av: Any) -> None:
    if op in _BACKREFS:
        raise Unanchorable("a backreference ties one part of a match to another")
    for sub in _children(op, av):
        for child_op, child_av in sub:
            _check_no_backreference(child_op, child_av)


def _children(op: Any, av: Any) -> list[Any]:
    if op is sre.BRANCH:
        return list(av[1])
    if op is sre.SUBPATTERN:
        return [av[3]]
    if op in _REPEATS:
        return [av[2]]
    if op in (sre.ASSERT, sre.ASSERT_NOT):
        return [av[1]]
    if op is _ATOMIC:
        return [av]
    return []


def _safe(op: Any, av: Any) -> bool:
    """Whether an element matches alike in a raw line and in its cleaned text: it looks only
    at the characters it consumes (\\b and \\B also at their neighbours, which agree at a
    line's end: a newline or ``\\r`` is no word character, like the end of the text)."""
    if op in (sre.LITERAL, sre.NOT_LITERAL, sre.ANY, sre.IN):
        return True
    if op is sre.AT:
        return av in (sre.AT_BOUNDARY, sre.AT_NON_BOUNDARY)
    if op in (sre.ASSERT, sre.ASSERT_NOT) or op in _BACKREFS:
        return False
    subs = _children(op, av)
    return bool(subs) and all(_safe(o, a) for sub in subs for o, a in sub)


def _ascii_safe_seq(items: Sequence[tuple[Any, Any]]) -> bool:
    for k, (op, av) in enumerate(items):
        if op is sre.AT and av == sre.AT_BOUNDARY:
            # Next to a word character the pattern names, a boundary in the text is one in the
            # copy ("é" and "?" both border "x"); next to anything else it may not be.
            near = [items[j] for j in (k - 1, k + 1) if 0 <= j < len(items)]
            if not any(o is sre.LITERAL and a < 128 and (chr(a).isalnum() or a == 95) for o, a in near):
                return False
        elif not _ascii_safe(op, av):
            return False
    return True


def _ascii_safe(op: Any, av: Any) -> bool:
    """Whether an element that matches a text at a place matches its ASCII copy there."""
    question = ord("?")
    if op is sre.LITERAL:
        return bool(av < 128)
    if op is sre.NOT_LITERAL:
        return bool(av != question)
    if op is sre.ANY:
        return True
    if op is sre.IN:
        negated = any(o is sre.NEGATE for o, _a in av)
        for o, a in av:
            if o is sre.CATEGORY:
                return False  # \w, \s, \d match non-ASCII characters; "?" is none of them
            if o is sre.LITERAL and (a == question if negated else a >= 128):
                return False
            if o is sre.RANGE and (a[0] <= question <= a[1] if negated else a[1] >= 128):
                return False
        return True
    if op is sre.AT:
        return bool(av in (sre.AT_BEGINNING, sre.AT_BEGINNING_STRING, sre.AT_END, sre.AT_END_STRING))
    subs = _children(op, av)
    if op in (sre.ASSERT, sre.ASSERT_NOT) or not subs:
        return False
    return all(_ascii_safe_seq(list(sub)) for sub in subs)


def _key(alt: Sequence[_Elem]) -> tuple[str, bool] | None:
    """The rarest run of ASCII literals in one case mode (every match contains it): a line
    holding "HCCL" is rare, one holding "error" is not, though "error" is longer."""
    runs: list[tuple[str, bool]] = []
    run, mode = "", False
    for el in alt:
        if el.op is sre.LITERAL and el.av < 128:
            ci = bool(el.flags & re.IGNORECASE)
            if run and ci != mode:
                runs.append((run, mode))
                run = ""
            run, mode = run + chr(el.av), ci
        elif run:
            runs.append((run, mode))
            run = ""
    if run:
        runs.append((run, mode))
    return min(runs, key=lambda r: (prior_frequency(r[0].lower() if r[1] else r[0]), -len(r[0])), default=None)


# -- choosing passes ------------------------------------------------------------------------------


def pass_cost(key: PassKey, frequency: Callable[[str], float]) -> float:
    """Estimated nanoseconds per character of text. ``frequency`` is asked about literals as
    they are searched: lowercased for the lowercased copy."""
    kind, literal = key
    if kind in ("find", "lfind"):
        return FIND_PASS_NS + FIND_HIT_NS * frequency(literal)
    if kind == "lword":
        return PREFIX_PASS_NS + FIND_HIT_NS * frequency(literal)
    return PREFIX_PASS_NS + PREFIX_HIT_NS * frequency(literal)


@dataclass(frozen=True)
class Plan:
    """Passes to run over a block. ``finds`` maps a pass that finds places - ``find`` or
    ``lfind`` a character, ``lword`` a literal in the lowercased copy - to the pieces to match
    there; ``prefixes`` maps a literal to the rests of the pieces that start with it. Each piece
    is (alternative index, option, regex). ``every_line`` when some alternative has no literal
    at all: then every line must be classified."""

    finds: dict[PassKey, tuple[tuple[int, Option, str], ...]]
    prefixes: dict[str, tuple[tuple[int, Option, str], ...]]
    every_line: bool
    cost: float


def plan(alts: Sequence[Alternative], frequency: Callable[[str], float] = prior_frequency,
         exclude: Collection[tuple[int, Option]] = ()) -> Plan:
    """Passes that find every alternative at little cost: a greedy weighted set cover, where
    a pass costs once however many alternatives it serves. ``exclude`` lists options found
    to match too often: an alternative uses one only when it has no other."""
    costs: dict[PassKey, float] = {}

    def cost(key: PassKey) -> float:
        if key not in costs:
            costs[key] = pass_cost(key, frequency)
        return costs[key]

    # Each alternative weighs its cheapest few options. A "holder" is an option (a set of
    # passes) with the alternatives that have it; its ratio is the cost of its passes not yet
    # chosen per alternative it would newly cover.
    candidates: list[list[Option]] = []
    index: dict[frozenset[PassKey], int] = {}
    holder_alts: list[list[int]] = []
    for n, alt in enumerate(alts):
        found = [o for o in alt.options if (n, o) not in exclude] or alt.options
        found = sorted(found, key=lambda o: (sum(cost(k) for k in o.passes), o.start))[:OPTIONS_KEPT]
        candidates.append(found)
        for option in found:
            h = index.setdefault(option.passes, len(index))
            if h == len(holder_alts):
                holder_alts.append([])
            holder_alts[h].append(n)
    holder_passes = list(index)
    missing_cost = [sum(cost(k) for k in passes) for passes in holder_passes]
    missing = [len(passes) for passes in holder_passes]
    covered = [not found for found in candidates]  # without options: every line, below
    gain = [sum(1 for n in ns if not covered[n]) for ns in holder_alts]
    by_pass: dict[PassKey, list[int]] = {}
    for h, passes in enumerate(holder_passes):
        for k in passes:
            by_pass.setdefault(k, []).append(h)
    by_alt: list[list[int]] = [[] for _ in alts]
    for h, ns in enumerate(holder_alts):
        for n in ns:
            by_alt[n].append(h)
    chosen: set[PassKey] = set()
    # Lazy greedy: an entry's ratio may be stale. A pass being chosen lowers the ratios of the
    # holders that need it (pushed anew); alternatives being covered raise ratios (found out
    # when popped, and pushed back).
    heap = [(missing_cost[h] / gain[h], h) for h in range(len(gain)) if gain[h]]
    heapq.heapify(heap)
    while heap:
        ratio, best = heapq.heappop(heap)
        if not gain[best]:
            continue
        current = missing_cost[best] / gain[best]
        if current > ratio + 1e-12:
            heapq.heappush(heap, (current, best))
            continue
        for k in holder_passes[best] - chosen:
            chosen.add(k)
            for h in by_pass[k]:
                missing_cost[h] -= cost(k)
                missing[h] -= 1
                if missing[h] == 0:
                    for n in holder_alts[h]:
                        if not covered[n]:
                            covered[n] = True
                            for h2 in by_alt[n]:
                                gain[h2] -= 1
                elif gain[h]:
                    heapq.heappush(heap, (missing_cost[h] / gain[h], h))
    # Each alternative takes its cheapest option among the passes chosen.
    finds: dict[PassKey, list[tuple[int, Option, str]]] = {}
    prefixes: dict[PassKey, list[tuple[int, Option, str]]] = {}
    for n, (alt, found) in enumerate(zip(alts, candidates)):
        if not found:
            continue
        option = min((o for o in found if o.passes <= chosen), key=lambda o: (sum(cost(k) for k in o.passes), o.start))
        for kind, literal in option.passes:
            target = prefixes if kind == "prefix" else finds
            target.setdefault((kind, literal), []).append((n, option, alt.piece(option.start, option.skip)))
    used = set(finds) | set(prefixes)
    return Plan(
        finds={k: tuple(v) for k, v in sorted(finds.items())},
        prefixes={k[1]: tuple(v) for k, v in sorted(prefixes.items())},
        every_line=not all(candidates),
        cost=sum(cost(k) for k in used),
    )


# -- writing a parsed regex back out ---------------------------------------------------------------


def unparse(elems: Sequence[_Elem]) -> str:
    """Regex text for elements, each run of equal flags in a scoped ``(?flags:...)``."""
    out = []
    i = 0
    while i < len(elems):
        j = i
        while j < len(elems) and elems[j].flags == elems[i].flags:
            j += 1
        body = "".join(_text(e.op, e.av) for e in elems[i:j])
        letters = "".join(letter for flag, letter in _FLAG_LETTERS if elems[i].flags & flag)
        out.append(f"(?{letters}:{body})" if letters else body)
        i = j
    return "".join(out)


def _seq(items: Iterable[Any]) -> str:
    return "".join(_text(op, av) for op, av in items)


def _text(op: Any, av: Any) -> str:
    if op is sre.LITERAL:
        return re.escape(chr(av))
    if op is sre.NOT_LITERAL:
        return f"[^{_class_char(av)}]"
    if op is sre.ANY:
        return "."
    if op is sre.IN:
        return _class(av)
    if op is sre.AT:
        return _AT_TEXT[av]
    if op is sre.BRANCH:
        return "(?:" + "|".join(_seq(alt) for alt in av[1]) + ")"
    if op is sre.SUBPATTERN:
        _group, add, delete, sub = av
        on = "".join(letter for flag, letter in _FLAG_LETTERS if add & flag)
        off = "".join(letter for flag, letter in _FLAG_LETTERS if delete & flag)
        return f"(?{on}{'-' + off if off else ''}:{_seq(sub)})"
    if op in _REPEATS:
        lo, hi, sub = av
        quant = "{%d,%s}" % (lo, "" if hi is sre.MAXREPEAT else hi)
        if op is sre.MIN_REPEAT:
            quant += "?"
        elif op is not sre.MAX_REPEAT:
            quant += "+"
        return f"(?:{_seq(sub)}){quant}"
    if op is _ATOMIC:
        return f"(?>{_seq(av)})"
    if op in (sre.ASSERT, sre.ASSERT_NOT):
        direction, sub = av
        kind = ("=" if op is sre.ASSERT else "!") if direction == 1 else ("<=" if op is sre.ASSERT else "<!")
        return f"(?{kind}{_seq(sub)})"
    raise Unanchorable(f"cannot write {op} back as a regex")


def _class(items: Sequence[Any]) -> str:
    parts = []
    for op, av in items:
        if op is sre.NEGATE:
            parts.append("^")
        elif op is sre.LITERAL:
            parts.append(_class_char(av))
        elif op is sre.RANGE:
            parts.append(f"{_class_char(av[0])}-{_class_char(av[1])}")
        elif op is sre.CATEGORY:
            parts.append(_CATEGORY_TEXT[av])
        else:
            raise Unanchorable(f"cannot write {op} in a character class")
    return "[" + "".join(parts) + "]"


def _class_char(code: int) -> str:
    return f"\\U{code:08x}"
