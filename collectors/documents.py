"""YAML documents loaded fast, and within bounds: libyaml's parser events built straight
into Python objects.

PyYAML's loaders compose a node graph first (every node with two position marks), then
construct objects from it, in Python: about a second per megabyte. A 1,000-pod snapshot's
objects.yaml is ten. Built from the parser's events, the same objects cost a tenth of that.

What kubectl writes - mappings, sequences and untagged scalars - is built here with
PyYAML's own resolver and constructors, so values are exactly what ``yaml.safe_load`` gives.
Anything else (anchors, aliases, explicit tags, merge keys, complex keys) makes the whole
stream go through PyYAML's SafeLoader instead, once its aliases are measured.

Every YAML file a user hands jobdoctor is loaded here, because a file of a few hundred bytes
can hold more than any machine can walk: an alias bomb (nine aliases of nine aliases of ...)
expands to billions of nodes, a recursive alias to infinitely many, and ``[[[[...]]]]``
nested 50,000 deep overflows every recursive walk. ``Limits`` bounds all three before a
single object is built, and cuts scalars longer than any Kubernetes field can hold.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import yaml
from yaml import events as ev

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_STR = "tag:yaml.org,2002:str"
_RESOLVER = yaml.resolver.Resolver()
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_MERGE = "tag:yaml.org,2002:merge"
# Strings this short repeat across objects ("v1", "Normal", "kubelet", label values): one
# copy each keeps a 50,000-event snapshot's values from costing a copy per event. The table
# of shared copies stops growing at SHARED_VALUES: millions of distinct values (a hostile
# file) would cost the table more than sharing saves.
SHARED_CHARS = 64
SHARED_VALUES = 1 << 17
CUT_MARK = " [… cut by jobdoctor: longer than any Kubernetes field]"


@dataclass(frozen=True)
class Limits:
    """What one YAML stream may hold.

    ``max_nodes`` is twice the nodes of a 50,000-event, 1,000-pod snapshot; ``max_depth``
    five times the deepest Kubernetes object (a JobSet's pod affinity, about 20 levels);
    ``max_alias_nodes``: aliases may repeat what a stream holds, once more, or this many
    nodes, not multiply it; ``max_scalar_chars``: the largest Kubernetes value (a ConfigMap)
    is 1 MiB, annotations together 256 KiB, an event's message 1 KiB.
    """

    max_nodes: int = 4_000_000
    max_depth: int = 100
    max_alias_nodes: int = 100_000
    max_scalar_chars: int = 1 << 20


DEFAULT_LIMITS = Limits()


class Unbounded(yaml.MarkedYAMLError):  # type: ignore[misc]  # PyYAML is untyped
    """A YAML stream holds more than ``Limits`` allows, or a value no constructor accepts."""

    def __init__(self, problem: str, mark: Any = None) -> None:
        super().__init__(problem=problem, problem_mark=mark)

    def __str__(self) -> str:
        where = f"line {self.problem_mark.line + 1}: " if self.problem_mark is not None else ""
        return f"{where}{self.problem}"


class _Unusual(Exception):
    """The stream holds something only PyYAML's full loader handles."""


def load_documents(data: bytes | str, *, limits: Limits = DEFAULT_LIMITS, notes: list[str] | None = None) -> list[Any]:
    """Every document of a YAML stream, as ``list(yaml.safe_load_all(data))`` gives them.

    Raises ``yaml.YAMLError`` for what is not YAML, and ``Unbounded`` (one of them) for a
    stream over ``limits``. Scalars over ``limits.max_scalar_chars`` are cut, and counted
    in ``notes``.
    """
    cut: list[int] = [0]
    try:
        docs = _from_events(data, limits, cut)
    except _Unusual:
        _measure(data, limits)
        try:
            docs = list(yaml.load_all(data, Loader=_LOADER))
        except (ValueError, OverflowError) as exc:  # a timestamp or number no constructor takes
            raise Unbounded(f"a value that cannot be read ({exc})") from None
        cut[0] = 0  # the events seen before the first alias are counted again here
        docs = [_cut_scalars(d, limits.max_scalar_chars, cut, set()) for d in docs]
    if cut[0] and notes is not None:
        size = limits.max_scalar_chars
        limit = f"{size >> 20} MiB" if size >= 1 << 20 and not size % (1 << 20) else f"{size:,} characters"
        notes.append(f"{cut[0]} value{'s' if cut[0] > 1 else ''} longer than {limit} cut to that length")
    return docs


def load_document(data: bytes | str, *, limits: Limits = DEFAULT_LIMITS) -> Any:
    """The one document of a YAML stream (None for an empty one), as ``yaml.safe_load``."""
    docs = load_documents(data, limits=limits)
    if len(docs) > 1:
        raise Unbounded("expected one YAML document, found several (a '---' line?)")
    return docs[0] if docs else None


def _scalar(event: ev.ScalarEvent, limits: Limits, cut: list[int], shared: dict[str, str]) -> Any:
    if event.anchor is not None or (event.tag is not None and event.tag != "!"):
        raise _Unusual
    value = event.value
    if len(value) > limits.max_scalar_chars:
        cut[0] += 1
        return value[: limits.max_scalar_chars] + CUT_MARK
    if event.style or not event.implicit[0]:
        return _shared(shared, value)  # quoted: a string
    resolvers = _RESOLVER.yaml_implicit_resolvers.get(value[:1] or None, ())
    if not resolvers and value:
        return _shared(shared, value)  # most plain scalars: no implicit type starts with their first character
    tag = _RESOLVER.resolve(yaml.ScalarNode, value, (True, False))
    if tag == _STR:
        return _shared(shared, value)
    if tag == _MERGE:
        raise _Unusual
    try:
        return _CONSTRUCTOR.yaml_constructors[tag](_CONSTRUCTOR, yaml.ScalarNode(tag, value))
    except (ValueError, OverflowError) as exc:  # 2026-13-45, a 5,000-digit integer
        raise Unbounded(
            f"{value[:40]!r} cannot be read as a {tag.rsplit(':', 1)[-1]} ({exc})", event.start_mark
        ) from None


def _shared(shared: dict[str, str], value: str) -> str:
    if len(value) > SHARED_CHARS:
        return value
    if len(shared) < SHARED_VALUES:
        return shared.setdefault(value, value)
    return shared.get(value, value)


def _from_events(data: bytes | str, limits: Limits, cut: list[int]) -> list[Any]:
    docs: list[Any] = []
    stack: list[tuple[Any, Any]] = []  # (container, pending key) of the enclosing collections
    current: Any = None
    key: Any = _NO_KEY
    nodes = 0
    shared: dict[str, str] = {}
    for event in yaml.parse(data, Loader=_LOADER):
        kind = type(event)
        if kind is ev.ScalarEvent:
            node: Any = _scalar(event, limits, cut, shared)
        elif kind is ev.MappingStartEvent or kind is ev.SequenceStartEvent:
            if event.anchor is not None or (event.tag is not None and event.tag != "!"):
                raise _Unusual
            if len(stack) >= limits.max_depth:
                raise Unbounded(f"nested more than {limits.max_depth} levels deep", event.start_mark)
            stack.append((current, key))
            current, key = ({} if kind is ev.MappingStartEvent else []), _NO_KEY
            nodes += 1
            continue
        elif kind is ev.MappingEndEvent or kind is ev.SequenceEndEvent:
            node = current
            current, key = stack.pop()
        elif kind is ev.AliasEvent:
            raise _Unusual
        else:
            continue
        nodes += 1
        if nodes > limits.max_nodes:
            raise Unbounded(f"more than {limits.max_nodes:,} values", event.start_mark)
        if current is None:
            docs.append(node)  # an empty document is an empty plain scalar: None
        elif type(current) is list:
            current.append(node)
        elif key is _NO_KEY:
            if isinstance(node, (dict, list)):
                raise _Unusual  # a complex key
            key = sys.intern(node) if type(node) is str else node
        else:
            current[key] = node
            key = _NO_KEY
    return docs


def _measure(data: bytes | str, limits: Limits) -> None:
    """Raises ``Unbounded`` when the stream's aliases would expand it past ``limits``.

    Counts, from the parser's events alone, how many nodes and how deep each anchored node
    is, so that an alias costs what it repeats - in time linear in the text, however
    exponential the expansion."""
    anchors: dict[str, tuple[int, int]] = {}  # anchor -> (nodes, depth) of the node it names
    open_anchors: set[str] = set()
    stack: list[list[Any]] = []  # per open collection: [nodes, depth below it, anchor]
    parsed = repeated = 0
    for event in yaml.parse(data, Loader=_LOADER):
        kind = type(event)
        anchor = getattr(event, "anchor", None)
        if kind is ev.ScalarEvent:
            size, depth = 1, 0
            parsed += 1
        elif kind is ev.MappingStartEvent or kind is ev.SequenceStartEvent:
            if len(stack) >= limits.max_depth:
                raise Unbounded(f"nested more than {limits.max_depth} levels deep", event.start_mark)
            parsed += 1
            stack.append([1, 0, anchor])
            if anchor is not None:
                open_anchors.add(anchor)
            continue
        elif kind is ev.MappingEndEvent or kind is ev.SequenceEndEvent:
            size, depth, anchor = stack.pop()
            depth += 1
            if anchor is not None:
                open_anchors.discard(anchor)
        elif kind is ev.AliasEvent:
            if anchor in open_anchors:
                raise Unbounded(f"the alias *{anchor} is inside the node it names: it never ends", event.start_mark)
            size, depth = anchors.get(anchor or "", (1, 0))
            repeated += size
            anchor = None
            if len(stack) + depth > limits.max_depth:
                raise Unbounded(
                    f"the alias *{event.anchor} nests more than {limits.max_depth} levels deep", event.start_mark
                )
            if repeated > max(parsed, limits.max_alias_nodes):
                raise Unbounded(
                    f"aliases repeat more than {max(parsed, limits.max_alias_nodes):,} values (an alias bomb?)",
                    event.start_mark,
                )
        else:
            continue
        if anchor is not None:
            anchors[anchor] = (size, depth)
        if stack:
            stack[-1][0] += size
            stack[-1][1] = max(stack[-1][1], depth)
        if parsed + repeated > limits.max_nodes:
            raise Unbounded(f"more than {limits.max_nodes:,} values", event.start_mark)


def _cut_scalars(value: Any, limit: int, cut: list[int], seen: set[int]) -> Any:
    """``value`` with strings over ``limit`` cut; shared nodes (aliases) visited once."""
    if isinstance(value, str):
        if len(value) > limit:
            cut[0] += 1
            return value[:limit] + CUT_MARK
        return value
    if isinstance(value, (dict, list)):
        if id(value) in seen:
            return value
        seen.add(id(value))
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for k, v in list(items):
            value[k] = _cut_scalars(v, limit, cut, seen)
    return value


_NO_KEY = object()


# -- writing --------------------------------------------------------------------------------

# Strings that may stand unquoted: PyYAML's resolver decides whether they would load back as
# strings. Anything else is written as a JSON string, which YAML reads as a double-quoted one.
_PLAIN = re.compile(r"[A-Za-z_/][A-Za-z0-9_./-]*\Z")
# Characters a YAML reader folds as line breaks, or refuses, inside a quoted string: escaped.
_UNSAFE_IN_QUOTES = re.compile("[\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]")


def dump_list_item(value: Any) -> str:
    """``value`` (a JSON-like object: mappings, lists, strings, numbers, booleans, None) as
    one item of a block sequence - ``- key: value`` lines, kubectl's layout - that
    ``load_documents`` reads back as ``value``. What ``yaml.dump`` writes, at a fraction of its
    cost: a capture of 50,000 events spent most of its time in PyYAML's representer."""
    lines: list[str] = []

    def entry(v: Any, head: str, col: int, is_key: bool) -> None:
        """``v`` after ``head``: ``key:`` at column ``col``, or ``- `` with its dash there."""
        if isinstance(v, dict) and v:
            if is_key:
                lines.append(head)
                head = " " * (col + 2)
            for k, item in v.items():
                entry(item, head + _scalar_text(k) + ":", col + 2, True)
                head = " " * (col + 2)
        elif isinstance(v, list) and v:
            lines.append(head if is_key else head.rstrip())
            dash = col if is_key else col + 2  # kubectl puts a key's list at the key's column
            for item in v:
                entry(item, " " * dash + "- ", dash, False)
        else:
            text = "{}" if isinstance(v, dict) else "[]" if isinstance(v, list) else _scalar_text(v)
            lines.append(f"{head} {text}" if is_key else head + text)

    entry(value, "- ", 0, False)
    return "\n".join(lines) + "\n"


@lru_cache(maxsize=1 << 16)
def _plain(text: str) -> bool:
    return bool(_PLAIN.match(text)) and _RESOLVER.resolve(yaml.ScalarNode, text, (True, False)) == _STR


def _scalar_text(v: Any) -> str:
    if isinstance(v, str):
        if _plain(v):
            return v
        return _UNSAFE_IN_QUOTES.sub(lambda m: f"\\u{ord(m.group(0)):04x}", json.dumps(v, ensure_ascii=False))
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v != v:
            return ".nan"
        if v in (float("inf"), float("-inf")):
            return ".inf" if v > 0 else "-.inf"
        text = repr(v).lower()
        return text.replace("e", ".0e", 1) if "." not in text and "e" in text else text  # as PyYAML writes it
    # Anything else (a date in a hand-made snapshot): PyYAML's own spelling of it.
    return str(yaml.safe_dump(v, default_flow_style=True, width=1 << 16)).removesuffix("\n...\n").strip()
