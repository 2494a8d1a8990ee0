"""The one SQLite connection of a store file: how it is opened, and how every
repository reads and writes through it.

Durability: WAL journal with ``synchronous=FULL``, so a write is on disk when the
method returns (a commit survives a crash of the app, kill -9, and a power cut on
hardware that honours fsync). Each write is one transaction.

Threads: one connection per file, every use serialised by a lock. PetDesk's worker
thread owns it; the first paint reads the last session's rows through a read-only
connection of its own (:func:`petdesk.storage.sqlite.store.peek_stored_page`).

The catalogue has a file of its own next to the store, attached as schema ``mirror``
on first use (after the first paint): opening the store never reads 100,000
catalogue rows, and a damaged catalogue file is set aside without touching the
outbox.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from petdesk.core.clock import Clock
from petdesk.storage.sql.dialect import Dialect, OneConnection
from petdesk.storage.sqlite.schema import (
    CURRENT_VERSION,
    MIRROR_MIGRATIONS,
    NewerSchemaError,
    migrate,
)

log = logging.getLogger(__name__)

__all__ = ["BUSY_TIMEOUT", "SQLITE", "Database", "SqliteDialect", "connect", "set_aside"]

BUSY_TIMEOUT: Final = 5.0
_ENVIRONMENT: Final = "environment"
#: The errors that mean "this file cannot be used as it is".
UNREADABLE: Final = (sqlite3.Error, OSError, NewerSchemaError, ValueError)

_CATALOGUE_SET_ASIDE_MESSAGE: Final = (
    "PetDesk could not read its saved copy of the catalogue, so it moved the file aside "
    "as “{name}” and is downloading the catalogue again. Nothing else was affected."
)
_CATALOGUE_MEMORY_MESSAGE: Final = (
    "PetDesk cannot save its copy of the catalogue on this computer right now, so it "
    "keeps it only until PetDesk closes."
)


class SqliteDialect(Dialect):
    """SQLite's spelling. A store file holds one environment: nothing is scoped."""

    mark = "?"
    greatest = "MAX"
    # A write transaction (``BEGIN IMMEDIATE``) holds the whole file.
    row_lock = ""
    position = "instr"
    no_limit = -1

    def one_of(self, column: str, values: Sequence[Any]) -> tuple[str, tuple[Any, ...]]:
        return f"{column} IN ({self.marks(len(values))})", tuple(values)

    def starts_with(self, column: str, prefix: str) -> tuple[str, tuple[Any, ...]]:
        # A range, so that the column's index is used.
        return f"{column} >= ? AND {column} < ?", (prefix, prefix + "\U0010ffff")

    def upsert(self, table: str, columns: Sequence[str], key: Sequence[str]) -> str:
        return (f"INSERT OR REPLACE INTO {table} ({', '.join(columns)}) "  # noqa: S608
                f"VALUES ({self.marks(len(columns))})")


#: The dialect of every store file.
SQLITE: Final = SqliteDialect()


class Database(OneConnection[sqlite3.Connection]):
    """The connection of one store file (``path=None``: kept in memory)."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None, clock: Clock) -> None:
        super().__init__(conn, clock, SQLITE)
        self.path = path
        self._catalogue_attached = False
        self._catalogue_problem: str | None = None

    @contextlib.contextmanager
    def tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed (and synced) on exit, rolled back on error."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    def read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._conn.execute(sql, args).fetchall()

    @contextlib.contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """The connection for several reads in a row (no write lock taken)."""
        with self._lock:
            yield self._conn

    # -- the catalogue's file --------------------------------------------------------------

    @property
    def catalogue_attached(self) -> bool:
        return self._catalogue_attached

    @property
    def catalogue_path(self) -> Path | None:
        """The catalogue's own file (``None``: kept in memory with the store)."""
        if self.path is None:
            return None
        return self.path.with_name(
            self.path.name.removesuffix(self.path.suffix) + ".catalogue" + self.path.suffix)

    def open_catalogue(self) -> str | None:
        """Attach the catalogue's file once. Never raises for a bad file: one that
        cannot be read is set aside and the catalogue starts empty, or, if no file can
        be written, lives in memory for this session. Returns the plain sentence
        saying so, ``None`` when all is well."""
        with self._lock:
            if not self._catalogue_attached:
                self._catalogue_problem = self._attach_catalogue()
                self._catalogue_attached = True
            return self._catalogue_problem

    def catalogue_read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        self.open_catalogue()
        return self.read(sql, args)

    @contextlib.contextmanager
    def catalogue_tx(self) -> Iterator[sqlite3.Connection]:
        """A write transaction that may write the catalogue's tables too."""
        self.open_catalogue()
        with self.tx() as conn:
            yield conn

    def _attach_catalogue(self) -> str | None:
        path = self.catalogue_path
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
        aside = set_aside(path, self.clock)
        try:
            if aside is None:
                raise OSError("the catalogue file cannot be moved aside")
            self._attach(path)
        except (sqlite3.Error, OSError, NewerSchemaError):
            self._detach()
            self._attach(None)
            return _CATALOGUE_MEMORY_MESSAGE
        return _CATALOGUE_SET_ASIDE_MESSAGE.format(name=aside.name)

    def _attach(self, path: Path | None) -> None:
        conn = self._conn
        conn.execute("ATTACH DATABASE ? AS mirror", (":memory:" if path is None else str(path),))
        _use_wal(conn, "mirror")
        # A lost last page after a power cut is fetched again: no fsync per page.
        conn.execute("PRAGMA mirror.synchronous = NORMAL")
        _check(conn, "mirror")
        migrate(conn, len(MIRROR_MIGRATIONS), migrations=MIRROR_MIGRATIONS, schema="mirror")

    def _detach(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._conn.execute("DETACH DATABASE mirror")


def connect(path: Path | None, environment: str, clock: Clock) -> Database:
    """Open the file at ``path`` (``None``: in memory), WAL, migrated to this version.
    Raises one of :data:`UNREADABLE` when the file cannot be used as it is."""
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
    target = ":memory:" if path is None else str(path)
    conn = sqlite3.connect(target, timeout=BUSY_TIMEOUT, isolation_level=None,
                           check_same_thread=False)
    try:
        _use_wal(conn, "main")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        _check(conn, "main")
        migrate(conn, CURRENT_VERSION)
        conn.execute("INSERT OR IGNORE INTO meta VALUES (?, ?)", (_ENVIRONMENT, environment))
    except BaseException:
        conn.close()
        raise
    return Database(conn, path, clock)


def _use_wal(conn: sqlite3.Connection, schema: str) -> None:
    mode = conn.execute(f"PRAGMA {schema}.journal_mode = WAL").fetchone()[0]
    if str(mode).lower() not in ("wal", "memory"):
        raise sqlite3.OperationalError(f"journal mode {mode!r} instead of WAL")


def _check(conn: sqlite3.Connection, schema: str) -> None:
    check = conn.execute(f"PRAGMA {schema}.quick_check").fetchone()
    if check is None or check[0] != "ok":
        raise sqlite3.DatabaseError(f"integrity check failed: {check!r}")


def set_aside(path: Path, clock: Clock) -> Path | None:
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
