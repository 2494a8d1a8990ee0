"""A keyboard focus that can be seen: a 2-px ring in the palette's highlight colour
around the control that has the focus.

The styles' own focus marks are a 1-px line (Fusion) or a dotted rectangle, easy to
lose on a busy window. The ring is drawn outside the control, over the window, so no
control's own look or size changes. Qt's ``QFocusFrame`` does the same, but inside the
control's parent, which clips it wherever the control touches its parent's edge (the
filter bar's fields do).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QRegion
from PySide6.QtWidgets import QApplication, QWidget
from shiboken6 import isValid

__all__ = ["RING_WIDTH", "FocusRing"]

RING_WIDTH = 2

#: What moves, resizes, shows or hides the focused control (or one of its parents).
_PLACING = (QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show, QEvent.Type.Hide,
            QEvent.Type.ParentChange)


class FocusRing(QWidget):
    """Around the control with the keyboard focus in ``window`` (dialogs are windows of
    their own), in the window's palette: light or dark."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("focusRing")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._window = window
        #: The focused control and its parents up to the window: their moves move it.
        self._followed: list[QWidget] = []
        self.hide()
        app = QApplication.instance()
        assert isinstance(app, QApplication), "a QApplication runs"
        app.focusChanged.connect(self._focus_changed)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is None or new.window() is not self._window:
            return  # another window: the ring stays where this window's focus stays
        for old in self._followed:
            if isValid(old):  # a control closed with the focus in it is gone
                old.removeEventFilter(self)
        self._followed = []
        widget: QWidget | None = new
        while widget is not None and widget is not self._window:
            self._followed.append(widget)
            widget.installEventFilter(self)
            widget = widget.parentWidget()
        self._place()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in _PLACING:
            self._place()
        return False

    def _place(self) -> None:
        target = self._followed[0] if self._followed else None
        if target is None or not isValid(target) or not target.isVisible():
            self.hide()
            return
        top_left = target.mapTo(self._window, QPoint(0, 0))
        inner = QRect(top_left, target.size())
        outer = inner.adjusted(-RING_WIDTH, -RING_WIDTH, RING_WIDTH, RING_WIDTH)
        self.setGeometry(outer)
        local = QRect(0, 0, outer.width(), outer.height())
        self.setMask(QRegion(local).subtracted(
            QRegion(local.adjusted(RING_WIDTH, RING_WIDTH, -RING_WIDTH, -RING_WIDTH))))
        self.show()
        self.raise_()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), self.palette().color(QPalette.ColorRole.Highlight))
