"""The JobDiagnosis controller on kopf: the Kubernetes plumbing - watching, per-object
queues, retries with backoff, status patches - is kopf's; what to do is
agent/operator/reconciling.py's, and the diagnosis is ``diagnose()``'s.

Two handlers per object, run by kopf one after the other, each on create, update (the spec
or annotations changed) and resume (the controller restarted):

- ``accept`` writes ``phase: Diagnosing`` (and clears an earlier verdict) when a diagnosis
  is due, so ``kubectl get jobdiagnoses -w`` shows it at once;
- ``diagnose`` runs ``diagnose()`` and writes the verdict, redacted, with ``phase:
  Completed``, or ``phase: Failed`` and a one-line reason. A cluster that cannot be read,
  or a model that could not answer, is retried with exponential backoff (kopf's
  ``TemporaryError``); a workload that does not exist, or a spec asking for what is not
  allowed, fails at once.

Everything kopf writes goes to the status subresource - its progress and the spec it last
handled in ``status.kopf`` (``StatusProgressStorage``, ``StatusDiffBaseStorage``) - so the
controller needs no write access to the objects themselves, and adds no finalizer: deleting
a JobDiagnosis never waits for the controller. A controller killed mid-diagnosis has written
nothing final; restarted, kopf finds the object unhandled and ``diagnose`` runs again. The
verdict, kopf's progress and its record of the handled spec go in one status patch, so one
final status is written, once.

kopf runs standalone (no peering): replicas are kept to one by our own Lease
(agent/bot/leader.py), whose ``stop`` event is kopf's stop flag. It talks to the API server
with its own aiohttp client, logged in with the credentials of our kubernetes client
(``connection``). The TTL is not a kopf timer (timers need finalizers): one thread lists the
JobDiagnoses every ``sweep_every`` and deletes the expired ones (agent/operator/expiring.py).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

from agent.diagnosis import Advisor, diagnose, make_advisor
from agent.engine.signatures import Catalogue
from agent.engine.verdict import Verdict
from agent.errors import ClusterError, InputError
from agent.operator import reconciling
from agent.operator.expiring import Sweeper
from agent.operator.objects import Objects
from agent.operator.reconciling import Policy
from agent.operator.resource import GROUP, PLURAL, VERSION, Phase
from agent.settings import Settings
from collectors.redaction import Redactor
from collectors.source import Source

log = logging.getLogger("jobdoctor.operator")
# A watch request lasts this long before kopf resumes it; its read times out a little later,
# so a silent connection is noticed (as agent/bot/kube.py).
WATCH_SECONDS = 300
WATCH_MARGIN = 15.0
REQUEST_SECONDS = 30.0
CONNECT_SECONDS = 5.0

Observe = Callable[[Verdict, float, "str | None"], None]


@dataclass(frozen=True)
class Options:
    """How the controller runs (the ``operator`` section of the bot config)."""

    policy: Policy
    namespaces: tuple[str, ...] = ("*",)  # "*": every namespace
    workers: int = 2  # diagnoses at once
    retry_first: float = 5.0  # seconds before the first retry of a cluster or model failure
    retry_max: float = 300.0
    attempts: int = 6  # diagnoses tried before the object is Failed
    sweep_every: float = 60.0
    default_ttl: timedelta | None = None  # for objects without ttlSecondsAfterFinished
    clock: Callable[[], datetime] = field(default=lambda: datetime.now(timezone.utc), compare=False)


class Controller:
    def __init__(
        self,
        options: Options,
        *,
        api_client: Any,
        source: Source,
        settings: Settings,
        catalogue: Catalogue,
        redactor: Redactor | None = None,
        observe: Observe | None = None,
    ) -> None:
        self.options = options
        self._api_client = api_client
        self._source, self._settings, self._catalogue = source, settings, catalogue
        self._redactor = redactor or Redactor(settings.redact_patterns)
        self._observe = observe
        self._advisors: dict[str, Advisor | None] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()  # the one run() was given
        self.ready = threading.Event()  # kopf has started and listed the objects

    # -- running --------------------------------------------------------------------------

    def run(self, stop: threading.Event) -> None:
        """Reconcile until ``stop`` is set. Blocks; kopf gets an event loop of its own in
        this thread, so the caller may be any thread (the bot runs it beside uvicorn)."""
        import kopf

        self._stop = stop
        ended = threading.Event()
        sweeper = Sweeper(
            Objects(self._api_client),
            self.options.namespaces,
            default_ttl=self.options.default_ttl,
            clock=self.options.clock,
        )
        thread = threading.Thread(
            target=sweeper.run, args=(self.options.sweep_every, stop, ended), daemon=True, name="jobdiagnosis-ttl"
        )
        thread.start()
        clusterwide = "*" in self.options.namespaces
        try:
            asyncio.run(
                kopf.operator(
                    registry=self._registry(),
                    settings=self._kopf_settings(),
                    standalone=True,
                    clusterwide=clusterwide,
                    namespaces=() if clusterwide else list(self.options.namespaces),
                    stop_flag=stop,
                    ready_flag=self.ready,
                )
            )
        finally:
            ended.set()
            thread.join(5)

    def _kopf_settings(self) -> Any:
        import kopf

        settings = kopf.OperatorSettings()
        # Status only: kopf's records beside ours, nothing on the objects themselves.
        settings.persistence.progress_storage = kopf.StatusProgressStorage()
        settings.persistence.diffbase_storage = kopf.StatusDiffBaseStorage()
        # No Events about handlers (they would need create on events everywhere), no CRD or
        # namespace watches (the objects' own list and watch are all it needs).
        settings.posting.enabled = False
        settings.scanning.disabled = True
        settings.execution.max_workers = self.options.workers
        settings.watching.server_timeout = WATCH_SECONDS
        settings.watching.client_timeout = WATCH_SECONDS + WATCH_MARGIN
        settings.watching.connect_timeout = CONNECT_SECONDS
        settings.networking.request_timeout = REQUEST_SECONDS
        settings.networking.connect_timeout = CONNECT_SECONDS
        return settings

    def _registry(self) -> Any:
        import kopf

        registry = kopf.OperatorRegistry()
        resource = (GROUP, VERSION, PLURAL)
        for on in (kopf.on.create, kopf.on.update, kopf.on.resume):
            on(*resource, id="accept", registry=registry)(self.accept)
            on(*resource, id="diagnose", registry=registry)(self.diagnose)
        kopf.on.login(registry=registry)(self._login)
        return registry

    def _login(self, **_: Any) -> Any:
        return connection(self._api_client.configuration)

    # -- the handlers (kopf runs them in its worker threads) ------------------------------

    def accept(self, body: Any, patch: Any, **_: Any) -> None:
        why = reconciling.due(body)
        if why is None or (body.get("status") or {}).get("phase") == Phase.DIAGNOSING.value:
            return
        log.info("diagnosing %s: %s", _name(body), why)
        patch.status.update(self._redactor.object(reconciling.diagnosing(body, why, self.options.clock())))

    def diagnose(self, body: Any, patch: Any, retry: int = 0, **_: Any) -> None:
        import kopf

        why = reconciling.due(body)
        if why is None:
            return
        attempt = retry + 1
        status: dict[str, Any]
        try:
            verdict, model = self._verdict(body)
        except InputError as exc:
            status = reconciling.failed(str(exc), body, self.options.clock(), attempt=attempt)
        except ClusterError as exc:
            status = self._retry_or_fail(body, f"the cluster could not be read: {exc}", attempt)
        except Exception as exc:  # the edge of one object's handler: a bug fails this object, not the controller
            log.exception("diagnosing %s failed", _name(body))
            status = reconciling.failed(
                f"internal error ({type(exc).__name__}: {exc}); see the controller's log",
                body,
                self.options.clock(),
                attempt=attempt,
            )
        else:
            if reconciling.model_failed(verdict, model) and attempt < self.options.attempts:
                status = self._retry_or_fail(body, f"model {model} could not answer", attempt)
            else:
                status = reconciling.completed(verdict, body, self.options.clock(), attempt=attempt)
        if self._stop.is_set():
            # Fenced: a controller told to stop (its Lease lost) writes nothing more.
            raise kopf.TemporaryError("the controller is stopping", delay=self.options.retry_first)
        patch.status.update(self._redactor.object(status))
        if status.get("phase") == Phase.DIAGNOSING.value:
            raise kopf.TemporaryError(str(status["reason"]), delay=self._delay(attempt))
        log.info("%s %s: %s", _name(body), status["phase"], status.get("category") or status.get("reason"))

    def _retry_or_fail(self, body: Any, why: str, attempt: int) -> dict[str, Any]:
        now = self.options.clock()
        if attempt >= self.options.attempts:
            return reconciling.failed(f"{why} (gave up after {attempt} attempts)", body, now, attempt=attempt)
        return reconciling.retrying(body, why, attempt, self._delay(attempt), now)

    def _delay(self, attempt: int) -> float:
        return reconciling.backoff(attempt - 1, first=self.options.retry_first, longest=self.options.retry_max)

    def _verdict(self, body: Any) -> tuple[Verdict, str | None]:
        meta = body.get("metadata") or {}
        namespace = str(meta.get("namespace"))
        spec = reconciling.parse_spec(body)
        target = reconciling.target(spec, namespace, self.options.policy)
        settings = reconciling.settings_for(spec, self._settings, namespace, self.options.policy)
        started = time.monotonic()
        verdict = diagnose(
            target, self._source, catalogue=self._catalogue, settings=settings, advisor=self._advisor(settings)
        )
        if self._observe is not None:
            self._observe(verdict, time.monotonic() - started, settings.model)
        return verdict, settings.model

    def _advisor(self, settings: Settings) -> Advisor | None:
        """One advisor per model, language and templates: each keeps its client and cache."""
        key = json.dumps([settings.model, settings.language, settings.prompt_configmap])
        with self._lock:
            if key not in self._advisors:
                self._advisors[key] = make_advisor(settings, self._source)
            return self._advisors[key]


def connection(configuration: Any) -> Any:
    """kopf's credentials from a kubernetes client ``Configuration``: the same server,
    certificates and token as every other request of this process. Asking the
    configuration for its token runs its refresh hook (a rotated service-account token);
    kopf logs in again this way whenever the API server answers 401."""
    import kopf

    header = (
        configuration.get_api_key_with_prefix("BearerToken")
        or configuration.get_api_key_with_prefix("authorization")
        or ""
    )
    scheme, _, token = header.rpartition(" ")
    return kopf.ConnectionInfo(
        server=configuration.host,
        ca_path=configuration.ssl_ca_cert,
        insecure=not configuration.verify_ssl,
        username=configuration.username or None,
        password=configuration.password or None,
        scheme=scheme or None,
        token=token or None,
        certificate_path=configuration.cert_file,
        private_key_path=configuration.key_file,
    )


def _name(body: Any) -> str:
    meta = body.get("metadata") or {}
    return f"JobDiagnosis {meta.get('namespace')}/{meta.get('name')}"
