"""The model review: one call to an OpenAI-compatible endpoint that checks the rule verdict.

::

    advisor_from_settings(settings, source=...) -> ModelAdvisor | None   (None: no model configured)
    ModelAdvisor.review(evidence, rule_verdict) -> Verdict               never raises for the model's sake

One request per diagnosis, plus one repair request when the answer cannot be used. All of it
ends at one deadline (``timeout``), and one request may use all of it unless
``request_timeout`` is smaller: a model on a CPU takes minutes, and a server does not stop
computing an answer when its client leaves, so a request cut short is work thrown away. 429
and 5xx answers, dropped connections and a server not reached in time are retried up to
``max_retries`` times, waiting what ``Retry-After`` asks; a request the server took and did not
answer in time is not (the server is slow, not down). An error body that refuses an optional
field (``response_format``, ``max_tokens``, ``temperature``) steps that field down and asks
again (endpoint.py). ``max_tokens`` bounds the answer; one cut there (``finish_reason:
length``) is unusable. Whatever goes wrong, the rule verdict comes back with a note saying
why, and ``engine`` says which engine's verdict it is.

``openai`` is imported here and nowhere else, inside the functions that call it, so a
diagnosis without a model never loads it. The client takes an ``http_client``: tests own
the transport (respx), and so can a deployment behind a proxy.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agent.engine.signatures import Catalogue, load_catalogue
from agent.engine.verdict import SCHEMA_VERSION, Verdict
from agent.review.answer import Unusable, answer_schema, answer_tokens, parse_answer
from agent.review.checking import accept
from agent.review.endpoint import EndpointMemory, refused_field
from agent.review.prompting import Prompt, build_prompt
from agent.review.support import Support
from agent.settings import Settings
from collectors.evidence import Evidence
from collectors.source import Source

if TYPE_CHECKING:
    import ssl

# Without a Retry-After, wait 1 s, 2 s, 4 s ... between attempts, never more than this.
BACKOFF_MAX = 8.0
# What a repair request echoes of the unusable answer: enough to show the model its mistake.
REPAIR_ECHO_CHARS = 4000


class ModelFailure(Exception):
    """The model could not be asked or did not answer; the message says why, for a note."""


def make_client(settings: Settings, *, http_client: Any = None, environ: Mapping[str, str] | None = None) -> Any:
    """The one place an OpenAI client is built: endpoint and key from the settings, our own
    retries (the SDK's are off), and the caller's ``http_client`` when given."""
    import openai

    environ = os.environ if environ is None else environ
    key = environ.get(settings.api_key_env) or None
    if key is None and settings.base_url is None:
        raise ModelFailure(f"no API key: set {settings.api_key_env} (or name another variable with --api-key-env)")
    # Local servers (vLLM, Ollama) want no key, but the SDK insists on one.
    return openai.OpenAI(
        api_key=key or "unused",
        base_url=settings.base_url,
        max_retries=0,
        timeout=settings.request_timeout or settings.timeout,
        http_client=http_client or openai.DefaultHttpxClient(verify=_tls_context()),
    )


@lru_cache(maxsize=1)
def _tls_context() -> ssl.SSLContext:
    """The CA bundle httpx would load (SSL_CERT_FILE, SSL_CERT_DIR, else certifi's), loaded
    once: it costs a tenth of a second, and a watcher or triage builds a client per review."""
    import httpx

    return httpx.create_ssl_context()


def advisor_from_settings(
    settings: Settings, *, source: Source | None = None, http_client: Any = None
) -> ModelAdvisor | None:
    """The advisor for ``settings``, or None when no model is configured."""
    if not settings.model:
        return None
    return ModelAdvisor(settings, source=source, http_client=http_client)


@dataclass(frozen=True)
class Exchange:
    """One request to the endpoint, as it went: what a bench or a debugging user reads."""

    seconds: float
    outcome: str  # "answer", "refused response_format", "HTTP 503", "timeout", ...
    prompt_tokens: int | None = None
    answer_tokens: int | None = None
    finish_reason: str | None = None


class ModelAdvisor:
    """Reviews rule verdicts with one model call each (see the module docstring)."""

    def __init__(
        self,
        settings: Settings,
        *,
        source: Source | None = None,
        http_client: Any = None,
        environ: Mapping[str, str] | None = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        catalogue: Catalogue | None = None,
    ) -> None:
        self.settings = settings
        self.source = source
        self._http_client = http_client
        self._environ = environ
        self._sleep = sleep
        self._clock = clock
        self._client: Any = None
        self._catalogue = catalogue
        folder = Path(settings.cache_dir).expanduser()
        self._cache = AnswerCache(folder / "answers") if settings.cache else None
        # What the endpoint takes of the optional fields, remembered across runs (endpoint.py).
        self._memory = EndpointMemory(folder)
        self._endpoint = EndpointMemory.key(settings.base_url, settings.model or "")
        self._accepted = self._memory.get(self._endpoint)
        self.exchanges: list[Exchange] = []  # the requests of the last review

    @property
    def catalogue(self) -> Catalogue:
        if self._catalogue is None:
            self._catalogue = load_catalogue(self.settings.rules)
        return self._catalogue

    def review(self, evidence: Evidence, rule: Verdict) -> Verdict:
        """The model's verdict when its answer passes every check, else ``rule`` with a note."""
        deadline = self._clock() + self.settings.timeout
        self.exchanges = []
        notes: list[str] = []
        try:
            prompt = build_prompt(evidence, rule, self.settings, source=self.source, catalogue=self.catalogue)
            notes += prompt.notes
            return self._review(prompt, evidence, rule, deadline, notes)
        except ModelFailure as exc:
            return _kept(rule, [*notes, f"model {self.settings.model} not used: {exc}; the rule verdict stands"])
        except Exception as exc:  # noqa: BLE001 - the edge of an optional layer: a bug here must not cost the verdict
            return _kept(rule, [*notes, f"model review failed ({type(exc).__name__}: {exc}); the rule verdict stands"])

    def _review(self, prompt: Prompt, evidence: Evidence, rule: Verdict, deadline: float, notes: list[str]) -> Verdict:
        key = cache_key(prompt, self.settings)
        cached = self._cache.get(key) if self._cache else None
        support = Support.of(evidence, self.catalogue)
        if cached is not None:
            try:
                verdict = self._accept(cached, prompt, evidence, rule, support)
                return _noted(verdict, [*notes, "model answer from the cache (--no-cache asks again)"])
            except Unusable:
                pass  # written by another version: ask again
        client = self._get_client()
        content = ""
        started = self._clock()
        try:
            content = self._ask(client, prompt, prompt.messages, deadline, notes)
            verdict = self._accept(content, prompt, evidence, rule, support)
        except Unusable as first:
            took, left = self._clock() - started, deadline - self._clock()
            if left < took:  # a repair would be cut off, and its server would go on computing it
                return _kept(
                    rule,
                    [
                        *notes,
                        f"model answer rejected: {first}; not asked again: the answer took "
                        f"{took:.0f}s and {max(left, 0):.0f}s of --timeout "
                        f"{self.settings.timeout:g}s remain; the rule verdict stands",
                    ],
                )
            repair = [
                *prompt.messages,
                {"role": "assistant", "content": prompt.outgoing(content[:REPAIR_ECHO_CHARS])},
                {"role": "user", "content": prompt.outgoing(repair_request(str(first), prompt.answer_format))},
            ]
            try:
                content = self._ask(client, prompt, repair, deadline, notes)
                verdict = self._accept(content, prompt, evidence, rule, support)
            except Unusable as second:
                return _kept(
                    rule, [*notes, f"model answer rejected: {first}; asked again, {second}; the rule verdict stands"]
                )
            except ModelFailure as exc:
                return _kept(
                    rule,
                    [*notes, f"model answer rejected: {first}; asking again failed: {exc}; the rule verdict stands"],
                )
        if self._cache:
            self._cache.put(key, content)
        return _noted(verdict, [*notes, *([f"the model saw {prompt.cut}"] if prompt.cut else [])])

    def _accept(self, content: str, prompt: Prompt, evidence: Evidence, rule: Verdict, support: Support) -> Verdict:
        fields, parse_notes = parse_answer(content)
        verdict = accept(
            fields,
            evidence=evidence,
            rule=rule,
            quotable=prompt.quotable,
            mask=prompt.mask,
            support=support,
            language=self.settings.language,
        )
        return _noted(verdict, parse_notes) if parse_notes else verdict

    def _get_client(self) -> Any:
        if self._client is None:
            self._client = make_client(self.settings, http_client=self._http_client, environ=self._environ)
        return self._client

    def max_tokens(self) -> int:
        return self.settings.max_answer_tokens or answer_tokens(self.settings.language)

    def _ask(
        self, client: Any, prompt: Prompt, messages: list[dict[str, str]], deadline: float, notes: list[str]
    ) -> str:
        """The answer's text. Steps down the optional fields the endpoint refuses; retries
        what may pass (429, 5xx, lost connections, a server not reached in time) within
        ``max_retries`` and the deadline; raises ``ModelFailure`` for the rest, and
        ``Unusable`` for an answer without usable content."""
        import httpx
        import openai

        failures = 0
        while True:
            remaining = deadline - self._clock()
            if remaining <= 0:
                raise ModelFailure(f"no answer within --timeout {self.settings.timeout:g}s")
            limit = (
                remaining if self.settings.request_timeout is None else min(self.settings.request_timeout, remaining)
            )
            params = self._accepted.params(schema=answer_schema(), max_tokens=self.max_tokens())
            if prompt.answer_format == "text":  # the template asks for prose: a JSON format would contradict it
                params.pop("response_format", None)
            started = self._clock()
            wait: float | None = None
            try:
                completion = client.chat.completions.create(
                    model=self.settings.model, messages=messages, timeout=limit, **params
                )
            except openai.APIStatusError as exc:
                message = _message(exc)
                refused = refused_field(message, sent=params)
                if refused is not None:
                    self._step_down(refused, exc.status_code, message, notes)
                    self._record(started, f"refused {refused}")
                    continue
                self._record(started, f"HTTP {exc.status_code}")
                if exc.status_code != 429 and exc.status_code < 500:
                    raise ModelFailure(f"HTTP {exc.status_code} from the endpoint: {message}") from None
                reason = f"HTTP {exc.status_code}" + (f" ({message})" if exc.status_code >= 500 and message else "")
                wait = retry_after(exc.response.headers)
            except openai.APITimeoutError as exc:
                waited = self._clock() - started
                self._record(started, "timeout")
                if not isinstance(exc.__cause__, httpx.ConnectTimeout):
                    # The server took the request and is computing: it is slow, not down, and
                    # would compute the same answer again (servers do not stop when a client leaves).
                    raise ModelFailure(
                        f"no answer after waiting {waited:.0f}s; the server took the request but had not answered, "
                        f"so it was not asked again ({self._more_time()})"
                    ) from None
                reason = f"could not connect within {limit:g}s"
            except openai.APIConnectionError:
                self._record(started, "connection failed")
                reason = f"could not connect to {self.settings.base_url or 'api.openai.com'}"
            except openai.OpenAIError as exc:  # an answer the SDK cannot read: not worth repeating
                self._record(started, type(exc).__name__)
                raise ModelFailure(f"unreadable answer from the endpoint ({type(exc).__name__})") from None
            else:
                usage = getattr(completion, "usage", None)
                choices = getattr(completion, "choices", None) or []
                finish = getattr(choices[0], "finish_reason", None) if choices else None
                self._record(
                    started,
                    "answer",
                    getattr(usage, "prompt_tokens", None),
                    getattr(usage, "completion_tokens", None),
                    finish,
                )
                if finish == "length":
                    raise Unusable(f"the answer was cut at max_tokens {self.max_tokens()} (finish_reason: length)")
                return answer_text(completion)
            failures += 1
            if failures > self.settings.max_retries:
                raise ModelFailure(f"{reason}, {failures} attempt{'s' if failures > 1 else ''}")
            if wait is None:
                wait = min(2.0 ** (failures - 1), BACKOFF_MAX)
            if self._clock() + wait >= deadline:
                raise ModelFailure(f"{reason}; waiting {wait:g}s more would pass --timeout {self.settings.timeout:g}s")
            self._sleep(wait)

    def _step_down(self, refused: str, status: int, message: str, notes: list[str]) -> None:
        lower = self._accepted.step_down(refused)
        if lower is None:
            raise ModelFailure(f"the endpoint refused {refused} (HTTP {status}: {message})")
        before = self._accepted
        self._accepted = lower
        self._memory.put(self._endpoint, lower)
        now = {"response_format": lower.response_format, "max_tokens": lower.tokens, "temperature": "no temperature"}[
            refused
        ]
        was = {"response_format": before.response_format, "max_tokens": before.tokens, "temperature": "temperature 0"}[
            refused
        ]
        notes.append(
            f"the endpoint refused {refused} {was} (HTTP {status}: {message}); asked again with {now}, "
            "and remembered for this endpoint"
        )

    def _record(
        self,
        started: float,
        outcome: str,
        prompt_tokens: int | None = None,
        answer_tokens: int | None = None,
        finish_reason: str | None = None,
    ) -> None:
        self.exchanges.append(Exchange(self._clock() - started, outcome, prompt_tokens, answer_tokens, finish_reason))

    def _more_time(self) -> str:
        if self.settings.request_timeout is not None and self.settings.request_timeout < self.settings.timeout:
            return f"--request-timeout {self.settings.request_timeout:g}s; raise it, or leave it unset"
        return f"--timeout {self.settings.timeout:g}s; raise it for a slow server"


def answer_text(completion: Any) -> str:
    """The text of the first choice; ``Unusable`` when there is none."""
    choices = getattr(completion, "choices", None) or []
    if not choices:
        raise Unusable("the answer had no choices")
    message = choices[0].message
    refusal = getattr(message, "refusal", None)
    if refusal:
        raise Unusable(f"the model refused: {refusal[:120]}")
    return str(message.content or "")


def repair_request(reason: str, answer_format: str = "json") -> str:
    if answer_format == "text":
        return (
            f"That answer cannot be used: {reason}. Answer again in the format asked for: the lines Healthy:, "
            "Error:, Analysis: and Solution:, quoting the decisive lines exactly."
        )
    return (
        f"That answer cannot be used: {reason}. Answer again with one JSON object matching the schema, "
        'and nothing else: shorter if it was cut, every quote inside a string escaped as \\".'
    )


def retry_after(headers: Mapping[str, str]) -> float | None:
    """Seconds to wait, from ``retry-after-ms`` or ``Retry-After`` (seconds or an HTTP date)."""
    ms = headers.get("retry-after-ms")
    if ms is not None:
        try:
            return max(float(ms) / 1000, 0.0)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(float(value), 0.0)
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max((when - datetime.now(timezone.utc)).total_seconds(), 0.0)


def cache_key(prompt: Prompt, settings: Settings) -> str:
    """The same redacted messages (evidence and template), model and language: the same answer."""
    blob = json.dumps(
        {"schema": SCHEMA_VERSION, "model": settings.model, "language": settings.language, "messages": prompt.messages},
        sort_keys=True,
        ensure_ascii=False,
    )
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class AnswerCache:
    """Accepted answers on disk, one file per key. Holds only what the model wrote, which was
    written from redacted evidence."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def get(self, key: str) -> str | None:
        try:
            data = json.loads((self.folder / f"{key}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        content = data.get("content") if isinstance(data, dict) else None
        return content if isinstance(content, str) else None

    def put(self, key: str, content: str) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            tmp = self.folder / f".{key}.{os.getpid()}.tmp"
            tmp.write_text(json.dumps({"content": content}, ensure_ascii=False), encoding="utf-8")
            tmp.replace(self.folder / f"{key}.json")
        except OSError:
            pass  # a cache that cannot be written is a cache miss next time, nothing worse


# What a note quotes of the server's own error message.
MESSAGE_CHARS = 300


def _message(exc: Any) -> str:
    """The server's own words: ``error.message`` of an OpenAI-style body (llama-cpp-python's
    included), ``detail`` of a FastAPI one, else what the SDK made of it."""
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        text = inner.get("message") if isinstance(inner, dict) else inner if isinstance(inner, str) else None
        if text is None and "detail" in body:
            text = json.dumps(body["detail"], ensure_ascii=False)
        if isinstance(text, str):
            return " ".join(text.split())[:MESSAGE_CHARS]
    return " ".join(str(getattr(exc, "message", exc)).split())[:MESSAGE_CHARS]


def _kept(rule: Verdict, notes: list[str]) -> Verdict:
    """The rule verdict, with the notes that say why it is the one given."""
    return rule.model_copy(update={"notes": [*rule.notes, *notes]})


def _noted(verdict: Verdict, notes: list[str]) -> Verdict:
    return verdict.model_copy(update={"notes": [*verdict.notes, *notes]})
