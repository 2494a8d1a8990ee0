"""Category names shared by every desk on the shared store: kept as a fact of the store
(:data:`CATEGORIES_FACT`), with the desk's own JSON file as the local copy.

* Loading reads the store's fact; while the store has none yet, the desk's own file:
  the first desk that names categories on the shared store brings its names along.
* Saving writes the fact, then the desk's file, so the desk still has the names when
  the shared store is down or switched off.

Runs on the worker thread, like every store access (``meta`` is asked for there).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from petdesk.services.cards.categories import (
    CategoryError,
    CategoryFileError,
    CategoryStore,
    CategoryTable,
    table_from_json,
    table_json,
)
from petdesk.storage.repositories import MetaRepository

__all__ = ["CATEGORIES_FACT", "StoreCategories", "bring_names"]

CATEGORIES_FACT: Final = "cards/categories"


class StoreCategories:
    """A :class:`~petdesk.services.cards.categories.CategoryStore` in the store's facts;
    see the module. ``meta``: the current store's facts (called on the worker)."""

    def __init__(self, meta: Callable[[], MetaRepository], local: CategoryStore) -> None:
        self._meta = meta
        self._local = local

    def load(self) -> CategoryTable | None:
        raw = self._meta().fact(CATEGORIES_FACT)
        if raw is None:
            return self._local.load()
        try:
            return table_from_json(raw)
        except (ValueError, TypeError) as error:
            raise CategoryFileError(f"The shared category names are damaged ({error}).") \
                from error

    def save(self, table: CategoryTable) -> None:
        self._meta().set_fact(CATEGORIES_FACT, table_json(table))
        self._local.save(table)


def bring_names(meta: MetaRepository, local: CategoryStore) -> int:
    """Add the desk's own names to the store's (``petdesk shared-store move``): each id
    the store does not name yet, unless another id has that name there. How many."""
    raw = meta.fact(CATEGORIES_FACT)
    table = CategoryTable() if raw is None else table_from_json(raw)
    own = local.load()
    added = 0
    for category in own or ():
        if category.id in table:
            continue
        try:
            table.add(category.id, category.name)
        except CategoryError:  # the name is another id's there: the store's stays
            continue
        added += 1
    if added:
        meta.set_fact(CATEGORIES_FACT, table_json(table))
    return added
