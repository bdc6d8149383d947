"""Redaction: what must never leave the machine - in a prompt, a chat message or a capture.

One ``Redactor`` serves all three. It replaces, in any text:

- API keys and tokens: OpenAI, Anthropic, Hugging Face, AWS, GitHub, GitLab, Slack,
  Google, Stripe-style keys, JSON Web Tokens;
- ``Authorization: Bearer ...`` / ``Basic ...`` headers and ``user:password@`` in URLs;
- ``password=...``-style pairs (password, secret, token, api_key, access_key, ...);
- PEM private keys;
- any pattern the user adds;

and, in Kubernetes objects, the values of environment variables whose names look secret
(``WANDB_API_KEY``, ``DB_PASSWORD``, ``HF_TOKEN``), whatever the value looks like.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

REDACTED = "[REDACTED]"

# Environment variable names that hold secrets, whatever their value looks like.
SECRET_NAME = re.compile(
    r"(?i)(?:pass(?:word|wd|phrase)?|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|"
    r"credential|auth|session|cookie|signature|\bdsn\b|_pat$|^pat$)"
)

_TOKEN_PATTERNS = [
    r"\bsk-(?:proj-|ant-|svcacct-|admin-)?[A-Za-z0-9_-]{16,}",  # OpenAI, Anthropic
    r"\bhf_[A-Za-z0-9]{20,}",  # Hugging Face
    r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[A-Z0-9]{16}\b",  # AWS access key ids
    r"\bgh[pousr]_[A-Za-z0-9]{30,}|\bgithub_pat_[A-Za-z0-9_]{40,}",  # GitHub
    r"\bglpat-[A-Za-z0-9_-]{20,}",  # GitLab
    r"\bxox[abposr]-[A-Za-z0-9-]{10,}",  # Slack tokens
    r"https://hooks\.slack\.com/services/[A-Za-z0-9/]+",  # Slack webhooks
    r"\bAIza[0-9A-Za-z_-]{35}",  # Google API keys
    r"\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}",  # Stripe-style keys
    r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}",  # JWT
    r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)",  # PEM
]
# Keep the key, hide the value: `Authorization: Bearer x`, `password=x`, `"token": "x"`.
_PAIR = re.compile(
    r"(?i)(\b(?:authorization|proxy-authorization)\s*[:=]\s*(?:bearer|basic|token|digest)?\s*)([^\s,;\"']+)"
    r"|(\b(?:bearer|basic)\s+)([A-Za-z0-9._~+/=-]{8,})"
    # The key must end in the secret word (`HF_TOKEN=`, `db.password:`), not merely contain
    # it (`max_tokens: 4096`); a value of a few digits is a count, not a secret.
    r"|(\b[\w.-]*(?:pass(?:word|wd)?|secret(?:[_-]?key)?|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?)"
    r"[\"']?\s*[:=]\s*[\"']?)(?!\d{1,6}\b)([^\s\"',;&}]{3,})"
)
_URL_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)([^/\s:@]+):([^/\s@]+)@")
_AWS_SECRET = re.compile(r"(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])")


class Redactor:
    """Replaces secrets in text and in Kubernetes objects. Stateless and thread-safe."""

    def __init__(self, extra_patterns: Sequence[str] = (), *, aws_secrets: bool = True) -> None:
        self._tokens = re.compile("|".join(f"(?:{p})" for p in [*_TOKEN_PATTERNS, *extra_patterns]))
        self._aws_secrets = aws_secrets

    def text(self, value: str) -> str:
        """``value`` with every secret it holds replaced by ``[REDACTED]``."""
        if not value:
            return value
        out = self._tokens.sub(REDACTED, value)
        out = _URL_USERINFO.sub(lambda m: f"{m.group(1)}{m.group(2)}:{REDACTED}@", out)
        out = _PAIR.sub(_keep_key, out)
        if self._aws_secrets and "aws" in out.lower():
            # A bare 40-character AWS secret is only recognisable near the word "aws".
            out = _AWS_SECRET.sub(REDACTED, out)
        return out

    def object(self, obj: Any) -> Any:
        """A copy of a Kubernetes object (or any JSON value) with secrets redacted: every
        string through ``text``, and secret-named env values replaced outright."""
        return self._walk(obj)

    def _walk(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            return [self._walk(v) for v in value]
        if isinstance(value, dict):
            name = value.get("name")
            if isinstance(name, str) and "value" in value and isinstance(value["value"], str) and SECRET_NAME.search(name):
                return {**{k: self._walk(v) for k, v in value.items() if k != "value"}, "value": REDACTED}
            return {k: self._walk(v) for k, v in value.items()}
        return value


def _keep_key(m: re.Match[str]) -> str:
    for key, secret in ((1, 2), (3, 4), (5, 6)):
        if m.group(key) is not None:
            if m.group(secret) == REDACTED or m.group(secret).startswith(REDACTED):
                return m.group(0)
            return m.group(key) + REDACTED
    return m.group(0)  # pragma: no cover - one alternative always matches


def redact_lines(lines: Iterable[str], redactor: Redactor) -> list[str]:
    return [redactor.text(line) for line in lines]
