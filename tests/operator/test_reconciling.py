"""The controller's decisions, as table tests (kopf's tests/causation style)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from agent.engine.verdict import Verdict
from agent.operator.reconciling import (
    Policy,
    SpecError,
    backoff,
    completed,
    due,
    expired,
    explain,
    failed,
    model_failed,
    parse_spec,
    settings_for,
    target,
)
from agent.settings import Settings

NOW = datetime(2026, 5, 14, 12, 0, tzinfo=timezone.utc)
VERDICT = Verdict(healthy=False, category="gpu-oom", error="OOM", analysis="worker 2 first", solution="smaller batch")


def obj(
    phase: str | None = None,
    *,
    generation: int = 1,
    observed: int | None = 1,
    rerun: str | None = None,
    answered: str | None = None,
    recorded: bool = False,
    finished: str | None = None,
    ttl: int | None = None,
) -> dict[str, Any]:
    annotations = {
        **({"jobdoctor.io/rerun": rerun} if rerun else {}),
        **({"jobdoctor.io/recorded-by": "watcher"} if recorded else {}),
    }
    status = {
        k: v
        for k, v in {
            "phase": phase,
            "observedGeneration": observed if phase else None,
            "rerun": answered,
            "finishedAt": finished,
        }.items()
        if v is not None
    }
    spec: dict[str, Any] = {"object": {"kind": "PyTorchJob", "name": "llama-ft"}}
    if ttl is not None:
        spec["ttlSecondsAfterFinished"] = ttl
    return {
        "metadata": {"name": "d", "namespace": "team-nlp", "generation": generation, "annotations": annotations},
        "spec": spec,
        "status": status,
    }


@pytest.mark.parametrize(
    "body, wanted",
    [
        (obj(), "new"),
        (obj("Pending"), "new"),
        (obj("Diagnosing"), "a diagnosis was under way"),
        (obj("Completed"), None),
        (obj("Failed"), None),
        (obj("Completed", generation=2), "the spec changed (generation 2, diagnosed 1)"),
        (obj("Failed", generation=3, observed=2), "the spec changed (generation 3, diagnosed 2)"),
        (obj("Completed", rerun="1"), "jobdoctor.io/rerun asks for a new diagnosis"),
        (obj("Completed", rerun="1", answered="1"), None),
        (obj("Completed", rerun="2", answered="1"), "jobdoctor.io/rerun asks for a new diagnosis"),
        (obj(recorded=True), None),
        (obj("Completed", recorded=True, rerun="1"), "jobdoctor.io/rerun asks for a new diagnosis"),
    ],
    ids=[
        "new",
        "pending",
        "interrupted",
        "completed",
        "failed",
        "spec-changed",
        "spec-changed-after-failure",
        "rerun-asked",
        "rerun-answered",
        "rerun-asked-again",
        "recorded-by-watcher",
        "recorded-then-rerun",
    ],
)
def test_when_a_diagnosis_is_due(body: dict[str, Any], wanted: str | None) -> None:
    assert due(body) == wanted


@pytest.mark.parametrize(
    "body, default, wanted",
    [
        (obj("Completed", finished="2026-05-14T11:00:00Z", ttl=3600), None, True),
        (obj("Completed", finished="2026-05-14T11:00:01Z", ttl=3600), None, False),
        (obj("Failed", finished="2026-05-14T11:00:00Z", ttl=0), None, True),
        (obj("Completed", finished="2026-05-14T11:00:00Z"), None, False),
        (obj("Completed", finished="2026-05-14T11:00:00Z"), timedelta(minutes=30), True),
        (obj("Completed", finished="2026-05-14T11:00:00Z", ttl=7200), timedelta(minutes=30), False),
        (obj("Diagnosing", finished="2026-05-01T00:00:00Z", ttl=0), None, False),
        (obj("Completed", finished="yesterday", ttl=0), None, False),
    ],
    ids=["past", "not-yet", "failed-too", "no-ttl", "default-ttl", "own-ttl-wins", "not-finished", "garbled"],
)
def test_when_an_object_has_outlived_its_ttl(body: dict[str, Any], default: timedelta | None, wanted: bool) -> None:
    assert expired(body, NOW, default) is wanted


def test_a_jobdiagnosis_reads_its_own_namespace_unless_trusted() -> None:
    spec = parse_spec({"spec": {"object": {"kind": "PytorchJob", "name": "x", "namespace": "team-b"}}})
    with pytest.raises(SpecError, match="own namespace"):
        target(spec, "team-a", Policy("jobdoctor"))
    assert target(spec, "jobdoctor", Policy("jobdoctor")).namespace == "team-b"
    assert target(spec, "monitoring", Policy("jobdoctor", ("monitoring",))).namespace == "team-b"
    assert (
        target(parse_spec({"spec": {"object": {"kind": "job", "name": "x"}}}), "team-a", Policy("j")).namespace
        == "team-a"
    )


@pytest.mark.parametrize(
    "spec, model, language, configmap",
    [
        ({}, "gpt-4o-mini", "en", None),
        ({"model": "none"}, None, "en", None),
        ({"model": "None"}, None, "en", None),
        ({"model": "qwen2.5:14b"}, "qwen2.5:14b", "en", None),
        ({"language": "zh", "promptConfigMap": "team-a/prompts"}, "gpt-4o-mini", "zh", "team-a/prompts"),
        ({"promptConfigMap": "jobdoctor/jobdoctor-prompts"}, "gpt-4o-mini", "en", "jobdoctor/jobdoctor-prompts"),
    ],
)
def test_what_a_spec_may_choose(spec: dict[str, Any], model: str | None, language: str, configmap: str | None) -> None:
    parsed = parse_spec({"spec": {"object": {"kind": "job", "name": "x"}, **spec}})
    settings = settings_for(
        parsed, Settings(model="gpt-4o-mini"), "team-a", Policy("jobdoctor", models=("qwen2.5:14b",))
    )
    assert (settings.model, settings.language, settings.prompt_configmap) == (model, language, configmap)


@pytest.mark.parametrize(
    "spec, message",
    [
        ({"model": "gpt-5-pro"}, "spec.model gpt-5-pro is not a model this controller may use (none, gpt-4o-mini)"),
        ({"promptConfigMap": "team-b/prompts"}, "must be in team-a or jobdoctor"),
    ],
)
def test_what_a_spec_may_not_choose(spec: dict[str, Any], message: str) -> None:
    parsed = parse_spec({"spec": {"object": {"kind": "job", "name": "x"}, **spec}})
    with pytest.raises(SpecError, match=message.replace("(", r"\(").replace(")", r"\)")):
        settings_for(parsed, Settings(model="gpt-4o-mini"), "team-a", Policy("jobdoctor"))


@pytest.mark.parametrize(
    "spec, message",
    [
        ({}, "spec.object: Field required"),
        ({"object": {"kind": "job"}}, "spec.object.name: Field required"),
        ({"object": {"kind": "job", "name": "x"}, "ttlSecondsAfterFinished": -1}, "spec.ttlSecondsAfterFinished"),
        ({"object": {"kind": "job", "name": "x"}, "colour": "red"}, "spec.colour: Extra inputs are not permitted"),
    ],
)
def test_a_bad_spec_is_one_line(spec: dict[str, Any], message: str) -> None:
    with pytest.raises(SpecError) as caught:
        parse_spec({"spec": spec})
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)


def test_the_final_statuses() -> None:
    body = obj("Diagnosing", generation=4, rerun="7")
    done = completed(VERDICT, body, NOW, attempt=2)
    assert (done["phase"], done["category"], done["observedGeneration"], done["rerun"], done["attempts"]) == (
        "Completed",
        "gpu-oom",
        4,
        "7",
        2,
    )
    assert (
        done["explain"]
        == explain(VERDICT)
        == ("Healthy: No\nError: OOM\nAnalysis: worker 2 first\nSolution: smaller batch")
    )
    bad = failed("PyTorchJob x not found;\n  known: y", body, NOW, attempt=1)
    assert bad["phase"] == "Failed" and bad["reason"] == "PyTorchJob x not found; known: y"
    assert bad["category"] is None and bad["explain"] is None  # nothing left of an earlier verdict


def test_model_failures_and_backoff() -> None:
    kept = VERDICT.model_copy(
        update={"notes": ["model gpt-4o-mini not used: timed out after 60 s; the rule verdict stands"]}
    )
    assert (
        model_failed(kept, "gpt-4o-mini") and not model_failed(kept, None) and not model_failed(VERDICT, "gpt-4o-mini")
    )
    assert not model_failed(kept.model_copy(update={"engine": "llm"}), "gpt-4o-mini")
    assert [backoff(a, first=5, longest=60) for a in range(6)] == [5, 10, 20, 40, 60, 60]
