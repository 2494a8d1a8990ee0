"""Help › About PetDesk names the licence, and its details show the MIT licence and
the third-party notices (Qt for Python and Qt under the LGPL-3.0, with where their
source is and how to replace them), read from the installed run-time files."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QTextEdit

from tests.gui.conftest import Sandbox
from tests.helpers.drive import shortcut, visible_dialog


def test_about_shows_the_licence_and_the_third_party_notices(
        qtbot: Any, loopback: Sandbox, make_window: Any) -> None:
    window = make_window(loopback)
    shortcut(qtbot, window, "F1")  # Help › About PetDesk
    box = visible_dialog(qtbot, QMessageBox)
    assert "MIT licence" in box.informativeText()
    assert "LGPL-3.0" in box.informativeText()
    details = next(b for b in box.buttons()
                   if box.buttonRole(b) == QMessageBox.ButtonRole.ActionRole)
    qtbot.mouseClick(details, Qt.MouseButton.LeftButton)  # "Show Details…"
    text_view = box.findChild(QTextEdit)
    assert text_view is not None
    qtbot.waitUntil(text_view.isVisible)
    shown = text_view.toPlainText()
    assert shown.startswith("MIT License")
    assert "PetDesk maintainers" in shown
    assert "pyside6-essentials" in shown and "LGPL-3.0-only" in shown
    assert "Replacing (relinking) Qt" in shown
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in shown
    assert "httpx" in shown and "keyring" in shown
    box.close()
