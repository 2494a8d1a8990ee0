"""The import and export controller: every step on the worker, the outbox stepped as
background work, the followed import reported to the GUI thread.

* The environment's store is the worker's (:class:`~petdesk.services.importing.service.
  ImportService`), never touched on the GUI thread; at start (and after a change of environment)
  an import left unfinished in its outbox is found, reported (:attr:`notice`) and
  resumed.
* Sending is one outbox step per job, at ``BACKGROUND`` priority: the user's own
  requests go first and the worker interleaves them. Between steps nothing is queued;
  the :class:`~.stepper.Stepper`'s timer waits what the sender said (the pace, the
  day's quota).
* Closing the window (:meth:`shut_down`) stops the stepping; the rows not sent stay in
  the outbox and the next start resumes them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from PySide6.QtCore import QObject, QTimer, Signal

from petdesk.core.errors import RequestCancelled
from petdesk.core.jobs import JobKind, Priority
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import error_text, localized, summary_text
from petdesk.gui.worker.stepper import Stepper
from petdesk.services.outbox.sender import StepKind

if TYPE_CHECKING:
    from petdesk.api.models import Pet
    from petdesk.core.statuses import PetStatus
    from petdesk.gui.settings.connection import ConnectionController
    from petdesk.gui.worker.worker import Job, JobContext, Outcome, Worker
    from petdesk.services.importing.mapping import ColumnMapping
    from petdesk.services.importing.preview import Preview
    from petdesk.services.importing.report import ImportReport
    from petdesk.services.importing.service import ImportStatus
    from petdesk.services.importing.session import FileLayout

__all__ = ["ImportController", "ProgressRelay"]

STEP_KEY: Final = "import-step"
#: The longest the timer sleeps before stepping again (a longer wait is re-asked).
MAX_SLEEP_S: Final = 60.0
#: After a failed step (no key, no connection), try again after this.
RETRY_S: Final = 30.0
#: A look that the worker answered "cancelled" (Stop, or the start-up's background work
#: held) is asked again this much later.
LOOK_AGAIN_MS: Final = 1000
#: The sender's steps that may have recorded a created pet (a 201, or a lost answer
#: found created).
CREATING_STEPS: Final = frozenset({StepKind.SENT, StepKind.RECONCILED})

Done = Callable[[Any], None]
Failed = Callable[[BaseException], None]


class ProgressRelay(QObject):
    """Carries a worker's progress reports to the GUI thread (queued: it lives there)."""

    reported = Signal(object)

    def __call__(self, value: object) -> None:
        self.reported.emit(value)


def _pending(ctx: JobContext) -> ImportStatus | None:
    if not ctx.has_store():
        return None  # nothing left unfinished, and no file is made for looking
    importing = ctx.session.importing
    if importing.pending_batch() is None:
        return None
    return importing.status()


def _step(ctx: JobContext) -> ImportStatus | None:
    return ctx.session.importing.step(ctx.client)


def _start(preview: Preview, ctx: JobContext) -> ImportStatus | None:
    return ctx.session.importing.start(ctx.client, preview)


def _control(action: str, ctx: JobContext) -> ImportStatus | None:
    return ctx.session.importing.control(action)


def _decide(choices: list[tuple[int, int | None]], ctx: JobContext) -> ImportStatus | None:
    return ctx.session.importing.decide(choices)


def _inspect(path: Path, encoding: str | None, delimiter: str | None, sheet: str | None,
             ctx: JobContext) -> FileLayout:
    return ctx.session.importing.inspect(path, encoding, delimiter, sheet)


def _preview(layout: FileLayout, mapping: ColumnMapping, relay: ProgressRelay,
             shown: tuple[Pet, ...], ctx: JobContext) -> Preview:
    return ctx.session.importing.preview(layout, mapping, relay, ctx.token, shown)


def _save_report(report: ImportReport, path: Path, ctx: JobContext) -> int:
    return ctx.session.importing.save_report(report, path)


def _export_query(path: Path, status: PetStatus | None, relay: ProgressRelay,
                  ctx: JobContext) -> int:
    return ctx.session.importing.export_query(ctx.client, path, status, relay, ctx.token)


def _export_pets(pets: list[Pet], path: Path, relay: ProgressRelay, ctx: JobContext) -> int:
    return ctx.session.importing.export_pets(pets, path, relay, ctx.token)


class ImportController(QObject):
    """Runs the import's and export's steps on ``worker``; see the module docstring."""

    #: How the followed import stands: an :class:`~petdesk.services.importing.service.ImportStatus`.
    statusChanged = Signal(object)
    #: One sentence for the status bar (an import resumed, finished, waiting).
    notice = Signal(str)
    #: An import reached its end (the list may show new pets).
    finished = Signal()
    #: A step recorded a created pet (the store put it in the catalogue).
    created = Signal()

    def __init__(self, worker: Worker, connection: ConnectionController, *,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker = worker
        self.status: ImportStatus | None = None
        self._stepper = Stepper(worker, _step, self._stepped,
                                key=STEP_KEY, kind=JobKind.CREATE, max_sleep=MAX_SLEEP_S,
                                parent=self)
        connection.changed.connect(self._look_again)

    # -- following the outbox --------------------------------------------------------------

    def start_up(self) -> None:
        """Open the store and resume an import left unfinished: queued now, at
        background priority, so it runs when the worker starts but after the first
        page (opening the store loads the bulk and store modules)."""
        self._look_again(start=False, priority=Priority.BACKGROUND)

    def _look_again(self, *, start: bool = True, priority: Priority = Priority.CONTROL) -> None:
        """Open the store of the current environment and follow its unfinished import."""
        if self._stepper.closed:
            return  # a retry after the worker stopped (its jobs answer "cancelled")
        self._stepper.stop()
        self._worker.run_task(_pending, self._found,
                              priority=priority, kind=JobKind.IO, start=start)

    def _found(self, outcome: Outcome[Any]) -> None:
        if isinstance(outcome.error, RequestCancelled):
            self._retry(self._look_again)
            return
        if outcome.error is not None or outcome.value is None:
            return
        status: ImportStatus = outcome.value
        if status.finished:
            return
        self._show(status)
        self.notice.emit(localized(QT_TRANSLATE_NOOP(
            "ImportController",
            "Resuming the import left unfinished: {text}").format(
            text=localized(status.text))))
        self._follow()

    def _retry(self, again: Callable[[], None]) -> None:
        if not self._stepper.closed:
            QTimer.singleShot(LOOK_AGAIN_MS, self, again)

    def _follow(self, delay: float = 0.0) -> None:
        self._stepper.follow(delay)

    def _stepped(self, outcome: Outcome[Any]) -> None:
        if outcome.error is not None:
            if not isinstance(outcome.error, RequestCancelled):
                self.notice.emit(localized(QT_TRANSLATE_NOOP(
                    "ImportController",
                    "Import waiting: {error}").format(
                    error=error_text(outcome.error))))
            self._follow(1.0 if isinstance(outcome.error, RequestCancelled) else RETRY_S)
            return
        status: ImportStatus | None = outcome.value
        if status is None:
            self._stepper.stop()
            return
        self._show(status)
        if status.step in CREATING_STEPS:
            self.created.emit()
        if status.finished:
            self._stepper.stop()
            self.notice.emit(localized(QT_TRANSLATE_NOOP(
                "ImportController",
                "Import finished: {report}.").format(
                report=summary_text(status.report))))
            self.finished.emit()
            self._look_again()  # another import may be waiting in the outbox
        elif status.idle or (status.progress.paused and status.progress.checking == 0):
            self._stepper.stop()
        else:
            self._follow(status.wait)

    def _show(self, status: ImportStatus) -> None:
        self.status = status
        self.statusChanged.emit(status)

    @property
    def sending(self) -> bool:
        return self.status is not None and not self.status.finished

    # -- the user's steps ------------------------------------------------------------------

    def inspect(self, path: Path, encoding: str | None, delimiter: str | None,
                on_done: Done, on_error: Failed, *, sheet: str | None = None) -> Job:
        return self._submit(partial(_inspect, path, encoding, delimiter, sheet),
                            _answer(on_done, on_error), Priority.USER, JobKind.IO)

    def preview(self, layout: FileLayout, mapping: ColumnMapping, relay: ProgressRelay,
                on_done: Done, on_error: Failed, *, shown: tuple[Pet, ...] = ()) -> Job:
        """Check every row; ``shown``: the pets the window lists, known to be there."""
        return self._submit(partial(_preview, layout, mapping, relay, shown),
                            _answer(on_done, on_error), Priority.USER, JobKind.IO)

    def send(self, preview: Preview, on_error: Failed) -> None:
        """Queue the previewed rows (durably) and start sending them."""
        self._submit(partial(_start, preview),
                     _answer(self._started, on_error), Priority.USER)

    def _started(self, status: ImportStatus | None) -> None:
        if status is not None:
            self._show(status)
            self._follow()

    def pause(self) -> None:
        self._control("pause")

    def resume(self) -> None:
        self._control("resume")

    def cancel(self) -> None:
        self._control("cancel")

    def decide(self, choices: list[tuple[int, int | None]]) -> None:
        """Answer rows awaiting a decision (see
        :meth:`~petdesk.services.importing.service.ImportService.decide`)."""
        self._submit(partial(_decide, choices),
                     _answer(self._controlled, self._control_failed), Priority.USER)

    def _control(self, action: str) -> None:
        self._submit(partial(_control, action),
                     _answer(self._controlled, self._control_failed), Priority.USER)

    def _controlled(self, status: ImportStatus | None) -> None:
        if status is not None:
            self._show(status)
            if not status.finished and not self._stepper.following:
                self._follow()

    def _control_failed(self, error: BaseException) -> None:
        self.notice.emit(localized(QT_TRANSLATE_NOOP(
            "ImportController",
            "The import could not be changed: {error}").format(
            error=error)))

    def save_report(self, report: ImportReport, path: Path, on_done: Done,
                    on_error: Failed) -> Job:
        return self._submit(partial(_save_report, report, path),
                            _answer(on_done, on_error), Priority.USER, JobKind.IO)

    def export_query(self, path: Path, status: PetStatus | None, relay: ProgressRelay,
                     on_done: Done, on_error: Failed) -> Job:
        return self._submit(partial(_export_query, path, status, relay),
                            _answer(on_done, on_error), Priority.USER, JobKind.IO)

    def export_pets(self, pets: list[Pet], path: Path, relay: ProgressRelay,
                    on_done: Done, on_error: Failed) -> Job:
        return self._submit(partial(_export_pets, pets, path, relay),
                            _answer(on_done, on_error), Priority.USER, JobKind.IO)

    def _submit(self, fn: Callable[[JobContext], Any], next_fn: Callable[[Outcome[Any]], None],
                priority: Priority, kind: JobKind = JobKind.OTHER) -> Job:
        return self._worker.run_task(fn, next_fn, priority=priority, kind=kind)

    # -- closing ---------------------------------------------------------------------------

    def stop_following(self) -> None:
        """The window closes (before the worker stops): no step and no look again is
        scheduled any more."""
        self._stepper.close()

    def shut_down(self) -> None:
        """The window closes (after the worker stopped, which let the store go: the rows
        not sent stay queued for the next start): stop stepping."""
        self._stepper.close()


def _answer(on_done: Done, on_error: Failed) -> Callable[[Outcome[Any]], None]:
    def answer(outcome: Outcome[Any]) -> None:
        if outcome.error is None:
            on_done(outcome.value)
        else:
            on_error(outcome.error)

    return answer
