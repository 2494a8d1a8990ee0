"""Fakes for the Qt-free client tests: a clock that never sleeps, a scripted server."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from email.utils import formatdate
from typing import Any

import httpx


class FakeClock:
    """Monotonic and wall time that move only when waited on (or advanced)."""

    def __init__(self, wall: float = 1_800_000_000.0) -> None:
        self._wall = wall
        self._mono = 1_000.0
        self.waited = 0.0

    def monotonic(self) -> float:
        return self._mono

    def time(self) -> float:
        return self._wall

    def advance(self, seconds: float) -> None:
        self._wall += seconds
        self._mono += seconds

    def wait(self, event: threading.Event, timeout: float) -> bool:
        if event.is_set():
            return True
        self.advance(timeout)
        self.waited += timeout
        return event.is_set()

    def http_date(self, offset: float = 0.0) -> str:
        return formatdate(self._wall + offset, usegmt=True)


Handler = Callable[[httpx.Request], httpx.Response]


class Recorder:
    """A MockTransport handler that records every request and when it arrived."""

    def __init__(self, clock: FakeClock, respond: Handler) -> None:
        self.clock = clock
        self.respond = respond
        self.requests: list[httpx.Request] = []
        self.times: list[float] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        self.times.append(self.clock.monotonic())
        return self.respond(request)

    @property
    def count(self) -> int:
        return len(self.requests)


def pet_json(pet_id: int = 1, name: str = "Rex", category: int = 1, status: str | None = "available"
             ) -> dict[str, Any]:
    body: dict[str, Any] = {"id": pet_id, "name": name, "categoryId": category}
    if status is not None:
        body["status"] = status
    return body


def error(status: int, code: str, message: str, headers: dict[str, str] | None = None
          ) -> httpx.Response:
    return httpx.Response(status, json={"code": code, "message": message, "status": status},
                          headers=headers or {})


def ok(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> httpx.Response:
    return httpx.Response(status, content=json.dumps(body).encode(),
                          headers={"content-type": "application/json", **(headers or {})})
