"""xlsx, xlsb, ods and xls reading through python-calamine.

**Why calamine** (measured; ``tests/benchmarks/bench_bulk_libraries.py``, figures in
tests/benchmarks/RESULTS-bulk.md): it reads a 100,000-row xlsx about twenty times faster
than openpyxl's read-only mode and an ods over a hundred times faster than odfpy, reads
all four formats with one API, ships typed wheels for Windows, macOS and Linux, and
needs no other package. openpyxl is kept for *writing* xlsx only.

**Bounds.** xlsx, xlsb and ods are zip files: before calamine sees one, its directory is
checked against :class:`ReadLimits` (total declared unpacked size, and the ratio of each
large part), which refuses zip bombs without unpacking them. calamine then loads the
chosen sheet whole (its memory is bounded by that unpacked size); the row count is
checked from the sheet's dimensions before a row is converted, and cells are converted
to text one row at a time as the preview asks for them.
"""

from __future__ import annotations

import hashlib
import zipfile
from collections.abc import Iterator
from pathlib import Path

import python_calamine as calamine

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.services.importing.cells import cell_text
from petdesk.services.importing.errors import FileRejected
from petdesk.services.importing.table import (
    FileKind,
    RawRow,
    ReadLimits,
    SourceInfo,
    Table,
    data_rows,
    find_header,
)

_ZIP_MAGIC = b"PK\x03\x04"
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"
_LARGE_PART = 1024 * 1024


def sniff_kind(path: Path) -> FileKind | None:
    """The spreadsheet kind from the file's content (not its name), or ``None``."""
    with path.open("rb") as stream:
        head = stream.read(8)
    if head.startswith(_OLE_MAGIC):
        return FileKind.XLS
    if not head.startswith(_ZIP_MAGIC):
        return None
    try:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
            if "mimetype" in names and archive.read("mimetype").strip() == _ODS_MIMETYPE:
                return FileKind.ODS
    except (zipfile.BadZipFile, OSError, KeyError, RuntimeError) as error:
        raise FileRejected(QT_TRANSLATE_NOOP(
            "Import", "This file is damaged: it is not a readable spreadsheet.")) from error
    if "xl/workbook.xml" in names:
        return FileKind.XLSX
    if "xl/workbook.bin" in names:
        return FileKind.XLSB
    return None


def check_zip(path: Path, limits: ReadLimits) -> None:
    """Refuse a zip whose parts unpack beyond the bounds (a zip bomb), before reading it."""
    try:
        with zipfile.ZipFile(path) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, OSError) as error:
        raise FileRejected(QT_TRANSLATE_NOOP(
            "Import", "This file is damaged: it is not a readable spreadsheet.")) from error
    total = 0
    for part in parts:
        total += part.file_size
        packed = max(1, part.compress_size)
        if part.file_size > _LARGE_PART and part.file_size / packed > limits.max_ratio:
            raise FileRejected(
                "This spreadsheet unpacks to far more than its size "
                f"(part “{part.filename}” by {part.file_size // packed:,} times). "
                "It is not an ordinary spreadsheet, so PetDesk does not open it.")
    if total > limits.max_unpacked_bytes:
        raise FileRejected(
            f"This spreadsheet unpacks to {total / 1e6:,.0f} MB; PetDesk opens spreadsheets "
            f"up to {limits.max_unpacked_bytes / 1e6:,.0f} MB unpacked.")


def _fingerprint(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        while chunk := stream.read(1024 * 1024):
            digest.update(chunk)
    return digest.hexdigest()


def _visible_sheets(book: calamine.CalamineWorkbook) -> tuple[str, ...]:
    """The visible worksheets, in order (what a sheet chooser offers)."""
    return tuple(meta.name for meta in book.sheets_metadata
                 if meta.typ == calamine.SheetTypeEnum.WorkSheet
                 and meta.visible == calamine.SheetVisibleEnum.Visible)


def _pick_sheet(book: calamine.CalamineWorkbook, sheet: str | None) -> str:
    if sheet is not None:
        if sheet not in book.sheet_names:
            raise FileRejected(f"This file has no sheet named “{sheet}”.")
        return sheet
    visible = _visible_sheets(book)
    if not visible:
        raise FileRejected("This file has no visible worksheet.")
    return visible[0]


class _SheetRows:
    def __init__(self, sheet: calamine.CalamineSheet, limits: ReadLimits) -> None:
        self._sheet = sheet
        self._limits = limits
        self._height = max(1, sheet.end[0] + 1 if sheet.end else 1)
        self._index = 0

    def records(self) -> Iterator[RawRow]:
        limits = self._limits
        for index, values in enumerate(self._sheet.iter_rows()):
            self._index = index
            if len(values) > limits.max_columns:
                values = values[: limits.max_columns]
            cells = tuple([value if value.__class__ is str else cell_text(value)
                           for value in values])
            number = index + 1
            if cells and max(map(len, cells)) > limits.max_cell_chars:
                raise FileRejected(
                    f"Row {number} has a cell longer than {limits.max_cell_chars:,} characters.")
            yield RawRow(number, cells)
        self._index = self._height

    def fraction(self) -> float:
        return min(1.0, self._index / self._height)


def open_spreadsheet(path: Path, kind: FileKind, limits: ReadLimits,
                     sheet: str | None = None) -> Table:
    """Open the first visible worksheet (or ``sheet``) of an xlsx/xlsb/ods/xls file."""
    if kind is not FileKind.XLS:
        check_zip(path, limits)
    try:
        book = calamine.CalamineWorkbook.from_path(str(path))
    except calamine.PasswordError as error:
        raise FileRejected("This spreadsheet is password-protected: save a copy "
                           "without a password and import that.") from error
    except (calamine.CalamineError, OSError, ValueError) as error:
        raise FileRejected(f"This spreadsheet could not be read ({error}).") from error
    try:
        name = _pick_sheet(book, sheet)
        loaded = book.get_sheet_by_name(name)
        if loaded.height > limits.max_rows + 1:
            raise FileRejected(
                f"Sheet “{name}” has {loaded.height - 1:,} rows. PetDesk imports up to "
                f"{limits.max_rows:,} at a time: split it into smaller files.")
        # iter_rows() starts at row 1 but at the first used column: number rows from 1.
        start_column = loaded.start[1] if loaded.start else 0
        reader = _SheetRows(loaded, limits)
        records = reader.records()
        header, records = find_header(records)
        if header is None:
            raise FileRejected(f"Sheet “{name}” is empty: it has no header row and no pets.")
    except calamine.CalamineError as error:
        book.close()
        raise FileRejected(f"This spreadsheet could not be read ({error}).") from error
    except BaseException:
        book.close()
        raise
    info = SourceInfo(path=path, kind=kind, size_bytes=path.stat().st_size,
                      fingerprint=_fingerprint(path), sheet=name,
                      sheets=_visible_sheets(book))
    return Table(info, header, data_rows(records, limits), reader.fraction, book.close,
                 first_column=start_column)
