"""Hostile answers at the unit level: bounded bodies, the proxy rule, links and paging.

The same behaviours over real sockets are in tests/reliability/test_hostile_table.py.
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterator

import httpx
import pytest

from petdesk.api import (
    MAX_BODY_BYTES,
    REPEATED_PAGE_MESSAGE,
    BadRequestError,
    CancelToken,
    ContractError,
    NewPet,
    OutcomeUnknownError,
    PageTrail,
    PagingEnd,
    Pet,
    PetPage,
    RequestCancelled,
)
from petdesk.api.body import read_bounded
from petdesk.api.links import next_link
from petdesk.api.transport import PetDeskTransport, proxy_for
from tests.helpers.api_fakes import error, ok, pet_json
from tests.unit.api.conftest import BASE, MakeClient

# -- bounded bodies ------------------------------------------------------------------


class _Pieces(httpx.SyncByteStream):
    def __init__(self, pieces: Iterator[bytes]) -> None:
        self._pieces = pieces
        self.pulled = 0

    def __iter__(self) -> Iterator[bytes]:
        for piece in self._pieces:
            self.pulled += len(piece)
            yield piece


def _streamed(pieces: Iterator[bytes], headers: dict[str, str] | None = None
              ) -> tuple[httpx.Response, _Pieces]:
    stream = _Pieces(pieces)
    response = httpx.Response(200, headers=headers or {}, stream=stream,
                              request=httpx.Request("GET", f"{BASE}/pets"))
    return response, stream


def _forever(piece: bytes) -> Iterator[bytes]:
    while True:
        yield piece


def _never() -> None:
    return None


def test_an_endless_body_stops_at_the_cap_with_a_plain_message() -> None:
    response, stream = _streamed(_forever(b" " * 65536))
    with pytest.raises(ContractError, match="larger than PetDesk accepts"):
        read_bounded(response, _never)
    assert stream.pulled <= MAX_BODY_BYTES + 65536


def test_a_gzip_bomb_stops_at_the_cap_of_the_decoded_size() -> None:
    bomb = gzip.compress(bytes(64 * 1024 * 1024), 9)  # 64 MiB of zeros in ~64 KiB
    response, stream = _streamed(iter([bomb]), {"content-encoding": "gzip"})
    with pytest.raises(ContractError, match="larger than PetDesk accepts"):
        read_bounded(response, _never)
    assert stream.pulled == len(bomb)


@pytest.mark.parametrize("coding", ["gzip", "deflate", "raw-deflate", "identity"])
def test_compressed_bodies_under_the_cap_are_decoded(coding: str) -> None:
    body = json.dumps([pet_json(i) for i in range(100)]).encode()
    packed = {"gzip": gzip.compress(body), "deflate": zlib.compress(body),
              "raw-deflate": zlib.compress(body)[2:-4], "identity": body}[coding]
    header = {"raw-deflate": "deflate"}.get(coding, coding)
    response, _ = _streamed(iter([packed[:10], packed[10:]]), {"content-encoding": header,
                                                               "content-length": "1"})
    copy = read_bounded(response, _never)
    assert copy.content == body
    assert "content-encoding" not in copy.headers and copy.json()[0]["id"] == 0


@pytest.mark.parametrize("coding", ["br", "zstd", "gzip, gzip", "compress"])
def test_an_encoding_not_asked_for_is_refused_plainly(coding: str) -> None:
    response, _ = _streamed(iter([b"xx"]), {"content-encoding": coding})
    with pytest.raises(ContractError, match="compressed in a way"):
        read_bounded(response, _never)


def test_corrupt_gzip_is_a_contract_error() -> None:
    response, _ = _streamed(iter([b"\x1f\x8b\x08\x00garbage"]), {"content-encoding": "gzip"})
    with pytest.raises(ContractError, match="could not be unpacked"):
        read_bounded(response, _never)


def test_the_check_runs_between_chunks_so_a_cancel_stops_the_read() -> None:
    token = CancelToken()
    response, stream = _streamed(_forever(b"x" * 10))

    def check() -> None:
        if stream.pulled >= 100:
            token.cancel()
        token.raise_if_cancelled()

    with pytest.raises(RequestCancelled):
        read_bounded(response, check)
    assert stream.pulled == 100


def test_a_post_whose_answer_is_too_large_is_outcome_unknown() -> None:
    from petdesk.api import PetStoreClient

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(201, stream=_Pieces(_forever(b" " * 65536)))

    client = PetStoreClient(BASE, "k-123", transport=httpx.MockTransport(handler))
    with pytest.raises(OutcomeUnknownError):
        client.create_pet(NewPet(name="Rex", category_id=1))
    client.close()


# -- proxies ----------------------------------------------------------------------------


@pytest.fixture
def proxied(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy",
                 "all_proxy"):
        monkeypatch.setenv(name, "http://proxy.corp.example:3128")
    for name in ("NO_PROXY", "no_proxy"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("url", ["http://127.0.0.1:8765/v1", "http://localhost/v1",
                                 "http://[::1]:80/v1", "https://127.0.0.2/v1",
                                 "https://localhost/v1"])
@pytest.mark.usefixtures("proxied")
def test_a_service_on_this_computer_never_goes_through_a_proxy(url: str) -> None:
    assert proxy_for(httpx.URL(url)) is None


@pytest.mark.usefixtures("proxied")
def test_an_https_service_goes_through_the_systems_https_proxy() -> None:
    assert proxy_for(httpx.URL("https://pets.example/v1")) == "http://proxy.corp.example:3128"


def test_a_proxy_without_a_scheme_is_an_http_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("HTTPS_PROXY", "https_proxy"):
        monkeypatch.setenv(name, "proxy.corp.example:3128")
    for name in ("NO_PROXY", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
    assert proxy_for(httpx.URL("https://pets.example/v1")) == "http://proxy.corp.example:3128"


@pytest.mark.parametrize("proxy", ["http://[::1", "http://", "socks5://proxy:1080"])
def test_a_proxy_petdesk_cannot_use_fails_each_request_plainly(proxy: str) -> None:
    import ssl

    transport = PetDeskTransport(ssl.create_default_context(), proxy)
    with pytest.raises(httpx.ProxyError):
        transport.handle_request(httpx.Request("GET", "https://pets.example/v1/pets"))
    transport.close()


@pytest.mark.usefixtures("proxied")
def test_no_proxy_exempts_a_host(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_PROXY", "pets.example")
    monkeypatch.setenv("no_proxy", "pets.example")
    assert proxy_for(httpx.URL("https://pets.example/v1")) is None
    assert proxy_for(httpx.URL("https://other.example/v1")) is not None


def test_a_proxy_failure_says_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    from petdesk.api import NetworkError, PetStoreClient

    monkeypatch.setenv("HTTPS_PROXY", "socks5://proxy:1080")
    monkeypatch.setenv("https_proxy", "socks5://proxy:1080")
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    client = PetStoreClient("https://pets.example/v1", "k-123")
    with pytest.raises(NetworkError, match="proxy"):
        client.list_pets()
    client.close()


# -- links, invalid hosts, paging ------------------------------------------------------


def test_a_one_megabyte_link_header_is_read() -> None:
    """Read with httpx's own parser; how fast, against hostile servers, is measured by
    tests/reliability/measure_hostile.py."""
    items = ", ".join(f'<{BASE}/pets?c={i:08d}>; rel="item"' for i in range(20_000))
    header = items[:1_000_000] + f', <{BASE}/pets?c=next>; rel="next"'
    evil = "<a>;" + " " * 1_000_000 + "x"  # quadratic for the old regular expression
    request = httpx.Request("GET", f"{BASE}/pets")
    for value, expected in ((header, f"{BASE}/pets?c=next"), (evil, None)):
        response = httpx.Response(200, headers={"link": value}, request=request)
        assert next_link(response) == expected


@pytest.mark.parametrize("value", ['<x>; rel="next prev"', '<x>; REL=NEXT', "<x>; rel=next"])
def test_rel_next_is_found_in_a_list_of_relations(value: str) -> None:
    response = httpx.Response(200, headers={"link": value},
                              request=httpx.Request("GET", BASE))
    assert next_link(response) == "x"


@pytest.mark.parametrize("host", ["xn--a.example", "xn--zz-.example", "XN--ABC.example"])
def test_an_invalid_international_host_in_a_next_link_keeps_the_page(
        make_client: MakeClient, host: str) -> None:
    client, _ = make_client(lambda r: ok([pet_json()], headers={
        "link": f'<https://{host}/v1/pets?c=2>; rel="next"'}))
    page = client.list_pets_page()
    assert len(page.pets) == 1 and page.next_url is None


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_an_invalid_international_host_in_a_location_is_a_pet_store_error(
        make_client: MakeClient, method: str) -> None:
    client, _ = make_client(lambda r: httpx.Response(
        307, headers={"location": "https://xn--a.example/v1/pets"}))
    if method == "GET":
        with pytest.raises(ContractError):
            client.list_pets()
    else:
        with pytest.raises(OutcomeUnknownError):
            client.create_pet(NewPet(name="Rex", category_id=1))


def test_fetch_page_refuses_an_invalid_address_plainly(make_client: MakeClient) -> None:
    from petdesk.api import InvalidArgumentError

    client, _ = make_client(lambda r: ok([]))
    for bad in ("https://xn--a.example/v1/pets", "http://[::1", "not a url"):
        with pytest.raises(InvalidArgumentError):
            client.fetch_page(bad)


def _pet(pet_id: int, name: str = "Rex") -> Pet:
    return Pet.model_validate(pet_json(pet_id, name))


def test_a_page_trail_merges_rows_by_id_and_stops_on_a_repeated_page() -> None:
    trail = PageTrail()
    first = trail.add(PetPage([_pet(1), _pet(2)], f"{BASE}/pets?c=2", f"{BASE}/pets"))
    assert [p.id for p in first.new] == [1, 2] and first.end is None
    assert trail.next_url == f"{BASE}/pets?c=2"
    second = trail.add(PetPage([_pet(2, "Mia"), _pet(3)], f"{BASE}/pets", trail.next_url))
    assert [p.id for p in second.new] == [3]
    assert second.updated == [(1, _pet(2, "Mia"))]
    assert second.end is PagingEnd.REPEATED and second.message == REPEATED_PAGE_MESSAGE
    assert trail.next_url is None
    assert [(p.id, p.name) for p in trail.pets] == [(1, "Rex"), (2, "Mia"), (3, "Rex")]


def test_iter_pages_ends_on_a_link_back_to_an_earlier_page(make_client: MakeClient) -> None:
    def respond(request: httpx.Request) -> httpx.Response:
        page = request.url.params.get("c", "1")
        following = {"1": "2", "2": "3", "3": "2"}[page]  # 3 links back to 2
        return ok([pet_json(int(page))],
                  headers={"link": f'<{BASE}/pets?limit=1&c={following}>; rel="next"'})

    client, rec = make_client(respond)
    pages = list(client.iter_pages(limit=1))
    assert [p.pets[0].id for p in pages] == [1, 2, 3]
    assert pages[-1].end is PagingEnd.REPEATED
    assert rec.count == 3


def test_iter_pages_marks_the_natural_last_page(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: ok([pet_json()]))
    [page] = client.iter_pages()
    assert page.end is PagingEnd.LAST_PAGE


# -- server text --------------------------------------------------------------------------


def test_markup_in_a_400_message_stays_out_of_the_sentence(make_client: MakeClient) -> None:
    html = '<b>bad</b> <a href="https://x.example">x</a>'
    client, _ = make_client(lambda r: error(400, "bad_request", html))
    with pytest.raises(BadRequestError) as info:
        client.create_pet(NewPet(name="Rex", category_id=1))
    assert str(info.value) == BadRequestError.user_message
    assert info.value.server_message == html


def test_a_plain_400_message_is_still_part_of_the_sentence(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: error(400, "bad_request", "name must not be blank"))
    with pytest.raises(BadRequestError, match="did not accept this: name must not be blank"):
        client.create_pet(NewPet(name="Rex", category_id=1))


# -- the watchdog behind the per-attempt deadline ----------------------------------------


def test_the_watchdog_fires_once_when_armed_and_not_when_disarmed() -> None:
    import threading

    from petdesk.api.watchdog import Watchdog

    fired = threading.Event()
    dog = Watchdog(fired.set)
    dog.arm(0.01)
    assert fired.wait(5.0)
    assert dog.disarm() is True
    fired.clear()
    dog.arm(60.0)
    assert dog.disarm() is False
    assert not fired.is_set()
    dog.close()
    assert not any(t.name == "petdesk-deadline" and t.is_alive() for t in threading.enumerate())
