"""Opening a store: migrations, and recovery from a file that cannot be read."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import sys
from pathlib import Path

import pytest

from petdesk.core.desk import Desk
from petdesk.core.statuses import PetStatus
from petdesk.storage.paths import store_path
from petdesk.storage.rows import Draft, OutboxState, PetRow, StoredQuery
from petdesk.storage.sqlite import database as store_db
from petdesk.storage.sqlite.schema import CURRENT_VERSION
from petdesk.storage.sqlite.store import open_store
from tests.helpers.api_fakes import FakeClock
from tests.helpers.store_helpers import mirror

AVAILABLE = PetStatus.AVAILABLE
ROWS = [PetRow(1, "Rex", 1, AVAILABLE), PetRow(2, "Mimi", 2, None),
        PetRow(3, "Zoë", 2, PetStatus.SOLD)]

#: The version 1 schema exactly as PetDesk first wrote it (frozen: never edit).
V1_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE seen_query (status TEXT NOT NULL, page_limit INTEGER NOT NULL,
    fetched_at REAL NOT NULL, updated_at REAL NOT NULL, next_url TEXT,
    PRIMARY KEY (status, page_limit)) WITHOUT ROWID;
CREATE TABLE seen_row (status TEXT NOT NULL, page_limit INTEGER NOT NULL,
    position INTEGER NOT NULL, pet_id INTEGER NOT NULL, name TEXT NOT NULL,
    category_id INTEGER NOT NULL, pet_status TEXT,
    PRIMARY KEY (status, page_limit, position)) WITHOUT ROWID;
CREATE TABLE looked_up (pet_id INTEGER PRIMARY KEY, name TEXT NOT NULL,
    category_id INTEGER NOT NULL, pet_status TEXT, fetched_at REAL NOT NULL);
CREATE TABLE outbox (local_id INTEGER PRIMARY KEY AUTOINCREMENT, environment TEXT NOT NULL,
    name TEXT NOT NULL, category_id INTEGER NOT NULL, pet_status TEXT,
    created_at REAL NOT NULL, state TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
    floor_id INTEGER NOT NULL, pet_id INTEGER, reason TEXT,
    candidates TEXT NOT NULL DEFAULT '', updated_at REAL NOT NULL, origin TEXT);
CREATE INDEX outbox_state ON outbox (state, local_id);
INSERT INTO meta VALUES ('environment', 'production');
INSERT INTO seen_query VALUES ('', 20, 100.0, 100.0, NULL);
INSERT INTO seen_row VALUES ('', 20, 0, 5, 'Rex', 1, 'available');
INSERT INTO looked_up VALUES (9, 'Mimi', 2, NULL, 90.0);
INSERT INTO outbox (environment, name, category_id, pet_status, created_at, state,
    floor_id, updated_at) VALUES ('production', 'Tom', 2, 'sold', 95.0, 'waiting', 9, 95.0);
PRAGMA user_version = 1;
"""


def _write_v1(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    conn.executescript(V1_SCHEMA)
    conn.commit()
    conn.close()


def _version(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()


def test_a_new_file_is_at_the_current_version_in_wal_mode(store_file: Path,
                                                          clock: FakeClock) -> None:
    open_store(store_file, "production", clock=clock).store.close()
    assert _version(store_file) == CURRENT_VERSION == 5
    conn = sqlite3.connect(store_file)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


def test_a_version_1_file_migrates_and_keeps_its_data(store_file: Path,
                                                      clock: FakeClock) -> None:
    _write_v1(store_file)
    opened = open_store(store_file, "production", clock=clock)
    assert opened.problem is None
    with opened.store as store:
        page = store.pages.stored_page(StoredQuery(None, 20))
        assert page is not None and page.rows == (PetRow(5, "Rex", 1, PetStatus.AVAILABLE),)
        found = store.pages.looked_up(9)
        assert found is not None and found.pet == PetRow(9, "Mimi", 2, None)
        [entry] = store.outbox.entries()
        assert entry.draft == Draft("Tom", 2, PetStatus.SOLD)
        assert entry.state is OutboxState.WAITING
        assert entry.floor_id == 9 and not entry.floor_verified
        assert entry.desk == Desk("", "")  # typed before desks were recorded
        assert store.activity.count() == 0
        assert store.catalogue.count() == 0  # the version 2 tables exist
        mirror(store, [PetRow(1, "A", 1, None)])
    assert _version(store_file) == CURRENT_VERSION
    assert not list(store_file.parent.glob("*.unreadable-*"))


def _assert_set_aside(store_file: Path, clock: FakeClock) -> None:
    opened = open_store(store_file, "production", clock=clock)
    assert opened.problem is not None
    assert "moved the file aside" in opened.problem
    aside = store_file.with_name("store-production.sqlite3.unreadable-20270115T080000Z")
    assert aside.name in opened.problem
    assert aside.exists()
    with opened.store as store:
        assert store.path == store_file
        assert store.outbox.entries() == []
        store.outbox.queue(Draft("Rex", 1, None))  # a working store
    reopened = open_store(store_file, "production", clock=clock)
    assert reopened.problem is None
    assert len(reopened.store.outbox.entries()) == 1
    reopened.store.close()


def test_garbage_bytes_are_set_aside(store_file: Path, clock: FakeClock) -> None:
    store_file.parent.mkdir(parents=True)
    store_file.write_bytes(os.urandom(8192))
    _assert_set_aside(store_file, clock)


def test_a_truncated_file_is_set_aside(store_file: Path, clock: FakeClock) -> None:
    with open_store(store_file, "production", clock=clock).store as store:
        store.pages.save_page(StoredQuery(None, 100),
                        [PetRow(i, "x" * 200, 1, None) for i in range(1, 2000)], next_url=None)
    data = store_file.read_bytes()
    assert len(data) > 100_000
    store_file.write_bytes(data[: len(data) // 3])
    _assert_set_aside(store_file, clock)


def test_a_file_with_a_damaged_page_is_set_aside(store_file: Path, clock: FakeClock) -> None:
    with open_store(store_file, "production", clock=clock).store as store:
        store.pages.save_page(StoredQuery(None, 100),
                        [PetRow(i, "x" * 200, 1, None) for i in range(1, 2000)], next_url=None)
    data = bytearray(store_file.read_bytes())
    data[8192:12288] = os.urandom(4096)
    store_file.write_bytes(bytes(data))
    _assert_set_aside(store_file, clock)


def test_a_directory_in_its_place_is_set_aside(store_file: Path, clock: FakeClock) -> None:
    store_file.mkdir(parents=True)
    (store_file / "something").write_text("x")
    _assert_set_aside(store_file, clock)


def test_a_file_from_a_newer_petdesk_is_set_aside(store_file: Path, clock: FakeClock) -> None:
    open_store(store_file, "production", clock=clock).store.close()
    conn = sqlite3.connect(store_file)
    conn.execute(f"PRAGMA user_version = {CURRENT_VERSION + 1}")
    conn.close()
    _assert_set_aside(store_file, clock)


def test_permission_denied_is_set_aside(store_file: Path, clock: FakeClock,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Root reads any file, so the refusal is made by the connect call (as SQLite
    reports EACCES); the real chmod case runs below for other users."""
    open_store(store_file, "production", clock=clock).store.close()
    real_connect = sqlite3.connect
    calls: list[str] = []

    def refusing(target: str, *args: object, **kw: object) -> sqlite3.Connection:
        calls.append(target)
        if len(calls) == 1:
            raise sqlite3.OperationalError("unable to open database file")
        return real_connect(target, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(store_db.sqlite3, "connect", refusing)
    _assert_set_aside(store_file, clock)


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0,
                    reason="root (and Windows, where mode 0 is only read-only) reads the file")
def test_an_unreadable_file_is_set_aside(store_file: Path, clock: FakeClock) -> None:
    open_store(store_file, "production", clock=clock).store.close()
    store_file.chmod(0)
    _assert_set_aside(store_file, clock)


def test_a_folder_that_cannot_be_written_gives_a_memory_store(
        tmp_path: Path, clock: FakeClock) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    opened = open_store(blocker / "store-production.sqlite3", "production", clock=clock)
    assert opened.problem is not None
    assert "kept only until PetDesk closes" in opened.problem
    with opened.store as store:
        assert store.path is None
        entry = store.outbox.queue(Draft("Rex", 1, None))
        assert store.outbox.entry(entry.local_id).state is OutboxState.WAITING


def test_a_file_locked_by_another_petdesk_is_not_set_aside(
        store_file: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    open_store(store_file, "production", clock=clock).store.close()
    real_connect = sqlite3.connect

    def locked(target: str, *args: object, **kw: object) -> sqlite3.Connection:
        if target != ":memory:":
            raise sqlite3.OperationalError("database is locked")
        return real_connect(target, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(store_db.sqlite3, "connect", locked)
    opened = open_store(store_file, "production", clock=clock)
    opened.store.close()
    assert opened.problem is not None and "another PetDesk window" in opened.problem
    assert not list(store_file.parent.glob("*.unreadable-*"))
    assert opened.store.path is None
    assert store_file.exists()


def test_a_store_being_created_by_another_connection_is_not_set_aside(
        store_file: Path, clock: FakeClock) -> None:
    """Two openers of a new file (two PetDesk processes, or a window and
    ``petdesk import``) both read version 0 before either writes: the second one, once
    it holds the write lock, finds the schema made and migrates nothing. It used to run
    the first migration again, fail ("table meta already exists") and set a good store
    aside with the adds waiting in it."""
    store_file.parent.mkdir(parents=True, exist_ok=True)
    first = sqlite3.connect(store_file, isolation_level=None)
    second = sqlite3.connect(store_file, isolation_level=None)
    for conn in (first, second):
        conn.execute("PRAGMA journal_mode = WAL")
    from petdesk.storage.sqlite import schema

    reads: list[int] = []
    real = schema.user_version

    def stale_first_read(conn: sqlite3.Connection, name: str = "main") -> int:
        reads.append(1)
        return 0 if len(reads) == 1 else real(conn, name)

    assert real(second) == 0
    schema.migrate(first)  # the other opener makes the schema meanwhile
    schema_user_version, schema.user_version = schema.user_version, stale_first_read
    try:
        assert schema.migrate(second) == 0  # it read 0 before the lock ...
    finally:
        schema.user_version = schema_user_version
    assert real(second) == CURRENT_VERSION  # ... and migrated nothing twice
    first.close()
    second.close()
    opened = open_store(store_file, "production", clock=clock)
    assert opened.problem is None
    assert not list(store_file.parent.glob("*.unreadable-*"))
    opened.store.close()


def test_the_store_survives_closing_and_reopening(store_file: Path, clock: FakeClock) -> None:
    with open_store(store_file, "production", clock=clock).store as first:
        first.pages.save_page(StoredQuery(None, 20), ROWS, next_url=None)
        entry = first.outbox.queue(Draft("Rex", 1, AVAILABLE))
    with open_store(store_file, "production", clock=clock).store as second:
        page = second.pages.stored_page(StoredQuery(None, 20))
        assert page is not None and page.rows == tuple(ROWS)
        assert second.outbox.entry(entry.local_id).draft == Draft("Rex", 1, AVAILABLE)


def test_each_environment_and_the_demo_have_their_own_file(tmp_path: Path) -> None:
    prod = store_path("production", folder=tmp_path)
    staging = store_path("staging", folder=tmp_path)
    demo = store_path("production", demo=True, folder=tmp_path)
    custom = store_path("production", base_url="https://pets.example/v1", folder=tmp_path)
    assert len({prod, staging, demo, custom}) == 4
    assert prod.name == "store-production.sqlite3"
    assert demo.name == "store-demo.sqlite3"
    assert store_path("production", base_url="https://pets.example/v1/",
                      folder=tmp_path) == custom
    assert "PetDesk" in str(store_path("production"))


def test_an_in_memory_store_works_for_the_session(clock: FakeClock) -> None:
    opened = open_store(None, "staging", clock=clock)
    assert opened.problem is None and opened.store.path is None
    with opened.store as store:
        entry = store.outbox.queue(Draft("Rex", 1, None))
        assert store.outbox.entry(entry.local_id).environment == "staging"


def test_the_file_is_written_ahead_and_synced(store_file: Path, clock: FakeClock) -> None:
    """WAL, so a reader never waits for a writer; each write synced (``synchronous=FULL``
    is per connection: the file shows WAL, the store's own connection sets FULL)."""
    with open_store(store_file, "production", clock=clock).store as store:
        store.outbox.queue(Draft("Rex", 1, None))
        with contextlib.closing(sqlite3.connect(store_file)) as other:
            assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
            assert other.execute("SELECT COUNT(*) FROM outbox").fetchone()[0] == 1
