"""A verdict as text (the Aegis format: Healthy / Error / Analysis / Solution), JSON or
Markdown. Colour only when asked (the CLI asks when stdout is a terminal)."""

from __future__ import annotations

from enum import Enum

from agent.engine.verdict import EvidenceLine, Verdict


class Format(str, Enum):
    text = "text"
    json = "json"
    markdown = "markdown"


_BOLD, _RED, _GREEN, _DIM, _RESET = "\x1b[1m", "\x1b[31m", "\x1b[32m", "\x1b[2m", "\x1b[0m"


def render(verdict: Verdict, fmt: Format, *, color: bool = False) -> str:
    if fmt is Format.json:
        return verdict.model_dump_json(indent=2)
    if fmt is Format.markdown:
        return markdown(verdict)
    return text(verdict, color=color)


def _where(line: EvidenceLine) -> str:
    place = "/".join(p for p in (line.pod, line.container) if p)
    return f"{line.source} {place}".strip()


def text(verdict: Verdict, *, color: bool = False) -> str:
    def paint(s: str, code: str) -> str:
        return f"{code}{s}{_RESET}" if color else s

    healthy = paint("Yes", _GREEN) if verdict.healthy else paint("No", _RED)
    out = [
        f"{paint('Healthy:', _BOLD)} {healthy}",
        f"{paint('Error:', _BOLD)} {verdict.error}",
        f"{paint('Analysis:', _BOLD)} {verdict.analysis}",
        f"{paint('Solution:', _BOLD)} {verdict.solution}",
        "",
    ]
    facts = [f"Category: {verdict.category}"]
    if verdict.culprit:
        facts.append(f"Culprit: {verdict.culprit.pod}" + (f"/{verdict.culprit.container}" if verdict.culprit.container else ""))
    facts.append(f"Engine: {verdict.engine}")
    out.append(paint("   ".join(facts), _DIM))
    if verdict.confidence != "high":
        out.append(paint(f"Confidence: {verdict.confidence} - {verdict.confidence_reason or 'see the analysis'}", _DIM))
    if verdict.evidence:
        out.append(paint("Evidence:", _BOLD))
        out.extend(f"  [{_where(e)}] {e.text}" for e in verdict.evidence)
    if verdict.notes:
        out.append(paint("Notes:", _BOLD))
        out.extend(f"  - {n}" for n in verdict.notes)
    return "\n".join(out)


def markdown(verdict: Verdict) -> str:
    state = "Healthy" if verdict.healthy else "Failing"
    title = f"### {state}: {verdict.target or 'workload'} - `{verdict.category}`"
    out = [title, "", f"**Healthy:** {'Yes' if verdict.healthy else 'No'}  ", f"**Error:** {verdict.error}  "]
    if verdict.culprit:
        ctr = f" / `{verdict.culprit.container}`" if verdict.culprit.container else ""
        out.append(f"**Culprit:** `{verdict.culprit.pod}`{ctr}  ")
    out += [f"**Analysis:** {verdict.analysis}  ", f"**Solution:** {verdict.solution}", ""]
    if verdict.confidence != "high":
        out[-1:] = [f"**Confidence:** {verdict.confidence} - {verdict.confidence_reason or 'see the analysis'}", ""]
    if verdict.evidence:
        out.append("<details><summary>Evidence</summary>")
        out += ["", "```"]
        out += [f"[{_where(e)}] {e.text.replace('```', '`' + chr(0x200b) + '``')}" for e in verdict.evidence]
        out += ["```", "", "</details>"]
    if verdict.notes:
        out += ["", *(f"- {n}" for n in verdict.notes)]
    out += ["", f"_engine: {verdict.engine}_"]
    return "\n".join(out)
