"""The catalogue's results model (Find any animal): lazy windows over the mirror,
bounded memory, checked with pytest-qt's qtmodeltester. The worker is replaced by a
direct read of an in-memory store (the window's path is in test_catalogue_window)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from petdesk.core.statuses import PetStatus
from petdesk.gui.catalogue.search_model import MAX_WINDOWS, WINDOW, CatalogueResultsModel
from petdesk.services.catalogue.mirror import MirrorPhase, MirrorStatus
from petdesk.services.catalogue.service import ResultWindow
from petdesk.storage.rows import MirrorQuery, MirrorSort, PetRow
from petdesk.storage.sqlite.store import SqliteStore, open_store
from tests.helpers import ui
from tests.helpers.store_helpers import mirror

STATUSES = (PetStatus.AVAILABLE, PetStatus.PENDING, PetStatus.SOLD, None)
STATUS = MirrorStatus(MirrorPhase.COMPLETE, 0, 0, 1.0, None, None, 0, 250, 0)


def _store(count: int) -> SqliteStore:
    store = open_store(None, "production").store
    mirror(store, (PetRow(i, "Zoë" if i % 997 == 0 else f"Pet {i}", i % 7 + 1,
                               STATUSES[i % 4]) for i in range(1, count + 1)))
    return store


def _fetch(store: SqliteStore, calls: list[int]) -> Callable[..., None]:
    def fetch(query: MirrorQuery, offset: int, limit: int,
              done: Callable[[ResultWindow], None]) -> None:
        calls.append(offset)
        done(ResultWindow(query, store.catalogue.search_count(query), offset,
                          tuple(store.catalogue.search(query, offset=offset, limit=limit)), STATUS))

    return fetch


@pytest.fixture
def small() -> Iterator[SqliteStore]:
    store = _store(1_000)
    yield store
    store.close()


def test_the_model_passes_qtmodeltester(qtmodeltester: Any, small: SqliteStore) -> None:
    model = CatalogueResultsModel(_fetch(small, []))
    model.set_query(MirrorQuery("zoe"))
    assert model.rowCount() == 1
    assert model.index(0, 1).data() == "Zoë"
    qtmodeltester.check(model)


def test_every_column_sorts_and_newest_is_first_by_default(small: SqliteStore) -> None:
    model = CatalogueResultsModel(_fetch(small, []))
    model.set_query(MirrorQuery())
    assert model.index(0, 0).data() == "1000"
    model.sort(1, Qt.SortOrder.AscendingOrder)
    assert model.query.sort is MirrorSort.NAME
    assert model.index(0, 1).data() == "Pet 1"  # by folded name
    model.sort(3, Qt.SortOrder.AscendingOrder)
    assert model.index(0, 3).data() == "Available"
    model.sort(0, Qt.SortOrder.AscendingOrder)
    assert model.index(0, 0).data() == "1"


def test_100000_pets_are_read_in_bounded_windows() -> None:
    store = _store(100_000)
    calls: list[int] = []
    try:
        model = CatalogueResultsModel(_fetch(store, calls))
        model.set_query(MirrorQuery())
        assert model.rowCount() == 100_000
        for row in range(0, 100_000, 997):  # a scroll through the whole catalogue
            assert model.index(row, 0).data() in ("…", str(100_000 - row))
            assert model.index(row, 0).data() == str(100_000 - row)
        assert ui.held_rows(model) <= MAX_WINDOWS * WINDOW
        assert len(calls) <= 100_000 // WINDOW + 1  # each window read once on the way
    finally:
        store.close()
