"""The shared outbox of adds: every desk of an environment sees every entry; each
change is one transaction that locks the entry's row (``FOR UPDATE``) and checks its
state first, so two desks never both move an entry on from the same state. The rules
and queries are :class:`~petdesk.storage.sql.outbox.SqlOutbox`'s."""

from __future__ import annotations

import logging
from typing import Any

from petdesk.core.desk import Desk
from petdesk.storage.postgres.database import Connection, PgDatabase
from petdesk.storage.postgres.keys import advisory_key
from petdesk.storage.postgres.lock import PgSenderLock
from petdesk.storage.postgres.meta import PgMeta, note_newest
from petdesk.storage.sql.outbox import SqlOutbox

log = logging.getLogger(__name__)

__all__ = ["PgOutbox"]


class PgOutbox(SqlOutbox[Connection]):
    """:class:`petdesk.storage.repositories.OutboxRepository` on the shared store.

    ``lock`` is this store's sender lock: :meth:`recover_interrupted` changes nothing
    unless this desk holds it (another live desk may be sending those entries)."""

    def __init__(self, db: PgDatabase, meta: PgMeta, lock: PgSenderLock, desk: Desk) -> None:
        super().__init__(db, meta, db.environment, desk)
        self._lock = lock
        self._queue_key = advisory_key("queue", db.environment)

    def _insert(self, conn: Connection, sql: str, args: tuple[Any, ...]) -> int:
        row = conn.execute(f"{sql} RETURNING local_id", args).fetchone()
        assert row is not None
        return int(row[0])

    def _take_queue_turn(self, conn: Connection) -> None:
        # Two desks importing the same rows at once: one after the other.
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (self._queue_key,))

    def _note_newest(self, conn: Connection, pet_id: int) -> None:
        note_newest(conn, self._environment, pet_id, None)

    def recover_interrupted(self) -> int:
        """Only while this desk holds the sender lock, checked in the same transaction
        (the lock's session holds it now): otherwise the SENDING entries may be another
        live desk's adds in flight, and nothing is changed."""
        pid = self._lock.holder_pid
        if pid is None:
            log.warning("not recovering the shared outbox: this desk is not its sender")
            return 0
        key = self._lock.key
        with self._db.tx() as conn:
            mine = conn.execute(
                "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted AND "
                "pid = %s AND classid = %s::bigint::oid AND objid = %s::bigint::oid "
                "AND objsubid = 1", (pid, (key >> 32) & 0xFFFFFFFF, key & 0xFFFFFFFF)
            ).fetchone()
            if mine is None:
                log.warning("not recovering the shared outbox: the sender lock was lost")
                return 0
            return self._recover(conn)
