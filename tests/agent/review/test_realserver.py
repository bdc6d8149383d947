"""The model review against what real servers sent: llama-cpp-python 0.3.36's server with
Qwen2.5-Coder-1.5B-Instruct on a CPU (bench/realmodel.py), replayed through respx - status,
headers and bodies as recorded, only the answers' text chosen for each scenario."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from agent.engine.verdict import Verdict
from agent.review.answer import answer_schema, answer_tokens
from agent.review.llm import ModelAdvisor
from collectors.evidence import Evidence
from collectors.snapshot import SnapshotSource
from tests.agent.review.modelfakes import CHAT, EXAMPLE, OOM_QUOTE, bodies, good_answer, model_settings, read

Example = tuple[SnapshotSource, Evidence, Verdict]

# llama-cpp-python answers every error as an OpenAI-style body; a request its pydantic model
# refuses (response_format type json_schema) is an "internal_server_error", HTTP 500.
LLAMA_CPP_HEADERS = {
    "server": "uvicorn",
    "content-type": "application/json",
    "x-request-id": "febeac5b3e964dcfad1a631baff434fe",
    "vary": "Origin",
}
REFUSED_JSON_SCHEMA = {
    "error": {
        "message": "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), "
        "'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema', 'ctx': {'expected': "
        "\"'text' or 'json_object'\"}}\n\n  File \"/srv/.venv/lib/python3.11/site-packages/llama_cpp/server/"
        'app.py", line 376, in create_chat_completion\n    POST /v1/chat/completions',
        "type": "internal_server_error",
        "param": None,
        "code": None,
    }
}


def llama_cpp(
    content: str, *, finish: str = "stop", prompt_tokens: int = 5419, completion_tokens: int = 412
) -> httpx.Response:
    """A chat completion as llama-cpp-python's server sends it."""
    body = {
        "id": "chatcmpl-2db246c0-d713-4c4d-afa0-b23c64e74193",
        "object": "chat.completion",
        "created": 1795567378,
        "model": "local",
        "choices": [
            {
                "index": 0,
                "message": {"content": content, "role": "assistant"},
                "logprobs": None,
                "finish_reason": finish,
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }
    return httpx.Response(200, headers={**LLAMA_CPP_HEADERS, "openai-processing-ms": "262310"}, json=body)


def refused() -> httpx.Response:
    return httpx.Response(500, headers=LLAMA_CPP_HEADERS, json=REFUSED_JSON_SCHEMA)


@pytest.fixture(scope="module")
def example() -> Example:
    return read(EXAMPLE)


@pytest.fixture
def chat(respx_mock: respx.MockRouter) -> respx.Route:
    return respx_mock.post(CHAT)


def advisor(example: Example, clock: Any = None, **settings: Any) -> ModelAdvisor:
    extra = {"clock": clock} if clock is not None else {}
    return ModelAdvisor(model_settings(**settings), source=example[0], environ={}, sleep=lambda s: None, **extra)


def test_a_500_refusing_json_schema_steps_down_to_json_object_with_the_schema(
    example: Example, chat: respx.Route, tmp_path: Path
) -> None:
    chat.mock(side_effect=[refused(), llama_cpp(good_answer()), llama_cpp(good_answer())])
    verdict = advisor(example, cache_dir=str(tmp_path)).review(example[1], example[2])
    assert verdict.engine == "llm" and chat.call_count == 2, verdict.notes  # a refusal is not retried as it was
    first, second = bodies(chat.calls)
    assert first["response_format"]["type"] == "json_schema"
    assert second["response_format"] == {"type": "json_object", "schema": answer_schema()}
    note = next(n for n in verdict.notes if n.startswith("the endpoint refused"))
    assert note.startswith(
        "the endpoint refused response_format json_schema (HTTP 500: 1 validation error: "
        "{'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), "
        "'msg': \"Input should be 'text' or 'json_object'\""
    )
    assert note.endswith("asked again with json_object+schema, and remembered for this endpoint")
    # The next diagnosis asks as the endpoint accepts at once.
    again = advisor(example, cache_dir=str(tmp_path)).review(example[1], example[2])
    assert again.engine == "llm" and chat.call_count == 3
    assert bodies(chat.calls)[2]["response_format"]["type"] == "json_object"
    assert not any(n.startswith("the endpoint refused") for n in again.notes)


def test_the_answer_is_bounded_and_one_cut_at_the_bound_is_unusable(example: Example, chat: respx.Route) -> None:
    cut = '{\n  "healthy": false,\n  "category": "gpu-oom",\n  "evidence": [\n    {"source": "log", "text": "[rank20'
    chat.mock(
        side_effect=[llama_cpp(cut, finish="length", completion_tokens=answer_tokens()), llama_cpp(good_answer())]
    )
    verdict = advisor(example).review(example[1], example[2])
    assert verdict.engine == "llm"
    first, repair = bodies(chat.calls)
    assert first["max_tokens"] == answer_tokens() == 1524
    assert (
        f"That answer cannot be used: the answer was cut at max_tokens {answer_tokens()} (finish_reason: length)"
        in repair["messages"][-1]["content"]
    )
    assert bodies(chat.calls)[0]["response_format"]["json_schema"]["schema"]["properties"]["evidence"]["maxItems"] == 5


def test_the_bound_is_configurable(example: Example, chat: respx.Route) -> None:
    chat.mock(side_effect=[llama_cpp(good_answer())])
    advisor(example, max_answer_tokens=800).review(example[1], example[2])
    assert bodies(chat.calls)[0]["max_tokens"] == 800


def test_an_answer_cut_at_the_bound_twice_leaves_the_rule_verdict(example: Example, chat: respx.Route) -> None:
    cut = '{"healthy": false, "category": "gpu-oom", "evidence": [{"source": "log", "text": "[rank20'
    chat.mock(side_effect=[llama_cpp(cut, finish="length"), llama_cpp(cut, finish="length")])
    verdict = advisor(example).review(example[1], example[2])
    assert verdict.engine == "rules"
    assert verdict.notes[-1] == (
        "model answer rejected: the answer was cut at max_tokens 1524 (finish_reason: length); "
        "asked again, the answer was cut at max_tokens 1524 (finish_reason: length); "
        "the rule verdict stands"
    )


def test_fenced_json_with_an_unescaped_quote_is_repaired(example: Example, chat: respx.Route) -> None:
    answer = json.loads(good_answer())
    text = (
        "```json\n{\n" + f'  "healthy": false,\n  "category": "gpu-oom",\n'
        f'  "error": "llama-ft-worker-2 ran out of GPU memory: "CUDA out of memory"",\n'
        f'  "analysis": {json.dumps(answer["analysis"])},\n  "solution": {json.dumps(answer["solution"])},\n'
        f'  "culprit": {json.dumps(answer["culprit"])},\n  "evidence": {json.dumps(answer["evidence"])}\n' + "}\n```"
    )
    chat.mock(side_effect=[llama_cpp(text)])
    verdict = advisor(example).review(example[1], example[2])
    assert (verdict.engine, verdict.category, chat.call_count) == ("llm", "gpu-oom", 1)
    assert verdict.error == 'llama-ft-worker-2 ran out of GPU memory: "CUDA out of memory"'
    assert "the model's JSON was repaired (invalid JSON at line 5 column 55: Expecting ',' delimiter)" in verdict.notes


def test_json_that_cannot_be_repaired_is_named_in_the_repair_request(example: Example, chat: respx.Route) -> None:
    chat.mock(
        side_effect=[llama_cpp('```json\n{"healthy": false,\n "culprit": {"pod": \n```'), llama_cpp(good_answer())]
    )
    verdict = advisor(example).review(example[1], example[2])
    assert verdict.engine == "llm"
    repair = bodies(chat.calls)[1]["messages"][-1]["content"]
    assert repair.startswith(
        "That answer cannot be used: invalid JSON at line 3 column 20: Expecting value (the answer "
        "ends before its JSON does)"
    )


def test_an_english_answer_to_a_chinese_request_keeps_the_rule_prose(example: Example, chat: respx.Route) -> None:
    chat.mock(side_effect=[llama_cpp(good_answer())])
    rule = example[2]
    verdict = advisor(example, language="zh").review(example[1], rule)
    assert (verdict.engine, verdict.category, verdict.culprit) == ("llm", "gpu-oom", rule.culprit)
    assert (verdict.error, verdict.analysis, verdict.solution) == (rule.error, rule.analysis, rule.solution)
    assert (
        "the model's explanation is in English, not the language asked for (zh): "
        "the rule engine's prose is given instead"
    ) in verdict.notes
    assert bodies(chat.calls)[0]["max_tokens"] == answer_tokens("zh") > answer_tokens("en")


def test_a_healthy_to_broken_flip_quoting_a_normal_event_is_refused(tmp_path: Path, chat: respx.Route) -> None:
    case = Path(__file__).resolve().parents[2] / "cases"
    running = next(
        p for p in sorted(case.glob("healthy-*")) if "Pulling" in (p / "snapshot" / "objects.yaml").read_text()
    )
    import yaml

    spec = yaml.safe_load((running / "expected.yaml").read_text())
    from collectors.collecting import Target

    example = read(running / "snapshot", Target(spec["kind"], spec["name"], spec["namespace"]))
    source, evidence, rule = example
    normal = next(e for e in evidence.events if e.type == "Normal" and e.reason == "Pulling")
    pod = normal.object_name
    flip = {
        "healthy": False,
        "category": "image-pull-error",
        "error": f"{pod} cannot pull its image.",
        "analysis": f"{pod} is pulling its image again: {normal.message}",
        "solution": "Fix the image.",
        "culprit": {"pod": pod, "container": None},
        "evidence": [{"source": "event", "pod": pod, "text": normal.message}],
    }
    chat.mock(side_effect=[llama_cpp(json.dumps(flip)), llama_cpp(json.dumps(flip))])
    verdict = advisor(example).review(evidence, rule)
    assert rule.healthy and verdict.engine == "rules" and verdict.healthy
    assert (
        "it changes the rule verdict (healthy -> image-pull-error) but none of its quoted lines shows a problem "
        "(a Normal event or a progress line is not one)" in verdict.notes[-1]
    )


def test_a_slow_server_gets_the_whole_timeout_and_is_not_asked_again(example: Example, chat: respx.Route) -> None:
    now = [0.0]

    def computing(request: httpx.Request) -> httpx.Response:
        now[0] += request.extensions["timeout"]["read"]  # the server took it, and never answered in time
        raise httpx.ReadTimeout("timed out", request=request)

    chat.mock(side_effect=computing)
    verdict = advisor(example, clock=lambda: now[0], timeout=600, request_timeout=None).review(example[1], example[2])
    assert verdict.engine == "rules" and chat.call_count == 1
    assert chat.calls[0].request.extensions["timeout"]["read"] == pytest.approx(600)
    assert verdict.notes[-1] == (
        "model test-model not used: no answer after waiting 600s; the server took the request "
        "but had not answered, so it was not asked again (--timeout 600s; raise it for a slow "
        "server); the rule verdict stands"
    )


def test_no_repair_request_when_it_could_not_finish_in_time(example: Example, chat: respx.Route) -> None:
    now = [0.0]

    def slow_garbage(request: httpx.Request) -> httpx.Response:
        now[0] += 400  # 400 s for an unusable answer: a second one would not fit in the 200 s left
        return llama_cpp("I think the job is fine.")

    chat.mock(side_effect=slow_garbage)
    verdict = advisor(example, clock=lambda: now[0], timeout=600, request_timeout=None).review(example[1], example[2])
    assert verdict.engine == "rules" and chat.call_count == 1
    assert "not asked again: the answer took 400s and 200s of --timeout 600s remain" in verdict.notes[-1]


AEGIS = (
    'You diagnose PyTorchJobs.\nJob: {{ index .Metadata "JobName" }} status {{ index .Metadata "JobStatus" }}\n'
    "Errors: --- {{.ErrorInfo}} ---\nEvents: --- {{ .EventInfo }} ---\nLogs: --- {{.LogInfo}} ---\n"
)


@pytest.mark.parametrize(
    "instructions",
    ["", "Answer as Healthy: / Error: / Analysis: / Solution:\n"],
    ids=["says-nothing", "asks-for-aegis-text"],
)
def test_an_aegis_template_gets_the_aegis_format_and_no_response_format(
    tmp_path: Path, example: Example, chat: respx.Route, instructions: str
) -> None:
    template = tmp_path / "pytorchjob.tmpl"
    template.write_text(AEGIS + instructions)
    text = (
        f"Healthy: No\nError: llama-ft-worker-2 ran out of GPU memory.\nAnalysis: llama-ft-worker-2 failed first "
        f"with CUDA out of memory:\n```\n{OOM_QUOTE}\n```\nSolution: Lower the per-GPU batch size.\n"
        "Category: gpu-oom\nCulprit: llama-ft-worker-2/pytorch"
    )
    chat.mock(side_effect=[llama_cpp(text)])
    verdict = advisor(example, prompt_file=str(template)).review(example[1], example[2])
    assert (verdict.engine, verdict.category) == ("llm", "gpu-oom")
    body = bodies(chat.calls)[0]
    assert "response_format" not in body
    system = body["messages"][0]["content"]
    assert "Answer in this format and nothing else" in system and "JSON" not in system


def test_a_template_that_asks_for_json_keeps_response_format(
    tmp_path: Path, example: Example, chat: respx.Route
) -> None:
    template = tmp_path / "mine.j2"
    template.write_text("Review {{ Metadata.JobName }}.\n{{ LogInfo }}\nAnswer in JSON.")
    chat.mock(side_effect=[llama_cpp(good_answer())])
    advisor(example, prompt_file=str(template)).review(example[1], example[2])
    body = bodies(chat.calls)[0]
    assert body["response_format"]["type"] == "json_schema" and "JSON schema" in body["messages"][0]["content"]
