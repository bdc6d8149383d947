"""The translations (agent/i18n/): which catalogue a language setting picks, and that the
shipped catalogue is complete and current - every message of the code and of the YAML
(category meanings, signature summaries and solutions) is in the .pot, translated in
zh_CN.po, and compiled into the .mo the package ships."""

from __future__ import annotations

import fnmatch
import gettext
import io
import re
import subprocess
import sys
from pathlib import Path
from typing import BinaryIO

import pytest

babel = pytest.importorskip("babel", reason="the translation checks need Babel (the test extra)")
from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from agent.engine.signatures import builtin_catalogue  # noqa: E402
from agent.engine.taxonomy import categories, meaning  # noqa: E402
from agent.i18n import ENGLISH, catalogue_locale, locale_language, shipped_locales, translator  # noqa: E402
from agent.i18n.extract import extract_yaml  # noqa: E402
from tests.conftest import ROOT  # noqa: E402

LOCALE = ROOT / "agent" / "i18n" / "locale"
POT = LOCALE / "jobdoctor.pot"
# The translator's extract command (README, Development), writing elsewhere.
EXTRACT = ["-F", "pyproject.toml", "-c", "Translators:", "-o"]
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")


def _read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """The messages as `pybabel extract` finds them in the code and the YAML today."""
    out = tmp_path_factory.mktemp("pot") / "jobdoctor.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", *EXTRACT, str(out), "."],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return _read(out)


def _ids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    return {m.id for m in catalog if m.id}


def test_the_pot_is_what_extraction_finds_today(extracted: Catalog) -> None:
    assert _ids(_read(POT)) == _ids(extracted), (
        "agent/i18n/locale/jobdoctor.pot is stale: run the extract and update commands (README, Development)"
    )


@pytest.mark.parametrize("locale", shipped_locales())
def test_every_message_has_a_translation(extracted: Catalog, locale: str) -> None:
    """Every sentence of the rule verdict, every label, category meaning and signature summary
    and solution - as extracted from the code and YAML now - is translated in the shipped .mo:
    a new signature without a translation fails here."""
    tr = translator(locale)
    missing = []
    for m in extracted:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            got = [tr.ngettext(m.id[0], m.id[1], n) for n in (1, 2, 5)]
            if any(g in m.id for g in got):
                missing.append(m.id[0])
        elif tr.gettext(m.id) == m.id:
            missing.append(m.id)
    assert not missing, (
        f"{len(missing)} messages have no {locale} translation (edit its .po, then compile): {missing[:5]}"
    )


@pytest.mark.parametrize("locale", shipped_locales())
def test_translations_keep_every_placeholder(locale: str) -> None:
    po = _read(LOCALE / locale / "LC_MESSAGES" / "jobdoctor.po")
    wrong = []
    for m in po:
        if not m.id or not m.string:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        wanted = set(PLACEHOLDER.findall(ids[-1]))
        wrong += [s for s in strings if set(PLACEHOLDER.findall(s)) != wanted]
    assert not wrong, wrong[:3]


@pytest.mark.parametrize("locale", shipped_locales())
def test_the_po_holds_the_pots_messages_and_nothing_fuzzy(locale: str) -> None:
    po = _read(LOCALE / locale / "LC_MESSAGES" / "jobdoctor.po")
    assert _ids(po) == _ids(_read(POT)), "run the update command (README, Development)"
    fuzzy = [m.id for m in po if m.id and m.fuzzy]
    assert not fuzzy, f"fuzzy entries are not compiled; check and unflag them: {fuzzy[:3]}"


@pytest.mark.parametrize("locale", shipped_locales())
def test_the_shipped_mo_is_compiled_from_the_po(locale: str) -> None:
    """The .mo is shipped, not built (a wheel and an editable install read the same file): it
    must say what the .po says."""
    folder = LOCALE / locale / "LC_MESSAGES"
    fresh = io.BytesIO()
    write_mo(fresh, _read(folder / "jobdoctor.po"))
    fresh.seek(0)
    with (folder / "jobdoctor.mo").open("rb") as shipped:
        assert _messages(shipped) == _messages(fresh), "run the compile command (README, Development)"


def _messages(mo: BinaryIO) -> dict[object, str]:
    """A compiled catalogue's entries; of its header, all but the Babel release that wrote it
    (which differs between machines and says nothing about the translations)."""
    catalog = dict(gettext.GNUTranslations(mo)._catalog)  # type: ignore[attr-defined]
    header = catalog.get("", "")
    catalog[""] = "".join(line for line in header.splitlines(keepends=True) if not line.startswith("Generated-By:"))
    return catalog


def test_the_package_ships_the_compiled_catalogues() -> None:
    tomllib = pytest.importorskip("tomllib")
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["agent"]
    for mo in LOCALE.glob("*/LC_MESSAGES/*.mo"):
        relative = mo.relative_to(ROOT / "agent").as_posix()
        assert any(fnmatch.fnmatch(relative, g) for g in globs), relative
    assert shipped_locales() == ("zh_CN",)


# -- what the engine's data says, in Chinese ------------------------------------------------


def test_every_category_meaning_is_translated() -> None:
    zh = translator("zh")
    untranslated = [c for c in categories() if meaning(c, zh) == meaning(c)]
    assert not untranslated
    assert meaning("gpu-oom", ENGLISH) == categories()["gpu-oom"]
    assert meaning("no-such-category", zh) == "no-such-category"


def test_every_builtin_signature_summary_and_solution_is_translated() -> None:
    zh = translator("zh")
    untranslated = [
        f"{s.id}.{field}"
        for s in builtin_catalogue().signatures
        for field, en, local in (("summary", s.summary, s.summary_in(zh)), ("solution", s.solution, s.solution_in(zh)))
        if en and local == en
    ]
    assert not untranslated, untranslated[:5]
    quiet = next(s for s in builtin_catalogue().signatures if not s.summary)
    assert quiet.summary_in(zh) == ""  # not gettext's header, which msgid "" would give


# -- which catalogue a setting means --------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "locale"),
    [
        ("zh", "zh_CN"),
        ("zh-CN", "zh_CN"),
        ("zh_CN", "zh_CN"),
        ("zh_CN.UTF-8", "zh_CN"),
        ("ZH-cn", "zh_CN"),
        ("zh-Hans", "zh_CN"),
        ("Chinese", "zh_CN"),
        ("中文", "zh_CN"),
        ("zh_SG", "zh_CN"),
        ("en", None),
        ("en_US.UTF-8", None),
        ("C", None),
        ("", None),
        ("fr", None),
        ("ja_JP", None),
        ("zh-TW", None),
        ("zh_HK.UTF-8", None),
        ("zh-Hant", None),
    ],
)
def test_catalogue_for_a_language_setting(language: str, locale: str | None) -> None:
    assert catalogue_locale(language) == locale


def test_a_language_without_a_catalogue_reads_english_and_catalogues_are_read_once() -> None:
    assert translator("fr") is ENGLISH and translator("en") is ENGLISH
    assert translator("zh").gettext("Evidence") == translator("zh_CN.UTF-8").gettext("Evidence") == "证据"
    assert translator("zh") is translator("zh")
    assert ENGLISH.ngettext("a pod", "pods", 1) == "a pod" and ENGLISH.ngettext("a pod", "pods", 3) == "pods"


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "zh_TW.UTF-8"}, "zh-tw"),
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "zh_CN.UTF-8", "LC_ALL": "en_US.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "zh_CN:en"}, "zh"),
        ({"LANG": "", "LC_ALL": ""}, None),
        ({}, None),
    ],
)
def test_the_locale_names_a_language(environ: dict[str, str], language: str | None) -> None:
    assert locale_language(environ) == language


# -- the YAML extractor ---------------------------------------------------------------------


def test_yaml_extraction_gives_the_strings_the_engine_looks_up(tmp_path: Path) -> None:
    text = (
        "signatures:\n"
        "  - id: a\n    category: gpu-oom\n    where: log\n    pattern: x\n"
        "    summary: ran out of 'memory'\n"
        "    solution: >-\n      Lower the batch\n      size.\n"
        "  - id: quiet\n    kind: noise\n    where: log\n    pattern: y\n"
    )
    found = list(extract_yaml(io.BytesIO(text.encode()), {}, [], {}))
    assert [(line, msg) for line, _, msg, _ in found] == [(6, "ran out of 'memory'"), (7, "Lower the batch size.")]
    assert found[0][3] == [
        "signature a (gpu-oom), summary: a phrase after a pod's name: '<pod> <summary>: <the log line>'"
    ]
    taxonomy = list(extract_yaml(io.BytesIO(b"categories:\n  gpu-oom: An accelerator ran out.\n"), {}, [], {}))
    assert [(m[2], m[3][0].split(":")[0]) for m in taxonomy] == [("An accelerator ran out.", "category gpu-oom")]
    assert list(extract_yaml(io.BytesIO(b"- a\n"), {}, [], {})) == []
