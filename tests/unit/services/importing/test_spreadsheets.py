"""xlsx written by openpyxl and ods written by odfpy, read through calamine."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from petdesk.services.importing.errors import FileRejected
from petdesk.services.importing.mapping import suggest_mapping
from petdesk.services.importing.preview import build_preview
from petdesk.services.importing.readers import open_table
from petdesk.services.importing.table import FileKind
from tests.unit.services.importing.files import write_ods, write_xlsx

ROWS: list[list[object]] = [
    ["Pet name", "Category", "Adoption status", "Weight (kg)"],
    ["Zoë", 1, "Available", 4.5],
    ["Señor Bigotes", 2.0, "PENDING", None],
    ["Rex", 3, None, 12],
]
EXPECTED = [("Zoë", "1", "Available", "4.5"), ("Señor Bigotes", "2", "PENDING", ""),
            ("Rex", "3", "", "12")]


def _cells(path: Path) -> tuple[FileKind, tuple[str, ...], list[tuple[str, ...]]]:
    with open_table(path) as table:
        rows = [tuple(row.cells) + ("",) * (4 - len(row.cells)) for row in table.rows()]
        return table.info.kind, table.headers, rows


def test_xlsx_written_by_openpyxl(tmp_path: Path) -> None:
    kind, headers, rows = _cells(write_xlsx(tmp_path / "intake.xlsx", ROWS))
    assert kind is FileKind.XLSX
    assert headers == tuple(ROWS[0])
    assert rows == EXPECTED


def test_ods_written_by_odfpy(tmp_path: Path) -> None:
    kind, headers, rows = _cells(write_ods(tmp_path / "intake.ods", ROWS))
    assert kind is FileKind.ODS
    assert headers == tuple(ROWS[0])
    assert rows == EXPECTED


def test_a_formula_cell_reads_as_its_saved_value(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "formula.xlsx", [["Name", "Category"], ["=A1", 1]])
    _kind, _headers, rows = _cells(path)
    assert rows == [("", "1", "", "")]  # openpyxl saves no computed value


def test_the_kind_comes_from_the_content_not_the_name(tmp_path: Path) -> None:
    xlsx = write_xlsx(tmp_path / "intake.xlsx", ROWS)
    renamed = tmp_path / "intake.csv"
    shutil.copy(xlsx, renamed)
    assert _cells(renamed)[0] is FileKind.XLSX


def test_a_table_that_starts_further_down_names_rows_and_columns_as_shown(
        tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "offset.xlsx", [["Name", "Category"], ["Rex", "x"]],
                      origin=(3, 3))
    with open_table(path) as table:
        assert table.header.number == 3
        mapping = suggest_mapping(table.headers).mapping
        preview = build_preview(table, mapping)
    (issue,) = preview.issues
    assert issue.row == 4
    assert issue.column == "Category (column D)"


def test_the_first_visible_sheet_is_read(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "two.xlsx", ROWS, hidden_first=True)
    with open_table(path) as table:
        assert table.info.sheet == "Intake"
        assert table.info.describe() == "XLSX · sheet “Intake”"
        assert table.info.sheets == ("Intake",)  # the hidden one is not offered


def test_an_unknown_sheet_is_a_clear_message(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "one.xlsx", ROWS)
    with pytest.raises(FileRejected, match="no sheet named “Dogs”"):
        open_table(path, sheet="Dogs")


def test_a_damaged_spreadsheet_is_refused_plainly(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "whole.xlsx", ROWS)
    damaged = tmp_path / "damaged.xlsx"
    damaged.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    with pytest.raises(FileRejected):
        open_table(damaged)


def test_an_empty_sheet_is_refused_plainly(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "empty.xlsx", [])
    with pytest.raises(FileRejected, match="empty"):
        open_table(path)


def test_a_sheet_title_above_the_header_is_skipped(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "titled.xlsx", [
        ["Transfer from Riverside Shelter", None], [None, None],
        ["Animal name", "Category ID"], ["Rex", 1]])
    with open_table(path) as table:
        assert table.header.number == 3
        assert [row.cells for row in table.rows()] == [("Rex", "1")]
