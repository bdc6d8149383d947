"""The ASGI app: the platform endpoints the config enables, health and metrics.

    POST /slack/commands   Slack slash command          (slack, unless socket_mode)
    POST /slack/events     Slack Events API             (slack, unless socket_mode)
    POST /lark/events      Feishu / Lark event callback (lark)
    POST /api/diagnose     generic JSON endpoint        (generic)
    GET  /healthz          the process is up
    GET  /readyz           accepting diagnoses (503 while draining or the queue is full)
    GET  /metrics          Prometheus

Serving is stateless apart from the in-memory duplicate-delivery window, so replicas can
sit behind one Service; only the watcher needs a leader.
"""

from __future__ import annotations

import os
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from agent.bot.config import BotConfig
from agent.bot.service import Service


def create_app(
    config: BotConfig,
    service: Service,
    *,
    environ: Mapping[str, str] | None = None,
    clock: Callable[[], float] = time.time,
    lark_http: Any = None,
) -> Starlette:
    """Raises ``ConfigError`` when an enabled platform's secrets are not set."""
    environ = os.environ if environ is None else environ
    routes: list[Route] = []
    closers: list[Callable[[], None]] = [service.close]
    if config.slack is not None:
        from agent.bot.slack import Slack

        slack = Slack(config.slack, service, environ, clock=clock)
        if not config.slack.socket_mode:
            routes += [
                Route("/slack/commands", slack.commands, methods=["POST"]),
                Route("/slack/events", slack.events, methods=["POST"]),
            ]
    if config.lark is not None:
        from agent.bot.lark import Lark

        lark = Lark(config.lark, service, environ, clock=clock, http=lark_http)
        routes.append(Route("/lark/events", lark.events, methods=["POST"]))
        closers.append(lark.close)
    if config.generic is not None:
        from agent.bot.generic import Generic

        routes.append(
            Route("/api/diagnose", Generic(config.generic, service, environ, clock=clock).diagnose, methods=["POST"])
        )

    async def healthz(request: Request) -> Response:
        return PlainTextResponse("ok")

    async def readyz(request: Request) -> Response:
        return PlainTextResponse("ready") if service.ready else PlainTextResponse("busy", status_code=503)

    async def metrics(request: Request) -> Response:
        return Response(service.metrics.render(), media_type=service.metrics.content_type)

    routes += [Route("/healthz", healthz), Route("/readyz", readyz), Route("/metrics", metrics)]

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        for close in closers:
            close()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.slack = slack if config.slack is not None else None
    return app


def build_service(config: BotConfig) -> Service:
    """The Service a deployment runs: settings from the config's ``settings``, the cluster
    from ``kubeconfig``/``context`` (in a pod: its service account), the model if set."""
    from agent.diagnosis import make_advisor
    from agent.engine.signatures import load_catalogue
    from agent.settings import load_settings
    from collectors.cluster import ClusterSource

    settings = load_settings(config.settings)
    catalogue = load_catalogue(settings.rules)
    source = ClusterSource.from_config(kubeconfig=config.kubeconfig, context=config.context)
    return Service(
        config, source=source, settings=settings, catalogue=catalogue, advisor=make_advisor(settings, source)
    )
