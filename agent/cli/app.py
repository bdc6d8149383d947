"""The ``jobdoctor`` command (also ``kubectl jobdoctor``): the commands of agent/cli/commands/
joined into one app. Commands are thin: parse, build Settings and a Source, call
diagnose(), render; their heavy imports happen inside them, so start-up stays fast."""

from __future__ import annotations

import os
import sys
from pathlib import Path

# jobdoctor uses no pydantic plugins; without this, building the first model scans every
# installed distribution's entry points for them, a fifth of a snapshot diagnosis's CPU.
# Set before the commands import the models; an explicit setting still wins.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

import typer  # noqa: E402

from agent.cli.commands import bot, capture, diagnose, evaluate, prompt, rules, watch  # noqa: E402

app = typer.Typer(
    name="jobdoctor",
    help="""Find why an ML job on Kubernetes failed, hangs or never started.

    Diagnose a snapshot, with no cluster and no model:

    \b
        jobdoctor diagnose pytorchjob llama-ft -n team-nlp --snapshot examples/snapshots/pytorchjob-gpu-oom-cascade

    Diagnose live, with kubectl's configuration:

    \b
        jobdoctor diagnose job nightly-eval -n research

    Save what it read, to diagnose it anywhere later:

    \b
        jobdoctor capture job nightly-eval -n research -o nightly-eval-snap
    """,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app.command("diagnose")(diagnose.diagnose)
app.command("eval")(evaluate.evaluate)
app.command("rules")(rules.list_rules)
app.command("prompt")(prompt.prompt)
app.command("capture")(capture.capture)
app.command("bot")(bot.bot)
app.command("watch")(watch.watch)


def main() -> None:
    """Console entry point for ``jobdoctor`` and ``kubectl-jobdoctor``."""
    prog = Path(sys.argv[0]).name if sys.argv else "jobdoctor"
    app(prog_name="kubectl jobdoctor" if prog.startswith("kubectl-") else "jobdoctor")
