"""What tests read from the sandbox's store behind the service's back."""

from __future__ import annotations

from petdesk.sandbox.store import Pet, Store

__all__ = ["every_pet"]


def every_pet(store: Store) -> list[Pet]:
    """Every animal in the store, by ascending id (through its own paging)."""
    pets: list[Pet] = []
    more = True
    while more:
        page, more = store.list_pets(limit=1_000, after_id=pets[-1].id if pets else 0)
        pets += page
    return pets
