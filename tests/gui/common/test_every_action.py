"""Every QAction of the main window and of every dialog, through ``trigger()`` and
through each of its shortcuts as a real key event, in demo mode and against a
loopback sandbox, with a crash detector.

The crash detector is pytest-qt's ``qtbot.captureExceptions()`` (everything that
reaches ``sys.excepthook`` from a slot, a timer or a virtual method) plus a check
that no crash dialog was opened. Between two actions the test waits for what the
user sees: the Stop action disabled (nothing running) and every dialog closed with
Esc, as a user would.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from petdesk.gui.common.crash_dialog import CrashDialog
from petdesk.gui.main_window import MainWindow
from petdesk.gui.settings.settings import AppSettings
from tests.gui.conftest import Sandbox
from tests.helpers import ui
from tests.helpers.drive import click_row
from tests.helpers.windows import open_demo_window

#: Quit ends the window: it runs last.
LAST = "actionQuit"


@pytest.fixture(params=["demo", "loopback"])
def any_window(request: pytest.FixtureRequest, qtbot: Any, tmp_path: Path,
               settings: AppSettings, make_window: Callable[..., MainWindow],
               loopback: Sandbox) -> Iterator[MainWindow]:
    if request.param == "demo":
        window = open_demo_window(qtbot, settings, tmp_path / "demo.sqlite3")
    else:
        window = make_window(loopback)
    return window


def open_dialogs(window: QWidget) -> list[QWidget]:
    return [w for w in QApplication.topLevelWidgets()
            if w is not window and w.isVisible() and isinstance(w, QDialog)]


def settle(qtbot: Any, window: MainWindow) -> None:
    """Nothing running (Stop disabled), as the user sees it."""
    stop = window.findChild(QAction, "actionStop")
    qtbot.waitUntil(lambda: not stop.isEnabled(), timeout=10_000)


def focus(qtbot: Any, widget: QWidget) -> QWidget:
    widget.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is widget, timeout=5_000)
    return QApplication.focusWidget() or widget


def press(qtbot: Any, widget: QWidget, sequence: QKeySequence) -> None:
    """``sequence`` as real key events on the focused widget of ``widget``'s window."""
    QTest.keySequence(focus(qtbot, widget), sequence)


def exercise_dialog(qtbot: Any, dialog: QWidget, via: str) -> None:
    """Every QAction of ``dialog`` (``via`` trigger or its shortcuts), then Esc."""
    for action in dialog.findChildren(QAction):
        if via == "trigger":
            action.trigger()
        else:
            for sequence in action.shortcuts():
                press(qtbot, dialog, sequence)
        if not dialog.isVisible():
            return
    press(qtbot, dialog, QKeySequence(Qt.Key.Key_Escape))
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5_000)


def window_actions(window: MainWindow) -> list[QAction]:
    actions = [a for a in window.findChildren(QAction) if a.objectName().startswith("action")]
    return sorted(actions, key=lambda a: a.objectName() == LAST)


@pytest.mark.parametrize("via", ["trigger", "shortcut"])
def test_every_action_and_shortcut_without_a_crash(qtbot: Any, any_window: MainWindow,
                                                  via: str) -> None:
    window = any_window
    actions = window_actions(window)
    names = {a.objectName() for a in actions}
    assert {"actionRefresh", "actionApiKey", "actionSettings", "actionAddPet", LAST,
            "actionFindAny", "actionNewestFirst", "actionUpdateCatalogue"} <= names
    seen_dialogs: set[str] = set()
    with qtbot.captureExceptions() as exceptions:
        for action in actions:
            if action.objectName() == LAST:
                continue
            assert action.shortcuts(), f"{action.objectName()} has no shortcut"
            if action.objectName() == "actionPrintCards" and ui.table(window).model().rowCount():
                click_row(qtbot, window, 0)  # for a selected pet (loopback: Staging has none)
            if via == "trigger":
                action.trigger()
            else:
                press(qtbot, window, action.shortcuts()[0])
            settle(qtbot, window)
            for dialog in open_dialogs(window):
                seen_dialogs.add(f"{action.objectName()}:{type(dialog).__name__}")
                exercise_dialog(qtbot, dialog, via)
                settle(qtbot, window)
            assert not [w for w in QApplication.topLevelWidgets()
                        if isinstance(w, CrashDialog) and w.isVisible()]
        # Every shortcut of every action, not only the first (Esc and Ctrl+. both stop).
        if via == "shortcut":
            for action in actions:
                for sequence in action.shortcuts()[1:]:
                    press(qtbot, window, sequence)
                    settle(qtbot, window)
                    for dialog in open_dialogs(window):
                        exercise_dialog(qtbot, dialog, via)
                        settle(qtbot, window)
        quit_action = window.findChild(QAction, LAST)
        if via == "trigger":
            quit_action.trigger()
        else:
            press(qtbot, window, quit_action.shortcuts()[0])
        qtbot.waitUntil(lambda: not window.isVisible(), timeout=5_000)
    assert not exceptions, "".join(str(e) for e in exceptions)
    assert {"actionAddPet:AddPetDialog", "actionApiKey:ApiKeyDialog",
            "actionSettings:SettingsDialog", "actionAbout:QMessageBox",
            "actionCategories:CategoriesDialog",
            "actionImport:ImportDialog", "actionExport:ExportDialog",
            "actionShortcuts:ShortcutsDialog", "actionFindAny:CatalogueDialog",
            "actionNewestFirst:CatalogueDialog"} <= seen_dialogs
    if window.findChild(QAction, "actionStaging") is None:  # the demo
        assert "actionPrintCards:KennelCardDialog" in seen_dialogs
