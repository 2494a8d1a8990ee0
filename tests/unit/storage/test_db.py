"""The store's contents: pages, looked-up pets, the outbox, the mirror."""

from __future__ import annotations

from pathlib import Path

import pytest

from petdesk.core.names import fold_name
from petdesk.core.statuses import PetStatus
from petdesk.storage.paths import store_path
from petdesk.storage.rows import Draft, MirrorState, OutboxError, OutboxState, PetRow, StoredQuery
from petdesk.storage.sqlite.store import SqliteStore, open_store
from tests.helpers.api_fakes import FakeClock
from tests.helpers.store_helpers import batch_counts, find, mirror, queue_many

AVAILABLE = PetStatus.AVAILABLE
ROWS = [PetRow(1, "Rex", 1, AVAILABLE), PetRow(2, "Mimi", 2, None),
        PetRow(3, "Zoë", 2, PetStatus.SOLD)]


def test_a_page_is_stored_per_query_with_its_time(store: SqliteStore, clock: FakeClock) -> None:
    everything = StoredQuery(None, 20)
    sold = StoredQuery(PetStatus.SOLD, 20)
    store.pages.save_page(everything, ROWS, next_url="https://x/v1/pets?cursor=a")
    store.pages.save_page(sold, ROWS[2:], next_url=None, fetched_at=clock.time() + 5)
    page = store.pages.stored_page(everything)
    assert page is not None
    assert page.rows == tuple(ROWS)
    assert page.fetched_at == clock.time()
    assert page.next_url == "https://x/v1/pets?cursor=a"
    sold_page = store.pages.stored_page(sold)
    assert sold_page is not None and sold_page.rows == (ROWS[2],)
    assert store.pages.stored_page(StoredQuery(None, 100)) is None
    assert store.pages.stored_page(StoredQuery(PetStatus.PENDING, 20)) is None
    assert set(store.pages.stored_queries()) == {everything, sold}


def test_a_first_page_replaces_and_load_more_appends(store: SqliteStore,
                                                    clock: FakeClock) -> None:
    query = StoredQuery(None, 2)
    store.pages.save_page(query, ROWS[:2], next_url="next-1")
    clock.advance(10)
    store.pages.save_page(query, ROWS[2:], next_url=None, append=True)
    page = store.pages.stored_page(query)
    assert page is not None
    assert [r.id for r in page.rows] == [1, 2, 3]
    assert page.updated_at == page.fetched_at + 10
    assert page.next_url is None
    store.pages.save_page(query, [ROWS[1]], next_url="n")
    page = store.pages.stored_page(query)
    assert page is not None and [r.id for r in page.rows] == [2]


def test_looked_up_pets_answer_by_id_newest_copy_first(store: SqliteStore,
                                                      clock: FakeClock) -> None:
    assert store.pages.looked_up(7) is None
    store.pages.save_looked_up(PetRow(7, "Old name", 1, None))
    clock.advance(60)
    mirror(store, [PetRow(7, "Mirror name", 1, AVAILABLE)])
    found = store.pages.looked_up(7)
    assert found is not None
    assert found.pet.name == "Mirror name"
    assert found.fetched_at == clock.time()
    clock.advance(1)
    store.pages.save_looked_up(PetRow(7, "Fresh", 1, PetStatus.PENDING))
    found = store.pages.looked_up(7)
    assert found is not None and found.pet == PetRow(7, "Fresh", 1, PetStatus.PENDING)
    assert find(store, "fresh") == [PetRow(7, "Fresh", 1, PetStatus.PENDING)]


def test_the_newest_known_id_comes_from_everything_seen(store: SqliteStore) -> None:
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


def test_outbox_entries_keep_their_order_fields_and_floor(store: SqliteStore,
                                                         clock: FakeClock) -> None:
    store.meta.note_newest_id(300, verified=True)
    first = store.outbox.queue(Draft("Rex", 1, AVAILABLE))
    clock.advance(1)
    second = store.outbox.queue(Draft("Mimi", 2, None), origin="import:b1:7")
    assert first.state is OutboxState.WAITING
    assert first.environment == "production"
    assert first.floor_id == 300
    assert first.attempts == 0
    assert second.created_at == first.created_at + 1
    assert second.origin == "import:b1:7"
    assert [e.local_id for e in store.outbox.entries()] == [first.local_id, second.local_id]
    assert store.outbox.pending_count() == 2


def test_a_waiting_entry_can_be_edited_and_cancelled(store: SqliteStore) -> None:
    entry = store.outbox.queue(Draft("Rex", 1, AVAILABLE))
    edited = store.outbox.edit(entry.local_id, Draft("Rexy", 3, None))
    assert edited.draft == Draft("Rexy", 3, None)
    assert edited.state is OutboxState.WAITING
    cancelled = store.outbox.cancel(entry.local_id)
    assert cancelled.state is OutboxState.CANCELLED
    assert store.outbox.pending_count() == 0
    assert store.outbox.entries() == []
    assert [e.local_id for e in store.outbox.entries(include_finished=True)] == [entry.local_id]
    with pytest.raises(OutboxError):
        store.outbox.edit(entry.local_id, Draft("Again", 1, None))


@pytest.mark.parametrize("state", ["sending", "outcome_unknown", "sent", "failed"])
def test_an_entry_past_waiting_cannot_be_edited_or_cancelled(store: SqliteStore,
                                                            state: str) -> None:
    entry = store.outbox.queue(Draft("Rex", 1, AVAILABLE))
    store.outbox.mark_sending(entry.local_id)
    if state == "outcome_unknown":
        store.outbox.mark_unknown(entry.local_id)
    elif state == "sent":
        store.outbox.mark_sent(entry.local_id, 5)
    elif state == "failed":
        store.outbox.mark_failed(entry.local_id, "Field 'name' must not be blank.")
    with pytest.raises(OutboxError):
        store.outbox.edit(entry.local_id, Draft("Other", 1, None))
    with pytest.raises(OutboxError):
        store.outbox.cancel(entry.local_id)
    assert store.outbox.entry(entry.local_id).state is OutboxState(state)


def test_sending_marks_raise_the_floor_and_count_attempts(store: SqliteStore) -> None:
    entry = store.outbox.queue(Draft("Rex", 1, AVAILABLE))
    assert entry.floor_id == 0
    store.pages.save_looked_up(PetRow(42, "Seen", 1, None))
    sending = store.outbox.mark_sending(entry.local_id)
    assert sending.state is OutboxState.SENDING
    assert sending.attempts == 1
    assert sending.floor_id == 42
    assert not sending.floor_verified
    store.outbox.mark_waiting(entry.local_id, "no network")
    assert store.outbox.entry(entry.local_id).reason == "no network"
    store.meta.note_newest_id(40, verified=True)
    again = store.outbox.mark_sending(entry.local_id)
    assert again.floor_id == 42  # never lowered
    assert again.floor_verified
    assert again.attempts == 2
    assert store.outbox.ahead_of(entry.local_id) == 0
    later = store.outbox.queue(Draft("Later", 1, None))
    assert store.outbox.ahead_of(later.local_id) == 1
    store.outbox.mark_sent(entry.local_id, 43)
    done = store.outbox.entry(entry.local_id)
    assert done.state is OutboxState.SENT and done.pet_id == 43
    assert store.outbox.claimed_ids() == {43}
    assert store.meta.newest_known_id() == 43


def test_interrupted_sends_become_unknown_at_start_up(store: SqliteStore) -> None:
    a = store.outbox.queue(Draft("A", 1, None))
    b = store.outbox.queue(Draft("B", 1, None))
    store.outbox.mark_sending(a.local_id)
    assert store.outbox.recover_interrupted() == 1
    assert store.outbox.entry(a.local_id).state is OutboxState.OUTCOME_UNKNOWN
    assert store.outbox.entry(b.local_id).state is OutboxState.WAITING


def test_the_user_resolves_an_ambiguous_entry(store: SqliteStore) -> None:
    entry = store.outbox.queue(Draft("Rex", 1, None))
    store.outbox.mark_sending(entry.local_id)
    store.outbox.mark_unknown(entry.local_id)
    store.outbox.mark_needs_decision(entry.local_id, [11, 12])
    assert store.outbox.entry(entry.local_id).candidates == (11, 12)
    with pytest.raises(OutboxError):
        store.outbox.choose_created(entry.local_id, 13)
    chosen = store.outbox.choose_created(entry.local_id, 12)
    assert chosen.state is OutboxState.SENT and chosen.pet_id == 12
    other = store.outbox.queue(Draft("Rex", 1, None))
    store.outbox.mark_sending(other.local_id)
    store.outbox.mark_unknown(other.local_id)
    store.outbox.mark_needs_decision(other.local_id, [11, 14])
    again = store.outbox.send_again(other.local_id)
    assert again.state is OutboxState.WAITING and again.candidates == ()


def test_the_store_survives_closing_and_reopening(store_file: Path, clock: FakeClock) -> None:
    with open_store(store_file, "production", clock=clock).store as first:
        first.pages.save_page(StoredQuery(None, 20), ROWS, next_url=None)
        entry = first.outbox.queue(Draft("Rex", 1, AVAILABLE))
    with open_store(store_file, "production", clock=clock).store as second:
        page = second.pages.stored_page(StoredQuery(None, 20))
        assert page is not None and page.rows == tuple(ROWS)
        assert second.outbox.entry(entry.local_id).draft == Draft("Rex", 1, AVAILABLE)


def test_the_mirror_has_its_pets_and_progress(store: SqliteStore) -> None:
    mirror(store, (PetRow(i, f"Pet {i}", 1, None) for i in range(1, 251)))
    assert store.catalogue.count() == 250
    assert [r.id for r in store.catalogue.rows(newest_first=True, limit=3)] == [250, 249, 248]
    assert store.catalogue.state() == MirrorState(None, None, None, None)
    state = MirrorState("https://x/v1/pets?cursor=b", 10.0, None, 250)
    store.catalogue.set_state(state)
    assert store.catalogue.state() == state
    assert fold_name("  ZOË Ångström ") == "  zoe angstrom "


def test_each_environment_and_the_demo_have_their_own_file(tmp_path: Path) -> None:
    prod = store_path("production", folder=tmp_path)
    staging = store_path("staging", folder=tmp_path)
    demo = store_path("production", demo=True, folder=tmp_path)
    custom = store_path("production", base_url="https://pets.example/v1", folder=tmp_path)
    assert len({prod, staging, demo, custom}) == 4
    assert prod.name == "store-production.sqlite3"
    assert demo.name == "store-demo.sqlite3"
    assert store_path("production", base_url="https://pets.example/v1/",
                      folder=tmp_path) == custom
    assert "PetDesk" in str(store_path("production"))


def test_an_in_memory_store_works_for_the_session(clock: FakeClock) -> None:
    opened = open_store(None, "staging", clock=clock)
    assert opened.problem is None and opened.store.path is None
    with opened.store as store:
        entry = store.outbox.queue(Draft("Rex", 1, None))
        assert store.outbox.entry(entry.local_id).environment == "staging"


def test_a_bulk_import_is_queued_at_once_and_can_pause_resume_and_cancel(
        store: SqliteStore) -> None:
    single = store.outbox.queue(Draft("Walk-in", 1, None))
    ids = queue_many(store, ((Draft(f"Row {i}", 1, None), f"import:b7:{i}") for i in range(5)))
    other = queue_many(store, [(Draft("Other", 2, None), "import:b70:0")])
    assert len(ids) == 5 and ids == sorted(ids) and ids[0] > single.local_id
    assert store.outbox.entry(ids[3]).origin == "import:b7:3"
    assert store.outbox.hold("import:b7:", True) == 5
    assert store.outbox.entry(ids[0]).held
    store.outbox.mark_sending(single.local_id)
    store.outbox.mark_sent(single.local_id, 1)
    first = store.outbox.first_in(OutboxState.WAITING)
    assert first is not None and first.local_id == other[0]  # paused rows are skipped
    assert store.outbox.ahead_of(other[0]) == 0  # and do not hold up later adds
    assert store.outbox.pending_count() == 6  # still waiting to send, paused
    assert store.outbox.hold("import:b7:", False) == 5
    first = store.outbox.first_in(OutboxState.WAITING)
    assert first is not None and first.local_id == ids[0]
    store.outbox.mark_sending(ids[0])
    assert store.outbox.cancel_batch("import:b7:") == 4
    counts = batch_counts(store, "import:b7:")
    assert counts[OutboxState.CANCELLED] == 4 and counts[OutboxState.SENDING] == 1
    assert counts[OutboxState.WAITING] == 0
    assert store.outbox.entry(other[0]).state is OutboxState.WAITING
    assert store.outbox.hold("100%_", True) == 0  # prefixes are text, not patterns


def test_the_mirror_finds_names_with_folding_newest_first(store: SqliteStore) -> None:
    mirror(store, [PetRow(1, "Zoë", 2, None), PetRow(2, "Mochi", 2, AVAILABLE),
                         PetRow(3, "ZOE Junior", 1, None), PetRow(4, "Rex", 1, None)])
    assert [p.id for p in find(store, " zoe ")] == [3, 1]
    assert [p.id for p in find(store, "MOCH")] == [2]
    assert find(store, "   ") == []
    assert [p.id for p in find(store, "e", limit=2)] == [4, 3]


def test_the_users_own_adds_go_before_imported_rows(tmp_path: Path) -> None:
    store = open_store(tmp_path / "s.sqlite3", "production").store
    rows = queue_many(store, ((Draft(f"Row {i}", 1, None), f"import:b1:{i}") for i in range(3)))
    mine = store.outbox.queue(Draft("Bella", 1, None))
    first = store.outbox.first_in(OutboxState.WAITING)
    assert first is not None and first.local_id == mine.local_id
    assert store.outbox.ahead_of(mine.local_id) == 0
    assert store.outbox.ahead_of(rows[0]) == 1  # behind the user's add
    assert store.outbox.ahead_of(rows[2]) == 3
    store.outbox.mark_sending(rows[1])
    assert store.outbox.ahead_of(mine.local_id) == 1  # one being sent always goes first
    store.close()
