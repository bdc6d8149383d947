"""``jobdoctor bot`` as a deployment runs it: one process serving Slack and metrics, with
the watcher under leader election, against the fake cluster."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

import httpx
import yaml

from tests.bot.conftest import EXAMPLE, JOB, NS, SIGNING_SECRET, slack_headers
from tests.bot.jobs import add_failed_job
from tests.bot.receiver import Receiver
from tests.conftest import ROOT
from tests.fakeapi.fixtures import FakeCluster
from tests.fakeapi.store import Store
from tests.fakeapi.watching import install


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_bot_process_serves_slack_and_watches(fake_api: FakeCluster, receiver: Receiver, tmp_path: Path) -> None:
    fake_api.server.store = Store.from_snapshot(EXAMPLE, namespace=NS)
    install(fake_api.server)
    port = _free_port()
    config = tmp_path / "bot.yaml"
    config.write_text(
        yaml.safe_dump(
            {
                "kubeconfig": str(fake_api.kubeconfig),
                "namespace": "jobdoctor",
                "host": "127.0.0.1",
                "port": port,
                "slack": {"response_url_prefixes": [receiver.url]},
                "access": [{"channels": ["C-ML"], "namespaces": ["team-*"]}],
                "watch": {
                    "namespaces": [NS],
                    "kinds": ["job"],
                    "sweep_every": 0.2,
                    "leader_election": {"lease_seconds": 3, "renew_seconds": 2, "retry_seconds": 1},
                    "sinks": [{"type": "webhook", "url_env": "HOOK_URL"}],
                },
            }
        )
    )
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "POD_NAME": "jobdoctor-0",
        "SLACK_SIGNING_SECRET": SIGNING_SECRET,
        "HOOK_URL": receiver.url + "/hook",
    }
    proc = subprocess.Popen(
        [sys.executable, "-c", "from agent.cli.app import main; main()", "bot", "--config", str(config)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                if httpx.get(base + "/readyz").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline and proc.poll() is None, "the bot did not start"
            time.sleep(0.1)
        body = urlencode(
            {
                "command": "/jobdoctor",
                "text": f"diagnose pytorchjob {NS}/{JOB}",
                "channel_id": "C-ML",
                "user_id": "U1",
                "response_url": receiver.url + "/respond",
            }
        ).encode()
        ack = httpx.post(base + "/slack/commands", content=body, headers=slack_headers(body))
        assert ack.status_code == 200 and ack.json()["text"].startswith("Diagnosing")
        [answer] = receiver.wait(1, path="/respond", timeout=20)
        assert "gpu-oom" in answer.json()["blocks"][0]["text"]["text"]
        add_failed_job(fake_api.store, "nightly", NS)
        [hook] = receiver.wait(1, path="/hook", timeout=20)
        assert hook.json()["target"] == "Job team-nlp/nightly"
        sent = 'jobdoctor_notifications_total{outcome="sent",sink="webhook"} 1.0'
        deadline = time.monotonic() + 10  # counted once the post is recorded, just after the receiver saw it
        while sent not in (metrics := httpx.get(base + "/metrics").text) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert 'jobdoctor_diagnoses_total{category="gpu-oom",engine="rules",origin="slack"} 1.0' in metrics
        assert sent in metrics
    finally:
        proc.send_signal(signal.SIGTERM)
        out = proc.communicate(timeout=20)[0].decode()
    # uvicorn shuts down gracefully, then re-raises the signal it caught, as a process should.
    assert proc.returncode in (0, -signal.SIGTERM) and "Application shutdown complete" in out, out[-2000:]
