"""A scripted catalogue for the mirror filler's tests (no HTTP): keyset pages of 100
with next links, a request count, and faults."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from datetime import UTC, datetime

from petdesk.core.errors import BadRequestError, NetworkError, PetStoreError
from petdesk.core.statuses import PetStatus
from petdesk.services.catalogue.mirror import MirrorPage
from petdesk.storage.rows import PetRow

BASE = "https://pets.example/v1/pets?limit=100"


class FakeCatalogue:
    """Pets with growing ids, listed 100 a page by ascending id."""

    def __init__(self, count: int = 0, *, page_size: int = 100) -> None:
        self.pets: dict[int, PetRow] = {}
        self.page_size = page_size
        self.requests = 0
        self.urls: list[str | None] = []
        self.faults: deque[PetStoreError | None] = deque()
        #: Offset paging instead of keyset: the link says how many to skip.
        self.offset_paging = False
        for _ in range(count):
            self.add()

    def add(self, name: str | None = None, status: PetStatus | None = None) -> PetRow:
        pet_id = max(self.pets, default=0) + 1
        pet = PetRow(pet_id, name or f"Pet {pet_id}", 1 + pet_id % 5, status)
        self.pets[pet_id] = pet
        return pet

    def first_page(self) -> MirrorPage:
        return self._serve(None)

    def page(self, url: str) -> MirrorPage:
        return self._serve(url)

    def _serve(self, url: str | None) -> MirrorPage:
        self.requests += 1
        self.urls.append(url)
        fault = self.faults.popleft() if self.faults else None
        if fault is not None:
            raise fault
        ordered = sorted(self.pets.values())
        if url is None:
            start = 0
        elif "offset=" in url:
            start = int(url.rsplit("offset=", 1)[1])
        elif "cursor=" in url:
            after = int(url.rsplit("cursor=", 1)[1])
            start = sum(1 for p in ordered if p.id <= after)
        else:
            raise BadRequestError("Query parameter 'cursor' is not a valid paging cursor.")
        rows = ordered[start:start + self.page_size]
        more = start + self.page_size < len(ordered)
        if not more or not rows:
            return MirrorPage(rows, None)
        if self.offset_paging:
            return MirrorPage(rows, f"{BASE}&offset={start + self.page_size}")
        return MirrorPage(rows, f"{BASE}&cursor={rows[-1].id}")


def offline() -> NetworkError:
    return NetworkError("The Pet Store service could not be reached.")


@dataclass(frozen=True)
class Reading:
    """A rate-limit reading for the budget (what the client's last response said)."""

    limit: int | None
    remaining: int | None
    reset_at: float | None

    @property
    def reset(self) -> datetime | None:
        return None if self.reset_at is None else datetime.fromtimestamp(self.reset_at, UTC)


class LoopingCatalogue(FakeCatalogue):
    """A broken service whose next link from page 3 leads back to page 2."""

    def _serve(self, url: str | None) -> MirrorPage:
        page = super()._serve(url)
        if page.next_url is not None and page.rows and page.rows[0].id == 201:
            return MirrorPage(page.rows, f"{BASE}&cursor=100")
        return page
