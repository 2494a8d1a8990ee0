"""CSV files in every encoding and delimiter the import detects, written for real."""

from __future__ import annotations

from pathlib import Path

import pytest

from petdesk.services.importing.csv_reader import detect_delimiter
from petdesk.services.importing.errors import FileRejected
from petdesk.services.importing.readers import open_table
from petdesk.services.importing.table import FileKind
from tests.unit.services.importing.files import DELIMITERS, ENCODINGS, write_csv

ROWS = [
    ["Animal name", "Category ID", "Status", "Notes"],
    ["Zoë", 1, "Available", "found by the café, shy"],
    ["Señor Bigotes", 2, "pending", "ate 3; sleeps a lot"],
    ["Rex | the brave", 3, "", "“quoted” notes"],
    ["Bjørn", 4, "SOLD", 'says "woof"\nthen sleeps'],
]


def _read(path: Path) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    with open_table(path) as table:
        return table.headers, [row.cells for row in table.rows()]


@pytest.mark.parametrize("delimiter", DELIMITERS, ids=["comma", "semicolon", "tab", "pipe"])
@pytest.mark.parametrize(("label", "codec", "bom"), ENCODINGS, ids=[e[0] for e in ENCODINGS])
def test_every_encoding_and_delimiter_reads_back_the_same_cells(
        tmp_path: Path, label: str, codec: str, bom: bytes, delimiter: str) -> None:
    rows = ROWS if codec != "cp1252" else [[str(c).replace("“", '"').replace("”", '"')
                                            for c in row] for row in ROWS]
    path = write_csv(tmp_path / f"{label}.csv", rows, codec=codec, bom=bom,
                     delimiter=delimiter)
    with open_table(path) as table:
        assert table.info.kind is FileKind.CSV
        assert table.info.delimiter == delimiter
        headers = table.headers
        cells = [row.cells for row in table.rows()]
    assert headers == tuple(rows[0])
    assert cells == [tuple(str(c) for c in row) for row in rows[1:]]


@pytest.mark.parametrize(("label", "codec", "bom", "expected"), [
    ("utf-8", "utf-8", b"", "utf-8"),
    ("utf-8-bom", "utf-8", b"\xef\xbb\xbf", "utf-8-sig"),
    ("utf-16-le-bom", "utf-16-le", b"\xff\xfe", "utf-16"),
    ("utf-16-be-bom", "utf-16-be", b"\xfe\xff", "utf-16"),
    ("windows-1252", "cp1252", b"", "cp1252"),
])
def test_the_detected_encoding_is_named(tmp_path: Path, label: str, codec: str, bom: bytes,
                                        expected: str) -> None:
    path = write_csv(tmp_path / "pets.csv", [["Name", "Category"], ["Zoë", 1]],
                     codec=codec, bom=bom)
    with open_table(path) as table:
        assert table.info.encoding == expected


def test_windows_1252_is_found_even_when_the_first_thousand_rows_are_ascii(
        tmp_path: Path) -> None:
    rows: list[list[object]] = [["Name", "Category"]]
    rows += [[f"Pet {i}", 1] for i in range(5_000)] + [["Zoë", 2]]
    path = write_csv(tmp_path / "late.csv", rows, codec="cp1252")
    _headers, cells = _read(path)
    assert cells[-1] == ("Zoë", "2")


def test_bytes_undefined_in_windows_1252_fall_back_to_latin_1(tmp_path: Path) -> None:
    path = tmp_path / "odd.csv"
    path.write_bytes(b"Name,Category\r\nA\x81b,1\r\nZo\xeb,2\r\n")
    with open_table(path) as table:
        assert table.info.encoding == "latin-1"
        assert [row.cells[0] for row in table.rows()] == ["A\x81b", "Zoë"]


@pytest.mark.parametrize(("sample", "expected"), [
    ("Name;Category\nRex, the dog;1\nMia, a cat;2\n", ";"),
    ('Name,Category\n"Rex; the dog",1\n"Mia; a cat",2\n', ","),
    ("Name\tCategory\tStatus\nRex\t1\tsold\n", "\t"),
    ("Name|Category\nRex|1\n", "|"),
    ("Name\nRex\nMia\n", ","),
    ("Name,Category;Status\nRex,1;sold\nMia,2;sold\n", ","),
])
def test_delimiter_detection(sample: str, expected: str) -> None:
    assert detect_delimiter(sample) == expected


def test_rows_are_numbered_as_the_spreadsheet_shows_them(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "gaps.csv", [["", ""], ["Name", "Category"], ["Rex", 1],
                                             ["", ""], ['Mia\nthe cat', 2], ["Bo", 3]])
    with open_table(path) as table:
        assert table.header.number == 2
        assert [(row.number, row.cells[0]) for row in table.rows()] == [
            (3, "Rex"), (5, "Mia\nthe cat"), (6, "Bo")]


def test_formula_escapes_written_by_petdesk_are_removed(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "export.csv", [["Name", "Category"], ["'=1+1", 1],
                                               ["''quoted", 2], ["'plain", 3]])
    _, cells = _read(path)
    assert [c[0] for c in cells] == ["=1+1", "'quoted", "'plain"]


def test_an_empty_file_and_a_blank_file_are_refused_plainly(tmp_path: Path) -> None:
    empty = tmp_path / "empty.csv"
    empty.write_bytes(b"")
    with pytest.raises(FileRejected, match="is empty"):
        open_table(empty)
    blank = tmp_path / "blank.csv"
    blank.write_bytes(b"\r\n,,\r\n")
    with pytest.raises(FileRejected, match="no header row"):
        open_table(blank)


def test_a_missing_file_is_a_clear_message(tmp_path: Path) -> None:
    with pytest.raises(FileRejected, match="no longer exists"):
        open_table(tmp_path / "gone.csv")


def test_encoding_and_delimiter_can_be_forced(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "p.csv", [["Name;Category", "x"], ["Rex;1", "y"]])
    with open_table(path, delimiter=";", encoding="latin-1") as table:
        assert table.headers == ("Name", 'Category,x')


def test_excels_sep_line_decides_and_is_not_a_row(tmp_path: Path) -> None:
    path = tmp_path / "excel.csv"
    path.write_bytes(b"sep=|\r\nName|Category\r\nRex, the dog|1\r\n")
    with open_table(path) as table:
        assert table.info.delimiter == "|"
        assert table.header.number == 1
        assert [row.cells for row in table.rows()] == [("Rex, the dog", "1")]


def test_title_lines_above_the_header_are_skipped(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "titled.csv", [
        ["Hope Shelter: intake, November 2026", "", ""], ["Printed 2026-11-24", "", ""],
        ["", "", ""], ["Pet name", "Category", "Status"], ["Rex", 1, "sold"]])
    with open_table(path) as table:
        assert table.header == (4, ("Pet name", "Category", "Status"))
        assert [row.number for row in table.rows()] == [5]


def test_without_a_recognisable_header_the_first_row_is_the_header(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "odd.csv", [["Called", "Kind"], ["Rex", "1"], ["Mia", "2"]])
    with open_table(path) as table:
        assert table.headers == ("Called", "Kind")
        assert [row.cells[0] for row in table.rows()] == ["Rex", "Mia"]


@pytest.mark.parametrize("end", ["\r", "\n", "\r\n"], ids=["cr", "lf", "crlf"])
def test_any_line_ending(tmp_path: Path, end: str) -> None:
    path = write_csv(tmp_path / "ends.csv", [["Name", "Category"], ["Rex", 1], ["Mia", 2]],
                     lineterminator=end)
    _, cells = _read(path)
    assert cells == [("Rex", "1"), ("Mia", "2")]


def test_an_unknown_encoding_is_a_clear_message(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "p.csv", [["Name", "Category"], ["Rex", 1]])
    with pytest.raises(FileRejected, match="“klingon” is not a text encoding"):
        open_table(path, encoding="klingon")


def test_a_wrong_forced_encoding_is_a_clear_message(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "p.csv", [["Name", "Category"], ["Rex", 1], ["Zoë", 2]],
                     codec="cp1252")
    with pytest.raises(FileRejected, match="This file is not UTF-8 text: choose another"):
        open_table(path, encoding="utf-8")
