"""``jobdoctor operator``: bad input is one line and exit 3, before anything runs."""

from __future__ import annotations

from pathlib import Path

import yaml
from typer.testing import CliRunner

from agent.bot.config import BotConfig
from agent.cli.app import app


def test_a_config_without_an_operator_section_is_bad_input(tmp_path: Path) -> None:
    config = tmp_path / "bot.yaml"
    config.write_text(yaml.safe_dump({"watch": {"sinks": []}}))
    result = CliRunner().invoke(app, ["operator", "--config", str(config)])
    assert result.exit_code == 3
    assert result.stderr.strip().splitlines() == [f"jobdoctor: bot config {config}: no enabled operator section"]


def test_a_typo_in_the_operator_section_names_the_field(tmp_path: Path) -> None:
    config = tmp_path / "bot.yaml"
    config.write_text(yaml.safe_dump({"operator": {"namespace": ["a"]}}))
    result = CliRunner().invoke(app, ["operator", "--config", str(config)])
    assert result.exit_code == 3 and "operator.namespace: Extra inputs are not permitted" in result.stderr


def test_the_shipped_bot_config_enables_the_operator_with_its_own_lease() -> None:
    config = BotConfig.model_validate(yaml.safe_load((Path(__file__).parents[2] / "deploy/base/bot.yaml").read_text()))
    assert config.operator is not None and config.operator.enabled
    assert config.operator.leader_election.lease_name == "jobdoctor-operator"
    assert config.watch is not None and config.watch.leader_election.lease_name == "jobdoctor-watcher"
