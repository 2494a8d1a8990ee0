"""The import result report: every row with its id, or why it was not sent."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from petdesk.core.statuses import PetStatus
from petdesk.services.importing.duplicates import KnownPets
from petdesk.services.importing.mapping import suggest_mapping
from petdesk.services.importing.preview import Decision, build_preview
from petdesk.services.importing.readers import open_table
from petdesk.services.importing.report import REPORT_HEADER, ImportReport, Outcome
from petdesk.services.importing.writers import write_report
from tests.unit.services.importing.files import write_csv


def _report(tmp_path: Path) -> ImportReport:
    path = write_csv(tmp_path / "in.csv", [
        ["Name", "Category", "Status"], ["Rex", 1, "available"], ["", 2, ""],
        ["rex", 1, "Available"], ["Mia", "cat", ""], ["Bo", 3, ""], ["Old", 4, "sold"],
    ])
    known = KnownPets()
    known.add("old", 4, PetStatus.SOLD, pet_id=77)
    with open_table(path) as table:
        preview = build_preview(table, suggest_mapping(table.headers).mapping, known)
    preview.decide(7, Decision.IMPORT)
    return ImportReport.from_preview(preview)


def test_the_report_starts_from_the_preview(tmp_path: Path) -> None:
    report = _report(tmp_path)
    assert [(r.row, r.outcome, r.reason) for r in report] == [
        (2, Outcome.WAITING, ""),
        (3, Outcome.INVALID, "Name must not be blank"),
        (4, Outcome.SKIPPED_DUPLICATE,
         "Possible duplicate: same name, category and status as row 2."),
        (5, Outcome.INVALID, "Category ID must be a whole number like 3, not “cat”"),
        (6, Outcome.WAITING, ""),
        (7, Outcome.WAITING, ""),
    ]


def test_outcomes_are_recorded_and_saved_to_csv_and_xlsx(tmp_path: Path) -> None:
    report = _report(tmp_path)
    report.record(2, Outcome.ADDED, pet_id=1001)
    report.record(6, Outcome.ADDED, pet_id=1002)
    report.record(7, Outcome.REFUSED, reason="The service refused it: name too long.")
    assert report.summary() == ("2 added, 2 invalid, 1 skipped as possible duplicates, "
                                "1 refused by the service")
    assert write_report(report, tmp_path / "report.csv") == 6
    with open_table(tmp_path / "report.csv") as table:
        assert table.headers == REPORT_HEADER
        rows = [row.cells for row in table.rows()]
    assert rows[0] == ("2", "Rex", "1", "available", "Added", "1001", "")
    assert rows[-1] == ("7", "Old", "4", "sold", "Not sent: refused by the service", "",
                        "The service refused it: name too long.")
    write_report(report, tmp_path / "report.xlsx")
    sheet = openpyxl.load_workbook(tmp_path / "report.xlsx").worksheets[0]
    assert sheet.title == "Import result"
    assert [c.value for c in sheet[2]] == [2, "Rex", "1", "available", "Added", 1001, None]
    assert sheet.max_row == 7
