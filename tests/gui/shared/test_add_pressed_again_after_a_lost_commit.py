"""The shared store commits an add but its answer is lost (the line drops between the
COMMIT and its answer): the form says to press Add pet again, and pressing it finds
the add already kept: the pet is in the outbox once and on the service once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import psycopg
import pytest
from PySide6.QtCore import Qt

from petdesk.core.status_messages import MessageKind
from petdesk.gui.main_window import MainWindow
from petdesk.gui.settings.settings import AppSettings, SharedStoreChoice
from petdesk.services.keys.keystore import KeyStore
from tests.gui.conftest import Sandbox
from tests.helpers import ui
from tests.helpers.drive import idle, open_add_dialog
from tests.helpers.postgres import DESK_PASSWORD
from tests.helpers.sandbox_store import every_pet
from tests.helpers.tcp_cut import CuttableLine

pytestmark = pytest.mark.postgres

LOST = ("The shared store stopped answering before “{name}” was kept. PetDesk connects "
        "again by itself: press Add pet again.")


def _outbox_rows(address: str, name: str) -> list[tuple[object, ...]]:
    with psycopg.connect(address, password=DESK_PASSWORD, autocommit=True) as conn:
        return conn.execute("SELECT state FROM outbox WHERE name = %s ORDER BY local_id",
                            (name,)).fetchall()


def test_an_add_kept_though_its_answer_was_lost_is_added_once_when_pressed_again(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow],
        settings: AppSettings, keystore: KeyStore, postgres_line: CuttableLine,
        postgres_address: str) -> None:
    settings.shared_store = SharedStoreChoice(postgres_line.carry(postgres_address), True)
    keystore.set_shared_password(DESK_PASSWORD)
    window = make_window(loopback)
    idle(qtbot, window, timeout=15_000)
    bar = ui.status_bar(window)
    assert bar.text_of(MessageKind.SHARED_STORE_DOWN) == ""
    name = "Committed Rex"
    dialog = open_add_dialog(qtbot, window)
    qtbot.keyClicks(dialog.nameEdit, name)
    qtbot.keyClicks(dialog.categoryIdEdit, "2")
    postgres_line.lose_commit_answer(b"INSERT INTO outbox")

    with qtbot.waitSignal(ui.worker(window).finished, timeout=20_000):
        qtbot.keyClick(dialog.nameEdit, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: dialog.formError.isVisible(), timeout=5_000)
    assert dialog.formError.text() == LOST.format(name=name)
    assert dialog.isVisible() and dialog.nameEdit.text() == name
    assert _outbox_rows(postgres_address, name) != []  # kept, though the desk never heard
    qtbot.waitUntil(lambda: bar.message.startswith("Loaded "), timeout=20_000)  # back

    qtbot.mouseClick(dialog.submitButton, Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: ui.add_dialog(window) is None, timeout=20_000)
    idle(qtbot, window, timeout=15_000)
    assert ui.detail(window).nameValue.text() == name
    assert [p.name for p in every_pet(loopback.app.store)].count(name) == 1
    assert _outbox_rows(postgres_address, name) == [("sent",)]


def test_pressed_again_while_the_shared_store_is_down_it_waits_here_and_is_added_once(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow],
        settings: AppSettings, keystore: KeyStore, postgres_line: CuttableLine,
        postgres_address: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The COMMIT's answer lost and the line cut with it: pressed again on this
    computer's data, the pet waits here, is not sent from here (the shared store may
    hold it), and once the line is back it is on the service once."""
    monkeypatch.setattr("petdesk.gui.settings.shared_store.RETRY_MS", 200)
    settings.shared_store = SharedStoreChoice(postgres_line.carry(postgres_address), True)
    keystore.set_shared_password(DESK_PASSWORD)
    window = make_window(loopback)
    idle(qtbot, window, timeout=15_000)
    bar = ui.status_bar(window)
    name = "Cut-off Rex"
    dialog = open_add_dialog(qtbot, window)
    qtbot.keyClicks(dialog.nameEdit, name)
    qtbot.keyClicks(dialog.categoryIdEdit, "2")
    postgres_line.lose_commit_answer(b"INSERT INTO outbox", then_cut=True)
    with qtbot.waitSignal(ui.worker(window).finished, timeout=20_000):
        qtbot.keyClick(dialog.nameEdit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.formError.isVisible(), timeout=5_000)
    assert dialog.formError.text() == LOST.format(name=name)
    qtbot.waitUntil(lambda: bar.text_of(MessageKind.SHARED_STORE_DOWN) != "", timeout=20_000)

    qtbot.mouseClick(dialog.submitButton, Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: ui.add_dialog(window) is None, timeout=20_000)
    assert bar.message == (f"“{name}” waits on this computer until the shared store is "
                           "back: it may be there already, and is sent once from there.")
    assert [p.name for p in every_pet(loopback.app.store)].count(name) == 0
    postgres_line.join()
    qtbot.waitUntil(lambda: bar.text_of(MessageKind.SHARED_STORE_DOWN) == "", timeout=20_000)
    idle(qtbot, window, timeout=15_000)
    qtbot.waitUntil(lambda: _outbox_rows(postgres_address, name) == [("sent",)],
                    timeout=20_000)
    assert [p.name for p in every_pet(loopback.app.store)].count(name) == 1
