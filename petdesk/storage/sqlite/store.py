"""One environment's store in a SQLite file: opening it (never failing for a bad file),
the session that holds its repositories, and the first paint's read-only peek."""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from petdesk.core.clock import Clock, SystemClock
from petdesk.core.desk import Desk
from petdesk.storage.lock import SenderLock
from petdesk.storage.rows import UNKNOWN_DESK, StoredPage, StoredQuery
from petdesk.storage.sql.activity import SqlActivity
from petdesk.storage.sql.pages import read_page
from petdesk.storage.sqlite.budget import SqliteBudget
from petdesk.storage.sqlite.catalogue import SqliteCatalogue
from petdesk.storage.sqlite.database import (
    BUSY_TIMEOUT,
    SQLITE,
    UNREADABLE,
    Database,
    connect,
    set_aside,
)
from petdesk.storage.sqlite.meta import SqliteMeta
from petdesk.storage.sqlite.outbox import SqliteOutbox
from petdesk.storage.sqlite.pages import SqlitePages
from petdesk.storage.sqlite.schema import CURRENT_VERSION

log = logging.getLogger(__name__)

__all__ = ["OpenedStore", "SqliteStore", "open_store", "peek_stored_page"]

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


class SqliteStore:
    """:class:`petdesk.storage.repositories.Store` in one SQLite file (and the
    catalogue's file next to it). Create it with :func:`open_store`."""

    def __init__(self, db: Database, environment: str, desk: Desk) -> None:
        self._db = db
        self._environment = environment
        self._meta = SqliteMeta(db)
        self._pages = SqlitePages(db)
        self._outbox = SqliteOutbox(db, self._meta, environment, desk)
        self._catalogue = SqliteCatalogue(db)
        self._activity = SqlActivity(db)
        self._budget = SqliteBudget(db)

    @property
    def environment(self) -> str:
        return self._environment

    @property
    def path(self) -> Path | None:
        """The file, or ``None`` for a store kept in memory for this session only."""
        return self._db.path

    @property
    def durable(self) -> bool:
        return self._db.path is not None

    @property
    def answering(self) -> bool:
        return True

    @property
    def pages(self) -> SqlitePages:
        return self._pages

    @property
    def meta(self) -> SqliteMeta:
        return self._meta

    @property
    def outbox(self) -> SqliteOutbox:
        return self._outbox

    @property
    def catalogue(self) -> SqliteCatalogue:
        return self._catalogue

    @property
    def activity(self) -> SqlActivity:
        return self._activity

    @property
    def budget(self) -> SqliteBudget:
        return self._budget

    def sender_lock(self) -> SenderLock:
        return SenderLock(self._db.path)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> SqliteStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<SqliteStore {self._environment} {self._db.path or 'in memory'}>"


@dataclass(frozen=True)
class OpenedStore:
    """What :func:`open_store` gives: always a working store, and what went wrong."""

    store: SqliteStore
    #: One plain sentence for the UI, or ``None`` when the file opened normally.
    problem: str | None = None


def open_store(path: Path | None, environment: str, *, clock: Clock | None = None,
               desk: Desk = UNKNOWN_DESK) -> OpenedStore:
    """Open (or create) the store at ``path``; ``None`` keeps it in memory. ``desk``:
    this computer and its user, recorded on every add queued through the store.

    Never raises for a bad file: a corrupt or unreadable file (garbage, truncated, a
    directory in its place, no permission, written by a newer PetDesk) is renamed to
    ``<name>.unreadable-<UTC time>`` and a new, empty store is created; if even that
    fails, the store lives in memory for this session. ``problem`` says so in plain words.
    """
    clock = clock or SystemClock()
    if path is None:
        return OpenedStore(SqliteStore(connect(None, environment, clock), environment, desk))
    try:
        return OpenedStore(SqliteStore(connect(path, environment, clock), environment, desk))
    except UNREADABLE as exc:
        log.warning("the store %s could not be opened: %s: %s", path, type(exc).__name__, exc)
        if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc).lower():
            return _in_memory(environment, clock, desk, _LOCKED_MESSAGE)
        aside = set_aside(path, clock)
        if aside is None:
            return _in_memory(environment, clock, desk,
                              "its data file cannot be opened or moved")
    try:
        db = connect(path, environment, clock)
    except UNREADABLE as exc:
        log.warning("a new store at %s could not be created: %s", path, type(exc).__name__)
        return _in_memory(environment, clock, desk, "its data folder cannot be written to")
    return OpenedStore(SqliteStore(db, environment, desk),
                       _SET_ASIDE_MESSAGE.format(name=aside.name))


def _in_memory(environment: str, clock: Clock, desk: Desk, why: str) -> OpenedStore:
    return OpenedStore(SqliteStore(connect(None, environment, clock), environment, desk),
                       _MEMORY_MESSAGE.format(why=why))


def peek_stored_page(path: Path, query: StoredQuery) -> StoredPage | None:
    """The rows last seen for ``query`` in the store file at ``path``, read without
    opening the store: read-only, no file created, nothing migrated or set aside
    (:func:`open_store` does that, on the worker). ``None`` when there is nothing to
    show or the file cannot be read as it is. For the first paint, off the GUI thread."""
    if not path.is_file():
        return None
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                               timeout=BUSY_TIMEOUT, check_same_thread=False)
    except sqlite3.Error:
        return None
    try:
        version = conn.execute("PRAGMA user_version").fetchone()
        if version is None or int(version[0]) != CURRENT_VERSION:
            return None
        return read_page(conn, SQLITE, query)
    except (sqlite3.Error, ValueError):
        return None
    finally:
        conn.close()
