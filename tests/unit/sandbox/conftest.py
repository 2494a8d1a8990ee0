"""Fixtures for the sandbox tests: a fake clock and live sandboxes over loopback."""

from __future__ import annotations

import dataclasses
import re
import threading
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from petdesk.sandbox import SandboxConfig, Store
from tests.helpers.sandbox_server import RunningSandbox, start_server

API_KEY = "test-key-0123456789"
OTHER_KEY = "other-key-9876543210"
#: A whole minute (and a multiple of 10) of Unix time: windows start exactly here.
T0 = 1_800_000_000


class FakeClock:
    """A clock that only moves when told to (thread-safe: server threads read it)."""

    def __init__(self, start: float = T0) -> None:
        self._now = float(start)
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> None:
        with self._lock:
            self._now += seconds

    def set(self, now: float) -> None:
        with self._lock:
            self._now = float(now)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


SandboxFactory = Callable[..., RunningSandbox]


@pytest.fixture
def make_sandbox(clock: FakeClock) -> Iterator[SandboxFactory]:
    """Start sandboxes on free loopback ports; all are stopped at teardown.

    Keyword arguments are SandboxConfig fields (default: generous limits so only
    the rate-limit tests meet them), plus ``store=``.
    """
    running: list[RunningSandbox] = []

    def factory(*, store: Store | None = None, **changes: Any) -> RunningSandbox:
        values: dict[str, Any] = {
            "api_keys": (API_KEY, OTHER_KEY),
            "requests_per_window": 10_000,
            "requests_per_day": 100_000,
        }
        values.update(changes)
        sandbox = start_server(SandboxConfig(**values), store=store, clock=clock)
        running.append(sandbox)
        return sandbox

    yield factory
    for sandbox in running:
        sandbox.stop()


@pytest.fixture
def sandbox(make_sandbox: SandboxFactory) -> RunningSandbox:
    return make_sandbox()


@pytest.fixture
def client(sandbox: RunningSandbox) -> Iterator[httpx.Client]:
    with httpx.Client(
        base_url=sandbox.base_url, headers={"Authorization": f"Bearer {API_KEY}"}, timeout=10
    ) as c:
        yield c


def open_client(sandbox: RunningSandbox, key: str | None = API_KEY, **kw: Any) -> httpx.Client:
    headers = {"Authorization": f"Bearer {key}"} if key is not None else {}
    kw.setdefault("timeout", 10)
    return httpx.Client(base_url=sandbox.base_url, headers=headers, **kw)


def assert_error(
    response: httpx.Response, status: int, code: str, field: str | None = None
) -> None:
    """The response is an Error body with this status and code (naming ``field`` first)."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    assert set(body) == {"code", "message", "status"}
    assert body["code"] == code
    assert body["status"] == status
    assert isinstance(body["message"], str)
    assert body["message"]
    if field is not None:
        quoted = re.findall(r"'([^']+)'", body["message"])
        assert quoted, body["message"]
        assert quoted[0] == field, body["message"]


def assert_rate_headers(response: httpx.Response) -> tuple[int, int, int]:
    """The three X-RateLimit headers are present and integers; returns them."""
    values = tuple(
        int(response.headers[name])
        for name in ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset")
    )
    assert values[0] >= 1
    assert values[1] >= 0
    return values  # type: ignore[return-value]


def with_changes(config: SandboxConfig, **changes: Any) -> SandboxConfig:
    return dataclasses.replace(config, **changes)
