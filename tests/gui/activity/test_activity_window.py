"""The Activity window as the user meets it: an add made in the window is listed with
this computer, its user and how it was sent; the log opens by its shortcut and from the
View menu, follows the adds sent while it is open, is exported as CSV, and names the
rows a bulk import added."""

from __future__ import annotations

import csv
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QAbstractButton, QMenu, QMessageBox

from petdesk.gui.activity.window import ActivityWindow, when_text
from petdesk.gui.main_window import MainWindow
from petdesk.services.desk import this_desk
from tests.gui.conftest import Sandbox
from tests.helpers import ui
from tests.helpers.drive import answer_file_dialog, open_add_dialog, shortcut, visible_dialog
from tests.helpers.import_driver import HEADER, check, choose, open_import, rows_of, send_all
from tests.helpers.on_x import needs_x, run_on_x
from tests.helpers.outbox_driver import add_pet
from tests.unit.services.importing.files import write_csv


def rows(window: ActivityWindow) -> list[tuple[str, ...]]:
    model = window.model
    return [tuple(model.data(model.index(row, column)) for column in range(5))
            for row in range(model.rowCount())]


def animals(window: ActivityWindow) -> list[str]:
    return [row[1] for row in rows(window)]


#: The offscreen platform cannot raise a popup (the View menu, the file dialog's
#: completer) or give it the keyboard grab, and says so.
OFFSCREEN = pytest.mark.qt_log_ignore(
    "This plugin does not support (raise|grabbing the keyboard|propagateSizeHints)")


def open_by_shortcut(qtbot: Any, window: MainWindow) -> ActivityWindow:
    shortcut(qtbot, window, "Ctrl+Shift+A")
    return visible_dialog(qtbot, ActivityWindow)


def open_from_the_menu(qtbot: Any, window: MainWindow) -> ActivityWindow:
    """View › Activity log…, with the keyboard as through the menu bar."""
    view = window.menuBar().findChild(QMenu, "viewMenu")
    assert view is not None
    view.popup(window.mapToGlobal(window.rect().center()))
    qtbot.waitUntil(view.isVisible, timeout=5_000)
    entry = ui.action(window, "actionActivity")
    assert entry in view.actions()
    view.setActiveAction(entry)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    return visible_dialog(qtbot, ActivityWindow)


@OFFSCREEN
def test_an_add_sent_at_once_is_listed_with_this_desk_and_user(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow]) -> None:
    window = make_window(loopback)
    add_pet(qtbot, window, "Quillon")
    pet = ui.shown_after_add(qtbot, window)
    log = open_by_shortcut(qtbot, window)
    qtbot.waitUntil(lambda: log.model.rowCount() == 1, timeout=10_000)
    desk = this_desk()
    [(when, animal, desk_name, user, how)] = rows(log)
    assert (animal, desk_name, user, how) == (
        f"Quillon (ID {pet.id})", desk.name or "unknown", desk.user or "unknown", "at once")
    assert when  # the locale's date and time
    assert log.summaryLabel.text() == "1 add."
    log.closeButton.click()
    qtbot.waitUntil(lambda: not log.isVisible(), timeout=5_000)

    again = open_from_the_menu(qtbot, window)
    qtbot.waitUntil(lambda: animals(again) == [f"Quillon (ID {pet.id})"], timeout=10_000)


def test_the_open_log_follows_adds_and_an_add_sent_later_is_from_the_outbox(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow]) -> None:
    window = make_window(loopback)
    log = open_by_shortcut(qtbot, window)
    qtbot.waitUntil(lambda: log.summaryLabel.text()
                    == "No adds have been sent from this store yet.", timeout=10_000)
    assert not log.exportButton.isEnabled()
    add_pet(qtbot, window, "Biscuit")
    qtbot.waitUntil(lambda: [r[4] for r in rows(log)] == ["at once"], timeout=10_000)
    # Esc on the filled form, then Send later: the add waits, and the drain sends it.
    dialog = open_add_dialog(qtbot, window)
    qtbot.keyClicks(dialog.nameEdit, "Mango")
    qtbot.keyClicks(dialog.categoryIdEdit, "2")
    qtbot.keyClick(dialog.nameEdit, Qt.Key.Key_Escape)
    box = visible_dialog(qtbot, QMessageBox)
    later = box.findChild(QAbstractButton, "sendLaterButton")
    assert later is not None
    qtbot.mouseClick(later, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: [r[1].split(" (")[0] for r in rows(log)] == ["Mango", "Biscuit"],
                    timeout=20_000)
    assert [r[4] for r in rows(log)] == ["from the outbox", "at once"]
    assert log.summaryLabel.text() == "2 adds."


@OFFSCREEN
def test_export_writes_the_log_as_csv(qtbot: Any, tmp_path: Path, loopback: Sandbox,
                                      make_window: Callable[..., MainWindow]) -> None:
    window = make_window(loopback)
    add_pet(qtbot, window, "Zoe")
    pet = ui.shown_after_add(qtbot, window)
    log = open_by_shortcut(qtbot, window)
    qtbot.waitUntil(lambda: log.model.rowCount() == 1, timeout=10_000)
    target = tmp_path / "log.csv"
    answered = answer_file_dialog(target)
    qtbot.mouseClick(log.exportButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: log.messageLabel.text() == "Saved 1 adds as “log.csv”.",
                    timeout=10_000)
    assert answered()
    data = target.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")  # UTF-8 with a BOM, as the other exports
    lines = list(csv.reader(data.decode("utf-8-sig").splitlines()))
    desk = this_desk()
    assert lines[0] == ["When", "Pet ID", "Name", "Desk", "User", "How"]
    assert lines[1][1:] == [str(pet.id), "Zoe", desk.name, desk.user, "at once"]
    assert lines[1][0][:4].isdigit() and "T" in lines[1][0]  # ISO 8601, local time


@pytest.mark.usefixtures("settings")
def test_rows_a_bulk_import_added_are_logged_by_an_import(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loopback: Sandbox,
        make_window: Callable[..., MainWindow]) -> None:
    path = write_csv(tmp_path / "intake.csv", rows_of(HEADER, [
        ("Pepper", 1, "available"), ("Olive", 2, "pending")]))
    window = make_window(loopback)
    dialog = open_import(qtbot, window)
    choose(qtbot, monkeypatch, dialog, path)
    check(qtbot, dialog)
    send_all(qtbot, dialog)
    dialog.close()
    log = open_by_shortcut(qtbot, window)
    qtbot.waitUntil(lambda: log.model.rowCount() == 2, timeout=10_000)
    assert sorted(r[1].split(" (")[0] for r in rows(log)) == ["Olive", "Pepper"]
    assert {r[4] for r in rows(log)} == {"by an import"}


def test_the_log_fits_the_screen_with_every_column_in_view(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow]) -> None:
    window = make_window(loopback)
    add_pet(qtbot, window, "Kiwi")
    log = open_by_shortcut(qtbot, window)
    qtbot.waitUntil(lambda: log.model.rowCount() == 1, timeout=10_000)
    screen = log.screen().availableGeometry()
    assert screen.contains(log.frameGeometry()) or screen.contains(log.geometry())
    header = log.table.horizontalHeader()
    right = header.sectionViewportPosition(4) + 40  # "How" starts in view, with room
    assert right <= log.table.viewport().width()
    assert log.exportButton.isVisible() and log.closeButton.isVisible()


@needs_x
def test_the_log_on_x11_at_800_by_500() -> None:
    for test in ("test_an_add_sent_at_once_is_listed_with_this_desk_and_user",
                 "test_export_writes_the_log_as_csv",
                 "test_the_log_fits_the_screen_with_every_column_in_view"):
        run_on_x(__file__, test, screen="800x500x24")


@pytest.mark.parametrize(("name", "expected"), [
    ("de_DE", "27.11.26 09:05"), ("en_US", "11/27/26 9:05\u202fAM"),
    ("C", "2026-11-27 09:05")])
def test_when_is_the_locales_date_and_time(qapp: Any, name: str, expected: str) -> None:
    local = datetime(2026, 11, 27, 9, 5).astimezone()  # this computer's time zone
    shown = when_text(local.timestamp(), QLocale(name))
    assert shown.replace(" ", "\u202f") == expected.replace(" ", "\u202f")
