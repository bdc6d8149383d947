"""Aegis's Go templates, translated to Jinja2: what is supported, and what is refused."""

from __future__ import annotations

import pytest

from agent.errors import TemplateError
from agent.review.gotemplate import translate_go


@pytest.mark.parametrize(
    ("go", "jinja"),
    [
        ('Job: {{ index .Metadata "JobName" }}', "Job: {{ Metadata.get(\"JobName\", '') }}"),
        ("--- {{.ErrorInfo}} ---", "--- {{ ErrorInfo }} ---"),
        ("a\n{{- .LogInfo -}}\nb", "a\n{{- LogInfo -}}\nb"),
        ("{{ .Metadata.JobStatus }}", "{{ Metadata.get(\"JobStatus\", '') }}"),
        ("{{ .Keywords }}", "{{ '' }}"),
        (
            '{{ if eq (index .Metadata "JobStatus") "Failed" }}F{{ else if not .LogInfo }}N{{ else }}O{{ end }}',
            '{% if (Metadata.get("JobStatus", \'\') == "Failed") %}F{% elif (not LogInfo) %}N{% else %}O{% endif %}',
        ),
        ("{{/* a comment */}}x", "{# a comment #}x"),
        ("100% {# not jinja #} {%", '100% {{ "{#" }} not jinja {{ "#}" }} {{ "{%" }}'),
    ],
)
def test_go_templates_translate(go: str, jinja: str) -> None:
    assert translate_go(go) == jinja


@pytest.mark.parametrize(
    ("go", "why"),
    [
        ("{{ range .Pods }}x{{ end }}", "line 1: Go template action {{ range .Pods }}: 'range' is not supported"),
        ('a\n{{ .ErrorInfo | printf "%s" }}', "line 2: Go template action"),
        ("{{ if .LogInfo }}x", "an {{ if }} has no {{ end }}"),
        ("{{ end }}", "{{ end }} without an {{ if }}"),
    ],
)
def test_unsupported_go_is_a_problem(go: str, why: str) -> None:
    with pytest.raises(TemplateError, match=why.replace("{", r"\{").replace("}", r"\}").replace("|", r"\|")):
        translate_go(go)
