"""The shared store's work on the worker thread for Settings: Test connection, and
keeping the password in the keyring (never on the GUI thread, never in a file)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from petdesk.core.jobs import JobKind, Priority
from petdesk.gui.common.localize import error_text, localized
from petdesk.gui.worker.worker import JobContext, Outcome, Worker
from petdesk.services.keys.keys import KeyLookupLike
from petdesk.services.redaction import RedactingFilter
from petdesk.services.shared.probe import SharedReach, probe_shared_store, reach_sentence


class SharedStoreController(QObject):
    """Settings › Shared store's Test connection and password."""

    #: Test connection: the sentence saying what it found.
    tested = Signal(str)
    #: The password went to the keyring, or (this sentence) only to memory.
    passwordKept = Signal(str)

    def __init__(self, worker: Worker, redactor: RedactingFilter | None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker = worker
        self._redactor = redactor

    def set_redactor(self, redactor: RedactingFilter) -> None:
        self._redactor = redactor

    def test(self, address: str, password: str) -> None:
        """Sign in at ``address`` with ``password`` (empty: the saved one)."""
        self._remember(password)

        def probe(ctx: JobContext) -> SharedReach:
            return probe_shared_store(address, password or ctx.keys.shared_password().key)

        def done(outcome: Outcome[SharedReach]) -> None:
            if outcome.value is None:
                self.tested.emit(error_text(outcome.error))
                return
            self.tested.emit(localized(reach_sentence(outcome.value, address)))

        self._worker.run_task(probe, done, kind=JobKind.TEST_SHARED_STORE,
                              label=self.tr("Testing the connection…"))

    def keep_password(self, password: str) -> None:
        """Into the keyring, before the store is opened again with it."""
        self._remember(password)

        def done(outcome: Outcome[KeyLookupLike]) -> None:
            lookup = outcome.value
            if lookup is None:
                self.passwordKept.emit(error_text(outcome.error))
            elif lookup.source == "keyring":
                self.passwordKept.emit(self.tr("Shared store password saved in the system "
                                               "keyring."))
            else:
                self.passwordKept.emit(self.tr(
                    "No system keyring works on this computer, so PetDesk keeps the shared "
                    "store's password in memory until it closes."))

        self._worker.run_task(lambda ctx: ctx.keys.set_shared_password(password), done,
                              priority=Priority.CONTROL, kind=JobKind.KEEP_SHARED_SIGN_IN,
                              label=self.tr("Saving the password…"))

    def _remember(self, password: str) -> None:
        if password and self._redactor is not None:
            self._redactor.add_secret(password)
