"""jobdoctor's engine: ``diagnose()``, the rule engine, the verdict, signatures, settings.

Public names are listed in ``__all__`` and imported on first use, so importing the package
(which every command does) costs nothing until a name is needed.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "diagnose": "agent.diagnosis",
    "gather": "agent.diagnosis",
    "conclude": "agent.diagnosis",
    "Advisor": "agent.diagnosis",
    "advisor_from_settings": "agent.review.llm",
    "judge": "agent.engine.rules",
    "StallPolicy": "agent.engine.findings",
    "Verdict": "agent.engine.verdict",
    "Culprit": "agent.engine.verdict",
    "EvidenceLine": "agent.engine.verdict",
    "SCHEMA_VERSION": "agent.engine.verdict",
    "Settings": "agent.settings",
    "load_settings": "agent.settings",
    "Catalogue": "agent.engine.signatures",
    "Signature": "agent.engine.signatures",
    "builtin_catalogue": "agent.engine.signatures",
    "load_catalogue": "agent.engine.signatures",
    "categories": "agent.engine.taxonomy",
    "ExitCode": "agent.errors",
    "JobdoctorError": "agent.errors",
    "InputError": "agent.errors",
    "ClusterError": "agent.errors",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'agent' has no attribute {name!r}")
