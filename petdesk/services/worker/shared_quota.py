"""The client's shared quota kept in the store: one key's record of the store's
:class:`~petdesk.storage.repositories.BudgetRepository`, adapted to
:class:`petdesk.api.shared.SharedQuota`. Imports no client (the worker builds it
with the key's fingerprint, before the client)."""

from __future__ import annotations

from collections.abc import Callable

from petdesk.core.quota import QuotaFigures
from petdesk.storage.repositories import BudgetRepository

__all__ = ["StoreQuota"]


class StoreQuota:
    """The record of the key named ``fingerprint`` in the store ``budget`` gives (the
    store of the worker's environment, opened on first use)."""

    def __init__(self, budget: Callable[[], BudgetRepository], fingerprint: str) -> None:
        self._budget = budget
        self._fingerprint = fingerprint

    def read(self) -> QuotaFigures | None:
        record = self._budget().current(self._fingerprint)
        return None if record is None else record.figures

    def write(self, figures: QuotaFigures) -> None:
        self._budget().observe(self._fingerprint, figures)
