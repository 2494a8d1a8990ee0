"""The sending half of an import: the outbox of the local store as the
:class:`~petdesk.services.importing.headless.ImportQueue` the import hands its rows to.

How an import is sent (decisions):

* **Durable, exactly once.** :meth:`OutboxImportQueue.enqueue_import` writes every row
  in one transaction, each entry's ``origin`` holding the row's import key
  (``import:<file fingerprint>:row:<n>``). A key the outbox already holds, sent or
  not, is skipped: running the same file again after a crash, a restart or a closed
  laptop queues nothing twice, and the rows already queued are followed to their end.
  Sending is the outbox's own engine (:class:`~petdesk.services.outbox.sender.OutboxSender`): an
  entry is marked "sending" on disk before its request leaves, so after a kill -9 it is
  reconciled against the service before anything is sent again.
* **A batch** is every entry whose origin starts with ``import:<fingerprint>:``
  (:func:`batch_of`). Pause holds its waiting entries (the sender skips them), Resume
  releases them, Cancel cancels those not yet sent. An entry in flight finishes.
* **Pacing.** The sender asks the quota budget before every request. An import uses
  :class:`ImportBudget`: like every background job it leaves the last part of each
  window (the user's reserve) for what the user asks for now, but once the window is
  about to reset (``lend_within`` seconds before ``X-RateLimit-Reset``) an unused
  reserve would be lost anyway, so the import may take it. The user can be kept waiting
  at most those few seconds; the import runs at the plan's full rate. The client's gate
  stops everything at ``Remaining: 0`` until the reset, so no request meets a 429.
* **The day's quota.** When the service says to wait longer than ``give_up_after``
  seconds (the day's quota is used up, a ban), or cannot be reached,
  :meth:`OutboxImportQueue.follow` either waits on the clock (the default: it tries
  again as the sender says) or, with ``give_up_after`` set, stops and reports the rest
  as still waiting: they stay queued and PetDesk sends them when it next runs. A
  refused or missing key always stops it.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from petdesk.api.client import PetStoreClient
from petdesk.api.ratelimit import RateLimitSnapshot
from petdesk.core.clock import Clock
from petdesk.services.importing.duplicates import EarlierImport, KnownPets
from petdesk.services.importing.eta import Plan, progress_text
from petdesk.services.importing.headless import QueueWait, SendEvent
from petdesk.services.importing.preview import PlannedPet, Preview, import_batch
from petdesk.services.importing.report import ImportReport, Outcome
from petdesk.services.importing.spreadsheet_reader import _fingerprint as file_fingerprint
from petdesk.services.outbox.budget import BudgetDecision, BudgetReason, QuotaBudget, QuotaReading
from petdesk.services.outbox.remote import draft_from
from petdesk.services.outbox.sender import StepKind, StepResult
from petdesk.services.outbox.wording import decision_question
from petdesk.storage.repositories import MetaRepository, OutboxRepository, Store
from petdesk.storage.rows import OutboxEntry, OutboxState

__all__ = ["BatchProgress", "ImportBudget", "ImportRun", "OutboxImportQueue",
           "StoreMappingMemory", "batch_for_file", "batch_of", "earlier_import",
           "event_for", "import_budget_for", "known_pets"]

#: How often a desk whose adds another window or desk is sending tries to take over.
#: The holder lets go when its own import ends; every second the others take to notice
#: is a second of the plan's minute nobody sends in. Each try is one lock attempt (a
#: file lock, or one round trip to the shared store).
HANDOVER_POLL: Final = 0.25

IMPORT_PREFIX: Final = "import:"
_ROW: Final = "row:"
_MAPPING_FACT: Final = "import-mapping:"
#: Seconds before a window resets from which an import may use the user's reserve.
LEND_WITHIN: Final = 5.0


def batch_of(key: str) -> str:
    """``import:<fingerprint>:row:12`` → ``import:<fingerprint>:``, the batch's prefix."""
    head, sep, _ = key.rpartition(_ROW)
    if not sep or not head.startswith(IMPORT_PREFIX):
        raise ValueError(f"not an import key: {key!r}")
    return head


def batch_for_file(path: Path) -> str:
    """The batch an import of ``path`` uses
    (:func:`~petdesk.services.importing.preview.import_batch`
    of its fingerprint; with a ``FileLayout`` at hand, use ``layout.info.fingerprint``)."""
    return import_batch(file_fingerprint(path))


def event_for(entry: OutboxEntry) -> SendEvent | None:
    """The final outcome of an import entry, ``None`` while it is still to be sent.

    An entry whose check after a lost answer was ambiguous waits for the user's
    decision (in the window): for a follower it is final, reported as waiting."""
    key = entry.origin or ""
    if entry.state is OutboxState.SENT:
        return SendEvent(key, Outcome.ADDED, pet_id=entry.pet_id)
    if entry.state is OutboxState.FAILED:
        return SendEvent(key, Outcome.REFUSED, reason=entry.reason or "")
    if entry.state is OutboxState.CANCELLED:
        return SendEvent(key, Outcome.CANCELLED, reason="Cancelled before it was sent.")
    if entry.state is OutboxState.NEEDS_DECISION:
        return SendEvent(key, Outcome.WAITING,
                         reason=decision_question(entry) + " Open PetDesk to answer.")
    return None


@dataclass(frozen=True)
class BatchProgress:
    """How far one import batch is (for the progress bar)."""

    total: int
    added: int
    refused: int
    cancelled: int
    #: Queued, not sent yet (``held`` of them paused).
    waiting: int
    held: int
    #: Sent, the answer lost: being checked against the service.
    checking: int
    needs_decision: int

    @property
    def done(self) -> int:
        return self.added + self.refused + self.cancelled

    @property
    def paused(self) -> bool:
        return self.held > 0 and self.held == self.waiting

    @property
    def finished(self) -> bool:
        return self.done == self.total


def _progress(entries: Sequence[OutboxEntry]) -> BatchProgress:
    counts = dict.fromkeys(OutboxState, 0)
    held = 0
    for entry in entries:
        counts[entry.state] += 1
        held += entry.held and entry.state is OutboxState.WAITING
    return BatchProgress(
        total=len(entries), added=counts[OutboxState.SENT], refused=counts[OutboxState.FAILED],
        cancelled=counts[OutboxState.CANCELLED], waiting=counts[OutboxState.WAITING],
        held=held,
        checking=counts[OutboxState.SENDING] + counts[OutboxState.OUTCOME_UNKNOWN],
        needs_decision=counts[OutboxState.NEEDS_DECISION])


class ImportBudget(QuotaBudget):
    """The quota budget of an import: a background job that may use the user's reserve
    in the last ``lend_within`` seconds of a window (see the module docstring)."""

    def __init__(self, clock: Clock, reading: Callable[[], QuotaReading | None],
                 gate_wait: Callable[[], float], *, lend_within: float = LEND_WITHIN,
                 **options: Any) -> None:
        super().__init__(clock, reading, gate_wait, **options)
        self._lend_within = lend_within

    def background(self) -> BudgetDecision:
        decision = super().background()
        if decision.allowed or decision.reason is not BudgetReason.RESERVE:
            return decision
        reading = self._reading()
        if reading is None or reading.reset is None or not reading.remaining:
            return decision
        left = reading.reset.timestamp() - self._clock.time()
        if left <= self._lend_within:
            return BudgetDecision(True, 0.0, BudgetReason.ALLOWED)
        return BudgetDecision(False, left - self._lend_within, BudgetReason.RESERVE)


def import_budget_for(client: PetStoreClient, clock: Clock, *,
                      lend_within: float = LEND_WITHIN) -> ImportBudget:
    """The import's budget fed by the client's live rate-limit reading (shared with the
    other desks of the store) and gate."""
    return ImportBudget(clock, client.quota_now, client.gate.remaining_wait,
                        lend_within=lend_within)


def known_pets(store: Store, batch: str | None = None) -> KnownPets:
    """The pets an import's rows are compared with: every pet the store has seen (the
    last-seen pages, looked-up pets, the catalogue mirror) and the outbox's adds.

    ``batch``: the import's own prefix. Its entries, and the pets they created, are
    left out: a row queued by an earlier run of the same file is that row, not a
    duplicate of it (it is followed to its end, never queued twice)."""
    own = store.outbox.entries_from(batch) if batch else []
    claimed = {entry.pet_id for entry in own if entry.pet_id is not None}
    known = KnownPets()
    pages = [store.pages.stored_page(query) for query in store.pages.stored_queries()]
    rows = [row for page in pages if page is not None for row in page.rows]
    rows += store.catalogue.rows()
    for row in rows:
        if row.id not in claimed:
            known.add(row.name, row.category_id, row.status, pet_id=row.id)
    own_ids = {entry.local_id for entry in own}
    for entry in store.outbox.entries(include_finished=True):
        if entry.local_id in own_ids or entry.state is OutboxState.CANCELLED:
            continue
        if entry.state is not OutboxState.FAILED:
            known.add(entry.name, entry.category_id, entry.status, pet_id=entry.pet_id)
    return known


def earlier_import(outbox: OutboxRepository, batch: str) -> EarlierImport:
    """The rows of the file whose import batch is ``batch`` that an earlier import of it
    added, with their ids: the outbox holds their keys as sent, so they are never
    queued again, and the preview must not count them as rows to send."""
    return EarlierImport({_row_of(entry.origin or ""): entry.pet_id
                          for entry in outbox.entries_from(batch)
                          if entry.state is OutboxState.SENT and entry.pet_id is not None})


def _row_of(key: str) -> int:
    """``import:<fingerprint>:row:12`` → 12."""
    return int(key.rpartition(_ROW)[2])


class StoreMappingMemory:
    """Column mappings remembered per file layout, in the store's facts (JSON)."""

    def __init__(self, meta: MetaRepository) -> None:
        self._meta = meta

    def get(self, key: str) -> Mapping[str, Any] | None:
        text = self._meta.fact(_MAPPING_FACT + key)
        if text is None:
            return None
        try:
            value = json.loads(text)
        except ValueError:
            return None
        return value if isinstance(value, dict) else None

    def __setitem__(self, key: str, value: dict[str, Any]) -> None:
        self._meta.set_fact(_MAPPING_FACT + key, json.dumps(value, sort_keys=True))


def _no_reading() -> RateLimitSnapshot | None:
    return None


_PACING: Final = frozenset(reason.value for reason in BudgetReason)


def _is_problem(result: StepResult) -> bool:
    """Not sent for a reason other than the pace: no connection, a server error."""
    return result.kind is StepKind.NOT_SENT or (
        result.kind is StepKind.DEFERRED and result.message not in _PACING)


@dataclass(frozen=True)
class _Next:
    """What :meth:`OutboxImportQueue.follow` does after a step."""

    wait: float = 0.0
    notice: QueueWait | None = None
    #: Stop following: the rest waits (reason: ``notice`` or the entries' state).
    stop: bool = False


class OutboxImportQueue:
    """:class:`~petdesk.services.importing.headless.ImportQueue` on ``outbox``.

    ``drive``: one unit of sending work (``OutboxSender.step``), for a follower that
    sends itself (the command line). Without it, :meth:`follow` only watches while
    something else sends (the window's worker), looking every ``poll`` seconds.
    ``give_up_after``: stop following when the service says to wait longer than this
    (``None``: wait on ``clock``, however long). ``stop`` ends a follow early.
    """

    def __init__(self, outbox: OutboxRepository, clock: Clock, *,
                 drive: Callable[[], StepResult] | None = None,
                 reading: Callable[[], RateLimitSnapshot | None] = _no_reading,
                 stop: threading.Event | None = None, poll: float = 1.0,
                 give_up_after: float | None = None) -> None:
        self._outbox = outbox
        self._clock = clock
        self._drive = drive
        self._reading = reading
        self._stop = stop or threading.Event()
        self._poll = poll
        self._give_up_after = give_up_after

    # -- ImportQueue -----------------------------------------------------------------

    def enqueue_import(self, items: Sequence[PlannedPet]) -> int:
        return self._outbox.queue_unique((draft_from(item.pet), item.key) for item in items)

    def follow(self, keys: Sequence[str]) -> Iterator[SendEvent | QueueWait]:
        left = dict.fromkeys(keys)
        batches = sorted({batch_of(key) for key in left})
        while True:
            yield from self._newly_final(batches, left)
            if not left:
                return
            step = self._advance()
            if step.notice is not None:
                yield step.notice
            if step.stop or (step.wait > 0 and self._clock.wait(self._stop, step.wait)) \
                    or self._stop.is_set():
                yield from self._rest_waiting(left, step.notice)
                return

    # -- the window's controls -------------------------------------------------------

    def pause(self, batch: str) -> int:
        """Hold the batch's waiting rows (the one in flight finishes); how many."""
        return self._outbox.hold(batch, True)

    def resume(self, batch: str) -> int:
        return self._outbox.hold(batch, False)

    def cancel(self, batch: str) -> int:
        """Cancel every row of the batch not yet sent; how many."""
        return self._outbox.cancel_batch(batch)

    def progress(self, batch: str) -> BatchProgress:
        return _progress(self._outbox.entries_from(batch))

    def results(self, batch: str) -> dict[str, SendEvent]:
        """The final outcome of every row of the batch that has one, by key."""
        events = (event_for(entry) for entry in self._outbox.entries_from(batch))
        return {event.key: event for event in events if event is not None}

    # -- following -------------------------------------------------------------------

    def _newly_final(self, batches: Sequence[str], left: dict[str, None]) -> Iterator[SendEvent]:
        for batch in batches:
            for entry in self._outbox.entries_from(batch):
                if entry.origin in left and (event := event_for(entry)) is not None:
                    del left[event.key]
                    yield replace(event, rate_limit=self._reading())

    def _advance(self) -> _Next:
        if self._drive is None:
            return _Next(self._poll)
        result = self._drive()
        if result.kind is StepKind.IDLE:  # what is left is paused (held)
            return _Next(stop=True)
        if result.kind is StepKind.OTHER_WINDOW:
            wait = min(self._poll, HANDOVER_POLL)
            return _Next(wait, QueueWait(wait, result.kind.value, self._reading()))
        if result.wait <= 0:
            return _Next()
        not_sent = _is_problem(result)
        notice = QueueWait(result.wait, result.message or result.kind.value, self._reading(),
                           key_problem=result.kind is StepKind.KEY_PROBLEM, problem=not_sent)
        give_up = self._give_up_after is not None and (result.wait > self._give_up_after
                                                       or not_sent)
        return _Next(result.wait, notice, give_up or notice.key_problem)

    def _rest_waiting(self, left: Mapping[str, None],
                      notice: QueueWait | None) -> Iterator[SendEvent]:
        by_key = {entry.origin: entry for batch in sorted({batch_of(k) for k in left})
                  for entry in self._outbox.entries_from(batch)}
        for key in left:
            entry = by_key.get(key)
            if entry is not None and entry.held:
                reason = "Paused: resume the import in PetDesk to send it."
            elif notice is not None:
                reason = f"Still queued ({notice.reason}); PetDesk sends it when it next runs."
            else:
                reason = "Still queued; PetDesk sends it when it next runs."
            yield SendEvent(key, Outcome.WAITING, reason=reason)


class ImportRun:
    """One import being sent, as the window's import controller drives it: Qt-free, its
    methods do I/O on the store, so call them on the worker thread.

    ``start()`` queues the preview's rows (durably; rows already queued by an earlier
    run of the same file are followed, not queued again); the worker's own
    ``OutboxSender`` (with :func:`import_budget_for`) sends them between the user's
    requests. ``poll()`` records the rows that reached their end in :attr:`report` and
    returns them with the batch's progress; ``pause()``, ``resume()``, ``cancel()``
    act on the whole batch. Save :attr:`report` with
    :func:`petdesk.services.importing.writers.write_report`.
    """

    def __init__(self, queue: OutboxImportQueue, preview: Preview) -> None:
        self._queue = queue
        self.planned = preview.to_send()
        self.report = ImportReport.from_preview(preview)
        self.batch = import_batch(preview.info.fingerprint)
        self._rows = {item.key: item.row for item in self.planned}
        self._recorded: set[str] = set()

    @property
    def total(self) -> int:
        return len(self.planned)

    def start(self) -> int:
        """Queue the rows; returns how many were new. The preview left out the rows an
        earlier import of the same file had added; one that such an import, still
        sending, added since is not queued again either (the outbox knows its key): it
        is reported as added earlier, with the id it was given then."""
        for key, event in self._queue.results(self.batch).items():
            if key in self._rows and event.outcome is Outcome.ADDED:
                self._recorded.add(key)
                self.report.record(self._rows[key], Outcome.ADDED_EARLIER,
                                   pet_id=event.pet_id)
        return self._queue.enqueue_import(self.planned)

    def poll(self) -> tuple[BatchProgress, list[SendEvent]]:
        """The batch's progress, and the rows that reached their end since the last poll
        (already recorded in :attr:`report`)."""
        fresh = [event for key, event in self._queue.results(self.batch).items()
                 if key in self._rows and key not in self._recorded]
        for event in fresh:
            self._recorded.add(event.key)
            self.report.record(self._rows[event.key], event.outcome, pet_id=event.pet_id,
                               reason=event.reason)
        return self._queue.progress(self.batch), fresh

    def pause(self) -> int:
        return self._queue.pause(self.batch)

    def resume(self) -> int:
        return self._queue.resume(self.batch)

    def cancel(self) -> int:
        return self._queue.cancel(self.batch)

    def progress_text(self, progress: BatchProgress, plan: Plan,
                      snapshot: RateLimitSnapshot | None, *, now: datetime) -> str:
        """``148 of 398 · about 4 min left at 60 a minute`` (or paused, or waiting for
        tomorrow), for the line under the progress bar."""
        done = len(self._recorded)
        return progress_text(done, self.total, plan, snapshot, now=now,
                             paused=progress.paused)
