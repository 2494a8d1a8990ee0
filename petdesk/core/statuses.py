"""An animal's status (spec sections 2 and 3): ``available``, ``pending``, ``sold``."""

from __future__ import annotations

import enum


class PetStatus(enum.StrEnum):
    """Spec section 2, ``PetStatus``. A pet may also have no status at all (``None``)."""

    AVAILABLE = "available"
    PENDING = "pending"
    SOLD = "sold"
