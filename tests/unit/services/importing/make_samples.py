"""Writes resources/samples/intake-sample.xlsx and .csv (run it after editing the rows).

    .venv/bin/python tests/unit/services/importing/make_samples.py

A shelter's intake day: 30 animals as a volunteer typed them, with the usual problems
left in on purpose (see PROBLEMS); tests/unit/services/importing/test_samples.py checks what
PetDesk makes
of them.
"""

from __future__ import annotations

import csv
import datetime as dt
from pathlib import Path

import openpyxl
from openpyxl.styles import Font

ROOT = Path(__file__).resolve().parents[4]
SAMPLES = ROOT / "resources" / "samples"

HEADER = ["Animal name", "Species", "Category ID", "Adoption status", "Breed", "Sex",
          "Age (years)", "Intake date", "Kennel", "Notes"]
ROWS: list[list[object]] = [
    ["Biscuit", "Dog", 1, "Available", "Beagle mix", "M", 3, "2026-11-02", "D-01",
     "Friendly, good with kids"],
    ["Luna", "Cat", 2, "available", "Domestic shorthair", "F", 2, "2026-11-02", "C-04",
     "Shy at first"],
    ["Max", "Dog", 1, "Pending", "German shepherd", "M", 5, "2026-11-02", "D-02",
     "Adoption visit Saturday"],
    ["Mochi", "Rabbit", 3, "AVAILABLE", "Holland lop", "F", 1, "2026-11-03", "R-01", ""],
    ["Señor Bigotes", "Cat", 2, "", "Maine coon", "M", 7, "2026-11-03", "C-01",
     "Needs dental check"],
    ["Zoë", "Dog", 1, "available", "Border collie", "F", 4, "2026-11-03", "D-03",
     "Very energetic"],
    ["Pepper", "Cat", 2, "sold", "Tabby", "F", 6, "2026-11-03", "C-02",
     "Adopted by the Nguyen family"],
    ["Kiwi", "Bird", 4, "Available", "Budgerigar", "M", 1, "2026-11-04", "B-01", ""],
    ["Rocky", "Dog", 1, "Available", "Boxer", "M", 8, "2026-11-04", "D-04",
     "Senior, loves naps"],
    ["Cleo", "Cat", 2, "Pending", "Siamese", "F", 3, "2026-11-04", "C-03", ""],
    ["Thumper", "Rabbit", 3, "Available", "Lionhead", "M", 2, "2026-11-04", "R-02", ""],
    ["Bella", "Dog", 1, "available", "Labrador", "F", 2, "2026-11-05", "D-05",
     "Hoarding case #2611"],
    ["Bella", "Dog", 1, "Available", "Labrador", "F", 2, "2026-11-05", "D-05",
     "Hoarding case #2611 (typed twice)"],
    ["Oliver", "Cat", 2, "", "Ragdoll", "M", 4, "2026-11-05", "C-05", ""],
    ["", "Dog", 1, "Available", "Chihuahua", "F", 1, "2026-11-05", "D-06",
     "Name not known yet"],
    ["Nala", "Cat", "cat", "Available", "Bengal", "F", 2, "2026-11-05", "C-06",
     "Category typed as a word"],
    ["Sunny", "Bird", 4, "Adopted", "Cockatiel", "M", 3, "2026-11-06", "B-02",
     "Status not one PetDesk knows"],
    ["Duke", "Dog", 1, "pending", "Great Dane", "M", 6, "2026-11-06", "D-07", ""],
    ["Hazel", "Rabbit", 3, "available", "Mini rex", "F", 1, "2026-11-06", "R-03", ""],
    ["Milo", "Cat", 2, "Available", "Tuxedo", "M", 1, "2026-11-06", "C-07", ""],
    ["Daisy", "Dog", 0, "Available", "Poodle mix", "F", 9, "2026-11-07", "D-08",
     "Category 0 does not exist"],
    ["Gizmo", "Cat", 2, "Sold", "Persian", "M", 10, "2026-11-07", "C-08", ""],
    ["Ruby", "Dog", 1, "Available", "Staffordshire terrier", "F", 3, "2026-11-07", "D-09",
     ""],
    ["Tiki", "Bird", 4, "pending", "Lovebird", "F", 2, "2026-11-07", "B-03", ""],
    ["Shadow", "Cat", 2, "available", "Black shorthair", "M", 5, "2026-11-08", "C-09", ""],
    ["Cooper", "Dog", 1, "Available", "Golden retriever", "M", 1, "2026-11-08", "D-10", ""],
    ["Clover", "Rabbit", 3, "", "Dutch", "F", 3, "2026-11-08", "R-04", ""],
    ["Luna", "Cat", 2, "Available", "Domestic shorthair", "F", 2, "2026-11-08", "C-04",
     "Same cat as row 3?"],
    ["Ziggy", "Dog", 1, "Available", "Jack Russell", "M", 4, "2026-11-08", "D-11", ""],
    ["Pip", "Bird", 4, "available", "Canary", "M", 1, "2026-11-08", "B-04", ""],
]
#: Row number as the spreadsheet shows it → what is wrong on purpose.
PROBLEMS = {
    14: "duplicate of row 13 (Bella typed twice)",
    16: "no name",
    17: "category typed as a word (“cat”)",
    18: "status “Adopted” is not available/pending/sold",
    22: "category 0",
    29: "duplicate of row 3 (Luna again)",
}


def _typed(row: list[object]) -> list[object]:
    return [dt.date.fromisoformat(v) if i == 7 else v for i, v in enumerate(row)]


def main() -> None:
    SAMPLES.mkdir(parents=True, exist_ok=True)
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Intake 2026-11"
    sheet.append(HEADER)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for row in ROWS:
        sheet.append(_typed(row))
    sheet.freeze_panes = "A2"
    for letter, width in zip("ABCDEFGHIJ", (16, 9, 12, 16, 22, 5, 11, 12, 8, 34), strict=True):
        sheet.column_dimensions[letter].width = width
    book.properties.creator = "PetDesk sample"
    book.save(SAMPLES / "intake-sample.xlsx")
    with (SAMPLES / "intake-sample.csv").open("w", encoding="utf-8-sig", newline="") as out:
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(HEADER)
        writer.writerows(ROWS)


if __name__ == "__main__":
    main()
