"""The token estimate and cutting text to a budget."""

from __future__ import annotations

from agent.review.budget import count_tokens, pack, water_fill
from tests.builders import CUDA_OOM


def test_pack_keeps_decisive_lines_and_headers_and_marks_cuts() -> None:
    lines = [
        "== pod-a/main: 100 lines ==",
        *(f"step {i} loss 1.{i}" for i in range(60)),
        CUDA_OOM,
        *(f"epilogue {i}" for i in range(30)),
        "== pod-b/main: 5 lines ==",
        "b said hello",
    ]
    packed = pack("\n".join(lines), 120, keep=[f"[log pod-a/main] {CUDA_OOM}"])
    out = packed.splitlines()
    assert out[0] == "== pod-a/main: 100 lines ==" and CUDA_OOM in out and "== pod-b/main: 5 lines ==" in out
    assert any(line.startswith("[… ") and line.endswith(" lines cut to fit the token budget]") for line in out)
    assert count_tokens(packed) <= 120
    kept = [line for line in out if not line.startswith("[… ")]
    assert kept == [line for line in lines if line in kept]  # order is kept
    assert pack("short\ntext", 100) == "short\ntext"


def test_water_fill_gives_small_fields_all_they_need() -> None:
    assert water_fill({"ErrorInfo": 100, "EventInfo": 2000, "LogInfo": 9000}, 3000) == {
        "ErrorInfo": 100,
        "EventInfo": 1450,
        "LogInfo": 1450,
    }
    assert water_fill({"a": 10}, -5) == {"a": 0}


def test_token_estimate() -> None:
    assert count_tokens("") == 0
    assert count_tokens("hello world") == 2
    assert count_tokens("显存不足") == 4
    assert count_tokens("2026-05-14T09:37:55Z") == 13
    text = "torch.OutOfMemoryError: CUDA out of memory. " * 10
    assert len(text) / 4.5 < count_tokens(text) < len(text) / 2  # on the high side of ~4 characters a token
