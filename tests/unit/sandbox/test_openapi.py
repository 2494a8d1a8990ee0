"""resources/openapi.yaml says what the sandbox does (spec sections 4, 8 and 9)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest
import yaml

from tests.helpers.sandbox_server import RunningSandbox
from tests.unit.sandbox.conftest import SandboxFactory, open_client

OPENAPI = Path(__file__).resolve().parents[3] / "resources" / "openapi.yaml"
RATE_HEADERS = {"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"}


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(OPENAPI.read_text(encoding="utf-8"))
    return data


def _resolve(doc: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        target: Any = doc
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def _schema(doc: dict[str, Any], name: str) -> dict[str, Any]:
    """A component schema with its refs resolvable (for jsonschema)."""
    return {"$ref": f"#/components/schemas/{name}", "components": doc["components"]}


def test_info_servers_security(doc: dict[str, Any]) -> None:
    assert doc["openapi"].startswith("3.")
    assert doc["info"]["version"] == "1.0.0"
    urls = [s["url"] for s in doc["servers"]]
    assert len(urls) == 3
    assert all(u.endswith("/v1") for u in urls)
    assert urls[2] == "http://127.0.0.1:8765/v1"
    assert doc["components"]["securitySchemes"]["bearerAuth"] == {
        "type": "http",
        "scheme": "bearer",
        "description": doc["components"]["securitySchemes"]["bearerAuth"]["description"],
    }
    assert doc["security"] == [{"bearerAuth": []}]


def test_operations(doc: dict[str, Any]) -> None:
    ops = {(path, method): op for path, item in doc["paths"].items() for method, op in item.items()}
    assert {(p, m): op["operationId"] for (p, m), op in ops.items()} == {
        ("/pets", "get"): "listPets",
        ("/pets", "post"): "createPet",
        ("/pets/{petId}", "get"): "getPet",
        ("/store/orders", "get"): "listOrders",
    }
    assert ops[("/pets/{petId}", "get")]["deprecated"] is True
    assert not any(op.get("deprecated") for key, op in ops.items() if key[0] != "/pets/{petId}")
    expected_statuses = {
        "listPets": {"200", "400", "401", "429"},
        "createPet": {"201", "400", "401", "429"},
        "getPet": {"200", "400", "401", "404", "429"},
        "listOrders": {"200", "401", "429"},
    }
    for op in ops.values():
        assert set(op["responses"]) == expected_statuses[op["operationId"]]
        for status, response in op["responses"].items():
            headers = _resolve(doc, response)["headers"]
            assert set(headers) >= RATE_HEADERS, (op["operationId"], status)
            if status == "429":
                assert _resolve(doc, headers["Retry-After"])["required"] is True
            if op["operationId"] == "getPet":
                assert {"Deprecation", "Sunset"} <= set(headers)
    assert "Link" in ops[("/pets", "get")]["responses"]["200"]["headers"]
    params = {p["name"]: p for p in ops[("/pets", "get")]["parameters"]}
    assert params["limit"]["schema"] == {
        "type": "integer",
        "format": "int32",
        "minimum": 1,
        "maximum": 100,
        "default": 20,
    }
    assert params["status"]["schema"] == {"$ref": "#/components/schemas/PetStatus"}


def test_schemas(doc: dict[str, Any]) -> None:
    schemas = doc["components"]["schemas"]
    assert schemas["PetStatus"]["enum"] == ["available", "pending", "sold"]
    assert schemas["Pet"]["required"] == ["id", "name", "categoryId"]
    assert schemas["NewPet"]["required"] == ["name", "categoryId"]
    assert "id" not in schemas["NewPet"]["properties"]
    assert schemas["Error"]["required"] == ["code", "message", "status"]
    assert schemas["Pets"]["items"] == {"$ref": "#/components/schemas/Pet"}


def test_real_answers_validate_against_the_schemas(
    doc: dict[str, Any], sandbox: RunningSandbox, client: httpx.Client
) -> None:
    pets = client.get("/pets", params={"limit": 100}).json()
    jsonschema.validate(pets, _schema(doc, "Pets"))
    created = client.post("/pets", json={"name": "Schema", "categoryId": 1}).json()
    jsonschema.validate(created, _schema(doc, "Pet"))
    for response in (client.get("/pets/0"), client.post("/pets", json={}), client.get("/pets/x")):
        jsonschema.validate(response.json(), _schema(doc, "Error"))


def test_name_pattern_matches_the_servers_notion_of_blank(doc: dict[str, Any]) -> None:
    from petdesk.sandbox.wire import NAME_WHITESPACE

    pattern = re.compile(doc["components"]["schemas"]["NewPet"]["properties"]["name"]["pattern"])
    for ch in NAME_WHITESPACE:
        assert not pattern.search(ch * 3), repr(ch)
    for name in ("Rex", " a ", "\x00", "\x1c", "名"):
        assert pattern.search(name), repr(name)
    # every character U+0000..U+FFFF: blank for the server <=> no pattern match
    for code in range(0x10000):
        ch = chr(code)
        if 0xD800 <= code <= 0xDFFF:
            continue
        assert (ch.strip(NAME_WHITESPACE) == "") == (pattern.search(ch) is None), hex(code)


@pytest.mark.parametrize("fmt", ["seconds", "http-date"])
def test_header_values_match_their_documented_patterns(
    doc: dict[str, Any], make_sandbox: SandboxFactory, fmt: str
) -> None:
    headers = doc["components"]["headers"]
    sandbox = make_sandbox(requests_per_window=1, retry_after_format=fmt)
    with open_client(sandbox) as c:
        ok = c.get("/pets/1")
        limited = c.get("/pets/1")
    assert limited.status_code == 429
    assert re.search(headers["Retry-After"]["schema"]["pattern"], limited.headers["retry-after"])
    assert re.search(headers["Deprecation"]["schema"]["pattern"], ok.headers["deprecation"])
    assert ok.headers["sunset"] in headers["Sunset"]["schema"]["enum"]
    cursor = doc["paths"]["/pets"]["get"]["parameters"][2]["schema"]["pattern"]
    with open_client(sandbox, key=sandbox.api_keys[1]) as c:
        link = c.get("/pets").links["next"]["url"]
    assert re.search(cursor, link.rsplit("cursor=", 1)[1])
