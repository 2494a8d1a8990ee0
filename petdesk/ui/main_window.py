"""PetDesk's main window.

Everything it needs is passed in (:class:`MainWindow` has no hidden globals): the
:class:`~petdesk.ui.settings.AppSettings`, the key provider (normally
:class:`petdesk.core.keystore.KeyStore`) and the client factory. Tests build it
with a sandbox transport and an in-memory keyring. All I/O runs on the
:class:`~petdesk.ui.worker.Worker`; the GUI thread never blocks.

Construction comes in two steps, so that ``petdesk`` can show its window before
most of the UI is loaded (:func:`petdesk.ui.app.run`):

* the *frame* (``__init__``): title, the saved size and position. This module
  imports only what that needs: no ``Qt`` namespace (PySide6 creates its ~90
  Python enums, ~14 ms, on first use), no icons, table, model, panels, dialogs
  or worker.
* the *contents* (:meth:`MainWindow.ensure_built`): the window icon, the worker,
  the actions and menus, the banner, filter bar, table, detail panel and status
  bar, the rest of the saved state. With ``deferred=False`` (the default)
  ``__init__`` builds them at once, so every widget exists when the constructor
  returns. With ``deferred=True`` the first paint shows the empty window (its
  background) and the first event-loop turn after it builds them
  (:attr:`MainWindow.built` is emitted then). The empty frame has no text on
  purpose: the first text drawn initialises the font database (fontconfig),
  ~8 ms, which a menu bar or a "Loading…" label would add before the first
  paint; the contents follow ~70 ms later anyway.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import QLabel, QMainWindow, QWidget

from petdesk import API_VERSION
from petdesk.core.errors import MissingKeyError
from petdesk.core.keys import KeyProvider
from petdesk.core.limits import LIMIT_DEFAULT, LIMIT_MAX, LIMIT_MIN

from .settings import AppSettings, Environment

if TYPE_CHECKING:
    # Everything else is imported where it is used (mostly by ensure_built): the
    # frame is shown before it loads. petdesk.api (httpx, pydantic) and the add-pet
    # form (pydantic) load later still, on the worker thread or when first used.
    from PySide6.QtCore import QModelIndex, Qt
    from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
    from PySide6.QtWidgets import (
        QComboBox,
        QLineEdit,
        QMessageBox,
        QPushButton,
        QSpinBox,
        QSplitter,
        QTableView,
    )

    from petdesk.api import Pet, PetLookup, PetPage, WaitInfo

    from .add_pet import AddPetDialog
    from .api_key_dialog import ApiKeyDialog
    from .detail import PetDetail
    from .logs import RedactingFilter
    from .pet_model import PetProxyModel, PetTableModel
    from .settings_dialog import SettingsDialog
    from .status_bar import PetStatusBar
    from .worker import ClientFactory, Connection, Job, JobContext, Priority, Worker


log = logging.getLogger(__name__)

DEMO = "demo"
#: What the window shows as the demo's address (requests never leave the process).
DEMO_ADDRESS = "in-process sandbox"
AUTO_REFRESH_MS = 5 * 60 * 1000
CLOSE_WAIT_MS = 2000
#: ``deferred=True``: the worker starts when the contents are painted, at the latest
#: this long after they were built.
START_WORKER_LATEST_MS = 1000


class _ViewOverlay(QLabel):
    """The empty / loading / error state, drawn over the table's viewport."""

    def __init__(self, view: QTableView) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtGui import QPalette

        super().__init__(view.viewport())
        self.setObjectName("tableStateOverlay")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setContentsMargins(24, 24, 24, 24)
        self.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.setFont(font)
        view.viewport().installEventFilter(self)
        self.resize(view.viewport().size())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.parent():
            self.resize(watched.size())  # type: ignore[attr-defined]
        return False


class StaticKeys:
    """A key provider with one fixed key (``--demo``): no keyring involved."""

    def __init__(self, key: str) -> None:
        self._key = key

    class _Lookup:
        def __init__(self, key: str) -> None:
            self.key: str | None = key
            self.source = "demo"
            self.problem: str | None = None

    def get(self, environment: str) -> StaticKeys._Lookup:
        return self._Lookup(self._key)

    def set(self, environment: str, key: str) -> StaticKeys._Lookup:
        self._key = key.strip()
        return self._Lookup(self._key)

    def environment_override(self) -> bool:
        return False


class MainWindow(QMainWindow):
    """The pets table, filters, detail view, add-pet form and status bar."""

    #: Emitted (GUI thread) after the pet list was (re)loaded or extended.
    petsLoaded = Signal()
    #: Emitted (GUI thread) once the contents exist (:meth:`ensure_built`).
    built = Signal()
    #: Emitted (GUI thread) once the window has been painted with its contents and
    #: the worker started loading (petdesk.api, then the pets unless ``autoload=False``).
    workerStarted = Signal()

    # The contents (ensure_built); they do not exist before it ran.
    worker: Worker
    actRefresh: QAction
    actStop: QAction
    banner: QLabel
    environmentCombo: QComboBox
    statusFilter: QComboBox
    limitSpin: QSpinBox
    refreshButton: QPushButton
    quickFilterEdit: QLineEdit
    lookupEdit: QLineEdit
    addPetButton: QPushButton
    model: PetTableModel
    proxy: PetProxyModel
    table: QTableView
    overlay: _ViewOverlay
    loadMoreButton: QPushButton
    countLabel: QLabel
    detail: PetDetail
    splitter: QSplitter
    statusBar_: PetStatusBar

    def __init__(
        self,
        settings: AppSettings,
        keys: KeyProvider,
        client_factory: ClientFactory,
        *,
        demo: bool = False,
        environment: Environment | None = None,
        base_url: str | None = None,
        redactor: RedactingFilter | None = None,
        autoload: bool = True,
        deferred: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        """``deferred``: build only the frame now and the contents in the first
        event-loop turn after the window's first paint (or on :meth:`ensure_built`)."""
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self._settings = settings
        self._keys = keys
        self._client_factory = client_factory
        self._demo = demo
        self._redactor = redactor
        self._base_url_override = base_url.strip() if base_url else None
        self._override_env = environment or settings.environment
        self._environment = environment or settings.environment
        self._next_url: str | None = None
        self._list_generation = 0
        self._list_state = "idle"  # idle | loading | loaded | error | nokey
        self._list_error = ""
        self._add_dialog: AddPetDialog | None = None
        self._key_dialog: ApiKeyDialog | None = None
        self._awaiting_key: list[tuple[Job, BaseException, Callable[..., None] | None]] = []
        self._waiting = False
        self._closing = False
        self._autoload = autoload
        self._started = False
        self._built = False
        self._worker_started = False
        self._build_frame()
        if not deferred:
            self.ensure_built()

    # -- construction ---------------------------------------------------------------------

    def _build_frame(self) -> None:
        """What the first paint shows: the empty window with its title, size and
        position (nothing that draws text: see the module doc)."""
        self.setWindowTitle(self.tr("PetDesk — %s") % self.environment_label())
        self.resize(1100, 680)
        geometry = self._settings.geometry
        if geometry is not None:
            self.restoreGeometry(geometry)

    @property
    def is_built(self) -> bool:
        """Whether the contents exist (always, unless built with ``deferred=True``)."""
        return self._built

    def ensure_built(self) -> None:
        """Build the contents now unless they exist; then emit :attr:`built`.

        A window closed before this ran (``deferred=True``) still gets its contents,
        but its worker is shut down at once and nothing is loaded.
        """
        if self._built:
            return
        self._build_contents()
        self._built = True
        if self._closing:
            self._auto_refresh.stop()
            self.worker.shutdown(CLOSE_WAIT_MS)
        self.built.emit()

    def _build_contents(self) -> None:
        from PySide6.QtGui import QIcon  # not in the frame: its type costs ~2 ms

        from .worker import Worker

        icon = QIcon.fromTheme("petdesk")
        if not icon.isNull():
            self.setWindowIcon(icon)

        self.worker = Worker(self._client_factory, self._keys, self._connection(), parent=self)
        self.worker.busyChanged.connect(self._busy_changed)
        self.worker.jobStarted.connect(self._job_started)
        self.worker.waitStarted.connect(self._wait_started)
        self.worker.waitOver.connect(self._wait_over)
        self.worker.rateLimit.connect(lambda snap: self.statusBar_.set_quota(snap))

        self._build_actions()
        self._build_ui()
        self._build_menus()
        self._restore_state()
        self._apply_environment_look()

        self._limit_timer = QTimer(self)
        self._limit_timer.setSingleShot(True)
        self._limit_timer.setInterval(250)
        self._limit_timer.timeout.connect(self.refresh)
        self.limitSpin.valueChanged.connect(lambda _v: self._limit_timer.start())
        self.statusFilter.currentIndexChanged.connect(lambda _i: self.refresh())

        self._auto_refresh = QTimer(self)
        self._auto_refresh.setInterval(AUTO_REFRESH_MS)
        self._auto_refresh.timeout.connect(lambda: self.refresh(background=True))
        self._auto_refresh.start()
        self._update_overlay()

    def _action(self, text: str, slot: Callable[[], Any], *shortcuts: QKeySequence | str,
                name: str = "") -> QAction:
        from PySide6.QtGui import QAction, QKeySequence

        action = QAction(text, self)
        if name:
            action.setObjectName(name)
        if shortcuts:
            action.setShortcuts([QKeySequence(s) for s in shortcuts])
            keys = ", ".join(QKeySequence(s).toString(QKeySequence.SequenceFormat.NativeText)
                             for s in shortcuts)
            action.setToolTip(f"{text.replace('&', '').rstrip('…')} ({keys})")
        # triggered(bool) carries the checked state: no slot takes it.
        action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        self.actRefresh = self._action(self.tr("&Refresh"), self.refresh, "F5",
                                       name="actionRefresh")
        self.actAdd = self._action(self.tr("&Add pet…"), self.open_add_pet, "Ctrl+N",
                                   name="actionAddPet")
        self.actLookup = self._action(self.tr("&Look up by ID"), self._focus_lookup, "Ctrl+L",
                                      name="actionLookup")
        self.actFilter = self._action(self.tr("&Quick filter"), self._focus_filter, "Ctrl+F",
                                      name="actionQuickFilter")
        self.actStop = self._action(self.tr("&Stop"), self.stop, "Esc", "Ctrl+.",
                                    name="actionStop")
        self.actQuit = self._action(self.tr("&Quit"), self.close, "Ctrl+Q", name="actionQuit")
        self.actSettings = self._action(self.tr("&Settings…"), self.open_settings, "Ctrl+,",
                                        name="actionSettings")
        self.actApiKey = self._action(self.tr("API &key…"), self.open_api_key_dialog,
                                      "Ctrl+Shift+K", name="actionApiKey")
        self.actLoadMore = self._action(self.tr("Load &more"), self.load_more, "Ctrl+M",
                                        name="actionLoadMore")
        self.actDetailRefresh = self._action(self.tr("Refresh &from server"),
                                             self.refresh_detail, "Ctrl+R",
                                             name="actionDetailRefresh")
        self.actCopyId = self._action(self.tr("Copy &ID"), lambda: self.detail.copy_id(),
                                      "Ctrl+Shift+C", name="actionCopyId")
        self.actCopyJson = self._action(self.tr("Copy as &JSON"),
                                        lambda: self.detail.copy_json(), "Ctrl+Shift+J",
                                        name="actionCopyJson")
        self.actProduction = self._action(self.tr("&Production"),
                                          lambda: self.set_environment(Environment.PRODUCTION),
                                          "Ctrl+1", name="actionProduction")
        self.actStaging = self._action(self.tr("S&taging"),
                                       lambda: self.set_environment(Environment.STAGING),
                                       "Ctrl+2", name="actionStaging")
        self.actAbout = self._action(self.tr("&About PetDesk"), self.show_about, "F1",
                                     name="actionAbout")
        self.actStop.setEnabled(False)

    def _build_ui(self) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtGui import QIcon
        from PySide6.QtWidgets import (
            QAbstractItemView,
            QComboBox,
            QHBoxLayout,
            QHeaderView,
            QLineEdit,
            QPushButton,
            QSpinBox,
            QSplitter,
            QTableView,
            QVBoxLayout,
        )

        from .detail import PetDetail
        from .pet_model import STATUSES, Column, PetProxyModel, PetTableModel
        from .status_bar import PetStatusBar

        central = QWidget()
        outer = QVBoxLayout(central)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)

        self.banner = QLabel()
        self.banner.setObjectName("environmentBanner")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setTextFormat(Qt.TextFormat.RichText)
        self.banner.setMargin(6)
        outer.addWidget(self.banner)

        bar = QWidget()
        bar.setObjectName("filterBar")
        row = QHBoxLayout(bar)
        row.setContentsMargins(8, 8, 8, 4)

        self.environmentCombo = QComboBox()
        self.environmentCombo.setObjectName("environmentCombo")
        self.environmentCombo.setAccessibleName(self.tr("Environment"))
        if self._demo:
            self.environmentCombo.addItem(self.tr("Demo (sandbox)"), DEMO)
            self.environmentCombo.setEnabled(False)
        else:
            self.environmentCombo.addItem(self.tr("Production"), Environment.PRODUCTION.value)
            self.environmentCombo.addItem(self.tr("Staging"), Environment.STAGING.value)
            self.environmentCombo.setCurrentIndex(
                self.environmentCombo.findData(self._environment.value))
        self.environmentCombo.activated.connect(self._environment_chosen)
        env_label = QLabel(self.tr("&Environment:"))
        env_label.setBuddy(self.environmentCombo)

        self.statusFilter = QComboBox()
        self.statusFilter.setObjectName("statusFilter")
        self.statusFilter.setAccessibleName(self.tr("Status filter"))
        self.statusFilter.addItem(self.tr("All"), "")
        for status in STATUSES:
            self.statusFilter.addItem(status, status)
        status_label = QLabel(self.tr("S&tatus:"))
        status_label.setBuddy(self.statusFilter)

        self.limitSpin = QSpinBox()
        self.limitSpin.setObjectName("limitSpin")
        self.limitSpin.setRange(LIMIT_MIN, LIMIT_MAX)
        self.limitSpin.setValue(LIMIT_DEFAULT)
        self.limitSpin.setAccessibleName(self.tr("Page size"))
        self.limitSpin.setToolTip(self.tr("How many pets to load per page (1–100)"))
        limit_label = QLabel(self.tr("&Page size:"))
        limit_label.setBuddy(self.limitSpin)

        self.refreshButton = QPushButton(self.tr("Refresh"))
        self.refreshButton.setObjectName("refreshButton")
        self.refreshButton.setAccessibleName(self.tr("Refresh"))
        self.refreshButton.setToolTip(self.actRefresh.toolTip())
        self.refreshButton.setIcon(QIcon.fromTheme("view-refresh"))
        self.refreshButton.clicked.connect(self.actRefresh.trigger)

        self.quickFilterEdit = QLineEdit()
        self.quickFilterEdit.setObjectName("quickFilterEdit")
        self.quickFilterEdit.setPlaceholderText(self.tr("Filter by name (Ctrl+F)"))
        self.quickFilterEdit.setAccessibleName(self.tr("Quick filter by name"))
        self.quickFilterEdit.setClearButtonEnabled(True)
        self.quickFilterEdit.textChanged.connect(self._quick_filter)

        self.lookupEdit = QLineEdit()
        self.lookupEdit.setObjectName("lookupEdit")
        self.lookupEdit.setPlaceholderText(self.tr("Look up ID (Ctrl+L)"))
        self.lookupEdit.setAccessibleName(self.tr("Look up a pet by ID"))
        self.lookupEdit.setToolTip(self.tr("Type a pet ID and press Enter"))
        self.lookupEdit.setMaximumWidth(170)
        self.lookupEdit.returnPressed.connect(self.lookup)

        self.addPetButton = QPushButton(self.tr("Add pet…"))
        self.addPetButton.setObjectName("addPetButton")
        self.addPetButton.setAccessibleName(self.tr("Add pet"))
        self.addPetButton.setToolTip(self.actAdd.toolTip())
        self.addPetButton.setIcon(QIcon.fromTheme("list-add"))
        self.addPetButton.clicked.connect(self.actAdd.trigger)

        for widget in (env_label, self.environmentCombo):
            row.addWidget(widget)
        row.addSpacing(12)
        for widget in (status_label, self.statusFilter, limit_label, self.limitSpin,
                       self.refreshButton):
            row.addWidget(widget)
        row.addSpacing(12)
        row.addWidget(self.quickFilterEdit, 1)
        row.addWidget(self.lookupEdit)
        row.addWidget(self.addPetButton)
        outer.addWidget(bar)

        self.model = PetTableModel(self)
        self.proxy = PetProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setObjectName("petsTable")
        self.table.setAccessibleName(self.tr("Pets"))
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setSortingEnabled(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(
            self.table.fontMetrics().height() + 10)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.setHighlightSections(False)
        header.resizeSection(Column.ID, 80)
        header.resizeSection(Column.NAME, 260)
        header.resizeSection(Column.CATEGORY, 100)
        header.setSortIndicator(Column.ID, Qt.SortOrder.AscendingOrder)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.overlay = _ViewOverlay(self.table)

        self.loadMoreButton = QPushButton(self.tr("Load more"))
        self.loadMoreButton.setObjectName("loadMoreButton")
        self.loadMoreButton.setToolTip(self.actLoadMore.toolTip())
        self.loadMoreButton.clicked.connect(self.actLoadMore.trigger)
        self.loadMoreButton.setVisible(False)
        self.countLabel = QLabel()
        self.countLabel.setObjectName("countLabel")
        below = QHBoxLayout()
        below.setContentsMargins(0, 4, 0, 0)
        below.addWidget(self.countLabel, 1)
        below.addWidget(self.loadMoreButton)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(8, 4, 4, 8)
        left_layout.addWidget(self.table, 1)
        left_layout.addLayout(below)

        self.detail = PetDetail()
        self.detail.refreshRequested.connect(lambda _id: self.refresh_detail())
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(4, 4, 8, 8)
        right_layout.addWidget(self.detail)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.addWidget(left)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        outer.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

        self.statusBar_ = PetStatusBar()
        self.statusBar_.stopRequested.connect(self.stop)
        self.setStatusBar(self.statusBar_)
        self.proxy.modelReset.connect(self._update_overlay)
        self.proxy.rowsInserted.connect(self._update_overlay)
        self.proxy.rowsRemoved.connect(self._update_overlay)

    def _build_menus(self) -> None:
        menu = self.menuBar()
        file_menu = menu.addMenu(self.tr("&File"))
        file_menu.addAction(self.actSettings)
        file_menu.addAction(self.actApiKey)
        file_menu.addSeparator()
        file_menu.addAction(self.actQuit)
        view = menu.addMenu(self.tr("&View"))
        for action in (self.actRefresh, self.actLoadMore, self.actStop, self.actFilter):
            view.addAction(action)
        if not self._demo:
            view.addSeparator()
            view.addAction(self.actProduction)
            view.addAction(self.actStaging)
        pets = menu.addMenu(self.tr("&Pets"))
        for action in (self.actAdd, self.actLookup, self.actDetailRefresh, self.actCopyId,
                       self.actCopyJson):
            pets.addAction(action)
        help_menu = menu.addMenu(self.tr("&Help"))
        help_menu.addAction(self.actAbout)

    # -- state: settings -----------------------------------------------------------------

    def _restore_state(self) -> None:
        """All but the geometry (the frame restored it)."""
        from .pet_model import Column

        s = self._settings
        if s.window_state is not None:
            self.restoreState(s.window_state)
        header = self.table.horizontalHeader()
        if s.header_state is not None:
            header.restoreState(s.header_state)
        column, order = s.sort
        self.table.sortByColumn(column if 0 <= column < len(Column) else 0, order)
        index = self.statusFilter.findData(s.status_filter)
        self.statusFilter.setCurrentIndex(max(0, index))
        self.limitSpin.setValue(s.page_size)
        header.sortIndicatorChanged.connect(self._sort_changed)

    def _sort_changed(self, column: int, order: Qt.SortOrder) -> None:
        self._settings.set_sort(column, order)

    def save_state(self) -> None:
        s = self._settings
        s.geometry = self.saveGeometry()
        if not self._built:  # closed while loading: the rest is as it was saved
            s.sync()
            return
        s.window_state = self.saveState()
        header = self.table.horizontalHeader()
        s.header_state = header.saveState()
        s.set_sort(header.sortIndicatorSection(), header.sortIndicatorOrder())
        s.status_filter = str(self.statusFilter.currentData() or "")
        s.page_size = self.limitSpin.value()
        if not self._demo:
            s.environment = self._environment
        s.sync()

    # -- environment ---------------------------------------------------------------------

    @property
    def environment(self) -> str:
        return DEMO if self._demo else self._environment.value

    def environment_label(self) -> str:
        if self._demo:
            return self.tr("Demo")
        return (self.tr("Staging") if self._environment is Environment.STAGING
                else self.tr("Production"))

    def _connection(self) -> Connection:
        from .worker import Connection

        if self._demo:
            return Connection(DEMO, self._base_url_override or DEMO_ADDRESS,
                              self._settings.timeout)
        env = self._environment
        url = (self._base_url_override if self._base_url_override and env is self._override_env
               else self._settings.base_url(env))
        return Connection(env.value, url, self._settings.timeout)

    def _environment_chosen(self, index: int) -> None:
        value = self.environmentCombo.itemData(index)
        if value and value != DEMO:
            self.set_environment(Environment(value))

    def set_environment(self, env: Environment) -> None:
        if self._demo or env is self._environment:
            return
        self._environment = env
        self._settings.environment = env
        self.environmentCombo.setCurrentIndex(self.environmentCombo.findData(env.value))
        self.worker.stop()
        self.worker.set_connection(self._connection())
        self.model.clear()
        self._next_url = None
        self.detail.show_pet(None)
        self.statusBar_.quotaLabel.clear()
        self._apply_environment_look()
        self.refresh()

    def _apply_environment_look(self) -> None:
        from PySide6.QtGui import QPalette

        label = self.environment_label()
        self.setWindowTitle(self.tr("PetDesk — %s") % label)
        if self._demo:
            text = self.tr("<b>DEMO</b> — sample data on this computer; nothing is sent to "
                           "the Pet Store service")
            style = "background:#1f5fbf; color:white;"
        elif self._environment is Environment.STAGING:
            text = self.tr("<b>STAGING</b> — test environment: %s") % (
                self.worker.connection.base_url)
            style = "background:#f4b400; color:#1a1a1a;"
        else:
            text = self.tr("<b>Production</b> — live data: %s") % self.worker.connection.base_url
            style = ""
        self.banner.setText(text)
        self.banner.setStyleSheet(style)
        self.banner.setAccessibleName(self.tr("Environment: %s") % label)
        self.banner.setAutoFillBackground(not style)
        if not style:
            self.banner.setBackgroundRole(QPalette.ColorRole.AlternateBase)

    # -- jobs ----------------------------------------------------------------------------

    def _submit(self, fn: Callable[[JobContext], Any], *, kind: str, label: str,
                on_result: Callable[[Job, Any], None],
                on_error: Callable[[Job, BaseException], None] | None = None,
                priority: Priority | None = None) -> Job | None:
        from .worker import Job, Priority

        if self._closing:
            return None
        if priority is None:
            priority = Priority.USER
        job = Job(fn, kind, priority, label, on_result,
                  functools.partial(self._job_failed, handler=on_error))
        if self._waiting and priority <= Priority.USER:
            self.statusBar_.note_queued(label)
        return self.worker.submit(job)

    def _job_failed(self, job: Job, exc: BaseException, *,
                    handler: Callable[[Job, BaseException], None] | None) -> None:
        from petdesk.api import AuthenticationError

        if (isinstance(exc, AuthenticationError) and exc.status_code != 403
                and not job.replayed and not self._closing):
            self._awaiting_key.append((job, exc, handler))
            reason = str(exc)
            if isinstance(exc, MissingKeyError) and exc.problem:
                reason = f"{reason} {exc.problem}"
            self.open_api_key_dialog(reason=reason)
            return
        if handler is not None:
            handler(job, exc)
        else:
            self._show_error(exc)

    def _show_error(self, exc: BaseException, prefix: str = "") -> None:
        from petdesk.api import RequestCancelled

        if isinstance(exc, RequestCancelled):
            self.statusBar_.show_activity(self.tr("Stopped."))
        else:
            self.statusBar_.show_error(exc, prefix)

    def _busy_changed(self, busy: bool) -> None:
        self.statusBar_.set_busy(busy)
        self.actStop.setEnabled(busy)
        message = self.statusBar_.message
        if (not busy and not self.statusBar_.detailsButton.isVisible()
                and (message.endswith("…") or "queued" in message)):
            self.statusBar_.show_activity(self.tr("Ready"))

    def _job_started(self, job: Job) -> None:
        if job.label:
            self.statusBar_.show_activity(job.label)

    def _wait_started(self, info: WaitInfo) -> None:
        self._waiting = True
        self.statusBar_.start_wait(info)

    def _wait_over(self, cancelled: bool) -> None:
        self._waiting = False
        self.statusBar_.end_wait(cancelled)

    def stop(self) -> None:
        """Stop the running request, any wait, and everything queued."""
        self.worker.stop()
        self.statusBar_.show_activity(self.tr("Stopped."))

    # -- the list ------------------------------------------------------------------------

    def refresh(self, background: bool = False) -> None:
        """Load the first page for the current status filter and page size."""
        from .worker import Priority

        if background and self.worker.busy:
            return
        self._list_generation += 1
        generation = self._list_generation
        limit = self.limitSpin.value()
        status_value = self.statusFilter.currentData()
        self._list_state = "loading"
        self._update_overlay()

        def fetch(ctx: JobContext) -> PetPage:
            from petdesk.api import PetStatus

            status = PetStatus(status_value) if status_value else None
            return ctx.client.list_pets_page(limit, status, cancel=ctx.token)

        self._submit(fetch, kind="list", label=self.tr("Loading pets…"),
                     priority=Priority.BACKGROUND if background else Priority.USER,
                     on_result=lambda job, page: self._page_loaded(generation, page, False),
                     on_error=lambda job, exc: self._list_failed(generation, exc))

    def load_more(self) -> None:
        url = self._next_url
        if not url:
            return
        generation = self._list_generation
        self.loadMoreButton.setEnabled(False)

        def fetch(ctx: JobContext) -> PetPage:
            return ctx.client.fetch_page(url, cancel=ctx.token)

        self._submit(fetch, kind="more", label=self.tr("Loading more pets…"),
                     on_result=lambda job, page: self._page_loaded(generation, page, True),
                     on_error=lambda job, exc: self._list_failed(generation, exc, more=True))

    def _page_loaded(self, generation: int, page: PetPage, more: bool) -> None:
        from datetime import UTC, datetime

        if generation != self._list_generation:
            return  # a newer list request superseded this one
        selected = self.detail.pet.id if self.detail.pet is not None else None
        if more:
            self.model.append_pets(page.pets)
        else:
            self.model.replace_pets(page.pets)
        self._next_url = page.next_url
        self._list_state = "loaded"
        self.loadMoreButton.setVisible(page.next_url is not None)
        self.loadMoreButton.setEnabled(True)
        now = datetime.now(UTC)
        self.statusBar_.set_last_refresh(now)
        count = self.model.total_count
        self.countLabel.setText(
            self.tr("%d pets loaded · more available") % count if page.next_url
            else self.tr("%d pets loaded") % count)
        self.statusBar_.show_activity(self.tr("Loaded %d pets.") % count)
        if selected is not None and not more:
            self.select_pet(selected)
        self._update_overlay()
        self.petsLoaded.emit()

    def _list_failed(self, generation: int, exc: BaseException, more: bool = False) -> None:
        from petdesk.api import AuthenticationError, RequestCancelled

        self.loadMoreButton.setEnabled(True)
        if generation != self._list_generation:
            return
        if isinstance(exc, RequestCancelled):
            self._list_state = "loaded" if self.model.total_count or more else "idle"
            self.statusBar_.show_activity(self.tr("Stopped."))
        else:
            if not more:
                self._list_state = "nokey" if isinstance(exc, AuthenticationError) else "error"
                self._list_error = str(exc)
            self._show_error(exc, self.tr("Could not load the pets: "))
        self._update_overlay()

    def _update_overlay(self) -> None:
        rows = self.proxy.rowCount()
        text = ""
        if rows == 0:
            state = self._list_state
            if state == "loading":
                text = self.tr("Loading pets…")
            elif state == "error":
                text = self.tr("Could not load the pets.\n%s\nPress F5 to try again.") % (
                    self._list_error)
            elif state == "nokey":
                text = self.tr("No pets shown: %s\nUse File › API key… to enter a key.") % (
                    self._list_error)
            elif state == "loaded" and self.model.total_count and self.model.name_filter:
                text = self.tr("No loaded pet's name contains “%s”.") % (
                    self.quickFilterEdit.text().strip())
            elif state == "loaded":
                status = self.statusFilter.currentData()
                text = (self.tr("No pets with the status “%s”.") % status if status
                        else self.tr("No pets yet. Add one with Ctrl+N."))
            else:
                text = self.tr("Nothing loaded yet. Press F5 to load the pets.")
        self.overlay.setText(text)
        self.overlay.setVisible(bool(text))

    @property
    def overlay_text(self) -> str:
        return self.overlay.text() if self.overlay.isVisibleTo(self) else ""

    def _quick_filter(self, text: str) -> None:
        selected = self.detail.pet.id if self.detail.pet is not None else None
        self.proxy.setFilterFixedString(text)
        if selected is not None:
            self.select_pet(selected, show_detail=False)
        self._update_overlay()

    def select_pet(self, pet_id: int, *, show_detail: bool = True) -> bool:
        from PySide6.QtCore import QItemSelectionModel

        index = self.proxy.index_of(pet_id)
        if not index.isValid():
            return False
        self.table.selectionModel().setCurrentIndex(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows)
        self.table.scrollTo(index)
        if show_detail:
            self.detail.show_pet(self.proxy.pet_at(index))
        return True

    def selected_pet(self) -> Pet | None:
        return self.proxy.pet_at(self.table.currentIndex())

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        pet = self.proxy.pet_at(current)
        if pet is not None:
            self.detail.show_pet(pet)

    # -- lookup and detail ---------------------------------------------------------------

    def _focus_lookup(self) -> None:
        from PySide6.QtCore import Qt

        self.lookupEdit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.lookupEdit.selectAll()

    def _focus_filter(self) -> None:
        from PySide6.QtCore import Qt

        self.quickFilterEdit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.quickFilterEdit.selectAll()

    def lookup(self) -> None:
        text = self.lookupEdit.text().strip().lstrip("#")
        if not text.isdigit() or not 1 <= int(text) <= 2**63 - 1:
            self.statusBar_.show_activity(
                self.tr("Enter a pet ID: a whole number from 1 up."))
            return
        self._fetch_one(int(text), kind="lookup")

    def refresh_detail(self) -> None:
        pet = self.detail.pet
        if pet is not None:
            self._fetch_one(pet.id, kind="detail")

    def _fetch_one(self, pet_id: int, *, kind: str) -> None:
        def fetch(ctx: JobContext) -> PetLookup:
            return ctx.client.get_pet_detailed(pet_id, cancel=ctx.token)

        def done(_job: Job, found: PetLookup) -> None:
            self.model.upsert_pet(found.pet)
            if not self.select_pet(found.pet.id):
                self.table.clearSelection()
                self.detail.show_pet(found.pet)
            self.detail.show_deprecation(found.deprecation)
            self.statusBar_.show_activity(
                self.tr("Pet %d (%s) loaded from the server.") % (found.pet.id, found.pet.name))
            self._update_overlay()

        def failed(_job: Job, exc: BaseException) -> None:
            from petdesk.api import NotFoundError

            if isinstance(exc, NotFoundError):
                text = self.tr("No pet with ID %d was found.") % pet_id
                self.statusBar_.show_error(exc)
                self.statusBar_.messageLabel.setText(text)
                self.detail.show_message(text)
            else:
                self._show_error(exc)

        self._submit(fetch, kind=kind, label=self.tr("Looking up pet %d…") % pet_id,
                     on_result=done, on_error=failed)

    # -- add pet -------------------------------------------------------------------------

    def open_add_pet(self) -> AddPetDialog:
        if self._add_dialog is not None:
            self._add_dialog.raise_()
            self._add_dialog.activateWindow()
            return self._add_dialog
        from .add_pet import AddPetDialog

        dialog = AddPetDialog(self, environment_label=self.environment_label())
        dialog.submitted.connect(self._create_pet)
        dialog.finished.connect(self._add_dialog_closed)
        self._add_dialog = dialog
        dialog.open()
        return dialog

    @property
    def add_dialog(self) -> AddPetDialog | None:
        return self._add_dialog

    def _add_dialog_closed(self) -> None:
        dialog, self._add_dialog = self._add_dialog, None
        if dialog is not None:
            dialog.deleteLater()

    def _create_pet(self, new_pet: Any) -> None:
        dialog = self._add_dialog

        def create(ctx: JobContext) -> Pet:
            return ctx.client.create_pet(new_pet, cancel=ctx.token)

        def done(_job: Job, pet: Pet) -> None:
            self.model.upsert_pet(pet)
            self._list_state = "loaded"
            self.select_pet(pet.id)
            self.statusBar_.show_activity(self.tr("Added %s (ID %d).") % (pet.name, pet.id))
            self._update_overlay()
            if dialog is not None and dialog is self._add_dialog:
                dialog.set_busy(False)
                dialog.accept()

        def failed(_job: Job, exc: BaseException) -> None:
            from petdesk.api import BadRequestError, OutcomeUnknownError, RequestCancelled

            if dialog is None or dialog is not self._add_dialog:
                self._show_error(exc)
                return
            if isinstance(exc, BadRequestError):
                dialog.show_server_error(str(exc), exc.field)
            elif isinstance(exc, RequestCancelled):
                dialog.show_server_error(self.tr(
                    "Stopped. If the request had already left, the pet may have been added: "
                    "refresh the list before adding it again."), None)
            elif isinstance(exc, OutcomeUnknownError):
                dialog.show_server_error(str(exc), None)
            else:
                dialog.show_server_error(str(exc), None)
            self._show_error(exc, self.tr("The pet was not added: ")
                             if not isinstance(exc, OutcomeUnknownError) else "")

        self._submit(create, kind="create", label=self.tr("Adding %s…") % new_pet.name,
                     on_result=done, on_error=failed)

    # -- API key -------------------------------------------------------------------------

    def open_api_key_dialog(self, reason: str = "") -> ApiKeyDialog:
        if self._key_dialog is not None:
            self._key_dialog.raise_()
            return self._key_dialog
        from .api_key_dialog import ApiKeyDialog

        override = getattr(self._keys, "environment_override", None)
        dialog = ApiKeyDialog(self.environment_label(), self, reason=reason,
                              env_override=bool(override()) if callable(override) else False)
        dialog.testRequested.connect(self._test_key)
        dialog.saveRequested.connect(self._save_key)
        dialog.finished.connect(self._key_dialog_closed)
        self._key_dialog = dialog
        dialog.open()
        return dialog

    @property
    def key_dialog(self) -> ApiKeyDialog | None:
        return self._key_dialog

    def _test_key(self, key: str) -> None:
        dialog = self._key_dialog
        if self._redactor is not None:
            self._redactor.add_secret(key)

        def test(ctx: JobContext) -> int:
            client = ctx.temporary_client(key)
            try:
                return len(client.list_pets(limit=1, cancel=ctx.token))
            finally:
                client.close()

        def done(_job: Job, _count: int) -> None:
            if dialog is not None:
                dialog.show_test_result(True, self.tr("Connected: the key works."))

        def failed(_job: Job, exc: BaseException) -> None:
            if dialog is not None:
                dialog.show_test_result(False, str(exc))

        from .worker import Job, Priority

        # A plain job (not _submit): a refused key here must not open another dialog.
        self.worker.submit(Job(test, "test-key", Priority.USER, self.tr("Testing the key…"),
                               done, failed))

    def _save_key(self, key: str) -> None:
        dialog = self._key_dialog
        env = self.environment
        if self._redactor is not None:
            self._redactor.add_secret(key)

        def save(ctx: JobContext) -> Any:
            lookup = ctx.keys.set(env, key)
            ctx.forget_client()
            return lookup

        def done(_job: Job, lookup: Any) -> None:
            problem = getattr(lookup, "problem", None)
            self.statusBar_.show_activity(
                problem or self.tr("API key saved in the system keyring."))
            waiting, self._awaiting_key = self._awaiting_key, []
            if dialog is not None:
                dialog.accept()
            for job, _exc, _handler in waiting:
                self.worker.submit(job.replay())
            if not waiting and self._list_state in ("nokey", "error", "idle"):
                self.refresh()

        def failed(_job: Job, exc: BaseException) -> None:
            if dialog is not None:
                message = (self.tr("This key cannot be used: %s.") % exc
                           if isinstance(exc, ValueError) else str(exc))
                dialog.show_problem(message)

        from .worker import Job, Priority

        self.worker.submit(Job(save, "save-key", Priority.USER, self.tr("Saving the key…"),
                               done, failed))

    def _key_dialog_closed(self, result: int) -> None:
        from .api_key_dialog import ApiKeyDialog

        dialog, self._key_dialog = self._key_dialog, None
        if dialog is not None:
            dialog.deleteLater()
        if result != ApiKeyDialog.DialogCode.Accepted:
            waiting, self._awaiting_key = self._awaiting_key, []
            for job, exc, handler in waiting:
                if handler is not None:
                    handler(job, exc)
                else:
                    self._show_error(exc)

    # -- other dialogs -------------------------------------------------------------------

    def open_settings(self) -> SettingsDialog:
        from PySide6.QtCore import Qt

        from .settings_dialog import SettingsDialog

        dialog = SettingsDialog(self._settings, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(self._settings_changed)
        dialog.open()
        return dialog

    def _settings_changed(self) -> None:
        connection = self._connection()
        if connection != self.worker.connection:
            self.worker.stop()
            self.worker.set_connection(connection)
            self._apply_environment_look()
            self.refresh()

    def show_about(self) -> QMessageBox:
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(self)
        box.setObjectName("aboutBox")
        box.setWindowTitle(self.tr("About PetDesk"))
        box.setIconPixmap(self.windowIcon().pixmap(64, 64))
        from petdesk import __version__

        box.setText(self.tr("<h3>PetDesk %s</h3>") % __version__)
        box.setInformativeText(self.tr(
            "A desktop client for the Pet Store service.<br>"
            "Pet Store API version %s.<br><br>"
            "Environment: %s<br>Address: %s") % (
                API_VERSION, self.environment_label(), self.worker.connection.base_url))
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def set_redactor(self, redactor: RedactingFilter) -> None:
        """Keys typed in the key dialog are registered with this log filter."""
        self._redactor = redactor

    def _start(self) -> None:
        """After the first paint: the contents (if deferred), then the worker."""
        if self._started or self._closing:
            return
        self._started = True
        if self._built:
            self._start_worker()
            return
        self.ensure_built()
        # The worker waits until the contents have been painted: its imports (httpx,
        # pydantic) hold the GIL, which that painting needs for every call into the
        # models and would wait for (contents painted ~70 -> ~200 ms after the frame).
        central = self.centralWidget()
        if central is not None and not self._closing:
            central.installEventFilter(self)
            # Not painted within a second (a window minimised at once): start anyway.
            QTimer.singleShot(START_WORKER_LATEST_MS, self._start_worker)
        else:
            self._start_worker()

    def _start_worker(self) -> None:
        """Load petdesk.api on the worker, then the pets (once)."""
        if self._worker_started or self._closing:
            return
        self._worker_started = True
        self.worker.warm_up()
        if self._autoload:
            self.refresh()
        self.workerStarted.emit()

    def showEvent(self, event: QEvent) -> None:
        super().showEvent(event)
        handle = self.windowHandle()
        if not self._started and handle is not None:
            handle.installEventFilter(self)
        elif not self._started:
            QTimer.singleShot(0, self._start)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Expose and watched is self.windowHandle():
            watched.removeEventFilter(self)
            # Everything else starts once the window is on screen.
            QTimer.singleShot(0, self._start)
        elif event.type() == QEvent.Type.Paint and watched is self.centralWidget():
            watched.removeEventFilter(self)  # the contents are being painted
            QTimer.singleShot(0, self._start_worker)
        return super().eventFilter(watched, event)

    # -- Qt events -----------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange and self._built:
            self.model.refresh_palette()
            if self.detail.pet is not None:
                self.detail.show_pet(self.detail.pet)
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._closing:
            self._closing = True
            self.save_state()
            self._awaiting_key.clear()
            if self._built:  # else closed while loading: the contents are never built
                self._auto_refresh.stop()
                self._limit_timer.stop()
                for dialog in (self._add_dialog, self._key_dialog):
                    if dialog is not None:
                        dialog.set_busy(False)
                        dialog.close()
                self.worker.shutdown(CLOSE_WAIT_MS)
        event.accept()
