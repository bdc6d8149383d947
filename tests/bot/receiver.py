"""A chat platform on loopback: records every request and answers as configured.

It stands in for Slack's response_url and Web API, Lark's open API, and every webhook a
sink posts to, so tests see the exact bytes and headers jobdoctor sends.
"""

from __future__ import annotations

import json
import select
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit


@dataclass(frozen=True)
class Received:
    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: bytes
    at: float

    def json(self) -> Any:
        return json.loads(self.body)


Answer = tuple[int, dict[str, Any]]  # status, JSON body


class _Server(ThreadingHTTPServer):
    """Counts the connections it holds, so a test can wait until a killed client's last
    requests are read (the kernel keeps them after the client died)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.open = 0
        self.count_lock = threading.Lock()

    def process_request(self, request: Any, client_address: Any) -> None:
        with self.count_lock:
            self.open += 1
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        super().shutdown_request(request)
        with self.count_lock:
            self.open -= 1

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client killed mid-request (the exactly-once test does that on purpose)


class Receiver:
    def __init__(self) -> None:
        self.received: list[Received] = []
        # path -> what to answer; a callable gets the request (to fail the first N, say).
        self.answers: dict[str, Answer | Callable[[Received], Answer]] = {}
        self.default: Answer = (200, {"ok": True, "code": 0, "errcode": 0})
        self._cond = threading.Condition()
        self._http: _Server | None = None

    @property
    def url(self) -> str:
        assert self._http is not None
        host, port = self._http.server_address[:2]
        return f"http://{host}:{port}"

    def requests(self, path: str | None = None) -> list[Received]:
        with self._cond:
            return [r for r in self.received if path is None or r.path == path]

    def wait(self, count: int, *, path: str | None = None, timeout: float = 10.0) -> list[Received]:
        deadline = time.monotonic() + timeout
        with self._cond:
            while len([r for r in self.received if path is None or r.path == path]) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._cond.wait(left)
        got = self.requests(path)
        assert len(got) >= count, f"expected {count} requests to {path or 'any path'}, got {len(got)}"
        return got

    def drain(self, timeout: float = 10.0) -> None:
        """Wait until no connection is open or waiting to be accepted: every request a client
        sent before it closed (or was killed) has been read and recorded."""
        assert self._http is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._http.count_lock:
                open_ = self._http.open
            waiting, _, _ = select.select([self._http.socket], [], [], 0)
            if not open_ and not waiting:
                return
            time.sleep(0.02)
        raise AssertionError(f"the receiver still holds {self._http.open} connections after {timeout}s")

    def _record(self, handler: BaseHTTPRequestHandler) -> Answer:
        url = urlsplit(handler.path)
        length = int(handler.headers.get("Content-Length") or 0)
        body = handler.rfile.read(length) if length else b""
        rec = Received(
            handler.command,
            url.path,
            {k: v[-1] for k, v in parse_qs(url.query).items()},
            {k.lower(): v for k, v in handler.headers.items()},
            body,
            time.monotonic(),  # a wall clock can step (NTP) between two requests
        )
        answer = self.answers.get(url.path, self.default)
        result = answer(rec) if callable(answer) else answer
        with self._cond:
            self.received.append(rec)
            self._cond.notify_all()
        return result

    @contextmanager
    def running(self) -> Iterator[Receiver]:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:
                status, body = receiver._record(self)
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_PUT = do_POST

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._http = _Server(("127.0.0.1", 0), Handler)
        self._http.daemon_threads = True
        thread = threading.Thread(target=self._http.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        thread.start()
        try:
            yield self
        finally:
            self._http.shutdown()
            self._http.server_close()
            thread.join(timeout=5)
