"""The crash dialog: "PetDesk ran into a problem", the technical details, Copy details,
Close (shown by :class:`petdesk.gui.common.crash.CrashHandler`)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from petdesk.gui.common.accessibility import make_accessible

__all__ = ["CrashDialog"]


class CrashDialog(QDialog):
    """"PetDesk ran into a problem", the technical details, Copy details, Close."""

    detailsEdit: QPlainTextEdit
    copyButton: QPushButton

    def __init__(self, details: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("crashDialog")
        self.setWindowTitle(self.tr("PetDesk ran into a problem"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        message = QLabel(self.tr(
            "Something unexpected went wrong inside PetDesk. You can keep working: "
            "what you typed is still there. If it happens again, copy the details "
            "below and send them to your support contact."))
        message.setObjectName("crashMessage")
        message.setWordWrap(True)
        self.detailsEdit = QPlainTextEdit(details)
        self.detailsEdit.setObjectName("crashDetails")
        self.detailsEdit.setAccessibleName(self.tr("Technical details"))
        self.detailsEdit.setReadOnly(True)
        self.detailsEdit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.detailsEdit.setMinimumHeight(180)
        self.copyButton = QPushButton(self.tr("&Copy details"))
        self.copyButton.setObjectName("copyDetailsButton")
        self.copyButton.clicked.connect(self.copy_details)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.copyButton, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(message)
        layout.addWidget(self.detailsEdit, 1)
        layout.addWidget(buttons)
        self.setMinimumWidth(520)
        make_accessible(self)

    @property
    def details(self) -> str:
        return self.detailsEdit.toPlainText()

    def append(self, details: str) -> None:
        self.detailsEdit.appendPlainText("\n" + details)

    def copy_details(self) -> None:
        QApplication.clipboard().setText(self.details)
        self.copyButton.setText(self.tr("Copied"))
