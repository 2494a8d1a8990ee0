"""Fault injection: latency, 500/502/503, malformed JSON, dropped connection, forced 429."""

from __future__ import annotations

import collections
import json
import time

import httpx
import pytest

from petdesk.sandbox import FaultConfig, FaultInjector, FaultKind
from tests.helpers.sandbox_server import RunningSandbox
from tests.unit.sandbox.conftest import (
    API_KEY,
    FakeClock,
    SandboxFactory,
    assert_error,
    assert_rate_headers,
    open_client,
)
from tests.unit.sandbox.control import reconfigure


def test_faults_are_off_by_default(sandbox: RunningSandbox, client: httpx.Client) -> None:
    for _ in range(20):
        assert client.get("/pets").status_code == 200
    assert sandbox.app.faults.injected == {}
    assert sandbox.app.faults.config == FaultConfig()


def test_latency_makes_a_client_time_out(sandbox: RunningSandbox) -> None:
    sandbox.app.faults.configure(latency_seconds=1.0)
    with (
        open_client(sandbox, timeout=httpx.Timeout(5, read=0.1)) as c,
        pytest.raises(httpx.ReadTimeout),
    ):
        c.get("/pets")
    sandbox.app.faults.configure(latency_seconds=0.0)
    with open_client(sandbox, timeout=1) as c:
        assert c.get("/pets").status_code == 200


def test_latency_delays_the_answer(sandbox: RunningSandbox) -> None:
    sandbox.app.faults.configure(latency_seconds=0.2)
    with open_client(sandbox) as c:
        started = time.monotonic()
        assert c.get("/pets").status_code == 200
        assert time.monotonic() - started >= 0.2


def test_injected_500(sandbox: RunningSandbox, client: httpx.Client) -> None:
    sandbox.app.faults.configure(error_rate=1.0, error_statuses=(500,))
    r = client.get("/pets")
    assert_error(r, 500, "internal_error")
    assert_rate_headers(r)


def test_injected_502_is_html_like_a_proxy(sandbox: RunningSandbox, client: httpx.Client) -> None:
    sandbox.app.faults.fail_next(FaultKind.BAD_GATEWAY)
    r = client.get("/pets")
    assert r.status_code == 502
    assert r.headers["content-type"] == "text/html; charset=utf-8"
    assert "<h1>502 Bad Gateway</h1>" in r.text
    with pytest.raises(json.JSONDecodeError):
        r.json()
    assert client.get("/pets").status_code == 200


@pytest.mark.parametrize(("fmt", "expected"), [("seconds", "1"), ("http-date", "GMT")])
def test_injected_503_has_retry_after(
    make_sandbox: SandboxFactory, fmt: str, expected: str
) -> None:
    sandbox = make_sandbox(retry_after_format=fmt)
    sandbox.app.faults.fail_next("503")
    with open_client(sandbox) as c:
        r = c.get("/pets")
    assert_error(r, 503, "service_unavailable")
    assert r.headers["retry-after"].endswith(expected)


def test_fail_next_n_then_recover(sandbox: RunningSandbox, client: httpx.Client) -> None:
    faults = sandbox.app.faults
    faults.fail_next(FaultKind.SERVER_ERROR, 2)
    faults.fail_next(FaultKind.SERVICE_UNAVAILABLE)
    assert faults.pending == 3
    assert [client.get("/pets").status_code for _ in range(4)] == [500, 500, 503, 200]
    assert faults.pending == 0
    assert faults.injected == {FaultKind.SERVER_ERROR: 2, FaultKind.SERVICE_UNAVAILABLE: 1}


def test_malformed_json_keeps_status_and_breaks_the_body(
    sandbox: RunningSandbox, client: httpx.Client
) -> None:
    sandbox.app.faults.fail_next(FaultKind.MALFORMED_JSON, 2)
    r = client.get("/pets")
    assert r.status_code == 200
    assert r.headers["content-type"] == "application/json"
    assert int(r.headers["content-length"]) == len(r.content)
    with pytest.raises(json.JSONDecodeError):
        r.json()
    r = client.get("/pets/1")
    assert r.status_code == 200
    with pytest.raises(json.JSONDecodeError):
        r.json()
    assert client.get("/pets").json()[0]["id"] == 1


def test_dropped_connection_over_http(sandbox: RunningSandbox, client: httpx.Client) -> None:
    assert client.get("/pets").status_code == 200  # a kept-alive connection exists
    sandbox.app.faults.fail_next(FaultKind.DROP_CONNECTION)
    with pytest.raises(httpx.RemoteProtocolError):
        client.get("/pets")
    assert client.get("/pets").status_code == 200
    # a dropped request never reached the limiter
    assert sandbox.app.counters(API_KEY).requests == 2


def test_dropped_connection_on_a_fresh_connection(sandbox: RunningSandbox) -> None:
    sandbox.app.faults.configure(drop_connection_rate=1.0)
    with open_client(sandbox) as c:
        for _ in range(3):
            with pytest.raises(httpx.RemoteProtocolError):
                c.post("/pets", json={"name": "Lost", "categoryId": 1})
    assert sandbox.store.count() == 300


def test_forced_429_behaves_as_a_real_one(make_sandbox: SandboxFactory, clock: FakeClock) -> None:
    sandbox = make_sandbox()
    sandbox.app.faults.fail_next(FaultKind.RATE_LIMIT)
    with open_client(sandbox) as c:
        r = c.get("/pets")
        assert_error(r, 429, "rate_limited")
        assert r.headers["retry-after"] == "1"
        assert r.headers["x-ratelimit-remaining"] == "0"
        # sent during the Retry-After: refused again even though quota is left
        assert c.get("/pets").status_code == 429
        clock.advance(1)
        assert c.get("/pets").status_code == 200
    counters = sandbox.app.counters(API_KEY)
    assert (counters.rate_limited, counters.early_requests) == (2, 1)


def test_forced_429_rate_and_custom_wait(make_sandbox: SandboxFactory) -> None:
    sandbox = make_sandbox()
    sandbox.app.faults.configure(rate_limit_rate=1.0, retry_after_seconds=5)
    with open_client(sandbox) as c:
        r = c.get("/pets")
    assert_error(r, 429, "rate_limited")
    assert r.headers["retry-after"] == "5"


def test_rates_are_seeded_and_reproducible(sandbox: RunningSandbox, client: httpx.Client) -> None:
    faults = sandbox.app.faults

    def run() -> list[int]:
        return [client.get("/pets", params={"limit": 1}).status_code for _ in range(40)]

    faults.configure(error_rate=0.5, seed=7)
    first = run()
    faults.configure(seed=7)
    assert run() == first
    assert {200, 500, 502, 503} <= set(first)
    faults.clear()
    assert set(run()) == {200}


def test_shares_follow_the_rates() -> None:
    injector = FaultInjector(
        FaultConfig(
            error_rate=0.2,
            malformed_json_rate=0.1,
            drop_connection_rate=0.05,
            rate_limit_rate=0.05,
            seed=3,
        )
    )
    drawn = collections.Counter(injector.draw() for _ in range(20_000))
    share = {k: n / 20_000 for k, n in drawn.items()}
    errors = share[FaultKind.SERVER_ERROR] + share[FaultKind.BAD_GATEWAY]
    errors += share[FaultKind.SERVICE_UNAVAILABLE]
    assert errors == pytest.approx(0.2, abs=0.02)
    assert share[FaultKind.MALFORMED_JSON] == pytest.approx(0.1, abs=0.015)
    assert share[FaultKind.DROP_CONNECTION] == pytest.approx(0.05, abs=0.01)
    assert share[FaultKind.RATE_LIMIT] == pytest.approx(0.05, abs=0.01)
    assert share[None] == pytest.approx(0.6, abs=0.02)


@pytest.mark.parametrize(
    "changes",
    [
        {"error_rate": 1.5},
        {"error_rate": 0.6, "malformed_json_rate": 0.6},
        {"latency_seconds": -1},
        {"error_statuses": (404,)},
        {"error_statuses": ()},
        {"retry_after_seconds": 0},
    ],
)
def test_invalid_fault_config_is_refused(changes: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="must"):
        FaultConfig(**changes)  # type: ignore[arg-type]


def test_faults_hit_unauthenticated_requests_too(sandbox: RunningSandbox) -> None:
    sandbox.app.faults.fail_next(FaultKind.BAD_GATEWAY)
    with open_client(sandbox, key=None) as c:
        assert c.get("/pets").status_code == 502
        assert c.get("/pets").status_code == 401


def test_faults_from_the_initial_config(make_sandbox: SandboxFactory) -> None:
    sandbox = make_sandbox(faults=FaultConfig(error_rate=1.0, error_statuses=(503,)))
    with open_client(sandbox) as c:
        assert c.get("/pets").status_code == 503
    reconfigure(sandbox.app, faults=FaultConfig())
    with open_client(sandbox) as c:
        assert c.get("/pets").status_code == 200


def test_forced_429_at_a_fractional_time(make_sandbox: SandboxFactory, clock: FakeClock) -> None:
    sandbox = make_sandbox()
    clock.advance(0.75)
    sandbox.app.faults.fail_next(FaultKind.RATE_LIMIT)
    with open_client(sandbox) as c:
        r = c.get("/pets")
        assert r.headers["retry-after"] == "1"
        clock.advance(0.25)
        assert c.get("/pets").status_code == 200


def test_drop_after_commit_adds_the_pet_then_answers_nothing(sandbox: RunningSandbox,
                                                              client: httpx.Client) -> None:
    before = sandbox.store.count()
    sandbox.app.faults.fail_next(FaultKind.DROP_AFTER_COMMIT)
    with pytest.raises(httpx.RemoteProtocolError):
        client.post("/pets", json={"name": "Committed", "categoryId": 2})
    assert sandbox.store.count() == before + 1  # the pet is there ...
    names = [p["name"] for p in client.get("/pets", params={"limit": 100}).json()]
    assert sandbox.app.faults.injected == {FaultKind.DROP_AFTER_COMMIT: 1}
    assert sandbox.app.counters(API_KEY).requests == 2  # ... and the request counted
    del names


def test_drop_after_commit_rate_is_drawn_like_the_others() -> None:
    injector = FaultInjector(FaultConfig(drop_after_commit_rate=0.2, drop_connection_rate=0.1,
                                         seed=3))
    draws = collections.Counter(injector.draw() for _ in range(20_000))
    assert draws[FaultKind.DROP_AFTER_COMMIT] / 20_000 == pytest.approx(0.2, abs=0.01)
    assert draws[FaultKind.DROP_CONNECTION] / 20_000 == pytest.approx(0.1, abs=0.01)
    with pytest.raises(ValueError):
        FaultConfig(drop_after_commit_rate=0.6, drop_connection_rate=0.6)
