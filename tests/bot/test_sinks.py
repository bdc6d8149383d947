"""Every sink, posting to a loopback receiver: the payload each platform expects, and the
signature computed here from each platform's documented formula."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from agent.bot.config import WatchConfig
from agent.bot.sinks import Notice, SinkError, build_sinks
from agent.engine.verdict import Culprit, EvidenceLine, Verdict
from agent.errors import ConfigError
from collectors.redaction import Redactor
from tests.bot.receiver import Receiver

PLANTED = "hf_abcdefghijklmnopqrstuvwx1234"
VERDICT = Verdict(
    healthy=False,
    category="gpu-oom",
    error=f"worker-2 ran out of GPU memory (HF_TOKEN={PLANTED})",
    analysis="...",
    solution="Lower the batch size.",
    culprit=Culprit(pod="train-worker-2", container="main"),
    evidence=[
        EvidenceLine(
            source="log",
            pod="train-worker-2",
            container="main",
            text=f"torch.OutOfMemoryError: CUDA out of memory ```x``` token={PLANTED}",
        )
    ],
    target="PyTorchJob team-nlp/train",
    status="Failed",
)
NOTICE = Notice(
    "failed.0b7c-uid",
    VERDICT,
    "failed",
    {"apiVersion": "kubeflow.org/v1", "kind": "PyTorchJob", "name": "train", "namespace": "team-nlp"},
)


@pytest.fixture
def http() -> Iterator[httpx.Client]:
    with httpx.Client(timeout=5) as client:
        yield client


def sinks(receiver: Receiver, http: httpx.Client, *configs: dict[str, Any]) -> list[Any]:
    env = {"URL": receiver.url + "/robot/send?access_token=abc", "SECRET": "SEC0123456789"}
    return build_sinks(WatchConfig(sinks=list(configs)).sinks, env, Redactor(), http)  # type: ignore[arg-type]


def test_slack_incoming_webhook_gets_block_kit(receiver: Receiver, http: httpx.Client) -> None:
    [sink] = sinks(receiver, http, {"type": "slack", "url_env": "URL"})
    sink.post(NOTICE)
    [got] = receiver.requests()
    body = got.json()
    assert body["blocks"][0] == {
        "type": "header",
        "text": {"type": "plain_text", "text": "Failing: PyTorchJob team-nlp/train (failed) - gpu-oom"},
    }
    assert body["text"].startswith("Failing: PyTorchJob team-nlp/train")
    assert "```" not in body["blocks"][4]["text"]["text"][len("*Evidence:*\n```") : -3]  # quoted fences defused
    assert PLANTED not in got.body.decode()


def test_sinks_post_in_the_language_they_are_built_with(receiver: Receiver, http: httpx.Client) -> None:
    from agent.i18n import translator

    env = {"URL": receiver.url + "/hook"}
    configs = WatchConfig(sinks=[{"type": "slack", "url_env": "URL"}, {"type": "wecom", "url_env": "URL"}]).sinks  # type: ignore[list-item]
    for sink in build_sinks(configs, env, Redactor(), http, tr=translator("zh")):
        sink.post(NOTICE)
    slack, wecom = (r.json() for r in receiver.requests())
    assert slack["blocks"][0]["text"]["text"] == "异常：PyTorchJob team-nlp/train (failed) - gpu-oom"
    assert "**根因 Pod：** train-worker-2/main" in wecom["markdown"]["content"]


def test_lark_custom_bot_gets_a_signed_card(receiver: Receiver, http: httpx.Client) -> None:
    [sink] = sinks(receiver, http, {"type": "lark", "url_env": "URL", "secret_env": "SECRET"})
    sink.post(NOTICE)
    body = receiver.requests()[0].json()
    assert body["msg_type"] == "interactive" and body["card"]["header"]["title"]["content"].endswith("gpu-oom")
    key = f"{body['timestamp']}\nSEC0123456789".encode()
    assert body["sign"] == base64.b64encode(hmac.new(key, b"", hashlib.sha256).digest()).decode()
    assert abs(int(body["timestamp"]) - time.time()) < 10


def test_dingtalk_robot_gets_signed_markdown(receiver: Receiver, http: httpx.Client) -> None:
    [sink] = sinks(receiver, http, {"type": "dingtalk", "url_env": "URL", "secret_env": "SECRET"})
    sink.post(NOTICE)
    [got] = receiver.requests()
    ts = got.query["timestamp"]
    expected = base64.b64encode(hmac.new(b"SEC0123456789", f"{ts}\nSEC0123456789".encode(), hashlib.sha256).digest())
    assert got.query["sign"] == expected.decode() and got.query["access_token"] == "abc"
    assert abs(int(ts) / 1000 - time.time()) < 10
    body = got.json()
    assert body["msgtype"] == "markdown" and body["markdown"]["text"].startswith("### Failing: PyTorchJob")
    assert PLANTED not in got.body.decode()


def test_wecom_robot_gets_markdown(receiver: Receiver, http: httpx.Client) -> None:
    [sink] = sinks(receiver, http, {"type": "wecom", "url_env": "URL"})
    sink.post(NOTICE)
    body = receiver.requests()[0].json()
    assert body["msgtype"] == "markdown" and "**Culprit:** train-worker-2/main" in body["markdown"]["content"]
    assert len(body["markdown"]["content"].encode()) <= 4096


def test_teams_workflow_gets_an_adaptive_card(receiver: Receiver, http: httpx.Client) -> None:
    receiver.default = (202, {})
    [sink] = sinks(receiver, http, {"type": "teams", "url_env": "URL"})
    sink.post(NOTICE)
    body = receiver.requests()[0].json()
    [attachment] = body["attachments"]
    assert body["type"] == "message" and attachment["contentType"] == "application/vnd.microsoft.card.adaptive"
    card = attachment["content"]
    assert card["type"] == "AdaptiveCard" and card["version"] == "1.4"
    assert {"title": "Category", "value": "gpu-oom"} in card["body"][1]["facts"]


def test_generic_webhook_is_signed_and_carries_the_idempotency_key(receiver: Receiver, http: httpx.Client) -> None:
    [sink] = sinks(receiver, http, {"type": "webhook", "url_env": "URL", "secret_env": "SECRET"})
    sink.post(NOTICE)
    [got] = receiver.requests()
    ts = got.headers["x-jobdoctor-timestamp"]
    mac = hmac.new(b"SEC0123456789", b"v1:" + ts.encode() + b":" + got.body, hashlib.sha256).hexdigest()
    assert got.headers["x-jobdoctor-signature"] == f"v1={mac}"
    assert got.headers["idempotency-key"] == "failed.0b7c-uid"
    body = json.loads(got.body)
    assert body["verdict"]["culprit"] == {"pod": "train-worker-2", "container": "main"} and body["trigger"] == "failed"
    assert PLANTED not in got.body.decode() and "[REDACTED]" in body["verdict"]["error"]


@pytest.mark.parametrize(
    ("kind", "answer"),
    [
        ("slack", (500, {})),
        ("lark", (200, {"code": 19021, "msg": "sign match fail or timestamp is not within one hour"})),
        ("dingtalk", (200, {"errcode": 310000, "errmsg": "sign not match"})),
        ("wecom", (200, {"errcode": 93000})),
        ("teams", (400, {})),
        ("webhook", (503, {})),
    ],
    ids=["slack-500", "lark-code", "dingtalk-errcode", "wecom-errcode", "teams-400", "webhook-503"],
)
def test_a_refused_post_is_an_error_that_never_names_the_url(
    receiver: Receiver, http: httpx.Client, kind: str, answer: tuple[int, dict[str, Any]]
) -> None:
    receiver.default = answer
    [sink] = sinks(receiver, http, {"type": kind, "url_env": "URL"})
    with pytest.raises(SinkError) as err:
        sink.post(NOTICE)
    assert "access_token" not in str(err.value) and receiver.url not in str(err.value)


def test_an_unreachable_sink_is_an_error_that_never_names_the_url(http: httpx.Client) -> None:
    env = {"URL": "http://127.0.0.1:9/robot/send?access_token=abc"}
    for kind in ("slack", "webhook"):
        [sink] = build_sinks(WatchConfig(sinks=[{"type": kind, "url_env": "URL"}]).sinks, env, Redactor(), http)  # type: ignore[list-item]
        with pytest.raises(SinkError) as err:
            sink.post(NOTICE)
        assert "access_token" not in str(err.value)


def test_sink_config_errors_are_one_line(http: httpx.Client) -> None:
    with pytest.raises(ConfigError, match="watch.sinks.0.url_env: environment variable NOPE is not set"):
        build_sinks(WatchConfig(sinks=[{"type": "slack", "url_env": "NOPE"}]).sinks, {}, Redactor(), http)  # type: ignore[list-item]
    twice = WatchConfig(
        sinks=[{"type": "slack", "url_env": "U", "name": "a"}, {"type": "wecom", "url_env": "U", "name": "a"}]
    )
    with pytest.raises(ConfigError, match="already named 'a'"):
        build_sinks(twice.sinks, {"U": "http://x"}, Redactor(), http)
