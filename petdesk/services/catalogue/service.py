"""The window's catalogue on the worker thread (Qt-free): the store's catalogue and the
:class:`~petdesk.services.catalogue.mirror.MirrorFiller` that fills it.

One :meth:`CatalogueService.step` is one filler step: at most one request (one page of
100 pets), so the worker runs the user's requests in between. The filler is rebuilt
whenever the worker's client changes (a new key, another address), and its
:class:`~petdesk.services.outbox.budget.QuotaBudget` reads that client's live quota, the one
every other request of the window updates.

A desk set up for a shared store that works on this computer's store while the shared
one is down fills nothing: the catalogue is filled in the shared store, once for every
desk, with the shelter's one API key, and this desk cannot see the key's shared budget
meanwhile. What this computer's catalogue holds can still be searched.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
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
from petdesk.storage.repositories import Store
from petdesk.storage.rows import MirrorQuery, MirrorSettings, PetRow

if TYPE_CHECKING:
    from petdesk.api.client import PetStoreClient
    from petdesk.core.clock import Clock

__all__ = ["CatalogueReport", "CatalogueService", "ResultWindow"]


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

    def report(self, step: FillStep | None) -> CatalogueReport:
        """How the catalogue stands as this search saw it, after ``step``."""
        return CatalogueReport(self.status, step)


class CatalogueService:
    """The catalogue of one store and its filler, for the window: every method runs on
    the worker thread, as a job the controller (:mod:`petdesk.gui.catalogue.controller`)
    submits. The catalogue is opened by the first of them, after the first paint.

    ``waits_for_shared_store``: the store is this computer's, standing in for the shared
    store that is down; nothing is fetched (see the module docstring)."""

    def __init__(self, store: Store, clock: Clock, store_problem: str | None = None, *,
                 waits_for_shared_store: bool = False) -> None:
        self._store = store
        self._clock = clock
        self._store_problem = store_problem
        self._waits_for_shared_store = waits_for_shared_store
        self._client: PetStoreClient | None = None
        self._filler: MirrorFiller | None = None
        self._settings: MirrorSettings | None = None

    def _problem(self) -> str | None:
        """Opens the catalogue (once): what went wrong with it or the store, if anything."""
        return self._store.catalogue.open() or self._store_problem

    def _filler_for(self, client: Callable[[], PetStoreClient]) -> MirrorFiller:
        current = client()
        if self._filler is None or current is not self._client:
            self._filler = MirrorFiller(self._store, ClientMirrorRemote(current),
                                        budget_for(current, self._clock), self._clock)
            self._client = current
        if self._settings is not None and self._filler.settings != self._settings:
            self._filler.set_settings(self._settings)
        return self._filler

    # -- the filler's steps --------------------------------------------------------------

    def step(self, client: Callable[[], PetStoreClient]) -> CatalogueReport:
        """One filler step (at most one request), then how the catalogue stands."""
        if self._waits_for_shared_store:  # until a session on the shared store
            return self._idle(FillStep(FillKind.SHARED_STORE_DOWN, math.inf))
        problem = self._problem()
        try:
            filler = self._filler_for(client)
        except PetStoreError as exc:  # no key yet: nothing can be fetched
            return self._idle(FillStep(FillKind.FAILED, 60.0, message=str(exc)))
        done = filler.step()
        return CatalogueReport(filler.status(), done, problem)

    def update_now(self, client: Callable[[], PetStoreClient]) -> CatalogueReport:
        """"Update now": the next step starts an update even if none is due (none
        while the shared store is down: the report's phase says so)."""
        if self._waits_for_shared_store:
            return self._idle(None)
        problem = self._problem()
        filler = self._filler_for(client)
        filler.update_now()
        return CatalogueReport(filler.status(), None, problem)

    def apply(self, settings: MirrorSettings) -> CatalogueReport:
        """The user's schedule and share of the quota (kept in the store too)."""
        self._settings = settings
        if self._filler is not None:
            self._filler.set_settings(settings)
            return CatalogueReport(self._filler.status(), None, self._problem())
        self._store.catalogue.set_settings(settings)
        return self._idle(None)

    def _idle(self, step: FillStep | None) -> CatalogueReport:
        """The status without a filler (no client yet): what the store says."""
        problem = self._problem()
        catalogue = self._store.catalogue
        state = catalogue.state()
        settings = self._settings or catalogue.settings()
        count = catalogue.count()
        total = count if state.complete_at is not None else estimate_total(
            count, state.highest_id, self._store.meta.newest_known_id())
        phase = self._idle_phase(settings, state.complete_at, step)
        resume = self._clock.time() + step.wait \
            if phase is MirrorPhase.PROBLEM and step is not None else None
        status = MirrorStatus(phase, count, total, state.complete_at, None, resume,
                              state.day_requests, settings.day_allowance,
                              state.requests_total, step.message if step else None)
        return CatalogueReport(status, step, problem)

    def _idle_phase(self, settings: MirrorSettings, complete_at: float | None,
                    step: FillStep | None) -> MirrorPhase:
        if not settings.enabled:
            return MirrorPhase.OFF
        if self._waits_for_shared_store:
            return MirrorPhase.SHARED_STORE_DOWN
        if step is not None:
            return MirrorPhase.PROBLEM
        return MirrorPhase.COMPLETE if complete_at is not None else MirrorPhase.FILLING

    def _status(self) -> MirrorStatus:
        return self._filler.status() if self._filler is not None else self._idle(None).status

    def added_here(self) -> CatalogueReport:
        """Pets this computer just added or looked up are in the catalogue already (the
        store wrote each with the service's answer, in the transaction that recorded
        it): how the catalogue stands now, its rows changed."""
        return CatalogueReport(self._status(), FillStep(FillKind.FETCHED, rows_changed=True),
                               self._problem())

    # -- reading -------------------------------------------------------------------------

    def search(self, query: MirrorQuery, offset: int, limit: int) -> ResultWindow:
        """One window of the pets matching ``query``, with their count."""
        catalogue = self._store.catalogue
        count = catalogue.search_count(query)
        rows = tuple(catalogue.search(query, offset=offset, limit=limit))
        return ResultWindow(query, count, offset, rows, self._status())
