"""Every error jobdoctor raises on purpose, and the exit code each leads to::

    JobdoctorError
      InputError      exit 3   what the user gave cannot be used
        SnapshotError          a snapshot directory or one of its files
        Refused                a user's file that is not a regular UTF-8 file of at most 1 MiB
        UnknownKind            KIND names no supported workload kind
        WorkloadNotFound       the workload is not in the snapshot or cluster
        CatalogueError         a signature catalogue (--rules FILE) is invalid
        TemplateError          a prompt template cannot be used
        ConfigError            a configuration file is invalid
      ClusterError    exit 4   the cluster could not be asked
        ClusterUnreachable     no answer, too slow, or no configuration found
        ClusterForbidden       not even the workload may be read
      Unreadable               one log or the events could not be read; becomes a note

Exit 0 means a verdict was printed, healthy or not; 1 an internal error (rerun with
--debug); 2 a usage error (typer's own). Model failures never surface here: diagnose()
falls back to the rule verdict and says why.
"""

from __future__ import annotations

from enum import IntEnum

from collectors.errors import (
    ClusterError,
    ClusterForbidden,
    ClusterUnreachable,
    InputError,
    JobdoctorError,
    SnapshotError,
    UnknownKind,
    Unreadable,
    WorkloadNotFound,
)

__all__ = [
    "CatalogueError",
    "ClusterError",
    "ClusterForbidden",
    "ClusterUnreachable",
    "ConfigError",
    "ExitCode",
    "InputError",
    "JobdoctorError",
    "SnapshotError",
    "TemplateError",
    "UnknownKind",
    "Unreadable",
    "WorkloadNotFound",
    "exit_code_for",
    "validation_problem",
]


class CatalogueError(InputError):
    """A signature catalogue file cannot be loaded."""


class TemplateError(InputError):
    """A prompt template cannot be loaded or rendered."""


class ConfigError(InputError):
    """A configuration file cannot be loaded."""


class ExitCode(IntEnum):
    OK = 0
    INTERNAL = 1
    USAGE = 2
    INPUT = 3
    CLUSTER = 4


def validation_problem(error: Exception) -> str:
    """A pydantic ValidationError's first problem as ``field.path: message``: one line for
    a user who mistyped a setting."""
    errors = getattr(error, "errors", None)
    if not callable(errors) or not errors():
        return str(error).splitlines()[0] if str(error) else type(error).__name__
    first = errors()[0]
    return f"{'.'.join(str(part) for part in first['loc'])}: {first['msg']}"


def exit_code_for(error: BaseException) -> ExitCode:
    if isinstance(error, InputError):
        return ExitCode.INPUT
    if isinstance(error, ClusterError):
        return ExitCode.CLUSTER
    return ExitCode.INTERNAL
