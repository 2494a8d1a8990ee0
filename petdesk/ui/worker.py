"""The one worker thread: every request and every keyring call runs here.

:class:`Worker` (lives on the GUI thread) owns a :class:`QThread` and a
:class:`_WorkerCore` moved onto it. The core owns the
:class:`~petdesk.api.PetStoreClient` and runs a priority queue of :class:`Job`
objects: control jobs (switching the connection) first, then user actions, then
background refreshes; first come, first served within a priority. Each job's
outcome comes back on the GUI thread through :attr:`Worker.result` or
:attr:`Worker.error` (and the job's own ``on_result``/``on_error`` callbacks,
called just before those signals). Nothing else in PetDesk starts a thread.

Waits (rate limit, backoff) are reported through a
:class:`~petdesk.api.RequestListener` that re-emits them as signals, so the status
bar can count down on the GUI thread. :meth:`Worker.stop` cancels the running
job (its :class:`~petdesk.api.CancelToken` and ``client.cancel_all()``) and every
waiting user or background job. :meth:`Worker.shutdown` does that, stops the
thread and waits for it with a bound, so closing the window never hangs.
"""

from __future__ import annotations

import enum
import heapq
import itertools
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from petdesk.core.errors import MissingKeyError
from petdesk.core.keys import KeyProvider

if TYPE_CHECKING:
    from petdesk.api import CancelToken, PetStoreClient, RequestListener

# petdesk.api (httpx, pydantic) is imported lazily, first on the worker thread:
# the window is built and shown before it is loaded.

log = logging.getLogger(__name__)


class Priority(enum.IntEnum):
    """Lower runs first."""

    CONTROL = 0
    USER = 10
    BACKGROUND = 20


@dataclass(frozen=True)
class Connection:
    """Where requests go: the environment name (also the keyring entry), its
    base URL and the request timeout in seconds."""

    environment: str
    base_url: str
    timeout: float = 15.0


#: Builds the client for a connection and key (tests pass a sandbox transport).
ClientFactory = Callable[[Connection, str, "RequestListener"], "PetStoreClient"]


@dataclass(eq=False)
class Job:
    """One unit of work. ``fn`` runs on the worker thread with a :class:`JobContext`."""

    fn: Callable[[JobContext], Any]
    kind: str = "job"
    priority: Priority = Priority.USER
    #: Shown in the status bar while the job runs or waits ("Loading pets").
    label: str = ""
    #: Called on the GUI thread with ``(job, value)`` / ``(job, exception)``.
    on_result: Callable[[Job, Any], None] | None = None
    on_error: Callable[[Job, BaseException], None] | None = None
    #: Set when this job is the replay of one that failed with 401.
    replayed: bool = False
    seq: int = 0
    #: Created on the worker thread when the job starts (see :meth:`cancel`).
    token: CancelToken | None = field(default=None, repr=False)
    cancel_requested: bool = False

    def cancel(self) -> None:
        """Cancel this job, queued or running (any thread)."""
        self.cancel_requested = True
        token = self.token
        if token is not None:
            token.cancel()

    def replay(self) -> Job:
        """A fresh copy for running again (new token, marked as a replay)."""
        return Job(self.fn, self.kind, self.priority, self.label, self.on_result,
                   self.on_error, replayed=True)


class JobContext:
    """What a job's function gets: its cancel token, the client, the key store."""

    def __init__(self, core: _WorkerCore, job: Job) -> None:
        self._core = core
        self.job = job
        assert job.token is not None
        self.token: CancelToken = job.token

    @property
    def client(self) -> PetStoreClient:
        """The client for the current connection (created on first use)."""
        return self._core.client()

    @property
    def connection(self) -> Connection:
        return self._core.connection()

    @property
    def keys(self) -> KeyProvider:
        return self._core.keys

    def temporary_client(self, api_key: str) -> PetStoreClient:
        """A client with another key (for "Test connection"). It honours the
        current client's rate-limit wait; the caller closes it."""
        return self._core.temporary_client(api_key)

    def forget_client(self) -> None:
        """Drop the current client (the next job builds one with the stored key)."""
        self._core.forget_client()


class _JobQueue:
    """A thread-safe priority queue (shared by the GUI side and the worker)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._heap: list[tuple[int, int, Job]] = []
        self._seq = itertools.count()

    def push(self, job: Job) -> None:
        with self._lock:
            job.seq = next(self._seq)
            heapq.heappush(self._heap, (int(job.priority), job.seq, job))

    def pop(self) -> Job | None:
        with self._lock:
            return heapq.heappop(self._heap)[2] if self._heap else None

    def drain(self, keep: Callable[[Job], bool]) -> list[Job]:
        """Remove and return every job for which ``keep`` is false."""
        with self._lock:
            removed = [entry[2] for entry in self._heap if not keep(entry[2])]
            self._heap = [entry for entry in self._heap if keep(entry[2])]
            heapq.heapify(self._heap)
            return removed

    def __len__(self) -> int:
        with self._lock:
            return len(self._heap)


class _WorkerCore(QObject):
    """Lives on the worker thread. Only :meth:`process` runs jobs."""

    jobStarted = Signal(object)
    jobDone = Signal(object, bool, object)  # job, ok, value-or-exception
    waitStarted = Signal(object)
    waitOver = Signal(bool)
    rateLimit = Signal(object)
    requestSent = Signal(str, str, int)

    def __init__(self, queue: _JobQueue, factory: ClientFactory, keys: KeyProvider,
                 connection: Connection) -> None:
        super().__init__()
        self._queue = queue
        self._factory = factory
        self.keys = keys
        self._connection = connection
        self._client: PetStoreClient | None = None
        self._listener_obj: RequestListener | None = None
        self.current: Job | None = None
        #: A rate-limit wait carried over from a client that was replaced.
        self._carry_wait = 0.0

    # -- on the worker thread -----------------------------------------------------------

    @property
    def _listener(self) -> RequestListener:
        if self._listener_obj is None:
            from ._api_support import SignalListener

            self._listener_obj = SignalListener(self)
        return self._listener_obj

    @Slot()
    def warm_up(self) -> None:
        """Load petdesk.api (httpx, pydantic) here, off the GUI thread."""
        import petdesk.api  # noqa: F401

    @Slot()
    def process(self) -> None:
        from petdesk.api import AuthenticationError, CancelToken, RequestCancelled

        job = self._queue.pop()
        if job is None:
            return
        job.token = CancelToken()
        if job.cancel_requested:  # stop() ran before the token existed
            job.token.cancel()
        self.current = job
        self.jobStarted.emit(job)
        try:
            job.token.raise_if_cancelled()
            value = job.fn(JobContext(self, job))
        except BaseException as exc:
            if not isinstance(exc, RequestCancelled | AuthenticationError):
                log.info("job %s failed: %s", job.kind, type(exc).__name__)
            self.current = None
            self.jobDone.emit(job, False, exc)
            return
        self.current = None
        self.jobDone.emit(job, True, value)

    def connection(self) -> Connection:
        return self._connection

    def set_connection(self, connection: Connection) -> None:
        if connection != self._connection:
            self.forget_client(carry=connection.base_url == self._connection.base_url)
            self._connection = connection

    def client(self) -> PetStoreClient:
        if self._client is None:
            lookup = self.keys.get(self._connection.environment)
            if not lookup.key:
                raise MissingKeyError(problem=lookup.problem)
            client = self._factory(self._connection, lookup.key, self._listener)
            if self._carry_wait > 0:
                client.gate.close_for(self._carry_wait, client.gate.reason)
                self._carry_wait = 0.0
            self._client = client
        return self._client

    def temporary_client(self, api_key: str) -> PetStoreClient:
        client = self._factory(self._connection, api_key, self._listener)
        wait = self._client.gate.remaining_wait() if self._client is not None else 0.0
        wait = max(wait, self._carry_wait)
        if wait > 0:
            client.gate.close_for(wait, client.gate.reason)
        return client

    def forget_client(self, *, carry: bool = True) -> None:
        client, self._client = self._client, None
        if client is not None:
            if carry:
                # A new key does not make an announced wait go away: the next client
                # keeps the rest of it (spec 5.4: early requests may ban the key).
                self._carry_wait = max(self._carry_wait, client.gate.remaining_wait())
            client.close()

    # -- from any thread ----------------------------------------------------------------

    def cancel_running(self) -> None:
        job = self.current
        if job is not None:
            job.cancel()
        client = self._client
        if client is not None:
            client.cancel_all()

    def close_client(self) -> None:
        """Only once the thread has stopped."""
        client, self._client = self._client, None
        if client is not None:
            client.close()


class Worker(QObject):
    """The GUI-side handle of the worker thread.

    Signals are emitted on the GUI thread. ``result(job, value)`` and
    ``error(job, exception)`` fire after the job's own callbacks ran.
    """

    result = Signal(object, object)
    error = Signal(object, object)
    jobStarted = Signal(object)
    busyChanged = Signal(bool)
    #: A wait started (rate limit or backoff): the :class:`~petdesk.api.WaitInfo`.
    waitStarted = Signal(object)
    #: The wait ended; ``True`` when it was cancelled.
    waitOver = Signal(bool)
    rateLimit = Signal(object)
    requestSent = Signal(str, str, int)
    _wake = Signal()
    _warm = Signal()

    def __init__(self, factory: ClientFactory, keys: KeyProvider, connection: Connection,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._queue = _JobQueue()
        self._thread = QThread()
        self._thread.setObjectName("petdesk-worker")
        self._core = _WorkerCore(self._queue, factory, keys, connection)
        self._core.moveToThread(self._thread)
        self._wake.connect(self._core.process)
        self._warm.connect(self._core.warm_up)
        self._core.jobStarted.connect(self._on_started)
        self._core.jobDone.connect(self._on_done)
        self._core.waitStarted.connect(self.waitStarted)
        self._core.waitOver.connect(self.waitOver)
        self._core.rateLimit.connect(self.rateLimit)
        self._core.requestSent.connect(self.requestSent)
        self._pending: set[Job] = set()
        self._running: Job | None = None
        self._closed = False
        self._connection = connection
        self._thread.start()

    def warm_up(self) -> None:
        """Load petdesk.api on the worker thread now (the window calls this once it
        has been shown, so the import does not compete with building it)."""
        self._warm.emit()

    # -- submitting ---------------------------------------------------------------------

    def submit(self, job: Job) -> Job:
        """Queue ``job``; returns it (its token can cancel it alone)."""
        if self._closed:
            raise RuntimeError("the worker is shut down")
        was_busy = self.busy
        self._pending.add(job)
        self._queue.push(job)
        self._wake.emit()
        if not was_busy:
            self.busyChanged.emit(True)
        return job

    def run(self, fn: Callable[[JobContext], Any], *, kind: str = "job",
            priority: Priority = Priority.USER, label: str = "",
            on_result: Callable[[Job, Any], None] | None = None,
            on_error: Callable[[Job, BaseException], None] | None = None) -> Job:
        """Shorthand for ``submit(Job(...))``."""
        return self.submit(Job(fn, kind, priority, label, on_result, on_error))

    def set_connection(self, connection: Connection) -> Job:
        """Switch environment, base URL or timeout (runs before any waiting job)."""
        self._connection = connection
        return self.submit(Job(lambda ctx: self._core.set_connection(connection),
                               kind="connection", priority=Priority.CONTROL))

    @property
    def connection(self) -> Connection:
        return self._connection

    @property
    def busy(self) -> bool:
        return bool(self._pending) or self._running is not None

    @property
    def running_job(self) -> Job | None:
        return self._running

    @property
    def pending_jobs(self) -> list[Job]:
        return sorted(self._pending, key=lambda j: (int(j.priority), j.seq))

    @property
    def thread(self) -> QThread:
        return self._thread

    # -- stopping -----------------------------------------------------------------------

    def stop(self) -> None:
        """Cancel the running job and every waiting user or background job."""
        dropped = self._queue.drain(keep=lambda j: j.priority == Priority.CONTROL)
        for job in dropped:
            job.cancel()
        self._core.cancel_running()
        if not dropped:
            return
        from petdesk.api import RequestCancelled

        # Dropped jobs still answer (with RequestCancelled), in queue order.
        for job in sorted(dropped, key=lambda j: (int(j.priority), j.seq)):
            self._finish(job, False, RequestCancelled())

    def shutdown(self, timeout_ms: int = 3000) -> bool:
        """Stop everything and end the thread, waiting at most ``timeout_ms``.

        Returns whether the thread ended in time. If it did not (a request
        blocked in the network), it is left to end on its own and its result is
        ignored; the window does not wait for it.
        """
        if self._closed:
            return self._thread.isFinished()
        self._closed = True
        self.stop()
        self._thread.quit()
        finished = self._thread.wait(max(0, timeout_ms))
        if finished:
            self._core.close_client()
        else:
            log.warning("worker thread still busy after %d ms; leaving it to finish", timeout_ms)
            self._core.jobDone.disconnect(self._on_done)
            app = QCoreApplication.instance()
            # Keep the objects alive until the thread really ends.
            self._thread.setParent(app)
            self._thread.finished.connect(self._core.close_client)
            self._thread.finished.connect(self._thread.deleteLater)
        return finished

    @property
    def closed(self) -> bool:
        return self._closed

    # -- outcomes (GUI thread) ----------------------------------------------------------

    @Slot(object)
    def _on_started(self, job: Job) -> None:
        self._running = job
        self.jobStarted.emit(job)

    @Slot(object, bool, object)
    def _on_done(self, job: Job, ok: bool, value: object) -> None:
        if self._running is job:
            self._running = None
        if job not in self._pending:
            return  # already answered (cancelled by stop())
        if not ok and job.cancel_requested:
            from petdesk.api import RequestCancelled

            if not isinstance(value, RequestCancelled):
                value = RequestCancelled()
        self._finish(job, ok, value)

    def _finish(self, job: Job, ok: bool, value: object) -> None:
        self._pending.discard(job)
        try:
            if ok:
                if job.on_result is not None:
                    job.on_result(job, value)
            elif job.on_error is not None:
                assert isinstance(value, BaseException)
                job.on_error(job, value)
        finally:
            if ok:
                self.result.emit(job, value)
            else:
                self.error.emit(job, value)
            if not self.busy:
                self.busyChanged.emit(False)
