"""``jobdoctor rules``: the signature catalogue."""

from __future__ import annotations

from typing import Annotated

import typer

from agent.cli.shell import Debug, Rules, handle_errors, rule_files


@handle_errors
def list_rules(
    rules: Rules = None,
    category: Annotated[str | None, typer.Option("--category", help="Only this category.")] = None,
    debug: Debug = False,
) -> None:
    """List the signature catalogue: built-in, plus --rules files (which are checked on the way)."""
    from agent.engine.signatures import load_catalogue

    catalogue = load_catalogue(rule_files(rules) or [])
    for s in catalogue.signatures:
        if category is None or s.category == category:
            typer.echo(f"{s.id:34} {s.kind:8} {s.where:7} {s.specificity:3}  {s.category or '-'}")
