"""The fake API server answers as the real one does, seen through the official client."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from kubernetes import client, config

from collectors.kinds import admission_refs, builtin_kinds
from tests.fakeapi import RESOURCES, FakeApiServer, Store
from tests.fakeapi.fixtures import FakeCluster

NS = "team"


def _pod(
    name: str,
    labels: dict[str, str] | None = None,
    *,
    node: str | None = "n1",
    state: Any = None,
    last: Any = None,
    containers: tuple[str, ...] = ("main",),
) -> dict[str, Any]:
    statuses = [{"name": c, "state": state or {"running": {}}, "lastState": last or {}} for c in containers]
    spec: dict[str, Any] = {"containers": [{"name": c, "image": "busybox"} for c in containers]}
    if node:
        spec["nodeName"] = node
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": name, "namespace": NS, "labels": labels or {}},
        "spec": spec,
        "status": {"phase": "Running", "containerStatuses": statuses},
    }


@pytest.fixture
def api(fake_api: FakeCluster) -> Iterator[client.CoreV1Api]:
    configuration = client.Configuration()
    config.load_kube_config(
        config_file=str(fake_api.kubeconfig), client_configuration=configuration, persist_config=False
    )
    with client.ApiClient(configuration) as api_client:
        yield client.CoreV1Api(api_client)


def _json(resp: Any) -> Any:
    return json.loads(resp.data)


def test_every_kind_jobdoctor_reads_is_served() -> None:
    served = {(r.api_version, r.kind) for r in RESOURCES}
    wanted = {(v, k.kind) for k in builtin_kinds() for v in k.api_versions}
    wanted |= {(c.api_version, c.kind) for k in builtin_kinds() for c in k.children}
    wanted |= {(a.api_version, a.kind) for a in admission_refs()}
    wanted |= {("v1", "Pod"), ("v1", "Event"), ("v1", "ResourceQuota"), ("v1", "ConfigMap")}
    # By resource name, whatever the kind's capitals (the first TFJob operator's kind is TfJob).
    assert {(v, k.lower()) for v, k in wanted} - {(v, k.lower()) for v, k in served} == set()


def test_lists_paginate_in_key_order_and_built_in_items_carry_no_kind(
    fake_api: FakeCluster, api: client.CoreV1Api
) -> None:
    fake_api.store.add_all([_pod(f"p{i}") for i in (3, 1, 2, 5, 4)])
    first = _json(api.list_namespaced_pod(NS, limit=2, _preload_content=False))
    assert [p["metadata"]["name"] for p in first["items"]] == ["p1", "p2"]
    assert first["metadata"]["remainingItemCount"] == 3
    assert "kind" not in first["items"][0] and first["kind"] == "PodList"
    rest = _json(api.list_namespaced_pod(NS, limit=2, _continue=first["metadata"]["continue"], _preload_content=False))
    last = _json(api.list_namespaced_pod(NS, limit=2, _continue=rest["metadata"]["continue"], _preload_content=False))
    assert [p["metadata"]["name"] for p in rest["items"] + last["items"]] == ["p3", "p4", "p5"]
    assert "continue" not in last["metadata"]


def test_custom_resources_keep_their_kind_in_lists(fake_api: FakeCluster) -> None:
    fake_api.store.add(
        {"apiVersion": "kubeflow.org/v1", "kind": "PyTorchJob", "metadata": {"name": "j", "namespace": NS}}
    )
    with fake_api.source() as source:
        [job] = source.list_objects("kubeflow.org/v1", "PyTorchJob", NS)
    assert job["kind"] == "PyTorchJob" and fake_api.server.requests[-1].resource == "pytorchjobs"


@pytest.mark.parametrize(
    ("selector", "names"),
    [
        ("app=a", ["a1", "a2"]),
        ("app==a,tier!=db", ["a1"]),
        ("app in (a, b)", ["a1", "a2", "b1"]),
        ("app notin (a)", ["b1", "c1"]),
        ("tier", ["a2", "b1"]),
        ("!tier", ["a1", "c1"]),
    ],
)
def test_label_selectors(fake_api: FakeCluster, api: client.CoreV1Api, selector: str, names: list[str]) -> None:
    fake_api.store.add_all(
        [
            _pod("a1", {"app": "a"}),
            _pod("a2", {"app": "a", "tier": "db"}),
            _pod("b1", {"app": "b", "tier": "web"}),
            _pod("c1", {"app": "c"}),
        ]
    )
    found = _json(api.list_namespaced_pod(NS, label_selector=selector, _preload_content=False))
    assert [p["metadata"]["name"] for p in found["items"]] == names


def test_errors_are_status_bodies(fake_api: FakeCluster, api: client.CoreV1Api) -> None:
    with pytest.raises(client.ApiException) as missing:
        api.read_namespaced_pod("nope", NS)
    status = json.loads(missing.value.body)
    assert (missing.value.status, status["kind"], status["reason"]) == (404, "Status", "NotFound")
    assert status["message"] == 'pods "nope" not found' and status["details"] == {"name": "nope", "kind": "pods"}
    with pytest.raises(client.ApiException) as bad:
        api.list_namespaced_pod(NS, field_selector="spec.bogus=1")
    assert bad.value.status == 400 and "field label not supported: spec.bogus" in bad.value.body
    fake_api.server.forbid("pods", verb="list")
    with pytest.raises(client.ApiException) as forbidden:
        api.list_namespaced_pod(NS)
    assert forbidden.value.status == 403
    assert json.loads(forbidden.value.body)["message"] == (
        'pods is forbidden: User "system:serviceaccount:default:jobdoctor" cannot list resource "pods" in API group ""'
        ' in the namespace "team"'
    )


def test_logs_as_the_kubelet_answers(fake_api: FakeCluster, api: client.CoreV1Api) -> None:
    store = fake_api.store
    store.add_all(
        [
            _pod("run"),
            _pod("wait", state={"waiting": {"reason": "ContainerCreating"}}),
            _pod("pending", node=None, state={"waiting": {"reason": "ContainerCreating"}}),
            _pod("two", containers=("a", "b")),
        ]
    )
    store.put_log("run", "main", "one\ntwo\nthree\nfour\n", namespace=NS)

    def log(pod: str, **kw: Any) -> bytes:
        return bytes(api.read_namespaced_pod_log(pod, NS, _preload_content=False, **kw).data)

    assert log("run", container="main") == b"one\ntwo\nthree\nfour\n"
    assert log("run", container="main", tail_lines=2) == b"three\nfour\n"
    assert log("run", container="main", tail_lines=3, limit_bytes=6) == b"two\nth"
    assert log("pending", container="main") == b""  # not scheduled: 200 and nothing
    for pod, kw, message in [
        ("wait", {"container": "main"}, 'container "main" in pod "wait" is waiting to start: ContainerCreating'),
        ("run", {"container": "main", "previous": True}, 'previous terminated container "main" in pod "run" not found'),
        ("two", {}, "a container name must be specified for pod two, choose one of: [a b]"),
        ("run", {"container": "other"}, "container other is not valid for pod run"),
    ]:
        with pytest.raises(client.ApiException) as exc:
            log(pod, **kw)
        assert exc.value.status == 400 and json.loads(exc.value.body)["message"] == message


def test_timestamps_as_a_kubelet_writes_them(fake_api: FakeCluster, api: client.CoreV1Api) -> None:
    """Every line gets an RFC 3339 time: its own when it says one, else the previous line's,
    else the container's start; a stamp already there is kept; a carriage return is no line end."""
    state = {"running": {"startedAt": "2026-03-02T10:00:00Z"}}
    fake_api.store.add(_pod("run", state=state))
    fake_api.store.put_log(
        "run",
        "main",
        (
            "starting\n"
            "[2026-03-02 10:00:31,402] torch.distributed.run: [WARNING] hello\n"
            "Epoch 0:   0%|   | 0/10\rEpoch 0:  10%|#  | 1/10\n"
            "I0302 10:05:00.250000 1 api.py:1] glog line\n"
            "2026-03-02T11:00:00.000000001Z already stamped\n"
            "after it\n"
        ),
        namespace=NS,
    )

    def log(**kw: Any) -> list[str]:
        return (
            bytes(api.read_namespaced_pod_log("run", NS, container="main", _preload_content=False, **kw).data)
            .decode()
            .split("\n")[:-1]
        )

    assert log(timestamps=True) == [
        "2026-03-02T10:00:00Z starting",
        "2026-03-02T10:00:31.402Z [2026-03-02 10:00:31,402] torch.distributed.run: [WARNING] hello",
        "2026-03-02T10:00:31.402Z Epoch 0:   0%|   | 0/10\rEpoch 0:  10%|#  | 1/10",
        "2026-03-02T10:05:00.25Z I0302 10:05:00.250000 1 api.py:1] glog line",
        "2026-03-02T11:00:00.000000001Z already stamped",
        "2026-03-02T11:00:00Z after it",
    ]
    # A tail's first lines take their time from the lines before the window.
    assert log(timestamps=True, tail_lines=2) == [
        "2026-03-02T11:00:00.000000001Z already stamped",
        "2026-03-02T11:00:00Z after it",
    ]
    assert log(timestamps=True, tail_lines=1) == ["2026-03-02T11:00:00Z after it"]
    assert log(tail_lines=1) == ["after it"]


def test_faults_delays_and_the_request_counter(fake_api: FakeCluster, api: client.CoreV1Api) -> None:
    server = fake_api.server
    fake_api.store.add(_pod("p"))
    server.fail("pods", 503, verb="get", times=1)
    with pytest.raises(client.ApiException) as exc:
        api.read_namespaced_pod("p", NS, _preload_content=False)
    assert exc.value.status == 503
    assert _json(api.read_namespaced_pod("p", NS, _preload_content=False))["metadata"]["name"] == "p"  # used up
    server.delay("pods", 0.3, verb="list")
    api.list_namespaced_pod(NS, _preload_content=False)
    assert [(r.verb, r.resource, r.status) for r in server.requests] == [
        ("get", "pods", 503),
        ("get", "pods", 200),
        ("list", "pods", 200),
    ]
    assert server.count(verb="get") == 2 and server.requests[0].headers["authorization"] == "Bearer fake-token"


def test_outages_refuse_hang_fail_and_forbid_for_a_while(fake_api: FakeCluster, api: client.CoreV1Api) -> None:
    from urllib3.exceptions import MaxRetryError, NewConnectionError, ReadTimeoutError

    server = fake_api.server
    fake_api.store.add(_pod("p"))
    api.read_namespaced_pod("p", NS, _preload_content=False)  # a keep-alive connection the refusal must cut
    server.refuse(1.0)
    with pytest.raises(MaxRetryError) as refused:
        api.read_namespaced_pod("p", NS, _request_timeout=2, _preload_content=False)
    assert isinstance(refused.value.reason, NewConnectionError) and "Connection refused" in str(refused.value.reason)
    deadline = time.monotonic() + 10
    while True:  # the same URL answers again once the second is up
        try:
            api.read_namespaced_pod("p", NS, _request_timeout=2, _preload_content=False)
            break
        except MaxRetryError:
            assert time.monotonic() < deadline, "the server did not listen again"
            time.sleep(0.1)
    server.hang(2.5)  # longer than the client's four tries of 0.3 s
    with pytest.raises(MaxRetryError) as hung:
        api.read_namespaced_pod("p", NS, _request_timeout=0.3, _preload_content=False)
    assert isinstance(hung.value.reason, ReadTimeoutError)
    started = time.monotonic()
    with pytest.raises(client.ApiException) as timed_out:  # held until the hang is over, and not answered
        api.read_namespaced_pod("p", NS, _request_timeout=5, _preload_content=False)
    assert timed_out.value.status == 504 and time.monotonic() - started < 2.5
    server.fail("*", 500, seconds=0.5)
    with pytest.raises(client.ApiException) as failed:
        api.read_namespaced_pod("p", NS, _preload_content=False)
    assert failed.value.status == 500
    time.sleep(0.6)
    server.forbid("*", times=2)
    for _ in range(2):
        with pytest.raises(client.ApiException) as forbidden:
            api.read_namespaced_pod("p", NS, _preload_content=False)
        assert forbidden.value.status == 403
    assert _json(api.read_namespaced_pod("p", NS, _preload_content=False))["metadata"]["name"] == "p"
    assert [r.status for r in server.requests if r.status not in (200, 504)] == [500, 403, 403]


def test_expired_continue_and_watch(fake_api: FakeCluster, api: client.CoreV1Api) -> None:
    fake_api.store.add_all([_pod("a"), _pod("b")])
    token = _json(api.list_namespaced_pod(NS, limit=1, _preload_content=False))["metadata"]["continue"]
    fake_api.server.expire_continue = True
    with pytest.raises(client.ApiException) as expired:
        api.list_namespaced_pod(NS, limit=1, _continue=token)
    assert expired.value.status == 410 and json.loads(expired.value.body)["reason"] == "Expired"
    with pytest.raises(client.ApiException) as watch:
        api.list_namespaced_pod(NS, watch=True, _preload_content=False)
    assert watch.value.status == 405


def test_core_and_events_api_events_are_one_store(fake_api: FakeCluster) -> None:
    fake_api.store.add(
        {
            "apiVersion": "events.k8s.io/v1",
            "kind": "Event",
            "metadata": {"name": "e1", "namespace": NS},
            "regarding": {"kind": "Pod", "name": "p"},
            "note": "Back-off pulling image",
            "reason": "BackOff",
            "deprecatedCount": 4,
        }
    )
    with fake_api.source() as source:
        [event] = source.list_objects("v1", "Event", NS)
    assert (event["involvedObject"], event["message"], event["count"]) == (
        {"kind": "Pod", "name": "p"},
        "Back-off pulling image",
        4,
    )


def test_serves_a_snapshot_and_tells_what_it_cannot(tmp_path: Any) -> None:
    (tmp_path / "objects.yaml").write_text(
        "apiVersion: v1\nkind: List\nitems:\n"
        "- {apiVersion: v1, kind: Pod, metadata: {name: p}}\n"
        "- {apiVersion: example.com/v1, kind: Widget, metadata: {name: w}}\n"
    )
    store = Store.from_snapshot(tmp_path, namespace="ns1")
    with FakeApiServer(store) as server:
        assert server.url.startswith("http://127.0.0.1:")
    assert [o["kind"] for o in store.unserved] == ["Widget"]
    pods = [r for r in RESOURCES if r.kind == "Pod"][0]
    assert store.get(pods, "ns1", "p") is not None
