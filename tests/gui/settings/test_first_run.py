"""A shelter's first start, driven as new staff do it: the one dialog that asks for the
service address and the key, its Test connection, and Enter after it.

The window reaches the address it is set up with (the shared fixtures always use the
sandbox's); names that must not resolve (``.example``, ``.invalid``) get the name
lookup's answer from :class:`~tests.unit.api.no_such_name.NoSuchName`, without asking a
name server.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel

from petdesk.api import PetStoreClient, RequestListener, RequestPolicy
from petdesk.api.shared import SharedQuota
from petdesk.core.clock import Clock
from petdesk.core.connection import PRODUCTION_URL
from petdesk.core.datafiles import resources_dir
from petdesk.gui.app import HttpsClients, LazyKeyStore
from petdesk.gui.common.translations import install_translations
from petdesk.gui.main_window import MainWindow
from petdesk.gui.settings.api_key_dialog import ApiKeyDialog
from petdesk.gui.settings.settings import AppSettings, Environment
from petdesk.gui.worker.worker import Connection
from petdesk.services.keys.keys import KeyProvider
from petdesk.services.keys.keystore import KeyStore, MemoryKeyring
from tests.gui.conftest import API_KEY, FAST_POLICY, FakeClock, Sandbox
from tests.helpers import ui
from tests.helpers.drive import (
    idle,
    open_key_dialog,
    open_settings,
    shortcut,
    type_text,
    visible_dialog,
)
from tests.helpers.translations import remove_translations
from tests.unit.api.no_such_name import NoSuchName

WRONG = "pk-wrong-0000000000"


def reaching(connection: Connection, key: str, listener: RequestListener, clock: Clock,
             *, policy: RequestPolicy | None = None,
             shared_quota: SharedQuota | None = None) -> PetStoreClient:
    """A client for the address the window is set up with."""
    host = urlsplit(connection.base_url).hostname or ""
    transport = NoSuchName() if host.endswith((".example", ".invalid")) else None
    return PetStoreClient(connection.base_url, key, timeout=connection.timeout,
                          listener=listener, policy=policy or FAST_POLICY,
                          transport=transport, clock=clock, shared_quota=shared_quota)


@pytest.fixture
def first_start(qtbot: Any, settings: AppSettings, clock: FakeClock
                ) -> Callable[..., MainWindow]:
    """Start PetDesk as on a new computer: nothing in the keyring, the settings as
    given, no ``--base-url``."""

    def start(keys: KeyProvider | None = None, base_url: str | None = None) -> MainWindow:
        keys = keys or KeyStore(MemoryKeyring(), environ={}, timeout=2.0)
        window = MainWindow(settings, keys, reaching, environment=Environment.PRODUCTION,
                            base_url=base_url, clock=clock)
        qtbot.addWidget(window)
        window.show()
        return window

    return start


def asked(qtbot: Any, window: MainWindow) -> ApiKeyDialog:
    """The dialog that comes up by itself, once it has the keyboard."""
    qtbot.waitUntil(lambda: ui.key_dialog(window) is not None, timeout=10_000)
    dialog = visible_dialog(qtbot, ApiKeyDialog)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=5_000)
    return dialog


def test_click_test_connection_then_enter_keeps_the_key(
        qtbot: Any, loopback: Sandbox, first_start: Any, settings: AppSettings) -> None:
    settings.set_base_url("production", loopback.base_url)
    keys = KeyStore(MemoryKeyring(), environ={}, timeout=2.0)
    window = first_start(keys)
    dialog = asked(qtbot, window)
    qtbot.keyClicks(dialog.apiKeyEdit, API_KEY)
    qtbot.mouseClick(dialog.testButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.resultLabel.text().startswith("✔"), timeout=10_000)
    assert "works" in dialog.resultLabel.text()
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert ui.key_dialog(window) is None  # closed
    assert keys.get("production").key == API_KEY
    assert ui.model(window).rowCount() == 20
    idle(qtbot, window)
    before = loopback.requests()
    qtbot.mouseClick(ui.refresh_button(window), Qt.MouseButton.LeftButton)  # the next refresh
    qtbot.waitUntil(lambda: loopback.requests() > before, timeout=10_000)
    idle(qtbot, window)
    assert ui.key_dialog(window) is None  # not asked again
    assert ui.model(window).rowCount() == 20


def test_a_key_that_worked_is_kept_when_the_dialog_is_closed_with_escape(
        qtbot: Any, loopback: Sandbox, first_start: Any, settings: AppSettings) -> None:
    settings.set_base_url("production", loopback.base_url)
    keys = KeyStore(MemoryKeyring(), environ={}, timeout=2.0)
    window = first_start(keys)
    dialog = asked(qtbot, window)
    qtbot.keyClicks(dialog.apiKeyEdit, API_KEY)
    qtbot.keyClick(dialog.apiKeyEdit, Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)  # &Test
    qtbot.waitUntil(lambda: dialog.resultLabel.text().startswith("✔"), timeout=10_000)
    cancel = dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel)
    assert cancel.text() == "Close"  # nothing left to cancel
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert keys.get("production").key == API_KEY
    assert ui.model(window).rowCount() == 20


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_a_new_user_reaches_data_from_the_one_dialog(
        qtbot: Any, loopback: Sandbox, first_start: Any, settings: AppSettings) -> None:
    keys = KeyStore(MemoryKeyring(), environ={}, timeout=2.0)
    window = first_start(keys)
    # The example address is never shown as if it were real.
    assert window.windowTitle() == "PetDesk — Production (not set up)"
    dialog = asked(qtbot, window)
    assert "not set up" in ui.banner(window).text()
    assert PRODUCTION_URL not in ui.banner(window).text()
    # The dialog shows the address, says it is the example, and starts there.
    assert dialog.addressEdit.text() == PRODUCTION_URL
    assert dialog.addressNote.isVisible()
    assert "example address" in dialog.addressNote.text()
    assert QApplication.focusWidget() is dialog.addressEdit

    def test_says(start: str) -> str:
        qtbot.mouseClick(dialog.testButton, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.resultLabel.text().startswith(start), timeout=10_000)
        return dialog.resultLabel.text()

    # 1. The key as given, at the example address: it does not exist (no Wi-Fi advice).
    qtbot.keyClicks(dialog.apiKeyEdit, API_KEY)
    said = test_says("✖")
    assert "does not exist" in said and "api.petstore.example" in said
    assert "network" not in said.split(":")[0]
    # 2. Nothing listening there: no network, not "does not exist".
    type_text(qtbot, dialog.addressEdit, f"http://127.0.0.1:{free_port()}/v1")
    assert not dialog.addressNote.isVisible()
    said = test_says("✖")
    assert "No network connection" in said and "does not exist" not in said
    # 3. The right address with a wrong key: the service refused the key.
    type_text(qtbot, dialog.addressEdit, loopback.base_url)
    qtbot.mouseClick(dialog.apiKeyEdit, Qt.MouseButton.LeftButton)
    type_text(qtbot, dialog.apiKeyEdit, WRONG)
    said = test_says("✖")
    assert "refused this key" in said and "File ›" not in said
    # 4. The right key: it works; Enter finishes.
    type_text(qtbot, dialog.apiKeyEdit, API_KEY)
    assert "works" in test_says("✔")
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert settings.base_url(Environment.PRODUCTION) == loopback.base_url
    assert keys.get("production").key == API_KEY
    assert window.windowTitle() == "PetDesk — Production"
    assert loopback.base_url in ui.banner(window).text()
    assert ui.model(window).rowCount() == 20


def test_test_connection_tries_a_refused_address_once_and_answers_at_once(
        qtbot: Any, settings: AppSettings, clock: FakeClock) -> None:
    # The window's own client factory (real HTTPS stack) and a port nothing listens on.
    settings.set_base_url("production", f"http://127.0.0.1:{free_port()}/v1")
    window = MainWindow(settings, KeyStore(MemoryKeyring(), environ={}, timeout=2.0),
                        HttpsClients(), environment=Environment.PRODUCTION, clock=clock)
    qtbot.addWidget(window)
    window.show()
    dialog = asked(qtbot, window)
    attempts: list[int] = []
    ui.worker(window).requestSent.connect(lambda _method, _path, attempt: attempts.append(attempt))
    waited = clock.waited
    qtbot.keyClicks(dialog.apiKeyEdit, API_KEY)
    qtbot.mouseClick(dialog.testButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.resultLabel.text().startswith("✖"), timeout=10_000)
    assert "No network connection" in dialog.resultLabel.text()
    assert attempts == [1]  # one request left the client: no retries ...
    assert clock.waited == waited  # ... and no backoff waited before answering
    assert dialog.testButton.isEnabled()  # the user can test again at once


def test_file_api_key_shows_the_address_in_use_and_changes_it(
        qtbot: Any, loopback: Sandbox, first_start: Any, settings: AppSettings,
        keystore: KeyStore) -> None:
    window = first_start(keystore, base_url=loopback.base_url)  # started with --base-url
    qtbot.waitUntil(lambda: ui.model(window).rowCount() == 20, timeout=10_000)
    idle(qtbot, window)
    dialog = open_key_dialog(qtbot, window)
    assert dialog.addressEdit.text() == loopback.base_url
    assert not dialog.addressNote.isVisible()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.apiKeyEdit, timeout=5_000)
    type_text(qtbot, dialog.addressEdit, "https://petstore.invalid/v1")
    qtbot.mouseClick(dialog.testButton, Qt.MouseButton.LeftButton)  # the saved key
    qtbot.waitUntil(lambda: dialog.resultLabel.text().startswith("✖"), timeout=10_000)
    assert "does not exist" in dialog.resultLabel.text()
    qtbot.keyClick(dialog.addressEdit, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5_000)
    assert settings.base_url(Environment.PRODUCTION) == PRODUCTION_URL  # nothing kept


def test_inside_the_key_dialog_no_sentence_sends_the_user_to_it(
        qtbot: Any, loopback: Sandbox, make_window: Any,
        keyring_backend: MemoryKeyring) -> None:
    keyring_backend.set_password("petdesk", "production", WRONG)
    window = make_window(loopback, wait=False)
    dialog = asked(qtbot, window)  # the saved key was refused
    assert "not accepted" in dialog.reasonLabel.text()
    assert "File › API key" not in dialog.reasonLabel.text()
    qtbot.keyClicks(dialog.apiKeyEdit, WRONG)
    qtbot.mouseClick(dialog.testButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.resultLabel.text().startswith("✖"), timeout=10_000)
    assert "File › API key" not in dialog.resultLabel.text()
    words = [w.text() for w in dialog.findChildren(QLabel) if w.isVisible()]
    assert not [t for t in words if "File › API key" in t]


def test_settings_says_the_key_is_in_memory_when_no_keyring_works(
        qtbot: Any, loopback: Sandbox, first_start: Any, settings: AppSettings) -> None:
    settings.set_base_url("production", loopback.base_url)
    # The app's own key store; the tests' keyring backend is keyring's "fail" one.
    window = first_start(LazyKeyStore(environ={}))
    dialog = asked(qtbot, window)
    qtbot.keyClicks(dialog.apiKeyEdit, API_KEY)
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        qtbot.keyClick(dialog.apiKeyEdit, Qt.Key.Key_Return)  # Save
    idle(qtbot, window)
    settings_dialog = open_settings(qtbot, window)
    note = next(w.text() for w in settings_dialog.findChildren(QLabel)
                if w.text().startswith("The API key is not a setting"))
    assert "in memory for this session" in note
    assert "system keyring" not in note.replace("no system keyring works", "")
    shortcut(qtbot, settings_dialog, "Esc")


@pytest.fixture
def german(qapp: QApplication) -> Iterator[None]:
    """The window in German, as at a start with German chosen (Qt's and PetDesk's
    catalogues installed, German as the default locale)."""
    before = QLocale()
    installed = install_translations(qapp, "de", resources_dir())
    yield
    remove_translations(qapp, installed)
    QLocale.setDefault(before)


NO_KEYRING_DE = ("Es ist kein Schlüsselbund des Systems verfügbar, deshalb behält PetDesk "
                 "Ihren API-Schlüssel nur für diese Sitzung im Arbeitsspeicher.")


def test_in_german_the_dialog_says_in_german_that_no_keyring_works(
        qtbot: Any, loopback: Sandbox, first_start: Any, settings: AppSettings,
        german: None) -> None:
    settings.set_base_url("production", loopback.base_url)
    # The app's own key store; the tests' keyring backend is keyring's "fail" one.
    window = first_start(LazyKeyStore(environ={}))
    dialog = asked(qtbot, window)
    assert NO_KEYRING_DE in dialog.reasonLabel.text()
    assert "keyring" not in dialog.reasonLabel.text()
    qtbot.keyClicks(dialog.apiKeyEdit, API_KEY)
    qtbot.mouseClick(dialog.testButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.resultLabel.text().startswith("✔"), timeout=10_000)
    assert NO_KEYRING_DE in dialog.resultLabel.text()  # kept, but only in memory
    assert "keyring" not in dialog.resultLabel.text()
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


def on_x(tmp_path: Path) -> list[str]:
    """What :mod:`.first_run_driver` printed, run on a private Xvfb with xcb and a new
    home (no keyring entry, no settings)."""
    root = Path(__file__).resolve().parents[3]
    environ = {k: v for k, v in os.environ.items()
               if k not in ("DISPLAY", "PETDESK_API_KEY")}
    environ.update(QT_QPA_PLATFORM="xcb", PYTHONPATH=str(root))
    for name, sub in (("HOME", ""), ("XDG_CONFIG_HOME", ".config"),
                      ("XDG_DATA_HOME", ".local/share"), ("XDG_CACHE_HOME", ".cache"),
                      ("XDG_STATE_HOME", ".local/state"), ("XDG_RUNTIME_DIR", "run")):
        (tmp_path / sub).mkdir(parents=True, exist_ok=True, mode=0o700)
        environ[name] = str(tmp_path / sub)
    driver = Path(__file__).resolve().parents[2] / "helpers" / "first_run_driver.py"
    done = subprocess.run(["xvfb-run", "-a", sys.executable, str(driver)], env=environ,
                          capture_output=True, text=True, timeout=120, cwd=str(root),
                          check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return [line for line in done.stdout.splitlines()
            if line.split(" ")[0] in ("focus", "rows", "asked-again")]


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="needs Xvfb (apt-get install xvfb)")
def test_on_x_enter_after_a_test_that_worked_saves_and_the_next_refresh_does_not_ask(
        tmp_path: Path) -> None:
    assert on_x(tmp_path) == ["focus saveKeyButton", "rows 20", "asked-again no"]
