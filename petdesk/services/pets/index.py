"""The pets table's order and name filter, on plain Python lists (Qt-free).

:class:`PetIndex` holds every pet loaded (``all``) and the rows shown (``rows``):
the ones whose name contains the filter, in the sort order.
:class:`~petdesk.gui.pets.pet_model.PetTableModel` wraps it with Qt's model signals.

Performance (the table must stay quick at 100,000 rows): sorting and the quick
name filter are done on Python lists (``sorted``, C-level ``map``/``compress``),
never by letting Qt call ``data()`` or ``filterAcceptsRow()`` once per row and
comparison through the Python bridge (that costs about a second at 100k rows).
At 100,000 rows each of append, sort and filter stays under 100 ms
(``tests/benchmarks``, figure 5):

* the case-folded names are computed once per pet (``folded``, aligned with
  ``all``), and so are the ids (``ids``);
* the display order is a list of indices into ``all`` (``order``) sorted with
  C-level keys (``list.__getitem__`` on a key list, one value per pet, no tuples),
  ties broken by id through sort stability (from the id order, which is the load
  order);
* a filter keeps that order instead of sorting again; a sorted append places the
  new page with binary search;
* rows are rebuilt with C-level ``map``/``compress`` (no Python loop per row).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from itertools import compress, repeat
from typing import TYPE_CHECKING, Any

from petdesk.core.names import fold_name
from petdesk.core.statuses import PetStatus

if TYPE_CHECKING:
    from petdesk.api import Pet

#: Column numbers the index sorts by (the same as the model's ``Column``).
ID, NAME, CATEGORY, STATUS = range(4)

_STATUS_RANK: dict[str | None, int] = {
    PetStatus.AVAILABLE: 0, PetStatus.PENDING: 1, PetStatus.SOLD: 2, None: 3}

#: One sort value per pet for the columns without a cached key list.
_SORT_KEYS: dict[int, Callable[[Pet], Any]] = {
    STATUS: lambda p: _STATUS_RANK[p.status],
}


class PetIndex:
    """Every pet loaded, and the rows shown: filtered by name, in the sort order."""

    def __init__(self) -> None:
        self.all: list[Pet] = []
        #: ``fold_name(name)`` of each pet of ``all`` (same positions).
        self.folded: list[str] = []
        #: ``id`` of each pet of ``all`` (same positions).
        self.ids: list[int] = []
        #: Positions in ``all`` in the current sort order (``None``: load order).
        self.order: list[int] | None = None
        #: ``order`` is the current sort of every pet (false after a replace).
        self.sorted = False
        self.rows: list[Pet] = []
        #: Position in ``all`` of each row of ``rows``.
        self.row_pos: list[int] = []
        self.needle = ""
        #: Show only the pets without a status (the list API cannot ask for them).
        self.no_status_only = False
        #: The column sorted by (``None``: load order) and the direction.
        self.sort_column: int | None = None
        self.descending = False
        #: The Category column's text for an id ("Dogs (1)", or the bare id): sorting
        #: by category sorts what is shown, named categories by name, then bare ids.
        self.category_text: Callable[[int], str] = str

    # -- reading ------------------------------------------------------------------------------

    def row_of(self, pet_id: int) -> int | None:
        # C-level scans of the id and position lists (no Python loop over 100k rows).
        try:
            return self.row_pos.index(self.ids.index(pet_id))
        except ValueError:
            return None

    def row_of_position(self, pos: int) -> int | None:
        try:
            return self.row_pos.index(pos)
        except ValueError:
            return None

    # -- changing -----------------------------------------------------------------------------

    def load(self, pets: Iterable[Pet]) -> None:
        """Replace every pet (load order), then sort and filter as before."""
        self.all = list(pets)
        self.folded = [fold_name(p.name) for p in self.all]
        self.ids = [p.id for p in self.all]
        self.order = None
        self.resort()

    def extend(self, batch: list[Pet]) -> tuple[list[int], bool]:
        """Add ``batch`` to ``all`` (and to ``order`` when sorted), not yet to ``rows``.

        Returns the positions of the new pets the filter shows, and whether sorting
        leaves them at the end (no reorder of the rows needed)."""
        start = len(self.all)
        self.all.extend(batch)
        folded = [fold_name(p.name) for p in batch]
        self.folded.extend(folded)
        self.ids.extend(p.id for p in batch)
        needle, no_status = self.needle, self.no_status_only
        positions = [start + i for i, f in enumerate(folded)
                     if needle in f and not (no_status and batch[i].status is not None)]
        order = self.order
        if order is not None:
            self._insert_sorted(range(start, len(self.all)))
        in_place = order is None or order[start - len(self.all):] == list(
            range(start, len(self.all)))
        return positions, in_place

    def sorted_row(self, pos: int) -> int:
        """The row the pet at ``pos`` belongs at, in the sort order and the filter."""
        assert self.order is not None
        before = self.order[:self.order.index(pos)]
        if self.no_status_only:
            return len(self._filtered(before))
        if not self.needle:
            return len(before)
        return sum(map(operator.contains, map(self.folded.__getitem__, before),
                       repeat(self.needle)))

    def show_row(self, row: int, pos: int) -> None:
        self.rows.insert(row, self.all[pos])
        self.row_pos.insert(row, pos)

    def show_at_end(self, positions: list[int]) -> None:
        self.rows.extend(self.all[i] for i in positions)
        self.row_pos.extend(positions)

    def replace(self, pet: Pet) -> int | None:
        """Put ``pet`` in place of the pet with its id; its row, or None (not loaded or
        not shown). The row stays where it is until the next sort."""
        try:
            i = self.ids.index(pet.id)
        except ValueError:
            raise KeyError(pet.id) from None
        self.all[i] = pet
        self.folded[i] = fold_name(pet.name)
        self.sorted = False
        row = self.row_of_position(i)
        if row is not None:
            self.rows[row] = pet
        return row

    def set_sort(self, column: int | None, descending: bool) -> None:
        self.sort_column = column
        self.descending = descending
        self.resort()

    def resort(self) -> None:
        """Sort ``order`` for the current column and direction, then rebuild the rows."""
        self.sorted = self.sort_column is not None
        if self.sort_column is None:
            self.order = None
        else:
            values = self._sort_values()
            # Start from the id order (the load order, so this is a linear pass) and
            # sort stably by value: ties stay in id order, reversed when descending.
            by_id = sorted(range(len(values)), key=self.ids.__getitem__)
            if self.descending:
                by_id.reverse()
            self.order = sorted(by_id, key=values.__getitem__, reverse=self.descending)
        self.rebuild_rows()

    def rebuild_rows(self) -> None:
        """``rows`` from the order and the name filter (a permutation or a subset)."""
        pets = self.all
        order: Sequence[int] = self.order if self.order is not None else range(len(pets))
        self.row_pos = self._filtered(order)
        self.rows = list(map(pets.__getitem__, self.row_pos))

    def _filtered(self, positions: Sequence[int]) -> list[int]:
        """The positions the name filter and the no-status filter show, in order."""
        needle = self.needle
        if needle:
            shown = map(operator.contains, map(self.folded.__getitem__, positions),
                        repeat(needle))
            kept = list(compress(positions, shown))
        else:
            kept = list(positions)
        if self.no_status_only:
            pets = self.all
            kept = [i for i in kept if pets[i].status is None]
        return kept

    # -- internals ----------------------------------------------------------------------------

    def _sort_values(self) -> list[Any]:
        """One sort value per pet of ``all`` for the current column."""
        assert self.sort_column is not None
        if self.sort_column == NAME:
            return self.folded
        if self.sort_column == ID:
            return self.ids
        if self.sort_column == CATEGORY:
            return self._category_values()
        key = _SORT_KEYS[self.sort_column]
        return [key(p) for p in self.all]

    def _category_values(self) -> list[tuple[int, str, int]]:
        text = self.category_text
        by_id: dict[int, tuple[int, str, int]] = {}
        values = []
        for cid in map(operator.attrgetter("category_id"), self.all):
            value = by_id.get(cid)
            if value is None:
                shown = text(cid)
                value = by_id[cid] = ((1, "", cid) if shown == str(cid)
                                      else (0, fold_name(shown), cid))
            values.append(value)
        return values

    def _insert_sorted(self, positions: Iterable[int]) -> None:
        """Put new positions of ``all`` into ``order`` by binary search (no re-sort)."""
        assert self.order is not None
        values, ids, order = self._sort_values(), self.ids, self.order
        descending = self.descending
        for pos in positions:
            key = (values[pos], ids[pos])
            lo, hi = 0, len(order)
            while lo < hi:  # order is sorted by (value, id), descending or not
                mid = (lo + hi) // 2
                other = (values[order[mid]], ids[order[mid]])
                if (key > other) if descending else (key < other):
                    hi = mid
                else:
                    lo = mid + 1
            order.insert(lo, pos)
