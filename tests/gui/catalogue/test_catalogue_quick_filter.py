"""The table's quick filter over the whole catalogue, through the window.

The catalogue is switched on in File › Settings, as a user does, and filled from a
loopback sandbox on the test's fake clock (the fixtures and helpers of
:mod:`tests.gui.catalogue.test_catalogue_window`). Then Ctrl+F and typing: the line beside the
footer says how many pets of the whole catalogue match; Enter opens Find any animal
with the text; Enter there opens the pet's detail.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from petdesk.gui.catalogue.search_dialog import CatalogueDialog
from petdesk.gui.main_window import MainWindow
from tests.gui.catalogue.conftest import LAST_NAME, PETS
from tests.gui.conftest import FakeClock, Sandbox
from tests.helpers import ui
from tests.helpers.catalogue_driver import (
    fill,
    match_line,
    open_window,
    quick_filter,
    result_names,
    switch_on,
    wait_complete,
)
from tests.helpers.drive import idle, type_text, visible_dialog


def keys_then_line(qtbot: Any, window: MainWindow, keys: str, line: str) -> None:
    """``keys`` typed into the focused quick filter; the line then starts with ``line``."""
    qtbot.keyClicks(ui.quick_filter(window), keys)
    qtbot.waitUntil(lambda: match_line(window).startswith(line))


def enter_opens_nothing(qtbot: Any, window: MainWindow, edit: Any) -> None:
    """Enter in the quick filter: no Find any animal opens."""
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    idle(qtbot, window)
    assert not [w for w in QApplication.topLevelWidgets()
                if isinstance(w, CatalogueDialog) and w.isVisible()]


def test_a_name_only_the_last_page_has_is_counted_and_enter_opens_it(
        qtbot: Any, big: Sandbox, make_window: Callable[..., MainWindow],
        clock: FakeClock) -> None:
    window, _timer = fill(qtbot, make_window, big, clock)
    assert match_line(window) == ""
    edit = quick_filter(qtbot, window)
    keys_then_line(qtbot, window, "quokka", "1 pet named like “quokka” in the catalogue (as of ")
    assert match_line(window).endswith(") — Enter shows it")
    # Only the first page is loaded: the table itself has no such pet.
    assert ui.model(window).rowCount() == 0
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    dialog = visible_dialog(qtbot, CatalogueDialog)
    assert dialog.searchEdit.text() == "quokka"
    assert dialog.orderCombo.currentText() == "Newest first"
    qtbot.waitUntil(lambda: result_names(dialog) == [LAST_NAME])
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.searchEdit)
    qtbot.keyClick(dialog.searchEdit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: ui.detail(window).idValue.text() == str(PETS), timeout=10_000)
    assert ui.detail(window).pet is not None and ui.detail(window).pet.name == LAST_NAME


def test_a_newer_keystroke_supersedes_and_a_cleared_filter_hides_the_line(
        qtbot: Any, big: Sandbox, make_window: Callable[..., MainWindow],
        clock: FakeClock) -> None:
    window, _timer = fill(qtbot, make_window, big, clock)
    edit = quick_filter(qtbot, window)
    keys_then_line(qtbot, window, "quokka", "1 pet named like “quokka”")
    keys_then_line(qtbot, window, "x", "No pet named like “quokkax” in the catalogue (as of ")
    enter_opens_nothing(qtbot, window, edit)  # no pet to show
    type_text(qtbot, edit, "")
    assert match_line(window) == ""
    idle(qtbot, window)
    assert match_line(window) == ""


def test_case_and_accents_fold_as_in_the_table(
        qtbot: Any, accented: Sandbox, make_window: Callable[..., MainWindow],
        clock: FakeClock) -> None:
    window, _timer = fill_small(qtbot, make_window, accented, clock)
    edit = quick_filter(qtbot, window)
    keys_then_line(qtbot, window, "ZOE", "1 pet named like “ZOE” in the catalogue (as of ")
    assert ui.model(window).rowCount() == 1
    assert ui.model(window).index(0, 1).data() == "Zoë"
    type_text(qtbot, edit, "zoe")  # (QTest types ASCII only)
    qtbot.waitUntil(lambda: match_line(window).startswith("1 pet named like “zoe”"))
    assert ui.model(window).rowCount() == 1


def test_with_the_catalogue_off_nothing_extra_is_shown(
        qtbot: Any, accented: Sandbox, make_window: Callable[..., MainWindow]) -> None:
    window = make_window(accented)
    edit = quick_filter(qtbot, window)
    qtbot.keyClicks(edit, "zoe")
    qtbot.waitUntil(lambda: ui.model(window).rowCount() == 1)
    enter_opens_nothing(qtbot, window, edit)
    assert match_line(window) == ""


def fill_small(qtbot: Any, make_window: Callable[..., MainWindow], box: Sandbox,
               clock: FakeClock) -> tuple[MainWindow, Any]:
    window, timer = open_window(make_window, box, clock)
    switch_on(qtbot, window)
    wait_complete(qtbot, window, 6)
    return window, timer
