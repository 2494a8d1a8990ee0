"""Authentication: every job goes through :meth:`AuthController.run_task`.

A job refused with 401 (or with no key stored) is held, :attr:`keyNeeded` asks the
window to open the key dialog once, and a saved key replays every held job once.
Closing the dialog without a key hands each held job its 401 after all. A replay
that is refused again is not held a second time: no loop.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from petdesk.core.errors import AuthenticationError, MissingKeyError
from petdesk.core.jobs import JobKind, Priority
from petdesk.core.keys import KeyLookupLike

from ..localize import error_text
from ..logs import RedactingFilter
from ..worker import Job, JobContext, Next, Outcome, Task, Worker


def _test_key(key: str, ctx: JobContext) -> int:
    client = ctx.temporary_client(key)
    try:
        return len(client.list_pets(limit=1, cancel=ctx.token))
    finally:
        client.close()


def _save_key(environment: str, key: str, ctx: JobContext) -> KeyLookupLike:
    lookup = ctx.keys.set(environment, key)
    ctx.forget_client()
    return lookup


class AuthController(QObject):
    """The 401 → key dialog → replay flow, and the key dialog's Test and Save."""

    #: A job was refused for want of a valid key: open the key dialog with this reason.
    keyNeeded = Signal(str)
    #: The key dialog's Test: ok, message.
    testDone = Signal(bool, str)
    #: Saved: the message for the status bar (a keyring problem, or that it was saved).
    keySaved = Signal(str)
    #: Saving failed: the message for the dialog.
    saveFailed = Signal(str)
    #: A held job that ended without a key: its 401 went to its own completion.
    released = Signal()

    def __init__(self, worker: Worker, redactor: RedactingFilter | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker = worker
        self._redactor = redactor
        self._held: list[tuple[Job, Next | None, Outcome[object]]] = []
        self.closing = False

    def set_redactor(self, redactor: RedactingFilter) -> None:
        self._redactor = redactor

    def run_task(self, fn: Task, next_fn: Next | None = None, *,
                 priority: Priority = Priority.USER, kind: JobKind = JobKind.OTHER,
                 label: str = "", key: object = None,
                 keep_on_close: bool = False) -> Job | None:
        """:meth:`Worker.run_task`, with the 401 flow around ``next_fn``."""
        if self.closing:
            return None
        return self._worker.run_task(fn, self._guard(next_fn), priority=priority,
                                     kind=kind, label=label, key=key,
                                     keep_on_close=keep_on_close)

    def pending(self, key: object) -> bool:
        """Whether a job with ``key`` is queued or running (and not stopped)."""
        return self._worker.pending_with(key) is not None

    @property
    def busy(self) -> bool:
        return self._worker.busy

    def _guard(self, next_fn: Next | None) -> Next:
        def guarded(outcome: Outcome[object]) -> None:
            exc = outcome.error
            job = outcome.job
            if (isinstance(exc, AuthenticationError) and exc.status_code != 403
                    and job is not None and not job.replayed and not self.closing):
                self._held.append((job, next_fn, outcome))
                reason = error_text(exc)
                if isinstance(exc, MissingKeyError) and exc.problem:
                    reason = f"{reason} {exc.problem}"
                self.keyNeeded.emit(reason)
                return
            if next_fn is not None:
                next_fn(outcome)

        return guarded

    @property
    def holding(self) -> bool:
        return bool(self._held)

    def test_key(self, key: str) -> None:
        """Try ``key`` (one cheap request with a temporary client); never held on 401."""
        self._remember(key)

        def done(outcome: Outcome[object]) -> None:
            if outcome.ok:
                self.testDone.emit(True, self.tr("Connected: the key works."))
            else:
                self.testDone.emit(False, str(outcome.error))

        self._worker.run_task(lambda ctx: _test_key(key, ctx), done,
                              kind=JobKind.TEST_KEY, label=self.tr("Testing the key…"))

    def save_key(self, environment: str, key: str) -> None:
        """Store ``key`` for ``environment``; then replay what was held."""
        self._remember(key)

        def done(outcome: Outcome[KeyLookupLike]) -> None:
            if not outcome.ok:
                exc = outcome.error
                self.saveFailed.emit(self.tr("This key cannot be used: %s.") % exc
                                     if isinstance(exc, ValueError) else error_text(exc))
                return
            lookup = outcome.value
            problem = lookup.problem if lookup is not None else None
            self.keySaved.emit(problem or self.tr("API key saved in the system keyring."))
            held, self._held = self._held, []
            for job, _next, _outcome in held:
                self._worker.submit(job.replay())

        self._worker.run_task(lambda ctx: _save_key(environment, key, ctx), done,
                              kind=JobKind.SAVE_KEY, label=self.tr("Saving the key…"))

    def dialog_closed(self, accepted: bool) -> None:
        """Without a saved key every held job gets its 401 after all."""
        if accepted:
            return
        held, self._held = self._held, []
        for _job, next_fn, outcome in held:
            if next_fn is not None:
                next_fn(outcome)
        if held:
            self.released.emit()

    def close(self) -> None:
        self.closing = True
        self._held.clear()

    def _remember(self, key: str) -> None:
        if self._redactor is not None:
            self._redactor.add_secret(key)
