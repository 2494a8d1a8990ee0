"""Search and order over the mirror, the one name folding, the id-or-name parser, and
the schema's migration to version 3."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from petdesk.core.names import SearchInput, fold_name, parse_search
from petdesk.core.statuses import PetStatus
from petdesk.services.catalogue.mirror import MirrorPhase, MirrorStatus
from petdesk.services.catalogue.wording import about, catalogue_line, duration_text, search_note
from petdesk.storage.rows import MirrorQuery, MirrorSort, MirrorState, PetRow
from petdesk.storage.sqlite.schema import migrate
from petdesk.storage.sqlite.store import SqliteStore, open_store
from tests.helpers.api_fakes import FakeClock
from tests.helpers.store_helpers import find, mirror

AVAILABLE, PENDING, SOLD = PetStatus.AVAILABLE, PetStatus.PENDING, PetStatus.SOLD
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
def mirrored(store: SqliteStore) -> SqliteStore:
    mirror(store, PETS)
    return store


def _ids(rows: list[PetRow]) -> list[int]:
    return [r.id for r in rows]


def test_names_fold_case_and_accents_the_same_way_everywhere() -> None:
    assert fold_name("Zoë") == fold_name("ZOE") == fold_name("zoe") == "zoe"
    assert fold_name("Straße") == "strasse"
    assert fold_name("Ｍｏｃｈｉ") == "mochi"
    assert fold_name("Ábel") == "abel"
    assert fold_name("Rex") == "rex"  # the ASCII fast path agrees
    assert fold_name("İstanbul").startswith("i")


def test_a_name_search_covers_every_spelling(mirrored: SqliteStore) -> None:
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
def test_every_column_sorts_with_ties_by_id(mirrored: SqliteStore, sort: MirrorSort,
                                            descending: bool, expected: list[int]) -> None:
    assert _ids(mirrored.catalogue.search(MirrorQuery("", sort, descending))) == expected


def test_rows_come_in_windows(store: SqliteStore) -> None:
    mirror(store, (PetRow(i, f"Pet {i}", 1, None) for i in range(1, 1_001)))
    query = MirrorQuery()
    windows = [store.catalogue.search(query, offset=o, limit=200) for o in range(0, 1_000, 200)]
    assert [len(w) for w in windows] == [200] * 5
    assert _ids(windows[0])[:2] == [1_000, 999]
    assert _ids(windows[-1])[-1] == 1
    assert store.catalogue.search(query, offset=1_000, limit=200) == []


@pytest.mark.parametrize(("typed", "expected"), [
    ("42", SearchInput(42, "42")),
    ("  #42 ", SearchInput(42, "#42")),
    ("1,024", SearchInput(1_024, "1,024")),
    ("12 345", SearchInput(12_345, "12 345")),
    ("9223372036854775807", SearchInput(2**63 - 1, "9223372036854775807")),
    ("9223372036854775808", SearchInput(None, "9223372036854775808")),
    ("0", SearchInput(None, "0")),
    ("007", SearchInput(7, "007")),
    ("ID: 42", SearchInput(42, "ID: 42")),
    ("id 42", SearchInput(42, "id 42")),
    ("Idris", SearchInput(None, "Idris")),
    ("#", SearchInput(None, "#")),
    ("1,02", SearchInput(None, "1,02")),
    ("-5", SearchInput(None, "-5")),
    ("1.5", SearchInput(None, "1.5")),
    ("12,34", SearchInput(None, "12,34")),
    ("٤٢", SearchInput(None, "٤٢")),  # not ASCII digits: a name
    ("Mochi", SearchInput(None, "Mochi")),
    ("R2D2", SearchInput(None, "R2D2")),
    ("", SearchInput(None, "")),
])
def test_the_search_box_tells_an_id_from_a_name(typed: str, expected: SearchInput) -> None:
    assert parse_search(typed) == expected
    assert parse_search(typed).is_id is (expected.pet_id is not None)


NOW = datetime(2026, 11, 24, 9, 50, tzinfo=UTC).timestamp()
AT_0942 = datetime(2026, 11, 24, 9, 42, tzinfo=UTC).timestamp()


def _status(phase: MirrorPhase, count: int, total: int | None, complete_at: float | None,
            **kw: float) -> MirrorStatus:
    return MirrorStatus(phase, count, total, complete_at, kw.get("next_update_at"),
                        kw.get("resume_at"), 0, 250, 0)


def test_results_say_how_fresh_they_are() -> None:
    done = _status(MirrorPhase.COMPLETE, 8_412, 8_412, AT_0942, next_update_at=NOW + 25 * 60)
    assert catalogue_line(done, NOW, UTC) == \
        "Catalogue: 8,412 pets · complete as of 09:42 · next update in 25 min"
    assert search_note(3, " mochi ", done, NOW, UTC) == \
        "3 pets whose name contains “mochi” · catalogue complete as of 09:42"
    assert search_note(0, "Rex", done, NOW, UTC) == \
        "No pet's name contains “Rex” · catalogue complete as of 09:42"
    filling = _status(MirrorPhase.FILLING, 3_100, 8_412, None)
    assert search_note(1, "mochi", filling, NOW, UTC) == (
        "1 pet whose name contains “mochi” · searched 3,100 of about 8,400 pets; the "
        "catalogue is still filling")
    updating = _status(MirrorPhase.UPDATING, 8_412, 8_412, AT_0942)
    assert catalogue_line(updating, NOW, UTC).endswith("· updating…")
    assert about(947) == "950" and about(8_412) == "8,400" and about(7) == "7"
    assert duration_text(30) == "less than a minute"
    assert duration_text(125 * 60) == "2 h 5 min"
    assert duration_text(3 * 86_400) == "3 days"


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
