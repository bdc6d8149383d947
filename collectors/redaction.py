"""Redaction: what must never leave the machine - in a prompt, a chat message or a capture.

One ``Redactor`` serves all three. It replaces, in any text:

- API keys and tokens: OpenAI, Anthropic, Hugging Face, AWS, GitHub, GitLab, Slack,
  Google, Stripe-style keys, JSON Web Tokens;
- ``Authorization: Bearer ...`` / ``Basic ...`` headers, ``X-Api-Key`` and ``Cookie`` headers,
  and ``user:password@`` in URLs;
- ``password=...``-style pairs (password, secret, token, api_key, access_key, ...) and
  command-line flags (``--password hunter2``, ``--hf-token x``);
- PEM private keys;
- exact values it was told about (``literals``: the values of secret-named environment
  variables, which a log may echo without their name);
- any pattern the user adds;

and, in Kubernetes objects, the values of environment variables whose names look secret
(``WANDB_API_KEY``, ``DB_PASSWORD``, ``HF_TOKEN``), whatever the value looks like.

``NameMask`` is the optional second step for prompts: it replaces namespace, workload, pod
and node names with placeholders (``POD-1``) and puts them back in the model's answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from collectors.errors import InputError
from collectors.matching import Regex
from collectors.patterns import PatternError

REDACTED = "[REDACTED]"

# Environment variable names that hold secrets, whatever their value looks like.
SECRET_NAME = re.compile(
    r"(?i)(?:pass(?:word|wd|phrase)?|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|"
    r"credential|auth|session|cookie|signature|\bdsn\b|_pat$|^pat$)"
)
# Strings up to this long are redacted once per Redactor and remembered.
CACHED_CHARS = 256
# A secret-named variable's value is redacted wherever it appears only when it is long enough
# to be a secret: `AUTH_ENABLED=true` must not blank out every "true" in the logs.
MIN_LITERAL_LENGTH = 6

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
# A literal every match of one of _TOKEN_PATTERNS holds (its fixed prefix).
_TOKEN_KEYS = (
    "sk-",
    "hf_",
    "AKIA",
    "ASIA",
    "AGPA",
    "AIDA",
    "AROA",
    "ANPA",
    "ghp_",
    "gho_",
    "ghu_",
    "ghs_",
    "ghr_",
    "github_pat_",
    "glpat-",
    "xox",
    "hooks.slack.com",
    "AIza",
    "k_live_",
    "k_test_",
    "eyJ",
    "-----BEGIN",
)
_SECRET_WORD = (
    r"(?:pass(?:word|wd)?|secret(?:[_-]?key)?|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|"
    r"account[_-]?key|credentials?)"
)
# What follows a secret's key but is no secret: a count (a few digits), code naming another
# value (`pad_token = tokenizer.eos_token`), a tokenizer's special token (`"pad_token": "[PAD]"`,
# `<|endoftext|>`).
_NOT_A_VALUE = (
    r"(?!\d{1,6}\b|[A-Za-z_]+(?:\.[A-Za-z_]+)+(?:[\s\"'`,;&})(]|$)|\[[A-Za-z_]{1,20}\]|<\|?[A-Za-z_]{1,20}\|?>)"
)
# Keep the key, hide the value: `Authorization: Bearer x`, `password=x`, `"token": "x"`, `--token x`.
_PAIR = re.compile(
    r"(?i)(\b(?:authorization|proxy-authorization)\s*[:=]\s*(?:bearer|basic|token|digest)\s*)([^\s,;\"']+)"
    # Without a scheme, "authorization: authorization failed" is prose: only a value that looks
    # like a credential - a digit in it, or long - is taken for one.
    r"|(\b(?:authorization|proxy-authorization)\s*[:=]\s*)(?=[^\s,;\"']*\d|[^\s,;\"']{16,})([^\s,;\"']+)"
    r"|(\b(?:bearer|basic)\s+)([A-Za-z0-9._~+/=-]{8,})"
    # The key must end in the secret word (`HF_TOKEN=`, `db.password:`), not merely contain
    # it (`max_tokens: 4096`).
    rf"|(\b[\w.-]*{_SECRET_WORD}[\"']?\s*=\s*[\"']?){_NOT_A_VALUE}([^\s\"',;&}}]{{3,}})"
    # With a colon, quoted keys or values are data (JSON, YAML) and always redacted...
    rf"|(\b[\w.-]*{_SECRET_WORD}[\"']\s*:\s*[\"']?|\b[\w.-]*{_SECRET_WORD}\s*:\s*[\"'])"
    rf"{_NOT_A_VALUE}([^\s\"',;&}}]{{3,}})"
    # ...but unquoted it may be prose ("anonymous token: unexpected status"): only a value
    # that looks like a credential - a digit in it, or long - is taken for one.
    rf"|(\b[\w.-]*{_SECRET_WORD}\s*:\s*)(?=[^\s\"',;&}}]*\d|[^\s\"',;&}}]{{16,}}){_NOT_A_VALUE}"
    r"([^\s\"',;&}]{3,})"
    r"|(\b(?:x-api-key|x-auth-token|api-key|cookie|set-cookie)\s*:\s*)([^\r\n]+)"
    rf"|((?<![\w-])--?[\w-]*{_SECRET_WORD}\s+)(?!\d{{1,6}}\b)(\"[^\"\n]*\"|'[^'\n]*'|[^\s\"'-][^\s\"']{{2,}})"
    r"|([?&]sig=)([^\s&\"']+)"  # Azure SAS signatures
)
# Lower-case text every match of _PAIR holds: one of its keys, or a word of _SECRET_WORD.
_PAIR_WORDS = ("authorization", "bearer", "basic", "pass", "secret", "token", "key", "credential", "cookie", "sig=")
# All that _PAIR lets stand between a key and its value, newlines included (its \s, [:=] and quotes).
_BETWEEN_KEY_AND_VALUE = re.compile(r"[\s:=\"']*")
_URL_USERINFO = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://)([^/\s:@]+):([^/\s@]+)@")
_AWS_SECRET = re.compile(r"(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])")


class Redactor:
    """Replaces secrets in text and in Kubernetes objects. Immutable and thread-safe."""

    def __init__(
        self, extra_patterns: Sequence[str] = (), *, aws_secrets: bool = True, literals: Iterable[str] = ()
    ) -> None:
        self._extra = tuple(extra_patterns)
        # A user's pattern is matched by RE2, in time linear in the text (collectors/matching.py):
        # one that would backtrack for ever under Python's re cannot hang a prompt.
        self._extra_regexes = tuple(_user_pattern(p) for p in self._extra)
        self._tokens = re.compile("|".join(f"(?:{p})" for p in _TOKEN_PATTERNS))
        self._aws_secrets = aws_secrets
        self._literals = frozenset(v for v in literals if len(v) >= MIN_LITERAL_LENGTH)
        # Longest first, so a secret that contains another is replaced whole.
        self._literal_re = (
            re.compile("|".join(re.escape(v) for v in sorted(self._literals, key=len, reverse=True)))
            if self._literals
            else None
        )
        # The same short strings come back in every object of a capture (kinds, reasons, node
        # and pod names, timestamps): each is redacted once.
        self._cached = lru_cache(maxsize=1 << 16)(self._text)

    def with_literals(self, values: Iterable[str]) -> Redactor:
        """A redactor that also replaces these exact values wherever they appear."""
        return Redactor(self._extra, aws_secrets=self._aws_secrets, literals=[*self._literals, *values])

    def text(self, value: str) -> str:
        """``value`` with every secret it holds replaced by ``[REDACTED]``."""
        if not value:
            return value
        if len(value) <= CACHED_CHARS:
            return self._cached(value)
        return self._text(value)

    def _text(self, value: str) -> str:
        out = self._literal_re.sub(REDACTED, value) if self._literal_re else value
        # Each built-in pattern runs only on text that holds what every match of it holds: most
        # strings of an object (names, times, reasons) hold none, and skip the regexes. For ASCII
        # text lower() matches the patterns' (?i) exactly; other text always takes every pattern.
        # A user's patterns promise nothing of the kind, so they always run.
        plain = out.isascii()
        if not plain or any(key in out for key in _TOKEN_KEYS):
            out = self._tokens.sub(REDACTED, out)
        for regex in self._extra_regexes:
            out = regex.sub(REDACTED, out)
        if not plain or ("@" in out and "://" in out):
            out = _URL_USERINFO.sub(lambda m: f"{m.group(1)}{m.group(2)}:{REDACTED}@", out)
        if not plain:
            out = _PAIR.sub(_keep_key, out)
        elif _has_pair_word(out):
            out = _keep_pairs(out)
        if self._aws_secrets and "aws" in out.lower():
            # A bare 40-character AWS secret is only recognisable near the word "aws".
            out = _AWS_SECRET.sub(REDACTED, out)
        return out

    def object(self, obj: Any) -> Any:
        """A copy of a Kubernetes object (or any JSON value) with secrets redacted: every
        string through ``text``, and secret-named env values replaced outright."""
        return _map_strings(obj, self.text, env_values=True)


def _user_pattern(pattern: str) -> Regex:
    """A ``redact_patterns`` entry, compiled; InputError (exit 3) with the reason when the
    engines cannot take it."""
    if not isinstance(pattern, str):
        raise InputError(f"redact_patterns: {pattern!r} is not a string")
    try:
        regex = Regex(pattern)
        if regex.translation.lookarounds:
            raise PatternError("a lookaround cannot say what to replace; write the text itself")
    except PatternError as exc:
        raise InputError(f"redact_patterns: {pattern!r}: {exc}") from None
    return regex


def _keep_pairs(text: str) -> str:
    """``_PAIR`` replaced in ASCII ``text``, run only where a match can be. Python's re tries
    every alternative at every position - some 5 s a megabyte of log lines, nearly all of it
    on lines with no key. A match begins at its key, on a line that holds one of _PAIR_WORDS,
    and ends on that line or, its value after lines of nothing but what may stand between a key
    and its value (spaces, a separator, quotes: a ``:`` alone on its line), on the next line
    with other text: each such stretch is replaced alone (a line's start and end read the same to
    the pattern alone as within the text, after and before a newline)."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        if not _has_pair_word(lines[i]):
            out.append(lines[i])
            i += 1
            continue
        end = i
        while True:  # this line, the key-to-value ones after it and the next with text - and on, while that holds a key
            k = end + 1
            while k < len(lines) and _BETWEEN_KEY_AND_VALUE.fullmatch(lines[k]):
                k += 1
            end = min(k, len(lines) - 1)
            if end == len(lines) - 1 or not _has_pair_word(lines[end]):
                break
        out.append(_PAIR.sub(_keep_key, "\n".join(lines[i : end + 1])))
        i = end + 1
    return "\n".join(out)


def _has_pair_word(line: str) -> bool:
    low = line.lower()
    return any(word in low for word in _PAIR_WORDS)


def _keep_key(m: re.Match[str]) -> str:
    for key in range(1, (m.re.groups or 0) + 1, 2):
        if m.group(key) is not None:
            secret = m.group(key + 1)
            if secret.startswith(REDACTED):
                return m.group(0)
            return m.group(key) + REDACTED
    return m.group(0)  # pragma: no cover - one alternative always matches


def _secret_env_value(item: Mapping[str, Any]) -> str | None:
    """The value of an env entry (``{name: HF_TOKEN, value: ...}``) whose name looks secret."""
    name, value = item.get("name"), item.get("value")
    if isinstance(name, str) and isinstance(value, str) and SECRET_NAME.search(name):
        return value
    return None


def secret_env_values(obj: Any) -> set[str]:
    """Every literal value of a secret-named env variable in a Kubernetes object (a pod, or a
    workload's pod templates): what a log may later print without the variable's name."""
    found: set[str] = set()
    stack = [obj]
    seen: set[int] = set()  # a node shared (a YAML alias) or holding itself is walked once
    while stack:
        value = stack.pop()
        if isinstance(value, (list, dict)):
            if id(value) in seen:
                continue
            seen.add(id(value))
        if isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, dict):
            secret = _secret_env_value(value)
            if secret is not None and len(secret) >= MIN_LITERAL_LENGTH:
                found.add(secret)
            stack.extend(value.values())
    return found


def redact_lines(lines: Iterable[str], redactor: Redactor) -> list[str]:
    return [redactor.text(line) for line in lines]


class NameMask:
    """Replaces names with placeholders before a prompt is sent, and puts them back after.

    Placeholders are upper case (``NAMESPACE-1``, ``WORKLOAD-1``, ``POD-3``, ``NODE-2``):
    Kubernetes names are lower case, so a placeholder can never be mistaken for a real name.
    """

    _PLACEHOLDER = re.compile(r"\b(?:NAMESPACE|WORKLOAD|POD|NODE)-\d+\b")
    # Shorter names are too likely to be ordinary words in a log ("main", "ps").
    MIN_LENGTH = 3

    def __init__(self, names: Mapping[str, Iterable[str]]) -> None:
        """``names``: placeholder prefix (``pod``, ``node``, ...) -> the real names."""
        self._forward: dict[str, str] = {}
        for prefix, values in names.items():
            n = 0
            for name in values:
                if len(name) < self.MIN_LENGTH or name in self._forward:
                    continue
                n += 1
                self._forward[name] = f"{prefix.upper()}-{n}"
        self._back = {v: k for k, v in self._forward.items()}
        ordered = sorted(self._forward, key=len, reverse=True)
        # A name counts only as a whole name: `llama-ft` must not match inside `llama-ft-worker-0`.
        self._names = (
            re.compile(r"(?<![A-Za-z0-9_-])(?:" + "|".join(map(re.escape, ordered)) + r")(?![A-Za-z0-9_-])")
            if ordered
            else None
        )

    def __bool__(self) -> bool:
        return bool(self._forward)

    def apply(self, text: str) -> str:
        return self._names.sub(lambda m: self._forward[m.group(0)], text) if self._names else text

    def reverse(self, text: str) -> str:
        return self._PLACEHOLDER.sub(lambda m: self._back.get(m.group(0), m.group(0)), text)

    def apply_object(self, value: Any) -> Any:
        return _map_strings(value, self.apply)

    def reverse_object(self, value: Any) -> Any:
        return _map_strings(value, self.reverse)


# Deeper than any Kubernetes object (about 20 levels) by far; what is deeper still is hidden,
# not walked: the walk is recursive, and hiding is the safe side of redacting.
MAX_DEPTH = 200


def _map_strings(value: Any, fn: Callable[[str], str], *, env_values: bool = False) -> Any:
    """A copy of ``value`` with ``fn`` applied to every string. A node met twice - a YAML
    alias, a string shared by many objects - is mapped once and its copy shared, so the work
    is the size of what was loaded, not of its expansion; a node that holds itself is copied
    as a node that holds itself. ``env_values``: secret-named env values become REDACTED."""
    done: dict[int, Any] = {}

    def walk(value: Any, depth: int) -> Any:
        if not isinstance(value, (str, list, dict)):
            return value
        key = id(value)
        if key in done:
            return done[key]
        if isinstance(value, str):
            done[key] = out = fn(value)
            return out
        if depth > MAX_DEPTH:
            return REDACTED
        if isinstance(value, list):
            items: list[Any] = []
            done[key] = items
            items.extend(walk(v, depth + 1) for v in value)
            return items
        mapping: dict[Any, Any] = {}
        done[key] = mapping
        secret = env_values and _secret_env_value(value) is not None
        for k, v in value.items():
            mapping[k] = REDACTED if secret and k == "value" else walk(v, depth + 1)
        return mapping

    return walk(value, 0)
