"""A desk's session on the shared store after the store went away mid-session (the
line cut, as a restarted server or a dropped network does): closing it tolerates the
dead connections; opened again as at start, it is on this computer's store, saying
why, while the store does not answer, and back on the shared store (fresh
connections, a fresh sender lock, this computer's waiting adds moved once) when it
does. What waited in the shared outbox stays there, never copied here."""

from __future__ import annotations

from pathlib import Path

import pytest

from petdesk.core.connection import Connection
from petdesk.core.statuses import PetStatus
from petdesk.core.store_trouble import StoreTrouble
from petdesk.services.shared.move import MoveReport
from petdesk.services.worker.session import WorkSession
from petdesk.storage.postgres.store import PostgresStore
from petdesk.storage.rows import AddKey, Draft, OutboxState, SharedStoreUnavailable
from petdesk.storage.sqlite.store import SqliteStore
from tests.helpers.api_fakes import FakeClock
from tests.helpers.postgres import DESK_PASSWORD
from tests.helpers.tcp_cut import CuttableLine


def _waiting(session: WorkSession) -> list[str]:
    return [e.name for e in session.store.outbox.entries() if e.state is OutboxState.WAITING]


def test_a_session_whose_shared_store_went_away_opens_here_then_there_again(
        postgres_line: CuttableLine, postgres_address: str, tmp_path: Path) -> None:
    clock = FakeClock()
    connection = Connection("production", "https://pets.example/v1", 15.0,
                            postgres_line.carry(postgres_address))
    desk = tmp_path / "desk"
    session = WorkSession.open(connection, clock, desk, password=DESK_PASSWORD)
    assert session.shared_down is None and isinstance(session.store, PostgresStore)
    assert session.store.answering
    session.outbox.queue_add(Draft("Waiting there", 1, PetStatus.AVAILABLE), AddKey.new())
    postgres_line.cut()

    with pytest.raises(SharedStoreUnavailable) as lost:
        session.outbox.queue_add(Draft("Lost", 1, PetStatus.AVAILABLE), AddKey.new())
    assert lost.value.trouble is StoreTrouble.UNREACHABLE
    assert not lost.value.maybe_kept  # it never reached the COMMIT
    assert not session.store.answering
    session.close()  # the dead connections: nothing raised

    here = WorkSession.open(connection, clock, desk, password=DESK_PASSWORD)

    assert here.shared_down is StoreTrouble.UNREACHABLE
    assert isinstance(here.store, SqliteStore)
    assert here.store.outbox.entries(include_finished=True) == []  # nothing copied here
    here.outbox.queue_add(Draft("Kept here", 2, PetStatus.PENDING), AddKey.new())
    assert here.rejoin(connection, clock, desk, password=DESK_PASSWORD) is None
    postgres_line.join()

    there = here.rejoin(connection, clock, desk, password=DESK_PASSWORD)

    assert there is not None and there.shared_down is None
    assert there.moved == MoveReport(moved=1)
    assert _waiting(there) == ["Waiting there", "Kept here"]
    assert isinstance(there.store, PostgresStore)
    assert there.store.sender_lock().acquire()  # a fresh lock on a fresh connection
    there.close()


def test_an_add_whose_commit_answer_was_lost_is_kept_here_held_and_moved_once(
        postgres_line: CuttableLine, postgres_address: str, tmp_path: Path) -> None:
    """The store says whether the connection died while committing: then the add may be
    in the shared outbox, and pressed again here (the shared store down) it is kept,
    not sent, until the rejoin's move finds it there."""
    clock = FakeClock()
    connection = Connection("production", "https://pets.example/v1", 15.0,
                            postgres_line.carry(postgres_address))
    desk = tmp_path / "desk"
    rex, key = Draft("Rex", 1, PetStatus.AVAILABLE), AddKey.new()
    session = WorkSession.open(connection, clock, desk, password=DESK_PASSWORD)
    postgres_line.lose_commit_answer(b"INSERT INTO outbox", then_cut=True)
    with pytest.raises(SharedStoreUnavailable) as lost:
        session.outbox.queue_add(rex, key)
    assert lost.value.maybe_kept
    session.close()

    here = WorkSession.open(connection, clock, desk, password=DESK_PASSWORD)
    assert here.shared_down is StoreTrouble.UNREACHABLE
    local_id = here.outbox.queue_add(rex, key, maybe_on_shared=True)
    assert here.store.outbox.entry(local_id).held
    assert [e.name for e in here.outbox.look().entries] == ["Rex"]  # shown waiting
    postgres_line.join()
    there = here.rejoin(connection, clock, desk, password=DESK_PASSWORD)

    assert there is not None and there.moved == MoveReport(already_there=1)
    assert [(e.name, e.origin) for e in there.store.outbox.entries()] == [("Rex", key.origin)]
    there.close()
