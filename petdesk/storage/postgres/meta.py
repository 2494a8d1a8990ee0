"""Facts the shared store remembers per environment (table ``meta``): the newest pet
id known, the link to the listing's last page, and values such as a column mapping."""

from __future__ import annotations

from typing import Final

from petdesk.core.statuses import PetStatus
from petdesk.storage.postgres.database import Connection, PgDatabase
from petdesk.storage.sql.pages import status_key

__all__ = ["PgMeta", "note_newest", "put_fact"]

_NEWEST_ID: Final = "newest_id"
_NEWEST_VERIFIED: Final = "newest_id_verified_at"
_TAIL: Final = "tail:"


def put_fact(conn: Connection, environment: str, key: str, value: str) -> None:
    conn.execute("INSERT INTO meta VALUES (%s, %s, %s) ON CONFLICT (environment, key) "
                 "DO UPDATE SET value = excluded.value", (environment, key, value))


def note_newest(conn: Connection, environment: str, pet_id: int,
                verified_at: float | None) -> None:
    """Inside a transaction: ``pet_id`` was given by the service (and, with
    ``verified_at``, was the newest pet at that time). Two desks noting ids at once
    keep the higher one."""
    conn.execute(
        "INSERT INTO meta VALUES (%s, %s, %s) ON CONFLICT (environment, key) DO UPDATE SET "
        "value = GREATEST(meta.value::bigint, excluded.value::bigint)::text",
        (environment, _NEWEST_ID, str(pet_id)))
    if verified_at is not None:
        put_fact(conn, environment, _NEWEST_VERIFIED, repr(verified_at))


class PgMeta:
    """:class:`petdesk.storage.repositories.MetaRepository` on the shared store."""

    def __init__(self, db: PgDatabase) -> None:
        self._db = db
        self._env = db.environment

    def note_newest_id(self, pet_id: int, *, verified: bool) -> None:
        with self._db.tx() as conn:
            note_newest(conn, self._env, pet_id, self._db.clock.time() if verified else None)

    def newest_known_id(self) -> int:
        row = self._db.read(
            "SELECT GREATEST("
            " (SELECT value::bigint FROM meta WHERE environment = %(env)s AND key = %(key)s),"
            " (SELECT MAX(pet_id) FROM seen_row WHERE environment = %(env)s),"
            " (SELECT MAX(pet_id) FROM looked_up WHERE environment = %(env)s),"
            " (SELECT MAX(pet_id) FROM mirror_pet WHERE environment = %(env)s),"
            " (SELECT MAX(pet_id) FROM outbox WHERE environment = %(env)s))",
            {"env": self._env, "key": _NEWEST_ID})
        return int(row[0][0] or 0)

    def newest_id_verified(self, max_age: float | None = None) -> bool:
        value = self.fact(_NEWEST_VERIFIED)
        if value is None:
            return False
        return max_age is None or self._db.clock.time() - float(value) <= max_age

    def tail_link(self, status: PetStatus | None) -> tuple[str, int] | None:
        value = self.fact(_TAIL + status_key(status))
        if value is None:
            return None
        after, _, url = value.partition(" ")
        return url, int(after)

    def set_tail_link(self, status: PetStatus | None, url: str, after_id: int) -> None:
        self.set_fact(_TAIL + status_key(status), f"{int(after_id)} {url}")

    def fact(self, key: str) -> str | None:
        rows = self._db.read("SELECT value FROM meta WHERE environment = %s AND key = %s",
                             (self._env, key))
        return str(rows[0][0]) if rows else None

    def set_fact(self, key: str, value: str) -> None:
        with self._db.tx() as conn:
            put_fact(conn, self._env, key, value)
