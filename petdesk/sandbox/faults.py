"""Fault injection of the sandbox: what ``petdesk-sandbox --fault-...`` switches on.

Off by default. The order in which a request meets its fault is in the docstring of
:mod:`petdesk.sandbox.app`. Tests that need a given fault on a given request pass the
app an injector of their own (``tests/helpers/faults.py``) that also queues faults.
"""

from __future__ import annotations

import enum
import random
import threading
from dataclasses import dataclass

__all__ = ["ConnectionDropped", "FaultConfig", "FaultInjector", "FaultKind"]


class FaultKind(enum.StrEnum):
    """What an injected fault does to one request."""

    SERVER_ERROR = "500"
    """500 with an ``internal_error`` Error body."""
    BAD_GATEWAY = "502"
    """502 with an HTML body (``text/html``), as a reverse proxy sends it."""
    SERVICE_UNAVAILABLE = "503"
    """503 ``service_unavailable`` with ``Retry-After``."""
    RATE_LIMIT = "429"
    """A forced 429 ``rate_limited``, handled exactly as a real one."""
    MALFORMED_JSON = "malformed_json"
    """The real answer with its body cut in half (invalid JSON)."""
    DROP_CONNECTION = "drop_connection"
    """No answer at all, and nothing done: over HTTP the socket is closed; in-process
    :class:`ConnectionDropped` is raised (the in-process transport turns it into
    ``httpx.RemoteProtocolError``, as httpx reports a real drop)."""
    DROP_AFTER_COMMIT = "drop_after_commit"
    """The request is processed in full (a POST's pet is committed), then the
    connection is dropped before the answer, as for ``drop_connection``."""


@dataclass(frozen=True, slots=True)
class FaultConfig:
    """Fault injection settings; all off by default.

    Rates are shares of requests in 0..1, and together at most 1. Which request
    gets which fault is drawn from ``random.Random(seed)``: one draw per request
    while any rate is non-zero, so a given sequence of requests always meets the
    same faults.
    """

    latency_seconds: float = 0.0
    error_rate: float = 0.0
    error_statuses: tuple[int, ...] = (500, 502, 503)
    malformed_json_rate: float = 0.0
    drop_connection_rate: float = 0.0
    drop_after_commit_rate: float = 0.0
    rate_limit_rate: float = 0.0
    retry_after_seconds: int = 1
    """Retry-After of an injected 503 and length of a forced 429's wait."""
    seed: int = 0

    def __post_init__(self) -> None:
        rates = (
            self.error_rate,
            self.malformed_json_rate,
            self.drop_connection_rate,
            self.drop_after_commit_rate,
            self.rate_limit_rate,
        )
        if any(not 0.0 <= r <= 1.0 for r in rates) or sum(rates) > 1.0 + 1e-9:
            raise ValueError("fault rates must be in 0..1 and add up to at most 1")
        if self.latency_seconds < 0:
            raise ValueError("latency_seconds must be >= 0")
        if not self.error_statuses or any(s not in (500, 502, 503) for s in self.error_statuses):
            raise ValueError("error_statuses must be a non-empty subset of 500, 502, 503")
        if self.retry_after_seconds < 1:
            raise ValueError("retry_after_seconds must be >= 1")

    @property
    def active(self) -> bool:
        return (
            self.error_rate
            + self.malformed_json_rate
            + self.drop_connection_rate
            + self.drop_after_commit_rate
            + self.rate_limit_rate
        ) > 0


def _new_rng(seed: int) -> random.Random:
    return random.Random(seed)  # noqa: S311 - reproducible faults, not security


class FaultInjector:
    """The faults a :class:`FaultConfig` asks for, one draw per request (thread-safe).

    :meth:`set_config` replaces the settings of a running app and restarts the random
    sequence from the new ``seed``.
    """

    def __init__(self, config: FaultConfig | None = None) -> None:
        self._lock = threading.Lock()
        self._config = config or FaultConfig()
        self._rng = _new_rng(self._config.seed)

    @property
    def config(self) -> FaultConfig:
        return self._config

    def set_config(self, config: FaultConfig) -> None:
        with self._lock:
            self._config = config
            self._rng = _new_rng(config.seed)

    def draw(self) -> FaultKind | None:
        """The fault for the next request, or None."""
        with self._lock:
            return self._draw_locked()

    def _draw_locked(self) -> FaultKind | None:
        cfg = self._config
        if not cfg.active:
            return None
        r = self._rng.random()
        r -= cfg.drop_connection_rate
        if r < 0:
            return FaultKind.DROP_CONNECTION
        r -= cfg.drop_after_commit_rate
        if r < 0:
            return FaultKind.DROP_AFTER_COMMIT
        r -= cfg.error_rate
        if r < 0:
            return FaultKind(str(self._rng.choice(cfg.error_statuses)))
        r -= cfg.rate_limit_rate
        if r < 0:
            return FaultKind.RATE_LIMIT
        r -= cfg.malformed_json_rate
        if r < 0:
            return FaultKind.MALFORMED_JSON
        return None


class ConnectionDropped(Exception):
    """Raised out of the WSGI app for an injected dropped connection.

    The HTTP server closes the socket without answering; the in-process transport
    turns it into ``httpx.RemoteProtocolError``. ``committed`` says whether the
    request was processed first (:attr:`FaultKind.DROP_AFTER_COMMIT`).
    """

    def __init__(self, message: str, *, committed: bool = False) -> None:
        super().__init__(message)
        self.committed = committed
