"""The token budget of a prompt: an estimate of what text costs, and cutting text to fit.

The estimate errs on the high side and downloads nothing: models' tokenizers differ anyway,
and a budget is a bound, not a bill.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from collectors.evidence import one_line

# A single log line can be a megabyte of JSON; beyond this its middle is cut.
MAX_LINE_CHARS = 1000


def water_fill(sizes: Mapping[str, int], available: int) -> dict[str, int]:
    """Token shares: every field that fits in an equal share gets what it needs; the larger
    ones split the rest equally."""
    shares: dict[str, int] = {}
    remaining = max(available, 0)
    ordered = sorted(sizes.items(), key=lambda kv: kv[1])
    for i, (name, size) in enumerate(ordered):
        shares[name] = min(size, remaining // (len(ordered) - i))
        remaining -= shares[name]
    return shares


def pack(text: str, budget: int, keep: Sequence[str] = ()) -> str:
    """``text`` cut to ``budget`` tokens (as ``count_tokens`` counts them), line by line: lines holding a ``keep`` line
    first, then section headers (``== pod/container ==``), then the rest in order. What is
    left out is marked where it was."""
    lines = [one_line(line, MAX_LINE_CHARS) if len(line) > MAX_LINE_CHARS else line for line in text.splitlines()]
    if count_tokens(text) <= budget and all(len(line) <= MAX_LINE_CHARS for line in text.splitlines()):
        return text
    cost = [count_tokens(line) + 1 for line in lines]
    # The lines holding a decisive line, in the order of ``keep``: the most decisive first.
    flats = [flat(line) for line in lines]
    decisive = [
        i
        for k in keep
        if len(flat(k)) >= 8
        for w in [flat(k)[:200]]
        for i, f in enumerate(flats)
        if w in f or (len(f) >= 20 and f in w)
    ]
    headers = [i for i, line in enumerate(lines) if line.startswith("== ")]
    chosen: list[int] = []
    used = 0
    marker_cost = count_tokens(cut_marker(1000)) + 1
    for i in [*decisive, *headers, *range(len(lines))]:
        if i in chosen:
            continue
        if used + cost[i] + marker_cost > budget:
            if i in decisive or i in headers:
                continue
            break
        chosen.append(i)
        used += cost[i]
    # Every gap costs a marker: give back the last lines taken until the markers fit too.
    while len(chosen) > 1 and sum(cost[i] for i in chosen) + _gaps(chosen, len(lines)) * marker_cost > budget:
        chosen.pop()
    return _assemble(lines, chosen)


def _gaps(chosen: Iterable[int], n: int) -> int:
    """How many runs of lines ``chosen`` leaves out of ``n``."""
    keep = set(chosen)
    return sum(1 for i in range(n) if i not in keep and (i == 0 or i - 1 in keep))


def _assemble(lines: Sequence[str], chosen: Iterable[int]) -> str:
    keep = set(chosen)
    out: list[str] = []
    skipped = 0
    for i, line in enumerate(lines):
        if i in keep:
            if skipped:
                out.append(cut_marker(skipped))
                skipped = 0
            out.append(line)
        else:
            skipped += 1
    if skipped:
        out.append(cut_marker(skipped))
    return "\n".join(out)


def cut_marker(lines: int) -> str:
    return f"[… {lines} line{'s' if lines != 1 else ''} cut to fit the token budget]"


_LETTERS = re.compile(r"[A-Za-z]+")
_DIGITS = re.compile(r"[0-9]+")
_PUNCTUATION = re.compile(r"[!-/:-@\[-`{-~]+")
_OTHER = re.compile(r"[^\x00-\x7f\s]")


def count_tokens(text: str) -> int:
    """An estimate of the tokens ``text`` costs, on the high side: a run of letters costs one
    per five, digits one per three, ASCII punctuation one per two, any other character (CJK)
    one each. Close enough to OpenAI's tokenizers for a budget, and nothing to download."""
    return (
        sum((len(w) + 4) // 5 for w in _LETTERS.findall(text))
        + sum((len(d) + 2) // 3 for d in _DIGITS.findall(text))
        + sum((len(p) + 1) // 2 for p in _PUNCTUATION.findall(text))
        + len(_OTHER.findall(text))
    )


def flat(text: str) -> str:
    """Whitespace collapsed: how a quoted or kept line is compared with the evidence."""
    return " ".join(text.split())
