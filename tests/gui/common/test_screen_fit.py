"""The window and its dialogs open within the screen's available area, at any scale,
and the table's columns keep what they show: Status is never cut while Name has
room. Offscreen (an 800×600 screen), and on Xvfb with xcb at 200 % on a 1920×1080
and a 1400×900 screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from petdesk.gui.main_window import MainWindow
from petdesk.gui.pets.pet_model import Column
from tests.gui.conftest import Sandbox
from tests.helpers import ui
from tests.helpers.drive import click_row, shortcut
from tests.helpers.on_x import needs_x, run_on_x

#: What opens a dialog: File › Settings…, Categories…, API key…, Pets › Add pet…,
#: Import…, Export…, Print kennel cards…, Help › Keyboard shortcuts…, Find in catalogue….
DIALOG_KEYS = ("Ctrl+,", "Ctrl+Shift+G", "Ctrl+Shift+K", "Ctrl+N", "Ctrl+I", "Ctrl+E",
               "Ctrl+P", "Ctrl+/", "Ctrl+Shift+F")


def shown_dialog(qtbot: Any, window: QWidget) -> QDialog:
    found: list[QDialog] = []

    def shown() -> bool:
        found[:] = [w for w in QApplication.topLevelWidgets()
                    if isinstance(w, QDialog) and w is not window and w.isVisible()]
        return bool(found)

    qtbot.waitUntil(shown, timeout=5_000)
    return found[0]


def outside(widget: QWidget) -> str:
    """How ``widget``'s window sticks out of its screen's available area ("": not)."""
    area = widget.screen().availableGeometry()
    frame = widget.frameGeometry()
    return "" if area.contains(frame) else f"{frame} is not within {area}"


@pytest.mark.qt_log_ignore("This plugin does not support")
def test_the_window_and_every_dialog_open_within_the_screen(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow]) -> None:
    window = make_window(loopback)
    assert not outside(window), outside(window)
    # The table: every column shows what it holds; Status in full, no sideways scrolling.
    table = ui.table(window)
    header = table.horizontalHeader()
    for column in (Column.ID, Column.CATEGORY, Column.STATUS):
        need = max(header.sectionSizeHint(column), table.sizeHintForColumn(column))
        assert header.sectionSize(column) >= need, (Column(column).name, need)
    assert not table.horizontalScrollBar().isVisible()
    click_row(qtbot, window, 0)  # for the kennel cards
    problems = []
    for keys in DIALOG_KEYS:
        shortcut(qtbot, window, keys)
        dialog = shown_dialog(qtbot, window)
        if outside(dialog):
            problems.append(f"{keys} {type(dialog).__name__}: {outside(dialog)}")
        dialog.close()
        qtbot.waitUntil(lambda d=dialog: not d.isVisible(), timeout=5_000)
    assert not problems, "\n".join(problems)


@needs_x
@pytest.mark.parametrize("screen", ["1920x1080x24", "1400x900x24"])
def test_at_200_percent_on_x11(screen: str) -> None:
    run_on_x(__file__, "test_the_window_and_every_dialog_open_within_the_screen",
             screen=screen, QT_SCALE_FACTOR="2")
