"""Pets › Export… driven as a user does it (Ctrl+E, the save dialog's answer injected,
clicks), the files read back: the current query's every page, or the selected rows."""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QFileDialog

from petdesk.gui.importing.export_dialog import ExportDialog
from petdesk.gui.main_window import MainWindow
from tests.gui.conftest import Sandbox, make_sandbox
from tests.helpers import ui
from tests.helpers.drive import shortcut, visible_dialog
from tests.helpers.sandbox_store import every_pet


def answer_save(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *_a, **_k: (str(path), "")))


def read_back(path: Path) -> list[tuple[Any, ...]]:
    if path.suffix == ".csv":
        assert path.read_bytes().startswith(b"\xef\xbb\xbf")  # UTF-8 with BOM, for Excel
        with path.open(encoding="utf-8-sig", newline="") as stream:
            return [tuple(row) for row in csv.reader(stream)]
    book = openpyxl.load_workbook(path, read_only=True)
    try:
        sheet = book.active
        assert sheet is not None
        return [tuple("" if v is None else str(v) for v in row)
                for row in sheet.iter_rows(values_only=True)]
    finally:
        book.close()


def export(qtbot: Any, window: MainWindow, monkeypatch: pytest.MonkeyPatch, path: Path,
           *, selected: bool) -> ExportDialog:
    shortcut(qtbot, window, "Ctrl+E")
    dialog = visible_dialog(qtbot, ExportDialog)
    button = dialog.selectedButton if selected else dialog.allButton
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert button.isChecked()
    answer_save(monkeypatch, path)
    qtbot.mouseClick(dialog.exportButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.resultLabel.text().startswith("Exported"), timeout=20_000)
    return dialog


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_export_the_whole_query_every_page(qtbot: Any, tmp_path: Path, suffix: str,
                                           monkeypatch: pytest.MonkeyPatch,
                                           make_window: Callable[..., MainWindow],
                                           loopback: Sandbox) -> None:
    for n in range(130):  # more than one page of 100
        loopback.app.store.add_pet(f"Export {n}", 1 + n % 3, "available")
    window = make_window(loopback)
    path = tmp_path / f"all{suffix}"
    dialog = export(qtbot, window, monkeypatch, path, selected=False)
    expected = every_pet(loopback.app.store)
    assert dialog.resultLabel.text() == f"Exported {len(expected)} pets to all{suffix}."
    rows = read_back(path)
    assert rows[0] == ("ID", "Name", "Category ID", "Status (available/pending/sold)")
    assert sorted(int(r[0]) for r in rows[1:]) == sorted(p.id for p in expected)
    assert len(rows) - 1 > ui.model(window).rowCount()  # more than the page shown


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_export_only_the_selected_rows(qtbot: Any, tmp_path: Path, suffix: str,
                                       monkeypatch: pytest.MonkeyPatch,
                                       make_window: Callable[..., MainWindow],
                                       loopback: Sandbox) -> None:
    window = make_window(loopback)
    table, model = ui.table(window), ui.model(window)
    chosen = [model.pet_at(model.index(r, 0)) for r in (0, 2)]
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    for r in (0, 2):
        table.selectionModel().select(model.index(r, 0), flags)
    path = tmp_path / f"selected{suffix}"
    dialog = export(qtbot, window, monkeypatch, path, selected=True)
    assert dialog.resultLabel.text() == f"Exported 2 pets to selected{suffix}."
    rows = read_back(path)
    assert [int(r[0]) for r in rows[1:]] == [p.id for p in chosen if p is not None]
    assert [r[1] for r in rows[1:]] == [p.name for p in chosen if p is not None]


def test_cancel_an_export_waiting_for_the_quota(qtbot: Any, tmp_path: Path, clock: Any,
                                                monkeypatch: pytest.MonkeyPatch,
                                                make_window: Callable[..., MainWindow]) -> None:
    with make_sandbox("loopback", clock, requests_per_window=3) as box:
        for n in range(350):  # four pages of 100: the quota runs out on the way
            box.app.store.add_pet(f"Paced {n}", 1, "available")
        window = make_window(box)
        clock.hold = True  # the wait for the quota's reset lasts until cancelled
        shortcut(qtbot, window, "Ctrl+E")
        dialog = visible_dialog(qtbot, ExportDialog)
        path = tmp_path / "paced.csv"
        answer_save(monkeypatch, path)
        qtbot.mouseClick(dialog.exportButton, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(dialog.cancelButton.isEnabled, timeout=5_000)
        qtbot.mouseClick(dialog.cancelButton, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "cancelled" in dialog.resultLabel.text(), timeout=10_000)
        clock.release()
        assert dialog.resultLabel.text() == "Export cancelled; no file was written."
        assert not path.exists()
        assert dialog.exportButton.isEnabled()
