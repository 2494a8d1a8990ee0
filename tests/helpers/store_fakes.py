"""A scripted fake of the service for the sender's tests (no HTTP)."""

from __future__ import annotations

import enum
from collections import deque

from petdesk.core.errors import (
    AuthenticationError,
    BadRequestError,
    NetworkError,
    OutcomeUnknownError,
    RateLimitedError,
)
from petdesk.core.statuses import PetStatus
from petdesk.storage.rows import Draft, PetRow


class Killed(BaseException):
    """Stands for kill -9 in the middle of a request: nothing after it runs."""


class Fault(enum.Enum):
    DROP_BEFORE = "the connection drops before the service acts"
    COMMIT_THEN_DROP = "the service adds the pet, then the connection drops"
    NO_NETWORK = "the service cannot be reached (nothing sent)"
    BAD_REQUEST = "400"
    NO_KEY = "401"
    RATE_LIMITED = "the rate-limit wait is longer than the in-app limit"
    COMMIT_THEN_KILL = "the service adds the pet, then the app is killed"
    KILL_BEFORE = "the app is killed before the request leaves"


class FakeService:
    """Pets with growing ids, and a queue of faults for the next creates/listings."""

    def __init__(self, existing: int = 0) -> None:
        self.pets: list[PetRow] = [PetRow(i, f"Seed {i}", 1, None)
                                   for i in range(1, existing + 1)]
        self.create_faults: deque[Fault | None] = deque()
        self.list_faults: deque[Fault | None] = deque()
        self.creates = 0
        self.listings = 0

    def add_elsewhere(self, name: str, category_id: int, status: PetStatus | None) -> PetRow:
        pet = PetRow(self._next_id(), name, category_id, status)
        self.pets.append(pet)
        return pet

    def _next_id(self) -> int:
        return (self.pets[-1].id if self.pets else 0) + 1

    def create(self, draft: Draft) -> PetRow:
        self.creates += 1
        fault = self.create_faults.popleft() if self.create_faults else None
        if fault is Fault.KILL_BEFORE:
            raise Killed
        before = {Fault.DROP_BEFORE: OutcomeUnknownError(),
                  Fault.NO_NETWORK: NetworkError(),
                  Fault.BAD_REQUEST: BadRequestError(
                      "refused", server_message="Field 'name' must not be blank."),
                  Fault.NO_KEY: AuthenticationError(),
                  Fault.RATE_LIMITED: RateLimitedError(retry_after=300.0)}
        if fault in before:
            raise before[fault]  # type: ignore[index]
        pet = self.add_elsewhere(draft.name.strip(), draft.category_id, draft.status)
        if fault is Fault.COMMIT_THEN_DROP:
            raise OutcomeUnknownError()
        if fault is Fault.COMMIT_THEN_KILL:
            raise Killed
        return pet

    def list_above(self, floor_id: int, status: PetStatus | None) -> list[PetRow]:
        self.listings += 1
        fault = self.list_faults.popleft() if self.list_faults else None
        if fault is Fault.NO_NETWORK:
            raise NetworkError()
        return [p for p in self.pets if p.id > floor_id and (status is None or p.status == status)]

    def count(self, name: str) -> int:
        return sum(1 for p in self.pets if p.name == name)
