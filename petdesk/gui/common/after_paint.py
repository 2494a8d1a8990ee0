"""Run something once a widget has been painted: the steps of the window's start-up.

Qt paints in a low-priority posted event, after timers of zero delay and queued
calls: "the next event-loop turn" is not "after the paint". :class:`AfterPaint` waits
for the widget's next ``Paint`` event, then calls back in the turn after it (the rest
of that paint's work comes first), or after ``cap_ms`` when no paint comes (a hidden
or minimised window). The callback runs once.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget
from shiboken6 import isValid


class AfterPaint(QObject):
    """Calls ``callback`` once, after ``widget``'s next paint or ``cap_ms``."""

    def __init__(self, widget: QWidget, callback: Callable[[], None], cap_ms: int) -> None:
        super().__init__(widget)
        self._callback: Callable[[], None] | None = callback
        widget.installEventFilter(self)
        widget.update()
        QTimer.singleShot(cap_ms, self, self._fire)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            # The turn after the paint: zero timers run in the order they were set, so
            # what was queued before (or by) this paint comes first.
            QTimer.singleShot(0, lambda: self._fire())
        return False

    def _fire(self) -> None:
        callback, self._callback = self._callback, None
        if callback is not None and isValid(self):  # not when the widget went meanwhile
            self.deleteLater()
            callback()
