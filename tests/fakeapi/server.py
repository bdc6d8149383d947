"""A fake Kubernetes API server on loopback: real HTTP, real REST paths, real Status bodies.

See tests/fakeapi/__init__.py for what it serves and how to extend it.
"""

from __future__ import annotations

import base64
import contextlib
import json
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import yaml

from collectors.timestamps import parse_time
from tests.fakeapi import discovery, kubelet
from tests.fakeapi.resources import Resource, by_kind, by_path
from tests.fakeapi.store import Obj, Store

# The identity 403 messages name, like the API server's own "User ... cannot ...".
USER = "system:serviceaccount:default:jobdoctor"
_CORE = re.compile(
    r"^/api/(?P<version>v1)(?:/namespaces/(?P<namespace>[^/]+))?/(?P<plural>[^/]+)"
    r"(?:/(?P<name>[^/]+)(?:/(?P<sub>[^/]+))?)?$"
)
_GROUP = re.compile(
    r"^/apis/(?P<group>[^/]+)/(?P<version>[^/]+)(?:/namespaces/(?P<namespace>[^/]+))?/(?P<plural>[^/]+)"
    r"(?:/(?P<name>[^/]+)(?:/(?P<sub>[^/]+))?)?$"
)
# Field selectors the API server accepts, beyond metadata.name and metadata.namespace.
_FIELDS = {
    "events": {
        "involvedObject.kind",
        "involvedObject.name",
        "involvedObject.namespace",
        "involvedObject.uid",
        "involvedObject.apiVersion",
        "involvedObject.fieldPath",
        "involvedObject.resourceVersion",
        "reason",
        "reportingComponent",
        "source",
        "type",
    },
    "pods": {
        "spec.nodeName",
        "spec.restartPolicy",
        "spec.schedulerName",
        "spec.serviceAccountName",
        "status.phase",
        "status.podIP",
        "status.nominatedNodeName",
    },
}
_EXPIRED = (
    "The provided continue parameter is too old to display a consistent list result. You can start a new "
    "list without the continue parameter."
)


@dataclass(frozen=True)
class Route:
    """A request, as RBAC sees it."""

    verb: str  # get | list | watch, and create | update | patch | delete when registered (watching.py)
    resource: Resource | None
    plural: str
    namespace: str | None = None
    name: str | None = None
    subresource: str = ""
    body: bytes = field(default=b"", compare=False, repr=False)  # what a write sent

    @property
    def rbac_resource(self) -> str:
        return self.plural + (f"/{self.subresource}" if self.subresource else "")


@dataclass(frozen=True)
class Response:
    """An answer, built whole before it is sent: the request is counted before the client
    can see the answer, so a test that checks the counter right after a call is not racing."""

    status: int
    body: bytes
    content_type: str = "application/json"
    chunked: bool = False  # logs are streamed chunked, like the API server's
    stream: Iterator[bytes] | None = field(default=None, compare=False)  # sent as it comes (watch streams)


@dataclass(frozen=True)
class ApiRequest:
    """One request the server answered: what the request counter counts."""

    method: str
    path: str
    query: dict[str, str]
    verb: str
    resource: str  # "pods", "pods/log", "pytorchjobs", or the path when unknown
    namespace: str | None
    name: str | None
    status: int
    headers: dict[str, str] = field(default_factory=dict, compare=False)


@dataclass
class Fault:
    """What to do instead of answering: match a request as an RBAC rule would (resource
    such as ``pods/log`` or ``*``, verb, namespace, name), then wait ``delay`` seconds
    and/or answer ``status`` (403 builds the API server's forbidden Status). ``times``
    limits it to the first matching requests, ``until`` (a ``time.monotonic()`` instant)
    to the requests that arrive before it; a delayed request is then held no later than
    ``until``."""

    resource: str
    verb: str | None = None
    namespace: str | None = None
    name: str | None = None
    status: int | None = None
    message: str | None = None
    delay: float = 0.0
    times: int | None = None
    until: float | None = None

    def matches(self, route: Route) -> bool:
        return (
            (self.resource in ("*", route.rbac_resource))
            and self.verb in (None, route.verb)
            and self.namespace in (None, route.namespace)
            and self.name in (None, route.name)
            and (self.times is None or self.times > 0)
            and (self.until is None or time.monotonic() < self.until)
        )

    def hold(self) -> float:
        """How long to wait before answering."""
        return self.delay if self.until is None else max(0.0, min(self.delay, self.until - time.monotonic()))


class FakeApiServer:
    """Serves a ``Store`` over HTTP on 127.0.0.1 until ``stop()``. Use as a context manager."""

    def __init__(self, store: Store | None = None) -> None:
        self.store = store or Store()
        self.faults: list[Fault] = []
        self.expire_continue = False  # answer 410 Expired to every continued list
        # RBAC: when set, the (apiGroup, resource, verb) triples allowed; anything else is 403.
        self.allowed: set[tuple[str, str, str]] | None = None
        self._requests: list[ApiRequest] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._http: _HTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._address: tuple[str, int] = ("127.0.0.1", 0)
        self._relisten: threading.Timer | None = None  # pending end of refuse()
        # Verbs the server answers; a watch implementation plugs in here (see __init__.py).
        self.verbs: dict[str, Callable[[Route, dict[str, str]], Response]] = {
            "get": self._get,
            "list": self._list,
            "watch": self._watch,
        }

    # -- running --------------------------------------------------------------------------

    def start(self) -> FakeApiServer:
        self._listen(_HTTPServer(self._address, _Handler, self))
        return self

    def _listen(self, http: _HTTPServer) -> None:
        with self._lock:
            if self._stopping.is_set():  # stop() came first (refuse() ending as the test ends)
                http.server_close()
                return
            self._http = http
            self._address = http.server_address[:2]  # type: ignore[assignment]
            self._thread = threading.Thread(target=http.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        with self._lock:
            if self._relisten is not None:
                self._relisten.cancel()
            http, thread, self._http = self._http, self._thread, None
        if http is not None:
            http.shutdown()
            http.server_close()
            http.drop_connections()
        if thread is not None:
            thread.join(timeout=5)

    def __enter__(self) -> FakeApiServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def url(self) -> str:
        assert self._address[1], "start() the server first"
        host, port = self._address
        return f"http://{host}:{port}"

    def write_kubeconfig(
        self, path: str | Path, *, namespace: str = "default", context: str = "fake", token: str = "fake-token"
    ) -> Path:
        """A kubeconfig whose current context points at this server."""
        config = {
            "apiVersion": "v1",
            "kind": "Config",
            "current-context": context,
            "clusters": [{"name": "fake-cluster", "cluster": {"server": self.url}}],
            "users": [{"name": "fake-user", "user": {"token": token}}],
            "contexts": [
                {"name": context, "context": {"cluster": "fake-cluster", "user": "fake-user", "namespace": namespace}}
            ],
        }
        path = Path(path)
        path.write_text(yaml.safe_dump(config), encoding="utf-8")
        return path

    # -- the request counter and faults ---------------------------------------------------

    @property
    def requests(self) -> list[ApiRequest]:
        with self._lock:
            return list(self._requests)

    def count(self, *, verb: str | None = None, resource: str | None = None) -> int:
        return sum(1 for r in self.requests if verb in (None, r.verb) and resource in (None, r.resource))

    def reset_requests(self) -> None:
        with self._lock:
            self._requests.clear()

    def forbid(
        self,
        resource: str,
        *,
        verb: str | None = None,
        namespace: str | None = None,
        name: str | None = None,
        times: int | None = None,
    ) -> Fault:
        return self._add(Fault(resource, verb, namespace, name, status=403, times=times))

    def fail(
        self,
        resource: str,
        status: int,
        *,
        message: str | None = None,
        verb: str | None = None,
        times: int | None = None,
        seconds: float | None = None,
    ) -> Fault:
        until = None if seconds is None else time.monotonic() + seconds
        return self._add(Fault(resource, verb, status=status, message=message, times=times, until=until))

    def delay(self, resource: str, seconds: float, *, verb: str | None = None) -> Fault:
        return self._add(Fault(resource, verb, delay=seconds))

    # -- outages: what a restarting or overloaded API server does to its clients ----------

    def refuse(self, seconds: float) -> None:
        """Stop listening for ``seconds``: open connections (watch streams too) are cut and
        new ones refused, as while an API server restarts. Returns at once; afterwards the
        server listens again at the same address."""
        with self._lock:
            http, thread, self._http = self._http, self._thread, None
            assert http is not None and thread is not None, "start() the server first (and one refuse() at a time)"
        http.shutdown()
        http.server_close()
        http.drop_connections()
        thread.join(timeout=5)
        with self._lock:
            self._relisten = threading.Timer(seconds, self._listen_again)
            self._relisten.daemon = True
            self._relisten.start()

    def hang(self, seconds: float) -> Fault:
        """For ``seconds``, accept requests and answer none: each is held until the time is
        up, then answered 504, as an API server that cannot reach etcd does."""
        return self._add(
            Fault(
                "*",
                status=504,
                delay=seconds,
                until=time.monotonic() + seconds,
                message="the server was unable to return a response in the time allotted, but may "
                "still be processing the request",
            )
        )

    def _listen_again(self) -> None:
        # The port was ours a moment ago; another socket may hold it for an instant.
        deadline = time.monotonic() + 10
        while not self._stopping.is_set():
            try:
                http = _HTTPServer(self._address, _Handler, self)
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
                continue
            self._listen(http)
            return

    def _add(self, fault: Fault) -> Fault:
        with self._lock:
            self.faults.append(fault)
        return fault

    def _fault(self, route: Route) -> Fault | None:
        with self._lock:
            for fault in self.faults:
                if fault.matches(route):
                    if fault.times is not None:
                        fault.times -= 1
                    return fault
        return None

    # -- answering ------------------------------------------------------------------------

    def handle(self, handler: BaseHTTPRequestHandler) -> None:
        url = urlsplit(handler.path)
        query = {k: v[-1] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
        length = int(handler.headers.get("Content-Length") or 0)
        route = _route(url.path, query, handler.command, handler.rfile.read(length) if length else b"")
        if route is not None and route.verb not in self.verbs:
            response = _status(405, "MethodNotAllowed", f"the fake API server only reads ({handler.command})")
        elif route is None:
            found = discovery.answer(url.path) if handler.command == "GET" else None
            response = (
                _json(200, found)
                if found is not None
                else _status(404, "NotFound", "the server could not find the requested resource")
            )
        else:
            response = self._answer(route, query)
        record = ApiRequest(
            handler.command,
            url.path,
            query,
            route.verb if route else "get",
            route.rbac_resource if route else url.path,
            route.namespace if route else None,
            route.name if route else None,
            response.status,
            dict(handler.headers.items()),
        )
        with self._lock:
            self._requests.append(record)
        # OSError: the client gave up waiting (its timeout) or refuse() cut it; the request was counted.
        with contextlib.suppress(OSError):
            _send(handler, response)

    def _answer(self, route: Route, query: dict[str, str]) -> Response:
        group = route.resource.group if route.resource else ""
        if self.allowed is not None and (group, route.rbac_resource, route.verb) not in self.allowed:
            return _forbidden(route)
        fault = self._fault(route)
        if fault is not None and fault.delay:
            self._stopping.wait(fault.hold())
        if fault is not None and fault.status == 403:
            return _forbidden(route)
        if fault is not None and fault.status is not None:
            return _status(
                fault.status,
                _REASONS.get(fault.status, "InternalError"),
                fault.message or f"injected failure {fault.status}",
            )
        if route.resource is None or (route.namespace is not None and not route.resource.namespaced):
            return _status(404, "NotFound", "the server could not find the requested resource")
        if route.subresource == "log":
            return self._log(route, query)
        if route.subresource and route.subresource not in route.resource.subresources:
            return _status(404, "NotFound", "the server could not find the requested resource")
        return self.verbs[route.verb](route, query)

    def _get(self, route: Route, query: dict[str, str]) -> Response:
        assert route.resource is not None and route.name is not None
        obj = self.store.get(route.resource, route.namespace, route.name)
        if obj is None:
            return _not_found(route.resource, route.name)
        return _json(200, obj)

    def _list(self, route: Route, query: dict[str, str]) -> Response:
        res = route.resource
        assert res is not None
        try:
            labels = label_selector(query.get("labelSelector", ""))
            fields = field_selector(query.get("fieldSelector", ""), res.plural)
            start = _decode_continue(query.get("continue", ""))
            limit = int(query.get("limit") or 0)
        except ValueError as exc:
            return _status(400, "BadRequest", str(exc))
        if start and self.expire_continue:
            return _status(410, "Expired", _EXPIRED)
        items = [
            o
            for o in self.store.list(res, route.namespace)
            if labels((o.get("metadata") or {}).get("labels") or {}) and fields(o)
        ]
        page = items[start : start + limit] if limit > 0 else items[start:]
        meta: dict[str, Any] = {"resourceVersion": str(self.store.resource_version)}
        if limit > 0 and start + limit < len(items):
            meta["continue"] = _encode_continue(start + limit, self.store.resource_version)
            meta["remainingItemCount"] = len(items) - start - limit
        if res.builtin:
            for item in page:
                item.pop("kind", None)
                item.pop("apiVersion", None)
        return _json(200, {"kind": f"{res.kind}List", "apiVersion": res.api_version, "metadata": meta, "items": page})

    def _watch(self, route: Route, query: dict[str, str]) -> Response:
        return _status(
            405,
            "MethodNotAllowed",
            "watch is not implemented by the fake API server yet (see tests/fakeapi/__init__.py)",
        )

    def _log(self, route: Route, query: dict[str, str]) -> Response:
        """The kubelet's answers, as the API server relays them."""
        assert route.name is not None and route.namespace is not None
        pods = by_kind("v1", "Pod")
        assert pods is not None
        pod = self.store.get(pods, route.namespace, route.name)
        if pod is None:
            return _not_found(pods, route.name)
        spec, status = pod.get("spec") or {}, pod.get("status") or {}
        containers = [c.get("name") for c in spec.get("containers") or []]
        declared = containers + [c.get("name") for c in spec.get("initContainers") or []]
        container = query.get("container") or (containers[0] if len(containers) == 1 else None)
        if container is None:
            return _status(
                400,
                "BadRequest",
                f"a container name must be specified for pod {route.name}, "
                f"choose one of: [{' '.join(map(str, containers))}]",
            )
        if container not in declared:
            return _status(400, "BadRequest", f"container {container} is not valid for pod {route.name}")
        if not spec.get("nodeName"):
            return _text(b"")  # not scheduled: no kubelet to ask, and no error
        previous = query.get("previous") in ("true", "1")
        data = self.store.log(route.namespace, route.name, container, previous)
        if data is None:
            state = next(
                (
                    s
                    for s in [*(status.get("containerStatuses") or []), *(status.get("initContainerStatuses") or [])]
                    if s.get("name") == container
                ),
                {},
            )
            if previous and not (state.get("lastState") or {}).get("terminated"):
                return _status(
                    400, "BadRequest", f'previous terminated container "{container}" in pod "{route.name}" not found'
                )
            waiting = (state.get("state") or {}).get("waiting")
            if not previous and (waiting or not state):
                reason = (waiting or {}).get("reason") or "ContainerCreating"
                return _status(
                    400, "BadRequest", f'container "{container}" in pod "{route.name}" is waiting to start: {reason}'
                )
            data = b""
        # The kubelet splits a log at newlines only: a progress bar's carriage returns stay
        # inside its line.
        lines = [line + b"\n" for line in data.split(b"\n")]
        lines[-1] = lines[-1][:-1]
        if not lines[-1]:
            lines.pop()
        tail = int(query["tailLines"]) if query.get("tailLines") else None
        first = len(lines) if tail is not None and tail <= 0 else max(0, len(lines) - (tail or len(lines)))
        if query.get("timestamps") in ("true", "1"):
            state = next(
                (
                    s
                    for s in [*(status.get("containerStatuses") or []), *(status.get("initContainerStatuses") or [])]
                    if s.get("name") == container
                ),
                {},
            )
            start = _started(pod, state, previous)
            data = b"".join(
                kubelet.stamp(lines[first:], start, before=kubelet.last_time_before(lines, first, start.year))
            )
        else:
            data = b"".join(lines[first:])
        if query.get("limitBytes"):
            data = data[: int(query["limitBytes"])]
        return _text(data)


# -- HTTP plumbing --------------------------------------------------------------------------


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler], api: FakeApiServer) -> None:
        super().__init__(address, handler)
        self.api = api
        self._connections: set[socket.socket] = set()  # open, for drop_connections()
        self._connections_lock = threading.Lock()

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._connections_lock:
            self._connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self._connections_lock:
            self._connections.discard(request)
        super().shutdown_request(request)

    def drop_connections(self) -> None:
        """Cut every open connection: keep-alive ones and streams alike."""
        with self._connections_lock:
            connections = list(self._connections)
        for sock in connections:
            with contextlib.suppress(OSError):  # closed meanwhile
                sock.shutdown(socket.SHUT_RDWR)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive and chunked logs, like the real server

    def do_GET(self) -> None:
        self.server.api.handle(self)  # type: ignore[attr-defined]

    do_POST = do_PUT = do_PATCH = do_DELETE = do_GET

    def log_message(self, format: str, *args: Any) -> None:  # quiet: the request counter records
        pass


_REASONS = {
    400: "BadRequest",
    401: "Unauthorized",
    403: "Forbidden",
    404: "NotFound",
    409: "Conflict",
    410: "Expired",
    429: "TooManyRequests",
    500: "InternalError",
    503: "ServiceUnavailable",
    504: "Timeout",
}


_WRITES = {"POST": "create", "PUT": "update", "PATCH": "patch", "DELETE": "delete"}


def _route(path: str, query: dict[str, str], method: str = "GET", body: bytes = b"") -> Route | None:
    m = _CORE.match(path) or _GROUP.match(path)
    if m is None:
        return None
    parts = m.groupdict()
    group = parts.get("group") or ""
    res = by_path(group, parts["version"], parts["plural"])
    if method in _WRITES:
        verb = _WRITES[method]
    elif parts["name"]:
        verb = "get"
    else:
        verb = "watch" if query.get("watch") in ("true", "1") else "list"
    return Route(verb, res, parts["plural"], parts["namespace"], parts["name"], parts["sub"] or "", body)


def _json(code: int, body: Any) -> Response:
    return Response(code, json.dumps(body).encode())


def _text(data: bytes) -> Response:
    return Response(200, data, "text/plain", chunked=True)


def _send(handler: BaseHTTPRequestHandler, response: Response, chunk: int = 1 << 16) -> None:
    handler.send_response(response.status)
    handler.send_header("Content-Type", response.content_type)
    if not response.chunked:
        handler.send_header("Content-Length", str(len(response.body)))
        handler.end_headers()
        handler.wfile.write(response.body)
        return
    handler.send_header("Transfer-Encoding", "chunked")
    handler.end_headers()
    if response.stream is not None:
        for part in response.stream:
            handler.wfile.write(f"{len(part):x}\r\n".encode() + part + b"\r\n")
            handler.wfile.flush()
    for i in range(0, len(response.body), chunk):
        part = response.body[i : i + chunk]
        handler.wfile.write(f"{len(part):x}\r\n".encode() + part + b"\r\n")
    handler.wfile.write(b"0\r\n\r\n")


def status_body(code: int, reason: str, message: str, details: dict[str, Any] | None = None) -> Obj:
    """The ``Status`` object the API server sends with every error."""
    body: Obj = {
        "kind": "Status",
        "apiVersion": "v1",
        "metadata": {},
        "status": "Failure",
        "message": message,
        "reason": reason,
        "code": code,
    }
    if details:
        body["details"] = details
    return body


def _status(code: int, reason: str, message: str, details: dict[str, Any] | None = None) -> Response:
    return _json(code, status_body(code, reason, message, details))


def _not_found(res: Resource, name: str) -> Response:
    details = {"name": name, "kind": res.plural, **({"group": res.group} if res.group else {})}
    return _status(404, "NotFound", f'{res.qualified} "{name}" not found', details)


def _forbidden(route: Route) -> Response:
    group = route.resource.group if route.resource else ""
    qualified = route.resource.qualified if route.resource else route.plural
    subject = f'{qualified} "{route.name}"' if route.name else qualified
    where = f' in the namespace "{route.namespace}"' if route.namespace else " at the cluster scope"
    message = (
        f'{subject} is forbidden: User "{USER}" cannot {route.verb} resource "{route.rbac_resource}" '
        f'in API group "{group}"{where}'
    )
    details = {
        "kind": route.plural,
        **({"name": route.name} if route.name else {}),
        **({"group": group} if group else {}),
    }
    return _status(403, "Forbidden", message, details)


def _started(pod: Obj, state: Obj, previous: bool) -> datetime:
    """When the container run whose log is asked for started: what the kubelet stamps the
    first lines of a log with when they carry no time of their own."""
    run = (state.get("lastState") if previous else state.get("state")) or {}
    inner = run.get("terminated") or run.get("running") or {}
    meta, status = pod.get("metadata") or {}, pod.get("status") or {}
    for value in (inner.get("startedAt"), status.get("startTime"), meta.get("creationTimestamp")):
        t = parse_time(value)
        if t is not None:
            return t
    return datetime(1970, 1, 1, tzinfo=timezone.utc)


def _encode_continue(start: int, resource_version: int) -> str:
    return base64.urlsafe_b64encode(json.dumps({"rv": resource_version, "start": start}).encode()).decode()


def _decode_continue(token: str) -> int:
    if not token:
        return 0
    try:
        return int(json.loads(base64.urlsafe_b64decode(token.encode()))["start"])
    except (ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"invalid continue token {token!r}") from exc


# -- selectors ------------------------------------------------------------------------------

_KEY = r"[A-Za-z0-9][-A-Za-z0-9_./]*"
_EQUALITY = re.compile(rf"\s*({_KEY})\s*(==|=|!=)\s*([-A-Za-z0-9_.]*)\s*")
_SET = re.compile(rf"\s*({_KEY})\s+(in|notin)\s+\(([^)]*)\)\s*")
_EXISTS = re.compile(rf"\s*(!?)\s*({_KEY})\s*")


def label_selector(text: str) -> Callable[[dict[str, str]], bool]:
    """A label selector as the API server reads it: equality, set and existence terms."""
    tests: list[Callable[[dict[str, str]], bool]] = []
    for term in _split_terms(text):
        if m := _SET.fullmatch(term):
            key, op, values = m.group(1), m.group(2), {v.strip() for v in m.group(3).split(",") if v.strip()}
            tests.append(
                (lambda k, vs: lambda labels: labels.get(k) in vs)(key, values)
                if op == "in"
                else (lambda k, vs: lambda labels: labels.get(k) not in vs)(key, values)
            )
        elif m := _EQUALITY.fullmatch(term):
            key, op, value = m.groups()
            tests.append(
                (lambda k, want: lambda labels: labels.get(k) != want)(key, value)
                if op == "!="
                else (lambda k, want: lambda labels: labels.get(k) == want)(key, value)
            )
        elif m := _EXISTS.fullmatch(term):
            negate, key = m.group(1) == "!", m.group(2)
            tests.append((lambda k, n: lambda labels: (k in labels) != n)(key, negate))
        else:
            raise ValueError(f"unable to parse requirement: {term.strip()!r}")
    return lambda labels: all(t(labels) for t in tests)


def field_selector(text: str, plural: str) -> Callable[[Obj], bool]:
    """A field selector, with the fields the API server supports for the resource."""
    allowed = {"metadata.name", "metadata.namespace", *_FIELDS.get(plural, ())}
    tests: list[Callable[[Obj], bool]] = []
    for term in _split_terms(text):
        m = re.fullmatch(r"\s*([A-Za-z.]+)\s*(==|=|!=)\s*(.*?)\s*", term)
        if m is None:
            raise ValueError(f"invalid field selector term {term!r}")
        key, op, value = m.groups()
        if key not in allowed:
            raise ValueError(f"field label not supported: {key}")
        tests.append((lambda k, v, neg: lambda obj: (str(_dig(obj, k) or "") == v) != neg)(key, value, op == "!="))
    return lambda obj: all(t(obj) for t in tests)


def _split_terms(text: str) -> Iterator[str]:
    depth, start = 0, 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            if text[start:i].strip():
                yield text[start:i]
            start = i + 1
    if text[start:].strip():
        yield text[start:]


def _dig(obj: Obj, dotted: str) -> Any:
    node: Any = obj
    for part in dotted.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node
