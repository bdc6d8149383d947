"""Workload kinds, read from kinds.yaml: how to find a kind's pods and name their roles."""

from __future__ import annotations

import difflib
from functools import lru_cache
from importlib import resources
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from collectors.errors import UnknownKind


class ChildRef(BaseModel):
    """An object a controller creates for the workload, found by name."""

    model_config = ConfigDict(extra="forbid")
    api_version: str
    kind: str
    name: str = Field(description="Name template; {name} is the workload's name.")


class Kind(BaseModel):
    """One supported workload kind. See kinds.yaml for the meaning of each field."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: str
    api_versions: list[str]
    plural: str
    short_names: list[str] = []
    family: Literal["kubeflow", "job", "pod"]
    replica_specs: str | None = None
    pod_selectors: list[str] = []
    role_labels: list[str] = []
    index_label: str | None = None
    primary_roles: list[str] = []
    children: list[ChildRef] = []

    @property
    def names(self) -> set[str]:
        """Every spelling a user may type for this kind, lower case."""
        return {self.kind.lower(), self.plural.lower(), *(n.lower() for n in self.short_names)}


class KindsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kinds: list[Kind]


@lru_cache(maxsize=1)
def builtin_kinds() -> tuple[Kind, ...]:
    text = resources.files("collectors").joinpath("kinds.yaml").read_text(encoding="utf-8")
    return tuple(KindsFile.model_validate(yaml.safe_load(text)).kinds)


def resolve_kind(name: str) -> Kind:
    """The kind a user means by ``name``: case-insensitive, plural, short or ``kind.group``."""
    wanted = name.strip().lower()
    base, _, group = wanted.partition(".")
    for kind in builtin_kinds():
        if base in kind.names and (not group or any(v.lower().startswith(group + "/") for v in kind.api_versions)):
            return kind
    known = sorted(k.kind.lower() for k in builtin_kinds())
    close = difflib.get_close_matches(base, sorted({n for k in builtin_kinds() for n in k.names}), n=1)
    hint = f"; did you mean {close[0]}?" if close else f"; known kinds: {', '.join(known)}"
    raise UnknownKind(f"unknown kind {name!r}{hint}")
