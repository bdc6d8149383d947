"""A model's answer: parsed, checked against the evidence, and turned into a ``Verdict``.

The model is asked for JSON matching ``answer_schema()`` (the verdict's own schema, limited
to what a model decides). Answers also arrive as JSON inside a code fence or followed by
chatter, or in the Aegis text format - ``Healthy:`` / ``Error:`` / ``Analysis:`` /
``Solution:``, with markdown, bold, fences, full-width colons or Chinese field names.

An answer is used only if it passes every check below; otherwise ``Unusable`` says why, and
the caller keeps the rule verdict:

- its category is a taxonomy id, ``healthy`` agrees with it, its culprit is a pod (and
  container) of the workload;
- its evidence lines are quoted from the evidence it was given (others are dropped);
- it does not call a Failed workload healthy, nor a Succeeded one broken, nor clear a
  cause the rules found;
- it departs from the rule verdict only with a quoted line to show for it, and not at all
  when the evidence holds text addressed to the model (a prompt injection in a log).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from pydantic import ValidationError

from agent.review.budget import flat
from agent.engine.taxonomy import HEALTHY, UNKNOWN, categories
from agent.engine.verdict import EvidenceLine, Verdict
from collectors.evidence import Evidence
from collectors.redaction import NameMask

# What a model decides; the rest of a Verdict (engine, target, notes, ...) is ours to fill.
ANSWER_FIELDS = ("healthy", "category", "error", "analysis", "solution", "culprit", "evidence")
# A quote shorter than this could be found anywhere ("Error", "exit 1").
MIN_QUOTE = 8
# How many "{" to try as the start of a JSON object: bounds the work on a long, chatty answer.
MAX_JSON_STARTS = 20
# Text in the evidence that talks to the model rather than about the job.
INJECTION = re.compile(
    r"(?i)\b(?:ignore|disregard|forget|override)\b[^\n]{0,40}?\b(?:instructions?|prompts?|rules|guidelines)\b"
    r"|\byou are now\b|\bsystem prompt\b|\bnew instructions?\b"
    r"|\b(?:answer|respond|reply|say|output|report)\b[^\n]{0,30}?\bhealthy\b\W{0,3}(?:yes|true)\b"
)


class Unusable(Exception):
    """The answer cannot be used; the message says why, in words for the user."""


@lru_cache(maxsize=2)
def answer_schema(*, with_ids: bool = True) -> dict[str, Any]:
    """The JSON schema a model answers in: the Verdict's, limited to ``ANSWER_FIELDS``, with
    the category ids spelled out so a model need not guess them (``with_ids=False`` for a
    prompt that lists them already, with their meanings)."""
    full = Verdict.model_json_schema()
    properties = {name: _untitled(full["properties"][name]) for name in ANSWER_FIELDS}
    if with_ids:
        properties["category"]["enum"] = list(categories())
    return {
        "type": "object",
        "properties": properties,
        "required": list(ANSWER_FIELDS),
        "additionalProperties": False,
        "$defs": {name: _untitled(d) for name, d in full["$defs"].items()},
    }


def _untitled(node: Any) -> Any:
    """The schema without its "title" keys: they cost tokens and say nothing the names don't."""
    if isinstance(node, dict):
        return {k: _untitled(v) for k, v in node.items() if k != "title"}
    if isinstance(node, list):
        return [_untitled(v) for v in node]
    return node


# -- parsing --------------------------------------------------------------------------------


def parse(text: str) -> dict[str, Any]:
    """The answer's fields, from JSON or the Aegis text format. Raises ``Unusable``."""
    text = re.sub(r"(?s)<think>.*?</think>", "", text or "").strip()  # reasoning models think aloud
    if not text:
        raise Unusable("the answer was empty")
    found = _json_object(text)
    if found is not None:
        return _normalise(found)
    fields = _aegis_fields(text)
    if fields is not None:
        return fields
    raise Unusable("the answer is neither JSON nor the Healthy/Error/Analysis/Solution format")


def _json_object(text: str) -> dict[str, Any] | None:
    decoder = json.JSONDecoder()
    candidates = [m.group(1) for m in re.finditer(r"```[a-zA-Z]*\s*\n(.*?)```", text, re.DOTALL)] + [text]
    for candidate in candidates:
        starts = [m.start() for m in re.finditer(r"\{", candidate)][:MAX_JSON_STARTS]
        for start in starts:
            try:
                obj, _ = decoder.raw_decode(candidate, start)
            except json.JSONDecodeError:
                continue
            if isinstance(obj, dict) and isinstance(obj.get("verdict"), dict):
                obj = obj["verdict"]  # some models wrap their answer in one more object
            if isinstance(obj, dict) and ("healthy" in obj or "category" in obj):
                return obj
    return None


def _normalise(obj: dict[str, Any]) -> dict[str, Any]:
    """The answer fields with the shapes models commonly get slightly wrong put right:
    ``"healthy": "No"``, ``"culprit": "pod/container"``, evidence as plain strings."""
    out = {k: obj[k] for k in ANSWER_FIELDS if k in obj}
    if isinstance(out.get("healthy"), str):
        out["healthy"] = _yes_no(out["healthy"])
    if isinstance(out.get("category"), str):
        out["category"] = out["category"].strip().strip("`'\"").lower()
    if isinstance(out.get("culprit"), str):
        out["culprit"] = _culprit(out["culprit"])
    if isinstance(out.get("evidence"), list):
        out["evidence"] = [_evidence_item(e) for e in out["evidence"] if isinstance(e, (str, dict))]
    for key in ("error", "analysis", "solution"):
        if isinstance(out.get(key), list):
            out[key] = "\n".join(str(x) for x in out[key])
    return out


def _culprit(value: str) -> dict[str, Any] | None:
    value = value.strip().strip("`")
    if not value or value.lower() in ("none", "null", "-", "n/a"):
        return None
    pod, _, container = value.partition("/")
    return {"pod": pod.strip(), "container": container.strip() or None}


def _evidence_item(item: str | dict[str, Any]) -> dict[str, Any]:
    if isinstance(item, str):
        return {"source": "log", "text": item}
    item = dict(item)
    if item.get("source") not in ("log", "event", "status"):
        item["source"] = "log"
    return item


_ALIASES = {
    "healthy": ("healthy", "health", "是否健康", "健康状态", "健康"),
    "error": ("error", "错误信息", "错误", "故障", "问题"),
    "analysis": ("analysis", "原因分析", "根因分析", "分析过程", "分析"),
    "solution": ("solutions", "solution", "解决方案", "解决办法", "修复建议", "建议"),
    "category": ("category", "类别", "分类"),
    "culprit": ("culprit", "罪魁祸首", "根因 pod", "问题 pod"),
}
_FIELD_OF = {alias.lower(): field for field, aliases in _ALIASES.items() for alias in aliases}
_FIELD_LINE = re.compile(
    r"^[ \t>#*+-]*(?:\*\*|__)?\s*(" + "|".join(sorted(map(re.escape, _FIELD_OF), key=len, reverse=True)) + r")"
    r"\s*(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*(.*)$",
    re.IGNORECASE,
)
_FENCE = re.compile(r"^\s*(```|~~~)")


def _aegis_fields(text: str) -> dict[str, Any] | None:
    """``Healthy: No`` / ``**错误**：...`` / ... as answer fields; None when it is not that format."""
    raw: dict[str, list[str]] = {}
    current: str | None = None
    fenced: list[str] = []
    in_fence = False
    lines = text.splitlines()
    if lines and _FENCE.match(lines[0]) and _FENCE.match(lines[-1]) and len(lines) > 1:
        lines = lines[1:-1]  # the whole answer in one fence
    for line in lines:
        if _FENCE.match(line):
            in_fence = not in_fence
        elif in_fence:
            fenced.append(line.strip())
        else:
            m = _FIELD_LINE.match(line)
            if m and _FIELD_OF[m.group(1).lower()] not in raw:
                current = _FIELD_OF[m.group(1).lower()]
                raw[current] = [m.group(2)]
                continue
        if current is not None:
            raw[current].append(line)
    if "healthy" not in raw or not ({"error", "analysis"} & raw.keys()):
        return None
    out: dict[str, Any] = {k: _prose("\n".join(v)) for k, v in raw.items()}
    out["healthy"] = _yes_no(out["healthy"])
    for key in ("error", "analysis", "solution"):
        out.setdefault(key, "")
    if "category" in out:
        m = re.search(r"[a-z]+(?:-[a-z]+)*", out["category"])
        out["category"] = m.group(0) if m else out["category"]
    culprit = re.search(r"(?i)culprit\s*[:：]\s*`?([\w./-]+)", text)
    if "culprit" in out:
        out["culprit"] = _culprit(out["culprit"].split()[0] if out["culprit"].split() else "")
    elif culprit:
        out["culprit"] = _culprit(culprit.group(1))
    out["evidence"] = [{"source": "log", "text": line} for line in fenced if line]
    return out


def _prose(value: str) -> str:
    value = value.strip()
    value = re.sub(r"^(?:\*\*|__)\s*|\s*(?:\*\*|__)$", "", value)
    return value.strip()


def _yes_no(value: str) -> bool:
    word = re.sub(r"[*_`{}()\[\]\"'.,，。!]", " ", value).strip().lower()
    first = word.split()[0] if word.split() else ""
    if first in ("no", "false", "否", "不健康", "unhealthy", "异常", "不") or word.startswith(("不健康", "否", "异常")):
        return False
    if first in ("yes", "true", "是", "健康", "正常", "healthy") or word.startswith(("是", "健康", "正常")):
        if re.search(r"\b(?:yes\s*/\s*no|no\s*/\s*yes)\b", word):
            raise Unusable(f"its Healthy field is the template's placeholder ({value.strip()[:40]!r})")
        return True
    raise Unusable(f"its Healthy field is neither yes nor no ({value.strip()[:40]!r})")


# -- checking -------------------------------------------------------------------------------


def injection_lines(text: str) -> list[str]:
    """Lines of the evidence that address the model rather than describe the job."""
    return [line.strip() for line in text.splitlines() if INJECTION.search(line)]


def accept(answer: dict[str, Any], *, evidence: Evidence, rule: Verdict, quotable: str,
           mask: NameMask | None = None) -> Verdict:
    """The verdict the answer gives, or ``Unusable``.

    ``quotable`` is the evidence as sent (redacted, masked): quotes are checked against it
    before names are put back. ``rule`` is the rule verdict the answer reviews.
    """
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
    healthy = data.get("healthy")
    if "category" not in data and isinstance(healthy, bool):  # the text format names no category
        data["category"] = HEALTHY if healthy else (rule.category if not rule.healthy else UNKNOWN)
    if "culprit" not in data and data.get("category") == rule.category:
        data["culprit"] = rule.culprit.model_dump() if rule.culprit else None
    try:
        verdict = Verdict.model_validate({**data, "engine": "llm", "target": rule.target, "status": rule.status})
    except ValidationError as exc:
        raise Unusable(_describe(exc)) from None
    _check(verdict, evidence=evidence, rule=rule, injected=injected)
    same_cause = verdict.category == rule.category
    return verdict.model_copy(update={
        "culprit": None if verdict.healthy else verdict.culprit,
        "evidence": [_placed(e, evidence) for e in verdict.evidence] or (rule.evidence if same_cause else []),
        "signature": rule.signature if same_cause else None,
        "notes": [*rule.notes, *notes],
    })


def _check(v: Verdict, *, evidence: Evidence, rule: Verdict, injected: Sequence[str]) -> None:
    status = evidence.workload.status
    if v.healthy != (v.category == HEALTHY):
        raise Unusable(f"it says healthy={str(v.healthy).lower()} with category {v.category}")
    if v.culprit is not None and not v.healthy:
        pod = evidence.pod(v.culprit.pod)
        # The rules may name a pod that is gone or was never created, as its events do.
        named_by_rules = rule.culprit is not None and v.culprit.pod == rule.culprit.pod
        if pod is None and not named_by_rules:
            raise Unusable(f"its culprit {v.culprit.pod!r} is not a pod of this workload")
        if pod is not None and v.culprit.container and pod.container(v.culprit.container) is None:
            raise Unusable(f"its culprit container {v.culprit.container!r} is not a container of {pod.name}")
    if v.healthy and status == "Failed":
        raise Unusable(f"it calls the workload healthy, but its status is {status}")
    if not v.healthy and status == "Succeeded":
        raise Unusable("it calls the workload broken, but it Succeeded")
    if v.healthy and not rule.healthy and rule.category != UNKNOWN:
        raise Unusable(f"it calls the workload healthy, but the rules found {rule.category} in its evidence")
    departs = (v.healthy != rule.healthy or v.category != rule.category
               or (v.culprit and rule.culprit and v.culprit.pod != rule.culprit.pod))
    if departs and not v.evidence:
        change = f"{rule.category} -> {v.category}" if v.category != rule.category else "its culprit"
        raise Unusable(f"it changes the rule verdict ({change}) without quoting a line of the evidence")
    if departs and injected:
        raise Unusable(f"the evidence holds text addressed to the model ({_short(injected[0])}), "
                       "and the answer departs from the rule verdict")


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
