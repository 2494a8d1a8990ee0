"""The outbox through the window: adds made while the service cannot be
reached wait as "Waiting to send" rows, can be edited and cancelled, survive a
restart, and are sent once each when the service is back.

The service is a real sandbox over loopback that the test stops and starts again on
the same port with the same pets (the ``service`` fixture); time is the FakeClock.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox

from petdesk.core.status_messages import MessageKind
from petdesk.gui.pets.pet_model import Column, PetRole
from petdesk.services.pets.local_rows import StoredRow, WaitingRow
from petdesk.storage.paths import store_file
from petdesk.storage.rows import Draft
from petdesk.storage.sqlite.store import open_store
from tests.helpers import ui
from tests.helpers.drive import idle, look_up, shortcut, type_text
from tests.helpers.outbox_driver import (
    Switchable,
    add_pet,
    names_shown,
    offline_text,
    status_cells,
    waiting,
)

# A popup menu on the offscreen platform (tests only): it cannot raise or grab.
MENU_ON_OFFSCREEN = pytest.mark.qt_log_ignore(
    "This plugin does not support (raise|grabbing the keyboard|propagateSizeHints)")


def outbox_count(window: Any) -> str:
    return str(ui.status_bar(window).text_of(MessageKind.OUTBOX))


def right_click_row(qtbot: Any, window: Any, name: str) -> Any:
    """Right-click the row of ``name``: its context menu (what the click opens)."""
    model, table = ui.model(window), ui.table(window)
    row = next(r for r in range(model.rowCount())
               if model.data(model.index(r, Column.NAME)) == name)
    rect = table.visualRect(model.index(row, Column.NAME))
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, rect.center(),
                              table.viewport().mapToGlobal(rect.center()))
    QApplication.sendEvent(table.viewport(), event)
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    return QApplication.activePopupWidget()


def choose_in_menu(menu: Any, object_name: str) -> None:
    action = next(a for a in menu.actions() if a.objectName() == object_name)
    assert action.isEnabled()
    action.trigger()
    menu.close()


def test_an_add_while_offline_waits_and_is_sent_once_when_back(
        qtbot: Any, service: Switchable, make_window: Any) -> None:
    window = make_window(service.box)
    service.stop()
    add_pet(qtbot, window, "Quillon")
    assert waiting(window) == ["Quillon"]
    assert outbox_count(window) == "1 add waiting to send"
    assert ui.count_label(window).text() == "20 pets loaded · more available"  # not counted
    assert ui.status_bar(window).message.startswith("Waiting to send “Quillon”: ")
    assert "Quillon" not in service.names()
    service.start()
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        shortcut(qtbot, window, "F5")
    qtbot.waitUntil(lambda: not waiting(window) and outbox_count(window) == "", timeout=10_000)
    assert service.names().count("Quillon") == 1
    shown = [p for p in (ui.model(window).data(ui.model(window).index(r, 0), PetRole)
                         for r in range(ui.model(window).rowCount())) if p.name == "Quillon"]
    assert len(shown) == 1 and not isinstance(shown[0], WaitingRow) and shown[0].id > 0


@MENU_ON_OFFSCREEN
def test_a_waiting_add_can_be_edited_and_cancelled(
        qtbot: Any, service: Switchable, make_window: Any) -> None:
    window = make_window(service.box)
    service.stop()
    add_pet(qtbot, window, "Rexwal")
    add_pet(qtbot, window, "Mistaken Quark")
    assert sorted(waiting(window)) == ["Mistaken Quark", "Rexwal"]
    assert outbox_count(window) == "2 adds waiting to send"

    menu = right_click_row(qtbot, window, "Rexwal")
    choose_in_menu(menu, "actionEditWaiting")
    qtbot.waitUntil(lambda: ui.add_dialog(window) is not None)
    dialog = ui.add_dialog(window)
    assert dialog is not None
    assert dialog.nameEdit.text() == "Rexwal" and dialog.categoryIdEdit.text() == "2"
    dialog.nameEdit.selectAll()
    type_text(qtbot, dialog.nameEdit, "Rexwald")
    qtbot.mouseClick(dialog.submitButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: sorted(waiting(window)) == ["Mistaken Quark", "Rexwald"],
                    timeout=10_000)

    menu = right_click_row(qtbot, window, "Mistaken Quark")
    choose_in_menu(menu, "actionCancelWaiting")
    box = window.findChild(QMessageBox, "cancelWaitingBox")
    qtbot.waitUntil(lambda: box.isVisible())
    assert "“Mistaken Quark” has not been sent yet" in box.text()
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: waiting(window) == ["Rexwald"], timeout=10_000)
    assert outbox_count(window) == "1 add waiting to send"

    service.start()
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        shortcut(qtbot, window, "F5")
    qtbot.waitUntil(lambda: not waiting(window), timeout=10_000)
    names = service.names()
    assert names.count("Rexwald") == 1 and "Rexwal" not in names and "Mistaken Quark" not in names


def test_a_restart_with_a_full_outbox_sends_each_add_once(
        qtbot: Any, service: Switchable, make_window: Any) -> None:
    window = make_window(service.box)
    service.stop()
    for name in ("Adaqa", "Boqa", "Cyqa"):
        add_pet(qtbot, window, name)
    assert outbox_count(window) == "3 adds waiting to send"
    window.close()
    service.start()
    again = make_window(service.box)
    qtbot.waitUntil(lambda: outbox_count(again) == "" and not waiting(again), timeout=10_000)
    names = service.names()
    assert [names.count(n) for n in ("Adaqa", "Boqa", "Cyqa")] == [1, 1, 1]
    shown = [name for name, _status in status_cells(again)]
    assert {"Adaqa", "Boqa", "Cyqa"} <= set(shown)


@MENU_ON_OFFSCREEN
def test_the_cancel_question_keeps_the_add_on_no(
        qtbot: Any, service: Switchable, make_window: Any) -> None:
    window = make_window(service.box)
    service.stop()
    add_pet(qtbot, window, "Keeperq")
    menu = right_click_row(qtbot, window, "Keeperq")
    choose_in_menu(menu, "actionCancelWaiting")
    box = window.findChild(QMessageBox, "cancelWaitingBox")
    qtbot.waitUntil(lambda: box.isVisible())
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.No), Qt.MouseButton.LeftButton)
    assert waiting(window) == ["Keeperq"]
    assert outbox_count(window) == "1 add waiting to send"


def test_going_offline_mid_session_and_coming_back(
        qtbot: Any, service: Switchable, make_window: Any, quick_probe: None) -> None:
    window = make_window(service.box)
    shown = ui.model(window).rowCount()
    service.stop()
    shortcut(qtbot, window, "F5")
    qtbot.waitUntil(lambda: offline_text(window).startswith("Offline — showing pets as of "),
                    timeout=10_000)
    assert ui.model(window).rowCount() == shown  # what was shown stays
    service.store.add_pet("Newcomer Q", 1)
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        service.start()  # the probe notices by itself and refreshes the list
    qtbot.waitUntil(lambda: offline_text(window) == "", timeout=10_000)
    assert ui.status_bar(window).message.startswith(("The service can be reached again",
                                                 "Loaded"))


def test_offline_start_says_so_and_loads_by_itself_when_back(
        qtbot: Any, service: Switchable, make_window: Any, quick_probe: None) -> None:
    service.stop()
    window = make_window(service.box, wait=False)
    qtbot.waitUntil(lambda: offline_text(window) == "Offline — the service cannot be reached",
                    timeout=10_000)
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        service.start()
    qtbot.waitUntil(lambda: offline_text(window) == "" and ui.model(window).rowCount() == 20,
                    timeout=10_000)


def stored_text(window: Any) -> str:
    return str(ui.status_bar(window).text_of(MessageKind.STORED_ROWS))


def test_the_last_sessions_rows_are_shown_at_once_then_replaced(
        qtbot: Any, service: Switchable, make_window: Any) -> None:
    first = make_window(service.box)
    before = names_shown(first)
    idle(qtbot, first)  # the page is kept for the next start once it is shown
    first.close()
    service.store.add_pet("Fresh Arrival", 1)  # not on the stored page
    window = make_window(service.box, wait=False, autoload=False)
    qtbot.waitUntil(lambda: names_shown(window) == before, timeout=10_000)
    assert stored_text(window).startswith("As of ") and stored_text(window).endswith(
        " — refreshing…")
    assert isinstance(ui.model(window).data(ui.model(window).index(0, 0), PetRole), StoredRow)
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        shortcut(qtbot, window, "F5")
    assert stored_text(window) == ""
    model = ui.model(window)
    assert not any(isinstance(model.data(model.index(r, 0), PetRole), StoredRow)
                   for r in range(model.rowCount()))


def test_offline_start_shows_the_stored_rows_and_looks_up_from_the_store(
        qtbot: Any, service: Switchable, make_window: Any, quick_probe: None) -> None:
    first = make_window(service.box)
    before = names_shown(first)
    look_up(qtbot, first, "3")  # looked up once: kept for later
    idle(qtbot, first)
    first.close()
    service.stop()
    window = make_window(service.box, wait=False)
    qtbot.waitUntil(lambda: offline_text(window).startswith("Offline — showing pets as of "),
                    timeout=10_000)
    assert names_shown(window) == before
    ui.lookup_edit(window).setText("3")
    qtbot.keyClick(ui.lookup_edit(window), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "Stored copy from" in ui.detail(window).messageLabel.text(),
                    timeout=10_000)
    assert ui.detail(window).idValue.text() == "3"
    assert "the service could not be asked" in ui.detail(window).messageLabel.text()
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        service.start()
    qtbot.waitUntil(lambda: offline_text(window) == "", timeout=10_000)


@MENU_ON_OFFSCREEN
def test_an_ambiguous_lost_answer_is_settled_by_the_user(
        qtbot: Any, service: Switchable, make_window: Any) -> None:
    """PetDesk stopped after sending "Twin" and two matching pets are on the service:
    the row asks, and the user says which one it is. Nothing is sent again."""
    first = make_window(service.box)
    first.close()
    ids = [service.store.add_pet("Twin", 2).id for _ in range(2)]
    store = open_store(store_file(ui.worker(first).connection), "production").store
    entry = store.outbox.queue(Draft("Twin", 2, None))
    store.outbox.mark_sending(entry.local_id)
    store.outbox.mark_unknown(entry.local_id)
    store.outbox.mark_needs_decision(entry.local_id, ids)
    store.close()
    window = make_window(service.box)
    qtbot.waitUntil(lambda: ("Twin", "Needs your decision") in status_cells(window),
                    timeout=10_000)
    assert outbox_count(window) == "1 add waiting to send"
    menu = right_click_row(qtbot, window, "Twin")
    choose_in_menu(menu, f"actionIsPet{ids[1]}")
    qtbot.waitUntil(lambda: outbox_count(window) == "", timeout=10_000)
    assert ("Twin", "Needs your decision") not in status_cells(window)
    assert service.names().count("Twin") == 2  # nothing sent again


def test_a_waiting_row_in_the_detail_panel_copies_and_refreshes_safely(
        qtbot: Any, service: Switchable, make_window: Any) -> None:
    window = make_window(service.box)
    service.stop()
    add_pet(qtbot, window, "Waity")
    model = ui.model(window)
    row = next(r for r in range(model.rowCount())
               if model.data(model.index(r, Column.NAME)) == "Waity")
    qtbot.mouseClick(ui.table(window).viewport(), Qt.MouseButton.LeftButton,
                     pos=ui.table(window).visualRect(model.index(row, 1)).center())
    assert ui.detail(window).nameValue.text() == "Waity"
    shortcut(qtbot, window, "Ctrl+Shift+J")  # Copy as JSON
    assert '"name": "Waity"' in QApplication.clipboard().text()
    ui.detail(window).refreshButton.click()  # nothing to ask the service for yet
    assert waiting(window) == ["Waity"]
