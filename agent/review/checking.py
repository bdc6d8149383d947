"""The checks a model's answer must pass before it replaces the rule verdict.

An answer is used only if it passes every check; otherwise ``Unusable`` says why, and the
caller keeps the rule verdict:

- its category is a taxonomy id, ``healthy`` agrees with it, and its culprit is a pod of the
  workload (with a container it has) or a pod the evidence names - one deleted, evicted and
  replaced, or never created because a quota refused it;
- its evidence lines are quoted from the evidence it was given (others are dropped);
- it does not call a Failed workload healthy, nor a Succeeded one broken, nor clear a
  cause the rules found - only a verdict they inferred without one (stalled from silence
  alone, unknown);
- it departs from the rule verdict only when a quoted line supports the new reading: a line
  that shows a problem (support.py), of the new category (or of none) and, for a new
  culprit, about that pod. Where the rules found a specific cause, only a cause the
  catalogue reads in a quoted line overrules it; a verdict they inferred without a quoted
  cause (from silence, unknown, symptoms only, a bare exception) yields to any problem line;
- it does not depart at all when the evidence holds text addressed to the model.

What it leaves out (a null culprit, empty evidence or prose) keeps the rule verdict's value,
unless its category makes that value wrong. Its prose is used only when it fits its verdict
and is in the language asked for (prose.py); otherwise the decision stands with the rule
engine's prose, or a plain account of the quoted line, and a note says why.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from agent.engine.findings import Timeline
from agent.engine.signatures import builtin_catalogue
from agent.engine.taxonomy import HEALTHY, STALLED, UNKNOWN, categories
from agent.engine.verdict import EvidenceLine, Verdict
from agent.review.answer import PROSE_FIELDS, Unusable
from agent.review.budget import flat
from agent.review.prose import consistent, wrong_language
from agent.review.support import GENERIC_CATEGORY, GENERIC_SPECIFICITY, ProblemLine, Support
from collectors.evidence import Evidence, one_line
from collectors.redaction import NameMask

# Categories one line may honestly be read as either way: a DNS failure of the master address
# is a network error and a rendezvous error; exit 137 is an OOM kill or an outside kill. A model
# may read the rules' own line as the other one; it may not read it as anything else.
CONFUSABLE = frozenset(
    frozenset(pair)
    for pair in [
        ("network-error", "rendezvous-error"),
        ("nccl-error", "rendezvous-error"),
        ("nccl-error", "network-error"),
        ("oom-killed", "evicted"),
        ("oom-killed", "killed-externally"),
        ("killed-externally", "preempted"),
        ("evicted", "preempted"),
        ("disk-full", "evicted"),
        ("config-error", "missing-file"),
        ("config-error", "dependency-error"),
        ("cuda-error", "gpu-hardware-error"),
        ("cuda-error", "dependency-error"),
        ("crash-signal", "cuda-error"),
        ("deadline-exceeded", "killed-externally"),
        ("quota-exceeded", "unschedulable"),
    ]
)
# A quote shorter than this could be found anywhere ("Error", "exit 1").
MIN_QUOTE = 8
# Text in the evidence that talks to the model rather than about the job.
INJECTION = re.compile(
    r"(?i)\b(?:ignore|disregard|forget|override)\b[^\n]{0,40}?\b(?:instructions?|prompts?|rules|guidelines)\b"
    r"|\byou are now\b|\bsystem prompt\b|\bnew instructions?\b"
    r"|\b(?:answer|respond|reply|say|output|report)\b[^\n]{0,30}?\bhealthy\b\W{0,3}(?:yes|true)\b"
)


def injection_lines(text: str) -> list[str]:
    """Lines of the evidence that address the model rather than describe the job."""
    return [line.strip() for line in text.splitlines() if INJECTION.search(line)]


def accept(
    answer: dict[str, Any],
    *,
    evidence: Evidence,
    rule: Verdict,
    quotable: str,
    mask: NameMask | None = None,
    support: Support | None = None,
    language: str = "en",
) -> Verdict:
    """The verdict the answer gives, or ``Unusable``.

    ``quotable`` is the evidence as sent (redacted, masked): quotes are checked against it
    before names are put back. ``rule`` is the rule verdict the answer reviews; ``support``
    the evidence's problem lines (built from the built-in catalogue when not given).
    """
    support = support or Support.of(evidence, builtin_catalogue())
    notes: list[str] = []
    injected = injection_lines(quotable)
    quotes: list[dict[str, Any]] = []
    items = answer.get("evidence") or []
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise Unusable("evidence: expected a list of quoted lines")
    for item in items:
        text = str(item.get("text", ""))
        if INJECTION.search(text):
            notes.append(f"model's evidence line dropped: it addresses the model, not the job ({_short(text)})")
        elif _quoted(text, quotable):
            quotes.append(item)
        else:
            notes.append(f"model's evidence line dropped: not found in the evidence ({_short(text)})")
    data = {**answer, "evidence": quotes}
    if mask:
        data = mask.reverse_object(data)
        notes = [mask.reverse(n) for n in notes]
    data = _filled(data, rule)
    try:
        verdict = Verdict.model_validate({**data, "engine": "llm", "target": rule.target, "status": rule.status})
    except ValidationError as exc:
        raise Unusable(_describe(exc)) from None
    _check(verdict, evidence=evidence, rule=rule, injected=injected, support=support)
    same_cause = verdict.category == rule.category
    verdict = verdict.model_copy(
        update={
            "culprit": None if verdict.healthy else verdict.culprit,
            "evidence": [_placed(e, evidence) for e in verdict.evidence] or (rule.evidence if same_cause else []),
            "signature": rule.signature if same_cause else None,
            "notes": [*rule.notes, *notes],
        }
    )
    return _with_fitting_prose(verdict, rule, support, language)


def _filled(data: dict[str, Any], rule: Verdict) -> dict[str, Any]:
    """The answer with what it left out (null, empty) taken from the rule verdict, where
    the answer's category does not make the rule's value wrong."""
    out = dict(data)
    healthy = out.get("healthy")
    if out.get("category") in (None, "") and isinstance(healthy, bool):  # the text format names no category
        out["category"] = HEALTHY if healthy else (rule.category if not rule.healthy else UNKNOWN)
    if not isinstance(healthy, bool) and isinstance(out.get("category"), str) and out["category"] in categories():
        out["healthy"] = out["category"] == HEALTHY
    broken = out.get("category") not in (None, HEALTHY)
    if not out.get("culprit") and broken and rule.culprit is not None:
        out["culprit"] = rule.culprit.model_dump()
    same = out.get("category") == rule.category
    for name in PROSE_FIELDS:
        if not str(out.get(name) or "").strip():
            out[name] = getattr(rule, name) if same else ""
    return out


def _check(v: Verdict, *, evidence: Evidence, rule: Verdict, injected: Sequence[str], support: Support) -> None:
    status = evidence.workload.status
    if v.healthy != (v.category == HEALTHY):
        raise Unusable(f"it says healthy={str(v.healthy).lower()} with category {v.category}")
    if v.culprit is not None and not v.healthy:
        pod = evidence.pod(v.culprit.pod)
        # A pod that is gone or was never created counts when the evidence or the rules name it.
        named_by_rules = rule.culprit is not None and v.culprit.pod == rule.culprit.pod
        if pod is None and not named_by_rules and not _named(v.culprit.pod, evidence):
            raise Unusable(f"its culprit {v.culprit.pod!r} is not a pod of this workload")
        if pod is not None and v.culprit.container and pod.container(v.culprit.container) is None:
            raise Unusable(f"its culprit container {v.culprit.container!r} is not a container of {pod.name}")
    if v.healthy and status == "Failed":
        raise Unusable(f"it calls the workload healthy, but its status is {status}")
    if not v.healthy and status == "Succeeded" and rule.healthy:
        # Only the rules may call a finished run broken (it stopped on NaN, it wrote nothing):
        # a model agreeing with them is no health flip.
        raise Unusable("it calls the workload broken, but it Succeeded")
    if v.healthy and not rule.healthy and not _inferred_without_cause(rule, evidence):
        raise Unusable(f"it calls the workload healthy, but the rules found {rule.category} in its evidence")
    new_culprit = bool(v.culprit and rule.culprit and v.culprit.pod != rule.culprit.pod)
    departs = v.healthy != rule.healthy or v.category != rule.category or new_culprit
    if not departs:
        return
    if not v.evidence:
        change = f"{rule.category} -> {v.category}" if v.category != rule.category else "its culprit"
        raise Unusable(f"it changes the rule verdict ({change}) without quoting a line of the evidence")
    if injected:
        raise Unusable(
            f"the evidence holds text addressed to the model ({_short(injected[0])}), "
            "and the answer departs from the rule verdict"
        )
    if v.healthy:
        return  # a verdict inferred from silence alone, answered with the lines that show progress
    backing = [line for e in v.evidence for line in support.backing(e.text)]
    strong = _specific_cause(rule, support)
    fitting = [
        line for line in backing if _fits(line, v, rule=rule.category, strong=strong and v.category != rule.category)
    ]
    if not fitting:
        change = (
            f"{rule.category} -> {v.category}"
            if v.category != rule.category
            else f"culprit {v.culprit.pod if v.culprit else None}"
        )
        if not backing:
            why = "none of its quoted lines shows a problem (a Normal event or a progress line is not one)"
        elif strong and v.category != rule.category:
            why = (
                f"the rules found a specific cause, and no quoted line is one the catalogue reads as {v.category} "
                "(or one of theirs that may be read either way)"
            )
        else:
            why = f"none of its quoted lines shows a problem of {v.category}" + (
                f" in {v.culprit.pod}" if new_culprit and v.culprit else ""
            )
        raise Unusable(f"it changes the rule verdict ({change}) but {why}")


def _fits(line: ProblemLine, v: Verdict, *, rule: str, strong: bool) -> bool:
    """Whether a problem line supports the answer: its category and, for a culprit, its pod."""
    if strong:
        ok = (line.level == "cause" and line.category == v.category and line.specificity > GENERIC_SPECIFICITY) or (
            line.category == rule and frozenset((rule, v.category)) in CONFUSABLE
        )
    else:
        ok = line.supports(v.category)
    if not ok or v.culprit is None:
        return ok
    # A line may name the pod it is about, whoever logged it: a driver's "memory on node <pod>".
    return line.pod == v.culprit.pod or _naming(v.culprit.pod).search(line.text) is not None


def _specific_cause(rule: Verdict, support: Support) -> bool:
    """Whether the rules rest on a specific cause: a cause signature of a specific category,
    not a symptom, a bare exception, or a judgement from silence."""
    if rule.healthy or rule.category in (UNKNOWN, STALLED, GENERIC_CATEGORY):
        return False
    return support.specific_cause(rule.signature)


def _inferred_without_cause(rule: Verdict, evidence: Evidence) -> bool:
    """A broken verdict the rules reached without a cause to quote, that a model may call
    healthy: stalled from silence while no pod is failing, or unknown."""
    if rule.category == UNKNOWN:
        return True
    if rule.category != STALLED or rule.signature is not None:
        return False
    timeline = Timeline.of(evidence)
    return not any(timeline.failing(p) for p in evidence.pods)


def _named(pod: str, evidence: Evidence) -> bool:
    """Whether the evidence names ``pod`` although it has no such Pod: one deleted or
    replaced (its events remain), never created (a quota refused it), or outside the
    workload's pods but named by its logs (a Ray node, whose name is its pod's, that ran out
    of memory under a driver Job)."""
    if any(e.object_kind == "Pod" and e.object_name == pod for e in evidence.events):
        return True
    if len(pod) < 3:
        return False
    word = _naming(pod)
    logged = (ln.text for d in evidence.logs for lines in (*d.windows, d.tail) for ln in lines)
    return any(word.search(text) for text in (*(e.message for e in evidence.events), evidence.ErrorInfo, *logged))


def _naming(pod: str) -> re.Pattern[str]:
    """A pod's name as a word of a line (not part of a longer name or a host's domain)."""
    return re.compile(rf"(?<![\w.-]){re.escape(pod)}(?![\w-])")


def _with_fitting_prose(v: Verdict, rule: Verdict, support: Support, language: str) -> Verdict:
    """``v`` with its own prose when that fits it, else the rule engine's (same category) or a
    plain account of its quoted line, and a note."""
    if v.healthy:
        problem = None
    else:
        prose = "\n".join([v.error, v.analysis])
        culprit = v.culprit.pod if v.culprit else None
        problem = consistent(prose, category=v.category, culprit=culprit, decisive=[e.text for e in v.evidence])
        if not v.error.strip():
            problem = "gives no error line"
    if problem is None:
        other = wrong_language("\n".join(getattr(v, f) for f in PROSE_FIELDS), language)
        if other is None:
            return v
        problem = f"is in {other}, not the language asked for ({language})"
    if v.category == rule.category:
        update = {name: getattr(rule, name) for name in PROSE_FIELDS}
        kept = "the rule engine's prose is given instead"
    else:
        update = _plain_prose(v, support)
        kept = "a plain account of its quoted line is given instead"
    return v.model_copy(update={**update, "notes": [*v.notes, f"the model's explanation {problem}: {kept}"]})


def _plain_prose(v: Verdict, support: Support) -> dict[str, str]:
    where = (
        v.culprit.pod + (f"/{v.culprit.container}" if v.culprit and v.culprit.container else "") if v.culprit else ""
    )
    line = one_line(v.evidence[0].text, 300) if v.evidence else ""
    meaning = categories().get(v.category, "")
    return {
        "error": f"{where + ': ' if where else ''}{line}" if line else f"{v.category}: {meaning}",
        "analysis": f"The model read this line{' of ' + where if where else ''} as {v.category}: {meaning}",
        "solution": support.solutions.get(v.category, ""),
    }


def _quoted(text: str, quotable: str) -> bool:
    """Whether ``text`` is copied from the evidence. A quote shortened with an ellipsis
    counts when each of its pieces is."""
    pieces = [p for p in (flat(p) for p in re.split(r"…|\.\.\.", text)) if p]
    haystack = flat(quotable)
    return bool(pieces) and sum(map(len, pieces)) >= MIN_QUOTE and all(p in haystack for p in pieces)


def _placed(line: EvidenceLine, evidence: Evidence) -> EvidenceLine:
    """The line with a pod only if that pod exists (a model may name it loosely)."""
    if line.pod is not None and evidence.pod(line.pod) is None:
        return line.model_copy(update={"pod": None, "container": None})
    return line


def _describe(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "answer"
    message = str(first["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}"


def _short(text: str, limit: int = 80) -> str:
    one = flat(text)
    return repr(one if len(one) <= limit else one[: limit - 1] + "…")
