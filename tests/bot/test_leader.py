"""Two watcher processes under leader election: one posts; when it dies, the other takes
over its Lease and carries on, and nothing is posted twice."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import yaml

from tests.bot.jobs import add_failed_job
from tests.bot.receiver import Receiver
from tests.conftest import ROOT
from tests.fakeapi.fixtures import FakeCluster
from tests.fakeapi.resources import by_kind
from tests.fakeapi.watching import install

NS = "team-nlp"
OWN = "jobdoctor"


def _holder(fake_api: FakeCluster) -> str | None:
    lease = fake_api.store.get(by_kind("coordination.k8s.io/v1", "Lease"), OWN, "jobdoctor-watcher")  # type: ignore[arg-type]
    return ((lease or {}).get("spec") or {}).get("holderIdentity")


def _until(condition: Any, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def test_only_the_leader_posts_and_a_follower_takes_over(fake_api: FakeCluster, receiver: Receiver,
                                                         tmp_path: Path) -> None:
    install(fake_api.server)
    config = tmp_path / "bot.yaml"
    config.write_text(yaml.safe_dump({
        "kubeconfig": str(fake_api.kubeconfig), "namespace": OWN,
        "watch": {"namespaces": [NS], "kinds": ["job"], "sweep_every": 0.2,
                  "leader_election": {"lease_seconds": 3, "renew_seconds": 2, "retry_seconds": 1},
                  "sinks": [{"type": "webhook", "url_env": "HOOK_URL"}]}}))
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path), "HOOK_URL": receiver.url + "/hook"}
    procs = {name: subprocess.Popen([sys.executable, "-c", "from agent.cli.app import main; main()", "watch", "--config",
                                     str(config)], cwd=ROOT, env={**env, "POD_NAME": name},
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
             for name in ("jobdoctor-a", "jobdoctor-b")}
    try:
        _until(lambda: _holder(fake_api) is not None, 20)
        leader = _holder(fake_api)
        add_failed_job(fake_api.store, "first", NS)
        receiver.wait(1, path="/hook", timeout=20)
        _until(lambda: fake_api.store.get(by_kind("v1", "ConfigMap"), OWN, "jobdoctor-notified") is not None, 10)
        _until(lambda: len(fake_api.store.get(by_kind("v1", "ConfigMap"), OWN,  # type: ignore[arg-type]
                                              "jobdoctor-notified")["data"]) == 1, 10)
        procs[str(leader)].send_signal(signal.SIGKILL)
        procs[str(leader)].wait()
        _until(lambda: _holder(fake_api) not in (None, leader), 20)
        add_failed_job(fake_api.store, "second", NS)
        receiver.wait(2, path="/hook", timeout=20)
        time.sleep(1.0)
        targets = sorted(r.json()["target"] for r in receiver.requests("/hook"))
        assert targets == ["Job team-nlp/first", "Job team-nlp/second"]
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                proc.wait(15)
