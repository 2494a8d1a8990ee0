"""The sandbox's rate limits: quota windows, Retry-After periods and bans, per key.

The rules are in the docstring of :mod:`petdesk.sandbox.app` ("Rate limits").
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from typing import Final

from petdesk.sandbox.config import SandboxConfig

__all__ = ["LIMIT_FIELDS", "Decision", "KeyCounters", "Limits", "RateLimiter"]


@dataclass(frozen=True, slots=True)
class KeyCounters:
    """Per-key (or per-address, for requests without an accepted key) counters."""

    requests: int = 0
    """Every request seen, whatever the answer."""
    early_requests: int = 0
    """Requests that arrived before the end of a Retry-After given to this key
    (including requests during a ban)."""
    rate_limited: int = 0
    """429 answers sent (``rate_limited`` and ``key_temporarily_banned``)."""
    bans: int = 0
    """Bans issued."""


@dataclass(slots=True)
class _Bucket:
    window_start: int = -1
    window_count: int = 0
    day_start: int = -1
    day_count: int = 0
    retry_at: int = 0
    early_in_period: int = 0
    banned_until: int = 0
    requests: int = 0
    early_requests: int = 0
    rate_limited: int = 0
    bans: int = 0


@dataclass(frozen=True, slots=True)
class Limits:
    limit: int
    remaining: int
    reset: int


@dataclass(frozen=True, slots=True)
class Decision:
    headers: Limits
    code: str | None = None  # None = allowed; else the 429 code
    retry_at: int = 0


#: Config fields whose change forgets the rate-limit state.
LIMIT_FIELDS: Final = ("requests_per_window", "requests_per_day", "window_seconds",
                        "day_seconds", "rate_limit_enabled")


class RateLimiter:
    """The quota, Retry-After and ban state of every key and address (thread-safe).

    Buckets are named ``"key:<api key>"`` for accepted keys and ``"addr:<address>"``
    for requests without one.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._buckets: dict[str, _Bucket] = {}

    def reset(self) -> None:
        with self._lock:
            self._buckets.clear()

    def counters(self, bucket_id: str) -> KeyCounters:
        with self._lock:
            b = self._buckets.get(bucket_id)
            if b is None:
                return KeyCounters()
            return KeyCounters(b.requests, b.early_requests, b.rate_limited, b.bans)

    def decide(
        self, bucket_id: str, now: float, cfg: SandboxConfig, *, forced_wait: int | None
    ) -> Decision:
        window = cfg.window_seconds
        day = cfg.day_seconds
        window_start = int(now // window) * window
        day_start = int(now // day) * day
        with self._lock:
            b = self._buckets.get(bucket_id)
            if b is None:
                b = self._buckets[bucket_id] = _Bucket()
            b.requests += 1
            if b.window_start != window_start:
                b.window_start, b.window_count = window_start, 0
            if b.day_start != day_start:
                b.day_start, b.day_count = day_start, 0
            w_limit, d_limit = cfg.requests_per_window, cfg.requests_per_day
            w_reset, d_reset = window_start + window, day_start + day

            if not cfg.rate_limit_enabled:
                return Decision(Limits(w_limit, w_limit, w_reset))

            tight = _tighter(
                Limits(w_limit, max(w_limit - b.window_count, 0), w_reset),
                Limits(d_limit, max(d_limit - b.day_count, 0), d_reset),
            )

            if now < b.banned_until:
                b.early_requests += 1
                b.rate_limited += 1
                return self._banned(b, tight)

            if now < b.retry_at:
                return self._early(b, now, cfg, tight)
            b.early_in_period = 0

            if forced_wait is not None:
                b.retry_at = math.floor(now) + forced_wait
                b.rate_limited += 1
                return Decision(Limits(tight.limit, 0, b.retry_at), "rate_limited", b.retry_at)

            over = self._over_quota(b, Limits(w_limit, 0, w_reset), Limits(d_limit, 0, d_reset))
            if over is not None:
                return over

            b.window_count += 1
            b.day_count += 1
            return Decision(
                _tighter(
                    Limits(w_limit, w_limit - b.window_count, w_reset),
                    Limits(d_limit, d_limit - b.day_count, d_reset),
                )
            )

    def _early(self, b: _Bucket, now: float, cfg: SandboxConfig, tight: Limits) -> Decision:
        """A request during a Retry-After period: 429 again, or a ban at the N-th."""
        b.early_requests += 1
        b.early_in_period += 1
        b.rate_limited += 1
        if 0 < cfg.ban_after_early_requests <= b.early_in_period:
            b.banned_until = math.floor(now) + cfg.ban_seconds
            b.bans += 1
            b.early_in_period = 0
            b.retry_at = 0
            return self._banned(b, tight)
        return Decision(Limits(tight.limit, 0, b.retry_at), "rate_limited", b.retry_at)

    @staticmethod
    def _over_quota(b: _Bucket, window: Limits, day: Limits) -> Decision | None:
        """429 until the later reset that applies when the window or day quota is used."""
        w_out = b.window_count >= window.limit
        d_out = b.day_count >= day.limit
        if not (w_out or d_out):
            return None
        if w_out and d_out:
            chosen = day if day.reset >= window.reset else window
        else:
            chosen = day if d_out else window
        b.retry_at = chosen.reset
        b.rate_limited += 1
        return Decision(Limits(chosen.limit, 0, chosen.reset), "rate_limited", chosen.reset)

    @staticmethod
    def _banned(b: _Bucket, tight: Limits) -> Decision:
        return Decision(
            Limits(tight.limit, 0, b.banned_until), "key_temporarily_banned", b.banned_until
        )


def _tighter(a: Limits, b: Limits) -> Limits:
    """Fewer remaining wins; on a tie the later reset."""
    return min(a, b, key=lambda x: (x.remaining, -x.reset))
