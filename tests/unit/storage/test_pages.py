"""The rows last seen per list query, and the pets looked up by id."""

from __future__ import annotations

from petdesk.core.statuses import PetStatus
from petdesk.storage.repositories import Store
from petdesk.storage.rows import PetRow, StoredQuery
from tests.helpers.api_fakes import FakeClock
from tests.helpers.store_helpers import find, mirror

AVAILABLE = PetStatus.AVAILABLE
ROWS = [PetRow(1, "Rex", 1, AVAILABLE), PetRow(2, "Mimi", 2, None),
        PetRow(3, "Zoë", 2, PetStatus.SOLD)]


def test_a_page_is_stored_per_query_with_its_time(store: Store, clock: FakeClock) -> None:
    everything = StoredQuery(None, 20)
    sold = StoredQuery(PetStatus.SOLD, 20)
    store.pages.save_page(everything, ROWS, next_url="https://x/v1/pets?cursor=a")
    store.pages.save_page(sold, ROWS[2:], next_url=None, fetched_at=clock.time() + 5)
    page = store.pages.stored_page(everything)
    assert page is not None
    assert page.rows == tuple(ROWS)
    assert page.fetched_at == clock.time()
    assert page.next_url == "https://x/v1/pets?cursor=a"
    sold_page = store.pages.stored_page(sold)
    assert sold_page is not None and sold_page.rows == (ROWS[2],)
    assert store.pages.stored_page(StoredQuery(None, 100)) is None
    assert store.pages.stored_page(StoredQuery(PetStatus.PENDING, 20)) is None
    assert set(store.pages.stored_queries()) == {everything, sold}


def test_a_first_page_replaces_and_load_more_appends(store: Store,
                                                    clock: FakeClock) -> None:
    query = StoredQuery(None, 2)
    store.pages.save_page(query, ROWS[:2], next_url="next-1")
    clock.advance(10)
    store.pages.save_page(query, ROWS[2:], next_url=None, append=True)
    page = store.pages.stored_page(query)
    assert page is not None
    assert [r.id for r in page.rows] == [1, 2, 3]
    assert page.updated_at == page.fetched_at + 10
    assert page.next_url is None
    store.pages.save_page(query, [ROWS[1]], next_url="n")
    page = store.pages.stored_page(query)
    assert page is not None and [r.id for r in page.rows] == [2]


def test_looked_up_pets_answer_by_id_newest_copy_first(store: Store,
                                                      clock: FakeClock) -> None:
    assert store.pages.looked_up(7) is None
    store.pages.save_looked_up(PetRow(7, "Old name", 1, None))
    clock.advance(60)
    mirror(store, [PetRow(7, "Mirror name", 1, AVAILABLE)])
    found = store.pages.looked_up(7)
    assert found is not None
    assert found.pet.name == "Mirror name"
    assert found.fetched_at == clock.time()
    clock.advance(1)
    store.pages.save_looked_up(PetRow(7, "Fresh", 1, PetStatus.PENDING))
    found = store.pages.looked_up(7)
    assert found is not None and found.pet == PetRow(7, "Fresh", 1, PetStatus.PENDING)
    assert find(store, "fresh") == [PetRow(7, "Fresh", 1, PetStatus.PENDING)]
    store.pages.forget_looked_up(7)  # the service answered 404
    assert store.pages.looked_up(7) is None
    assert find(store, "fresh") == []
