"""A user's pattern cannot hang jobdoctor (issue 12, point 5).

``(a+)+$`` against a 41-character line, or ``(.*a){25}`` against a line with 24 a's, keep
Python's re backtracking for minutes to forever. Signatures (``--rules``) and
``redact_patterns`` are matched by engines linear in the text, or refused with a one-line
reason (exit 3). Each command runs in a child process with a time limit far above what it
needs, so that a regression fails instead of hanging the suite.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

from tests.conftest import EXAMPLES, ROOT

EXAMPLE = EXAMPLES / "pytorchjob-gpu-oom-cascade"
TARGET = ["pytorchjob", "llama-ft", "-n", "team-nlp"]
HOSTILE = [r"(a+)+$", r"(.*a){25}"]
# What makes them backtrack: 40 a's and a character that fails the match; 24 a's spread out.
LINES = ["a" * 40 + "!", "a b " * 24 + "end"]
LIMIT = 120  # seconds; each run below takes about one


def jobdoctor(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    code = "import sys; from agent.cli.app import main; sys.argv[0] = 'jobdoctor'; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=LIMIT,
        env={"PATH": "/usr/bin:/bin", "HOME": str(home)},
    )


def snapshot_with_hostile_lines(tmp_path: Path) -> Path:
    snap = tmp_path / "snap"
    shutil.copytree(EXAMPLE, snap)
    log = snap / "logs" / "llama-ft-worker-2" / "pytorch.log"
    log.write_text(log.read_text() + "\n".join(LINES) + "\n")  # in the tail, which prompts quote
    return snap


def rules_file(tmp_path: Path, patterns: list[str]) -> Path:
    path = tmp_path / "rules.yaml"
    path.write_text(
        yaml.safe_dump(
            {
                "signatures": [
                    {"id": f"mine-{i}", "category": "application-error", "where": where, "pattern": p}
                    for i, p in enumerate(patterns)
                    for where in ("log",)
                ]
                + [
                    {"id": f"event-{i}", "category": "application-error", "where": "event", "pattern": p}
                    for i, p in enumerate(patterns)
                ]
            }
        )
    )
    return path


def test_catastrophic_signatures_are_matched_in_linear_time(tmp_path: Path) -> None:
    snap = snapshot_with_hostile_lines(tmp_path)
    rules = rules_file(tmp_path, HOSTILE)
    listed = jobdoctor("rules", "--rules", str(rules), home=tmp_path)
    assert listed.returncode == 0 and "mine-0" in listed.stdout, listed.stderr
    result = jobdoctor(
        "diagnose", *TARGET, "--snapshot", str(snap), "--rules", str(rules), "--no-llm", "-o", "json", home=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["category"] == "gpu-oom"


def test_a_pattern_no_linear_time_engine_can_take_is_refused_in_one_line(tmp_path: Path) -> None:
    rules = rules_file(tmp_path, [r"(\w+) \1 again"])
    for args in (
        ["rules", "--rules", str(rules)],
        ["diagnose", *TARGET, "--snapshot", str(EXAMPLE), "--rules", str(rules), "--no-llm"],
    ):
        result = jobdoctor(*args, home=tmp_path)
        assert result.returncode == 3, result.stderr
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
        assert "signature 'mine-0'" in result.stderr and "a backreference has no linear-time match" in result.stderr


def test_catastrophic_redact_patterns_are_matched_in_linear_time(tmp_path: Path) -> None:
    snap = snapshot_with_hostile_lines(tmp_path)
    config = tmp_path / "config.yaml"
    config.write_text(yaml.safe_dump({"redact_patterns": HOSTILE}))
    result = jobdoctor("prompt", *TARGET, "--snapshot", str(snap), "--config", str(config), home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "[REDACTED]" in result.stdout and LINES[1] in result.stdout, "(.*a){25} takes the 40 a's, not the 24"


def test_a_redact_pattern_no_linear_time_engine_can_take_is_refused_in_one_line(tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(yaml.safe_dump({"redact_patterns": [r"(?P<k>\w+)=(?P=k)"]}))
    result = jobdoctor("prompt", *TARGET, "--snapshot", str(EXAMPLE), "--config", str(config), home=tmp_path)
    assert result.returncode == 3, result.stderr
    assert result.stderr.count("\n") == 1
    assert "redact_patterns: '(?P<k>\\\\w+)=(?P=k)': a backreference has no linear-time match" in result.stderr
