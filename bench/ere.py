"""The catalogue's Python regular expressions as POSIX EREs, for ``grep -E``: the reference
the log-scan benchmark is measured against.

Each pattern is parsed with Python's own parser (``re._parser``) and written back out as an
ERE, so the translation follows the pattern's structure rather than its spelling:

- ``(?:...)`` becomes ``(...)``; lazy and possessive repeats become greedy ones (whether a
  line matches does not change).
- ``(?i)`` and ``(?i:...)`` become bracket pairs, ``[cC]``, on the letters they cover.
- ``\\d`` is ``[0-9]``, ``\\s`` ``[[:space:]]``, ``\\w`` ``[[:alnum:]_]`` (and their negations);
  ``\\b``, ``\\B``, ``^`` and ``$`` are kept (GNU grep knows them).
- Lookarounds have no ERE form and are dropped, which makes those few patterns slightly
  broader: ``cudaError(?!ECC|MemoryAllocation)\\w+`` is searched as ``cudaError\\w+``. The
  count of dropped lookarounds is reported with the figure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

try:  # Python 3.11+
    from re import _constants as C
    from re import _parser as P
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as C  # type: ignore[no-redef]
    import sre_parse as P  # type: ignore[no-redef]

_SPECIAL = set(".[]()*+?{}|^$\\")
_CATEGORY_IN = {  # inside a bracket expression
    C.CATEGORY_DIGIT: "0-9",
    C.CATEGORY_SPACE: "[:space:]",
    C.CATEGORY_WORD: "[:alnum:]_",
}
_CATEGORY_ALONE = {
    C.CATEGORY_DIGIT: "[0-9]",
    C.CATEGORY_NOT_DIGIT: "[^0-9]",
    C.CATEGORY_SPACE: "[[:space:]]",
    C.CATEGORY_NOT_SPACE: "[^[:space:]]",
    C.CATEGORY_WORD: "[[:alnum:]_]",
    C.CATEGORY_NOT_WORD: "[^[:alnum:]_]",
}
_AT = {
    C.AT_BEGINNING: "^",
    C.AT_BEGINNING_STRING: "^",
    C.AT_END: "$",
    C.AT_END_STRING: "$",
    C.AT_BOUNDARY: "\\b",
    C.AT_NON_BOUNDARY: "\\B",
}


@dataclass
class Translation:
    ere: str
    dropped_lookarounds: int


def to_ere(pattern: str) -> Translation:
    """``pattern`` (Python syntax) as an ERE for ``grep -E``."""
    writer = _Writer()
    parsed = P.parse(pattern)
    text = writer.seq(parsed, bool(parsed.state.flags & re.IGNORECASE))
    return Translation(text, writer.dropped)


class _Writer:
    def __init__(self) -> None:
        self.dropped = 0

    def seq(self, items: Any, icase: bool) -> str:
        return "".join(self.item(op, av, icase) for op, av in items)

    def item(self, op: Any, av: Any, icase: bool) -> str:
        if op is C.LITERAL:
            return _literal(av, icase)
        if op is C.NOT_LITERAL:
            return self.charset([(C.NEGATE, None), (C.LITERAL, av)], icase)
        if op is C.ANY:
            return "."
        if op is C.IN:
            return self.charset(av, icase)
        if op is C.AT:
            return _AT[av]
        if op is C.BRANCH:
            return "(" + "|".join(self.seq(alt, icase) for alt in av[1]) + ")"
        if op is C.SUBPATTERN:
            _group, add, delete, sub = av
            inner = icase
            if add & re.IGNORECASE:
                inner = True
            if delete & re.IGNORECASE:
                inner = False
            return "(" + self.seq(sub, inner) + ")"
        if op in (C.MAX_REPEAT, C.MIN_REPEAT) or op is getattr(C, "POSSESSIVE_REPEAT", None):
            lo, hi, sub = av
            body = self.seq(sub, icase)
            if len(body) > 1 and not (body.startswith("[") and body.endswith("]") and len(sub) == 1):
                body = "(" + body + ")"
            if (lo, hi) == (0, C.MAXREPEAT):
                return body + "*"
            if (lo, hi) == (1, C.MAXREPEAT):
                return body + "+"
            if (lo, hi) == (0, 1):
                return body + "?"
            return (
                body
                + "{"
                + str(lo)
                + ("," if hi != lo else "")
                + (str(hi) if hi not in (lo, C.MAXREPEAT) else "")
                + "}"
            )
        if op is getattr(C, "ATOMIC_GROUP", None):
            return "(" + self.seq(av, icase) + ")"
        if op in (C.ASSERT, C.ASSERT_NOT):
            self.dropped += 1
            return ""
        if op is C.GROUPREF:
            return "\\" + str(av)
        raise ValueError(f"no ERE form for {op}")

    def charset(self, items: Any, icase: bool) -> str:
        if len(items) == 1 and items[0][0] is C.CATEGORY:
            return _CATEGORY_ALONE[items[0][1]]
        negate = False
        chars: list[str] = []  # single characters
        parts: list[str] = []  # ranges and character classes
        for op, av in items:
            if op is C.NEGATE:
                negate = True
            elif op is C.LITERAL:
                ch = chr(av)
                chars.extend({ch, ch.swapcase()} if icase and len(ch.swapcase()) == 1 else {ch})
            elif op is C.RANGE:
                lo, hi = av
                if chr(lo) in "]^-" or chr(hi) in "]^-":
                    raise ValueError("no ERE form for a range that starts or ends with ] ^ or -")
                parts.append(chr(lo) + "-" + chr(hi))
                if icase:
                    for a, b in ((ord("a"), ord("z")), (ord("A"), ord("Z"))):
                        if lo <= b and hi >= a:  # the other case of the letters in range
                            parts.append(chr(max(lo, a)).swapcase() + "-" + chr(min(hi, b)).swapcase())
            elif op is C.CATEGORY:
                if av not in _CATEGORY_IN:
                    raise ValueError(f"no ERE form for {av} in a class")
                parts.append(_CATEGORY_IN[av])
            else:
                raise ValueError(f"no ERE form for {op} in a class")
        # grep sees lines, which never hold a newline: [^\n] is any character.
        chars = [c for c in chars if c != "\n"]
        if negate and not chars and not parts:
            return "."
        # In a bracket expression ']' is literal only first, '^' anywhere but first, '-'
        # only last; a backslash is an ordinary character.
        plain = sorted(set(chars) - set("]^-"))
        body = ("]" if "]" in chars else "") + "".join(parts) + "".join(plain)
        body += ("^" if "^" in chars else "") + ("-" if "-" in chars else "")
        if body == "^":  # '^' alone would negate
            return "\\^"
        return "[" + ("^" if negate else "") + body + "]"


def _literal(code: int, icase: bool) -> str:
    ch = chr(code)
    if icase and ch.lower() != ch.upper() and len(ch.swapcase()) == 1:
        return "[" + ch.lower() + ch.upper() + "]"
    return "\\" + ch if ch in _SPECIAL else ch
