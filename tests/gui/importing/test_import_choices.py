"""Pets › Import… choices a user makes in the dialog, driven through the window: every
CSV encoding and separator detected, the sheet of a workbook with several, category
words named with the named categories, possible duplicates decided for all,
and the rows awaiting a decision after a lost answer answered per row."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from PySide6.QtCore import Qt

from petdesk.core.connection import Connection
from petdesk.core.statuses import PetStatus
from petdesk.gui.importing.category_words import CategoryWordsDialog
from petdesk.gui.importing.import_dialog import PAGE_SENDING
from petdesk.gui.main_window import MainWindow
from petdesk.storage.paths import store_file
from petdesk.storage.rows import Draft
from petdesk.storage.sqlite.store import open_store
from tests.gui.conftest import Sandbox
from tests.helpers import ui
from tests.helpers.drive import type_text, visible_dialog
from tests.helpers.import_driver import (
    HEADER,
    check,
    choose,
    click,
    names_on_server,
    open_import,
    rows_of,
    seeded_ids,
    send_all,
)
from tests.helpers.sandbox_store import every_pet
from tests.unit.services.importing.files import DELIMITERS, ENCODINGS, write_csv

DELIMITER_WORDS = {",": "commas", ";": "semicolons", "\t": "tabs", "|": "pipes"}
CASES = [(*encoding, delimiter) for encoding, delimiter
         in zip(ENCODINGS, itertools.cycle(DELIMITERS), strict=False)]
CASES += [("utf-8", "utf-8", b"", delimiter) for delimiter in DELIMITERS[1:]]


@pytest.mark.parametrize(("label", "codec", "bom", "delimiter"), CASES,
                         ids=[f"{c[0]}-{DELIMITER_WORDS[c[3]]}" for c in CASES])
def test_every_encoding_and_separator_is_detected_and_imported(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        make_window: Callable[..., MainWindow], loopback: Sandbox, label: str, codec: str,
        bom: bytes, delimiter: str) -> None:
    rows = [("Zoë Ñandú", 1, "available"), ("Bärli; the “big” one", 2, "pending"),
            ("Café", 3, "")]
    path = write_csv(tmp_path / f"{label}.csv", rows_of(HEADER, rows), codec=codec, bom=bom,
                     delimiter=delimiter)
    window = make_window(loopback)
    seeded = seeded_ids(loopback)
    dialog = open_import(qtbot, window)
    choose(qtbot, monkeypatch, dialog, path)
    detected = dialog.columnsPage.detectedLabel.text()
    assert detected.endswith(f"separated by {DELIMITER_WORDS[delimiter]}"), detected
    assert check(qtbot, dialog) == "3 rows: 3 ready, 0 invalid, 0 possible duplicates"
    send_all(qtbot, dialog)
    assert names_on_server(loopback, seeded) == Counter(name for name, _c, _s in rows)


def test_the_sheet_of_a_workbook_with_several_is_chosen(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        make_window: Callable[..., MainWindow], loopback: Sandbox) -> None:
    path = tmp_path / "shelter.xlsx"
    book = openpyxl.Workbook()
    notes = book.active
    assert notes is not None
    notes.title = "Notes"
    notes.append(["Intake day, 24 November"])
    intake = book.create_sheet("Intake")
    for row in rows_of(HEADER, [("Biscuit", 1, "available"), ("Mango", 2, "pending")]):
        intake.append(row)
    book.save(path)
    window = make_window(loopback)
    seeded = seeded_ids(loopback)
    dialog = open_import(qtbot, window)
    choose(qtbot, monkeypatch, dialog, path)
    page = dialog.columnsPage
    assert page.sheetCombo.isVisible()
    assert [page.sheetCombo.itemText(i) for i in range(page.sheetCombo.count())] == [
        "Notes", "Intake"]
    assert "sheet “Notes”" in page.detectedLabel.text()
    assert not page.checkButton.isEnabled()  # no Name column on the notes sheet
    qtbot.keyClick(page.sheetCombo, Qt.Key.Key_Down)  # the user picks the next sheet
    page.sheetCombo.activated.emit(page.sheetCombo.currentIndex())
    qtbot.waitUntil(lambda: "sheet “Intake”" in page.detectedLabel.text(), timeout=10_000)
    assert "2 sheets; “Intake” is read" in page.notesLabel.text()
    assert check(qtbot, dialog) == "2 rows: 2 ready, 0 invalid, 0 possible duplicates"
    send_all(qtbot, dialog)
    assert names_on_server(loopback, seeded) == Counter(["Biscuit", "Mango"])


def test_category_words_are_named_with_the_named_categories_and_remembered(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        make_window: Callable[..., MainWindow], loopback: Sandbox) -> None:
    path = write_csv(tmp_path / "other-software.csv", rows_of(
        ("Animal name", "Species", "Status"),
        [("Rex", "Dog", "available"), ("Tom", "cat", "pending"), ("Fido", "DOG", ""),
         ("Nemo", "Fish", "available")]))
    window = make_window(loopback)
    ui.categories(window).add(1, "Dogs")  # named in File › Categories…
    seeded = seeded_ids(loopback)
    dialog = open_import(qtbot, window)
    choose(qtbot, monkeypatch, dialog, path)
    assert "Category ID is read from “Species”" in dialog.columnsPage.notesLabel.text()
    assert check(qtbot, dialog) == "4 rows: 0 ready, 4 invalid, 0 possible duplicates"
    page = dialog.previewPage
    assert page.wordsLabel.text().startswith("4 rows give their category as a word")
    assert "“dog” (2)" in page.wordsLabel.text()
    click(qtbot, page.wordsButton)
    words = visible_dialog(qtbot, CategoryWordsDialog)
    table = words.table
    listed = [table.item(r, 0).text() for r in range(table.rowCount())]
    assert listed == ["dog", "cat", "fish"]
    assert words.combos[0].currentText() == "Dogs (1)"  # proposed: "dog" is "Dogs"
    type_text(qtbot, words.combos[1].lineEdit(), "2")  # a category with no name
    click(qtbot, words.buttons.button(words.buttons.StandardButton.Ok))  # fish left empty
    qtbot.waitUntil(lambda: page.totalsLabel.text()
                    == "4 rows: 3 ready, 1 invalid, 0 possible duplicates", timeout=10_000)
    assert not page.wordsButton.isHidden()  # "fish" is still a word with no category
    send_all(qtbot, dialog)
    added = {p.name: p.category_id for p in every_pet(loopback.app.store)
             if p.id not in seeded}
    assert added == {"Rex": 1, "Tom": 2, "Fido": 1}
    # The same layout again: the words are named as last time.
    choose(qtbot, monkeypatch, dialog, path)
    assert "“cat” → 2" in dialog.columnsPage.wordsLabel.text()
    assert "“dog” → 1" in dialog.columnsPage.wordsLabel.text()


def test_possible_duplicates_are_added_or_skipped_all_at_once(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        make_window: Callable[..., MainWindow], loopback: Sandbox) -> None:
    window = make_window(loopback)
    seeded = seeded_ids(loopback)
    model = ui.model(window)
    known = model.pet_at(model.index(0, 0))  # a pet the window shows
    assert known is not None
    rows = [(known.name, known.category_id, known.status.value if known.status else ""),
            ("Pip", 4, "available"), ("Pip", 4, "available"), ("Pip", 4, "available")]
    path = write_csv(tmp_path / "dupes.csv", rows_of(HEADER, rows))
    dialog = open_import(qtbot, window)
    choose(qtbot, monkeypatch, dialog, path)
    assert check(qtbot, dialog) == "4 rows: 1 ready, 0 invalid, 3 possible duplicates"
    page = dialog.previewPage
    assert page.duplicatesLabel.text().startswith("3 rows look like pets already known")
    click(qtbot, page.addAllButton)
    assert page.totalsLabel.text() == (
        "4 rows: 1 ready, 0 invalid, 3 possible duplicates (3 to add anyway)")
    click(qtbot, page.skipAllButton)
    assert page.sendButton.text() == "Send 1 pet"
    click(qtbot, page.addAllButton)
    assert page.sendButton.text() == "Send 4 pets"
    send_all(qtbot, dialog)
    assert names_on_server(loopback, seeded) == Counter({"Pip": 3, known.name: 1})


def test_rows_whose_answer_was_lost_are_answered_per_row(
        qtbot: Any, make_window: Callable[..., MainWindow], loopback: Sandbox) -> None:
    """After a crash mid-send two rows were sent but their answers lost, and the check
    found two matching pets for each: the window resumes the import and asks."""
    twins = every_pet(loopback.app.store)[:2]
    seeded = seeded_ids(loopback)
    batch = "import:" + "f" * 32 + ":"
    store = open_store(store_file(Connection("production", loopback.base_url)),
                       "production").store
    store.outbox.queue_unique([(Draft("Twin A", 1, PetStatus.AVAILABLE), batch + "row:2"),
                        (Draft("Twin B", 1, PetStatus.AVAILABLE), batch + "row:3")])
    for entry in store.outbox.entries():
        store.outbox.mark_sending(entry.local_id)
        store.outbox.mark_unknown(entry.local_id)
        store.outbox.mark_needs_decision(entry.local_id, [p.id for p in twins])
    store.close()
    window = make_window(loopback)
    dialog = open_import(qtbot, window)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == PAGE_SENDING, timeout=10_000)
    panel = dialog.sendingPage.decisions
    qtbot.waitUntil(panel.isVisible, timeout=10_000)
    assert panel.questionLabel.text().startswith("2 rows were sent but the service's answer")
    assert panel.table.item(0, 1).text() == "Twin A"
    assert not panel.applyButton.isEnabled()  # nothing chosen yet
    first, second = panel.combo(0), panel.combo(1)
    assert first.itemText(1) == f"Yes: it is pet {twins[0].id}"
    first.setCurrentIndex(1)  # Twin A is the first pet listed
    second.setCurrentIndex(second.count() - 1)  # Twin B is neither: send it again
    click(qtbot, panel.applyButton)
    result = dialog.sendingPage.resultLabel
    qtbot.waitUntil(lambda: result.text().startswith("Done"), timeout=20_000)
    assert not panel.isVisible()
    assert "2 added" in result.text()
    assert names_on_server(loopback, seeded) == Counter(["Twin B"])
