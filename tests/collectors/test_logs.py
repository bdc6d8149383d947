"""The streaming log scan keeps its meaning however it is optimised.

``reference()`` is the scan written the obvious way: every line, cleaned and classified. The
real scan looks only at lines its literal passes find, plans those passes per log, and reads
in blocks; whatever it does, its digest must equal the reference's.
"""

from __future__ import annotations

import functools
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agent.engine.signatures import builtin_catalogue
from collectors import logs
from collectors.logs import CONTEXT_AFTER, CONTEXT_BEFORE, LineMatcher, LogPattern, ascii_copy, clean_line, scan_log, scoped

MATCHER = LineMatcher([
    LogPattern("oom", r"CUDA out of memory|torch\.OutOfMemoryError", weight=92),
    LogPattern("exception", r"(?:^|\]:?\s?)[A-Z]\w*Error(?::\s|$)", weight=20),
    LogPattern("killed", r"^Killed\s*$", weight=62),
    LogPattern("loss-nan", r"(?i)\bloss\b\s*[:=]?\s*nan\b", weight=78),
    LogPattern("warning", r"\b[A-Z]\w*Warning: ", noise=True),
])


def chunks(data: bytes, size: int) -> list[bytes]:
    return [data[i:i + size] for i in range(0, len(data), size)] or [b""]


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
    first = {m.signature: m.line for m in d.matches if m.line == min(x.line for x in d.matches if x.signature == m.signature)}
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


def test_search_finds_the_next_signal_match() -> None:
    text = "fine\nValueError: x\nfine"
    m = MATCHER.search(text, 0)
    assert m is not None and text[m.start():].startswith("ValueError")
    assert MATCHER.search(text, m.end()) is None


def test_an_empty_catalogue_matches_nothing() -> None:
    empty = LineMatcher([])
    assert empty.classify("CUDA out of memory") == []
    assert empty.search("CUDA out of memory", 0) is None


# -- the digest ---------------------------------------------------------------------------------


def test_digest_holds_first_and_last_matches_with_counts_windows_and_tail() -> None:
    lines = [f"step {i}" for i in range(100)]
    lines[10] = "ValueError: first"
    lines[60] = "ValueError: again"
    lines[80] = "torch.OutOfMemoryError: CUDA out of memory"
    d = scan_log([("\n".join(lines) + "\n").encode()], MATCHER, pod="p", container="c", year=2026)
    assert d.lines == 100 and d.bytes == len(("\n".join(lines) + "\n").encode())
    assert [(m.signature, m.line, m.count) for m in d.matches] == [
        ("exception", 11, 2), ("exception", 61, 2), ("oom", 81, 1)]
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


# -- the fast path agrees with the obvious one -----------------------------------------------------

FRAGMENTS = [
    "CUDA out of memory", "torch.OutOfMemoryError", "ValueError: ", "Killed", "loss: nan", "LOSS = NaN", "loss 0.5",
    "UserWarning: ", "[rank7]: ", "\r", " ", "x", "é", "\u2588", "\u017f", "\u0131", "\u0130", "K",
    "2026-05-01T10:00:00Z ", "Error", "cuda", "nan", "\t",
]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.sampled_from(FRAGMENTS), max_size=6).map("".join), max_size=40),
       st.integers(min_value=1, max_value=64))
def test_scan_agrees_with_the_reference_on_any_lines(lines: list[str], size: int) -> None:
    data = ("\n".join(lines)).encode()
    assert observed(data, MATCHER, size) == reference(data, MATCHER)


PLANNED = LineMatcher([
    *(LogPattern(p.id, p.regex, p.weight, p.noise) for p in (*MATCHER._signals, *MATCHER._noise_patterns)),
    LogPattern("killed-by", r"(?i)killed by signal", weight=60),
    LogPattern("kiss", r"(?i)\bkiss\b", weight=61),  # every literal folds to an exotic character
    LogPattern("cn-failed", r"训练失败", weight=50),
])
# Enough of a progress bar for the scan to plan its passes (PLAN_MIN_BYTES), in the ASCII copy
# of a non-ASCII block or, with an exotic character about, in the text itself.
BARS = " 56%|\u2588\u2588\u2588     | 1/500000 [78:51:58<38:12:24,  3.30it/s]\n" * 1200


@settings(max_examples=80, deadline=None)
@given(st.lists(st.lists(st.sampled_from([*FRAGMENTS, "lo\u017fs = NaN", "\u212aILLED BY SIGNAL", "\u212aI\u017fS", "训练失败"]),
                         max_size=6).map("".join), max_size=40),
       st.sampled_from(["", "\u212a", "\u0131", "é"]))
def test_planned_passes_agree_with_the_reference_on_any_lines(lines: list[str], extra: str) -> None:
    assert len(BARS) > logs.PLAN_MIN_BYTES
    data = (BARS + extra + "\n" + "".join(line + "\n" for line in lines)).encode()
    assert observed(data, PLANNED, 1 << 20) == reference(data, PLANNED)


def test_the_exotic_cases_are_every_non_ascii_letter_that_folds_to_ascii() -> None:
    # The ASCII copy of a block is searched case-insensitively only while no character in it
    # folds to an ASCII letter; a Python release that folds one more would slip past it.
    import sys

    from collectors.letters import EXOTIC_CASES, UNFOLDED

    everything = "".join(chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c < 0xE000)
    folding = {c for c in re.findall("(?i)[a-z]", everything) if not c.isascii()}
    assert folding == set("".join(EXOTIC_CASES.values()))
    for letter, exotic in EXOTIC_CASES.items():
        assert all(re.fullmatch(f"(?i){letter}", c) for c in exotic)
    # str.lower() leaves these alone, so a lowered copy cannot stand in for case folding.
    assert all(c.lower() == c for c in UNFOLDED)


def brute_force(matcher: LineMatcher, line: str) -> list[str]:
    """What ``classify`` must say: every pattern tried on the line, the heaviest kept."""
    if any(re.search(scoped(p.regex), line) for p in matcher._noise_patterns):
        return []
    hits = [p for p in matcher._signals if re.search(scoped(p.regex), line)]
    top = max((p.weight for p in hits), default=0)
    return [p.id for p in hits if p.weight == top]


DECISIVE = [
    "torch.OutOfMemoryError: CUDA out of memory.", "Segmentation fault (core dumped)", "No space left on device",
    "Watchdog caught collective operation timeout", "ModuleNotFoundError: No module named 'x'", "Killed",
    "Connection reset by peer", "NCCL WARN Cuda failure 'out of memory'", "bash: line 1: torchrun: command not found",
    "Permission denied", "Bus error", "step 812 loss = NaN", "FutureWarning: ", "训练失败", "段错误",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*DECISIVE, *FRAGMENTS, "\u212aILLED BY SIGNAL", "Bu\u017f error"]),
                max_size=5).map("".join))
def test_key_filtering_never_changes_what_a_line_means(line: str) -> None:
    # classify() tries only the patterns whose literal keys a line holds; on non-ASCII lines
    # it looks for the keys in an ASCII copy of the line.
    for matcher in (builtin_catalogue().line_matcher, PLANNED):
        assert matcher.classify(line) == brute_force(matcher, line)


@functools.cache
def ascii_safe_pieces() -> list[re.Pattern[str]]:
    """Every piece of the built-in catalogue that a scan may search in a block's ASCII copy."""
    from collectors.prefilter import alternatives

    pieces = set()
    # A boundary between characters the pattern does not name: "é:" has one, "?:" has not.
    extra = [r"Error.\b:", r"(?i)(?:is|[^,])\bnan"]
    for regex in [*(p.regex for p in builtin_catalogue().line_matcher._signals), *extra]:
        for alt in alternatives("", regex):
            pieces.update(alt.piece(o.start) for o in alt.options if alt.ascii_safe(o.start))
    return [re.compile(piece) for piece in sorted(pieces)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([*DECISIVE, "é", "\u00a0", "\u2588", "训练", "ü:", " ", "?", "loss\u00a0= nan",
                                 "Error:\u00a0", "\u00e9Error", "Error"]), max_size=6).map("".join))
def test_an_ascii_safe_piece_matches_the_ascii_copy_wherever_it_matches_the_text(text: str) -> None:
    # Prefix passes over a progress bar's block search its ASCII copy: several times faster,
    # and sound only for pieces that cannot tell a non-ASCII character from "?".
    copy = ascii_copy(text)
    for rx in ascii_safe_pieces():
        m = rx.search(text)
        while m is not None:
            assert rx.match(copy, m.start()), (rx.pattern, text)
            m = rx.search(text, m.start() + 1)


@pytest.fixture(scope="module")
def big_log() -> bytes:
    """A log big enough for planned passes, with every kind of line the catalogue knows."""
    rng = random.Random(6)
    samples = [
        "[rank{r}]: step {i} | loss {f:.4f} | lr 3.000e-04 | grad_norm 0.{i} | tokens/s 41072 | mem 67.1GB",
        "{{'loss': {f:.4f}, 'grad_norm': 0.9588, 'learning_rate': 3.0000e-04, 'epoch': 0.5826}}",
        "llama-worker-{r}:301:1412 [0] NCCL INFO NET/IB : GPU Direct RDMA Enabled for HCA 0 'mlx5_0'",
        " 56%|\u2588\u2588\u2588\u2588\u2588     | {i}/500000 [78:51:58<38:12:24,  3.30it/s]\r 56%| {i}/500000",
        "INFO:s3transfer.upload:part 3 of metrics-{i}.parquet: retrying after ReadTimeoutError (attempt 2 of 5)",
        "/usr/lib/python3.11/site-packages/torch/utils/checkpoint.py:1399: FutureWarning: deprecated",
    ]
    decisive = [line for case in ("torch.OutOfMemoryError: CUDA out of memory.", "Segmentation fault (core dumped)",
                                  "[rank3]:[E514 11:47:58.4 ProcessGroupNCCL.cpp:607] [Rank 3] Watchdog caught "
                                  "collective operation timeout", "OSError: [Errno 28] No space left on device",
                                  "step 812 loss = NaN", "2026-05-14T11:37:55Z Killed",
                                  "ModuleNotFoundError: No module named 'flash_attn'",
                                  "Connection reset by peer", "NCCL WARN Cuda failure 'out of memory'")
                for line in (case,)]
    out = []
    for i in range(40000):
        if i % 997 == 0:
            out.append(rng.choice(decisive))
        out.append(rng.choice(samples).format(r=rng.randrange(64), i=i, f=rng.random()))
    return ("\n".join(out) + "\n").encode()


@pytest.mark.parametrize("size", [1 << 20, 65537, 8191])
def test_planned_passes_find_what_the_reference_finds(big_log: bytes, size: int) -> None:
    matcher = builtin_catalogue().line_matcher
    assert observed(big_log, matcher, size) == reference(big_log, matcher)


def test_a_plan_is_made_for_big_blocks(big_log: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    planned: list[int] = []
    real = LineMatcher.passes

    def spy(self: LineMatcher, sample: str, *, fresh: bool = False) -> object:
        planned.append(len(sample))
        return real(self, sample, fresh=fresh)

    monkeypatch.setattr(LineMatcher, "passes", spy)
    scan_log([big_log], builtin_catalogue().line_matcher, pod="p", container="c", year=2026)
    assert planned and planned[0] <= logs.SAMPLE_CHARS


def test_the_logs_of_one_job_share_a_plan(big_log: bytes) -> None:
    """Planning costs a fraction of a second; the next log of the same job starts with the
    last plan (a scan asks for a fresh one only when the plan runs slow on its log)."""
    matcher = LineMatcher([LogPattern(s.id, s.pattern or "", s.specificity, s.kind == "noise")
                           for s in builtin_catalogue().signatures if s.where == "log"])
    first = scan_log([big_log], matcher, pod="a", container="c", year=2026)
    made = list(matcher._recent)
    second = scan_log([big_log], matcher, pod="b", container="c", year=2026)
    assert matcher._recent == made and len(made) == 1
    assert [m.signature for m in first.matches] == [m.signature for m in second.matches]


def test_memory_is_bounded_by_blocks_not_by_the_log() -> None:
    """A line longer than MAX_PENDING_BYTES is cut rather than held whole."""
    data = b"x" * (logs.MAX_PENDING_BYTES * 3) + b"\nKilled\n"
    d = scan_log(chunks(data, 1 << 16), MATCHER, pod="p", container="c", year=2026)
    assert d.lines >= 3 and [m.signature for m in d.matches] == ["killed"]


def test_colour_codes_do_not_hide_an_error() -> None:
    lines = ["\x1b[32mINFO\x1b[0m loading", "\x1b[1;31mERROR:\x1b[0m inference.py NOT FOUND",
             "\x1b[1;35mKeyError\x1b[0m: 'labels'"]
    digest = scan_log([("\n".join(lines) + "\n").encode()], builtin_catalogue().line_matcher, pod="p", container="c",
                      year=2026)
    found = {m.signature: m.text for m in digest.matches}
    assert found["script-not-found"] == "ERROR: inference.py NOT FOUND"
    assert "python-exception" in found and "\x1b" not in digest.tail[0].text


def test_a_long_line_is_kept_around_its_match() -> None:
    record = '{"level":"error","ts":"2026-01-01T00:00:00Z","msg":"' + "frame\\n" * 900 + 'KeyError: \'labels\'"}'
    digest = scan_log([(record + "\n").encode()], builtin_catalogue().line_matcher, pod="p", container="c", year=2026)
    kept = next(m.text for m in digest.matches if m.signature == "python-exception")
    assert "KeyError: 'labels'" in kept and kept.startswith('{"level":"error"') and len(kept) <= logs.MAX_LINE_CHARS
