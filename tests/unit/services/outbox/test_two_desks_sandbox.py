"""Two desks of one shelter against one real sandbox at the Free plan's limits.

Each desk is a worker session of its own (:class:`WorkSession`, its own connection to
the ONE store file) with its own :class:`PetStoreClient` over loopback, both with the
key's shared quota in that store, as the worker builds them. One desk drains a long
outbox, the other fills a catalogue of 3,000 pets: background work, together. The
sandbox counts on the same fake clock the desks wait on, so minutes pass without
sleeping. A person at the second desk asks for the first page ten seconds before
each minute ends.
"""

from __future__ import annotations

import collections
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from petdesk.api import PetStoreClient, RequestListener, RequestPolicy
from petdesk.core.connection import Connection
from petdesk.core.quota import key_fingerprint
from petdesk.core.statuses import PetStatus
from petdesk.sandbox import SandboxConfig
from petdesk.sandbox.faults import FaultKind
from petdesk.sandbox.store import Store as SandboxStore
from petdesk.services.outbox.remote import budget_for
from petdesk.services.worker.session import WorkSession
from petdesk.services.worker.shared_quota import StoreQuota
from petdesk.storage.paths import store_file
from petdesk.storage.rows import AddKey, Draft
from petdesk.storage.sqlite.store import open_store
from tests.helpers.api_fakes import FakeClock
from tests.helpers.faults import ScriptedFaults
from tests.helpers.sandbox_server import RunningSandbox, start_server
from tests.helpers.stores import API_KEY

FREE_PER_MINUTE = 60
RESERVE = 12  # the budget's 20 % of the minute
ADDS = 150
MINUTES = 3
#: How long one request takes on the fake clock.
REQUEST_TIME = 0.25
#: The desks take turns on one thread: a desk told to wait longer than this gives its
#: turn back (the step says how long to wait) instead of sitting the wait out, as a
#: desk of its own would while the other one went on.
POLICY = RequestPolicy(max_auto_wait=10.0)


@dataclass
class Requests(RequestListener):
    """The times requests left a desk, on the fake clock."""

    clock: FakeClock
    times: list[float] = field(default_factory=list)

    def on_request(self, method: str, path: str, attempt: int) -> None:
        self.times.append(self.clock.time())


@pytest.fixture
def sandbox(clock: FakeClock) -> Iterator[RunningSandbox]:
    pets = SandboxStore(None, seed_count=3_000)
    running = start_server(SandboxConfig(api_keys=(API_KEY,)), pets, clock=clock.time)
    yield running
    running.stop()
    pets.close()


@dataclass
class Desk:
    session: WorkSession
    client: PetStoreClient
    requests: Requests


def _desk(sandbox: RunningSandbox, folder: Path, clock: FakeClock) -> Desk:
    connection = Connection("production", sandbox.base_url)
    opened = open_store(store_file(connection, folder), connection.environment, clock=clock)
    session = WorkSession(opened.store, clock)
    listener = Requests(clock)
    client = PetStoreClient(sandbox.base_url, API_KEY, clock=clock, listener=listener,
                            policy=POLICY,
                            shared_quota=StoreQuota(lambda: session.store.budget,
                                                    key_fingerprint(API_KEY)))
    return Desk(session, client, listener)


@dataclass
class Shelter:
    """The two desks at work: one drains the outbox, one fills the catalogue; a person
    at the second asks for the first page ten seconds before each minute ends."""

    sandbox: RunningSandbox
    clock: FakeClock
    drainer: Desk
    filler: Desk
    served: list[float] = field(default_factory=list)

    def drain(self) -> float:
        report = self.drainer.session.outbox.step(self.drainer.client)
        return math.inf if report.view.pending == 0 else report.result.wait

    def fill(self) -> float:
        return self.filler.session.catalogue.step(lambda: self.filler.client).wait

    def person(self) -> None:
        assert budget_for(self.filler.client, self.clock).user().allowed
        asked = self.clock.time()
        self.filler.client.list_pets()
        self.served.append(asked)

    def run(self, minutes: int, *, fault_at: float | None = None) -> None:
        clock = self.clock
        work = {self.drain: clock.time(), self.fill: clock.time()}
        end = clock.time() + minutes * 60
        person_at = clock.time() + 50
        while clock.time() < end:
            step, due = min(work.items(), key=lambda item: item[1])
            if fault_at is not None and fault_at <= min(due, person_at):
                clock.advance(max(0.0, fault_at - clock.time()))
                assert isinstance(self.sandbox.app.faults, ScriptedFaults)
                self.sandbox.app.faults.fail_next(FaultKind.RATE_LIMIT)
                fault_at = None
                continue
            if person_at <= min(due, end):
                clock.advance(max(0.0, person_at - clock.time()))
                self.person()
                person_at += 60
                continue
            if due >= end:
                break
            clock.advance(max(0.0, due - clock.time()))
            wait = step()
            clock.advance(REQUEST_TIME)
            work[step] = clock.time() + wait

    def background(self) -> list[float]:
        """When the background requests left, both desks."""
        return self.drainer.requests.times + [t for t in self.filler.requests.times
                                              if t not in self.served]

    def close(self) -> None:
        for desk in (self.drainer, self.filler):
            desk.client.close()
            desk.session.close()


@pytest.fixture
def shelter(sandbox: RunningSandbox, clock: FakeClock, tmp_path: Path) -> Iterator[Shelter]:
    assert sandbox.app.config.requests_per_window == FREE_PER_MINUTE
    clock.advance(60 - clock.time() % 60)
    drainer, filler = (_desk(sandbox, tmp_path / "data", clock) for _ in range(2))
    assert drainer.session.store.path == filler.session.store.path  # ONE store file
    for number in range(ADDS):
        drainer.session.outbox.queue_add(Draft(f"Shared {number}", 1 + number % 3,
                                               PetStatus.AVAILABLE), AddKey.new())
    shelter = Shelter(sandbox, clock, drainer, filler)
    yield shelter
    shelter.close()


def test_two_desks_stay_inside_the_plan_and_leave_the_end_of_each_minute_to_people(
        shelter: Shelter) -> None:
    shelter.run(MINUTES)
    counters = shelter.sandbox.app.counters(API_KEY)
    assert (counters.rate_limited, counters.early_requests, counters.bans) == (0, 0, 0)
    # A person was served ten seconds before every minute's end, at once.
    assert len(shelter.served) == MINUTES
    # Both desks worked in every minute, and together left the reserve untouched
    # until the drainer may borrow it in the minute's last five seconds.
    background = shelter.background()
    per_minute = collections.Counter(int(t // 60) for t in background)
    before_lending = collections.Counter(int(t // 60) for t in background if t % 60 < 55)
    assert len(per_minute) == MINUTES
    assert max(before_lending.values()) <= FREE_PER_MINUTE - RESERVE
    assert {int(t // 60) for t in shelter.drainer.requests.times} == set(per_minute)
    assert {int(t // 60) for t in shelter.filler.requests.times} == set(per_minute)
    assert shelter.sandbox.store.count() > 3_000  # the drainer's adds arrived


def test_a_retry_after_one_desk_is_given_keeps_both_desks_out_until_it_ends(
        shelter: Shelter) -> None:
    assert isinstance(shelter.sandbox.app.faults, ScriptedFaults)
    shelter.sandbox.app.faults.configure(retry_after_seconds=30)
    shelter.run(2, fault_at=shelter.clock.time() + 2)  # while both desks are sending
    counters = shelter.sandbox.app.counters(API_KEY)
    # The one 429 the sandbox was told to give, and not one request early after it.
    assert (counters.rate_limited, counters.early_requests, counters.bans) == (1, 0, 0)
    assert len(shelter.served) == 2
