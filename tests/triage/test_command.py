"""``jobdoctor triage`` through typer's runner: live with the real clock, snapshots, formats,
redaction, usage mistakes."""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.cli.app import app
from tests.bot.jobs import add_failed_job, failed_pod, job
from tests.conftest import EXAMPLES
from tests.fakeapi.fixtures import FakeCluster

runner = CliRunner()
SECRET = "sk-proj-AbCdEfGhIjKlMnOpQrStUvWx0123456789"


def triage(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["triage", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def team(fake_api: FakeCluster) -> FakeCluster:
    """team-nlp now: a Job that ran out of GPU memory a minute ago, one that failed two days
    ago, one that succeeded; and in research, one that failed five minutes ago."""
    now = datetime.now(timezone.utc)
    add_failed_job(fake_api.store, "sft-7b", "team-nlp", now=now)
    add_failed_job(fake_api.store, "sft-old", "team-nlp", ago=timedelta(days=2), now=now)
    done = job("eval", "team-nlp", created=now - timedelta(hours=1))
    done["status"] = {"succeeded": 1, "conditions": [{"type": "Complete", "status": "True"}]}
    fake_api.store.add(done)
    add_failed_job(fake_api.store, "probe", "research", ago=timedelta(minutes=5), now=now)
    return fake_api


def test_live_namespace_table(team: FakeCluster) -> None:
    code, out, err = triage("-n", "team-nlp", "--kubeconfig", str(team.kubeconfig))

    assert (code, err) == (0, "")
    head, row, blank, summary = out.splitlines()
    # The engine says how sure it is of every verdict: the table shows it.
    assert head.split() == ["WORKLOAD", "STATUS", "CATEGORY", "CULPRIT", "AGE", "CONFIDENCE", "ERROR"]
    assert row.split()[:4] == ["job.batch/sft-7b", "Failed", "gpu-oom", "sft-7b-x7k2p/main"]
    assert re.fullmatch(r"\d+s", row.split()[4])  # failed a minute ago
    assert row.split()[5] == "high"
    assert "ran out of GPU memory" in row
    assert (blank, summary) == ("", "1 failed: 1 gpu-oom")


def test_live_all_namespaces_json_and_the_context_namespace(team: FakeCluster) -> None:
    code, out, _ = triage("-A", "--kubeconfig", str(team.kubeconfig), "-o", "json", "--since", "3d")
    report = json.loads(out)
    assert code == 0 and report["scope"] == "all namespaces"
    assert [(r["namespace"], r["name"]) for r in report["rows"]] == [
        ("team-nlp", "sft-old"),
        ("research", "probe"),
        ("team-nlp", "sft-7b"),
    ]
    assert report["summary"] == ["3 failed: 3 gpu-oom"] and report["listed"] == 4  # the Jobs; their pods are theirs

    # Without -n: the context's namespace, as kubectl does.
    team.server.write_kubeconfig(team.kubeconfig, namespace="research")
    code, out, _ = triage("--kubeconfig", str(team.kubeconfig), "-o", "json")
    assert [r["name"] for r in json.loads(out)["rows"]] == ["probe"]


def test_kind_filter(team: FakeCluster) -> None:
    code, out, _ = triage("-A", "--kubeconfig", str(team.kubeconfig), "--kind", "pytorchjob,tfjob", "-o", "json")
    assert code == 0 and json.loads(out)["rows"] == []
    listed = {r.resource for r in team.server.requests if r.verb == "list"}
    assert listed == {"pytorchjobs", "tfjobs"}


def test_output_is_redacted_on_stdout_and_in_the_results_file(fake_api: FakeCluster, tmp_path: Path) -> None:
    now = datetime.now(timezone.utc)
    obj = job("leaky", "ns", created=now - timedelta(minutes=10), failed_at=now - timedelta(minutes=1))
    pod = failed_pod(obj, finished=now - timedelta(minutes=1))
    fake_api.store.put_log(
        pod["metadata"]["name"],
        "main",
        "2026-05-14T09:37:55Z torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB "
        f"(OPENAI_API_KEY={SECRET})\n",
        namespace="ns",
    )
    fake_api.store.add(pod)
    fake_api.store.add(obj)

    results = tmp_path / "results.jsonl"
    for fmt in ("table", "json", "markdown"):
        code, out, _ = triage(
            "-n", "ns", "--kubeconfig", str(fake_api.kubeconfig), "-o", fmt, "--results", str(results)
        )
        assert code == 0 and "gpu-oom" in out and SECRET not in out
    assert "[REDACTED]" in results.read_text() and SECRET not in results.read_text()


def test_snapshots_markdown(tmp_path: Path) -> None:
    code, out, _ = triage("--snapshots", str(EXAMPLES), "-n", "team-nlp", "-o", "markdown")
    assert code == 0
    assert out.startswith("### Triage of namespace team-nlp of the snapshots in ")
    assert "| pytorchjob/llama-ft | Failed | gpu-oom | llama-ft-worker-2/pytorch |" in out
    assert out.rstrip().endswith("- 1 failed: 1 gpu-oom")


def test_snapshots_json_names_each_rows_snapshot() -> None:
    code, out, _ = triage("--snapshots", str(EXAMPLES), "-o", "json")
    rows = json.loads(out)["rows"]
    assert code == 0 and len(rows) == 12
    assert {r["snapshot"] for r in rows if r["name"] == "llama-ft"} == {"pytorchjob-gpu-oom-cascade"}
    # A snapshot is judged at its capture time: its ages are minutes, not months.
    assert all(r["age_seconds"] < 2 * 3600 for r in rows)


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["-n", "a", "-A"], 2, "give -n NAMESPACE or -A, not both"),
        (
            ["--since", "yesterday"],
            2,
            'invalid argument "yesterday" for "--since" flag: \'yesterday\' is not a duration',
        ),
        (["--pending-after", "0m"], 2, "the duration must be more than zero"),
        (["-o", "yaml"], 2, 'invalid argument "yaml" for "-o, --output" flag: must be one of table, json, markdown'),
        (["--concurrency", "0"], 2, 'invalid argument "0" for "--concurrency" flag: must be at least 1'),
        (
            ["--snapshots", str(EXAMPLES / "pytorchjob-gpu-oom-cascade" / "objects.yaml")],
            2,
            "a file, not a folder of snapshots",
        ),
        (["--snapshots", str(EXAMPLES), "--kind", "pytorchjob,nope"], 3, "unknown kind 'nope'"),
        (["--snapshots", "/nonexistent"], 3, "snapshots /nonexistent: no such directory"),
    ],
    ids=[
        "n-and-A",
        "since",
        "pending-after-zero",
        "output",
        "concurrency",
        "snapshots-file",
        "unknown-kind",
        "no-snapshots",
    ],
)
def test_mistakes(args: list[str], code: int, message: str) -> None:
    result = runner.invoke(app, ["triage", *args])
    assert result.exit_code == code and result.stdout == ""
    assert message in result.stderr.splitlines()[0], result.stderr


def test_an_unreachable_cluster_is_exit_4(tmp_path: Path) -> None:
    from tests.fakeapi import FakeApiServer

    with FakeApiServer() as server:
        kubeconfig = server.write_kubeconfig(tmp_path / "kubeconfig")
    code, out, err = triage("--kubeconfig", str(kubeconfig))
    assert code == 4 and out == "" and len(err.splitlines()) == 1


def test_the_readmes_triage_of_captures_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.conftest import ROOT
    from tests.test_readme import README, shown_commands

    shown = [c for c in shown_commands(README) if c.startswith("jobdoctor triage --snapshots ")]
    assert shown
    monkeypatch.chdir(ROOT)
    for command in shown:
        code, out, _ = triage(*command.split()[2:])
        assert code == 0 and out.startswith("NAMESPACE ") and "10 failed: " in out


def test_on_a_terminal_a_progress_bar_on_stderr_and_the_table_alone_on_stdout() -> None:
    from tests.agent.cli.test_progress import _on_a_terminal

    code, out, err = _on_a_terminal("triage", "--snapshots", str(EXAMPLES))
    assert code == 0
    assert "━" in err and "12/12  diagnosed " in err
    assert out.startswith("NAMESPACE ") and "\x1b" not in out and "━" not in out
    code, out, err = _on_a_terminal("triage", "--snapshots", str(EXAMPLES), "-o", "json")
    assert code == 0 and err == "" and json.loads(out)["checked"] == 12
