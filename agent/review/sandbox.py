"""The sandbox every prompt template renders in: Jinja2's immutable sandbox, bounded in CPU
and memory as well.

A template is code from a file or a ConfigMap that anyone may have written. Jinja2's sandbox
keeps it from touching Python, but not from asking for ``'a' * 10**10`` (ten gigabytes),
``10 ** 10 ** 10``, two nested ``range(100000)`` loops (ten billion turns), ``lipsum(10**9)``,
``x|center(10**9)`` or a macro that calls itself. Here:

- ``*``, ``+``, ``~``, ``%`` and ``**`` are checked before they run: no string or list over
  ``MAX_RESULT`` items, no power over ``MAX_POWER_BITS``, no ``%``-format width over
  ``MAX_NUMBER``; ``str.format`` specs likewise;
- every call (functions, methods, filters) takes numbers of at most ``MAX_NUMBER`` and may
  return no string or list over ``MAX_RESULT``; ``replace`` is checked before it runs, since
  replacing ``''`` multiplies;
- ``range()`` draws on a budget of ``MAX_RANGE_ITEMS`` per render; ``lipsum`` is gone;
- a render gets ``RENDER_SECONDS`` of CPU-bound work, checked while its own code runs
  (``bounded()``, a trace on the template's frames only), so a loop over anything stops;
- recursion and memory errors are errors of the template.

All of them raise ``Unbounded`` (a Jinja2 ``SecurityError``): the template cannot be used,
and the caller falls back to the built-in one.
"""

from __future__ import annotations

import re
import string
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import wraps
from types import FrameType
from typing import Any

from jinja2.compiler import CodeGenerator, Frame
from jinja2.exceptions import SecurityError
from jinja2.nodes import Concat
from jinja2.sandbox import ImmutableSandboxedEnvironment

# The longest string or list a template may build: four times the whole prompt.
MAX_RESULT = 1_000_000
# The largest number a template may pass to a call or filter (a width, a count, a length).
MAX_NUMBER = 100_000
# Items all the range() calls of one render may produce together.
MAX_RANGE_ITEMS = 1_000_000
# An integer a template computes with ``**``: a few thousand digits.
MAX_POWER_BITS = 64_000
# Rendering the built-in templates takes milliseconds.
RENDER_SECONDS = 2.0
# Trace events between looks at the clock.
_CHECK_EVERY = 2000

_PRINTF = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")
_DIGITS = re.compile(r"\d+")


class Unbounded(SecurityError):
    """A template asked for more CPU or memory than a prompt may take."""


class _Budget(threading.local):
    deadline: float | None = None
    range_items: int = 0


_budget = _Budget()


@contextmanager
def bounded(seconds: float = RENDER_SECONDS) -> Iterator[None]:
    """Runs a render under this thread's budget: ``seconds`` of work, ``MAX_RANGE_ITEMS``
    range items. The clock is read from a trace on template frames (their filename is
    ``<template>`` or a ``.j2`` file), so no other code pays for it."""
    previous_trace = sys.gettrace()
    outer = (_budget.deadline, _budget.range_items)
    _budget.deadline = time.monotonic() + seconds
    _budget.range_items = 0
    events = 0

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal events
        events += 1
        if events % _CHECK_EVERY == 0 and _budget.deadline is not None and time.monotonic() > _budget.deadline:
            raise Unbounded(f"takes more than {seconds:g} s to render")
        return local

    def calls(frame: FrameType, event: str, arg: Any) -> Any:
        name = frame.f_code.co_filename
        return local if name == "<template>" or name.endswith(".j2") else None

    sys.settrace(calls)
    try:
        yield
    finally:
        sys.settrace(previous_trace)
        _budget.deadline, _budget.range_items = outer


def bounded_range(*args: int) -> range:
    """``range``, drawing on the render's budget of items."""
    for n in args:
        _number(n)
    items = range(*args)
    _budget.range_items += len(items)
    if _budget.range_items > MAX_RANGE_ITEMS:
        raise Unbounded(f"its range() calls make more than {MAX_RANGE_ITEMS:,} items")
    return items


class _Generator(CodeGenerator):
    """Compiles ``a ~ b ~ c`` to a call the sandbox checks before joining (Jinja2 joins the
    parts in place). Templates here never autoescape, so the parts join as plain text."""

    def visit_Concat(self, node: Concat, frame: Frame) -> None:
        self.write("environment.bounded_concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """Jinja2's immutable sandbox with the bounds of the module docstring."""

    intercepted_binops = frozenset({"*", "+", "%", "**"})
    code_generator_class = _Generator

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.globals.pop("lipsum", None)
        self.globals["range"] = bounded_range
        self.filters = {name: _bounded_filter(name, f) for name, f in self.filters.items()}

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and len(seq) * n > MAX_RESULT:
                    raise Unbounded(f"'*' would make {len(seq) * n:,} items (at most {MAX_RESULT:,})")
        elif operator == "+":
            if isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
                _size(len(left) + len(right), "'+'")
        elif operator == "**":
            if (
                isinstance(left, int)
                and isinstance(right, int)
                and right > 0
                and right * max(1, abs(left).bit_length()) > MAX_POWER_BITS
            ):
                raise Unbounded(f"'**' would make a number of more than {MAX_POWER_BITS:,} bits")
        elif operator == "%" and isinstance(left, str):
            _printf(left)
        return _checked(super().call_binop(context, operator, left, right), f"'{operator}'")

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 - Jinja2's signature
        _numbers(args, kwargs)
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str) and getattr(__obj, "__name__", "") == "replace":
            _replacing(owner, args)
        return _checked(super().call(__context, __obj, *args, **kwargs), "a call")

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        owner = getattr(value, "__self__", None)
        if isinstance(owner, str) and getattr(value, "__name__", "") in ("format", "format_map"):
            _format_specs(owner)
        return super().wrap_str_format(value)

    @staticmethod
    def bounded_concat(parts: Sequence[Any]) -> str:
        """``a ~ b ~ c``, refused before it is joined when it would be too long."""
        texts: list[str] = []
        total = 0
        for part in parts:
            text = part if isinstance(part, str) else str(part)
            total += len(text)
            _size(total, "'~'")
            texts.append(text)
        return "".join(texts)


def _bounded_filter(name: str, f: Callable[..., Any]) -> Callable[..., Any]:
    # Jinja2 passes a context, eval context or environment first to filters marked so.
    first = 2 if getattr(f, "jinja_pass_arg", None) is not None else 1

    @wraps(f)  # keeps those marks
    def filtered(*args: Any, **kwargs: Any) -> Any:
        _numbers(args[first:], kwargs)  # the value filtered may be any number; the options may not
        values = [a for a in args[first - 1 :] if isinstance(a, str)]
        if name == "replace" and len(values) >= 3:
            _replacing(values[0], values[1:])
        elif name == "format" and values:
            _printf(values[0])
        elif name == "indent" and values:
            width = next((a for a in args[first:] if isinstance(a, int) and not isinstance(a, bool)), 4)
            _size(len(values[0]) + values[0].count("\n") * width, "indent")
        return _checked(f(*args, **kwargs), f"the filter {name}")

    return filtered


def _number(n: Any) -> None:
    if isinstance(n, int) and not isinstance(n, bool) and abs(n) > MAX_NUMBER:
        raise Unbounded(
            f"the number {n if abs(n) < 10**30 else 'of ' + str(n.bit_length()) + ' bits'} is over {MAX_NUMBER:,}"
        )


def _numbers(args: Sequence[Any], kwargs: dict[str, Any]) -> None:
    for n in (*args, *kwargs.values()):
        _number(n)


def _size(n: int, what: str) -> None:
    if n > MAX_RESULT:
        raise Unbounded(f"{what} would make {n:,} items (at most {MAX_RESULT:,})")


def _checked(value: Any, what: str) -> Any:
    if isinstance(value, (str, list, tuple)):
        _size(len(value), what)
    return value


def _replacing(text: str, args: Sequence[Any]) -> None:
    """``text.replace(old, new)`` checked before it runs: replacing '' inserts everywhere."""
    old, new = (str(a) for a in args[:2])
    times = len(text) + 1 if old == "" else text.count(old)
    _size(len(text) + times * max(0, len(new) - len(old)), "replace")


def _printf(template: str) -> None:
    for m in _PRINTF.finditer(template):
        for spec in m.groups():
            if spec == "*" or (spec and int(spec) > MAX_NUMBER):
                raise Unbounded(f"the format {m.group(0)!r} asks for a width over {MAX_NUMBER:,}")


def _format_specs(template: str) -> None:
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError:
        return  # str.format itself raises the error
    for _, _, spec, _ in fields:
        if spec and ("{" in spec or any(int(d) > MAX_NUMBER for d in _DIGITS.findall(spec))):
            raise Unbounded(f"the format spec {spec!r} asks for a width over {MAX_NUMBER:,}")
