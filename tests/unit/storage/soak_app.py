"""The "app" of the outbox soak: queues adds as a user would and sends them, in a
process the soak kills with SIGKILL. Qt-free: the store, the sender, the real client.

    python -m tests.unit.storage.soak_app STORE BASE_URL KEY TOTAL

Prints one line per add queued and per sender step (flushed), so the soak can kill it
at any moment, and "done" once every add is sent.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from petdesk.api import PetStoreClient, RequestPolicy
from petdesk.core.clock import SystemClock
from petdesk.core.statuses import PetStatus
from petdesk.services.outbox.remote import ClientRemote, budget_for
from petdesk.services.outbox.sender import OutboxSender, StepKind
from petdesk.storage.rows import Draft, PetRow
from petdesk.storage.sqlite.store import open_store

STATUSES = [None, *PetStatus]
POLICY = RequestPolicy(backoff_base=0.001, backoff_cap=0.005, min_wait=0.001)


def soak_name(i: int) -> str:
    return f"Soak {i:04d}"


class AnnouncingRemote(ClientRemote):
    """Says "sending" just before each create leaves, so the soak can kill the app
    while the request is in flight (after the entry was marked SENDING)."""

    def create(self, draft: Draft) -> PetRow:
        print("sending", flush=True)
        return super().create(draft)


def _drain(sender: OutboxSender) -> None:
    clock, never = SystemClock(), threading.Event()
    while True:
        result = sender.step()
        print(f"step {result.kind.name}", flush=True)
        if result.kind is StepKind.IDLE:
            return
        if result.wait > 0:
            clock.wait(never, min(result.wait, 0.05))


def main(argv: list[str]) -> int:
    path, base_url, key, total = Path(argv[0]), argv[1], argv[2], int(argv[3])
    clock = SystemClock()
    store = open_store(path, "production").store
    with PetStoreClient(base_url, key, policy=POLICY) as client:
        budget = budget_for(client, clock)
        sender = OutboxSender(store, AnnouncingRemote(client, budget, links=store.meta), budget,
                              clock,
                              retry_wait=0.05)
        print(f"recovered {sender.recover()}", flush=True)
        print(f"step {sender.verify_floor().kind.name}", flush=True)
        known = {e.name for e in store.outbox.entries(include_finished=True)}
        for i in range(total):
            if soak_name(i) in known:
                continue
            entry = store.outbox.queue(Draft(soak_name(i), 1 + i % 7, STATUSES[i % 4]))
            print(f"queued {i}", flush=True)
            print(f"step {sender.send_now(entry.local_id).kind.name}", flush=True)
            _drain(sender)
        _drain(sender)
    print("done", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
