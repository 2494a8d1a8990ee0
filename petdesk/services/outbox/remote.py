"""The sender's view of the real client: :class:`ClientRemote` over ``PetStoreClient``.

This module imports :mod:`petdesk.api` (httpx, pydantic); ``petdesk.storage`` itself
does not, so import it where the client is built (the worker).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from pydantic import ValidationError

from petdesk.api import CancelToken, NewPet, Pet, PetPage, PetStoreClient
from petdesk.core.clock import Clock
from petdesk.core.errors import BadRequestError, InvalidArgumentError, NotFoundError
from petdesk.core.limits import LIMIT_MAX
from petdesk.core.statuses import PetStatus
from petdesk.services.catalogue.mirror import MirrorPage
from petdesk.services.outbox.budget import QuotaBudget
from petdesk.services.outbox.sender import BudgetExceeded
from petdesk.storage.rows import Draft, PetRow

__all__ = ["ClientMirrorRemote", "ClientRemote", "TailLinks", "budget_for", "draft_from", "pet_row"]


class TailLinks(Protocol):
    """Where the link to the listing's last page is kept
    (:class:`~petdesk.storage.repositories.MetaRepository`)."""

    def tail_link(self, status: PetStatus | None) -> tuple[str, int] | None: ...

    def set_tail_link(self, status: PetStatus | None, url: str, after_id: int) -> None: ...

    def note_newest_id(self, pet_id: int, *, verified: bool) -> None: ...


def pet_row(pet: Pet) -> PetRow:
    """A ``Pet`` from the client as the store keeps it."""
    return PetRow(pet.id, pet.name, pet.category_id, pet.status)


def draft_from(new_pet: NewPet) -> Draft:
    """The add dialog's validated ``NewPet`` as an outbox draft (name already stripped)."""
    return Draft(new_pet.name, new_pet.category_id, new_pet.status)


def budget_for(client: PetStoreClient, clock: Clock, *, reserve_share: float = 0.2,
               min_reserve: int = 2) -> QuotaBudget:
    """The quota budget fed by the client's live rate-limit reading (shared with the
    other desks of the store) and gate."""
    return QuotaBudget(clock, client.quota_now, client.gate.remaining_wait,
                       reserve_share=reserve_share, min_reserve=min_reserve)


class ClientRemote:
    """Adapts :class:`PetStoreClient` to :class:`~petdesk.services.outbox.sender.OutboxRemote`.

    ``list_above`` pages through ``GET /pets`` (100 a page, with the status filter when
    the add has a status) to the last page, asking ``budget`` before every page after
    the first: listing never takes the user's share of the quota.

    The listing is ordered by id (spec 4.1 shows no other order; the sandbox documents
    it) and the service gives no way to start at an id. So when a listing reaches the
    last page, the link that led to it is kept (``links``, the store) with the highest
    id listed before it; the next listing above an id at least that high starts from
    that link instead of the first page: one or two requests instead of the whole
    catalogue. It relies on the service's next links still working later and listing
    every pet added since (true of keyset and of offset paging while nothing is
    deleted; the spec has no delete). A link the service refuses (400, 404) is
    forgotten and the listing starts from the first page.

    A listing the budget interrupts between pages keeps its place the same way: the
    link to the next page becomes the kept link (unless the kept one reaches further)
    and the highest id listed becomes a known id, so the next listing above it
    resumes there. Without this, a catalogue larger than one window's background
    share (4,800 pets on the Free plan) could never be listed to the end.
    """

    def __init__(self, client: PetStoreClient, budget: QuotaBudget | None = None,
                 cancel: CancelToken | None = None, links: TailLinks | None = None) -> None:
        self._client = client
        self._budget = budget
        self._cancel = cancel
        self._links = links

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
        tail = self._links.tail_link(status) if self._links is not None else None
        if tail is not None and tail[1] <= floor_id:
            try:
                return self._list(floor_id, status, tail[0], tail[1])
            except (BadRequestError, NotFoundError, InvalidArgumentError):
                pass  # the link no longer works: list from the start
        return self._list(floor_id, status, None, 0)

    def _list(self, floor_id: int, status: PetStatus | None, start: str | None,
              before: int) -> list[PetRow]:
        found: list[PetRow] = []
        url = start
        for page in self._pages(status, start):
            found.extend(pet_row(p) for p in page.pets if p.id > floor_id)
            if page.next_url is None:
                if url is not None and self._links is not None:
                    self._links.set_tail_link(status, url, before)
                break
            before = max([before, *(p.id for p in page.pets)])
            url = page.next_url
            try:
                self._ask_budget()
            except BudgetExceeded:
                self._keep_place(status, url, before)
                raise
        return found

    def _keep_place(self, status: PetStatus | None, url: str, before: int) -> None:
        if self._links is None or before <= 0:
            return
        kept = self._links.tail_link(status)
        if kept is None or kept[1] < before:
            self._links.set_tail_link(status, url, before)
        self._links.note_newest_id(before, verified=False)

    def _pages(self, status: PetStatus | None, start: str | None) -> Iterator[PetPage]:
        page = (self._client.fetch_page(start, cancel=self._cancel) if start is not None
                else self._client.list_pets_page(LIMIT_MAX, status, cancel=self._cancel))
        yield page
        while page.next_url is not None:
            page = self._client.fetch_page(page.next_url, cancel=self._cancel)
            yield page

    def _ask_budget(self) -> None:
        if self._budget is not None:
            decision = self._budget.background()
            if not decision.allowed:
                raise BudgetExceeded(decision)


class ClientMirrorRemote:
    """Adapts :class:`PetStoreClient` to :class:`~petdesk.services.catalogue.mirror.MirrorRemote`:
    pages of 100 pets, no status filter."""

    def __init__(self, client: PetStoreClient, cancel: CancelToken | None = None) -> None:
        self._client = client
        self._cancel = cancel

    def first_page(self) -> MirrorPage:
        return _mirror_page(self._client.list_pets_page(LIMIT_MAX, None, cancel=self._cancel))

    def page(self, url: str) -> MirrorPage:
        return _mirror_page(self._client.fetch_page(url, cancel=self._cancel))


def _mirror_page(page: PetPage) -> MirrorPage:
    return MirrorPage([pet_row(p) for p in page.pets], page.next_url)
