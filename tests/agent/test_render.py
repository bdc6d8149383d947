"""A verdict as text and markdown, in English and in Chinese: the labels follow the language,
the Aegis keys of the text format do not, and nothing of the verdict itself is touched."""

from __future__ import annotations

from agent.engine.verdict import Culprit, EvidenceLine, Verdict
from agent.i18n import translator
from agent.render import Format, markdown, render, text

VERDICT = Verdict(
    healthy=False,
    category="gpu-oom",
    error="worker-2 GPU 显存不足：CUDA out of memory",
    analysis="分析",
    solution="解决",
    culprit=Culprit(pod="train-worker-2", container="main"),
    evidence=[EvidenceLine(source="log", pod="train-worker-2", container="main", text="CUDA out of memory")],
    target="PyTorchJob team-nlp/train",
    status="Failed",
    notes=["events: not readable"],
)
ZH = translator("zh")


def test_english_text_is_the_aegis_format() -> None:
    out = text(VERDICT).splitlines()
    assert out[:4] == ["Healthy: No", f"Error: {VERDICT.error}", "Analysis: 分析", "Solution: 解决"]
    assert out[5] == "Category: gpu-oom   Culprit: train-worker-2/main   Engine: rules"
    assert out[6:] == [
        "Evidence:",
        "  [log train-worker-2/main] CUDA out of memory",
        "Notes:",
        "  - events: not readable",
    ]


def test_chinese_text_keeps_the_aegis_keys_and_translates_the_rest() -> None:
    out = text(VERDICT, tr=ZH).splitlines()
    # Aegis writes these four keys, and Yes/No, in English in its Chinese documentation too.
    assert out[:4] == ["Healthy: No", f"Error: {VERDICT.error}", "Analysis: 分析", "Solution: 解决"]
    assert out[5] == "类别：gpu-oom   根因 Pod：train-worker-2/main   引擎：rules"
    assert out[6:] == ["证据：", "  [log train-worker-2/main] CUDA out of memory", "备注：", "  - events: not readable"]
    assert render(VERDICT, Format.text, tr=ZH) == text(VERDICT, tr=ZH)


def test_english_markdown() -> None:
    out = markdown(VERDICT)
    assert out.startswith(
        "### Failing: PyTorchJob team-nlp/train - `gpu-oom`\n\n**Healthy:** No  \n**Error:** worker-2"
    )
    assert "**Culprit:** `train-worker-2` / `main`  " in out and "**Solution:** 解决" in out
    assert "<summary>Evidence</summary>" in out and out.endswith("_engine: rules_")


def test_chinese_markdown_labels() -> None:
    out = render(VERDICT, Format.markdown, tr=ZH)
    assert out.startswith(
        "### 异常：PyTorchJob team-nlp/train - `gpu-oom`\n\n**是否健康：** 否  \n**错误信息：** worker-2"
    )
    # A space after the closing ** keeps it bold in CommonMark after a full-width colon.
    assert (
        "**根因 Pod：** `train-worker-2` / `main`  " in out
        and "**原因分析：** 分析" in out
        and "**解决方案：** 解决" in out
    )
    assert "<summary>证据</summary>" in out and out.endswith("_引擎：rules_")
    healthy = VERDICT.model_copy(update={"healthy": True, "category": "healthy", "target": None})
    assert render(healthy, Format.markdown, tr=ZH).startswith("### 正常：工作负载 - `healthy`\n\n**是否健康：** 是")


def test_json_is_data_and_never_translated() -> None:
    assert render(VERDICT, Format.json, tr=ZH) == render(VERDICT, Format.json)
