"""Chat cards in the verdict's language: every label of every platform's card is Chinese
when the setting is, and the category id and the quoted lines stay as they are."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from agent.bot import cards
from agent.i18n import ENGLISH, Translator, translator
from collectors.redaction import Redactor
from tests.bot.test_sinks import VERDICT

ZH = translator("zh")
# Every label a card may carry, as JSON shows it ("Status" is a Teams fact's title).
ENGLISH_LABELS = (
    "Status:",
    "Category:",
    "Culprit:",
    "Error:",
    "Solution:",
    "Evidence:",
    "Failing:",
    "engine:",
    '"Status"',
    '"Category"',
    '"Culprit"',
)


def every_card(tr: Translator) -> dict[str, Any]:
    redactor = Redactor()
    return {
        "slack": cards.slack_blocks(VERDICT, redactor, trigger="failed", tr=tr),
        "lark": cards.lark_card(VERDICT, redactor, trigger="failed", tr=tr),
        "teams": cards.adaptive_card(VERDICT, redactor, trigger="failed", tr=tr),
        "robot": cards.robot_markdown(VERDICT, redactor, trigger="failed", tr=tr),
    }


@pytest.mark.parametrize("platform", ["slack", "lark", "teams", "robot"])
def test_cards_speak_the_verdicts_language(platform: str) -> None:
    english = json.dumps(every_card(ENGLISH)[platform], ensure_ascii=False)
    chinese = json.dumps(every_card(ZH)[platform], ensure_ascii=False)
    assert sum(label in english for label in ENGLISH_LABELS) >= 5
    assert not [label for label in ENGLISH_LABELS if re.search(r"(?<![\w.])" + re.escape(label), chinese)]
    assert "异常：PyTorchJob team-nlp/train (failed) - gpu-oom" in chinese
    for label in ("类别", "根因 Pod", "错误信息", "解决方案"):
        assert label in chinese, label
    assert "torch.OutOfMemoryError: CUDA out of memory" in chinese  # quoted lines as they are


def test_the_fallback_text_keeps_the_aegis_keys() -> None:
    out = cards.fallback(VERDICT, Redactor(), tr=ZH)
    assert out.startswith("Healthy: No\nError: ") and "类别：gpu-oom" in out
