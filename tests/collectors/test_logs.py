"""The streaming log scan keeps its meaning however it is optimised.

``reference()`` is the scan written the obvious way: every line, cleaned and classified. The
real scan reads in blocks and classifies only the lines Hyperscan finds in a big one;
whatever it does, its digest must equal the reference's. And ``classify`` means what
Python's ``re`` (with ``re.ASCII``) says a line means.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agent.engine.signatures import builtin_catalogue
from collectors import logs, matching
from collectors.logs import CONTEXT_AFTER, CONTEXT_BEFORE, LineMatcher, LogPattern, clean_line, scan_log

MATCHER = LineMatcher(
    [
        LogPattern("oom", r"CUDA out of memory|torch\.OutOfMemoryError", weight=92),
        LogPattern("exception", r"(?:^|\]:?\s?)[A-Z]\w*Error(?::\s|$)", weight=20),
        LogPattern("killed", r"^Killed\s*$", weight=62),
        LogPattern("loss-nan", r"(?i)\bloss\b\s*[:=]?\s*nan\b", weight=78),
        LogPattern("warning", r"\b[A-Z]\w*Warning: ", noise=True),
    ]
)


def chunks(data: bytes, size: int) -> list[bytes]:
    return [data[i : i + size] for i in range(0, len(data), size)] or [b""]


def reference(data: bytes, matcher: LineMatcher) -> dict[str, object]:
    """What a scan must find: first and last line of each signature, counts, line count."""
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    first: dict[str, int] = {}
    last: dict[str, int] = {}
    counts: dict[str, int] = {}
    for n, raw in enumerate(lines, start=1):
        for pid in matcher.classify(clean_line(raw.decode("utf-8", "replace"))[1]):
            counts[pid] = counts.get(pid, 0) + 1
            if pid in first:
                last[pid] = n
            else:
                first[pid] = n
    return {"lines": len(lines), "first": first, "last": last, "counts": counts}


def observed(data: bytes, matcher: LineMatcher, size: int) -> dict[str, object]:
    d = scan_log(chunks(data, size), matcher, pod="p", container="c", year=2026)
    first = {
        m.signature: m.line for m in d.matches if m.line == min(x.line for x in d.matches if x.signature == m.signature)
    }
    last = {m.signature: m.line for m in d.matches if m.line != first[m.signature]}
    counts = {m.signature: m.count for m in d.matches}
    return {"lines": d.lines, "first": first, "last": last, "counts": counts}


# -- classify --------------------------------------------------------------------------------


def test_noise_lines_match_nothing() -> None:
    assert MATCHER.classify("UserWarning: CUDA out of memory is only a warning here") == []
    assert MATCHER.classify("torch.OutOfMemoryError: CUDA out of memory") == ["oom"]


def test_a_line_returns_only_its_heaviest_ids() -> None:
    # Both the exception and the out-of-memory signatures match; the heavier one wins.
    assert MATCHER.classify("RuntimeError: CUDA out of memory. Tried to allocate") == ["oom"]
    assert MATCHER.classify("ValueError: bad shape") == ["exception"]
    tie = LineMatcher([LogPattern("a", "boom", 5), LogPattern("b", "bo+m", 5), LogPattern("c", "b", 1)])
    assert sorted(tie.classify("boom")) == ["a", "b"]


def test_case_insensitive_and_anchored_patterns() -> None:
    assert MATCHER.classify("step 10 LOSS = NaN") == ["loss-nan"]
    assert MATCHER.classify("Killed") == ["killed"]
    assert MATCHER.classify("not Killed") == []


def test_an_empty_catalogue_matches_nothing() -> None:
    empty = LineMatcher([])
    assert empty.classify("CUDA out of memory") == []
    with blockwise():
        digest = scan_log([b"CUDA out of memory\n" * 5000], empty, pod="p", container="c", year=2026)
    assert digest.matches == [] and digest.lines == 5000


# -- the digest ---------------------------------------------------------------------------------


def test_digest_holds_first_and_last_matches_with_counts_windows_and_tail() -> None:
    lines = [f"step {i}" for i in range(100)]
    lines[10] = "ValueError: first"
    lines[60] = "ValueError: again"
    lines[80] = "torch.OutOfMemoryError: CUDA out of memory"
    d = scan_log([("\n".join(lines) + "\n").encode()], MATCHER, pod="p", container="c", year=2026)
    assert d.lines == 100 and d.bytes == len(("\n".join(lines) + "\n").encode())
    assert [(m.signature, m.line, m.count) for m in d.matches] == [
        ("exception", 11, 2),
        ("exception", 61, 2),
        ("oom", 81, 1),
    ]
    # The strongest match's window comes first, with its context before and after.
    assert [ln.line for ln in d.windows[0]] == list(range(81 - CONTEXT_BEFORE, 81 + CONTEXT_AFTER + 1))
    assert d.tail[-1].text == "step 99" and len(d.tail) == 100


def test_timestamped_lines_are_classified_without_their_timestamp() -> None:
    data = b"2026-05-01T10:00:00.000000Z Killed\n2026-05-01T10:00:01Z KeyError: 'x'\n"
    d = scan_log([data], MATCHER, pod="p", container="c", year=2026)
    assert [m.signature for m in d.matches] == ["killed", "exception"]


def test_carriage_returns_keep_what_a_terminal_shows() -> None:
    d = scan_log([b"progress 10%\rprogress 20%\rKilled\n"], MATCHER, pod="p", container="c", year=2026)
    assert [m.signature for m in d.matches] == ["killed"]


def test_windows_do_not_depend_on_where_blocks_end() -> None:
    filler = [f"[rank3]: step {i} | loss 1.{i % 97:02d} | lr 3e-4 | tokens/s 41234" for i in range(30000)]
    filler[12345] = "[rank3]: torch.OutOfMemoryError: CUDA out of memory."
    data = ("\n".join(filler) + "\n").encode()
    whole = scan_log([data], MATCHER, pod="p", container="c", year=2026)
    split = scan_log(chunks(data, 4093), MATCHER, pod="p", container="c", year=2026)
    assert whole.windows == split.windows and whole.matches == split.matches
    assert len(whole.windows[0]) == CONTEXT_BEFORE + 1 + CONTEXT_AFTER


# -- the block scan agrees with the obvious one -----------------------------------------------------

FRAGMENTS = [
    "CUDA out of memory",
    "torch.OutOfMemoryError",
    "ValueError: ",
    "Killed",
    "loss: nan",
    "LOSS = NaN",
    "loss 0.5",
    "UserWarning: ",
    "[rank7]: ",
    "\r",
    " ",
    "x",
    "é",
    "\u2588",
    "\u017f",
    "\u0131",
    "\u0130",
    "K",
    "2026-05-01T10:00:00Z ",
    "Error",
    "cuda",
    "nan",
    "\t",
]


@contextlib.contextmanager
def blockwise() -> Iterator[None]:
    """Every block, however small, searched by Hyperscan: the path big logs take."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(logs, "SCAN_MIN_BYTES", 1)
        mp.setattr(logs, "COMPILE_AFTER_BYTES", 0)
        mp.setattr(logs, "BLOCK_BYTES", 64)  # chunks this big are searched where they lie
        yield


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(FRAGMENTS), max_size=6).map("".join), max_size=40),
    st.integers(min_value=1, max_value=64),
    st.booleans(),
)
def test_scan_agrees_with_the_reference_on_any_lines(lines: list[str], size: int, blocks: bool) -> None:
    data = ("\n".join(lines)).encode()
    with blockwise() if blocks else contextlib.nullcontext():
        assert observed(data, MATCHER, size) == reference(data, MATCHER)


WIDE = LineMatcher(
    [
        *(LogPattern(p.id, p.regex, p.weight, p.noise) for p in (*MATCHER._signals, *MATCHER._noise_patterns)),
        LogPattern("killed-by", r"(?i)killed by signal", weight=60),
        LogPattern("kiss", r"(?i)\bkiss\b", weight=61),  # every letter has a non-ASCII case in Unicode
        LogPattern("cn-failed", r"训练失败", weight=50),
        LogPattern("not-local", r"(?<!Local)EntryNotFound", weight=55),
        LogPattern("nccl-error", r"NCCL error: (?!remote process exited)|NCCL error in: (?!.*remote)", weight=56),
        LogPattern("any-dot", r"x.y", weight=57),
        LogPattern("dot-end", r"z.$", weight=58),
    ]
)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.lists(
            st.sampled_from(
                [
                    *FRAGMENTS,
                    "lo\u017fs = NaN",
                    "\u212aILLED BY SIGNAL",
                    "\u212aI\u017fS",
                    "训练失败",
                    "LocalEntryNotFound",
                    "EntryNotFound",
                    "NCCL error: ",
                    "NCCL error in: ",
                    "remote process exited",
                    "x",
                    "y",
                    "\xff",
                ]
            ),
            max_size=6,
        ).map("".join),
        max_size=40,
    ),
    st.integers(min_value=1, max_value=300),
)
def test_blocks_agree_with_the_reference_on_any_lines(lines: list[str], size: int) -> None:
    # "\xff" written as one byte: invalid UTF-8, which Hyperscan must never see (x\xffy is x.y).
    data = "\n".join(lines).encode("utf-8").replace("\xff".encode(), b"\xff")
    with blockwise():
        assert observed(data, WIDE, size) == reference(data, WIDE)


def test_invalid_utf8_hides_no_line_from_the_block_scan() -> None:
    # Hyperscan reads UTF-8 and matches no character at an invalid byte; the line as
    # classified holds U+FFFD there, which x.y matches.
    data = b"fine\n" * 100 + b"x\xffy\n" + b"\xc3\n" + "训练失败\n".encode()
    with blockwise():
        found = observed(data, WIDE, 1 << 20)
    assert found == reference(data, WIDE) and found["first"] == {"any-dot": 101, "cn-failed": 103}
    # The only invalid bytes: a character cut short at the end of the block's last line.
    data = b"fine\n" * 100 + b"z\xe2\x96\n"
    with blockwise():
        found = observed(data, WIDE, 1 << 20)
    assert found == reference(data, WIDE) and found["first"] == {"dot-end": 101}


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.binary(max_size=4),
            st.sampled_from(["é", "█", "训", "\U0001f600", "\ud7ff", "\ue000", "\U0010ffff"]).map(str.encode),
        ),
        max_size=8,
    ).map(b"".join)
)
def test_the_invalid_utf8_patterns_find_exactly_what_decoding_rejects(data: bytes) -> None:
    database = matching.compile_database(logs.INVALID_UTF8, 0)
    try:
        data.decode("utf-8")
        valid = True
    except UnicodeDecodeError:
        valid = False
    assert (not database.ends(data)) is valid


def brute_force(matcher: LineMatcher, line: str) -> list[str]:
    """What ``classify`` must say: every pattern tried on the line with Python's ``re`` and
    ``re.ASCII`` (what a pattern means, collectors/patterns.py), the heaviest kept."""
    if any(re.search(p.regex, line, re.ASCII) for p in matcher._noise_patterns):
        return []
    hits = [p for p in matcher._signals if re.search(p.regex, line, re.ASCII)]
    top = max((p.weight for p in hits), default=0)
    return [p.id for p in hits if p.weight == top]


DECISIVE = [
    "torch.OutOfMemoryError: CUDA out of memory.",
    "Segmentation fault (core dumped)",
    "No space left on device",
    "Watchdog caught collective operation timeout",
    "ModuleNotFoundError: No module named 'x'",
    "Killed",
    "Connection reset by peer",
    "NCCL WARN Cuda failure 'out of memory'",
    "bash: line 1: torchrun: command not found",
    "Permission denied",
    "Bus error",
    "step 812 loss = NaN",
    "FutureWarning: ",
    "训练失败",
    "段错误",
    # the catalogue's lookarounds, and what they must pass over
    "cudaErrorIllegalAddress",
    "cudaErrorECCUncorrectable",
    "cudaErrorMemoryAllocation",
    "cudaErrorE",
    "NCCL error in: x.cc:12, ",
    "remote process exited",
    "NCCL error: ",
    "LocalEntryNotFoundError",
    "EntryNotFoundError",
    "DistNetworkError: ",
    "Failed to recv",
    "timed out",
    "Fatal Python error: ",
    "Aborted",
]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([*DECISIVE, *FRAGMENTS, "\u212aILLED BY SIGNAL", "Bu\u017f error"]), max_size=5).map(
        "".join
    )
)
def test_a_line_means_what_python_re_says_it_means(line: str) -> None:
    for matcher in (builtin_catalogue().line_matcher, WIDE):
        assert matcher.classify(line) == brute_force(matcher, line)


@pytest.fixture(scope="module")
def big_log() -> bytes:
    """A log big enough for the database, with every kind of line the catalogue knows."""
    rng = random.Random(6)
    samples = [
        "[rank{r}]: step {i} | loss {f:.4f} | lr 3.000e-04 | grad_norm 0.{i} | tokens/s 41072 | mem 67.1GB",
        "{{'loss': {f:.4f}, 'grad_norm': 0.9588, 'learning_rate': 3.0000e-04, 'epoch': 0.5826}}",
        "llama-worker-{r}:301:1412 [0] NCCL INFO NET/IB : GPU Direct RDMA Enabled for HCA 0 'mlx5_0'",
        " 56%|\u2588\u2588\u2588\u2588\u2588     | {i}/500000 [78:51:58<38:12:24,  3.30it/s]\r 56%| {i}/500000",
        "INFO:s3transfer.upload:part 3 of metrics-{i}.parquet: retrying after ReadTimeoutError (attempt 2 of 5)",
        "/usr/lib/python3.11/site-packages/torch/utils/checkpoint.py:1399: FutureWarning: deprecated",
        "2026-05-14T11:37:{s:02d}.123456789Z [rank{r}]: step {i} | loss {f:.4f}",
    ]
    decisive = [
        "torch.OutOfMemoryError: CUDA out of memory.",
        "Segmentation fault (core dumped)",
        "[rank3]:[E514 11:47:58.4 ProcessGroupNCCL.cpp:607] [Rank 3] Watchdog caught collective operation timeout",
        "OSError: [Errno 28] No space left on device",
        "step 812 loss = NaN",
        "2026-05-14T11:37:55Z Killed",
        "progress 99%\rKilled",
        "ModuleNotFoundError: No module named 'flash_attn'",
        "Connection reset by peer",
        "NCCL WARN Cuda failure 'out of memory'",
        "cudaErrorLaunchFailure",
        "cudaErrorMemoryAllocation",
        "NCCL error in: x.cc:9, remote process exited",
        "huggingface_hub.utils.LocalEntryNotFoundError: x",
        "Fatal Python error: Aborted",
    ]
    out = []
    for i in range(40000):
        if i % 997 == 0:
            out.append(rng.choice(decisive))
        out.append(rng.choice(samples).format(r=rng.randrange(64), i=i, f=rng.random(), s=i % 60))
    return ("\n".join(out) + "\n").encode()


@pytest.mark.parametrize("size", [1 << 20, 65537, 8191])
def test_blocks_find_what_the_reference_finds(big_log: bytes, size: int) -> None:
    matcher = builtin_catalogue().line_matcher
    expected = reference(big_log, matcher)
    assert expected["counts"], "the log holds decisive lines"
    with blockwise():
        assert observed(big_log, matcher, size) == expected


def test_small_logs_never_wait_for_the_database(big_log: bytes) -> None:
    matcher = LineMatcher(list(MATCHER._patterns))
    scan_log([big_log[: logs.SCAN_MIN_BYTES - 1]], matcher, pod="p", container="c", year=2026)
    assert matcher._database is None


def test_the_database_is_compiled_once_a_big_log_pays_for_it_and_then_cached(
    big_log: bytes, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(logs, "COMPILE_AFTER_BYTES", len(big_log) * 3 // 2)
    compiled: list[int] = []
    real = matching.compile_database

    def spy(expressions: list[str], flags: int, ids: list[int] | None = None) -> matching.Database:
        compiled.append(len(expressions))
        return real(expressions, flags, ids)

    monkeypatch.setattr(matching, "compile_database", spy)
    first = LineMatcher(list(MATCHER._patterns))
    scan_log([big_log], first, pod="a", container="c", year=2026)
    assert first._database is None and not compiled, "one log's worth: classified line by line"
    scan_log([big_log, big_log], first, pod="b", container="c", year=2026)
    assert first._database is not None and compiled == [len(MATCHER._signals) + len(logs.INVALID_UTF8)]
    # The next run (a new matcher, the same patterns) loads it from the cache from the start.
    second = LineMatcher(list(MATCHER._patterns))
    digest = scan_log([big_log], second, pod="c", container="c", year=2026)
    assert second._database is not None and compiled == [len(MATCHER._signals) + len(logs.INVALID_UTF8)]
    assert observed(big_log, second, 1 << 20) == reference(big_log, second)
    assert digest.lines == big_log.count(b"\n")


def test_memory_is_bounded_by_blocks_not_by_the_log() -> None:
    """A line longer than MAX_PENDING_BYTES is cut rather than held whole."""
    data = b"x" * (logs.MAX_PENDING_BYTES * 3) + b"\nKilled\n"
    d = scan_log(chunks(data, 1 << 16), MATCHER, pod="p", container="c", year=2026)
    assert d.lines >= 3 and [m.signature for m in d.matches] == ["killed"]


def test_colour_codes_do_not_hide_an_error() -> None:
    lines = [
        "\x1b[32mINFO\x1b[0m loading",
        "\x1b[1;31mERROR:\x1b[0m inference.py NOT FOUND",
        "\x1b[1;35mKeyError\x1b[0m: 'labels'",
    ]
    digest = scan_log(
        [("\n".join(lines) + "\n").encode()], builtin_catalogue().line_matcher, pod="p", container="c", year=2026
    )
    found = {m.signature: m.text for m in digest.matches}
    assert found["script-not-found"] == "ERROR: inference.py NOT FOUND"
    assert "python-exception" in found and "\x1b" not in digest.tail[0].text


def test_a_long_line_is_kept_around_its_match() -> None:
    record = '{"level":"error","ts":"2026-01-01T00:00:00Z","msg":"' + "frame\\n" * 900 + "KeyError: 'labels'\"}"
    digest = scan_log([(record + "\n").encode()], builtin_catalogue().line_matcher, pod="p", container="c", year=2026)
    kept = next(m.text for m in digest.matches if m.signature == "python-exception")
    assert "KeyError: 'labels'" in kept and kept.startswith('{"level":"error"') and len(kept) <= logs.MAX_LINE_CHARS
