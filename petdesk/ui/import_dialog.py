"""Pets › Import…: choose a file, check what was detected and the columns, preview every
row, send at the quota's pace, save the result report.

The pages, in order (one dialog, not modal: the window stays usable while it sends):

1. **File**: "Choose file…" (Qt's file dialog) or a file dropped on the dialog or on
   the main window.
2. **Columns**: what was detected ("CSV · Windows-1252 · separated by semicolons"), with
   the encoding and the delimiter to override, and which column holds Name, Category ID
   and Status (remembered per file layout when the rows are checked).
3. **Preview**: every row, the message at the cell of an invalid row, possible
   duplicates with a per-row "Add anyway", the totals line, and Send.
4. **Sending**: a progress bar with the count and the ETA, the quota's notice,
   Pause/Resume and Cancel; at the end the result and "Save report…".

Reading, checking, sending and saving run on the worker (the controller); a long read
shows its progress here and can be cancelled.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QDragEnterEvent, QDropEvent, QIcon
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QStackedWidget,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from petdesk.bulk.errors import ImportCancelled
from petdesk.bulk.mapping import ColumnMapping, Field
from petdesk.bulk.readers import OPEN_FILTER, SUFFIXES
from petdesk.bulk.table import DELIMITER_LABELS, ENCODING_LABELS, FileKind
from petdesk.core.errors import RequestCancelled

from .accessibility import make_accessible
from .controllers.importing import ImportController, ProgressRelay
from .export_dialog import ask_table_path

if TYPE_CHECKING:
    from petdesk.bulk.control import StepProgress
    from petdesk.bulk.preview import Preview, PreviewRow
    from petdesk.bulk.report import ImportReport
    from petdesk.bulk.session import FileLayout

    from .import_engine import ImportStatus
    from .worker import Job

__all__ = ["ImportDialog", "PreviewModel", "ask_report_path", "dropped_file"]

#: The preview's columns.
ROW, NAME, CATEGORY, STATUS, RESULT, ADD = range(6)
HEADERS: Final = ("Row", "Name", "Category ID", "Status", "Check", "Add anyway")
FIELD_COLUMNS: Final = {Field.NAME: NAME, Field.CATEGORY_ID: CATEGORY, Field.STATUS: STATUS}
REPORT_FILTER: Final = "Excel workbook (*.xlsx);;CSV, UTF-8 (*.csv)"
#: The invalid rows listed under the table (all are in the table and the report).
LISTED_ISSUES: Final = 50
PAGE_FILE, PAGE_COLUMNS, PAGE_BUSY, PAGE_PREVIEW, PAGE_SENDING = range(5)


def plain_label(name: str = "", *, wrap: bool = False) -> QLabel:
    """A label that shows text as it is (file and server text is never markup)."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(wrap)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def dropped_file(mime: Any) -> Path | None:
    """The one local file a drag carries, when PetDesk can import it."""
    urls = mime.urls() if mime.hasUrls() else []
    if len(urls) != 1 or not urls[0].isLocalFile():
        return None
    path = Path(urls[0].toLocalFile())
    return path if path.suffix.lower() in SUFFIXES else None


def ask_report_path(parent: QWidget) -> Path | None:
    """Where to save the report: xlsx unless the name ends in .csv."""
    return ask_table_path(parent, parent.tr("Save the import report"), "import-report.xlsx",
                          parent.tr(REPORT_FILTER))


class PreviewModel(QAbstractTableModel):
    """The preview's rows; the Add-anyway column decides for a possible duplicate."""

    def __init__(self, preview: Preview, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.preview = preview
        self._rows = preview.rows
        self._bad = QBrush(QColor(255, 205, 205))
        self._dup = QBrush(QColor(255, 240, 190))
        self._warning_icon: QIcon | None = None

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.tr(HEADERS[section])
        return None

    def row_at(self, index: QModelIndex | QPersistentModelIndex) -> PreviewRow:
        return self._rows[index.row()]

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = self._rows[index.row()], index.column()
        issues = [issue.message for issue in row.issues
                  if FIELD_COLUMNS.get(issue.field) == column]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return "\n".join(issues) or None
        if role == Qt.ItemDataRole.BackgroundRole:
            return self._background(row, column, issues)
        if role == Qt.ItemDataRole.DecorationRole and (
                issues or (column == RESULT and row.issues)):
            return self._warning()  # an invalid cell: never said by its colour alone
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:
            return "\n".join(issues) or None
        if role == Qt.ItemDataRole.CheckStateRole and column == ADD and row.duplicate_of:
            decided = self.preview.decision(row.number).value == "import"
            return Qt.CheckState.Checked if decided else Qt.CheckState.Unchecked
        return None

    def _warning(self) -> QIcon:
        if self._warning_icon is None:
            self._warning_icon = QApplication.style().standardIcon(
                QStyle.StandardPixmap.SP_MessageBoxWarning)
        return self._warning_icon

    def _background(self, row: PreviewRow, column: int, issues: list[str]) -> QBrush | None:
        if issues:
            return self._bad
        if row.duplicate_of is not None and column == RESULT:
            return self._dup
        return None

    @staticmethod
    def _text(row: PreviewRow, column: int) -> str:
        if column == ROW:
            return str(row.number)
        if column in (NAME, CATEGORY, STATUS):
            return (row.name, row.category, row.status)[column - NAME]
        if column == RESULT:
            if row.issues:
                return "; ".join(issue.message for issue in row.issues)
            if row.duplicate_of is not None:
                return "Possible duplicate: " + row.duplicate_of.describe()
            return "Ready"
        return ""

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and index.column() == ADD and self.row_at(index).duplicate_of:
            flags |= Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled
        return flags

    def setData(self, index: QModelIndex | QPersistentModelIndex, value: Any,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.CheckStateRole or index.column() != ADD:
            return False
        row = self.row_at(index)
        if row.duplicate_of is None:
            return False
        self.set_decision(row.number, Qt.CheckState(value) == Qt.CheckState.Checked)
        self.dataChanged.emit(index, index, [role])
        return True

    def set_decision(self, number: int, add: bool) -> None:
        from petdesk.bulk.preview import Decision  # noqa: PLC0415 - pydantic: loaded by the preview already

        self.preview.decide(number, Decision.IMPORT if add else Decision.SKIP)

    def decide_all(self, add: bool) -> None:
        for row in self.preview.duplicate_rows:
            self.set_decision(row.number, add)
        if self._rows:
            self.dataChanged.emit(self.index(0, ADD), self.index(len(self._rows) - 1, ADD))


class ImportDialog(QDialog):
    """See the module docstring. One per window; it may be closed while sending."""

    def __init__(self, controller: ImportController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("importDialog")
        self.setWindowTitle(self.tr("Import pets"))
        self.setAcceptDrops(True)
        self.resize(900, 600)
        self._controller = controller
        self._path: Path | None = None
        self._layout: FileLayout | None = None
        self.model: PreviewModel | None = None
        self._job: Job | None = None
        self._report: ImportReport | None = None
        self._back_page = PAGE_FILE
        self.pages = QStackedWidget()
        self.pages.setAccessibleName(self.tr("Import steps"))
        for build, name in ((self._file_page, self.tr("Choose a file")),
                            (self._columns_page, self.tr("Columns")),
                            (self._busy_page, self.tr("Working")),
                            (self._preview_page, self.tr("Every row checked")),
                            (self._sending_page, self.tr("Sending"))):
            page = build()
            page.setAccessibleName(name)
            self.pages.addWidget(page)
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

    def _columns_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.fileLabel = plain_label()
        self.detectedLabel = plain_label("detectedLabel")
        form = QFormLayout()
        self.encodingCombo = QComboBox()
        self.encodingCombo.setAccessibleName(self.tr("Text encoding"))
        self.encodingCombo.addItem(self.tr("As detected"), None)
        for codec, label in ENCODING_LABELS.items():
            self.encodingCombo.addItem(label, codec)
        self.delimiterCombo = QComboBox()
        self.delimiterCombo.setAccessibleName(self.tr("Separator"))
        self.delimiterCombo.addItem(self.tr("As detected"), None)
        for delimiter, label in DELIMITER_LABELS.items():
            self.delimiterCombo.addItem(label.capitalize(), delimiter)
        self.encodingCombo.activated.connect(lambda _i: self._read_again())
        self.delimiterCombo.activated.connect(lambda _i: self._read_again())
        form.addRow(self.tr("Text encoding:"), self.encodingCombo)
        form.addRow(self.tr("Separator:"), self.delimiterCombo)
        self.columnCombos: dict[Field, QComboBox] = {}
        for fld in Field:
            combo = QComboBox()
            combo.setObjectName(f"column_{fld.value}")
            combo.activated.connect(lambda _i: self._mapping_changed())
            self.columnCombos[fld] = combo
            form.addRow(self.tr("%s is in:") % fld.label, combo)
        self.notesLabel = plain_label("mappingNotes", wrap=True)
        self.checkButton = QPushButton(self.tr("Check rows"))
        self.checkButton.setObjectName("checkRowsButton")
        self.checkButton.clicked.connect(self.check_rows)
        back = QPushButton(self.tr("Other file…"))
        back.clicked.connect(self.choose_file)
        buttons = QHBoxLayout()
        buttons.addWidget(back)
        buttons.addStretch(1)
        buttons.addWidget(self.checkButton)
        layout.addWidget(self.fileLabel)
        layout.addWidget(self.detectedLabel)
        layout.addLayout(form)
        layout.addWidget(self.notesLabel)
        layout.addStretch(1)
        layout.addLayout(buttons)
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

    def _preview_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.totalsLabel = QLabel()
        self.totalsLabel.setObjectName("totalsLabel")
        font = self.totalsLabel.font()
        font.setBold(True)
        self.totalsLabel.setFont(font)
        self.previewTable = QTableView()
        self.previewTable.setObjectName("previewTable")
        self.previewTable.setAccessibleName(self.tr("Rows of the file"))
        self.previewTable.verticalHeader().hide()
        self.previewTable.setWordWrap(False)
        self.issuesLabel = plain_label("issuesLabel", wrap=True)
        self.issuesLabel.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.addAllButton = QPushButton(self.tr("Add all duplicates anyway"))
        self.addAllButton.clicked.connect(lambda: self._decide_all(True))
        self.skipAllButton = QPushButton(self.tr("Skip all duplicates"))
        self.skipAllButton.clicked.connect(lambda: self._decide_all(False))
        self.sendButton = QPushButton(self.tr("Send"))
        self.sendButton.setObjectName("sendButton")
        self.sendButton.clicked.connect(self.send)
        back = QPushButton(self.tr("Back to columns"))
        back.clicked.connect(lambda: self.pages.setCurrentIndex(PAGE_COLUMNS))
        buttons = QHBoxLayout()
        buttons.addWidget(back)
        buttons.addWidget(self.skipAllButton)
        buttons.addWidget(self.addAllButton)
        buttons.addStretch(1)
        buttons.addWidget(self.sendButton)
        layout.addWidget(self.totalsLabel)
        layout.addWidget(self.previewTable, 1)
        layout.addWidget(self.issuesLabel)
        layout.addLayout(buttons)
        return page

    def _sending_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.sendingTitle = plain_label()
        self.progressBar = QProgressBar()
        self.progressBar.setObjectName("importProgress")
        self.progressLabel = plain_label("progressLabel")
        self.quotaLabel = plain_label("quotaNotice", wrap=True)
        self.resultLabel = plain_label("resultLabel", wrap=True)
        note = QLabel(self.tr("You can close this dialog and go on working: PetDesk keeps "
                              "sending, and finishes after a restart if it must."))
        note.setWordWrap(True)
        self.pauseButton = QPushButton(self.tr("Pause"))
        self.pauseButton.setObjectName("pauseButton")
        self.pauseButton.clicked.connect(self._pause_clicked)
        self.cancelImportButton = QPushButton(self.tr("Cancel import"))
        self.cancelImportButton.setObjectName("cancelImportButton")
        self.cancelImportButton.clicked.connect(self._controller.cancel)
        self.saveReportButton = QPushButton(self.tr("Save report…"))
        self.saveReportButton.setObjectName("saveReportButton")
        self.saveReportButton.clicked.connect(self.save_report)
        self.newImportButton = QPushButton(self.tr("Import another file…"))
        self.newImportButton.clicked.connect(self.choose_file)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.close)
        buttons = QHBoxLayout()
        for button in (self.pauseButton, self.cancelImportButton, self.saveReportButton,
                       self.newImportButton):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        for widget in (self.sendingTitle, self.progressBar, self.progressLabel,
                       self.quotaLabel, self.resultLabel, note):
            layout.addWidget(widget)
        layout.addStretch(1)
        layout.addLayout(buttons)
        return page

    # -- 1. the file -------------------------------------------------------------------

    def choose_file(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(self, self.tr("Import pets from"), "",
                                                self.tr(OPEN_FILTER))
        if chosen:
            self.open_file(Path(chosen))

    def open_file(self, path: Path, encoding: str | None = None,
                  delimiter: str | None = None) -> None:
        """Read the file's header row on the worker (step 2 shows it)."""
        self._path = path
        self._busy(self.tr("Reading “%s”…") % path.name, indeterminate=True)
        self._job = self._controller.inspect(path, encoding, delimiter, self._inspected,
                                             self._failed)

    def _read_again(self) -> None:
        if self._path is not None:
            self.open_file(self._path, self.encodingCombo.currentData(),
                           self.delimiterCombo.currentData())

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
        self.fileLabel.setText(self.tr("File: %s") % layout.info.path.name)
        self.detectedLabel.setText(self.tr("Detected: %s") % layout.info.describe())
        is_csv = layout.info.kind is FileKind.CSV
        self.encodingCombo.setEnabled(is_csv)
        self.delimiterCombo.setEnabled(is_csv)
        for fld, combo in self.columnCombos.items():
            combo.clear()
            combo.addItem(self.tr("(not in this file)") if fld is not Field.STATUS
                          else self.tr("(no status)"), None)
            for index, header in enumerate(layout.headers):
                combo.addItem(header or self.tr("column %d") % (index + 1), index)
            mapped = layout.mapping.columns.get(fld)
            combo.setCurrentIndex(0 if mapped is None else mapped + 1)
        notes = list(layout.notes)
        if layout.remembered:
            notes.insert(0, self.tr("Columns as you chose them last time for this layout."))
        self.notesLabel.setText("\n".join(notes))
        self._mapping_changed()
        self.pages.setCurrentIndex(PAGE_COLUMNS)
        self.checkButton.setFocus()

    def mapping(self) -> ColumnMapping | None:
        if self._layout is None:
            return None
        mapping = ColumnMapping(self._layout.headers, {}, self._layout.mapping.category_names)
        for fld, combo in self.columnCombos.items():
            index = combo.currentData()
            if index is not None:
                mapping = mapping.with_column(fld, int(index))
        return mapping

    def _mapping_changed(self) -> None:
        mapping = self.mapping()
        if mapping is None:
            return
        for fld, combo in self.columnCombos.items():  # one column, one field
            mapped = mapping.columns.get(fld)
            combo.setCurrentIndex(0 if mapped is None else mapped + 1)
        missing = ", ".join(fld.label for fld in mapping.missing)
        self.checkButton.setEnabled(not missing)
        self.checkButton.setToolTip(self.tr("Choose the column of %s first.") % missing
                                    if missing else "")

    def check_rows(self) -> None:
        """Read and check every row on the worker, with progress and Cancel."""
        mapping = self.mapping()
        if self._layout is None or mapping is None or mapping.missing:
            return
        self._busy(self.tr("Checking every row…"))
        relay = ProgressRelay(self)
        relay.reported.connect(self._checking)
        self._job = self._controller.preview(self._layout, mapping, relay, self._previewed,
                                             self._failed)

    def _checking(self, step: StepProgress) -> None:
        if self._job is None:
            return
        self.busyBar.setValue(int(step.fraction * 100))
        self.busyLabel.setText(self.tr("Checking every row… %s rows") % f"{step.rows:,}")

    # -- 3. the preview ----------------------------------------------------------------

    def _previewed(self, preview: Preview) -> None:
        self._job = None
        self._show_error("")
        self.model = PreviewModel(preview, self)
        self.previewTable.setModel(self.model)
        header = self.previewTable.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        for column, width in ((ROW, 50), (NAME, 180), (CATEGORY, 90), (STATUS, 90),
                              (ADD, 90)):
            self.previewTable.setColumnWidth(column, width)
        header.setSectionResizeMode(RESULT, QHeaderView.ResizeMode.Stretch)
        self.model.dataChanged.connect(lambda *_: self._update_totals())
        issues = preview.issues
        lines = [issue.describe() for issue in issues[:LISTED_ISSUES]]
        if len(issues) > LISTED_ISSUES:
            lines.append(self.tr("… and %d more (all are in the table and the report).")
                         % (len(issues) - LISTED_ISSUES))
        self.issuesLabel.setText(
            self.tr("Left out (invalid):\n") + "\n".join(lines) if lines else "")
        has_duplicates = bool(preview.duplicate_rows)
        self.addAllButton.setVisible(has_duplicates)
        self.skipAllButton.setVisible(has_duplicates)
        self._update_totals()
        self.pages.setCurrentIndex(PAGE_PREVIEW)

    def _update_totals(self) -> None:
        if self.model is None:
            return
        totals = self.model.preview.totals
        self.totalsLabel.setText(totals.describe())
        self.sendButton.setText(self.tr("Send %s pets") % f"{totals.to_send:,}"
                                if totals.to_send != 1 else self.tr("Send 1 pet"))
        self.sendButton.setEnabled(totals.to_send > 0 and not self._controller.sending)
        self.sendButton.setToolTip(self.tr("Another import is being sent: wait for it to "
                                           "finish, or cancel it.")
                                   if self._controller.sending else "")

    def _decide_all(self, add: bool) -> None:
        if self.model is not None:
            self.model.decide_all(add)
            self._update_totals()

    def send(self) -> None:
        if self.model is None or self._controller.sending:
            return
        self.sendButton.setEnabled(False)
        self.sendingTitle.setText(self.tr("Sending the pets of “%s”") %
                                  self.model.preview.info.path.name)
        self._controller.send(self.model.preview, self._failed)

    # -- 4. sending --------------------------------------------------------------------

    def _status_changed(self, status: ImportStatus) -> None:
        progress = status.progress
        if self.pages.currentIndex() != PAGE_SENDING:
            self.pages.setCurrentIndex(PAGE_SENDING)
        if not self.sendingTitle.text():
            self.sendingTitle.setText(self.tr("Sending an import"))
        self.progressBar.setRange(0, max(1, progress.total))
        self.progressBar.setValue(progress.done)
        self.progressLabel.setText(status.text)
        self.quotaLabel.setText(status.notice)
        self.quotaLabel.setVisible(bool(status.notice))
        self.pauseButton.setText(self.tr("Resume") if progress.paused else self.tr("Pause"))
        self.pauseButton.setEnabled(not status.finished)
        self.cancelImportButton.setEnabled(not status.finished)
        self.saveReportButton.setEnabled(True)
        self.newImportButton.setVisible(status.finished)
        self.resultLabel.setText(self.tr("Done: %s.") % status.report.summary()
                                 if status.finished else "")
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
        path = ask_report_path(self)
        if path is None:
            return
        self._controller.save_report(report, path, self._report_saved, self._failed)

    def _report_saved(self, rows: int) -> None:
        self.resultLabel.setText(self.resultLabel.text() + "\n" + self.tr(
            "Report saved (%d rows).") % rows)

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
            self._show_error(str(error))
        self._update_totals()

    def _show_error(self, text: str) -> None:
        self.errorLabel.setText(text)
        self.errorLabel.setVisible(bool(text))
