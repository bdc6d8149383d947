"""Diagnosing live, at the wire: the official client against the fake API server.

The same verdict as from the snapshot the server serves, for every case and example; a
constant number of requests whatever the job's size; what the API refuses becomes a note or
a one-line error, never a traceback.
"""

from __future__ import annotations

import json
import math
from datetime import datetime, timezone
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from agent.cli.app import app
from agent.diagnosis import diagnose
from agent.evaluation import load_case
from collectors.collecting import MAX_NODES, Budget, Target
from collectors.snapshot import SnapshotSource
from tests.cases.builders import (
    CaseSpec,
    Clock,
    Container,
    PodPlan,
    event,
    gpu,
    job_condition,
    kubeflow_with_pods,
    running,
    stamped,
    terminated,
)
from tests.conftest import CASES, EXAMPLES, ROOT, case_dirs
from tests.fakeapi.fixtures import FakeCluster
from tests.kinds.generate import HERE as KINDS
from tests.test_examples import workload_of

runner = CliRunner()
README = (ROOT / "README.md").read_text(encoding="utf-8")
EXAMPLE = EXAMPLES / "pytorchjob-gpu-oom-cascade"
CASE_DIRS = case_dirs(CASES, KINDS)
SNAPSHOTS = [
    pytest.param(folder / "snapshot", Target(c.kind, c.name, c.namespace), id=folder.name)
    for folder in CASE_DIRS
    for c in [load_case(folder)]
]
SNAPSHOTS += [
    pytest.param(s.parent, workload_of(s.parent), id=f"example-{s.parent.name}")
    for s in sorted(EXAMPLES.glob("*/objects.yaml"))
]


@pytest.mark.parametrize(("snapshot", "target"), SNAPSHOTS)
def test_live_verdict_is_the_snapshot_verdict(fake_api: FakeCluster, snapshot: Path, target: Target) -> None:
    fake_api.serve_snapshot(snapshot, namespace=target.namespace)
    offline = SnapshotSource(snapshot)
    live = diagnose(target, fake_api.source(), now=offline.captured_at)
    assert live == diagnose(target, offline)
    assert fake_api.server.count(resource="secrets") == 0


def readme_role() -> set[tuple[str, str, str]]:
    """The (apiGroup, resource, verb) triples of the Role the README gives."""
    block = README.split("<!-- rbac:start -->")[1].split("<!-- rbac:end -->")[0]
    roles = yaml.safe_load_all(block.split("```yaml\n")[1].split("```")[0])
    return {
        (g, r, v)
        for role in roles
        for rule in role["rules"]
        for g in rule["apiGroups"]
        for r in rule["resources"]
        for v in rule["verbs"]
    }


@pytest.mark.parametrize(
    ("snapshot", "target"), [p for p in SNAPSHOTS if "kinds" in str(p.values[0]) or "example" in str(p.id)]
)
def test_the_readme_role_is_all_a_diagnosis_needs(fake_api: FakeCluster, snapshot: Path, target: Target) -> None:
    fake_api.serve_snapshot(snapshot, namespace=target.namespace)
    fake_api.server.allowed = readme_role()
    verdict = diagnose(target, fake_api.source(), now=SnapshotSource(snapshot).captured_at)
    assert verdict.notes == [] and not any(r.status == 403 for r in fake_api.server.requests)


# -- a thousand workers ---------------------------------------------------------------------


def thousand_workers() -> CaseSpec:
    """A PyTorchJob of a master and 1,000 workers: worker 417 runs out of GPU memory, every
    other rank then fails in the NCCL watchdog; a Started event for every pod."""
    ns, name = "scale", "llama-405b"
    at = Clock(datetime(2026, 7, 1, tzinfo=timezone.utc))
    ctr = Container("pytorch", "ghcr.io/acme/llama:4.0", resources=gpu(8, "1Ti", "96"))
    plans = [PodPlan("master", 0, running(at(60)), log=stamped(["step 900 loss 1.91"], at(600)))]
    for i in range(1000):
        if i == 417:
            plans.append(
                PodPlan(
                    "worker",
                    i,
                    terminated(1, at(60), at(900)),
                    log=stamped(["torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 8.00 GiB."], at(899)),
                )
            )
        else:
            plans.append(
                PodPlan(
                    "worker",
                    i,
                    terminated(1, at(60), at(1500 + i)),
                    log=stamped(
                        [
                            f"[rank{8 * i}]:[E ProcessGroupNCCL.cpp:616] [Rank {8 * i}] Watchdog caught collective operation "
                            "timeout: WorkNCCL(SeqNum=90211, OpType=ALLREDUCE) ran for 600000 milliseconds before timing out."
                        ],
                        at(1499 + i),
                    ),
                )
            )
    job, pods, logs = kubeflow_with_pods(
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        created=at(0),
        container=ctr,
        plans=plans,
        conditions=[
            job_condition("Created", at(1), "PyTorchJobCreated", f"PyTorchJob {name} is created."),
            job_condition("Running", at(60), "PyTorchJobRunning", f"PyTorchJob {name} is running."),
        ],
        statuses={"Master": {"active": 1}, "Worker": {"failed": 1000}},
    )
    events = [event(p, "Started", "Started container pytorch", at(60), type_="Normal") for p in pods]
    return CaseSpec(
        id="scale",
        kind="PyTorchJob",
        name=name,
        namespace=ns,
        healthy=False,
        category="gpu-oom",
        culprit=f"{name}-worker-417",
        evidence="CUDA out of memory",
        description="",
        objects=[job, *pods, *events],
        captured=at(3000),
        logs=logs,
    )


def test_a_thousand_workers_cost_a_constant_number_of_requests(fake_api: FakeCluster) -> None:
    spec = thousand_workers()
    fake_api.store.add_all(spec.objects, namespace=spec.namespace)
    for path, text in spec.logs.items():
        pod, container = path.split("/")
        fake_api.store.put_log(pod, container, text, namespace=spec.namespace)
    budget = Budget()
    verdict = diagnose(Target("pytorchjob", spec.name, spec.namespace), fake_api.source(), now=spec.captured)
    assert (verdict.category, verdict.culprit and verdict.culprit.pod) == ("gpu-oom", "llama-405b-worker-417")

    server = fake_api.server
    pod_pages, event_pages = math.ceil(1001 / 500), math.ceil(1001 / 500)
    assert server.count(verb="get", resource="pytorchjobs") == 1
    assert server.count(verb="list", resource="pods") == pod_pages
    # The namespace's events, then the events of the failed pods' nodes (none here: one page).
    assert server.count(verb="list", resource="events") == event_pages + 1
    assert server.count(verb="get", resource="nodes") <= MAX_NODES
    assert server.count(resource="pods/log") <= budget.max_logs
    # get the workload, list its pods, list events (3), then K logs, the nodes, plus the extra pages.
    assert len(server.requests) <= 3 + budget.max_logs + MAX_NODES + 1 + (pod_pages - 1) + (event_pages - 1)
    assert {r.resource for r in server.requests} == {"pytorchjobs", "pods", "events", "pods/log", "nodes"}


# -- what the API refuses -------------------------------------------------------------------


def _cli(fake_api: FakeCluster, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["diagnose", *args, "--kubeconfig", str(fake_api.kubeconfig)])
    return result.exit_code, result.stdout, result.stderr


def test_forbidden_logs_give_a_verdict_that_names_the_missing_rule(fake_api: FakeCluster) -> None:
    fake_api.serve_snapshot(EXAMPLE, namespace="team-nlp")
    fake_api.server.forbid("pods/log")
    code, out, err = _cli(fake_api, "pytorchjob", "llama-ft", "-n", "team-nlp", "-o", "json")
    assert code == 0, err
    verdict = json.loads(out)
    assert not verdict["healthy"] and verdict["notes"]
    assert all(
        'forbidden - needs RBAC rule: apiGroups [""], resources [pods/log], verbs [get] in namespace team-nlp' in note
        for note in verdict["notes"]
    )


def test_forbidden_events_give_a_verdict_with_a_note(fake_api: FakeCluster) -> None:
    fake_api.serve_snapshot(EXAMPLE, namespace="team-nlp")
    fake_api.server.forbid("events")
    code, out, _ = _cli(fake_api, "pytorchjob", "llama-ft", "-n", "team-nlp", "-o", "json")
    verdict = json.loads(out)
    assert code == 0 and verdict["category"] == "gpu-oom"
    assert verdict["notes"] == [
        'events: forbidden - needs RBAC rule: apiGroups [""], resources [events], verbs [list] '
        "in namespace team-nlp (the API server said: events is forbidden: User "
        '"system:serviceaccount:default:jobdoctor" cannot list resource "events" in API group ""'
        ' in the namespace "team-nlp")',
        'node events: forbidden - needs RBAC rule: apiGroups [""], resources [events], verbs '
        "[list] in namespace default (the API server said: events is forbidden: User "
        '"system:serviceaccount:default:jobdoctor" cannot list resource "events" in API group ""'
        ' in the namespace "default")',
    ]


BLIND = [
    pytest.param(folder / "snapshot", Target(c.kind, c.name, c.namespace), id=folder.name)
    for folder in CASE_DIRS
    for c in [load_case(folder)]
    if not c.healthy and (c.category in ("stalled", "volume-error") or c.category.startswith("gpu"))
]


@pytest.mark.parametrize(("snapshot", "target"), BLIND)
def test_without_logs_and_events_a_broken_job_is_never_healthy_with_confidence(
    fake_api: FakeCluster, snapshot: Path, target: Target
) -> None:
    """What a real kube-apiserver showed: with pods/log and events forbidden, broken jobs were
    called healthy with no doubt expressed."""
    fake_api.serve_snapshot(snapshot, namespace=target.namespace)
    fake_api.server.forbid("pods/log")
    fake_api.server.forbid("events")
    verdict = diagnose(target, fake_api.source(), now=SnapshotSource(snapshot).captured_at)
    assert not (verdict.healthy and verdict.confidence == "high"), verdict.confidence_reason
    if verdict.healthy:
        assert verdict.confidence == "low" and "could not be read" in (verdict.confidence_reason or "")


def test_a_workload_that_does_not_exist_lists_its_neighbours(fake_api: FakeCluster) -> None:
    fake_api.serve_snapshot(EXAMPLE, namespace="team-nlp")
    code, out, err = _cli(fake_api, "pytorchjob", "llama-fz", "-n", "team-nlp")
    assert (code, out) == (3, "")
    assert err == "jobdoctor: PyTorchJob team-nlp/llama-fz not found; pytorchjobs in team-nlp: llama-ft\n"
    fake_api.server.forbid("pytorchjobs", verb="list")
    code, _, err = _cli(fake_api, "pytorchjob", "llama-fz", "-n", "team-nlp")
    assert code == 3 and "not found; the pytorchjobs in team-nlp could not be listed: forbidden" in err


def test_a_workload_that_may_not_be_read_is_exit_4(fake_api: FakeCluster) -> None:
    fake_api.serve_snapshot(EXAMPLE, namespace="team-nlp")
    fake_api.server.forbid("pytorchjobs")
    code, out, err = _cli(fake_api, "pytorchjob", "llama-ft", "-n", "team-nlp")
    assert (code, out) == (4, "")
    assert err.startswith(
        "jobdoctor: cannot read PyTorchJob team-nlp/llama-ft: forbidden - needs RBAC rule: "
        'apiGroups ["kubeflow.org"], resources [pytorchjobs], verbs [get] in namespace team-nlp'
    )
    assert err.count("\n") == 1 and "Traceback" not in err


def test_an_unreachable_cluster_is_exit_4_in_one_line(fake_api: FakeCluster) -> None:
    fake_api.server.stop()
    code, out, err = _cli(fake_api, "job", "nightly", "-n", "ml")
    assert (code, out) == (4, "")
    assert err.startswith("jobdoctor: cannot connect to the API server at http://127.0.0.1:") and err.count("\n") == 1


def test_live_json_is_only_the_verdict_and_the_namespace_is_the_contexts(fake_api: FakeCluster, tmp_path: Path) -> None:
    fake_api.serve_snapshot(EXAMPLE, namespace="team-nlp")
    fake_api.kubeconfig = fake_api.server.write_kubeconfig(tmp_path / "team-nlp", namespace="team-nlp")
    code, out, err = _cli(fake_api, "pytorchjob", "llama-ft", "-o", "json")
    assert code == 0 and err == ""
    assert json.loads(out)["target"] == "PyTorchJob team-nlp/llama-ft"


def test_progress_goes_to_a_terminal_on_stderr_only(monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import sys

    from agent.cli.shell import progress_printer

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert progress_printer() is None  # stderr is not a terminal here
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    show = progress_printer()
    assert show is not None
    show("reading pods")
    assert "reading pods" in terminal.getvalue()


def test_a_workload_whose_logs_are_slow_is_still_diagnosed(fake_api: FakeCluster) -> None:
    fake_api.serve_snapshot(EXAMPLE, namespace="team-nlp")
    fake_api.server.delay("pods/log", 2)
    source = fake_api.source(timeout=(1.0, 0.5))
    offline = SnapshotSource(EXAMPLE)
    verdict = diagnose(Target("pytorchjob", "llama-ft", "team-nlp"), source, now=offline.captured_at)
    assert verdict.notes and all("did not answer within 0.5s" in note for note in verdict.notes)
