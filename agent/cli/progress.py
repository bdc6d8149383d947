"""What a command is doing, on a terminal: a spinner and one line of text on stderr.

Shown only when stderr is a terminal (never in a pipe, a log file or a test), never with
``-o json``, and only once the command has run for ``delay`` seconds, so a diagnosis that
takes a quarter of a second prints nothing at all. rich draws it; it is imported only when
the line is first drawn, so commands that finish fast never pay for it.
"""

from __future__ import annotations

import threading
from types import TracebackType
from typing import IO, Any

# A command that is done within this many seconds shows no progress.
DELAY_SECONDS = 1.0


class Progress:
    """A callable taking what is going on now (``progress("reading 8 logs")``), as
    ``diagnose()``, ``collect()`` and ``capture()`` expect; ``close()`` clears the line."""

    def __init__(self, stream: IO[str], *, delay: float = DELAY_SECONDS) -> None:
        self._stream = stream
        self._delay = delay
        self._message = ""
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None
        self._status: Any = None
        self._closed = False

    def __call__(self, message: str) -> None:
        with self._lock:
            if self._closed:
                return
            self._message = message
            if self._status is not None:
                self._status.update(_spinner(message), refresh=True)
                return
            if self._timer is not None:
                return
            if self._delay > 0:
                self._timer = threading.Timer(self._delay, self._show)
                self._timer.daemon = True
                self._timer.start()
                return
        self._show()

    def _show(self) -> None:
        from rich.console import Console
        from rich.live import Live

        with self._lock:
            if self._closed or self._status is not None:
                return
            console = Console(file=self._stream, force_terminal=True, highlight=False)
            # stdout is the verdict's: the line never redirects or touches it.
            self._status = Live(
                _spinner(self._message),
                console=console,
                transient=True,
                refresh_per_second=10,
                redirect_stdout=False,
                redirect_stderr=False,
            )
            self._status.start(refresh=True)

    def close(self) -> None:
        """Stops the spinner and clears its line; safe to call twice."""
        with self._lock:
            self._closed = True
            if self._timer is not None:
                self._timer.cancel()
            status, self._status = self._status, None
        if status is not None:
            status.stop()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


def _spinner(message: str) -> Any:
    """A spinner and the message as plain text: "[rank0]" is part of a log line, not rich markup."""
    from rich.spinner import Spinner
    from rich.text import Text

    return Spinner("dots", text=Text(message))


class _Announced:
    """An advisor that says, before its one model call, that the model is being waited for."""

    def __init__(self, advisor: Any, progress: Progress, what: str) -> None:
        self._advisor = advisor
        self._progress = progress
        self._what = what

    def review(self, evidence: Any, rule_verdict: Any) -> Any:
        self._progress(f"waiting for {self._what} to review the verdict")
        return self._advisor.review(evidence, rule_verdict)


def announced(advisor: Any, progress: Progress | None, what: str) -> Any:
    """``advisor`` (agent.diagnosis.Advisor, or None), saying on ``progress`` when it calls its model."""
    return advisor if advisor is None or progress is None else _Announced(advisor, progress, what)
