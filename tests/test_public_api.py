"""Each package says what is public; the names it lists must exist (httpx's test_exported_members)."""

from __future__ import annotations

import importlib

import pytest


@pytest.mark.parametrize("package", ["agent", "collectors", "agent.triage", "agent.mcp"])
def test_all_names_are_exported(package: str) -> None:
    module = importlib.import_module(package)
    for name in module.__all__:
        assert getattr(module, name) is not None, f"{package}.{name}"
    with pytest.raises(AttributeError):
        module.no_such_name  # noqa: B018
