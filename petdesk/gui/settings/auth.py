"""Authentication: every job goes through :meth:`AuthController.run_task`.

A job refused with 401 (or with no key stored) is held, :attr:`keyNeeded` asks the
window to open the key dialog once, and a saved key replays every held job once.
Closing the dialog without a key hands each held job its 401 after all. A replay
that is refused again is not held a second time: no loop.

The key dialog's Test tries an address and a key together, and a pair that works is
kept at once: the key saved (keyring, on the worker thread), the address in the
settings. Closing the dialog then, however it is closed, puts the pair to use as Save
does: the user saw it work, and nothing they do next throws it away.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from PySide6.QtCore import QObject, Signal

from petdesk.core.connection import Connection, Reach, reach_of
from petdesk.core.errors import AuthenticationError, MissingKeyError
from petdesk.core.jobs import JobKind, Priority
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import error_text, localized
from petdesk.gui.settings.connection import ConnectionController
from petdesk.gui.worker.worker import Job, JobContext, Next, Outcome, Task, Worker
from petdesk.services.keys.keys import KeyLookupLike
from petdesk.services.redaction import RedactingFilter


def _test_pair(connection: Connection, key: str, ctx: JobContext) -> KeyLookupLike | None:
    """One cheap request to ``connection`` with ``key`` (empty: the saved key); when it
    works, a typed key is saved. The saved key's lookup, or ``None``."""
    used = key or ctx.keys.get(connection.environment).key
    if not used:
        raise MissingKeyError()
    client = ctx.temporary_client(used, connection)
    try:
        client.list_pets(limit=1, cancel=ctx.token)
    finally:
        client.close()
    return _save_key(connection.environment, key, ctx) if key else None


def _save_key(environment: str, key: str, ctx: JobContext) -> KeyLookupLike | None:
    if not key:
        return None  # only the address changes
    lookup = ctx.keys.set(environment, key)
    ctx.forget_client()
    return lookup


def _host(address: str) -> str:
    try:
        return urlsplit(address).netloc or address
    except ValueError:
        return address


class AuthController(QObject):
    """The 401 → key dialog → replay flow, and the key dialog's Test and Save."""

    #: A job was refused for want of a valid key: open the key dialog with this reason.
    keyNeeded = Signal(str)
    #: The key dialog's Test: what it found (:class:`Reach`) and the sentence to show.
    testDone = Signal(object, str)
    #: Saved: the message for the status bar (a keyring problem, or that it was saved).
    keySaved = Signal(str)
    #: Saving failed: the message for the dialog.
    saveFailed = Signal(str)
    #: A held job that ended without a key: its 401 went to its own completion.
    released = Signal()

    def __init__(self, worker: Worker, connection: ConnectionController,
                 redactor: RedactingFilter | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker = worker
        self._connection = connection
        self._redactor = redactor
        self._held: list[tuple[Job, Next | None, Outcome[object]]] = []
        #: A pair passed the key dialog's Test and was kept: the sentence for the
        #: status bar once the dialog closes (``None``: nothing kept).
        self._kept: str | None = None
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
                if isinstance(exc, MissingKeyError):
                    reason = error_text(exc)
                    if exc.problem:
                        reason = f"{reason} {localized(exc.problem)}"
                else:  # said inside the dialog: no "open File › API key…" here
                    reason = self.tr("The service did not accept the saved API key: it is "
                                     "not accepted at this address. Enter the key again, "
                                     "and check the address.")
                self.keyNeeded.emit(reason)
                return
            if next_fn is not None:
                next_fn(outcome)

        return guarded

    @property
    def holding(self) -> bool:
        return bool(self._held)

    def test_key(self, address: str, key: str) -> None:
        """Try ``key`` (empty: the saved key) at ``address``: one cheap request with a
        temporary client, never held on 401. A pair that works is kept."""
        if key:
            self._remember(key)
        connection = self._connection.candidate(address)

        def done(outcome: Outcome[KeyLookupLike | None]) -> None:
            reach = reach_of(outcome.error)
            if reach is Reach.WORKS:
                self._connection.keep_address(address)
                lookup = outcome.value
                problem = (localized(lookup.problem) if lookup is not None and lookup.problem
                           else None)
                self._kept = problem or self.tr("The tested address and API key are in use.")
                text = (self.tr("Connected: the key works. PetDesk keeps this address and key.")
                        if key else self.tr("Connected: the saved key works at this address. "
                                            "PetDesk keeps this address."))
                self.testDone.emit(reach, f"{text} {problem}" if problem else text)
                return
            self.testDone.emit(reach, self._test_failed(reach, outcome.error, address))

        self._worker.run_task(lambda ctx: _test_pair(connection, key, ctx), done,
                              kind=JobKind.TEST_KEY, label=self.tr("Testing the connection…"))

    def _test_failed(self, reach: Reach, error: BaseException | None, address: str) -> str:
        if reach is Reach.NO_SUCH_ADDRESS:
            return localized(QT_TRANSLATE_NOOP(
                "AuthController",
                "This address does not exist: no computer on the network is called {address}. "
                "Check the address; if it is right, check that this computer is online.").format(
                address=_host(address)))
        if reach is Reach.NO_NETWORK:
            return localized(QT_TRANSLATE_NOOP(
                "AuthController",
                "No network connection to {address}: this computer may be offline, or nothing "
                "answers at that address. Check the network connection, then the address.").format(
                address=_host(address)))
        if reach is Reach.KEY_REFUSED and not isinstance(error, MissingKeyError):
            return self.tr("The service refused this key: it is not accepted at this "
                           "address. The address is right (the service answered).")
        if reach is Reach.NOT_THE_SERVICE:
            return self.tr("Something answers at this address, but not the Pet Store "
                           "service. Check the address: it usually ends in /v1.")
        return error_text(error)

    def save_key(self, address: str, key: str) -> None:
        """Store ``key`` (empty: keep the saved one) and ``address``; then put them to
        use and replay what was held."""
        if key:
            self._remember(key)
        environment = self._connection.name

        def done(outcome: Outcome[KeyLookupLike | None]) -> None:
            if not outcome.ok:
                exc = outcome.error
                self.saveFailed.emit(localized(QT_TRANSLATE_NOOP(
                    "AuthController",
                    "This key cannot be used: {reason}.").format(
                    reason=error_text(exc)))
                                     if isinstance(exc, ValueError) else error_text(exc))
                return
            self._connection.keep_address(address)
            lookup = outcome.value
            if lookup is None:
                message = self.tr("Service address saved.")
            else:
                message = (localized(lookup.problem) if lookup.problem
                           else self.tr("API key saved in the system keyring."))
            self._kept = None  # saved and used now, not again when the dialog closes
            self._use(message)

        self._worker.run_task(lambda ctx: _save_key(environment, key, ctx), done,
                              kind=JobKind.SAVE_KEY, label=self.tr("Saving the key…"))

    def _use(self, message: str) -> None:
        """The address and key just kept go to work: the list reloads from the new
        address (if it changed), held jobs run again."""
        self._connection.settings_changed()
        held, self._held = self._held, []
        for job, _next, _outcome in held:
            self._worker.submit(job.replay())
        self.keySaved.emit(message)

    def dialog_closed(self, accepted: bool) -> None:
        """A pair kept by the Test is used however the dialog closed; else, without a
        saved key, every held job gets its 401 after all."""
        kept, self._kept = self._kept, None
        if kept is not None:
            self._use(kept)
            return
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
