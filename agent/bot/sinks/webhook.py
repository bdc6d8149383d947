"""Any HTTP endpoint: the redacted verdict as JSON, signed with jobdoctor's HMAC
(agent/bot/signing.py) when a secret is set, and an ``Idempotency-Key`` header holding the
notification's key, the same on every retry and after a restart, so a receiver can drop a
repeat.

Body: ``{"key", "trigger", "target", "verdict": {...}, "markdown"}``.
"""

from __future__ import annotations

import json
import time

import httpx

from agent.bot import cards
from agent.bot.signing import signed_headers
from agent.bot.sinks import Notice, checked, send
from agent.i18n import ENGLISH, Translator
from agent.render import markdown
from collectors.redaction import Redactor


class Webhook:
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
        safe = cards.redacted(notice.verdict, self._redactor)
        body = json.dumps(
            {
                "key": notice.key,
                "trigger": notice.trigger,
                "target": safe.target,
                "verdict": safe.model_dump(mode="json"),
                "markdown": markdown(safe, tr=self._tr),
            }
        ).encode()
        headers = {"Content-Type": "application/json", "Idempotency-Key": notice.key}
        if self._secret:
            headers.update(signed_headers(self._secret, int(time.time()), body))
        checked(self.name, send(self.name, self._http, self._url, content=body, headers=headers))
