"""The shared store's work on the worker thread: Settings' Test connection, keeping the
password in the keyring (never on the GUI thread, never in a file), and the window's
watch while the shared store cannot be reached."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from petdesk.core.jobs import JobKind, Priority
from petdesk.core.status_messages import MessageKind, StatusMessage
from petdesk.core.store_trouble import StoreTrouble
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import error_text, localized
from petdesk.gui.common.status_bar import PetStatusBar
from petdesk.gui.settings.connection import ConnectionController
from petdesk.gui.worker.worker import JobContext, Outcome, Worker
from petdesk.services.keys.keys import KeyLookupLike
from petdesk.services.redaction import RedactingFilter
from petdesk.services.shared.move import MoveReport
from petdesk.services.shared.reach import SharedReach, reach_sentence

#: How long a desk on its own data waits before trying the shared store again, at
#: first; each failed try doubles it, up to :data:`RETRY_MAX_MS` (a server that does not
#: answer at all holds the worker for the connection's timeout at each try).
RETRY_MS = 30_000
RETRY_MAX_MS = 5 * 60_000


class SharedStoreController(QObject):
    """File › Settings… › Shared store's Test connection and password."""

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
            return ctx.test_shared_store(address, password)

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


class SharedStoreWatch(QObject):
    """While the shared store set up for this desk cannot be reached, the status bar
    says the desk works on this computer's data, and the worker tries the shared store
    again (after :data:`RETRY_MS`, then less often); once it answers, the adds this
    computer kept move there (on the worker) and :attr:`rejoined` is emitted.

    The same holds when it goes away while the desk works on it: the worker lets the
    dead session go (:attr:`Worker.sharedStoreLost`), and the watch looks at once at
    the session opened again, on the shared store if it answers already."""

    #: Back on the shared store: its outbox and rows are the ones to show now.
    rejoined = Signal()

    def __init__(self, worker: Worker, connection: ConnectionController,
                 status: PetStatusBar, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker = worker
        self._connection = connection
        self._status = status
        self._down = False
        self._failures = 0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(lambda: self._look(rejoin=True))
        connection.changed.connect(self.start_up)
        worker.sharedStoreLost.connect(self._lost)

    @property
    def down(self) -> bool:
        return self._down

    def start_up(self) -> None:
        """Look once the store is opened (background work, after the first page)."""
        self._timer.stop()
        self._down = False
        self._failures = 0
        self._status.clear(MessageKind.SHARED_STORE_DOWN)
        if self._connection.in_use.shared_store:
            self._look(rejoin=False)

    def retry_now(self) -> None:
        """Try the shared store again at once (a new password was just kept)."""
        if self._down:
            self._timer.stop()
            self._look(rejoin=True)

    def _lost(self) -> None:
        """Counted as down until the session opened again says otherwise: back at
        once, it is :attr:`rejoined` (an import waiting on the lost store goes on).
        Lost again while down (a store that signs in, then fails): the retry's timer
        tries again, so a half-working server is not asked in a loop."""
        if not self._connection.in_use.shared_store or self._down:
            return
        self._timer.stop()
        self._down = True
        self._failures = 0
        self._look(rejoin=False)

    def _look(self, *, rejoin: bool) -> None:
        def look(ctx: JobContext) -> tuple[StoreTrouble | None, MoveReport | None]:
            session = ctx.rejoin_shared() if rejoin else ctx.session
            return session.shared_down, session.moved

        self._worker.run_task(look, self._seen, priority=Priority.BACKGROUND,
                              kind=JobKind.SHARED_STORE, key=JobKind.SHARED_STORE)

    def _seen(self, outcome: Outcome[tuple[StoreTrouble | None, MoveReport | None]]) -> None:
        if not self._connection.in_use.shared_store:
            return  # switched off meanwhile
        if outcome.value is None:  # stopped (Esc) or failed: look again later
            self._timer.start(RETRY_MS)
            return
        down, moved = outcome.value
        if down is not None:
            self._down = True
            self._status.show_message(self._down_message(down))
            self._timer.start(min(RETRY_MS * 2 ** self._failures, RETRY_MAX_MS))
            self._failures += 1
            return
        was_down, self._down = self._down, False
        self._failures = 0
        self._status.clear(MessageKind.SHARED_STORE_DOWN)
        if moved is not None and moved.moved:
            self._status.show_activity(localized(QT_TRANSLATE_NOOP(
                "SharedStoreWatch",
                "Moved {count} adds kept on this computer to the shared store.").format(
                count=moved.moved)))
        elif was_down:
            self._status.show_activity(self.tr("The shared store is back."))
        if was_down:
            self.rejoined.emit()

    def _down_message(self, trouble: StoreTrouble) -> StatusMessage:
        """The status line while on this computer's data: what keeps the shared store
        out, in short; the whole sentence in Details."""
        if trouble is StoreTrouble.UNREACHABLE:
            text = self.tr("Shared store not reachable — working on this computer's data")
            short = self.tr("Shared store not reachable")
        elif trouble is StoreTrouble.REFUSED:
            text = self.tr("Shared store refused the sign-in — working on this computer's "
                           "data")
            short = self.tr("Shared store refused the sign-in")
        else:
            text = self.tr("Shared store cannot be used — working on this computer's data")
            short = self.tr("Shared store cannot be used")
        return StatusMessage(MessageKind.SHARED_STORE_DOWN, text, short,
                             localized(trouble.sentence))

    def shut_down(self) -> None:
        self._timer.stop()
