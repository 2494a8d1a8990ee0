"""The rows last seen per list query and the pets looked up by id, once for both
stores (the shared store uses :class:`SqlPages` as it is; SQLite's says where the
catalogue's pets live and how a page is read)."""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import AbstractContextManager, closing
from typing import Final, Generic, TypeVar

from petdesk.core.statuses import PetStatus
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
from petdesk.storage.sql.catalogue import upsert
from petdesk.storage.sql.dialect import Dialect, SqlConnection, SqlDatabase

__all__ = ["SqlPages", "read_page", "status_key"]

_PET: Final = "pet_id, name, category_id, pet_status"

C = TypeVar("C", bound=SqlConnection)


def status_key(status: PetStatus | None) -> str:
    """A list query's status as the tables key it ("": no filter)."""
    return "" if status is None else status.value


def _query_where(dialect: Dialect) -> str:
    return dialect.where(f"status = {dialect.mark}", f"page_limit = {dialect.mark}")


def read_page(conn: SqlConnection, dialect: Dialect, query: StoredQuery) -> StoredPage | None:
    """The rows last seen for ``query`` (several reads: in one transaction, or on a
    connection no one else writes through)."""
    key = dialect.args(status_key(query.status), query.limit)
    where = _query_where(dialect)
    head = conn.execute(f"SELECT fetched_at, updated_at, next_url FROM seen_query{where}",  # noqa: S608
                        key).fetchone()
    if head is None:
        return None
    rows = conn.execute(f"SELECT {_PET} FROM seen_row{where} ORDER BY position",  # noqa: S608
                        key).fetchall()
    return StoredPage(query, pet_rows(rows), float(head[0]), float(head[1]), head[2])


class SqlPages(Generic[C]):
    """:class:`petdesk.storage.repositories.PageRepository` on a store's database."""

    def __init__(self, db: SqlDatabase[C]) -> None:
        self._db = db
        self._sql = db.dialect

    def _catalogue_tx(self) -> AbstractContextManager[C]:
        """A write transaction that may write the catalogue's tables."""
        return self._db.tx()

    def _reading(self) -> AbstractContextManager[C]:
        """The connection for the reads of one page."""
        return self._db.tx()

    def _mirrored(self) -> bool:
        """Whether a pet looked up may be found in the catalogue's tables."""
        return True

    def save_page(self, query: StoredQuery, rows: Iterable[PetRow], *, next_url: str | None,
                  fetched_at: float | None = None, append: bool = False) -> None:
        d, m = self._sql, self._sql.mark
        when = self._db.clock.time() if fetched_at is None else fetched_at
        key = d.args(status_key(query.status), query.limit)
        where = _query_where(d)
        with self._db.tx() as conn:
            # The query's row first: two desks saving the same query take turns.
            conn.execute(
                f"INSERT INTO seen_query VALUES ({d.marks(len(key) + 3)}) "  # noqa: S608
                f"ON CONFLICT ({d.key('status', 'page_limit')}) DO UPDATE SET "
                f"fetched_at = CASE WHEN {m} THEN seen_query.fetched_at "
                "ELSE excluded.fetched_at END, "
                "updated_at = excluded.updated_at, next_url = excluded.next_url",
                (*key, when, when, next_url, append))
            start = 0
            if append:
                found = conn.execute(
                    f"SELECT COALESCE(MAX(position) + 1, 0) FROM seen_row{where}",  # noqa: S608
                    key).fetchone()
                start = int(found[0]) if found else 0
            else:
                conn.execute(f"DELETE FROM seen_row{where}", key)  # noqa: S608
            with closing(conn.cursor()) as cursor:
                cursor.executemany(
                    f"INSERT INTO seen_row VALUES ({d.marks(len(key) + 5)})",  # noqa: S608
                    [(*key, start + i, r.id, r.name, r.category_id, status_to_db(r.status))
                     for i, r in enumerate(rows)])

    def stored_page(self, query: StoredQuery) -> StoredPage | None:
        with self._reading() as conn:
            return read_page(conn, self._sql, query)

    def stored_queries(self) -> list[StoredQuery]:
        d = self._sql
        rows = self._db.read(
            f"SELECT status, page_limit FROM seen_query{d.where()} ORDER BY updated_at DESC",  # noqa: S608
            d.args())
        return [StoredQuery(status_from_db(s or None), int(limit)) for s, limit in rows]

    def save_looked_up(self, pet: PetRow, fetched_at: float | None = None) -> None:
        d = self._sql
        when = self._db.clock.time() if fetched_at is None else fetched_at
        with self._catalogue_tx() as conn:
            conn.execute(
                d.upsert("looked_up", ("pet_id", "name", "category_id", "pet_status",
                                       "fetched_at"), ("pet_id",)),
                d.args(pet.id, pet.name, pet.category_id, status_to_db(pet.status), when))
            upsert(conn, d, [pet], when)

    def forget_looked_up(self, pet_id: int) -> None:
        d = self._sql
        where = d.where(f"pet_id = {d.mark}")
        with self._catalogue_tx() as conn:
            conn.execute(f"DELETE FROM looked_up{where}", d.args(pet_id))  # noqa: S608
            conn.execute(f"DELETE FROM mirror_pet{where}", d.args(pet_id))  # noqa: S608

    def looked_up(self, pet_id: int) -> StoredPet | None:
        d = self._sql
        where = d.where(f"pet_id = {d.mark}")
        sql = f"SELECT {_PET}, fetched_at FROM looked_up{where}"  # noqa: S608
        args = d.args(pet_id)
        if self._mirrored():
            sql += f" UNION ALL SELECT {_PET}, seen_at FROM mirror_pet{where}"  # noqa: S608
            args += d.args(pet_id)
        rows = self._db.read(f"{sql} ORDER BY 5 DESC LIMIT 1", args)
        if not rows:
            return None
        return StoredPet(pet_row(rows[0]), float(rows[0][4]))
