"""``jobdoctor mcp`` through the official SDK's client: a real server process over stdio (and
streamable HTTP), the cluster a fake API server serving an example snapshot."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from tests.conftest import EXAMPLES
from tests.fakeapi.fixtures import FakeCluster

BIN = Path(sys.executable).parent / "jobdoctor"
EXAMPLE = EXAMPLES / "pytorchjob-gpu-oom-cascade"
SECRET = "hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123"
T = TypeVar("T")


def served(fake_api: FakeCluster) -> StdioServerParameters:
    fake_api.serve_snapshot(EXAMPLE, namespace="team-nlp")
    return StdioServerParameters(command=str(BIN), args=["mcp", "--kubeconfig", str(fake_api.kubeconfig)])


def session(server: Any, use: Callable[[Client], Awaitable[T]]) -> T:
    async def main() -> T:
        async with Client(server, read_timeout_seconds=120) as client:
            return await use(client)

    return anyio.run(main)


def test_a_client_lists_the_tools_and_gets_a_verdict_over_stdio(fake_api: FakeCluster) -> None:
    async def use(client: Client) -> tuple[Any, Any]:
        return await client.list_tools(), await client.call_tool(
            "diagnose", {"kind": "pytorchjob", "name": "llama-ft", "namespace": "team-nlp"}
        )

    tools, result = session(served(fake_api), use)

    assert {t.name for t in tools.tools} == {"diagnose", "triage", "explain_category"}
    for tool in tools.tools:
        assert tool.annotations is not None and tool.annotations.read_only_hint is True
        assert "never" in (tool.description or "") and tool.output_schema is not None
    assert not result.is_error
    verdict = result.structured_content
    assert (verdict["healthy"], verdict["category"]) == (False, "gpu-oom")
    assert verdict["culprit"] == {"pod": "llama-ft-worker-2", "container": "pytorch"}
    assert result.content[0].text.startswith("Healthy: No\nError: llama-ft-worker-2 (worker 2) ran out of GPU memory")
    # Read-only: every request was a GET.
    assert fake_api.server.requests and {r.method for r in fake_api.server.requests} == {"GET"}


def test_triage_and_explain_category(fake_api: FakeCluster) -> None:
    async def use(client: Client) -> tuple[Any, Any, Any]:
        return (
            await client.call_tool("triage", {"namespace": "team-nlp", "since": "3650d"}),
            await client.call_tool("explain_category", {"id": "gpu-oom"}),
            await client.call_tool("explain_category", {"id": "gpu-om"}),
        )

    report, explained, unknown = session(served(fake_api), use)

    assert not report.is_error
    rows = report.structured_content["rows"]
    assert [(r["name"], r["category"], r["culprit"]) for r in rows] == [
        ("llama-ft", "gpu-oom", "llama-ft-worker-2/pytorch")
    ]
    assert report.structured_content["summary"] == ["1 failed: 1 gpu-oom"]
    assert "pytorchjob/llama-ft" in report.content[0].text
    entry = explained.structured_content
    assert entry["id"] == "gpu-oom" and entry["meaning"].startswith("An accelerator ran out of memory")
    assert entry["solutions"] and all(s["solution"] for s in entry["solutions"])
    assert unknown.is_error and "did you mean gpu-oom?" in unknown.content[0].text


def test_a_workload_that_is_not_there_is_a_tool_error_in_one_line(fake_api: FakeCluster) -> None:
    async def use(client: Client) -> Any:
        return await client.call_tool("diagnose", {"kind": "pytorchjob", "name": "nope", "namespace": "team-nlp"})

    result = session(served(fake_api), use)

    assert result.is_error
    assert "PyTorchJob team-nlp/nope not found; pytorchjobs in team-nlp: llama-ft" in result.content[0].text


def test_verdicts_are_redacted(fake_api: FakeCluster) -> None:
    server = served(fake_api)
    log = (EXAMPLE / "logs" / "llama-ft-worker-2" / "pytorch.log").read_text()
    fake_api.store.put_log(
        "llama-ft-worker-2",
        "pytorch",
        log.replace("CUDA out of memory.", f"CUDA out of memory. token={SECRET}"),
        namespace="team-nlp",
    )

    async def use(client: Client) -> Any:
        return await client.call_tool("diagnose", {"kind": "pytorchjob", "name": "llama-ft", "namespace": "team-nlp"})

    result = session(server, use)

    assert "[REDACTED]" in str(result.structured_content) and SECRET not in str(result.structured_content)
    assert SECRET not in result.content[0].text


def test_streamable_http_on_loopback(fake_api: FakeCluster) -> None:
    fake_api.serve_snapshot(EXAMPLE, namespace="team-nlp")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [str(BIN), "mcp", "--http", str(port), "--kubeconfig", str(fake_api.kubeconfig)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        _wait_for_port(port, proc)

        async def use(client: Client) -> tuple[Any, Any]:
            return await client.list_tools(), await client.call_tool("explain_category", {"id": "stalled"})

        tools, result = session(f"http://127.0.0.1:{port}/mcp", use)
        assert {t.name for t in tools.tools} == {"diagnose", "triage", "explain_category"}
        assert result.structured_content["id"] == "stalled"
    finally:
        proc.kill()
        proc.communicate(timeout=30)


def _wait_for_port(port: int, proc: subprocess.Popen[bytes], deadline: float = 120.0) -> None:
    until = time.monotonic() + deadline
    while time.monotonic() < until:
        assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    pytest.fail(f"jobdoctor mcp --http {port} did not listen within {deadline:g} s")


def test_without_the_extra_it_names_the_install_command() -> None:
    # A Python in which mcp cannot be imported (None in sys.modules: what a missing package is to find_spec).
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.modules['mcp'] = None; "
            "from agent.cli.app import main; sys.argv = ['jobdoctor', 'mcp']; main()",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2
    assert run.stderr == (
        "jobdoctor: error: mcp needs the mcp extra (the mcp package is not installed): pip install 'jobdoctor[mcp]'\n"
    )


def test_the_readmes_client_configuration_starts_this_server() -> None:
    import json

    from tests.test_readme import README

    section = README.split("## MCP: jobdoctor for AI agents")[1].split("\n## ")[0]
    config = json.loads(section.split("```json\n")[1].split("```")[0])
    server = config["mcpServers"]["jobdoctor"]
    assert server["command"] == "jobdoctor" and server["args"][0] == "mcp"
    run = subprocess.run([str(BIN), *server["args"], "--help"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "--http PORT" in run.stdout
