"""What a screen reader finds: every widget of the main window and of every dialog,
opened the way a user opens them (a shortcut, a key), has an accessible name and a
role, as Qt's accessibility layer reports them (``QAccessible.queryAccessibleInterface``).

The walk covers the whole widget tree, the parts Qt builds inside composite widgets
(scroll bars, headers, a combo box's list) and hidden widgets (shown in another state)
included. One documented exception (see :mod:`petdesk.gui.common.accessibility`): a label's
name is the text it shows, so a label that shows nothing at the moment (an empty
message line) has no name until it shows a text; a label that shows only an icon is
named.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QMessageBox, QPushButton, QWidget

from petdesk.gui.cards.categories_dialog import CategoriesDialog
from petdesk.gui.cards.kennel_card_dialog import KennelCardDialog
from petdesk.gui.catalogue.search_dialog import CatalogueDialog
from petdesk.gui.common.shortcuts_dialog import ShortcutsDialog
from petdesk.gui.importing.export_dialog import ExportDialog
from petdesk.gui.importing.import_dialog import ImportDialog
from petdesk.gui.main_window import MainWindow
from petdesk.gui.pets.add_pet import AddPetDialog
from petdesk.gui.pets.pet_model import Column
from petdesk.gui.settings.api_key_dialog import ApiKeyDialog
from petdesk.gui.settings.settings_dialog import SettingsDialog
from tests.gui.conftest import Sandbox
from tests.helpers import ui
from tests.helpers.drive import active_dialog, focused, look_up, shortcut, type_text


def describe(widget: QWidget) -> str:
    path = []
    node: QWidget | None = widget
    while node is not None:
        path.append(node.objectName() or type(node).__name__)
        node = node.parentWidget()
    return "/".join(reversed(path))


def shows_nothing(widget: QWidget) -> bool:
    return isinstance(widget, QLabel) and not widget.text() and widget.pixmap().isNull()


def unnamed(root: QWidget) -> list[str]:
    """Every widget under ``root`` whose accessible interface lacks a name or a role."""
    problems = []
    for widget in [root, *root.findChildren(QWidget)]:
        interface = QAccessible.queryAccessibleInterface(widget)
        if interface is None or not interface.isValid():
            problems.append(f"{describe(widget)}: no accessible interface")
            continue
        if interface.role() == QAccessible.Role.NoRole:
            problems.append(f"{describe(widget)}: no role")
        name = interface.text(QAccessible.Text.Name).strip()
        if not name and not shows_nothing(widget):
            problems.append(f"{describe(widget)} ({type(widget).__name__}): no name")
        if widget.isWindow() and widget.windowTitle() and name != widget.windowTitle():
            problems.append(f"{describe(widget)}: named {name!r}, not by its title")
        if name.count(": list of choices") > 1 or name.count("Part of") > 1:
            problems.append(f"{describe(widget)}: a name made of names: {name!r}")
    return problems


def test_the_main_window_names_every_widget(qtbot: Any, make_window: Callable[..., MainWindow],
                                            loopback: Sandbox) -> None:
    window = make_window(loopback)
    window.resize(560, 400)  # narrow: the menu bar's "More menus" menu appears too
    qtbot.waitUntil(lambda: not unnamed(window), timeout=2_000)
    assert unnamed(window) == []
    # the controls a user works with, by the names a screen reader says
    names = {w.objectName(): w.accessibleName() for w in window.findChildren(QWidget)}
    assert names["quickFilterEdit"] == "Quick filter by name"
    assert names["lookupEdit"] == "Look up a pet by ID"
    assert names["petsTable"] == "Pets"
    assert names["statusBar"] == "Status bar"
    # a description where the name is not enough (Qt reads the tooltip as one)
    lookup = QAccessible.queryAccessibleInterface(ui.lookup_edit(window))
    assert "Enter" in lookup.text(QAccessible.Text.Description)


def test_the_detail_panel_names_the_status_icon_by_its_word(
        qtbot: Any, make_window: Callable[..., MainWindow], loopback: Sandbox) -> None:
    window = make_window(loopback)
    look_up(qtbot, window, "1")
    detail = ui.detail(window)
    qtbot.waitUntil(lambda: detail.idValue.text() == "1", timeout=5_000)
    status = detail.statusValue.text()
    assert status and status != "—"
    icon = detail.findChild(QLabel, "detailStatusIcon")
    assert icon.accessibleName() == f"Status: {status}"


def _open_refused_key_confirmation(qtbot: Any, window: MainWindow) -> QWidget:
    shortcut(qtbot, window, "Ctrl+Shift+K")
    dialog = active_dialog(qtbot, ApiKeyDialog)
    type_text(qtbot, dialog.apiKeyEdit, "not-a-valid-key-000")
    qtbot.keyClick(dialog.apiKeyEdit, Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)  # &Test
    qtbot.waitUntil(lambda: dialog.resultLabel.text().startswith("✖"), timeout=10_000)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # Save, the default
    return active_dialog(qtbot, QMessageBox)


def _open_error_details(qtbot: Any, window: MainWindow) -> QWidget:
    look_up(qtbot, window, "987654321")
    bar = ui.status_bar(window)
    qtbot.waitUntil(lambda: bar.detailsButton.isVisible(), timeout=10_000)
    bar.detailsButton.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(bar.detailsButton, Qt.Key.Key_Space)
    return active_dialog(qtbot, QMessageBox)


def _keys(keys: str, kind: type[QWidget]) -> Callable[[Any, MainWindow], QWidget]:
    def open_it(qtbot: Any, window: MainWindow) -> QWidget:
        shortcut(qtbot, window, keys)
        return active_dialog(qtbot, kind)

    return open_it


def _cards(qtbot: Any, window: MainWindow) -> QWidget:
    focused(qtbot, window)
    ui.table(window).setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(ui.table(window), Qt.Key.Key_Home)  # the first pet, selected
    return _keys("Ctrl+P", KennelCardDialog)(qtbot, window)


#: Every dialog of the main window, opened as a user opens it.
DIALOGS: dict[str, Callable[[Any, MainWindow], QWidget]] = {
    "settings": _keys("Ctrl+,", SettingsDialog),
    "api key": _keys("Ctrl+Shift+K", ApiKeyDialog),
    "add pet": _keys("Ctrl+N", AddPetDialog),
    "categories": _keys("Ctrl+Shift+G", CategoriesDialog),
    "kennel cards": _cards,
    "import": _keys("Ctrl+I", ImportDialog),
    "export": _keys("Ctrl+E", ExportDialog),
    "shortcuts": _keys("Ctrl+/", ShortcutsDialog),
    "find any animal": _keys("Ctrl+Shift+F", CatalogueDialog),
    "about": _keys("F1", QMessageBox),
    "refused key confirmation": _open_refused_key_confirmation,
    "error details": _open_error_details,
}


@pytest.mark.parametrize("which", list(DIALOGS))
def test_every_dialog_names_every_widget(qtbot: Any, make_window: Callable[..., MainWindow],
                                         loopback: Sandbox, which: str) -> None:
    window = make_window(loopback)
    dialog = DIALOGS[which](qtbot, window)
    assert isinstance(dialog, QDialog)
    assert dialog.windowTitle()
    assert unnamed(dialog) == []
    buttons = [b for b in dialog.findChildren(QPushButton) if b.isVisibleTo(dialog)]
    assert buttons, "a dialog closes with a button too"


# -- status is never shown by colour alone ------------------------------------------------

def test_status_is_said_in_words_and_shapes_not_colour_alone(
        qtbot: Any, make_window: Callable[..., MainWindow], loopback: Sandbox) -> None:
    window = make_window(loopback)
    # the environment banner names the environment in words, whatever its colour
    assert "Production" in ui.banner(window).text()
    assert ui.banner(window).accessibleName().startswith("Environment: ")
    # the table's status cells: a word and an icon whose shape differs per status
    model = ui.table(window).model()
    words = set()
    for row in range(model.rowCount()):
        index = model.index(row, Column.STATUS)
        words.add(model.data(index))
        assert not model.data(index, Qt.ItemDataRole.DecorationRole).isNull()
    assert words <= {"Available", "Pending", "Sold", "No status"}
    # an error: a sentence in the status bar and in the details, with Details… to read
    look_up(qtbot, window, "987654321")
    bar = ui.status_bar(window)
    # Details… may be shown before the answer (for a message the line has no room for):
    # the answer itself is waited for, then read where the user reads it, on the line.
    detail = ui.detail(window)
    qtbot.waitUntil(lambda: "987654321" in detail.messageLabel.text(), timeout=10_000)
    assert "987654321" in bar.messageLabel.text()
    assert bar.detailsButton.isVisible()
    assert detail.messageLabel.text() == bar.message


def test_the_crash_dialog_names_every_widget(qtbot: Any) -> None:
    """It opens on a failure (tests/reliability/test_crash.py): built here as the crash
    handler builds it."""
    from petdesk.gui.common.crash_dialog import CrashDialog

    dialog = CrashDialog("Traceback (most recent call last): …")
    qtbot.addWidget(dialog)
    dialog.show()
    assert unnamed(dialog) == []
