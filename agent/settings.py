"""Every knob in one model, built once in the shell and passed down.

Precedence, highest first: command-line flags, environment (``JOBDOCTOR_<FIELD>``, plus
the OpenAI SDK's own ``OPENAI_BASE_URL``), the config file (``~/.config/jobdoctor/config.yaml``
or ``--config``), then the defaults below. ``language`` has one more source between the
config file and its default: the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), so a shell in
``zh_CN.UTF-8`` gets Chinese verdicts - from the rules and from a model review alike.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agent.engine.findings import StallPolicy
from agent.errors import ConfigError, validation_problem
from agent.i18n import Translator, locale_language, translator
from collectors.collecting import Budget
from collectors.files import Refused, read_user_yaml

DEFAULT_CONFIG = Path("~/.config/jobdoctor/config.yaml")
ENV_PREFIX = "JOBDOCTOR_"
# Environment variables other tools define that mean the same as one of our fields.
ENV_ALIASES = {"base_url": ("OPENAI_BASE_URL",)}


class Settings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # What evidence is read. Kept small enough for a laptop on a 1,000-rank job.
    max_logs: int = Field(8, ge=1, le=256, description="containers whose logs are read")
    log_tail_lines: int = Field(5000, ge=10, description="last lines read of each log")
    log_limit_bytes: int = Field(8 << 20, ge=4096, description="bytes read of each log, at most")
    log_info_chars: int = Field(16000, ge=1000, description="size of the LogInfo template field")
    fetch_concurrency: int = Field(4, ge=1, le=32, description="logs read at once from a cluster")
    cluster_timeout: float = Field(20, gt=0, description="seconds to wait for one answer from the API server")
    # When silence means a stall.
    stall_min_silence_minutes: float = Field(45, gt=0)
    stall_cadence_factor: float = Field(20, gt=0)
    # Extra signature catalogues, applied in order.
    rules: list[str] = []
    # The model (all optional: without one, the rules decide alone).
    model: str | None = Field(None, description="model name; none configured means rules only")
    base_url: str | None = Field(None, description="OpenAI-compatible endpoint")
    api_key_env: str = Field("OPENAI_API_KEY", description="environment variable holding the API key")
    timeout: float = Field(60, gt=0, description="seconds for the whole model consultation")
    # None: one request may use all of ``timeout``. A CPU server takes minutes over a prompt,
    # and cutting a request short only makes it compute the same answer again.
    request_timeout: float | None = Field(None, gt=0, description="seconds for one model request, at most")
    # None: sized to the answer schema (agent/review/answer.py, answer_tokens). Without a bound a
    # small model held to the schema can loop on its evidence list until its context is full.
    max_answer_tokens: int | None = Field(None, ge=64, description="max_tokens of one answer")
    max_retries: int = Field(2, ge=0, le=10)
    language: str = Field(
        "en",
        description="language of the prose in verdicts: en, zh (zh-CN), ... "
        "(default: the locale's); category ids stay as they are",
    )
    max_prompt_tokens: int = Field(6000, ge=500)
    prompt_file: str | None = Field(None, description="prompt template file; wins over every other template")
    prompt_configmap: str | None = Field(None, description="NAMESPACE/NAME of a ConfigMap holding templates")
    prompts: dict[str, str] = Field({}, description="template files by kind (or default), below a ConfigMap's")
    redact_patterns: list[str] = Field([], description="extra regular expressions whose matches are redacted")
    mask_names: bool = Field(False, description="replace namespace, pod and node names before sending")
    cache: bool = True
    cache_dir: str = "~/.cache/jobdoctor"

    def budget(self) -> Budget:
        return Budget(
            max_logs=self.max_logs,
            tail_lines=self.log_tail_lines,
            limit_bytes=self.log_limit_bytes,
            log_info_chars=self.log_info_chars,
            concurrency=self.fetch_concurrency,
        )

    def translator(self) -> Translator:
        """The rule engine's and the renderers' words in ``language`` (English when there is
        no catalogue for it; a model review still writes in it)."""
        return translator(self.language)

    def stall_policy(self) -> StallPolicy:
        return StallPolicy(
            min_silence=timedelta(minutes=self.stall_min_silence_minutes), cadence_factor=self.stall_cadence_factor
        )


def load_settings(
    flags: Mapping[str, Any] | None = None,
    *,
    config: str | os.PathLike[str] | None = None,
    environ: Mapping[str, str] | None = None,
) -> Settings:
    """Settings from flags (None means not given), environment, config file and defaults."""
    environ = os.environ if environ is None else environ
    merged: dict[str, Any] = {}
    merged.update(_from_file(config, explicit=config is not None))
    merged.update(_from_env(environ))
    merged.update({k: v for k, v in (flags or {}).items() if v is not None})
    if not merged.get("language"):
        spoken = locale_language(environ)
        if spoken is not None:
            merged["language"] = spoken
    try:
        return Settings.model_validate(merged)
    except ValidationError as exc:
        raise ConfigError(f"setting {validation_problem(exc)}") from exc


def _from_file(path: str | os.PathLike[str] | None, *, explicit: bool) -> dict[str, Any]:
    p = Path(path if path is not None else DEFAULT_CONFIG).expanduser()
    if not explicit and not (p.exists() or p.is_symlink()):
        return {}
    try:
        data = read_user_yaml(p)
    except Refused as exc:
        raise ConfigError(f"config {p}: {exc}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"config {p}: expected a mapping of settings")
    unknown = sorted(str(k) for k in set(data) - set(Settings.model_fields))
    if unknown:
        raise ConfigError(f"config {p}: unknown setting {unknown[0]!r}")
    return dict(data)


def _from_env(environ: Mapping[str, str]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name, field in Settings.model_fields.items():
        for var in (*ENV_ALIASES.get(name, ()), ENV_PREFIX + name.upper()):
            value = environ.get(var)
            if value is None or value == "":
                continue
            if field.annotation in (list[str],):
                found[name] = [v for v in value.split(",") if v]
            else:
                found[name] = value
    return found
