"""Long work done one step at a time on the worker: the outbox's sending, an import, the
catalogue's filling.

A :class:`Stepper` runs ``step`` as a keyed background job (never two queued), hands
the outcome to ``stepped`` on the GUI thread, and that decides: :meth:`Stepper.follow`
with the wait the step asked for (the pace, the day's quota, a lost connection), or
:meth:`Stepper.stop`. The wait is a :class:`StepTimer`, a single-shot timer of at most
``max_sleep`` seconds (a longer wait is asked again by the next step). A stepper is
given its timer or makes one; the window's tests give the catalogue's one on their fake
clock (``MainWindow(catalogue_timer=…)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from petdesk.core.jobs import JobKind, Priority

if TYPE_CHECKING:
    from petdesk.gui.worker.worker import Next, Outcome, Task, Worker

__all__ = ["StepTimer", "Stepper"]


class StepTimer(QObject):
    """Waits a number of seconds between two steps, at most ``max_sleep``."""

    timeout = Signal()

    def __init__(self, parent: QObject | None = None, *, max_sleep: float = 300.0) -> None:
        super().__init__(parent)
        self._max_sleep = max_sleep
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.timeout)

    def start(self, seconds: float) -> None:
        self._timer.start(int(min(max(seconds, 0.0), self._max_sleep) * 1000))

    def stop(self) -> None:
        self._timer.stop()

    @property
    def waiting(self) -> bool:
        return self._timer.isActive()


class Stepper(QObject):
    """One step at a time, the next after the wait the last one asked for; see the
    module docstring."""

    def __init__(self, worker: Worker, step: Task, stepped: Next, *, key: str,
                 kind: JobKind, max_sleep: float, timer: StepTimer | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker = worker
        self._job = step
        self._stepped = stepped
        self._key = key
        self._kind = kind
        #: Steps are scheduled (the work goes on, or waits for its next step).
        self.following = False
        #: Shut down: nothing is scheduled any more.
        self.closed = False
        self.timer = timer if timer is not None else StepTimer(self, max_sleep=max_sleep)
        self.timer.timeout.connect(self._step)

    @property
    def waiting(self) -> bool:
        """A wait before the next step is running."""
        return self.following and self.timer.waiting

    def follow(self, delay: float = 0.0) -> None:
        """The next step after ``delay`` seconds (the wait running is replaced)."""
        if self.closed:
            return
        self.following = True
        self.timer.stop()
        self.timer.start(delay)

    def stop(self) -> None:
        """No next step until :meth:`follow`."""
        self.following = False
        self.timer.stop()

    def close(self) -> None:
        self.closed = True
        self.stop()

    def _step(self) -> None:
        if self.following and not self.closed:
            self._worker.run_task(self._job, self._done, priority=Priority.BACKGROUND,
                                  kind=self._kind, key=self._key)

    def _done(self, outcome: Outcome[Any]) -> None:
        if not self.closed:
            self._stepped(outcome)
