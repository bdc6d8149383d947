"""The JobDiagnosis CRD: generated from the models, shipped as generated, and what the
examples in deploy/ hold is a valid spec."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from agent.engine.verdict import Verdict
from agent.operator.reconciling import parse_spec
from agent.operator.resource import DiagnosisSpec, crd, structural, verdict_fields
from tests.conftest import ROOT

DEPLOY = ROOT / "deploy"


def test_the_shipped_crd_is_the_generated_one() -> None:
    shipped = yaml.safe_load((DEPLOY / "base" / "crd.yaml").read_text())
    assert shipped == crd(), "regenerate: python -m agent.operator.resource > deploy/base/crd.yaml"


def test_the_status_schema_holds_every_verdict_field_and_the_printer_columns_resolve() -> None:
    [version] = crd()["spec"]["versions"]
    status = version["schema"]["openAPIV3Schema"]["properties"]["status"]["properties"]
    assert set(verdict_fields()) <= set(status)
    assert {"phase", "explain", "observedGeneration", "conditions", "reason"} <= set(status)
    assert "workloadStatus" in status and "status" not in status
    assert version["subresources"] == {"status": {}}
    columns = {c["name"]: c["jsonPath"] for c in version["additionalPrinterColumns"]}
    assert list(columns) == ["Target", "Phase", "Healthy", "Category", "Culprit", "Age"]
    for path in columns.values():
        top, _, rest = path.lstrip(".").partition(".")
        if top == "status":
            assert rest.split(".")[0] in status, path


def _walk(node: object) -> list[dict[str, object]]:
    if isinstance(node, dict):
        return [node, *[n for v in node.values() for n in _walk(v)]]
    if isinstance(node, list):
        return [n for v in node for n in _walk(v)]
    return []


def test_the_schema_is_structural() -> None:
    """What the API server refuses in a CRD schema: references, anyOf over types, titles,
    defaults, additionalProperties beside properties."""
    schema = crd()["spec"]["versions"][0]["schema"]["openAPIV3Schema"]
    for node in _walk(schema):
        assert not {"$ref", "$defs", "title", "default", "anyOf", "additionalProperties"} & set(node), node
    assert structural(Verdict.model_json_schema())["properties"]["culprit"]["nullable"] is True


@pytest.mark.parametrize("path", sorted((DEPLOY / "examples").glob("*.yaml")), ids=lambda p: p.name)
def test_the_examples_are_valid_jobdiagnoses(path: Path) -> None:
    [obj] = [d for d in yaml.safe_load_all(path.read_text()) if d]
    assert obj["apiVersion"] == "jobdoctor.io/v1alpha1" and obj["kind"] == "JobDiagnosis"
    assert isinstance(parse_spec(obj), DiagnosisSpec)
