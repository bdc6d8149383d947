"""Listing the workloads in scope, and serving the diagnoses' gets from those lists.

One list per kind, API version and namespace scope (``-n`` or ``-A``), paginated by the
source (collectors/cluster.py: 500 a page): 13 lists for every supported kind, whatever
the number of workloads. A kind whose CRD is not installed lists as empty (the API answers
404); one that may not be listed is a note, and the other kinds are still triaged.

``ListedSource`` then answers each diagnosis's get of its workload - and of a child of a
listed kind, such as a RayJob's submitter Job - from those lists: one request fewer per
workload, and the verdict judges the same object the selection judged.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from agent.errors import Unreadable
from agent.triage.selecting import Listed
from collectors.kinds import Kind
from collectors.source import K8sObject, ObjectRef, Source


@dataclass
class Listing:
    items: list[Listed] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # (api_version, kind) lists that answered: an object not in them did not exist then.
    complete: set[tuple[str, str]] = field(default_factory=set)


def list_workloads(source: Source, kinds: Sequence[Kind], namespace: str | None, *, origin: str = "") -> Listing:
    """Every workload of ``kinds`` in ``namespace`` (None: all namespaces). Raises what the
    source raises when the cluster cannot be asked at all (ClusterError)."""
    listing = Listing()
    where = f"namespace {namespace}" if namespace else "all namespaces"
    for kind in kinds:
        for api_version in kind.api_versions:
            try:
                objects = source.list_objects(api_version, kind.kind, namespace)
            except Unreadable as exc:
                listing.notes.append(f"{kind.plural} ({api_version}) in {where} not listed: {exc}")
                continue
            listing.complete.add((api_version, kind.kind))
            listing.items.extend(Listed(kind, api_version, obj, origin) for obj in objects)
    return listing


class ListedSource:
    """A Source that answers gets of listed kinds from the listing and passes everything
    else to ``inner``. Thread-safe as ``inner`` is: the listing is only read."""

    def __init__(self, inner: Source, listing: Listing, namespace: str | None) -> None:
        self._inner = inner
        self._namespace = namespace
        self._complete = frozenset(listing.complete)
        self._objects = {(i.api_version, i.kind.kind, i.namespace, i.name): i.obj for i in listing.items}

    @property
    def captured_at(self) -> datetime | None:
        return self._inner.captured_at

    @property
    def notes(self) -> list[str]:
        return self._inner.notes

    def get_object(self, api_version: str, kind: str, name: str, namespace: str | None) -> K8sObject | None:
        if namespace is None:  # cluster-scoped: no workload kind is
            return self._inner.get_object(api_version, kind, name, namespace)
        found = self._objects.get((api_version, kind, namespace, name))
        if found is not None:
            return found
        listed_here = self._namespace in (None, namespace)
        if listed_here and (api_version, kind) in self._complete:
            return None  # the list of its namespace did not hold it
        return self._inner.get_object(api_version, kind, name, namespace)

    def list_objects(
        self, api_version: str, kind: str, namespace: str | None, *, label_selector: str | None = None
    ) -> list[K8sObject]:
        return self._inner.list_objects(api_version, kind, namespace, label_selector=label_selector)

    def list_events(self, namespace: str, involved: Sequence[ObjectRef]) -> list[K8sObject]:
        return self._inner.list_events(namespace, involved)

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
        return self._inner.read_log(
            namespace, pod, container, previous=previous, tail_lines=tail_lines, limit_bytes=limit_bytes
        )
