"""Parsing X-RateLimit-* and Retry-After (spec section 8; RFC 9110)."""

from __future__ import annotations

from email.utils import formatdate

import pytest
from hypothesis import given
from hypothesis import strategies as st

from petdesk.api.ratelimit import parse_rate_limit_headers, parse_retry_after

NOW = 1_800_000_000.0


def test_snapshot_from_well_formed_headers() -> None:
    snap, reset = parse_rate_limit_headers(
        {"x-ratelimit-limit": "60", "x-ratelimit-remaining": "57",
         "x-ratelimit-reset": str(int(NOW) + 30)}, NOW)
    assert snap is not None
    assert (snap.limit, snap.remaining) == (60, 57)
    assert reset == NOW + 30
    assert snap.reset is not None and snap.reset.timestamp() == NOW + 30
    assert snap.figures() == "57/60 left"
    assert snap.resets().startswith("resets ")


def test_no_headers_no_snapshot() -> None:
    assert parse_rate_limit_headers({}, NOW) == (None, None)


@pytest.mark.parametrize("value", ["-1", "abc", "", "1e3", "99999999999999", "5.5", "0x10"])
def test_nonsense_counts_are_ignored(value: str) -> None:
    snap, _ = parse_rate_limit_headers({"x-ratelimit-limit": value, "x-ratelimit-remaining": "3"},
                                       NOW)
    assert snap is not None
    assert snap.limit is None
    assert snap.remaining == 3


def test_remaining_above_limit_is_ignored() -> None:
    snap, _ = parse_rate_limit_headers({"x-ratelimit-limit": "10",
                                        "x-ratelimit-remaining": "50"}, NOW)
    assert snap is not None and snap.remaining is None and snap.limit == 10


@pytest.mark.parametrize("value", ["-5", "never", str(int(NOW) + 10 * 86_400), "12", "1e99"])
def test_absurd_reset_is_ignored(value: str) -> None:
    _, reset = parse_rate_limit_headers({"x-ratelimit-reset": value}, NOW)
    assert reset is None


def test_reset_is_converted_with_the_servers_clock_skew() -> None:
    # The server's clock runs 100 s ahead of ours: its reset at server-time T is T-100 for us.
    headers = {"date": formatdate(NOW + 100, usegmt=True),
               "x-ratelimit-reset": str(int(NOW) + 130), "x-ratelimit-remaining": "0"}
    _, reset = parse_rate_limit_headers(headers, NOW)
    assert reset == pytest.approx(NOW + 30)


def test_retry_after_delay_seconds() -> None:
    assert parse_retry_after({"retry-after": "120"}, NOW) == 120.0
    assert parse_retry_after({"retry-after": " 7 "}, NOW) == 7.0


def test_retry_after_http_date_against_the_servers_date() -> None:
    headers = {"retry-after": formatdate(NOW + 3600 + 45, usegmt=True),
               "date": formatdate(NOW + 3600, usegmt=True)}  # server clock 1 h ahead
    assert parse_retry_after(headers, NOW) == pytest.approx(45)


def test_retry_after_http_date_without_a_date_header_uses_the_local_clock() -> None:
    assert parse_retry_after({"retry-after": formatdate(NOW + 30, usegmt=True)}, NOW) == \
        pytest.approx(30)


def test_retry_after_in_the_past_means_now() -> None:
    assert parse_retry_after({"retry-after": formatdate(NOW - 30, usegmt=True)}, NOW) == 0.0


@pytest.mark.parametrize("value", ["soon", "-5", "", "1,5"])
def test_garbage_retry_after_is_none(value: str) -> None:
    assert parse_retry_after({"retry-after": value}, NOW) is None


def test_missing_retry_after_is_none() -> None:
    assert parse_retry_after({}, NOW) is None


header_text = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=40)


@given(st.dictionaries(st.sampled_from(["x-ratelimit-limit", "x-ratelimit-remaining",
                                        "x-ratelimit-reset", "retry-after", "date"]),
                       header_text))
def test_any_header_values_parse_without_exceptions(headers: dict[str, str]) -> None:
    snap, reset = parse_rate_limit_headers(headers, NOW)
    if reset is not None:
        assert abs(reset - NOW) <= 2 * 86_400
    if snap is not None and snap.remaining is not None:
        assert snap.remaining >= 0
    wait = parse_retry_after(headers, NOW)
    assert wait is None or wait >= 0


def test_clock_skew_bounds_narrow_across_second_boundaries() -> None:
    from petdesk.api.ratelimit import ClockSkew

    true_offset = 3.3  # the server's clock runs 3.3 s ahead of ours
    skew = ClockSkew()
    assert not skew.known
    assert skew.uncertainty == float("inf")
    local = NOW
    for _ in range(40):
        local += 0.137
        stamp = formatdate(int(local + true_offset), usegmt=True)  # Date is floored to 1 s
        skew.observe({"date": stamp}, local - 0.002, local + 0.002)
    assert skew.known
    assert skew.offset == pytest.approx(true_offset, abs=0.15)
    assert skew.uncertainty < 0.15


def test_clock_skew_starts_over_when_a_clock_jumps() -> None:
    from petdesk.api.ratelimit import ClockSkew

    skew = ClockSkew()
    skew.observe({"date": formatdate(NOW, usegmt=True)}, NOW, NOW)
    skew.observe({"date": formatdate(NOW + 500, usegmt=True)}, NOW + 1, NOW + 1)
    assert skew.offset == pytest.approx(499.5, abs=0.6)


def test_clock_skew_ignores_garbage_dates() -> None:
    from petdesk.api.ratelimit import ClockSkew

    skew = ClockSkew()
    skew.observe({"date": "yesterday"}, NOW, NOW)
    skew.observe({}, NOW, NOW)
    assert not skew.known
