"""`--language`, JOBDOCTOR_LANGUAGE, the config file and the locale choose the verdict's
language, in that order - for the rule engine's prose and labels, and for what a model is
asked to write in (the same resolved setting reaches both)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.cli.app import app
from tests.conftest import EXAMPLES

runner = CliRunner()
EXAMPLE = EXAMPLES / "pytorchjob-gpu-oom-cascade"
DIAGNOSE = ["diagnose", "pytorchjob/llama-ft", "--snapshot", str(EXAMPLE)]
CJK = re.compile(r"[\u4e00-\u9fff]")


def prose(stdout: str) -> dict[str, str]:
    """The four Aegis fields of the text format."""
    return dict(line.split(": ", 1) for line in stdout.splitlines()[:4])


def is_chinese(stdout: str) -> bool:
    fields = prose(stdout)
    return list(fields) == ["Healthy", "Error", "Analysis", "Solution"] and all(
        CJK.search(fields[k]) for k in ("Error", "Analysis", "Solution")
    )


def test_language_zh_prints_the_example_in_chinese() -> None:
    result = runner.invoke(app, [*DIAGNOSE, "--language", "zh"])
    assert result.exit_code == 0, result.output
    assert is_chinese(result.stdout), result.stdout
    assert "类别：gpu-oom   根因 Pod：llama-ft-worker-2/pytorch   引擎：rules" in result.stdout
    assert "torch.OutOfMemoryError: CUDA out of memory" in prose(result.stdout)["Error"]  # the quote as it is


@pytest.mark.parametrize(
    ("env", "flag", "chinese"),
    [
        ({"LANG": "zh_CN.UTF-8"}, None, True),
        ({"LC_ALL": "zh_CN.UTF-8"}, None, True),
        ({"LANG": "zh_CN.UTF-8", "JOBDOCTOR_LANGUAGE": "en"}, None, False),
        ({"LANG": "zh_CN.UTF-8"}, "en", False),
        ({"JOBDOCTOR_LANGUAGE": "zh-CN"}, None, True),
        ({"LANG": "en_US.UTF-8"}, None, False),
    ],
    ids=["lang", "lc-all", "env-over-locale", "flag-over-locale", "env", "english-locale"],
)
def test_the_language_comes_from_flag_env_config_or_locale(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], flag: str | None, chinese: bool
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    result = runner.invoke(app, [*DIAGNOSE, *(["--language", flag] if flag else [])])
    assert result.exit_code == 0, result.output
    assert is_chinese(result.stdout) is chinese
    assert ("Category: gpu-oom" in result.stdout) is not chinese


def test_the_config_file_sets_the_language_and_the_locale_does_not_override_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "config.yaml"
    config.write_text("language: zh\n")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert is_chinese(runner.invoke(app, [*DIAGNOSE, "--config", str(config)]).stdout)
    config.write_text("language: en\n")
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert not is_chinese(runner.invoke(app, [*DIAGNOSE, "--config", str(config)]).stdout)


def test_markdown_and_json_follow_the_language() -> None:
    markdown = runner.invoke(app, [*DIAGNOSE, "--language", "zh", "-o", "markdown"]).stdout
    assert markdown.startswith("### 异常：PyTorchJob team-nlp/llama-ft - `gpu-oom`\n\n**是否健康：** 否")
    assert "**原因分析：**" in markdown and "**解决方案：**" in markdown
    data = json.loads(runner.invoke(app, [*DIAGNOSE, "--language", "zh", "-o", "json"]).stdout)
    english = json.loads(runner.invoke(app, [*DIAGNOSE, "-o", "json"]).stdout)
    assert CJK.search(data["analysis"]) and not CJK.search(english["analysis"])
    same = ("healthy", "category", "culprit", "signature", "target", "status", "engine")
    assert {k: data[k] for k in same} == {k: english[k] for k in same}
    assert [(e["source"], e["pod"]) for e in data["evidence"]] == [(e["source"], e["pod"]) for e in english["evidence"]]


def test_the_model_is_asked_for_the_same_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a model review would be sent names the language the locale resolved to."""
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    result = runner.invoke(app, ["prompt", "pytorchjob/llama-ft", "--snapshot", str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    assert "Chinese (简体中文)" in result.stdout
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert "Chinese" not in runner.invoke(app, ["prompt", "pytorchjob/llama-ft", "--snapshot", str(EXAMPLE)]).stdout
