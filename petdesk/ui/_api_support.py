"""Pieces of the UI that need :mod:`petdesk.api` (httpx, pydantic) at import time.

Imported lazily, normally first on the worker thread, so that the main window
can be built and shown before httpx and pydantic are loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from petdesk.api import RateLimitSnapshot, RequestListener, WaitInfo

if TYPE_CHECKING:
    from .worker import _WorkerCore


class SignalListener(RequestListener):
    """Forwards the client's events (on the worker thread) as Qt signals."""

    def __init__(self, core: _WorkerCore) -> None:
        self._core = core

    def on_wait(self, info: WaitInfo) -> None:
        self._core.waitStarted.emit(info)

    def on_wait_over(self, cancelled: bool) -> None:
        self._core.waitOver.emit(cancelled)

    def on_rate_limit(self, snapshot: RateLimitSnapshot) -> None:
        self._core.rateLimit.emit(snapshot)

    def on_request(self, method: str, path: str, attempt: int) -> None:
        self._core.requestSent.emit(method, path, attempt)
