"""The key's shared quota record (table ``key_budget``), once for both stores: see
:class:`petdesk.storage.repositories.BudgetRepository`. A store's budget adds how the
desks' merges take turns (:class:`SqlBudget`'s abstract methods)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from contextlib import AbstractContextManager
from typing import Any, Final, Generic, TypeVar

from petdesk.core.quota import QuotaFigures, is_fingerprint, merge_figures
from petdesk.storage.rows import BudgetRecord
from petdesk.storage.sql.dialect import SqlConnection, SqlDatabase

__all__ = ["SqlBudget"]

_COLUMNS: Final = ("observed_at", "quota_limit", "remaining", "reset_at", "retry_until",
                   "updated_at")

C = TypeVar("C", bound=SqlConnection)


def _checked(fingerprint: str) -> str:
    if not isinstance(fingerprint, str) or not is_fingerprint(fingerprint):
        raise ValueError("a key's budget is named by its fingerprint, not by the key")
    return fingerprint


class SqlBudget(ABC, Generic[C]):
    """:class:`petdesk.storage.repositories.BudgetRepository` on a store's database."""

    def __init__(self, db: SqlDatabase[C]) -> None:
        self._db = db
        self._sql = db.dialect

    @abstractmethod
    def _take_turn(self, conn: C, fingerprint: str) -> None:
        """Inside the merge's transaction: wait until no other desk merges this key."""

    def _reading(self) -> AbstractContextManager[C]:
        """The connection for a read of the record."""
        return self._db.tx()

    def observe(self, fingerprint: str, figures: QuotaFigures) -> BudgetRecord:
        name = _checked(fingerprint)
        with self._db.tx() as conn:
            self._take_turn(conn, name)
            kept = self._select(conn, name)
            merged = merge_figures(kept.figures if kept is not None else None, figures)
            record = BudgetRecord(name, merged, self._db.clock.time())
            conn.execute(self._sql.upsert("key_budget", ("fingerprint", *_COLUMNS),
                                          ("fingerprint",)),
                         self._sql.args(name, merged.observed_at, merged.limit,
                                        merged.remaining, merged.reset, merged.retry_until,
                                        record.updated_at))
        return record

    def current(self, fingerprint: str) -> BudgetRecord | None:
        name = _checked(fingerprint)
        with self._reading() as conn:
            return self._select(conn, name)

    def _select(self, conn: C, fingerprint: str) -> BudgetRecord | None:
        d = self._sql
        row: tuple[Any, ...] | None = conn.execute(
            f"SELECT {', '.join(_COLUMNS)} FROM key_budget"  # noqa: S608
            + d.where(f"fingerprint = {d.mark}"), d.args(fingerprint)).fetchone()
        if row is None:
            return None
        observed_at, limit, remaining, reset_at, retry_until, updated_at = row
        return BudgetRecord(fingerprint, QuotaFigures(float(observed_at), limit, remaining,
                                                      reset_at, retry_until), float(updated_at))
