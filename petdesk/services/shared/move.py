"""Moving the adds waiting in this desk's own store to the shared store, each exactly
once, however often the move is interrupted and run again.

Each waiting add is queued in the shared outbox with the origin
``desk-move:<local store id>:<local id>`` (:func:`move_origin`), through
``queue_unique``, which queues nothing whose origin the shared outbox already holds,
sent or not. Only once that is durable is the local entry cancelled. The crash windows:

1. Before the shared store commits: nothing moved; the local entry still waits, and the
   next move queues it.
2. After the shared store committed, before the local entry is cancelled: the add is in
   both outboxes, but the local one is not sent meanwhile (the move holds the local
   store's sender lock, and a desk on the shared store sends only the shared outbox).
   The next move finds the origin in the shared outbox, queues nothing and cancels the
   local entry.
3. After the local entry is cancelled: done; the next move does not see it.

The local store id is a random id kept in the local store itself, so that the adds of
two desks (both with a local entry 7) never share an origin.

A person's add from the add form moves under its own origin instead, ``add:<key>``
(:class:`~petdesk.storage.rows.AddKey`, random for each add, so as unique as the
pair above): the person may have pressed Add on the shared store first, whose answer
was lost although it kept the add, and then again on this computer's store while the
shared one was down. That add is in the shared outbox under the same key already, and
``queue_unique`` queues it there once. It stays a person's own add there too. Such a
second press is kept here *held* (never sent from here, see
:class:`~petdesk.services.outbox.service.OutboxService`): it moves like any waiting add.

Only WAITING adds move, and not the rows of an import the user paused (a person's
held add does move). An add whose
request may have reached the service (being sent, outcome unknown, waiting for the
user's decision) stays in the local outbox: that desk checks it against the service as
today; moving it would risk a second pet.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Final

from petdesk.storage.repositories import OutboxLock, Store
from petdesk.storage.rows import OutboxEntry, OutboxError, OutboxState

__all__ = ["LOCAL_STORE_ID_FACT", "MOVE_ORIGIN_PREFIX", "MoveBlocked", "MoveReport",
           "local_store_id", "move_origin", "move_waiting_adds"]

#: The fact that names a local store in move origins.
LOCAL_STORE_ID_FACT: Final = "desk/local_store_id"
MOVE_ORIGIN_PREFIX: Final = "desk-move:"


class MoveBlocked(RuntimeError):
    """Another PetDesk is sending this desk's local outbox: moving now could send an
    add twice. Nothing was moved."""


@dataclass(frozen=True)
class MoveReport:
    """What a move did."""

    #: Adds newly queued in the shared outbox.
    moved: int = 0
    #: Adds a move interrupted earlier had already queued there (now finished here).
    already_there: int = 0
    #: Adds left here: their request may have reached the service, or their import
    #: is paused.
    left_here: int = 0


def local_store_id(store: Store) -> str:
    """This local store's random id, created the first time it is needed."""
    known = store.meta.fact(LOCAL_STORE_ID_FACT)
    if known:
        return known
    made = uuid.uuid4().hex
    store.meta.set_fact(LOCAL_STORE_ID_FACT, made)
    return made


def move_origin(store_id: str, entry: OutboxEntry) -> str:
    """The origin of ``entry`` in the shared outbox: its add key, when a person made
    it in the add form (see the module), else ``desk-move:<store id>:<local id>``."""
    if entry.own and entry.origin is not None:
        return entry.origin
    return f"{MOVE_ORIGIN_PREFIX}{store_id}:{entry.local_id}"


def move_waiting_adds(local: Store, shared: Store, lock: OutboxLock | None = None) -> MoveReport:
    """Move every WAITING add of ``local``'s outbox to ``shared``'s (see the module).

    ``lock``: the local outbox's sender lock when the caller already holds it (the
    window's sender); otherwise the move takes it for its duration, and raises
    :class:`MoveBlocked` when another PetDesk holds it."""
    own = lock is None
    held = local.sender_lock() if lock is None else lock
    if own and not held.acquire():
        raise MoveBlocked("another PetDesk is sending this computer's waiting adds")
    try:
        return _move(local, shared)
    finally:
        if own:
            held.release()


def _move(local: Store, shared: Store) -> MoveReport:
    store_id = local_store_id(local)
    moved = already = left = 0
    for entry in local.outbox.entries():
        if entry.state is not OutboxState.WAITING or (entry.held and not entry.own):
            left += 1
            continue
        new = shared.outbox.queue_unique([(entry.draft, move_origin(store_id, entry))])
        try:
            local.outbox.cancel(entry.local_id)
        except OutboxError:  # changed meanwhile (edited and sent by this desk): it stays
            continue
        if new:
            moved += 1
        else:
            already += 1
    return MoveReport(moved, already, left)
