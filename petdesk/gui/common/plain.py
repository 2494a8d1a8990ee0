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

__all__ = ["escaped", "plain_box", "tooltip"]


def escaped(text: str) -> str:
    """``text`` for a place in rich text, shown literally: ``html.escape(text,
    quote=False)`` without the html module, whose entity tables (some 1.7 MiB) would
    load with the window's controllers before its first page."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def tooltip(text: str) -> str:
    """A tooltip that shows ``text`` exactly as written (line breaks kept)."""
    if not text:
        return ""
    return "<p style='white-space:pre-wrap'>" + escaped(text) + "</p>"


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
