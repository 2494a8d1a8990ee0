"""The rows last seen per list query and the pets looked up by id, on SQLite."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from petdesk.storage.rows import (
    PetRow,
    StoredPage,
    StoredPet,
    StoredQuery,
    pet_row,
    pet_rows,
    status_from_db,
    status_to_db,
)
from petdesk.storage.sqlite.catalogue import upsert
from petdesk.storage.sqlite.database import Database
from petdesk.storage.sqlite.meta import status_key

__all__ = ["SqlitePages", "read_page"]


def read_page(conn: sqlite3.Connection, query: StoredQuery) -> StoredPage | None:
    key = (status_key(query.status), query.limit)
    head = conn.execute("SELECT fetched_at, updated_at, next_url FROM seen_query "
                        "WHERE status = ? AND page_limit = ?", key).fetchone()
    if head is None:
        return None
    rows = conn.execute("SELECT pet_id, name, category_id, pet_status FROM seen_row "
                        "WHERE status = ? AND page_limit = ? ORDER BY position", key).fetchall()
    return StoredPage(query, pet_rows(rows), float(head[0]), float(head[1]), head[2])


class SqlitePages:
    """:class:`petdesk.storage.repositories.PageRepository` on SQLite."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def save_page(self, query: StoredQuery, rows: Iterable[PetRow], *, next_url: str | None,
                  fetched_at: float | None = None, append: bool = False) -> None:
        when = self._db.clock.time() if fetched_at is None else fetched_at
        key = (status_key(query.status), query.limit)
        with self._db.tx() as conn:
            start = 0
            if append:
                found = conn.execute(
                    "SELECT COALESCE(MAX(position) + 1, 0) FROM seen_row "
                    "WHERE status = ? AND page_limit = ?", key).fetchone()
                start = int(found[0])
            else:
                conn.execute("DELETE FROM seen_row WHERE status = ? AND page_limit = ?", key)
            conn.executemany(
                "INSERT INTO seen_row VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(*key, start + i, r.id, r.name, r.category_id, status_to_db(r.status))
                 for i, r in enumerate(rows)])
            conn.execute(
                "INSERT INTO seen_query VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (status, page_limit) DO UPDATE SET "
                "fetched_at = CASE WHEN ? THEN fetched_at ELSE excluded.fetched_at END, "
                "updated_at = excluded.updated_at, next_url = excluded.next_url",
                (*key, when, when, next_url, append))

    def stored_page(self, query: StoredQuery) -> StoredPage | None:
        with self._db.reading() as conn:
            return read_page(conn, query)

    def stored_queries(self) -> list[StoredQuery]:
        rows = self._db.read(
            "SELECT status, page_limit FROM seen_query ORDER BY updated_at DESC")
        return [StoredQuery(status_from_db(s or None), int(limit)) for s, limit in rows]

    def save_looked_up(self, pet: PetRow, fetched_at: float | None = None) -> None:
        when = self._db.clock.time() if fetched_at is None else fetched_at
        with self._db.catalogue_tx() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO looked_up VALUES (?, ?, ?, ?, ?)",
                (pet.id, pet.name, pet.category_id, status_to_db(pet.status), when))
            upsert(conn, [pet], when)

    def forget_looked_up(self, pet_id: int) -> None:
        with self._db.catalogue_tx() as conn:
            conn.execute("DELETE FROM looked_up WHERE pet_id = ?", (pet_id,))
            conn.execute("DELETE FROM mirror_pet WHERE pet_id = ?", (pet_id,))

    def looked_up(self, pet_id: int) -> StoredPet | None:
        mirrored = (" UNION ALL SELECT pet_id, name, category_id, pet_status, seen_at "
                    "FROM mirror_pet WHERE pet_id = ?1") if self._db.catalogue_attached else ""
        rows = self._db.read(
            "SELECT pet_id, name, category_id, pet_status, fetched_at FROM looked_up "  # noqa: S608
            f"WHERE pet_id = ?1{mirrored} ORDER BY 5 DESC LIMIT 1", (pet_id,))
        if not rows:
            return None
        return StoredPet(pet_row(rows[0]), float(rows[0][4]))
