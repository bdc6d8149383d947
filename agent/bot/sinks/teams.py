"""Microsoft Teams through a Workflows ("When a Teams webhook request is received")
webhook: a message with one Adaptive Card attachment. The workflow answers 202 Accepted."""

from __future__ import annotations

import httpx

from agent.bot import cards
from agent.bot.sinks import Notice, checked, send
from agent.i18n import ENGLISH, Translator
from collectors.redaction import Redactor


class TeamsWorkflow:
    def __init__(
        self, name: str, url: str, redactor: Redactor, http: httpx.Client, *, tr: Translator = ENGLISH
    ) -> None:
        self.name, self._url, self._redactor, self._http = name, url, redactor, http
        self._tr = tr

    def post(self, notice: Notice) -> None:
        card = cards.adaptive_card(notice.verdict, self._redactor, trigger=notice.trigger, tr=self._tr)
        body = {
            "type": "message",
            "attachments": [
                {"contentType": "application/vnd.microsoft.card.adaptive", "contentUrl": None, "content": card}
            ],
        }
        checked(self.name, send(self.name, self._http, self._url, json=body))
