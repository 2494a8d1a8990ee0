"""Writing tables to CSV and xlsx: exports of pets, and the import result report.

* **CSV** is UTF-8 *with* a byte-order mark (Excel on Windows reads a BOM-less file as
  the local code page and turns ``Zoë`` into ``ZoÃ«``), comma-separated, CRLF line ends,
  quoted only where needed (a cell with a comma, quote or line break). Cells that a
  spreadsheet would run as a formula are neutralised (:mod:`petdesk.services.importing.cells`).
* **xlsx** is written by openpyxl in write-only mode (memory stays flat however many
  rows), every text cell typed as a string so none is ever a formula, with the header
  row frozen. Control characters an xlsx cannot hold become U+FFFD. Whole numbers
  beyond 15 digits (ids are int64) are written as text: a spreadsheet number would
  round them.
* Files are written beside the target and renamed over it only when complete, so a
  cancelled or failed export never leaves half a file in place of a good one.
* An export's status column holds the service's codes (``available``, ``pending``,
  ``sold``, empty for none), in English in every language: its header says so,
  ``Status (available/pending/sold)``, and an import reads that header as the status.
"""

from __future__ import annotations

import contextlib
import csv
import enum
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font

from petdesk.api.models import Pet
from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.services.importing.cells import CellValue, neutralise_formula, xml_safe
from petdesk.services.importing.control import (
    CancelToken,
    ProgressCallback,
    StepProgress,
    no_progress,
    raise_if_cancelled,
)
from petdesk.services.importing.report import REPORT_HEADER, ImportReport

if TYPE_CHECKING:
    from openpyxl.cell.cell import Cell
    from openpyxl.styles import Font
    from openpyxl.worksheet._write_only import WriteOnlyWorksheet

#: The status column holds the service's codes, in English whatever the window's
#: language (what an import reads back, and what other software exchanges): the header
#: says which codes they are.
PET_HEADER = ("ID", "Name", "Category ID", "Status (available/pending/sold)")
_EXACT_IN_A_SPREADSHEET = 10**15 - 1
_PROGRESS_EVERY = 1_000


class ExportFormat(enum.StrEnum):
    CSV = "csv"
    XLSX = "xlsx"

    @classmethod
    def for_path(cls, path: Path) -> ExportFormat:
        """xlsx for ``*.xlsx``, CSV for anything else."""
        return cls.XLSX if path.suffix.casefold() == ".xlsx" else cls.CSV


#: File-dialog filter for Save As.
SAVE_FILTER = QT_TRANSLATE_NOOP(
    "ImportDialog", "Excel workbook (*.xlsx);;CSV, UTF-8 (*.csv)")


def pet_row(pet: Pet) -> tuple[CellValue, ...]:
    return (pet.id, pet.name, pet.category_id, pet.status.value if pet.status else "")


@contextmanager
def _replacing(path: Path) -> Iterator[Path]:
    partial = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        yield partial
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


class _Counter:
    def __init__(self, progress: ProgressCallback, cancel: CancelToken | None) -> None:
        self.rows = 0
        self._progress = progress
        self._cancel = cancel

    def tick(self) -> None:
        self.rows += 1
        if self.rows % _PROGRESS_EVERY == 0:
            raise_if_cancelled(self._cancel)
            self._progress(StepProgress(self.rows, 0.0))


def _csv_text(value: CellValue) -> str:
    if value is None:
        return ""
    if isinstance(value, int):
        return str(value)
    return neutralise_formula(value)


def _write_csv(target: Path, header: Sequence[str], rows: Iterable[Sequence[CellValue]],
               counter: _Counter) -> None:
    with target.open("w", encoding="utf-8-sig", newline="") as stream:
        writer = csv.writer(stream, quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n")
        writer.writerow([_csv_text(cell) for cell in header])
        for row in rows:
            writer.writerow([_csv_text(cell) for cell in row])
            counter.tick()


def _xlsx_cell(new_cell: Callable[..., Cell], value: CellValue,
               bold: Font | None = None) -> Cell:
    """A write-only cell (``new_cell``: openpyxl's ``WriteOnlyCell`` bound to its sheet)."""
    if isinstance(value, int) and abs(value) > _EXACT_IN_A_SPREADSHEET:
        value = str(value)  # a spreadsheet number has 15 significant digits: keep it exact
    if isinstance(value, str) and value:
        cell = new_cell(value=xml_safe(value))
        cell.data_type = "s"  # never a formula, whatever the text begins with
    else:
        cell = new_cell(value=None if value == "" else value)  # "": empty
    if bold is not None:
        cell.font = bold
    return cell


def _write_xlsx(target: Path, header: Sequence[str], rows: Iterable[Sequence[CellValue]],
                counter: _Counter, sheet_title: str) -> None:
    book = Workbook(write_only=True)
    sheet = book.create_sheet(sheet_title[:31])
    sheet.freeze_panes = "A2"
    for index, title in enumerate(header):
        letter = chr(ord("A") + index) if index < 26 else None
        if letter is not None:
            sheet.column_dimensions[letter].width = max(10, min(40, len(title) + 4))
    try:
        new_cell = partial(WriteOnlyCell, sheet)
        bold = Font(bold=True)
        sheet.append([_xlsx_cell(new_cell, title, bold) for title in header])
        for row in rows:
            sheet.append([_xlsx_cell(new_cell, cell) for cell in row])
            counter.tick()
    except BaseException:
        _discard(sheet)
        raise
    book.save(target)


def _discard(sheet: WriteOnlyWorksheet) -> None:
    """Close an abandoned write-only sheet and delete the temporary file openpyxl streams
    its rows to (it would otherwise stay until the app exits, and its half-written XML
    generator would complain when collected)."""
    with contextlib.suppress(Exception):
        sheet.close()
    writer = getattr(sheet, "_writer", None)
    if writer is not None:
        with contextlib.suppress(OSError):
            writer.cleanup()


def write_table(path: Path | str, header: Sequence[str], rows: Iterable[Sequence[CellValue]],
                fmt: ExportFormat | None = None, *, sheet_title: str = "Pets",
                progress: ProgressCallback = no_progress,
                cancel: CancelToken | None = None) -> int:
    """Write ``header`` and ``rows`` to ``path`` (format from the suffix unless given).

    ``rows`` may be a generator that fetches pages as it goes: it is consumed once,
    streaming. Returns the number of rows written. Raises ``OSError`` (disk full, no
    permission) and :class:`~petdesk.services.importing.errors.ImportCancelled`; the target is then
    left as it was.
    """
    path = Path(path)
    fmt = fmt or ExportFormat.for_path(path)
    counter = _Counter(progress, cancel)
    with _replacing(path) as target:
        if fmt is ExportFormat.XLSX:
            _write_xlsx(target, header, rows, counter, sheet_title)
        else:
            _write_csv(target, header, rows, counter)
    progress(StepProgress(counter.rows, 1.0))
    return counter.rows


def export_pets(path: Path | str, pets: Iterable[Pet], fmt: ExportFormat | None = None, *,
                progress: ProgressCallback = no_progress,
                cancel: CancelToken | None = None) -> int:
    """Export pets (the selected rows, or a generator over every page of a query)."""
    return write_table(path, PET_HEADER, (pet_row(pet) for pet in pets), fmt,
                       progress=progress, cancel=cancel)


def write_report(report: ImportReport, path: Path | str, fmt: ExportFormat | None = None, *,
                 cancel: CancelToken | None = None) -> int:
    """Save the import result report (every row: its id, or why it was not sent)."""
    return write_table(path, REPORT_HEADER, (result.cells() for result in report), fmt,
                       sheet_title="Import result", cancel=cancel)
