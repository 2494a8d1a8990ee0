"""Ban avoidance: no request ever arrives inside a Retry-After window.

Two judges, over real loopback HTTP:

* the real sandbox (:func:`tests.helpers.sandbox_server.start_server`) with a tiny quota and
  ``ban_after_early_requests=1``: its own counters must show no early request
  and no ban;
* the hostile server's ban watcher (:class:`~tests.reliability.hostile.QuotaScript`
  and the windows every 429 announces): ``server.early`` must stay empty.

Scenarios cover the quota running out (with and without X-RateLimit headers),
Retry-After as seconds and as an HTTP-date, and bursts of list/get/create from
other threads fired while the client sits in a wait.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from petdesk.api import (
    NewPet,
    PetStoreClient,
    PetStoreError,
    RequestListener,
    RequestPolicy,
    WaitInfo,
)
from petdesk.sandbox import FaultKind, SandboxConfig
from tests.helpers.sandbox_server import RunningSandbox, start_server
from tests.reliability.conftest import KEY, TIMEOUT
from tests.reliability.hostile import HostileServer, QuotaScript

POLICY = RequestPolicy(max_retries=3, backoff_base=0.01, backoff_cap=0.05, min_wait=0.05,
                       max_auto_wait=10.0, poll_interval=0.01)

Call = Callable[[PetStoreClient], object]
CALLS: list[Call] = [
    lambda c: c.list_pets(limit=5),
    lambda c: c.get_pet(1),
    lambda c: c.create_pet(NewPet(name="Pogo", category_id=2)),
]


class WaitWatch(RequestListener):
    """Sets :attr:`waiting` when the client starts a wait; records them all."""

    def __init__(self) -> None:
        self.waiting = threading.Event()
        self.waits: list[WaitInfo] = []

    def on_wait(self, info: WaitInfo) -> None:
        self.waits.append(info)
        self.waiting.set()


def mixed(n: int) -> Iterator[Call]:
    return itertools.islice(itertools.cycle(CALLS), n)


def burst_during_wait(client: PetStoreClient, watch: WaitWatch, driver: Callable[[], object],
                      threads: int = 3, per_thread: int = 3) -> list[object]:
    """Run ``driver`` (which must hit a wait); once the wait is under way, ``threads``
    other threads each fire ``per_thread`` mixed calls on the same client."""
    outcomes: list[object] = []
    with ThreadPoolExecutor(threads + 1, thread_name_prefix="burst") as pool:
        main = pool.submit(driver)
        assert watch.waiting.wait(5), "the driver never started a wait"
        bursts = [pool.submit(lambda i=i: [_try(call, client) for call in mixed(per_thread + i)])
                  for i in range(threads)]
        outcomes.append(_try(lambda c: main.result(timeout=15), client))
        for future in bursts:
            outcomes.extend(future.result(timeout=15))
    return outcomes


def _try(call: Call, client: PetStoreClient) -> object:
    try:
        return call(client)
    except PetStoreError as exc:
        return exc


# -- the real sandbox -------------------------------------------------------------------------


def _sandbox(**changes: object) -> RunningSandbox:
    values: dict[str, object] = {"api_keys": (KEY,), "requests_per_window": 1000,
                                 "requests_per_day": 100_000, "ban_after_early_requests": 1,
                                 "ban_seconds": 60}
    values.update(changes)
    return start_server(SandboxConfig(**values))  # type: ignore[arg-type]


def _assert_sandbox_clean(box: RunningSandbox) -> None:
    counters = box.app.counters(KEY)
    assert counters.early_requests == 0, counters
    assert counters.bans == 0, counters


def test_sandbox_quota_runs_out_and_the_client_waits_for_the_reset() -> None:
    """3 requests per 1 s window, 6 mixed calls in a row: the client reads
    X-RateLimit-Remaining: 0 and waits for the reset instead of provoking a 429."""
    watch = WaitWatch()
    with _sandbox(requests_per_window=3, window_seconds=1) as box, \
            PetStoreClient(box.base_url, KEY, timeout=TIMEOUT, policy=POLICY,
                           listener=watch) as client:
        outcomes = [_try(call, client) for call in mixed(6)]
        assert [o for o in outcomes if isinstance(o, PetStoreError)] == []
        _assert_sandbox_clean(box)
        assert box.app.counters(KEY).rate_limited == 0  # never even a 429
        assert watch.waits, "the quota ran out, so the client must have waited"


@pytest.mark.parametrize("fmt", ["seconds", "http-date"])
def test_sandbox_429_then_a_burst_from_other_threads_during_the_wait(fmt: str) -> None:
    watch = WaitWatch()
    with _sandbox(retry_after_format=fmt) as box, \
            PetStoreClient(box.base_url, KEY, timeout=TIMEOUT, policy=POLICY,
                           listener=watch) as client:
        box.app.faults.fail_next(FaultKind.RATE_LIMIT)
        outcomes = burst_during_wait(client, watch, lambda: client.list_pets(limit=5))
        assert [o for o in outcomes if isinstance(o, PetStoreError)] == []
        assert len(outcomes) == 1 + 3 + 4 + 5
        _assert_sandbox_clean(box)
        assert box.app.counters(KEY).rate_limited == 1


# -- the hostile ban watcher ------------------------------------------------------------------


@pytest.mark.parametrize("http_date", [False, True], ids=["seconds", "http-date"])
def test_watcher_quota_without_rate_limit_headers(http_date: bool) -> None:
    """The client learns of the quota only from 429s: each is waited out."""
    script = QuotaScript(per_window=3, retry_after=1, http_date=http_date, limit_headers=False)
    with HostileServer(script) as server, \
            PetStoreClient(server.base_url, KEY, timeout=TIMEOUT, policy=POLICY) as client:
        outcomes = [_try(call, client) for call in mixed(7)]
        assert [o for o in outcomes if isinstance(o, PetStoreError)] == []
        assert script.limited >= 1, "the quota never ran out: the scenario tested nothing"
        assert server.early == []


def test_watcher_quota_with_rate_limit_headers_never_provokes_a_429() -> None:
    script = QuotaScript(per_window=3, retry_after=1, limit_headers=True)
    with HostileServer(script) as server, \
            PetStoreClient(server.base_url, KEY, timeout=TIMEOUT, policy=POLICY) as client:
        outcomes = [_try(call, client) for call in mixed(5)]
        assert [o for o in outcomes if isinstance(o, PetStoreError)] == []
        assert script.limited == 0
        assert server.early == []


def test_watcher_burst_from_other_threads_during_a_wait() -> None:
    """A 429 puts the client in a wait; three threads fire list/get/create bursts
    meanwhile. Nothing may arrive inside the window, and the herd released when
    it ends must not run into the next window either."""
    script = QuotaScript(per_window=4, retry_after=1, limit_headers=False)
    watch = WaitWatch()
    with HostileServer(script) as server, \
            PetStoreClient(server.base_url, KEY, timeout=TIMEOUT, policy=POLICY,
                           listener=watch) as client:
        for call in mixed(4):  # use up the quota
            call(client)
        started = time.monotonic()
        outcomes = burst_during_wait(client, watch, lambda: client.list_pets(limit=5),
                                     per_thread=1)
        assert time.monotonic() - started < 15
        assert server.early == [], [(s.method, s.path) for s in server.early]
        assert script.limited >= 1
        errors = [o for o in outcomes if isinstance(o, PetStoreError)]
        assert errors == []


def test_watcher_cancelled_wait_sends_nothing() -> None:
    """Stop during a wait: the request is dropped, nothing is sent early."""
    script = QuotaScript(per_window=1, retry_after=2, limit_headers=False)
    watch = WaitWatch()
    with HostileServer(script) as server, \
            PetStoreClient(server.base_url, KEY, timeout=TIMEOUT, policy=POLICY,
                           listener=watch) as client:
        client.list_pets()
        with ThreadPoolExecutor(1) as pool:
            pending = pool.submit(_try, lambda c: c.list_pets(), client)
            assert watch.waiting.wait(5)
            before = server.count()
            t0 = time.monotonic()
            client.cancel_all()
            outcome = pending.result(timeout=5)
        assert time.monotonic() - t0 < 0.2
        assert type(outcome).__name__ == "RequestCancelled"
        assert server.count() == before
        assert server.early == []
