"""The category names of one environment as a Qt table model, and their persistence.

:class:`CategoryModel` wraps a :class:`~petdesk.services.cards.categories.CategoryTable`:
two columns (:class:`CategoryColumn`), rows ordered by id, :data:`CATEGORY_ROLE`
returning the :class:`~petdesk.services.cards.categories.Category`, names editable in place
with the same validation as everywhere else. Every change emits :attr:`changed`.

:class:`CategoryPersistence` loads the table off the GUI thread (seeding it on
first use, e.g. with the demo's names) and saves it off the GUI thread after every
change, one save at a time, always the newest table. A file that could not be read
is never overwritten.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, Final

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from petdesk.core.errors import RequestCancelled
from petdesk.gui.worker.io_runner import IoRunner
from petdesk.services.cards.categories import (
    Category,
    CategoryError,
    CategoryStore,
    CategoryTable,
    load_or_seed,
)

__all__ = ["CATEGORY_ROLE", "CategoryColumn", "CategoryModel", "CategoryPersistence"]

#: The role whose data is the row's :class:`Category`.
CATEGORY_ROLE: Final = int(Qt.ItemDataRole.UserRole) + 1

_AnyIndex = QModelIndex | QPersistentModelIndex


class CategoryColumn(enum.IntEnum):
    ID = 0
    NAME = 1


class CategoryModel(QAbstractTableModel):
    """Named categories, one row each, ordered by id."""

    #: After every edit by the user: add, rename, remove, import (what is saved).
    changed = Signal()
    #: After every change of what :meth:`label` answers, the table loaded at start
    #: included: views showing category labels refresh on it.
    labelsChanged = Signal()
    #: A rejected edit in place, with the sentence to show.
    problem = Signal(str)

    def __init__(self, table: CategoryTable | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._table = CategoryTable(table.as_dict() if table is not None else None)
        self._rows: list[Category] = self._table.categories()

    # -- reading -------------------------------------------------------------------------------

    def table(self) -> CategoryTable:
        """A copy of the current table."""
        return CategoryTable(self._table.as_dict())

    def label(self, category_id: int) -> str:
        """The display rule: ``"Dogs (1)"``, or ``"1"`` when unnamed."""
        return self._table.label(category_id)

    def name_of(self, category_id: int) -> str | None:
        return self._table.name_of(category_id)

    def category_at(self, row: int) -> Category:
        return self._rows[row]

    def row_of(self, category_id: int) -> int:
        for row, category in enumerate(self._rows):
            if category.id == category_id:
                return row
        return -1

    # -- changing ------------------------------------------------------------------------------

    def add(self, category_id: int, name: str) -> Category:
        """Name ``category_id``; :class:`CategoryError` says why not."""
        candidate = self.table()
        category = candidate.add(category_id, name)
        row = sum(1 for c in self._rows if c.id < category_id)
        self.beginInsertRows(QModelIndex(), row, row)
        self._table = candidate
        self._rows.insert(row, category)
        self.endInsertRows()
        self._emit_changed()
        return category

    def rename(self, category_id: int, name: str) -> Category:
        candidate = self.table()
        category = candidate.rename(category_id, name)
        row = self.row_of(category_id)
        self._table = candidate
        self._rows[row] = category
        index = self.index(row, CategoryColumn.NAME)
        self.dataChanged.emit(index, index)
        self._emit_changed()
        return category

    def remove(self, category_id: int) -> Category:
        candidate = self.table()
        category = candidate.remove(category_id)
        row = self.row_of(category_id)
        self.beginRemoveRows(QModelIndex(), row, row)
        self._table = candidate
        del self._rows[row]
        self.endRemoveRows()
        self._emit_changed()
        return category

    def replace(self, table: CategoryTable, *, notify: bool = True) -> None:
        """Show ``table`` instead (an import, or the table loaded at start)."""
        self.beginResetModel()
        self._table = CategoryTable(table.as_dict())
        self._rows = self._table.categories()
        self.endResetModel()
        if notify:
            self.changed.emit()
        self.labelsChanged.emit()

    def _emit_changed(self) -> None:
        self.changed.emit()
        self.labelsChanged.emit()

    # -- Qt model interface ----------------------------------------------------------------

    def rowCount(self, parent: _AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(CategoryColumn)

    def data(self, index: _AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        category = self._rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return str(category.id) if index.column() == CategoryColumn.ID else category.name
        if role == CATEGORY_ROLE:
            return category
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return category.label
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        if section == CategoryColumn.ID:
            return self.tr("Category ID")
        if section == CategoryColumn.NAME:
            return self.tr("Name")
        return None

    def flags(self, index: _AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == CategoryColumn.NAME:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def setData(self, index: _AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if (role != Qt.ItemDataRole.EditRole or not index.isValid()
                or index.column() != CategoryColumn.NAME):
            return False
        category = self._rows[index.row()]
        if str(value).strip() == category.name:
            return False
        try:
            self.rename(category.id, str(value))
        except CategoryError as error:
            self.problem.emit(str(error))
            return False
        return True


class CategoryPersistence(QObject):
    """Loads ``model``'s table from ``store`` and saves every change, through ``run_io``
    (the main window's worker), so the GUI thread does no file I/O."""

    #: The table was loaded (or seeded) and shown.
    loaded = Signal()
    #: A save finished.
    saved = Signal()
    #: Loading or saving failed, with the sentence to show.
    failed = Signal(str)

    def __init__(self, model: CategoryModel, store: CategoryStore, run_io: IoRunner,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._store = store
        self._run_io = run_io
        self._ready = False
        self._saving = False
        self._dirty = False
        self._closed = False
        self._seed: Mapping[int, str] | None = None
        model.changed.connect(self._on_changed)

    def close(self) -> None:
        """Stop: a load still running is not shown, later changes are not saved (the
        environment changed; a save already started still finishes)."""
        self._closed = True
        self._model.changed.disconnect(self._on_changed)

    @property
    def ready(self) -> bool:
        """True once the saved table is shown (before that, and after a failed load,
        nothing is saved)."""
        return self._ready

    def load(self, seed: Mapping[int, str] | None = None) -> None:
        """Read the saved table and show it; when none was saved, show ``seed`` (saved
        with the first change: opening the window, or ``--self-test``, writes nothing)."""
        self._seed = seed
        store = self._store
        self._run_io(lambda: load_or_seed(store, seed, save=False), self._on_loaded,
                     self._on_load_error)

    def _on_loaded(self, table: object) -> None:
        if self._closed:
            return
        if isinstance(table, CategoryTable):
            self._model.replace(table, notify=False)
        self._ready = True
        self.loaded.emit()
        if self._dirty:
            self._save()

    def _on_load_error(self, error: BaseException) -> None:
        if self._closed:
            return
        if isinstance(error, RequestCancelled):  # Stop (Esc) emptied the worker's queue
            self.load(self._seed)
            return
        self.failed.emit(str(error) + " " + self.tr("Changes to category names are not saved."))

    def _on_changed(self) -> None:
        self._dirty = True
        if self._ready and not self._saving:
            self._save()

    def _save(self) -> None:
        self._dirty = False
        self._saving = True
        snapshot = self._model.table()
        store = self._store
        self._run_io(lambda: store.save(snapshot), self._on_saved, self._on_save_error)

    def _on_saved(self, _result: object) -> None:
        self._saving = False
        self.saved.emit()
        if self._dirty:
            self._save()

    def _on_save_error(self, error: BaseException) -> None:
        self._saving = False
        if isinstance(error, RequestCancelled):  # Stop (Esc): the names still need saving
            self._save()
            return
        self.failed.emit(str(error))

