"""The activity log: one line per add the service created, written with the outbox's
mark as sent, with the desk and user that made the add and how it was sent."""

from __future__ import annotations

from pathlib import Path

import pytest

from petdesk.core.desk import Desk
from petdesk.core.statuses import PetStatus
from petdesk.storage.repositories import Store
from petdesk.storage.rows import ActivityEntry, AddWay, Draft, OutboxError, PetRow
from petdesk.storage.sqlite.store import open_store
from tests.helpers.api_fakes import FakeClock
from tests.helpers.stores import TEST_DESK

AVAILABLE = PetStatus.AVAILABLE


def _send(store: Store, name: str, pet_id: int, way: AddWay, *,
          origin: str | None = None) -> int:
    entry = store.outbox.queue(Draft(name, 1, AVAILABLE), origin=origin)
    store.outbox.mark_sending(entry.local_id, way)
    store.outbox.mark_sent(entry.local_id, pet_id)
    return entry.local_id


def test_an_add_queued_records_the_desk_and_user_that_made_it(store: Store) -> None:
    entry = store.outbox.queue(Draft("Rex", 1, AVAILABLE))
    assert entry.desk == TEST_DESK
    assert store.outbox.entries() == [entry]
    assert store.outbox.queue_unique([(Draft("Mimi", 2, None), "import:b:1")]) == 1
    assert [e.desk for e in store.outbox.entries_from("import:b:")] == [TEST_DESK]


def test_a_sent_add_is_logged_once_with_its_pet_desk_time_and_way(
        store: Store, clock: FakeClock) -> None:
    clock.advance(100)
    local_id = _send(store, "Rex", 1042, AddWay.AT_ONCE)
    assert store.activity.entries() == [ActivityEntry(
        local_id=local_id, pet_id=1042, name="Rex", desk=TEST_DESK,
        added_at=clock.time(), way=AddWay.AT_ONCE)]
    with pytest.raises(OutboxError):
        store.outbox.mark_sent(local_id, 1042)  # already sent: not logged again
    assert store.activity.count() == 1


def test_the_log_names_the_pet_as_the_service_answered(store: Store) -> None:
    entry = store.outbox.queue(Draft("rex ", 1, AVAILABLE))
    store.outbox.mark_sending(entry.local_id, AddWay.OUTBOX)
    store.outbox.mark_sent(entry.local_id, 7, PetRow(7, "Rex", 1, AVAILABLE))
    [line] = store.activity.entries()
    assert (line.pet_id, line.name, line.way) == (7, "Rex", AddWay.OUTBOX)


def test_nothing_is_logged_for_an_add_not_created(store: Store) -> None:
    failed = store.outbox.queue(Draft("Rex", 1, AVAILABLE))
    store.outbox.mark_sending(failed.local_id, AddWay.AT_ONCE)
    store.outbox.mark_failed(failed.local_id, "refused")
    lost = store.outbox.queue(Draft("Mimi", 1, AVAILABLE))
    store.outbox.mark_sending(lost.local_id, AddWay.OUTBOX)
    store.outbox.mark_unknown(lost.local_id)
    store.outbox.mark_waiting(lost.local_id, "not created; sending again")
    cancelled = store.outbox.queue(Draft("Tom", 1, AVAILABLE))
    store.outbox.cancel(cancelled.local_id)
    assert store.activity.entries() == []
    assert store.activity.count() == 0


def test_the_way_is_that_of_the_request_that_created_the_pet(store: Store) -> None:
    entry = store.outbox.queue(Draft("Rex", 1, AVAILABLE))
    store.outbox.mark_sending(entry.local_id, AddWay.AT_ONCE)  # its answer is lost ...
    store.outbox.mark_unknown(entry.local_id)
    store.outbox.mark_waiting(entry.local_id, "not created; sending again")
    store.outbox.mark_sending(entry.local_id, AddWay.OUTBOX)  # ... and the drain sends it
    store.outbox.mark_unknown(entry.local_id)
    store.outbox.mark_needs_decision(entry.local_id, [5, 6])
    store.outbox.choose_created(entry.local_id, 6)  # the user says which it was
    [line] = store.activity.entries()
    assert (line.pet_id, line.way) == (6, AddWay.OUTBOX)


def test_an_imported_row_is_logged_as_an_import(store: Store) -> None:
    _send(store, "Rex", 1, AddWay.IMPORT, origin="import:b:1")
    [line] = store.activity.entries()
    assert line.way is AddWay.IMPORT


def test_the_log_reads_newest_first_a_window_at_a_time(store: Store,
                                                       clock: FakeClock) -> None:
    for pet_id in range(1, 6):
        clock.advance(1)
        _send(store, f"Pet {pet_id}", pet_id, AddWay.OUTBOX)
    assert [e.pet_id for e in store.activity.entries()] == [5, 4, 3, 2, 1]
    assert [e.pet_id for e in store.activity.entries(limit=2)] == [5, 4]
    assert [e.pet_id for e in store.activity.entries(limit=2, offset=2)] == [3, 2]
    assert [e.pet_id for e in store.activity.entries(offset=4)] == [1]
    assert store.activity.count() == 5


def test_adds_logged_in_the_same_second_read_latest_logged_first(store: Store) -> None:
    for pet_id in (10, 11, 12):
        _send(store, "Twin", pet_id, AddWay.OUTBOX)
    assert [e.pet_id for e in store.activity.entries()] == [12, 11, 10]


def test_each_desk_records_its_own_adds_in_a_shared_file(tmp_path: Path,
                                                         clock: FakeClock) -> None:
    path = tmp_path / "store.sqlite3"
    kennels = Desk("kennel-laptop", "ben")
    with open_store(path, "production", clock=clock, desk=TEST_DESK).store as first:
        first.outbox.queue(Draft("Rex", 1, AVAILABLE))
    with open_store(path, "production", clock=clock, desk=kennels).store as second:
        second.outbox.queue(Draft("Mimi", 1, AVAILABLE))
        first_entry, second_entry = second.outbox.entries()
        assert (first_entry.desk, second_entry.desk) == (TEST_DESK, kennels)
        second.outbox.mark_sending(first_entry.local_id, AddWay.OUTBOX)
        second.outbox.mark_sent(first_entry.local_id, 3)
        [line] = second.activity.entries()
        assert line.desk == TEST_DESK  # who typed it, not who sent it
