"""Shortening a line of text to fit, the one way every quote, evidence line and log line is cut.

A cut falls between words where one is near (a long token - a path, a base64 blob - is cut
inside), keeps what matters - the text around a pattern's match when there is one, else
both ends, since errors put their point at the end ("...: 401 Unauthorized") as often as at
the start - and says where and how much it took out: ``[… 214 chars cut]``.

    cut(text, 300)                       both ends kept, the middle cut
    cut(text, 2000, around=(s, e))       the match kept with what surrounds it
    cut(text, 2000, around=(s, e), lead=300)   ... and the first 300 characters too
"""

from __future__ import annotations

# How far a cut may move to fall between words instead of inside one: further than most
# words and most of a long token ("PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True").
WORD_SLACK = 32


def mark(chars: int) -> str:
    """What stands where ``chars`` characters were cut out."""
    return f"[… {chars:,} chars cut]"


def cut(text: str, limit: int, *, around: tuple[int, int] | None = None, lead: int = 0) -> str:
    """``text`` in at most ``limit`` characters. ``around``: the span that must stay (a
    pattern's match), kept with context on both sides; ``lead``: with ``around`` far into the
    text, keep about this many characters of its start as well (a log line's time and logger)."""
    if len(text) <= limit:
        return text
    reserve = len(mark(len(text))) + 2  # a mark and a space each side, whatever its number
    if limit < 3 * reserve:  # no room for a mark: an ellipsis stands for each cut
        width = max(limit - 2, 0)
        if around is None or around[1] <= width or width < 3:
            return text[: max(limit - 1, 0)].rstrip() + "…"
        start, end = around
        first = max(0, min(start - max(0, width - (end - start)) // 4, len(text) - width))
        return "…" + text[first : first + width].strip() + ("…" if first + width < len(text) else "")
    if around is None:
        room = limit - reserve
        # The tail first, from a word's start (back into the head's share if need be).
        tail = _word_start(text, len(text) - room // 3, back=True)
        if len(text) - tail > room // 2:  # too far back for a short line: forward instead
            tail = _word_start(text, len(text) - room // 3)
        head = _word_end(text, room - (len(text) - tail))
        return f"{text[:head].rstrip()} {mark(tail - head)} {text[tail:].lstrip()}"
    start, end = around
    if end <= limit - reserve:  # the match is in the head: keep the head
        head = _word_end(text, limit - reserve, floor=end)
        return f"{text[:head].rstrip()} {mark(len(text) - head)}"
    # The lead gives way to the match: what the match needs of the room comes first.
    lead = min(lead, start, limit // 3, limit - 2 * reserve - (end - start))
    kept = _word_end(text, lead) if lead > 0 else 0
    room = limit - kept - 2 * reserve
    # Context before the match: a quarter of the room, less when the match needs more of it.
    before = max(0, min(room // 4, room - (end - start)))
    first = max(kept, min(start - before, len(text) - room))
    first = _word_start(text, first, ceil=start)
    last = min(len(text), first + room)
    if last < len(text):
        last = _word_end(text, last, floor=min(end, last))
    out = f"{text[:kept].rstrip()} {mark(first - kept)} " if kept else f"{mark(first)} "
    out += text[first:last].strip()
    return out + (f" {mark(len(text) - last)}" if last < len(text) else "")


def _word_end(text: str, i: int, *, floor: int = 0) -> int:
    """Where to end a piece that may reach ``i``: before the last space within the slack."""
    for j in range(i, max(floor, i - WORD_SLACK, 0) - 1, -1):
        if j >= len(text) or text[j].isspace():
            return j
    return i


def _word_start(text: str, i: int, *, ceil: int | None = None, back: bool = False) -> int:
    """Where to start a piece that may start at ``i``: after the next space within the slack,
    or with ``back`` the previous one if there is one within it."""
    if back:
        for j in range(i, max(i - WORD_SLACK, 0) - 1, -1):
            if j == 0 or text[j - 1].isspace():
                return j
    top = min(len(text), i + WORD_SLACK, len(text) if ceil is None else ceil)
    for j in range(i, top + 1):
        if j == 0 or text[j - 1].isspace():
            return j
    return i
