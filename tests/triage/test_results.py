"""The results file (agent/triage/results.py): records, torn tails, files triage did not write."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.errors import InputError
from agent.triage.report import Row
from agent.triage.results import MARKER, Record, ResultsFile, parse


def record(key: str, error: str = "boom") -> Record:
    return Record(
        key=key,
        row=Row(
            kind="Job",
            api_version="batch/v1",
            namespace="ns",
            name=key,
            trigger="failed",
            status="Failed",
            error=error,
            diagnosed=False,
        ),
    )


def line(key: str) -> bytes:
    return record(key).model_dump_json().encode() + b"\n"


def test_every_record_starts_with_the_marker() -> None:
    assert line("a").startswith(MARKER)


@pytest.mark.parametrize(
    "tail",
    [b"", b"{", MARKER[:10], MARKER, line("c")[:-1], line("c")[:40], b"\0" * 30],
    ids=["none", "one-byte", "in-the-marker", "the-marker", "all-but-newline", "mid-line", "nul-bytes"],
)
def test_a_torn_tail_is_not_a_record_and_is_cut(tail: bytes) -> None:
    data = line("a") + line("b") + tail
    done, complete = parse(data, "f")
    assert list(done) == ["a", "b"] and complete == len(line("a") + line("b"))


@pytest.mark.parametrize(
    "data",
    [b"hello", b"hello\n", line("a") + b'{"other": 1}\n', b'{"a": 1}', line("a") + b"garbage without newline"],
    ids=["text", "text-line", "other-json-line", "other-json-tail", "garbage-tail"],
)
def test_what_triage_did_not_write_is_refused(data: bytes) -> None:
    with pytest.raises(InputError, match="^f"):
        parse(data, "f")


def test_a_later_line_wins_and_blank_lines_are_skipped() -> None:
    done, _ = parse(line("a") + b"\n" + record("a", "second").model_dump_json().encode() + b"\n", "f")
    assert done["a"].row.error == "second"


def test_append_is_on_disk_when_it_returns_and_a_reopen_cuts_the_torn_tail(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    with ResultsFile.open(path) as results:
        results.append(record("a"))
        assert path.read_bytes() == line("a")
    path.write_bytes(path.read_bytes() + line("b")[:25])

    with ResultsFile.open(path) as results:
        assert list(results.done) == ["a"] and path.read_bytes() == line("a")
        results.append(record("c"))
    assert path.read_bytes() == line("a") + line("c")


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="a directory, not a file"):
        ResultsFile.open(tmp_path)


def test_a_second_writer_is_refused_until_the_first_closes(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    first = ResultsFile.open(path)
    with pytest.raises(InputError, match="another jobdoctor triage is writing it"):
        ResultsFile.open(path)
    first.close()
    ResultsFile.open(path).close()
