"""The CLI through typer's runner: exit codes and what reaches stdout."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from agent.cli import app
from tests.conftest import EXAMPLES

runner = CliRunner()
EXAMPLE = EXAMPLES / "pytorchjob-gpu-oom-cascade"


def test_diagnose_example_prints_the_aegis_format() -> None:
    result = runner.invoke(app, ["diagnose", "pytorchjob", "llama-ft", "-n", "team-nlp", "--snapshot", str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:4]] == ["Healthy", "Error", "Analysis", "Solution"]
    assert "Culprit: llama-ft-worker-2/pytorch" in result.stdout


def test_json_output_is_only_the_verdict() -> None:
    result = runner.invoke(app, ["diagnose", "PyTorchJobs", "llama-ft", "-n", "team-nlp", "--snapshot", str(EXAMPLE), "-o", "json"])
    assert result.exit_code == 0
    verdict = json.loads(result.stdout)
    assert verdict["category"] == "gpu-oom"
    assert verdict["culprit"] == {"pod": "llama-ft-worker-2", "container": "pytorch"}
