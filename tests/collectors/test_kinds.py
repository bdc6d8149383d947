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
