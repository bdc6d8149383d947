"""Reading a workload from a snapshot directory or a cluster into ``Evidence``.

Public names are listed in ``__all__`` and imported on first use: reading a snapshot never
imports the Kubernetes client.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "Source": "collectors.source",
    "ObjectRef": "collectors.source",
    "SnapshotSource": "collectors.snapshot",
    "ClusterSource": "collectors.cluster",
    "capture": "collectors.capture",
    "CaptureReport": "collectors.capture",
    "Target": "collectors.collecting",
    "Budget": "collectors.collecting",
    "collect": "collectors.collecting",
    "Evidence": "collectors.evidence",
    "Kind": "collectors.kinds",
    "resolve_kind": "collectors.kinds",
    "LineMatcher": "collectors.logs",
    "LogPattern": "collectors.logs",
    "scan_log": "collectors.logs",
    "Redactor": "collectors.redaction",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'collectors' has no attribute {name!r}")
