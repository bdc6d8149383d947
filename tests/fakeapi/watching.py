"""Watch streams and writes for the fake API server, plugged in through ``server.verbs``.

``install(server)`` adds, as the API server answers them:

- ``?watch=true`` on any list path: chunked JSON lines ``{"type": ADDED|MODIFIED|DELETED,
  "object": ...}``. Without ``resourceVersion`` (or ``0``) the current objects come first as
  ADDED; with one, every change after it, from a history of changes; a version older than
  the history (``compact()`` drops it, as etcd compaction does) gets one ``ERROR`` event with
  a 410 Expired Status. The stream ends after ``timeoutSeconds`` or when the server stops.
- ``POST`` (create: 409 AlreadyExists), ``PUT`` (replace: 409 Conflict when the body's
  ``resourceVersion`` is not the stored one), ``PATCH`` (JSON merge patch) and ``DELETE``.
  Every write gets a new ``resourceVersion``; creates get a ``uid`` and ``creationTimestamp``.

Objects changed with ``Store.add`` directly are watched too; give them no
``metadata.resourceVersion`` (``fresh()``) so the store numbers them.
"""

from __future__ import annotations

import copy
import json
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from tests.fakeapi.resources import Resource
from tests.fakeapi.server import (
    FakeApiServer,
    Response,
    Route,
    _json,
    _not_found,
    _status,
    field_selector,
    label_selector,
)
from tests.fakeapi.store import Obj

DEFAULT_WATCH_SECONDS = 300
_POLL = 0.05


@dataclass(frozen=True)
class Change:
    version: int
    type: str
    resource: Resource
    obj: Obj


def fresh(obj: Obj) -> Obj:
    """A copy without ``resourceVersion``, for ``Store.add`` to number."""
    out = copy.deepcopy(obj)
    out.setdefault("metadata", {}).pop("resourceVersion", None)
    return out


class Watching:
    def __init__(self, server: FakeApiServer) -> None:
        self.server = server
        self._changes: list[Change] = []
        self._oldest = 0  # versions at or below this are compacted away
        self._cond = threading.Condition()
        self._generation = 0  # bumped by drop_streams(): open streams end, new ones are served
        server.store.subscribe(self._changed)
        server.verbs.update(
            {
                "watch": self.watch,
                "create": self.create,
                "update": self.update,
                "patch": self.patch,
                "delete": self.delete,
            }
        )

    def drop_streams(self) -> None:
        """Ends every open stream, as an API server restart would; clients resume."""
        with self._cond:
            self._generation += 1
            self._cond.notify_all()

    def compact(self) -> None:
        """Forget the history: resuming from any version seen so far answers 410."""
        with self._cond:
            self._oldest = self.server.store.resource_version

    # -- watch ----------------------------------------------------------------------------

    def _changed(self, event: str, res: Resource, obj: Obj) -> None:
        with self._cond:
            obj = copy.deepcopy(obj)
            meta = obj.setdefault("metadata", {})
            version = self.server.store.resource_version if event == "DELETED" else int(meta["resourceVersion"])
            meta["resourceVersion"] = str(version)
            self._changes.append(Change(version, event, res, obj))
            self._cond.notify_all()

    def watch(self, route: Route, query: dict[str, str]) -> Response:
        res = route.resource
        assert res is not None
        try:
            labels = label_selector(query.get("labelSelector", ""))
            fields = field_selector(query.get("fieldSelector", ""), res.plural)
            since = int(query.get("resourceVersion") or 0)
            seconds = float(query.get("timeoutSeconds") or DEFAULT_WATCH_SECONDS)
        except ValueError as exc:
            return _status(400, "BadRequest", str(exc))

        def wanted(change: Change) -> bool:
            meta = change.obj.get("metadata") or {}
            return (
                change.resource == res
                and (route.namespace is None or meta.get("namespace") == route.namespace)
                and labels(meta.get("labels") or {})
                and fields(change.obj)
            )

        # The stream belongs to the server's life when the request arrived: a restart
        # (drop_streams) between this and the stream's first send still ends it.
        with self._cond:
            generation = self._generation
        return Response(
            200, b"", chunked=True, stream=self._stream(res, route.namespace, since, seconds, wanted, generation)
        )

    def _stream(
        self, res: Resource, namespace: str | None, since: int, seconds: float, wanted: Any, generation: int
    ) -> Iterator[bytes]:
        deadline = time.monotonic() + seconds
        with self._cond:
            expired = bool(since) and since < self._oldest
            oldest = self._oldest
            initial: list[Obj] = []
            if not since:
                # "Get state and start at most recent": the objects, then changes after them.
                since = self.server.store.resource_version
                initial = self.server.store.list(res, namespace)
            position = next((i for i, c in enumerate(self._changes) if c.version > since), len(self._changes))
        if expired:
            yield _line(
                "ERROR",
                {
                    "kind": "Status",
                    "apiVersion": "v1",
                    "metadata": {},
                    "status": "Failure",
                    "message": f"too old resource version: {since} ({oldest})",
                    "reason": "Expired",
                    "code": 410,
                },
            )
            return
        for obj in initial:
            yield _line("ADDED", _typed(obj, res))
        while not self._stopped(generation) and time.monotonic() < deadline:
            with self._cond:
                if position >= len(self._changes):
                    self._cond.wait(_POLL)
                batch = self._changes[position:]
                position = len(self._changes)
            for change in batch:
                if wanted(change):
                    yield _line(change.type, _typed(change.obj, change.resource))

    def _stopped(self, generation: int) -> bool:
        return generation != self._generation or self.server._stopping.is_set()  # noqa: SLF001 - same package

    # -- writes ---------------------------------------------------------------------------

    def create(self, route: Route, query: dict[str, str]) -> Response:
        res, body = route.resource, _body(route)
        assert res is not None
        if body is None:
            return _status(400, "BadRequest", "the body is not a JSON object")
        meta = body.setdefault("metadata", {})
        if not meta.get("name") and meta.get("generateName"):
            meta["name"] = meta["generateName"] + uuid.uuid4().hex[:5]
        if not meta.get("name"):
            return _status(400, "BadRequest", "name or generateName is required")
        if self.server.store.get(res, route.namespace, meta["name"]) is not None:
            return _status(
                409,
                "AlreadyExists",
                f'{res.qualified} "{meta["name"]}" already exists',
                {"name": meta["name"], "kind": res.plural},
            )
        meta.update(uid=str(uuid.uuid4()), creationTimestamp=_stamp())
        if "status" in res.subresources:
            body.pop("status", None)  # set only through /status
            meta["generation"] = 1
        return self._store(res, route.namespace, body, 201)

    def update(self, route: Route, query: dict[str, str]) -> Response:
        res, body = route.resource, _body(route)
        assert res is not None and route.name is not None
        if body is None:
            return _status(400, "BadRequest", "the body is not a JSON object")
        stored = self.server.store.get(res, route.namespace, route.name)
        if stored is None:
            return _not_found(res, route.name)
        given = (body.get("metadata") or {}).get("resourceVersion")
        if given and given != stored["metadata"].get("resourceVersion"):
            return _status(
                409,
                "Conflict",
                f'Operation cannot be fulfilled on {res.qualified} "{route.name}": the object '
                "has been modified; please apply your changes to the latest version and try again",
                {"name": route.name, "kind": res.plural},
            )
        meta = body.setdefault("metadata", {})
        meta.update(
            name=route.name,
            uid=stored["metadata"].get("uid"),
            creationTimestamp=stored["metadata"].get("creationTimestamp"),
        )
        return self._store(res, route.namespace, _subresource_write(res, route, stored, body), 200)

    def patch(self, route: Route, query: dict[str, str]) -> Response:
        res, body = route.resource, _body(route)
        assert res is not None and route.name is not None
        stored = self.server.store.get(res, route.namespace, route.name)
        if stored is None:
            return _not_found(res, route.name)
        if body is None:
            return _status(400, "BadRequest", "the patch is not a JSON object")
        return self._store(res, route.namespace, _subresource_write(res, route, stored, _merge(stored, body)), 200)

    def delete(self, route: Route, query: dict[str, str]) -> Response:
        res = route.resource
        assert res is not None and route.name is not None
        stored = self.server.store.get(res, route.namespace, route.name)
        if stored is None:
            return _not_found(res, route.name)
        uid = ((_body(route) or {}).get("preconditions") or {}).get("uid")
        if uid and uid != stored["metadata"].get("uid"):
            return _status(
                409,
                "Conflict",
                f'Operation cannot be fulfilled on {res.qualified} "{route.name}": '
                f"Precondition failed: UID in precondition: {uid}, UID in object meta: "
                f"{stored['metadata'].get('uid')}",
                {"name": route.name, "kind": res.plural},
            )
        self.server.store.delete(res.api_version, res.kind, route.name, route.namespace)
        return _json(200, {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success"})

    def _store(self, res: Resource, namespace: str | None, obj: Obj, code: int) -> Response:
        obj.update(apiVersion=res.api_version, kind=res.kind)
        meta = obj.setdefault("metadata", {})
        meta.pop("resourceVersion", None)
        if res.namespaced:
            meta["namespace"] = namespace
        self.server.store.add(obj, namespace=namespace or "default")
        stored = self.server.store.get(res, namespace, meta["name"])
        return _json(code, stored)


def install(server: FakeApiServer) -> Watching:
    """Adds watch streams and writes to a server (its current store)."""
    return Watching(server)


def _body(route: Route) -> Obj | None:
    try:
        body = json.loads(route.body or b"{}")
    except ValueError:
        return None
    return body if isinstance(body, dict) else None


def _subresource_write(res: Resource, route: Route, stored: Obj, written: Obj) -> Obj:
    """What a write keeps, for a resource with a status subresource, as the API server does:
    through /status only the status changes; through the object everything but the status,
    and ``metadata.generation`` counts the changes of everything outside metadata and status."""
    if "status" not in res.subresources:
        return written
    if route.subresource == "status":
        out = copy.deepcopy(stored)
        out["status"] = written.get("status")
        if out["status"] is None:
            del out["status"]
        return out
    out = {k: v for k, v in written.items() if k != "status"}
    if "status" in stored:
        out["status"] = stored["status"]
    meta = out.setdefault("metadata", {})
    generation = int(stored["metadata"].get("generation") or 1)
    changed = {k: v for k, v in written.items() if k not in ("metadata", "status", "apiVersion", "kind")} != {
        k: v for k, v in stored.items() if k not in ("metadata", "status", "apiVersion", "kind")
    }
    meta["generation"] = generation + 1 if changed else generation
    return out


def _merge(target: Any, patch: Any) -> Any:
    """RFC 7386 JSON merge patch."""
    if not isinstance(patch, dict):
        return patch
    out = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = _merge(out.get(key), value)
    return out


def _typed(obj: Obj, res: Resource) -> Obj:
    return {**obj, "apiVersion": res.api_version, "kind": res.kind}


def _line(kind: str, obj: Obj) -> bytes:
    return json.dumps({"type": kind, "object": obj}).encode() + b"\n"


def _stamp() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
