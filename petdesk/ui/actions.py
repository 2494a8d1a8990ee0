"""The main window's actions and menus: one table, so every action has a name, a
text, shortcuts and a menu, and each is connected to a slot that takes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu


class Spec(NamedTuple):
    name: str
    text: str
    shortcuts: tuple[str, ...]
    menu: str


def _tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


#: In menu order. ``menu`` is the menu's object name.
SPECS = (
    Spec("actionSettings", "&Settings…", ("Ctrl+,",), "file"),
    Spec("actionCategories", "&Categories…", ("Ctrl+Shift+G",), "file"),
    Spec("actionApiKey", "API &key…", ("Ctrl+Shift+K",), "file"),
    Spec("actionQuit", "&Quit", ("Ctrl+Q",), "file"),
    Spec("actionRefresh", "&Refresh", ("F5",), "view"),
    Spec("actionLoadMore", "Load &more", ("Ctrl+M",), "view"),
    Spec("actionStop", "&Stop", ("Esc", "Ctrl+."), "view"),
    Spec("actionQuickFilter", "&Quick filter", ("Ctrl+F",), "view"),
    Spec("actionProduction", "&Production", ("Ctrl+1",), "environment"),
    Spec("actionStaging", "S&taging", ("Ctrl+2",), "environment"),
    Spec("actionAddPet", "&Add pet…", ("Ctrl+N",), "pets"),
    Spec("actionLookup", "&Look up by ID", ("Ctrl+L",), "pets"),
    Spec("actionDetailRefresh", "Re&fresh this pet", ("Ctrl+R",), "pets"),
    Spec("actionCopyId", "Copy &ID", ("Ctrl+Shift+C",), "pets"),
    Spec("actionCopyJson", "Copy as &JSON", ("Ctrl+Shift+J",), "pets"),
    Spec("actionPrintCards", "&Print kennel cards…", ("Ctrl+P",), "pets"),
    # Bulk import and export (issue 13).
    Spec("actionImport", "&Import…", ("Ctrl+I",), "pets"),
    Spec("actionExport", "&Export…", ("Ctrl+E",), "pets"),
    Spec("actionShortcuts", "&Keyboard shortcuts…", ("Ctrl+/", "Shift+F1"), "help"),
    Spec("actionAbout", "&About PetDesk", ("F1",), "help"),
)

MENUS = (("file", "&File"), ("view", "&View"), ("pets", "&Pets"), ("help", "&Help"))


def make_action(window: QMainWindow, spec: Spec, slot: Callable[[], object]) -> QAction:
    text = _tr(spec.text)
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
        menus[key] = bar.addMenu(_tr(title))
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


def shortcut_rows(actions: dict[str, QAction], *,
                  environments: bool) -> list[tuple[str, str, str]]:
    """(menu, action, keys) for every action of the menus, in menu order: what Help ›
    Keyboard shortcuts… lists, read from the actions themselves."""
    titles = dict(MENUS, environment="&View")
    rows = []
    for spec in SPECS:
        if spec.menu == "environment" and not environments:
            continue
        action = actions[spec.name]
        keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                         for k in action.shortcuts())
        rows.append((_tr(titles[spec.menu]).replace("&", ""),
                     action.text().replace("&", "").rstrip("…"), keys))
    return rows
