"""A person's add whose first queueing the store kept although the caller saw the
connection fail (the answer to the COMMIT was lost): submitted again under the same
key, it is the entry already there, and the pet reaches the real sandbox once."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any, cast

import psycopg
import pytest

from petdesk.api import PetStoreClient
from petdesk.core.statuses import PetStatus
from petdesk.services.outbox.sender import StepKind
from petdesk.services.outbox.service import OutboxService, WindowSender
from petdesk.services.shared.move import MoveReport, move_waiting_adds
from petdesk.storage.postgres.store import PostgresStore
from petdesk.storage.repositories import Store
from petdesk.storage.rows import AddKey, Draft, OutboxEntry, OutboxState
from petdesk.storage.sqlite.store import open_store
from tests.helpers.api_fakes import FakeClock
from tests.helpers.sandbox_store import every_pet
from tests.helpers.stores import API_KEY, AnyStore, SandboxFactory

REX = Draft("Pressed-again Rex", 2, PetStatus.AVAILABLE)


class _AnswerLostOutbox:
    """The store's outbox, whose queueing commits and then fails as the connection
    does when it dies before the COMMIT's answer arrives."""

    def __init__(self, store: AnyStore) -> None:
        self._store = store

    def queue_once(self, draft: Draft, key: AddKey, *, held: bool = False) -> OutboxEntry:
        self._store.outbox.queue_once(draft, key, held=held)
        if isinstance(self._store, PostgresStore):
            raise psycopg.OperationalError("server closed the connection unexpectedly")
        raise sqlite3.OperationalError("disk I/O error")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store.outbox, name)


class _AnswerLostStore:
    """``store`` with :class:`_AnswerLostOutbox` as its outbox."""

    def __init__(self, store: AnyStore) -> None:
        self._store = store
        self.outbox = _AnswerLostOutbox(store)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)


def test_an_add_kept_though_its_answer_was_lost_is_queued_and_sent_once_when_submitted_again(
        store: AnyStore, other_desk: AnyStore, make_sandbox: SandboxFactory,
        clock: FakeClock) -> None:
    sandbox = make_sandbox()
    key = AddKey.new()
    lost = cast(Store, _AnswerLostStore(store))
    with pytest.raises((psycopg.OperationalError, sqlite3.OperationalError)):
        OutboxService(lost, WindowSender(lost, clock)).queue_add(REX, key)
    # The desk opens the store again (a new connection) and the person presses Add again.
    again = OutboxService(other_desk, WindowSender(other_desk, clock))
    with PetStoreClient(sandbox.base_url, API_KEY, clock=clock) as client:
        report = again.send_add(client, again.queue_add(REX, key))

    assert report.result.kind is StepKind.SENT
    assert report.pet is not None and report.pet.name == REX.name
    assert [(e.name, e.state) for e in other_desk.outbox.entries(include_finished=True)] == [
        (REX.name, OutboxState.SENT)]
    assert [p.id for p in every_pet(sandbox.store) if p.name == REX.name] == [report.pet.id]
    assert report.view.pending == 0


def test_pressed_again_here_while_the_shared_store_is_down_it_waits_and_is_created_once(
        store: AnyStore, make_sandbox: SandboxFactory, clock: FakeClock,
        tmp_path: Path) -> None:
    """The shared store kept the add, its answer was lost, and it is down when the
    person presses Add again: this computer keeps the add without sending it, and the
    rejoin's move finds it in the shared outbox already."""
    sandbox = make_sandbox()
    key = AddKey.new()
    lost = cast(Store, _AnswerLostStore(store))
    with pytest.raises((psycopg.OperationalError, sqlite3.OperationalError)):
        OutboxService(lost, WindowSender(lost, clock)).queue_add(REX, key)
    opened = open_store(tmp_path / "desk" / "store-production.sqlite3", "production",
                        clock=clock)
    assert opened.problem is None
    local = opened.store
    local_sender = WindowSender(local, clock)
    here = OutboxService(local, local_sender, shared_store_down=True)
    with PetStoreClient(sandbox.base_url, API_KEY, clock=clock) as client:
        report = here.send_add(client, here.queue_add(REX, key, maybe_on_shared=True))
        assert report.result.kind is StepKind.UNTIL_SHARED_STORE
        assert [e.name for e in report.view.entries] == [REX.name]  # shown waiting
        kinds = [here.step(client).result.kind for _ in range(3)]
        assert kinds[-1] is StepKind.IDLE and StepKind.SENT not in kinds  # nor by the drain
        assert [p for p in every_pet(sandbox.store) if p.name == REX.name] == []
        local_sender.close()

        assert move_waiting_adds(local, store) == MoveReport(already_there=1)
        there = OutboxService(store, WindowSender(store, clock))
        while there.step(client).result.kind is not StepKind.IDLE:
            pass

    assert [(e.name, e.state) for e in store.outbox.entries(include_finished=True)] == [
        (REX.name, OutboxState.SENT)]
    assert len([p for p in every_pet(sandbox.store) if p.name == REX.name]) == 1
    assert local.outbox.pending_count() == 0
    local.close()
