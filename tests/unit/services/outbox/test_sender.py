"""The outbox sender against a scripted fake service and a fake clock."""

from __future__ import annotations

import random
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from petdesk.core.statuses import PetStatus
from petdesk.services.outbox.budget import QuotaBudget
from petdesk.services.outbox.reconcile import Verdict
from petdesk.services.outbox.sender import OutboxSender, StepKind
from petdesk.storage.rows import Draft, OutboxState, PetRow
from petdesk.storage.sqlite.store import SqliteStore, open_store
from tests.helpers.api_fakes import FakeClock
from tests.helpers.store_fakes import FakeService, Fault, Killed
from tests.helpers.store_helpers import find

REX = Draft("Rex", 1, PetStatus.AVAILABLE)


def _sender(store: SqliteStore, service: FakeService, clock: FakeClock,
            budget: QuotaBudget | None = None) -> OutboxSender:
    sender = OutboxSender(store, service, budget or QuotaBudget(clock, lambda: None), clock)
    sender.recover()
    return sender


def _drain(sender: OutboxSender, clock: FakeClock) -> None:
    sender.run(threading.Event())


def test_the_outbox_is_sent_in_order(store: SqliteStore, clock: FakeClock) -> None:
    service = FakeService(existing=30)
    entries = [store.outbox.queue(Draft(f"Pet {i}", 1 + i % 3, None)) for i in range(5)]
    _drain(_sender(store, service, clock), clock)
    sent = [store.outbox.entry(e.local_id) for e in entries]
    assert all(e.state is OutboxState.SENT for e in sent)
    assert [e.pet_id for e in sent] == [31, 32, 33, 34, 35]
    assert [p.name for p in service.pets[30:]] == [f"Pet {i}" for i in range(5)]
    assert store.outbox.pending_count() == 0
    assert service.listings == 1  # the floor was verified once, before the first send


def test_sending_is_on_disk_before_the_request_leaves(sqlite_store: SqliteStore,
                                                      store_file: Path,
                                                      clock: FakeClock) -> None:
    # SQLite only: it reads the file; the shared store's counterpart is
    # tests/unit/storage/test_shared_store.py (another desk sees it as being sent).
    store = sqlite_store
    entry = store.outbox.queue(REX)
    seen: list[tuple[str, int]] = []
    service = FakeService()

    def create(draft: Draft) -> object:
        other = sqlite3.connect(store_file)  # what a restarted app would read
        seen.append(other.execute("SELECT state, attempts FROM outbox WHERE local_id = ?",
                                  (entry.local_id,)).fetchone())
        other.close()
        return FakeService.create(service, draft)

    service.create = create  # type: ignore[method-assign]
    _drain(_sender(store, service, clock), clock)
    assert seen == [("sending", 1)]


def test_commit_then_drop_is_reconciled_never_resent(store: SqliteStore,
                                                     clock: FakeClock) -> None:
    service = FakeService(existing=10)
    service.create_faults.extend([Fault.COMMIT_THEN_DROP])
    entry = store.outbox.queue(REX)
    sender = _sender(store, service, clock)
    assert sender.step().kind is StepKind.FLOOR_VERIFIED
    assert sender.step().kind is StepKind.UNKNOWN
    assert store.outbox.entry(entry.local_id).state is OutboxState.OUTCOME_UNKNOWN
    result = sender.step()
    assert result.kind is StepKind.RECONCILED and result.verdict is Verdict.CREATED
    assert store.outbox.entry(entry.local_id).pet_id == 11
    assert sender.step().kind is StepKind.IDLE
    assert service.creates == 1 and service.count("Rex") == 1


def test_a_created_pet_is_in_the_catalogue_from_the_services_answer(
        store: SqliteStore, clock: FakeClock) -> None:
    service = FakeService(existing=10)
    service.create_faults.extend([Fault.COMMIT_THEN_DROP])
    lost, answered = store.outbox.queue(REX), store.outbox.queue(Draft("Kralle", 2, None))
    sender = _sender(store, service, clock)
    assert find(store, "rex") == find(store, "kralle") == []
    assert sender.step().kind is StepKind.FLOOR_VERIFIED
    assert sender.step().kind is StepKind.UNKNOWN
    assert find(store, "rex") == []  # not known to be created yet
    assert sender.step().kind is StepKind.RECONCILED  # found among the listed pets
    assert find(store, "rex") == [PetRow(11, "Rex", 1, PetStatus.AVAILABLE)]
    assert sender.step().kind is StepKind.SENT  # the 201
    assert find(store, "kralle") == [PetRow(12, "Kralle", 2, None)]
    assert store.outbox.entry(lost.local_id).pet_id == 11
    assert store.outbox.entry(answered.local_id).pet_id == 12


def test_drop_before_is_reconciled_then_sent_again(store: SqliteStore,
                                                   clock: FakeClock) -> None:
    service = FakeService(existing=10)
    service.create_faults.extend([Fault.DROP_BEFORE])
    entry = store.outbox.queue(REX)
    sender = _sender(store, service, clock)
    kinds = [sender.step().kind for _ in range(5)]
    assert kinds == [StepKind.FLOOR_VERIFIED, StepKind.UNKNOWN, StepKind.RECONCILED,
                     StepKind.SENT, StepKind.IDLE]
    done = store.outbox.entry(entry.local_id)
    assert done.state is OutboxState.SENT and done.attempts == 2
    assert service.count("Rex") == 1


def test_no_network_leaves_the_entry_waiting(store: SqliteStore, clock: FakeClock) -> None:
    service = FakeService()
    store.meta.note_newest_id(0, verified=True)
    service.create_faults.extend([Fault.NO_NETWORK])
    entry = store.outbox.queue(REX)
    sender = _sender(store, service, clock)
    result = sender.step()
    assert result.kind is StepKind.NOT_SENT and result.wait == 30.0
    waiting = store.outbox.entry(entry.local_id)
    assert waiting.state is OutboxState.WAITING and waiting.reason
    assert store.outbox.edit(entry.local_id, Draft("Rexy", 1, None)).draft.name == "Rexy"
    assert sender.step().kind is StepKind.SENT
    assert service.count("Rexy") == 1 and service.count("Rex") == 0


def test_a_long_rate_limit_wait_leaves_it_waiting(store: SqliteStore, clock: FakeClock) -> None:
    service = FakeService()
    store.meta.note_newest_id(0, verified=True)
    service.create_faults.extend([Fault.RATE_LIMITED])
    store.outbox.queue(REX)
    result = _sender(store, service, clock).step()
    assert result.kind is StepKind.NOT_SENT and result.wait == 300.0


def test_a_refused_add_fails_with_the_services_message(store: SqliteStore,
                                                      clock: FakeClock) -> None:
    service = FakeService()
    store.meta.note_newest_id(0, verified=True)
    service.create_faults.extend([Fault.BAD_REQUEST])
    bad, good = store.outbox.queue(REX), store.outbox.queue(Draft("Mimi", 2, None))
    _drain(_sender(store, service, clock), clock)
    failed = store.outbox.entry(bad.local_id)
    assert failed.state is OutboxState.FAILED
    assert failed.reason == "Field 'name' must not be blank."
    assert store.outbox.entry(good.local_id).state is OutboxState.SENT
    retried = store.outbox.send_again(bad.local_id)
    assert retried.state is OutboxState.WAITING


def test_a_key_problem_stops_and_keeps_the_entry(store: SqliteStore, clock: FakeClock) -> None:
    service = FakeService()
    store.meta.note_newest_id(0, verified=True)
    service.create_faults.extend([Fault.NO_KEY])
    entry = store.outbox.queue(REX)
    result = _sender(store, service, clock).step()
    assert result.kind is StepKind.KEY_PROBLEM
    assert store.outbox.entry(entry.local_id).state is OutboxState.WAITING


def test_the_budget_defers_background_sending(store: SqliteStore, clock: FakeClock) -> None:
    service = FakeService()
    allowed = [False]
    budget = QuotaBudget(clock, lambda: None, lambda: 0.0 if allowed[0] else 20.0)
    entry = store.outbox.queue(REX)
    sender = _sender(store, service, clock, budget)
    result = sender.step()
    assert result.kind is StepKind.DEFERRED and result.wait == 20.0
    assert store.outbox.entry(entry.local_id).state is OutboxState.WAITING
    assert service.creates == 0 and service.listings == 0
    allowed[0] = True
    _drain(sender, clock)
    assert store.outbox.entry(entry.local_id).state is OutboxState.SENT


def test_an_older_identical_pet_is_not_taken_for_the_add(store: SqliteStore,
                                                         clock: FakeClock) -> None:
    """The floor is verified before the first send: a twin made before it is excluded."""
    service = FakeService(existing=5)
    twin = service.add_elsewhere("Rex", 1, PetStatus.AVAILABLE)  # before the add
    service.create_faults.extend([Fault.DROP_BEFORE])
    entry = store.outbox.queue(REX)
    assert entry.floor_id == 0  # the store knew nothing
    _drain(_sender(store, service, clock), clock)
    done = store.outbox.entry(entry.local_id)
    assert done.state is OutboxState.SENT and done.pet_id != twin.id
    assert service.count("Rex") == 2


def test_two_identical_queued_adds_are_two_animals(store: SqliteStore, clock: FakeClock) -> None:
    service = FakeService()
    service.create_faults.extend([None, Fault.COMMIT_THEN_DROP])
    first, second = store.outbox.queue(REX), store.outbox.queue(REX)
    _drain(_sender(store, service, clock), clock)
    assert service.count("Rex") == 2
    assert {store.outbox.entry(entry.local_id).pet_id for entry in (first, second)} == {1, 2}


def test_an_ambiguous_match_asks_the_user_and_later_adds_go_on(store: SqliteStore,
                                                              clock: FakeClock) -> None:
    service = FakeService()
    store.meta.note_newest_id(0, verified=True)
    entry = store.outbox.queue(REX)
    later = store.outbox.queue(Draft("Mimi", 2, None))
    service.create_faults.extend([Fault.COMMIT_THEN_DROP])
    sender = _sender(store, service, clock)
    assert sender.step().kind is StepKind.UNKNOWN
    service.add_elsewhere("Rex", 1, PetStatus.AVAILABLE)  # someone else, at the same time
    result = sender.step()
    assert result.verdict is Verdict.AMBIGUOUS
    asked = store.outbox.entry(entry.local_id)
    assert asked.state is OutboxState.NEEDS_DECISION and asked.candidates == (1, 2)
    _drain(sender, clock)
    assert store.outbox.entry(later.local_id).state is OutboxState.SENT
    assert store.outbox.choose_created(entry.local_id, 1).state is OutboxState.SENT


def test_a_listing_that_fails_keeps_the_entry_unknown(store: SqliteStore,
                                                      clock: FakeClock) -> None:
    service = FakeService()
    store.meta.note_newest_id(0, verified=True)
    service.create_faults.extend([Fault.COMMIT_THEN_DROP])
    service.list_faults.extend([Fault.NO_NETWORK])
    entry = store.outbox.queue(REX)
    sender = _sender(store, service, clock)
    sender.step()
    result = sender.step()
    assert result.kind is StepKind.DEFERRED and result.wait == 30.0
    assert store.outbox.entry(entry.local_id).state is OutboxState.OUTCOME_UNKNOWN
    _drain(sender, clock)
    assert service.creates == 1 and store.outbox.entry(entry.local_id).pet_id == 1


@pytest.mark.parametrize("fault", [Fault.COMMIT_THEN_KILL, Fault.KILL_BEFORE])
def test_a_kill_mid_request_is_reconciled_after_the_restart(
        store_file: Path, clock: FakeClock, fault: Fault) -> None:
    service = FakeService(existing=3)
    service.create_faults.extend([fault])
    first = open_store(store_file, "production", clock=clock).store
    entry = first.outbox.queue(REX)
    dying = _sender(first, service, clock)
    with pytest.raises(Killed):
        _drain(dying, clock)
    dying.close()  # the process ended: the OS releases its lock
    first.close()
    second = open_store(store_file, "production", clock=clock).store
    assert second.outbox.entry(entry.local_id).state is OutboxState.SENDING
    _drain(_sender(second, service, clock), clock)
    assert second.outbox.entry(entry.local_id).state is OutboxState.SENT
    assert service.count("Rex") == 1
    second.close()


@pytest.mark.parametrize("seed", range(30))
def test_random_faults_and_restarts_never_lose_or_duplicate(
        store_file: Path, clock: FakeClock, seed: int) -> None:
    rng = random.Random(seed)
    service = FakeService(existing=rng.randrange(0, 50))
    kinds = [None] * 6 + list(Fault)
    service.create_faults.extend(rng.choice(kinds) for _ in range(400))
    service.list_faults.extend(rng.choice([None, None, None, Fault.NO_NETWORK])
                               for _ in range(400))
    store = open_store(store_file, "production", clock=clock).store
    names = [f"Pet {seed}-{i % 7}" for i in range(40)]  # identical twins on purpose
    ids = [store.outbox.queue(Draft(n, 1 + i % 2, None)).local_id for i, n in enumerate(names)]
    for _ in range(200):
        sender = _sender(store, service, clock)
        try:
            _drain(sender, clock)
        except Killed:
            sender.close()  # the process ended: the OS releases its lock
            store.close()
            store = open_store(store_file, "production", clock=clock).store
            continue
        sender.close()
        if store.outbox.pending_count() == 0:
            break
    entries = [store.outbox.entry(i) for i in ids]
    refused = sum(e.state is OutboxState.FAILED for e in entries)
    asked = [e for e in entries if e.state is OutboxState.NEEDS_DECISION]
    assert all(e.state in (OutboxState.SENT, OutboxState.FAILED, OutboxState.NEEDS_DECISION)
               for e in entries)
    created = [p for p in service.pets if p.name.startswith(f"Pet {seed}-")]
    # Never lost, never duplicated: one animal per add, except refused ones; an entry
    # that asks the user is one whose own animal exists among its candidates.
    assert len(created) == len(entries) - refused
    sent_ids = [e.pet_id for e in entries if e.state is OutboxState.SENT]
    assert len(set(sent_ids)) == len(sent_ids)
    assert not asked or all(set(e.candidates) & {p.id for p in created} for e in asked)
    store.close()


def test_the_users_add_is_sent_at_once_with_the_reserve(store: SqliteStore,
                                                        clock: FakeClock) -> None:
    """The reserve the budget keeps is the user's: send_now ignores it, not the gate."""
    service = FakeService(existing=3)
    reserve_only = QuotaBudget(clock, lambda: _Reading(60, 5, None))
    entry = store.outbox.queue(REX)
    sender = _sender(store, service, clock, reserve_only)
    assert sender.step().kind is StepKind.DEFERRED  # background: no
    result = sender.send_now(entry.local_id)  # the user: yes
    assert result.kind is StepKind.SENT
    assert store.outbox.entry(entry.local_id).pet_id == 4
    assert service.listings == 0  # no floor check before the user's own add


def test_the_users_add_waits_behind_earlier_adds(store: SqliteStore, clock: FakeClock) -> None:
    service = FakeService()
    earlier = store.outbox.queue(Draft("Earlier", 1, None))
    entry = store.outbox.queue(REX)
    sender = _sender(store, service, clock)
    assert sender.send_now(entry.local_id).kind is StepKind.QUEUED_BEHIND
    _drain(sender, clock)
    assert [p.name for p in service.pets] == ["Earlier", "Rex"]
    assert store.outbox.entry(earlier.local_id).pet_id == 1


def test_a_closed_gate_keeps_the_users_add_waiting(store: SqliteStore, clock: FakeClock) -> None:
    service = FakeService()
    entry = store.outbox.queue(REX)
    sender = _sender(store, service, clock, QuotaBudget(clock, lambda: None, lambda: 200.0))
    result = sender.send_now(entry.local_id)
    assert result.kind is StepKind.NOT_SENT and result.wait == 200.0
    assert store.outbox.entry(entry.local_id).state is OutboxState.WAITING


def test_an_unknown_users_add_with_an_unverified_floor_asks(store: SqliteStore,
                                                            clock: FakeClock) -> None:
    """Sent at once before any listing reached the end: one match may be an older twin."""
    service = FakeService(existing=2)
    service.create_faults.extend([Fault.COMMIT_THEN_DROP])
    entry = store.outbox.queue(REX)
    sender = _sender(store, service, clock)
    assert sender.send_now(entry.local_id).kind is StepKind.UNKNOWN
    result = sender.step()
    assert result.verdict is Verdict.AMBIGUOUS
    assert store.outbox.entry(entry.local_id).candidates == (3,)
    assert service.creates == 1


class _Reading:
    def __init__(self, limit: int, remaining: int, reset: None) -> None:
        self.limit, self.remaining, self.reset = limit, remaining, reset


def test_the_floor_is_verified_when_there_is_nothing_to_send(store: SqliteStore,
                                                             clock: FakeClock) -> None:
    service = FakeService(existing=120)
    sender = _sender(store, service, clock)
    result = sender.step()
    assert result.kind is StepKind.FLOOR_VERIFIED
    assert store.meta.newest_known_id() == 120 and store.meta.newest_id_verified()
    assert sender.step().kind is StepKind.IDLE
    assert service.listings == 1
    assert sender.verify_floor().kind is StepKind.FLOOR_VERIFIED  # on demand, too


def test_one_window_sends_the_outbox_the_other_waits(store: SqliteStore,
                                                    reopen: Callable[[], SqliteStore],
                                                    clock: FakeClock) -> None:
    service = FakeService()
    store.meta.note_newest_id(0, verified=True)
    first = _sender(store, service, clock)
    other_store = reopen()
    other = OutboxSender(other_store, service, QuotaBudget(clock, lambda: None), clock)
    assert other.recover() == 0
    entry = other_store.outbox.queue(REX)
    assert other.step().kind is StepKind.OTHER_WINDOW
    assert other.send_now(entry.local_id).kind is StepKind.OTHER_WINDOW
    other.run(threading.Event())  # returns: the other window sends
    assert service.creates == 0
    store.outbox.mark_sending(entry.local_id)  # the first window's request in flight ...
    first.close()  # ... and the first window ends
    result = other.step()  # the second takes over, recovers, checks: not created
    assert result.kind is StepKind.RECONCILED and result.verdict is Verdict.NOT_CREATED
    _drain(other, clock)
    assert service.count("Rex") == 1
    other.close()
    other_store.close()
