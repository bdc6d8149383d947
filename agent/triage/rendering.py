"""A triage report as a table (kubectl's layout), Markdown or JSON. Pure."""

from __future__ import annotations

from enum import Enum

from agent.triage.report import ERROR_CHARS, Report, Row
from collectors.kinds import builtin_kinds
from collectors.timestamps import format_duration


class TriageFormat(str, Enum):
    table = "table"
    json = "json"
    markdown = "markdown"


def render_report(report: Report, fmt: TriageFormat) -> str:
    if fmt is TriageFormat.json:
        return report.model_dump_json(indent=2)
    if fmt is TriageFormat.markdown:
        return markdown(report)
    return table(report)


def columns(report: Report) -> list[str]:
    namespaces = {r.namespace for r in report.rows}
    heads = ["NAMESPACE"] if len(namespaces) > 1 else []
    heads += ["WORKLOAD", "STATUS", "CATEGORY", "CULPRIT", "AGE"]
    if any(r.confidence for r in report.rows):
        heads.append("CONFIDENCE")
    return heads + ["ERROR"]


def cells(row: Row, heads: list[str]) -> list[str]:
    values = {
        "NAMESPACE": row.namespace,
        "WORKLOAD": f"{resource_name(row)}/{row.name}",
        "STATUS": row.status,
        "CATEGORY": row.category or "-",
        "CULPRIT": row.culprit or "-",
        "AGE": format_duration(row.age_seconds) if row.age_seconds is not None else "-",
        "CONFIDENCE": row.confidence or "-",
        "ERROR": _cut(row.error, ERROR_CHARS),
    }
    return [values[h] for h in heads]


def resource_name(row: Row) -> str:
    """``pytorchjob``; ``job.batch.volcano.sh`` where the kind alone would name another kind."""
    group = row.api_version.rpartition("/")[0]
    shared = sum(1 for k in builtin_kinds() if k.kind == row.kind) > 1
    return f"{row.kind.lower()}.{group}" if shared and group else row.kind.lower()


def table(report: Report) -> str:
    lines = []
    if report.rows:
        heads = columns(report)
        grid = [heads, *(cells(r, heads) for r in report.rows)]
        widths = [max(len(line[i]) for line in grid) for i in range(len(heads) - 1)]
        lines = [
            "   ".join([*(c.ljust(w) for c, w in zip(line, widths, strict=False)), line[-1]]).rstrip() for line in grid
        ]
        lines.append("")
    lines += report.summary
    lines += [f"note: {n}" for n in report.notes]
    return "\n".join(lines)


def markdown(report: Report) -> str:
    lines = [f"### Triage of {report.scope}", ""]
    if report.rows:
        heads = columns(report)
        lines.append("| " + " | ".join(h.capitalize() for h in heads) + " |")
        lines.append("|" + " --- |" * len(heads))
        for row in report.rows:
            lines.append("| " + " | ".join(_escape(c) for c in cells(row, heads)) + " |")
        lines.append("")
    lines += [f"- {s}" for s in report.summary]
    lines += [f"- note: {n}" for n in report.notes]
    return "\n".join(lines)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _escape(cell: str) -> str:
    return cell.replace("|", "\\|").replace("`", "'")
