"""Small words a shelter reads every day: the kennel card dialog counts in words ("1
card on 1 page", "1 Karte auf 1 Seite"); cards of unnamed categories point to File ›
Categories… and follow the names given there; the demo's categories speak the
user's language; an export's header says which status codes its column holds, and
PetDesk reads that file back."""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from petdesk.gui.cards.categories_dialog import CategoriesDialog
from petdesk.gui.cards.kennel_card_dialog import KennelCardDialog
from petdesk.gui.importing.export_dialog import ExportDialog
from petdesk.gui.importing.import_dialog import ImportDialog
from petdesk.gui.main_window import MainWindow
from petdesk.gui.pets.pet_model import Column
from petdesk.gui.settings.settings import AppSettings
from tests.gui.conftest import Sandbox
from tests.helpers import ui
from tests.helpers.drive import click_row, open_add_dialog, shortcut, visible_dialog
from tests.helpers.import_driver import answer_open, answer_save, click
from tests.helpers.windows import open_demo_window

# The add form's completer pops up: the offscreen platform cannot raise it or grab.
popup_warnings = pytest.mark.qt_log_ignore(
    "This plugin does not support (raise|grabbing the keyboard|propagateSizeHints)")


@pytest.fixture(autouse=True)
def own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PETDESK_DATA_DIR", str(tmp_path / "data" / "PetDesk"))  # names and store


def demo(qtbot: Any, tmp_path: Path, settings: AppSettings) -> MainWindow:
    window = open_demo_window(qtbot, settings, tmp_path / "demo.sqlite3")
    return window


def category_cell(window: MainWindow, row: int) -> str:
    model = ui.table(window).model()
    return str(model.data(model.index(row, Column.CATEGORY)))


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "1 card on 1 page."), ("de", "1 Karte auf 1 Seite."), ("es", "1 ficha en 1 página.")])
def test_the_card_dialog_counts_in_words(qtbot: Any, tmp_path: Path, settings: AppSettings,
                                         speak: Callable[[str], None], language: str,
                                         expected: str) -> None:
    speak(language)
    window = demo(qtbot, tmp_path, settings)
    click_row(qtbot, window, 0)
    shortcut(qtbot, window, "Ctrl+P")
    dialog = visible_dialog(qtbot, KennelCardDialog)
    assert dialog.summaryLabel.text() == expected
    qtbot.mouseClick(dialog.closeButton, Qt.MouseButton.LeftButton)


def test_cards_of_unnamed_categories_point_to_category_names(
        qtbot: Any, make_window: Callable[..., MainWindow], loopback: Sandbox) -> None:
    window = make_window(loopback)  # production: no category has a name yet
    click_row(qtbot, window, 0)
    pet = ui.table(window).model().pet(0)
    shortcut(qtbot, window, "Ctrl+P")
    dialog = visible_dialog(qtbot, KennelCardDialog)
    assert dialog.unnamedLabel.isVisible()
    assert dialog.unnamedLabel.text() == (
        f"Categories without a name print as their number: {pet.category_id}. Name them "
        "in File › Categories… (Ctrl+Shift+G).")
    qtbot.mouseClick(dialog.nameButton, Qt.MouseButton.LeftButton)
    names = visible_dialog(qtbot, CategoriesDialog)
    qtbot.keyClicks(names.page.idEdit, str(pet.category_id))
    qtbot.keyClicks(names.page.nameEdit, "Kennel A")
    qtbot.keyClick(names.page.nameEdit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.unnamedLabel.isVisible(), timeout=5_000)
    assert not dialog.nameButton.isVisible()
    assert dialog._cards[0].category == f"Kennel A ({pet.category_id})"


@popup_warnings
@pytest.mark.parametrize(("language", "dogs", "typed"), [
    ("de", "Hunde (1)", "hun"), ("es", "Perros (1)", "per"), ("en", "Dogs (1)", "dog")])
def test_the_demo_names_its_categories_in_the_users_language(
        qtbot: Any, tmp_path: Path, settings: AppSettings,
        speak: Callable[[str], None], language: str, dogs: str, typed: str) -> None:
    speak(language)
    window = demo(qtbot, tmp_path, settings)
    qtbot.waitUntil(lambda: ui.categories(window).label(1) == dogs, timeout=5_000)
    model = ui.table(window).model()
    rows = [r for r in range(model.rowCount()) if model.pet(r).category_id == 1]
    assert rows and category_cell(window, rows[0]) == dogs
    dialog = open_add_dialog(qtbot, window)
    items = [dialog.categoryCombo.itemText(i) for i in range(dialog.categoryCombo.count())]
    assert dogs in items
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=5_000)
    qtbot.mouseClick(dialog.categoryIdEdit, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(dialog.categoryIdEdit, typed)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    qtbot.waitUntil(lambda: dialog.categoryIdEdit.text() == dogs, timeout=5_000)


def test_an_export_says_which_status_codes_it_holds_and_reads_back(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        make_window: Callable[..., MainWindow], loopback: Sandbox,
        speak: Callable[[str], None]) -> None:
    speak("de")  # the codes stay the service's, whatever the language
    window = make_window(loopback)
    shortcut(qtbot, window, "Ctrl+E")
    dialog = visible_dialog(qtbot, ExportDialog)
    qtbot.mouseClick(dialog.allButton, Qt.MouseButton.LeftButton)
    path = tmp_path / "alle.csv"
    answer_save(monkeypatch, path)
    qtbot.mouseClick(dialog.exportButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: path.exists(), timeout=20_000)
    with path.open(encoding="utf-8-sig", newline="") as stream:
        rows = list(csv.reader(stream))
    assert rows[0] == ["ID", "Name", "Category ID", "Status (available/pending/sold)"]
    assert {row[3] for row in rows[1:]} <= {"available", "pending", "sold", ""}
    dialog.reject()
    shortcut(qtbot, window, "Ctrl+I")  # the file read back: every column recognised
    importer = visible_dialog(qtbot, ImportDialog)
    answer_open(monkeypatch, path)
    click(qtbot, importer.chooseButton)
    qtbot.waitUntil(lambda: importer.columnsPage.checkButton.isVisible(), timeout=10_000)
    combos = importer.columnsPage.columnCombos
    assert [combo.currentText() for combo in combos.values()] == [
        "Name", "Category ID", "Status (available/pending/sold)"]
    assert importer.columnsPage.droppedLabel.text() == (
        "Nicht übernommen (ein Tier hat nur Namen, Kategorie und Status): „ID“.")
