"""The shapes of the Kubernetes objects jobdoctor reads: checked where objects enter.

A Source hands out objects as the API serves them (``K8sObject``, plain dicts), and the
readers (collecting.py, families.py, kinds.py, capture.py) trust the types of the fields they
use: ``status.containerStatuses`` is a list of mappings, ``metadata.labels`` a mapping,
``spec.nodeName`` a string. The API server guarantees that; a snapshot made by hand, merged
from two, or edited by someone who means harm does not. So every object is checked here, once,
as it enters - ``SnapshotSource`` when it loads objects.yaml, ``ClusterSource`` as objects
arrive - against pydantic models of the parts jobdoctor uses (and only those: an unknown
field, or a field nobody reads, may hold anything).

A field of the wrong type is removed, and ``repair`` says which: the object is then what it
would be had the field been absent, which every reader handles, and the diagnosis of the rest
goes on. Only an object without an identity (kind, apiVersion, metadata.name) cannot be
repaired: ``identity_problem`` names what is missing, and the snapshot is refused.

Readers treat an empty or false value as absent (``status.get("conditions") or []``), so a
collection field may also be ``null``, ``""``, ``0``, ``[]`` or ``{}``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime
from functools import lru_cache
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, ValidationError, create_model

from collectors.kinds import builtin_kinds
from collectors.source import K8sObject, ObjectRef, Source

T = TypeVar("T")
# Fields named in one note for one object; the rest are counted.
NOTE_FIELDS = 3


def _absent_if_empty(value: Any) -> Any:
    return value if value else None


# A mapping or list field: what the readers' `x or {}` accepts.
Maybe = Annotated[T | None, BeforeValidator(_absent_if_empty)]


class _Part(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)


class Mapping(_Part):
    """A mapping whose own fields are read only through ``int()`` or ``str()``."""


class OwnerReference(_Part):
    uid: str | None = None
    kind: str | None = None


class Metadata(_Part):
    namespace: str | None = None
    uid: str | None = None
    labels: Maybe[dict[Any, Any]] = None
    annotations: Maybe[dict[Any, Any]] = None
    ownerReferences: Maybe[list[OwnerReference]] = None


class Condition(_Part):
    reason: str | None = None
    message: str | None = None


class Status(_Part):
    conditions: Maybe[list[Condition]] = None


class _Object(_Part):
    metadata: Metadata


class KubeObject(_Object):
    """Any object: its metadata, a mapping for a spec, and conditions in its status."""

    spec: Maybe[Mapping] = None
    status: Maybe[Status] = None


# -- pods and events --------------------------------------------------------------------------


class ContainerStateDetail(_Part):
    reason: str | None = None
    message: str | None = None
    exitCode: int | None = None
    signal: int | None = None


class ContainerState(_Part):
    terminated: Maybe[ContainerStateDetail] = None
    waiting: Maybe[ContainerStateDetail] = None
    running: Maybe[ContainerStateDetail] = None


class ContainerStatus(_Part):
    name: str | None = None
    image: str | None = None
    state: Maybe[ContainerState] = None
    lastState: Maybe[ContainerState] = None


class Container(_Part):
    name: str | None = None


class PodSpec(_Part):
    nodeName: str | None = None
    containers: Maybe[list[Container]] = None
    initContainers: Maybe[list[Container]] = None


class PodStatus(Status):
    reason: str | None = None
    message: str | None = None
    containerStatuses: Maybe[list[ContainerStatus]] = None
    initContainerStatuses: Maybe[list[ContainerStatus]] = None


class Pod(_Object):
    spec: Maybe[PodSpec] = None
    status: Maybe[PodStatus] = None


class EventObject(_Part):
    uid: str | None = None
    kind: str | None = None
    name: str | None = None


class Event(_Object):
    involvedObject: Maybe[EventObject] = None
    regarding: Maybe[EventObject] = None
    series: Maybe[Mapping] = None


# -- workloads (collectors/families.py) -------------------------------------------------------


class JobTemplate(_Part):
    spec: Maybe[Mapping] = None


class ReplicatedJob(_Part):
    template: Maybe[JobTemplate] = None


class JobSetSpec(_Part):
    replicatedJobs: Maybe[list[ReplicatedJob]] = None


class JobSet(_Object):
    spec: Maybe[JobSetSpec] = None
    status: Maybe[Status] = None


class RayClusterSpec(_Part):
    workerGroupSpecs: Maybe[list[Mapping]] = None


class RayJobSpec(_Part):
    rayClusterSpec: Maybe[RayClusterSpec] = None


class RayJobStatus(Status):
    reason: str | None = None
    message: str | None = None


class RayJob(_Object):
    spec: Maybe[RayJobSpec] = None
    status: Maybe[RayJobStatus] = None


class VolcanoJobSpec(_Part):
    tasks: Maybe[list[Mapping]] = None


class VolcanoState(_Part):
    reason: str | None = None
    message: str | None = None


class VolcanoJobStatus(Status):
    state: Maybe[VolcanoState] = None


class VolcanoJob(_Object):
    spec: Maybe[VolcanoJobSpec] = None
    status: Maybe[VolcanoJobStatus] = None


# A Kubeflow job's `spec.<kind>ReplicaSpecs`: role -> its spec.
ReplicaSpecs = Maybe[dict[str, Maybe[Mapping]]]


class KubeflowStatus(Status):
    replicaStatuses: Maybe[dict[Any, Maybe[Mapping]]] = None


# -- related objects ----------------------------------------------------------------------------


class QuotaSpec(_Part):
    hard: Maybe[dict[str, Any]] = None


class QuotaStatus(_Part):
    hard: Maybe[dict[str, Any]] = None
    used: Maybe[dict[Any, Any]] = None


class ResourceQuota(_Object):
    spec: Maybe[QuotaSpec] = None
    status: Maybe[QuotaStatus] = None


class KueueWorkloadStatus(Status):
    admission: Maybe[Mapping] = None


class KueueWorkload(_Object):
    spec: Maybe[Mapping] = None
    status: Maybe[KueueWorkloadStatus] = None


class ConfigMap(KubeObject):
    data: Maybe[dict[Any, Any]] = None


class NodeSpec(_Part):
    taints: Maybe[list[Mapping]] = None


class Node(_Object):
    spec: Maybe[NodeSpec] = None
    status: Maybe[Status] = None


_BY_KIND: dict[str, type[_Object]] = {
    "Pod": Pod,
    "Event": Event,
    "ResourceQuota": ResourceQuota,
    "Workload": KueueWorkload,
    "ConfigMap": ConfigMap,
    "Node": Node,
    "JobSet": JobSet,
    "RayJob": RayJob,
}
_BY_FAMILY: dict[str, type[_Object]] = {"jobset": JobSet, "ray": RayJob, "volcano": VolcanoJob}


@lru_cache(maxsize=1)
def _workload_models() -> dict[tuple[str, str], type[_Object]]:
    """A model per workload kind and API version: a Kubeflow job's replica specs live in a
    field named by its kind (kinds.yaml ``replica_specs``)."""
    models: dict[tuple[str, str], type[_Object]] = {}
    for kind in builtin_kinds():
        chosen = _BY_FAMILY.get(kind.family) or _BY_KIND.get(kind.kind) or KubeObject
        if kind.family == "kubeflow" and kind.replica_specs:
            fields: dict[str, Any] = {kind.replica_specs: (ReplicaSpecs, None)}
            spec = create_model(f"{kind.kind}Spec", __base__=_Part, **fields)
            chosen = create_model(
                kind.kind, __base__=_Object, spec=(_maybe(spec), None), status=(_maybe(KubeflowStatus), None)
            )
        for api_version in kind.api_versions:
            models[(api_version, kind.kind)] = chosen
    return models


def _maybe(annotation: Any) -> Any:
    """``Maybe[annotation]``, built at run time."""
    return Annotated[annotation | None, BeforeValidator(_absent_if_empty)]


def model_for(obj: K8sObject) -> type[_Object]:
    kind = str(obj.get("kind"))
    return _workload_models().get((str(obj.get("apiVersion")), kind)) or _BY_KIND.get(kind, KubeObject)


# -- checking -----------------------------------------------------------------------------------


def identity_problem(obj: Any) -> str | None:
    """What keeps ``obj`` from being an object at all, or None: a kind, an apiVersion and a
    metadata.name, all strings."""
    if not isinstance(obj, dict):
        return f"expected a Kubernetes object, found {_type(obj)}"
    if not isinstance(obj.get("kind"), str) or not obj.get("kind"):
        return "an object has no kind"
    if not isinstance(obj.get("apiVersion"), str):
        return f"a {obj['kind']} has no apiVersion"
    meta = obj.get("metadata")
    if not isinstance(meta, dict) or not isinstance(meta.get("name"), str):
        return f"a {obj['kind']} has no metadata.name"
    return None


def repair(obj: K8sObject) -> str | None:
    """Removes, in place, the fields of ``obj`` whose type no reader expects; returns a note
    naming the object and those fields, or None when there were none. ``obj`` must have an
    identity (``identity_problem`` is None)."""
    try:
        model_for(obj).model_validate(obj)
        return None
    except ValidationError as exc:
        errors = exc.errors(include_url=False, include_context=False)
    planned: list[tuple[int, tuple[Any, ...], str]] = []  # (order in the object, where, what)
    for n, error in enumerate(errors):
        loc = tuple(error["loc"])
        what = f"({_expected(error['type'])}, found {_type(error['input'])})"
        if loc and loc[-1] == "[key]":  # a mapping key of the wrong type: the entry goes
            loc = loc[:-1]
            planned.append((n, loc, f"the key {loc[-1]!r} of {_path(loc[:-1])} {what}"))
        else:
            planned.append((n, loc, f"{_path(loc)} {what}"))
    done: list[tuple[int, str]] = []
    # Deepest first, and list items from the end, so removing one does not move another.
    for n, loc, text in sorted(planned, key=lambda p: (len(p[1]), [str(x).rjust(12) for x in p[1]]), reverse=True):
        if _remove(obj, loc):
            done.append((n, text))
    removed = [text for _, text in sorted(done)]
    if not removed:
        return None
    shown = ", ".join(removed[:NOTE_FIELDS]) + (
        f" and {len(removed) - NOTE_FIELDS} more" if len(removed) > NOTE_FIELDS else ""
    )
    meta = obj["metadata"]
    where = f"{meta['namespace']}/" if isinstance(meta.get("namespace"), str) else ""
    return f"{obj['kind']} {where}{meta['name']}: left out {shown}"


def _remove(obj: Any, loc: tuple[Any, ...]) -> bool:
    node = obj
    try:
        for key in loc[:-1]:
            node = node[key]
        if isinstance(node, dict) and loc[-1] in node:
            del node[loc[-1]]
            return True
        if isinstance(node, list) and isinstance(loc[-1], int) and loc[-1] < len(node):
            del node[loc[-1]]
            return True
    except (KeyError, IndexError, TypeError):
        pass
    return False


def _path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


_EXPECTED = {
    "model_type": "not a mapping",
    "model_attributes_type": "not a mapping",
    "dict_type": "not a mapping",
    "list_type": "not a list",
    "string_type": "not a string",
    "int_type": "not an integer",
}


def _expected(error_type: str) -> str:
    return _EXPECTED.get(error_type, error_type.replace("_", " "))


def _type(value: Any) -> str:
    return {
        dict: "a mapping",
        list: "a list",
        str: "a string",
        bool: "a boolean",
        int: "a number",
        float: "a number",
        type(None): "nothing",
    }.get(type(value), type(value).__name__)


class CheckedSource:
    """A Source whose objects are checked as they are handed out: ``collect()`` reads every
    source through one, so whatever the source (a cluster, a snapshot, a recording, a test's),
    a field of the wrong type is left out with a note and never reaches a reader. Its notes
    are those of one diagnosis: the source's own, then the repairs made while it ran."""

    def __init__(self, source: Source) -> None:
        self._source = source
        self._notes: list[str] = []

    @property
    def captured_at(self) -> datetime | None:
        return self._source.captured_at

    @property
    def notes(self) -> list[str]:
        return [*self._source.notes, *self._notes]

    def get_object(self, api_version: str, kind: str, name: str, namespace: str | None) -> K8sObject | None:
        obj = self._source.get_object(api_version, kind, name, namespace)
        return None if obj is None else self._checked([obj])[0]

    def list_objects(
        self, api_version: str, kind: str, namespace: str | None, *, label_selector: str | None = None
    ) -> list[K8sObject]:
        return self._checked(self._source.list_objects(api_version, kind, namespace, label_selector=label_selector))

    def list_events(self, namespace: str, involved: Sequence[ObjectRef]) -> list[K8sObject]:
        return self._checked(self._source.list_events(namespace, involved))

    def read_log(
        self,
        namespace: str,
        pod: str,
        container: str,
        *,
        previous: bool = False,
        tail_lines: int | None = None,
        limit_bytes: int | None = None,
    ) -> Iterator[bytes]:
        return self._source.read_log(
            namespace, pod, container, previous=previous, tail_lines=tail_lines, limit_bytes=limit_bytes
        )

    def _checked(self, objects: list[K8sObject]) -> list[K8sObject]:
        kept = []
        for obj in objects:
            problem = identity_problem(obj)
            if problem:  # nothing can be said of it, or asked for it
                self._note(f"an object left out: {problem}")
                continue
            note = repair(obj)
            if note:
                self._note(note)
            kept.append(obj)
        return kept

    def _note(self, note: str) -> None:
        if note not in self._notes:
            self._notes.append(note)
