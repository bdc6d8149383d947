"""The watcher against the fake API server's watch streams, posting to a loopback receiver."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from agent.bot.config import BotConfig
from agent.bot.running import make_watcher
from agent.bot.service import Service
from agent.bot.watch import Watcher
from agent.engine.signatures import builtin_catalogue
from agent.settings import Settings
from tests.bot.jobs import add_failed_job, job
from tests.bot.receiver import Received, Receiver
from tests.fakeapi.fixtures import FakeCluster
from tests.fakeapi.resources import by_kind
from tests.fakeapi.watching import Watching, fresh, install

NS = "team-nlp"
OWN = "jobdoctor"
SECRET = "webhook-signing-secret"


@pytest.fixture
def api(fake_api: FakeCluster) -> Watching:
    return install(fake_api.server)


def config(receiver: Receiver, **watch: Any) -> BotConfig:
    return BotConfig.model_validate(
        {
            "namespace": OWN,
            "watch": {
                "namespaces": [NS],
                "kinds": ["job"],
                "sweep_every": 0.1,
                "retry_first": 0.05,
                "retry_max": 0.2,
                "leader_election": {"enabled": False},
                "sinks": [
                    {"type": "webhook", "url_env": "HOOK_URL", "secret_env": "HOOK_SECRET"},
                    {"type": "slack", "url_env": "SLACK_HOOK_URL"},
                ],
                **watch,
            },
        }
    )


@dataclass
class Running:
    watcher: Watcher
    stop_event: threading.Event
    thread: threading.Thread

    def stop(self) -> None:
        self.stop_event.set()
        self.thread.join(10)
        assert not self.thread.is_alive()


@pytest.fixture
def run_watcher(fake_api: FakeCluster, api: Watching, receiver: Receiver) -> Iterator[Callable[..., Running]]:
    running: list[Running] = []

    def start(cfg: BotConfig | None = None) -> Running:
        cfg = cfg or config(receiver)
        service = Service(cfg, source=fake_api.source(), settings=Settings(), catalogue=builtin_catalogue())
        env = {"HOOK_URL": receiver.url + "/hook", "HOOK_SECRET": SECRET, "SLACK_HOOK_URL": receiver.url + "/slack"}
        watcher = make_watcher(cfg, service, env)
        stop = threading.Event()
        thread = threading.Thread(target=watcher.run, args=(stop,), daemon=True)
        thread.start()
        running.append(Running(watcher, stop, thread))
        assert watcher.synced.wait(10)
        return running[-1]

    yield start
    for r in running:
        r.stop()


def until(condition: Callable[[], bool], timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def keys(received: list[Received]) -> list[str]:
    return [r.headers["idempotency-key"] for r in received]


def state(fake_api: FakeCluster) -> dict[str, Any]:
    cm = fake_api.store.get(by_kind("v1", "ConfigMap"), OWN, "jobdoctor-notified")  # type: ignore[arg-type]
    assert cm is not None
    return {k: json.loads(v) for k, v in (cm.get("data") or {}).items()}


def test_a_failed_job_is_posted_once_to_every_sink_and_recorded(
    fake_api: FakeCluster, run_watcher: Any, receiver: Receiver
) -> None:
    run_watcher()
    obj = add_failed_job(fake_api.store, "train-a", NS)
    [hook] = receiver.wait(1, path="/hook")
    [slack] = receiver.wait(1, path="/slack")
    body = hook.json()
    assert body["key"] == f"failed.{obj['metadata']['uid']}" and body["target"] == "Job team-nlp/train-a"
    assert body["verdict"]["category"] == "gpu-oom" and body["trigger"] == "failed"
    assert "train-a" in slack.json()["blocks"][0]["text"]["text"]
    time.sleep(0.5)  # sweeps see the job again; it was delivered
    assert len(receiver.requests("/hook")) == len(receiver.requests("/slack")) == 1
    [entry] = state(fake_api).values()
    assert sorted(entry["sinks"]) == ["slack", "webhook"] and entry["target"] == "Job team-nlp/train-a"


def test_a_restarted_watcher_posts_nothing_twice_and_what_was_missed(
    fake_api: FakeCluster, run_watcher: Any, receiver: Receiver
) -> None:
    add_failed_job(fake_api.store, "train-a", NS)
    first = run_watcher()
    receiver.wait(1, path="/hook")
    receiver.wait(1, path="/slack")
    first.stop()
    add_failed_job(fake_api.store, "train-b", NS)  # failed while no watcher ran
    run_watcher()
    got = receiver.wait(2, path="/hook")
    time.sleep(0.5)
    assert sorted(r.json()["target"] for r in receiver.requests("/hook")) == [
        "Job team-nlp/train-a",
        "Job team-nlp/train-b",
    ]
    assert len(got) == 2


def test_old_failures_running_and_fresh_pending_jobs_are_not_posted(
    fake_api: FakeCluster, run_watcher: Any, receiver: Receiver
) -> None:
    now = datetime.now(timezone.utc)
    add_failed_job(fake_api.store, "failed-yesterday", NS, ago=timedelta(days=1))
    fake_api.store.add(job("just-created", NS, created=now))
    run_watcher()
    time.sleep(0.8)
    assert receiver.requests() == []


def test_a_job_pending_longer_than_configured_is_posted(
    fake_api: FakeCluster, run_watcher: Any, receiver: Receiver
) -> None:
    now = datetime.now(timezone.utc)
    fake_api.store.add(job("waiting", NS, created=now - timedelta(seconds=1)))
    run_watcher(config(receiver, pending_after=2))
    [hook] = receiver.wait(1, path="/hook", timeout=10)
    assert hook.json()["trigger"].startswith("pending for") and hook.json()["target"] == "Job team-nlp/waiting"
    assert hook.headers["idempotency-key"].startswith("pending.")


def test_watch_resumes_from_its_resource_version_and_lists_again_on_410(
    fake_api: FakeCluster, api: Watching, run_watcher: Any, receiver: Receiver
) -> None:
    run_watcher()
    lists = fake_api.server.count(verb="list", resource="jobs")
    until(lambda: fake_api.server.count(verb="watch", resource="jobs") == 1)
    api.drop_streams()  # the API server restarted: resume, no new list
    until(lambda: fake_api.server.count(verb="watch", resource="jobs") == 2)
    add_failed_job(fake_api.store, "after-restart", NS)
    receiver.wait(1, path="/hook")
    watches = [r for r in fake_api.server.requests if r.verb == "watch" and r.resource == "jobs"]
    assert len(watches) >= 2 and all(w.query.get("resourceVersion") for w in watches)
    assert fake_api.server.count(verb="list", resource="jobs") == lists
    # Other objects changed, etcd compacted past them: resuming the jobs watch from the last
    # job seen answers 410; the watcher lists again and catches up.
    fake_api.store.add({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "unrelated", "namespace": NS}})
    api.compact()
    api.drop_streams()
    until(lambda: fake_api.server.count(verb="list", resource="jobs") == lists + 1)
    add_failed_job(fake_api.store, "after-compaction", NS)
    got = receiver.wait(2, path="/hook")
    assert fake_api.server.count(verb="list", resource="jobs") == lists + 1
    assert {r.json()["target"] for r in got} == {"Job team-nlp/after-restart", "Job team-nlp/after-compaction"}


def test_a_failing_sink_is_retried_with_backoff_without_holding_up_other_jobs(
    fake_api: FakeCluster, run_watcher: Any, receiver: Receiver
) -> None:
    failures = {"left": 3}

    def flaky(req: Received) -> tuple[int, dict[str, Any]]:
        if b"train-broken" in req.body and failures["left"] > 0:
            failures["left"] -= 1
            return 503, {"error": "try later"}
        return 200, {}

    receiver.answers["/hook"] = flaky
    run_watcher(config(receiver, workers=1, retry_first=0.3, retry_max=0.6))
    add_failed_job(fake_api.store, "train-broken", NS)
    time.sleep(0.2)
    add_failed_job(fake_api.store, "train-fine", NS)
    got = receiver.wait(5, path="/hook", timeout=15)
    targets = [r.json()["target"] for r in got]
    assert targets.count("Job team-nlp/train-broken") == 4 and targets.count("Job team-nlp/train-fine") == 1
    # One worker, and still the second job went out while the first waited for its retries.
    assert targets.index("Job team-nlp/train-fine") < len(targets) - 1
    time.sleep(0.5)
    assert len(receiver.requests("/slack")) == 2  # slack took both at once and was not posted again


def test_the_verdict_is_recorded_as_an_event_on_the_job(
    fake_api: FakeCluster, run_watcher: Any, receiver: Receiver
) -> None:
    run_watcher(config(receiver, record_events=True))
    obj = add_failed_job(fake_api.store, "train-a", NS)
    receiver.wait(1, path="/hook")
    deadline = time.monotonic() + 5
    mine: list[dict[str, Any]] = []
    while not mine and time.monotonic() < deadline:
        events = fake_api.store.list(by_kind("v1", "Event"), NS)  # type: ignore[arg-type]
        mine = [e for e in events if e.get("reason") == "JobDoctorDiagnosis"]
        time.sleep(0.05)
    [event] = mine
    assert event["involvedObject"]["uid"] == obj["metadata"]["uid"] and event["type"] == "Warning"
    assert event["message"].startswith("gpu-oom: ")
    until(lambda: "event" in next(iter(state(fake_api).values()))["sinks"])


def test_updates_to_a_watched_job_are_seen(fake_api: FakeCluster, run_watcher: Any, receiver: Receiver) -> None:
    now = datetime.now(timezone.utc)
    running = job("train-c", NS, created=now - timedelta(minutes=2))
    running["status"] = {"active": 1, "startTime": running["metadata"]["creationTimestamp"]}
    fake_api.store.add(running)
    run_watcher()
    time.sleep(0.3)
    assert receiver.requests() == []
    failed = add_failed_job(fake_api.store, "train-c-failed", NS)  # the pod and its log
    stored = fresh(failed)
    fake_api.store.delete("batch/v1", "Job", "train-c-failed", NS)
    stored["metadata"].update(name="train-c", uid=running["metadata"]["uid"])
    fake_api.store.add(stored)  # MODIFIED: train-c failed
    [hook] = receiver.wait(1, path="/hook")
    assert hook.json()["target"] == "Job team-nlp/train-c"


def test_a_stopped_watcher_does_not_post_what_it_was_diagnosing(
    fake_api: FakeCluster, run_watcher: Any, receiver: Receiver
) -> None:
    """``stop`` fences the posts: a leader that lost its Lease mid-diagnosis posts nothing."""
    running = run_watcher()
    fake_api.server.delay("pods", 1.5, verb="list")  # the diagnosis lists the job's pods
    add_failed_job(fake_api.store, "train-a", NS)
    until(lambda: fake_api.server.count(verb="get", resource="jobs") >= 1)  # the diagnosis began
    running.stop()
    time.sleep(1.5)  # the diagnosis is over, and nothing went out
    assert receiver.requests() == []


def test_nothing_is_posted_while_the_state_cannot_be_read(
    fake_api: FakeCluster, run_watcher: Any, receiver: Receiver
) -> None:
    """A post the ConfigMap could not record would be made again by the next leader."""
    run_watcher()
    fake_api.server.fail("configmaps", 500, verb="get", seconds=1.0)
    started = time.monotonic()
    add_failed_job(fake_api.store, "train-a", NS)
    receiver.wait(1, path="/hook", timeout=15)
    assert time.monotonic() - started >= 1.0
    assert fake_api.server.count(verb="get", resource="configmaps") >= 2  # refused, then read


def test_the_watchers_connection_pool_holds_every_watch(
    fake_api: FakeCluster, receiver: Receiver, caplog: pytest.LogCaptureFixture
) -> None:
    """Eleven kinds are eleven streams: more than urllib3's 10 connections on a 2-core node,
    which it discards with a warning and opens again."""
    install(fake_api.server)
    cfg = config(receiver, kinds=[])
    source = fake_api.source()
    source.api_client.configuration.connection_pool_maxsize = 10  # the client's default on 2 cores
    service = Service(cfg, source=source, settings=Settings(), catalogue=builtin_catalogue())
    watcher = make_watcher(
        cfg,
        service,
        {"HOOK_URL": receiver.url + "/hook", "HOOK_SECRET": SECRET, "SLACK_HOOK_URL": receiver.url + "/slack"},
    )
    stop = threading.Event()
    thread = threading.Thread(target=watcher.run, args=(stop,), daemon=True)
    with caplog.at_level("WARNING", logger="urllib3.connectionpool"):
        thread.start()
        try:
            assert watcher.synced.wait(20)
            until(lambda: fake_api.server.count(verb="watch") >= 11, 20)
        finally:
            stop.set()  # every stream's connection goes back to the pool at once
            thread.join(20)
    assert not thread.is_alive()
    assert [r.getMessage() for r in caplog.records if "pool is full" in r.getMessage()] == []
