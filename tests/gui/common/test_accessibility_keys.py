"""The keyboard in the main window and in every dialog: Tab follows what is shown (the
main window's list, each dialog top to bottom), every Alt+letter is taken once, a dialog
opens with the keyboard in its first field, Escape closes it and Enter does its default
action. Every dialog is opened the way a user opens it (see :data:`.test_accessibility.DIALOGS`).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtPrintSupport import QPrintDialog
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QLabel,
    QMenuBar,
    QMessageBox,
    QRadioButton,
    QWidget,
)

from petdesk.gui.cards.kennel_card_dialog import KennelCardDialog
from petdesk.gui.importing.export_dialog import ExportDialog
from petdesk.gui.importing.import_dialog import PAGE_COLUMNS, PAGE_PREVIEW, ImportDialog
from petdesk.gui.importing.preview_page import CATEGORY, RESULT
from petdesk.gui.main_window import MainWindow
from petdesk.gui.settings.api_key_dialog import ApiKeyDialog
from petdesk.gui.settings.settings_dialog import SettingsDialog
from tests.gui.common.test_accessibility import DIALOGS
from tests.gui.conftest import API_KEY, Sandbox
from tests.helpers import ui
from tests.helpers.drive import (
    active_dialog,
    answer_file_dialog,
    focused,
    look_up,
    shortcut,
    type_text,
)
from tests.unit.services.importing.files import write_csv

#: The offscreen platform cannot raise a popup (the file dialog's completer) or give it
#: the keyboard grab, and says so; and it cannot propagate size hints (see conftest).
OFFSCREEN = pytest.mark.qt_log_ignore(
    "This plugin does not support (raise|grabbing the keyboard|propagateSizeHints)")


def label(widget: QWidget) -> str:
    return widget.objectName() or widget.accessibleName() or (
        widget.text() if isinstance(widget, QAbstractButton) else type(widget).__name__)


def tab_cycle(qtbot: Any, limit: int = 40) -> list[QWidget]:
    """The widgets Tab visits from the focused one until it comes back to it."""
    start = QApplication.focusWidget()
    assert start is not None
    seen = [start]
    for _ in range(limit):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        widget = QApplication.focusWidget()
        if widget is start:
            return seen
        seen.append(widget)
    raise AssertionError(f"Tab never comes back: {[label(w) for w in seen]}")


def closed(widget: QWidget) -> bool:
    return not shiboken6.isValid(widget) or not widget.isVisible()


def mnemonics(root: QWidget) -> dict[str, list[str]]:
    """Alt+letter → the texts that claim it (buttons, labels of a field, menus)."""
    found: dict[str, list[str]] = {}
    for widget in [root, *root.findChildren(QWidget)]:
        texts = []
        if isinstance(widget, QAbstractButton) or (
                isinstance(widget, QLabel) and widget.buddy() is not None):
            texts.append(widget.text())
        elif isinstance(widget, QMenuBar):
            texts.extend(action.text() for action in widget.actions())
        for text in texts:
            keys = QKeySequence.mnemonic(text)
            if not keys.isEmpty():
                found.setdefault(keys.toString(), []).append(text)
    return found


# -- the main window ----------------------------------------------------------------------

def test_tab_goes_through_the_main_window_as_it_is_shown(
        qtbot: Any, make_window: Callable[..., MainWindow], loopback: Sandbox) -> None:
    window = make_window(loopback)
    assert focused(qtbot, window) is ui.environment_combo(window)  # the first field
    look_up(qtbot, window, "1")  # a pet in the details: their buttons are enabled
    qtbot.waitUntil(lambda: ui.detail(window).idValue.text() == "1", timeout=10_000)
    ui.environment_combo(window).setFocus(Qt.FocusReason.TabFocusReason)
    order = ["environmentCombo", "statusFilter", "limitSpin", "refreshButton",
             "quickFilterEdit", "lookupEdit", "addPetButton", "petsTable", "loadMoreButton",
             "copyIdButton", "copyJsonButton", "refreshDetailButton",
             "errorDetailsButton", "stopButton"]
    widgets = {w.objectName(): w for w in window.findChildren(QWidget)}
    expected = [name for name in order
                if widgets[name].isVisibleTo(window) and widgets[name].isEnabled()]
    assert [label(w) for w in tab_cycle(qtbot)] == expected
    # the status bar's Details… is reached too whenever it is shown
    assert "copyIdButton" in expected and "refreshDetailButton" in expected


def test_every_alt_letter_is_taken_once(qtbot: Any, make_window: Callable[..., MainWindow],
                                        loopback: Sandbox) -> None:
    window = make_window(loopback)
    clashes = {k: v for k, v in mnemonics(window).items() if len(v) > 1}
    assert clashes == {}
    for which, open_it in DIALOGS.items():
        dialog = open_it(qtbot, window)
        clashes = {k: v for k, v in mnemonics(dialog).items() if len(v) > 1}
        assert clashes == {}, which
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
        qtbot.waitUntil(lambda d=dialog: closed(d), timeout=5_000)  # type: ignore[misc]
        focused(qtbot, window)
        # the key dialog's confirmation leaves the key dialog open behind it
        for left in [w for w in QApplication.topLevelWidgets()
                     if w is not window and w.isVisible()]:
            focused(qtbot, left)
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
            qtbot.waitUntil(lambda w=left: closed(w), timeout=5_000)  # type: ignore[misc]
        focused(qtbot, window)


# -- every dialog: first field, Tab, Escape -------------------------------------------------

def _first_field(which: str, dialog: QWidget) -> QWidget:
    if isinstance(dialog, QMessageBox):
        return dialog.defaultButton() or dialog.buttons()[0]
    names = {"settings": "productionUrlEdit", "api key": "apiKeyEdit", "add pet": "nameEdit",
             "categories": "categoryIdEdit", "kennel cards": "pageSizeCombo",
             "import": "chooseFileButton", "shortcuts": "shortcutsTable",
             "find any animal": "catalogueSearchEdit"}
    if which == "export":
        return next(b for b in dialog.findChildren(QRadioButton) if b.isChecked())
    found = dialog.findChild(QWidget, names[which])
    assert found is not None
    return found


def _in_reading_order(dialog: QWidget, cycle: list[QWidget]) -> list[str]:
    """Where Tab goes up the dialog, or leftwards within a row, besides the one step
    from the last widget back to the first (the cycle may start anywhere: a message box
    opens on its safe button, not the first)."""
    problems = []
    for left, right in pairwise([*cycle, cycle[0]]):
        a, b = (w.mapTo(dialog, QPoint(0, 0)) for w in (left, right))
        a_bottom, b_bottom = a.y() + left.height(), b.y() + right.height()
        same_row = b.y() < a_bottom and a.y() < b_bottom
        a, b = (a.x(), a.y()), (b.x(), b.y())
        if (same_row and b[0] < a[0]) or (not same_row and b[1] < a[1]):
            problems.append(f"{label(left)} → {label(right)}")
    return problems[1:] if len(cycle) > 1 else []


@pytest.mark.parametrize("which", list(DIALOGS))
def test_a_dialog_opens_in_its_first_field_tabs_top_to_bottom_and_escape_closes_it(
        qtbot: Any, make_window: Callable[..., MainWindow], loopback: Sandbox,
        which: str) -> None:
    window = make_window(loopback)
    dialog = DIALOGS[which](qtbot, window)
    assert QApplication.focusWidget() is _first_field(which, dialog)
    cycle = tab_cycle(qtbot)
    assert all(w.window() is dialog for w in cycle)
    assert _in_reading_order(dialog, cycle) == [], [label(w) for w in cycle]
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: closed(dialog), timeout=5_000)


# -- Enter: the default action ------------------------------------------------------------

def test_enter_saves_the_settings(qtbot: Any, make_window: Callable[..., MainWindow],
                                  loopback: Sandbox) -> None:
    window = make_window(loopback)
    dialog = DIALOGS["settings"](qtbot, window)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    type_text(qtbot, QApplication.focusWidget(), "https://staging.example.org/v1")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: closed(dialog), timeout=5_000)
    shortcut(qtbot, window, "Ctrl+,")
    again = active_dialog(qtbot, SettingsDialog)
    assert again.stagingUrlEdit.text() == "https://staging.example.org/v1"
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)


def test_enter_saves_the_key(qtbot: Any, make_window: Callable[..., MainWindow],
                             loopback: Sandbox) -> None:
    window = make_window(loopback)
    dialog = DIALOGS["api key"](qtbot, window)
    assert isinstance(dialog, ApiKeyDialog)
    qtbot.keyClicks(QApplication.focusWidget(), API_KEY)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: closed(dialog), timeout=10_000)
    assert "saved" in ui.status_bar(window).message.lower()


@pytest.mark.parametrize("which", ["shortcuts", "about", "error details"])
def test_enter_closes_a_dialog_that_only_shows(qtbot: Any,
                                              make_window: Callable[..., MainWindow],
                                              loopback: Sandbox, which: str) -> None:
    window = make_window(loopback)
    dialog = DIALOGS[which](qtbot, window)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: closed(dialog), timeout=5_000)


@OFFSCREEN
def test_enter_chooses_checks_and_previews_an_import(
        qtbot: Any, make_window: Callable[..., MainWindow], loopback: Sandbox,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PETDESK_DATA_DIR", str(tmp_path / "data" / "PetDesk"))
    sheet = tmp_path / "new pets.csv"
    write_csv(sheet, [["name", "categoryId", "status"], ["Enter Emu", "2", "available"],
                      ["Bad Badger", "two", "available"]])
    window = make_window(loopback)
    dialog = DIALOGS["import"](qtbot, window)
    assert isinstance(dialog, ImportDialog)
    answered = answer_file_dialog(sheet)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # Choose file…
    qtbot.waitUntil(answered, timeout=10_000)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == PAGE_COLUMNS, timeout=10_000)
    assert dialog.columnsPage.fileLabel.text().startswith("File: new pets.csv (")
    focused(qtbot, dialog)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # Check rows
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == PAGE_PREVIEW, timeout=20_000)
    assert dialog.previewPage.sendButton.text() == "Send 1 pet"
    # the invalid cell: a warning icon and the message, never its colour alone
    model = dialog.previewPage.previewTable.model()
    bad = model.index(1, CATEGORY)
    assert not model.data(bad, Qt.ItemDataRole.DecorationRole).isNull()
    assert model.data(bad, Qt.ItemDataRole.AccessibleDescriptionRole)
    assert model.data(bad, Qt.ItemDataRole.AccessibleDescriptionRole) in model.data(
        model.index(1, RESULT))
    assert model.data(model.index(0, CATEGORY), Qt.ItemDataRole.DecorationRole) is None


@OFFSCREEN
def test_enter_exports(qtbot: Any, make_window: Callable[..., MainWindow], loopback: Sandbox,
                       tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PETDESK_DATA_DIR", str(tmp_path / "data" / "PetDesk"))
    target = tmp_path / "all pets.csv"
    window = make_window(loopback)
    dialog = DIALOGS["export"](qtbot, window)
    assert isinstance(dialog, ExportDialog)
    answered = answer_file_dialog(target)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # Export…
    qtbot.waitUntil(answered, timeout=10_000)
    qtbot.waitUntil(lambda: dialog.resultLabel.text().startswith("Exported"), timeout=30_000)
    assert target.exists()


@OFFSCREEN
def test_enter_prints_the_kennel_cards(qtbot: Any, make_window: Callable[..., MainWindow],
                                       loopback: Sandbox, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Print… is the kennel-card dialog's default: Enter opens Qt's print dialog, which
    Esc cancels (nothing is printed, the card dialog stays)."""
    monkeypatch.setenv("PETDESK_DATA_DIR", str(tmp_path / "data" / "PetDesk"))
    window = make_window(loopback)
    dialog = DIALOGS["kennel cards"](qtbot, window)
    assert isinstance(dialog, KennelCardDialog)
    seen: list[str] = []

    def cancel_print_dialog() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QPrintDialog) and not seen:
            seen.append(box.windowTitle())
            timer.stop()
            # Esc goes to the print dialog itself: on a loaded machine the application's
            # focus can still be in the card dialog, which Esc would close instead.
            qtbot.keyClick(box.focusWidget() or box, Qt.Key.Key_Escape)

    timer = QTimer()
    timer.setInterval(20)
    timer.timeout.connect(cancel_print_dialog)
    timer.start()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bool(seen), timeout=10_000)
    assert dialog.isVisible() and dialog.statusLabel.text() == ""
