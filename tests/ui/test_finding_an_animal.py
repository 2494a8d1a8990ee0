"""Finding an animal by name among every pet this computer knows, through the window.

The catalogue is switched on in File › Settings and filled from a loopback sandbox on
the test's fake clock (the fixtures and helpers of :mod:`tests.ui.test_catalogue_window`);
its next update is held, so only what this computer does itself can put a pet in it.
Then pets are imported (Ctrl+I), or looked up by id (Ctrl+L), and the quick filter
(Ctrl+F) is typed into, as a user does: the line beside the footer counts the pet,
and Enter shows it in Find any animal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from petdesk.sandbox import SandboxConfig, Store, start_server
from petdesk.ui.main_window import MainWindow
from petdesk.ui.search_dialog import CatalogueDialog
from tests.bulk.files import write_xlsx

from .conftest import API_KEY, FakeClock, Sandbox
from .drive import idle, look_up, shortcut, type_text, visible_dialog
from .test_catalogue_quick_filter import match_line, quick_filter
from .test_catalogue_window import catalogue_line, open_window, result_names, switch_on
from .test_import_dialog import check, choose, open_import, send_all

SEEDED = 12
#: Nine animals of an intake sheet; the catalogue does not know them before the import.
INTAKE = [("Kralle", 2, "available"), ("Mausi", 2, "available"), ("Bello", 1, "pending"),
          ("Flocke", 2, "available"), ("Rex", 1, "available"), ("Nala", 2, "sold"),
          ("Tiger", 2, "available"), ("Luna", 1, "available"), ("Balu", 1, "available")]


@pytest.fixture
def shelter(clock: FakeClock, monkeypatch: pytest.MonkeyPatch,
            tmp_path: Path) -> Iterator[Sandbox]:
    """A small shelter's service; the window's store in this test's own folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
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
    choose(qtbot, monkeypatch, dialog, path)
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
    qtbot.waitUntil(lambda: window.detail.idValue.text() == str(pet.id), timeout=5_000)
    edit = quick_filter(qtbot, window)
    qtbot.keyClicks(edit, "quasi")
    qtbot.waitUntil(lambda: match_line(window).startswith("1 pet named like “quasi”"))
    enter_shows(qtbot, window, edit, ["Quasimodo"])


def test_find_any_animal_opened_again_from_the_quick_filter_shows_the_results(
        qtbot: Any, shelter: Sandbox, make_window: Callable[..., MainWindow],
        clock: FakeClock) -> None:
    window = filled(qtbot, make_window, shelter, clock)
    names = [str(p.name) for p in shelter.app.store.all_pets()]
    first, second = names[0], names[-1]
    shortcut(qtbot, window, "Ctrl+Shift+F")
    dialog = visible_dialog(qtbot, CatalogueDialog)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.searchEdit)
    qtbot.keyClicks(dialog.searchEdit, first)
    qtbot.waitUntil(lambda: first in result_names(dialog))
    qtbot.mouseClick(dialog.closeButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    idle(qtbot, window)
    edit = quick_filter(qtbot, window)
    type_text(qtbot, edit, second)
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    again = visible_dialog(qtbot, CatalogueDialog)
    qtbot.waitUntil(lambda: second in result_names(again), timeout=5_000)
