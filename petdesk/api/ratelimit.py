"""Parsing of the rate-limit headers (spec section 8) and of ``Retry-After``.

Every response carries ``X-RateLimit-Limit``, ``X-RateLimit-Remaining`` and
``X-RateLimit-Reset`` (a Unix timestamp). Servers and proxies get this wrong in
the wild, so parsing is tolerant: an absent, negative, non-numeric or absurd
value is ignored (and logged at DEBUG), never trusted.

``Retry-After`` format and unit are "not shown" by the spec. PetDesk accepts
both forms RFC 9110 allows: delay-seconds (``120``) and an HTTP-date. A date is
measured against the server's own ``Date`` header when it sends one, so a
skewed local clock does not stretch or shorten the wait.
"""

from __future__ import annotations

import functools
import logging
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

from petdesk.core.wording import QT_TRANSLATE_NOOP, ClockTime

log = logging.getLogger(__name__)

#: Larger counts than this are nonsense for a per-minute or per-day quota.
_MAX_COUNT = 10**9
#: A reset further than this from "now" (either way) is not believed.
_MAX_RESET_DISTANCE = 2 * 86_400.0
_INT_RE = re.compile(r"^\s*\+?(\d{1,19})\s*$")
_NUM_RE = re.compile(r"^\s*\+?(\d{1,19}(?:\.\d+)?)\s*$")


@dataclass(frozen=True)
class RateLimitSnapshot:
    """The quota as the last response reported it, for the status bar."""

    limit: int | None
    remaining: int | None
    #: When the quota resets, converted to the local clock (UTC-aware).
    reset: datetime | None
    #: When the response was received (local clock, UTC-aware).
    observed_at: datetime

    def figures(self) -> str:
        """``57/60 left`` ("" when the answer told no remaining count), a marked sentence
        (translated by the window)."""
        if self.remaining is None:
            return ""
        if self.limit is None:
            return QT_TRANSLATE_NOOP("RateLimit", "{remaining} left").format(
                remaining=self.remaining)
        return QT_TRANSLATE_NOOP("RateLimit", "{remaining}/{limit} left").format(
            remaining=self.remaining, limit=self.limit)

    def resets(self) -> str:
        """``resets 14:03:07`` in local time ("" when the answer told no reset)."""
        if self.reset is None:
            return ""
        return QT_TRANSLATE_NOOP("RateLimit", "resets {time}").format(
            time=ClockTime(self.reset.astimezone(), today=True, seconds=True))


def _parse_count(name: str, value: str | None) -> int | None:
    if value is None:
        return None
    match = _INT_RE.match(value)
    if not match:
        log.debug("ignoring %s header: not a non-negative integer", name)
        return None
    number = int(match.group(1))
    if number > _MAX_COUNT:
        log.debug("ignoring %s header: absurd value", name)
        return None
    return number


def parse_http_date(value: str | None) -> float | None:
    """An RFC 9110 HTTP-date as a Unix timestamp, or ``None`` when it is not one."""
    if not value:
        return None
    return _parse_http_date(value)


@functools.lru_cache(maxsize=16)  # ``Date`` changes once a second: parse each value once
def _parse_http_date(value: str) -> float | None:
    try:
        parsed = parsedate_to_datetime(value.strip())
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    try:
        return parsed.timestamp()
    except (OverflowError, OSError, ValueError):  # pragma: no cover - platform dependent
        return None


def server_skew(headers: Mapping[str, str], local_now: float) -> float:
    """Seconds the server's clock is ahead of ours, from its ``Date`` header (0 if absent)."""
    server_now = parse_http_date(headers.get("date"))
    if server_now is None:
        return 0.0
    skew = server_now - local_now
    # A Date header days off is a broken server clock, not information.
    if abs(skew) > _MAX_RESET_DISTANCE:
        log.debug("ignoring Date header: %.0f s away from the local clock", skew)
        return 0.0
    return skew


class ClockSkew:
    """Bounds on (server clock − local clock), narrowed by every ``Date`` header.

    ``Date`` has a resolution of one second: a response stamped ``D`` was made
    at a server time in ``[D, D + 1)``, somewhere between the local times the
    request left and the response arrived. Each response so bounds the offset;
    intersecting the bounds of many responses (they straddle second boundaries)
    narrows it to about the round-trip time, so the slack added to
    ``X-RateLimit-Reset`` can shrink from a full second to what is really
    unknown. If the bounds stop overlapping (a clock was changed) it starts over.
    """

    def __init__(self) -> None:
        self._lo = -math.inf
        self._hi = math.inf

    def observe(self, headers: Mapping[str, str], sent: float, received: float) -> None:
        stamped = parse_http_date(headers.get("date"))
        if stamped is None or abs(stamped - received) > _MAX_RESET_DISTANCE:
            return
        lo, hi = stamped - received, stamped + 1.0 - sent
        if lo > self._hi or hi < self._lo:
            self._lo, self._hi = lo, hi
        else:
            self._lo, self._hi = max(self._lo, lo), min(self._hi, hi)

    @property
    def known(self) -> bool:
        return math.isfinite(self._lo) and math.isfinite(self._hi)

    @property
    def offset(self) -> float:
        """Best estimate of server minus local time (0 when no ``Date`` was seen)."""
        return (self._lo + self._hi) / 2 if self.known else 0.0

    @property
    def lower(self) -> float:
        """The least the server can be ahead of us: waits to a server-named moment use
        this, so they never end early (the midpoint can be up to half a second late)."""
        return self._lo if self.known else 0.0

    @property
    def uncertainty(self) -> float:
        """Half-width of the bounds (infinite when no ``Date`` was seen)."""
        return (self._hi - self._lo) / 2 if self.known else math.inf


def service_offset(headers: Mapping[str, str], local_now: float,
                   clock_skew: ClockSkew | None = None) -> float:
    """Seconds the service's clock is ahead of ours, as the reset is converted with: the
    measured skew once known, else this response's ``Date`` (0 without one)."""
    if clock_skew is not None and clock_skew.known:
        return clock_skew.offset
    return server_skew(headers, local_now)


def parse_reset(value: str | None, local_now: float, skew: float) -> float | None:
    """``X-RateLimit-Reset`` as a *local* Unix timestamp, or ``None``."""
    if value is None:
        return None
    match = _NUM_RE.match(value)
    if not match:
        log.debug("ignoring X-RateLimit-Reset header: not a number")
        return None
    try:
        reset = float(match.group(1))
    except (ValueError, OverflowError):  # pragma: no cover - regex guarantees digits
        return None
    if not math.isfinite(reset):  # pragma: no cover - regex guarantees digits
        return None
    local_reset = reset - skew
    if abs(local_reset - local_now) > _MAX_RESET_DISTANCE:
        log.debug("ignoring X-RateLimit-Reset header: absurd timestamp")
        return None
    return local_reset


def parse_rate_limit_headers(
    headers: Mapping[str, str], local_now: float, clock_skew: ClockSkew | None = None
) -> tuple[RateLimitSnapshot | None, float | None]:
    """Return the snapshot (``None`` if the response carried no usable header)
    and the reset as a local Unix timestamp (``None`` when unknown)."""
    skew = service_offset(headers, local_now, clock_skew)
    limit = _parse_count("X-RateLimit-Limit", headers.get("x-ratelimit-limit"))
    remaining = _parse_count("X-RateLimit-Remaining", headers.get("x-ratelimit-remaining"))
    reset_ts = parse_reset(headers.get("x-ratelimit-reset"), local_now, skew)
    if limit is not None and remaining is not None and remaining > limit:
        log.debug("ignoring X-RateLimit-Remaining: larger than the limit")
        remaining = None
    if limit is None and remaining is None and reset_ts is None:
        return None, None
    snapshot = RateLimitSnapshot(
        limit=limit,
        remaining=remaining,
        reset=datetime.fromtimestamp(reset_ts, UTC) if reset_ts is not None else None,
        observed_at=datetime.fromtimestamp(local_now, UTC),
    )
    return snapshot, reset_ts


def parse_retry_after(
    headers: Mapping[str, str], local_now: float, clock_skew: ClockSkew | None = None
) -> float | None:
    """``Retry-After`` in seconds from now, unclamped; ``None`` if absent or garbage.

    Negative numbers are garbage (RFC 9110 delay-seconds is non-negative). An
    HTTP-date in the past means "now" (0 s). Clamping is the policy's job.
    """
    raw = headers.get("retry-after")
    if raw is None:
        return None
    match = _NUM_RE.match(raw)
    if match:
        try:
            return float(match.group(1))
        except (ValueError, OverflowError):  # pragma: no cover
            return None
    when = parse_http_date(raw)
    if when is None:
        log.debug("ignoring Retry-After header: neither delay-seconds nor an HTTP-date")
        return None
    # The earliest the server's clock can read now (its Date is truncated to the second),
    # so that the wait never ends before the moment the server named.
    skew = (clock_skew.lower if clock_skew is not None and clock_skew.known
            else server_skew(headers, local_now))
    server_now = local_now + skew
    return max(0.0, when - server_now)
