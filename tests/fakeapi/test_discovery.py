"""Discovery and the status subresource of the fake API server, through the official client."""

from __future__ import annotations

import json
from typing import Any

import pytest
from kubernetes import client

from tests.fakeapi.fixtures import FakeCluster
from tests.fakeapi.watching import install


def test_discovery_lists_groups_resources_and_subresources(fake_api: FakeCluster) -> None:
    api = fake_api.source().api_client
    groups = client.ApisApi(api).get_api_versions()
    assert "jobdoctor.io" in {g.name for g in groups.groups}
    found = client.CustomObjectsApi(api).get_api_resources("jobdoctor.io", "v1alpha1")
    assert {r.name for r in found.resources} == {"jobdiagnoses", "jobdiagnoses/status"}
    core = client.CoreV1Api(api).get_api_resources()
    assert {"pods", "pods/log", "namespaces"} <= {r.name for r in core.resources}


@pytest.fixture
def custom(fake_api: FakeCluster) -> Any:
    install(fake_api.server)
    return client.CustomObjectsApi(fake_api.source().api_client)


def test_the_status_subresource_is_written_apart_and_generation_counts_spec_changes(custom: Any) -> None:
    args = ("jobdoctor.io", "v1alpha1", "ns", "jobdiagnoses")
    created = custom.create_namespaced_custom_object(
        *args,
        {
            "apiVersion": "jobdoctor.io/v1alpha1",
            "kind": "JobDiagnosis",
            "metadata": {"name": "d"},
            "spec": {"object": {"kind": "Job", "name": "x"}},
            "status": {"phase": "Completed"},
        },
    )
    assert "status" not in created and created["metadata"]["generation"] == 1
    after = custom.patch_namespaced_custom_object(*args, "d", {"spec": {"model": "none"}, "status": {"phase": "X"}})
    assert after["metadata"]["generation"] == 2 and "status" not in after
    status = custom.patch_namespaced_custom_object_status(
        *args, "d", {"status": {"phase": "Completed"}, "spec": {"model": "other"}}
    )
    assert status["status"] == {"phase": "Completed"} and status["spec"]["model"] == "none"
    labelled = custom.patch_namespaced_custom_object(*args, "d", {"metadata": {"labels": {"a": "b"}}})
    assert labelled["metadata"]["generation"] == 2 and labelled["status"] == {"phase": "Completed"}
    with pytest.raises(client.ApiException) as conflict:
        custom.delete_namespaced_custom_object(
            *args, "d", body=client.V1DeleteOptions(preconditions=client.V1Preconditions(uid="not-its-uid"))
        )
    assert conflict.value.status == 409 and "Precondition failed" in json.loads(conflict.value.body)["message"]
    custom.delete_namespaced_custom_object(
        *args, "d", body=client.V1DeleteOptions(preconditions=client.V1Preconditions(uid=created["metadata"]["uid"]))
    )
