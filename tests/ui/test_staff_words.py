"""Issue 15, "Staff words" and "Small gaps": one word for a status, a confirmation
for the copy actions, no HTTP jargon outside Details, the window's title and the
keyboard-shortcuts page, each driven as the user does."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from petdesk.ui.pet_model import Column

from .conftest import Sandbox
from .drive import click_row, idle, look_up, shortcut


def test_the_detail_panel_says_the_status_as_the_table_does(
        qtbot: Any, loopback: Sandbox, make_window: Any) -> None:
    window = make_window(loopback)
    model = window.table.model()
    seen = set()
    for row in range(model.rowCount()):
        click_row(qtbot, window, row)
        in_table = model.index(row, int(Column.STATUS)).data()
        assert window.detail.statusValue.text() == in_table
        seen.add(in_table)
    assert seen and seen <= {"Available", "Pending", "Sold", "No status"}
    assert "available" not in seen


def test_copy_id_and_copy_as_json_confirm_in_the_status_bar(
        qtbot: Any, loopback: Sandbox, make_window: Any) -> None:
    window = make_window(loopback)
    click_row(qtbot, window, 0)
    pet = window.detail.pet
    assert pet is not None
    shortcut(qtbot, window, "Ctrl+Shift+C")
    assert QGuiApplication.clipboard().text() == str(pet.id)
    assert window.statusBar_.message == f"Copied ID {pet.id}."
    qtbot.mouseClick(window.detail.copyJsonButton, Qt.MouseButton.LeftButton)
    assert f'"id": {pet.id}' in QGuiApplication.clipboard().text()
    assert window.statusBar_.message == f"Copied {pet.name} as JSON."
    qtbot.mouseClick(window.detail.copyIdButton, Qt.MouseButton.LeftButton)
    assert window.statusBar_.message == f"Copied ID {pet.id}."
    shortcut(qtbot, window, "Ctrl+Shift+J")
    assert window.statusBar_.message == f"Copied {pet.name} as JSON."


JARGON = ("GET ", "POST ", "/pets", "{petId}", "Error type", "deprecated")


def shown_words(window: Any) -> list[str]:
    """The labels' texts and every tooltip of the window (what is shown outside
    Details)."""
    from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

    texts = [w.toolTip() for w in window.findChildren(QWidget)]
    texts += [w.text() for w in window.findChildren(QLabel) if w.isVisible()]
    texts += [w.text() for w in window.findChildren(QAbstractButton)]
    return [t for t in texts if t]


def test_staff_words_outside_details_and_the_technical_text_in_details(
        qtbot: Any, loopback: Sandbox, make_window: Any) -> None:
    window = make_window(loopback)
    documented = "Looking up a pet by its ID will stop working on 5 December 2030."
    assert window.detail.deprecationNote.text() == documented
    assert not [t for t in shown_words(window) if any(j in t for j in JARGON)]
    click_row(qtbot, window, 0)
    qtbot.mouseClick(window.detail.refreshButton, Qt.MouseButton.LeftButton)
    idle(qtbot, window)
    look_up(qtbot, window, "250")
    idle(qtbot, window)
    assert window.detail.idValue.text() == "250"
    assert window.detail.deprecationNote.text().startswith(documented)
    assert not [t for t in shown_words(window) if any(j in t for j in JARGON)]
    # The technical text, on demand: the status bar's Details.
    assert window.statusBar_.detailsButton.isVisible()
    assert "GET /pets/{petId}" in window.statusBar_.details
    assert "5 December 2030" in window.statusBar_.details
