"""The sandbox without a socket: an httpx transport that calls the WSGI app directly.

``petdesk --demo`` builds its ``PetStoreClient`` with
``base_url=DEMO_BASE_URL``, ``api_key=DEMO_API_KEY`` and
``transport=in_process_transport(make_demo_app())``: no port is opened, so no
firewall prompt appears. ``DEMO_BASE_URL`` is a nominal loopback URL; with this
transport nothing is ever sent to it.

Behaviour is the same as over HTTP (same app), with these differences:

* An injected dropped connection surfaces as ``httpx.RemoteProtocolError``
  ("Server disconnected without sending a response."), the error httpx raises
  for a real drop over HTTP. That holds for both drops: before processing
  (``drop_connection``) and after the pet was committed (``drop_after_commit``).
* The request runs on the caller's thread, so injected latency blocks it and
  httpx timeouts do not apply (there is no socket to time out).
* The transport is synchronous (``httpx.Client``, not ``AsyncClient``). The app is
  thread-safe, so a client used from a worker thread is fine.

Demo settings (:func:`make_demo_app`): the persistent database in the platform
data directory, the one key :data:`DEMO_API_KEY`, and Free-plan limits per
minute (60 requests per 60 s window, so the rate-limit display and a 429 can be
seen) with a generous 10,000 requests per day, so a long demo session never
locks the user out for the day. Bans are on, as in the spec.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import httpx

from petdesk.sandbox.app import SandboxApp
from petdesk.sandbox.config import SandboxConfig
from petdesk.sandbox.faults import ConnectionDropped
from petdesk.sandbox.store import Store, default_db_path

__all__ = [
    "DEMO_API_KEY",
    "DEMO_BASE_URL",
    "SandboxTransport",
    "demo_config",
    "in_process_transport",
    "make_demo_app",
]

DEMO_API_KEY: Final = "demo-petdesk-sandbox-key"
DEMO_BASE_URL: Final = "http://127.0.0.1/v1"


class SandboxTransport(httpx.WSGITransport):
    """``httpx.WSGITransport`` that maps an injected drop to ``httpx.RemoteProtocolError``."""

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        try:
            return super().handle_request(request)
        except ConnectionDropped as exc:
            raise httpx.RemoteProtocolError(
                "Server disconnected without sending a response.", request=request
            ) from exc


def in_process_transport(app: SandboxApp) -> httpx.WSGITransport:
    """A transport for ``httpx.Client(transport=...)`` that calls ``app`` in-process."""
    return SandboxTransport(app=app, remote_addr="127.0.0.1")


def demo_config(**changes: Any) -> SandboxConfig:
    """The demo's config (see the module docstring); ``changes`` override fields."""
    values: dict[str, Any] = {
        "api_keys": (DEMO_API_KEY,),
        "requests_per_window": 60,
        "requests_per_day": 10_000,
        "window_seconds": 60,
    }
    values.update(changes)
    return SandboxConfig(**values)


def make_demo_app(
    db_path: str | Path | None = None,
    *,
    reset: bool = False,
    config: SandboxConfig | None = None,
    clock: Callable[[], float] = time.time,
) -> SandboxApp:
    """The app behind ``petdesk --demo``.

    ``db_path`` defaults to :func:`petdesk.sandbox.store.default_db_path` (the
    data survives restarts); ``":memory:"`` gives a throw-away store. ``reset``
    re-seeds the database. The store stays open for the life of the process
    (``app.store.close()`` closes it).
    """
    path: str | Path = db_path if db_path is not None else default_db_path()
    store = Store(None if str(path) == ":memory:" else path)
    if reset and not store.created:
        store.reset()
    return SandboxApp(config or demo_config(), store, clock=clock)
