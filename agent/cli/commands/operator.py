"""``jobdoctor operator --config FILE``: the JobDiagnosis controller alone (agent/operator/)."""

from __future__ import annotations

from agent.cli.commands.bot import BotConfigFile
from agent.cli.shell import Debug, handle_errors, require_bot_extra


@handle_errors
def operator(config: BotConfigFile, debug: Debug = False) -> None:
    """Diagnose each JobDiagnosis applied to the cluster and write the verdict to its status.

    The same `operator` section as `jobdoctor bot`, which runs the controller too. Needs the
    CRD (deploy/base/crd.yaml). Stops on SIGTERM or Ctrl-C; exit 1 when the leader Lease was lost.
    """
    require_bot_extra("operator")
    import importlib.util
    import logging
    import threading

    import typer

    from agent.errors import ConfigError, ExitCode

    if importlib.util.find_spec("kopf") is None:
        typer.echo(
            "jobdoctor: error: operator needs the bot extra (kopf is not installed): pip install 'jobdoctor[bot]'",
            err=True,
        )
        raise typer.Exit(ExitCode.USAGE)
    from agent.bot.app import build_service
    from agent.bot.config import load_bot_config
    from agent.bot.operating import make_operator, run_operator
    from agent.bot.running import stop_on_signals

    logging.basicConfig(
        level=logging.DEBUG if debug else logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    settings = load_bot_config(config)
    if settings.operator is None or not settings.operator.enabled:
        raise ConfigError(f"bot config {config}: no enabled operator section")
    service = build_service(settings)
    controller = make_operator(settings, service)
    stop = threading.Event()
    stop_on_signals(stop)
    if not run_operator(settings, service, controller, stop):
        typer.echo("jobdoctor: the operator lost its leader Lease", err=True)
        raise typer.Exit(1)
