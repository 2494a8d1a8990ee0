"""The rows last seen per list query and the pets looked up by id, on the shared store
(per environment)."""

from __future__ import annotations

from collections.abc import Iterable

from petdesk.storage.postgres.catalogue import upsert
from petdesk.storage.postgres.database import PgDatabase
from petdesk.storage.postgres.meta import status_key
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

__all__ = ["PgPages"]


class PgPages:
    """:class:`petdesk.storage.repositories.PageRepository` on the shared store."""

    def __init__(self, db: PgDatabase) -> None:
        self._db = db
        self._env = db.environment

    def save_page(self, query: StoredQuery, rows: Iterable[PetRow], *, next_url: str | None,
                  fetched_at: float | None = None, append: bool = False) -> None:
        when = self._db.clock.time() if fetched_at is None else fetched_at
        key = (self._env, status_key(query.status), query.limit)
        with self._db.tx() as conn:
            # The query's row first: two desks saving the same query take turns.
            conn.execute(
                "INSERT INTO seen_query VALUES (%s, %s, %s, %s, %s, %s) "
                "ON CONFLICT (environment, status, page_limit) DO UPDATE SET "
                "fetched_at = CASE WHEN %s THEN seen_query.fetched_at "
                "ELSE excluded.fetched_at END, "
                "updated_at = excluded.updated_at, next_url = excluded.next_url",
                (*key, when, when, next_url, append))
            start = 0
            if append:
                found = conn.execute(
                    "SELECT COALESCE(MAX(position) + 1, 0) FROM seen_row "
                    "WHERE environment = %s AND status = %s AND page_limit = %s",
                    key).fetchone()
                start = int(found[0]) if found else 0
            else:
                conn.execute("DELETE FROM seen_row WHERE environment = %s AND status = %s "
                             "AND page_limit = %s", key)
            with conn.cursor() as cursor:
                cursor.executemany(
                    "INSERT INTO seen_row VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                    [(*key, start + i, r.id, r.name, r.category_id, status_to_db(r.status))
                     for i, r in enumerate(rows)])

    def stored_page(self, query: StoredQuery) -> StoredPage | None:
        key = (self._env, status_key(query.status), query.limit)
        with self._db.tx() as conn:
            head = conn.execute(
                "SELECT fetched_at, updated_at, next_url FROM seen_query "
                "WHERE environment = %s AND status = %s AND page_limit = %s", key).fetchone()
            if head is None:
                return None
            rows = conn.execute(
                "SELECT pet_id, name, category_id, pet_status FROM seen_row "
                "WHERE environment = %s AND status = %s AND page_limit = %s ORDER BY position",
                key).fetchall()
        return StoredPage(query, pet_rows(rows), float(head[0]), float(head[1]), head[2])

    def stored_queries(self) -> list[StoredQuery]:
        rows = self._db.read("SELECT status, page_limit FROM seen_query WHERE environment = %s "
                             "ORDER BY updated_at DESC", (self._env,))
        return [StoredQuery(status_from_db(s or None), int(limit)) for s, limit in rows]

    def save_looked_up(self, pet: PetRow, fetched_at: float | None = None) -> None:
        when = self._db.clock.time() if fetched_at is None else fetched_at
        with self._db.tx() as conn:
            conn.execute(
                "INSERT INTO looked_up VALUES (%s, %s, %s, %s, %s, %s) "
                "ON CONFLICT (environment, pet_id) DO UPDATE SET name = excluded.name, "
                "category_id = excluded.category_id, pet_status = excluded.pet_status, "
                "fetched_at = excluded.fetched_at",
                (self._env, pet.id, pet.name, pet.category_id, status_to_db(pet.status), when))
            upsert(conn, self._db.dialect, [pet], when)

    def forget_looked_up(self, pet_id: int) -> None:
        with self._db.tx() as conn:
            conn.execute("DELETE FROM looked_up WHERE environment = %s AND pet_id = %s",
                         (self._env, pet_id))
            conn.execute("DELETE FROM mirror_pet WHERE environment = %s AND pet_id = %s",
                         (self._env, pet_id))

    def looked_up(self, pet_id: int) -> StoredPet | None:
        rows = self._db.read(
            "SELECT pet_id, name, category_id, pet_status, fetched_at FROM looked_up "
            "WHERE environment = %(env)s AND pet_id = %(id)s UNION ALL "
            "SELECT pet_id, name, category_id, pet_status, seen_at FROM mirror_pet "
            "WHERE environment = %(env)s AND pet_id = %(id)s ORDER BY 5 DESC LIMIT 1",
            {"env": self._env, "id": pet_id})
        if not rows:
            return None
        return StoredPet(pet_row(rows[0]), float(rows[0][4]))
