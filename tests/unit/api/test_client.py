"""PetStoreClient against httpx.MockTransport: every row of spec section 7, the
request policy end to end, redirects, paging, deprecation and secret hygiene."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import threading
import time
from email.utils import formatdate

import httpx
import pytest

from petdesk import __version__
from petdesk.api import (
    DOCUMENTED_SUNSET,
    AuthenticationError,
    BadRequestError,
    CancelToken,
    ConfigurationError,
    ContractError,
    InvalidArgumentError,
    NetworkError,
    NewPet,
    NotFoundError,
    OutcomeUnknownError,
    PetStatus,
    PetStoreClient,
    RateLimitedError,
    RequestCancelled,
    RequestListener,
    RequestPolicy,
    RequestTimeoutError,
    ServerError,
    WaitInfo,
    WaitReason,
)
from tests.helpers.api_fakes import FakeClock, error, ok, pet_json
from tests.unit.api.conftest import BASE, KEY, MakeClient, RecordingListener

# -- requests as sent ----------------------------------------------------------


def test_every_request_carries_the_required_headers(make_client: MakeClient) -> None:
    client, rec = make_client(lambda r: ok([pet_json()]))
    client.list_pets()
    [request] = rec.requests
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert request.headers["accept"] == "application/json"
    assert request.headers["user-agent"].startswith(f"PetDesk/{__version__}")


def test_list_pets_sends_limit_and_status(make_client: MakeClient) -> None:
    client, rec = make_client(lambda r: ok([pet_json(status="sold")]))
    pets = client.list_pets(limit=100, status=PetStatus.SOLD)
    assert pets[0].status is PetStatus.SOLD
    url = rec.requests[0].url
    assert url.path == "/v1/pets"
    assert dict(url.params) == {"limit": "100", "status": "sold"}
    client.list_pets()
    assert dict(rec.requests[1].url.params) == {"limit": "20"}


@pytest.mark.parametrize("limit", [0, 101, -1, True, 2.0, "20"])
def test_bad_limit_is_refused_before_sending(make_client: MakeClient, limit: object) -> None:
    client, rec = make_client(lambda r: ok([]))
    with pytest.raises(InvalidArgumentError):
        client.list_pets(limit=limit)  # type: ignore[arg-type]
    assert rec.count == 0


def test_bad_status_is_refused_before_sending(make_client: MakeClient) -> None:
    client, rec = make_client(lambda r: ok([]))
    with pytest.raises(InvalidArgumentError):
        client.list_pets(status="adopted")  # type: ignore[arg-type]
    assert rec.count == 0


@pytest.mark.parametrize("pet_id", [0, -1, 2**63, True, "5"])
def test_bad_id_is_refused_before_sending(make_client: MakeClient, pet_id: object) -> None:
    client, rec = make_client(lambda r: ok(pet_json()))
    with pytest.raises(InvalidArgumentError):
        client.get_pet(pet_id)  # type: ignore[arg-type]
    assert rec.count == 0


def test_create_sends_the_new_pet_in_wire_form(make_client: MakeClient) -> None:
    client, rec = make_client(lambda r: ok({"id": 42, **json.loads(r.content)}, status=201))
    pet = client.create_pet(NewPet(name="Bella", category_id=2))
    assert pet.id == 42 and pet.name == "Bella"
    request = rec.requests[0]
    assert request.method == "POST" and request.url.path == "/v1/pets"
    assert json.loads(request.content) == {"name": "Bella", "categoryId": 2}
    assert request.headers["content-type"] == "application/json"


def test_get_pet(make_client: MakeClient) -> None:
    client, rec = make_client(lambda r: ok(pet_json(pet_id=9)))
    assert client.get_pet(9).id == 9
    assert rec.requests[0].url.path == "/v1/pets/9"


# -- base URL and TLS ----------------------------------------------------------


@pytest.mark.parametrize("url", ["http://pets.example.com/v1", "ftp://x/v1", "not a url",
                                 "https://user:pw@pets.example.com/v1", "https://h/v1?x=1"])
def test_unsafe_base_urls_are_refused(url: str) -> None:
    with pytest.raises(ConfigurationError):
        PetStoreClient(url, KEY)


@pytest.mark.parametrize("url", ["http://127.0.0.1:8080/v1", "http://localhost/v1",
                                 "http://[::1]:9/v1", "https://pets.example.com/v1/"])
def test_https_and_loopback_http_are_accepted(url: str) -> None:
    with PetStoreClient(url, KEY) as client:
        assert not client.base_url.endswith("/")


def test_tls_uses_the_operating_system_trust_store() -> None:
    import truststore

    with PetStoreClient("https://pets.example.com/v1", KEY) as client:
        pool = client._sender.http._transport._pool  # type: ignore[attr-defined]
        assert isinstance(pool._ssl_context, truststore.SSLContext)
    assert "verify" not in PetStoreClient.__init__.__code__.co_varnames


@pytest.mark.parametrize("key", ["", "   ", "has space", "line\nbreak", "tab\tkey"])
def test_keys_that_cannot_be_sent_are_refused_without_echoing_them(key: str) -> None:
    with pytest.raises(ConfigurationError) as info:
        PetStoreClient(BASE, key)
    if key.strip():
        assert key.strip() not in str(info.value)


# -- spec section 7, row by row ------------------------------------------------


def test_400_is_a_bad_request_with_code_message_and_field(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: error(400, "invalid_value",
                                            "Field 'categoryId' must be a positive integer."))
    with pytest.raises(BadRequestError) as info:
        client.create_pet(NewPet(name="Rex", category_id=1))
    err = info.value
    assert err.status_code == 400 and err.code == "invalid_value"
    assert err.field == "categoryId"
    assert "positive integer" in str(err)


def test_400_field_from_an_explicit_field_member(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: httpx.Response(
        400, json={"code": "x", "message": "bad", "status": 400, "field": "name"}))
    with pytest.raises(BadRequestError) as info:
        client.create_pet(NewPet(name="Rex", category_id=1))
    assert info.value.field == "name"


def test_400_without_a_recognisable_field(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: error(400, "invalid_json", "Body is not JSON."))
    with pytest.raises(BadRequestError) as info:
        client.create_pet(NewPet(name="Rex", category_id=1))
    assert info.value.field is None


@pytest.mark.parametrize("call", ["list", "create", "get"])
def test_401_on_every_operation(make_client: MakeClient, call: str) -> None:
    client, rec = make_client(lambda r: error(401, "unauthorized", "Missing or invalid key."))
    with pytest.raises(AuthenticationError) as info:
        {"list": lambda: client.list_pets(),
         "create": lambda: client.create_pet(NewPet(name="R", category_id=1)),
         "get": lambda: client.get_pet(1)}[call]()
    assert "API key" in str(info.value)
    assert rec.count == 1  # never retried


def test_404_on_get(make_client: MakeClient) -> None:
    client, rec = make_client(lambda r: error(404, "not_found", "No pet 5."))
    with pytest.raises(NotFoundError) as info:
        client.get_pet(5)
    assert info.value.status_code == 404 and rec.count == 1


def test_429_waits_for_retry_after_then_succeeds(make_client: MakeClient, clock: FakeClock,
                                                 listener: RecordingListener) -> None:
    replies = iter([error(429, "rate_limited", "Slow down.", {"retry-after": "7"}),
                    ok([pet_json()])])
    client, rec = make_client(lambda r: next(replies),
                              policy=RequestPolicy(backoff_base=0.001))
    assert len(client.list_pets()) == 1
    assert rec.count == 2
    assert rec.times[1] - rec.times[0] >= 7
    [info] = listener.waits
    assert info.reason is WaitReason.RATE_LIMITED and (info.attempt, info.max_attempts) == (2, 4)


def test_429_exhausting_retries_is_rate_limited_error(make_client: MakeClient) -> None:
    client, rec = make_client(lambda r: error(429, "rate_limited", "x", {"retry-after": "2"}))
    with pytest.raises(RateLimitedError) as info:
        client.list_pets()
    assert rec.count == 4  # first try + at most 3 retries
    assert info.value.retry_after > 0


# -- the gate: nothing leaves during a wait ------------------------------------


def test_after_a_429_no_request_of_any_kind_leaves_until_the_wait_is_over(
        make_client: MakeClient, clock: FakeClock) -> None:
    replies = iter([error(429, "rate_limited", "x", {"retry-after": "30"}),
                    ok(pet_json(), status=201)])
    client, rec = make_client(lambda r: next(replies), policy=RequestPolicy(max_retries=0))
    with pytest.raises(RateLimitedError):
        client.list_pets()
    blocked_at = rec.times[0]
    client.create_pet(NewPet(name="Rex", category_id=1))  # a different operation
    assert rec.count == 2
    assert rec.times[1] - blocked_at >= 30


def test_remaining_zero_waits_for_the_reset_instead_of_provoking_a_429(
        make_client: MakeClient, clock: FakeClock, listener: RecordingListener) -> None:
    reset = int(clock.time()) + 10
    client, rec = make_client(lambda r: ok([pet_json()], headers={
        "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": str(reset)}))
    client.list_pets()
    client.list_pets()
    assert rec.times[1] - rec.times[0] >= 10 + 1  # reset plus a second of slack
    assert listener.waits[0].reason is WaitReason.QUOTA_EXHAUSTED
    assert client.rate_limit is not None and client.rate_limit.remaining == 0


def test_quota_snapshot_is_exposed_and_reported(make_client: MakeClient,
                                               listener: RecordingListener) -> None:
    client, _ = make_client(lambda r: ok([], headers={"x-ratelimit-limit": "60",
                                                       "x-ratelimit-remaining": "57"}))
    assert client.rate_limit is None
    client.list_pets()
    assert client.rate_limit is not None
    assert (client.rate_limit.limit, client.rate_limit.remaining) == (60, 57)
    assert listener.snapshots == [client.rate_limit]


@pytest.mark.parametrize(("headers", "expected"), [
    ({"retry-after": "12"}, 12),
    ({"retry-after": "HTTP_DATE+25"}, 25),
    ({"retry-after": "garbage", "x-ratelimit-reset": "RESET+40"}, 41),
    ({"x-ratelimit-reset": "RESET+40"}, 41),
    ({}, 60),
    ({"retry-after": "-3"}, 60),
    ({"retry-after": "0"}, 1),
])
def test_the_wait_after_a_429(make_client: MakeClient, clock: FakeClock,
                              headers: dict[str, str], expected: float) -> None:
    now = clock.time()
    resolved = {k: v.replace("HTTP_DATE+25", formatdate(now + 25, usegmt=True))
                .replace("RESET+40", str(int(now) + 40)) for k, v in headers.items()}
    replies = iter([error(429, "rate_limited", "x", resolved), ok([])])
    client, rec = make_client(lambda r: next(replies),
                              policy=RequestPolicy(backoff_base=0.0001, max_auto_wait=120))
    client.list_pets()
    assert rec.times[1] - rec.times[0] == pytest.approx(expected, abs=0.1)


@pytest.mark.parametrize("absurd", ["1800000000", "HTTP_DATE_YEARS"])
def test_an_absurd_retry_after_is_clamped_never_obeyed_or_ignored(
        make_client: MakeClient, clock: FakeClock, caplog: pytest.LogCaptureFixture,
        absurd: str) -> None:
    value = absurd.replace("HTTP_DATE_YEARS", formatdate(clock.time() + 5 * 365 * 86400,
                                                         usegmt=True))
    client, rec = make_client(lambda r: error(429, "rate_limited", "x", {"retry-after": value}),
                              policy=RequestPolicy(max_wait=3600))
    with caplog.at_level(logging.WARNING), pytest.raises(RateLimitedError) as info:
        client.list_pets()
    assert rec.count == 1  # not retried at once (not ignored) ...
    assert info.value.retry_after == pytest.approx(3600, abs=1)  # ... nor years (clamped)
    assert "absurd" in caplog.text
    assert client.gate.remaining_wait() == pytest.approx(3600, abs=1)


# -- retries -------------------------------------------------------------------


def _flaky(first: list[httpx.Response | Exception], then: httpx.Response):
    queue = list(first)

    def respond(request: httpx.Request) -> httpx.Response:
        if queue:
            item = queue.pop(0)
            if isinstance(item, Exception):
                raise item
            return item
        return then

    return respond


@pytest.mark.parametrize("failure", [
    httpx.Response(503, json={"code": "unavailable", "message": "busy", "status": 503}),
    httpx.ConnectError("refused"),
    httpx.RemoteProtocolError("dropped"),
])
def test_get_is_retried_on_503_and_connection_failures(
        make_client: MakeClient, listener: RecordingListener,
        failure: httpx.Response | Exception) -> None:
    client, rec = make_client(_flaky([failure, failure], ok([pet_json()])))
    assert len(client.list_pets()) == 1
    assert rec.count == 3
    assert [w.attempt for w in listener.waits] == [2, 3]


def test_a_timeout_is_not_retried_the_user_waited_once_already(
        make_client: MakeClient) -> None:
    client, rec = make_client(_flaky([httpx.ReadTimeout("slow")], ok([pet_json()])))
    with pytest.raises(RequestTimeoutError):
        client.list_pets()
    assert rec.count == 1


def test_get_gives_up_after_three_retries(make_client: MakeClient) -> None:
    client, rec = make_client(_flaky([httpx.ConnectError("refused")] * 10, ok([])))
    with pytest.raises(NetworkError):
        client.list_pets()
    assert rec.count == 4


@pytest.mark.parametrize("status", [500, 502, 504])
def test_get_is_not_retried_on_other_5xx(make_client: MakeClient, status: int) -> None:
    client, rec = make_client(lambda r: httpx.Response(status, text="oops"))
    with pytest.raises(ServerError) as info:
        client.list_pets()
    assert rec.count == 1 and info.value.status_code == status


def test_post_is_retried_on_429(make_client: MakeClient) -> None:
    client, rec = make_client(_flaky([error(429, "rate_limited", "x", {"retry-after": "1"})],
                                     ok(pet_json(), status=201)))
    client.create_pet(NewPet(name="Rex", category_id=1))
    assert rec.count == 2


def test_post_is_retried_when_the_connection_failed_before_sending(
        make_client: MakeClient) -> None:
    client, rec = make_client(_flaky([httpx.ConnectError("refused")], ok(pet_json(), 201)))
    client.create_pet(NewPet(name="Rex", category_id=1))
    assert rec.count == 2


@pytest.mark.parametrize("failure", [
    httpx.ReadTimeout("slow"),
    httpx.RemoteProtocolError("dropped"),
    httpx.Response(500, text="oops"),
    httpx.Response(502, text="<html>bad gateway</html>", headers={"content-type": "text/html"}),
    httpx.Response(503, text="busy", headers={"retry-after": "1"}),
])
def test_post_is_never_retried_when_the_server_may_have_acted(
        make_client: MakeClient, failure: httpx.Response | Exception) -> None:
    client, rec = make_client(_flaky([failure], ok(pet_json(), 201)))
    with pytest.raises(OutcomeUnknownError) as info:
        client.create_pet(NewPet(name="Rex", category_id=1))
    assert rec.count == 1
    assert "may or may not have been added" in str(info.value)
    assert "Refresh" in str(info.value)


def test_timeout_error_type(make_client: MakeClient) -> None:
    client, _ = make_client(_flaky([httpx.ReadTimeout("slow")] * 9, ok([])))
    with pytest.raises(RequestTimeoutError):
        client.list_pets()


# -- responses that break the contract -----------------------------------------


@pytest.mark.parametrize("response", [
    httpx.Response(200, text="<html><body>Proxy login</body></html>",
                   headers={"content-type": "text/html"}),
    httpx.Response(200, text='[{"id": 1, "name": "Rex"'),
    httpx.Response(200, text=""),
    httpx.Response(200, json={"pets": []}),
    httpx.Response(200, json=[{"id": 1, "name": "Rex"}]),
    httpx.Response(200, json=[{"id": "one", "name": "Rex", "categoryId": 1}]),
])
def test_contract_breaking_responses(make_client: MakeClient, response: httpx.Response) -> None:
    client, _ = make_client(lambda r: response)
    with pytest.raises(ContractError) as info:
        client.list_pets()
    assert str(info.value).endswith(".")
    assert info.value.details()


def test_unknown_fields_in_responses_are_tolerated(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: ok([{**pet_json(), "tags": ["new in v1.1"]}]))
    assert client.list_pets()[0].name == "Rex"


def test_error_body_that_is_not_an_error_object(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: httpx.Response(404, text="<h1>Not Found</h1>"))
    with pytest.raises(NotFoundError):
        client.get_pet(3)


# -- redirects -----------------------------------------------------------------


def test_a_redirect_to_another_origin_is_not_followed_and_carries_no_key(
        make_client: MakeClient) -> None:
    hosts: list[str] = []

    def respond(request: httpx.Request) -> httpx.Response:
        hosts.append(request.url.host)
        if request.url.host == "pets.example.test":
            return httpx.Response(302, headers={"location": "https://evil.example.net/v1/pets"})
        return ok([])

    client, _ = make_client(respond)
    with pytest.raises(ContractError) as info:
        client.list_pets()
    assert hosts == ["pets.example.test"]
    assert "API key stays private" in str(info.value)


def test_a_same_origin_redirect_of_a_get_is_followed(make_client: MakeClient) -> None:
    def respond(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/pets":
            return httpx.Response(307, headers={"location": "/v1/pets/"})
        return ok([pet_json()])

    client, rec = make_client(respond)
    assert len(client.list_pets()) == 1
    assert [r.url.path for r in rec.requests] == ["/v1/pets", "/v1/pets/"]
    assert rec.requests[1].headers["authorization"] == f"Bearer {KEY}"


# -- paging --------------------------------------------------------------------


def test_paging_follows_link_rel_next(make_client: MakeClient) -> None:
    def respond(request: httpx.Request) -> httpx.Response:
        cursor = request.url.params.get("cursor")
        if cursor is None:
            return ok([pet_json(1)], headers={
                "link": '<https://pets.example.test/v1/pets?limit=1&cursor=a>; rel="next"'})
        if cursor == "a":
            return ok([pet_json(2)], headers={
                "link": '</v1/pets?limit=1&cursor=b>; rel="next last"'})
        return ok([pet_json(3)])

    client, rec = make_client(respond)
    pages = list(client.iter_pages(limit=1))
    assert [p.pets[0].id for p in pages] == [1, 2, 3]
    assert pages[-1].next_url is None
    assert all(r.headers["authorization"] == f"Bearer {KEY}" for r in rec.requests)


def test_without_a_link_header_one_page_is_all(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: ok([pet_json()]))
    page = client.list_pets_page()
    assert page.next_url is None and len(page.pets) == 1


def test_a_next_link_to_another_host_is_ignored(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: ok([pet_json()], headers={
        "link": '<https://elsewhere.example/v1/pets?cursor=x>; rel="next"'}))
    assert client.list_pets_page().next_url is None
    with pytest.raises(InvalidArgumentError):
        client.fetch_page("https://elsewhere.example/v1/pets?cursor=x")


# -- deprecation ---------------------------------------------------------------


def test_deprecation_and_sunset_headers_are_exposed(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: ok(pet_json(), headers={
        "deprecation": "@1767225600", "sunset": "Thu, 05 Dec 2030 00:00:00 GMT"}))
    lookup = client.get_pet_detailed(1)
    dep = lookup.deprecation
    assert dep.deprecated and dep.source == "server"
    assert dep.since is not None and dep.since.year == 2026
    assert dep.sunset == DOCUMENTED_SUNSET
    assert "removes on 2030-12-05" in dep.describe()  # ISO 8601: no C-library format


def test_the_documented_removal_date_is_known_without_headers(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: ok(pet_json()))
    dep = client.get_pet_detailed(1).deprecation
    assert dep.deprecated and dep.source == "documented"
    assert dep.sunset == DOCUMENTED_SUNSET


def test_a_server_announced_sunset_wins(make_client: MakeClient) -> None:
    client, _ = make_client(lambda r: ok(pet_json(), headers={
        "sunset": "Sat, 01 Jun 2030 00:00:00 GMT"}))
    assert client.get_pet_detailed(1).deprecation.sunset.month == 6  # type: ignore[union-attr]


# -- cancellation --------------------------------------------------------------


def test_cancel_all_from_another_thread_ends_a_wait_within_100_ms() -> None:
    started = threading.Event()

    class Listener(RequestListener):
        def on_wait(self, info: WaitInfo) -> None:
            started.set()

    client = PetStoreClient(BASE, KEY, listener=Listener(), transport=httpx.MockTransport(
        lambda r: error(429, "rate_limited", "x", {"retry-after": "30"})))
    failures: list[BaseException] = []
    ended: list[float] = []

    def run() -> None:
        try:
            client.list_pets()
        except BaseException as exc:
            failures.append(exc)
        ended.append(time.monotonic())

    thread = threading.Thread(target=run)
    thread.start()
    assert started.wait(5)
    cancelled_at = time.monotonic()
    client.cancel_all()
    thread.join(5)
    client.close()
    assert isinstance(failures[0], RequestCancelled)
    assert ended[0] - cancelled_at < 0.1


def test_a_cancelled_token_sends_nothing(make_client: MakeClient) -> None:
    client, rec = make_client(lambda r: ok([]))
    token = CancelToken()
    token.cancel()
    with pytest.raises(RequestCancelled):
        client.list_pets(cancel=token)
    assert rec.count == 0


# -- secrets -------------------------------------------------------------------


def test_the_key_never_appears_in_repr_errors_or_logs(make_client: MakeClient,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    replies = [
        error(401, "unauthorized", f"Key {KEY} is not valid"),  # a server that echoes it
        error(400, "invalid_value", f"Field 'name' bad for {KEY}"),
        httpx.Response(500, text=KEY),
        error(429, "rate_limited", KEY, {"retry-after": "1"}),
        httpx.Response(200, text=f"<html>{KEY}</html>", headers={"content-type": "text/html"}),
    ]
    texts: list[str] = []
    with caplog.at_level(logging.DEBUG):
        for reply in replies:
            client, _ = make_client(lambda r, reply=reply: reply,
                                    policy=RequestPolicy(max_retries=0))
            texts.append(repr(client))
            for call in (client.list_pets, lambda c=client: c.create_pet(
                    NewPet(name="Rex", category_id=1))):
                try:
                    call()
                except Exception as exc:
                    texts += [str(exc), repr(exc), exc.details() if hasattr(exc, "details")
                              else "", str(exc.__cause__), repr(exc.__cause__)]
    texts.append(caplog.text)
    assert texts and all(KEY not in text for text in texts)


def test_importing_the_api_loads_no_qt() -> None:
    code = ("import sys, petdesk.api; "
            "print(sorted(m for m in sys.modules if 'PySide' in m or 'shiboken' in m))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_wait_reasons_read_as_sentences() -> None:
    assert str(WaitReason.RATE_LIMITED) == "rate limited"
    assert isinstance(ServerError(), Exception)


def test_slack_after_reset_shrinks_once_the_servers_clock_is_known(
        make_client: MakeClient, clock: FakeClock) -> None:
    """A second of slack while the skew is unknown; about the real uncertainty once
    Date headers (1 s resolution) straddling second boundaries have pinned it down."""
    sent_at: list[float] = []
    resets: list[int] = []

    def respond(request: httpx.Request) -> httpx.Response:
        now = clock.time()
        sent_at.append(now)
        resets.append(int(now) + 5)
        clock.advance(0.137)  # each request takes 137 ms
        remaining = "0" if len(sent_at) in (1, 31) else "5"
        date = {} if len(sent_at) == 1 else {"date": formatdate(int(now), usegmt=True)}
        return ok([], headers={**date, "x-ratelimit-remaining": remaining,
                               "x-ratelimit-limit": "60", "x-ratelimit-reset": str(resets[-1])})

    client, _ = make_client(respond)
    client.list_pets()  # first response: quota 0, no Date header: skew unknown
    client.list_pets()
    assert sent_at[1] - resets[0] >= 1.0 - 1e-3  # a full second of slack
    for _ in range(29):
        client.list_pets()
    client.list_pets()  # the 32nd request waits for the 31st response's reset
    late_by = sent_at[31] - resets[30]
    assert 0.0 <= late_by < 0.3  # slack is now about the real uncertainty, not 1 s

