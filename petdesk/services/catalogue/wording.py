"""The sentences the window shows about the catalogue mirror, in staff's words.

Pure functions of plain values (no Qt), in the style of :mod:`petdesk.services.outbox.wording`
(whose clock format they share). A module of its own so that what the first paint
imports does not grow: the mirror is read after the first paint. Marked for
translation like :mod:`petdesk.services.outbox.wording` (context ``MirrorWording``).
"""

from __future__ import annotations

import math
from datetime import tzinfo

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.services.catalogue.mirror import MirrorPhase, MirrorStatus
from petdesk.services.outbox.wording import clock_time
from petdesk.storage.rows import MirrorSettings


def count_text(count: int) -> str:
    """``1 pet``, ``8,412 pets``."""
    if count == 1:
        return QT_TRANSLATE_NOOP("MirrorWording", "1 pet")
    return QT_TRANSLATE_NOOP("MirrorWording", "{count:,} pets").format(count=count)


def about(total: int) -> str:
    """An estimate, rounded as people say it: 8,412 → "8,400", 947 → "950"."""
    step = 100 if total >= 1_000 else 10 if total >= 100 else 1
    return QT_TRANSLATE_NOOP("MirrorWording", "{count:,}").format(
        count=max(step, round(total / step) * step))


def duration_text(seconds: float) -> str:
    """``less than a minute``, ``25 min``, ``2 h 5 min``, ``3 days``."""
    minutes = math.ceil(max(0.0, seconds) / 60)
    if seconds < 60:
        return QT_TRANSLATE_NOOP("MirrorWording", "less than a minute")
    if minutes < 60:
        return QT_TRANSLATE_NOOP("MirrorWording", "{minutes} min").format(minutes=minutes)
    if minutes < 48 * 60:
        hours, rest = divmod(minutes, 60)
        if rest:
            return QT_TRANSLATE_NOOP("MirrorWording", "{hours} h {minutes} min").format(
                hours=hours, minutes=rest)
        return QT_TRANSLATE_NOOP("MirrorWording", "{hours} h").format(hours=hours)
    return QT_TRANSLATE_NOOP("MirrorWording", "{days} days").format(days=round(minutes / 1440))


def _progress(status: MirrorStatus, now: float, tz: tzinfo | None) -> str:
    """The first part of the line: how much of the catalogue is here and how fresh."""
    if status.complete_at is not None:
        return QT_TRANSLATE_NOOP(
            "MirrorWording", "Catalogue: {pets} · complete as of {time}").format(
            pets=count_text(status.count), time=clock_time(status.complete_at, now, tz))
    if status.total is not None:
        return QT_TRANSLATE_NOOP(
            "MirrorWording", "Catalogue: filling, {count:,} of about {total}").format(
            count=status.count, total=about(status.total))
    return QT_TRANSLATE_NOOP("MirrorWording", "Catalogue: filling, {pets} so far").format(
        pets=count_text(status.count))


def _tail(status: MirrorStatus, now: float, tz: tzinfo | None) -> str | None:
    resume = "" if status.resume_at is None else clock_time(status.resume_at, now, tz)
    phase = status.phase
    if phase is MirrorPhase.UPDATING:
        return QT_TRANSLATE_NOOP("MirrorWording", "updating…")
    if phase is MirrorPhase.PAUSED:
        return QT_TRANSLATE_NOOP("MirrorWording", "paused")
    if phase is MirrorPhase.WAITING:
        return QT_TRANSLATE_NOOP(
            "MirrorWording",
            "paused while the service asks PetDesk to wait, until {time}").format(time=resume)
    if phase is MirrorPhase.DAY_DONE:
        return QT_TRANSLATE_NOOP(
            "MirrorWording",
            "stopped for today to keep requests for your own work; continues at {time}"
        ).format(time=resume)
    if phase is MirrorPhase.OFFLINE:
        return QT_TRANSLATE_NOOP("MirrorWording", "waiting for the connection")
    if phase is MirrorPhase.PROBLEM:
        return QT_TRANSLATE_NOOP("MirrorWording", "could not update, trying again at {time}"
                                 ).format(time=resume)
    return None


#: The status bar's catalogue line when the catalogue is not kept (and none is reported).
CATALOGUE_OFF = QT_TRANSLATE_NOOP("MirrorWording", "Catalogue: off (File › Settings…)")

#: The catalogue line's short form while the shared store, where it is filled, is down.
WAITS_SHORT = QT_TRANSLATE_NOOP("MirrorWording", "Catalogue: waits for the shared store")


def catalogue_short(status: MirrorStatus) -> str:
    """The catalogue line's short form for a narrow window: "Catalogue: 8,412 pets"
    ("" while nothing is stored)."""
    if status.phase is MirrorPhase.SHARED_STORE_DOWN:
        return WAITS_SHORT
    if not status.count:
        return ""
    return QT_TRANSLATE_NOOP("MirrorWording", "Catalogue: {pets}").format(
        pets=count_text(status.count))


def catalogue_line(status: MirrorStatus, now: float, tz: tzinfo | None = None) -> str:
    """The status bar's catalogue line:

    "Catalogue: 8,412 pets · complete as of 09:42 · next update in 25 min",
    "Catalogue: filling, 3,100 of about 8,400", "… · stopped for today to keep
    requests for your own work; continues at 01:00"."""
    if status.phase is MirrorPhase.OFF:
        return QT_TRANSLATE_NOOP(
            "MirrorWording", "Catalogue: not kept up to date ({pets} stored)").format(
            pets=count_text(status.count))
    if status.phase is MirrorPhase.SHARED_STORE_DOWN:
        return QT_TRANSLATE_NOOP(
            "MirrorWording",
            "Catalogue: waits for the shared store, where it is kept for every desk "
            "({pets} on this computer)").format(pets=count_text(status.count))
    if status.phase is MirrorPhase.EMPTY or (status.count == 0 and status.complete_at is None
                                             and status.phase is MirrorPhase.FILLING):
        return QT_TRANSLATE_NOOP("MirrorWording", "Catalogue: starting to download…")
    head = _progress(status, now, tz)
    tail = _tail(status, now, tz)
    if tail is None and status.phase is MirrorPhase.COMPLETE \
            and status.next_update_at is not None:
        left = status.next_update_at - now
        tail = (QT_TRANSLATE_NOOP("MirrorWording", "next update now") if left <= 0 else
                QT_TRANSLATE_NOOP("MirrorWording", "next update in {duration}").format(
                    duration=duration_text(left)))
    if tail is None:
        return head
    return QT_TRANSLATE_NOOP("MirrorWording", "{head} · {tail}").format(head=head, tail=tail)


def search_note(matches: int, text: str, status: MirrorStatus, now: float,
                tz: tzinfo | None = None) -> str:
    """Under the search results: what was found, and how fresh the catalogue is."""
    shown = text.strip()
    if status.phase is MirrorPhase.SHARED_STORE_DOWN:  # however complete it was
        fresh = QT_TRANSLATE_NOOP(
            "MirrorWording",
            "searched {pets} on this computer; the catalogue waits for the shared store"
        ).format(pets=count_text(status.count))
    elif status.complete_at is not None:
        fresh = QT_TRANSLATE_NOOP("MirrorWording", "catalogue complete as of {time}").format(
            time=clock_time(status.complete_at, now, tz))
    elif status.total is not None:
        fresh = QT_TRANSLATE_NOOP(
            "MirrorWording",
            "searched {count:,} of about {total} pets; the catalogue is still filling").format(
            count=status.count, total=about(status.total))
    else:
        fresh = QT_TRANSLATE_NOOP(
            "MirrorWording", "searched {pets}; the catalogue is still filling").format(
            pets=count_text(status.count))
    if not shown:
        return QT_TRANSLATE_NOOP("MirrorWording", "{pets} · {fresh}").format(
            pets=count_text(matches), fresh=fresh)
    if matches == 0:
        return QT_TRANSLATE_NOOP("MirrorWording", "No pet's name contains “{text}” · {fresh}"
                                 ).format(text=shown, fresh=fresh)
    return QT_TRANSLATE_NOOP("MirrorWording", "{pets} whose name contains “{text}” · {fresh}"
                             ).format(pets=count_text(matches), text=shown, fresh=fresh)


def schedule_text(settings: MirrorSettings) -> str:
    """The schedule as the settings page shows it."""
    return QT_TRANSLATE_NOOP(
        "MirrorWording",
        "New pets every {update}; every page again every {full}; at most {allowance:,} "
        "requests a day ({share:.0%} of {quota:,})").format(
        update=duration_text(settings.update_every), full=duration_text(settings.full_every),
        allowance=settings.day_allowance, share=settings.day_share, quota=settings.daily_quota)


def requests_text(status: MirrorStatus) -> str:
    """What the mirror has cost: "Catalogue used 85 of its 250 requests today"."""
    return QT_TRANSLATE_NOOP(
        "MirrorWording",
        "Catalogue used {used:,} of its {allowance:,} requests today ({total:,} in all)").format(
        used=status.requests_today, allowance=status.day_allowance, total=status.requests_total)


def quick_filter_note(matches: int, text: str, status: MirrorStatus, now: float,
                      tz: tzinfo | None = None) -> str:
    """Under the table while the quick filter holds ``text``: how many pets of the whole
    catalogue match, and how fresh it is ("14 pets named like “mo” in the catalogue
    (as of 09:42) — Enter shows them")."""
    shown = text.strip()
    if status.phase is MirrorPhase.SHARED_STORE_DOWN:
        fresh = QT_TRANSLATE_NOOP(
            "MirrorWording", "{pets} on this computer, waiting for the shared store").format(
            pets=count_text(status.count))
    elif status.complete_at is not None:
        fresh = QT_TRANSLATE_NOOP("MirrorWording", "as of {time}").format(
            time=clock_time(status.complete_at, now, tz))
    else:
        fresh = QT_TRANSLATE_NOOP("MirrorWording", "still filling, {pets} so far").format(
            pets=count_text(status.count))
    if matches == 0:
        return QT_TRANSLATE_NOOP(
            "MirrorWording", "No pet named like “{text}” in the catalogue ({fresh})").format(
            text=shown, fresh=fresh)
    if matches == 1:
        return QT_TRANSLATE_NOOP(
            "MirrorWording",
            "1 pet named like “{text}” in the catalogue ({fresh}) — Enter shows it").format(
            text=shown, fresh=fresh)
    return QT_TRANSLATE_NOOP(
        "MirrorWording",
        "{count:,} pets named like “{text}” in the catalogue ({fresh}) — Enter shows them"
    ).format(count=matches, text=shown, fresh=fresh)
