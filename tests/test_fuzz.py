"""The hostile-input fuzz harness (tests/fuzz.py) in CI: a few hundred mutated snapshots of the
repo's cases through ``diagnose``, ``prompt`` and ``capture``. Every run ends in exit 0 or 3,
with no traceback, within the time limit and under the memory limit, and nothing outside the
snapshot shows. The long run is ``python -m tests.fuzz --mutants 5000`` (README, Development).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Enough for every kind of mutation to come up several times; about a minute on 2 cores.
MUTANTS = 300
# A run takes well under a second; a hang takes forever. Generous, for a loaded CI machine.
RUN_SECONDS = 20


def test_mutated_snapshots_end_in_a_verdict_or_bad_input() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tests.fuzz",
            "--mutants",
            str(MUTANTS),
            "--seed",
            "12",
            "--timeout",
            str(RUN_SECONDS),
            "--json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=MUTANTS * RUN_SECONDS,
    )
    summary = json.loads(result.stdout.splitlines()[-1])
    assert result.returncode == 0 and summary["problems"] == 0, result.stdout[-4000:]
    assert summary["mutants"] == MUTANTS and set(summary["exit_codes"]) <= {"0", "3"}
    # Both outcomes occur: the mutants break snapshots, and most breakage still gets a verdict.
    assert summary["exit_codes"].get("0", 0) > MUTANTS // 2 and summary["exit_codes"].get("3", 0) > 0
    assert summary["peak_rss_mb"] < 500 and summary["slowest_s"] < RUN_SECONDS
