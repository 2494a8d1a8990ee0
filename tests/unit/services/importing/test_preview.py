"""Every row checked with the client's NewPet rules; duplicates flagged; the user decides."""

from __future__ import annotations

from pathlib import Path

import pytest

from petdesk.api.models import NewPet, Pet
from petdesk.core.statuses import PetStatus
from petdesk.services.importing.control import CancelToken, StepProgress
from petdesk.services.importing.duplicates import DuplicateOf, EarlierImport, KnownPets
from petdesk.services.importing.errors import ImportCancelled, MappingError
from petdesk.services.importing.mapping import Field, suggest_mapping
from petdesk.services.importing.preview import (
    Decision,
    Preview,
    RowState,
    build_preview,
    parse_category,
    parse_status,
)
from petdesk.services.importing.readers import open_table
from petdesk.services.importing.report import ImportReport, Outcome
from tests.unit.services.importing.files import write_csv, write_xlsx


def _preview(path: Path, known: KnownPets | None = None,
             names: dict[str, int] | None = None) -> Preview:
    with open_table(path) as table:
        mapping = suggest_mapping(table.headers).mapping
        if names:
            mapping = mapping.with_category_names(names)
        return build_preview(table, mapping, known)


def _messages(preview: Preview) -> list[tuple[int, str, str]]:
    return [(i.row, i.column, i.message) for i in preview.issues]


@pytest.mark.parametrize("text", ["Available", "available", "AVAILABLE", " aVaIlAbLe "])
def test_status_in_any_case(text: str) -> None:
    assert parse_status(text) is PetStatus.AVAILABLE


def test_an_empty_status_is_no_status() -> None:
    assert parse_status("  ") is None


@pytest.mark.parametrize(("text", "expected"), [
    ("3", 3), ("+3", 3), ("003", 3), ("3.0", 3), (" 12 ", 12), ("-4", -4),
])
def test_category_numbers_as_staff_type_them(text: str, expected: int) -> None:
    assert parse_category(text) == expected


def test_every_problem_is_reported_at_its_cell(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "bad.csv", [
        ["Name", "Category ID", "Status"],
        ["Rex", "1", "available"],
        ["", "2", "sold"],
        ["Mia", "dog", "adopted"],
        ["Bo", "0", ""],
        ["Max", "3.5", "Pending"],
        ["x" * 101, "99999999999999999999", ""],
        ["Tab\tby", "", ""],
        ["Ok", "9223372036854775808", ""],
    ])
    preview = _preview(path)
    assert _messages(preview) == [
        (3, "Name (column A)", "Name must not be blank"),
        (4, "Category ID (column B)", "Category ID must be a whole number like 3, not “dog”"),
        (4, "Status (column C)",
         "Status must be available, pending or sold (or empty), not “adopted”"),
        (5, "Category ID (column B)", "Category ID must be 1 or more"),
        (6, "Category ID (column B)", "Category ID must be a whole number like 3, not “3.5”"),
        (7, "Category ID (column B)", "Category ID must be at most 9,223,372,036,854,775,807"),
        (7, "Name (column A)", "Name must be at most 100 characters"),
        (8, "Category ID (column B)", "Category ID is missing"),
        (8, "Name (column A)", "Name must not contain control characters (found U+0009)"),
        (9, "Category ID (column B)", "Category ID must be at most 9,223,372,036,854,775,807"),
    ]
    assert [row.state for row in preview.rows] == [RowState.READY] + [RowState.INVALID] * 7
    assert preview.summary() == "8 rows: 1 ready, 7 invalid, 0 possible duplicates"


def test_the_rules_are_the_clients_own(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "ok.csv", [["Name", "Category", "Status"],
                                           ["  Zoë  ", "4", "SOLD"], ["Rex", "1", ""]])
    preview = _preview(path)
    assert [planned.pet for planned in preview.to_send()] == [
        NewPet(name="Zoë", categoryId=4, status=PetStatus.SOLD),
        NewPet(name="Rex", categoryId=1),
    ]


def test_category_words_become_numbers_when_the_user_said_so(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "species.xlsx", [["Animal name", "Species"], ["Rex", "Dog"],
                                                  ["Tom", "cat"], ["Polly", "Parrot"]])
    preview = _preview(path, names={"dog": 1, "Cat": 2})
    assert [(p.row, p.pet.category_id) for p in preview.to_send()] == [(2, 1), (3, 2)]
    assert _messages(preview) == [
        (4, "Species (column B)", "Category ID must be a whole number like 3 or a word set "
                                  "under Category names, not “Parrot”")]


def test_the_totals_line(tmp_path: Path) -> None:
    rows: list[list[object]] = [["Name", "Category ID", "Status"]]
    rows += [[f"Pet {i}", 1 + i % 5, "available"] for i in range(398)]
    rows += [[f"Bad {i}", "?", ""] for i in range(9)]
    rows += [["pet  0", 1, "Available"], ["PET 1", 2, "AVAILABLE"], ["Pet 2", 3, "available"]]
    rows += [["Known one", 7, ""], ["Known two", 7, "sold"]]
    known = KnownPets()
    for pet in [Pet(id=501, name="Known one", categoryId=7),
                Pet(id=502, name="known two", categoryId=7, status="sold")]:
        known.add(pet.name, pet.category_id, pet.status, pet_id=pet.id)
    preview = _preview(write_csv(tmp_path / "412.csv", rows), known)
    assert preview.summary() == "412 rows: 398 ready, 9 invalid, 5 possible duplicates"
    assert [(row.number, row.duplicate_of) for row in preview.duplicate_rows] == [
        (409, DuplicateOf(row=2)), (410, DuplicateOf(row=3)), (411, DuplicateOf(row=4)),
        (412, DuplicateOf(pet_id=501)), (413, DuplicateOf(pet_id=502))]
    assert len(preview.to_send()) == 398


def test_the_user_decides_on_duplicates(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "d.csv", [["Name", "Category"], ["Rex", 1], ["rex", 1],
                                          ["REX", 1], ["Mia", 2]])
    known = KnownPets()
    known.add("Mia", 2, None)  # waiting in the outbox
    preview = _preview(path, known)
    assert preview.duplicate_rows[-1].duplicate_of == DuplicateOf()
    assert preview.duplicate_rows[-1].duplicate_of.describe() == (
        "same name, category and status as a pet waiting to be sent")
    assert [p.row for p in preview.to_send()] == [2]
    preview.decide(3, Decision.IMPORT)
    assert [p.row for p in preview.to_send()] == [2, 3]
    assert preview.summary() == (
        "4 rows: 1 ready, 0 invalid, 3 possible duplicates (1 to add anyway)")
    preview.decide_all_duplicates(Decision.IMPORT)
    assert [p.row for p in preview.to_send()] == [2, 3, 4, 5]
    preview.decide_all_duplicates(Decision.SKIP)
    assert preview.totals.to_send == 1
    with pytest.raises(ValueError, match="not a possible duplicate"):
        preview.decide(2, Decision.IMPORT)


def test_blank_rows_are_skipped_and_not_counted(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "b.csv", [["Name", "Category"], ["Rex", 1], ["", ""],
                                          [" ", None], ["Mia", 2]])
    assert _preview(path).summary() == "2 rows: 2 ready, 0 invalid, 0 possible duplicates"


def test_keys_are_stable_for_the_same_file(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "k.csv", [["Name", "Category"], ["Rex", 1], ["Mia", 2]])
    first = [p.key for p in _preview(path).to_send()]
    again = [p.key for p in _preview(path).to_send()]
    assert first == again
    assert len(set(first)) == 2


def test_progress_is_reported_and_cancel_stops_it(tmp_path: Path) -> None:
    rows: list[list[object]] = [["Name", "Category"]] + [[f"P{i}", 1] for i in range(5_000)]
    path = write_csv(tmp_path / "p.csv", rows)
    seen: list[StepProgress] = []
    with open_table(path) as table:
        build_preview(table, suggest_mapping(table.headers).mapping,
                      progress=seen.append, chunk=1_000)
    assert [step.rows for step in seen] == [1_000, 2_000, 3_000, 4_000, 5_000, 5_000]
    assert seen[-1].fraction == 1.0
    assert all(0 < step.fraction <= 1 for step in seen)

    token = CancelToken()

    def cancel_at_2000(step: StepProgress) -> None:
        if step.rows >= 2_000:
            token.cancel()

    with open_table(path) as table, pytest.raises(ImportCancelled):
        build_preview(table, suggest_mapping(table.headers).mapping,
                      progress=cancel_at_2000, cancel=token, chunk=1_000)


def test_an_incomplete_mapping_is_refused(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "m.csv", [["Name", "Colour"], ["Rex", "red"]])
    with open_table(path) as table, pytest.raises(
            MappingError, match="Choose the column that holds Category ID"):
        build_preview(table, suggest_mapping(table.headers).mapping)


def test_a_short_row_reads_missing_cells_as_empty(tmp_path: Path) -> None:
    path = tmp_path / "short.csv"
    path.write_text("Name,Category,Status\r\nRex,1\r\nMia\r\n", encoding="utf-8", newline="")
    preview = _preview(path)
    assert preview.row(2).state is RowState.READY
    assert [(i.row, i.field) for i in preview.issues] == [(3, Field.CATEGORY_ID)]


def test_rows_an_earlier_import_of_the_file_added_are_not_counted_to_send(
        tmp_path: Path) -> None:
    path = write_csv(tmp_path / "again.csv", [
        ["Name", "Category ID", "Status"],
        ["Rex", "1", "available"],     # row 2: added before, as 501
        ["Tom", "2", ""],              # row 3: new
        ["rex", "1", "available"],     # row 4: same as row 2, though row 2 is not sent
        ["", "1", ""],                 # row 5: added before, as 502, invalid now
    ])
    with open_table(path) as table:
        preview = build_preview(table, suggest_mapping(table.headers).mapping,
                                earlier=EarlierImport({2: 501, 5: 502}))
    assert [row.state for row in preview.rows] == [
        RowState.ADDED_EARLIER, RowState.READY, RowState.DUPLICATE, RowState.ADDED_EARLIER]
    assert [row.added_as for row in preview.added_earlier_rows] == [501, 502]
    assert preview.duplicate_rows[0].duplicate_of == DuplicateOf(row=2)
    assert not preview.invalid_rows
    totals = preview.totals
    assert (totals.ready, totals.to_send, totals.added_earlier) == (1, 1, 2)
    assert preview.summary() == ("4 rows: 1 ready, 0 invalid, 1 possible duplicate, "
                                 "2 already added by an earlier import of this file")
    assert [item.row for item in preview.to_send()] == [3]
    preview.decide_all_duplicates(Decision.IMPORT)
    assert [item.row for item in preview.to_send()] == [3, 4]
    report = ImportReport.from_preview(preview)
    assert [(r.row, r.outcome, r.pet_id) for r in report if r.outcome is
            Outcome.ADDED_EARLIER] == [(2, Outcome.ADDED_EARLIER, 501),
                                       (5, Outcome.ADDED_EARLIER, 502)]
