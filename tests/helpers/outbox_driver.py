"""The outbox's user paths: a loopback service that can go away and come back, an add
through the form, and what the table and the status bar then say."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from petdesk.core.status_messages import MessageKind
from petdesk.gui.pets.pet_model import Column
from petdesk.sandbox import Store
from tests.gui.conftest import FakeClock, Sandbox, _config
from tests.helpers import ui
from tests.helpers.drive import open_add_dialog, type_text
from tests.helpers.sandbox_server import RunningSandbox, start_server
from tests.helpers.sandbox_store import every_pet


class Switchable:
    """A loopback sandbox that can be stopped (the service is unreachable) and started
    again on the same address, with the same pets."""

    def __init__(self, clock: FakeClock) -> None:
        self._clock = clock
        self.store = Store(None)
        self.running: RunningSandbox | None = None
        self.port = 0
        self.start()
        assert self.running is not None
        self.box = Sandbox("loopback", self.running.app, self.running.base_url)

    def start(self) -> None:
        self.running = start_server(_config(), self.store, port=self.port,
                                    clock=self._clock.time)
        self.port = self.running.port

    def stop(self) -> None:
        assert self.running is not None
        self.running.stop()
        self.running = None

    def names(self) -> list[str]:
        return [p.name for p in every_pet(self.store)]

    def close(self) -> None:
        if self.running is not None:
            self.running.stop()
        self.store.close()


def status_cells(window: Any) -> list[tuple[str, str]]:
    model = ui.model(window)
    return [(model.data(model.index(row, Column.NAME)),
             model.data(model.index(row, Column.STATUS))) for row in range(model.rowCount())]


def waiting(window: Any) -> list[str]:
    """The adds shown as waiting (their cell goes on with the desk and user)."""
    return [name for name, status in status_cells(window)
            if status.startswith("Waiting to send")]


def add_pet(qtbot: Any, window: Any, name: str, category: str = "2") -> None:
    dialog = open_add_dialog(qtbot, window)
    type_text(qtbot, dialog.nameEdit, name)
    type_text(qtbot, dialog.categoryIdEdit, category)
    qtbot.mouseClick(dialog.submitButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: ui.add_dialog(window) is None, timeout=10_000)


def offline_text(window: Any) -> str:
    return str(ui.status_bar(window).text_of(MessageKind.OFFLINE))


def names_shown(window: Any) -> list[str]:
    return [name for name, _status in status_cells(window)]
