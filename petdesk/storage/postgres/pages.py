"""The rows last seen per list query and the pets looked up by id, on the shared store
(per environment): the queries are :class:`~petdesk.storage.sql.pages.SqlPages`'s."""

from __future__ import annotations

from petdesk.storage.postgres.catalogue import upsert
from petdesk.storage.postgres.database import Connection, PgDatabase
from petdesk.storage.rows import PetRow
from petdesk.storage.sql.pages import SqlPages

__all__ = ["PgPages"]


class PgPages(SqlPages[Connection]):
    """:class:`petdesk.storage.repositories.PageRepository` on the shared store."""

    def __init__(self, db: PgDatabase) -> None:
        super().__init__(db)

    def _upsert(self, conn: Connection, pet: PetRow, when: float) -> None:
        upsert(conn, self._sql, [pet], when)
