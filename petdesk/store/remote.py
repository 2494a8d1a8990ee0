"""The sender's view of the real client: :class:`ClientRemote` over ``PetStoreClient``.

This module imports :mod:`petdesk.api` (httpx, pydantic); ``petdesk.store`` itself
does not, so import it where the client is built (the worker).
"""

from __future__ import annotations

from pydantic import ValidationError

from petdesk.api import CancelToken, NewPet, Pet, PetStoreClient
from petdesk.core.clock import Clock
from petdesk.core.errors import BadRequestError
from petdesk.core.limits import LIMIT_MAX
from petdesk.core.statuses import PetStatus

from .budget import QuotaBudget
from .rows import Draft, PetRow
from .sender import BudgetExceeded

__all__ = ["ClientRemote", "budget_for", "pet_row"]


def pet_row(pet: Pet) -> PetRow:
    """A ``Pet`` from the client as the store keeps it."""
    return PetRow(pet.id, pet.name, pet.category_id, pet.status)


def budget_for(client: PetStoreClient, clock: Clock, *, reserve_share: float = 0.2,
               min_reserve: int = 2) -> QuotaBudget:
    """The quota budget fed by the client's live rate-limit reading and gate."""
    return QuotaBudget(clock, lambda: client.rate_limit, client.gate.remaining_wait,
                       reserve_share=reserve_share, min_reserve=min_reserve)


class ClientRemote:
    """Adapts :class:`PetStoreClient` to :class:`~petdesk.store.sender.OutboxRemote`.

    ``list_above`` pages through ``GET /pets`` (100 a page, with the status filter when
    the add has a status) to the last page, asking ``budget`` before every page after
    the first: listing never takes the user's share of the quota.
    """

    def __init__(self, client: PetStoreClient, budget: QuotaBudget | None = None,
                 cancel: CancelToken | None = None) -> None:
        self._client = client
        self._budget = budget
        self._cancel = cancel

    def create(self, draft: Draft) -> PetRow:
        try:
            new_pet = NewPet(name=draft.name, category_id=draft.category_id,
                             status=draft.status)
        except ValidationError as exc:
            message = "; ".join(str(e["msg"]) for e in exc.errors()[:3])
            raise BadRequestError(f"PetDesk cannot send this: {message}",
                                  server_message=message) from None
        return pet_row(self._client.create_pet(new_pet, cancel=self._cancel))

    def list_above(self, floor_id: int, status: PetStatus | None) -> list[PetRow]:
        found: list[PetRow] = []
        for page in self._client.iter_pages(LIMIT_MAX, status, cancel=self._cancel):
            found.extend(pet_row(p) for p in page.pets if p.id > floor_id)
            if page.next_url is not None and self._budget is not None:
                decision = self._budget.background()
                if not decision.allowed:
                    raise BudgetExceeded(decision)
        return found
