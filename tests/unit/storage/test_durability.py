"""The store survives a power cut: write-ahead log, every commit synced."""

from __future__ import annotations

from petdesk.storage.db import LocalStore


def test_the_store_is_durable(store: LocalStore) -> None:
    assert store.durability() == ("wal", 2)  # WAL, synchronous=FULL
