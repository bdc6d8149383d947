"""``jobdoctor bot`` and ``jobdoctor watch`` on the command line: bad input is one line and
exit 3; the other commands never load the bot's dependencies."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.bot.config import BotConfig
from agent.cli.app import app
from tests.conftest import EXAMPLES, ROOT
from tests.fakeapi.fixtures import FakeCluster

runner = CliRunner()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("slack: {signing_secret: x}\n", "bot config {path}: slack.signing_secret: Extra inputs are not permitted"),
        (
            "limits: {max_concurrent: 0}\n",
            "bot config {path}: limits.max_concurrent: Input should be greater than or equal to 1",
        ),
        ("watch: {sinks: [{type: pager, url_env: X}]}\n", "bot config {path}: watch.sinks.0: Input tag 'pager' found"),
        ("watch: {leader_election: {lease_seconds: 5, renew_seconds: 5}}\n", "lease_seconds > renew_seconds"),
        ("- a list\n", "bot config {path}: expected a mapping"),
        ("key: [unclosed\n", "bot config {path}: cannot be read as YAML"),
    ],
    ids=["unknown-key", "out-of-range", "unknown-sink", "lease-order", "not-a-mapping", "bad-yaml"],
)
def test_a_bad_config_is_one_line_and_exit_3(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bot.yaml"
    path.write_text(text)
    for command in ("bot", "watch"):
        result = runner.invoke(app, [command, "--config", str(path)])
        assert result.exit_code == 3, result.output
        [line] = result.stderr.strip().splitlines()
        assert message.format(path=path) in line


def test_a_missing_config_file_is_exit_3(tmp_path: Path) -> None:
    result = runner.invoke(app, ["bot", "--config", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 3 and "no such file" in result.stderr


def test_a_missing_secret_stops_the_bot_before_it_serves(tmp_path: Path, fake_api: FakeCluster) -> None:
    path = tmp_path / "bot.yaml"
    path.write_text(f"kubeconfig: {fake_api.kubeconfig}\nslack: {{}}\n")
    result = runner.invoke(app, ["bot", "--config", str(path)], env={"SLACK_SIGNING_SECRET": ""})
    assert result.exit_code == 3
    assert result.stderr.strip() == (
        "jobdoctor: slack.signing_secret_env: environment variable SLACK_SIGNING_SECRET is not set"
    )


def test_watch_needs_a_watch_section_and_a_sink(tmp_path: Path, fake_api: FakeCluster) -> None:
    path = tmp_path / "bot.yaml"
    path.write_text(f"kubeconfig: {fake_api.kubeconfig}\n")
    assert "no enabled watch section" in runner.invoke(app, ["watch", "--config", str(path)]).stderr
    path.write_text(f"kubeconfig: {fake_api.kubeconfig}\nwatch: {{}}\n")
    result = runner.invoke(app, ["watch", "--config", str(path)])
    assert result.exit_code == 3 and "watch.sinks: no sink to post to" in result.stderr


def test_the_deployed_config_is_valid() -> None:
    import yaml

    config = BotConfig.model_validate(yaml.safe_load((ROOT / "deploy" / "base" / "bot.yaml").read_text()))
    assert config.slack is not None and config.watch is not None and config.access


def test_diagnose_never_loads_the_bot_stack() -> None:
    example = EXAMPLES / "pytorchjob-gpu-oom-cascade"
    heavy = ("slack_sdk", "uvicorn", "prometheus_client", "starlette", "cryptography", "agent.bot")
    code = (
        "import sys; from typer.testing import CliRunner; from agent.cli.app import app; "
        f"r = CliRunner().invoke(app, ['diagnose', 'pytorchjob', 'llama-ft', '-n', 'team-nlp', '--snapshot', {str(example)!r}]); "
        "assert r.exit_code == 0, r.output; "
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {heavy!r} or m.startswith('agent.bot')))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout


def test_help_lists_bot_and_watch() -> None:
    result = runner.invoke(app, ["--help"])
    assert " bot " in result.output and " watch " in result.output


def test_the_bot_package_exports_what_it_lists() -> None:
    import agent.bot

    for name in agent.bot.__all__:
        assert getattr(agent.bot, name) is not None
    with pytest.raises(AttributeError):
        agent.bot.no_such_name  # noqa: B018
