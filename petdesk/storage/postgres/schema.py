"""The shared store's schema and its migrations (table ``schema_version``).

One database may hold several environments (production, the sandbox): every table
has an ``environment`` column, part of its key, and every query names it.

Version 1: last-seen pages, looked-up pets, the outbox, facts (``meta``), and the
catalogue mirror (every pet by id with its folded name and the time it was seen, and
the filler's progress per environment): what the SQLite store holds in its version 3
and its catalogue file's version 1.

Text that is sorted or compared by prefix is ``COLLATE "C"``: byte order of UTF-8, as
SQLite compares, whatever the database's locale.

Migrations run in one transaction under a transaction-level advisory lock, so two
desks opening the store at once migrate it once (the second waits, then finds the new
version). A database whose version is newer than this PetDesk knows is not touched.
"""

from __future__ import annotations

from typing import Any, Final

import psycopg

from petdesk.storage.postgres.keys import advisory_key

__all__ = ["CURRENT_VERSION", "MIGRATIONS", "NewerSchemaError", "migrate", "schema_version"]

_V1: Final = """
CREATE TABLE meta (
    environment TEXT NOT NULL,
    key         TEXT NOT NULL,
    value       TEXT NOT NULL,
    PRIMARY KEY (environment, key)
);

CREATE TABLE seen_query (
    environment TEXT NOT NULL,
    status      TEXT NOT NULL,
    page_limit  INTEGER NOT NULL,
    fetched_at  DOUBLE PRECISION NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL,
    next_url    TEXT,
    PRIMARY KEY (environment, status, page_limit)
);

CREATE TABLE seen_row (
    environment TEXT NOT NULL,
    status      TEXT NOT NULL,
    page_limit  INTEGER NOT NULL,
    position    INTEGER NOT NULL,
    pet_id      BIGINT NOT NULL,
    name        TEXT NOT NULL,
    category_id BIGINT NOT NULL,
    pet_status  TEXT,
    PRIMARY KEY (environment, status, page_limit, position)
);

CREATE TABLE looked_up (
    environment TEXT NOT NULL,
    pet_id      BIGINT NOT NULL,
    name        TEXT NOT NULL,
    category_id BIGINT NOT NULL,
    pet_status  TEXT,
    fetched_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (environment, pet_id)
);

CREATE TABLE outbox (
    local_id       BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    environment    TEXT NOT NULL,
    name           TEXT NOT NULL,
    category_id    BIGINT NOT NULL,
    pet_status     TEXT,
    created_at     DOUBLE PRECISION NOT NULL,
    state          TEXT NOT NULL,
    attempts       INTEGER NOT NULL DEFAULT 0,
    floor_id       BIGINT NOT NULL,
    pet_id         BIGINT,
    reason         TEXT,
    candidates     TEXT NOT NULL DEFAULT '',
    updated_at     DOUBLE PRECISION NOT NULL,
    origin         TEXT COLLATE "C",
    floor_verified BOOLEAN NOT NULL DEFAULT FALSE,
    held           BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX outbox_state ON outbox (environment, state, local_id);
CREATE INDEX outbox_origin ON outbox (environment, origin);

CREATE TABLE mirror_pet (
    environment TEXT NOT NULL,
    pet_id      BIGINT NOT NULL,
    name        TEXT NOT NULL,
    folded_name TEXT COLLATE "C" NOT NULL,
    category_id BIGINT NOT NULL,
    pet_status  TEXT COLLATE "C",
    seen_at     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (environment, pet_id)
);
CREATE INDEX mirror_pet_name ON mirror_pet (environment, folded_name);
CREATE INDEX mirror_pet_category ON mirror_pet (environment, category_id, pet_id);
CREATE INDEX mirror_pet_status ON mirror_pet
    (environment, (pet_status IS NULL), pet_status, pet_id);

CREATE TABLE mirror_state (
    environment     TEXT PRIMARY KEY,
    next_url        TEXT,
    pass_started_at DOUBLE PRECISION,
    complete_at     DOUBLE PRECISION,
    highest_id      BIGINT,
    pass_kind       TEXT,
    last_update_at  DOUBLE PRECISION,
    last_full_at    DOUBLE PRECISION,
    requests_total  INTEGER NOT NULL DEFAULT 0,
    day             TEXT,
    day_requests    INTEGER NOT NULL DEFAULT 0,
    pass_requests   INTEGER NOT NULL DEFAULT 0,
    pass_rows       INTEGER NOT NULL DEFAULT 0,
    tail_url        TEXT
);
"""

#: MIGRATIONS[n] takes the database from version n to n + 1.
MIGRATIONS: Final[tuple[str, ...]] = (_V1,)
CURRENT_VERSION: Final = len(MIGRATIONS)
_MIGRATION_KEY: Final = advisory_key("migration", "")


class NewerSchemaError(Exception):
    """The database was set up by a newer PetDesk."""


def schema_version(conn: psycopg.Connection[Any]) -> int:
    """The database's version (0: PetDesk has never set it up)."""
    row = conn.execute("SELECT to_regclass('schema_version') IS NOT NULL").fetchone()
    if row is None or not row[0]:
        return 0
    found = conn.execute("SELECT version FROM schema_version").fetchone()
    return 0 if found is None else int(found[0])


def migrate(conn: psycopg.Connection[Any], migrations: tuple[str, ...] = MIGRATIONS) -> int:
    """Bring the database to the newest version; return the version found. ``conn``
    is in autocommit mode; the steps and the version are one transaction."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_KEY,))
        found = schema_version(conn)
        if found > len(migrations):
            raise NewerSchemaError(f"schema version {found} is newer than {len(migrations)}")
        if found == len(migrations):
            return found
        if found == 0:
            conn.execute("CREATE TABLE schema_version (only_row INTEGER PRIMARY KEY "
                         "CHECK (only_row = 1), version INTEGER NOT NULL)")
            conn.execute("INSERT INTO schema_version VALUES (1, 0)")
        for script in migrations[found:]:
            for statement in _statements(script):
                conn.execute(statement)
        conn.execute("UPDATE schema_version SET version = %s", (len(migrations),))
    return found


def _statements(script: str) -> list[str]:
    """Split a migration script into statements (none of ours contains a ';' in text)."""
    lines = [line for line in script.splitlines() if not line.lstrip().startswith("--")]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]
