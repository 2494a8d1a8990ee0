"""The store's schema and its migrations (``PRAGMA user_version``).

Version 1: last-seen pages, looked-up pets, the outbox, facts (``meta``).
Version 2: the catalogue mirror: every pet by id with the time it was
seen, and the mirror's progress; and ``outbox.floor_verified`` (was the floor the
newest id when the entry was sent? see :mod:`petdesk.services.outbox.reconcile`) and
``outbox.held`` (a paused bulk import).
Version 3: the catalogue mirror moves to a file of its own (``MIRROR_MIGRATIONS``,
attached as schema ``mirror`` after the first paint): opening this file at start-up
no longer reads (or checks) 100,000 mirrored pets, and a damaged mirror is set aside
without touching the outbox. Its version-2 tables are dropped (it is re-downloaded).
Version 4: ``outbox.desk_name``/``outbox.desk_user`` (the computer and the user that
typed or imported each add; ``''`` for adds kept before), ``outbox.way`` (how the
entry's last request was sent: at once, by the outbox, by an import), and the
``activity`` log: one row per add the service created, written in the transaction that
marks it sent (``local_id`` is unique: an add is logged once).
Version 5: ``key_budget``, the key's quota as the service's headers last told any desk
of the store, one row per key fingerprint (:mod:`petdesk.core.quota`; never the key).

The mirror file's own versions (``PRAGMA mirror.user_version``): version 1 holds every
pet by id with its folded name and the time it was seen (indexed for each sort), and
the filler's progress and counters.

A migration runs in one transaction with the version bump, so a crash leaves the file
at the old or the new version, never in between. A file whose version is *newer* than
this PetDesk knows (opened by an older PetDesk after an upgrade and downgrade) is not
touched: :class:`NewerSchemaError` says so, and the caller sets the file aside.
"""

from __future__ import annotations

import sqlite3
from typing import Final

_V1: Final = """
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

-- One row per list query: status '' means "no status filter".
CREATE TABLE seen_query (
    status     TEXT NOT NULL,
    page_limit INTEGER NOT NULL,
    fetched_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    next_url   TEXT,
    PRIMARY KEY (status, page_limit)
) WITHOUT ROWID;

CREATE TABLE seen_row (
    status      TEXT NOT NULL,
    page_limit  INTEGER NOT NULL,
    position    INTEGER NOT NULL,
    pet_id      INTEGER NOT NULL,
    name        TEXT NOT NULL,
    category_id INTEGER NOT NULL,
    pet_status  TEXT,
    PRIMARY KEY (status, page_limit, position)
) WITHOUT ROWID;

CREATE TABLE looked_up (
    pet_id      INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    category_id INTEGER NOT NULL,
    pet_status  TEXT,
    fetched_at  REAL NOT NULL
);

CREATE TABLE outbox (
    local_id    INTEGER PRIMARY KEY AUTOINCREMENT,
    environment TEXT NOT NULL,
    name        TEXT NOT NULL,
    category_id INTEGER NOT NULL,
    pet_status  TEXT,
    created_at  REAL NOT NULL,
    state       TEXT NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    floor_id    INTEGER NOT NULL,
    pet_id      INTEGER,
    reason      TEXT,
    candidates  TEXT NOT NULL DEFAULT '',
    updated_at  REAL NOT NULL,
    origin      TEXT
);
CREATE INDEX outbox_state ON outbox (state, local_id);
"""

_V2: Final = """
CREATE TABLE mirror_pet (
    pet_id      INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    folded_name TEXT NOT NULL,
    category_id INTEGER NOT NULL,
    pet_status  TEXT,
    seen_at     REAL NOT NULL
);
CREATE INDEX mirror_pet_name ON mirror_pet (folded_name);

CREATE TABLE mirror_state (
    only_row        INTEGER PRIMARY KEY CHECK (only_row = 1),
    next_url        TEXT,
    pass_started_at REAL,
    complete_at     REAL,
    highest_id      INTEGER
);
INSERT INTO mirror_state (only_row) VALUES (1);

ALTER TABLE outbox ADD COLUMN floor_verified INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN held INTEGER NOT NULL DEFAULT 0;
CREATE INDEX outbox_origin ON outbox (origin);
"""

_V3: Final = """
DROP TABLE mirror_pet;
DROP TABLE mirror_state;
"""

_V4: Final = """
ALTER TABLE outbox ADD COLUMN desk_name TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN desk_user TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN way TEXT;

CREATE TABLE activity (
    activity_id INTEGER PRIMARY KEY AUTOINCREMENT,
    local_id    INTEGER NOT NULL UNIQUE,
    pet_id      INTEGER NOT NULL,
    name        TEXT NOT NULL,
    desk_name   TEXT NOT NULL,
    desk_user   TEXT NOT NULL,
    added_at    REAL NOT NULL,
    way         TEXT NOT NULL
);
CREATE INDEX activity_newest ON activity (added_at, activity_id);
"""

_V5: Final = """
CREATE TABLE key_budget (
    fingerprint TEXT PRIMARY KEY,
    observed_at REAL NOT NULL,
    quota_limit INTEGER,
    remaining   INTEGER,
    reset_at    REAL,
    retry_until REAL,
    updated_at  REAL NOT NULL
) WITHOUT ROWID;
"""

#: MIGRATIONS[n] takes a file from version n to n + 1.
MIGRATIONS: Final[tuple[str, ...]] = (_V1, _V2, _V3, _V4, _V5)
CURRENT_VERSION: Final = len(MIGRATIONS)


_MIRROR_V1: Final = """
CREATE TABLE mirror.mirror_pet (
    pet_id      INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    folded_name TEXT NOT NULL,
    category_id INTEGER NOT NULL,
    pet_status  TEXT,
    seen_at     REAL NOT NULL
);
CREATE INDEX mirror.mirror_pet_name ON mirror_pet (folded_name);
CREATE INDEX mirror.mirror_pet_category ON mirror_pet (category_id, pet_id);
CREATE INDEX mirror.mirror_pet_status ON mirror_pet (pet_status IS NULL, pet_status, pet_id);

CREATE TABLE mirror.mirror_state (
    only_row        INTEGER PRIMARY KEY CHECK (only_row = 1),
    next_url        TEXT,
    pass_started_at REAL,
    complete_at     REAL,
    highest_id      INTEGER,
    pass_kind       TEXT,
    last_update_at  REAL,
    last_full_at    REAL,
    requests_total  INTEGER NOT NULL DEFAULT 0,
    day             TEXT,
    day_requests    INTEGER NOT NULL DEFAULT 0,
    pass_requests   INTEGER NOT NULL DEFAULT 0,
    pass_rows       INTEGER NOT NULL DEFAULT 0,
    tail_url        TEXT
);
INSERT INTO mirror.mirror_state (only_row) VALUES (1);
"""

#: The mirror file's migrations (attached as schema ``mirror``).
MIRROR_MIGRATIONS: Final[tuple[str, ...]] = (_MIRROR_V1,)


class NewerSchemaError(Exception):
    """The file was written by a newer PetDesk."""


def user_version(conn: sqlite3.Connection, schema: str = "main") -> int:
    row = conn.execute(f"PRAGMA {schema}.user_version").fetchone()
    return int(row[0])


def migrate(conn: sqlite3.Connection, target: int = CURRENT_VERSION, *,
            migrations: tuple[str, ...] = MIGRATIONS, schema: str = "main") -> int:
    """Bring the database (``schema``: ``main``, or ``mirror`` with
    ``MIRROR_MIGRATIONS``) to ``target``; return the version found.

    ``conn`` must be in autocommit mode (``isolation_level=None``).
    """
    found = user_version(conn, schema)
    _check_not_newer(found, migrations)
    version = found
    while version < target:
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Read again under the write lock: another connection (another PetDesk, a
            # thread) may have migrated since the read above; each step runs once.
            version = user_version(conn, schema)
            _check_not_newer(version, migrations)
            if version < target:
                for statement in _statements(migrations[version]):
                    conn.execute(statement)
                conn.execute(f"PRAGMA {schema}.user_version = {version + 1:d}")
                version += 1
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    return found


def _check_not_newer(found: int, migrations: tuple[str, ...]) -> None:
    if found > len(migrations):
        raise NewerSchemaError(f"schema version {found} is newer than {len(migrations)}")


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (none of ours contains a ';' in text)."""
    lines = [line for line in script.splitlines() if not line.lstrip().startswith("--")]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]
