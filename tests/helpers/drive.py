"""What a user does, as test helpers: shortcuts as real key events on the focused
widget, clicks on widgets, and the dialogs found as the user sees them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QWidget

from tests.helpers import ui

W = TypeVar("W", bound=QWidget)


def focused(qtbot: Any, window: QWidget) -> QWidget:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5_000)
    return QApplication.focusWidget() or window


def shortcut(qtbot: Any, window: QWidget, keys: str) -> None:
    """``keys`` ("Ctrl+Shift+K") as key events on the focused widget of ``window``."""
    QTest.keySequence(focused(qtbot, window), QKeySequence(keys))


def visible_dialog(qtbot: Any, kind: type[W], timeout: int = 5_000) -> W:
    found: list[W] = []

    def shown() -> bool:
        found[:] = [w for w in QApplication.topLevelWidgets()
                    if isinstance(w, kind) and w.isVisible()]
        return bool(found)

    qtbot.waitUntil(shown, timeout=timeout)
    return found[-1]


def open_key_dialog(qtbot: Any, window: Any) -> Any:
    """File › API key… through its shortcut."""
    from petdesk.gui.settings.api_key_dialog import ApiKeyDialog

    shortcut(qtbot, window, "Ctrl+Shift+K")
    return visible_dialog(qtbot, ApiKeyDialog)


def open_add_dialog(qtbot: Any, window: Any) -> Any:
    qtbot.mouseClick(ui.add_button(window), Qt.MouseButton.LeftButton)
    from petdesk.gui.pets.add_pet import AddPetDialog

    return visible_dialog(qtbot, AddPetDialog)


def open_settings(qtbot: Any, window: Any) -> Any:
    from petdesk.gui.settings.settings_dialog import SettingsDialog

    window.findChild(QAction, "actionSettings").trigger()  # File › Settings… (menu click)
    return visible_dialog(qtbot, SettingsDialog)


def click_row(qtbot: Any, window: Any, row: int) -> None:
    table = ui.table(window)
    rect = table.visualRect(table.model().index(row, 0))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def look_up(qtbot: Any, window: Any, text: str) -> None:
    """Ctrl+L, type the ID, Enter."""
    shortcut(qtbot, window, "Ctrl+L")
    ui.lookup_edit(window).selectAll()
    qtbot.keyClicks(ui.lookup_edit(window), text)
    qtbot.keyClick(ui.lookup_edit(window), Qt.Key.Key_Return)


def idle(qtbot: Any, window: Any, timeout: int = 10_000) -> None:
    """Nothing running, as the user sees it: Stop is disabled."""
    stop = window.findChild(QAction, "actionStop")
    qtbot.waitUntil(lambda: not stop.isEnabled(), timeout=timeout)


def type_text(qtbot: Any, edit: QWidget, text: str) -> None:
    """Select what the field holds (Ctrl+A) and type ``text`` over it (an empty
    ``text`` deletes it)."""
    qtbot.keyClick(edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    if text:
        qtbot.keyClicks(edit, text)
    else:
        qtbot.keyClick(edit, Qt.Key.Key_Backspace)


def choose(qtbot: Any, combo: Any, data: object) -> None:
    """Pick the item of ``combo`` whose data is ``data`` with the keyboard (Home, then
    Down until it is shown), as a user does with a focused drop-down."""
    index = combo.findData(data)
    assert index >= 0, f"{combo.objectName()} has no item {data!r}"
    qtbot.keyClick(combo, Qt.Key.Key_Home)
    for _ in range(index):
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentIndex() == index


def active_dialog(qtbot: Any, kind: type[W]) -> W:
    """The dialog of ``kind`` once it is shown and active (keys go to it)."""
    dialog = visible_dialog(qtbot, kind)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=5_000)
    return dialog


def answer_file_dialog(path: Path) -> Callable[[], bool]:
    """Type ``path`` into Qt's file dialog once it is up, then Enter. Polled from a timer
    while the dialog runs its own event loop; returns whether it answered."""
    answered: list[bool] = []

    def poll() -> None:
        window = QApplication.activeWindow()
        widget = QApplication.focusWidget()
        if answered or not isinstance(window, QFileDialog) or widget is None:
            return
        answered.append(True)
        timer.stop()
        QTest.keyClick(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        QTest.keyClicks(widget, str(path))
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)

    timer = QTimer()
    timer.setInterval(20)
    timer.timeout.connect(poll)
    timer.start()
    return lambda: bool(answered)
