"""The shared outbox of adds: every desk of an environment sees every entry; each
change is one transaction that locks the entry's row and checks its state first, so
two desks never both move an entry on from the same state."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any, Final

from petdesk.storage.postgres.catalogue import upsert
from petdesk.storage.postgres.database import Connection, PgDatabase
from petdesk.storage.postgres.keys import advisory_key
from petdesk.storage.postgres.lock import PgSenderLock
from petdesk.storage.postgres.meta import PgMeta, note_newest
from petdesk.storage.rows import (
    Draft,
    OutboxEntry,
    OutboxError,
    OutboxState,
    PetRow,
    status_from_db,
    status_to_db,
)

log = logging.getLogger(__name__)

__all__ = ["PgOutbox"]

_COLUMNS: Final = (
    "local_id, environment, name, category_id, pet_status, created_at, state, attempts, "
    "floor_id, pet_id, reason, candidates, updated_at, origin, floor_verified, held"
)
_SELECT: Final = f"SELECT {_COLUMNS} FROM outbox WHERE environment = %s"  # noqa: S608
_INSERT: Final = (
    "INSERT INTO outbox (environment, name, category_id, pet_status, created_at, state, "
    "floor_id, updated_at, origin) VALUES (%s, %s, %s, %s, %s, 'waiting', %s, %s, %s) "
    "RETURNING local_id")
_NOT_FINISHED: Final = "state NOT IN ('sent', 'failed', 'cancelled')"
_SENT_FROM: Final = (OutboxState.SENDING, OutboxState.OUTCOME_UNKNOWN,
                     OutboxState.NEEDS_DECISION)
_WAITING_FROM: Final = (OutboxState.SENDING, OutboxState.OUTCOME_UNKNOWN,
                        OutboxState.NEEDS_DECISION, OutboxState.WAITING)


def _entry(row: tuple[Any, ...]) -> OutboxEntry:
    candidates = tuple(int(part) for part in str(row[11]).split(",") if part)
    return OutboxEntry(
        local_id=int(row[0]), environment=str(row[1]),
        draft=Draft(str(row[2]), int(row[3]), status_from_db(row[4])),
        state=OutboxState(row[6]), attempts=int(row[7]),
        floor_id=int(row[8]), pet_id=None if row[9] is None else int(row[9]),
        reason=row[10], candidates=candidates, updated_at=float(row[12]), origin=row[13],
        floor_verified=bool(row[14]), held=bool(row[15]),
    )


class PgOutbox:
    """:class:`petdesk.storage.repositories.OutboxRepository` on the shared store.

    ``lock`` is this store's sender lock: :meth:`recover_interrupted` changes nothing
    unless this desk holds it (another live desk may be sending those entries)."""

    def __init__(self, db: PgDatabase, meta: PgMeta, lock: PgSenderLock) -> None:
        self._db = db
        self._meta = meta
        self._lock = lock
        self._env = db.environment
        self._queue_key = advisory_key("queue", db.environment)

    # -- queueing ------------------------------------------------------------------------

    def queue(self, draft: Draft, *, origin: str | None = None) -> OutboxEntry:
        now, floor = self._db.clock.time(), self._meta.newest_known_id()
        with self._db.tx() as conn:
            row = conn.execute(_INSERT, (
                self._env, draft.name, draft.category_id, status_to_db(draft.status),
                now, floor, now, origin)).fetchone()
        assert row is not None
        return self.entry(int(row[0]))

    def queue_unique(self, items: Iterable[tuple[Draft, str]]) -> int:
        now, floor = self._db.clock.time(), self._meta.newest_known_id()
        added = 0
        with self._db.tx() as conn:
            # Two desks importing the same rows at once: one after the other.
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (self._queue_key,))
            for draft, origin in items:
                added += conn.execute(
                    "INSERT INTO outbox (environment, name, category_id, pet_status, "
                    "created_at, state, floor_id, updated_at, origin) SELECT %(env)s, "
                    "%(name)s, %(category)s, %(status)s, %(now)s, 'waiting', %(floor)s, "
                    "%(now)s, %(origin)s WHERE NOT EXISTS (SELECT 1 FROM outbox WHERE "
                    "environment = %(env)s AND origin = %(origin)s)",
                    {"env": self._env, "name": draft.name, "category": draft.category_id,
                     "status": status_to_db(draft.status), "now": now, "floor": floor,
                     "origin": origin}).rowcount
        return added

    def hold(self, origin_prefix: str, held: bool) -> int:
        with self._db.tx() as conn:
            return conn.execute(
                "UPDATE outbox SET held = %s, updated_at = %s WHERE environment = %s AND "
                "state = 'waiting' AND starts_with(origin, %s) AND held != %s",
                (held, self._db.clock.time(), self._env, origin_prefix, held)).rowcount

    def cancel_batch(self, origin_prefix: str) -> int:
        with self._db.tx() as conn:
            return conn.execute(
                "UPDATE outbox SET state = 'cancelled', updated_at = %s WHERE environment = %s "
                "AND state = 'waiting' AND starts_with(origin, %s)",
                (self._db.clock.time(), self._env, origin_prefix)).rowcount

    # -- reading -------------------------------------------------------------------------

    def entry(self, local_id: int) -> OutboxEntry:
        rows = self._db.read(f"{_SELECT} AND local_id = %s", (self._env, local_id))
        if not rows:
            raise OutboxError(f"no outbox entry {local_id}")
        return _entry(rows[0])

    def entries(self, *, include_finished: bool = False) -> list[OutboxEntry]:
        where = "" if include_finished else f" AND {_NOT_FINISHED}"
        rows = self._db.read(f"{_SELECT}{where} ORDER BY local_id", (self._env,))
        return [_entry(row) for row in rows]

    def entries_from(self, origin_prefix: str) -> list[OutboxEntry]:
        rows = self._db.read(f"{_SELECT} AND starts_with(origin, %s) ORDER BY local_id",
                             (self._env, origin_prefix))
        return [_entry(row) for row in rows]

    def pending_count(self) -> int:
        return int(self._db.read(
            f"SELECT COUNT(*) FROM outbox WHERE environment = %s AND {_NOT_FINISHED}",  # noqa: S608
            (self._env,))[0][0])

    def first_in(self, *states: OutboxState) -> OutboxEntry | None:
        rows = self._db.read(
            f"{_SELECT} AND state = ANY(%s) AND NOT (held AND state = 'waiting') "
            "ORDER BY origin IS NOT NULL, local_id LIMIT 1",
            (self._env, [s.value for s in states]))
        return _entry(rows[0]) if rows else None

    def claimed_ids(self) -> frozenset[int]:
        rows = self._db.read("SELECT pet_id FROM outbox WHERE environment = %s "
                             "AND pet_id IS NOT NULL", (self._env,))
        return frozenset(int(r[0]) for r in rows)

    def ahead_of(self, local_id: int) -> int:
        row = self._db.read(
            "SELECT COUNT(*) FROM outbox AS o, (SELECT origin IS NOT NULL AS late FROM "
            "outbox WHERE local_id = %(id)s) AS me WHERE o.environment = %(env)s AND "
            "o.local_id != %(id)s AND NOT o.held AND "
            "(o.state IN ('sending', 'outcome_unknown') OR (o.state = 'waiting' AND "
            "((o.origin IS NOT NULL) < me.late OR ((o.origin IS NOT NULL) = me.late "
            "AND o.local_id < %(id)s))))", {"id": local_id, "env": self._env})
        return int(row[0][0])

    # -- the user's changes ----------------------------------------------------------------

    def edit(self, local_id: int, draft: Draft) -> OutboxEntry:
        self._change(local_id, (OutboxState.WAITING,), OutboxState.WAITING,
                     "name = %s, category_id = %s, pet_status = %s",
                     (draft.name, draft.category_id, status_to_db(draft.status)))
        return self.entry(local_id)

    def cancel(self, local_id: int) -> OutboxEntry:
        self._change(local_id, (OutboxState.WAITING, OutboxState.NEEDS_DECISION),
                     OutboxState.CANCELLED)
        return self.entry(local_id)

    def choose_created(self, local_id: int, pet_id: int) -> OutboxEntry:
        entry = self.entry(local_id)
        if entry.state is not OutboxState.NEEDS_DECISION or pet_id not in entry.candidates:
            raise OutboxError(f"outbox entry {local_id} has no candidate {pet_id}")
        self.mark_sent(local_id, pet_id)
        return self.entry(local_id)

    def send_again(self, local_id: int) -> OutboxEntry:
        self._change(local_id, (OutboxState.NEEDS_DECISION, OutboxState.FAILED),
                     OutboxState.WAITING, "reason = NULL, candidates = ''")
        return self.entry(local_id)

    # -- the sender's steps ----------------------------------------------------------------

    def mark_sending(self, local_id: int) -> OutboxEntry:
        floor, verified = self._meta.newest_known_id(), self._meta.newest_id_verified()
        self._change(local_id, (OutboxState.WAITING,), OutboxState.SENDING,
                     "attempts = attempts + 1, floor_id = GREATEST(floor_id, %s), "
                     "floor_verified = %s", (floor, verified))
        return self.entry(local_id)

    def mark_sent(self, local_id: int, pet_id: int, answer: PetRow | None = None) -> None:
        now = self._db.clock.time()
        with self._db.tx() as conn:
            row = self._set_state(conn, local_id, _SENT_FROM, OutboxState.SENT,
                                  "pet_id = %s, reason = NULL, candidates = ''", (pet_id,), now)
            note_newest(conn, self._env, pet_id, None)
            if answer is None:
                answer = PetRow(pet_id, str(row[1]), int(row[2]), status_from_db(row[3]))
            upsert(conn, self._env, [answer._replace(id=pet_id)], now)

    def mark_failed(self, local_id: int, reason: str) -> None:
        self._change(local_id, (OutboxState.SENDING, OutboxState.OUTCOME_UNKNOWN),
                     OutboxState.FAILED, "reason = %s", (reason,))

    def mark_waiting(self, local_id: int, reason: str | None = None) -> None:
        self._change(local_id, _WAITING_FROM, OutboxState.WAITING,
                     "reason = %s, candidates = ''", (reason,))

    def mark_unknown(self, local_id: int) -> None:
        self._change(local_id, (OutboxState.SENDING,), OutboxState.OUTCOME_UNKNOWN)

    def mark_needs_decision(self, local_id: int, candidates: Iterable[int]) -> None:
        text = ",".join(str(int(c)) for c in candidates)
        self._change(local_id, (OutboxState.OUTCOME_UNKNOWN,), OutboxState.NEEDS_DECISION,
                     "candidates = %s", (text,))

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
            return conn.execute(
                "UPDATE outbox SET state = %s, updated_at = %s WHERE environment = %s "
                "AND state = %s",
                (OutboxState.OUTCOME_UNKNOWN.value, self._db.clock.time(), self._env,
                 OutboxState.SENDING.value)).rowcount

    def _change(self, local_id: int, allowed: tuple[OutboxState, ...], new: OutboxState,
                assignments: str = "", args: tuple[Any, ...] = ()) -> None:
        with self._db.tx() as conn:
            self._set_state(conn, local_id, allowed, new, assignments, args,
                            self._db.clock.time())

    def _set_state(self, conn: Connection, local_id: int, allowed: tuple[OutboxState, ...],
                   new: OutboxState, assignments: str, args: tuple[Any, ...],
                   now: float) -> tuple[Any, ...]:
        """Lock the entry's row, check its state, change it; return (state, name,
        category_id, pet_status) as it was."""
        row = conn.execute("SELECT state, name, category_id, pet_status FROM outbox "
                           "WHERE environment = %s AND local_id = %s FOR UPDATE",
                           (self._env, local_id)).fetchone()
        if row is None:
            raise OutboxError(f"no outbox entry {local_id}")
        current = OutboxState(row[0])
        if current not in allowed:
            raise OutboxError(f"outbox entry {local_id} is {current.value}, not "
                              + " or ".join(s.value for s in allowed))
        extra = f", {assignments}" if assignments else ""
        conn.execute(f"UPDATE outbox SET state = %s, updated_at = %s{extra} "  # noqa: S608
                     "WHERE local_id = %s", (new.value, now, *args, local_id))
        return row

