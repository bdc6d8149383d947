"""Fixtures for the bot: a fake cluster serving an example, a chat platform on loopback,
and the real ASGI app built over them."""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import httpx
import pytest

from agent.bot.app import create_app
from agent.bot.config import BotConfig
from agent.bot.service import Service
from agent.engine.signatures import builtin_catalogue
from agent.settings import Settings
from tests.bot.receiver import Receiver
from tests.bot.serving import serving
from tests.conftest import EXAMPLES
from tests.fakeapi.fixtures import FakeCluster

SIGNING_SECRET = "8f742231b10e8888abcd99yyyzzz85a5"
BOT_TOKEN = "xoxb-1234567890-abcdefghijkl"
NS = "team-nlp"
JOB = "llama-ft"
EXAMPLE = EXAMPLES / "pytorchjob-gpu-oom-cascade"


def slack_signature(body: bytes, timestamp: int, secret: str = SIGNING_SECRET) -> str:
    """Computed here, not by slack_sdk: the test must not trust the code it checks."""
    return "v0=" + hmac.new(secret.encode(), f"v0:{timestamp}:".encode() + body, hashlib.sha256).hexdigest()


def slack_headers(body: bytes, *, timestamp: int | None = None, secret: str = SIGNING_SECRET) -> dict[str, str]:
    ts = int(time.time()) if timestamp is None else timestamp
    return {
        "X-Slack-Request-Timestamp": str(ts),
        "X-Slack-Signature": slack_signature(body, ts, secret),
        "Content-Type": "application/x-www-form-urlencoded",
    }


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with Receiver().running() as r:
        yield r


@pytest.fixture
def cluster(fake_api: FakeCluster) -> FakeCluster:
    fake_api.serve_snapshot(EXAMPLE, namespace=NS)
    return fake_api


def bot_config(receiver: Receiver, **overrides: Any) -> BotConfig:
    base: dict[str, Any] = {
        "slack": {"api_url": receiver.url + "/api/", "response_url_prefixes": [receiver.url]},
        "access": [{"channels": ["C-ML"], "namespaces": ["team-*"]}],
        "limits": {"per_user_per_minute": 100, "global_per_minute": 1000},
    }
    base.update(overrides)
    return BotConfig.model_validate(base)


ENV = {"SLACK_SIGNING_SECRET": SIGNING_SECRET, "SLACK_BOT_TOKEN": BOT_TOKEN}


@pytest.fixture
def make_bot(cluster: FakeCluster, receiver: Receiver) -> Iterator[Callable[..., tuple[httpx.Client, Service]]]:
    """Builds the app over the fake cluster and serves it; returns a client and the service."""
    stack = ExitStack()

    def make(
        config: BotConfig | None = None,
        *,
        env: dict[str, str] | None = None,
        clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = time.monotonic,
        settings: Settings | None = None,
        **app_options: Any,
    ) -> tuple[httpx.Client, Service]:
        config = config or bot_config(receiver)
        settings = settings or Settings()
        service = Service(
            config, source=cluster.source(), settings=settings, catalogue=builtin_catalogue(), clock=monotonic
        )
        app = create_app(config, service, environ={**ENV, **(env or {})}, clock=clock, **app_options)
        url = stack.enter_context(serving(app))
        return stack.enter_context(httpx.Client(base_url=url, timeout=30)), service

    with stack:
        yield make
