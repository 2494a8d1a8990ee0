"""Opening the shared store: the one place that knows it is PostgreSQL."""

from __future__ import annotations

from typing import Protocol

from petdesk.core.clock import Clock
from petdesk.storage.postgres.errors import SharedStoreUnavailable
from petdesk.storage.postgres.store import open_shared_store
from petdesk.storage.repositories import Store

__all__ = ["SharedOpener", "open_postgres"]


class SharedOpener(Protocol):
    """Opens the shared store at ``address`` for ``environment``: the store, or the
    plain sentence saying why it cannot be used now (never raises for that)."""

    def __call__(self, address: str, password: str | None, environment: str,
                 clock: Clock) -> Store | str: ...


def open_postgres(address: str, password: str | None, environment: str,
                  clock: Clock) -> Store | str:
    """:class:`SharedOpener` for PostgreSQL."""
    try:
        return open_shared_store(address.strip(), password, environment, clock=clock)
    except SharedStoreUnavailable as exc:
        return exc.sentence
