"""Every shortcut of the main window works wherever the keyboard focus is: the table,
the name filter, the look-up box, the detail panel, the status bar and every other
control of the window, with the platform's own key bindings (X11's include Emacs-style
line-edit keys such as Ctrl+E, "end of line").

The same tests run in-process on Qt's offscreen platform (Windows-style key bindings)
and, through :func:`test_every_shortcut_from_every_place_on_x11`, on a real X server
with the xcb platform.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QDialog,
    QLineEdit,
    QMessageBox,
    QWidget,
)

from petdesk.gui.activity.window import ActivityWindow
from petdesk.gui.cards.categories_dialog import CategoriesDialog
from petdesk.gui.cards.kennel_card_dialog import KennelCardDialog
from petdesk.gui.catalogue.search_dialog import CatalogueDialog
from petdesk.gui.common.shortcuts_dialog import ShortcutsDialog
from petdesk.gui.importing.export_dialog import ExportDialog
from petdesk.gui.importing.import_dialog import ImportDialog
from petdesk.gui.main_window import MainWindow
from petdesk.gui.pets.add_pet import AddPetDialog
from petdesk.gui.settings.api_key_dialog import ApiKeyDialog
from petdesk.gui.settings.settings import AppSettings, Environment
from petdesk.gui.settings.settings_dialog import SettingsDialog
from petdesk.sandbox import FaultKind
from petdesk.services.keys.keystore import MemoryKeyring
from tests.gui.conftest import API_KEY, FakeClock, Sandbox
from tests.helpers import ui
from tests.helpers.drive import click_row, focused, idle, look_up
from tests.helpers.on_x import needs_x, run_on_x

#: The dialog each command opens.
OPENS = {
    "actionSettings": SettingsDialog, "actionCategories": CategoriesDialog,
    "actionApiKey": ApiKeyDialog, "actionAddPet": AddPetDialog,
    "actionFindAny": CatalogueDialog, "actionNewestFirst": CatalogueDialog,
    "actionPrintCards": KennelCardDialog, "actionImport": ImportDialog,
    "actionExport": ExportDialog, "actionShortcuts": ShortcutsDialog,
    "actionAbout": QMessageBox, "actionActivity": ActivityWindow,
}


@pytest.fixture
def keyring_backend() -> MemoryKeyring:
    """A key for both environments: Ctrl+2 shows Staging's list, not the key dialog."""
    backend = MemoryKeyring()
    backend.set_password("petdesk", "production", API_KEY)
    backend.set_password("petdesk", "staging", API_KEY)
    return backend


def dialogs(window: QWidget) -> list[QWidget]:
    return [w for w in QApplication.topLevelWidgets()
            if w is not window and w.isVisible() and isinstance(w, QDialog)]


def places(window: MainWindow) -> list[QWidget]:
    """Every control of the window the keyboard can reach, as shown now."""
    return [w for w in window.findChildren(QWidget)
            if w.window() is window and w.isVisible() and w.isEnabled()
            and w.focusPolicy() & Qt.FocusPolicy.TabFocus and not w.focusProxy()]


def put_focus(qtbot: Any, window: MainWindow, widget: QWidget) -> None:
    focused(qtbot, window)
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget, timeout=5_000)


def typed_text(widget: QWidget) -> str | None:
    """What the user typed in ``widget``, if it is a field one types in (a key the field
    took would change it); ``None`` for the other controls, whose texts are the
    program's (Details… says "3 more…" as messages come and go)."""
    if isinstance(widget, QLineEdit | QAbstractSpinBox):
        return widget.text()
    return None


def press(widget: QWidget, keys: QKeySequence) -> None:
    """``keys`` as key events on ``widget``, which has the keyboard focus."""
    QTest.keySequence(widget, keys)


def name_of(widget: QWidget) -> str:
    return f"{type(widget).__name__} {widget.objectName() or widget.accessibleName()!r}"


def show_a_pet(qtbot: Any, window: MainWindow) -> None:
    """A pet selected and shown in the detail panel, as after a click on its row."""
    click_row(qtbot, window, 0)
    qtbot.waitUntil(lambda: ui.detail(window).pet is not None, timeout=5_000)


class Effects:
    """What the user sees after each command's shortcut; returns a failure or ""."""

    def __init__(self, qtbot: Any, window: MainWindow, box: Sandbox, clock: FakeClock) -> None:
        self.qtbot = qtbot
        self.window = window
        self.box = box
        self.clock = clock

    def check(self, action: QAction, where: QWidget, keys: QKeySequence) -> str:
        window, qtbot = self.window, self.qtbot
        name = action.objectName()
        text = typed_text(where)
        if name in OPENS:
            kind = OPENS[name]
            press(where, keys)
            shown = [d for d in dialogs(window) if isinstance(d, kind)]
            if not shown:
                return f"{keys.toString()} opened no {kind.__name__}"
            for dialog in dialogs(window):
                dialog.close()
            qtbot.waitUntil(lambda: not dialogs(window), timeout=5_000)
            idle(qtbot, window)
        elif name == "actionUpdateCatalogue":
            # With the catalogue off (as here) an update shows nothing new: the
            # command's own signal says it ran.
            with qtbot.waitSignal(action.triggered, timeout=1_000, raising=False) as ran:
                press(where, keys)
            idle(qtbot, window)
            if not ran.signal_triggered:
                return f"{keys.toString()} did not run {name}"
        elif name in ("actionRefresh", "actionDetailRefresh", "actionLoadMore"):
            before = self.box.requests()
            press(where, keys)
            idle(qtbot, window)
            if self.box.requests() == before:
                return f"{keys.toString()} asked the service for nothing"
        elif name == "actionStop":
            self.clock.hold = True  # a rate-limit wait lasts until stopped
            self.box.app.faults.configure(retry_after_seconds=30)
            self.box.app.faults.fail_next(FaultKind.RATE_LIMIT, 1)
            with qtbot.waitSignal(ui.worker(window).waitStarted, timeout=10_000):
                window.findChild(QAction, "actionDetailRefresh").trigger()
            press(where, keys)
            stopped = ui.status_bar(window).message == "Stopped."
            self.clock.release()
            idle(qtbot, window)
            if not stopped:
                return f"{keys.toString()} did not stop the wait"
        elif name in ("actionQuickFilter", "actionLookup"):
            target = (ui.quick_filter(window) if name == "actionQuickFilter"
                      else ui.lookup_edit(window))
            press(where, keys)
            if QApplication.focusWidget() is not target:
                return f"{keys.toString()} did not move to {target.accessibleName()}"
        elif name in ("actionCopyId", "actionCopyJson"):
            QGuiApplication.clipboard().clear()
            press(where, keys)
            pet = ui.detail(window).pet
            assert pet is not None
            copied = QGuiApplication.clipboard().text()
            if not (copied == str(pet.id) if name == "actionCopyId" else
                    f'"id": {pet.id}' in copied):
                return f"{keys.toString()} copied {copied!r}"
        elif name in ("actionStaging", "actionProduction"):
            wanted, other = (("Staging", "actionProduction") if name == "actionStaging"
                             else ("Production", "actionStaging"))
            window.findChild(QAction, other).trigger()  # from the other environment
            idle(qtbot, window)
            if where is ui.status_bar(window).detailsButton and not where.isVisible():
                show_details_button(qtbot, window)  # the switch's messages all fit
            show_a_pet(qtbot, window)
            put_focus(qtbot, window, where)
            press(where, keys)
            idle(qtbot, window)
            title = window.windowTitle()
            window.findChild(QAction, "actionProduction").trigger()
            idle(qtbot, window)
            if title != f"PetDesk — {wanted}":
                return f"{keys.toString()} left the window on {title!r}"
        else:
            return f"no check for {name}"
        if text is not None and typed_text(where) != text:
            return f"{keys.toString()} changed the field's text to {typed_text(where)!r}"
        return ""


#: Quit ends the window; it is pressed last, from the look-up box.
LAST = "actionQuit"


def show_details_button(qtbot: Any, window: MainWindow) -> None:
    """Details… is shown only while a message is shortened, left out or has technical
    details: a look-up the service answers with "not found" brings it back."""
    look_up(qtbot, window, "987654321")
    idle(qtbot, window)
    qtbot.waitUntil(ui.status_bar(window).detailsButton.isVisible, timeout=5_000)


def every_shortcut_from_every_place(qtbot: Any, window: MainWindow, box: Sandbox,
                                    clock: FakeClock) -> Iterator[str]:
    effects = Effects(qtbot, window, box, clock)
    actions = [a for a in window.findChildren(QAction)
               if a.objectName().startswith("action") and a.objectName() != LAST]
    assert len(actions) >= 20
    look_up(qtbot, window, "3")  # as the defect was found: the cursor stays in the box
    idle(qtbot, window)
    positions = places(window)
    names = {w.objectName() for w in positions}
    assert {"petsTable", "quickFilterEdit", "lookupEdit", "copyIdButton"} <= names
    details = ui.status_bar(window).detailsButton  # the status bar's Details…, shown now
    assert details in positions
    #: The commands whose keys worked with the focus on Details…
    from_details: set[str] = set()
    for where in positions:
        for action in actions:
            for keys in action.shortcuts():
                if where is details and not details.isVisible():
                    show_details_button(qtbot, window)
                selection = ui.table(window).selectionModel()
                if ui.detail(window).pet is None or not selection.hasSelection():
                    show_a_pet(qtbot, window)
                put_focus(qtbot, window, where)
                failure = effects.check(action, where, keys)
                if failure:
                    yield f"{name_of(where)}: {action.objectName()}: {failure}"
                elif where is details:
                    from_details.add(action.objectName())
    untried = {a.objectName() for a in actions if a.shortcuts()} - from_details
    if untried:
        yield f"{name_of(details)}: not pressed there: {sorted(untried)}"


def test_every_shortcut_from_every_place(qtbot: Any, loopback: Sandbox,
                                         make_window: Callable[..., MainWindow],
                                         settings: AppSettings, clock: FakeClock) -> None:
    settings.set_base_url(Environment.STAGING, loopback.base_url)  # pets there too
    window = make_window(loopback)
    failures = list(every_shortcut_from_every_place(qtbot, window, loopback, clock))
    assert not failures, "\n".join(failures)
    quit_keys = window.findChild(QAction, LAST).shortcuts()[0]
    put_focus(qtbot, window, ui.lookup_edit(window))
    press(ui.lookup_edit(window), quit_keys)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5_000)


def test_export_and_print_from_the_look_up_box_after_a_look_up(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow]) -> None:
    window = make_window(loopback)
    click_row(qtbot, window, 0)
    look_up(qtbot, window, "1")
    idle(qtbot, window)
    assert QApplication.focusWidget() is ui.lookup_edit(window)
    press(ui.lookup_edit(window), QKeySequence("Ctrl+E"))
    export = [d for d in dialogs(window) if isinstance(d, ExportDialog)]
    assert export, "Ctrl+E opened Export"
    export[0].close()
    qtbot.waitUntil(lambda: not dialogs(window), timeout=5_000)
    put_focus(qtbot, window, ui.lookup_edit(window))
    assert ui.lookup_edit(window).text() == "1"
    press(ui.lookup_edit(window), QKeySequence("Ctrl+P"))
    assert [d for d in dialogs(window) if isinstance(d, KennelCardDialog)], \
        "Ctrl+P opened the kennel cards"


@needs_x
def test_every_shortcut_from_every_place_on_x11() -> None:
    run_on_x(__file__, "test_every_shortcut_from_every_place")
    run_on_x(__file__, "test_export_and_print_from_the_look_up_box_after_a_look_up")


def test_the_key_bindings_are_the_platforms(qapp: QApplication) -> None:
    """The in-process run uses the platform the suite chose (the X11 run: xcb)."""
    assert QGuiApplication.platformName() == os.environ.get("PETDESK_TEST_PLATFORM",
                                                            "offscreen")
