"""The sentences about stored data and the outbox."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from petdesk.core.desk import Desk
from petdesk.core.status_messages import MessageKind, StatusMessage
from petdesk.core.statuses import PetStatus
from petdesk.services.outbox.wording import (
    OFFLINE_DETAILS,
    OUTBOX_DETAILS,
    clock_time,
    decision_question,
    offline_message,
    outbox_count_message,
    outbox_count_text,
    outbox_row_text,
    outbox_row_with_desk,
    stored_pet_note,
    stored_rows_banner,
    stored_rows_message,
)
from petdesk.storage.rows import Draft, OutboxEntry, OutboxState

NOW = datetime(2026, 11, 24, 9, 50, tzinfo=UTC).timestamp()
EARLIER = datetime(2026, 11, 24, 9, 42, tzinfo=UTC).timestamp()
YESTERDAY = datetime(2026, 11, 23, 17, 5, tzinfo=UTC).timestamp()


def test_times_read_like_a_clock() -> None:
    assert str(clock_time(EARLIER, NOW, UTC)) == "09:42"
    assert str(clock_time(YESTERDAY, NOW, UTC)) == "Mon 23 Nov, 17:05"
    assert stored_rows_banner(EARLIER, NOW, offline=False, tz=UTC) == \
        "As of 09:42 — refreshing…"
    assert stored_rows_banner(EARLIER, NOW, offline=True, tz=UTC) == \
        "Offline — showing pets as of 09:42"
    assert "09:42" in stored_pet_note(EARLIER, NOW, UTC)
    assert str(clock_time(EARLIER, NOW))  # the computer's own zone


def test_every_outbox_state_has_words() -> None:
    draft = Draft("Rex", 1, PetStatus.AVAILABLE)
    texts = {}
    for state in OutboxState:
        shown = OutboxEntry(1, "production", draft, state, 1, 0,
                            pet_id=12, reason="Field 'name' must not be blank.",
                            candidates=(12, 14))
        texts[state] = outbox_row_text(shown)
    assert texts[OutboxState.WAITING] == "Waiting to send"
    assert texts[OutboxState.SENT] == "Added (ID 12)"
    assert texts[OutboxState.FAILED] == "Not accepted: Field 'name' must not be blank."
    assert len(set(texts.values())) == len(OutboxState)
    question = decision_question(OutboxEntry(1, "production", draft,
                                             OutboxState.NEEDS_DECISION, 1, 0,
                                             candidates=(12, 14)))
    assert "“Rex”" in question and "ID 12, ID 14" in question and "2 matching pets" in question


def test_the_status_bar_count() -> None:
    assert outbox_count_text(0) == ""
    assert outbox_count_text(1) == "1 add waiting to send"
    assert outbox_count_text(3) == "3 adds waiting to send"


def test_the_status_bar_messages_whole_and_short() -> None:
    assert offline_message(EARLIER, NOW, UTC) == StatusMessage(
        MessageKind.OFFLINE, "Offline — showing pets as of 09:42", "Offline · pets as of 09:42",
        OFFLINE_DETAILS)
    assert offline_message(None, NOW, UTC) == StatusMessage(
        MessageKind.OFFLINE, "Offline — the service cannot be reached", "Offline",
        OFFLINE_DETAILS)
    assert stored_rows_message(EARLIER, NOW, UTC) == StatusMessage(
        MessageKind.STORED_ROWS, "As of 09:42 — refreshing…")
    assert outbox_count_message(0) is None
    assert outbox_count_message(1) == StatusMessage(
        MessageKind.OUTBOX, "1 add waiting to send", "1 waiting", OUTBOX_DETAILS)
    assert outbox_count_message(3) == StatusMessage(
        MessageKind.OUTBOX, "3 adds waiting to send", "3 waiting", OUTBOX_DETAILS)
    assert stored_pet_note(EARLIER, NOW, UTC) == \
        "Stored copy from 09:42 — the service could not be asked."


def test_a_waiting_row_names_the_desk_and_user_that_typed_it() -> None:
    entry = OutboxEntry(1, "production", Draft("Rex", 1, None), OutboxState.WAITING, 0, 0,
                        desk=Desk("front-desk", "anna"))
    assert outbox_row_with_desk(entry) == "Waiting to send · front-desk (anna)"
    assert outbox_row_with_desk(replace(entry, desk=Desk("front-desk", ""))) == \
        "Waiting to send · front-desk"
    assert outbox_row_with_desk(replace(entry, desk=Desk("", "anna"))) == \
        "Waiting to send · anna"
    assert outbox_row_with_desk(replace(entry, desk=Desk("", ""))) == "Waiting to send"
    shown = outbox_row_with_desk(replace(entry, desk=Desk("k" * 80, "ben\u202e")))
    assert shown.startswith("Waiting to send · kkk") and len(shown) < 110
    assert "\u202e" not in shown  # shown as a marker
