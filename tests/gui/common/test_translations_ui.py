"""PetDesk in German and Spanish, as a user of that locale sees it.

The main window and every dialog are built once in English and once in the
language (its QLocale as the default, Qt's and PetDesk's translators installed, as
``create_application`` does for the system locale); every visible string is read
from the widget tree (labels, buttons, group boxes, tabs, menus and actions,
tooltips, placeholders, combo items, table headers, window titles, accessible
names) and compared position by position: a string left equal to its English one
is untranslated, unless it is a name, a number or a word both languages share
(:data:`SAME_WORDS`). Then, at 800×500, no label or button is narrower than its
text needs. A child process started with ``LANG=de_DE.UTF-8`` checks the system
locale path, and Settings › Language overriding it.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDialog,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTabWidget,
    QWidget,
)

from petdesk.core.status_messages import MessageKind
from petdesk.gui.main_window import MainWindow
from petdesk.gui.settings.settings import AppSettings, CatalogueChoice
from tests.helpers import ui
from tests.helpers.drive import click_row, shortcut, visible_dialog
from tests.helpers.windows import open_demo_window

LANGUAGES = ("de", "es")

#: Words spelled the same in English and the language (besides names and numbers).
SAME_WORDS = {
    "de": {"ID", "ID:", "Name", "Name:", "Status", "Status:", "Demo", "Details", "Details…",
           "Letter", "OK", "JSON", "CSV", "PDF", "PetDesk", "Ctrl", "Esc", "Enter", "Tab",
           "Export", "Import", "Menu"},
    "es": {"ID", "ID:", "Demo", "OK", "JSON", "CSV", "PDF", "PetDesk", "Ctrl", "Esc", "Enter",
           "Tab", "Menu"},
}
#: Language names in Settings › Language (each in its own language).
LANGUAGE_NAMES = {"English", "Deutsch", "Español"}
#: The dialogs, by the action that opens them.
DIALOG_ACTIONS = ("actionSettings", "actionCategories", "actionApiKey", "actionAddPet",
                  "actionPrintCards", "actionImport", "actionExport", "actionFindAny",
                  "actionShortcuts", "actionAbout")


def _plain(text: str) -> str:
    return re.sub(r"<[^>]+>", "", text).replace("&&", "\0").replace("&", "").replace("\0", "&")


def _texts_of(widget: QWidget) -> list[tuple[str, str]]:
    texts: list[tuple[str, str]] = []
    kind = type(widget).__name__
    for what, text in (("tooltip", widget.toolTip()), ("accessible", widget.accessibleName()),
                       ("placeholder", widget.placeholderText()
                        if isinstance(widget, QLineEdit) else "")):
        texts.append((f"{kind} {what}", text))
    if widget.isWindow():
        texts.append((f"{kind} title", widget.windowTitle()))
    if isinstance(widget, QLabel | QAbstractButton):
        texts.append((kind, widget.text()))
    if isinstance(widget, QGroupBox):
        texts.append((kind, widget.title()))
    if isinstance(widget, QTabWidget):
        texts += [(f"{kind} tab", widget.tabText(i)) for i in range(widget.count())]
    if isinstance(widget, QComboBox) and widget.isEditable() is False:
        texts += [(f"{kind} item", widget.itemText(i)) for i in range(widget.count())]
    if isinstance(widget, QMenu):
        texts.append((kind, widget.title()))
    if isinstance(widget, QAbstractItemView) and widget.model() is not None:
        model = widget.model()
        texts += [(f"{kind} header", str(model.headerData(c, Qt.Orientation.Horizontal) or ""))
                  for c in range(model.columnCount())]
    return texts


def _path(widget: QWidget, top: QWidget) -> str:
    """The widget's place in ``top``: object names, or the class and its rank among
    unnamed siblings of that class (Qt adds scroll-bar containers lazily)."""
    parts = []
    while widget is not top and widget is not None:
        parent = widget.parentWidget()
        name = widget.objectName()
        if not name:
            kind = type(widget)
            siblings = [w for w in (parent.findChildren(kind, options=Qt.FindChildOption
                                                        .FindDirectChildrenOnly)
                                    if parent is not None else [])
                        if not w.objectName()]
            name = f"{kind.__name__}#{siblings.index(widget) if widget in siblings else 0}"
        parts.append(name)
        widget = parent
    return "/".join(reversed(parts))


def visible_texts(top: QWidget) -> dict[str, str]:
    """What the user can read in ``top``, by where it is."""
    found: dict[str, str] = {}
    for widget in [top, *top.findChildren(QWidget)]:
        if widget is not top and not widget.isVisibleTo(top) and not isinstance(widget, QMenu):
            continue
        where = _path(widget, top)
        for n, (kind, text) in enumerate(_texts_of(widget)):
            found[f"{where} {kind} {n}"] = text
    for n, action in enumerate(top.findChildren(QAction)):
        if action.isSeparator() or not action.text():
            continue
        where = f"action {action.objectName() or n}"
        found[where] = action.text()
        found[f"{where} tooltip"] = action.toolTip()
    return found


def untranslated(english: dict[str, str], other: dict[str, str],
                 language: str, names: set[str]) -> list[tuple[str, str]]:
    same = []
    for where, shown in other.items():
        text = english.get(where)
        if text is None:
            continue
        plain = _plain(text).strip()
        if text != shown or not re.search(r"[^\W\d_]{2,}", plain):
            continue  # translated, or no word in it (numbers, "—", "%")
        if plain in SAME_WORDS[language] or plain in LANGUAGE_NAMES or plain in names:
            continue
        if any(plain.startswith(n) for n in names if len(n) > 2):
            continue  # a pet or category name, maybe with its id: "Dogs (1)"
        same.append((where, text))
    return same


def _demo_window(qtbot: Any, settings: AppSettings, db: Path) -> MainWindow:
    window = open_demo_window(qtbot, settings, db)
    window.resize(1100, 680)
    click_row(qtbot, window, 0)  # the details of a pet: its labels are shown
    return window


def _data_names(window: MainWindow) -> set[str]:
    model = ui.table(window).model()
    names = {"PetDesk"}
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            value = model.index(row, column).data()
            if isinstance(value, str):
                names.add(value)
                names.add(value.split(" (")[0])
    return names


def _open_dialog(qtbot: Any, window: MainWindow, action: str) -> QWidget:
    before = {id(w) for w in QApplication.topLevelWidgets() if w.isVisible()}
    window.findChild(QAction, action).trigger()
    found: list[QWidget] = []

    def shown() -> bool:
        found[:] = [w for w in QApplication.topLevelWidgets()
                    if w.isVisible() and id(w) not in before and isinstance(w, QDialog)]
        return bool(found)

    qtbot.waitUntil(shown, timeout=5_000)
    return found[-1]


def _close(qtbot: Any, dialog: QWidget) -> None:
    assert isinstance(dialog, QDialog)
    dialog.reject()
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5_000)


def _everything(qtbot: Any, window: MainWindow) -> dict[str, dict[str, str]]:
    seen = {"main window": visible_texts(window)}
    for action in DIALOG_ACTIONS:
        dialog = _open_dialog(qtbot, window, action)
        seen[action] = visible_texts(dialog)
        _close(qtbot, dialog)
    return seen


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_visible_string_of_the_window_and_its_dialogs_is_translated(
        qtbot: Any, tmp_path: Path, settings: AppSettings, speak: Callable[[str], None],
        language: str) -> None:
    speak("en")
    english_window = _demo_window(qtbot, settings, tmp_path / "en.sqlite3")
    english = _everything(qtbot, english_window)
    names = _data_names(english_window)
    english_window.close()
    speak(language)
    window = _demo_window(qtbot, settings, tmp_path / f"{language}.sqlite3")
    shown = _everything(qtbot, window)
    assert all(len(texts) > 8 for texts in shown.values()), {k: len(v) for k, v in shown.items()}
    for part, texts in shown.items():  # compared place by place, nearly everywhere
        worded = {where for where, text in texts.items() if text}
        unmatched = worded - english[part].keys()
        assert len(unmatched) <= 0.05 * len(worded), (part, unmatched)
    translated = {text for texts in shown.values() for text in texts.values()} - {
        text for texts in english.values() for text in texts.values()}
    assert len(translated) > 120, "most of what is shown is text to translate"
    problems = {part: untranslated(english[part], shown[part], language, names)
                for part in english}
    problems = {part: found for part, found in problems.items() if found}
    assert not problems, f"left in English under {language}: {problems}"
    window.close()


def _clipped(top: QWidget) -> list[str]:
    """Labels and buttons narrower (or, wrapping, shorter) than their text needs."""
    clipped = []
    for widget in top.findChildren(QWidget):
        if not widget.isVisibleTo(top) or not isinstance(widget, QLabel | QAbstractButton):
            continue
        if not widget.text().strip():
            continue
        hint = widget.sizeHint()
        if isinstance(widget, QLabel) and widget.wordWrap():
            if widget.height() < widget.heightForWidth(widget.width()):
                clipped.append(f"{widget.objectName() or widget.text()!r}: wraps beyond "
                               f"{widget.height()} px")
        elif widget.width() < hint.width() or widget.height() < hint.height():
            clipped.append(f"{widget.objectName() or widget.text()!r}: {widget.width()}x"
                           f"{widget.height()} < {hint.width()}x{hint.height()}")
    return clipped


def _settled_clipping(qtbot: Any, top: QWidget) -> list[str]:
    """:func:`_clipped` once the layouts have had their turn (the filter bar reflows
    after a resize): what is still clipped when nothing changes any more."""
    with contextlib.suppress(qtbot.TimeoutError):
        qtbot.waitUntil(lambda: not _clipped(top), timeout=2_000)
    return _clipped(top)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_label_or_button_is_clipped_at_800x500(
        qtbot: Any, tmp_path: Path, settings: AppSettings, speak: Callable[[str], None],
        language: str) -> None:
    speak(language)
    window = _demo_window(qtbot, settings, tmp_path / "pets.sqlite3")
    window.resize(800, 500)
    qtbot.waitUntil(lambda: window.width() <= 800 or window.minimumWidth() > 800)
    assert window.minimumSizeHint().width() <= 800, "the window fits 800 px"
    problems = {"main window": _settled_clipping(qtbot, window)}
    for action in DIALOG_ACTIONS:
        dialog = _open_dialog(qtbot, window, action)
        problems[action] = _settled_clipping(qtbot, dialog)
        _close(qtbot, dialog)
    problems = {part: found for part, found in problems.items() if found}
    assert not problems, f"clipped in {language} at 800x500: {problems}"
    window.close()


CHILD = textwrap.dedent("""
    import sys
    from PySide6.QtCore import QLocale
    from PySide6.QtGui import QAction
    from petdesk.gui.app import LaunchConfig, build_main_window, create_application
    app = create_application(["petdesk"])
    window = build_main_window(LaunchConfig(demo=True), demo_db=sys.argv[1], autoload=False)
    menus = [a.text() for a in window.menuBar().actions()]
    refresh = window.findChild(QAction, "actionRefresh").text()
    print("|".join([QLocale().name(), *menus, refresh]))
""")


@pytest.mark.parametrize(("lang", "chosen", "expected"), [
    ("de_DE.UTF-8", "", "de_DE|&Datei|&Ansicht|&Tiere|&Hilfe|&Aktualisieren"),
    ("es_ES.UTF-8", "", "es_ES|&Archivo|&Ver|A&nimales|A&yuda|Actuali&zar"),
    ("de_DE.UTF-8", "es", "es_ES|&Archivo|&Ver|A&nimales|A&yuda|Actuali&zar"),
    ("de_DE.UTF-8", "en", "en_US|&File|&View|&Pets|&Help|&Refresh"),
])
def test_the_system_locale_or_the_settings_choice_decides_at_start(
        tmp_path: Path, lang: str, chosen: str, expected: str) -> None:
    config = tmp_path / "config"
    (config / "PetDesk").mkdir(parents=True)
    (config / "PetDesk" / "PetDesk.conf").write_text(f"[ui]\nlanguage={chosen}\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_")}
    env.update(LANG=lang, LANGUAGE="", QT_QPA_PLATFORM="offscreen",
               XDG_CONFIG_HOME=str(config), XDG_DATA_HOME=str(tmp_path / "data"))
    out = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path / "demo.sqlite3")],
                         env=env, capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip().splitlines()[-1] == expected


def test_sentences_of_the_qt_free_layers_are_shown_in_the_language(
        speak: Callable[[str], None]) -> None:
    from datetime import UTC, datetime

    from petdesk.core.errors import NotFoundError
    from petdesk.gui.common.localize import error_text, localized
    from petdesk.services.catalogue.wording import count_text, duration_text
    from petdesk.services.outbox.wording import outbox_count_text, stored_rows_banner

    now = datetime(2026, 11, 24, 9, 50, tzinfo=UTC).timestamp()
    earlier = datetime(2026, 11, 24, 9, 42, tzinfo=UTC).timestamp()
    yesterday = datetime(2026, 11, 23, 17, 5, tzinfo=UTC).timestamp()
    speak("de")
    assert localized(outbox_count_text(3)) == "3 Aufnahmen warten auf Senden"
    assert localized(count_text(8_412)) == "8.412 Tiere"  # the locale's digit grouping
    assert localized(duration_text(125 * 60)) == "2 Std. 5 Min."
    assert localized(stored_rows_banner(earlier, now, offline=True, tz=UTC)) == \
        "Offline — Tiere mit Stand 09:42"
    assert localized(stored_rows_banner(yesterday, now, offline=True, tz=UTC)) == \
        "Offline — Tiere mit Stand 23.11.26 17:05"
    assert error_text(NotFoundError()) == "Es wurde kein Tier mit dieser ID gefunden."
    assert localized("Bella") == "Bella"  # data stays as it is
    speak("es")
    assert localized(count_text(8_412)) == "8412 animales"  # Spanish groups from 5 digits
    assert error_text(NotFoundError()) == "No se encontró ningún animal con ese ID."
    speak("en")
    assert localized(count_text(8_412)) == "8,412 pets" == count_text(8_412)
    assert localized(stored_rows_banner(yesterday, now, offline=True, tz=UTC)).startswith(
        "Offline — showing pets as of ")


def test_the_catalogue_line_and_find_any_animal_speak_the_language(
        qtbot: Any, tmp_path: Path, settings: AppSettings, speak: Callable[[str], None]) -> None:
    """The catalogue's sentences (written by the Qt-free store) in German: the status
    bar's line, and the Find any animal dialog (Ctrl+Shift+F) with its notes."""
    from petdesk.gui.catalogue.search_dialog import CatalogueDialog

    settings.catalogue = CatalogueChoice(enabled=True)
    speak("de")
    window = _demo_window(qtbot, settings, tmp_path / "pets.sqlite3")
    bar = ui.status_bar(window)
    qtbot.waitUntil(lambda: bar.text_of(MessageKind.CATALOGUE).startswith("Katalog: ")
                    and "beginnt" not in bar.text_of(MessageKind.CATALOGUE), timeout=30_000)
    [line] = [m for m in bar.messages if m.kind is MessageKind.CATALOGUE]
    assert "Anfragen" in line.details and "requests" not in line.details
    shortcut(qtbot, window, "Ctrl+Shift+F")
    dialog = visible_dialog(qtbot, CatalogueDialog)
    assert dialog.windowTitle() == "Beliebiges Tier finden"
    assert dialog.catalogueLabel.text().startswith("Katalog: ")
    qtbot.waitUntil(lambda: " Tiere · " in dialog.noteLabel.text(), timeout=10_000)
    assert "atalog" in dialog.noteLabel.text() and "catalogue" not in dialog.noteLabel.text()
    qtbot.keyClicks(dialog.searchEdit, "Niemand-heißt-so")
    qtbot.waitUntil(lambda: dialog.noteLabel.text().startswith(
        "Kein Tier hat „Niemand-heißt-so“ im Namen · "), timeout=10_000)
    dialog.close()
    window.close()


def test_a_translation_that_breaks_its_placeholders_falls_back_to_english(
        qapp: QApplication) -> None:
    from PySide6.QtCore import QTranslator

    from petdesk.core.wording import QT_TRANSLATE_NOOP
    from petdesk.gui.common.localize import localized

    class Broken(QTranslator):
        def translate(self, context: str, source: str, disambiguation: Any = None,
                      n: int = -1) -> str:
            return "kaputt {nope}" if context == "Probe" else ""

    broken = Broken()
    qapp.installTranslator(broken)
    try:
        message = QT_TRANSLATE_NOOP("Probe", "{count} waiting").format(count=2)
        assert localized(message) == "2 waiting"
    finally:
        qapp.removeTranslator(broken)


def test_the_import_steps_speak_the_language(
        qtbot: Any, tmp_path: Path, settings: AppSettings, speak: Callable[[str], None],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The import of the sample sheet, in German: what was detected, the column notes,
    every row's check and the totals come from the Qt-free layers, translated."""
    from PySide6.QtWidgets import QFileDialog

    from petdesk.gui.importing.import_dialog import PAGE_COLUMNS, PAGE_PREVIEW
    from petdesk.gui.importing.preview_page import RESULT

    sample = Path(__file__).resolve().parents[3] / "resources" / "samples" / "intake-sample.csv"
    monkeypatch.setenv("PETDESK_DATA_DIR", str(tmp_path / "data" / "PetDesk"))
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *_a, **_k: (str(sample), "")))
    speak("de")
    window = _demo_window(qtbot, settings, tmp_path / "pets.sqlite3")
    dialog: Any = _open_dialog(qtbot, window, "actionImport")
    qtbot.mouseClick(dialog.chooseButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == PAGE_COLUMNS, timeout=10_000)
    assert dialog.columnsPage.detectedLabel.text() == (
        "Erkannt: CSV · UTF-8 (mit BOM) · getrennt durch Kommas")
    qtbot.waitUntil(dialog.columnsPage.checkButton.isEnabled, timeout=10_000)
    qtbot.mouseClick(dialog.columnsPage.checkButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == PAGE_PREVIEW, timeout=20_000)
    totals = dialog.previewPage.totalsLabel.text()
    assert re.fullmatch(r"\d+ Zeilen: \d+ bereit, \d+ ungültig, \d+ mögliche Duplikate?", totals)
    model = dialog.previewPage.previewTable.model()
    checks = {str(model.index(row, RESULT).data()) for row in range(model.rowCount())}
    assert "Bereit" in checks
    assert any(c.startswith("Mögliches Duplikat: gleicher Name") for c in checks), checks
    assert any("Name muss" in c or "Name darf" in c for c in checks), checks
    assert any("Kategorie-ID muss eine ganze Zahl" in c for c in checks), checks
    assert not any(re.search(r"\b(must|Ready|same name|Possible)\b", c) for c in checks), checks
    _close(qtbot, dialog)
    window.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_crash_dialog_and_qts_own_strings_are_translated(
        qtbot: Any, speak: Callable[[str], None], language: str) -> None:
    from petdesk.gui.common.crash_dialog import CrashDialog

    def shown(lang: str) -> tuple[dict[str, str], list[str]]:
        speak(lang)
        dialog = CrashDialog("Traceback: ValueError")
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitUntil(dialog.isVisible, timeout=5_000)
        texts = visible_texts(dialog)
        dialog.reject()
        edit = QLineEdit()  # Qt's own context menu: qtbase_<lang>.qm
        qtbot.addWidget(edit)
        menu = edit.createStandardContextMenu()
        actions = [a.text() for a in menu.actions() if not a.isSeparator()]
        menu.deleteLater()
        return texts, actions

    english, english_menu = shown("en")
    other, other_menu = shown(language)
    assert untranslated(english, other, language, set()) == []
    assert len(other_menu) >= 5 and not set(other_menu) & set(english_menu), other_menu
