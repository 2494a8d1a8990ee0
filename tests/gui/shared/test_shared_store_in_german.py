"""PetDesk in German: Settings › Shared store says what works while the shared store is
down, and why it cannot be used is said in German, in its Test connection and in the
status bar's Details."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import psycopg
import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QApplication, QLabel

from petdesk.core.datafiles import resources_dir
from petdesk.core.status_messages import MessageKind
from petdesk.gui.common.translations import install_translations
from petdesk.gui.settings.settings import AppSettings, SharedStoreChoice
from petdesk.services.keys.keystore import KeyStore
from petdesk.storage.postgres.store import open_shared_store
from tests.gui.common.test_status_bar import open_details
from tests.gui.conftest import Sandbox
from tests.gui.shared.test_shared_store_settings import _ok, _shared_tab
from tests.helpers import ui
from tests.helpers.api_fakes import FakeClock
from tests.helpers.drive import type_text
from tests.helpers.postgres import DESK_PASSWORD
from tests.helpers.translations import remove_translations


@pytest.fixture
def german(qapp: QApplication) -> Iterator[None]:
    """German, as File › Settings › Language (or LANGUAGE=de) makes it at start-up."""
    before = QLocale()
    installed = install_translations(qapp, "de", resources_dir())
    yield
    remove_translations(qapp, installed)
    QLocale.setDefault(before)


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _details_of_the_down_message(qtbot, window, line: str) -> str:  # type: ignore[no-untyped-def]
    """The status line says ``line``; what Details says."""
    bar = ui.status_bar(window)
    qtbot.waitUntil(lambda: bar.text_of(MessageKind.SHARED_STORE_DOWN) != "", timeout=15_000)
    assert bar.text_of(MessageKind.SHARED_STORE_DOWN) == line
    box = open_details(qtbot, bar)
    details = box.detailedText()
    qtbot.keyClick(box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not box.isVisible(), timeout=5_000)
    return details


@pytest.mark.usefixtures("german")
def test_the_tab_says_in_german_that_adds_wait_but_imports_need_the_shared_store(
        qtbot, loopback: Sandbox, make_window) -> None:
    window = make_window(loopback)
    _dialog, page = _shared_tab(qtbot, window)
    assert page.findChild(QLabel, "sharedOutageNote").text() == (
        "Ist der gemeinsame Speicher nicht erreichbar, arbeitet dieser Computer mit seinen "
        "eigenen Daten weiter: Tiere, die Sie hinzufügen, warten hier und werden in den "
        "gemeinsamen Speicher übertragen, sobald er wieder da ist, Dateien lassen sich aber "
        "erst dann importieren.")
    qtbot.keyClick(page.sharedAddressEdit, Qt.Key.Key_Escape)


@pytest.mark.usefixtures("german")
def test_test_connection_says_in_german_that_nothing_answers_at_the_address(
        qtbot, loopback: Sandbox, make_window) -> None:
    window = make_window(loopback)
    _dialog, page = _shared_tab(qtbot, window)
    port = _closed_port()
    type_text(qtbot, page.sharedAddressEdit, f"postgresql://petdesk@127.0.0.1:{port}/petdesk")

    qtbot.mouseClick(page.sharedTestButton, Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: page.sharedTestButton.isEnabled(), timeout=15_000)
    assert page.sharedResultLabel.text() == (
        f"Unter 127.0.0.1:{port}/petdesk ist kein Datenbankserver erreichbar: Er ist "
        "vielleicht gestoppt, oder eine Firewall steht im Weg. Prüfen Sie die Adresse und "
        "den Port.")
    qtbot.keyClick(page.sharedAddressEdit, Qt.Key.Key_Escape)


@pytest.mark.usefixtures("german")
def test_a_shared_store_turned_on_where_nothing_answers_says_why_in_german(
        qtbot, loopback: Sandbox, make_window) -> None:
    window = make_window(loopback)
    dialog, page = _shared_tab(qtbot, window)
    type_text(qtbot, page.sharedAddressEdit,
              f"postgresql://petdesk@127.0.0.1:{_closed_port()}/petdesk?sslmode=disable")
    qtbot.mouseClick(page.sharedStoreCheck, Qt.MouseButton.LeftButton)

    _ok(qtbot, dialog)

    details = _details_of_the_down_message(
        qtbot, window,
        "Gemeinsamer Speicher nicht erreichbar — es wird mit den Daten dieses Computers "
        "gearbeitet")
    assert ("PetDesk erreicht den gemeinsamen Speicher unter dieser Adresse nicht. Prüfen "
            "Sie die Adresse und ob der Datenbankserver läuft und von diesem Computer aus "
            "erreichbar ist.") in details
    assert "PetDesk cannot reach" not in details


@pytest.mark.usefixtures("german")
def test_a_desk_refused_by_the_shared_store_says_why_in_german(
        qtbot, loopback: Sandbox, make_window, settings: AppSettings, keystore: KeyStore,
        postgres_address: str) -> None:
    settings.shared_store = SharedStoreChoice(postgres_address, True)
    keystore.set_shared_password("not-the-password")

    window = make_window(loopback)

    details = _details_of_the_down_message(
        qtbot, window,
        "Gemeinsamer Speicher hat die Anmeldung abgelehnt — es wird mit den Daten dieses "
        "Computers gearbeitet")
    assert ("Der gemeinsame Speicher hat die Anmeldung von PetDesk abgelehnt. Prüfen Sie "
            "den Benutzernamen in der Adresse und das Passwort.") in details
    assert "refused" not in details


@pytest.mark.usefixtures("german")
def test_a_shared_store_of_a_newer_petdesk_says_why_in_german(
        qtbot, loopback: Sandbox, make_window, settings: AppSettings, keystore: KeyStore,
        postgres_address: str) -> None:
    open_shared_store(postgres_address, DESK_PASSWORD, "production", clock=FakeClock()).close()
    with psycopg.connect(postgres_address, password=DESK_PASSWORD, autocommit=True) as conn:
        conn.execute("UPDATE schema_version SET version = 99")
    settings.shared_store = SharedStoreChoice(postgres_address, True)
    keystore.set_shared_password(DESK_PASSWORD)

    window = make_window(loopback)

    details = _details_of_the_down_message(
        qtbot, window,
        "Gemeinsamer Speicher nicht nutzbar — es wird mit den Daten dieses Computers "
        "gearbeitet")
    assert ("Der gemeinsame Speicher wurde von einer neueren PetDesk-Version eingerichtet. "
            "Aktualisieren Sie PetDesk auf diesem Computer, um ihn zu nutzen.") in details
