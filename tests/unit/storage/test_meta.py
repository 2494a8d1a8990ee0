"""Facts the store remembers: the newest pet id, remembered values."""

from __future__ import annotations

from petdesk.core.statuses import PetStatus
from petdesk.storage.repositories import Store
from petdesk.storage.rows import PetRow, StoredQuery

AVAILABLE = PetStatus.AVAILABLE
ROWS = [PetRow(1, "Rex", 1, AVAILABLE), PetRow(2, "Mimi", 2, None),
        PetRow(3, "Zoë", 2, PetStatus.SOLD)]


def test_the_newest_known_id_comes_from_everything_seen(store: Store) -> None:
    assert store.meta.newest_known_id() == 0
    assert not store.meta.newest_id_verified()
    store.pages.save_page(StoredQuery(None, 20), ROWS, next_url=None)
    assert store.meta.newest_known_id() == 3
    store.pages.save_looked_up(PetRow(40, "x", 1, None))
    assert store.meta.newest_known_id() == 40
    store.meta.note_newest_id(90, verified=True)
    assert store.meta.newest_known_id() == 90
    assert store.meta.newest_id_verified()
    store.meta.note_newest_id(50, verified=False)
    assert store.meta.newest_known_id() == 90


def test_facts_are_remembered(store: Store) -> None:
    assert store.meta.fact("import-mapping:x") is None
    store.meta.set_fact("import-mapping:x", '{"columns": {}}')
    store.meta.set_fact("import-mapping:x", '{"columns": {"name": 0}}')
    assert store.meta.fact("import-mapping:x") == '{"columns": {"name": 0}}'
