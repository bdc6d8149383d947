"""`jobdoctor rules`: a table with a header and the patterns, JSON, and errors for a category
or a disabled id that does not exist."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from agent.cli.app import app
from agent.engine.signatures import builtin_catalogue
from tests.conftest import EXAMPLES

runner = CliRunner()


def test_the_table_has_a_header_and_the_pattern() -> None:
    result = runner.invoke(app, ["rules"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["ID", "KIND", "WHERE", "SPEC", "CATEGORY", "MATCHES"]
    assert len(lines) == 1 + len(builtin_catalogue().signatures)
    oom = next(line for line in lines if line.startswith("cuda-oom "))
    assert builtin_catalogue().by_id["cuda-oom"].pattern in oom
    start = lines[0].index("MATCHES")
    assert all(len(line) <= start or line[start - 1] == " " for line in lines[1:]), "columns line up"


def test_category_filter() -> None:
    result = runner.invoke(app, ["rules", "--category", "gpu-oom"])
    ids = [line.split()[0] for line in result.stdout.splitlines()[1:]]
    assert "cuda-oom" in ids
    assert all(builtin_catalogue().by_id[i].category == "gpu-oom" for i in ids)


def test_json_is_the_signatures() -> None:
    result = runner.invoke(app, ["rules", "-o", "json", "--category", "disk-full"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data and all(s["category"] == "disk-full" for s in data)
    assert {"id", "category", "where"} <= set(data[0])


def test_an_unknown_category_is_a_usage_error() -> None:
    result = runner.invoke(app, ["rules", "--category", "gpu-om"])
    assert result.exit_code == 2 and result.stdout == ""
    assert "not a category; did you mean gpu-oom?" in result.stderr


def test_disabling_an_id_that_does_not_exist_is_an_error(tmp_path: Path) -> None:
    rules = tmp_path / "mine.yaml"
    rules.write_text("disable: [python-exceptoin]\n")
    result = runner.invoke(app, ["rules", "--rules", str(rules)])
    assert result.exit_code == 3 and result.stdout == ""
    assert result.stderr == (
        f"jobdoctor: rules {rules}: disable: no signature has the id 'python-exceptoin'; "
        "did you mean 'python-exception'?\n"
    )
    rules.write_text(
        "signatures:\n  - {id: mine, category: disk-full, where: log, pattern: quota}\ndisable: [mine, cuda-oom]\n"
    )
    ok = runner.invoke(app, ["rules", "--rules", str(rules)])
    assert ok.exit_code == 0 and "cuda-oom " not in ok.stdout and "\nmine " not in ok.stdout
    diagnosed = runner.invoke(
        app,
        [
            "diagnose",
            "pytorchjob/llama-ft",
            "--snapshot",
            str(EXAMPLES / "pytorchjob-gpu-oom-cascade"),
            "--rules",
            str(tmp_path / "mine.yaml"),
        ],
    )
    assert diagnosed.exit_code == 0
    rules.write_text("disable: [zzz-nothing-like-it]\n")
    far = runner.invoke(app, ["rules", "--rules", str(rules)])
    assert far.exit_code == 3 and "`jobdoctor rules` lists the ids" in far.stderr


def test_a_pattern_with_a_control_character_keeps_to_one_row(tmp_path: Path) -> None:
    # In a double-quoted YAML string "\n" is a real newline; the row shows its escape.
    rules = tmp_path / "mine.yaml"
    rules.write_text(
        'signatures:\n  - {id: mine, category: disk-full, where: log, pattern: "quota [^\\n]+ exceeded"}\n'
    )
    result = runner.invoke(app, ["rules", "--rules", str(rules)])
    assert result.exit_code == 0
    assert [line for line in result.stdout.splitlines() if line.startswith("mine ")][0].endswith(
        "quota [^\\n]+ exceeded"
    )
    assert len(result.stdout.splitlines()) == 2 + len(builtin_catalogue().signatures)
