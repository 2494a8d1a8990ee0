"""The kennel-card dialog: page size, print preview, Print… and Save as PDF….

Painting hundreds of cards takes longer than one event-loop turn should
(tests/benchmarks/bench_kennel_cards.py), so :class:`PagePainter` paints one page per turn
and the dialog stays responsive, with a progress bar and Cancel. Save as PDF
paints into memory (:class:`QPdfWriter` on a :class:`QBuffer`) and hands the bytes
to ``run_io``, which writes the file off the GUI thread (the main window passes
its worker). The preview paints at most :data:`PREVIEW_MAX_PAGES` pages, so it
opens at once whatever the selection.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import Final

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QCoreApplication,
    QIODevice,
    QLocale,
    QObject,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QPagedPaintDevice, QPainter, QPdfWriter
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewWidget
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.gui.cards.kennel_cards import CardPageSize, CardSheet, KennelCard, cards_for_pets
from petdesk.gui.common.accessibility import make_accessible
from petdesk.gui.common.localize import localized
from petdesk.gui.worker.io_runner import IoRunner, ask_save_path, write_file

__all__ = [
    "PREVIEW_MAX_PAGES",
    "KennelCardDialog",
    "PagePainter",
    "cards_for_pets",
    "default_page_size",
]

#: The preview shows at most this many pages (printing and saving do them all).
PREVIEW_MAX_PAGES: Final = 6
#: The PDF's resolution (dots per inch).
PDF_DPI: Final = 300


def default_page_size(locale: QLocale | None = None) -> CardPageSize:
    """Letter where the locale measures in US units, A4 elsewhere."""
    system = (locale or QLocale()).measurementSystem()
    return (CardPageSize.LETTER if system == QLocale.MeasurementSystem.ImperialUSSystem
            else CardPageSize.A4)


class PagePainter(QObject):
    """Paints a :class:`CardSheet` on a paged device one page per event-loop turn.

    Emits :attr:`progress` ``(done, total)`` after each page, then exactly one of
    :attr:`finished` or :attr:`failed` (a sentence); :meth:`cancel` ends the painting
    and emits neither.
    """

    progress = Signal(int, int)
    finished = Signal()
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._paint_next)
        self._painter: QPainter | None = None
        self._device: QPagedPaintDevice | None = None
        self._sheet: CardSheet | None = None
        self._next = 0

    @property
    def busy(self) -> bool:
        return self._painter is not None

    def start(self, device: QPagedPaintDevice, sheet: CardSheet) -> bool:
        """Begin painting ``sheet`` on ``device``; False (and :attr:`failed`) if the
        device cannot be painted on."""
        if self.busy:
            raise RuntimeError("already painting")
        sheet.prepare(device)
        painter = QPainter()
        if not painter.begin(device):
            self.failed.emit(self.tr("The pages could not be opened for printing."))
            return False
        self._painter, self._device, self._sheet, self._next = painter, device, sheet, 0
        self._timer.start()
        return True

    def cancel(self) -> None:
        self._stop()

    def _stop(self) -> None:
        self._timer.stop()
        painter, self._painter, self._device, self._sheet = self._painter, None, None, None
        if painter is not None and painter.isActive():
            painter.end()

    def _paint_next(self) -> None:
        painter, device, sheet = self._painter, self._device, self._sheet
        if painter is None or device is None or sheet is None:
            self._timer.stop()
            return
        total = sheet.page_count
        if self._next and not device.newPage():
            self._stop()
            self.failed.emit(self.tr("The printer did not accept a new page."))
            return
        sheet.paint_page(painter, self._next)
        self._next += 1
        self.progress.emit(self._next, total)
        if self._next >= total:
            self._stop()
            self.finished.emit()


def _ask_printer(printer: QPrinter, parent: QWidget) -> bool:
    dialog = QPrintDialog(printer, parent)
    return dialog.exec() == QDialog.DialogCode.Accepted


def _ask_save_path(parent: QWidget, suggested: str) -> Path | None:
    translate = QCoreApplication.translate
    return ask_save_path(parent, translate("KennelCardDialog", "Save kennel cards as PDF"),
                         suggested, translate("KennelCardDialog", "PDF files (*.pdf)"), ".pdf")


class KennelCardDialog(QDialog):
    """Preview, print or save as PDF the kennel cards of ``cards``.

    ``run_io`` writes the PDF off the GUI thread. ``ask_printer`` and
    ``ask_save_path`` default to Qt's print dialog and file dialog (tests pass
    their own, the way a user would answer them).
    """

    #: Emitted with the path once a PDF is saved.
    saved = Signal(str)
    #: Emitted once every page went to the printer.
    printed = Signal()
    #: "Name categories…" was clicked (the window opens File › Categories…).
    nameCategories = Signal()

    def __init__(self, cards: Sequence[KennelCard], run_io: IoRunner, *,
                 unnamed: Sequence[int] = (),
                 parent: QWidget | None = None, page: CardPageSize | None = None,
                 printed_on: date | None = None, save_folder: Path | None = None,
                 ask_printer: Callable[[QPrinter, QWidget], bool] = _ask_printer,
                 ask_save_path: Callable[[QWidget, str], Path | None] = _ask_save_path) -> None:
        super().__init__(parent)
        self.setObjectName("kennelCardDialog")
        self.setWindowTitle(self.tr("Kennel cards"))
        self._cards = list(cards)
        self._run_io = run_io
        self._printed_on = printed_on or date.today()
        self._save_folder = save_folder or Path.home()
        self._ask_printer = ask_printer
        self._ask_save_path = ask_save_path
        self._painter = PagePainter(self)
        self._painter.progress.connect(self._on_progress)
        self._painter.finished.connect(self._on_painted)
        self._painter.failed.connect(self._on_failed)
        self._job: _Job | None = None
        self._build(page or default_page_size())
        self._update_summary()
        self._show_unnamed(unnamed)

    # -- construction ----------------------------------------------------------------------

    def _build(self, page: CardPageSize) -> None:
        self.pageSizeCombo = QComboBox()
        self.pageSizeCombo.setObjectName("pageSizeCombo")
        self.pageSizeCombo.setAccessibleName(self.tr("Page size"))
        for size in CardPageSize:
            self.pageSizeCombo.addItem(size.label(), size)
        self.pageSizeCombo.setCurrentIndex(list(CardPageSize).index(page))
        self.summaryLabel = QLabel()
        self.summaryLabel.setObjectName("summaryLabel")
        self.unnamedLabel = QLabel()
        self.unnamedLabel.setObjectName("unnamedCategoriesLabel")
        self.unnamedLabel.setWordWrap(True)
        self.nameButton = QPushButton(self.tr("&Name categories…"))
        self.nameButton.setObjectName("nameCategoriesButton")
        self.nameButton.setAutoDefault(False)
        self.nameButton.clicked.connect(self.nameCategories)
        unnamed_row = QHBoxLayout()
        unnamed_row.addWidget(self.unnamedLabel, 1)
        unnamed_row.addWidget(self.nameButton, 0, Qt.AlignmentFlag.AlignTop)
        self._preview_printer = QPrinter(QPrinter.PrinterMode.ScreenResolution)
        self._preview_printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        self.preview = QPrintPreviewWidget(self._preview_printer, self)
        self.preview.setObjectName("preview")
        self.preview.setAccessibleName(self.tr("Print preview"))
        self.preview.setMinimumSize(360, 300)
        self.preview.paintRequested.connect(self._paint_preview)
        self.progressBar = QProgressBar()
        self.progressBar.setObjectName("progressBar")
        self.progressBar.setAccessibleName(self.tr("Progress"))
        self.progressBar.hide()
        self.statusLabel = QLabel()
        self.statusLabel.setObjectName("statusLabel")
        self.statusLabel.setWordWrap(True)
        self.buttons = QDialogButtonBox()
        self.printButton = self._button(self.tr("&Print…"), "printButton",
                                        QDialogButtonBox.ButtonRole.ActionRole, self._print)
        self.saveButton = self._button(self.tr("&Save as PDF…"), "saveButton",
                                       QDialogButtonBox.ButtonRole.ActionRole, self._save_pdf)
        self.cancelButton = self._button(self.tr("&Cancel"), "cancelButton",
                                         QDialogButtonBox.ButtonRole.ActionRole, self._cancel_job)
        self.cancelButton.hide()
        self.closeButton = self._button(self.tr("Close"), "closeButton",
                                        QDialogButtonBox.ButtonRole.RejectRole, self.reject)
        form = QFormLayout()
        form.addRow(self.tr("Page si&ze:"), self.pageSizeCombo)  # Alt+S saves
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.summaryLabel)
        layout.addLayout(unnamed_row)
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.progressBar)
        layout.addWidget(self.statusLabel)
        layout.addWidget(self.buttons)
        self.pageSizeCombo.currentIndexChanged.connect(self._page_changed)
        self.printButton.setDefault(True)
        pages = self.preview.findChild(QAbstractScrollArea)  # the preview's focusable view
        self.setTabOrder(self.pageSizeCombo, self.nameButton)
        if pages is not None:  # Tab goes top to bottom, as shown
            self.setTabOrder(self.nameButton, pages)
            self.setTabOrder(pages, self.printButton)
        self.pageSizeCombo.setFocus()
        self.resize(720, 640)
        make_accessible(self)

    def _button(self, text: str, name: str, role: QDialogButtonBox.ButtonRole,
                slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setAutoDefault(False)
        button.clicked.connect(slot)
        self.buttons.addButton(button, role)
        return button

    # -- state --------------------------------------------------------------------------------

    @property
    def page_size(self) -> CardPageSize:
        value = self.pageSizeCombo.currentData()
        return value if isinstance(value, CardPageSize) else CardPageSize.A4

    @property
    def busy(self) -> bool:
        return self._job is not None

    def sheet(self) -> CardSheet:
        return CardSheet(self._cards, self.page_size, printed_on=self._printed_on)

    def _update_summary(self) -> None:
        sheet = self.sheet()
        cards = self.tr("%n card(s)", "", len(self._cards))
        pages = self.tr("%n page(s)", "", sheet.page_count)
        text = localized(QT_TRANSLATE_NOOP("KennelCardDialog", "{cards} on {pages}.").format(
            cards=cards, pages=pages))
        if sheet.page_count > PREVIEW_MAX_PAGES:
            text += " " + localized(QT_TRANSLATE_NOOP(
                "KennelCardDialog",
                "The preview shows the first {pages} pages.").format(
                pages=str(PREVIEW_MAX_PAGES)))
        self.summaryLabel.setText(text)

    def _show_unnamed(self, unnamed: Sequence[int]) -> None:
        """Say which categories print as a bare number, and where to name them."""
        listed = ", ".join(str(category_id) for category_id in unnamed)
        self.unnamedLabel.setText(localized(QT_TRANSLATE_NOOP(
            "KennelCardDialog",
            "Categories without a name print as their number: {listed}. Name them in File › "
            "Categories… (Ctrl+Shift+G).").format(
            listed=listed)) if unnamed else "")
        self.unnamedLabel.setVisible(bool(unnamed))
        self.nameButton.setVisible(bool(unnamed))

    def set_cards(self, cards: Sequence[KennelCard], unnamed: Sequence[int]) -> None:
        """The same pets' cards again, their category names changed."""
        self._cards = list(cards)
        self._show_unnamed(unnamed)
        self._page_changed()

    def _set_busy(self, job: _Job | None) -> None:
        self._job = job
        busy = job is not None
        for widget in (self.printButton, self.saveButton, self.pageSizeCombo):
            widget.setEnabled(not busy)
        self.cancelButton.setVisible(busy)
        self.cancelButton.setEnabled(busy)
        self.progressBar.setVisible(busy)
        if busy:
            self.progressBar.setRange(0, self.sheet().page_count)
            self.progressBar.setValue(0)
            self.cancelButton.setFocus()

    # -- slots ----------------------------------------------------------------------------------

    def _page_changed(self) -> None:
        self._update_summary()
        self.preview.updatePreview()

    def _paint_preview(self, printer: QPrinter) -> None:
        per_page = self.page_size.per_page
        shown = CardSheet(self._cards[:PREVIEW_MAX_PAGES * per_page], self.page_size,
                          printed_on=self._printed_on)
        shown.prepare(printer)
        painter = QPainter()
        if not painter.begin(printer):
            return
        try:
            for index in range(shown.page_count):
                if index:
                    printer.newPage()
                shown.paint_page(painter, index)
        finally:
            painter.end()

    def _print(self) -> None:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setPageLayout(self.page_size.page_layout())
        printer.setDocName(self.tr("Kennel cards"))
        if not self._ask_printer(printer, self):
            return
        self._start(_Job(printer=printer))

    def _save_pdf(self) -> None:
        path = self._ask_save_path(self, str(self._save_folder / self.tr("kennel-cards.pdf")))
        if path is None:
            return
        buffer = QBuffer()
        buffer.setData(QByteArray())
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        writer = QPdfWriter(buffer)
        writer.setResolution(PDF_DPI)
        writer.setTitle(self.tr("Kennel cards"))
        writer.setCreator("PetDesk")
        self._start(_Job(writer=writer, buffer=buffer, path=path))

    def _start(self, job: _Job) -> None:
        self.statusLabel.clear()
        self._set_busy(job)
        self._painter.start(job.device, self.sheet())

    def _cancel_job(self) -> None:
        job = self._job
        if job is None:
            return
        self._painter.cancel()
        if job.printer is not None:
            job.printer.abort()
        self._set_busy(None)
        self.statusLabel.setText(self.tr("Cancelled."))

    def _on_progress(self, done: int, total: int) -> None:
        self.progressBar.setValue(done)
        self.progressBar.setFormat(localized(QT_TRANSLATE_NOOP(
            "KennelCardDialog",
            "Page {done} of {total}").format(
            done=str(done), total=str(total))))

    def _on_painted(self) -> None:
        job = self._job
        if job is None:
            return
        if job.printer is not None:
            self._set_busy(None)
            self.statusLabel.setText(self.tr("Sent to the printer."))
            self.printed.emit()
            return
        job.writer = None
        self.cancelButton.setEnabled(False)
        data = bytes(job.buffer.data().data()) if job.buffer is not None else b""
        path = job.path
        if path is None:
            return
        self.statusLabel.setText(self.tr("Saving…"))
        self._run_io(lambda: write_file(path, data),
                     lambda _result: self._on_saved(job, path),
                     lambda error: self._on_save_error(job, path, error))

    def _on_saved(self, job: _Job, path: Path) -> None:
        if self._job is not job:
            return
        self._set_busy(None)
        self.statusLabel.setText(localized(QT_TRANSLATE_NOOP(
            "KennelCardDialog",
            "Saved to {path}.").format(
            path=str(path))))
        self.saved.emit(str(path))

    def _on_save_error(self, job: _Job, path: Path, error: BaseException) -> None:
        if self._job is not job:
            return
        self._set_busy(None)
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        self.statusLabel.setText(localized(QT_TRANSLATE_NOOP(
            "KennelCardDialog",
            "The PDF could not be saved to {path}: {reason}.").format(
            path=str(path), reason=reason)))

    def _on_failed(self, message: str) -> None:
        self._set_busy(None)
        self.statusLabel.setText(message)

    def reject(self) -> None:
        if self.busy:
            if self.cancelButton.isEnabled():
                self._cancel_job()
            return
        super().reject()


class _Job:
    """One print or save in progress."""

    def __init__(self, *, printer: QPrinter | None = None, writer: QPdfWriter | None = None,
                 buffer: QBuffer | None = None, path: Path | None = None) -> None:
        self.printer = printer
        self.writer = writer
        self.buffer = buffer
        self.path = path

    @property
    def device(self) -> QPagedPaintDevice:
        device = self.printer if self.printer is not None else self.writer
        if device is None:
            raise RuntimeError("job without a device")
        return device
