"""The outbox of adds on SQLite: each change is one transaction, checked against the
entry's state inside it."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import Any, Final

from petdesk.core.desk import Desk
from petdesk.storage.rows import (
    AddWay,
    Draft,
    OutboxEntry,
    OutboxError,
    OutboxState,
    PetRow,
    status_from_db,
    status_to_db,
)
from petdesk.storage.sqlite.activity import record
from petdesk.storage.sqlite.catalogue import upsert
from petdesk.storage.sqlite.database import Database
from petdesk.storage.sqlite.meta import SqliteMeta, note_newest

__all__ = ["SqliteOutbox"]

_COLUMNS: Final = (
    "local_id, environment, name, category_id, pet_status, created_at, state, attempts, "
    "floor_id, pet_id, reason, candidates, updated_at, origin, floor_verified, held, "
    "desk_name, desk_user"
)
_INSERT: Final = (
    "INSERT INTO outbox (environment, name, category_id, pet_status, created_at, state, "
    "floor_id, updated_at, origin, desk_name, desk_user) "
    "VALUES (?, ?, ?, ?, ?, 'waiting', ?, ?, ?, ?, ?)")
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
        floor_verified=bool(row[14]), held=bool(row[15]), desk=Desk(str(row[16]), str(row[17])),
    )


class SqliteOutbox:
    """:class:`petdesk.storage.repositories.OutboxRepository` on SQLite."""

    def __init__(self, db: Database, meta: SqliteMeta, environment: str, desk: Desk) -> None:
        self._db = db
        self._meta = meta
        self._environment = environment
        #: This desk: recorded on every add queued here.
        self._desk = desk

    # -- queueing ------------------------------------------------------------------------

    def queue(self, draft: Draft, *, origin: str | None = None) -> OutboxEntry:
        now, floor = self._db.clock.time(), self._meta.newest_known_id()
        with self._db.tx() as conn:
            cursor = conn.execute(_INSERT, (
                self._environment, draft.name, draft.category_id, status_to_db(draft.status),
                now, floor, now, origin, self._desk.name, self._desk.user))
            local_id = int(cursor.lastrowid or 0)
        return self.entry(local_id)

    def queue_unique(self, items: Iterable[tuple[Draft, str]]) -> int:
        now, floor = self._db.clock.time(), self._meta.newest_known_id()
        added = 0
        with self._db.tx() as conn:
            for draft, origin in items:
                added += conn.execute(
                    "INSERT INTO outbox (environment, name, category_id, pet_status, "
                    "created_at, state, floor_id, updated_at, origin, desk_name, desk_user) "
                    "SELECT ?2, ?3, ?4, ?5, ?6, 'waiting', ?7, ?8, ?1, ?9, ?10 WHERE NOT EXISTS "
                    "(SELECT 1 FROM outbox WHERE origin = ?1)",
                    (origin, self._environment, draft.name, draft.category_id,
                     status_to_db(draft.status), now, floor, now, self._desk.name,
                     self._desk.user)).rowcount
        return added

    def hold(self, origin_prefix: str, held: bool) -> int:
        with self._db.tx() as conn:
            return conn.execute(
                "UPDATE outbox SET held = ?, updated_at = ? WHERE state = 'waiting' "
                "AND substr(origin, 1, ?) = ? AND held != ?",
                (held, self._db.clock.time(), len(origin_prefix), origin_prefix, held)).rowcount

    def cancel_batch(self, origin_prefix: str) -> int:
        with self._db.tx() as conn:
            return conn.execute(
                "UPDATE outbox SET state = 'cancelled', updated_at = ? WHERE state = "
                "'waiting' AND substr(origin, 1, ?) = ?",
                (self._db.clock.time(), len(origin_prefix), origin_prefix)).rowcount

    # -- reading -------------------------------------------------------------------------

    def entry(self, local_id: int) -> OutboxEntry:
        rows = self._db.read(f"SELECT {_COLUMNS} FROM outbox WHERE local_id = ?",  # noqa: S608
                             (local_id,))
        if not rows:
            raise OutboxError(f"no outbox entry {local_id}")
        return _entry(rows[0])

    def entries(self, *, include_finished: bool = False) -> list[OutboxEntry]:
        where = "" if include_finished else f"WHERE {_NOT_FINISHED}"
        rows = self._db.read(f"SELECT {_COLUMNS} FROM outbox {where} ORDER BY local_id")  # noqa: S608
        return [_entry(row) for row in rows]

    def entries_from(self, origin_prefix: str) -> list[OutboxEntry]:
        upper = origin_prefix + "\U0010ffff"
        rows = self._db.read(f"SELECT {_COLUMNS} FROM outbox "  # noqa: S608
                             "WHERE origin >= ? AND origin < ? ORDER BY local_id",
                             (origin_prefix, upper))
        return [_entry(row) for row in rows]

    def pending_count(self) -> int:
        return int(self._db.read(f"SELECT COUNT(*) FROM outbox WHERE {_NOT_FINISHED}")[0][0])  # noqa: S608

    def first_in(self, *states: OutboxState) -> OutboxEntry | None:
        marks = ", ".join("?" for _ in states)
        rows = self._db.read(
            f"SELECT {_COLUMNS} FROM outbox WHERE state IN ({marks}) "  # noqa: S608
            "AND NOT (held AND state = 'waiting') ORDER BY origin IS NOT NULL, local_id "
            "LIMIT 1",
            tuple(s.value for s in states))
        return _entry(rows[0]) if rows else None

    def claimed_ids(self) -> frozenset[int]:
        rows = self._db.read("SELECT pet_id FROM outbox WHERE pet_id IS NOT NULL")
        return frozenset(int(r[0]) for r in rows)

    def ahead_of(self, local_id: int) -> int:
        row = self._db.read(
            "SELECT COUNT(*) FROM outbox AS o, (SELECT origin IS NOT NULL AS late FROM "
            "outbox WHERE local_id = ?) AS me WHERE o.local_id != ? AND NOT o.held AND "
            "(o.state IN ('sending', 'outcome_unknown') OR (o.state = 'waiting' AND "
            "((o.origin IS NOT NULL) < me.late OR ((o.origin IS NOT NULL) = me.late "
            "AND o.local_id < ?))))", (local_id, local_id, local_id))
        return int(row[0][0])

    # -- the user's changes ----------------------------------------------------------------

    def edit(self, local_id: int, draft: Draft) -> OutboxEntry:
        self._change(local_id, (OutboxState.WAITING,), OutboxState.WAITING,
                     "name = ?, category_id = ?, pet_status = ?",
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

    def mark_sending(self, local_id: int, way: AddWay = AddWay.OUTBOX) -> OutboxEntry:
        floor, verified = self._meta.newest_known_id(), self._meta.newest_id_verified()
        self._change(local_id, (OutboxState.WAITING,), OutboxState.SENDING,
                     "attempts = attempts + 1, floor_id = MAX(floor_id, ?), floor_verified = ?, "
                     "way = ?", (floor, verified, way.value))
        return self.entry(local_id)

    def mark_sent(self, local_id: int, pet_id: int, answer: PetRow | None = None) -> None:
        with self._db.catalogue_tx() as conn:
            _set_state(conn, local_id, _SENT_FROM, OutboxState.SENT,
                       "pet_id = ?, reason = NULL, candidates = ''", (pet_id,),
                       self._db.clock.time())
            note_newest(conn, pet_id, None)
            if answer is None:
                name, category_id, status = conn.execute(
                    "SELECT name, category_id, pet_status FROM outbox WHERE local_id = ?",
                    (local_id,)).fetchone()
                answer = PetRow(pet_id, str(name), int(category_id), status_from_db(status))
            upsert(conn, [answer._replace(id=pet_id)], self._db.clock.time())
            record(conn, local_id, pet_id, answer.name, self._db.clock.time())

    def mark_failed(self, local_id: int, reason: str) -> None:
        self._change(local_id, (OutboxState.SENDING, OutboxState.OUTCOME_UNKNOWN),
                     OutboxState.FAILED, "reason = ?", (reason,))

    def mark_waiting(self, local_id: int, reason: str | None = None) -> None:
        self._change(local_id, _WAITING_FROM, OutboxState.WAITING,
                     "reason = ?, candidates = ''", (reason,))

    def mark_unknown(self, local_id: int) -> None:
        self._change(local_id, (OutboxState.SENDING,), OutboxState.OUTCOME_UNKNOWN)

    def mark_needs_decision(self, local_id: int, candidates: Iterable[int]) -> None:
        text = ",".join(str(int(c)) for c in candidates)
        self._change(local_id, (OutboxState.OUTCOME_UNKNOWN,), OutboxState.NEEDS_DECISION,
                     "candidates = ?", (text,))

    def recover_interrupted(self) -> int:
        with self._db.tx() as conn:
            return conn.execute(
                "UPDATE outbox SET state = ?, updated_at = ? WHERE state = ?",
                (OutboxState.OUTCOME_UNKNOWN.value, self._db.clock.time(),
                 OutboxState.SENDING.value)).rowcount

    def _change(self, local_id: int, allowed: tuple[OutboxState, ...], new: OutboxState,
                assignments: str = "", args: tuple[Any, ...] = ()) -> None:
        with self._db.tx() as conn:
            _set_state(conn, local_id, allowed, new, assignments, args, self._db.clock.time())


def _set_state(conn: sqlite3.Connection, local_id: int, allowed: tuple[OutboxState, ...],
               new: OutboxState, assignments: str, args: tuple[Any, ...], now: float) -> None:
    row = conn.execute("SELECT state FROM outbox WHERE local_id = ?", (local_id,)).fetchone()
    if row is None:
        raise OutboxError(f"no outbox entry {local_id}")
    current = OutboxState(row[0])
    if current not in allowed:
        raise OutboxError(f"outbox entry {local_id} is {current.value}, not "
                          + " or ".join(s.value for s in allowed))
    extra = f", {assignments}" if assignments else ""
    conn.execute(f"UPDATE outbox SET state = ?, updated_at = ?{extra} "  # noqa: S608
                 "WHERE local_id = ?", (new.value, now, *args, local_id))
