"""The quota budget: background work never takes the user's share of the quota.

Background work is everything the user did not just ask for: draining the outbox,
reconciling an unknown outcome, refreshing after reconnecting, probing whether the
service is back, filling the catalogue mirror. It may send only while the quota the
last response reported (``X-RateLimit-Remaining``, spec section 8) is above a
*reserve*: the last part of the window (20 % of ``X-RateLimit-Limit``, at least 2
requests). The reserve is left for what the user asks for now (a refresh, a look-up,
an add sent at once). When the reserve is reached, background work waits until the
window resets (``X-RateLimit-Reset``, plus a second of slack), and always while the
client's gate is closed (after a 429, or with no quota left).

The headers describe the tighter of the minute and the day, so near the end of the
day's quota the same rule keeps the last 20 % of the day for the user.

The reading is the key's, not one desk's: with a store shared by several desks it is
the tighter of this desk's last answer and what every desk last saw
(:meth:`petdesk.api.PetStoreClient.quota_now`), so the reserve is kept for the people
at every desk, and a wait another desk was told of closes this desk's gate too. It is
read before the gate is asked, for that reason.

A pure object: the clock and the live reading are injected.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from petdesk.core.clock import Clock
from petdesk.core.wording import QT_TRANSLATE_NOOP


class QuotaReading(Protocol):
    """What the budget needs of :class:`petdesk.api.RateLimitSnapshot`."""

    @property
    def limit(self) -> int | None: ...

    @property
    def remaining(self) -> int | None: ...

    @property
    def reset(self) -> datetime | None: ...


class BudgetReason(enum.Enum):
    """Why background work may not send now; the value is the sentence the window
    shows (marked for translation: it reaches the status bar)."""

    ALLOWED = "allowed"
    GATE_CLOSED = QT_TRANSLATE_NOOP("QuotaBudget", "the service asked PetDesk to wait")
    RESERVE = QT_TRANSLATE_NOOP("QuotaBudget",
                                "the rest of this minute's requests are kept for you")


@dataclass(frozen=True)
class BudgetDecision:
    allowed: bool
    #: Seconds until background work may ask again (0 when allowed).
    wait: float
    reason: BudgetReason


_ALLOWED = BudgetDecision(True, 0.0, BudgetReason.ALLOWED)


def _no_gate() -> float:
    return 0.0


class QuotaBudget:
    """Answers "may background work send now, and if not, for how long must it wait"."""

    def __init__(
        self,
        clock: Clock,
        reading: Callable[[], QuotaReading | None],
        gate_wait: Callable[[], float] = _no_gate,
        *,
        reserve_share: float = 0.2,
        min_reserve: int = 2,
        reset_slack: float = 1.0,
        unknown_reset_wait: float = 60.0,
    ) -> None:
        if not 0.0 <= reserve_share < 1.0 or min_reserve < 0:
            raise ValueError("reserve_share must be in [0, 1) and min_reserve >= 0")
        self._clock = clock
        self._reading = reading
        self._gate_wait = gate_wait
        self._share = reserve_share
        self._min_reserve = min_reserve
        self._slack = reset_slack
        self._unknown_wait = unknown_reset_wait

    def reserve(self, limit: int | None) -> int:
        """Requests of the window kept for the user."""
        if limit is None:
            return self._min_reserve
        return max(self._min_reserve, math.ceil(limit * self._share))

    def background(self) -> BudgetDecision:
        """May background work send one request now?"""
        reading = self._reading()
        gate = self._gate_wait()
        if gate > 0:
            return BudgetDecision(False, gate, BudgetReason.GATE_CLOSED)
        if reading is None or reading.remaining is None:
            return _ALLOWED  # nothing known yet: the first answer will tell
        now = self._clock.time()
        reset = reading.reset.timestamp() if reading.reset is not None else None
        if reset is not None and now >= reset:
            return _ALLOWED  # the window the reading describes is over
        if reading.remaining > self.reserve(reading.limit):
            return _ALLOWED
        wait = reset - now + self._slack if reset is not None else self._unknown_wait
        return BudgetDecision(False, max(wait, 0.0), BudgetReason.RESERVE)

    def user(self) -> BudgetDecision:
        """May a request the user asked for be sent now? (Only the gate stops it.)"""
        gate = self._gate_wait()
        if gate > 0:
            return BudgetDecision(False, gate, BudgetReason.GATE_CLOSED)
        return _ALLOWED
