"""Open any supported file as a :class:`~petdesk.bulk.table.Table`: the one entry point.

The kind is decided from the content, not the name (staff rename files): a zip with
``xl/workbook.xml`` is xlsx, an OpenDocument zip is ods, an OLE2 file is xls, and
anything else is read as CSV (text).
"""

from __future__ import annotations

from pathlib import Path

from petdesk.bulk.csv_reader import open_csv
from petdesk.bulk.errors import FileRejected
from petdesk.bulk.spreadsheet_reader import open_spreadsheet, sniff_kind
from petdesk.bulk.table import DEFAULT_LIMITS, ReadLimits, Table
from petdesk.core.wording import QT_TRANSLATE_NOOP

#: File-dialog filter text and the suffixes PetDesk offers to open.
OPEN_FILTER = QT_TRANSLATE_NOOP(
    "ImportDialog", "Spreadsheets and CSV (*.xlsx *.ods *.xls *.xlsb *.csv *.tsv *.txt)")
SUFFIXES = (".xlsx", ".ods", ".xls", ".xlsb", ".csv", ".tsv", ".txt")


def open_table(path: Path | str, limits: ReadLimits = DEFAULT_LIMITS, *,
               sheet: str | None = None, encoding: str | None = None,
               delimiter: str | None = None) -> Table:
    """Open ``path``; raises :class:`FileRejected` with a staff-worded reason.

    Slow for large files (it reads the whole file once to fingerprint it, and a
    spreadsheet is unpacked): call it on a worker thread.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError as error:
        raise FileRejected(f"“{path.name}” no longer exists.") from error
    except OSError as error:
        raise FileRejected(f"“{path.name}” could not be opened ({error.strerror}).") from error
    if not path.is_file():
        raise FileRejected(f"“{path.name}” is not a file.")
    if size > limits.max_file_bytes:
        raise FileRejected(
            f"“{path.name}” is {size / 1e6:,.0f} MB; PetDesk imports files up to "
            f"{limits.max_file_bytes / 1e6:,.0f} MB. Split it into smaller files.")
    if size == 0:
        raise FileRejected(f"“{path.name}” is empty.")
    try:
        kind = sniff_kind(path)
        if kind is not None:
            return open_spreadsheet(path, kind, limits, sheet)
        return open_csv(path, limits, encoding=encoding, delimiter=delimiter)
    except PermissionError as error:
        raise FileRejected(f"PetDesk may not read “{path.name}” (permission denied).") from error
    except OSError as error:
        raise FileRejected(f"“{path.name}” could not be read ({error.strerror}).") from error
