"""The files PetDesk can import: their suffixes and the file dialog's filter.

Apart from the readers, so that a file dragged onto the window can be checked without
loading them."""

from __future__ import annotations

from petdesk.core.wording import QT_TRANSLATE_NOOP

__all__ = ["OPEN_FILTER", "SUFFIXES"]

#: File-dialog filter text and the suffixes PetDesk offers to open.
OPEN_FILTER = QT_TRANSLATE_NOOP(
    "ImportDialog", "Spreadsheets and CSV (*.xlsx *.ods *.xls *.xlsb *.csv *.tsv *.txt)")
SUFFIXES = (".xlsx", ".ods", ".xls", ".xlsb", ".csv", ".tsv", ".txt")
