"""The watcher's switch ``record_diagnoses``: each notified failure becomes a Completed
JobDiagnosis in the workload's namespace, created once across restarts and kills, which a
running controller leaves alone."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from agent.bot.config import BotConfig
from agent.bot.running import make_watcher
from agent.bot.service import Service
from agent.bot.sinks import Notice
from agent.bot.sinks.diagnosis import DiagnosisRecorder
from agent.engine.signatures import builtin_catalogue
from agent.settings import Settings
from collectors.redaction import Redactor
from tests.bot.jobs import add_failed_job
from tests.fakeapi.fixtures import FakeCluster
from tests.operator.conftest import NS, OWN, RESOURCE, Cluster, until

CONFIG = {
    "namespace": OWN,
    "watch": {
        "namespaces": [NS],
        "kinds": ["job"],
        "sweep_every": 0.1,
        "retry_first": 0.05,
        "retry_max": 0.2,
        "leader_election": {"enabled": False},
        "record_diagnoses": True,
    },
}


@pytest.fixture
def run_watcher(cluster: Cluster) -> Iterator[Callable[[], tuple[threading.Event, threading.Thread]]]:
    running: list[tuple[threading.Event, threading.Thread]] = []

    def start() -> tuple[threading.Event, threading.Thread]:
        config = BotConfig.model_validate(CONFIG)
        service = Service(config, source=cluster.fake.source(), settings=Settings(), catalogue=builtin_catalogue())
        watcher = make_watcher(config, service, {})
        stop = threading.Event()
        thread = threading.Thread(target=watcher.run, args=(stop,), daemon=True)
        thread.start()
        assert watcher.synced.wait(30)
        running.append((stop, thread))
        return stop, thread

    yield start
    for stop, thread in running:
        stop.set()
        thread.join(15)


def records(fake: FakeCluster) -> list[dict[str, Any]]:
    assert RESOURCE is not None
    return fake.store.list(RESOURCE, NS)


def test_each_notified_failure_is_recorded_once(cluster: Cluster, run_watcher: Any, run_controller: Any) -> None:
    run_controller()
    obj = add_failed_job(cluster.fake.store, "train-a", NS)
    stop, thread = run_watcher()
    [record] = until(
        lambda: [r for r in records(cluster.fake) if (r.get("status") or {}).get("phase") == "Completed"],
        what="the record",
    )
    status = record["status"]
    assert status["category"] == "gpu-oom" and status["target"] == "Job team-nlp/train-a"
    assert record["spec"]["object"] == {"kind": "Job", "name": "train-a", "namespace": NS}
    assert record["spec"]["ttlSecondsAfterFinished"] == 30 * 24 * 3600
    assert record["metadata"]["annotations"]["jobdoctor.io/recorded-by"] == "watcher"
    assert record["metadata"]["annotations"]["jobdoctor.io/notification"] == f"failed.{obj['metadata']['uid']}"
    stop.set()
    thread.join(15)
    run_watcher()  # a restarted watcher: the state says it was delivered
    time.sleep(1.5)
    assert len(records(cluster.fake)) == 1
    # The controller never diagnosed it again: the only pod-log reads were the watcher's one diagnosis.
    assert records(cluster.fake)[0]["status"]["finishedAt"] == status["finishedAt"]
    assert cluster.fake.server.count(verb="get", resource="jobs") == 1


def test_a_post_repeated_after_a_kill_completes_the_same_record(cluster: Cluster) -> None:
    """Killed after the create, before the status and the ConfigMap record: the repeated
    post finds its object (409) and writes its status; still one object."""
    source = cluster.fake.source()
    recorder = DiagnosisRecorder(source.api_client, Redactor(), ttl=None)
    from agent.diagnosis import diagnose
    from collectors.collecting import Target

    verdict = diagnose(Target("PyTorchJob", "llama-ft", NS), source)
    notice = Notice(
        "failed.uid-1",
        verdict,
        "failed",
        {"apiVersion": "kubeflow.org/v1", "kind": "PyTorchJob", "name": "llama-ft", "namespace": NS, "uid": "uid-1"},
    )
    cluster.fake.server.fail("jobdiagnoses/status", 503, times=1)
    with pytest.raises(Exception, match="jobdiagnosis: 503"):
        recorder.post(notice)
    [half] = records(cluster.fake)
    assert "status" not in half
    recorder.post(notice)
    recorder.post(notice)  # and once more: nothing changes
    [done] = records(cluster.fake)
    assert done["metadata"]["uid"] == half["metadata"]["uid"] and done["status"]["phase"] == "Completed"
    assert done["status"]["culprit"]["pod"] == "llama-ft-worker-2"
