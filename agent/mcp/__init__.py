"""``jobdoctor mcp``: the diagnosis, triage and taxonomy as read-only MCP tools.

    tools.py   what the tools do, without the protocol: diagnose, triage, explain_category
    server.py  the tools registered with the official ``mcp`` SDK; stdio or streamable HTTP

Only server.py imports ``mcp`` (the ``mcp`` extra), when the command runs.
"""

from __future__ import annotations

from agent.mcp.tools import CategoryExplanation, Solution, Tools

__all__ = ["CategoryExplanation", "Solution", "Tools"]
