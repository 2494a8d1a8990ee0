"""What the keyboard user sees: where the focus is, and every shortcut in Help ›
Keyboard shortcuts…."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QAction, QColor, QImage, QKeySequence, QPalette
from PySide6.QtWidgets import QApplication, QTableWidget, QWidget

from petdesk.gui.common.shortcuts_dialog import ShortcutsDialog
from petdesk.gui.main_window import MainWindow
from petdesk.gui.settings.settings import AppSettings
from tests.gui.conftest import Sandbox
from tests.helpers import ui
from tests.helpers.drive import focused, open_add_dialog, shortcut, visible_dialog
from tests.helpers.windows import open_demo_window


@pytest.fixture(params=["demo", "loopback"])
def any_window(request: pytest.FixtureRequest, qtbot: Any, tmp_path: Path,
               settings: AppSettings, make_window: Callable[..., MainWindow],
               loopback: Sandbox) -> MainWindow:
    if request.param == "demo":
        window = open_demo_window(qtbot, settings, tmp_path / "demo.sqlite3")
        return window
    return make_window(loopback)


def test_keyboard_shortcuts_lists_every_shortcut_of_every_command(
        qtbot: Any, any_window: MainWindow) -> None:
    window = any_window
    shortcut(qtbot, window, "Shift+F1")
    dialog = visible_dialog(qtbot, ShortcutsDialog)
    table = dialog.findChild(QTableWidget)
    shown = {(table.item(r, 1).text(), table.item(r, 2).text())
             for r in range(table.rowCount())}
    commands = [a for a in window.findChildren(QAction) if a.shortcuts()]
    assert len(commands) >= 20
    missing = []
    for action in commands:
        command = action.text().replace("&", "").rstrip("…")
        keys = {k for c, ks in shown if c == command for k in ks.split(", ")}
        missing += [f"{command}: {k.toString()}" for k in action.shortcuts()
                    if k.toString(QKeySequence.SequenceFormat.NativeText) not in keys]
    assert not missing, missing
    # What each shortcut does is what the list says: Ctrl+1 and Ctrl+2 where they
    # switch the environment, nowhere in the demo, which has one.
    environments = window.findChild(QAction, "actionStaging") is not None
    assert (("Staging", "Ctrl+2") in shown) is environments
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5_000)


def highlight_pixels(image: QImage, colour: QColor) -> int:
    return sum(1 for y in range(image.height()) for x in range(image.width())
               if image.pixelColor(x, y) == colour)


def around(window: QWidget, widget: QWidget, margin: int = 4) -> QImage:
    """What the window shows of ``widget`` and ``margin`` pixels around it."""
    top_left = widget.mapTo(window, QPoint(0, 0))
    rect = QRect(top_left, widget.size()).adjusted(-margin, -margin, margin, margin)
    return window.grab(rect).toImage()


def test_the_focused_control_has_a_ring_two_pixels_wide(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow]) -> None:
    window = make_window(loopback)
    focused(qtbot, window)
    colour = window.palette().color(QPalette.ColorGroup.Active, QPalette.ColorRole.Highlight)
    for name in ("quickFilterEdit", "lookupEdit", "refreshButton", "addPetButton"):
        widget = window.findChild(QWidget, name)
        ui.table(window).setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.waitUntil(lambda: QApplication.focusWidget() is ui.table(window))
        before = highlight_pixels(around(window, widget), colour)
        widget.setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.waitUntil(lambda w=widget: QApplication.focusWidget() is w)
        after = highlight_pixels(around(window, widget), colour)
        # A full ring: two pixels deep all around the control.
        ring = 2 * 2 * (widget.width() + widget.height())
        assert after - before >= ring, (name, before, after, ring)


def test_a_dialogs_focused_field_has_the_ring_too(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow]) -> None:
    window = make_window(loopback)
    dialog = open_add_dialog(qtbot, window)
    focused(qtbot, dialog)
    colour = dialog.palette().color(QPalette.ColorGroup.Active, QPalette.ColorRole.Highlight)
    field = dialog.nameEdit
    qtbot.waitUntil(lambda: QApplication.focusWidget() is field)
    ring = 2 * 2 * (field.width() + field.height())
    assert highlight_pixels(around(dialog, field), colour) >= ring
