"""Errors raised while reading a workload from a source.

The full tree, including the errors the agent adds, is documented in ``agent/errors.py``.
These live here because collectors are the bottom layer: the agent imports them, never the
other way round.
"""

from __future__ import annotations


class JobdoctorError(Exception):
    """Base of every error jobdoctor raises on purpose. Its message is one line for the user."""


class InputError(JobdoctorError):
    """What the user gave cannot be used: a snapshot, a kind, a name, a file."""


class SnapshotError(InputError):
    """A snapshot directory is missing, malformed or holds an unusable file."""


class UnknownKind(InputError):
    """The KIND argument names no workload kind jobdoctor knows."""


class WorkloadNotFound(InputError):
    """The workload is not in the snapshot or the cluster."""


class ClusterError(JobdoctorError):
    """The cluster could not be asked at all."""


class ClusterUnreachable(ClusterError):
    """The API server did not answer, answered too slowly, or no configuration was found."""


class ClusterForbidden(ClusterError):
    """Not even the workload itself may be read with these credentials."""


class Unreadable(JobdoctorError):
    """One piece of evidence (a log, the events) could not be read.

    Collection turns this into a note in the evidence and goes on: a diagnosis with part of
    the evidence beats no diagnosis.
    """

    def __init__(self, message: str, *, forbidden: bool = False) -> None:
        super().__init__(message)
        self.forbidden = forbidden
