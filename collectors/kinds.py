"""Workload kinds, read from kinds.yaml: how to find a kind's pods and name their roles.

Names, selectors and child names in kinds.yaml are templates. ``{name}``, ``{uid}`` and
``{namespace}`` are the workload's; any other field is a dotted path into the workload
(``{status.rayClusterName}``) or, prefixed with a kind, into the first child of that kind
read before it (``{JobSet:status.restarts}``), with an optional default after ``|``
(``{status.restarts|0}``). A template whose field is missing and has no default cannot be
filled: the selector or child is skipped, which costs no request.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from collectors.errors import UnknownKind

Family = Literal["kubeflow", "job", "pod", "jobset", "trainjob", "ray", "rayservice", "raycluster", "volcano"]

_FIELD = re.compile(r"\{([^{}]+)\}")


class ChildRef(BaseModel):
    """An object a controller creates for the workload: found by name, or by label selector."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    api_version: str
    kind: str
    names: list[str] = Field([], description="Name templates tried in order; the first that exists is the child.")
    selector: str | None = Field(None, description="Label selector template; every object it matches is a child.")

    @model_validator(mode="after")
    def _one_way(self) -> ChildRef:
        if bool(self.names) == (self.selector is not None):
            raise ValueError(f"child {self.kind}: give either names or a selector")
        return self


class PodSet(BaseModel):
    """Pods found by a selector in addition to the kind's own, with the role they play."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    selector: str
    role: str | None = Field(None, description="Role of these pods when no role label names one.")


class AdmissionRef(BaseModel):
    """An object a queue keeps about any workload (Kueue's Workload), found by label.

    Looked up only when the workload carries ``when_label`` or is suspended, which is how
    queues hold workloads back: a workload that uses no queue costs no request.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    api_version: str
    kind: str
    selector: str
    when_label: str | None = None
    when_suspended: bool = True


class Kind(BaseModel):
    """One supported workload kind. See kinds.yaml for the meaning of each field."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: str
    api_versions: list[str]
    plural: str
    short_names: list[str] = []
    family: Family
    replica_specs: str | None = None
    pod_selectors: list[str] = []
    more_pods: list[PodSet] = []
    role_labels: list[str] = []
    index_label: str | None = None
    primary_roles: list[str] = []
    children: list[ChildRef] = []
    operators: dict[str, str] = {}

    @property
    def names(self) -> set[str]:
        """Every spelling a user may type for this kind, lower case."""
        return {self.kind.lower(), self.plural.lower(), *(n.lower() for n in self.short_names)}


class KindsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kinds: list[Kind]
    admission: list[AdmissionRef] = []


@lru_cache(maxsize=1)
def _kinds_file() -> KindsFile:
    text = resources.files("collectors").joinpath("kinds.yaml").read_text(encoding="utf-8")
    # libyaml when PyYAML has it: the pure-Python parser costs tens of milliseconds at start-up.
    return KindsFile.model_validate(yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))


def builtin_kinds() -> tuple[Kind, ...]:
    return tuple(_kinds_file().kinds)


def admission_refs() -> tuple[AdmissionRef, ...]:
    """Queue objects looked up for every kind (kinds.yaml ``admission``)."""
    return tuple(_kinds_file().admission)


def resolve_kind(name: str) -> Kind:
    """The kind a user means by ``name``: case-insensitive, plural, short or ``kind.group``."""
    wanted = name.strip().lower()
    base, _, group = wanted.partition(".")
    for kind in builtin_kinds():
        if base in kind.names and (not group or any(v.lower().startswith(group + "/") for v in kind.api_versions)):
            return kind
    known = sorted({k.kind.lower() for k in builtin_kinds()})
    import difflib  # only to suggest a spelling after a typo

    close = difflib.get_close_matches(base, sorted({n for k in builtin_kinds() for n in k.names}), n=1)
    hint = f"; did you mean {close[0]}?" if close else f"; known kinds: {', '.join(known)}"
    raise UnknownKind(f"unknown kind {name!r}{hint}")


def fill(template: str, workload: Mapping[str, Any], children: Sequence[Mapping[str, Any]] = ()) -> str | None:
    """``template`` with its fields filled from the workload and its children (see the
    module docstring), or None when a field without a default is missing."""
    meta = workload.get("metadata") or {}
    shortcuts = {"name": meta.get("name"), "uid": meta.get("uid"), "namespace": meta.get("namespace")}
    missing = False

    def value(m: re.Match[str]) -> str:
        nonlocal missing
        field, _, default = m.group(1).partition("|")
        source: Mapping[str, Any] | None = workload
        if ":" in field:
            kind, _, field = field.partition(":")
            source = next((c for c in children if c.get("kind") == kind), None)
        found = shortcuts.get(field) if source is workload and field in shortcuts else _path(source, field)
        if found is None or found == "":
            if not m.group(1).count("|"):
                missing = True
                return ""
            return default
        return str(found)

    filled = _FIELD.sub(value, template)
    return None if missing else filled


def _path(obj: Mapping[str, Any] | None, dotted: str) -> Any:
    node: Any = obj
    for part in dotted.split("."):
        if not isinstance(node, Mapping):
            return None
        node = node.get(part)
    return node
