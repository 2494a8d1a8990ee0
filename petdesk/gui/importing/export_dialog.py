"""Pets › Export…: the current list's every pet (all its pages, paced by the quota) or
only the selected rows, to CSV (UTF-8 with BOM, for Excel) or xlsx.

The pages are fetched and the file written on the worker (the controller), with the
count shown as it grows and Cancel; a cancelled or failed export leaves no half file.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Final

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from petdesk.core.errors import RequestCancelled
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.common.accessibility import make_accessible
from petdesk.gui.common.file_folders import FileFolders, FileKind
from petdesk.gui.common.localize import localized, number
from petdesk.gui.common.status_look import status_text
from petdesk.gui.importing.controller import ImportController, ProgressRelay
from petdesk.services.importing.errors import ImportCancelled

if TYPE_CHECKING:
    from petdesk.api.models import Pet
    from petdesk.core.statuses import PetStatus
    from petdesk.gui.worker.worker import Job
    from petdesk.services.importing.control import StepProgress

__all__ = ["ExportDialog", "ask_export_path", "ask_table_path"]

EXPORT_FILTER: Final = QT_TRANSLATE_NOOP(
    "ExportDialog", "CSV, UTF-8 (*.csv);;Excel workbook (*.xlsx)")


def ask_table_path(parent: QWidget, title: str, suggested: str,
                   file_filter: str) -> Path | None:
    """Qt's save dialog for a CSV or xlsx file: a name ending in neither gets the
    suggested name's suffix; ``None`` when the user cancelled."""
    chosen, _ = QFileDialog.getSaveFileName(parent, title, suggested, file_filter)
    if not chosen:
        return None
    path = Path(chosen)
    return path if path.suffix.lower() in (".csv", ".xlsx") else path.with_name(
        path.name + Path(suggested).suffix)


def ask_export_path(parent: QWidget, folders: FileFolders) -> Path | None:
    """Where to export: CSV unless the name ends in .xlsx."""
    path = ask_table_path(parent, QCoreApplication.translate("ExportDialog", "Export pets to"),
                          folders.suggest(FileKind.EXPORT, "pets.csv"),
                          QCoreApplication.translate("ExportDialog", EXPORT_FILTER))
    if path is not None:
        folders.remember(FileKind.EXPORT, path)
    return path


class ExportDialog(QDialog):
    """See the module docstring. ``status``: the current list's filter; ``selected``:
    the selected rows' pets; ``folders``: where the file dialog opens."""

    def __init__(self, controller: ImportController, status: PetStatus | None,
                 selected: list[Pet], folders: FileFolders,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._folders = folders
        self.setObjectName("exportDialog")
        self.setWindowTitle(self.tr("Export pets"))
        self._controller = controller
        self._status = status
        self._selected = selected
        self._job: Job | None = None
        which = (localized(QT_TRANSLATE_NOOP("ExportDialog", "status “{status}”").format(
            status=status_text(status))) if status
                 else self.tr("all statuses"))
        self.allButton = QRadioButton(
            localized(QT_TRANSLATE_NOOP(
                "ExportDialog",
                "Every pet of the current list ({which}), all pages").format(
                which=which)))
        self.selectedButton = QRadioButton(
            localized(QT_TRANSLATE_NOOP(
                "ExportDialog",
                "Only the selected rows ({selected})").format(
                selected=len(selected))))
        self.selectedButton.setEnabled(bool(selected))
        (self.selectedButton if len(selected) > 1 else self.allButton).setChecked(True)
        self.progressBar = QProgressBar()
        self.progressBar.setAccessibleName(self.tr("Export progress"))
        self.progressBar.setRange(0, 0)
        self.progressBar.hide()
        self.resultLabel = QLabel()
        self.resultLabel.setObjectName("exportResult")
        self.resultLabel.setWordWrap(True)
        self.resultLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.exportButton = QPushButton(self.tr("Export…"))
        self.exportButton.setObjectName("exportButton")
        self.exportButton.setDefault(True)
        self.exportButton.clicked.connect(self.export)
        self.cancelButton = QPushButton(self.tr("Cancel"))
        self.cancelButton.setObjectName("cancelExportButton")
        self.cancelButton.setEnabled(False)
        self.cancelButton.clicked.connect(self._cancel)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.close)
        note = QLabel(self.tr("CSV files open in Excel with every accent intact; the whole "
                              "list is fetched page by page at the pace your plan allows."))
        note.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.exportButton)
        buttons.addWidget(self.cancelButton)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        for widget in (self.allButton, self.selectedButton, note, self.progressBar,
                       self.resultLabel):
            layout.addWidget(widget)
        layout.addLayout(buttons)
        make_accessible(self)

    def export(self) -> None:
        path = ask_export_path(self, self._folders)
        if path is None:
            return
        relay = ProgressRelay(self)
        relay.reported.connect(self._progress)
        self.progressBar.show()
        self.exportButton.setEnabled(False)
        self.cancelButton.setEnabled(True)
        self.resultLabel.setText(self.tr("Exporting…"))
        if self.selectedButton.isChecked():
            self._job = self._controller.export_pets(
                list(self._selected), path, relay,
                lambda rows: self._done(path, rows), self._failed)
        else:
            self._job = self._controller.export_query(
                path, self._status, relay, lambda rows: self._done(path, rows), self._failed)

    def _progress(self, step: StepProgress) -> None:
        if self._job is not None:
            self.resultLabel.setText(
                localized(QT_TRANSLATE_NOOP("ExportDialog", "Exporting… {rows} pets so far").format(
                    rows=number(step.rows))))

    def _done(self, path: Path, rows: int) -> None:
        self._finish(localized(QT_TRANSLATE_NOOP(
            "ExportDialog",
            "Exported {rows} pets to {name}.").format(
            rows=number(rows), name=path.name)))

    def _failed(self, error: BaseException) -> None:
        if isinstance(error, ImportCancelled | RequestCancelled):
            self._finish(self.tr("Export cancelled; no file was written."))
        else:
            self._finish(localized(QT_TRANSLATE_NOOP(
                "ExportDialog",
                "The export failed: {error}").format(
                error=error)))

    def _finish(self, text: str) -> None:
        self._job = None
        self.progressBar.hide()
        self.exportButton.setEnabled(True)
        self.cancelButton.setEnabled(False)
        self.resultLabel.setText(text)

    def _cancel(self) -> None:
        if self._job is not None:
            self._job.cancel()
