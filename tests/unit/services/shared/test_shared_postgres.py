"""The shared store on a real PostgreSQL server: a desk moves its waiting adds there
exactly once (also after a crash in the middle), works on its own data while the store
refuses it and moves there once it accepts, and the role needs no more than the admin
guide grants."""

from __future__ import annotations

import itertools
import subprocess
from pathlib import Path

import pytest
from psycopg import sql

from petdesk.api.client import PetStoreClient
from petdesk.core.connection import Connection
from petdesk.core.statuses import PetStatus
from petdesk.core.store_trouble import StoreTrouble
from petdesk.sandbox import SandboxConfig
from petdesk.services.importing.control import CancelToken, no_progress
from petdesk.services.shared.move import MoveReport, move_waiting_adds
from petdesk.services.shared.opening import open_postgres
from petdesk.services.worker.session import WorkSession
from petdesk.storage.paths import store_file, store_path
from petdesk.storage.repositories import Store
from petdesk.storage.rows import AddWay, Draft, OutboxState, SharedStoreUnavailable
from petdesk.storage.saved_settings import ini_path
from petdesk.storage.sqlite.store import SqliteStore, open_store
from tests.helpers.api_fakes import FakeClock
from tests.helpers.environment_keyring import VARIABLE as PASSWORD_VARIABLE
from tests.helpers.postgres import DESK_PASSWORD, DESK_ROLE, PostgresServer
from tests.helpers.sandbox_server import start_server
from tests.helpers.sandbox_store import every_pet
from tests.unit.services.importing.cli_run import KEY, ROOT, cli_env, petdesk_command
from tests.unit.services.importing.files import write_csv
from tests.unit.services.shared.test_move import Crash, CrashingDesk

_names = itertools.count(1)


def _shared(address: str, clock: FakeClock) -> Store:
    store = open_postgres(address, DESK_PASSWORD, "production", clock)
    assert not isinstance(store, StoreTrouble), store
    return store


def _waiting(store: Store) -> list[str]:
    return [e.name for e in store.outbox.entries() if e.state is OutboxState.WAITING]


def _desk(path: Path, clock: FakeClock, *names: str) -> SqliteStore:
    store = open_store(path, "production", clock=clock).store
    for name in names:
        store.outbox.queue(Draft(name, 3, PetStatus.AVAILABLE))
    return store


def test_a_move_interrupted_in_the_middle_moves_nothing_twice_on_postgresql(
        postgres_address: str, tmp_path: Path) -> None:
    clock = FakeClock()
    path = tmp_path / "desk" / "store-production.sqlite3"
    local = _desk(path, clock, "Rex", "Mia", "Zoë")
    shared = _shared(postgres_address, clock)

    with pytest.raises(Crash):
        move_waiting_adds(CrashingDesk(local, after=1), shared)  # type: ignore[arg-type]
    local.close()
    shared.close()
    restarted = open_store(path, "production", clock=clock).store
    shared = _shared(postgres_address, clock)

    assert move_waiting_adds(restarted, shared) == MoveReport(moved=1, already_there=1)
    assert _waiting(shared) == ["Rex", "Mia", "Zoë"]
    assert restarted.outbox.pending_count() == 0
    restarted.close()
    shared.close()


def test_a_desk_works_on_its_own_data_while_refused_and_moves_there_once_let_in(
        postgres_address: str, tmp_path: Path) -> None:
    clock = FakeClock()
    connection = Connection("production", "https://pets.example/v1", 15.0, postgres_address)
    desk = tmp_path / "desk"

    session = WorkSession.open(connection, clock, desk, password="changed-on-the-server")
    assert session.shared_down is StoreTrouble.REFUSED
    assert isinstance(session.store, SqliteStore)
    session.store.outbox.queue(Draft("Bello", 2, PetStatus.PENDING))
    assert session.rejoin(connection, clock, desk, password="still-wrong") is None

    joined = session.rejoin(connection, clock, desk, password=DESK_PASSWORD)

    assert joined is not None and joined.shared_down is None
    assert joined.moved == MoveReport(moved=1)
    assert _waiting(joined.store) == ["Bello"]
    joined.close()


def test_the_least_privileges_of_the_admin_guide_are_enough(
        postgres_server: PostgresServer, tmp_path: Path) -> None:
    database = f"guide_{next(_names)}"
    with postgres_server.admin() as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(database)))
        conn.execute(sql.SQL("REVOKE ALL ON DATABASE {} FROM PUBLIC").format(
            sql.Identifier(database)))
        conn.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(
            sql.Identifier(database), sql.Identifier(DESK_ROLE)))
        conn.execute(sql.SQL("ALTER ROLE {} IN DATABASE {} SET search_path = petdesk").format(
            sql.Identifier(DESK_ROLE), sql.Identifier(database)))
    with postgres_server.admin(database) as conn:
        conn.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
        conn.execute(sql.SQL("CREATE SCHEMA petdesk AUTHORIZATION {}").format(
            sql.Identifier(DESK_ROLE)))
    clock = FakeClock()
    try:
        shared = _shared(postgres_server.address(database), clock)
        shared.outbox.queue(Draft("Rex", 1, PetStatus.AVAILABLE))
        shared.close()
        again = _shared(postgres_server.address(database), clock)
        assert _waiting(again) == ["Rex"]
        again.close()
        with postgres_server.admin(database) as conn:
            tables = conn.execute("SELECT DISTINCT schemaname FROM pg_tables WHERE "
                                  "tableowner = %s", (DESK_ROLE,)).fetchall()
        assert tables == [("petdesk",)]
    finally:
        with postgres_server.admin() as conn:
            conn.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(
                sql.Identifier(database)))


def test_the_move_command_moves_a_desk_to_postgresql_once(
        postgres_address: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = {**cli_env(tmp_path, key=None), "PGPASSWORD": DESK_PASSWORD}
    monkeypatch.setenv("PETDESK_DATA_DIR", env["PETDESK_DATA_DIR"])
    _desk(store_path("production"), FakeClock(), "Rex", "Mia").close()
    command = petdesk_command("shared-store", "move", "--environment", "production",
                              "--address", postgres_address)

    first = subprocess.run(command, env=env, cwd=ROOT, capture_output=True,
                           encoding="utf-8", timeout=120, check=False)
    second = subprocess.run(command, env=env, cwd=ROOT, capture_output=True,
                            encoding="utf-8", timeout=120, check=False)

    assert first.returncode == 0, first.stderr
    assert "Moved 2 waiting adds of production to the shared store" in first.stderr
    assert "Moved 0 waiting adds" in second.stderr
    shared = _shared(postgres_address, FakeClock())
    assert _waiting(shared) == ["Rex", "Mia"]
    shared.close()


def test_the_import_command_of_a_desk_on_the_shared_store_queues_and_sends_there(
        postgres_address: str, tmp_path: Path) -> None:
    """``petdesk import`` on a desk set up for the shared store: every desk sees the
    adds and their activity lines, and this computer's file holds none of them."""
    server = start_server(SandboxConfig(api_keys=(KEY,), requests_per_window=10_000,
                                        requests_per_day=100_000))
    try:
        env = {**cli_env(tmp_path), "PGPASSWORD": DESK_PASSWORD}
        settings = ini_path(env)
        settings.parent.mkdir(parents=True)
        settings.write_text(f"[shared_store]\naddress={postgres_address}\nenabled=true\n",
                            encoding="utf-8")
        source = write_csv(tmp_path / "in.csv", [
            ["Animal name", "Category", "Adoption status"],
            ["Shared Rex", 1, "Available"], ["Shared Mia", 2, "Pending"]])

        done = subprocess.run(petdesk_command("import", str(source), "--base-url",
                                              server.base_url, "--plan", "pro"),
                              env=env, cwd=ROOT, capture_output=True, encoding="utf-8",
                              timeout=120, check=False)

        assert done.returncode == 0, done.stderr
        assert "Using the shared store at 127.0.0.1:" in done.stderr
        assert done.stderr.endswith("2 added\n")
        assert sorted(p.name for p in every_pet(server.store)
                      if p.name.startswith("Shared ")) == ["Shared Mia", "Shared Rex"]
    finally:
        server.stop()
    shared = _shared(postgres_address, FakeClock())
    try:
        lines = shared.activity.entries(limit=10)
        assert sorted(line.name for line in lines) == ["Shared Mia", "Shared Rex"]
        assert {line.way for line in lines} == {AddWay.IMPORT}
    finally:
        shared.close()
    local = tmp_path / "data" / "PetDesk" / "store-production.sqlite3"
    assert not local.exists()


def test_the_import_command_refuses_to_import_while_the_shared_store_is_down(
        postgres_address: str, tmp_path: Path) -> None:
    """A file imported through the shared store, imported again while it cannot be
    reached: the command queues and sends nothing (this computer's outbox does not know
    which rows the shared store added), says why and fails; once the store answers, the
    same command adds nothing twice."""
    server = start_server(SandboxConfig(api_keys=(KEY,), requests_per_window=10_000,
                                        requests_per_day=100_000))
    try:
        env = {**cli_env(tmp_path), PASSWORD_VARIABLE: DESK_PASSWORD,
               "PYTHON_KEYRING_BACKEND": "tests.helpers.environment_keyring.EnvironmentKeyring"}
        settings = ini_path(env)
        settings.parent.mkdir(parents=True)
        reachable = f"[shared_store]\naddress={postgres_address}\nenabled=true\n"
        # Nothing listens on port 9 of this computer.
        unreachable = ("[shared_store]\naddress=postgresql://desk@127.0.0.1:9/petdesk\n"
                       "enabled=true\n")
        source = write_csv(tmp_path / "in.csv", [
            ["Animal name", "Category", "Adoption status"],
            ["Down Rex", 1, "Available"], ["Down Mia", 2, "Pending"]])
        command = petdesk_command("import", str(source), "--base-url", server.base_url,
                                  "--plan", "pro")

        def run(store_settings: str) -> subprocess.CompletedProcess[str]:
            settings.write_text(store_settings, encoding="utf-8")
            return subprocess.run(command, env=env, cwd=ROOT, capture_output=True,
                                  encoding="utf-8", timeout=120, check=False)

        def added() -> list[str]:
            return sorted(p.name for p in every_pet(server.store)
                          if p.name.startswith("Down "))

        first = run(reachable)
        assert first.returncode == 0, first.stderr
        assert added() == ["Down Mia", "Down Rex"]

        down = run(unreachable)
        assert down.returncode == 1, down.stderr
        assert down.stderr.endswith(
            "petdesk import: nothing was queued or sent: PetDesk cannot reach the shared "
            "store at this address. Check the address and that the database server is "
            "running and reachable from this computer. An import needs the shared store, "
            "because it keeps which rows of each file the desks have added: run the same "
            "command again once it answers.\n")
        assert "Traceback" not in down.stderr
        assert added() == ["Down Mia", "Down Rex"]
        assert not (tmp_path / "data" / "PetDesk" / "store-production.sqlite3").exists()

        back = run(reachable)
        assert back.returncode == 0, back.stderr
        assert added() == ["Down Mia", "Down Rex"]
    finally:
        server.stop()


def test_the_import_command_says_in_one_sentence_when_the_shared_store_stops_answering(
        postgres_server: PostgresServer, postgres_address: str, tmp_path: Path) -> None:
    """The server ends the desk's connections while the import waits for the service's
    next window: the command says why it stopped (no traceback), and the same command
    run again adds the rest, none twice."""
    server = start_server(SandboxConfig(api_keys=(KEY,), requests_per_window=1,
                                        window_seconds=3, requests_per_day=100_000))
    try:
        env = {**cli_env(tmp_path), PASSWORD_VARIABLE: DESK_PASSWORD,
               "PYTHON_KEYRING_BACKEND": "tests.helpers.environment_keyring.EnvironmentKeyring"}
        settings = ini_path(env)
        settings.parent.mkdir(parents=True)
        settings.write_text(f"[shared_store]\naddress={postgres_address}\nenabled=true\n",
                            encoding="utf-8")
        source = write_csv(tmp_path / "in.csv", [
            ["Animal name", "Category", "Adoption status"],
            ["Cut Rex", 1, "Available"], ["Cut Mia", 2, "Pending"], ["Cut Zoë", 3, "Sold"]])
        command = petdesk_command("import", str(source), "--base-url", server.base_url)
        with subprocess.Popen(command, env=env, cwd=ROOT, stderr=subprocess.PIPE,
                              encoding="utf-8") as desk:
            assert desk.stderr is not None
            said = []
            for line in desk.stderr:
                said.append(line)
                if line.startswith("Queued 3 pets"):
                    break
            database = postgres_address.rpartition("/")[2].partition("?")[0]
            with postgres_server.admin() as conn:
                conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                             "WHERE datname = %s AND application_name = 'PetDesk'",
                             (database,))
            said += desk.stderr.readlines()
            status = desk.wait(timeout=120)
        stopped = "".join(said)

        assert status == 1, stopped
        assert "Traceback" not in stopped
        assert stopped.endswith(
            "petdesk import: PetDesk cannot reach the shared store at this address. Check "
            "the address and that the database server is running and reachable from this "
            "computer. Run the same command again once it answers: nothing it queued or "
            "moved is done twice.\n")

        again = subprocess.run(command, env=env, cwd=ROOT, capture_output=True,
                               encoding="utf-8", timeout=120, check=False)
        assert again.returncode == 0, again.stderr
        assert sorted(p.name for p in every_pet(server.store)
                      if p.name.startswith("Cut ")) == ["Cut Mia", "Cut Rex", "Cut Zoë"]
    finally:
        server.stop()


def test_an_import_at_work_when_the_shared_store_goes_away_keeps_its_rows_there_only(
        postgres_server: PostgresServer, postgres_address: str, tmp_path: Path) -> None:
    """The window's import queued in the shared store; the server ends the desk's
    connections: the next step says the store cannot be reached, nothing goes to this
    computer's store, and the rows wait in the shared store for any desk to send."""
    clock = FakeClock()
    connection = Connection("production", "https://pets.example/v1", 15.0, postgres_address)
    source = write_csv(tmp_path / "in.csv", [
        ["Animal name", "Category", "Adoption status"],
        ["Held Rex", 1, "Available"], ["Held Mia", 2, "Pending"]])
    session = WorkSession.open(connection, clock, tmp_path / "desk", password=DESK_PASSWORD)
    assert session.shared_down is None
    importing = session.importing
    layout = importing.inspect(source, None, None)
    preview = importing.preview(layout, layout.mapping, no_progress, CancelToken())
    server = start_server(SandboxConfig(api_keys=(KEY,), requests_per_window=10_000,
                                        requests_per_day=100_000))
    try:
        with PetStoreClient(server.base_url, KEY, clock=clock) as client:
            importing.start(client, preview)
            database = postgres_address.rpartition("/")[2].partition("?")[0]
            with postgres_server.admin() as conn:
                conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                             "WHERE datname = %s AND application_name = 'PetDesk'",
                             (database,))

            with pytest.raises(SharedStoreUnavailable, match="cannot reach the shared store"):
                importing.step(client)
        assert [p.name for p in every_pet(server.store) if p.name.startswith("Held ")] == []
    finally:
        server.stop()
        session.close()
    local = open_store(store_file(connection, tmp_path / "desk"), "production",
                       clock=clock).store
    assert local.outbox.entries(include_finished=True) == []
    local.close()
    shared = _shared(postgres_address, clock)
    assert _waiting(shared) == ["Held Rex", "Held Mia"]
    shared.close()
