"""Column recognition and the mapping remembered per file layout."""

from __future__ import annotations

import json

import pytest

from petdesk.services.importing.errors import MappingError
from petdesk.services.importing.mapping import ColumnMapping, Field, layout_key, suggest_mapping


@pytest.mark.parametrize(("headers", "expected"), [
    (["Name", "Category ID", "Status"], {"name": 0, "categoryId": 1, "status": 2}),
    (["STATUS", "categoryId", "pet name"], {"name": 2, "categoryId": 1, "status": 0}),
    (["Notes", "Animal Name", "category_id", "Adoption status"],
     {"name": 1, "categoryId": 2, "status": 3}),
    (["animal", "Category", "availability"], {"name": 0, "categoryId": 1, "status": 2}),
    (["Pet's name", "Category #", " Status "], {"name": 0, "categoryId": 1, "status": 2}),
])
def test_headers_in_any_order_case_and_spelling(headers: list[str],
                                                expected: dict[str, int]) -> None:
    suggestion = suggest_mapping(headers)
    assert {f.value: i for f, i in suggestion.mapping.columns.items()} == expected
    assert not suggestion.mapping.missing


def test_a_real_category_column_wins_over_species() -> None:
    suggestion = suggest_mapping(["Species", "Name", "Category ID"])
    assert suggestion.mapping.columns[Field.CATEGORY_ID] == 2
    assert suggestion.notes == ()


def test_species_is_used_only_without_a_category_column_and_says_so() -> None:
    suggestion = suggest_mapping(["Animal name", "Species"])
    assert suggestion.mapping.columns[Field.CATEGORY_ID] == 1
    assert suggestion.notes == ("Category ID is read from “Species”: say which category "
                                "number each of its words means.",)


def test_missing_and_ambiguous_columns_are_explained() -> None:
    suggestion = suggest_mapping(["Name", "Pet name", "Colour"])
    assert suggestion.mapping.missing == (Field.CATEGORY_ID,)
    assert suggestion.mapping.missing
    assert suggestion.notes == (
        "Both “Name” and “Pet name” look like Name; using “Name”.",
        "No column looks like Category ID: choose one.",
    )


def test_the_user_can_change_a_column() -> None:
    mapping = suggest_mapping(["Name", "Nickname", "Category"]).mapping
    changed = mapping.with_column(Field.NAME, 1)
    assert changed.columns == {Field.NAME: 1, Field.CATEGORY_ID: 2}
    assert changed.with_column(Field.STATUS, 2).columns == {Field.NAME: 1, Field.STATUS: 2}
    assert changed.with_column(Field.CATEGORY_ID, None).missing == (Field.CATEGORY_ID,)
    assert changed.describe() == "Name ← “Nickname” · Category ID ← “Category”"


def test_the_layout_key_ignores_case_and_punctuation_but_not_order() -> None:
    key = layout_key(["Name", "Category ID", "Status"])
    assert key == layout_key(["name", "category_id", "STATUS"])
    assert key != layout_key(["Category ID", "Name", "Status"])
    assert key.startswith("layout-v1-")


def test_a_mapping_survives_json() -> None:
    headers = ["Animal name", "Species", "Status"]
    mapping = suggest_mapping(headers).mapping.with_category_names({"Dog": 1, " cat ": 2})
    saved = json.loads(json.dumps(mapping.to_dict()))
    assert saved["layout"] == layout_key(headers)
    restored = ColumnMapping.from_dict(saved, ["ANIMAL NAME", "species", "status"])
    assert restored.columns == mapping.columns
    assert restored.category_names == {"dog": 1, "cat": 2}


@pytest.mark.parametrize("damage", [
    {"format": 99}, {"columns": {"name": "zero"}}, {"columns": {"colour": 0}},
    {"columns": {"name": 7}}, {"headers": None}, {"category_names": {"dog": True}},
])
def test_a_damaged_saved_mapping_is_refused(damage: dict[str, object]) -> None:
    saved = suggest_mapping(["Name", "Category"]).mapping.to_dict() | damage
    with pytest.raises(MappingError):
        ColumnMapping.from_dict(saved)


def test_a_saved_mapping_for_other_columns_is_refused() -> None:
    saved = suggest_mapping(["Name", "Category"]).mapping.to_dict()
    with pytest.raises(MappingError, match="other columns"):
        ColumnMapping.from_dict(saved, ["Name", "Category", "Status"])


def test_one_column_cannot_hold_two_fields() -> None:
    with pytest.raises(MappingError, match="two different fields"):
        ColumnMapping(("Name",), {Field.NAME: 0, Field.CATEGORY_ID: 0})
