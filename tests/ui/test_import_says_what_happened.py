"""Pets › Import… says what happens: the columns page names the columns of the sheet
that are not imported; after "Done" the page no longer says that sending goes on; and
the same file imported again says its rows were added by the earlier import (with
their ids) and that nothing was sent, instead of claiming new adds."""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from petdesk.ui.import_dialog import PAGE_COLUMNS, PAGE_SENDING
from petdesk.ui.main_window import MainWindow

from .conftest import Sandbox
from .test_add_form_categories_and_messages import speak  # noqa: F401 - the fixture
from .test_import_dialog import (
    SAMPLE,
    answer_open,
    answer_save,
    check,
    choose,
    click,
    names_on_server,
    open_import,
    seeded_ids,
    send_all,
)


@pytest.fixture(autouse=True)
def own_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test has its own data folder, so its own store and outbox."""
    folder = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    return folder


def test_the_columns_page_names_the_columns_left_out(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch, make_window: Callable[..., MainWindow],
        loopback: Sandbox, speak: Callable[[str], None]) -> None:  # noqa: F811
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
    first_ids = sorted(p.id for p in loopback.app.store.all_pets() if p.id not in seeded)
    assert len(first_ids) == 24
    on_server = len(loopback.app.store.all_pets())

    # The same file again, from the finished page's "Import another file…".
    answer_open(monkeypatch, SAMPLE)
    click(qtbot, dialog.sendingPage.newImportButton)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == PAGE_COLUMNS, timeout=10_000)
    check(qtbot, dialog)
    send_all(qtbot, dialog)
    result = dialog.sendingPage.resultLabel.text()
    shown = ", ".join(str(pet_id) for pet_id in first_ids[:10])
    assert result == (
        f"Done: 24 already added by an earlier import of this file (IDs {shown}, …), "
        "4 invalid, 2 skipped as possible duplicates, nothing sent.")
    assert "added," not in result.replace("already added", "")
    assert not dialog.sendingPage.noteLabel.isVisible()
    assert sum(names_on_server(loopback, seeded).values()) == 24  # no pet twice
    assert len(loopback.app.store.all_pets()) == on_server  # none added at all

    report = tmp_path / "again.csv"
    answer_save(monkeypatch, report)
    click(qtbot, dialog.sendingPage.saveReportButton)
    qtbot.waitUntil(lambda: "Report saved" in dialog.sendingPage.resultLabel.text(),
                    timeout=10_000)
    with report.open(encoding="utf-8-sig", newline="") as stream:
        lines = list(csv.DictReader(stream))
    earlier = [line for line in lines if line["Result"] == "Not sent: added by an earlier import"]
    assert sorted(int(line["Pet ID"]) for line in earlier) == first_ids
    assert not [line for line in lines if line["Result"] == "Added"]
