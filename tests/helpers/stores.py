"""The store fixtures shared by the store's and the services' tests.

``store`` is parametrised over the store's implementations: a test written against
it runs once per implementation, on SQLite (a file in ``tmp_path``) and on the shared
store (a database of its own on the PostgreSQL server the session starts,
:mod:`tests.helpers.postgres`; those runs carry the ``postgres`` marker). A test that
only means SQLite (its file, its journal) asks for :func:`sqlite_store` instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from petdesk.sandbox import SandboxConfig
from petdesk.storage.postgres.store import PostgresStore, open_shared_store
from petdesk.storage.sqlite.store import SqliteStore, open_store
from tests.helpers.api_fakes import FakeClock
from tests.helpers.postgres import DESK_PASSWORD
from tests.helpers.sandbox_server import RunningSandbox, start_server

IMPLEMENTATIONS = ("sqlite", pytest.param("postgres", marks=pytest.mark.postgres))
API_KEY = "store-test-key-0123456789"

AnyStore = SqliteStore | PostgresStore


def open_implementation(name: str, folder: Path, clock: FakeClock,
                        request: pytest.FixtureRequest) -> AnyStore:
    """A new, empty store of implementation ``name`` for the production environment
    (the shared store's database comes from the ``postgres_address`` fixture)."""
    if name == "postgres":
        address = request.getfixturevalue("postgres_address")
        return open_shared_store(address, DESK_PASSWORD, "production", clock=clock)
    assert name == "sqlite", name
    opened = open_store(folder / "store-production.sqlite3", "production", clock=clock)
    assert opened.problem is None
    return opened.store


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store_file(tmp_path: Path) -> Path:
    return tmp_path / "data" / "store-production.sqlite3"


@pytest.fixture(params=IMPLEMENTATIONS)
def store(request: pytest.FixtureRequest, store_file: Path,
          clock: FakeClock) -> Iterator[AnyStore]:
    opened = open_implementation(request.param, store_file.parent, clock, request)
    yield opened
    opened.close()


@pytest.fixture
def reopen(request: pytest.FixtureRequest, store_file: Path,
           clock: FakeClock) -> Iterator[Callable[[], AnyStore]]:
    """Opens the ``store`` test's data once more: another window (SQLite: the same file)
    or another desk (the shared store: the same database)."""
    opened: list[AnyStore] = []

    def factory() -> AnyStore:
        name = request.node.callspec.params["store"]
        opened.append(open_implementation(name, store_file.parent, clock, request))
        return opened[-1]

    yield factory
    for other in opened:
        other.close()


@pytest.fixture
def sqlite_store(store_file: Path, clock: FakeClock) -> Iterator[SqliteStore]:
    """The SQLite store only: for what is about its file (paths, the journal, a
    damaged file, the first paint's read-only peek)."""
    opened = open_store(store_file, "production", clock=clock)
    assert opened.problem is None
    yield opened.store
    opened.store.close()


SandboxFactory = Callable[..., RunningSandbox]


@pytest.fixture
def make_sandbox() -> Iterator[SandboxFactory]:
    """Real sandboxes over loopback (generous limits unless told otherwise)."""
    running: list[RunningSandbox] = []

    def factory(**changes: Any) -> RunningSandbox:
        values: dict[str, Any] = {"api_keys": (API_KEY,), "requests_per_window": 100_000,
                                  "requests_per_day": 1_000_000}
        values.update(changes)
        sandbox = start_server(SandboxConfig(**values))
        running.append(sandbox)
        return sandbox

    yield factory
    for sandbox in running:
        sandbox.stop()
