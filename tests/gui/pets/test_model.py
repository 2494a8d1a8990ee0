"""The pets table model (the view's model: sorting and the name filter are its own)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QIcon, QPalette
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

from petdesk.api import Pet, PetStatus
from petdesk.gui.pets.pet_model import Column, PetRole, PetTableModel

STATUSES = [PetStatus.AVAILABLE, PetStatus.PENDING, PetStatus.SOLD, None]


def pets(count: int, start: int = 1) -> list[Pet]:
    return [Pet(id=i, name=f"Pet {(i * 7919) % 1000:03d}", categoryId=i % 7 + 1,
                status=STATUSES[i % 4]) for i in range(start, start + count)]


@pytest.fixture
def models(qapp) -> tuple[PetTableModel, PetTableModel]:
    """The model twice: once as the source of data, once as what the view shows."""
    model = PetTableModel()
    return model, model


def test_qtmodeltester_sorted_and_filtered(qtmodeltester, models) -> None:
    model, proxy = models
    model.append_pets(pets(50))
    qtmodeltester.check(model, force_py=True)
    proxy.sort(Column.NAME, Qt.SortOrder.DescendingOrder)
    proxy.set_name_filter("pet 1")
    qtmodeltester.check(proxy, force_py=True)


def test_roles(models) -> None:
    model, _ = models
    model.append_pets(pets(4))
    pet = model.pet(0)
    assert model.data(model.index(0, Column.ID)) == str(pet.id)
    assert model.data(model.index(0, Column.NAME)) == pet.name
    assert model.data(model.index(0, Column.CATEGORY)) == str(pet.category_id)
    assert model.data(model.index(0, Column.ID), PetRole) is pet
    status = model.index(0, Column.STATUS)
    assert model.data(status) == "Pending"  # text as well as colour
    assert isinstance(model.data(status, Qt.ItemDataRole.DecorationRole), QIcon)
    assert isinstance(model.data(status, Qt.ItemDataRole.ForegroundRole), QColor)
    assert model.data(model.index(2, Column.STATUS)) == "No status"
    assert model.headerData(Column.STATUS, Qt.Orientation.Horizontal) == "Status"


def test_sort_and_filter_through_the_proxy_keep_the_selection(models) -> None:
    model, proxy = models
    model.append_pets(pets(200))
    keep = QPersistentModelIndex(proxy.index_of(123))
    proxy.sort(Column.NAME, Qt.SortOrder.AscendingOrder)
    names = [proxy.index(r, Column.NAME).data() for r in range(proxy.rowCount())]
    assert names == sorted(names, key=str.casefold)
    assert proxy.pet_at(keep).id == 123  # the persistent index followed its pet
    proxy.sort(Column.STATUS, Qt.SortOrder.DescendingOrder)
    assert proxy.pet_at(proxy.index(0, 0)).status is None
    proxy.set_name_filter("PET 00")
    shown = [proxy.pet_at(proxy.index(r, 0)).name for r in range(proxy.rowCount())]
    assert shown and all(name.startswith("Pet 00") for name in shown)
    model.append_pets([Pet(id=9999, name="pet 000 late", categoryId=1)])
    assert "pet 000 late" in [proxy.pet_at(proxy.index(r, 0)).name
                             for r in range(proxy.rowCount())]
    assert model.total_count == 201


def test_upsert_replaces_a_known_pet(models) -> None:
    model, _ = models
    model.append_pets(pets(3))
    model.upsert_pet(Pet(id=2, name="Renamed", categoryId=1))
    assert model.pet(1).name == "Renamed" and model.rowCount() == 3
    model.upsert_pet(Pet(id=50, name="New", categoryId=1))
    assert model.rowCount() == 4


def test_100k_rows_append_sort_and_filter(models) -> None:
    """Right at 100k rows; how fast is figure 5 of tests/benchmarks."""
    model, proxy = models
    model.append_pets(pets(100_000))
    proxy.sort(Column.NAME, Qt.SortOrder.AscendingOrder)
    proxy.set_name_filter("pet 99")
    assert proxy.rowCount() == 100_000 // 100


class _CountingModel(PetTableModel):
    """Counts the calls Qt makes into Python for the model's shape and data."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = {"rowCount": 0, "columnCount": 0, "data": 0}

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        self.calls["rowCount"] += 1
        return super().rowCount(parent)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: B008
        self.calls["columnCount"] += 1
        return super().columnCount(parent)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        self.calls["data"] += 1
        return super().data(index, role)


def _painted(proxy: PetTableModel, row: int, column: int) -> QStyleOptionViewItem:
    """What a view's delegate reads to paint the cell (through ``multiData``)."""
    option = QStyleOptionViewItem()
    QStyledItemDelegate().initStyleOption(option, proxy.index(row, column))
    return option


def test_a_painted_cell_is_answered_without_data_calls(qapp) -> None:
    model = _CountingModel()
    proxy = model
    model.append_pets(pets(60))
    proxy.sort(Column.NAME, Qt.SortOrder.DescendingOrder)  # done by the source model
    proxy.set_name_filter("pet 1")
    rows = proxy.rowCount()
    assert rows > 3
    expected = [[model.data(model.index(row, column)) for column in Column]
                for row in range(rows)]
    colours = [model.data(model.index(row, Column.STATUS), Qt.ItemDataRole.ForegroundRole)
               for row in range(rows)]
    model.calls.update(dict.fromkeys(model.calls, 0))
    painted = [[_painted(proxy, row, column) for column in Column] for row in range(rows)]
    flags = {proxy.flags(proxy.index(row, column)) for row in range(rows) for column in Column}
    # multiData answers every role of a cell at once: no data() call per role.
    assert model.calls["data"] == 0
    assert [[option.text for option in row] for row in painted] == expected
    assert flags == {Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable}
    for row in range(rows):
        status = painted[row][Column.STATUS]
        assert not status.icon.isNull()
        assert status.palette.color(QPalette.ColorRole.Text) == colours[row]
        assert painted[row][Column.ID].displayAlignment & Qt.AlignmentFlag.AlignRight
        assert painted[row][Column.NAME].icon.isNull()
        assert proxy.pet_at(proxy.index(row, 0)) is model.pet(row)
    assert not proxy.index(rows, 0).isValid()
    assert proxy.flags(QModelIndex()) == Qt.ItemFlag.NoItemFlags
    assert proxy.data(QModelIndex(), PetRole) is None


def _names(proxy: PetTableModel) -> list[str]:
    return [proxy.pet_at(proxy.index(r, 0)).name for r in range(proxy.rowCount())]


@pytest.mark.parametrize(("column", "order", "needle"), [
    (Column.ID, Qt.SortOrder.AscendingOrder, ""),
    (Column.ID, Qt.SortOrder.DescendingOrder, ""),
    (Column.NAME, Qt.SortOrder.AscendingOrder, ""),
    (Column.NAME, Qt.SortOrder.DescendingOrder, "pet 1"),
    (Column.STATUS, Qt.SortOrder.AscendingOrder, "pet"),
])
def test_sorted_appends_insert_rows_where_they_belong(models, column, order, needle) -> None:
    model, proxy = models
    model.append_pets(pets(120))
    proxy.sort(column, order)
    proxy.set_name_filter(needle)
    keep = QPersistentModelIndex(proxy.index(7, Column.NAME))
    kept = proxy.pet_at(keep)
    layouts: list[int] = []
    inserted: list[tuple[int, int]] = []
    proxy.layoutChanged.connect(lambda *_: layouts.append(1))
    proxy.rowsInserted.connect(lambda _parent, first, last: inserted.append((first, last)))
    added = [Pet(id=1000, name="Pet 100 added", categoryId=1, status=PetStatus.SOLD)]
    model.upsert_pet(added[0])  # one pet: inserted at its row, no reorder
    assert not layouts and len(inserted) == 1
    added += pets(30, start=2000)  # a page of higher ids
    model.append_pets(added[1:])
    if (column, order) == (Column.ID, Qt.SortOrder.AscendingOrder):
        assert not layouts  # the page sorts to the end: appended, no reorder
    expected = PetTableModel()
    expected.append_pets(pets(120) + added)
    expected.sort(column, order)
    expected.set_name_filter(needle)
    assert [proxy.pet_at(proxy.index(r, 0)) for r in range(proxy.rowCount())] == list(
        expected.pets)
    assert proxy.pet_at(keep) is kept  # the selection followed its pet
    row = model.row_of(1000)
    assert row is not None and model.pet(row).name == "Pet 100 added"
    assert _names(proxy) == [p.name for p in expected.pets]
