"""Shorthands the store's tests use to set a store up and look into it, written with
the repositories' own methods (so they hold for every implementation)."""

from __future__ import annotations

from collections.abc import Iterable

from petdesk.core.names import fold_name
from petdesk.storage.repositories import Store
from petdesk.storage.rows import Draft, MirrorQuery, OutboxState, PetRow


def mirror(store: Store, rows: Iterable[PetRow], seen_at: float | None = None) -> None:
    """Put ``rows`` in the catalogue, as a filler's page would (its progress unchanged)."""
    store.catalogue.save_page(rows, store.catalogue.state(), seen_at=seen_at)


def find(store: Store, text: str, *, limit: int = 200) -> list[PetRow]:
    """The catalogue's pets whose name contains ``text`` (folded), newest first."""
    if not fold_name(text.strip()):
        return []
    return store.catalogue.search(MirrorQuery(text), limit=limit)


def queue_many(store: Store, items: Iterable[tuple[Draft, str | None]]) -> list[int]:
    """Queue ``(draft, origin)`` adds one by one; their local ids."""
    return [store.outbox.queue(draft, origin=origin).local_id for draft, origin in items]


def batch_counts(store: Store, origin_prefix: str) -> dict[OutboxState, int]:
    """How many entries of a batch are in each state."""
    counts = dict.fromkeys(OutboxState, 0)
    for entry in store.outbox.entries_from(origin_prefix):
        counts[entry.state] += 1
    return counts
