"""The request policy with a fake clock: gate, backoff, clamping, cancellation."""

from __future__ import annotations

import logging
import random
import threading

import pytest

from petdesk.api import (
    CancelToken,
    RateLimitedError,
    RateLimitGate,
    RequestCancelled,
    RequestListener,
    RequestPolicy,
    SystemClock,
    WaitInfo,
    WaitReason,
    backoff_delay,
)
from tests.helpers.api_fakes import FakeClock
from tests.unit.api.conftest import RecordingListener


def test_backoff_is_full_jitter_and_capped() -> None:
    policy = RequestPolicy(backoff_base=1.0, backoff_cap=8.0)
    rng = random.Random(1)
    for retry in range(8):
        ceiling = min(8.0, 2.0**retry)
        samples = [backoff_delay(retry, policy, rng) for _ in range(200)]
        assert all(0.0 <= s <= ceiling for s in samples)
        assert max(samples) > ceiling * 0.8  # uses the whole range ...
        assert min(samples) < ceiling * 0.2  # ... from zero (full jitter)


def test_closed_gate_waits_exactly_and_reports(clock: FakeClock,
                                               listener: RecordingListener) -> None:
    gate = RateLimitGate(clock, RequestPolicy())
    gate.close_for(12, WaitReason.RATE_LIMITED)
    start = clock.monotonic()
    gate.wait_until_open(CancelToken(), listener, 2, 4)
    assert clock.monotonic() - start == pytest.approx(12, abs=0.06)
    [info] = listener.waits
    assert (info.seconds, info.reason, info.attempt, info.max_attempts) == (
        12, WaitReason.RATE_LIMITED, 2, 4)
    assert info.describe() == "waiting 12 s because rate limited, attempt 2 of 4"
    assert listener.over == [False]


def test_gate_never_shortens_a_longer_wait(clock: FakeClock) -> None:
    gate = RateLimitGate(clock, RequestPolicy())
    gate.close_for(30, WaitReason.RATE_LIMITED)
    gate.close_for(5, WaitReason.SERVER_BUSY)
    assert gate.remaining_wait() == 30
    assert gate.reason is WaitReason.RATE_LIMITED


def test_open_gate_does_not_wait(clock: FakeClock, listener: RecordingListener) -> None:
    RateLimitGate(clock, RequestPolicy()).wait_until_open(CancelToken(), listener, 1, 4)
    assert clock.waited == 0 and listener.waits == []


def test_quota_at_zero_closes_until_reset_plus_slack(clock: FakeClock) -> None:
    gate = RateLimitGate(clock, RequestPolicy(reset_slack=1.0))
    gate.note_quota(3, clock.time() + 20)
    assert gate.remaining_wait() == 0
    gate.note_quota(0, clock.time() + 20)
    assert gate.remaining_wait() == pytest.approx(21)
    assert gate.reason is WaitReason.QUOTA_EXHAUSTED


def test_a_wait_longer_than_max_auto_wait_fails_at_once(clock: FakeClock,
                                                       listener: RecordingListener) -> None:
    gate = RateLimitGate(clock, RequestPolicy(max_auto_wait=60))
    gate.close_for(600, WaitReason.RATE_LIMITED)
    with pytest.raises(RateLimitedError) as info:
        gate.wait_until_open(CancelToken(), listener, 1, 4)
    assert info.value.retry_after == pytest.approx(600)
    assert clock.waited == 0
    assert gate.remaining_wait() == pytest.approx(600)  # still closed


def test_absurd_waits_are_clamped_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    policy = RequestPolicy(max_wait=3600, min_wait=1)
    with caplog.at_level(logging.WARNING, logger="petdesk.api.policy"):
        assert policy.clamp_wait(1_800_000_000, "Retry-After") == 3600
    assert "absurd" in caplog.text
    assert policy.clamp_wait(0, "Retry-After") == 1
    assert policy.clamp_wait(17, "Retry-After") == 17


def test_cancelled_token_stops_a_fake_wait(clock: FakeClock) -> None:
    gate = RateLimitGate(clock, RequestPolicy())
    gate.close_for(10, WaitReason.RATE_LIMITED)
    token = CancelToken()
    token.cancel()
    with pytest.raises(RequestCancelled):
        gate.wait_until_open(token, RequestListener(), 1, 4)


def test_cancel_from_another_thread_ends_a_30_s_wait() -> None:
    gate = RateLimitGate(SystemClock(), RequestPolicy())
    gate.close_for(30, WaitReason.RATE_LIMITED)
    token = CancelToken()
    started = threading.Event()
    outcome: list[BaseException] = []

    class Listener(RequestListener):
        def on_wait(self, info: WaitInfo) -> None:
            started.set()

    def run() -> None:
        try:
            gate.wait_until_open(token, Listener(), 1, 4)
        except BaseException as exc:
            outcome.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    assert started.wait(5)
    token.cancel()
    thread.join(5)  # far less than the 30 s the gate is closed for
    assert not thread.is_alive()
    assert isinstance(outcome[0], RequestCancelled)
