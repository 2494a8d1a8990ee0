"""Settings that are remembered, environments, the demo, the CLI, logging."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox

from petdesk.core.connection import STAGING_URL
from petdesk.gui.pets.pet_model import Column
from petdesk.gui.settings.settings import AppSettings, Environment
from petdesk.services.logs import setup_logging
from petdesk.services.redaction import RedactingFilter
from tests.gui.conftest import API_KEY, Sandbox
from tests.helpers import ui
from tests.helpers.drive import (
    open_add_dialog,
    open_key_dialog,
    open_settings,
    shortcut,
    visible_dialog,
)
from tests.helpers.windows import open_demo_window


def test_column_widths_sort_and_geometry_are_remembered(qtbot, loopback: Sandbox, make_window,
                                                        settings: AppSettings) -> None:
    window = make_window(loopback)
    header = ui.table(window).horizontalHeader()
    window.resize(760, 520)  # the offscreen screen is 800x600
    # A width that leaves the Status column its room (a narrow table narrows Name), with
    # the vertical scroll bar there too (the last session's rows are shown at start).
    header.resizeSection(Column.NAME, 120)
    ui.table(window).sortByColumn(Column.NAME, Qt.SortOrder.DescendingOrder)
    model = ui.model(window)
    names = [model.index(r, Column.NAME).data() for r in range(model.rowCount())]
    assert names == sorted(names, key=str.casefold, reverse=True)
    window.close()
    again = make_window(loopback)
    header = ui.table(again).horizontalHeader()
    assert header.sectionSize(Column.NAME) == 120
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == (
        Column.NAME, Qt.SortOrder.DescendingOrder)
    model = ui.model(again)
    names = [model.index(r, Column.NAME).data() for r in range(model.rowCount())]
    assert names == sorted(names, key=str.casefold, reverse=True)
    assert again.size().width() == 760


def test_the_key_is_never_written_to_settings(qtbot, loopback: Sandbox, make_window,
                                              settings: AppSettings, tmp_path: Path) -> None:
    window = make_window(loopback)
    dialog = open_key_dialog(qtbot, window)
    qtbot.keyClicks(dialog.apiKeyEdit, API_KEY)
    with qtbot.waitSignal(ui.worker(window).finished, timeout=5_000):
        dialog.saveButton.click()
    window.close()
    settings.sync()
    assert API_KEY not in (tmp_path / "petdesk.ini").read_text()


def test_staging_is_unmistakable(qtbot, loopback: Sandbox, make_window) -> None:
    window = make_window(loopback)
    assert "Production" in window.windowTitle()
    assert "STAGING" not in ui.banner(window).text()
    shortcut(qtbot, window, "Ctrl+2")  # View › Staging
    # Staging's address is still the spec's example: said, never shown as real.
    assert window.windowTitle() == "PetDesk — Staging (not set up)"
    assert "STAGING" in ui.banner(window).text() and "not set up" in ui.banner(window).text()
    assert STAGING_URL not in ui.banner(window).text()
    # Painted yellow (a corner pixel of the banner as drawn), not the window's grey.
    assert ui.banner(window).grab().toImage().pixelColor(1, 1).name() == "#f4b400"
    assert ui.worker(window).connection.environment == "staging"
    assert ui.model(window).rowCount() == 0  # production's pets are not shown as staging's


def test_settings_dialog_stores_urls_and_timeout(qtbot, loopback: Sandbox, make_window,
                                                 settings: AppSettings) -> None:
    window = make_window(loopback)
    dialog = open_settings(qtbot, window)
    dialog.stagingUrlEdit.selectAll()
    qtbot.keyClicks(dialog.stagingUrlEdit, "http://example.com/v1")
    qtbot.keyClick(dialog.stagingUrlEdit, Qt.Key.Key_Return)
    assert "https://" in dialog.problemLabel.text()
    assert settings.base_url(Environment.STAGING) == STAGING_URL
    dialog.stagingUrlEdit.selectAll()
    qtbot.keyClicks(dialog.stagingUrlEdit, "https://staging.example.org/v1")
    dialog.timeoutSpin.selectAll()
    qtbot.keyClicks(dialog.timeoutSpin, "30")
    qtbot.keyClick(dialog.stagingUrlEdit, Qt.Key.Key_Return)
    assert settings.base_url(Environment.STAGING) == "https://staging.example.org/v1"
    assert settings.timeout == 30


def test_demo_window_uses_the_in_process_sandbox(qtbot, tmp_path: Path) -> None:
    settings = AppSettings(QSettings(str(tmp_path / "demo.ini"), QSettings.Format.IniFormat))
    window = open_demo_window(qtbot, settings, ":memory:")
    assert "Demo" in window.windowTitle()
    assert "DEMO" in ui.banner(window).text()
    assert ui.model(window).rowCount() == 20
    assert not ui.environment_combo(window).isEnabled()


def test_shortcuts(qtbot, loopback: Sandbox, make_window) -> None:
    window = make_window(loopback)
    wanted = {"actionRefresh": "F5", "actionAddPet": "Ctrl+N", "actionLookup": "Ctrl+L",
              "actionQuickFilter": "Ctrl+F", "actionQuit": "Ctrl+Q",
              "actionSettings": "Ctrl+,"}
    for name, keys in wanted.items():
        assert ui.action(window, name).shortcut().toString() == keys
    stop = [s.toString() for s in ui.action(window, "actionStop").shortcuts()]
    assert stop == ["Esc", "Ctrl+."]
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert ui.add_dialog(window) is not None
    ui.add_dialog(window).reject()


def test_object_names_are_on_the_widgets(qtbot, loopback: Sandbox, make_window) -> None:
    from PySide6.QtWidgets import QWidget

    window = make_window(loopback)
    for name in ("statusFilter", "limitSpin", "refreshButton", "addPetButton", "lookupEdit",
                 "petsTable", "petDetail"):
        widget = window.findChild(QWidget, name)
        assert widget is not None, name
        assert widget.accessibleName(), name
    dialog = open_add_dialog(qtbot, window)
    for name in ("nameEdit", "categoryIdEdit", "statusCombo", "submitButton"):
        assert dialog.findChild(QWidget, name) is not None, name
    dialog.reject()
    key_dialog = open_key_dialog(qtbot, window)
    assert key_dialog.findChild(QWidget, "apiKeyEdit") is not None
    key_dialog.reject()


def test_about_box_names_both_versions(qtbot, loopback: Sandbox, make_window) -> None:
    import petdesk

    window = make_window(loopback)
    shortcut(qtbot, window, "F1")  # Help › About PetDesk
    box = visible_dialog(qtbot, QMessageBox)
    assert petdesk.__version__ in box.text()
    assert "API version 1.0.0" in box.informativeText()
    box.close()


def test_log_records_never_carry_the_key(tmp_path: Path) -> None:
    redactor = RedactingFilter()
    redactor.add_secret(API_KEY)
    path, _ = setup_logging(tmp_path, redactor=redactor)
    log = logging.getLogger("petdesk.test")
    log.warning("sending key %s", API_KEY)
    log.warning("header Authorization: Bearer some-other-token")
    try:
        raise ValueError(f"bad {API_KEY}")
    except ValueError:
        log.exception("failed")
    for handler in logging.getLogger("petdesk").handlers:
        handler.flush()
    text = path.read_text()
    assert "sending key ***" in text and "Bearer ***" in text
    assert API_KEY not in text and "some-other-token" not in text


def test_version_does_not_import_qt() -> None:
    code = ("import sys; from petdesk.__main__ import main; main(['--version']); "
            "print(any(m.startswith('PySide6') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    import petdesk

    assert out == ["petdesk", petdesk.__version__, "False"]


def test_window_module_does_not_load_httpx_or_pydantic() -> None:
    code = ("import sys, petdesk.gui.app; "
            "print(sorted(m for m in ('httpx', 'pydantic', 'keyring') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"
