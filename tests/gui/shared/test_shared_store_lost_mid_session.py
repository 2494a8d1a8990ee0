"""The shared store goes away while the window works on it (the server restarts, the
network drops): an add that hits the dead connection keeps the form and says to press
Add again; the desk opens the store again by itself, on this computer's data while it
does not answer, and adds the pet exactly once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import psycopg
import pytest
from PySide6.QtCore import Qt

from petdesk.core.connection import Connection
from petdesk.core.status_messages import MessageKind
from petdesk.gui.main_window import MainWindow
from petdesk.gui.settings.settings import AppSettings, SharedStoreChoice
from petdesk.services.keys.keystore import KeyStore
from petdesk.storage.paths import store_file
from petdesk.storage.rows import OutboxState
from petdesk.storage.sqlite.store import open_store
from tests.gui.conftest import Sandbox
from tests.helpers import ui
from tests.helpers.api_fakes import FakeClock
from tests.helpers.drive import idle, open_add_dialog, shortcut
from tests.helpers.postgres import DESK_PASSWORD, PostgresServer, postgres_bindir, restart
from tests.helpers.sandbox_store import every_pet
from tests.helpers.tcp_cut import CuttableLine

LOST = ("The shared store stopped answering before “{name}” was kept. PetDesk connects "
        "again by itself: press Add pet again.")


def _on_shared_store(qtbot: Any, box: Sandbox, make_window: Callable[..., MainWindow],
                     settings: AppSettings, keystore: KeyStore, address: str) -> MainWindow:
    settings.shared_store = SharedStoreChoice(address, True)
    keystore.set_shared_password(DESK_PASSWORD)
    window = make_window(box)
    idle(qtbot, window, timeout=15_000)
    assert ui.status_bar(window).text_of(MessageKind.SHARED_STORE_DOWN) == ""
    return window


def _add(qtbot: Any, window: MainWindow, name: str) -> Any:
    dialog = open_add_dialog(qtbot, window)
    qtbot.keyClicks(dialog.nameEdit, name)
    qtbot.keyClicks(dialog.categoryIdEdit, "2")
    with qtbot.waitSignal(ui.worker(window).finished, timeout=20_000):
        qtbot.keyClick(dialog.nameEdit, Qt.Key.Key_Return)
    return dialog


def _query(address: str, text: str) -> object:
    with psycopg.connect(address, password=DESK_PASSWORD, autocommit=True) as conn:
        row = conn.execute(text).fetchone()
    return None if row is None else row[0]


def _named(box: Sandbox, name: str) -> int:
    return sum(pet.name == name for pet in every_pet(box.app.store))


def test_an_add_after_the_server_restarted_keeps_the_form_and_adds_once_when_pressed_again(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow],
        settings: AppSettings, keystore: KeyStore, postgres_server: PostgresServer,
        postgres_address: str) -> None:
    window = _on_shared_store(qtbot, loopback, make_window, settings, keystore,
                              postgres_address)
    bindir = postgres_bindir()
    assert bindir is not None
    restart(postgres_server, bindir)

    dialog = _add(qtbot, window, "Restarted Rex")

    qtbot.waitUntil(lambda: dialog.formError.isVisible(), timeout=5_000)
    assert dialog.formError.text() == LOST.format(name="Restarted Rex")
    assert dialog.isVisible() and dialog.nameEdit.text() == "Restarted Rex"
    bar = ui.status_bar(window)
    # Back at once: the desk opened it again (a refresh follows, whose "Loaded 20
    # pets." replaces "The shared store is back." at once).
    qtbot.waitUntil(lambda: bar.message.startswith("Loaded "), timeout=20_000)
    assert bar.text_of(MessageKind.SHARED_STORE_DOWN) == ""

    qtbot.keyClick(dialog.submitButton, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: ui.add_dialog(window) is None, timeout=20_000)
    assert ui.detail(window).nameValue.text() == "Restarted Rex"
    assert _named(loopback, "Restarted Rex") == 1
    assert _query(postgres_address, "SELECT string_agg(state, ',') FROM outbox "
                  "WHERE name = 'Restarted Rex'") == "sent"


def test_while_the_line_to_the_shared_store_is_cut_the_desk_works_here_and_rejoins(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow],
        settings: AppSettings, keystore: KeyStore, postgres_line: CuttableLine,
        postgres_address: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Cut: the add says so and the status bar says the desk works on this computer's
    data; Add again adds the pet from this computer's outbox. Joined again: the desk
    is back on the shared store, and the pet is on the service once."""
    monkeypatch.setattr("petdesk.gui.settings.shared_store.RETRY_MS", 200)
    window = _on_shared_store(qtbot, loopback, make_window, settings, keystore,
                              postgres_line.carry(postgres_address))
    postgres_line.cut()

    dialog = _add(qtbot, window, "Offline Otto")

    qtbot.waitUntil(lambda: dialog.formError.isVisible(), timeout=5_000)
    assert dialog.formError.text() == LOST.format(name="Offline Otto")
    bar = ui.status_bar(window)
    qtbot.waitUntil(lambda: bar.text_of(MessageKind.SHARED_STORE_DOWN) != "", timeout=20_000)
    assert bar.text_of(MessageKind.SHARED_STORE_DOWN) == (
        "Shared store not reachable — working on this computer's data")

    qtbot.keyClick(dialog.submitButton, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: ui.add_dialog(window) is None, timeout=20_000)
    assert _named(loopback, "Offline Otto") == 1
    postgres_line.join()
    qtbot.waitUntil(lambda: bar.text_of(MessageKind.SHARED_STORE_DOWN) == "", timeout=20_000)
    idle(qtbot, window, timeout=15_000)
    assert _named(loopback, "Offline Otto") == 1
    local = open_store(store_file(Connection("production", loopback.base_url)), "production",
                       clock=FakeClock()).store
    try:
        assert [(e.draft.name, e.state) for e in local.outbox.entries(include_finished=True)
                ] == [("Offline Otto", OutboxState.SENT)]
    finally:
        local.close()


def test_a_refresh_after_the_line_was_cut_shows_the_pets_and_says_the_desk_works_here(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow],
        settings: AppSettings, keystore: KeyStore, postgres_line: CuttableLine,
        postgres_address: str) -> None:
    """F5 reads the service, and keeps going without the shared store (the quota and
    the page kept for the next start): the desk still notices it is gone."""
    window = _on_shared_store(qtbot, loopback, make_window, settings, keystore,
                              postgres_line.carry(postgres_address))
    postgres_line.cut()

    shortcut(qtbot, window, "F5")

    bar = ui.status_bar(window)
    qtbot.waitUntil(lambda: bar.text_of(MessageKind.SHARED_STORE_DOWN) != "", timeout=20_000)
    assert bar.text_of(MessageKind.SHARED_STORE_DOWN) == (
        "Shared store not reachable — working on this computer's data")
    assert ui.model(window).rowCount() == 20
