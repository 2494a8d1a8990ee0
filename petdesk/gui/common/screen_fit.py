"""No window opens larger than its screen's available area.

A window's size is in device-independent pixels: the main window's 1100×680, or the
size it was closed at, is 2200×1360 screen pixels at 200 % scale, more than a
1400×900 screen, and a dialog's own size can be too. :class:`ScreenFit` shrinks (and
moves) a window or dialog into its screen's available area
(the screen less the task bar and panels) just before it is shown; the layouts then
fit their contents into that size. The main window has one, and every dialog gets one
from :func:`.accessibility.make_accessible`, which each runs once built. Popups and
tooltips never get one: Qt places them next to what opened them.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint
from PySide6.QtWidgets import QWidget

__all__ = ["ScreenFit", "fit_to_screen"]

def fit_to_screen(window: QWidget) -> None:
    """``window``, with its frame, within its screen's available area."""
    area = window.screen().availableGeometry()
    frame = window.frameGeometry()
    extra = frame.size() - window.size()  # the title bar and borders, once known
    size = window.size().boundedTo(area.size() - extra)
    if size != window.size():
        window.resize(size)
        frame = window.frameGeometry()
    x = min(max(frame.x(), area.left()), area.right() + 1 - frame.width())
    y = min(max(frame.y(), area.top()), area.bottom() + 1 - frame.height())
    if (x, y) != (frame.x(), frame.y()):
        window.move(QPoint(max(x, area.left()), max(y, area.top())))


class ScreenFit(QObject):
    """Fits ``window`` into its screen each time it is shown."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.Show and isinstance(watched, QWidget)
                and watched.isWindow()):
            fit_to_screen(watched)
        return False
