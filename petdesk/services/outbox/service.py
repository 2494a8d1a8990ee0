"""The window's outbox on the worker thread (Qt-free): the add dialog's adds.

Every add of the add dialog goes through the environment's outbox: :meth:`OutboxService.
queue_add` writes it durably (the dialog closes only after), then :meth:`~OutboxService.
send_add` sends it at once as the user's own request through the window's one
:class:`~petdesk.services.outbox.sender.OutboxSender` (:class:`WindowSender`, shared with
the import). When it cannot be sent now (no connection, a rate-limit wait longer than
the in-app limit, the day's quota spent, earlier adds still waiting) it stays WAITING,
and :meth:`~OutboxService.step` sends it later, in order, as background work. An unknown
outcome is reconciled by the sender before anything is sent again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pydantic import ValidationError

from petdesk.api import Pet
from petdesk.core.errors import PetStoreError
from petdesk.services.importing.outbox import import_budget_for
from petdesk.services.outbox.remote import ClientRemote
from petdesk.services.outbox.sender import OutboxSender, StepKind, StepResult
from petdesk.services.outbox.view import OutboxView
from petdesk.storage.repositories import Store
from petdesk.storage.rows import AddKey, Draft, OutboxEntry, OutboxState, PetRow

if TYPE_CHECKING:
    from petdesk.api import PetStoreClient
    from petdesk.core.clock import Clock

__all__ = ["OutboxService", "RecordingRemote", "SendReport", "WindowSender"]


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
class SendReport:
    """What a send or a background step did, and the outbox after it."""

    result: StepResult
    view: OutboxView
    #: SENT: the pet as the service has it now (for the table).
    pet: Pet | None = None
    #: The create's error, when it failed (a 400 names its field).
    error: PetStoreError | None = None


class WindowSender:
    """The one sender of the store's outbox in this process (the window's adds and its
    imports): it holds the store's sender lock. Rebuilt for each client (a new key,
    another address), whose live quota its budget reads."""

    def __init__(self, store: Store, clock: Clock) -> None:
        self._store = store
        self._clock = clock
        self._client: PetStoreClient | None = None
        self._pair: tuple[OutboxSender, RecordingRemote] | None = None

    def for_client(self, client: PetStoreClient) -> tuple[OutboxSender, RecordingRemote]:
        if self._pair is None or client is not self._client:
            self.close()
            budget = import_budget_for(client, self._clock)
            remote = RecordingRemote(client, budget, links=self._store.meta)
            self._pair = OutboxSender(self._store, remote, budget, self._clock), remote
            self._client = client
        return self._pair

    def close(self) -> None:
        """Let another PetDesk send the outbox."""
        if self._pair is not None:
            self._pair[0].close()
        self._pair = self._client = None


def _pet(entry: OutboxEntry | None) -> Pet | None:
    if entry is None or entry.state is not OutboxState.SENT or entry.pet_id is None:
        return None
    try:
        return Pet(id=entry.pet_id, name=entry.name, category_id=entry.category_id,
                   status=entry.status)
    except ValidationError:
        return None


class OutboxService:
    """The outbox of one store, for the window."""

    def __init__(self, store: Store, sender: WindowSender, *,
                 shared_store_down: bool = False) -> None:
        self._store = store
        self._sender = sender
        #: The store is this computer's because the desk's shared store is down.
        self._shared_store_down = shared_store_down

    def look(self) -> OutboxView:
        """The user's own adds still to send or check, and how many adds wait."""
        outbox = self._store.outbox
        return OutboxView(tuple(e for e in outbox.entries() if e.own),
                          outbox.pending_count())

    def queue_add(self, draft: Draft, key: AddKey, *, maybe_on_shared: bool = False) -> int:
        """Write the add durably under its idempotency ``key``; its local id. The same
        add submitted again (the store's answer to the first was lost, though it may
        have kept it) is the entry already queued, never a second one.

        ``maybe_on_shared``: the shared store's answer to an earlier press was lost.
        When this store is this computer's while the shared one is down, the add is
        kept here held: sent from here, it would be created a second time when the
        shared store's copy is sent; it moves there on the rejoin, once."""
        held = maybe_on_shared and self._shared_store_down
        return self._store.outbox.queue_once(draft, key, held=held).local_id

    def send_add(self, client: PetStoreClient, local_id: int) -> SendReport:
        """Send the add now, as the user's request (or leave it waiting; see the sender)."""
        entry = self._store.outbox.entry(local_id)
        if entry.held and entry.state is OutboxState.WAITING:
            return SendReport(StepResult(StepKind.UNTIL_SHARED_STORE, entry), self.look())
        sender, remote = self._sender.for_client(client)
        if not self._store.meta.newest_id_verified():
            # Once per store: learn the newest pet id first, so an answer lost later is
            # settled by the rule's "one match: created" (never asked of the user).
            sender.verify_floor()
        remote.last_error = None
        result = sender.send_now(local_id)
        return SendReport(result, self.look(), _pet(result.entry), remote.last_error)

    def step(self, client: PetStoreClient) -> SendReport:
        """One background step of the sender (at most one request)."""
        result = self._sender.for_client(client)[0].step()
        entry = result.entry
        pet = _pet(entry) if entry is not None and entry.own else None
        return SendReport(result, self.look(), pet)

    def keep_add(self, draft: Draft, key: AddKey, *, maybe_on_shared: bool) -> OutboxView:
        """Write an add durably without sending it now ("Send later"), under its
        ``key`` as :meth:`queue_add`: the outbox's stepping sends it when the gate allows."""
        self.queue_add(draft, key, maybe_on_shared=maybe_on_shared)
        return self.look()

    def edit_add(self, local_id: int, draft: Draft) -> OutboxView:
        """Change a waiting add (:class:`~petdesk.storage.rows.OutboxError` once it is
        being sent)."""
        self._store.outbox.edit(local_id, draft)
        return self.look()

    def settle_add(self, local_id: int, pet_id: int | None) -> OutboxView:
        """The user's answer after a lost answer matched several pets: it is ``pet_id``,
        or (``None``) none of them, and it is sent again."""
        if pet_id is None:
            self._store.outbox.send_again(local_id)
        else:
            self._store.outbox.choose_created(local_id, pet_id)
        return self.look()

    def cancel_add(self, local_id: int) -> OutboxView:
        """Cancel a waiting add (:class:`~petdesk.storage.rows.OutboxError` once it is
        being sent)."""
        self._store.outbox.cancel(local_id)
        return self.look()
