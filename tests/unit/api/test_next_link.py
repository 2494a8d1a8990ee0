"""Next-page links: the cheap path for plain links under the service address gives the
same answer as full URL parsing, and anything that parsing could move out of the
service still goes through it (figure 7 of the benchmarks made the cheap path)."""

from __future__ import annotations

import httpx
import pytest

from tests.helpers.api_fakes import ok, pet_json
from tests.unit.api.conftest import BASE, MakeClient


@pytest.mark.parametrize("link", [
    f"{BASE}/pets?limit=100&cursor=AAAAAAAAAGQ",
    f"{BASE}/pets?limit=20&status=sold&cursor=AAAAAAAAAAE",
    "/v1/pets?limit=1&cursor=b",
    f"{BASE}/pets/../pets?cursor=a",
    f"{BASE}/pets?cursor=%41",
])
def test_a_next_link_under_the_service_is_kept_as_parsing_would(make_client: MakeClient,
                                                                   link: str) -> None:
    client, _ = make_client(lambda r: ok([pet_json()], headers={"link": f'<{link}>; rel="next"'}))
    expected = str(httpx.URL(f"{BASE}/pets").join(link))
    assert client.list_pets_page().next_url == expected


@pytest.mark.parametrize("link", [
    f"{BASE}/../other/pets?cursor=a",
    f"{BASE}/%2e%2e/other/pets",
    f"{BASE}/./../x",
    "https://pets.example.test/v2/pets?cursor=a",
    "https://pets.example.test.evil.example/v1/pets",
])
def test_a_next_link_that_leaves_the_service_is_ignored(make_client: MakeClient,
                                                        link: str) -> None:
    client, _ = make_client(lambda r: ok([pet_json()], headers={"link": f'<{link}>; rel="next"'}))
    next_url = client.list_pets_page().next_url
    if next_url is not None:  # parsing may normalise it back under /v1: then it is ours
        assert next_url.startswith(f"{BASE}/") and "/../" not in next_url
