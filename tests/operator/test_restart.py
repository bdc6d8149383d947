"""A real ``jobdoctor operator`` process, SIGKILLed in the middle of a diagnosis and started
again: the object is finished by the second process, and its final status is written once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from tests.conftest import ROOT
from tests.fakeapi.resources import by_kind
from tests.operator.conftest import NS, OWN, Cluster, jobdiagnosis, until

RESOURCE = by_kind("jobdoctor.io/v1alpha1", "JobDiagnosis")


def _start(config: Path, env: dict[str, str], log: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-c", "from agent.cli.app import main; main()", "operator", "--config", str(config)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=log,
    )


def test_a_controller_killed_mid_diagnosis_finishes_after_restart_with_one_final_status(
    cluster: Cluster, tmp_path: Path
) -> None:
    writes: list[dict[str, Any]] = []  # every status the object had, in order

    def seen(event: str, resource: Any, obj: dict[str, Any]) -> None:
        if resource == RESOURCE and event != "DELETED":
            writes.append(dict(obj.get("status") or {}))

    cluster.fake.store.subscribe(seen)
    # Every log read takes a second: the diagnosis is under way long enough to be killed in.
    cluster.fake.server.delay("pods/log", 1.0)
    config = tmp_path / "bot.yaml"
    config.write_text(
        yaml.safe_dump(
            {
                "kubeconfig": str(cluster.fake.kubeconfig),
                "namespace": OWN,
                "operator": {
                    "namespaces": [NS],
                    "retry_first": 0.2,
                    "retry_max": 1,
                    "ttl_sweep_every": 1,
                    "leader_election": {
                        "identity": "jobdoctor-0",
                        "lease_seconds": 4,
                        "renew_seconds": 3,
                        "retry_seconds": 1,
                    },
                },
            }
        )
    )
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path)}
    with (tmp_path / "operator.log").open("wb") as log:
        first = _start(config, env, log)
        try:
            cluster.apply(jobdiagnosis("llama-ft"))
            until(lambda: cluster.status("llama-ft").get("phase") == "Diagnosing", 60, "Diagnosing")
            until(lambda: cluster.fake.server.count(resource="pods/log") >= 1, 30, "the first log read")
        finally:
            first.send_signal(signal.SIGKILL)
            first.wait(15)
        assert cluster.status("llama-ft")["phase"] == "Diagnosing", "killed too late to test anything"
        second = _start(config, env, log)
        try:
            status = cluster.finished("llama-ft", timeout=90)
        finally:
            second.send_signal(signal.SIGTERM)
            code = second.wait(30)
    output = (tmp_path / "operator.log").read_text(errors="replace")
    assert code == 0, output[-3000:]
    assert status["phase"] == "Completed" and status["category"] == "gpu-oom", output[-3000:]
    assert status["culprit"]["pod"] == "llama-ft-worker-2"
    finals = [w for w in writes if w.get("phase") in ("Completed", "Failed")]
    # One final status: every write after it is kopf's bookkeeping around the same verdict.
    assert len({(w["phase"], w.get("observedAt"), w.get("finishedAt")) for w in finals}) == 1, finals
    phases = [w.get("phase") for w in writes]
    entered = [
        p for before, p in zip([None, *phases], phases, strict=False) if p in ("Completed", "Failed") and before != p
    ]
    assert entered == ["Completed"], phases
