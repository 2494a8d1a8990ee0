"""The status bar (``statusBar``)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

from petdesk.ui.status_bar import PetStatusBar


class _LayoutRequests(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def test_busy_on_and_off_moves_and_relays_out_nothing(qtbot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    bar = PetStatusBar()
    window.setStatusBar(bar)
    window.setCentralWidget(QLabel("table"))
    window.resize(900, 200)
    window.show()
    qtbot.waitExposed(window)
    bar.show_activity("Ready")
    QApplication.processEvents()
    message, height = bar.messageLabel.geometry(), bar.height()
    requests = _LayoutRequests()
    window.installEventFilter(requests)
    bar.installEventFilter(requests)
    for busy in (True, False, True):
        bar.set_busy(busy)
        QApplication.processEvents()
        assert bar.busyIndicator.isVisibleTo(window) is busy
        assert bar.stopButton.isVisibleTo(window) is busy
        assert bar.messageLabel.geometry() == message and bar.height() == height
    assert requests.count == 0
