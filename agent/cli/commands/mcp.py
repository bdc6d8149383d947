"""``jobdoctor mcp``: serve the read-only MCP tools."""

from __future__ import annotations

import importlib.util
from typing import Annotated

import typer

from agent.cli.shell import (
    ApiKeyEnv,
    BaseURL,
    Config,
    Context,
    Debug,
    Kubeconfig,
    Language,
    MaxLogs,
    Model,
    Rules,
    at_least,
    command_settings,
    handle_errors,
)
from agent.errors import ExitCode

HttpPort = Annotated[
    int | None,
    typer.Option(
        "--http", metavar="PORT", callback=at_least(1), help="Serve streamable HTTP on PORT (at /mcp) instead of stdio."
    ),
]
Address = Annotated[
    str,
    typer.Option(
        "--address", metavar="ADDRESS", help="Address to bind with --http (default 127.0.0.1: this machine only)."
    ),
]


@handle_errors
def mcp(
    http: HttpPort = None,
    address: Address = "127.0.0.1",
    kubeconfig: Kubeconfig = None,
    context: Context = None,
    model: Model = None,
    base_url: BaseURL = None,
    api_key_env: ApiKeyEnv = None,
    language: Language = None,
    rules: Rules = None,
    config: Config = None,
    max_logs: MaxLogs = None,
    debug: Debug = False,
) -> None:
    """Serve jobdoctor to AI agents over MCP: diagnose, triage and explain_category.

    stdio by default, which is how MCP clients (Claude Desktop, Claude Code, Cursor, ...)
    start a server; streamable HTTP with --http PORT. The tools only read the cluster, with
    the same kubeconfig, context and RBAC as the other commands. No model is called unless
    one is configured (--model, JOBDOCTOR_MODEL or the config file). Needs the mcp extra:
    pip install 'jobdoctor[mcp]'.
    """
    if importlib.util.find_spec("mcp") is None:
        typer.echo(
            "jobdoctor: error: mcp needs the mcp extra (the mcp package is not installed): "
            "pip install 'jobdoctor[mcp]'",
            err=True,
        )
        raise typer.Exit(ExitCode.USAGE)
    from agent.mcp.server import serve
    from agent.mcp.tools import Tools

    settings, catalogue = command_settings(
        model=model,
        base_url=base_url,
        api_key_env=api_key_env,
        language=language,
        rules=rules,
        config=config,
        max_logs=max_logs,
    )
    tools = Tools(settings=settings, catalogue=catalogue, kubeconfig=kubeconfig, context=context)
    serve(tools, http_port=http, address=address)
