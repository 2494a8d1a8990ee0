"""While the desk's shared store cannot be reached, Pets › Import… (the menu, Ctrl+I, a
file dropped on the window) opens no import: the window says that an import needs the
shared store, which keeps which rows of each file the desks have added. An import that
is sending when it goes away waits, and its rows stay there."""

from __future__ import annotations

import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox

from petdesk.core.connection import Connection
from petdesk.core.status_messages import MessageKind
from petdesk.gui.importing.import_dialog import ImportDialog
from petdesk.gui.main_window import MainWindow
from petdesk.gui.settings.settings import AppSettings, SharedStoreChoice
from petdesk.services.keys.keystore import KeyStore
from petdesk.services.shared.opening import open_postgres
from petdesk.storage.paths import store_file
from petdesk.storage.sqlite.store import open_store
from tests.gui.conftest import Sandbox
from tests.gui.importing.test_import_dialog import drop_file
from tests.helpers import ui
from tests.helpers.api_fakes import FakeClock
from tests.helpers.drive import shortcut, visible_dialog
from tests.helpers.import_driver import (
    check,
    choose,
    click,
    names_on_server,
    open_import,
    seeded_ids,
)
from tests.helpers.postgres import DESK_PASSWORD, PostgresServer
from tests.unit.services.importing.files import write_csv

NEEDED = ("The shared store cannot be reached, and an import needs it: it keeps which rows "
          "of each file the desks have added, so that no pet is added twice. Nothing was "
          "queued. Import the file again once the shared store answers.")

#: The offscreen platform cannot raise the Pets menu's popup or give it the keyboard.
OFFSCREEN = pytest.mark.qt_log_ignore(
    "This plugin does not support (raise|grabbing the keyboard|propagateSizeHints)")


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _window_on_its_own_store(qtbot: Any, box: Sandbox, make_window: Callable[..., MainWindow],
                             settings: AppSettings) -> MainWindow:
    address = f"postgresql://petdesk@127.0.0.1:{_closed_port()}/petdesk?sslmode=disable"
    settings.shared_store = SharedStoreChoice(address, enabled=True)
    window = make_window(box)
    bar = ui.status_bar(window)
    qtbot.waitUntil(lambda: bar.text_of(MessageKind.SHARED_STORE_DOWN) != "", timeout=15_000)
    return window


def _said(qtbot: Any) -> QMessageBox:
    box = visible_dialog(qtbot, QMessageBox)
    assert box.objectName() == "importNeedsSharedStoreBox"
    assert box.text() == NEEDED
    return box


def _no_import_dialog() -> bool:
    return not any(isinstance(w, ImportDialog) and w.isVisible()
                   for w in QApplication.topLevelWidgets())


def test_ctrl_i_says_an_import_needs_the_shared_store_and_opens_no_import(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow],
        settings: AppSettings) -> None:
    window = _window_on_its_own_store(qtbot, loopback, make_window, settings)

    shortcut(qtbot, window, "Ctrl+I")

    box = _said(qtbot)
    assert _no_import_dialog()
    qtbot.keyClick(box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not box.isVisible(), timeout=5_000)
    assert _no_import_dialog()


@OFFSCREEN
def test_pets_import_from_the_menu_says_an_import_needs_the_shared_store(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow],
        settings: AppSettings) -> None:
    window = _window_on_its_own_store(qtbot, loopback, make_window, settings)
    pets = window.menuBar().findChild(QMenu, "petsMenu")
    assert pets is not None
    pets.popup(window.mapToGlobal(window.rect().center()))
    qtbot.waitUntil(pets.isVisible, timeout=5_000)
    entry = ui.action(window, "actionImport")
    assert entry in pets.actions()
    pets.setActiveAction(entry)

    qtbot.keyClick(pets, Qt.Key.Key_Return)

    _said(qtbot)
    assert _no_import_dialog()


def test_a_file_dropped_on_the_window_says_an_import_needs_the_shared_store(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow],
        settings: AppSettings, tmp_path: Path) -> None:
    window = _window_on_its_own_store(qtbot, loopback, make_window, settings)
    source = write_csv(tmp_path / "in.csv", [
        ["Animal name", "Category", "Adoption status"], ["Rex", 1, "Available"]])

    drop_file(window, source)

    _said(qtbot)
    assert _no_import_dialog()


def test_an_import_sending_when_the_shared_store_goes_away_waits_and_queues_nothing_here(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow],
        settings: AppSettings, keystore: KeyStore, postgres_server: PostgresServer,
        postgres_address: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The server ends the desk's connections while the import sends: the window says
    the import waits and why; every row stays in the shared store (for any desk to
    send), none goes to this computer's store. The desk opens the store again, the
    import goes on, and no row reaches the service twice."""
    settings.shared_store = SharedStoreChoice(postgres_address, True)
    keystore.set_shared_password(DESK_PASSWORD)
    window = make_window(loopback)
    seeded = seeded_ids(loopback)
    rows = [[f"Cut {i}", 1 + i % 5, "Available"] for i in range(300)]
    source = write_csv(tmp_path / "many.csv", [["Animal name", "Category", "Adoption status"],
                                               *rows])
    dialog = open_import(qtbot, window)
    choose(qtbot, monkeypatch, dialog, source)
    check(qtbot, dialog)

    click(qtbot, dialog.previewPage.sendButton)
    qtbot.waitUntil(lambda: sum(names_on_server(loopback, seeded).values()) > 0,
                    timeout=20_000)
    database = postgres_address.rpartition("/")[2].partition("?")[0]
    with postgres_server.admin() as conn:
        conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                     "WHERE datname = %s AND application_name = 'PetDesk'", (database,))

    bar = ui.status_bar(window)
    qtbot.waitUntil(lambda: bar.message.startswith(
        "Import waiting: PetDesk cannot reach the shared store"), timeout=20_000)
    on_server = names_on_server(loopback, seeded)
    assert max(on_server.values()) == 1 and sum(on_server.values()) < 300
    shared = open_postgres(postgres_address, DESK_PASSWORD, "production", FakeClock())
    assert not isinstance(shared, str)
    try:
        assert len(shared.outbox.entries(include_finished=True)) == 300
    finally:
        shared.close()
    local = open_store(store_file(Connection("production", loopback.base_url)), "production",
                       clock=FakeClock()).store
    try:
        assert local.outbox.entries(include_finished=True) == []
    finally:
        local.close()
    # The desk opened the shared store again (it answers): the import goes on there,
    # and each row reaches the service once.
    qtbot.waitUntil(lambda: sum(names_on_server(loopback, seeded).values()) == 300,
                    timeout=60_000)
    assert set(names_on_server(loopback, seeded).values()) == {1}
