"""How a status looks: a colour readable on the palette and an icon whose *shape*
differs per status, so a status never depends on colour alone.

The painting classes are reached through their modules (``QtGui.QPainter``): PySide6
creates a class, with its Python enums, when it is first looked up, and the icons are
first drawn with the first pets, not before the window's first paint.
"""

from __future__ import annotations

from PySide6 import QtCore, QtGui
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPalette

from petdesk.core.statuses import PetStatus
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import localized

AVAILABLE, PENDING, SOLD = PetStatus.AVAILABLE, PetStatus.PENDING, PetStatus.SOLD


def status_text(status: str | None) -> str:
    """The words staff read for a status: the pets table and the kennel cards."""
    words: dict[str | None, str] = {AVAILABLE: QT_TRANSLATE_NOOP("PetTableModel", "Available"),
                                    PENDING: QT_TRANSLATE_NOOP("PetTableModel", "Pending"),
                                    SOLD: QT_TRANSLATE_NOOP("PetTableModel", "Sold")}
    # The table's translation context: these words were the table's own.
    return localized(words.get(status, QT_TRANSLATE_NOOP("PetTableModel", "No status")))


def _is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


def status_colour(status: str | None, palette: QPalette) -> QColor:
    """A status colour readable on the palette's base colour (light or dark)."""
    dark = _is_dark(palette)
    table: dict[str | None, tuple[str, str]] = {
        AVAILABLE: ("#1a7f37", "#57d68d"),
        PENDING: ("#9a5b00", "#f0b429"),
        SOLD: ("#5c4fb3", "#a99cff"),
    }
    if status not in table:
        return palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
    return QColor(table[status][1 if dark else 0])


def _canvas(size: int) -> QtGui.QPixmap:
    ratio = 1.0
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        ratio = app.devicePixelRatio()
    pixmap = QtGui.QPixmap(round(size * ratio), round(size * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(QtCore.Qt.GlobalColor.transparent)
    return pixmap


def waiting_icon(palette: QPalette, size: int = 16) -> QIcon:
    """An add not sent yet: a clock face (an outline with two hands), a shape no status
    has, drawn in the text's colour (no status colour): "Waiting to send" never looks
    like a pet that is on the service."""
    Qt, QPainter, QPen, QPointF = QtCore.Qt, QtGui.QPainter, QtGui.QPen, QtCore.QPointF
    pixmap = _canvas(size)
    colour = palette.color(QPalette.ColorRole.Text)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(colour, 1.5)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(QtCore.QRectF(2.5, 2.5, size - 5.0, size - 5.0))
    centre = QPointF(size / 2, size / 2)
    painter.drawLine(centre, QPointF(size / 2, size / 2 - 4.0))
    painter.drawLine(centre, QPointF(size / 2 + 3.0, size / 2 + 1.5))
    painter.end()
    return QIcon(pixmap)


def status_icon(status: str | None, palette: QPalette, size: int = 16) -> QIcon:
    """A small icon whose *shape* differs per status (circle, half circle, square),
    so the status never depends on colour alone."""
    Qt, QPainter, QPen, QPointF = QtCore.Qt, QtGui.QPainter, QtGui.QPen, QtCore.QPointF
    pixmap = _canvas(size)
    colour = status_colour(status, palette)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(colour, 1.5)
    painter.setPen(pen)
    rect = QtCore.QRectF(2.5, 2.5, size - 5.0, size - 5.0)
    if status == AVAILABLE:
        painter.setBrush(colour)
        painter.drawEllipse(rect)
        check = QPen(QColor("white"), 1.8)
        check.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(check)
        painter.drawPolyline([QPointF(5.2, 8.3), QPointF(7.2, 10.3), QPointF(10.8, 6.0)])
    elif status == PENDING:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(rect)
        painter.setBrush(colour)
        painter.drawPie(rect, 90 * 16, 180 * 16)
    elif status == SOLD:
        painter.setBrush(colour)
        painter.drawRoundedRect(rect, 2.0, 2.0)
    else:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        dashed = QPen(colour, 1.2, Qt.PenStyle.DotLine)
        painter.setPen(dashed)
        painter.drawEllipse(rect)
    painter.end()
    return QIcon(pixmap)
