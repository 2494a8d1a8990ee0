"""Cancel and progress for the slow steps (reading, checking, exporting).

The UI runs those steps on its worker thread: it keeps a ``CancelToken`` (the client's
own, :class:`petdesk.api.policy.CancelToken`, so one token stops both the page requests
of an export and the writing), calls ``cancel()`` from the GUI thread, and receives
progress through a plain callback (which it turns into a queued signal). Nothing here
knows about Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from petdesk.api.policy import CancelToken
from petdesk.services.importing.errors import ImportCancelled

__all__ = ["CancelToken", "ProgressCallback", "StepProgress", "no_progress",
           "raise_if_cancelled"]


def raise_if_cancelled(cancel: CancelToken | None) -> None:
    """Stop a bulk step once ``cancel`` (the client's own token) has been cancelled."""
    if cancel is not None and cancel.cancelled:
        raise ImportCancelled


@dataclass(frozen=True)
class StepProgress:
    """How far a step has come: ``fraction`` is 0..1 (of the file read, or of the pages)."""

    rows: int
    fraction: float


#: Receives progress reports; called on the thread doing the work, every few thousand rows.
ProgressCallback = Callable[[StepProgress], None]


def no_progress(_progress: StepProgress) -> None:
    """The default callback: report nothing."""
