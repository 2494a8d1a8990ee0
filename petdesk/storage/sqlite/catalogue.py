"""The catalogue mirror on SQLite: its rows live in a file of their own (schema
``mirror``, attached on first use), its settings in ``meta``. The queries are
:class:`~petdesk.storage.sql.catalogue.SqlCatalogue`'s."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Final

from petdesk.storage.lock import SenderLock
from petdesk.storage.rows import MirrorState
from petdesk.storage.sql.catalogue import STATE_COLUMNS, SqlCatalogue, state_values
from petdesk.storage.sqlite.database import Database

__all__ = ["SqliteCatalogue"]

_WRITE_STATE: Final = (
    f"UPDATE mirror_state SET {', '.join(f'{name} = ?' for name in STATE_COLUMNS)}")  # noqa: S608


class SqliteCatalogue(SqlCatalogue[sqlite3.Connection]):
    """:class:`petdesk.storage.repositories.CatalogueRepository` on SQLite."""

    _db: Database

    def __init__(self, db: Database) -> None:
        super().__init__(db)

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

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return self._db.catalogue_read(sql, args)

    def _catalogue_tx(self) -> AbstractContextManager[sqlite3.Connection]:
        return self._db.catalogue_tx()

    def _write_state(self, conn: sqlite3.Connection, state: MirrorState) -> None:
        conn.execute(_WRITE_STATE, state_values(state))
