"""The import dialog's sending page: the progress bar with the count and the ETA, the
quota's notice, Pause/Resume and Cancel, the rows that need the user's decision (sent,
the answer lost, several pets on the service could be it), the result and "Save
report…"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.localize import localized, summary_text
from petdesk.gui.importing.pages import plain_label

if TYPE_CHECKING:
    from petdesk.services.importing.service import ImportStatus, PendingDecision

__all__ = ["DecisionsPanel", "SendingPage"]

#: The decisions table's columns.
D_ROW, D_NAME, D_ANSWER = range(3)


class DecisionsPanel(QWidget):
    """Rows awaiting the user's decision, one combo each ("Yes, it is ID 12" / "No:
    send it again"); :attr:`decided` carries ``[(local_id, pet_id or None), …]``."""

    decided = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._pending: tuple[PendingDecision, ...] = ()
        self.questionLabel = plain_label("decisionsLabel", wrap=True)
        self.table = QTableWidget(0, 3)
        self.table.setObjectName("decisionsTable")
        self.table.setHorizontalHeaderLabels([self.tr("Row"), self.tr("Name"),
                                              self.tr("Is it one of these pets?")])
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(
            D_ANSWER, QHeaderView.ResizeMode.Stretch)
        self.table.setMaximumHeight(160)
        self.applyButton = QPushButton(self.tr("Apply answers"))
        self.applyButton.setObjectName("applyDecisionsButton")
        self.applyButton.clicked.connect(self._apply)
        self.firstAllButton = QPushButton(self.tr("All: the first matching pet"))
        self.firstAllButton.setObjectName("firstMatchAllButton")
        self.firstAllButton.clicked.connect(lambda: self._all(first=True))
        self.againAllButton = QPushButton(self.tr("All: none of them, send again"))
        self.againAllButton.setObjectName("sendAgainAllButton")
        self.againAllButton.clicked.connect(lambda: self._all(first=False))
        buttons = QHBoxLayout()
        buttons.addWidget(self.applyButton)
        buttons.addStretch(1)
        buttons.addWidget(self.firstAllButton)
        buttons.addWidget(self.againAllButton)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.questionLabel)
        layout.addWidget(self.table)
        layout.addLayout(buttons)
        self.hide()

    def show_pending(self, pending: tuple[PendingDecision, ...]) -> None:
        """Show these rows (kept as they are when the same rows come again, so a choice
        being made is not reset by the next progress report)."""
        if [p.local_id for p in pending] == [p.local_id for p in self._pending]:
            return
        self._pending = pending
        self.table.setRowCount(len(pending))
        for row, item in enumerate(pending):
            self.table.setItem(row, D_ROW, QTableWidgetItem(str(item.row)))
            self.table.setItem(row, D_NAME, QTableWidgetItem(item.name))
            combo = QComboBox()
            combo.addItem(self.tr("Choose…"), None)
            for pet_id in item.candidates:
                combo.addItem(localized(QT_TRANSLATE_NOOP(
                    "DecisionsPanel",
                    "Yes: it is pet {pet_id}").format(
                    pet_id=pet_id)), pet_id)
            combo.addItem(self.tr("No, none of them: send it again"), 0)
            combo.setToolTip(item.question)
            combo.currentIndexChanged.connect(lambda _i: self._update_apply())
            self.table.setCellWidget(row, D_ANSWER, combo)
        self.questionLabel.setText(localized(QT_TRANSLATE_NOOP(
            "DecisionsPanel",
            "{pending} rows were sent but the service's answer was lost, and it now has several "
            "pets that could be each of them. Say which pet each row is, or that none is "
            "(PetDesk then sends it again). Nothing else waits for this.").format(
            pending=len(pending)))
            if pending else "")
        self._update_apply()
        self.setVisible(bool(pending))

    def combo(self, row: int) -> QComboBox:
        widget = self.table.cellWidget(row, D_ANSWER)
        assert isinstance(widget, QComboBox)
        return widget

    def _choices(self) -> list[tuple[int, int | None]]:
        choices: list[tuple[int, int | None]] = []
        for row, item in enumerate(self._pending):
            answer = self.combo(row).currentData()
            if answer is not None:
                choices.append((item.local_id, int(answer) or None))
        return choices

    def _update_apply(self) -> None:
        self.applyButton.setEnabled(bool(self._choices()))

    def _apply(self) -> None:
        choices = self._choices()
        if choices:
            self.decided.emit(choices)

    def _all(self, *, first: bool) -> None:
        self.decided.emit([(item.local_id,
                            item.candidates[0] if first and item.candidates else None)
                           for item in self._pending])


class SendingPage(QWidget):
    """Step 4. The dialog connects the buttons and calls :meth:`show_status`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sendingTitle = plain_label("sendingTitle")
        self.progressBar = QProgressBar()
        self.progressBar.setObjectName("importProgress")
        self.progressLabel = plain_label("progressLabel")
        self.quotaLabel = plain_label("quotaNotice", wrap=True)
        self.resultLabel = plain_label("resultLabel", wrap=True)
        self.decisions = DecisionsPanel()
        self.noteLabel = note = QLabel(self.tr(
            "You can close this dialog and go on working: PetDesk keeps sending, and "
            "finishes after a restart if it must."))
        note.setObjectName("keepsSendingNote")
        note.setWordWrap(True)
        self.pauseButton = QPushButton(self.tr("Pause"))
        self.pauseButton.setObjectName("pauseButton")
        self.cancelImportButton = QPushButton(self.tr("Cancel import"))
        self.cancelImportButton.setObjectName("cancelImportButton")
        self.saveReportButton = QPushButton(self.tr("Save report…"))
        self.saveReportButton.setObjectName("saveReportButton")
        self.newImportButton = QPushButton(self.tr("Import another file…"))
        self.closeButton = QPushButton(self.tr("Close"))
        buttons = QHBoxLayout()
        for button in (self.pauseButton, self.cancelImportButton, self.saveReportButton,
                       self.newImportButton):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.closeButton)
        layout = QVBoxLayout(self)
        for widget in (self.sendingTitle, self.progressBar, self.progressLabel,
                       self.quotaLabel, self.decisions, self.resultLabel, note):
            layout.addWidget(widget)
        layout.addStretch(1)
        layout.addLayout(buttons)

    def show_status(self, status: ImportStatus) -> None:
        progress = status.progress
        if not self.sendingTitle.text():
            self.sendingTitle.setText(self.tr("Sending an import"))
        self.progressBar.setRange(0, max(1, progress.total))
        self.progressBar.setValue(progress.done)
        self.progressLabel.setText(localized(status.text))
        self.quotaLabel.setText(localized(status.notice))
        self.quotaLabel.setVisible(bool(status.notice))
        self.decisions.show_pending(status.decisions)
        self.pauseButton.setText(self.tr("Resume") if progress.paused else self.tr("Pause"))
        self.pauseButton.setEnabled(not status.finished)
        self.cancelImportButton.setEnabled(not status.finished)
        self.saveReportButton.setEnabled(True)
        self.newImportButton.setVisible(status.finished)
        self.noteLabel.setVisible(not status.finished)  # nothing is being sent any more
        self.resultLabel.setText(localized(QT_TRANSLATE_NOOP(
            "SendingPage",
            "Done: {report}.").format(
            report=summary_text(status.report)))
                                 if status.finished else "")

    def add_result_line(self, text: str) -> None:
        self.resultLabel.setText(self.resultLabel.text() + "\n" + text)
