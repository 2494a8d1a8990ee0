"""The pets table: a :class:`QAbstractTableModel`, the view's model (no proxy).

Performance (the table must stay quick at 100,000 rows):

* :meth:`PetTableModel.append_pets` inserts a whole page (or any batch) with one
  ``beginInsertRows``/``endInsertRows`` pair and stores the :class:`Pet`
  objects as they are: no per-row conversion.
* Sorting and the quick name filter are done on Python lists (``sorted``, a
  list comprehension), not by letting Qt call
  ``data()`` or ``filterAcceptsRow()`` once per row and comparison through the
  Python bridge (that costs about a second at 100k rows).
  The view sorts through :meth:`PetTableModel.sort` (``QTableView`` with sorting
  enabled calls it) and the quick filter is :meth:`PetTableModel.set_name_filter`;
  there is no QSortFilterProxyModel in between, so no proxy contract to break.
* At 100,000 rows each of append, sort and filter stays under 100 ms
  (``tests/benchmarks``, figure 5): the case-folded names are computed once per
  pet (``_folded``, aligned with ``_all``); the display order is a list of
  indices into ``_all`` (``_order``) sorted with C-level keys (``list.__getitem__``
  on a key list, one value per pet, no tuples), ties broken by id through sort
  stability (from the id order, which is the load order); a filter keeps that order instead
  of sorting again; a sorted append places the new page with binary search;
  rows are rebuilt with C-level ``map``/``compress`` (no Python loop per row); and
  a reorder remaps only the persistent indexes that exist (``list.index`` on the
  rows' positions).
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable, Iterable, Sequence
from itertools import compress, repeat
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QModelRoleData,
    QModelRoleDataSpan,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor, QGuiApplication, QIcon

from petdesk.core.statuses import PetStatus

from .status_look import status_colour, status_icon, status_text

AVAILABLE, PENDING, SOLD = PetStatus.AVAILABLE, PetStatus.PENDING, PetStatus.SOLD

if TYPE_CHECKING:
    from petdesk.api import Pet



class Column(enum.IntEnum):
    """Column constants of the pets table."""

    ID = 0
    NAME = 1
    CATEGORY = 2
    STATUS = 3


#: ``data(index, PetRole)`` returns the row's :class:`~petdesk.api.Pet`.
PetRole = Qt.ItemDataRole.UserRole + 1

_STATUS_RANK: dict[str | None, int] = {AVAILABLE: 0, PENDING: 1, SOLD: 2, None: 3}

#: One sort value per pet; ties are broken by id (the sorts are stable and start from
#: the id order). NAME uses the cached folded names.
_SORT_KEYS: dict[Column, Callable[[Pet], Any]] = {
    Column.ID: operator.attrgetter("id"),
    Column.CATEGORY: operator.attrgetter("category_id"),
    Column.STATUS: lambda p: _STATUS_RANK[p.status],
}

_AnyIndex = QModelIndex | QPersistentModelIndex

# data() runs for every visible cell and role at every repaint (a QTableView asks
# about seven roles per cell): plain ints here, so it never looks up a Qt enum
# member or combines flags (each a Python-level call in PySide6) per call.
_COLUMNS = len(Column)
_ID, _NAME, _CATEGORY, _STATUS = (int(c) for c in Column)
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_DECORATION = int(Qt.ItemDataRole.DecorationRole)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_ACCESSIBLE = int(Qt.ItemDataRole.AccessibleTextRole)
_PET = int(PetRole)
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
_CENTER = int(Qt.AlignmentFlag.AlignCenter)
_ALIGNMENTS = {_ID: _RIGHT, _CATEGORY: _CENTER}
_HORIZONTAL = Qt.Orientation.Horizontal
_VERTICAL = Qt.Orientation.Vertical
_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_NO_FLAGS = Qt.ItemFlag.NoItemFlags


class PetTableModel(QAbstractTableModel):
    """All pets loaded so far; the visible rows are the ones passing the name
    filter, in the current sort order."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._all: list[Pet] = []
        #: ``name.casefold()`` of each pet of ``_all`` (same positions).
        self._folded: list[str] = []
        #: ``id`` of each pet of ``_all`` (same positions).
        self._ids: list[int] = []
        #: Positions in ``_all`` in the current sort order (``None``: load order).
        self._order: list[int] | None = None
        #: ``_order`` is the current sort of every pet (false after an upsert).
        self._sorted = False
        self._rows: list[Pet] = []
        #: Position in ``_all`` of each row of ``_rows``.
        self._row_pos: list[int] = []
        self._needle = ""
        self._sort_column: Column | None = None
        self._sort_order = Qt.SortOrder.AscendingOrder
        self._icons: dict[str | None, QIcon] = {}
        self._colours: dict[str | None, QColor] = {}
        self._status_text = {s: status_text(s) for s in (AVAILABLE, PENDING, SOLD, None)}
        #: The Category column's text for an id ("Dogs (1)"): set_category_label().
        self._category_label: Callable[[int], str] = str
        self._headers = {
            Column.ID: self.tr("ID"),
            Column.NAME: self.tr("Name"),
            Column.CATEGORY: self.tr("Category"),
            Column.STATUS: self.tr("Status"),
        }

    # -- Qt model interface --------------------------------------------------------------

    def rowCount(self, parent: _AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else _COLUMNS

    def data(self, index: _AnyIndex, role: int = _DISPLAY) -> Any:
        row = index.row()  # -1 for an invalid index
        rows = self._rows
        if not 0 <= row < len(rows):
            return None
        return self._value(rows[row], index.column(), role)

    def multiData(self, index: _AnyIndex,
                  roleDataSpan: QModelRoleDataSpan | QModelRoleData) -> None:
        # PySide6's stubs do not say that a span iterates over QModelRoleData.
        span = cast("Iterable[QModelRoleData]", roleDataSpan)
        self.fill_role_data(index.row(), index.column(), span)

    def fill_role_data(self, row: int, column: int, span: Iterable[QModelRoleData]) -> None:
        """Every role of ``span`` for one cell, in one call from Qt (see the module doc)."""
        rows = self._rows
        if not 0 <= row < len(rows):
            for role_data in span:
                role_data.clearData()
            return
        pet, value = rows[row], self._value
        for role_data in span:
            role_data.setData(value(pet, column, role_data.role()))  # None: no value

    def _value(self, pet: Pet, column: int, role: int) -> Any:
        """What ``data()`` answers for ``pet``'s cell in ``column``."""
        if role == _DISPLAY:
            return self._display(pet, column)
        if role == _PET:
            return pet
        if column == _STATUS and role == _DECORATION:
            return self._icon(pet.status)
        if column == _STATUS and role == _FOREGROUND:
            return self._colour(pet.status)
        if role == _ALIGNMENT:
            return _ALIGNMENTS.get(column)
        if role in (_TOOLTIP, _ACCESSIBLE):
            return self._described(pet, column, role)
        return None

    def _display(self, pet: Pet, column: int) -> str | None:
        if column == _NAME:
            return pet.name
        if column == _ID:
            return str(pet.id)
        if column == _CATEGORY:
            return self._category_label(pet.category_id)
        if column == _STATUS:
            return self._status_text[pet.status]
        return None

    def set_category_label(self, label: Callable[[int], str]) -> None:
        """Show categories as ``label(category_id)`` (e.g. ``"Dogs (1)"``) from now on."""
        self._category_label = label
        if self._rows:
            self.dataChanged.emit(self.index(0, _CATEGORY),
                                  self.index(len(self._rows) - 1, _CATEGORY))

    def _described(self, pet: Pet, column: int, role: int) -> str | None:
        """The tooltip, or what a screen reader says."""
        if column == _STATUS:
            return self.tr("Status: %s") % self._status_text[pet.status]
        if column == _CATEGORY:
            return self.tr("Category ID %s") % pet.category_id
        return self._display(pet, column) if role == _ACCESSIBLE else None

    def headerData(
        self, section: int, orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if orientation == _VERTICAL:
            return str(section + 1) if role == _DISPLAY else None
        if orientation == _HORIZONTAL and 0 <= section < _COLUMNS:
            if role == _DISPLAY:
                return self._headers[Column(section)]
            if role == _ALIGNMENT:
                if section == _ID:
                    return _RIGHT
                if section == _CATEGORY:
                    return _CENTER
                return _LEFT
        return None

    def flags(self, index: _AnyIndex) -> Qt.ItemFlag:
        return _FLAGS if index.isValid() else _NO_FLAGS

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(Column):
            self._sort_column = None
            self._relayout(self._resort)  # back to load order
            return
        if (Column(column), order) == (self._sort_column, self._sort_order) and self._sorted:
            # Already in this order (appends keep it): QTableView.sortByColumn() asks
            # twice, once through the header's sortIndicatorChanged and once itself.
            return
        self._sort_column = Column(column)
        self._sort_order = order
        self._relayout(self._resort)

    # -- PetDesk interface ---------------------------------------------------------------

    @property
    def total_count(self) -> int:
        """Pets loaded, whether or not the name filter shows them."""
        return len(self._all)

    @property
    def pets(self) -> Sequence[Pet]:
        """The visible pets in display order (read-only view)."""
        return tuple(self._rows)

    def pet(self, row: int) -> Pet:
        return self._rows[row]

    def row_of(self, pet_id: int) -> int | None:
        # C-level scans of the id and position lists (no Python loop over 100k rows).
        try:
            return self._row_pos.index(self._ids.index(pet_id))
        except ValueError:
            return None

    def pet_at(self, index: QModelIndex | QPersistentModelIndex) -> Pet | None:
        """The pet of ``index``'s row (None for an invalid index)."""
        row = index.row() if index.isValid() else -1
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def index_of(self, pet_id: int, column: int = 0) -> QModelIndex:
        """The index of the pet with ``pet_id`` (invalid when not shown)."""
        row = self.row_of(pet_id)
        return QModelIndex() if row is None else self.index(row, column)

    def clear(self) -> None:
        self.replace_pets(())

    def replace_pets(self, pets: Iterable[Pet]) -> None:
        self.beginResetModel()
        self._all = list(pets)
        self._folded = [p.name.casefold() for p in self._all]
        self._ids = [p.id for p in self._all]
        self._order = None
        self._resort()
        self.endResetModel()

    def append_pets(self, pets: Iterable[Pet]) -> None:
        """Append a batch: one beginInsertRows/endInsertRows for all of it (at the
        end), then, when sorted, one reorder that moves it into place.

        When sorting leaves the batch at the end (a page of higher ids in id order,
        say), or the batch shows a single row (an added pet), its rows are inserted
        where they belong and there is no reorder: a reorder makes the view lay out
        every row again and repaint the table twice.
        """
        batch = pets if isinstance(pets, list) else list(pets)
        if not batch:
            return
        start = len(self._all)
        self._all.extend(batch)
        folded = [p.name.casefold() for p in batch]
        self._folded.extend(folded)
        self._ids.extend(p.id for p in batch)
        needle = self._needle
        positions = [start + i for i, f in enumerate(folded) if needle in f]
        order = self._order
        if order is not None:
            self._insert_sorted(range(start, len(self._all)))
        if not positions:
            return
        in_place = order is None or order[start - len(self._all):] == list(
            range(start, len(self._all)))
        if not in_place and len(positions) == 1:
            assert order is not None
            pos = positions[0]
            before = order[:order.index(pos)]
            row = len(before) if not needle else sum(
                map(operator.contains, map(self._folded.__getitem__, before), repeat(needle)))
            self.beginInsertRows(QModelIndex(), row, row)
            self._rows.insert(row, self._all[pos])
            self._row_pos.insert(row, pos)
            self.endInsertRows()
            return
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(positions) - 1)
        self._rows.extend(self._all[i] for i in positions)
        self._row_pos.extend(positions)
        self.endInsertRows()
        if not in_place:
            self._relayout(self._rebuild_rows)

    def upsert_pet(self, pet: Pet) -> None:
        """Replace the pet with the same id (its row is updated), or append it."""
        try:
            i = self._ids.index(pet.id)
        except ValueError:
            self.append_pets([pet])
            return
        self._all[i] = pet
        self._folded[i] = pet.name.casefold()
        self._sorted = False  # the row stays where it is until the next sort
        row = self.row_of(pet.id)
        if row is not None:
            self._rows[row] = pet
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(Column) - 1))

    def set_name_filter(self, text: str) -> None:
        needle = text.strip().casefold()
        if needle == self._needle:
            return
        self.beginResetModel()
        self._needle = needle
        self._rebuild_rows()  # keeps the sort order: no sorting again
        self.endResetModel()

    @property
    def name_filter(self) -> str:
        return self._needle

    def refresh_palette(self) -> None:
        """Recolour the status column after a light/dark palette change."""
        self._icons.clear()
        self._colours.clear()
        if self._rows:
            self.dataChanged.emit(
                self.index(0, Column.STATUS), self.index(len(self._rows) - 1, Column.STATUS),
                [Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.ForegroundRole],
            )

    # -- internals -----------------------------------------------------------------------

    def _sort_values(self) -> list[Any]:
        """One sort value per pet of ``_all`` for the current column."""
        assert self._sort_column is not None
        if self._sort_column == Column.NAME:
            return self._folded
        if self._sort_column == Column.ID:
            return self._ids
        key = _SORT_KEYS[self._sort_column]
        return [key(p) for p in self._all]

    def _resort(self) -> None:
        """Sort ``_order`` for the current column and order, then rebuild the rows."""
        self._sorted = self._sort_column is not None
        if self._sort_column is None:
            self._order = None
        else:
            values = self._sort_values()
            # Start from the id order (the load order, so this is a linear pass) and
            # sort stably by value: ties stay in id order, reversed when descending.
            by_id = sorted(range(len(values)), key=self._ids.__getitem__)
            descending = self._sort_order == Qt.SortOrder.DescendingOrder
            if descending:
                by_id.reverse()
            self._order = sorted(by_id, key=values.__getitem__, reverse=descending)
        self._rebuild_rows()

    def _insert_sorted(self, positions: Iterable[int]) -> None:
        """Put new positions of ``_all`` into ``_order`` by binary search (no re-sort)."""
        assert self._order is not None
        values, ids, order = self._sort_values(), self._ids, self._order
        descending = self._sort_order == Qt.SortOrder.DescendingOrder
        for pos in positions:
            key = (values[pos], ids[pos])
            lo, hi = 0, len(order)
            while lo < hi:  # order is sorted by (value, id), descending or not
                mid = (lo + hi) // 2
                other = (values[order[mid]], ids[order[mid]])
                if (key > other) if descending else (key < other):
                    hi = mid
                else:
                    lo = mid + 1
            order.insert(lo, pos)

    def _rebuild_rows(self) -> None:
        """``_rows`` from the order and the name filter (a permutation or a subset)."""
        pets, folded, needle = self._all, self._folded, self._needle
        order: Sequence[int] = self._order if self._order is not None else range(len(pets))
        if needle:
            shown = map(operator.contains, map(folded.__getitem__, order), repeat(needle))
            self._row_pos = list(compress(order, shown))
        else:
            self._row_pos = list(order)
        self._rows = list(map(pets.__getitem__, self._row_pos))

    def _relayout(self, change: Callable[[], None]) -> None:
        """Reorder rows in place, keeping persistent indexes (the selection) on their pet."""
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        before = [(self._row_pos[i.row()], i.column())
                  if i.isValid() and i.row() < len(self._rows) else None for i in persistent]
        change()
        if persistent:
            # Look up only the pets that have persistent indexes (a handful), each with
            # one C-level scan of the rows' positions, not a Python loop over all rows.
            where: dict[int, int | None] = {}
            after = []
            for entry in before:
                if entry is None:
                    after.append(QModelIndex())
                    continue
                pos, column = entry
                if pos not in where:
                    try:
                        where[pos] = self._row_pos.index(pos)
                    except ValueError:
                        where[pos] = None
                row = where[pos]
                after.append(self.index(row, column) if row is not None else QModelIndex())
            self.changePersistentIndexList(persistent, after)
        self.layoutChanged.emit()

    def _icon(self, status: str | None) -> QIcon:
        icon = self._icons.get(status)
        if icon is None:
            icon = self._icons[status] = status_icon(status, QGuiApplication.palette())
        return icon

    def _colour(self, status: str | None) -> QColor:
        colour = self._colours.get(status)
        if colour is None:
            colour = self._colours[status] = status_colour(status, QGuiApplication.palette())
        return colour
