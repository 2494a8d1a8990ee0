"""PetDesk's main window: the pets table, filters, detail panel, add-pet form and status
bar. Every request runs on the :class:`~.worker.worker.Worker`.

The window is built in steps so that ``petdesk`` shows it before most of the UI is
loaded (:func:`petdesk.gui.app.run`): the *frame* (``__init__``: title, saved size and
position; this module imports only what that needs), the *widgets*
(:mod:`.window_parts`) and the worker with the controllers (:mod:`.window_controllers`).
All are built at once unless ``deferred``; then the widgets are built in the first
event-loop turn after the first paint while a small thread reads the last session's
rows (so the widgets' first paint holds them), and the worker with the controllers
follows that paint (or first use, whichever comes first). Background work (the
outbox, the catalogue, keeping the page for the next start) waits until the first page
is painted (:attr:`settled`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import QMainWindow, QWidget

from petdesk.core.clock import Clock, SystemClock
from petdesk.core.jobs import JobKind, ListState
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.after_paint import AfterPaint
from petdesk.gui.common.localize import localized
from petdesk.gui.common.screen_fit import ScreenFit
from petdesk.gui.settings.connection import DEMO, ConnectionController
from petdesk.gui.settings.settings import AppSettings, Environment
from petdesk.services.keys.keys import KeyProvider

if TYPE_CHECKING:
    from collections.abc import Callable

    from petdesk.gui.window_controllers import Controllers
    from petdesk.gui.window_parts import WindowParts
    from petdesk.gui.worker.stepper import StepTimer
    from petdesk.gui.worker.worker import ClientFactory
    from petdesk.services.redaction import RedactingFilter

CLOSE_WAIT_MS = 1000
#: ``deferred=True``: the worker starts when the widgets are painted, at the latest
#: this long after they were built.
START_WORKER_LATEST_MS = 1000
#: Background work waits for the first page's paint at most this long after the worker
#: started (an offline start shows its outbox rows without waiting for a time-out).
SETTLE_LATEST_MS = 1000
#: A change of the page size is loaded once the spin box rests this long.
LIMIT_REST_MS = 250


class MainWindow(QMainWindow):
    """See the module docstring."""

    #: A page of the list was shown.
    petsLoaded = Signal()
    #: The widgets exist (:meth:`ensure_built`).
    built = Signal()
    #: The window was painted with its widgets and the worker started loading.
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
                 catalogue_timer: StepTimer | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self._settings = settings
        self._keys = keys
        self._client_factory = client_factory
        self._clock: Clock = clock or SystemClock()
        self._catalogue_timer = catalogue_timer
        self._redactor = redactor
        self._connection = ConnectionController(settings, demo=demo, environment=environment,
                                                base_url=base_url, parent=self)
        self._autoload = autoload
        self._parts: WindowParts | None = None
        self._controllers: Controllers | None = None
        self._started = False
        self._worker_started = False
        self._answered = False
        self._settled = False
        self._closing = False
        self._limit_timer = QTimer(self, singleShot=True, interval=LIMIT_REST_MS)
        self._limit_timer.timeout.connect(self._refresh)
        self.setWindowTitle(localized(QT_TRANSLATE_NOOP("MainWindow", "PetDesk — {label}").format(
            label=self._connection.window_label())))
        self.resize(1100, 680)
        if settings.geometry is not None:
            self.restoreGeometry(settings.geometry)
        ScreenFit(self)
        if not deferred:
            self.ensure_built()

    # -- building -------------------------------------------------------------------------

    @property
    def is_built(self) -> bool:
        """The widgets exist."""
        return self._parts is not None

    def ensure_built(self) -> None:
        """Build the widgets, the worker and the controllers now unless they exist
        (:attr:`built` is emitted once the widgets exist)."""
        self._ensure_parts()
        self._ensure_controllers()

    def _ensure_parts(self) -> WindowParts:
        if self._parts is not None:
            return self._parts
        from petdesk.gui.window_parts import build_parts  # noqa: PLC0415 - the widgets load after the window's first paint

        parts = self._parts = build_parts(
            self, self, self._settings, self._connection, self._clock,
            slots=self._slots(), refresh=self._refresh, adds_waiting=self._adds_waiting,
            controllers_built=lambda: self._controllers is not None,
            page_shown=self.petsLoaded.emit, folder=self._settings.store_folder,
            read_stored=self._started)
        bar = parts.bar
        bar.environmentCombo.activated.connect(self._environment_chosen)
        bar.limitSpin.valueChanged.connect(lambda _v: self._limit_timer.start())
        bar.lookupEdit.returnPressed.connect(
            lambda: self._ensure_controllers().lookups.look_up(bar.lookupEdit.text()))
        parts.detail.refreshRequested.connect(lambda _id: self._refresh_detail())
        parts.status.stopRequested.connect(self._stop)
        self._apply_environment_look()
        parts.presenter.update_list_view()
        if self._closing:
            self._limit_timer.stop()
        self.built.emit()
        return parts

    def _ensure_controllers(self) -> Controllers:
        """The worker, the controllers and the dialogs, built on first use."""
        if self._controllers is not None:
            return self._controllers
        parts = self._ensure_parts()
        from petdesk.gui.window_controllers import build_controllers  # noqa: PLC0415 - the worker and the controllers (httpx, pydantic) load after the widgets are painted

        c = self._controllers = build_controllers(
            self, parts, self._settings, self._keys, self._client_factory, self._connection,
            self._clock, self._redactor, hold_background=not self._settled,
            refresh_quietly=lambda: self._refresh(background=True),
            catalogue_timer=self._catalogue_timer)
        c.auth.keySaved.connect(self._key_saved)
        self._connection.changed.connect(self._connection_changed)
        c.cards.categories.labelsChanged.connect(self._category_labels_changed)
        if self._closing:
            c.shut_down(CLOSE_WAIT_MS)
        return c

    def _slots(self) -> dict[str, Callable[[], object]]:
        """What each action does (those that need only the widgets:
        :func:`~.window_parts.build_parts`)."""
        c = self._ensure_controllers
        return {
            "actionSettings": lambda: c().dialogs.open_settings(),
            "actionApiKey": lambda: c().dialogs.open_api_key_dialog(),
            "actionCategories": lambda: c().cards.open_categories(),
            "actionPrintCards": lambda: c().cards.print_cards(),
            "actionQuit": self._quit_asked,
            "actionRefresh": self._refresh_clicked,
            "actionLoadMore": lambda: c().pets.load_more(),
            "actionStop": self._stop,
            "actionProduction": lambda: self._set_environment(Environment.PRODUCTION),
            "actionStaging": lambda: self._set_environment(Environment.STAGING),
            "actionAddPet": lambda: c().dialogs.open_add_pet(),
            "actionDetailRefresh": self._refresh_detail,
            "actionAbout": lambda: c().dialogs.show_about(),
            "actionImport": lambda: c().bulk.open_import(),
            "actionExport": lambda: c().bulk.open_export(),
            "actionFindAny": lambda: c().catalogue.open_find(),
            "actionNewestFirst": lambda: c().catalogue.newest_first(),
            "actionUpdateCatalogue": lambda: c().catalogue.update_now(),
            "actionActivity": lambda: c().activity.open(),
        }

    def set_redactor(self, redactor: RedactingFilter) -> None:
        """Secrets are kept out of the log file from now on."""
        self._redactor = redactor
        if self._controllers is not None:
            self._controllers.auth.set_redactor(redactor)
            self._controllers.shared.set_redactor(redactor)

    # -- start-up: frame, widgets, then the worker ------------------------------------------

    def _start(self) -> None:
        if self._started or self._closing:
            return
        self._started = True
        was_built = self.is_built
        parts = self._ensure_parts()
        if was_built or self.centralWidget() is None:
            self._start_worker()
            return
        # The worker and the controllers are not needed to paint the widgets, and
        # starting the worker imports httpx and pydantic, on this thread: they are
        # built once the widgets are painted with the stored rows, read while the
        # widgets were built (or after a second, or on first use).
        parts.stored.over.connect(self._start_worker)
        QTimer.singleShot(START_WORKER_LATEST_MS, self._start_worker)

    def _start_worker(self) -> None:
        if self._worker_started or self._closing:
            return
        self._worker_started = True
        self._ensure_parts().stored.start()
        c = self._ensure_controllers()
        if self._autoload:
            # The first page is painted before background work takes the GIL (held
            # since the worker was made).
            c.pets.pageLoaded.connect(self._first_answer)
            c.pets.failed.connect(self._first_answer)
            c.worker.warm_up()
            # Armed once petdesk.api is loaded (warm_up): the wait is for the answer.
            QTimer.singleShot(SETTLE_LATEST_MS, self._settle)
            self._refresh()
        else:
            c.worker.warm_up()
            QTimer.singleShot(0, self._settle)
        self.workerStarted.emit()

    def _first_answer(self, *_args: object) -> None:
        if not self._answered and not self._closing:
            self._answered = True
            AfterPaint(self._ensure_parts().panel.table.viewport(), self._settle,
                       SETTLE_LATEST_MS)

    def _settle(self) -> None:
        if self._settled or self._closing:
            return
        self._settled = True
        self._ensure_controllers().worker.release_background()
        # Qt's inner parts named once the first page is on screen (~10 ms of work).
        self._ensure_parts().name_for_screen_readers(self)
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

    # -- the list -------------------------------------------------------------------------

    def _refresh(self, *, background: bool = False) -> None:
        c = self._ensure_controllers()
        c.pets.refresh(c.query(), background=background)

    def _refresh_clicked(self) -> None:
        """Refresh (F5): as :meth:`_refresh`, but a list just loaded by it is not asked
        for again."""
        c = self._ensure_controllers()
        c.pets.refresh(c.query(), clicked=True)

    def _refresh_detail(self) -> None:
        pet = self._ensure_parts().detail.pet
        if pet is not None:
            self._ensure_controllers().lookups.fetch(pet.id, JobKind.DETAIL)

    def _key_saved(self, message: str) -> None:
        c = self._ensure_controllers()
        c.pets.invalidate()  # another key may see other pets
        self._ensure_parts().status.show_activity(message)
        if not c.auth.holding and c.pets.state in (
                ListState.NO_KEY, ListState.ERROR, ListState.IDLE):
            self._refresh()

    def _stop(self) -> None:
        """Stop the running request, any wait, and everything queued."""
        self._ensure_controllers().worker.stop()
        self._ensure_parts().status.show_activity(
            QCoreApplication.translate("MainWindow", "Stopped."))

    def _adds_waiting(self) -> int:
        return self._controllers.outbox.pending if self._controllers is not None else 0

    def _quit_asked(self) -> None:
        """File › Quit: asks first while adds wait to be sent."""
        if not self._ensure_parts().quit_question.ask():
            self.close()

    # -- environment ----------------------------------------------------------------------

    def _environment_chosen(self, index: int) -> None:
        value = self._ensure_parts().bar.environmentCombo.itemData(index)
        if value in (Environment.PRODUCTION.value, Environment.STAGING.value):
            self._set_environment(Environment(value))

    def _set_environment(self, env: Environment) -> None:
        self._ensure_controllers()  # the worker and the list follow the switch
        self._connection.set_environment(env)

    def _category_labels_changed(self) -> None:
        label = self._ensure_controllers().cards.categories.label
        parts = self._ensure_parts()
        parts.model.set_category_label(label)
        parts.detail.set_category_label(label)

    def _connection_changed(self) -> None:
        c, parts = self._ensure_controllers(), self._ensure_parts()
        c.cards.load()
        if not self._connection.demo:
            parts.bar.show_environment(self._connection.environment)
        c.pets.reset()
        parts.presenter.environment_changed()
        parts.detail.show_pet(None)
        parts.status.set_quota(None)
        self._apply_environment_look()
        self._refresh()

    def _apply_environment_look(self) -> None:
        connection = self._connection
        self.setWindowTitle(localized(QT_TRANSLATE_NOOP("MainWindow", "PetDesk — {label}").format(
            label=connection.window_label())))
        kind = DEMO if connection.demo else connection.environment.value
        self._ensure_parts().banner.show_environment(kind, connection.label(),
                                                    connection.address,
                                                    set_up=connection.set_up)

    # -- the window's own events ----------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange and self._parts is not None:
            self._parts.model.refresh_palette()
            detail = self._parts.detail
            if detail.pet is not None:
                detail.show_pet(detail.pet)
        super().changeEvent(event)

    def save_state(self) -> None:
        """The window's size, layout and filters, for the next start."""
        self._settings.geometry = self.saveGeometry()
        if self._parts is not None:
            self._parts.state.save(self._connection.name)
            self._connection.save()
        self._settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        # The window's own close button asks first while adds wait (File › Quit: asks
        # through its action); a close by the program does not.
        if (not self._closing and event.spontaneous() and self._parts is not None
                and self._parts.quit_question.ask()):
            event.ignore()
            return
        if not self._closing:
            self._closing = True
            self.save_state()
            self._limit_timer.stop()
            if self._controllers is not None:
                self._controllers.shut_down(CLOSE_WAIT_MS)
        event.accept()
