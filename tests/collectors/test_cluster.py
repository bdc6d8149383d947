"""ClusterSource over HTTP, against the fake API server: configuration like kubectl, the
requests it makes, and the client's errors translated at the edge, never leaked."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import urllib3
from kubernetes.client import ApiException

from collectors.cluster import ClusterSource
from collectors.errors import ClusterForbidden, ClusterUnreachable, InputError, JobdoctorError, Unreadable
from collectors.source import ObjectRef
from tests.conftest import EXAMPLES, ROOT
from tests.fakeapi import FakeApiServer
from tests.fakeapi.fixtures import FakeCluster

NS = "team"
FAST = (1.0, 0.5)  # timeouts short enough for a test to wait them out


def _pod(name: str, *, labels: dict[str, str] | None = None, waiting: str | None = None) -> dict[str, Any]:
    state = {"waiting": {"reason": waiting}} if waiting else {"running": {"startedAt": "2026-01-01T00:00:00Z"}}
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": name, "namespace": NS, "uid": f"uid-{name}", "labels": labels or {}},
        "spec": {"nodeName": "n1", "containers": [{"name": "main", "image": "busybox"}]},
        "status": {"phase": "Running", "containerStatuses": [{"name": "main", "state": state, "lastState": {}}]},
    }


def _event(name: str, about: str, reason: str = "Started") -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Event",
        "metadata": {"name": name, "namespace": NS},
        "involvedObject": {"kind": "Pod", "name": about, "uid": f"uid-{about}"},
        "reason": reason,
        "message": "m",
    }


# -- configuration --------------------------------------------------------------------------


def test_kubeconfig_context_namespace_and_kubeconfig_list(
    fake_api: FakeCluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = fake_api.server.write_kubeconfig(tmp_path / "config", namespace="ml-team")
    with ClusterSource.from_config(kubeconfig=str(config)) as source:
        assert source.default_namespace == "ml-team" and source.host == fake_api.server.url
    # KUBECONFIG is a list, as for kubectl: files that do not exist are skipped.
    monkeypatch.setenv("KUBECONFIG", os.pathsep.join([str(tmp_path / "missing"), str(config)]))
    with ClusterSource.from_config() as source:
        assert source.default_namespace == "ml-team"
    with ClusterSource.from_config(context="fake") as source:
        assert source.get_object("v1", "Pod", "none", "ml-team") is None


def test_configuration_problems_are_one_line_errors(
    fake_api: FakeCluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("KUBERNETES_SERVICE_HOST", raising=False)
    with pytest.raises(ClusterUnreachable, match="no Kubernetes configuration found: pass --kubeconfig"):
        ClusterSource.from_config()
    with pytest.raises(InputError, match="kubeconfig .*nope: no such file"):
        ClusterSource.from_config(kubeconfig=str(tmp_path / "nope"))
    with pytest.raises(InputError, match="no context 'prod'; contexts: fake"):
        ClusterSource.from_config(kubeconfig=str(fake_api.kubeconfig), context="prod")
    (tmp_path / "broken").write_text("clusters: [}\n")
    with pytest.raises(InputError, match="broken: not a valid kubeconfig"):
        ClusterSource.from_config(kubeconfig=str(tmp_path / "broken"))
    # In a pod without its service account token: said so, not a traceback.
    monkeypatch.setenv("KUBERNETES_SERVICE_HOST", "10.0.0.1")
    monkeypatch.setenv("KUBERNETES_SERVICE_PORT", "443")
    with pytest.raises(ClusterUnreachable, match="in-cluster configuration cannot be used"):
        ClusterSource.from_config()


# -- requests -------------------------------------------------------------------------------


def test_lists_follow_continue_and_fill_in_kind(fake_api: FakeCluster) -> None:
    fake_api.store.add_all([_pod(f"w-{i:04d}", labels={"job": "j"}) for i in range(1203)])
    fake_api.store.add(_pod("other", labels={"job": "k"}))
    with fake_api.source() as source:
        pods = source.list_objects("v1", "Pod", NS, label_selector="job=j")
    assert len(pods) == 1203 and {(p["kind"], p["apiVersion"]) for p in pods} == {("Pod", "v1")}
    pages = [r for r in fake_api.server.requests if r.resource == "pods"]
    assert [r.query.get("limit") for r in pages] == ["500"] * 3 and "continue" in pages[1].query


def test_an_expired_continue_token_starts_the_list_again(fake_api: FakeCluster) -> None:
    fake_api.store.add_all([_pod(f"p{i}") for i in range(3)])
    fake_api.server.expire_continue = True
    with fake_api.source() as source:
        source._page = 2  # two pages, so that a continue token is needed
        assert len(source.list_objects("v1", "Pod", NS)) == 3
    assert [r.status for r in fake_api.server.requests] == [200, 410, 200]


def test_missing_objects_and_kinds_the_cluster_does_not_serve(fake_api: FakeCluster) -> None:
    with fake_api.source() as source:
        assert source.get_object("kubeflow.org/v1", "PyTorchJob", "gone", NS) is None
        assert source.list_objects("example.com/v1", "Widget", NS) == []
        assert source.get_object("example.com/v1", "Widget", "w", NS) is None
    assert [r.status for r in fake_api.server.requests] == [404, 404, 404]


def test_events_one_list_filtered_here_or_by_a_field_selector(fake_api: FakeCluster) -> None:
    fake_api.store.add_all([_event("e1", "a"), _event("e2", "b"), _event("e3", "c")])
    with fake_api.source() as source:
        two = source.list_events(NS, [ObjectRef("Pod", "a", NS, "uid-a"), ObjectRef("Pod", "b", NS)])
        one = source.list_events(NS, [ObjectRef("Pod", "c", NS, "uid-c")])
    assert [e["metadata"]["name"] for e in two] == ["e1", "e2"] and [e["metadata"]["name"] for e in one] == ["e3"]
    first, second = fake_api.server.requests
    assert "fieldSelector" not in first.query
    assert second.query["fieldSelector"] == "involvedObject.kind=Pod,involvedObject.name=c"


def test_a_generated_name_ref_is_filtered_here_never_by_a_field_selector(fake_api: FakeCluster) -> None:
    fake_api.store.add_all([_event("e1", "head-74srb"), _event("e2", "head-mnbsl"), _event("e3", "other")])
    with fake_api.source() as source:
        found = source.list_events(NS, [ObjectRef("Pod", "head-", NS, generated=True)])
    assert [e["metadata"]["name"] for e in found] == ["e1", "e2"]
    assert "fieldSelector" not in fake_api.server.requests[0].query


def test_logs_streamed_with_the_budget_and_none_when_there_is_none(fake_api: FakeCluster) -> None:
    store = fake_api.store
    store.add_all([_pod("run"), _pod("starting", waiting="ContainerCreating")])
    store.put_log("run", "main", "".join(f"line {i}\n" for i in range(100)), namespace=NS)
    with fake_api.source() as source:
        # timestamps=true: the kubelet's time before each line (here the container's start,
        # since the lines carry none), then limitBytes counts what is sent.
        assert b"".join(source.read_log(NS, "run", "main", tail_lines=10, limit_bytes=50)) == (
            b"2026-01-01T00:00:00Z line 90\n2026-01-01T00:00:00Z "
        )
        assert list(source.read_log(NS, "starting", "main")) == []  # 400 waiting to start
        assert list(source.read_log(NS, "run", "main", previous=True)) == []  # 400 no previous run
        assert list(source.read_log(NS, "gone", "main")) == []  # 404: deleted since it was listed
    query = fake_api.server.requests[0].query
    assert (query["tailLines"], query["limitBytes"], query["timestamps"], query["previous"]) == (
        "10",
        "50",
        "true",
        "false",
    )


def test_secrets_are_never_requested(fake_api: FakeCluster) -> None:
    with fake_api.source() as source:
        for read in (
            lambda: source.get_object("v1", "Secret", "s", NS),
            lambda: source.list_objects("v1", "Secret", NS),
        ):
            with pytest.raises(Unreadable, match="never reads Secrets"):
                read()
    assert fake_api.server.requests == []


# -- errors ---------------------------------------------------------------------------------


def test_forbidden_names_the_missing_rbac_rule(fake_api: FakeCluster) -> None:
    fake_api.store.add(_pod("p"))
    fake_api.server.forbid("pods/log")
    fake_api.server.forbid("pytorchjobs")
    with fake_api.source() as source:
        with pytest.raises(Unreadable) as log:
            source.read_log(NS, "p", "main")
        with pytest.raises(Unreadable) as job:
            source.get_object("kubeflow.org/v1", "PyTorchJob", "j", NS)
    assert log.value.forbidden and job.value.forbidden
    assert 'needs RBAC rule: apiGroups [""], resources [pods/log], verbs [get] in namespace team' in str(log.value)
    assert 'apiGroups ["kubeflow.org"], resources [pytorchjobs], verbs [get]' in str(job.value)
    assert 'cannot get resource "pods/log"' in str(log.value)  # the API server's own words follow


def test_rejected_credentials_stop_everything(fake_api: FakeCluster) -> None:
    fake_api.server.fail("*", 401)
    with fake_api.source() as source, pytest.raises(ClusterForbidden, match="rejected the credentials"):
        source.list_objects("v1", "Pod", NS)


def test_a_slow_api_server_is_named_and_a_slow_log_becomes_a_note(fake_api: FakeCluster) -> None:
    fake_api.store.add(_pod("p"))
    fake_api.store.put_log("p", "main", "x\n", namespace=NS)
    fake_api.server.delay("pods", 2, verb="list")
    fake_api.server.delay("pods/log", 2)
    with fake_api.source(timeout=FAST) as source:
        with pytest.raises(ClusterUnreachable, match=r"did not answer within 0\.5s"):
            source.list_objects("v1", "Pod", NS)
        with pytest.raises(Unreadable, match=r"did not answer within 0\.5s"):
            source.read_log(NS, "p", "main")


def test_an_api_server_that_is_down(tmp_path: Path) -> None:
    with FakeApiServer() as server:
        config = server.write_kubeconfig(tmp_path / "config")
    with ClusterSource.from_config(kubeconfig=str(config), timeout=FAST) as source:
        with pytest.raises(
            ClusterUnreachable,
            match=r"cannot connect to the API server at http://127\.0\.0\.1:\d+ "
            r"\(connection refused\)",
        ):
            source.get_object("batch/v1", "Job", "j", NS)
        with pytest.raises(Unreadable, match="connection refused"):
            source.list_events(NS, [ObjectRef("Pod", "p")])


def _calls(source: ClusterSource) -> dict[str, Callable[[], Any]]:
    return {
        "get": lambda: source.get_object("kubeflow.org/v1", "PyTorchJob", "j", NS),
        "get-core": lambda: source.get_object("v1", "ConfigMap", "c", NS),
        "list": lambda: source.list_objects("v1", "Pod", NS, label_selector="a=b"),
        "events": lambda: source.list_events(NS, [ObjectRef("Pod", "p")]),
        "log": lambda: b"".join(source.read_log(NS, "p", "main", tail_lines=5, limit_bytes=100)),
    }


FAULTS: dict[str, Callable[[FakeApiServer], Any]] = {
    "400": lambda s: s.fail("*", 400, message="bad request"),
    "401": lambda s: s.fail("*", 401),
    "403": lambda s: s.forbid("*"),
    "404": lambda s: s.fail("*", 404, message="the server could not find the requested resource"),
    "409": lambda s: s.fail("*", 409),
    "410": lambda s: s.fail("*", 410),
    "429": lambda s: s.fail("*", 429, message="too many requests"),
    "500": lambda s: s.fail("*", 500, message="etcdserver: request timed out"),
    "503": lambda s: s.fail("*", 503),
    "slow": lambda s: s.delay("*", 2),
}


@pytest.mark.parametrize("fault", [*FAULTS, "down"])
@pytest.mark.parametrize("call", ["get", "get-core", "list", "events", "log"])
def test_the_clients_exceptions_never_leak(fake_api: FakeCluster, tmp_path: Path, fault: str, call: str) -> None:
    """Whatever goes wrong, what leaves ClusterSource is jobdoctor's: kopf's
    test_aiohttp_is_not_leaked_outside, for the kubernetes client and urllib3."""
    fake_api.store.add(_pod("p"))
    fake_api.store.put_log("p", "main", "hello\n", namespace=NS)
    if fault == "down":
        config = fake_api.kubeconfig
        fake_api.server.stop()
    else:
        FAULTS[fault](fake_api.server)
        config = fake_api.kubeconfig
    with ClusterSource.from_config(kubeconfig=str(config), timeout=FAST) as source:
        try:
            _calls(source)[call]()
        except Exception as exc:  # the point of the test: look at whatever comes out
            assert isinstance(exc, JobdoctorError), f"{type(exc).__module__}.{type(exc).__name__} leaked: {exc}"
            assert not isinstance(exc, (ApiException, urllib3.exceptions.HTTPError))
            assert "\n" not in str(exc) and str(exc), "one line for the user"


def test_a_snapshot_diagnosis_never_imports_the_kubernetes_client() -> None:
    example = EXAMPLES / "pytorchjob-gpu-oom-cascade"
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from agent.cli.app import app\n"
        f"result = CliRunner().invoke(app, ['diagnose', 'pytorchjob', 'llama-ft', '-n', 'team-nlp', '--snapshot', {str(example)!r}])\n"
        "assert result.exit_code == 0, result.output\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('kubernetes', 'urllib3', 'openai')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
