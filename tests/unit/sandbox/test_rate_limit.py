"""Rate limits (spec section 8), Retry-After in both formats, and the ban rule (spec 5.4).

Time is a FakeClock shared with the server threads: windows move when the test
says so, and nothing sleeps.
"""

from __future__ import annotations

from email.utils import formatdate, parsedate_to_datetime

import httpx
import pytest

from petdesk.sandbox import PLANS, KeyCounters, SandboxConfig
from tests.helpers.sandbox_server import RunningSandbox
from tests.unit.sandbox.conftest import (
    API_KEY,
    OTHER_KEY,
    T0,
    FakeClock,
    SandboxFactory,
    assert_error,
    assert_rate_headers,
    open_client,
)
from tests.unit.sandbox.control import anonymous_counters, reconfigure, reset_rate_limits


def _exhaust(c: httpx.Client, n: int) -> None:
    for _ in range(n):
        assert c.get("/pets", params={"limit": 1}).status_code == 200


def test_remaining_counts_down_and_reset_is_the_window_end(make_sandbox: SandboxFactory) -> None:
    sandbox = make_sandbox(requests_per_window=5, window_seconds=10)
    with open_client(sandbox) as c:
        seen = [assert_rate_headers(c.get("/pets")) for _ in range(5)]
        assert seen == [(5, rem, T0 + 10) for rem in (4, 3, 2, 1, 0)]
        r = c.get("/pets")
    assert_error(r, 429, "rate_limited")
    assert r.headers["retry-after"] == "10"
    assert assert_rate_headers(r) == (5, 0, T0 + 10)


def test_quota_returns_when_the_window_resets(
    make_sandbox: SandboxFactory, clock: FakeClock
) -> None:
    sandbox = make_sandbox(requests_per_window=3, window_seconds=10)
    with open_client(sandbox) as c:
        _exhaust(c, 3)
        r = c.get("/pets")
        assert r.status_code == 429
        clock.set(int(r.headers["x-ratelimit-reset"]))
        r = c.get("/pets")
        assert r.status_code == 200
        assert assert_rate_headers(r) == (3, 2, T0 + 20)
    # the 429 did not use up quota; nobody was banned
    assert sandbox.app.counters(API_KEY) == KeyCounters(
        requests=5, early_requests=0, rate_limited=1, bans=0
    )


def test_retry_after_seconds_are_rounded_up(make_sandbox: SandboxFactory, clock: FakeClock) -> None:
    sandbox = make_sandbox(requests_per_window=1, window_seconds=10)
    clock.advance(9.2)
    with open_client(sandbox) as c:
        _exhaust(c, 1)
        r = c.get("/pets")
    assert r.headers["retry-after"] == "1"
    assert r.headers["x-ratelimit-reset"] == str(T0 + 10)


def test_retry_after_http_date(make_sandbox: SandboxFactory, clock: FakeClock) -> None:
    sandbox = make_sandbox(requests_per_window=2, window_seconds=30, retry_after_format="http-date")
    clock.advance(4.5)
    with open_client(sandbox) as c:
        _exhaust(c, 2)
        r = c.get("/pets")
    assert_error(r, 429, "rate_limited")
    value = r.headers["retry-after"]
    assert value == formatdate(T0 + 30, usegmt=True)
    assert value.endswith(" GMT")
    assert parsedate_to_datetime(value).timestamp() == T0 + 30
    assert r.headers["x-ratelimit-reset"] == str(T0 + 30)


def test_retry_after_format_can_be_switched_on_a_running_server(
    make_sandbox: SandboxFactory,
) -> None:
    sandbox = make_sandbox(requests_per_window=1, window_seconds=60)
    with open_client(sandbox) as c:
        _exhaust(c, 1)
        assert c.get("/pets").headers["retry-after"] == "60"
        reset_rate_limits(sandbox.app)
        reconfigure(sandbox.app, retry_after_format="http-date")
        _exhaust(c, 1)
        assert c.get("/pets").headers["retry-after"] == formatdate(T0 + 60, usegmt=True)


def test_daily_limit_is_reported_when_tighter(
    make_sandbox: SandboxFactory, clock: FakeClock
) -> None:
    day_end = (T0 // 86_400 + 1) * 86_400
    sandbox = make_sandbox(requests_per_window=10, requests_per_day=3, window_seconds=60)
    with open_client(sandbox) as c:
        assert [assert_rate_headers(c.get("/pets")) for _ in range(3)] == [
            (3, 2, day_end),
            (3, 1, day_end),
            (3, 0, day_end),
        ]
        r = c.get("/pets")
        assert_error(r, 429, "rate_limited")
        assert r.headers["retry-after"] == str(day_end - T0)
        assert assert_rate_headers(r) == (3, 0, day_end)
        # a new minute does not help; a new day does
        clock.set(day_end)
        assert c.get("/pets").status_code == 200


def test_window_limit_is_reported_when_tighter(make_sandbox: SandboxFactory) -> None:
    sandbox = make_sandbox(requests_per_window=3, requests_per_day=1000, window_seconds=60)
    with open_client(sandbox) as c:
        assert assert_rate_headers(c.get("/pets")) == (3, 2, T0 + 60)


def test_equal_remaining_reports_the_later_reset(make_sandbox: SandboxFactory) -> None:
    day_end = (T0 // 86_400 + 1) * 86_400
    sandbox = make_sandbox(requests_per_window=4, requests_per_day=4, window_seconds=60)
    with open_client(sandbox) as c:
        assert assert_rate_headers(c.get("/pets")) == (4, 3, day_end)


def test_each_key_has_its_own_quota(make_sandbox: SandboxFactory) -> None:
    sandbox = make_sandbox(requests_per_window=2)
    with open_client(sandbox) as a, open_client(sandbox, key=OTHER_KEY) as b:
        _exhaust(a, 2)
        assert a.get("/pets").status_code == 429
        r = b.get("/pets")
        assert r.status_code == 200
        assert r.headers["x-ratelimit-remaining"] == "1"


def test_every_answer_counts_against_the_quota(make_sandbox: SandboxFactory) -> None:
    sandbox = make_sandbox(requests_per_window=4)
    with open_client(sandbox) as c:
        assert c.get("/pets/999999").status_code == 404
        assert c.post("/pets", json={}).status_code == 400
        assert c.delete("/pets").status_code == 405
        assert c.get("/nowhere").status_code == 404
        assert c.get("/pets").status_code == 429


def test_requests_without_a_valid_key_are_limited_per_address(
    make_sandbox: SandboxFactory,
) -> None:
    sandbox = make_sandbox(requests_per_window=3)
    with open_client(sandbox, key="wrong") as bad, open_client(sandbox, key=None) as none:
        assert [assert_rate_headers(bad.get("/pets"))[1] for _ in range(2)] == [2, 1]
        r = none.get("/pets")
        assert_error(r, 401, "unauthorized")
        assert r.headers["x-ratelimit-remaining"] == "0"
        r = bad.get("/pets")
        assert_error(r, 429, "rate_limited")
        assert "retry-after" in r.headers
    assert anonymous_counters(sandbox.app, "127.0.0.1").requests == 4
    # the real key is untouched
    with open_client(sandbox) as good:
        assert good.get("/pets").headers["x-ratelimit-remaining"] == "2"


def test_plans_match_the_spec() -> None:
    assert {n: (p.requests_per_minute, p.requests_per_day) for n, p in PLANS.items()} == {
        "free": (60, 1_000),
        "pro": (300, 10_000),
        "business": (1_000, 100_000),
    }
    assert SandboxConfig().window_seconds == 60  # the plans' limits are per minute


def test_free_plan_headers(make_sandbox: SandboxFactory) -> None:
    free = PLANS["free"]
    sandbox = make_sandbox(
        requests_per_window=free.requests_per_minute, requests_per_day=free.requests_per_day
    )
    with open_client(sandbox) as c:
        assert assert_rate_headers(c.get("/pets")) == (60, 59, T0 + 60)
        _exhaust(c, 59)
        r = c.get("/pets")
        assert_error(r, 429, "rate_limited")
        assert r.headers["retry-after"] == "60"


@pytest.mark.parametrize(
    "changes",
    [
        {"requests_per_window": 0},
        {"window_seconds": 0},
        {"requests_per_day": -1},
        {"retry_after_format": "minutes"},
        {"api_keys": ("has space",)},
        {"api_keys": ("",)},
        {"ban_seconds": 0},
    ],
)
def test_invalid_config_is_refused(changes: dict[str, object]) -> None:
    values: dict[str, object] = {"api_keys": ("k",)}
    values.update(changes)
    with pytest.raises(ValueError):
        SandboxConfig(**values)  # type: ignore[arg-type]


def test_rate_limiting_can_be_switched_off(make_sandbox: SandboxFactory) -> None:
    sandbox = make_sandbox(requests_per_window=2, requests_per_day=2, rate_limit_enabled=False)
    with open_client(sandbox) as c:
        for _ in range(25):
            r = c.get("/pets", params={"limit": 1})
            assert r.status_code == 200
            assert assert_rate_headers(r) == (2, 2, T0 + 60)
    assert sandbox.app.counters(API_KEY).requests == 25


# -- the ban rule ---------------------------------------------------------------------------


def _first_429(c: httpx.Client, quota: int) -> httpx.Response:
    _exhaust(c, quota)
    r = c.get("/pets")
    assert_error(r, 429, "rate_limited")
    return r


def test_third_early_request_bans_the_key(make_sandbox: SandboxFactory, clock: FakeClock) -> None:
    sandbox = make_sandbox(requests_per_window=2, window_seconds=10)
    with open_client(sandbox) as c:
        _first_429(c, 2)
        for _ in range(2):  # two early requests: 429 again, not yet a ban
            clock.advance(1)
            r = c.get("/pets")
            assert_error(r, 429, "rate_limited")
        clock.advance(1)  # T0 + 3
        r = c.get("/pets")
        assert_error(r, 429, "key_temporarily_banned")
        assert r.headers["retry-after"] == "300"
        assert assert_rate_headers(r) == (2, 0, T0 + 303)
        assert "banned" in r.json()["message"]
        assert sandbox.app.counters(API_KEY) == KeyCounters(
            requests=6, early_requests=3, rate_limited=4, bans=1
        )

        # the window resets but the ban holds; requests during the ban do not extend it
        clock.set(T0 + 100.5)
        r = c.get("/pets")
        assert_error(r, 429, "key_temporarily_banned")
        assert r.headers["retry-after"] == "203"
        assert r.headers["x-ratelimit-reset"] == str(T0 + 303)

        clock.set(T0 + 303)
        r = c.get("/pets")
        assert r.status_code == 200
    assert sandbox.app.counters(API_KEY) == KeyCounters(
        requests=8, early_requests=4, rate_limited=5, bans=1
    )
    # the other key was never affected
    with open_client(sandbox, key=OTHER_KEY) as other:
        assert other.get("/pets").status_code == 200


def test_ban_retry_after_as_http_date(make_sandbox: SandboxFactory, clock: FakeClock) -> None:
    sandbox = make_sandbox(
        requests_per_window=1, window_seconds=60, retry_after_format="http-date", ban_seconds=120
    )
    with open_client(sandbox) as c:
        _first_429(c, 1)
        for _ in range(3):
            r = c.get("/pets")
    assert_error(r, 429, "key_temporarily_banned")
    assert r.headers["retry-after"] == formatdate(T0 + 120, usegmt=True)


def test_a_client_that_waits_is_never_banned(
    make_sandbox: SandboxFactory, clock: FakeClock
) -> None:
    sandbox = make_sandbox(requests_per_window=2, window_seconds=10)
    with open_client(sandbox) as c:
        for _ in range(5):
            r = _first_429(c, 2)
            clock.advance(int(r.headers["retry-after"]))
        assert c.get("/pets").status_code == 200
    counters = sandbox.app.counters(API_KEY)
    assert counters.bans == 0
    assert counters.early_requests == 0
    assert counters.rate_limited == 5


def test_early_requests_are_counted_per_retry_after_period(
    make_sandbox: SandboxFactory, clock: FakeClock
) -> None:
    sandbox = make_sandbox(requests_per_window=1, window_seconds=10)
    with open_client(sandbox) as c:
        for _ in range(3):
            r = _first_429(c, 1)
            for _ in range(2):
                assert_error(c.get("/pets"), 429, "rate_limited")
            clock.advance(int(r.headers["retry-after"]))
    assert sandbox.app.counters(API_KEY) == KeyCounters(
        requests=12, early_requests=6, rate_limited=9, bans=0
    )


def test_bans_can_be_switched_off(make_sandbox: SandboxFactory) -> None:
    sandbox = make_sandbox(requests_per_window=1, ban_after_early_requests=0)
    with open_client(sandbox) as c:
        _first_429(c, 1)
        for _ in range(10):
            assert_error(c.get("/pets"), 429, "rate_limited")
    assert sandbox.app.counters(API_KEY).bans == 0


def test_ban_threshold_and_length_are_configurable(
    make_sandbox: SandboxFactory, clock: FakeClock
) -> None:
    sandbox = make_sandbox(requests_per_window=1, ban_after_early_requests=1, ban_seconds=7)
    with open_client(sandbox) as c:
        _first_429(c, 1)
        r = c.get("/pets")
        assert_error(r, 429, "key_temporarily_banned")
        assert r.headers["retry-after"] == "7"


def test_counters_of_an_unseen_key_are_zero(sandbox: RunningSandbox) -> None:
    assert sandbox.app.counters("never-used") == KeyCounters()


def test_reset_rate_limits_forgets_bans(make_sandbox: SandboxFactory) -> None:
    sandbox = make_sandbox(requests_per_window=1, ban_after_early_requests=1)
    with open_client(sandbox) as c:
        _first_429(c, 1)
        assert c.get("/pets").json()["code"] == "key_temporarily_banned"
        reset_rate_limits(sandbox.app)
        assert c.get("/pets").status_code == 200


def test_waits_in_whole_seconds_at_a_fractional_time(
    make_sandbox: SandboxFactory, clock: FakeClock
) -> None:
    sandbox = make_sandbox(requests_per_window=1, window_seconds=60)
    clock.advance(0.6)
    with open_client(sandbox) as c:
        _first_429(c, 1)
        c.get("/pets")
        c.get("/pets")
        r = c.get("/pets")
    assert_error(r, 429, "key_temporarily_banned")
    assert r.headers["retry-after"] == "300"
    assert r.headers["x-ratelimit-reset"] == str(T0 + 300)
