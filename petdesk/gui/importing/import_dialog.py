"""Pets › Import…: choose a file, check what was detected and the columns, preview every
row, send at the quota's pace, save the result report.

The pages, in order (one dialog, not modal: the window stays usable while it sends):

1. **File**: "Choose file…" (Qt's file dialog) or a file dropped on the dialog or on
   the main window.
2. **Columns** (:mod:`.import_dialog_columns`): what was detected ("CSV · Windows-1252 ·
   separated by semicolons"), the sheet of a workbook with several, the encoding and the
   delimiter to override, and which column holds Name, Category ID and Status
   (remembered per file layout when the rows are checked).
3. **Preview** (:mod:`.import_dialog_preview`): every row, the message at the cell of an
   invalid row, possible duplicates with a per-row "Add anyway" (or all at once), the
   category words to name (:mod:`.import_dialog_words`), the totals line, and Send.
4. **Sending** (:mod:`.import_dialog_sending`): a progress bar with the count and the
   ETA, the quota's notice, Pause/Resume and Cancel, the rows whose answer was lost and
   that need the user's decision; at the end the result and "Save report…".

Reading, checking, sending and saving run on the worker (the controller); a long read
shows its progress here and can be cancelled.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QLabel,
    QProgressBar,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from petdesk.core.errors import RequestCancelled
from petdesk.gui.cards.categories_model import CategoryModel
from petdesk.gui.common.accessibility import make_accessible
from petdesk.gui.common.file_folders import FileFolders, FileKind
from petdesk.gui.common.localize import error_text, localized, number
from petdesk.gui.importing.category_words import CategoryWordsDialog
from petdesk.gui.importing.columns_page import ColumnsPage
from petdesk.gui.importing.controller import ImportController, ProgressRelay
from petdesk.gui.importing.export_dialog import ask_table_path
from petdesk.gui.importing.pages import plain_label
from petdesk.gui.importing.preview_page import PreviewModel, PreviewPage
from petdesk.gui.importing.sending_page import SendingPage
from petdesk.services.importing.errors import ImportCancelled
from petdesk.services.importing.readers import OPEN_FILTER, SUFFIXES
from petdesk.services.importing.writers import SAVE_FILTER

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from petdesk.api.models import Pet
    from petdesk.gui.worker.worker import Job
    from petdesk.services.importing.control import StepProgress
    from petdesk.services.importing.engine import ImportStatus
    from petdesk.services.importing.preview import Preview
    from petdesk.services.importing.report import ImportReport
    from petdesk.services.importing.session import FileLayout

__all__ = ["ImportDialog", "PreviewModel", "ask_report_path", "dropped_file"]

PAGE_FILE, PAGE_COLUMNS, PAGE_BUSY, PAGE_PREVIEW, PAGE_SENDING = range(5)


def dropped_file(mime: Any) -> Path | None:
    """The one local file a drag carries, when PetDesk can import it."""
    urls = mime.urls() if mime.hasUrls() else []
    if len(urls) != 1 or not urls[0].isLocalFile():
        return None
    path = Path(urls[0].toLocalFile())
    return path if path.suffix.lower() in SUFFIXES else None


def ask_report_path(parent: QWidget, folders: FileFolders) -> Path | None:
    """Where to save the report: xlsx unless the name ends in .csv."""
    title = QCoreApplication.translate("ImportDialog", "Save the import report")
    path = ask_table_path(parent, title, folders.suggest(FileKind.REPORT, "import-report.xlsx"),
                          localized(SAVE_FILTER))
    if path is not None:
        folders.remember(FileKind.REPORT, path)
    return path


class ImportDialog(QDialog):
    """See the module docstring. One per window; it may be closed while sending.
    ``categories``: the named categories (File › Categories…), for category words;
    ``shown``: the pets the window lists, which rows are compared with too."""

    def __init__(self, controller: ImportController, folders: FileFolders,
                 parent: QWidget | None = None, *,
                 categories: CategoryModel | None = None,
                 shown: Callable[[], Sequence[Pet]] = tuple) -> None:
        super().__init__(parent)
        self._folders = folders
        self.setObjectName("importDialog")
        self.setWindowTitle(self.tr("Import pets"))
        self.setAcceptDrops(True)
        self.resize(900, 600)
        self._controller = controller
        self._shown = shown
        self._categories = categories if categories is not None else CategoryModel(parent=self)
        self._path: Path | None = None
        self._layout: FileLayout | None = None
        self._job: Job | None = None
        self._report: ImportReport | None = None
        self._back_page = PAGE_FILE
        self.columnsPage = ColumnsPage()
        self.previewPage = PreviewPage()
        self.sendingPage = SendingPage()
        self.pages = QStackedWidget()
        self.pages.setAccessibleName(self.tr("Import steps"))
        for page, name in ((self._file_page(), self.tr("Choose a file")),
                           (self.columnsPage, self.tr("Columns")),
                           (self._busy_page(), self.tr("Working")),
                           (self.previewPage, self.tr("Every row checked")),
                           (self.sendingPage, self.tr("Sending"))):
            page.setAccessibleName(name)
            self.pages.addWidget(page)
        self._wire_pages()
        self.errorLabel = plain_label("importError", wrap=True)
        self.errorLabel.setStyleSheet("color: #b00020;")
        self.errorLabel.hide()
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages, 1)
        layout.addWidget(self.errorLabel)
        make_accessible(self)
        controller.statusChanged.connect(self._status_changed)
        if controller.status is not None:  # an import of this session, or resumed
            self._status_changed(controller.status)

    @property
    def model(self) -> PreviewModel | None:
        """The preview's table model (``None`` before the rows are checked)."""
        return self.previewPage.model

    # -- building ----------------------------------------------------------------------

    def _file_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        intro = QLabel(self.tr(
            "Choose a spreadsheet (Excel .xlsx, LibreOffice .ods) or a CSV file with one "
            "animal a row, or drop it here. Nothing is sent before you have seen every "
            "row checked."))
        intro.setWordWrap(True)
        self.chooseButton = QPushButton(self.tr("Choose file…"))
        self.chooseButton.setObjectName("chooseFileButton")
        self.chooseButton.setDefault(True)
        self.chooseButton.clicked.connect(self.choose_file)
        layout.addWidget(intro)
        layout.addWidget(self.chooseButton, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addStretch(1)
        return page

    def _busy_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.busyLabel = QLabel()
        self.busyLabel.setObjectName("busyLabel")
        self.busyBar = QProgressBar()
        self.busyBar.setRange(0, 100)
        self.busyCancel = QPushButton(self.tr("Cancel"))
        self.busyCancel.clicked.connect(self._cancel_job)
        layout.addStretch(1)
        layout.addWidget(self.busyLabel)
        layout.addWidget(self.busyBar)
        layout.addWidget(self.busyCancel, 0, Qt.AlignmentFlag.AlignRight)
        layout.addStretch(1)
        return page

    def _wire_pages(self) -> None:
        columns, preview, sending = self.columnsPage, self.previewPage, self.sendingPage
        columns.readAgain.connect(self._read_again)
        columns.checkButton.clicked.connect(self.check_rows)
        columns.otherFileButton.clicked.connect(self.choose_file)
        preview.sendButton.clicked.connect(self.send)
        preview.backButton.clicked.connect(lambda: self.pages.setCurrentIndex(PAGE_COLUMNS))
        preview.wordsButton.clicked.connect(self.name_category_words)
        sending.pauseButton.clicked.connect(self._pause_clicked)
        sending.cancelImportButton.clicked.connect(self._controller.cancel)
        sending.saveReportButton.clicked.connect(self.save_report)
        sending.newImportButton.clicked.connect(self.choose_file)
        sending.closeButton.clicked.connect(self.close)
        sending.decisions.decided.connect(self._controller.decide)

    # -- 1. the file -------------------------------------------------------------------

    def choose_file(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(
            self, self.tr("Import pets from"), str(self._folders.folder(FileKind.IMPORT)),
            localized(OPEN_FILTER))
        if chosen:
            self._folders.remember(FileKind.IMPORT, Path(chosen))
            self.open_file(Path(chosen))

    def open_file(self, path: Path, encoding: str | None = None,
                  delimiter: str | None = None, *, sheet: str | None = None) -> None:
        """Read the file's header row on the worker (step 2 shows it)."""
        if path != self._path:
            self.columnsPage.reset_choices()
        self._path = path
        self._busy(self.tr("Reading “%s”…") % path.name, indeterminate=True)
        self._job = self._controller.inspect(path, encoding, delimiter, self._inspected,
                                             self._failed, sheet=sheet)

    def _read_again(self) -> None:
        if self._path is not None:
            sheet, encoding, delimiter = self.columnsPage.read_choice()
            self.open_file(self._path, encoding, delimiter, sheet=sheet)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if dropped_file(event.mimeData()) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        path = dropped_file(event.mimeData())
        if path is not None:
            event.acceptProposedAction()
            self.open_file(path)

    # -- 2. the columns ----------------------------------------------------------------

    def _inspected(self, layout: FileLayout) -> None:
        self._job = None
        self._layout = layout
        self._show_error("")
        self.columnsPage.show_layout(layout)
        self.pages.setCurrentIndex(PAGE_COLUMNS)

    def check_rows(self) -> None:
        """Read and check every row on the worker, with progress and Cancel."""
        mapping = self.columnsPage.mapping()
        if self._layout is None or mapping is None or mapping.missing:
            return
        self._busy(self.tr("Checking every row…"))
        relay = ProgressRelay(self)
        relay.reported.connect(self._checking)
        self._job = self._controller.preview(self._layout, mapping, relay, self._previewed,
                                             self._failed, shown=tuple(self._shown()))

    def _checking(self, step: StepProgress) -> None:
        if self._job is None:
            return
        self.busyBar.setValue(int(step.fraction * 100))
        self.busyLabel.setText(self.tr("Checking every row… %s rows") % number(step.rows))

    # -- 3. the preview ----------------------------------------------------------------

    def _previewed(self, preview: Preview) -> None:
        self._job = None
        self._show_error("")
        self.previewPage.show_preview(preview)
        model = self.previewPage.model
        assert model is not None
        model.dataChanged.connect(lambda *_: self._update_totals())
        self._update_totals()
        self.pages.setCurrentIndex(PAGE_PREVIEW)

    def _update_totals(self) -> None:
        self.previewPage.update_totals(self._controller.sending)

    def name_category_words(self) -> None:
        """Open the category words dialog; its answers check the rows again."""
        model = self.previewPage.model
        if model is None:
            return
        preview = model.preview
        dialog = CategoryWordsDialog(preview.category_words, preview.mapping.category_names,
                                     self._categories, self)
        dialog.accepted.connect(lambda: self._words_named(dialog.names()))
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def _words_named(self, names: dict[str, int]) -> None:
        self.columnsPage.set_category_names(names)
        self.check_rows()

    def send(self) -> None:
        model = self.previewPage.model
        if model is None or self._controller.sending:
            return
        self.previewPage.sendButton.setEnabled(False)
        self.sendingPage.sendingTitle.setText(self.tr("Sending the pets of “%s”") %
                                              model.preview.info.path.name)
        self._controller.send(model.preview, self._failed)

    # -- 4. sending --------------------------------------------------------------------

    def _status_changed(self, status: ImportStatus) -> None:
        if self.pages.currentIndex() != PAGE_SENDING:
            self.pages.setCurrentIndex(PAGE_SENDING)
        self.sendingPage.show_status(status)
        self._report = status.report

    def _pause_clicked(self) -> None:
        status = self._controller.status
        if status is not None and status.progress.paused:
            self._controller.resume()
        else:
            self._controller.pause()

    def save_report(self) -> None:
        report = self._report
        if report is None:
            return
        path = ask_report_path(self, self._folders)
        if path is None:
            return
        self._controller.save_report(report, path, self._report_saved, self._failed)

    def _report_saved(self, rows: int) -> None:
        self.sendingPage.add_result_line(self.tr("Report saved (%d rows).") % rows)

    # -- shared ------------------------------------------------------------------------

    def _busy(self, text: str, *, indeterminate: bool = False) -> None:
        self._show_error("")
        if self.pages.currentIndex() != PAGE_BUSY:
            self._back_page = self.pages.currentIndex()
        self.busyLabel.setText(text)
        self.busyBar.setRange(0, 0 if indeterminate else 100)
        self.busyBar.setValue(0)
        self.pages.setCurrentIndex(PAGE_BUSY)

    def _cancel_job(self) -> None:
        if self._job is not None:
            self._job.cancel()

    def _failed(self, error: BaseException) -> None:
        self._job = None
        if self.pages.currentIndex() == PAGE_BUSY:
            self.pages.setCurrentIndex(self._back_page)
        if isinstance(error, RequestCancelled | ImportCancelled):
            self._show_error(self.tr("Stopped."))
        else:
            self._show_error(error_text(error))
        self._update_totals()

    def _show_error(self, text: str) -> None:
        self.errorLabel.setText(text)
        self.errorLabel.setVisible(bool(text))
