"""Small pieces shared by the import dialog's pages."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

__all__ = ["plain_label"]


def plain_label(name: str = "", *, wrap: bool = False) -> QLabel:
    """A label that shows text as it is (file and server text is never markup)."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(wrap)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label
