"""The one interface between jobdoctor and the place a workload lives.

A ``Source`` answers four questions about a namespace, and nothing else: what an object
looks like, which objects of a kind match a label selector, which events concern a set of
objects, and what a container printed. ``SnapshotSource`` (collectors/snapshot.py) answers
them from a directory written by kubectl or ``jobdoctor capture``; ``ClusterSource``
(collectors/cluster.py) answers them from the API server. Diagnosis code only ever talks to
a ``Source``, so a verdict read from a snapshot is the verdict read live.

Example, a source that serves one pod and no logs (the shape of a test double)::

    class OnePod:
        captured_at = None
        notes = []
        def get_object(self, api_version, kind, name, namespace):
            return POD if (kind, name) == ("Pod", "trainer") else None
        def list_objects(self, api_version, kind, namespace, *, label_selector=None):
            return [POD] if kind == "Pod" else []
        def list_events(self, namespace, involved):
            return []
        def read_log(self, namespace, pod, container, *, previous=False,
                     tail_lines=None, limit_bytes=None):
            return iter(())
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

K8sObject = dict[str, Any]
"""A Kubernetes object as the API serves it in JSON (camelCase keys)."""


@dataclass(frozen=True)
class ObjectRef:
    """Enough to recognise an object among events: kind, name and, when known, uid.

    With ``generated`` the name is a ``generateName`` prefix: the ref stands for every object
    named that prefix plus the five characters Kubernetes adds - a pod's siblings made by the
    same controller, the gone ones included.
    """

    kind: str
    name: str
    namespace: str | None = None
    uid: str | None = None
    generated: bool = False


# The characters Kubernetes draws a generateName suffix from (apimachinery's rand.String):
# no vowels, no 0/1/3, so a word or an ordinal rarely looks like one.
_SUFFIX_ALPHABET = frozenset("bcdfghjklmnpqrstvwxz2456789")
_SUFFIX_LENGTH = 5


def generated_prefix(obj: K8sObject) -> str | None:
    """The ``generateName`` an object was named from: its own field when the object has it,
    else read from a name that ends in a dash and five suffix characters (snapshots written
    by hand or by tools that drop the field)."""
    meta = obj.get("metadata") or {}
    prefix = meta.get("generateName")
    if isinstance(prefix, str) and prefix:
        return prefix
    name = meta.get("name")
    return _prefix_of(name) if isinstance(name, str) else None


def _prefix_of(name: str) -> str | None:
    stem, suffix = name[:-_SUFFIX_LENGTH], name[-_SUFFIX_LENGTH:]
    if len(stem) > 1 and stem.endswith("-") and _SUFFIX_ALPHABET.issuperset(suffix):
        return stem
    return None


class Source(Protocol):
    """Reads Kubernetes objects, events and logs. All methods are blocking."""

    @property
    def captured_at(self) -> datetime | None:
        """The moment the state was read: a snapshot's ``capturedAt``; None for a live source."""
        ...

    @property
    def notes(self) -> list[str]:
        """What the source itself left out or had to choose while reading, one line each: a
        snapshot's unreadable or refused files, fields of the wrong type, conflicting copies
        of an object, cut lines. The evidence carries them as notes."""
        ...

    def get_object(self, api_version: str, kind: str, name: str, namespace: str | None) -> K8sObject | None:
        """The object, or None when it does not exist."""
        ...

    def list_objects(
        self, api_version: str, kind: str, namespace: str | None, *, label_selector: str | None = None
    ) -> list[K8sObject]:
        """Objects of a kind in a namespace, filtered by an equality-based label selector."""
        ...

    def list_events(self, namespace: str, involved: Sequence[ObjectRef]) -> list[K8sObject]:
        """Events (core/v1 or events.k8s.io/v1, as stored) about any of the given objects."""
        ...

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
        """A container's log as chunks of bytes, like ``kubectl logs``.

        ``tail_lines`` keeps the last lines, then ``limit_bytes`` caps what is returned from
        the start of that window (the API server's semantics). Raises ``Unreadable`` when the
        log exists but cannot be read; yields nothing when there is no log.
        """
        ...


def involvement(refs: Sequence[ObjectRef]) -> Callable[[K8sObject], bool]:
    """A test of whether a core/v1 or events.k8s.io/v1 event is about one of ``refs`` (by
    uid, or by kind and name when the event names no uid). Sources use it to filter events,
    before an event's fields are checked (collectors/shapes.py): a field of the wrong type is
    no match. The refs' uids and names are gathered once, not per event: a thousand pods' refs
    against fifty thousand events."""
    uids = {ref.uid for ref in refs if ref.uid}
    names = {(ref.kind, ref.name) for ref in refs if not ref.generated}
    prefixes = {(ref.kind, ref.name) for ref in refs if ref.generated}

    def about(event: K8sObject) -> bool:
        regarding = event.get("involvedObject") or event.get("regarding")
        if not isinstance(regarding, dict):
            return False
        uid, kind, name = regarding.get("uid"), regarding.get("kind"), regarding.get("name")
        if isinstance(uid, str) and uid in uids:
            return True
        if not (isinstance(kind, str) and isinstance(name, str)):
            return False
        return (kind, name) in names or (bool(prefixes) and (kind, _prefix_of(name)) in prefixes)

    return about
