"""Pets › Import… says what happens: the columns page names the columns of the sheet
that are not imported; after "Done" the page no longer says that sending goes on; and
the same file imported again says its rows were added by the earlier import (with
their ids), in the preview before anything is sent (its Send button counts only the
rows really sent, and says when there is nothing to send) and in the result, instead of
claiming new adds."""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from petdesk.gui.importing.import_dialog import PAGE_COLUMNS, PAGE_SENDING
from petdesk.gui.main_window import MainWindow
from tests.gui.conftest import Sandbox
from tests.helpers.import_driver import (
    HEADER,
    SAMPLE,
    answer_open,
    answer_save,
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
from tests.unit.services.importing.files import write_csv


def test_the_columns_page_names_the_columns_left_out(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch, make_window: Callable[..., MainWindow],
        loopback: Sandbox, speak: Callable[[str], None]) -> None:
    speak("en")  # English quotes, as PetDesk starts in English
    window = make_window(loopback)
    dialog = open_import(qtbot, window)
    choose(qtbot, monkeypatch, dialog, SAMPLE)
    dropped = dialog.columnsPage.droppedLabel
    assert dropped.isVisible()
    assert dropped.text() == (
        "Not imported (a pet has only a name, a category and a status): “Species”, "
        "“Breed”, “Sex”, “Age (years)”, “Intake date”, “Kennel”, “Notes”.")
    # The user chooses to leave the status out: it is named too.
    status = dialog.columnsPage.columnCombos[next(
        f for f in dialog.columnsPage.columnCombos if f.value == "status")]
    status.setFocus()
    status.setCurrentIndex(0)
    status.activated.emit(0)
    assert "“Adoption status”" in dropped.text()
    assert dialog.pages.currentIndex() == PAGE_COLUMNS


def test_importing_the_same_file_again_says_it_was_added_before_and_sends_nothing(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        make_window: Callable[..., MainWindow], loopback: Sandbox) -> None:
    window = make_window(loopback)
    seeded = seeded_ids(loopback)
    dialog = open_import(qtbot, window)
    choose(qtbot, monkeypatch, dialog, SAMPLE)
    check(qtbot, dialog)
    click(qtbot, dialog.previewPage.sendButton)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == PAGE_SENDING, timeout=10_000)
    note = dialog.sendingPage.noteLabel
    assert note.text().startswith("You can close this dialog and go on working")
    qtbot.waitUntil(lambda: dialog.sendingPage.resultLabel.text().startswith("Done"),
                    timeout=30_000)
    assert dialog.sendingPage.resultLabel.text() == (
        "Done: 24 added, 4 invalid, 2 skipped as possible duplicates.")
    assert not note.isVisible()  # nothing is being sent any more
    first_ids = sorted(p.id for p in every_pet(loopback.app.store) if p.id not in seeded)
    assert len(first_ids) == 24
    on_server = len(every_pet(loopback.app.store))

    # The same file again, from the finished page's "Import another file…".
    answer_open(monkeypatch, SAMPLE)
    click(qtbot, dialog.sendingPage.newImportButton)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == PAGE_COLUMNS, timeout=10_000)
    check(qtbot, dialog)
    send = dialog.previewPage.sendButton
    assert (send.text(), send.isEnabled()) == ("Nothing to send", False)
    # The two possible duplicates, skipped the first time, are added now.
    click(qtbot, dialog.previewPage.addAllButton)
    assert send.text() == "Send 2 pets"
    send_all(qtbot, dialog)
    result = dialog.sendingPage.resultLabel.text()
    shown = ", ".join(str(pet_id) for pet_id in first_ids[:10])
    assert result == (
        f"Done: 2 added, 24 already added by an earlier import of this file "
        f"(IDs {shown}, …), 4 invalid.")
    assert not dialog.sendingPage.noteLabel.isVisible()
    assert sum(names_on_server(loopback, seeded).values()) == 26  # the 24 not again
    assert len(every_pet(loopback.app.store)) == on_server + 2

    report = tmp_path / "again.csv"
    answer_save(monkeypatch, report)
    click(qtbot, dialog.sendingPage.saveReportButton)
    qtbot.waitUntil(lambda: "Report saved" in dialog.sendingPage.resultLabel.text(),
                    timeout=10_000)
    with report.open(encoding="utf-8-sig", newline="") as stream:
        lines = list(csv.DictReader(stream))
    earlier = [line for line in lines if line["Result"] == "Not sent: added by an earlier import"]
    assert sorted(int(line["Pet ID"]) for line in earlier) == first_ids
    assert len([line for line in lines if line["Result"] == "Added"]) == 2


def test_importing_the_same_csv_again_previews_the_rows_added_before_and_nothing_to_send(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        make_window: Callable[..., MainWindow], loopback: Sandbox) -> None:
    path = write_csv(tmp_path / "intake.csv", rows_of(HEADER, [
        ("Biscuit", 1, "available"), ("Mango", 2, "pending"), ("Zoë", 1, "sold"),
        ("", 1, "available")]))  # the last row has no name
    window = make_window(loopback)
    seeded = seeded_ids(loopback)
    dialog = open_import(qtbot, window)
    choose(qtbot, monkeypatch, dialog, path)
    assert check(qtbot, dialog) == "4 rows: 3 ready, 1 invalid, 0 possible duplicates"
    page = dialog.previewPage
    assert (page.sendButton.text(), page.sendButton.isEnabled()) == ("Send 3 pets", True)
    send_all(qtbot, dialog)
    assert dialog.sendingPage.resultLabel.text() == "Done: 3 added, 1 invalid."
    ids = sorted(p.id for p in every_pet(loopback.app.store) if p.id not in seeded)
    on_server = len(every_pet(loopback.app.store))
    dialog.close()

    # The same file again, from the start: Ctrl+I, Choose file…, Check rows.
    dialog = open_import(qtbot, window)
    choose(qtbot, monkeypatch, dialog, path)
    assert check(qtbot, dialog) == (
        "4 rows: 0 ready, 1 invalid, 0 possible duplicates, 3 already added by an "
        "earlier import of this file")
    page = dialog.previewPage
    assert (page.sendButton.text(), page.sendButton.isEnabled()) == ("Nothing to send", False)
    assert page.addedEarlierLabel.isVisible()
    assert page.addedEarlierLabel.text() == (
        "3 rows were already added by an earlier import of this file "
        f"(IDs {', '.join(map(str, ids))}) — nothing to send.")
    assert page.sendButton.toolTip() == page.addedEarlierLabel.text()
    model = dialog.model
    assert model is not None
    results = [model.index(r, 4).data() for r in range(model.rowCount())]
    assert results[:3] == [
        f"Added by an earlier import (ID {pet_id})"
        for pet_id in ids]
    assert results[3] != "Ready"
    assert len(every_pet(loopback.app.store)) == on_server  # nothing was sent
