"""Server text on screen, always as plain text.

Qt renders a label, message box or tooltip as rich text when the text *looks*
like HTML (``Qt.mightBeRichText``): a 400 whose message is
``<a href=...>click</a>`` would become a clickable link. Labels and message
boxes are set to :attr:`Qt.TextFormat.PlainText`; a tooltip has no such
setting, so :func:`tooltip` escapes the text into rich text that shows it
literally.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

__all__ = ["plain_box", "tooltip"]


def tooltip(text: str) -> str:
    """A tooltip that shows ``text`` exactly as written (line breaks kept)."""
    if not text:
        return ""
    # html.escape(text, quote=False) without the html module (its entity tables load with it)
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return "<p style='white-space:pre-wrap'>" + escaped + "</p>"


def plain_box(box: QMessageBox) -> QMessageBox:
    """``box`` with its text and informative text shown as plain text (call after
    setting them: the informative label is created by ``setInformativeText``)."""
    box.setTextFormat(Qt.TextFormat.PlainText)
    for label in box.findChildren(QLabel):
        if label.objectName() in ("qt_msgbox_label", "qt_msgbox_informativelabel"):
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setOpenExternalLinks(False)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return box
