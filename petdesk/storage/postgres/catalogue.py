"""The catalogue mirror on the shared store: the filler's progress is one row per
environment. All desks of an environment share one mirror: one desk at a time does a
fill step (:meth:`PgCatalogue.fill_turn`), the others see its rows at once. The
queries are :class:`~petdesk.storage.sql.catalogue.SqlCatalogue`'s."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from petdesk.storage.postgres.database import Connection, PgDatabase
from petdesk.storage.postgres.keys import advisory_key
from petdesk.storage.rows import MirrorState, SharedStoreUnavailable
from petdesk.storage.sql.catalogue import STATE_COLUMNS, SqlCatalogue, state_values

__all__ = ["PgCatalogue"]


class PgCatalogue(SqlCatalogue[Connection]):
    """:class:`petdesk.storage.repositories.CatalogueRepository` on the shared store."""

    def __init__(self, db: PgDatabase) -> None:
        super().__init__(db)
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

    def _write_state(self, conn: Connection, state: MirrorState) -> None:
        conn.execute(self._sql.upsert("mirror_state", STATE_COLUMNS, ()),
                     self._sql.args(*state_values(state)))
