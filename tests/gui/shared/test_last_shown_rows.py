"""A desk on the shared store (a real PostgreSQL server) starts with the rows it showed
last: painted from this computer's store file before the worker and the shared store
are opened, also when the shared store cannot be reached (then the desk says so)."""

from __future__ import annotations

import socket
from typing import Any

from petdesk.core.status_messages import MessageKind
from petdesk.gui.pets.pet_model import PetRole
from petdesk.gui.settings.settings import AppSettings, SharedStoreChoice
from petdesk.services.keys.keystore import KeyStore
from petdesk.services.pets.local_rows import StoredRow
from tests.gui.conftest import Sandbox
from tests.helpers import ui
from tests.helpers.drive import idle, shortcut
from tests.helpers.outbox_driver import names_shown
from tests.helpers.postgres import DESK_PASSWORD

DOWN = "Shared store not reachable — working on this computer's data"


def _stored_text(window: Any) -> str:
    return str(ui.status_bar(window).text_of(MessageKind.STORED_ROWS))


def _all_stored(window: Any) -> bool:
    model = ui.model(window)
    return model.rowCount() > 0 and all(
        isinstance(model.data(model.index(r, 0), PetRole), StoredRow)
        for r in range(model.rowCount()))


def _refused_address() -> str:
    """A PostgreSQL address nothing listens on (a server that is down)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"postgresql://desk@127.0.0.1:{port}/petdesk?sslmode=disable"


def _a_session_on_the_shared_store(qtbot: Any, box: Sandbox, make_window: Any,
                                   settings: AppSettings, keystore: KeyStore,
                                   address: str) -> list[str]:
    """The desk on the shared store shows its first page and quits; what it showed."""
    settings.shared_store = SharedStoreChoice(address, True)
    keystore.set_shared_password(DESK_PASSWORD)
    first = make_window(box)
    shown = names_shown(first)
    assert len(shown) == 20
    idle(qtbot, first)  # the page is kept for the next start once it is shown
    assert ui.status_bar(first).text_of(MessageKind.SHARED_STORE_DOWN) == ""
    first.close()
    return shown


def test_a_desk_on_the_shared_store_starts_with_the_rows_it_showed_last(
        qtbot: Any, loopback: Sandbox, make_window: Any, settings: AppSettings,
        keystore: KeyStore, postgres_address: str) -> None:
    before = _a_session_on_the_shared_store(qtbot, loopback, make_window, settings,
                                            keystore, postgres_address)

    window = make_window(loopback, wait=False, autoload=False)

    qtbot.waitUntil(lambda: names_shown(window) == before, timeout=10_000)
    assert _all_stored(window)
    assert _stored_text(window).startswith("As of ")
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        shortcut(qtbot, window, "F5")
    assert _stored_text(window) == ""
    assert names_shown(window) == before and not _all_stored(window)
    assert ui.status_bar(window).text_of(MessageKind.SHARED_STORE_DOWN) == ""


def test_a_desk_whose_shared_store_is_down_shows_its_last_known_rows_and_says_so(
        qtbot: Any, loopback: Sandbox, make_window: Any, settings: AppSettings,
        keystore: KeyStore, postgres_address: str) -> None:
    before = _a_session_on_the_shared_store(qtbot, loopback, make_window, settings,
                                            keystore, postgres_address)
    settings.shared_store = SharedStoreChoice(_refused_address(), True)

    window = make_window(loopback, wait=False, autoload=False)

    bar = ui.status_bar(window)
    qtbot.waitUntil(lambda: names_shown(window) == before, timeout=10_000)
    assert _all_stored(window)
    assert _stored_text(window).startswith("As of ")
    qtbot.waitUntil(lambda: bar.text_of(MessageKind.SHARED_STORE_DOWN) != "", timeout=15_000)
    assert bar.text_of(MessageKind.SHARED_STORE_DOWN) == DOWN
    assert names_shown(window) == before and _all_stored(window)
