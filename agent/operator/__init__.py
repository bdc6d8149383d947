"""The JobDiagnosis operator: ``kubectl apply`` a diagnosis, read the verdict in its status.

    resource.py      the JobDiagnosis resource: spec, status, the CRD generated from Verdict
    reconciling.py   what is due, what is asked, what is written, what expired  (pure)
    controller.py    the kopf handlers over diagnose(), and how kopf is run and logged in
    expiring.py      deleting objects past their TTL
    objects.py       JobDiagnoses through the kubernetes client (the TTL sweep, the watcher's records)

The process around it - the Lease, the config file, the bot beside it - is agent/bot's
(agent/bot/operating.py); ``jobdoctor operator`` runs it alone. kopf and kubernetes load
only when the controller runs. Names are imported on first use.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "Controller": "agent.operator.controller",
    "Options": "agent.operator.controller",
    "Policy": "agent.operator.reconciling",
    "DiagnosisSpec": "agent.operator.resource",
    "crd": "agent.operator.resource",
    "Objects": "agent.operator.objects",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'agent.operator' has no attribute {name!r}")
