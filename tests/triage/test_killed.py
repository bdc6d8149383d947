"""``--results FILE`` against SIGKILL: a triage process killed over and over at random points,
restarted each time with the same file, ends with every workload recorded exactly once and
none skipped; a torn last line is diagnosed again; a file triage did not write is refused."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from agent.triage.results import parse
from tests.conftest import CASES, EXAMPLES

BIN = Path(sys.executable).parent / "jobdoctor"
# Failed, pending, stalled and healthy cases of many kinds, each a snapshot of its own: every
# fourth case folder, and every example.
CASE_IDS = sorted(p.parent.name for p in CASES.glob("*/expected.yaml"))[::4]
# Enough kills to land before, between and during the writes of a run.
MIN_KILLS = 10
MIN_KILLS_MID_RUN = 5
MAX_RUNS = 80
RUN_DEADLINE = 300.0  # seconds for one run on a loaded machine


@pytest.fixture(scope="module")
def snapshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("snapshots")
    for folder in sorted(EXAMPLES.glob("*/objects.yaml")):
        shutil.copytree(folder.parent, root / folder.parent.name)
    for case in CASE_IDS:
        shutil.copytree(CASES / case / "snapshot", root / case)
    return root


def command(snapshots: Path, results: Path) -> list[str]:
    return [
        str(BIN),
        "triage",
        "--snapshots",
        str(snapshots),
        "--results",
        str(results),
        "-o",
        "json",
        "--concurrency",
        "2",
    ]


def complete(snapshots: Path, results: Path) -> dict[str, object]:
    run = subprocess.run(command(snapshots, results), capture_output=True, text=True, timeout=RUN_DEADLINE)
    assert run.returncode == 0, run.stderr
    report: dict[str, object] = json.loads(run.stdout)
    return report


def lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def keys(path: Path) -> list[str]:
    """Every record's key, in file order (a key twice would be a workload recorded twice)."""
    data = path.read_bytes()
    assert data.endswith(b"\n")
    return [json.loads(line)["key"] for line in data.splitlines()]


def rows(report: dict[str, object]) -> list[tuple[object, ...]]:
    return [
        (r["kind"], r["namespace"], r["name"], r["snapshot"], r["category"], r["culprit"], r["error"])  # type: ignore[index]
        for r in report["rows"]
    ]  # type: ignore[attr-defined]


def test_killed_at_random_points_every_workload_is_recorded_once(snapshots: Path, tmp_path: Path) -> None:
    first_line, reference = _reference(snapshots, tmp_path / "reference.jsonl", tmp_path)
    expected = keys(tmp_path / "reference.jsonl")
    total = len(expected)
    assert total >= 15 and len(set(expected)) == total

    results = tmp_path / "results.jsonl"
    rng = random.Random(17)
    kills = mid_run = runs = 0
    final: tuple[int, str, str] | None = None
    while final is None:
        runs += 1
        assert runs <= MAX_RUNS, f"{kills} kills in {runs - 1} runs"
        before = lines(results)
        kill = kills < MIN_KILLS or (before < total and rng.random() < 0.5)
        run = Run(snapshots, results, tmp_path)
        try:
            if kill and (before == total or rng.random() < 0.3):
                # Start-up, loading, listing: whenever before the first line is due.
                time.sleep(rng.uniform(0.0, 0.5 * first_line))
            elif kill:
                # A line or two in, give or take a few milliseconds: between and during writes.
                _wait_for_growth(results, before + rng.randint(1, 2), run.proc)
                time.sleep(rng.uniform(0.0, 0.005))
            if kill and run.proc.poll() is None:
                run.proc.kill()  # SIGKILL
                run.proc.wait(timeout=RUN_DEADLINE)
                kills += 1
                mid_run += before < lines(results) < total  # this run had recorded some, not all
                continue
            outcome = run.finish()  # a run that finished first: started again like the others
            assert outcome[0] == 0, outcome[2]
            if kills >= MIN_KILLS:
                final = outcome
        finally:
            run.stop()

    code, out, err = final
    assert code == 0, err
    assert kills >= MIN_KILLS and mid_run >= MIN_KILLS_MID_RUN, (kills, mid_run)
    recorded = keys(results)
    assert sorted(recorded) == sorted(expected)  # none skipped, none recorded twice
    done, _ = parse(results.read_bytes(), "results")
    reference_done, _ = parse((tmp_path / "reference.jsonl").read_bytes(), "reference")
    for key, record in done.items():
        assert record.row.model_dump(exclude={"age_seconds"}) == reference_done[key].row.model_dump(
            exclude={"age_seconds"}
        )
    assert rows(json.loads(out)) == rows(reference)
    print(
        f"{runs} runs, {kills} SIGKILLs ({mid_run} after some lines of the run, {kills - mid_run} before any), "
        f"{total} workloads"
    )


class Run:
    """A triage process whose output goes to files: a pipe nobody reads would stall it."""

    def __init__(self, snapshots: Path, results: Path, folder: Path) -> None:
        self._out, self._err = folder / "stdout", folder / "stderr"
        with self._out.open("wb") as out, self._err.open("wb") as err:
            self.proc = subprocess.Popen(command(snapshots, results), stdout=out, stderr=err)

    def finish(self) -> tuple[int, str, str]:
        code = self.proc.wait(timeout=RUN_DEADLINE)
        return code, self._out.read_text(), self._err.read_text()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def _reference(snapshots: Path, results: Path, folder: Path) -> tuple[float, dict[str, object]]:
    """A run left alone: the seconds it took to write its first line, and its report."""
    started = time.monotonic()
    run = Run(snapshots, results, folder)
    try:
        _wait_for_growth(results, 1, run.proc)
        first_line = time.monotonic() - started
        code, out, err = run.finish()
    finally:
        run.stop()
    assert code == 0, err
    report: dict[str, object] = json.loads(out)
    return first_line, report


def _wait_for_growth(results: Path, wanted: int, proc: subprocess.Popen[bytes]) -> None:
    """Until the file has ``wanted`` lines, or the process ended."""
    deadline = time.monotonic() + RUN_DEADLINE
    while lines(results) < wanted and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)


def _torn(results: Path, cut: int) -> bytes:
    """Cuts the file's last line after ``cut`` bytes of it; returns the line."""
    data = results.read_bytes()
    start = data.rstrip(b"\n").rfind(b"\n") + 1
    line = data[start:]
    results.write_bytes(data[:start] + line[: cut if cut >= 0 else len(line) + cut])
    return line


@pytest.mark.parametrize("cut", [1, 20, -1], ids=["one-byte", "mid-line", "all-but-the-newline"])
def test_a_torn_last_line_is_diagnosed_again(snapshots: Path, tmp_path: Path, cut: int) -> None:
    results = tmp_path / "results.jsonl"
    complete(snapshots, results)
    recorded = keys(results)
    last = _torn(results, cut)
    torn_key = json.loads(last)["key"]

    report = complete(snapshots, results)

    assert sorted(keys(results)) == sorted(recorded)
    assert keys(results)[-1] == torn_key  # diagnosed again, after the lines that were whole
    diagnosed_now = [r for r in report["rows"] if not r["resumed"]]  # type: ignore[attr-defined]
    assert len(diagnosed_now) <= 1  # the torn one (if it is a row at all), nothing else
    assert results.read_bytes().endswith(b"\n")


@pytest.mark.parametrize(
    "content", [b"my notes\n", b'{"a": 1}\n', b"not a result, no newline"], ids=["text", "other-json", "no-newline"]
)
def test_a_file_triage_did_not_write_is_refused_and_left_alone(snapshots: Path, tmp_path: Path, content: bytes) -> None:
    results = tmp_path / "notes.txt"
    results.write_bytes(content)

    run = subprocess.run(command(snapshots, results), capture_output=True, text=True, timeout=RUN_DEADLINE)

    assert run.returncode == 3 and run.stdout == ""
    assert run.stderr.startswith(f"jobdoctor: results file {results}") and "not a jobdoctor triage result" in run.stderr
    assert len(run.stderr.splitlines()) == 1
    assert results.read_bytes() == content


def test_a_results_file_in_use_is_refused(snapshots: Path, tmp_path: Path) -> None:
    import fcntl

    results = tmp_path / "results.jsonl"
    with results.open("ab") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        run = subprocess.run(command(snapshots, results), capture_output=True, text=True, timeout=RUN_DEADLINE)
    assert run.returncode == 3 and "another jobdoctor triage is writing it" in run.stderr
    assert results.read_bytes() == b""
