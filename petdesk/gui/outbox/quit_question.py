"""Quitting while adds wait to be sent: the user is told they are kept and sent at the
next start, and chooses Quit or Stay (Stay: PetDesk goes on trying to send them now).
Nothing is lost either way: the outbox is on disk."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6 import QtWidgets
from PySide6.QtCore import QObject

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import localized

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox, QWidget


class QuitQuestion(QObject):
    """Asks before ``window`` closes while ``pending()`` adds wait; ``close`` closes it
    for good."""

    def __init__(self, window: QWidget, pending: Callable[[], int],
                 close: Callable[[], object], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._window = window
        self._pending = pending
        self._close = close
        self.box: QMessageBox | None = None

    def ask(self) -> bool:
        """Adds wait: the question is shown (True); nothing waits: False."""
        count = self._pending()
        if not count:
            return False
        if self.box is not None:
            self.box.raise_()
            self.box.activateWindow()
            return True
        QMessageBox = QtWidgets.QMessageBox  # its class is made on first use, after the paint
        text = (self.tr("1 add is waiting to be sent. PetDesk keeps it and sends it the "
                        "next time it starts.") if count == 1 else
                localized(QT_TRANSLATE_NOOP(
                    "QuitQuestion",
                    "{count} adds are waiting to be sent. PetDesk keeps them and sends them the "
                    "next time it starts.").format(
                    count=count)))
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Quit PetDesk?"), text,
                          QMessageBox.StandardButton.NoButton, self._window)
        box.setObjectName("quitWithAddsBox")
        box.setInformativeText(self.tr("Stay to let PetDesk go on trying to send now."))
        quit_button = box.addButton(self.tr("&Quit"), QMessageBox.ButtonRole.AcceptRole)
        quit_button.setObjectName("quitButton")
        stay = box.addButton(self.tr("&Stay"), QMessageBox.ButtonRole.RejectRole)
        stay.setObjectName("stayButton")
        box.setDefaultButton(quit_button)  # nothing is lost by quitting
        box.setEscapeButton(stay)

        def answered() -> None:
            self.box = None
            box.deleteLater()
            if box.clickedButton() is quit_button:
                self._close()

        box.finished.connect(answered)
        self.box = box
        box.open()
        return True
