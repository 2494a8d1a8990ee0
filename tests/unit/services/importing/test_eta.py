"""Progress and ETA text, from the plan and the live rate-limit headers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from petdesk.api.ratelimit import RateLimitSnapshot
from petdesk.services.importing.eta import (
    PLANS,
    Plan,
    estimate,
    format_duration,
    plan_for,
    progress_text,
)

NOW = datetime(2026, 11, 24, 14, 0, 0, tzinfo=UTC)
FREE = PLANS["free"]


def _snapshot(limit: int | None, remaining: int | None, reset_in: float | None,
              ) -> RateLimitSnapshot:
    reset = NOW + timedelta(seconds=reset_in) if reset_in is not None else None
    return RateLimitSnapshot(limit=limit, remaining=remaining, reset=reset, observed_at=NOW)


def test_the_free_plan_paces_the_rest_at_60_a_minute() -> None:
    assert progress_text(148, 398, FREE, now=NOW) == (
        "148 of 398 · about 4 min left at 60 a minute")


def test_the_live_limit_sets_the_pace() -> None:
    assert progress_text(0, 1_000, FREE, _snapshot(300, 250, 30), now=NOW) == (
        "0 of 1,000 · about 3 min left at 300 a minute")


def test_a_spent_minute_adds_the_wait_to_its_reset() -> None:
    eta = estimate(0, 30, FREE, _snapshot(60, 0, 45), now=NOW)
    assert eta.seconds == pytest.approx(45 + 30)


def test_what_is_left_today_bounds_the_estimate() -> None:
    assert progress_text(900, 1_398, FREE, now=NOW, day_left=100) == (
        "900 of 1,398 · about 2 min left for today's 100 at 60 a minute; "
        "the other 398 wait for tomorrow, from 00:00 UTC")


def test_the_days_quota_used_up() -> None:
    assert progress_text(148, 398, FREE, now=NOW, day_left=0) == (
        "148 of 398 · today's quota is used up: the other 250 wait for tomorrow, "
        "from 00:00 UTC")


def test_a_day_window_in_the_headers_names_the_reset() -> None:
    snapshot = _snapshot(1_000, 0, 6 * 3600)  # resets at 20:00 UTC today
    assert progress_text(10, 11, FREE, snapshot, now=NOW) == (
        "10 of 11 · today's quota is used up: the other one waits until 20:00 UTC")
    snapshot = _snapshot(1_000, 5, 11 * 3600)
    assert progress_text(0, 20, FREE, snapshot, now=NOW) == (
        "0 of 20 · less than a minute left for today's 5 at 60 a minute; "
        "the other 15 wait for tomorrow, from 01:00 UTC")


def test_local_time_is_shown_with_utc() -> None:
    paris = timezone(timedelta(hours=1))
    assert progress_text(0, 5, FREE, now=NOW, day_left=0, tz=paris) == (
        "0 of 5 · today's quota is used up: the other 5 wait for tomorrow, "
        "from 01:00 (00:00 UTC)")


def test_done_and_paused() -> None:
    assert progress_text(398, 398, FREE, now=NOW) == "398 of 398 · done"
    assert progress_text(5, 398, FREE, now=NOW, paused=True) == "5 of 398 · paused"


@pytest.mark.parametrize(("seconds", "text"), [
    (0, "less than a minute"), (59, "less than a minute"), (60, "about 1 min"),
    (250, "about 4 min"), (89 * 60, "about 89 min"), (90 * 60, "about 1 h 30 min"),
    (2 * 3600, "about 2 h"),
])
def test_durations(seconds: float, text: str) -> None:
    assert format_duration(seconds) == text


def test_the_plan_is_recognised_from_the_headers() -> None:
    assert plan_for(None) is FREE
    assert plan_for(_snapshot(300, 10, 30)) is PLANS["pro"]
    assert plan_for(_snapshot(100_000, 10, 3600)) is PLANS["business"]
    assert plan_for(_snapshot(5_000, 10, 30)) == Plan("Custom", 5_000, None)
    assert plan_for(_snapshot(None, 10, 30), PLANS["pro"]) is PLANS["pro"]
