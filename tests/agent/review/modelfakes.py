"""What the model tests share: an OpenAI-compatible endpoint's answers as JSON, a snapshot
copied to change one thing, and the evidence and rule verdict of a snapshot."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import yaml

from agent.diagnosis import conclude, gather
from agent.engine.verdict import Verdict
from agent.settings import Settings
from collectors.collecting import Target
from collectors.evidence import Evidence
from collectors.snapshot import SnapshotSource
from tests.conftest import EXAMPLES

BASE_URL = "https://llm.test/v1"
CHAT = f"{BASE_URL}/chat/completions"
EXAMPLE = EXAMPLES / "pytorchjob-gpu-oom-cascade"
TARGET = Target("pytorchjob", "llama-ft", "team-nlp")
# The example's decisive line, as a model would quote part of it.
OOM_QUOTE = "[rank20]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB."


def model_settings(**overrides: Any) -> Settings:
    """A model on the fake endpoint, no cache, quick to give up."""
    values: dict[str, Any] = {
        "model": "test-model",
        "base_url": BASE_URL,
        "cache": False,
        "timeout": 30,
        "request_timeout": 5,
        "max_retries": 2,
        **overrides,
    }
    return Settings(**values)


def completion(content: str | None, *, choices: bool = True) -> dict[str, Any]:
    """A chat completion response body, as the OpenAI API returns it."""
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 1767225600,
        "model": "test-model",
        "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}]
        if choices
        else [],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


def good_answer(**overrides: Any) -> str:
    """A correct JSON answer for the example: worker 2 ran out of GPU memory."""
    answer: dict[str, Any] = {
        "healthy": False,
        "category": "gpu-oom",
        "error": "llama-ft-worker-2 ran out of GPU memory.",
        "analysis": "Worker 2 failed first with CUDA out of memory; the other ranks timed out after it.",
        "solution": "Lower the per-GPU batch size or enable activation checkpointing.",
        "culprit": {"pod": "llama-ft-worker-2", "container": "pytorch"},
        "evidence": [{"source": "log", "pod": "llama-ft-worker-2", "container": "pytorch", "text": OOM_QUOTE}],
        **overrides,
    }
    return json.dumps(answer)


def copy_snapshot(tmp: Path, source: Path = EXAMPLE) -> Path:
    dest = tmp / "snapshot"
    shutil.copytree(source, dest)
    return dest


def append_log(snapshot: Path, pod: str, container: str, *lines: str) -> None:
    path = snapshot / "logs" / pod / f"{container}.log"
    text = path.read_text(encoding="utf-8")
    # Before the last lines, where a scan of the tail reads them.
    head, _, last = text.rstrip("\n").rpartition("\n")
    path.write_text("\n".join([head, *lines, last]) + "\n", encoding="utf-8")


def add_objects(snapshot: Path, *objects: dict[str, Any]) -> None:
    with (snapshot / "objects.yaml").open("a", encoding="utf-8") as f:
        for obj in objects:
            f.write("\n---\n" + yaml.safe_dump(obj, sort_keys=False))


def configmap(namespace: str, name: str, data: dict[str, str]) -> dict[str, Any]:
    return {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": name, "namespace": namespace}, "data": data}


def read(
    snapshot: Path, target: Target = TARGET, settings: Settings | None = None
) -> tuple[SnapshotSource, Evidence, Verdict]:
    """The source, the evidence and the rule verdict for a snapshot."""
    source = SnapshotSource(snapshot)
    evidence = gather(target, source, settings=settings)
    return source, evidence, conclude(evidence, settings=settings)


def bodies(calls: Any) -> list[dict[str, Any]]:
    """The JSON bodies of the requests a respx route received."""
    return [json.loads(call.request.content) for call in calls]


def sent_text(calls: Any) -> str:
    """Every message of every request, as one text."""
    return "\n".join(m["content"] for body in bodies(calls) for m in body["messages"])
