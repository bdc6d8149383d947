"""Slack through the real ASGI app: signatures, staleness, replays, answers, refusals, limits."""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

import httpx

from agent.bot.service import Service
from tests.bot.conftest import JOB, NS, bot_config, slack_headers
from tests.bot.receiver import Receiver

_TRIGGERS = itertools.count(1)
Bot = Callable[..., tuple[httpx.Client, Service]]


def command(receiver: Receiver, text: str, *, channel: str = "C-ML", user: str = "U-ALICE") -> bytes:
    return urlencode(
        {
            "command": "/jobdoctor",
            "text": text,
            "channel_id": channel,
            "user_id": user,
            "response_url": receiver.url + "/hooks/respond",
            "team_id": "T1",
            "trigger_id": f"{next(_TRIGGERS)}.98765.abcdef",
        }
    ).encode()


def post_command(client: httpx.Client, body: bytes, **header_options: Any) -> Any:
    return client.post("/slack/commands", content=body, headers=slack_headers(body, **header_options))


def metric(service: Service, name: str, labels: dict[str, str]) -> float:
    return service.metrics.registry.get_sample_value(name, labels) or 0.0


def test_a_signed_slash_command_is_acknowledged_and_the_verdict_follows_as_block_kit(
    make_bot: Bot, receiver: Receiver
) -> None:
    client, service = make_bot()
    resp = post_command(client, command(receiver, f"diagnose pytorchjob {NS}/{JOB}"))
    assert resp.status_code == 200
    assert (
        resp.json()["response_type"] == "ephemeral" and "Diagnosing PyTorchJob team-nlp/llama-ft" in resp.json()["text"]
    )
    [posted] = receiver.wait(1, path="/hooks/respond")
    message = posted.json()
    assert message["response_type"] == "in_channel" and message["replace_original"] is False
    types = [b["type"] for b in message["blocks"]]
    assert types[0] == "header" and "gpu-oom" in message["blocks"][0]["text"]["text"]
    fields = " ".join(f["text"] for f in message["blocks"][1]["fields"])
    assert "*Category:*\n`gpu-oom`" in fields and "llama-ft-worker-2" in fields and "Failed" in fields
    evidence = message["blocks"][4]["text"]["text"]
    assert evidence.startswith("*Evidence:*\n```") and "CUDA out of memory" in evidence
    assert (
        metric(service, "jobdoctor_diagnoses_total", {"category": "gpu-oom", "engine": "rules", "origin": "slack"}) == 1
    )


def test_help_and_nonsense_are_answered_inline(make_bot: Bot, receiver: Receiver) -> None:
    client, _ = make_bot()
    assert "Usage: `diagnose KIND NAMESPACE/NAME`" in post_command(client, command(receiver, "help")).json()["text"]
    said = post_command(client, command(receiver, "diagnose pytorchjb team-nlp/x")).json()["text"]
    assert "unknown kind 'pytorchjb'; did you mean pytorchjob?" in said and "Usage" in said
    said = post_command(client, command(receiver, "diagnose pytorchjob x")).json()["text"]
    assert "Which namespace" in said
    assert receiver.requests() == []


def test_a_bad_signature_is_refused_and_counted(make_bot: Bot, receiver: Receiver) -> None:
    client, service = make_bot()
    body = command(receiver, f"diagnose pytorchjob {NS}/{JOB}")
    resp = post_command(client, body, secret="not-the-signing-secret")
    assert resp.status_code == 401
    tampered = body.replace(b"C-ML", b"C-XX")
    headers = slack_headers(body)
    assert client.post("/slack/commands", content=tampered, headers=headers).status_code == 401
    assert client.post("/slack/commands", content=body).status_code == 401  # unsigned
    assert metric(service, "jobdoctor_rejected_requests_total", {"platform": "slack", "reason": "bad_signature"}) == 3
    time.sleep(0.3)
    assert receiver.requests() == []


def test_a_request_older_than_five_minutes_is_refused_as_stale(make_bot: Bot, receiver: Receiver) -> None:
    client, service = make_bot()
    body = command(receiver, f"diagnose pytorchjob {NS}/{JOB}")
    resp = post_command(client, body, timestamp=int(time.time()) - 301)
    assert resp.status_code == 401 and resp.json() == {"error": "stale request"}
    assert post_command(client, body, timestamp=int(time.time()) - 290).status_code == 200
    assert metric(service, "jobdoctor_rejected_requests_total", {"platform": "slack", "reason": "stale"}) == 1


def test_a_replayed_request_is_answered_once(make_bot: Bot, receiver: Receiver) -> None:
    client, service = make_bot()
    body = command(receiver, f"diagnose pytorchjob {NS}/{JOB}")
    headers = slack_headers(body)
    first = client.post("/slack/commands", content=body, headers=headers)
    again = client.post("/slack/commands", content=body, headers=headers)
    assert first.status_code == again.status_code == 200 and again.json() == {}
    receiver.wait(1, path="/hooks/respond")
    time.sleep(0.5)
    assert len(receiver.requests("/hooks/respond")) == 1
    assert metric(service, "jobdoctor_rejected_requests_total", {"platform": "slack", "reason": "duplicate"}) == 1


def test_channels_and_namespaces_outside_the_access_rules_are_refused(make_bot: Bot, receiver: Receiver) -> None:
    client, service = make_bot(
        bot_config(
            receiver,
            access=[
                {"channels": ["C-ML"], "namespaces": ["team-*"]},
                {"channels": ["C-OPS"], "users": ["U-BOB"], "namespaces": ["*"]},
            ],
        )
    )
    refused = post_command(client, command(receiver, f"diagnose pytorchjob {NS}/{JOB}", channel="C-RANDOM")).json()
    assert refused["response_type"] == "ephemeral" and refused["text"].startswith("Not allowed")
    assert "`team-nlp`" in refused["text"] and "C-RANDOM" in refused["text"]
    assert (
        post_command(client, command(receiver, "diagnose job kube-system/x")).json()["text"].startswith("Not allowed")
    )
    assert (
        post_command(client, command(receiver, "diagnose job kube-system/x", channel="C-OPS"))
        .json()["text"]
        .startswith("Not allowed")
    )  # C-OPS is for U-BOB only
    ok = post_command(client, command(receiver, "diagnose job kube-system/x", channel="C-OPS", user="U-BOB")).json()
    assert ok["text"].startswith("Diagnosing")
    assert metric(service, "jobdoctor_rejected_requests_total", {"platform": "slack", "reason": "forbidden"}) == 3
    [answer] = receiver.wait(1, path="/hooks/respond")
    assert answer.json()["text"].startswith("Could not diagnose Job kube-system/x")


def test_no_access_rules_means_no_access(make_bot: Bot, receiver: Receiver) -> None:
    client, _ = make_bot(bot_config(receiver, access=[]))
    assert (
        post_command(client, command(receiver, f"diagnose pytorchjob {NS}/{JOB}"))
        .json()["text"]
        .startswith("Not allowed")
    )


def test_per_user_and_global_rate_limits(make_bot: Bot, receiver: Receiver) -> None:
    now = [1000.0]
    client, service = make_bot(
        bot_config(receiver, limits={"per_user_per_minute": 2, "global_per_minute": 3}), monotonic=lambda: now[0]
    )
    said = [post_command(client, command(receiver, f"diagnose pytorchjob {NS}/{JOB}")).json()["text"] for _ in range(3)]
    assert [s.split()[0] for s in said] == ["Diagnosing", "Diagnosing", "Slow"]
    bob = post_command(client, command(receiver, f"diagnose pytorchjob {NS}/{JOB}", user="U-BOB")).json()["text"]
    carol = post_command(client, command(receiver, f"diagnose pytorchjob {NS}/{JOB}", user="U-CAROL")).json()["text"]
    assert bob.startswith("Diagnosing") and "many requests" in carol
    now[0] += 30  # half a minute refills one of alice's two tokens
    assert (
        post_command(client, command(receiver, f"diagnose pytorchjob {NS}/{JOB}"))
        .json()["text"]
        .startswith("Diagnosing")
    )
    assert metric(service, "jobdoctor_rejected_requests_total", {"platform": "slack", "reason": "rate_limited"}) == 2


def test_a_response_url_outside_slack_is_never_posted_to(make_bot: Bot, receiver: Receiver) -> None:
    client, _ = make_bot(bot_config(receiver, slack={"response_url_prefixes": ["https://hooks.slack.com/"]}))
    said = post_command(client, command(receiver, f"diagnose pytorchjob {NS}/{JOB}")).json()["text"]
    assert "no Slack response_url" in said
    time.sleep(0.3)
    assert receiver.requests() == []


def _event(text: str, *, event_id: str = "Ev1", channel: str = "C-ML") -> bytes:
    return json.dumps(
        {
            "type": "event_callback",
            "event_id": event_id,
            "team_id": "T1",
            "event": {
                "type": "app_mention",
                "user": "U-ALICE",
                "text": text,
                "channel": channel,
                "ts": "1715678000.000100",
            },
        }
    ).encode()


def test_url_verification_needs_a_valid_signature(make_bot: Bot) -> None:
    client, _ = make_bot()
    body = json.dumps(
        {"type": "url_verification", "challenge": "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P"}
    ).encode()
    assert client.post("/slack/events", content=body, headers=slack_headers(body)).json() == {
        "challenge": "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P"
    }
    assert client.post("/slack/events", content=body, headers=slack_headers(body, secret="x" * 32)).status_code == 401


def test_an_app_mention_is_answered_once_in_its_thread_even_when_slack_retries(
    make_bot: Bot, receiver: Receiver
) -> None:
    client, _ = make_bot()
    body = _event(f"<@U0BOT> diagnose pytorchjob {NS}/{JOB}")
    assert client.post("/slack/events", content=body, headers=slack_headers(body)).status_code == 200
    # Slack's retry: same event id, new timestamp and signature.
    retry = {**slack_headers(body, timestamp=int(time.time()) + 1), "X-Slack-Retry-Num": "1"}
    assert client.post("/slack/events", content=body, headers=retry).status_code == 200
    [posted] = receiver.wait(1, path="/api/chat.postMessage")
    time.sleep(0.5)
    assert len(receiver.requests("/api/chat.postMessage")) == 1
    message = posted.json()
    assert posted.headers["authorization"] == "Bearer xoxb-1234567890-abcdefghijkl"
    assert message["channel"] == "C-ML" and message["thread_ts"] == "1715678000.000100"
    assert "gpu-oom" in message["blocks"][0]["text"]["text"]


def test_a_mention_from_a_channel_without_access_gets_the_refusal_in_its_thread(
    make_bot: Bot, receiver: Receiver
) -> None:
    client, _ = make_bot()
    body = _event(f"<@U0BOT> diagnose pytorchjob {NS}/{JOB}", channel="C-ELSEWHERE")
    client.post("/slack/events", content=body, headers=slack_headers(body))
    [posted] = receiver.wait(1, path="/api/chat.postMessage")
    assert posted.json()["text"].startswith("Not allowed") and "blocks" not in posted.json()


def test_secrets_in_the_evidence_never_reach_slack(make_bot: Bot, cluster: Any, receiver: Receiver) -> None:
    log = cluster.store.log(NS, "llama-ft-worker-2", "pytorch", False)
    assert log is not None
    planted = log.replace(
        b"torch.OutOfMemoryError: CUDA out of memory.",
        b"torch.OutOfMemoryError: CUDA out of memory. HF_TOKEN=hf_abcdefghijklmnopqrstuvwx1234",
    )
    cluster.store.put_log("llama-ft-worker-2", "pytorch", planted, namespace=NS)
    client, _ = make_bot()
    post_command(client, command(receiver, f"diagnose pytorchjob {NS}/{JOB}"))
    [posted] = receiver.wait(1, path="/hooks/respond")
    assert b"CUDA out of memory" in posted.body
    assert b"hf_abcdefghijklmnopqrstuvwx1234" not in posted.body and b"[REDACTED]" in posted.body


def test_health_readiness_and_metrics(make_bot: Bot) -> None:
    client, service = make_bot()
    assert client.get("/healthz").text == "ok"
    assert client.get("/readyz").status_code == 200
    metrics = client.get("/metrics")
    assert metrics.status_code == 200 and "jobdoctor_rejected_requests_total" in metrics.text
    service.close()
    assert client.get("/readyz").status_code == 503
