"""The catalogue in the window, against a loopback sandbox of 5,000 pets at
a small quota (20 requests per 10-second window), on the test's fake clock.

The user switches the catalogue on in File › Settings; the window fills it in the
background, one page per worker job, the waits the filler asks for passing on the
fake clock (:class:`FakeStepTimer`, no sleeps). Everything is asserted as the user
sees it: the catalogue line of the status bar, the Find any animal dialog (Ctrl+Shift+F),
its results, the detail panel.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from petdesk.core.jobs import Priority
from petdesk.core.status_messages import MessageKind
from petdesk.gui.catalogue.controller import STEP_KEY, CatalogueController
from petdesk.gui.catalogue.search_dialog import CatalogueDialog
from petdesk.gui.main_window import MainWindow
from tests.gui.catalogue.conftest import LAST_NAME, PAGES, PETS
from tests.gui.conftest import API_KEY, FakeClock, Sandbox
from tests.helpers import ui
from tests.helpers.catalogue_driver import (
    catalogue_details,
    catalogue_line,
    fill,
    find_dialog,
    open_window,
    result_names,
    switch_on,
    wait_complete,
)
from tests.helpers.drive import open_add_dialog, open_settings, shortcut, type_text, visible_dialog


def test_fills_completely_with_no_429_and_the_user_first(qtbot: Any, big: Sandbox,
                                                         make_window: Callable[..., MainWindow],
                                                         clock: FakeClock) -> None:
    window, timer = open_window(make_window, big, clock)
    assert catalogue_line(window) == "Catalogue: off (File › Settings…)"
    before = big.requests()
    events: list[tuple[str, object, Priority, float]] = []
    worker = ui.worker(window)
    worker.submitted.connect(lambda j: events.append(("queued", j.key, j.priority, clock.time())))
    worker.jobStarted.connect(lambda j: events.append(("started", j.key, j.priority, clock.time())))
    switch_on(qtbot, window)
    qtbot.waitUntil(lambda: "filling, 1," in catalogue_line(window), timeout=30_000)
    # The service tells no total: the line says what is here so far.
    assert catalogue_line(window).endswith("pets so far")
    # The user refreshes the list in the middle of the fill.
    mark = len(events)
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        shortcut(qtbot, window, "F5")
    wait_complete(qtbot, window)

    assert big.app.counters(API_KEY).rate_limited == 0
    user = [e for e in events[mark:] if e[2] is Priority.USER]
    queued = next(i for i, e in enumerate(events[mark:], mark) if e[0] == "queued" and e in user)
    started = next(i for i, e in enumerate(events[queued:], queued)
                   if e[0] == "started" and e[2] is Priority.USER)
    # The user's refresh waited at most for the one catalogue page already in flight
    # when it was queued (the worker had taken that step before), never for a quota
    # wait: no countdown was shown, and no 429.
    ahead = [e for e in events[queued:started] if e[0] == "started"]
    assert len(ahead) <= 1, ahead
    assert ui.status_bar(window).text_of(MessageKind.WAIT) == ""
    # The catalogue used one request per page of 100 pets and nothing more.
    used = big.requests() - before - 1  # the user's refresh
    assert used == PAGES
    assert timer.waited > 0  # it waited for quota windows rather than take the user's share
    assert f"Catalogue used {PAGES} of its 250 requests today" in \
        catalogue_details(window)
    qtbot.waitUntil(lambda: timer.held is not None)  # the next update, scheduled
    assert timer.held == pytest.approx(30 * 60, abs=1)
    assert catalogue_line(window).endswith("next update in 30 min")


def test_a_name_finds_the_pet_on_the_last_page_and_enter_opens_it(
        qtbot: Any, big: Sandbox, make_window: Callable[..., MainWindow],
        clock: FakeClock) -> None:
    window, _timer = fill(qtbot, make_window, big, clock)
    dialog = find_dialog(qtbot, window)
    qtbot.keyClicks(dialog.searchEdit, "ZOE quokka")  # case and accents folded
    qtbot.waitUntil(lambda: result_names(dialog) == [LAST_NAME])
    assert dialog.noteLabel.text().startswith(
        "1 pet whose name contains “ZOE quokka” · catalogue complete as of")
    qtbot.keyClick(dialog.searchEdit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: ui.detail(window).pet is not None
                    and ui.detail(window).pet.id == PETS, timeout=10_000)
    assert ui.detail(window).pet.name == LAST_NAME


def test_an_id_in_the_box_goes_to_the_look_up(qtbot: Any, big: Sandbox,
                                              make_window: Callable[..., MainWindow],
                                              clock: FakeClock) -> None:
    window, _timer = fill(qtbot, make_window, big, clock)
    dialog = find_dialog(qtbot, window)
    qtbot.keyClicks(dialog.searchEdit, "#4321")
    qtbot.keyClick(dialog.searchEdit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: ui.detail(window).pet is not None
                    and ui.detail(window).pet.id == 4321, timeout=10_000)


def test_a_pet_added_elsewhere_appears_after_the_next_update_newest_first(
        qtbot: Any, big: Sandbox, make_window: Callable[..., MainWindow],
        clock: FakeClock) -> None:
    window, timer = fill(qtbot, make_window, big, clock)
    added = big.app.store.add_pet("Newcomer Mochi", 1, "pending")  # another desk adds it
    shortcut(qtbot, window, "Ctrl+Shift+N")  # View › Newest first
    dialog = visible_dialog(qtbot, CatalogueDialog)
    qtbot.waitUntil(lambda: result_names(dialog, 1) == [LAST_NAME])
    assert dialog.orderCombo.currentText() == "Newest first"
    before = big.requests()
    timer.elapse()  # half an hour later: the scheduled update
    wait_complete(qtbot, window, PETS + 1)
    # The last page again (from the kept link; it was full) and the new one after it.
    assert big.requests() - before == 2
    qtbot.waitUntil(lambda: result_names(dialog, 2) == ["Newcomer Mochi", LAST_NAME])
    assert dialog.model.index(0, 0).data() == str(added.id)
    # Any column is an order too: oldest first by a click on the ID header.
    header = dialog.resultsView.horizontalHeader()
    header.setSortIndicator(0, Qt.SortOrder.AscendingOrder)
    qtbot.waitUntil(lambda: dialog.model.index(0, 0).data() == "1")
    assert dialog.orderCombo.currentText() == "Oldest first"


def test_update_now_fetches_at_once(qtbot: Any, big: Sandbox,
                                    make_window: Callable[..., MainWindow],
                                    clock: FakeClock) -> None:
    window, _timer = fill(qtbot, make_window, big, clock)
    big.app.store.add_pet("Urgent Arrival", 3, "available")
    before = big.requests()
    shortcut(qtbot, window, "Ctrl+Shift+U")  # View › Update catalogue now
    wait_complete(qtbot, window, PETS + 1)
    assert big.requests() - before == 2  # the last page again (it was full), the new one


def test_the_catalogue_survives_a_restart_and_a_corrupt_file(
        qtbot: Any, big: Sandbox, make_window: Callable[..., MainWindow],
        clock: FakeClock, tmp_path: Path) -> None:
    window, _timer = fill(qtbot, make_window, big, clock)
    window.close()
    before = big.requests()
    again, _timer = open_window(make_window, big, clock)
    wait_complete(qtbot, again)  # read back, nothing fetched: no update due yet
    qtbot.waitUntil(lambda: ui.table(again).model().rowCount() > 0)  # the list's first page
    qtbot.waitUntil(lambda: not ui.worker(again).busy)
    assert big.requests() == before + 1  # the list's first page, nothing for the catalogue
    again.close()
    [catalogue] = (tmp_path / "data").rglob("*.catalogue.sqlite3")
    catalogue.write_bytes(b"this is not a database" * 100)
    third, _timer = open_window(make_window, big, clock)
    wait_complete(qtbot, third)  # downloaded again
    assert "could not read its saved copy of the catalogue" in \
        catalogue_details(third)
    dialog = find_dialog(qtbot, third)
    type_text(qtbot, dialog.searchEdit, "quokkaberry")
    qtbot.waitUntil(lambda: result_names(dialog) == [LAST_NAME])


def test_search_results_hold_a_bounded_number_of_rows(qtbot: Any, big: Sandbox,
                                                      make_window: Callable[..., MainWindow],
                                                      clock: FakeClock) -> None:
    window, _timer = fill(qtbot, make_window, big, clock)
    dialog = find_dialog(qtbot, window)
    view, model = dialog.resultsView, dialog.model
    qtbot.waitUntil(lambda: model.rowCount() == PETS)
    assert ui.held_rows(model) <= 200
    qtbot.keyClick(view, Qt.Key.Key_End)  # the oldest pet, at the far end
    qtbot.waitUntil(lambda: model.index(PETS - 1, 0).data() == "1")
    assert ui.held_rows(model) <= 8 * 200
    assert STEP_KEY  # the catalogue steps are keyed: one queued at a time


def test_the_quick_filter_folds_case_and_accents_as_the_catalogue(
        qtbot: Any, accented: Sandbox, make_window: Callable[..., MainWindow]) -> None:
    window = make_window(accented)
    shortcut(qtbot, window, "Ctrl+F")
    type_text(qtbot, ui.quick_filter(window), "ZOE")
    qtbot.waitUntil(lambda: ui.model(window).rowCount() == 1)
    assert ui.model(window).index(0, 1).data() == "Zoë"


def test_a_pet_added_here_is_on_top_of_newest_first_at_once(
        qtbot: Any, big: Sandbox, make_window: Callable[..., MainWindow],
        clock: FakeClock) -> None:
    window, _timer = fill(qtbot, make_window, big, clock)
    before = big.requests()
    dialog = open_add_dialog(qtbot, window)
    qtbot.keyClicks(dialog.nameEdit, "Fresh Arrival")
    qtbot.keyClicks(dialog.categoryIdEdit, "3")
    with qtbot.waitSignal(ui.child(window, CatalogueController).rowsChanged,
                          timeout=10_000):
        qtbot.mouseClick(dialog.submitButton, Qt.MouseButton.LeftButton)
    shortcut(qtbot, window, "Ctrl+Shift+N")
    found = visible_dialog(qtbot, CatalogueDialog)
    qtbot.waitUntil(lambda: result_names(found, 1) == ["Fresh Arrival"])
    assert big.requests() == before + 1  # the add itself; the catalogue asked nothing
    assert catalogue_line(window).startswith(f"Catalogue: {PETS + 1:,} pets")


def test_the_schedule_is_a_setting_the_line_follows(qtbot: Any, big: Sandbox,
                                                     make_window: Callable[..., MainWindow],
                                                     clock: FakeClock) -> None:
    window, timer = fill(qtbot, make_window, big, clock)
    dialog = open_settings(qtbot, window)
    box = dialog.catalogueBox
    assert box.enabledCheck.isChecked()
    type_text(qtbot, box.updateSpin, "10")
    type_text(qtbot, box.shareSpin, "10")
    assert "never uses more than 100 requests a day" in box.costLabel.text()
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: catalogue_line(window).endswith("next update in 10 min"))
    assert "at most 100 requests a day (10% of 1,000)" in \
        catalogue_details(window)
    qtbot.waitUntil(lambda: timer.held is not None)
    assert timer.held == pytest.approx(10 * 60, abs=1)
    # Switched off: nothing scheduled, what is stored stays searchable.
    dialog = open_settings(qtbot, window)
    qtbot.mouseClick(dialog.catalogueBox.enabledCheck, Qt.MouseButton.LeftButton)
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: catalogue_line(window).startswith(
        "Catalogue: not kept up to date (5,000 pets stored)"))
    assert timer.held is None
    found = find_dialog(qtbot, window)
    qtbot.keyClicks(found.searchEdit, "quokka")
    qtbot.waitUntil(lambda: result_names(found) == [LAST_NAME])
