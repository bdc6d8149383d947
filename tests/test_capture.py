"""``jobdoctor capture``: the snapshot holds what the diagnosis read, gives the same verdict,
holds no secret, and never costs the user what was in the directory."""

from __future__ import annotations

import copy
import shutil
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from agent.cli.app import app
from agent.diagnosis import diagnose
from agent.engine.signatures import builtin_catalogue
from collectors.capture import capture
from collectors.collecting import Target
from collectors.errors import InputError, WorkloadNotFound
from collectors.redaction import REDACTED
from collectors.snapshot import SnapshotSource
from tests.conftest import EXAMPLES
from tests.fakeapi.fixtures import FakeCluster
from tests.test_live import SNAPSHOTS

runner = CliRunner()
EXAMPLE = EXAMPLES / "pytorchjob-gpu-oom-cascade"
TARGET = Target("pytorchjob", "llama-ft", "team-nlp")
MATCHER = builtin_catalogue().line_matcher


def _objects(snapshot: Path) -> list[dict[str, Any]]:
    return yaml.safe_load((snapshot / "objects.yaml").read_text(encoding="utf-8"))["items"]


@pytest.mark.parametrize(("snapshot", "target"), SNAPSHOTS)
def test_capture_then_diagnose_gives_the_live_verdict(
    fake_api: FakeCluster, tmp_path: Path, snapshot: Path, target: Target
) -> None:
    fake_api.serve_snapshot(snapshot, namespace=target.namespace)
    now = SnapshotSource(snapshot).captured_at
    live = diagnose(target, fake_api.source(), now=now)
    report = capture(fake_api.source(), target, tmp_path / "out", matcher=MATCHER, now=now)
    assert report.captured_at == now and report.notes == []
    assert diagnose(target, SnapshotSource(tmp_path / "out")) == live


def test_the_cli_writes_a_snapshot_and_says_how_to_use_it(fake_api: FakeCluster, tmp_path: Path) -> None:
    fake_api.serve_snapshot(EXAMPLE, namespace="team-nlp")
    out = tmp_path / "snap"
    result = runner.invoke(
        app,
        [
            "capture",
            "pytorchjob",
            "llama-ft",
            "--to",
            str(out),
            "--kubeconfig",
            str(fake_api.kubeconfig),
            "-n",
            "team-nlp",
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(f"Captured pytorchjob team-nlp/llama-ft into {out}: 10 objects, 4 logs (")
    assert f"jobdoctor diagnose pytorchjob llama-ft -n team-nlp --snapshot {out}" in result.stdout
    meta = yaml.safe_load((out / "snapshot.yaml").read_text())
    assert meta["workload"] == {
        "apiVersion": "kubeflow.org/v1",
        "kind": "PyTorchJob",
        "namespace": "team-nlp",
        "name": "llama-ft",
    }
    assert datetime.fromisoformat(meta["capturedAt"].replace("Z", "+00:00")) <= datetime.now(timezone.utc)
    assert sorted(p.name for p in out.iterdir()) == ["logs", "objects.yaml", "snapshot.yaml"]
    diagnosed = runner.invoke(app, ["diagnose", "pytorchjob", "llama-ft", "--snapshot", str(out), "-o", "json"])
    assert diagnosed.exit_code == 0 and '"category": "gpu-oom"' in diagnosed.stdout


def test_a_snapshot_can_be_captured_again_trimmed_and_redacted(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["capture", "pytorchjob", "llama-ft", "--snapshot", str(EXAMPLE), "--to", str(tmp_path / "copy")]
    )
    assert result.exit_code == 0, result.stderr
    assert diagnose(TARGET, SnapshotSource(tmp_path / "copy")) == diagnose(TARGET, SnapshotSource(EXAMPLE))


def test_a_non_empty_directory_is_refused_before_any_request(fake_api: FakeCluster, tmp_path: Path) -> None:
    fake_api.serve_snapshot(EXAMPLE, namespace="team-nlp")
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    result = runner.invoke(
        app, ["capture", "pytorchjob", "llama-ft", "--to", str(out), "--kubeconfig", str(fake_api.kubeconfig)]
    )
    assert result.exit_code == 3 and "is not empty; choose another, or pass --force" in result.stderr
    assert fake_api.server.requests == [] and [p.name for p in out.iterdir()] == ["notes.txt"]


def test_force_keeps_what_was_there(fake_api: FakeCluster, tmp_path: Path) -> None:
    fake_api.serve_snapshot(EXAMPLE, namespace="team-nlp")
    out = tmp_path / "snap"
    capture(fake_api.source(), TARGET, out, matcher=MATCHER)
    (out / "logs" / "stale-pod").mkdir()
    (out / "logs" / "stale-pod" / "main.log").write_text("an old capture's log\n")
    (out / "README.txt").write_text("the user's own file")
    old_objects = (out / "objects.yaml").read_bytes()
    with pytest.raises(InputError):
        capture(fake_api.source(), TARGET, out, matcher=MATCHER)
    report = capture(fake_api.source(), TARGET, out, matcher=MATCHER, force=True)
    assert report.replaced is not None and report.replaced.parent == out
    assert (report.replaced / "objects.yaml").read_bytes() == old_objects
    assert (report.replaced / "logs" / "stale-pod" / "main.log").is_file()
    assert not (out / "logs" / "stale-pod").exists()  # a stale log must not join the new snapshot
    assert (out / "README.txt").read_text() == "the user's own file"


def test_a_failed_capture_leaves_no_trace(fake_api: FakeCluster, tmp_path: Path) -> None:
    fake_api.serve_snapshot(EXAMPLE, namespace="team-nlp")
    with pytest.raises(WorkloadNotFound):
        capture(fake_api.source(), Target("pytorchjob", "nope", "team-nlp"), tmp_path / "new", matcher=MATCHER)
    assert not (tmp_path / "new").exists()
    (tmp_path / "empty").mkdir()
    fake_api.server.forbid("pytorchjobs")
    result = runner.invoke(
        app,
        [
            "capture",
            "pytorchjob",
            "llama-ft",
            "--to",
            str(tmp_path / "empty"),
            "-n",
            "team-nlp",
            "--kubeconfig",
            str(fake_api.kubeconfig),
        ],
    )
    assert result.exit_code == 4 and list((tmp_path / "empty").iterdir()) == []


def test_what_cannot_be_read_is_said_on_stderr(fake_api: FakeCluster, tmp_path: Path) -> None:
    fake_api.serve_snapshot(EXAMPLE, namespace="team-nlp")
    fake_api.server.forbid("events")
    result = runner.invoke(
        app,
        [
            "capture",
            "pytorchjob",
            "llama-ft",
            "--to",
            str(tmp_path / "o"),
            "-n",
            "team-nlp",
            "--kubeconfig",
            str(fake_api.kubeconfig),
        ],
    )
    assert result.exit_code == 0
    assert result.stderr.startswith("jobdoctor: warning: could not read events: forbidden - needs RBAC rule")


def test_no_secret_leaves_the_cluster(fake_api: FakeCluster, tmp_path: Path) -> None:
    store = fake_api.serve_snapshot(EXAMPLE, namespace="team-nlp")
    token = "hf_" + "aB3dE5gH7jK9mN1pQ3sT5vW7yZ"
    pods = [o for o in _objects(EXAMPLE) if o["kind"] == "Pod"]
    for pod in pods:
        pod = copy.deepcopy(pod)
        pod["metadata"]["managedFields"] = [{"manager": "kubectl", "operation": "Update"}]
        pod["metadata"]["annotations"] = {"kubectl.kubernetes.io/last-applied-configuration": '{"env": "x"}'}
        pod["spec"]["containers"][0].setdefault("env", []).extend(
            [
                {"name": "HF_TOKEN", "value": token},
                {"name": "DB_PASSWORD", "value": "hunter2"},
                {"name": "S3_SECRET", "value": "vault-Pw-for-s3-only"},
                {"name": "WANDB_API_KEY", "valueFrom": {"secretKeyRef": {"name": "wandb", "key": "api-key"}}},
            ]
        )
        store.add(pod, namespace="team-nlp")
    store.add(
        {
            "apiVersion": "v1",
            "kind": "Secret",
            "metadata": {"name": "wandb", "namespace": "team-nlp"},
            "data": {"api-key": "c2VjcmV0"},
        }
    )
    worker = "llama-ft-worker-2"
    log = (EXAMPLE / "logs" / worker / "pytorch.log").read_text()
    # The second line echoes a secret env value with no key and no known token shape.
    store.put_log(
        worker,
        "pytorch",
        f"2026-05-14T09:30:00Z logging in to the hub with {token}\n"
        "2026-05-14T09:30:01Z mounting bucket with vault-Pw-for-s3-only\n" + log,
        namespace="team-nlp",
    )
    capture(fake_api.source(), TARGET, tmp_path / "o", matcher=MATCHER)

    assert fake_api.server.count(resource="secrets") == 0
    written = (tmp_path / "o" / "objects.yaml").read_text() + (
        tmp_path / "o" / "logs" / worker / "pytorch.log"
    ).read_text()
    assert token not in written and "hunter2" not in written and "kind: Secret" not in written
    assert "vault-Pw-for-s3-only" not in written and f"mounting bucket with {REDACTED}" in written
    assert "managedFields" not in written and "last-applied-configuration" not in written
    assert f"logging in to the hub with {REDACTED}" in written
    env = {
        e["name"]: e for p in _objects(tmp_path / "o") if p["kind"] == "Pod" for e in p["spec"]["containers"][0]["env"]
    }
    assert env["HF_TOKEN"]["value"] == REDACTED and env["DB_PASSWORD"]["value"] == REDACTED
    assert env["WANDB_API_KEY"]["valueFrom"] == {"secretKeyRef": {"name": "wandb", "key": "api-key"}}
    verdict = diagnose(TARGET, SnapshotSource(tmp_path / "o"))
    assert (verdict.category, verdict.culprit and verdict.culprit.pod) == ("gpu-oom", worker)


# -- streaming (issue 12, point 10) ------------------------------------------------------------------


class _Watching:
    """A snapshot source that looks at the capture's staging folder when events are listed."""

    def __init__(self, snapshot: Path, out: Path) -> None:
        self.inner = SnapshotSource(snapshot)
        self.out = out
        self.staged_before_events = ""
        self.captured_at = self.inner.captured_at
        self.notes = self.inner.notes

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def list_events(self, namespace: str, involved: Any) -> Any:
        staged = list(self.out.glob(".jobdoctor-capture-*/objects.yaml"))
        self.staged_before_events = staged[0].read_text() if staged else ""
        return self.inner.list_events(namespace, involved)


def test_objects_are_written_as_they_are_read_not_held(tmp_path: Path) -> None:
    out = tmp_path / "out"
    source = _Watching(EXAMPLE, out)
    capture(source, TARGET, out, matcher=MATCHER)  # type: ignore[arg-type]
    # The workload and its pods are on disk before the events are even asked for.
    assert "name: llama-ft\n" in source.staged_before_events and "kind: Pod\n" in source.staged_before_events


def test_a_long_capture_says_how_far_it_got(tmp_path: Path) -> None:
    snap = tmp_path / "snap"
    shutil.copytree(EXAMPLE, snap)
    data = yaml.safe_load((snap / "objects.yaml").read_text())
    event = next(
        o
        for o in data["items"]
        if o["kind"] == "Event" and (o.get("involvedObject") or o.get("regarding"))["name"] == "llama-ft-worker-2"
    )
    for n in range(1200):
        data["items"].append({**copy.deepcopy(event), "metadata": {**event["metadata"], "name": f"probe.{n}"}})
    (snap / "objects.yaml").write_text(yaml.safe_dump(data))
    said: list[str] = []
    report = capture(SnapshotSource(snap), TARGET, tmp_path / "out", matcher=MATCHER, progress=said.append)
    assert report.objects > 1200 and "captured 1,000 objects" in said
