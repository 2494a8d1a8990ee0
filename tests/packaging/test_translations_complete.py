"""The translation catalogues: complete, current with the sources, placeholders kept,
and compiled by PySide6's lrelease.

A failure here means a user-visible string was added or changed without its German
and Spanish translations. The fix is in each message.
"""

from __future__ import annotations

import ast
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import i18n
import pytest

HOW = i18n.UPDATE_HINT


def test_every_message_of_the_catalogues_is_translated() -> None:
    missing = [e for lang in i18n.LANGUAGES for e in i18n.untranslated(i18n.ts_path(lang))]
    assert not missing, (
        f"{len(missing)} untranslated entries, e.g. {missing[:5]}. To fix: {HOW}.")


def test_the_sources_have_no_string_missing_from_the_catalogues(tmp_path: Path) -> None:
    """lupdate over today's sources, into copies of the .ts files: nothing new appears."""
    copies = []
    for lang in i18n.LANGUAGES:
        copy = tmp_path / i18n.ts_path(lang).name
        shutil.copy(i18n.ts_path(lang), copy)
        copies.append(copy)
    i18n.lupdate(copies)
    new = [e for copy in copies for e in i18n.untranslated(copy)]
    assert not new, (
        f"{len(new)} strings in petdesk/ are not in the translations, e.g. {new[:5]}. "
        f"To fix: {HOW}.")


def _placeholders(text: str) -> tuple[list[str], list[str], list[str], list[str]]:
    """%s/%d in order (Python's % formatting is positional), %1.. and %n, {named}
    fields and markup tags, as sets where order may change."""
    return (re.findall(r"%[sd]", text), sorted(re.findall(r"%\d|%n", text)),
            sorted(re.findall(r"\{[^{}]*\}", text)), sorted(re.findall(r"<[^>]+>", text)))


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_translations_keep_the_placeholders_and_the_accelerators(language: str) -> None:
    root = ET.parse(i18n.ts_path(language)).getroot()
    wrong = []
    for message in root.iter("message"):
        source = message.findtext("source") or ""
        translation = message.find("translation")
        assert translation is not None
        forms = [f.text or "" for f in translation.iter("numerusform")] or [
            translation.text or ""]
        for form in forms:
            if _placeholders(form) != _placeholders(source):
                wrong.append((source, form))
            if source.replace("&&", "").count("&") != form.replace("&&", "").count("&"):
                wrong.append((source, form))
    assert not wrong, f"placeholders, markup or & changed in petdesk_{language}.ts: {wrong}"


def _translated(node: ast.AST) -> bool:
    """A call of ``tr`` or ``translate``: text looked up in the catalogues."""
    return isinstance(node, ast.Call) and (
        (isinstance(node.func, ast.Attribute) and node.func.attr in ("tr", "translate"))
        or (isinstance(node.func, ast.Name) and node.func.id == "translate"))


def test_a_sentence_with_values_is_filled_in_only_by_localized() -> None:
    """One path from a sentence to the screen: a sentence with values is a template
    (``QT_TRANSLATE_NOOP(context, "… {name} …").format(name=…)``) that the window shows
    through ``localized()``, in the GUI as in the Qt-free layers. A translated text is
    never filled in with ``%`` or ``.replace("%1", …)``."""
    found = []
    for path in sorted((i18n.project_root() / "petdesk" / "gui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            filled = (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod)
                      and any(map(_translated, ast.walk(node.left))))
            replaced = (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr == "replace"
                        and any(map(_translated, ast.walk(node.func.value))))
            if filled or replaced:
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)[:80]}")
    assert not found, found


def test_lrelease_compiles_each_catalogue(tmp_path: Path) -> None:
    for lang in i18n.LANGUAGES:
        shutil.copy(i18n.ts_path(lang), tmp_path)
    written = i18n.compile_stale(tmp_path)
    assert sorted(p.name for p in written) == [f"petdesk_{lang}.qm" for lang in i18n.LANGUAGES]
    assert all(p.stat().st_size > 1000 for p in written)
    assert i18n.compile_stale(tmp_path) == []  # current: nothing compiled again


def test_the_glossary_names_the_shelter_words() -> None:
    readme = (i18n.translations_dir() / "README.md").read_text(encoding="utf-8")
    for word in ("Tier", "vermittelt", "reserviert", "animal", "adoptado", "reservado"):
        assert word in readme
