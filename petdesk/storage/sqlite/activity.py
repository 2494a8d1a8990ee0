"""The activity log on SQLite: read here, written by the outbox in the transaction that
marks an add sent (:func:`record`), so an add is logged exactly when it is created."""

from __future__ import annotations

import sqlite3
from typing import Any, Final

from petdesk.core.desk import Desk
from petdesk.storage.rows import ActivityEntry, AddWay
from petdesk.storage.sqlite.database import Database

__all__ = ["SqliteActivity", "record"]

_COLUMNS: Final = "local_id, pet_id, name, desk_name, desk_user, added_at, way"


def record(conn: sqlite3.Connection, local_id: int, pet_id: int, name: str,
           now: float) -> None:
    """Log outbox entry ``local_id``, created as ``pet_id`` named ``name``, with its
    desk and the way its last request was sent (inside the caller's transaction; the
    entry must still be in the outbox table). An entry marked sending before the store
    kept the way counts as sent by an import (it has an origin) or by the outbox."""
    conn.execute(
        "INSERT INTO activity (local_id, pet_id, name, desk_name, desk_user, added_at, way) "
        "SELECT local_id, ?, ?, desk_name, desk_user, ?, "
        "COALESCE(way, CASE WHEN origin IS NOT NULL THEN ? ELSE ? END) "
        "FROM outbox WHERE local_id = ?",
        (pet_id, name, now, AddWay.IMPORT.value, AddWay.OUTBOX.value, local_id))


def _entry(row: tuple[Any, ...]) -> ActivityEntry:
    return ActivityEntry(local_id=int(row[0]), pet_id=int(row[1]), name=str(row[2]),
                         desk=Desk(str(row[3]), str(row[4])), added_at=float(row[5]),
                         way=AddWay(row[6]))


class SqliteActivity:
    """:class:`petdesk.storage.repositories.ActivityRepository` on SQLite."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def entries(self, *, limit: int = -1, offset: int = 0) -> list[ActivityEntry]:
        rows = self._db.read(
            f"SELECT {_COLUMNS} FROM activity "  # noqa: S608
            "ORDER BY added_at DESC, activity_id DESC LIMIT ? OFFSET ?", (limit, offset))
        return [_entry(row) for row in rows]

    def count(self) -> int:
        return int(self._db.read("SELECT COUNT(*) FROM activity")[0][0])
