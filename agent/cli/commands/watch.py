"""``jobdoctor watch --config FILE``: the failure watcher alone (agent/bot/watch.py)."""

from __future__ import annotations

from agent.cli.commands.bot import BotConfigFile
from agent.cli.shell import Debug, handle_errors, require_bot_extra


@handle_errors
def watch(config: BotConfigFile, debug: Debug = False) -> None:
    """Watch the configured namespaces and post each failed, long-Pending or stalled job's verdict once.

    The same `watch` section as `jobdoctor bot`, which runs the watcher too. Stops on
    SIGTERM or Ctrl-C; exit 1 when the leader Lease was lost.
    """
    require_bot_extra("watch")
    import logging
    import os
    import threading

    import typer

    from agent.bot.app import build_service
    from agent.bot.config import load_bot_config
    from agent.bot.running import make_watcher, run_watch, stop_on_signals
    from agent.errors import ConfigError

    logging.basicConfig(
        level=logging.DEBUG if debug else logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    settings = load_bot_config(config)
    if settings.watch is None or not settings.watch.enabled:
        raise ConfigError(f"bot config {config}: no enabled watch section")
    service = build_service(settings)
    watcher = make_watcher(settings, service, os.environ)
    stop = threading.Event()
    stop_on_signals(stop)
    if not run_watch(settings, service, watcher, stop):
        typer.echo("jobdoctor: the watcher lost its leader Lease", err=True)
        raise typer.Exit(1)
