"""A file read as a table of text cells: what every reader returns.

Bounds (:class:`ReadLimits`), chosen for shelter intake sheets and hostile files alike:

* ``max_file_bytes`` (200 MB): a larger file is refused before reading a byte of it.
* ``max_rows`` (100,000 data rows): one day of the Business plan's quota. Reading stops at
  the first row over the bound, so a 1 GB CSV costs the time to read 100,000 rows.
* ``max_columns`` (1,000) and ``max_cell_chars`` (32,767, Excel's own cell limit): a
  longer cell stops the read with the row named.
* ``max_line_chars`` (1,048,576): a CSV line is read at most this far, so a 10 MB cell or a
  file without line breaks never sits in memory whole.
* ``max_unpacked_bytes`` (512 MB) and ``max_ratio`` (200): an xlsx/ods is a zip; its
  declared unpacked size and per-part compression ratio are checked before the spreadsheet
  library opens it, which stops zip bombs (real sheets pack 5-20 times).

Memory therefore stays below roughly the unpacked bound for spreadsheets, and a few
megabytes plus the kept cells for CSV (the preview keeps only the mapped columns).
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import NamedTuple

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.services.importing.errors import FileRejected
from petdesk.services.importing.mapping import looks_like_header


class FileKind(enum.StrEnum):
    CSV = "csv"
    XLSX = "xlsx"
    XLSB = "xlsb"
    XLS = "xls"
    ODS = "ods"


@dataclass(frozen=True)
class ReadLimits:
    max_file_bytes: int = 200 * 1024 * 1024
    max_rows: int = 100_000
    max_columns: int = 1_000
    max_cell_chars: int = 32_767
    max_line_chars: int = 1024 * 1024
    max_unpacked_bytes: int = 512 * 1024 * 1024
    max_ratio: int = 200


DEFAULT_LIMITS = ReadLimits()


@dataclass(frozen=True)
class SourceInfo:
    """What was detected about the file (shown in the preview: "CSV · Windows-1252 · ;")."""

    path: Path
    kind: FileKind
    size_bytes: int
    #: SHA-256 of the file's bytes: identifies "this same file" across restarts.
    fingerprint: str
    #: CSV only: the Python codec name and the delimiter.
    encoding: str | None = None
    delimiter: str | None = None
    #: Spreadsheets only: the sheet read, and every visible worksheet (to choose from).
    sheet: str | None = None
    sheets: tuple[str, ...] = ()

    def describe(self) -> str:
        return " · ".join(self.parts())

    def parts(self) -> list[str]:
        """The pieces of :meth:`describe`, each marked for translation."""
        parts = [self.kind.value.upper()]
        if self.encoding is not None:
            parts.append(ENCODING_LABELS.get(self.encoding, self.encoding))
        if self.delimiter is not None:
            parts.append(QT_TRANSLATE_NOOP("Import", "separated by {delimiter}").format(
                delimiter=DELIMITER_LABELS.get(self.delimiter, self.delimiter)))
        if self.sheet is not None:
            parts.append(QT_TRANSLATE_NOOP("Import", "sheet “{sheet}”").format(sheet=self.sheet))
        return parts


ENCODING_LABELS = {
    "utf-8": "UTF-8",
    "utf-8-sig": QT_TRANSLATE_NOOP("Import", "UTF-8 (with BOM)"),
    "utf-16": "UTF-16",
    "utf-16-le": "UTF-16 LE",
    "utf-16-be": "UTF-16 BE",
    "utf-32": "UTF-32",
    "cp1252": "Windows-1252",
    "latin-1": "Latin-1",
}
DELIMITER_LABELS = {",": QT_TRANSLATE_NOOP("Import", "commas"),
                    ";": QT_TRANSLATE_NOOP("Import", "semicolons"),
                    "\t": QT_TRANSLATE_NOOP("Import", "tabs"),
                    "|": QT_TRANSLATE_NOOP("Import", "pipes")}


class RawRow(NamedTuple):
    """One row: its number as the spreadsheet shows it (1 = first line) and its cells."""

    number: int
    cells: tuple[str, ...]

    @property
    def blank(self) -> bool:
        return not "".join(self.cells).strip()


def column_letter(index: int) -> str:
    """0 → ``A``, 25 → ``Z``, 26 → ``AA`` (as spreadsheets name columns)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


class Table:
    """An open file: its header row, then its data rows, read lazily.

    Iterate :meth:`rows` once. :meth:`fraction_read` says how far into the file the reader
    is (0..1), for a progress bar. Use as a context manager, or call :meth:`close`.
    """

    def __init__(self, info: SourceInfo, header: RawRow, rows: Iterator[RawRow],
                 fraction_read: Callable[[], float], close: Callable[[], None],
                 first_column: int = 0) -> None:
        self.info = info
        self.header = header
        self._rows = rows
        self._fraction_read = fraction_read
        self._close = close
        #: Offset of the first cell's column (a sheet may start at column C).
        self.first_column = first_column

    @property
    def headers(self) -> tuple[str, ...]:
        return self.header.cells

    def column_name(self, index: int) -> str:
        """``Category ID (column C)`` style name of a column, for messages."""
        letter = column_letter(self.first_column + index)
        title = self.header.cells[index].strip() if index < len(self.header.cells) else ""
        return f"{title} (column {letter})" if title else f"column {letter}"

    def rows(self) -> Iterator[RawRow]:
        return self._rows

    def fraction_read(self) -> float:
        return self._fraction_read()

    def close(self) -> None:
        self._close()

    def __enter__(self) -> Table:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def data_rows(records: Iterator[RawRow], limits: ReadLimits) -> Iterator[RawRow]:
    """The non-blank rows after the header, stopping past ``limits.max_rows``."""
    count = 0
    for row in records:
        if row.blank:
            continue
        count += 1
        if count > limits.max_rows:
            raise FileRejected(
                f"This file has more than {limits.max_rows:,} rows. PetDesk imports up to "
                f"{limits.max_rows:,} at a time: split it into smaller files.")
        yield row


#: How many non-blank rows may come before the header (a title, a date, a note).
HEADER_LOOK_AHEAD = 10


def find_header(records: Iterator[RawRow]) -> tuple[RawRow | None, Iterator[RawRow]]:
    """The header row and the rows after it.

    The header is the first of the first :data:`HEADER_LOOK_AHEAD` non-blank rows that
    names the fields (:func:`~petdesk.services.importing.mapping.looks_like_header`); the rows above
    it (a sheet title, a date) are not data and are dropped. When none does, it is the
    first non-blank row, and the user maps the columns by hand.
    """
    buffered: list[RawRow] = []
    for row in records:
        if row.blank:
            continue
        if looks_like_header(row.cells):
            return row, records
        buffered.append(row)
        if len(buffered) >= HEADER_LOOK_AHEAD:
            break
    if not buffered:
        return None, records
    return buffered[0], itertools.chain(buffered[1:], records)
