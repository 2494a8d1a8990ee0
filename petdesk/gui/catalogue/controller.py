"""The catalogue controller: the mirror filled and kept fresh as background work, and
searched for the window, every store access on the worker.

* The catalogue is the worker's store session's
  (:class:`~petdesk.services.catalogue.service.CatalogueService`), opened by the first
  catalogue job, on the worker, never on the GUI thread.
* Filling is one :class:`~petdesk.services.catalogue.mirror.MirrorFiller` step per job, at
  ``BACKGROUND`` priority: a user's request queued meanwhile runs before the next
  page, and waits at most for the one page in flight. Between steps nothing is
  queued; the :class:`~.stepper.Stepper`'s timer waits what the filler said (the quota
  window, the schedule, tomorrow), at most :data:`MAX_SLEEP_S` at a time.
* "Update now", a change of settings and a change of environment wake it, and so does
  a desk back on its shared store (:meth:`CatalogueController.catalogue_replaced`).
* While a desk's shared store is down its catalogue waits for it (nothing is fetched
  into this computer's store; the report's phase says so), "Update now" too.
* Searches are ``USER`` jobs that read one window of results (:meth:`search`).
* Switched off in Settings, nothing runs by itself; what is stored can still be
  searched.

The outbox sender is stepped by its own controller; both read the same client's quota
through their :class:`~petdesk.services.outbox.budget.QuotaBudget`, so together they leave
the user's reserve alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Final, cast

from PySide6.QtCore import QObject, Signal

from petdesk.core.errors import RequestCancelled
from petdesk.core.jobs import JobKind, Priority
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import error_text, localized
from petdesk.gui.worker.stepper import Stepper, StepTimer
from petdesk.services.catalogue.mirror import MirrorPhase

if TYPE_CHECKING:
    from petdesk.gui.settings.connection import ConnectionController
    from petdesk.gui.worker.worker import JobContext, Outcome, Worker
    from petdesk.services.catalogue.service import CatalogueReport, ResultWindow
    from petdesk.storage.rows import MirrorQuery, MirrorSettings

__all__ = ["CatalogueController"]

STEP_KEY: Final = "catalogue-step"
ADDED_KEY: Final = "catalogue-added-here"
#: The longest the timer sleeps before stepping again (a longer wait is re-asked).
MAX_SLEEP_S: Final = 300.0
#: After a failed or stopped step, try again after this.
RETRY_S: Final = 30.0


def _step(ctx: JobContext) -> CatalogueReport:
    return ctx.session.catalogue.step(lambda: ctx.client)


def _update_now(ctx: JobContext) -> CatalogueReport:
    return ctx.session.catalogue.update_now(lambda: ctx.client)


def _apply(settings: MirrorSettings, ctx: JobContext) -> CatalogueReport:
    return ctx.session.catalogue.apply(settings)


def _added_here(ctx: JobContext) -> CatalogueReport:
    return ctx.session.catalogue.added_here()


def _search(query: MirrorQuery, offset: int, limit: int, ctx: JobContext) -> ResultWindow:
    return ctx.session.catalogue.search(query, offset, limit)


class CatalogueController(QObject):
    """Fills the catalogue and answers searches; see the module docstring."""

    #: How the catalogue stands: a :class:`~petdesk.services.catalogue.service.CatalogueReport`.
    statusChanged = Signal(object)
    #: The mirror's rows changed (a view over it re-reads its count and rows).
    rowsChanged = Signal()
    #: One sentence for the status bar (the catalogue's file was set aside, …).
    notice = Signal(str)

    def __init__(self, worker: Worker, connection: ConnectionController,
                 settings: Callable[[], MirrorSettings], *, timer: StepTimer | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker = worker
        self._settings = settings
        self._told_problem: str | None = None
        self.report: CatalogueReport | None = None
        self._stepper = Stepper(worker, _step, self._stepped,
                                key=STEP_KEY, kind=JobKind.OTHER, max_sleep=MAX_SLEEP_S,
                                timer=timer, parent=self)
        connection.changed.connect(self.catalogue_replaced)

    @property
    def enabled(self) -> bool:
        return self._settings().enabled

    @property
    def following(self) -> bool:
        """Steps are scheduled (the catalogue fills or waits for its next update)."""
        return self._stepper.following

    # -- following -----------------------------------------------------------------------

    def start_up(self) -> None:
        """After the first paint: apply the settings, then fill or update if due."""
        if self.enabled:
            self.settings_changed()

    def settings_changed(self) -> None:
        """The user changed the catalogue's settings: apply them, and follow the
        schedule (or stop following when it is switched off)."""
        self._submit(partial(_apply, self._settings()), self._applied,
                     Priority.BACKGROUND)

    def _applied(self, outcome: Outcome[Any]) -> None:
        if self._report(outcome) is not None and self.enabled:
            self._follow()
        elif not self.enabled:
            self._stepper.stop()

    def update_now(self) -> None:
        """"Update now": look for new pets at once (one or two requests)."""
        if not self.enabled:
            self.notice.emit(self.tr("The catalogue is switched off: turn it on in "
                                     "File › Settings… to keep it up to date."))
            return
        self.notice.emit(self.tr("Updating the catalogue…"))
        self._submit(_update_now, self._updated, Priority.USER)

    def _updated(self, outcome: Outcome[Any]) -> None:
        report = self._report(outcome)
        if report is None:
            return
        if report.status.phase is MirrorPhase.SHARED_STORE_DOWN:
            self.notice.emit(self.tr(
                "The catalogue is not updated while the shared store cannot be reached: "
                "it is kept there for every desk."))
            return
        self._follow()

    def catalogue_replaced(self) -> None:
        """Another environment, or the shared store back: another store's catalogue
        (follow its schedule)."""
        if self.enabled:
            self._follow()

    def _follow(self, delay: float = 0.0) -> None:
        self._stepper.follow(delay)

    def _stepped(self, outcome: Outcome[Any]) -> None:
        report = self._report(outcome)
        if report is None:
            self._follow(RETRY_S)
            return
        if report.rows_changed:
            self.rowsChanged.emit()
        if math.isinf(report.wait):
            self._stepper.stop()
        else:
            self._follow(report.wait)

    def _report(self, outcome: Outcome[Any]) -> CatalogueReport | None:
        if outcome.error is not None:
            if not isinstance(outcome.error, RequestCancelled):
                self.notice.emit(localized(QT_TRANSLATE_NOOP(
                    "CatalogueController",
                    "The catalogue could not be updated: {error}").format(
                    error=error_text(outcome.error))))
            return None
        report = cast("CatalogueReport", outcome.value)
        self.report = report
        if report.problem and report.problem != self._told_problem:
            self._told_problem = report.problem
            self.notice.emit(localized(report.problem))
        self.statusChanged.emit(report)
        return report

    def pets_added(self) -> None:
        """This computer added pets (the form, an import, the outbox) or looked one up:
        the store put them in the catalogue when the service answered; what shows the
        catalogue reads it again (one read, however many answers came meanwhile)."""
        if self.enabled and not self._stepper.closed and not self._worker.closed:
            self._worker.run_task(_added_here, self._noted,
                                  priority=Priority.BACKGROUND, kind=JobKind.OTHER,
                                  key=ADDED_KEY)

    def _noted(self, outcome: Outcome[Any]) -> None:
        report = self._report(outcome)
        if report is not None and report.rows_changed:
            self.rowsChanged.emit()

    # -- searching -----------------------------------------------------------------------

    def search(self, query: MirrorQuery, offset: int, limit: int,
               on_done: Callable[[ResultWindow | None], None]) -> None:
        """Read one window of results on the worker; ``on_done`` gets it, or ``None``
        when the read failed or was stopped (Stop, a switch of environment): a view
        never waits for an answer that will not come."""

        def done(outcome: Outcome[Any]) -> None:
            if self._stepper.closed:
                return
            if outcome.error is not None:
                on_done(None)
                return
            window = cast("ResultWindow", outcome.value)
            on_done(window)
            self.statusChanged.emit(self._with_status(window))

        self._submit(partial(_search, query, offset, limit), done,
                     Priority.USER, JobKind.IO)

    def _with_status(self, window: ResultWindow) -> CatalogueReport:
        return window.report(self.report.step if self.report is not None else None)

    def _submit(self, fn: Callable[[JobContext], Any], next_fn: Callable[[Outcome[Any]], None],
                priority: Priority, kind: JobKind = JobKind.OTHER) -> None:
        if not self._stepper.closed and not self._worker.closed:
            self._worker.run_task(fn, next_fn, priority=priority, kind=kind)

    # -- closing -------------------------------------------------------------------------

    def shut_down(self) -> None:
        """The window closes (after the worker stopped, which let the store go: what is
        mirrored stays for the next start): stop stepping."""
        self._stepper.close()
