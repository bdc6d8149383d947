"""Failure signatures: what a line, an event or a status fact means. Data, not code.

The built-in catalogue is the YAML files in agent/engine/signatures/, loaded by the same function
as a user's ``--rules FILE``. A user file adds signatures, replaces built-in ones by id, or
disables them::

    signatures:
      - id: my-dataset-quota
        category: disk-full
        where: log
        pattern: 'DatasetStore: quota of \\d+ GiB reached'
        specificity: 90
        solution: Ask the data team for a larger dataset volume.
    disable: [python-exception]

A signature is a ``cause`` (it explains a failure), a ``symptom`` (what ranks print when
another rank failed first; it decides only when nothing else does) or ``noise`` (log lines
that look alarming but never matter, such as Python warnings; they match nothing else).
Among the causes found where a job first failed, the highest ``specificity`` wins.

Two kinds decide nothing and serve the judgement around the verdict:

- ``hint``: an error-like line no other signature explains ("... failed", "FATAL", "timed
  out", a NaN). The log scan keeps its first and last match in ``LogDigest.matches`` like any
  signal's (a line means its most specific reading, so a hint only holds lines nothing more
  specific claims); the rules ignore it. It is there for a reader, and for the model review:
  ``hints()`` lists them, and ``kind_of(match.signature)`` tells a hint from a cause.
- ``progress``: a line that says training or serving moves on (``step 1200``, ``Epoch 3``, a
  tqdm bar, ``{'loss': 0.71}``, an answered request). It is not scanned for: the rules read it
  in the last lines of a log (``LogDigest.tail``) to tell the container that reports progress
  from those that are quiet by design; agent/engine/progress.py reads the pace such lines
  state (``26.05s/it``, ``time 4608ms``).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator

from agent.engine.taxonomy import categories
from agent.errors import CatalogueError
from agent.i18n import ENGLISH, Translator, translated
from collectors.documents import Unbounded, load_document
from collectors.files import Refused, read_user_file
from collectors.logs import LineMatcher, LogPattern
from collectors.matching import Regex, validate
from collectors.patterns import PatternError, Translation, translate

Where = Literal["log", "event", "status"]
# Kinds read by the rules only in a log's last lines (where a process stands), never scanned
# for or classified.
TAIL_ONLY = ("progress", "waiting")
_FullMatch = Callable[[str], bool]
_PLAIN = re.compile(r"[\w-]*")
# What a user's rule files may hold, all files together: each pattern is compiled for
# Hyperscan on its own when the files are read, and then with all the others (~0.2 s for a
# 2,000-character pattern with counted repeats), so 1 MiB of patterns would take minutes before
# the first verdict. The built-in catalogue's patterns hold about 64,000 characters; they are
# not counted (trusted: checked by the test suite, their translations shipped in compiled.json).
MAX_PATTERN_CHARS = 64 * 1024
# Each lookaround alternative is compiled on its own too (two Hyperscan databases, up to ~0.1 s
# with a repeat counted near its bound). The built-in catalogue holds about 15.
MAX_LOOKAROUNDS = 64


@dataclass
class UserBudget:
    """What a user's rule files have used so far of MAX_PATTERN_CHARS and MAX_LOOKAROUNDS:
    counted as each pattern is read, before anything is compiled for it."""

    chars: int = 0
    lookarounds: int = 0

    def spend(self, pattern: str, lookarounds: int) -> None:
        self.chars += len(pattern)
        self.lookarounds += lookarounds
        if self.chars > MAX_PATTERN_CHARS:
            raise ValueError(
                f"the rule files' patterns hold more than {MAX_PATTERN_CHARS:,} characters; write fewer or shorter ones"
            )
        if self.lookarounds > MAX_LOOKAROUNDS:
            raise ValueError(
                f"the rule files hold more than {MAX_LOOKAROUNDS} alternatives with a lookaround "
                "(each is compiled on its own); write some without one"
            )


def _full_match(regex: str | None) -> _FullMatch:
    """A test that ``regex`` matches a whole value; a plain word is compared as a string,
    since most reasons are ("FailedScheduling") and compiling them all costs start-up."""
    if regex is None:
        return lambda _value: True
    if _PLAIN.fullmatch(regex):
        return regex.__eq__
    return Regex(regex, whole=True, empty_ok=True, translation=shipped_translation(regex, whole=True)).search


class Signature(BaseModel):
    """One way a failure shows. See the module docstring and docs in the README."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9.-]*$")
    kind: Literal["cause", "symptom", "noise", "hint", "progress", "waiting"] = "cause"
    category: str | None = Field(
        None, description="taxonomy id; not used by noise, progress and waiting, optional for hints"
    )
    where: Where
    pattern: str | None = Field(None, description="regex searched in the log line, event message or status text")
    reason: str | None = Field(None, description="regex the event's or status fact's reason must fully match")
    subject: str | None = Field(
        None,
        description="regex the status fact's subject must fully match: "
        "a container state (waiting, terminated) or condition type",
    )
    exit_codes: list[int] | None = Field(None, description="status only: the container exit codes it applies to")
    specificity: int = Field(50, ge=0, le=100)
    while_running: bool | Literal["anywhere"] = Field(
        False,
        description="log only: counts even from a process still running - when among its last lines (true: "
        "a NaN loss makes every later step useless), or wherever it shows (anywhere: a state "
        "the process keeps, such as running on the CPU because CUDA failed); on a hint: "
        "the review counts its lines from a process still running (a stall report)",
    )
    accelerators_only: bool = Field(
        False,
        description="log only: counts only in pods that request GPUs or other "
        "accelerators (a warning that no GPU is used)",
    )
    without_accelerators: bool = Field(
        False,
        description="log only: counts only in pods that request no GPUs or other accelerators (a GPU "
        "library that cannot start in a container given none)",
    )
    despite_success: bool = Field(
        False,
        description="log or status, on a cause: decides even when the process that logged it exited 0 and "
        "the workload succeeded - a trainer that stopped itself early because training diverged, a container "
        "that exited 0 though a process in it was OOM-killed",
    )
    repeating: bool = Field(
        False,
        description="log only, on a hint with a category: a running process that prints one of its lines "
        "over and over (numbers aside) up to its last line, with no progress since the first, is failing "
        "at it now - a server that stays up and fails every request - and the line counts as a cause",
    )
    says_where: bool = Field(
        False,
        description="noise only: its lines decide nothing but still say where the process stands (NCCL's INFO "
        "trace of its set-up steps) - a stall quotes such a line as the last words; other noise (a harmless "
        "warning) is passed over",
    )
    recasts: list[str] | None = Field(
        None,
        description="log only: ids of causes that, matched later in the same log or (a status cause) in the "
        "state the run that wrote the log ended in, are read as this signature instead - a line that says "
        "where a bare error happened (a library announcing it moves its data through /dev/shm, then 'No "
        "space left on device'), or that the process is about to kill itself (a server tearing down its "
        "process tree once a child failed: its exit 137 is its own doing). A symptom recasts them as a "
        "symptom, as specific as itself",
    )
    summary: str = Field("", description="what happened, as a phrase: 'ran out of GPU memory'")
    solution: str = ""

    @field_validator("pattern", "reason", "subject")
    @classmethod
    def _compiles(cls, value: str | None, info: ValidationInfo) -> str | None:
        # The built-in catalogue is checked by the test suite; at run time its patterns
        # compile when first used, which keeps start-up fast. A user's file is checked now:
        # a pattern the engines cannot match in linear time is refused, with the reason.
        if value is not None and not (info.context or {}).get("trusted"):
            pattern = info.field_name == "pattern"
            try:
                regex = Regex(value, whole=not pattern, empty_ok=not pattern)
            except PatternError as exc:
                raise ValueError(str(exc)) from None
            budget = (info.context or {}).get("budget")
            if budget is not None:  # spent before the signature's checks compile it for Hyperscan
                budget.spend(value, len(regex.translation.lookarounds))
        return value

    @model_validator(mode="after")
    def _consistent(self, info: ValidationInfo) -> Signature:
        if self.kind in ("cause", "symptom") and self.category is None:
            raise ValueError("a cause or symptom needs a category")
        if self.category is not None and self.category not in categories():
            raise ValueError(f"category {self.category!r} is not in the taxonomy")
        if self.kind in ("noise", "hint", "progress", "waiting") and self.where != "log":
            raise ValueError(f"only log signatures can be {self.kind}")
        if self.where == "log" and not self.pattern:
            raise ValueError("a log signature needs a pattern")
        if (self.while_running or self.accelerators_only or self.without_accelerators) and self.where != "log":
            raise ValueError("while_running, accelerators_only and without_accelerators apply to log signatures only")
        if self.accelerators_only and self.without_accelerators:
            raise ValueError("accelerators_only and without_accelerators exclude each other")
        if self.repeating and (self.kind != "hint" or self.category is None):
            raise ValueError("repeating applies to hints with a category only")
        if self.says_where and self.kind != "noise":
            raise ValueError("says_where applies to noise only")
        if self.recasts is not None and (self.where != "log" or self.category is None):
            raise ValueError("recasts applies to log signatures with a category only")
        if self.despite_success and (self.where == "event" or self.kind != "cause"):
            raise ValueError("despite_success applies to log and status causes only")
        if self.where != "status" and (self.exit_codes is not None or self.subject is not None):
            raise ValueError("exit_codes and subject apply to status signatures only")
        if not (self.pattern or self.reason or self.exit_codes or self.subject):
            raise ValueError("a signature needs a pattern, a reason, a subject or exit_codes")
        if self.where == "log" and self.pattern and not (info.context or {}).get("trusted"):
            # A log pattern is also compiled into Hyperscan's database, which may refuse
            # what RE2 takes (too large a pattern).
            try:
                validate([Regex(self.pattern).translation], blocks=True)
            except PatternError as exc:
                raise ValueError(f"pattern: {exc}") from None
        return self

    def summary_in(self, tr: Translator = ENGLISH) -> str:
        """``summary`` in ``tr``'s language: a built-in one is in the catalogue; a user's
        stays as written."""
        return translated(tr, self.summary)

    def solution_in(self, tr: Translator = ENGLISH) -> str:
        """``solution`` in ``tr``'s language (see ``summary_in``)."""
        return translated(tr, self.solution)

    @cached_property
    def _pattern(self) -> Regex | None:
        return Regex(self.pattern, translation=shipped_translation(self.pattern)) if self.pattern else None

    def search(self, text: str) -> bool:
        """Whether the pattern matches ``text``: for signatures the rules read themselves
        (progress, in a log's last lines) rather than the log scan."""
        return self._pattern is not None and self._pattern.search(text)

    @cached_property
    def _reason(self) -> _FullMatch:
        return _full_match(self.reason)

    @cached_property
    def _subject(self) -> _FullMatch:
        return _full_match(self.subject)

    def matches(
        self, *, text: str, reason: str | None = None, subject: str | None = None, exit_code: int | None = None
    ) -> bool:
        """Whether an event or status fact shows this signature (logs go through LineMatcher).
        The cheap tests run first: most facts are ruled out before any regex compiles."""
        if self.exit_codes is not None and exit_code not in self.exit_codes:
            return False
        if not self._reason(reason or "") or not self._subject(subject or ""):
            return False
        if self.pattern is None:
            return True
        return self._pattern is not None and self._pattern.search(text)


class CatalogueFile(BaseModel):
    """The shape of a catalogue file, built-in or ``--rules``."""

    model_config = ConfigDict(extra="forbid")
    signatures: list[Signature] = []
    disable: list[str] = Field([], description="ids of signatures to switch off")


class Catalogue:
    """An ordered, id-unique set of signatures, with the compiled log matcher."""

    def __init__(self, signatures: Iterable[Signature]) -> None:
        self.signatures: tuple[Signature, ...] = tuple(signatures)
        self.by_id = {s.id: s for s in self.signatures}

    def where(self, where: Where) -> list[Signature]:
        return [s for s in self.signatures if s.where == where and s.kind not in TAIL_ONLY]

    @cached_property
    def progress(self) -> tuple[Signature, ...]:
        """The signatures of lines that say training or serving moves on."""
        return tuple(s for s in self.signatures if s.kind == "progress")

    @cached_property
    def waiting(self) -> tuple[Signature, ...]:
        """The signatures of lines a process prints just before it blocks until its peers join
        (initialising a process group): read, like progress, only in a log's last lines."""
        return tuple(s for s in self.signatures if s.kind == "waiting")

    @cached_property
    def noise(self) -> tuple[Signature, ...]:
        """The signatures of log lines that look alarming but never matter."""
        return tuple(s for s in self.signatures if s.kind == "noise")

    @cached_property
    def mute(self) -> tuple[Signature, ...]:
        """The noise whose lines say nothing of where a process stands: a stall's last words are
        read past them."""
        return tuple(s for s in self.noise if not s.says_where)

    @cached_property
    def repeating(self) -> tuple[Signature, ...]:
        """The hints whose lines, repeated to the end of a running log, are a cause (read as one)."""
        return tuple(s.model_copy(update={"kind": "cause"}) for s in self.signatures if s.repeating)

    def hints(self) -> frozenset[str]:
        """Ids of the hint signatures: error-like lines kept for a reader, deciding nothing."""
        return frozenset(s.id for s in self.signatures if s.kind == "hint")

    def kind_of(self, signature_id: str) -> str | None:
        sig = self.by_id.get(signature_id)
        return sig.kind if sig is not None else None

    @cached_property
    def line_matcher(self) -> LineMatcher:
        # Every kind but noise, progress and waiting is a signal: scanned for, and classified,
        # alike (hints too). Progress and waiting are read in a log's last lines by the rules,
        # never scanned for.
        return LineMatcher(
            [
                LogPattern(
                    s.id,
                    s.pattern or "",
                    s.specificity,
                    s.kind == "noise",
                    translation=shipped_translation(s.pattern or ""),
                )
                for s in self.signatures
                if s.where == "log" and s.kind not in TAIL_ONLY
            ]
        )

    def extended(self, files: Sequence[CatalogueFile]) -> Catalogue:
        """This catalogue with user files applied in order: add, replace by id, disable."""
        merged = dict(self.by_id)
        for f in files:
            for sig in f.signatures:
                merged[sig.id] = sig
            for gone in f.disable:
                merged.pop(gone, None)
        return Catalogue(merged.values())


def read_catalogue_file(
    text: str, label: str, *, trusted: bool = False, budget: UserBudget | None = None
) -> CatalogueFile:
    """One catalogue file. ``budget`` is what the files read before it used (one for all a
    user's files): a pattern past it is refused."""
    try:
        data = load_document(text)
    except Unbounded as exc:
        raise CatalogueError(f"rules {label}: refused: {exc}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark else ""
        raise CatalogueError(f"rules {label}{where}: not valid YAML") from exc
    if data is None:
        return CatalogueFile()
    if isinstance(data, list):  # a bare list of signatures is accepted too
        data = {"signatures": data}
    try:
        context = {"trusted": trusted, "budget": UserBudget() if budget is None else budget}
        return CatalogueFile.model_validate(data, context=context)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = _location(data, first["loc"])
        raise CatalogueError(f"rules {label}: {loc}: {first['msg']}") from exc


def _location(data: object, loc: Sequence[int | str]) -> str:
    parts = []
    node = data
    for key in loc:
        if isinstance(node, dict) and key in node:
            node = node[key]
        elif isinstance(node, list) and isinstance(key, int) and key < len(node):
            node = node[key]
            if isinstance(node, dict) and "id" in node:
                parts.append(f"signature {node['id']!r}")
                continue
        parts.append(str(key))
    return " ".join(parts)


COMPILED_FILE = "compiled.json"


def compiled_catalogue(catalogue: Catalogue, source: str) -> dict[str, object]:
    """The built-in catalogue as shipped in agent/engine/signatures/compiled.json: its signatures,
    already parsed, and their patterns, already translated for the engines
    (collectors/patterns.py) - the work of every start-up done once, when the YAML changes.
    ``source`` is the digest of the YAML it came from; regenerate with
    ``python -m agent.engine.signatures``."""
    search = {s.pattern: translate(s.pattern).to_json() for s in catalogue.signatures if s.pattern}
    whole = {
        regex: translate(regex, whole=True, empty_ok=True).to_json()
        for s in catalogue.signatures
        for regex in (s.reason, s.subject)
        if regex and not _PLAIN.fullmatch(regex)
    }
    return {
        "source": source,
        "signatures": [s.model_dump(exclude_defaults=True) for s in catalogue.signatures],
        "translations": {"search": search, "whole": whole},
    }


def _sources() -> tuple[list[tuple[str, str]], str]:
    folder = resources.files("agent.engine").joinpath("signatures")
    texts = [
        (e.name, e.read_text(encoding="utf-8"))
        for e in sorted(folder.iterdir(), key=lambda e: e.name)
        if e.name.endswith(".yaml")
    ]
    digest = hashlib.sha256()
    for name, text in texts:
        digest.update(name.encode() + b"\0" + text.encode() + b"\0")
    return texts, digest.hexdigest()


@lru_cache(maxsize=1)
def _compiled() -> dict[str, Any]:
    try:
        data = json.loads(
            resources.files("agent.engine").joinpath("signatures", COMPILED_FILE).read_text(encoding="utf-8")
        )
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


@lru_cache(maxsize=1)
def _translations() -> dict[str, dict[str, Any]]:
    table = _compiled().get("translations")
    return table if isinstance(table, dict) else {}


def shipped_translation(regex: str, *, whole: bool = False) -> Translation | None:
    """A built-in pattern's translation as compiled.json ships it (the same text always
    translates the same), or None."""
    data = _translations().get("whole" if whole else "search", {}).get(regex)
    return Translation.from_json(regex, data) if data is not None else None


@lru_cache(maxsize=1)
def builtin_catalogue() -> Catalogue:
    texts, source = _sources()
    compiled = _compiled()
    if compiled.get("source") == source:  # the YAML is what compiled.json was made from
        return Catalogue(Signature.model_validate(d, context={"trusted": True}) for d in compiled["signatures"])
    signatures: dict[str, Signature] = {}
    for name, text in texts:
        for sig in read_catalogue_file(text, f"agent/engine/signatures/{name}", trusted=True).signatures:
            if sig.id in signatures:
                raise CatalogueError(f"built-in signature {sig.id!r} is defined twice")
            signatures[sig.id] = sig
    return Catalogue(signatures.values())


def load_catalogue(rule_files: Sequence[str | Path] = ()) -> Catalogue:
    """The built-in catalogue extended by the user's rule files."""
    files = []
    budget = UserBudget()  # one for all the files
    for path in rule_files:
        try:
            text = read_user_file(path)
        except Refused as exc:
            raise CatalogueError(f"rules {path}: {exc}") from None
        files.append(read_catalogue_file(text, str(path), budget=budget))
    base = builtin_catalogue()
    known = set(base.by_id)
    for path, f in zip(rule_files, files, strict=False):
        known |= {s.id for s in f.signatures}
        for gone in f.disable:
            if gone not in known:  # a typo would leave the signature on without a word
                import difflib

                close = difflib.get_close_matches(gone, sorted(known), n=1)
                hint = f"; did you mean {close[0]!r}?" if close else "; `jobdoctor rules` lists the ids"
                raise CatalogueError(f"rules {path}: disable: no signature has the id {gone!r}{hint}")
    if not files:
        return base
    catalogue = base.extended(files)
    try:
        catalogue.line_matcher.compile()
    except PatternError as exc:
        named = ", ".join(str(p) for p in rule_files)
        raise CatalogueError(f"rules {named}: {exc}: write fewer or shorter patterns") from None
    return catalogue


if __name__ == "__main__":  # python -m agent.engine.signatures: regenerate compiled.json from the YAML
    _compiled.cache_clear()
    texts, digest = _sources()
    fresh = Catalogue(
        sig for name, text in texts for sig in read_catalogue_file(text, f"agent/engine/signatures/{name}").signatures
    )
    target = Path(__file__).with_name("signatures") / COMPILED_FILE
    target.write_text(json.dumps(compiled_catalogue(fresh, digest), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {target}")
