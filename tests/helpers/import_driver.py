"""The import dialog driven as the user does: Ctrl+I, a file chosen, Check, Send all;
and what then reached the sandbox."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from petdesk.gui.importing.import_dialog import (
    PAGE_COLUMNS,
    PAGE_PREVIEW,
    PAGE_SENDING,
    ImportDialog,
)
from petdesk.gui.main_window import MainWindow
from tests.helpers.drive import shortcut, visible_dialog
from tests.helpers.sandbox_store import every_pet

if TYPE_CHECKING:
    from tests.gui.conftest import Sandbox

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "samples" / "intake-sample.xlsx"
HEADER = ("Animal name", "Category ID", "Status")


def answer_open(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *_a, **_k: (str(path), "")))


def answer_save(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *_a, **_k: (str(path), "")))


def click(qtbot: Any, button: Any) -> None:
    qtbot.waitUntil(button.isEnabled, timeout=10_000)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def open_import(qtbot: Any, window: MainWindow) -> ImportDialog:
    shortcut(qtbot, window, "Ctrl+I")
    return visible_dialog(qtbot, ImportDialog)


def choose(qtbot: Any, monkeypatch: pytest.MonkeyPatch, dialog: ImportDialog,
           path: Path) -> None:
    answer_open(monkeypatch, path)
    click(qtbot, dialog.chooseButton)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == PAGE_COLUMNS, timeout=10_000)


def check(qtbot: Any, dialog: ImportDialog) -> str:
    click(qtbot, dialog.columnsPage.checkButton)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == PAGE_PREVIEW, timeout=20_000)
    return dialog.previewPage.totalsLabel.text()


def send_all(qtbot: Any, dialog: ImportDialog) -> None:
    click(qtbot, dialog.previewPage.sendButton)
    qtbot.waitUntil(lambda: dialog.pages.currentIndex() == PAGE_SENDING, timeout=10_000)
    qtbot.waitUntil(lambda: dialog.sendingPage.resultLabel.text().startswith("Done"),
                    timeout=30_000)


def names_on_server(box: Sandbox, seeded: set[int]) -> Counter[str]:
    return Counter(p.name for p in every_pet(box.app.store) if p.id not in seeded)


def seeded_ids(box: Sandbox) -> set[int]:
    return {p.id for p in every_pet(box.app.store)}


def rows_of(header: Sequence[object], rows: Sequence[Sequence[object]]) -> list[Any]:
    return [list(header), *[list(r) for r in rows]]
