"""Cues: the words that point at a category when no signature names the cause."""

from __future__ import annotations

import pytest

from agent.engine.cues import cues, guess
from agent.engine.errorlines import ErrorReader
from agent.engine.signatures import builtin_catalogue
from agent.engine.taxonomy import is_category
from collectors.evidence import LogDigest, LogLine

CATALOGUE = builtin_catalogue()
# The pod the lines are from failed: every error line counts.
ERRORS = ErrorReader(CATALOGUE, failing=frozenset({"p"}))


def _digest(lines: list[str]) -> LogDigest:
    tail = [LogLine(line=i + 1, text=t) for i, t in enumerate(lines)]
    return LogDigest(pod="p", container="c", lines=len(tail), tail=tail)


def test_every_cue_names_a_category_of_the_taxonomy() -> None:
    assert cues() and all(is_category(c.category) for c in cues())


@pytest.mark.parametrize(
    ("line", "category"),
    [
        ("ERROR: the NCCL communicator of rank 3 went away", "nccl-error"),
        ("[ERROR] worker 2: upstream model endpoint gave Connection reset while streaming", "network-error"),
        ("E0101 12:00:00.000 1 main.go:88] failed to load plugin: version 3 required", "dependency-error"),
        # The most telling cue first: a line that names NCCL and a timeout is about NCCL.
        ("ERROR: NCCL connection timed out between ranks", "nccl-error"),
        ("ERROR: the run went away", None),
    ],
)
def test_the_last_error_line_s_words_point_at_a_category(line: str, category: str | None) -> None:
    found = guess([_digest(["starting", line])], ERRORS)
    assert (found.category if found else None) == category


def test_only_error_lines_no_signature_reads_are_read() -> None:
    """A line without an error word says nothing of a failure ("using 8 GPUs"); a line a cause
    or a symptom reads is theirs; the last error line with telling words decides."""
    assert guess([_digest(["INFO using 8 GPUs and NCCL 2.18", "ERROR: the run went away"])], ERRORS) is None
    assert guess([_digest(["RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB"])], ERRORS) is None
    found = guess(
        [_digest(["ERROR: could not resolve the tracking host", "ERROR: the NCCL communicator went away"])], ERRORS
    )
    assert found is not None and found.category == "nccl-error" and found.line.line == 2


def test_a_progress_line_is_no_error_line() -> None:
    """Megatron's step line counts NaN iterations ("number of nan iterations: 0"): a hint reads
    the word, but the line reports progress, not a NaN - the same rule a model's evidence follows."""
    step = (
        " iteration      100/  1000 | consumed samples: 800 | lm loss: 9.1E+00 | "
        "number of skipped iterations:   0 | number of nan iterations:   0 |"
    )
    assert guess([_digest(["ERROR: the run went away", step])], ERRORS) is None


def test_a_running_pod_s_error_lines_count_only_when_they_report_a_stall_or_timeout() -> None:
    """What a process still running printed is what it survived, unless it says it is stuck."""
    running = ErrorReader(CATALOGUE)
    assert guess([_digest(["ERROR: the NCCL communicator of rank 3 went away"])], running) is None
    assert guess([_digest(["ERROR: the NCCL communicator of rank 3 went away"])], ERRORS) is not None
