"""One environment's store on a PostgreSQL server that several desks share: opening
it (address and password apart; a plain sentence when it cannot be used) and the
session that holds its repositories."""

from __future__ import annotations

import logging

import psycopg

from petdesk.core.clock import Clock
from petdesk.storage.postgres.catalogue import PgCatalogue
from petdesk.storage.postgres.database import PgDatabase, connect, describe
from petdesk.storage.postgres.errors import (
    NEWER_SCHEMA,
    NOT_ALLOWED,
    UNREACHABLE,
    SharedStoreUnavailable,
)
from petdesk.storage.postgres.lock import PgSenderLock
from petdesk.storage.postgres.meta import PgMeta
from petdesk.storage.postgres.outbox import PgOutbox
from petdesk.storage.postgres.pages import PgPages
from petdesk.storage.postgres.schema import NewerSchemaError, migrate

log = logging.getLogger(__name__)

__all__ = ["PostgresStore", "open_shared_store"]


class PostgresStore:
    """:class:`petdesk.storage.repositories.Store` for one environment of the shared
    store. Create it with :func:`open_shared_store`."""

    def __init__(self, db: PgDatabase, lock: PgSenderLock, address: str) -> None:
        self._db = db
        self._lock = lock
        self._where = describe(address)
        self._meta = PgMeta(db)
        self._pages = PgPages(db)
        self._outbox = PgOutbox(db, self._meta, lock)
        self._catalogue = PgCatalogue(db)

    @property
    def environment(self) -> str:
        return self._db.environment

    @property
    def durable(self) -> bool:
        return True

    @property
    def pages(self) -> PgPages:
        return self._pages

    @property
    def meta(self) -> PgMeta:
        return self._meta

    @property
    def outbox(self) -> PgOutbox:
        return self._outbox

    @property
    def catalogue(self) -> PgCatalogue:
        return self._catalogue

    def sender_lock(self) -> PgSenderLock:
        """The one lock of this store: :meth:`PgOutbox.recover_interrupted` checks it."""
        return self._lock

    def close(self) -> None:
        self._lock.release()
        self._db.close()

    def __enter__(self) -> PostgresStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<PostgresStore {self._db.environment} {self._where}>"


def open_shared_store(address: str, password: str | None, environment: str, *,
                      clock: Clock) -> PostgresStore:
    """Connect to the shared store at ``address`` with ``password`` (from the keyring;
    ``None``: the address's own means, e.g. a client certificate), set up or migrate its
    tables, and return the store of ``environment``. Raises
    :class:`~petdesk.storage.postgres.errors.SharedStoreUnavailable` with a plain
    sentence when it cannot be used; the password is in no message."""
    conn = connect(address, password)
    sentence: str | None = None
    try:
        migrate(conn)
    except NewerSchemaError:
        sentence = NEWER_SCHEMA
    except psycopg.errors.InsufficientPrivilege:
        sentence = NOT_ALLOWED
    except psycopg.OperationalError as exc:
        log.warning("the shared store %s failed while setting up: %s", describe(address),
                    type(exc).__name__)
        sentence = UNREACHABLE
    if sentence is not None:
        conn.close()
        raise SharedStoreUnavailable(sentence)
    db = PgDatabase(conn, environment, clock)
    return PostgresStore(db, PgSenderLock(address, password, environment), address)
