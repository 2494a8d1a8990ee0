"""What the store offers, one repository per table group, and the session that holds
them: the contract every implementation keeps (today SQLite, :mod:`.sqlite`).

Services are typed against these protocols, so a second implementation (a database
server shared by several desks) can take SQLite's place without their changing.
Every time is Unix time from the store's clock. The store never holds the API key:
nothing here is given one, and the only addresses kept (``next_url``, the tail link)
are the service's own page links, which carry the key nowhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import AbstractContextManager
from typing import Protocol

from petdesk.core.quota import QuotaFigures
from petdesk.core.statuses import PetStatus
from petdesk.storage.rows import (
    ActivityEntry,
    AddKey,
    AddWay,
    BudgetRecord,
    Draft,
    MirrorQuery,
    MirrorSettings,
    MirrorState,
    OutboxEntry,
    OutboxState,
    PetRow,
    StoredPage,
    StoredPet,
    StoredQuery,
)

__all__ = ["ActivityRepository", "BudgetRepository", "CatalogueRepository",
           "MetaRepository", "OutboxLock",
           "OutboxRepository", "PageRepository", "Store"]


class OutboxLock(Protocol):
    """Held by the one sender of a store's outbox, so that two PetDesk processes never
    send (or reconcile) the same adds; released however the holder ends."""

    @property
    def held(self) -> bool: ...

    def acquire(self) -> bool:
        """Take it if free (never waits); whether it is held now."""
        ...

    def release(self) -> None: ...


class PageRepository(Protocol):
    """The rows last seen per list query, and the pets looked up by id."""

    def save_page(self, query: StoredQuery, rows: Iterable[PetRow], *, next_url: str | None,
                  fetched_at: float | None = None, append: bool = False) -> None:
        """Store a page of ``query``: the first page replaces what was stored, a page
        loaded with "Load more" (``append=True``) is added after the stored rows."""
        ...

    def stored_page(self, query: StoredQuery) -> StoredPage | None:
        """The rows last seen for ``query`` (``None`` if never seen)."""
        ...

    def stored_queries(self) -> list[StoredQuery]:
        """Every query with stored rows, most recently updated first."""
        ...

    def save_looked_up(self, pet: PetRow, fetched_at: float | None = None) -> None:
        """Keep a pet the service just returned for its id: for a look-up while
        offline, and in the catalogue, so that a search by name finds it from now on."""
        ...

    def forget_looked_up(self, pet_id: int) -> None:
        """The service answered 404: the stored copy must not be shown as current, nor
        found by name in the catalogue."""
        ...

    def looked_up(self, pet_id: int) -> StoredPet | None:
        """The stored answer for a look-up by id: the newest copy among looked-up pets
        and the catalogue (``None`` when the store has never seen it)."""
        ...


class MetaRepository(Protocol):
    """Facts: the newest pet id, the listing's tail link, remembered values."""

    def note_newest_id(self, pet_id: int, *, verified: bool) -> None:
        """Record an id the service has given. ``verified``: it was the newest pet at
        that moment (a listing reached the end, or the service just created it)."""
        ...

    def newest_known_id(self) -> int:
        """The highest pet id this store has seen anywhere (0 when none)."""
        ...

    def newest_id_verified(self, max_age: float | None = None) -> bool:
        """True once a listing to the last page told the store which pet was the newest
        (within ``max_age`` seconds, when given)."""
        ...

    def tail_link(self, status: PetStatus | None) -> tuple[str, int] | None:
        """The service's link to the last page of ``GET /pets`` (with ``status``) seen
        when a listing reached the end, and the highest id listed before that page."""
        ...

    def set_tail_link(self, status: PetStatus | None, url: str, after_id: int) -> None: ...

    def fact(self, key: str) -> str | None:
        """A remembered value (e.g. a column mapping, as JSON); ``None`` when unset."""
        ...

    def set_fact(self, key: str, value: str) -> None: ...


class OutboxRepository(Protocol):
    """The outbox of adds. Every change is durable when the method returns; a change
    the entry's state does not allow raises :class:`~petdesk.storage.rows.OutboxError`."""

    def queue(self, draft: Draft, *, origin: str | None = None) -> OutboxEntry:
        """Add an entry (WAITING) and return it once it is on disk. Every entry queued
        (here and by :meth:`queue_unique`) records the store's desk: the
        :class:`~petdesk.core.desk.Desk` its opener gave it."""
        ...

    def queue_unique(self, items: Iterable[tuple[Draft, str]]) -> int:
        """Queue the ``(draft, origin)`` adds whose origin the outbox does not hold yet
        (sent or not), at once: a re-run of the same import queues nothing twice.
        Returns how many were new, once they are on disk."""
        ...

    def queue_once(self, draft: Draft, key: AddKey, *, held: bool = False) -> OutboxEntry:
        """Queue a person's add ``draft`` under its ``key`` (origin ``key.origin``),
        unless the outbox holds an entry of that key already that was neither refused
        nor cancelled: then that entry, unchanged. The same add submitted again after
        the store's answer to its first queueing was lost is so queued once. ``held``:
        not sent from here; it waits to be moved to the shared store, which may hold
        it already."""
        ...

    def hold(self, origin_prefix: str, held: bool) -> int:
        """Pause (``held=True``) or resume the waiting entries whose origin starts with
        ``origin_prefix``. Returns how many changed."""
        ...

    def cancel_batch(self, origin_prefix: str) -> int:
        """Cancel every waiting entry whose origin starts with ``origin_prefix``."""
        ...

    def entry(self, local_id: int) -> OutboxEntry: ...

    def entries(self, *, include_finished: bool = False) -> list[OutboxEntry]:
        """The outbox in queue order (by default only entries not yet finished)."""
        ...

    def entries_from(self, origin_prefix: str) -> list[OutboxEntry]:
        """Every entry, finished or not, whose origin starts with ``origin_prefix``
        (one import batch), in queue order."""
        ...

    def pending_count(self) -> int:
        """How many adds wait to be sent (for the status bar)."""
        ...

    def first_in(self, *states: OutboxState) -> OutboxEntry | None:
        """The next entry in one of ``states`` (held WAITING ones skipped): the user's
        own adds (:attr:`~petdesk.storage.rows.OutboxEntry.own`) before imported rows,
        each kind in queue order."""
        ...

    def claimed_ids(self) -> frozenset[int]:
        """Pet ids already given to outbox entries (never matched to another one)."""
        ...

    def ahead_of(self, local_id: int) -> int:
        """How many entries to be sent or checked go before this one: the user's own
        adds (own) go before imported rows, each kind in queue order; an entry
        being sent or checked always goes first."""
        ...

    def edit(self, local_id: int, draft: Draft) -> OutboxEntry:
        """Change a waiting entry."""
        ...

    def cancel(self, local_id: int) -> OutboxEntry:
        """Cancel a waiting entry (or, after an ambiguous check, one the user says is
        already there)."""
        ...

    def choose_created(self, local_id: int, pet_id: int) -> OutboxEntry:
        """The user picked which listed pet is this add (after NEEDS_DECISION)."""
        ...

    def send_again(self, local_id: int) -> OutboxEntry:
        """The user says none of the candidates is this add (NEEDS_DECISION), or asks to
        retry one the service refused (FAILED): it waits to be sent again."""
        ...

    def mark_sending(self, local_id: int, way: AddWay = AddWay.OUTBOX) -> OutboxEntry:
        """Durably mark the entry as being sent, *before* its request leaves, with its
        floor raised to the newest id known now (and whether that one is verified), and
        ``way``, how this request is sent (:meth:`AddWay.of`): the activity log records
        the way of the request that created the pet."""
        ...

    def mark_sent(self, local_id: int, pet_id: int, answer: PetRow | None = None) -> None:
        """Created with ``pet_id`` (from a 201, a reconciliation, or the user's choice).

        The pet goes into the catalogue in the same transaction, so a search by name
        finds it from the moment the service answered: ``answer`` as the service
        returned or listed it, else the add as it was sent. In that transaction too, the
        activity log (:class:`ActivityRepository`) gains the entry's one line: the pet
        id and name, the entry's desk, the time now, and the way it was last marked
        sending (an entry with no way kept: IMPORT when it is not a person's own add, else
        OUTBOX). An entry is marked sent at most once, so it is logged at most once,
        and never unless it is marked sent (:meth:`choose_created` included)."""
        ...

    def mark_failed(self, local_id: int, reason: str) -> None: ...

    def mark_waiting(self, local_id: int, reason: str | None = None) -> None:
        """Back to WAITING: not sent (network down, quota), or known not created."""
        ...

    def mark_unknown(self, local_id: int) -> None: ...

    def mark_needs_decision(self, local_id: int, candidates: Iterable[int]) -> None: ...

    def recover_interrupted(self) -> int:
        """At start-up: entries left SENDING by a crash become OUTCOME_UNKNOWN (their
        request may have reached the service). Returns how many."""
        ...


class ActivityRepository(Protocol):
    """The activity log: every add the service created, with the desk and user that
    made it and how it was sent. Written only by :meth:`OutboxRepository.mark_sent`."""

    def entries(self, *, limit: int = -1, offset: int = 0) -> list[ActivityEntry]:
        """Newest first (by ``added_at``, then the later logged first); ``limit=-1``:
        every line from ``offset`` on."""
        ...

    def count(self) -> int:
        """How many lines the log holds."""
        ...


class CatalogueRepository(Protocol):
    """The catalogue mirror: every pet of the service, the filler's progress and its
    settings. It is opened on first use (after the first paint)."""

    def open(self) -> str | None:
        """Open the catalogue now. Never raises for a damaged one: it starts empty (or
        lives in memory for this session). Returns the plain sentence saying so,
        ``None`` when all is well."""
        ...

    def fill_turn(self) -> AbstractContextManager[bool]:
        """Held around one step of the filler: whether this process does the step now
        (``False``: another PetDesk sharing the store is doing one; skip it). Never
        waits; the turn ends with the ``with`` block, or when its holder dies."""
        ...

    def count(self) -> int: ...

    def rows(self, *, newest_first: bool = False, limit: int = -1,
             offset: int = 0) -> list[PetRow]: ...

    def search(self, query: MirrorQuery, *, offset: int = 0, limit: int = 200) -> list[PetRow]:
        """One window of the pets matching ``query`` (folded name contains the folded
        text; every pet for empty text), in the query's order, ties broken by id."""
        ...

    def search_count(self, query: MirrorQuery) -> int:
        """How many pets match ``query`` (the number of rows a view has)."""
        ...

    def seen_since(self, ids: Iterable[int], since: float) -> int:
        """How many of ``ids`` the catalogue has seen at or after ``since`` (a pass's
        start): a page whose pets were all listed already is a page repeated."""
        ...

    def save_page(self, rows: Iterable[PetRow], state: MirrorState, *,
                  sweep: tuple[float, int] | None = None,
                  seen_at: float | None = None) -> None:
        """One page of a pass and the progress after it, at once (a crash keeps both
        or neither, so a resumed pass never skips a page).

        ``sweep=(started_at, up_to_id)`` ends a full pass: pets with ids up to
        ``up_to_id`` not seen since ``started_at`` are dropped."""
        ...

    def state(self) -> MirrorState: ...

    def set_state(self, state: MirrorState) -> None: ...

    def settings(self) -> MirrorSettings:
        """The schedule and quota share (defaults until the user changes them)."""
        ...

    def set_settings(self, settings: MirrorSettings) -> None: ...


class BudgetRepository(Protocol):
    """The key's quota as the service last told any desk that shares this store: one
    record per key, so that together the desks stay inside the plan
    (:mod:`petdesk.core.quota`). Each desk writes what every answer's headers said and
    reads the record before it sends.

    A record is named by :func:`~petdesk.core.quota.key_fingerprint`: both methods
    raise ``ValueError`` for a name that is not of that form (a key passed by mistake
    is never written). The figures' times are on the service's clock and stored as
    given; ``updated_at`` is the store's clock.
    """

    def observe(self, fingerprint: str, figures: QuotaFigures) -> BudgetRecord:
        """Write what one answer said: the record becomes
        ``merge_figures(current, figures)`` (:func:`~petdesk.core.quota.merge_figures`
        states the rule) in one transaction that no other desk's write interleaves
        with (SQLite: ``BEGIN IMMEDIATE``; a server: the row locked, the first insert
        of a key included). Returns the record as written, once it is durable."""
        ...

    def current(self, fingerprint: str) -> BudgetRecord | None:
        """The key's record (``None`` before any desk wrote one): one indexed row."""
        ...


class Store(Protocol):
    """One environment's store, opened once: its repositories share one connection,
    and writes that span them (an add sent goes into the catalogue and the activity
    log) are one transaction. Its opener gives it this computer's
    :class:`~petdesk.core.desk.Desk` when it is opened."""

    @property
    def environment(self) -> str: ...

    @property
    def durable(self) -> bool:
        """Whether what is written outlives this session (``False``: in memory)."""
        ...

    @property
    def answering(self) -> bool:
        """``False`` once the store's server stopped answering for good (its connection
        broke): the store must be opened again. A file always answers."""
        ...

    @property
    def pages(self) -> PageRepository: ...

    @property
    def meta(self) -> MetaRepository: ...

    @property
    def outbox(self) -> OutboxRepository: ...

    @property
    def catalogue(self) -> CatalogueRepository: ...

    @property
    def activity(self) -> ActivityRepository: ...

    @property
    def budget(self) -> BudgetRepository: ...

    def sender_lock(self) -> OutboxLock:
        """The lock one sender of this store's outbox holds (one per process)."""
        ...

    def close(self) -> None: ...
