"""What the window says stays true: one Refresh at a time,
the count label after an add, an error and an environment switch, one word for
"no status", and messages that name menu paths that exist."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from petdesk.gui.pets.pet_list import FRESH_SECONDS
from petdesk.sandbox import FaultKind
from petdesk.services.keys.keystore import MemoryKeyring
from tests.gui.conftest import FakeClock, Sandbox
from tests.helpers import ui
from tests.helpers.drive import idle, open_add_dialog, shortcut, type_text


def test_70_quick_refresh_clicks_send_one_request(qtbot: Any, sandbox: Sandbox,
                                                 make_window: Any, clock: FakeClock) -> None:
    sandbox.app.faults.configure(latency_seconds=0.2)
    window = make_window(sandbox)
    before = sandbox.requests()
    for _ in range(35):
        qtbot.mouseClick(ui.refresh_button(window), Qt.MouseButton.LeftButton)
        qtbot.keyClick(ui.table(window), Qt.Key.Key_F5)
    idle(qtbot, window)
    # On its way, then just loaded: one request for 70 clicks, and the user is told why.
    assert sandbox.requests() == before + 1
    assert ui.model(window).rowCount() == 20
    assert ui.count_label(window).text() == "20 pets loaded · more available"
    qtbot.mouseClick(ui.refresh_button(window), Qt.MouseButton.LeftButton)
    assert ui.status_bar(window).message == "The list is up to date (loaded moments ago)."
    assert sandbox.requests() == before + 1
    clock.advance(FRESH_SECONDS)  # a little later, Refresh asks again
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        qtbot.mouseClick(ui.refresh_button(window), Qt.MouseButton.LeftButton)
    assert sandbox.requests() == before + 2


def test_the_count_label_after_an_add_an_error_and_a_switch(
        qtbot: Any, sandbox: Sandbox, make_window: Any, clock: FakeClock) -> None:
    window = make_window(sandbox)
    assert ui.count_label(window).text() == "20 pets loaded · more available"
    dialog = open_add_dialog(qtbot, window)
    qtbot.keyClicks(dialog.nameEdit, "Counted")
    qtbot.keyClicks(dialog.categoryIdEdit, "2")
    qtbot.mouseClick(dialog.submitButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ui.add_dialog(window) is None, timeout=10_000)  # closed on success
    assert ui.model(window).rowCount() == 21
    assert ui.count_label(window).text() == "21 pets loaded · more available"

    sandbox.app.faults.fail_next(FaultKind.BAD_GATEWAY, 4)
    clock.advance(FRESH_SECONDS)
    shortcut(qtbot, window, "F5")
    idle(qtbot, window)
    assert "Could not load" in ui.status_bar(window).message
    assert ui.model(window).rowCount() == 21  # what was shown stays, and is counted
    assert ui.count_label(window).text() == "21 pets loaded · more available"

    shortcut(qtbot, window, "Ctrl+2")  # View › Staging: no key there
    qtbot.waitUntil(lambda: ui.key_dialog(window) is not None, timeout=10_000)
    ui.key_dialog(window).reject()
    idle(qtbot, window)
    assert ui.model(window).rowCount() == 0
    assert ui.count_label(window).text() == ""  # nothing of Production is counted
    assert not ui.load_more_button(window).isVisibleTo(window)


def test_no_status_reads_the_same_in_the_table_and_the_detail_panel(
        qtbot: Any, sandbox: Sandbox, make_window: Any) -> None:
    window = make_window(sandbox)
    type_text(qtbot, ui.limit_spin(window), "100")
    qtbot.waitUntil(lambda: ui.model(window).rowCount() == 100, timeout=10_000)
    model = ui.model(window)
    row = next(r for r in range(model.rowCount()) if model.pet(r).status is None)
    table = ui.table(window)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton,
                     pos=table.visualRect(model.index(row, 0)).center())
    assert model.index(row, 3).data() == "No status"
    assert ui.detail(window).statusValue.text() == "No status"


def test_a_refused_key_names_the_menu_path_that_exists(
        qtbot: Any, sandbox: Sandbox, make_window: Any,
        keyring_backend: MemoryKeyring) -> None:
    keyring_backend.set_password("petdesk", "production", "wrong-key-123")
    window = make_window(sandbox, wait=False)
    qtbot.waitUntil(lambda: ui.key_dialog(window) is not None, timeout=10_000)
    ui.key_dialog(window).reject()
    idle(qtbot, window)
    message = ui.status_bar(window).message + " " + ui.overlay_text(window)
    assert "File › API key…" in message
    file_menu = window.menuBar().findChild(QMenu, "fileMenu")
    texts = [a.text().replace("&", "") for a in file_menu.actions()]
    assert window.menuBar().actions()[0].text().replace("&", "") == "File"
    assert "API key…" in texts
    assert window.findChild(QAction, "actionApiKey") in file_menu.actions()


def test_every_menu_path_named_in_a_message_exists(qtbot: Any, loopback: Sandbox,
                                                   make_window: Any) -> None:
    """"File › API key…" and the like, wherever PetDesk's texts name one, is a real
    menu and a real action in it."""
    import re
    from pathlib import Path

    import petdesk

    window = make_window(loopback)
    menus = {m.title().replace("&", ""): [a.text().replace("&", "") for a in m.actions()]
             for m in window.menuBar().findChildren(QMenu)}
    root = Path(petdesk.__file__).parent
    named = {(m.group(1), m.group(2)) for path in root.rglob("*.py")
             for m in re.finditer(r"(\w+) › ([\w ]+…?)", path.read_text(encoding="utf-8"))}
    assert ("File", "API key…") in named
    for menu, item in named:
        assert menu in menus and item in menus[menu], (menu, item, menus)
