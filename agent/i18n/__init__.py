"""jobdoctor's own words in other languages: gettext catalogues, and which one a setting means.

English is the source language: every sentence the rule engine, the renderers and the
chat cards write is an English msgid, translated through a ``Translator`` passed down from
the shell - never a process-wide locale, so two diagnoses in two bot threads can speak two
languages. The catalogues live beside this module::

    locale/jobdoctor.pot                      extracted from the code and the YAML (taxonomy
                                              meanings, signature summaries and solutions)
    locale/zh_CN/LC_MESSAGES/jobdoctor.po     the translation, edited by hand
    locale/zh_CN/LC_MESSAGES/jobdoctor.mo     compiled from it, shipped (tests check it is current)

The README's Development section has the translator's commands (extract, update, compile).
A ``.mo`` is read only when a language other than English is asked for, so English costs
nothing at start-up. Category ids, identifiers and quoted lines are never translated.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from importlib import resources
from typing import Protocol

__all__ = [
    "DOMAIN",
    "ENGLISH",
    "Translator",
    "N_",
    "catalogue_locale",
    "locale_language",
    "sentences",
    "shipped_locales",
    "translated",
    "translator",
]

DOMAIN = "jobdoctor"
# The locale environment variables gettext consults for messages, in its order (Python's
# gettext.find): the first one set decides.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
# Spellings of the languages we ship a catalogue for, beyond their locale code; for Chinese,
# the Simplified script (Traditional has no catalogue of its own: it falls back to English).
_ALIASES = {
    "zh": "zh_CN",
    "zh_hans": "zh_CN",
    "zh_hans_cn": "zh_CN",
    "zh_sg": "zh_CN",
    "chinese": "zh_CN",
    "中文": "zh_CN",
    "简体中文": "zh_CN",
    "chinese (简体中文)": "zh_CN",
}
_SOURCE = ("en", "english", "c", "posix")
# Punctuation that ends a sentence or clause in full-width scripts and carries its own space.
FULL_WIDTH_STOPS = ("\u3002", "\uff01", "\uff1f", "\uff1b", "\uff1a", "\uff09", "\u201d", "\u300d")
# Locale region codes whose Chinese is written in the Traditional script.
_TRADITIONAL = ("tw", "hk", "mo", "hant")


class Translator(Protocol):
    """What the engine and the renderers translate with: ``gettext.NullTranslations`` (English)
    and ``gettext.GNUTranslations`` (a compiled catalogue) both are one."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


class _English:
    """The source language: every msgid is its own translation (NullTranslations, without
    importing gettext on the start-up path)."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural


ENGLISH: Translator = _English()


def N_(message: str) -> str:
    """Marks a string for extraction where it is defined; it is translated where it is used."""
    return message


def translated(tr: Translator, message: str) -> str:
    """``tr.gettext(message)``, except that an empty message stays empty (gettext's msgid ""
    is the catalogue's header)."""
    return tr.gettext(message) if message else message


def sentences(parts: Iterable[str]) -> str:
    """Sentences one after another: a space between them, as English wants, except after a
    full-width stop (。！？；：）), which Chinese follows with none. Empty parts are skipped."""
    out = ""
    for part in parts:
        if part:
            out += part if not out or out.endswith(FULL_WIDTH_STOPS) else " " + part
    return out


def _key(language: str) -> str:
    """``zh-CN``, ``zh_CN.UTF-8``, ``zh_Hans@x`` -> ``zh_cn``, ``zh_cn``, ``zh_hans``."""
    return re.split(r"[.@]", language.strip())[0].replace("-", "_").lower()


def catalogue_locale(language: str) -> str | None:
    """The shipped catalogue a language setting asks for (``zh``, ``zh-CN``, ``zh_CN.UTF-8``,
    ``Chinese`` -> ``zh_CN``); None for English and for languages with no catalogue, whose
    prose stays English (the model review, if any, still writes in them)."""
    key = _key(language)
    if not key or key in _SOURCE or key.startswith("en_"):
        return None
    shipped = {code.lower(): code for code in shipped_locales()}
    if key in _ALIASES and _ALIASES[key].lower() in shipped:
        return _ALIASES[key]
    if key in shipped:
        return shipped[key]
    language_only = key.split("_")[0]
    if language_only == "zh" and any(part in _TRADITIONAL for part in key.split("_")[1:]):
        return None
    return shipped.get(language_only)


@lru_cache(maxsize=1)
def shipped_locales() -> tuple[str, ...]:
    """The locales with a compiled catalogue in the package: ``("zh_CN",)``."""
    root = resources.files(__name__).joinpath("locale")
    return tuple(
        sorted(entry.name for entry in root.iterdir() if entry.joinpath("LC_MESSAGES", DOMAIN + ".mo").is_file())
    )


@cache
def translator(language: str) -> Translator:
    """The translations for a language setting; English (the msgids) when it is English or
    has no catalogue. Read once per language, then shared: a catalogue is never changed."""
    code = catalogue_locale(language)
    if code is None:
        return ENGLISH
    import gettext

    with resources.files(__name__).joinpath("locale", code, "LC_MESSAGES", DOMAIN + ".mo").open("rb") as fp:
        return gettext.GNUTranslations(fp)


def locale_language(environ: Mapping[str, str]) -> str | None:
    """The language the locale asks for, as the ``language`` setting spells it (``zh``,
    ``zh-tw``, ``ja``, ``en``): from the first of LANGUAGE, LC_ALL, LC_MESSAGES and LANG
    that is set; None when none is. ``C`` and ``POSIX`` are English."""
    for name in LOCALE_VARIABLES:
        value = environ.get(name, "")
        if name == "LANGUAGE":  # a list, most wanted first: zh_CN:en
            value = value.split(":")[0]
        key = _key(value)
        if not key:
            continue
        if key in ("c", "posix"):
            return "en"
        language, _, region = key.partition("_")
        if language == "zh" and any(part in _TRADITIONAL for part in region.split("_")):
            return "zh-tw"
        return language
    return None
