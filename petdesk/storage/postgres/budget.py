"""The key's shared quota record on the shared store (table ``key_budget``): see
:class:`petdesk.storage.repositories.BudgetRepository`. Every desk of the environment
reads and writes the same row."""

from __future__ import annotations

from typing import Any, Final

from petdesk.core.quota import QuotaFigures, is_fingerprint, merge_figures
from petdesk.storage.postgres.database import Connection, PgDatabase
from petdesk.storage.postgres.keys import advisory_key
from petdesk.storage.rows import BudgetRecord

__all__ = ["PgBudget"]

_COLUMNS: Final = "observed_at, quota_limit, remaining, reset_at, retry_until, updated_at"


def _checked(fingerprint: str) -> str:
    if not isinstance(fingerprint, str) or not is_fingerprint(fingerprint):
        raise ValueError("a key's budget is named by its fingerprint, not by the key")
    return fingerprint


def _record(fingerprint: str, row: tuple[Any, ...]) -> BudgetRecord:
    observed_at, limit, remaining, reset_at, retry_until, updated_at = row
    return BudgetRecord(fingerprint, QuotaFigures(float(observed_at), limit, remaining,
                                                  reset_at, retry_until), float(updated_at))


class PgBudget:
    """:class:`petdesk.storage.repositories.BudgetRepository` on the shared store: the
    merge runs under a transaction-level advisory lock per environment and key, so the
    desks' writes never interleave (the first insert of a key included)."""

    def __init__(self, db: PgDatabase) -> None:
        self._db = db
        self._env = db.environment

    def observe(self, fingerprint: str, figures: QuotaFigures) -> BudgetRecord:
        name = _checked(fingerprint)
        with self._db.tx() as conn:
            conn.execute("SELECT pg_advisory_xact_lock(%s)",
                         (advisory_key("budget", f"{self._env}:{name}"),))
            kept = self._select(conn, name)
            merged = merge_figures(kept.figures if kept is not None else None, figures)
            record = BudgetRecord(name, merged, self._db.clock.time())
            conn.execute(
                f"INSERT INTO key_budget (environment, fingerprint, {_COLUMNS}) "  # noqa: S608
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s) "
                "ON CONFLICT (environment, fingerprint) DO UPDATE SET "
                "observed_at = excluded.observed_at, quota_limit = excluded.quota_limit, "
                "remaining = excluded.remaining, reset_at = excluded.reset_at, "
                "retry_until = excluded.retry_until, updated_at = excluded.updated_at",
                (self._env, name, merged.observed_at, merged.limit, merged.remaining,
                 merged.reset, merged.retry_until, record.updated_at))
        return record

    def current(self, fingerprint: str) -> BudgetRecord | None:
        name = _checked(fingerprint)
        with self._db.tx() as conn:
            return self._select(conn, name)

    def _select(self, conn: Connection, fingerprint: str) -> BudgetRecord | None:
        row = conn.execute(f"SELECT {_COLUMNS} FROM key_budget "  # noqa: S608
                           "WHERE environment = %s AND fingerprint = %s",
                           (self._env, fingerprint)).fetchone()
        return None if row is None else _record(fingerprint, row)
