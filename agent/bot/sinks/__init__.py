"""Where the watcher posts: one small module per chat platform, each a ``Sink``.

    slack      Slack incoming webhook, Block Kit                    sinks/slack.py
    lark       Feishu/Lark custom bot, interactive card, signed     sinks/lark.py
    dingtalk   DingTalk robot, markdown, signed                     sinks/dingtalk.py
    wecom      WeCom (WeChat Work) robot, markdown                  sinks/wecom.py
    teams      Microsoft Teams workflow webhook, Adaptive Card      sinks/teams.py
    webhook    any HTTP endpoint, JSON, HMAC-signed                 sinks/webhook.py
    event      a Kubernetes Event on the workload                   sinks/event.py
    jobdiagnosis  a Completed JobDiagnosis in the workload's namespace  sinks/diagnosis.py

``post`` raises ``SinkError`` on any failure; the watcher retries with backoff. Webhook URLs
hold credentials, so no message here ever contains one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import httpx

from agent.bot.config import SinkConfig, optional_secret, secret
from agent.engine.verdict import Verdict
from agent.errors import ConfigError
from agent.i18n import ENGLISH, Translator
from collectors.redaction import Redactor

HTTP_TIMEOUT = httpx.Timeout(10.0, connect=5.0)


class SinkError(Exception):
    """A post that did not go through. Never names the URL."""


@dataclass(frozen=True)
class Notice:
    key: str  # the notification's identity (agent/bot/state.py), sent for receivers to de-duplicate
    verdict: Verdict  # not yet redacted: every sink renders through the Redactor
    trigger: str  # why it was sent, for the headline: "failed", "pending for 40 min", "stalled"
    workload: dict[str, Any] = field(default_factory=dict)  # apiVersion, kind, name, namespace, uid


class Sink(Protocol):
    name: str

    def post(self, notice: Notice) -> None: ...


def checked(name: str, resp: httpx.Response, *, field: str | None = None) -> None:
    """Raise SinkError unless the answer is 2xx and, for robots that answer 200 with an
    error code in the body, that code (``field``) is 0."""
    if not 200 <= resp.status_code < 300:
        raise SinkError(f"{name}: HTTP {resp.status_code}: {resp.text[:200]}")
    if field is None:
        return
    try:
        data = resp.json()
    except ValueError:
        raise SinkError(f"{name}: HTTP {resp.status_code} and a body that is not JSON") from None
    code = data.get(field) if isinstance(data, dict) else None
    if code not in (0, None):
        raise SinkError(f"{name}: {field} {code}: {str(data.get('msg') or data.get('errmsg') or '')[:200]}")


def send(name: str, http: httpx.Client, url: str, **kwargs: Any) -> httpx.Response:
    try:
        return http.post(url, **kwargs)
    except httpx.HTTPError as exc:
        # httpx puts the URL in some messages: only the class goes out.
        raise SinkError(f"{name}: {type(exc).__name__}") from None


def build_sinks(
    configs: list[SinkConfig],
    environ: Mapping[str, str],
    redactor: Redactor,
    http: httpx.Client | None = None,
    *,
    tr: Translator = ENGLISH,
) -> list[Sink]:
    """Sinks from the config, their URLs and secrets read from the environment now, so a
    missing one stops the watcher at start-up. Names must be unique: they key the state. ``tr``:
    the language of the posts."""
    from agent.bot.sinks import dingtalk, lark, slack, teams, webhook, wecom

    http = http or httpx.Client(timeout=HTTP_TIMEOUT)
    sinks: list[Sink] = []
    names: set[str] = set()
    for i, cfg in enumerate(configs):
        name = cfg.name or (cfg.type if cfg.type not in names else f"{cfg.type}-{i}")
        if name in names:
            raise ConfigError(f"watch.sinks.{i}: another sink is already named {name!r}")
        names.add(name)
        url = secret(environ, cfg.url_env, what=f"watch.sinks.{i}.url_env")
        key = optional_secret(environ, getattr(cfg, "secret_env", None))
        if getattr(cfg, "secret_env", None) and not key:
            secret(environ, getattr(cfg, "secret_env", None), what=f"watch.sinks.{i}.secret_env")
        if cfg.type == "slack":
            sinks.append(slack.SlackWebhook(name, url, redactor, tr=tr))
        elif cfg.type == "lark":
            sinks.append(lark.LarkBot(name, url, key, redactor, http, tr=tr))
        elif cfg.type == "dingtalk":
            sinks.append(dingtalk.DingTalkRobot(name, url, key, redactor, http, tr=tr))
        elif cfg.type == "wecom":
            sinks.append(wecom.WeComRobot(name, url, redactor, http, tr=tr))
        elif cfg.type == "teams":
            sinks.append(teams.TeamsWorkflow(name, url, redactor, http, tr=tr))
        else:
            sinks.append(webhook.Webhook(name, url, key, redactor, http, tr=tr))
    return sinks
