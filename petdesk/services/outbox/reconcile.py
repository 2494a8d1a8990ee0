"""Exactly once: what to conclude after an add whose outcome is unknown.

The service has no idempotency key and no delete (spec sections 4.2 and 4.4), so a
duplicate animal can never be removed. When an add was sent and no answer came back
(a dropped connection, a read timeout, a 5xx, an app killed mid-request), PetDesk
never sends it again blindly. It first lists the pets created since, and decides.

The rule
--------
Inputs: the add as queued (name, categoryId, status); its *floor*, the highest pet id
PetDesk knew just before the request left; the pets the service lists with an id above
the floor (all of them, to the last page); and the ids already given to other outbox
entries (*claimed*).

A listed pet *matches* when its id is above the floor, it is not claimed, its name
equals the add's name after the same normalisation as ``NewPet`` (surrounding white
space stripped; no case or accent folding: the service stores names as sent), its
categoryId is equal, and its status is equal (no status matches only no status).

* no match: **not created**, send it again;
* exactly one match: **created**, with that pet's id, provided the floor was
  *verified* (it was the newest pet id when PetDesk last listed to the end or was
  given an id, before the request left); with an unverified floor one match is
  **ambiguous** too, since it may be an older identical animal;
* two or more: **ambiguous**, ask the user (show the candidates; the user picks one,
  or says "none of these, send again", or cancels).

Why it holds: ids only grow (the service assigns them, spec section 2), so a pet the
add created has an id above any id that existed before the request left; a pet with
an id at or below the floor cannot be it.

Limits (when the rule can be wrong, and what PetDesk does about it)
-------------------------------------------------------------------
* **Identical animals added at the same time elsewhere.** If someone else adds an
  animal with the same name, category and status after the floor was taken, and this
  add was *not* created, the rule sees one match and wrongly says "created": the add
  is lost (no duplicate is made). If this add *was* created too, there are two matches
  and the user is asked. The floor is raised to the newest id known just before every
  send (a 201 answer, a listing that reached the last page), which keeps the window
  short; it cannot be closed without an idempotency key.
* **The floor is stale.** When PetDesk has never seen the newest pet, the window
  reaches back over pets that existed before the add, and an older identical pet
  would count as a match. The sender therefore lists up to the last page once before
  its first background send, so the floor is verified (see
  :mod:`petdesk.services.outbox.sender`); an add the user sends at once with an unverified
  floor is never concluded "created" on one match: the user is asked.
* **A request processed late.** If the service commits an add *after* PetDesk
  listed and concluded "not created" (a proxy that delivers the request late), the
  second send makes a duplicate. No client can exclude this without an idempotency
  key; a later reconciliation of the same entry would see two matches and ask.
* **Two of our own identical adds.** Two queued adds with identical fields are told
  apart by the floor (raised past the first one's id once it is known) and by
  *claimed*: an id given to one entry is never matched to another.
* **A renamed or changed pet.** The spec has no update, so a created pet keeps the
  fields it was created with; if a future version adds updates, a pet changed between
  the add and the listing would not match (the rule would say "not created").
* **Cost.** The listing reads every page above the floor: with a verified floor that
  is one page unless many pets were added meanwhile. It is background work and obeys
  the quota budget.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import NamedTuple

from petdesk.storage.rows import Draft, PetRow


class Verdict(enum.Enum):
    CREATED = "created"
    NOT_CREATED = "not created, send again"
    AMBIGUOUS = "ambiguous, ask the user"


class Reconciliation(NamedTuple):
    verdict: Verdict
    #: The created pet's id (``CREATED`` only).
    pet_id: int | None
    #: Every matching id, ascending (several for ``AMBIGUOUS``).
    candidates: tuple[int, ...]

    def describe(self) -> str:
        if self.verdict is Verdict.CREATED:
            return f"created (id {self.pet_id})"
        if self.verdict is Verdict.AMBIGUOUS:
            return "ambiguous: " + ", ".join(f"id {c}" for c in self.candidates)
        return str(self.verdict.value)


def normalise_name(name: str) -> str:
    """The same normalisation as ``NewPet`` applies before sending: strip."""
    return name.strip()


def matches(draft: Draft, pet: PetRow) -> bool:
    """The pet has the add's name, category and status."""
    return (
        pet.category_id == draft.category_id
        and pet.status == draft.status
        and normalise_name(pet.name) == normalise_name(draft.name)
    )


def reconcile(draft: Draft, floor_id: int, listed: Iterable[PetRow],
              claimed: Iterable[int] = (), *, floor_verified: bool = True) -> Reconciliation:
    """Apply the rule (module docstring) to the pets listed above ``floor_id``."""
    taken = frozenset(claimed)
    found = sorted({
        pet.id for pet in listed
        if pet.id > floor_id and pet.id not in taken and matches(draft, pet)
    })
    if not found:
        return Reconciliation(Verdict.NOT_CREATED, None, ())
    if len(found) == 1 and floor_verified:
        return Reconciliation(Verdict.CREATED, found[0], (found[0],))
    return Reconciliation(Verdict.AMBIGUOUS, None, tuple(found))
