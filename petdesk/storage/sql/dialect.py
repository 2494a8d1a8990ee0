"""How a store's database spells the SQL the repositories share, and what a store's
database and connection offer them.

The embedded store (SQLite) keeps one environment per file, so its tables are not
scoped; the shared store (PostgreSQL) keeps every environment in the same tables, and
each of its statements names the environment first: :meth:`Dialect.where` puts the
condition first, :meth:`Dialect.args` its value first, :meth:`Dialect.upsert` the
column first.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, ClassVar, Protocol, TypeVar

from petdesk.core.clock import Clock

__all__ = ["Dialect", "SqlConnection", "SqlCursor", "SqlDatabase"]


class SqlCursor(Protocol):
    """What a statement's result offers: its first row, the rows it changed."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...


class SqlConnection(Protocol):
    """A connection inside a write transaction."""

    def execute(self, sql: str, args: Any = ..., /) -> SqlCursor: ...


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

    def args(self, *values: Any) -> tuple[Any, ...]:
        """The arguments of :meth:`where`'s conditions, the environment's first."""
        return values if self.environment is None else (self.environment, *values)

    @abstractmethod
    def starts_with(self, column: str, prefix: str) -> tuple[str, tuple[Any, ...]]:
        """The condition that ``column`` starts with ``prefix``, and its arguments."""

    @abstractmethod
    def upsert(self, table: str, columns: Sequence[str], key: Sequence[str]) -> str:
        """The statement that inserts a row of ``columns`` (the environment's first,
        where rows are scoped), or replaces the one with the same ``key``."""
