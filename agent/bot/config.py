"""The bot's configuration file (``jobdoctor bot --config FILE``), validated whole at start-up.

Secrets are never in the file: it names the environment variables that hold them
(``signing_secret_env: SLACK_SIGNING_SECRET``), which a Deployment fills from a Secret.
``load_bot_config`` reads the file and those variables, and raises ``ConfigError`` (exit 3)
with one line naming the field, so a typo or a missing secret stops the bot before it
serves anything.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from agent.errors import ConfigError, validation_problem
from collectors.files import Refused, read_user_yaml


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SlackConfig(_Strict):
    signing_secret_env: str = "SLACK_SIGNING_SECRET"
    bot_token_env: str = Field("SLACK_BOT_TOKEN", description="xoxb- token: replies in threads to app mentions")
    app_token_env: str = Field("SLACK_APP_TOKEN", description="xapp- token, for Socket Mode only")
    socket_mode: bool = Field(False, description="connect out to Slack instead of receiving HTTP (no ingress needed)")
    api_url: str = "https://slack.com/api/"
    # Verdicts are only ever posted back to Slack: a response_url elsewhere is refused even
    # when the request is signed, so a leaked signing secret cannot turn the bot into a
    # request forwarder.
    response_url_prefixes: list[str] = ["https://hooks.slack.com/"]


class LarkConfig(_Strict):
    verification_token_env: str = "LARK_VERIFICATION_TOKEN"
    encrypt_key_env: str | None = Field("LARK_ENCRYPT_KEY", description="set: bodies are encrypted and signed")
    app_id_env: str = "LARK_APP_ID"
    app_secret_env: str = "LARK_APP_SECRET"
    api_url: str = Field("https://open.feishu.cn", description="https://open.larksuite.com for Lark")


class GenericConfig(_Strict):
    hmac_secret_env: str | None = "JOBDOCTOR_WEBHOOK_SECRET"
    bearer_token_env: str | None = None
    callback_url_prefixes: list[str] = Field([], description="where verdicts may be posted back; none: answer inline")


class AccessRule(_Strict):
    """Who may diagnose what: a request passes when one rule names its channel (or ``*``),
    its user when the rule lists users, and the namespace (shell-style patterns)."""

    channels: list[str] = Field(min_length=1)
    users: list[str] = []
    namespaces: list[str] = Field(min_length=1)


class Limits(_Strict):
    per_user_per_minute: float = Field(6, gt=0)
    global_per_minute: float = Field(60, gt=0)
    max_concurrent: int = Field(4, ge=1, le=64, description="diagnoses running at once")
    max_queued: int = Field(100, ge=0, description="diagnoses waiting for a slot; beyond, requests are refused")
    # Platforms retry an unacknowledged delivery for a few minutes; a delivery id is
    # remembered a little longer than that.
    dedup_seconds: float = Field(900, gt=0)


class _Sink(_Strict):
    name: str | None = Field(None, description="default: the type; names key the watcher's state")
    url_env: str = Field(description="environment variable holding the webhook URL (it holds a token)")


class _SignedSink(_Sink):
    secret_env: str | None = Field(None, description="environment variable holding the signing secret")


class SlackWebhookSink(_Sink):
    type: Literal["slack"]


class LarkSink(_SignedSink):
    type: Literal["lark"]


class DingTalkSink(_SignedSink):
    type: Literal["dingtalk"]


class WeComSink(_Sink):
    type: Literal["wecom"]


class TeamsSink(_Sink):
    type: Literal["teams"]


class GenericSink(_SignedSink):
    type: Literal["webhook"]


SinkConfig = Annotated[
    SlackWebhookSink | LarkSink | DingTalkSink | WeComSink | TeamsSink | GenericSink, Field(discriminator="type")
]


class LeaderElection(_Strict):
    enabled: bool = True
    lease_name: str = "jobdoctor-watcher"
    identity: str | None = Field(None, description="default: $POD_NAME, else the host name")
    lease_seconds: int = Field(15, ge=2)
    renew_seconds: int = Field(10, ge=2)
    retry_seconds: int = Field(2, ge=1)

    @model_validator(mode="after")
    def _ordered(self) -> LeaderElection:
        # A leader stops renew_seconds after its last renewal, a follower takes over no
        # sooner than lease_seconds after it (agent/bot/leader.py): the lease must be the
        # longer. And a leader must get more than one try within its deadline.
        if not self.lease_seconds > self.renew_seconds > 1.2 * self.retry_seconds:
            raise ValueError("lease_seconds > renew_seconds > 1.2 x retry_seconds is required")
        return self


class WatchConfig(_Strict):
    enabled: bool = True
    namespaces: list[str] = Field(["*"], min_length=1, description="'*': all namespaces (needs the ClusterRole)")
    kinds: list[str] = Field([], description="kinds to watch; none: every supported kind but bare Pods")
    pending_after: timedelta = Field(timedelta(minutes=30), description="notify a job Pending this long")
    stalled_after: timedelta = Field(timedelta(minutes=60), description="look for stalls in jobs running this long")
    stall_check_every: timedelta = Field(timedelta(minutes=30), description="how often a running job is checked")
    # A watcher deployed today should not announce last month's failures.
    lookback: timedelta = Field(timedelta(hours=1), description="failures older than this when first seen are skipped")
    sweep_every: timedelta = Field(
        timedelta(seconds=30), description="how often Pending and running jobs are re-judged"
    )
    sinks: list[SinkConfig] = Field([], description="where notifications go")
    record_events: bool = Field(False, description="also record the verdict as an Event (reason JobDoctorDiagnosis)")
    state_configmap: str = "jobdoctor-notified"
    state_retention: timedelta = timedelta(days=14)
    retry_first: timedelta = Field(timedelta(seconds=2), description="first wait before a failed post is retried")
    retry_max: timedelta = Field(timedelta(minutes=5), description="longest wait between retries")
    retry_attempts: int = Field(8, ge=1, description="posts tried per sink before giving up until the next start")
    workers: int = Field(2, ge=1, le=32, description="notifications diagnosed and posted at once")
    leader_election: LeaderElection = LeaderElection()
    # A kubectl-visible history: each notified failure also becomes a JobDiagnosis in the
    # workload's namespace (agent/bot/sinks/diagnosis.py), created once, like every post.
    record_diagnoses: bool = Field(False, description="record each notification as a JobDiagnosis (needs the CRD)")
    record_ttl: timedelta | None = Field(timedelta(days=30), description="how long a recorded JobDiagnosis is kept")


class OperatorConfig(_Strict):
    """The JobDiagnosis controller (agent/operator/), in ``jobdoctor bot`` and ``jobdoctor operator``."""

    enabled: bool = True
    namespaces: list[str] = Field(["*"], min_length=1, description="'*': all namespaces (needs the ClusterRole)")
    workers: int = Field(2, ge=1, le=16, description="diagnoses at once")
    retry_first: timedelta = Field(timedelta(seconds=5), description="first wait before a failed diagnosis is retried")
    retry_max: timedelta = Field(timedelta(minutes=5), description="longest wait between retries")
    retry_attempts: int = Field(6, ge=1, description="diagnoses tried before the JobDiagnosis is Failed")
    ttl_sweep_every: timedelta = Field(timedelta(minutes=1), description="how often objects past their TTL are deleted")
    default_ttl: timedelta | None = Field(None, description="TTL of objects that set no ttlSecondsAfterFinished")
    cross_namespace_from: list[str] = Field(
        [], description="namespaces whose JobDiagnoses may name a workload elsewhere (besides the bot's own)"
    )
    models: list[str] = Field([], description="models a JobDiagnosis may ask for, besides settings.model")
    leader_election: LeaderElection = LeaderElection(lease_name="jobdoctor-operator")


class BotConfig(_Strict):
    """The whole file. Every section is optional: a bot with no ``slack`` has no Slack routes."""

    slack: SlackConfig | None = None
    lark: LarkConfig | None = None
    generic: GenericConfig | None = None
    access: list[AccessRule] = []
    limits: Limits = Limits()
    watch: WatchConfig | None = None
    operator: OperatorConfig | None = None
    # Where the bot runs and what it reads with.
    namespace: str | None = Field(None, description="the bot's own namespace (state, Lease); default: its pod's")
    kubeconfig: str | None = None
    context: str | None = None
    # jobdoctor settings (the keys of config.yaml: model, language, max_logs, ...).
    settings: dict[str, Any] = {}
    host: str = "0.0.0.0"
    port: int = Field(8080, ge=0, le=65535)


def load_bot_config(path: str | os.PathLike[str]) -> BotConfig:
    p = Path(path).expanduser()
    try:
        data = read_user_yaml(p)
    except Refused as exc:
        raise ConfigError(f"bot config {p}: {exc}") from None
    if not isinstance(data, dict):
        raise ConfigError(f"bot config {p}: expected a mapping")
    try:
        return BotConfig.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(f"bot config {p}: {validation_problem(exc)}") from exc


def secret(environ: Mapping[str, str], name: str | None, *, what: str) -> str:
    """The value of the environment variable a config field names; a clear error if unset."""
    value = environ.get(name or "", "") if name else ""
    if not value:
        raise ConfigError(f"{what}: environment variable {name or '(none named)'} is not set")
    return value


def optional_secret(environ: Mapping[str, str], name: str | None) -> str | None:
    return (environ.get(name) or None) if name else None
