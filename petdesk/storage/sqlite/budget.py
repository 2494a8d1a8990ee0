"""The key's shared quota record on SQLite (table ``key_budget``): the merge is
:class:`~petdesk.storage.sql.budget.SqlBudget`'s."""

from __future__ import annotations

import sqlite3
from contextlib import AbstractContextManager

from petdesk.storage.sql.budget import SqlBudget
from petdesk.storage.sqlite.database import Database

__all__ = ["SqliteBudget"]


class SqliteBudget(SqlBudget[sqlite3.Connection]):
    """:class:`petdesk.storage.repositories.BudgetRepository` on SQLite: the merge runs
    under the file's write lock (``BEGIN IMMEDIATE``), so writes of desks sharing the
    file never interleave."""

    _db: Database

    def __init__(self, db: Database) -> None:
        super().__init__(db)

    def _take_turn(self, conn: sqlite3.Connection, fingerprint: str) -> None:
        """The transaction holds the file's write lock: no other desk is merging."""

    def _reading(self) -> AbstractContextManager[sqlite3.Connection]:
        return self._db.reading()
