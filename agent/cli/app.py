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

from collections.abc import Sequence  # noqa: E402
from typing import Annotated, Any  # noqa: E402

import typer  # noqa: E402
from typer.core import TyperCommand, TyperGroup  # noqa: E402

from agent.cli.commands import (  # noqa: E402  # noqa: E402
    bot,
    capture,
    diagnose,
    evaluate,
    mcp,
    operator,  # noqa: E402
    prompt,
    rules,
    triage,
    watch,
)
from agent.cli.shell import UsageError, usage_message  # noqa: E402


class Commands(TyperGroup):
    """The app's group: a usage mistake worded as kubectl words one - one line and a pointer
    to the help, exit 2 - instead of Click's usage block and its Python wording."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        if not standalone_mode:
            return super().main(argv, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            code = super().main(argv, prog_name, complete_var, False, windows_expand_args, **extra)
        except UsageError as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":  # bare `jobdoctor`: the help, as kubectl does
                typer.echo(exc.ctx.get_help())  # type: ignore[attr-defined]
                sys.exit(0)
            prog = prog_name or "jobdoctor"
            command = next((a for a in argv if not a.startswith("-")), None)
            path = f"{prog} {command}" if command in self.commands else prog
            typer.echo(f"jobdoctor: error: {usage_message(exc, argv)}\nSee '{path} --help' for usage.", err=True)
            sys.exit(2)
        except typer.Abort:
            typer.echo("Aborted.", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


class Command(TyperCommand):
    """A command whose help reads like kubectl's: arguments by their metavar (``TYPE[/NAME]
    [NAME]``, ``CASES_DIR``) in the usage line and the list, with no Python type beside them."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return [
            self.options_metavar or "",
            *(_argument_name(p) for p in self.get_params(ctx) if p.param_type_name == "argument"),
        ]

    def format_options(self, ctx: Any, formatter: Any) -> None:
        args = [
            (_argument_name(p), getattr(p, "help", None) or "")
            for p in self.get_params(ctx)
            if p.param_type_name == "argument"
        ]
        opts = [r for p in self.get_params(ctx) if p.param_type_name == "option" for r in [p.get_help_record(ctx)] if r]
        for title, rows in (("Arguments", args), ("Options", opts)):
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


def _argument_name(param: Any) -> str:
    return str(param.metavar or (param.name or "").upper())


def show_version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"jobdoctor {version('jobdoctor')}")
        except PackageNotFoundError:  # run from a source tree that was never installed
            typer.echo("jobdoctor (not installed)")
        raise typer.Exit()


app = typer.Typer(
    cls=Commands,
    name="jobdoctor",
    help="""Find why an ML job on Kubernetes failed, hangs or never started.

    Diagnose a snapshot, with no cluster and no model:

    \b
        jobdoctor diagnose pytorchjob/llama-ft --snapshot examples/snapshots/pytorchjob-gpu-oom-cascade

    Diagnose live, with kubectl's configuration:

    \b
        jobdoctor diagnose job/nightly-eval -n research

    Save what it read, to diagnose it anywhere later:

    \b
        jobdoctor capture job/nightly-eval -n research --to nightly-eval-snap

    Shell completion (bash, zsh, fish): jobdoctor --install-completion
    """,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=show_version, is_eager=True, help="Print jobdoctor's version and exit."),
    ] = False,
) -> None:
    """Options before the command."""


# One line each in `jobdoctor --help`, whole: Click would cut the docstrings' first sentences.
app.command("diagnose", cls=Command, short_help="Diagnose one workload: why it failed, hangs or never started.")(
    diagnose.diagnose
)
app.command("eval", cls=Command, short_help="Score the engine on saved cases (expected.yaml beside each snapshot).")(
    evaluate.evaluate
)
app.command("rules", cls=Command, short_help="List and check the signature catalogue.")(rules.list_rules)
app.command("prompt", cls=Command, short_help="Print what a model would be sent about a workload; send nothing.")(
    prompt.prompt
)
app.command("capture", cls=Command, short_help="Save what a diagnosis reads as a snapshot, to diagnose anywhere.")(
    capture.capture
)
app.command("bot", cls=Command, short_help="Serve the chat-ops bot (Slack, Feishu/Lark, JSON) and the watcher.")(
    bot.bot
)
app.command("watch", cls=Command, short_help="Post each failed, stuck or stalled job's verdict once.")(watch.watch)
app.command("operator", cls=Command, short_help="Diagnose each JobDiagnosis applied to the cluster (its status).")(
    operator.operator
)
app.command(
    "triage", cls=Command, short_help="Diagnose every failed, stuck or stalled workload in a namespace, in one table."
)(triage.triage)
app.command("mcp", cls=Command, short_help="Serve diagnose, triage and explain_category to AI agents over MCP.")(
    mcp.mcp
)


def main() -> None:
    """Console entry point for ``jobdoctor`` and ``kubectl-jobdoctor``."""
    prog = Path(sys.argv[0]).name if sys.argv else "jobdoctor"
    app(prog_name="kubectl jobdoctor" if prog.startswith("kubectl-") else "jobdoctor")


def kubectl_complete() -> None:
    """Console entry point for ``kubectl_complete-jobdoctor``: for ``kubectl jobdoctor ARG...
    WORD<TAB>``, kubectl (1.26+) runs it with ``ARG... WORD`` and offers what it prints, one
    completion a line. The same completions as ``jobdoctor``'s own, through typer's."""
    import shlex

    words = sys.argv[1:] or [""]
    os.environ.update(
        {
            "_JOBDOCTOR_COMPLETE": "complete_bash",
            "COMP_WORDS": shlex.join(["jobdoctor", *words]),
            "COMP_CWORD": str(len(words)),
        }
    )
    app(prog_name="jobdoctor")
