"""The local store of one environment: SQLite, WAL, versioned schema.

What it holds: the rows last seen per list query, every pet looked up by id, the
outbox of adds, facts such as the newest pet id known, and the catalogue mirror
(issue 16). Every time is Unix time from the injected clock.

It never holds the API key: nothing in this module is given one, and the only
addresses stored (``next_url``) are the service's own page links, which carry the
key nowhere (it travels in the ``Authorization`` header only).

Durability: WAL journal with ``synchronous=FULL``, so a write is on disk when the
method returns (a commit survives a crash of the app, kill -9, and a power cut on
hardware that honours fsync). Outbox writes are one transaction each.

Threads: one connection, every use serialised by a lock, so any thread may call;
PetDesk calls it from its worker thread (the GUI thread does no I/O).
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from petdesk.core.clock import Clock, SystemClock
from petdesk.core.names import fold_name
from petdesk.core.statuses import PetStatus
from petdesk.storage.rows import (
    Draft,
    MirrorQuery,
    MirrorSettings,
    MirrorSort,
    MirrorState,
    OutboxEntry,
    OutboxState,
    PassKind,
    PetRow,
    StoredPage,
    StoredPet,
    StoredQuery,
    status_from_db,
    status_to_db,
)
from petdesk.storage.schema import CURRENT_VERSION, MIRROR_MIGRATIONS, NewerSchemaError, migrate

log = logging.getLogger(__name__)

__all__ = ["LocalStore", "OpenedStore", "OutboxError", "fold_name", "open_store"]

_NEWEST_ID: Final = "newest_id"
_NEWEST_VERIFIED: Final = "newest_id_verified_at"
_ENVIRONMENT: Final = "environment"
_TAIL: Final = "tail:"
_BUSY_TIMEOUT: Final = 5.0
_OUTBOX_COLUMNS: Final = (
    "local_id, environment, name, category_id, pet_status, created_at, state, attempts, "
    "floor_id, pet_id, reason, candidates, updated_at, origin, floor_verified, held"
)


class OutboxError(Exception):
    """An outbox change that is not allowed (e.g. editing an entry being sent)."""


def _status_key(status: PetStatus | None) -> str:
    return "" if status is None else status.value


_STATUSES: Final[dict[str | None, PetStatus | None]] = {
    None: None, **{status.value: status for status in PetStatus}}


def _pet_row(row: tuple[Any, ...]) -> PetRow:
    return PetRow(int(row[0]), str(row[1]), int(row[2]), status_from_db(row[3]))


def _pet_rows(rows: list[tuple[Any, ...]]) -> tuple[PetRow, ...]:
    """Many rows at once (the first paint): the columns' types are the schema's."""
    statuses = _STATUSES
    make = PetRow
    try:
        return tuple([make(i, n, c, statuses[s]) for i, n, c, s in rows])
    except KeyError:  # a status this version does not know: the careful path
        return tuple(map(_pet_row, rows))


def _entry(row: tuple[Any, ...]) -> OutboxEntry:
    candidates = tuple(int(part) for part in str(row[11]).split(",") if part)
    return OutboxEntry(
        local_id=int(row[0]), environment=str(row[1]),
        draft=Draft(str(row[2]), int(row[3]), status_from_db(row[4])),
        created_at=float(row[5]), state=OutboxState(row[6]), attempts=int(row[7]),
        floor_id=int(row[8]), pet_id=None if row[9] is None else int(row[9]),
        reason=row[10], candidates=candidates, updated_at=float(row[12]), origin=row[13],
        floor_verified=bool(row[14]), held=bool(row[15]),
    )


class LocalStore:
    """One environment's store. Create it with :func:`open_store`."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None, environment: str,
                 clock: Clock) -> None:
        self._conn = conn
        self._path = path
        self._environment = environment
        self._clock = clock
        self._lock = threading.RLock()
        self._closed = False
        #: The mirror's file is attached on first use (after the first paint).
        self._mirror_attached = False
        self._mirror_problem: str | None = None

    # -- lifecycle -------------------------------------------------------------------

    @property
    def path(self) -> Path | None:
        """The file, or ``None`` for a store kept in memory for this session only."""
        return self._path

    @property
    def environment(self) -> str:
        return self._environment

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self._conn.close()

    def __enter__(self) -> LocalStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def durability(self) -> tuple[str, int]:
        """The journal mode and ``synchronous`` level in force (for the self-test)."""
        with self._lock:
            mode = self._conn.execute("PRAGMA journal_mode").fetchone()[0]
            sync = self._conn.execute("PRAGMA synchronous").fetchone()[0]
        return str(mode), int(sync)

    def __repr__(self) -> str:
        return f"<LocalStore {self._environment} {self._path or 'in memory'}>"

    @contextlib.contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed (and synced) on exit, rolled back on error."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._conn.execute(sql, args).fetchall()

    # -- last-seen pages -------------------------------------------------------------

    def save_page(self, query: StoredQuery, rows: Iterable[PetRow], *, next_url: str | None,
                  fetched_at: float | None = None, append: bool = False) -> None:
        """Store a page of ``query``: the first page replaces what was stored, a page
        loaded with "Load more" (``append=True``) is added after the stored rows."""
        when = self._clock.time() if fetched_at is None else fetched_at
        key = (_status_key(query.status), query.limit)
        with self._tx() as conn:
            start = 0
            if append:
                found = conn.execute(
                    "SELECT COALESCE(MAX(position) + 1, 0) FROM seen_row "
                    "WHERE status = ? AND page_limit = ?", key).fetchone()
                start = int(found[0])
            else:
                conn.execute("DELETE FROM seen_row WHERE status = ? AND page_limit = ?", key)
            conn.executemany(
                "INSERT INTO seen_row VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(*key, start + i, r.id, r.name, r.category_id, status_to_db(r.status))
                 for i, r in enumerate(rows)])
            conn.execute(
                "INSERT INTO seen_query VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (status, page_limit) DO UPDATE SET "
                "fetched_at = CASE WHEN ? THEN fetched_at ELSE excluded.fetched_at END, "
                "updated_at = excluded.updated_at, next_url = excluded.next_url",
                (*key, when, when, next_url, append))

    def stored_page(self, query: StoredQuery) -> StoredPage | None:
        """The rows last seen for ``query`` (``None`` if never seen). Plain tuples:
        painting them needs neither httpx nor pydantic."""
        with self._lock:
            return _read_page(self._conn, query)

    def stored_queries(self) -> list[StoredQuery]:
        """Every query with stored rows, most recently updated first."""
        rows = self._read("SELECT status, page_limit FROM seen_query ORDER BY updated_at DESC")
        return [StoredQuery(status_from_db(s or None), int(limit)) for s, limit in rows]

    # -- looked-up pets ----------------------------------------------------------------

    def save_looked_up(self, pet: PetRow, fetched_at: float | None = None) -> None:
        """Keep a pet the service just returned for its id: for a look-up while
        offline, and in the catalogue, so that a search by name finds it from now on."""
        when = self._clock.time() if fetched_at is None else fetched_at
        with self._mirror_tx() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO looked_up VALUES (?, ?, ?, ?, ?)",
                (pet.id, pet.name, pet.category_id, status_to_db(pet.status), when))
            self._upsert_mirror(conn, [pet], when)

    def forget_looked_up(self, pet_id: int) -> None:
        """The service answered 404: the stored copy must not be shown as current, nor
        found by name in the catalogue."""
        with self._mirror_tx() as conn:
            conn.execute("DELETE FROM looked_up WHERE pet_id = ?", (pet_id,))
            conn.execute("DELETE FROM mirror_pet WHERE pet_id = ?", (pet_id,))

    def looked_up(self, pet_id: int) -> StoredPet | None:
        """The stored answer for a look-up by id: the newest copy among looked-up pets
        and the catalogue mirror (``None`` when the store has never seen it)."""
        mirrored = (" UNION ALL SELECT pet_id, name, category_id, pet_status, seen_at "
                    "FROM mirror_pet WHERE pet_id = ?1") if self._mirror_attached else ""
        rows = self._read(
            "SELECT pet_id, name, category_id, pet_status, fetched_at FROM looked_up "  # noqa: S608
            f"WHERE pet_id = ?1{mirrored} ORDER BY 5 DESC LIMIT 1", (pet_id,))
        if not rows:
            return None
        return StoredPet(_pet_row(rows[0]), float(rows[0][4]))

    # -- the newest id -----------------------------------------------------------------

    def note_newest_id(self, pet_id: int, *, verified: bool) -> None:
        """Record an id the service has given. ``verified``: it was the newest pet at
        that moment (a listing reached the end, or the service just created it)."""
        with self._tx() as conn:
            self._note_newest(conn, pet_id, verified)

    def _note_newest(self, conn: sqlite3.Connection, pet_id: int, verified: bool) -> None:
        conn.execute(
            "INSERT INTO meta VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET "
            "value = MAX(CAST(value AS INTEGER), CAST(excluded.value AS INTEGER))",
            (_NEWEST_ID, str(pet_id)))
        if verified:
            conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                         (_NEWEST_VERIFIED, repr(self._clock.time())))

    def newest_known_id(self) -> int:
        """The highest pet id this store has seen anywhere (0 when none)."""
        mirrored = " UNION ALL SELECT MAX(pet_id) FROM mirror_pet" \
            if self._mirror_attached else ""
        row = self._read(
            "SELECT MAX(v) FROM ("  # noqa: S608
            " SELECT CAST(value AS INTEGER) AS v FROM meta WHERE key = ?"
            " UNION ALL SELECT MAX(pet_id) FROM seen_row"
            " UNION ALL SELECT MAX(pet_id) FROM looked_up"
            f"{mirrored} UNION ALL SELECT MAX(pet_id) FROM outbox)", (_NEWEST_ID,))
        return int(row[0][0] or 0)

    def newest_id_verified(self, max_age: float | None = None) -> bool:
        """True once a listing to the last page told the store which pet was the newest
        (within ``max_age`` seconds, when given)."""
        rows = self._read("SELECT value FROM meta WHERE key = ?", (_NEWEST_VERIFIED,))
        if not rows:
            return False
        return max_age is None or self._clock.time() - float(rows[0][0]) <= max_age

    # -- the tail of the listing -------------------------------------------------------

    def tail_link(self, status: PetStatus | None) -> tuple[str, int] | None:
        """The service's link to the last page of ``GET /pets`` (with ``status``) seen
        when a listing reached the end, and the highest id listed before that page."""
        rows = self._read("SELECT value FROM meta WHERE key = ?",
                          (_TAIL + _status_key(status),))
        if not rows:
            return None
        after, _, url = str(rows[0][0]).partition(" ")
        return url, int(after)

    def set_tail_link(self, status: PetStatus | None, url: str, after_id: int) -> None:
        with self._tx() as conn:
            conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                         (_TAIL + _status_key(status), f"{int(after_id)} {url}"))

    # -- the outbox --------------------------------------------------------------------

    def queue(self, draft: Draft, *, origin: str | None = None) -> OutboxEntry:
        """Add an entry (WAITING) and return it once it is on disk."""
        now = self._clock.time()
        floor = self.newest_known_id()
        with self._tx() as conn:
            cursor = conn.execute(
                "INSERT INTO outbox (environment, name, category_id, pet_status, created_at, "
                "state, floor_id, updated_at, origin) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (self._environment, draft.name, draft.category_id, status_to_db(draft.status),
                 now, OutboxState.WAITING.value, floor, now, origin))
            local_id = int(cursor.lastrowid or 0)
        return self.entry(local_id)

    def queue_many(self, items: Iterable[tuple[Draft, str | None]]) -> list[int]:
        """Queue many adds in one transaction (a bulk import): ``(draft, origin)`` pairs.
        Returns their local ids, in order, once all are on disk."""
        now = self._clock.time()
        floor = self.newest_known_id()
        ids: list[int] = []
        with self._tx() as conn:
            for draft, origin in items:
                cursor = conn.execute(
                    "INSERT INTO outbox (environment, name, category_id, pet_status, "
                    "created_at, state, floor_id, updated_at, origin) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (self._environment, draft.name, draft.category_id,
                     status_to_db(draft.status), now, OutboxState.WAITING.value, floor, now,
                     origin))
                ids.append(int(cursor.lastrowid or 0))
        return ids

    def hold(self, origin_prefix: str, held: bool) -> int:
        """Pause (``held=True``) or resume the waiting entries whose origin starts with
        ``origin_prefix``. Returns how many changed."""
        with self._tx() as conn:
            cursor = conn.execute(
                "UPDATE outbox SET held = ?, updated_at = ? WHERE state = 'waiting' "
                "AND substr(origin, 1, ?) = ? AND held != ?",
                (held, self._clock.time(), len(origin_prefix), origin_prefix, held))
            return cursor.rowcount

    def cancel_batch(self, origin_prefix: str) -> int:
        """Cancel every waiting entry whose origin starts with ``origin_prefix``."""
        with self._tx() as conn:
            cursor = conn.execute(
                "UPDATE outbox SET state = 'cancelled', updated_at = ? WHERE state = "
                "'waiting' AND substr(origin, 1, ?) = ?",
                (self._clock.time(), len(origin_prefix), origin_prefix))
            return cursor.rowcount

    def batch_counts(self, origin_prefix: str) -> dict[OutboxState, int]:
        """How many entries of a batch are in each state (for a progress bar)."""
        rows = self._read("SELECT state, COUNT(*) FROM outbox WHERE substr(origin, 1, ?) = ? "
                          "GROUP BY state", (len(origin_prefix), origin_prefix))
        counts = dict.fromkeys(OutboxState, 0)
        counts.update({OutboxState(state): int(n) for state, n in rows})
        return counts

    def entry(self, local_id: int) -> OutboxEntry:
        rows = self._read(f"SELECT {_OUTBOX_COLUMNS} FROM outbox WHERE local_id = ?",  # noqa: S608
                          (local_id,))
        if not rows:
            raise OutboxError(f"no outbox entry {local_id}")
        return _entry(rows[0])

    def entries(self, *, include_finished: bool = False) -> list[OutboxEntry]:
        """The outbox in queue order (by default only entries not yet finished)."""
        where = "" if include_finished else "WHERE state NOT IN ('sent', 'failed', 'cancelled')"
        rows = self._read(f"SELECT {_OUTBOX_COLUMNS} FROM outbox {where} ORDER BY local_id")  # noqa: S608
        return [_entry(row) for row in rows]

    def pending_count(self) -> int:
        """How many adds wait to be sent (for the status bar)."""
        row = self._read("SELECT COUNT(*) FROM outbox "
                         "WHERE state NOT IN ('sent', 'failed', 'cancelled')")
        return int(row[0][0])

    def first_in(self, *states: OutboxState) -> OutboxEntry | None:
        """The oldest entry in one of ``states`` (WAITING ones that are held skipped)."""
        marks = ", ".join("?" for _ in states)
        rows = self._read(
            f"SELECT {_OUTBOX_COLUMNS} FROM outbox WHERE state IN ({marks}) "  # noqa: S608
            "AND NOT (held AND state = 'waiting') ORDER BY origin IS NOT NULL, local_id "
            "LIMIT 1",
            tuple(s.value for s in states))
        return _entry(rows[0]) if rows else None

    def claimed_ids(self) -> frozenset[int]:
        """Pet ids already given to outbox entries (never matched to another one)."""
        rows = self._read("SELECT pet_id FROM outbox WHERE pet_id IS NOT NULL")
        return frozenset(int(r[0]) for r in rows)

    def edit(self, local_id: int, draft: Draft) -> OutboxEntry:
        """Change a waiting entry. Raises :class:`OutboxError` once it is being sent."""
        self._change(local_id, (OutboxState.WAITING,), OutboxState.WAITING,
                     "name = ?, category_id = ?, pet_status = ?",
                     (draft.name, draft.category_id, status_to_db(draft.status)))
        return self.entry(local_id)

    def cancel(self, local_id: int) -> OutboxEntry:
        """Cancel a waiting entry (or, after an ambiguous check, one the user says is
        already there). Raises :class:`OutboxError` once it is being sent."""
        self._change(local_id, (OutboxState.WAITING, OutboxState.NEEDS_DECISION),
                     OutboxState.CANCELLED)
        return self.entry(local_id)

    def choose_created(self, local_id: int, pet_id: int) -> OutboxEntry:
        """The user picked which listed pet is this add (after NEEDS_DECISION)."""
        entry = self.entry(local_id)
        if entry.state is not OutboxState.NEEDS_DECISION or pet_id not in entry.candidates:
            raise OutboxError(f"outbox entry {local_id} has no candidate {pet_id}")
        self.mark_sent(local_id, pet_id)
        return self.entry(local_id)

    def send_again(self, local_id: int) -> OutboxEntry:
        """The user says none of the candidates is this add (NEEDS_DECISION), or asks to
        retry one the service refused (FAILED): it waits to be sent again."""
        self._change(local_id, (OutboxState.NEEDS_DECISION, OutboxState.FAILED),
                     OutboxState.WAITING, "reason = NULL, candidates = ''")
        return self.entry(local_id)

    def mark_sending(self, local_id: int) -> OutboxEntry:
        """Durably mark the entry as being sent, *before* its request leaves, with its
        floor raised to the newest id known now (and whether that one is verified)."""
        floor, verified = self.newest_known_id(), self.newest_id_verified()
        self._change(local_id, (OutboxState.WAITING,), OutboxState.SENDING,
                     "attempts = attempts + 1, floor_id = MAX(floor_id, ?), floor_verified = ?",
                     (floor, verified))
        return self.entry(local_id)

    def ahead_of(self, local_id: int) -> int:
        """How many entries to be sent or checked go before this one: the user's own
        adds (no origin) go before imported rows, each kind in queue order; an entry
        being sent or checked always goes first."""
        row = self._read(
            "SELECT COUNT(*) FROM outbox AS o, (SELECT origin IS NOT NULL AS late FROM "
            "outbox WHERE local_id = ?) AS me WHERE o.local_id != ? AND NOT o.held AND "
            "(o.state IN ('sending', 'outcome_unknown') OR (o.state = 'waiting' AND "
            "((o.origin IS NOT NULL) < me.late OR ((o.origin IS NOT NULL) = me.late "
            "AND o.local_id < ?))))", (local_id, local_id, local_id))
        return int(row[0][0])

    def mark_sent(self, local_id: int, pet_id: int, answer: PetRow | None = None) -> None:
        """Created with ``pet_id`` (from a 201, a reconciliation, or the user's choice).

        The pet goes into the catalogue in the same transaction, so a search by name
        finds it from the moment the service answered, before any update of the
        catalogue lists it: ``answer`` as the service returned or listed it, else
        the add as it was sent."""
        with self._mirror_tx() as conn:
            self._set_state(conn, local_id, _SENT_FROM, OutboxState.SENT,
                            "pet_id = ?, reason = NULL, candidates = ''", (pet_id,))
            self._note_newest(conn, pet_id, verified=False)
            if answer is None:
                name, category_id, status = conn.execute(
                    "SELECT name, category_id, pet_status FROM outbox WHERE local_id = ?",
                    (local_id,)).fetchone()
                answer = PetRow(pet_id, str(name), int(category_id), status_from_db(status))
            self._upsert_mirror(conn, [answer._replace(id=pet_id)], self._clock.time())

    def mark_failed(self, local_id: int, reason: str) -> None:
        self._change(local_id, (OutboxState.SENDING, OutboxState.OUTCOME_UNKNOWN),
                     OutboxState.FAILED, "reason = ?", (reason,))

    def mark_waiting(self, local_id: int, reason: str | None = None) -> None:
        """Back to WAITING: not sent (network down, quota), or known not created."""
        self._change(local_id, _WAITING_FROM, OutboxState.WAITING,
                     "reason = ?, candidates = ''", (reason,))

    def mark_unknown(self, local_id: int) -> None:
        self._change(local_id, (OutboxState.SENDING,), OutboxState.OUTCOME_UNKNOWN)

    def mark_needs_decision(self, local_id: int, candidates: Iterable[int]) -> None:
        text = ",".join(str(int(c)) for c in candidates)
        self._change(local_id, (OutboxState.OUTCOME_UNKNOWN,), OutboxState.NEEDS_DECISION,
                     "candidates = ?", (text,))

    def recover_interrupted(self) -> int:
        """At start-up: entries left SENDING by a crash become OUTCOME_UNKNOWN (their
        request may have reached the service). Returns how many."""
        with self._tx() as conn:
            cursor = conn.execute(
                "UPDATE outbox SET state = ?, updated_at = ? WHERE state = ?",
                (OutboxState.OUTCOME_UNKNOWN.value, self._clock.time(),
                 OutboxState.SENDING.value))
            return cursor.rowcount

    def _change(self, local_id: int, allowed: tuple[OutboxState, ...], new: OutboxState,
                assignments: str = "", args: tuple[Any, ...] = ()) -> None:
        with self._tx() as conn:
            self._set_state(conn, local_id, allowed, new, assignments, args)

    def _set_state(self, conn: sqlite3.Connection, local_id: int,
                   allowed: tuple[OutboxState, ...], new: OutboxState, assignments: str,
                   args: tuple[Any, ...]) -> None:
        row = conn.execute("SELECT state FROM outbox WHERE local_id = ?", (local_id,)).fetchone()
        if row is None:
            raise OutboxError(f"no outbox entry {local_id}")
        current = OutboxState(row[0])
        if current not in allowed:
            raise OutboxError(f"outbox entry {local_id} is {current.value}, not "
                              + " or ".join(s.value for s in allowed))
        extra = f", {assignments}" if assignments else ""
        conn.execute(f"UPDATE outbox SET state = ?, updated_at = ?{extra} "  # noqa: S608
                     "WHERE local_id = ?",
                     (new.value, self._clock.time(), *args, local_id))

    # -- bulk imports -------------------------------------------------------

    def queue_unique(self, items: Iterable[tuple[Draft, str]]) -> int:
        """Queue the ``(draft, origin)`` adds whose origin the outbox does not hold yet
        (sent or not), in one transaction: a re-run of the same import queues nothing
        twice. Returns how many were new, once they are on disk."""
        now = self._clock.time()
        floor = self.newest_known_id()
        added = 0
        with self._tx() as conn:
            for draft, origin in items:
                added += conn.execute(
                    "INSERT INTO outbox (environment, name, category_id, pet_status, "
                    "created_at, state, floor_id, updated_at, origin) SELECT ?2, ?3, ?4, ?5, "
                    "?6, 'waiting', ?7, ?8, ?1 WHERE NOT EXISTS "
                    "(SELECT 1 FROM outbox WHERE origin = ?1)",
                    (origin, self._environment, draft.name, draft.category_id,
                     status_to_db(draft.status), now, floor, now)).rowcount
        return added

    def entries_from(self, origin_prefix: str) -> list[OutboxEntry]:
        """Every entry, finished or not, whose origin starts with ``origin_prefix``
        (one import batch), in queue order."""
        upper = origin_prefix + "\U0010ffff"
        rows = self._read(f"SELECT {_OUTBOX_COLUMNS} FROM outbox "  # noqa: S608
                          "WHERE origin >= ? AND origin < ? ORDER BY local_id",
                          (origin_prefix, upper))
        return [_entry(row) for row in rows]

    def fact(self, key: str) -> str | None:
        """A remembered value (e.g. a column mapping, as JSON); ``None`` when unset."""
        rows = self._read("SELECT value FROM meta WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    def set_fact(self, key: str, value: str) -> None:
        with self._tx() as conn:
            conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    # -- the catalogue mirror -------------------------------------------------

    @property
    def mirror_path(self) -> Path | None:
        """The mirror's own file (``None``: kept in memory with the store)."""
        if self._path is None:
            return None
        return self._path.with_name(
            self._path.name.removesuffix(self._path.suffix) + ".catalogue" + self._path.suffix)

    def open_mirror(self) -> str | None:
        """Attach the mirror's file (every mirror method does it on first use: call it
        on the worker after the first paint). Never raises for a bad file: one that
        cannot be read is set aside and the mirror starts empty, or, if no file can
        be written, lives in memory for this session. Returns the plain sentence
        saying so (also kept in :attr:`mirror_problem`), ``None`` when all is well."""
        with self._lock:
            if not self._mirror_attached:
                self._mirror_problem = self._attach_mirror()
                self._mirror_attached = True
            return self._mirror_problem

    @property
    def mirror_problem(self) -> str | None:
        return self._mirror_problem

    def _attach_mirror(self) -> str | None:
        path = self.mirror_path
        if path is None:
            self._attach(None)
            return None
        try:
            self._attach(path)
            return None
        except (sqlite3.Error, OSError, NewerSchemaError) as exc:
            log.warning("the catalogue file %s could not be opened: %s", path,
                        type(exc).__name__)
            self._detach()
        aside = _set_aside(path, self._clock)
        try:
            if aside is None:
                raise OSError("the catalogue file cannot be moved aside")
            self._attach(path)
        except (sqlite3.Error, OSError, NewerSchemaError):
            self._detach()
            self._attach(None)
            return _MIRROR_MEMORY_MESSAGE
        return _MIRROR_SET_ASIDE_MESSAGE.format(name=aside.name)

    def _attach(self, path: Path | None) -> None:
        conn = self._conn
        conn.execute("ATTACH DATABASE ? AS mirror", (":memory:" if path is None else str(path),))
        mode = conn.execute("PRAGMA mirror.journal_mode = WAL").fetchone()[0]
        if str(mode).lower() not in ("wal", "memory"):
            raise sqlite3.OperationalError(f"journal mode {mode!r} instead of WAL")
        # A lost last page after a power cut is fetched again: no fsync per page.
        conn.execute("PRAGMA mirror.synchronous = NORMAL")
        check = conn.execute("PRAGMA mirror.quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise sqlite3.DatabaseError(f"integrity check failed: {check!r}")
        migrate(conn, len(MIRROR_MIGRATIONS), migrations=MIRROR_MIGRATIONS, schema="mirror")

    def _detach(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._conn.execute("DETACH DATABASE mirror")

    def _mirror_read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        self.open_mirror()
        return self._read(sql, args)

    @contextlib.contextmanager
    def _mirror_tx(self) -> Iterator[sqlite3.Connection]:
        self.open_mirror()
        with self._tx() as conn:
            yield conn

    def mirror_upsert(self, rows: Iterable[PetRow], seen_at: float | None = None) -> None:
        when = self._clock.time() if seen_at is None else seen_at
        with self._mirror_tx() as conn:
            self._upsert_mirror(conn, rows, when)

    @staticmethod
    def _upsert_mirror(conn: sqlite3.Connection, rows: Iterable[PetRow], when: float) -> None:
        conn.executemany(
            "INSERT OR REPLACE INTO mirror_pet VALUES (?, ?, ?, ?, ?, ?)",
            [(r.id, r.name, fold_name(r.name), r.category_id, status_to_db(r.status), when)
             for r in rows])

    def mirror_save_page(self, rows: Iterable[PetRow], state: MirrorState, *,
                         sweep: tuple[float, int] | None = None,
                         seen_at: float | None = None) -> None:
        """One page of a mirror pass and the progress after it, in one transaction (a
        crash keeps both or neither, so a resumed pass never skips a page).

        ``sweep=(started_at, up_to_id)`` ends a full pass: mirrored pets with ids up
        to ``up_to_id`` that the pass did not list (not seen since ``started_at``)
        are dropped, since the service no longer lists them."""
        when = self._clock.time() if seen_at is None else seen_at
        with self._mirror_tx() as conn:
            self._upsert_mirror(conn, rows, when)
            if sweep is not None:
                conn.execute("DELETE FROM mirror_pet WHERE seen_at < ? AND pet_id <= ?", sweep)
            self._write_mirror_state(conn, state)

    def mirror_seen_since(self, ids: Iterable[int], since: float) -> int:
        """How many of ``ids`` the mirror has seen at or after ``since`` (a pass's
        start): a page whose pets were all listed already is a page repeated."""
        wanted = sorted(set(ids))
        if not wanted:
            return 0
        marks = ", ".join("?" for _ in wanted)
        return int(self._mirror_read(
            f"SELECT COUNT(*) FROM mirror_pet WHERE seen_at >= ? AND pet_id IN ({marks})",  # noqa: S608
            (since, *wanted))[0][0])

    def mirror_count(self) -> int:
        return int(self._mirror_read("SELECT COUNT(*) FROM mirror_pet")[0][0])

    def mirror_rows(self, *, newest_first: bool = False, limit: int = -1,
                    offset: int = 0) -> list[PetRow]:
        order = "DESC" if newest_first else "ASC"
        rows = self._mirror_read(
            "SELECT pet_id, name, category_id, pet_status FROM mirror_pet "  # noqa: S608
            f"ORDER BY pet_id {order} LIMIT ? OFFSET ?", (limit, offset))
        return list(_pet_rows(rows))

    def mirror_find(self, text: str, *, limit: int = 200) -> list[PetRow]:
        """Mirrored pets whose folded name contains the folded ``text``, newest first."""
        if not fold_name(text.strip()):
            return []
        return self.mirror_search(MirrorQuery(text), limit=limit)

    def mirror_search(self, query: MirrorQuery, *, offset: int = 0,
                      limit: int = 200) -> list[PetRow]:
        """One window of the pets matching ``query`` (folded name contains the folded
        text; every pet for empty text), in the query's order, ties broken by id.

        Windows are ``offset``/``limit`` so a view can fetch rows lazily: only the
        window asked for is read into memory. Pets the filler adds meanwhile shift
        later windows; a view re-reads its count when the filler reports a change."""
        where, args = _mirror_where(query.text)
        rows = self._mirror_read(
            "SELECT pet_id, name, category_id, pet_status FROM mirror_pet "  # noqa: S608
            f"{where} ORDER BY {_mirror_order(query)} LIMIT ? OFFSET ?",
            (*args, max(0, limit), max(0, offset)))
        return list(_pet_rows(rows))

    def mirror_search_count(self, query: MirrorQuery) -> int:
        """How many pets match ``query`` (the number of rows a view has)."""
        where, args = _mirror_where(query.text)
        return int(self._mirror_read(f"SELECT COUNT(*) FROM mirror_pet {where}", args)[0][0])  # noqa: S608

    def mirror_position(self, query: MirrorQuery, pet_id: int) -> int | None:
        """The row of ``pet_id`` among the matches of ``query`` (``None``: not a match),
        so a view can scroll to a pet (the one just added, or looked up)."""
        where, args = _mirror_where(query.text)
        found = self._mirror_read(
            f"SELECT n FROM (SELECT pet_id, ROW_NUMBER() OVER (ORDER BY "  # noqa: S608
            f"{_mirror_order(query)}) - 1 AS n FROM mirror_pet {where}) WHERE pet_id = ?",
            (*args, pet_id))
        return int(found[0][0]) if found else None

    def mirror_state(self) -> MirrorState:
        row = self._mirror_read(f"SELECT {_MIRROR_COLUMNS} FROM mirror_state")[0]  # noqa: S608
        kind = None if row[4] is None else PassKind(row[4])
        return MirrorState(row[0], row[1], row[2], row[3], kind, row[5], row[6],
                           int(row[7]), row[8], int(row[9]), int(row[10]), int(row[11]),
                           row[12])

    def set_mirror_state(self, state: MirrorState) -> None:
        with self._mirror_tx() as conn:
            self._write_mirror_state(conn, state)

    @staticmethod
    def _write_mirror_state(conn: sqlite3.Connection, state: MirrorState) -> None:
        values = list(state)
        values[4] = None if state.pass_kind is None else state.pass_kind.value
        marks = ", ".join(f"{name} = ?" for name in _MIRROR_COLUMNS.split(", "))
        conn.execute(f"UPDATE mirror_state SET {marks}", values)  # noqa: S608

    def mirror_settings(self) -> MirrorSettings:
        """The mirror's schedule and quota share (defaults until the user changes them)."""
        rows = dict(self._read("SELECT key, value FROM meta WHERE key LIKE 'mirror.%'"))
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

    def set_mirror_settings(self, settings: MirrorSettings) -> None:
        with self._tx() as conn:
            conn.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", [
                (_UPDATE_EVERY, repr(settings.update_every)),
                (_FULL_EVERY, repr(settings.full_every)),
                (_DAY_SHARE, repr(settings.day_share)),
                (_DAILY_QUOTA, str(settings.daily_quota)),
                (_ENABLED, "1" if settings.enabled else "0")])


_MIRROR_COLUMNS: Final = (
    "next_url, pass_started_at, complete_at, highest_id, pass_kind, last_update_at, "
    "last_full_at, requests_total, day, day_requests, pass_requests, pass_rows, tail_url")
_UPDATE_EVERY: Final = "mirror.update_every"
_FULL_EVERY: Final = "mirror.full_every"
_DAY_SHARE: Final = "mirror.day_share"
_DAILY_QUOTA: Final = "mirror.daily_quota"
_ENABLED: Final = "mirror.enabled"
#: ORDER BY of each sort: ties by id; "no status" after every status (as in the table).
_MIRROR_ORDERS: Final = {
    MirrorSort.ID: ("pet_id",),
    MirrorSort.NAME: ("folded_name", "pet_id"),
    MirrorSort.CATEGORY: ("category_id", "pet_id"),
    MirrorSort.STATUS: ("pet_status IS NULL", "pet_status", "pet_id"),
}


def _mirror_order(query: MirrorQuery) -> str:
    direction = " DESC" if query.descending else ""
    return ", ".join(term + direction for term in _MIRROR_ORDERS[query.sort])


def _mirror_where(text: str) -> tuple[str, tuple[Any, ...]]:
    needle = fold_name(text.strip())
    if not needle:
        return "", ()
    return "WHERE instr(folded_name, ?) > 0", (needle,)


_SENT_FROM: Final = (OutboxState.SENDING, OutboxState.OUTCOME_UNKNOWN,
                     OutboxState.NEEDS_DECISION)
_WAITING_FROM: Final = (OutboxState.SENDING, OutboxState.OUTCOME_UNKNOWN,
                        OutboxState.NEEDS_DECISION, OutboxState.WAITING)


def _read_page(conn: sqlite3.Connection, query: StoredQuery) -> StoredPage | None:
    key = (_status_key(query.status), query.limit)
    head = conn.execute("SELECT fetched_at, updated_at, next_url FROM seen_query "
                        "WHERE status = ? AND page_limit = ?", key).fetchone()
    if head is None:
        return None
    rows = conn.execute("SELECT pet_id, name, category_id, pet_status FROM seen_row "
                        "WHERE status = ? AND page_limit = ? ORDER BY position", key).fetchall()
    return StoredPage(query, _pet_rows(rows), float(head[0]), float(head[1]), head[2])


def peek_stored_page(path: Path, query: StoredQuery) -> StoredPage | None:
    """The rows last seen for ``query`` in the store file at ``path``, read without
    opening the store: read-only, no file created, nothing migrated or set aside
    (:func:`open_store` does that, on the worker). ``None`` when there is nothing to
    show or the file cannot be read as it is. For the first paint, off the GUI thread."""
    if not path.is_file():
        return None
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                               timeout=_BUSY_TIMEOUT, check_same_thread=False)
    except sqlite3.Error:
        return None
    try:
        version = conn.execute("PRAGMA user_version").fetchone()
        if version is None or int(version[0]) != CURRENT_VERSION:
            return None
        return _read_page(conn, query)
    except (sqlite3.Error, ValueError):
        return None
    finally:
        conn.close()


# -- opening -------------------------------------------------------------------------------


@dataclass(frozen=True)
class OpenedStore:
    """What :func:`open_store` gives: always a working store, and what went wrong."""

    store: LocalStore
    #: One plain sentence for the UI, or ``None`` when the file opened normally.
    problem: str | None = None
    #: Where an unreadable file was moved to.
    set_aside_as: Path | None = None


_SET_ASIDE_MESSAGE: Final = (
    "PetDesk could not read its saved data, so it moved the file aside as “{name}” "
    "and started with an empty store. Adds that were waiting to be sent may be in "
    "that file; they have not been sent."
)
_MEMORY_MESSAGE: Final = (
    "PetDesk cannot save data on this computer right now ({why}). It works normally, "
    "but pets shown and adds waiting to be sent are kept only until PetDesk closes."
)
_LOCKED_MESSAGE: Final = "another PetDesk window is using the saved data"
_MIRROR_SET_ASIDE_MESSAGE: Final = (
    "PetDesk could not read its saved copy of the catalogue, so it moved the file aside "
    "as “{name}” and is downloading the catalogue again. Nothing else was affected."
)
_MIRROR_MEMORY_MESSAGE: Final = (
    "PetDesk cannot save its copy of the catalogue on this computer right now, so it "
    "keeps it only until PetDesk closes."
)


def open_store(path: Path | None, environment: str, *,
               clock: Clock | None = None) -> OpenedStore:
    """Open (or create) the store at ``path``; ``None`` keeps it in memory.

    Never raises for a bad file: a corrupt or unreadable file (garbage, truncated, a
    directory in its place, no permission, written by a newer PetDesk) is renamed to
    ``<name>.unreadable-<UTC time>`` and a new, empty store is created; if even that
    fails, the store lives in memory for this session. ``problem`` says so in plain words.
    """
    clock = clock or SystemClock()
    if path is None:
        return OpenedStore(_connect(None, environment, clock))
    try:
        return OpenedStore(_connect(path, environment, clock))
    except (sqlite3.Error, OSError, NewerSchemaError, ValueError) as exc:
        log.warning("the store %s could not be opened: %s: %s", path, type(exc).__name__, exc)
        if _is_locked(exc):
            return _in_memory(environment, clock, _LOCKED_MESSAGE)
        aside = _set_aside(path, clock)
        if aside is None:
            return _in_memory(environment, clock, "its data file cannot be opened or moved")
    try:
        store = _connect(path, environment, clock)
    except (sqlite3.Error, OSError, NewerSchemaError, ValueError) as exc:
        log.warning("a new store at %s could not be created: %s", path, type(exc).__name__)
        return _in_memory(environment, clock, "its data folder cannot be written to")
    return OpenedStore(store, _SET_ASIDE_MESSAGE.format(name=aside.name), aside)


def _in_memory(environment: str, clock: Clock, why: str) -> OpenedStore:
    return OpenedStore(_connect(None, environment, clock), _MEMORY_MESSAGE.format(why=why))


def _is_locked(exc: BaseException) -> bool:
    return isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc).lower()


def _connect(path: Path | None, environment: str, clock: Clock) -> LocalStore:
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
    target = ":memory:" if path is None else str(path)
    conn = sqlite3.connect(target, timeout=_BUSY_TIMEOUT, isolation_level=None,
                           check_same_thread=False)
    try:
        _prepare(conn, environment)
    except BaseException:
        conn.close()
        raise
    return LocalStore(conn, path, environment, clock)


def _prepare(conn: sqlite3.Connection, environment: str) -> None:
    mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if str(mode).lower() not in ("wal", "memory"):
        raise sqlite3.OperationalError(f"journal mode {mode!r} instead of WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    check = conn.execute("PRAGMA quick_check").fetchone()
    if check is None or check[0] != "ok":
        raise sqlite3.DatabaseError(f"integrity check failed: {check!r}")
    migrate(conn, CURRENT_VERSION)
    conn.execute("INSERT OR IGNORE INTO meta VALUES (?, ?)", (_ENVIRONMENT, environment))


def _set_aside(path: Path, clock: Clock) -> Path | None:
    """Rename the file (and its -wal/-shm companions); ``None`` if it cannot be moved."""
    stamp = datetime.fromtimestamp(clock.time(), UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.unreadable-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.unreadable-{stamp}-{counter}")
    try:
        path.rename(target)
    except FileNotFoundError:
        pass
    except OSError as exc:
        log.warning("could not move the unreadable store aside: %s", type(exc).__name__)
        return None
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        with contextlib.suppress(FileNotFoundError, OSError):
            companion.rename(target.with_name(target.name + suffix))
    return target
