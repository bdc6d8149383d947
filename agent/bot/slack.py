"""Slack: the ``/jobdoctor`` slash command and app mentions, over HTTP or Socket Mode.

Every HTTP request is verified with the app's signing secret (slack_sdk's
``SignatureVerifier``: HMAC-SHA256 ``v0`` over ``v0:TIMESTAMP:BODY``), and refused when the
signature is wrong or the timestamp is more than 5 minutes off. Slack wants an answer
within 3 seconds: a slash command is acknowledged with a short ephemeral message and the
verdict follows on its ``response_url``; a mention is acknowledged empty and answered in
its thread with ``chat.postMessage``. A request seen before - Slack's retries carry the
same event id, a replayed slash command the same signature - is acknowledged and not
answered again.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qsl

from slack_sdk.signature import Clock, SignatureVerifier
from slack_sdk.web import WebClient
from slack_sdk.webhook import WebhookClient
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from agent.bot import cards
from agent.bot.config import SlackConfig, optional_secret, secret
from agent.bot.parsing import USAGE, DiagnoseAsk, HelpAsk, parse
from agent.bot.service import Outcome, Requester, Service
from agent.engine.verdict import Verdict

log = logging.getLogger("jobdoctor.bot.slack")
# Slack's own limit: a request older (or newer) than this is a replay.
MAX_SKEW_SECONDS = 5 * 60


class _Clock(Clock):
    def __init__(self, now: Callable[[], float]) -> None:
        self._now = now

    def now(self) -> float:
        return self._now()


class Slack:
    def __init__(
        self,
        config: SlackConfig,
        service: Service,
        environ: Mapping[str, str],
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.config = config
        self.service = service
        self._now = clock
        self._verifier = SignatureVerifier(
            secret(environ, config.signing_secret_env, what="slack.signing_secret_env"), clock=_Clock(clock)
        )
        token = optional_secret(environ, config.bot_token_env)
        self._web = WebClient(token=token, base_url=config.api_url) if token else None
        self._app_token = optional_secret(environ, config.app_token_env)
        if config.socket_mode and not (self._app_token and token):
            secret(
                environ, config.app_token_env if not self._app_token else config.bot_token_env, what="slack.socket_mode"
            )

    # -- HTTP -----------------------------------------------------------------------------

    async def commands(self, request: Request) -> Response:
        body = await request.body()
        rejected = self._reject(body, request.headers)
        if rejected is not None:
            return rejected
        form = dict(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True))
        # A replayed command is byte-for-byte the same request: its signature identifies it.
        return JSONResponse(self.command(form, delivery=request.headers["x-slack-signature"]))

    async def events(self, request: Request) -> Response:
        body = await request.body()
        rejected = self._reject(body, request.headers)
        if rejected is not None:
            return rejected
        try:
            payload = json.loads(body)
        except ValueError:
            self.service.metrics.rejected.labels("slack", "bad_request").inc()
            return JSONResponse({"error": "not JSON"}, status_code=400)
        if payload.get("type") == "url_verification":
            return JSONResponse({"challenge": payload.get("challenge", "")})
        self.event(payload)
        return Response(status_code=200)

    def _reject(self, body: bytes, headers: Mapping[str, str]) -> Response | None:
        stamp, signature = headers.get("x-slack-request-timestamp"), headers.get("x-slack-signature")
        reason = None
        if not stamp or not signature or not stamp.isdigit():
            reason = "bad_signature"
        elif abs(self._now() - int(stamp)) > MAX_SKEW_SECONDS:
            reason = "stale"
        elif not self._verifier.is_valid(body, stamp, signature):
            reason = "bad_signature"
        if reason is None:
            return None
        self.service.metrics.rejected.labels("slack", reason).inc()
        return JSONResponse(
            {"error": "invalid request signature" if reason == "bad_signature" else "stale request"}, status_code=401
        )

    # -- shared by HTTP and Socket Mode ---------------------------------------------------

    def command(self, form: Mapping[str, str], *, delivery: str) -> dict[str, Any]:
        """The acknowledgement of a slash command; the verdict follows on its response_url."""
        if self.service.duplicate("slack", delivery):
            return {}
        ask = parse(form.get("text", ""))
        if not isinstance(ask, DiagnoseAsk):
            return cards.slack_text(USAGE if isinstance(ask, HelpAsk) else ask.message)
        url = form.get("response_url", "")
        if not any(url.startswith(prefix) for prefix in self.config.response_url_prefixes):
            self.service.metrics.rejected.labels("slack", "bad_request").inc()
            return cards.slack_text("This request has no Slack response_url to answer on.")
        who = Requester("slack", form.get("channel_id", ""), form.get("user_id", ""))
        refused = self.service.admit(who, ask)
        if refused is not None:
            return cards.slack_text(refused)
        self.service.submit(who, ask, lambda outcome: self._respond(url, outcome))
        return cards.slack_text(f"Diagnosing {ask.target}… the verdict will be posted here.")

    def event(self, payload: Mapping[str, Any]) -> None:
        """An Events API callback: app mentions are answered in their thread."""
        event = payload.get("event") or {}
        if event.get("type") != "app_mention" or event.get("bot_id"):
            return
        delivery = str(payload.get("event_id") or f"{event.get('channel')}:{event.get('ts')}")
        if self.service.duplicate("slack", delivery):
            return
        if self._web is None:
            log.warning("an app mention arrived but %s is not set: cannot answer it", self.config.bot_token_env)
            return
        channel, user = str(event.get("channel", "")), str(event.get("user", ""))
        thread = str(event.get("thread_ts") or event.get("ts") or "")

        def reply(outcome: Outcome) -> None:
            self._post_thread(channel, thread, outcome)

        ask = parse(str(event.get("text", "")))
        if not isinstance(ask, DiagnoseAsk):
            self.service.post(reply, USAGE if isinstance(ask, HelpAsk) else ask.message)
            return
        who = Requester("slack", channel, user)
        refused = self.service.admit(who, ask)
        if refused is not None:
            self.service.post(reply, refused)
            return
        self.service.submit(who, ask, reply)

    # -- replies (worker threads) ---------------------------------------------------------

    def _respond(self, url: str, outcome: Outcome) -> None:
        if isinstance(outcome, Verdict):
            text, blocks = cards.slack_blocks(outcome, self.service.redactor, tr=self.service.settings.translator())
            resp = WebhookClient(url).send(text=text, blocks=blocks, response_type="in_channel", replace_original=False)
        else:
            resp = WebhookClient(url).send(text=outcome, response_type="ephemeral", replace_original=False)
        if resp.status_code != 200:
            log.warning("response_url answered %s: %s", resp.status_code, resp.body[:200])

    def _post_thread(self, channel: str, thread: str, outcome: Outcome) -> None:
        assert self._web is not None
        if isinstance(outcome, Verdict):
            text, blocks = cards.slack_blocks(outcome, self.service.redactor, tr=self.service.settings.translator())
            self._web.chat_postMessage(channel=channel, thread_ts=thread, text=text, blocks=blocks)
        else:
            self._web.chat_postMessage(channel=channel, thread_ts=thread, text=outcome)

    # -- Socket Mode ----------------------------------------------------------------------

    def connect_socket_mode(self) -> Any:
        """Connect out to Slack (no ingress needed); requests arrive over the websocket,
        already authenticated by the app token, and are handled as over HTTP."""
        from slack_sdk.socket_mode import SocketModeClient
        from slack_sdk.socket_mode.client import BaseSocketModeClient
        from slack_sdk.socket_mode.request import SocketModeRequest
        from slack_sdk.socket_mode.response import SocketModeResponse

        client = SocketModeClient(app_token=self._app_token or "", web_client=self._web)

        def listener(client: BaseSocketModeClient, req: SocketModeRequest) -> None:
            body: dict[str, Any] | None = None
            if req.type == "slash_commands":
                body = self.command(req.payload, delivery=req.envelope_id)
            client.send_socket_mode_response(SocketModeResponse(envelope_id=req.envelope_id, payload=body or None))
            if req.type == "events_api":
                self.event(req.payload)

        client.socket_mode_request_listeners.append(listener)
        client.connect()
        return client
