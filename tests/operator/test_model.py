"""A model that cannot answer is retried with backoff like a cluster that cannot be read;
one that never answers leaves the rule verdict, with the note saying why."""

from __future__ import annotations

from typing import Any

import httpx
import respx

from tests.agent.review.modelfakes import CHAT, completion, good_answer, model_settings
from tests.operator.conftest import Cluster, jobdiagnosis


def test_a_model_failure_is_retried_and_the_models_verdict_written(
    cluster: Cluster, run_controller: Any, respx_mock: respx.MockRouter
) -> None:
    route = respx_mock.post(CHAT).mock(
        side_effect=[
            httpx.Response(503, json={"error": "overloaded"}),
            httpx.Response(200, json=completion(good_answer())),
        ]
    )
    run_controller(settings=model_settings(max_retries=0))
    cluster.apply(jobdiagnosis("reviewed"))
    status = cluster.finished("reviewed")
    assert status["phase"] == "Completed" and status["engine"] == "llm" and status["attempts"] == 2
    assert route.call_count == 2


def test_a_model_that_never_answers_leaves_the_rule_verdict_with_a_note(
    cluster: Cluster, run_controller: Any, respx_mock: respx.MockRouter
) -> None:
    respx_mock.post(CHAT).mock(return_value=httpx.Response(503, json={"error": "overloaded"}))
    run_controller(settings=model_settings(max_retries=0), attempts=2)
    cluster.apply(jobdiagnosis("unreviewed"))
    status = cluster.finished("unreviewed")
    assert status["phase"] == "Completed" and status["engine"] == "rules" and status["category"] == "gpu-oom"
    assert any(n.startswith("model test-model not used") for n in status["notes"]), status["notes"]


def test_model_none_asks_no_model(cluster: Cluster, run_controller: Any, respx_mock: respx.MockRouter) -> None:
    route = respx_mock.post(CHAT).mock(return_value=httpx.Response(200, json=completion(good_answer())))
    run_controller(settings=model_settings())
    cluster.apply(jobdiagnosis("rules-only", model="none"))
    assert cluster.finished("rules-only")["engine"] == "rules" and route.call_count == 0
