"""The pages of a desk on the shared store: kept on the shared store and in this
desk's own store file too.

The file is the desk's "last shown" copy. The next start paints it before the worker
and the shared store are opened (no network round trip), and it is what the desk
shows, and finds when it looks a pet up, while the shared store cannot be reached.
Reads come from the shared store, which also knows what the other desks saw.
"""

from __future__ import annotations

from collections.abc import Iterable

from petdesk.core.clock import Clock
from petdesk.storage.repositories import PageRepository
from petdesk.storage.rows import PetRow, StoredPage, StoredPet, StoredQuery

__all__ = ["LastShownPages"]


class LastShownPages:
    """:class:`~petdesk.storage.repositories.PageRepository` writing to ``shared`` and
    ``local`` (both are tried even when the first fails; the failure is raised),
    reading from ``shared``. One ``clock`` stamps both copies alike."""

    def __init__(self, shared: PageRepository, local: PageRepository, clock: Clock) -> None:
        self._shared = shared
        self._local = local
        self._clock = clock

    def save_page(self, query: StoredQuery, rows: Iterable[PetRow], *, next_url: str | None,
                  fetched_at: float | None = None, append: bool = False) -> None:
        kept = list(rows)
        when = self._clock.time() if fetched_at is None else fetched_at
        try:
            self._shared.save_page(query, kept, next_url=next_url, fetched_at=when,
                                   append=append)
        finally:
            self._local.save_page(query, kept, next_url=next_url, fetched_at=when,
                                  append=append)

    def stored_page(self, query: StoredQuery) -> StoredPage | None:
        return self._shared.stored_page(query)

    def stored_queries(self) -> list[StoredQuery]:
        return self._shared.stored_queries()

    def save_looked_up(self, pet: PetRow, fetched_at: float | None = None) -> None:
        when = self._clock.time() if fetched_at is None else fetched_at
        try:
            self._shared.save_looked_up(pet, when)
        finally:
            self._local.save_looked_up(pet, when)

    def forget_looked_up(self, pet_id: int) -> None:
        try:
            self._shared.forget_looked_up(pet_id)
        finally:
            self._local.forget_looked_up(pet_id)

    def looked_up(self, pet_id: int) -> StoredPet | None:
        return self._shared.looked_up(pet_id)
