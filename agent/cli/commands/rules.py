"""``jobdoctor rules``: the signature catalogue."""

from __future__ import annotations

import json
from enum import Enum
from typing import Annotated, Any

import typer

from agent.cli.shell import Debug, Rules, handle_errors, rule_files


class RulesFormat(str, Enum):
    text = "text"
    json = "json"


def _categories() -> list[str]:
    from agent.engine.taxonomy import categories

    return list(categories())


def known_category(value: str | None) -> str | None:
    """--category names a taxonomy id: anything else is a usage error (exit 2), not an empty list."""
    if value is not None and value not in _categories():
        import difflib

        close = difflib.get_close_matches(value, _categories(), n=1)
        raise typer.BadParameter(
            f"not a category; did you mean {close[0]}?" if close else "not a category; see the README's Categories"
        )
    return value


def complete_category(incomplete: str) -> list[str]:
    return [c for c in _categories() if c.startswith(incomplete)]


Category = Annotated[
    str | None,
    typer.Option(
        "--category",
        metavar="CATEGORY",
        callback=known_category,
        autocompletion=complete_category,
        help="Only this category's signatures.",
    ),
]
Output = Annotated[
    RulesFormat,
    typer.Option(
        "--output",
        "-o",
        metavar="text|json",
        case_sensitive=False,
        help="Output format: a table, or the signatures as JSON.",
    ),
]


@handle_errors
def list_rules(
    rules: Rules = None,
    category: Category = None,
    output: Output = RulesFormat.text,
    debug: Debug = False,
) -> None:
    """List the signature catalogue: built-in, plus --rules files (which are checked on the way).

    One signature a row: its id, kind (cause, symptom, noise), where it looks (log, event,
    status), specificity, category and what it matches - the pattern, or for events and
    statuses the reason, subject and exit codes. Exit 3 for a rules file that cannot be used.
    """
    from agent.engine.signatures import load_catalogue

    catalogue = load_catalogue(rule_files(rules) or [])
    chosen = [s for s in catalogue.signatures if category is None or s.category == category]
    if output is RulesFormat.json:
        typer.echo(
            json.dumps([s.model_dump(mode="json", exclude_defaults=True) for s in chosen], ensure_ascii=False, indent=2)
        )
        return
    rows = [("ID", "KIND", "WHERE", "SPEC", "CATEGORY", "MATCHES")]
    rows += [(s.id, s.kind, s.where, str(s.specificity), s.category or "-", _matches(s)) for s in chosen]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    for row in rows:
        typer.echo("   ".join([*(cell.ljust(w) for cell, w in zip(row, widths, strict=False)), row[-1]]).rstrip())


def _matches(s: Any) -> str:
    """What a signature matches, in one cell."""
    parts = []
    if s.reason:
        parts.append(f"reason={s.reason}")
    if s.subject:
        parts.append(f"subject={s.subject}")
    if s.exit_codes is not None:
        parts.append("exit=" + ",".join(str(c) for c in s.exit_codes))
    if s.pattern:
        parts.append(s.pattern if not parts else f"pattern={s.pattern}")
    # One row per signature: a control character in a pattern (a "\n" in a double-quoted
    # YAML string is a real newline) is shown as its escape.
    return " ".join(parts).replace("\n", "\\n").replace("\t", "\\t")
