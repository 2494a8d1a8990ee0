"""The worker thread's side of :class:`~petdesk.gui.worker.worker.Worker`: the priority queue,
the client, the loop; and the relay that carries what it reports to the GUI thread."""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from petdesk.core.clock import Clock
from petdesk.core.connection import Connection
from petdesk.core.errors import AuthenticationError, MissingKeyError, RequestCancelled
from petdesk.core.jobs import Priority
from petdesk.core.quota import key_fingerprint
from petdesk.services.desk import this_desk
from petdesk.services.keys.keys import KeyProvider
from petdesk.services.worker import client_link
from petdesk.services.worker.jobs import ClientFactory, Job, JobContext, Outcome
from petdesk.services.worker.shared_quota import StoreQuota
from petdesk.storage.paths import store_file
from petdesk.storage.rows import SharedStoreUnavailable
from petdesk.storage.sqlite.store import OpenedStore, open_store

if TYPE_CHECKING:
    from petdesk.api import (
        CancelToken,
        PetStoreClient,
        RateLimitSnapshot,
        RequestListener,
        RequestPolicy,
    )
    from petdesk.core.waits import WaitInfo
    from petdesk.services.shared.reach import SharedReach
    from petdesk.services.worker.session import WorkSession
    from petdesk.storage.repositories import BudgetRepository

log = logging.getLogger("petdesk.gui.worker.worker")


class Relay(QObject):
    """Created on the GUI thread; emitted from the worker thread (queued delivery)."""

    started = Signal(object)
    done = Signal(object)
    waitStarted = Signal(object)
    waitOver = Signal(bool)
    rateLimit = Signal(object)
    requestSent = Signal(str, str, int)
    sharedLost = Signal()


class Runner:
    """The worker thread's side: the queue, the client, the loop."""

    def __init__(self, relay: Relay, factory: ClientFactory, keys: KeyProvider,
                 connection: Connection, clock: Clock, store_folder: Path | None) -> None:
        self._relay = relay
        self._factory = factory
        self.keys = keys
        self.connection = connection
        self._clock = clock
        self._cond = threading.Condition()
        self._heap: list[tuple[int, int, Job]] = []
        self._seq = itertools.count()
        self._closed = False
        #: While set, background jobs wait (:meth:`hold_background`).
        self._background_held = False
        self._client: PetStoreClient | None = None
        self._store_folder = store_folder
        self._session: WorkSession | None = None
        #: The environment's store, opened by the first request (for the key's shared
        #: quota) or the first job that needs the session, whichever comes first.
        self._opened: OpenedStore | None = None
        self._carry_wait = 0.0
        self.current: Job | None = None
        self._new_token: Callable[[], CancelToken] | None = None
        self._listener: RequestListener | None = None
        self._connection_test: RequestPolicy | None = None
        self.thread = threading.Thread(target=self._loop, name="petdesk-worker", daemon=True)

    # -- relay, guarded: after shutdown nothing is reported any more ----------------------

    def emit(self, signal: str, *args: object) -> None:
        if not self._closed:
            getattr(self._relay, signal).emit(*args)

    def on_wait(self, info: WaitInfo) -> None:
        self.emit("waitStarted", info)

    def on_wait_over(self, cancelled: bool) -> None:
        self.emit("waitOver", cancelled)

    def on_rate_limit(self, snapshot: RateLimitSnapshot) -> None:
        self.emit("rateLimit", snapshot)

    def on_request(self, method: str, path: str, attempt: int) -> None:
        self.emit("requestSent", method, path, attempt)

    # -- the queue (any thread) -----------------------------------------------------------

    def push(self, job: Job) -> None:
        with self._cond:
            job.seq = next(self._seq)
            heapq.heappush(self._heap, (int(job.priority), job.seq, job))
            self._cond.notify()

    def drain(self, keep: Callable[[Job], bool]) -> list[Job]:
        with self._cond:
            removed = [entry[2] for entry in self._heap if not keep(entry[2])]
            self._heap = [entry for entry in self._heap if keep(entry[2])]
            heapq.heapify(self._heap)
            return removed

    def hold_background(self, held: bool) -> None:
        """Let background jobs wait (``True``) or run again (``False``); jobs of a
        higher priority are not affected."""
        with self._cond:
            self._background_held = held
            self._cond.notify()

    def _runnable(self) -> bool:
        if not self._heap:
            return False
        return not (self._background_held and self._heap[0][0] >= Priority.BACKGROUND)

    def close(self) -> None:
        """End the thread once the jobs to keep (``keep_on_close``) have run."""
        with self._cond:
            self._closed = True
            self._heap = [entry for entry in self._heap if entry[2].keep_on_close]
            heapq.heapify(self._heap)
            self._background_held = False
            self._cond.notify()

    def cancel_running(self, keep: Callable[[Job], bool]) -> None:
        """Cancel the running job and the client's requests, unless ``keep(job)``:
        work that must end as asked (a password being saved, a connection switched)
        finishes, as it would have had it still been queued."""
        job = self.current
        if job is not None and keep(job):
            return
        if job is not None:
            job.cancel()
        client = self._client
        if client is not None:
            client.cancel_all()

    # -- the thread -----------------------------------------------------------------------

    def _next(self) -> Job | None:
        with self._cond:
            while not self._closed and not self._runnable():
                self._cond.wait()
            if self._closed and not self._heap:
                return None
            return heapq.heappop(self._heap)[2]

    def start(self) -> None:
        """Start the thread. :mod:`petdesk.api` (httpx, pydantic) is imported with this
        module, on the GUI thread, before any worker thread exists.

        Two threads importing a package for the first time at once can each be handed
        the other's half-initialised modules: pydantic's circular imports then fail
        ("partially initialized module"). The GUI thread imports pydantic too (the add
        form validates with :class:`~petdesk.api.NewPet`), at any moment the user
        chooses; loaded completely before this thread exists, it is never imported by
        two threads at once.
        """
        self._new_token = client_link.new_token
        self._connection_test = client_link.CONNECTION_TEST
        self._listener = client_link.SignalListener(self)
        self.thread.start()

    def _loop(self) -> None:
        while (job := self._next()) is not None:
            self._run(job)
        self._close_client()
        self._close_session()

    def _run(self, job: Job) -> None:
        assert self._new_token is not None
        token = self._new_token()
        job.token = token
        if job.cancel_requested:  # stopped before it started
            token.cancel()
        self.current = job
        self.emit("started", job)
        try:
            token.raise_if_cancelled()
            outcome: Outcome[Any] = Outcome(value=job.fn(JobContext(self, job, token)),
                                            job=job)
        except Exception as exc:
            if not isinstance(exc, RequestCancelled | AuthenticationError):
                log.info("job %s failed: %s", job.kind.value, type(exc).__name__)
            outcome = Outcome(error=exc, job=job)
        self.current = None
        job.outcome = outcome
        lost = self._let_lost_store_go(isinstance(outcome.error, SharedStoreUnavailable))
        self.emit("done", job)
        if lost:
            self.emit("sharedLost")

    # -- the client (worker thread) -------------------------------------------------------

    @property
    def listener(self) -> RequestListener:
        assert self._listener is not None
        return self._listener

    def client(self) -> PetStoreClient:
        if self._client is None:
            lookup = self.keys.get(self.connection.environment)
            if not lookup.key:
                raise MissingKeyError(problem=lookup.problem)
            # The key's quota is shared with every desk of the environment's store: the
            # client reads it before each request and writes each answer's headers.
            shared = StoreQuota(self._budget, key_fingerprint(lookup.key))
            client = self._factory(self.connection, lookup.key, self.listener, self._clock,
                                   shared_quota=shared)
            if self._carry_wait > 0:
                client.gate.close_for(self._carry_wait, client.gate.reason)
                self._carry_wait = 0.0
            self._client = client
        return self._client

    def temporary_client(self, api_key: str, connection: Connection) -> PetStoreClient:
        client = self._factory(connection, api_key, self.listener, self._clock,
                               policy=self._connection_test)
        if connection.base_url != self.connection.base_url:
            return client  # another service: its own limits
        wait = self._client.gate.remaining_wait() if self._client is not None else 0.0
        wait = max(wait, self._carry_wait)
        if wait > 0:
            client.gate.close_for(wait, client.gate.reason)
        return client

    def set_connection(self, connection: Connection) -> None:
        if connection != self.connection:
            self.forget_client(carry=connection.base_url == self.connection.base_url)
            self._close_session()
            self.connection = connection

    def forget_client(self, *, carry: bool = True) -> None:
        client, self._client = self._client, None
        if client is not None:
            if carry:
                # A new key does not end an announced wait (spec 5.4: early requests
                # may ban the key): the next client keeps the rest of it.
                self._carry_wait = max(self._carry_wait, client.gate.remaining_wait())
            client.close()

    def _close_client(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            client.close()

    # -- the store (worker thread) --------------------------------------------------------

    def session(self) -> WorkSession:
        """The store of the current environment and its services, opened on first use."""
        if self._session is None:
            sessions = self._sessions()
            if self.connection.shared_store:
                # The shared store, or this computer's file while it is down; the file
                # opened for the first page's quota is let go so its adds can move.
                self._release_opened()
                self._session = sessions.open(self.connection, self._clock,
                                              self._store_folder,
                                              password=self._shared_password())
            else:
                opened = self._open_store()
                self._session = sessions(opened.store, self._clock, opened.problem)
        return self._session

    @staticmethod
    def _sessions() -> type[WorkSession]:
        from petdesk.services.worker.session import WorkSession  # noqa: PLC0415 - the store and the services (httpx, the readers, the database driver): after the first page

        return WorkSession

    def _open_store(self) -> OpenedStore:
        """The store file of the current environment (a file that cannot be used is set
        aside; the session's catalogue says so)."""
        if self._opened is None:
            self._opened = open_store(store_file(self.connection, self._store_folder),
                                      self.connection.environment, clock=self._clock,
                                      desk=this_desk())
        return self._opened

    def _release_opened(self) -> None:
        opened, self._opened = self._opened, None
        if opened is not None:
            opened.store.close()

    def _budget(self) -> BudgetRepository:
        # A desk on this computer's file reads the quota from the file alone, not the
        # session: the first page's request must not load the services (the catalogue,
        # the import's readers) before it is painted. A desk set up for the shared store
        # reads it where every desk of the shelter writes it.
        if self._session is not None:
            return self._session.store.budget
        if self.connection.shared_store:
            return self.session().store.budget
        return self._open_store().store.budget

    def test_shared_store(self, address: str, password: str) -> SharedReach:
        """Sign in once at ``address`` (``password`` empty: the saved one)."""
        return self._sessions().test_shared_store(
            address, password or self.keys.shared_password().key)

    def _shared_password(self) -> str | None:
        return self.keys.shared_password().key if self.connection.shared_store else None

    def rejoin_shared(self) -> WorkSession:
        """The session, on the shared store again if it was down and is back."""
        session = self.session()
        joined = session.rejoin(self.connection, self._clock, self._store_folder,
                                password=self._shared_password())
        if joined is not None:
            self._session = session = joined
        return session

    def _let_lost_store_go(self, failed: bool) -> bool:
        """The job failed for want of the shared store (``failed``), or it found the
        store gone and went on without it (the quota, the page kept for the next start):
        the server restarted or the network dropped, and the session's connections are
        dead for good. The session is closed and the next use opens it as at start:
        the shared store again with fresh connections and a fresh lock, or this
        computer's store while the shared one does not answer. Whether it was let go."""
        session = self._session
        if not self.connection.shared_store or session is None:
            return False
        if not failed and session.store.answering:
            return False
        log.warning("the shared store stopped answering; its session is opened again")
        self._close_session()
        return True

    def has_store(self) -> bool:
        """Whether the current environment has a store (looking creates no file)."""
        return (self._session is not None or self._opened is not None
                or bool(self.connection.shared_store)
                or store_file(self.connection, self._store_folder).exists())

    def _close_session(self) -> None:
        session, self._session = self._session, None
        opened, self._opened = self._opened, None
        if session is not None:
            session.close()  # the store with it
        elif opened is not None:
            opened.store.close()
