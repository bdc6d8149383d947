"""The two engines every pattern is matched with, both linear in the text they read.

- RE2 (google-re2) matches one text: a log line against a whole catalogue in one pass
  (``RegexSet``), an event message or a value to redact (``Regex``).
- Hyperscan matches a block of a log against every log signature at once (``Database``), and
  the parts of an alternative with a lookaround (``_LookaroundTest``).

Patterns reach them through collectors/patterns.py, which decides what they can take and
writes it for both. Hyperscan takes a second or two to compile a catalogue's patterns: a
scan compiles them when big logs first need them and keeps the compiled database, serialized,
in the user's cache directory (``cached_database``), where the next run loads it in milliseconds.
"""

from __future__ import annotations

import hashlib
import os
import platform
import threading
from collections.abc import Callable, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any, overload

from collectors.patterns import Lookaround, PatternError, Translation, translate

# RE2's memory for one pattern or set, program and DFA cache together: the bound on what any
# pattern can take. RE2's default, 8 MiB, holds the built-in catalogue's set with little to
# spare for a user's patterns - and a set whose automaton outgrew it while matching a line
# would report no match for that line.
RE2_MAX_MEM = 64 << 20
CACHE_VERSION = 1  # bump when what a cached database holds changes
# Kept in the cache directory, the newest: older catalogues' are dropped. A catalogue is one
# database, and two more for each pattern with a lookaround.
CACHED_DATABASES = 64


def _re2() -> Any:
    import re2  # the C extension is imported where first used, with the rest of this module's work

    return re2


def _options() -> Any:
    options = _re2().Options()
    options.log_errors = False  # errors become PatternError; RE2 would also print them
    options.max_mem = RE2_MAX_MEM
    return options


def compile_re2(expression: str) -> Any:
    """An RE2 regex for an expression written by collectors/patterns.py."""
    re2 = _re2()
    try:
        return re2.compile(expression, _options())
    except re2.error as exc:
        raise PatternError(f"RE2 cannot compile it ({_message(exc)})") from None


def _message(exc: Exception) -> str:
    text = exc.args[0] if exc.args else str(exc)
    return (text.decode("utf-8", "replace") if isinstance(text, bytes) else str(text)).strip()


def _encoded(text: str) -> bytes:
    """UTF-8 for the engines; a lone surrogate (never in a decoded log) becomes "?"."""
    return text.encode("utf-8", "replace")


class Regex:
    """One pattern, matched in time linear in the text. See collectors/patterns.py for what
    it means and what is refused. ``translation``: the pattern already translated (the
    built-in catalogue ships its translations), as ``translate(pattern, whole, empty_ok)``."""

    def __init__(
        self, pattern: str, *, whole: bool = False, empty_ok: bool = False, translation: Translation | None = None
    ) -> None:
        self.pattern = pattern
        self.translation = translation or translate(pattern, whole=whole, empty_ok=empty_ok)
        self._exact = compile_re2(self.translation.exact)
        looks = self.translation.lookarounds
        plain = self.translation.plain
        self._plain = compile_re2(plain) if looks and plain is not None else None
        self._looks = tuple(_LookaroundTest(look) for look in looks)

    def search(self, text: str) -> bool:
        """Whether the pattern matches somewhere in ``text``."""
        data = _encoded(text)
        if self._exact.search(data) is None:
            return False
        return self.confirm(data, text)

    def confirm(self, data: bytes, text: str) -> bool:
        """Whether a text ``translation.exact`` matches (as ``data``, its UTF-8) matches the
        pattern itself: an alternative without lookaround, or one whose lookaround holds."""
        if not self._looks:
            return True
        if self._plain is not None and self._plain.search(data) is not None:
            return True
        return any(look.holds(text) for look in self._looks)

    def span(self, text: str) -> tuple[int, int] | None:
        """Where ``text`` first matches the pattern (for a pattern with a lookaround: where it
        matches without it), in characters."""
        if not self.search(text):
            return None
        m = self._exact.search(_encoded(text).decode("utf-8"))
        return m.span() if m is not None else None

    def sub(self, replacement: str, text: str) -> str:
        """``text`` with every match replaced (the pattern must have no lookaround)."""
        if self._looks:
            raise PatternError("a lookaround cannot say what to replace")
        return str(self._exact.sub(replacement.replace("\\", "\\\\"), _encoded(text).decode("utf-8")))


class RegexSet:
    """Many patterns matched against one text in one pass: ``matching`` says which. Each
    pattern's own ``Regex`` is compiled only when needed - to check a lookaround."""

    def __init__(self, translations: Sequence[Translation]) -> None:
        self.translations = tuple(translations)
        self._regexes: dict[int, Regex] = {}
        self._set: Any = None
        if self.translations:
            re2 = _re2()
            rset = re2.Set.SearchSet(_options())
            try:
                for t in self.translations:
                    rset.Add(t.exact)
                rset.Compile()
            except re2.error as exc:
                raise PatternError(f"RE2 cannot compile the patterns together ({_message(exc)})") from None
            self._set = rset

    def regex(self, index: int) -> Regex:
        if index not in self._regexes:
            t = self.translations[index]
            self._regexes[index] = Regex(t.source, translation=t)
        return self._regexes[index]

    def matching(self, text: str) -> list[int]:
        """Indices of the patterns that match ``text``, in order."""
        if self._set is None:
            return []
        data = _encoded(text)
        hits = self._set.Match(data)
        if not hits:
            return []
        return sorted(i for i in hits if not self.translations[i].lookarounds or self.regex(i).confirm(data, text))


# -- Hyperscan ------------------------------------------------------------------------------------


def _hs() -> Any:
    import hyperscan

    return hyperscan


class Database:
    """A compiled Hyperscan database: ``ends`` reports where matches end, every end of every
    pattern (Hyperscan's semantics: all matches, not leftmost-first). One per set of
    expressions; safe to share between threads, each of which gets its own scratch space."""

    def __init__(self, compiled: Any) -> None:
        self.compiled = compiled
        self._local = threading.local()

    def _scratch(self) -> Any:
        scratch = getattr(self._local, "scratch", None)
        if scratch is None:
            scratch = self._local.scratch = _hs().Scratch(self.compiled)
        return scratch

    def scan(self, data: bytes, on_match: Callable[[int, int, int, int, object], None]) -> None:
        """Calls ``on_match(id, start, end, flags, context)`` for each match (``start`` is 0:
        not tracked). ``data`` must be valid UTF-8."""
        self.compiled.scan(data, match_event_handler=on_match, scratch=self._scratch())

    def ends(self, data: bytes) -> dict[int, set[int]]:
        """Per expression id, the offsets in ``data`` where its matches end."""
        found: dict[int, set[int]] = {}

        def on_match(pid: int, _start: int, end: int, _flags: int, _context: object) -> None:
            found.setdefault(pid, set()).add(end)

        self.scan(data, on_match)
        return found


Flags = int | Sequence[int]  # Hyperscan's flags: for every expression, or one each


def compile_database(expressions: Sequence[str], flags: Flags, ids: Sequence[int] | None = None) -> Database:
    """Hyperscan's database for expressions written by collectors/patterns.py; ``ids`` (by
    default their indices) are what ``scan`` reports. Raises PatternError."""
    hs = _hs()
    db = hs.Database(mode=hs.HS_MODE_BLOCK)
    try:
        db.compile(
            expressions=[e.encode("utf-8") for e in expressions],
            ids=list(range(len(expressions))) if ids is None else list(ids),
            elements=len(expressions),
            flags=[flags] * len(expressions) if isinstance(flags, int) else list(flags),
        )
    except hs.error as exc:
        raise PatternError(f"Hyperscan cannot compile it ({_message(exc)})") from None
    return Database(db)


_compile_lock = threading.Lock()


@overload
def cached_database(expressions: Sequence[str], flags: Flags, ids: Sequence[int] | None = None) -> Database: ...


@overload
def cached_database(
    expressions: Sequence[str], flags: Flags, ids: Sequence[int] | None = None, *, compile_missing: bool
) -> Database | None: ...


def cached_database(
    expressions: Sequence[str], flags: Flags, ids: Sequence[int] | None = None, *, compile_missing: bool = True
) -> Database | None:
    """``compile_database``, through the cache: a database compiled once on this machine is
    loaded from the user's cache directory (None when it is not there and not
    ``compile_missing``). A file that cannot be read or written is only a cache miss."""
    hs = _hs()
    digest = hashlib.sha256(
        repr(
            (
                CACHE_VERSION,
                hs.__version__,
                platform.machine(),
                flags if isinstance(flags, int) else list(flags),
                list(expressions),
                None if ids is None else list(ids),
            )
        ).encode("utf-8")
    ).hexdigest()
    with _compile_lock:  # one thread compiles; the others wait for its database
        path = _cache_dir() / f"hyperscan-{digest[:40]}.db"
        try:
            return Database(hs.loadb(path.read_bytes(), hs.HS_MODE_BLOCK))
        except (OSError, hs.error):
            pass  # absent, or compiled for another CPU or Hyperscan release
        if not compile_missing:
            return None
        database = compile_database(expressions, flags, ids)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
            partial.write_bytes(hs.dumpb(database.compiled))
            os.replace(partial, path)
            for old in sorted(path.parent.glob("hyperscan-*.db"), key=lambda f: f.stat().st_mtime)[:-CACHED_DATABASES]:
                old.unlink()
        except OSError:
            pass
        return database


def _cache_dir() -> Path:
    """Where compiled databases are kept: $XDG_CACHE_HOME/jobdoctor, else ~/.cache/jobdoctor
    (%LOCALAPPDATA% on Windows)."""
    root = os.environ.get("XDG_CACHE_HOME") or (os.environ.get("LOCALAPPDATA") if os.name == "nt" else None)
    if root:
        return Path(root) / "jobdoctor"
    try:
        return Path.home() / ".cache" / "jobdoctor"
    except RuntimeError:  # no home directory: nowhere to cache
        return Path(os.devnull) / "jobdoctor"


class _LookaroundTest:
    """Whether an alternative ``before (?!body) after`` matches a text, in linear time.

    It does where some position p has a match of ``before`` ending at p and one of ``after``
    starting at p, and the body matches (``(?=``, ``(?<=``) or does not (``(?!``, ``(?<!``)
    starting at p (looking ahead) or ending there (looking behind). Hyperscan reports every
    end of every match in one scan; starts are ends in the reversed text, against patterns
    written reversed. So: one scan forward, one over the reversed text, and set arithmetic."""

    def __init__(self, look: Lookaround) -> None:
        self.look = look

    @cached_property
    def _forward(self) -> Database | None:
        return self._compile([self.look.before, "" if self.look.ahead else self.look.body])

    @cached_property
    def _reverse(self) -> Database | None:
        return self._compile([self.look.after, self.look.body if self.look.ahead else ""])

    @staticmethod
    def _compile(expressions: list[str]) -> Database | None:
        """Ids 0 and 1 for the parts given; an empty part is absent. ALLOWEMPTY: a part that
        matches the empty string (``\\b``, ``x?``) must report those matches too."""
        present = [(i, e) for i, e in enumerate(expressions) if e]
        if not present:
            return None
        hs = _hs()
        # Through the cache: a part with a long bounded repeat can take Hyperscan seconds to
        # compile, once per machine rather than once per run.
        return cached_database(
            [e for _i, e in present], hs.HS_FLAG_UTF8 | hs.HS_FLAG_ALLOWEMPTY, [i for i, _e in present]
        )

    def holds(self, text: str) -> bool:
        data = _encoded(text)
        size = len(data)
        forward = self._forward.ends(data) if self._forward is not None else {}
        reverse = self._reverse.ends(_encoded(text[::-1])) if self._reverse is not None else {}
        ends = forward.get(0, set()) if self.look.before else None
        starts = {size - e for e in reverse.get(0, ())} if self.look.after else None
        if ends is None:
            positions = starts or set()
        elif starts is None:
            positions = ends
        else:
            positions = ends & starts
        marks = {size - e for e in reverse.get(1, ())} if self.look.ahead else forward.get(1, set())
        return any((p in marks) != self.look.negative for p in positions)


def validate(translations: Sequence[Translation], *, blocks: bool) -> None:
    """Raise PatternError unless both engines take these patterns (``blocks``: as log
    signatures, in a Hyperscan database too). For a user's file, where a pattern RE2 takes
    might still be too large for Hyperscan; each lookaround is compiled as well."""
    for t in translations:
        for expression in (t.exact, t.plain):
            if expression is not None:
                compile_re2(expression)
        for look in t.lookarounds:
            test = _LookaroundTest(look)
            _ = test._forward, test._reverse
    if blocks and translations:
        hs = _hs()
        compile_database([t.relaxed for t in translations], hs.HS_FLAG_UTF8 | hs.HS_FLAG_MULTILINE)
