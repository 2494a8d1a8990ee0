"""Real test files, written by the libraries staff's own programs use (or the stdlib)."""

from __future__ import annotations

import codecs
import csv
import io
from collections.abc import Iterable, Sequence
from pathlib import Path

import openpyxl
from odf.opendocument import OpenDocumentSpreadsheet
from odf.table import Table, TableCell, TableRow
from odf.text import P

from petdesk.api.models import Pet
from petdesk.services.importing.preview import KnownPets

Row = Sequence[object]

#: (label, codec, BOM written first): every encoding the import must detect.
ENCODINGS = [
    ("utf-8", "utf-8", b""),
    ("utf-8-bom", "utf-8", codecs.BOM_UTF8),
    ("utf-16-le-bom", "utf-16-le", codecs.BOM_UTF16_LE),
    ("utf-16-be-bom", "utf-16-be", codecs.BOM_UTF16_BE),
    ("utf-16-le-no-bom", "utf-16-le", b""),
    ("windows-1252", "cp1252", b""),
]
DELIMITERS = [",", ";", "\t", "|"]


def write_csv(path: Path, rows: Sequence[Row], *, codec: str = "utf-8", bom: bytes = b"",
              delimiter: str = ",", lineterminator: str = "\r\n") -> Path:
    text = io.StringIO()
    writer = csv.writer(text, delimiter=delimiter, lineterminator=lineterminator)
    for row in rows:
        writer.writerow(["" if cell is None else cell for cell in row])
    path.write_bytes(bom + text.getvalue().encode(codec))
    return path


def write_xlsx(path: Path, rows: Sequence[Row], *, title: str = "Intake",
               hidden_first: bool = False, origin: tuple[int, int] = (1, 1)) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    if hidden_first:
        sheet.title = "Hidden notes"
        sheet["A1"] = "not pets"
        sheet.sheet_state = "hidden"
        sheet = book.create_sheet(title)
    else:
        sheet.title = title
    top, left = origin
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if value is not None:
                sheet.cell(row=top + r, column=left + c, value=value)  # type: ignore[arg-type]
    book.save(path)
    return path


def write_ods(path: Path, rows: Sequence[Row], *, title: str = "Intake") -> Path:
    doc = OpenDocumentSpreadsheet()
    table = Table(name=title)
    for row in rows:
        tr = TableRow()
        for value in row:
            if value is None or value == "":
                cell = TableCell()
            elif isinstance(value, int | float) and not isinstance(value, bool):
                cell = TableCell(valuetype="float", value=value)
                cell.addElement(P(text=str(value)))
            else:
                cell = TableCell(valuetype="string")
                cell.addElement(P(text=str(value)))
            tr.addElement(cell)
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    doc.save(str(path))
    return path


def known_pets(pets: Iterable[Pet]) -> KnownPets:
    """The service's pets, as the preview compares a file with them."""
    known = KnownPets()
    for pet in pets:
        known.add(pet.name, pet.category_id, pet.status, pet_id=pet.id)
    return known
