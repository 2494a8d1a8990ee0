"""The sentences the window shows about stored data and the outbox, in staff's words.
(The catalogue mirror's are in :mod:`petdesk.store.mirror_wording`.)

Pure functions of plain values (no Qt), so the widgets stay thin and the tests can
check the text. Times are shown in the computer's local time zone: "09:42" for
today, "Mon 23 Nov, 09:42" for another day.
"""

from __future__ import annotations

from datetime import datetime, tzinfo

from .rows import OutboxEntry, OutboxState


def clock_text(when: float, now: float, tz: tzinfo | None = None) -> str:
    """``09:42`` when ``when`` is today, else ``Mon 23 Nov, 09:42``."""
    moment = datetime.fromtimestamp(when, tz) if tz else datetime.fromtimestamp(when).astimezone()
    today = datetime.fromtimestamp(now, tz) if tz else datetime.fromtimestamp(now).astimezone()
    if moment.date() == today.date():
        return moment.strftime("%H:%M")
    return f"{moment.strftime('%a')} {moment.day} {moment.strftime('%b, %H:%M')}"


def stored_rows_banner(fetched_at: float, now: float, *, offline: bool,
                       tz: tzinfo | None = None) -> str:
    """The line above stored rows: while refreshing, or when the service is away."""
    shown = clock_text(fetched_at, now, tz)
    if offline:
        return f"Offline — showing pets as of {shown}"
    return f"As of {shown} — refreshing…"


def stored_pet_note(fetched_at: float, now: float, tz: tzinfo | None = None) -> str:
    """Under a look-up answered from the store."""
    return f"Stored copy from {clock_text(fetched_at, now, tz)} — the service could not be asked"


_ROW_TEXT = {
    OutboxState.WAITING: "Waiting to send",
    OutboxState.SENDING: "Sending…",
    OutboxState.OUTCOME_UNKNOWN: "Checking whether it was added…",
    OutboxState.NEEDS_DECISION: "Needs your decision",
    OutboxState.CANCELLED: "Cancelled",
}


def outbox_row_text(entry: OutboxEntry) -> str:
    """The status cell of an outbox row in the table."""
    if entry.state is OutboxState.SENT:
        return f"Added (ID {entry.pet_id})"
    if entry.state is OutboxState.FAILED:
        return f"Not accepted: {entry.reason}" if entry.reason else "Not accepted"
    return _ROW_TEXT[entry.state]


def decision_question(entry: OutboxEntry) -> str:
    """What the user is asked when a check after a lost answer was not conclusive."""
    ids = ", ".join(f"ID {c}" for c in entry.candidates)
    return (f"PetDesk sent “{entry.name}” but the answer was lost. The service now has "
            f"{len(entry.candidates)} matching pet{'s' if len(entry.candidates) != 1 else ''} "
            f"({ids}). Is one of them this animal? If none is, PetDesk sends it again.")


def outbox_count_text(count: int) -> str:
    """The status bar's count ("" when nothing waits)."""
    if count <= 0:
        return ""
    return "1 add waiting to send" if count == 1 else f"{count} adds waiting to send"

