"""The fault matrix at the client level, over real loopback HTTP.

ONE table, :data:`CASES`: every server fault the client must survive, each run through
``PetStoreClient`` for ``list_pets``, ``get_pet`` and ``create_pet`` against the
hostile server. For each run:

* the call ends with the expected error type (or result), quickly;
* ``str(error)`` is one plain sentence: no traceback, no library name, no key;
* the server saw the expected number of requests, and a POST was never sent
  again after the server may have acted on one (no duplicate pet);
* no request arrived inside a window a 429 announced (the ban watcher);
* after the server starts answering correctly, the next call on the *same*
  client works.
"""

from __future__ import annotations

import itertools
import json
import logging
import math
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from email.utils import formatdate

import pytest

from petdesk.api import (
    ContractError,
    NetworkError,
    NewPet,
    OutcomeUnknownError,
    PetStoreClient,
    PetStoreError,
    RateLimitedError,
    RequestTimeoutError,
    ServerError,
)
from petdesk.core.clock import SystemClock
from tests.reliability.conftest import FAST_POLICY, KEY, TIMEOUT
from tests.reliability.hostile import (
    Behaviour,
    Hang,
    HostileServer,
    Reply,
    Reset,
    Seen,
    Truncated,
    error_reply,
    good,
    rate_limited,
)

# -- the faults ------------------------------------------------------------------------------

Fault = Callable[[Seen, HostileServer], Behaviour]
_HTML = b"<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>"


def _ok_status(seen: Seen) -> int:
    return 201 if seen.method == "POST" else 200


def _malformed(seen: Seen, _srv: HostileServer) -> Behaviour:
    return Reply(_ok_status(seen), b'[{"id": 1, "name": "Rex", "categ')


def _wrong_shape(seen: Seen, _srv: HostileServer) -> Behaviour:
    # A list where an object is expected and an object where a list is expected.
    body = {"pets": [{"id": 1}]} if seen.path.split("?")[0].endswith("/pets") and \
        seen.method == "GET" else [{"id": "one", "name": 7}]
    return Reply(_ok_status(seen), json.dumps(body).encode())


def _html_page(seen: Seen, _srv: HostileServer) -> Behaviour:
    return Reply(200, b"<html><body>Please log in to the Wi-Fi</body></html>",
                 content_type="text/html; charset=utf-8")


def _http_date(seconds_ahead: int) -> str:
    return formatdate(math.ceil(time.time()) + seconds_ahead, usegmt=True)


def _nonsense_limits(seen: Seen, _srv: HostileServer) -> Behaviour:
    reply = good(seen)
    assert isinstance(reply, Reply)
    reply.headers += [("X-RateLimit-Limit", "lots"), ("X-RateLimit-Remaining", "-3"),
                      ("X-RateLimit-Reset", "1e999")]
    return reply


def _zero_left_absurd_reset(seen: Seen, _srv: HostileServer) -> Behaviour:
    reply = good(seen)
    assert isinstance(reply, Reply)
    reply.headers += [("X-RateLimit-Limit", "60"), ("X-RateLimit-Remaining", "0"),
                      ("X-RateLimit-Reset", "32503680000")]  # the year 3000
    return reply


def _redirect_away(seen: Seen, srv: HostileServer) -> Behaviour:
    other = srv.redirect_target
    return Reply(307, headers=[("Location", f"{other}/v1/pets")], content_type=None)


def _redirect_home_then_away(seen: Seen, srv: HostileServer) -> Behaviour:
    if seen.path.startswith("/v1/moved"):
        return _redirect_away(seen, srv)
    return Reply(302, headers=[("Location", "/v1/moved" + seen.path[3:])], content_type=None)


def _fixed(behaviour: Callable[[], Behaviour]) -> Fault:
    return lambda _seen, _srv: behaviour()


@dataclass(frozen=True)
class Case:
    id: str
    fault: Fault
    #: Expected outcome of list_pets / get_pet, and of create_pet (None: a result).
    read: type[PetStoreError] | None
    create: type[PetStoreError] | None
    #: Requests the server must see for one read call and one create call.
    read_tries: int
    create_tries: int
    #: The client's own wait after a 429 that did not say how long (the ban rule still
    #: applies): consecutive requests must be at least this far apart.
    min_gap: float = 0.0
    #: False where the announced wait is too long to sit through: the next call must
    #: then fail fast with RateLimitedError and send nothing.
    recovers: bool = True
    #: Text the log must contain (e.g. the clamp of an absurd wait).
    logged: str | None = None


R = FAST_POLICY.max_attempts  # reads are retried on 429/503/transport errors, up to this

CASES = [
    Case("500 json error", _fixed(lambda: error_reply(500, "internal_error", "Boom.")),
         ServerError, OutcomeUnknownError, 1, 1),
    Case("502 html body", _fixed(lambda: Reply(502, _HTML, content_type="text/html")),
         ServerError, OutcomeUnknownError, 1, 1),
    Case("503 retry-after 1", _fixed(lambda: error_reply(
        503, "service_unavailable", "Down.", [("Retry-After", "1")])),
         ServerError, OutcomeUnknownError, R, 1, min_gap=1.0),
    Case("malformed json", _malformed, ContractError, OutcomeUnknownError, 1, 1),
    Case("json of the wrong shape", _wrong_shape, ContractError, OutcomeUnknownError, 1, 1),
    Case("200 html page (captive portal)", _html_page, ContractError, OutcomeUnknownError,
         1, 1),
    Case("truncated body", _fixed(Truncated), NetworkError, OutcomeUnknownError, R, 1),
    Case("connection reset", _fixed(Reset), NetworkError, OutcomeUnknownError, R, 1),
    Case("never answers", _fixed(Hang), RequestTimeoutError, OutcomeUnknownError, 1, 1),
    Case("429 retry-after seconds", _fixed(lambda: rate_limited("1")),
         RateLimitedError, RateLimitedError, R, R, min_gap=1.0),
    Case("429 retry-after http-date", lambda s, v: rate_limited(_http_date(1)),
         RateLimitedError, RateLimitedError, R, R, min_gap=1.0),
    Case("429 retry-after garbage", _fixed(lambda: rate_limited("soon-ish")),
         RateLimitedError, RateLimitedError, R, R, min_gap=FAST_POLICY.default_retry_after),
    Case("429 retry-after missing", _fixed(lambda: rate_limited(None)),
         RateLimitedError, RateLimitedError, R, R, min_gap=FAST_POLICY.default_retry_after),
    Case("429 retry-after negative", _fixed(lambda: rate_limited("-5")),
         RateLimitedError, RateLimitedError, R, R, min_gap=FAST_POLICY.default_retry_after),
    Case("429 retry-after huge", _fixed(lambda: rate_limited("1800000000")),
         RateLimitedError, RateLimitedError, 1, 1, recovers=False, logged="absurd"),
    Case("429 nonsense x-ratelimit, no retry-after", _fixed(lambda: rate_limited(
        None, [("X-RateLimit-Remaining", "many"), ("X-RateLimit-Reset", "-1")])),
         RateLimitedError, RateLimitedError, R, R, min_gap=FAST_POLICY.default_retry_after),
    Case("x-ratelimit headers absent", lambda s, v: good(s), None, None, 1, 1),
    Case("x-ratelimit headers nonsense", _nonsense_limits, None, None, 1, 1),
    Case("x-ratelimit remaining 0, reset absurd", _zero_left_absurd_reset, None, None, 1, 1),
    Case("redirect to another host", _redirect_away, ContractError, OutcomeUnknownError, 1, 1),
    Case("same-origin redirect, then another host", _redirect_home_then_away,
         ContractError, OutcomeUnknownError, 2, 1),
]

# -- the runs --------------------------------------------------------------------------------

OPS: dict[str, Callable[[PetStoreClient], object]] = {
    "list": lambda c: c.list_pets(limit=20),
    "get": lambda c: c.get_pet(1),
    "create": lambda c: c.create_pet(NewPet(name="Biscuit", category_id=3)),
}

_TECHNICAL = ("Traceback", "httpx", "httpcore", "Exception", "Errno", "errno", 'File "',
              "None", "<", "{", "127.0.0.1", "pydantic")


def assert_plain_sentence(text: str) -> None:
    assert text, "empty message"
    assert text[0].isupper(), text
    assert text.endswith("."), text
    assert "\n" not in text and len(text) < 300, text
    for word in _TECHNICAL:
        assert word not in text, f"{word!r} in a user message: {text}"


def _gaps(seen: list[Seen]) -> list[float]:
    return [b.arrived - a.arrived for a, b in itertools.pairwise(seen)]


class WaitingClock(SystemClock):
    """The real clock, noting how long the client chose to wait each time."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    def wait(self, event: threading.Event, timeout: float) -> bool:
        self.waits.append(timeout)
        return super().wait(event, timeout)


def _call(op: str, client: PetStoreClient) -> object | PetStoreError:
    try:
        return OPS[op](client)
    except PetStoreError as exc:
        return exc


def _run(case: Case, op: str) -> None:
    """One row of the matrix for one operation, on its own pair of servers."""
    with HostileServer() as server, HostileServer() as elsewhere:
        server.redirect_target = elsewhere.origin  # type: ignore[attr-defined]
        server.script(lambda seen: case.fault(seen, server))
        _check(case, op, server, elsewhere)


def _check(case: Case, op: str, server: HostileServer, elsewhere: HostileServer) -> None:
    expected = case.create if op == "create" else case.read
    tries = case.create_tries if op == "create" else case.read_tries

    clock = WaitingClock()
    with PetStoreClient(server.base_url, KEY, timeout=TIMEOUT, policy=FAST_POLICY,
                        clock=clock) as client:
        outcome = _call(op, client)

        # 1. The expected outcome, reported in plain words.
        if expected is None:
            assert not isinstance(outcome, PetStoreError), repr(outcome)
        else:
            assert type(outcome) is expected, repr(outcome)
            assert isinstance(outcome, PetStoreError)
            assert_plain_sentence(str(outcome))
            for text in (str(outcome), repr(outcome), outcome.details()):
                assert KEY not in text
        # Every wait was the policy's choice, and short.
        assert sum(clock.waits) <= FAST_POLICY.max_auto_wait, clock.waits

        # 2. What reached the server: the retry policy, and never a duplicate POST.
        assert server.count() == tries, [(s.method, s.path) for s in server.seen()]
        assert server.posts_after_action() == 0
        assert all(s.authorization == f"Bearer {KEY}" for s in server.seen())
        if case.min_gap:
            assert all(gap >= case.min_gap for gap in _gaps(server.seen())), _gaps(server.seen())

        # 3. The key never reaches another host, whatever the redirects say.
        assert elsewhere.count() == 0

        # 4. The next action on the same client works once the server behaves.
        before = server.count()
        server.behave()
        clock.waits.clear()
        again = _call(op, client)
        if case.recovers:
            assert not isinstance(again, PetStoreError), repr(again)
            assert server.count() == before + 1
        else:
            assert isinstance(again, RateLimitedError), repr(again)
            assert clock.waits == []  # refused at once, not after waiting
            assert_plain_sentence(str(again))
            assert server.count() == before, "a request left during the announced wait"

    # 5. The ban watcher: nothing arrived inside a window a 429 announced.
    assert server.early == [], [(s.method, s.path) for s in server.early]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_fault(case: Case, caplog: pytest.LogCaptureFixture) -> None:
    """The three operations of a row run side by side (each with its own servers and
    client), so the rows that must sit through real Retry-After waits stay short."""
    with ThreadPoolExecutor(len(OPS), thread_name_prefix="matrix") as pool:
        futures = {op: pool.submit(_run, case, op) for op in OPS}
    failures = {op: f.exception() for op, f in futures.items() if f.exception() is not None}
    for op, error in failures.items():
        raise AssertionError(f"{case.id} / {op}: {error}") from error
    if case.logged:
        assert any(case.logged in r.getMessage() and r.levelno >= logging.WARNING
                   for r in caplog.records)
