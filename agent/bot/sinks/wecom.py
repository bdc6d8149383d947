"""WeCom (WeChat Work) group robot: markdown. The key is in the URL; there is no signature.
The robot answers 200 with ``{"errcode": 0}`` or an error."""

from __future__ import annotations

import httpx

from agent.bot import cards
from agent.bot.sinks import Notice, checked, send
from agent.i18n import ENGLISH, Translator
from collectors.redaction import Redactor


class WeComRobot:
    def __init__(
        self, name: str, url: str, redactor: Redactor, http: httpx.Client, *, tr: Translator = ENGLISH
    ) -> None:
        self.name, self._url, self._redactor, self._http = name, url, redactor, http
        self._tr = tr

    def post(self, notice: Notice) -> None:
        _, text = cards.robot_markdown(notice.verdict, self._redactor, trigger=notice.trigger, tr=self._tr)
        resp = send(self.name, self._http, self._url, json={"msgtype": "markdown", "markdown": {"content": text}})
        checked(self.name, resp, field="errcode")
