"""``jobdoctor triage``: every workload in a namespace or cluster (or a folder of snapshots)
that failed, waits too long or stalls, diagnosed, in one table.

    selecting.py  which listed workloads to diagnose: the watcher's triggers (pure)
    listing.py    one list per kind and namespace scope; gets answered from those lists
    running.py    diagnoses a few at a time, each with a deadline; records; the report
    results.py    the results file: a line per workload, done once written and flushed
    report.py     rows, the report and its summary by category (pure)
    rendering.py  table, Markdown, JSON (pure)
"""

from __future__ import annotations

from agent.triage.rendering import TriageFormat, render_report
from agent.triage.report import Report, Row
from agent.triage.results import Record, ResultsFile
from agent.triage.running import Options, Scope, triage
from agent.triage.selecting import Candidate, Listed, parse_duration, select

__all__ = [
    "Candidate",
    "Listed",
    "Options",
    "Record",
    "Report",
    "ResultsFile",
    "Row",
    "Scope",
    "TriageFormat",
    "parse_duration",
    "render_report",
    "select",
    "triage",
]
