"""Bad input, Qt-free: hypothesis on response parsing and on NewPet.

* Any status, any headers, any body (JSON of any shape, or raw bytes) through
  ``httpx.MockTransport``: every operation ends in a result or a
  :class:`PetStoreError` whose ``str()`` is a plain sentence — never another
  exception.
* Any name and category id (unicode, right-to-left, emoji, 10 kB, blanks,
  numbers beyond int64, negatives, floats, leading zeros, numeric strings,
  booleans): ``NewPet`` is either valid and within the contract, or refused with
  a ``ValidationError`` that names the field.
"""

from __future__ import annotations

import json
import string
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from petdesk.api import (
    INT64_MAX,
    NAME_MAX_LENGTH,
    NewPet,
    PetStoreClient,
    PetStoreError,
    RequestPolicy,
)
from tests.helpers.api_fakes import FakeClock
from tests.reliability.conftest import KEY
from tests.reliability.test_fault_matrix_client import assert_plain_sentence

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
#: No retries, so one example is one request; a fake clock, so no wait is real.
POLICY = RequestPolicy(max_retries=0)
BASE = "https://pets.example.test/v1"

# -- responses -------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner,
                                                                max_size=5),
    max_leaves=25,
)
# Values close to what a Pet looks like, so parsing gets past the first check.
pet_like = st.fixed_dictionaries(
    {"id": st.integers() | st.text(max_size=5), "name": st.text(max_size=20) | st.integers(),
     "categoryId": st.integers() | st.floats() | st.none()},
    optional={"status": st.text(max_size=10) | st.sampled_from(["available", "sold"]),
              "extra": json_values},
)
json_bodies = st.one_of(json_values, pet_like, st.lists(pet_like, max_size=4),
                        st.fixed_dictionaries({"code": json_values, "message": json_values,
                                               "status": json_values}))
raw_bodies = st.one_of(
    json_bodies.map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=200),
    st.sampled_from([b"", b"<html><body>Login</body></html>", b"[", b'{"id": 1',
                     b"[" * 100_000, b'{"a":' * 100_000, b"\xff\xfe\x00", b"null", b"NaN",
                     b'[{"id": 1e400, "name": "x", "categoryId": 1}]']),
)
header_text = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=255), max_size=60)
header_values = st.one_of(
    header_text,
    st.integers(-10**20, 10**20).map(str),
    st.sampled_from(["0", "-1", "1800000000", "1e9", "Wed, 21 Oct 2015 07:28:00 GMT",
                     "Fri, 31 Dec 9999 23:59:59 GMT", "<https://evil.example/v1/pets>; rel=next",
                     "</v1/pets?cursor=x>; rel=\"next\"", "@1767225600", "text/html",
                     "application/json", "/v1/pets", "https://evil.example/", "http://[::1"]),
)
header_names = st.sampled_from([
    "retry-after", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "date",
    "content-type", "link", "location", "deprecation", "sunset", "www-authenticate",
])
statuses = st.sampled_from([200, 201, 204, 301, 302, 303, 307, 308, 400, 401, 403, 404, 405,
                            409, 418, 422, 429, 500, 502, 503, 504]) | st.integers(200, 599)

OPERATIONS = {
    "list": lambda c: c.list_pets_page(limit=10),
    "get": lambda c: c.get_pet_detailed(7),
    "create": lambda c: c.create_pet(NewPet(name="Fuzz", category_id=1)),
}


@FUZZ
@given(op=st.sampled_from(sorted(OPERATIONS)), status=statuses, body=raw_bodies,
       headers=st.dictionaries(header_names, header_values, max_size=6))
@example(op="list", status=200, body=b"[" * 100_000, headers={})
@example(op="create", status=500, body=b'{"a":' * 100_000, headers={})
@example(op="get", status=302, body=b"", headers={"location": "http://[::1"})
def test_any_response_ends_in_a_result_or_a_petstore_error(
        op: str, status: int, body: bytes, headers: dict[str, str]) -> None:
    def respond(request: httpx.Request) -> httpx.Response:
        # As a server sends them: bytes (httpx reads header values as latin-1).
        raw = [(k.encode(), v.encode("latin-1")) for k, v in headers.items()]
        return httpx.Response(status, content=body, headers=raw)

    with PetStoreClient(BASE, KEY, transport=httpx.MockTransport(respond), clock=FakeClock(),
                        policy=POLICY) as client:
        try:
            OPERATIONS[op](client)
        except PetStoreError as exc:
            failure = exc
        else:
            return
    assert_plain_sentence(str(failure))
    assert KEY not in repr(failure) and KEY not in failure.details()


# -- NewPet ------------------------------------------------------------------------------------

RTL = "\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627"
names = st.one_of(
    st.text(max_size=150),
    st.text(alphabet=st.sampled_from(list(" \t\n\u00a0\u2003\u200b\u3000")), max_size=8),
    st.sampled_from(["Rex", RTL, "\u202eevil\u202c", "🐶🐱🦜", "👩‍👩‍👧‍👦 family", "x" * 10_240,
                     " " * 10_240, "Zoë", "ﷺ", "\u0000", "a\nb", "名前", "e\u0301"]),
    st.text(min_size=95, max_size=110),
)
category_ids = st.one_of(
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, -1, 1, INT64_MAX, INT64_MAX + 1, -(2**63), 2**64]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["7", "007", "+3", "-2", "1.0", "", " ", "١٢", "9" * 30, True, False, None]),
    st.text(alphabet=string.digits + " +-.e", max_size=25),
)


@FUZZ
@given(name=names, category=category_ids,
       status=st.sampled_from([None, "available", "pending", "sold", "lost", "", 3]))
def test_new_pet_is_valid_or_refused_naming_the_field(name: str, category: Any,
                                                       status: Any) -> None:
    data: dict[str, Any] = {"name": name, "categoryId": category}
    if status is not None:
        data["status"] = status
    try:
        pet = NewPet.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors()
    else:
        errors = []
    if errors:
        fields = {str(e["loc"][0]) for e in errors if e["loc"]}
        assert fields, errors
        assert fields <= {"name", "categoryId", "category_id", "status"}, fields
        assert all(e["msg"] for e in errors), errors
        return
    wire = pet.to_wire()
    assert wire["name"] == wire["name"].strip() and 1 <= len(wire["name"]) <= NAME_MAX_LENGTH
    assert type(wire["categoryId"]) is int and 1 <= wire["categoryId"] <= INT64_MAX
    assert wire.get("status") in (None, "available", "pending", "sold")
    assert json.loads(json.dumps(wire)) == wire  # what is sent is plain JSON


@pytest.mark.parametrize("name", [RTL, "🐶🐱🦜", "Zoë", "名前", "  padded  "])
def test_ordinary_unicode_names_are_accepted(name: str) -> None:
    assert NewPet(name=name, category_id=1).name == name.strip()
