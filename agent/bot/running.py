"""Putting the pieces together in a process: ``jobdoctor bot`` and ``jobdoctor watch``."""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Mapping
from typing import Any

from agent.bot.config import BotConfig
from agent.bot.parsing import DiagnoseAsk
from agent.bot.service import Service
from agent.engine.verdict import Verdict
from agent.errors import ConfigError

log = logging.getLogger("jobdoctor.bot")


def api_client(service: Service) -> Any:
    """The kubernetes ApiClient of the service's ClusterSource, shared by the watcher."""
    client = getattr(service.source, "api_client", None)
    if client is None:
        raise ConfigError("watching needs a live cluster source")
    return client


def own_namespace(config: BotConfig, service: Service) -> str:
    return config.namespace or str(getattr(service.source, "default_namespace", "default"))


def make_watcher(config: BotConfig, service: Service, environ: Mapping[str, str]) -> Any:
    from agent.bot.kube import SPARE_CONNECTIONS, Kube, dedicated_client, watched_kinds
    from agent.bot.leader import identity
    from agent.bot.sinks import build_sinks
    from agent.bot.sinks.event import EventRecorder
    from agent.bot.state import NotifiedState
    from agent.bot.watch import Watcher

    watch = config.watch
    if watch is None:
        raise ConfigError("bot config: no watch section")
    import httpx

    from agent.bot.sinks import HTTP_TIMEOUT

    kinds = watched_kinds(watch.kinds)
    # Its own client: a connection for every watch stream it holds open and every worker
    # (the diagnoses keep the source's), named in the API server's audit log.
    client = dedicated_client(
        api_client(service),
        connections=len(kinds) * len(watch.namespaces) + watch.workers + SPARE_CONNECTIONS,
        user_agent=f"jobdoctor-watcher ({identity(watch.leader_election)})",
    )
    http = httpx.Client(timeout=HTTP_TIMEOUT)
    try:
        kube = Kube(client)
        sinks: list[Any] = build_sinks(watch.sinks, environ, service.redactor, http, tr=service.settings.translator())
        if watch.record_events:
            sinks.append(EventRecorder(kube, service.redactor))
        if watch.record_diagnoses:
            from agent.bot.sinks.diagnosis import DiagnosisRecorder

            sinks.append(DiagnosisRecorder(kube.api_client, service.redactor, ttl=watch.record_ttl))
        if not sinks:
            raise ConfigError("bot config: watch.sinks: no sink to post to (and record_events is off)")
    except BaseException:
        http.close()
        client.close()
        raise
    state = NotifiedState(kube, own_namespace(config, service), watch.state_configmap, retention=watch.state_retention)

    def diagnose(ask: DiagnoseAsk) -> Verdict:
        return service.verdict(ask, origin="watch")

    return Watcher(
        watch,
        kube=kube,
        state=state,
        sinks=sinks,
        kinds=kinds,
        diagnose=diagnose,
        metrics=service.metrics,
        cleanup=[http.close, client.close],
    )


def run_watch(config: BotConfig, service: Service, watcher: Any, stop: threading.Event) -> bool:
    """Watch until ``stop`` (True), or until leading ended - the Lease lost, the election
    dead - (False: exit non-zero, to be restarted as a follower)."""
    assert config.watch is not None
    election = config.watch.leader_election
    if not election.enabled:
        watcher.run(stop)
        return True
    from agent.bot.leader import lead

    return lead(api_client(service), own_namespace(config, service), election, work=watcher.run, stop=stop)


def stop_on_signals(stop: threading.Event) -> None:
    def handler(signum: int, frame: Any) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, handler)
    signal.signal(signal.SIGINT, handler)


def serve(config: BotConfig, service: Service, environ: Mapping[str, str] | None = None) -> bool:
    """The bot: HTTP (and Socket Mode), and the watcher when the config has one. Returns
    False when the watcher lost its leadership (the process should exit non-zero)."""
    import uvicorn

    from agent.bot.app import create_app

    environ = os.environ if environ is None else environ
    app = create_app(config, service, environ=environ)
    if config.slack is not None and config.slack.socket_mode:
        app.state.slack.connect_socket_mode()
    stop = threading.Event()
    outcome = {"kept": True}
    thread: threading.Thread | None = None
    server = uvicorn.Server(
        uvicorn.Config(
            app, host=config.host, port=config.port, log_level="info", access_log=False, timeout_graceful_shutdown=10
        )
    )
    if config.watch is not None and config.watch.enabled:
        watcher = make_watcher(config, service, environ)  # a bad sink stops start-up here, not in a thread

        def watching() -> None:
            outcome["kept"] = run_watch(config, service, watcher, stop)
            server.should_exit = True

        thread = threading.Thread(target=watching, daemon=True, name="watcher")
        thread.start()
    operating = start_operator(config, service, stop, outcome, server)
    try:
        server.run()
    finally:
        stop.set()
        for running in (thread, operating):
            if running is not None:
                running.join(timeout=15)  # a daemon thread logging at exit aborts the interpreter
    return outcome["kept"]


def start_operator(
    config: BotConfig, service: Service, stop: threading.Event, outcome: dict[str, bool], server: Any
) -> threading.Thread | None:
    """The JobDiagnosis controller in a thread, when the config enables it (agent/bot/operating.py)."""
    if config.operator is None or not config.operator.enabled:
        return None
    from agent.bot.operating import make_operator, run_operator

    controller = make_operator(config, service)

    def operating() -> None:
        if not run_operator(config, service, controller, stop):
            outcome["kept"] = False
        server.should_exit = True

    thread = threading.Thread(target=operating, daemon=True, name="operator")
    thread.start()
    return thread
