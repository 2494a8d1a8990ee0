"""Opening the shared store: the one place that knows it is PostgreSQL."""

from __future__ import annotations

from typing import Protocol

from petdesk.core.clock import Clock
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
    del address, password, environment, clock
    return "This PetDesk cannot open a shared store yet."
