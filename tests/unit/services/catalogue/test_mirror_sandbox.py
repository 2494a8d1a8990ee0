"""The catalogue mirror against the real sandbox over loopback: 5,000 pets at a small
quota (20 requests per 10-second window), with one fake clock shared by the sandbox,
the client, the budget and the filler, so quota windows pass without sleeping.

Covers the issue's "done when": the mirror fills completely with no 429, the user's
actions are served first during the fill (their waits counted), a name search finds
a pet on the last page, a pet added elsewhere appears after the next update and on
top of "newest first", and the mirror survives a restart and a corrupt file.
"""

from __future__ import annotations

import functools
import math
import queue
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from petdesk.api import PetStoreClient, RequestListener
from petdesk.core.waits import WaitInfo
from petdesk.sandbox import SandboxConfig, Store
from petdesk.services.catalogue.mirror import FillKind, FillStep, MirrorFiller, MirrorPhase
from petdesk.services.catalogue.wording import catalogue_line, search_note
from petdesk.services.outbox.background import BackgroundWork
from petdesk.services.outbox.remote import ClientMirrorRemote, ClientRemote, budget_for
from petdesk.services.outbox.sender import OutboxSender, StepKind
from petdesk.storage.db import LocalStore, open_store
from petdesk.storage.rows import Draft, MirrorQuery, MirrorSettings
from tests.helpers.api_fakes import FakeClock
from tests.helpers.sandbox_server import RunningSandbox, start_server
from tests.helpers.sandbox_store import every_pet

API_KEY = "mirror-test-key-0123456789"
PETS = 5_000
PAGES = math.ceil(PETS / 100)
WINDOW = dict(requests_per_window=20, window_seconds=10, requests_per_day=100_000)


class CountingListener(RequestListener):
    """Counts the client's waits (rate limit, quota, backoff) and requests."""

    def __init__(self) -> None:
        self.waits: list[WaitInfo] = []
        self.requests = 0

    def on_wait(self, info: WaitInfo) -> None:
        self.waits.append(info)

    def on_request(self, method: str, path: str, attempt: int) -> None:
        self.requests += 1


@dataclass
class World:
    clock: FakeClock
    sandbox: RunningSandbox
    client: PetStoreClient
    listener: CountingListener
    store_file: Path
    stores: list[LocalStore] = field(default_factory=list)

    def open(self) -> tuple[LocalStore, str | None]:
        opened = open_store(self.store_file, "production", clock=self.clock)
        self.stores.append(opened.store)
        return opened.store, opened.problem

    def filler(self, store: LocalStore) -> MirrorFiller:
        return MirrorFiller(store, ClientMirrorRemote(self.client),
                            budget_for(self.client, self.clock), self.clock)

    def served(self) -> int:
        """Requests the sandbox counted for the key (one place to change if the
        sandbox's test controls move)."""
        return self.sandbox.app.counters(API_KEY).requests

    def refused(self) -> int:
        return self.sandbox.app.counters(API_KEY).rate_limited


def _make_world(tmp_path: Path, **config: Any) -> Iterator[World]:
    clock = FakeClock()
    pets = Store(None, seed_count=PETS - 1)
    pets.add_pet("Zoë Quokkaberry", 2, "available")  # alone on the last page
    sandbox = start_server(SandboxConfig(api_keys=(API_KEY,), **{**WINDOW, **config}),
                           store=pets, clock=clock.time)
    listener = CountingListener()
    client = PetStoreClient(sandbox.base_url, API_KEY, clock=clock, listener=listener)
    world = World(clock, sandbox, client, listener, tmp_path / "store.sqlite3")
    try:
        yield world
    finally:
        for store in world.stores:
            store.close()
        client.close()
        sandbox.stop()
        pets.close()


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    yield from _make_world(tmp_path)


def _fill(filler: MirrorFiller, clock: FakeClock, *, until: FillKind = FillKind.DONE,
          max_steps: int = 1_000) -> list[FillStep]:
    """The worker's loop with nothing else to do: step, sleep (fake) as told."""
    steps: list[FillStep] = []
    for _ in range(max_steps):
        step = filler.step()
        steps.append(step)
        if step.kind is until:
            return steps
        assert step.kind in (FillKind.FETCHED, FillKind.DEFERRED), step
        clock.advance(step.wait)
    raise AssertionError("the mirror did not finish")


class Worker(threading.Thread):
    """PetDesk's one worker thread, reduced to its rule: a queued user action first,
    else one background step (at most one request)."""

    def __init__(self, filler: MirrorFiller, clock: FakeClock) -> None:
        super().__init__(daemon=True)
        self.filler = filler
        self.clock = clock
        self.actions: queue.Queue[tuple[Callable[[], object], Future[object], int]] = \
            queue.Queue()
        self.steps_started = 0
        self.filled = threading.Event()
        self.stop = threading.Event()
        #: For each user action: background steps started while it was queued.
        self.overtaken: list[int] = []

    def submit(self, action: Callable[[], object]) -> Future[object]:
        future: Future[object] = Future()
        self.actions.put((action, future, self.steps_started))
        return future

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                action, future, steps_then = self.actions.get_nowait()
            except queue.Empty:
                self._background()
                continue
            self.overtaken.append(self.steps_started - steps_then)
            try:
                future.set_result(action())
            except Exception as exc:  # handed to the test
                future.set_exception(exc)

    def _background(self) -> None:
        if self.filled.is_set():
            self.stop.wait(0.005)  # idle: wait for the next action (real time)
            return
        self.steps_started += 1
        step = self.filler.step()
        if step.kind is FillKind.DONE:
            self.filled.set()
        elif step.wait > 0:
            self.clock.advance(step.wait)


def test_the_mirror_fills_with_no_429_and_the_users_actions_go_first(world: World) -> None:
    store, _ = world.open()
    worker = Worker(world.filler(store), world.clock)
    worker.start()
    results: list[object] = []
    waits: list[float] = []
    try:
        pet_id = 1
        while not worker.filled.is_set():
            target = worker.steps_started + 5
            queued = time.perf_counter()
            look_up = worker.submit(functools.partial(world.client.get_pet, pet_id))
            results.append(look_up.result(timeout=30))
            waits.append(time.perf_counter() - queued)
            refresh = worker.submit(lambda: world.client.list_pets_page(20))
            results.append(refresh.result(timeout=30))
            pet_id += 97
            deadline = time.monotonic() + 30
            while worker.steps_started < target and not worker.filled.is_set():
                assert time.monotonic() < deadline, "the worker stopped stepping"
                worker.filled.wait(0.001)
    finally:
        worker.stop.set()
        worker.join(timeout=30)
    users = len(results)
    assert users >= 2 * (PAGES // 6)
    assert store.mirror_count() == PETS
    assert world.refused() == 0  # no 429, ever
    assert world.listener.waits == []  # no one waited for the quota or backed off
    assert world.served() == PAGES + users  # one request per page: no page twice
    assert store.mirror_state().requests_total == PAGES
    # each user action waited at most for the one background request in flight
    assert max(worker.overtaken) <= 1
    print(f"\nuser actions during the fill: {users}; waits: max "
          f"{max(waits) * 1000:.1f} ms, median {sorted(waits)[len(waits) // 2] * 1000:.1f} ms")


def test_a_name_search_finds_a_pet_on_the_last_page(world: World) -> None:
    store, _ = world.open()
    filler = world.filler(store)
    _fill(filler, world.clock)
    query = MirrorQuery("ZOE QUOKKA")
    assert [(p.id, p.name) for p in store.mirror_search(query)] == [(PETS, "Zoë Quokkaberry")]
    status = filler.status()
    note = search_note(store.mirror_search_count(query), "ZOE QUOKKA", status,
                       world.clock.time())
    assert note.startswith("1 pet whose name contains “ZOE QUOKKA” · catalogue complete as of ")
    assert catalogue_line(status, world.clock.time()).startswith(
        "Catalogue: 5,000 pets · complete as of ")


def test_a_pet_added_elsewhere_appears_after_the_next_update_on_top(world: World) -> None:
    store, _ = world.open()
    filler = world.filler(store)
    _fill(filler, world.clock)
    with httpx.Client(base_url=world.sandbox.base_url,
                      headers={"Authorization": f"Bearer {API_KEY}"}) as elsewhere:
        created = elsewhere.post("/pets", json={"name": "Pixel Elsewhere", "categoryId": 3})
    assert created.status_code == 201
    assert store.mirror_find("pixel elsewhere") == []
    assert filler.step().kind is FillKind.IDLE
    world.clock.advance(filler.settings.update_every)
    before = world.served()
    _fill(filler, world.clock)
    # From the link to the last page: that page (it was full, 4,901-5,000) and the
    # one after it; not the 51 pages of a full pass.
    assert world.served() - before == 2
    [top] = store.mirror_search(MirrorQuery(), limit=1)  # newest first
    assert (top.id, top.name) == (created.json()["id"], "Pixel Elsewhere")
    assert store.mirror_count() == PETS + 1
    assert world.refused() == 0


def test_the_mirror_resumes_after_a_restart(world: World) -> None:
    store, _ = world.open()
    first = world.filler(store)
    for _ in range(20):
        step = first.step()
        world.clock.advance(step.wait)
    halfway = store.mirror_count()
    assert 0 < halfway < PETS
    store.close()
    again, problem = world.open()
    assert problem is None
    second = world.filler(again)
    assert second.status().count == halfway
    _fill(second, world.clock)
    assert again.mirror_count() == PETS
    assert world.served() == PAGES  # resumed where it stopped: no page fetched twice
    assert world.refused() == 0


def test_a_corrupt_catalogue_file_is_set_aside_and_the_mirror_starts_over(
        world: World) -> None:
    store, _ = world.open()
    _fill(world.filler(store), world.clock, until=FillKind.FETCHED)
    store.queue(Draft("Kept add", 1, None))
    mirror_file = store.mirror_path
    assert mirror_file is not None and mirror_file.exists()
    store.close()
    mirror_file.write_bytes(b"this is not a database" * 100)
    for companion in mirror_file.parent.glob(mirror_file.name + "-*"):
        companion.unlink()
    fresh, problem = world.open()
    assert problem is None  # the store itself opens normally, before the first paint
    notice = fresh.open_mirror()  # on the worker, after the first paint
    assert notice is not None
    assert notice.startswith("PetDesk could not read its saved copy of the catalogue, so "
                             "it moved the file aside as “store.catalogue.sqlite3."
                             "unreadable-")
    assert notice.endswith("is downloading the catalogue again. Nothing else was affected.")
    assert [e.name for e in fresh.entries()] == ["Kept add"]  # the outbox is untouched
    filler = world.filler(fresh)
    assert filler.status().count == 0
    assert filler.status().phase is MirrorPhase.FILLING
    _fill(filler, world.clock)
    assert fresh.mirror_count() == PETS


def test_the_mirror_survives_a_corrupt_store_file(world: World) -> None:
    store, _ = world.open()
    _fill(world.filler(store), world.clock)
    store.close()
    world.store_file.write_bytes(b"this is not a database" * 100)
    for companion in world.store_file.parent.glob("store.sqlite3-*"):
        companion.unlink()
    fresh, problem = world.open()
    assert problem is not None and "moved the file aside" in problem
    assert fresh.open_mirror() is None
    filler = world.filler(fresh)
    assert filler.status().count == PETS and filler.status().phase is MirrorPhase.COMPLETE
    assert filler.step().kind is FillKind.IDLE  # nothing to fetch again


def test_it_stops_for_the_day_at_its_share(world: World) -> None:
    store, _ = world.open()
    filler = world.filler(store)
    filler.set_settings(MirrorSettings(daily_quota=60, day_share=0.5))
    steps = _fill(filler, world.clock, until=FillKind.DAY_DONE)
    assert world.served() == 30
    assert steps[-1].wait > 3600
    assert filler.status().phase is MirrorPhase.DAY_DONE


def test_it_stops_before_the_services_daily_quota_runs_out(tmp_path: Path) -> None:
    """The user set no plan (1,000 a day assumed) but the key allows only 40 a day:
    the headers show the day's quota in its last fifth and the mirror stops, no 429."""
    for world in _make_world(tmp_path, requests_per_day=40):
        store, _ = world.open()
        filler = world.filler(store)
        _fill(filler, world.clock, until=FillKind.DAY_DONE)
        # The headers show the day's quota only once it is tighter than the window's,
        # so the mirror stops with at least the window's reserve of the day left.
        assert 40 - world.served() >= 4
        assert world.refused() == 0
        status = filler.status()
        assert status.phase is MirrorPhase.DAY_DONE
        assert "stopped for today" in catalogue_line(status, world.clock.time())
        assert world.client.get_pet(1).id == 1  # the rest of the day is the user's


def test_the_outbox_and_the_mirror_share_one_budget_on_one_worker(world: World) -> None:
    """Adds queued during the fill go first (in order, exactly once); the fill then
    uses what is left of each window; no 429; the next update brings the adds in."""
    store, _ = world.open()
    budget = budget_for(world.client, world.clock)
    sender = OutboxSender(store, ClientRemote(world.client, budget, links=store), budget,
                          world.clock, mirror_verifies=True)
    filler = MirrorFiller(store, ClientMirrorRemote(world.client), budget, world.clock)
    sender.recover()
    names = [f"Outbox pup {n}" for n in range(12)]
    store.queue_many((Draft(name, 4, None), None) for name in names)
    work = BackgroundWork(sender, filler)
    order: list[str] = []
    for _ in range(2_000):
        step = work.step()
        if step.mirror is None:
            assert step.outbox is not None and step.outbox_changed
            order.append("outbox")
        elif step.mirror.kind is FillKind.FETCHED:
            order.append("mirror")
            assert step.mirror_changed
        elif step.mirror.kind is FillKind.DONE and step.outbox is not None \
                and step.outbox.kind is StepKind.IDLE:
            break
        world.clock.advance(0.0 if math.isinf(step.wait) else step.wait)
    else:
        raise AssertionError(f"the worker did not finish: {order[-5:]}")
    sender.close()
    assert store.pending_count() == 0
    assert order.index("mirror") > order.index("outbox")  # the adds went first
    assert [p.name for p in every_pet(world.sandbox.store)[-12:]] == names  # once, in order
    assert world.refused() == 0 and world.listener.waits == []
    # The adds were created before the fill reached the last page, so the fill listed
    # them already, or the next update does.
    world.clock.advance(filler.settings.update_every)
    _fill(filler, world.clock)
    assert store.mirror_count() == PETS + 12
    assert [p.name for p in store.mirror_search(MirrorQuery("outbox pup"))] == names[::-1]


def test_learning_the_newest_id_resumes_across_windows(world: World) -> None:
    """The outbox's listing to the last page (50 pages, 16 allowed a window) keeps its
    place when the budget stops it, so it finishes, with each page fetched once."""
    store, _ = world.open()
    budget = budget_for(world.client, world.clock)
    sender = OutboxSender(store, ClientRemote(world.client, budget, links=store), budget,
                          world.clock)
    for _ in range(20):
        result = sender.verify_floor()
        if result.kind is StepKind.FLOOR_VERIFIED:
            break
        assert result.kind is StepKind.DEFERRED
        world.clock.advance(result.wait)
    else:
        raise AssertionError("the listing never reached the last page")
    sender.close()
    assert store.newest_known_id() == PETS and store.newest_id_verified()
    assert world.served() == PAGES
    assert world.refused() == 0
