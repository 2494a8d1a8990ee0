"""Settings › Shared store, from the keyboard and the mouse: the address, the password
(into the keyring, never the settings file), Test connection's answer, the switch."""

from __future__ import annotations

import socket
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel

from petdesk.core.status_messages import MessageKind
from petdesk.gui.settings.settings import AppSettings, SharedStoreChoice
from petdesk.services.keys.keystore import SHARED_STORE_SERVICE, KeyStore, MemoryKeyring
from tests.gui.conftest import Sandbox
from tests.helpers import ui
from tests.helpers.drive import open_settings, type_text

PASSWORD = "Tr0ub4dor-shared"


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _shared_tab(qtbot, window):  # type: ignore[no-untyped-def]
    dialog = open_settings(qtbot, window)
    tabs = dialog.tabs
    qtbot.mouseClick(tabs.tabBar(), Qt.MouseButton.LeftButton,
                     pos=tabs.tabBar().tabRect(1).center())
    assert dialog.sharedPage.isVisible()
    return dialog, dialog.sharedPage


def _ok(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    buttons = dialog.findChild(QDialogButtonBox)
    qtbot.mouseClick(buttons.button(QDialogButtonBox.StandardButton.Ok),
                     Qt.MouseButton.LeftButton)


def test_the_tab_says_adds_wait_but_imports_need_the_shared_store(
        qtbot, loopback: Sandbox, make_window) -> None:
    """While the shared store is down, a pet typed in waits here and moves once; an
    import does not start (the window and ``petdesk import`` refuse it)."""
    window = make_window(loopback)
    _dialog, page = _shared_tab(qtbot, window)
    note = page.findChild(QLabel, "sharedOutageNote")
    assert note.isVisible()
    assert note.text() == (
        "When the shared store cannot be reached, this computer keeps working on its own "
        "data: pets you add wait here and move to the shared store once it is back, but "
        "files cannot be imported until then.")
    qtbot.keyClick(page.sharedAddressEdit, Qt.Key.Key_Escape)


def test_test_connection_says_when_nothing_answers_at_the_address(
        qtbot, loopback: Sandbox, make_window) -> None:
    window = make_window(loopback)
    _dialog, page = _shared_tab(qtbot, window)
    address = f"postgresql://petdesk@127.0.0.1:{_closed_port()}/petdesk?sslmode=disable"
    type_text(qtbot, page.sharedAddressEdit, address)
    type_text(qtbot, page.sharedPasswordEdit, PASSWORD)

    qtbot.mouseClick(page.sharedTestButton, Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: "Cannot reach a database server" in page.sharedResultLabel.text(),
                    timeout=15_000)
    assert page.sharedTestButton.isEnabled()
    assert PASSWORD not in page.sharedResultLabel.text()
    qtbot.keyClick(page.sharedAddressEdit, Qt.Key.Key_Escape)


def test_an_address_with_a_password_is_refused_and_not_saved(
        qtbot, loopback: Sandbox, make_window, settings: AppSettings, tmp_path: Path) -> None:
    window = make_window(loopback)
    dialog, page = _shared_tab(qtbot, window)
    type_text(qtbot, page.sharedAddressEdit,
              f"postgresql://petdesk:{PASSWORD}@db.shelter.lan/petdesk")
    qtbot.mouseClick(page.sharedStoreCheck, Qt.MouseButton.LeftButton)

    _ok(qtbot, dialog)

    assert dialog.isVisible()
    assert "type it in the Password field" in page.sharedResultLabel.text()
    settings.sync()
    assert PASSWORD not in (tmp_path / "petdesk.ini").read_text(encoding="utf-8")
    qtbot.keyClick(page.sharedAddressEdit, Qt.Key.Key_Escape)


def test_the_switch_and_address_are_saved_and_the_password_goes_to_the_keyring(
        qtbot, loopback: Sandbox, make_window, settings: AppSettings, tmp_path: Path,
        keyring_backend: MemoryKeyring, keystore: KeyStore) -> None:
    window = make_window(loopback)
    dialog, page = _shared_tab(qtbot, window)
    address = f"postgresql://petdesk@127.0.0.1:{_closed_port()}/petdesk?sslmode=verify-full"
    type_text(qtbot, page.sharedAddressEdit, address)
    type_text(qtbot, page.sharedPasswordEdit, PASSWORD)
    qtbot.mouseClick(page.sharedStoreCheck, Qt.MouseButton.LeftButton)

    _ok(qtbot, dialog)

    qtbot.waitUntil(lambda: (SHARED_STORE_SERVICE, "password") in keyring_backend.entries(),
                    timeout=10_000)
    assert keystore.shared_password().key == PASSWORD
    assert settings.shared_store.in_use == address
    settings.sync()
    saved = (tmp_path / "petdesk.ini").read_text(encoding="utf-8")
    assert "sslmode=verify-full" in saved and PASSWORD not in saved


def test_the_window_says_when_the_shared_store_is_down_and_keeps_working_here(
        qtbot, loopback: Sandbox, make_window, settings: AppSettings) -> None:
    address = f"postgresql://petdesk@127.0.0.1:{_closed_port()}/petdesk?sslmode=disable"
    settings.shared_store = SharedStoreChoice(address, enabled=True)

    window = make_window(loopback)

    bar = ui.status_bar(window)
    qtbot.waitUntil(lambda: bar.text_of(MessageKind.SHARED_STORE_DOWN) != "", timeout=15_000)
    assert bar.text_of(MessageKind.SHARED_STORE_DOWN) == (
        "Shared store not reachable — working on this computer's data")
    assert ui.model(window).rowCount() > 0  # the list still loads from the service


def test_turning_the_shared_store_off_ends_the_message(
        qtbot, loopback: Sandbox, make_window, settings: AppSettings) -> None:
    address = f"postgresql://petdesk@127.0.0.1:{_closed_port()}/petdesk?sslmode=disable"
    settings.shared_store = SharedStoreChoice(address, enabled=True)
    window = make_window(loopback)
    bar = ui.status_bar(window)
    qtbot.waitUntil(lambda: bar.text_of(MessageKind.SHARED_STORE_DOWN) != "", timeout=15_000)
    dialog, page = _shared_tab(qtbot, window)

    qtbot.mouseClick(page.sharedStoreCheck, Qt.MouseButton.LeftButton)
    _ok(qtbot, dialog)

    qtbot.waitUntil(lambda: bar.text_of(MessageKind.SHARED_STORE_DOWN) == "", timeout=10_000)
    assert not settings.shared_store.enabled
