"""Pets › Import… driven as a user does it: Ctrl+I (or a file dropped on the window),
the file dialog's answer injected, clicks on the wizard's buttons, and what the dialog
shows asserted; the pets checked on a sandbox on loopback (every one exactly once)."""

from __future__ import annotations

import csv
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QMenu

from petdesk.gui.importing.import_dialog import (
    PAGE_COLUMNS,
    PAGE_SENDING,
    ImportDialog,
)
from petdesk.gui.main_window import MainWindow
from tests.gui.conftest import Sandbox, make_sandbox
from tests.helpers import ui
from tests.helpers.drive import idle, shortcut, visible_dialog
from tests.helpers.import_driver import (
    HEADER,
    SAMPLE,
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
from tests.unit.services.importing.files import write_csv, write_ods, write_xlsx

ROWS = [("Biscuit", 1, "available"), ("Mango", 2, "pending"), ("Zoë", 1, "sold"),
        ("", 1, "available"), ("Pepper", "dog", "available"), ("Olive", 3, "adopted"),
        ("Juniper", 2, "")]
#: Rows 5 (no name), 6 (category "dog") and 7 (status "adopted") are invalid.
VALID = ["Biscuit", "Mango", "Zoë", "Juniper"]


def drop_file(target: Any, path: Path) -> None:
    """Drag ``path`` (as a file manager does) onto ``target`` and drop it."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    pos = QPointF(target.rect().center())
    enter = QDragEnterEvent(pos.toPoint(), Qt.DropAction.CopyAction, mime,
                            Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(target, QDropEvent(pos, Qt.DropAction.CopyAction, mime,
                                              Qt.MouseButton.NoButton,
                                              Qt.KeyboardModifier.NoModifier))


def previewed(qtbot: Any, monkeypatch: pytest.MonkeyPatch,
              make_window: Callable[..., MainWindow], box: Sandbox, path: Path,
              rows: Sequence[Sequence[object]]) -> tuple[MainWindow, ImportDialog, set[int]]:
    """A window on ``box``, its import dialog at the preview of ``rows`` (an xlsx), and
    the ids the sandbox held before."""
    write_xlsx(path, rows_of(HEADER, rows))
    window = make_window(box)
    seeded = seeded_ids(box)
    dialog = open_import(qtbot, window)
    choose(qtbot, monkeypatch, dialog, path)
    check(qtbot, dialog)
    return window, dialog, seeded


@pytest.mark.parametrize("kind", ["xlsx", "ods", "csv-1252-semicolon", "csv-utf16-tab",
                                  "csv-utf8-bom"])
def test_import_a_file_written_by_the_libraries(qtbot: Any, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                make_window: Callable[..., MainWindow],
                                                loopback: Sandbox, kind: str) -> None:
    table = rows_of(HEADER, ROWS)
    writers = {
        "xlsx": lambda p: write_xlsx(p.with_suffix(".xlsx"), table),
        "ods": lambda p: write_ods(p.with_suffix(".ods"), table),
        "csv-1252-semicolon": lambda p: write_csv(p.with_suffix(".csv"), table,
                                                  codec="cp1252", delimiter=";"),
        "csv-utf16-tab": lambda p: write_csv(p.with_suffix(".csv"), table, codec="utf-16",
                                             delimiter="\t"),
        "csv-utf8-bom": lambda p: write_csv(p.with_suffix(".csv"), table,
                                            bom=b"\xef\xbb\xbf"),
    }
    path = writers[kind](tmp_path / "intake")
    window = make_window(loopback)
    seeded = seeded_ids(loopback)
    dialog = open_import(qtbot, window)
    choose(qtbot, monkeypatch, dialog, path)
    detected = dialog.columnsPage.detectedLabel.text()
    if kind == "csv-1252-semicolon":
        assert detected == "Detected: CSV · Windows-1252 · separated by semicolons"
    elif kind == "ods":
        assert detected.startswith("Detected: ODS")
    name_combo = next(iter(dialog.columnsPage.columnCombos.values()))
    assert name_combo.currentText() == "Animal name"
    assert check(qtbot, dialog) == "7 rows: 4 ready, 3 invalid, 0 possible duplicates"
    issues = dialog.previewPage.issuesLabel.text()
    assert "Row 5" in issues and "Row 6" in issues and "Row 7" in issues
    model = dialog.model
    assert model is not None
    assert "Category ID" in model.index(4, 2).data(Qt.ItemDataRole.ToolTipRole)  # at the cell
    assert "Name" in model.index(3, 1).data(Qt.ItemDataRole.ToolTipRole)
    assert dialog.previewPage.sendButton.text() == "Send 4 pets"
    send_all(qtbot, dialog)
    assert dialog.sendingPage.progressBar.value() == dialog.sendingPage.progressBar.maximum() == 4
    assert dialog.sendingPage.progressLabel.text().startswith("4 of 4")
    assert names_on_server(loopback, seeded) == Counter(VALID)


def test_sample_sheet_duplicates_decided_and_report_saved(qtbot: Any, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          make_window: Callable[..., MainWindow],
                                                          loopback: Sandbox) -> None:
    window = make_window(loopback)
    seeded = seeded_ids(loopback)
    dialog = open_import(qtbot, window)
    choose(qtbot, monkeypatch, dialog, SAMPLE)
    assert "sheet" in dialog.columnsPage.detectedLabel.text()
    assert check(qtbot, dialog) == "30 rows: 24 ready, 4 invalid, 2 possible duplicates"
    model = dialog.model
    assert model is not None
    duplicates = [r for r in range(model.rowCount())
                  if model.index(r, 5).data(Qt.ItemDataRole.CheckStateRole) is not None]
    assert len(duplicates) == 2
    # The user adds the first duplicate anyway (its Add-anyway box), skips the other.
    first = model.index(duplicates[0], 5)
    dialog.previewPage.previewTable.setFocus()
    dialog.previewPage.previewTable.setCurrentIndex(first)
    qtbot.keyClick(dialog.previewPage.previewTable, Qt.Key.Key_Space)  # ticks the box
    assert first.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert dialog.previewPage.totalsLabel.text() == (
        "30 rows: 24 ready, 4 invalid, 2 possible duplicates (1 to add anyway)")
    assert dialog.previewPage.sendButton.text() == "Send 25 pets"
    send_all(qtbot, dialog)
    added = names_on_server(loopback, seeded)
    assert sum(added.values()) == 25
    result = dialog.sendingPage.resultLabel.text()
    assert "25 added, 4 invalid, 1 skipped as possible duplicates" in result
    report = tmp_path / "report.csv"
    answer_save(monkeypatch, report)
    click(qtbot, dialog.sendingPage.saveReportButton)
    qtbot.waitUntil(lambda: "Report saved" in dialog.sendingPage.resultLabel.text(), timeout=10_000)
    with report.open(encoding="utf-8-sig", newline="") as stream:
        lines = list(csv.DictReader(stream))
    assert len(lines) == 30
    assert Counter(line["Result"] for line in lines)["Added"] == 25
    assert all(line["Pet ID"] for line in lines if line["Result"] == "Added")
    xlsx = tmp_path / "report.xlsx"
    answer_save(monkeypatch, xlsx)
    click(qtbot, dialog.sendingPage.saveReportButton)
    qtbot.waitUntil(lambda: dialog.sendingPage.resultLabel.text().count("Report saved") == 2,
                    timeout=10_000)
    book = openpyxl.load_workbook(xlsx, read_only=True)
    sheet = book.active
    assert sheet is not None
    assert len(list(sheet.iter_rows(values_only=True))) == 31
    book.close()


def test_encoding_override_and_mapping_remembered(qtbot: Any, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  make_window: Callable[..., MainWindow],
                                                  loopback: Sandbox) -> None:
    path = write_csv(tmp_path / "odd.csv", [["Nom", "Groupe", "Etat"], ["Zoë", 1, "sold"]],
                     codec="cp1252", delimiter=";")
    window = make_window(loopback)
    dialog = open_import(qtbot, window)
    choose(qtbot, monkeypatch, dialog, path)
    assert "No column looks like Name" in dialog.columnsPage.notesLabel.text()
    assert not dialog.columnsPage.checkButton.isEnabled()
    combos = list(dialog.columnsPage.columnCombos.values())
    for combo, index in zip(combos, (1, 2, 3), strict=True):
        combo.setCurrentIndex(index)
        combo.activated.emit(index)
    assert dialog.columnsPage.checkButton.isEnabled()
    # The user says the file is Latin-1: it is read again with it.
    latin = dialog.columnsPage.encodingCombo.findText("Latin-1")
    dialog.columnsPage.encodingCombo.setCurrentIndex(latin)
    dialog.columnsPage.encodingCombo.activated.emit(latin)
    qtbot.waitUntil(lambda: "Latin-1" in dialog.columnsPage.detectedLabel.text(), timeout=10_000)
    for combo, index in zip(combos, (1, 2, 3), strict=True):
        combo.setCurrentIndex(index)
        combo.activated.emit(index)
    assert check(qtbot, dialog) == "1 row: 1 ready, 0 invalid, 0 possible duplicates"
    # The same layout again: the columns are as chosen last time.
    choose(qtbot, monkeypatch, dialog, path)
    assert "as you chose them last time" in dialog.columnsPage.notesLabel.text()
    assert [c.currentText() for c in combos] == ["Nom", "Groupe", "Etat"]


def test_pause_resume_cancel(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                             make_window: Callable[..., MainWindow], loopback: Sandbox) -> None:
    total = 200
    window, dialog, seeded = previewed(
        qtbot, monkeypatch, make_window, loopback, tmp_path / "many.xlsx",
        [(f"Pet {n}", 1, "available") for n in range(total)])
    click(qtbot, dialog.previewPage.sendButton)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == PAGE_SENDING, timeout=10_000)
    click(qtbot, dialog.sendingPage.pauseButton)
    qtbot.waitUntil(lambda: dialog.sendingPage.pauseButton.text() == "Resume", timeout=10_000)
    assert "paused" in dialog.sendingPage.progressLabel.text()
    idle(qtbot, window)
    paused_at = sum(names_on_server(loopback, seeded).values())
    assert paused_at < total
    assert dialog.sendingPage.progressBar.value() == paused_at
    click(qtbot, dialog.sendingPage.pauseButton)  # Resume
    qtbot.waitUntil(lambda: dialog.sendingPage.pauseButton.text() == "Pause", timeout=10_000)
    qtbot.waitUntil(lambda: dialog.sendingPage.progressBar.value() > paused_at, timeout=10_000)
    click(qtbot, dialog.sendingPage.cancelImportButton)
    qtbot.waitUntil(lambda: dialog.sendingPage.resultLabel.text().startswith("Done"),
                    timeout=20_000)
    added = names_on_server(loopback, seeded)
    assert all(count == 1 for count in added.values())
    sent = sum(added.values())
    assert paused_at < sent
    if sent < total:
        assert f"{total - sent} cancelled" in dialog.sendingPage.resultLabel.text()
    assert dialog.sendingPage.progressLabel.text().startswith(f"{total} of {total}")


def test_restart_mid_import_resumes_it(qtbot: Any, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch,
                                       make_window: Callable[..., MainWindow],
                                       loopback: Sandbox) -> None:
    window, dialog, seeded = previewed(
        qtbot, monkeypatch, make_window, loopback, tmp_path / "stray.xlsx",
        [(f"Stray {n}", 2, "pending") for n in range(30)])
    click(qtbot, dialog.previewPage.sendButton)
    qtbot.waitUntil(lambda: dialog.sendingPage.progressBar.value() >= 3, timeout=10_000)
    window.close()  # mid-import
    sent_before = sum(names_on_server(loopback, seeded).values())
    assert sent_before < 30
    again = make_window(loopback)  # a new window on the same store: it resumes by itself
    resumed = open_import(qtbot, again)
    qtbot.waitUntil(lambda: resumed.pages.currentIndex() == PAGE_SENDING, timeout=10_000)
    qtbot.waitUntil(lambda: resumed.sendingPage.resultLabel.text().startswith("Done"),
                    timeout=30_000)
    assert resumed.sendingPage.progressLabel.text() == "30 of 30 · done"
    assert names_on_server(loopback, seeded) == Counter(f"Stray {n}" for n in range(30))


def test_drop_a_file_on_the_window(qtbot: Any, tmp_path: Path,
                                   make_window: Callable[..., MainWindow],
                                   loopback: Sandbox) -> None:
    path = write_csv(tmp_path / "dropped.csv", rows_of(HEADER, ROWS[:3]))
    window = make_window(loopback)
    drop_file(window, path)
    dialog = visible_dialog(qtbot, ImportDialog)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == PAGE_COLUMNS, timeout=10_000)
    assert dialog.columnsPage.fileLabel.text().startswith("File: dropped.csv (")
    assert check(qtbot, dialog) == "3 rows: 3 ready, 0 invalid, 0 possible duplicates"


def test_import_and_export_are_in_the_pets_menu(make_window: Callable[..., MainWindow],
                                                loopback: Sandbox) -> None:
    window = make_window(loopback)
    menu = window.findChild(QMenu, "petsMenu")
    names = [a.objectName() for a in menu.actions()]
    assert "actionImport" in names and "actionExport" in names


def test_drop_a_file_on_the_dialog_and_the_preview_model(qtbot: Any, qtmodeltester: Any,
                                                          tmp_path: Path,
                                                          make_window: Callable[..., MainWindow],
                                                          loopback: Sandbox) -> None:
    path = write_ods(tmp_path / "dropped.ods", rows_of(HEADER, ROWS))
    window = make_window(loopback)
    dialog = open_import(qtbot, window)
    drop_file(dialog, path)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == PAGE_COLUMNS, timeout=10_000)
    assert dialog.columnsPage.fileLabel.text().startswith("File: dropped.ods (")
    check(qtbot, dialog)
    assert dialog.model is not None
    qtmodeltester.check(dialog.model)


def test_when_the_days_quota_runs_out_the_rest_waits_and_says_until_when(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clock: Any,
        make_window: Callable[..., MainWindow]) -> None:
    with make_sandbox("loopback", clock, requests_per_day=8) as box:
        window, dialog, seeded = previewed(
            qtbot, monkeypatch, make_window, box, tmp_path / "big-day.xlsx",
            [(f"Intake {n}", 1, "available") for n in range(12)])
        click(qtbot, dialog.previewPage.sendButton)
        qtbot.waitUntil(dialog.sendingPage.quotaLabel.isVisible, timeout=20_000)
        sent = sum(names_on_server(box, seeded).values())
        assert 0 < sent < 12
        notice = dialog.sendingPage.quotaLabel.text()
        assert notice.startswith("Waiting (") and "sending goes on by itself at" in notice
        assert "UTC" in notice
        assert "wait for tomorrow, from" in dialog.sendingPage.progressLabel.text()
        assert not dialog.sendingPage.resultLabel.text()  # not done: the rest waits, nothing lost
        assert dialog.sendingPage.progressBar.value() == sent
        window.close()


def test_checking_a_big_file_shows_progress_and_can_be_cancelled(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        make_window: Callable[..., MainWindow], loopback: Sandbox) -> None:
    path = write_csv(tmp_path / "big.csv", rows_of(
        HEADER, [(f"Animal {n}", 1 + n % 5, "available") for n in range(100_000)]))
    window = make_window(loopback)
    dialog = open_import(qtbot, window)
    choose(qtbot, monkeypatch, dialog, path)
    click(qtbot, dialog.columnsPage.checkButton)
    assert dialog.busyLabel.text().startswith("Checking every row")
    qtbot.keyClicks(ui.quick_filter(window), "Bi")  # the window answers meanwhile
    assert ui.quick_filter(window).text() == "Bi"
    click(qtbot, dialog.busyCancel)
    qtbot.waitUntil(lambda: dialog.errorLabel.text() == "Stopped.", timeout=10_000)
    assert dialog.pages.currentIndex() == PAGE_COLUMNS
    assert check(qtbot, dialog) == "100,000 rows: 100,000 ready, 0 invalid, 0 possible duplicates"


def test_the_users_own_request_goes_first_while_sending(
        qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        make_window: Callable[..., MainWindow], loopback: Sandbox) -> None:
    # Each step is queued by the GUI after the last one's answer, so the refresh goes
    # in after a step or two: 100 rows leave it a wide margin, and take a loaded
    # machine (each row a request and a store write) a fraction of the minute below.
    total = 100
    window, dialog, seeded = previewed(
        qtbot, monkeypatch, make_window, loopback, tmp_path / "long.xlsx",
        [(f"Busy {n}", 3, "pending") for n in range(total)])
    click(qtbot, dialog.previewPage.sendButton)
    qtbot.waitUntil(lambda: dialog.sendingPage.progressBar.value() >= 1, timeout=10_000)
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        shortcut(qtbot, window, "F5")  # Refresh, while the import is sending
    assert sum(names_on_server(loopback, seeded).values()) < total
    qtbot.waitUntil(lambda: dialog.sendingPage.resultLabel.text().startswith("Done"),
                    timeout=60_000)
    assert names_on_server(loopback, seeded) == Counter(f"Busy {n}" for n in range(total))
