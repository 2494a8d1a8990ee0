"""The pets the store keeps for the next start and for working offline: the first
page seen per list, and the pets looked up by id (Qt-free; on the worker thread)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import ValidationError

from petdesk.api import Pet
from petdesk.services.outbox.remote import pet_row
from petdesk.storage.repositories import PageRepository
from petdesk.storage.rows import StoredQuery

if TYPE_CHECKING:
    from petdesk.api import PetPage
    from petdesk.core.statuses import PetStatus

__all__ = ["StoredPets"]


class StoredPets:
    """What the window keeps of the pets it was shown; see the module docstring."""

    def __init__(self, pages: PageRepository) -> None:
        self._pages = pages

    def save_first_page(self, status: PetStatus | None, limit: int, page: PetPage) -> None:
        """Keep a fresh first page for the next start (and for working offline)."""
        self._pages.save_page(StoredQuery(status, limit), [pet_row(p) for p in page.pets],
                              next_url=page.next_url)

    def save_looked_up(self, pet: Pet) -> None:
        """Keep a pet looked up by id, for a look-up while offline."""
        self._pages.save_looked_up(pet_row(pet))

    def forget_looked_up(self, pet_id: int) -> None:
        """The service has no pet ``pet_id`` (404): its stored copy is not shown any
        more, nor found by name in the catalogue."""
        self._pages.forget_looked_up(pet_id)

    def stored_pet(self, pet_id: int) -> tuple[Pet, float] | None:
        """The stored copy of pet ``pet_id`` and when it was fetched: looked up by id,
        or on a stored page (the most recent). ``None`` when none is stored."""
        pages = self._pages
        found = pages.looked_up(pet_id)
        if found is not None:
            row, when = found.pet, found.fetched_at
        else:
            stored = [p for p in map(pages.stored_page, pages.stored_queries()) if p]
            seen = [(p.updated_at, r) for p in stored for r in p.rows if r.id == pet_id]
            if not seen:
                return None
            when, row = max(seen, key=lambda pair: pair[0])
        try:
            return Pet(id=row.id, name=row.name, category_id=row.category_id,
                       status=row.status), when
        except ValidationError:
            return None
