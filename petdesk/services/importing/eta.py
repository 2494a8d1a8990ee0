"""Progress and ETA text for a paced import, as pure functions.

``148 of 398 · about 4 min left at 60 a minute``

How the estimate is made (decisions):

* The pace is the per-minute limit: ``X-RateLimit-Limit`` when the last response's
  window is a minute one, else the plan's (:data:`PLANS`). The sender spreads requests
  evenly, so *n* pets take *n* × 60 / limit seconds, plus the wait to the window's reset
  when ``X-RateLimit-Remaining`` is 0.
* The spec's headers do not say which window they describe. A reset more than two
  minutes after the response, or a limit equal to the plan's daily quota, is read as
  the day's window; then ``Remaining`` is what is left today.
* What is left today (from the headers, or counted by the caller) bounds what is sent
  today; the rest "waits for tomorrow", from the day window's reset, or from 00:00 UTC
  when no header names it (the spec does not say when a day starts; UTC midnight is
  the usual convention and what the sandbox does).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo

from petdesk.api.ratelimit import RateLimitSnapshot
from petdesk.core.wording import QT_TRANSLATE_NOOP, ClockTime

_DAY_WINDOW_SECONDS = 120.0


@dataclass(frozen=True)
class Plan:
    name: str
    per_minute: int
    per_day: int | None


#: The plans of spec section 8 (Enterprise is "custom": pass a Plan of its own).
PLANS = {
    "free": Plan("Free", 60, 1_000),
    "pro": Plan("Pro", 300, 10_000),
    "business": Plan("Business", 1_000, 100_000),
}


def plan_for(snapshot: RateLimitSnapshot | None, default: Plan = PLANS["free"]) -> Plan:
    """The plan whose per-minute limit the live headers show, for a user who never said
    which plan they are on; a limit of no known plan is a custom plan (no daily figure);
    without headers, ``default``."""
    if snapshot is None or not snapshot.limit:
        return default
    for plan in PLANS.values():
        if snapshot.limit in (plan.per_minute, plan.per_day):
            return plan
    return Plan("Custom", snapshot.limit, None)


@dataclass(frozen=True)
class Eta:
    done: int
    total: int
    #: Pets a minute the estimate assumes.
    per_minute: int
    #: Pets that can still go today, and those that wait for the day's reset.
    today: int
    later: int
    #: Seconds until ``today`` are sent (0 when nothing can go today).
    seconds: float
    #: When the day's quota resets (set when ``later`` > 0).
    resumes_at: datetime | None

    @property
    def left(self) -> int:
        return self.total - self.done


@dataclass(frozen=True)
class _Windows:
    per_minute: int
    minute_wait: float
    day_left: int | None
    day_reset: datetime | None


def _windows(plan: Plan, snapshot: RateLimitSnapshot | None, now: datetime) -> _Windows:
    if snapshot is None or snapshot.reset is None:
        return _Windows(plan.per_minute, 0.0, None, None)
    span = (snapshot.reset - snapshot.observed_at).total_seconds()
    is_day = span > _DAY_WINDOW_SECONDS or (
        snapshot.limit is not None and snapshot.limit == plan.per_day)
    if is_day:
        return _Windows(plan.per_minute, 0.0, snapshot.remaining, snapshot.reset)
    per_minute = snapshot.limit if snapshot.limit else plan.per_minute
    wait = 0.0
    if snapshot.remaining == 0:
        wait = max(0.0, (snapshot.reset - now).total_seconds())
    return _Windows(per_minute, wait, None, None)


def _nearest_minute(moment: datetime) -> datetime:
    """A reset converted to the local clock lands a little off the server's whole
    second (the clock skew): the day's reset is said to the minute, never "23:59"."""
    return (moment + timedelta(seconds=30)).replace(second=0, microsecond=0)


def next_utc_midnight(now: datetime) -> datetime:
    day = now.astimezone(UTC).date() + timedelta(days=1)
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def estimate(done: int, total: int, plan: Plan, snapshot: RateLimitSnapshot | None = None,
             *, now: datetime, day_left: int | None = None) -> Eta:
    """The ETA of the ``total - done`` pets still to send.

    ``day_left``: requests left today when the caller counts them (the tighter of it
    and the headers' is used).
    """
    left = max(0, total - done)
    windows = _windows(plan, snapshot, now)
    limits = [n for n in (day_left, windows.day_left) if n is not None]
    today = min([left, *limits])
    later = left - today
    resumes_at = None
    if later:
        resumes_at = (_nearest_minute(windows.day_reset) if windows.day_reset is not None
                      else next_utc_midnight(now))
    seconds = 0.0
    if today:
        seconds = windows.minute_wait + today * 60.0 / max(1, windows.per_minute)
    return Eta(done, total, windows.per_minute, today, later, seconds, resumes_at)


def format_duration(seconds: float) -> str:
    """``less than a minute``, ``about 4 min``, ``about 2 h 5 min``."""
    if seconds < 60:
        return QT_TRANSLATE_NOOP("Import", "less than a minute")
    minutes = math.ceil(seconds / 60 - 0.5)
    if minutes < 90:
        return QT_TRANSLATE_NOOP("Import", "about {minutes} min").format(minutes=minutes)
    hours, rest = divmod(minutes, 60)
    if rest:
        return QT_TRANSLATE_NOOP("Import", "about {hours} h {minutes} min").format(
            hours=hours, minutes=rest)
    return QT_TRANSLATE_NOOP("Import", "about {hours} h").format(hours=hours)


def format_clock(moment: datetime, tz: tzinfo = UTC) -> str:
    """``00:00 UTC``, or ``01:00 (00:00 UTC)`` for another time zone."""
    utc = ClockTime(moment.astimezone(UTC), today=True)
    if tz is UTC:
        return QT_TRANSLATE_NOOP("Import", "{utc} UTC").format(utc=utc)
    return QT_TRANSLATE_NOOP("Import", "{local} ({utc} UTC)").format(
        local=ClockTime(moment.astimezone(tz), today=True), utc=utc)


def _waiting_text(eta: Eta, now: datetime, tz: tzinfo) -> str:
    assert eta.resumes_at is not None
    when = format_clock(eta.resumes_at, tz)
    if eta.resumes_at.astimezone(tz).date() > now.astimezone(tz).date():
        if eta.later == 1:
            return QT_TRANSLATE_NOOP(
                "Import", "the other one waits for tomorrow, from {time}").format(time=when)
        return QT_TRANSLATE_NOOP(
            "Import", "the other {count:,} wait for tomorrow, from {time}").format(
            count=eta.later, time=when)
    if eta.later == 1:
        return QT_TRANSLATE_NOOP("Import", "the other one waits until {time}").format(time=when)
    return QT_TRANSLATE_NOOP("Import", "the other {count:,} wait until {time}").format(
        count=eta.later, time=when)


def describe(eta: Eta, *, now: datetime, paused: bool = False, tz: tzinfo = UTC) -> str:
    """The progress line under the bar.

    ``148 of 398 · about 4 min left at 60 a minute``;
    ``900 of 1,398 · about 2 min left for today's 100 at 60 a minute; the other 398 wait
    for tomorrow, from 00:00 UTC``; ``… · today's quota is used up: the other 250 wait
    for tomorrow, from 00:00 UTC``.
    """
    head = QT_TRANSLATE_NOOP("Import", "{done:,} of {total:,}").format(
        done=eta.done, total=eta.total)
    if eta.left == 0:
        return QT_TRANSLATE_NOOP("Import", "{head} · done").format(head=head)
    if paused:
        return QT_TRANSLATE_NOOP("Import", "{head} · paused").format(head=head)
    if eta.today == 0:
        return QT_TRANSLATE_NOOP("Import", "{head} · today's quota is used up: {waiting}").format(
            head=head, waiting=_waiting_text(eta, now, tz))
    pace = QT_TRANSLATE_NOOP("Import", "at {rate:,} a minute").format(rate=eta.per_minute)
    duration = format_duration(eta.seconds)
    if eta.later == 0:
        return QT_TRANSLATE_NOOP("Import", "{head} · {duration} left {pace}").format(
            head=head, duration=duration, pace=pace)
    return QT_TRANSLATE_NOOP(
        "Import", "{head} · {duration} left for today's {today:,} {pace}; {waiting}").format(
        head=head, duration=duration, today=eta.today, pace=pace,
        waiting=_waiting_text(eta, now, tz))


def progress_text(done: int, total: int, plan: Plan,
                  snapshot: RateLimitSnapshot | None = None, *, now: datetime,
                  day_left: int | None = None, paused: bool = False,
                  tz: tzinfo = UTC) -> str:
    """:func:`estimate` then :func:`describe`: the one call the progress view needs."""
    eta = estimate(done, total, plan, snapshot, now=now, day_left=day_left)
    return describe(eta, now=now, paused=paused, tz=tz)
