"""The import through the real outbox and the real client, against a sandbox on loopback
(its clock and the client's are one fake clock, so waits for the day's quota take no time).
"""

from __future__ import annotations

import argparse
import io
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from petdesk.api import PetStoreClient
from petdesk.sandbox import SandboxConfig
from petdesk.services.importing.duplicates import KnownPets
from petdesk.services.importing.eta import PLANS
from petdesk.services.importing.headless import (
    LONG_WAIT,
    ExitStatus,
    QueueWait,
    SendEvent,
    add_import_arguments,
    run_import,
)
from petdesk.services.importing.outbox import (
    ImportRun,
    OutboxImportQueue,
    StoreMappingMemory,
    batch_for_file,
    batch_of,
    earlier_import,
    import_budget_for,
    known_pets,
)
from petdesk.services.importing.preview import PlannedPet
from petdesk.services.importing.report import Outcome
from petdesk.services.importing.session import inspect_file, preview_file
from petdesk.services.importing.writers import write_report
from petdesk.services.outbox.remote import ClientRemote
from petdesk.services.outbox.sender import OutboxSender
from petdesk.storage.db import LocalStore, open_store
from petdesk.storage.rows import OutboxState
from tests.helpers.api_fakes import FakeClock
from tests.helpers.sandbox_server import RunningSandbox, start_server
from tests.helpers.sandbox_store import every_pet
from tests.unit.services.importing.files import write_csv, write_xlsx

KEY = "import-test-key-0123456789"


class Rig:
    """A sandbox, a client, a store and the import queue, all on one fake clock."""

    def __init__(self, tmp: Path, *, per_window: int = 10_000, per_day: int = 100_000,
                 give_up_after: float | None = None) -> None:
        self.clock = FakeClock()
        self.sandbox: RunningSandbox = start_server(
            SandboxConfig(api_keys=(KEY,), requests_per_window=per_window,
                          requests_per_day=per_day), clock=self.clock.time)
        self.client = PetStoreClient(self.sandbox.base_url, KEY, clock=self.clock)
        self.store: LocalStore = open_store(tmp / "store.sqlite3", "production",
                                            clock=self.clock).store
        budget = import_budget_for(self.client, self.clock)
        self.sender = OutboxSender(self.store, ClientRemote(self.client, budget,
                                                            links=self.store),
                                   budget, self.clock)
        self.queue = OutboxImportQueue(self.store, self.clock, drive=self.sender.step,
                                       reading=lambda: self.client.rate_limit,
                                       give_up_after=give_up_after)

    def close(self) -> None:
        self.sender.close()
        self.store.close()
        self.client.close()
        self.sandbox.stop()

    def names_on_server(self) -> Counter[str]:
        return Counter(p.name for p in every_pet(self.sandbox.store))

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.clock.time(), UTC)


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    made = Rig(tmp_path)
    yield made
    made.close()


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="petdesk import")
    add_import_arguments(parser)
    return parser.parse_args(list(argv))


def _intake(path: Path, count: int, prefix: str = "Import") -> Path:
    rows: list[list[object]] = [["Animal name", "Category", "Status"]]
    rows += [[f"{prefix} {i}", 1 + i % 5, "available"] for i in range(count)]
    return write_xlsx(path, rows)


def _run(rig: Rig, source: Path, *argv: str) -> tuple[ExitStatus, str]:
    err = io.StringIO()
    status = run_import(_args(str(source), *argv), queue=rig.queue,
                        known=known_pets(rig.store, batch_for_file(source)), plan=PLANS["pro"],
                        err=err, now=rig.now, memory=StoreMappingMemory(rig.store),
                        earlier=earlier_import(rig.store, batch_for_file(source)))
    return status, err.getvalue()


def _planned(rig: Rig, source: Path) -> list[PlannedPet]:
    layout = inspect_file(source)
    return preview_file(layout, layout.mapping, KnownPets()).to_send()


def test_an_import_is_sent_once_and_a_rerun_queues_nothing(rig: Rig, tmp_path: Path) -> None:
    source = _intake(tmp_path / "intake.xlsx", 25)
    status, err = _run(rig, source, "--report", str(tmp_path / "report.csv"))
    assert status is ExitStatus.OK, err
    assert "Queued 25 pets (0 were already queued)." in err
    assert "25 of 25 · done" in err
    names = rig.names_on_server()
    assert all(names[f"Import {i}"] == 1 for i in range(25))
    status, err = _run(rig, source)  # the same file again: nothing to send, none sent
    assert status is ExitStatus.OK, err
    assert "Queued" not in err
    assert ("25 rows: 0 ready, 0 invalid, 0 possible duplicates, 25 already added by an "
            "earlier import of this file") in err
    assert err.rstrip().endswith(", …), nothing sent")
    assert rig.names_on_server() == names
    entries = rig.store.entries_from(batch_for_file(source))
    assert [e.origin for e in entries] == [f"{batch_for_file(source)}row:{n}"
                                           for n in range(2, 27)]
    assert {e.state for e in entries} == {OutboxState.SENT}


def test_events_carry_the_pet_id_and_the_rate_headers(rig: Rig, tmp_path: Path) -> None:
    source = _intake(tmp_path / "in.xlsx", 3)
    planned = _planned(rig, source)
    assert rig.queue.enqueue_import(planned) == 3
    assert rig.queue.enqueue_import(planned) == 0
    events = [e for e in rig.queue.follow([p.key for p in planned]) if isinstance(e, SendEvent)]
    by_name = {p.name: p.id for p in every_pet(rig.sandbox.store)}
    assert [(e.outcome, e.pet_id) for e in events] == [
        (Outcome.ADDED, by_name[f"Import {i}"]) for i in range(3)]
    assert all(e.rate_limit is not None for e in events)
    assert rig.queue.results(batch_of(planned[0].key)).keys() == {p.key for p in planned}


def test_pause_resume_and_cancel_a_batch(rig: Rig, tmp_path: Path) -> None:
    source = _intake(tmp_path / "in.xlsx", 6)
    planned = _planned(rig, source)
    batch = batch_of(planned[0].key)
    rig.queue.enqueue_import(planned)
    assert rig.queue.pause(batch) == 6
    progress = rig.queue.progress(batch)
    assert progress.paused and progress.total == 6 and progress.done == 0
    events = list(rig.queue.follow([p.key for p in planned]))
    assert {e.outcome for e in events if isinstance(e, SendEvent)} == {Outcome.WAITING}
    assert all("Paused" in e.reason for e in events if isinstance(e, SendEvent))
    assert rig.names_on_server()["Import 0"] == 0
    assert rig.queue.resume(batch) == 6
    first = planned[:2]
    list(rig.queue.follow([p.key for p in first]))  # sends in order: the first two (at least)
    sent = rig.queue.progress(batch).added
    assert 2 <= sent < 6
    assert rig.queue.cancel(batch) == 6 - sent
    events = [e for e in rig.queue.follow([p.key for p in planned]) if isinstance(e, SendEvent)]
    assert Counter(e.outcome for e in events) == {Outcome.ADDED: sent,
                                                  Outcome.CANCELLED: 6 - sent}
    assert sum(rig.names_on_server()[f"Import {i}"] for i in range(6)) == sent
    assert rig.queue.progress(batch).finished


def test_a_rerun_after_a_crash_mid_send_reconciles_and_never_sends_twice(
        rig: Rig, tmp_path: Path) -> None:
    source = _intake(tmp_path / "in.xlsx", 4)
    planned = _planned(rig, source)
    rig.queue.enqueue_import(planned)
    rig.sender.verify_floor()
    first = rig.store.entries_from(batch_of(planned[0].key))[0]
    rig.store.mark_sending(first.local_id)
    rig.sandbox.store.add_pet(first.name, first.category_id, "available")  # the server got it
    rig.sender.close()  # "the app died": the next sender recovers the entry
    status, err = _run(rig, source)
    assert status is ExitStatus.OK, err
    assert all(rig.names_on_server()[f"Import {i}"] == 1 for i in range(4))


def test_the_day_quota_stops_a_no_wait_run_then_a_waiting_run_finishes_tomorrow(
        tmp_path: Path) -> None:
    rig = Rig(tmp_path, per_day=30, give_up_after=LONG_WAIT)
    try:
        source = write_csv(tmp_path / "day.csv", [["Name", "Category ID"]] +
                           [[f"Day {i}", 2] for i in range(40)])
        status, err = _run(rig, source, "--no-wait")
        assert status is ExitStatus.PARTIAL, err
        left = rig.store.pending_count()
        assert 10 <= left < 40
        assert (f"today's quota is used up: the other {left} wait for tomorrow, "
                "from 00:00 UTC") in err
        assert f"{left} waiting to send" in err
        assert sum(n for name, n in rig.names_on_server().items()
                   if name.startswith("Day ")) == 40 - left
        rig.queue = OutboxImportQueue(rig.store, rig.clock, drive=rig.sender.step,
                                      reading=lambda: rig.client.rate_limit)
        status, err = _run(rig, source)  # waits for tomorrow on the (fake) clock
        assert status is ExitStatus.OK, err
        assert rig.sandbox.app.counters(KEY).rate_limited == 0
        assert rig.now().date() > datetime(2027, 1, 15, tzinfo=UTC).date()
        days = Counter({k: n for k, n in rig.names_on_server().items() if k.startswith("Day ")})
        assert days == Counter(f"Day {i}" for i in range(40))
    finally:
        rig.close()


def test_the_budget_keeps_the_reserve_until_the_window_is_about_to_reset(
        tmp_path: Path) -> None:
    rig = Rig(tmp_path, per_window=20)
    try:
        source = _intake(tmp_path / "in.xlsx", 45)
        waits: list[float] = []
        planned = _planned(rig, source)
        rig.queue.enqueue_import(planned)
        for item in rig.queue.follow([p.key for p in planned]):
            if isinstance(item, QueueWait):
                waits.append(item.seconds)
        names = rig.names_on_server()
        assert [names[f"Import {i}"] for i in range(45)] == [1] * 45
        counters = rig.sandbox.app.counters(KEY)
        assert (counters.rate_limited, counters.early_requests, counters.bans) == (0, 0, 0)
        assert counters.requests > 45  # and the floor's listing
        assert waits and max(waits) < 61
    finally:
        rig.close()


def test_the_window_drives_an_import_run_with_its_own_sender(rig: Rig, tmp_path: Path) -> None:
    source = _intake(tmp_path / "in.xlsx", 8)
    layout = inspect_file(source)
    preview = preview_file(layout, layout.mapping, known_pets(rig.store, None))
    watcher = OutboxImportQueue(rig.store, rig.clock)  # no drive: the worker sends
    run = ImportRun(watcher, preview)
    assert run.start() == 8
    assert run.start() == 0
    progress, fresh = run.poll()
    assert (progress.total, progress.done, fresh) == (8, 0, [])
    assert run.progress_text(progress, PLANS["free"], None, now=rig.now()) == \
        "0 of 8 · less than a minute left at 60 a minute"
    for _ in range(4):  # the worker's steps between the user's requests
        rig.sender.step()
    progress, fresh = run.poll()
    assert 1 <= progress.added == len(fresh) < 8
    assert all(event.outcome is Outcome.ADDED and event.pet_id for event in fresh)
    run.pause()
    progress, _ = run.poll()
    assert progress.paused
    assert run.progress_text(progress, PLANS["free"], None, now=rig.now()).endswith("· paused")
    run.resume()
    rig.sender.step()
    run.cancel()
    progress, _ = run.poll()
    assert progress.finished and progress.cancelled > 0
    assert run.report.count(Outcome.ADDED) == progress.added
    assert run.report.count(Outcome.CANCELLED) == progress.cancelled
    write_report(run.report, tmp_path / "report.xlsx")
    assert (tmp_path / "report.xlsx").stat().st_size > 0
