"""Keyring failure modes through the whole app.

For each broken keyring — none at all, one that raises, a locked one, one that
hangs — the real main window starts with a :class:`KeyStore` on it and:

* says so in one plain sentence (in the key dialog that comes up);
* keeps the key for this session only, and the key works (the list loads);
* writes the key to no file under the test HOME (no plaintext fallback);
* never freezes: no keyring call runs on the GUI thread, and while a keyring call
  hangs the window goes on handling what the user types.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import keyring.errors
import pytest
from keyring.backends import fail

from petdesk.sandbox import SandboxConfig
from petdesk.services.keys import keystore as keystore_module
from petdesk.services.keys.keystore import KeySource, KeyStore, MemoryKeyring
from tests.helpers import ui
from tests.helpers.sandbox_server import RunningSandbox, start_server
from tests.reliability.app_support import (
    assert_not_shown,
    build_window,
    files_containing,
    settings_in,
)

KEY = "pk-ring-Tapir-5c4b3a29180f"
RELEASE = threading.Event()  # opens the hanging backend at the end of each test
HANGING = threading.Event()  # set while a call of the hanging backend blocks
#: The threads that called a backend (the GUI thread must never be one).
CALLERS: set[threading.Thread] = set()


def _called() -> None:
    CALLERS.add(threading.current_thread())


class RaisingKeyring(MemoryKeyring):
    """A backend whose every call raises ``error`` (with the key in it, as some do)."""

    error: type[BaseException] = keyring.errors.KeyringError

    def get_password(self, service: str, username: str) -> str | None:
        _called()
        raise self.error(f"cannot read {service}/{username}")

    def set_password(self, service: str, username: str, password: str) -> None:
        _called()
        raise self.error(f"cannot store {password}")


class LockedKeyring(RaisingKeyring):
    error = keyring.errors.KeyringLocked


class HangingKeyring(MemoryKeyring):
    """Every call blocks until the test ends (a D-Bus peer that never answers)."""

    def get_password(self, service: str, username: str) -> str | None:
        _called()
        HANGING.set()
        RELEASE.wait(30)
        return None

    def set_password(self, service: str, username: str, password: str) -> None:
        _called()
        HANGING.set()
        RELEASE.wait(30)


MODES = {
    "no backend": (fail.Keyring, keystore_module.NO_KEYRING),
    "raising backend": (RaisingKeyring, keystore_module.FAILED),
    "locked keychain": (LockedKeyring, keystore_module.LOCKED),
    "hanging backend": (HangingKeyring, keystore_module.TIMED_OUT),
}


@pytest.fixture
def sandbox() -> Iterator[RunningSandbox]:
    config = SandboxConfig(api_keys=(KEY,), requests_per_window=10_000,
                           requests_per_day=100_000)
    with start_server(config) as box:
        yield box


@pytest.fixture(autouse=True)
def release_hung_calls() -> Iterator[None]:
    RELEASE.clear()
    HANGING.clear()
    CALLERS.clear()
    yield
    RELEASE.set()
    for thread in threading.enumerate():
        if thread.name.startswith("petdesk-keyring-"):
            thread.join(timeout=5)
            assert not thread.is_alive(), f"{thread.name} still running"


@pytest.mark.parametrize("mode", list(MODES))
def test_broken_keyring_gives_a_plain_message_and_a_session_only_key(
        mode: str, qtbot: Any, tmp_path: Path, sandbox: RunningSandbox) -> None:
    backend_type, expected = MODES[mode]
    keys = KeyStore(backend_type(), environ={}, timeout=0.3)
    window = build_window(qtbot, settings_in(tmp_path), keys, sandbox.base_url)
    if mode == "hanging backend":  # while the keyring call hangs, the window answers
        qtbot.waitUntil(HANGING.is_set, timeout=10_000)
        qtbot.keyClicks(ui.quick_filter(window), "Tapir")
        assert ui.quick_filter(window).text() == "Tapir"
        ui.quick_filter(window).clear()

    # No key could be read: the dialog says why, plainly.
    qtbot.waitUntil(lambda: ui.key_dialog(window) is not None, timeout=10_000)
    dialog = ui.key_dialog(window)
    assert dialog is not None
    reason = dialog.reasonLabel.text()
    assert expected in reason, reason
    assert "Traceback" not in reason and "keyring.errors" not in reason
    qtbot.keyClicks(dialog.apiKeyEdit, KEY)
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        dialog.saveButton.click()

    # The key works, for this session only, and the status bar says so.
    assert ui.model(window).rowCount() == 20
    lookup = keys.get("production")
    assert (lookup.key, lookup.source) == (KEY, KeySource.SESSION)
    assert keys.session_only and keys.problem == expected
    assert_not_shown([KEY], window)
    assert files_containing([KEY]) == []  # never a plaintext fallback

    # No keyring call ever ran on the GUI thread.
    assert threading.main_thread() not in CALLERS
    window.close()
