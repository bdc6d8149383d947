"""``jobdoctor eval CASES_DIR``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from agent.cli.shell import BaseURL, Config, Debug, Model, NoLLM, Rules, handle_errors, progress_printer, rule_files


def cases_dir(value: Path) -> Path:
    """CASES_DIR is a folder: a file is a usage mistake (exit 2)."""
    if value.is_file():
        raise typer.BadParameter("a file, not a folder of cases (<id>/expected.yaml beside each snapshot)")
    return value


@handle_errors
def evaluate(
    cases: Annotated[
        Path,
        typer.Argument(
            metavar="CASES_DIR",
            callback=cases_dir,
            help="Folder of cases: <id>/expected.yaml beside <id>/snapshot/, or beside "
            "the snapshot's own files (examples/snapshots).",
        ),
    ],
    no_llm: NoLLM = False,
    rules: Rules = None,
    config: Config = None,
    model: Model = None,
    base_url: BaseURL = None,
    show_verdicts: Annotated[bool, typer.Option("--show-verdicts", help="Print each miss's verdict.")] = False,
    prompt_recall: Annotated[
        bool,
        typer.Option(
            "--prompt-recall", help="Instead: whether each case's evidence line is in the prompt a model would be sent."
        ),
    ] = False,
    debug: Debug = False,
) -> None:
    """Score the engine on saved cases: the misses, then category, culprit and evidence figures.

    Try it on the examples: jobdoctor eval examples/snapshots. Run it on your own cases
    after adding signatures (--rules FILE) to see what they change. The expected.yaml
    format is in the README ("Evaluating"). Exit 1 when a case is missed, 3 for a case
    file that cannot be used.
    """
    from agent.diagnosis import make_advisor
    from agent.engine.signatures import load_catalogue
    from agent.evaluation import evaluate_cases, report
    from agent.settings import load_settings

    settings = load_settings({"model": model, "base_url": base_url, "rules": rule_files(rules)}, config=config)
    catalogue = load_catalogue(settings.rules)
    if prompt_recall:
        from agent.evaluation import prompt_recall as recall
        from agent.evaluation import recall_report

        rows = recall(cases, catalogue=catalogue, settings=settings)
        typer.echo(recall_report(rows))
        if not all(found for _, _, found in rows):
            raise typer.Exit(1)
        return
    advisor_for = None if no_llm or not settings.model else (lambda source: make_advisor(settings, source))
    progress = progress_printer(delay=None)
    try:
        results = evaluate_cases(
            cases, catalogue=catalogue, settings=settings, advisor_for=advisor_for, progress=progress
        )
    finally:
        if progress is not None:
            progress.close()
    typer.echo(report(results, show_verdicts=show_verdicts))
    if any(r.misses for r in results):
        raise typer.Exit(1)
