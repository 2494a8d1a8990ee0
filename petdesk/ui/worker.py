"""The one worker thread: every request and every keyring call runs there.

The shape is MusicBrainz Picard's ``run_task(func, next_func, priority)``:
:meth:`Worker.run_task` queues ``fn`` (run on the worker thread with a
:class:`JobContext`) and ``next_fn`` (called once, on the GUI thread, with the
:class:`Outcome`). That is the only way a result comes back. :attr:`Worker.finished`
then tells observers that the job is over (it carries the job, not the result).

The thread is a daemon Python thread, not a QThread: when the window closes during a
request that never answers, :meth:`Worker.shutdown` cancels it, waits a bounded time
and lets the process exit; nothing is left for Qt's teardown. Everything the thread
reports reaches the GUI thread through queued signals of a relay object.

Time comes from an injected :class:`~petdesk.core.clock.Clock`, handed to every
client the factory builds: tests wait through Retry-After on a fake clock.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from PySide6.QtCore import QObject, Signal

from petdesk.core.clock import Clock, SystemClock
from petdesk.core.errors import AuthenticationError, MissingKeyError, RequestCancelled
from petdesk.core.jobs import JobKind, Priority
from petdesk.core.keys import KeyProvider

if TYPE_CHECKING:
    from petdesk.api import CancelToken, PetStoreClient, RateLimitSnapshot, RequestListener
    from petdesk.core.waits import WaitInfo

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass(frozen=True)
class Connection:
    """Where requests go: the environment (also the keyring entry), its base URL
    and the request timeout in seconds."""

    environment: str
    base_url: str
    timeout: float = 15.0


#: Builds the client for a connection and key, on the worker thread.
ClientFactory = Callable[[Connection, str, "RequestListener", Clock], "PetStoreClient"]


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """What a job ended with: a value or an exception (``RequestCancelled`` when stopped)."""

    value: T | None = None
    error: BaseException | None = None
    #: The job it is the outcome of.
    job: Job | None = field(default=None, compare=False, repr=False)

    @property
    def ok(self) -> bool:
        return self.error is None


Task = Callable[["JobContext"], Any]
Next = Callable[[Outcome[Any]], None]


@dataclass(eq=False)
class Job:
    """One unit of work; see :meth:`Worker.run_task`."""

    fn: Task
    next_fn: Next | None = None
    kind: JobKind = JobKind.OTHER
    priority: Priority = Priority.USER
    #: Shown in the status bar while the job runs ("Loading pets…").
    label: str = ""
    #: Jobs with the same (non-None) key are coalesced while one is queued or running.
    key: object = None
    #: Set on the replay of a job that failed with 401.
    replayed: bool = False
    seq: int = 0
    token: CancelToken | None = field(default=None, repr=False)
    cancel_requested: bool = False
    outcome: Outcome[Any] | None = None

    def cancel(self) -> None:
        """Cancel this job, queued or running (any thread)."""
        self.cancel_requested = True
        token = self.token
        if token is not None:
            token.cancel()

    def replay(self) -> Job:
        """A fresh copy to run again (after a new key), marked as a replay."""
        return Job(self.fn, self.next_fn, self.kind, self.priority, self.label, self.key,
                   replayed=True)


class JobContext:
    """What a job's function gets: its cancel token, the client, the key store."""

    def __init__(self, runner: _Runner, job: Job, token: CancelToken) -> None:
        self._runner = runner
        self.job = job
        self.token = token

    @property
    def client(self) -> PetStoreClient:
        """The client for the current connection (built on first use)."""
        return self._runner.client()

    @property
    def connection(self) -> Connection:
        return self._runner.connection

    @property
    def keys(self) -> KeyProvider:
        return self._runner.keys

    def temporary_client(self, api_key: str) -> PetStoreClient:
        """A client with another key (the key dialog's Test); it keeps any announced
        wait of the current client. The caller closes it."""
        return self._runner.temporary_client(api_key)

    def set_connection(self, connection: Connection) -> None:
        self._runner.set_connection(connection)

    def forget_client(self) -> None:
        """Drop the current client: the next job builds one with the stored key."""
        self._runner.forget_client()


class _Relay(QObject):
    """Created on the GUI thread; emitted from the worker thread (queued delivery)."""

    started = Signal(object)
    done = Signal(object)
    waitStarted = Signal(object)
    waitOver = Signal(bool)
    rateLimit = Signal(object)
    requestSent = Signal(str, str, int)


class _Runner:
    """The worker thread's side: the queue, the client, the loop."""

    def __init__(self, relay: _Relay, factory: ClientFactory, keys: KeyProvider,
                 connection: Connection, clock: Clock) -> None:
        self._relay = relay
        self._factory = factory
        self.keys = keys
        self.connection = connection
        self._clock = clock
        self._cond = threading.Condition()
        self._heap: list[tuple[int, int, Job]] = []
        self._seq = itertools.count()
        self._closed = False
        self._client: PetStoreClient | None = None
        self._carry_wait = 0.0
        self.current: Job | None = None
        self._new_token: Callable[[], CancelToken] | None = None
        self._listener: RequestListener | None = None
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

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._heap.clear()
            self._cond.notify()

    def cancel_running(self) -> None:
        job = self.current
        if job is not None:
            job.cancel()
        client = self._client
        if client is not None:
            client.cancel_all()

    # -- the thread -----------------------------------------------------------------------

    def _next(self) -> Job | None:
        with self._cond:
            while not self._heap and not self._closed:
                self._cond.wait()
            if self._closed:
                return None
            return heapq.heappop(self._heap)[2]

    def _loop(self) -> None:
        # petdesk.api (httpx, pydantic) loads here, on this thread, never on the GUI's.
        from . import client_link  # noqa: PLC0415 - httpx and pydantic load on the worker thread

        self._new_token = client_link.new_token
        self._listener = client_link.SignalListener(self)
        while (job := self._next()) is not None:
            self._run(job)
        self._close_client()

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
        self.emit("done", job)

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
            client = self._factory(self.connection, lookup.key, self.listener, self._clock)
            if self._carry_wait > 0:
                client.gate.close_for(self._carry_wait, client.gate.reason)
                self._carry_wait = 0.0
            self._client = client
        return self._client

    def temporary_client(self, api_key: str) -> PetStoreClient:
        client = self._factory(self.connection, api_key, self.listener, self._clock)
        wait = self._client.gate.remaining_wait() if self._client is not None else 0.0
        wait = max(wait, self._carry_wait)
        if wait > 0:
            client.gate.close_for(wait, client.gate.reason)
        return client

    def set_connection(self, connection: Connection) -> None:
        if connection != self.connection:
            self.forget_client(carry=connection.base_url == self.connection.base_url)
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


class Worker(QObject):
    """The GUI-side handle of the worker thread. Signals arrive on the GUI thread."""

    #: A job was queued.
    submitted = Signal(object)
    #: A job started running (its label goes to the status bar).
    jobStarted = Signal(object)
    #: A job is over; its ``next_fn`` has run. Carries the job (``job.outcome``).
    finished = Signal(object)
    busyChanged = Signal(bool)
    #: A wait (rate limit, backoff) started: the :class:`~petdesk.core.waits.WaitInfo`.
    waitStarted = Signal(object)
    #: The wait ended; ``True`` when it was cancelled.
    waitOver = Signal(bool)
    rateLimit = Signal(object)
    requestSent = Signal(str, str, int)

    def __init__(self, factory: ClientFactory, keys: KeyProvider, connection: Connection,
                 *, clock: Clock | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.clock: Clock = clock or SystemClock()
        self._relay = _Relay()  # no parent: the thread's reference keeps it alive
        self._runner = _Runner(self._relay, factory, keys, connection, self.clock)
        self._relay.started.connect(self._on_started)
        self._relay.done.connect(self._on_done)
        self._relay.waitStarted.connect(self.waitStarted)
        self._relay.waitOver.connect(self.waitOver)
        self._relay.rateLimit.connect(self.rateLimit)
        self._relay.requestSent.connect(self.requestSent)
        self._pending: dict[Job, None] = {}
        self._closed = False
        self._connection = connection

    def warm_up(self) -> None:
        """Start the thread (it loads petdesk.api first). The window calls this once
        its contents are painted; the first job starts it otherwise."""
        if not self._closed and self._runner.thread.ident is None:
            self._runner.thread.start()

    # -- submitting -----------------------------------------------------------------------

    def run_task(self, fn: Task, next_fn: Next | None = None, *,
                 priority: Priority = Priority.USER, kind: JobKind = JobKind.OTHER,
                 label: str = "", key: object = None) -> Job:
        """Run ``fn(ctx)`` on the worker thread, then ``next_fn(outcome)`` on the GUI
        thread, exactly once. With a ``key``, a job with the same key that is queued
        or running (and not stopped) is returned instead of queuing another."""
        existing = self.pending_with(key)
        if existing is not None:
            return existing
        return self.submit(Job(fn, next_fn, kind, priority, label, key))

    def pending_with(self, key: object) -> Job | None:
        """The queued or running job with ``key`` (never for ``None``), unless stopped."""
        if key is None:
            return None
        return next((job for job in self._pending
                     if job.key == key and not job.cancel_requested), None)

    def submit(self, job: Job) -> Job:
        if self._closed:
            raise RuntimeError("the worker is shut down")
        was_busy = self.busy
        self._pending[job] = None
        self._runner.push(job)
        self.warm_up()
        self.submitted.emit(job)
        if not was_busy:
            self.busyChanged.emit(True)
        return job

    def set_connection(self, connection: Connection) -> Job:
        """Switch environment, base URL or timeout (before any waiting job)."""
        self._connection = connection
        return self.run_task(lambda ctx: ctx.set_connection(connection),
                             priority=Priority.CONTROL, kind=JobKind.CONNECTION)

    @property
    def connection(self) -> Connection:
        return self._connection

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    @property
    def worker_thread(self) -> threading.Thread:
        """The worker's thread (a daemon Python thread)."""
        return self._runner.thread

    @property
    def closed(self) -> bool:
        return self._closed

    # -- stopping -------------------------------------------------------------------------

    def stop(self) -> None:
        """Cancel the running job and every waiting user or background job; each
        answers with ``RequestCancelled``."""
        dropped = self._runner.drain(keep=lambda j: j.priority == Priority.CONTROL)
        for job in dropped:
            job.cancel()
        self._runner.cancel_running()
        for job in sorted(dropped, key=lambda j: (int(j.priority), j.seq)):
            job.outcome = Outcome(error=RequestCancelled(), job=job)
            self._complete(job)

    def shutdown(self, timeout_ms: int = 2000) -> bool:
        """Stop everything and end the thread, waiting at most ``timeout_ms``.

        Returns whether the thread ended in time. If it did not (a request blocked
        in the network), it is a daemon thread: it reports nothing any more and does
        not keep the process alive."""
        if self._closed:
            return not self._runner.thread.is_alive()
        self.stop()
        self._closed = True
        self._pending.clear()
        self._runner.close()
        if not self._runner.thread.is_alive():
            return True
        self._runner.thread.join(max(0, timeout_ms) / 1000)
        finished = not self._runner.thread.is_alive()
        if not finished:
            log.warning("worker thread still busy after %d ms; not waiting for it", timeout_ms)
        return finished

    # -- the one completion path (GUI thread) ---------------------------------------------

    def _on_started(self, job: Job) -> None:
        if job in self._pending:
            self.jobStarted.emit(job)

    def _on_done(self, job: Job) -> None:
        if job not in self._pending:
            return  # already answered (stopped while queued)
        if job.cancel_requested and job.outcome is not None and not job.outcome.ok:
            job.outcome = Outcome(error=RequestCancelled(), job=job)
        self._complete(job)

    def _complete(self, job: Job) -> None:
        self._pending.pop(job, None)
        try:
            if job.next_fn is not None and job.outcome is not None:
                job.next_fn(job.outcome)
        finally:
            self.finished.emit(job)
            if not self.busy:
                self.busyChanged.emit(False)
