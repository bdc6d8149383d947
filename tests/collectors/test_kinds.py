"""Kinds: every spelling kubectl accepts resolves; anything else is a clear error."""

from __future__ import annotations

import pytest

from collectors.errors import UnknownKind
from collectors.kinds import builtin_kinds, resolve_kind


@pytest.mark.parametrize(
    ("typed", "kind"),
    [
        ("pytorchjob", "PyTorchJob"),
        ("PyTorchJobs", "PyTorchJob"),
        ("pytorchjob.kubeflow.org", "PyTorchJob"),
        ("tfjob", "TFJob"),
        ("mpijobs", "MPIJob"),
        ("job", "Job"),
        ("jobs.batch", "Job"),
        ("po", "Pod"),
        ("Pod", "Pod"),
        ("xgboostjob", "XGBoostJob"),
        ("paddlejob", "PaddleJob"),
        ("jaxjob", "JAXJob"),
    ],
)
def test_spellings(typed: str, kind: str) -> None:
    assert resolve_kind(typed).kind == kind


def test_unknown_kind_suggests_the_closest() -> None:
    with pytest.raises(UnknownKind, match="did you mean pytorchjob"):
        resolve_kind("pytorchjbo")
    with pytest.raises(UnknownKind, match="unknown kind 'pytorchjob.ray.io'"):
        resolve_kind("pytorchjob.ray.io")


def test_every_kind_can_find_its_pods() -> None:
    for kind in builtin_kinds():
        assert kind.family == "pod" or kind.pod_selectors, kind.kind


def test_every_kind_an_operator_runs_names_it_for_each_api_version() -> None:
    """A verdict about a workload nobody reconciled names who should have; Kubernetes runs
    Jobs and Pods itself, so they name none."""
    for kind in builtin_kinds():
        if all(v in ("v1", "batch/v1") for v in kind.api_versions):
            assert not kind.operators, kind.kind
        else:
            assert set(kind.api_versions) <= set(kind.operators), kind.kind


def test_the_operator_follows_the_api_version() -> None:
    """MPIJob v2beta1 is mpi-operator's; v1 is served by mpi-operator before v0.3 and by the
    training-operator, so both are named."""
    (mpijob,) = (k for k in builtin_kinds() if k.kind == "MPIJob")
    assert mpijob.operators["kubeflow.org/v2beta1"] == "mpi-operator"
    assert mpijob.operators["kubeflow.org/v1"] == "mpi-operator or training-operator"
