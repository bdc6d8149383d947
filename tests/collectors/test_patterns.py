"""What the engines take, and that they match what Python's ``re`` (with ``re.ASCII``) does."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from collectors.matching import Regex, compile_database
from collectors.patterns import PatternError, translate

REFUSED = [
    (r"(\w+) \1", "backreference"),
    (r"(?P<x>a)(?P=x)", "backreference"),
    (r"(a)?(?(1)b|c)", "conditional group"),
    (r"(?>ab|a)c", "atomic groups"),
    (r"a++b", "possessive repeats"),
    (r"x*", "matches the empty string"),
    (r"^$", "matches the empty string"),
    (r"(?=a)", "matches the empty string"),
    (r"a{1001}", "repeat count above 1000"),
    # Compiled exactly by Hyperscan, where long counts cost seconds each.
    (r"a(?![^\n]{0,1000}b)", "repeat count above 100 in an alternative with a lookaround"),
    (r"x{0,200}y(?<!zy)", "repeat count above 100 in an alternative with a lookaround"),
    (r"(?<=a)b(?!c)", "more than one lookaround"),
    (r"(?:a(?!b))+c", "lookaround inside a repeat"),
    (r"(?=a(?!b))abc", "lookaround inside a repeat or another lookaround"),
    (r"[^\x00-\U0010ffff]x", "matches no character"),
    (r"x" * 2001, "longer than 2000"),
    (r"(", "not a valid regular expression"),
    (r"(?<=a+)b", "not a valid regular expression"),  # Python: look-behind requires fixed width
]


@pytest.mark.parametrize(("pattern", "reason"), REFUSED, ids=[r for _p, r in REFUSED])
def test_what_no_linear_time_engine_can_take_is_refused_with_a_reason(pattern: str, reason: str) -> None:
    with pytest.raises(PatternError, match=re.escape(reason)) as err:
        translate(pattern)
    assert "\n" not in str(err.value)


# Patterns of every construct the writer knows, and texts made of the pieces that tell them apart.
PATTERNS = [
    r"^Killed\s*$",
    r"(?i)\bloss\b\s*[:=]?\s*nan\b",
    r"(?:^|\]:?\s?)[A-Z]\w*Error(?::\s|$)",
    r"x.y",
    r"(?s)x.y",
    r"[^a-c\d]z",
    r"(?i)[^k]k",
    r"\Bab\b",
    r"a{2,3}b",
    r"a[^\n]{0,40}?z",  # counted beyond RELAXED_MAX_COUNT: unbounded in the relaxed form
    r"(?:ab|c){20,30}",
    r"a{,2}b",
    r"(?i:é)x",
    r"训练失败|段错误",
    r"\Wq\S",
    r"\D\d",
    r"(?m)^b",
    r"a\Z",
    r"\Aa",
    r"a$",
    r"(?x) a  b  # spaced",
    r"[\s-]+-",
    r"a*?b",
    r"(?:ab)+?c",
    r"cudaError(?!ECC|MemoryAllocation)\w+",
    r"(?<!Local)Entry",
    r"err: (?!.*exited)",
    r"(?<=\d)x",
    r"ab(?=c)|(?i:zz)",
    r"\bx(?!y)\b",
]
PIECES = [
    "a",
    "b",
    "c",
    "ab",
    "x",
    "y",
    "z",
    "q",
    "k",
    "K",
    "\u212a",
    "é",
    "É",
    "\u017f",
    " ",
    "\t",
    "\n",
    "\r",
    "\x0b",
    "\x1c",
    "\xa0",
    "1",
    "٣",
    "-",
    ":",
    "]",
    "Killed",
    "loss",
    "LOSS",
    "nan",
    "ValueError",
    "cudaError",
    "ECC",
    "Memory",
    "Local",
    "Entry",
    "err: ",
    "exited",
    "训练失败",
    "段错误",
    "_",
    "\u2588",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=8).map("".join))
def test_a_pattern_matches_what_python_re_with_ascii_matches(text: str) -> None:
    for pattern in PATTERNS:
        assert Regex(pattern).search(text) == (re.search(pattern, text, re.ASCII) is not None), (pattern, text)


@pytest.mark.parametrize("pattern", [r"Failed(?:Mount|Attach)", r"(?i)oomkilled", r"Back-?off", r"(?!Completed)\w+"])
def test_whole_value_patterns_match_as_fullmatch(pattern: str) -> None:
    regex = Regex(pattern, whole=True, empty_ok=True)
    for value in [
        "FailedMount",
        "FailedMountX",
        "xFailedAttach",
        "OOMKilled",
        "BackOff",
        "Backoff",
        "Completed",
        "Running",
        "",
    ]:
        assert regex.search(value) == (re.fullmatch(pattern, value, re.ASCII) is not None), (pattern, value)


RAW_PREFIXES = ["", "2026-05-01T10:00:00.123456789Z ", "progress 10%\r", "2026-05-01T10:00:00Z 50%\r", "x "]
RAW_SUFFIXES = ["", "\r", "\r\r"]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(PIECES[:-3]), max_size=6).map("".join),
    st.sampled_from(RAW_PREFIXES),
    st.sampled_from(RAW_SUFFIXES),
)
def test_the_relaxed_form_finds_every_raw_line_whose_cleaned_text_matches(text: str, prefix: str, suffix: str) -> None:
    """A block is searched as it is, kubectl's timestamp and overwritten progress included; a
    line must be found whenever the text a terminal shows matches."""
    import hyperscan

    from collectors.logs import clean_line

    line = (prefix + text + suffix).replace("\n", " ")
    shown = clean_line(line)[1]
    for pattern in PATTERNS:
        if not Regex(pattern).search(shown):
            continue
        database = compile_database([translate(pattern).relaxed], hyperscan.HS_FLAG_UTF8 | hyperscan.HS_FLAG_MULTILINE)
        block = ("before\n" + line + "\nafter").encode()
        ends = database.ends(block).get(0, set())
        assert any(len(b"before\n") < end <= len(block) - len("\nafter") for end in ends), (pattern, line)


def test_a_long_counted_repeat_is_unbounded_in_the_relaxed_form_only() -> None:
    """Hyperscan unrolls a counted repeat: [^\\n]{0,600} cost it a minute and a half to compile,
    for the database every big log is scanned with. The relaxed form only finds candidates."""
    t = translate(r":\d+: [^\n]{0,600}Assertion `[^`\n]{1,300}' failed|x{2,5}")
    assert "600" not in t.relaxed and "300" not in t.relaxed and "{2,5}" in t.relaxed
    assert "{0,600}" in t.exact and "{1,300}" in t.exact
    assert translate("a{40}").relaxed.endswith("{16,}") and translate("a{3,40}").relaxed.endswith("{3,}")


def test_patterns_are_read_by_pythons_parser_not_the_engines() -> None:
    # x{,2} is a repeat to Python and a literal to PCRE; \Z is the end of the text to Python.
    assert Regex(r"ax{,2}b").search("axxb") and not Regex(r"ax{,2}b").search("ax{,2}b")
    assert Regex(r"a\Z").search("ba") and not Regex(r"a\Z").search("a\n")
