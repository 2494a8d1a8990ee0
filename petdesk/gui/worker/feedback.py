"""What the status bar and the Stop action show of the worker's work: busy, the job
running, rate-limit waits, requests queued behind a wait, errors and stops."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from petdesk.core.errors import RequestCancelled
from petdesk.core.jobs import Priority

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from petdesk.core.waits import WaitInfo
    from petdesk.gui.common.status_bar import PetStatusBar
    from petdesk.gui.worker.worker import Job


class WorkFeedback(QObject):
    """Connected to the worker's signals by
    :func:`~petdesk.gui.window_controllers.build_controllers`."""

    def __init__(self, status: PetStatusBar, stop: QAction, parent: QObject) -> None:
        super().__init__(parent)
        self._status = status
        self._stop = stop
        self._waiting = False

    def stopped(self) -> None:
        self._status.show_activity(self.tr("Stopped."))

    def show_error(self, exc: BaseException, prefix: str = "") -> None:
        if isinstance(exc, RequestCancelled):
            self.stopped()
        else:
            self._status.show_error(exc, prefix)

    def busy_changed(self, busy: bool) -> None:
        status = self._status
        status.set_busy(busy)
        self._stop.setEnabled(busy)
        message = status.message
        if (not busy and not status.details
                and (message.endswith("…") or "queued" in message)):
            status.show_activity(self.tr("Ready"))

    def job_started(self, job: Job) -> None:
        if job.label:
            self._status.show_activity(job.label)

    def wait_started(self, info: WaitInfo) -> None:
        self._waiting = True
        self._status.start_wait(info)

    def wait_over(self, cancelled: bool) -> None:
        self._waiting = False
        self._status.end_wait(cancelled)

    def submitted(self, job: Job) -> None:
        if self._waiting and job.priority <= Priority.USER and job.label:
            self._status.note_queued(job.label)
