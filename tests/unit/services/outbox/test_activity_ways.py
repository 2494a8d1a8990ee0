"""How the activity log says an add was sent: the sender decides it from who sent the
request that created the pet (the user's send, the background drain, an import)."""

from __future__ import annotations

from petdesk.core.statuses import PetStatus
from petdesk.services.outbox.budget import QuotaBudget
from petdesk.services.outbox.sender import OutboxSender, StepKind
from petdesk.storage.rows import AddWay, Draft
from petdesk.storage.sqlite.store import SqliteStore
from tests.helpers.api_fakes import FakeClock
from tests.helpers.store_fakes import FakeService, Fault
from tests.helpers.stores import TEST_DESK

REX = Draft("Rex", 1, PetStatus.AVAILABLE)


def _sender(store: SqliteStore, service: FakeService, clock: FakeClock) -> OutboxSender:
    sender = OutboxSender(store, service, QuotaBudget(clock, lambda: None), clock)
    sender.recover()
    sender.verify_floor()
    return sender


def _ways(store: SqliteStore) -> list[tuple[str, AddWay]]:
    return [(e.name, e.way) for e in reversed(store.activity.entries())]


def test_the_users_add_sent_at_once_is_logged_at_once(store: SqliteStore,
                                                      clock: FakeClock) -> None:
    sender = _sender(store, FakeService(existing=5), clock)
    entry = store.outbox.queue(REX)
    assert sender.send_now(entry.local_id).kind is StepKind.SENT
    assert _ways(store) == [("Rex", AddWay.AT_ONCE)]
    [line] = store.activity.entries()
    assert (line.pet_id, line.desk) == (6, TEST_DESK)


def test_an_add_the_drain_sends_later_is_logged_from_the_outbox(
        store: SqliteStore, clock: FakeClock) -> None:
    sender = _sender(store, FakeService(existing=5), clock)
    store.outbox.queue(REX)
    assert sender.step().kind is StepKind.SENT
    assert _ways(store) == [("Rex", AddWay.OUTBOX)]


def test_an_add_queued_behind_others_is_logged_from_the_outbox(
        store: SqliteStore, clock: FakeClock) -> None:
    sender = _sender(store, FakeService(existing=5), clock)
    store.outbox.queue(Draft("Mimi", 1, None))
    entry = store.outbox.queue(REX)
    assert sender.send_now(entry.local_id).kind is StepKind.QUEUED_BEHIND
    while sender.step().kind is not StepKind.IDLE:
        pass
    assert _ways(store) == [("Mimi", AddWay.OUTBOX), ("Rex", AddWay.OUTBOX)]


def test_a_lost_answer_found_created_keeps_the_way_it_was_sent(
        store: SqliteStore, clock: FakeClock) -> None:
    service = FakeService(existing=5)
    service.create_faults.append(Fault.COMMIT_THEN_DROP)
    sender = _sender(store, service, clock)
    entry = store.outbox.queue(REX)
    assert sender.send_now(entry.local_id).kind is StepKind.UNKNOWN
    assert store.activity.count() == 0
    assert sender.step().kind is StepKind.RECONCILED  # the drain finds it created
    assert _ways(store) == [("Rex", AddWay.AT_ONCE)]
    assert service.creates == 1


def test_imported_rows_are_logged_by_an_import(store: SqliteStore, clock: FakeClock) -> None:
    sender = _sender(store, FakeService(existing=5), clock)
    store.outbox.queue_unique([(REX, "import:b:1"), (Draft("Mimi", 2, None), "import:b:2")])
    while sender.step().kind is not StepKind.IDLE:
        pass
    assert _ways(store) == [("Rex", AddWay.IMPORT), ("Mimi", AddWay.IMPORT)]
