"""Finding an animal by name among every pet this computer knows, through the window.

The catalogue is switched on in File › Settings and filled from a loopback sandbox on
the test's fake clock (the fixtures and helpers of
:mod:`tests.gui.catalogue.test_catalogue_window`);
its next update is held, so only what this computer does itself can put a pet in it.
Then pets are imported (Ctrl+I), or looked up by id (Ctrl+L), and the quick filter
(Ctrl+F) is typed into, as a user does: the line beside the footer counts the pet,
and Enter shows it in Find any animal.
"""

from __future__ import annotations

import shutil
import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QIcon
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QPushButton

from petdesk.core.jobs import Priority
from petdesk.gui.cards.kennel_card_dialog import KennelCardDialog
from petdesk.gui.catalogue.controller import CatalogueController
from petdesk.gui.catalogue.search_dialog import CatalogueDialog
from petdesk.gui.main_window import MainWindow
from petdesk.gui.settings.settings import AppSettings, CatalogueChoice
from petdesk.sandbox import SandboxConfig, Store
from tests.gui.conftest import API_KEY, FakeClock, Sandbox
from tests.helpers import ui
from tests.helpers.catalogue_driver import (
    catalogue_line,
    match_line,
    open_window,
    quick_filter,
    result_names,
    switch_on,
)
from tests.helpers.drive import choose, idle, look_up, shortcut, type_text, visible_dialog
from tests.helpers.import_driver import check, open_import, send_all
from tests.helpers.import_driver import choose as choose_file
from tests.helpers.outbox_driver import Switchable, add_pet, waiting
from tests.helpers.sandbox_server import start_server
from tests.helpers.sandbox_store import every_pet
from tests.helpers.windows import open_demo_window
from tests.unit.services.importing.files import write_xlsx

SEEDED = 12
#: A sold pet of the demo's sample data ("Sarge").
SOLD_DEMO_ID = 3
#: Nine animals of an intake sheet; the catalogue does not know them before the import.
INTAKE = [("Kralle", 2, "available"), ("Mausi", 2, "available"), ("Bello", 1, "pending"),
          ("Flocke", 2, "available"), ("Rex", 1, "available"), ("Nala", 2, "sold"),
          ("Tiger", 2, "available"), ("Luna", 1, "available"), ("Balu", 1, "available")]


@pytest.fixture
def shelter(clock: FakeClock, monkeypatch: pytest.MonkeyPatch,
            tmp_path: Path) -> Iterator[Sandbox]:
    """A small shelter's service; the window's store in this test's own folder."""
    monkeypatch.setenv("PETDESK_DATA_DIR", str(tmp_path / "data" / "PetDesk"))
    pets = Store(None, seed_count=SEEDED)
    config = SandboxConfig(api_keys=(API_KEY,), requests_per_window=10_000,
                           requests_per_day=100_000)
    running = start_server(config, store=pets, clock=clock.time)
    try:
        yield Sandbox("loopback", running.app, running.base_url)
    finally:
        running.stop()
        pets.close()


def filled(qtbot: Any, make_window: Callable[..., MainWindow], box: Sandbox,
           clock: FakeClock) -> MainWindow:
    """The window with the catalogue switched on and complete (the next update held)."""
    window, timer = open_window(make_window, box, clock)
    switch_on(qtbot, window)
    qtbot.waitUntil(lambda: catalogue_line(window).startswith(
        f"Catalogue: {SEEDED} pets · complete as of"), timeout=30_000)
    qtbot.waitUntil(lambda: timer.held is not None)
    return window


def enter_shows(qtbot: Any, window: MainWindow, edit: Any, names: list[str]) -> CatalogueDialog:
    """Enter in the quick filter: Find any animal opens with these results."""
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    dialog = visible_dialog(qtbot, CatalogueDialog)
    qtbot.waitUntil(lambda: result_names(dialog) == names, timeout=5_000)
    return dialog


def test_pets_just_imported_are_found_by_name_at_once(
        qtbot: Any, shelter: Sandbox, make_window: Callable[..., MainWindow],
        clock: FakeClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window = filled(qtbot, make_window, shelter, clock)
    path = tmp_path / "intake.xlsx"
    write_xlsx(path, [["Animal name", "Category ID", "Status"], *map(list, INTAKE)])
    dialog = open_import(qtbot, window)
    choose_file(qtbot, monkeypatch, dialog, path)
    assert check(qtbot, dialog).startswith("9 rows: 9 ready")
    send_all(qtbot, dialog)
    dialog.close()
    qtbot.waitUntil(lambda: catalogue_line(window).startswith(
        f"Catalogue: {SEEDED + len(INTAKE)} pets"))
    edit = quick_filter(qtbot, window)
    qtbot.keyClicks(edit, "Kralle")
    qtbot.waitUntil(lambda: match_line(window).startswith(
        "1 pet named like “Kralle” in the catalogue (as of "))
    enter_shows(qtbot, window, edit, ["Kralle"])


def test_a_pet_looked_up_by_id_is_found_by_name_afterwards(
        qtbot: Any, shelter: Sandbox, make_window: Callable[..., MainWindow],
        clock: FakeClock) -> None:
    window = filled(qtbot, make_window, shelter, clock)
    pet = shelter.app.store.add_pet("Quasimodo", 3, "available")  # added at another desk
    look_up(qtbot, window, str(pet.id))
    qtbot.waitUntil(lambda: ui.detail(window).idValue.text() == str(pet.id), timeout=5_000)
    edit = quick_filter(qtbot, window)
    qtbot.keyClicks(edit, "quasi")
    qtbot.waitUntil(lambda: match_line(window).startswith("1 pet named like “quasi”"))
    enter_shows(qtbot, window, edit, ["Quasimodo"])


def note(dialog: CatalogueDialog) -> str:
    return str(dialog.noteLabel.text())


def test_find_any_animal_opened_again_shows_no_old_results_and_a_stopped_search_comes_back(
        qtbot: Any, shelter: Sandbox, make_window: Callable[..., MainWindow],
        clock: FakeClock) -> None:
    window = filled(qtbot, make_window, shelter, clock)
    names = [str(p.name) for p in every_pet(shelter.app.store)]
    first, second = names[0], names[-1]
    shortcut(qtbot, window, "Ctrl+Shift+F")
    dialog = visible_dialog(qtbot, CatalogueDialog)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.searchEdit)
    qtbot.keyClicks(dialog.searchEdit, first)
    qtbot.waitUntil(lambda: first in result_names(dialog))
    qtbot.mouseClick(dialog.closeButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    idle(qtbot, window)
    # A slow request holds the worker (the service takes its time to answer).
    answer = threading.Event()
    worker = ui.worker(window)
    worker.run_task(lambda _ctx: answer.wait(30), priority=Priority.BACKGROUND)
    edit = quick_filter(qtbot, window)
    type_text(qtbot, edit, second)
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    again = visible_dialog(qtbot, CatalogueDialog)
    # Until the answer, the earlier search's pets are not shown as if found.
    assert result_names(again) == []
    assert note(again) == "Searching the catalogue…"
    # The user stops the slow work (Esc in the window); the search was stopped too.
    stop = window.findChild(QAction, "actionStop")
    stop.trigger()
    answer.set()
    qtbot.waitUntil(lambda: note(again).startswith("The search was stopped."))
    idle(qtbot, window)
    qtbot.keyClick(again.searchEdit, Qt.Key.Key_Return)  # as the note says
    qtbot.waitUntil(lambda: second in result_names(again), timeout=5_000)


def open_demo(qtbot: Any, tmp_path: Path, settings: AppSettings,
              monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    """``petdesk --demo`` with these settings, its first page shown."""
    monkeypatch.setenv("PETDESK_DATA_DIR", str(tmp_path / "data" / "PetDesk"))
    window = open_demo_window(qtbot, settings, tmp_path / "demo.sqlite3")
    idle(qtbot, window)
    return window


@pytest.fixture
def demo_window(qtbot: Any, tmp_path: Path, settings: AppSettings,
                monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    return open_demo(qtbot, tmp_path, settings, monkeypatch)


def test_a_looked_up_pet_the_status_filter_hides_is_printed(
        qtbot: Any, demo_window: MainWindow, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    window = demo_window
    target = tmp_path / "card.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda _parent, _title, _suggested, chosen: (str(target), chosen))
    ui.status_filter(window).setFocus()
    choose(qtbot, ui.status_filter(window), "available")
    qtbot.waitUntil(lambda: ui.model(window).rowCount() > 0 and all(
        ui.model(window).pet(r).status == "available" for r in range(ui.model(window).rowCount())),
        timeout=10_000)
    idle(qtbot, window)
    look_up(qtbot, window, str(SOLD_DEMO_ID))
    qtbot.waitUntil(lambda: ui.detail(window).idValue.text() == str(SOLD_DEMO_ID), timeout=5_000)
    assert ui.detail(window).note == "Hidden from the list by the Available filter."
    name = ui.detail(window).pet.name if ui.detail(window).pet is not None else ""
    shortcut(qtbot, window, "Ctrl+P")
    dialog = visible_dialog(qtbot, KennelCardDialog)
    assert "Select a pet" not in ui.status_bar(window).message
    save = dialog.findChild(QPushButton, "saveButton")
    with qtbot.waitSignal(dialog.saved, timeout=20_000):
        qtbot.mouseClick(save, Qt.MouseButton.LeftButton)
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(target), "-"], capture_output=True,
                              text=True, check=True).stdout
        assert name in " ".join(text.split())
    qtbot.mouseClick(dialog.closeButton, Qt.MouseButton.LeftButton)


def test_a_look_up_that_is_no_pet_id_says_why_in_the_panel(
        qtbot: Any, demo_window: MainWindow) -> None:
    window = demo_window
    detail = ui.detail(window)
    look_up(qtbot, window, "99999")
    qtbot.waitUntil(lambda: detail.titleLabel.text() == "No pet with ID 99999", timeout=5_000)
    look_up(qtbot, window, "12a")
    assert detail.titleLabel.text() == "“12a” is not a pet ID"
    assert detail.messageLabel.isVisibleTo(window)
    assert detail.messageLabel.text() == "Enter a pet ID: a whole number from 1 up."
    assert detail.idValue.text() == "—" and not detail.copyIdButton.isEnabled()
    assert QApplication.focusWidget() is ui.lookup_edit(window)
    assert ui.lookup_edit(window).selectedText() == "12a"  # typed over at once
    too_big = "99999999999999999999"
    look_up(qtbot, window, too_big)
    assert detail.titleLabel.text() == f"No pet with ID {too_big}"
    assert detail.messageLabel.text() == ("This number is too large to be a pet ID: IDs go "
                                          "up to 9223372036854775807.")
    look_up(qtbot, window, "3")  # a real one again: the message goes
    qtbot.waitUntil(lambda: detail.idValue.text() == "3", timeout=5_000)
    assert not detail.messageLabel.isVisibleTo(window)


def arrow_points_down(header: Any, section: int) -> bool:
    """Whether the sort arrow drawn at the right of ``section`` points down (its widest
    row on top), as the user sees the header."""
    image = header.grab().toImage()
    right = header.sectionViewportPosition(section) + header.sectionSize(section)
    widths = [sum(1 for x in range(right - 18, right - 1)
                  if image.pixelColor(x, y).lightness() < 140)
              for y in range(image.height())]
    drawn = [w for w in widths if w]
    assert len(drawn) >= 3, f"no arrow drawn: {widths}"
    return drawn[0] > drawn[-1]


def test_find_any_animal_newest_first_points_the_arrow_down_with_status_icons(
        qtbot: Any, settings: AppSettings, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    settings.catalogue = CatalogueChoice(enabled=True)
    window = open_demo(qtbot, tmp_path, settings, monkeypatch)
    shortcut(qtbot, window, "Ctrl+Shift+F")
    dialog = visible_dialog(qtbot, CatalogueDialog)
    qtbot.waitUntil(lambda: dialog.model.rowCount() > 0, timeout=10_000)
    assert dialog.orderCombo.currentText() == "Newest first"
    first, second = (dialog.model.pet(r) for r in (0, 1))
    assert first is not None and second is not None and first.id > second.id
    header = dialog.resultsView.horizontalHeader()
    assert arrow_points_down(header, 0)
    dialog.orderCombo.setFocus()
    choose(qtbot, dialog.orderCombo, next(dialog.orderCombo.itemData(i)
                                          for i in range(dialog.orderCombo.count())
                                          if dialog.orderCombo.itemText(i) == "Oldest first"))
    qtbot.keyClick(dialog.orderCombo, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.model.pet(0) is not None and dialog.model.pet(0).id == 1)
    assert not arrow_points_down(header, 0)
    # The main table, sorted by ID from the oldest, points its arrow up too.
    assert not arrow_points_down(ui.table(window).horizontalHeader(), 0)
    for row in range(min(5, dialog.model.rowCount())):
        icon = dialog.model.index(row, 3).data(Qt.ItemDataRole.DecorationRole)
        assert isinstance(icon, QIcon) and not icon.isNull()


def test_the_catalogue_line_under_the_table_keeps_its_width_in_a_small_window(
        qtbot: Any, shelter: Sandbox, make_window: Callable[..., MainWindow],
        clock: FakeClock) -> None:
    window = filled(qtbot, make_window, shelter, clock)
    window.resize(800, 500)
    qtbot.waitUntil(lambda: window.width() <= 800 or window.minimumWidth() > 800)
    edit = quick_filter(qtbot, window)
    qtbot.keyClicks(edit, "a")
    qtbot.waitUntil(lambda: match_line(window).endswith("Enter shows them"))
    label = window.findChild(QLabel, "catalogueMatchLabel")
    table = ui.table(window)
    qtbot.waitUntil(lambda: label.width() >= table.width() * 0.9)
    lines = label.height() // label.fontMetrics().lineSpacing()
    assert lines <= 2, f"the line is squeezed into {lines} lines"


def test_opening_a_found_pet_keeps_the_users_place_in_the_results(
        qtbot: Any, settings: AppSettings, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    settings.catalogue = CatalogueChoice(enabled=True)
    window = open_demo(qtbot, tmp_path, settings, monkeypatch)
    shortcut(qtbot, window, "Ctrl+Shift+F")
    dialog = visible_dialog(qtbot, CatalogueDialog)
    qtbot.waitUntil(lambda: dialog.model.rowCount() > 5, timeout=10_000)
    qtbot.waitUntil(lambda: dialog.resultsView.currentIndex().row() == 0)
    view = dialog.resultsView
    view.setFocus()
    for _ in range(3):
        qtbot.keyClick(view, Qt.Key.Key_Down)
    chosen = dialog.model.pet(3)
    assert chosen is not None
    # The pet is looked up, and the catalogue read again with the service's answer.
    with qtbot.waitSignal(ui.child(window, CatalogueController).rowsChanged, timeout=10_000):
        qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: ui.detail(window).idValue.text() == str(chosen.id),
                    timeout=10_000)
    idle(qtbot, window)
    assert view.currentIndex().row() == 3
    assert str(view.currentIndex().siblingAtColumn(0).data()) == str(chosen.id)


def test_an_add_sent_later_from_the_outbox_is_found_by_name(
        qtbot: Any, clock: FakeClock, make_window: Callable[..., MainWindow]) -> None:
    service = Switchable(clock)
    try:
        window, timer = open_window(make_window, service.box, clock)
        switch_on(qtbot, window)
        seeded = len(service.names())
        qtbot.waitUntil(lambda: catalogue_line(window).startswith(
            f"Catalogue: {seeded} pets · complete as of"), timeout=30_000)
        qtbot.waitUntil(lambda: timer.held is not None)
        service.stop()
        add_pet(qtbot, window, "Quillon")
        assert waiting(window) == ["Quillon"]
        service.start()
        with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
            shortcut(qtbot, window, "F5")
        qtbot.waitUntil(lambda: not waiting(window), timeout=10_000)
        qtbot.waitUntil(lambda: catalogue_line(window).startswith(
            f"Catalogue: {seeded + 1} pets"))
        edit = quick_filter(qtbot, window)
        qtbot.keyClicks(edit, "quillon")
        qtbot.waitUntil(lambda: match_line(window).startswith("1 pet named like “quillon”"))
        enter_shows(qtbot, window, edit, ["Quillon"])
    finally:
        service.close()
