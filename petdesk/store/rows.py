"""The plain values the store hands out: tuples and small frozen dataclasses.

Nothing here imports httpx, pydantic or Qt, so the first paint can use them before
the client exists. Statuses are :class:`~petdesk.core.statuses.PetStatus` (or
``None`` for a pet without one).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple

from petdesk.core.statuses import PetStatus


class PetRow(NamedTuple):
    """One pet as stored: the same four fields as the service's ``Pet``."""

    id: int
    name: str
    category_id: int
    status: PetStatus | None


class StoredQuery(NamedTuple):
    """A list query: the status filter (``None``: no filter) and the page size."""

    status: PetStatus | None
    limit: int


@dataclass(frozen=True, slots=True)
class StoredPage:
    """The rows last seen for one query, in the order the service listed them."""

    query: StoredQuery
    rows: tuple[PetRow, ...]
    #: When the first page was fetched, and when the last appended one was (Unix time).
    fetched_at: float
    updated_at: float
    #: The next page's address the service offered after the last stored page.
    next_url: str | None


@dataclass(frozen=True, slots=True)
class StoredPet:
    """A pet looked up by id, with the time it was fetched (Unix time)."""

    pet: PetRow
    fetched_at: float


class OutboxState(enum.Enum):
    """Where an outbox entry is. The values are what the database stores."""

    #: Not sent yet (or sent and known not to have been created): will be sent.
    WAITING = "waiting"
    #: Marked (durably) just before its request left. Found at start-up, it means
    #: the app stopped mid-request: the outcome is unknown.
    SENDING = "sending"
    #: The request left and no answer came back: reconcile before any resend.
    OUTCOME_UNKNOWN = "outcome_unknown"
    #: Reconciliation found several matching pets: the user decides.
    NEEDS_DECISION = "needs_decision"
    #: Created; ``pet_id`` holds the id the service gave it.
    SENT = "sent"
    #: The service refused it (400); ``reason`` holds the service's message.
    FAILED = "failed"
    #: The user cancelled it while it waited.
    CANCELLED = "cancelled"

    @property
    def editable(self) -> bool:
        """True while the user may still edit or cancel the entry."""
        return self is OutboxState.WAITING

    @property
    def finished(self) -> bool:
        return self in (OutboxState.SENT, OutboxState.FAILED, OutboxState.CANCELLED)

    @property
    def pending(self) -> bool:
        """Counted as "waiting to send" in the status bar."""
        return not self.finished


class Draft(NamedTuple):
    """What the user typed in the add dialog, already checked with the NewPet rules."""

    name: str
    category_id: int
    status: PetStatus | None


@dataclass(frozen=True, slots=True)
class OutboxEntry:
    """One add in the outbox."""

    local_id: int
    environment: str
    draft: Draft
    created_at: float
    state: OutboxState
    attempts: int
    #: The highest pet id known when it was queued, raised just before each send to
    #: the newest id known then. Reconciliation only looks at pets above it.
    floor_id: int
    #: True when the floor was the newest id PetDesk had verified when it was sent.
    floor_verified: bool = False
    #: The id the service gave (state SENT), or the id the user picked.
    pet_id: int | None = None
    #: The service's message (FAILED), or why the entry waits (for the UI's tooltip).
    reason: str | None = None
    #: The ids that matched when reconciliation was ambiguous (NEEDS_DECISION).
    candidates: tuple[int, ...] = ()
    updated_at: float = 0.0
    #: Where it came from: ``None`` for the add dialog, e.g. ``"import:<batch>:<row>"``.
    origin: str | None = None
    #: Paused (a bulk import the user paused): not sent until resumed.
    held: bool = False

    @property
    def name(self) -> str:
        return self.draft.name

    @property
    def category_id(self) -> int:
        return self.draft.category_id

    @property
    def status(self) -> PetStatus | None:
        return self.draft.status


class MirrorState(NamedTuple):
    """Progress of the catalogue mirror (issue 16); the store keeps it, a filler sets it."""

    #: The next page to fetch in the running pass (``None``: no pass running).
    next_url: str | None
    pass_started_at: float | None
    #: When the last full pass reached the end of the catalogue.
    complete_at: float | None
    #: The service's highest id seen by the mirror.
    highest_id: int | None


def status_from_db(value: str | None) -> PetStatus | None:
    return None if value is None else PetStatus(value)


def status_to_db(status: PetStatus | None) -> str | None:
    return None if status is None else status.value
