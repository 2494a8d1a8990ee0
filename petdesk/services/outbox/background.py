"""The worker's background work in one call: the outbox first, then the mirror.

PetDesk's one worker thread runs what the user asked for first. When nothing of
theirs is queued it calls :meth:`BackgroundWork.step`, which does at most one
request: the outbox sender's step when it has something to send or check (adds
matter more than the catalogue), else the mirror filler's step. Both ask the same
:class:`~petdesk.services.outbox.budget.QuotaBudget`, so together they never take the user's
share of a window. The result says how long the worker may sleep before the next
call (it wakes earlier for a user action, "Update now" or a new add).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from petdesk.services.catalogue.mirror import FillStep, MirrorFiller
from petdesk.services.outbox.sender import OutboxSender, StepKind, StepResult

__all__ = ["BackgroundStep", "BackgroundWork"]

#: Sender results that leave the request for the mirror: it had nothing to send, or
#: it must wait (the mirror's own budget check then decides for the mirror).
_SENDER_RESTS: Final = frozenset({StepKind.IDLE, StepKind.DEFERRED, StepKind.NOT_SENT,
                                  StepKind.KEY_PROBLEM, StepKind.OTHER_WINDOW})


@dataclass(frozen=True)
class BackgroundStep:
    #: The outbox's step (``None`` when there is no sender).
    outbox: StepResult | None
    #: The mirror's step (``None`` when the outbox used this turn, or no filler).
    mirror: FillStep | None
    #: Seconds the worker may sleep before the next call (``inf``: until woken).
    wait: float

    @property
    def mirror_changed(self) -> bool:
        """The mirror's rows changed: a view over it re-reads its count and window."""
        return self.mirror is not None and self.mirror.rows_changed

    @property
    def outbox_changed(self) -> bool:
        return self.outbox is not None and self.outbox.kind not in (StepKind.IDLE,
                                                                    StepKind.DEFERRED)


class BackgroundWork:
    """One step of background work at a time; see the module docstring."""

    def __init__(self, sender: OutboxSender | None, filler: MirrorFiller | None) -> None:
        self._sender = sender
        self._filler = filler

    def step(self) -> BackgroundStep:
        sent = self._sender.step() if self._sender is not None else None
        if sent is not None and sent.kind not in _SENDER_RESTS:
            return BackgroundStep(sent, None, 0.0)
        filled = self._filler.step() if self._filler is not None else None
        return BackgroundStep(sent, filled, min(_sender_wait(sent), _filler_wait(filled)))


def _sender_wait(result: StepResult | None) -> float:
    if result is None or result.kind is StepKind.IDLE:
        return math.inf
    return result.wait


def _filler_wait(step: FillStep | None) -> float:
    return math.inf if step is None else step.wait
