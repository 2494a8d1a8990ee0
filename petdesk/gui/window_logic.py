"""The main window's worker and controllers, and their wiring to the contents.

Built after the contents are painted (see :mod:`.main_window`): nothing in the window's
first full paint needs the worker, the controllers or the dialogs, and importing them
is a good part of the work before it. Every use builds them on demand
(:attr:`.window_contents.Contents.logic`), so no click or shortcut can come too early.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QTimer

from petdesk.core.text import display
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.cards.controller import CardsAndCategories
from petdesk.gui.catalogue.status import CatalogueWindow
from petdesk.gui.common.accessibility import name_main_window
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
from petdesk.gui.worker.worker import Worker
from petdesk.services.outbox.probe import means_offline

if TYPE_CHECKING:
    from petdesk.api import Pet
    from petdesk.core.statuses import PetStatus
    from petdesk.gui.window_contents import Contents

AUTO_REFRESH_MS = 5 * 60 * 1000


class WindowLogic:
    """The worker, the controllers (list, look-up, add, authentication), the dialogs and
    the periodic refresh of one main window."""

    def __init__(self, contents: Contents) -> None:
        window = contents.window
        self._contents = contents
        connection = contents.connection
        self.worker = Worker(window.client_factory, window.keys, connection.connection(),
                             clock=contents.clock, store_folder=window.settings.store_folder,
                             parent=contents)
        if not window.is_settled:
            # Background work waits for the first page (MainWindow releases it once
            # settled): held before the first job below can start the thread.
            self.worker.hold_background()
        self._wire_worker(contents)  # before any job is submitted: the view sees every one
        connection.attach(self.worker)
        self.auth = AuthController(self.worker, connection, window.redactor, parent=contents)
        self.pets = PetListController(self.auth, contents.model, self.worker.clock,
                                      parent=contents)
        self.lookups = LookupController(self.auth, parent=contents)
        # Bulk import and export: an import left unfinished resumes at start.
        self.importer = ImportController(self.worker, connection, parent=contents)
        # The outbox: the same store and sender as the import's (the worker's).
        self.outbox = OutboxController(self.worker, connection, parent=contents)
        self.adder = AddPetController(self.auth, self.outbox, parent=contents)
        self.dialogs = WindowDialogs(window, window.settings, window.keys, connection,
                                     self.auth, self.adder)
        folders = FileFolders(window.settings)
        self.cards = CardsAndCategories(window, contents.table, contents.model, connection,
                                        self.worker.run_io, contents.statusBar_.show_activity,
                                        lambda: contents.detail.pet, folders,
                                        initial=contents.stored.categories)
        self.dialogs.categories = self.cards.categories
        contents.model.set_category_label(self.cards.categories.label)
        contents.detail.set_category_label(self.cards.categories.label)
        self.auto_refresh = QTimer(contents)
        self.auto_refresh.setInterval(AUTO_REFRESH_MS)
        self.auto_refresh.timeout.connect(lambda: contents.refresh(background=True))
        self.auto_refresh.start()
        self.outbox_rows = OutboxRows(self.outbox, contents.model, contents.table,
                                      contents.statusBar_, self.cards.categories, contents)
        self.offline = OfflineWatch(self.pets, contents.statusBar_, contents.clock,
                                    lambda: contents.refresh(background=True),
                                    lambda: self.pets.last_refresh or contents.stored.as_of(),
                                    contents)
        self.bulk = BulkDialogs(window, self.importer, contents, folders)
        # The catalogue: filled in the background, searched by name.
        self.catalogue = CatalogueWindow(contents, self.worker)
        self._wire(contents)
        # The sort arrow points the way the order goes (its style costs ~50 ms to load:
        # after the first paint).
        point_sort_arrows(contents.table.horizontalHeader())
        # Qt's inner parts named once the first page is on screen (~10 ms of work).
        window.settled.connect(lambda: name_main_window(contents))
        self.importer.start_up()  # background work: after the first page is painted
        self.catalogue.start_up()
        self.outbox.start_up()

    def _wire_worker(self, c: Contents) -> None:
        w, f = self.worker, c.feedback
        w.busyChanged.connect(f.busy_changed)
        w.jobStarted.connect(f.job_started)
        w.waitStarted.connect(f.wait_started)
        w.waitOver.connect(f.wait_over)
        w.submitted.connect(f.submitted)
        w.rateLimit.connect(c.statusBar_.set_quota)

    def _wire(self, c: Contents) -> None:
        status = c.statusBar_
        self.pets.changed.connect(c.update_list_view)
        self.pets.pageLoaded.connect(c.page_shown)
        self.pets.failed.connect(status.show_error)
        # The answer to Load more: its lead alone is wider than an 800-pixel window's
        # line, and an answer that does not fit leaves the line blank.
        self.pets.pagingStopped.connect(lambda text: status.show_activity(
            text, short=QCoreApplication.translate(
                "Contents", "A page already shown came again: stopped loading more")))
        self.pets.stopped.connect(c.feedback.stopped)
        self.pets.upToDate.connect(lambda: status.show_activity(
            QCoreApplication.translate(
                "Contents", "The list is up to date (loaded moments ago).")))
        self.lookups.found.connect(c.found)
        self.lookups.notFound.connect(c.not_found)
        self.lookups.failed.connect(c.feedback.show_error)
        self.lookups.invalid.connect(c.invalid_id)
        self.adder.added.connect(c.added)
        # Pets added or looked up here are in the catalogue from the service's answer.
        for answered in (self.adder.added, self.outbox.created, self.importer.created,
                         self.lookups.found):
            answered.connect(self.catalogue.controller.pets_added)
        self.adder.rejected.connect(lambda _m, _f, exc, prefix: c.feedback.show_error(exc, prefix))
        self.adder.rejected.connect(self.pets.invalidate)
        self.adder.queued.connect(status.show_activity)
        self.outbox.notice.connect(status.show_activity)
        self.outbox.sent.connect(self.pets.pin)  # added this session, as from the form
        self.outbox.sent.connect(self.pets.pet_arrived)
        self.pets.pageLoaded.connect(self.outbox.service_answered)
        for failed in (self.pets.failed, self.lookups.failed):
            failed.connect(self.offline.request_failed)
        for answered in (self.pets.pageLoaded, self.lookups.found, self.adder.added):
            answered.connect(self.offline.answered)
            answered.connect(status.service_answered)
        self.auth.keySaved.connect(status.service_answered)
        self.adder.kept.connect(self.outbox_rows.reveal)
        self.offline.cameBack.connect(self.outbox.service_answered)
        # Stored rows: kept for the next start and for look-ups offline.
        self.pets.keep = keep_page
        self.pets.rows_not_pets = lambda: len(self.outbox_rows.rows)
        self.lookups.keep = keep_looked_up
        self.pets.pageLoaded.connect(c.stored.fresh_shown)
        self.pets.failed.connect(c.stored.not_refreshed)
        c.connection.changed.connect(c.stored.fresh_shown)
        self.lookups.failedFor.connect(self._look_up_stored)
        self.lookups.found.connect(lambda _found: self.outbox.service_answered())
        self.outbox.sent.connect(lambda pet: status.show_activity(QT_TRANSLATE_NOOP(
            "WindowLogic", "Added from the outbox: {name} (ID {id}).").format(
            name=display(pet.name, 40), id=pet.id)))
        self.auth.keyNeeded.connect(self.dialogs.open_api_key_dialog)
        self.auth.keySaved.connect(c.key_saved)
        c.connection.changed.connect(c.connection_changed)
        self.cards.categories.labelsChanged.connect(c.category_labels_changed)
        self.importer.notice.connect(status.show_activity)
        self.importer.finished.connect(lambda: c.refresh(background=True))
        self.dialogs.settingsAccepted.connect(self.catalogue.settings_changed)

    def _look_up_stored(self, pet_id: int, error: BaseException) -> None:
        """A look-up the service could not answer: the stored copy, marked as such."""
        if means_offline(error):
            self.outbox.stored_pet(pet_id, self._show_stored)

    def _show_stored(self, pet: Pet, fetched_at: float) -> None:
        c = self._contents
        if not c.select_pet(pet.id):
            c.table.clearSelection()
            c.detail.show_pet(pet)
        note = self.offline.stored_copy_note(fetched_at)
        c.detail.show_message(note)
        c.statusBar_.show_activity(self.tr_pet(pet) + " " + note)

    def tr_pet(self, pet: Pet) -> str:
        return localized(QT_TRANSLATE_NOOP("WindowLogic", "Pet {id} ({name}):").format(
            id=pet.id, name=display(pet.name, 40)))

    @staticmethod
    def query(status: PetStatus | None, limit: int) -> ListQuery:
        return ListQuery(status, limit)

    def shut_down(self, wait_ms: int) -> None:
        """Closing: nothing new starts, every dialog closes, the worker stops."""
        self.auth.close()
        self.auto_refresh.stop()
        self.dialogs.close_all()
        self.bulk.close_all()
        self.cards.close_all()
        # The worker answers every job it drops with RequestCancelled, which the outbox
        # and the import take for "look again in a second" unless they are closed first
        # (that look would reach a stopped worker).
        self.importer.stop_following()
        self.outbox.shut_down()
        self.worker.shutdown(wait_ms)
        self.importer.shut_down()
        self.catalogue.shut_down()
        self.offline.shut_down()
