"""A verdict as text (the Aegis format: Healthy / Error / Analysis / Solution), JSON or
Markdown. Colour only when asked (the CLI asks when stdout is a terminal).

Labels follow the verdict's language (``tr``, from the ``language`` setting), except the
text format's four keys and their Yes/No, which stay as Aegis writes them - in its Chinese
documentation too - so what parses Aegis' format parses ours. JSON is data: never translated.
"""

from __future__ import annotations

from enum import Enum

from agent.engine.verdict import EvidenceLine, Verdict
from agent.i18n import ENGLISH, Translator


class Format(str, Enum):
    text = "text"
    json = "json"
    markdown = "markdown"


FULL_WIDTH_COLON = "\uff1a"
_BOLD, _RED, _GREEN, _DIM, _RESET = "\x1b[1m", "\x1b[31m", "\x1b[32m", "\x1b[2m", "\x1b[0m"


def render(verdict: Verdict, fmt: Format, *, color: bool = False, tr: Translator = ENGLISH) -> str:
    if fmt is Format.json:
        return verdict.model_dump_json(indent=2)
    if fmt is Format.markdown:
        return markdown(verdict, tr=tr)
    return text(verdict, color=color, tr=tr)


def _where(line: EvidenceLine) -> str:
    place = "/".join(p for p in (line.pod, line.container) if p)
    return f"{line.source} {place}".strip()


def text(verdict: Verdict, *, color: bool = False, tr: Translator = ENGLISH) -> str:
    _ = tr.gettext

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
    facts = [labelled(_("Category:"), verdict.category)]
    if verdict.culprit:
        facts.append(labelled(_("Culprit:"), culprit(verdict)))
    facts.append(labelled(_("Engine:"), verdict.engine))
    out.append(paint("   ".join(facts), _DIM))
    if verdict.confidence != "high":
        out.append(paint(labelled(_("Confidence:"), _confidence(verdict, tr)), _DIM))
    if verdict.evidence:
        out.append(paint(_("Evidence:"), _BOLD))
        out.extend(f"  [{_where(e)}] {e.text}" for e in verdict.evidence)
    if verdict.notes:
        out.append(paint(_("Notes:"), _BOLD))
        out.extend(f"  - {n}" for n in verdict.notes)
    return "\n".join(out)


def _confidence(verdict: Verdict, tr: Translator) -> str:
    """``medium - the stall is inferred ...``: the level is an id, like the category."""
    return f"{verdict.confidence} - {verdict.confidence_reason or tr.gettext('see the analysis')}"


def labelled(label: str, value: str) -> str:
    """``Category: gpu-oom``; after a full-width colon (``类别：gpu-oom``), which carries its
    own space, none."""
    return label + value if label.endswith(FULL_WIDTH_COLON) else f"{label} {value}"


def headline(verdict: Verdict, *, tr: Translator = ENGLISH, trigger: str | None = None, code: bool = False) -> str:
    """``Failing: PyTorchJob team-nlp/llama-ft - gpu-oom``, the category in backticks when
    ``code``; ``trigger`` (why a watcher posts it) in parentheses after the workload."""
    _ = tr.gettext
    target = verdict.target or _("workload")
    return _("%(state)s: %(target)s - %(category)s") % {
        "state": _("Healthy") if verdict.healthy else _("Failing"),
        "target": f"{target} ({trigger})" if trigger else target,
        "category": f"`{verdict.category}`" if code else verdict.category,
    }


def culprit(verdict: Verdict) -> str:
    """``pod/container``, or ``-`` when the verdict names none."""
    if verdict.culprit is None:
        return "-"
    return verdict.culprit.pod + (f"/{verdict.culprit.container}" if verdict.culprit.container else "")


def markdown(verdict: Verdict, *, tr: Translator = ENGLISH) -> str:
    _ = tr.gettext
    answer = _("Yes") if verdict.healthy else _("No")
    out = [
        "### " + headline(verdict, tr=tr, code=True),
        "",
        _bold(_("Healthy:"), answer) + "  ",
        _bold(_("Error:"), verdict.error) + "  ",
    ]
    if verdict.culprit:
        ctr = f" / `{verdict.culprit.container}`" if verdict.culprit.container else ""
        out.append(_bold(_("Culprit:"), f"`{verdict.culprit.pod}`{ctr}") + "  ")
    out += [_bold(_("Analysis:"), verdict.analysis) + "  ", _bold(_("Solution:"), verdict.solution), ""]
    if verdict.confidence != "high":
        out[-1:] = [_bold(_("Confidence:"), _confidence(verdict, tr)), ""]
    if verdict.evidence:
        out.append("<details><summary>" + _("Evidence") + "</summary>")
        out += ["", "```"]
        out += [f"[{_where(e)}] {e.text.replace('```', '`' + chr(0x200B) + '``')}" for e in verdict.evidence]
        out += ["```", "", "</details>"]
    if verdict.notes:
        out += ["", *(f"- {n}" for n in verdict.notes)]
    out += ["", "_" + labelled(_("engine:"), verdict.engine) + "_"]
    return "\n".join(out)


def _bold(label: str, value: str) -> str:
    """``**Error:** value``, markdown's bold label."""
    return f"**{label}** {value}"
