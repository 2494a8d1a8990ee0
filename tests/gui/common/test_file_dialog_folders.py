"""Where the file dialogs open: the user's Documents folder the first time, then the
folder last used for that kind of file (import, export, import report, kennel-card
PDF, category names), kept in the settings for the next start.

Qt's own file dialog is driven as a user does: it is modal, so the folder it shows is
read, and the keys that answer it typed, from a timer while it runs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit

from petdesk.gui.cards.categories_dialog import CategoriesDialog, CategoriesPage
from petdesk.gui.cards.kennel_card_dialog import KennelCardDialog
from petdesk.gui.importing.export_dialog import ExportDialog
from petdesk.gui.importing.import_dialog import PAGE_COLUMNS, ImportDialog
from petdesk.gui.main_window import MainWindow
from tests.gui.conftest import Sandbox
from tests.helpers.drive import click_row, focused, shortcut, visible_dialog


class FileDialogAnswer:
    """Waits for Qt's file dialog, notes the folder it opened in, then types ``path``
    and Enter (or Esc when ``path`` is None)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.folder: str | None = None
        self.file_name: str | None = None  # what the dialog's File name box said
        self._timer = QTimer()
        self._timer.setInterval(20)
        self._timer.timeout.connect(self._poll)
        self._timer.start()

    def _poll(self) -> None:
        dialog = QApplication.activeModalWidget()
        if self.folder is not None or not isinstance(dialog, QFileDialog):
            return
        widget = QApplication.focusWidget()
        if QApplication.activeWindow() is not dialog or widget is None:
            dialog.activateWindow()  # a window manager's doing, which offscreen has not
            return
        self._timer.stop()
        self.folder = dialog.directory().absolutePath()
        name_box = dialog.findChild(QLineEdit, "fileNameEdit")
        self.file_name = name_box.text() if name_box is not None else None
        if self.path is None:
            QTest.keyClick(widget, Qt.Key.Key_Escape)
            return
        QTest.keyClick(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        QTest.keyClicks(widget, str(self.path))
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


@pytest.fixture
def documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user's home with its Documents folder (where Qt looks for it)."""
    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    return home / "Documents"


def export_through_the_dialog(qtbot: Any, window: MainWindow, path: Path | None) -> str:
    """Ctrl+E, Export…, the file dialog answered; the folder it opened in."""
    shortcut(qtbot, window, "Ctrl+E")
    dialog = visible_dialog(qtbot, ExportDialog)
    answer = FileDialogAnswer(path)
    qtbot.mouseClick(dialog.exportButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: answer.folder is not None, timeout=10_000)
    if path is not None:
        qtbot.waitUntil(lambda: path.exists() and dialog.exportButton.isEnabled(),
                        timeout=20_000)
    dialog.close()
    return answer.folder or ""


def cards_through_the_dialog(qtbot: Any, window: MainWindow, path: Path | None) -> str:
    """Ctrl+P on the selected pet, Save as PDF… (Alt+S), the file dialog answered."""
    shortcut(qtbot, window, "Ctrl+P")
    dialog = visible_dialog(qtbot, KennelCardDialog)
    answer = FileDialogAnswer(path)
    focused(qtbot, dialog)
    if path is None:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    else:
        with qtbot.waitSignal(dialog.saved, timeout=30_000):
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_S,
                           Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: answer.folder is not None, timeout=10_000)
    dialog.close()
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5_000)
    return answer.folder or ""


def import_through_the_dialog(qtbot: Any, window: MainWindow) -> str:
    """Ctrl+I, Choose file…, the file dialog cancelled."""
    shortcut(qtbot, window, "Ctrl+I")
    dialog = visible_dialog(qtbot, ImportDialog)
    answer = FileDialogAnswer(None)
    qtbot.mouseClick(dialog.chooseButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: answer.folder is not None, timeout=10_000)
    dialog.close()
    return answer.folder or ""


def categories_through_the_dialog(qtbot: Any, window: MainWindow, button: str,
                                  path: Path | None) -> str:
    """Ctrl+Shift+G (File › Categories…), Import… or Export… (``button``), the file
    dialog answered: with ``path``, waits for what the page says it did."""
    shortcut(qtbot, window, "Ctrl+Shift+G")
    dialog = visible_dialog(qtbot, CategoriesDialog)
    page: CategoriesPage = dialog.page
    answer = FileDialogAnswer(path)
    qtbot.mouseClick(getattr(page, button), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: answer.folder is not None, timeout=10_000)
    if path is not None:
        said = "Imported" if button == "importButton" else "Exported"
        qtbot.waitUntil(lambda: page.messageLabel.text().startswith(said), timeout=10_000)
    dialog.close()
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5_000)
    return answer.folder or ""


# The file dialog's completer pops up while the path is typed; the offscreen test
# platform cannot raise it or give it the keyboard grab, and says so.
@pytest.mark.qt_log_ignore(
    "This plugin does not support (raise|grabbing the keyboard|propagateSizeHints)")
def test_file_dialogs_open_in_documents_then_where_that_kind_was_last_saved(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow],
        documents: Path, tmp_path: Path) -> None:
    window = make_window(loopback)
    exports, cards = tmp_path / "exports", tmp_path / "cards"
    exports.mkdir()
    cards.mkdir()
    assert export_through_the_dialog(qtbot, window, exports / "pets.csv") == str(documents)
    assert export_through_the_dialog(qtbot, window, None) == str(exports)
    click_row(qtbot, window, 0)
    assert cards_through_the_dialog(qtbot, window, cards / "card.pdf") == str(documents)
    assert cards_through_the_dialog(qtbot, window, None) == str(cards)
    # Each kind its own folder: the import has not been used yet.
    assert import_through_the_dialog(qtbot, window) == str(documents)
    # Kept for the next start.
    window.close()
    again = make_window(loopback)
    assert export_through_the_dialog(qtbot, again, None) == str(exports)


@pytest.mark.qt_log_ignore(
    "This plugin does not support (raise|grabbing the keyboard|propagateSizeHints)")
def test_the_import_and_its_report_each_remember_their_folder(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow],
        documents: Path, tmp_path: Path) -> None:
    intake, reports = tmp_path / "intake", tmp_path / "reports"
    intake.mkdir()
    reports.mkdir()
    sheet = intake / "arrivals.csv"
    sheet.write_text("Animal name,Category ID,Status\nPebble,1,available\n", encoding="utf-8")
    window = make_window(loopback)
    shortcut(qtbot, window, "Ctrl+I")
    dialog = visible_dialog(qtbot, ImportDialog)
    answer = FileDialogAnswer(sheet)
    qtbot.mouseClick(dialog.chooseButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == PAGE_COLUMNS, timeout=10_000)
    assert answer.folder == str(documents)
    qtbot.mouseClick(dialog.columnsPage.checkButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.previewPage.totalsLabel.text().startswith("1 row"),
                    timeout=20_000)
    qtbot.mouseClick(dialog.previewPage.sendButton, Qt.MouseButton.LeftButton)
    sending = dialog.sendingPage
    qtbot.waitUntil(lambda: sending.resultLabel.text().startswith("Done"), timeout=30_000)
    folders = []
    for target in (reports / "report.xlsx", None):
        answer = FileDialogAnswer(target)
        qtbot.mouseClick(sending.saveReportButton, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda a=answer: a.folder is not None, timeout=10_000)
        folders.append(answer.folder)
    qtbot.waitUntil(lambda: "Report saved" in sending.resultLabel.text(), timeout=10_000)
    assert folders == [str(documents), str(reports)]
    answer = FileDialogAnswer(None)
    qtbot.mouseClick(sending.newImportButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: answer.folder is not None, timeout=10_000)
    assert answer.folder == str(intake)


@pytest.mark.qt_log_ignore(
    "This plugin does not support (raise|grabbing the keyboard|propagateSizeHints)")
def test_category_names_import_and_export_open_in_documents_then_in_their_own_last_folder(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow],
        documents: Path, tmp_path: Path) -> None:
    names = tmp_path / "names"
    names.mkdir()
    sheet = names / "shelter-categories.csv"
    sheet.write_text("categoryId,name\n1,Dogs\n2,Cats\n", encoding="utf-8")
    window = make_window(loopback)
    assert categories_through_the_dialog(qtbot, window, "importButton", sheet) == str(documents)
    # Import and export of the names share their folder: the file read is the one written.
    assert categories_through_the_dialog(qtbot, window, "exportButton", None) == str(names)
    shared = tmp_path / "shared"
    shared.mkdir()
    assert categories_through_the_dialog(
        qtbot, window, "exportButton", shared / "categories.csv") == str(names)
    assert (shared / "categories.csv").read_bytes().decode("utf-8-sig").splitlines() == [
        "categoryId,name", "1,Dogs", "2,Cats"]
    assert categories_through_the_dialog(qtbot, window, "importButton", None) == str(shared)
    # The pets' export keeps its own folder: not used yet.
    assert export_through_the_dialog(qtbot, window, None) == str(documents)
    # Kept for the next start.
    window.close()
    again = make_window(loopback)
    assert categories_through_the_dialog(qtbot, again, "importButton", None) == str(shared)


@pytest.mark.qt_log_ignore(
    "This plugin does not support (raise|grabbing the keyboard|propagateSizeHints)")
def test_file_dialogs_open_in_the_home_folder_when_there_is_no_documents_folder_or_the_last_is_gone(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow],
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "new-account"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    window = make_window(loopback)
    shortcut(qtbot, window, "Ctrl+I")
    dialog = visible_dialog(qtbot, ImportDialog)
    answer = FileDialogAnswer(None)
    qtbot.mouseClick(dialog.chooseButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: answer.folder is not None, timeout=10_000)
    dialog.close()
    # Not a "Documents" that is not there offered as the file to open.
    assert (answer.folder, answer.file_name) == (str(home), "")
    click_row(qtbot, window, 0)
    assert cards_through_the_dialog(qtbot, window, None) == str(home)
    gone = tmp_path / "usb-stick"
    gone.mkdir()
    assert export_through_the_dialog(qtbot, window, gone / "pets.csv") == str(home)
    gone.joinpath("pets.csv").unlink()
    gone.rmdir()
    assert export_through_the_dialog(qtbot, window, None) == str(home)
