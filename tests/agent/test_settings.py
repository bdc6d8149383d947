"""Settings precedence: flags > environment > config file > defaults."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.errors import ConfigError
from agent.settings import Settings, load_settings


def test_precedence(tmp_path: Path) -> None:
    config = tmp_path / "c.yaml"
    config.write_text("max_logs: 3\nmodel: from-file\nlanguage: zh\n")
    env = {"JOBDOCTOR_MODEL": "from-env", "OPENAI_BASE_URL": "http://llm.local/v1", "JOBDOCTOR_RULES": "a.yaml,b.yaml"}
    s = load_settings({"model": "from-flag", "max_logs": None}, config=config, environ=env)
    assert (s.model, s.max_logs, s.language, s.base_url) == ("from-flag", 3, "zh", "http://llm.local/v1")
    assert s.rules == ["a.yaml", "b.yaml"]
    assert load_settings({}, config=config, environ=env).model == "from-env"


def test_defaults_without_any_file(tmp_path: Path) -> None:
    assert load_settings({}, environ={}) == Settings()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("max_logs: 3\nmaxlogs: 4\n", "unknown setting 'maxlogs'"),
        ("- a\n", "expected a mapping"),
        ("max_logs: many\n", "setting max_logs"),
        ("a: [\n", "cannot be read as YAML"),
    ],
)
def test_bad_config_files(tmp_path: Path, text: str, message: str) -> None:
    config = tmp_path / "c.yaml"
    config.write_text(text)
    with pytest.raises(ConfigError, match=message):
        load_settings({}, config=config, environ={})


def test_bad_environment_value_is_named() -> None:
    with pytest.raises(ConfigError, match="setting max_logs"):
        load_settings({}, environ={"JOBDOCTOR_MAX_LOGS": "lots"})


# -- language: flag > JOBDOCTOR_LANGUAGE > config file > locale > en -----------------------


@pytest.mark.parametrize(
    ("flag", "env", "config", "expected"),
    [
        ("ja", {"JOBDOCTOR_LANGUAGE": "fr", "LANG": "zh_CN.UTF-8"}, "de", "ja"),
        (None, {"JOBDOCTOR_LANGUAGE": "fr", "LANG": "zh_CN.UTF-8"}, "de", "fr"),
        (None, {"LANG": "zh_CN.UTF-8"}, "de", "de"),
        (None, {"LANG": "zh_CN.UTF-8"}, None, "zh"),
        (None, {"LC_ALL": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, None, "zh"),
        (None, {"JOBDOCTOR_LANGUAGE": "", "LANG": "zh_CN.UTF-8"}, None, "zh"),
        (None, {"LANG": "C.UTF-8"}, None, "en"),
        (None, {}, None, "en"),
    ],
    ids=["flag", "env", "config", "locale", "lc-all", "empty-env", "c-locale", "default"],
)
def test_language_precedence(
    tmp_path: Path, flag: str | None, env: dict[str, str], config: str | None, expected: str
) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(f"language: {config}\n" if config else "")
    assert load_settings({"language": flag}, config=path, environ=env).language == expected


def test_the_resolved_language_gives_the_translator() -> None:
    settings = load_settings({}, environ={"LANG": "zh_CN.UTF-8"})
    assert settings.language == "zh"
    assert settings.translator().gettext("Evidence") == "证据"
    assert Settings().translator().gettext("Evidence") == "Evidence"
