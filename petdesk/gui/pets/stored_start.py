"""Instant start: the rows of the last session, painted before the client exists.

While the window's contents are built, a small thread reads the rows last seen for
the list shown (status filter, page size) straight from the environment's store file
(:func:`petdesk.storage.sqlite.store.peek_stored_page`: read-only, nothing created or migrated;
the worker opens the store properly later). The GUI thread does no I/O: it only puts
the rows in the table, as :class:`~petdesk.services.pets.local_rows.StoredRow` (no httpx, no
pydantic), and says "As of 09:42 — refreshing…" in the status bar. The same thread
reads the environment's category names, so the rows say "Dogs (1)" from their first
paint; the window's controllers start with those names (:attr:`StoredStart.categories`)
until the worker has loaded them again. The fresh first
page replaces them; a page that arrived first wins (the stored rows are dropped).
Read by the time the contents are built, they are in the table's first paint (the
reply is a queued call: it runs before the low-priority paint). :attr:`StoredStart.over`
says when the table has been painted with what was read (the rows, or none): the
window starts its worker then, so that the worker's imports do not hold the GIL while
these rows are read and painted.

Each fresh first page is saved for the next start, on the worker, as background work
once it is shown (:meth:`petdesk.services.pets.stored.StoredPets.save_first_page`).
The store holds pets' fields and the service's page links, never the API key.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from petdesk.core.clock import Clock
from petdesk.core.status_messages import MessageKind
from petdesk.core.statuses import PetStatus
from petdesk.gui.common.after_paint import AfterPaint
from petdesk.gui.common.localize import localized_names
from petdesk.services.cards.categories import (
    DEMO_CATEGORY_NAMES,
    CategoryTable,
    JsonCategoryFile,
    categories_path,
    load_or_seed,
)
from petdesk.services.outbox.wording import stored_rows_message
from petdesk.services.pets.local_rows import StoredRow
from petdesk.storage.paths import store_file
from petdesk.storage.rows import StoredPage, StoredQuery
from petdesk.storage.sqlite.store import peek_stored_page

if TYPE_CHECKING:
    from PySide6.QtWidgets import QTableView

    from petdesk.core.connection import Connection
    from petdesk.gui.common.status_bar import PetStatusBar
    from petdesk.gui.pets.pet_model import PetTableModel
    from petdesk.gui.pets.views import FilterBar
    from petdesk.gui.settings.connection import ConnectionController

__all__ = ["StoredStart"]

#: The worker waits for the stored rows' paint at most this long.
STORED_PAINT_LATEST_MS = 250


def _read(connection: Connection, status: str | None, limit: int, folder: Path | None,
          names: tuple[str, bool], deliver: Callable[[object], None]) -> None:
    """The reader thread: the stored page (or ``None``) and the environment's category
    names (or ``None``), so that the rows show "Dogs (1)" from their first paint."""
    page: StoredPage | None = None
    table: CategoryTable | None = None
    try:
        query = StoredQuery(PetStatus(status) if status else None, limit)
        page = peek_stored_page(store_file(connection, folder), query)
    except Exception:  # nothing stored to show is never an error
        page = None
    try:
        environment, demo = names
        table = load_or_seed(JsonCategoryFile(categories_path(environment)),
                             localized_names(DEMO_CATEGORY_NAMES) if demo else None,
                             save=False)
    except Exception:  # the worker loads them again and says what went wrong
        table = None
    deliver((page, table))


class StoredStart(QObject):
    """Reads and shows the stored rows at start; see the module docstring."""

    #: From the reader thread (queued to the GUI thread): the page or ``None``, and the
    #: category names or ``None``.
    pageRead = Signal(object)
    #: The table was painted with the stored rows, or there were none to show (once).
    over = Signal()

    def __init__(self, bar: FilterBar, model: PetTableModel, table: QTableView,
                 status: PetStatusBar, connection: ConnectionController, clock: Clock,
                 controllers_built: Callable[[], bool], folder: Path | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._clock = clock
        self._bar = bar
        self._model = model
        self._table = table
        self._status = status
        self._connection = connection
        #: Once the window's controllers exist they load the category names themselves.
        self._controllers_built = controllers_built
        self._fresh = False
        #: When the stored rows shown were fetched (Unix time), while they are shown.
        self.fetched_at: float | None = None
        self.pageRead.connect(self._show)
        self._folder = folder
        self._started = False
        #: The category names read at start (the window's controllers begin with them).
        self.categories: CategoryTable | None = None

    def start(self) -> None:
        """Read the stored rows on a small thread (once), for the filters the bar shows.
        Its modules are imported with this one: the thread only reads."""
        if self._started:
            return
        self._started = True
        connection = self._connection
        status = self._bar.status()
        thread = threading.Thread(
            target=_read, name="petdesk-stored-rows", daemon=True,
            args=(connection.in_use, status.value if status else None,
                  self._bar.limitSpin.value(), self._folder,
                  (connection.name, connection.demo), self.pageRead.emit))
        thread.start()

    def _show(self, read: tuple[StoredPage | None, CategoryTable | None]) -> None:
        page, table = read
        if table is not None and not self._controllers_built():
            self.categories = table
            self._model.set_category_label(table.label)
        if page is None or not page.rows or self._fresh:
            # Nothing stored, or fresh rows came first: over once the table is painted
            # (the worker's imports wait for the window's contents either way).
            AfterPaint(self._table.viewport(), self.over.emit, STORED_PAINT_LATEST_MS)
            return
        rows = [StoredRow(*row) for row in page.rows]
        self._model.replace_pets(rows)  # type: ignore[arg-type]
        self.fetched_at = page.fetched_at
        self._status.show_message(stored_rows_message(page.fetched_at, self._clock.time()))
        AfterPaint(self._table.viewport(), self.over.emit, STORED_PAINT_LATEST_MS)

    def as_of(self) -> datetime | None:
        """When the stored rows shown were fetched (``None`` when none are shown)."""
        if self.fetched_at is None:
            return None
        return datetime.fromtimestamp(self.fetched_at, UTC)

    def fresh_shown(self) -> None:
        """A fresh page replaced the stored rows (or the list was reset)."""
        self._fresh = True
        self.fetched_at = None
        self._status.clear(MessageKind.STORED_ROWS)

    def not_refreshed(self, *_args: object) -> None:
        """The refresh failed: the offline message (or the error) says what is shown."""
        self._status.clear(MessageKind.STORED_ROWS)
