"""The outbox of adds: order, states, and the changes each state allows."""

from __future__ import annotations

from pathlib import Path

import pytest

from petdesk.core.statuses import PetStatus
from petdesk.storage.repositories import Store
from petdesk.storage.rows import AddKey, AddWay, Draft, OutboxError, OutboxState, PetRow
from petdesk.storage.sqlite.store import open_store
from tests.helpers.api_fakes import FakeClock
from tests.helpers.store_helpers import batch_counts, queue_many

AVAILABLE = PetStatus.AVAILABLE
ROWS = [PetRow(1, "Rex", 1, AVAILABLE), PetRow(2, "Mimi", 2, None),
        PetRow(3, "Zoë", 2, PetStatus.SOLD)]


def test_outbox_entries_keep_their_order_fields_and_floor(store: Store,
                                                         clock: FakeClock) -> None:
    store.meta.note_newest_id(300, verified=True)
    first = store.outbox.queue(Draft("Rex", 1, AVAILABLE))
    clock.advance(1)
    second = store.outbox.queue(Draft("Mimi", 2, None), origin="import:b1:7")
    assert first.state is OutboxState.WAITING
    assert first.environment == "production"
    assert first.floor_id == 300
    assert first.attempts == 0
    assert second.origin == "import:b1:7"
    assert [e.local_id for e in store.outbox.entries()] == [first.local_id, second.local_id]
    assert store.outbox.pending_count() == 2


def test_a_waiting_entry_can_be_edited_and_cancelled(store: Store) -> None:
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
def test_an_entry_past_waiting_cannot_be_edited_or_cancelled(store: Store,
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


def test_sending_marks_raise_the_floor_and_count_attempts(store: Store) -> None:
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


def test_interrupted_sends_become_unknown_at_start_up(store: Store) -> None:
    a = store.outbox.queue(Draft("A", 1, None))
    b = store.outbox.queue(Draft("B", 1, None))
    store.outbox.mark_sending(a.local_id)
    lock = store.sender_lock()
    assert lock.acquire()  # as the sender recovers: holding the outbox's sender lock
    assert store.outbox.recover_interrupted() == 1
    lock.release()
    assert store.outbox.entry(a.local_id).state is OutboxState.OUTCOME_UNKNOWN
    assert store.outbox.entry(b.local_id).state is OutboxState.WAITING


def test_the_user_resolves_an_ambiguous_entry(store: Store) -> None:
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


def test_a_bulk_import_is_queued_at_once_and_can_pause_resume_and_cancel(
        store: Store) -> None:
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


def test_queue_unique_skips_origins_already_held(store: Store) -> None:
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


def test_a_persons_add_queued_again_under_its_key_is_the_entry_already_there(
        store: Store) -> None:
    rex, key = Draft("Rex", 1, AVAILABLE), AddKey.new()
    first = store.outbox.queue_once(rex, key)
    again = store.outbox.queue_once(rex, key)
    assert again == first and first.origin == key.origin and first.own
    store.outbox.mark_sending(first.local_id)
    store.outbox.mark_sent(first.local_id, 42)
    sent = store.outbox.queue_once(rex, key)  # sent meanwhile: still that one
    assert (sent.local_id, sent.state, sent.pet_id) == (first.local_id, OutboxState.SENT, 42)
    other = store.outbox.queue_once(rex, AddKey.new())  # a second Rex, typed anew
    assert other.local_id != first.local_id
    assert [e.name for e in store.outbox.entries(include_finished=True)] == ["Rex", "Rex"]


def test_a_persons_add_refused_or_cancelled_is_queued_anew_under_its_key(
        store: Store) -> None:
    rex, key = Draft("Rex", 1, AVAILABLE), AddKey.new()
    refused = store.outbox.queue_once(rex, key)
    store.outbox.mark_sending(refused.local_id)
    store.outbox.mark_failed(refused.local_id, "Field 'name' must not be blank.")
    cancelled = store.outbox.queue_once(rex, key)
    assert cancelled.local_id != refused.local_id
    store.outbox.cancel(cancelled.local_id)
    waiting = store.outbox.queue_once(rex, key)
    assert waiting.local_id not in (refused.local_id, cancelled.local_id)
    assert waiting.state is OutboxState.WAITING
    assert store.outbox.queue_once(rex, key) == waiting


def test_a_persons_keyed_add_goes_before_imported_rows(store: Store) -> None:
    rows = queue_many(store, ((Draft(f"Row {i}", 1, None), f"import:b1:{i}") for i in range(3)))
    mine = store.outbox.queue_once(Draft("Bella", 1, None), AddKey.new())
    first = store.outbox.first_in(OutboxState.WAITING)
    assert first is not None and first.local_id == mine.local_id
    assert store.outbox.ahead_of(mine.local_id) == 0
    assert store.outbox.ahead_of(rows[0]) == 1  # behind the person's add
    store.outbox.mark_sending(mine.local_id)
    store.outbox.mark_sent(mine.local_id, 7)
    [line] = store.activity.entries()
    assert line.way is AddWay.OUTBOX  # not an import's
