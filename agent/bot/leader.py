"""Leader election for the watcher, with kubernetes' own ``LeaderElection`` and ``LeaseLock``
(a coordination.k8s.io/v1 Lease in the bot's namespace).

Replicas all serve requests; only the leader watches and posts. A leader that cannot renew
its Lease stops leading, and the process exits so that Kubernetes restarts it as a
follower: a watcher never carries on without knowing it is the only one. Give each
replica a stable identity (its pod name): a restarted leader then takes its Lease back at
once instead of waiting for it to expire.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Callable
from typing import Any

from agent.bot.config import LeaderElection

log = logging.getLogger("jobdoctor.bot.leader")
# How long a stopping watcher may take to close its streams and workers.
STOP_SECONDS = 15.0


def identity(config: LeaderElection) -> str:
    return config.identity or os.environ.get("POD_NAME") or socket.gethostname()


def lead(api_client: Any, namespace: str, config: LeaderElection, *, work: Callable[[threading.Event], None],
         stop: threading.Event) -> bool:
    """Run ``work(stop)`` while this process holds the Lease. Blocks until ``stop`` is set
    (returns True) or leadership is lost (sets ``stop``, returns False)."""
    from kubernetes import client
    from kubernetes.leaderelection import electionconfig, leaderelection
    from kubernetes.leaderelection.resourcelock import leaselock

    election_module: Any = leaderelection  # untyped library
    config_module: Any = electionconfig
    LeaseLock: Any = leaselock.LeaseLock

    logging.getLogger("leaderelection").setLevel(logging.WARNING)  # it logs every renewal at INFO
    lock = LeaseLock(config.lease_name, namespace, identity(config))
    # LeaseLock builds its API object from the global default configuration; ours comes
    # from the kubeconfig or the service account, so it is handed over here.
    lock.api_instance = client.CoordinationV1Api(api_client)
    lost = threading.Event()
    working, finished = threading.Event(), threading.Event()

    def started() -> None:
        log.info("leading as %s (Lease %s/%s)", lock.identity, namespace, config.lease_name)
        working.set()
        try:
            work(stop)
        finally:
            finished.set()

    def stopped() -> None:
        if not stop.is_set():
            log.error("lost the Lease %s/%s; stopping", namespace, config.lease_name)
            lost.set()
            stop.set()

    election = election_module.LeaderElection(config_module.Config(
        lock, config.lease_seconds, config.renew_seconds, config.retry_seconds, started, stopped))
    threading.Thread(target=election.run, daemon=True, name="leader-election").start()
    stop.wait()
    if working.is_set():
        # Let the watcher wind down: a thread still writing to stderr while the interpreter
        # exits aborts it.
        finished.wait(STOP_SECONDS)
    return not lost.is_set()
