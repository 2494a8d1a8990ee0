"""Test connection against a real PostgreSQL server: what it says for each way a
sign-in can go."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit, urlunsplit

import psycopg

from petdesk.services.shared.probe import classify, probe_shared_store
from petdesk.services.shared.reach import SharedReach, reach_sentence
from tests.helpers.postgres import DESK_PASSWORD


def _with(address: str, *, path: str | None = None, query: str | None = None,
          port: int | None = None) -> str:
    parts = urlsplit(address)
    netloc = parts.netloc if port is None else f"{parts.netloc.rsplit(':', 1)[0]}:{port}"
    return urlunsplit((parts.scheme, netloc, path if path is not None else parts.path,
                       query if query is not None else parts.query, ""))


def test_an_empty_database_is_reached_and_will_be_set_up_on_first_use(
        postgres_address: str) -> None:
    reach = probe_shared_store(postgres_address, DESK_PASSWORD)

    assert reach is SharedReach.NOT_SET_UP
    assert "not a PetDesk database yet" in reach_sentence(reach, postgres_address)


def test_a_petdesk_database_is_ready(postgres_address: str) -> None:
    with psycopg.connect(postgres_address, password=DESK_PASSWORD, autocommit=True) as conn:
        conn.execute("CREATE TABLE schema_version (version INTEGER)")

    assert probe_shared_store(postgres_address, DESK_PASSWORD) is SharedReach.WORKS


def test_a_wrong_password_is_refused(postgres_address: str) -> None:
    reach = probe_shared_store(postgres_address, "not-the-password")

    assert reach is SharedReach.SIGN_IN_REFUSED
    assert "refused the sign-in" in reach_sentence(reach, postgres_address)
    assert "not-the-password" not in reach_sentence(reach, postgres_address)


def test_a_database_that_does_not_exist(postgres_address: str) -> None:
    address = _with(postgres_address, path="/no_such_db")

    assert probe_shared_store(address, DESK_PASSWORD) is SharedReach.NO_DATABASE


def test_nothing_listening_at_the_port(postgres_address: str) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    address = _with(postgres_address, port=port)

    assert probe_shared_store(address, DESK_PASSWORD) is SharedReach.UNREACHABLE
    assert "Cannot reach a database server" in reach_sentence(SharedReach.UNREACHABLE, address)


def test_an_address_asking_for_tls_at_a_server_without_it(postgres_address: str) -> None:
    address = _with(postgres_address, query="sslmode=require")

    assert probe_shared_store(address, DESK_PASSWORD) is SharedReach.NO_TLS_AT_SERVER


def test_the_drivers_other_messages_are_told_apart() -> None:
    assert classify('connection to server at "10.0.0.5", port 5432 failed: FATAL:  no '
                    'pg_hba.conf entry for host "10.0.0.9", user "petdesk", database '
                    '"petdesk", no encryption') is SharedReach.TLS_REQUIRED
    assert classify('failed to resolve host "db.shelter.lan": could not translate host '
                    "name") is SharedReach.NO_SUCH_HOST
    assert classify("SSL error: certificate verify failed") is SharedReach.TLS_NOT_VERIFIED
