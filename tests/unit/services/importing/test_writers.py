"""Exports to CSV and xlsx: Excel-friendly, formula-safe, atomic, and round-trip exact."""

from __future__ import annotations

import csv
import io
import tempfile
from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from petdesk.api.models import NewPet, Pet
from petdesk.core.statuses import PetStatus
from petdesk.services.importing.cells import neutralise_formula, restore_formula_escape
from petdesk.services.importing.control import CancelToken, StepProgress
from petdesk.services.importing.errors import ImportCancelled
from petdesk.services.importing.mapping import suggest_mapping
from petdesk.services.importing.preview import build_preview
from petdesk.services.importing.readers import open_table
from petdesk.services.importing.writers import ExportFormat, export_pets, write_table

PETS = [
    Pet(id=1, name="=HYPERLINK(\"http://evil\",\"click\")", categoryId=2, status="available"),
    Pet(id=2, name='Zoë, "the" cat', categoryId=3),
    Pet(id=3, name="+1 friend", categoryId=1, status="sold"),
    Pet(id=4, name="-dash", categoryId=1),
    Pet(id=5, name="@mention", categoryId=1),
    Pet(id=6, name="'already quoted", categoryId=1),
]


def test_csv_is_utf8_with_bom_crlf_and_quoted_where_needed(tmp_path: Path) -> None:
    path = tmp_path / "pets.csv"
    assert export_pets(path, PETS[:2]) == 2
    assert path.read_bytes() == (
        b"\xef\xbb\xbfID,Name,Category ID,Status (available/pending/sold)\r\n"
        b"1,\"'=HYPERLINK(\"\"http://evil\"\",\"\"click\"\")\",2,available\r\n"
        b"2,\"Zo\xc3\xab, \"\"the\"\" cat\",3,\r\n")


@pytest.mark.parametrize(("text", "written"), [
    ("=1+1", "'=1+1"), ("+1", "'+1"), ("-1", "'-1"), ("@SUM(A1)", "'@SUM(A1)"),
    ("\tx", "'\tx"), ("\rx", "'\rx"), ("'x", "''x"), ("Rex", "Rex"), ("", ""),
    ("a=b", "a=b"),
])
def test_formula_neutralising_is_reversible(text: str, written: str) -> None:
    assert neutralise_formula(text) == written
    assert restore_formula_escape(written) == text


def test_xlsx_text_cells_are_never_formulas(tmp_path: Path) -> None:
    path = tmp_path / "pets.xlsx"
    export_pets(path, PETS)
    sheet = openpyxl.load_workbook(path).worksheets[0]
    assert [c.value for c in sheet[1]] == ["ID", "Name", "Category ID",
                                           "Status (available/pending/sold)"]
    names = [row[1] for row in sheet.iter_rows(min_row=2)]
    assert [c.value for c in names] == [p.name for p in PETS]
    assert {c.data_type for c in names} == {"s"}
    assert sheet.freeze_panes == "A2"
    assert isinstance(sheet["A2"].value, int)


def test_xlsx_replaces_characters_it_cannot_hold(tmp_path: Path) -> None:
    path = tmp_path / "ctl.xlsx"
    export_pets(path, [Pet(id=1, name="bad\x01name", categoryId=1)])
    assert openpyxl.load_workbook(path).worksheets[0]["B2"].value == "bad\ufffdname"


def test_a_cancelled_export_leaves_the_old_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "pets.csv"
    path.write_text("the good old export", encoding="utf-8")
    token = CancelToken()
    many = [Pet(id=i, name=f"P{i}", categoryId=1) for i in range(1, 5_001)]

    def cancel(step: StepProgress) -> None:
        if step.rows >= 2_000:
            token.cancel()

    with pytest.raises(ImportCancelled):
        export_pets(path, many, progress=cancel, cancel=token)
    assert path.read_text(encoding="utf-8") == "the good old export"
    assert list(tmp_path.iterdir()) == [path]


def test_a_failing_page_fetch_leaves_no_partial_file(tmp_path: Path) -> None:
    def pages() -> list[Pet]:
        raise OSError("network went away")

    path = tmp_path / "pets.xlsx"
    with pytest.raises(OSError, match="network went away"):
        write_table(path, ["ID"], ([p] for p in pages()))
    assert list(tmp_path.iterdir()) == []


def test_the_format_follows_the_suffix() -> None:
    assert ExportFormat.for_path(Path("a.XLSX")) is ExportFormat.XLSX
    assert ExportFormat.for_path(Path("a.csv")) is ExportFormat.CSV
    assert ExportFormat.for_path(Path("a.txt")) is ExportFormat.CSV


def test_excel_style_csv_reading_sees_plain_text() -> None:
    """What a spreadsheet shows for the neutralised cell: the apostrophe and the text."""
    buffer = io.StringIO()
    csv.writer(buffer).writerow([neutralise_formula("=cmd|' /C calc'!A0")])
    assert not next(csv.reader(io.StringIO(buffer.getvalue())))[0].startswith("=")


names = st.text(
    alphabet=st.characters(blacklist_categories=("Cc", "Cf", "Cs")), min_size=1, max_size=40,
).filter(lambda s: bool(s.strip()) and s == s.strip())
pets = st.lists(st.builds(
    Pet, id=st.integers(1, 2**63 - 1), name=names,
    categoryId=st.integers(1, 2**63 - 1),
    status=st.sampled_from([None, *PetStatus]),
), max_size=30)


def _reimport(path: Path) -> list[NewPet]:
    with open_table(path) as table:
        preview = build_preview(table, suggest_mapping(table.headers).mapping)
    assert not preview.invalid_rows
    return [row.pet for row in preview.rows if row.pet is not None]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pets=pets, fmt=st.sampled_from(list(ExportFormat)))
def test_export_then_import_gives_the_same_pets(pets: list[Pet], fmt: ExportFormat) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"pets.{fmt.value}"
        export_pets(path, pets, fmt)
        if not pets:
            with open_table(path) as table:
                assert table.headers == ("ID", "Name", "Category ID",
                                         "Status (available/pending/sold)")
            return
        back = _reimport(path)
    assert back == [NewPet(name=p.name, categoryId=p.category_id, status=p.status)
                    for p in pets]


def test_int64_ids_stay_exact_in_xlsx(tmp_path: Path) -> None:
    path = tmp_path / "big.xlsx"
    export_pets(path, [Pet(id=2**63 - 1, name="Rex", categoryId=10**16 + 1)])
    with open_table(path) as table:
        assert [row.cells for row in table.rows()] == [
            ("9223372036854775807", "Rex", "10000000000000001", "")]


def test_a_zero_id_from_the_server_is_written(tmp_path: Path) -> None:
    path = tmp_path / "zero.xlsx"
    export_pets(path, [Pet(id=0, name="Odd", categoryId=-1)])
    assert [c.value for c in openpyxl.load_workbook(path).worksheets[0][2]] == [
        0, "Odd", -1, None]


def test_an_abandoned_xlsx_export_leaves_no_temporary_file(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           ) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    token = CancelToken()
    token.cancel()
    many = [Pet(id=i, name=f"P{i}", categoryId=1) for i in range(1, 1_001)]
    with pytest.raises(ImportCancelled):
        export_pets(tmp_path / "out.xlsx", many, cancel=token)
    assert list((tmp_path / "tmp").iterdir()) == []
    assert not (tmp_path / "out.xlsx").exists()
