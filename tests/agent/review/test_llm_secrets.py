"""A secret planted anywhere in a workload - an env value, a log line, an event - never
reaches a request the model client sends (a hypothesis property test, over HTTP)."""

from __future__ import annotations

import copy
import string
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import respx
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent.review.llm import ModelAdvisor
from tests.agent.review.modelfakes import (
    CHAT,
    EXAMPLE,
    add_objects,
    append_log,
    completion,
    copy_snapshot,
    good_answer,
    model_settings,
    read,
)

Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
Dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
# A secret's distinctive part: long and random enough that finding it means it leaked.
values = st.text(alphabet=string.ascii_letters + string.digits, min_size=20, max_size=40).filter(
    lambda v: any(c.isdigit() for c in v) and any(c.isalpha() for c in v)
)
SECRET_NAMES = [
    "WANDB_API_KEY",
    "HF_TOKEN",
    "DB_PASSWORD",
    "MY_SERVICE_SECRET",
    "OPENAI_API_KEY",
    "S3_ACCESS_KEY",
    "GITHUB_PAT",
    "REDIS_AUTH",
    "SESSION_COOKIE",
]
# How a secret is written where it shows, given its distinctive part.
FORMATS: list[Callable[[str], str]] = [
    lambda v: f"sk-proj-{v}",
    lambda v: f"hf_{v}",
    lambda v: "AKIA" + (v.upper() + "X" * 16)[:16],
    lambda v: f"ghp_{v}{v}"[:40],
    lambda v: f"xoxb-{v}",
    lambda v: f"eyJ{v}.eyJ{v}.{v}",
    lambda v: f"Authorization: Bearer {v}",
    lambda v: f"https://trainer:{v}@minio.internal:9000/bucket",
    lambda v: f"password={v}",
    lambda v: f"-----BEGIN OPENSSH PRIVATE KEY-----\n{v}\n-----END OPENSSH PRIVATE KEY-----",
]


def distinctive(fmt: Callable[[str], str], value: str) -> str:
    """The part of a formatted secret that must not leak."""
    text = fmt(value)
    return ("AKIA" + (value.upper() + "X" * 16)[:16]) if text.startswith("AKIA") else value[:20]


# Parsed once: YAML is most of the cost of an example.
EXAMPLE_OBJECTS = list(yaml.load_all((EXAMPLE / "objects.yaml").read_text(encoding="utf-8"), Loader=Loader))


def plant_env(snapshot: Path, name: str, value: str) -> None:
    """``name=value`` in the env of the culprit's container."""
    docs = copy.deepcopy(EXAMPLE_OBJECTS)
    for doc in docs:
        for obj in doc.get("items") or [] if doc and doc.get("kind") == "List" else [doc]:
            if obj and obj.get("kind") == "Pod" and obj["metadata"]["name"] == "llama-ft-worker-2":
                obj["spec"]["containers"][0].setdefault("env", []).append({"name": name, "value": value})
    (snapshot / "objects.yaml").write_text(yaml.dump_all(docs, Dumper=Dumper, sort_keys=False), encoding="utf-8")


def warning(message: str, n: int = 0) -> dict[str, object]:
    return {
        "apiVersion": "v1",
        "kind": "Event",
        "metadata": {"name": f"planted-{n}", "namespace": "team-nlp"},
        "involvedObject": {"kind": "Pod", "name": "llama-ft-worker-2", "namespace": "team-nlp"},
        "type": "Warning",
        "reason": "FailedMount",
        "message": message,
        "count": 1,
        "firstTimestamp": "2026-05-14T09:37:50Z",
        "lastTimestamp": "2026-05-14T09:37:50Z",
    }


planted_secrets = st.lists(st.tuples(st.sampled_from(FORMATS), values), min_size=1, max_size=3)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    env_name=st.sampled_from(SECRET_NAMES),
    env_value=values,
    in_logs=planted_secrets,
    in_events=planted_secrets,
    mask=st.booleans(),
)
def test_no_planted_secret_reaches_a_request(
    env_name: str,
    env_value: str,
    in_logs: list[tuple[Callable[[str], str], str]],
    in_events: list[tuple[Callable[[str], str], str]],
    mask: bool,
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        snapshot = copy_snapshot(Path(tmp))
        plant_env(snapshot, env_name, env_value)
        # The env value echoed without its name, secrets in log lines and in events.
        append_log(
            snapshot,
            "llama-ft-worker-2",
            "pytorch",
            f"[setup] connecting with {env_value}",
            *(f"[rank20]: request failed: {fmt(v)}" for fmt, v in in_logs),
            f"export {env_name}={env_value}",
        )
        add_objects(
            snapshot, *(warning(f"MountVolume.SetUp failed: {fmt(v)}", n) for n, (fmt, v) in enumerate(in_events))
        )
        source, evidence, rule = read(snapshot)
        planted = [env_value, *(distinctive(fmt, v) for fmt, v in [*in_logs, *in_events])]
        # The secrets are in the evidence read, so a leak would show.
        assert all(p in evidence.LogInfo + evidence.EventInfo for p in planted[1:])
        with respx.mock(assert_all_called=False) as mock:
            # An unusable first answer: the repair request is checked too.
            route = mock.post(CHAT).mock(
                side_effect=[
                    httpx.Response(200, json=completion("not an answer")),
                    httpx.Response(200, json=completion(good_answer())),
                ]
            )
            ModelAdvisor(model_settings(mask_names=mask), source=source, environ={}).review(evidence, rule)
        sent = [call.request.content.decode() for call in route.calls]
        assert len(sent) == 2
        for body in sent:
            for secret in planted:
                assert secret not in body
