"""collectors/documents.py: YAML loaded as safe_load would, within bounds; and written back."""

from __future__ import annotations

import datetime as dt
import math
import time
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from collectors.documents import CUT_MARK, Limits, Unbounded, dump_list_item, load_document, load_documents


def test_what_kubectl_writes_loads_as_safe_load_does() -> None:
    text = "a: 1\nb: [x, 'y', 2026-01-01T00:00:00Z, null, true, 1.5]\nc: {d: ~}\n---\n- 1\n"
    assert load_documents(text) == list(yaml.safe_load_all(text))


BOMB = "\n".join(
    ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    + [f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]" for p, n in zip("abcdefgh", "bcdefghi", strict=False)]
)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (BOMB, "aliases repeat more than 100,000 values (an alias bomb?)"),
        ("&r [*r]", "the alias *r is inside the node it names: it never ends"),
        ("&m {a: *m}", "the alias *m is inside the node it names"),
        ("x: " + "[" * 150 + "]" * 150, "nested more than 100 levels deep"),
        (
            "a: &a " + "[" * 60 + "]" * 60 + "\nb: " + "[" * 60 + "*a" + "]" * 60,
            "the alias *a nests more than 100 levels",
        ),
        ("when: 2026-13-45", "'2026-13-45' cannot be read as a timestamp"),
        ("n: " + "9" * 5000, "cannot be read as a int"),
    ],
    ids=["alias bomb", "recursive list", "recursive mapping", "deep", "deep by alias", "bad date", "huge int"],
)
def test_streams_past_the_limits_are_refused_at_once(text: str, problem: str) -> None:
    started = time.monotonic()
    with pytest.raises(Unbounded) as err:
        load_documents(text)
    assert problem in str(err.value) and time.monotonic() - started < 1


def test_a_few_aliases_are_fine_and_too_many_values_are_not() -> None:
    assert load_document("a: &x {k: v}\nb: *x\nc: {<<: *x, j: 1}\n") == {
        "a": {"k": "v"},
        "b": {"k": "v"},
        "c": {"k": "v", "j": 1},
    }
    with pytest.raises(Unbounded, match="more than 100 values"):
        load_documents("[" + ", ".join(["x"] * 200) + "]", limits=Limits(max_nodes=100))
    with pytest.raises(Unbounded, match="expected one YAML document"):
        load_document("a: 1\n---\nb: 2\n")


def test_overlong_values_are_cut_and_counted() -> None:
    notes: list[str] = []
    docs = load_documents(
        "a: " + "x" * 3000 + "\nb: &s " + "y" * 3000 + "\nc: *s\n", limits=Limits(max_scalar_chars=1000), notes=notes
    )
    assert docs[0]["a"] == "x" * 1000 + CUT_MARK and docs[0]["c"] == "y" * 1000 + CUT_MARK
    assert notes == ["3 values longer than 1,000 characters cut to that length"]


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text() | st.dates(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8) | st.integers(), inner, max_size=4),
    max_leaves=20,
)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a):
        return math.isnan(b)
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=False))
    return type(a) is type(b) and a == b


@settings(max_examples=400, deadline=None)
@given(st.lists(JSONISH, min_size=1, max_size=3))
def test_written_items_load_back_as_they_were(items: list[Any]) -> None:
    text = "kind: List\nitems:\n" + "".join(dump_list_item(item) for item in items)
    assert _same(load_documents(text)[0]["items"], items), text


def test_written_items_read_like_kubectl_s() -> None:
    pod = {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": "p", "labels": {"a": "true"}},
        "spec": {"containers": [{"name": "c", "args": ["--x", "y z"]}]},
        "status": {},
        "n": [[1]],
        "when": dt.date(2026, 1, 1),
    }
    assert dump_list_item(pod) == (
        '- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: p\n    labels:\n      a: "true"\n  spec:\n'
        '    containers:\n    - name: c\n      args:\n      - "--x"\n      - "y z"\n  status: {}\n  n:\n  -\n'
        "    - 1\n  when: 2026-01-01\n"
    )
