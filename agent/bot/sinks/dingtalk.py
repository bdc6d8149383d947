"""DingTalk robot: markdown, signed when the robot has a secret ("加签").

Signature (the robot docs): ``sign = urlencode(base64(HMAC-SHA256(key=secret,
msg=f"{timestamp}\\n{secret}")))`` with the timestamp in milliseconds, both appended to the
URL as ``&timestamp=...&sign=...``. The robot answers 200 with ``{"errcode": 0}`` or an error.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from urllib.parse import urlencode

import httpx

from agent.bot import cards
from agent.bot.sinks import Notice, checked, send
from agent.i18n import ENGLISH, Translator
from collectors.redaction import Redactor


def sign(timestamp_ms: int, secret: str) -> str:
    digest = hmac.new(secret.encode(), f"{timestamp_ms}\n{secret}".encode(), hashlib.sha256).digest()
    return base64.b64encode(digest).decode()


class DingTalkRobot:
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
        title, text = cards.robot_markdown(notice.verdict, self._redactor, trigger=notice.trigger, tr=self._tr)
        url = self._url
        if self._secret:
            now = int(time.time() * 1000)
            # Appended: the URL already holds the access_token (httpx's params= would replace it).
            url += ("&" if "?" in url else "?") + urlencode({"timestamp": str(now), "sign": sign(now, self._secret)})
        resp = send(
            self.name, self._http, url, json={"msgtype": "markdown", "markdown": {"title": title, "text": text}}
        )
        checked(self.name, resp, field="errcode")
