"""The main window's widgets, actions and what shows the list, built onto the window
after its first paint (:class:`~petdesk.gui.main_window.MainWindow` imports this module
then). Nothing here needs the worker: the stored rows are painted before it exists,
in the contents' first paint when they are read while the contents are built."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QIcon
from PySide6.QtWidgets import QLineEdit, QMainWindow, QSplitter, QVBoxLayout, QWidget

from petdesk.core.clock import Clock
from petdesk.gui.actions import SPECS, build_menus, make_action, shortcut_rows
from petdesk.gui.common.accessibility import name_main_window
from petdesk.gui.common.action_keys import ActionKeysFirst
from petdesk.gui.common.focus_ring import FocusRing
from petdesk.gui.common.shortcuts_dialog import ShortcutsDialog
from petdesk.gui.common.status_bar import PetStatusBar
from petdesk.gui.outbox.quit_question import QuitQuestion
from petdesk.gui.pets.detail import PetDetail
from petdesk.gui.pets.list_presenter import ListPresenter
from petdesk.gui.pets.pet_model import PetTableModel
from petdesk.gui.pets.stored_start import StoredStart
from petdesk.gui.pets.views import EnvironmentBanner, FilterBar, PetTablePanel
from petdesk.gui.settings.connection import ConnectionController
from petdesk.gui.settings.settings import AppSettings
from petdesk.gui.window_state import WindowState
from petdesk.gui.worker.feedback import WorkFeedback

__all__ = ["WindowParts", "build_parts"]


@dataclass(frozen=True)
class WindowParts:
    """What :func:`build_parts` put on the window."""

    model: PetTableModel
    banner: EnvironmentBanner
    bar: FilterBar
    panel: PetTablePanel
    detail: PetDetail
    splitter: QSplitter
    status: PetStatusBar
    actions: dict[str, QAction]
    feedback: WorkFeedback
    quit_question: QuitQuestion
    state: WindowState
    presenter: ListPresenter
    stored: StoredStart

    def name_for_screen_readers(self, window: QMainWindow) -> None:
        """The window's regions and Qt's inner parts, named for screen readers."""
        name_main_window(window, self.detail, self.splitter)


def _central(window: QMainWindow, banner: QWidget, bar: QWidget, panel: QWidget,
             detail: QWidget) -> QSplitter:
    central = QWidget()
    outer = QVBoxLayout(central)
    outer.setContentsMargins(0, 0, 0, 0)
    outer.setSpacing(0)
    outer.addWidget(banner)
    outer.addWidget(bar)
    right = QWidget()
    right_layout = QVBoxLayout(right)
    right_layout.setContentsMargins(4, 4, 8, 8)
    right_layout.addWidget(detail)
    splitter = QSplitter(Qt.Orientation.Horizontal)
    splitter.setObjectName("mainSplitter")
    splitter.addWidget(panel)
    splitter.addWidget(right)
    splitter.setStretchFactor(0, 3)
    splitter.setStretchFactor(1, 1)
    splitter.setChildrenCollapsible(False)
    outer.addWidget(splitter, 1)
    window.setCentralWidget(central)
    return splitter


def _focus(edit: QLineEdit) -> None:
    edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
    edit.selectAll()


def _actions(window: QMainWindow, slots: dict[str, Callable[[], object]], *,
             demo: bool) -> dict[str, QAction]:
    # The demo has one environment: nothing to switch to.
    actions = {s.name: make_action(window, s, slots[s.name]) for s in SPECS
               if not (demo and s.menu == "environment")}
    actions["actionStop"].setEnabled(False)
    build_menus(window, actions, environments=not demo)
    ActionKeysFirst(window, actions.values())
    return actions


def build_parts(window: QMainWindow, owner: QObject, settings: AppSettings,
                connection: ConnectionController, clock: Clock, *,
                slots: dict[str, Callable[[], object]], refresh: Callable[[], None],
                adds_waiting: Callable[[], int], controllers_built: Callable[[], bool],
                page_shown: Callable[[], None], folder: Path | None,
                read_stored: bool = False) -> WindowParts:
    """The widgets and actions on ``window`` (``slots``: what each action does, by name,
    but for those that need only these widgets), and what keeps the list's view
    true. ``read_stored``: the last session's rows are read (on their thread) while
    the rest is built, so that they are in the table's first paint."""
    icon = QIcon.fromTheme("petdesk")
    if not icon.isNull():
        window.setWindowIcon(icon)
    model = PetTableModel(owner)
    bar = FilterBar(demo=connection.demo, environment=connection.environment)
    panel = PetTablePanel(model)
    status = PetStatusBar(clock=clock, demo=connection.demo)
    state = WindowState(window, settings, panel.table, bar, model)
    state.show_filters(connection.name)  # the list the stored rows are read for
    stored = StoredStart(bar, model, panel.table, status, connection, clock, controllers_built,
                         folder, owner)
    if read_stored:
        stored.start()
    banner = EnvironmentBanner()
    detail = PetDetail()
    splitter = _central(window, banner, bar, panel, detail)
    window.setStatusBar(status)
    FocusRing(window)
    actions = _actions(window, {
        **slots, "actionCopyId": detail.copy_id, "actionCopyJson": detail.copy_json,
        "actionQuickFilter": lambda: _focus(bar.quickFilterEdit),
        "actionLookup": lambda: _focus(bar.lookupEdit),
        "actionShortcuts": lambda: ShortcutsDialog(shortcut_rows(window), window).open()},
        demo=connection.demo)
    bar.refreshButton.setToolTip(actions["actionRefresh"].toolTip())
    bar.addPetButton.setToolTip(actions["actionAddPet"].toolTip())
    panel.loadMoreButton.setToolTip(actions["actionLoadMore"].toolTip())
    bar.refreshButton.clicked.connect(actions["actionRefresh"].trigger)
    bar.addPetButton.clicked.connect(actions["actionAddPet"].trigger)
    panel.loadMoreButton.clicked.connect(actions["actionLoadMore"].trigger)
    detail.copied.connect(status.show_activity)
    state.restore(connection.name)
    panel.table.horizontalHeader().sortIndicatorChanged.connect(settings.set_sort)
    presenter = ListPresenter(bar, panel, model, detail, status, actions["actionLoadMore"],
                              state, connection, refresh, page_shown, owner)
    for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved):
        signal.connect(presenter.update_list_view)
    return WindowParts(
        model=model, banner=banner, bar=bar, panel=panel, detail=detail, splitter=splitter,
        status=status, actions=actions,
        feedback=WorkFeedback(status, actions["actionStop"], parent=owner),
        quit_question=QuitQuestion(window, adds_waiting, window.close, owner),
        state=state, presenter=presenter, stored=stored)
