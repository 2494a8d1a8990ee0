"""``petdesk-sandbox`` as a user runs it: banner, requests, options, clean stop."""

from __future__ import annotations

import signal
import socket
from pathlib import Path

import httpx
import pytest

from petdesk.sandbox import SandboxConfig, default_db_path
from petdesk.sandbox.store import Store
from tests.helpers.sandbox_server import start_server
from tests.unit.sandbox.cli import SandboxProcess
from tests.unit.sandbox.conftest import assert_error


def _get(base_url: str, path: str, key: str | None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return httpx.get(base_url + path, headers=headers, timeout=10)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_banner_request_and_clean_stop(sig: signal.Signals) -> None:
    with SandboxProcess("--db", ":memory:", "--api-key", "cli-key-1") as sb:
        base_url = sb.banner()
        assert sb.api_keys == ["cli-key-1"]
        r = _get(base_url, "/pets?limit=2", "cli-key-1")
        assert r.status_code == 200
        assert [p["id"] for p in r.json()] == [1, 2]
        assert r.headers["x-ratelimit-limit"] == "60"
        assert_error(_get(base_url, "/pets", None), 401, "unauthorized")
        assert sb.stop(sig) == 0
    assert sb.stdout_lines[-1] == "Sandbox stopped."
    assert sb.stderr_lines == []


def test_generated_key_when_none_is_given() -> None:
    with SandboxProcess("--db", ":memory:") as sb:
        base_url = sb.banner()
        assert len(sb.api_keys) == 1
        assert len(sb.api_keys[0]) >= 20
        assert _get(base_url, "/pets", sb.api_keys[0]).status_code == 200
        assert _get(base_url, "/pets", "guess").status_code == 401
        assert sb.stop() == 0


def test_repeatable_api_keys() -> None:
    with SandboxProcess("--db", ":memory:", "--api-key", "k-a", "--api-key", "k-b") as sb:
        base_url = sb.banner()
        assert sb.api_keys == ["k-a", "k-b"]
        assert _get(base_url, "/pets", "k-b").status_code == 200


@pytest.mark.parametrize(
    ("fmt_args", "suffix"), [((), ""), (("--retry-after-format", "http-date"), " GMT")]
)
def test_small_rpm_gives_429_with_retry_after(fmt_args: tuple[str, ...], suffix: str) -> None:
    args = ("--db", ":memory:", "--api-key", "k", "--rpm", "2", "--window", "3600", *fmt_args)
    with SandboxProcess(*args) as sb:
        base_url = sb.banner()
        statuses = [_get(base_url, "/pets", "k").status_code for _ in range(2)]
        r = _get(base_url, "/pets", "k")
        assert statuses == [200, 200]
        assert_error(r, 429, "rate_limited")
        assert r.headers["x-ratelimit-limit"] == "2"
        retry_after = r.headers["retry-after"]
        if suffix:
            assert retry_after.endswith(suffix)
        else:
            assert 1 <= int(retry_after) <= 3600
        assert sb.stop() == 0


def test_plan_rpd_and_no_rate_limit_options() -> None:
    with SandboxProcess("--db", ":memory:", "--api-key", "k", "--plan", "business") as sb:
        r = _get(sb.banner(), "/pets", "k")
        assert r.headers["x-ratelimit-limit"] == "1000"
    with SandboxProcess("--db", ":memory:", "--api-key", "k", "--rpd", "5") as sb:
        r = _get(sb.banner(), "/pets", "k")
        assert (r.headers["x-ratelimit-limit"], r.headers["x-ratelimit-remaining"]) == ("5", "4")
    with SandboxProcess(
        "--db", ":memory:", "--api-key", "k", "--rpm", "1", "--no-rate-limit"
    ) as sb:
        base_url = sb.banner()
        assert "Rate limit: off" in sb.banner_lines
        assert {_get(base_url, "/pets", "k").status_code for _ in range(10)} == {200}


def test_fault_options() -> None:
    args = ("--db", ":memory:", "--api-key", "k", "--fault-error-rate", "1", "--fault-seed", "4")
    with SandboxProcess(*args) as sb:
        base_url = sb.banner()
        assert {_get(base_url, "/pets", "k").status_code for _ in range(30)} == {500, 502, 503}
    with SandboxProcess("--db", ":memory:", "--api-key", "k", "--fault-drop-rate", "1") as sb:
        base_url = sb.banner()
        with pytest.raises(httpx.RemoteProtocolError):
            _get(base_url, "/pets", "k")
        assert sb.stop() == 0


def test_drop_after_commit_option_adds_the_pet_then_drops_the_answer(tmp_path: Path) -> None:
    db = tmp_path / "drop.sqlite3"
    args = ("--db", str(db), "--api-key", "k", "--fault-drop-after-commit-rate", "1",
            "--no-rate-limit")
    with SandboxProcess(*args) as sb:
        base_url = sb.banner()
        with pytest.raises(httpx.RemoteProtocolError):
            httpx.post(base_url + "/pets", json={"name": "Committed", "categoryId": 5},
                       headers={"Authorization": "Bearer k"})
        assert sb.stop() == 0
    store = Store(db)
    try:
        assert store.count() == 301  # the seed and the pet whose answer was dropped
    finally:
        store.close()


def test_database_file_survives_restarts_and_reset(tmp_path: Path) -> None:
    db = tmp_path / "cli.sqlite3"
    with SandboxProcess("--db", str(db), "--api-key", "k") as sb:
        base_url = sb.banner()
        assert f"Database: {db} (300 animals)" in sb.banner_lines
        r = httpx.post(
            base_url + "/pets",
            json={"name": "Survivor", "categoryId": 5},
            headers={"Authorization": "Bearer k"},
        )
        assert r.status_code == 201
        pet_id = r.json()["id"]
        assert sb.stop() == 0
    with SandboxProcess("--db", str(db), "--api-key", "k") as sb:
        base_url = sb.banner()
        assert f"Database: {db} (301 animals)" in sb.banner_lines
        assert _get(base_url, f"/pets/{pet_id}", "k").json()["name"] == "Survivor"
    with SandboxProcess("--db", str(db), "--api-key", "k", "--reset") as sb:
        base_url = sb.banner()
        assert f"Database: {db} (300 animals)" in sb.banner_lines
        assert _get(base_url, f"/pets/{pet_id}", "k").status_code == 404


def test_default_database_is_in_the_platform_data_dir() -> None:
    # tests/conftest.py points PETDESK_DATA_DIR at a private temporary directory,
    # inherited by the child process.
    with SandboxProcess("--api-key", "k") as sb:
        sb.banner()
        assert any(line.startswith(f"Database: {default_db_path()} (") for line in sb.banner_lines)
        assert sb.stop() == 0
    assert default_db_path().exists()


def test_request_log_without_the_key() -> None:
    with SandboxProcess("--db", ":memory:", "--api-key", "secret-key-77", quiet=False) as sb:
        base_url = sb.banner()
        _get(base_url, "/pets?limit=1", "secret-key-77")
        _get(base_url, "/pets", "wrong-key-88")
        assert sb.stop() == 0
    log = "\n".join(sb.stderr_lines)
    assert '"GET /v1/pets?limit=1 HTTP/1.1" 200' in log
    assert '"GET /v1/pets HTTP/1.1" 401' in log
    assert "secret-key-77" not in log
    assert "wrong-key-88" not in log


@pytest.mark.parametrize(
    "args",
    [
        ("--plan", "gold"),
        ("--fault-error-rate", "2"),
        ("--rpm", "0"),
        ("--retry-after-format", "minutes"),
        ("--api-key", "has space"),
        ("--fault-error-rate", "0.7", "--fault-drop-rate", "0.7"),
    ],
)
def test_bad_options_exit_2(args: tuple[str, ...]) -> None:
    with SandboxProcess("--db", ":memory:", *args) as sb:
        assert sb.wait_exit() == 2
    assert sb.stderr_lines


def test_port_in_use_exits_1() -> None:
    with start_server(SandboxConfig(api_keys=("k",))) as running:
        with SandboxProcess("--db", ":memory:", "--port", str(running.port)) as sb:
            assert sb.wait_exit() == 1
        assert any("cannot listen" in line for line in sb.stderr_lines)


def test_header_timeout_option_cuts_off_a_slow_request() -> None:
    with SandboxProcess("--db", ":memory:", "--api-key", "k", "--header-timeout", "0.3") as sb:
        sb.banner()
        with socket.create_connection(("127.0.0.1", sb.port), timeout=10) as slow:
            slow.sendall(b"GET /v1/pets HTTP/1.1\r\nHost: x\r\n")
            assert slow.recv(1024) == b""
        assert sb.stop() == 0


def test_day_option_sets_the_length_of_the_per_day_quota() -> None:
    args = ("--db", ":memory:", "--api-key", "k", "--rpm", "100", "--rpd", "2", "--day", "7200")
    with SandboxProcess(*args) as sb:
        base_url = sb.banner()
        assert [_get(base_url, "/pets", "k").status_code for _ in range(2)] == [200, 200]
        r = _get(base_url, "/pets", "k")
        assert_error(r, 429, "rate_limited")
        assert int(r.headers["x-ratelimit-reset"]) % 7200 == 0
        assert 1 <= int(r.headers["retry-after"]) <= 7200
