"""The catalogue's search results as a table model that reads its rows lazily.

The model knows how many pets match (its row count, so the scroll bar is true) but
holds only a few windows of :data:`WINDOW` rows, the ones last shown
(:data:`MAX_WINDOWS`, least recently used dropped first): memory stays bounded
whatever the size of the catalogue. A row not held is shown as "…" while its window
is read on the worker (through ``fetch``, one request per window); when it arrives
the rows are repainted. Each new query (text or order) starts a new generation;
windows of an older one are ignored.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QIcon

from petdesk.core.text import display
from petdesk.gui.common.status_look import status_colour, status_icon, status_text
from petdesk.storage.rows import MirrorQuery, MirrorSort, PetRow

if TYPE_CHECKING:
    from petdesk.services.catalogue.service import ResultWindow

__all__ = ["COLUMNS", "CatalogueResultsModel", "Fetch"]

#: Rows read at a time.
WINDOW: Final = 200
#: Windows held at most (the rest are read again when shown).
MAX_WINDOWS: Final = 8
#: The order of each column, for the header's sort.
COLUMNS: Final = (MirrorSort.ID, MirrorSort.NAME, MirrorSort.CATEGORY, MirrorSort.STATUS)
NAME_LIMIT: Final = 80

Fetch = Callable[[MirrorQuery, int, int, Callable[["ResultWindow | None"], None]], None]
_Index = QModelIndex | QPersistentModelIndex


class CatalogueResultsModel(QAbstractTableModel):
    """Rows of a :class:`~petdesk.storage.rows.MirrorQuery`, read window by window."""

    #: A search was asked for (its count and first rows are being read).
    searchStarted = Signal()
    #: The search's first window was not read (stopped, or the store failed).
    searchFailed = Signal()

    def __init__(self, fetch: Fetch, parent: Any = None) -> None:
        super().__init__(parent)
        self._fetch = fetch
        self._query = MirrorQuery()
        self._generation = 0
        self._count = 0
        self._windows: OrderedDict[int, tuple[PetRow, ...]] = OrderedDict()
        self._asked: set[int] = set()
        self._category: Callable[[int], str] = str
        self.last: ResultWindow | None = None
        self._listeners: list[Callable[[ResultWindow], None]] = []
        #: The first window of the current search is being read.
        self.searching = False
        #: The status icons drawn, per status and palette.
        self._icons: dict[tuple[str | None, int], QIcon] = {}

    # -- the query -----------------------------------------------------------------------

    @property
    def query(self) -> MirrorQuery:
        return self._query

    def on_window(self, listener: Callable[[ResultWindow], None]) -> None:
        """Call ``listener`` with each window read (the dialog's note and status)."""
        self._listeners.append(listener)

    def set_query(self, query: MirrorQuery) -> None:
        """Search again (new text or order): what an older query found is not shown
        a moment longer; the count arrives with the first window."""
        self.beginResetModel()
        self._count = 0
        self._windows.clear()
        self.endResetModel()
        self._query = query
        self.reload()

    def reload(self) -> None:
        """The mirror changed: read the count and the rows shown again (shown
        meanwhile: they are the same query's)."""
        self._generation += 1
        self._asked.clear()
        self.searching = True
        self.searchStarted.emit()
        self._ask(0)

    def set_category_label(self, label: Callable[[int], str]) -> None:
        self._category = label

    def _ask(self, window: int) -> None:
        if window in self._asked:
            return
        self._asked.add(window)
        generation = self._generation
        self._fetch(self._query, window * WINDOW, WINDOW,
                    lambda result: self._arrived(generation, window, result))

    def _arrived(self, generation: int, window: int, result: ResultWindow | None) -> None:
        if generation != self._generation:
            return
        if result is None:  # not read (stopped): asked again when shown or searched
            self._asked.discard(window)
            if window == 0:
                self.searching = False
                self.searchFailed.emit()
            return
        self.searching = False
        self.last = result
        if window == 0 and result.count == self._count and self._count:
            # The same query read again (the catalogue changed, a pet was added or
            # looked up): the rows change in place, so the selection stays where the
            # user is; the other windows are read again when shown.
            self._windows.clear()
            self._asked = {0}
            self._keep(0, result.rows)
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(self._count - 1, len(COLUMNS) - 1))
        elif window == 0 or result.count != self._count:
            self.beginResetModel()
            self._count = result.count
            self._windows.clear()
            self._asked = {window}
            self._keep(window, result.rows)
            self.endResetModel()
        else:
            self._keep(window, result.rows)
            first = window * WINDOW
            last = min(self._count, first + WINDOW) - 1
            if last >= first:
                self.dataChanged.emit(self.index(first, 0), self.index(last, len(COLUMNS) - 1))
        for listener in self._listeners:
            listener(result)

    def _keep(self, window: int, rows: tuple[PetRow, ...]) -> None:
        self._windows[window] = rows
        self._windows.move_to_end(window)
        while len(self._windows) > MAX_WINDOWS:
            dropped, _rows = self._windows.popitem(last=False)
            self._asked.discard(dropped)

    # -- reading -------------------------------------------------------------------------

    def pet(self, row: int) -> PetRow | None:
        """The pet on ``row`` if its window is held (else it is asked for)."""
        if not 0 <= row < self._count:
            return None
        window, at = divmod(row, WINDOW)
        rows = self._windows.get(window)
        if rows is None:
            self._ask(window)
            return None
        self._windows.move_to_end(window)
        return rows[at] if at < len(rows) else None

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._count

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.UserRole:
            return self.pet(index.row())
        if role == Qt.ItemDataRole.TextAlignmentRole and COLUMNS[index.column()] is MirrorSort.ID:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role in (Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.ForegroundRole) \
                and COLUMNS[index.column()] is MirrorSort.STATUS:
            return self._status_look(index.row(), role)
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        pet = self.pet(index.row())
        if pet is None:
            return "…"
        column = COLUMNS[index.column()]
        if column is MirrorSort.ID:
            return str(pet.id)
        if column is MirrorSort.NAME:
            return display(pet.name, NAME_LIMIT if role == Qt.ItemDataRole.DisplayRole
                           else 4 * NAME_LIMIT)
        if column is MirrorSort.CATEGORY:
            return self._category(pet.category_id)
        return status_text(pet.status.value if pet.status is not None else None)

    def _status_look(self, row: int, role: int) -> QIcon | QColor | None:
        """The status's icon and colour, as in the pets table (a shape per status, so
        it never depends on colour alone)."""
        pet = self.pet(row)
        if pet is None:
            return None
        status = pet.status.value if pet.status is not None else None
        palette = QGuiApplication.palette()
        if role == Qt.ItemDataRole.ForegroundRole:
            return status_colour(status, palette)
        key = (status, palette.cacheKey())
        icon = self._icons.get(key)
        if icon is None:
            if len(self._icons) > 16:  # icons of old palettes
                self._icons.clear()
            icon = self._icons[key] = status_icon(status, palette)
        return icon

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return (self.tr("ID"), self.tr("Name"), self.tr("Category"), self.tr("Status"))[section]

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if 0 <= column < len(COLUMNS):
            self.set_query(self._query._replace(
                sort=COLUMNS[column], descending=order == Qt.SortOrder.DescendingOrder))
