"""The pets table: a :class:`QAbstractTableModel`, the view's model (no proxy).

Performance (the table must stay quick at 100,000 rows): the order and the name
filter live in a :class:`~petdesk.services.pets.index.PetIndex` on Python lists (see
there). The view sorts through :meth:`PetTableModel.sort` (``QTableView`` with
sorting enabled calls it) and the quick filter is
:meth:`PetTableModel.set_name_filter`; there is no QSortFilterProxyModel in
between, so no proxy contract to break.

* :meth:`PetTableModel.append_pets` inserts a whole page (or any batch) with one
  ``beginInsertRows``/``endInsertRows`` pair and stores the :class:`Pet`
  objects as they are: no per-row conversion.
* A reorder remaps only the persistent indexes that exist (``list.index`` on the
  rows' positions).
* Names are shown through :func:`petdesk.core.text.display`: markers for hidden
  characters, at most ``DISPLAY_LIMIT`` characters, in time that does not grow
  with the name.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from PySide6 import QtWidgets
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QModelRoleData,
    QModelRoleDataSpan,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor, QFont, QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication

from petdesk.core.names import fold_name
from petdesk.core.statuses import PetStatus
from petdesk.core.text import DISPLAY_LIMIT, display
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import localized
from petdesk.gui.common.plain import tooltip
from petdesk.gui.common.status_look import status_colour, status_icon, status_text, waiting_icon
from petdesk.services.pets.index import PetIndex
from petdesk.services.pets.local_rows import WaitingRow

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
_FONT = int(Qt.ItemDataRole.FontRole)
_PET = int(PetRole)
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
_CENTER = int(Qt.AlignmentFlag.AlignCenter)
_ALIGNMENTS = {_ID: _RIGHT, _CATEGORY: _CENTER}
_HORIZONTAL = Qt.Orientation.Horizontal
_VERTICAL = Qt.Orientation.Vertical
#: How a marker starts (core.text.marker): a displayed name with one gets a warning icon.
MARK_OPEN = "\u27e6"
_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_NO_FLAGS = Qt.ItemFlag.NoItemFlags


class PetTableModel(QAbstractTableModel):
    """All pets loaded so far; the visible rows are the ones passing the name
    filter, in the current sort order."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._index = PetIndex()
        self._icons: dict[str | None, QIcon] = {}
        self._colours: dict[str | None, QColor] = {}
        self._warning_icon: QIcon | None = None
        self._waiting_icon: QIcon | None = None
        self._status_text = {s: status_text(s) for s in (AVAILABLE, PENDING, SOLD, None)}
        #: Pinned rows (pets added this session): shown in bold, said in the tooltip.
        self._pinned: frozenset[int] = frozenset()
        self._pinned_font: QFont | None = None
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
        return 0 if parent.isValid() else len(self._index.rows)

    def columnCount(self, parent: _AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else _COLUMNS

    def data(self, index: _AnyIndex, role: int = _DISPLAY) -> Any:
        row = index.row()  # -1 for an invalid index
        rows = self._index.rows
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
        rows = self._index.rows
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
        if column == _STATUS and role in (_DECORATION, _FOREGROUND):
            return self._status_look(pet, role)
        if column == _NAME and role == _DECORATION:
            return self._warning if MARK_OPEN in display(pet.name) else None
        if role == _ALIGNMENT:
            return _ALIGNMENTS.get(column)
        if role in (_TOOLTIP, _ACCESSIBLE):
            described = self._described(pet, column, role)
            if pet.id in self._pinned and column in (_ID, _NAME):
                pin = self.tr("Added this session")
                return f"{described}\n{pin}" if described else pin
            return described
        if role == _FONT and pet.id in self._pinned:
            return self._bold
        return None

    def _status_look(self, pet: Pet, role: int) -> QIcon | QColor | None:
        """The Status cell's icon or colour: an add waiting to be sent has a clock and
        the text's colour (it has no status on the service yet)."""
        if isinstance(pet, WaitingRow):
            return self._waiting if role == _DECORATION else None
        return self._icon(pet.status) if role == _DECORATION else self._colour(pet.status)

    @property
    def _bold(self) -> QFont:
        if self._pinned_font is None:
            self._pinned_font = QFont(QGuiApplication.font())
            self._pinned_font.setBold(True)
        return self._pinned_font

    def _display(self, pet: Pet, column: int) -> str | None:
        if column in (_ID, _STATUS) and isinstance(pet, WaitingRow):
            return "—" if column == _ID else pet.text  # not on the service yet
        if column == _NAME:
            return display(pet.name)  # markers for hidden characters; bounded length
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
        index = self._index
        index.category_text = label
        if index.sort_column == _CATEGORY and index.sorted:
            self._relayout(index.resort)
        elif index.rows:
            self.dataChanged.emit(self.index(0, _CATEGORY),
                                  self.index(len(self._index.rows) - 1, _CATEGORY))

    def _described(self, pet: Pet, column: int, role: int) -> str | None:
        """The tooltip, or what a screen reader says."""
        if column == _STATUS and isinstance(pet, WaitingRow):
            return localized(QT_TRANSLATE_NOOP(
                "PetTableModel",
                "{text}: not on the service yet (to be added as {status})").format(
                text=pet.text, status=self._status_text[pet.status]))
        if column == _STATUS:
            return localized(QT_TRANSLATE_NOOP("PetTableModel", "Status: {status}").format(
                status=self._status_text[pet.status]))
        if column == _CATEGORY:
            return localized(QT_TRANSLATE_NOOP("PetTableModel", "Category ID {category_id}").format(
                category_id=pet.category_id))
        if column == _NAME:
            return self._name_described(pet.name, role)
        return self._display(pet, column) if role == _ACCESSIBLE else None

    def _name_described(self, name: str, role: int) -> str | None:
        shown = display(name)
        notes = []
        if MARK_OPEN in shown:
            notes.append(self.tr("Hidden or direction-changing characters are shown as "
                                 "⟦U+…⟧ markers."))
        if len(name) > DISPLAY_LIMIT:
            notes.append(localized(QT_TRANSLATE_NOOP(
                "PetTableModel",
                "Long name ({length} characters): select the pet to see all of it.").format(
                length=len(name))))
        if role == _ACCESSIBLE:
            return " ".join([shown, *notes])
        return tooltip("\n".join([shown, *notes])) if notes else None

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
        index = self._index
        descending = order == Qt.SortOrder.DescendingOrder
        if not 0 <= column < len(Column):
            self._relayout(lambda: index.set_sort(None, False))  # back to load order
            return
        if (column, descending) == (index.sort_column, index.descending) and index.sorted:
            # Already in this order (appends keep it): QTableView.sortByColumn() asks
            # twice, once through the header's sortIndicatorChanged and once itself.
            return
        self._relayout(lambda: index.set_sort(column, descending))

    # -- PetDesk interface ---------------------------------------------------------------

    @property
    def total_count(self) -> int:
        """Pets loaded, whether or not the name filter shows them."""
        return len(self._index.all)

    @property
    def pets(self) -> Sequence[Pet]:
        """The visible pets in display order (read-only view)."""
        return tuple(self._index.rows)

    def pet(self, row: int) -> Pet:
        return self._index.rows[row]

    def row_of(self, pet_id: int) -> int | None:
        return self._index.row_of(pet_id)

    def pet_at(self, index: QModelIndex | QPersistentModelIndex) -> Pet | None:
        """The pet of ``index``'s row (None for an invalid index)."""
        row = index.row() if index.isValid() else -1
        rows = self._index.rows
        return rows[row] if 0 <= row < len(rows) else None

    def index_of(self, pet_id: int, column: int = 0) -> QModelIndex:
        """The index of the pet with ``pet_id`` (invalid when not shown)."""
        row = self.row_of(pet_id)
        return QModelIndex() if row is None else self.index(row, column)

    def clear(self) -> None:
        self.replace_pets(())

    def replace_pets(self, pets: Iterable[Pet]) -> None:
        self.beginResetModel()
        self._index.load(pets)
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
        index = self._index
        positions, in_place = index.extend(batch)
        if not positions:
            return
        if not in_place and len(positions) == 1:
            row = index.sorted_row(positions[0])
            self.beginInsertRows(QModelIndex(), row, row)
            index.show_row(row, positions[0])
            self.endInsertRows()
            return
        first = len(index.rows)
        self.beginInsertRows(QModelIndex(), first, first + len(positions) - 1)
        index.show_at_end(positions)
        self.endInsertRows()
        if not in_place:
            self._relayout(index.rebuild_rows)

    def upsert_pet(self, pet: Pet) -> None:
        """Replace the pet with the same id (its row is updated), or append it."""
        try:
            row = self._index.replace(pet)
        except KeyError:
            self.append_pets([pet])
            return
        if row is not None:
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(Column) - 1))

    def remove_ids(self, ids: Iterable[int]) -> None:
        """Take the rows with these ids out (adds that left the outbox)."""
        gone = set(ids)
        if not gone.intersection(self._index.ids):
            return
        self.beginResetModel()
        self._index.load([p for p in self._index.all if p.id not in gone])
        self.endResetModel()

    def set_name_filter(self, text: str) -> None:
        needle = fold_name(text.strip())
        if needle == self._index.needle:
            return
        self.beginResetModel()
        self._index.needle = needle
        self._index.rebuild_rows()  # keeps the sort order: no sorting again
        self.endResetModel()

    @property
    def name_filter(self) -> str:
        return self._index.needle

    def set_no_status_filter(self, on: bool) -> None:
        """Show only the pets without a status (a filter over the loaded rows)."""
        if on == self._index.no_status_only:
            return
        self.beginResetModel()
        self._index.no_status_only = on
        self._index.rebuild_rows()
        self.endResetModel()

    @property
    def no_status_filter(self) -> bool:
        return self._index.no_status_only

    def is_loaded(self, pet_id: int) -> bool:
        """Whether the pet is loaded (shown or hidden by the name filter)."""
        return pet_id in self._index.ids

    def remove_pet(self, pet_id: int) -> None:
        """Take the pet out of the list (it no longer matches the list's query)."""
        if self.is_loaded(pet_id):
            self.replace_pets([p for p in self._index.all if p.id != pet_id])

    # -- pinned rows: pets added this session ------------------------------------------

    def set_pinned(self, ids: Iterable[int]) -> None:
        """Mark these pets' rows as pinned (added this session; bold, with a tooltip)."""
        pinned = frozenset(ids)
        if pinned == self._pinned:
            return
        self._pinned = pinned
        rows = len(self._index.rows)
        if rows:
            self.dataChanged.emit(self.index(0, 0), self.index(rows - 1, _COLUMNS - 1),
                                  [Qt.ItemDataRole.FontRole, Qt.ItemDataRole.ToolTipRole])

    def is_pinned(self, pet_id: int) -> bool:
        return pet_id in self._pinned

    def refresh_palette(self) -> None:
        """Recolour the status column after a light/dark palette change."""
        self._icons.clear()
        self._colours.clear()
        self._waiting_icon = None
        rows = len(self._index.rows)
        if rows:
            self.dataChanged.emit(
                self.index(0, Column.STATUS), self.index(rows - 1, Column.STATUS),
                [Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.ForegroundRole],
            )

    # -- internals -----------------------------------------------------------------------

    def _relayout(self, change: Callable[[], None]) -> None:
        """Reorder rows in place, keeping persistent indexes (the selection) on their pet."""
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        index = self._index
        before = [(index.row_pos[i.row()], i.column())
                  if i.isValid() and i.row() < len(index.rows) else None for i in persistent]
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
                    where[pos] = index.row_of_position(pos)
                row = where[pos]
                after.append(self.index(row, column) if row is not None else QModelIndex())
            self.changePersistentIndexList(persistent, after)
        self.layoutChanged.emit()

    def _icon(self, status: str | None) -> QIcon:
        icon = self._icons.get(status)
        if icon is None:
            icon = self._icons[status] = status_icon(status, QGuiApplication.palette())
        return icon

    @property
    def _warning(self) -> QIcon:
        if self._warning_icon is None:
            # QStyle is looked up here, not imported: PySide6 makes a class (with its many
            # enums) on first lookup, and the table is painted before any warning is shown.
            style = QApplication.style()
            self._warning_icon = style.standardIcon(
                QtWidgets.QStyle.StandardPixmap.SP_MessageBoxWarning)
        return self._warning_icon

    @property
    def _waiting(self) -> QIcon:
        if self._waiting_icon is None:
            self._waiting_icon = waiting_icon(QGuiApplication.palette())
        return self._waiting_icon

    def _colour(self, status: str | None) -> QColor:
        colour = self._colours.get(status)
        if colour is None:
            colour = self._colours[status] = status_colour(status, QGuiApplication.palette())
        return colour
