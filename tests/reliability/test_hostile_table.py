"""The table of hostile servers, run through the client (and the sandbox's own row).

ONE table, :data:`ROWS`: each row is one thing a hostile server does, played
by a real server on 127.0.0.1 (:mod:`tests.reliability.hostile`, or the sandbox for
its row) against ``PetStoreClient``. The window-level halves of
the rows (quitting, plain-text message boxes, markers in the table) belong to the
UI's tests.

Time: the rows that are about time measure nothing. A deadline row's server sends each
byte well within the timeout but the whole body far beyond it; a Stop row gives the
client a long timeout and the call a much shorter guard (:data:`GUARD`). Memory: the
rows about huge bodies measure Python's peak allocation with ``tracemalloc`` while
the call runs; the figure for the whole process (RSS) is in
``tests/reliability/measure_hostile.py``.
"""

from __future__ import annotations

import http.client
import itertools
import json
import socket
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

import pytest
from pydantic import ValidationError

from petdesk.api import (
    BadRequestError,
    CancelToken,
    ContractError,
    NewPet,
    OutcomeUnknownError,
    PagingEnd,
    PetStoreClient,
    RequestCancelled,
    RequestPolicy,
    RequestTimeoutError,
)
from petdesk.core.text import display, has_hidden
from petdesk.sandbox.config import SandboxConfig
from tests.helpers.sandbox_server import start_server
from tests.reliability.conftest import KEY
from tests.reliability.hostile import (
    Hang,
    HostileServer,
    Reply,
    Seen,
    endless_chunked,
    error_reply,
    gzip_bomb,
    gzip_reply,
    huge_body,
    pet_json,
    trickle,
)

POLICY = RequestPolicy(max_retries=2, backoff_base=0.01, backoff_cap=0.02, min_wait=0.01,
                       poll_interval=0.01)
#: The memory one response may cost the client at most.
MEMORY_BOUND = 64 * 1024 * 1024
#: What the server may push into the socket before the client stops reading: the
#: client's cap (4 MiB) plus the kernel's socket buffers on both sides.
SENT_BOUND = 32 * 1024 * 1024
PETS = json.dumps([pet_json(1), pet_json(2, "Mia")]).encode()


T = TypeVar("T")


def _client(server: HostileServer, timeout: float = 10.0) -> PetStoreClient:
    return PetStoreClient(server.base_url, KEY, timeout=timeout, policy=POLICY)


def _peak_allocation(call: Callable[[], object]) -> tuple[object, int]:
    """``call()``'s result (or the exception it raised) and the peak Python allocation."""
    tracemalloc.start()
    try:
        try:
            result: object = call()
        except Exception as exc:
            result = exc
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


#: How long a call that must end early may run. The rows that use it give the client a
#: timeout far longer (30 or 60 s), so only the behaviour under test ends the call in time;
#: no duration is measured.
GUARD = 10.0


def _within_guard(call: Callable[[], T]) -> T:
    """``call()`` on another thread: its result, or its exception raised here; a
    ``TimeoutError`` if it is still running after :data:`GUARD` seconds."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(call).result(timeout=GUARD)


def _cancel_after(seconds: float, action: Callable[[], None]) -> threading.Thread:
    def run() -> None:
        time.sleep(seconds)
        action()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


# -- the rows --------------------------------------------------------------------------------


def quit_during_a_slow_answer(server: HostileServer) -> None:
    """Answered after 12 s while the user quit: closing the client ends the request now."""
    server.script(Hang())
    client = _client(server, timeout=30.0)
    closer = _cancel_after(0.3, client.close)
    with pytest.raises(RequestCancelled):
        _within_guard(client.list_pets)
    closer.join()


def trickle_get_hits_one_deadline(server: HostileServer) -> None:
    """Body at 1 byte/s (here 10 bytes/s): the timeout bounds the whole attempt, no retry.
    Each byte comes well within the timeout, so only a deadline for the whole attempt
    ends it before the body (over 10 s) is complete."""
    server.script(trickle(PETS, 0.1))
    client = _client(server, timeout=1.0)
    with pytest.raises(RequestTimeoutError):
        client.list_pets()
    assert server.count() == 1
    client.close()


def trickle_post_is_outcome_unknown(server: HostileServer) -> None:
    """The same for a POST: the pet may have been added, never "not added"."""
    server.script(trickle(json.dumps(pet_json(7)).encode(), 0.1))
    client = _client(server, timeout=1.0)
    with pytest.raises(OutcomeUnknownError):
        client.create_pet(NewPet(name="Rex", category_id=1))
    assert server.count("POST") == 1
    client.close()


def stop_during_a_trickle_then_refresh(server: HostileServer) -> None:
    """Stop said "Stopped." but the worker stayed busy; F5 after Stop waited 118 s."""
    server.script(trickle(PETS, 0.5))
    client = _client(server, timeout=60.0)
    token = CancelToken()
    _cancel_after(0.3, token.cancel)
    with pytest.raises(RequestCancelled):
        _within_guard(lambda: client.list_pets(cancel=token))
    server.behave()
    assert len(_within_guard(client.list_pets)) == 2  # F5 after Stop
    client.close()


def stop_while_connecting(server: HostileServer) -> None:
    """Beyond the servers' rows: Stop while a connect hangs (a host that drops packets,
    played by a listener whose accept queue is full), and the deadline there."""
    with socket.socket() as full:
        full.bind(("127.0.0.1", 0))
        full.listen(0)
        port = full.getsockname()[1]
        queued = [socket.socket() for _ in range(3)]
        for sock in queued:
            sock.setblocking(False)
            sock.connect_ex(("127.0.0.1", port))
        try:
            client = PetStoreClient(f"http://127.0.0.1:{port}/v1", KEY, timeout=30.0,
                                    policy=POLICY)
            token = CancelToken()
            _cancel_after(0.3, token.cancel)
            with pytest.raises(RequestCancelled):
                _within_guard(lambda: client.create_pet(NewPet(name="Rex", category_id=1),
                                                        cancel=token))
            client.close()
            client = PetStoreClient(f"http://127.0.0.1:{port}/v1", KEY, timeout=0.5,
                                    policy=POLICY)
            with pytest.raises(RequestTimeoutError, match="connect"):
                client.list_pets()
            client.close()
        finally:
            for sock in queued:
                sock.close()


def _bounded(server: HostileServer, behaviour: object) -> None:
    server.script(behaviour)  # type: ignore[arg-type]
    client = _client(server)
    result, peak = _peak_allocation(client.list_pets)
    assert isinstance(result, ContractError), result
    assert "larger than PetDesk accepts" in str(result)
    assert peak < MEMORY_BOUND, f"peak allocation {peak / 2**20:.0f} MiB"
    assert server.body_bytes_sent < SENT_BOUND
    assert server.count() == 1  # a body too large is not asked for again
    client.close()


def two_hundred_megabytes(server: HostileServer) -> None:
    _bounded(server, huge_body(200 * 1024 * 1024))


def endless_chunked_stream(server: HostileServer) -> None:
    # "Endless" for the client; ends after 256 MiB so that a client without a cap ends too.
    _bounded(server, endless_chunked(256 * 1024 * 1024))


def gzip_bomb_row(server: HostileServer) -> None:
    # 256 KiB of gzip inflating to 256 MiB (the measurement script uses 1 MiB -> 1 GiB).
    _bounded(server, gzip_reply(gzip_bomb(256 * 1024 * 1024)))


def proxy_in_the_environment(server: HostileServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """HTTP_PROXY set, base URL on loopback: the proxy never sees the request or the key."""
    with HostileServer() as proxy:
        for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy",
                     "all_proxy"):
            monkeypatch.setenv(name, proxy.origin)
        for name in ("NO_PROXY", "no_proxy"):
            monkeypatch.delenv(name, raising=False)
        client = _client(server)
        assert len(client.list_pets()) == 2
        client.close()
        assert proxy.count() == 0
        assert server.count() == 1


BAD_HOST = "https://xn--a.example/v1/pets?cursor=2"


def bad_idna_link_keeps_the_page(server: HostileServer) -> None:
    """A Link next with a bad IDNA host: the page that arrived is kept, paging ends."""
    server.script(Reply(200, PETS, [("Link", f'<{BAD_HOST}>; rel="next"')]))
    client = _client(server)
    page = client.list_pets_page()
    assert [p.id for p in page.pets] == [1, 2]
    assert page.next_url is None
    client.close()


def bad_idna_location(server: HostileServer) -> None:
    """A Location with a bad IDNA host: a plain error; for a POST "may have been added"."""
    server.script(Reply(307, headers=[("Location", BAD_HOST)], content_type=None))
    client = _client(server)
    with pytest.raises(ContractError):
        client.list_pets()
    with pytest.raises(OutcomeUnknownError):
        client.create_pet(NewPet(name="Rex", category_id=1))
    client.close()


def huge_link_header(server: HostileServer) -> None:
    """A 96 KB Link header built to make a backtracking parser crawl (12.6 s on main)."""
    link = "<https://elsewhere.example/v1/pets>;" + " " * 96_000 + "x"
    server.script(Reply(200, PETS, [("Link", link)]))
    client = _client(server)
    page = client.list_pets_page()
    assert len(page.pets) == 2
    client.close()


def next_link_to_the_same_page(server: HostileServer) -> None:
    """A Link next pointing at the same page: iter_pages ends, with a distinct outcome."""

    def same(seen: Seen) -> Reply:
        return Reply(200, PETS, [("Link", f'<{server.origin}{seen.path}>; rel="next"')])

    server.script(same)
    client = _client(server)
    pages = list(itertools.islice(client.iter_pages(limit=2), 10))
    assert len(pages) < 10
    assert pages[-1].end is PagingEnd.REPEATED and pages[-1].next_url is None
    client.close()


def html_in_a_400(server: HostileServer) -> None:
    """A 400 whose message is HTML: not made part of the sentence shown to the user."""
    html = '<p>Bad <a href="https://phish.example/">click here</a></p>'
    server.script(error_reply(400, "bad_request", html))
    client = _client(server)
    with pytest.raises(BadRequestError) as info:
        client.create_pet(NewPet(name="Rex", category_id=1))
    assert "<" not in str(info.value)
    assert info.value.server_message == html  # kept verbatim for the details (plain text)
    client.close()


CONFUSABLE = ["\u202egnp.exe", "Re\u200bx", "Rex\x00", "\x1b[31mRex", "A" * 1_000_000]


def confusable_names(server: HostileServer) -> None:
    """Names with RLO, ZWSP, NUL, ESC and a 1 MB name: kept as sent, displayed with
    markers and elided; PetDesk itself cannot create such names."""
    pets = [pet_json(i + 1, name) for i, name in enumerate(CONFUSABLE)]
    server.script(Reply(200, json.dumps(pets).encode()))
    client = _client(server)
    got = client.list_pets(limit=100)
    assert [p.name for p in got] == CONFUSABLE
    for name in CONFUSABLE[:4]:
        assert has_hidden(name)
        assert "\u27e6U+" in display(name)
    assert display(got[0].name).startswith("\u27e6U+202E\u27e7")
    assert len(display(got[4].name)) <= 200
    for name in CONFUSABLE[:3]:
        with pytest.raises(ValidationError):
            NewPet(name=name, category_id=1)
    assert server.count("POST") == 0
    client.close()


def sandbox_150_connections(server: HostileServer) -> None:
    """150 simultaneous connections to petdesk-sandbox all answered; a client that
    never finishes its request headers is cut off (slowloris)."""
    with start_server(SandboxConfig(rate_limit_enabled=False), header_timeout=1.0) as box:
        sockets = []
        for _ in range(150):  # all connected before any request is sent
            sockets.append(socket.create_connection((box.host, box.port), timeout=10))
        request = (f"GET /v1/pets?limit=1 HTTP/1.1\r\nHost: {box.host}\r\n"
                   f"Authorization: Bearer {box.api_key}\r\nConnection: close\r\n\r\n").encode()

        def ask(sock: socket.socket) -> int:
            with sock:
                sock.sendall(request)
                response = http.client.HTTPResponse(sock)
                response.begin()
                return response.status

        with ThreadPoolExecutor(max_workers=150) as pool:
            statuses = list(pool.map(ask, sockets))
        assert statuses == [200] * 150
        with socket.create_connection((box.host, box.port), timeout=10) as slow:
            slow.sendall(b"GET /v1/pets HTTP/1.1\r\nHost: x\r\n")  # and never the rest
            assert slow.recv(1024) == b""  # closed by the server, before the 10 s timeout


@dataclass(frozen=True)
class Row:
    id: str
    #: What the server did, in words.
    issue_row: str
    run: Callable[..., None]


ROWS = [
    Row("slow-answer-quit", "answered after 12 s while the user quit",
        quit_during_a_slow_answer),
    Row("trickle-get", "sent the body at 1 byte/s", trickle_get_hits_one_deadline),
    Row("trickle-post", "sent the body at 1 byte/s", trickle_post_is_outcome_unknown),
    Row("trickle-stop-f5", "sent the body at 1 byte/s", stop_during_a_trickle_then_refresh),
    Row("connect-stop", "(beyond the table) a connect that never completes",
        stop_while_connecting),
    Row("200mb", "sent 200 MB", two_hundred_megabytes),
    Row("endless-chunked", "an endless chunked stream", endless_chunked_stream),
    Row("gzip-bomb", "a 1 MB gzip that inflates to 1 GiB", gzip_bomb_row),
    Row("env-proxy", "HTTP_PROXY set, base URL on loopback", proxy_in_the_environment),
    Row("idna-link", "a Link next with a bad IDNA host", bad_idna_link_keeps_the_page),
    Row("idna-location", "a Location with a bad IDNA host", bad_idna_location),
    Row("96kb-link", "a 96 KB Link header", huge_link_header),
    Row("link-loop", "a Link next pointing at the same page", next_link_to_the_same_page),
    Row("html-400", "a 400 whose message is HTML", html_in_a_400),
    Row("confusable-names", "names with RLO, ZWSP, NUL or ESC; a 1 MB name",
        confusable_names),
    Row("sandbox-150", "150 simultaneous connections to petdesk-sandbox",
        sandbox_150_connections),
]


@pytest.fixture
def hostile() -> Iterator[HostileServer]:
    with HostileServer() as srv:
        yield srv


@pytest.mark.parametrize("row", ROWS, ids=[r.id for r in ROWS])
def test_hostile_server(row: Row, hostile: HostileServer,
                        monkeypatch: pytest.MonkeyPatch) -> None:
    if row.run is proxy_in_the_environment:
        row.run(hostile, monkeypatch)
    else:
        row.run(hostile)
