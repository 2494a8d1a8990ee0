"""A desk on the shared store (a real PostgreSQL server) keeps the pages it shows and
the pets it looks up in its own store file too: the next start paints them from there,
and a desk whose shared store is down still has them. The shared store keeps them as
before: the catalogue's search finds a looked-up pet at every desk."""

from __future__ import annotations

from pathlib import Path

from petdesk.api import Pet, PetPage
from petdesk.core.connection import Connection
from petdesk.core.statuses import PetStatus
from petdesk.core.store_trouble import StoreTrouble
from petdesk.services.worker.session import WorkSession
from petdesk.storage.paths import store_file
from petdesk.storage.rows import StoredQuery
from petdesk.storage.sqlite.store import SqliteStore, open_store, peek_stored_page
from tests.helpers.api_fakes import FakeClock
from tests.helpers.postgres import DESK_PASSWORD

PAGE = PetPage([Pet(id=7, name="Rex", category_id=1, status=PetStatus.AVAILABLE),
                Pet(id=9, name="Mia", category_id=2)], next_url=None)


def _names(rows: object) -> list[str]:
    return [row.name for row in rows]  # type: ignore[attr-defined]


def test_a_page_shown_on_the_shared_store_is_kept_in_the_desks_file_too(
        postgres_address: str, tmp_path: Path) -> None:
    clock = FakeClock()
    connection = Connection("production", "https://pets.example/v1", 15.0, postgres_address)
    session = WorkSession.open(connection, clock, tmp_path, password=DESK_PASSWORD)
    assert session.shared_down is None

    session.pets.save_first_page(None, 20, PAGE)
    session.pets.save_looked_up(Pet(id=31, name="Bello", category_id=3))

    shared = session.store.pages.stored_page(StoredQuery(None, 20))
    assert shared is not None and _names(shared.rows) == ["Rex", "Mia"]
    assert 31 in [row.id for row in session.store.catalogue.rows()]  # found by name
    session.close()
    local = peek_stored_page(store_file(connection, tmp_path), StoredQuery(None, 20))
    assert local is not None and _names(local.rows) == ["Rex", "Mia"]
    assert local.fetched_at == shared.fetched_at


def test_a_desk_whose_shared_store_is_down_has_the_last_shown_rows_and_pets(
        postgres_address: str, tmp_path: Path) -> None:
    clock = FakeClock()
    connection = Connection("production", "https://pets.example/v1", 15.0, postgres_address)
    session = WorkSession.open(connection, clock, tmp_path, password=DESK_PASSWORD)
    session.pets.save_first_page(None, 20, PAGE)
    session.pets.save_looked_up(Pet(id=31, name="Bello", category_id=3))
    session.close()

    down = WorkSession.open(connection, clock, tmp_path, password="not-the-password")

    assert down.shared_down is StoreTrouble.REFUSED and isinstance(down.store, SqliteStore)
    kept = down.store.pages.stored_page(StoredQuery(None, 20))
    assert kept is not None and _names(kept.rows) == ["Rex", "Mia"]
    found = down.pets.stored_pet(31)
    assert found is not None and found[0].name == "Bello"
    down.close()


def test_a_pet_the_service_no_longer_has_is_forgotten_in_both_stores(
        postgres_address: str, tmp_path: Path) -> None:
    clock = FakeClock()
    connection = Connection("production", "https://pets.example/v1", 15.0, postgres_address)
    session = WorkSession.open(connection, clock, tmp_path, password=DESK_PASSWORD)
    session.pets.save_looked_up(Pet(id=31, name="Bello", category_id=3))

    session.pets.forget_looked_up(31)

    assert session.pets.stored_pet(31) is None
    session.close()
    local = open_store(store_file(connection, tmp_path), "production", clock=clock).store
    assert local.pages.looked_up(31) is None
    local.close()
