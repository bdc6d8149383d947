"""A verdict as chat platforms show it: Slack Block Kit, a Lark/Feishu interactive card, a
Teams Adaptive Card, and the markdown DingTalk and WeCom robots accept. Pure.

Every function takes the ``Redactor``: a verdict quotes logs, and what reaches a chat must
not carry the tokens those logs may hold. The plain-text fallback is agent/render.py's.
Labels are in the language of ``tr`` (the ``language`` setting), as the verdict is.
"""

from __future__ import annotations

from typing import Any

from agent.engine.verdict import EvidenceLine, Verdict
from agent.i18n import ENGLISH, Translator
from agent.render import culprit as _culprit
from agent.render import headline as _headline
from agent.render import labelled
from agent.render import text as plain_text
from collectors.redaction import Redactor

# Block Kit: a section's text holds at most 3,000 characters, a header 150; a message 50 blocks.
SLACK_TEXT_MAX = 3000
SLACK_HEADER_MAX = 150
# WeCom robots take 4,096 bytes of markdown, DingTalk about 20,000; the smaller for both.
ROBOT_MARKDOWN_MAX = 4000
# Evidence lines shown in a chat; the full verdict is one `jobdoctor diagnose` away.
CHAT_EVIDENCE_LINES = 6
EVIDENCE_LINE_MAX = 400


def redacted(verdict: Verdict, redactor: Redactor) -> Verdict:
    """A copy of the verdict with every string passed through the redactor."""
    return Verdict.model_validate(redactor.object(verdict.model_dump(mode="json")))


def headline(verdict: Verdict, trigger: str | None = None, *, tr: Translator = ENGLISH) -> str:
    return _headline(verdict, tr=tr, trigger=trigger)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _where(line: EvidenceLine) -> str:
    place = "/".join(p for p in (line.pod, line.container) if p)
    return f"{line.source} {place}".strip()


def _evidence(verdict: Verdict) -> str:
    lines = [f"[{_where(e)}] {_cut(e.text, EVIDENCE_LINE_MAX)}" for e in verdict.evidence[:CHAT_EVIDENCE_LINES]]
    # A quoted line must not close the code block it is shown in.
    return "\n".join(lines).replace("```", "`\u200b``")


def fallback(verdict: Verdict, redactor: Redactor, *, tr: Translator = ENGLISH) -> str:
    """The notification text (what a phone shows, and what screen readers read)."""
    return plain_text(redacted(verdict, redactor), tr=tr)


def slack_blocks(
    verdict: Verdict, redactor: Redactor, *, trigger: str | None = None, tr: Translator = ENGLISH
) -> tuple[str, list[dict[str, Any]]]:
    """(fallback text, blocks) for chat.postMessage, a response_url or an incoming webhook."""
    _ = tr.gettext
    v = redacted(verdict, redactor)
    title = headline(v, trigger, tr=tr)
    error, solution, evidence = _("Error:"), _("Solution:"), _("Evidence:")
    fields = [
        (_("Status:"), v.status or "-"),
        (_("Category:"), f"`{v.category}`"),
        (_("Culprit:"), f"`{_culprit(v)}`"),
        (_("Engine:"), v.engine),
    ]
    blocks: list[dict[str, Any]] = [
        {"type": "header", "text": {"type": "plain_text", "text": _cut(title, SLACK_HEADER_MAX)}},
        {"type": "section", "fields": [{"type": "mrkdwn", "text": f"*{k}*\n{val}"} for k, val in fields]},
        {"type": "section", "text": {"type": "mrkdwn", "text": _cut(f"*{error}* {v.error}", SLACK_TEXT_MAX)}},
        {"type": "section", "text": {"type": "mrkdwn", "text": _cut(f"*{solution}* {v.solution}", SLACK_TEXT_MAX)}},
    ]
    if v.evidence:
        blocks.append(
            {
                "type": "section",
                "text": {"type": "mrkdwn", "text": _cut(f"*{evidence}*\n```{_evidence(v)}```", SLACK_TEXT_MAX)},
            }
        )
    if v.notes:
        blocks.append(
            {"type": "context", "elements": [{"type": "mrkdwn", "text": _cut("; ".join(v.notes), SLACK_TEXT_MAX)}]}
        )
    return _cut(title + "\n" + v.error, SLACK_TEXT_MAX), blocks


def slack_text(message: str) -> dict[str, Any]:
    """A plain reply (help, refusals, errors), never shown to the whole channel."""
    return {"response_type": "ephemeral", "text": message}


def lark_card(
    verdict: Verdict, redactor: Redactor, *, trigger: str | None = None, tr: Translator = ENGLISH
) -> dict[str, Any]:
    """A Feishu/Lark interactive card (message card JSON, v1 layout)."""
    _ = tr.gettext
    v = redacted(verdict, redactor)
    status, category, culprit = _("Status:"), _("Category:"), _("Culprit:")
    error, solution, evidence, engine = _("Error:"), _("Solution:"), _("Evidence:"), _("engine:")
    body = (
        f"**{status}** {v.status or '-'}    **{category}** {v.category}\n"
        f"**{culprit}** {_culprit(v)}\n**{error}** {v.error}\n**{solution}** {v.solution}"
    )
    elements: list[dict[str, Any]] = [{"tag": "div", "text": {"tag": "lark_md", "content": body}}]
    if v.evidence:
        elements += [
            {"tag": "hr"},
            {"tag": "div", "text": {"tag": "lark_md", "content": f"**{evidence}**\n```\n{_evidence(v)}\n```"}},
        ]
    elements.append(
        {"tag": "note", "elements": [{"tag": "plain_text", "content": "jobdoctor · " + labelled(engine, v.engine)}]}
    )
    return {
        "config": {"wide_screen_mode": True},
        "header": {
            "template": "green" if v.healthy else "red",
            "title": {"tag": "plain_text", "content": headline(v, trigger, tr=tr)},
        },
        "elements": elements,
    }


def adaptive_card(
    verdict: Verdict, redactor: Redactor, *, trigger: str | None = None, tr: Translator = ENGLISH
) -> dict[str, Any]:
    """A Microsoft Teams Adaptive Card (schema 1.4)."""
    _ = tr.gettext
    v = redacted(verdict, redactor)
    error, solution = _("Error:"), _("Solution:")
    body: list[dict[str, Any]] = [
        {
            "type": "TextBlock",
            "text": headline(v, trigger, tr=tr),
            "weight": "Bolder",
            "size": "Medium",
            "wrap": True,
            "color": "Good" if v.healthy else "Attention",
        },
        {
            "type": "FactSet",
            "facts": [
                {"title": _("Status"), "value": v.status or "-"},
                {"title": _("Category"), "value": v.category},
                {"title": _("Culprit"), "value": _culprit(v)},
            ],
        },
        {"type": "TextBlock", "text": f"**{error}** {v.error}", "wrap": True},
        {"type": "TextBlock", "text": f"**{solution}** {v.solution}", "wrap": True},
    ]
    if v.evidence:
        body.append({"type": "TextBlock", "text": _evidence(v), "fontType": "Monospace", "wrap": True, "size": "Small"})
    return {
        "type": "AdaptiveCard",
        "$schema": "http://adaptivecards.io/schemas/adaptive-card.json",
        "version": "1.4",
        "body": body,
    }


def robot_markdown(
    verdict: Verdict, redactor: Redactor, *, trigger: str | None = None, tr: Translator = ENGLISH
) -> tuple[str, str]:
    """(title, markdown) in the subset DingTalk and WeCom robots render: no tables, no HTML."""
    _ = tr.gettext
    v = redacted(verdict, redactor)
    title = headline(v, trigger, tr=tr)
    status, category, culprit = _("Status:"), _("Category:"), _("Culprit:")
    error, solution = _("Error:"), _("Solution:")
    lines = [
        f"### {title}",
        f"**{status}** {v.status or '-'}",
        f"**{category}** {v.category}",
        f"**{culprit}** {_culprit(v)}",
        f"**{error}** {v.error}",
        f"**{solution}** {v.solution}",
    ]
    lines += [f"> [{_where(e)}] {_cut(e.text, EVIDENCE_LINE_MAX)}" for e in v.evidence[:CHAT_EVIDENCE_LINES]]
    return title, _cut("\n\n".join(lines), ROBOT_MARKDOWN_MAX)
