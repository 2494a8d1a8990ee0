"""The sentences the window shows about stored data and the outbox, in staff's words.
(The catalogue mirror's are in :mod:`petdesk.services.catalogue.wording`.)

Pure functions of plain values (no Qt), so the widgets stay thin and the tests can
check the text. Times are shown in the computer's local time zone: "09:42" for
today, "Mon 23 Nov, 09:42" for another day. The sentences are marked for
translation (:mod:`petdesk.core.wording`): the window shows them in the user's
language, with times in the locale's format.
"""

from __future__ import annotations

from datetime import datetime, tzinfo

from petdesk.core.status_messages import MessageKind, StatusMessage
from petdesk.core.text import display
from petdesk.core.wording import QT_TRANSLATE_NOOP, ClockTime
from petdesk.storage.rows import OutboxEntry, OutboxState

#: Said once when the service answers again after being unreachable.
BACK_ONLINE = QT_TRANSLATE_NOOP("StoreWording", "The service can be reached again.")
#: Details of the offline message.
OFFLINE_DETAILS = QT_TRANSLATE_NOOP(
    "StoreWording", "PetDesk checks by itself when the service is back. Adds wait in the "
    "outbox and are sent then.")
#: Details of the outbox's count.
OUTBOX_DETAILS = QT_TRANSLATE_NOOP(
    "StoreWording", "Adds PetDesk keeps and sends by itself when the service can take them.")


def clock_time(when: float, now: float, tz: tzinfo | None = None) -> ClockTime:
    """``when`` as a clock time (today or another day), for a sentence to carry."""
    moment = datetime.fromtimestamp(when, tz) if tz else datetime.fromtimestamp(when).astimezone()
    today = datetime.fromtimestamp(now, tz) if tz else datetime.fromtimestamp(now).astimezone()
    return ClockTime(moment, today=moment.date() == today.date())


def stored_rows_banner(fetched_at: float, now: float, *, offline: bool,
                       tz: tzinfo | None = None) -> str:
    """The line above stored rows: while refreshing, or when the service is away."""
    shown = clock_time(fetched_at, now, tz)
    if offline:
        return QT_TRANSLATE_NOOP("StoreWording", "Offline — showing pets as of {shown}").format(
            shown=shown)
    return QT_TRANSLATE_NOOP("StoreWording", "As of {shown} — refreshing…").format(shown=shown)


def stored_rows_message(fetched_at: float, now: float,
                        tz: tzinfo | None = None) -> StatusMessage:
    """The status bar's message while the stored rows shown at start-up are refreshed."""
    return StatusMessage(MessageKind.STORED_ROWS,
                         stored_rows_banner(fetched_at, now, offline=False, tz=tz))


def offline_message(as_of: float | None, now: float,
                    tz: tzinfo | None = None) -> StatusMessage:
    """The status bar's message while the service cannot be reached; ``as_of``: when the
    pets shown were fetched (``None`` when none are shown)."""
    if as_of is None:
        return StatusMessage(
            MessageKind.OFFLINE,
            QT_TRANSLATE_NOOP("StoreWording", "Offline — the service cannot be reached"),
            QT_TRANSLATE_NOOP("StoreWording", "Offline"), OFFLINE_DETAILS)
    return StatusMessage(
        MessageKind.OFFLINE, stored_rows_banner(as_of, now, offline=True, tz=tz),
        QT_TRANSLATE_NOOP("StoreWording", "Offline · pets as of {shown}").format(
            shown=clock_time(as_of, now, tz)),
        OFFLINE_DETAILS)


def stored_pet_note(fetched_at: float, now: float, tz: tzinfo | None = None) -> str:
    """Under a look-up answered from the store."""
    return QT_TRANSLATE_NOOP(
        "StoreWording", "Stored copy from {shown} — the service could not be asked.").format(
        shown=clock_time(fetched_at, now, tz))


_ROW_TEXT = {
    OutboxState.WAITING: QT_TRANSLATE_NOOP("StoreWording", "Waiting to send"),
    OutboxState.SENDING: QT_TRANSLATE_NOOP("StoreWording", "Sending…"),
    OutboxState.OUTCOME_UNKNOWN: QT_TRANSLATE_NOOP("StoreWording",
                                                   "Checking whether it was added…"),
    OutboxState.NEEDS_DECISION: QT_TRANSLATE_NOOP("StoreWording", "Needs your decision"),
    OutboxState.CANCELLED: QT_TRANSLATE_NOOP("StoreWording", "Cancelled"),
}


def outbox_row_text(entry: OutboxEntry) -> str:
    """The status cell of an outbox row in the table."""
    if entry.state is OutboxState.SENT:
        return QT_TRANSLATE_NOOP("StoreWording", "Added (ID {pet_id})").format(
            pet_id=entry.pet_id)
    if entry.state is OutboxState.FAILED:
        if entry.reason:
            return QT_TRANSLATE_NOOP("StoreWording", "Not accepted: {reason}").format(
                reason=entry.reason)
        return QT_TRANSLATE_NOOP("StoreWording", "Not accepted")
    return _ROW_TEXT[entry.state]


def outbox_row_with_desk(entry: OutboxEntry) -> str:
    """The status cell of a waiting add: its state, then the desk and the user that
    typed it (left out for adds kept before desks were recorded)."""
    state = outbox_row_text(entry)
    desk, user = display(entry.desk.name, 40), display(entry.desk.user, 40)
    if not desk and not user:
        return state
    if not desk or not user:
        return QT_TRANSLATE_NOOP("StoreWording", "{state} · {who}").format(
            state=state, who=desk or user)
    return QT_TRANSLATE_NOOP("StoreWording", "{state} · {desk} ({user})").format(
        state=state, desk=desk, user=user)


def decision_question(entry: OutboxEntry) -> str:
    """What the user is asked when a check after a lost answer was not conclusive."""
    ids = ", ".join(f"ID {c}" for c in entry.candidates)
    if len(entry.candidates) == 1:
        template = QT_TRANSLATE_NOOP(
            "StoreWording",
            "PetDesk sent “{name}” but the answer was lost. The service now has 1 matching "
            "pet ({ids}). Is it this animal? If it is not, PetDesk sends it again.")
    else:
        template = QT_TRANSLATE_NOOP(
            "StoreWording",
            "PetDesk sent “{name}” but the answer was lost. The service now has {count} "
            "matching pets ({ids}). Is one of them this animal? If none is, PetDesk sends "
            "it again.")
    return template.format(name=entry.name, count=len(entry.candidates), ids=ids)


def outbox_count_text(count: int) -> str:
    """The status bar's count ("" when nothing waits)."""
    if count <= 0:
        return ""
    if count == 1:
        return QT_TRANSLATE_NOOP("StoreWording", "1 add waiting to send")
    return QT_TRANSLATE_NOOP("StoreWording", "{count} adds waiting to send").format(count=count)


def outbox_count_message(count: int) -> StatusMessage | None:
    """The status bar's message of the adds waiting (``None`` when nothing waits)."""
    if count <= 0:
        return None
    return StatusMessage(
        MessageKind.OUTBOX, outbox_count_text(count),
        QT_TRANSLATE_NOOP("StoreWording", "{count} waiting").format(count=count),
        OUTBOX_DETAILS)
