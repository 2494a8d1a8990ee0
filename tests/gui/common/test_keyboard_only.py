"""A whole morning's work without a mouse: start PetDesk against the sandbox over real
HTTP, filter the list by name, add a pet, look up an ID (Ctrl+L, the ID, Enter), save
the selected pet's kennel card as a PDF through the dialog and Qt's file dialog, and
quit (Ctrl+Q).

Only key events, each sent to the widget that has the keyboard focus (as the keyboard
does); what the user sees is asserted after every step. Qt's file dialog is modal: the
keys that answer it are typed from a timer while it runs, into its file-name field.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
import shiboken6
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from petdesk.gui.cards.kennel_card_dialog import KennelCardDialog
from petdesk.gui.main_window import MainWindow
from petdesk.gui.pets.add_pet import AddPetDialog
from petdesk.gui.pets.pet_model import Column
from tests.gui.conftest import Sandbox
from tests.helpers import ui
from tests.helpers.drive import answer_file_dialog, focused

W = TypeVar("W", bound=QWidget)

NEW_PET = "Keyboard Kiwi"


def focus() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None, "nothing has the keyboard focus"
    return widget


def key(qtbot: Any, k: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
        ) -> None:
    qtbot.keyClick(focus(), k, modifiers)


def ctrl(qtbot: Any, k: Qt.Key, shift: bool = False) -> None:
    modifiers = Qt.KeyboardModifier.ControlModifier
    if shift:
        modifiers |= Qt.KeyboardModifier.ShiftModifier
    key(qtbot, k, modifiers)


def type_keys(qtbot: Any, text: str) -> None:
    qtbot.keyClicks(focus(), text)


def active(qtbot: Any, kind: type[W]) -> W:
    """The window of ``kind`` once it is shown and has the keyboard."""
    found: list[W] = []

    def ready() -> bool:
        window = QApplication.activeWindow()
        found[:] = [window] if isinstance(window, kind) and window.isVisible() else []
        return bool(found) and QApplication.focusWidget() is not None

    qtbot.waitUntil(ready, timeout=10_000)
    return found[0]


def back_to(qtbot: Any, window: QWidget) -> None:
    """The keyboard back in ``window`` once a dialog over it closed: a window manager's
    doing, which the offscreen test platform does not have (:func:`.drive.focused`
    does it for it)."""
    focused(qtbot, window)
    assert QApplication.focusWidget() is not None


def closed(widget: QWidget) -> bool:
    """``widget`` is gone from the screen (hidden, or closed and deleted)."""
    return not shiboken6.isValid(widget) or not widget.isVisible()


def shown_names(window: MainWindow) -> list[str]:
    model = ui.table(window).model()
    return [str(model.data(model.index(row, Column.NAME))) for row in range(model.rowCount())]


@pytest.fixture
def own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's category names and import store."""
    monkeypatch.setenv("PETDESK_DATA_DIR", str(tmp_path / "data" / "PetDesk"))
    return tmp_path


# The file dialog's completer pops up while the path is typed; the offscreen test
# platform cannot raise it or give it the keyboard grab, and says so.
@pytest.mark.qt_log_ignore(
    "This plugin does not support (raise|grabbing the keyboard|propagateSizeHints)")
def test_a_session_with_the_keyboard_alone(qtbot: Any, make_window: Callable[..., MainWindow],
                                           loopback: Sandbox, own_data: Path) -> None:
    # Start: the first page is shown, and the window has the keyboard.
    window = make_window(loopback)
    active(qtbot, type(window))
    names = shown_names(window)
    assert names, "the first page is shown"
    bar = ui.status_bar(window)
    assert bar.message.startswith("Loaded")

    # Filter by name: Ctrl+F, type part of a name; only matching rows remain.
    wanted = names[0].split()[0][:4]
    ctrl(qtbot, Qt.Key.Key_F)
    assert focus().accessibleName() == "Quick filter by name"
    type_keys(qtbot, wanted)
    qtbot.waitUntil(lambda: all(wanted.lower() in n.lower() for n in shown_names(window)))
    assert shown_names(window)
    ctrl(qtbot, Qt.Key.Key_A)
    key(qtbot, Qt.Key.Key_Backspace)  # the filter cleared: every row again
    qtbot.waitUntil(lambda: len(shown_names(window)) == len(names))

    # Add a pet: Ctrl+N, name, Tab, category, Tab, status (Down), Enter.
    ctrl(qtbot, Qt.Key.Key_N)
    form = active(qtbot, AddPetDialog)
    assert focus() is form.nameEdit  # the first field
    type_keys(qtbot, NEW_PET)
    key(qtbot, Qt.Key.Key_Tab)
    type_keys(qtbot, "2")
    key(qtbot, Qt.Key.Key_Tab)
    assert focus().accessibleName() == "Status"
    key(qtbot, Qt.Key.Key_Down)  # (none) → available
    key(qtbot, Qt.Key.Key_Return)  # Add pet, the default button
    qtbot.waitUntil(lambda: closed(form), timeout=10_000)
    qtbot.waitUntil(lambda: bar.message.startswith(f"Added {NEW_PET} (ID "), timeout=10_000)
    new_id = bar.message.removeprefix(f"Added {NEW_PET} (ID ").rstrip(").")
    assert new_id.isdigit()
    assert NEW_PET in shown_names(window)
    back_to(qtbot, window)

    # Look up an ID: Ctrl+L, the ID, Enter; the pet is shown and selected.
    first = str(ui.table(window).model().data(ui.table(window).model().index(0, Column.ID)))
    ctrl(qtbot, Qt.Key.Key_L)
    assert focus().accessibleName() == "Look up a pet by ID"
    type_keys(qtbot, first)
    key(qtbot, Qt.Key.Key_Return)
    detail = ui.detail(window)
    qtbot.waitUntil(lambda: bar.message.startswith(f"Found pet {first} ("), timeout=10_000)
    assert detail.idValue.text() == first
    ctrl(qtbot, Qt.Key.Key_L)
    type_keys(qtbot, new_id)
    key(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: detail.idValue.text() == new_id, timeout=10_000)
    assert detail.titleLabel.text() == NEW_PET
    assert detail.statusValue.text() == "Available"  # a word, not a colour alone

    # Print the selected pet's kennel card to PDF: Ctrl+P, Alt+S (Save as PDF…), the
    # file's path typed into the file dialog, Enter.
    ctrl(qtbot, Qt.Key.Key_P)
    cards = active(qtbot, KennelCardDialog)
    assert focus() is cards.pageSizeCombo  # the first field
    assert "1 card" in cards.summaryLabel.text()
    target = own_data / "kiwi.pdf"
    answered = answer_file_dialog(target)
    with qtbot.waitSignal(cards.saved, timeout=30_000):
        key(qtbot, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    assert answered()
    assert cards.statusLabel.text() == f"Saved to {target}."
    assert target.exists()
    text = " ".join(" ".join(page.extract_text() or "" for page in
                             PdfReader(str(target)).pages).split())
    assert NEW_PET in text and new_id in text
    back_to(qtbot, cards)
    key(qtbot, Qt.Key.Key_Escape)  # Close
    qtbot.waitUntil(lambda: closed(cards), timeout=5_000)
    qtbot.waitUntil(lambda: str(target) in bar.message, timeout=5_000)

    # Quit: Ctrl+Q.
    back_to(qtbot, window)
    ctrl(qtbot, Qt.Key.Key_Q)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5_000)
