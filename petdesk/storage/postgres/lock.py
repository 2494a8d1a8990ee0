"""One sender of the shared outbox at a time, across desks: a PostgreSQL session-level
advisory lock, held on a connection of its own.

Every desk of an environment could send the shared outbox; exactly one does, so that
no add is sent twice and no desk reconciles an add another desk has in flight. The
lock belongs to the holder's database session, so the server drops it when that
connection ends, however the desk ends (a crash, SIGKILL, a laptop closed until the
server's keepalive gives up): another desk takes it over and its start-up recovery
turns the dead desk's adds in flight into ones to check.

The connection is its own (not the store's): the store's connection is busy with the
desk's reads and writes, and a lock that must outlive them is easier to reason about
alone.
"""

from __future__ import annotations

import contextlib
import logging

import psycopg

from petdesk.storage.postgres.database import Connection, connect, describe
from petdesk.storage.postgres.keys import advisory_key
from petdesk.storage.rows import SharedStoreUnavailable

log = logging.getLogger(__name__)

__all__ = ["PgSenderLock"]


class PgSenderLock:
    """:class:`petdesk.storage.repositories.OutboxLock` of one environment of the shared
    store. ``acquire()`` never waits; a lost connection is noticed at the next call."""

    def __init__(self, address: str, password: str | None, environment: str) -> None:
        self._address = address
        self._password = password
        self.key = advisory_key("sender", environment)
        self._conn: Connection | None = None

    @property
    def held(self) -> bool:
        return self._conn is not None and not self._conn.closed

    @property
    def holder_pid(self) -> int | None:
        """The server process of the lock's session while held (for checking, in the
        store's own transaction, that the lock is still ours)."""
        return self._conn.info.backend_pid if self.held and self._conn is not None else None

    def acquire(self) -> bool:
        if self._conn is not None:
            try:
                self._conn.execute("SELECT 1")
                return True
            except psycopg.Error:
                log.warning("the shared store's sender lock was lost with its connection")
                self._drop()
        try:
            conn = connect(self._address, self._password)
        except SharedStoreUnavailable:
            return False
        try:
            row = conn.execute("SELECT pg_try_advisory_lock(%s)", (self.key,)).fetchone()
        except psycopg.Error:
            row = None
        if row is None or not row[0]:
            conn.close()
            return False
        self._conn = conn
        return True

    def release(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(psycopg.Error):
                self._conn.execute("SELECT pg_advisory_unlock(%s)", (self.key,))
            self._drop()

    def _drop(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(psycopg.Error):
                self._conn.close()
            self._conn = None

    def __repr__(self) -> str:
        state = "held" if self.held else "free"
        return f"<PgSenderLock {describe(self._address)} {state}>"
