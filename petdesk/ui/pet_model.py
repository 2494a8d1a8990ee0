"""The pets table: a :class:`QAbstractTableModel` behind a :class:`QSortFilterProxyModel`.

Performance (the table must stay quick at 100,000 rows):

* :meth:`PetTableModel.append_pets` inserts a whole page (or any batch) with one
  ``beginInsertRows``/``endInsertRows`` pair and stores the :class:`Pet`
  objects as they are: no per-row conversion.
* Sorting and the quick name filter are done on Python lists with key
  functions (``list.sort``, a list comprehension), not by letting Qt call
  ``data()`` or ``filterAcceptsRow()`` once per row and comparison through the
  Python bridge (that costs about a second at 100k rows).
  :class:`PetProxyModel` is the view's model and the one entry point:
  ``proxy.sort(...)`` and ``proxy.setFilterFixedString(...)`` hand the work to
  the source model, so the proxy itself never has to sort or filter row by row.
  (It is still a genuine QSortFilterProxyModel: anything else set on it works,
  just slower.)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPointF,
    QRectF,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPalette, QPen, QPixmap

if TYPE_CHECKING:
    from petdesk.api import Pet

# Statuses are compared as strings (PetStatus is a StrEnum), so this module does
# not need petdesk.api (httpx, pydantic) at import time: the window shows first.
AVAILABLE, PENDING, SOLD = "available", "pending", "sold"
STATUSES = (AVAILABLE, PENDING, SOLD)


class Column(enum.IntEnum):
    """Column constants of the pets table."""

    ID = 0
    NAME = 1
    CATEGORY = 2
    STATUS = 3


#: ``data(index, PetRole)`` returns the row's :class:`~petdesk.api.Pet`.
PetRole = Qt.ItemDataRole.UserRole + 1

_STATUS_RANK: dict[str | None, int] = {AVAILABLE: 0, PENDING: 1, SOLD: 2, None: 3}

_SORT_KEYS: dict[Column, Callable[[Pet], Any]] = {
    Column.ID: lambda p: p.id,
    Column.NAME: lambda p: (p.name.casefold(), p.id),
    Column.CATEGORY: lambda p: (p.category_id, p.id),
    Column.STATUS: lambda p: (_STATUS_RANK[p.status], p.id),
}

_AnyIndex = QModelIndex | QPersistentModelIndex


def _is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


def status_colour(status: str | None, palette: QPalette) -> QColor:
    """A status colour readable on the palette's base colour (light or dark)."""
    dark = _is_dark(palette)
    table = {
        AVAILABLE: ("#1a7f37", "#57d68d"),
        PENDING: ("#9a5b00", "#f0b429"),
        SOLD: ("#5c4fb3", "#a99cff"),
    }
    if status not in table:
        return palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
    return QColor(table[status][1 if dark else 0])


def status_icon(status: str | None, palette: QPalette, size: int = 16) -> QIcon:
    """A small icon whose *shape* differs per status (circle, half circle, square),
    so the status never depends on colour alone."""
    ratio = 1.0
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        ratio = app.devicePixelRatio()
    pixmap = QPixmap(round(size * ratio), round(size * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    colour = status_colour(status, palette)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(colour, 1.5)
    painter.setPen(pen)
    rect = QRectF(2.5, 2.5, size - 5.0, size - 5.0)
    if status == AVAILABLE:
        painter.setBrush(colour)
        painter.drawEllipse(rect)
        check = QPen(QColor("white"), 1.8)
        check.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(check)
        painter.drawPolyline([QPointF(5.2, 8.3), QPointF(7.2, 10.3), QPointF(10.8, 6.0)])
    elif status == PENDING:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(rect)
        painter.setBrush(colour)
        painter.drawPie(rect, 90 * 16, 180 * 16)
    elif status == SOLD:
        painter.setBrush(colour)
        painter.drawRoundedRect(rect, 2.0, 2.0)
    else:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        dashed = QPen(colour, 1.2, Qt.PenStyle.DotLine)
        painter.setPen(dashed)
        painter.drawEllipse(rect)
    painter.end()
    return QIcon(pixmap)


class PetTableModel(QAbstractTableModel):
    """All pets loaded so far; the visible rows are the ones passing the name
    filter, in the current sort order."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._all: list[Pet] = []
        self._rows: list[Pet] = []
        self._needle = ""
        self._sort_column: Column | None = None
        self._sort_order = Qt.SortOrder.AscendingOrder
        self._icons: dict[str | None, QIcon] = {}
        self._colours: dict[str | None, QColor] = {}
        self._status_text: dict[str | None, str] = {
            AVAILABLE: self.tr("Available"),
            PENDING: self.tr("Pending"),
            SOLD: self.tr("Sold"),
            None: self.tr("No status"),
        }
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
        return 0 if parent.isValid() else len(Column)

    def data(self, index: _AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._rows):
            return None
        pet = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == Column.ID:
                return str(pet.id)
            if column == Column.NAME:
                return pet.name
            if column == Column.CATEGORY:
                return str(pet.category_id)
            if column == Column.STATUS:
                return self._status_text[pet.status]
            return None
        if role == PetRole:
            return pet
        if role == Qt.ItemDataRole.DecorationRole and column == Column.STATUS:
            return self._icon(pet.status)
        if role == Qt.ItemDataRole.ForegroundRole and column == Column.STATUS:
            return self._colour(pet.status)
        if role == Qt.ItemDataRole.TextAlignmentRole and column == Column.ID:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.TextAlignmentRole and column == Column.CATEGORY:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
            if column == Column.STATUS:
                return self.tr("Status: %s") % self._status_text[pet.status]
            if column == Column.CATEGORY:
                return self.tr("Category ID %s") % pet.category_id
            if role == Qt.ItemDataRole.AccessibleTextRole:
                return self.data(index, Qt.ItemDataRole.DisplayRole)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(Column):
            if role == Qt.ItemDataRole.DisplayRole:
                return self._headers[Column(section)]
            if role == Qt.ItemDataRole.TextAlignmentRole:
                if section == Column.ID:
                    return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if section == Column.CATEGORY:
                    return int(Qt.AlignmentFlag.AlignCenter)
                return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            return None
        if orientation == Qt.Orientation.Vertical and role == Qt.ItemDataRole.DisplayRole:
            return str(section + 1)
        return None

    def flags(self, index: _AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(Column):
            self._sort_column = None
            return
        self._sort_column = Column(column)
        self._sort_order = order
        self._relayout(self._sorted_in_place)

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
        for row, pet in enumerate(self._rows):
            if pet.id == pet_id:
                return row
        return None

    def clear(self) -> None:
        self.replace_pets(())

    def replace_pets(self, pets: Iterable[Pet]) -> None:
        self.beginResetModel()
        self._all = list(pets)
        self._rows = self._visible(self._all)
        if self._sort_column is not None:
            self._sorted_in_place()
        self.endResetModel()

    def append_pets(self, pets: Iterable[Pet]) -> None:
        """Append a batch: one beginInsertRows/endInsertRows for all of it."""
        batch = pets if isinstance(pets, list) else list(pets)
        if not batch:
            return
        self._all.extend(batch)
        shown = self._visible(batch)
        if shown:
            first = len(self._rows)
            self.beginInsertRows(QModelIndex(), first, first + len(shown) - 1)
            self._rows.extend(shown)
            self.endInsertRows()
            if self._sort_column is not None:
                self._relayout(self._sorted_in_place)

    def upsert_pet(self, pet: Pet) -> None:
        """Replace the pet with the same id (its row is updated), or append it."""
        for i, known in enumerate(self._all):
            if known.id == pet.id:
                self._all[i] = pet
                break
        else:
            self.append_pets([pet])
            return
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
        self._rows = self._visible(self._all)
        if self._sort_column is not None:
            self._sorted_in_place()
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

    def _visible(self, pets: list[Pet]) -> list[Pet]:
        needle = self._needle
        if not needle:
            return list(pets)
        return [p for p in pets if needle in p.name.casefold()]

    def _sorted_in_place(self) -> None:
        if self._sort_column is None:
            return
        self._rows.sort(key=_SORT_KEYS[self._sort_column],
                        reverse=self._sort_order == Qt.SortOrder.DescendingOrder)

    def _relayout(self, change: Callable[[], None]) -> None:
        """Reorder rows in place, keeping persistent indexes (the selection) on their pet."""
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        before = [(self._rows[i.row()], i.column()) if i.isValid() and i.row() < len(self._rows)
                  else None for i in persistent]
        change()
        if persistent:
            where = {id(p): r for r, p in enumerate(self._rows)}
            after = []
            for entry in before:
                if entry is None:
                    after.append(QModelIndex())
                    continue
                pet, column = entry
                row = where.get(id(pet))
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


class PetProxyModel(QSortFilterProxyModel):
    """The view's model. Sorting and the quick name filter are passed to the
    source :class:`PetTableModel`, which does them on whole lists (see module doc)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._column = -1
        self._order = Qt.SortOrder.AscendingOrder

    def _pets(self) -> PetTableModel:
        source = self.sourceModel()
        assert isinstance(source, PetTableModel)
        return source

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self._column, self._order = column, order
        self._pets().sort(column, order)

    def sort_column(self) -> int:
        return self._column

    def sort_order(self) -> Qt.SortOrder:
        return self._order

    def setFilterFixedString(self, pattern: str) -> None:
        """The quick filter: pets whose name contains ``pattern`` (case-insensitive)."""
        self._pets().set_name_filter(pattern)

    def set_name_filter(self, text: str) -> None:
        self._pets().set_name_filter(text)

    def pet_at(self, index: QModelIndex | QPersistentModelIndex) -> Pet | None:
        value = self.data(index, PetRole) if index.isValid() else None
        return value if value is not None and hasattr(value, "category_id") else None

    def index_of(self, pet_id: int, column: int = 0) -> QModelIndex:
        row = self._pets().row_of(pet_id)
        if row is None:
            return QModelIndex()
        return self.mapFromSource(self._pets().index(row, column))
