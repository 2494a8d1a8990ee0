"""The sandboxes of the catalogue's window tests: 5,000 pets at a small quota, and a
few with an accented name."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pytest

from petdesk.sandbox import SandboxConfig, Store
from tests.gui.conftest import API_KEY, FakeClock, Sandbox
from tests.helpers.sandbox_server import start_server

PETS = 5_000
PAGES = math.ceil(PETS / 100)
SMALL_QUOTA = {"requests_per_window": 20, "window_seconds": 10, "requests_per_day": 100_000}
LAST_NAME = "Zoë Quokkaberry"


@pytest.fixture
def big(clock: FakeClock, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Sandbox]:
    """5,000 pets, the last one alone on the last page, at a small quota; the window's
    store in this test's own folder."""
    monkeypatch.setenv("PETDESK_DATA_DIR", str(tmp_path / "data" / "PetDesk"))
    pets = Store(None, seed_count=PETS - 1)
    pets.add_pet(LAST_NAME, 2, "available")
    config = SandboxConfig(api_keys=(API_KEY,), **SMALL_QUOTA)
    running = start_server(config, store=pets, clock=clock.time)
    try:
        yield Sandbox("loopback", running.app, running.base_url)
    finally:
        running.stop()
        pets.close()


@pytest.fixture
def accented(clock: FakeClock, monkeypatch: pytest.MonkeyPatch,
             tmp_path: Path) -> Iterator[Sandbox]:
    monkeypatch.setenv("PETDESK_DATA_DIR", str(tmp_path / "data" / "PetDesk"))
    pets = Store(None, seed_count=5)
    pets.add_pet("Zoë", 2, "available")
    running = start_server(SandboxConfig(api_keys=(API_KEY,)), store=pets, clock=clock.time)
    try:
        yield Sandbox("loopback", running.app, running.base_url)
    finally:
        running.stop()
        pets.close()
