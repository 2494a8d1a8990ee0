"""A window whose desk uses a shared store on a real PostgreSQL server: set up from
Settings with a click, and the adds this computer kept moved there as it starts."""

from __future__ import annotations

import psycopg
from PySide6.QtCore import Qt

from petdesk.core.connection import Connection
from petdesk.core.status_messages import MessageKind
from petdesk.core.statuses import PetStatus
from petdesk.core.store_trouble import StoreTrouble
from petdesk.gui.settings.settings import AppSettings, SharedStoreChoice
from petdesk.services.cards.categories import CategoryTable, table_json
from petdesk.services.cards.shared_names import CATEGORIES_FACT
from petdesk.services.keys.keystore import KeyStore
from petdesk.services.shared.opening import open_postgres
from petdesk.storage.paths import store_file
from petdesk.storage.rows import Draft, OutboxState
from petdesk.storage.sqlite.store import open_store
from tests.gui.conftest import Sandbox
from tests.gui.shared.test_shared_store_settings import _ok, _shared_tab
from tests.helpers import ui
from tests.helpers.api_fakes import FakeClock
from tests.helpers.drive import type_text
from tests.helpers.postgres import DESK_PASSWORD


def _query(address: str, text: str) -> object:
    with psycopg.connect(address, password=DESK_PASSWORD, autocommit=True) as conn:
        row = conn.execute(text).fetchone()
    return None if row is None else row[0]


def test_setting_up_the_shared_store_with_test_connection_then_ok(
        qtbot, loopback: Sandbox, make_window, settings: AppSettings,
        keystore: KeyStore, postgres_address: str) -> None:
    window = make_window(loopback)
    dialog, page = _shared_tab(qtbot, window)
    type_text(qtbot, page.sharedAddressEdit, postgres_address)
    type_text(qtbot, page.sharedPasswordEdit, DESK_PASSWORD)

    qtbot.mouseClick(page.sharedTestButton, Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: "not a PetDesk database yet" in page.sharedResultLabel.text(),
                    timeout=15_000)
    qtbot.mouseClick(page.sharedStoreCheck, Qt.MouseButton.LeftButton)
    _ok(qtbot, dialog)

    assert settings.shared_store == SharedStoreChoice(postgres_address, True)
    qtbot.waitUntil(lambda: _query(postgres_address,
                                   "SELECT to_regclass('schema_version')") is not None,
                    timeout=15_000)  # the desk opened it: PetDesk set it up
    assert keystore.shared_password().key == DESK_PASSWORD
    assert ui.status_bar(window).text_of(MessageKind.SHARED_STORE_DOWN) == ""


def test_a_desk_starting_on_the_shared_store_moves_the_adds_it_kept_there(
        qtbot, loopback: Sandbox, make_window, settings: AppSettings,
        keystore: KeyStore, postgres_address: str) -> None:
    local = open_store(store_file(Connection("production", loopback.base_url)),
                       "production", clock=FakeClock()).store
    local.outbox.queue(Draft("Kept here", 1, PetStatus.AVAILABLE))
    local.close()
    settings.shared_store = SharedStoreChoice(postgres_address, True)
    keystore.set_shared_password(DESK_PASSWORD)

    make_window(loopback)

    qtbot.waitUntil(lambda: _query(
        postgres_address,
        "SELECT count(*) FROM outbox WHERE origin LIKE 'desk-move:%'") == 1, timeout=15_000)
    local = open_store(store_file(Connection("production", loopback.base_url)),
                       "production", clock=FakeClock()).store
    assert [e.state for e in local.outbox.entries(include_finished=True)] == [
        OutboxState.CANCELLED]
    local.close()


def test_a_desk_refused_by_the_shared_store_says_so_and_rejoins_with_the_new_password(
        qtbot, loopback: Sandbox, make_window, settings: AppSettings,
        keystore: KeyStore, postgres_address: str) -> None:
    settings.shared_store = SharedStoreChoice(postgres_address, True)
    keystore.set_shared_password("the-old-password")
    window = make_window(loopback)
    bar = ui.status_bar(window)
    qtbot.waitUntil(lambda: bar.text_of(MessageKind.SHARED_STORE_DOWN) != "", timeout=15_000)
    assert bar.text_of(MessageKind.SHARED_STORE_DOWN) == (
        "Shared store refused the sign-in — working on this computer's data")
    dialog, page = _shared_tab(qtbot, window)

    type_text(qtbot, page.sharedPasswordEdit, DESK_PASSWORD)
    _ok(qtbot, dialog)

    qtbot.waitUntil(lambda: bar.text_of(MessageKind.SHARED_STORE_DOWN) == "", timeout=15_000)
    assert _query(postgres_address, "SELECT to_regclass('schema_version')") is not None


def test_a_desk_on_the_shared_store_shows_the_category_names_another_desk_gave(
        qtbot, loopback: Sandbox, make_window, settings: AppSettings,
        keystore: KeyStore, postgres_address: str) -> None:
    other_desk = open_postgres(postgres_address, DESK_PASSWORD, "production", FakeClock())
    assert not isinstance(other_desk, StoreTrouble)
    other_desk.meta.set_fact(CATEGORIES_FACT, table_json(CategoryTable({1: "Dogs"})))
    other_desk.close()
    settings.shared_store = SharedStoreChoice(postgres_address, True)
    keystore.set_shared_password(DESK_PASSWORD)

    window = make_window(loopback)

    qtbot.waitUntil(lambda: ui.categories(window).label(1) == "Dogs (1)", timeout=15_000)
