"""``--snapshots DIR``: triage captures instead of a cluster.

Every folder under DIR holding an ``objects.yaml`` is a snapshot (DIR itself may be one),
as ``jobdoctor capture`` or kubectl wrote it; a case folder's ``<id>/snapshot/`` counts.
Each is judged at the moment it was captured - its ``capturedAt`` - so ``--since`` and the
ages mean what they meant then, and the table is the one a triage would have printed.
"""

from __future__ import annotations

import os
from pathlib import Path

from agent.errors import SnapshotError
from agent.triage.running import Scope
from collectors.snapshot import OBJECTS_FILE, SnapshotSource


def snapshot_folders(root: Path) -> list[Path]:
    """The snapshot folders under ``root``, in path order."""
    if not root.is_dir():
        raise SnapshotError(f"snapshots {root}: no such directory")
    found = []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        if OBJECTS_FILE in files:
            found.append(Path(folder))
            dirs.clear()  # a snapshot's logs/ holds no snapshot
    if not found:
        raise SnapshotError(f"snapshots {root}: no snapshot in it (folders holding {OBJECTS_FILE})")
    return found


def snapshot_scopes(root: Path, namespace: str | None) -> list[Scope]:
    scopes = []
    for folder in snapshot_folders(root):
        source = SnapshotSource(folder)
        origin = folder.relative_to(root).as_posix()
        scopes.append(Scope(source, namespace, origin=origin if origin != "." else folder.name, now=source.captured_at))
    return scopes
