"""Models against spec section 2, including hypothesis-generated payloads."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from petdesk.api import INT64_MAX, NAME_MAX_LENGTH, ErrorBody, NewPet, Pet, PetStatus


def test_pet_status_is_the_spec_enumeration() -> None:
    assert [s.value for s in PetStatus] == ["available", "pending", "sold"]
    assert PetStatus("sold") is PetStatus.SOLD
    assert str(PetStatus.PENDING) == "pending"


def test_pet_populates_by_wire_name_and_by_field_name() -> None:
    wire = Pet.model_validate({"id": 7, "name": "Rex", "categoryId": 3, "status": "sold"})
    by_name = Pet(id=7, name="Rex", category_id=3, status=PetStatus.SOLD)
    assert wire == by_name
    assert wire.category_id == 3
    assert wire.to_wire() == {"id": 7, "name": "Rex", "categoryId": 3, "status": "sold"}


def test_pet_status_is_optional_with_no_default() -> None:
    pet = Pet.model_validate({"id": 1, "name": "Rex", "categoryId": 1})
    assert pet.status is None
    assert "status" not in pet.to_wire()


def test_unknown_fields_from_the_server_are_tolerated() -> None:
    pet = Pet.model_validate({"id": 1, "name": "Rex", "categoryId": 1, "tags": ["x"], "v2": 1})
    assert pet.name == "Rex"


@pytest.mark.parametrize("missing", ["id", "name", "categoryId"])
def test_a_missing_required_field_is_a_contract_error(missing: str) -> None:
    data = {"id": 1, "name": "Rex", "categoryId": 1}
    del data[missing]
    with pytest.raises(ValidationError):
        Pet.model_validate(data)


@pytest.mark.parametrize("bad", [2**63, -(2**63) - 1, "5", 1.5, True])
def test_int64_bounds_and_strict_integers(bad: object) -> None:
    with pytest.raises(ValidationError):
        Pet.model_validate({"id": bad, "name": "Rex", "categoryId": 1})


def test_unknown_status_from_the_server_is_a_contract_error() -> None:
    with pytest.raises(ValidationError):
        Pet.model_validate({"id": 1, "name": "Rex", "categoryId": 1, "status": "adopted"})


def test_new_pet_has_no_id_and_omits_status_when_not_given() -> None:
    new = NewPet(name="  Bella ", category_id=2)
    assert new.to_wire() == {"name": "Bella", "categoryId": 2}
    assert "id" not in NewPet.model_fields
    assert NewPet.model_validate({"name": "Bo", "categoryId": 1, "id": 99}).to_wire() == {
        "name": "Bo", "categoryId": 1}


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"categoryId": 1}, "name"),
        ({"name": "   ", "categoryId": 1}, "name"),
        ({"name": "x" * (NAME_MAX_LENGTH + 1), "categoryId": 1}, "name"),
        ({"name": "a\x00b", "categoryId": 1}, "name"),
        ({"name": "Rex"}, "categoryId"),
        ({"name": "Rex", "categoryId": 0}, "categoryId"),
        ({"name": "Rex", "categoryId": -4}, "categoryId"),
        ({"name": "Rex", "categoryId": INT64_MAX + 1}, "categoryId"),
        ({"name": "Rex", "categoryId": "12"}, "categoryId"),
        ({"name": "Rex", "categoryId": 1.0}, "categoryId"),
        ({"name": "Rex", "categoryId": True}, "categoryId"),
        ({"name": "Rex", "categoryId": 1, "status": "adopted"}, "status"),
    ],
)
def test_new_pet_validation_names_the_field(data: dict[str, object], field: str) -> None:
    with pytest.raises(ValidationError) as info:
        NewPet.model_validate(data)
    assert info.value.errors()[0]["loc"][0] == field


def test_new_pet_accepts_any_script() -> None:
    for name in ["Zoë", "שלום", "🐶 Rex", "名前", "x" * NAME_MAX_LENGTH]:
        assert NewPet(name=name, category_id=INT64_MAX).name == name


def test_error_body() -> None:
    body = ErrorBody.model_validate({"code": "c", "message": "m", "status": 400, "extra": 1})
    assert (body.code, body.message, body.status) == ("c", "m", 400)
    with pytest.raises(ValidationError):
        ErrorBody.model_validate({"code": "c", "status": 400})


int64 = st.integers(min_value=-(2**63), max_value=2**63 - 1)
pet_payloads = st.fixed_dictionaries(
    {"id": int64, "name": st.text(max_size=50), "categoryId": int64},
    optional={"status": st.sampled_from(["available", "pending", "sold"]),
              "extra": st.text(max_size=5)},
)


@given(pet_payloads)
def test_any_valid_payload_round_trips(payload: dict[str, object]) -> None:
    pet = Pet.model_validate(payload)
    again = Pet.model_validate(json.loads(json.dumps(pet.to_wire())))
    assert again == pet


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                 max_size=4),
    max_leaves=10,
)


@given(json_values)
def test_arbitrary_json_is_either_a_pet_or_a_validation_error(value: object) -> None:
    with contextlib.suppress(ValidationError):
        Pet.model_validate(value)


# -- names that read as something they are not -----------------------


@pytest.mark.parametrize("ch", ["\u202e", "\u200b", "\u200d", "\u2066", "\ufeff", "\u00ad",
                                "\U000e0041"])
def test_new_pet_refuses_invisible_format_characters_with_a_specific_message(ch: str) -> None:
    with pytest.raises(ValidationError) as info:
        NewPet(name=f"Rex{ch}gnp.exe", category_id=1)
    [err] = info.value.errors()
    assert err["loc"] == ("name",)
    assert "invisible formatting characters" in err["msg"]
    assert f"U+{ord(ch):04X}" in err["msg"]


@pytest.mark.parametrize("ch", ["\x00", "\x1b", "\x7f", "\x85"])
def test_new_pet_refuses_control_characters_naming_them(ch: str) -> None:
    with pytest.raises(ValidationError) as info:
        NewPet(name=f"Re{ch}x", category_id=1)
    assert "control characters" in info.value.errors()[0]["msg"]


def test_a_name_with_both_kinds_is_reported_as_control_characters() -> None:
    with pytest.raises(ValidationError) as info:
        NewPet(name="R\u200be\tx", category_id=1)
    assert "control characters (found U+0009)" in info.value.errors()[0]["msg"]


def test_no_pydantic_plugin_is_loaded() -> None:
    """PetDesk turns pydantic's plugins off (they would see every pet validated)."""
    import os

    from pydantic.plugin._loader import get_plugins

    import petdesk.api  # noqa: F401 - sets the switch before its models are built

    assert os.environ["PYDANTIC_DISABLE_PLUGINS"] == "__all__"
    assert tuple(get_plugins()) == ()
