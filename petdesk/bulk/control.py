"""Cancel and progress for the slow steps (reading, checking, exporting).

The UI runs those steps on its worker thread: it keeps a :class:`CancelToken`, calls
:meth:`CancelToken.cancel` from the GUI thread, and receives progress through a plain
callback (which it turns into a queued signal). Nothing here knows about Qt.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from petdesk.bulk.errors import ImportCancelled


class CancelToken:
    """Set once from any thread; checked between chunks by the step it cancels."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()

    def raise_if_cancelled(self) -> None:
        if self._event.is_set():
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
