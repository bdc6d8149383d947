"""The chat-ops bot and the failure watcher: ``jobdoctor bot`` and ``jobdoctor watch``.

    app.py        the ASGI app: platform routes, /healthz, /readyz, /metrics
    service.py    what every platform shares: admission, diagnoses in threads, replies
    slack.py      slash command, app mentions, Socket Mode
    lark.py       Feishu/Lark event callback and replies
    generic.py    a signed JSON endpoint for other chat systems
    parsing.py    what a message asks for          (pure)
    authz.py      who may diagnose which namespace (pure)
    limits.py     rate limits, duplicate deliveries, backoff
    cards.py      Block Kit, Lark card, Adaptive Card, robot markdown (pure, redacted)
    metrics.py    Prometheus counters and histograms
    watch.py      list/watch workloads, queue notifications, post with retries
    triggers.py   when a workload deserves a notification (pure)
    state.py      what was delivered, in a ConfigMap (exactly once across restarts)
    sinks/        one module per chat platform the watcher posts to
    leader.py     Lease-based leader election: lead() runs the watcher on one replica
    kube.py       the watcher's API requests
    config.py     the config file, validated (extra keys are errors)
    running.py    wiring a process together
    operating.py  the JobDiagnosis controller (agent/operator/) in the bot's process, under its own Lease

Nothing here is imported by the other commands: slack_sdk, uvicorn, starlette and
prometheus_client load only for ``bot`` and ``watch``. Names are imported on first use.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "BotConfig": "agent.bot.config",
    "load_bot_config": "agent.bot.config",
    "Service": "agent.bot.service",
    "create_app": "agent.bot.app",
    "build_service": "agent.bot.app",
    "Watcher": "agent.bot.watch",
    "NotifiedState": "agent.bot.state",
    "parse": "agent.bot.parsing",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'agent.bot' has no attribute {name!r}")
