"""Pieces of the UI that need :mod:`petdesk.api` (httpx, pydantic) at import time.

Imported lazily, normally first on the worker thread, so that the main window
can be built and shown before httpx and pydantic are loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from petdesk.api import AuthenticationError, RateLimitSnapshot, RequestListener, WaitInfo

if TYPE_CHECKING:
    from .worker import _WorkerCore


class MissingKeyError(AuthenticationError):
    """No API key is known for the environment (nothing was sent)."""

    user_message = "No API key is set for this environment. Enter one to continue."

    def __init__(self, message: str | None = None, *, problem: str | None = None) -> None:
        super().__init__(message)
        self.problem = problem

    def details(self) -> str:
        text = super().details()
        return f"{text}\nKeyring: {self.problem}" if self.problem else text


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
