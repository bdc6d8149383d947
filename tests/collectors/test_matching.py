"""The engines: linear whatever the pattern, Python's answers, and the compiled-database cache."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from collectors import matching
from collectors.matching import Regex, RegexSet, cached_database, compile_database
from collectors.patterns import PatternError, translate

# Each of these makes Python's re backtrack for longer than anyone waits on these texts (the
# first two are issue 12's: a 41-character line was enough); the engines answer at once.
CATASTROPHIC = [
    (r"(a+)+$", "a" * 40 + "!", False),
    (r"(a+)+$", "a" * 100_000, True),
    (r"(.*a){25}", "a" * 24 + "x" * 20_000, False),
    (r"(.*a){25}", "xa" * 25, True),
    (r"(x+x+)+y", "x" * 50_000, False),
    (r"^(\w+\s?)+$", "word " * 10_000 + "!", False),
]


@pytest.mark.parametrize(("pattern", "text", "found"), CATASTROPHIC, ids=[p for p, _t, _f in CATASTROPHIC])
def test_patterns_that_backtrack_in_python_are_answered_by_the_engines(pattern: str, text: str, found: bool) -> None:
    assert Regex(pattern).search(text) is found
    assert RegexSet([translate(pattern)]).matching(text) == ([0] if found else [])
    assert (Regex(pattern).sub("[X]", text) != text) is found  # a redact_patterns entry, as used


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["tok-", "12", "ab", "x", " ", "é", "token=", "\n", "TOK-"]), max_size=10).map("".join))
def test_sub_replaces_what_python_re_sub_replaces(text: str) -> None:
    for pattern in [r"tok-\d+", r"(?i)tok-\w*", r"token=\S+", r"a|ab", r"\d+?", r"x\s*\d"]:
        assert Regex(pattern).sub("[R]", text) == re.sub(pattern, "[R]", text, flags=re.ASCII), (pattern, text)


def test_span_is_in_characters_and_only_where_the_pattern_matches() -> None:
    assert Regex(r"Error: \w+").span("训练 Error: boom") == (3, 14)
    assert Regex(r"cudaError(?!ECC)\w+").span("cudaErrorECC") is None
    assert Regex(r"cudaError(?!ECC)\w+").span("x cudaErrorLaunch") == (2, 17)


def test_a_set_says_which_patterns_match_lookarounds_included() -> None:
    rset = RegexSet([translate(p) for p in [r"boom", r"bo+m", r"cudaError(?!ECC)\w+", r"(?<!Local)Entry"]])
    assert rset.matching("boom cudaErrorECC LocalEntry") == [0, 1]
    assert rset.matching("cudaErrorX Entry") == [2, 3]
    assert RegexSet([]).matching("anything") == []


def test_what_hyperscan_cannot_compile_is_a_pattern_error() -> None:
    import hyperscan

    with pytest.raises(PatternError, match="Hyperscan cannot compile it"):
        compile_database([r"(?:a{1000}){1000}"], hyperscan.HS_FLAG_UTF8)


def test_a_cache_file_that_does_not_load_is_compiled_again(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import hyperscan

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    flags = hyperscan.HS_FLAG_UTF8 | hyperscan.HS_FLAG_MULTILINE
    assert cached_database(["Killed"], flags, compile_missing=False) is None
    cached_database(["Killed"], flags)
    [cached] = (tmp_path / "jobdoctor").iterdir()
    assert cached_database(["Killed"], flags, compile_missing=False) is not None, "loaded from the file"
    cached.write_bytes(b"not a database")
    assert cached_database(["Killed"], flags, compile_missing=False) is None
    assert cached_database(["Killed"], flags).ends(b"Killed") == {0: {6}}


def test_a_lookaround_is_compiled_once_per_machine(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Its parts are Hyperscan databases of their own, kept in the cache like a catalogue's,
    with the ids they report: a run that loads them matches as the one that compiled them."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    pattern = r"NCCL error: (?!remote process exited)"
    assert Regex(pattern).search("NCCL error: unhandled system error")
    written = sorted(f.name for f in (tmp_path / "jobdoctor").iterdir())
    assert len(written) == 2, written  # the part before the lookaround, and the body with what follows
    assert Regex(pattern).search("NCCL error: unhandled system error")
    assert not Regex(pattern).search("NCCL error: remote process exited or there was a network error")
    assert sorted(f.name for f in (tmp_path / "jobdoctor").iterdir()) == written


def test_an_unwritable_cache_is_only_a_miss(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import hyperscan

    (tmp_path / "file").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))  # a file where the folder would go
    database = matching.cached_database(["Killed"], hyperscan.HS_FLAG_UTF8)
    assert database.ends(b"Killed") == {0: {6}}


def test_the_cache_keeps_the_newest_databases_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import os

    import hyperscan

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = tmp_path / "jobdoctor"
    folder.mkdir()
    for n in range(matching.CACHED_DATABASES + 2):  # older catalogues' databases
        old = folder / f"hyperscan-{n:040d}.db"
        old.write_bytes(b"old")
        os.utime(old, (1_000_000 + n, 1_000_000 + n))
    matching.cached_database(["Killed"], hyperscan.HS_FLAG_UTF8)
    kept = sorted(f.name for f in folder.iterdir())
    assert len(kept) == matching.CACHED_DATABASES and f"hyperscan-{0:040d}.db" not in kept
    assert matching.cached_database(["Killed"], hyperscan.HS_FLAG_UTF8, compile_missing=False) is not None
