"""Which desk, and which of its users, did something: the words the store and the
windows share. Reading the computer's name and the signed-in user is I/O, so it is
done outside the core (:mod:`petdesk.services.desk`)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Desk"]


@dataclass(frozen=True, slots=True)
class Desk:
    """One computer (``name``: its host name) and the operating-system user signed in
    on it. Either is ``""`` when it is not known (adds kept before PetDesk recorded
    desks, or a computer that would not say)."""

    name: str
    user: str
