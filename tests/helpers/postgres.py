"""A real PostgreSQL server for the shared store's tests, started by the test run.

One server per session: Debian's PostgreSQL binaries (``initdb``, ``pg_ctl``) in a
temporary folder, listening on 127.0.0.1 on a free port, stopped at the end of the
session (``pg_ctl stop -m fast``) and its folder removed. PostgreSQL refuses to run as
root, so when the suite runs as root (CI) the folder belongs to the ``postgres`` user
and the binaries run through ``runuser -u postgres --``.

Clients authenticate with a password (``scram-sha-256`` for every TCP connection), as
a desk does: the store is given an address without the password and the password on
its own. Each test gets a database of its own (:func:`postgres_address`), owned by the
unprivileged role the store connects as, so tests never see each other's rows.

No binaries: the fixture fails (CI installs Debian's ``postgresql`` in ``.ci/run``).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from tests.helpers.tcp_cut import CuttableLine, cuttable_line

#: The role the store connects as (owns each test's database; not a superuser).
DESK_ROLE = "desk"
DESK_PASSWORD = "desk-Pw-7f3a9c1e"
_ADMIN_ROLE = "admin"
_ADMIN_PASSWORD = "admin-Pw-20c4b8d6"
_START_TIMEOUT = 60


def postgres_bindir() -> Path | None:
    """Where ``initdb`` and ``pg_ctl`` are: ``pg_config --bindir`` (Debian's points at
    the client's folder, so the newest /usr/lib/postgresql/*/bin is tried too)."""
    candidates: list[Path] = []
    if shutil.which("pg_config"):
        found = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True,
                               check=False)
        if found.returncode == 0:
            candidates.append(Path(found.stdout.strip()))
    candidates += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                                           key=lambda p: int(Path(p).parent.name),
                                           reverse=True)]
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    return None


@dataclass(frozen=True)
class PostgresServer:
    """A running server: where it listens and how to reach it as the admin."""

    port: int
    folder: Path
    watchdog: subprocess.Popen[bytes]

    def address(self, database: str) -> str:
        """The store's address of ``database`` (as the desk role; no password in it)."""
        return f"postgresql://{DESK_ROLE}@127.0.0.1:{self.port}/{database}?sslmode=disable"

    def admin(self, database: str = "postgres") -> psycopg.Connection[tuple[object, ...]]:
        return psycopg.connect(host="127.0.0.1", port=self.port, user=_ADMIN_ROLE,
                               password=_ADMIN_PASSWORD, dbname=database, autocommit=True,
                               connect_timeout=10)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_server_user(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


def _run(command: list[str], log: Path) -> None:
    with log.open("a") as out:
        done = subprocess.run(_as_server_user(command), stdout=out, stderr=subprocess.STDOUT,
                              check=False, timeout=_START_TIMEOUT)
    if done.returncode != 0:
        pytest.fail(f"{command[0]} failed ({done.returncode}):\n{log.read_text()}")


def _start(bindir: Path) -> PostgresServer:
    folder = Path(tempfile.mkdtemp(prefix="petdesk-pg-"))
    data, log = folder / "data", folder / "server.log"
    pwfile = folder / "admin-password"
    pwfile.write_text(_ADMIN_PASSWORD + "\n")
    log.touch()
    if os.geteuid() == 0:
        server_user = pwd.getpwnam("postgres")
        for path in (folder, pwfile, log):
            os.chown(path, server_user.pw_uid, server_user.pw_gid)
    _run([str(bindir / "initdb"), "-D", str(data), "-U", _ADMIN_ROLE, f"--pwfile={pwfile}",
          "--auth-host=scram-sha-256", "--auth-local=scram-sha-256", "-E", "UTF8",
          "--locale=C.UTF-8", "--no-sync"], log)
    for attempt in itertools.count():
        port = _free_port()
        options = (f"-p {port} -c listen_addresses=127.0.0.1 -k {folder} -c fsync=off "
                   "-c max_connections=60")
        command = [str(bindir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w",
                   "-t", str(_START_TIMEOUT), "-o", options, "start"]
        started = subprocess.run(_as_server_user(command), capture_output=True, text=True,
                                 check=False, timeout=_START_TIMEOUT + 10)
        if started.returncode == 0:
            break
        if attempt == 2:
            pytest.fail(f"PostgreSQL did not start:\n{started.stdout}{started.stderr}\n"
                        f"{log.read_text()}")
    server = PostgresServer(port, folder, _watchdog(bindir, folder))
    with server.admin() as conn:
        conn.execute(sql.SQL("CREATE ROLE {} LOGIN PASSWORD {}").format(
            sql.Identifier(DESK_ROLE), sql.Literal(DESK_PASSWORD)))
    return server


def _watchdog(bindir: Path, folder: Path) -> subprocess.Popen[bytes]:
    """Stops the server if this test run dies without its teardown (SIGKILL, a
    timeout): it polls for the run's process once a second, in a session of its own."""
    script = (f"while [ -d /proc/{os.getpid()} ]; do sleep 1; done; "
              f"'{bindir / 'pg_ctl'}' -D '{folder / 'data'}' -m immediate -w stop; "
              f"rm -rf '{folder}'")
    return subprocess.Popen(_as_server_user(["sh", "-c", script]), start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def stop(server: PostgresServer, bindir: Path) -> None:
    subprocess.run(_as_server_user([str(bindir / "pg_ctl"), "-D", str(server.folder / "data"),
                                    "-m", "fast", "-w", "stop"]),
                   capture_output=True, check=False, timeout=_START_TIMEOUT)
    shutil.rmtree(server.folder, ignore_errors=True)
    os.killpg(server.watchdog.pid, signal.SIGKILL)
    server.watchdog.wait()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    bindir = postgres_bindir()
    if bindir is None:
        pytest.fail("PostgreSQL's server binaries (initdb, pg_ctl) are not installed: "
                    "apt-get install postgresql (.ci/run does)")
    server = _start(bindir)
    try:
        yield server
    finally:
        stop(server, bindir)


@pytest.fixture
def postgres_line(postgres_server: PostgresServer) -> Iterator[CuttableLine]:
    """A line to the session's server that the test can cut (:mod:`tests.helpers.tcp_cut`)."""
    with cuttable_line(postgres_server.port) as line:
        yield line


_databases = itertools.count(1)


@pytest.fixture
def postgres_address(postgres_server: PostgresServer) -> Iterator[str]:
    """The address of a new, empty database of this test's own (dropped after it)."""
    name = f"test_{os.getpid()}_{next(_databases)}"
    with postgres_server.admin() as conn:
        conn.execute(sql.SQL("CREATE DATABASE {} OWNER {}").format(
            sql.Identifier(name), sql.Identifier(DESK_ROLE)))
    yield postgres_server.address(name)
    with postgres_server.admin() as conn:
        conn.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))


def start_server(bindir: Path) -> PostgresServer:
    """A server outside pytest's fixtures (the desks soak runs by command too); stop it
    with :func:`stop`."""
    return _start(bindir)


def restart(server: PostgresServer, bindir: Path) -> None:
    """``pg_ctl restart -m immediate``: every connection cut at once, the server
    recovering from its log as after a crash, then accepting connections again on the
    same port (pg_ctl keeps the options it was started with)."""
    _run([str(bindir / "pg_ctl"), "-D", str(server.folder / "data"), "-m", "immediate",
          "-w", "-t", str(_START_TIMEOUT), "restart"], server.folder / "server.log")
