"""The catalogue mirror's filler: every pet of the service kept in the store, within
the quota. Qt-free, httpx-free (:class:`petdesk.services.outbox.remote.ClientMirrorRemote`
adapts the client).

Run it on the worker thread that owns the client, one :meth:`MirrorFiller.step` at a
time, when the user has nothing waiting and the outbox sender's step had nothing to
send: each step sends at most one request (one page of 100 pets), so a user's
action waits at most for the one page in flight.

The strategy (the service lists pets only by ascending id, 100 a page, and follows
``Link: rel="next"``; spec section 4.1 shows no other order or filter by id):

* **Fill**: the first time, a *full pass* pages from the first page to the last.
  Each page is stored with the link to the next in one transaction, so after a
  restart (or a crash) the pass resumes at the page it had reached.
* **Updates** (default every 30 minutes, :class:`~petdesk.storage.rows.MirrorSettings`):
  ids only grow, so new pets are always after the newest one the mirror has. When a
  pass reaches the end, the filler keeps the link that fetched the last page; an
  update starts there (*new-pets pass*): usually one request, two when the last page
  has filled up. The link is trusted only while the page it returns still contains
  the newest pet the mirror has (it was that page's last pet): that proves the
  listing continues where the mirror stopped. If it does not (the link stopped
  working, the service changed how it pages, pets were removed under offset
  paging), or the service refuses the link (400/404), a full pass runs instead.
* **Full pass** (default once a day): the only way to see a pet whose name or
  status changed (the spec has no update operation and no change feed), and the
  only way to notice a pet that disappeared (it has no delete either). A full pass
  *replaces* the mirror as of its start: every listed pet is written as listed, and
  at its end mirrored pets with ids up to the newest listed that the pass did not
  list are dropped. Pets a full pass has not reached yet keep their old copy
  meanwhile.
* **Quota**: every request is background work. It is sent only when the shared
  :class:`~petdesk.services.outbox.budget.QuotaBudget` allows (never the user's reserve of the
  window; never while a rate-limit wait runs: the filler then pauses). Its own
  requests are counted per UTC day (the day the service's daily quota resets on,
  as the sandbox does; the spec does not say) and it stops for the day at
  ``day_share`` of the plan's daily quota (default 25 % of 1,000), resuming after
  midnight UTC. When the service's headers show the *day's* quota near its end
  (the budget's reserve of a window that resets hours away) it stops until that
  reset too.

Storage: the mirror is the store's catalogue
(:class:`petdesk.storage.repositories.CatalogueRepository`), opened on first use, after
the first paint. Each page and the progress after it are one transaction.

Cost, in requests: a fill takes ceil(pets / 100) requests; an update 1 (2 when the
last page filled up since); a full pass ceil(pets / 100). With 8,400 pets and the
defaults: 85 for the fill, then about 48 updates (48-96 requests) and one full pass
(85) a day: under 20 % of the Free plan's 1,000.
"""

from __future__ import annotations

import enum
import logging
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import NamedTuple, Protocol

from petdesk.core.clock import Clock
from petdesk.core.errors import (
    AuthenticationError,
    BadRequestError,
    InvalidArgumentError,
    MissingKeyError,
    NetworkError,
    NotFoundError,
    PetStoreError,
    RateLimitedError,
    RequestCancelled,
)
from petdesk.services.outbox.budget import BudgetReason, QuotaBudget
from petdesk.services.outbox.probe import means_offline
from petdesk.storage.repositories import Store
from petdesk.storage.rows import MirrorSettings, MirrorState, PassKind, PetRow

log = logging.getLogger(__name__)

__all__ = [
    "FillKind",
    "FillStep",
    "MirrorFiller",
    "MirrorPage",
    "MirrorPhase",
    "MirrorRemote",
    "MirrorStatus",
    "estimate_total",
]

#: A budget wait longer than this is the day's quota, not the minute's.
DAY_WAIT: float = 3600.0


class MirrorPage(NamedTuple):
    """One page of ``GET /pets`` as the filler needs it."""

    rows: Sequence[PetRow]
    #: The service's link to the next page (``None``: this was the last page).
    next_url: str | None


class MirrorRemote(Protocol):
    """What the filler needs of the service; raises the errors of
    :mod:`petdesk.core.errors`."""

    def first_page(self) -> MirrorPage:
        """``GET /pets?limit=100`` (no status filter)."""
        ...

    def page(self, url: str) -> MirrorPage:
        """A page the service linked to."""
        ...


class FillKind(enum.Enum):
    FETCHED = "fetched a page"
    DONE = "a pass reached the end of the catalogue"
    IDLE = "up to date; nothing due"
    DEFERRED = "waiting for the quota budget"
    RATE_LIMITED = "the service asked PetDesk to wait"
    DAY_DONE = "stopped for today"
    PAUSED = "paused"
    OFFLINE = "the service cannot be reached"
    FAILED = "the service refused the request"
    OFF = "switched off"
    SHARED_STORE_DOWN = "the shared store keeps the catalogue and cannot be reached"


@dataclass(frozen=True)
class FillStep:
    kind: FillKind
    #: Seconds before the next step is worth running (``inf``: only after a change).
    wait: float = 0.0
    #: The mirror's rows changed (a view re-reads its count and visible window).
    rows_changed: bool = False
    message: str | None = None


class MirrorPhase(enum.Enum):
    """What the catalogue line says."""

    EMPTY = "never filled, nothing due"
    FILLING = "filling for the first time"
    COMPLETE = "complete, waiting for the next update"
    UPDATING = "complete, an update is running"
    PAUSED = "paused by the user"
    WAITING = "paused while a rate-limit wait runs"
    DAY_DONE = "stopped for today"
    OFFLINE = "waiting for the connection"
    PROBLEM = "the service refused"
    OFF = "switched off"
    #: The desk works on this computer's store while its shared store is down: the
    #: catalogue is filled in the shared store, once for every desk, not here.
    SHARED_STORE_DOWN = "waiting for the shared store"


@dataclass(frozen=True)
class MirrorStatus:
    """Plain values for the catalogue line
    (:func:`petdesk.services.outbox.wording.catalogue_line`)."""

    phase: MirrorPhase
    count: int
    #: The catalogue's size: exact once complete, estimated while filling (``None``:
    #: no estimate yet).
    total: int | None
    complete_at: float | None
    #: When the next update is due (wall time; ``None``: nothing scheduled).
    next_update_at: float | None
    #: When a pause, a rate-limit wait or the day's stop ends (wall time).
    resume_at: float | None
    requests_today: int
    day_allowance: int
    requests_total: int
    message: str | None = None


def estimate_total(count: int, highest_mirrored: int | None, newest_known: int) -> int | None:
    """The catalogue's size while filling: the pets mirrored so far scaled by how far
    their ids reach towards the newest id the store knows (ids are given in order, so
    the share of ids covered is the share of pets, as long as ids are dense)."""
    if not count or not highest_mirrored or newest_known <= highest_mirrored:
        return None
    return max(count, round(count * newest_known / highest_mirrored))


def _utc_day(when: float) -> str:
    return datetime.fromtimestamp(when, UTC).date().isoformat()


def _next_utc_midnight(when: float) -> float:
    day = datetime.fromtimestamp(when, UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    return (day + timedelta(days=1)).timestamp()


class MirrorFiller:
    """Fills and refreshes the mirror of ``store`` through ``remote``; see the module
    docstring. Share ``budget`` with the outbox sender."""

    def __init__(self, store: Store, remote: MirrorRemote, budget: QuotaBudget,
                 clock: Clock, *, retry_wait: float = 30.0, max_retry_wait: float = 600.0,
                 ) -> None:
        self._catalogue = store.catalogue
        self._meta = store.meta
        self._remote = remote
        self._budget = budget
        self._clock = clock
        self._retry_wait = retry_wait
        self._max_retry_wait = max_retry_wait
        self._settings = store.catalogue.settings()
        self._paused = False
        self._requested: PassKind | None = None
        self._failures = 0
        self._last = FillStep(FillKind.IDLE)
        self._resume_at: float | None = None

    # -- what the UI calls (through the worker) -------------------------------------

    @property
    def settings(self) -> MirrorSettings:
        return self._settings

    def set_settings(self, settings: MirrorSettings) -> None:
        """Change the schedule or the share of the day (kept in the store)."""
        self._catalogue.set_settings(settings)
        self._settings = settings

    @property
    def paused(self) -> bool:
        return self._paused

    def pause(self) -> None:
        """Stop sending until :meth:`resume` (what is mirrored stays searchable)."""
        self._paused = True

    def resume(self) -> None:
        self._paused = False

    def update_now(self, *, full: bool = False) -> bool:
        """"Update now": the next step starts an update (``full``: a full pass) even if
        none is due, and even when the mirror's share of the day is used (an update is
        one or two requests). Still background work within the budget. While a pass
        is running it only retries at once after a failure (and returns False): it is
        updating already. Call :meth:`MirrorFiller.step` right after."""
        self._paused = False
        self._failures = 0
        if self._catalogue.state().running:
            return False
        self._requested = PassKind.FULL if full else PassKind.NEW
        return True

    def status(self) -> MirrorStatus:
        """The mirror's state for the catalogue line (reads the store: call it on the
        worker and send the result to the GUI)."""
        state = self._roll_day(self._catalogue.state(), self._clock.time())
        count = self._catalogue.count()
        total = count if state.complete_at is not None else \
            estimate_total(count, state.highest_id, self._meta.newest_known_id())
        return MirrorStatus(
            self._phase(state), count, total, state.complete_at, self._next_due(state),
            self._resume_at, state.day_requests, self._settings.day_allowance,
            state.requests_total, self._last.message)

    # -- the step --------------------------------------------------------------------

    def step(self) -> FillStep:
        """Do the next piece of work: at most one request. Several desks sharing one
        store take turns: one does each step, the others wait (the mirror's state is
        read again at every step, so they carry on from what it did)."""
        with self._catalogue.fill_turn() as mine:
            self._last = self._step() if mine else FillStep(FillKind.IDLE, self._retry_wait)
        return self._last

    def _step(self) -> FillStep:
        now = self._clock.time()
        if not self._settings.enabled:
            return FillStep(FillKind.OFF, math.inf)
        if self._paused:
            return FillStep(FillKind.PAUSED, math.inf)
        state = self._roll_day(self._catalogue.state(), now)
        kind = None if state.running else self._due(state, now)
        if not state.running and kind is None:
            self._resume_at = None
            return FillStep(FillKind.IDLE, self._idle_wait(state, now))
        held = self._held(state, now)
        if held is not None:
            return held
        self._resume_at = None
        if kind is not None:
            state = self._start(state, kind, now)
        return self._fetch(state, now)

    def _held(self, state: MirrorState, now: float) -> FillStep | None:
        """The day's share, the budget: may a request leave now?"""
        if state.day_requests >= self._settings.day_allowance and self._requested is None:
            self._resume_at = _next_utc_midnight(now)
            return FillStep(FillKind.DAY_DONE, self._resume_at - now,
                            message="the mirror's share of today's requests is used")
        decision = self._budget.background()
        if decision.allowed:
            return None
        if decision.wait >= DAY_WAIT:
            self._resume_at = now + decision.wait
            return FillStep(FillKind.DAY_DONE, decision.wait,
                            message="today's requests are nearly used up")
        if decision.reason is BudgetReason.GATE_CLOSED:
            self._resume_at = now + decision.wait
            return FillStep(FillKind.RATE_LIMITED, decision.wait, message=decision.reason.value)
        return FillStep(FillKind.DEFERRED, decision.wait, message=decision.reason.value)

    def _due(self, state: MirrorState, now: float) -> PassKind | None:
        if state.complete_at is None or state.last_full_at is None:
            return PassKind.FULL
        if self._requested is not None:
            return self._requested
        if now >= state.last_full_at + self._settings.full_every:
            return PassKind.FULL
        if now >= (state.last_update_at or 0.0) + self._settings.update_every:
            return PassKind.NEW
        return None

    def _next_due(self, state: MirrorState) -> float | None:
        if state.running or state.last_full_at is None:
            return None
        return min(state.last_full_at + self._settings.full_every,
                   (state.last_update_at or 0.0) + self._settings.update_every)

    def _idle_wait(self, state: MirrorState, now: float) -> float:
        due = self._next_due(state)
        return math.inf if due is None else max(0.0, due - now)

    def _phase(self, state: MirrorState) -> MirrorPhase:
        by_step = {FillKind.OFF: MirrorPhase.OFF, FillKind.PAUSED: MirrorPhase.PAUSED,
                   FillKind.RATE_LIMITED: MirrorPhase.WAITING,
                   FillKind.DAY_DONE: MirrorPhase.DAY_DONE,
                   FillKind.OFFLINE: MirrorPhase.OFFLINE, FillKind.FAILED: MirrorPhase.PROBLEM}
        if not self._settings.enabled:
            return MirrorPhase.OFF
        if self._paused:
            return MirrorPhase.PAUSED
        if self._last.kind in by_step:
            return by_step[self._last.kind]
        if state.complete_at is None:
            return MirrorPhase.FILLING
        return MirrorPhase.UPDATING if state.running else MirrorPhase.COMPLETE

    def _roll_day(self, state: MirrorState, now: float) -> MirrorState:
        today = _utc_day(now)
        return state if state.day == today else state._replace(day=today, day_requests=0)

    def _start(self, state: MirrorState, kind: PassKind, now: float) -> MirrorState:
        self._requested = None
        if kind is PassKind.NEW and state.highest_id is None:
            kind = PassKind.FULL
        log.info("catalogue mirror: starting a %s pass", kind.value)
        return state._replace(
            next_url=state.tail_url if kind is PassKind.NEW else None, pass_started_at=now,
            pass_kind=kind, pass_requests=0, pass_rows=0)

    # -- one request -----------------------------------------------------------------

    def _fetch(self, state: MirrorState, now: float) -> FillStep:
        url = state.next_url
        counted = state._replace(requests_total=state.requests_total + 1,
                                 day_requests=state.day_requests + 1,
                                 pass_requests=state.pass_requests + 1)
        try:
            page = self._remote.page(url) if url is not None else self._remote.first_page()
        except PetStoreError as exc:
            return self._error(state, counted, exc, now)
        self._failures = 0
        return self._save(counted, url, page, now)

    def _error(self, state: MirrorState, counted: MirrorState, exc: PetStoreError,
               now: float) -> FillStep:
        """What a failed request means. Requests that cannot have reached the service
        (no connection, no key, cancelled) are not counted; the others are."""
        if isinstance(exc, RequestCancelled | MissingKeyError | NetworkError):
            self._catalogue.set_state(state)
        else:
            self._catalogue.set_state(counted)
        if isinstance(exc, RequestCancelled):
            return FillStep(FillKind.DEFERRED, self._retry_wait, message=str(exc))
        if isinstance(exc, RateLimitedError):
            self._resume_at = now + exc.retry_after
            return FillStep(FillKind.RATE_LIMITED, exc.retry_after, message=str(exc))
        if isinstance(exc, BadRequestError | NotFoundError | InvalidArgumentError) \
                and state.next_url is not None:
            log.warning("catalogue mirror: the service refused a stored page link: full pass")
            self._catalogue.set_state(self._start(counted, PassKind.FULL, now))
            return FillStep(FillKind.FETCHED, message=str(exc))
        return self._failed(FillKind.OFFLINE if means_offline(exc) else FillKind.FAILED, exc)

    def _failed(self, kind: FillKind, exc: PetStoreError) -> FillStep:
        """Wait longer after each failure in a row (30 s, 60 s … 10 min)."""
        wait = min(self._max_retry_wait, self._retry_wait * 2 ** self._failures)
        self._failures += 1
        if isinstance(exc, AuthenticationError):
            wait = self._max_retry_wait
        self._resume_at = self._clock.time() + wait
        return FillStep(kind, wait, message=str(exc))

    def _save(self, state: MirrorState, url: str | None, page: MirrorPage,
              now: float) -> FillStep:
        rows = list(page.rows)
        ids = [r.id for r in rows]
        if state.pass_kind is PassKind.NEW and state.pass_requests == 1 \
                and state.highest_id not in ids:
            # The link no longer leads to the page that ended the last pass: no proof
            # that the listing continues after the newest pet the mirror has.
            log.warning("catalogue mirror: the last-page link is not trusted: full pass")
            self._catalogue.save_page(rows, self._start(state, PassKind.FULL, now))
            return FillStep(FillKind.FETCHED, rows_changed=bool(rows))
        highest = max([state.highest_id or 0, *ids]) or None
        looping = self._not_moving_on(state, url, page, ids)
        state = state._replace(highest_id=highest, pass_rows=state.pass_rows + len(rows))
        if looping:
            log.warning("catalogue mirror: the service's next link does not move on: "
                        "the pass ends here")
            return self._finish(state, None, rows, now, reached_end=False)
        if page.next_url is not None:
            self._catalogue.save_page(rows, state._replace(next_url=page.next_url))
            if ids:
                self._share_tail(page.next_url, max(ids))
            return FillStep(FillKind.FETCHED, rows_changed=bool(rows))
        return self._finish(state, url, rows, now)

    def _finish(self, state: MirrorState, url: str | None, rows: list[PetRow],
                now: float, *, reached_end: bool = True) -> FillStep:
        """End the pass. ``reached_end=False``: the service's links stopped moving on;
        the pass ends too, but drops nothing and keeps the old link to the last page."""
        full = state.pass_kind is PassKind.FULL
        started = state.pass_started_at if state.pass_started_at is not None else now
        sweep = (started, state.highest_id or 0) if full and reached_end else None
        done = state._replace(
            next_url=None, pass_started_at=None, pass_kind=None,
            tail_url=url if reached_end else state.tail_url,
            complete_at=now, last_update_at=now,
            last_full_at=now if full or not reached_end else state.last_full_at)
        self._catalogue.save_page(rows, done, sweep=sweep)
        if state.highest_id is not None and reached_end:
            self._meta.note_newest_id(state.highest_id, verified=True)
        if url is not None and rows and reached_end:
            self._share_tail(url, rows[0].id - 1)
        log.info("catalogue mirror: %s pass done (%d requests, %d pets listed)",
                 state.pass_kind.value if state.pass_kind else "?", state.pass_requests,
                 state.pass_rows)
        message = None if reached_end else \
            "the service offered a page already listed, so this update stopped there"
        return FillStep(FillKind.DONE, self._idle_wait(done, now), rows_changed=True,
                        message=message)

    def _not_moving_on(self, state: MirrorState, url: str | None, page: MirrorPage,
                       ids: list[int]) -> bool:
        """A next link that cannot lead anywhere new: to the same page, from a page
        with no pets, or from a page whose pets this pass listed already (the service
        repeats pages; whatever order it lists in). Followed, the pass would never
        end; it ends instead."""
        if page.next_url is None:
            return False
        if page.next_url == url or not ids:
            return True
        since = state.pass_started_at
        return since is not None and state.pass_requests > 1 and \
            self._catalogue.seen_since(ids, since) == len(set(ids))

    def _share_tail(self, url: str, after_id: int) -> None:
        """Give the outbox's listings (reconciliation, learning the newest id) the
        furthest link the mirror has reached: it lists every pet above ``after_id``."""
        current = self._meta.tail_link(None)
        if current is None or current[1] <= after_id:
            self._meta.set_tail_link(None, url, after_id)


