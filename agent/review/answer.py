"""A model's answer: the schema it is asked for, and its fields parsed out of what it wrote.

The model is asked for JSON matching ``answer_schema()`` (the verdict's own schema, limited
to what a model decides), at most ``answer_tokens()`` long. Answers also arrive as JSON inside
a code fence or followed by chatter, or in the Aegis text format - ``Healthy:`` / ``Error:`` /
``Analysis:`` / ``Solution:``, with markdown, bold, fences, full-width colons or Chinese
field names. JSON that does not parse - small models leave a quote inside a string
unescaped - is repaired when a tolerant parser (json-repair) makes an answer of it, and named
otherwise: "invalid JSON at line L column C: ...", in the note and in the repair request.

Whether the fields are used is checking.py's business.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from agent.engine.taxonomy import categories
from agent.engine.verdict import Verdict

# What a model decides; the rest of a Verdict (engine, target, notes, ...) is ours to fill.
ANSWER_FIELDS = ("healthy", "category", "error", "analysis", "solution", "culprit", "evidence")
# Tokens a good answer may take per field, with room: one error line, a paragraph of analysis,
# a few steps of solution, five quoted lines of up to ~500 characters. Their sum is max_tokens.
FIELD_TOKENS = {
    "healthy": 4,
    "category": 10,
    "error": 100,
    "analysis": 350,
    "solution": 300,
    "culprit": 30,
    "evidence": 5 * 130,
}
JSON_OVERHEAD_TOKENS = 80
# The schema's bound on quoted lines: a small model held to a schema loops on its evidence list
# until max_tokens. (No maxLength on strings: llama.cpp turns a maxLength of 1,000 into a
# grammar of 1,000 nested optionals that its parser cannot take, and the server dies.)
MAX_QUOTES = 5
# Prose in Chinese, Japanese or Korean costs about one token a character: half as much again.
CJK_PROSE_FACTOR = 1.5
PROSE_FIELDS = ("error", "analysis", "solution")
# How many "{" to try as the start of a JSON object: bounds the work on a long, chatty answer.
MAX_JSON_STARTS = 20


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
    properties["evidence"]["maxItems"] = MAX_QUOTES
    defs = {name: _untitled(d) for name, d in full["$defs"].items()}
    return {
        "type": "object",
        "properties": properties,
        "required": list(ANSWER_FIELDS),
        "additionalProperties": False,
        "$defs": defs,
    }


def answer_tokens(language: str = "en") -> int:
    """``max_tokens`` for one answer: what ``answer_schema()`` needs when filled well."""
    prose = sum(FIELD_TOKENS[f] for f in PROSE_FIELDS)
    rest = sum(FIELD_TOKENS.values()) - prose + JSON_OVERHEAD_TOKENS
    cjk = language.strip().lower().split("-")[0] in ("zh", "ja", "ko")
    return rest + int(prose * (CJK_PROSE_FACTOR if cjk else 1))


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
    return parse_answer(text)[0]


def parse_answer(text: str) -> tuple[dict[str, Any], list[str]]:
    """The answer's fields, and notes on how they were read (a repaired JSON). Raises ``Unusable``."""
    text = re.sub(r"(?s)<think>.*?</think>", "", text or "").strip()  # reasoning models think aloud
    if not text:
        raise Unusable("the answer was empty")
    found = _json_object(text)
    if found is not None:
        return _normalise(found), []
    broken = _broken_json(text)
    if broken is not None:
        where, repaired = broken
        if repaired is not None:
            return _normalise(repaired), [f"the model's JSON was repaired ({where})"]
        raise Unusable(where)
    fields = _aegis_fields(text)
    if fields is not None:
        return fields, []
    raise Unusable("the answer is neither JSON nor the Healthy/Error/Analysis/Solution format")


def _broken_json(text: str) -> tuple[str, dict[str, Any] | None] | None:
    """For an answer that is meant as JSON (an object with our keys) but does not parse:
    where it breaks, in the answer's own lines and columns, and the answer a tolerant parser
    makes of it (None when it makes none)."""
    start = text.find("{")
    if start < 0 or not re.search(r'"(?:healthy|category)"\s*:', text[start:]):
        return None
    fence = text.find("```", start)
    candidate = text[start : fence if fence > 0 else len(text)].rstrip()
    try:
        json.loads(candidate)
    except json.JSONDecodeError as exc:
        pos = start + exc.pos
        line = text.count("\n", 0, pos) + 1
        column = pos - (text.rfind("\n", 0, pos) + 1) + 1
        where = f"invalid JSON at line {line} column {column}: {exc.msg}"
    else:  # parses, yet _json_object found no answer in it: not ours to repair
        return None
    if not candidate.endswith(
        "}"
    ):  # cut off: what it wrote is used when it decides (health and category), the rest is not guessed
        repaired = _repaired(candidate)
        decides = repaired is not None and "healthy" in repaired and "category" in repaired
        return f"{where} (the answer ends before its JSON does)", repaired if decides else None
    return where, _repaired(candidate)


def _repaired(candidate: str) -> dict[str, Any] | None:
    """``candidate`` read by json-repair (unescaped quotes, trailing commas, a missing brace),
    when that gives an object with our keys."""
    try:
        import json_repair
    except ImportError:  # pragma: no cover - a declared dependency; without it, no repair
        return None
    try:
        obj = json_repair.loads(candidate)
    except Exception:  # noqa: BLE001 - a third-party parser on arbitrary text: any failure is "no repair"
        return None
    if isinstance(obj, dict) and isinstance(obj.get("verdict"), dict):
        obj = obj["verdict"]
    return obj if isinstance(obj, dict) and ("healthy" in obj or "category" in obj) else None


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
    elif (
        isinstance(out.get("culprit"), dict)
        and isinstance(out["culprit"].get("pod"), str)
        and "/" in out["culprit"]["pod"]
    ):  # {"pod": "pod/container", "container": "container" or null}
        split = _culprit(out["culprit"]["pod"])
        if split is not None:
            out["culprit"] = {**split, "container": out["culprit"].get("container") or split["container"]}
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
