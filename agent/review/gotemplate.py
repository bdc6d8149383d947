"""Aegis's prompt templates - Go ``text/template`` - translated to Jinja2, so that an Aegis
prompt ConfigMap works unchanged.

Translated: fields (``{{ .LogInfo }}``), map keys (``{{ index .Metadata "JobName" }}``,
``{{ .Metadata.JobName }}``, empty when missing, as in Go), ``if`` / ``else if`` / ``else`` /
``end`` with ``not``, ``and``, ``or``, ``eq``, ``ne``, ``lt``, ``le``, ``gt``, ``ge``, trim markers
(``{{-``) and comments. Aegis fields jobdoctor has no equivalent for (``Keywords``,
``RawAlert``) render empty. Anything else - ``range``, ``with``, pipelines, functions - raises
``TemplateError`` naming the line, and the caller falls back to the built-in template.
"""

from __future__ import annotations

import json
import re

from agent.errors import TemplateError

_GO_HINT = re.compile(r"\{\{-?\s*(?:\.[A-Za-z_]|index\s+\.|(?:if|range|with)\s+\.|end\s*-?\}\}|/\*)")
_GO_ACTION = re.compile(r"\{\{(-?)(\s*)(.*?)(\s*)(-?)\}\}", re.DOTALL)
_GO_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|`[^`]*`|\(|\)|[^\s()]+')
# Aegis's PromptData fields jobdoctor has no equivalent for render as empty text, as Go would.
_GO_EMPTY = frozenset({"Keywords", "RawAlert"})
_GO_FUNCS = {
    "not": "not",
    "and": "and",
    "or": "or",
    "eq": "==",
    "ne": "!=",
    "lt": "<",
    "le": "<=",
    "gt": ">",
    "ge": ">=",
}


def is_go_template(text: str) -> bool:
    return bool(_GO_HINT.search(text))


def translate_go(text: str) -> str:
    """An Aegis (Go text/template) prompt as Jinja2: fields, ``index .Metadata "Key"``,
    ``if``/``else if``/``else``/``end`` with ``not``/``and``/``or``/``eq``/``ne``, comments.
    Anything else raises ``TemplateError`` naming the line."""
    out: list[str] = []
    ends: list[str] = []
    pos = 0
    for m in _GO_ACTION.finditer(text):
        out.append(_jinja_literal(text[pos : m.start()]))
        pos = m.end()
        line = text.count("\n", 0, m.start()) + 1
        left, body, right = m.group(1), m.group(3), m.group(5)
        word = body.split(None, 1)[0] if body.split() else ""
        rest = body[len(word) :].strip()
        try:
            if body.startswith("/*"):
                out.append(f"{{#{left} {body[2:-2].strip() if body.endswith('*/') else body} {right}#}}")
            elif word == "if":
                ends.append("endif")
                out.append(f"{{%{left} if {_go_expr(rest)} {right}%}}")
            elif word == "else" and rest.startswith("if "):
                out.append(f"{{%{left} elif {_go_expr(rest[3:])} {right}%}}")
            elif word == "else" and not rest:
                out.append(f"{{%{left} else {right}%}}")
            elif word == "end" and not rest:
                if not ends:
                    raise TemplateError("{{ end }} without an {{ if }}")
                out.append(f"{{%{left} {ends.pop()} {right}%}}")
            else:
                out.append(f"{{{{{left} {_go_expr(body)} {right}}}}}")
        except TemplateError as exc:
            raise TemplateError(f"line {line}: Go template action {{{{ {body} }}}}: {exc}") from None
    out.append(_jinja_literal(text[pos:]))
    if ends:
        raise TemplateError("Go template: an {{ if }} has no {{ end }}")
    return "".join(out)


def _jinja_literal(text: str) -> str:
    """Literal text, with anything Jinja2 would read as a tag written out as a string."""
    return re.sub(r"\{[%#{]|[%#}]\}", lambda m: "{{ " + json.dumps(m.group(0)) + " }}", text)


def _go_expr(source: str) -> str:
    tokens = _GO_TOKEN.findall(source)
    expr, rest = _go_pipeline(tokens)
    if rest:
        raise TemplateError(f"unexpected {' '.join(rest)!r}")
    return expr


def _go_pipeline(tokens: list[str]) -> tuple[str, list[str]]:
    if not tokens:
        raise TemplateError("empty expression")
    head, rest = tokens[0], tokens[1:]
    if "|" in tokens:
        raise TemplateError("pipelines are not supported; write this template in Jinja2")
    if head == "index":
        target, rest = _go_term(rest)
        key, rest = _go_term(rest)
        return f"{target}.get({key}, '')", rest
    if head in _GO_FUNCS:
        args: list[str] = []
        while rest and rest[0] != ")":
            arg, rest = _go_term(rest)
            args.append(arg)
        op = _GO_FUNCS[head]
        if head == "not" and len(args) == 1:
            return f"(not {args[0]})", rest
        if head in ("and", "or") and len(args) >= 2:
            return "(" + f" {op} ".join(args) + ")", rest
        if len(args) == 2 and head not in ("not", "and", "or"):
            return f"({args[0]} {op} {args[1]})", rest
        raise TemplateError(f"{head} with {len(args)} arguments")
    return _go_term(tokens)


def _go_term(tokens: list[str]) -> tuple[str, list[str]]:
    if not tokens:
        raise TemplateError("missing argument")
    head, rest = tokens[0], tokens[1:]
    if head == "(":
        inner, rest = _go_pipeline(rest)
        if not rest or rest[0] != ")":
            raise TemplateError("unbalanced parentheses")
        return inner, rest[1:]
    if head.startswith(('"', "`")):
        return json.dumps(json.loads(head) if head.startswith('"') else head[1:-1], ensure_ascii=False), rest
    if re.fullmatch(r"-?\d+(?:\.\d+)?|true|false", head):
        return head.replace("true", "True").replace("false", "False"), rest
    if re.fullmatch(r"(?:\.[A-Za-z_]\w*)+", head):
        name, *path = head[1:].split(".")
        if name in _GO_EMPTY:
            return "''", rest
        expr = name
        for key in path:  # .Metadata.JobName: a map key, empty when missing, as in Go
            expr = f"{expr}.get({json.dumps(key)}, '')"
        return expr, rest
    raise TemplateError(f"{head!r} is not supported; write this template in Jinja2")
