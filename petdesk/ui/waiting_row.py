"""A row of the pets table that is not on the service yet: an add waiting in the
outbox (Qt-free, cheap to import: the table model checks every row's type)."""

from __future__ import annotations

from typing import NamedTuple

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
