"""Noticing that the service is back: one probe at a time, at growing intervals.

After the service could not be reached, PetDesk sends one cheap request (a first page
of one pet) 5 s later, then 10 s, 20 s, 40 s … up to every 5 minutes, and never
while the quota budget says background work must wait. A successful answer (any
answer at all: even a 401 or a 429 proves the service is reachable) ends the
offline state; the UI then refreshes, as background work, within the budget.

A pure object: the clock is injected; the worker asks :meth:`ReconnectProbe.due`.
"""

from __future__ import annotations

from collections.abc import Sequence

from petdesk.core.errors import NetworkError, RequestTimeoutError

DEFAULT_INTERVALS: tuple[float, ...] = (5.0, 10.0, 20.0, 40.0, 80.0, 160.0)
DEFAULT_CAP = 300.0


def means_offline(error: BaseException) -> bool:
    """The error says the service cannot be reached (go offline, start probing).

    Any answer from the service, even a 401, 429 or 5xx, proves it is reachable."""
    return isinstance(error, NetworkError | RequestTimeoutError)


class ReconnectProbe:
    """The schedule of "is the service back?" probes."""

    def __init__(self, *, intervals: Sequence[float] = DEFAULT_INTERVALS,
                 cap: float = DEFAULT_CAP) -> None:
        if not intervals or any(i <= 0 for i in intervals) or cap <= 0:
            raise ValueError("intervals and cap must be positive")
        self._intervals = tuple(intervals)
        self._cap = cap
        self._offline = False
        self._failures = 0

    @property
    def offline(self) -> bool:
        return self._offline

    @property
    def failures(self) -> int:
        """Probes that failed since the service went away."""
        return self._failures

    def interval(self, failures: int) -> float:
        """The wait before the probe that follows ``failures`` failed ones."""
        index = min(failures, len(self._intervals) - 1)
        base = self._intervals[index]
        if failures >= len(self._intervals):
            base = self._intervals[-1] * 2 ** (failures - len(self._intervals) + 1)
        return min(base, self._cap)

    def went_offline(self) -> None:
        """A request found the service unreachable. Idempotent while offline."""
        if self._offline:
            return
        self._offline = True
        self._failures = 0

    def probe_failed(self) -> None:
        """The probe found the service still unreachable: wait longer."""
        self._failures += 1

    def came_back(self) -> None:
        """Any answer from the service (the probe's or a user request's)."""
        self._offline = False
        self._failures = 0
