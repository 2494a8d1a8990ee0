"""How a store's database spells the SQL the repositories share, and what a store's
database and connection offer them.

The embedded store (SQLite) keeps one environment per file, so its tables are not
scoped; the shared store (PostgreSQL) keeps every environment in the same tables, and
each of its statements names the environment first: :meth:`Dialect.where` puts the
condition first, :meth:`Dialect.args` its value first, :meth:`Dialect.upsert` the
column first.
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from petdesk.core.clock import Clock

__all__ = ["Dialect", "OneConnection", "SqlConnection", "SqlCursor", "SqlDatabase"]


class SqlCursor(Protocol):
    """A statement's result: its rows, how many it changed; or a cursor to run one."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def executemany(self, sql: str, args: Iterable[Any], /) -> object: ...

    def close(self) -> None: ...


class SqlConnection(Protocol):
    """A connection inside a write transaction (its cursor, for many rows at once)."""

    def execute(self, sql: str, args: Any = ..., /) -> SqlCursor: ...

    def cursor(self) -> SqlCursor: ...


C_co = TypeVar("C_co", bound=SqlConnection, covariant=True)


class SqlDatabase(Protocol[C_co]):
    """A store's database: its clock, its dialect, its transactions and reads."""

    @property
    def clock(self) -> Clock: ...

    @property
    def dialect(self) -> Dialect: ...

    def tx(self) -> AbstractContextManager[C_co]: ...

    def read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]: ...


class Dialect(ABC):
    """The spelling of one database, and the environment its rows are scoped to
    (``None``: the store holds one environment and its tables are not scoped)."""

    #: The placeholder of one argument.
    mark: ClassVar[str]
    #: The function giving the larger of two values.
    greatest: ClassVar[str]
    #: What a SELECT inside a write transaction adds to keep the rows it read from
    #: other writers until the transaction ends ("": the transaction holds them all).
    row_lock: ClassVar[str]
    #: The function giving where a text stands in another (0: nowhere), as
    #: ``position(haystack, needle)``.
    position: ClassVar[str]
    #: The LIMIT argument that means "no limit".
    no_limit: ClassVar[int | None]

    def __init__(self, environment: str | None = None) -> None:
        self.environment = environment

    def marks(self, count: int) -> str:
        return ", ".join([self.mark] * count)

    def where(self, *conditions: str, table: str = "") -> str:
        """`` WHERE`` and the conditions, the environment's first (``table``: the
        alias its column is named by, with its dot); ``""`` when there are none."""
        terms = list(conditions)
        if self.environment is not None:
            terms.insert(0, f"{table}environment = {self.mark}")
        return f" WHERE {' AND '.join(terms)}" if terms else ""

    def key(self, *columns: str) -> str:
        """A key of ``columns``, the environment's first where rows are scoped."""
        return ", ".join(columns if self.environment is None else ("environment", *columns))

    def args(self, *values: Any) -> tuple[Any, ...]:
        """The arguments of :meth:`where`'s conditions, the environment's first."""
        return values if self.environment is None else (self.environment, *values)

    def limit(self, count: int) -> int | None:
        """The LIMIT argument of ``count`` rows (below 0: every row)."""
        return self.no_limit if count < 0 else count

    @abstractmethod
    def one_of(self, column: str, values: Sequence[Any]) -> tuple[str, tuple[Any, ...]]:
        """The condition that ``column`` is one of ``values``, and its arguments."""

    @abstractmethod
    def starts_with(self, column: str, prefix: str) -> tuple[str, tuple[Any, ...]]:
        """The condition that ``column`` starts with ``prefix``, and its arguments."""

    @abstractmethod
    def upsert(self, table: str, columns: Sequence[str], key: Sequence[str]) -> str:
        """The statement that inserts a row of ``columns`` (the environment's first,
        where rows are scoped), or replaces the one with the same ``key``."""


class _Closable(Protocol):
    def close(self) -> None: ...


K = TypeVar("K", bound=_Closable)


class OneConnection(Generic[K]):
    """The one connection of a store's database, every use serialised by one lock (the
    worker thread owns the store), closed once; with the store's clock and dialect."""

    def __init__(self, conn: K, clock: Clock, dialect: Dialect) -> None:
        self._conn = conn
        self.clock = clock
        self.dialect = dialect
        self._lock = threading.RLock()
        self._closed = False

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self._conn.close()
