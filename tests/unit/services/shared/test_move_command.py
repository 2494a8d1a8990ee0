"""``petdesk shared-store move``: this computer's waiting adds into the shared store,
each once, with a report of what moved; and the saved address it reads without Qt."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from petdesk.cli.commands import CommandError, build_parser, move_command
from petdesk.core.clock import Clock
from petdesk.core.statuses import PetStatus
from petdesk.core.store_trouble import StoreTrouble
from petdesk.services.cards.categories import CategoryTable, JsonCategoryFile, categories_path
from petdesk.services.cards.shared_names import StoreCategories
from petdesk.storage.paths import store_path
from petdesk.storage.repositories import Store
from petdesk.storage.rows import Draft, OutboxState
from petdesk.storage.saved_settings import ini_path, read_shared_ini
from petdesk.storage.sqlite.store import open_store
from tests.helpers.api_fakes import FakeClock

ADDRESS = "postgresql://petdesk@db.shelter.lan:5432/petdesk?sslmode=verify-full"


class Server:
    """The shared store: a SQLite file stands in for PostgreSQL."""

    def __init__(self, path: Path, *, up: bool = True) -> None:
        self.path = path
        self.up = up

    def __call__(self, address: str, password: str | None, environment: str,
                 clock: Clock) -> Store | StoreTrouble:
        if not self.up:
            return StoreTrouble.UNREACHABLE
        return open_store(self.path, environment, clock=clock).store

    def waiting(self) -> list[str]:
        store = open_store(self.path, "production", clock=FakeClock()).store
        try:
            return [e.name for e in store.outbox.entries() if e.state is OutboxState.WAITING]
        finally:
            store.close()


def _args(*extra: str) -> argparse.Namespace:
    return build_parser().parse_args(["shared-store", "move", "--environment", "production",
                                      *extra])


def _desk_adds(*names: str) -> None:
    path = store_path("production")
    store = open_store(path, "production", clock=FakeClock()).store
    for name in names:
        store.outbox.queue(Draft(name, 2, PetStatus.PENDING))
    store.close()


def test_the_command_moves_the_waiting_adds_once_and_says_what_moved(tmp_path: Path) -> None:
    _desk_adds("Rex", "Mia")
    JsonCategoryFile(categories_path("production")).save(CategoryTable({1: "Dogs", 2: "Cats"}))
    server = Server(tmp_path / "shared.sqlite3")
    err = io.StringIO()

    status = move_command(_args("--address", ADDRESS), err, FakeClock(), opener=server)

    assert status == 0
    assert "Moved 2 waiting adds of production to the shared store at " \
           "db.shelter.lan:5432/petdesk." in err.getvalue()
    assert "Added 2 category names of this computer to the shared store's." in err.getvalue()
    again = io.StringIO()
    move_command(_args("--address", ADDRESS), again, FakeClock(), opener=server)
    assert "Moved 0 waiting adds" in again.getvalue()
    assert "category names" not in again.getvalue()
    assert server.waiting() == ["Rex", "Mia"]
    store = open_store(server.path, "production", clock=FakeClock()).store
    shared_names = StoreCategories(lambda: store.meta, JsonCategoryFile(tmp_path / "x.json"))
    loaded = shared_names.load()
    assert loaded is not None and loaded.as_dict() == {1: "Dogs", 2: "Cats"}
    store.close()


def test_nothing_moves_while_the_shared_store_is_down(tmp_path: Path) -> None:
    _desk_adds("Rex")

    with pytest.raises(CommandError, match="nothing was moved: PetDesk cannot reach"):
        move_command(_args("--address", ADDRESS), io.StringIO(), FakeClock(),
                     opener=Server(tmp_path / "shared.sqlite3", up=False))

    store = open_store(store_path("production"), "production", clock=FakeClock()).store
    assert store.outbox.pending_count() == 1
    store.close()


def test_an_address_with_a_password_is_refused_before_anything_moves(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="Password field"):
        move_command(_args("--address", "postgresql://petdesk:pw@db/petdesk"), io.StringIO(),
                     FakeClock(), opener=Server(tmp_path / "shared.sqlite3"))


def test_the_address_the_window_saved_is_read_when_the_desk_uses_it(tmp_path: Path) -> None:
    path = ini_path({"XDG_CONFIG_HOME": str(tmp_path)})
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    settings.setValue("shared_store/address", ADDRESS)
    settings.setValue("shared_store/enabled", "false")
    settings.sync()
    assert read_shared_ini(path) == ""
    settings.setValue("shared_store/enabled", "true")
    settings.sync()
    del settings
    assert read_shared_ini(path) == ADDRESS
