"""A ``Source`` over a live cluster, through the official ``kubernetes`` client.

Configuration is found the way kubectl finds it: ``--kubeconfig``, else ``$KUBECONFIG`` (a
list of files), else ``~/.kube/config``; ``--context``, else the current context, whose
namespace is the default one; in a pod with no kubeconfig, the service account. Nothing
here writes to the kubeconfig.

Every request is a GET with a timeout: one per object; lists paginated with
``limit``/``continue``; logs streamed (``_preload_content=False``) with ``container``,
``previous``, ``tailLines``, ``limitBytes`` and ``timestamps``. Secrets are never read.

The client's errors are translated here and nowhere else (kopf's clients/errors.py does
the same from the API's Status body)::

    what happened                       get / list                  events, logs
    404 Not Found                       None / []                   no log
    400 waiting to start, no previous   -                           no log
    401 Unauthorized                    ClusterForbidden            ClusterForbidden
    403 Forbidden                       Unreadable(forbidden=True), naming the RBAC rule
    other HTTP errors                   ClusterUnreachable          Unreadable
    refused, DNS, TLS, timeout          ClusterUnreachable          Unreadable

``collect()`` turns an Unreadable workload into ``ClusterForbidden``; any other
Unreadable becomes a note in the evidence: a diagnosis with part of the evidence beats
none. ``kubernetes`` is imported only inside this module's functions, so a snapshot
diagnosis never loads it.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml

from collectors.errors import ClusterForbidden, ClusterUnreachable, InputError, Unreadable
from collectors.kinds import builtin_kinds
from collectors.source import K8sObject, ObjectRef, involvement

DEFAULT_KUBECONFIG = "~/.kube/config"
SERVICE_ACCOUNT_NAMESPACE = Path("/var/run/secrets/kubernetes.io/serviceaccount/namespace")
# (connect, read) seconds for every request. A list of a thousand pods answers in about a
# second; twenty seconds without a byte means the API server (or the kubelet behind a log)
# is in trouble, and the user should hear so rather than wait.
DEFAULT_TIMEOUT = (5.0, 20.0)
# Items per list page: kubectl's own chunk size.
LIST_PAGE = 500
LOG_CHUNK = 1 << 16
# The API server's message is quoted in errors, cut to this: Status bodies of admission
# webhooks can run to pages.
STATUS_MESSAGE_MAX = 300
# Log requests answered 400 for a container that has no log (yet): not an error.
_NO_LOG = re.compile(
    r"waiting to start|ContainerCreating|PodInitializing|previous terminated container .* not found"
    r"|is not available|has not started|no such file",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class _Resource:
    """Where a kind lives in the REST API, and what to call it in an RBAC rule."""

    group: str
    version: str
    plural: str
    kind: str

    @property
    def api_version(self) -> str:
        return f"{self.group}/{self.version}" if self.group else self.version

    def rule(self, verb: str, namespace: str | None, subresource: str = "") -> str:
        resource = self.plural + (f"/{subresource}" if subresource else "")
        where = f" in namespace {namespace}" if namespace else " cluster-wide"
        return f"RBAC rule: apiGroups [{json.dumps(self.group)}], resources [{resource}], verbs [{verb}]{where}"


class ClusterSource:
    """Reads a namespace through the API server. Thread-safe: logs are fetched concurrently."""

    def __init__(
        self,
        api_client: Any,
        *,
        default_namespace: str = "default",
        timeout: tuple[float, float] = DEFAULT_TIMEOUT,
        page_size: int = LIST_PAGE,
    ) -> None:
        from kubernetes import client
        from urllib3.exceptions import HTTPError

        # What the client raises: caught and translated, every other exception is a bug.
        self._errors: tuple[type[Exception], ...] = (client.ApiException, HTTPError)
        self._api = api_client
        self._core = client.CoreV1Api(api_client)
        self._custom = client.CustomObjectsApi(api_client)
        self._timeout = timeout
        self._page = page_size
        self.default_namespace = default_namespace
        self.host = str(api_client.configuration.host)

    @property
    def api_client(self) -> Any:
        """The configured ``kubernetes.client.ApiClient``, for other clients (a watch, a
        Lease) that should talk to the same cluster with the same credentials."""
        return self._api

    @classmethod
    def from_config(
        cls,
        *,
        kubeconfig: str | None = None,
        context: str | None = None,
        timeout: tuple[float, float] = DEFAULT_TIMEOUT,
    ) -> ClusterSource:
        """A source configured like kubectl. Raises ``ClusterUnreachable`` when no
        configuration is found and ``InputError`` when the one given cannot be used."""
        from kubernetes import client
        from kubernetes import config as kube_config
        from urllib3.util.retry import Retry

        config: Any = kube_config  # untyped library
        configuration = client.Configuration()
        path = kubeconfig or os.environ.get("KUBECONFIG") or DEFAULT_KUBECONFIG
        files = [p for p in path.split(os.pathsep) if p and Path(p).expanduser().is_file()]
        if kubeconfig is not None and not files:
            raise InputError(f"kubeconfig {kubeconfig}: no such file")
        if files:
            try:
                namespace = _context_namespace(config, path, context)
                config.load_kube_config(
                    config_file=path, context=context, client_configuration=configuration, persist_config=False
                )
            except config.ConfigException as exc:
                raise InputError(f"kubeconfig {path}: {_one_line(str(exc))}") from exc
            except (yaml.YAMLError, KeyError, TypeError, AttributeError, ValueError) as exc:
                # The loader parses the file with no checks of its own: a malformed one
                # surfaces as whatever the parse tripped on.
                raise InputError(f"kubeconfig {path}: not a valid kubeconfig ({type(exc).__name__})") from exc
        elif context is None and os.environ.get("KUBERNETES_SERVICE_HOST"):
            try:
                config.load_incluster_config(client_configuration=configuration)
            except config.ConfigException as exc:
                raise ClusterUnreachable(
                    f"in-cluster configuration cannot be used ({_one_line(str(exc))}); pass --kubeconfig FILE"
                ) from exc
            namespace = _service_account_namespace()
        else:
            raise ClusterUnreachable(
                "no Kubernetes configuration found: pass --kubeconfig FILE, set KUBECONFIG or create "
                f"{DEFAULT_KUBECONFIG} (or diagnose a snapshot with --snapshot DIR)"
            )
        # No retries: a slow answer is reported rather than waited for twice, and urllib3
        # would log each retry to the user's terminal.
        configuration.retries = Retry(total=0, connect=0, read=0, status=0, redirect=0, other=0)
        return cls(client.ApiClient(configuration), default_namespace=namespace, timeout=timeout)

    def close(self) -> None:
        self._api.close()

    def __enter__(self) -> ClusterSource:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- Source ---------------------------------------------------------------------------

    @property
    def captured_at(self) -> datetime | None:
        return None

    @property
    def notes(self) -> list[str]:
        """Nothing about a cluster holds for every diagnosis; what one could not read is its note."""
        return []

    def get_object(self, api_version: str, kind: str, name: str, namespace: str | None) -> K8sObject | None:
        res = _resource(api_version, kind)
        try:
            if not res.group:
                method = f"read_namespaced_{_snake(kind)}" if namespace else f"read_{_snake(kind)}"
                args: tuple[Any, ...] = (name, namespace) if namespace else (name,)
                resp = getattr(self._core, method)(*args, _preload_content=False, _request_timeout=self._timeout)
            elif namespace:
                resp = self._custom.get_namespaced_custom_object(
                    res.group,
                    res.version,
                    namespace,
                    res.plural,
                    name,
                    _preload_content=False,
                    _request_timeout=self._timeout,
                )
            else:
                resp = self._custom.get_cluster_custom_object(
                    res.group, res.version, res.plural, name, _preload_content=False, _request_timeout=self._timeout
                )
            return _typed(self._json(resp), res)
        except self._errors as exc:
            if _status(exc) == 404:
                return None
            raise self._translate(exc, res.rule("get", namespace), fatal=True) from exc

    def list_objects(
        self, api_version: str, kind: str, namespace: str | None, *, label_selector: str | None = None
    ) -> list[K8sObject]:
        res = _resource(api_version, kind)
        try:
            return self._list(res, namespace, label_selector=label_selector)
        except self._errors as exc:
            if _status(exc) == 404:  # the kind is not served here (its operator is not installed)
                return []
            raise self._translate(exc, res.rule("list", namespace), fatal=True) from exc

    def list_events(self, namespace: str, involved: Sequence[ObjectRef]) -> list[K8sObject]:
        """One list of the namespace's core/v1 events, filtered here. When every event
        wanted is about one object, the API server filters instead (a field selector)."""
        res = _resource("v1", "Event")
        names = {(ref.kind, ref.name) for ref in involved}
        field_selector = None
        if len(names) == 1 and not any(ref.generated for ref in involved):
            ((kind, name),) = names
            field_selector = f"involvedObject.kind={kind},involvedObject.name={name}"
        try:
            events = self._list(res, namespace, field_selector=field_selector)
        except self._errors as exc:
            if _status(exc) == 404:
                return []
            raise self._translate(exc, res.rule("list", namespace), fatal=False) from exc
        about = involvement(involved)
        return [e for e in events if about(e)]

    def read_log(
        self,
        namespace: str,
        pod: str,
        container: str,
        *,
        previous: bool = False,
        tail_lines: int | None = None,
        limit_bytes: int | None = None,
    ) -> Iterator[bytes]:
        try:
            resp = self._core.read_namespaced_pod_log(
                pod,
                namespace,
                container=container,
                previous=previous,
                tail_lines=tail_lines,
                limit_bytes=limit_bytes,
                timestamps=True,
                _preload_content=False,
                _request_timeout=self._timeout,
            )
        except self._errors as exc:
            code = _status(exc)
            # 404: the pod went away since it was listed. 400: a container that has not
            # started, or no previous run; an unscheduled pod answers 200 and nothing.
            if code == 404 or (code == 400 and _NO_LOG.search(_status_message(exc))):
                return iter(())
            raise self._translate(exc, _resource("v1", "Pod").rule("get", namespace, "log"), fatal=False) from exc
        return self._stream(resp)

    # -- requests -------------------------------------------------------------------------

    def _list(
        self,
        res: _Resource,
        namespace: str | None,
        *,
        label_selector: str | None = None,
        field_selector: str | None = None,
    ) -> list[K8sObject]:
        items: list[K8sObject] = []
        token: str | None = None
        page_size = self._page
        while True:
            options: dict[str, Any] = {"limit": page_size, "_preload_content": False, "_request_timeout": self._timeout}
            if label_selector:
                options["label_selector"] = label_selector
            if field_selector:
                options["field_selector"] = field_selector
            if token:
                options["_continue"] = token
            try:
                page = self._json(self._list_page(res, namespace, options))
            except self._errors as exc:
                if _status(exc) == 410 and token:
                    # The continue token expired mid-list: start again, in one page.
                    page_size, items, token = 1 << 30, [], None
                    continue
                raise
            items.extend(_typed(item, res) for item in page.get("items") or [])
            token = (page.get("metadata") or {}).get("continue") or None
            if not token:
                return items

    def _list_page(self, res: _Resource, namespace: str | None, options: dict[str, Any]) -> Any:
        if not res.group:
            if namespace:
                return getattr(self._core, f"list_namespaced_{_snake(res.kind)}")(namespace, **options)
            scope = "" if _snake(res.kind) in ("node", "namespace", "persistent_volume") else "_for_all_namespaces"
            return getattr(self._core, f"list_{_snake(res.kind)}{scope}")(**options)
        if namespace:
            return self._custom.list_namespaced_custom_object(res.group, res.version, namespace, res.plural, **options)
        return self._custom.list_cluster_custom_object(res.group, res.version, res.plural, **options)

    def _json(self, resp: Any) -> Any:
        try:
            return json.loads(resp.data)
        except ValueError as exc:
            raise ClusterUnreachable(f"the API server at {self.host} answered something that is not JSON") from exc
        finally:
            resp.release_conn()

    def _stream(self, resp: Any) -> Iterator[bytes]:
        from urllib3.exceptions import HTTPError

        try:
            for chunk in resp.stream(LOG_CHUNK):
                if chunk:
                    yield chunk
        except HTTPError as exc:
            raise Unreadable(f"the log stream broke off: {_transport(exc, self.host, self._timeout)}") from exc
        finally:
            resp.release_conn()

    def _translate(self, exc: Exception, rule: str, *, fatal: bool) -> Exception:
        """The jobdoctor error for one of the client's errors. ``fatal``: whether a failure
        other than 401/403 stops the diagnosis (gets and lists) or becomes a note (events,
        logs)."""
        from kubernetes.client.exceptions import ApiException

        if isinstance(exc, ApiException):
            code = exc.status or 0
            said = _status_message(exc)
            if code == 401:
                return ClusterForbidden(
                    f"the API server at {self.host} rejected the credentials (401 Unauthorized): "
                    "log in again or refresh the token in your kubeconfig"
                )
            if code == 403:
                return Unreadable(f"forbidden - needs {rule} (the API server said: {said})", forbidden=True)
            if code == 0:  # the client's own wrapper for a TLS failure
                message = f"cannot talk to the API server at {self.host}: {said}"
            else:
                message = f"the API server at {self.host} answered {code} {exc.reason or ''}".rstrip() + f": {said}"
            return ClusterUnreachable(message) if fatal else Unreadable(message)
        message = _transport(exc, self.host, self._timeout)
        return ClusterUnreachable(message) if fatal else Unreadable(message)


# -- configuration --------------------------------------------------------------------------


def _context_namespace(config: Any, path: str, context: str | None) -> str:
    contexts, current = config.list_kube_config_contexts(config_file=path)
    wanted = context or (current or {}).get("name")
    if not wanted:
        raise InputError(
            f"kubeconfig {path}: no current context; pass --context (one of: "
            f"{', '.join(c['name'] for c in contexts) or 'none defined'})"
        )
    chosen = next((c for c in contexts if c.get("name") == wanted), None)
    if chosen is None:
        raise InputError(
            f"kubeconfig {path}: no context {wanted!r}; contexts: {', '.join(c['name'] for c in contexts) or 'none'}"
        )
    return str((chosen.get("context") or {}).get("namespace") or "default")


def _service_account_namespace() -> str:
    try:
        return SERVICE_ACCOUNT_NAMESPACE.read_text(encoding="utf-8").strip() or "default"
    except OSError:
        return "default"


# -- resources ------------------------------------------------------------------------------


def _resource(api_version: str, kind: str) -> _Resource:
    if kind == "Secret":
        # Nothing jobdoctor reads needs a Secret, and a capture must never contain one.
        raise Unreadable("jobdoctor never reads Secrets")
    group, _, version = api_version.rpartition("/")
    plural = next((k.plural for k in builtin_kinds() if k.kind == kind and api_version in k.api_versions), None)
    return _Resource(group, version, plural or _guess_plural(kind), kind)


def _guess_plural(kind: str) -> str:
    """The resource name Kubernetes derives from a kind (apimachinery's
    UnsafeGuessKindToResource): right for every kind jobdoctor reads that kinds.yaml does
    not list (pods, events, jobsets, workloads, podgroups, rayclusters, ...)."""
    lower = kind.lower()
    if lower.endswith("s"):
        return lower + "es"
    if lower.endswith("y"):
        return lower[:-1] + "ies"
    return lower + "s"


def _snake(kind: str) -> str:
    """``ResourceQuota`` -> ``resource_quota``: how CoreV1Api names its methods."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", kind).lower()


def _typed(obj: Any, res: _Resource) -> K8sObject:
    """Items of a list come without kind and apiVersion for built-in types (kubectl fills
    them in too); every object a Source returns carries both."""
    if not isinstance(obj, dict):
        raise ClusterUnreachable(f"the API server sent a {type(obj).__name__} where a {res.kind} was expected")
    obj.setdefault("kind", res.kind)
    obj.setdefault("apiVersion", res.api_version)
    return obj


# -- errors ---------------------------------------------------------------------------------


def _status(exc: BaseException) -> int | None:
    from kubernetes.client.exceptions import ApiException

    return exc.status if isinstance(exc, ApiException) else None


def _status_message(exc: Any) -> str:
    """The ``message`` of the API's Status body, else its body or reason, on one line."""
    body = getattr(exc, "body", None)
    text = ""
    if body:
        try:
            status = json.loads(body)
            text = str(status.get("message") or "") if isinstance(status, dict) else ""
        except ValueError:
            text = body.decode("utf-8", "replace") if isinstance(body, bytes) else str(body)
    text = _one_line(text or str(getattr(exc, "reason", "") or ""))
    return text if len(text) <= STATUS_MESSAGE_MAX else text[: STATUS_MESSAGE_MAX - 1] + "…"


def _transport(exc: BaseException, host: str, timeout: tuple[float, float]) -> str:
    """One line for a connection that failed: refused, unresolvable, TLS, too slow."""
    from urllib3.exceptions import (
        ConnectTimeoutError,
        MaxRetryError,
        NameResolutionError,
        NewConnectionError,
        ProtocolError,
        ReadTimeoutError,
        SSLError,
    )

    reason = exc.reason if isinstance(exc, MaxRetryError) and exc.reason is not None else exc
    # urllib3 2 makes NewConnectionError a ConnectTimeoutError: the most specific first.
    if isinstance(reason, NameResolutionError):
        return f"cannot resolve the API server's host in {host}: check the cluster's server address in your kubeconfig"
    if isinstance(reason, NewConnectionError):
        why = re.sub(r"^.*new connection: (\[Errno -?\d+\] )?", "", _one_line(str(reason))).lower() or "refused"
        return f"cannot connect to the API server at {host} ({why}): is the cluster up, and is the context right?"
    if isinstance(reason, ConnectTimeoutError):
        return f"the API server at {host} did not accept a connection within {timeout[0]:g}s: is the cluster up and reachable?"
    if isinstance(reason, ReadTimeoutError):
        return f"the API server at {host} did not answer within {timeout[1]:g}s"
    if isinstance(reason, SSLError):
        return f"TLS with the API server at {host} failed: {_one_line(str(reason))[:STATUS_MESSAGE_MAX]}"
    if isinstance(reason, ProtocolError):
        return f"the API server at {host} closed the connection"
    return f"cannot talk to the API server at {host}: {_one_line(str(reason))[:STATUS_MESSAGE_MAX]}"


def _one_line(text: str) -> str:
    return " ".join(text.split())
