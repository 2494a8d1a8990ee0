"""The main window's actions and menus: one table, so every action has a name, a
text, shortcuts and a menu, and each is connected to a slot that takes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import localized


class Spec(NamedTuple):
    name: str
    text: str
    shortcuts: tuple[str, ...]
    menu: str


#: In menu order. ``menu`` is the menu's object name.
SPECS = (
    Spec("actionSettings", QT_TRANSLATE_NOOP("MainWindow", "&Settings…"), ("Ctrl+,",), "file"),
    Spec("actionCategories", QT_TRANSLATE_NOOP("MainWindow", "&Categories…"),
         ("Ctrl+Shift+G",), "file"),
    Spec("actionApiKey", QT_TRANSLATE_NOOP("MainWindow", "API &key…"), ("Ctrl+Shift+K",), "file"),
    Spec("actionQuit", QT_TRANSLATE_NOOP("MainWindow", "&Quit"), ("Ctrl+Q",), "file"),
    Spec("actionRefresh", QT_TRANSLATE_NOOP("MainWindow", "&Refresh"), ("F5",), "view"),
    Spec("actionLoadMore", QT_TRANSLATE_NOOP("MainWindow", "Load &more"), ("Ctrl+M",), "view"),
    Spec("actionStop", QT_TRANSLATE_NOOP("MainWindow", "&Stop"), ("Esc", "Ctrl+."), "view"),
    Spec("actionQuickFilter", QT_TRANSLATE_NOOP("MainWindow", "&Quick filter"),
         ("Ctrl+F",), "view"),
    # The catalogue.
    Spec("actionNewestFirst", QT_TRANSLATE_NOOP("MainWindow", "&Newest first…"),
         ("Ctrl+Shift+N",), "view"),
    Spec("actionUpdateCatalogue", QT_TRANSLATE_NOOP("MainWindow", "&Update catalogue now"),
         ("Ctrl+Shift+U",), "view"),
    Spec("actionActivity", QT_TRANSLATE_NOOP("MainWindow", "&Activity log…"),
         ("Ctrl+Shift+A",), "view"),
    Spec("actionProduction", QT_TRANSLATE_NOOP("MainWindow", "&Production"),
         ("Ctrl+1",), "environment"),
    Spec("actionStaging", QT_TRANSLATE_NOOP("MainWindow", "S&taging"), ("Ctrl+2",), "environment"),
    Spec("actionAddPet", QT_TRANSLATE_NOOP("MainWindow", "&Add pet…"), ("Ctrl+N",), "pets"),
    Spec("actionLookup", QT_TRANSLATE_NOOP("MainWindow", "&Look up by ID"), ("Ctrl+L",), "pets"),
    Spec("actionFindAny", QT_TRANSLATE_NOOP("MainWindow", "Find in &catalogue…"),
         ("Ctrl+Shift+F",), "pets"),
    Spec("actionDetailRefresh", QT_TRANSLATE_NOOP("MainWindow", "Re&fresh this pet"),
         ("Ctrl+R",), "pets"),
    Spec("actionCopyId", QT_TRANSLATE_NOOP("MainWindow", "Copy I&D"), ("Ctrl+Shift+C",), "pets"),
    Spec("actionCopyJson", QT_TRANSLATE_NOOP("MainWindow", "Copy as &JSON"),
         ("Ctrl+Shift+J",), "pets"),
    Spec("actionPrintCards", QT_TRANSLATE_NOOP("MainWindow", "&Print kennel cards…"),
         ("Ctrl+P",), "pets"),
    # Bulk import and export.
    Spec("actionImport", QT_TRANSLATE_NOOP("MainWindow", "&Import…"), ("Ctrl+I",), "pets"),
    Spec("actionExport", QT_TRANSLATE_NOOP("MainWindow", "&Export…"), ("Ctrl+E",), "pets"),
    Spec("actionShortcuts", QT_TRANSLATE_NOOP("MainWindow", "&Keyboard shortcuts…"),
         ("Ctrl+/", "Shift+F1"), "help"),
    Spec("actionAbout", QT_TRANSLATE_NOOP("MainWindow", "&About PetDesk"), ("F1",), "help"),
)

MENUS = (("file", QT_TRANSLATE_NOOP("MainWindow", "&File")),
         ("view", QT_TRANSLATE_NOOP("MainWindow", "&View")),
         ("pets", QT_TRANSLATE_NOOP("MainWindow", "&Pets")),
         ("help", QT_TRANSLATE_NOOP("MainWindow", "&Help")))


def make_action(window: QMainWindow, spec: Spec, slot: Callable[[], object]) -> QAction:
    text = localized(spec.text)
    action = QAction(text, window)
    action.setObjectName(spec.name)
    sequences = [QKeySequence(s) for s in spec.shortcuts]
    action.setShortcuts(sequences)
    keys = ", ".join(s.toString(QKeySequence.SequenceFormat.NativeText) for s in sequences)
    action.setToolTip(f"{text.replace('&', '').rstrip('…')} ({keys})")
    # triggered(bool) carries the checked state; no slot takes it.
    action.triggered.connect(lambda _checked=False: slot())
    window.addAction(action)
    return action


def build_menus(window: QMainWindow, actions: dict[str, QAction], *,
                environments: bool) -> dict[str, QMenu]:
    """File, View (with the environments unless the demo), Pets, Help."""
    bar = window.menuBar()
    menus: dict[str, QMenu] = {}
    for key, title in MENUS:
        menus[key] = bar.addMenu(localized(title))
        menus[key].setObjectName(f"{key}Menu")
    for spec in SPECS:
        if spec.menu == "environment":
            if environments:
                if spec.name == "actionProduction":
                    menus["view"].addSeparator()
                menus["view"].addAction(actions[spec.name])
            continue
        if spec.name == "actionQuit":
            menus["file"].addSeparator()
        menus[spec.menu].addAction(actions[spec.name])
    return menus


def _keys(action: QAction) -> str:
    return ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                     for k in action.shortcuts())


def shortcut_rows(window: QMainWindow) -> list[tuple[str, str, str]]:
    """(menu, command, keys) for every action of ``window``: its menus' in menu order,
    then any other action that has keys. What Help › Keyboard shortcuts… lists, read
    from the actions themselves, so that no shortcut can be left out of it."""
    rows = []
    listed: set[int] = set()
    for menu_action in window.menuBar().actions():
        menu = menu_action.menu()
        if not isinstance(menu, QMenu):
            continue
        for action in menu.actions():
            if not action.isSeparator():
                listed.add(id(action))
                rows.append((menu.title().replace("&", ""),
                             action.text().replace("&", "").rstrip("…"), _keys(action)))
    rows += [("", action.text().replace("&", "").rstrip("…"), _keys(action))
             for action in window.actions()
             if action.shortcuts() and id(action) not in listed]
    return rows
