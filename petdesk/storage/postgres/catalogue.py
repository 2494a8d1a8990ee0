"""The catalogue mirror on the shared store: every pet by id with its folded name and
the time it was seen, the filler's progress (one row per environment) and its
settings (in ``meta``). All desks of an environment share one mirror: one desk at a
time does a fill step (:meth:`PgCatalogue.fill_turn`), the others see its rows at once."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterable, Iterator
from typing import Any, Final

from petdesk.core.names import fold_name
from petdesk.storage.postgres.database import Connection, PgDatabase
from petdesk.storage.postgres.errors import SharedStoreUnavailable
from petdesk.storage.postgres.keys import advisory_key
from petdesk.storage.postgres.meta import put_fact
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

log = logging.getLogger(__name__)

__all__ = ["PgCatalogue", "upsert"]

_COLUMNS: Final = (
    "next_url, pass_started_at, complete_at, highest_id, pass_kind, last_update_at, "
    "last_full_at, requests_total, day, day_requests, pass_requests, pass_rows, tail_url")
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
_PET: Final = "SELECT pet_id, name, category_id, pet_status FROM mirror_pet WHERE environment = %s"


def upsert(conn: Connection, environment: str, rows: Iterable[PetRow], when: float) -> None:
    """Inside a transaction: keep ``rows`` as seen at ``when``."""
    with conn.cursor() as cursor:
        cursor.executemany(
            "INSERT INTO mirror_pet VALUES (%s, %s, %s, %s, %s, %s, %s) "
            "ON CONFLICT (environment, pet_id) DO UPDATE SET name = excluded.name, "
            "folded_name = excluded.folded_name, category_id = excluded.category_id, "
            "pet_status = excluded.pet_status, seen_at = excluded.seen_at",
            [(environment, r.id, r.name, fold_name(r.name), r.category_id,
              status_to_db(r.status), when) for r in rows])


def _order(query: MirrorQuery) -> str:
    direction = " DESC" if query.descending else ""
    return ", ".join(term + direction for term in _ORDERS[query.sort])


def _where(text: str) -> tuple[str, tuple[Any, ...]]:
    needle = fold_name(text.strip())
    if not needle:
        return "", ()
    return " AND strpos(folded_name, %s) > 0", (needle,)


class PgCatalogue:
    """:class:`petdesk.storage.repositories.CatalogueRepository` on the shared store."""

    def __init__(self, db: PgDatabase) -> None:
        self._db = db
        self._env = db.environment
        self._fill_key = advisory_key("filler", db.environment)

    def open(self) -> str | None:
        return None

    @contextlib.contextmanager
    def fill_turn(self) -> Iterator[bool]:
        """A session-level advisory lock per environment, taken without waiting: the
        desk holding it does the step; the server drops it if that desk dies."""
        got = bool(self._db.read("SELECT pg_try_advisory_lock(%s)", (self._fill_key,))[0][0])
        try:
            yield got
        finally:
            if got:
                with contextlib.suppress(SharedStoreUnavailable):
                    self._db.read("SELECT pg_advisory_unlock(%s)", (self._fill_key,))

    def count(self) -> int:
        return int(self._db.read("SELECT COUNT(*) FROM mirror_pet WHERE environment = %s",
                                 (self._env,))[0][0])

    def rows(self, *, newest_first: bool = False, limit: int = -1,
             offset: int = 0) -> list[PetRow]:
        order = "DESC" if newest_first else "ASC"
        rows = self._db.read(f"{_PET} ORDER BY pet_id {order} LIMIT %s OFFSET %s",
                             (self._env, None if limit < 0 else limit, max(0, offset)))
        return list(pet_rows(rows))

    def search(self, query: MirrorQuery, *, offset: int = 0, limit: int = 200) -> list[PetRow]:
        where, args = _where(query.text)
        rows = self._db.read(f"{_PET}{where} ORDER BY {_order(query)} LIMIT %s OFFSET %s",
                             (self._env, *args, max(0, limit), max(0, offset)))
        return list(pet_rows(rows))

    def search_count(self, query: MirrorQuery) -> int:
        where, args = _where(query.text)
        return int(self._db.read(
            f"SELECT COUNT(*) FROM mirror_pet WHERE environment = %s{where}",  # noqa: S608
            (self._env, *args))[0][0])

    def seen_since(self, ids: Iterable[int], since: float) -> int:
        wanted = sorted(set(ids))
        if not wanted:
            return 0
        return int(self._db.read(
            "SELECT COUNT(*) FROM mirror_pet WHERE environment = %s AND seen_at >= %s "
            "AND pet_id = ANY(%s)", (self._env, since, wanted))[0][0])

    def save_page(self, rows: Iterable[PetRow], state: MirrorState, *,
                  sweep: tuple[float, int] | None = None,
                  seen_at: float | None = None) -> None:
        when = self._db.clock.time() if seen_at is None else seen_at
        with self._db.tx() as conn:
            upsert(conn, self._env, rows, when)
            if sweep is not None:
                conn.execute("DELETE FROM mirror_pet WHERE environment = %s AND seen_at < %s "
                             "AND pet_id <= %s", (self._env, *sweep))
            self._write_state(conn, state)

    def state(self) -> MirrorState:
        rows = self._db.read(f"SELECT {_COLUMNS} FROM mirror_state "  # noqa: S608
                             "WHERE environment = %s", (self._env,))
        if not rows:
            return MirrorState(None, None, None, None)
        row = rows[0]
        kind = None if row[4] is None else PassKind(row[4])
        return MirrorState(row[0], row[1], row[2], row[3], kind, row[5], row[6],
                           int(row[7]), row[8], int(row[9]), int(row[10]), int(row[11]),
                           row[12])

    def set_state(self, state: MirrorState) -> None:
        with self._db.tx() as conn:
            self._write_state(conn, state)

    def settings(self) -> MirrorSettings:
        rows = dict(self._db.read(
            "SELECT key, value FROM meta WHERE environment = %s AND starts_with(key, %s)",
            (self._env, "mirror.")))
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
        with self._db.tx() as conn:
            for key, value in ((_UPDATE_EVERY, repr(settings.update_every)),
                               (_FULL_EVERY, repr(settings.full_every)),
                               (_DAY_SHARE, repr(settings.day_share)),
                               (_DAILY_QUOTA, str(settings.daily_quota)),
                               (_ENABLED, "1" if settings.enabled else "0")):
                put_fact(conn, self._env, key, value)

    def _write_state(self, conn: Connection, state: MirrorState) -> None:
        values = list(state)
        values[4] = None if state.pass_kind is None else state.pass_kind.value
        names = _COLUMNS.split(", ")
        marks = ", ".join("%s" for _ in names)
        updates = ", ".join(f"{name} = excluded.{name}" for name in names)
        conn.execute(f"INSERT INTO mirror_state (environment, {_COLUMNS}) "  # noqa: S608
                     f"VALUES (%s, {marks}) ON CONFLICT (environment) DO UPDATE SET {updates}",
                     (self._env, *values))
