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

import logging
import threading
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from petdesk.core.clock import Clock, SystemClock
from petdesk.core.connection import Connection
from petdesk.core.errors import RequestCancelled
from petdesk.core.jobs import JobKind, Priority
from petdesk.gui.worker.thread import Relay, Runner
from petdesk.services.keys.keys import KeyProvider
from petdesk.services.worker.jobs import ClientFactory, Job, JobContext, Next, Outcome, Task
from petdesk.storage.repositories import MetaRepository

__all__ = ["ClientFactory", "Connection", "Job", "JobContext", "Next", "Outcome", "Task",
           "Worker"]

log = logging.getLogger(__name__)


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
    #: A job found the shared store gone; the worker let its session go, and the next
    #: job opens it again (the shared store if it answers, else this computer's data).
    sharedStoreLost = Signal()

    def __init__(self, factory: ClientFactory, keys: KeyProvider, connection: Connection,
                 *, clock: Clock | None = None, store_folder: Path | None = None,
                 parent: QObject | None = None) -> None:
        """``store_folder``: where the environments' stores are (``None``: PetDesk's
        data folder); the worker thread owns the current one's (:meth:`JobContext.session`)."""
        super().__init__(parent)
        self.clock: Clock = clock or SystemClock()
        self._relay = Relay()  # no parent: the thread's reference keeps it alive
        self._runner = Runner(self._relay, factory, keys, connection, self.clock,
                              store_folder)
        self._relay.started.connect(self._on_started)
        self._relay.done.connect(self._on_done)
        self._relay.waitStarted.connect(self.waitStarted)
        self._relay.waitOver.connect(self.waitOver)
        self._relay.rateLimit.connect(self.rateLimit)
        self._relay.requestSent.connect(self.requestSent)
        self._relay.sharedLost.connect(self.sharedStoreLost)
        self._pending: dict[Job, None] = {}
        self._closed = False
        self._connection = connection

    def warm_up(self) -> None:
        """Start the thread (petdesk.api is loaded first, on this thread:
        :meth:`Runner.start`). The window calls this once its contents are painted; the
        first job starts it otherwise."""
        if not self._closed and self._runner.thread.ident is None:
            self._runner.start()

    def hold_background(self) -> None:
        """Background jobs wait until :meth:`release_background`; what the user asks
        for runs meanwhile. The window holds them while it starts, so that its first
        page is on screen before the outbox, the catalogue or a kept page take the GIL."""
        self._runner.hold_background(True)

    def release_background(self) -> None:
        self._runner.hold_background(False)

    # -- submitting -----------------------------------------------------------------------

    def run_task(self, fn: Task, next_fn: Next | None = None, *,
                 priority: Priority = Priority.USER, kind: JobKind = JobKind.OTHER,
                 label: str = "", key: object = None, start: bool = True,
                 keep_on_close: bool = False) -> Job:
        """Run ``fn(ctx)`` on the worker thread, then ``next_fn(outcome)`` on the GUI
        thread, exactly once. With a ``key``, a job with the same key that is queued
        or running (and not stopped) is returned instead of queuing another.
        ``start=False`` queues it without starting the thread (:meth:`warm_up` does).
        ``keep_on_close``: work that keeps what the user saw; see :meth:`shutdown`."""
        existing = self.pending_with(key)
        if existing is not None:
            return existing
        return self.submit(Job(fn, next_fn, kind, priority, label, key,
                               keep_on_close=keep_on_close), start=start)

    def store_meta(self) -> MetaRepository:
        """The facts of the current environment's store (opened on first use). Only for
        work :meth:`run_io` runs: the store belongs to the worker thread."""
        if threading.current_thread() is not self._runner.thread:
            raise RuntimeError("the store is used on the worker thread only")
        return self._runner.session().store.meta

    def run_io(self, fn: Callable[[], object], on_done: Callable[[object], None],
               on_error: Callable[[BaseException], None]) -> None:
        """Work without the client (file I/O) off the GUI thread: ``fn()`` on the worker,
        then ``on_done(result)`` or ``on_error(exc)`` once, on the GUI thread (the shape
        of an "I/O runner" for dialogs that save files)."""

        def done(outcome: Outcome[object]) -> None:
            if outcome.error is None:
                on_done(outcome.value)
            else:
                on_error(outcome.error)

        self.run_task(lambda _ctx: fn(), done, kind=JobKind.IO)

    def pending_with(self, key: object) -> Job | None:
        """The queued or running job with ``key`` (never for ``None``), unless stopped."""
        if key is None:
            return None
        return next((job for job in self._pending
                     if job.key == key and not job.cancel_requested), None)

    def submit(self, job: Job, *, start: bool = True) -> Job:
        if self._closed:
            raise RuntimeError("the worker is shut down")
        was_busy = self.busy
        self._pending[job] = None
        self._runner.push(job)
        if start:
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
    def closed(self) -> bool:
        return self._closed

    # -- stopping -------------------------------------------------------------------------

    def stop(self) -> None:
        """Cancel the running job and every waiting user or background job; each
        answers with ``RequestCancelled``."""
        def keep(job: Job) -> bool:
            return job.priority == Priority.CONTROL or job.keep_on_close

        dropped = self._runner.drain(keep=keep)
        for job in dropped:
            job.cancel()
        self._runner.cancel_running(keep)
        for job in sorted(dropped, key=lambda j: (int(j.priority), j.seq)):
            job.outcome = Outcome(error=RequestCancelled(), job=job)
            self._complete(job)

    def shutdown(self, timeout_ms: int = 2000) -> bool:
        """Stop everything and end the thread, waiting at most ``timeout_ms``.

        Jobs queued with ``keep_on_close`` (keeping the page the user saw for the next
        start) still run first, within ``timeout_ms``, whether or not background work
        was held: a quit right after the first paint must not lose them.

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
