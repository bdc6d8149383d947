"""Feishu / Lark: the event callback, answered with an interactive card.

What the open platform sends (its "event subscription" docs):

- ``{"type": "url_verification", "challenge": ..., "token": ...}`` once, when the URL is
  saved: answered ``{"challenge": ...}`` when the token is the app's verification token;
- events, schema 2.0: ``{"header": {"event_id", "event_type", "token", ...}, "event": ...}``;
  ``im.message.receive_v1`` is a message to the bot (a direct message or an @mention);
- with an encrypt key set, every body is ``{"encrypt": BASE64}`` (AES-256-CBC, the key the
  SHA-256 of the encrypt key, the IV the first 16 bytes) and requests are signed:
  ``X-Lark-Signature = sha256(timestamp + nonce + encrypt_key + body)`` in hex.

The callback must answer within 3 seconds or it is delivered again (same ``event_id``);
the verdict is sent afterwards as a reply to the message, through the open API with a
tenant access token.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

import httpx
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from agent.bot import cards
from agent.bot.config import LarkConfig, optional_secret, secret
from agent.bot.parsing import USAGE, DiagnoseAsk, HelpAsk, parse
from agent.bot.service import Outcome, Requester, Service
from agent.engine.verdict import Verdict

log = logging.getLogger("jobdoctor.bot.lark")
MAX_SKEW_SECONDS = 5 * 60
# Tenant tokens live two hours; renewed a little before.
TOKEN_MARGIN_SECONDS = 300
HTTP_TIMEOUT = httpx.Timeout(10.0, connect=5.0)


class LarkError(Exception):
    """The open API refused a call (its ``code`` is not 0)."""


def signature(timestamp: str, nonce: str, encrypt_key: str, body: bytes) -> str:
    return hashlib.sha256((timestamp + nonce + encrypt_key).encode() + body).hexdigest()


def decrypt(encrypted: str, encrypt_key: str) -> bytes:
    from cryptography.hazmat.primitives import padding
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    raw = base64.b64decode(encrypted)
    key = hashlib.sha256(encrypt_key.encode()).digest()
    decryptor = Cipher(algorithms.AES(key), modes.CBC(raw[:16])).decryptor()
    padded = decryptor.update(raw[16:]) + decryptor.finalize()
    unpadder = padding.PKCS7(128).unpadder()
    return unpadder.update(padded) + unpadder.finalize()


def encrypt(plain: bytes, encrypt_key: str, iv: bytes) -> str:
    """What the open platform does to a body (tests and local tools send with it)."""
    from cryptography.hazmat.primitives import padding
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    padder = padding.PKCS7(128).padder()
    padded = padder.update(plain) + padder.finalize()
    key = hashlib.sha256(encrypt_key.encode()).digest()
    encryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
    return base64.b64encode(iv + encryptor.update(padded) + encryptor.finalize()).decode()


class LarkClient:
    """The few open-API calls the bot makes: a tenant token, and a reply to a message."""

    def __init__(self, api_url: str, app_id: str, app_secret: str, *, http: httpx.Client | None = None) -> None:
        self._api = api_url.rstrip("/")
        self._app = {"app_id": app_id, "app_secret": app_secret}
        self._http = http or httpx.Client(timeout=HTTP_TIMEOUT)
        self._token: tuple[str, float] | None = None
        self._lock = threading.Lock()

    def close(self) -> None:
        self._http.close()

    def _tenant_token(self) -> str:
        with self._lock:
            if self._token and self._token[1] > time.monotonic():
                return self._token[0]
            data = self._call("POST", "/open-apis/auth/v3/tenant_access_token/internal", json=self._app)
            token = str(data["tenant_access_token"])
            self._token = (token, time.monotonic() + float(data.get("expire", 7200)) - TOKEN_MARGIN_SECONDS)
            return token

    def reply(self, message_id: str, msg_type: str, content: dict[str, Any]) -> None:
        self._call(
            "POST",
            f"/open-apis/im/v1/messages/{message_id}/reply",
            json={"msg_type": msg_type, "content": json.dumps(content, ensure_ascii=False)},
            headers={"Authorization": f"Bearer {self._tenant_token()}"},
        )

    def _call(self, method: str, path: str, **kwargs: Any) -> dict[str, Any]:
        resp = self._http.request(method, self._api + path, **kwargs)
        try:
            data = resp.json()
        except ValueError:
            raise LarkError(f"{path}: HTTP {resp.status_code}, not JSON") from None
        if resp.status_code != 200 or data.get("code", 0) != 0:
            raise LarkError(f"{path}: HTTP {resp.status_code}, code {data.get('code')}: {data.get('msg')}")
        return dict(data)


class Lark:
    def __init__(
        self,
        config: LarkConfig,
        service: Service,
        environ: Mapping[str, str],
        *,
        clock: Callable[[], float] = time.time,
        http: httpx.Client | None = None,
    ) -> None:
        self.service = service
        self._now = clock
        self._token = secret(environ, config.verification_token_env, what="lark.verification_token_env")
        self._encrypt_key = optional_secret(environ, config.encrypt_key_env)
        self._client = LarkClient(
            config.api_url,
            secret(environ, config.app_id_env, what="lark.app_id_env"),
            secret(environ, config.app_secret_env, what="lark.app_secret_env"),
            http=http,
        )

    def close(self) -> None:
        self._client.close()

    async def events(self, request: Request) -> Response:
        body = await request.body()
        payload = self._open(body, request.headers)
        if isinstance(payload, Response):
            return payload
        token = payload.get("token") if "header" not in payload else (payload.get("header") or {}).get("token")
        if not hmac.compare_digest(str(token or ""), self._token):
            return self._refuse("bad_token", "verification token mismatch")
        if payload.get("type") == "url_verification":
            return JSONResponse({"challenge": payload.get("challenge", "")})
        self.event(payload)
        return JSONResponse({})

    def _open(self, body: bytes, headers: Mapping[str, str]) -> dict[str, Any] | Response:
        """The request's JSON, decrypted and its signature checked when an encrypt key is set."""
        try:
            payload = json.loads(body)
        except ValueError:
            return self._refuse("bad_request", "not JSON", 400)
        if self._encrypt_key is None:
            return payload if isinstance(payload, dict) else self._refuse("bad_request", "not an object", 400)
        if not isinstance(payload, dict) or "encrypt" not in payload:
            return self._refuse("bad_request", "expected an encrypted body", 400)
        stamp, nonce, sig = (
            headers.get("x-lark-request-timestamp"),
            headers.get("x-lark-request-nonce"),
            headers.get("x-lark-signature"),
        )
        signed = stamp is not None or sig is not None
        if signed:
            if not (stamp and nonce is not None and sig and stamp.isdigit()):
                return self._refuse("bad_signature", "incomplete signature headers")
            if abs(self._now() - int(stamp)) > MAX_SKEW_SECONDS:
                return self._refuse("stale", "stale request")
            if not hmac.compare_digest(signature(stamp, nonce, self._encrypt_key, body), sig):
                return self._refuse("bad_signature", "invalid request signature")
        try:
            inner = json.loads(decrypt(str(payload["encrypt"]), self._encrypt_key))
        except (ValueError, TypeError):
            return self._refuse("bad_signature", "cannot decrypt the body")
        # Only the URL check comes unsigned (encrypted all the same, and carrying the token).
        if not signed and (not isinstance(inner, dict) or inner.get("type") != "url_verification"):
            return self._refuse("bad_signature", "unsigned request")
        return inner if isinstance(inner, dict) else self._refuse("bad_request", "not an object", 400)

    def _refuse(self, reason: str, message: str, status: int = 401) -> Response:
        self.service.metrics.rejected.labels("lark", reason).inc()
        return JSONResponse({"error": message}, status_code=status)

    def event(self, payload: Mapping[str, Any]) -> None:
        header = payload.get("header") or {}
        if header.get("event_type") != "im.message.receive_v1":
            return
        if self.service.duplicate("lark", str(header.get("event_id"))):
            return
        event = payload.get("event") or {}
        sender, message = event.get("sender") or {}, event.get("message") or {}
        if sender.get("sender_type") not in (None, "user") or message.get("message_type") != "text":
            return
        try:
            text = str(json.loads(message.get("content") or "{}").get("text", ""))
        except ValueError:
            text = ""
        message_id = str(message.get("message_id", ""))

        def reply(outcome: Outcome) -> None:
            if isinstance(outcome, Verdict):
                self._client.reply(
                    message_id,
                    "interactive",
                    cards.lark_card(outcome, self.service.redactor, tr=self.service.settings.translator()),
                )
            else:
                self._client.reply(message_id, "text", {"text": outcome})

        ask = parse(text)
        if not isinstance(ask, DiagnoseAsk):
            self.service.post(reply, USAGE if isinstance(ask, HelpAsk) else ask.message)
            return
        ids = sender.get("sender_id") or {}
        who = Requester("lark", str(message.get("chat_id", "")), str(ids.get("open_id") or ids.get("user_id") or ""))
        refused = self.service.admit(who, ask)
        if refused is not None:
            self.service.post(reply, refused)
            return
        self.service.submit(who, ask, reply)
