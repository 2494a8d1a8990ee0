"""Staff words and small gaps: one word for a status, a confirmation
for the copy actions, no HTTP jargon outside Details, the window's title and the
keyboard-shortcuts page, each driven as the user does."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import QAbstractButton, QDialog, QLabel, QMenu, QTableWidget, QWidget

from petdesk.gui.pets.pet_model import Column
from tests.gui.conftest import Sandbox
from tests.helpers import ui
from tests.helpers.drive import click_row, idle, look_up, shortcut, visible_dialog


def test_the_detail_panel_says_the_status_as_the_table_does(
        qtbot: Any, loopback: Sandbox, make_window: Any) -> None:
    window = make_window(loopback)
    model = ui.table(window).model()
    seen = set()
    for row in range(model.rowCount()):
        click_row(qtbot, window, row)
        in_table = model.index(row, int(Column.STATUS)).data()
        assert ui.detail(window).statusValue.text() == in_table
        seen.add(in_table)
    assert seen and seen <= {"Available", "Pending", "Sold", "No status"}
    assert "available" not in seen


def test_copy_id_and_copy_as_json_confirm_in_the_status_bar(
        qtbot: Any, loopback: Sandbox, make_window: Any) -> None:
    window = make_window(loopback)
    click_row(qtbot, window, 0)
    pet = ui.detail(window).pet
    assert pet is not None
    shortcut(qtbot, window, "Ctrl+Shift+C")
    assert QGuiApplication.clipboard().text() == str(pet.id)
    assert ui.status_bar(window).message == f"Copied ID {pet.id}."
    qtbot.mouseClick(ui.detail(window).copyJsonButton, Qt.MouseButton.LeftButton)
    assert f'"id": {pet.id}' in QGuiApplication.clipboard().text()
    assert ui.status_bar(window).message == f"Copied {pet.name} as JSON."
    qtbot.mouseClick(ui.detail(window).copyIdButton, Qt.MouseButton.LeftButton)
    assert ui.status_bar(window).message == f"Copied ID {pet.id}."
    shortcut(qtbot, window, "Ctrl+Shift+J")
    assert ui.status_bar(window).message == f"Copied {pet.name} as JSON."


JARGON = ("GET ", "POST ", "/pets", "{petId}", "Error type", "deprecated")


def shown_words(window: Any) -> list[str]:
    """The labels' texts and every tooltip of the window (what is shown outside
    Details)."""
    texts = [w.toolTip() for w in window.findChildren(QWidget)]
    texts += [w.text() for w in window.findChildren(QLabel) if w.isVisible()]
    texts += [w.text() for w in window.findChildren(QAbstractButton)]
    return [t for t in texts if t]


def test_staff_words_outside_details_and_the_technical_text_in_details(
        qtbot: Any, loopback: Sandbox, make_window: Any) -> None:
    window = make_window(loopback)
    documented = "Looking up a pet by its ID will stop working on 5 December 2030."
    assert ui.detail(window).deprecationNote.text() == documented
    assert not [t for t in shown_words(window) if any(j in t for j in JARGON)]
    click_row(qtbot, window, 0)
    qtbot.mouseClick(ui.detail(window).refreshButton, Qt.MouseButton.LeftButton)
    idle(qtbot, window)
    look_up(qtbot, window, "250")
    idle(qtbot, window)
    assert ui.detail(window).idValue.text() == "250"
    assert ui.detail(window).deprecationNote.text().startswith(documented)
    assert not [t for t in shown_words(window) if any(j in t for j in JARGON)]
    # The technical text, on demand: the status bar's Details.
    assert ui.status_bar(window).detailsButton.isVisible()
    assert "GET /pets/{petId}" in ui.status_bar(window).details
    assert "2030-12-05" in ui.status_bar(window).details


def run_on_x(tmp_path: Path, args: list[str], **env: str) -> list[str]:
    """The titles ``title_driver.py`` read on a private Xvfb."""
    root = Path(__file__).resolve().parents[3]
    home = tmp_path / f"home-{len(list(tmp_path.iterdir()))}"  # its own settings
    environ = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    environ.update(QT_QPA_PLATFORM="xcb", PYTHONPATH=str(root), **env)
    for name, sub in (("HOME", ""), ("XDG_CONFIG_HOME", ".config"),
                      ("XDG_DATA_HOME", ".local/share"), ("XDG_CACHE_HOME", ".cache"),
                      ("XDG_STATE_HOME", ".local/state"), ("XDG_RUNTIME_DIR", "run")):
        (home / sub).mkdir(parents=True, exist_ok=True, mode=0o700)
        environ[name] = str(home / sub)
    driver = Path(__file__).resolve().parents[2] / "helpers" / "title_driver.py"
    done = subprocess.run(["xvfb-run", "-a", sys.executable, str(driver), *args],
                          env=environ, capture_output=True, text=True, timeout=120,
                          cwd=str(root), check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return [line[len("title "):] for line in done.stdout.splitlines()
            if line.startswith("title ")]


needs_x = pytest.mark.skipif(
    shutil.which("xvfb-run") is None or shutil.which("xdotool") is None,
    reason="needs Xvfb and xdotool (apt-get install xvfb xdotool)")


@needs_x
def test_the_title_the_window_manager_shows_names_the_app_once(tmp_path: Path) -> None:
    assert run_on_x(tmp_path, ["--demo"]) == ["PetDesk — Demo"]
    titles = run_on_x(tmp_path, ["--base-url", "http://127.0.0.1:9/v1"],
                      PETDESK_API_KEY="title-test-key-0123456789", PETDESK_TEST_SWITCH="1")
    assert titles == ["PetDesk — Production", "PetDesk — Staging (not set up)"]


def test_the_title_follows_the_environment_switch(
        qtbot: Any, loopback: Sandbox, make_window: Any) -> None:
    window = make_window(loopback)
    assert window.windowTitle() == "PetDesk — Production"
    shortcut(qtbot, window, "Ctrl+2")
    idle(qtbot, window)
    assert window.windowTitle() == "PetDesk — Staging (not set up)"  # the spec's example


def menu_entries(window: Any) -> list[tuple[str, str, str]]:
    """(menu, command, keys) of every action in the window's menus, as a user reads
    them in the menu bar."""
    entries = []
    for menu_action in window.menuBar().actions():
        menu = menu_action.menu()
        assert isinstance(menu, QMenu)
        for action in menu.actions():
            if action.isSeparator():
                continue
            keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                             for k in action.shortcuts())
            entries.append((menu.title().replace("&", ""),
                            action.text().replace("&", "").rstrip("…"), keys))
    return entries


@pytest.mark.parametrize("keys", ["Ctrl+/", "Shift+F1"])
def test_help_keyboard_shortcuts_lists_every_menu_command(
        qtbot: Any, loopback: Sandbox, make_window: Any, keys: str) -> None:
    window = make_window(loopback)
    help_menu = window.menuBar().actions()[-1].menu()
    assert "Keyboard shortcuts…" in [a.text().replace("&", "") for a in help_menu.actions()]
    shortcut(qtbot, window, keys)
    dialog = visible_dialog(qtbot, QDialog)
    assert dialog.windowTitle() == "Keyboard shortcuts"
    table = dialog.findChild(QTableWidget)
    shown = [tuple(table.item(r, c).text() for c in range(3))
             for r in range(table.rowCount())]
    entries = menu_entries(window)
    assert shown == entries
    assert ("Help", "Keyboard shortcuts", "Ctrl+/, Shift+F1") in shown
    assert ("File", "Quit", "Ctrl+Q") in shown and ("View", "Staging", "Ctrl+2") in shown
    assert all(k for _m, _c, k in shown)  # every command has keys
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5_000)
