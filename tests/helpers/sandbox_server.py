"""The sandbox served over HTTP in a background thread, for tests and benchmarks.

:func:`start_server` serves :class:`petdesk.sandbox.app.SandboxApp` with the product's
HTTP server (:class:`petdesk.sandbox.server.SandboxHTTPServer`, what
``petdesk-sandbox`` runs) on a free loopback port, and returns a
:class:`RunningSandbox`. Its app draws faults from a :class:`ScriptedFaults`, so a
test can queue the fault its next request meets.
"""

from __future__ import annotations

import dataclasses
import secrets
import threading
import time
from collections.abc import Callable

from petdesk.sandbox.app import SandboxApp
from petdesk.sandbox.config import SandboxConfig
from petdesk.sandbox.faults import FaultInjector
from petdesk.sandbox.server import HEADER_TIMEOUT, SandboxHTTPServer, url_host
from petdesk.sandbox.store import Store
from tests.helpers.faults import ScriptedFaults

__all__ = ["RunningSandbox", "start_server"]


class RunningSandbox:
    """A sandbox serving HTTP in a background thread. Use as a context manager."""

    def __init__(
        self,
        httpd: SandboxHTTPServer,
        app: SandboxApp,
        store: Store,
        *,
        owns_store: bool,
    ) -> None:
        self._httpd = httpd
        self.app = app
        self.store = store
        self._owns_store = owns_store
        self.host: str = str(httpd.server_address[0])
        self.port: int = int(httpd.server_address[1])
        self.base_url = f"http://{url_host(self.host)}:{self.port}/v1"
        self._thread = threading.Thread(
            target=httpd.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True
        )
        self._stopped = False
        self._thread.start()

    @property
    def api_keys(self) -> tuple[str, ...]:
        return self.app.api_keys

    @property
    def api_key(self) -> str:
        """The first accepted key."""
        return self.app.api_keys[0]

    def stop(self) -> None:
        """Stop serving, close every connection and the listening socket (idempotent)."""
        if self._stopped:
            return
        self._stopped = True
        self._httpd.shutdown()
        self._thread.join()
        self._httpd.close_connections()
        self._httpd.server_close()
        if self._owns_store:
            self.store.close()

    def __enter__(self) -> RunningSandbox:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def start_server(
    config: SandboxConfig | None = None,
    store: Store | None = None,
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    clock: Callable[[], float] | None = None,
    log_requests: bool = False,
    header_timeout: float = HEADER_TIMEOUT,
    faults: FaultInjector | None = None,
) -> RunningSandbox:
    """Serve a sandbox on ``host:port`` (0 = a free port) in a background thread.

    Without ``config`` the Free plan is used; a config without keys gets one
    random key (read it from ``.api_keys``). Without ``store`` a fresh seeded
    in-memory store is created and closed on ``stop()``. ``header_timeout``: see
    :mod:`petdesk.sandbox.server`. ``faults`` defaults to a :class:`ScriptedFaults`
    with ``config.faults``, so a test can queue faults on ``.app.faults``.
    """
    config = config or SandboxConfig()
    if not config.api_keys:
        config = _with_keys(config, (secrets.token_urlsafe(24),))
    owns_store = store is None
    store = store if store is not None else Store(None)
    app = SandboxApp(config, store, clock=clock or time.time,
                     faults=faults if faults is not None else ScriptedFaults(config.faults))
    try:
        httpd = SandboxHTTPServer((host, port), app, log_requests=log_requests,
                                   header_timeout=header_timeout)
    except BaseException:
        if owns_store:
            store.close()
        raise
    return RunningSandbox(httpd, app, store, owns_store=owns_store)


def _with_keys(config: SandboxConfig, keys: tuple[str, ...]) -> SandboxConfig:
    return dataclasses.replace(config, api_keys=keys)
