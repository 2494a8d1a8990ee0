"""The outbox of adds, once for both stores: which states allow which change and what
each change sets, the queries, and the decoding of a row. A store's outbox adds how it
gets a new entry's id, how it takes turns with other writers and how it notes the id of
an add that was sent (:class:`SqlOutbox`'s abstract methods).

Each change is one transaction that reads the entry's state (locking its row where
several desks share the table) and checks it before moving the entry on, so two
writers never both move an entry on from the same state."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from contextlib import AbstractContextManager
from typing import Any, Final, Generic, TypeVar

from petdesk.core.desk import Desk
from petdesk.storage.repositories import MetaRepository
from petdesk.storage.rows import (
    AddKey,
    AddWay,
    Draft,
    OutboxEntry,
    OutboxError,
    OutboxState,
    PetRow,
    status_from_db,
    status_to_db,
)
from petdesk.storage.sql.activity import record
from petdesk.storage.sql.catalogue import upsert
from petdesk.storage.sql.dialect import SqlConnection, SqlDatabase
from petdesk.storage.sql.origins import not_own

__all__ = ["SqlOutbox"]

_COLUMNS: Final = (
    "local_id, environment, name, category_id, pet_status, created_at, state, attempts, "
    "floor_id, pet_id, reason, candidates, updated_at, origin, floor_verified, held, "
    "desk_name, desk_user"
)
_INSERTED: Final = (
    "outbox (environment, name, category_id, pet_status, created_at, state, floor_id, "
    "updated_at, origin, desk_name, desk_user, held)")
_NOT_FINISHED: Final = "state NOT IN ('sent', 'failed', 'cancelled')"
_WAITING: Final = "state = 'waiting'"

# Which states allow each change.
_EDIT_FROM: Final = (OutboxState.WAITING,)
_CANCEL_FROM: Final = (OutboxState.WAITING, OutboxState.NEEDS_DECISION)
_SEND_AGAIN_FROM: Final = (OutboxState.NEEDS_DECISION, OutboxState.FAILED)
_SENDING_FROM: Final = (OutboxState.WAITING,)
_SENT_FROM: Final = (OutboxState.SENDING, OutboxState.OUTCOME_UNKNOWN,
                     OutboxState.NEEDS_DECISION)
_FAILED_FROM: Final = (OutboxState.SENDING, OutboxState.OUTCOME_UNKNOWN)
_WAITING_FROM: Final = (OutboxState.SENDING, OutboxState.OUTCOME_UNKNOWN,
                        OutboxState.NEEDS_DECISION, OutboxState.WAITING)
_UNKNOWN_FROM: Final = (OutboxState.SENDING,)
_DECISION_FROM: Final = (OutboxState.OUTCOME_UNKNOWN,)

C = TypeVar("C", bound=SqlConnection)


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


class SqlOutbox(ABC, Generic[C]):
    """:class:`petdesk.storage.repositories.OutboxRepository` on a store's database
    ``db``; ``environment`` and ``desk`` are recorded on every add queued here."""

    def __init__(self, db: SqlDatabase[C], meta: MetaRepository, environment: str,
                 desk: Desk) -> None:
        self._db = db
        self._sql = db.dialect
        self._meta = meta
        self._environment = environment
        self._desk = desk

    # -- what each store does its own way --------------------------------------------------

    @abstractmethod
    def _insert(self, conn: C, sql: str, args: tuple[Any, ...]) -> int:
        """Run the INSERT ``sql`` of one outbox entry; return the entry's ``local_id``."""

    @abstractmethod
    def _take_queue_turn(self, conn: C) -> None:
        """Inside a transaction: wait until no other writer is queueing adds."""

    def _sent_tx(self) -> AbstractContextManager[C]:
        """The transaction that marks an add sent, keeps its pet in the catalogue and
        logs it in the activity log."""
        return self._db.tx()

    @abstractmethod
    def _note_newest(self, conn: C, pet_id: int) -> None:
        """Inside :meth:`_sent_tx`: ``pet_id`` was given by the service."""

    # -- queueing ------------------------------------------------------------------------

    def queue(self, draft: Draft, *, origin: str | None = None) -> OutboxEntry:
        with self._db.tx() as conn:
            local_id = self._insert_one(conn, draft, origin)
        return self.entry(local_id)

    def _insert_one(self, conn: C, draft: Draft, origin: str | None, held: bool = False) -> int:
        """Inside a transaction: queue one add; its ``local_id``."""
        now, floor = self._db.clock.time(), self._meta.newest_known_id()
        m = self._sql.mark
        sql = (f"INSERT INTO {_INSERTED} VALUES ({m}, {m}, {m}, {m}, {m}, 'waiting', "  # noqa: S608
               f"{m}, {m}, {m}, {m}, {m}, {m})")
        return self._insert(conn, sql, (
            self._environment, draft.name, draft.category_id, status_to_db(draft.status),
            now, floor, now, origin, self._desk.name, self._desk.user, held))

    def queue_unique(self, items: Iterable[tuple[Draft, str]]) -> int:
        now, floor = self._db.clock.time(), self._meta.newest_known_id()
        d, m = self._sql, self._sql.mark
        sql = (f"INSERT INTO {_INSERTED} SELECT {m}, {m}, {m}, {m}, {m}, 'waiting', {m}, {m}, "  # noqa: S608
               f"{m}, {m}, {m}, {m} WHERE NOT EXISTS "
               f"(SELECT 1 FROM outbox{d.where(f'origin = {m}')})")
        added = 0
        with self._db.tx() as conn:
            self._take_queue_turn(conn)
            for draft, origin in items:
                added += conn.execute(sql, (
                    self._environment, draft.name, draft.category_id,
                    status_to_db(draft.status), now, floor, now, origin, self._desk.name,
                    self._desk.user, False, *d.args(origin))).rowcount
        return added

    def queue_once(self, draft: Draft, key: AddKey, *, held: bool = False) -> OutboxEntry:
        d = self._sql
        find = ("SELECT local_id FROM outbox"  # noqa: S608
                + d.where(f"origin = {d.mark}", "state NOT IN ('failed', 'cancelled')")
                + " ORDER BY local_id LIMIT 1")
        with self._db.tx() as conn:
            self._take_queue_turn(conn)
            row = conn.execute(find, d.args(key.origin)).fetchone()
            local_id = (int(row[0]) if row is not None
                        else self._insert_one(conn, draft, key.origin, held))
        return self.entry(local_id)

    def hold(self, origin_prefix: str, held: bool) -> int:
        d, m = self._sql, self._sql.mark
        prefixed, prefix_args = d.starts_with("origin", origin_prefix)
        with self._db.tx() as conn:
            return conn.execute(
                f"UPDATE outbox SET held = {m}, updated_at = {m}"  # noqa: S608
                + d.where(_WAITING, prefixed, f"held != {m}"),
                (held, self._db.clock.time(), *d.args(*prefix_args, held))).rowcount

    def cancel_batch(self, origin_prefix: str) -> int:
        d, m = self._sql, self._sql.mark
        prefixed, prefix_args = d.starts_with("origin", origin_prefix)
        with self._db.tx() as conn:
            return conn.execute(
                f"UPDATE outbox SET state = 'cancelled', updated_at = {m}"  # noqa: S608
                + d.where(_WAITING, prefixed),
                (self._db.clock.time(), *d.args(*prefix_args))).rowcount

    # -- reading -------------------------------------------------------------------------

    def entry(self, local_id: int) -> OutboxEntry:
        d = self._sql
        rows = self._db.read(f"SELECT {_COLUMNS} FROM outbox"  # noqa: S608
                             + d.where(f"local_id = {d.mark}"), d.args(local_id))
        if not rows:
            raise OutboxError(f"no outbox entry {local_id}")
        return _entry(rows[0])

    def entries(self, *, include_finished: bool = False) -> list[OutboxEntry]:
        d = self._sql
        where = d.where() if include_finished else d.where(_NOT_FINISHED)
        rows = self._db.read(f"SELECT {_COLUMNS} FROM outbox{where} ORDER BY local_id",  # noqa: S608
                             d.args())
        return [_entry(row) for row in rows]

    def entries_from(self, origin_prefix: str) -> list[OutboxEntry]:
        d = self._sql
        prefixed, prefix_args = d.starts_with("origin", origin_prefix)
        rows = self._db.read(f"SELECT {_COLUMNS} FROM outbox{d.where(prefixed)} "  # noqa: S608
                             "ORDER BY local_id", d.args(*prefix_args))
        return [_entry(row) for row in rows]

    def pending_count(self) -> int:
        d = self._sql
        return int(self._db.read(f"SELECT COUNT(*) FROM outbox{d.where(_NOT_FINISHED)}",  # noqa: S608
                                 d.args())[0][0])

    def first_in(self, *states: OutboxState) -> OutboxEntry | None:
        d = self._sql
        in_states, state_args = d.one_of("state", [s.value for s in states])
        rows = self._db.read(
            f"SELECT {_COLUMNS} FROM outbox"  # noqa: S608
            + d.where(in_states, "NOT (held AND state = 'waiting')")
            + f" ORDER BY {not_own()}, local_id LIMIT 1", d.args(*state_args))
        return _entry(rows[0]) if rows else None

    def claimed_ids(self) -> frozenset[int]:
        d = self._sql
        rows = self._db.read(f"SELECT pet_id FROM outbox{d.where('pet_id IS NOT NULL')}",  # noqa: S608
                             d.args())
        return frozenset(int(r[0]) for r in rows)

    def ahead_of(self, local_id: int) -> int:
        d, m = self._sql, self._sql.mark
        row = self._db.read(
            f"SELECT COUNT(*) FROM outbox AS o, (SELECT {not_own()} AS late FROM "  # noqa: S608
            f"outbox WHERE local_id = {m}) AS me"
            + d.where(f"o.local_id != {m}", "NOT o.held",
                      "(o.state IN ('sending', 'outcome_unknown') OR (o.state = 'waiting' AND "
                      f"({not_own('o.origin')} < me.late OR ({not_own('o.origin')} = me.late "
                      f"AND o.local_id < {m}))))", table="o."),
            (local_id, *d.args(local_id, local_id)))
        return int(row[0][0])

    # -- the user's changes ----------------------------------------------------------------

    def edit(self, local_id: int, draft: Draft) -> OutboxEntry:
        m = self._sql.mark
        self._change(local_id, _EDIT_FROM, OutboxState.WAITING,
                     f"name = {m}, category_id = {m}, pet_status = {m}",
                     (draft.name, draft.category_id, status_to_db(draft.status)))
        return self.entry(local_id)

    def cancel(self, local_id: int) -> OutboxEntry:
        self._change(local_id, _CANCEL_FROM, OutboxState.CANCELLED)
        return self.entry(local_id)

    def choose_created(self, local_id: int, pet_id: int) -> OutboxEntry:
        entry = self.entry(local_id)
        if entry.state is not OutboxState.NEEDS_DECISION or pet_id not in entry.candidates:
            raise OutboxError(f"outbox entry {local_id} has no candidate {pet_id}")
        self.mark_sent(local_id, pet_id)
        return self.entry(local_id)

    def send_again(self, local_id: int) -> OutboxEntry:
        self._change(local_id, _SEND_AGAIN_FROM, OutboxState.WAITING,
                     "reason = NULL, candidates = ''")
        return self.entry(local_id)

    # -- the sender's steps ----------------------------------------------------------------

    def mark_sending(self, local_id: int, way: AddWay = AddWay.OUTBOX) -> OutboxEntry:
        floor, verified = self._meta.newest_known_id(), self._meta.newest_id_verified()
        d, m = self._sql, self._sql.mark
        self._change(local_id, _SENDING_FROM, OutboxState.SENDING,
                     f"attempts = attempts + 1, floor_id = {d.greatest}(floor_id, {m}), "
                     f"floor_verified = {m}, way = {m}", (floor, verified, way.value))
        return self.entry(local_id)

    def mark_sent(self, local_id: int, pet_id: int, answer: PetRow | None = None) -> None:
        now = self._db.clock.time()
        with self._sent_tx() as conn:
            row = self._set_state(conn, local_id, _SENT_FROM, OutboxState.SENT,
                                  f"pet_id = {self._sql.mark}, reason = NULL, candidates = ''",
                                  (pet_id,), now)
            if answer is None:
                answer = PetRow(pet_id, str(row[1]), int(row[2]), status_from_db(row[3]))
            self._note_newest(conn, pet_id)
            upsert(conn, self._sql, [answer._replace(id=pet_id)], now)
            record(conn, self._sql, local_id, pet_id, answer.name, now)

    def mark_failed(self, local_id: int, reason: str) -> None:
        self._change(local_id, _FAILED_FROM, OutboxState.FAILED, f"reason = {self._sql.mark}",
                     (reason,))

    def mark_waiting(self, local_id: int, reason: str | None = None) -> None:
        self._change(local_id, _WAITING_FROM, OutboxState.WAITING,
                     f"reason = {self._sql.mark}, candidates = ''", (reason,))

    def mark_unknown(self, local_id: int) -> None:
        self._change(local_id, _UNKNOWN_FROM, OutboxState.OUTCOME_UNKNOWN)

    def mark_needs_decision(self, local_id: int, candidates: Iterable[int]) -> None:
        text = ",".join(str(int(c)) for c in candidates)
        self._change(local_id, _DECISION_FROM, OutboxState.NEEDS_DECISION,
                     f"candidates = {self._sql.mark}", (text,))

    def recover_interrupted(self) -> int:
        with self._db.tx() as conn:
            return self._recover(conn)

    def _recover(self, conn: C) -> int:
        """Inside a transaction: every entry left SENDING has an unknown outcome."""
        d, m = self._sql, self._sql.mark
        return conn.execute(
            f"UPDATE outbox SET state = {m}, updated_at = {m}"  # noqa: S608
            + d.where(f"state = {m}"),
            (OutboxState.OUTCOME_UNKNOWN.value, self._db.clock.time(),
             *d.args(OutboxState.SENDING.value))).rowcount

    def _change(self, local_id: int, allowed: tuple[OutboxState, ...], new: OutboxState,
                assignments: str = "", args: tuple[Any, ...] = ()) -> None:
        with self._db.tx() as conn:
            self._set_state(conn, local_id, allowed, new, assignments, args,
                            self._db.clock.time())

    def _set_state(self, conn: C, local_id: int, allowed: tuple[OutboxState, ...],
                   new: OutboxState, assignments: str, args: tuple[Any, ...],
                   now: float) -> tuple[Any, ...]:
        """Read (and lock) the entry's row, check its state, change it; return (state,
        name, category_id, pet_status) as it was."""
        d, m = self._sql, self._sql.mark
        row = conn.execute(
            "SELECT state, name, category_id, pet_status FROM outbox"  # noqa: S608
            + d.where(f"local_id = {m}") + d.row_lock, d.args(local_id)).fetchone()
        if row is None:
            raise OutboxError(f"no outbox entry {local_id}")
        current = OutboxState(row[0])
        if current not in allowed:
            raise OutboxError(f"outbox entry {local_id} is {current.value}, not "
                              + " or ".join(s.value for s in allowed))
        extra = f", {assignments}" if assignments else ""
        conn.execute(f"UPDATE outbox SET state = {m}, updated_at = {m}{extra} "  # noqa: S608
                     f"WHERE local_id = {m}", (new.value, now, *args, local_id))
        return tuple(row)
