"""``jobdoctor bot --config FILE``: the chat-ops service (agent/bot/)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from agent.cli.shell import Debug, handle_errors, require_bot_extra

BotConfigFile = Annotated[
    Path,
    typer.Option(
        "--config", metavar="FILE", help="The bot's config file (YAML); see deploy/README.md.", dir_okay=False
    ),
]


@handle_errors
def bot(config: BotConfigFile, debug: Debug = False) -> None:
    """Serve Slack, Feishu/Lark and a JSON endpoint; watch for failed jobs when the config has `watch`.

    Needs the bot extra: pip install 'jobdoctor[bot]' (exit 2 without it). Exit 1 when the
    watcher lost its leader Lease (Kubernetes restarts it as a follower), 3 for a bad config or a missing secret, 4 when the cluster cannot be asked.
    """
    require_bot_extra("bot")
    import logging
    import os

    from agent.bot.app import build_service
    from agent.bot.config import load_bot_config
    from agent.bot.running import serve

    logging.basicConfig(
        level=logging.DEBUG if debug else logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    settings = load_bot_config(config)
    service = build_service(settings)
    if not serve(settings, service, os.environ):
        typer.echo("jobdoctor: the watcher lost its leader Lease; exiting so that Kubernetes restarts it", err=True)
        raise typer.Exit(1)
