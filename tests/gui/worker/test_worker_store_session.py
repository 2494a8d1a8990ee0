"""The worker thread owns one store session per environment: opened on first use, the
same for every job, closed when the environment changes and when the thread ends."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from petdesk.api import Pet
from petdesk.core.quota import key_fingerprint
from petdesk.gui.outbox.controller import keep_looked_up
from petdesk.gui.worker.worker import Connection, Worker
from petdesk.services.keys.keystore import KeyStore, MemoryKeyring
from petdesk.storage.rows import AddKey, Draft, MirrorQuery
from tests.gui.conftest import API_KEY, FakeClock, Sandbox


@pytest.fixture
def worker(qtbot: Any, loopback: Sandbox, clock: FakeClock, tmp_path: Path) -> Any:
    keys = KeyStore(MemoryKeyring(), environ={"PETDESK_API_KEY": API_KEY})
    w = Worker(loopback.factory(), keys, Connection("production", loopback.base_url),
               clock=clock, store_folder=tmp_path)
    yield w
    assert w.shutdown(3000)


def _run(qtbot: Any, worker: Worker, fn: Any) -> Any:
    job = worker.run_task(fn)
    qtbot.waitUntil(lambda: job.outcome is not None, timeout=10_000)
    assert job.outcome is not None and job.outcome.error is None, job.outcome
    return job.outcome.value


def test_looking_creates_no_store_and_every_job_shares_one_session(
        qtbot: Any, worker: Worker, tmp_path: Path) -> None:
    assert _run(qtbot, worker, lambda ctx: ctx.has_store()) is False
    assert list(tmp_path.iterdir()) == []  # looking made no file
    first = _run(qtbot, worker, lambda ctx: ctx.session)
    _run(qtbot, worker,
         lambda ctx: ctx.session.outbox.queue_add(Draft("Rex", 1, None), AddKey.new()))
    assert _run(qtbot, worker, lambda ctx: ctx.session) is first
    assert _run(qtbot, worker, lambda ctx: ctx.has_store()) is True
    # The catalogue and the outbox read the one store: the add is there for both.
    assert _run(qtbot, worker, lambda ctx: ctx.session.outbox.look().pending) == 1


def test_another_environment_closes_the_store_and_opens_its_own(
        qtbot: Any, worker: Worker, loopback: Sandbox) -> None:
    first = _run(qtbot, worker, lambda ctx: ctx.session)
    worker.set_connection(Connection("staging", loopback.base_url))
    second = _run(qtbot, worker, lambda ctx: ctx.session)
    assert second is not first and second.store.environment == "staging"
    with pytest.raises(sqlite3.ProgrammingError):  # closed: its file is free again
        first.store.outbox.pending_count()
    assert worker.shutdown(3000)
    with pytest.raises(sqlite3.ProgrammingError):  # the thread's end closed it too
        second.store.outbox.pending_count()


def test_a_pet_the_service_answers_404_for_is_forgotten(qtbot: Any, worker: Worker) -> None:
    """A look-up's 404 drops the stored copy: offline it is not shown as current, and
    the catalogue's name search does not find it."""
    rex = Pet(id=7, name="Rex", category_id=1, status=None)
    _run(qtbot, worker, lambda ctx: ctx.session.pets.save_looked_up(rex))
    assert _run(qtbot, worker, lambda ctx: ctx.session.pets.stored_pet(7)) is not None
    _run(qtbot, worker, lambda ctx: keep_looked_up(7, None, ctx))
    assert _run(qtbot, worker, lambda ctx: ctx.session.pets.stored_pet(7)) is None
    window = _run(qtbot, worker, lambda ctx: ctx.session.catalogue.search(
        MirrorQuery("rex"), 0, 10))
    assert window.count == 0


def test_the_workers_client_shares_the_keys_quota_through_the_store(
        qtbot: Any, worker: Worker, tmp_path: Path) -> None:
    """Every answer's quota is written to the key's record in the environment's store
    (named by the key's fingerprint), and the session the services use reads the same
    store: another desk on this store reads what this one was told."""
    _run(qtbot, worker, lambda ctx: ctx.client.list_pets())
    fingerprint = key_fingerprint(API_KEY)
    record = _run(qtbot, worker, lambda ctx: ctx.session.store.budget.current(fingerprint))
    assert record is not None and record.figures.limit == 10_000
    assert record.figures.remaining == 10_000 - 1
    assert worker.shutdown(3000)
    written = b"".join(p.read_bytes() for p in tmp_path.rglob("*") if p.is_file())
    assert fingerprint.encode() in written and API_KEY.encode() not in written
