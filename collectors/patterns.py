"""Patterns as the matching engines take them.

Signatures and ``redact_patterns`` are written in Python's regex syntax. Each is read by
Python's own parser and written back out for the two engines that match it: RE2 (one text -
a log line, an event message, a value to redact) and Hyperscan (a block of a log). Both then
match what Python's ``re`` matches with ``re.ASCII`` (``\\w``, ``\\d``, ``\\s``, ``\\b`` and
case-insensitive letters are ASCII), in time linear in the text whoever wrote the pattern.
Reading every pattern with Python's parser, and not with each engine's, is what keeps
``x{,3}`` or ``\\Z`` from meaning one thing to one engine and another to the other.

Refused with a one-line reason (``PatternError``): what no linear-time engine matches -
backreferences, conditional groups, atomic groups and possessive repeats - and patterns that
match the empty string, repeat more than ``MAX_REPEAT`` times or are longer than
``MAX_LENGTH``. A lookaround is taken at the top level of an alternative, one per alternative
(``cudaError(?!ECC|MemoryAllocation)\\w+``): that alternative becomes three patterns - what
comes before the lookaround, its body, what comes after - each found in one linear scan
(collectors/matching.py, ``Lookaround``).
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from typing import Any

from collectors.errors import InputError

# The regex parser is private; its module moved in 3.11 (re._parser, re._constants).
try:
    sre: Any = importlib.import_module("re._constants")
    sre_parse: Any = importlib.import_module("re._parser")
except ImportError:  # pragma: no cover - Python 3.10
    sre = importlib.import_module("sre_constants")
    sre_parse = importlib.import_module("sre_parse")

MAX_LENGTH = 2000  # characters in one pattern; the built-in catalogue's longest has 650
MAX_REPEAT = 1000  # the largest count in x{m,n}: RE2's own limit
MAX_ALTERNATIVES = 64  # alternatives a pattern with lookarounds is split into, at most
# Hyperscan unrolls a counted repeat into a state per count, each as many states as its class
# has UTF-8 byte sequences: `[^\n]{0,600}` alone took it a minute and a half to compile. A
# relaxed pattern only finds candidate lines (RE2 then matches the exact one), so in it a
# repeat counted beyond this is written unbounded - a superset, compiled in milliseconds.
RELAXED_MAX_COUNT = 16
# The parts of an alternative with a lookaround are compiled exactly (positions matter there),
# and the compile grows faster than the count: {0,1000} took Hyperscan 8 s, and a user's file
# may hold hundreds. Counts above this are refused there; an unbounded repeat costs nothing.
LOOKAROUND_MAX_COUNT = 100
_LAST = 0x10FFFF
_SURROGATES = (0xD800, 0xDFFF)  # no text the engines see holds one
_REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT)
_ASCII_CATEGORIES: dict[Any, tuple[tuple[int, int], ...]] = {
    sre.CATEGORY_DIGIT: ((0x30, 0x39),),
    sre.CATEGORY_WORD: ((0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)),
    sre.CATEGORY_SPACE: ((0x09, 0x0D), (0x20, 0x20)),
}
_NEGATED_CATEGORIES = {
    sre.CATEGORY_NOT_DIGIT: sre.CATEGORY_DIGIT,
    sre.CATEGORY_NOT_WORD: sre.CATEGORY_WORD,
    sre.CATEGORY_NOT_SPACE: sre.CATEGORY_SPACE,
}
_UNSUPPORTED = {
    sre.GROUPREF: "a backreference has no linear-time match",
    sre.GROUPREF_EXISTS: "a conditional group has no linear-time match",
    getattr(sre, "ATOMIC_GROUP", sre.GROUPREF): "atomic groups have no linear-time match; use a plain group",
    getattr(sre, "POSSESSIVE_REPEAT", sre.GROUPREF): "possessive repeats have no linear-time match; use a plain repeat",
}
_LOOKAROUNDS = (sre.ASSERT, sre.ASSERT_NOT)


class PatternError(InputError):
    """A pattern the engines cannot take. The message says why, in one line."""


@dataclass(frozen=True)
class Lookaround:
    """One alternative of the form ``before (?=body) after`` (or ``(?!``, ``(?<=``, ``(?<!``).

    ``before`` is matched forward: its matches end where the lookaround stands. ``after`` is
    written reversed, to be matched in the reversed text, where its matches end there too. The
    body is matched forward when it looks behind (its matches end there), reversed when it
    looks ahead. An empty ``before`` or ``after`` stands anywhere."""

    before: str
    body: str
    after: str
    ahead: bool
    negative: bool


@dataclass(frozen=True)
class Translation:
    """A pattern written for the engines.

    ``exact`` matches a text exactly as Python's ``re`` (with ``re.ASCII``) would - except in
    the alternatives with a lookaround, written without it, where it matches a superset.
    ``plain`` is the alternatives without a lookaround (None when every one has one), and
    ``lookarounds`` the others. ``relaxed`` is for the raw text of a log, where a line may
    begin with kubectl's timestamp or text a ``\\r`` overwrote: its ``^`` and ``$`` (Hyperscan,
    multi-line) also match after a space or ``\\r`` and before a ``\\r``, so it finds every
    line whose cleaned text ``exact`` matches, and a few more."""

    source: str
    exact: str
    plain: str | None
    relaxed: str
    lookarounds: tuple[Lookaround, ...]

    def to_json(self) -> dict[str, object]:
        """For compiled.json, which ships the built-in catalogue's translations: parsing a
        hundred patterns costs a fifth of a second of every start-up."""
        data: dict[str, object] = {"exact": self.exact}
        if self.relaxed != self.exact:
            data["relaxed"] = self.relaxed
        if self.lookarounds:
            data["plain"] = self.plain
            data["lookarounds"] = [[x.before, x.body, x.after, x.ahead, x.negative] for x in self.lookarounds]
        return data

    @classmethod
    def from_json(cls, source: str, data: dict[str, Any]) -> Translation:
        exact = data["exact"]
        return cls(
            source=source,
            exact=exact,
            plain=data.get("plain", exact),
            relaxed=data.get("relaxed", exact),
            lookarounds=tuple(Lookaround(*item) for item in data.get("lookarounds", ())),
        )


def translate(pattern: str, *, whole: bool = False, empty_ok: bool = False) -> Translation:
    """``pattern`` for the engines; ``whole``: it must match the whole text, as ``fullmatch``.
    Raises PatternError, whose message says what cannot be taken. A pattern that matches the
    empty string would match every text: refused unless ``empty_ok``."""
    if len(pattern) > MAX_LENGTH:
        raise PatternError(f"longer than {MAX_LENGTH} characters")
    try:
        re.compile(pattern)  # Python's own messages for what is not a pattern at all
        parsed = sre_parse.parse(pattern)
    except (re.error, RecursionError, OverflowError) as exc:
        raise PatternError(f"not a valid regular expression: {exc}") from None
    flags = int(parsed.state.flags)
    items: list[tuple[Any, Any]] = list(parsed)
    if whole:
        items = [(sre.AT, sre.AT_BEGINNING_STRING), (sre.SUBPATTERN, (None, 0, 0, parsed)), (sre.AT, sre.AT_END_STRING)]
    if not empty_ok and parsed.getwidth()[0] == 0:
        raise PatternError("it matches the empty string, so it matches every line")
    alternatives = (
        _expand(items, flags)
        if any(_holds_lookaround(op, av) for op, av in items)
        else [[(op, av, flags) for op, av in items]]
    )
    plain: list[str] = []
    exact: list[str] = []
    relaxed: list[str] = []
    looks: list[Lookaround] = []
    for alt in alternatives:
        at = [i for i, (op, _av, _f) in enumerate(alt) if op in _LOOKAROUNDS]
        if len(at) > 1:
            raise PatternError("more than one lookaround in one alternative; split it into alternatives")
        rest = [e for i, e in enumerate(alt) if i not in at]
        exact.append(_Writer().elems(rest))
        relaxed.append(_Writer(relaxed=True).elems(rest))
        if not at:
            plain.append(exact[-1])
            continue
        k = at[0]
        op, (direction, body), lflags = alt[k]
        before, after = alt[:k], alt[k + 1 :]
        if not before and not after:
            raise PatternError("a lookaround alone matches no text")
        ahead = direction == 1
        looks.append(
            Lookaround(
                before=_Writer(max_count=LOOKAROUND_MAX_COUNT).elems(before),
                body=_Writer(reverse=ahead, max_count=LOOKAROUND_MAX_COUNT).seq(list(body), lflags),
                after=_Writer(reverse=True, max_count=LOOKAROUND_MAX_COUNT).elems(after),
                ahead=ahead,
                negative=op is sre.ASSERT_NOT,
            )
        )
    return Translation(
        source=pattern,
        exact=_alternation(exact),
        plain=_alternation(plain) if plain else None,
        relaxed=_alternation(relaxed),
        lookarounds=tuple(looks),
    )


def _alternation(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else "|".join(f"(?:{p})" for p in parts)


Elem = tuple[Any, Any, int]  # op, argument, the flags in force where it stands


def _holds_lookaround(op: Any, av: Any) -> bool:
    """Whether a lookaround stands at this element's top level (inside groups and branches,
    not inside repeats, where ``_Writer`` refuses it)."""
    if op in _LOOKAROUNDS:
        return True
    if op is sre.BRANCH:
        return any(_holds_lookaround(o, a) for branch in av[1] for o, a in branch)
    if op is sre.SUBPATTERN:
        return any(_holds_lookaround(o, a) for o, a in av[3])
    return False


def _expand(items: list[tuple[Any, Any]], flags: int) -> list[list[Elem]]:
    """The pattern as alternatives, with the groups and branches that hold a lookaround
    distributed, so that each lookaround stands at the top level of an alternative (Python's
    parser factors ``NCCL error in: (?!x)|NCCL error: (?!y)`` into ``NCCL error`` and a branch)."""
    alts: list[list[Elem]] = [[]]
    for op, av in items:
        subs: list[list[Elem]] | None = None
        if op is sre.BRANCH and _holds_lookaround(op, av):
            subs = [s for branch in av[1] for s in _expand(list(branch), flags)]
        elif op is sre.SUBPATTERN and _holds_lookaround(op, av):
            _group, add, delete, sub = av
            subs = _expand(list(sub), (flags | int(add)) & ~int(delete))
        if subs is None:
            alts = [a + [(op, av, flags)] for a in alts]
            continue
        alts = [a + s for a in alts for s in subs]
        if len(alts) > MAX_ALTERNATIVES:
            raise PatternError(f"its lookarounds make more than {MAX_ALTERNATIVES} alternatives")
    return alts


class _Writer:
    """Writes parsed elements in the syntax RE2 and Hyperscan share: every character as a
    code point, every class as code point ranges, case folded by hand (ASCII only, as
    ``re.ASCII``), groups without captures. ``relaxed``: anchors for raw log text (see
    ``Translation``); ``reverse``: the pattern that matches the reversed text."""

    def __init__(self, *, relaxed: bool = False, reverse: bool = False, max_count: int = MAX_REPEAT) -> None:
        self.relaxed = relaxed
        self.reverse = reverse
        self.max_count = max_count
        # Relaxed, for Hyperscan: case-insensitive runs as (?i:...), which it folds beyond
        # ASCII (a superset, all a relaxed pattern must be) and searches far faster than
        # classes like [lL][oO][sS][sS].
        self.caseless = relaxed

    def elems(self, elems: list[Elem]) -> str:
        parts = [(self.item(op, av, flags), self.caseless and bool(flags & re.IGNORECASE)) for op, av, flags in elems]
        if self.reverse:
            parts.reverse()
        out, i = [], 0
        while i < len(parts):
            j = i
            while j < len(parts) and parts[j][1] == parts[i][1]:
                j += 1
            text = "".join(part for part, _ in parts[i:j])
            out.append(f"(?i:{text})" if parts[i][1] else text)
            i = j
        return "".join(out)

    def seq(self, items: list[tuple[Any, Any]], flags: int) -> str:
        return self.elems([(op, av, flags) for op, av in items])

    def item(self, op: Any, av: Any, flags: int) -> str:
        fold = bool(flags & re.IGNORECASE) and not self.caseless
        if op is sre.LITERAL:
            return _class([(av, av)], fold) if fold and chr(av).isascii() and chr(av).isalpha() else _char(av)
        if op is sre.NOT_LITERAL:
            return _class([(av, av)], fold, negate=True)
        if op is sre.ANY:
            return "(?s:.)" if flags & re.DOTALL else "."
        if op is sre.IN:
            return _class_items(av, fold)
        if op is sre.AT:
            return self.anchor(av, flags)
        if op is sre.BRANCH:
            return "(?:" + "|".join(self.seq(list(b), flags) for b in av[1]) + ")"
        if op is sre.SUBPATTERN:
            _group, add, delete, sub = av
            return "(?:" + self.seq(list(sub), (flags | int(add)) & ~int(delete)) + ")"
        if op in _REPEATS:
            lo, hi, sub = av
            if lo > MAX_REPEAT or (hi is not sre.MAXREPEAT and hi > MAX_REPEAT):
                raise PatternError(f"a repeat count above {MAX_REPEAT}")
            if lo > self.max_count or (hi is not sre.MAXREPEAT and hi > self.max_count):
                raise PatternError(
                    f"a repeat count above {self.max_count} in an alternative with a lookaround; write * or +"
                )
            body = "(?:" + self.seq(list(sub), flags) + ")"
            if self.relaxed and max(lo, 0 if hi is sre.MAXREPEAT else hi) > RELAXED_MAX_COUNT:
                lo, hi = min(lo, RELAXED_MAX_COUNT), sre.MAXREPEAT
            count = {(0, sre.MAXREPEAT): "*", (1, sre.MAXREPEAT): "+", (0, 1): "?"}.get(
                (lo, hi), f"{{{lo}}}" if lo == hi else f"{{{lo},{'' if hi is sre.MAXREPEAT else hi}}}"
            )
            return body + count + ("?" if op is sre.MIN_REPEAT else "")
        if op in _LOOKAROUNDS:
            raise PatternError(
                "a lookaround inside a repeat or another lookaround; only one per alternative, "
                "at its top level, is taken"
            )
        if op in _UNSUPPORTED:
            raise PatternError(_UNSUPPORTED[op])
        raise PatternError(f"{str(op).lower()} is not supported")  # pragma: no cover - no other opcodes today

    def anchor(self, at: Any, flags: int) -> str:
        start = at in (sre.AT_BEGINNING, sre.AT_BEGINNING_STRING)
        end = at in (sre.AT_END, sre.AT_END_STRING)
        if self.reverse and (start or end):
            start, end = end, start
            at = {
                sre.AT_BEGINNING: sre.AT_END,
                sre.AT_END: sre.AT_BEGINNING,
                sre.AT_BEGINNING_STRING: sre.AT_END_STRING,
                sre.AT_END_STRING: sre.AT_BEGINNING_STRING,
            }[at]
        if self.relaxed and start:
            return "(?:^|[ \\r])"
        if self.relaxed and end:
            return "(?:$|\\r)"
        multiline = bool(flags & re.MULTILINE)
        if at is sre.AT_BEGINNING:
            return "(?m:^)" if multiline else "\\A"
        if at is sre.AT_END:
            # Python's $ also matches before a newline that ends the text.
            return "(?m:$)" if multiline else "(?:\\n?\\z)"
        return {
            sre.AT_BEGINNING_STRING: "\\A",
            sre.AT_END_STRING: "\\z",
            sre.AT_BOUNDARY: "\\b",
            sre.AT_NON_BOUNDARY: "\\B",
        }[at]


def _char(code: int) -> str:
    """A literal character: as itself when it is a word character or a space, escaped with
    a backslash when it is other printable ASCII (both engines read that as the literal), as
    a code point otherwise."""
    ch = chr(code)
    if ch.isascii() and (ch.isalnum() or ch in "_ "):
        return ch
    return "\\" + ch if ch.isascii() and ch.isprintable() else f"\\x{{{code:x}}}"


def _class_items(items: list[tuple[Any, Any]], fold: bool) -> str:
    ranges: list[tuple[int, int]] = []
    negate = False
    for op, av in items:
        if op is sre.NEGATE:
            negate = True
        elif op is sre.LITERAL:
            ranges.append((av, av))
        elif op is sre.RANGE:
            ranges.append((av[0], av[1]))
        elif op is sre.CATEGORY:
            if av in _ASCII_CATEGORIES:
                ranges.extend(_ASCII_CATEGORIES[av])
            else:
                ranges.extend(_complement(list(_ASCII_CATEGORIES[_NEGATED_CATEGORIES[av]])))
        else:  # pragma: no cover - the parser puts nothing else in a class
            raise PatternError(f"{str(op).lower()} in a character class is not supported")
    return _class(ranges, fold, negate=negate)


def _class(ranges: list[tuple[int, int]], fold: bool, *, negate: bool = False) -> str:
    """Code point ranges as a class; ``fold`` adds the other case of ASCII letters, before a
    negation as Python does (``(?i)[^a]`` matches neither a nor A). A class is written the
    shorter way round: ``[^\\n]``, not a list of everything else, which Hyperscan would
    turn into a far slower automaton."""
    if fold:
        for lo, hi in list(ranges):
            for first, last, shift in ((0x41, 0x5A, 32), (0x61, 0x7A, -32)):
                if lo <= last and hi >= first:
                    ranges.append((max(lo, first) + shift, min(hi, last) + shift))
    merged = _merge(ranges)
    if negate:
        merged = _complement(merged)
    # No text the engines read holds a surrogate: leaving them out changes no match.
    merged = _merge([r for lo, hi in merged for r in _without_surrogates(lo, hi)])
    if not merged:
        raise PatternError("a character class that matches no character")
    others = _merge([r for lo, hi in _complement(merged) for r in _without_surrogates(lo, hi)])
    if len(others) < len(merged):
        return "[^" + _ranges(others) + "]" if others else "(?s:.)"
    return "[" + _ranges(merged) + "]"


def _ranges(ranges: list[tuple[int, int]]) -> str:
    return "".join(f"\\x{{{lo:x}}}" if lo == hi else f"\\x{{{lo:x}}}-\\x{{{hi:x}}}" for lo, hi in ranges)


def _merge(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def _complement(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out, start = [], 0
    for lo, hi in _merge(ranges):
        if lo > start:
            out.append((start, lo - 1))
        start = hi + 1
    if start <= _LAST:
        out.append((start, _LAST))
    return out


def _without_surrogates(lo: int, hi: int) -> list[tuple[int, int]]:
    first, last = _SURROGATES
    parts = [(lo, min(hi, first - 1)), (max(lo, last + 1), hi)]
    return [(a, b) for a, b in parts if a <= b]
