"""The key's shared quota record: one per key fingerprint, merged by the rule of
:func:`petdesk.core.quota.merge_figures` however many desks write it."""

from __future__ import annotations

from pathlib import Path

import pytest

from petdesk.core.quota import QuotaFigures, key_fingerprint
from petdesk.storage.repositories import Store
from tests.helpers.api_fakes import FakeClock
from tests.helpers.stores import API_KEY

KEY = key_fingerprint(API_KEY)
T = 1_800_000_000.0  # the service's clock
WINDOW_END = T + 60


def test_a_key_has_no_record_until_a_desk_writes_one(store: Store, clock: FakeClock) -> None:
    assert store.budget.current(KEY) is None
    written = store.budget.observe(KEY, QuotaFigures(T, 60, 59, WINDOW_END))
    assert written.figures == QuotaFigures(T, 60, 59, WINDOW_END)
    assert written.updated_at == clock.time()
    assert store.budget.current(KEY) == written
    assert store.budget.current(key_fingerprint("another-key")) is None


def test_within_one_window_the_lower_remaining_wins(store: Store) -> None:
    store.budget.observe(KEY, QuotaFigures(T + 2, 60, 40, WINDOW_END))
    # A desk whose answer left earlier writes later: its higher count does not count.
    record = store.budget.observe(KEY, QuotaFigures(T + 1, 60, 45, WINDOW_END))
    assert record.figures.remaining == 40
    assert record.figures.observed_at == T + 2
    record = store.budget.observe(KEY, QuotaFigures(T + 3, 60, 39, WINDOW_END))
    assert record.figures.remaining == 39


def test_a_newer_window_replaces_and_a_late_older_one_changes_nothing(store: Store) -> None:
    store.budget.observe(KEY, QuotaFigures(T + 50, 60, 3, WINDOW_END))
    record = store.budget.observe(KEY, QuotaFigures(WINDOW_END + 1, 60, 58, WINDOW_END + 60))
    assert (record.figures.remaining, record.figures.reset) == (58, WINDOW_END + 60)
    # An answer of the old window written after the new one was: already over.
    record = store.budget.observe(KEY, QuotaFigures(T + 59, 60, 1, WINDOW_END))
    assert (record.figures.remaining, record.figures.reset) == (58, WINDOW_END + 60)


def test_a_retry_after_is_kept_until_it_passes(store: Store) -> None:
    store.budget.observe(KEY, QuotaFigures(T, 60, 0, WINDOW_END, retry_until=T + 30))
    # Another desk's later answer (before the wait is over) does not end the wait.
    record = store.budget.observe(KEY, QuotaFigures(T + 10, 60, 0, WINDOW_END))
    assert record.figures.retry_until == T + 30
    record = store.budget.observe(KEY, QuotaFigures(T + 29, 60, 0, WINDOW_END,
                                                    retry_until=T + 20))
    assert record.figures.retry_until == T + 30
    record = store.budget.observe(KEY, QuotaFigures(T + 31, 60, 0, WINDOW_END))
    assert record.figures.retry_until is None


def test_when_no_counts_hold_the_newest_are_kept(store: Store) -> None:
    store.budget.observe(KEY, QuotaFigures(T, 60, 10, None))
    record = store.budget.observe(KEY, QuotaFigures(T + 1, None, None, None))
    assert record.figures == QuotaFigures(T + 1)
    record = store.budget.observe(KEY, QuotaFigures(T + 2, 60, None, WINDOW_END))
    # Known counts beat unknown ones; a known remaining beats an unknown one.
    record = store.budget.observe(KEY, QuotaFigures(T + 3, 60, 20, WINDOW_END))
    assert record.figures.remaining == 20


def test_every_desk_of_the_store_reads_what_another_wrote(store: Store,
                                                           other_desk: Store) -> None:
    store.budget.observe(KEY, QuotaFigures(T, 60, 30, WINDOW_END))
    other_desk.budget.observe(KEY, QuotaFigures(T + 1, 60, 25, WINDOW_END, retry_until=T + 9))
    seen = store.budget.current(KEY)
    assert seen is not None
    assert (seen.figures.remaining, seen.figures.retry_until) == (25, T + 9)


@pytest.mark.parametrize("name", [API_KEY, "", KEY.upper(), KEY + "0", "x" * 16])
def test_a_record_is_named_by_a_fingerprint_never_by_the_key(store: Store, name: str) -> None:
    with pytest.raises(ValueError, match="fingerprint"):
        store.budget.observe(name, QuotaFigures(T, 60, 59, WINDOW_END))
    with pytest.raises(ValueError, match="fingerprint"):
        store.budget.current(name)


def test_the_key_never_reaches_the_store_file(sqlite_store: Store, store_file: Path) -> None:
    # SQLite only: it reads the files; the shared store's counterpart is
    # tests/unit/storage/test_shared_store.py::test_the_key_never_reaches_the_shared_store.
    store = sqlite_store
    store.budget.observe(KEY, QuotaFigures(T, 60, 59, WINDOW_END))
    store.close()
    written = b"".join(p.read_bytes() for p in store_file.parent.iterdir() if p.is_file())
    assert KEY.encode() in written
    assert API_KEY.encode() not in written
