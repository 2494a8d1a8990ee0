"""The SQLite store: seeding, persistence, reset, paging queries, thread safety."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from petdesk.sandbox import CATEGORIES, PET_STATUSES, SEED_COUNT, Store, StoreError
from petdesk.sandbox.store import INT64_MAX, default_db_path
from tests.helpers.sandbox_store import every_pet


def test_seed_is_deterministic_and_varied() -> None:
    with Store(None) as a, Store(None) as b:
        pets = every_pet(a)
        assert pets == every_pet(b)
    assert len(pets) == SEED_COUNT == 300
    assert [p.id for p in pets] == list(range(1, 301))
    statuses = {p.status for p in pets}
    assert statuses == {*PET_STATUSES, None}
    assert {p.category_id for p in pets} == set(CATEGORIES)
    assert len({p.name for p in pets}) > 100
    assert all(0 < len(p.name) <= 100 and p.name == p.name.strip() for p in pets)


def test_counts_by_status_add_up() -> None:
    with Store(None) as store:
        by_status = {s: store.count(s) for s in PET_STATUSES}
        assert all(n > 0 for n in by_status.values())
        assert sum(by_status.values()) < store.count()


def test_to_json_omits_missing_status() -> None:
    with Store(None) as store:
        pet = store.add_pet("Nameless", 3, None)
        assert pet.to_json() == {"id": 301, "name": "Nameless", "categoryId": 3}
        pet = store.add_pet("Rex", 1, "sold")
        assert pet.to_json() == {"id": 302, "name": "Rex", "categoryId": 1, "status": "sold"}


def test_file_persists_across_reopen_and_reset(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "pets.sqlite3"
    with Store(path) as store:
        assert store.created
        pet = store.add_pet("Persistent", 2, "pending")
    with Store(path) as store:
        assert not store.created
        assert store.count() == 301
        assert store.get_pet(pet.id) == pet
        store.reset()
        assert store.count() == 300
        assert store.get_pet(301) is None
        assert store.add_pet("After reset", 1).id == 301
    with Store(path) as store:
        assert store.count() == 301


def test_foreign_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute("INSERT INTO meta VALUES ('schema_version', '99')")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError):
        Store(path)


def test_list_pets_keyset_paging_and_filter() -> None:
    with Store(None) as store:
        page, more = store.list_pets(limit=10)
        assert [p.id for p in page] == list(range(1, 11))
        assert more
        page, more = store.list_pets(limit=10, after_id=295)
        assert [p.id for p in page] == list(range(296, 301))
        assert not more
        sold, _ = store.list_pets(limit=100, status="sold")
        assert sold
        assert all(p.status == "sold" for p in sold)
        assert store.list_pets(limit=5, after_id=INT64_MAX) == ([], False)
        assert store.list_pets(limit=5, after_id=2**64) == ([], False)


def test_get_pet_out_of_range_is_none() -> None:
    with Store(None) as store:
        assert store.get_pet(0) is None
        assert store.get_pet(-1) is None
        assert store.get_pet(2**63) is None
        assert store.get_pet(1) is not None


def test_names_with_unusual_characters_round_trip() -> None:
    with Store(None) as store:
        for name in ("a\x00b", "Émile 🐈", "名前"):
            pet = store.add_pet(name, 1)
            assert store.get_pet(pet.id) == pet


def test_concurrent_writers_get_unique_ids(tmp_path: Path) -> None:
    with Store(tmp_path / "threads.sqlite3") as store:
        barrier = threading.Barrier(8)
        ids: list[int] = []
        lock = threading.Lock()

        def work() -> None:
            barrier.wait()
            for i in range(25):
                pet = store.add_pet(f"T{i}", 1, "available")
                with lock:
                    ids.append(pet.id)
                store.list_pets(limit=5, status="available")

        threads = [threading.Thread(target=work) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(set(ids)) == 200
        assert store.count() == 500


def test_default_db_path_is_in_petdesks_data_folder() -> None:
    from petdesk.core.folders import data_dir

    path = default_db_path()
    assert path.name == "sandbox.sqlite3"
    assert path.parent == data_dir()


def test_seed_count_is_configurable() -> None:
    with Store(None, seed_count=5) as store:
        assert store.count() == 5
    with pytest.raises(ValueError, match="seed_count"):
        Store(None, seed_count=-1)
