"""What shell completion offers: the kinds, and with ``--snapshot DIR`` the workloads in it.

Called by typer's completion (``jobdoctor --install-completion``) and by
``kubectl_complete-jobdoctor``, while the user presses TAB: whatever goes wrong - no
snapshot yet, a broken one, an unknown kind - offers nothing rather than an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from agent.errors import JobdoctorError


def kind_names() -> list[str]:
    """One spelling a kind: its lower-case name, or for a second kind of that name (Volcano's
    Job beside batch's) its first short name."""
    from collectors.kinds import builtin_kinds

    names: list[str] = []
    for kind in builtin_kinds():
        name = kind.kind.lower()
        if name in names:
            name = kind.short_names[0].lower() if kind.short_names else f"{name}.{kind.api_versions[0].split('/')[0]}"
        names.append(name)
    return sorted(names)


def workload_names(params: Mapping[str, Any], kind: str) -> list[str]:
    """The names of ``kind`` in the snapshot ``params`` holds (``--snapshot``), in its
    namespace when ``-n`` was given too; nothing without a snapshot."""
    snapshot = params.get("snapshot")
    if not snapshot or not kind:
        return []
    from collectors.kinds import resolve_kind
    from collectors.snapshot import SnapshotSource

    try:
        k = resolve_kind(kind)
        source = SnapshotSource(Path(snapshot))
        objects = [o for v in k.api_versions for o in source.list_objects(v, k.kind, params.get("namespace"))]
    except (JobdoctorError, OSError):
        return []
    return sorted({str((o.get("metadata") or {}).get("name")) for o in objects})
