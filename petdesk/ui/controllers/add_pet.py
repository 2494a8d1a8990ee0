"""Adding a pet: the add form's whole request lifecycle, without widgets.

:meth:`AddPetController.submit` sends one create; the form is busy until the
outcome. Success: :attr:`added`. A 400 names its field: :attr:`rejected` with the
field; a stop or an unknown outcome says the pet may have been added (never "not
added", which would invite a duplicate).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from petdesk.core.errors import BadRequestError, OutcomeUnknownError, RequestCancelled
from petdesk.core.jobs import JobKind

from ..localize import error_text
from ..worker import JobContext, Outcome
from .auth import AuthController

if TYPE_CHECKING:
    from petdesk.api import NewPet, Pet


def _create(new_pet: NewPet, ctx: JobContext) -> Pet:
    return ctx.client.create_pet(new_pet, cancel=ctx.token)


class AddPetController(QObject):
    #: The form is sending (True) or not any more (False).
    busyChanged = Signal(bool)
    #: The pet was added: the :class:`~petdesk.api.Pet` the server returned.
    added = Signal(object)
    #: Not added, or not known: the message for the form, the field (or None), the
    #: exception and the status-bar prefix.
    rejected = Signal(str, object, object, str)

    def __init__(self, auth: AuthController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._auth = auth
        self.sending = False

    def submit(self, new_pet: NewPet) -> None:
        if self.sending:
            return  # one add at a time: a double click never adds twice
        job = self._auth.run_task(lambda ctx: _create(new_pet, ctx), self._done,
                                  kind=JobKind.CREATE,
                                  label=self.tr("Adding %s…") % new_pet.name)
        if job is not None:
            self.sending = True
            self.busyChanged.emit(True)

    def _done(self, outcome: Outcome[Pet]) -> None:
        self.sending = False
        self.busyChanged.emit(False)
        if outcome.value is not None:
            self.added.emit(outcome.value)
            return
        exc = outcome.error
        field: str | None = None
        prefix = self.tr("The pet was not added: ")
        if isinstance(exc, BadRequestError):
            message, field = error_text(exc), exc.field
        elif isinstance(exc, RequestCancelled):
            message = self.tr("Stopped. If the request had already left, the pet may have "
                              "been added: refresh the list before adding it again.")
            prefix = ""
        elif isinstance(exc, OutcomeUnknownError):
            message, prefix = error_text(exc), ""
        else:
            message = error_text(exc)
        self.rejected.emit(message, field, exc, prefix)
