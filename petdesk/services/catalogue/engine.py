"""The worker-thread side of the window's catalogue, Qt-free.

:class:`CatalogueEngine` owns, while the window is open, the environment's store (the
same file as the outbox: :func:`~petdesk.storage.store_file.store_file`), its catalogue
mirror and the :class:`~petdesk.services.catalogue.mirror.MirrorFiller`. Every method runs on the
worker thread, as a job the controller (:mod:`petdesk.gui.catalogue.controller`)
submits: the store is never opened or read on the GUI thread, and it is opened only
when the first catalogue job runs, after the window's first paint.

One :meth:`CatalogueEngine.step` is one filler step: at most one request (one page of
100 pets), so the worker runs the user's requests in between. The filler is rebuilt
whenever the worker's client changes (a new key, another environment), and its
:class:`~petdesk.services.outbox.budget.QuotaBudget` reads that client's live quota, the one
every other request of the window updates.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from petdesk.core.errors import PetStoreError
from petdesk.services.catalogue.mirror import (
    FillKind,
    FillStep,
    MirrorFiller,
    MirrorPhase,
    MirrorStatus,
    estimate_total,
)
from petdesk.services.outbox.remote import ClientMirrorRemote, budget_for
from petdesk.storage.db import LocalStore, open_store
from petdesk.storage.rows import MirrorQuery, MirrorSettings, PetRow
from petdesk.storage.store_file import store_file

if TYPE_CHECKING:
    from collections.abc import Callable

    from petdesk.api.client import PetStoreClient
    from petdesk.core.clock import Clock
    from petdesk.core.connection import Connection

__all__ = ["CatalogueEngine", "CatalogueReport", "ResultWindow"]


@dataclass(frozen=True)
class CatalogueReport:
    """How the catalogue stands after a job (plain values, for the GUI thread)."""

    status: MirrorStatus
    #: The filler's step, when the job ran one.
    step: FillStep | None = None
    #: A plain sentence when the catalogue's file could not be used as it was.
    problem: str | None = None

    @property
    def wait(self) -> float:
        """Seconds before the next step is worth running (``inf``: only when woken)."""
        return self.step.wait if self.step is not None else 0.0

    @property
    def rows_changed(self) -> bool:
        return self.step is not None and self.step.rows_changed


@dataclass(frozen=True)
class ResultWindow:
    """One window of a search over the catalogue."""

    query: MirrorQuery
    #: How many pets match (the rows the view has).
    count: int
    offset: int
    rows: tuple[PetRow, ...]
    status: MirrorStatus


class CatalogueEngine:
    """The store, its mirror and the filler of one window; call only on the worker
    thread (:meth:`close` also after the thread has ended)."""

    def __init__(self, clock: Clock, folder: Path | None = None) -> None:
        self._clock = clock
        self._folder = folder
        self._lock = threading.Lock()
        self._store: LocalStore | None = None
        self._connection: Connection | None = None
        self._client: PetStoreClient | None = None
        self._filler: MirrorFiller | None = None
        self._settings: MirrorSettings | None = None
        self._problem: str | None = None

    # -- the store ---------------------------------------------------------------------

    def _open(self, connection: Connection) -> LocalStore:
        if self._store is not None and connection == self._connection:
            return self._store
        self._close()
        opened = open_store(store_file(connection, self._folder), connection.environment,
                            clock=self._clock)
        self._store, self._connection = opened.store, connection
        self._problem = opened.store.open_mirror() or opened.problem
        return opened.store

    def _filler_for(self, connection: Connection,
                    client: Callable[[], PetStoreClient]) -> MirrorFiller:
        store = self._open(connection)
        current = client()
        if self._filler is None or current is not self._client:
            self._filler = MirrorFiller(store, ClientMirrorRemote(current),
                                        budget_for(current, self._clock), self._clock)
            self._client = current
        if self._settings is not None and self._filler.settings != self._settings:
            self._filler.set_settings(self._settings)
        return self._filler

    def close(self) -> None:
        if self._lock.acquire(timeout=0.25):
            try:
                self._close()
            finally:
                self._lock.release()

    def _close(self) -> None:
        if self._store is not None:
            self._store.close()
        self._store = self._filler = self._client = self._connection = None

    # -- the filler's steps --------------------------------------------------------------

    def step(self, connection: Connection,
             client: Callable[[], PetStoreClient]) -> CatalogueReport:
        """One filler step (at most one request), then how the catalogue stands."""
        with self._lock:
            try:
                filler = self._filler_for(connection, client)
            except PetStoreError as exc:  # no key yet: nothing can be fetched
                return self._idle(connection, FillStep(FillKind.FAILED, 60.0, message=str(exc)))
            done = filler.step()
            return CatalogueReport(filler.status(), done, self._problem)

    def update_now(self, connection: Connection,
                   client: Callable[[], PetStoreClient]) -> CatalogueReport:
        """"Update now": the next step starts an update even if none is due."""
        with self._lock:
            filler = self._filler_for(connection, client)
            filler.update_now()
            return CatalogueReport(filler.status(), None, self._problem)

    def apply(self, connection: Connection, settings: MirrorSettings) -> CatalogueReport:
        """The user's schedule and share of the quota (kept in the store too)."""
        with self._lock:
            self._settings = settings
            store = self._open(connection)
            if self._filler is not None:
                self._filler.set_settings(settings)
                return CatalogueReport(self._filler.status(), None, self._problem)
            store.set_mirror_settings(settings)
            return self._idle(connection, None)

    def _idle(self, connection: Connection, step: FillStep | None) -> CatalogueReport:
        """The status without a filler (no client yet): what the store says."""
        store = self._open(connection)
        state = store.mirror_state()
        settings = self._settings or store.mirror_settings()
        count = store.mirror_count()
        total = count if state.complete_at is not None else estimate_total(
            count, state.highest_id, store.newest_known_id())
        phase = MirrorPhase.OFF if not settings.enabled else (
            MirrorPhase.PROBLEM if step is not None else
            MirrorPhase.COMPLETE if state.complete_at is not None else MirrorPhase.FILLING)
        resume = self._clock.time() + step.wait if step is not None else None
        status = MirrorStatus(phase, count, total, state.complete_at, None, resume,
                              state.day_requests, settings.day_allowance,
                              state.requests_total, step.message if step else None)
        return CatalogueReport(status, step, self._problem)

    def added_here(self, connection: Connection) -> CatalogueReport:
        """Pets this computer just added or looked up are in the catalogue already (the
        store wrote each with the service's answer, in the transaction that recorded
        it): how the catalogue stands now, its rows changed."""
        with self._lock:
            status = (self._filler.status() if self._filler is not None
                      else self._idle(connection, None).status)
            return CatalogueReport(status, FillStep(FillKind.FETCHED, rows_changed=True),
                                   self._problem)

    # -- reading -------------------------------------------------------------------------

    def search(self, connection: Connection, query: MirrorQuery, offset: int,
               limit: int) -> ResultWindow:
        """One window of the pets matching ``query``, with their count."""
        with self._lock:
            store = self._open(connection)
            count = store.mirror_search_count(query)
            rows = tuple(store.mirror_search(query, offset=offset, limit=limit))
            status = (self._filler.status() if self._filler is not None
                      else self._idle(connection, None).status)
            return ResultWindow(query, count, offset, rows, status)

    def position(self, connection: Connection, query: MirrorQuery, pet_id: int) -> int | None:
        with self._lock:
            return self._open(connection).mirror_position(query, pet_id)
