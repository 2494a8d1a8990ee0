"""Open any supported file as a :class:`~petdesk.services.importing.table.Table`: the one entry
point.

The kind is decided from the content, not the name (staff rename files): a zip with
``xl/workbook.xml`` is xlsx, an OpenDocument zip is ods, an OLE2 file is xls, and
anything else is read as CSV (text).
"""

from __future__ import annotations

from pathlib import Path

from petdesk.core.wording import QT_TRANSLATE_NOOP
from petdesk.services.importing.csv_reader import open_csv
from petdesk.services.importing.errors import FileRejected
from petdesk.services.importing.spreadsheet_reader import open_spreadsheet, sniff_kind
from petdesk.services.importing.table import DEFAULT_LIMITS, ReadLimits, Table


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
        raise FileRejected(QT_TRANSLATE_NOOP("Import", "“{file}” no longer exists.").format(
            file=path.name)) from error
    except OSError as error:
        raise FileRejected(QT_TRANSLATE_NOOP(
            "Import", "“{file}” could not be opened ({reason}).").format(
            file=path.name, reason=error.strerror)) from error
    if not path.is_file():
        raise FileRejected(QT_TRANSLATE_NOOP("Import", "“{file}” is not a file.").format(
            file=path.name))
    if size > limits.max_file_bytes:
        raise FileRejected(QT_TRANSLATE_NOOP(
            "Import", "“{file}” is {size:,} MB; PetDesk imports files up to {limit:,} MB. "
            "Split it into smaller files.").format(
            file=path.name, size=round(size / 1e6), limit=round(limits.max_file_bytes / 1e6)))
    if size == 0:
        raise FileRejected(QT_TRANSLATE_NOOP("Import", "“{file}” is empty.").format(
            file=path.name))
    try:
        kind = sniff_kind(path)
        if kind is not None:
            return open_spreadsheet(path, kind, limits, sheet)
        return open_csv(path, limits, encoding=encoding, delimiter=delimiter)
    except PermissionError as error:
        raise FileRejected(QT_TRANSLATE_NOOP(
            "Import", "PetDesk may not read “{file}” (permission denied).").format(
            file=path.name)) from error
    except OSError as error:
        raise FileRejected(QT_TRANSLATE_NOOP(
            "Import", "“{file}” could not be read ({reason}).").format(
            file=path.name, reason=error.strerror)) from error
