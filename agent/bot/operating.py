"""The JobDiagnosis controller (agent/operator/) in a process: built from the bot config's
``operator`` section over the bot's own Service - its cluster source, settings, catalogue,
redactor and metrics - and leader-elected with a Lease of its own, as the watcher is with
its. ``jobdoctor bot`` runs it in a thread beside the HTTP server and the watcher;
``jobdoctor operator`` runs it alone.
"""

from __future__ import annotations

import threading
from typing import Any

from agent.bot.config import BotConfig
from agent.bot.running import api_client, own_namespace
from agent.bot.service import Service
from agent.engine.verdict import Verdict
from agent.errors import ConfigError


def make_operator(config: BotConfig, service: Service) -> Any:
    from agent.operator.controller import Controller, Options
    from agent.operator.reconciling import Policy

    section = config.operator
    if section is None:
        raise ConfigError("bot config: no operator section")
    policy = Policy(own_namespace(config, service), tuple(section.cross_namespace_from), tuple(section.models))
    options = Options(
        policy,
        namespaces=tuple(section.namespaces),
        workers=section.workers,
        retry_first=section.retry_first.total_seconds(),
        retry_max=section.retry_max.total_seconds(),
        attempts=section.retry_attempts,
        sweep_every=section.ttl_sweep_every.total_seconds(),
        default_ttl=section.default_ttl,
    )

    def observe(verdict: Verdict, seconds: float, model: str | None) -> None:
        service.metrics.verdict(verdict, origin="operator", seconds=seconds, model=model)

    return Controller(
        options,
        api_client=api_client(service),
        source=service.source,
        settings=service.settings,
        catalogue=service.catalogue,
        redactor=service.redactor,
        observe=observe,
    )


def run_operator(config: BotConfig, service: Service, controller: Any, stop: threading.Event) -> bool:
    """Reconcile until ``stop`` (True), or until leading ended (False: exit non-zero, to be
    restarted as a follower)."""
    assert config.operator is not None
    election = config.operator.leader_election
    if not election.enabled:
        controller.run(stop)
        return True
    from agent.bot.leader import lead

    return bool(lead(api_client(service), own_namespace(config, service), election, work=controller.run, stop=stop))
