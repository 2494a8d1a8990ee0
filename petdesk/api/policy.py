"""The request policy: the one gate that keeps a rate-limited key out of a ban.

Spec sections 5.4 and 8: after a 429 the client must wait for ``Retry-After``,
should back off exponentially, and repeated requests during the wait may get
the key banned. So:

* :class:`RateLimitGate` is shared by every request of a client. After a 429,
  or when ``X-RateLimit-Remaining`` reaches 0, it closes until the wait is over;
  *no request of any kind* passes it before then. It is an object you construct
  (fresh per test, with an injectable :class:`Clock`), not module state.
* Waits are reported to a :class:`RequestListener` ("waiting 12 s because rate
  limited, attempt 2 of 4") and can be cancelled from any thread through a
  :class:`CancelToken`; a cancelled wait returns within one poll (≤ 50 ms).
* :func:`backoff_delay` is capped exponential backoff with full jitter.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from petdesk.api.ratelimit import RateLimitSnapshot
from petdesk.core.clock import Clock
from petdesk.core.errors import RateLimitedError, RequestCancelled
from petdesk.core.waits import WaitInfo, WaitReason
from petdesk.core.wording import ClockTime

log = logging.getLogger(__name__)


class CancelToken:
    """Cancels a request and any wait before it, from any thread.

    The client hooks a callback on the token while a request is on the wire
    (:meth:`on_cancel`), so :meth:`cancel` also interrupts a read in progress.
    """

    __slots__ = ("_callbacks", "_event", "_lock")

    def __init__(self) -> None:
        self._event = threading.Event()
        self._lock = threading.Lock()
        self._callbacks: list[Callable[[], None]] = []

    def cancel(self) -> None:
        with self._lock:
            self._event.set()
            callbacks = list(self._callbacks)
        for callback in callbacks:
            callback()

    def on_cancel(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback`` on :meth:`cancel` (at once if already cancelled).

        Returns the function that removes it again.
        """
        with self._lock:
            self._callbacks.append(callback)
            already = self._event.is_set()
        if already:
            callback()

        def remove() -> None:
            with self._lock:
                if callback in self._callbacks:
                    self._callbacks.remove(callback)

        return remove

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    @property
    def event(self) -> threading.Event:
        return self._event

    def raise_if_cancelled(self) -> None:
        if self._event.is_set():
            raise RequestCancelled()


class RequestListener:
    """Qt-free observer of the client. Subclass and override what you need.

    Called on the thread that runs the request; a GUI forwards these through
    signals to its own thread.
    """

    def on_wait(self, info: WaitInfo) -> None:
        """A wait starts (rate limit, quota or backoff)."""

    def on_wait_over(self, cancelled: bool) -> None:
        """The wait announced by the last :meth:`on_wait` ended."""

    def on_rate_limit(self, snapshot: RateLimitSnapshot) -> None:
        """A response reported the quota."""

    def on_request(self, method: str, path: str, attempt: int) -> None:
        """A request is about to leave the client."""


@dataclass(frozen=True)
class RequestPolicy:
    """The numbers of the policy. Defaults follow spec section 8."""

    #: Retries after the first attempt (so at most ``max_retries + 1`` requests).
    max_retries: int = 3
    backoff_base: float = 1.0
    backoff_cap: float = 30.0
    #: Wait after a 429 when neither Retry-After nor X-RateLimit-Reset says how long.
    default_retry_after: float = 60.0
    #: Any server-announced wait is clamped into this range (seconds).
    min_wait: float = 1.0
    max_wait: float = 86_400.0
    #: Added to X-RateLimit-Reset before sending again: covers clock skew and rounding
    #: while the server's clock is not known better than to a second ...
    reset_slack: float = 1.0
    #: ... and, once its ``Date`` headers pin the skew to within 0.25 s, the remaining
    #: uncertainty plus this margin.
    reset_margin: float = 0.05
    #: Waits longer than this are not sat through: the request fails at once with
    #: :class:`RateLimitedError` saying when to try again (the gate stays closed).
    max_auto_wait: float = 120.0
    #: How often a wait looks at its cancel token (seconds).
    poll_interval: float = 0.05

    @property
    def max_attempts(self) -> int:
        return self.max_retries + 1

    def clamp_wait(self, seconds: float, what: str) -> float:
        """Clamp a server-announced wait; an absurd one is logged, never obeyed literally."""
        if seconds > self.max_wait:
            log.warning(
                "%s of %.0f s is absurd; waiting %.0f s instead", what, seconds, self.max_wait
            )
            return self.max_wait
        return max(self.min_wait, seconds)


def backoff_delay(retry_index: int, policy: RequestPolicy, rng: random.Random) -> float:
    """Full-jitter exponential backoff: uniform in [0, min(cap, base * 2**retry_index)]."""
    ceiling = min(policy.backoff_cap, policy.backoff_base * (2.0 ** max(0, retry_index)))
    return rng.uniform(0.0, ceiling)


class RateLimitGate:
    """Shared by every request of one client; closed while the key must rest."""

    def __init__(self, clock: Clock, policy: RequestPolicy) -> None:
        self._clock = clock
        self._policy = policy
        self._lock = threading.Lock()
        self._open_at = float("-inf")  # clock.monotonic() value
        self._reason = WaitReason.RATE_LIMITED

    def close_for(self, seconds: float, reason: WaitReason) -> None:
        """Keep every request out for ``seconds`` from now (never shortens a longer wait)."""
        with self._lock:
            until = self._clock.monotonic() + max(0.0, seconds)
            if until > self._open_at:
                self._open_at = until
                self._reason = reason

    def note_quota(
        self, remaining: int | None, reset_local_ts: float | None,
        skew_uncertainty: float = float("inf"),
    ) -> None:
        """``X-RateLimit-Remaining: 0``: rest until the reset (plus slack)."""
        if remaining != 0 or reset_local_ts is None:
            return
        # Once Date headers pin the skew to a quarter second, wait for the latest
        # moment the reset can be (the bound) plus a small margin; until then a second.
        bound = skew_uncertainty + self._policy.reset_margin
        if skew_uncertainty <= 0.25:
            slack = bound
        elif skew_uncertainty < self._policy.reset_slack or skew_uncertainty == float("inf"):
            slack = self._policy.reset_slack
        else:  # a clock known worse than the slack itself (very slow round trips)
            slack = min(bound, self._policy.max_wait)
        wait = reset_local_ts - self._clock.time() + slack
        if wait > 0:
            self.close_for(self._policy.clamp_wait(wait, "X-RateLimit-Reset"),
                           WaitReason.QUOTA_EXHAUSTED)

    def remaining_wait(self) -> float:
        with self._lock:
            return max(0.0, self._open_at - self._clock.monotonic())

    @property
    def reason(self) -> WaitReason:
        with self._lock:
            return self._reason

    def wait_until_open(
        self,
        token: CancelToken,
        listener: RequestListener,
        attempt: int,
        max_attempts: int,
    ) -> None:
        """Block until the gate is open. Raises :class:`RequestCancelled` or,
        for a wait longer than ``max_auto_wait``, :class:`RateLimitedError` (nothing sent)."""
        token.raise_if_cancelled()
        remaining = self.remaining_wait()
        if remaining <= 0:
            return
        if remaining > self._policy.max_auto_wait:
            raise RateLimitedError(
                _until_message(self._clock.time() + remaining),
                retry_after=remaining,
                available_at=datetime.fromtimestamp(self._clock.time() + remaining, UTC),
            )
        wait_for(self._clock, remaining, self.reason, attempt, max_attempts, token, listener,
                 self._policy, gate=self)


class LearnedQuota:
    """The quota of a server that sends no ``X-RateLimit-*`` headers, learnt from its 429s.

    Without headers the first 429 is unavoidable; it also tells what the quota is:
    the requests answered since the current period began were the limit, and the
    period ends when ``Retry-After`` does. The period's length is the time between
    two such ends, or until the second one is seen, from the first request answered
    to the first end (right when the first request opened a window, short when it
    came mid-window: that costs one more 429, which measures it; never an early
    request, since the 429's own wait is always kept). From then on, when the
    learnt number of requests has been answered within a period, the gate closes
    until the period ends, so a steady stream of requests meets no further 429
    (benchmark figure 4: 3 429s for 200 requests at 60 per 5 s became 1).

    Only used while responses carry no rate-limit headers; call :meth:`forget` when
    they do. Times are the clock's ``monotonic()``.
    """

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self.forget()

    def forget(self) -> None:
        self.limit: int | None = None
        self.period: float | None = None
        self._period_end: float | None = None
        #: When the last 429's wait ended: a window boundary as the server sees it.
        self._reset: float | None = None
        self._count = 0
        self._first: float | None = None

    def on_answer(self) -> float:
        """A request was answered (not 429). Returns how long to pause, 0 for none."""
        now = self._clock.monotonic()
        end, period = self._period_end, self.period
        if end is not None and period is not None and now >= end:
            self._period_end = end + (int((now - end) // period) + 1) * period
            self._count = 0
        if self._first is None:
            self._first = now
        self._count += 1
        if self.limit is not None and self._period_end is not None \
                and self._count >= self.limit:
            return max(0.0, self._period_end - now)
        return 0.0

    def on_429(self, wait: float) -> None:
        """A 429 whose wait (the gate is closed for it) is ``wait`` seconds."""
        now = self._clock.monotonic()
        end = now + wait
        if self._count > 0:
            self.limit = self._count
        if self._reset is not None and end > self._reset:
            self.period = end - self._reset  # from one boundary to the next
        elif self._first is not None and end > self._first:
            self.period = end - self._first
        self._reset = self._period_end = end
        self._count = 0
        self._first = None


def _until_message(wall_ts: float) -> str:
    local = datetime.fromtimestamp(wall_ts, UTC).astimezone()
    return (
        "The Pet Store service is limiting requests. PetDesk will not send any more "
        f"until {ClockTime(local, today=True, seconds=True)}, to keep your API key from "
        "being blocked."
    )


def wait_for(
    clock: Clock,
    seconds: float,
    reason: WaitReason,
    attempt: int,
    max_attempts: int,
    token: CancelToken,
    listener: RequestListener,
    policy: RequestPolicy,
    gate: RateLimitGate | None = None,
) -> None:
    """Sit through one announced, cancellable wait. With ``gate``, also waits out
    any extension of the gate that happens meanwhile."""
    start = clock.monotonic()
    deadline = start + seconds
    listener.on_wait(
        WaitInfo(
            seconds=seconds,
            reason=reason,
            attempt=attempt,
            max_attempts=max_attempts,
            until=datetime.fromtimestamp(clock.time() + seconds, UTC),
        )
    )
    cancelled = False
    try:
        while True:
            now = clock.monotonic()
            if gate is not None:
                deadline = max(deadline, now + gate.remaining_wait())
            left = deadline - now
            if left <= 0:
                break
            if clock.wait(token.event, min(left, policy.poll_interval)):
                cancelled = True
                break
    finally:
        listener.on_wait_over(cancelled)
    if cancelled:
        raise RequestCancelled()
