"""The catalogue in the main window: its line in the status bar, the
Find any animal dialog, Update now, Newest first, and the quick filter's count of
the catalogue's matches (:mod:`.catalogue_quick_filter`; Enter shows them).

Built with the window's controllers (after the first paint): the controller
(:mod:`.controller`) reads the mirror only then, on the worker. The line is rewritten
from the last report every half minute, so "next update in 25 min" counts down without
reading the store.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QLabel, QLineEdit, QWidget

from petdesk.core.jobs import JobKind
from petdesk.gui.cards.categories_model import CategoryModel
from petdesk.gui.catalogue.controller import CatalogueController
from petdesk.gui.catalogue.quick_filter import CatalogueQuickFilter
from petdesk.gui.catalogue.search_dialog import CatalogueDialog
from petdesk.gui.common.localize import localized
from petdesk.gui.common.status_bar import PetStatusBar
from petdesk.gui.pets.lookup import LookupController
from petdesk.gui.settings.connection import ConnectionController
from petdesk.gui.settings.settings import AppSettings
from petdesk.gui.worker.stepper import StepTimer
from petdesk.gui.worker.worker import Worker
from petdesk.services.catalogue.wording import (
    CATALOGUE_OFF,
    catalogue_line,
    catalogue_short,
    requests_text,
    schedule_text,
)
from petdesk.storage.rows import MirrorQuery, MirrorSettings, MirrorSort

if TYPE_CHECKING:
    from collections.abc import Callable

    from petdesk.gui.catalogue.search_dialog import CatalogueDialog
    from petdesk.gui.worker.worker import Worker
    from petdesk.services.catalogue.service import CatalogueReport, ResultWindow

__all__ = ["CatalogueWindow", "mirror_settings"]

#: How often the line is rewritten (the countdown to the next update).
LINE_MS: Final = 30_000
#: Full passes run at least this far apart (once a day by default).
FULL_EVERY_S: Final = 24 * 3600.0


def mirror_settings(settings: AppSettings) -> MirrorSettings:
    """The user's catalogue settings (File › Settings…) as the filler takes them."""
    choice = settings.catalogue
    update = choice.update_minutes * 60.0
    return MirrorSettings(update_every=update, full_every=max(FULL_EVERY_S, update),
                          day_share=choice.day_percent / 100, daily_quota=choice.daily_quota,
                          enabled=choice.enabled)


class CatalogueWindow(QObject):
    """See the module docstring."""

    def __init__(self, worker: Worker, connection: ConnectionController,
                 settings: AppSettings, status: PetStatusBar, quick_filter: QLineEdit,
                 match_label: QLabel, categories: CategoryModel, lookups: LookupController,
                 window: QWidget, *, timer: StepTimer | None = None) -> None:
        super().__init__(window)
        self._window = window
        self._settings = settings
        self._status = status
        self._categories = categories
        self._lookups = lookups
        self._clock = worker.clock
        self.controller = CatalogueController(worker, connection,
                                              lambda: mirror_settings(settings), timer=timer,
                                              parent=self)
        self.dialog: CatalogueDialog | None = None
        self.report: CatalogueReport | None = None
        self._line = QTimer(self)
        self._line.setInterval(LINE_MS)
        self._line.timeout.connect(self._show_line)
        self.controller.statusChanged.connect(self._reported)
        self.controller.rowsChanged.connect(self._rows_changed)
        self.controller.notice.connect(status.show_activity)
        connection.changed.connect(self._environment_changed)
        self.quick = CatalogueQuickFilter(quick_filter, match_label, self.controller,
                                          self._clock, self)
        quick_filter.returnPressed.connect(self._quick_filter_entered)

    def start_up(self) -> None:
        """After the first paint: fill or update the catalogue if due."""
        self._line.start()
        self.controller.start_up()
        self._show_line()
        self.quick.search()

    def settings_changed(self) -> None:
        self.controller.settings_changed()
        self._show_line()
        self.quick.search()

    def update_now(self) -> None:
        self.controller.update_now()

    # -- the line ------------------------------------------------------------------------

    def _reported(self, report: CatalogueReport) -> None:
        self.report = report
        self._show_line()

    def _show_line(self) -> None:
        if self.report is None:
            text = "" if self.controller.enabled else localized(CATALOGUE_OFF)
            details = short = ""
        else:
            text = localized(catalogue_line(self.report.status, self._clock.time()))
            short = localized(catalogue_short(self.report.status))
            details = "\n".join(localized(line) for line in filter(None, (
                schedule_text(mirror_settings(self._settings)),
                requests_text(self.report.status), self.report.problem)))
        self._status.set_catalogue(text, details, short)
        if self.dialog is not None:
            self.dialog.set_catalogue_line(text)

    def rejoined(self) -> None:
        """Back on the shared store: its catalogue, kept there for every desk, is the
        one to show and to follow now."""
        self._environment_changed()
        self.controller.catalogue_replaced()

    def _environment_changed(self) -> None:
        """Another environment: another catalogue (its line comes with its first job)."""
        self.report = None
        self._show_line()
        self.quick.environment_changed()
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.model.reload()

    def _rows_changed(self) -> None:
        self.quick.search()
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.model.reload()

    # -- the dialog ----------------------------------------------------------------------

    def open_find(self) -> CatalogueDialog:
        """Pets › Find in catalogue…: the dialog, shown, with the box focused."""
        dialog = self._dialog()
        dialog.show()
        dialog.activateWindow()
        dialog.searchEdit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        dialog.searchEdit.selectAll()
        dialog.search()
        return dialog

    def find_text(self, text: str) -> CatalogueDialog:
        """Find any animal with ``text`` searched, newest first."""
        dialog = self._dialog()
        dialog.searchEdit.setText(text)
        dialog.show_order(MirrorSort.ID, True)
        return self.open_find()

    def _quick_filter_entered(self) -> None:
        """Enter in the table's quick filter: its matches in the whole catalogue."""
        text = self.quick.enter_text()
        if text:
            self.find_text(text)

    def newest_first(self) -> None:
        """View › Newest first…: every pet of the catalogue, the newest on top."""
        dialog = self._dialog()
        dialog.searchEdit.clear()
        dialog.show_order(MirrorSort.ID, True)
        self.open_find()

    def _dialog(self) -> CatalogueDialog:
        if self.dialog is None:
            self.dialog = CatalogueDialog(self._search, self._clock, self._window)
            self.dialog.model.set_category_label(self._categories.label)
            self.dialog.petChosen.connect(self._chosen)
            self.dialog.updateRequested.connect(self.update_now)
            self._show_line()
        return self.dialog

    def _search(self, query: MirrorQuery, offset: int, limit: int,
                on_done: Callable[[ResultWindow | None], None]) -> None:
        self.controller.search(query, offset, limit, on_done)

    def _chosen(self, pet_id: int) -> None:
        """Open the pet's detail in the window (looked up, fresh from the service)."""
        self._lookups.fetch(pet_id, JobKind.LOOKUP)

    def shut_down(self) -> None:
        self._line.stop()
        self.quick.clear()
        if self.dialog is not None:
            self.dialog.close()
        self.controller.shut_down()
