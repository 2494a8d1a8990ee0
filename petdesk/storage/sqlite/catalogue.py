"""The catalogue mirror on SQLite: every pet by id with its folded name and the time it
was seen (schema ``mirror``, a file of its own), the filler's progress, and its
settings (in ``meta``)."""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Final

from petdesk.core.names import fold_name
from petdesk.storage.lock import SenderLock
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
from petdesk.storage.sqlite.database import Database

log = logging.getLogger(__name__)

__all__ = ["SqliteCatalogue", "upsert"]

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
def upsert(conn: sqlite3.Connection, rows: Iterable[PetRow], when: float) -> None:
    """Inside a catalogue transaction: keep ``rows`` as seen at ``when``."""
    conn.executemany(
        "INSERT OR REPLACE INTO mirror_pet VALUES (?, ?, ?, ?, ?, ?)",
        [(r.id, r.name, fold_name(r.name), r.category_id, status_to_db(r.status), when)
         for r in rows])


def _order(query: MirrorQuery) -> str:
    direction = " DESC" if query.descending else ""
    return ", ".join(term + direction for term in _ORDERS[query.sort])


def _where(text: str) -> tuple[str, tuple[Any, ...]]:
    needle = fold_name(text.strip())
    if not needle:
        return "", ()
    return "WHERE instr(folded_name, ?) > 0", (needle,)


class SqliteCatalogue:
    """:class:`petdesk.storage.repositories.CatalogueRepository` on SQLite."""

    def __init__(self, db: Database) -> None:
        self._db = db

    @property
    def path(self) -> Path | None:
        """The catalogue's own file (``None``: kept in memory with the store)."""
        return self._db.catalogue_path

    def open(self) -> str | None:
        return self._db.open_catalogue()

    @contextlib.contextmanager
    def fill_turn(self) -> Iterator[bool]:
        """Two PetDesk processes on one store file: an OS file lock next to it (released
        however its holder ends), as the outbox's sender takes."""
        with SenderLock(self._db.path, "filler") as lock:
            yield lock.acquire()

    def count(self) -> int:
        return int(self._db.catalogue_read("SELECT COUNT(*) FROM mirror_pet")[0][0])

    def rows(self, *, newest_first: bool = False, limit: int = -1,
             offset: int = 0) -> list[PetRow]:
        order = "DESC" if newest_first else "ASC"
        rows = self._db.catalogue_read(
            "SELECT pet_id, name, category_id, pet_status FROM mirror_pet "  # noqa: S608
            f"ORDER BY pet_id {order} LIMIT ? OFFSET ?", (limit, offset))
        return list(pet_rows(rows))

    def search(self, query: MirrorQuery, *, offset: int = 0, limit: int = 200) -> list[PetRow]:
        where, args = _where(query.text)
        rows = self._db.catalogue_read(
            "SELECT pet_id, name, category_id, pet_status FROM mirror_pet "  # noqa: S608
            f"{where} ORDER BY {_order(query)} LIMIT ? OFFSET ?",
            (*args, max(0, limit), max(0, offset)))
        return list(pet_rows(rows))

    def search_count(self, query: MirrorQuery) -> int:
        where, args = _where(query.text)
        return int(self._db.catalogue_read(
            f"SELECT COUNT(*) FROM mirror_pet {where}", args)[0][0])  # noqa: S608

    def seen_since(self, ids: Iterable[int], since: float) -> int:
        wanted = sorted(set(ids))
        if not wanted:
            return 0
        marks = ", ".join("?" for _ in wanted)
        return int(self._db.catalogue_read(
            f"SELECT COUNT(*) FROM mirror_pet WHERE seen_at >= ? AND pet_id IN ({marks})",  # noqa: S608
            (since, *wanted))[0][0])

    def save_page(self, rows: Iterable[PetRow], state: MirrorState, *,
                  sweep: tuple[float, int] | None = None,
                  seen_at: float | None = None) -> None:
        when = self._db.clock.time() if seen_at is None else seen_at
        with self._db.catalogue_tx() as conn:
            upsert(conn, rows, when)
            if sweep is not None:
                conn.execute("DELETE FROM mirror_pet WHERE seen_at < ? AND pet_id <= ?", sweep)
            _write_state(conn, state)

    def state(self) -> MirrorState:
        row = self._db.catalogue_read(f"SELECT {_COLUMNS} FROM mirror_state")[0]  # noqa: S608
        kind = None if row[4] is None else PassKind(row[4])
        return MirrorState(row[0], row[1], row[2], row[3], kind, row[5], row[6],
                           int(row[7]), row[8], int(row[9]), int(row[10]), int(row[11]),
                           row[12])

    def set_state(self, state: MirrorState) -> None:
        with self._db.catalogue_tx() as conn:
            _write_state(conn, state)

    def settings(self) -> MirrorSettings:
        rows = dict(self._db.read("SELECT key, value FROM meta WHERE key LIKE 'mirror.%'"))
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
            conn.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", [
                (_UPDATE_EVERY, repr(settings.update_every)),
                (_FULL_EVERY, repr(settings.full_every)),
                (_DAY_SHARE, repr(settings.day_share)),
                (_DAILY_QUOTA, str(settings.daily_quota)),
                (_ENABLED, "1" if settings.enabled else "0")])


def _write_state(conn: sqlite3.Connection, state: MirrorState) -> None:
    values = list(state)
    values[4] = None if state.pass_kind is None else state.pass_kind.value
    marks = ", ".join(f"{name} = ?" for name in _COLUMNS.split(", "))
    conn.execute(f"UPDATE mirror_state SET {marks}", values)  # noqa: S608
