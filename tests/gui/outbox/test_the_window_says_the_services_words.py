"""What the window says about the outbox, being offline, the quota and the catalogue is the
sentence the Qt-free services write (and their unit tests check), in the user's
language: the window keeps no wording of its own for them.

The service is a real sandbox over loopback that the test stops (the service cannot
be reached); time is the FakeClock.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication

from petdesk.api import RateLimitSnapshot
from petdesk.core.datafiles import resources_dir
from petdesk.core.status_messages import MessageKind, StatusMessage
from petdesk.core.statuses import PetStatus
from petdesk.gui.common.localize import localized
from petdesk.gui.common.status_bar import PetStatusBar, localized_message
from petdesk.gui.common.translations import install_translations
from petdesk.gui.pets.pet_model import Column
from petdesk.services.catalogue.wording import CATALOGUE_OFF
from petdesk.services.desk import this_desk
from petdesk.services.outbox.wording import (
    offline_message,
    outbox_count_message,
    outbox_row_with_desk,
)
from petdesk.storage.rows import Draft, OutboxEntry, OutboxState
from tests.gui.conftest import FakeClock
from tests.gui.outbox.test_offline_outbox import Switchable, add_pet
from tests.helpers import ui
from tests.helpers.drive import shortcut
from tests.helpers.translations import remove_translations

#: A few of the sentences in German, so that the test knows they were translated.
GERMAN = {
    MessageKind.OFFLINE: "Offline — Tiere mit Stand ",
    MessageKind.OUTBOX: "1 Aufnahme wartet auf Senden",
    MessageKind.CATALOGUE: "Katalog: aus (Datei › Einstellungen…)",
}


@pytest.fixture
def service(clock: FakeClock) -> Iterator[Switchable]:
    switchable = Switchable(clock)
    yield switchable
    switchable.close()


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """The window's language, installed before the window is built (as at start-up)."""
    before = QLocale()
    installed = [] if request.param == "en" else install_translations(
        qapp, request.param, resources_dir())
    yield request.param
    remove_translations(qapp, installed)
    QLocale.setDefault(before)


def bar_message(window: Any, kind: MessageKind) -> StatusMessage:
    return next(m for m in ui.status_bar(window).messages if m.kind is kind)


def status_of(window: Any, name: str) -> str:
    model = ui.model(window)
    row = next(r for r in range(model.rowCount())
               if model.data(model.index(r, Column.NAME)) == name)
    return str(model.data(model.index(row, Column.STATUS)))


def test_the_window_shows_the_outbox_and_offline_sentences_of_the_services(
        qtbot: Any, service: Switchable, make_window: Any, clock: FakeClock,
        language: str) -> None:
    window = make_window(service.box)
    loaded_at = clock.time()  # the fake clock stands still: the first page's time
    catalogue = bar_message(window, MessageKind.CATALOGUE)
    assert catalogue.text == localized(CATALOGUE_OFF)

    service.stop()
    shortcut(qtbot, window, "F5")
    qtbot.waitUntil(lambda: ui.status_bar(window).text_of(MessageKind.OFFLINE) != "",
                    timeout=10_000)
    offline = bar_message(window, MessageKind.OFFLINE)
    assert offline == localized_message(offline_message(loaded_at, clock.time()))

    add_pet(qtbot, window, "Quillon")
    outbox = bar_message(window, MessageKind.OUTBOX)
    expected = outbox_count_message(1)
    assert expected is not None
    assert outbox == localized_message(expected)
    desk = this_desk()  # the window's store records this computer and its user
    waiting = OutboxEntry(1, "production", Draft("Quillon", 2, PetStatus.AVAILABLE),
                          OutboxState.WAITING, 0, 0, desk=desk)
    assert status_of(window, "Quillon") == localized(outbox_row_with_desk(waiting))

    if language == "en":  # the services' own (English) sentences, as their tests read them
        assert (offline.text, outbox.text, catalogue.text) == (
            offline_message(loaded_at, clock.time()).text, "1 add waiting to send",
            "Catalogue: off (File › Settings…)")
        assert status_of(window, "Quillon") == f"Waiting to send · {desk.name} ({desk.user})"
    else:
        assert offline.text.startswith(GERMAN[MessageKind.OFFLINE])
        assert outbox.text == GERMAN[MessageKind.OUTBOX]
        assert catalogue.text == GERMAN[MessageKind.CATALOGUE]
        assert status_of(window, "Quillon") == f"Wartet auf Senden · {desk.name} ({desk.user})"


def test_the_quota_line_shows_the_clients_figures(
        qtbot: Any, clock: FakeClock, language: str) -> None:
    bar = PetStatusBar(clock=clock)
    qtbot.addWidget(bar)
    now = datetime.fromtimestamp(clock.time(), UTC)
    snapshot = RateLimitSnapshot(60, 57, now + timedelta(seconds=30), now)
    bar.set_quota(snapshot)
    quota = bar.text_of(MessageKind.QUOTA)
    figures, resets = localized(snapshot.figures()), localized(snapshot.resets())
    assert f"{figures} · {resets}" in quota
    expected = ("57/60 left", "resets ") if language == "en" else ("57/60 übrig", "erneuert um ")
    assert figures == expected[0] and resets.startswith(expected[1])
