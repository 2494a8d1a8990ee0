"""The main window's contents: the widgets, the actions and what the user sees of the
list. Built after the window's first paint (see :mod:`.main_window`); the worker and the
controllers (:mod:`.window_logic`) follow once the contents are painted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAction, QIcon
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from petdesk.core.clock import SystemClock
from petdesk.core.jobs import JobKind, ListState
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.actions import SPECS, build_menus, catalogue_slots, make_action, shortcut_rows
from petdesk.gui.common.action_keys import ActionKeysFirst
from petdesk.gui.common.focus_ring import FocusRing
from petdesk.gui.common.localize import localized
from petdesk.gui.common.status_bar import PetStatusBar
from petdesk.gui.outbox.quit_question import QuitQuestion
from petdesk.gui.pets.detail import PetDetail
from petdesk.gui.pets.list_presenter import ListPresenter
from petdesk.gui.pets.pet_model import PetTableModel
from petdesk.gui.pets.stored_start import StoredStart
from petdesk.gui.pets.views import EnvironmentBanner, FilterBar, PetTablePanel
from petdesk.gui.settings.connection import DEMO
from petdesk.gui.settings.settings import Environment
from petdesk.gui.window_state import restore_window_state, save_window_state
from petdesk.gui.worker.feedback import WorkFeedback

if TYPE_CHECKING:
    from petdesk.api import Pet, PetLookup
    from petdesk.core.clock import Clock
    from petdesk.gui.cards.controller import CardsAndCategories
    from petdesk.gui.dialogs import WindowDialogs
    from petdesk.gui.importing.controller import ImportController
    from petdesk.gui.importing.entry import BulkDialogs
    from petdesk.gui.main_window import MainWindow
    from petdesk.gui.pets.add_pet_controller import AddPetController
    from petdesk.gui.pets.lookup import LookupController
    from petdesk.gui.pets.pet_list import ListQuery, PetListController
    from petdesk.gui.settings.auth import AuthController
    from petdesk.gui.window_logic import WindowLogic
    from petdesk.gui.worker.worker import Worker


class Contents(QObject):
    """Everything inside the main window's frame. The worker and the controllers
    (:attr:`logic`) are built on first use."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.connection = window.connection
        self.clock: Clock = window.clock or SystemClock()
        self._logic: WindowLogic | None = None
        self._shut_down_after = -1
        icon = QIcon.fromTheme("petdesk")
        if not icon.isNull():
            window.setWindowIcon(icon)
        self.model = PetTableModel(self)
        self._build_widgets()
        self._build_actions()
        self.feedback = WorkFeedback(self.statusBar_, self.actStop, parent=self)
        self.quit_question = QuitQuestion(window, self._adds_waiting, window.close, self)
        restore_window_state(self)
        self._limit_timer = QTimer(self, singleShot=True, interval=250)
        self._limit_timer.timeout.connect(self.refresh)
        self.presenter = ListPresenter(self)
        self._wire()
        self.apply_environment_look()
        self.update_list_view()
        self.stored: StoredStart = StoredStart(self, window.settings.store_folder)

    # -- the worker and the controllers ---------------------------------------------------

    @property
    def logic(self) -> WindowLogic:
        """The worker, the controllers and the dialogs, built on first use."""
        return self.ensure_logic()

    def ensure_logic(self) -> WindowLogic:
        if self._logic is None:
            from petdesk.gui.window_logic import WindowLogic  # noqa: PLC0415 - after the contents are painted

            self._logic = WindowLogic(self)
            self.presenter.start(self._logic.pets)
            if self._shut_down_after >= 0:
                self._logic.shut_down(self._shut_down_after)
        return self._logic

    @property
    def has_logic(self) -> bool:
        return self._logic is not None

    @property
    def worker(self) -> Worker:
        return self.logic.worker

    @property
    def auth(self) -> AuthController:
        return self.logic.auth

    @property
    def pets(self) -> PetListController:
        return self.logic.pets

    @property
    def lookups(self) -> LookupController:
        return self.logic.lookups

    @property
    def adder(self) -> AddPetController:
        return self.logic.adder

    @property
    def cards(self) -> CardsAndCategories:
        return self.logic.cards

    @property
    def importer(self) -> ImportController:
        return self.logic.importer

    @property
    def bulk(self) -> BulkDialogs:
        return self.logic.bulk

    @property
    def dialogs(self) -> WindowDialogs:
        return self.logic.dialogs

    # -- building -------------------------------------------------------------------------

    def _build_widgets(self) -> None:
        central = QWidget()
        outer = QVBoxLayout(central)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        self.banner = EnvironmentBanner()
        outer.addWidget(self.banner)
        self.bar = FilterBar(demo=self.connection.demo, environment=self.connection.environment)
        outer.addWidget(self.bar)
        bar = self.bar
        self.environmentCombo, self.statusFilter = bar.environmentCombo, bar.statusFilter
        self.limitSpin, self.refreshButton = bar.limitSpin, bar.refreshButton
        self.quickFilterEdit, self.lookupEdit = bar.quickFilterEdit, bar.lookupEdit
        self.addPetButton = bar.addPetButton
        self.panel = PetTablePanel(self.model)
        self.table = self.panel.table
        self.overlay = self.panel.overlay
        self.loadMoreButton = self.panel.loadMoreButton
        self.countLabel = self.panel.countLabel
        self.detail = PetDetail()
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(4, 4, 8, 8)
        right_layout.addWidget(self.detail)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.addWidget(self.panel)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        outer.addWidget(self.splitter, 1)
        self.window.setCentralWidget(central)
        self.statusBar_ = PetStatusBar(clock=self.clock, demo=self.connection.demo)
        self.window.setStatusBar(self.statusBar_)
        FocusRing(self.window)

    def _build_actions(self) -> None:
        slots = {
            "actionSettings": lambda: self.dialogs.open_settings(),
            "actionApiKey": lambda: self.dialogs.open_api_key_dialog(),
            "actionCategories": lambda: self.cards.open_categories(),
            "actionPrintCards": lambda: self.cards.print_cards(),
            "actionQuit": self.quit_asked,
            "actionRefresh": self.refresh_clicked,
            "actionLoadMore": lambda: self.pets.load_more(),
            "actionStop": self.stop,
            "actionQuickFilter": lambda: self._focus(self.bar.quickFilterEdit),
            "actionProduction": lambda: self.set_environment(Environment.PRODUCTION),
            "actionStaging": lambda: self.set_environment(Environment.STAGING),
            "actionAddPet": lambda: self.dialogs.open_add_pet(),
            "actionLookup": lambda: self._focus(self.bar.lookupEdit),
            "actionDetailRefresh": self.refresh_detail,
            "actionCopyId": self.detail.copy_id,
            "actionCopyJson": self.detail.copy_json,
            "actionAbout": lambda: self.dialogs.show_about(),
            "actionShortcuts": self._show_shortcuts,
            "actionImport": lambda: self.bulk.open_import(),
            "actionExport": lambda: self.bulk.open_export(),
            **catalogue_slots(self),
        }
        # The demo has one environment: nothing to switch to.
        self.actions = {s.name: make_action(self.window, s, slots[s.name]) for s in SPECS
                        if not (self.connection.demo and s.menu == "environment")}
        a = self.actions
        self.actRefresh, self.actStop = a["actionRefresh"], a["actionStop"]
        self.actAdd, self.actLoadMore = a["actionAddPet"], a["actionLoadMore"]
        self.actStop.setEnabled(False)
        self.refreshButton.setToolTip(self.actRefresh.toolTip())
        self.addPetButton.setToolTip(self.actAdd.toolTip())
        self.loadMoreButton.setToolTip(self.actLoadMore.toolTip())
        build_menus(self.window, a, environments=not self.connection.demo)
        ActionKeysFirst(self.window, a.values())

    def quit_asked(self) -> None:
        """File › Quit: asks first while adds wait to be sent."""
        if not self.quit_question.ask():
            self.window.close()

    def _adds_waiting(self) -> int:
        return self._logic.outbox.pending if self._logic is not None else 0

    def _show_shortcuts(self) -> None:
        from petdesk.gui.common.shortcuts_dialog import ShortcutsDialog  # noqa: PLC0415 - on first use

        ShortcutsDialog(shortcut_rows(self.window), self.window).open()

    def _wire(self) -> None:
        """The widgets' own signals (the worker's and the controllers' are wired by
        :class:`.window_logic.WindowLogic`)."""
        bar = self.bar
        bar.refreshButton.clicked.connect(self.actRefresh.trigger)
        bar.addPetButton.clicked.connect(self.actAdd.trigger)
        self.loadMoreButton.clicked.connect(self.actLoadMore.trigger)
        bar.environmentCombo.activated.connect(self._environment_chosen)
        bar.limitSpin.valueChanged.connect(lambda _v: self._limit_timer.start())
        bar.lookupEdit.returnPressed.connect(
            lambda: self.lookups.look_up(bar.lookupEdit.text()))
        self.detail.refreshRequested.connect(lambda _id: self.refresh_detail())
        self.detail.copied.connect(self.statusBar_.show_activity)
        self.statusBar_.stopRequested.connect(self.stop)
        for signal in (self.model.modelReset, self.model.rowsInserted, self.model.rowsRemoved):
            signal.connect(self.update_list_view)
        self.table.horizontalHeader().sortIndicatorChanged.connect(self.window.settings.set_sort)

    # -- the list -------------------------------------------------------------------------

    def query(self) -> ListQuery:
        return self.logic.query(self.bar.status(), self.bar.limitSpin.value())

    def refresh(self, *, background: bool = False) -> None:
        self.pets.refresh(self.query(), background=background)

    def refresh_clicked(self) -> None:
        """Refresh (F5): as :meth:`refresh`, but a list just loaded by it is not asked
        for again."""
        self.pets.refresh(self.query(), clicked=True)

    def page_shown(self) -> None:
        self.presenter.page_shown()

    def update_list_view(self) -> None:
        self.presenter.update_list_view()

    @property
    def overlay_text(self) -> str:
        return self.overlay.text() if self.overlay.isVisibleTo(self.window) else ""

    def select_pet(self, pet_id: int, *, show_detail: bool = True) -> bool:
        return self.presenter.select_pet(pet_id, show_detail=show_detail)

    def selected_pet(self) -> Pet | None:
        return self.model.pet_at(self.table.currentIndex())

    # -- look-up, add ---------------------------------------------------------------------

    def refresh_detail(self) -> None:
        if self.detail.pet is not None:
            self.lookups.fetch(self.detail.pet.id, JobKind.DETAIL)

    def found(self, found: PetLookup) -> None:
        self.presenter.found(found)

    def not_found(self, pet_id: int, text: str, exc: BaseException) -> None:
        self.presenter.not_found(pet_id, text, exc)

    def added(self, pet: Pet) -> None:
        self.presenter.added(pet)

    def invalid_id(self, title: str, message: str) -> None:
        self.presenter.invalid_id(title, message)

    def key_saved(self, message: str) -> None:
        self.pets.invalidate()  # another key may see other pets
        self.statusBar_.show_activity(message)
        if not self.auth.holding and self.pets.state in (
                ListState.NO_KEY, ListState.ERROR, ListState.IDLE):
            self.refresh()

    # -- stop, errors, busy ---------------------------------------------------------------

    def stop(self) -> None:
        """Stop the running request, any wait, and everything queued."""
        self.worker.stop()
        self.statusBar_.show_activity(self.tr("Stopped."))

    def _focus(self, edit: QWidget) -> None:
        edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        select_all = getattr(edit, "selectAll", None)
        if callable(select_all):
            select_all()

    # -- environment ----------------------------------------------------------------------

    def _environment_chosen(self, index: int) -> None:
        value = self.bar.environmentCombo.itemData(index)
        if value in (Environment.PRODUCTION.value, Environment.STAGING.value):
            self.set_environment(Environment(value))

    def set_environment(self, env: Environment) -> None:
        self.ensure_logic()  # the worker and the list follow the switch
        self.connection.set_environment(env)

    def category_labels_changed(self) -> None:
        label = self.cards.categories.label
        self.model.set_category_label(label)
        self.detail.set_category_label(label)

    def connection_changed(self) -> None:
        self.cards.load()
        if not self.connection.demo:
            self.bar.show_environment(self.connection.environment)
        self.pets.reset()
        self.presenter.environment_changed()
        self.detail.show_pet(None)
        self.statusBar_.set_quota(None)
        self.apply_environment_look()
        self.refresh()

    def apply_environment_look(self) -> None:
        label = self.connection.label()
        self.window.setWindowTitle(localized(QT_TRANSLATE_NOOP(
            "MainWindow", "PetDesk — {label}").format(label=self.connection.window_label())))
        kind = DEMO if self.connection.demo else self.connection.environment.value
        self.banner.show_environment(kind, label, self.connection.address,
                                     set_up=self.connection.set_up)

    def save_state(self) -> None:
        save_window_state(self)

    def palette_changed(self) -> None:
        self.model.refresh_palette()
        if self.detail.pet is not None:
            self.detail.show_pet(self.detail.pet)

    def shut_down(self, wait_ms: int) -> None:
        """Closing: nothing new starts, every dialog closes, the worker stops (or is
        stopped as soon as it is built)."""
        self._limit_timer.stop()
        self._shut_down_after = wait_ms
        if self._logic is not None:
            self._logic.shut_down(wait_ms)

    def action(self, name: str) -> QAction:
        return self.actions[name]
