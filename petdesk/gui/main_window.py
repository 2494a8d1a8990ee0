"""PetDesk's main window: widgets and wiring. The logic lives in the controllers
(:mod:`petdesk.gui.controllers_unused`); every request runs on the :class:`~.worker.Worker`.

Construction comes in steps so that ``petdesk`` shows its window before most of the
UI is loaded (:func:`petdesk.gui.app.run`): the *frame* (``__init__``: title, saved
size and position; this module imports only what that needs), the *contents* (the
widgets and actions, :mod:`.window_contents`) and the worker with the controllers
(:mod:`.window_logic`). All are built at once unless ``deferred``; then the contents
are built in the first event-loop turn after the first paint, the last session's rows
once the contents are painted, and the worker with the controllers once those rows are
painted (or on first use, whichever comes first). Background work (the outbox, the
catalogue, keeping the page for the next start) waits until the first page is painted
(:attr:`MainWindow.settled`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import QMainWindow, QWidget

from petdesk.core.clock import Clock
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.after_paint import AfterPaint
from petdesk.gui.common.localize import localized
from petdesk.gui.common.screen_fit import ScreenFit
from petdesk.gui.settings.connection import ConnectionController
from petdesk.gui.settings.settings import AppSettings, Environment
from petdesk.services.keys.keys import KeyProvider

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import (
        QComboBox,
        QLabel,
        QLineEdit,
        QPushButton,
        QSpinBox,
        QSplitter,
        QTableView,
    )

    from petdesk.api import Pet
    from petdesk.gui.common.status_bar import PetStatusBar
    from petdesk.gui.pets.add_pet import AddPetDialog
    from petdesk.gui.pets.detail import PetDetail
    from petdesk.gui.pets.pet_model import PetTableModel
    from petdesk.gui.pets.views import EnvironmentBanner
    from petdesk.gui.settings.api_key_dialog import ApiKeyDialog
    from petdesk.gui.window_contents import Contents
    from petdesk.gui.worker.worker import ClientFactory, Worker
    from petdesk.services.redaction import RedactingFilter

CLOSE_WAIT_MS = 1000
#: ``deferred=True``: the worker starts when the contents are painted, at the latest
#: this long after they were built.
START_WORKER_LATEST_MS = 1000
#: Background work waits for the first page's paint at most this long after the worker
#: started (an offline start shows its outbox rows without waiting for a time-out).
SETTLE_LATEST_MS = 1000


class MainWindow(QMainWindow):
    """The pets table, filters, detail panel, add-pet form and status bar."""

    #: A page of the list was shown.
    petsLoaded = Signal()
    #: The contents exist (:meth:`ensure_built`).
    built = Signal()
    #: The window was painted with its contents and the worker started loading.
    workerStarted = Signal()
    #: Start-up is over: the first page (or why it failed) is on screen, or
    #: :data:`SETTLE_LATEST_MS` passed. Background work, the log file and the accessible
    #: names of Qt's inner parts wait for it (once).
    settled = Signal()

    def __init__(self, settings: AppSettings, keys: KeyProvider,
                 client_factory: ClientFactory, *, demo: bool = False,
                 environment: Environment | None = None, base_url: str | None = None,
                 redactor: RedactingFilter | None = None, autoload: bool = True,
                 deferred: bool = False, clock: Clock | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.settings = settings
        self.keys = keys
        self.client_factory = client_factory
        self.clock = clock
        self.redactor = redactor
        self.connection = ConnectionController(settings, demo=demo, environment=environment,
                                               base_url=base_url, parent=self)
        self._autoload = autoload
        self._contents: Contents | None = None
        self._started = False
        self._worker_started = False
        self._answered = False
        self._settled = False
        self.closing = False
        self.setWindowTitle(localized(QT_TRANSLATE_NOOP("MainWindow", "PetDesk — {label}").format(
            label=self.connection.window_label())))
        self.resize(1100, 680)
        if settings.geometry is not None:
            self.restoreGeometry(settings.geometry)
        ScreenFit(self)
        if not deferred:
            self.ensure_built()

    # -- the contents ---------------------------------------------------------------------

    @property
    def is_settled(self) -> bool:
        """The first page (or the first answer) is on screen; background work may run."""
        return self._settled

    @property
    def is_built(self) -> bool:
        return self._contents is not None

    @property
    def contents(self) -> Contents:
        assert self._contents is not None, "the window's contents are not built yet"
        return self._contents

    def ensure_built(self) -> None:
        """Build the contents, the worker and the controllers now unless they exist
        (:attr:`built` is emitted once the contents exist)."""
        self._build_contents()
        self.contents.ensure_logic()

    def _build_contents(self) -> None:
        if self._contents is not None:
            return
        from petdesk.gui.window_contents import Contents  # noqa: PLC0415 - the contents load after the first paint

        self._contents = Contents(self)
        if self.closing:
            self._contents.shut_down(CLOSE_WAIT_MS)
        self.built.emit()

    # -- the contents' widgets and worker, for the screenshot tool and the tests -------------

    @property
    def worker(self) -> Worker:
        return self.contents.worker

    @property
    def model(self) -> PetTableModel:
        return self.contents.model

    @property
    def table(self) -> QTableView:
        return self.contents.table

    @property
    def statusBar_(self) -> PetStatusBar:
        return self.contents.statusBar_

    @property
    def detail(self) -> PetDetail:
        return self.contents.detail

    @property
    def banner(self) -> EnvironmentBanner:
        return self.contents.banner

    @property
    def environmentCombo(self) -> QComboBox:
        return self.contents.environmentCombo

    @property
    def statusFilter(self) -> QComboBox:
        return self.contents.statusFilter

    @property
    def limitSpin(self) -> QSpinBox:
        return self.contents.limitSpin

    @property
    def refreshButton(self) -> QPushButton:
        return self.contents.refreshButton

    @property
    def quickFilterEdit(self) -> QLineEdit:
        return self.contents.quickFilterEdit

    @property
    def lookupEdit(self) -> QLineEdit:
        return self.contents.lookupEdit

    @property
    def addPetButton(self) -> QPushButton:
        return self.contents.addPetButton

    @property
    def loadMoreButton(self) -> QPushButton:
        return self.contents.loadMoreButton

    @property
    def countLabel(self) -> QLabel:
        return self.contents.countLabel

    @property
    def splitter(self) -> QSplitter:
        return self.contents.splitter

    @property
    def actRefresh(self) -> QAction:
        return self.contents.actRefresh

    @property
    def actStop(self) -> QAction:
        return self.contents.actStop

    @property
    def overlay_text(self) -> str:
        return self.contents.overlay_text

    # -- what tests and the screenshot read -----------------------------------------------

    @property
    def environment(self) -> str:
        return self.connection.name

    def environment_label(self) -> str:
        return self.connection.label()

    @property
    def add_dialog(self) -> AddPetDialog | None:
        return self.contents.dialogs.add_dialog

    @property
    def key_dialog(self) -> ApiKeyDialog | None:
        return self.contents.dialogs.key_dialog

    def selected_pet(self) -> Pet | None:
        return self.contents.selected_pet()

    def set_redactor(self, redactor: RedactingFilter) -> None:
        self.redactor = redactor
        if self._contents is not None and self._contents.has_logic:
            self._contents.auth.set_redactor(redactor)

    # -- start-up: frame, contents, then the worker ----------------------------------------

    def _start(self) -> None:
        if self._started or self.closing:
            return
        self._started = True
        was_built = self.is_built
        self._build_contents()
        central = self.centralWidget()
        if was_built or central is None:
            self._start_worker()
            return
        # The worker and the controllers are not needed to paint the contents, and
        # starting the worker imports httpx and pydantic, on this thread: they are
        # built once the contents and the stored rows are painted (or after a second,
        # or on first use).
        AfterPaint(central, self._contents_painted, START_WORKER_LATEST_MS)
        QTimer.singleShot(START_WORKER_LATEST_MS, self._start_worker)

    def _start_worker(self) -> None:
        if self._worker_started or self.closing:
            return
        self._worker_started = True
        contents = self.contents
        contents.stored.start()
        worker = contents.worker
        if self._autoload:
            # The first page is painted before background work takes the GIL (held
            # since the worker was made: WindowLogic).
            contents.pets.pageLoaded.connect(self._first_answer)
            contents.pets.failed.connect(self._first_answer)
            worker.warm_up()
            # Armed once petdesk.api is loaded (warm_up): the wait is for the answer.
            QTimer.singleShot(SETTLE_LATEST_MS, self._settle)
            contents.refresh()
        else:
            worker.warm_up()
            QTimer.singleShot(0, self._settle)
        self.workerStarted.emit()

    def _first_answer(self, *_args: object) -> None:
        if not self._answered and not self.closing:
            self._answered = True
            AfterPaint(self.contents.table.viewport(), self._settle, SETTLE_LATEST_MS)

    def _settle(self) -> None:
        if self._settled or self.closing:
            return
        self._settled = True
        self.contents.worker.release_background()
        self.settled.emit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        handle = self.windowHandle()
        if not self._started and handle is not None:
            handle.installEventFilter(self)
        elif not self._started:
            QTimer.singleShot(0, self._start)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Expose and watched is self.windowHandle():
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._start)
        return super().eventFilter(watched, event)

    def _contents_painted(self) -> None:
        # The last session's rows are read and painted first (a small thread, a few
        # milliseconds); the worker and the controllers follow them.
        if not self.closing:
            self.contents.stored.over.connect(self._start_worker)
            self.contents.stored.start()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange and self._contents is not None:
            self._contents.palette_changed()
        super().changeEvent(event)

    def save_state(self) -> None:
        self.settings.geometry = self.saveGeometry()
        if self._contents is not None:
            self._contents.save_state()
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        # The window's own close button asks first while adds wait (File › Quit: asks
        # through its action); a close by the program does not.
        if (not self.closing and event.spontaneous() and self._contents is not None
                and self._contents.quit_question.ask()):
            event.ignore()
            return
        if not self.closing:
            self.closing = True
            self.save_state()
            if self._contents is not None:
                self._contents.shut_down(CLOSE_WAIT_MS)
        event.accept()
