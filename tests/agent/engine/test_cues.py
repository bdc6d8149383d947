"""Cues: the words that point at a category when no signature names the cause."""

from __future__ import annotations

import pytest

from agent.engine.cues import cues, guess
from agent.engine.signatures import builtin_catalogue
from agent.engine.taxonomy import is_category
from collectors.evidence import LogDigest, LogLine

CATALOGUE = builtin_catalogue()


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
    found = guess([_digest(["starting", line])], CATALOGUE)
    assert (found.category if found else None) == category


def test_only_error_lines_no_signature_reads_are_read() -> None:
    """A line without an error word says nothing of a failure ("using 8 GPUs"); a line a cause
    or a symptom reads is theirs; the last error line with telling words decides."""
    assert guess([_digest(["INFO using 8 GPUs and NCCL 2.18", "ERROR: the run went away"])], CATALOGUE) is None
    assert guess([_digest(["RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB"])], CATALOGUE) is None
    found = guess(
        [_digest(["ERROR: could not resolve the tracking host", "ERROR: the NCCL communicator went away"])], CATALOGUE
    )
    assert found is not None and found.category == "nccl-error" and found.line.line == 2
