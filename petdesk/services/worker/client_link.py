"""The worker thread's link to :mod:`petdesk.api` (httpx, pydantic).

Imported by :meth:`~petdesk.gui.worker.thread.Runner.start` on the GUI thread just
before the worker thread starts (so that no two threads ever import pydantic at once),
which is after the window's contents are painted.
"""

from __future__ import annotations

from typing import Final, Protocol

from petdesk.api import CancelToken, RateLimitSnapshot, RequestListener, RequestPolicy
from petdesk.core.waits import WaitInfo

#: The key dialog's Test: one attempt, so no retries and no backoff. A test answers at
#: once ("no network" in milliseconds, not after four tries over seconds); the user
#: tests again when they have changed something.
CONNECTION_TEST: Final = RequestPolicy(max_retries=0)


class Reporter(Protocol):
    """What the listener reports to (the worker thread's runner)."""

    def on_wait(self, info: WaitInfo) -> None: ...

    def on_wait_over(self, cancelled: bool) -> None: ...

    def on_rate_limit(self, snapshot: RateLimitSnapshot) -> None: ...

    def on_request(self, method: str, path: str, attempt: int) -> None: ...


class SignalListener(RequestListener):
    """Forwards the client's events (worker thread) to the runner, which relays them
    to the GUI thread."""

    def __init__(self, reporter: Reporter) -> None:
        self._reporter = reporter

    def on_wait(self, info: WaitInfo) -> None:
        self._reporter.on_wait(info)

    def on_wait_over(self, cancelled: bool) -> None:
        self._reporter.on_wait_over(cancelled)

    def on_rate_limit(self, snapshot: RateLimitSnapshot) -> None:
        self._reporter.on_rate_limit(snapshot)

    def on_request(self, method: str, path: str, attempt: int) -> None:
        self._reporter.on_request(method, path, attempt)


def new_token() -> CancelToken:
    return CancelToken()
