"""The worker-thread side of the window's outbox (Qt-free): the add dialog's adds.

Every add of the add dialog goes through the environment's outbox
(:class:`~petdesk.storage.db.LocalStore`): :func:`queue_add` writes it durably (the
dialog closes only after), then :func:`send_add` sends it at once as the user's own
request through the window's one :class:`~petdesk.services.outbox.sender.OutboxSender` (the
import's: :meth:`~petdesk.services.importing.engine.ImportEngine.outbox`). When it cannot be
sent now (no connection, a rate-limit wait longer than the in-app limit, the day's
quota spent, earlier adds still waiting) it stays WAITING, and :func:`step` sends it
later, in order, as background work. An unknown outcome is reconciled by the sender
before anything is sent again.

The functions run as worker jobs (:mod:`petdesk.gui.outbox.controller` submits them):
they load petdesk.api, so this module is imported there, never before the first paint.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pydantic import ValidationError

from petdesk.api import Pet
from petdesk.core.errors import PetStoreError
from petdesk.services.outbox.remote import ClientRemote, pet_row
from petdesk.services.outbox.sender import StepResult
from petdesk.storage.db import LocalStore
from petdesk.storage.rows import Draft, OutboxEntry, OutboxState, PetRow, StoredQuery

if TYPE_CHECKING:
    from petdesk.api import PetPage, PetStoreClient
    from petdesk.core.connection import Connection
    from petdesk.core.statuses import PetStatus
    from petdesk.services.importing.engine import ImportEngine

__all__ = ["OutboxView", "RecordingRemote", "SendReport", "cancel_add", "edit_add", "look",
           "queue_add", "save_first_page", "save_looked_up", "send_add", "settle_add", "step",
           "stored_pet"]


class RecordingRemote(ClientRemote):
    """:class:`ClientRemote` that keeps the error of the last create: a 400 is shown next
    to the field it names in the add dialog."""

    last_error: PetStoreError | None = None

    def create(self, draft: Draft) -> PetRow:
        self.last_error = None
        try:
            return super().create(draft)
        except PetStoreError as exc:
            self.last_error = exc
            raise


@dataclass(frozen=True)
class OutboxView:
    """The user's own adds still to send or check (the table's "Waiting to send" rows),
    and how many adds of any kind (imports too) are still to send (the status bar)."""

    entries: tuple[OutboxEntry, ...] = ()
    pending: int = 0


@dataclass(frozen=True)
class SendReport:
    """What a send or a background step did, and the outbox after it."""

    result: StepResult
    view: OutboxView
    #: SENT: the pet as the service has it now (for the table).
    pet: Pet | None = None
    #: The create's error, when it failed (a 400 names its field).
    error: PetStoreError | None = None


def _view(store: LocalStore) -> OutboxView:
    return OutboxView(tuple(e for e in store.entries() if e.origin is None),
                      store.pending_count())


def _pet(entry: OutboxEntry | None) -> Pet | None:
    if entry is None or entry.state is not OutboxState.SENT or entry.pet_id is None:
        return None
    try:
        return Pet(id=entry.pet_id, name=entry.name, category_id=entry.category_id,
                   status=entry.status)
    except ValidationError:
        return None


def look(engine: ImportEngine, connection: Connection) -> OutboxView:
    """The outbox as it stands (with no store file yet: empty, and no file is made)."""
    if not engine.has_store(connection):
        return OutboxView()
    with engine.outbox(connection) as (store, _sender):
        return _view(store)


def queue_add(engine: ImportEngine, connection: Connection, draft: Draft) -> int:
    """Write the add durably; its local id."""
    with engine.outbox(connection) as (store, _sender):
        return store.queue(draft).local_id


def send_add(engine: ImportEngine, connection: Connection, client: PetStoreClient,
             local_id: int) -> SendReport:
    """Send the add now, as the user's request (or leave it waiting; see the sender)."""
    with engine.outbox(connection, client) as (store, pair):
        assert pair is not None
        sender, remote = pair
        if not store.newest_id_verified():
            # Once per store: learn the newest pet id first, so an answer lost later is
            # settled by the rule's "one match: created" (never asked of the user).
            sender.verify_floor()
        remote.last_error = None
        result = sender.send_now(local_id)
        return SendReport(result, _view(store), _pet(result.entry), remote.last_error)


def step(engine: ImportEngine, connection: Connection, client: PetStoreClient) -> SendReport:
    """One background step of the sender (at most one request)."""
    with engine.outbox(connection, client) as (store, pair):
        assert pair is not None
        result = pair[0].step()
        entry = result.entry
        pet = _pet(entry) if entry is not None and entry.origin is None else None
        return SendReport(result, _view(store), pet)


def keep_add(engine: ImportEngine, connection: Connection, draft: Draft) -> OutboxView:
    """Write an add durably without sending it now ("Send later"): the outbox's stepping
    sends it when the gate allows."""
    with engine.outbox(connection) as (store, _sender):
        store.queue(draft)
        return _view(store)


def edit_add(engine: ImportEngine, connection: Connection, local_id: int,
             draft: Draft) -> OutboxView:
    """Change a waiting add (:class:`~petdesk.storage.db.OutboxError` once it is being sent)."""
    with engine.outbox(connection) as (store, _sender):
        store.edit(local_id, draft)
        return _view(store)


def settle_add(engine: ImportEngine, connection: Connection, local_id: int,
               pet_id: int | None) -> OutboxView:
    """The user's answer after a lost answer matched several pets: it is ``pet_id``, or
    (``None``) none of them, and it is sent again."""
    with engine.outbox(connection) as (store, _sender):
        if pet_id is None:
            store.send_again(local_id)
        else:
            store.choose_created(local_id, pet_id)
        return _view(store)


def cancel_add(engine: ImportEngine, connection: Connection, local_id: int) -> OutboxView:
    """Cancel a waiting add (:class:`~petdesk.storage.db.OutboxError` once it is being sent)."""
    with engine.outbox(connection) as (store, _sender):
        store.cancel(local_id)
        return _view(store)


def save_first_page(engine: ImportEngine, connection: Connection, status: PetStatus | None,
                    limit: int, page: PetPage) -> None:
    """Keep a fresh first page for the next start (and for working offline)."""
    with engine.outbox(connection) as (store, _sender):
        store.save_page(StoredQuery(status, limit), [pet_row(p) for p in page.pets],
                        next_url=page.next_url)


def save_looked_up(engine: ImportEngine, connection: Connection, pet: Pet) -> None:
    """Keep a pet looked up by id, for a look-up while offline."""
    with engine.outbox(connection) as (store, _sender):
        store.save_looked_up(pet_row(pet))


def stored_pet(engine: ImportEngine, connection: Connection,
               pet_id: int) -> tuple[Pet, float] | None:
    """The stored copy of pet ``pet_id`` and when it was fetched: looked up by id, or
    on a stored page (the most recent). ``None`` when none is stored."""
    if not engine.has_store(connection):
        return None
    with engine.outbox(connection) as (store, _sender):
        found = store.looked_up(pet_id)
        if found is not None:
            row, when = found.pet, found.fetched_at
        else:
            pages = [p for p in map(store.stored_page, store.stored_queries()) if p]
            seen = [(p.updated_at, r) for p in pages for r in p.rows if r.id == pet_id]
            if not seen:
                return None
            when, row = max(seen, key=lambda pair: pair[0])
    try:
        return Pet(id=row.id, name=row.name, category_id=row.category_id,
                   status=row.status), when
    except ValidationError:
        return None
