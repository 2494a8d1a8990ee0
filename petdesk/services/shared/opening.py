"""Opening the shared store: the one place that knows it is PostgreSQL."""

from __future__ import annotations

from typing import Protocol

from petdesk.core.clock import Clock
from petdesk.core.store_trouble import StoreTrouble
from petdesk.services.desk import this_desk
from petdesk.storage.postgres.store import open_shared_store
from petdesk.storage.repositories import Store
from petdesk.storage.rows import SharedStoreUnavailable

__all__ = ["SharedOpener", "open_postgres"]


class SharedOpener(Protocol):
    """Opens the shared store at ``address`` for ``environment``: the store, or why it
    cannot be used now (never raises for that)."""

    def __call__(self, address: str, password: str | None, environment: str,
                 clock: Clock) -> Store | StoreTrouble: ...


def open_postgres(address: str, password: str | None, environment: str,
                  clock: Clock) -> Store | StoreTrouble:
    """:class:`SharedOpener` for PostgreSQL."""
    try:
        return open_shared_store(address.strip(), password, environment, clock=clock,
                                 desk=this_desk())
    except SharedStoreUnavailable as exc:
        return exc.trouble
