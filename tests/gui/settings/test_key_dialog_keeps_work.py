"""A failed key Test never leads Enter into saving the refused key."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.gui.conftest import API_KEY, Sandbox
from tests.helpers.drive import open_key_dialog, visible_dialog

WRONG = "pk-wrong-0000"


def _fail_test(qtbot: Any, window: Any) -> Any:
    dialog = open_key_dialog(qtbot, window)
    qtbot.keyClicks(dialog.apiKeyEdit, WRONG)
    qtbot.mouseClick(dialog.testButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.resultLabel.text().startswith("✖"), timeout=10_000)
    return dialog


def test_a_failed_test_puts_focus_back_on_the_key(qtbot, loopback: Sandbox, make_window) -> None:
    window = make_window(loopback)
    dialog = _fail_test(qtbot, window)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.apiKeyEdit, timeout=5_000)
    assert dialog.apiKeyEdit.selectedText() == WRONG  # typing replaces it
    assert dialog.apiKeyEdit.text() == WRONG  # nothing typed is lost
    qtbot.keyClick(dialog.apiKeyEdit, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5_000)


def test_enter_after_a_failed_test_asks_before_saving(qtbot, loopback: Sandbox, make_window,
                                                      keyring_backend) -> None:
    window = make_window(loopback)
    dialog = _fail_test(qtbot, window)
    qtbot.keyClick(dialog.apiKeyEdit, Qt.Key.Key_Return)  # the natural "try again" key
    box = visible_dialog(qtbot, QMessageBox)
    assert "failed the test" in box.text() and "not accepted" in box.text()
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.Cancel)
    qtbot.keyClick(box, Qt.Key.Key_Return)  # Enter again: the safe answer
    qtbot.waitUntil(lambda: not box.isVisible(), timeout=5_000)
    assert dialog.isVisible() and dialog.apiKeyEdit.text() == WRONG
    assert keyring_backend.get_password("petdesk", "production") == API_KEY  # not replaced
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.apiKeyEdit, timeout=5_000)


def test_saving_a_failed_key_on_purpose_still_works(qtbot, loopback: Sandbox, make_window,
                                                    keyring_backend) -> None:
    window = make_window(loopback)
    dialog = _fail_test(qtbot, window)
    qtbot.mouseClick(dialog.saveButton, Qt.MouseButton.LeftButton)
    box = visible_dialog(qtbot, QMessageBox)
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Save), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: keyring_backend.get_password("petdesk", "production") == WRONG,
                    timeout=10_000)


def test_a_key_that_passed_the_test_saves_without_asking(qtbot, loopback: Sandbox, make_window,
                                                        keyring_backend) -> None:
    window = make_window(loopback)
    dialog = _fail_test(qtbot, window)
    dialog.apiKeyEdit.selectAll()
    qtbot.keyClicks(dialog.apiKeyEdit, API_KEY)  # typed over the selection
    qtbot.mouseClick(dialog.testButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.resultLabel.text().startswith("✔"), timeout=10_000)
    qtbot.keyClick(dialog.apiKeyEdit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=10_000)
    assert not any(isinstance(w, QMessageBox) and w.isVisible()
                   for w in QApplication.topLevelWidgets())
