"""The connection of a desk to the shared store: how it is opened (address and
password apart, timeouts so nothing waits forever), and how every repository reads
and writes through it.

The address is a ``postgresql://user@host:port/database?sslmode=…`` URL; psycopg (libpq)
honours every TLS setting in it. The password is given on its own (it lives in the
keyring) and never goes into the address, a log line, an exception or a repr.

Threads: one connection per store, every use serialised by a lock (the worker thread
owns the store, as with SQLite). Each write is one transaction; reads outside a
transaction run in autocommit and see what other desks committed at once.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

import psycopg
from psycopg.conninfo import conninfo_to_dict

from petdesk.core.clock import Clock
from petdesk.core.store_trouble import StoreTrouble
from petdesk.storage.rows import SharedStoreUnavailable
from petdesk.storage.sql.dialect import Dialect, OneConnection

log = logging.getLogger(__name__)

__all__ = ["CONNECT_TIMEOUT", "Connection", "PgDatabase", "PgDialect", "connect", "describe"]

Connection = psycopg.Connection[tuple[Any, ...]]

#: Seconds to wait for the server to answer a connection.
CONNECT_TIMEOUT: Final = 10
#: Milliseconds a statement (a lock wait included) may take before the server stops it.
STATEMENT_TIMEOUT_MS: Final = 30_000
#: A transaction left open (a desk frozen mid-write) is ended by the server after this.
IDLE_IN_TRANSACTION_MS: Final = 60_000
_REFUSED_MARKS: Final = ("password authentication failed", "no password supplied",
                         "authentication failed", "role \"")


def describe(address: str) -> str:
    """``user@host:port/database`` of an address, for logs and reprs (no password)."""
    try:
        parts = conninfo_to_dict(address)
    except psycopg.ProgrammingError:
        return "an address that cannot be read"
    return (f"{parts.get('user', '')}@{parts.get('host', '')}:{parts.get('port', '')}/"
            f"{parts.get('dbname', '')}")


def connect(address: str, password: str | None) -> Connection:
    """Open a connection (autocommit). Raises :class:`SharedStoreUnavailable` when the
    address is not usable, the server cannot be reached in time, or it refuses the
    sign-in."""
    try:
        parts = conninfo_to_dict(address)
    except psycopg.ProgrammingError:
        raise SharedStoreUnavailable(StoreTrouble.UNREACHABLE) from None
    if "password" in parts:
        raise SharedStoreUnavailable(StoreTrouble.ADDRESS_WITH_SIGN_IN)
    options = (f"-c statement_timeout={STATEMENT_TIMEOUT_MS} "
               f"-c idle_in_transaction_session_timeout={IDLE_IN_TRANSACTION_MS}")
    trouble = StoreTrouble.UNREACHABLE
    try:
        return psycopg.connect(address, password=password, connect_timeout=CONNECT_TIMEOUT,
                               autocommit=True, application_name="PetDesk", options=options)
    except psycopg.OperationalError as exc:
        text = str(exc).lower()
        refused = any(mark in text for mark in _REFUSED_MARKS)
        trouble = StoreTrouble.REFUSED if refused else StoreTrouble.UNREACHABLE
        log.warning("the shared store %s could not be opened: %s (%s)", describe(address),
                    type(exc).__name__, "sign-in refused" if refused else "not reached")
    # Raised outside the handler: the driver's error is not even the context.
    raise SharedStoreUnavailable(trouble)


@contextlib.contextmanager
def _reachable(committing: Callable[[], bool] = lambda: False) -> Iterator[None]:
    """The server went away (or a statement ran out of time): say so plainly, and
    whether it happened while ``committing()``."""
    try:
        yield
    except psycopg.OperationalError as exc:
        log.warning("the shared store stopped answering: %s", type(exc).__name__)
        failed = True
    else:
        failed = False
    if failed:
        raise SharedStoreUnavailable(StoreTrouble.UNREACHABLE, maybe_kept=committing())


class PgDialect(Dialect):
    """PostgreSQL's spelling, for one environment's rows."""

    mark = "%s"
    greatest = "GREATEST"
    # Other desks' transactions wait for the rows read until this one ends.
    row_lock = " FOR UPDATE"
    position = "strpos"
    no_limit = None

    def __init__(self, environment: str) -> None:
        super().__init__(environment)

    def one_of(self, column: str, values: Sequence[Any]) -> tuple[str, tuple[Any, ...]]:
        # One array argument, however many values.
        return f"{column} = ANY(%s)", (list(values),)

    def starts_with(self, column: str, prefix: str) -> tuple[str, tuple[Any, ...]]:
        return f"starts_with({column}, %s)", (prefix,)

    def upsert(self, table: str, columns: Sequence[str], key: Sequence[str]) -> str:
        updates = ", ".join(f"{name} = excluded.{name}" for name in columns
                            if name not in key)
        return (f"INSERT INTO {table} (environment, {', '.join(columns)}) "  # noqa: S608
                f"VALUES ({self.marks(len(columns) + 1)}) "
                f"ON CONFLICT ({self.key(*key)}) DO UPDATE SET {updates}")


class PgDatabase(OneConnection[Connection]):
    """One desk's connection to the shared store, for one environment."""

    def __init__(self, conn: Connection, environment: str, clock: Clock) -> None:
        super().__init__(conn, clock, PgDialect(environment))
        self.environment = environment

    @property
    def answering(self) -> bool:
        """False once the connection broke (the server restarted, the network
        dropped): psycopg never reconnects it. A statement that ran out of time leaves
        it answering."""
        return not self._conn.broken

    @contextlib.contextmanager
    def tx(self) -> Iterator[Connection]:
        """One write transaction: committed on exit, rolled back on error."""
        committing = False  # from the end of the body: the COMMIT is under way
        with self._lock, _reachable(lambda: committing), self._conn.transaction():
            yield self._conn
            committing = True

    def read(self, sql: str,
             args: tuple[Any, ...] | dict[str, Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock, _reachable():
            return self._conn.execute(sql, args).fetchall()
