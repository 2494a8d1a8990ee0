"""The Python API for tests: start_server / RunningSandbox."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import httpx
import pytest

from petdesk.sandbox import FaultKind, SandboxConfig, Store
from petdesk.sandbox.server import LISTEN_BACKLOG
from tests.helpers.sandbox_server import start_server


def test_start_server_defaults() -> None:
    with start_server() as sb:
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/v1", sb.base_url)
        assert sb.base_url == f"http://127.0.0.1:{sb.port}/v1"
        assert len(sb.api_keys) == 1
        assert sb.api_key == sb.api_keys[0]
        r = httpx.get(sb.base_url + "/pets", headers={"Authorization": f"Bearer {sb.api_key}"})
        assert r.status_code == 200
        assert r.headers["x-ratelimit-limit"] == "60"  # the Free plan
        assert r.headers["server"].startswith("PetDeskSandbox/")
    # stopped: the port no longer accepts connections
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", sb.port), timeout=2).close()


def test_stop_is_idempotent_and_closes_kept_alive_connections() -> None:
    sb = start_server(SandboxConfig(api_keys=("k",)))
    with httpx.Client(base_url=sb.base_url, headers={"Authorization": "Bearer k"}) as c:
        assert c.get("/pets").status_code == 200
        sb.stop()
        sb.stop()
        with pytest.raises(httpx.TransportError):
            c.get("/pets")


def test_given_store_is_used_and_left_open(tmp_path: Path) -> None:
    path = tmp_path / "served.sqlite3"
    with Store(path) as store:
        with start_server(SandboxConfig(api_keys=("k",)), store=store) as sb:
            r = httpx.post(
                sb.base_url + "/pets",
                json={"name": "Stored", "categoryId": 1},
                headers={"Authorization": "Bearer k"},
            )
            pet_id = r.json()["id"]
        assert store.get_pet(pet_id) is not None  # still open after stop()
    with Store(path) as store, start_server(SandboxConfig(api_keys=("k",)), store=store) as sb:
        r = httpx.get(f"{sb.base_url}/pets/{pet_id}", headers={"Authorization": "Bearer k"})
        assert r.json()["name"] == "Stored"


def test_app_is_reachable_for_faults_and_counters() -> None:
    with start_server(SandboxConfig(api_keys=("k",))) as sb:
        sb.app.faults.fail_next(FaultKind.SERVER_ERROR)
        with httpx.Client(base_url=sb.base_url, headers={"Authorization": "Bearer k"}) as c:
            assert c.get("/pets").status_code == 500
            assert c.get("/pets").status_code == 200
        assert sb.app.counters("k").requests == 2


def test_link_urls_follow_the_host_header_and_connection_close() -> None:
    with start_server(SandboxConfig(api_keys=("k",))) as sb:
        with socket.create_connection(("127.0.0.1", sb.port), timeout=5) as s:
            s.sendall(
                b"GET /v1/pets?limit=1 HTTP/1.1\r\nHost: example.test:8080\r\n"
                b"Authorization: Bearer k\r\nConnection: close\r\n\r\n"
            )
            data = b""
            while chunk := s.recv(65536):
                data += chunk
        head = data.split(b"\r\n\r\n", 1)[0].decode()
        assert head.startswith("HTTP/1.1 200 OK")
        # Link URLs are built from the Host the client used
        assert "Link: <http://example.test:8080/v1/pets?limit=1&cursor=" in head
        assert "Connection: close" in head


def _raw_exchange(port: int, request: bytes) -> str:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(request)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return data.decode("utf-8", "replace")


@pytest.mark.parametrize(
    ("length", "code"),
    [("2000000", "body_too_large"), ("abc", "invalid_json"), ("-5", "invalid_json")],
)
def test_unreadable_bodies_get_a_full_api_answer(length: str, code: str) -> None:
    with start_server(SandboxConfig(api_keys=("k",))) as sb:
        text = _raw_exchange(
            sb.port,
            b"POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer k\r\n"
            b"Content-Type: application/json\r\nContent-Length: " + length.encode() + b"\r\n\r\n{}",
        )
    head, _, body = text.partition("\r\n\r\n")
    assert head.startswith("HTTP/1.1 400 Bad Request")
    assert "X-RateLimit-Remaining: " in head
    assert "Connection: close" in head
    assert f'"code":"{code}"' in body


def test_bad_chunked_body_is_400() -> None:
    with start_server(SandboxConfig(api_keys=("k",))) as sb:
        text = _raw_exchange(
            sb.port,
            b"POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer k\r\n"
            b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        )
    assert text.startswith("HTTP/1.1 400 Bad Request")
    assert '"code":"invalid_json"' in text


@pytest.mark.parametrize("partial", [
    b"GET /v1/pets HTTP/1.1\r\nHost: x\r\n",  # headers never finished (slowloris)
    b"POST /v1/pets HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\n\r\n{",  # body never sent
])
def test_a_request_not_finished_in_time_is_cut_off(partial: bytes) -> None:
    with start_server(header_timeout=0.3) as sb:
        with socket.create_connection((sb.host, sb.port), timeout=10) as slow:
            slow.sendall(partial)
            assert slow.recv(1024) == b""  # closed without an answer
        # The server still answers everyone else.
        with httpx.Client(base_url=sb.base_url,
                          headers={"Authorization": f"Bearer {sb.api_key}"}) as c:
            assert c.get("/pets").status_code == 200


def test_the_listen_backlog_holds_150_waiting_connections() -> None:
    assert LISTEN_BACKLOG >= 128
    with start_server(SandboxConfig(rate_limit_enabled=False)) as sb:
        socks = [socket.create_connection((sb.host, sb.port), timeout=10) for _ in range(150)]
        request = (f"GET /v1/pets?limit=1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
                   f"{sb.api_key}\r\nConnection: close\r\n\r\n").encode()
        for sock in socks:
            sock.sendall(request)
        for sock in socks:
            with sock:
                assert sock.recv(12) == b"HTTP/1.1 200"
