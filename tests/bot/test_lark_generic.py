"""Feishu/Lark callbacks and the generic JSON endpoint through the real ASGI app."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import time
from typing import Any

import httpx

from agent.bot.lark import encrypt
from tests.bot.conftest import JOB, NS, bot_config
from tests.bot.receiver import Receiver

TOKEN = "lark-verification-token"
KEY = "lark-encrypt-key"
LARK_ENV = {
    "LARK_VERIFICATION_TOKEN": TOKEN,
    "LARK_ENCRYPT_KEY": KEY,
    "LARK_APP_ID": "cli_a1b2",
    "LARK_APP_SECRET": "lark-app-secret",
}
HOOK_SECRET = "generic-hmac-secret"


def lark_bot(make_bot: Any, receiver: Receiver, **env: str) -> tuple[httpx.Client, Any]:
    receiver.answers["/open-apis/auth/v3/tenant_access_token/internal"] = (
        200,
        {"code": 0, "tenant_access_token": "t-abc", "expire": 7200},
    )
    config = bot_config(
        receiver, lark={"api_url": receiver.url}, access=[{"channels": ["oc_team"], "namespaces": ["team-*"]}]
    )
    return make_bot(config, env={**LARK_ENV, **env})


def sealed(
    payload: dict[str, Any], *, key: str = KEY, timestamp: int | None = None, sign: bool = True
) -> tuple[bytes, dict[str, str]]:
    """What the open platform sends with an encrypt key: the body encrypted, the request signed.
    The signature is computed here from the documented formula."""
    body = json.dumps({"encrypt": encrypt(json.dumps(payload).encode(), key, os.urandom(16))}).encode()
    if not sign:
        return body, {}
    ts, nonce = str(int(time.time()) if timestamp is None else timestamp), "n0nce"
    sig = hashlib.sha256((ts + nonce + key).encode() + body).hexdigest()
    return body, {"X-Lark-Request-Timestamp": ts, "X-Lark-Request-Nonce": nonce, "X-Lark-Signature": sig}


def message(text: str, *, event_id: str = "ev-1", chat: str = "oc_team", token: str = TOKEN) -> dict[str, Any]:
    return {
        "schema": "2.0",
        "header": {
            "event_id": event_id,
            "event_type": "im.message.receive_v1",
            "token": token,
            "create_time": "1715678000000",
            "app_id": "cli_a1b2",
        },
        "event": {
            "sender": {"sender_id": {"open_id": "ou_alice"}, "sender_type": "user"},
            "message": {
                "message_id": "om_1",
                "chat_id": chat,
                "chat_type": "group",
                "message_type": "text",
                "content": json.dumps({"text": f"@_user_1 {text}"}),
            },
        },
    }


def test_lark_url_verification_answers_the_challenge_only_with_the_token(make_bot: Any, receiver: Receiver) -> None:
    client, _ = lark_bot(make_bot, receiver)
    body, headers = sealed({"type": "url_verification", "challenge": "ajls384kdjx98XX", "token": TOKEN}, sign=False)
    assert client.post("/lark/events", content=body, headers=headers).json() == {"challenge": "ajls384kdjx98XX"}
    body, headers = sealed({"type": "url_verification", "challenge": "x", "token": "wrong"}, sign=False)
    assert client.post("/lark/events", content=body, headers=headers).status_code == 401
    # Without an encrypt key, the challenge comes in the clear.
    plain, _ = lark_bot(make_bot, receiver, LARK_ENCRYPT_KEY="")
    resp = plain.post("/lark/events", json={"type": "url_verification", "challenge": "c", "token": TOKEN})
    assert resp.json() == {"challenge": "c"}


def test_lark_signatures_and_staleness_are_checked(make_bot: Any, receiver: Receiver) -> None:
    client, service = lark_bot(make_bot, receiver)
    body, headers = sealed(message(f"diagnose pytorchjob {NS}/{JOB}"))
    assert (
        client.post("/lark/events", content=body, headers={**headers, "X-Lark-Signature": "0" * 64}).status_code == 401
    )
    stale_body, stale = sealed(message(f"diagnose pytorchjob {NS}/{JOB}"), timestamp=int(time.time()) - 600)
    assert client.post("/lark/events", content=stale_body, headers=stale).status_code == 401
    unsigned, _ = sealed(message(f"diagnose pytorchjob {NS}/{JOB}"), sign=False)
    assert client.post("/lark/events", content=unsigned).status_code == 401  # only the URL check may be unsigned
    wrong_key, wrong_headers = sealed(message(f"diagnose pytorchjob {NS}/{JOB}"), key="another-key")
    assert client.post("/lark/events", content=wrong_key, headers=wrong_headers).status_code == 401
    rejected = {
        s.labels["reason"]: s.value for s in service.metrics.rejected.collect()[0].samples if s.name.endswith("_total")
    }
    assert rejected == {"bad_signature": 3.0, "stale": 1.0}
    time.sleep(0.3)
    assert receiver.requests("/open-apis/im/v1/messages/om_1/reply") == []


def test_a_lark_mention_is_answered_once_with_an_interactive_card(make_bot: Any, receiver: Receiver) -> None:
    client, _ = lark_bot(make_bot, receiver)
    body, headers = sealed(message(f"diagnose pytorchjob {NS}/{JOB}"))
    assert client.post("/lark/events", content=body, headers=headers).status_code == 200
    retry, retry_headers = sealed(message(f"diagnose pytorchjob {NS}/{JOB}"))  # redelivery: same event_id
    assert client.post("/lark/events", content=retry, headers=retry_headers).status_code == 200
    [reply] = receiver.wait(1, path="/open-apis/im/v1/messages/om_1/reply")
    time.sleep(0.5)
    assert len(receiver.requests("/open-apis/im/v1/messages/om_1/reply")) == 1
    assert reply.headers["authorization"] == "Bearer t-abc"
    sent = reply.json()
    card = json.loads(sent["content"])
    assert sent["msg_type"] == "interactive" and card["header"]["template"] == "red"
    assert "gpu-oom" in card["header"]["title"]["content"] and card["elements"][0]["tag"] == "div"
    [token] = receiver.requests("/open-apis/auth/v3/tenant_access_token/internal")
    assert token.json() == {"app_id": "cli_a1b2", "app_secret": "lark-app-secret"}


def test_a_lark_chat_without_access_is_refused_in_a_reply(make_bot: Any, receiver: Receiver) -> None:
    client, _ = lark_bot(make_bot, receiver)
    body, headers = sealed(message(f"diagnose pytorchjob {NS}/{JOB}", chat="oc_other"))
    client.post("/lark/events", content=body, headers=headers)
    [reply] = receiver.wait(1, path="/open-apis/im/v1/messages/om_1/reply")
    assert reply.json()["msg_type"] == "text" and json.loads(reply.json()["content"])["text"].startswith("Not allowed")


def generic_bot(make_bot: Any, receiver: Receiver, **generic: Any) -> tuple[httpx.Client, Any]:
    config = bot_config(
        receiver,
        generic={"bearer_token_env": "HOOK_TOKEN", **generic},
        access=[{"channels": ["ops"], "namespaces": ["team-*"]}],
    )
    return make_bot(config, env={"JOBDOCTOR_WEBHOOK_SECRET": HOOK_SECRET, "HOOK_TOKEN": "bearer-token-123456"})


def signed(body: bytes, *, secret: str = HOOK_SECRET, timestamp: int | None = None) -> dict[str, str]:
    ts = str(int(time.time()) if timestamp is None else timestamp)
    mac = hmac.new(secret.encode(), b"v1:" + ts.encode() + b":" + body, hashlib.sha256).hexdigest()
    return {"X-Jobdoctor-Timestamp": ts, "X-Jobdoctor-Signature": f"v1={mac}", "Content-Type": "application/json"}


def test_the_generic_endpoint_answers_inline_with_hmac_or_bearer(make_bot: Any, receiver: Receiver) -> None:
    client, _ = generic_bot(make_bot, receiver)
    body = json.dumps({"kind": "pytorchjob", "namespace": NS, "name": JOB, "channel": "ops", "user": "alice"}).encode()
    resp = client.post("/api/diagnose", content=body, headers=signed(body))
    assert resp.status_code == 200 and resp.json()["verdict"]["category"] == "gpu-oom"
    assert resp.json()["markdown"].startswith("### Failing: PyTorchJob team-nlp/llama-ft")
    bearer = client.post("/api/diagnose", content=body, headers={"Authorization": "Bearer bearer-token-123456"})
    assert bearer.status_code == 200
    assert client.post("/api/diagnose", content=body, headers=signed(body, secret="wrong")).status_code == 401
    assert (
        client.post("/api/diagnose", content=body, headers=signed(body, timestamp=int(time.time()) - 400)).status_code
        == 401
    )
    assert client.post("/api/diagnose", content=body, headers={"Authorization": "Bearer nope"}).status_code == 401
    assert client.post("/api/diagnose", content=body).status_code == 401


def test_the_generic_endpoint_refuses_and_explains(make_bot: Any, receiver: Receiver) -> None:
    client, _ = generic_bot(make_bot, receiver)

    def post(data: dict[str, Any]) -> httpx.Response:
        body = json.dumps(data).encode()
        return client.post("/api/diagnose", content=body, headers=signed(body))

    assert post({"kind": "pytorchjob", "namespace": "kube-system", "name": "x", "channel": "ops"}).status_code == 403
    assert "missing name" in post({"kind": "pytorchjob", "namespace": NS}).json()["error"]
    assert (
        post(
            {"text": f"diagnose pytorchjob {NS}/{JOB}", "channel": "ops", "callback_url": "http://elsewhere.example/"}
        ).status_code
        == 400
    )
    gone = post({"kind": "job", "namespace": NS, "name": "no-such-job", "channel": "ops"})
    assert gone.status_code == 422 and gone.json()["error"].startswith("Could not diagnose Job team-nlp/no-such-job")


def test_the_generic_endpoint_calls_back_signed(make_bot: Any, receiver: Receiver) -> None:
    client, _ = generic_bot(make_bot, receiver, callback_url_prefixes=[receiver.url + "/callbacks/"])
    body = json.dumps(
        {
            "text": f"diagnose pytorchjob {NS}/{JOB}",
            "channel": "ops",
            "delivery_id": "d-1",
            "callback_url": receiver.url + "/callbacks/1",
        }
    ).encode()
    assert client.post("/api/diagnose", content=body, headers=signed(body)).status_code == 202
    assert client.post("/api/diagnose", content=body, headers=signed(body)).json() == {"status": "duplicate"}
    [back] = receiver.wait(1, path="/callbacks/1")
    assert back.json()["verdict"]["category"] == "gpu-oom"
    ts = back.headers["x-jobdoctor-timestamp"]
    expected = hmac.new(HOOK_SECRET.encode(), b"v1:" + ts.encode() + b":" + back.body, hashlib.sha256).hexdigest()
    assert back.headers["x-jobdoctor-signature"] == f"v1={expected}"


def test_a_replayed_signed_request_is_answered_once_without_a_delivery_id(make_bot: Any, receiver: Receiver) -> None:
    now = [time.time()]
    config = bot_config(receiver, generic={}, access=[{"channels": ["ops"], "namespaces": ["team-*"]}])
    client, service = make_bot(config, env={"JOBDOCTOR_WEBHOOK_SECRET": HOOK_SECRET}, clock=lambda: now[0])
    body = json.dumps({"kind": "pytorchjob", "namespace": NS, "name": JOB, "channel": "ops"}).encode()
    headers = signed(body, timestamp=int(now[0]))
    assert client.post("/api/diagnose", content=body, headers=headers).json()["status"] == "ok"
    assert client.post("/api/diagnose", content=body, headers=headers).json() == {"status": "duplicate"}
    now[0] += 299  # the last second the timestamp is accepted: still remembered
    assert client.post("/api/diagnose", content=body, headers=headers).json() == {"status": "duplicate"}
    now[0] += 2  # then it is stale, remembered or not
    assert client.post("/api/diagnose", content=body, headers=headers).status_code == 401
    # The same body signed again is a new request.
    again = client.post("/api/diagnose", content=body, headers=signed(body, timestamp=int(now[0])))
    assert again.json()["status"] == "ok"
    samples = {
        (s.labels["reason"]): s.value
        for s in service.metrics.rejected.collect()[0].samples
        if s.name.endswith("_total")
    }
    assert samples == {"duplicate": 2.0, "stale": 1.0}
    assert sum(s.value for s in service.metrics.diagnoses.collect()[0].samples if s.name.endswith("_total")) == 2


def test_a_bot_set_to_chinese_answers_in_chinese(make_bot: Any, receiver: Receiver) -> None:
    from agent.settings import Settings

    config = bot_config(
        receiver, generic={"bearer_token_env": "HOOK_TOKEN"}, access=[{"channels": ["ops"], "namespaces": ["team-*"]}]
    )
    client, _ = make_bot(config, env={"HOOK_TOKEN": "bearer-token-123456"}, settings=Settings(language="zh"))
    body = json.dumps({"kind": "pytorchjob", "namespace": NS, "name": JOB, "channel": "ops", "user": "alice"}).encode()
    resp = client.post("/api/diagnose", content=body, headers={"Authorization": "Bearer bearer-token-123456"})
    answer = resp.json()
    assert answer["verdict"]["category"] == "gpu-oom"  # ids stay as they are
    assert answer["markdown"].startswith("### 异常：PyTorchJob team-nlp/llama-ft - `gpu-oom`")
    assert "**错误信息：**" in answer["markdown"] and "GPU 显存不足" in answer["verdict"]["error"]
