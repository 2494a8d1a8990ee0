"""The key's shared quota record (table ``key_budget``): see
:class:`petdesk.storage.repositories.BudgetRepository`."""

from __future__ import annotations

import sqlite3
from typing import Any, Final

from petdesk.core.quota import QuotaFigures, is_fingerprint, merge_figures
from petdesk.storage.rows import BudgetRecord
from petdesk.storage.sqlite.database import Database

__all__ = ["SqliteBudget"]

_COLUMNS: Final = "observed_at, quota_limit, remaining, reset_at, retry_until, updated_at"


def _checked(fingerprint: str) -> str:
    if not isinstance(fingerprint, str) or not is_fingerprint(fingerprint):
        raise ValueError("a key's budget is named by its fingerprint, not by the key")
    return fingerprint


def _record(fingerprint: str, row: tuple[Any, ...]) -> BudgetRecord:
    observed_at, limit, remaining, reset_at, retry_until, updated_at = row
    return BudgetRecord(fingerprint, QuotaFigures(float(observed_at), limit, remaining,
                                                  reset_at, retry_until), float(updated_at))


def _select(conn: sqlite3.Connection, fingerprint: str) -> BudgetRecord | None:
    row = conn.execute(f"SELECT {_COLUMNS} FROM key_budget WHERE fingerprint = ?",  # noqa: S608
                       (fingerprint,)).fetchone()
    return None if row is None else _record(fingerprint, row)


class SqliteBudget:
    """:class:`petdesk.storage.repositories.BudgetRepository` on SQLite: the merge runs
    under the file's write lock (``BEGIN IMMEDIATE``), so writes of desks sharing the
    file never interleave."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def observe(self, fingerprint: str, figures: QuotaFigures) -> BudgetRecord:
        name = _checked(fingerprint)
        with self._db.tx() as conn:
            kept = _select(conn, name)
            merged = merge_figures(kept.figures if kept is not None else None, figures)
            record = BudgetRecord(name, merged, self._db.clock.time())
            conn.execute(
                f"INSERT OR REPLACE INTO key_budget (fingerprint, {_COLUMNS}) "  # noqa: S608
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (name, merged.observed_at, merged.limit, merged.remaining, merged.reset,
                 merged.retry_until, record.updated_at))
        return record

    def current(self, fingerprint: str) -> BudgetRecord | None:
        name = _checked(fingerprint)
        with self._db.reading() as conn:
            return _select(conn, name)
