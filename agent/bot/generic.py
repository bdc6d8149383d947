"""A JSON endpoint for chat systems without their own module (Mattermost, Rocket.Chat,
an internal portal): ``POST /api/diagnose``.

Authenticated by ``Authorization: Bearer TOKEN`` or by jobdoctor's HMAC signature
(agent/bot/signing.py), whichever the config enables. The body::

    {"kind": "pytorchjob", "namespace": "team-nlp", "name": "llama-ft",   # or "text": "diagnose ..."
     "channel": "ops", "user": "alice", "delivery_id": "optional, for retries",
     "callback_url": "optional: answer 202 now, POST the verdict there"}

Without ``callback_url`` the answer waits for the verdict (the event loop does not: the
diagnosis runs in a worker thread). The verdict is sent redacted, as JSON and as markdown.

A signed request is answered once: its signature is remembered for as long as its
timestamp is accepted, and the same request again (a replay, or a client's retry) is
answered ``{"status": "duplicate"}``, ``delivery_id`` or not. A client that really wants a
second diagnosis signs again with a new timestamp.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import time
from collections.abc import Callable, Mapping
from typing import Any

import httpx
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from agent.bot import cards
from agent.bot.config import GenericConfig, optional_secret
from agent.bot.limits import Deliveries
from agent.bot.parsing import DiagnoseAsk, Usage, parse
from agent.bot.service import Outcome, Requester, Service
from agent.bot.signing import MAX_SKEW_SECONDS, SIGNATURE_HEADER, TIMESTAMP_HEADER, check, signed_headers
from agent.engine.verdict import Verdict
from agent.errors import ConfigError
from agent.render import markdown

CALLBACK_TIMEOUT = httpx.Timeout(10.0, connect=5.0)


def payload(outcome: Outcome, service: Service) -> dict[str, Any]:
    """What the endpoint answers and the callback receives."""
    if isinstance(outcome, Verdict):
        safe = cards.redacted(outcome, service.redactor)
        return {
            "status": "ok",
            "verdict": safe.model_dump(mode="json"),
            "markdown": markdown(safe, tr=service.settings.translator()),
        }
    return {"status": "error", "error": outcome}


class Generic:
    def __init__(
        self,
        config: GenericConfig,
        service: Service,
        environ: Mapping[str, str],
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.config = config
        self.service = service
        self._now = clock
        self._hmac = optional_secret(environ, config.hmac_secret_env)
        self._bearer = optional_secret(environ, config.bearer_token_env)
        # A timestamp is accepted from MAX_SKEW before it to MAX_SKEW after: a signature
        # remembered that long from its first use outlives every replay of it.
        self._signatures = Deliveries(2 * MAX_SKEW_SECONDS, clock=clock)
        if not (self._hmac or self._bearer):
            raise ConfigError(
                f"generic: set {config.hmac_secret_env or config.bearer_token_env or 'a secret'}: "
                "the endpoint needs an HMAC secret or a bearer token"
            )

    async def diagnose(self, request: Request) -> Response:
        body = await request.body()
        reason, signature = self._authenticate(body, request.headers)
        if reason is not None:
            self.service.metrics.rejected.labels("generic", reason).inc()
            return JSONResponse(
                {"status": "error", "error": "unauthenticated" if reason != "stale" else "stale request"},
                status_code=401,
            )
        if signature is not None and not self._signatures.first(signature):
            self.service.metrics.rejected.labels("generic", "duplicate").inc()
            return JSONResponse({"status": "duplicate"})
        try:
            data = json.loads(body)
            if not isinstance(data, dict):
                raise ValueError
        except ValueError:
            return self._bad("the body must be a JSON object")
        ask = _ask(data)
        if not isinstance(ask, DiagnoseAsk):
            return self._bad(ask.message if isinstance(ask, Usage) else "nothing to diagnose")
        callback = data.get("callback_url")
        if callback is not None and not any(str(callback).startswith(p) for p in self.config.callback_url_prefixes):
            return self._bad("callback_url is not one the config allows (generic.callback_url_prefixes)")
        delivery = data.get("delivery_id") or request.headers.get("x-request-id")
        if delivery and self.service.duplicate("generic", str(delivery)):
            return JSONResponse({"status": "duplicate"})

        who = Requester("generic", str(data.get("channel", "")), str(data.get("user", "")))
        refused = self.service.admit(who, ask)
        if refused is not None:
            return JSONResponse({"status": "refused", "error": refused}, status_code=403)
        if callback is not None:
            self.service.submit(who, ask, lambda outcome: self._call_back(str(callback), outcome))
            return JSONResponse({"status": "accepted"}, status_code=202)
        outcome = await asyncio.wrap_future(self.service.submit(who, ask, lambda _: None))
        return JSONResponse(payload(outcome, self.service), status_code=200 if isinstance(outcome, Verdict) else 422)

    def _authenticate(self, body: bytes, headers: Mapping[str, str]) -> tuple[str | None, str | None]:
        """(why the request is refused or None, the signature that let it in or None)."""
        auth = headers.get("authorization", "")
        if self._bearer and auth.startswith("Bearer "):
            return (None if hmac.compare_digest(auth[len("Bearer ") :], self._bearer) else "bad_token"), None
        if self._hmac:
            signature = headers.get(SIGNATURE_HEADER.lower())
            reason = check(self._hmac, headers.get(TIMESTAMP_HEADER.lower()), signature, body, now=self._now())
            return reason, signature if reason is None else None
        return "bad_token", None

    def _bad(self, message: str) -> Response:
        self.service.metrics.rejected.labels("generic", "bad_request").inc()
        return JSONResponse({"status": "error", "error": message}, status_code=400)

    def _call_back(self, url: str, outcome: Outcome) -> None:
        body = json.dumps(payload(outcome, self.service)).encode()
        headers = {"Content-Type": "application/json"}
        if self._hmac:
            headers.update(signed_headers(self._hmac, int(self._now()), body))
        httpx.post(url, content=body, headers=headers, timeout=CALLBACK_TIMEOUT).raise_for_status()


def _ask(data: Mapping[str, Any]) -> DiagnoseAsk | Usage | Any:
    if "text" in data:
        return parse(str(data["text"]))
    missing = [k for k in ("kind", "namespace", "name") if not isinstance(data.get(k), str) or not data.get(k)]
    if missing:
        return Usage(f"missing {', '.join(missing)}")
    return parse(f"diagnose {data['kind']} {data['namespace']}/{data['name']}")
