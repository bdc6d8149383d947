"""A Babel extractor for the texts jobdoctor keeps in YAML: each category's meaning
(agent/engine/taxonomy.yaml) and each signature's ``summary`` and ``solution``
(agent/engine/signatures/*.yaml). ``pybabel extract -F pyproject.toml`` runs it beside
Babel's Python extractor (``[tool.babel]`` in pyproject.toml), so one .pot holds both.

The msgid is the string as PyYAML loads it (a folded ``>-`` block joined into one line),
which is what the engine looks up. Each message carries a comment for the translator
saying where it is used. Babel is not imported: an extractor is a plain function.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

import yaml

# (line number, function name, message, comments), as Babel's extractors yield them.
Message = tuple[int, str | None, str, list[str]]

# What the translator is told about each kind of text (the README's Development section says more).
SUMMARY_NOTE = "a phrase after a pod's name: '<pod> <summary>: <the log line>'"
SOLUTION_NOTE = "the verdict's Solution"
MEANING_NOTE = "what the category means; also the Solution when a signature has none"


def extract_yaml(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[Message]:
    """The category meanings of a taxonomy file, or the summaries and solutions of a
    signature catalogue file."""
    root = yaml.compose(fileobj.read().decode("utf-8"), Loader=yaml.SafeLoader)
    if not isinstance(root, yaml.MappingNode):
        return
    for key, value in root.value:
        if key.value == "categories" and isinstance(value, yaml.MappingNode):
            for category, meaning in value.value:
                yield from _message(meaning, [f"category {category.value}: {MEANING_NOTE}"])
        elif key.value == "signatures" and isinstance(value, yaml.SequenceNode):
            for node in value.value:
                if isinstance(node, yaml.MappingNode):
                    yield from _signature(node)


def _signature(node: yaml.MappingNode) -> Iterator[Message]:
    fields = {k.value: v for k, v in node.value if isinstance(k, yaml.ScalarNode)}
    sid = fields["id"].value if isinstance(fields.get("id"), yaml.ScalarNode) else "?"
    category = fields["category"].value if isinstance(fields.get("category"), yaml.ScalarNode) else "noise"
    for name, note in (("summary", SUMMARY_NOTE), ("solution", SOLUTION_NOTE)):
        if name in fields:
            yield from _message(fields[name], [f"signature {sid} ({category}), {name}: {note}"])


def _message(node: yaml.Node, comments: list[str]) -> Iterator[Message]:
    if not isinstance(node, yaml.ScalarNode):
        return
    # A scalar node holds its text as loading gives it: folded, unescaped.
    if node.tag == "tag:yaml.org,2002:str" and node.value:
        yield node.start_mark.line + 1, None, node.value, comments
