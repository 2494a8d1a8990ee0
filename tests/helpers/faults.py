"""Fault injection for tests: the sandbox's faults, plus faults queued for the next requests.

``configure(**changes)`` changes :class:`~petdesk.sandbox.faults.FaultConfig` fields on
a running app (a new ``seed`` restarts the random sequence); ``fail_next(kind, n)``
queues faults for the next ``n`` requests (any request, authenticated or not), which
take precedence over the rates; ``clear()`` switches everything off. ``injected``
counts the faults injected so far per kind.
"""

from __future__ import annotations

import collections
import dataclasses
import random
from typing import Any

from petdesk.sandbox.faults import FaultConfig, FaultInjector, FaultKind

__all__ = ["ScriptedFaults"]


class ScriptedFaults(FaultInjector):
    """A :class:`FaultInjector` a test steers while the sandbox runs (thread-safe)."""

    def __init__(self, config: FaultConfig | None = None) -> None:
        super().__init__(config)
        self._queue: collections.deque[FaultKind] = collections.deque()
        self._injected: collections.Counter[FaultKind] = collections.Counter()

    def configure(self, **changes: Any) -> None:
        with self._lock:
            new = dataclasses.replace(self._config, **changes)
            if "seed" in changes:
                self._rng = random.Random(new.seed)
            self._config = new

    def fail_next(self, kind: FaultKind | str, count: int = 1) -> None:
        if count < 0:
            raise ValueError("count must be >= 0")
        kind = FaultKind(kind)
        with self._lock:
            self._queue.extend([kind] * count)

    def clear(self) -> None:
        """Switch every fault off and forget queued ones (the seed is kept)."""
        with self._lock:
            self._queue.clear()
            self._config = FaultConfig(seed=self._config.seed)
            self._rng = random.Random(self._config.seed)

    @property
    def pending(self) -> int:
        """Number of queued faults not yet injected."""
        with self._lock:
            return len(self._queue)

    @property
    def injected(self) -> dict[FaultKind, int]:
        with self._lock:
            return dict(self._injected)

    def draw(self) -> FaultKind | None:
        """The queued fault for the next request, else one drawn from the rates."""
        with self._lock:
            kind = self._queue.popleft() if self._queue else self._draw_locked()
            if kind is not None:
                self._injected[kind] += 1
            return kind
