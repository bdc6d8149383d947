"""collectors/shapes.py: objects checked where they enter; what no reader expects is left out."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from collectors.shapes import identity_problem, repair


def pod(**status: Any) -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": "p", "namespace": "ml"},
        "spec": {"nodeName": "n1", "containers": [{"name": "c"}]},
        "status": status,
    }


def test_a_well_formed_object_is_left_alone() -> None:
    obj = pod(phase="Running", containerStatuses=[{"name": "c", "state": {"running": {}}, "restartCount": "2"}])
    before = copy.deepcopy(obj)
    assert repair(obj) is None and obj == before


def test_each_field_of_the_wrong_type_goes_and_is_named() -> None:
    obj = pod(
        containerStatuses=["x", {"name": "c", "image": 5, "state": {"terminated": {"exitCode": True}}}], reason=["r"]
    )
    obj["metadata"]["labels"] = 5
    note = repair(obj)
    assert note == (
        "Pod ml/p: left out metadata.labels (not a mapping, found a number), status.reason (not a string, "
        "found a list), status.containerStatuses[0] (not a mapping, found a string) and 2 more"
    )
    assert obj["status"] == {"containerStatuses": [{"name": "c", "state": {"terminated": {}}}]}
    assert "labels" not in obj["metadata"]


@pytest.mark.parametrize("empty", [None, "", 0, [], {}, False])
def test_empty_values_read_as_absent_pass(empty: Any) -> None:
    obj = pod(containerStatuses=empty, conditions=empty)
    assert repair(obj) is None


@pytest.mark.parametrize(
    ("obj", "field"),
    [
        (
            {
                "apiVersion": "kubeflow.org/v1",
                "kind": "PyTorchJob",
                "metadata": {"name": "j"},
                "spec": {"pytorchReplicaSpecs": {"Worker": "x"}},
            },
            "spec.pytorchReplicaSpecs.Worker",
        ),
        (
            {
                "apiVersion": "kubeflow.org/v1",
                "kind": "TFJob",
                "metadata": {"name": "j"},
                "spec": {"tfReplicaSpecs": {1: {}}},
            },
            "the key 1 of spec.tfReplicaSpecs",
        ),
        (
            {
                "apiVersion": "ray.io/v1",
                "kind": "RayJob",
                "metadata": {"name": "r"},
                "spec": {"rayClusterSpec": {"workerGroupSpecs": [None]}},
            },
            "spec.rayClusterSpec.workerGroupSpecs[0]",
        ),
        (
            {
                "apiVersion": "batch.volcano.sh/v1alpha1",
                "kind": "Job",
                "metadata": {"name": "v"},
                "status": {"state": {"reason": 3}},
            },
            "status.state.reason",
        ),
        (
            {
                "apiVersion": "jobset.x-k8s.io/v1alpha2",
                "kind": "JobSet",
                "metadata": {"name": "s"},
                "spec": {"replicatedJobs": [{"template": "x"}]},
            },
            "spec.replicatedJobs[0].template",
        ),
        (
            {"apiVersion": "v1", "kind": "ResourceQuota", "metadata": {"name": "q"}, "status": {"hard": {1: "2"}}},
            "the key 1 of status.hard",
        ),
        (
            {"apiVersion": "v1", "kind": "Event", "metadata": {"name": "e"}, "involvedObject": {"uid": ["u"]}},
            "involvedObject.uid",
        ),
        ({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}, "data": ["x"]}, "data"),
        (
            {
                "apiVersion": "example.com/v1",
                "kind": "Anything",
                "metadata": {"name": "a", "ownerReferences": [{"uid": 1}]},
                "status": {"conditions": "x"},
            },
            "metadata.ownerReferences[0].uid",
        ),
    ],
    ids=[
        "kubeflow spec",
        "kubeflow role key",
        "ray workers",
        "volcano state",
        "jobset template",
        "quota key",
        "event object",
        "configmap data",
        "any kind",
    ],
)
def test_every_kind_is_checked_by_what_its_reader_uses(obj: dict[str, Any], field: str) -> None:
    note = repair(obj)
    assert note is not None and f"left out {field} (" in note


def test_an_object_without_an_identity_cannot_be_repaired() -> None:
    assert identity_problem([1]) == "expected a Kubernetes object, found a list"
    assert identity_problem({"apiVersion": "v1", "metadata": {"name": "x"}}) == "an object has no kind"
    assert identity_problem({"kind": "Pod", "metadata": {"name": "x"}}) == "a Pod has no apiVersion"
    assert (
        identity_problem({"kind": "Pod", "apiVersion": "v1", "metadata": {"name": 5}}) == "a Pod has no metadata.name"
    )
    assert identity_problem(pod()) is None
