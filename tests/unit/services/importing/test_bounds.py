"""Hostile files stay bounded in memory and time (the bounds of ReadLimits, at small scale)."""

from __future__ import annotations

import tempfile
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from petdesk.services.importing.errors import FileRejected
from petdesk.services.importing.mapping import suggest_mapping
from petdesk.services.importing.preview import build_preview
from petdesk.services.importing.readers import open_table
from petdesk.services.importing.table import ReadLimits
from tests.unit.services.importing.files import write_csv, write_xlsx


def _read_all(path: Path, limits: ReadLimits) -> int:
    with open_table(path, limits) as table:
        return sum(1 for _ in table.rows())


def test_a_1_gb_csv_is_refused_before_a_byte_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.csv"
    with path.open("wb") as stream:  # sparse: 1 GB on paper, nothing on disk
        stream.truncate(1 << 30)
    with pytest.raises(FileRejected, match="1,074 MB; PetDesk imports files up to 210 MB"):
        open_table(path)


def test_reading_stops_at_the_row_bound(tmp_path: Path) -> None:
    rows: list[list[object]] = [["Name", "Category"]] + [[f"Pet {i}", 1] for i in range(50)]
    path = write_csv(tmp_path / "many.csv", rows)
    assert _read_all(path, ReadLimits(max_rows=50)) == 50
    with pytest.raises(FileRejected, match="more than 49 rows"):
        _read_all(path, ReadLimits(max_rows=49))


def test_a_spreadsheet_over_the_row_bound_is_refused_before_conversion(tmp_path: Path) -> None:
    rows: list[list[object]] = [["Name", "Category"]] + [[f"Pet {i}", 1] for i in range(30)]
    path = write_xlsx(tmp_path / "many.xlsx", rows)
    with pytest.raises(FileRejected, match="has 30 rows"):
        open_table(path, ReadLimits(max_rows=29))


def test_a_line_without_end_is_never_held_whole(tmp_path: Path) -> None:
    path = tmp_path / "oneline.csv"
    path.write_bytes(b"Name,Category\r\n" + b"x" * 300_000)  # stands for a 10 MB cell
    with pytest.raises(FileRejected, match="Row 2 is longer than 100,000 characters"):
        _read_all(path, ReadLimits(max_line_chars=100_000))


def test_a_quoted_cell_over_many_lines_hits_the_cell_bound(tmp_path: Path) -> None:
    path = tmp_path / "tall.csv"
    path.write_bytes(b'Name,Category\r\n"' + b"line\n" * 20_000 + b'",1\r\n')
    with pytest.raises(FileRejected, match="Row 2"):
        _read_all(path, ReadLimits())


def test_a_huge_cell_in_a_spreadsheet_is_refused_by_the_cell_bound(tmp_path: Path) -> None:
    # xlsx cells hold at most 32,767 characters (openpyxl and calamine cut there), so
    # the bound is tried lower: the same code path as a 10 MB cell.
    path = write_xlsx(tmp_path / "bigcell.xlsx", [["Name", "Category"], ["x" * 20_000, 1]])
    with pytest.raises(FileRejected, match="Row 2 has a cell longer than 10,000"):
        _read_all(path, ReadLimits(max_cell_chars=10_000))


def test_too_many_columns_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "wide.csv"
    path.write_bytes(b"Name,Category\r\n" + b"," * 2_000 + b"\r\n")
    with pytest.raises(FileRejected, match="more than 1,000 columns"):
        _read_all(path, ReadLimits())


def test_a_zip_bomb_xlsx_is_refused_without_unpacking(tmp_path: Path) -> None:
    good = write_xlsx(tmp_path / "good.xlsx", [["Name", "Category"], ["Rex", 1]])
    bomb = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(good) as source, zipfile.ZipFile(
            bomb, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for item in source.infolist():
            data = source.read(item)
            if item.filename == "xl/sharedStrings.xml" or item.filename.endswith("sheet1.xml"):
                data = data + b" " * (50 * 1024 * 1024)  # 50 MB of padding packs to ~50 kB
            target.writestr(item.filename, data)
    with pytest.raises(FileRejected, match="unpacks to far more than its size"):
        open_table(bomb)


def test_the_unpacked_total_is_bounded(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "ok.xlsx", [["Name", "Category"], ["Rex", 1]])
    with pytest.raises(FileRejected, match="unpacks to"):
        open_table(path, ReadLimits(max_unpacked_bytes=1_000))


def test_a_file_over_the_bounds_midway_stops_the_preview_with_the_row(tmp_path: Path) -> None:
    path = tmp_path / "late.csv"
    path.write_bytes(b"Name,Category\r\nRex,1\r\nMia,2\r\n" + b"y" * 5_000 + b"\r\n")
    with open_table(path, ReadLimits(max_line_chars=1_000)) as table:
        mapping = suggest_mapping(table.headers).mapping
        with pytest.raises(FileRejected, match="Row 4 is longer"):
            build_preview(table, mapping)


def test_memory_stays_bounded_on_a_line_without_end(tmp_path: Path) -> None:
    path = tmp_path / "blob.csv"
    with path.open("wb") as stream:
        stream.write(b"Name,Category\r\n")
        for _ in range(16):
            stream.write(b"z" * (1024 * 1024))  # 16 MB, no line break
    tracemalloc.start()
    try:
        with pytest.raises(FileRejected, match="longer than 65,536"):
            _read_all(path, ReadLimits(max_line_chars=65_536))
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * 1024 * 1024  # the encoding scan reads 1 MB chunks; never the file


@settings(max_examples=150, deadline=None)
@given(data=st.binary(max_size=600) | st.text(alphabet=",;|\t\r\n\"'=abc1 é\x00",
                                             max_size=300).map(str.encode))
def test_any_bytes_are_read_or_refused_plainly(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "any.csv"
        path.write_bytes(data)
        try:
            with open_table(path) as table:
                mapping = suggest_mapping(table.headers).mapping
                rows = list(table.rows())
        except FileRejected as error:
            message = str(error)
        else:
            assert all(row.number > table.header.number for row in rows)
            assert mapping.headers == table.headers
            return
    assert message.endswith(".")
