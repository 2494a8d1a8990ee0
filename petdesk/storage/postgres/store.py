"""One environment's store on a PostgreSQL server that several desks share: opening
it (address and password apart; why, when it cannot be used) and the
session that holds its repositories."""

from __future__ import annotations

import logging

import psycopg

from petdesk.core.clock import Clock
from petdesk.core.desk import Desk
from petdesk.core.store_trouble import StoreTrouble
from petdesk.storage.postgres.budget import PgBudget
from petdesk.storage.postgres.catalogue import PgCatalogue
from petdesk.storage.postgres.database import Connection, PgDatabase, connect, describe
from petdesk.storage.postgres.lock import PgSenderLock
from petdesk.storage.postgres.meta import PgMeta
from petdesk.storage.postgres.outbox import PgOutbox
from petdesk.storage.postgres.schema import NewerSchemaError, migrate
from petdesk.storage.rows import UNKNOWN_DESK, SharedStoreUnavailable
from petdesk.storage.sql.activity import SqlActivity
from petdesk.storage.sql.pages import SqlPages

log = logging.getLogger(__name__)

__all__ = ["PostgresStore", "open_shared_store"]


class PostgresStore:
    """:class:`petdesk.storage.repositories.Store` for one environment of the shared
    store. Create it with :func:`open_shared_store`."""

    def __init__(self, db: PgDatabase, lock: PgSenderLock, address: str, desk: Desk) -> None:
        self._db = db
        self._lock = lock
        self._where = describe(address)
        self._meta = PgMeta(db)
        self._pages = SqlPages(db)
        self._outbox = PgOutbox(db, self._meta, lock, desk)
        self._catalogue = PgCatalogue(db)
        self._activity = SqlActivity(db)
        self._budget = PgBudget(db)

    @property
    def environment(self) -> str:
        return self._db.environment

    @property
    def durable(self) -> bool:
        return True

    @property
    def answering(self) -> bool:
        return self._db.answering

    @property
    def pages(self) -> SqlPages[Connection]:
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

    @property
    def activity(self) -> SqlActivity:
        return self._activity

    @property
    def budget(self) -> PgBudget:
        return self._budget

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
                      clock: Clock, desk: Desk = UNKNOWN_DESK) -> PostgresStore:
    """Connect to the shared store at ``address`` with ``password`` (from the keyring;
    ``None``: the address's own means, e.g. a client certificate), set up or migrate its
    tables, and return the store of ``environment``, recording ``desk`` (this computer
    and its user) on every add queued through it. Raises
    :class:`~petdesk.storage.rows.SharedStoreUnavailable` saying why when it
    cannot be used; the password is in no message."""
    conn = connect(address, password)
    trouble: StoreTrouble | None = None
    try:
        migrate(conn)
    except NewerSchemaError:
        trouble = StoreTrouble.NEWER_SCHEMA
    except psycopg.errors.InsufficientPrivilege:
        trouble = StoreTrouble.NOT_ALLOWED
    except psycopg.OperationalError as exc:
        log.warning("the shared store %s failed while setting up: %s", describe(address),
                    type(exc).__name__)
        trouble = StoreTrouble.UNREACHABLE
    if trouble is not None:
        conn.close()
        raise SharedStoreUnavailable(trouble)
    db = PgDatabase(conn, environment, clock)
    return PostgresStore(db, PgSenderLock(address, password, environment), address, desk)
