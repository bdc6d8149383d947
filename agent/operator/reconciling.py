"""What the controller decides about one JobDiagnosis, as pure functions of the object (and
``now``): whether a diagnosis is due, what it asks ``diagnose()`` for, the status to write,
and whether the object has outlived its TTL. No API calls, no clock, no framework: the
table tests in tests/operator/test_reconciling.py cross every case, as kopf's causation
tests do.

A diagnosis is due when the object has no final phase yet (new, or interrupted while
Diagnosing), when its spec changed since the verdict (``metadata.generation`` is not the
status' ``observedGeneration``), or when its ``jobdoctor.io/rerun`` annotation has a value
the status has not answered. A Completed object is never diagnosed again otherwise - not on
a restart, not when labels change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from pydantic import ValidationError

from agent.engine.verdict import Verdict
from agent.errors import InputError, validation_problem
from agent.operator.resource import (
    FINAL,
    NO_MODEL,
    RECORDED_BY_ANNOTATION,
    RERUN_ANNOTATION,
    DiagnosisSpec,
    Phase,
    verdict_fields,
    verdict_status,
)
from agent.render import text
from agent.settings import Settings
from collectors.collecting import Target

Body = Mapping[str, Any]
CONDITION = "Diagnosed"


class SpecError(InputError):
    """The JobDiagnosis asks for something the controller will not do; the message is one line."""


@dataclass(frozen=True)
class Policy:
    """What a JobDiagnosis may ask for, beyond its own namespace and the configured model."""

    own_namespace: str  # the controller's: its JobDiagnoses and prompt ConfigMaps are trusted
    trusted_namespaces: tuple[str, ...] = ()  # whose JobDiagnoses may name a workload in another namespace
    models: tuple[str, ...] = ()  # models a spec may name besides the configured one


# -- what is due ----------------------------------------------------------------------------


def due(body: Body) -> str | None:
    """Why the object needs a diagnosis now, or None when its status already answers it."""
    meta, status = body.get("metadata") or {}, body.get("status") or {}
    annotations = meta.get("annotations") or {}
    phase = status.get("phase")
    if phase is None and annotations.get(RECORDED_BY_ANNOTATION):
        return None  # the watcher writes this one's verdict itself
    if phase == Phase.DIAGNOSING.value:
        return "a diagnosis was under way"
    if phase not in FINAL:
        return "new"
    generation = int(meta.get("generation") or 1)
    if status.get("observedGeneration") != generation:
        return f"the spec changed (generation {generation}, diagnosed {status.get('observedGeneration')})"
    if str(status.get("rerun") or "") != str(annotations.get(RERUN_ANNOTATION) or ""):
        return f"{RERUN_ANNOTATION} asks for a new diagnosis"
    return None


def expired(body: Body, now: datetime, default_ttl: timedelta | None) -> bool:
    """Whether a finished object has outlived ``spec.ttlSecondsAfterFinished`` (or the
    controller's default for objects that set none)."""
    status, spec = body.get("status") or {}, body.get("spec") or {}
    if status.get("phase") not in FINAL or not status.get("finishedAt"):
        return False
    seconds = spec.get("ttlSecondsAfterFinished")
    ttl = timedelta(seconds=seconds) if isinstance(seconds, int) and seconds >= 0 else default_ttl
    if ttl is None:
        return False
    try:
        finished = datetime.fromisoformat(str(status["finishedAt"]).replace("Z", "+00:00"))
    except ValueError:
        return False  # written by hand: not ours to judge
    return finished + ttl <= now


# -- what is asked --------------------------------------------------------------------------


def parse_spec(body: Body) -> DiagnosisSpec:
    try:
        return DiagnosisSpec.model_validate(body.get("spec") or {})
    except ValidationError as exc:
        raise SpecError(f"spec.{validation_problem(exc)}") from None


def target(spec: DiagnosisSpec, namespace: str, policy: Policy) -> Target:
    """The workload to diagnose. A JobDiagnosis reads its own namespace only - whoever may
    read its status sees the workload's evidence - unless it lives in a trusted one."""
    wanted = spec.object.namespace or namespace
    if wanted != namespace and namespace not in (policy.own_namespace, *policy.trusted_namespaces):
        raise SpecError(
            f"spec.object.namespace {wanted} is not this JobDiagnosis' namespace {namespace}: a "
            f"JobDiagnosis diagnoses workloads in its own namespace (create it in {wanted})"
        )
    return Target(spec.object.kind, spec.object.name, wanted)


def settings_for(spec: DiagnosisSpec, base: Settings, namespace: str, policy: Policy) -> Settings:
    """The controller's settings with what the spec chooses: model, language, templates."""
    update: dict[str, Any] = {}
    if spec.model is not None:
        if spec.model.lower() == NO_MODEL:
            update["model"] = None
        elif spec.model in (base.model, *policy.models):
            update["model"] = spec.model
        else:
            allowed = ", ".join([NO_MODEL, *[m for m in (base.model, *policy.models) if m]])
            raise SpecError(f"spec.model {spec.model} is not a model this controller may use ({allowed})")
    if spec.language:
        update["language"] = spec.language
    if spec.prompt_config_map:
        where = spec.prompt_config_map.partition("/")[0]
        if where not in (namespace, policy.own_namespace):
            raise SpecError(
                f"spec.promptConfigMap {spec.prompt_config_map}: the ConfigMap must be in {namespace} "
                f"or {policy.own_namespace}"
            )
        update["prompt_configmap"] = spec.prompt_config_map
    return base.model_copy(update=update)


def model_failed(verdict: Verdict, model: str | None) -> bool:
    """The model was asked and could not answer (timeouts, 429s, 5xx past its deadline):
    agent/review/llm.py keeps the rule verdict and says so in a note - the same test the
    bot's metrics count model errors with."""
    return (
        bool(model)
        and verdict.engine == "rules"
        and any(n.startswith(f"model {model} not used") for n in verdict.notes)
    )


def backoff(attempt: int, *, first: float, longest: float) -> float:
    """Seconds before retry number ``attempt`` (0-based): doubling from ``first``."""
    return float(min(longest, first * (2 ** min(attempt, 30))))


# -- what is written ------------------------------------------------------------------------


def diagnosing(body: Body, why: str, now: datetime) -> dict[str, Any]:
    """The status of a diagnosis under way; a previous verdict is cleared, not shown as current."""
    status: dict[str, Any] = dict.fromkeys(verdict_fields())
    status.update(
        phase=Phase.DIAGNOSING.value,
        reason=why,
        explain=None,
        finishedAt=None,
        observedAt=None,
        attempts=None,
        conditions=[_condition(body, "Unknown", "Diagnosing", why, now)],
    )
    return status


def retrying(body: Body, why: str, attempt: int, delay: float, now: datetime) -> dict[str, Any]:
    message = f"{why}; attempt {attempt} failed, trying again in {delay:g} s"
    return {
        "phase": Phase.DIAGNOSING.value,
        "reason": message,
        "attempts": attempt,
        "conditions": [_condition(body, "Unknown", "Retrying", message, now)],
    }


def completed(verdict: Verdict, body: Body, now: datetime, *, attempt: int) -> dict[str, Any]:
    status = verdict_status(verdict)
    status.update(
        _final(body, now, attempt),
        phase=Phase.COMPLETED.value,
        reason=None,
        explain=explain(verdict),
        observedAt=_stamp(now),
        conditions=[_condition(body, "True", "Diagnosed", f"{verdict.category}: {verdict.error}", now)],
    )
    return status


def failed(reason: str, body: Body, now: datetime, *, attempt: int) -> dict[str, Any]:
    """No verdict: ``reason`` in one line, and no verdict fields left from an earlier one."""
    reason = " ".join(reason.split())
    status: dict[str, Any] = dict.fromkeys(verdict_fields())
    status.update(
        _final(body, now, attempt),
        phase=Phase.FAILED.value,
        reason=reason,
        explain=None,
        observedAt=None,
        conditions=[_condition(body, "False", "Failed", reason, now)],
    )
    return status


def explain(verdict: Verdict) -> str:
    """Aegis' ``status.explain``: the four lines Healthy:, Error:, Analysis:, Solution: (the
    text rendering without the facts that follow them)."""
    return text(verdict).split("\n\nCategory: ", 1)[0]


def _final(body: Body, now: datetime, attempt: int) -> dict[str, Any]:
    meta = body.get("metadata") or {}
    return {
        "observedGeneration": int(meta.get("generation") or 1),
        "finishedAt": _stamp(now),
        "rerun": str((meta.get("annotations") or {}).get(RERUN_ANNOTATION) or "") or None,
        "attempts": attempt,
    }


def _condition(body: Body, status: str, reason: str, message: str, now: datetime) -> dict[str, Any]:
    return {
        "type": CONDITION,
        "status": status,
        "reason": reason,
        "message": message,
        "observedGeneration": int((body.get("metadata") or {}).get("generation") or 1),
        "lastTransitionTime": _stamp(now),
    }


def _stamp(now: datetime) -> str:
    return now.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
