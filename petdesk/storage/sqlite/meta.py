"""Facts the store remembers (table ``meta``): the newest pet id known, the link to the
listing's last page, and values such as a column mapping."""

from __future__ import annotations

import sqlite3
from typing import Final

from petdesk.core.statuses import PetStatus
from petdesk.storage.sql.pages import status_key
from petdesk.storage.sqlite.database import Database

__all__ = ["SqliteMeta", "note_newest"]

_NEWEST_ID: Final = "newest_id"
_NEWEST_VERIFIED: Final = "newest_id_verified_at"
_TAIL: Final = "tail:"


def note_newest(conn: sqlite3.Connection, pet_id: int, verified_at: float | None) -> None:
    """Inside a transaction: ``pet_id`` was given by the service (and, with
    ``verified_at``, was the newest pet at that time)."""
    conn.execute(
        "INSERT INTO meta VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET "
        "value = MAX(CAST(value AS INTEGER), CAST(excluded.value AS INTEGER))",
        (_NEWEST_ID, str(pet_id)))
    if verified_at is not None:
        conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                     (_NEWEST_VERIFIED, repr(verified_at)))


class SqliteMeta:
    """:class:`petdesk.storage.repositories.MetaRepository` on SQLite."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def note_newest_id(self, pet_id: int, *, verified: bool) -> None:
        with self._db.tx() as conn:
            note_newest(conn, pet_id, self._db.clock.time() if verified else None)

    def newest_known_id(self) -> int:
        mirrored = " UNION ALL SELECT MAX(pet_id) FROM mirror_pet" \
            if self._db.catalogue_attached else ""
        row = self._db.read(
            "SELECT MAX(v) FROM ("  # noqa: S608
            " SELECT CAST(value AS INTEGER) AS v FROM meta WHERE key = ?"
            " UNION ALL SELECT MAX(pet_id) FROM seen_row"
            " UNION ALL SELECT MAX(pet_id) FROM looked_up"
            f"{mirrored} UNION ALL SELECT MAX(pet_id) FROM outbox)", (_NEWEST_ID,))
        return int(row[0][0] or 0)

    def newest_id_verified(self, max_age: float | None = None) -> bool:
        rows = self._db.read("SELECT value FROM meta WHERE key = ?", (_NEWEST_VERIFIED,))
        if not rows:
            return False
        return max_age is None or self._db.clock.time() - float(rows[0][0]) <= max_age

    def tail_link(self, status: PetStatus | None) -> tuple[str, int] | None:
        rows = self._db.read("SELECT value FROM meta WHERE key = ?",
                             (_TAIL + status_key(status),))
        if not rows:
            return None
        after, _, url = str(rows[0][0]).partition(" ")
        return url, int(after)

    def set_tail_link(self, status: PetStatus | None, url: str, after_id: int) -> None:
        with self._db.tx() as conn:
            conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                         (_TAIL + status_key(status), f"{int(after_id)} {url}"))

    def fact(self, key: str) -> str | None:
        rows = self._db.read("SELECT value FROM meta WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    def set_fact(self, key: str, value: str) -> None:
        with self._db.tx() as conn:
            conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))
