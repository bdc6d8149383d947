"""The JobDiagnosis resource (``jobdoctor.io/v1alpha1``): its spec, its status, and the CRD
that declares both, generated here from the same models.

The status holds the verdict - every field of ``Verdict`` (agent/engine/verdict.py), its
name in camelCase (``confidence_reason`` -> ``confidenceReason``; the workload's own
``status`` becomes ``workloadStatus``) - beside what the controller adds: ``phase``,
``reason``, ``explain`` (Aegis' four-line text), ``observedGeneration``, ``observedAt``,
``finishedAt``, ``rerun`` and ``conditions``. The CRD's status schema is built from
``Verdict.model_json_schema()``, so a field added to the verdict is a field of the resource;
``python -m agent.operator.resource > deploy/base/crd.yaml`` writes the CRD, and a test
checks the shipped file is what this module generates.

``spec.object`` has the shape of Aegis' ``AegisDiagnosis.spec.object`` (``kind``, ``name``,
``namespace``): an Aegis manifest becomes a JobDiagnosis by changing ``apiVersion`` and
``kind`` (deploy/examples/aegis-mapping.yaml).
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from agent.engine.verdict import Verdict

GROUP = "jobdoctor.io"
VERSION = "v1alpha1"
API_VERSION = f"{GROUP}/{VERSION}"
KIND = "JobDiagnosis"
PLURAL = "jobdiagnoses"
SINGULAR = "jobdiagnosis"
SHORT_NAMES = ["jd"]
# Changing its value asks for a new diagnosis of an object whose spec did not change:
#   kubectl annotate jobdiagnosis NAME jobdoctor.io/rerun="$(date +%s)" --overwrite
RERUN_ANNOTATION = f"{GROUP}/rerun"
# Set by the watcher on the records it writes itself (agent/bot/sinks/diagnosis.py): the
# controller leaves them to it rather than diagnosing the same failure a second time.
RECORDED_BY_ANNOTATION = f"{GROUP}/recorded-by"
# Printed for the model of a diagnosis that asks for none: the rules decide alone.
NO_MODEL = "none"

# Verdict fields renamed in the status, where the verdict's name would mislead there.
_RENAMED = {"status": "workloadStatus"}


class Phase(str, Enum):
    PENDING = "Pending"
    DIAGNOSING = "Diagnosing"
    COMPLETED = "Completed"
    FAILED = "Failed"


FINAL = (Phase.COMPLETED.value, Phase.FAILED.value)


class _Spec(BaseModel):
    # Unknown keys are errors: the API server prunes them from what it stores, so one here
    # came from a body that never went through it (a test or a hand-made object).
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)


class ObjectRef(_Spec):
    """The workload to diagnose, as Aegis names it."""

    kind: str = Field(
        min_length=1,
        description="the workload's kind, any spelling kubectl accepts "
        "(PyTorchJob, pytorchjob, Aegis' PytorchJob, job, ...)",
    )
    name: str = Field(min_length=1, description="the workload's name")
    namespace: str | None = Field(None, description="the workload's namespace; default: this JobDiagnosis' own")


class DiagnosisSpec(_Spec):
    object: ObjectRef = Field(description="the workload to diagnose (Aegis' spec.object)")
    model: str | None = Field(
        None,
        description="the model to review the verdict with; 'none' for rules only; "
        "default: the one the controller is configured with",
    )
    language: str | None = Field(None, description="language of the verdict's prose (en, zh, ...)")
    prompt_config_map: str | None = Field(
        None,
        alias="promptConfigMap",
        pattern=r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?/[a-z0-9]([-.a-z0-9]*[a-z0-9])?$",
        description="NAMESPACE/NAME of a ConfigMap holding prompt templates (<kind>.j2, <kind>.tmpl, default.j2)",
    )
    ttl_seconds_after_finished: int | None = Field(
        None,
        alias="ttlSecondsAfterFinished",
        ge=0,
        description="delete this JobDiagnosis this many seconds after it is Completed or Failed",
    )


def camel(name: str) -> str:
    """A verdict field's name in the status: ``confidence_reason`` -> ``confidenceReason``."""
    name = _RENAMED.get(name, name)
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def verdict_status(verdict: Verdict) -> dict[str, Any]:
    """The verdict's fields as the status holds them (camelCase, JSON types)."""
    return {camel(k): v for k, v in verdict.model_dump(mode="json").items()}


def verdict_fields() -> list[str]:
    """The status fields that come from the verdict: cleared when a new diagnosis begins."""
    return [camel(k) for k in Verdict.model_fields]


# -- the CRD --------------------------------------------------------------------------------

_CONDITION = {
    "type": "object",
    "required": ["type", "status"],
    "properties": {
        "type": {"type": "string", "description": "Diagnosed or Failed"},
        "status": {"type": "string", "enum": ["True", "False", "Unknown"]},
        "reason": {"type": "string"},
        "message": {"type": "string"},
        "observedGeneration": {"type": "integer", "format": "int64"},
        "lastTransitionTime": {"type": "string", "format": "date-time"},
    },
}

_OWN_STATUS: dict[str, dict[str, Any]] = {
    "phase": {
        "type": "string",
        "enum": [p.value for p in Phase],
        "description": "Pending, Diagnosing, Completed (a verdict is here) or Failed (reason says why)",
    },
    "reason": {"type": "string", "description": "why there is no verdict (Failed), or what is retried (Diagnosing)"},
    "explain": {
        "type": "string",
        "description": "the verdict in Aegis' format: Healthy:, Error:, Analysis:, Solution:",
    },
    "observedGeneration": {"type": "integer", "format": "int64", "description": "the spec generation diagnosed"},
    "observedAt": {"type": "string", "format": "date-time", "description": "when the workload was read"},
    "finishedAt": {
        "type": "string",
        "format": "date-time",
        "description": "when the phase became Completed or Failed (ttlSecondsAfterFinished counts from it)",
    },
    "rerun": {"type": "string", "description": f"the {RERUN_ANNOTATION} annotation this diagnosis answered"},
    "attempts": {"type": "integer", "description": "diagnoses tried for this generation"},
    "conditions": {
        "type": "array",
        "items": _CONDITION,
        "x-kubernetes-list-type": "map",
        "x-kubernetes-list-map-keys": ["type"],
    },
    # The operator framework's own bookkeeping (kopf: the spec last handled, handler progress).
    "kopf": {"type": "object", "x-kubernetes-preserve-unknown-fields": True},
}

_PRINTER_COLUMNS = [
    {
        "name": "Target",
        "type": "string",
        "jsonPath": ".status.target",
        "description": "the workload, as Kind namespace/name",
    },
    {"name": "Phase", "type": "string", "jsonPath": ".status.phase"},
    {"name": "Healthy", "type": "boolean", "jsonPath": ".status.healthy"},
    {"name": "Category", "type": "string", "jsonPath": ".status.category"},
    {"name": "Culprit", "type": "string", "jsonPath": ".status.culprit.pod"},
    {"name": "Age", "type": "date", "jsonPath": ".metadata.creationTimestamp"},
]


def crd() -> dict[str, Any]:
    """The CustomResourceDefinition of JobDiagnosis (deploy/base/crd.yaml)."""
    spec_schema = structural(DiagnosisSpec.model_json_schema(by_alias=True))
    verdict_schema = structural(Verdict.model_json_schema())
    status_properties = {camel(k): v for k, v in verdict_schema["properties"].items()}
    status_properties.update(_OWN_STATUS)
    schema = {
        "type": "object",
        "required": ["spec"],
        "properties": {
            "apiVersion": {"type": "string"},
            "kind": {"type": "string"},
            "metadata": {"type": "object"},
            "spec": spec_schema,
            "status": {
                "type": "object",
                "description": "the verdict (agent/engine/verdict.py) and its progress",
                "properties": status_properties,
            },
        },
    }
    return {
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": f"{PLURAL}.{GROUP}"},
        "spec": {
            "group": GROUP,
            "scope": "Namespaced",
            "names": {
                "kind": KIND,
                "listKind": f"{KIND}List",
                "plural": PLURAL,
                "singular": SINGULAR,
                "shortNames": SHORT_NAMES,
                "categories": ["jobdoctor"],
            },
            "versions": [
                {
                    "name": VERSION,
                    "served": True,
                    "storage": True,
                    "subresources": {"status": {}},
                    "additionalPrinterColumns": _PRINTER_COLUMNS,
                    "schema": {"openAPIV3Schema": schema},
                }
            ],
        },
    }


def structural(schema: dict[str, Any]) -> dict[str, Any]:
    """A pydantic JSON schema as a structural OpenAPI v3 schema, which the API server
    requires of a CRD: references inlined, ``X | None`` as ``nullable``, no titles,
    defaults or ``additionalProperties: false`` (the API server prunes unknown fields)."""
    defs = schema.get("$defs") or {}

    def convert(node: dict[str, Any]) -> dict[str, Any]:
        if "$ref" in node:
            return convert({**defs[node["$ref"].rsplit("/", 1)[1]], **{k: v for k, v in node.items() if k != "$ref"}})
        options = node.get("anyOf")
        if options is not None:
            real = [o for o in options if o.get("type") != "null"]
            if len(real) != 1:
                raise ValueError(f"cannot express {options} in a structural schema")
            inner = convert({**real[0], **{k: v for k, v in node.items() if k != "anyOf"}})
            if len(real) < len(options):
                inner["nullable"] = True
            return inner
        out: dict[str, Any] = {}
        for key in ("type", "description", "enum", "format", "pattern", "minimum", "maximum", "minLength", "required"):
            if key in node:
                out[key] = node[key]
        if "exclusiveMinimum" in node:
            out.update(minimum=node["exclusiveMinimum"], exclusiveMinimum=True)
        if "properties" in node:
            out["properties"] = {k: convert(v) for k, v in node["properties"].items()}
        if "items" in node:
            out["items"] = convert(node["items"])
        if "enum" in out and "type" not in out:
            out["type"] = "string"
        return out

    return convert(schema)


def dns_name(text: str, *, limit: int = 63) -> str:
    """``text`` as a Kubernetes object name: lower case, ``[-a-z0-9]``, at most ``limit``."""
    name = re.sub(r"[^-a-z0-9]+", "-", text.lower()).strip("-")
    return name[:limit].rstrip("-") or "x"


if __name__ == "__main__":  # python -m agent.operator.resource > deploy/base/crd.yaml
    import sys

    import yaml

    sys.stdout.write(
        "# Generated by `python -m agent.operator.resource` from agent/operator/resource.py and\n"
        "# agent/engine/verdict.py; tests/operator/test_resource.py checks it is current.\n"
    )
    sys.stdout.write(yaml.safe_dump(crd(), sort_keys=False, width=120))
