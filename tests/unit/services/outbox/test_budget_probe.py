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


def test_probes_come_one_at_a_time_at_growing_intervals(clock: FakeClock) -> None:
    probe = ReconnectProbe(clock)
    assert not probe.due().probe_now  # online: nothing to probe
    probe.went_offline()
    times: list[float] = []
    start = clock.monotonic()
    for _ in range(9):
        decision = probe.due()
        while not decision.probe_now:
            clock.advance(decision.wait)
            decision = probe.due()
        assert not probe.due().probe_now  # one in flight at most
        times.append(clock.monotonic() - start)
        probe.probe_failed()
    gaps = [b - a for a, b in zip([0.0, *times], times, strict=False)]
    assert gaps == [5, 10, 20, 40, 80, 160, 300, 300, 300]
    assert probe.failures == 9
    probe.came_back()
    assert not probe.offline
    assert probe.next_probe_in() == float("inf")


def test_probes_never_take_the_users_share(clock: FakeClock) -> None:
    reading = Reading(60, 5, _at(clock, 40))
    probe = ReconnectProbe(clock, QuotaBudget(clock, lambda: reading))
    probe.went_offline()
    clock.advance(5)
    decision = probe.due()
    assert not decision.probe_now
    assert decision.wait == pytest.approx(36.0)  # 35 s to the reset, 1 s slack
    clock.advance(decision.wait)
    assert probe.due().probe_now


def test_going_offline_twice_keeps_the_schedule(clock: FakeClock) -> None:
    probe = ReconnectProbe(clock)
    probe.went_offline()
    clock.advance(3)
    probe.went_offline()
    assert probe.next_probe_in() == pytest.approx(2.0)


def test_probe_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="positive"):
        ReconnectProbe(FakeClock(), intervals=())


def test_which_errors_mean_offline() -> None:
    assert means_offline(NetworkError())
    assert means_offline(RequestTimeoutError())
    for reachable in (RateLimitedError(retry_after=1.0), ServerError(), OutcomeUnknownError()):
        assert not means_offline(reachable)
