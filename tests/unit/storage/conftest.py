"""Fixtures for the store tests: a fake clock, a store in tmp_path, live sandboxes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from petdesk.sandbox import SandboxConfig
from petdesk.storage.db import LocalStore, open_store
from tests.helpers.api_fakes import FakeClock
from tests.helpers.sandbox_server import RunningSandbox, start_server

API_KEY = "store-test-key-0123456789"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store_file(tmp_path: Path) -> Path:
    return tmp_path / "data" / "store-production.sqlite3"


@pytest.fixture
def store(store_file: Path, clock: FakeClock) -> Iterator[LocalStore]:
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
