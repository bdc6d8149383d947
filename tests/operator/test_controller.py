"""The controller against the fake API server: JobDiagnoses applied through the official
client over HTTP, watched and written back by kopf through the status subresource."""

from __future__ import annotations

import json
import time
from typing import Any

from typer.testing import CliRunner

from agent.cli.app import app
from agent.engine.verdict import Verdict
from agent.operator.reconciling import Policy
from agent.operator.resource import verdict_status
from tests.fakeapi.resources import by_kind
from tests.operator.conftest import NS, OWN, Cluster, jobdiagnosis, until

VERDICT_FIELDS = list(verdict_status(Verdict(healthy=True, category="healthy", error="", analysis="", solution="")))


def cli_verdict(cluster: Cluster, *args: str) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["diagnose", *args, "--kubeconfig", str(cluster.fake.kubeconfig), "-o", "json"])
    assert result.exit_code == 0, result.output
    return verdict_status(Verdict.model_validate_json(result.stdout))


def test_an_applied_jobdiagnosis_gets_the_verdict_the_cli_gives(cluster: Cluster, run_controller: Any) -> None:
    run_controller()
    cluster.apply(jobdiagnosis("llama-ft"))
    status = cluster.finished("llama-ft")
    expected = cli_verdict(cluster, "pytorchjob/llama-ft", "-n", NS)
    assert status["phase"] == "Completed", status
    assert {k: status.get(k) for k in VERDICT_FIELDS} == expected
    assert status["category"] == "gpu-oom" and status["culprit"]["pod"] == "llama-ft-worker-2"
    assert status["explain"].splitlines()[0] == "Healthy: No"
    assert [line.split(":")[0] for line in status["explain"].splitlines()] == [
        "Healthy",
        "Error",
        "Analysis",
        "Solution",
    ]
    assert status["observedGeneration"] == 1 and status["observedAt"] and status["finishedAt"]
    assert status["conditions"][0]["type"] == "Diagnosed" and status["conditions"][0]["status"] == "True"
    # Everything was written through the status subresource; the object itself never.
    writes = [r for r in cluster.fake.server.requests if r.method in ("PATCH", "PUT") and "jobdiagnoses" in r.path]
    assert writes and all(r.resource == "jobdiagnoses/status" for r in writes)


def test_aegis_spelling_and_a_phase_seen_while_diagnosing(cluster: Cluster, run_controller: Any) -> None:
    phases: list[str] = []
    res = by_kind("jobdoctor.io/v1alpha1", "JobDiagnosis")

    def seen(event: str, resource: Any, obj: dict[str, Any]) -> None:
        if resource == res:
            phase = (obj.get("status") or {}).get("phase")
            if phase and (not phases or phases[-1] != phase):
                phases.append(phase)

    cluster.fake.store.subscribe(seen)
    run_controller()
    cluster.apply(jobdiagnosis("aegis", "PytorchJob", namespace=NS))
    assert cluster.finished("aegis")["category"] == "gpu-oom"
    assert phases == ["Diagnosing", "Completed"]


def test_a_missing_target_fails_with_a_one_line_reason(cluster: Cluster, run_controller: Any) -> None:
    run_controller()
    cluster.apply(jobdiagnosis("ghost", target="no-such-job"))
    status = cluster.finished("ghost")
    assert status["phase"] == "Failed"
    assert "no-such-job" in status["reason"] and "\n" not in status["reason"]
    assert status.get("category") is None and status["conditions"][0]["status"] == "False"
    assert status["attempts"] == 1  # not retried: the spec must change, or a re-run be asked


def test_a_forbidden_log_gives_a_verdict_with_the_note(cluster: Cluster, run_controller: Any) -> None:
    cluster.fake.server.forbid("pods/log")
    run_controller()
    cluster.apply(jobdiagnosis("no-logs"))
    status = cluster.finished("no-logs")
    assert status["phase"] == "Completed"
    assert any("forbidden - needs RBAC rule" in n and "pods/log" in n for n in status["notes"]), status["notes"]


def test_a_cluster_failure_is_retried_with_backoff_then_diagnosed(cluster: Cluster, run_controller: Any) -> None:
    cluster.fake.server.fail("pytorchjobs", 503, verb="get", times=2)
    run_controller()
    cluster.apply(jobdiagnosis("flaky"))
    status = cluster.finished("flaky")
    assert status["phase"] == "Completed" and status["category"] == "gpu-oom"
    assert status["attempts"] == 3


def test_a_cluster_that_stays_down_fails_the_object_after_the_attempts(cluster: Cluster, run_controller: Any) -> None:
    cluster.fake.server.fail("pytorchjobs", 503, verb="get")
    run_controller(attempts=2)
    cluster.apply(jobdiagnosis("down"))
    status = cluster.finished("down")
    assert status["phase"] == "Failed" and "gave up after 2 attempts" in status["reason"]
    assert "503" in status["reason"]


def test_completed_is_not_rediagnosed_unless_the_spec_changes_or_a_rerun_is_asked(
    cluster: Cluster, run_controller: Any
) -> None:
    run_controller()
    cluster.apply(jobdiagnosis("llama-ft"))
    first = cluster.finished("llama-ft")
    diagnosed = lambda: cluster.fake.server.count(verb="get", resource="pytorchjobs")  # noqa: E731
    gets = diagnosed()
    cluster.patch("llama-ft", {"metadata": {"labels": {"team": "nlp"}}})
    time.sleep(1.5)
    assert diagnosed() == gets and cluster.status("llama-ft")["finishedAt"] == first["finishedAt"]
    cluster.patch("llama-ft", {"metadata": {"annotations": {"jobdoctor.io/rerun": "1"}}})
    until(
        lambda: cluster.status("llama-ft").get("rerun") == "1" and cluster.status("llama-ft")["phase"] == "Completed",
        what="the re-run",
    )
    assert diagnosed() == gets + 1
    cluster.patch("llama-ft", {"spec": {"language": "en"}})
    until(
        lambda: (
            cluster.status("llama-ft").get("observedGeneration") == 2
            and cluster.status("llama-ft")["phase"] == "Completed"
        ),
        what="the new generation",
    )
    assert diagnosed() == gets + 2


def test_the_ttl_deletes_finished_objects_and_keeps_the_others(cluster: Cluster, run_controller: Any) -> None:
    run_controller()
    cluster.apply(jobdiagnosis("short", ttlSecondsAfterFinished=1))
    cluster.apply(jobdiagnosis("kept"))
    cluster.finished("kept")
    until(lambda: cluster.get("short") is None, what="the TTL delete")
    time.sleep(1.0)
    assert cluster.get("kept") is not None
    deletes = [r for r in cluster.fake.server.requests if r.method == "DELETE"]
    assert [r.name for r in deletes] == ["short"]


def test_a_jobdiagnosis_reads_only_its_own_namespace(cluster: Cluster, run_controller: Any) -> None:
    run_controller()
    cluster.apply(
        jobdiagnosis("elsewhere", namespace="team-cv")
        | {"spec": {"object": {"kind": "PyTorchJob", "name": "llama-ft", "namespace": NS}}}
    )
    status = cluster.finished("elsewhere", "team-cv")
    assert status["phase"] == "Failed" and "own namespace" in status["reason"]
    assert cluster.fake.server.count(verb="get", resource="pytorchjobs") == 0


def test_a_trusted_namespace_may_diagnose_elsewhere(cluster: Cluster, run_controller: Any) -> None:
    run_controller(policy=Policy(OWN, ("monitoring",)))
    cluster.apply(
        jobdiagnosis("aegis-style", "PytorchJob", namespace="monitoring")
        | {"spec": {"object": {"kind": "PytorchJob", "name": "llama-ft", "namespace": NS}}}
    )
    assert cluster.finished("aegis-style", "monitoring")["category"] == "gpu-oom"


def test_a_model_the_controller_may_not_use_is_refused(cluster: Cluster, run_controller: Any) -> None:
    run_controller()
    cluster.apply(jobdiagnosis("pricey", model="gpt-expensive"))
    status = cluster.finished("pricey")
    assert status["phase"] == "Failed" and "spec.model gpt-expensive" in status["reason"]


def test_secrets_in_the_evidence_never_reach_the_status(cluster: Cluster, run_controller: Any) -> None:
    token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    log = cluster.fake.store.log(NS, "llama-ft-worker-2", "pytorch", False) or b""
    cluster.fake.store.put_log(
        "llama-ft-worker-2",
        "pytorch",
        log.replace(
            b"torch.OutOfMemoryError: CUDA out of memory.",
            f"torch.OutOfMemoryError: CUDA out of memory. {token}".encode(),
        ),
        namespace=NS,
    )
    run_controller()
    cluster.apply(jobdiagnosis("secret"))
    status = cluster.finished("secret")
    assert status["category"] == "gpu-oom"
    assert token not in json.dumps(cluster.get("secret")) and "[REDACTED]" in json.dumps(status)
