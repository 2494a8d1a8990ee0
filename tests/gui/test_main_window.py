"""The real main window driven against the sandbox, over loopback HTTP and in-process.

Each test that takes the ``sandbox`` fixture runs twice: once over real HTTP on
loopback, once through the in-process transport of ``petdesk --demo``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtCore import Qt

from petdesk.api import Pet, PetStatus, RequestCancelled
from petdesk.core.status_messages import MessageKind
from petdesk.gui.main_window import MainWindow
from petdesk.gui.pets.pet_list import FRESH_SECONDS
from petdesk.gui.pets.pet_model import Column, PetRole
from petdesk.sandbox import FaultKind
from petdesk.services.keys.keystore import MemoryKeyring
from tests.gui.conftest import API_KEY, FakeClock, Sandbox
from tests.helpers import ui
from tests.helpers.drive import (
    choose,
    click_row,
    idle,
    look_up,
    open_add_dialog,
    open_key_dialog,
    shortcut,
    type_text,
)
from tests.helpers.sandbox_store import every_pet


def table_pets(window: MainWindow) -> list[Pet]:
    proxy = ui.model(window)
    return [proxy.data(proxy.index(row, 0), PetRole) for row in range(proxy.rowCount())]


def choose_status(qtbot: Any, window: MainWindow, value: str) -> None:
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        choose(qtbot, ui.status_filter(window), value)


# -- list: filters, limits, refresh, load more ---------------------------------------------


@pytest.mark.parametrize("status", ["available", "pending", "sold"])
def test_each_status_filter_shows_only_that_status(qtbot, sandbox: Sandbox, make_window,
                                                   status: str) -> None:
    window = make_window(sandbox)
    assert {p.status for p in table_pets(window)} != {PetStatus(status)}  # "All" is mixed
    choose_status(qtbot, window, status)
    pets = table_pets(window)
    assert pets
    assert {p.status for p in pets} == {PetStatus(status)}
    shown = ui.model(window).index(0, Column.STATUS).data()
    assert shown == status.capitalize()  # the text, not only a colour
    choose_status(qtbot, window, "")
    assert len({p.status for p in table_pets(window)}) > 1


@pytest.mark.parametrize("limit", [1, 20, 100])
def test_page_size_limits(qtbot, sandbox: Sandbox, make_window, clock: FakeClock,
                          limit: int) -> None:
    window = make_window(sandbox)
    clock.advance(FRESH_SECONDS)  # the first page is no longer fresh
    if ui.limit_spin(window).value() == limit:
        with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
            ui.refresh_button(window).click()
    else:
        with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
            type_text(qtbot, ui.limit_spin(window), str(limit))
    assert ui.model(window).rowCount() == limit
    assert ui.load_more_button(window).isVisibleTo(window)  # the sandbox holds 300 pets


def refresh_into_a_wait(qtbot: Any, window: Any, sandbox: Sandbox, clock: FakeClock,
                        retry_after: int) -> None:
    """Refresh, answered by a 429 with ``retry_after``: the worker waits on the held clock."""
    clock.hold = True
    sandbox.app.faults.configure(retry_after_seconds=retry_after)
    sandbox.app.faults.fail_next(FaultKind.RATE_LIMIT, 1)
    with qtbot.waitSignal(ui.worker(window).waitStarted, timeout=10_000):
        qtbot.mouseClick(ui.refresh_button(window), Qt.MouseButton.LeftButton)


def test_refresh_shows_new_server_data(qtbot, sandbox: Sandbox, make_window,
                                       clock: FakeClock) -> None:
    window = make_window(sandbox)
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        type_text(qtbot, ui.limit_spin(window), "100")
    for _ in range(3):
        sandbox.app.store.add_pet("Fresh", 1, "available")
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        choose(qtbot, ui.status_filter(window), "available")
    before = sandbox.requests()
    names_before = [p.name for p in table_pets(window)]
    clock.advance(FRESH_SECONDS)
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        qtbot.keyClick(window, Qt.Key.Key_F5)
    assert sandbox.requests() == before + 1
    assert [p.name for p in table_pets(window)] == names_before
    assert ui.status_bar(window).text_of(MessageKind.REFRESHED).startswith("Last refresh")


def test_load_more_appends_the_next_page(qtbot, sandbox: Sandbox, make_window) -> None:
    window = make_window(sandbox)
    first = [p.id for p in table_pets(window)]
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        ui.load_more_button(window).click()
    ids = [p.id for p in table_pets(window)]
    assert len(ids) == 40 and ids[:20] == first
    assert len(set(ids)) == 40


def test_empty_result_is_drawn_in_the_view(qtbot, sandbox: Sandbox, make_window) -> None:
    window = make_window(sandbox)
    type_text(qtbot, ui.quick_filter(window), "no such name at all")
    assert ui.model(window).rowCount() == 0
    assert "no such name at all" in ui.overlay_text(window)
    type_text(qtbot, ui.quick_filter(window), "")
    assert ui.model(window).rowCount() == 20
    assert ui.overlay_text(window) == ""


def test_error_state_is_drawn_in_the_view(qtbot, sandbox: Sandbox, make_window) -> None:
    sandbox.app.faults.fail_next(FaultKind.BAD_GATEWAY, 1)
    window = make_window(sandbox, wait=False)
    qtbot.waitUntil(lambda: "Could not load" in ui.overlay_text(window), timeout=10_000)
    assert "had a problem" in ui.overlay_text(window)
    assert ui.status_bar(window).detailsButton.isVisibleTo(window)
    assert "HTTP status: 502" in ui.status_bar(window).details


# -- add pet ---------------------------------------------------------------------------


def test_add_valid_pet_appears_selected(qtbot, sandbox: Sandbox, make_window) -> None:
    window = make_window(sandbox)
    dialog = open_add_dialog(qtbot, window)
    assert not dialog.submitButton.isEnabled()
    qtbot.keyClicks(dialog.nameEdit, "Biscuit the Brave")
    qtbot.keyClicks(dialog.categoryIdEdit, "3")
    choose(qtbot, dialog.statusCombo, "pending")
    assert dialog.submitButton.isEnabled()
    with qtbot.waitSignal(ui.worker(window).finished, timeout=10_000):
        qtbot.mouseClick(dialog.submitButton, Qt.MouseButton.LeftButton)
    # One POST (the first add of a store lists to the newest pet first, once).
    assert [p.name for p in every_pet(sandbox.app.store)].count("Biscuit the Brave") == 1
    selected = ui.selected_pet(window)
    assert selected is not None
    assert (selected.name, selected.category_id, selected.status) == (
        "Biscuit the Brave", 3, PetStatus.PENDING)
    assert sandbox.app.store.get_pet(selected.id) is not None
    assert ui.detail(window).pet == selected
    qtbot.waitUntil(lambda: ui.add_dialog(window) is None)


def test_invalid_input_shows_inline_errors_and_sends_nothing(qtbot, sandbox: Sandbox,
                                                             make_window) -> None:
    window = make_window(sandbox)
    idle(qtbot, window)  # the start's background work is done
    before = sandbox.requests()
    dialog = open_add_dialog(qtbot, window)
    assert ui.field_error(dialog, "name") == ""  # nothing flagged before the first edit
    qtbot.keyClicks(dialog.nameEdit, "   ")
    qtbot.keyClicks(dialog.categoryIdEdit, "abc")
    assert "Enter a name" in ui.field_error(dialog, "name")
    assert "whole number" in ui.field_error(dialog, "categoryId")
    assert not dialog.submitButton.isEnabled()
    dialog.categoryIdEdit.clear()
    qtbot.keyClicks(dialog.categoryIdEdit, "0")
    assert "1 or more" in ui.field_error(dialog, "categoryId")
    qtbot.keyClicks(dialog.nameEdit, "x" * 101)
    assert "too long" in ui.field_error(dialog, "name")
    qtbot.mouseClick(dialog.submitButton, Qt.MouseButton.LeftButton)
    qtbot.keyClick(dialog.categoryIdEdit, Qt.Key.Key_Return)
    assert not ui.action(window, "actionStop").isEnabled()  # nothing is running
    assert sandbox.requests() == before  # nothing was sent
    dialog.nameEdit.clear()
    qtbot.keyClicks(dialog.nameEdit, "Rex")
    dialog.categoryIdEdit.clear()
    qtbot.keyClicks(dialog.categoryIdEdit, "2")
    assert ui.field_error(dialog, "name") == "" and ui.field_error(dialog, "categoryId") == ""
    assert dialog.submitButton.isEnabled()


def stricter_server(box: Sandbox, field: str, max_name: int = 50) -> None:
    """Make the sandbox behave like a server whose rules are stricter than the
    client's (say, a later version capping names at 50 characters): a POST with a
    longer name gets the Error body such a server sends, naming the field."""
    import io
    import json

    from petdesk.sandbox import wire

    original = box.app.handle

    def handle(environ: dict[str, Any]) -> Any:
        if environ.get("REQUEST_METHOD") == "POST":
            length = int(environ.get("CONTENT_LENGTH") or 0)
            body = environ["wsgi.input"].read(length)
            environ["wsgi.input"] = io.BytesIO(body)
            if len(json.loads(body).get("name", "")) > max_name:
                payload = json.dumps({"code": "invalid_value", "status": 400,
                                      "message": f"Field '{field}' must be at most "
                                                 f"{max_name} characters."}).encode()
                return wire.Response(400, payload, headers=[
                    ("Content-Type", "application/json"),
                    ("Content-Length", str(len(payload)))])
        return original(environ)

    box.app.handle = handle  # type: ignore[method-assign]


def test_server_400_is_shown_at_the_field_and_the_form_is_kept(qtbot, sandbox: Sandbox,
                                                               make_window) -> None:
    stricter_server(sandbox, "name")
    name = "Bartholomew " * 5  # 60 characters: fine for the client (max 100)
    window = make_window(sandbox)
    dialog = open_add_dialog(qtbot, window)
    qtbot.keyClicks(dialog.nameEdit, name)
    qtbot.keyClicks(dialog.categoryIdEdit, "4")
    assert dialog.submitButton.isEnabled()
    with qtbot.waitSignal(ui.worker(window).finished, timeout=10_000) as blocker:
        dialog.submitButton.click()
    assert blocker.args[0].outcome.value.error.status_code == 400  # through the outbox
    assert "'name' must be at most 50" in ui.field_error(dialog, "name")
    assert ui.field_error(dialog, "categoryId") == ""
    assert dialog.isVisible() and ui.add_dialog(window) is dialog
    assert dialog.nameEdit.text() == name and dialog.categoryIdEdit.text() == "4"
    assert not dialog.submitButton.isEnabled()  # until the refused field is edited
    dialog.nameEdit.selectAll()
    qtbot.keyClicks(dialog.nameEdit, "Bart")
    assert ui.field_error(dialog, "name") == "" and dialog.submitButton.isEnabled()
    with qtbot.waitSignal(ui.worker(window).finished, timeout=10_000):
        dialog.submitButton.click()
    assert ui.selected_pet(window) is not None and ui.selected_pet(window).name == "Bart"


def test_double_submission_is_impossible(qtbot, loopback: Sandbox, make_window) -> None:
    loopback.app.faults.configure(latency_seconds=0.3)
    window = make_window(loopback)
    dialog = open_add_dialog(qtbot, window)
    qtbot.keyClicks(dialog.nameEdit, "Once")
    qtbot.keyClicks(dialog.categoryIdEdit, "1")
    with qtbot.waitSignal(ui.worker(window).finished, timeout=10_000):
        dialog.submitButton.click()
        assert not dialog.submitButton.isEnabled()
        dialog.submitButton.click()
        qtbot.keyClick(dialog.nameEdit, Qt.Key.Key_Return)
    idle(qtbot, window)
    assert [p.name for p in every_pet(loopback.app.store)].count("Once") == 1
    assert [p.name for p in table_pets(window)].count("Once") == 1


def test_outcome_unknown_is_checked_before_it_is_sent_again(qtbot, sandbox: Sandbox,
                                                             make_window) -> None:
    """The answer is lost (a 500): the add stays in the outbox, PetDesk lists the pets
    added since, finds it was not created, and only then sends it again: once."""
    window = make_window(sandbox)
    first = open_add_dialog(qtbot, window)  # answered: the store learns the newest id
    qtbot.keyClicks(first.nameEdit, "Warm Up")
    qtbot.keyClicks(first.categoryIdEdit, "1")
    first.submitButton.click()
    qtbot.waitUntil(lambda: ui.add_dialog(window) is None, timeout=10_000)
    idle(qtbot, window)
    dialog = open_add_dialog(qtbot, window)
    qtbot.keyClicks(dialog.nameEdit, "Maybe")
    qtbot.keyClicks(dialog.categoryIdEdit, "2")
    sandbox.app.faults.fail_next(FaultKind.SERVER_ERROR, 1)
    dialog.submitButton.click()
    qtbot.waitUntil(lambda: ui.add_dialog(window) is None, timeout=10_000)
    assert "answer for “Maybe” was lost" in ui.status_bar(window).message
    model = ui.model(window)
    qtbot.waitUntil(lambda: any(  # checked: not created
        model.data(model.index(r, 1)) == "Maybe"
        and model.data(model.index(r, 3)).startswith("Waiting to send ·")
        for r in range(model.rowCount())), timeout=10_000)
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        shortcut(qtbot, window, "F5")  # the service answers: the outbox sends at once
    qtbot.waitUntil(lambda: [p.name for p in table_pets(window)].count("Maybe") == 1
                    and all(p.id > 0 for p in table_pets(window)), timeout=10_000)
    assert [p.name for p in every_pet(sandbox.app.store)].count("Maybe") == 1


# -- detail and lookup -----------------------------------------------------------------


def test_detail_refresh_shows_the_deprecation_note(qtbot, sandbox: Sandbox,
                                                   make_window) -> None:
    window = make_window(sandbox)
    pet = ui.model(window).pet(4)
    click_row(qtbot, window, 4)
    assert ui.detail(window).pet == pet
    assert "5 December 2030" in ui.detail(window).deprecationNote.text()
    sandbox.app.store.add_pet("unrelated", 1)
    with qtbot.waitSignal(ui.worker(window).finished, timeout=10_000):
        ui.detail(window).refreshButton.click()
    note = ui.detail(window).deprecationNote.text()
    assert "stop working" in note and "5 December 2030" in note
    assert "Announced by the Pet Store service" in note  # from the Deprecation/Sunset headers
    assert ui.detail(window).idValue.text() == str(pet.id)


def test_lookup_by_id_found_and_not_found(qtbot, sandbox: Sandbox, make_window) -> None:
    window = make_window(sandbox)
    target = 250  # not on the first page
    qtbot.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert ui.lookup_edit(window).hasFocus() or window.focusWidget() is ui.lookup_edit(window)
    qtbot.keyClicks(ui.lookup_edit(window), str(target))
    with qtbot.waitSignal(ui.worker(window).finished, timeout=10_000):
        qtbot.keyClick(ui.lookup_edit(window), Qt.Key.Key_Return)
    assert ui.detail(window).pet is not None and ui.detail(window).pet.id == target
    assert ui.detail(window).pet == Pet.model_validate(sandbox.app.store.get_pet(target).to_json())
    ui.lookup_edit(window).clear()
    qtbot.keyClicks(ui.lookup_edit(window), "999999")
    with qtbot.waitSignal(ui.worker(window).finished, timeout=10_000):
        qtbot.keyClick(ui.lookup_edit(window), Qt.Key.Key_Return)
    assert ui.status_bar(window).message == "No pet with ID 999999 was found."
    assert "No pet with ID 999999" in ui.detail(window).messageLabel.text()


# -- API key ---------------------------------------------------------------------------


def test_401_opens_the_key_dialog_once_then_replays(qtbot, sandbox: Sandbox, make_window,
                                                    keyring_backend: MemoryKeyring) -> None:
    keyring_backend.set_password("petdesk", "production", "wrong-key-123")
    window = make_window(sandbox, wait=False)
    qtbot.waitUntil(lambda: ui.key_dialog(window) is not None, timeout=10_000)
    dialog = ui.key_dialog(window)
    assert dialog.apiKeyEdit.echoMode() == dialog.apiKeyEdit.EchoMode.Password
    assert "not accepted" in dialog.reasonLabel.text()
    assert ui.model(window).rowCount() == 0
    qtbot.keyClicks(dialog.apiKeyEdit, API_KEY)
    dialog.showKeyButton.click()
    assert dialog.apiKeyEdit.echoMode() == dialog.apiKeyEdit.EchoMode.Normal
    before = sandbox.requests()
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        dialog.saveButton.click()
    assert ui.model(window).rowCount() == 20
    assert sandbox.requests() == before + 1  # the failed request, replayed once
    assert keyring_backend.get_password("petdesk", "production") == API_KEY
    qtbot.waitUntil(lambda: ui.key_dialog(window) is None)


def test_401_after_replay_does_not_loop(qtbot, sandbox: Sandbox, make_window,
                                        keyring_backend: MemoryKeyring) -> None:
    keyring_backend.set_password("petdesk", "production", "wrong-key-123")
    window = make_window(sandbox, wait=False)
    qtbot.waitUntil(lambda: ui.key_dialog(window) is not None, timeout=10_000)
    qtbot.keyClicks(ui.key_dialog(window).apiKeyEdit, "still-wrong-456")
    with qtbot.waitSignal(ui.worker(window).finished, timeout=10_000,
                          check_params_cb=lambda job: job.replayed):
        ui.key_dialog(window).saveButton.click()
    assert ui.key_dialog(window) is None  # asked once, not again
    assert "not accepted" in ui.status_bar(window).message


def test_test_connection_in_the_key_dialog(qtbot, sandbox: Sandbox, make_window) -> None:
    window = make_window(sandbox)
    dialog = open_key_dialog(qtbot, window)
    qtbot.keyClicks(dialog.apiKeyEdit, "bad-key-000")
    with qtbot.waitSignal(ui.worker(window).finished, timeout=10_000):
        dialog.testButton.click()
    assert dialog.resultLabel.text().startswith("✖")
    type_text(qtbot, dialog.apiKeyEdit, API_KEY)
    with qtbot.waitSignal(ui.worker(window).finished, timeout=10_000):
        dialog.testButton.click()
    assert dialog.resultLabel.text().startswith("✔")
    dialog.reject()


def test_environment_variable_key_overrides_and_is_not_stored(qtbot, sandbox: Sandbox,
                                                              make_window) -> None:
    from petdesk.services.keys.keystore import KeyStore

    empty = MemoryKeyring()
    keys = KeyStore(empty, environ={"PETDESK_API_KEY": API_KEY}, timeout=2.0)
    window = make_window(sandbox, keys=keys)
    assert ui.model(window).rowCount() == 20
    assert empty.entries() == []


# -- rate limits, backoff, stop, close -------------------------------------------------


def test_429_countdown_then_success_with_nothing_sent_during_the_wait(
        qtbot, sandbox: Sandbox, make_window, clock: FakeClock) -> None:
    window = make_window(sandbox)
    clock.hold = True
    sandbox.app.faults.configure(retry_after_seconds=7)
    sandbox.app.faults.fail_next(FaultKind.RATE_LIMIT, 1)
    before = sandbox.requests()
    with qtbot.waitSignal(ui.worker(window).waitStarted, timeout=10_000) as started:
        qtbot.mouseClick(ui.refresh_button(window), Qt.MouseButton.LeftButton)
    seconds = round(started.args[0].seconds)
    assert seconds >= 7
    assert re.search(rf"Rate limited — retrying in {seconds} s \(attempt 2 of 4\)",
                     ui.status_bar(window).text_of(MessageKind.WAIT))
    assert ui.status_bar(window).stopButton.isVisibleTo(window)
    assert sandbox.requests() == before + 1  # the 429; nothing while waiting
    with qtbot.waitSignal(window.petsLoaded, timeout=10_000):
        clock.release()
    assert clock.waited == pytest.approx(started.args[0].seconds, abs=0.05)  # on the clock
    assert sandbox.requests() == before + 2  # only the retry, after the wait
    assert sandbox.app.counters(sandbox.key).early_requests == 0
    assert ui.status_bar(window).text_of(MessageKind.WAIT) == ""
    assert ui.model(window).rowCount() == 20
    assert "left" in ui.status_bar(window).text_of(MessageKind.QUOTA)


def test_request_during_cooldown_is_queued_and_said_so(qtbot, sandbox: Sandbox,
                                                       make_window, clock: FakeClock) -> None:
    window = make_window(sandbox)
    refresh_into_a_wait(qtbot, window, sandbox, clock, 2)
    look_up(qtbot, window, "5")
    assert "queued" in ui.status_bar(window).text_of(MessageKind.WAIT)
    before = sandbox.requests()
    clock.release()
    idle(qtbot, window)
    assert sandbox.requests() == before + 2  # the retried list, then the look-up
    assert sandbox.app.counters(sandbox.key).early_requests == 0
    assert ui.detail(window).pet is not None and ui.detail(window).pet.id == 5


def test_stop_during_a_backoff(qtbot, sandbox: Sandbox, make_window, clock: FakeClock) -> None:
    window = make_window(sandbox)
    refresh_into_a_wait(qtbot, window, sandbox, clock, 30)
    assert re.search(r"retrying in 3\d s", ui.status_bar(window).text_of(MessageKind.WAIT))
    before = sandbox.requests()
    with qtbot.waitSignal(ui.worker(window).finished, timeout=5_000,
                          check_params_cb=lambda job: isinstance(job.outcome.error,
                                                                 RequestCancelled)):
        qtbot.mouseClick(ui.status_bar(window).stopButton, Qt.MouseButton.LeftButton)
    idle(qtbot, window)
    assert ui.status_bar(window).text_of(MessageKind.WAIT) == ""
    assert ui.status_bar(window).message == "Stopped."
    assert sandbox.requests() == before
    assert ui.model(window).rowCount() == 20  # the table keeps what it had


def test_escape_stops_queued_work(qtbot, sandbox: Sandbox, make_window,
                                  clock: FakeClock) -> None:
    window = make_window(sandbox)
    refresh_into_a_wait(qtbot, window, sandbox, clock, 30)
    look_up(qtbot, window, "7")
    errors: list[Any] = []
    ui.worker(window).finished.connect(
        lambda job: errors.append((job.kind.value, type(job.outcome.error))))
    qtbot.keyClick(ui.table(window), Qt.Key.Key_Escape)
    idle(qtbot, window, timeout=5_000)
    assert sorted(errors) == [("list", RequestCancelled), ("lookup", RequestCancelled)]
    assert ui.status_bar(window).message == "Stopped."


def test_closing_the_window_during_a_request(qtbot, sandbox: Sandbox, make_window) -> None:
    window = make_window(sandbox)
    sandbox.app.faults.configure(latency_seconds=0.5)
    with qtbot.waitSignal(ui.worker(window).requestSent, timeout=10_000):
        qtbot.mouseClick(ui.refresh_button(window), Qt.MouseButton.LeftButton)
    thread = ui.worker_thread(ui.worker(window))
    qtbot.keyClick(ui.table(window), Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert not window.isVisible()
    assert ui.worker(window).closed
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=5_000)


def test_closing_during_a_long_wait_ends_the_thread(qtbot, sandbox: Sandbox, make_window,
                                                    clock: FakeClock) -> None:
    window = make_window(sandbox)
    clock.hold = True  # the wait would last until cancelled
    sandbox.app.faults.configure(retry_after_seconds=30)
    sandbox.app.faults.fail_next(FaultKind.RATE_LIMIT, 1)
    with qtbot.waitSignal(ui.worker(window).waitStarted, timeout=10_000):
        qtbot.mouseClick(ui.refresh_button(window), Qt.MouseButton.LeftButton)
    thread = ui.worker_thread(ui.worker(window))
    window.close()  # the window manager's close button
    assert not thread.is_alive()  # the wait was cancelled, the thread joined in close()
