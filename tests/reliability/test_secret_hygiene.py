"""Secret hygiene through the whole app.

A full UI session against the sandbox over loopback: no key yet → the key dialog;
a wrong key tested; the right key tested and saved; the key used; a pet added; the
key changed; the key revoked on the server (401 → dialog → a wrong key → refused →
the right one); failures (500, 502, a dropped connection, a create whose outcome is
unknown, a 404) with their details opened. Afterwards, and at every step, no key
value is found:

* in any file under the test HOME (settings, cache, logs — bytes, any encoding);
* in any log record (caplog at DEBUG) or in the app's own log file;
* in any text shown to the user (every widget's text, tooltip, title, accessible
  text, message boxes, the status bar, the clipboard);
* at another host after a redirect (the hostile redirect server).

The key is masked in the dialog by default.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from petdesk.gui.app import default_settings
from petdesk.gui.main_window import MainWindow
from petdesk.sandbox import FaultKind, SandboxConfig
from petdesk.services.keys.keystore import KeyStore, MemoryKeyring
from petdesk.services.logs import setup_logging
from petdesk.services.redaction import RedactingFilter
from tests.conftest import TEST_HOME
from tests.helpers import ui
from tests.helpers.drive import look_up, open_add_dialog, open_key_dialog, shortcut
from tests.helpers.sandbox_server import RunningSandbox, start_server
from tests.reliability.app_support import (
    assert_not_shown,
    build_window,
    files_containing,
    settings_in,
)
from tests.reliability.hostile import HostileServer, Reply, Seen, error_reply, good
from tests.unit.sandbox.control import reconfigure

KEY_A = "pk-hyg-Narwhal-1f2e3d4c5b6a"
KEY_B = "pk-hyg-Pangolin-9a8b7c6d5e4f"
WRONG = "pk-hyg-Wombat-0000deadbeef"
SECRETS = (KEY_A, KEY_B, WRONG)


@pytest.fixture
def app_log() -> Iterator[tuple[Path, RedactingFilter]]:
    """The app's own log file (as ``petdesk.gui.app.run`` sets it up), under the test HOME."""
    logger = logging.getLogger("petdesk")
    level = logger.level
    path, redactor = setup_logging(TEST_HOME / ".local/state/PetDesk/log",
                                   level=logging.DEBUG)
    yield path, redactor
    for handler in list(logger.handlers):
        if handler.get_name() == "petdesk-file":
            logger.removeHandler(handler)
            handler.close()
    logger.setLevel(level)


@pytest.fixture
def caplog_debug(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.DEBUG)
    return caplog


def no_secret_in_records(caplog: pytest.LogCaptureFixture) -> None:
    for record in caplog.records:
        text = " ".join([record.getMessage(), repr(record.args), record.exc_text or ""])
        for secret in SECRETS:
            assert secret not in text, f"a key was logged by {record.name}: {text[:200]}"


def enter_key(qtbot: Any, window: MainWindow, key: str, *, save: bool = True) -> None:
    dialog = ui.key_dialog(window)
    assert dialog is not None
    assert dialog.apiKeyEdit.echoMode() == QLineEdit.EchoMode.Password  # masked by default
    dialog.apiKeyEdit.clear()
    qtbot.keyClicks(dialog.apiKeyEdit, key)
    assert_not_shown(SECRETS, window)
    if save:
        dialog.saveButton.click()


def test_a_full_session_leaves_the_key_nowhere(
        qtbot: Any, caplog_debug: pytest.LogCaptureFixture,
        app_log: tuple[Path, RedactingFilter]) -> None:
    log_path, redactor = app_log
    config = SandboxConfig(api_keys=(KEY_A, KEY_B), requests_per_window=10_000,
                           requests_per_day=100_000)
    keys = KeyStore(MemoryKeyring(), environ={}, timeout=2.0)
    with start_server(config) as box:
        window = build_window(qtbot, default_settings(), keys, box.base_url, redactor=redactor)
        session(qtbot, window, box)
        window.close()
        assert_not_shown(SECRETS)

    assert files_containing(SECRETS) == []
    no_secret_in_records(caplog_debug)
    for handler in logging.getLogger("petdesk").handlers:
        handler.flush()  # the file is written on its own thread
    text = log_path.read_text(encoding="utf-8")
    assert "saved in the keyring" in text  # the log was written, by the app
    for secret in SECRETS:
        assert secret not in text


def session(qtbot: Any, window: MainWindow, box: RunningSandbox) -> None:
    # 1. No key yet: the dialog comes up by itself.
    qtbot.waitUntil(lambda: ui.key_dialog(window) is not None, timeout=10_000)
    dialog = ui.key_dialog(window)
    assert dialog is not None
    # 2. A wrong key, tested: refused, and not echoed.
    enter_key(qtbot, window, WRONG, save=False)
    dialog.testButton.click()
    qtbot.waitUntil(lambda: dialog.resultLabel.text().startswith("✖"), timeout=10_000)
    assert_not_shown(SECRETS, window)
    # 3. The right key: shown on demand, hidden again, tested, saved; the list loads.
    enter_key(qtbot, window, KEY_A, save=False)
    dialog.showKeyButton.click()
    assert dialog.apiKeyEdit.echoMode() == QLineEdit.EchoMode.Normal
    dialog.showKeyButton.click()
    assert dialog.apiKeyEdit.echoMode() == QLineEdit.EchoMode.Password
    dialog.testButton.click()
    qtbot.waitUntil(lambda: dialog.resultLabel.text().startswith("✔"), timeout=10_000)
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        dialog.saveButton.click()
    assert_not_shown(SECRETS, window)
    # 4. Use it: add a pet.
    add_pet(qtbot, window, "Secretive Sam")
    # 5. Change the key.
    open_key_dialog(qtbot, window)
    enter_key(qtbot, window, KEY_B)
    qtbot.waitUntil(lambda: ui.key_dialog(window) is None, timeout=10_000)
    refresh(qtbot, window)
    # 6. The server revokes KEY_B: 401 → the dialog → a wrong key → refused → KEY_A.
    reconfigure(box.app, api_keys=(KEY_A,))
    look_up(qtbot, window, "1")  # (Refresh right after Refresh would send nothing)
    qtbot.waitUntil(lambda: ui.key_dialog(window) is not None, timeout=10_000)
    assert "not accepted" in ui.key_dialog(window).reasonLabel.text()
    enter_key(qtbot, window, WRONG)
    qtbot.waitUntil(lambda: "not accepted" in ui.status_bar(window).message, timeout=10_000)
    assert_not_shown(SECRETS, window)
    open_key_dialog(qtbot, window)
    enter_key(qtbot, window, KEY_A)
    qtbot.waitUntil(lambda: ui.key_dialog(window) is None, timeout=10_000)
    refresh(qtbot, window)
    # 7. Failures, with their details opened.
    faults = (FaultKind.SERVER_ERROR, FaultKind.BAD_GATEWAY, FaultKind.DROP_CONNECTION)
    for status_index, fault in enumerate(faults, start=1):
        box.app.faults.fail_next(fault, 4)  # enough to outlast the GET retries
        with qtbot.waitSignal(ui.worker(window).finished, timeout=10_000):
            ui.status_filter(window).setCurrentIndex(status_index)  # another list: it is sent
        ui.status_bar(window).show_details()
        assert_not_shown(SECRETS, window)
    box.app.faults.fail_next(FaultKind.SERVER_ERROR)
    dialog_add = open_add(qtbot, window, "Maybe Molly")
    dialog_add.submitButton.click()
    qtbot.waitUntil(lambda: ui.add_dialog(window) is None, timeout=10_000)
    assert "was lost" in ui.status_bar(window).message  # kept in the outbox, checked
    assert_not_shown(SECRETS, window)
    ui.lookup_edit(window).setText("999999")
    with qtbot.waitSignal(ui.worker(window).finished, timeout=10_000):
        qtbot.keyClick(ui.lookup_edit(window), Qt.Key.Key_Return)
    shortcut(qtbot, window, "Ctrl+Shift+C")  # Pets › Copy ID
    assert_not_shown(SECRETS, window)


def refresh(qtbot: Any, window: MainWindow) -> None:
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        ui.refresh_button(window).click()
    assert_not_shown(SECRETS, window)


def open_add(qtbot: Any, window: MainWindow, name: str) -> Any:
    dialog = open_add_dialog(qtbot, window)
    qtbot.keyClicks(dialog.nameEdit, name)
    qtbot.keyClicks(dialog.categoryIdEdit, "2")
    return dialog


def add_pet(qtbot: Any, window: MainWindow, name: str) -> None:
    dialog = open_add(qtbot, window, name)
    with qtbot.waitSignal(ui.worker(window).finished, timeout=10_000):
        dialog.submitButton.click()
    qtbot.waitUntil(lambda: ui.add_dialog(window) is None, timeout=10_000)
    assert_not_shown(SECRETS, window)


def test_a_hostile_server_echoing_the_key_or_redirecting_never_gets_it_shown_or_forwarded(
        qtbot: Any, tmp_path: Path, caplog_debug: pytest.LogCaptureFixture) -> None:
    """The server puts the Authorization header it received into its error messages,
    and redirects some requests to another origin."""
    def echo(seen: Seen) -> Any:
        auth = seen.authorization or ""
        if seen.path.startswith("/v1/pets/"):
            return Reply(307, headers=[("Location", f"{elsewhere.origin}/v1/pets/1")],
                         content_type=None)
        if seen.method == "POST":
            return error_reply(400, "invalid_value", f"Field 'name' is bad for {auth}.")
        if "limit=1&" in seen.path or seen.path.endswith("limit=1"):
            return good(seen)
        return error_reply(500, "internal_error", f"Crashed while serving {auth}")

    keys = KeyStore(MemoryKeyring(), environ={}, timeout=2.0)
    keys.set("production", KEY_A)
    with HostileServer(echo) as server, HostileServer() as elsewhere:
        window = build_window(qtbot, settings_in(tmp_path), keys, server.base_url)
        qtbot.waitUntil(lambda: ui.status_bar(window).message != "", timeout=10_000)
        qtbot.waitUntil(lambda: not ui.worker(window).busy, timeout=10_000)
        ui.status_bar(window).show_details()
        assert_not_shown(SECRETS, window)
        dialog = open_add(qtbot, window, "Echo")
        with qtbot.waitSignal(ui.worker(window).finished, timeout=10_000,
                              check_params_cb=lambda job: job.kind.value == "create"):
            dialog.submitButton.click()
        assert "bad for" in ui.field_error(dialog, "name")  # the server's words, redacted
        assert_not_shown(SECRETS, window)
        dialog.reject()
        ui.lookup_edit(window).setText("1")
        with qtbot.waitSignal(ui.worker(window).finished, timeout=10_000,
                              check_params_cb=lambda job: job.kind.value == "lookup") as got:
            qtbot.keyClick(ui.lookup_edit(window), Qt.Key.Key_Return)
        assert "key stays private" in str(got.args[0].outcome.error)
        ui.status_bar(window).detailsButton.click()
        assert_not_shown(SECRETS, window)
        assert elsewhere.count() == 0
        assert all(s.authorization is None for s in elsewhere.seen())
        window.close()
    no_secret_in_records(caplog_debug)
