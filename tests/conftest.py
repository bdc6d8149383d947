"""Shared fixtures: a clean environment for every test, and paths to the repo's data."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

# The fake Kubernetes API server's fixtures (fake_api): tests/fakeapi/.
pytest_plugins = ["tests.fakeapi.fixtures"]

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "snapshots"
CASES = Path(__file__).resolve().parent / "cases"
# Case folders of your own to run the case tests on as well (os.pathsep-separated), e.g.
# JOBDOCTOR_TEST_CASES=../shared/cases: live vs snapshot, capture round trip, prompt size.
TEST_CASES = "JOBDOCTOR_TEST_CASES"


def case_dirs(*roots: Path) -> list[Path]:
    """The case folders (``<id>/snapshot`` and ``<id>/expected.yaml``) under ``roots`` and
    under the folders $JOBDOCTOR_TEST_CASES names."""
    extra = [Path(p) for p in os.environ.get(TEST_CASES, "").split(os.pathsep) if p]
    return [p.parent for root in (*roots, *extra) for p in sorted(root.glob("*/expected.yaml"))]


@pytest.fixture(autouse=True)
def clean_environ(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """No setting leaks in from the developer's shell or home directory."""
    for name in list(os.environ):
        if name.startswith(("JOBDOCTOR_", "OPENAI_", "KUBECONFIG")):
            monkeypatch.delenv(name, raising=False)
    # The locale chooses the verdict's language: a developer's zh_CN shell must not turn
    # every English expectation Chinese. C.UTF-8 keeps subprocesses' text UTF-8.
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    yield
