"""The reconciliation rule, exhaustively: every verdict follows from the rule's text."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from petdesk.core.statuses import PetStatus
from petdesk.services.outbox.reconcile import Verdict, reconcile
from petdesk.storage.rows import Draft, PetRow

STATUSES = [None, *PetStatus]
NAMES = ["Rex", " Rex", "Rex ", "rex", "Réx", "Rex Jr"]

drafts = st.builds(Draft, st.sampled_from(["Rex", "  Rex  ", "Mimi"]),
                   st.integers(1, 3), st.sampled_from(STATUSES))
pets = st.builds(PetRow, st.integers(1, 60), st.sampled_from([*NAMES, "Mimi"]),
                 st.integers(1, 3), st.sampled_from(STATUSES))


def _expected(draft: Draft, floor: int, listed: list[PetRow], claimed: set[int]) -> set[int]:
    return {p.id for p in listed
            if p.id > floor and p.id not in claimed and p.name.strip() == draft.name.strip()
            and p.category_id == draft.category_id and p.status == draft.status}


@given(drafts, st.integers(0, 60), st.lists(pets, max_size=12),
       st.sets(st.integers(1, 60), max_size=5))
def test_the_verdict_follows_the_rule(draft: Draft, floor: int, listed: list[PetRow],
                                      claimed: set[int]) -> None:
    outcome = reconcile(draft, floor, listed, claimed)
    expected = _expected(draft, floor, listed, claimed)
    assert set(outcome.candidates) == expected
    assert list(outcome.candidates) == sorted(expected)
    if not expected:
        assert outcome.verdict is Verdict.NOT_CREATED and outcome.pet_id is None
    elif len(expected) == 1:
        assert outcome.verdict is Verdict.CREATED and outcome.pet_id == min(expected)
    else:
        assert outcome.verdict is Verdict.AMBIGUOUS and outcome.pet_id is None


def test_every_field_combination_of_one_listed_pet() -> None:
    """One pet above the floor, each field equal or not: created only when all agree."""
    draft = Draft("Rex", 2, PetStatus.AVAILABLE)
    for name, category, status in itertools.product(NAMES, (1, 2), STATUSES):
        outcome = reconcile(draft, 10, [PetRow(11, name, category, status)])
        same = name.strip() == "Rex" and category == 2 and status is PetStatus.AVAILABLE
        assert outcome.verdict is (Verdict.CREATED if same else Verdict.NOT_CREATED), (
            name, category, status)


def test_pets_at_or_below_the_floor_never_match() -> None:
    draft = Draft("Rex", 1, None)
    assert reconcile(draft, 11, [PetRow(11, "Rex", 1, None)]).verdict is Verdict.NOT_CREATED
    assert reconcile(draft, 10, [PetRow(11, "Rex", 1, None)]).pet_id == 11


def test_no_status_matches_only_no_status() -> None:
    draft = Draft("Rex", 1, None)
    listed = [PetRow(11, "Rex", 1, status) for status in PetStatus]
    assert reconcile(draft, 0, listed).verdict is Verdict.NOT_CREATED
    assert reconcile(draft, 0, [*listed, PetRow(12, "Rex", 1, None)]).pet_id == 12


def test_claimed_ids_belong_to_other_entries() -> None:
    draft = Draft("Rex", 1, None)
    listed = [PetRow(11, "Rex", 1, None), PetRow(12, "Rex", 1, None)]
    assert reconcile(draft, 0, listed).verdict is Verdict.AMBIGUOUS
    assert reconcile(draft, 0, listed, {11}).pet_id == 12
    assert reconcile(draft, 0, listed, {11, 12}).verdict is Verdict.NOT_CREATED


def test_two_identical_animals_added_at_once_by_two_people() -> None:
    """The documented limit: the other person's identical animal is taken for ours."""
    draft = Draft("Rex", 1, PetStatus.AVAILABLE)
    theirs = PetRow(301, "Rex", 1, PetStatus.AVAILABLE)
    outcome = reconcile(draft, 300, [theirs])  # ours was not created
    assert outcome.verdict is Verdict.CREATED and outcome.pet_id == 301
    ours = PetRow(302, "Rex", 1, PetStatus.AVAILABLE)
    both = reconcile(draft, 300, [theirs, ours])  # both were: ask the user
    assert both.verdict is Verdict.AMBIGUOUS and both.candidates == (301, 302)
    assert "id 301" in both.describe()


@given(drafts, st.integers(0, 60), st.lists(pets, max_size=12))
def test_an_unverified_floor_never_concludes_created(draft: Draft, floor: int,
                                                     listed: list[PetRow]) -> None:
    outcome = reconcile(draft, floor, listed, floor_verified=False)
    assert outcome.verdict is not Verdict.CREATED
    verified = reconcile(draft, floor, listed)
    assert outcome.candidates == verified.candidates
    if verified.verdict is Verdict.CREATED:
        assert outcome.verdict is Verdict.AMBIGUOUS


def test_duplicated_listing_rows_count_once() -> None:
    pet = PetRow(11, "Rex", 1, None)
    assert reconcile(Draft("Rex", 1, None), 0, [pet, pet]).verdict is Verdict.CREATED
