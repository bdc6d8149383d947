"""The CLI through typer's runner: exit codes, one-line errors, and what reaches stdout."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.cli.app import app
from agent.engine.verdict import Verdict
from tests.conftest import EXAMPLES

runner = CliRunner()
EXAMPLE = EXAMPLES / "pytorchjob-gpu-oom-cascade"
ARGS = ["diagnose", "pytorchjob", "llama-ft", "-n", "team-nlp", "--snapshot"]


def test_diagnose_example_prints_the_aegis_format() -> None:
    result = runner.invoke(app, [*ARGS, str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:4]] == ["Healthy", "Error", "Analysis", "Solution"]
    assert "Culprit: llama-ft-worker-2/pytorch" in result.stdout
    assert "\x1b[" not in result.stdout, "no colour when stdout is not a terminal"


def test_json_output_is_only_the_verdict_and_validates() -> None:
    result = runner.invoke(
        app, ["diagnose", "PyTorchJobs", "llama-ft", "-n", "team-nlp", "--snapshot", str(EXAMPLE), "-o", "json"]
    )
    assert result.exit_code == 0
    verdict = Verdict.model_validate_json(result.stdout)
    assert verdict.category == "gpu-oom"
    assert verdict.culprit is not None and (verdict.culprit.pod, verdict.culprit.container) == (
        "llama-ft-worker-2",
        "pytorch",
    )
    raw = json.loads(result.stdout)
    assert {
        "healthy",
        "category",
        "error",
        "analysis",
        "solution",
        "culprit",
        "evidence",
        "engine",
        "schema_version",
    } <= set(raw)
    assert all(set(e) == {"source", "pod", "container", "text"} for e in raw["evidence"])


def test_markdown_output() -> None:
    result = runner.invoke(app, [*ARGS, str(EXAMPLE), "-o", "markdown"])
    assert result.exit_code == 0
    assert result.stdout.startswith("### Failing: PyTorchJob team-nlp/llama-ft - `gpu-oom`")
    assert "**Culprit:** `llama-ft-worker-2`" in result.stdout


def test_namespace_is_found_in_the_snapshot_when_omitted() -> None:
    result = runner.invoke(app, ["diagnose", "pytorchjob", "llama-ft", "--snapshot", str(EXAMPLE), "-o", "json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["target"] == "PyTorchJob team-nlp/llama-ft"


def copy_example(tmp_path: Path) -> Path:
    dst = tmp_path / "snap"
    shutil.copytree(EXAMPLE, dst)
    return dst


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (
            ["diagnose", "pytorchjob", "llama-ft", "-n", "team-nlp", "--snapshot", "/nonexistent"],
            3,
            "no such directory",
        ),
        (["diagnose", "flinkjob", "x", "--snapshot", str(EXAMPLE)], 3, "unknown kind 'flinkjob'"),
        (
            ["diagnose", "pytorchjob", "llama", "-n", "team-nlp", "--snapshot", str(EXAMPLE)],
            3,
            "PyTorchJob team-nlp/llama not found; pytorchjobs in team-nlp: llama-ft",
        ),
        (
            ["diagnose", "job", "x", "-n", "team-nlp", "--snapshot", str(EXAMPLE)],
            3,
            "there are no jobs in namespace team-nlp",
        ),
        ([*ARGS, str(EXAMPLE), "--rules", "/nonexistent.yaml"], 3, "rules /nonexistent.yaml: cannot be read"),
        ([*ARGS, str(EXAMPLE), "--config", "/nonexistent.yaml"], 3, "no such file"),
        ([*ARGS, str(EXAMPLE), "-o", "xml"], 2, ""),
        (
            ["diagnose", "jaxjob", "x", "--snapshot", str(EXAMPLES / "jaxjob-xla-oom")],
            3,
            "JAXJob jax-research/x not found; jaxjobs in jax-research: palm-distill",
        ),
    ],
    ids=[
        "no snapshot",
        "unknown kind",
        "wrong name",
        "no such kind there",
        "missing rules",
        "missing config",
        "bad format",
        "wrong name, namespace from the snapshot",
    ],
)
def test_bad_input_is_one_line_and_an_exit_code(args: list[str], code: int, message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    if message:
        assert result.stderr.count("\n") == 1 and message in result.stderr
        assert result.stdout == ""


def test_malformed_snapshot_and_binary_log(tmp_path: Path) -> None:
    snap = copy_example(tmp_path)
    (snap / "logs" / "llama-ft-worker-2" / "pytorch.log").write_bytes(b"\x00\x01\x02 core dump")
    result = runner.invoke(app, [*ARGS, str(snap), "-o", "json"])
    # One unreadable log is a note: the diagnosis goes on with the rest.
    assert result.exit_code == 0 and "pytorch.log: binary data or UTF-16, not a UTF-8 text log" in result.stdout
    (snap / "objects.yaml").write_text("items:\n  - kind: Pod\n    metadata: {name: [\n")
    result = runner.invoke(app, [*ARGS, str(snap)])
    assert result.exit_code == 3 and "objects.yaml line" in result.stderr


def test_bad_rules_file_names_the_signature(tmp_path: Path) -> None:
    rules = tmp_path / "rules.yaml"
    rules.write_text("signatures:\n  - id: mine\n    category: not-a-category\n    where: log\n    pattern: x\n")
    result = runner.invoke(app, [*ARGS, str(EXAMPLE), "--rules", str(rules)])
    assert result.exit_code == 3
    assert "signature 'mine'" in result.stderr and "not in the taxonomy" in result.stderr


def test_user_rules_override_the_built_in_catalogue(tmp_path: Path) -> None:
    rules = tmp_path / "rules.yaml"
    rules.write_text(
        "signatures:\n"
        "  - id: cuda-oom\n    category: gpu-oom\n    where: log\n    pattern: 'CUDA out of memory'\n"
        "    specificity: 92\n    summary: ran out of GPU memory (team rule)\n    solution: Use the big-GPU queue.\n"
    )
    result = runner.invoke(app, [*ARGS, str(EXAMPLE), "--rules", str(rules), "-o", "json"])
    verdict = json.loads(result.stdout)
    assert verdict["solution"] == "Use the big-GPU queue." and verdict["category"] == "gpu-oom"


def test_rules_command_lists_the_catalogue() -> None:
    result = runner.invoke(app, ["rules", "--category", "gpu-oom"])
    assert result.exit_code == 0
    assert "cuda-oom" in result.stdout and "nccl" not in result.stdout


def test_eval_scores_cases_and_fails_on_a_miss(tmp_path: Path) -> None:
    case = tmp_path / "cases" / "oom"
    shutil.copytree(EXAMPLE, case / "snapshot")
    expected = {
        "kind": "PyTorchJob",
        "name": "llama-ft",
        "namespace": "team-nlp",
        "healthy": False,
        "category": "gpu-oom",
        "culprit": "llama-ft-worker-2",
        "evidence": "CUDA out of memory",
    }
    (case / "expected.yaml").write_text(json.dumps(expected))
    ok = runner.invoke(app, ["eval", str(tmp_path / "cases")])
    assert ok.exit_code == 0 and "category 1/1 (100.0%)" in ok.stdout
    (case / "expected.yaml").write_text(json.dumps({**expected, "culprit": "llama-ft-master-0"}))
    miss = runner.invoke(app, ["eval", str(tmp_path / "cases")])
    assert miss.exit_code == 1 and "MISS oom: culprit: got llama-ft-worker-2, expected llama-ft-master-0" in miss.stdout


def test_eval_prompt_recall_says_whether_the_evidence_line_reaches_the_prompt(tmp_path: Path) -> None:
    cases = tmp_path / "cases"
    shutil.copytree(EXAMPLE, cases / "oom")  # expected.yaml beside the snapshot's own files
    expected = cases / "oom" / "expected.yaml"
    found = runner.invoke(app, ["eval", str(cases), "--prompt-recall"])
    assert found.exit_code == 0 and found.stdout.strip() == "prompt recall 1/1 (100.0%)"
    expected.write_text(re.sub(r"(?m)^evidence:.*$", "evidence: a line no log holds", expected.read_text()))
    missing = runner.invoke(app, ["eval", str(cases), "--prompt-recall"])
    assert missing.exit_code == 1
    assert missing.stdout.splitlines() == ["NOT IN PROMPT oom: 'a line no log holds'", "prompt recall 0/1 (0.0%)"]
