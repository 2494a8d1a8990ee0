"""A person's add whose first queueing the store kept although the caller saw the
connection fail (the answer to the COMMIT was lost): submitted again under the same
key, it is the entry already there, and the pet reaches the real sandbox once."""

from __future__ import annotations

import sqlite3
from typing import Any, cast

import psycopg
import pytest

from petdesk.api import PetStoreClient
from petdesk.core.statuses import PetStatus
from petdesk.services.outbox.sender import StepKind
from petdesk.services.outbox.service import OutboxService, WindowSender
from petdesk.storage.postgres.store import PostgresStore
from petdesk.storage.repositories import Store
from petdesk.storage.rows import AddKey, Draft, OutboxEntry, OutboxState
from tests.helpers.api_fakes import FakeClock
from tests.helpers.sandbox_store import every_pet
from tests.helpers.stores import API_KEY, AnyStore, SandboxFactory

REX = Draft("Pressed-again Rex", 2, PetStatus.AVAILABLE)


class _AnswerLostOutbox:
    """The store's outbox, whose queueing commits and then fails as the connection
    does when it dies before the COMMIT's answer arrives."""

    def __init__(self, store: AnyStore) -> None:
        self._store = store

    def queue_once(self, draft: Draft, key: AddKey) -> OutboxEntry:
        self._store.outbox.queue_once(draft, key)
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
