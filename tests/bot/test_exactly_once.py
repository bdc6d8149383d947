"""Exactly once across SIGKILLs: a real ``jobdoctor watch`` process, killed at random
points 20 times and restarted, while jobs fail in the fake cluster. Every notification
reaches every sink; none that the state had recorded is ever posted again; and a repeat
post can only come from a kill inside the one unavoidable window - after the sink accepted
the post, before the ConfigMap recorded it (agent/bot/state.py) - and carries the same
Idempotency-Key, so a receiver that honours the key sees each notification once.
"""

from __future__ import annotations

import json
import math
import os
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tests.bot.jobs import add_failed_job
from tests.bot.receiver import Received, Receiver
from tests.conftest import ROOT
from tests.fakeapi.fixtures import FakeCluster
from tests.fakeapi.resources import by_kind
from tests.fakeapi.watching import install

NS = "team-nlp"
OWN = "jobdoctor"
JOBS = 10
KILLS = 20
# A kill this soon after a sink accepted a post may fall between the post and its record.
WINDOW = 0.5
# Replays a run; read at import, as the autouse fixture clears JOBDOCTOR_* variables.
SEED = os.environ.get("JOBDOCTOR_TEST_SEED")


@dataclass
class Run:
    started: float
    recorded: dict[str, set[str]]  # notification key -> sinks in the ConfigMap when the run began
    # Times are time.monotonic(), as the receiver's; the last run is never killed.
    killed: float = math.inf
    # When the receiver had read every request the killed process sent: what it gets later
    # was sent by a later run.
    drained: float = math.inf


def _recorded(fake_api: FakeCluster) -> dict[str, set[str]]:
    cm = fake_api.store.get(by_kind("v1", "ConfigMap"), OWN, "jobdoctor-notified")  # type: ignore[arg-type]
    return {k: set(json.loads(v)["sinks"]) for k, v in ((cm or {}).get("data") or {}).items()}


def _start(config: Path, env: dict[str, str], log: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-c", "from agent.cli.app import main; main()", "watch", "--config", str(config)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=log,
    )


def _key(sink: str, req: Received, keys_by_target: dict[str, str]) -> str:
    if sink == "webhook":
        return req.headers["idempotency-key"]
    header = req.json()["blocks"][0]["text"]["text"]  # "Failing: Job team-nlp/fail-3 (failed) - gpu-oom"
    return keys_by_target[header.split(": ", 1)[1].split(" (")[0]]


def test_every_notification_is_delivered_once_across_20_kills(
    fake_api: FakeCluster, receiver: Receiver, tmp_path: Path
) -> None:
    install(fake_api.server)
    seed = int(SEED or time.time())
    rng = random.Random(seed)
    config = tmp_path / "bot.yaml"
    config.write_text(
        yaml.safe_dump(
            {
                "kubeconfig": str(fake_api.kubeconfig),
                "namespace": OWN,
                "watch": {
                    "namespaces": [NS],
                    "kinds": ["job"],
                    "sweep_every": 0.2,
                    "retry_first": 0.2,
                    "retry_max": 1,
                    "leader_election": {
                        "identity": "jobdoctor-0",
                        "lease_seconds": 4,
                        "renew_seconds": 3,
                        "retry_seconds": 1,
                    },
                    "sinks": [
                        {"type": "webhook", "url_env": "HOOK_URL", "secret_env": "HOOK_SECRET"},
                        {"type": "slack", "url_env": "SLACK_HOOK_URL"},
                    ],
                },
            }
        )
    )
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "HOOK_URL": receiver.url + "/hook",
        "HOOK_SECRET": "s3cret-for-hmac",
        "SLACK_HOOK_URL": receiver.url + "/slack",
    }

    targets: dict[str, str] = {}  # "Job ns/name" -> notification key

    def feed() -> None:
        for i in range(JOBS):
            obj = add_failed_job(fake_api.store, f"fail-{i}", NS)
            targets[f"Job {NS}/fail-{i}"] = f"failed.{obj['metadata']['uid']}"
            time.sleep(rng.uniform(0.3, 1.2))

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    runs: list[Run] = []
    with (tmp_path / "watch.log").open("wb") as log:
        for _ in range(KILLS):
            run = Run(time.monotonic(), _recorded(fake_api))
            proc = _start(config, env, log)
            time.sleep(rng.uniform(0.6, 2.6))
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            run.killed = time.monotonic()
            # A request the process sent just before it died is still in the kernel: read it
            # now, or a slow receiver would time it after the next run began.
            receiver.drain()
            run.drained = time.monotonic()
            runs.append(run)
        feeder.join()
        runs.append(Run(time.monotonic(), _recorded(fake_api)))
        watches = fake_api.server.count(verb="watch", resource="jobs")
        last = _start(config, env, log)
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                done = {k for k, sinks in _recorded(fake_api).items() if sinks == {"webhook", "slack"}}
                if set(targets.values()) <= done and fake_api.server.count(verb="watch", resource="jobs") > watches:
                    break
                time.sleep(0.2)
            time.sleep(1.0)  # anything still on its way
        finally:
            last.send_signal(signal.SIGTERM)
            assert last.wait(15) == 0, (tmp_path / "watch.log").read_text()[-3000:]

    killed = runs[:-1]
    report: dict[str, Any] = {"seed": seed, "repeats_in_kill_window": 0}
    for sink, path in (("webhook", "/hook"), ("slack", "/slack")):
        received = receiver.requests(path)
        by_key: dict[str, list[float]] = {}
        for req in received:
            by_key.setdefault(_key(sink, req, targets), []).append(req.at)
        # None lost.
        assert set(by_key) == set(targets.values()), f"seed {seed}: {sink} missed {set(targets.values()) - set(by_key)}"
        # Never a notification the state had recorded when a run began.
        for run in runs:
            for key, sinks in run.recorded.items():
                if sink in sinks:
                    assert all(at < run.started for at in by_key.get(key, [])), (
                        f"seed {seed}: {sink} {key} posted again"
                    )
        # A repeat only where a kill fell between the sink's answer and the record: the first
        # post reached the receiver before that run was drained, at most WINDOW before the kill
        # (after it, when the receiver was slow to read), and the repeat came from a later run.
        for key, times in by_key.items():
            for first, again in zip(times, times[1:], strict=False):
                window = [r for r in killed if first <= r.drained <= again and r.killed - first <= WINDOW]
                assert window, f"seed {seed}: {sink} got {key} twice, with no kill in between"
                report["repeats_in_kill_window"] += 1
                report.setdefault("repeats", []).append([sink, round(window[0].killed - first, 3)])
    # The receiver that honours Idempotency-Key: each notification exactly once.
    assert len({r.headers["idempotency-key"] for r in receiver.requests("/hook")}) == JOBS
    print(json.dumps({**report, "posts": len(receiver.requests()), "runs": len(runs)}))
