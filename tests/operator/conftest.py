"""Fixtures for the JobDiagnosis controller: the fake API server with watches and writes,
serving an example snapshot, and controllers run in threads over it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from agent.engine.signatures import builtin_catalogue
from agent.operator.controller import Controller, Options
from agent.operator.reconciling import Policy
from agent.operator.resource import API_VERSION, GROUP, KIND, PLURAL, VERSION
from agent.settings import Settings
from tests.conftest import EXAMPLES
from tests.fakeapi.fixtures import FakeCluster
from tests.fakeapi.resources import by_kind
from tests.fakeapi.watching import Watching, install

NS = "team-nlp"
OWN = "jobdoctor"
EXAMPLE = EXAMPLES / "pytorchjob-gpu-oom-cascade"
RESOURCE = by_kind(API_VERSION, KIND)


def jobdiagnosis(
    name: str, kind: str = "PyTorchJob", target: str = "llama-ft", *, namespace: str = NS, **spec: Any
) -> dict[str, Any]:
    return {
        "apiVersion": API_VERSION,
        "kind": KIND,
        "metadata": {"name": name, "namespace": namespace},
        "spec": {"object": {"kind": kind, "name": target}, **spec},
    }


def until(condition: Callable[[], Any], timeout: float = 30, what: str = "the condition") -> Any:
    """Waits generously: the machine is shared, and the controller's first list takes a while."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


@dataclass
class Cluster:
    fake: FakeCluster
    api: Watching

    def custom(self) -> Any:
        """The official client's CustomObjectsApi, over HTTP to the fake API server."""
        from kubernetes import client

        return client.CustomObjectsApi(self.fake.source().api_client)

    def apply(self, obj: dict[str, Any]) -> dict[str, Any]:
        """``kubectl apply`` of a new object: a create through the API server."""
        namespace = obj["metadata"].get("namespace", NS)
        out: dict[str, Any] = self.custom().create_namespaced_custom_object(GROUP, VERSION, namespace, PLURAL, obj)
        return out

    def patch(self, name: str, body: dict[str, Any], namespace: str = NS) -> None:
        """``kubectl patch --type merge`` / ``kubectl annotate``: a merge patch of the object."""
        self.custom().patch_namespaced_custom_object(GROUP, VERSION, namespace, PLURAL, name, body)

    def get(self, name: str, namespace: str = NS) -> dict[str, Any] | None:
        assert RESOURCE is not None
        return self.fake.store.get(RESOURCE, namespace, name)

    def status(self, name: str, namespace: str = NS) -> dict[str, Any]:
        return (self.get(name, namespace) or {}).get("status") or {}

    def finished(self, name: str, namespace: str = NS, timeout: float = 60) -> dict[str, Any]:
        return dict(
            until(
                lambda: (
                    self.status(name, namespace)
                    if self.status(name, namespace).get("phase") in ("Completed", "Failed")
                    else None
                ),
                timeout,
                f"{name} to finish",
            )
        )


@pytest.fixture
def cluster(fake_api: FakeCluster) -> Cluster:
    fake_api.serve_snapshot(EXAMPLE, namespace=NS)
    return Cluster(fake_api, install(fake_api.server))


@pytest.fixture
def run_controller(cluster: Cluster) -> Iterator[Callable[..., Controller]]:
    """Starts a controller in a thread (no leader election); stopped after the test."""
    running: list[tuple[threading.Event, threading.Thread]] = []

    def start(settings: Settings | None = None, **options: Any) -> Controller:
        source = cluster.fake.source()
        policy = options.pop("policy", Policy(OWN))
        controller = Controller(
            Options(policy, **{"retry_first": 0.2, "retry_max": 1.0, "sweep_every": 0.3, **options}),
            api_client=source.api_client,
            source=source,
            settings=settings or Settings(),
            catalogue=builtin_catalogue(),
        )
        stop = threading.Event()
        thread = threading.Thread(target=controller.run, args=(stop,), daemon=True, name="controller")
        thread.start()
        running.append((stop, thread))
        assert controller.ready.wait(30), "the controller did not start"
        return controller

    yield start
    for stop, thread in running:
        stop.set()
        thread.join(30)
        assert not thread.is_alive(), "the controller did not stop"
