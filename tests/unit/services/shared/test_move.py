"""Moving a desk's waiting adds to the shared store: each exactly once, also when a
move is interrupted between the two stores and run again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from petdesk.core.statuses import PetStatus
from petdesk.services.shared.move import MoveBlocked, MoveReport, move_waiting_adds
from petdesk.storage.rows import AddKey, Draft, OutboxEntry, OutboxState
from petdesk.storage.sqlite.store import SqliteStore, open_store
from tests.helpers.api_fakes import FakeClock


class Crash(Exception):
    """The process dies here."""


class CrashingOutbox:
    """The local outbox of a desk that dies at its ``after``-th cancel: the shared entry
    is durable, the local one not cancelled yet."""

    def __init__(self, store: SqliteStore, after: int) -> None:
        self._store = store
        self._left = after

    def entries(self) -> list[OutboxEntry]:
        return self._store.outbox.entries()

    def cancel(self, local_id: int) -> OutboxEntry:
        self._left -= 1
        if self._left < 0:
            raise Crash
        return self._store.outbox.cancel(local_id)


class CrashingDesk:
    """``local`` with :class:`CrashingOutbox` as its outbox."""

    def __init__(self, store: SqliteStore, after: int) -> None:
        self._store = store
        self.outbox = CrashingOutbox(store, after)
        self.meta = store.meta

    def sender_lock(self) -> object:
        return self._store.sender_lock()


def _open(path: Path, clock: FakeClock) -> SqliteStore:
    opened = open_store(path, "production", clock=clock)
    assert opened.problem is None
    return opened.store


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def local(tmp_path: Path, clock: FakeClock) -> Iterator[SqliteStore]:
    store = _open(tmp_path / "desk" / "store-production.sqlite3", clock)
    yield store
    store.close()


@pytest.fixture
def shared(tmp_path: Path, clock: FakeClock) -> Iterator[SqliteStore]:
    store = _open(tmp_path / "shared" / "store-production.sqlite3", clock)
    yield store
    store.close()


def _names(store: SqliteStore) -> list[str]:
    return [e.name for e in store.outbox.entries() if e.state is OutboxState.WAITING]


def _queue(store: SqliteStore, *names: str) -> None:
    for name in names:
        store.outbox.queue(Draft(name, 1, PetStatus.AVAILABLE))


def test_the_waiting_adds_move_once_and_leave_the_desk(local: SqliteStore,
                                                       shared: SqliteStore) -> None:
    _queue(local, "Rex", "Mia", "Zoë")

    report = move_waiting_adds(local, shared)

    assert report == MoveReport(moved=3)
    assert _names(shared) == ["Rex", "Mia", "Zoë"]
    assert local.outbox.pending_count() == 0
    assert move_waiting_adds(local, shared) == MoveReport()
    assert _names(shared) == ["Rex", "Mia", "Zoë"]


def test_a_move_interrupted_after_the_shared_store_kept_an_add_moves_nothing_twice(
        tmp_path: Path, local: SqliteStore, shared: SqliteStore, clock: FakeClock) -> None:
    _queue(local, "Rex", "Mia", "Zoë")

    with pytest.raises(Crash):  # Rex moved; Mia queued in the shared store, not cancelled
        move_waiting_adds(CrashingDesk(local, after=1), shared)  # type: ignore[arg-type]
    assert _names(shared) == ["Rex", "Mia"]
    assert _names(local) == ["Mia", "Zoë"]
    local.close()
    restarted = _open(tmp_path / "desk" / "store-production.sqlite3", clock)

    report = move_waiting_adds(restarted, shared)

    assert report == MoveReport(moved=1, already_there=1)
    assert _names(shared) == ["Rex", "Mia", "Zoë"]
    assert restarted.outbox.pending_count() == 0
    restarted.close()


def test_two_desks_with_the_same_local_numbers_both_move_their_adds(
        tmp_path: Path, local: SqliteStore, shared: SqliteStore, clock: FakeClock) -> None:
    other = _open(tmp_path / "other" / "store-production.sqlite3", clock)
    _queue(local, "Rex")
    _queue(other, "Bello")  # local entry 1 on both desks

    move_waiting_adds(local, shared)
    move_waiting_adds(other, shared)

    assert _names(shared) == ["Rex", "Bello"]
    other.close()


def test_an_add_whose_request_may_have_arrived_stays_with_its_desk(
        local: SqliteStore, shared: SqliteStore) -> None:
    _queue(local, "Rex", "Mia")
    sending = local.outbox.first_in(OutboxState.WAITING)
    assert sending is not None
    local.outbox.mark_sending(sending.local_id)
    local.outbox.mark_unknown(sending.local_id)

    report = move_waiting_adds(local, shared)

    assert report == MoveReport(moved=1, left_here=1)
    assert _names(shared) == ["Mia"]
    assert [e.state for e in local.outbox.entries()] == [OutboxState.OUTCOME_UNKNOWN]


def test_no_move_while_another_petdesk_sends_this_desks_adds(
        local: SqliteStore, shared: SqliteStore) -> None:
    _queue(local, "Rex")
    sender = local.sender_lock()
    assert sender.acquire()
    try:
        with pytest.raises(MoveBlocked):
            move_waiting_adds(local, shared)
    finally:
        sender.release()
    assert _names(local) == ["Rex"] and _names(shared) == []


def test_an_add_the_shared_store_kept_before_its_answer_was_lost_does_not_move_there_again(
        local: SqliteStore, shared: SqliteStore) -> None:
    """Pressed on the shared store (kept, the answer lost), pressed again on this
    computer's store while the shared one was down: the same add, moved once."""
    rex, key = Draft("Rex", 1, PetStatus.AVAILABLE), AddKey.new()
    shared.outbox.queue_once(rex, key)
    local.outbox.queue_once(rex, key)
    _queue(local, "Mia")

    report = move_waiting_adds(local, shared)

    assert report == MoveReport(moved=1, already_there=1)
    assert _names(shared) == ["Rex", "Mia"]
    assert local.outbox.pending_count() == 0
    assert [e.own for e in shared.outbox.entries()] == [True, False]  # still the person's
