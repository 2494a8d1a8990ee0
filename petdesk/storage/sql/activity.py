"""The activity log, once for both stores: read here, written by the outbox in the
transaction that marks an add sent (:func:`record`), so an add is logged exactly when
it is created, whichever desk sent it."""

from __future__ import annotations

from typing import Any, Final

from petdesk.core.desk import Desk
from petdesk.storage.rows import ActivityEntry, AddWay
from petdesk.storage.sql.dialect import Dialect, SqlConnection, SqlDatabase
from petdesk.storage.sql.origins import not_own

__all__ = ["SqlActivity", "record"]

_COLUMNS: Final = "local_id, pet_id, name, desk_name, desk_user, added_at, way"


def record(conn: SqlConnection, dialect: Dialect, local_id: int, pet_id: int, name: str,
           now: float) -> None:
    """Log outbox entry ``local_id``, created as ``pet_id`` named ``name``, with its
    desk and the way its last request was sent (inside the caller's transaction; the
    entry must still be in the outbox table). An entry marked sending before the store
    kept the way counts as sent by an import (not a person's own add) or by the outbox."""
    m = dialect.mark
    conn.execute(
        f"INSERT INTO activity ({dialect.key('local_id')}, pet_id, name, desk_name, "  # noqa: S608
        f"desk_user, added_at, way) SELECT {dialect.key('local_id')}, {m}, {m}, desk_name, "
        f"desk_user, {m}, COALESCE(way, CASE WHEN {not_own()} THEN {m} ELSE {m} END) "
        f"FROM outbox WHERE local_id = {m}",
        (pet_id, name, now, AddWay.IMPORT.value, AddWay.OUTBOX.value, local_id))


def _entry(row: tuple[Any, ...]) -> ActivityEntry:
    return ActivityEntry(local_id=int(row[0]), pet_id=int(row[1]), name=str(row[2]),
                         desk=Desk(str(row[3]), str(row[4])), added_at=float(row[5]),
                         way=AddWay(row[6]))


class SqlActivity:
    """:class:`petdesk.storage.repositories.ActivityRepository` on a store's database:
    every desk's adds of the environment."""

    def __init__(self, db: SqlDatabase[SqlConnection]) -> None:
        self._db = db
        self._sql = db.dialect

    def entries(self, *, limit: int = -1, offset: int = 0) -> list[ActivityEntry]:
        d, m = self._sql, self._sql.mark
        rows = self._db.read(
            f"SELECT {_COLUMNS} FROM activity{d.where()} "  # noqa: S608
            f"ORDER BY added_at DESC, activity_id DESC LIMIT {m} OFFSET {m}",
            d.args(d.limit(limit), max(0, offset)))
        return [_entry(row) for row in rows]

    def count(self) -> int:
        d = self._sql
        return int(self._db.read(f"SELECT COUNT(*) FROM activity{d.where()}", d.args())[0][0])  # noqa: S608
