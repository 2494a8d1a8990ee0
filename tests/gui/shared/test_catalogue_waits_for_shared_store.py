"""The catalogue of a desk set up for a shared store is kept there, filled once for every
desk with the shelter's one key: while the shared store is down the window fetches no
catalogue page into this computer's store (neither by itself nor on Update now) and its
catalogue line says it waits for the shared store; once the desk is back on the shared
store (a real PostgreSQL server) the catalogue fills there."""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt

from petdesk.core.status_messages import MessageKind
from petdesk.gui.main_window import MainWindow
from petdesk.gui.settings.settings import AppSettings, CatalogueChoice, SharedStoreChoice
from petdesk.services.keys.keystore import KeyStore
from tests.gui.conftest import FakeClock, Sandbox
from tests.helpers import ui
from tests.helpers.catalogue_driver import catalogue_line, find_dialog, open_window
from tests.helpers.drive import idle, open_settings, shortcut, type_text
from tests.helpers.postgres import DESK_PASSWORD

WAITS = "Catalogue: waits for the shared store, where it is kept for every desk"
NOT_UPDATED = ("The catalogue is not updated while the shared store cannot be reached: "
               "it is kept there for every desk.")


def _address_nothing_listens_on() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"postgresql://petdesk@127.0.0.1:{port}/petdesk?sslmode=disable"


def test_while_the_shared_store_is_down_the_catalogue_waits_and_update_now_fetches_nothing(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow],
        settings: AppSettings, clock: FakeClock) -> None:
    settings.catalogue = CatalogueChoice(enabled=True)
    settings.shared_store = SharedStoreChoice(_address_nothing_listens_on(), enabled=True)

    window, _timer = open_window(make_window, loopback, clock)

    bar = ui.status_bar(window)
    qtbot.waitUntil(lambda: catalogue_line(window).startswith(WAITS), timeout=15_000)
    assert catalogue_line(window) == f"{WAITS} (0 pets on this computer)"
    assert bar.text_of(MessageKind.SHARED_STORE_DOWN) == (
        "Shared store not reachable — working on this computer's data")
    dialog = find_dialog(qtbot, window)  # Pets › Find any animal…
    assert dialog.catalogueLabel.text().startswith(WAITS)
    qtbot.mouseClick(dialog.updateButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bar.text_of(MessageKind.ACTIVITY) == NOT_UPDATED, timeout=10_000)
    shortcut(qtbot, window, "Ctrl+Shift+U")  # View › Update catalogue now
    qtbot.waitUntil(lambda: bar.text_of(MessageKind.ACTIVITY) == NOT_UPDATED, timeout=10_000)
    idle(qtbot, window)

    assert loopback.requests() == 1  # the list's first page; not one catalogue page
    assert catalogue_line(window).startswith(WAITS)
    assert dialog.catalogueLabel.text().startswith(WAITS)


def test_back_on_the_shared_store_the_catalogue_fills_there(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow],
        settings: AppSettings, keystore: KeyStore, clock: FakeClock,
        postgres_address: str) -> None:
    settings.catalogue = CatalogueChoice(enabled=True)
    settings.shared_store = SharedStoreChoice(postgres_address, enabled=True)
    keystore.set_shared_password("changed-on-the-server")
    window, _timer = open_window(make_window, loopback, clock)
    bar = ui.status_bar(window)
    qtbot.waitUntil(lambda: catalogue_line(window).startswith(WAITS), timeout=15_000)
    assert loopback.requests() == 1

    # The user types the shared store's right password in File › Settings › Shared store.
    dialog = open_settings(qtbot, window)
    tabs = dialog.tabs
    qtbot.mouseClick(tabs.tabBar(), Qt.MouseButton.LeftButton,
                     pos=tabs.tabBar().tabRect(1).center())
    type_text(qtbot, dialog.sharedPage.sharedPasswordEdit, DESK_PASSWORD)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: bar.text_of(MessageKind.SHARED_STORE_DOWN) == "", timeout=15_000)
    qtbot.waitUntil(lambda: " · complete as of " in catalogue_line(window), timeout=30_000)
    assert catalogue_line(window).startswith(f"Catalogue: {loopback.app.store.count():,} pets")
    assert loopback.requests() > 1  # filled in the shared store, from the service
