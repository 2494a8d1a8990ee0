"""Rows of the pets table that do not come from this session's answers (Qt-free, cheap
to import: the table model checks rows' types, and the first paint uses them).

* :class:`WaitingRow`: an add waiting in the outbox (not on the service yet).
* :class:`StoredRow`: a pet as the last session saw it, painted at start before the
  client exists (no httpx, no pydantic), replaced when fresh rows arrive.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from petdesk.core.statuses import PetStatus


class WaitingRow(NamedTuple):
    """An outbox entry as the table shows it. ``id`` is ``-local_id``: never a pet's id
    (the service's ids are positive), so it never replaces a pet's row."""

    id: int
    name: str
    category_id: int
    status: PetStatus | None
    #: The Status column's text ("Waiting to send", "Checking whether it was added…").
    text: str
    local_id: int
    #: Whether it can still be edited or cancelled (it waits, and is not being sent).
    editable: bool
    #: After a lost answer, the pets that may be this add (the user decides).
    candidates: tuple[int, ...] = ()

    def to_wire(self) -> dict[str, Any]:
        """The add's JSON body as it will be sent (no id yet)."""
        wire: dict[str, Any] = {"name": self.name, "categoryId": self.category_id}
        if self.status is not None:
            wire["status"] = self.status.value
        return wire


class StoredRow(NamedTuple):
    """A stored pet, with what the detail panel asks of a pet (``to_wire``)."""

    id: int
    name: str
    category_id: int
    status: PetStatus | None

    def to_wire(self) -> dict[str, Any]:
        """The pet's JSON as the service sends it (``status`` omitted when none)."""
        wire: dict[str, Any] = {"id": self.id, "name": self.name,
                                "categoryId": self.category_id}
        if self.status is not None:
            wire["status"] = self.status.value
        return wire
