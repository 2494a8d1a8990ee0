"""The outbox sender: drains the outbox in order, exactly once. Qt-free, httpx-free.

Run it on the worker thread that owns the client, one :meth:`OutboxSender.step` at a
time between the user's own requests (so sending never blocks reading), or with
:meth:`OutboxSender.run` where nothing else shares the thread (headless import).

Each step does one thing, in this order of priority:

1. The oldest entry whose outcome is unknown is *reconciled* (see
   :mod:`petdesk.services.outbox.reconcile`): created → SENT with its id; not created → back to
   WAITING (it is sent again by a later step, in order); several matches →
   NEEDS_DECISION (the user picks). Nothing is ever sent again before this.
2. Before a background send, when the floor was never verified or was verified
   more than ``verify_max_age`` ago (10 minutes), and once when there is nothing else
   to do, the floor is *verified*: the sender lists to the last page so it knows the
   newest pet id (reconciliation then never mistakes an older identical animal for
   the add). With the store's tail link this is one or two requests. The catalogue
   mirror keeps it verified for free by calling
   ``note_newest_id(..., verified=True)`` when a pass reaches the end.
3. The oldest WAITING entry is marked SENDING (durably, with its floor raised to the
   newest id known now) and only then sent:

   * 201 → SENT with the id (and that id becomes the newest known), and the pet as
     the service returned it is written into the catalogue mirror in the same
     transaction: a search by name finds it at once (a reconciliation that finds
     the add created does the same with the pet as listed);
   * 400 → FAILED with the service's message;
   * not sent (no connection, connect timeout, a rate-limit wait longer than the
     in-app limit, the day's quota spent, a missing or refused key) → back to WAITING;
   * no answer (dropped connection, read timeout, 5xx, cancelled mid-request, the
     app killed) → OUTCOME_UNKNOWN, reconciled by the next step.

Every request of a step is background work: it is sent only when the
:class:`~petdesk.services.outbox.budget.QuotaBudget` allows, else the step says how long to wait.
An entry found SENDING at start-up (:meth:`OutboxSender.recover`) was interrupted
mid-request and becomes OUTCOME_UNKNOWN.
"""

from __future__ import annotations

import enum
import logging
import threading
from dataclasses import dataclass
from typing import Protocol

from petdesk.core.clock import Clock
from petdesk.core.errors import (
    AuthenticationError,
    BadRequestError,
    OutcomeUnknownError,
    PetStoreError,
    RateLimitedError,
    RequestCancelled,
)
from petdesk.core.statuses import PetStatus
from petdesk.services.outbox.budget import BudgetDecision, QuotaBudget
from petdesk.services.outbox.reconcile import Verdict, reconcile
from petdesk.storage.repositories import OutboxLock, Store
from petdesk.storage.rows import AddWay, Draft, OutboxEntry, OutboxError, OutboxState, PetRow

log = logging.getLogger(__name__)

__all__ = ["BudgetExceeded", "OutboxRemote", "OutboxSender", "StepKind", "StepResult"]


class BudgetExceeded(Exception):
    """A multi-page listing stopped because the budget says background work must wait."""

    def __init__(self, decision: BudgetDecision) -> None:
        super().__init__(decision.reason.value)
        self.decision = decision


class OutboxRemote(Protocol):
    """What the sender needs of the service (:class:`petdesk.services.outbox.remote.ClientRemote`
    adapts :class:`petdesk.api.PetStoreClient`; tests pass fakes).

    Both raise the errors of :mod:`petdesk.core.errors`, and ``BudgetExceeded``.
    """

    def create(self, draft: Draft) -> PetRow:
        """``POST /pets`` once (the client never repeats a POST that may have arrived)."""
        ...

    def list_above(self, floor_id: int, status: PetStatus | None) -> list[PetRow]:
        """Every pet with an id above ``floor_id`` (with ``status``, when given),
        read to the last page."""
        ...


class StepKind(enum.Enum):
    IDLE = "nothing to send"
    DEFERRED = "waiting for the quota budget"
    SENT = "sent"
    FAILED = "refused by the service"
    NOT_SENT = "not sent, will try again"
    UNKNOWN = "outcome unknown, will check"
    RECONCILED = "checked after an unknown outcome"
    FLOOR_VERIFIED = "found the newest pet"
    KEY_PROBLEM = "the API key is missing or refused"
    OTHER_WINDOW = "another PetDesk window is sending the outbox"
    QUEUED_BEHIND = "queued behind earlier adds"
    #: A person's add kept on this computer, not sent from here: the shared store,
    #: down now, may hold it already (its answer was lost); it moves there on the rejoin.
    UNTIL_SHARED_STORE = "kept until the shared store is back"


@dataclass(frozen=True)
class StepResult:
    kind: StepKind
    #: The entry the step worked on (as it is after the step).
    entry: OutboxEntry | None = None
    #: Seconds before the next step is worth running (0: at once).
    wait: float = 0.0
    #: The error, for the status bar (plain text).
    message: str | None = None
    #: For RECONCILED: what was concluded.
    verdict: Verdict | None = None


class OutboxSender:
    """Sends the outbox of ``store`` through ``remote``; see the module docstring."""

    def __init__(self, store: Store, remote: OutboxRemote, budget: QuotaBudget,
                 clock: Clock, *, retry_wait: float = 30.0, verify_floor: bool = True,
                 verify_max_age: float | None = 600.0, lock: OutboxLock | None = None,
                 mirror_verifies: bool = False) -> None:
        self._outbox = store.outbox
        self._meta = store.meta
        self._remote = remote
        self._budget = budget
        self._clock = clock
        self._retry_wait = retry_wait
        self._verify_floor = verify_floor
        self._verify_max_age = verify_max_age
        self._lock = lock if lock is not None else store.sender_lock()
        #: A catalogue mirror fills this store: it verifies the newest id when its passes
        #: reach the end, so the sender does not list the catalogue just to learn it
        #: while idle (it still verifies before a send when the floor is stale).
        self._mirror_verifies = mirror_verifies
        self._recovered = False

    def recover(self) -> int:
        """Call before the first step: SENDING entries become OUTCOME_UNKNOWN. Does
        nothing (returns 0) while another PetDesk process holds the sender lock."""
        if not self._lock.acquire():
            return 0
        self._recovered = True
        count = self._outbox.recover_interrupted()
        if count:
            log.info("%d add(s) were being sent when PetDesk stopped: checking them", count)
        return count

    def _owns_outbox(self) -> bool:
        """Hold the sender lock (recovering interrupted sends on first taking it)."""
        if not self._lock.acquire():
            return False
        if not self._recovered:
            self.recover()
        return True

    def close(self) -> None:
        """Let another PetDesk window send the outbox."""
        self._lock.release()
        self._recovered = False

    def step(self) -> StepResult:
        """Do the next piece of work (at most one send or one reconciliation)."""
        if not self._owns_outbox():
            return StepResult(StepKind.OTHER_WINDOW, wait=self._retry_wait)
        unknown = self._outbox.first_in(OutboxState.OUTCOME_UNKNOWN, OutboxState.SENDING)
        waiting = None if unknown else self._outbox.first_in(OutboxState.WAITING)
        never = (self._verify_floor and not self._mirror_verifies
                 and not self._meta.newest_id_verified())
        stale = self._verify_floor and not self._meta.newest_id_verified(
            self._verify_max_age)
        if unknown is None and waiting is None and not never:
            return StepResult(StepKind.IDLE)
        decision = self._budget.background()
        if not decision.allowed:
            return StepResult(StepKind.DEFERRED, unknown or waiting, decision.wait,
                              decision.reason.value)
        if unknown is not None:
            return self._reconcile(unknown)
        if never or (waiting is not None and stale):
            return self._verify(waiting)
        assert waiting is not None
        return self._send(waiting, at_once=False)

    def verify_floor(self) -> StepResult:
        """Learn the newest pet id now (background work; one listing to the last page,
        once per store). Run it after the first paint, so the user's first add already
        has a verified floor; :meth:`step` does it too when it has nothing else to do."""
        decision = self._budget.background()
        if not decision.allowed:
            return StepResult(StepKind.DEFERRED, None, decision.wait, decision.reason.value)
        return self._verify(None)

    def send_now(self, local_id: int) -> StepResult:
        """Send the add the user just made, as the user's own request (the quota's
        reserve is theirs; only a closed gate stops it). It is queued first, so it is
        never lost; if earlier adds are still to be sent it waits its turn
        (``QUEUED_BEHIND``) and the background drain sends it in order."""
        entry = self._outbox.entry(local_id)
        if not self._owns_outbox():
            return StepResult(StepKind.OTHER_WINDOW, entry)
        if entry.state is not OutboxState.WAITING:
            return StepResult(StepKind.IDLE, entry)
        if self._outbox.ahead_of(local_id):
            return StepResult(StepKind.QUEUED_BEHIND, entry)
        decision = self._budget.user()
        if not decision.allowed:
            return StepResult(StepKind.NOT_SENT, entry, decision.wait, decision.reason.value)
        return self._send(entry, at_once=True)

    def run(self, stop: threading.Event, *, until_idle: bool = True,
            idle_wait: float = 1.0) -> None:
        """Step until ``stop`` is set (or, with ``until_idle``, the outbox is drained or
        another PetDesk window is sending it), sleeping on the clock as each step says."""
        while not stop.is_set():
            result = self.step()
            if result.kind in (StepKind.IDLE, StepKind.OTHER_WINDOW):
                if until_idle:
                    return
                self._clock.wait(stop, idle_wait)
            elif result.wait > 0:
                self._clock.wait(stop, result.wait)

    # -- the three kinds of work -----------------------------------------------------

    def _verify(self, entry: OutboxEntry | None) -> StepResult:
        try:
            listed = self._remote.list_above(self._meta.newest_known_id(), None)
        except BudgetExceeded as exc:
            return StepResult(StepKind.DEFERRED, entry, exc.decision.wait, str(exc))
        except PetStoreError as exc:
            wait = exc.retry_after if isinstance(exc, RateLimitedError) else self._retry_wait
            return StepResult(StepKind.DEFERRED, entry, wait, str(exc))
        newest = max((p.id for p in listed), default=self._meta.newest_known_id())
        self._meta.note_newest_id(newest, verified=True)
        return StepResult(StepKind.FLOOR_VERIFIED, entry)

    def _send(self, entry: OutboxEntry, *, at_once: bool) -> StepResult:
        try:
            entry = self._outbox.mark_sending(entry.local_id, AddWay.of(entry, at_once=at_once))
        except OutboxError:  # edited away or cancelled between the read and the mark
            return StepResult(StepKind.DEFERRED, self._outbox.entry(entry.local_id))
        try:
            pet = self._remote.create(entry.draft)
        except (OutcomeUnknownError, RequestCancelled) as exc:
            # A cancel may land after the request left: the outcome is unknown too.
            self._outbox.mark_unknown(entry.local_id)
            return StepResult(StepKind.UNKNOWN, self._outbox.entry(entry.local_id),
                              message=str(exc))
        except BadRequestError as exc:
            self._outbox.mark_failed(entry.local_id, exc.server_message or str(exc))
            return StepResult(StepKind.FAILED, self._outbox.entry(entry.local_id),
                              message=str(exc))
        except PetStoreError as exc:
            return self._not_sent(entry, exc, mark=True)
        except BudgetExceeded as exc:
            self._outbox.mark_waiting(entry.local_id, str(exc))
            return StepResult(StepKind.DEFERRED, self._outbox.entry(entry.local_id),
                              exc.decision.wait, str(exc))
        except Exception:
            # Anything unforeseen after the mark: the request may have left.
            log.exception("sending outbox entry %d failed unexpectedly", entry.local_id)
            self._outbox.mark_unknown(entry.local_id)
            return StepResult(StepKind.UNKNOWN, self._outbox.entry(entry.local_id))
        self._outbox.mark_sent(entry.local_id, pet.id, pet)
        return StepResult(StepKind.SENT, self._outbox.entry(entry.local_id))

    def _reconcile(self, entry: OutboxEntry) -> StepResult:
        if entry.state is OutboxState.SENDING:  # left by a crash of another sender
            self._outbox.mark_unknown(entry.local_id)
        try:
            listed = self._remote.list_above(entry.floor_id, entry.status)
        except BudgetExceeded as exc:
            return StepResult(StepKind.DEFERRED, entry, exc.decision.wait, str(exc))
        except PetStoreError as exc:
            wait = exc.retry_after if isinstance(exc, RateLimitedError) else self._retry_wait
            kind = StepKind.KEY_PROBLEM if isinstance(exc, AuthenticationError) \
                else StepKind.DEFERRED
            return StepResult(kind, entry, wait, str(exc))
        outcome = reconcile(entry.draft, entry.floor_id, listed, self._outbox.claimed_ids(),
                            floor_verified=entry.floor_verified)
        if outcome.verdict is Verdict.CREATED:
            assert outcome.pet_id is not None
            listed_pet = next((p for p in listed if p.id == outcome.pet_id), None)
            self._outbox.mark_sent(entry.local_id, outcome.pet_id, listed_pet)
        elif outcome.verdict is Verdict.NOT_CREATED:
            self._outbox.mark_waiting(entry.local_id, "not created; sending again")
        else:
            self._outbox.mark_needs_decision(entry.local_id, outcome.candidates)
        log.info("outbox entry %d after an unknown outcome: %s", entry.local_id,
                 outcome.describe())
        return StepResult(StepKind.RECONCILED, self._outbox.entry(entry.local_id),
                          verdict=outcome.verdict)

    def _not_sent(self, entry: OutboxEntry, exc: PetStoreError, *, mark: bool) -> StepResult:
        """The request did not reach the service (or was refused before acting)."""
        if mark:
            self._outbox.mark_waiting(entry.local_id, str(exc))
        if isinstance(exc, AuthenticationError):
            return StepResult(StepKind.KEY_PROBLEM, self._outbox.entry(entry.local_id),
                              self._retry_wait, str(exc))
        wait = exc.retry_after if isinstance(exc, RateLimitedError) else self._retry_wait
        return StepResult(StepKind.NOT_SENT, self._outbox.entry(entry.local_id), wait, str(exc))
