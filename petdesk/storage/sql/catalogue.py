"""The catalogue mirror, once for both stores: every pet by id with its folded name and
the time it was seen, the filler's progress and its settings (in ``meta``); the
queries, the orders and the decoding of the rows. A store's catalogue adds where its
rows live, how desks or processes take turns filling it, and how the one progress row
is written (:class:`SqlCatalogue`'s abstract methods)."""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Iterable
from contextlib import AbstractContextManager, closing
from typing import Any, Final, Generic, TypeVar

from petdesk.core.names import fold_name
from petdesk.storage.rows import (
    MirrorQuery,
    MirrorSettings,
    MirrorSort,
    MirrorState,
    PassKind,
    PetRow,
    pet_rows,
    status_to_db,
)
from petdesk.storage.sql.dialect import Dialect, SqlConnection, SqlDatabase

log = logging.getLogger(__name__)

__all__ = ["STATE_COLUMNS", "SqlCatalogue", "state_values", "upsert"]

#: The columns of the filler's progress, in :class:`MirrorState`'s order.
STATE_COLUMNS: Final = (
    "next_url", "pass_started_at", "complete_at", "highest_id", "pass_kind",
    "last_update_at", "last_full_at", "requests_total", "day", "day_requests",
    "pass_requests", "pass_rows", "tail_url")
_PET_COLUMNS: Final = ("pet_id", "name", "folded_name", "category_id", "pet_status", "seen_at")
_PET: Final = "SELECT pet_id, name, category_id, pet_status FROM mirror_pet"
_UPDATE_EVERY: Final = "mirror.update_every"
_FULL_EVERY: Final = "mirror.full_every"
_DAY_SHARE: Final = "mirror.day_share"
_DAILY_QUOTA: Final = "mirror.daily_quota"
_ENABLED: Final = "mirror.enabled"
#: ORDER BY of each sort: ties by id; "no status" after every status (as in the table).
_ORDERS: Final = {
    MirrorSort.ID: ("pet_id",),
    MirrorSort.NAME: ("folded_name", "pet_id"),
    MirrorSort.CATEGORY: ("category_id", "pet_id"),
    MirrorSort.STATUS: ("pet_status IS NULL", "pet_status", "pet_id"),
}

C = TypeVar("C", bound=SqlConnection)


def upsert(conn: SqlConnection, dialect: Dialect, rows: Iterable[PetRow], when: float) -> None:
    """Inside a transaction that may write the catalogue: keep ``rows`` as seen at
    ``when``."""
    with closing(conn.cursor()) as cursor:
        cursor.executemany(
            dialect.upsert("mirror_pet", _PET_COLUMNS, ("pet_id",)),
            [dialect.args(r.id, r.name, fold_name(r.name), r.category_id,
                          status_to_db(r.status), when) for r in rows])


def state_values(state: MirrorState) -> list[Any]:
    """The values of :data:`STATE_COLUMNS` that keep ``state``."""
    values = list(state)
    values[4] = None if state.pass_kind is None else state.pass_kind.value
    return values


def _order(query: MirrorQuery) -> str:
    direction = " DESC" if query.descending else ""
    return ", ".join(term + direction for term in _ORDERS[query.sort])


class SqlCatalogue(ABC, Generic[C]):
    """:class:`petdesk.storage.repositories.CatalogueRepository` on a store's database."""

    def __init__(self, db: SqlDatabase[C]) -> None:
        self._db = db
        self._sql = db.dialect

    # -- what each store does its own way --------------------------------------------------

    @abstractmethod
    def open(self) -> str | None: ...

    @abstractmethod
    def fill_turn(self) -> AbstractContextManager[bool]: ...

    @abstractmethod
    def _write_state(self, conn: C, state: MirrorState) -> None:
        """Inside :meth:`_catalogue_tx`: keep ``state`` as the filler's progress."""

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """A read of the catalogue's tables."""
        return self._db.read(sql, args)

    def _catalogue_tx(self) -> AbstractContextManager[C]:
        """A write transaction that may write the catalogue's tables."""
        return self._db.tx()

    # -- the mirror ------------------------------------------------------------------------

    def count(self) -> int:
        d = self._sql
        return int(self._read(f"SELECT COUNT(*) FROM mirror_pet{d.where()}", d.args())[0][0])  # noqa: S608

    def rows(self, *, newest_first: bool = False, limit: int = -1,
             offset: int = 0) -> list[PetRow]:
        d, m = self._sql, self._sql.mark
        order = "DESC" if newest_first else "ASC"
        rows = self._read(f"{_PET}{d.where()} ORDER BY pet_id {order} LIMIT {m} OFFSET {m}",
                          d.args(d.limit(limit), max(0, offset)))
        return list(pet_rows(rows))

    def search(self, query: MirrorQuery, *, offset: int = 0, limit: int = 200) -> list[PetRow]:
        m = self._sql.mark
        where, args = self._matching(query.text)
        rows = self._read(f"{_PET}{where} ORDER BY {_order(query)} LIMIT {m} OFFSET {m}",
                          (*args, max(0, limit), max(0, offset)))
        return list(pet_rows(rows))

    def search_count(self, query: MirrorQuery) -> int:
        where, args = self._matching(query.text)
        return int(self._read(f"SELECT COUNT(*) FROM mirror_pet{where}", args)[0][0])  # noqa: S608

    def seen_since(self, ids: Iterable[int], since: float) -> int:
        wanted = sorted(set(ids))
        if not wanted:
            return 0
        d = self._sql
        listed, id_args = d.one_of("pet_id", wanted)
        return int(self._read(
            f"SELECT COUNT(*) FROM mirror_pet{d.where(f'seen_at >= {d.mark}', listed)}",  # noqa: S608
            d.args(since, *id_args))[0][0])

    def save_page(self, rows: Iterable[PetRow], state: MirrorState, *,
                  sweep: tuple[float, int] | None = None,
                  seen_at: float | None = None) -> None:
        d, m = self._sql, self._sql.mark
        when = self._db.clock.time() if seen_at is None else seen_at
        with self._catalogue_tx() as conn:
            upsert(conn, d, rows, when)
            if sweep is not None:
                conn.execute("DELETE FROM mirror_pet"  # noqa: S608
                             + d.where(f"seen_at < {m}", f"pet_id <= {m}"), d.args(*sweep))
            self._write_state(conn, state)

    def state(self) -> MirrorState:
        d = self._sql
        rows = self._read(f"SELECT {', '.join(STATE_COLUMNS)} FROM mirror_state{d.where()}",  # noqa: S608
                          d.args())
        if not rows:
            return MirrorState(None, None, None, None)
        row = rows[0]
        kind = None if row[4] is None else PassKind(row[4])
        return MirrorState(row[0], row[1], row[2], row[3], kind, row[5], row[6],
                           int(row[7]), row[8], int(row[9]), int(row[10]), int(row[11]),
                           row[12])

    def set_state(self, state: MirrorState) -> None:
        with self._catalogue_tx() as conn:
            self._write_state(conn, state)

    # -- its settings ----------------------------------------------------------------------

    def settings(self) -> MirrorSettings:
        d = self._sql
        prefixed, prefix_args = d.starts_with("key", "mirror.")
        rows = dict(self._db.read(f"SELECT key, value FROM meta{d.where(prefixed)}",  # noqa: S608
                                  d.args(*prefix_args)))
        defaults = MirrorSettings()
        try:
            return MirrorSettings(
                update_every=float(rows.get(_UPDATE_EVERY, defaults.update_every)),
                full_every=float(rows.get(_FULL_EVERY, defaults.full_every)),
                day_share=float(rows.get(_DAY_SHARE, defaults.day_share)),
                daily_quota=int(rows.get(_DAILY_QUOTA, defaults.daily_quota)),
                enabled=rows.get(_ENABLED, "1") == "1")
        except ValueError:
            log.warning("the stored mirror settings are not valid: using the defaults")
            return defaults

    def set_settings(self, settings: MirrorSettings) -> None:
        d = self._sql
        sql = d.upsert("meta", ("key", "value"), ("key",))
        with self._db.tx() as conn:
            for key, value in ((_UPDATE_EVERY, repr(settings.update_every)),
                               (_FULL_EVERY, repr(settings.full_every)),
                               (_DAY_SHARE, repr(settings.day_share)),
                               (_DAILY_QUOTA, str(settings.daily_quota)),
                               (_ENABLED, "1" if settings.enabled else "0")):
                conn.execute(sql, d.args(key, value))

    def _matching(self, text: str) -> tuple[str, tuple[Any, ...]]:
        """The WHERE clause of a search for ``text`` in the names, and its arguments."""
        d = self._sql
        needle = fold_name(text.strip())
        if not needle:
            return d.where(), d.args()
        return d.where(f"{d.position}(folded_name, {d.mark}) > 0"), d.args(needle)
