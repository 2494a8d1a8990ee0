"""The plain values the store hands out: tuples and small frozen dataclasses.

Nothing here imports httpx, pydantic or Qt, so the first paint can use them before
the client exists. Statuses are :class:`~petdesk.core.statuses.PetStatus` (or
``None`` for a pet without one).
"""

from __future__ import annotations

import enum
import uuid
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from petdesk.core.desk import Desk
from petdesk.core.quota import QuotaFigures
from petdesk.core.statuses import PetStatus
from petdesk.core.store_trouble import StoreTrouble

#: The desk of adds kept before the store recorded desks.
UNKNOWN_DESK = Desk("", "")


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


@dataclass(frozen=True, slots=True)
class BudgetRecord:
    """A key's shared quota record (:class:`~petdesk.storage.repositories.BudgetRepository`)."""

    #: :func:`~petdesk.core.quota.key_fingerprint` of the key, never the key.
    fingerprint: str
    figures: QuotaFigures
    #: When a desk last wrote it (Unix time, the store's clock).
    updated_at: float


class OutboxError(Exception):
    """An outbox change that is not allowed (e.g. editing an entry being sent)."""


class SharedStoreUnavailable(Exception):
    """The shared store cannot be opened or used: :attr:`trouble` says why. The
    exception's argument is the trouble's sentence (marked for translation: the window
    shows it in the user's language, ``str()`` is English); it never contains the
    password (the driver's own error is logged by type only). It lives here, not with
    the shared store's implementation, so the services, the window and the command line
    can tell "the shared store cannot be used" without depending on that store.

    :attr:`maybe_kept`: the connection died while a write transaction was committing,
    so the server may have kept it although no answer came."""

    def __init__(self, trouble: StoreTrouble, *, maybe_kept: bool = False) -> None:
        super().__init__(trouble.sentence)
        self.trouble = trouble
        self.maybe_kept = maybe_kept


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


#: The origin of a person's add from the add form: ``add:<key>`` (:class:`AddKey`).
OWN_ADD_PREFIX: Final = "add:"


@dataclass(frozen=True, slots=True)
class AddKey:
    """The idempotency key of one add a person made in the add form: the same typed
    pet submitted again (after the store's answer was lost) is queued under the same
    key, so the outbox finds the first entry instead of queueing a second pet."""

    value: str

    @classmethod
    def new(cls) -> AddKey:
        return cls(uuid.uuid4().hex)

    @property
    def origin(self) -> str:
        """The outbox origin of the add."""
        return f"{OWN_ADD_PREFIX}{self.value}"


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
    #: Where it came from: ``"add:<key>"`` (or ``None``, kept before adds had a key)
    #: for the add dialog, e.g. ``"import:<batch>:<row>"`` for an import's row.
    origin: str | None = None
    #: Paused (a bulk import the user paused): not sent until resumed.
    held: bool = False
    #: The desk (computer) and the user that typed or imported the add.
    desk: Desk = UNKNOWN_DESK

    @property
    def own(self) -> bool:
        """A person's own add from the add dialog (not an import's row or a moved add)."""
        return self.origin is None or self.origin.startswith(OWN_ADD_PREFIX)

    @property
    def name(self) -> str:
        return self.draft.name

    @property
    def category_id(self) -> int:
        return self.draft.category_id

    @property
    def status(self) -> PetStatus | None:
        return self.draft.status


class AddWay(enum.Enum):
    """How an add reached the service: the request that created it. The values are
    what the store keeps."""

    #: The user's own add, sent the moment it was made (the add dialog's send).
    AT_ONCE = "at_once"
    #: The user's add, sent later by the outbox's background drain (it waited, or the
    #: user chose "Send later").
    OUTBOX = "outbox"
    #: A row of a bulk import (an outbox entry with an origin).
    IMPORT = "import"

    @classmethod
    def of(cls, entry: OutboxEntry, *, at_once: bool) -> AddWay:
        """The way ``entry`` is being sent: by the user's send (``at_once``) or by
        the drain; an imported row is always "by an import"."""
        if not entry.own:
            return cls.IMPORT
        return cls.AT_ONCE if at_once else cls.OUTBOX


@dataclass(frozen=True, slots=True)
class ActivityEntry:
    """One line of the activity log: a pet the service created from an add."""

    #: The outbox entry it came from (each is logged at most once).
    local_id: int
    pet_id: int
    name: str
    #: The desk and user that typed or imported the add.
    desk: Desk
    #: When the service's answer was recorded (Unix time).
    added_at: float
    way: AddWay


class PassKind(enum.Enum):
    """What a running pass of the mirror is doing. The values are what the store keeps."""

    #: From the first page to the last: adds every pet, refreshes every name and status,
    #: and at the end drops mirrored pets the service no longer lists.
    FULL = "full"
    #: From the stored link to the last page onward: adds the pets created since.
    NEW = "new"


class MirrorState(NamedTuple):
    """Progress of the catalogue mirror; the store keeps it, the filler
    (:mod:`petdesk.services.catalogue.mirror`) sets it, one page at a time."""

    #: The next page to fetch in the running pass (``None``: the pass starts at its
    #: beginning, or no pass is running).
    next_url: str | None
    #: When the running pass started (``None``: no pass running).
    pass_started_at: float | None
    #: When a pass last reached the end of the catalogue: every pet listed then is in
    #: the mirror ("complete as of").
    complete_at: float | None
    #: The service's highest id seen by the mirror.
    highest_id: int | None
    pass_kind: PassKind | None = None
    #: When the mirror was last brought up to date (any pass that reached the end).
    last_update_at: float | None = None
    #: When the last full pass reached the end.
    last_full_at: float | None = None
    #: Requests the mirror has sent: in all, on ``day`` (UTC date), in the running pass.
    requests_total: int = 0
    day: str | None = None
    day_requests: int = 0
    pass_requests: int = 0
    #: Pets listed by the running pass so far.
    pass_rows: int = 0
    #: The link that fetched the last page when a pass last reached the end (``None``:
    #: the first page was the last). An update starts there.
    tail_url: str | None = None

    @property
    def running(self) -> bool:
        return self.pass_started_at is not None


@dataclass(frozen=True, slots=True)
class MirrorSettings:
    """The mirror's schedule and share of the quota, as the user set them.

    Defaults: an update (new pets only, usually one or two requests) every 30 minutes;
    a full pass (every page, to see changed names and statuses) once a day; at most a
    quarter of the day's requests; the day's quota assumed to be the Free plan's 1,000
    until the user says which plan the key is on.
    """

    #: Seconds between updates (new pets from the last page onward).
    update_every: float = 30 * 60.0
    #: Seconds between full passes.
    full_every: float = 24 * 3600.0
    #: The most of the day's requests the mirror may use (0 < share <= 0.8).
    day_share: float = 0.25
    #: Requests a day the key may make (the plan's; spec section 8).
    daily_quota: int = 1_000
    #: ``False``: the mirror is switched off (nothing is fetched; what is stored stays).
    enabled: bool = True

    def __post_init__(self) -> None:
        if not 60.0 <= self.update_every <= 7 * 86_400.0:
            raise ValueError("updates run every minute at most and every week at least")
        if not self.update_every <= self.full_every <= 30 * 86_400.0:
            raise ValueError("full passes run no more often than updates, at least monthly")
        if not 0.0 < self.day_share <= 0.8:
            raise ValueError("the mirror's share of the day is above 0 and at most 80 %")
        if self.daily_quota < 1:
            raise ValueError("the daily quota is at least one request")

    @property
    def day_allowance(self) -> int:
        """Requests the mirror may send in one day."""
        return max(1, int(self.daily_quota * self.day_share))


class MirrorSort(enum.Enum):
    """The orders the mirror can be read in (ties broken by id)."""

    ID = "id"
    NAME = "name"
    CATEGORY = "category"
    STATUS = "status"


class MirrorQuery(NamedTuple):
    """A search over the mirror: the name text (``""``: every pet) and the order.

    The default is newest first: by id, descending."""

    text: str = ""
    sort: MirrorSort = MirrorSort.ID
    descending: bool = True


def status_from_db(value: str | None) -> PetStatus | None:
    return None if value is None else PetStatus(value)


def status_to_db(status: PetStatus | None) -> str | None:
    return None if status is None else status.value


_STATUSES: Final[dict[str | None, PetStatus | None]] = {
    None: None, **{status.value: status for status in PetStatus}}


def pet_row(row: tuple[Any, ...]) -> PetRow:
    return PetRow(int(row[0]), str(row[1]), int(row[2]), status_from_db(row[3]))


def pet_rows(rows: list[tuple[Any, ...]]) -> tuple[PetRow, ...]:
    """Many rows at once (the first paint): the columns' types are the schema's."""
    statuses = _STATUSES
    make = PetRow
    try:
        return tuple([make(i, n, c, statuses[s]) for i, n, c, s in rows])
    except KeyError:  # a status this version does not know: the careful path
        return tuple(map(pet_row, rows))
