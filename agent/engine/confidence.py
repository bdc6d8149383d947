"""How sure the rules are of their verdict, and why not more.

``high`` when a line, event or status fact names the cause (or the workload succeeded, or it
is starting with nothing wrong); ``medium`` when the verdict stands on less: a stall inferred
from silence, only symptoms, only a generic exception, evidence that could not all be read or
was cut, a running job with no timed progress to show it is well; ``low`` when nothing read
names a cause, or when what is missing is exactly what would show a problem - a running job
called healthy whose logs or events could not be read.
"""

from __future__ import annotations

from typing import Literal

from agent.engine.decision import Decision
from agent.engine.findings import StallPolicy
from agent.engine.progress import Pace
from agent.engine.taxonomy import UNKNOWN
from agent.i18n import ENGLISH, Translator
from collectors.evidence import Evidence

Level = Literal["high", "medium", "low"]
# Signatures that name only an exception's type, not what went wrong.
GENERIC = frozenset({"python-exception"})
# Workload states in which a healthy verdict rests on logs and events read now.
ACTIVE = ("Running", "Restarting", "Created", "Pending")


def confidence(
    evidence: Evidence, d: Decision, paces: list[Pace], policy: StallPolicy, tr: Translator = ENGLISH
) -> tuple[Level, str | None]:
    """The level and, when not high, the reasons in one sentence, in ``tr``'s language."""
    _ = tr.gettext
    low: list[str] = []
    medium: list[str] = []
    unread_logs = [n.split(":", 1)[0].removeprefix("logs of ") for n in evidence.notes if n.startswith("logs of ")]
    unread_events = any(n.startswith("events:") for n in evidence.notes)
    active = evidence.workload.status in ACTIVE
    healthy = d.outcome == "healthy"

    if unread_logs:
        shown = _(", ").join(unread_logs[:3])
        what = (
            _("the logs of %(pods)s and more could not be read")
            if len(unread_logs) > 3
            else _("the logs of %(pods)s could not be read")
        ) % {"pods": shown}
        (low if healthy and active else medium).append(what)
    if unread_events and evidence.workload.status != "Succeeded":
        (low if healthy else medium).append(_("the events could not be read"))
    if d.category == UNKNOWN and not healthy:
        low.append(_("nothing read names a cause"))
    if d.reason == "guess":
        low.append(_("the category is a guess from the words of an error no signature knows"))
    if d.outcome == "stalled" and d.reason != "restart-loop":
        medium.append(_("the stall is inferred from silence alone: no line says the job hangs"))
    if d.outcome == "symptoms" and d.category != UNKNOWN and d.reason != "guess":
        medium.append(_("only symptoms were found: no pod shows a cause of its own"))
    if d.decisive is not None and d.decisive.signature.id in GENERIC:
        medium.append(_("only a generic exception was found, not what made it fail"))
    if d.outcome in ("healthy", "stalled", "symptoms"):
        cut = sorted({x.label for x in evidence.logs if x.limited})
        if cut:
            medium.append(
                _("the log of %(log)s was cut to its last part: an earlier error may be missing") % {"log": cut[0]}
            )
    if (
        healthy
        and evidence.workload.status in ("Running", "Restarting")
        and paces
        and not _progressing(evidence, paces, policy)
    ):
        medium.append(_("no log shows timed progress: health is judged from the absence of errors"))

    if low:
        return "low", _sentence(low + medium, tr)
    if medium:
        return "medium", _sentence(medium, tr)
    return "high", None


def _progressing(evidence: Evidence, paces: list[Pace], policy: StallPolicy) -> bool:
    """Some container reports progress and its timed output is recent."""
    for p in paces:
        quiet = p.quiet(evidence.now)
        if p.reports and p.measurable(policy) and quiet is not None and quiet < p.due(policy):
            return True
    return False


def _sentence(reasons: list[str], tr: Translator) -> str:
    text = tr.gettext("%(reasons)s.") % {"reasons": tr.gettext("; ").join(dict.fromkeys(reasons))}
    return text[0].upper() + text[1:]
