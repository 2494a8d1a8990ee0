"""The worker-thread side of the window's import and export (Qt-free).

:class:`ImportEngine` owns the environment's local store and the outbox sender while
the window is open. Every method runs on the worker thread, as a job of
:class:`~petdesk.gui.worker.worker.Worker` (the controller in
:mod:`petdesk.gui.importing.controller` submits them), so the store, the file and the
network are never touched on the GUI thread. It is imported by those jobs, not at the
top of the controller: it loads petdesk.api (httpx, pydantic) and the spreadsheet
libraries.

Decisions:

* The store is the one ``petdesk import`` uses (:func:`petdesk.storage.paths.store_path`
  with the same rule as :func:`petdesk.cli.commands.open_outbox`): an import queued by the
  command line is finished by the window and the other way round.
* Sending is :class:`~petdesk.services.outbox.sender.OutboxSender` with
  :func:`~petdesk.services.importing.outbox.import_budget_for`; one :meth:`ImportEngine.step` is one
  sender step (at most one request), so the worker runs the user's requests in between.
  The sender is rebuilt whenever the worker's client changes (a new key, another
  environment).
* The import followed is one batch (:func:`~petdesk.services.importing.outbox.batch_of`). After a
  restart the batch left unfinished is found in the outbox and followed again; its
  report is rebuilt from the outbox entries (the rows that were not queued, invalid or
  skipped, were reported when the file was previewed).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from petdesk.api.client import PetStoreClient
from petdesk.api.ratelimit import RateLimitSnapshot
from petdesk.core.clock import Clock
from petdesk.core.connection import Connection
from petdesk.core.wording import QT_TRANSLATE_NOOP, ClockTime
from petdesk.services.importing.control import CancelToken, ProgressCallback
from petdesk.services.importing.errors import MappingError
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
    import_budget_for,
    known_pets,
)
from petdesk.services.importing.preview import Preview, import_batch
from petdesk.services.importing.report import ImportReport, Outcome, RowResult
from petdesk.services.importing.session import FileLayout, inspect_file, preview_file
from petdesk.services.importing.writers import export_pets, write_report
from petdesk.services.outbox.engine import RecordingRemote
from petdesk.services.outbox.sender import OutboxSender, StepKind, StepResult
from petdesk.services.outbox.wording import decision_question
from petdesk.storage.db import LocalStore, open_store
from petdesk.storage.rows import OutboxEntry, OutboxState
from petdesk.storage.store_file import store_file

if TYPE_CHECKING:
    from petdesk.api.models import Pet
    from petdesk.core.statuses import PetStatus

__all__ = ["ImportEngine", "ImportStatus", "PendingDecision"]

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


class ImportEngine:
    """The store, the sender and the followed import; call only on the worker thread
    (:meth:`close` also after the thread has ended)."""

    def __init__(self, clock: Clock, folder: Path | None = None) -> None:
        self._clock = clock
        self._folder = folder
        self._lock = threading.Lock()
        self._store: LocalStore | None = None
        self._connection: Connection | None = None
        self._client: PetStoreClient | None = None
        self._sender: OutboxSender | None = None
        self._remote: RecordingRemote | None = None
        self._queue: OutboxImportQueue | None = None
        self._run: ImportRun | None = None
        self._batch: str | None = None
        self._report: ImportReport | None = None
        self.problem: str | None = None

    # -- the store -------------------------------------------------------------------

    def open(self, connection: Connection) -> LocalStore:
        """The store of ``connection`` (opened on first use, reopened for another)."""
        with self._lock:
            return self._open(connection)

    def _open(self, connection: Connection) -> LocalStore:
        if self._store is not None and connection == self._connection:
            return self._store
        self._close()
        opened = open_store(store_file(connection, self._folder), connection.environment,
                            clock=self._clock)
        self.problem = opened.problem
        self._store, self._connection = opened.store, connection
        self._queue = OutboxImportQueue(opened.store, self._clock)
        return opened.store

    def pending_batch(self, connection: Connection) -> str | None:
        """The import left unfinished in the outbox (the oldest), now followed. With no
        store file yet there is none, and looking creates no file."""
        with self._lock:
            if self._store is None and not store_file(connection, self._folder).exists():
                return None
            store = self._open(connection)
            for entry in store.entries():
                if entry.origin and entry.origin.startswith(IMPORT_PREFIX):
                    self._follow(batch_of(entry.origin), None)
                    return self._batch
            return None

    def _follow(self, batch: str, run: ImportRun | None) -> None:
        self._batch, self._run = batch, run
        self._report = run.report if run is not None else None

    def close(self) -> None:
        """Let another PetDesk take the outbox (after the worker stopped; if a step is
        stuck in the network, the process exit releases the lock instead)."""
        if self._lock.acquire(timeout=0.25):
            try:
                self._close()
            finally:
                self._lock.release()

    def _close(self) -> None:
        if self._sender is not None:
            self._sender.close()
        if self._store is not None:
            self._store.close()
        self._store = self._sender = self._queue = self._client = self._remote = None
        self._run = self._batch = None

    # -- the import's steps ------------------------------------------------------------

    def inspect(self, connection: Connection, path: Path, encoding: str | None,
                delimiter: str | None, sheet: str | None = None) -> FileLayout:
        memory = StoreMappingMemory(self.open(connection))
        layout = inspect_file(path, None, sheet=sheet, encoding=encoding, delimiter=delimiter)
        saved = memory.get(layout.layout_key)
        if saved is None:
            return layout
        try:
            mapping = ColumnMapping.from_dict(saved, layout.headers)
        except MappingError:
            return layout  # damaged or stale: the suggestion stands
        return replace(layout, mapping=mapping, remembered=True, notes=())

    def preview(self, connection: Connection, layout: FileLayout, mapping: ColumnMapping,
                progress: ProgressCallback, cancel: CancelToken,
                shown: Sequence[Pet] = ()) -> Preview:
        """Check every row against the store's pets and ``shown`` (the window's list),
        and mark the rows an earlier import of the same file added."""
        batch = import_batch(layout.info.fingerprint)
        with self._lock:
            store = self._open(connection)
            StoreMappingMemory(store)[mapping.layout_key] = mapping.to_dict()
            known = known_pets(store, batch)
            earlier = earlier_import(store, batch)
        for pet in shown:
            known.add(pet.name, pet.category_id, pet.status, pet_id=pet.id)
        return preview_file(layout, mapping, known, earlier=earlier, progress=progress,
                            cancel=cancel)

    def start(self, connection: Connection, client: PetStoreClient,
              preview: Preview) -> ImportStatus | None:
        """Queue the preview's rows durably and follow them."""
        with self._lock:
            self._open(connection)
            assert self._queue is not None
            run = ImportRun(self._queue, preview)
            run.start()
            self._follow(run.batch, run)
            return self._status(client, None, 0.0)

    def step(self, connection: Connection, client: PetStoreClient) -> ImportStatus | None:
        """One sender step, then how the followed import stands (``None``: none)."""
        with self._lock:
            sender, _remote = self._sender_for(self._open(connection), client)
            result = sender.step()
            return self._status(client, result, result.wait)

    def _sender_for(self, store: LocalStore,
                    client: PetStoreClient) -> tuple[OutboxSender, RecordingRemote]:
        """The one sender of this window's outbox (rebuilt for another client)."""
        if self._sender is None or self._remote is None or client is not self._client:
            if self._sender is not None:
                self._sender.close()
            budget = import_budget_for(client, self._clock)
            self._remote = RecordingRemote(client, budget, links=store)
            self._sender = OutboxSender(store, self._remote, budget, self._clock)
            self._client = client
        return self._sender, self._remote

    @contextmanager
    def outbox(self, connection: Connection, client: PetStoreClient | None = None,
               ) -> Iterator[tuple[LocalStore, tuple[OutboxSender, RecordingRemote] | None]]:
        """The store of ``connection`` and, given the client, the one sender of the
        window (the import's too), under the engine's lock: for :mod:`.outbox_engine`."""
        with self._lock:
            store = self._open(connection)
            yield store, (self._sender_for(store, client) if client is not None else None)

    def has_store(self, connection: Connection) -> bool:
        """Whether ``connection`` has a store file (looking creates none)."""
        return (self._store is not None and connection == self._connection) or \
            store_file(connection, self._folder).exists()

    def control(self, connection: Connection, client: PetStoreClient | None,
                action: str) -> ImportStatus | None:
        """``pause``, ``resume`` or ``cancel`` the followed import."""
        with self._lock:
            self._open(connection)
            if self._queue is None or self._batch is None:
                return None
            getattr(self._queue, action)(self._batch)
            return self._status(client, None, 0.0)

    def decide(self, connection: Connection,
               choices: Sequence[tuple[int, int | None]]) -> ImportStatus | None:
        """The user's answers for rows awaiting a decision: ``(local_id, pet_id)`` when
        that pet is the row, ``(local_id, None)`` when none is (it is sent again)."""
        with self._lock:
            store = self._open(connection)
            for local_id, pet_id in choices:
                if pet_id is None:
                    store.send_again(local_id)
                else:
                    store.choose_created(local_id, pet_id)
            return self._status(None, None, 0.0)

    def status(self, client: PetStoreClient | None) -> ImportStatus | None:
        with self._lock:
            return self._status(client, None, 0.0)

    def _status(self, client: PetStoreClient | None, result: StepResult | None,
                wait: float) -> ImportStatus | None:
        if self._queue is None or self._batch is None or self._store is None:
            return None
        if self._run is not None:
            progress, _fresh = self._run.poll()
            report = self._run.report
        else:
            progress = self._queue.progress(self._batch)
            report = _report_from_entries(self._store.entries_from(self._batch))
        snapshot = client.rate_limit if client is not None else None
        now = datetime.fromtimestamp(self._clock.time(), UTC)
        text = progress_text(progress.done, progress.total, plan_for(snapshot), snapshot,
                             now=now, paused=progress.paused,
                             tz=datetime.now().astimezone().tzinfo or UTC)
        notice = _notice(result, snapshot, now)
        decisions = tuple(
            PendingDecision(entry.local_id, _row_number(entry), entry.name, entry.candidates,
                            decision_question(entry))
            for entry in (self._store.entries_from(self._batch) if progress.needs_decision
                          else ())
            if entry.state is OutboxState.NEEDS_DECISION)
        return ImportStatus(self._batch, progress, text, notice, report,
                            result.kind if result else None, wait, decisions)

    # -- files -------------------------------------------------------------------------

    @staticmethod
    def save_report(report: ImportReport, path: Path) -> int:
        return write_report(report, path)

    @staticmethod
    def export_query(client: PetStoreClient, path: Path, status: PetStatus | None,
                     progress: ProgressCallback, cancel: CancelToken) -> int:
        return export_query(client, path, status, progress=progress, cancel=cancel)

    @staticmethod
    def export_pets(pets: list[Pet], path: Path, progress: ProgressCallback,
                    cancel: CancelToken) -> int:
        return export_pets(path, pets, progress=progress, cancel=cancel)


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
