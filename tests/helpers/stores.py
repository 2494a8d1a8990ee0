"""The store fixtures shared by the store's and the services' tests.

``store`` is parametrised over the store's implementations: a test written against
it runs once per implementation (SQLite only, today). A second implementation adds
its id to :data:`IMPLEMENTATIONS` and a branch to :func:`open_implementation`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from petdesk.sandbox import SandboxConfig
from petdesk.storage.sqlite.store import SqliteStore, open_store
from tests.helpers.api_fakes import FakeClock
from tests.helpers.sandbox_server import RunningSandbox, start_server

IMPLEMENTATIONS = ("sqlite",)
API_KEY = "store-test-key-0123456789"




def open_implementation(name: str, folder: Path, clock: FakeClock) -> SqliteStore:
    """A new, empty store of implementation ``name`` for the production environment."""
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
          clock: FakeClock) -> Iterator[SqliteStore]:
    opened = open_implementation(request.param, store_file.parent, clock)
    yield opened
    opened.close()


@pytest.fixture
def other_desk(store: SqliteStore, store_file: Path, clock: FakeClock) -> Iterator[SqliteStore]:
    """Another desk's session of the same store as ``store`` (a connection of its own).
    A second implementation opens its own second session here."""
    assert isinstance(store, SqliteStore)
    opened = open_implementation("sqlite", store_file.parent, clock)
    yield opened
    opened.close()


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
