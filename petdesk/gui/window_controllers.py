"""The main window's worker and controllers, each built with what it needs, and wired
to the window's widgets.

Built after the window's widgets are painted (see :mod:`.main_window`): nothing in the
window's first full paint needs the worker, the controllers or the dialogs, and
importing them (httpx and pydantic among them) is a good part of the work before it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QMainWindow

from petdesk.core.clock import Clock
from petdesk.core.connection import Connection
from petdesk.core.text import display
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.activity.controller import ActivityController
from petdesk.gui.cards.controller import CardsAndCategories
from petdesk.gui.catalogue.status import CatalogueWindow
from petdesk.gui.common.file_folders import FileFolders
from petdesk.gui.common.localize import localized
from petdesk.gui.common.sort_arrow import point_sort_arrows
from petdesk.gui.dialogs import WindowDialogs
from petdesk.gui.importing.controller import ImportController
from petdesk.gui.importing.entry import BulkDialogs
from petdesk.gui.outbox.controller import OutboxController, keep_looked_up, keep_page
from petdesk.gui.outbox.offline import OfflineWatch
from petdesk.gui.outbox.outbox_view import OutboxRows
from petdesk.gui.pets.add_pet_controller import AddPetController
from petdesk.gui.pets.lookup import LookupController
from petdesk.gui.pets.pet_list import ListQuery, PetListController
from petdesk.gui.settings.auth import AuthController
from petdesk.gui.settings.connection import ConnectionController
from petdesk.gui.settings.settings import AppSettings
from petdesk.gui.settings.shared_store import SharedStoreController, SharedStoreWatch
from petdesk.gui.window_parts import WindowParts
from petdesk.gui.worker.stepper import StepTimer
from petdesk.gui.worker.worker import ClientFactory, Worker
from petdesk.services.keys.keys import KeyProvider
from petdesk.services.outbox.probe import means_offline

if TYPE_CHECKING:
    from petdesk.api import Pet
    from petdesk.services.redaction import RedactingFilter

__all__ = ["Controllers", "build_controllers"]

AUTO_REFRESH_MS = 5 * 60 * 1000


@dataclass(frozen=True)
class Controllers:
    """The worker, the controllers, the dialogs and the periodic refresh of one window."""

    worker: Worker
    auth: AuthController
    shared: SharedStoreController
    pets: PetListController
    lookups: LookupController
    importer: ImportController
    outbox: OutboxController
    adder: AddPetController
    cards: CardsAndCategories
    dialogs: WindowDialogs
    outbox_rows: OutboxRows
    offline: OfflineWatch
    shared_watch: SharedStoreWatch
    bulk: BulkDialogs
    catalogue: CatalogueWindow
    activity: ActivityController
    auto_refresh: QTimer
    #: The list the filter bar asks for now.
    query: Callable[[], ListQuery]

    def shut_down(self, wait_ms: int) -> None:
        """Closing: nothing new starts, every dialog closes, the worker stops."""
        self.auth.close()
        self.auto_refresh.stop()
        self.dialogs.close_all()
        self.bulk.close_all()
        self.cards.close_all()
        self.activity.close()
        # The worker answers every job it drops with RequestCancelled, which the outbox
        # and the import take for "look again in a second" unless they are closed first
        # (that look would reach a stopped worker).
        self.importer.stop_following()
        self.outbox.shut_down()
        self.worker.shutdown(wait_ms)
        self.importer.shut_down()
        self.catalogue.shut_down()
        self.offline.shut_down()
        self.shared_watch.shut_down()


def build_controllers(window: QMainWindow, parts: WindowParts, settings: AppSettings,
                      keys: KeyProvider, client_factory: ClientFactory,
                      connection: ConnectionController, clock: Clock,
                      redactor: RedactingFilter | None, *, hold_background: bool,
                      refresh_quietly: Callable[[], None],
                      catalogue_timer: StepTimer | None = None) -> Controllers:
    """Every controller of ``window``, wired to ``parts`` (the widgets); the catalogue
    waits between its steps with ``catalogue_timer`` if given."""
    worker = Worker(client_factory, keys, connection.in_use, clock=clock,
                    store_folder=settings.store_folder, parent=window)
    if hold_background:
        # Background work waits for the first page (the window releases it once
        # settled): held before the first job below can start the thread.
        worker.hold_background()
    _wire_worker(worker, parts)  # before any job is submitted: the view sees every one
    connection.switched.connect(partial(_follow, worker))
    auth = AuthController(worker, connection, redactor, parent=window)
    importer = ImportController(worker, connection, parent=window)
    # The outbox: the same store and sender as the import's (the worker's).
    outbox = OutboxController(worker, connection, parent=window)
    adder = AddPetController(auth, outbox, parent=window)
    folders = FileFolders(settings)
    cards = CardsAndCategories(window, parts.panel.table, parts.model, connection,
                               worker.run_io, parts.status.show_activity,
                               lambda: parts.detail.pet, folders,
                               initial=parts.stored.categories, shared_meta=worker.store_meta)
    outbox_rows = OutboxRows(outbox, parts.model, parts.panel.table, parts.status,
                             cards.categories, window)
    # Stored rows: kept for the next start and for look-ups offline.
    pets = PetListController(auth, parts.model, worker.clock,
                             keep=keep_page,
                             rows_not_pets=lambda: len(outbox_rows.rows), parent=window)
    lookups = LookupController(auth, keep_looked_up, parent=window)
    offline = OfflineWatch(pets, parts.status, clock, refresh_quietly,
                           lambda: pets.last_refresh or parts.stored.as_of(), window)
    shared = SharedStoreController(worker, redactor, parent=window)
    shared_watch = SharedStoreWatch(worker, connection, parts.status, window)
    dialogs = WindowDialogs(window, settings, keys, connection, auth, shared, adder,
                            cards.categories)
    controllers = Controllers(
        worker=worker, auth=auth, shared=shared, pets=pets, lookups=lookups, importer=importer,
        outbox=outbox, adder=adder, cards=cards, dialogs=dialogs, outbox_rows=outbox_rows,
        offline=offline,
        shared_watch=shared_watch,
        bulk=BulkDialogs(window, importer, folders, cards.categories, parts.model,
                         parts.panel.table, parts.bar.status, lambda: shared_watch.down),
        # The catalogue: filled in the background, searched by name.
        catalogue=CatalogueWindow(worker, connection, settings, parts.status,
                                  parts.bar.quickFilterEdit, parts.panel.catalogueMatchLabel,
                                  cards.categories, lookups, window, timer=catalogue_timer),
        # The activity log: who added what, from which desk, and how.
        activity=ActivityController(worker, folders, window),
        auto_refresh=QTimer(window, interval=AUTO_REFRESH_MS),
        query=lambda: ListQuery(parts.bar.status(), parts.bar.limitSpin.value()))
    controllers.auto_refresh.timeout.connect(refresh_quietly)
    parts.model.set_category_label(cards.categories.label)
    parts.detail.set_category_label(cards.categories.label)
    _wire_list(controllers, parts, connection)
    _wire_service(controllers, parts, refresh_quietly)
    connection.changed.connect(lambda *_args: controllers.activity.refresh())  # its store
    # The sort arrow points the way the order goes (its style costs ~50 ms to load:
    # after the first paint).
    point_sort_arrows(parts.panel.table.horizontalHeader())
    controllers.auto_refresh.start()
    # Background work (held until the first page is painted): an import left
    # unfinished resumes, the catalogue fills, the outbox sends.
    importer.start_up()
    controllers.catalogue.start_up()
    outbox.start_up()
    controllers.shared_watch.start_up()
    return controllers


def _follow(worker: Worker, connection: Connection) -> None:
    """Another environment, address or timeout: what was asked of the old one stops."""
    worker.stop()
    worker.set_connection(connection)


def _wire_worker(worker: Worker, parts: WindowParts) -> None:
    f = parts.feedback
    worker.busyChanged.connect(f.busy_changed)
    worker.jobStarted.connect(f.job_started)
    worker.waitStarted.connect(f.wait_started)
    worker.waitOver.connect(f.wait_over)
    worker.submitted.connect(f.submitted)
    worker.rateLimit.connect(parts.status.set_quota)


def _wire_list(c: Controllers, parts: WindowParts, connection: ConnectionController) -> None:
    """The list, the look-ups and the adds, as the table and the detail panel show them."""
    status, presenter, stored = parts.status, parts.presenter, parts.stored
    c.pets.changed.connect(presenter.update_list_view)
    c.pets.pageLoaded.connect(presenter.page_shown)
    c.pets.failed.connect(status.show_error)
    # The answer to Load more: its lead alone is wider than an 800-pixel window's
    # line, and an answer that does not fit leaves the line blank.
    c.pets.pagingStopped.connect(lambda text: status.show_activity(
        text, short=QCoreApplication.translate(
            "MainWindow", "A page already shown came again: stopped loading more")))
    c.pets.stopped.connect(parts.feedback.stopped)
    c.pets.upToDate.connect(lambda: status.show_activity(
        QCoreApplication.translate(
            "MainWindow", "The list is up to date (loaded moments ago).")))
    c.lookups.found.connect(presenter.found)
    c.lookups.notFound.connect(presenter.not_found)
    c.lookups.failed.connect(parts.feedback.show_error)
    c.lookups.invalid.connect(presenter.invalid_id)
    c.adder.added.connect(presenter.added)
    c.adder.rejected.connect(
        lambda _m, _f, exc, prefix: parts.feedback.show_error(exc, prefix))
    c.adder.rejected.connect(c.pets.invalidate)
    c.adder.queued.connect(status.show_activity)
    c.adder.kept.connect(c.outbox_rows.reveal)
    c.pets.pageLoaded.connect(stored.fresh_shown)
    c.pets.failed.connect(stored.not_refreshed)
    connection.changed.connect(stored.fresh_shown)
    c.lookups.failedFor.connect(partial(_look_up_stored, c, parts))
    presenter.start(c.pets)


def _wire_service(c: Controllers, parts: WindowParts,
                  refresh_quietly: Callable[[], None]) -> None:
    """The outbox, the catalogue, the import and being offline."""
    status = parts.status
    # Pets added or looked up here are in the catalogue from the service's answer.
    for answered in (c.adder.added, c.outbox.created, c.importer.created, c.lookups.found):
        answered.connect(c.catalogue.controller.pets_added)
    # An add sent (the user's, the outbox's, an import's) is a new line of the log.
    for created in (c.adder.added, c.outbox.created, c.importer.created):
        created.connect(lambda *_args: c.activity.refresh())
    c.outbox.notice.connect(status.show_activity)
    c.outbox.sent.connect(c.pets.pin)  # added this session, as from the form
    c.outbox.sent.connect(c.pets.pet_arrived)
    c.pets.pageLoaded.connect(c.outbox.service_answered)
    for failed in (c.pets.failed, c.lookups.failed):
        failed.connect(c.offline.request_failed)
    for answered in (c.pets.pageLoaded, c.lookups.found, c.adder.added):
        answered.connect(c.offline.answered)
        answered.connect(status.service_answered)
    c.auth.keySaved.connect(status.service_answered)
    c.shared.passwordKept.connect(status.show_activity)
    c.shared.passwordKept.connect(lambda _said: c.shared_watch.retry_now())
    c.shared_watch.rejoined.connect(c.outbox.service_answered)
    c.shared_watch.rejoined.connect(refresh_quietly)
    c.shared_watch.rejoined.connect(c.cards.load)  # the shared store's names now
    c.shared_watch.rejoined.connect(c.importer.start_up)  # an import it holds goes on
    c.shared_watch.rejoined.connect(c.catalogue.rejoined)  # filled there, not here
    c.offline.cameBack.connect(c.outbox.service_answered)
    c.lookups.found.connect(lambda _found: c.outbox.service_answered())
    c.outbox.sent.connect(lambda pet: status.show_activity(localized(QT_TRANSLATE_NOOP(
        "MainWindow", "Added from the outbox: {name} (ID {id}).").format(
        name=display(pet.name, 40), id=pet.id))))
    c.auth.keyNeeded.connect(c.dialogs.open_api_key_dialog)
    c.importer.notice.connect(status.show_activity)
    c.importer.finished.connect(refresh_quietly)
    c.dialogs.settingsAccepted.connect(c.catalogue.settings_changed)


def _look_up_stored(c: Controllers, parts: WindowParts, pet_id: int,
                    error: BaseException) -> None:
    """A look-up the service could not answer: the stored copy, marked as such."""
    if means_offline(error):
        c.outbox.stored_pet(pet_id, partial(_show_stored, c, parts))


def _show_stored(c: Controllers, parts: WindowParts, pet: Pet, fetched_at: float) -> None:
    if not parts.presenter.select_pet(pet.id):
        parts.panel.table.clearSelection()
        parts.detail.show_pet(pet)
    note = c.offline.stored_copy_note(fetched_at)
    parts.detail.show_message(note)
    text = localized(QT_TRANSLATE_NOOP("MainWindow", "Pet {id} ({name}):").format(
        id=pet.id, name=display(pet.name, 40)))
    parts.status.show_activity(text + " " + note)

