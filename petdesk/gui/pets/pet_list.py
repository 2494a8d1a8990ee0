"""The pet list: the query, paging, generations and the list's state.

A refresh of the query that is already queued or running sends nothing more (the
worker coalesces jobs by key), and neither does a click on Refresh when the same list
arrived from a click on Refresh less than :data:`FRESH_SECONDS` ago with nothing added
or looked up since: quick repeated clicks cost one request, not the minute's quota
(even in the demo, whose answers take a millisecond). A page that arrives after a
newer query was asked for is dropped (generations). :meth:`PetListController.count_text`
is the footer, kept true after pages, adds, look-ups, errors and environment switches.

Paging always ends and never shows a pet twice: each list (each first page) has its
:class:`~petdesk.api.PageTrail`. A next link to a page already visited ends paging
(Load more goes away) and :attr:`PetListController.pagingStopped` carries the plain
sentence to show; a row whose id is already shown replaces that row, whether it came
from an earlier page or from a look-up or an add. The trail is made on the worker
thread with the first page (``petdesk.api`` loads there, never on the GUI thread).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from petdesk.api import PageTrail
from petdesk.core.clock import Clock
from petdesk.core.errors import AuthenticationError, RequestCancelled
from petdesk.core.jobs import JobKind, ListState, Priority
from petdesk.core.statuses import PetStatus
from petdesk.gui.common.localize import error_text, localized
from petdesk.gui.settings.auth import AuthController
from petdesk.gui.worker.worker import JobContext, Outcome

if TYPE_CHECKING:
    from petdesk.api import PageUpdate, Pet, PetPage
    from petdesk.gui.pets.pet_model import PetTableModel


#: A list loaded this recently (same query) is not asked for again by Refresh.
FRESH_SECONDS = 2.0


@dataclass(frozen=True)
class ListQuery:
    status: PetStatus | None = None
    limit: int = 20


#: Called on the worker thread, as a background job after each first page is shown (the
#: window keeps it in the local store for the next start; closing the window runs it
#: still, see :meth:`~petdesk.gui.worker.worker.Worker.shutdown`); must not raise.
KeepPage = Callable[[ListQuery, "PetPage", JobContext], None]


def _first_page(query: ListQuery, ctx: JobContext) -> tuple[PetPage, PageTrail]:
    """The first page and a new trail for the list it starts (worker thread)."""
    page = ctx.client.list_pets_page(query.limit, query.status, cancel=ctx.token)
    return page, PageTrail()


def _next_page(url: str, ctx: JobContext) -> PetPage:
    return ctx.client.fetch_page(url, cancel=ctx.token)


class PetListController(QObject):
    """Loads pages into a :class:`~petdesk.gui.pets.pet_model.PetTableModel`."""

    #: The state, the count or "more available" changed.
    changed = Signal()
    #: A page was shown (first page or more).
    pageLoaded = Signal()
    #: A failure to show in the status bar: the exception and a prefix.
    failed = Signal(object, str)
    #: Stopped by the user.
    stopped = Signal()
    #: Refresh of a list that was just loaded: nothing was sent.
    upToDate = Signal()
    #: Paging ended on a next link already visited: the plain sentence to show.
    pagingStopped = Signal(str)

    def __init__(self, auth: AuthController, model: PetTableModel, clock: Clock, *,
                 keep: KeepPage | None = None,
                 rows_not_pets: Callable[[], int] = lambda: 0,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._auth = auth
        self._clock = clock
        #: (query, clock.monotonic()) of the last first page shown.
        self._fresh: tuple[ListQuery, float] | None = None
        self._model = model
        self.query = ListQuery()
        self.state = ListState.IDLE
        self.error_text = ""
        self._trail: PageTrail | None = None
        #: Ids shown by a look-up or an add, not (yet) by a page of the list.
        self._arrived: set[int] = set()
        self.loading_more = False
        self.last_refresh: datetime | None = None
        self._generation = 0
        #: See :data:`KeepPage`.
        self._keep = keep
        #: Rows of the table that are not pets (adds waiting in the outbox): not counted.
        self._rows_not_pets = rows_not_pets
        #: Pets added in this session in this environment, kept in the list through
        #: refreshes until dismissed (the window swaps it on an environment switch).
        self.pinned: dict[int, Pet] = {}

    @property
    def next_url(self) -> str | None:
        """The next page's address while there is one (and it was not visited)."""
        return self._trail.next_url if self._trail is not None else None

    @property
    def has_more(self) -> bool:
        return self.next_url is not None

    def refresh(self, query: ListQuery | None = None, *, background: bool = False,
                clicked: bool = False) -> None:
        """Load the first page of ``query`` (default: the current one). ``clicked``: the
        user asked for it with Refresh (F5)."""
        if query is not None and query != self.query:
            self.query = query
        wanted = self.query
        key = (JobKind.LIST, wanted)
        if self._auth.pending(key) or (background and self._auth.busy):
            return  # the same list is already on its way: nothing more is sent
        if clicked and self._is_fresh(wanted):
            self.upToDate.emit()
            return
        self._generation += 1
        generation = self._generation
        job = self._auth.run_task(
            lambda ctx: _first_page(wanted, ctx),
            lambda outcome: self._first_done(generation, wanted, outcome, clicked=clicked),
            priority=Priority.BACKGROUND if background else Priority.USER,
            kind=JobKind.LIST, label=self.tr("Loading pets…"), key=key)
        if job is None:
            return
        self.state = ListState.LOADING
        self.changed.emit()

    def _is_fresh(self, query: ListQuery) -> bool:
        if self._fresh is None or self.state is not ListState.LOADED:
            return False
        shown, at = self._fresh
        return shown == query and self._clock.monotonic() - at < FRESH_SECONDS

    def load_more(self) -> None:
        url = self.next_url
        if not url or self.loading_more:
            return
        generation = self._generation
        self.loading_more = True
        self._auth.run_task(
            lambda ctx: _next_page(url, ctx),
            lambda outcome: self._page_done(generation, outcome),
            kind=JobKind.MORE, label=self.tr("Loading more pets…"), key=(JobKind.MORE, url))
        self.changed.emit()

    def _first_done(self, generation: int, query: ListQuery,
                    outcome: Outcome[tuple[PetPage, PageTrail]], *, clicked: bool) -> None:
        if generation != self._generation:
            self.changed.emit()
            return  # a newer query superseded this one
        if outcome.value is None:
            self._failed(outcome.error, more=False)
            return
        page, trail = outcome.value
        keep = self._keep
        if keep is not None:  # after this page is shown, as background work that a quit
            # does not drop: what the user saw is there on the next start, offline too
            self._auth.run_task(partial(keep, query, page), priority=Priority.BACKGROUND,
                                kind=JobKind.IO, keep_on_close=True)
        update = trail.add(page)
        self._trail = trail
        on_page = {pet.id for pet in trail.pets}
        kept = [pet for pet in self.pinned.values()
                if pet.id not in on_page and self.matches(pet)]
        self._arrived = {pet.id for pet in kept}  # a later page brings them: replaced
        self._model.replace_pets([*trail.pets, *kept])
        self._fresh = (self.query, self._clock.monotonic()) if clicked else None
        self._shown(update)

    def _page_done(self, generation: int, outcome: Outcome[PetPage]) -> None:
        self.loading_more = False
        if generation != self._generation or self._trail is None:
            self.changed.emit()
            return  # a newer query superseded this one
        page = outcome.value
        if page is None:
            self._failed(outcome.error, more=True)
            return
        update = self._trail.add(page)
        self._merge(update)
        self._shown(update)

    def _merge(self, update: PageUpdate) -> None:
        """Rows already shown are replaced; only new ids are appended."""
        arrived = self._arrived
        fresh = [pet for pet in update.new if pet.id not in arrived]
        for pet in [*(p for p in update.new if p.id in arrived),
                    *(p for _position, p in update.updated)]:
            self._model.upsert_pet(pet)
        arrived.difference_update(p.id for p in update.new)
        self._model.append_pets(fresh)

    def _shown(self, update: PageUpdate) -> None:
        self.state = ListState.LOADED
        self.error_text = ""
        self.last_refresh = datetime.fromtimestamp(self._clock.time(), UTC)
        self.changed.emit()
        self.pageLoaded.emit()
        if update.message:
            self.pagingStopped.emit(localized(update.message))

    def _failed(self, exc: BaseException | None, *, more: bool) -> None:
        if isinstance(exc, RequestCancelled):
            if self.state is ListState.LOADING:
                self.state = ListState.LOADED if self._model.total_count else ListState.IDLE
            self.stopped.emit()
        elif exc is not None:
            if not more:
                self.state = (ListState.NO_KEY if isinstance(exc, AuthenticationError)
                              else ListState.ERROR)
                self.error_text = error_text(exc)
            self.failed.emit(exc, self.tr("Could not load the pets: "))
        self.changed.emit()

    def invalidate(self) -> None:
        """Something changed on the server (an add, even one that failed): the next
        Refresh asks again."""
        self._fresh = None

    def matches(self, pet: Pet) -> bool:
        """Whether ``pet`` belongs in the list asked for (its status filter)."""
        return self.query.status is None or pet.status == self.query.status

    def pet_arrived(self, pet: Pet) -> bool:
        """A pet added or looked up: in the table and counted in the footer when it
        matches the status filter (True), else out of the list (False)."""
        self._fresh = None
        if not self.matches(pet):
            self._arrived.discard(pet.id)
            self._model.remove_pet(pet.id)
            self.changed.emit()
            return False
        self._arrived.add(pet.id)  # a page that brings it again replaces its row
        self._model.upsert_pet(pet)
        if self.state is not ListState.LOADING:
            self.state = ListState.LOADED
        self.changed.emit()
        return True

    def pin(self, pet: Pet) -> None:
        """An added pet: kept in the list through refreshes until :meth:`unpin`."""
        self.pinned[pet.id] = pet
        self._model.set_pinned(self.pinned)

    def unpin(self, pet_id: int) -> None:
        self.pinned.pop(pet_id, None)
        self._model.set_pinned(self.pinned)

    def use_pinned(self, pinned: dict[int, Pet]) -> None:
        """Another environment's pinned pets (its own dictionary, kept by the window)."""
        self.pinned = pinned
        self._model.set_pinned(pinned)

    def reset(self) -> None:
        """Another environment: nothing of the previous one is shown or counted."""
        self._generation += 1
        self._fresh = None
        self._model.clear()
        self._trail = None
        self._arrived.clear()
        self.loading_more = False
        self.last_refresh = None
        self.error_text = ""
        self.state = ListState.IDLE
        self.changed.emit()

    def count_text(self) -> str:
        """The footer: what is loaded, what the filters show, whether there is more
        (adds waiting in the outbox are not pets yet: not loaded, but shown when the
        filter shows them)."""
        count = self._model.total_count - self._rows_not_pets()
        if self.state in (ListState.IDLE, ListState.NO_KEY) and not count:
            return ""
        shown = self._model.rowCount()
        # One part a count, each with its language's plural form ("1 pet", "1 mostrado").
        parts = [self.tr("%n pets loaded", "", count)]
        if shown != self._model.total_count:
            parts.append(self.tr("%n shown by the filter", "", shown))
        if self.has_more:
            parts.append(self.tr("more available"))
        return " · ".join(parts)
