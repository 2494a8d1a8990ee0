"""The key's quota shared with the other desks of a store, as the client sees it.

Every desk of a shelter sends with one key, and the service counts per key, so what
one desk's answers say of the quota (:class:`~petdesk.core.quota.QuotaFigures`) holds
for every desk. A client given a :class:`SharedQuota` reads it before each request
(its gate then also waits out a Retry-After or a used-up window another desk was
told of) and writes what each answer's headers said. The services adapt the store's
:class:`~petdesk.storage.repositories.BudgetRepository` to it; this package imports
no store.
"""

from __future__ import annotations

from typing import Protocol

from petdesk.core.quota import QuotaFigures

__all__ = ["SharedQuota"]


class SharedQuota(Protocol):
    """One key's shared record; called on the thread that sends. A failure of either
    method is logged by the client and otherwise ignored: the client's own knowledge
    still paces it."""

    def read(self) -> QuotaFigures | None:
        """The record as every desk wrote it (``None``: nothing written yet)."""
        ...

    def write(self, figures: QuotaFigures) -> None:
        """Merge what one answer said into the record."""
        ...
