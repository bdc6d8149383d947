"""Progress on a terminal's stderr only - never on stdout, in a pipe or with -o json - and
only past a second; `bot` and `watch` without the bot extra say how to install it."""

from __future__ import annotations

import io
import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from agent.cli.app import app
from agent.cli.progress import Progress
from tests.conftest import EXAMPLES, ROOT

runner = CliRunner()
EXAMPLE = EXAMPLES / "pytorchjob-gpu-oom-cascade"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_draws_the_latest_message_and_clears_it() -> None:
    terminal = Terminal()
    with Progress(terminal, delay=0) as progress:
        progress("reading pods of PyTorchJob team-nlp/llama-ft")
        progress("reading 4 logs [rank0]")
    out = terminal.getvalue()
    assert "reading pods of PyTorchJob team-nlp/llama-ft" in out
    assert "reading 4 logs [rank0]" in out, "messages are text, not rich markup"
    assert out.endswith("\x1b[2K"), "closing erases the line it drew"


def test_nothing_is_drawn_for_what_ends_within_the_delay() -> None:
    terminal = Terminal()
    progress = Progress(terminal, delay=0.5)
    progress("reading events")
    progress.close()
    time.sleep(0.7)
    progress("too late")
    assert terminal.getvalue() == ""


def test_something_slow_is_shown_after_the_delay() -> None:
    terminal = Terminal()
    progress = Progress(terminal, delay=0.2)
    progress("waiting for gpt-4o-mini to review the verdict")
    time.sleep(0.6)
    progress.close()
    assert "waiting for gpt-4o-mini" in terminal.getvalue()


def test_no_progress_when_stderr_is_not_a_terminal() -> None:
    result = runner.invoke(app, ["diagnose", "pytorchjob/llama-ft", "--snapshot", str(EXAMPLE)])
    assert result.exit_code == 0 and result.stderr == ""


PROBE = """
import sys
import agent.cli.progress
agent.cli.progress.DELAY_SECONDS = 0  # show at once: this diagnosis takes less than the second
sys.argv = ["jobdoctor", *sys.argv[1:]]
from agent.cli.app import main
main()
"""


def _on_a_terminal(*args: str) -> tuple[int, str, str]:
    """Runs jobdoctor with stderr on a pseudo-terminal and stdout on a pipe."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-c", PROBE, *args],
        stdout=subprocess.PIPE,
        stderr=follower,
        cwd=ROOT,
        env={**os.environ, "TERM": "xterm"},
    )
    os.close(follower)
    err = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        err += chunk
    out, _ = proc.communicate(timeout=60)
    os.close(leader)
    return proc.returncode, out.decode(), err.decode(errors="replace")


def test_on_a_terminal_progress_goes_to_stderr_and_the_verdict_alone_to_stdout() -> None:
    code, out, err = _on_a_terminal("diagnose", "pytorchjob/llama-ft", "--snapshot", str(EXAMPLE))
    assert code == 0
    assert "reading pods of PyTorchJob team-nlp/llama-ft" in err and "reading 4 logs" in err
    assert out.startswith("Healthy: No\n") and "reading" not in out and "\x1b" not in out


def test_json_output_shows_no_progress_even_on_a_terminal() -> None:
    code, out, err = _on_a_terminal("diagnose", "pytorchjob/llama-ft", "--snapshot", str(EXAMPLE), "-o", "json")
    assert code == 0 and err == ""
    assert json.loads(out)["category"] == "gpu-oom"


def test_eval_shows_which_case_it_is_on() -> None:
    code, out, err = _on_a_terminal("eval", str(EXAMPLES))
    assert code == 0 and "case 1/" in err and "case " not in out.replace("cases ", "")


@pytest.mark.parametrize("command", ["bot", "watch"])
def test_bot_and_watch_without_the_bot_extra_say_how_to_install_it(
    command: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "slack_sdk", None)  # as if not installed: import and find_spec fail
    config = tmp_path / "bot.yaml"
    config.write_text("watch: {enabled: true}\n")
    result = runner.invoke(app, [command, "--config", str(config)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        f"jobdoctor: error: {command} needs the bot extra (slack_sdk is not installed): pip install 'jobdoctor[bot]'\n"
    )


def test_waiting_for_the_model_is_said_before_its_call() -> None:
    from agent.cli.progress import announced

    said: list[str] = []

    class Advisor:
        def review(self, evidence: object, rule_verdict: object) -> object:
            said.append("called")
            return rule_verdict

    class Recorder(Progress):
        def __call__(self, message: str) -> None:
            said.append(message)

    wrapped = announced(Advisor(), Recorder(Terminal()), "gpt-4o-mini")
    assert wrapped.review("evidence", "verdict") == "verdict"
    assert said == ["waiting for gpt-4o-mini to review the verdict", "called"]
    assert announced(None, Recorder(Terminal()), "m") is None
    plain = Advisor()
    assert announced(plain, None, "m") is plain, "no terminal: the advisor as it is"
