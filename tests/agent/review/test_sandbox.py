"""agent/review/sandbox.py: templates bounded in CPU and memory, and otherwise unchanged."""

from __future__ import annotations

import time

import pytest
from jinja2.sandbox import ImmutableSandboxedEnvironment

from agent.review.sandbox import BoundedSandbox, Unbounded, bounded

VARIABLES = {"LogInfo": "line one\nline two\n" * 500, "Metadata": {"JobName": "j"}, "n": 3}


def render(text: str, seconds: float = 2.0) -> str:
    with bounded(seconds):
        return "".join(BoundedSandbox().from_string(text).generate(VARIABLES))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{{ 'a' * 10**10 }}", "'*' would make 10,000,000,000 items"),
        ("{{ [1] * 10**7 }}", "'*' would make 10,000,000 items"),
        ("{{ 10 ** 100000 }}", "'**' would make a number"),
        ("{{ 7 ** 90000 }}", "'**' would make a number of more than 64,000 bits"),
        ("{{ '%999999d' % 1 }}", "asks for a width over 100,000"),
        ("{{ '%*d' % (5, 1) }}", "asks for a width"),
        ("{{ '{:>999999}'.format(1) }}", "the format spec '>999999' asks for a width"),
        ("{{ 'x'|center(10**9) }}", "the number 1000000000 is over 100,000"),
        ("{{ 'x'.ljust(999999) }}", "the number 999999 is over 100,000"),
        ("{{ LogInfo|replace('', 'x' * 1000) }}", "replace would make"),
        ("{{ LogInfo.replace('e', 'e' * 2000) }}", "replace would make"),
        ("{{ LogInfo|indent(5000) }}", "indent would make"),
        (
            "{% set ns = namespace(s='ab') %}{% for i in range(30) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
            "'~' would make",
        ),
        (
            "{% set ns = namespace(s='ab') %}{% for i in range(30) %}{% set ns.s = ns.s + ns.s %}{% endfor %}",
            "'+' would make",
        ),
        ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}", "range() calls make more"),
        ("{% for a in LogInfo %}{% for b in LogInfo %}{% endfor %}{% endfor %}", "takes more than 0.3 s to render"),
    ],
    ids=lambda v: v[:40] if isinstance(v, str) else v,
)
def test_a_template_over_a_bound_stops_at_once(text: str, problem: str) -> None:
    started = time.monotonic()
    with pytest.raises(Unbounded) as err:
        render(text, seconds=0.3 if "to render" in problem else 2.0)
    assert problem in str(err.value.message) and time.monotonic() - started < 3


def test_lipsum_is_gone_and_ordinary_templates_render_as_before() -> None:
    assert "lipsum" not in BoundedSandbox().globals
    text = (
        "{{ '=' * 10 }} {{ range(3)|list }} {{ 'a' ~ n ~ 'b' }} {{ '%5.2f' % 3.14159 }} {{ '{:>6}'.format('x') }} "
        "{{ Metadata.JobName|upper|center(9) }} {{ LogInfo|length }} {{ (LogInfo|replace('line', 'L'))[:9] }} "
        "{{ 2 ** 10 }} {{ [1, 2] + [3] }} {% for x in 'ab' %}{{ loop.index }}{{ x }}{% endfor %}"
    )
    plain = "".join(ImmutableSandboxedEnvironment().from_string(text).generate(VARIABLES))
    assert render(text) == plain


def test_the_deadline_is_this_thread_s_and_ends_with_the_render() -> None:
    import sys

    before = sys.gettrace()
    render("{{ n }}")
    assert sys.gettrace() is before
    loop = "{% for a in LogInfo %}{% for b in LogInfo %}{% endfor %}{% endfor %}"
    with pytest.raises(Unbounded):
        render(loop, seconds=0.2)
    # Outside a render, the same loop is not timed: only templates rendered under bounded() are.
    assert sys.gettrace() is before
