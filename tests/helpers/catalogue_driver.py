"""The catalogue driven as the user does: switched on in Settings, filled on the fake
clock, searched in Find any animal (Ctrl+Shift+F) and through the quick filter; and what
the status bar's catalogue line then says."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel

from petdesk.core.status_messages import MessageKind
from petdesk.gui.catalogue.search_dialog import CatalogueDialog
from petdesk.gui.main_window import MainWindow
from petdesk.gui.worker.stepper import StepTimer
from tests.gui.catalogue.conftest import PETS
from tests.gui.conftest import FakeClock, Sandbox
from tests.helpers import ui
from tests.helpers.drive import open_settings, shortcut, visible_dialog


class FakeStepTimer(StepTimer):
    """The catalogue's timer on the fake clock: a wait up to ``auto`` seconds passes at
    once (the clock moves on); a longer one (the next scheduled update) is held until
    the test lets it pass (:meth:`elapse`)."""

    def __init__(self, clock: FakeClock, parent: QObject | None = None,
                 auto: float = 120.0) -> None:
        super().__init__(parent)
        self._clock = clock
        self._auto = auto
        self.held: float | None = None
        self.waited = 0.0

    def start(self, seconds: float) -> None:
        self.held = None
        if seconds > self._auto:
            self.held = seconds
            return
        self._clock.advance(seconds)
        self.waited += seconds
        QTimer.singleShot(0, self, self.timeout.emit)

    def stop(self) -> None:
        self.held = None

    def elapse(self) -> None:
        assert self.held is not None, "no wait is held"
        seconds, self.held = self.held, None
        self._clock.advance(seconds)
        self.timeout.emit()


def catalogue_line(window: MainWindow) -> str:
    return ui.status_bar(window).text_of(MessageKind.CATALOGUE)


def catalogue_details(window: MainWindow) -> str:
    return next(m.details for m in ui.status_bar(window).messages
                if m.kind is MessageKind.CATALOGUE)


def open_window(make_window: Callable[..., MainWindow], box: Sandbox,
                clock: FakeClock) -> tuple[MainWindow, FakeStepTimer]:
    timer = FakeStepTimer(clock)
    window = make_window(box, catalogue_timer=timer)
    return window, timer


def switch_on(qtbot: Any, window: MainWindow) -> None:
    """File › Settings…, tick "Keep a copy of the whole catalogue", OK."""
    dialog = open_settings(qtbot, window)
    box = dialog.catalogueBox
    assert not box.enabledCheck.isChecked()
    assert not box.updateSpin.isEnabled()
    qtbot.mouseClick(box.enabledCheck, Qt.MouseButton.LeftButton)
    assert box.updateSpin.isEnabled()
    assert box.updateSpin.value() == 30  # minutes, the default schedule
    assert box.shareSpin.value() == 25
    assert "never uses more than 250 requests a day" in box.costLabel.text()
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def wait_complete(qtbot: Any, window: MainWindow, count: int = PETS) -> None:
    qtbot.waitUntil(lambda: catalogue_line(window).startswith(
        f"Catalogue: {count:,} pets · complete as of"), timeout=60_000)


def fill(qtbot: Any, make_window: Callable[..., MainWindow], box: Sandbox,
         clock: FakeClock) -> tuple[MainWindow, FakeStepTimer]:
    window, timer = open_window(make_window, box, clock)
    switch_on(qtbot, window)
    wait_complete(qtbot, window)
    qtbot.waitUntil(lambda: timer.held is not None)  # the next update, scheduled
    return window, timer


def find_dialog(qtbot: Any, window: MainWindow) -> CatalogueDialog:
    shortcut(qtbot, window, "Ctrl+Shift+F")
    dialog = visible_dialog(qtbot, CatalogueDialog)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.searchEdit)
    return dialog


def result_names(dialog: CatalogueDialog, rows: int = 5) -> list[str]:
    model = dialog.model
    return [str(model.index(r, 1).data()) for r in range(min(rows, model.rowCount()))]


def match_line(window: MainWindow) -> str:
    """The line beside the footer's count, as shown ("" when hidden)."""
    label = window.findChild(QLabel, "catalogueMatchLabel")
    assert label is not None
    return str(label.text()) if label.isVisibleTo(window) else ""


def quick_filter(qtbot: Any, window: MainWindow) -> Any:
    """Ctrl+F: the quick filter, focused."""
    shortcut(qtbot, window, "Ctrl+F")
    edit = ui.quick_filter(window)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is edit)
    return edit
