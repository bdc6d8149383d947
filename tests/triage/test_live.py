"""Triage at the wire: the official client against the fake API server, requests counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.evaluation import compare
from agent.triage import Options, Report, ResultsFile, Scope, triage
from collectors.kinds import builtin_kinds
from tests.fakeapi import Fault
from tests.fakeapi.fixtures import FakeCluster
from tests.triage.cluster import NOW, Served, serve

WORKLOAD_PLURALS = {k.plural for k in builtin_kinds()}
LISTS = sum(len(k.api_versions) for k in builtin_kinds())  # one list per kind and API version
MAX_LOGS = 8


@pytest.fixture
def served(fake_api: FakeCluster, tmp_path: Path) -> Served:
    return serve(fake_api.store, tmp_path / "snapshots")


def run(fake_api: FakeCluster, namespace: str | None = None, **options: object) -> Report:
    scope = Scope(fake_api.source(), namespace, now=NOW)  # the cluster, observed at NOW
    results = options.pop("results", None)
    return triage(
        [scope],
        label=f"namespace {namespace}" if namespace else "all namespaces",
        options=Options(**options),
        results=results,
    )  # type: ignore[arg-type]


def test_all_namespaces_gives_a_row_for_each_workload_in_trouble(fake_api: FakeCluster, served: Served) -> None:
    report = run(fake_api)

    troubled = [c for c in served.cases if not c.healthy]
    assert sorted(r.name for r in report.rows) == sorted(c.name for c in troubled)
    for row in report.rows:
        case = next(c for c in troubled if c.name == row.name and c.namespace == row.namespace)
        assert row.diagnosed and row.verdict is not None
        assert compare(case, row.verdict) == [], row.name
        assert row.category == case.category
    statuses = {r.name: (r.trigger, r.status) for r in report.rows}
    assert statuses["llama-ft"] == ("failed", "Failed")
    assert statuses["resnet-dist"] == ("pending", "Pending")
    assert statuses["bert-large-ft"] == ("pending", "Suspended")
    assert {statuses[c.name][0] for c in troubled if c.category == "stalled"} == {"stall-check"}
    # Oldest first; the failure three days back is not listed; healthy running jobs were checked.
    times = [r.at for r in report.rows]
    assert times == sorted(times)  # type: ignore[type-var]
    assert served.old.name not in {r.name for r in report.rows}
    assert report.fine >= 2 and report.checked == len(report.rows) + report.fine
    assert report.summary[0] == "6 failed: 3 gpu-oom, 1 deadline-exceeded, 1 dependency-error, 1 network-error"
    assert "2 pending too long: 1 quota-exceeded, 1 unschedulable" in report.summary
    assert "2 in trouble while running: 2 stalled" in report.summary


def test_requests_one_list_per_kind_and_no_get_of_a_listed_workload(fake_api: FakeCluster, served: Served) -> None:
    report = run(fake_api)

    requests = fake_api.server.requests
    lists = [r for r in requests if r.verb == "list" and r.resource in WORKLOAD_PLURALS and r.namespace is None]
    assert len(lists) == LISTS == 26
    assert {r.query.get("limit") for r in lists} == {"500"}
    # Each diagnosis reads its workload from the lists: no get of a listed kind at all.
    assert [r for r in requests if r.verb == "get" and r.resource in WORKLOAD_PLURALS] == []
    # The budget the README states: one list per kind and API version, then at most 3 + K requests per diagnosis.
    diagnosed = report.checked
    assert len(requests) <= LISTS + diagnosed * (3 + MAX_LOGS), len(requests)
    assert fake_api.server.count(resource="secrets") == 0


def test_a_namespace_is_listed_alone(fake_api: FakeCluster, served: Served) -> None:
    report = run(fake_api, "team-nlp")

    assert [(r.kind, r.name, r.category) for r in report.rows] == [("PyTorchJob", "llama-ft", "gpu-oom")]
    lists = [
        r
        for r in fake_api.server.requests
        if r.verb == "list" and r.resource in WORKLOAD_PLURALS and "labelSelector" not in r.query
    ]
    assert len(lists) == LISTS and {r.namespace for r in lists} == {"team-nlp"}


def test_a_workload_that_cannot_be_read_is_a_row_and_the_run_goes_on(fake_api: FakeCluster, served: Served) -> None:
    fake_api.server.faults.append(Fault("pods", "list", namespace="jax-research", status=500))

    report = run(fake_api)

    jax = next(r for r in report.rows if r.name == "palm-distill")
    assert not jax.diagnosed and jax.category is None and "answered 500" in jax.error
    assert "1 could not be diagnosed (the reason is in its row)" in report.summary
    assert sum(r.diagnosed for r in report.rows) == len([c for c in served.cases if not c.healthy]) - 1


def test_a_workload_past_its_deadline_is_a_row_saying_so(fake_api: FakeCluster, served: Served) -> None:
    # The deadline is 1 s; the pods of team-nlp answer after 4 s.
    fake_api.server.faults.append(Fault("pods", "list", namespace="team-nlp", delay=4.0))

    report = run(fake_api, workload_timeout=1.0)

    llama = next(r for r in report.rows if r.name == "llama-ft")
    assert not llama.diagnosed and llama.error == "not diagnosed within 1 s"
    assert next(r for r in report.rows if r.name == "palm-distill").diagnosed


def test_a_resumed_run_reads_verdicts_from_the_results_file(
    fake_api: FakeCluster, served: Served, tmp_path: Path
) -> None:
    with ResultsFile.open(tmp_path / "results.jsonl") as results:
        first = run(fake_api, results=results)
    fake_api.server.reset_requests()

    with ResultsFile.open(tmp_path / "results.jsonl") as results:
        again = run(fake_api, results=results)

    # Only the lists: every workload due a diagnosis has its line.
    assert len(fake_api.server.requests) == LISTS
    assert [r.model_dump(exclude={"resumed"}) for r in again.rows] == [
        r.model_dump(exclude={"resumed"}) for r in first.rows
    ]
    assert all(r.resumed for r in again.rows) and again.fine == first.fine
    lines = (tmp_path / "results.jsonl").read_text().splitlines()
    assert len(lines) == first.checked  # healthy ones are recorded too: not checked again
