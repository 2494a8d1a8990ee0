"""The window's outbox: adds that wait to be sent, sent in the background, in order.

* The outbox is the environment's store, which the worker thread owns
  (:attr:`~petdesk.services.worker.jobs.JobContext.session`): one store, one
  :class:`~petdesk.services.outbox.sender.OutboxSender` per process for the window's adds
  and for a bulk import. The store orders the user's own adds before imported rows.
* While anything waits, one sender step at a time runs on the worker at ``BACKGROUND``
  priority (so reading and looking up pets go first); between steps a timer waits
  what the sender said (the pace, the day's quota, a lost connection). A step is at
  most one request; after an unknown outcome the sender reconciles before any resend,
  and an add found not created is sent again after a pause that grows with each try
  (:func:`resend_pause`).
* :attr:`OutboxController.changed` carries an :class:`~petdesk.services.outbox.service.
  OutboxView` after every change: the table's "Waiting to send" rows and the status
  bar's count follow it. :meth:`edit` and :meth:`cancel` change an add while it waits.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Final

from PySide6.QtCore import QObject, QTimer, Signal

from petdesk.core.errors import RequestCancelled
from petdesk.core.jobs import JobKind, Priority
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import localized
from petdesk.gui.importing.controller import (
    CREATING_STEPS,
    LOOK_AGAIN_MS,
    MAX_SLEEP_S,
    RETRY_S,
)
from petdesk.gui.worker.stepper import Stepper
from petdesk.services.outbox.reconcile import Verdict
from petdesk.services.outbox.sender import StepKind
from petdesk.services.outbox.view import OutboxView
from petdesk.storage.rows import AddKey, Draft

if TYPE_CHECKING:
    from petdesk.api import Pet, PetLookup, PetPage
    from petdesk.gui.settings.connection import ConnectionController
    from petdesk.gui.worker.worker import JobContext, Outcome, Worker
    from petdesk.services.outbox.service import SendReport

__all__ = ["OutboxController", "keep_looked_up", "keep_page", "resend_pause"]

STEP_KEY: Final = "outbox-step"

log = logging.getLogger(__name__)


def resend_pause(attempts: int) -> float:
    """Seconds before an add whose answer was lost (and that was found not created) is
    sent again: 5 s after the first try, doubling, at most 5 minutes. A service that
    loses every answer never gets a loop of POSTs."""
    return float(min(5.0 * 2.0 ** max(attempts - 1, 0), 300.0))


def _look(ctx: JobContext) -> OutboxView:
    if not ctx.has_store():
        return OutboxView()  # nothing waits, and no file is made for looking
    return ctx.session.outbox.look()


def _step(ctx: JobContext) -> SendReport:
    return ctx.session.outbox.step(ctx.client)


def _edit(local_id: int, draft: Draft, ctx: JobContext) -> OutboxView:
    return ctx.session.outbox.edit_add(local_id, draft)


def _keep(draft: Draft, key: AddKey, maybe_on_shared: bool, ctx: JobContext) -> OutboxView:
    return ctx.session.outbox.keep_add(draft, key, maybe_on_shared=maybe_on_shared)


def _settle(local_id: int, pet_id: int | None, ctx: JobContext) -> OutboxView:
    return ctx.session.outbox.settle_add(local_id, pet_id)


def _cancel(local_id: int, ctx: JobContext) -> OutboxView:
    return ctx.session.outbox.cancel_add(local_id)


def _reason(exc: Exception) -> str:
    """The exception's type and message on one line (a driver's message may span several)."""
    message = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


def keep_page(query: Any, page: PetPage, ctx: JobContext) -> None:
    """Keep a fresh first page of ``query`` for the next start (worker thread, as
    background work after the page is shown)."""
    try:
        ctx.session.pets.save_first_page(query.status, query.limit, page)
    except Exception as exc:
        # A warning without a traceback, not an error: the page is shown and nothing the
        # user did is lost; only the next start paints an older copy.
        log.warning("the page could not be kept for the next start: %s", _reason(exc))


def keep_looked_up(pet_id: int, found: PetLookup | None, ctx: JobContext) -> None:
    """Keep a pet found by id, for a look-up while offline, or (``found=None``: the
    service answered 404) forget the stored copy (inside the look-up's job)."""
    try:
        if found is not None:
            ctx.session.pets.save_looked_up(found.pet)
        elif ctx.has_store():
            ctx.session.pets.forget_looked_up(pet_id)
    except Exception as exc:  # the pet is shown: only the offline copy is old
        log.warning("the pet could not be kept for working offline: %s", _reason(exc))


def _stored_pet(pet_id: int, ctx: JobContext) -> tuple[Pet, float] | None:
    if not ctx.has_store():
        return None
    return ctx.session.pets.stored_pet(pet_id)


class OutboxController(QObject):
    """Follows the outbox of the current environment; see the module docstring."""

    #: The outbox changed: an :class:`~petdesk.services.outbox.service.OutboxView`.
    changed = Signal(object)
    #: An add left the outbox, created: the :class:`~petdesk.api.Pet` (for the table).
    sent = Signal(object)
    #: One sentence for the status bar.
    notice = Signal(str)
    #: A step recorded a created pet (a 201, or a lost answer found created): any add,
    #: the user's or an import's. The store put it in the catalogue.
    created = Signal()

    def __init__(self, worker: Worker, connection: ConnectionController,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker = worker
        self.view: OutboxView | None = None
        self._stepper = Stepper(worker, _step, self._stepped, key=STEP_KEY,
                                kind=JobKind.CREATE, max_sleep=MAX_SLEEP_S, parent=self)
        connection.changed.connect(self._look_again)

    def start_up(self) -> None:
        """Read the outbox (queued now, as background work: after the first page is
        painted) and send what waits from the last session."""
        self._look_again(start=False, priority=Priority.BACKGROUND)

    def _look_again(self, *, start: bool = True, priority: Priority = Priority.CONTROL) -> None:
        if self._stepper.closed:
            return  # a retry after the worker stopped (its jobs answer "cancelled")
        self._stepper.stop()
        self._worker.run_task(_look, self._looked,
                              priority=priority, kind=JobKind.IO, start=start)

    def _looked(self, outcome: Outcome[Any]) -> None:
        if outcome.value is not None:
            self.show(outcome.value)
        elif isinstance(outcome.error, RequestCancelled) and not self._stepper.closed:
            QTimer.singleShot(LOOK_AGAIN_MS, self, self._look_again)

    def show(self, view: OutboxView) -> None:
        """Show ``view`` and, while anything waits, keep sending."""
        self.view = view
        self.changed.emit(view)
        if view.pending and not self._stepper.waiting:
            self.follow()

    @property
    def pending(self) -> int:
        return self.view.pending if self.view is not None else 0

    def follow(self, delay: float = 0.0) -> None:
        self._stepper.follow(delay)

    def service_answered(self) -> None:
        """The service just answered a request of the user's: what waits is sent now
        rather than after the wait a lost connection set."""
        if self.pending:
            self.follow()

    def _stepped(self, outcome: Outcome[Any]) -> None:
        report: SendReport | None = outcome.value
        if report is None:
            cancelled = isinstance(outcome.error, RequestCancelled)
            self.follow(1.0 if cancelled else RETRY_S)
            return
        result = report.result
        self.view = report.view
        self.changed.emit(report.view)
        if result.kind in CREATING_STEPS:
            self.created.emit()
        if report.pet is not None:
            self.sent.emit(report.pet)
        elif result.kind is StepKind.FAILED and result.entry is not None \
                and result.entry.own:
            self.notice.emit(localized(QT_TRANSLATE_NOOP(
                "OutboxController",
                "The service refused “{name}”: {reason}").format(
                name=result.entry.name, reason=result.message or "")))
        if result.kind is StepKind.IDLE or not report.view.pending:
            return  # nothing it can send (the rest is paused, or needs a decision)
        delay = result.wait
        if result.kind is StepKind.RECONCILED and result.verdict is Verdict.NOT_CREATED \
                and result.entry is not None:
            delay = max(delay, resend_pause(result.entry.attempts))
        self.follow(delay)

    # -- the user's changes ---------------------------------------------------------------

    def keep(self, draft: Draft, key: AddKey, *, maybe_on_shared: bool) -> None:
        """An add the user chose to send later (closing the form): kept in the outbox
        under its ``key`` (once, though it may be there already), shown as waiting, sent
        by the outbox's stepping (``maybe_on_shared``: see
        :meth:`~petdesk.services.outbox.service.OutboxService.queue_add`)."""
        self._change(partial(_keep, draft, key, maybe_on_shared))

    def edit(self, local_id: int, draft: Draft) -> None:
        self._change(partial(_edit, local_id, draft))

    def settle(self, local_id: int, pet_id: int | None) -> None:
        """After a lost answer with several matches: it is ``pet_id`` (already on the
        service), or ``None``: none of them, send it again."""
        self._change(partial(_settle, local_id, pet_id))

    def cancel(self, local_id: int) -> None:
        self._change(partial(_cancel, local_id))

    def _change(self, fn: Callable[[JobContext], OutboxView]) -> None:
        self._worker.run_task(fn, self._changed, kind=JobKind.IO)

    def _changed(self, outcome: Outcome[Any]) -> None:
        if outcome.value is not None:
            self.show(outcome.value)
            return
        if not isinstance(outcome.error, RequestCancelled):
            self.notice.emit(localized(QT_TRANSLATE_NOOP(
                "OutboxController",
                "The add could not be changed: it is being sent now. ({error})").format(
                error=outcome.error)))
        self._look_again()

    # -- stored pages and pets (the next start, working offline) ----------------------------

    def stored_pet(self, pet_id: int, answer: Callable[[Pet, float], None]) -> None:
        """``answer(pet, fetched_at)`` with the stored copy of ``pet_id``, if any."""
        def done(outcome: Outcome[Any]) -> None:
            if outcome.value is not None:
                answer(*outcome.value)

        self._worker.run_task(partial(_stored_pet, pet_id), done,
                              kind=JobKind.IO)

    def shut_down(self) -> None:
        self._stepper.close()
