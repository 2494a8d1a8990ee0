"""One pet by ID: the look-up field (Ctrl+L) and the detail panel's refresh (Ctrl+R)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from petdesk.core.errors import NotFoundError
from petdesk.core.jobs import JobKind
from petdesk.core.limits import INT64_MAX
from petdesk.core.text import display
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import localized
from petdesk.gui.settings.auth import AuthController
from petdesk.gui.worker.worker import JobContext, Outcome

if TYPE_CHECKING:
    from petdesk.api import PetLookup


def parse_pet_id(text: str) -> int | None:
    """``"42"`` or ``"#42"`` → 42; anything else (or out of range) → None."""
    text = text.strip().lstrip("#")
    if not text.isdecimal() or not 1 <= int(text) <= INT64_MAX:
        return None
    return int(text)


def too_large(text: str) -> bool:
    """A whole number above the largest id the service can give (its ids are int64)."""
    text = text.strip().lstrip("#")
    return text.isdecimal() and int(text) > INT64_MAX


#: Called on the worker thread with each id looked up and the pet found, or ``None``
#: when the service has no such pet (the window keeps the pet in the local store, for a
#: look-up while offline, or forgets it); must not raise.
KeepPet = Callable[[int, "PetLookup | None", JobContext], None]


def _fetch(pet_id: int, keep: KeepPet | None, ctx: JobContext) -> PetLookup:
    try:
        found = ctx.client.get_pet_detailed(pet_id, cancel=ctx.token)
    except NotFoundError:
        if keep is not None:
            keep(pet_id, None, ctx)
        raise
    if keep is not None:
        keep(pet_id, found, ctx)
    return found


class LookupController(QObject):
    #: The pet was found: the :class:`~petdesk.api.PetLookup`.
    found = Signal(object)
    #: No pet with this ID: the ID and the message to show.
    notFound = Signal(int, str, object)
    #: Any other failure (for the status bar).
    failed = Signal(object)
    #: The same, with the ID asked for (a stored copy may answer it).
    failedFor = Signal(int, object)
    #: The text typed is not a pet ID: a title for the detail panel and the message.
    invalid = Signal(str, str)

    def __init__(self, auth: AuthController, keep: KeepPet | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._auth = auth
        #: See :data:`KeepPet`.
        self._keep = keep

    def look_up(self, text: str) -> None:
        pet_id = parse_pet_id(text)
        if pet_id is None:
            typed = display(text.strip(), 30)
            if too_large(text):
                self.invalid.emit(localized(QT_TRANSLATE_NOOP(
                    "LookupController",
                    "No pet with ID {typed}").format(
                    typed=typed)), localized(QT_TRANSLATE_NOOP(
                    "LookupController",
                    "This number is too large to be a pet ID: IDs go up to {limit}.").format(
                    limit=INT64_MAX)))
            else:
                self.invalid.emit(localized(QT_TRANSLATE_NOOP(
                    "LookupController",
                    "“{typed}” is not a pet ID").format(
                    typed=typed)),
                                  self.tr("Enter a pet ID: a whole number from 1 up."))
            return
        self.fetch(pet_id, JobKind.LOOKUP)

    def fetch(self, pet_id: int, kind: JobKind = JobKind.DETAIL) -> None:
        if pet_id < 1:
            return  # an add waiting in the outbox: not on the service yet
        keep = self._keep
        self._auth.run_task(lambda ctx: _fetch(pet_id, keep, ctx),
                            lambda outcome: self._done(pet_id, outcome), kind=kind,
                            label=localized(QT_TRANSLATE_NOOP(
                                "LookupController",
                                "Looking up pet {pet_id}…").format(
                                pet_id=pet_id)), key=(kind, pet_id))

    def _done(self, pet_id: int, outcome: Outcome[PetLookup]) -> None:
        if outcome.value is not None:
            self.found.emit(outcome.value)
        elif isinstance(outcome.error, NotFoundError):
            self.notFound.emit(pet_id, localized(QT_TRANSLATE_NOOP(
                "LookupController",
                "No pet with ID {pet_id} was found.").format(
                pet_id=pet_id)),
                               outcome.error)
        else:  # RequestCancelled included: the window says "Stopped."
            self.failed.emit(outcome.error)
            self.failedFor.emit(pet_id, outcome.error)
