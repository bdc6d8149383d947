"""The watcher's requests to the API server: list and watch workloads, read and write its
own ConfigMap and Lease, record Events. ``kubernetes`` is imported here, inside the functions.

The diagnoses themselves read through ``ClusterSource`` (collectors/cluster.py); this module
uses its configuration, so one kubeconfig, context and service account serve both. The
client's errors - any of them: refused, timed out, a 5xx, a 403 - become ``KubeError`` here
and nowhere else: the watcher and the leader election retry them.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from collectors.kinds import Kind, builtin_kinds
from collectors.source import K8sObject

# (connect, read) seconds for ordinary requests; a watch's read timeout is its own length
# plus this margin, so a silent connection is noticed.
TIMEOUT = (5.0, 20.0)
WATCH_MARGIN = 15.0
# Connections beyond one per watch stream and one per notification worker: the state
# ConfigMap, Events, a sweep's reads. Fewer, and urllib3 discards connections with a
# warning ("Connection pool is full") and opens new ones under load.
SPARE_CONNECTIONS = 4


class KubeError(Exception):
    """A request failed. ``status`` is the HTTP status, 0 for a transport failure."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class Expired(KubeError):
    """410 Gone: the resourceVersion is too old to resume from; list again."""


@dataclass(frozen=True)
class Resource:
    """One kind's REST collection, at the first API version served."""

    kind: Kind
    api_version: str

    @property
    def group(self) -> str:
        return self.api_version.rpartition("/")[0]

    @property
    def version(self) -> str:
        return self.api_version.rpartition("/")[2]


def watched_kinds(names: list[str]) -> list[Kind]:
    """The kinds named (any kubectl spelling), or every supported kind but bare Pods."""
    if names:
        from collectors.kinds import resolve_kind

        return [resolve_kind(n) for n in names]
    return [k for k in builtin_kinds() if k.family != "pod"]


def dedicated_client(api_client: Any, *, connections: int, user_agent: str) -> Any:
    """A new ``ApiClient`` with ``api_client``'s configuration (cluster, credentials,
    retries), a pool of ``connections`` and its own User-Agent (the API server's audit log
    then tells replicas apart). Close it when done."""
    import copy

    from kubernetes import client

    configuration = copy.deepcopy(api_client.configuration)
    configuration.connection_pool_maxsize = connections
    out = client.ApiClient(configuration)
    out.user_agent = user_agent
    return out


class Kube:
    def __init__(self, api_client: Any) -> None:
        from http.client import HTTPException

        from kubernetes import client
        from urllib3.exceptions import HTTPError

        # Everything the client raises for a failed request (urllib3 wraps most of it).
        self._errors: tuple[type[Exception], ...] = (client.ApiException, HTTPError, HTTPException, OSError)
        self.api_client = api_client
        self._core = client.CoreV1Api(api_client)
        self._custom = client.CustomObjectsApi(api_client)
        self._coordination = client.CoordinationV1Api(api_client)
        self._streams: set[Any] = set()  # open watch responses, closed by close_streams()
        self._lock = threading.Lock()

    # -- workloads ------------------------------------------------------------------------

    def list(self, res: Resource, namespace: str | None) -> tuple[list[K8sObject], str]:
        """Every object (all pages), and the list's resourceVersion to watch from."""
        items: list[K8sObject] = []
        token: str | None = None
        while True:
            options: dict[str, Any] = {"limit": 500, **({"_continue": token} if token else {})}
            page = self._json(self._collection(res, namespace, options))
            for item in page.get("items") or []:
                item.setdefault("kind", res.kind.kind)
                item.setdefault("apiVersion", res.api_version)
                items.append(item)
            meta = page.get("metadata") or {}
            token = meta.get("continue") or None
            if not token:
                return items, str(meta.get("resourceVersion") or "")

    def watch(
        self, res: Resource, namespace: str | None, version: str, seconds: int
    ) -> Iterator[tuple[str, K8sObject]]:
        """(event type, object) from ``version`` on, for at most ``seconds``. Raises
        ``Expired`` when the version is too old; the caller lists again."""
        from kubernetes.watch import watch as watching

        iter_resp_lines: Any = watching.iter_resp_lines  # untyped library
        options = {
            "watch": True,
            "resource_version": version,
            "timeout_seconds": seconds,
            "allow_watch_bookmarks": True,
            "_request_timeout": (TIMEOUT[0], seconds + WATCH_MARGIN),
        }
        resp = self._collection(res, namespace, options)
        with self._lock:
            self._streams.add(resp)
        try:
            for line in iter_resp_lines(resp):
                if not line:
                    continue
                event = json.loads(line)
                kind, obj = event.get("type"), event.get("object") or {}
                if kind == "ERROR":
                    code = int(obj.get("code") or 0)
                    raise (Expired if code == 410 else KubeError)(code, str(obj.get("message") or "watch error"))
                yield str(kind), obj
        except self._errors as exc:
            raise self._translate(exc) from exc
        except ValueError as exc:
            raise KubeError(0, "the API server sent a watch event that is not JSON") from exc
        finally:
            with self._lock:
                self._streams.discard(resp)
            resp.close()
            resp.release_conn()

    def close_streams(self) -> None:
        """End every open watch now (they would otherwise last until their timeout)."""
        with self._lock:
            streams = list(self._streams)
        for resp in streams:
            # Closing the response under a reading thread pulls its file away (AttributeError
            # there); shutting the socket down makes the read end as a broken connection.
            sock = getattr(getattr(resp, "connection", None), "sock", None)
            if sock is not None:
                with contextlib.suppress(OSError):  # already closed
                    sock.shutdown(socket.SHUT_RDWR)

    def _collection(self, res: Resource, namespace: str | None, options: dict[str, Any]) -> Any:
        options = {"_preload_content": False, "_request_timeout": TIMEOUT, **options}
        try:
            if not res.group:
                plural = res.kind.plural
                if namespace:
                    return getattr(self._core, f"list_namespaced_{_singular(plural)}")(namespace, **options)
                return getattr(self._core, f"list_{_singular(plural)}_for_all_namespaces")(**options)
            if namespace:
                return self._custom.list_namespaced_custom_object(
                    res.group, res.version, namespace, res.kind.plural, **options
                )
            return self._custom.list_cluster_custom_object(res.group, res.version, res.kind.plural, **options)
        except self._errors as exc:
            raise self._translate(exc) from exc

    # -- the watcher's own objects --------------------------------------------------------

    def read_configmap(self, namespace: str, name: str) -> K8sObject | None:
        try:
            return self._json(self._call(self._core.read_namespaced_config_map, name, namespace))
        except KubeError as exc:
            if exc.status == 404:
                return None
            raise

    def create_configmap(self, namespace: str, body: K8sObject) -> K8sObject:
        return self._json(self._call(self._core.create_namespaced_config_map, namespace, body))

    def replace_configmap(self, namespace: str, name: str, body: K8sObject) -> K8sObject:
        """Raises ``KubeError`` 409 when the body's resourceVersion is not the latest."""
        return self._json(self._call(self._core.replace_namespaced_config_map, name, namespace, body))

    def create_event(self, namespace: str, body: K8sObject) -> None:
        self._json(self._call(self._core.create_namespaced_event, namespace, body))

    # -- Leases (coordination.k8s.io/v1), with the caller's timeout: a leader's deadline --

    def read_lease(self, namespace: str, name: str, *, timeout: float) -> K8sObject | None:
        try:
            return self._json(
                self._call(self._coordination.read_namespaced_lease, name, namespace, timeout=(timeout, timeout))
            )
        except KubeError as exc:
            if exc.status == 404:
                return None
            raise

    def create_lease(self, namespace: str, body: K8sObject, *, timeout: float) -> K8sObject:
        """Raises ``KubeError`` 409 when the Lease exists."""
        return self._json(
            self._call(self._coordination.create_namespaced_lease, namespace, body, timeout=(timeout, timeout))
        )

    def replace_lease(self, namespace: str, name: str, body: K8sObject, *, timeout: float) -> K8sObject:
        """Raises ``KubeError`` 409 when the body's resourceVersion is not the latest."""
        return self._json(
            self._call(self._coordination.replace_namespaced_lease, name, namespace, body, timeout=(timeout, timeout))
        )

    # -- plumbing -------------------------------------------------------------------------

    def _call(self, method: Any, *args: Any, timeout: tuple[float, float] = TIMEOUT) -> Any:
        try:
            return method(*args, _preload_content=False, _request_timeout=timeout)
        except self._errors as exc:
            raise self._translate(exc) from exc

    def _json(self, resp: Any) -> K8sObject:
        try:
            data = json.loads(resp.data)
            if not isinstance(data, dict):
                raise ValueError(type(data).__name__)
            return data
        except ValueError as exc:
            raise KubeError(0, "the API server answered something that is not JSON") from exc
        except self._errors as exc:
            raise self._translate(exc) from exc
        finally:
            resp.release_conn()

    def _translate(self, exc: Exception) -> KubeError:
        from kubernetes.client import ApiException

        if isinstance(exc, ApiException):
            status = int(exc.status or 0)
            try:
                message = str(json.loads(exc.body or b"{}").get("message") or exc.reason)
            except (ValueError, AttributeError):
                message = str(exc.reason)
            return (Expired if status == 410 else KubeError)(status, f"{status}: {' '.join(message.split())[:300]}")
        return KubeError(0, f"cannot talk to the API server: {type(exc).__name__}: {' '.join(str(exc).split())[:300]}")


def _singular(plural: str) -> str:
    """``pods`` -> ``pod``: how CoreV1Api names its list methods."""
    return plural[:-1] if plural.endswith("s") else plural
