"""Which rows of a file look like pets already known: the service's, the outbox's, or
an earlier import's of the same file.

Two pets are "the same" when their name (case and spacing ignored), category and
status match (:func:`pet_key`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from petdesk.api.models import NewPet
from petdesk.core.statuses import PetStatus
from petdesk.core.wording import QT_TRANSLATE_NOOP


@dataclass(frozen=True)
class DuplicateOf:
    """What a row looks like a duplicate of: an earlier row, or a known pet."""

    row: int | None = None
    pet_id: int | None = None

    def describe(self) -> str:
        if self.row is not None:
            return QT_TRANSLATE_NOOP(
                "Import", "same name, category and status as row {row}").format(row=self.row)
        if self.pet_id is not None:
            return QT_TRANSLATE_NOOP(
                "Import", "same name, category and status as pet {id}").format(id=self.pet_id)
        return QT_TRANSLATE_NOOP(
            "Import", "same name, category and status as a pet waiting to be sent")


def pet_key(name: str, category_id: int, status: PetStatus | str | None) -> str:
    """What makes two pets "the same" for duplicate flagging: name (case and spacing
    ignored), category and status, joined by a control character no valid name holds.
    A string, not a tuple: a dict of 100,000 of them stays out of the garbage
    collector's sight (see :class:`PreviewRows`)."""
    value = status.value if isinstance(status, PetStatus) else status
    return f"{' '.join(name.split()).casefold()}\x1f{category_id}\x1f{value or ''}"


class KnownPets:
    """The pets the file is compared with: the service's and the outbox's."""

    def __init__(self) -> None:
        self._known: dict[str, DuplicateOf] = {}

    def add(self, name: str, category_id: int, status: PetStatus | None, *,
            pet_id: int | None = None) -> None:
        """Add a pet; ``pet_id=None`` for one waiting in the outbox."""
        self._known.setdefault(pet_key(name, category_id, status), DuplicateOf(pet_id=pet_id))

    def match(self, pet: NewPet) -> DuplicateOf | None:
        return self._known.get(pet_key(pet.name, pet.category_id, pet.status))

    def match_key(self, key: str) -> DuplicateOf | None:
        """:meth:`match` by a :func:`pet_key` already computed."""
        return self._known.get(key)

    def __len__(self) -> int:
        return len(self._known)


class EarlierImport:
    """What an earlier import of the same file did: row number -> the id of the pet it
    added (read from the outbox on the worker thread, before the rows are checked)."""

    def __init__(self, added: Mapping[int, int] | None = None) -> None:
        self._added = dict(added or {})

    def added_as(self, row: int) -> int | None:
        return self._added.get(row)

    def __len__(self) -> int:
        return len(self._added)
