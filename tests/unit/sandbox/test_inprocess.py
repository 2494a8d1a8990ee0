"""The in-process transport used by ``petdesk --demo``: no socket, same behaviour."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from petdesk.sandbox import FaultKind, SandboxApp, SandboxConfig
from petdesk.sandbox.inprocess import (
    DEMO_API_KEY,
    DEMO_BASE_URL,
    demo_config,
    in_process_transport,
    make_demo_app,
)
from tests.helpers.faults import ScriptedFaults
from tests.unit.sandbox.conftest import API_KEY, T0, FakeClock, assert_error, assert_rate_headers
from tests.unit.sandbox.control import reconfigure


@pytest.fixture
def app(clock: FakeClock) -> Iterator[SandboxApp]:
    app = SandboxApp(SandboxConfig(api_keys=(API_KEY,)), clock=clock, faults=ScriptedFaults())
    yield app
    app.store.close()


def _client(app: SandboxApp, key: str = API_KEY) -> httpx.Client:
    return httpx.Client(
        transport=in_process_transport(app),
        base_url=DEMO_BASE_URL,
        headers={"Authorization": f"Bearer {key}"},
    )


def test_demo_constants() -> None:
    assert DEMO_BASE_URL == "http://127.0.0.1/v1"
    assert DEMO_API_KEY == "demo-petdesk-sandbox-key"
    config = demo_config()
    assert config.api_keys == (DEMO_API_KEY,)
    assert (config.requests_per_window, config.window_seconds) == (60, 60)
    assert config.requests_per_day == 10_000
    assert config.rate_limit_enabled


def test_list_create_get_without_a_socket(app: SandboxApp, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_sockets(*args: object, **kwargs: object) -> None:
        raise AssertionError("the in-process transport must not open a socket")

    monkeypatch.setattr(socket, "create_connection", no_sockets)
    monkeypatch.setattr(socket.socket, "connect", no_sockets)
    with _client(app) as c:
        r = c.get("/pets", params={"limit": 5})
        assert r.status_code == 200
        assert [p["id"] for p in r.json()] == [1, 2, 3, 4, 5]
        assert assert_rate_headers(r) == (60, 59, T0 + 60)
        nxt = r.links["next"]["url"]
        assert nxt.startswith("http://127.0.0.1/v1/pets?limit=5&cursor=")
        assert [p["id"] for p in c.get(nxt).json()] == [6, 7, 8, 9, 10]
        r = c.post("/pets", json={"name": "Inproc", "categoryId": 3})
        assert r.status_code == 201
        assert r.headers["location"] == "http://127.0.0.1/v1/pets/301"
        r = c.get(r.headers["location"])
        assert r.json()["name"] == "Inproc"
        assert r.headers["deprecation"] == "@1767225600"
    with _client(app, key="wrong") as c:
        assert_error(c.get("/pets"), 401, "unauthorized")


def test_rate_limit_in_process(clock: FakeClock) -> None:
    app = SandboxApp(
        SandboxConfig(api_keys=(API_KEY,), requests_per_window=2, window_seconds=10), clock=clock
    )
    with _client(app) as c:
        assert [c.get("/pets").status_code for _ in range(3)] == [200, 200, 429]
        clock.advance(10)
        assert c.get("/pets").status_code == 200
    app.store.close()


def test_dropped_connection_in_process_is_a_remote_protocol_error(app: SandboxApp) -> None:
    app.faults.fail_next(FaultKind.DROP_CONNECTION)
    with _client(app) as c:
        with pytest.raises(httpx.RemoteProtocolError, match="disconnected"):
            c.get("/pets")
        assert c.get("/pets").status_code == 200


def test_other_faults_in_process(app: SandboxApp) -> None:
    app.faults.fail_next(FaultKind.BAD_GATEWAY)
    app.faults.fail_next(FaultKind.MALFORMED_JSON)
    with _client(app) as c:
        r = c.get("/pets")
        assert r.status_code == 502
        assert r.headers["content-type"].startswith("text/html")
        r = c.get("/pets")
        assert r.status_code == 200
        with pytest.raises(ValueError, match=r"Expecting|Unterminated"):
            r.json()


def test_client_on_a_worker_thread_and_concurrent_clients(app: SandboxApp) -> None:
    reconfigure(app, requests_per_window=1_000)
    errors: list[BaseException] = []
    created: list[int] = []
    lock = threading.Lock()
    start = threading.Barrier(4)

    def work(n: int) -> None:
        try:
            start.wait()
            with _client(app) as c:
                for i in range(10):
                    r = c.post("/pets", json={"name": f"W{n}-{i}", "categoryId": 1})
                    assert r.status_code == 201
                    with lock:
                        created.append(r.json()["id"])
                    assert c.get("/pets", params={"limit": 3}).status_code == 200
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(created) == list(range(301, 341))


def test_demo_app_persists_and_resets(tmp_path: Path, clock: FakeClock) -> None:
    db = tmp_path / "demo" / "sandbox.sqlite3"
    app = make_demo_app(db, clock=clock)
    with _client(app, DEMO_API_KEY) as c:
        pet_id = c.post("/pets", json={"name": "Keeper", "categoryId": 2}).json()["id"]
    app.store.close()

    app = make_demo_app(db, clock=clock)
    with _client(app, DEMO_API_KEY) as c:
        assert c.get(f"/pets/{pet_id}").json()["name"] == "Keeper"
    app.store.close()

    app = make_demo_app(db, reset=True, clock=clock)
    with _client(app, DEMO_API_KEY) as c:
        assert c.get(f"/pets/{pet_id}").status_code == 404
    assert app.store.count() == 300
    app.store.close()


def test_demo_app_default_path_is_the_platform_data_dir(clock: FakeClock) -> None:
    # tests/conftest.py points PETDESK_DATA_DIR at a private temporary directory
    from petdesk.sandbox import default_db_path

    app = make_demo_app(clock=clock)
    try:
        assert app.store.path == default_db_path()
        assert default_db_path().exists()
        with _client(app, DEMO_API_KEY) as c:
            assert c.get("/pets").status_code == 200
    finally:
        app.store.close()


def test_memory_demo_app(clock: FakeClock) -> None:
    app = make_demo_app(":memory:", clock=clock)
    assert app.store.path is None
    app.store.close()


def test_app_requires_a_key() -> None:
    with pytest.raises(ValueError, match="api_keys"):
        SandboxApp(SandboxConfig())


def test_drop_after_commit_in_process_adds_the_pet_and_drops_the_answer(
        app: SandboxApp) -> None:
    before = app.store.count()
    app.faults.fail_next(FaultKind.DROP_AFTER_COMMIT)
    with _client(app) as c:
        with pytest.raises(httpx.RemoteProtocolError, match="disconnected"):
            c.post("/pets", json={"name": "Committed", "categoryId": 1})
        assert app.store.count() == before + 1
        assert c.get("/pets").status_code == 200
