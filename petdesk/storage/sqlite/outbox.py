"""The outbox of adds on SQLite: each change is one transaction (``BEGIN IMMEDIATE``:
it holds the file's write lock), checked against the entry's state inside it. The
rules and queries are :class:`~petdesk.storage.sql.outbox.SqlOutbox`'s."""

from __future__ import annotations

import sqlite3
from contextlib import AbstractContextManager
from typing import Any

from petdesk.core.desk import Desk
from petdesk.storage.sql.outbox import SqlOutbox
from petdesk.storage.sqlite.database import Database
from petdesk.storage.sqlite.meta import SqliteMeta, note_newest

__all__ = ["SqliteOutbox"]


class SqliteOutbox(SqlOutbox[sqlite3.Connection]):
    """:class:`petdesk.storage.repositories.OutboxRepository` on SQLite."""

    _db: Database

    def __init__(self, db: Database, meta: SqliteMeta, environment: str, desk: Desk) -> None:
        super().__init__(db, meta, environment, desk)

    def _insert(self, conn: sqlite3.Connection, sql: str, args: tuple[Any, ...]) -> int:
        return int(conn.execute(sql, args).lastrowid or 0)

    def _take_queue_turn(self, conn: sqlite3.Connection) -> None:
        """The transaction holds the file's write lock: no other writer is queueing."""

    def _sent_tx(self) -> AbstractContextManager[sqlite3.Connection]:
        """The catalogue's file takes the pet too."""
        return self._db.catalogue_tx()

    def _note_newest(self, conn: sqlite3.Connection, pet_id: int) -> None:
        note_newest(conn, pet_id, None)
