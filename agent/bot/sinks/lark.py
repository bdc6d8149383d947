"""Feishu/Lark custom bot: an interactive card, signed when the bot has a secret.

Signature (the custom bot docs): ``sign = base64(HMAC-SHA256(key=f"{timestamp}\\n{secret}",
msg=b""))`` with the timestamp in seconds, both sent in the body. The bot answers 200 with
``{"code": 0}`` (older bots ``{"StatusCode": 0}``) or an error code.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time

import httpx

from agent.bot import cards
from agent.bot.sinks import Notice, SinkError, checked, send
from agent.i18n import ENGLISH, Translator
from collectors.redaction import Redactor


def sign(timestamp: int, secret: str) -> str:
    key = f"{timestamp}\n{secret}".encode()
    return base64.b64encode(hmac.new(key, b"", hashlib.sha256).digest()).decode()


class LarkBot:
    def __init__(
        self,
        name: str,
        url: str,
        secret: str | None,
        redactor: Redactor,
        http: httpx.Client,
        *,
        tr: Translator = ENGLISH,
    ) -> None:
        self.name, self._url, self._secret, self._redactor, self._http = name, url, secret, redactor, http
        self._tr = tr

    def post(self, notice: Notice) -> None:
        body: dict[str, object] = {
            "msg_type": "interactive",
            "card": cards.lark_card(notice.verdict, self._redactor, trigger=notice.trigger, tr=self._tr),
        }
        if self._secret:
            now = int(time.time())
            body.update(timestamp=str(now), sign=sign(now, self._secret))
        resp = send(self.name, self._http, self._url, json=body)
        checked(self.name, resp, field="code")
        try:
            status = resp.json().get("StatusCode")
        except ValueError:
            status = None
        if status not in (0, None):
            raise SinkError(f"{self.name}: StatusCode {status}")
