"""The sentences the window shows about the catalogue mirror, in staff's words.

Pure functions of plain values (no Qt), in the style of :mod:`petdesk.store.wording`
(whose clock format they share). A module of its own so that what the first paint
imports does not grow: the mirror is read after the first paint.
"""

from __future__ import annotations

import math
from datetime import tzinfo

from .mirror import MirrorPhase, MirrorStatus
from .rows import MirrorSettings
from .wording import clock_text


def count_text(count: int, noun: str = "pet") -> str:
    """``1 pet``, ``8,412 pets``."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def about(total: int) -> str:
    """An estimate, rounded as people say it: 8,412 → "8,400", 947 → "950"."""
    step = 100 if total >= 1_000 else 10 if total >= 100 else 1
    return f"{max(step, round(total / step) * step):,}"


def duration_text(seconds: float) -> str:
    """``less than a minute``, ``25 min``, ``2 h 5 min``, ``3 days``."""
    minutes = math.ceil(max(0.0, seconds) / 60)
    if seconds < 60:
        return "less than a minute"
    if minutes < 60:
        return f"{minutes} min"
    if minutes < 48 * 60:
        hours, rest = divmod(minutes, 60)
        return f"{hours} h {rest} min" if rest else f"{hours} h"
    return f"{round(minutes / 1440)} days"


def _progress(status: MirrorStatus, now: float, tz: tzinfo | None) -> str:
    """The first part of the line: how much of the catalogue is here and how fresh."""
    if status.complete_at is not None:
        return (f"Catalogue: {count_text(status.count)} · complete as of "
                f"{clock_text(status.complete_at, now, tz)}")
    if status.total is not None:
        return f"Catalogue: filling, {status.count:,} of about {about(status.total)}"
    return f"Catalogue: filling, {count_text(status.count)} so far"


def catalogue_line(status: MirrorStatus, now: float, tz: tzinfo | None = None) -> str:
    """The status bar's catalogue line:

    "Catalogue: 8,412 pets · complete as of 09:42 · next update in 25 min",
    "Catalogue: filling, 3,100 of about 8,400", "… · stopped for today to keep
    requests for your own work; continues at 01:00"."""
    if status.phase is MirrorPhase.OFF:
        return f"Catalogue: not kept up to date ({count_text(status.count)} stored)"
    if status.phase is MirrorPhase.EMPTY or (status.count == 0 and status.complete_at is None
                                             and status.phase is MirrorPhase.FILLING):
        return "Catalogue: starting to download…"
    head = _progress(status, now, tz)
    resume = "" if status.resume_at is None else clock_text(status.resume_at, now, tz)
    tails = {
        MirrorPhase.UPDATING: "updating…",
        MirrorPhase.PAUSED: "paused",
        MirrorPhase.WAITING: f"paused while the service asks PetDesk to wait, until {resume}",
        MirrorPhase.DAY_DONE: ("stopped for today to keep requests for your own work; "
                               f"continues at {resume}"),
        MirrorPhase.OFFLINE: "waiting for the connection",
        MirrorPhase.PROBLEM: f"could not update, trying again at {resume}",
    }
    if status.phase in tails:
        return f"{head} · {tails[status.phase]}"
    if status.phase is MirrorPhase.COMPLETE and status.next_update_at is not None:
        left = status.next_update_at - now
        when = "next update now" if left <= 0 else f"next update in {duration_text(left)}"
        return f"{head} · {when}"
    return head


def search_note(matches: int, text: str, status: MirrorStatus, now: float,
                tz: tzinfo | None = None) -> str:
    """Under the search results: what was found, and how fresh the catalogue is."""
    shown = text.strip()
    if status.complete_at is not None:
        fresh = f"catalogue complete as of {clock_text(status.complete_at, now, tz)}"
    elif status.total is not None:
        fresh = (f"searched {status.count:,} of about {about(status.total)} pets; the "
                 "catalogue is still filling")
    else:
        fresh = f"searched {count_text(status.count)}; the catalogue is still filling"
    if not shown:
        return f"{count_text(matches)} · {fresh}"
    if matches == 0:
        return f"No pet's name contains “{shown}” · {fresh}"
    return f"{count_text(matches)} whose name contains “{shown}” · {fresh}"


def schedule_text(settings: MirrorSettings) -> str:
    """The schedule as the settings page shows it."""
    return (f"New pets every {duration_text(settings.update_every)}; every page again "
            f"every {duration_text(settings.full_every)}; at most "
            f"{settings.day_allowance:,} requests a day "
            f"({settings.day_share:.0%} of {settings.daily_quota:,})")


def requests_text(status: MirrorStatus) -> str:
    """What the mirror has cost: "Catalogue used 85 of its 250 requests today"."""
    return (f"Catalogue used {status.requests_today:,} of its {status.day_allowance:,} "
            f"requests today ({status.requests_total:,} in all)")
