"""Adding a pet: the add form's whole request lifecycle, without widgets.

:meth:`AddPetController.submit` runs one job: the add is written to the outbox
durably first, then sent at once as the user's request (see
:class:`petdesk.services.outbox.service.OutboxService`); the form is busy until the outcome.

* Created: :attr:`added` with the pet.
* The shared store stopped answering before the add was kept: :attr:`rejected`; the
  form keeps what was typed and asks to press Add again once the worker has opened the
  store again (the shared one, or this computer's while it is down). Had the connection
  died while committing, the add may be in the shared outbox already: the add carries
  an idempotency key (:class:`~petdesk.storage.rows.AddKey`) from its first press for
  as long as the same pet is submitted, so pressing Add again finds that entry (and
  shows it waiting or sent) instead of queueing the pet twice. A new key is made once
  the add was kept, or when what is submitted changes.
* A 400 names its field: :attr:`rejected` with the field (the form stays open and
  keeps what was typed; the refused add leaves the outbox).
* Not sent now (no connection, a long rate-limit wait, the day's quota spent, earlier
  adds still waiting, another PetDesk sending) or sent with the answer lost:
  :attr:`queued` with the sentence to show. The form closes: the add is safe in the
  outbox, shown as a "Waiting to send" row, and sent (or checked, after a lost answer)
  by itself. It is never sent twice blindly.

A job refused for want of a key is replayed after the key dialog
(:class:`~.auth.AuthController`); the replay sends the add already queued, never a
second one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from PySide6.QtCore import QObject, Signal

from petdesk.core.errors import AuthenticationError, BadRequestError, RequestCancelled
from petdesk.core.jobs import JobKind
from petdesk.core.text import display
from petdesk.core.wording import QT_TRANSLATE_NOOP, Template
from petdesk.gui.common.localize import error_text, localized
from petdesk.gui.settings.auth import AuthController
from petdesk.services.outbox.sender import StepKind
from petdesk.storage.rows import AddKey, Draft, SharedStoreUnavailable

if TYPE_CHECKING:
    from petdesk.api import NewPet
    from petdesk.gui.outbox.controller import OutboxController
    from petdesk.gui.worker.worker import JobContext, Outcome
    from petdesk.services.outbox.service import SendReport


class _Add:
    """One add's job: queue once (a replay after a new API key reuses the entry), then
    send."""

    def __init__(self, draft: Draft, key: AddKey, maybe_on_shared: bool) -> None:
        self.draft = draft
        self.key = key
        #: The shared store's answer to an earlier press of this add was lost.
        self.maybe_on_shared = maybe_on_shared
        self.local_id: int | None = None

    def __call__(self, ctx: JobContext) -> SendReport:
        outbox = ctx.session.outbox
        if self.local_id is None:
            self.local_id = outbox.queue_add(self.draft, self.key,
                                             maybe_on_shared=self.maybe_on_shared)
        report = outbox.send_add(ctx.client, self.local_id)
        if report.result.kind is StepKind.KEY_PROBLEM and isinstance(report.error,
                                                                      AuthenticationError):
            raise report.error  # the key dialog opens; a saved key sends it again
        return report


#: Why an add waits, for the kinds of step that say so themselves; any other kind
#: gives its own reason (:meth:`AddPetController._waiting_text`).
_WAITING: Final[dict[StepKind, Template]] = {
    StepKind.UNKNOWN: QT_TRANSLATE_NOOP(
        "AddPetController",
        "The answer for “{name}” was lost. PetDesk checks whether it was added before "
        "sending anything again."),
    StepKind.UNTIL_SHARED_STORE: QT_TRANSLATE_NOOP(
        "AddPetController",
        "“{name}” waits on this computer until the shared store is back: it may be "
        "there already, and is sent once from there."),
    # Pressed again: the add was kept already, and is being checked.
    StepKind.IDLE: QT_TRANSLATE_NOOP(
        "AddPetController",
        "“{name}” was kept already and waits in the outbox. PetDesk sends or checks "
        "it by itself."),
    StepKind.QUEUED_BEHIND: QT_TRANSLATE_NOOP(
        "AddPetController",
        "Waiting to send “{name}” after the adds before it. PetDesk sends it by "
        "itself."),
    StepKind.OTHER_WINDOW: QT_TRANSLATE_NOOP(
        "AddPetController",
        "Waiting to send “{name}”: another PetDesk window is sending the adds."),
}


class AddPetController(QObject):
    #: The form is sending (True) or not any more (False).
    busyChanged = Signal(bool)
    #: The pet was added: the :class:`~petdesk.api.Pet` the server returned.
    added = Signal(object)
    #: Not added: the message for the form, the field (or None), the exception and
    #: the status-bar prefix.
    rejected = Signal(str, object, object, str)
    #: Kept in the outbox, to be sent (or checked) by itself: the sentence to show.
    queued = Signal(str)
    #: The add just submitted waits in the outbox: its local id (its row is shown to
    #: the user).
    kept = Signal(int)

    def __init__(self, auth: AuthController, outbox: OutboxController,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._auth = auth
        self._outbox = outbox
        self.sending = False
        #: The pet being added and its idempotency key, until it is kept.
        self._keyed: tuple[Draft, AddKey] | None = None
        #: The shared store's answer to a press of the keyed pet was lost.
        self._maybe_on_shared = False

    def _key_for(self, draft: Draft) -> AddKey:
        """The key of ``draft``: the one it was first submitted with while it is the
        same pet, else a new one."""
        if self._keyed is None or self._keyed[0] != draft:
            self._keyed = draft, AddKey.new()
            self._maybe_on_shared = False
        return self._keyed[1]

    def submit(self, new_pet: NewPet) -> None:
        if self.sending:
            return  # one add at a time: a double click never adds twice
        draft = Draft(new_pet.name, new_pet.category_id, new_pet.status)
        add = _Add(draft, self._key_for(draft), self._maybe_on_shared)
        job = self._auth.run_task(add, lambda outcome: self._done(add, outcome),
                                  kind=JobKind.CREATE,
                                  label=localized(QT_TRANSLATE_NOOP(
                                      "AddPetController",
                                      "Adding {name}…").format(
                                      name=display(new_pet.name, 40))))
        if job is not None:
            self.sending = True
            self.busyChanged.emit(True)

    def send_later(self, new_pet: NewPet) -> None:
        """Closing the form with "Send later": the pet waits in the outbox."""
        draft = Draft(new_pet.name, new_pet.category_id, new_pet.status)
        self._outbox.keep(draft, self._key_for(draft), maybe_on_shared=self._maybe_on_shared)
        self._keyed = None
        self.queued.emit(localized(QT_TRANSLATE_NOOP(
            "AddPetController",
            "“{name}” waits in the outbox. PetDesk sends it by itself.").format(
            name=display(new_pet.name, 40))))

    def _done(self, add: _Add, outcome: Outcome[Any]) -> None:
        self.sending = False
        self.busyChanged.emit(False)
        report: SendReport | None = outcome.value
        name = display(add.draft.name, 40)
        if report is None:
            exc = outcome.error
            if add.local_id is None:  # not kept, as far as this desk knows: same key again
                if isinstance(exc, SharedStoreUnavailable):
                    # Lost while committing: the shared store may have kept it.
                    self._maybe_on_shared = self._maybe_on_shared or exc.maybe_kept
                    message = self._store_lost_text(name)
                else:
                    message = error_text(exc)
                self.rejected.emit(message, None, exc, self.tr("The pet was not added: "))
                return
            self._keyed = None
            self._outbox.follow()
            self.kept.emit(add.local_id)
            if isinstance(exc, RequestCancelled):
                self.queued.emit(localized(QT_TRANSLATE_NOOP(
                    "AddPetController",
                    "Stopped. “{name}” waits in the outbox: cancel it there if it should not be "
                    "sent.").format(
                    name=name)))
            else:
                self.queued.emit(localized(QT_TRANSLATE_NOOP(
                    "AddPetController",
                    "Waiting to send “{name}”: {reason}.").format(
                    name=name, reason=error_text(exc).rstrip(". "))))
            return
        self._outbox.show(report.view)
        kind = report.result.kind
        if kind is not StepKind.FAILED:
            self._keyed = None  # kept: the form closes
        if report.pet is not None:  # sent now, or (the same key again) sent already
            self.added.emit(report.pet)
        elif kind is StepKind.FAILED:
            exc = report.error
            field = exc.field if isinstance(exc, BadRequestError) else None
            message = error_text(exc) if exc is not None else (report.result.message or "")
            self.rejected.emit(message, field, exc, self.tr("The pet was not added: "))
        else:
            if add.local_id is not None:
                self.kept.emit(add.local_id)
            self.queued.emit(self._waiting_text(name, kind, report.result.message))

    @staticmethod
    def _store_lost_text(name: str) -> str:
        return localized(QT_TRANSLATE_NOOP(
            "AddPetController",
            "The shared store stopped answering before “{name}” was kept. PetDesk connects "
            "again by itself: press Add pet again.").format(
            name=name))

    def _waiting_text(self, name: str, kind: StepKind, why: str | None) -> str:
        said = _WAITING.get(kind)
        if said is not None:
            return localized(said.format(name=name))
        reason = (localized(why) if why
                  else self.tr("The service cannot take it now.")).rstrip(". ")
        return localized(QT_TRANSLATE_NOOP(
            "AddPetController",
            "Waiting to send “{name}”: {reason}. PetDesk sends it by itself as soon as it "
            "can.").format(
            name=name, reason=reason))
