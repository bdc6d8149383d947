"""collectors/cutting.py: lines cut between words, around what matters, saying where."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from collectors.cutting import cut, mark
from collectors.evidence import one_line

OOM = (
    "[rank20]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 4 has a total capacity "
    "of 79.15 GiB of which 2.11 GiB is free. Including non-PyTorch memory, this process has 77.03 GiB memory in use. "
    "Of the allocated memory 71.80 GiB is allocated by PyTorch, and 3.90 GiB is reserved by PyTorch but unallocated. "
    "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to "
    "avoid fragmentation."
)
MARK = re.compile(r" ?\[… ([\d,]+) chars cut\] ?")


def pieces(out: str) -> list[str]:
    """The kept pieces of a cut line: between marks, or bare ellipses where no mark fits."""
    return [p for p in re.split(r" ?\[… [\d,]+ chars cut\] ?|…", out) if p]


def test_a_short_line_is_untouched() -> None:
    assert cut("CUDA out of memory", 100) == "CUDA out of memory"


def test_the_issues_line_is_cut_between_words_and_says_how_much() -> None:
    out = one_line(OOM, 160)
    assert len(out) <= 160
    head, tail = pieces(out)
    assert OOM.startswith(head) and OOM.endswith(tail)
    assert head.endswith(("GiB.", "GiB", "of", "has", "a", "total", "capacity")) or OOM[len(head)] == " "
    assert OOM[len(OOM) - len(tail) - 1] == " ", "the tail starts at a word"
    removed = int(MARK.search(out).group(1).replace(",", ""))  # type: ignore[union-attr]
    assert len(head) + removed + len(tail) in (len(OOM), len(OOM) - 1, len(OOM) - 2)


def test_the_match_is_kept_when_it_is_far_into_the_line() -> None:
    line = (
        "2026-05-14T09:37:55Z INFO "
        + " ".join(f"field{i}=value{i}" for i in range(300))
        + " ERROR: No space left on device while writing checkpoint "
        + "x=1 " * 100
    )
    start = line.index("No space left")
    out = cut(line, 400, around=(start, start + len("No space left on device")), lead=40)
    assert len(out) <= 400
    assert "No space left on device" in out
    assert out.startswith("2026-05-14T09:37:55Z INFO field0=value0") and out.count("chars cut]") == 2


def test_a_match_in_the_head_keeps_the_head() -> None:
    out = cut(OOM, 120, around=(10, 40))
    assert out.startswith("[rank20]: torch.OutOfMemoryError: CUDA out of memory.") and out.endswith("chars cut]")
    assert len(out) <= 120 and out.count("chars cut]") == 1


def test_the_pattern_given_to_one_line_is_what_stays() -> None:
    out = one_line(OOM, 120, around=r"expandable_segments")
    assert "expandable_segments" in out and len(out) <= 120


def test_a_long_token_is_cut_inside() -> None:
    blob = "token=" + "A" * 500
    out = cut(blob, 100)
    assert len(out) <= 100 and out.startswith("token=AAAA")


@pytest.mark.parametrize("limit", [1, 10, 40])
def test_tiny_limits_still_fit(limit: int) -> None:
    assert len(cut(OOM, limit)) <= limit


words = st.lists(st.text(alphabet="abcdefgh.:/=", min_size=1, max_size=30), min_size=1, max_size=120)


@given(words, st.integers(min_value=20, max_value=400), st.data())
def test_any_cut_fits_keeps_text_in_order_and_the_match(parts: list[str], limit: int, data: st.DataObject) -> None:
    text = " ".join(parts)
    start = data.draw(st.integers(min_value=0, max_value=len(text)))
    end = min(len(text), start + data.draw(st.integers(min_value=0, max_value=limit // 4)))
    aimed = data.draw(st.booleans())
    out = cut(
        text, limit, around=(start, end) if aimed else None, lead=data.draw(st.integers(min_value=0, max_value=limit))
    )
    assert len(out) <= limit
    if len(text) <= limit:
        assert out == text
        return
    position = 0
    for piece in pieces(out):
        found = text.find(piece, position)
        assert found >= 0, (piece, text)
        position = found + len(piece)
    if aimed:
        assert text[start:end].strip() in out
    assert not out.startswith(" ") and not out.endswith(" ")


def test_mark_names_the_count() -> None:
    assert mark(1234) == "[… 1,234 chars cut]"


def test_the_match_wins_over_the_lead_when_both_do_not_fit() -> None:
    # Found by the property above: 81 characters cannot hold a 27-character lead, two marks
    # and an 18-character match; the lead gives way.
    text = "x" * 27 + " " + " ".join(["word"] * 300) + " MATCH-OF-18-CHARS " + " ".join(["tail"] * 50)
    start = text.index("MATCH")
    out = cut(text, 81, around=(start, start + 17), lead=52)
    assert "MATCH-OF-18-CHARS"[:17] in out and len(out) <= 81
