"""Time as the request policy and the UI see it. Tests inject a fake clock that never sleeps."""

from __future__ import annotations

import threading
import time
from typing import Protocol


class Clock(Protocol):
    """Time as the policy sees it. Tests pass a fake one that never sleeps."""

    def monotonic(self) -> float: ...

    def time(self) -> float: ...

    def wait(self, event: threading.Event, timeout: float) -> bool:
        """Block until ``event`` is set or ``timeout`` seconds pass; return ``event.is_set()``."""
        ...


class SystemClock:
    """The real clock."""

    def monotonic(self) -> float:
        return time.monotonic()

    def time(self) -> float:
        return time.time()

    def wait(self, event: threading.Event, timeout: float) -> bool:
        return event.wait(max(0.0, timeout))


__all__ = ["Clock", "SystemClock"]
