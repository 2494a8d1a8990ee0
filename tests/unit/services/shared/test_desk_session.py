"""A desk set up for a shared store: on it when it answers; on its own SQLite store
while it does not, saying so; back on it, with the adds it kept, once it answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from petdesk.core.clock import Clock
from petdesk.core.connection import Connection
from petdesk.core.statuses import PetStatus
from petdesk.core.store_trouble import StoreTrouble
from petdesk.services.importing.errors import SharedStoreNeeded
from petdesk.services.shared.move import MoveReport
from petdesk.services.worker.session import WorkSession
from petdesk.storage.repositories import Store
from petdesk.storage.rows import Draft, OutboxState
from petdesk.storage.sqlite.store import open_store
from tests.helpers.api_fakes import FakeClock
from tests.unit.services.importing.files import write_csv

DOWN = StoreTrouble.UNREACHABLE
ADDRESS = "postgresql://petdesk@db.shelter.lan/petdesk"


class SharedServer:
    """A shared store that can be down; a SQLite file stands in for the server."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.up = False
        self.passwords: list[str | None] = []

    def __call__(self, address: str, password: str | None, environment: str,
                 clock: Clock) -> Store | StoreTrouble:
        self.passwords.append(password)
        if not self.up:
            return DOWN
        opened = open_store(self.path, environment, clock=clock)
        assert opened.problem is None
        return opened.store

    def waiting(self) -> list[str]:
        opened = open_store(self.path, "production", clock=FakeClock())
        try:
            return [e.name for e in opened.store.outbox.entries()
                    if e.state is OutboxState.WAITING]
        finally:
            opened.store.close()


def _add(session: WorkSession, name: str) -> None:
    session.store.outbox.queue(Draft(name, 1, PetStatus.AVAILABLE))


def test_while_the_shared_store_is_down_the_desk_keeps_its_adds_and_moves_them_once_back(
        tmp_path: Path) -> None:
    clock = FakeClock()
    server = SharedServer(tmp_path / "server" / "shared.sqlite3")
    connection = Connection("production", "https://pets.example/v1", 15.0, ADDRESS)
    desk = tmp_path / "desk"

    session = WorkSession.open(connection, clock, desk, password="pw", opener=server)
    assert session.shared_down is DOWN
    _add(session, "Rex")
    _add(session, "Mia")
    assert session.rejoin(connection, clock, desk, password="pw", opener=server) is None
    assert session.store.outbox.pending_count() == 2

    server.up = True
    joined = session.rejoin(connection, clock, desk, password="pw", opener=server)

    assert joined is not None and joined.shared_down is None
    assert joined.moved is not None and joined.moved.moved == 2
    assert [e.name for e in joined.store.outbox.entries()] == ["Rex", "Mia"]
    assert server.passwords == ["pw", "pw", "pw"]
    joined.close()
    again = WorkSession.open(connection, clock, desk, password="pw", opener=server)
    assert again.moved == MoveReport()
    again.close()
    assert server.waiting() == ["Rex", "Mia"]


def test_while_the_shared_store_is_down_no_import_starts_on_the_desks_own_store(
        tmp_path: Path) -> None:
    """Only the shared store knows which rows of a file the desks have added: an import
    queued on this computer's store could add them again, so the desk reads no file for
    one; a pet typed in still waits in its outbox."""
    clock = FakeClock()
    server = SharedServer(tmp_path / "server" / "shared.sqlite3")
    connection = Connection("production", "https://pets.example/v1", 15.0, ADDRESS)
    source = write_csv(tmp_path / "in.csv", [
        ["Animal name", "Category", "Adoption status"], ["Rex", 1, "Available"]])
    session = WorkSession.open(connection, clock, tmp_path / "desk", password="pw",
                               opener=server)

    with pytest.raises(SharedStoreNeeded, match="an import needs it"):
        session.importing.inspect(source, None, None)
    _add(session, "Typed in")

    assert [e.name for e in session.store.outbox.entries()] == ["Typed in"]
    server.up = True
    joined = session.rejoin(connection, clock, tmp_path / "desk", password="pw",
                            opener=server)
    assert joined is not None
    assert joined.importing.inspect(source, None, None).headers[0] == "Animal name"
    joined.close()
    assert server.waiting() == ["Typed in"]


def test_a_desk_switched_to_the_shared_store_takes_its_waiting_adds_along(
        tmp_path: Path) -> None:
    clock = FakeClock()
    server = SharedServer(tmp_path / "server" / "shared.sqlite3")
    server.up = True
    local = Connection("production", "https://pets.example/v1", 15.0)
    desk = tmp_path / "desk"
    alone = WorkSession.open(local, clock, desk)
    _add(alone, "Bello")
    alone.close()

    session = WorkSession.open(local._replace(shared_store=ADDRESS), clock, desk,
                               opener=server)

    assert session.moved is not None and session.moved.moved == 1
    assert [e.name for e in session.store.outbox.entries()] == ["Bello"]
    session.close()


def test_without_a_shared_store_nothing_changes(tmp_path: Path) -> None:
    server = SharedServer(tmp_path / "server" / "shared.sqlite3")
    connection = Connection("production", "https://pets.example/v1")

    session = WorkSession.open(connection, FakeClock(), tmp_path / "desk", opener=server)

    assert session.shared_down is None and server.passwords == []
    assert session.rejoin(connection, FakeClock(), tmp_path / "desk", opener=server) is None
    session.close()
