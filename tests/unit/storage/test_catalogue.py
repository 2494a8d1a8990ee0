"""The catalogue mirror: its pets and progress, searched in windows, in a file of its own."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from petdesk.core.names import fold_name
from petdesk.core.statuses import PetStatus
from petdesk.storage.repositories import Store
from petdesk.storage.rows import (
    MirrorQuery,
    MirrorSort,
    MirrorState,
    PetRow,
)
from petdesk.storage.sqlite.schema import migrate
from petdesk.storage.sqlite.store import open_store
from tests.helpers.api_fakes import FakeClock
from tests.helpers.store_helpers import find, mirror

AVAILABLE, PENDING, SOLD = PetStatus.AVAILABLE, PetStatus.PENDING, PetStatus.SOLD


def test_the_mirror_has_its_pets_and_progress(store: Store) -> None:
    mirror(store, (PetRow(i, f"Pet {i}", 1, None) for i in range(1, 251)))
    assert store.catalogue.count() == 250
    assert [r.id for r in store.catalogue.rows(newest_first=True, limit=3)] == [250, 249, 248]
    assert store.catalogue.state() == MirrorState(None, None, None, None)
    state = MirrorState("https://x/v1/pets?cursor=b", 10.0, None, 250)
    store.catalogue.set_state(state)
    assert store.catalogue.state() == state
    assert fold_name("  ZOË Ångström ") == "  zoe angstrom "


def test_the_mirror_finds_names_with_folding_newest_first(store: Store) -> None:
    mirror(store, [PetRow(1, "Zoë", 2, None), PetRow(2, "Mochi", 2, AVAILABLE),
                         PetRow(3, "ZOE Junior", 1, None), PetRow(4, "Rex", 1, None)])
    assert [p.id for p in find(store, " zoe ")] == [3, 1]
    assert [p.id for p in find(store, "MOCH")] == [2]
    assert find(store, "   ") == []
    assert [p.id for p in find(store, "e", limit=2)] == [4, 3]


PETS = [
    PetRow(1, "Zoë", 3, SOLD),
    PetRow(2, "zoe", 1, None),
    PetRow(3, "ZOË the second", 2, AVAILABLE),
    PetRow(4, "Mochi", 2, PENDING),
    PetRow(5, "Ｍｏｃｈｉ", 1, AVAILABLE),  # full-width, as some keyboards type it
    PetRow(6, "Straße", 1, None),
    PetRow(7, "Ábel", 3, PENDING),
]


@pytest.fixture
def mirrored(store: Store) -> Store:
    mirror(store, PETS)
    return store


def _ids(rows: list[PetRow]) -> list[int]:
    return [r.id for r in rows]


def test_a_name_search_covers_every_spelling(mirrored: Store) -> None:
    assert _ids(mirrored.catalogue.search(MirrorQuery("zoe"))) == [3, 2, 1]  # newest first
    assert _ids(mirrored.catalogue.search(MirrorQuery("ZOË"))) == [3, 2, 1]
    assert _ids(mirrored.catalogue.search(MirrorQuery("mochi"))) == [5, 4]
    assert _ids(mirrored.catalogue.search(MirrorQuery("strasse"))) == [6]
    assert _ids(mirrored.catalogue.search(MirrorQuery("  abel "))) == [7]
    assert mirrored.catalogue.search_count(MirrorQuery("zoe")) == 3
    assert mirrored.catalogue.search_count(MirrorQuery("nobody")) == 0
    assert mirrored.catalogue.search_count(MirrorQuery("")) == 7
    assert _ids(find(mirrored, "Zoë")) == [3, 2, 1]
    assert find(mirrored, "   ") == []


@pytest.mark.parametrize(("sort", "descending", "expected"), [
    (MirrorSort.ID, True, [7, 6, 5, 4, 3, 2, 1]),
    (MirrorSort.ID, False, [1, 2, 3, 4, 5, 6, 7]),
    (MirrorSort.NAME, False, [7, 4, 5, 6, 1, 2, 3]),
    (MirrorSort.CATEGORY, False, [2, 5, 6, 3, 4, 1, 7]),
    (MirrorSort.STATUS, False, [3, 5, 4, 7, 1, 2, 6]),  # no status last, as in the table
    (MirrorSort.STATUS, True, [6, 2, 1, 7, 4, 5, 3]),
])
def test_every_column_sorts_with_ties_by_id(mirrored: Store, sort: MirrorSort,
                                            descending: bool, expected: list[int]) -> None:
    assert _ids(mirrored.catalogue.search(MirrorQuery("", sort, descending))) == expected


def test_rows_come_in_windows(store: Store) -> None:
    mirror(store, (PetRow(i, f"Pet {i}", 1, None) for i in range(1, 1_001)))
    query = MirrorQuery()
    windows = [store.catalogue.search(query, offset=o, limit=200) for o in range(0, 1_000, 200)]
    assert [len(w) for w in windows] == [200] * 5
    assert _ids(windows[0])[:2] == [1_000, 999]
    assert _ids(windows[-1])[-1] == 1
    assert store.catalogue.search(query, offset=1_000, limit=200) == []


def test_a_version_2_store_moves_its_mirror_to_a_file_of_its_own(
        store_file: Path, clock: FakeClock) -> None:
    """Version 3 drops the mirror's tables from the store file (the mirror is
    downloaded again into its own file) and keeps everything else."""
    store_file.parent.mkdir(parents=True)
    conn = sqlite3.connect(store_file, isolation_level=None)
    migrate(conn, 2)
    conn.execute("INSERT INTO mirror_pet VALUES (5, 'Rex', 'rex', 1, NULL, 1.0)")
    conn.execute("INSERT INTO looked_up VALUES (9, 'Mimi', 2, NULL, 1.0)")
    conn.close()
    opened = open_store(store_file, "production", clock=clock)
    assert opened.problem is None
    with opened.store as store:
        assert store.pages.looked_up(9) is not None
        assert store.catalogue.count() == 0
        assert store.catalogue.state() == MirrorState(None, None, None, None)
        assert store.catalogue.path == store_file.with_name("store-production.catalogue.sqlite3")
        assert store.catalogue.path.exists()
    check = sqlite3.connect(store_file)
    try:
        tables = check.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    finally:
        check.close()
    assert ("mirror_pet",) not in tables


def test_opening_the_store_does_not_read_the_mirror(store_file: Path,
                                                    clock: FakeClock) -> None:
    with open_store(store_file, "production", clock=clock).store as store:
        mirror(store, [PetRow(77, "Rex", 1, None)])
    with open_store(store_file, "production", clock=clock).store as store:
        assert store.meta.newest_known_id() == 0  # the mirror's file is not even attached
        assert store.pages.looked_up(77) is None
        assert store.catalogue.open() is None
        assert store.meta.newest_known_id() == 77
        found = store.pages.looked_up(77)  # a look-up answered from the mirror when offline
        assert found is not None and found.pet.name == "Rex"


def test_an_in_memory_store_keeps_its_mirror_in_memory(clock: FakeClock) -> None:
    with open_store(None, "production", clock=clock).store as store:
        assert store.catalogue.path is None
        mirror(store, [PetRow(1, "Rex", 1, None)])
        assert store.catalogue.count() == 1


def test_one_window_or_desk_at_a_time_does_a_fill_step(
        store: Store, reopen: Callable[[], Store]) -> None:
    other = reopen()
    with store.catalogue.fill_turn() as mine:
        assert mine
        with other.catalogue.fill_turn() as theirs:
            assert not theirs
    with other.catalogue.fill_turn() as theirs:
        assert theirs
