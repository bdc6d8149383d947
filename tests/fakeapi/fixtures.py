"""pytest fixtures for the fake API server (registered in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.fakeapi.server import FakeApiServer
from tests.fakeapi.store import Store


@dataclass
class FakeCluster:
    """A running fake API server and a kubeconfig that points at it."""

    server: FakeApiServer
    kubeconfig: Path
    _sources: list[Any] = field(default_factory=list)

    @property
    def store(self) -> Store:
        return self.server.store

    def serve_snapshot(self, path: str | Path, *, namespace: str = "default") -> Store:
        """Serve a snapshot directory instead of what was served so far."""
        self.server.store = Store.from_snapshot(path, namespace=namespace)
        return self.server.store

    def source(self, **options: Any) -> Any:
        """A ``ClusterSource`` configured from the kubeconfig, closed after the test."""
        from collectors.cluster import ClusterSource

        source = ClusterSource.from_config(kubeconfig=str(self.kubeconfig), **options)
        self._sources.append(source)
        return source

    def close(self) -> None:
        for source in self._sources:
            source.close()


@pytest.fixture
def fake_api(tmp_path: Path) -> Iterator[FakeCluster]:
    with FakeApiServer() as server:
        cluster = FakeCluster(server, server.write_kubeconfig(tmp_path / "kubeconfig"))
        try:
            yield cluster
        finally:
            cluster.close()
