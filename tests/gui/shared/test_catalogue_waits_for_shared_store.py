"""The catalogue of a desk set up for a shared store is kept there, filled once for every
desk with the shelter's one key: while the shared store is down the window fetches no
catalogue page into this computer's store (neither by itself nor on Update now) and its
catalogue line says it waits for the shared store; once the desk is back on the shared
store (a real PostgreSQL server), found again by itself, the catalogue fills there."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from psycopg import sql
from PySide6.QtCore import Qt

from petdesk.core.status_messages import MessageKind
from petdesk.gui.main_window import MainWindow
from petdesk.gui.settings.settings import AppSettings, CatalogueChoice, SharedStoreChoice
from petdesk.services.keys.keystore import KeyStore
from tests.gui.conftest import FakeClock, Sandbox
from tests.helpers import ui
from tests.helpers.catalogue_driver import catalogue_line, find_dialog, open_window
from tests.helpers.drive import idle, shortcut
from tests.helpers.postgres import DESK_PASSWORD, PostgresServer

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
    qtbot.waitUntil(lambda: dialog.noteLabel.text() == (
        "0 pets · searched 0 pets on this computer; the catalogue waits for the shared store"))
    qtbot.mouseClick(dialog.updateButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bar.text_of(MessageKind.ACTIVITY) == NOT_UPDATED, timeout=10_000)
    shortcut(qtbot, window, "Ctrl+Shift+U")  # View › Update catalogue now
    qtbot.waitUntil(lambda: bar.text_of(MessageKind.ACTIVITY) == NOT_UPDATED, timeout=10_000)
    idle(qtbot, window)

    assert loopback.requests() == 1  # the list's first page; not one catalogue page
    assert catalogue_line(window).startswith(WAITS)
    assert dialog.catalogueLabel.text().startswith(WAITS)


def test_once_the_shared_store_is_back_the_catalogue_fills_there(
        qtbot: Any, loopback: Sandbox, make_window: Callable[..., MainWindow],
        settings: AppSettings, keystore: KeyStore, clock: FakeClock,
        postgres_server: PostgresServer, postgres_address: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("petdesk.gui.settings.shared_store.RETRY_MS", 200)
    database = postgres_address.rsplit("/", 1)[1].split("?")[0]
    settings.catalogue = CatalogueChoice(enabled=True)
    settings.shared_store = SharedStoreChoice(postgres_address, enabled=True)
    keystore.set_shared_password(DESK_PASSWORD)
    with _database_away(postgres_server, database):  # the shared store is down
        window, _timer = open_window(make_window, loopback, clock)
        bar = ui.status_bar(window)
        qtbot.waitUntil(lambda: catalogue_line(window).startswith(WAITS), timeout=15_000)
        assert loopback.requests() == 1  # the list's first page only

    # The shared store is back: the desk finds it again by itself and fills it there.
    qtbot.waitUntil(lambda: bar.text_of(MessageKind.SHARED_STORE_DOWN) == "", timeout=15_000)
    qtbot.waitUntil(lambda: " · complete as of " in catalogue_line(window), timeout=30_000)
    assert catalogue_line(window).startswith(f"Catalogue: {loopback.app.store.count():,} pets")
    assert loopback.requests() > 1


@contextlib.contextmanager
def _database_away(server: PostgresServer, database: str) -> Iterator[None]:
    """The shared store's database cannot be reached until the block ends."""
    away = f"{database}_away"
    with server.admin() as conn:
        conn.execute(sql.SQL("ALTER DATABASE {} RENAME TO {}").format(
            sql.Identifier(database), sql.Identifier(away)))
    try:
        yield
    finally:
        with server.admin() as conn:
            conn.execute(sql.SQL("ALTER DATABASE {} RENAME TO {}").format(
                sql.Identifier(away), sql.Identifier(database)))
