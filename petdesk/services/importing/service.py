"""The window's import on the worker thread (Qt-free): the rows queued in the store's
outbox, sent by the window's one sender, and the import being followed.

Decisions:

* The store is the one ``petdesk import`` uses (:func:`petdesk.storage.paths.store_file`):
  an import queued by the command line is finished by the window and the other way
  round.
* Sending is the window's :class:`~petdesk.services.outbox.service.WindowSender` (with
  :func:`~petdesk.services.importing.outbox.import_budget_for`); one
  :meth:`ImportService.step` is one sender step (at most one request), so the worker
  runs the user's requests in between.
* The import followed is one batch (:func:`~petdesk.services.importing.outbox.batch_of`).
  After a restart the batch left unfinished is found in the outbox and followed again;
  its report is rebuilt from the outbox entries (the rows that were not queued,
  invalid or skipped, were reported when the file was previewed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from petdesk.api.client import PetStoreClient
from petdesk.api.models import Pet
from petdesk.api.ratelimit import RateLimitSnapshot
from petdesk.core.clock import Clock
from petdesk.core.statuses import PetStatus
from petdesk.core.wording import QT_TRANSLATE_NOOP, ClockTime
from petdesk.services.importing.control import CancelToken, ProgressCallback
from petdesk.services.importing.errors import MappingError, SharedStoreNeeded
from petdesk.services.importing.eta import plan_for, progress_text
from petdesk.services.importing.headless import export_query
from petdesk.services.importing.mapping import ColumnMapping
from petdesk.services.importing.outbox import (
    IMPORT_PREFIX,
    BatchProgress,
    ImportRun,
    OutboxImportQueue,
    StoreMappingMemory,
    batch_of,
    earlier_import,
    event_for,
    known_pets,
)
from petdesk.services.importing.preview import Preview, import_batch
from petdesk.services.importing.report import ImportReport, Outcome, RowResult
from petdesk.services.importing.session import FileLayout, inspect_file, preview_file
from petdesk.services.importing.writers import export_pets, write_report
from petdesk.services.outbox.sender import StepKind, StepResult
from petdesk.services.outbox.service import WindowSender
from petdesk.services.outbox.wording import decision_question
from petdesk.storage.repositories import Store
from petdesk.storage.rows import OutboxEntry, OutboxState

__all__ = ["ImportService", "ImportStatus", "PendingDecision"]

#: A wait longer than this is said in the dialog (the day's quota, a lost connection).
LONG_WAIT = 60.0


@dataclass(frozen=True)
class PendingDecision:
    """A row sent whose answer was lost, with several pets on the service that could be
    it: the user says which one, or that none is (then it is sent again)."""

    local_id: int
    row: int
    name: str
    candidates: tuple[int, ...]
    question: str


@dataclass(frozen=True)
class ImportStatus:
    """How the followed import stands, for the dialog (plain values)."""

    batch: str
    progress: BatchProgress
    #: ``148 of 398 · about 4 min left at 60 a minute`` (or paused, or for tomorrow).
    text: str
    #: Why sending waits, when it waits long (the day's quota, no connection), else "".
    notice: str
    #: The rows whose outcome is known so far, and those still to send.
    report: ImportReport
    #: The sender's last step (``None`` when no step ran).
    step: StepKind | None = None
    #: Seconds before the next step is worth running.
    wait: float = 0.0
    #: The rows waiting for the user's decision (``progress.needs_decision`` of them).
    decisions: tuple[PendingDecision, ...] = ()

    @property
    def finished(self) -> bool:
        return self.progress.finished

    @property
    def idle(self) -> bool:
        """The sender had nothing it could do: the rest is paused or awaits a decision."""
        return self.step is StepKind.IDLE


def _row_number(entry: OutboxEntry) -> int:
    return int((entry.origin or "").rpartition("row:")[2] or 0)


def _report_from_entries(entries: list[OutboxEntry]) -> ImportReport:
    results: dict[int, RowResult] = {}
    for entry in entries:
        number = _row_number(entry)
        event = event_for(entry)
        status = entry.status.value if entry.status is not None else ""
        outcome = event.outcome if event is not None else Outcome.WAITING
        results[number] = RowResult(number, entry.name, str(entry.category_id), status,
                                    outcome, event.pet_id if event else None,
                                    event.reason if event else "")
    return ImportReport(results)


class ImportService:
    """The store's imports and the one followed; call only on the worker thread."""

    def __init__(self, store: Store, sender: WindowSender, clock: Clock, *,
                 shared_down: bool = False) -> None:
        self._store = store
        #: This computer's store, standing in for a shared store that cannot be reached:
        #: no import starts on it (:class:`SharedStoreNeeded`).
        self._shared_down = shared_down
        self._sender = sender
        self._clock = clock
        self._queue = OutboxImportQueue(store.outbox, clock)
        self._run: ImportRun | None = None
        self._batch: str | None = None
        self._report: ImportReport | None = None

    def save_report(self, report: ImportReport, path: Path) -> int:
        """Write ``report`` to ``path`` (CSV or xlsx, by its suffix); the rows written."""
        return write_report(report, path)

    def export_query(self, client: PetStoreClient, path: Path, status: PetStatus | None,
                     progress: ProgressCallback, cancel: CancelToken) -> int:
        """Every pet of the service with ``status`` (all its pages, paced), to ``path``."""
        return export_query(client, path, status, progress=progress, cancel=cancel)

    def export_pets(self, pets: Sequence[Pet], path: Path, progress: ProgressCallback,
                    cancel: CancelToken) -> int:
        """``pets`` (the list shown) to ``path``."""
        return export_pets(path, pets, progress=progress, cancel=cancel)

    def pending_batch(self) -> str | None:
        """The import left unfinished in the outbox (the oldest), now followed."""
        for entry in self._store.outbox.entries():
            if entry.origin and entry.origin.startswith(IMPORT_PREFIX):
                self._follow(batch_of(entry.origin), None)
                return self._batch
        return None

    def _follow(self, batch: str, run: ImportRun | None) -> None:
        self._batch, self._run = batch, run
        self._report = run.report if run is not None else None

    # -- the import's steps ------------------------------------------------------------

    def inspect(self, path: Path, encoding: str | None, delimiter: str | None,
                sheet: str | None = None) -> FileLayout:
        self._refuse_without_shared_store()
        memory = StoreMappingMemory(self._store.meta)
        layout = inspect_file(path, None, sheet=sheet, encoding=encoding, delimiter=delimiter)
        saved = memory.get(layout.layout_key)
        if saved is None:
            return layout
        try:
            mapping = ColumnMapping.from_dict(saved, layout.headers)
        except MappingError:
            return layout  # damaged or stale: the suggestion stands
        return replace(layout, mapping=mapping, remembered=True, notes=())

    def preview(self, layout: FileLayout, mapping: ColumnMapping, progress: ProgressCallback,
                cancel: CancelToken, shown: Sequence[Pet] = ()) -> Preview:
        """Check every row against the store's pets and ``shown`` (the window's list),
        and mark the rows an earlier import of the same file added."""
        batch = import_batch(layout.info.fingerprint)
        StoreMappingMemory(self._store.meta)[mapping.layout_key] = mapping.to_dict()
        known = known_pets(self._store, batch)
        earlier = earlier_import(self._store.outbox, batch)
        for pet in shown:
            known.add(pet.name, pet.category_id, pet.status, pet_id=pet.id)
        return preview_file(layout, mapping, known, earlier=earlier, progress=progress,
                            cancel=cancel)

    def start(self, client: PetStoreClient, preview: Preview) -> ImportStatus | None:
        """Queue the preview's rows durably and follow them."""
        self._refuse_without_shared_store()
        run = ImportRun(self._queue, preview)
        run.start()
        self._follow(run.batch, run)
        return self._status(client, None, 0.0)

    def _refuse_without_shared_store(self) -> None:
        if self._shared_down:
            raise SharedStoreNeeded

    def step(self, client: PetStoreClient) -> ImportStatus | None:
        """One sender step, then how the followed import stands (``None``: none)."""
        result = self._sender.for_client(client)[0].step()
        return self._status(client, result, result.wait)

    def control(self, action: str) -> ImportStatus | None:
        """``pause``, ``resume`` or ``cancel`` the followed import."""
        if self._batch is None:
            return None
        getattr(self._queue, action)(self._batch)
        return self._status(None, None, 0.0)

    def decide(self, choices: Sequence[tuple[int, int | None]]) -> ImportStatus | None:
        """The user's answers for rows awaiting a decision: ``(local_id, pet_id)`` when
        that pet is the row, ``(local_id, None)`` when none is (it is sent again)."""
        outbox = self._store.outbox
        for local_id, pet_id in choices:
            if pet_id is None:
                outbox.send_again(local_id)
            else:
                outbox.choose_created(local_id, pet_id)
        return self._status(None, None, 0.0)

    def status(self) -> ImportStatus | None:
        return self._status(None, None, 0.0)

    def _status(self, client: PetStoreClient | None, result: StepResult | None,
                wait: float) -> ImportStatus | None:
        if self._batch is None:
            return None
        if self._run is not None:
            progress, _fresh = self._run.poll()
            report = self._run.report
        else:
            progress = self._queue.progress(self._batch)
            report = _report_from_entries(self._store.outbox.entries_from(self._batch))
        snapshot = client.rate_limit if client is not None else None
        now = datetime.fromtimestamp(self._clock.time(), UTC)
        text = progress_text(progress.done, progress.total, plan_for(snapshot), snapshot,
                             now=now, paused=progress.paused,
                             tz=datetime.now().astimezone().tzinfo or UTC)
        notice = _notice(result, snapshot, now)
        decisions = tuple(
            PendingDecision(entry.local_id, _row_number(entry), entry.name, entry.candidates,
                            decision_question(entry))
            for entry in (self._store.outbox.entries_from(self._batch)
                          if progress.needs_decision
                          else ())
            if entry.state is OutboxState.NEEDS_DECISION)
        return ImportStatus(self._batch, progress, text, notice, report,
                            result.kind if result else None, wait, decisions)


def _notice(result: StepResult | None, snapshot: RateLimitSnapshot | None,
            now: datetime) -> str:
    if result is None or result.wait <= LONG_WAIT:
        return ""
    if result.kind is StepKind.OTHER_WINDOW:
        return QT_TRANSLATE_NOOP("Import", "Another PetDesk window is sending these pets.")
    resume = datetime.fromtimestamp(now.timestamp() + result.wait, UTC).astimezone()
    if snapshot is not None and snapshot.remaining == 0 and snapshot.reset is not None:
        resume = snapshot.reset.astimezone()
    return QT_TRANSLATE_NOOP(
        "Import", "Waiting ({why}): sending goes on by itself at {local} ({utc} UTC).").format(
        why=result.message or result.kind.value, local=ClockTime(resume, today=True),
        utc=ClockTime(resume.astimezone(UTC), today=True))
