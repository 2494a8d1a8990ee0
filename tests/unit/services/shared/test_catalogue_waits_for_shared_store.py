"""A desk set up for a shared store keeps its catalogue there, filled once for every
desk: while the shared store is down and the desk works on this computer's store, the
catalogue fetches nothing (not even on "Update now"), says it waits for the shared
store, and still searches what this computer holds; back on the shared store, it fills
there. Against the sandbox over loopback, counting what it served."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from petdesk.api import PetStoreClient
from petdesk.core.clock import Clock
from petdesk.core.connection import Connection
from petdesk.core.store_trouble import StoreTrouble
from petdesk.sandbox import SandboxConfig, Store
from petdesk.services.catalogue.mirror import FillKind, MirrorPhase
from petdesk.services.catalogue.wording import (
    catalogue_line,
    catalogue_short,
    quick_filter_note,
    search_note,
)
from petdesk.services.worker.session import WorkSession
from petdesk.storage.rows import MirrorQuery, MirrorSettings
from petdesk.storage.sqlite.store import SqliteStore
from tests.helpers.api_fakes import FakeClock
from tests.helpers.postgres import DESK_PASSWORD
from tests.helpers.sandbox_server import RunningSandbox, start_server

KEY = "shared-catalogue-key-0123456789"
PETS = 250
UNREACHABLE_ADDRESS = "postgresql://petdesk@db.shelter.lan/petdesk"


@pytest.fixture
def sandbox() -> Iterator[RunningSandbox]:
    pets = Store(None, seed_count=PETS)
    running = start_server(SandboxConfig(api_keys=(KEY,)), store=pets)
    try:
        yield running
    finally:
        running.stop()
        pets.close()


@pytest.fixture
def client(sandbox: RunningSandbox) -> Iterator[PetStoreClient]:
    client = PetStoreClient(sandbox.base_url, KEY, clock=FakeClock())
    try:
        yield client
    finally:
        client.close()


def _served(sandbox: RunningSandbox) -> int:
    return sandbox.app.counters(KEY).requests


def _unreachable(address: str, password: str | None, environment: str,
                 clock: Clock) -> Store | StoreTrouble:
    return StoreTrouble.UNREACHABLE


def _fill(session: WorkSession, client: PetStoreClient) -> int:
    """Steps until a pass reaches the end; the steps taken."""
    session.catalogue.apply(MirrorSettings())
    for steps in range(1, 20):
        report = session.catalogue.step(lambda: client)
        assert report.step is not None
        if report.step.kind is FillKind.DONE:
            return steps
    raise AssertionError("the catalogue did not fill")


def test_a_desk_whose_shared_store_is_down_fetches_no_catalogue_and_says_it_waits(
        sandbox: RunningSandbox, client: PetStoreClient, tmp_path: Path) -> None:
    clock = FakeClock()
    desk = tmp_path / "desk"
    # Earlier, before the shelter set up its shared store, this computer kept a catalogue.
    alone = Connection("production", sandbox.base_url)
    earlier = WorkSession.open(alone, clock, desk)
    _fill(earlier, client)
    earlier.close()
    sandbox.app.store.add_pet("Newcomer Mochi", 1, "available")
    before = _served(sandbox)

    session = WorkSession.open(alone._replace(shared_store=UNREACHABLE_ADDRESS), clock, desk,
                               opener=_unreachable)
    assert session.shared_down is StoreTrouble.UNREACHABLE
    applied = session.catalogue.apply(MirrorSettings())
    stepped = session.catalogue.step(lambda: client)
    updated = session.catalogue.update_now(lambda: client)
    again = session.catalogue.step(lambda: client)

    assert _served(sandbox) == before  # not one page asked for
    assert stepped.step is not None and stepped.wait == float("inf")  # until rejoined
    for report in (applied, stepped, updated, again):
        assert report.status.phase is MirrorPhase.SHARED_STORE_DOWN
    assert catalogue_line(stepped.status, clock.time()) == (
        "Catalogue: waits for the shared store, where it is kept for every desk "
        f"({PETS} pets on this computer)")
    assert catalogue_short(stepped.status) == "Catalogue: waits for the shared store"
    # What this computer holds is still searched.
    found = session.catalogue.search(MirrorQuery(), 0, 10)
    assert found.count == PETS and len(found.rows) == 10
    assert found.status.phase is MirrorPhase.SHARED_STORE_DOWN
    assert search_note(found.count, "", found.status, clock.time()) == (
        f"{PETS} pets · searched {PETS} pets on this computer; the catalogue waits for "
        "the shared store")
    assert quick_filter_note(0, "mo", found.status, clock.time()) == (
        f"No pet named like “mo” in the catalogue ({PETS} pets on this computer, waiting "
        "for the shared store)")
    assert isinstance(session.store, SqliteStore)
    session.close()


def test_back_on_the_shared_store_the_catalogue_fills_there(
        postgres_address: str, sandbox: RunningSandbox, client: PetStoreClient,
        tmp_path: Path) -> None:
    clock = FakeClock()
    desk = tmp_path / "desk"
    connection = Connection("production", sandbox.base_url, 15.0, postgres_address)
    session = WorkSession.open(connection, clock, desk, password="changed-on-the-server")
    assert session.shared_down is StoreTrouble.REFUSED
    before = _served(sandbox)
    session.catalogue.apply(MirrorSettings())
    session.catalogue.update_now(lambda: client)
    down = session.catalogue.step(lambda: client)
    assert _served(sandbox) == before
    assert down.status.phase is MirrorPhase.SHARED_STORE_DOWN

    joined = session.rejoin(connection, clock, desk, password=DESK_PASSWORD)
    assert joined is not None and joined.shared_down is None

    steps = _fill(joined, client)
    assert _served(sandbox) - before == steps == 3  # 250 pets: three pages of 100
    report = joined.catalogue.search(MirrorQuery(), 0, 10)
    assert report.count == PETS
    assert report.status.phase is MirrorPhase.COMPLETE
    joined.close()
