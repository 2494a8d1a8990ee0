"""Ban avoidance through the whole app: the user hammers Refresh, F5,
Add pet and look-up during a rate-limit cooldown. The real main window, over loopback,
judged by the sandbox's own counters (a ban on the first early request) and by the
hostile server's ban watcher."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from petdesk.core.status_messages import MessageKind
from petdesk.gui.main_window import MainWindow
from petdesk.sandbox import FaultKind, SandboxConfig
from petdesk.services.keys.keystore import KeyStore, MemoryKeyring
from tests.helpers import ui
from tests.helpers.sandbox_server import RunningSandbox, start_server
from tests.helpers.sandbox_store import every_pet
from tests.reliability.app_support import build_window, settings_in
from tests.reliability.conftest import KEY
from tests.reliability.hostile import HostileServer, QuotaScript


@pytest.fixture
def keys() -> KeyStore:
    backend = MemoryKeyring()
    backend.set_password("petdesk", "production", KEY)
    return KeyStore(backend, environ={}, timeout=2.0)


@pytest.fixture
def strict_sandbox() -> Iterator[RunningSandbox]:
    config = SandboxConfig(api_keys=(KEY,), requests_per_window=1000, requests_per_day=100_000,
                           ban_after_early_requests=1, ban_seconds=60)
    with start_server(config) as box:
        yield box


def hammer(qtbot: Any, window: MainWindow, name: str) -> None:
    """What an impatient user does during a cooldown."""
    for _ in range(4):
        qtbot.mouseClick(ui.refresh_button(window), Qt.MouseButton.LeftButton)
    qtbot.keyClick(ui.table(window), Qt.Key.Key_F5)
    ui.lookup_edit(window).setText("3")
    qtbot.keyClick(ui.lookup_edit(window), Qt.Key.Key_Return)
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    dialog = ui.add_dialog(window)
    assert dialog is not None
    qtbot.keyClicks(dialog.nameEdit, name)
    qtbot.keyClicks(dialog.categoryIdEdit, "5")
    qtbot.mouseClick(dialog.submitButton, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.submitButton, Qt.MouseButton.LeftButton)  # double click
    for _ in range(3):
        qtbot.mouseClick(ui.refresh_button(window), Qt.MouseButton.LeftButton)


def test_user_hammering_during_a_sandbox_cooldown_never_sends_early(
        qtbot: Any, tmp_path: Path, keys: KeyStore, strict_sandbox: RunningSandbox) -> None:
    window = build_window(qtbot, settings_in(tmp_path), keys, strict_sandbox.base_url)
    qtbot.waitUntil(lambda: ui.model(window).rowCount() == 20, timeout=10_000)
    strict_sandbox.app.faults.fail_next(FaultKind.RATE_LIMIT)
    with qtbot.waitSignal(ui.worker(window).waitStarted, timeout=10_000):
        qtbot.mouseClick(ui.refresh_button(window), Qt.MouseButton.LeftButton)
    assert "Rate limited" in ui.status_bar(window).text_of(MessageKind.WAIT)
    hammer(qtbot, window, "Hammer Time")
    assert "queued" in ui.status_bar(window).text_of(MessageKind.WAIT)
    qtbot.waitUntil(lambda: not ui.worker(window).busy, timeout=15_000)

    counters = strict_sandbox.app.counters(KEY)
    assert counters.early_requests == 0, counters
    assert counters.bans == 0, counters
    created = [p for p in every_pet(strict_sandbox.store) if p.name == "Hammer Time"]
    assert len(created) == 1  # double click, queued behind a cooldown: still one pet
    assert ui.add_dialog(window) is None  # the form closed on success
    assert ui.status_bar(window).text_of(MessageKind.WAIT) == ""


def test_user_hammering_against_a_tight_quota_never_sends_early(
        qtbot: Any, tmp_path: Path, keys: KeyStore) -> None:
    """1 request per 2 s, no X-RateLimit headers: every queued click meets a 429 sooner
    or later; the ban watcher sees nothing inside any announced window. (The hammering
    sends at least three requests within well under a second, so two of them always
    share a window, wherever the windows' edges fall.)"""
    script = QuotaScript(per_window=1, retry_after=2, limit_headers=False)
    with HostileServer(script) as server:
        window = build_window(qtbot, settings_in(tmp_path), keys, server.base_url)
        qtbot.waitUntil(lambda: ui.model(window).rowCount() == 2, timeout=10_000)  # good() lists 2
        hammer(qtbot, window, "Quota Buster")
        qtbot.waitUntil(lambda: not ui.worker(window).busy, timeout=40_000)
        # An add the quota holds back waits in the outbox and is sent by itself.
        qtbot.waitUntil(lambda: server.count("POST") >= 1 and not ui.worker(window).busy,
                        timeout=40_000)
        assert script.limited >= 1, "the quota never ran out: the scenario tested nothing"
        assert server.early == [], [(s.method, s.path) for s in server.early]
        # A POST refused with 429 was not acted on and is sent again after the wait;
        # none is sent after one the server may have acted on: one pet at most.
        assert server.count("POST") >= 1 and server.posts_after_action() == 0
        assert ui.add_dialog(window) is None
        window.close()
