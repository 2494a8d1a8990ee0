"""The three operations of spec section 4, the orders listing, errors of section 7,
paging, and the headers every response carries: real HTTP over loopback."""

from __future__ import annotations

import json
from email.utils import parsedate_to_datetime

import httpx
import pytest

from tests.helpers.sandbox_server import RunningSandbox
from tests.helpers.sandbox_store import every_pet
from tests.unit.sandbox.conftest import (
    API_KEY,
    T0,
    SandboxFactory,
    assert_error,
    assert_rate_headers,
    open_client,
)

# -- listPets -------------------------------------------------------------------------------


def test_list_default_limit_is_20_in_id_order(client: httpx.Client) -> None:
    r = client.get("/pets")
    assert r.status_code == 200
    assert r.headers["content-type"] == "application/json"
    pets = r.json()
    assert [p["id"] for p in pets] == list(range(1, 21))
    for pet in pets:
        assert set(pet) <= {"id", "name", "categoryId", "status"}
        assert {"id", "name", "categoryId"} <= set(pet)


@pytest.mark.parametrize("limit", [1, 2, 57, 99, 100])
def test_limit_within_bounds(client: httpx.Client, limit: int) -> None:
    r = client.get("/pets", params={"limit": limit})
    assert r.status_code == 200
    assert len(r.json()) == limit


@pytest.mark.parametrize("limit", ["0", "101", "-1", "1000000", "abc", "1.5", "", "1e2", " 5", "٥"])
def test_limit_out_of_range_or_not_an_integer_is_400(client: httpx.Client, limit: str) -> None:
    assert_error(client.get("/pets", params={"limit": limit}), 400, "invalid_value", "limit")


def test_repeated_query_parameter_is_400(client: httpx.Client) -> None:
    assert_error(client.get("/pets?limit=5&limit=6"), 400, "invalid_value", "limit")


@pytest.mark.parametrize("status", ["available", "pending", "sold"])
def test_status_filter_pages_through_exactly_the_matching_pets(
    sandbox: RunningSandbox, client: httpx.Client, status: str
) -> None:
    expected = [p.id for p in every_pet(sandbox.store) if p.status == status]
    seen: list[int] = []
    url: str | None = f"/pets?status={status}&limit=50"
    while url is not None:
        r = client.get(url)
        assert r.status_code == 200
        page = r.json()
        assert all(p["status"] == status for p in page)
        seen += [p["id"] for p in page]
        nxt = r.links.get("next")
        url = nxt["url"] if nxt else None
        if url is not None:
            assert f"status={status}" in url
    assert seen == expected


@pytest.mark.parametrize("status", ["lost", "", "AVAILABLE", "sold,pending"])
def test_unknown_status_is_400(client: httpx.Client, status: str) -> None:
    assert_error(client.get("/pets", params={"status": status}), 400, "invalid_value", "status")


def test_paging_via_link_next_visits_every_pet_once(
    sandbox: RunningSandbox, client: httpx.Client
) -> None:
    ids: list[int] = []
    url: str | None = "/pets?limit=7"
    pages = 0
    while url is not None:
        r = client.get(url)
        assert r.status_code == 200
        ids += [p["id"] for p in r.json()]
        pages += 1
        link = r.links.get("next")
        if link is None:
            url = None
            assert 'rel="next"' not in r.headers.get("link", "")
        else:
            url = link["url"]
            assert url.startswith(sandbox.base_url + "/pets?")
            assert "limit=7" in url
            assert "cursor=" in url
    assert ids == list(range(1, 301))
    assert pages == 43  # 42 full pages of 7 and one of 6


def test_link_header_is_rfc8288(client: httpx.Client, sandbox: RunningSandbox) -> None:
    r = client.get("/pets", params={"limit": 3})
    assert r.headers["link"] == f'<{sandbox.base_url}/pets?limit=3&cursor=AAAAAAAAAAM>; rel="next"'


def test_default_limit_is_written_into_the_next_link(client: httpx.Client) -> None:
    r = client.get("/pets")
    assert "limit=20" in r.links["next"]["url"]


def test_pets_added_while_paging_appear_at_the_end(client: httpx.Client) -> None:
    r = client.get("/pets", params={"limit": 100})
    client.post("/pets", json={"name": "Latecomer", "categoryId": 2})
    ids = [p["id"] for p in r.json()]
    url: str | None = r.links["next"]["url"]
    while url is not None:
        r = client.get(url)
        ids += [p["id"] for p in r.json()]
        url = r.links["next"]["url"] if "next" in r.links else None
    assert ids == list(range(1, 302))


@pytest.mark.parametrize(
    "cursor", ["", "abc", "AAAAAAAAAA", "AAAAAAAAAAAA", "AAAAAAAAA+M", "!!!!!!!!!!!"]
)
def test_invalid_cursor_is_400(client: httpx.Client, cursor: str) -> None:
    assert_error(client.get("/pets", params={"cursor": cursor}), 400, "invalid_value", "cursor")


def test_cursor_past_the_end_gives_an_empty_last_page(client: httpx.Client) -> None:
    r = client.get("/pets", params={"cursor": "__________8"})
    assert r.status_code == 200
    assert r.json() == []
    assert "link" not in r.headers


def test_unknown_query_parameters_are_ignored(client: httpx.Client) -> None:
    r = client.get("/pets", params={"limit": 2, "offset": 50, "sort": "name"})
    assert [p["id"] for p in r.json()] == [1, 2]


def test_pets_without_status_have_no_status_member(
    sandbox: RunningSandbox, client: httpx.Client
) -> None:
    no_status = [p.id for p in every_pet(sandbox.store) if p.status is None]
    assert no_status
    r = client.get(f"/pets/{no_status[0]}")
    assert "status" not in r.json()


# -- createPet ------------------------------------------------------------------------------


def test_create_returns_201_pet_and_location(sandbox: RunningSandbox, client: httpx.Client) -> None:
    r = client.post("/pets", json={"name": "  Biscuit \n", "categoryId": 1, "status": "available"})
    assert r.status_code == 201
    assert r.json() == {"id": 301, "name": "Biscuit", "categoryId": 1, "status": "available"}
    assert r.headers["location"] == f"{sandbox.base_url}/pets/301"
    assert client.get(r.headers["location"]).json() == r.json()
    r2 = client.post("/pets", json={"name": "Second", "categoryId": 9_000_000_000})
    assert r2.json() == {"id": 302, "name": "Second", "categoryId": 9_000_000_000}


def test_create_ignores_unknown_members_and_id(client: httpx.Client) -> None:
    r = client.post("/pets", json={"id": 7, "name": "Extra", "categoryId": 4, "colour": "red"})
    assert r.status_code == 201
    assert r.json() == {"id": 301, "name": "Extra", "categoryId": 4}


def test_create_accepts_name_of_100_characters_and_charset_parameter(client: httpx.Client) -> None:
    name = "N" * 100
    r = client.post(
        "/pets",
        content=json.dumps({"name": name, "categoryId": 2**63 - 1}),
        headers={"Content-Type": "application/json; charset=utf-8"},
    )
    assert r.status_code == 201
    assert r.json()["name"] == name


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({}, "missing_field", "name"),
        ({"categoryId": 1}, "missing_field", "name"),
        ({"name": "Rex"}, "missing_field", "categoryId"),
        ({"name": "Rex", "status": "sold"}, "missing_field", "categoryId"),
        ({"name": "", "categoryId": 1}, "invalid_value", "name"),
        ({"name": "   \t", "categoryId": 1}, "invalid_value", "name"),
        ({"name": "\u3000\u00a0", "categoryId": 1}, "invalid_value", "name"),
        ({"name": "x" * 101, "categoryId": 1}, "invalid_value", "name"),
        ({"name": 5, "categoryId": 1}, "invalid_value", "name"),
        ({"name": None, "categoryId": 1}, "invalid_value", "name"),
        ({"name": ["Rex"], "categoryId": 1}, "invalid_value", "name"),
        ({"name": "Rex", "categoryId": True}, "invalid_value", "categoryId"),
        ({"name": "Rex", "categoryId": 1.0}, "invalid_value", "categoryId"),
        ({"name": "Rex", "categoryId": 1.5}, "invalid_value", "categoryId"),
        ({"name": "Rex", "categoryId": "1"}, "invalid_value", "categoryId"),
        ({"name": "Rex", "categoryId": None}, "invalid_value", "categoryId"),
        ({"name": "Rex", "categoryId": 0}, "invalid_value", "categoryId"),
        ({"name": "Rex", "categoryId": -3}, "invalid_value", "categoryId"),
        ({"name": "Rex", "categoryId": 2**63}, "invalid_value", "categoryId"),
        ({"name": "Rex", "categoryId": 1, "status": "lost"}, "invalid_value", "status"),
        ({"name": "Rex", "categoryId": 1, "status": None}, "invalid_value", "status"),
        ({"name": "Rex", "categoryId": 1, "status": 1}, "invalid_value", "status"),
        ({"name": "Rex", "categoryId": 1, "status": ["sold"]}, "invalid_value", "status"),
        ({"name": "", "categoryId": "x", "status": "x"}, "invalid_value", "name"),
    ],
)
def test_create_validation_errors_name_the_field(
    sandbox: RunningSandbox, client: httpx.Client, body: dict[str, object], code: str, field: str
) -> None:
    assert_error(client.post("/pets", json=body), 400, code, field)
    assert sandbox.store.count() == 300


@pytest.mark.parametrize(
    ("content", "content_type", "code"),
    [
        (b"", "application/json", "invalid_json"),
        (b'{"name": "Rex", "categoryId": ', "application/json", "invalid_json"),
        (b"[]", "application/json", "invalid_json"),
        (b'"Rex"', "application/json", "invalid_json"),
        (b"null", "application/json", "invalid_json"),
        (b'{"name": "Rex", "categoryId": NaN}', "application/json", "invalid_json"),
        (b'{"name": "R\xff", "categoryId": 1}', "application/json", "invalid_json"),
        (b"[" * 100_00 + b"]" * 100_00, "application/json", "invalid_json"),
        (b'{"name": "Rex", "categoryId": 1}', "text/plain", "invalid_content_type"),
        (
            b'{"name": "Rex", "categoryId": 1}',
            "application/x-www-form-urlencoded",
            "invalid_content_type",
        ),
        (b'{"name": "Rex", "categoryId": 1}', None, "invalid_content_type"),
        (b'{"name": "' + b"x" * 70_000 + b'"}', "application/json", "body_too_large"),
    ],
)
def test_create_rejects_bad_bodies(
    client: httpx.Client, content: bytes, content_type: str | None, code: str
) -> None:
    headers = {"Content-Type": content_type} if content_type else {}
    r = client.post("/pets", content=content, headers=headers)
    assert_error(r, 400, code)


def test_create_with_chunked_body(client: httpx.Client) -> None:
    def chunks():  # type: ignore[no-untyped-def]
        yield b'{"name": "Chun'
        yield b'ky", "categoryId": 6}'

    r = client.post("/pets", content=chunks(), headers={"Content-Type": "application/json"})
    assert r.status_code == 201
    assert r.json()["name"] == "Chunky"


# -- getPet ---------------------------------------------------------------------------------


def test_get_pet_has_deprecation_and_sunset(client: httpx.Client) -> None:
    r = client.get("/pets/42")
    assert r.status_code == 200
    assert r.json()["id"] == 42
    assert r.headers["deprecation"] == "@1767225600"
    assert r.headers["sunset"] == "Thu, 05 Dec 2030 00:00:00 GMT"
    assert parsedate_to_datetime(r.headers["sunset"]).timestamp() == 1922659200


@pytest.mark.parametrize("pet_id", ["301", "999999", "0", "-1", str(2**63), "9" * 30, "000"])
def test_get_unknown_or_out_of_range_id_is_404(client: httpx.Client, pet_id: str) -> None:
    r = client.get(f"/pets/{pet_id}")
    assert_error(r, 404, "not_found")
    assert r.headers["deprecation"] == "@1767225600"
    assert r.headers["sunset"] == "Thu, 05 Dec 2030 00:00:00 GMT"


@pytest.mark.parametrize("pet_id", ["abc", "1.5", "1e3", "%20", "0x10", "+1"])
def test_get_non_integer_id_is_400(client: httpx.Client, pet_id: str) -> None:
    assert_error(client.get(f"/pets/{pet_id}"), 400, "invalid_value", "petId")


def test_get_pet_leading_zeros_are_the_same_id(client: httpx.Client) -> None:
    assert client.get("/pets/007").json()["id"] == 7


# -- orders, unknown paths, methods ---------------------------------------------------------


def test_store_orders_is_an_empty_list(client: httpx.Client) -> None:
    r = client.get("/store/orders")
    assert r.status_code == 200
    assert r.json() == []
    assert_rate_headers(r)


@pytest.mark.parametrize(
    "path", ["/v1/pet", "/v1/pets/", "/v1/pets/1/photos", "/pets", "/", "/v2/pets"]
)
def test_unknown_path_is_404(sandbox: RunningSandbox, path: str) -> None:
    origin = sandbox.base_url.removesuffix("/v1")
    with open_client(sandbox) as c:
        assert_error(c.get(origin + path), 404, "not_found")


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("DELETE", "/pets", "GET, POST"),
        ("PUT", "/pets", "GET, POST"),
        ("PATCH", "/pets/1", "GET"),
        ("DELETE", "/pets/1", "GET"),
        ("POST", "/pets/1", "GET"),
        ("POST", "/store/orders", "GET"),
        ("OPTIONS", "/pets", "GET, POST"),
        ("HEAD", "/pets", "GET, POST"),
    ],
)
def test_wrong_method_is_405_with_allow(
    client: httpx.Client, method: str, path: str, allow: str
) -> None:
    r = client.request(method, path)
    assert r.status_code == 405
    assert r.headers["allow"] == allow
    if method != "HEAD":
        assert_error(r, 405, "method_not_allowed")
    assert_rate_headers(r)


# -- authentication (spec 5, section 7 row 401) ---------------------------------------------


@pytest.mark.parametrize(
    "authorization",
    [None, "", "Bearer", "Bearer wrong-key", f"Basic {API_KEY}", API_KEY, f"Bearer {API_KEY}x"],
)
@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/pets"),
        ("POST", "/pets"),
        ("GET", "/pets/1"),
        ("GET", "/store/orders"),
        ("GET", "/nowhere"),
    ],
)
def test_missing_or_invalid_key_is_401_everywhere(
    sandbox: RunningSandbox, authorization: str | None, method: str, path: str
) -> None:
    headers = {} if authorization is None else {"Authorization": authorization}
    with open_client(sandbox, key=None) as c:
        r = c.request(method, path, headers=headers, json={"name": "Rex", "categoryId": 1})
    assert_error(r, 401, "unauthorized")
    assert r.headers["www-authenticate"].startswith('Bearer realm="petstore"')
    assert_rate_headers(r)
    assert API_KEY not in r.text
    assert all(API_KEY not in v for v in r.headers.values())
    assert sandbox.store.count() == 300


def test_invalid_key_challenge_says_invalid_token(sandbox: RunningSandbox) -> None:
    with open_client(sandbox, key="not-a-key") as c:
        r = c.get("/pets")
    assert r.headers["www-authenticate"] == 'Bearer realm="petstore", error="invalid_token"'
    assert "not-a-key" not in r.text
    with open_client(sandbox, key=None) as c:
        assert c.get("/pets").headers["www-authenticate"] == 'Bearer realm="petstore"'


def test_scheme_is_case_insensitive(sandbox: RunningSandbox) -> None:
    with open_client(sandbox, key=None) as c:
        r = c.get("/pets", headers={"Authorization": f"bearer {API_KEY}"})
    assert r.status_code == 200


def test_every_configured_key_is_accepted(make_sandbox: SandboxFactory) -> None:
    sandbox = make_sandbox(api_keys=("k-one", "k-two"))
    for key in ("k-one", "k-two"):
        with open_client(sandbox, key=key) as c:
            assert c.get("/pets").status_code == 200


# -- headers on every response --------------------------------------------------------------


def test_every_response_has_date_and_rate_limit_headers(make_sandbox: SandboxFactory) -> None:
    sandbox = make_sandbox(requests_per_window=12, window_seconds=60)
    responses: list[httpx.Response] = []
    with open_client(sandbox) as c:
        responses.append(c.get("/pets"))  # 200
        responses.append(c.post("/pets", json={"name": "A", "categoryId": 1}))  # 201
        responses.append(c.post("/pets", json={}))  # 400
        responses.append(c.get("/pets/999"))  # 404
        responses.append(c.get("/pets/abc"))  # 400
        responses.append(c.delete("/pets"))  # 405
        responses.append(c.get("/store/orders"))  # 200
        while responses[-1].status_code != 429:
            responses.append(c.get("/pets/1"))
        responses.append(c.get("/pets"))  # 429 again
    with open_client(sandbox, key=None) as c:
        responses.append(c.get("/pets"))  # 401
    statuses = {r.status_code for r in responses}
    assert statuses == {200, 201, 400, 401, 404, 405, 429}
    for r in responses:
        assert_rate_headers(r)
        assert parsedate_to_datetime(r.headers["date"]).timestamp() == T0
        assert r.headers["cache-control"] == "no-store"
        if r.status_code >= 400:
            assert r.json()["status"] == r.status_code


def test_keep_alive_connection_is_reused(sandbox: RunningSandbox) -> None:
    with open_client(sandbox) as c:
        for _ in range(20):
            r = c.get("/pets", params={"limit": 1})
            assert r.status_code == 200
            assert r.http_version == "HTTP/1.1"
            assert r.headers.get("connection") != "close"
