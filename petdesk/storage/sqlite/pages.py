"""The rows last seen per list query and the pets looked up by id, on SQLite: the
queries are :class:`~petdesk.storage.sql.pages.SqlPages`'s; the catalogue's pets live
in its own file, attached on first use."""

from __future__ import annotations

import sqlite3
from contextlib import AbstractContextManager

from petdesk.storage.sql.pages import SqlPages
from petdesk.storage.sqlite.database import Database

__all__ = ["SqlitePages"]


class SqlitePages(SqlPages[sqlite3.Connection]):
    """:class:`petdesk.storage.repositories.PageRepository` on SQLite."""

    _db: Database

    def __init__(self, db: Database) -> None:
        super().__init__(db)

    def _catalogue_tx(self) -> AbstractContextManager[sqlite3.Connection]:
        return self._db.catalogue_tx()

    def _reading(self) -> AbstractContextManager[sqlite3.Connection]:
        return self._db.reading()

    def _mirrored(self) -> bool:
        """Only once the catalogue's file is attached (a lookup does not attach it)."""
        return self._db.catalogue_attached
