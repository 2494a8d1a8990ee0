"""What the worker thread keeps for the environment it works on: the store, opened
once, and the services built on it (Qt-free).

The worker opens it on first use, after the first paint, and closes it when the
environment changes or the thread ends: one store session, one connection and one
outbox sender per environment. Every service gets the store (or the sender) in its
constructor, so what each needs is written where it is built.
"""

from __future__ import annotations

from pathlib import Path

from petdesk.core.clock import Clock
from petdesk.core.connection import Connection
from petdesk.services.activity.service import ActivityService
from petdesk.services.catalogue.service import CatalogueService
from petdesk.services.importing.service import ImportService
from petdesk.services.outbox.service import OutboxService, WindowSender
from petdesk.services.pets.stored import StoredPets
from petdesk.storage.paths import store_file
from petdesk.storage.repositories import Store

__all__ = ["WorkSession", "store_exists"]


class WorkSession:
    """The store of one environment and its services; see the module docstring."""

    def __init__(self, store: Store, clock: Clock, problem: str | None = None) -> None:
        self.store = store
        self._sender = WindowSender(store, clock)
        self.outbox = OutboxService(store, self._sender)
        self.pets = StoredPets(store.pages)
        self.importing = ImportService(store, self._sender, clock)
        self.catalogue = CatalogueService(store, clock, problem)
        self.activity = ActivityService(store.activity)

    def close(self) -> None:
        """Let another PetDesk send the outbox, and let the file go."""
        self._sender.close()
        self.store.close()


def store_exists(connection: Connection, folder: Path | None = None) -> bool:
    """Whether ``connection`` has a store file (looking creates none)."""
    return store_file(connection, folder).exists()
