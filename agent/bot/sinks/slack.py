"""Slack incoming webhook: Block Kit, posted with slack_sdk's WebhookClient."""

from __future__ import annotations

from urllib.error import URLError

from slack_sdk.webhook import WebhookClient

from agent.bot import cards
from agent.bot.sinks import Notice, SinkError
from agent.i18n import ENGLISH, Translator
from collectors.redaction import Redactor


class SlackWebhook:
    def __init__(self, name: str, url: str, redactor: Redactor, *, tr: Translator = ENGLISH) -> None:
        self.name = name
        self._client = WebhookClient(url, timeout=10)
        self._redactor = redactor
        self._tr = tr

    def post(self, notice: Notice) -> None:
        text, blocks = cards.slack_blocks(notice.verdict, self._redactor, trigger=notice.trigger, tr=self._tr)
        try:
            resp = self._client.send(text=text, blocks=blocks)
        except (URLError, OSError) as exc:
            raise SinkError(f"{self.name}: {type(exc).__name__}") from None
        if resp.status_code != 200:
            raise SinkError(f"{self.name}: HTTP {resp.status_code}: {resp.body[:200]}")
