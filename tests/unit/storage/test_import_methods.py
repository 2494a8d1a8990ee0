"""The outbox methods a bulk import uses: queue once per origin, a batch's entries, facts."""

from __future__ import annotations

from petdesk.core.statuses import PetStatus
from petdesk.storage.rows import Draft, OutboxState
from petdesk.storage.sqlite.store import SqliteStore


def test_queue_unique_skips_origins_already_held(store: SqliteStore) -> None:
    items = [(Draft(f"Pet {i}", 1, PetStatus.AVAILABLE), f"import:abc:row:{i}")
             for i in range(2, 5)]
    assert store.outbox.queue_unique(items) == 3
    store.outbox.mark_sending(store.outbox.entries_from("import:abc:")[0].local_id)
    assert store.outbox.queue_unique([*items, (Draft("Pet 5", 2, None), "import:abc:row:5")]) == 1
    entries = store.outbox.entries_from("import:abc:")
    assert [(e.name, e.origin, e.state) for e in entries] == [
        ("Pet 2", "import:abc:row:2", OutboxState.SENDING),
        ("Pet 3", "import:abc:row:3", OutboxState.WAITING),
        ("Pet 4", "import:abc:row:4", OutboxState.WAITING),
        ("Pet 5", "import:abc:row:5", OutboxState.WAITING)]
    assert entries[3].draft == Draft("Pet 5", 2, None)
    assert store.outbox.entries_from("import:ab:") == []
    assert store.outbox.entries_from("import:abd:") == []


def test_facts_are_remembered(store: SqliteStore) -> None:
    assert store.meta.fact("import-mapping:x") is None
    store.meta.set_fact("import-mapping:x", '{"columns": {}}')
    store.meta.set_fact("import-mapping:x", '{"columns": {"name": 0}}')
    assert store.meta.fact("import-mapping:x") == '{"columns": {"name": 0}}'
