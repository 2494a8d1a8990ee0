"""What the worker thread keeps for the environment it works on: the store, opened
once, and the services built on it (Qt-free).

The worker opens it on first use, after the first paint, and closes it when the
environment changes or the thread ends: one store session, one connection and one
outbox sender per environment. Every service gets the store (or the sender) in its
constructor, so what each needs is written where it is built.

With a shared store set up (``Connection.shared_store``) the session is on it, and the
adds this desk kept in its own SQLite store are moved there as it opens
(:mod:`petdesk.services.shared.move`). Its SQLite store stays open beside the shared
one as the desk's "last shown" copy: every page it shows and every pet it looks up is
kept in both (:class:`~petdesk.storage.last_shown.LastShownPages`), so the next start
paints them from this computer at once, and a desk whose shared store is down still
has them. When the shared store cannot be reached the session is on the SQLite store,
with :attr:`WorkSession.shared_down` saying why, until :meth:`WorkSession.rejoin` finds
the shared store again. Adds typed on the desk wait in its outbox and move then; an
import does not start (only the shared store knows which rows of a file the desks have
added already).
"""

from __future__ import annotations

import logging
from pathlib import Path

from petdesk.core.clock import Clock
from petdesk.core.connection import Connection
from petdesk.core.store_trouble import StoreTrouble
from petdesk.services.activity.service import ActivityService
from petdesk.services.catalogue.service import CatalogueService
from petdesk.services.desk import this_desk
from petdesk.services.importing.service import ImportService
from petdesk.services.outbox.service import OutboxService, WindowSender
from petdesk.services.pets.stored import StoredPets
from petdesk.services.shared.move import MoveBlocked, MoveReport, move_waiting_adds
from petdesk.services.shared.opening import SharedOpener, open_postgres
from petdesk.services.shared.probe import probe_shared_store
from petdesk.services.shared.reach import SharedReach
from petdesk.storage.last_shown import LastShownPages
from petdesk.storage.paths import store_file
from petdesk.storage.repositories import Store
from petdesk.storage.sqlite.store import open_store

__all__ = ["WorkSession", "store_exists"]

log = logging.getLogger(__name__)


class WorkSession:
    """The store of one environment and its services; see the module docstring."""

    def __init__(self, store: Store, clock: Clock, problem: str | None = None, *,
                 shared_down: StoreTrouble | None = None, moved: MoveReport | None = None,
                 last_shown: Store | None = None) -> None:
        self.store = store
        #: On the shared store: this computer's store, keeping the pages shown too.
        self._last_shown = last_shown
        self._sender = WindowSender(store, clock)
        self.outbox = OutboxService(store, self._sender,
                                    shared_store_down=shared_down is not None)
        self.pets = StoredPets(store.pages if last_shown is None else
                               LastShownPages(store.pages, last_shown.pages, clock))
        self.importing = ImportService(store, self._sender, clock,
                                       shared_down=shared_down is not None)
        self.catalogue = CatalogueService(store, clock, problem,
                                          waits_for_shared_store=shared_down is not None)
        self.activity = ActivityService(store.activity)
        #: Why the shared store set up for this desk is not used now (``None``: it is,
        #: or none is set up); the session is then on this computer's store.
        self.shared_down = shared_down
        #: What moved from this computer's store into the shared one as it opened.
        self.moved = moved

    @classmethod
    def open(cls, connection: Connection, clock: Clock, folder: Path | None = None, *,
             password: str | None = None,
             opener: SharedOpener = open_postgres) -> WorkSession:
        """The session of ``connection``'s store: the shared store when one is set up
        and reachable, else the store file (``folder``: instead of the data folder). A
        file that cannot be used is set aside; the catalogue says so."""
        down = None
        if connection.shared_store:
            shared = opener(connection.shared_store, password, connection.environment, clock)
            if not isinstance(shared, StoreTrouble):
                return cls._on_shared(shared, connection, clock, folder)
            log.warning("the shared store is not used: %s", shared)
            down = shared
        opened = open_store(store_file(connection, folder), connection.environment,
                            clock=clock, desk=this_desk())
        return cls(opened.store, clock, opened.problem, shared_down=down)

    @classmethod
    def _on_shared(cls, shared: Store, connection: Connection, clock: Clock,
                   folder: Path | None) -> WorkSession:
        """The session on ``shared``, once this computer's waiting adds are in it, with
        this computer's store kept for the pages shown (none when it lives in memory)."""
        local = open_store(store_file(connection, folder), connection.environment,
                           clock=clock, desk=this_desk())
        moved = None
        try:
            if local.problem is None:  # a set-aside or locked file: nothing to move now
                moved = move_waiting_adds(local.store, shared)
        except MoveBlocked:
            log.info("another PetDesk sends this computer's adds: they move later")
        except BaseException:
            local.store.close()
            raise
        if not local.store.durable:
            local.store.close()
            return cls(shared, clock, moved=moved)
        return cls(shared, clock, moved=moved, last_shown=local.store)

    def rejoin(self, connection: Connection, clock: Clock, folder: Path | None = None, *,
               password: str | None = None,
               opener: SharedOpener = open_postgres) -> WorkSession | None:
        """On this computer's store while the shared one was down: try it again. The
        session on the shared store (this one is closed first, so its waiting adds can
        move), or ``None`` while it is still down (:attr:`shared_down` says why)."""
        if self.shared_down is None or not connection.shared_store:
            return None
        shared = opener(connection.shared_store, password, connection.environment, clock)
        if isinstance(shared, StoreTrouble):
            self.shared_down = shared
            return None
        self.close()
        return self._on_shared(shared, connection, clock, folder)

    @staticmethod
    def test_shared_store(address: str, password: str | None) -> SharedReach:
        """Settings' Test connection: here, so that the database driver loads on the
        worker with the store, never on the GUI thread."""
        return probe_shared_store(address, password)

    def close(self) -> None:
        """Let another PetDesk send the outbox, and let the file go."""
        self._sender.close()
        self.store.close()
        if self._last_shown is not None:
            self._last_shown.close()


def store_exists(connection: Connection, folder: Path | None = None) -> bool:
    """Whether ``connection`` has a store file (looking creates none)."""
    return store_file(connection, folder).exists()
