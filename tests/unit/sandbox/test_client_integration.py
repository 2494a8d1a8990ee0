"""PetStoreClient against a real sandbox over loopback.

Both sides run on the real clock here: the sandbox's windows are short (a couple
of seconds) so a quota can be used up and waited out inside a test. The sandbox
counts every request that arrives inside a Retry-After it announced
(``early_requests``); the client must never cause one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from email.utils import parsedate_to_datetime
from typing import Any

import httpx
import pytest

from petdesk.api import (
    AuthenticationError,
    BadRequestError,
    ContractError,
    NetworkError,
    NewPet,
    NotFoundError,
    OutcomeUnknownError,
    PetStatus,
    PetStoreClient,
    RateLimitedError,
    RequestListener,
    RequestPolicy,
    ServerError,
    WaitInfo,
    WaitReason,
)
from petdesk.sandbox import FaultKind, SandboxConfig
from tests.helpers.sandbox_server import RunningSandbox, start_server
from tests.unit.sandbox.cli import SandboxProcess

KEY = "integration-key-5c1d7e"
FAST = RequestPolicy(backoff_base=0.05, backoff_cap=0.2)


class Waits(RequestListener):
    def __init__(self) -> None:
        self.waits: list[WaitInfo] = []

    def on_wait(self, info: WaitInfo) -> None:
        self.waits.append(info)


Factory = Callable[..., RunningSandbox]


@pytest.fixture
def live() -> Iterator[Factory]:
    running: list[RunningSandbox] = []

    def factory(**changes: Any) -> RunningSandbox:
        values: dict[str, Any] = {"api_keys": (KEY,), "requests_per_window": 10_000,
                                  "requests_per_day": 100_000}
        values.update(changes)
        server = start_server(SandboxConfig(**values))  # real clock
        running.append(server)
        return server

    yield factory
    for server in running:
        server.stop()


def client_for(server: RunningSandbox, key: str = KEY, **kw: Any) -> PetStoreClient:
    kw.setdefault("policy", FAST)
    return PetStoreClient(server.base_url, key, timeout=5, **kw)


def use_up_quota(server: RunningSandbox, *, until_429: bool = True) -> httpx.Response:
    """Spend the key's window with a plain HTTP client: until the sandbox says 429,
    or (``until_429=False``) until it says 0 remaining, so no Retry-After is running."""
    with httpx.Client(base_url=server.base_url,
                      headers={"Authorization": f"Bearer {KEY}"}) as raw:
        for _ in range(100):
            response = raw.get("/pets", params={"limit": 1})
            if response.status_code == 429 or (
                    not until_429 and response.headers["x-ratelimit-remaining"] == "0"):
                return response
    raise AssertionError("the sandbox never ran out")


# -- spec section 7, row by row ------------------------------------------------


def test_every_row_of_section_7(live: Factory) -> None:
    server = live()
    with client_for(server) as client:
        # 400: a server stricter than the form (built without the client's validation)
        with pytest.raises(BadRequestError) as bad:
            client.create_pet(NewPet.model_construct(name="   ", category_id=1))
        assert bad.value.field == "name"
        assert bad.value.code == "invalid_value"
        with pytest.raises(BadRequestError) as bad_id:
            client.create_pet(NewPet.model_construct(name="Rex", category_id=0))
        assert bad_id.value.field == "categoryId"
        # 404
        with pytest.raises(NotFoundError):
            client.get_pet(9_000_000_000)
    # 401 on every operation
    with client_for(server, key="not-the-key") as stranger:
        for call in (stranger.list_pets, lambda: stranger.get_pet(1),
                     lambda: stranger.create_pet(NewPet(name="Rex", category_id=1))):
            with pytest.raises(AuthenticationError):
                call()
    assert server.app.counters(KEY).early_requests == 0


def test_list_create_get_round_trip(live: Factory) -> None:
    server = live()
    with client_for(server) as client:
        created = client.create_pet(NewPet(name="Zoë 🐾", category_id=3,
                                           status=PetStatus.PENDING))
        assert created.id > 0
        assert client.get_pet(created.id) == created
        pending = client.list_pets(limit=100, status=PetStatus.PENDING)
        assert pending
        assert all(p.status is PetStatus.PENDING for p in pending)
        assert len(client.list_pets(limit=1)) == 1
        lookup = client.get_pet_detailed(created.id)
        assert lookup.deprecation.source == "server"
        assert lookup.deprecation.sunset is not None
        assert lookup.deprecation.sunset.year == 2030
        assert client.rate_limit is not None
        assert client.rate_limit.limit == 10_000


def test_paging_through_link_rel_next(live: Factory) -> None:
    server = live()
    with client_for(server) as client:
        pages = list(client.iter_pages(limit=100))
    ids = [pet.id for page in pages for pet in page.pets]
    assert len(pages) == 3  # the 300 seeded animals
    assert ids == sorted(ids)
    assert len(ids) == len(set(ids)) == server.store.count()
    assert pages[-1].next_url is None


# -- rate limits: 429, both Retry-After formats, the ban rule ------------------


@pytest.mark.parametrize("fmt", ["seconds", "http-date"])
def test_quota_exhausted_429_wait_then_success_with_nothing_sent_early(
        live: Factory, fmt: str) -> None:
    server = live(requests_per_window=5, window_seconds=2, retry_after_format=fmt)
    # Another program spent the quota (without a 429): this client meets the 429 itself.
    use_up_quota(server, until_429=False)
    replies: list[httpx.Response] = []
    waits = Waits()
    with client_for(server, listener=waits) as client:
        client._sender.http.event_hooks["response"].append(replies.append)
        assert len(client.list_pets(limit=2)) == 2
    assert [r.status_code for r in replies] == [429, 200]
    announced = replies[0].headers["retry-after"]
    if fmt == "http-date":
        assert parsedate_to_datetime(announced) is not None
    else:
        assert announced.isdigit()
    counters = server.app.counters(KEY)
    assert counters.early_requests == 0  # nothing arrived inside the announced wait
    assert counters.bans == 0
    [wait] = waits.waits  # one announced wait (the 429's, or the quota's reset if later)
    assert wait.reason in (WaitReason.RATE_LIMITED, WaitReason.QUOTA_EXHAUSTED)


def test_the_client_paces_itself_by_the_headers_and_is_never_banned(live: Factory) -> None:
    server = live(requests_per_window=4, window_seconds=1, ban_after_early_requests=1)
    with client_for(server) as client:
        for _ in range(10):  # two and a half windows' worth
            client.list_pets(limit=1)
    counters = server.app.counters(KEY)
    assert counters.requests == 10
    assert counters.rate_limited == 0
    assert counters.early_requests == 0
    assert counters.bans == 0


def test_a_banned_key_gets_a_plain_error_and_the_client_sends_nothing_more(
        live: Factory) -> None:
    server = live(requests_per_window=2, window_seconds=60, ban_after_early_requests=2,
                  ban_seconds=300)
    use_up_quota(server)
    with httpx.Client(base_url=server.base_url,
                      headers={"Authorization": f"Bearer {KEY}"}) as naive:
        for _ in range(3):  # a naive client that ignores Retry-After gets the key banned
            naive.get("/pets")
        banned = naive.get("/pets")
    assert banned.json()["code"] == "key_temporarily_banned"
    assert server.app.counters(KEY).bans == 1
    seen = server.app.counters(KEY).requests
    with client_for(server) as client:
        with pytest.raises(RateLimitedError) as info:
            client.list_pets()
        assert info.value.retry_after > 200
        with pytest.raises(RateLimitedError):
            client.get_pet(1)  # the gate stays closed: not even a different call
    assert server.app.counters(KEY).requests == seen + 1


# -- fault injection: each mode gives the matching error type ------------------


@pytest.mark.parametrize(("kind", "error"), [
    (FaultKind.SERVER_ERROR, ServerError),
    (FaultKind.BAD_GATEWAY, ServerError),
    (FaultKind.MALFORMED_JSON, ContractError),
])
def test_fault_modes_on_a_list(live: Factory, kind: FaultKind,
                               error: type[Exception]) -> None:
    server = live()
    server.app.faults.fail_next(kind)
    with client_for(server) as client:
        with pytest.raises(error):
            client.list_pets()
        assert client.list_pets(limit=3)  # the next action works


@pytest.mark.parametrize("kind", [FaultKind.SERVICE_UNAVAILABLE, FaultKind.DROP_CONNECTION,
                                  FaultKind.RATE_LIMIT])
def test_transient_faults_on_a_get_are_retried(live: Factory, kind: FaultKind) -> None:
    server = live()
    server.app.faults.fail_next(kind, 2)
    waits = Waits()
    with client_for(server, listener=waits) as client:
        assert len(client.list_pets(limit=5)) == 5
    assert len(waits.waits) == 2
    assert server.app.counters(KEY).early_requests == 0


def test_a_dropped_connection_every_time_is_a_network_error(live: Factory) -> None:
    server = live()
    server.app.faults.fail_next(FaultKind.DROP_CONNECTION, 4)
    with client_for(server) as client, pytest.raises(NetworkError):
        client.list_pets()


@pytest.mark.parametrize("kind", [FaultKind.SERVER_ERROR, FaultKind.BAD_GATEWAY,
                                  FaultKind.SERVICE_UNAVAILABLE, FaultKind.DROP_CONNECTION])
def test_a_create_that_may_have_happened_is_never_sent_twice(live: Factory,
                                                            kind: FaultKind) -> None:
    server = live()
    before = server.store.count()
    seen = server.app.counters(KEY).requests
    server.app.faults.fail_next(kind)
    with client_for(server) as client, pytest.raises(OutcomeUnknownError):
        client.create_pet(NewPet(name="Once", category_id=1))
    assert server.app.counters(KEY).requests - seen <= 1
    assert server.store.count() - before <= 1


def test_a_forced_429_on_a_create_is_retried_once_it_is_safe(live: Factory) -> None:
    server = live()
    before = server.store.count()
    server.app.faults.fail_next(FaultKind.RATE_LIMIT)
    with client_for(server) as client:
        created = client.create_pet(NewPet(name="After the wait", category_id=2))
    assert server.store.count() == before + 1
    assert created.name == "After the wait"
    assert server.app.counters(KEY).early_requests == 0


def test_cancel_from_another_thread_during_a_real_wait(live: Factory) -> None:
    server = live(requests_per_window=3, window_seconds=30)
    use_up_quota(server)
    started = threading.Event()

    class Listener(RequestListener):
        def on_wait(self, info: WaitInfo) -> None:
            started.set()

    client = client_for(server, listener=Listener(),
                        policy=RequestPolicy(max_auto_wait=60))
    outcome: list[BaseException] = []
    thread = threading.Thread(target=lambda: _capture(client.list_pets, outcome))
    thread.start()
    assert started.wait(10)
    client.cancel_all()
    thread.join(5)
    client.close()
    assert not thread.is_alive()
    assert type(outcome[0]).__name__ == "RequestCancelled"


def _capture(call: Callable[[], object], into: list[BaseException]) -> None:
    try:
        call()
    except BaseException as exc:
        into.append(exc)


# -- the real petdesk-sandbox command ------------------------------------------


def test_against_the_petdesk_sandbox_command() -> None:
    proc = SandboxProcess("--api-key", KEY, "--db", ":memory:")
    try:
        proc.banner()
        with PetStoreClient(proc.base_url, KEY, timeout=5) as client:
            created = client.create_pet(NewPet(name="From the CLI", category_id=4))
            assert client.get_pet(created.id).name == "From the CLI"
            assert len(client.list_pets(limit=20)) == 20
        with PetStoreClient(proc.base_url, "wrong-key", timeout=5) as stranger, \
                pytest.raises(AuthenticationError):
            stranger.list_pets()
    finally:
        proc.stop()
