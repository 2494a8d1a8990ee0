"""The activity log on the shared store: read here, written by the outbox in the
transaction that marks an add sent (:func:`record`), so an add is logged exactly when
it is created, whichever desk sent it."""

from __future__ import annotations

from typing import Any, Final

from petdesk.core.desk import Desk
from petdesk.storage.postgres.database import Connection, PgDatabase
from petdesk.storage.rows import ActivityEntry, AddWay

__all__ = ["PgActivity", "record"]

_COLUMNS: Final = "local_id, pet_id, name, desk_name, desk_user, added_at, way"


def record(conn: Connection, local_id: int, pet_id: int, name: str, now: float) -> None:
    """Log outbox entry ``local_id``, created as ``pet_id`` named ``name``, with its
    desk and the way its last request was sent (inside the caller's transaction). An
    entry with no way kept counts as sent by an import (it has an origin) or by the
    outbox."""
    conn.execute(
        "INSERT INTO activity (environment, local_id, pet_id, name, desk_name, desk_user, "
        "added_at, way) SELECT environment, local_id, %s, %s, desk_name, desk_user, %s, "
        "COALESCE(way, CASE WHEN origin IS NOT NULL THEN %s ELSE %s END) "
        "FROM outbox WHERE local_id = %s",
        (pet_id, name, now, AddWay.IMPORT.value, AddWay.OUTBOX.value, local_id))


def _entry(row: tuple[Any, ...]) -> ActivityEntry:
    return ActivityEntry(local_id=int(row[0]), pet_id=int(row[1]), name=str(row[2]),
                         desk=Desk(str(row[3]), str(row[4])), added_at=float(row[5]),
                         way=AddWay(row[6]))


class PgActivity:
    """:class:`petdesk.storage.repositories.ActivityRepository` on the shared store:
    every desk's adds of the environment."""

    def __init__(self, db: PgDatabase) -> None:
        self._db = db
        self._env = db.environment

    def entries(self, *, limit: int = -1, offset: int = 0) -> list[ActivityEntry]:
        rows = self._db.read(
            f"SELECT {_COLUMNS} FROM activity WHERE environment = %s "  # noqa: S608
            "ORDER BY added_at DESC, activity_id DESC LIMIT %s OFFSET %s",
            (self._env, None if limit < 0 else limit, max(0, offset)))
        return [_entry(row) for row in rows]

    def count(self) -> int:
        return int(self._db.read("SELECT COUNT(*) FROM activity WHERE environment = %s",
                                 (self._env,))[0][0])
