"""The sentences about stored data and the outbox."""

from __future__ import annotations

from datetime import UTC, datetime

from petdesk.core.statuses import PetStatus
from petdesk.services.outbox.wording import (
    clock_text,
    decision_question,
    outbox_count_text,
    outbox_row_text,
    stored_pet_note,
    stored_rows_banner,
)
from petdesk.storage.rows import Draft, OutboxEntry, OutboxState
from petdesk.storage.sqlite.store import SqliteStore

NOW = datetime(2026, 11, 24, 9, 50, tzinfo=UTC).timestamp()
EARLIER = datetime(2026, 11, 24, 9, 42, tzinfo=UTC).timestamp()
YESTERDAY = datetime(2026, 11, 23, 17, 5, tzinfo=UTC).timestamp()


def test_times_read_like_a_clock() -> None:
    assert clock_text(EARLIER, NOW, UTC) == "09:42"
    assert clock_text(YESTERDAY, NOW, UTC) == "Mon 23 Nov, 17:05"
    assert stored_rows_banner(EARLIER, NOW, offline=False, tz=UTC) == \
        "As of 09:42 — refreshing…"
    assert stored_rows_banner(EARLIER, NOW, offline=True, tz=UTC) == \
        "Offline — showing pets as of 09:42"
    assert "09:42" in stored_pet_note(EARLIER, NOW, UTC)
    assert clock_text(EARLIER, NOW)  # the computer's own zone


def test_every_outbox_state_has_words(store: SqliteStore) -> None:
    entry = store.outbox.queue(Draft("Rex", 1, PetStatus.AVAILABLE))
    texts = {}
    for state in OutboxState:
        shown = OutboxEntry(entry.local_id, "production", entry.draft, 0.0, state, 1, 0,
                            pet_id=12, reason="Field 'name' must not be blank.",
                            candidates=(12, 14))
        texts[state] = outbox_row_text(shown)
    assert texts[OutboxState.WAITING] == "Waiting to send"
    assert texts[OutboxState.SENT] == "Added (ID 12)"
    assert texts[OutboxState.FAILED] == "Not accepted: Field 'name' must not be blank."
    assert len(set(texts.values())) == len(OutboxState)
    question = decision_question(OutboxEntry(1, "production", entry.draft, 0.0,
                                             OutboxState.NEEDS_DECISION, 1, 0,
                                             candidates=(12, 14)))
    assert "“Rex”" in question and "ID 12, ID 14" in question and "2 matching pets" in question


def test_the_status_bar_count() -> None:
    assert outbox_count_text(0) == ""
    assert outbox_count_text(1) == "1 add waiting to send"
    assert outbox_count_text(3) == "3 adds waiting to send"
