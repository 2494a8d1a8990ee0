"""Two desks, one key, one store: the quota budget of each reads what both were told.

Each desk is a :class:`PetStoreClient` with its own connection to the one store file
(:class:`StoreQuota` over its ``budget``), against one fake service that counts the
key's requests per minute on the fake clock, as the real service counts them.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import httpx
import pytest

from petdesk.api import NewPet, PetStoreClient, RateLimitedError, RequestPolicy
from petdesk.core.quota import QuotaFigures, key_fingerprint
from petdesk.services.outbox.budget import BudgetReason
from petdesk.services.outbox.remote import budget_for
from petdesk.services.worker.shared_quota import StoreQuota
from petdesk.storage.repositories import Store
from petdesk.storage.sqlite.store import SqliteStore, open_store
from tests.helpers.api_fakes import FakeClock, error, ok, pet_json
from tests.helpers.stores import API_KEY

LIMIT = 60
RESERVE = 12  # 20 % of the minute, the budget's default
ONE_ATTEMPT = RequestPolicy(max_retries=0)


class KeyQuota:
    """The service's count of one key: ``LIMIT`` a minute, whichever desk sends."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.window = -1
        self.count = 0
        self.rejected = 0
        self.early = 0
        self.retry_at = 0.0
        self.force_wait: float | None = None
        self.times: list[float] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        now = self.clock.time()
        self.times.append(now)
        start = int(now // 60) * 60
        if start != self.window:
            self.window, self.count = start, 0
        reset = {"X-RateLimit-Limit": str(LIMIT), "X-RateLimit-Reset": str(start + 60)}
        if now < self.retry_at:
            self.early += 1
        if self.force_wait is not None or self.count >= LIMIT or now < self.retry_at:
            wait = self.force_wait if self.force_wait is not None else start + 60 - now
            self.force_wait = None
            self.retry_at = max(self.retry_at, now + wait)
            self.rejected += 1
            # As the sandbox does: the reset of a 429 is when the wait ends.
            return error(429, "rate_limited", "Too many requests",
                         {**reset, "X-RateLimit-Reset": f"{self.retry_at:.0f}",
                          "X-RateLimit-Remaining": "0", "Retry-After": f"{wait:.0f}"})
        self.count += 1
        headers = {**reset, "X-RateLimit-Remaining": str(LIMIT - self.count)}
        if request.method == "POST":
            return ok(pet_json(7), status=201, headers=headers)
        return ok([], headers=headers)


@pytest.fixture
def service(clock: FakeClock) -> KeyQuota:
    clock.advance(60 - clock.time() % 60)  # a minute starts: counts are easy to read
    return KeyQuota(clock)


@pytest.fixture
def second_store(other_desk: Store) -> Store:
    """The other desk's connection to the same store (SQLite: the same file; the shared
    store: the same database)."""
    return other_desk


def _desk(store: Store, service: KeyQuota, clock: FakeClock,
          policy: RequestPolicy | None = None) -> PetStoreClient:
    return PetStoreClient("http://127.0.0.1:9/v1", API_KEY,
                          transport=httpx.MockTransport(service), clock=clock, policy=policy,
                          shared_quota=StoreQuota(lambda: store.budget, key_fingerprint(API_KEY)))


def test_background_work_of_two_desks_leaves_the_end_of_the_minute_to_people(
        store: SqliteStore, second_store: SqliteStore, service: KeyQuota,
        clock: FakeClock) -> None:
    desks = [_desk(store, service, clock), _desk(second_store, service, clock)]
    budgets = [budget_for(desk, clock) for desk in desks]
    for _ in range(LIMIT):
        for desk, budget in zip(desks, budgets, strict=True):
            if budget.background().allowed:
                desk.list_pets()
    # Together the two desks sent what one desk alone may: the reserve is untouched.
    assert service.count == LIMIT - RESERVE
    for budget in budgets:
        decision = budget.background()
        assert not decision.allowed and decision.reason is BudgetReason.RESERVE
        assert decision.wait == pytest.approx(60 + 1)  # the next minute, plus the slack
    # A person at either desk is still served, to the last request of the minute.
    for _ in range(RESERVE):
        assert budgets[1].user().allowed
        desks[1].list_pets()
    assert service.count == LIMIT and service.rejected == 0


def test_a_desk_that_slept_reads_what_the_other_desk_spent(
        store: SqliteStore, second_store: SqliteStore, service: KeyQuota,
        clock: FakeClock) -> None:
    early, busy = _desk(store, service, clock), _desk(second_store, service, clock)
    early.list_pets()  # its own last answer: 59 left
    clock.advance(5)
    while budget_for(busy, clock).background().allowed:
        busy.list_pets()
    assert early.rate_limit is not None and early.rate_limit.remaining == LIMIT - 1
    decision = budget_for(early, clock).background()
    assert not decision.allowed and decision.reason is BudgetReason.RESERVE
    quota = early.quota_now()
    assert quota is not None and quota.remaining == RESERVE


def test_a_retry_after_told_to_one_desk_holds_back_every_desk(
        store: SqliteStore, second_store: SqliteStore, service: KeyQuota,
        clock: FakeClock) -> None:
    told = _desk(store, service, clock, ONE_ATTEMPT)
    other = _desk(second_store, service, clock)
    service.force_wait = 20.0
    start = clock.time()
    with pytest.raises(RateLimitedError):
        told.list_pets()
    decision = budget_for(other, clock).background()
    assert not decision.allowed and decision.reason is BudgetReason.GATE_CLOSED
    assert decision.wait == pytest.approx(20, abs=1)
    # A person's request at the other desk waits the wait out (on the fake clock).
    other.list_pets()
    assert service.times[-1] >= start + 20
    assert service.early == 0 and service.rejected == 1


def test_a_used_up_minute_at_one_desk_closes_the_other_desks_gate(
        store: SqliteStore, second_store: SqliteStore, service: KeyQuota,
        clock: FakeClock) -> None:
    spender, other = _desk(store, service, clock), _desk(second_store, service, clock)
    other.list_pets()
    for _ in range(LIMIT - 1):
        spender.list_pets()
    assert other.gate.remaining_wait() == 0
    other.list_pets()  # waits for the next minute instead of meeting a 429
    assert service.rejected == 0
    assert service.times[-1] >= service.window


class BrokenQuota:
    """A shared store that cannot be reached."""

    def read(self) -> QuotaFigures | None:
        raise sqlite3.OperationalError("database is locked")

    def write(self, figures: QuotaFigures) -> None:
        raise sqlite3.OperationalError("database is locked")


def test_a_shared_store_that_fails_never_fails_a_request(
        service: KeyQuota, clock: FakeClock, caplog: pytest.LogCaptureFixture) -> None:
    client = PetStoreClient("http://127.0.0.1:9/v1", API_KEY,
                            transport=httpx.MockTransport(service), clock=clock,
                            shared_quota=BrokenQuota())
    created = client.create_pet(NewPet(name="Rex", category_id=1))
    assert created.id == 7
    client.list_pets()
    quota = client.quota_now()  # its own answers still pace it
    assert quota is not None and quota.remaining == LIMIT - 2
    said = [r.getMessage() for r in caplog.records if "shared quota" in r.getMessage()]
    assert said == ["the shared quota record could not be read (OperationalError): "
                    "pacing from this desk's own answers"]
    assert API_KEY not in caplog.text


def test_the_key_never_reaches_the_store(sqlite_store: SqliteStore, service: KeyQuota,
                                         clock: FakeClock, store_file: Path) -> None:
    # SQLite only: it reads the files; the shared store's counterpart is
    # tests/unit/storage/test_shared_store.py::test_the_key_never_reaches_the_shared_store.
    store = sqlite_store
    second_store = open_store(store_file, "production", clock=clock).store
    for desk in (_desk(store, service, clock), _desk(second_store, service, clock)):
        desk.list_pets()
    assert store.budget.current(key_fingerprint(API_KEY)) is not None
    store.close()
    second_store.close()
    written = b"".join(p.read_bytes() for p in store_file.parent.iterdir() if p.is_file())
    assert key_fingerprint(API_KEY).encode() in written
    assert API_KEY.encode() not in written
