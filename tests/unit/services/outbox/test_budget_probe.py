"""The quota budget and the reconnect probe, with a fake clock."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from petdesk.core.errors import (
    NetworkError,
    OutcomeUnknownError,
    RateLimitedError,
    RequestTimeoutError,
    ServerError,
)
from petdesk.services.outbox.budget import BudgetReason, QuotaBudget
from petdesk.services.outbox.probe import ReconnectProbe, means_offline
from tests.helpers.api_fakes import FakeClock


@dataclass
class Reading:
    limit: int | None
    remaining: int | None
    reset: datetime | None


def _budget(clock: FakeClock, reading: Reading | None, gate: float = 0.0) -> QuotaBudget:
    return QuotaBudget(clock, lambda: reading, lambda: gate)


def _at(clock: FakeClock, seconds: float) -> datetime:
    return datetime.fromtimestamp(clock.time() + seconds, UTC)


def test_background_work_keeps_the_last_fifth_of_the_minute(clock: FakeClock) -> None:
    reading = Reading(60, 13, _at(clock, 30))
    budget = QuotaBudget(clock, lambda: reading)
    assert budget.reserve(60) == 12
    assert budget.background().allowed
    reading.remaining = 12
    decision = budget.background()
    assert not decision.allowed
    assert decision.reason is BudgetReason.RESERVE
    assert decision.wait == pytest.approx(31.0)
    assert budget.user().allowed  # the reserve is the user's
    clock.advance(30)
    assert budget.background().allowed  # the window is over


@pytest.mark.parametrize(("limit", "reserve"), [(1, 2), (10, 2), (60, 12), (300, 60),
                                                (1000, 200), (None, 2)])
def test_the_reserve_scales_with_the_plan(clock: FakeClock, limit: int | None,
                                          reserve: int) -> None:
    assert _budget(clock, None).reserve(limit) == reserve


def test_nothing_known_allows_and_an_unknown_reset_waits_a_minute(clock: FakeClock) -> None:
    assert _budget(clock, None).background().allowed
    assert _budget(clock, Reading(60, None, None)).background().allowed
    decision = _budget(clock, Reading(60, 3, None)).background()
    assert not decision.allowed and decision.wait == 60.0


def test_a_closed_gate_stops_background_and_user_work(clock: FakeClock) -> None:
    budget = _budget(clock, Reading(60, 59, _at(clock, 30)), gate=12.5)
    for decision in (budget.background(), budget.user()):
        assert not decision.allowed
        assert decision.wait == 12.5
        assert decision.reason is BudgetReason.GATE_CLOSED


def test_the_budget_refuses_nonsense() -> None:
    with pytest.raises(ValueError, match="reserve_share"):
        QuotaBudget(FakeClock(), lambda: None, reserve_share=1.0)


def test_probes_wait_longer_after_each_failure_up_to_five_minutes() -> None:
    probe = ReconnectProbe()
    assert not probe.offline
    probe.went_offline()
    waits = []
    for _ in range(9):
        waits.append(probe.interval(probe.failures))
        probe.probe_failed()
    assert waits == [5, 10, 20, 40, 80, 160, 300, 300, 300]
    assert probe.failures == 9
    probe.came_back()
    assert not probe.offline
    assert probe.failures == 0


def test_going_offline_twice_keeps_the_count_of_failed_probes() -> None:
    probe = ReconnectProbe()
    probe.went_offline()
    probe.probe_failed()
    probe.went_offline()
    assert probe.failures == 1


def test_probe_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="positive"):
        ReconnectProbe(intervals=())


def test_which_errors_mean_offline() -> None:
    assert means_offline(NetworkError())
    assert means_offline(RequestTimeoutError())
    for reachable in (RateLimitedError(retry_after=1.0), ServerError(), OutcomeUnknownError()):
        assert not means_offline(reachable)
