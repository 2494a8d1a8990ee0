"""Deadlines and interrupts of the client's attempts, without httpcore.

:class:`Watchdog` calls ``fire`` when an attempt's deadline passes; the client then
interrupts its transport. A transport that can be interrupted (its sockets shut
down from another thread, :class:`~petdesk.api.transport.PetDeskTransport`) has the
shape of :class:`Interruptible`; any other (``httpx.MockTransport``, the in-process
sandbox) is checked between chunks instead.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Protocol, runtime_checkable

__all__ = ["Interruptible", "Watchdog"]


@runtime_checkable
class Interruptible(Protocol):
    """A transport whose requests in progress can be ended from any thread."""

    def interrupt(self) -> None:
        """End what is on the wire now (any thread)."""

    def rearm(self) -> None:
        """Accept new requests again after an interrupt."""


class Watchdog:
    """Calls ``fire`` when an armed deadline passes (a thread that ends when idle).

    ``arm(seconds)`` before an attempt, ``disarm()`` after it; ``disarm`` returns
    whether the deadline fired meanwhile. Arming wakes the thread only when the new
    deadline is earlier than the one it already sleeps towards, so back-to-back
    requests cost no thread switch.
    """

    _IDLE = 5.0

    def __init__(self, fire: Callable[[], None]) -> None:
        self._fire = fire
        self._cond = threading.Condition()
        self._due: float | None = None
        self._fired = False
        self._thread: threading.Thread | None = None
        self._closed = False
        #: The time the thread sleeps until (inf while idle).
        self._sleeping_until = float("inf")

    def arm(self, seconds: float) -> None:
        with self._cond:
            self._due = due = time.monotonic() + seconds
            self._fired = False
            if self._thread is None and not self._closed:
                self._thread = threading.Thread(target=self._run, name="petdesk-deadline",
                                                daemon=True)
                self._thread.start()
            elif due < self._sleeping_until:
                self._cond.notify()

    def disarm(self) -> bool:
        with self._cond:
            self._due = None
            fired, self._fired = self._fired, False
            return fired

    @property
    def fired(self) -> bool:
        with self._cond:
            return self._fired

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._due = None
            self._cond.notify()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=1.0)

    def _run(self) -> None:
        with self._cond:
            while not self._closed:
                if self._due is None:
                    self._sleeping_until = float("inf")
                    if not self._cond.wait(self._IDLE) and self._due is None:
                        break
                    continue
                left = self._due - time.monotonic()
                if left > 0:
                    self._sleeping_until = self._due
                    self._cond.wait(left)
                    continue
                self._due = None
                self._fired = True
                self._fire()
            self._thread = None
