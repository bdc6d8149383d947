"""The MCP server: agent/mcp/tools.py's functions as MCP tools, through the official SDK.

The descriptions are written for the model that reads them: what each tool returns, when
to use it, and that it never changes the cluster. stdio by default; streamable HTTP on
``address:port`` (loopback unless told otherwise) at ``/mcp``.
"""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from agent.engine.verdict import Verdict
from agent.errors import JobdoctorError
from agent.mcp.tools import CategoryExplanation, Tools
from agent.triage import Report, TriageFormat, render_report

NAME = "jobdoctor"
INSTRUCTIONS = """jobdoctor diagnoses why an ML training or inference job on Kubernetes failed, hangs
or never started, naming the pod (the rank) that failed first. Start with `triage` when the
question is "what broke" in a namespace; use `diagnose` for one named workload; use
`explain_category` to learn what a verdict's category means and how it is usually fixed.
Every tool only reads the cluster (get and list, never a write, never Secrets)."""
READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)

DIAGNOSE = """Diagnose one Kubernetes ML workload: why it failed, hangs or never started - or that it is fine.

Returns the verdict as JSON (structured content) and as text: healthy (true/false), category (a
root-cause id such as gpu-oom, nccl-error, image-pull-error, unschedulable, stalled), error (one
line), analysis, solution, culprit (the pod and container where the cause first showed - in a
distributed job the rank that failed first, not the ones that timed out after it), and evidence
(log, event and status lines quoted verbatim).

Use it when the user names a workload ("why did pytorchjob llama-ft fail?"), or on a row of a
`triage` table for the full analysis and evidence. Kinds: pytorchjob, tfjob, mpijob, xgboostjob,
paddlejob, jaxjob, trainjob, jobset, rayjob, vcjob (Volcano), job, pod (any case, plural or short
name). Read-only: it gets the workload, lists its pods and events and reads a few logs; it never
changes the cluster and never reads Secrets. Secrets in quoted lines are redacted."""

TRIAGE = """List every ML workload in a namespace (or all namespaces) that failed recently, has been
Pending too long, or runs long enough to be checked for a stall, and diagnose each.

Returns a table as structured content: one row per workload that needs attention, oldest first
(kind, namespace, name, status, category, culprit pod, age, one-line error, and the full verdict),
plus a summary by category ("5 failed: 3 gpu-oom, 1 image-pull-error, 1 nccl-error") and how many
were checked and found fine. The text content is the same table for reading.

Use it first when the question is "what broke overnight in team-nlp?" or "is anything stuck?",
then `diagnose` or the row's verdict for details. `since` is how far back failures count (24h,
90m, 2d). It can take a minute on a busy namespace: it reads each chosen workload's logs.
Read-only: it lists and gets objects, events and logs; it never changes the cluster."""

EXPLAIN = """Explain a verdict category: what the category id means in jobdoctor's taxonomy, and the
typical causes it recognises with the solution for each (from its signature catalogue).

Use it when a `diagnose` or `triage` verdict names a category and you need to explain it or
choose a fix, or to list every category id (other_categories). It never reads or changes the cluster."""


def build(tools: Tools) -> MCPServer:
    server: MCPServer = MCPServer(NAME, instructions=INSTRUCTIONS, log_level="WARNING")

    @server.tool(name="diagnose", description=DIAGNOSE, annotations=READ_ONLY)
    def diagnose(
        kind: Annotated[
            str,
            Field(
                description="workload kind: pytorchjob, tfjob, mpijob, trainjob, jobset, rayjob, vcjob, job, pod, ..."
            ),
        ],
        name: Annotated[str, Field(description="the workload's name")],
        namespace: Annotated[str | None, Field(description="its namespace (default: the context's)")] = None,
        context: Annotated[str | None, Field(description="kubeconfig context (default: the server's)")] = None,
    ) -> Annotated[CallToolResult, Verdict]:
        verdict, said = _call(tools.diagnose, kind, name, namespace, context)
        return CallToolResult(content=[TextContent(text=said)], structured_content=verdict.model_dump(mode="json"))

    @server.tool(name="triage", description=TRIAGE, annotations=READ_ONLY)
    def triage(
        namespace: Annotated[str | None, Field(description="namespace to triage (default: the context's)")] = None,
        all_namespaces: Annotated[bool, Field(description="triage every namespace instead")] = False,
        since: Annotated[str, Field(description="failures within this long count: 24h, 90m, 2d")] = "24h",
        kinds: Annotated[
            list[str] | None, Field(description="only these kinds (default: every supported kind)")
        ] = None,
        context: Annotated[str | None, Field(description="kubeconfig context (default: the server's)")] = None,
    ) -> Annotated[CallToolResult, Report]:
        report: Report = _call(tools.triage, namespace, all_namespaces, since, kinds, context)
        return CallToolResult(
            content=[TextContent(text=render_report(report, TriageFormat.table))],
            structured_content=report.model_dump(mode="json"),
        )

    @server.tool(name="explain_category", description=EXPLAIN, annotations=READ_ONLY)
    def explain_category(
        id: Annotated[str, Field(description="a category id from a verdict, e.g. gpu-oom")],
    ) -> CategoryExplanation:
        explained: CategoryExplanation = _call(tools.explain_category, id)
        return explained

    return server


def _call(function: Any, *args: Any) -> Any:
    """A jobdoctor error as the tool's error result, in one line: the model reads it."""
    try:
        return function(*args)
    except JobdoctorError as exc:
        raise ToolError(" ".join(str(exc).split())) from None


def serve(tools: Tools, *, http_port: int | None = None, address: str = "127.0.0.1") -> None:
    """Serves until the client disconnects (stdio) or the process is stopped (HTTP)."""
    server = build(tools)
    if http_port is None:
        server.run("stdio")
    else:
        server.run("streamable-http", host=address, port=http_port)
