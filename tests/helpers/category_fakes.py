"""A category table kept in memory, for the tests of the categories dialog."""

from __future__ import annotations

from petdesk.services.cards.categories import CategoryTable


class MemoryCategoryStore:
    """A :class:`CategoryStore` in memory that counts its saves."""

    def __init__(self, table: CategoryTable | None = None) -> None:
        self.saved: dict[int, str] | None = table.as_dict() if table is not None else None
        self.saves = 0

    def load(self) -> CategoryTable | None:
        return None if self.saved is None else CategoryTable(self.saved)

    def save(self, table: CategoryTable) -> None:
        self.saved = table.as_dict()
        self.saves += 1
