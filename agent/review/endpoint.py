"""What an endpoint accepts of the optional request fields: learned from its refusals, remembered.

Servers differ in how they take a request for structured output. OpenAI and vLLM take a JSON
schema (``json_schema``); llama-cpp-python's server takes only ``json_object``, with the
schema under its own ``schema`` key, and answers a ``json_schema`` with HTTP 500 and a
validation message (``Input should be 'text' or 'json_object'``); others take
``json_object`` alone, or no ``response_format`` at all. A refusal is recognised by what its
error body names, whatever the status (400, 422, 500), and the request steps down one rung::

    json_schema -> json_object + schema -> json_object -> none (the schema is in the prompt anyway)

The same for ``max_tokens`` (some models want ``max_completion_tokens``) and ``temperature``.
What an endpoint accepts is remembered in the cache directory (``endpoints.json``), keyed by
base URL and model, so later diagnoses do not pay for the discovery again.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

# The rungs of the response_format ladder, most exact first.
FORMATS = ("json_schema", "json_object+schema", "json_object", "none")
TOKEN_FIELDS = ("max_tokens", "max_completion_tokens", "none")
# What a refusal's message names for each field. "schema" alone is the llama-cpp-python key.
_NAMES = {
    "response_format": re.compile(r"response_format|json_schema|json_object|\bschema\b|structured output", re.I),
    "max_tokens": re.compile(r"max_tokens|max_completion_tokens", re.I),
    "temperature": re.compile(r"temperature", re.I),
}
# Words that make a message a refusal of a field rather than a failure that mentions it.
_REFUSING = re.compile(
    r"not support|unsupported|unrecognized|unrecogni[sz]ed|unknown|not allowed|invalid|input should be|"
    r"extra (?:inputs|fields)|not permitted|unexpected|must be|expected|validation error|use '?max_completion_tokens",
    re.I,
)


@dataclass(frozen=True)
class Accepted:
    """The request fields an endpoint is known to take."""

    response_format: str = FORMATS[0]
    tokens: str = TOKEN_FIELDS[0]
    temperature: bool = True

    def step_down(self, name: str) -> Accepted | None:
        """One rung lower for the refused field; None when there is none left."""
        if name == "response_format":
            i = FORMATS.index(self.response_format)
            return None if i + 1 >= len(FORMATS) else replace(self, response_format=FORMATS[i + 1])
        if name == "max_tokens":
            i = TOKEN_FIELDS.index(self.tokens)
            return None if i + 1 >= len(TOKEN_FIELDS) else replace(self, tokens=TOKEN_FIELDS[i + 1])
        if name == "temperature" and self.temperature:
            return replace(self, temperature=False)
        return None

    def params(self, *, schema: Mapping[str, Any], max_tokens: int) -> dict[str, Any]:
        """The optional fields of a request, as this endpoint takes them."""
        out: dict[str, Any] = {}
        if self.temperature:
            out["temperature"] = 0
        if self.tokens != "none":
            out[self.tokens] = max_tokens
        if self.response_format == "json_schema":
            out["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "verdict", "schema": dict(schema), "strict": False},
            }
        elif self.response_format == "json_object+schema":
            out["response_format"] = {"type": "json_object", "schema": dict(schema)}
        elif self.response_format == "json_object":
            out["response_format"] = {"type": "json_object"}
        return out


def refused_field(message: str, *, sent: Mapping[str, Any]) -> str | None:
    """The optional field an error message refuses, among those sent; None when it names
    none of them (then the error is what it says, not a matter of options)."""
    if not _REFUSING.search(message):
        return None
    for name, pattern in _NAMES.items():
        present = name in sent or (name == "max_tokens" and "max_completion_tokens" in sent)
        if present and pattern.search(message):
            return name
    return None


class EndpointMemory:
    """``endpoints.json`` in the cache directory: what each endpoint and model accepts.
    Holds no secret: the key is a hash of the base URL and the model name."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "endpoints.json"

    @staticmethod
    def key(base_url: str | None, model: str) -> str:
        return hashlib.sha256(f"{base_url or 'openai'}\n{model}".encode()).hexdigest()[:24]

    def get(self, key: str) -> Accepted:
        entry = self._read().get(key)
        if not isinstance(entry, dict):
            return Accepted()
        fmt, tokens, temperature = entry.get("response_format"), entry.get("tokens"), entry.get("temperature")
        return Accepted(
            response_format=fmt if fmt in FORMATS else FORMATS[0],
            tokens=tokens if tokens in TOKEN_FIELDS else TOKEN_FIELDS[0],
            temperature=temperature if isinstance(temperature, bool) else True,
        )

    def put(self, key: str, accepted: Accepted) -> None:
        data = self._read()
        data[key] = {
            "response_format": accepted.response_format,
            "tokens": accepted.tokens,
            "temperature": accepted.temperature,
        }
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(f".endpoints.{os.getpid()}.tmp")
            tmp.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
            tmp.replace(self.path)
        except OSError:
            pass  # not remembered: the next diagnosis learns it again, nothing worse

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}
