"""The model review: one call to an OpenAI-compatible endpoint that checks the rule verdict.

::

    advisor_from_settings(settings, source=...) -> ModelAdvisor | None   (None: no model configured)
    ModelAdvisor.review(evidence, rule_verdict) -> Verdict               never raises for the model's sake

One request per diagnosis, plus one repair request when the answer cannot be used. Each
request has its own timeout (``request_timeout``); 429 and 5xx answers, timeouts and dropped
connections are retried up to ``max_retries`` times, waiting what ``Retry-After`` asks; all of
it ends at one deadline (``timeout``). Whatever goes wrong, the rule verdict comes back with a
note saying why, and ``engine`` says which engine's verdict it is.

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
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any

from agent.review.answer import Unusable, accept, answer_schema, parse
from agent.review.prompting import Prompt, build_prompt
from agent.settings import Settings
from agent.engine.verdict import SCHEMA_VERSION, Verdict
from collectors.evidence import Evidence
from collectors.source import Source

# Without a Retry-After, wait 1 s, 2 s, 4 s ... between attempts, never more than this.
BACKOFF_MAX = 8.0
# What a repair request echoes of the unusable answer: enough to show the model its mistake.
REPAIR_ECHO_CHARS = 4000
# Request parameters an endpoint may not support; a 400 that names one drops it and asks again.
OPTIONAL_PARAMS = ("response_format", "temperature")


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
    return openai.OpenAI(api_key=key or "unused", base_url=settings.base_url, max_retries=0,
                         timeout=settings.request_timeout, http_client=http_client)


def advisor_from_settings(settings: Settings, *, source: Source | None = None, http_client: Any = None) -> ModelAdvisor | None:
    """The advisor for ``settings``, or None when no model is configured."""
    if not settings.model:
        return None
    return ModelAdvisor(settings, source=source, http_client=http_client)


class ModelAdvisor:
    """Reviews rule verdicts with one model call each (see the module docstring)."""

    def __init__(self, settings: Settings, *, source: Source | None = None, http_client: Any = None,
                 environ: Mapping[str, str] | None = None, sleep: Callable[[float], None] = time.sleep,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.source = source
        self._http_client = http_client
        self._environ = environ
        self._sleep = sleep
        self._clock = clock
        self._client: Any = None
        # Parameters this endpoint has rejected once: not sent again in this process.
        self._unsupported: set[str] = set()
        self._cache = AnswerCache(Path(settings.cache_dir).expanduser() / "answers") if settings.cache else None

    def review(self, evidence: Evidence, rule: Verdict) -> Verdict:
        """The model's verdict when its answer passes every check, else ``rule`` with a note."""
        deadline = self._clock() + self.settings.timeout
        notes: list[str] = []
        try:
            prompt = build_prompt(evidence, rule, self.settings, source=self.source)
            notes += prompt.notes
            return self._review(prompt, evidence, rule, deadline, notes)
        except ModelFailure as exc:
            return _kept(rule, [*notes, f"model {self.settings.model} not used: {exc}; the rule verdict stands"])
        except Exception as exc:  # noqa: BLE001 - the edge of an optional layer: a bug here must not cost the verdict
            return _kept(rule, [*notes, f"model review failed ({type(exc).__name__}: {exc}); the rule verdict stands"])

    def _review(self, prompt: Prompt, evidence: Evidence, rule: Verdict, deadline: float, notes: list[str]) -> Verdict:
        key = cache_key(prompt, self.settings)
        cached = self._cache.get(key) if self._cache else None
        if cached is not None:
            try:
                verdict = self._accept(cached, prompt, evidence, rule)
                return _noted(verdict, [*notes, "model answer from the cache (--no-cache asks again)"])
            except Unusable:
                pass  # written by another version: ask again
        client = self._get_client()
        content = ""
        try:
            content = self._ask(client, prompt.messages, deadline, notes)
            verdict = self._accept(content, prompt, evidence, rule)
        except Unusable as first:
            repair = [*prompt.messages, {"role": "assistant", "content": prompt.outgoing(content[:REPAIR_ECHO_CHARS])},
                      {"role": "user", "content": prompt.outgoing(repair_request(str(first)))}]
            try:
                content = self._ask(client, repair, deadline, notes)
                verdict = self._accept(content, prompt, evidence, rule)
            except Unusable as second:
                return _kept(rule, [*notes, f"model answer rejected: {first}; asked again, {second}; "
                                            "the rule verdict stands"])
            except ModelFailure as exc:
                return _kept(rule, [*notes, f"model answer rejected: {first}; asking again failed: {exc}; "
                                            "the rule verdict stands"])
        if self._cache:
            self._cache.put(key, content)
        return _noted(verdict, [*notes, *([f"the model saw {prompt.cut}"] if prompt.cut else [])])

    def _accept(self, content: str, prompt: Prompt, evidence: Evidence, rule: Verdict) -> Verdict:
        return accept(parse(content), evidence=evidence, rule=rule, quotable=prompt.quotable, mask=prompt.mask)

    def _get_client(self) -> Any:
        if self._client is None:
            self._client = make_client(self.settings, http_client=self._http_client, environ=self._environ)
        return self._client

    def _ask(self, client: Any, messages: list[dict[str, str]], deadline: float, notes: list[str]) -> str:
        """The answer's text. Retries what may pass (429, 5xx, timeouts, lost connections)
        within ``max_retries`` and the deadline; raises ``ModelFailure`` for the rest, and
        ``Unusable`` for an answer without content."""
        import openai

        failures = 0
        while True:
            remaining = deadline - self._clock()
            if remaining <= 0:
                raise ModelFailure(f"no answer within --timeout {self.settings.timeout:g}s")
            request_timeout = min(self.settings.request_timeout, remaining)
            wait: float | None = None
            try:
                completion = client.chat.completions.create(
                    model=self.settings.model, messages=messages, timeout=request_timeout, **self._params())
            except openai.BadRequestError as exc:
                param = next((p for p in OPTIONAL_PARAMS if p in _message(exc) and p not in self._unsupported), None)
                if param is None:
                    raise ModelFailure(f"the endpoint refused the request (HTTP 400: {_message(exc)})") from None
                self._unsupported.add(param)
                notes.append(f"the endpoint does not support {param}; asked again without it")
                continue
            except openai.APIStatusError as exc:
                if exc.status_code != 429 and exc.status_code < 500:
                    raise ModelFailure(f"HTTP {exc.status_code} from the endpoint: {_message(exc)}") from None
                reason = f"HTTP {exc.status_code}"
                wait = retry_after(exc.response.headers)
            except openai.APITimeoutError:
                reason = f"no answer in {request_timeout:g}s"
            except openai.APIConnectionError:
                reason = f"could not connect to {self.settings.base_url or 'api.openai.com'}"
            except openai.OpenAIError as exc:  # an answer the SDK cannot read: not worth repeating
                raise ModelFailure(f"unreadable answer from the endpoint ({type(exc).__name__})") from None
            else:
                return answer_text(completion)
            failures += 1
            if failures > self.settings.max_retries:
                raise ModelFailure(f"{reason}, {failures} attempt{'s' if failures > 1 else ''}")
            if wait is None:
                wait = min(2.0 ** (failures - 1), BACKOFF_MAX)
            if self._clock() + wait >= deadline:
                raise ModelFailure(f"{reason}; waiting {wait:g}s more would pass --timeout {self.settings.timeout:g}s")
            self._sleep(wait)

    def _params(self) -> dict[str, Any]:
        params: dict[str, Any] = {
            "temperature": 0,
            "response_format": {"type": "json_schema",
                                "json_schema": {"name": "verdict", "schema": answer_schema(), "strict": False}},
        }
        return {k: v for k, v in params.items() if k not in self._unsupported}


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


def repair_request(reason: str) -> str:
    return (f"That answer cannot be used: {reason}. Answer again with one JSON object matching the schema, "
            "and nothing else.")


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
    blob = json.dumps({"schema": SCHEMA_VERSION, "model": settings.model, "language": settings.language,
                       "messages": prompt.messages}, sort_keys=True, ensure_ascii=False)
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


def _message(exc: Any) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        text = inner.get("message") if isinstance(inner, dict) else None
        if isinstance(text, str):
            return text[:200]
    return str(getattr(exc, "message", exc))[:200]


def _kept(rule: Verdict, notes: list[str]) -> Verdict:
    """The rule verdict, with the notes that say why it is the one given."""
    return rule.model_copy(update={"notes": [*rule.notes, *notes]})


def _noted(verdict: Verdict, notes: list[str]) -> Verdict:
    return verdict.model_copy(update={"notes": [*verdict.notes, *notes]})
