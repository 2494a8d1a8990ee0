"""The key's shared quota record on the shared store (table ``key_budget``): every desk
of the environment reads and writes the same row. The merge is
:class:`~petdesk.storage.sql.budget.SqlBudget`'s."""

from __future__ import annotations

from petdesk.storage.postgres.database import Connection, PgDatabase
from petdesk.storage.postgres.keys import advisory_key
from petdesk.storage.sql.budget import SqlBudget

__all__ = ["PgBudget"]


class PgBudget(SqlBudget[Connection]):
    """:class:`petdesk.storage.repositories.BudgetRepository` on the shared store: the
    merge runs under a transaction-level advisory lock per environment and key, so the
    desks' writes never interleave (the first insert of a key included)."""

    def __init__(self, db: PgDatabase) -> None:
        super().__init__(db)
        self._env = db.environment

    def _take_turn(self, conn: Connection, fingerprint: str) -> None:
        conn.execute("SELECT pg_advisory_xact_lock(%s)",
                     (advisory_key("budget", f"{self._env}:{fingerprint}"),))
