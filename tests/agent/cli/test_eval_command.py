"""`jobdoctor eval`: the examples score out of the box; a bad expected.yaml names its field;
a miss says what came out and what was expected."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from agent.cli.app import app
from tests.conftest import EXAMPLES

runner = CliRunner()
EXAMPLE = EXAMPLES / "pytorchjob-gpu-oom-cascade"
GOOD = {
    "kind": "PyTorchJob",
    "name": "llama-ft",
    "namespace": "team-nlp",
    "healthy": False,
    "category": "gpu-oom",
    "culprit": "llama-ft-worker-2",
    "evidence": "CUDA out of memory",
}


def test_the_examples_are_cases_eval_scores() -> None:
    result = runner.invoke(app, ["eval", str(EXAMPLES)])
    assert result.exit_code == 0, result.output
    n = len(list(EXAMPLES.glob("*/objects.yaml")))
    assert result.stdout.splitlines()[-2:] == [
        f"cases {n}",
        f"category {n}/{n} (100.0%); healthy {n}/{n} (100.0%); culprit 10/10 (100.0%); evidence {n}/{n} (100.0%)",
    ]


def _case(tmp_path: Path, expected: dict[str, object] | str, *, nested: bool = True) -> Path:
    cases = tmp_path / "cases"
    folder = cases / "b"
    shutil.copytree(EXAMPLE, folder / "snapshot" if nested else folder)
    (folder / "expected.yaml").write_text(expected if isinstance(expected, str) else yaml.safe_dump(expected))
    return cases


@pytest.mark.parametrize("nested", [True, False], ids=["case/snapshot/", "snapshot beside expected.yaml"])
def test_both_layouts_are_cases(tmp_path: Path, nested: bool) -> None:
    result = runner.invoke(app, ["eval", str(_case(tmp_path, GOOD, nested=nested))])
    assert result.exit_code == 0 and "category 1/1 (100.0%)" in result.stdout


def test_a_miss_says_what_came_out_and_what_was_expected(tmp_path: Path) -> None:
    cases = _case(
        tmp_path, {**GOOD, "category": "disk-full", "healthy": True, "culprit": ["a", "b"], "evidence": "No space left"}
    )
    result = runner.invoke(app, ["eval", str(cases)])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        "MISS b: got gpu-oom, expected disk-full; healthy: got not healthy, expected healthy; "
        "culprit: got llama-ft-worker-2, expected a or b; evidence: 'No space left' is not in the verdict's error "
        "or evidence"
    )


def test_a_category_miss_reads_got_expected(tmp_path: Path) -> None:
    result = runner.invoke(app, ["eval", str(_case(tmp_path, {**GOOD, "category": "disk-full"}))])
    assert "MISS b: got gpu-oom, expected disk-full" in result.stdout


@pytest.mark.parametrize(
    ("expected", "message"),
    [
        ({k: v for k, v in GOOD.items() if k != "namespace"}, "missing field 'namespace'"),
        ({**GOOD, "categroy": "gpu-oom"}, "unknown field 'categroy'"),
        (
            {**GOOD, "category": "gpu-om"},
            "category: 'gpu-om' is not a category of the taxonomy - did you mean gpu-oom?",
        ),
        ({**GOOD, "category": "out-of-memory"}, "category: 'out-of-memory' is not a category of the taxonomy"),
        ({**GOOD, "healthy": "maybe"}, "healthy: Input should be a valid boolean"),
        ("kind: [PyTorchJob\n", "expected.yaml line 2: not valid YAML"),
        ("- just a list\n", "expected a mapping of fields"),
    ],
    ids=[
        "missing field",
        "unknown field",
        "category typo",
        "category not in taxonomy",
        "wrong type",
        "bad yaml",
        "not a mapping",
    ],
)
def test_a_bad_expected_yaml_names_the_field(tmp_path: Path, expected: dict[str, object] | str, message: str) -> None:
    result = runner.invoke(app, ["eval", str(_case(tmp_path, expected))])
    assert result.exit_code == 3 and result.stdout == ""
    assert result.stderr.startswith("jobdoctor: case b: expected.yaml") and message in result.stderr, result.stderr


def test_no_cases_is_bad_input(tmp_path: Path) -> None:
    result = runner.invoke(app, ["eval", str(tmp_path)])
    assert result.exit_code == 3 and "no cases under" in result.stderr
